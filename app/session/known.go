package session

import (
	"slices"

	"hexslinger/hexmap"
)

// knownMap is the map as one side knows it: the live map's data copied for
// every hex the side has seen, as it was when last seen (a door shut out
// of its sight stays open on it). A hex never seen holds the live map's
// data from when the side's record began (it is drawn dark anyway).
type knownMap struct {
	m *hexmap.Map
	// shared: m is another state's too (a clone), copied before a change.
	shared bool
	seen   *hexmap.HexSet // what the side saw at the last fold (never changed once made)
	at     uint64         // the live map's version at the last fold
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
// none yet (or one of another map's size), ready to change.
func (s *State) mapFor(side string) *knownMap {
	b := s.fog
	if b.known == nil {
		b.known = map[string]*knownMap{}
	}
	k := b.known[side]
	if k == nil || k.m.Width != s.Map.Width || k.m.Height != s.Map.Height || k.m.Orientation != s.Map.Orientation {
		k = &knownMap{m: s.Map.Clone(), seen: hexmap.NewHexSet(s.Map), at: s.Map.Version()}
		b.known[side] = k
	}
	return k
}

// learn copies the live map's data at hexes into side's known map.
func (s *State) learn(side string, hexes []hexmap.Hex) {
	k := s.mapFor(side)
	for _, h := range hexes {
		if k.m.SameHex(s.Map, h) {
			continue
		}
		if k.shared {
			k.m, k.shared = k.m.Clone(), false
		}
		k.m.CopyHex(s.Map, h)
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
// or the side keeps no record (the Judge's view).
func (s *State) KnownMap(side string) *hexmap.Map {
	if !s.Options.FogOn() || s.Map == nil {
		return s.Map
	}
	s.foldFog()
	if k := s.fog.known[side]; k != nil {
		return k.m
	}
	return s.Map
}
