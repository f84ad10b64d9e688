package session

import (
	"maps"
	"slices"
	"weak"

	"hexslinger/hexmap"
)

// knownMap is the map as one side knows it: the live map's data copied for
// every hex the side has seen, as it was when last seen (a door shut out
// of its sight stays open on it). A hex never seen holds the live map's
// data from when the side's record began (it is drawn dark anyway).
//
// It is held cheaply, for a timeline keeps one per side in every
// checkpoint: a base map, a copy never changed once made and shared by
// every state cloned since (and by the sides whose records began on the
// same map), and what the side has learned since, hex by hex and hexside
// by hexside. The whole map is made only when a window asks for it
// (State.KnownMap), and kept until the side learns again; once the
// learned grow past maxLearned(base), they are folded into a new base.
type knownMap struct {
	base  *hexmap.Map                    // never changed once made
	cells map[hexmap.Hex]knownCell       // learned since base: terrain, level, feature, label
	edges map[hexmap.Edge]hexmap.Feature // learned since base, by canonical hexside
	near  map[hexmap.Hex]bool            // the hexes of cells and edges (both of a hexside's)
	// shared: cells, edges, near and log are another state's too (a clone),
	// copied before a change.
	shared bool
	whole  *hexmap.Map    // base with what was learned, made when asked; never changed once made
	seen   *hexmap.HexSet // what the side saw at the last fold (never changed once made)
	at     uint64         // the live map's version at the last fold
	// copyOf is the live map base was copied from, at version copyAt: a
	// record begun on that map at that version may share base without
	// comparing them (a map's version counts its every change).
	copyOf weak.Pointer[hexmap.Map]
	copyAt uint64

	// ver counts the changes to the known data, and log names the hexes
	// of the latest (a hexside's change names both its hexes), as
	// hexmap.Map's Version and ChangedSince do: the sight base compares
	// them between commands (sightBase.noteRefreshed). Versions up to
	// lost are no longer in the log.
	ver, lost uint64
	log       []knownChange
}

// knownCell is what a side knows of one hex, besides its hexsides.
type knownCell struct {
	terrain   string // "" off the map
	elevation int
	feature   hexmap.Feature
	label     string
}

// knownChange is one hex whose known data changed at version ver.
type knownChange struct {
	ver uint64
	hex hexmap.Hex
}

// maxKnownLog is how many recent changes a known map remembers (as a
// hexmap.Map does).
const maxKnownLog = 4096

// maxLearned is how many hexes a known map holds learned on top of base
// before they are folded into a new base: a 64th of the map's cells (a
// learned hex costs some 64 times a cell of the base), at least 256.
func maxLearned(base *hexmap.Map) int { return max(256, base.Width*base.Height/64) }

// cellOf is what m holds at h, besides its hexsides.
func cellOf(m *hexmap.Map, h hexmap.Hex) knownCell {
	c := knownCell{elevation: m.Elevation(h), label: m.Labels[h]}
	if t, ok := m.Terrain(h); ok {
		c.terrain = t.Name
	}
	c.feature, _ = m.Feature(h)
	return c
}

// inside reports whether h is in m's rectangle (a hex off the map, in it,
// still holds data).
func inside(m *hexmap.Map, h hexmap.Hex) bool {
	o := m.Orientation.ToOffset(h)
	return o.Col >= 0 && o.Row >= 0 && o.Col < m.Width && o.Row < m.Height
}

// cell is what the side knows at h, besides its hexsides.
func (k *knownMap) cell(h hexmap.Hex) knownCell {
	if c, ok := k.cells[h]; ok {
		return c
	}
	return cellOf(k.base, h)
}

// edge is what the side knows on hexside e (canonical).
func (k *knownMap) edge(e hexmap.Edge) hexmap.Feature {
	if f, ok := k.edges[e]; ok {
		return f
	}
	f, _ := k.base.EdgeAt(e)
	return f
}

// own makes k's learned data its own, copied if shared, before a change.
func (k *knownMap) own() {
	if k.shared {
		k.cells, k.edges, k.near, k.log = maps.Clone(k.cells), maps.Clone(k.edges), maps.Clone(k.near), slices.Clip(k.log)
		k.shared = false
	}
	if k.cells == nil {
		k.cells = map[hexmap.Hex]knownCell{}
	}
	if k.edges == nil {
		k.edges = map[hexmap.Edge]hexmap.Feature{}
	}
	if k.near == nil {
		k.near = map[hexmap.Hex]bool{}
	}
	k.whole = nil
}

// touch records a change of the known data at h.
func (k *knownMap) touch(h hexmap.Hex) {
	k.ver++
	if len(k.log) >= maxKnownLog {
		k.lost = k.log[maxKnownLog/2-1].ver
		k.log = append(k.log[:0:0], k.log[maxKnownLog/2:]...)
	}
	k.log = append(k.log, knownChange{k.ver, h})
}

// changedSince returns the hexes whose known data changed after version
// v; ok is false when k no longer remembers that far back.
func (k *knownMap) changedSince(v uint64) (hexes []hexmap.Hex, ok bool) {
	if v >= k.ver {
		return nil, true
	}
	if v < k.lost {
		return nil, false
	}
	for _, c := range k.log {
		if c.ver > v {
			hexes = append(hexes, c.hex)
		}
	}
	return hexes, true
}

// copyHex makes k hold at h what live holds there, hexsides too, as
// hexmap.Map.CopyHex does: only what differs changes.
func (k *knownMap) copyHex(live *hexmap.Map, h hexmap.Hex) {
	if !inside(live, h) || !k.learnedAt(h) && k.base.SameHex(live, h) {
		return
	}
	if c := cellOf(live, h); k.cell(h) != c {
		k.own()
		k.cells[h], k.near[h] = c, true
		k.touch(h)
	}
	for d := hexmap.Direction(0); d < 6; d++ {
		e := hexmap.EdgeOf(h, d)
		if f, _ := live.EdgeAt(e); k.edge(e) != f {
			k.own()
			k.edges[e] = f
			a, b := e.Hexes()
			k.near[a], k.near[b] = true, true
			k.touch(a)
			k.touch(b)
		}
	}
	if len(k.cells)+len(k.edges) > maxLearned(k.base) {
		k.base = k.build()
		k.cells, k.edges, k.near, k.whole = nil, nil, nil, nil
	}
}

// learnedAt reports whether k holds anything learned at h or on its
// hexsides (else it holds there what base does).
func (k *knownMap) learnedAt(h hexmap.Hex) bool { return len(k.near) > 0 && k.near[h] }

// build makes the whole known map: a copy of base with what was learned.
func (k *knownMap) build() *hexmap.Map {
	m := k.base.CloneBare()
	for h, c := range k.cells {
		m.SetTerrain(h, c.terrain)
		m.SetElevation(h, c.elevation)
		onMap(m, h, func() {
			if c.feature.Kind == "" {
				m.RemoveFeature(h)
			} else {
				m.SetFeature(h, c.feature)
			}
		})
		if c.label == "" {
			delete(m.Labels, h)
		} else {
			if m.Labels == nil {
				m.Labels = map[hexmap.Hex]string{}
			}
			m.Labels[h] = c.label
		}
	}
	for e, f := range k.edges {
		a, b := e.Hexes()
		if !inside(m, a) {
			a = b
		}
		onMap(m, a, func() {
			if f.Kind == "" {
				m.RemoveEdge(e.Hex, e.Side)
			} else {
				m.SetEdge(e.Hex, e.Side, f)
			}
		})
	}
	return m
}

// onMap calls set with h on m's map for the while, if it is a hex off the
// map in m's rectangle: m's setters take features only on the map, but a
// hex taken off the map keeps what it held, and a known map holds it as
// it was seen.
func onMap(m *hexmap.Map, h hexmap.Hex, set func()) {
	if m.Contains(h) || !inside(m, h) {
		set()
		return
	}
	m.SetTerrain(h, hexmap.TerrainNames()[0])
	set()
	m.SetTerrain(h, "")
}

// known returns the whole known map, made once and kept until k learns
// again. The caller must not change it.
func (k *knownMap) known() *hexmap.Map {
	if len(k.cells) == 0 && len(k.edges) == 0 {
		return k.base
	}
	if k.whole == nil {
		k.whole = k.build()
	}
	return k.whole
}

// cloneKnown copies the known maps for a clone of the state: they are
// shared, and whichever state changes one first copies it.
func (b *fogBook) cloneKnown() map[string]*knownMap {
	if b.known == nil {
		return nil
	}
	c := make(map[string]*knownMap, len(b.known))
	for side, k := range b.known {
		k.shared = true
		kc := *k
		c[side] = &kc
	}
	return c
}

// mapFor returns side's known map, made from the live map if the side has
// none yet (or one of another map's size), ready to change. A new record's
// base is another side's when that is the live map as it is now.
func (s *State) mapFor(side string) *knownMap {
	b := s.fog
	if b.known == nil {
		b.known = map[string]*knownMap{}
	}
	k := b.known[side]
	if k == nil || k.base.Width != s.Map.Width || k.base.Height != s.Map.Height || k.base.Orientation != s.Map.Orientation {
		n := &knownMap{seen: hexmap.NewHexSet(s.Map), at: s.Map.Version()}
		if k != nil { // a record begun again: its changes are not to be told from the old one's
			n.ver, n.lost = k.ver+1, k.ver+1
		}
		for _, o := range b.known {
			if o != k && len(o.cells) == 0 && len(o.edges) == 0 && (o.copyOf == weak.Make(s.Map) && o.copyAt == s.Map.Version() || o.base.Equal(s.Map)) {
				n.base = o.base
				break
			}
		}
		if n.base == nil {
			n.base, n.copyOf, n.copyAt = s.Map.CloneBare(), weak.Make(s.Map), s.Map.Version()
		}
		k = n
		b.known[side] = k
	}
	return k
}

// learn copies the live map's data at hexes into side's known map.
func (s *State) learn(side string, hexes []hexmap.Hex) {
	k := s.mapFor(side)
	for _, h := range hexes {
		k.copyHex(s.Map, h)
	}
}

// knownSides are the sides that keep a known map: every figure's, and the
// players'.
func (s *State) knownSides() []string {
	sides := []string{s.Options.Players()}
	for _, id := range s.Order {
		if side := s.Figures[id].Side; !slices.Contains(sides, side) {
			sides = append(sides, side)
		}
	}
	return sides
}

// foldKnown brings each side's known map up to date with what it sees now
// (foldFog calls it): only the hexes newly seen, and, when the live map
// changed, those of its changes the side sees. A side none of whose
// views moved (moved names those that did) sees what it saw: its union
// of views is kept, not made again; nothing is done for it when the map
// is as it was too.
func (s *State) foldKnown(moved map[string]bool) {
	for _, side := range s.knownSides() {
		old := s.fog.known[side]
		k := s.mapFor(side)
		fresh := k != old // made now: a copy of the live map as it is
		mapMoved := k.at != s.Map.Version()
		if !moved[side] && !mapMoved && !fresh {
			continue
		}
		seen := k.seen
		if moved[side] || fresh {
			seen = s.seenBy(side)
		}
		changed, ok := s.Map.ChangedSince(k.at)
		var todo []hexmap.Hex
		if ok {
			if seen != k.seen {
				todo = seen.Minus(k.seen)
			}
		} else {
			todo = seen.Hexes()
		}
		if ok {
			for _, h := range changed {
				if seen.Has(h) && k.seen.Has(h) {
					todo = append(todo, h)
				}
			}
		}
		if !fresh { // a fresh known map holds every hex as the live map does: nothing to learn
			s.learn(side, todo)
		}
		k = s.fog.known[side]
		k.seen, k.at = seen, s.Map.Version()
	}
}

// KnownMap returns the map as side knows it: as it was when the side last
// saw each hex. It is the live map when the fight plays without fog of war
// or the side keeps no record (the Judge's view). The caller must not
// change it.
func (s *State) KnownMap(side string) *hexmap.Map {
	if !s.Options.FogOn() || s.Map == nil {
		return s.Map
	}
	s.foldFog()
	if k := s.fog.known[side]; k != nil {
		return k.known()
	}
	return s.Map
}

// KnownChangedSince returns the version of side's known map now (as
// KnownMap gives it), and the hexes whose known data changed after version
// v of it (a hexside's change names both its hexes): what a window that
// drew the known map at version v draws again. ok is false when that
// cannot be told (the side keeps no record, its record began again, or
// the changes are forgotten): the window draws it all again.
func (s *State) KnownChangedSince(side string, v uint64) (now uint64, hexes []hexmap.Hex, ok bool) {
	if !s.Options.FogOn() || s.Map == nil {
		return 0, nil, false
	}
	s.foldFog()
	k := s.fog.known[side]
	if k == nil {
		return 0, nil, false
	}
	hexes, ok = k.changedSince(v)
	return k.ver, hexes, ok
}
