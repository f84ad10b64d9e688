package board

import (
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// trayGame is the Judge's window (or Ann's, a player's) on the demo fight
// at 1280×800, fitted, with the tray shown when it may be.
func trayGame(t *testing.T, player bool) (*session.Session, *Game, func()) {
	t.Helper()
	s, g, pump := diceTable(t, player, func(*session.FightOptions) {})
	g.w, g.h = 1280, 800
	g.fit()
	g.toggleTray()
	return s, g, pump
}

// chipOf is the middle of sheet id's row in the tray.
func chipOf(t *testing.T, g *Game, id string) (int, int) {
	t.Helper()
	for _, c := range g.trayChips() {
		if c.character == id {
			return (c.r.Min.X + c.r.Max.X) / 2, (c.r.Min.Y + c.r.Max.Y) / 2
		}
	}
	t.Fatalf("no row for %s in the tray: %+v", id, g.trayChips())
	return 0, 0
}

// centre is hex label's middle on screen.
func centre(t *testing.T, g *Game, label string) (int, int) {
	t.Helper()
	h, err := g.play.st.Map.ParseHex(label)
	if err != nil {
		t.Fatal(err)
	}
	p := g.layout.ToPixel(h)
	return int(p.X), int(p.Y)
}

// drag presses on sheet id's row, moves to x, y and lets go there, as the
// window's input reads the pointer.
func drag(t *testing.T, g *Game, id string, x, y int) {
	t.Helper()
	cx, cy := chipOf(t, g, id)
	for _, in := range []trayIn{{x: cx, y: cy, press: true}, {x: (cx + x) / 2, y: (cy + y) / 2}, {x: x, y: y}, {x: x, y: y, release: true}} {
		if !g.trayInput(in) {
			t.Fatalf("the tray did not take %+v while dragging %s", in, id)
		}
	}
}

// TestADragFromTheTrayPlacesThroughTheSession: the Judge drags Zeke's
// sheet onto J3; the session places "Zeke Perkins 2" ("ZP2") on the
// outlaws' side, and the window shows it. A drop on a hex taken is the
// session's refusal, said in red; a drop on the tray or off the map is a
// line and nothing placed.
func TestADragFromTheTrayPlacesThroughTheSession(t *testing.T) {
	s, g, pump := trayGame(t, false)
	x, y := centre(t, g, "J3") // clear of the tray
	drag(t, g, "zeke", x, y)
	waitUntil(t, "the placed figure in the window", func() bool {
		pump()
		_, ok := g.play.st.Figures["zeke-2"]
		return ok
	})
	st := s.State()
	if f := st.Figures["zeke-2"]; f == nil || st.Map.Label(f.At) != "J3" || f.Side != "outlaws" || st.FigureInitials("zeke-2") != "ZP2" {
		t.Errorf("zeke-2 in the session: %+v (%q), want at J3, outlaws, ZP2", f, st.FigureInitials("zeke-2"))
	}
	if got := g.play.st.FigureInitials("zeke-2"); got != "ZP2" {
		t.Errorf("the window's token reads %q, want ZP2", got)
	}
	for _, tc := range []struct {
		name, want string
		xy         func() (int, int)
	}{
		{"a hex taken", "Refused: U8 is taken by Zeke Perkins: pick a free hex", func() (int, int) { return centre(t, g, "U8") }},
		{"back on the tray", "Let go on a hex of the map to place Cyril Wellington; nothing placed.", func() (int, int) { return chipOf(t, g, "jeb") }},
		{"off the map", "That is off the map", func() (int, int) {
			p := g.layout.ToPixel(g.play.st.Map.Orientation.FromOffset(hexmap.Offset{Col: 25, Row: 5}))
			return int(p.X), int(p.Y)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(s.State().Order)
			x, y := tc.xy()
			drag(t, g, "cyril", x, y)
			waitUntil(t, "the line", func() bool { pump(); return strings.Contains(g.message, tc.want) })
			if !g.messageErr {
				t.Errorf("%q is not said as a failure", g.message)
			}
			if got := len(s.State().Order); got != before {
				t.Errorf("figures: %d, want %d", got, before)
			}
		})
	}
}

// TestOnlyTheJudgeHasTheTray: a player's window shows no tray, and its
// press there is the map's.
func TestOnlyTheJudgeHasTheTray(t *testing.T) {
	_, g, _ := trayGame(t, true)
	if g.tray.open || len(g.trayChips()) != 0 {
		t.Errorf("a player's window opened the tray")
	}
	if !strings.Contains(g.message, "Only the Judge places figures") {
		t.Errorf("Ctrl+P in a player's window says %q", g.message)
	}
	if g.trayInput(trayIn{x: 40, y: 200, press: true}) {
		t.Errorf("a player's press on the left edge went to a tray")
	}
}

// TestFitWithTheTrayOpenFitsBesideIt: F (and Home) with the tray open
// fits the map beside it: every hex's leftmost point is right of the
// tray; with the tray hidden, F fits the whole window again. Before, F
// fitted the whole window and the tray covered the map's left edge.
func TestFitWithTheTrayOpenFitsBesideIt(t *testing.T) {
	_, g, _ := trayGame(t, false)
	if !g.tray.open {
		t.Fatal("the tray is not open")
	}
	pressF := func() {
		for _, b := range keyBindings {
			for _, k := range b.keys {
				if k == ebiten.KeyF {
					b.do(g)
					return
				}
			}
		}
		t.Fatal("no binding for F")
	}
	leftmost := func() float64 {
		m := g.play.st.Map
		left := math.Inf(1)
		for col := range m.Width {
			for row := range m.Height {
				for _, p := range g.layout.Corners(m.Orientation.FromOffset(hexmap.Offset{Col: col, Row: row})) {
					left = min(left, p.X)
				}
			}
		}
		return left
	}
	g.layout.Size *= 0.5 // zoomed out, then fitted
	pressF()
	if got, tray := leftmost(), float64(g.trayRect().Max.X); got <= tray {
		t.Errorf("F with the tray open: the map's leftmost point at x %.1f, the tray's right edge at %d: want the map right of it", got, int(tray))
	}
	g.toggleTray()
	pressF()
	if got := leftmost(); got > float64(g.trayRect().Max.X) {
		t.Errorf("F with the tray hidden: the map's leftmost point at x %.1f: want it fitted to the whole window", got)
	}
}
