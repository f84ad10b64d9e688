package hexmap

import "container/heap"

// CostModel prices movement. The rule system supplies it (rules.TWTWMoveCost)
// and hexmap applies it; costs are integers in the model's own units.
type CostModel interface {
	// StepCost is the cost of one pace from hex from, facing facing, across
	// hexside d into the neighbour; ok is false when the step is not allowed.
	// The mover faces d after the step.
	StepCost(m *Map, from Hex, facing, d Direction) (cost int, ok bool)
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

// Reach is the result of exploring every route from one start.
type Reach struct {
	m      *Map
	start  state
	dist   []int
	prev   []int32
	best   map[Hex]int // hex -> best state index
	bestOK bool
}

type state = int // cell index * 6 + facing

// PathTo returns the cheapest route from start, facing facing, to goal.
func (s Search) PathTo(start Hex, facing Direction, goal Hex) (Route, bool) {
	if !s.Map.Contains(start) || !s.Map.Contains(goal) {
		return Route{}, false
	}
	r := s.explore(start, facing, s.Map.index(goal))
	return r.Route(goal)
}

// Reachable explores every route from start within the search's Limit.
func (s Search) Reachable(start Hex, facing Direction) *Reach {
	if !s.Map.Contains(start) {
		return &Reach{m: s.Map}
	}
	return s.explore(start, facing, -1)
}

// Hexes returns every hex the mover can reach (the start included).
func (r *Reach) Hexes() []Hex {
	r.index()
	return sortedHexes(r.best)
}

// Cost returns the cheapest cost to reach h.
func (r *Reach) Cost(h Hex) (int, bool) {
	r.index()
	st, ok := r.best[h]
	if !ok {
		return 0, false
	}
	return r.dist[st], true
}

// Route returns the cheapest route to h.
func (r *Reach) Route(h Hex) (Route, bool) {
	r.index()
	st, ok := r.best[h]
	if !ok {
		return Route{}, false
	}
	var rev []Hex
	for s := st; ; s = int(r.prev[s]) {
		rev = append(rev, r.m.hexAt(s/6))
		if s == r.start {
			break
		}
	}
	hexes := make([]Hex, len(rev))
	for i, h := range rev {
		hexes[len(rev)-1-i] = h
	}
	return Route{Hexes: hexes, Facing: Direction(st % 6), Cost: r.dist[st]}, true
}

func (r *Reach) index() {
	if r.bestOK {
		return
	}
	r.bestOK = true
	r.best = map[Hex]int{}
	for st, d := range r.dist {
		if d < 0 {
			continue
		}
		h := r.m.hexAt(st / 6)
		if b, ok := r.best[h]; !ok || d < r.dist[b] {
			r.best[h] = st
		}
	}
}

// explore runs Dijkstra's algorithm over (hex, facing) states. With goal ≥ 0
// it stops once the goal cell is settled.
func (s Search) explore(start Hex, facing Direction, goal int) *Reach {
	m := s.Map
	n := len(m.terrain) * 6
	r := &Reach{m: m, dist: make([]int, n), prev: make([]int32, n)}
	for i := range r.dist {
		r.dist[i] = -1
	}
	r.start = m.index(start)*6 + int(facing.norm())
	r.dist[r.start] = 0
	r.prev[r.start] = int32(r.start)
	q := &pqueue{{r.start, 0}}
	done := make([]bool, n)
	for q.Len() > 0 {
		it := heap.Pop(q).(pitem)
		if done[it.st] {
			continue
		}
		done[it.st] = true
		if it.st/6 == goal {
			break
		}
		from := m.hexAt(it.st / 6)
		f := Direction(it.st % 6)
		for d := Direction(0); d < 6; d++ {
			to := from.Neighbor(d)
			ti := m.index(to)
			if ti < 0 || m.terrain[ti] == 0 || (s.Blocked != nil && s.Blocked(to)) {
				continue
			}
			c, ok := s.Cost.StepCost(m, from, f, d)
			if !ok {
				continue
			}
			nd := it.cost + c
			if s.Limit > 0 && nd > s.Limit {
				continue
			}
			ns := ti*6 + int(d)
			if r.dist[ns] < 0 || nd < r.dist[ns] {
				r.dist[ns] = nd
				r.prev[ns] = int32(it.st)
				heap.Push(q, pitem{ns, nd})
			}
		}
	}
	if goal >= 0 {
		// Keep only settled states so Route gives the optimum.
		for i := range r.dist {
			if !done[i] {
				r.dist[i] = -1
			}
		}
	}
	return r
}

type pitem struct {
	st   state
	cost int
}

type pqueue []pitem

func (q pqueue) Len() int           { return len(q) }
func (q pqueue) Less(i, j int) bool { return q[i].cost < q[j].cost }
func (q pqueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *pqueue) Push(x any)        { *q = append(*q, x.(pitem)) }
func (q *pqueue) Pop() any          { o := *q; it := o[len(o)-1]; *q = o[:len(o)-1]; return it }
