package board

import (
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/hexmap"
)

// TestWhatTheWindowDrewIsTold: the window tells what its last frame drew,
// in CSS pixels of the page, for a browser test to tap: the figures on the
// screen where their tokens are, a hex's centre, and when the map was
// first drawn.
func TestWhatTheWindowDrewIsTold(t *testing.T) {
	for _, dpr := range []float64{1, 2.5} {
		g := phoneGame(t, 390, 844, dpr)
		if g.Drawn().Map {
			t.Fatalf("dpr %g: the map is told drawn before a frame", dpr)
		}
		screen := ebiten.NewImage(g.w, g.h)
		for i := 0; i < 50 && !g.Drawn().Map; i++ {
			g.Draw(screen) // a big screen's chunks come over a few frames
		}
		screen.Deallocate()
		d := g.Drawn()
		if !d.Map || d.FirstMap.IsZero() {
			t.Fatalf("dpr %g: after a frame, map drawn %v at %v", dpr, d.Map, d.FirstMap)
		}
		st := g.play.st
		want := 0
		for _, id := range st.Order {
			c := g.layout.ToPixel(st.Figures[id].At)
			if c.X >= 0 && c.Y >= 0 && c.X < float64(g.w) && c.Y < float64(g.h) {
				want++
			}
		}
		if len(d.Figures) != want || want == 0 {
			t.Errorf("dpr %g: %d figures told, want the %d on the screen", dpr, len(d.Figures), want)
		}
		for _, f := range d.Figures {
			fig, ok := st.Figures[f.ID]
			if !ok {
				t.Errorf("dpr %g: told of %q, not in the fight", dpr, f.ID)
				continue
			}
			p := g.HexPoint(fig.At)
			c := g.layout.ToPixel(fig.At)
			if math.Abs(f.X-c.X/dpr) > 0.5 || math.Abs(f.Y-c.Y/dpr) > 0.5 || math.Abs(p.X-f.X) > 0.5 || math.Abs(p.Y-f.Y) > 0.5 {
				t.Errorf("dpr %g: %s told at (%.1f, %.1f), its hex at %v CSS px, drawn at %v device px", dpr, f.ID, f.X, f.Y, p, c)
			}
			if f.X < 0 || f.X > 390 || f.Y < 0 || f.Y > 844 {
				t.Errorf("dpr %g: %s told at (%.1f, %.1f), off the 390×844 page", dpr, f.ID, f.X, f.Y)
			}
		}
		if p := g.HexPoint(hexmap.Hex{Q: 0, R: 0}); p != (hexmap.Point{X: g.layout.Origin.X / dpr, Y: g.layout.Origin.Y / dpr}) {
			t.Errorf("dpr %g: hex 0,0 at %v CSS px, want the layout's origin %v over %g", dpr, p, g.layout.Origin, dpr)
		}
	}
}

// TestTheDrawnButtonsAreTold: the window tells the action bar's buttons
// its last frame drew, their labels as written and their boxes in CSS
// pixels of the page, for a browser test to tap: a figure's actions once
// it is selected, and none of them once it is let go.
func TestTheDrawnButtonsAreTold(t *testing.T) {
	for _, dpr := range []float64{1, 3} {
		g := phoneGame(t, 390, 844, dpr)
		screen := ebiten.NewImage(g.w, g.h)
		defer screen.Deallocate()
		drawAll := func() {
			for i := 0; i < 50; i++ {
				g.Draw(screen)
				if g.Drawn().Map && !g.chunks.pending {
					return
				}
			}
		}
		for _, sel := range []string{"cyril", ""} {
			g.play.selected = sel
			drawAll()
			want := g.buttons()
			got := g.Drawn().Buttons
			if len(got) != len(want) || len(want) == 0 {
				t.Fatalf("dpr %g, selected %q: %d buttons told (%+v), want the %d drawn", dpr, sel, len(got), got, len(want))
			}
			for i, b := range want {
				r := b.r
				w := ButtonDrawn{Label: b.label, X: float64(r.Min.X) / dpr, Y: float64(r.Min.Y) / dpr, W: float64(r.Dx()) / dpr, H: float64(r.Dy()) / dpr}
				if got[i] != w {
					t.Errorf("dpr %g, selected %q: button %d told %+v, drawn %+v", dpr, sel, i, got[i], w)
				}
				if w.X < 0 || w.Y < 0 || w.X+w.W > 390 || w.Y+w.H > 844 {
					t.Errorf("dpr %g, selected %q: %q told at %+v, off the 390×844 page", dpr, sel, b.label, w)
				}
			}
			labels := map[string]bool{}
			for _, b := range got {
				labels[b.Label] = true
			}
			if turn := labels["Turn left"]; turn != (sel != "") {
				t.Errorf("dpr %g, selected %q: a Turn left button told %v, want %v (told %+v)", dpr, sel, turn, sel != "", got)
			}
		}
	}
}
