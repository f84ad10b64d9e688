package hexmap

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strings"
)

// A plain battle-map picture (PNG, JPEG, WebP) becomes a map by laying a
// hex grid on it: the Judge says how big a hex is in the picture's pixels,
// which way up, and where the grid starts (Alignment), or clicks three hex
// centres drawn on the picture (AlignToCentres).

// Alignment is how a hex grid lies on a picture.
type Alignment struct {
	Orientation Orientation
	// PixelsPerHex is the picture's pixels from one hex centre to the
	// next: a pointy hex's width, a flat hex's height.
	PixelsPerHex float64
	// Offset is where, in the picture's pixels, the top left of hex A1's
	// box lies; the grid covers the picture from there to its right and
	// bottom edges.
	Offset Point
}

// Limits on an alignment: hexes smaller than this are not drawn on
// battle maps.
const (
	MinPixelsPerHex = 8
	MaxPixelsPerHex = 4096
)

// ImageExtensions are the endings of the pictures a map may be made from.
var ImageExtensions = []string{".png", ".jpg", ".jpeg", ".webp"}

// IsImage reports whether path names a picture by its ending.
func IsImage(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	for _, e := range ImageExtensions {
		if ext == e {
			return true
		}
	}
	return false
}

// DefaultAlignment is where a new map from a picture of w×h pixels starts
// before the Judge aligns it: pointy hexes at the picture's top left,
// about 20 across, or 70 pixels a hex on a big picture.
func DefaultAlignment(w, h int) Alignment {
	ppg := math.Max(MinPixelsPerHex, math.Min(70, float64(w)/20))
	return Alignment{Orientation: Pointy, PixelsPerHex: math.Round(ppg)}
}

// check says what is wrong with a for a picture of w×h pixels.
func (a Alignment) check(w, h int) error {
	if !(a.PixelsPerHex >= MinPixelsPerHex && a.PixelsPerHex <= MaxPixelsPerHex) {
		return fmt.Errorf("a hex of %g pixels: want %d to %d", a.PixelsPerHex, MinPixelsPerHex, MaxPixelsPerHex)
	}
	if math.IsNaN(a.Offset.X) || math.IsNaN(a.Offset.Y) || math.IsInf(a.Offset.X, 0) || math.IsInf(a.Offset.Y, 0) {
		return errors.New("the grid's offset is not a finite point")
	}
	if a.Offset.X >= float64(w) || a.Offset.Y >= float64(h) {
		return fmt.Errorf("the grid starts at %.0f,%.0f, off the %d×%d picture", a.Offset.X, a.Offset.Y, w, h)
	}
	return nil
}

// ImageMap is a map of floor named name over the picture img (its file's
// bytes), with the hex grid laid as a says, covering the picture.
func ImageMap(name string, img []byte, a Alignment) (*Map, error) {
	w, h, err := CheckBackground(img)
	if err != nil {
		return nil, fmt.Errorf("the picture %w", err)
	}
	return alignedMap(name, img, w, h, a)
}

// Realign is m laid again on its own picture as a says: a new blank map
// of m's name and scale (what was painted on m is gone).
func Realign(m *Map, a Alignment) (*Map, error) {
	if m.Background == nil {
		return nil, errors.New("the map has no picture to align a grid on")
	}
	cfg, _, err := backgroundHeader(m.Background.Image)
	if err != nil {
		return nil, fmt.Errorf("the picture %w", err)
	}
	n, err := alignedMap(m.Name, m.Background.Image, cfg.Width, cfg.Height, a)
	if err != nil {
		return nil, err
	}
	n.Scale = m.Scale
	return n, nil
}

func alignedMap(name string, img []byte, w, h int, a Alignment) (*Map, error) {
	if err := a.check(w, h); err != nil {
		return nil, err
	}
	// The picture in grid units, from the grid's start.
	gw := (float64(w) - a.Offset.X) / a.PixelsPerHex
	gh := (float64(h) - a.Offset.Y) / a.PixelsPerHex
	if !(gw <= 2*MaxSide && gh <= 2*MaxSide) { // so that gridHexes cannot overflow
		gw, gh = min(gw, 2*MaxSide), min(gh, 2*MaxSide)
	}
	cols, rows := gridHexes(gw, gh)
	if a.Orientation == Flat {
		rows2, cols2 := gridHexes(gh, gw)
		cols, rows = cols2, rows2
	}
	if cols > MaxSide || rows > MaxSide {
		return nil, fmt.Errorf("a hex of %g pixels makes the %d×%d picture %d×%d hexes, more than the %d a map may have each way: make the hexes larger", a.PixelsPerHex, w, h, cols, rows, MaxSide)
	}
	m, err := New(name, a.Orientation, cols, rows, "floor")
	if err != nil {
		return nil, err
	}
	ref := Layout{Orientation: a.Orientation, Size: hexSize}
	lo, _ := ref.Bounds(m)
	m.Background = &Background{Image: img, PixelsPerHex: a.PixelsPerHex,
		Origin: Point{lo.X - a.Offset.X/a.PixelsPerHex, lo.Y - a.Offset.Y/a.PixelsPerHex}}
	return m, nil
}

// AlignmentOf is the alignment m's grid has on its picture.
func AlignmentOf(m *Map) (Alignment, bool) {
	bg := m.Background
	if bg == nil {
		return Alignment{}, false
	}
	ref := Layout{Orientation: m.Orientation, Size: hexSize}
	lo, _ := ref.Bounds(m)
	return Alignment{Orientation: m.Orientation, PixelsPerHex: bg.PixelsPerHex,
		Offset: Point{(lo.X - bg.Origin.X) * bg.PixelsPerHex, (lo.Y - bg.Origin.Y) * bg.PixelsPerHex}}, true
}

// AlignToCentres is the alignment whose hexes have their centres at the
// three picture points given, the centres of three hexes that touch each
// other (a little triangle): their spacing is the hex's size, the angles
// between them the orientation (pointy grids have neighbours side by
// side, flat ones one above the other), and the grid is shifted so that
// a hex is centred on the first, starting at the picture's top left.
func AlignToCentres(p [3]Point) (Alignment, error) {
	var d [3]float64
	var angles [3]float64
	for i := range 3 {
		a, b := p[i], p[(i+1)%3]
		d[i] = math.Hypot(b.X-a.X, b.Y-a.Y)
		angles[i] = math.Atan2(b.Y-a.Y, b.X-a.X) * 180 / math.Pi
	}
	mean := (d[0] + d[1] + d[2]) / 3
	for _, x := range d {
		if math.Abs(x-mean) > 0.2*mean {
			return Alignment{}, fmt.Errorf("the three points are %.0f, %.0f and %.0f pixels apart: click the centres of three hexes that touch each other", d[0], d[1], d[2])
		}
	}
	if mean < MinPixelsPerHex {
		return Alignment{}, fmt.Errorf("the three points are %.0f pixels apart: a hex is at least %d", mean, MinPixelsPerHex)
	}
	// Neighbours of pointy hexes lie at 0°, 60° and 120° (mod 180°),
	// of flat ones at 30°, 90° and 150°: how far each angle is from the
	// nearest multiple of 60° says which.
	off := 0.0
	for _, a := range angles {
		r := math.Mod(math.Mod(a, 60)+60, 60)
		off += math.Min(r, 60-r)
	}
	o := Pointy
	if off/3 > 15 {
		o = Flat
	}
	// A hex centred on p[0]; the grid starts within one period of the
	// picture's top left, so the picture is covered from its corner.
	ref := Layout{Orientation: o, Size: hexSize}
	one, _ := New("", o, 1, 1, "floor")
	lo, _ := ref.Bounds(one)
	c := ref.ToPixel(Hex{}) // hex A1's centre
	start := Point{p[0].X - (c.X-lo.X)*mean, p[0].Y - (c.Y-lo.Y)*mean}
	// The grid repeats every column and two rows (pointy) or every row
	// and two columns (flat).
	px, py := mean, 3*hexSize*mean
	if o == Flat {
		px, py = 3*hexSize*mean, mean
	}
	start.X -= math.Ceil(start.X/px) * px
	start.Y -= math.Ceil(start.Y/py) * py
	return Alignment{Orientation: o, PixelsPerHex: mean, Offset: start}, nil
}

// ReadMap reads a map from a file's bytes by the file's name: a UVTT file
// (.dd2vtt, .uvtt, .df2vtt) or a Foundry VTT scene (a .json file holding
// one) is imported, a picture becomes a map over it at DefaultAlignment,
// anything else is a hexslinger map file.
func ReadMap(name string, data []byte) (*Map, error) { return readMap(nil, name, data) }

// readMap is ReadMap, telling rd how far it has come, the file's bytes
// read already.
func readMap(rd *reading, name string, data []byte) (*Map, error) {
	switch {
	case IsUVTT(name):
		if len(data) > MaxUVTTSize {
			return nil, fmt.Errorf("larger than the %s a UVTT file may be", sizeText(MaxUVTTSize))
		}
		m, _, err := importUVTT(rd, data, UVTTName(name), 0)
		return m, err
	case IsImage(name):
		w, h, err := checkBackground(rd, data, readShare, 1)
		if err != nil {
			return nil, fmt.Errorf("the picture %w", err)
		}
		return alignedMap(strings.TrimSuffix(baseName(name), filepath.Ext(name)), data, w, h, DefaultAlignment(w, h))
	}
	if IsFoundrySceneName(name) && isFoundryScene(data) {
		var find PictureFinder
		if rd != nil && rd.dir != "" {
			find = PictureBeside(rd.dir)
		}
		return importFoundry(rd, data, FoundryName(name), find)
	}
	if err := rd.at("reading the map", readShare); err != nil {
		return nil, err
	}
	return Decode(bytes.NewReader(data))
}

// OpenMap reads the map file at path as ReadMap reads it; errors name the
// file.
func OpenMap(path string) (*Map, error) { return OpenMapContext(context.Background(), path, nil) }
