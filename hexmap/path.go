package hexmap

import (
	"math"
	"reflect"
	"sync"
)

// CostModel prices movement. The rule system supplies it (rules.MoveCost)
// and hexmap applies it; costs are integers in the model's own units. A
// model whose type is comparable has its step costs cached with the map.
type CostModel interface {
	// Step is the cost of one pace from hex from across hexside d into the
	// neighbour, not counting any turn; ok is false when the step is not
	// allowed.
	Step(m *Map, from Hex, d Direction) (cost int, ok bool)
	// Turn is the extra cost of a pace on which the mover turns by steps
	// hexsides (0 to 3) from its facing to the direction of the step. It
	// must not decrease as steps grows.
	Turn(steps int) int
}

// Search finds routes over a map for one mover.
type Search struct {
	Map  *Map
	Cost CostModel
	// Blocked reports hexes the mover may not enter or pass (other figures).
	Blocked func(Hex) bool
	// Limit is the highest total cost to explore; 0 means no limit.
	Limit int
}

// Route is a path over the map: the hexes from start to end, both included,
// the facing at the end and the total cost.
type Route struct {
	Hexes  []Hex
	Facing Direction
	Cost   int
}

// Steps is the number of paces in the route.
func (r Route) Steps() int {
	if len(r.Hexes) == 0 {
		return 0
	}
	return len(r.Hexes) - 1
}

// Reach is the result of exploring routes from one start: for each hex
// reached, its cheapest cost and route. It holds pooled memory until
// Release.
type Reach struct {
	m     *Map
	sc    *scratch
	start int32
	cells []int32 // the cells reached, in the order they were settled
}

// PathTo returns the cheapest route from start, facing facing, to goal.
func (s Search) PathTo(start Hex, facing Direction, goal Hex) (Route, bool) {
	if !s.Map.Contains(start) || !s.Map.Contains(goal) {
		return Route{}, false
	}
	r := s.explore(start, facing, s.Map.index(goal))
	defer r.Release()
	return r.Route(goal)
}

// Reachable explores every route from start within the search's Limit.
// Call Release on the result when done with it.
func (s Search) Reachable(start Hex, facing Direction) *Reach {
	if !s.Map.Contains(start) {
		return &Reach{m: s.Map}
	}
	return s.explore(start, facing, -1)
}

// Len is the number of hexes reached, the start included.
func (r *Reach) Len() int { return len(r.cells) }

// Hexes returns every hex reached, the start first, cheapest first.
func (r *Reach) Hexes() []Hex {
	out := make([]Hex, len(r.cells))
	for i, c := range r.cells {
		out[i] = r.m.hexAt(int(c))
	}
	return out
}

// Cost returns the cheapest cost to reach h.
func (r *Reach) Cost(h Hex) (int, bool) {
	st, ok := r.state(h)
	if !ok {
		return 0, false
	}
	return int(r.sc.dist[st]), true
}

func (r *Reach) state(h Hex) (int32, bool) {
	if r.sc == nil {
		return 0, false
	}
	i := r.m.index(h)
	if i < 0 || r.sc.cellGen[i] != r.sc.gen {
		return 0, false
	}
	return r.sc.best[i], true
}

// Route returns the cheapest route to h.
func (r *Reach) Route(h Hex) (Route, bool) {
	st, ok := r.state(h)
	if !ok {
		return Route{}, false
	}
	var rev []Hex
	for s := st; ; s = r.sc.prev[s] {
		rev = append(rev, r.m.hexAt(int(s/6)))
		if s == r.start {
			break
		}
	}
	hexes := make([]Hex, len(rev))
	for i, h := range rev {
		hexes[len(rev)-1-i] = h
	}
	return Route{Hexes: hexes, Facing: Direction(st % 6), Cost: int(r.sc.dist[st])}, true
}

// Release returns the reach's memory to the pool; the reach is empty after.
func (r *Reach) Release() {
	if r.sc != nil {
		scratchPool.Put(r.sc)
		r.sc = nil
		r.cells = nil
	}
}

// mapCache holds tables built from a map: each cell's neighbours, and the
// step costs of recently used cost models.
type mapCache struct {
	mu     sync.Mutex
	nbr    []int32 // cell*6+d: the neighbour's cell, or -1 off the rectangle
	tables []*stepTable
}

// stepTable is a cost model's price for a step out of every cell across
// every hexside, or -1 where it is barred, for one version of the map.
type stepTable struct {
	model   CostModel
	version uint64
	cost    []int32
	max     int32
}

const maxCachedModels = 4

// steps returns the step table of model for the map as it is now.
func (m *Map) steps(model CostModel) *stepTable {
	comparable := reflect.TypeOf(model).Comparable()
	if m.cache == nil {
		m.cache = &mapCache{}
	}
	c := m.cache
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.nbr == nil {
		c.nbr = make([]int32, len(m.terrain)*6)
		for i := range m.terrain {
			h := m.hexAt(i)
			for d := Direction(0); d < 6; d++ {
				c.nbr[i*6+int(d)] = int32(m.index(h.Neighbor(d)))
			}
		}
	}
	if comparable {
		for i, t := range c.tables {
			if t.model == model {
				if t.version == m.version {
					return t
				}
				c.tables = append(c.tables[:i], c.tables[i+1:]...)
				break
			}
		}
	}
	t := &stepTable{model: model, version: m.version, cost: make([]int32, len(m.terrain)*6)}
	for i, id := range m.terrain {
		from := m.hexAt(i)
		for d := Direction(0); d < 6; d++ {
			k := i*6 + int(d)
			t.cost[k] = -1
			n := c.nbr[k]
			if id == 0 || n < 0 || m.terrain[n] == 0 {
				continue
			}
			if cost, ok := model.Step(m, from, d); ok {
				t.cost[k] = int32(cost)
				t.max = max(t.max, int32(cost))
			}
		}
	}
	if comparable {
		c.tables = append(c.tables, t)
		if len(c.tables) > maxCachedModels {
			c.tables = c.tables[1:]
		}
	}
	return t
}

// scratch is the reusable memory of one search. Generation stamps mark
// which entries belong to the current search, so nothing is cleared.
type scratch struct {
	gen      uint32
	stateGen []uint32 // stateGen[s] == gen: dist[s] and prev[s] are set
	doneGen  []uint32 // doneGen[s] == gen: state s is settled
	dist     []int32
	prev     []int32
	cellGen  []uint32 // cellGen[c] == gen: best[c] is set
	best     []int32  // per settled cell: its cheapest state
	blockGen []uint32 // blockGen[c] == gen: blocked[c] is known
	blocked  []bool
	buckets  [][]int32 // Dial's circular bucket queue of states
	cells    []int32
}

var scratchPool sync.Pool

func getScratch(cells int) *scratch {
	sc, _ := scratchPool.Get().(*scratch)
	if sc == nil || len(sc.cellGen) != cells {
		sc = &scratch{
			stateGen: make([]uint32, cells*6), doneGen: make([]uint32, cells*6),
			dist: make([]int32, cells*6), prev: make([]int32, cells*6),
			cellGen: make([]uint32, cells), best: make([]int32, cells),
			blockGen: make([]uint32, cells), blocked: make([]bool, cells),
		}
	}
	sc.gen++
	if sc.gen == 0 { // wrapped: clear the stamps once
		clear(sc.stateGen)
		clear(sc.doneGen)
		clear(sc.cellGen)
		clear(sc.blockGen)
		sc.gen = 1
	}
	sc.cells = sc.cells[:0]
	return sc
}

// explore runs Dijkstra's algorithm over (hex, facing) states with Dial's
// bucket queue (costs are small integers). A state is not expanded when a
// settled facing of the same hex is cheaper by at least the most turning can
// differ (it can only do worse). With goal ≥ 0 it stops once the goal cell
// is settled.
func (s Search) explore(start Hex, facing Direction, goal int) *Reach {
	m := s.Map
	table := m.steps(s.Cost)
	nbr := m.cache.nbr
	sc := getScratch(len(m.terrain))
	gen := sc.gen
	r := &Reach{m: m, sc: sc}
	limit := int32(math.MaxInt32)
	if s.Limit > 0 {
		limit = int32(s.Limit)
	}
	var turn [4]int32
	for i := range turn {
		turn[i] = int32(s.Cost.Turn(i))
	}
	spread := turn[3] - turn[0]
	var steps [6][6]int32 // turn cost from facing f to direction d
	for f := Direction(0); f < 6; f++ {
		for d := Direction(0); d < 6; d++ {
			steps[f][d] = turn[f.Steps(d)]
		}
	}
	// Dial's queue: a ring of buckets wider than the largest edge.
	nb := int(table.max + turn[3] + 1)
	if cap(sc.buckets) < nb {
		sc.buckets = make([][]int32, nb)
	}
	buckets := sc.buckets[:nb]
	for i := range buckets {
		buckets[i] = buckets[i][:0]
	}
	queued := 0
	isBlocked := func(cell int32) bool {
		if s.Blocked == nil {
			return false
		}
		if sc.blockGen[cell] != gen {
			sc.blockGen[cell] = gen
			sc.blocked[cell] = s.Blocked(m.hexAt(int(cell)))
		}
		return sc.blocked[cell]
	}

	r.start = int32(m.index(start)*6 + int(facing.norm()))
	sc.stateGen[r.start], sc.dist[r.start], sc.prev[r.start] = gen, 0, r.start
	buckets[0] = append(buckets[0], r.start)
	queued++
	for cost := int32(0); queued > 0; cost++ {
		b := &buckets[int(cost)%nb]
		for len(*b) > 0 {
			st := (*b)[len(*b)-1]
			*b = (*b)[:len(*b)-1]
			queued--
			if sc.doneGen[st] == gen || sc.dist[st] != cost {
				continue
			}
			sc.doneGen[st] = gen
			cell := st / 6
			if sc.cellGen[cell] != gen {
				sc.cellGen[cell] = gen
				sc.best[cell] = st
				sc.cells = append(sc.cells, cell)
				if int(cell) == goal {
					r.cells = sc.cells
					return r
				}
			} else if cost >= sc.dist[sc.best[cell]]+spread {
				continue // dominated by the cell's cheapest facing
			}
			base := int(cell) * 6
			turns := &steps[st%6]
			for d := 0; d < 6; d++ {
				c := table.cost[base+d]
				if c < 0 {
					continue
				}
				nd := cost + c + turns[d]
				if nd > limit {
					continue
				}
				to := nbr[base+d]
				if isBlocked(to) {
					continue
				}
				ns := to*6 + int32(d)
				if sc.stateGen[ns] != gen || nd < sc.dist[ns] {
					sc.stateGen[ns], sc.dist[ns], sc.prev[ns] = gen, nd, st
					nbk := &buckets[int(nd)%nb]
					*nbk = append(*nbk, ns)
					queued++
				}
			}
		}
	}
	r.cells = sc.cells
	return r
}
