package bigfight

import (
	"fmt"
	"testing"

	"hexslinger/hexmap"
)

// TestAGeneratedFightIsWhatTheBenchmarksSayTheyMeasure: the fight is the
// same every time; its ground is varied and its sight neither open nor
// closed (walls, doors, rock; the mover sees more than its clearing and
// far less than the map); the mover sees the hexes it edits, walks to
// and opens the door of, and the door is closed; every figure stands on
// its own hex, one it can stand on, the sides taking turns.
func TestAGeneratedFightIsWhatTheBenchmarksSayTheyMeasure(t *testing.T) {
	for _, tc := range []struct{ n, figs int }{{64, 4}, {64, 50}, {256, 500}} {
		t.Run(fmt.Sprintf("%dx%d-%d", tc.n, tc.n, tc.figs), func(t *testing.T) {
			f, err := Generate(tc.n, tc.figs, 4)
			if err != nil {
				t.Fatal(err)
			}
			again, err := Generate(tc.n, tc.figs, 4)
			if err != nil {
				t.Fatal(err)
			}
			if !f.Map.Equal(again.Map) || fmt.Sprint(f.Figures) != fmt.Sprint(again.Figures) {
				t.Errorf("two fights of %d×%d with %d figures differ", tc.n, tc.n, tc.figs)
			}
			m := f.Map
			kinds := map[string]int{}
			for _, e := range m.Edges() {
				ft, _ := m.EdgeAt(e)
				kinds[ft.Kind]++
			}
			for _, h := range m.Features() {
				ft, _ := m.Feature(h)
				kinds[ft.Kind]++
			}
			terrains := map[string]int{}
			for _, h := range m.Hexes() {
				tr, _ := m.Terrain(h)
				terrains[tr.Name]++
			}
			for _, k := range []string{"wall", "door", "window", "barrel"} {
				if kinds[k] == 0 {
					t.Errorf("no %s on the map; have %v", k, kinds)
				}
			}
			for _, k := range []string{"rock", "water", "grass", "floor"} {
				if terrains[k] == 0 {
					t.Errorf("no %s on the map; have %v", k, terrains)
				}
			}
			fov := m.FieldOfView(f.Home, 0)
			if clearing := len(f.Home.Spiral(4)); fov.Len() <= clearing || fov.Len() >= len(m.Hexes())/2 {
				t.Errorf("the mover sees %d hexes of %d, want more than its clearing's %d and fewer than half", fov.Len(), len(m.Hexes()), clearing)
			}
			for name, h := range map[string]hexmap.Hex{"edit": f.Edit, "door": f.Door, "step": f.Step} {
				if !fov.Sees(h) {
					t.Errorf("the mover at %s does not see the %s hex %s", m.Label(f.Home), name, m.Label(h))
				}
			}
			if d, ok := m.EdgeFeature(f.Door, f.DoorSide); !ok || d.Kind != "door" || d.Open {
				t.Errorf("hexside %d of %s holds %+v (%v), want a closed door", f.DoorSide, m.Label(f.Door), d, ok)
			}
			if len(f.Figures) != tc.figs || f.Figures[0].ID != f.Mover || f.Figures[0].At != f.Home {
				t.Fatalf("%d figures, the first %+v; want %d, the first %s at %s", len(f.Figures), f.Figures[0], tc.figs, f.Mover, m.Label(f.Home))
			}
			taken := map[hexmap.Hex]string{}
			for i, x := range f.Figures {
				if err := m.CanStand(x.At); err != nil {
					t.Errorf("%s: %v", x.ID, err)
				}
				if o, ok := taken[x.At]; ok {
					t.Errorf("%s and %s both stand at %s", o, x.ID, m.Label(x.At))
				}
				taken[x.At] = x.ID
				if want := []string{"posse", "outlaws"}[i%2]; x.Side != want || x.Character != i%4 {
					t.Errorf("%s is of %s, character %d; want %s, %d", x.ID, x.Side, x.Character, want, i%4)
				}
			}
		})
	}
}
