package session

import (
	"testing"

	"hexslinger/hexmap"
)

// TestAnEditThatChangesNoSightKeepsEveryFieldOfView: a map edit in every
// figure's sight that changes nothing a line of sight looks at (the
// ground's kind, where neither blocks sight; a label) keeps every view as
// it was made, while one that does (rock, a wall, a raised hex) makes them
// again; either way the fog equals one made afresh, and the sides' known
// maps learn the edit.
func TestAnEditThatChangesNoSightKeepsEveryFieldOfView(t *testing.T) {
	wall := &hexmap.FileFeature{Kind: "wall"}
	for _, tc := range []struct {
		name string
		edit func(c *hexmap.Cell)
		keep bool
	}{
		{"grass for dirt", func(c *hexmap.Cell) { c.Terrain = "grass" }, true},
		{"rough for dirt", func(c *hexmap.Cell) { c.Terrain = "rough" }, true},
		{"a label", func(c *hexmap.Cell) { c.Label = "the well" }, true},
		{"rock for dirt", func(c *hexmap.Cell) { c.Terrain = "rock" }, false},
		{"a wall", func(c *hexmap.Cell) { c.Edges[2] = wall }, false},
		{"raised 3", func(c *hexmap.Cell) { c.Elevation = 3 }, false},
		{"a barrel", func(c *hexmap.Cell) { c.Feature = &hexmap.FileFeature{Kind: "barrel"} }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, _ := hexmap.New("open", hexmap.Pointy, 10, 10, "dirt")
			st := &State{Map: m, Figures: map[string]*Figure{}, Characters: map[string]Character{}}
			for i, off := range []hexmap.Offset{{Col: 1, Row: 1}, {Col: 8, Row: 2}, {Col: 4, Row: 8}} {
				id := []string{"a", "b", "c"}[i]
				st.Figures[id] = &Figure{ID: id, Side: []string{"posse", "outlaws"}[i%2], At: m.Orientation.FromOffset(off)}
				st.Order = append(st.Order, id)
			}
			st.foldFog()
			opening := st.Clone()
			before := map[string]*hexmap.FOV{}
			for id, v := range st.fog.views {
				before[id] = v.fov
			}
			c := m.CellAt(m.Orientation.FromOffset(hexmap.Offset{Col: 5, Row: 5}))
			tc.edit(&c)
			e := Event{Kind: EventMapEdited, Cells: []hexmap.Cell{c}}
			if err := st.Apply(e); err != nil {
				t.Fatal(err)
			}
			for id, v := range st.fog.views {
				if kept := v.fov == before[id]; kept != tc.keep {
					t.Errorf("figure %s: view kept %v, want %v", id, kept, tc.keep)
				}
			}
			if got, want := fogKey(t, st, false), fogKey(t, remade(t, opening, []Event{e}), false); got != want {
				t.Errorf("the fog kept\n%s\nwant the fog made afresh\n%s", got, want)
			}
			for _, side := range []string{"posse", "outlaws"} {
				if got := st.KnownMap(side).CellAt(c.At); got.Terrain != c.Terrain || got.Label != c.Label || got.Elevation != c.Elevation {
					t.Errorf("%s's known map at %v: %+v, want the edit %+v", side, c.At, got, c)
				}
			}
		})
	}
}
