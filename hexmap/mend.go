package hexmap

import "sort"

// A map's caches (the step tables, the sight flags, the hexsides that
// close sight and the lowest and highest ground) are mended where the map
// changed, not rebuilt: every setter records the hexes it changes (touch),
// and a cache a few changes behind looks again only at those hexes and
// their neighbours. What each entry reads:
//
//   - a step table's entry for cell i across hexside d: the two hexes and
//     the hexside between them (the CostModel's contract), so a changed
//     hex mends its own six steps and its neighbours' six steps into it;
//   - a cell's sight flags: the cell alone (its own three canonical
//     hexsides among them);
//   - a cell's closed hexsides: its six hexsides, three of them stored
//     with its neighbours; a hexside's change touches both its hexes, so
//     a changed hex mends its own entry only.
//
// TestMendedCachesEqualRebuiltOnes holds each mend to a rebuild.

// mendShare is the most changed hexes, as a share of the map's cells, that
// a cache is mended for: past it a rebuild is as cheap.
const mendShare = 8

// changesAfter returns the changes made after version v, oldest first; ok
// is false when the map no longer remembers them all or they are too many
// to mend, and the cache must be rebuilt.
func (m *Map) changesAfter(v uint64) (ch []change, ok bool) {
	if v >= m.version {
		return nil, true
	}
	if len(m.changes) == 0 || m.changes[0].version > v+1 {
		return nil, false
	}
	k := sort.Search(len(m.changes), func(i int) bool { return m.changes[i].version > v })
	ch = m.changes[k:]
	return ch, len(ch)*mendShare <= len(m.terrain)
}

// mendSteps brings step table t up to the map's version by pricing again
// each step into or out of a changed hex; false when it cannot (the
// changes are forgotten or too many). The caller holds the cache's lock.
func (m *Map) mendSteps(t *stepTable, nbr []int32) bool {
	ch, ok := m.changesAfter(t.version)
	if !ok {
		return false
	}
	for k, c := range ch {
		if k > 0 && ch[k-1].hex == c.hex {
			continue
		}
		if i := m.index(c.hex); i >= 0 {
			for d := Direction(0); d < 6; d++ {
				t.price(m, nbr, i, d)
			}
		}
		for d := Direction(0); d < 6; d++ {
			if n := m.index(c.hex.Neighbor(d)); n >= 0 {
				t.price(m, nbr, n, d.Opposite())
			}
		}
	}
	t.max = t.highest()
	t.version = m.version
	return true
}

// price sets t's entry for the step out of cell i across hexside d as
// buildSteps would.
func (t *stepTable) price(m *Map, nbr []int32, i int, d Direction) {
	k := i*6 + int(d)
	if old := t.cost[k]; old >= 0 {
		t.count(old, -1)
	}
	t.cost[k] = -1
	t.pass[i] &^= 1 << d
	if n := nbr[k]; m.terrain[i] == 0 || n < 0 || m.terrain[n] == 0 {
		return
	}
	if cost, ok := t.model.Step(m, m.hexAt(i), d); ok && cost >= 0 && cost <= maxStep {
		t.cost[k] = int16(cost)
		t.pass[i] |= 1 << d
		t.count(int16(cost), 1)
	}
}

// count adds n steps of cost c to t's tally of allowed steps.
func (t *stepTable) count(c int16, n int32) {
	if int(c) >= len(t.costs) {
		t.costs = append(t.costs, make([]int32, int(c)+1-len(t.costs))...)
	}
	t.costs[c] += n
}

// highest is the dearest allowed step in t's tally, 0 if none.
func (t *stepTable) highest() int32 {
	for c := len(t.costs) - 1; c > 0; c-- {
		if t.costs[c] > 0 {
			return int32(c)
		}
	}
	return 0
}

// mendFlags brings the sight flags, made at version v, up to the map's
// version: the flags of each changed cell again. False when it cannot.
func (m *Map) mendFlags(flags []uint8, v uint64) bool {
	ch, ok := m.changesAfter(v)
	if !ok {
		return false
	}
	for _, c := range ch {
		if i := m.index(c.hex); i >= 0 {
			flags[i] = m.cellFlag(i)
		}
	}
	return true
}

// mendSight brings sc up to the map's version: the closed hexsides of each
// changed hex again (a hexside's change touches both its hexes) and what
// the hex itself does to sight, and its ground recounted. False when it
// cannot.
func (m *Map) mendSight(sc *sightCache, nbr []int32) bool {
	if len(sc.sides) != len(m.terrain) {
		return false
	}
	ch, ok := m.changesAfter(sc.version)
	if !ok {
		return false
	}
	for _, c := range ch {
		if i := m.index(c.hex); i >= 0 {
			sc.sides[i] = m.closedSides(i, nbr) | m.hexSight(i)
			if was, now := sc.levels[i], m.groundLevel(i); was != now {
				if was != offMapLevel {
					sc.onLevel[int(was)-MinElevation]--
				}
				if now != offMapLevel {
					sc.onLevel[int(now)-MinElevation]++
				}
				sc.levels[i] = now
			}
		}
	}
	sc.lowHigh()
	sc.version = m.version
	return true
}

// closedSides is cell i's sightCache.sides: bit d when hexside d closes a
// line of sight. Hexsides 0–2 are the cell's own; hexside d of 3–5 is the
// neighbour's hexside d−3, kept with the neighbour, or in edgesOut when
// the neighbour is off the rectangle.
func (m *Map) closedSides(i int, nbr []int32) uint8 {
	var s uint8
	for d := 0; d < 6; d++ {
		var f Feature
		switch n := nbr[i*6+d]; {
		case d < 3:
			f = m.feats[m.edges[3*i+d]]
		case n >= 0:
			f = m.feats[m.edges[3*int(n)+d-3]]
		default:
			f = m.edgesOut[EdgeOf(m.hexAt(i), Direction(d))]
		}
		if closesSight(f) {
			s |= 1 << d
		}
	}
	return s
}
