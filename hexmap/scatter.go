package hexmap

import (
	"fmt"
	"math"
)

// Scatter returns the hex where a thrown object that missed lands (TWTW
// Conflict: Throwing; DESIGN.md "scatter"): the action card's clock face is
// laid on the target with 6 toward the thrower and 12 straight on, and the
// object lands paces from the target in the direction of clock (1–12),
// rounded to the nearest hex. scale is paces per hex. A throw at the
// thrower's own hex scatters as if thrown toward the first hexside.
func Scatter(thrower, target Hex, clock int, paces, scale float64) (Hex, error) {
	if clock < 1 || clock > 12 {
		return Hex{}, fmt.Errorf("clock direction %d: want 1 to 12", clock)
	}
	if paces < 0 || scale <= 0 {
		return Hex{}, fmt.Errorf("scatter of %g paces at %g paces a hex", paces, scale)
	}
	l := Layout{Orientation: Pointy, Size: 1}
	t := l.ToPixel(target)
	ux, uy := 1.0, 0.0
	if thrower != target {
		f := l.ToPixel(thrower)
		ux, uy = t.X-f.X, t.Y-f.Y
		n := math.Hypot(ux, uy)
		ux, uy = ux/n, uy/n
	}
	// Clockwise on the map (y grows downward) by 30 degrees an hour.
	a := float64(clock%12) * math.Pi / 6
	dx := ux*math.Cos(a) - uy*math.Sin(a)
	dy := ux*math.Sin(a) + uy*math.Cos(a)
	dist := paces / scale * math.Sqrt(3) // hex centres are √3 apart at size 1
	return l.HexAt(Point{t.X + dx*dist, t.Y + dy*dist}), nil
}
