package hexmap

import (
	"reflect"
	"testing"
)

// TestEdgeLineTo: a wall dragged from one hexside to another is a
// connected run of hexsides along the line between them.
func TestEdgeLineTo(t *testing.T) {
	pointy := func(col, row int) Hex { return Pointy.FromOffset(Offset{Col: col, Row: row}) }
	flat := func(col, row int) Hex { return Flat.FromOffset(Offset{Col: col, Row: row}) }
	const (
		pE, pNE, pNW, pW, pSW, pSE = 0, 1, 2, 3, 4, 5 // pointy-top sides
		fSE, fNE, fN, fNW, fSW, fS = 0, 1, 2, 3, 4, 5 // flat-top sides
	)
	for _, c := range []struct {
		name     string
		from, to Edge
		want     []Edge // nil: only the run's properties are checked
		length   int    // when want is nil, the run's length (0: any)
	}{
		{name: "from a side to itself is that side", from: EdgeOf(pointy(3, 3), pE), to: EdgeOf(pointy(3, 3), pE),
			want: []Edge{EdgeOf(pointy(3, 3), pE)}},
		{name: "the same side named from its other hex is that side", from: EdgeOf(pointy(3, 3), pE), to: Edge{pointy(4, 3), pW},
			want: []Edge{EdgeOf(pointy(3, 3), pE)}},
		{name: "two sides of a hex meeting at a corner", from: EdgeOf(pointy(3, 3), pE), to: EdgeOf(pointy(3, 3), pNE),
			want: []Edge{EdgeOf(pointy(3, 3), pE), EdgeOf(pointy(3, 3), pNE)}},
		{name: "pointy: along the foot of a row, three hexes", from: EdgeOf(pointy(2, 4), pSW), to: EdgeOf(pointy(4, 4), pSE),
			want: []Edge{
				EdgeOf(pointy(2, 4), pSW), EdgeOf(pointy(2, 4), pSE),
				EdgeOf(pointy(3, 4), pSW), EdgeOf(pointy(3, 4), pSE),
				EdgeOf(pointy(4, 4), pSW), EdgeOf(pointy(4, 4), pSE),
			}},
		{name: "pointy: along the foot of a row, right to left", from: EdgeOf(pointy(4, 4), pSE), to: EdgeOf(pointy(2, 4), pSW),
			want: []Edge{
				EdgeOf(pointy(4, 4), pSE), EdgeOf(pointy(4, 4), pSW),
				EdgeOf(pointy(3, 4), pSE), EdgeOf(pointy(3, 4), pSW),
				EdgeOf(pointy(2, 4), pSE), EdgeOf(pointy(2, 4), pSW),
			}},
		{name: "pointy: a long row boundary with its end sides only", from: EdgeOf(pointy(0, 0), pSW), to: EdgeOf(pointy(9, 0), pSE),
			length: 20},
		{name: "pointy: down the east side of a column of hexes", from: EdgeOf(pointy(3, 0), pE), to: EdgeOf(pointy(3, 6), pE),
			length: 13},
		{name: "pointy: a diagonal", from: EdgeOf(pointy(1, 1), pSE), to: EdgeOf(pointy(8, 9), pNW)},
		{name: "flat: down the west side of a column", from: EdgeOf(flat(3, 2), fNW), to: EdgeOf(flat(3, 3), fSW),
			want: []Edge{
				EdgeOf(flat(3, 2), fNW), EdgeOf(flat(3, 2), fSW),
				EdgeOf(flat(3, 3), fNW), EdgeOf(flat(3, 3), fSW),
			}},
		{name: "flat: along the tops of a row", from: EdgeOf(flat(1, 2), fN), to: EdgeOf(flat(7, 2), fN)},
		{name: "flat: a diagonal", from: EdgeOf(flat(0, 0), fS), to: EdgeOf(flat(6, 9), fNE)},
		{name: "opposite sides of one hex go round it", from: EdgeOf(pointy(3, 3), pE), to: EdgeOf(pointy(3, 3), pW),
			length: 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := c.from.LineTo(c.to)
			if c.want != nil && !reflect.DeepEqual(got, c.want) {
				t.Fatalf("%v to %v: got %v, want %v", c.from, c.to, got, c.want)
			}
			if c.length != 0 && len(got) != c.length {
				t.Errorf("%v to %v: %d hexsides %v, want %d", c.from, c.to, len(got), got, c.length)
			}
			checkRun(t, got, EdgeOf(c.from.Hex, c.from.Side), EdgeOf(c.to.Hex, c.to.Side))
			// Back the other way: the same number of hexsides.
			if back := c.to.LineTo(c.from); len(back) != len(got) {
				t.Errorf("back from %v: %d hexsides, there %d", c.to, len(back), len(got))
			}
		})
	}
}

// checkRun holds the run to what a wall needs: it starts and ends on the
// sides dragged between, each side shares a corner with the next, no side
// comes twice, and every side lies within a hex of the straight line.
func checkRun(t *testing.T, run []Edge, from, to Edge) {
	t.Helper()
	if len(run) == 0 || run[0] != from || run[len(run)-1] != to {
		t.Fatalf("the run %v does not go from %v to %v", run, from, to)
	}
	seen := map[Edge]bool{}
	mid := func(e Edge) Point {
		a, b := e.ends()
		p, q := a.point(), b.point()
		return Point{X: (p.X + q.X) / 2, Y: (p.Y + q.Y) / 2}
	}
	for i, e := range run {
		if seen[e] {
			t.Errorf("hexside %v comes twice in %v", e, run)
		}
		seen[e] = true
		if e != EdgeOf(e.Hex, e.Side) {
			t.Errorf("hexside %v is not in canonical form", e)
		}
		if d := segmentDistance(mid(e), mid(from), mid(to)); d > 1 {
			t.Errorf("hexside %v lies %.2f hex sizes off the line", e, d)
		}
		if i == 0 {
			continue
		}
		a1, a2 := run[i-1].ends()
		b1, b2 := e.ends()
		if a1 != b1 && a1 != b2 && a2 != b1 && a2 != b2 {
			t.Errorf("hexsides %v and %v share no corner", run[i-1], e)
		}
	}
}

// BenchmarkEdgeLineTo: a wall across a 60-hex map, recomputed while the
// pointer moves; it must stay well under a frame (1 ms).
func BenchmarkEdgeLineTo(b *testing.B) {
	from, to := EdgeOf(Hex{0, 0}, 0), EdgeOf(Pointy.FromOffset(Offset{Col: 50, Row: 40}), 3)
	for b.Loop() {
		from.LineTo(to)
	}
}
