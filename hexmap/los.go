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
	// Beyond is the hex past the hexside that closes the line, when
	// Hexside: the line is closed between BlockedAt and Beyond.
	Beyond  Hex
	Hexside bool
	// Cover lists the cover the line crosses, nearest the target first
	// (for the rulebook's "cover between target and attacker"). A shot's
	// line (ShotLine) closed by cover a bullet can go through (a wall, a
	// closed door: a feature with cover height) goes on past it, and lists
	// it and all the cover beyond; a line closed by anything else, or a
	// SightLine closed at all, lists none.
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
	if s.Hexside && m.Contains(s.Beyond) {
		return s.BlockedBy + " between " + m.Label(s.BlockedAt) + " and " + m.Label(s.Beyond)
	}
	return s.BlockedBy + " at " + m.Label(s.BlockedAt)
}

// SightLine traces the line of sight from a figure at from to one at to.
// Walls, closed doors, full-height features, terrain that blocks sight and
// ground higher than the line (between eyes EyeHeight above each hex) close
// it; windows, fences, low features and open doors are cover it crosses.
func (m *Map) SightLine(from, to Hex) Sight { return m.line(from, to, false) }

// ShotLine is the line of sight a shot follows: as SightLine, but a line
// closed by cover a bullet can pass (a wall, a closed door) goes on through
// it, listing it and the cover beyond in Cover, so that a blind shot meets
// the wall's armor (TWTW Conflict: Cover).
func (m *Map) ShotLine(from, to Hex) Sight { return m.line(from, to, true) }

func (m *Map) line(from, to Hex, through bool) Sight {
	if !m.Contains(from) || !m.Contains(to) {
		return Sight{BlockedBy: "off the map", BlockedAt: to}
	}
	if from == to {
		return Sight{Clear: true}
	}
	a, b := m.traceLines(from, to, through)
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
// a step, in exact integer arithmetic. Each step goes along one of the two
// directions that bracket the line, to whichever of the two candidate hexes
// is nearer the line's point i/n of the way along. Where the point lies
// exactly between them (the line grazes a corner) both are returned: the
// first is the hex Red Blob Games' nudge of (+1e-6, +2e-6, −3e-6) picks, the
// second the opposite nudge's.
//
// Which candidate is nearer is the sign of one dot product, kept up to date
// by adding constants, as in Bresenham's line: with p the point and a the
// last hex (cube coordinates scaled by n) and u = v0 − v1 the difference of
// the two directions' vectors, |p − a − n·v0|² − |p − a − n·v1|² =
// −2n·(p − a)·u, as both vectors have the same length. So the first
// candidate is nearer when e = (p − a)·u is above zero; each step adds the
// line's own step to p and the chosen vector, times n, to a.
type lineWalk struct {
	n     int64    // the hexes from one end to the other
	e     int64    // (p − a)·u
	stepE int64    // what moving the point one step adds to e
	takeE [2]int64 // what taking each direction takes from e
	first bool     // a tie goes to the first direction (the nudge's side)
	dirs  [2]Direction
	vecs  [2]Hex
	at    Hex // the hex of the last step (the first nudge's)
}

func newLineWalk(from, to Hex) lineWalk {
	n := int64(from.DistanceTo(to))
	w := lineWalk{n: n, at: from}
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
	u := w.vecs[0].Sub(w.vecs[1])
	w.stepE = cubeDot(to.Sub(from), u)
	w.takeE = [2]int64{n * cubeDot(w.vecs[0], u), n * cubeDot(w.vecs[1], u)}
	// A tie: the nudge (1, 2, −3) favours the hex lying further along it.
	w.first = u.Q+2*u.R-3*u.S() > 0 || u == Hex{}
	return w
}

// cubeDot is the dot product of two hexes' cube coordinates.
func cubeDot(a, b Hex) int64 {
	return int64(a.Q)*int64(b.Q) + int64(a.R)*int64(b.R) + int64(a.S())*int64(b.S())
}

// next returns the hex(es) of the next step and the hexside each is
// entered by; a and b differ where the line runs exactly between them.
func (w *lineWalk) next() (a, b Hex, da, db Direction) {
	w.e += w.stepE
	k := 1 // the direction taken
	if w.e > 0 || w.e == 0 && w.first {
		k = 0
	}
	a, da = w.at.Add(w.vecs[k]), w.dirs[k]
	b, db = a, da
	if w.e == 0 {
		b, db = w.at.Add(w.vecs[1-k]), w.dirs[1-k]
	}
	w.e -= w.takeE[k]
	w.at = a
	return a, b, da, db
}

// plain takes the walk over the common steps, in one tight loop: one line
// (no corner grazed), into a hex of the map, short of the target, with
// nothing in it or on the hexside crossed that a line between eyes at
// lowGround or higher could meet (cellFlags). pi is the cell of the walk's
// hex and left the steps it may take at most; it returns the cell reached
// and the steps taken. The step it stops before is left to next.
func (w *lineWalk) plain(m *Map, flags []uint8, pi, left int) (int, int) {
	e, at := w.e, w.at
	stepE := w.stepE
	// By the direction taken: the hex's step, what it takes from e, and
	// where the hexside's feature is flagged: on the hex stepped from
	// (hexsides 0–2) or on the one stepped into.
	var vecs [2]Hex
	var takeE [2]int64
	var edge [2]uint8
	var onPrev [2]bool
	for j, d := range w.dirs {
		vecs[j], takeE[j] = w.vecs[j], w.takeE[j]
		edge[j], onPrev[j] = flagEdge0<<(d%3), d < 3
	}
	// Offset coordinates as in Map.index, with shifts: (r − r&1)/2 is r>>1.
	width, height, pointy := m.Width, m.Height, 1
	if m.Orientation == Flat {
		pointy = 0
	}
	const stop = flagSightTerrain | flagFeature | flagHigh | flagGap
	k := 0
	for ; k < left; k++ {
		next := e + stepE
		if next == 0 {
			break // a corner
		}
		j := 0
		if next < 0 {
			j = 1
		}
		h := at.Add(vecs[j])
		col, row := h.Q+h.R>>1*pointy, h.R+h.Q>>1*(1-pointy)
		if uint(col) >= uint(width) || uint(row) >= uint(height) {
			break
		}
		hi := row*width + col
		c := hi
		if onPrev[j] {
			c = pi
		}
		if flags[hi]&stop != 0 || flags[c]&edge[j] != 0 {
			break
		}
		e, at, pi = next-takeE[j], h, hi
	}
	w.e, w.at = e, at
	return pi, k
}

// lineTrace is one line's progress: where it is and what it has found.
type lineTrace struct {
	prev    Hex
	pi      int
	sight   Sight
	closed  bool // nothing goes further: terrain, higher ground
	hidden  bool // sight is closed by cover a shot can go through
	through bool // a shot's line: it goes on through such cover
}

// close ends the line at what blocks it.
func (t *lineTrace) close(by string, at Hex) {
	t.closed = true
	t.sight = Sight{BlockedBy: by, BlockedAt: at}
}

// hide closes sight at cover a shot goes through: the line goes on, the
// cover on it.
func (t *lineTrace) hide(c CoverHit, by string, at Hex) {
	if !t.through {
		t.close(by, at)
		return
	}
	if !t.hidden {
		t.hidden = true
		t.sight.BlockedBy, t.sight.BlockedAt = by, at
	}
	t.sight.Cover = append(t.sight.Cover, c)
}

// traceLines walks the two nudged lines from the viewer to the target
// together (they differ only where they graze a corner) and stops each at
// the first thing that closes it.
func (m *Map) traceLines(from, to Hex, through bool) (Sight, Sight) {
	w := newLineWalk(from, to)
	n := int(w.n)
	eyeA := float64(m.Elevation(from)) + EyeHeight
	eyeB := float64(m.Elevation(to)) + EyeHeight
	flags, nbr := m.cellFlags()
	var t [2]lineTrace
	t[0] = lineTrace{prev: from, pi: m.index(from), through: through}
	same := true                                    // the second line has not left the first yet
	plain := eyeA >= lowGround && eyeB >= lowGround // see lineWalk.plain
	for i := 1; i <= n; i++ {
		if plain && same && i < n && t[0].pi >= 0 {
			if pi, k := w.plain(m, flags, t[0].pi, n-i); k > 0 {
				t[0].prev, t[0].pi = w.at, pi
				i += k
			}
		}
		ha, hb, da, db := w.next()
		if same && ha == hb {
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
		if rejoined(&t[0], &t[1]) {
			same = true // past the corner, one line again
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
		out[k].Clear = !t[k].hidden
		c := out[k].Cover
		for i, j := 0, len(c)-1; i < j; i, j = i+1, j-1 { // nearest the target first
			c[i], c[j] = c[j], c[i]
		}
	}
	return out[0], out[1]
}

// rejoined reports whether two lines that split at a corner are one again:
// both open, in the same hex, having crossed the same cover.
func rejoined(a, b *lineTrace) bool {
	if a.closed || b.closed || a.hidden != b.hidden || a.prev != b.prev || a.pi != b.pi || len(a.sight.Cover) != len(b.sight.Cover) {
		return false
	}
	for i := range a.sight.Cover {
		if a.sight.Cover[i] != b.sight.Cover[i] {
			return false
		}
	}
	return true
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
				if !e.IsCover() {
					t.close(e.Kind, prev)
					t.sight.Beyond, t.sight.Hexside = h, true
					return
				}
				t.hide(CoverHit{Feature: *e, At: prev, Side: d, OnEdge: true, Distance: n - i}, e.Kind, prev)
				if t.sight.BlockedAt == prev && t.sight.BlockedBy == e.Kind && !t.sight.Hexside {
					t.sight.Beyond, t.sight.Hexside = h, true
				}
			} else if e.IsCover() {
				t.sight.Cover = append(t.sight.Cover, CoverHit{Feature: *e, At: prev, Side: d, OnEdge: true, Distance: n - i})
			}
		}
	}
	if i == n || hi < 0 || m.terrain[hi] == 0 {
		return // the target's own hex, or a gap in an irregular map
	}
	f := flags[hi]
	if f&(flagSightTerrain|flagFeature|flagHigh) == 0 && eye >= lowGround {
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
			t.hide(CoverHit{Feature: *ft, At: h, Distance: n - i}, ft.Kind, h)
		} else if ft.IsCover() {
			t.sight.Cover = append(t.sight.Cover, CoverHit{Feature: *ft, At: h, Distance: n - i})
		}
	}
}

// CoverNextTo reports whether a figure at h has cover to duck behind: a
// cover feature on one of its hexsides, in its own hex or in a
// neighbouring hex.
func (m *Map) CoverNextTo(h Hex) bool {
	if f, ok := m.Feature(h); ok && f.IsCover() {
		return true
	}
	for d := Direction(0); d < 6; d++ {
		if f, ok := m.EdgeFeature(h, d); ok && f.IsCover() {
			return true
		}
		if f, ok := m.Feature(h.Neighbor(d)); ok && f.IsCover() {
			return true
		}
	}
	return false
}

// AtTarget reports whether cover on a line is at the target itself: on
// the target's own hexside, or in the hex next to it. A figure ducked
// behind it is hidden whole.
func (c CoverHit) AtTarget() bool {
	return (c.OnEdge && c.Distance == 0) || (!c.OnEdge && c.Distance == 1)
}

// CoverArmorNextTo is the lowest armor value of the cover a figure at h
// has to hand (as CoverNextTo finds it), or 0 with none: what "behind
// cover" adds to a Bravery check under fire (TWTW Conflict: Aim and
// Cover).
func (m *Map) CoverArmorNextTo(h Hex) int {
	low := 0
	take := func(f Feature, ok bool) {
		if ok && f.IsCover() && (low == 0 || f.Armor < low) {
			low = f.Armor
		}
	}
	take(m.Feature(h))
	for d := Direction(0); d < 6; d++ {
		take(m.EdgeFeature(h, d))
		take(m.Feature(h.Neighbor(d)))
	}
	return low
}
