package hexmap

import (
	"math"
	"math/bits"
	"slices"
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
	seen, partial []uint64 // by cell index, from word base on
	base          int      // the word of the map's cells seen[0] is (Compact)
	count         int
	// reach is the cells a line of sight from the viewer may enter before
	// anything closes it (Reaches), from word rbase on; top is the highest
	// ground of the map the lines were drawn over.
	reach []uint64
	rbase int
	top   int

	// Scratch kept for the next call: each nudged line's shadow, the
	// blockers of one ring and the slopes still open.
	sh, tmp, upd shadow
	spans        []span
	open, after  []openRun
	// openMax is at least the value of every piece of the shadow open
	// to a target (as openSlopes lists them): while top stays at or above
	// it, raising the shadow closes no run outside the pieces it changes.
	openMax float64
}

// FieldOfView returns what a figure at from sees of the hexes within rng
// hexes of it (rng <= 0: the whole map). A hex h is in it exactly when
// m.SightLine(from, h).Clear, and partly exactly when .Partial. A from off
// the map sees nothing.
func (m *Map) FieldOfView(from Hex, rng int) *FOV { return m.FieldOfViewInto(nil, from, rng) }

// Compact is f without its scratch space: what a figure sees, to keep
// (a field of view worked out keeps the scratch of the work for the next
// call, more than the answer itself), and of its cells only the words from
// the first seen to the last.
func (f *FOV) Compact() *FOV {
	lo, hi := 0, len(f.seen)
	for lo < hi && f.seen[lo] == 0 {
		lo++
	}
	for hi > lo && f.seen[hi-1] == 0 {
		hi--
	}
	rlo, rhi := 0, len(f.reach)
	for rlo < rhi && f.reach[rlo] == 0 {
		rlo++
	}
	for rhi > rlo && f.reach[rhi-1] == 0 {
		rhi--
	}
	return &FOV{orient: f.orient, width: f.width, height: f.height, from: f.from, rng: f.rng,
		seen: slices.Clone(f.seen[lo:hi]), partial: slices.Clone(f.partial[lo:hi]), base: f.base + lo, count: f.count,
		reach: slices.Clone(f.reach[rlo:rhi]), rbase: f.rbase + rlo, top: f.top}
}

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
			i := (f.base+w)*64 + bits.TrailingZeros64(word)
			word &= word - 1
			out = append(out, f.orient.FromOffset(Offset{i % f.width, i / f.width}))
		}
	}
	return out
}

// Reaches reports whether a change at h (its terrain, ground or feature,
// or a feature on one of its hexsides) may change this field of view,
// when h's ground afterwards stands no higher than Top: whether a line of
// sight from the viewer, to any hex of the map, may come to h with
// nothing before it closing it (h the viewer's own hex included). Outside
// that, the field of view is the same after the change:
//
// A hex t is seen exactly as Map.SightLine finds it, and each of its two
// nudged lines is decided by the viewer's and t's ground (the eyes) and,
// step by step, by the hexsides and hexes it crosses up to the first that
// closes it: nothing after that is looked at. So a change to a set of
// hexes H changes the line to a t outside H only if the line comes to a
// hex of H open, the first of them it meets (up to there nothing
// changed); a hexside's change, only if the line crosses it open, when it
// comes open to both its hexes (or starts in one). The line to a t in H
// also has t's new eye: if it is open after the change, the first changed
// hex it meets (t itself at the latest) it comes to open, its eye being no
// higher above the viewer per hex than the highest ground's (Top), as
// every line the sweep below counts. And a t in H seen before the change
// was come to open. So a hex h of H with !Reaches(h), and new ground at
// most Top, changes nothing; with ground above Top, h may come into view.
//
// Lines into a hex that merely neighbours a seen one are not enough: a
// line to a tower beyond a valley that a ridge hides passes over the
// valley's hexes unseen; raise one and the tower is out of sight.
//
// The sweep of FieldOfViewInto finds these hexes as it goes: it looks at
// each hex of a ring whose slopes meet one the shadow leaves open to a
// target up to the highest ground (openSlopes), which every line that
// comes to the hex open has.
func (f *FOV) Reaches(h Hex) bool {
	col, row, ok := f.cell(h)
	if !ok {
		return false
	}
	i := row*f.width + col
	w := i>>6 - f.rbase
	return w >= 0 && w < len(f.reach) && f.reach[w]&(1<<(i&63)) != 0
}

// Top is the highest ground of the map when the field of view was made:
// a hex raised above it may come into view wherever it is (see Reaches).
func (f *FOV) Top() int { return f.top }

func (f *FOV) cell(h Hex) (col, row int, ok bool) {
	if f.orient == Flat {
		col, row = h.Q, h.R+h.Q>>1
	} else {
		col, row = h.Q+h.R>>1, h.R
	}
	return col, row, col >= 0 && row >= 0 && col < f.width && row < f.height
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
	w := i>>6 - f.base
	return w >= 0 && w < len(set) && set[w]&(1<<(i&63)) != 0
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
	f.orient, f.width, f.height, f.from, f.rng, f.count, f.base = m.Orientation, m.Width, m.Height, from, max(rng, 0), 0, 0
	words := (m.Width*m.Height + 63) / 64
	f.seen = grow(f.seen, words)
	f.partial = grow(f.partial, words)
	f.reach = grow(f.reach, words)
	f.rbase, f.top = 0, 0
	clear(f.seen)
	clear(f.partial)
	clear(f.reach)
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
// interval, (y−½)/i to (y+½)/i, whatever their length, and a hexside
// crossed into it an interval within that. A sextant is swept ring by
// ring, keeping one piecewise constant shadow over s, the highest thing a
// line of that slope has met so far: +∞ for a hexside or hex that closes
// sight, and for ground that may rise above a line's eye the slope
// (E−eye)/i of its height above the viewer's eye over its distance. A
// target is seen along a line unless the shadow at its slope (read with
// each line's rounding at the ends of the pieces) stands above its eye's
// slope (Eₜ−E)/n: exactly traceStep's test of the ground against the eye
// line, in exact fractions (see shadow). Only the slopes still open and
// the hexes on or next to the map are looked at.
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
	f.reach[fi>>6] |= 1 << (fi & 63)
	reach := m.reach(from)
	if rng <= 0 || rng > reach {
		rng = reach
	}
	ea := int(m.elevation[fi])
	// Ground lower than this closes no line: a line's eye is never below
	// the lower of its two ends' eyes.
	sc := m.sightSides()
	f.top = sc.high
	high := min(ea, sc.low) + 2
	for d := Direction(0); d < 6; d++ {
		f.sextant(m, sc.sides, sc.levels, from, d, rng, ea, high, max(sc.high-ea, 0))
	}
	f.count = 0 // the sextants share their edges: count each hex once
	for _, w := range f.seen {
		f.count += bits.OnesCount64(w)
	}
	return f
}

// b2i is 1 for true and 0 for false, without a branch.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// reach is the distance from h to the farthest hex of the map's rectangle:
// one of the cells next to a corner. Along a row of a pointy map the
// distance from h is convex in the column (the hex steps by one direction
// each cell), so a row's farthest cell is at one of its ends; along a
// column, the even rows alone step by one fixed direction, and so do the
// odd rows, so its farthest cell is among the first two and the last two. (A flat
// map the same with columns and rows swapped.) So the 4×4 cells near the
// corners hold the farthest one.
func (m *Map) reach(h Hex) int {
	far := 0
	for _, col := range [4]int{0, 1, m.Width - 2, m.Width - 1} {
		for _, row := range [4]int{0, 1, m.Height - 2, m.Height - 1} {
			if col >= 0 && row >= 0 && col < m.Width && row < m.Height {
				far = max(far, h.DistanceTo(m.Orientation.FromOffset(Offset{col, row})))
			}
		}
	}
	return far
}

// sextant sweeps the hexes between directions d and d+1 ring by ring: ea
// is the viewer's ground, high the lowest ground that may close a line and
// rise the most any target stands above the viewer (0 if none does).
func (f *FOV) sextant(m *Map, sides []uint8, levels []int16, from Hex, d0 Direction, rng, ea, high, rise int) {
	d1 := (d0 + 1) % 6
	v := [2]Hex{directionVectors[d1], directionVectors[d0]}
	d := [2]Direction{d1, d0}
	back := [2]int{int(d1+3) % 6, int(d0+3) % 6}
	// The hexsides crossed into a hex of the sextant, as its sides bits.
	into := uint8(1)<<back[0] | uint8(1)<<back[1]
	w := v[0].Sub(v[1])
	sh := &f.sh
	sh.reset()
	inf, none := math.Inf(1), math.Inf(-1)
	width, height, flat := m.Width, m.Height, m.Orientation == Flat
	seen, partial, reach := f.seen, f.partial, f.reach
	raised := true
	var edges [2]span // the hexsides crossed into a hex that close sight
	for n := 1; n <= rng; n++ {
		// The open slopes, afresh when the shadow has changed, and now and
		// then as the rise a target may have per hex falls.
		// (raise makes them for the ring after it.)
		if n == 1 || !raised && n&7 == 0 {
			f.openSlopes(float64(rise) / float64(n))
		}
		if len(f.open) == 0 {
			break // all in shadow
		}
		raised = false
		base := from.Add(v[1].Scale(n))
		y0, y1 := m.nearRange(base, w, n)
		nf, den0, den1 := float64(n), float64(2*n-2), float64(2*n)
		f.spans = f.spans[:0]
		bp, val := sh.bp, sh.val // the shadow does not change within a ring
		// bpx is bp with +∞ after it, so that a walk along it needs no
		// check of its end.
		if len(bp) == cap(bp) {
			sh.bp = slices.Grow(sh.bp, 1)
			bp = sh.bp
		}
		bpx := bp[:len(bp)+1]
		bpx[len(bp)] = inf
		lo := 0    // the shadow's piece at the target's slope, a tie rounded down
		next := y0 // the first step not yet looked at
		for _, o := range f.open {
			ya := max(next, y0, int(math.Floor(o.lo*nf-0.5)))
			yb := min(y1, int(math.Ceil(o.hi*nf+0.5)))
			q, r := base.Q+w.Q*ya, base.R+w.R*ya
			for y := ya; y <= yb; y, q, r = y+1, q+w.Q, r+w.R {
				// c = base + y·w, its cell ci (−1 off the map) and what it
				// does to sight (sideNoHex off the map).
				col, row := q+r>>1, r
				if flat {
					col, row = q, r+q>>1
				}
				ci, cell := -1, sideNoHex
				if uint(col) < uint(width) && uint(row) < uint(height) {
					ci = row*width + col
					cell = sides[ci]
					reach[ci>>6] |= 1 << (ci & 63) // see Reaches
				}
				// The hexsides crossed into c: from step y−1 of ring n−1
				// along v1, or from step y along v0.
				ne := 0
				if ci < 0 || cell&into != 0 {
					c := Hex{q, r}
					for k := 0; k < 2; k++ {
						py := y - 1 + k
						if py < 0 || py > n-1 {
							continue
						}
						var shut bool
						if ci >= 0 {
							shut = cell>>back[k]&1 != 0
						} else {
							shut = m.sideShut(sides, c.Sub(v[k]), d[k])
						}
						if !shut {
							continue
						}
						elo, ehi := float64(2*y-1)/den1, float64(2*y+1)/den1
						if n > 1 {
							elo = max(elo, float64(2*py-1)/den0)
							ehi = min(ehi, float64(2*py+1)/den0)
						}
						if elo < ehi {
							edges[ne] = span{elo, ehi, inf}
							ne++
						}
					}
				}
				if cell&sideNoHex != 0 {
					// No hex: nothing to see, no shadow but the hexsides'.
					for _, sp := range edges[:ne] {
						f.addSpan(sp.lo, sp.hi, inf)
					}
					continue
				}
				// c as a target: the pieces at its slope, for each rounding
				// (the breakpoints rise strictly, so at most one is s, a
				// tie), with no branch but the rare step over three or more.
				s := float64(y) / nf
				lo += b2i(bpx[lo] < s)
				lo += b2i(bpx[lo] < s)
				for bpx[lo] < s {
					lo++
				}
				up := lo + b2i(bpx[lo] == s)
				e := int(levels[ci])
				eye := float64(e-ea) / nf
				a, b := !(val[lo] > eye), !(val[up] > eye)
				for _, sp := range edges[:ne] {
					a = a && !(sp.lo < s && s <= sp.hi)
					b = b && !(sp.lo <= s && s < sp.hi)
				}
				ua, ub, pos := uint64(b2i(a)), uint64(b2i(b)), uint(ci&63)
				seen[ci>>6] |= (ua | ub) << pos
				partial[ci>>6] |= (ua ^ ub) << pos
				// What c shadows beyond it, with the hexsides into it.
				cv := none
				switch {
				case cell&sideHexShut != 0:
					cv = inf
				case e >= high:
					cv = float64(2*(e-ea)-3) / den1
				}
				if ne == 0 && cv == none {
					continue
				}
				at, cHi := float64(2*y-1)/den1, float64(2*y+1)/den1
				for _, sp := range edges[:ne] {
					f.addSpan(at, sp.lo, cv)
					f.addSpan(sp.lo, sp.hi, inf)
					at = sp.hi
				}
				f.addSpan(at, cHi, cv)
			}
			next = max(next, yb+1)
		}
		if len(f.spans) > 0 {
			f.raise(float64(rise) / float64(n+1))
			raised = true
		}
	}
}

// addSpan adds a shadow of height v over slopes lo to hi, after those
// added before it.
func (f *FOV) addSpan(lo, hi, v float64) {
	if lo < hi && v > math.Inf(-1) {
		f.spans = append(f.spans, span{lo, hi, v})
	}
}

// openSlopes lists the slopes where the shadow may let a line through to
// a target of this ring or beyond, one whose eye is at most top over the
// viewer's per hex away: each run of them, with its ends (−1 and 2 beyond
// the first and last breakpoints), leaving out pieces wholly outside the
// sextant's slopes, 0 to 1.
func (f *FOV) openSlopes(top float64) {
	f.open = f.open[:0]
	f.openMax = f.scanOpen(0, len(f.sh.bp), top)
}

// scanOpen appends to the open runs those of the shadow's pieces from to
// to (both included), as openSlopes finds them, and returns the highest
// value of a piece it found open (−∞ if none).
func (f *FOV) scanOpen(from, to int, top float64) float64 {
	open := f.open
	bp, val := f.sh.bp, f.sh.val
	last := len(bp)
	most := math.Inf(-1)
	for k := from; k <= to; k++ {
		v := val[k]
		if v > top {
			continue
		}
		lo, hi := -1.0, 2.0 // a breakpoint lies within −½ and 3/2
		if k > 0 {
			lo = bp[k-1]
		}
		if k < last {
			hi = bp[k]
		}
		if hi < 0 || lo > 1 {
			continue
		}
		if v > most {
			most = v
		}
		if n := len(open); n > 0 && open[n-1].hi == lo {
			open[n-1].hi, open[n-1].k1 = hi, k // the run goes on
			continue
		}
		open = append(open, openRun{lo: lo, hi: hi, k0: k, k1: k})
	}
	f.open = open
	return most
}

// nearRange returns the steps y, from 0 to n, for which base + y·w lies on
// the map's rectangle or next to it (the first greater than the last when
// none does): the only hexes a line between two hexes of the map passes
// through (TestSightLinesStayNearTheMap). Along a line of hexes the column
// and the row each only grow or only shrink, so these are one run of
// steps, found by halving.
func (m *Map) nearRange(base, w Hex, n int) (int, int) {
	cr := func(y int) (int, int) {
		h := base.Add(w.Scale(y))
		if m.Orientation == Flat {
			return h.Q, h.R + h.Q>>1
		}
		return h.Q + h.R>>1, h.R
	}
	if c, r := cr(0); c >= -1 && r >= -1 && c <= m.Width && r <= m.Height {
		if c, r := cr(n); c >= -1 && r >= -1 && c <= m.Width && r <= m.Height {
			return 0, n // both ends near the map: all of it
		}
	}
	lo, hi := 0, n
	for k := 0; k < 4; k++ {
		ok := func(y int) bool {
			c, r := cr(y)
			switch k {
			case 0:
				return c >= -1
			case 1:
				return c <= m.Width
			case 2:
				return r >= -1
			}
			return r <= m.Height
		}
		a, b := ok(0), ok(n)
		switch {
		case a && b:
		case !a && !b:
			return 1, 0
		case a: // true up to a step
			l, h := 0, n // ok(l), !ok(h)
			for h-l > 1 {
				if mid := (l + h) / 2; ok(mid) {
					l = mid
				} else {
					h = mid
				}
			}
			hi = min(hi, l)
		default: // true from a step on
			l, h := 0, n // !ok(l), ok(h)
			for h-l > 1 {
				if mid := (l + h) / 2; ok(mid) {
					h = mid
				} else {
					l = mid
				}
			}
			lo = max(lo, h)
		}
	}
	return lo, hi
}

// sideShut reports whether hexside d of p closes a line of sight, p's
// neighbour there being off the map's rectangle. A line between two hexes
// of the map never steps from one hex off the rectangle to another
// (TestSightLinesStayNearTheMap), so a hexside there closes none.
func (m *Map) sideShut(sides []uint8, p Hex, d Direction) bool {
	pi := m.index(p)
	return pi >= 0 && sides[pi]>>d&1 != 0
}

// sightCache is what fields of view keep of a map, for one version of it:
// which hexsides of each cell close a line of sight, and the lowest and
// highest ground.
type sightCache struct {
	version uint64
	// sides is per cell: bit d when hexside d closes a line of sight, and
	// sideHexShut and sideNoHex, what the hex itself does: one byte that a
	// field of view reads for a cell, with its ground in levels.
	sides     []uint8
	low, high int
	// levels is each cell's ground as the cache counted it (offMapLevel
	// for a hex off the map), and onLevel how many hexes of the map stand
	// at each level (by level − MinElevation): so that a mend keeps low
	// and high true when the lowest or highest hex changes.
	levels  []int16
	onLevel []int32
}

// offMapLevel is sightCache.levels' mark of a cell off the map.
const offMapLevel = math.MinInt16

// sightCache.sides' bits for the hex itself, above the six hexsides'.
const (
	sideHexShut uint8 = 1 << 6 // a hex that closes a line: terrain that blocks sight, or a full-height feature
	sideNoHex   uint8 = 1 << 7 // no hex: a gap in an irregular map
)

// hexSight is cell i's sideHexShut and sideNoHex bits.
func (m *Map) hexSight(i int) uint8 {
	t := m.terrain[i]
	switch {
	case t == 0:
		return sideNoHex
	case terrainList[t-1].BlocksSight:
		return sideHexShut
	}
	if ft := m.feats[m.features[i]]; ft.Kind != "" && ft.Height == Full {
		return sideHexShut
	}
	return 0
}

// sightSides returns the map's sightCache, mended (mend.go) or built
// afresh if stale.
func (m *Map) sightSides() sightCache {
	c := m.lockCache()
	defer c.mu.Unlock()
	if c.sight.sides != nil && c.sight.version == m.version {
		return c.sight
	}
	if c.sight.sides != nil && len(c.sight.sides) == len(m.terrain) {
		if _, ok := m.changesAfter(c.sight.version); ok {
			if c.sightShared {
				sc := &c.sight
				sc.sides, sc.levels, sc.onLevel = slices.Clone(sc.sides), slices.Clone(sc.levels), slices.Clone(sc.onLevel)
				c.sightShared = false
			}
			if m.mendSight(&c.sight, c.nbr) {
				return c.sight
			}
		}
	}
	c.sightShared = false // a new cache of its own
	shut := make([]bool, len(m.feats))
	for k, f := range m.feats {
		shut[k] = closesSight(f)
	}
	sc := sightCache{version: m.version, sides: make([]uint8, len(m.terrain)),
		levels: make([]int16, len(m.terrain)), onLevel: make([]int32, MaxElevation-MinElevation+1)}
	sides := sc.sides
	for i := range m.terrain {
		sides[i] |= m.hexSight(i)
		sc.levels[i] = m.groundLevel(i)
		if sc.levels[i] != offMapLevel {
			sc.onLevel[int(sc.levels[i])-MinElevation]++
		}
		for k := 0; k < 3; k++ {
			if shut[m.edges[3*i+k]] {
				sides[i] |= 1 << k
				if j := c.nbr[i*6+k]; j >= 0 {
					sides[j] |= 1 << (k + 3)
				}
			}
		}
	}
	for e, f := range m.edgesOut {
		if j := m.index(e.Hex.Neighbor(e.Side)); j >= 0 && closesSight(f) {
			sides[j] |= 1 << (e.Side.Opposite())
		}
	}
	sc.lowHigh()
	c.sight = sc
	return c.sight
}

// closesSight reports whether a hexside holding f closes a line of sight.
func closesSight(f Feature) bool { return f.Kind != "" && f.BlocksSight() }

// groundLevel is cell i's level for sightCache.levels: offMapLevel off
// the map.
func (m *Map) groundLevel(i int) int16 {
	if m.terrain[i] == 0 {
		return offMapLevel
	}
	return m.elevation[i]
}

// lowHigh sets low and high from onLevel: the lowest and highest ground of
// the map (MaxInt and MinInt for a map without hexes).
func (sc *sightCache) lowHigh() {
	sc.low, sc.high = math.MaxInt, math.MinInt
	for k, n := range sc.onLevel {
		if n > 0 {
			sc.low = min(sc.low, k+MinElevation)
			sc.high = k + MinElevation
		}
	}
}

// span is one blocker's shadow: value v over slopes lo to hi.
type span struct{ lo, hi, v float64 }

// openRun is a run of slopes lo to hi the shadow leaves open: its pieces
// k0 to k1 (piece k is val[k], from bp[k−1] to bp[k]).
type openRun struct {
	lo, hi float64
	k0, k1 int
}

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

// raise lifts the shadow to the spans' values where higher, and lists its
// open slopes for top as openSlopes does. Only the pieces between the
// first span's low end and the last's high end can change: those are
// merged with the spans and put back in place, the rest kept.
func (f *FOV) raise(top float64) {
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
	a, mid := &f.sh, &f.tmp
	lo, hi := u.bp[0], u.bp[len(u.bp)-1]
	// a's breakpoints from i0 to i1 lie within lo to hi.
	i0, i1 := firstAbove(a.bp, lo, false), firstAbove(a.bp, hi, true)
	mid.bp, mid.val = mid.bp[:0], mid.val[:0]
	cur := a.val[i0] // the value just below lo
	i, j := i0, 0
	for i < i1 || j < len(u.bp) {
		var x float64
		switch {
		case j == len(u.bp) || i < i1 && a.bp[i] < u.bp[j]:
			x = a.bp[i]
			i++
		case i == i1 || u.bp[j] < a.bp[i]:
			x = u.bp[j]
			j++
		default:
			x = a.bp[i]
			i++
			j++
		}
		v := a.val[i]
		if uv := u.val[j]; uv > v { // no NaN: max without its care for one
			v = uv
		}
		if v != cur {
			mid.bp = append(mid.bp, x)
			mid.val = append(mid.val, v)
			cur = v
		}
	}
	// Above hi the shadow is a's again: cur is a.val[i1].
	a.bp = slices.Replace(a.bp, i0, i1, mid.bp...)
	a.val = slices.Replace(a.val, i0+1, i1+1, mid.val...)
	if top < f.openMax {
		f.openSlopes(top) // a piece open before may close
		return
	}
	// Pieces i0 to i1 became i0 to i0+len(mid.val); the others are as they
	// were, and those open stay open: keep the runs that end before piece
	// i0−1 or start after i1+1 (they cannot join one of the changed
	// pieces), and list the runs between them afresh.
	delta := len(mid.val) - (i1 - i0)
	open := f.open
	p := 0
	for p < len(open) && open[p].k1 < i0-1 {
		p++
	}
	q := p
	for q < len(open) && open[q].k0 <= i1+1 {
		q++
	}
	from, to := 0, len(a.bp)
	if p > 0 {
		from = open[p-1].k1 + 1
	}
	if q < len(open) {
		to = open[q].k0 + delta - 1
	}
	f.after = append(f.after[:0], open[q:]...)
	f.open = open[:p]
	f.openMax = max(f.openMax, f.scanOpen(from, to, top))
	for _, o := range f.after {
		o.k0 += delta
		o.k1 += delta
		f.open = append(f.open, o)
	}
}

// firstAbove is the first index of the sorted bp whose value is at least
// x, or above x when strictly.
func firstAbove(bp []float64, x float64, strictly bool) int {
	// Halving with no branch on the comparison: the next half's start
	// moves or not.
	l, n := 0, len(bp)
	for n > 0 {
		half := n >> 1
		m := l + half
		if bp[m] < x || strictly && bp[m] == x {
			l = m + 1
			n -= half + 1
		} else {
			n = half
		}
	}
	return l
}
