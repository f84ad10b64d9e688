package board

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// TestMapBoundsAreTheLayoutsBounds: the bounds the rulers take from the
// map's rim hexes (mapBounds) are exactly Layout.Bounds over every hex,
// for maps with holes and for any zoom and pan, and after an edit.
func TestMapBoundsAreTheLayoutsBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 1))
	for _, o := range []hexmap.Orientation{hexmap.Pointy, hexmap.Flat} {
		for _, holes := range []int{0, 5, 60, 95} {
			t.Run(fmt.Sprintf("%v, %d%% holes", o, holes), func(t *testing.T) {
				w, h := 2+rng.IntN(40), 2+rng.IntN(40)
				m, err := hexmap.New("b", o, w, h, "dirt")
				if err != nil {
					t.Fatal(err)
				}
				for _, hx := range m.Hexes() {
					if rng.IntN(100) < holes {
						m.SetTerrain(hx, "")
					}
				}
				var c mapBounds
				for i := range 40 {
					switch i {
					case 20: // an edit: the first row and column off the map
						for col := range w {
							m.SetTerrain(o.FromOffset(hexmap.Offset{Col: col}), "")
						}
						for row := range h {
							m.SetTerrain(o.FromOffset(hexmap.Offset{Row: row}), "")
						}
					case 30: // and their corner back
						m.SetTerrain(o.FromOffset(hexmap.Offset{}), "grass")
					}
					l := hexmap.Layout{Orientation: o, Size: 0.3 + rng.Float64()*60,
						Origin: hexmap.Point{X: rng.NormFloat64() * 1e4, Y: rng.NormFloat64() * 1e4}}
					gotLo, gotHi := c.of(l, m)
					wantLo, wantHi := l.Bounds(m)
					if gotLo != wantLo || gotHi != wantHi {
						t.Fatalf("%d×%d map, layout %+v: bounds %v–%v, want %v–%v", w, h, l, gotLo, gotHi, wantLo, wantHi)
					}
				}
			})
		}
	}
}

// TestTheWindowFitsTheMapAsFitDoes: the map window's fit, from the map's
// rim, is hexmap.Fit's layout to the bit, for maps with holes.
func TestTheWindowFitsTheMapAsFitDoes(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 2))
	for _, o := range []hexmap.Orientation{hexmap.Pointy, hexmap.Flat} {
		for _, n := range []int{3, 40, 300} {
			t.Run(fmt.Sprintf("%v %d²", o, n), func(t *testing.T) {
				m, err := hexmap.New("f", o, n, n, "dirt")
				if err != nil {
					t.Fatal(err)
				}
				for _, hx := range m.Hexes() {
					if rng.IntN(3) == 0 {
						m.SetTerrain(hx, "")
					}
				}
				g := &Game{w: 300 + rng.IntN(1500), h: 300 + rng.IntN(900)}
				g.play.st = &session.State{Map: m}
				g.fit()
				top := float64(buttonH + buttonPad)
				want := hexmap.Fit(m, float64(g.w), float64(g.h-g.barH())-top, g.fitMargin())
				want.Origin.Y += top
				if g.layout != want {
					t.Errorf("%d×%d window: layout %+v, want %+v", g.w, g.h, g.layout, want)
				}
			})
		}
	}
}
