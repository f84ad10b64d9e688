package hexmap

import (
	"fmt"
	"maps"
	"slices"
	"sort"
)

// Limits on map size, so that a malformed or hostile file cannot make the
// program allocate without bound.
const (
	MaxSide = 1024 // columns or rows
)

// Map is a battle map: a rectangle of hexes in offset coordinates, each with
// a terrain and an elevation, with features on hexsides and in hexes. Hexes
// without terrain are off the map, which makes irregular maps. Cells are
// stored densely so that pathfinding and line of sight look them up by index.
type Map struct {
	Name        string
	Orientation Orientation
	Width       int     // columns
	Height      int     // rows
	Scale       float64 // paces per hex
	Labels      map[Hex]string
	Background  *Background // an image under the map, as from a UVTT file
	Lights      []Light     // light sources, as from a UVTT file
	// Environment is the map's lighting as another tool drew it (a UVTT
	// file's), kept to be written out again; nil for none. Never changed
	// in place: a copy of the map shares it.
	Environment *Environment
	// Portals are the doors and windows as the map's file drew them,
	// where touching ones would otherwise merge (Portal); nil for none.
	Portals []Portal
	// MissingPicture is the picture an imported scene names that was not
	// found with it, for the Judge to choose (LayScenePicture); nil when
	// none is missing. It is not kept in the map's file.
	MissingPicture *ScenePicture

	terrain   []uint8  // terrainList index + 1; 0 is off the map
	elevation []int16  // height level (paces)
	features  []uint16 // one per cell: an index into feats; 0 is none
	edges     []uint16 // three per cell, its canonical hexsides 0, 1, 2: indexes into feats
	edgesOut  map[Edge]Feature
	// feats interns the distinct features of the map (kind, armor,
	// height, open), so that the cells hold small indexes and stay in
	// cache; feats[0] is no feature.
	feats   []Feature
	featIdx map[Feature]uint16

	version uint64 // counts changes, for caches built from the map
	cache   *mapCache
	changes []change // the hexes changed lately, for redrawing only them
}

// change is one hex changed at a version of the map.
type change struct {
	version uint64
	hex     Hex
}

// maxChanges is how many recent changes a map remembers.
const maxChanges = 4096

// touch records a change to hex h.
func (m *Map) touch(h Hex) {
	m.version++
	if len(m.changes) >= maxChanges {
		m.changes = append(m.changes[:0], m.changes[maxChanges/2:]...)
	}
	m.changes = append(m.changes, change{m.version, h})
}

// Version counts the map's changes: a cache built at one version is stale
// once the version moves on.
func (m *Map) Version() uint64 { return m.version }

// ChangedSince returns the hexes changed after version v; ok is false when
// the map no longer remembers that far back (redraw everything).
func (m *Map) ChangedSince(v uint64) (hexes []Hex, ok bool) {
	if v >= m.version {
		return nil, true
	}
	if len(m.changes) == 0 || m.changes[0].version > v+1 {
		return nil, false
	}
	for _, c := range m.changes {
		if c.version > v {
			hexes = append(hexes, c.hex)
		}
	}
	return hexes, true
}

// Background is an image laid under a map. The image's top-left corner
// sits at Origin in the map's hex-width units (the pixel layout of Size
// 1/√3, where a hex is 1 wide), and PixelsPerHex image pixels span one hex
// width.
type Background struct {
	Image        []byte  `json:"image"` // PNG, JPEG or WebP bytes as imported
	PixelsPerHex float64 `json:"pixels_per_hex"`
	Origin       Point   `json:"origin"`
}

// New returns a width×height map of one terrain.
func New(name string, o Orientation, width, height int, terrain string) (*Map, error) {
	if width < 1 || height < 1 || width > MaxSide || height > MaxSide {
		return nil, fmt.Errorf("map size %d×%d: each side must be 1 to %d", width, height, MaxSide)
	}
	id, ok := terrainIDs[terrain]
	if !ok {
		return nil, fmt.Errorf("terrain %q is not known (have %v)", terrain, TerrainNames())
	}
	n := width * height
	m := &Map{
		Name: name, Orientation: o, Width: width, Height: height, Scale: 1,
		Labels:    map[Hex]string{},
		terrain:   make([]uint8, n),
		elevation: make([]int16, n),
		features:  make([]uint16, n),
		edges:     make([]uint16, 3*n),
		edgesOut:  map[Edge]Feature{},
		feats:     []Feature{{}},
		featIdx:   map[Feature]uint16{{}: 0},
		cache:     &mapCache{},
	}
	for i := range m.terrain {
		m.terrain[i] = id
	}
	return m, nil
}

// index returns h's cell index, or -1 outside the rectangle.
func (m *Map) index(h Hex) int {
	var col, row int
	if m.Orientation == Flat {
		col, row = h.Q, h.R+(h.Q-(h.Q&1))/2
	} else {
		col, row = h.Q+(h.R-(h.R&1))/2, h.R
	}
	if col < 0 || row < 0 || col >= m.Width || row >= m.Height {
		return -1
	}
	return row*m.Width + col
}

// hexAt is the inverse of index.
func (m *Map) hexAt(i int) Hex {
	return m.Orientation.FromOffset(Offset{i % m.Width, i / m.Width})
}

// Contains reports whether h is a hex of the map.
func (m *Map) Contains(h Hex) bool {
	i := m.index(h)
	return i >= 0 && m.terrain[i] != 0
}

// Hexes returns every hex of the map, row by row.
func (m *Map) Hexes() []Hex {
	out := make([]Hex, 0, len(m.terrain))
	for i, t := range m.terrain {
		if t != 0 {
			out = append(out, m.hexAt(i))
		}
	}
	return out
}

// Terrain returns the terrain of h; ok is false off the map.
func (m *Map) Terrain(h Hex) (t Terrain, ok bool) {
	i := m.index(h)
	if i < 0 || m.terrain[i] == 0 {
		return Terrain{}, false
	}
	return terrainList[m.terrain[i]-1], true
}

// SetTerrain sets the terrain of h; "" takes h off the map.
func (m *Map) SetTerrain(h Hex, name string) error {
	m.touch(h)
	i := m.index(h)
	if i < 0 {
		return fmt.Errorf("hex %s is outside the %d×%d map", m.Label(h), m.Width, m.Height)
	}
	id, ok := terrainIDs[name]
	if !ok && name != "" {
		return fmt.Errorf("terrain %q is not known (have %v)", name, TerrainNames())
	}
	m.terrain[i] = id
	return nil
}

// Elevation returns the height level of h (0 off the map).
func (m *Map) Elevation(h Hex) int {
	if i := m.index(h); i >= 0 {
		return int(m.elevation[i])
	}
	return 0
}

// Elevation limits: levels are paces of height.
const (
	MinElevation = -1000
	MaxElevation = 1000
)

// SetElevation sets the height level of h.
func (m *Map) SetElevation(h Hex, level int) error {
	m.touch(h)
	i := m.index(h)
	if i < 0 {
		return fmt.Errorf("hex %s is outside the %d×%d map", m.Label(h), m.Width, m.Height)
	}
	if level < MinElevation || level > MaxElevation {
		return fmt.Errorf("elevation %d at %s: want %d to %d", level, m.Label(h), MinElevation, MaxElevation)
	}
	m.elevation[i] = int16(level)
	return nil
}

// intern returns f's index in the feature table, adding it if new.
func (m *Map) intern(f Feature) (uint16, error) {
	if i, ok := m.featIdx[f]; ok {
		return i, nil
	}
	if len(m.feats) > 0xffff {
		return 0, fmt.Errorf("the map has %d different features, the most it can hold", len(m.feats))
	}
	i := uint16(len(m.feats))
	m.feats = append(m.feats, f)
	m.featIdx[f] = i
	return i, nil
}

// EdgeFeature returns the feature on hexside d of h.
func (m *Map) EdgeFeature(h Hex, d Direction) (Feature, bool) {
	e := EdgeOf(h, d)
	if i := m.index(e.Hex); i >= 0 {
		f := m.feats[m.edges[3*i+int(e.Side)]]
		return f, f.Kind != ""
	}
	f, ok := m.edgesOut[e]
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
	return m.putEdge(EdgeOf(h, d), f)
}

// RemoveEdge clears hexside d of h.
func (m *Map) RemoveEdge(h Hex, d Direction) { m.putEdge(EdgeOf(h, d), Feature{}) }

func (m *Map) putEdge(e Edge, f Feature) error {
	m.touch(e.Hex)
	m.touch(e.Hex.Neighbor(e.Side))
	if i := m.index(e.Hex); i >= 0 {
		k, err := m.intern(f)
		if err != nil {
			return err
		}
		m.edges[3*i+int(e.Side)] = k
		return nil
	}
	if f.Kind == "" {
		delete(m.edgesOut, e)
		return nil
	}
	m.edgesOut[e] = f
	return nil
}

// Feature returns the feature standing in hex h.
func (m *Map) Feature(h Hex) (Feature, bool) {
	if i := m.index(h); i >= 0 {
		f := m.feats[m.features[i]]
		return f, f.Kind != ""
	}
	return Feature{}, false
}

// SetFeature puts f in hex h, replacing what was there.
func (m *Map) SetFeature(h Hex, f Feature) error {
	m.touch(h)
	if !m.Contains(h) {
		return fmt.Errorf("hex %s is not on the map", m.Label(h))
	}
	if f.Info().OnEdge {
		return fmt.Errorf("a %s stands on a hexside, not in a hex", f.Kind)
	}
	k, err := m.intern(f)
	if err != nil {
		return err
	}
	m.features[m.index(h)] = k
	return nil
}

// RemoveFeature clears hex h.
func (m *Map) RemoveFeature(h Hex) {
	m.touch(h)
	if i := m.index(h); i >= 0 {
		m.features[i] = 0
	}
}

// Features returns the hexes that hold a feature, row by row.
func (m *Map) Features() []Hex {
	var out []Hex
	for i, f := range m.features {
		if f != 0 {
			out = append(out, m.hexAt(i))
		}
	}
	return out
}

// Edges returns every hexside that holds a feature, in a stable order.
func (m *Map) Edges() []Edge {
	var out []Edge
	for i, f := range m.edges {
		if f != 0 {
			out = append(out, Edge{m.hexAt(i / 3), Direction(i % 3)})
		}
	}
	for e := range m.edgesOut {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return lessEdge(out[i], out[j]) })
	return out
}

// EdgeAt returns the feature on edge e.
func (m *Map) EdgeAt(e Edge) (Feature, bool) { return m.EdgeFeature(e.Hex, e.Side) }

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
	c.terrain = append([]uint8(nil), m.terrain...)
	c.elevation = append([]int16(nil), m.elevation...)
	c.features = append([]uint16(nil), m.features...)
	c.edges = append([]uint16(nil), m.edges...)
	c.edgesOut = maps.Clone(m.edgesOut)
	c.feats = append([]Feature(nil), m.feats...)
	c.featIdx = maps.Clone(m.featIdx)
	c.Labels = maps.Clone(m.Labels)
	c.Lights = slices.Clone(m.Lights)
	c.Portals = slices.Clone(m.Portals)
	c.cache = m.cache.forCopy()
	c.changes = append([]change(nil), m.changes...)
	return &c
}

// CloneBare is Clone without the record of the hexes changed lately (up
// to maxChanges of them, often more than the cells themselves): a copy
// to keep, as a timeline's checkpoint, not to redraw from; its
// ChangedSince says to redraw everything.
func (m *Map) CloneBare() *Map {
	c := *m
	c.changes = nil
	c.terrain = append([]uint8(nil), m.terrain...)
	c.elevation = append([]int16(nil), m.elevation...)
	c.features = append([]uint16(nil), m.features...)
	c.edges = append([]uint16(nil), m.edges...)
	c.edgesOut = maps.Clone(m.edgesOut)
	c.feats = append([]Feature(nil), m.feats...)
	c.featIdx = maps.Clone(m.featIdx)
	c.Labels = maps.Clone(m.Labels)
	c.Lights = slices.Clone(m.Lights)
	c.Portals = slices.Clone(m.Portals)
	c.cache = m.cache.forCopy()
	return &c
}

// CloneBareWithSteps is CloneBare whose copy starts with m's step tables
// too (the paths' costs), shared until either map changes and mends them,
// which copies them first: for a copy that may come to be searched on,
// as an undo point's map does once the undo folds from it.
func (m *Map) CloneBareWithSteps() *Map {
	c := m.CloneBare()
	c.cache.shareSteps(m.cache)
	return c
}

// Equal reports whether m and o hold the same map.
func (m *Map) Equal(o *Map) bool {
	return m.Name == o.Name && m.Orientation == o.Orientation && m.Width == o.Width &&
		m.Height == o.Height && m.Scale == o.Scale && maps.Equal(m.Labels, o.Labels) &&
		slices.Equal(m.terrain, o.terrain) && slices.Equal(m.elevation, o.elevation) &&
		maps.Equal(m.edgesOut, o.edgesOut) && sameBackground(m.Background, o.Background) && sameLights(m.Lights, o.Lights) &&
		sameEnvironment(m.Environment, o.Environment) && slices.Equal(m.Portals, o.Portals) &&
		sameFeatures(m.features, m.feats, o.features, o.feats) &&
		sameFeatures(m.edges, m.feats, o.edges, o.feats)
}

func sameBackground(a, b *Background) bool {
	if a == nil || b == nil {
		return a == b
	}
	return slices.Equal(a.Image, b.Image) && a.PixelsPerHex == b.PixelsPerHex && a.Origin == b.Origin
}

// sameFeatures compares two cell arrays of feature indexes by the features
// they name (two maps may intern the same features in another order).
func sameFeatures(a []uint16, fa []Feature, b []uint16, fb []Feature) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if fa[a[i]] != fb[b[i]] {
			return false
		}
	}
	return true
}

// CanStand says whether a figure may stand on h: nil, or why not, in one
// clause ("C4 is off the map", "B11 holds a barrel, which no one can
// stand in"). Movement, placement, map edits under figures and the
// console's placing all ask this one question.
func (m *Map) CanStand(h Hex) error {
	t, ok := m.Terrain(h)
	f, _ := m.Feature(h)
	return m.canStandOn(h, t, ok, f)
}

// canStandOn is CanStand for hex h holding terrain t (none when !on) and
// feature f (none when its Kind is "").
func (m *Map) canStandOn(h Hex, t Terrain, on bool, f Feature) error {
	switch {
	case !on:
		return fmt.Errorf("%s is off the map", m.Label(h))
	case t.Move == MoveImpassable:
		return fmt.Errorf("%s is %s, which no one can stand in", m.Label(h), t.Name)
	}
	if f.Kind != "" && f.BlocksMove() {
		return fmt.Errorf("%s holds a %s, which no one can stand in", m.Label(h), f.Kind)
	}
	return nil
}

// SameHex reports whether m and o hold the same at h: terrain, level,
// feature, label and the features on its six hexsides. The maps must have
// the same size and orientation.
func (m *Map) SameHex(o *Map, h Hex) bool {
	i := m.index(h)
	if i < 0 || o.index(h) != i {
		return true
	}
	if m.terrain[i] != o.terrain[i] || m.elevation[i] != o.elevation[i] ||
		m.feats[m.features[i]] != o.feats[o.features[i]] || m.Labels[h] != o.Labels[h] {
		return false
	}
	for d := Direction(0); d < 6; d++ {
		a, _ := m.EdgeFeature(h, d)
		b, _ := o.EdgeFeature(h, d)
		if a != b {
			return false
		}
	}
	return true
}

// CopyHex makes m hold at h what src holds there (see SameHex), changing
// only what differs, so that ChangedSince names only the hexes whose data
// moved (a hexside's change names both its hexes). The maps must have the
// same size and orientation.
func (m *Map) CopyHex(src *Map, h Hex) {
	i := m.index(h)
	if i < 0 || src.index(h) != i {
		return
	}
	if m.terrain[i] != src.terrain[i] || m.elevation[i] != src.elevation[i] {
		m.terrain[i], m.elevation[i] = src.terrain[i], src.elevation[i]
		m.touch(h)
	}
	if f := src.feats[src.features[i]]; m.feats[m.features[i]] != f {
		if k, err := m.intern(f); err == nil {
			m.features[i] = k
			m.touch(h)
		}
	}
	if l := src.Labels[h]; m.Labels[h] != l {
		if l == "" {
			delete(m.Labels, h)
		} else {
			if m.Labels == nil {
				m.Labels = map[Hex]string{}
			}
			m.Labels[h] = l
		}
		m.touch(h)
	}
	for d := Direction(0); d < 6; d++ {
		a, _ := m.EdgeFeature(h, d)
		b, _ := src.EdgeFeature(h, d)
		if a != b {
			m.putEdge(EdgeOf(h, d), b)
		}
	}
}
