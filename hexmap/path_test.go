package hexmap

import (
	"container/heap"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// terrainCost is a test cost model: 2 a pace, 5 into rough ground or
// uphill, walls and water barred; turning 2 hexsides costs 7, 3 costs 13.
type terrainCost struct{}

func (terrainCost) Step(m *Map, from Hex, d Direction) (int, bool) {
	to := from.Neighbor(d)
	t, _ := m.Terrain(to)
	if t.Move == MoveImpassable {
		return 0, false
	}
	if e, ok := m.EdgeFeature(from, d); ok && e.BlocksMove() {
		return 0, false
	}
	if f, ok := m.Feature(to); ok && f.BlocksMove() {
		return 0, false
	}
	if t.Move == MoveRough || m.Elevation(to) > m.Elevation(from) {
		return 5, true
	}
	return 2, true
}

func (terrainCost) Turn(steps int) int { return [4]int{0, 0, 7, 13}[steps] }

// naive is plain Dijkstra over every (hex, facing) state, with no pruning:
// the reference the pruned search must agree with.
func naive(m *Map, c CostModel, start Hex, facing Direction, blocked func(Hex) bool) map[Hex]int {
	type st struct {
		h Hex
		f Direction
	}
	dist := map[st]int{{start, facing}: 0}
	q := &naiveQueue{{st: [2]int{m.index(start), int(facing)}}}
	done := map[st]bool{}
	best := map[Hex]int{}
	for q.Len() > 0 {
		it := heap.Pop(q).(naiveItem)
		s := st{m.hexAt(it.st[0]), Direction(it.st[1])}
		if done[s] {
			continue
		}
		done[s] = true
		if b, ok := best[s.h]; !ok || it.cost < b {
			best[s.h] = it.cost
		}
		for d := Direction(0); d < 6; d++ {
			to := s.h.Neighbor(d)
			if !m.Contains(to) || (blocked != nil && blocked(to)) {
				continue
			}
			step, ok := c.Step(m, s.h, d)
			if !ok {
				continue
			}
			nd := it.cost + step + c.Turn(s.f.Steps(d))
			ns := st{to, d}
			if old, ok := dist[ns]; !ok || nd < old {
				dist[ns] = nd
				heap.Push(q, naiveItem{st: [2]int{m.index(to), int(d)}, cost: nd})
			}
		}
	}
	return best
}

type naiveItem struct {
	st   [2]int
	cost int
}
type naiveQueue []naiveItem

func (q naiveQueue) Len() int           { return len(q) }
func (q naiveQueue) Less(i, j int) bool { return q[i].cost < q[j].cost }
func (q naiveQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *naiveQueue) Push(x any)        { *q = append(*q, x.(naiveItem)) }
func (q *naiveQueue) Pop() any {
	o := *q
	it := o[len(o)-1]
	*q = o[:len(o)-1]
	return it
}

func TestSearchAgreesWithPlainDijkstra(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		m := Sample(30, 24, seed)
		checkAgainstNaive(t, fmt.Sprintf("pointy seed %d", seed), m, Pointy.FromOffset(Offset{15, 12}))
	}
	// A flat-top map: its cells' neighbours lie at other index steps.
	for seed := uint64(1); seed <= 3; seed++ {
		m, err := New("flat", Flat, 27, 21, "dirt")
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		wall, _ := NewFeature("wall")
		for i := 0; i < 150; i++ {
			h := Flat.FromOffset(Offset{rng.IntN(27), rng.IntN(21)})
			switch rng.IntN(4) {
			case 0:
				m.SetTerrain(h, "rough")
			case 1:
				m.SetTerrain(h, "water")
			case 2:
				m.SetElevation(h, 1)
			default:
				m.SetEdge(h, Direction(rng.IntN(6)), wall)
			}
		}
		checkAgainstNaive(t, fmt.Sprintf("flat seed %d", seed), m, Flat.FromOffset(Offset{13, 10}))
	}
}

// checkAgainstNaive compares every search over m from start, in three
// facings, without a limit (32-bit costs) and with limits (16-bit ones),
// with naive's, a figure blocking a hex two paces ahead.
func checkAgainstNaive(t *testing.T, name string, m *Map, start Hex) {
	t.Helper()
	m.SetTerrain(start, "dirt")
	m.RemoveFeature(start)
	blocked := func(h Hex) bool { return h == start.Neighbor(0).Neighbor(0) }
	for f := Direction(0); f < 6; f += 2 {
		want := naive(m, terrainCost{}, start, f, blocked)
		for _, limit := range []int{0, laneLimit} {
			r := Search{Map: m, Cost: terrainCost{}, Blocked: blocked, Limit: limit}.Reachable(start, f)
			if r.Len() != len(want) {
				t.Errorf("%s facing %v limit %d: %d hexes reached, want %d", name, f, limit, r.Len(), len(want))
			}
			last := -1
			for _, h := range r.Hexes() {
				c, _ := r.Cost(h)
				if c < last {
					t.Errorf("%s limit %d: Hexes not cheapest first: %v costs %d after %d", name, limit, h, c, last)
				}
				last = c
			}
			for h, c := range want {
				got, ok := r.Cost(h)
				if !ok || got != c {
					t.Errorf("%s facing %v limit %d: cost to %v is %d (%v), want %d", name, f, limit, h, got, ok, c)
					continue
				}
				rt, ok := r.Route(h)
				if !ok || rt.Cost != c || rt.Hexes[0] != start || rt.Hexes[len(rt.Hexes)-1] != h {
					t.Errorf("%s limit %d: route to %v: %+v", name, limit, h, rt)
					continue
				}
				// The route's own steps and turns add up to its cost.
				sum, facing := 0, f
				for i := 1; i < len(rt.Hexes); i++ {
					d, _ := rt.Hexes[i-1].DirectionTo(rt.Hexes[i])
					step, _ := terrainCost{}.Step(m, rt.Hexes[i-1], d)
					sum += step + terrainCost{}.Turn(facing.Steps(d))
					facing = d
				}
				if sum != c || facing != rt.Facing {
					t.Errorf("%s limit %d: route to %v adds up to %d facing %v, says %d facing %v", name, limit, h, sum, facing, c, rt.Facing)
				}
				// Walk prices the route as the search did, and its first
				// hexes as far as they go.
				if w, ok := Walk(m, terrainCost{}, f, rt.Hexes); !ok || w.Cost != c || w.Facing != rt.Facing {
					t.Errorf("%s limit %d: Walk of the route to %v: %d facing %v (%v), want %d facing %v", name, limit, h, w.Cost, w.Facing, ok, c, rt.Facing)
				}
				if k := len(rt.Hexes) / 2; k > 0 {
					if w, ok := Walk(m, terrainCost{}, f, rt.Hexes[:k]); !ok || w.Cost > c || len(w.Hexes) != k {
						t.Errorf("%s: Walk of the first %d hexes of the route to %v: %+v (%v)", name, k, h, w, ok)
					}
				}
			}
			r.Release()
		}
		// The same through PathTo, and within a limit, for some of them.
		tried := 0
		for h, c := range want {
			if tried++; tried > 40 {
				break
			}
			if rt, ok := (Search{Map: m, Cost: terrainCost{}, Blocked: blocked}).PathTo(start, f, h); !ok || rt.Cost != c {
				t.Errorf("%s: PathTo %v cost %d, want %d", name, h, rt.Cost, c)
			}
			if rt, ok := (Search{Map: m, Cost: terrainCost{}, Blocked: blocked, Limit: c}).PathTo(start, f, h); !ok || rt.Cost != c {
				t.Errorf("%s: PathTo %v within %d: cost %d, want %d", name, h, c, rt.Cost, c)
			}
		}
		lim := Search{Map: m, Cost: terrainCost{}, Blocked: blocked, Limit: 20}.Reachable(start, f)
		n := 0
		for _, c := range want {
			if c <= 20 {
				n++
			}
		}
		if lim.Len() != n {
			t.Errorf("%s: %d hexes within cost 20, want %d", name, lim.Len(), n)
		}
		lim.Release()
	}
}

// TestWalkRefusesWhatNoRouteHas: hexes that are not neighbours, or a
// step across a wall, are no route.
func TestWalkRefusesWhatNoRouteHas(t *testing.T) {
	m, err := New("w", Pointy, 5, 5, "dirt")
	if err != nil {
		t.Fatal(err)
	}
	wall, _ := NewFeature("wall")
	a := Pointy.FromOffset(Offset{1, 1})
	m.SetEdge(a, 0, wall)
	for _, tc := range []struct {
		name  string
		hexes []Hex
		ok    bool
	}{
		{"one hex", []Hex{a}, true},
		{"a pace", []Hex{a, a.Neighbor(1)}, true},
		{"across the wall", []Hex{a, a.Neighbor(0)}, false},
		{"a jump of two", []Hex{a, a.Neighbor(1).Neighbor(1)}, false},
		{"the same hex twice", []Hex{a, a}, false},
		{"none", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, ok := Walk(m, terrainCost{}, 0, tc.hexes); ok != tc.ok {
				t.Errorf("Walk(%v): ok %v, want %v", tc.hexes, ok, tc.ok)
			}
		})
	}
}

// TestCanStand: a figure stands on open ground, not off the map, in
// water or rock, or in a hex with a barrel (the one question movement,
// placement and map edits ask).
func TestCanStand(t *testing.T) {
	m, err := New("t", Pointy, 4, 2, "dirt")
	if err != nil {
		t.Fatal(err)
	}
	m.SetTerrain(Hex{Q: 1, R: 0}, "water")
	barrel, _ := NewFeature("barrel")
	m.SetFeature(Hex{Q: 2, R: 0}, barrel)
	for _, tc := range []struct {
		name string
		h    Hex
		want string // "" to stand
	}{
		{"open ground", Hex{Q: 0, R: 0}, ""},
		{"off the map", Hex{Q: 9, R: 9}, "off the map"},
		{"water", Hex{Q: 1, R: 0}, "is water, which no one can stand in"},
		{"a barrel", Hex{Q: 2, R: 0}, "holds a barrel"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := m.CanStand(tc.h)
			if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("CanStand(%v) = %v, want %q", tc.h, err, tc.want)
			}
		})
	}
}
