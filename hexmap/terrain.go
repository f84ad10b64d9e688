package hexmap

import "sort"

// MoveClass is how a terrain kind treats movement; the rule system turns it
// into an AP cost (see rules.TWTWMoveCost).
type MoveClass string

// The movement classes of terrain.
const (
	MoveOpen       MoveClass = "open"       // no extra cost
	MoveRough      MoveClass = "rough"      // broken ground, shallow water
	MoveImpassable MoveClass = "impassable" // deep water, sheer rock, void
)

// Terrain is a named kind of ground with its map color and movement class.
type Terrain struct {
	Name        string
	Color       string // "#rrggbb", the map window's fill
	Move        MoveClass
	BlocksSight bool
}

// Terrains are the terrain kinds a map may use, by name.
var Terrains = map[string]Terrain{
	"dirt":      {Name: "dirt", Color: "#c8a878", Move: MoveOpen},
	"boardwalk": {Name: "boardwalk", Color: "#9a6a3c", Move: MoveOpen},
	"floor":     {Name: "floor", Color: "#b98f5e", Move: MoveOpen},
	"grass":     {Name: "grass", Color: "#9bae6a", Move: MoveOpen},
	"rough":     {Name: "rough", Color: "#a08f70", Move: MoveRough},
	"shallows":  {Name: "shallows", Color: "#7fa9c4", Move: MoveRough},
	"water":     {Name: "water", Color: "#3f6f9c", Move: MoveImpassable},
	"rock":      {Name: "rock", Color: "#6d6259", Move: MoveImpassable, BlocksSight: true},
}

// TerrainNames lists the terrain kinds in alphabetical order.
func TerrainNames() []string {
	out := make([]string, 0, len(Terrains))
	for n := range Terrains {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
