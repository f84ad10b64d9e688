package hexmap

import "testing"

// TestACopySharesTheNeighbourTable: a copy of a map (Clone, CloneBare)
// shares its neighbour table, which depends only on the map's size and
// orientation and is never changed once built (24 MB at 1024²: a
// timeline's checkpoints held one each), and its paths are the
// original's after an edit of the copy.
func TestACopySharesTheNeighbourTable(t *testing.T) {
	for _, tc := range []struct {
		name string
		copy func(*Map) *Map
	}{{"Clone", (*Map).Clone}, {"CloneBare", (*Map).CloneBare}} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := New("t", Flat, 12, 9, "dirt")
			if err != nil {
				t.Fatal(err)
			}
			m.lockCache().mu.Unlock() // builds the table
			c := tc.copy(m)
			c.lockCache().mu.Unlock()
			if &c.cache.nbr[0] != &m.cache.nbr[0] {
				t.Fatalf("%s: the copy built a neighbour table of its own", tc.name)
			}
			if err := c.SetTerrain(Hex{Q: 3, R: 2}, "water"); err != nil {
				t.Fatal(err)
			}
			w := c.CloneBare() // a fresh table's paths, built from scratch
			w.cache = &mapCache{}
			from, to := Hex{Q: 1, R: 1}, Hex{Q: 8, R: 5}
			if g, x := c.SightLine(from, to), w.SightLine(from, to); g.Clear != x.Clear {
				t.Errorf("%s: sight line %v to %v: got clear %v, from scratch %v", tc.name, from, to, g.Clear, x.Clear)
			}
		})
	}
}

// TestACopyAndItsOriginalMendTheirOwnSightCaches: a copy (Clone,
// CloneBare) shares its original's sight flags and closed hexsides until
// one of them changes, and then neither sees the other's edits: each
// one's caches, mended, equal ones rebuilt from its own map.
func TestACopyAndItsOriginalMendTheirOwnSightCaches(t *testing.T) {
	for _, tc := range []struct {
		name string
		copy func(*Map) *Map
	}{{"Clone", (*Map).Clone}, {"CloneBare", (*Map).CloneBare}} {
		for _, first := range []string{"copy", "original"} {
			t.Run(tc.name+"/"+first+" edited first", func(t *testing.T) {
				m := Sample(16, 12, 3)
				m.cellFlags()
				m.sightSides()
				c := tc.copy(m)
				if gf, _ := c.cellFlags(); &gf[0] != &m.cache.flags[0] {
					t.Fatalf("%s: the copy built sight flags of its own", tc.name)
				}
				if c.sightSides().sides == nil || &c.sightSides().sides[0] != &m.cache.sight.sides[0] {
					t.Fatalf("%s: the copy built closed hexsides of its own", tc.name)
				}
				a, b := c, m
				if first == "original" {
					a, b = m, c
				}
				h := Pointy.FromOffset(Offset{Col: 5, Row: 4})
				wall, _ := NewFeature("wall")
				if err := a.SetEdge(h, 1, wall); err != nil {
					t.Fatal(err)
				}
				a.SetTerrain(h.Neighbor(3), "woods")
				a.SetElevation(h.Neighbor(4), 9)
				checkMended(t, a, 1)
				checkMended(t, b, 2)
				b.SetTerrain(h, "water")
				b.RemoveEdge(h.Neighbor(0), 2)
				checkMended(t, b, 3)
				checkMended(t, a, 4)
			})
		}
	}
}

// TestACopyAndItsOriginalMendTheirOwnStepTables: a copy made by
// CloneBareWithSteps (an undo point's, Session.spare) starts with its
// original's step tables, not built again (400 ms at 1024²), and the
// two share them until one changes: then each one's tables, mended,
// equal ones rebuilt from its own map, whichever was edited first.
func TestACopyAndItsOriginalMendTheirOwnStepTables(t *testing.T) {
	for _, first := range []string{"copy", "original"} {
		t.Run(first+" edited first", func(t *testing.T) {
			m := Sample(16, 12, 3)
			for _, model := range mendModels {
				m.steps(model)
			}
			c := m.CloneBareWithSteps()
			for _, model := range mendModels {
				if got, want := c.steps(model), m.steps(model); &got.cost[0] != &want.cost[0] {
					t.Fatalf("%T%v: the copy built a step table of its own, want the original's shared", model, model)
				}
			}
			a, b := c, m
			if first == "original" {
				a, b = m, c
			}
			h := Pointy.FromOffset(Offset{Col: 5, Row: 4})
			wall, _ := NewFeature("wall")
			if err := a.SetEdge(h, 1, wall); err != nil {
				t.Fatal(err)
			}
			a.SetTerrain(h.Neighbor(3), "water")
			a.SetElevation(h.Neighbor(4), 3)
			checkMended(t, a, 1)
			checkMended(t, b, 2)
			b.SetTerrain(h, "water")
			b.RemoveEdge(h.Neighbor(0), 2)
			checkMended(t, b, 3)
			checkMended(t, a, 4)
		})
	}
}
