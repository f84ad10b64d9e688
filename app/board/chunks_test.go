package board

import (
	"math/rand/v2"
	"testing"

	"hexslinger/hexmap"
)

// TestAFrameRendersAtMostItsHexesOfChunks: a draw renders at most
// hexesPerFrame hexes' worth of chunks (one chunk when a chunk holds
// more), and at most chunksPerFrame of the largest chunks' pixels.
func TestAFrameRendersAtMostItsHexesOfChunks(t *testing.T) {
	for _, o := range []hexmap.Orientation{hexmap.Pointy, hexmap.Flat} {
		for _, s := range []float64{6, 8, 10, 13, 16, 32, 64} {
			cols, rows, per := chunkShape(o, s)
			if per > 1 && per*cols*rows > hexesPerFrame {
				t.Errorf("%v size %g: %d chunks of %d×%d cells a draw: %d hexes", o, s, per, cols, rows, per*cols*rows)
			}
			var hexes []hexmap.Hex
			for row := 1; row <= rows; row++ {
				for col := 1; col <= cols; col++ {
					hexes = append(hexes, o.FromOffset(hexmap.Offset{Col: col, Row: row}))
				}
			}
			w, h, _ := chunkExtent(o, s, hexes)
			if per > 1 && per*w*h > chunksPerFrame*chunkPixels*chunkPixels {
				t.Errorf("%v size %g: %d chunks of %d×%d pixels a draw", o, s, per, w, h)
			}
		}
	}
	if _, _, per := chunkShape(hexmap.Pointy, 8); per != 1 {
		t.Errorf("zoomed out to 8 px, %d chunks of about 1,500 hexes a draw, want 1", per)
	}
}

// TestOnlyChunksOnTheScreenAreDrawn: a chunk whose image would show on
// the screen is always drawn, and some in the margin of the cells
// onScreen gives, wholly off the screen, are not (their textures would
// hold memory for nothing).
func TestOnlyChunksOnTheScreenAreDrawn(t *testing.T) {
	const w, h = 1500, 850
	for _, o := range []hexmap.Orientation{hexmap.Pointy, hexmap.Flat} {
		m, err := hexmap.New("cull", o, 80, 60, "dirt")
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for _, zoom := range []float64{8, 16, 32, 64, 0} {
			inRange, kept := 0, 0
			for i := range 64 {
				// Pans across a chunk's width and height, in steps that
				// are no multiple of a hex, the map wider than the screen;
				// and (zoom 0) random sizes and pans.
				s := zoom
				origin := hexmap.Point{X: (-1234.5 - float64(i%8)*47.3) * s / 64, Y: (-987.25 - float64(i/8)*53.7) * s / 64}
				if zoom == 0 {
					s = 6 + rng.Float64()*90
					origin = hexmap.Point{X: -rng.Float64() * 80 * s, Y: -rng.Float64() * 60 * s}
				}
				var c chunkCache
				c.cols, c.rows, c.perFrame = chunkShape(o, s)
				l := hexmap.Layout{Orientation: o, Size: s, Origin: origin}
				lo, hi := onScreen(m, l, w, h)
				for cy := 0; cy*c.rows < m.Height; cy++ {
					for cx := 0; cx*c.cols < m.Width; cx++ {
						k := chunkKey{cx, cy}
						cw, ch, at := chunkExtent(o, s, c.cells(m, k))
						x, y := origin.X-at.X, origin.Y-at.Y
						shows := x < w && y < h && x+float64(cw) > 0 && y+float64(ch) > 0
						meets := c.meets(m, k, l, w, h)
						if shows && !meets {
							t.Errorf("%v size %g origin %v: chunk %v shows at (%.2f,%.2f) %d×%d but is not drawn", o, s, origin, k, x, y, cw, ch)
						}
						if cx >= floorDiv(lo.Col, c.cols) && cx <= floorDiv(hi.Col, c.cols) && cy >= floorDiv(lo.Row, c.rows) && cy <= floorDiv(hi.Row, c.rows) {
							inRange++
							if meets {
								kept++
							}
						}
					}
				}
			}
			if zoom == 64 && kept >= inRange {
				t.Errorf("%v size %g: all %d chunks of the ranges are drawn; some lie off the screen", o, zoom, inRange)
			}
			t.Logf("%v size %g: %d of %d chunks drawn", o, zoom, kept, inRange)
		}
	}
}

// TestAChunkOfNoCellsIsForgottenWithoutHarm: a chunk wholly of holes in
// the map is kept as drawn with no image, and a change beside it, or a
// new zoom, forgets it as it does the others.
func TestAChunkOfNoCellsIsForgottenWithoutHarm(t *testing.T) {
	m, err := hexmap.New("holes", hexmap.Pointy, 30, 30, "dirt")
	if err != nil {
		t.Fatal(err)
	}
	var c chunkCache
	c.reset(m, 64)
	for row := 0; row < c.rows; row++ {
		for col := 0; col < c.cols; col++ {
			if err := m.SetTerrain(m.Orientation.FromOffset(hexmap.Offset{Col: col, Row: row}), ""); err != nil {
				t.Fatal(err)
			}
		}
	}
	c.reset(m, 64)
	k := chunkKey{0, 0}
	if ci := c.render(m, k, 0); ci != nil {
		t.Fatalf("a chunk of holes drawn as %v", ci)
	}
	c.layers[0][k] = nil // as draw keeps it
	// A change beside it.
	if err := m.SetTerrain(m.Orientation.FromOffset(hexmap.Offset{Col: c.cols, Row: 0}), "grass"); err != nil {
		t.Fatal(err)
	}
	c.invalidate(m)
	if _, ok := c.layers[0][k]; ok {
		t.Error("a change beside the chunk of holes left it drawn")
	}
	// A new zoom.
	c.layers[0][k] = nil
	c.reset(m, 32)
	if len(c.layers[0]) != 0 {
		t.Errorf("a new zoom kept %d chunks", len(c.layers[0]))
	}
}
