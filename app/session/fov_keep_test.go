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

// TestAReplayFindsTheViewsItMadeBefore: a replay of moves onto a copy of
// the opening (as an undo folds again) finds each field of view the first
// play made at that hex of that map, and makes none; the fog equals the
// first play's.
func TestAReplayFindsTheViewsItMadeBefore(t *testing.T) {
	m, _ := hexmap.New("open", hexmap.Pointy, 12, 12, "dirt")
	m.SetTerrain(m.Orientation.FromOffset(hexmap.Offset{Col: 6, Row: 4}), "rock")
	st := &State{Map: m, Figures: map[string]*Figure{}, Characters: map[string]Character{}}
	for i, off := range []hexmap.Offset{{Col: 1, Row: 1}, {Col: 9, Row: 9}} {
		id := []string{"a", "b"}[i]
		st.Figures[id] = &Figure{ID: id, Side: []string{"posse", "outlaws"}[i%2], At: m.Orientation.FromOffset(off)}
		st.Order = append(st.Order, id)
	}
	st.foldFog()
	opening := st.Clone()
	var events []Event
	for i, off := range []hexmap.Offset{{Col: 3, Row: 1}, {Col: 7, Row: 9}, {Col: 1, Row: 1}, {Col: 9, Row: 9}, {Col: 3, Row: 2}} {
		to := m.Orientation.FromOffset(off)
		id := st.Order[i%2]
		e := Event{Kind: EventMoved, Figure: id, To: to, Path: []hexmap.Hex{st.Figures[id].At, to}}
		if err := st.Apply(e); err != nil {
			t.Fatal(err)
		}
		events = append(events, e)
	}
	made := viewsMade.Load()
	again := opening.Clone()
	again.Map = st.Map // the undo points' way: the replay folds onto the live state's map
	again.fog.onMap(opening.Map, st.Map)
	for _, e := range events {
		if err := again.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	if n := viewsMade.Load() - made; n != 0 {
		t.Errorf("the replay of %d moves made %d fields of view, want 0 (each found as the first play made it)", len(events), n)
	}
	if got, want := fogKey(t, again, false), fogKey(t, st, false); got != want {
		t.Errorf("the replay's fog\n%s\nwant the first play's\n%s", got, want)
	}
}

// TestViewsOfTwoMapsAtOneVersionAreTheirOwn: two copies of a state whose
// maps were edited apart to the same version (one a wall in the way, one
// grass) each see as their own map lets them: a view made from one map is
// never found for the other.
func TestViewsOfTwoMapsAtOneVersionAreTheirOwn(t *testing.T) {
	m, _ := hexmap.New("open", hexmap.Pointy, 10, 10, "dirt")
	st := &State{Map: m, Figures: map[string]*Figure{}, Characters: map[string]Character{}}
	st.Figures["a"] = &Figure{ID: "a", Side: "posse", At: m.Orientation.FromOffset(hexmap.Offset{Col: 1, Row: 5})}
	st.Order = []string{"a"}
	st.foldFog()
	x, y := st.Clone(), st.Clone()
	c := m.CellAt(m.Orientation.FromOffset(hexmap.Offset{Col: 4, Row: 5}))
	rock, grass := c, c
	rock.Terrain, grass.Terrain = "rock", "grass"
	to := m.Orientation.FromOffset(hexmap.Offset{Col: 2, Row: 5})
	for _, s := range []struct {
		st   *State
		cell hexmap.Cell
	}{{x, rock}, {y, grass}} {
		for _, e := range []Event{{Kind: EventMapEdited, Cells: []hexmap.Cell{s.cell}}, {Kind: EventMoved, Figure: "a", To: to, Path: []hexmap.Hex{s.st.Figures["a"].At, to}}} {
			if err := s.st.Apply(e); err != nil {
				t.Fatal(err)
			}
		}
	}
	if x.Map.Version() != y.Map.Version() {
		t.Fatalf("the maps are at versions %d and %d, want one", x.Map.Version(), y.Map.Version())
	}
	for name, s := range map[string]*State{"rock": x, "grass": y} {
		if got, want := fogKey(t, s, false), fogKey(t, s, true); got != want {
			t.Errorf("%s: the view kept\n%s\nwant the map's own\n%s", name, got, want)
		}
	}
}
