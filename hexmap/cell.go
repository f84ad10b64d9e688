package hexmap

import (
	"errors"
	"fmt"
)

// Cell is everything a map holds at one hex: its terrain, level, feature,
// the features on its six hexsides and its label. Edits to a map travel as
// cells (the session's map_edited event), so that applying one needs
// nothing but the map.
type Cell struct {
	At        Hex             `json:"at"`
	Terrain   string          `json:"terrain"` // "" is off the map (a void)
	Elevation int             `json:"elevation,omitempty"`
	Feature   *FileFeature    `json:"feature,omitempty"`
	Edges     [6]*FileFeature `json:"edges"` // by hexside; nil is none
	Label     string          `json:"label,omitempty"`
}

// CellAt returns the cell at h.
func (m *Map) CellAt(h Hex) Cell {
	c := Cell{At: h, Elevation: m.Elevation(h), Label: m.Labels[h]}
	if t, ok := m.Terrain(h); ok {
		c.Terrain = t.Name
	}
	if f, ok := m.Feature(h); ok {
		ff := fileFeature("", f)
		c.Feature = &ff
	}
	for d := Direction(0); d < 6; d++ {
		if f, ok := m.EdgeFeature(h, d); ok {
			ff := fileFeature("", f)
			c.Edges[d] = &ff
		}
	}
	return c
}

// ForPlayers is the cell as the players are told it: c itself when no
// hexside of it holds a secret door, else a copy with plain walls there
// (FileFeature.ForPlayers). c does not change.
func (c Cell) ForPlayers() Cell {
	for d, e := range c.Edges {
		if e != nil && e.Secret {
			told := e.ForPlayers()
			c.Edges[d] = &told // c is a copy; its other hexsides are shared, not changed
		}
	}
	return c
}

// SetCell makes the map hold c at c.At, checking every field first: on an
// error nothing changes.
func (m *Map) SetCell(c Cell) error {
	h := c.At
	feat, edges, err := m.checkCell(c)
	if err != nil {
		return err
	}
	m.SetTerrain(h, c.Terrain)
	m.SetElevation(h, c.Elevation)
	if c.Feature != nil {
		if err := m.SetFeature(h, feat); err != nil {
			return err
		}
	} else {
		m.RemoveFeature(h)
	}
	for d := Direction(0); d < 6; d++ {
		if c.Edges[d] != nil {
			if err := m.SetEdge(h, d, edges[d]); err != nil {
				return err
			}
		} else {
			m.RemoveEdge(h, d)
		}
	}
	if c.Label != "" {
		if m.Labels == nil {
			m.Labels = map[Hex]string{}
		}
		m.Labels[h] = c.Label
	} else {
		delete(m.Labels, h)
	}
	m.touch(h)
	return nil
}

// checkCell checks every field of c as SetCell does, without changing m:
// the feature in the hex and on its hexsides it would set, or the error.
func (m *Map) checkCell(c Cell) (feat Feature, edges [6]Feature, err error) {
	h := c.At
	if m.index(h) < 0 {
		return feat, edges, fmt.Errorf("hex %v is outside the %d×%d map", h, m.Width, m.Height)
	}
	if _, ok := terrainIDs[c.Terrain]; !ok && c.Terrain != "" {
		return feat, edges, fmt.Errorf("%s: terrain %q is not known (have %v)", m.Label(h), c.Terrain, TerrainNames())
	}
	if c.Elevation < MinElevation || c.Elevation > MaxElevation {
		return feat, edges, fmt.Errorf("%s: elevation %d, want %d to %d", m.Label(h), c.Elevation, MinElevation, MaxElevation)
	}
	if len(c.Label) > 200 {
		return feat, edges, fmt.Errorf("%s: a label of %d bytes, at most 200", m.Label(h), len(c.Label))
	}
	if c.Feature != nil {
		f, err := c.Feature.feature(m.Label(h) + ".feature")
		if err != nil {
			return feat, edges, err
		}
		if f.Info().OnEdge {
			return feat, edges, fmt.Errorf("%s: a %s stands on a hexside, not in a hex", m.Label(h), f.Kind)
		}
		feat = f
	}
	for d, e := range c.Edges {
		if e == nil {
			continue
		}
		f, err := e.feature(fmt.Sprintf("%s.edges[%d]", m.Label(h), d))
		if err != nil {
			return feat, edges, err
		}
		if !f.Info().OnEdge {
			return feat, edges, fmt.Errorf("%s: a %s stands in a hex, not on a hexside", m.Label(h), f.Kind)
		}
		edges[d] = f
	}
	return feat, edges, nil
}

// CheckCells says what setting cells in order on a copy of m would, without
// the copy (a whole map's worth of memory for a few hexes): the error of
// the first cell SetCell refuses, or else stand, CanStand on the map they
// would make. m does not change, and stand reads m as it is when called.
func (m *Map) CheckCells(cells []Cell) (stand func(Hex) error, err error) {
	if len(m.feats)+7*len(cells) > 0xffff {
		// The feature table could run out on the way: only trying
		// them tells.
		c := m.CloneBare()
		for _, cell := range cells {
			if err := c.SetCell(cell); err != nil {
				return nil, err
			}
		}
		return c.CanStand, nil
	}
	type after struct {
		terrain Terrain
		on      bool
		feat    Feature
	}
	set := make(map[Hex]after, len(cells))
	for _, c := range cells {
		feat, _, err := m.checkCell(c)
		if err != nil {
			return nil, err
		}
		a := after{feat: feat}
		if id := terrainIDs[c.Terrain]; id != 0 {
			a.terrain, a.on = terrainList[id-1], true
		}
		set[c.At] = a
	}
	return func(h Hex) error {
		a, ok := set[h]
		if !ok {
			return m.CanStand(h)
		}
		return m.canStandOn(h, a.terrain, a.on, a.feat)
	}, nil
}

// Diff returns the cells of b that differ from a's: what to send to make a
// into b. The maps must have the same size and orientation.
func Diff(a, b *Map) ([]Cell, error) {
	if a.Width != b.Width || a.Height != b.Height || a.Orientation != b.Orientation {
		return nil, errors.New("the maps differ in size or orientation")
	}
	var out []Cell
	for i := range a.terrain {
		h := a.hexAt(i)
		ca, cb := a.CellAt(h), b.CellAt(h)
		if !sameCell(ca, cb) {
			out = append(out, cb)
		}
	}
	return out, nil
}

func sameCell(a, b Cell) bool {
	if a.Terrain != b.Terrain || a.Elevation != b.Elevation || a.Label != b.Label || !sameFeature(a.Feature, b.Feature) {
		return false
	}
	for d := range a.Edges {
		if !sameFeature(a.Edges[d], b.Edges[d]) {
			return false
		}
	}
	return true
}

func sameFeature(a, b *FileFeature) bool {
	switch {
	case a == nil || b == nil:
		return a == b
	case a.Kind != b.Kind || a.Open != b.Open || a.Secret != b.Secret || a.Height != b.Height:
		return false
	}
	return deref(a.Armor) == deref(b.Armor) && deref(a.BaseArmor) == deref(b.BaseArmor)
}

func deref(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}
