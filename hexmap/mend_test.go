package hexmap

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// climbCost is a second test cost model, reading all a step may read: the
// ground of both hexes, the features in both and the hexside between.
type climbCost struct{ pace int }

func (c climbCost) Step(m *Map, from Hex, d Direction) (int, bool) {
	to := from.Neighbor(d)
	t, _ := m.Terrain(to)
	if t.Move == MoveImpassable {
		return 0, false
	}
	cost := c.pace
	if e, ok := m.EdgeFeature(from, d); ok {
		if e.BlocksMove() {
			return 0, false
		}
		if e.Info().Climb {
			cost += 6
		}
	}
	if f, ok := m.Feature(to); ok && f.BlocksMove() {
		return 0, false
	}
	if rise := m.Elevation(to) - m.Elevation(from); rise > 0 {
		if f, _ := m.Feature(from); f.Kind == "ladder" {
			rise = 1
		}
		cost += 4 * rise
	}
	return cost, true
}

func (climbCost) Turn(steps int) int { return [4]int{0, 1, 3, 5}[steps] }

// mendModels are the cost models the mending test keeps tables for.
var mendModels = []CostModel{terrainCost{}, climbCost{pace: 2}, climbCost{pace: 3}}

// mendScript edits m by the bytes of script, one edit after another, and
// between them now and then holds its caches and answers to a rebuilt
// map's (checkMended): terrain (on and off the map, and outside its
// rectangle), levels, features, hexsides (walls, doors open and shut, on
// the map's edge too), a hex copied from another map. It returns how many
// caches were mended rather than rebuilt.
func mendScript(t *testing.T, m, other *Map, script []byte) (mended int) {
	t.Helper()
	at := 0
	next := func() int {
		if at >= len(script) {
			return 0
		}
		at++
		return int(script[at-1])
	}
	hex := func() Hex {
		return m.Orientation.FromOffset(Offset{next()%(m.Width+2) - 1, next()%(m.Height+2) - 1})
	}
	terrains := append(TerrainNames(), "")
	levels := []int{0, 1, 2, 3, -1, 5, MinElevation, MaxElevation}
	inHex := []string{"barrel", "trough", "table", "counter", "ladder", "stairs"}
	onEdge := []string{"wall", "door", "window", "fence"}
	tables := map[CostModel]*stepTable{}
	for at < len(script) {
		switch op := next() % 10; op {
		case 0, 1:
			m.SetTerrain(hex(), terrains[next()%len(terrains)])
		case 2:
			m.SetElevation(hex(), levels[next()%len(levels)])
		case 3:
			f, _ := NewFeature(inHex[next()%len(inHex)])
			m.SetFeature(hex(), f)
		case 4:
			m.RemoveFeature(hex())
		case 5:
			h, d := hex(), Direction(next()%6)
			f, _ := NewFeature(onEdge[next()%len(onEdge)])
			f.Open = next()%2 == 0
			m.SetEdge(h, d, f)
		case 6:
			m.RemoveEdge(hex(), Direction(next()%6))
		case 7:
			m.CopyHex(other, hex())
		case 8: // one cache brought up to date, the others left behind
			switch k := next() % (len(mendModels) + 2); {
			case k < len(mendModels):
				model := mendModels[k]
				tb := m.steps(model)
				if tables[model] == tb {
					mended++
				}
				tables[model] = tb
			case k == len(mendModels):
				m.cellFlags()
			default:
				m.sightSides()
			}
		case 9:
			checkMended(t, m, next())
			for _, model := range mendModels {
				tb := m.steps(model)
				if tables[model] == tb {
					mended++
				}
				tables[model] = tb
			}
		}
	}
	checkMended(t, m, next())
	return mended
}

// checkMended fails unless every cache of m equals one built from scratch
// (on a clone, whose caches start empty), and the reachable sets, sight
// lines and fields of view from a few hexes (picked by seed) equal those
// of the clone.
func checkMended(t *testing.T, m *Map, seed int) {
	t.Helper()
	fresh := m.Clone()
	fresh.cache = &mapCache{} // built from scratch, whatever Clone shares
	for _, model := range mendModels {
		got, want := m.steps(model), fresh.steps(model)
		if !slices.Equal(got.cost, want.cost) || !slices.Equal(got.pass, want.pass) || got.max != want.max ||
			!slices.Equal(trimZeros(got.costs), trimZeros(want.costs)) {
			t.Fatalf("%T%v: the mended step table differs from a rebuilt one:\ngot  max %d costs %v\nwant max %d costs %v%s",
				model, model, got.max, got.costs, want.max, want.costs, firstStepDiff(m, got, want))
		}
	}
	gf, _ := m.cellFlags()
	wf, _ := fresh.cellFlags()
	if i := firstDiff(gf, wf); i >= 0 {
		t.Fatalf("sight flags of %s: got %08b, rebuilt %08b", m.Label(m.hexAt(i)), gf[i], wf[i])
	}
	gs, ws := m.sightSides(), fresh.sightSides()
	if i := firstDiff(gs.sides, ws.sides); i >= 0 {
		t.Fatalf("closed hexsides and sight of %s: got %08b, rebuilt %08b", m.Label(m.hexAt(i)), gs.sides[i], ws.sides[i])
	}
	if gs.low != ws.low || gs.high != ws.high || !slices.Equal(gs.levels, ws.levels) || !slices.Equal(gs.onLevel, ws.onLevel) {
		t.Fatalf("ground: got low %d high %d, rebuilt low %d high %d", gs.low, gs.high, ws.low, ws.high)
	}

	rng := rand.New(rand.NewPCG(uint64(seed), 1))
	hexes := m.Hexes()
	if len(hexes) == 0 {
		return
	}
	pick := func() Hex { return hexes[rng.IntN(len(hexes))] }
	for k := 0; k < 3; k++ {
		from, facing := pick(), Direction(rng.IntN(6))
		model, limit := mendModels[rng.IntN(len(mendModels))], []int{0, 9, 40}[rng.IntN(3)]
		got := Search{Map: m, Cost: model, Limit: limit}.Reachable(from, facing)
		want := Search{Map: fresh, Cost: model, Limit: limit}.Reachable(from, facing)
		if !slices.Equal(got.Hexes(), want.Hexes()) {
			t.Fatalf("reach from %s (%T, limit %d): got %d hexes, rebuilt map %d", m.Label(from), model, limit, got.Len(), want.Len())
		}
		for _, h := range got.Hexes() {
			gr, _ := got.Route(h)
			wr, _ := want.Route(h)
			if !reflect.DeepEqual(gr, wr) {
				t.Fatalf("route %s→%s: got %v, rebuilt map %v", m.Label(from), m.Label(h), gr, wr)
			}
		}
		got.Release()
		want.Release()

		to := pick()
		if g, w := m.SightLine(from, to), fresh.SightLine(from, to); !reflect.DeepEqual(g, w) {
			t.Fatalf("sight %s→%s: got %+v, rebuilt map %+v", m.Label(from), m.Label(to), g, w)
		}
		rg := rng.IntN(8)
		gv, wv := m.FieldOfView(from, rg), fresh.FieldOfView(from, rg)
		if !slices.Equal(gv.Hexes(), wv.Hexes()) {
			t.Fatalf("field of view from %s, range %d: got %d hexes, rebuilt map %d", m.Label(from), rg, gv.Len(), wv.Len())
		}
		for _, h := range gv.Hexes() {
			if gv.Partial(h) != wv.Partial(h) {
				t.Fatalf("field of view from %s: %s partly %v, rebuilt map %v", m.Label(from), m.Label(h), gv.Partial(h), wv.Partial(h))
			}
		}
	}
}

func trimZeros(s []int32) []int32 {
	for len(s) > 0 && s[len(s)-1] == 0 {
		s = s[:len(s)-1]
	}
	return s
}

func firstDiff[T comparable](a, b []T) int {
	for i := range a {
		if i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return len(a)
	}
	return -1
}

func firstStepDiff(m *Map, got, want *stepTable) string {
	if k := firstDiff(got.cost, want.cost); k >= 0 {
		return fmt.Sprintf("\nstep from %s across %d: got %d, rebuilt %d", m.Label(m.hexAt(k/6)), k%6, got.cost[k], want.cost[k])
	}
	return ""
}

// TestMendedCachesEqualRebuiltOnes: after any sequence of edits, every
// cache of a map (the step tables, sight flags, closed hexsides, lowest and
// highest ground), mended where the map changed, equals one built from
// scratch, and reachable sets, sight lines and fields of view equal a
// rebuilt map's (issue 38: a change costs what it touches).
func TestMendedCachesEqualRebuiltOnes(t *testing.T) {
	for _, o := range []Orientation{Pointy, Flat} {
		for seed := uint64(1); seed <= 40; seed++ {
			t.Run(fmt.Sprintf("%s/seed=%d", o, seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 38))
				w, h := 3+rng.IntN(14), 3+rng.IntN(12)
				m := Sample(w, h, seed)
				other := Sample(w, h, seed+100)
				if o == Flat {
					m, other = reorient(m), reorient(other)
				}
				script := make([]byte, 600)
				for i := range script {
					script[i] = byte(rng.IntN(256))
				}
				for _, model := range mendModels { // the caches, built before the edits
					m.steps(model)
				}
				m.cellFlags()
				m.sightSides()
				if n := mendScript(t, m, other, script); n == 0 {
					t.Errorf("%d×%d: no cache was mended: every edit rebuilt them, the test tests nothing", w, h)
				}
			})
		}
	}
}

// reorient is m's cells as a flat-top map of the same size.
func reorient(m *Map) *Map {
	c := m.Clone()
	c.Orientation = Flat
	c.cache = &mapCache{}
	c.changes = nil
	return c
}

// FuzzMendedCachesEqualRebuiltOnes: TestMendedCachesEqualRebuiltOnes for
// any script of edits.
func FuzzMendedCachesEqualRebuiltOnes(f *testing.F) {
	f.Add([]byte{5, 3, 4, 1, 0, 1, 9, 1, 0, 2, 2, 9})
	f.Add([]byte{0, 0, 0, 11, 8, 0, 5, 0, 0, 3, 1, 8, 0, 9})
	f.Fuzz(func(t *testing.T, script []byte) {
		m, other := Sample(9, 7, 1), Sample(9, 7, 2)
		if len(script) > 0 && script[0]&1 != 0 {
			m, other = reorient(m), reorient(other)
		}
		for _, model := range mendModels {
			m.steps(model)
		}
		m.cellFlags()
		m.sightSides()
		mendScript(t, m, other, script)
	})
}

// TestACloneMendsItsOwnCaches: a map and its clones (Clone, CloneBare)
// edited apart after the clone each keep caches equal to rebuilt ones: no
// mend of one shows in the other's caches.
func TestACloneMendsItsOwnCaches(t *testing.T) {
	wall, _ := NewFeature("wall")
	for _, tc := range []struct {
		name  string
		clone func(*Map) *Map
	}{
		{"Clone", (*Map).Clone},
		{"CloneBare", (*Map).CloneBare},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := Sample(10, 8, 3)
			warm := func(m *Map) {
				for _, model := range mendModels {
					m.steps(model)
				}
				m.cellFlags()
				m.sightSides()
			}
			warm(m)
			c := tc.clone(m)
			warm(c)
			h := Pointy.FromOffset(Offset{4, 4})
			m.SetTerrain(h, "rock")
			m.SetEdge(h, 1, wall)
			m.SetElevation(h.Neighbor(2), 3)
			warm(m)
			checkMended(t, c, 1)
			c.SetTerrain(h.Neighbor(4), "water")
			c.SetFeature(h, Feature{Kind: "barrel"})
			warm(c)
			checkMended(t, m, 2)
			checkMended(t, c, 3)
		})
	}
}
