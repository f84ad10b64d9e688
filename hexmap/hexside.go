package hexmap

import (
	"container/heap"
	"math"
)

// corner is a hex corner on an integer lattice: hex (q,r)'s centre sits at
// (2q+r, 3r) and its corners at cornerOffsets from it, so that, in a
// pointy-top layout of size 1, lattice point (x, y) is pixel (x·√3/2, y/2).
// Three hexsides meet at every corner. A flat-top map is the same lattice
// seen in a mirror, so a line straight on one is straight on the other.
type corner struct{ x, y int }

// cornerOffsets are a hex's six corners from its centre, clockwise on
// screen from the lower right one (Layout.Corners' order on a pointy map).
var cornerOffsets = [6]corner{{1, 1}, {0, 2}, {-1, 1}, {-1, -1}, {0, -2}, {1, -1}}

func latticeCentre(h Hex) corner { return corner{2*h.Q + h.R, 3 * h.R} }

func (c corner) add(o corner) corner { return corner{c.x + o.x, c.y + o.y} }

func (c corner) sub(o corner) corner { return corner{c.x - o.x, c.y - o.y} }

// point is the corner's position in hex sizes (the pointy frame).
func (c corner) point() Point { return Point{X: float64(c.x) * math.Sqrt(3) / 2, Y: float64(c.y) / 2} }

// next are the three corners one hexside away. A corner whose y is 2 more
// than a multiple of 3 has hexsides up-left, up-right and straight down;
// the others (1 more) down-left, down-right and straight up.
func (c corner) next() [3]corner {
	if ((c.y%3)+3)%3 == 2 {
		return [3]corner{{c.x - 1, c.y - 1}, {c.x + 1, c.y - 1}, {c.x, c.y + 2}}
	}
	return [3]corner{{c.x - 1, c.y + 1}, {c.x + 1, c.y + 1}, {c.x, c.y - 2}}
}

// ends returns the two corners hexside e runs between.
func (e Edge) ends() (corner, corner) {
	c, d := latticeCentre(e.Hex), int(e.Side.norm())
	return c.add(cornerOffsets[(11-d)%6]), c.add(cornerOffsets[(12-d)%6])
}

// edgeBetween is the hexside joining two neighbouring corners.
func edgeBetween(a, b corner) Edge {
	for _, off := range cornerOffsets {
		c := a.sub(off)
		if c.y%3 != 0 || (c.x-c.y/3)%2 != 0 {
			continue // not a hex's centre
		}
		h := Hex{Q: (c.x - c.y/3) / 2, R: c.y / 3}
		for _, d := range Directions {
			if p, q := EdgeOf(h, d).ends(); (p == a && q == b) || (p == b && q == a) {
				return EdgeOf(h, d)
			}
		}
	}
	return Edge{} // a and b are not neighbours: not reached
}

// LineTo returns the hexsides of a connected run from e to o, both
// included: each shares a corner with the next, and the run follows the
// straight line between the two hexsides' midpoints as closely as a run of
// the fewest hexsides can. A wall drawn from one hexside to another is
// this run. From a hexside to itself it is that hexside alone. The
// hexsides are in canonical form (EdgeOf).
func (e Edge) LineTo(o Edge) []Edge {
	e, o = EdgeOf(e.Hex, e.Side), EdgeOf(o.Hex, o.Side)
	if e == o {
		return []Edge{e}
	}
	a1, a2 := e.ends()
	b1, b2 := o.ends()
	mid := func(p, q corner) Point {
		pp, qp := p.point(), q.point()
		return Point{X: (pp.X + qp.X) / 2, Y: (pp.Y + qp.Y) / 2}
	}
	from, to := mid(a1, a2), mid(b1, b2)
	// A search along a corridor about the line, widened if it finds no
	// way (it always does: the corridor holds a run of the fewest sides).
	for _, width := range []float64{2, math.Inf(1)} {
		if run, ok := sideSearch(a1, a2, b1, b2, from, to, width); ok {
			out := append([]Edge{e}, run...)
			return append(out, o)
		}
	}
	return []Edge{e, o} // not reached
}

// sideSearch finds the fewest hexsides from either of corners a1, a2 to
// either of b1, b2, the nearest the line from–to among those, going only
// through corners within width of the line and the box about both ends.
func sideSearch(a1, a2, b1, b2 corner, from, to Point, width float64) ([]Edge, bool) {
	lo := corner{min(a1.x, a2.x, b1.x, b2.x) - 3, min(a1.y, a2.y, b1.y, b2.y) - 3}
	hi := corner{max(a1.x, a2.x, b1.x, b2.x) + 3, max(a1.y, a2.y, b1.y, b2.y) + 3}
	inside := func(c corner) bool {
		if c.x < lo.x || c.y < lo.y || c.x > hi.x || c.y > hi.y {
			return false
		}
		return segmentDistance(c.point(), from, to) <= width
	}
	type seen struct {
		cost sideCost
		prev corner
		done bool
	}
	nodes := map[corner]*seen{a1: {}, a2: {}}
	q := &sideQueue{{c: a1}, {c: a2}}
	heap.Init(q)
	for q.Len() > 0 {
		it := heap.Pop(q).(sideItem)
		n := nodes[it.c]
		if n.done || n.cost != it.cost {
			continue
		}
		n.done = true
		if it.c == b1 || it.c == b2 {
			var run []Edge
			for c := it.c; c != a1 && c != a2; c = nodes[c].prev {
				run = append(run, edgeBetween(nodes[c].prev, c))
			}
			for i, j := 0, len(run)-1; i < j; i, j = i+1, j-1 {
				run[i], run[j] = run[j], run[i]
			}
			return run, true
		}
		for _, nx := range it.c.next() {
			if !inside(nx) {
				continue
			}
			p, r := it.c.point(), nx.point()
			off := segmentDistance(Point{X: (p.X + r.X) / 2, Y: (p.Y + r.Y) / 2}, from, to)
			c := sideCost{it.cost.steps + 1, it.cost.off + off}
			if m, ok := nodes[nx]; ok && (m.done || !c.less(m.cost)) {
				continue
			}
			nodes[nx] = &seen{cost: c, prev: it.c}
			heap.Push(q, sideItem{c: nx, cost: c})
		}
	}
	return nil, false
}

// segmentDistance is the distance from p to the segment a–b.
func segmentDistance(p, a, b Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l))
	}
	return math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy)
}

// sideCost orders runs of hexsides: the fewest first, then the nearest
// their line (the sum of their midpoints' distances from it).
type sideCost struct {
	steps int
	off   float64
}

func (c sideCost) less(o sideCost) bool {
	if c.steps != o.steps {
		return c.steps < o.steps
	}
	return c.off < o.off-1e-9
}

type sideItem struct {
	c    corner
	cost sideCost
}

// sideQueue is a heap of corners by cost, ties broken by position so that
// the same two hexsides always give the same run.
type sideQueue []sideItem

func (q sideQueue) Len() int { return len(q) }
func (q sideQueue) Less(i, j int) bool {
	a, b := q[i], q[j]
	switch {
	case a.cost.less(b.cost):
		return true
	case b.cost.less(a.cost):
		return false
	case a.c.x != b.c.x:
		return a.c.x < b.c.x
	}
	return a.c.y < b.c.y
}
func (q sideQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *sideQueue) Push(x any)   { *q = append(*q, x.(sideItem)) }
func (q *sideQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
