package hexmap

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

// lineNudges are the two offsets of Red Blob Games' epsilon nudge: a line
// along a hex edge picks one side with the first and the other with the
// second.
var lineNudges = [2][3]float64{{1e-6, 2e-6, -3e-6}, {-1e-6, -2e-6, 3e-6}}

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
	a := m.traceLine(from, to, lineNudges[0])
	b := m.traceLine(from, to, lineNudges[1])
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

// traceLine walks the line from the viewer to the target, nudged by nudge,
// and stops at the first thing that closes it.
func (m *Map) traceLine(from, to Hex, nudge [3]float64) Sight {
	n := from.DistanceTo(to)
	eyeA := float64(m.Elevation(from)) + EyeHeight
	eyeB := float64(m.Elevation(to)) + EyeHeight
	aq, ar, as := float64(from.Q)+nudge[0], float64(from.R)+nudge[1], float64(from.S())+nudge[2]
	dq, dr, ds := float64(to.Q-from.Q), float64(to.R-from.R), float64(to.S()-from.S())
	var s Sight
	prev, pi := from, m.index(from)
	for i := 1; i <= n; i++ {
		t := float64(i) / float64(n)
		h := FracHex{aq + dq*t, ar + dr*t, as + ds*t}.Round()
		hi := m.index(h)
		d, ok := directionOf(prev, h)
		if !ok {
			prev, pi = h, hi
			continue
		}
		if e := m.edgeAt(prev, pi, hi, d); e.Kind != "" {
			if e.BlocksSight() {
				return Sight{BlockedBy: e.Kind, BlockedAt: prev}
			}
			if e.IsCover() {
				s.Cover = append(s.Cover, CoverHit{Feature: *e, At: prev, Side: d, OnEdge: true, Distance: n - i})
			}
		}
		prev, pi = h, hi
		if i == n || hi < 0 || m.terrain[hi] == 0 {
			continue // the target's own hex, or a gap in an irregular map
		}
		if t := &terrainList[m.terrain[hi]-1]; t.BlocksSight {
			return Sight{BlockedBy: t.Name, BlockedAt: h}
		}
		if ground := float64(m.elevation[hi]); ground > eyeA+(eyeB-eyeA)*t {
			return Sight{BlockedBy: "higher ground", BlockedAt: h}
		}
		if f := &m.feats[m.features[hi]]; f.Kind != "" {
			if f.Height == Full {
				return Sight{BlockedBy: f.Kind, BlockedAt: h}
			}
			if f.IsCover() {
				s.Cover = append(s.Cover, CoverHit{Feature: *f, At: h, Distance: n - i})
			}
		}
	}
	s.Clear = true
	// Nearest the target first.
	for i, j := 0, len(s.Cover)-1; i < j; i, j = i+1, j-1 {
		s.Cover[i], s.Cover[j] = s.Cover[j], s.Cover[i]
	}
	return s
}
