package hexmap

import (
	"fmt"
	"sort"
)

// Limits on map size, so that a malformed or hostile file cannot make the
// program allocate without bound.
const (
	MaxSide = 1024 // columns or rows
)

// Map is a battle map: a rectangle of hexes in offset coordinates, each with
// a terrain and an elevation, with features on hexsides and in hexes. Hexes
// whose terrain is "" are off the map, which makes irregular maps.
type Map struct {
	Name        string
	Orientation Orientation
	Width       int     // columns
	Height      int     // rows
	Scale       float64 // paces per hex
	terrain     []string
	elevation   []int
	Edges       map[Edge]Feature
	Features    map[Hex]Feature
	Labels      map[Hex]string
}

// New returns a width×height map of one terrain.
func New(name string, o Orientation, width, height int, terrain string) (*Map, error) {
	if width < 1 || height < 1 || width > MaxSide || height > MaxSide {
		return nil, fmt.Errorf("map size %d×%d: each side must be 1 to %d", width, height, MaxSide)
	}
	if _, ok := Terrains[terrain]; !ok {
		return nil, fmt.Errorf("terrain %q is not known (have %v)", terrain, TerrainNames())
	}
	m := &Map{
		Name: name, Orientation: o, Width: width, Height: height, Scale: 1,
		terrain:   make([]string, width*height),
		elevation: make([]int, width*height),
		Edges:     map[Edge]Feature{},
		Features:  map[Hex]Feature{},
		Labels:    map[Hex]string{},
	}
	for i := range m.terrain {
		m.terrain[i] = terrain
	}
	return m, nil
}

// index returns h's cell index, or -1 outside the rectangle.
func (m *Map) index(h Hex) int {
	c := m.Orientation.ToOffset(h)
	if c.Col < 0 || c.Row < 0 || c.Col >= m.Width || c.Row >= m.Height {
		return -1
	}
	return c.Row*m.Width + c.Col
}

// hexAt is the inverse of index.
func (m *Map) hexAt(i int) Hex {
	return m.Orientation.FromOffset(Offset{i % m.Width, i / m.Width})
}

// Contains reports whether h is a hex of the map.
func (m *Map) Contains(h Hex) bool {
	i := m.index(h)
	return i >= 0 && m.terrain[i] != ""
}

// Hexes returns every hex of the map, row by row.
func (m *Map) Hexes() []Hex {
	out := make([]Hex, 0, len(m.terrain))
	for i, t := range m.terrain {
		if t != "" {
			out = append(out, m.hexAt(i))
		}
	}
	return out
}

// Terrain returns the terrain of h; ok is false off the map.
func (m *Map) Terrain(h Hex) (t Terrain, ok bool) {
	i := m.index(h)
	if i < 0 || m.terrain[i] == "" {
		return Terrain{}, false
	}
	return Terrains[m.terrain[i]], true
}

// SetTerrain sets the terrain of h; "" removes h from the map.
func (m *Map) SetTerrain(h Hex, name string) error {
	i := m.index(h)
	if i < 0 {
		return fmt.Errorf("hex %s is outside the %d×%d map", m.Label(h), m.Width, m.Height)
	}
	if _, ok := Terrains[name]; !ok && name != "" {
		return fmt.Errorf("terrain %q is not known (have %v)", name, TerrainNames())
	}
	m.terrain[i] = name
	return nil
}

// Elevation returns the height level of h (0 off the map).
func (m *Map) Elevation(h Hex) int {
	if i := m.index(h); i >= 0 {
		return m.elevation[i]
	}
	return 0
}

// SetElevation sets the height level of h.
func (m *Map) SetElevation(h Hex, level int) error {
	i := m.index(h)
	if i < 0 {
		return fmt.Errorf("hex %s is outside the %d×%d map", m.Label(h), m.Width, m.Height)
	}
	m.elevation[i] = level
	return nil
}

// EdgeFeature returns the feature on hexside d of h.
func (m *Map) EdgeFeature(h Hex, d Direction) (Feature, bool) {
	f, ok := m.Edges[EdgeOf(h, d)]
	return f, ok
}

// SetEdge puts f on hexside d of h, replacing what was there.
func (m *Map) SetEdge(h Hex, d Direction, f Feature) error {
	if !m.Contains(h) && !m.Contains(h.Neighbor(d)) {
		return fmt.Errorf("hexside %s of %s is not on the map", d, m.Label(h))
	}
	if !f.Info().OnEdge {
		return fmt.Errorf("a %s stands in a hex, not on a hexside", f.Kind)
	}
	m.Edges[EdgeOf(h, d)] = f
	return nil
}

// SetFeature puts f in hex h, replacing what was there.
func (m *Map) SetFeature(h Hex, f Feature) error {
	if !m.Contains(h) {
		return fmt.Errorf("hex %s is not on the map", m.Label(h))
	}
	if f.Info().OnEdge {
		return fmt.Errorf("a %s stands on a hexside, not in a hex", f.Kind)
	}
	m.Features[h] = f
	return nil
}

// Label is h's battle-mat label, as "C7".
func (m *Map) Label(h Hex) string { return m.Orientation.ToOffset(h).Label() }

// ParseHex reads a battle-mat label such as "C7" as a hex of this map.
func (m *Map) ParseHex(label string) (Hex, error) {
	c, err := ParseLabel(label)
	if err != nil {
		return Hex{}, err
	}
	return m.Orientation.FromOffset(c), nil
}

// SortedEdges returns the map's edges in a stable order (for files).
func (m *Map) SortedEdges() []Edge {
	out := make([]Edge, 0, len(m.Edges))
	for e := range m.Edges {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return lessEdge(out[i], out[j]) })
	return out
}

func lessEdge(a, b Edge) bool {
	if a.Hex != b.Hex {
		return lessHex(a.Hex, b.Hex)
	}
	return a.Side < b.Side
}

func lessHex(a, b Hex) bool {
	if a.R != b.R {
		return a.R < b.R
	}
	return a.Q < b.Q
}

// sortedHexes returns the keys of a hex-keyed map in a stable order.
func sortedHexes[V any](m map[Hex]V) []Hex {
	out := make([]Hex, 0, len(m))
	for h := range m {
		out = append(out, h)
	}
	sort.Slice(out, func(i, j int) bool { return lessHex(out[i], out[j]) })
	return out
}

// Clone returns a deep copy of m.
func (m *Map) Clone() *Map {
	c := *m
	c.terrain = append([]string(nil), m.terrain...)
	c.elevation = append([]int(nil), m.elevation...)
	c.Edges = make(map[Edge]Feature, len(m.Edges))
	for k, v := range m.Edges {
		c.Edges[k] = v
	}
	c.Features = make(map[Hex]Feature, len(m.Features))
	for k, v := range m.Features {
		c.Features[k] = v
	}
	c.Labels = make(map[Hex]string, len(m.Labels))
	for k, v := range m.Labels {
		c.Labels[k] = v
	}
	return &c
}
