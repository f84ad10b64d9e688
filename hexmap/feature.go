package hexmap

import "fmt"

// Height is how tall a cover feature stands, and so which hit locations it
// shields (DESIGN.md "cover").
type Height int

// Cover heights, lowest first.
const (
	Low   Height = iota + 1 // legs
	Waist                   // legs and belly
	Chest                   // all but head and arms
	Full                    // everything
)

var heightNames = map[Height]string{Low: "low", Waist: "waist", Chest: "chest", Full: "full"}

// String is the height's name in map files.
func (h Height) String() string {
	if n, ok := heightNames[h]; ok {
		return n
	}
	return fmt.Sprintf("Height(%d)", int(h))
}

// ParseHeight reads a height's name.
func ParseHeight(s string) (Height, error) {
	for h, n := range heightNames {
		if n == s {
			return h, nil
		}
	}
	return 0, fmt.Errorf("height %q: want low, waist, chest or full", s)
}

// FeatureKind describes a kind of edge or hex feature: how it treats
// movement and sight, and its default cover.
type FeatureKind struct {
	Name     string
	OnEdge   bool   // stands on a hexside, not in a hex
	Blocks   bool   // stops movement (a closed door; see Feature.Open)
	Climb    bool   // may be climbed over (fence): a climb cost, not a block
	Sight    bool   // blocks line of sight when closed
	Armor    int    // default armor value (DESIGN.md: 1 glass … 5 thick iron)
	Height   Height // default height; 0 for features that give no cover
	Openable bool   // doors open and close
}

// FeatureKinds are the features a map may hold, by name.
var FeatureKinds = map[string]FeatureKind{
	"wall":    {Name: "wall", OnEdge: true, Blocks: true, Sight: true, Armor: 3, Height: Full},
	"door":    {Name: "door", OnEdge: true, Blocks: true, Sight: true, Armor: 2, Height: Full, Openable: true},
	"window":  {Name: "window", OnEdge: true, Blocks: true, Armor: 2, Height: Waist},
	"fence":   {Name: "fence", OnEdge: true, Climb: true, Armor: 2, Height: Low},
	"barrel":  {Name: "barrel", Blocks: true, Armor: 3, Height: Waist},
	"trough":  {Name: "trough", Blocks: true, Armor: 3, Height: Low},
	"table":   {Name: "table", Climb: true, Armor: 2, Height: Waist},
	"counter": {Name: "counter", Climb: true, Armor: 3, Height: Chest},
	"ladder":  {Name: "ladder"},
	"stairs":  {Name: "stairs"},
}

// Feature is a wall, door, window or fence on a hexside, or an object in a
// hex. Armor is its current armor value, which drops as it is shot through
// (ablation); BaseArmor is the value it was built with.
type Feature struct {
	Kind string
	Open bool // doors only
	// Secret is the Judge's hidden door (doors only, and only shut): it
	// works as a door, and the players are told a plain wall there
	// (FileFeature.ForPlayers) until it is opened or the Judge makes it a
	// plain door.
	Secret    bool
	Armor     int
	BaseArmor int
	Height    Height
}

// NewFeature returns a feature of the named kind with its default cover.
func NewFeature(kind string) (Feature, error) {
	k, ok := FeatureKinds[kind]
	if !ok {
		return Feature{}, fmt.Errorf("feature kind %q is not known", kind)
	}
	return Feature{Kind: kind, Armor: k.Armor, BaseArmor: k.Armor, Height: k.Height}, nil
}

// ForPlayers is the feature as the players are told it: a secret door a
// wall of the door's armor and height (cover as the session reckons it),
// anything else itself.
func (f Feature) ForPlayers() Feature {
	if !f.Secret {
		return f
	}
	return Feature{Kind: "wall", Armor: f.Armor, BaseArmor: f.BaseArmor, Height: f.Height}
}

// Name is the feature's name as anyone may read it: its kind's, and a
// secret door's "wall" (what the players are told it is).
func (f Feature) Name() string {
	if f.Secret {
		return "wall"
	}
	return f.Kind
}

// Info returns the feature's kind description.
func (f Feature) Info() FeatureKind { return FeatureKinds[f.Kind] }

// BlocksMove reports whether the feature stops movement through it.
func (f Feature) BlocksMove() bool {
	k := f.Info()
	return k.Blocks && !(k.Openable && f.Open)
}

// BlocksSight reports whether the feature stops line of sight.
func (f Feature) BlocksSight() bool {
	k := f.Info()
	return k.Sight && !(k.Openable && f.Open)
}

// IsCover reports whether the feature gives cover.
func (f Feature) IsCover() bool { return f.Height > 0 && !(f.Info().Openable && f.Open) }

// Edge names one hexside shared by two hexes, in a canonical form: the
// same hexside seen from either hex gives an equal Edge, so it can be a map
// key.
type Edge struct {
	Hex  Hex
	Side Direction // 0, 1 or 2
}

// EdgeOf returns the canonical Edge for hexside d of h.
func EdgeOf(h Hex, d Direction) Edge {
	d = d.norm()
	if d >= 3 {
		return Edge{h.Neighbor(d), d.Opposite()}
	}
	return Edge{h, d}
}

// Hexes returns the two hexes the edge lies between.
func (e Edge) Hexes() (Hex, Hex) { return e.Hex, e.Hex.Neighbor(e.Side) }
