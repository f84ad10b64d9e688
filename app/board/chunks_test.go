package board

import (
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
			if per > chunksPerFrame*chunkPixels*chunkPixels/(cols*rows) {
				t.Errorf("%v size %g: %d chunks a draw", o, s, per)
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
		for _, s := range []float64{8, 16, 32, 64} {
			inRange, kept := 0, 0
			for i := range 16 {
				// Pans across a chunk's width and height, in steps that
				// are no multiple of a hex, the map wider than the screen.
				origin := hexmap.Point{X: (-1234.5 - float64(i%4)*97.3) * s / 64, Y: (-987.25 - float64(i/4)*113.7) * s / 64}
				var c chunkCache
				c.cols, c.rows, c.perFrame = chunkShape(o, s)
				l := hexmap.Layout{Orientation: o, Size: s, Origin: origin}
				lo, hi := onScreen(m, l, w, h)
				for cy := 0; cy*c.rows < m.Height; cy++ {
					for cx := 0; cx*c.cols < m.Width; cx++ {
						k := chunkKey{cx, cy}
						hexes := c.cells(m, k)
						cw, ch, at := chunkExtent(o, s, hexes)
						x, y := origin.X-at.X, origin.Y-at.Y
						shows := x < w && y < h && x+float64(cw) > 0 && y+float64(ch) > 0
						meets := c.meets(m, k, l, w, h)
						if shows && !meets {
							t.Errorf("%v size %g origin %v: chunk %v shows at (%.0f,%.0f) %d×%d but is not drawn", o, s, origin, k, x, y, cw, ch)
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
			if s == 64 && kept >= inRange {
				t.Errorf("%v size %g: all %d chunks of the ranges are drawn; some lie off the screen", o, s, inRange)
			}
			t.Logf("%v size %g: %d of %d chunks drawn", o, s, kept, inRange)
		}
	}
}
