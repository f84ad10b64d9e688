package hexmap

import "slices"

// EyeHeight is how far above its hex's ground a figure sees from and is
// seen at, in elevation levels (paces): a standing figure's eyes and chest
// (DESIGN.md "elevation").
const EyeHeight = 1.5

// CoverHit is one cover feature a line of sight crosses.
type CoverHit struct {
	Feature Feature
	At      Hex       // the hex the feature stands in, or one hex of its hexside
	Side    Direction // the hexside of At, for an edge feature
	OnEdge  bool
	// Distance is how many hexes the feature is from the target: 0 for a
	// feature on the target's own hexside.
	Distance int
}

// Sight is what a line of sight from one hex to another finds.
type Sight struct {
	// Clear is true when at least one of the two lines between the hexes'
	// centres (nudged to either side of any corner they graze) is open.
	Clear bool
	// Partial is true when only one of the two lines is open: the target is
	// partly visible, as around a corner.
	Partial bool
	// BlockedBy names what closes the line when it is not clear (a feature
	// kind, a terrain, "higher ground" or "off the map"), and BlockedAt
	// where: the hex, or for a hexside the hex before it.
	BlockedBy string
	BlockedAt Hex
	// Cover lists the cover the open line crosses, nearest the target
	// first (for the rulebook's "cover between target and attacker").
	Cover []CoverHit
}

// Reason says in words why the line is closed, naming the hex.
func (s Sight) Reason(m *Map) string {
	if s.Clear {
		return ""
	}
	if s.BlockedBy == "off the map" {
		return "off the map"
	}
	return s.BlockedBy + " at " + m.Label(s.BlockedAt)
}

// SightLine traces the line of sight from a figure at from to one at to.
// Walls, closed doors, full-height features, terrain that blocks sight and
// ground higher than the line (between eyes EyeHeight above each hex) close
// it; windows, fences, low features and open doors are cover it crosses.
func (m *Map) SightLine(from, to Hex) Sight {
	if !m.Contains(from) || !m.Contains(to) {
		return Sight{BlockedBy: "off the map", BlockedAt: to}
	}
	if from == to {
		return Sight{Clear: true}
	}
	a, b := m.traceLines(from, to)
	switch {
	case a.Clear && b.Clear:
		if len(b.Cover) < len(a.Cover) {
			return b
		}
		return a
	case a.Clear:
		a.Partial = true
		return a
	case b.Clear:
		b.Partial = true
		return b
	}
	return a
}

// Visible reports whether a figure at from sees one at to at all.
func (m *Map) Visible(from, to Hex) bool { return m.SightLine(from, to).Clear }

// directionOf returns the hexside between two neighbouring hexes.
func directionOf(from, to Hex) (Direction, bool) {
	switch to.Sub(from) {
	case Hex{1, 0}:
		return 0, true
	case Hex{1, -1}:
		return 1, true
	case Hex{0, -1}:
		return 2, true
	case Hex{-1, 0}:
		return 3, true
	case Hex{-1, 1}:
		return 4, true
	case Hex{0, 1}:
		return 5, true
	}
	return 0, false
}

// edgeAt returns the feature on hexside d between cells pi (of prev) and hi
// (of its neighbour), by index when that cell is in the rectangle.
func (m *Map) edgeAt(prev Hex, pi, hi int, d Direction) *Feature {
	switch {
	case d < 3 && pi >= 0:
		return &m.feats[m.edges[3*pi+int(d)]]
	case d >= 3 && hi >= 0:
		return &m.feats[m.edges[3*hi+int(d)-3]]
	}
	f, _ := m.EdgeFeature(prev, d)
	return &f
}

// lineWalk steps along the straight line between two hex centres, one hex
// a step, in exact integer arithmetic: the point i/n of the way along,
// scaled by n, is p. Where the point lies exactly between two hexes (the
// line grazes a corner) both are returned: the first is the hex Red Blob
// Games' nudge of (+1e-6, +2e-6, −3e-6) picks, the second the opposite
// nudge's.
type lineWalk struct {
	n    int64
	p, d [3]int64 // scaled point and its step, cube coordinates
	dirs [2]Direction
	vecs [2]Hex
	at   Hex // the hex of the last step (the first nudge's)
}

func newLineWalk(from, to Hex) lineWalk {
	n := int64(from.DistanceTo(to))
	w := lineWalk{n: n, at: from,
		p: [3]int64{int64(from.Q) * n, int64(from.R) * n, int64(from.S()) * n},
		d: [3]int64{int64(to.Q - from.Q), int64(to.R - from.R), int64(to.S() - from.S())}}
	// The two directions that bracket the line: those a step along which
	// brings a hex nearer to the target.
	k := 0
	for dir := Direction(0); dir < 6 && k < 2; dir++ {
		v := dir.Vector()
		if v.DistanceTo(to.Sub(from)) == int(n)-1 {
			w.dirs[k] = dir
			k++
		}
	}
	if k == 1 {
		w.dirs[1] = w.dirs[0]
	}
	w.vecs = [2]Hex{w.dirs[0].Vector(), w.dirs[1].Vector()}
	return w
}

// next returns the hex(es) of the next step and the hexside each is
// entered by; a and b differ where the line runs exactly between them.
func (w *lineWalk) next() (a, b Hex, da, db Direction) {
	w.p[0] += w.d[0]
	w.p[1] += w.d[1]
	w.p[2] += w.d[2]
	c1, c2 := w.at.Add(w.vecs[0]), w.at.Add(w.vecs[1])
	d1, d2 := w.dist2(c1), w.dist2(c2)
	switch {
	case d1 < d2:
		a, b, da, db = c1, c1, w.dirs[0], w.dirs[0]
	case d2 < d1:
		a, b, da, db = c2, c2, w.dirs[1], w.dirs[1]
	default:
		// A tie: the nudge (1, 2, −3) favours the hex lying further along it.
		v := c1.Sub(c2)
		if v.Q+2*v.R-3*v.S() > 0 {
			a, b, da, db = c1, c2, w.dirs[0], w.dirs[1]
		} else {
			a, b, da, db = c2, c1, w.dirs[1], w.dirs[0]
		}
	}
	w.at = a
	return a, b, da, db
}

// dist2 is the squared distance (×n², up to a constant) from the point to
// the centre of h.
func (w *lineWalk) dist2(h Hex) int64 {
	x := w.p[0] - int64(h.Q)*w.n
	y := w.p[1] - int64(h.R)*w.n
	z := w.p[2] - int64(h.S())*w.n
	return x*x + y*y + z*z
}

// lineTrace is one line's progress: where it is and what it has found.
type lineTrace struct {
	prev   Hex
	pi     int
	sight  Sight
	closed bool
}

// close ends the line at what blocks it.
func (t *lineTrace) close(by string, at Hex) {
	t.closed = true
	t.sight = Sight{BlockedBy: by, BlockedAt: at}
}

// traceLines walks the two nudged lines from the viewer to the target
// together (they differ only where they graze a corner) and stops each at
// the first thing that closes it.
func (m *Map) traceLines(from, to Hex) (Sight, Sight) {
	w := newLineWalk(from, to)
	n := int(w.n)
	eyeA := float64(m.Elevation(from)) + EyeHeight
	eyeB := float64(m.Elevation(to)) + EyeHeight
	flags, nbr := m.cellFlags()
	var t [2]lineTrace
	t[0] = lineTrace{prev: from, pi: m.index(from)}
	same := true // the second line has not left the first yet
	for i := 1; i <= n; i++ {
		ha, hb, da, db := w.next()
		if same && ha == hb {
			// The common step: one line, into a hex with nothing in it or
			// on the hexside crossed. Only that is checked here.
			if pi := t[0].pi; pi >= 0 && i < n && t[0].prev.Add(directionVectors[da]) == ha && eyeA >= 0 && eyeB >= 0 {
				hi := nbr[pi*6+int(da)]
				if hi >= 0 && flags[hi]&(flagSightTerrain|flagFeature|flagHigh) == 0 && m.terrain[hi] != 0 &&
					(da < 3 && flags[pi]&(flagEdge0<<da) == 0 || da >= 3 && flags[hi]&(flagEdge0<<(da-3)) == 0) {
					t[0].prev, t[0].pi = ha, int(hi)
					continue
				}
			}
			eye := eyeA + (eyeB-eyeA)*float64(i)/float64(n)
			if m.traceStep(flags, nbr, &t[0], ha, da, i, n, eye); t[0].closed {
				break
			}
			continue
		}
		eye := eyeA + (eyeB-eyeA)*float64(i)/float64(n)
		if same {
			t[1] = t[0]
			t[1].sight.Cover = slices.Clone(t[0].sight.Cover)
			same = false
		}
		if !t[0].closed {
			m.traceStep(flags, nbr, &t[0], ha, da, i, n, eye)
		}
		if !t[1].closed {
			m.traceStep(flags, nbr, &t[1], hb, db, i, n, eye)
		}
		if t[0].closed && t[1].closed {
			break
		}
	}
	if same {
		t[1] = t[0]
		t[1].sight.Cover = slices.Clone(t[0].sight.Cover)
	}
	var out [2]Sight
	for k := range t {
		out[k] = t[k].sight
		if t[k].closed {
			continue
		}
		out[k].Clear = true
		c := out[k].Cover
		for i, j := 0, len(c)-1; i < j; i, j = i+1, j-1 { // nearest the target first
			c[i], c[j] = c[j], c[i]
		}
	}
	return out[0], out[1]
}

// traceStep takes one line a step on to h, the i-th of n, at eye height
// eye: the hexside it crosses, then (short of the target) the hex itself.
// The cell flags say where to look closer.
func (m *Map) traceStep(flags []uint8, nbr []int32, t *lineTrace, h Hex, d Direction, i, n int, eye float64) {
	prev, pi := t.prev, t.pi
	if prev.Add(directionVectors[d]) != h {
		// After a corner the two lines meet again from different hexes.
		var ok bool
		if d, ok = directionOf(prev, h); !ok {
			t.prev, t.pi = h, m.index(h)
			return
		}
	}
	var hi int
	if pi >= 0 {
		hi = int(nbr[pi*6+int(d)])
	} else {
		hi = m.index(h)
	}
	t.prev, t.pi = h, hi
	edge := (d < 3 && pi >= 0 && flags[pi]&(flagEdge0<<d) != 0) ||
		(d >= 3 && hi >= 0 && flags[hi]&(flagEdge0<<(d-3)) != 0) ||
		pi < 0 || hi < 0
	if edge {
		if e := m.edgeAt(prev, pi, hi, d); e.Kind != "" {
			if e.BlocksSight() {
				t.close(e.Kind, prev)
				return
			}
			if e.IsCover() {
				t.sight.Cover = append(t.sight.Cover, CoverHit{Feature: *e, At: prev, Side: d, OnEdge: true, Distance: n - i})
			}
		}
	}
	if i == n || hi < 0 || m.terrain[hi] == 0 {
		return // the target's own hex, or a gap in an irregular map
	}
	f := flags[hi]
	if f&(flagSightTerrain|flagFeature|flagHigh) == 0 && eye >= 0 {
		return
	}
	if f&flagSightTerrain != 0 {
		t.close(terrainList[m.terrain[hi]-1].Name, h)
		return
	}
	if float64(m.elevation[hi]) > eye {
		t.close("higher ground", h)
		return
	}
	if ft := &m.feats[m.features[hi]]; ft.Kind != "" {
		if ft.Height == Full {
			t.close(ft.Kind, h)
			return
		}
		if ft.IsCover() {
			t.sight.Cover = append(t.sight.Cover, CoverHit{Feature: *ft, At: h, Distance: n - i})
		}
	}
}
