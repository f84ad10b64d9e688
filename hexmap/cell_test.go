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
