package board

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexslinger/app/session"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

func demoPlay(t *testing.T) *play {
	t.Helper()
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		t.Fatal(err)
	}
	st, err := f.State()
	if err != nil {
		t.Fatal(err)
	}
	return &play{st: st}
}

func at(t *testing.T, p *play, label string) hexmap.Hex {
	t.Helper()
	h, err := p.st.Map.ParseHex(label)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestClickSelectsThenMoves(t *testing.T) {
	p := demoPlay(t)
	cmd, msg := p.click(at(t, p, "C8"))
	if cmd != nil || p.selected != "cyril" || !strings.HasPrefix(msg, "Cyril Wellington selected") {
		t.Fatalf("click on Cyril: cmd %v, selected %q, msg %q", cmd, p.selected, msg)
	}
	cmd, _ = p.click(at(t, p, "J8"))
	if cmd == nil || cmd.Kind != session.CommandMove || cmd.Figure != "cyril" || *cmd.To != at(t, p, "J8") {
		t.Fatalf("click on J8 with Cyril selected: %+v", cmd)
	}
	// Clicking another figure selects it instead of moving onto it.
	cmd, _ = p.click(at(t, p, "C10"))
	if cmd != nil || p.selected != "miranda" {
		t.Errorf("click on Miranda: cmd %+v, selected %q", cmd, p.selected)
	}
	// Clicking the selected figure again lets it go.
	p.click(at(t, p, "C10"))
	if p.selected != "" {
		t.Errorf("second click on Miranda kept her selected")
	}
	if cmd, msg := p.click(at(t, p, "J8")); cmd != nil || msg == "" {
		t.Errorf("click on an empty hex with nothing selected: %+v %q", cmd, msg)
	}
}

func TestTurnNeedsASelection(t *testing.T) {
	p := demoPlay(t)
	if cmd, msg := p.turn(-1); cmd != nil || !strings.Contains(msg, "Select a figure") {
		t.Errorf("turn with nothing selected: %+v %q", cmd, msg)
	}
	p.click(at(t, p, "C8"))
	if cmd, _ := p.turn(-1); cmd == nil || cmd.Kind != session.CommandTurn || cmd.Turn != -1 {
		t.Errorf("E/right click: %+v", cmd)
	}
	if cmd, _ := p.turn(+1); cmd == nil || cmd.Turn != 1 {
		t.Errorf("Q: %+v", cmd)
	}
}

func TestPreviewUsesTheSessionRule(t *testing.T) {
	p := demoPlay(t)
	p.click(at(t, p, "C8"))
	plan, ok := p.preview(at(t, p, "J8"))
	if !ok || !plan.OK() || plan.Cost() != "2 AP" || len(plan.Path()) != 8 {
		t.Errorf("preview to J8: %+v %v, want 7 paces for 2 AP", plan, ok)
	}
	if plan, ok := p.preview(at(t, p, "B11")); !ok || plan.OK() || !strings.Contains(plan.Err.Error(), "barrel") {
		t.Errorf("preview into a barrel: %v %v", plan.Err, ok)
	}
	if _, ok := p.preview(at(t, p, "C10")); ok {
		t.Errorf("a preview onto a figure")
	}
}

func TestAttackMode(t *testing.T) {
	p := demoPlay(t)
	if msg := p.attack(); !strings.Contains(msg, "Select a figure") {
		t.Errorf("A with nothing selected: %q", msg)
	}
	p.click(at(t, p, "C8")) // Cyril
	if msg := p.attack(); !p.attacking || p.weapon != "schofield" || !strings.Contains(msg, "S&W Schofield, normal shot") {
		t.Fatalf("A with Cyril selected: %q (%+v)", msg, p)
	}
	p.nextWeapon()
	if p.weapon != "winchester" {
		t.Errorf("W: weapon %q, want Cyril's Winchester", p.weapon)
	}
	p.nextWeapon()
	p.shotKey(3)
	p.shotKey(3)
	if p.kind != "aimed" || p.aims != 2 {
		t.Errorf("3, 3: %s with %d aims", p.kind, p.aims)
	}
	p.shotKey(1)
	plan, err, ok := p.aim(at(t, p, "U8")) // Zeke, 18 paces
	if !ok || err != nil || plan.Series.Plans[0].TN != 6 || plan.Series.Plans[0].Shot.Kind.String() != "snap" {
		t.Fatalf("preview of a snap shot at Zeke: %+v %v %v", plan.Series, err, ok)
	}
	if _, _, ok := p.aim(at(t, p, "J8")); ok {
		t.Errorf("a preview at an empty hex")
	}
	cmd, _ := p.click(at(t, p, "U8"))
	if cmd == nil || cmd.Kind != session.CommandShoot || cmd.Weapon != "schofield" || len(cmd.Shots) != 1 || cmd.Shots[0].Target != "zeke" || cmd.Shots[0].Kind != "snap" {
		t.Fatalf("the click on Zeke: %+v", cmd)
	}
	if p.attacking || p.selected != "cyril" {
		t.Errorf("after the shot: attacking %v, selected %q", p.attacking, p.selected)
	}
	// Esc leaves attack mode first, then the selection.
	p.attack()
	p.cancel()
	if p.attacking || p.selected != "cyril" {
		t.Errorf("Esc in attack mode")
	}
	p.cancel()
	if p.selected != "" {
		t.Errorf("Esc again keeps the selection")
	}
	// A click on empty ground in attack mode cancels without a command.
	p.click(at(t, p, "C8"))
	p.attack()
	if cmd, msg := p.click(at(t, p, "J8")); cmd != nil || !strings.Contains(msg, "cancelled") {
		t.Errorf("attack click on nothing: %+v %q", cmd, msg)
	}
}

func TestHoverTip(t *testing.T) {
	p := demoPlay(t)
	if tip := p.tip(at(t, p, "B11")); !strings.Contains(tip, "B11 · dirt") || !strings.Contains(tip, "barrel (cover 3, waist)") {
		t.Errorf("tip over the barrel: %q", tip)
	}
	if tip := p.tip(at(t, p, "G5")); !strings.Contains(tip, "Jeb Perkins (outlaws) 7 AP") || !strings.Contains(tip, "level 1") {
		t.Errorf("tip over Jeb: %q", tip)
	}
	p.click(at(t, p, "C8"))
	if tip := p.tip(at(t, p, "J8")); !strings.Contains(tip, "7 paces from Cyril Wellington") {
		t.Errorf("tip with Cyril selected: %q", tip)
	}
	if tip := p.tip(hexmap.Hex{Q: 99, R: 99}); tip != "" {
		t.Errorf("tip off the map: %q", tip)
	}
}

func TestPrefsRemembered(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	p, err := LoadPrefs()
	if err != nil || p.Monitor != 1 || p.Fullscreen {
		t.Fatalf("first run: %+v %v, want monitor 1, windowed", p, err)
	}
	if err := SavePrefs(Prefs{Monitor: 2, Fullscreen: true}); err != nil {
		t.Fatal(err)
	}
	if p, err := LoadPrefs(); err != nil || p.Monitor != 2 || !p.Fullscreen {
		t.Errorf("remembered: %+v %v", p, err)
	}
	path, _ := prefsPath()
	os.WriteFile(path, []byte("{bad"), 0o644)
	if p, err := LoadPrefs(); err == nil || p.Monitor != 1 {
		t.Errorf("a broken file: %+v %v", p, err)
	}
}

func TestActionBar(t *testing.T) {
	g := &Game{w: WindowWidth, h: WindowHeight, conn: newConn("ws://test", "t")}
	g.play = *demoPlay(t)
	labels := func() []string {
		var out []string
		for _, b := range g.buttons() {
			out = append(out, b.label)
		}
		return out
	}
	if got := labels(); strings.Join(got, ",") != "Ruler (R),Fit (F)" {
		t.Errorf("a player's window, with nothing selected: %v (undo is the Judge's)", got)
	}
	g.conn.role = string(session.RoleJudge)
	if got := labels(); strings.Join(got, ",") != "Players' view (Y),Next round (Ctrl+R),Ruler (R),Undo,Fit (F)" {
		t.Errorf("the Judge's window, with nothing selected: %v", got)
	}
	g.play.click(at(t, &g.play, "C8"))
	bs := g.buttons()
	var attack button
	for _, b := range bs {
		if b.label == "Attack (A)" {
			attack = b
		}
		if b.r.Max.X > g.w || b.r.Min.X < 0 || b.r.Min.Y < 0 {
			t.Errorf("button %q at %v is off the window", b.label, b.r)
		}
	}
	bt, ok := g.buttonAt(attack.r.Min.X+3, attack.r.Min.Y+3)
	if !ok || bt.label != "Attack (A)" {
		t.Fatalf("no Attack button under %v", attack.r.Min)
	}
	bt.act()
	if !g.play.attacking || !strings.Contains(strings.Join(labels(), ","), "Snap (1)") {
		t.Errorf("after the Attack button: attacking %v, buttons %v", g.play.attacking, labels())
	}
	if _, ok := g.buttonAt(g.w/2, g.h/2); ok {
		t.Errorf("a button in the middle of the map")
	}
	// In a narrow window the bar takes more rows, every button whole and
	// none over another.
	for _, w := range []int{960, 640} {
		g.w = w
		bs := g.buttons()
		for i, b := range bs {
			if b.r.Max.X > g.w || b.r.Min.X < 0 || b.r.Min.Y < 0 {
				t.Errorf("width %d: button %q at %v is off the window", w, b.label, b.r)
			}
			for _, o := range bs[i+1:] {
				if b.r.Overlaps(o.r) {
					t.Errorf("width %d: buttons %q %v and %q %v overlap", w, b.label, b.r, o.label, o.r)
				}
			}
		}
		if bs[0].r.Min.Y != buttonPad || bs[len(bs)-1].r.Min.Y == buttonPad {
			t.Errorf("width %d: want the first button in the first row and the last below it: %v … %v", w, bs[0].r, bs[len(bs)-1].r)
		}
	}
}

func TestRulerMeasures(t *testing.T) {
	p := demoPlay(t)
	g := &Game{play: *p}
	for _, tc := range []struct {
		name, from, to string
		want           []string
	}{
		{"along the street", "C8", "J8", []string{"C8 → J8: 7 hex(es), 7 paces", "in sight"}},
		{"into the saloon", "J8", "E2", []string{"J8 → E2:", "no line of sight"}},
		{"the same hex", "C8", "C8", []string{"0 hex(es), 0 paces"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := g.measure(at(t, p, tc.from), at(t, p, tc.to))
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("measure %s → %s: %q lacks %q", tc.from, tc.to, got, w)
				}
			}
		})
	}
	g.toggleRuler()
	if !g.ruler.on || g.ruler.anchored {
		t.Errorf("R: %+v", g.ruler)
	}
	g.toggleRuler()
	if g.ruler.on {
		t.Error("R again did not put the ruler away")
	}
}

// TestAttackWithTheSheetsWeapon: a figure with no TWTW gun attacks with
// what its system's sheet gives it, previewed by its system (Savage
// Worlds: Shooting against TN 4, the Colt on Marshal Dane's sheet); a
// figure its system gives nothing to shoot with is told why.
func TestAttackWithTheSheetsWeapon(t *testing.T) {
	open := func(name string) *play {
		f, err := session.DecodeFight(bytes.NewReader(assets.Fights()[name]))
		if err != nil {
			t.Fatal(err)
		}
		st, err := f.State()
		if err != nil {
			t.Fatal(err)
		}
		return &play{st: st, selected: st.Order[0]}
	}
	p := open("savage")
	if hint := p.attack(); !p.attacking || !strings.Contains(hint, "own weapon") {
		t.Fatalf("attack mode: %v, %q", p.attacking, hint)
	}
	bandit := p.st.Figures["bandit-1"].At
	if line, ok, err := p.explain(bandit); !ok || err != nil || !strings.Contains(line, "Shooting d8 against TN 4") || strings.Contains(line, "\n") {
		t.Errorf("the hover line: %q %v %v", line, ok, err)
	}
	cmd, _ := p.click(bandit)
	if cmd == nil || cmd.Kind != session.CommandShoot || cmd.Shots[0].Target != "bandit-1" {
		t.Fatalf("the click fires %+v", cmd)
	}
	if pv := p.st.Preview(nil, *cmd); pv.Err != nil {
		t.Errorf("the session refuses the shot the window offered: %v", pv.Err)
	}
	p = open("dragonwarriors")
	if hint := p.attack(); p.attacking || !strings.Contains(hint, "no missile weapon") {
		t.Errorf("Sir Rolf, with no missile: %v, %q", p.attacking, hint)
	}
}

// TestExitCode: the map window's exit status says what went wrong: 2 a
// flag's value, 3 the session refused the window, 1 anything else.
func TestExitCode(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want int
	}{
		{"none", nil, 0},
		{"a bad --size", RunEditor("x.hexmap.json", "wide", "pointy", 1), 2},
		{"a bad --scale", RunEditor("x.hexmap.json", "4x4", "pointy", 0), 2},
		{"no address", RunTable(Table{}, io.Discard), 2},
		{"refused", fmt.Errorf("dial: %w", ErrRejected), 3},
		{"other", errors.New("the window closed"), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ExitCode(tc.err); got != tc.want {
				t.Errorf("ExitCode(%v) = %d, want %d", tc.err, got, tc.want)
			}
		})
	}
}

// TestMapWindowGearAndPostureKeys: D, C, L, P, T and U in the map window
// become the commands the session plays (draw, cock, load, prone, cover,
// pick up), each for the weapon it fits, and the session allows them as
// the window offers them; a Savage Worlds fight offers none of TWTW's.
func TestMapWindowGearAndPostureKeys(t *testing.T) {
	s, err := session.Open(mustFight(t, "demo"), filepath.Join(t.TempDir(), "keys.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	p := &play{st: s.State(), selected: "cyril"}
	do := func(c *session.Command, msg string) {
		t.Helper()
		if c == nil {
			t.Fatalf("no command: %s", msg)
		}
		if _, err := s.Do(*c); err != nil {
			t.Fatalf("%s: %v", c.Kind, err)
		}
		p.st = s.State()
	}
	do(p.gearAction(session.CommandReady))
	if g := p.st.Figures["cyril"].Gear[0]; !g.Readied || g.Weapon != "schofield" {
		t.Errorf("D drew %+v", g)
	}
	do(p.gearAction(session.CommandCock))
	do(p.gearAction(session.CommandReload))
	if g := p.st.Figures["cyril"].Gear[0]; !g.Cocked || g.Loaded != 6 {
		t.Errorf("after C and L: %+v", g)
	}
	if c, msg := p.gearAction(session.CommandReload); c != nil && c.Weapon == "schofield" {
		t.Errorf("L on a full gun: %+v %s", c, msg)
	}
	do(p.posture(session.CommandProne))
	if !p.st.Figures["cyril"].Prone {
		t.Error("P did not drop Cyril prone")
	}
	do(p.posture(session.CommandProne))
	if c, _ := p.pickUp(); c != nil {
		t.Errorf("U with nothing near: %+v", c)
	}
	sw := &play{st: mustState(t, "savage"), selected: "doc"}
	for _, k := range []string{session.CommandReady, session.CommandCock, session.CommandReload, session.CommandDuck} {
		if sw.offers(k) {
			t.Errorf("a Savage Worlds fight offers %s", k)
		}
	}
}

func mustFight(t *testing.T, name string) *session.FightFile {
	t.Helper()
	f, err := session.DecodeFight(bytes.NewReader(assets.Fights()[name]))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func mustState(t *testing.T, name string) *session.State {
	t.Helper()
	st, err := mustFight(t, name).State()
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestHandToHandFromTheMapWindow: H puts the selected figure in hand-to-
// hand mode, 1 to 4 pick the blow, and a click on a foe beside it gives
// the melee command the session plays: the blow waits for the defender.
func TestHandToHandFromTheMapWindow(t *testing.T) {
	s, err := session.Open(mustFight(t, "demo"), filepath.Join(t.TempDir(), "hand.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	jeb := s.State().Figures["jeb"]
	next := jeb.At.Neighbor(hexmap.Direction(5))
	if _, err := s.Do(session.Command{Kind: session.CommandMove, Figure: "cyril", To: &next}); err != nil {
		t.Fatal(err)
	}
	p := &play{st: s.State(), selected: "cyril"}
	if hint := p.hand(); !p.attacking || !p.melee || !strings.Contains(hint, "a quick blow") {
		t.Fatalf("H: %v %v %q", p.attacking, p.melee, hint)
	}
	if hint := p.shotKey(4); p.blow != "grapple" || !strings.Contains(hint, "grapple") {
		t.Errorf("4: %q %q", p.blow, hint)
	}
	if line, ok, err := p.explain(jeb.At); !ok || err != nil || !strings.Contains(line, "grapple") {
		t.Errorf("the hover line: %q %v %v", line, ok, err)
	}
	cmd, _ := p.click(jeb.At)
	if cmd == nil || cmd.Kind != session.CommandMelee || cmd.Blow.Attack != "grapple" {
		t.Fatalf("the click: %+v", cmd)
	}
	evs, err := s.Do(*cmd)
	if err != nil || evs[0].Kind != session.EventBlowDeclared {
		t.Errorf("the blow from the map window: %v %+v", err, evs)
	}
}

// TestMapWindowSpendsABenny: S (and the bar's "Spend a Benny") spends the
// selected figure's Benny where the fight's system offers one (Savage
// Worlds), and the figure's line says how many are left; a TWTW fight
// offers none.
func TestMapWindowSpendsABenny(t *testing.T) {
	s, err := session.Open(mustFight(t, "savage"), filepath.Join(t.TempDir(), "benny.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Do(session.Command{Kind: session.CommandNewRound, Cards: []string{"3H", "2S", "KC"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do(session.Command{Kind: session.CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 2, 4, 3}}); err != nil {
		t.Fatal(err)
	}
	p := &play{st: s.State(), selected: "marshal"}
	if !p.offers(session.CommandBenny) || !strings.Contains(p.describe(p.st.Figures["marshal"]), "3 Bennies") {
		t.Fatalf("the Marshal's line: %q", p.describe(p.st.Figures["marshal"]))
	}
	c, msg := p.simple(session.CommandBenny)
	if c == nil {
		t.Fatal(msg)
	}
	if _, err := s.Do(*c); err != nil {
		t.Fatal(err)
	}
	p.st = s.State()
	if f := p.st.Figures["marshal"]; strings.Contains(p.st.Looks("marshal"), "shaken") || p.st.Mark("marshal").Text != "2" {
		t.Errorf("after S: %+v, mark %+v", f.FigureStatus, p.st.Mark("marshal"))
	}
	if (&play{st: mustState(t, "demo"), selected: "cyril"}).offers(session.CommandBenny) {
		t.Error("a TWTW fight offers a Benny")
	}
}

// TestDragonWarriorsMeleeFromTheMapWindow: H reaches Dragon Warriors II's
// strike (the session's Attacks), the hover line is the session's own
// Explain of it, and a click on the foe beside the figure gives the
// strike the session decides; A still refuses a figure with no missile
// weapon.
func TestDragonWarriorsMeleeFromTheMapWindow(t *testing.T) {
	s, err := session.Open(mustFight(t, "dragonwarriors"), filepath.Join(t.TempDir(), "dw.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Do(session.Command{Kind: session.CommandNewRound, Dice: []int{1, 5, 1, 4}}); err != nil {
		t.Fatal(err)
	}
	p := &play{st: s.State(), selected: "lennox"}
	if hint := p.hand(); !p.attacking || !p.melee || !strings.Contains(hint, "click a foe beside Squire Lennox") {
		t.Fatalf("H on Squire Lennox: attacking %v, melee %v, %q; want a strike", p.attacking, p.melee, hint)
	}
	rolf := p.st.Figures["rolf"].At
	line, ok, err := p.explain(rolf)
	want, werr := p.st.Explain(session.Command{Kind: session.CommandStrike, Figure: "lennox", Target: "rolf"})
	if !ok || err != nil || werr != nil || line != strings.Join(strings.Fields(strings.ReplaceAll(want, "\n", " · ")), " ") {
		t.Errorf("the hover line: %q %v %v; want the session's Explain %q (%v)", line, ok, err, want, werr)
	}
	cmd, _ := p.click(rolf)
	if cmd == nil || cmd.Kind != session.CommandStrike || cmd.Target != "rolf" || cmd.Figure != "lennox" {
		t.Fatalf("the click: %+v, want Squire Lennox's strike at Sir Rolf", cmd)
	}
	if evs, err := s.Do(*cmd); err != nil || !strings.Contains(evs[0].Text, "Squire Lennox attacks Sir Rolf") {
		t.Errorf("the strike from the map window: %v %+v", err, evs)
	}
}

// TestTheTipTellsASecretDoorToTheJudgeAlone: over the saloon's door made
// secret, the Judge's tip says so; the side view's (what a player's seat
// is told) says a wall, with no word of a door.
func TestTheTipTellsASecretDoorToTheJudgeAlone(t *testing.T) {
	p := demoPlay(t)
	g4 := at(t, p, "G4")
	for d := hexmap.Direction(0); d < 6; d++ {
		if f, ok := p.st.Map.EdgeFeature(g4, d); ok && f.Kind == "door" {
			f.Secret = true
			p.st.Map.SetEdge(g4, d, f)
		}
	}
	if tip := p.tip(g4); !strings.Contains(tip, "door") || !strings.Contains(tip, "secret") {
		t.Errorf("the Judge's tip over G4: %q, want its secret door named", tip)
	}
	seat := &session.Seat{Role: session.RolePlayer, Side: "posse"}
	if tip := p.tipAs(g4, tipView{m: p.st.Map, seat: seat}); strings.Contains(tip, "door") || strings.Contains(tip, "secret") {
		t.Errorf("the side view's tip over G4: %q, want walls and no door", tip)
	}
}
