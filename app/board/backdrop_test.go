package board

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"

	"hexslinger/hexmap"
)

// testPicture is a w×h PNG.
func testPicture(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetRGBA(x, y, color.RGBA{uint8(x), uint8(y), 0x80, 0xff})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestThePictureLiesUnderItsHexesAtEveryZoomAndPan: wherever the window
// is zoomed and panned, each hex's centre on the screen is over the
// picture's pixel that the grid's alignment puts it on.
func TestThePictureLiesUnderItsHexesAtEveryZoomAndPan(t *testing.T) {
	for _, a := range []hexmap.Alignment{
		{Orientation: hexmap.Pointy, PixelsPerHex: 64, Offset: hexmap.Point{X: -10, Y: -20}},
		{Orientation: hexmap.Flat, PixelsPerHex: 40.5, Offset: hexmap.Point{X: 5, Y: 0}},
	} {
		m, err := hexmap.ImageMap("pic", testPicture(t, 800, 600), a)
		if err != nil {
			t.Fatal(err)
		}
		ref := hexmap.Layout{Orientation: m.Orientation, Size: 1 / math.Sqrt(3)}
		lo, _ := ref.Bounds(m)
		for _, view := range []hexmap.Layout{
			{Orientation: m.Orientation, Size: 10},
			{Orientation: m.Orientation, Size: 37.5, Origin: hexmap.Point{X: -400, Y: 120}},
			{Orientation: m.Orientation, Size: 90, Origin: hexmap.Point{X: 33, Y: -2000}},
		} {
			at, k := pictureFrame(m.Background, view.Size, view.Origin)
			for _, h := range []hexmap.Hex{m.Orientation.FromOffset(hexmap.Offset{}), m.Orientation.FromOffset(hexmap.Offset{Col: 5, Row: 7})} {
				screen := view.ToPixel(h)
				got := hexmap.Point{X: (screen.X - at.X) / k, Y: (screen.Y - at.Y) / k}
				// Where the alignment says: A1's box at the offset, the
				// hex's centre that far on, a hex PixelsPerHex across.
				c := ref.ToPixel(h)
				want := hexmap.Point{X: a.Offset.X + (c.X-lo.X)*a.PixelsPerHex, Y: a.Offset.Y + (c.Y-lo.Y)*a.PixelsPerHex}
				if math.Hypot(got.X-want.X, got.Y-want.Y) > 1e-6 {
					t.Errorf("%v at size %g: %s's centre is over picture pixel %+v, want %+v", a.Orientation, view.Size, m.Label(h), got, want)
				}
			}
		}
	}
}

// TestABigPictureIsKeptSmaller: a picture past backdropPixels is kept
// scaled down, and says by how much, so that it still lies where it
// should; a small one is kept as it is.
func TestABigPictureIsKeptSmaller(t *testing.T) {
	for _, tc := range []struct {
		name  string
		w, h  int
		scale float64
	}{
		{"a Dungeondraft 20×20 at 64 px", 1280, 1280, 1},
		{"4096×2048", 4096, 2048, math.Sqrt(4096 * 2048 / float64(backdropPixels))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b backdrop
			loadNow(t, &b, &hexmap.Background{Image: testPicture(t, tc.w, tc.h), PixelsPerHex: 64})
			if b.err != nil {
				t.Fatal(b.err)
			}
			px := b.tex.Bounds().Dx() * b.tex.Bounds().Dy()
			if px > backdropPixels || math.Abs(b.scale-tc.scale) > 0.01 || math.Abs(float64(b.tex.Bounds().Dx())*b.scale-float64(tc.w)) > 1 {
				t.Errorf("kept %v at scale %.3f, want at most %d pixels at %.3f", b.tex.Bounds(), b.scale, backdropPixels, tc.scale)
			}
		})
	}
	var bad backdrop
	loadNow(t, &bad, &hexmap.Background{Image: []byte("not a picture"), PixelsPerHex: 64})
	if bad.err == nil || bad.showing(&hexmap.Map{Background: &hexmap.Background{Image: []byte("not a picture")}}) {
		t.Error("a picture that does not decode is drawn")
	}
}

// TestAlignToolMovesAndResizesTheGrid: in the editor, the align tool's
// drag moves the grid over a picture that stays put on the screen, = and
// − resize its hexes, three clicked centres align it, and each gesture is
// one undo step.
func TestAlignToolMovesAndResizesTheGrid(t *testing.T) {
	m, err := hexmap.ImageMap("pic", testPicture(t, 640, 480), hexmap.Alignment{Orientation: hexmap.Pointy, PixelsPerHex: 40})
	if err != nil {
		t.Fatal(err)
	}
	ed, err := NewEditor("", m)
	if err != nil {
		t.Fatal(err)
	}
	ed.w, ed.h = 1280, 800
	ed.placeTools()
	ed.fit()
	ed.setTool(toolAlign)
	corner := ed.fromPicture(hexmap.Point{})
	// A drag of 12, 7 picture pixels, in three steps of the pointer.
	from := ed.fromPicture(hexmap.Point{X: 100, Y: 100})
	to := ed.fromPicture(hexmap.Point{X: 112, Y: 107})
	ed.alignMouse(int(math.Round(from.X)), int(math.Round(from.Y)), true)
	ed.alignMouse(int(math.Round((from.X+to.X)/2)), int(math.Round((from.Y+to.Y)/2)), true)
	ed.alignMouse(int(math.Round(to.X)), int(math.Round(to.Y)), true)
	ed.alignMouse(int(math.Round(to.X)), int(math.Round(to.Y)), false)
	a, _ := hexmap.AlignmentOf(ed.e.m)
	// The same grid whole periods (a column, two rows) away.
	off := func(v, want, period float64) float64 {
		d := math.Mod(v-want, period)
		return math.Min(math.Abs(d), period-math.Abs(d))
	}
	if off(a.Offset.X, 12, 40) > 2 || off(a.Offset.Y, 7, math.Sqrt(3)*40) > 2 {
		t.Errorf("after the drag the grid starts at %+v, want 12, 7 on (or whole periods before)", a.Offset)
	}
	if c := ed.fromPicture(hexmap.Point{}); math.Hypot(c.X-corner.X, c.Y-corner.Y) > 0.5 {
		t.Errorf("the picture moved on the screen from %+v to %+v", corner, c)
	}
	if len(ed.e.undo) != 1 {
		t.Errorf("the drag is %d undo steps", len(ed.e.undo))
	}
	// Three touching centres of a 50 px flat grid.
	truth, _ := hexmap.ImageMap("truth", testPicture(t, 640, 480), hexmap.Alignment{Orientation: hexmap.Flat, PixelsPerHex: 50})
	ref := hexmap.Layout{Orientation: hexmap.Flat, Size: 1 / math.Sqrt(3)}
	lo, _ := ref.Bounds(truth)
	h := hexmap.Flat.FromOffset(hexmap.Offset{Col: 3, Row: 3})
	for _, c := range []hexmap.Hex{h, h.Neighbor(0), h.Neighbor(1)} {
		p := ref.ToPixel(c)
		s := ed.fromPicture(hexmap.Point{X: (p.X - lo.X) * 50, Y: (p.Y - lo.Y) * 50})
		ed.alignMouse(int(math.Round(s.X)), int(math.Round(s.Y)), true)
		ed.alignMouse(int(math.Round(s.X)), int(math.Round(s.Y)), false)
	}
	a, _ = hexmap.AlignmentOf(ed.e.m)
	if a.Orientation != hexmap.Flat || math.Abs(a.PixelsPerHex-50) > 1.5 {
		t.Errorf("three clicked centres aligned %v %.1f px, want flat 50", a.Orientation, a.PixelsPerHex)
	}
	ed.undo()
	ed.undo()
	if b, _ := hexmap.AlignmentOf(ed.e.m); b.Orientation != hexmap.Pointy || b.PixelsPerHex != 40 || b.Offset != (hexmap.Point{}) {
		t.Errorf("two undos give %+v, want the first grid back", b)
	}
}
