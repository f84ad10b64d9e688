package hexmap

import (
	"fmt"
	"math"
)

// Hex is a hex in axial coordinates (Red Blob Games' "axial"): Q grows toward
// direction E (pointy-top), R toward SE. The third cube coordinate is
// S = -Q-R. Hex is a small comparable value, usable as a map key.
type Hex struct {
	Q int `json:"q"`
	R int `json:"r"`
}

// S returns the third cube coordinate, -Q-R.
func (h Hex) S() int { return -h.Q - h.R }

// Add returns h+o.
func (h Hex) Add(o Hex) Hex { return Hex{h.Q + o.Q, h.R + o.R} }

// Sub returns h-o.
func (h Hex) Sub(o Hex) Hex { return Hex{h.Q - o.Q, h.R - o.R} }

// Scale returns h multiplied by k.
func (h Hex) Scale(k int) Hex { return Hex{h.Q * k, h.R * k} }

// Neighbor returns the hex next to h across hexside d.
func (h Hex) Neighbor(d Direction) Hex { return h.Add(d.Vector()) }

// Length is the distance from the origin in hexes.
func (h Hex) Length() int {
	return (abs(h.Q) + abs(h.R) + abs(h.S())) / 2
}

// DistanceTo is the number of hex steps from h to o.
func (h Hex) DistanceTo(o Hex) int { return h.Sub(o).Length() }

// String formats h as "(q,r)".
func (h Hex) String() string { return fmt.Sprintf("(%d,%d)", h.Q, h.R) }

// DirectionTo returns the hexside of h that o lies most directly beyond, and
// false when o is h itself. Ties between two hexsides (o exactly on the line
// between two directions) go to the lower-numbered one.
func (h Hex) DirectionTo(o Hex) (Direction, bool) {
	if h == o {
		return 0, false
	}
	a := h.center()
	b := o.center()
	dx, dy := b.x-a.x, b.y-a.y
	best, bestDot := Direction(0), math.Inf(-1)
	for d := Direction(0); d < 6; d++ {
		v := d.Vector().center()
		dot := dx*v.x + dy*v.y
		if dot > bestDot+1e-9 {
			best, bestDot = d, dot
		}
	}
	return best, true
}

// center is the hex's centre in a unit pointy-top layout; it gives angles
// that are the same in every orientation's axial frame.
func (h Hex) center() fpoint {
	return fpoint{math.Sqrt(3) * (float64(h.Q) + float64(h.R)/2), 1.5 * float64(h.R)}
}

type fpoint struct{ x, y float64 }

// FracHex is a hex in fractional cube coordinates, as produced by pixel
// conversion and line interpolation; Round gives the hex it lies in.
type FracHex struct {
	Q, R, S float64
}

// Round returns the hex containing f (Red Blob Games' cube rounding).
func (f FracHex) Round() Hex {
	q, r, s := math.Round(f.Q), math.Round(f.R), math.Round(f.S)
	dq, dr, ds := math.Abs(q-f.Q), math.Abs(r-f.R), math.Abs(s-f.S)
	switch {
	case dq > dr && dq > ds:
		q = -r - s
	case dr > ds:
		r = -q - s
	}
	return Hex{int(q), int(r)}
}

func lerp(a, b, t float64) float64 { return a + (b-a)*t }

// LineTo returns the hexes on the straight line from h to o, both included:
// h.DistanceTo(o)+1 hexes. Endpoints are nudged by a small epsilon so that a
// line running exactly along a hex edge always picks the same side.
func (h Hex) LineTo(o Hex) []Hex {
	n := h.DistanceTo(o)
	out := make([]Hex, 0, n+1)
	const eps = 1e-6
	aq, ar, as := float64(h.Q)+eps, float64(h.R)+eps, float64(h.S())-2*eps
	bq, br, bs := float64(o.Q)+eps, float64(o.R)+eps, float64(o.S())-2*eps
	for i := 0; i <= n; i++ {
		t := 0.0
		if n > 0 {
			t = float64(i) / float64(n)
		}
		out = append(out, FracHex{lerp(aq, bq, t), lerp(ar, br, t), lerp(as, bs, t)}.Round())
	}
	return out
}

// Ring returns the hexes at exactly radius steps from h, starting in
// direction SW (Red Blob Games' order) and walking around; radius 0 gives h.
func (h Hex) Ring(radius int) []Hex {
	if radius <= 0 {
		return []Hex{h}
	}
	out := make([]Hex, 0, 6*radius)
	c := h.Add(Direction(4).Vector().Scale(radius))
	for d := Direction(0); d < 6; d++ {
		for j := 0; j < radius; j++ {
			out = append(out, c)
			c = c.Neighbor(d)
		}
	}
	return out
}

// Spiral returns h and then the rings around it out to radius, in order.
func (h Hex) Spiral(radius int) []Hex {
	out := []Hex{h}
	for k := 1; k <= radius; k++ {
		out = append(out, h.Ring(k)...)
	}
	return out
}

// RotateRight returns h rotated 60 degrees clockwise about the origin.
func (h Hex) RotateRight() Hex { return Hex{-h.R, -h.S()} }

// RotateLeft returns h rotated 60 degrees counterclockwise about the origin.
func (h Hex) RotateLeft() Hex { return Hex{-h.S(), -h.Q} }

// ReflectQ mirrors h across the Q axis (swapping R and S).
func (h Hex) ReflectQ() Hex { return Hex{h.Q, h.S()} }

// ReflectR mirrors h across the R axis (swapping Q and S).
func (h Hex) ReflectR() Hex { return Hex{h.S(), h.R} }

// ReflectS mirrors h across the S axis (swapping Q and R).
func (h Hex) ReflectS() Hex { return Hex{h.R, h.Q} }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
