package board

import (
	"image"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/hexmap"
)

// TestTheReachDrawsOnlyItsHexesOnTheScreen: of a reach of thousands of
// hexes zoomed in, the hexes on the screen go to the renderer, and those
// well off it do not.
func TestTheReachDrawsOnlyItsHexesOnTheScreen(t *testing.T) {
	reach := map[hexmap.Hex]int{}
	for _, h := range (hexmap.Hex{Q: 40, R: 40}).Spiral(40) {
		reach[h] = 1
	}
	const s = 64
	screen := image.Rect(0, 0, 1500, 850)
	var o reachOverlay
	o.lay(reach, hexmap.Pointy, s)
	l := hexmap.Layout{Orientation: hexmap.Pointy, Size: s, Origin: hexmap.Point{X: -4000, Y: -3000}}
	on := map[int]bool{}
	for _, i := range o.onScreen(nil, screen, float32(l.Origin.X), float32(l.Origin.Y), s) {
		on[i] = true
	}
	if len(on) == 0 || len(on) >= len(reach)/4 {
		t.Fatalf("%d of %d hexes drawn", len(on), len(reach))
	}
	for i := 0; i < len(o.base); i += 6 {
		lo := hexmap.Point{X: math.Inf(1), Y: math.Inf(1)}
		hi := hexmap.Point{X: math.Inf(-1), Y: math.Inf(-1)}
		for _, v := range o.base[i : i+6] {
			x, y := float64(v.DstX)+l.Origin.X, float64(v.DstY)+l.Origin.Y
			lo.X, lo.Y, hi.X, hi.Y = math.Min(lo.X, x), math.Min(lo.Y, y), math.Max(hi.X, x), math.Max(hi.Y, y)
		}
		shows := lo.X < 1500 && lo.Y < 850 && hi.X > 0 && hi.Y > 0
		far := lo.X > 1500+2*s || lo.Y > 850+2*s || hi.X < -2*s || hi.Y < -2*s
		if shows && !on[i] {
			t.Errorf("hex at (%.0f,%.0f)-(%.0f,%.0f) shows but is not drawn", lo.X, lo.Y, hi.X, hi.Y)
		}
		if far && on[i] {
			t.Errorf("hex at (%.0f,%.0f)-(%.0f,%.0f) is well off the screen but drawn", lo.X, lo.Y, hi.X, hi.Y)
		}
	}
}

// TestABigReachIsDrawnWholeInSeveralBatches: a reach of more hexes than
// one draw takes vertices is drawn whole, each batch's indices within its
// own vertices, every hex as four triangles at its place.
func TestABigReachIsDrawnWholeInSeveralBatches(t *testing.T) {
	reach := map[hexmap.Hex]int{}
	for _, h := range (hexmap.Hex{}).Spiral(70) {
		reach[h] = 2
	}
	var o reachOverlay
	o.lay(reach, hexmap.Flat, 3)
	const ox, oy = 600, 500
	o.on = o.onScreen(nil, image.Rect(0, 0, 1200, 1000), ox, oy, 3)
	if len(o.on) != len(reach) {
		t.Fatalf("%d of %d hexes on a screen that holds them all", len(o.on), len(reach))
	}
	batches, triangles, hexes := 0, 0, 0
	o.batches(ox, oy, func(vs []ebiten.Vertex, is []uint16) {
		batches++
		triangles += len(is) / 3
		for j, i := range is {
			if want := 6*(j/12) + int(reachFan[j%12]); int(i) != want || int(i) >= len(vs) {
				t.Fatalf("batch %d: index %d is %d, want %d (of %d vertices)", batches, j, i, want, len(vs))
			}
		}
		for k := 0; k < len(vs); k += 6 {
			b := o.base[o.on[hexes]]
			if vs[k].DstX != b.DstX+ox || vs[k].DstY != b.DstY+oy {
				t.Fatalf("hex %d drawn at (%g,%g), want (%g,%g)", hexes, vs[k].DstX, vs[k].DstY, b.DstX+ox, b.DstY+oy)
			}
			hexes++
		}
	})
	if batches < 2 || triangles != 4*len(reach) || hexes != len(reach) {
		t.Errorf("%d hexes drawn as %d triangles in %d batches; want %d hexes, %d triangles, more than one batch", hexes, triangles, batches, len(reach), 4*len(reach))
	}
}
