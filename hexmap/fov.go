package hexmap

import (
	"math"
	"math/bits"
)

// FOV is a figure's field of view: the hexes of a map a figure at one hex
// sees, each as Map.SightLine would find it (clear, and partly when only
// one of the two nudged lines is open). It is a bitset over the map's
// cells; Map.FieldOfViewInto fills one again without allocating.
type FOV struct {
	orient        Orientation
	width, height int
	from          Hex
	rng           int
	seen, partial []uint64 // by cell index
	count         int

	// Scratch kept for the next call: each nudged line's shadow, the
	// blockers of one ring, the cells of the last two rings, and what the
	// map's interned features do to sight.
	sh         [2]shadow
	tmp, upd   shadow
	spans      []span
	ring, prev []int32
	sightFeat  []bool // feats[k] closes a line on a hexside
	fullFeat   []bool // feats[k] closes a line in a hex
}

// FieldOfView returns what a figure at from sees of the hexes within rng
// hexes of it (rng <= 0: the whole map). A hex h is in it exactly when
// m.SightLine(from, h).Clear, and partly exactly when .Partial. A from off
// the map sees nothing.
func (m *Map) FieldOfView(from Hex, rng int) *FOV { return m.FieldOfViewInto(nil, from, rng) }

// Sees reports whether the figure sees h.
func (f *FOV) Sees(h Hex) bool { return f.bit(f.seen, h) }

// Partial reports whether the figure sees h only partly, as around a
// corner: one of the two nudged lines of sight is open, the other closed.
func (f *FOV) Partial(h Hex) bool { return f.bit(f.partial, h) }

// From is the hex the figure sees from, and Range the distance it looks to
// (0: the whole map).
func (f *FOV) From() Hex { return f.from }

// Range is the distance the field of view reaches (0: the whole map).
func (f *FOV) Range() int { return f.rng }

// Len is how many hexes the figure sees, its own included.
func (f *FOV) Len() int { return f.count }

// Hexes lists the hexes seen, row by row.
func (f *FOV) Hexes() []Hex {
	out := make([]Hex, 0, f.count)
	for w, word := range f.seen {
		for word != 0 {
			i := w*64 + bits.TrailingZeros64(word)
			word &= word - 1
			out = append(out, f.orient.FromOffset(Offset{i % f.width, i / f.width}))
		}
	}
	return out
}

func (f *FOV) bit(set []uint64, h Hex) bool {
	var col, row int
	if f.orient == Flat {
		col, row = h.Q, h.R+h.Q>>1
	} else {
		col, row = h.Q+h.R>>1, h.R
	}
	if col < 0 || row < 0 || col >= f.width || row >= f.height {
		return false
	}
	i := row*f.width + col
	return set[i>>6]&(1<<(i&63)) != 0
}

// mark puts cell i in the field of view.
func (f *FOV) mark(i int, partly bool) {
	if f.seen[i>>6]&(1<<(i&63)) == 0 {
		f.count++
	}
	f.seen[i>>6] |= 1 << (i & 63)
	if partly {
		f.partial[i>>6] |= 1 << (i & 63)
	}
}

func (f *FOV) reset(m *Map, from Hex, rng int) {
	f.orient, f.width, f.height, f.from, f.rng, f.count = m.Orientation, m.Width, m.Height, from, max(rng, 0), 0
	words := (m.Width*m.Height + 63) / 64
	f.seen = grow(f.seen, words)
	f.partial = grow(f.partial, words)
	clear(f.seen)
	clear(f.partial)
	f.sightFeat, f.fullFeat = f.sightFeat[:0], f.fullFeat[:0]
	for _, ft := range m.feats {
		f.sightFeat = append(f.sightFeat, ft.Kind != "" && ft.BlocksSight())
		f.fullFeat = append(f.fullFeat, ft.Kind != "" && ft.Height == Full)
	}
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// FieldOfViewInto is FieldOfView filling dst (nil: a new one), reusing its
// memory, and returning it.
//
// How: the hexes around from fall in six sextants, each between two
// neighbouring directions v0 and v1. A target a·v0 + b·v1 of the sextant,
// n = a + b hexes away, has its line walked (lineWalk) through the hex
// (i−y)·v0 + y·v1 at step i, y the rounding of i·s, s = b/n: rounded down
// at a tie (a corner grazed) by one nudged line, up by the other. So the
// lines through a hex at step i are those whose slope s lies in one
// interval, [(y−½)/i, (y+½)/i), whatever their length: a sextant is swept
// ring by ring, keeping for each of the two lines a piecewise constant
// shadow over s, the highest thing the line has met so far: +∞ for a
// sight-blocking hexside or hex, and for ground the slope (E−eye)/i of
// its height above the viewer's eye over its distance. A target is seen
// along a line unless the shadow at its slope stands above its eye's slope
// (Eₜ−E)/n: exactly traceStep's test of the ground against the eye line,
// in exact fractions (see shadow).
func (m *Map) FieldOfViewInto(dst *FOV, from Hex, rng int) *FOV {
	f := dst
	if f == nil {
		f = new(FOV)
	}
	f.reset(m, from, rng)
	fi := m.index(from)
	if fi < 0 || m.terrain[fi] == 0 {
		return f
	}
	f.mark(fi, false)
	reach := m.reach(from)
	if rng <= 0 || rng > reach {
		rng = reach
	}
	ea := int(m.elevation[fi])
	// Ground lower than this closes no line: a line's eye is never below
	// the lower of its two ends' eyes.
	high := min(ea, m.lowestGround()) + 2
	flags, _ := m.cellFlags()
	for d := Direction(0); d < 6; d++ {
		f.sextant(m, flags, from, d, rng, ea, high)
	}
	return f
}

// reach is the distance from h to the farthest hex of the map's rectangle:
// one on its border.
func (m *Map) reach(h Hex) int {
	far := 0
	see := func(col, row int) {
		far = max(far, h.DistanceTo(m.Orientation.FromOffset(Offset{col, row})))
	}
	for c := 0; c < m.Width; c++ {
		see(c, 0)
		see(c, m.Height-1)
	}
	for r := 0; r < m.Height; r++ {
		see(0, r)
		see(m.Width-1, r)
	}
	return far
}

// lowestGround is the lowest elevation of a hex of the map.
func (m *Map) lowestGround() int {
	low := math.MaxInt
	for i, e := range m.elevation {
		if int(e) < low && m.terrain[i] != 0 {
			low = int(e)
		}
	}
	return low
}

// sextant sweeps the hexes between directions d and d+1 ring by ring.
func (f *FOV) sextant(m *Map, flags []uint8, from Hex, d0 Direction, rng, ea, high int) {
	d1 := (d0 + 1) % 6
	v0, v1 := directionVectors[d0], directionVectors[d1]
	w := v1.Sub(v0)
	for k := range f.sh {
		f.sh[k].reset()
	}
	f.spans = f.spans[:0]
	f.prev = append(f.prev[:0], int32(m.index(from)))
	outside := len(m.edgesOut) > 0
	inf := math.Inf(1)
	for n := 1; n <= rng; n++ {
		// The hexes of ring n−1 that close a line shadow ring n on.
		if len(f.spans) > 0 {
			f.raise()
		}
		base := from.Add(v0.Scale(n))
		f.ring = f.ring[:0]
		for y := 0; y <= n; y++ {
			f.ring = append(f.ring, int32(m.index(base.Add(w.Scale(y)))))
		}
		// The hexsides crossed into ring n: from hex y−1 of ring n−1 along
		// v1, or from hex y along v0.
		f.spans = f.spans[:0]
		den0, den1 := float64(2*n-2), float64(2*n)
		for y := 0; y <= n; y++ {
			c := base.Add(w.Scale(y))
			ci := int(f.ring[y])
			for k := 0; k < 2; k++ {
				py, d, v := y-1+k, d1, v1
				if k == 1 {
					d, v = d0, v0
				}
				if py < 0 || py > n-1 {
					continue
				}
				if !m.sightEdge(f, flags, c.Sub(v), int(f.prev[py]), ci, d, outside) {
					continue
				}
				lo, hi := float64(2*y-1)/den1, float64(2*y+1)/den1
				if n > 1 {
					lo = max(lo, float64(2*py-1)/den0)
					hi = min(hi, float64(2*py+1)/den0)
				}
				if lo < hi {
					f.spans = append(f.spans, span{lo, hi, inf})
				}
			}
		}
		if len(f.spans) > 0 {
			f.raise()
		}
		// The targets of ring n, and what of it shadows the rings beyond.
		f.spans = f.spans[:0]
		nf := float64(n)
		var p [2]int
		lo, up := &f.sh[0], &f.sh[1] // ties rounded down, and up
		for y := 0; y <= n; y++ {
			ci := int(f.ring[y])
			if ci < 0 || m.terrain[ci] == 0 {
				continue
			}
			s := float64(y) / nf
			for p[0] < len(lo.bp) && lo.bp[p[0]] < s {
				p[0]++
			}
			for p[1] < len(up.bp) && up.bp[p[1]] <= s {
				p[1]++
			}
			e := int(m.elevation[ci])
			eye := float64(e-ea) / nf
			a, b := !(lo.val[p[0]] > eye), !(up.val[p[1]] > eye)
			if a || b {
				f.mark(ci, a != b)
			}
			fl := flags[ci]
			var v float64
			switch {
			case fl&flagSightTerrain != 0 || fl&flagFeature != 0 && f.fullFeat[m.features[ci]]:
				v = inf
			case e >= high:
				v = float64(2*(e-ea)-3) / float64(2*n)
			default:
				continue
			}
			f.spans = append(f.spans, span{float64(2*y-1) / den1, float64(2*y+1) / den1, v})
		}
		f.prev, f.ring = f.ring, f.prev
	}
}

// sightEdge reports whether hexside d of p (cell pi), into c (cell ci),
// closes a line of sight.
func (m *Map) sightEdge(f *FOV, flags []uint8, p Hex, pi, ci int, d Direction, outside bool) bool {
	if d < 3 {
		if pi >= 0 {
			return flags[pi]&(flagEdge0<<d) != 0 && f.sightFeat[m.edges[3*pi+int(d)]]
		}
	} else if ci >= 0 {
		return flags[ci]&(flagEdge0<<(d-3)) != 0 && f.sightFeat[m.edges[3*ci+int(d)-3]]
	}
	if !outside {
		return false
	}
	e, ok := m.EdgeFeature(p, d)
	return ok && e.BlocksSight()
}

// span is one blocker's shadow: value v over slopes lo to hi.
type span struct{ lo, hi, v float64 }

// shadow is a piecewise constant function of a line's slope s: val[k]
// between bp[k−1] and bp[k] (val[0] below bp[0], the last above the last
// bp). The line that rounds ties down takes each piece as (bp[k−1],
// bp[k]], the one that rounds them up as [bp[k−1], bp[k]), as the
// intervals of slopes through one hex are.
//
// Slopes and heights are fractions p/q with q at most 2·(2·MaxSide), kept
// as float64: two different such fractions, no larger than 2·MaxElevation,
// lie further apart than their rounding errors, and equal ones round
// alike, so comparing the floats compares the fractions exactly.
type shadow struct {
	bp  []float64
	val []float64
}

func (s *shadow) reset() {
	s.bp = s.bp[:0]
	s.val = append(s.val[:0], math.Inf(-1))
}

// raise lifts both lines' shadows to the spans' values where higher.
func (f *FOV) raise() {
	// The spans as a shadow: they come in order, and do not overlap.
	u := &f.upd
	u.reset()
	none := math.Inf(-1)
	for _, sp := range f.spans {
		if n := len(u.bp); n > 0 && u.bp[n-1] == sp.lo {
			if u.val[n-1] == sp.v {
				u.bp[n-1] = sp.hi // the same value on: one span
				continue
			}
			u.val[n] = sp.v
			u.bp = append(u.bp, sp.hi)
			u.val = append(u.val, none)
			continue
		}
		u.bp = append(u.bp, sp.lo, sp.hi)
		u.val = append(u.val, sp.v, none)
	}
	for k := range f.sh {
		maxShadow(&f.tmp, &f.sh[k], u)
		f.sh[k], f.tmp = f.tmp, f.sh[k]
	}
}

// maxShadow sets dst to the higher of a and b at each slope.
func maxShadow(dst, a, b *shadow) {
	dst.bp = dst.bp[:0]
	cur := max(a.val[0], b.val[0])
	dst.val = append(dst.val[:0], cur)
	i, j := 0, 0
	for i < len(a.bp) || j < len(b.bp) {
		var x float64
		switch {
		case j == len(b.bp) || i < len(a.bp) && a.bp[i] < b.bp[j]:
			x = a.bp[i]
			i++
		case i == len(a.bp) || b.bp[j] < a.bp[i]:
			x = b.bp[j]
			j++
		default:
			x = a.bp[i]
			i++
			j++
		}
		if v := max(a.val[i], b.val[j]); v != cur {
			dst.bp = append(dst.bp, x)
			dst.val = append(dst.val, v)
			cur = v
		}
	}
}
