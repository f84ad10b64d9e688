package board

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
	"testing"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/rules"
)

func TestStepScaleWalksTheStepsAndStopsAtTheEnds(t *testing.T) {
	for _, tc := range []struct {
		name string
		from float64
		dir  int
		want float64
	}{
		{"larger from 1", 1, +1, 1.25},
		{"smaller from 1", 1, -1, 0.875},
		{"larger from between steps", 1.1, +1, 1.25},
		{"smaller from between steps", 1.1, -1, 1},
		{"no larger than the largest", 3, +1, 3},
		{"no smaller than the smallest", 0.5, -1, 0.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := stepScale(tc.from, tc.dir); got != tc.want {
				t.Errorf("stepScale(%v, %d) = %v, want %v", tc.from, tc.dir, got, tc.want)
			}
		})
	}
}

func TestDefaultScaleGrowsOnlyPastFullHD(t *testing.T) {
	for _, tc := range []struct {
		name   string
		height int
		want   float64
	}{
		{"a laptop's 800", 800, 1},
		{"full HD", 1080, 1},
		{"1440p", 1440, 1.25},
		{"4K at 100%", 2160, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := defaultScale(tc.height); got != tc.want {
				t.Errorf("defaultScale(%d) = %v, want %v", tc.height, got, tc.want)
			}
		})
	}
}

// TestTableTextStandsSixteenPixelsTall: at the default table scale, on
// the demo fight fitted to a 1920×1080 window, every text the map draws
// (hex numbers, rulers, labels, tags, badges, initials, tips) is set in a
// size whose capitals and digits stand at least 16 px tall.
func TestTableTextStandsSixteenPixelsTall(t *testing.T) {
	p := demoPlay(t)
	g := &Game{w: 1920, h: 1080}
	g.play.st = p.st
	g.fit()
	s := g.layout.Size
	init, tag, mark := tokenText(s, g.minText())
	badge, _ := badgeSize(s, g.minText())
	for _, tc := range []struct {
		name string
		size float64
	}{
		{"the least map text (reach numbers, rulers, armor values, tips, pings)", g.minText()},
		{"initials", init},
		{"a token's tag", tag},
		{"a token's mark", mark},
		{"an AP badge", badge},
		{"a map label", math.Max(g.minText(), s*0.42)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if h := face(tc.size, true).Metrics().CapHeight; h < 16 {
				t.Errorf("at hex size %.1f, %s is %.1f px type, its capitals %.1f px tall; want 16", s, tc.name, tc.size, h)
			}
		})
	}
}

func TestPrefsRememberTheScaleOfEachMonitor(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	if err := SavePrefs(Prefs{Monitor: 2, Fullscreen: true}); err != nil {
		t.Fatal(err)
	}
	savePrefsScale("HDMI-1 1920×1080", 1.5)
	savePrefsScale("eDP-1 1280×800", 0.75)
	p, err := LoadPrefs()
	if err != nil {
		t.Fatal(err)
	}
	if p.Monitor != 2 || !p.Fullscreen {
		t.Errorf("the monitor and full screen were lost: %+v", p)
	}
	for name, want := range map[string]float64{"HDMI-1 1920×1080": 1.5, "eDP-1 1280×800": 0.75} {
		if got := p.Scales[name]; got != want {
			t.Errorf("scale on %s = %v, want %v", name, got, want)
		}
	}
	// A window that comes to a remembered monitor takes its scale.
	ts := tableScale{scales: p.Scales, monitor: "eDP-1 1280×800"}
	if v, ok := ts.scales[ts.monitor]; !ok || v != 0.75 {
		t.Errorf("the laptop's scale: %v %v", v, ok)
	}
}

func TestHideCommandIsTheJudgesAndToggles(t *testing.T) {
	p := demoPlay(t)
	p.selected = "jeb"
	if cmd, _ := p.hideCommand(false); cmd != nil {
		t.Errorf("a player's window hid a figure: %+v", cmd)
	}
	cmd, _ := p.hideCommand(true)
	if cmd == nil || cmd.Kind != session.CommandHide || cmd.Figure != "jeb" {
		t.Fatalf("V on Jeb in view: %+v, want hide jeb", cmd)
	}
	if p.hideLabel() != "Hide (V)" {
		t.Errorf("the button for a figure in view reads %q", p.hideLabel())
	}
	p.st.Figures["jeb"].Hidden = true
	if cmd, _ := p.hideCommand(true); cmd == nil || cmd.Kind != session.CommandReveal {
		t.Errorf("V on hidden Jeb: %+v, want reveal", cmd)
	}
	if p.hideLabel() != "Reveal (V)" {
		t.Errorf("the button for a hidden figure reads %q", p.hideLabel())
	}
	p.selected = ""
	if cmd, msg := p.hideCommand(true); cmd != nil || !strings.Contains(msg, "Select a figure") {
		t.Errorf("V with nothing selected: %+v %q", cmd, msg)
	}
}

func TestPortraitsDecodeOncePerPicture(t *testing.T) {
	var ps portraits
	pic := func() []byte {
		img := image.NewRGBA(image.Rect(0, 0, 40, 30))
		img.Set(5, 5, color.White)
		var buf bytes.Buffer
		png.Encode(&buf, img)
		return buf.Bytes()
	}
	a := pic()
	first := ps.get("cyril", a)
	if first == nil || first.src.Bounds().Dx() != portraitSide || first.src.Bounds().Dy() != portraitSide {
		t.Fatalf("a 40×30 PNG: %+v, want a %d px square", first, portraitSide)
	}
	if again := ps.get("cyril", a); again != first {
		t.Errorf("the same picture was decoded again")
	}
	if changed := ps.get("cyril", pic()); changed == first || changed == nil {
		t.Errorf("a new sheet's picture was not decoded afresh")
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"no picture: initials", nil},
		{"not a picture: initials", []byte("GIF89a, or so it says")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ps.get("miranda", tc.data); got != nil {
				t.Errorf("got a portrait from %q", tc.data)
			}
		})
	}
}

func TestAPingFromTheSessionIsDrawnAndSaid(t *testing.T) {
	p := demoPlay(t)
	g := &Game{w: 1280, h: 800}
	g.play.st = p.st
	h := at(t, p, "P8")
	g.receive(inMsg{msg: transport.Message{Type: transport.MsgPing, Hex: &h, By: "Alice"}})
	if !g.livePings() || g.pings.live[0].at != h || g.pings.live[0].by != "Alice" {
		t.Fatalf("pings after Alice's: %+v", g.pings.live)
	}
	if g.message != "Alice pings P8." {
		t.Errorf("the bar says %q", g.message)
	}
}

// TestKeysAreBoundOnce: no key does two things (G, V and the scale keys
// were free when they were taken).
func TestKeysAreBoundOnce(t *testing.T) {
	seen := map[[2]int]int{}
	for i, b := range keyBindings {
		for _, k := range b.keys {
			mods := []int{0}
			if b.ctrl {
				mods = []int{1}
			}
			if b.either {
				mods = []int{0, 1}
			}
			for _, m := range mods {
				key := [2]int{int(k), m}
				if j, ok := seen[key]; ok {
					t.Errorf("key %v (ctrl %v) is bound twice: bindings %d and %d", k, m == 1, j, i)
				}
				seen[key] = i
			}
		}
	}
}

// TestALongPressPingsOnce: a press held still for longPress on a
// hex sends a ping of it, and its release neither selects nor moves.
func TestALongPressPingsOnce(t *testing.T) {
	p := demoPlay(t)
	g := &Game{w: 1280, h: 800, conn: newConn("", "")}
	g.conn.setStatus("") // connected, as far as sending goes
	g.play.st = p.st
	g.fit()
	h := at(t, p, "J8")
	g.hover, g.hoverOK = h, true
	g.pressed = true
	g.pings.press()
	g.longPress()
	if g.pings.fired {
		t.Fatalf("a press just begun pinged")
	}
	g.pings.pressStart = g.pings.pressStart.Add(-longPress)
	g.longPress()
	if !g.pings.fired {
		t.Fatalf("a press held %v did not ping", longPress)
	}
	select {
	case got := <-g.conn.pings:
		if got != h {
			t.Errorf("pinged %v, want %v", got, h)
		}
	default:
		t.Errorf("no ping was sent")
	}
	g.longPress()
	if len(g.conn.pings) != 0 {
		t.Errorf("a press held on pinged twice")
	}
}

// TestOnlyTheJudgesBarOffersHide: the Judge's action bar has Hide (or
// Reveal) for the selected figure; a player's has neither.
func TestOnlyTheJudgesBarOffersHide(t *testing.T) {
	for _, tc := range []struct {
		name, role string
		want       bool
	}{
		{"the Judge", string(session.RoleJudge), true},
		{"a player", string(session.RolePlayer), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := demoPlay(t)
			g := &Game{w: 1920, h: 1080, conn: newConn("", "")}
			g.conn.role = tc.role
			g.play.st, g.play.selected = p.st, "cyril"
			got := false
			for _, b := range g.buttons() {
				if b.label == "Hide (V)" || b.label == "Reveal (V)" {
					got = true
				}
			}
			if got != tc.want {
				t.Errorf("the bar offers hiding: %v, want %v", got, tc.want)
			}
		})
	}
}

// TestTheJudgesBarOffersTheNextTurn: one click moves the round on from
// the Judge's map window: the next segment while the segments count down,
// the next round before the first roll and at the round's last segment;
// a player's bar offers neither.
func TestTheJudgesBarOffersTheNextTurn(t *testing.T) {
	for _, tc := range []struct {
		name, role     string
		begun          bool
		segment        int
		label, command string
	}{
		{"before the first roll", string(session.RoleJudge), false, 20, "Next round (Ctrl+R)", session.CommandNewRound},
		{"while the segments count down", string(session.RoleJudge), true, 14, "Next segment (Ctrl+G)", session.CommandSegment},
		{"at the last segment", string(session.RoleJudge), true, 1, "Next round (Ctrl+R)", session.CommandNewRound},
		{"a player's window", string(session.RolePlayer), true, 14, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := demoPlay(t)
			st := p.st.Clone()
			st.Begun, st.Segment = tc.begun, tc.segment
			g := &Game{w: 1920, h: 1080, conn: newConn("", "")}
			g.conn.role = tc.role
			g.play.st = st
			label, kind := g.turnButton()
			if label != tc.label || kind != tc.command {
				t.Fatalf("the bar offers %q (%s), want %q (%s)", label, kind, tc.label, tc.command)
			}
			found := false
			for _, b := range g.buttons() {
				found = found || b.label == tc.label
			}
			if tc.label != "" && !found {
				t.Errorf("no %q button on the bar", tc.label)
			}
		})
	}
}

// TestTheJudgesFogBrushTakesClicks: in the players' view the Judge's bar
// offers the fog brush, and with it a click reveals the hex rather than
// playing; out of the players' view there is no brush.
func TestTheJudgesFogBrushTakesClicks(t *testing.T) {
	p := demoPlay(t)
	g := &Game{w: 1920, h: 1080, conn: newConn("", "")}
	g.conn.role = string(session.RoleJudge)
	g.play.st = p.st
	has := func(label string) bool {
		for _, b := range g.buttons() {
			if b.label == label {
				return true
			}
		}
		return false
	}
	if !has("Players' view (Y)") || has("Fog brush (click)") {
		t.Fatal("the Judge's bar: want the players' view and no brush yet")
	}
	g.toggleFogBrush()
	if g.fog.brush {
		t.Error("the brush is taken up outside the players' view")
	}
	g.togglePlayersView()
	if !has("Fog brush (click)") {
		t.Fatal("no fog brush in the players' view")
	}
	g.toggleFogBrush()
	if !g.fog.brush {
		t.Error("the brush is not taken up")
	}
	// Y shows each side's view in turn, the players' first, then the
	// whole map; the brush goes with the last.
	var seen []string
	for g.fog.players {
		seen = append(seen, g.fogSide())
		g.togglePlayersView()
	}
	if strings.Join(seen, ",") != "posse,outlaws" {
		t.Errorf("Y showed %v, want the posse's view then the outlaws'", seen)
	}
	if g.fog.brush || g.fogSide() != "" {
		t.Error("back to the whole map, the brush or a side's fog is kept")
	}
}

// playerGame is a map window of a player's seat commanding figures, on
// the demo fight, as the session's welcome makes it.
func playerGame(t *testing.T, figures ...string) *Game {
	t.Helper()
	p := demoPlay(t)
	g := &Game{w: 1920, h: 1080, conn: newConn("", "")}
	g.conn.role, g.conn.figures = string(session.RolePlayer), figures
	g.play.st = p.st
	g.fit()
	return g
}

// TestAPlayersWindowSelectsOnlyItsOwnFigures: in a player's window (the
// table view) a click on a figure the seat does not command does not
// select it, nor does a press drag it: the bar says what the eye sees of
// it. Its own figure is selected; the Judge's window selects any. Before,
// the table view selected the Judge's figures and showed their AP, Move
// and reach.
func TestAPlayersWindowSelectsOnlyItsOwnFigures(t *testing.T) {
	g := playerGame(t, "cyril")
	st := g.play.st
	zeke, _ := st.Map.ParseHex("U8")
	g.clickHex(zeke)
	if g.play.selected != "" {
		t.Fatalf("the player's click on Zeke selected %q", g.play.selected)
	}
	if !strings.Contains(g.message, "Zeke Perkins (outlaws): standing") || strings.Contains(g.message, "AP") || strings.Contains(g.message, "Move") {
		t.Errorf("the bar after a click on Zeke: %q; want what the eye sees, no AP or Move", g.message)
	}
	if id := g.play.dragStart(zeke, true); id != "" {
		t.Errorf("a press on Zeke would drag %q", id)
	}
	if cmd, _ := g.play.dragEnd("zeke", zeke.Neighbor(0)); cmd != nil {
		t.Errorf("Zeke dragged: %+v", cmd)
	}
	miranda, _ := st.Map.ParseHex("C10")
	g.clickHex(miranda)
	if g.play.selected != "" || !strings.Contains(g.message, "AP") {
		t.Errorf("a click on Miranda, of the seat's side but not its figure: selected %q, bar %q; want her numbers, no selection", g.play.selected, g.message)
	}
	cyril, _ := st.Map.ParseHex("C8")
	g.clickHex(cyril)
	if g.play.selected != "cyril" {
		t.Errorf("the player's own Cyril: selected %q", g.play.selected)
	}
	judge := playerGame(t)
	judge.conn.role = string(session.RoleJudge)
	judge.clickHex(zeke)
	if judge.play.selected != "zeke" {
		t.Errorf("the Judge's click on Zeke selected %q", judge.play.selected)
	}
}

// TestAFoeShowsWhatTheEyeSees: a player's window shows of a foe its
// name, posture and hurt: no AP in its hover tip, no mark of its number
// come up nor of its system on its token; its own figure shows them.
func TestAFoeShowsWhatTheEyeSees(t *testing.T) {
	g := playerGame(t, "cyril")
	st := g.play.st
	st.Begun, st.Segment = true, 8
	z := st.Figures["zeke"]
	z.Prone, z.Wounds = true, map[rules.HitLocation]int{rules.RightArm: 1}
	g.play.seat = g.seat()
	zeke, _ := st.Map.ParseHex("U8")
	tip := g.play.tip(zeke)
	if !strings.Contains(tip, "Zeke Perkins (outlaws)") || strings.Contains(tip, "AP") {
		t.Errorf("the tip over Zeke: %q; want his name and no AP", tip)
	}
	if got := g.play.looks(z); !strings.Contains(got, "prone, wounded (right arm)") || strings.Contains(got, "AP") {
		t.Errorf("what the eye sees of Zeke: %q", got)
	}
	if k := g.tokenFor(st, z); k.acting {
		t.Errorf("Zeke's token says his number has come up (%d AP at segment %d)", z.AP, st.Segment)
	}
	cyril, _ := st.Map.ParseHex("C8")
	if tip := g.play.tip(cyril); !strings.Contains(tip, "AP") {
		t.Errorf("the tip over the player's own Cyril: %q; want his AP", tip)
	}
	if k := g.tokenFor(st, st.Figures["cyril"]); !k.acting {
		t.Errorf("Cyril's own token does not say his number (%d) has come up at %d", st.Figures["cyril"].AP, st.Segment)
	}
}
