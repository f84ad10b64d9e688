package hexmap

import "testing"

// TestTerrainGoing: every terrain kind says what crossing it costs, for the
// editor's legend; the words follow its movement class.
func TestTerrainGoing(t *testing.T) {
	for _, c := range []struct{ terrain, want string }{
		{"dirt", "normal pace"},
		{"grass", "normal pace"},
		{"rough", "slow going"},
		{"shallows", "slow going"},
		{"gentle grade", "slow going (grade)"},
		{"steep grade", "very slow (steep)"},
		{"water", "swim only"},
		{"rock", "impassable"},
	} {
		t.Run(c.terrain+" is "+c.want, func(t *testing.T) {
			if got := Terrains[c.terrain].Going(); got != c.want {
				t.Errorf("%s: got %q, want %q", c.terrain, got, c.want)
			}
		})
	}
	for _, n := range TerrainNames() {
		if _, ok := moveClassGoing[Terrains[n].Move]; !ok {
			t.Errorf("terrain %s has no words for its going", n)
		}
	}
}
