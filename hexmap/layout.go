package hexmap

import (
	"fmt"
	"math"
)

// Orientation says whether hexes have a point (Pointy) or a flat side (Flat)
// at the top.
type Orientation int

// The two hex orientations.
const (
	Pointy Orientation = iota
	Flat
)

// String is the orientation's name in map files: "pointy" or "flat".
func (o Orientation) String() string {
	if o == Flat {
		return "flat"
	}
	return "pointy"
}

// ParseOrientation reads "pointy" or "flat".
func ParseOrientation(s string) (Orientation, error) {
	switch s {
	case "pointy", "":
		return Pointy, nil
	case "flat":
		return Flat, nil
	}
	return 0, fmt.Errorf("orientation %q: want \"pointy\" or \"flat\"", s)
}

var (
	pointySides = [6]string{"E", "NE", "NW", "W", "SW", "SE"}
	flatSides   = [6]string{"SE", "NE", "N", "NW", "SW", "S"}
)

// SideNames are the compass names of the six hexsides in this orientation,
// indexed by Direction.
func (o Orientation) SideNames() [6]string {
	if o == Flat {
		return flatSides
	}
	return pointySides
}

// ParseSide reads a hexside's compass name in this orientation.
func (o Orientation) ParseSide(s string) (Direction, error) {
	names := o.SideNames()
	for d, n := range names {
		if n == s {
			return Direction(d), nil
		}
	}
	return 0, fmt.Errorf("hexside %q: want one of %v on a %s map", s, names, o)
}

// Point is a position in pixels.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Layout places hexes on a plane (Red Blob Games' "layout"): Size is the
// distance from a hex's centre to a corner, Origin the pixel centre of hex
// (0,0). Y grows downward, as on a screen.
type Layout struct {
	Orientation Orientation
	Size        float64
	Origin      Point
}

// ToPixel returns the centre of h.
func (l Layout) ToPixel(h Hex) Point {
	q, r := float64(h.Q), float64(h.R)
	var x, y float64
	if l.Orientation == Flat {
		x = 1.5 * q
		y = math.Sqrt(3)/2*q + math.Sqrt(3)*r
	} else {
		x = math.Sqrt(3)*q + math.Sqrt(3)/2*r
		y = 1.5 * r
	}
	return Point{x*l.Size + l.Origin.X, y*l.Size + l.Origin.Y}
}

// FromPixel returns the fractional hex at p; Round it for the hex under p.
func (l Layout) FromPixel(p Point) FracHex {
	x := (p.X - l.Origin.X) / l.Size
	y := (p.Y - l.Origin.Y) / l.Size
	var q, r float64
	if l.Orientation == Flat {
		q = 2.0 / 3 * x
		r = -1.0/3*x + math.Sqrt(3)/3*y
	} else {
		q = math.Sqrt(3)/3*x - 1.0/3*y
		r = 2.0 / 3 * y
	}
	return FracHex{q, r, -q - r}
}

// HexAt returns the hex under pixel p.
func (l Layout) HexAt(p Point) Hex { return l.FromPixel(p).Round() }

// Corners returns the six corners of h, clockwise on screen starting from
// the corner at angle 0 (flat) or 30 degrees (pointy) below the +X axis.
func (l Layout) Corners(h Hex) [6]Point {
	c := l.ToPixel(h)
	var out [6]Point
	dirs := &cornerDirs[0]
	if l.Orientation == Pointy {
		dirs = &cornerDirs[1]
	}
	for i, d := range dirs {
		out[i] = Point{c.X + l.Size*d.X, c.Y + l.Size*d.Y}
	}
	return out
}

// cornerDirs are the directions of a flat hex's corners from its centre,
// and a pointy hex's (Corners), worked out once.
var cornerDirs = func() (dirs [2][6]Point) {
	for o, start := range []float64{0, 30} {
		for i := range dirs[o] {
			a := (start + 60*float64(i)) * math.Pi / 180
			dirs[o][i] = Point{math.Cos(a), math.Sin(a)}
		}
	}
	return dirs
}()

// Edge returns the two ends of hexside d of h.
func (l Layout) Edge(h Hex, d Direction) (Point, Point) {
	// The hexside toward neighbour n lies between the two corners nearest it.
	c := l.Corners(h)
	n := l.ToPixel(h.Neighbor(d))
	best, bestD := 0, math.Inf(1)
	for i := range c {
		m := Point{(c[i].X + c[(i+1)%6].X) / 2, (c[i].Y + c[(i+1)%6].Y) / 2}
		dd := (m.X-n.X)*(m.X-n.X) + (m.Y-n.Y)*(m.Y-n.Y)
		if dd < bestD {
			best, bestD = i, dd
		}
	}
	return c[best], c[(best+1)%6]
}

// HexWidth and HexHeight are the size of one hex's bounding box.
func (l Layout) HexWidth() float64 {
	if l.Orientation == Flat {
		return 2 * l.Size
	}
	return math.Sqrt(3) * l.Size
}

// HexHeight is the height of one hex's bounding box.
func (l Layout) HexHeight() float64 {
	if l.Orientation == Flat {
		return math.Sqrt(3) * l.Size
	}
	return 2 * l.Size
}

// Bounds returns the pixel rectangle (min and max corners) that the hexes of
// m cover in layout l.
func (l Layout) Bounds(m *Map) (Point, Point) {
	lo := Point{math.Inf(1), math.Inf(1)}
	hi := Point{math.Inf(-1), math.Inf(-1)}
	for i, t := range m.terrain {
		if t == 0 {
			continue
		}
		for _, c := range l.Corners(m.hexAt(i)) {
			// Plain comparisons: a corner is never NaN, and math.Min's
			// care for it costs a big map's bounds a third of their time.
			if c.X < lo.X {
				lo.X = c.X
			}
			if c.Y < lo.Y {
				lo.Y = c.Y
			}
			if c.X > hi.X {
				hi.X = c.X
			}
			if c.Y > hi.Y {
				hi.Y = c.Y
			}
		}
	}
	return lo, hi
}

// Fit returns the layout that shows all of m centred in a w×h pixel view
// with margin pixels to spare on every side.
func Fit(m *Map, w, h, margin float64) Layout {
	lo, hi := Layout{Orientation: m.Orientation, Size: 1}.Bounds(m)
	return FitBounds(m.Orientation, lo, hi, w, h, margin)
}

// FitBounds is Fit for a map of orientation o whose bounds at size 1 and
// no offset (Layout.Bounds) are lo and hi, for a caller that keeps them.
func FitBounds(o Orientation, lo, hi Point, w, h, margin float64) Layout {
	if math.IsInf(lo.X, 1) {
		return Layout{Orientation: o, Size: 20}
	}
	size := math.Min((w-2*margin)/(hi.X-lo.X), (h-2*margin)/(hi.Y-lo.Y))
	size = math.Max(size, 4)
	return Layout{Orientation: o, Size: size, Origin: Point{
		X: w/2 - (lo.X+hi.X)/2*size,
		Y: h/2 - (lo.Y+hi.Y)/2*size,
	}}
}
