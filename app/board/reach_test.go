package board

import (
	"image"
	"math"
	"testing"

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
