package hexmap

import (
	"math"
	"strings"
	"testing"
)

// centreOnPicture is hex h's centre in the picture's pixels.
func centreOnPicture(m *Map, h Hex) Point {
	ref := Layout{Orientation: m.Orientation, Size: hexSize}
	c, bg := ref.ToPixel(h), m.Background
	return Point{(c.X - bg.Origin.X) * bg.PixelsPerHex, (c.Y - bg.Origin.Y) * bg.PixelsPerHex}
}

// TestAPictureBecomesAMapUnderItsGrid: a map made from a picture covers
// it with hexes of the size and orientation asked, A1's box at the
// offset, and says the same alignment back.
func TestAPictureBecomesAMapUnderItsGrid(t *testing.T) {
	img := tinyPNG(t, 700, 500)
	for _, tc := range []struct {
		name       string
		a          Alignment
		cols, rows int
	}{
		{"pointy 50 px from the corner", Alignment{Pointy, 50, Point{}}, 14, 11},
		{"pointy 50 px, moved in", Alignment{Pointy, 50, Point{20, 10}}, 13, 11},
		{"flat 50 px", Alignment{Flat, 50, Point{}}, 16, 10},
		{"pointy, starting before the picture", Alignment{Pointy, 64, Point{-30, -40}}, 11, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ImageMap("yard", img, tc.a)
			if err != nil {
				t.Fatal(err)
			}
			if m.Width != tc.cols || m.Height != tc.rows || m.Orientation != tc.a.Orientation {
				t.Errorf("%v %d×%d, want %v %d×%d", m.Orientation, m.Width, m.Height, tc.a.Orientation, tc.cols, tc.rows)
			}
			got, _ := AlignmentOf(m)
			if got.Orientation != tc.a.Orientation || got.PixelsPerHex != tc.a.PixelsPerHex ||
				math.Abs(got.Offset.X-tc.a.Offset.X) > 1e-6 || math.Abs(got.Offset.Y-tc.a.Offset.Y) > 1e-6 {
				t.Errorf("the map says it is aligned %+v, want %+v", got, tc.a)
			}
			// Every hex is centred on the picture, or within half a hex
			// of its edge.
			half := tc.a.PixelsPerHex / 2
			for _, h := range m.Hexes() {
				c := centreOnPicture(m, h)
				if c.X < -half || c.Y < -half || c.X > 700+half || c.Y > 500+half {
					t.Fatalf("%s is centred off the picture at %+v", m.Label(h), c)
				}
			}
		})
	}
}

// TestThreeClickedCentresAlignTheGrid: the centres of three hexes that
// touch, clicked on a picture, give the grid's size, orientation and a
// lattice through them.
func TestThreeClickedCentresAlignTheGrid(t *testing.T) {
	img := tinyPNG(t, 900, 700)
	for _, want := range []Alignment{
		{Pointy, 64, Point{-12, -20}},
		{Flat, 48.5, Point{-5, -33}},
		{Pointy, 30, Point{0, 0}},
	} {
		t.Run(want.Orientation.String(), func(t *testing.T) {
			truth, err := ImageMap("truth", img, want)
			if err != nil {
				t.Fatal(err)
			}
			// Three touching hexes in the middle of the picture, clicked
			// a pixel off.
			h := truth.Orientation.FromOffset(Offset{4, 4})
			p := [3]Point{centreOnPicture(truth, h), centreOnPicture(truth, h.Neighbor(0)), centreOnPicture(truth, h.Neighbor(1))}
			p[1].X += 1
			p[2].Y -= 1
			got, err := AlignToCentres(p)
			if err != nil {
				t.Fatal(err)
			}
			if got.Orientation != want.Orientation || math.Abs(got.PixelsPerHex-want.PixelsPerHex) > 1.5 {
				t.Fatalf("aligned %v %.1f px, want %v %.1f", got.Orientation, got.PixelsPerHex, want.Orientation, want.PixelsPerHex)
			}
			m, err := ImageMap("clicked", img, got)
			if err != nil {
				t.Fatal(err)
			}
			if got.Offset.X > 0 || got.Offset.Y > 0 || got.Offset.X <= -2*got.PixelsPerHex || got.Offset.Y <= -2*got.PixelsPerHex {
				t.Errorf("the grid starts at %+v, not at the picture's corner", got.Offset)
			}
			ref := Layout{Orientation: m.Orientation, Size: hexSize}
			bg := m.Background
			at := ref.HexAt(Point{p[0].X/bg.PixelsPerHex + bg.Origin.X, p[0].Y/bg.PixelsPerHex + bg.Origin.Y})
			if c := centreOnPicture(m, at); math.Hypot(c.X-p[0].X, c.Y-p[0].Y) > 1.5 {
				t.Errorf("the hex under the first click is centred at %+v, the click at %+v", c, p[0])
			}
		})
	}
	for _, tc := range []struct {
		name string
		p    [3]Point
		want string
	}{
		{"not a triangle of neighbours", [3]Point{{0, 0}, {50, 0}, {300, 300}}, "touch each other"},
		{"too close", [3]Point{{0, 0}, {4, 0}, {2, 3.4}}, "at least 8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := AlignToCentres(tc.p); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

// TestReadMapByItsEnding: a UVTT file is imported, a picture becomes a
// map over it, a map file is read; a bad picture says so.
func TestReadMapByItsEnding(t *testing.T) {
	m, err := ReadMap("street.png", tinyPNG(t, 400, 300))
	if err != nil || m.Name != "street" || m.Background == nil {
		t.Fatalf("a picture: %v %+v", err, m)
	}
	if _, err := ReadMap("x.jpg", []byte("nope")); err == nil || !strings.Contains(err.Error(), "picture is not a PNG") {
		t.Errorf("a bad picture: %v", err)
	}
	if _, err := ReadMap("x.dd2vtt", []byte(`{"format": 3}`)); err == nil || !strings.Contains(err.Error(), "format") {
		t.Errorf("a bad UVTT file: %v", err)
	}
}
