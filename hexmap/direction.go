package hexmap

import "fmt"

// Direction is one of the six hexsides, numbered 0–5 counterclockwise from
// the +Q side (E on a pointy-top map, SE on a flat-top one). A figure's
// facing is a Direction: the hexside its front points through.
type Direction int

// The six axial direction vectors, indexed by Direction.
var directionVectors = [6]Hex{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

// Directions lists the six hexsides in order.
var Directions = [6]Direction{0, 1, 2, 3, 4, 5}

// Valid reports whether d is one of the six hexsides.
func (d Direction) Valid() bool { return d >= 0 && d < 6 }

// Vector is the axial offset of the neighbour across hexside d.
func (d Direction) Vector() Hex { return directionVectors[d.norm()] }

// Left returns the next hexside counterclockwise.
func (d Direction) Left() Direction { return (d + 1).norm() }

// Right returns the next hexside clockwise.
func (d Direction) Right() Direction { return (d + 5).norm() }

// Opposite returns the hexside across the hex.
func (d Direction) Opposite() Direction { return (d + 3).norm() }

// Turn returns d turned by n hexsides, counterclockwise for positive n.
func (d Direction) Turn(n int) Direction { return (d + Direction(n%6) + 6).norm() }

// Steps is how many hexsides a figure facing d turns to face e: 0 to 3.
func (d Direction) Steps(e Direction) int {
	n := int((e - d).norm())
	if n > 3 {
		n = 6 - n
	}
	return n
}

// String is the hexside's name on a pointy-top map.
func (d Direction) String() string {
	if !d.Valid() {
		return fmt.Sprintf("Direction(%d)", int(d))
	}
	return Pointy.SideNames()[d]
}

func (d Direction) norm() Direction { return ((d % 6) + 6) % 6 }

// Arc is where a hex lies relative to a figure's facing.
type Arc int

// The arcs of TWTW facing (DESIGN.md "facing"): the front is the faced
// hexside and its two neighbours, the rear the opposite hexside, the flanks
// the other two.
const (
	Front Arc = iota
	Flank
	Rear
)

// String names the arc.
func (a Arc) String() string {
	switch a {
	case Front:
		return "front"
	case Flank:
		return "flank"
	case Rear:
		return "rear"
	}
	return fmt.Sprintf("Arc(%d)", int(a))
}

// ArcOf returns the arc of a figure at h facing f in which o lies. The hex
// itself counts as front.
func ArcOf(h Hex, f Direction, o Hex) Arc {
	d, ok := h.DirectionTo(o)
	if !ok {
		return Front
	}
	switch f.Steps(d) {
	case 0, 1:
		return Front
	case 2:
		return Flank
	}
	return Rear
}

// ArrivalSide is the hexside of a target at target through which an attack
// from attacker arrives; false when they share the hex. Compare it with the
// target's facing for the arc (ArcOf).
func ArrivalSide(target, attacker Hex) (Direction, bool) { return target.DirectionTo(attacker) }
