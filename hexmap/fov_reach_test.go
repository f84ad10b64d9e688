package hexmap

import (
	"math/rand/v2"
	"testing"
)

// sameView reports whether two fields of view see the same hexes of m,
// each as wholly or as partly.
func sameView(m *Map, a, b *FOV) bool {
	if a.Len() != b.Len() {
		return false
	}
	for _, h := range m.Hexes() {
		if a.Sees(h) != b.Sees(h) || a.Partial(h) != b.Partial(h) {
			return false
		}
	}
	return true
}

// randomChange changes m at one random hex (terrain, ground, feature) or
// hexside, and returns the hexes it touched.
func randomChange(rng *rand.Rand, m *Map) []Hex {
	h := m.Orientation.FromOffset(Offset{rng.IntN(m.Width), rng.IntN(m.Height)})
	switch rng.IntN(5) {
	case 0:
		m.SetTerrain(h, []string{"rock", "rough", "dirt", "", "grass"}[rng.IntN(5)])
		return []Hex{h}
	case 1, 2:
		m.SetElevation(h, rng.IntN(12)-4)
		return []Hex{h}
	case 3:
		f, _ := NewFeature([]string{"barrel", "counter", "table"}[rng.IntN(3)])
		if rng.IntN(2) == 0 {
			f.Height = Full
		}
		if rng.IntN(3) == 0 {
			m.RemoveFeature(h)
		} else {
			m.SetFeature(h, f)
		}
		return []Hex{h}
	}
	d := Direction(rng.IntN(6))
	f, _ := NewFeature([]string{"wall", "door", "window"}[rng.IntN(3)])
	f.Open = rng.IntN(2) == 0
	if rng.IntN(3) == 0 {
		m.RemoveEdge(h, d)
	} else {
		m.SetEdge(h, d, f)
	}
	return []Hex{h, h.Neighbor(d)}
}

// unchangedBy is the rule of FOV.Reaches: a change at hexes (on m, as it
// is after the change) leaves f alone when none of them is the viewer's,
// reached by a line of sight, or raised above f's top.
func unchangedBy(m *Map, f *FOV, hexes []Hex) bool {
	for _, h := range hexes {
		if h == f.From() || f.Reaches(h) || m.Contains(h) && m.Elevation(h) > f.Top() {
			return false
		}
	}
	return true
}

// nextToSeen is a narrower rule than Reaches: a change matters only at a
// hex seen or next to one seen (as a hexside's needs one of its hexes
// seen). It is wrong: see TestAChangeOutOfReachLeavesTheFieldOfViewAlone.
func nextToSeen(m *Map, f *FOV, hexes []Hex) bool {
	for _, h := range hexes {
		if h == f.From() || f.Sees(h) || m.Contains(h) && m.Elevation(h) > f.Top() {
			return false
		}
		for d := Direction(0); d < 6; d++ {
			if f.Sees(h.Neighbor(d)) {
				return false
			}
		}
	}
	return true
}

// wrongAfterChanges counts the random changes that rule says leave a
// field of view alone and that change it, and those it says so of.
func wrongAfterChanges(rule func(*Map, *FOV, []Hex) bool, seed uint64, maps int) (wrong, kept int) {
	rng := rand.New(rand.NewPCG(seed, 38))
	for k := 0; k < maps; k++ {
		o := Pointy
		if k%2 == 1 {
			o = Flat
		}
		m := sightMap(rng, o, 2+rng.IntN(24), 2+rng.IntN(24))
		for _, from := range viewers(rng, m) {
			before := m.FieldOfView(from, 0).Compact()
			for c := 0; c < 6; c++ {
				after := m.Clone()
				hexes := randomChange(rng, after)
				if !rule(after, before, hexes) {
					continue
				}
				kept++
				if !sameView(after, before, after.FieldOfView(from, 0)) {
					wrong++
				}
			}
		}
	}
	return wrong, kept
}

// TestAChangeOutOfReachLeavesTheFieldOfViewAlone: a change to a hex or
// hexside no line of sight from the viewer comes to open (!Reaches), the
// viewer's own hex aside and no ground raised above Top, leaves the field
// of view as it was; and the narrower rule, "a seen hex or one next to
// one", does not (a valley hidden by a ridge under a line to a tower).
func TestAChangeOutOfReachLeavesTheFieldOfViewAlone(t *testing.T) {
	wrong, kept := wrongAfterChanges(unchangedBy, 7, 250)
	if wrong > 0 {
		t.Errorf("%d of %d changes out of reach changed the field of view", wrong, kept)
	}
	if kept < 500 {
		t.Errorf("only %d changes fell out of reach: the test tries too little", kept)
	}
	narrow, nkept := wrongAfterChanges(nextToSeen, 7, 250)
	if narrow == 0 {
		t.Errorf("the narrower rule held on all %d changes: the case against it is not tried", nkept)
	}
	t.Logf("Reaches: %d changes kept, none wrong; seen or next to seen: %d kept, %d wrong", kept, nkept, narrow)
}

// TestARaisedHexInAHiddenValleyHidesTheTowerBeyond: the ridge's case
// itself. A viewer on a ridge's near side sees a tower beyond a deep
// valley, whose hexes it does not see (nor any next to them); raising one
// under the line hides the tower, and Reaches names that hex.
func TestARaisedHexInAHiddenValleyHidesTheTowerBeyond(t *testing.T) {
	m, _ := New("valley", Pointy, 30, 3, "dirt")
	from := Hex{Q: 0, R: 1}
	line := func(q int) Hex { return Hex{Q: q, R: 1} }
	for q := 1; q <= 28; q++ {
		for _, h := range []Hex{line(q), line(q).Neighbor(1), line(q).Neighbor(4), line(q).Neighbor(2), line(q).Neighbor(5)} {
			if m.Contains(h) {
				switch {
				case q <= 2:
					m.SetElevation(h, 2) // the ridge
				case q < 28:
					m.SetElevation(h, -10) // the valley
				}
			}
		}
	}
	tower := line(28)
	m.SetElevation(tower, 40)
	f := m.FieldOfView(from, 0).Compact()
	mid := line(14)
	if !f.Sees(tower) || f.Sees(mid) {
		t.Fatalf("the tower seen %v (want true), the valley's middle %v (want false)", f.Sees(tower), f.Sees(mid))
	}
	if nextToSeen(m, f, []Hex{mid}) == false {
		t.Fatal("the valley's middle is next to a seen hex: the case is not the one meant")
	}
	if !f.Reaches(mid) {
		t.Error("Reaches leaves out the valley's middle, under the line to the tower")
	}
	m.SetElevation(mid, 30)
	if m.FieldOfView(from, 0).Sees(tower) {
		t.Error("raising the valley's middle to 30 leaves the tower in sight")
	}
}
