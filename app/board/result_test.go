package board

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"hexslinger/app/session"
	"hexslinger/assets"
)

// TestDragAFigureMovesIt: a press on a figure starts a drag that moves it
// (a press on empty map pans, and none in attack mode); let go on a hex,
// it is the move a click there would send; let go where it stands, none.
func TestDragAFigureMovesIt(t *testing.T) {
	p := demoPlay(t)
	cases := []struct {
		name, at  string
		attacking bool
		want      string
	}{
		{"a press on Cyril drags Cyril", "C8", false, "cyril"},
		{"a press on empty street pans", "J8", false, ""},
		{"a press in attack mode aims, not drags", "C8", true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p.attacking = c.attacking
			if got := p.dragStart(at(t, p, c.at), true); got != c.want {
				t.Errorf("press on %s: drags %q, want %q", c.at, got, c.want)
			}
		})
	}
	p.attacking = false
	cmd, _ := p.dragEnd("cyril", at(t, p, "J8"))
	if cmd == nil || cmd.Kind != session.CommandMove || cmd.Figure != "cyril" || *cmd.To != at(t, p, "J8") || p.selected != "cyril" {
		t.Errorf("Cyril let go on J8: %+v, selected %q", cmd, p.selected)
	}
	if cmd, _ := p.dragEnd("cyril", at(t, p, "C8")); cmd != nil {
		t.Errorf("Cyril let go where he stands sends %+v", cmd)
	}
}

// aimingGame is a map window on the demo fight with jeb selected, aiming
// at Cyril (no connection: what the preview shows is all it tests).
func aimingGame(t *testing.T, st *session.State) *Game {
	t.Helper()
	g := &Game{play: play{st: st}}
	g.play.selected = "jeb"
	g.play.attack()
	g.hover, g.hoverOK = st.Figures["cyril"].At, true
	return g
}

// TestAttackPreviewFollowsTheWeapon: W switches Jeb from his Winchester to
// his throwing knife with the pointer still on Cyril; the preview is the
// knife's at once, as the session plans it.
func TestAttackPreviewFollowsTheWeapon(t *testing.T) {
	p := demoPlay(t)
	p.st.Figures["jeb"].AP = 20 // AP for either
	g := aimingGame(t, p.st)
	g.updatePreview()
	first := g.play.weapon
	if !g.aimOK || g.aimErr != nil {
		t.Fatalf("no preview of Jeb's %s at Cyril: %v", first, g.aimErr)
	}
	g.play.nextWeapon()
	g.updatePreview()
	want, err := p.st.PlanShoot("jeb", g.play.weapon, g.play.order("cyril"))
	if err != nil {
		t.Fatal(err)
	}
	if g.play.weapon == first || g.aimPlan.Weapon.ID != g.play.weapon || g.aimPlan.Series.AP != want.Series.AP {
		t.Errorf("after W (%s → %s) the preview is the %s's for %d AP, want the %s's for %d AP",
			first, g.play.weapon, g.aimPlan.Weapon.ID, g.aimPlan.Series.AP, g.play.weapon, want.Series.AP)
	}
}

// TestShotBeyondAPIsRefusedBeforeTheClick: with 1 AP left Jeb cannot
// afford the shot; the preview shows the session's own refusal (what
// State.Explain, and so Do, says) before any click.
func TestShotBeyondAPIsRefusedBeforeTheClick(t *testing.T) {
	p := demoPlay(t)
	p.st.Figures["jeb"].AP = 1
	g := aimingGame(t, p.st)
	g.updatePreview()
	_, want := p.st.Explain(g.play.shot("cyril"))
	if want == nil || g.aimErr == nil || g.aimErr.Error() != want.Error() {
		t.Errorf("preview refusal %v, want the session's %v", g.aimErr, want)
	}
}

// TestInterruptWarnedBeforeTheClick: at segment 20 of the first round a
// figure's shot comes before its number; the map's preview carries the
// session's warning (State.Interrupt, which the composer's explanation
// opens with).
func TestInterruptWarnedBeforeTheClick(t *testing.T) {
	fight, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.Open(fight, filepath.Join(t.TempDir(), "j.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Do(session.Command{Kind: session.CommandNewRound}); err != nil {
		t.Fatal(err)
	}
	st := s.State()
	st.Figures["jeb"].AP = 8 // his number: 8, the count at 20
	g := aimingGame(t, st)
	g.updatePreview()
	if want := st.Interrupt("jeb"); want == "" || g.aimWarn != want || !strings.Contains(want, "12 downgrades") {
		t.Errorf("preview warning %q, want the session's %q (12 downgrades)", g.aimWarn, want)
	}
}

// TestResultStaysUntilTheNextAction: an attack's outcomes stay on the map
// through a new segment, and go with the next action or a click.
func TestResultStaysUntilTheNextAction(t *testing.T) {
	p := demoPlay(t)
	hit := session.Event{Kind: session.EventActed, Figure: "cyril", Targets: []string{"zeke"},
		Outcomes: []session.Outcome{{Target: "zeke", Hit: true, Location: "head", Damage: "2 wounds, 4 Conc"}}}
	cases := []struct {
		name  string
		then  func(g *Game)
		stays bool
	}{
		{"a new segment leaves it up", func(g *Game) { g.showResult(session.Event{Kind: session.EventSegment}) }, true},
		{"the next move takes it down", func(g *Game) { g.showResult(session.Event{Kind: session.EventMoved, Figure: "zeke"}) }, false},
		{"a click takes it down", func(g *Game) { g.clearResult() }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := &Game{play: play{st: p.st}}
			g.showResult(hit)
			heads, bodies, _ := g.result.lines(p.st)
			if len(heads) != 1 || heads[0] != "HIT head: Zeke Perkins" || bodies[0] != "by Cyril Wellington · 2 wounds, 4 Conc" {
				t.Fatalf("the panel says %q / %q", heads, bodies)
			}
			c.then(g)
			if (g.result != nil) != c.stays {
				t.Errorf("result shown %v, want %v", g.result != nil, c.stays)
			}
		})
	}
}

// TestAClickPutsTheResultAwayWithoutMoving: with a result on the map, a
// click on an empty hex only takes it down (the selected figure does not
// move); a click on a figure takes it down and goes on to select.
func TestAClickPutsTheResultAwayWithoutMoving(t *testing.T) {
	p := demoPlay(t)
	hit := session.Event{Kind: session.EventActed, Figure: "cyril", Targets: []string{"zeke"},
		Outcomes: []session.Outcome{{Target: "zeke", Hit: true, Location: "head", Damage: "2 wounds"}}}
	for _, tc := range []struct {
		name, at string
		spent    bool
	}{
		{"an empty hex", "J8", true},
		{"a figure", "U8", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &Game{play: play{st: p.st, selected: "cyril"}}
			g.showResult(hit)
			g.hover = at(t, &g.play, tc.at)
			if spent := g.takeResultDown(); spent != tc.spent || g.result != nil {
				t.Errorf("click on %s: spent %v (want %v), result still shown %v", tc.at, spent, tc.spent, g.result != nil)
			}
			if g.takeResultDown() {
				t.Error("a click with no result shown is spent")
			}
		})
	}
}

// TestMapSaysEachSystemsHarm: after a Dragon Warriors II wound the result
// panel says where the hit leaves Sir Rolf, the hover tip and his figure
// line say his wounds against Toughness and stun, as the session says
// them (State.Body), not TWTW's words; a Shaken Savage Worlds figure's
// token says Shaken.
func TestMapSaysEachSystemsHarm(t *testing.T) {
	s, err := session.Open(mustFight(t, "dragonwarriors"), filepath.Join(t.TempDir(), "dw.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var evs []session.Event
	for _, c := range []session.Command{
		{Kind: session.CommandNewRound, Dice: []int{1, 5, 1, 4}},
		{Kind: session.CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{5, 1, 1, 5, 1, 5}},
	} {
		if evs, err = s.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	st := s.State()
	g := &Game{play: play{st: st}}
	g.showResult(evs[0])
	_, bodies, _ := g.result.lines(st)
	want := "now stunned: 5 wounds of Toughness"
	if len(bodies) != 1 || !strings.Contains(bodies[0], want) {
		t.Errorf("the result panel says %q, want %q", bodies, want)
	}
	p := &play{st: st, selected: "lennox"}
	if tip := p.tip(st.Figures["rolf"].At); !strings.Contains(tip, "stunned: 5 wounds of Toughness") || strings.Contains(tip, "Conc") {
		t.Errorf("the tip over Sir Rolf: %q, want his wounds against Toughness", tip)
	}
	if line := p.describe(st.Figures["rolf"]); !strings.Contains(line, "stunned: 5 wounds of Toughness") {
		t.Errorf("Sir Rolf's figure line: %q", line)
	}
	if tag := figureTag(st, st.Figures["rolf"]); tag != "stunned" {
		t.Errorf("Sir Rolf's token says %q, want stunned", tag)
	}

	sw, err := session.Open(mustFight(t, "savage"), filepath.Join(t.TempDir(), "sw.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer sw.Close()
	for _, c := range []session.Command{
		{Kind: session.CommandNewRound, Cards: []string{"3H", "2S", "KC"}},
		{Kind: session.CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 1, 6, 3, 2}},
	} {
		if _, err = sw.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	st = sw.State()
	if tag := figureTag(st, st.Figures["marshal"]); tag != "Shaken" {
		t.Errorf("the Marshal's token says %q, want Shaken", tag)
	}
	p = &play{st: st}
	if tip := p.tip(st.Figures["marshal"].At); !strings.Contains(tip, "Shaken, 1 Wound (-1)") {
		t.Errorf("the tip over the Marshal: %q, want Shaken, 1 Wound (-1)", tip)
	}
}
