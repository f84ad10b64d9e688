package hexmap

import "sort"

// MoveClass is how a terrain kind treats movement; the rule system turns it
// into an AP cost (see rules.MoveCost).
type MoveClass string

// The movement classes of terrain.
const (
	MoveOpen       MoveClass = "open"       // no extra cost
	MoveRough      MoveClass = "rough"      // broken ground, shallow water
	MoveGentle     MoveClass = "gentle"     // a gentle grade drawn as terrain, not elevation
	MoveSteep      MoveClass = "steep"      // a steep grade drawn as terrain
	MoveImpassable MoveClass = "impassable" // deep water, sheer rock
)

// Terrain is a named kind of ground with its map color and movement class.
type Terrain struct {
	Name        string
	Color       string // "#rrggbb", the map window's fill
	Move        MoveClass
	BlocksSight bool
	// Swim marks deep water: impassable on foot, but a figure may swim it
	// where its rule system prices swimming.
	Swim bool
}

// terrainList holds the terrain kinds; a map stores a hex's terrain as its
// index here plus one (0 is off the map).
var terrainList = []Terrain{
	{Name: "dirt", Color: "#c8a878", Move: MoveOpen},
	{Name: "boardwalk", Color: "#9a6a3c", Move: MoveOpen},
	{Name: "floor", Color: "#b98f5e", Move: MoveOpen},
	{Name: "grass", Color: "#9bae6a", Move: MoveOpen},
	{Name: "rough", Color: "#a08f70", Move: MoveRough},
	{Name: "shallows", Color: "#7fa9c4", Move: MoveRough},
	{Name: "gentle grade", Color: "#b5a06e", Move: MoveGentle},
	{Name: "steep grade", Color: "#8f7a55", Move: MoveSteep},
	{Name: "water", Color: "#3f6f9c", Move: MoveImpassable, Swim: true},
	{Name: "rock", Color: "#6d6259", Move: MoveImpassable, BlocksSight: true},
}

// Terrains are the terrain kinds a map may use, by name.
var Terrains = func() map[string]Terrain {
	m := map[string]Terrain{}
	for _, t := range terrainList {
		m[t.Name] = t
	}
	return m
}()

var terrainIDs = func() map[string]uint8 {
	m := map[string]uint8{}
	for i, t := range terrainList {
		m[t.Name] = uint8(i + 1)
	}
	return m
}()

// TerrainNames lists the terrain kinds in alphabetical order.
func TerrainNames() []string {
	out := make([]string, 0, len(Terrains))
	for n := range Terrains {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// moveClassGoing says, for the map's legend, what each movement class costs
// a figure on foot in words any rule system agrees with; each system prices
// it in its own units (AP, inches of Pace).
var moveClassGoing = map[MoveClass]string{
	MoveOpen:       "normal pace",
	MoveRough:      "slow going",
	MoveGentle:     "slow going (grade)",
	MoveSteep:      "very slow (steep)",
	MoveImpassable: "impassable",
}

// Going says what moving through the terrain costs: "normal pace", "slow
// going", "very slow (steep)", "impassable", or "swim only" for deep water.
func (t Terrain) Going() string {
	if t.Move == MoveImpassable && t.Swim {
		return "swim only"
	}
	if s, ok := moveClassGoing[t.Move]; ok {
		return s
	}
	return string(t.Move)
}
