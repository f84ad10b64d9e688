package hexmap

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDiffThenApplyMakesTheSameMap(t *testing.T) {
	a := Sample(30, 20, 3)
	b := a.Clone()
	h := Pointy.FromOffset(Offset{Col: 5, Row: 5})
	b.SetTerrain(h, "grass")
	b.SetElevation(h.Neighbor(0), 3)
	wall, _ := NewFeature("wall")
	b.SetEdge(h, 4, wall) // a side stored on the neighbour
	barrel, _ := NewFeature("barrel")
	barrel.Armor = 2
	b.SetFeature(h.Neighbor(1), barrel)
	b.Labels = map[Hex]string{h: "Well"}
	edge := Pointy.FromOffset(Offset{Col: 0, Row: 0})
	b.SetEdge(edge, 3, wall) // on the map's outer rim
	cells, err := Diff(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) < 5 || len(cells) > 8 {
		t.Errorf("%d cells differ, want 5 to 8 (the edges count on both their hexes)", len(cells))
	}
	// Through JSON, as the session sends them.
	data, _ := json.Marshal(cells)
	var back []Cell
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	for _, c := range back {
		if err := a.SetCell(c); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
	}
	if rest, _ := Diff(a, b); len(rest) != 0 {
		t.Errorf("after applying the diff, %d cells still differ: %+v", len(rest), rest[0])
	}
	if f, ok := a.Feature(h.Neighbor(1)); !ok || f.Armor != 2 {
		t.Errorf("the barrel: %+v", f)
	}
}

func TestSetCellRefusesBadCells(t *testing.T) {
	m, _ := New("t", Pointy, 6, 6, "dirt")
	h := Pointy.FromOffset(Offset{Col: 2, Row: 2})
	for _, tc := range []struct {
		name string
		cell Cell
		want string
	}{
		{"off the map", Cell{At: Hex{Q: 40, R: 40}, Terrain: "dirt"}, "outside"},
		{"unknown terrain", Cell{At: h, Terrain: "lava"}, `"lava" is not known`},
		{"too high", Cell{At: h, Terrain: "dirt", Elevation: 5000}, "elevation 5000"},
		{"a wall in a hex", Cell{At: h, Terrain: "dirt", Feature: &FileFeature{Kind: "wall"}}, "on a hexside"},
		{"a barrel on a side", Cell{At: h, Terrain: "dirt", Edges: [6]*FileFeature{{Kind: "barrel"}}}, "in a hex"},
		{"unknown feature", Cell{At: h, Terrain: "dirt", Feature: &FileFeature{Kind: "piano"}}, "piano"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := m.Version()
			if err := m.SetCell(tc.cell); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
			if m.Version() != v {
				t.Error("a refused cell changed the map")
			}
		})
	}
}

// FuzzSetCell: a cell from outside (a client's edit_map) never panics, and
// a refused one changes nothing.
func FuzzSetCell(f *testing.F) {
	m := Sample(12, 10, 1)
	for _, h := range []Hex{{Q: 2, R: 2}, {Q: -1, R: 9}} {
		data, _ := json.Marshal(m.CellAt(h))
		f.Add(data)
	}
	f.Add([]byte(`{"at":{"q":3,"r":3},"terrain":"dirt","edges":[{"kind":"door","open":true},null,null,null,null,{"kind":"wall","armor":99}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var c Cell
		if json.Unmarshal(data, &c) != nil {
			return
		}
		mm := m.Clone()
		v := mm.Version()
		if err := mm.SetCell(c); err != nil && mm.Version() != v {
			t.Fatalf("a refused cell changed the map: %v", err)
		}
		mm.CellAt(c.At)
	})
}

// TestCheckCellsIsTryingThemOnACopy: CheckCells (the session's check of
// a Judge's edit, without an 11 MB copy at 1024²) says what setting the
// cells in order on a copy says: the same error, or the same CanStand
// afterwards at every hex, edited or not; and the map does not change.
func TestCheckCellsIsTryingThemOnACopy(t *testing.T) {
	m := Sample(10, 8, 2)
	h := Pointy.FromOffset(Offset{Col: 3, Row: 3})
	n := h.Neighbor(2)
	rock := Pointy.FromOffset(Offset{Col: 6, Row: 5})
	if err := m.SetFeature(rock, Feature{Kind: "barrel"}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		cells []Cell
	}{
		{"water", []Cell{{At: h, Terrain: "water"}}},
		{"void", []Cell{{At: h, Terrain: ""}}},
		{"a barrel", []Cell{{At: h, Terrain: "dirt", Feature: &FileFeature{Kind: "barrel"}}}},
		{"the barrel taken away", []Cell{{At: rock, Terrain: "dirt"}}},
		{"the last cell for a hex wins", []Cell{{At: h, Terrain: "water"}, {At: n, Terrain: "rock"}, {At: h, Terrain: "grass"}}},
		{"a wall on a side", []Cell{{At: h, Terrain: "dirt", Edges: [6]*FileFeature{{Kind: "wall"}}}}},
		{"unknown terrain second", []Cell{{At: h, Terrain: "dirt"}, {At: n, Terrain: "lava"}}},
		{"off the map", []Cell{{At: Hex{Q: 40, R: 40}, Terrain: "dirt"}}},
		{"a barrel on a side", []Cell{{At: h, Terrain: "dirt", Edges: [6]*FileFeature{{Kind: "barrel"}}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := m.Version()
			stand, err := m.CheckCells(tc.cells)
			c := m.Clone()
			var want error
			for _, cell := range tc.cells {
				if want = c.SetCell(cell); want != nil {
					break
				}
			}
			if m.Version() != v {
				t.Fatal("CheckCells changed the map")
			}
			if (err == nil) != (want == nil) || err != nil && err.Error() != want.Error() {
				t.Fatalf("%+v: got error %v, want %v", tc.cells, err, want)
			}
			if err != nil {
				return
			}
			for i := range c.terrain {
				x := c.hexAt(i)
				g, w := stand(x), c.CanStand(x)
				if (g == nil) != (w == nil) || g != nil && g.Error() != w.Error() {
					t.Errorf("%+v: CanStand(%v) got %v, want %v", tc.cells, x, g, w)
				}
			}
		})
	}
}
