package hexmap

import (
	"math"
	"math/bits"
	"reflect"
	"slices"
	"sync"
)

// CostModel prices movement. The rule system supplies it (rules.MoveCost)
// and hexmap applies it; costs are integers in the model's own units. A
// model whose type is comparable has its step costs cached with the map,
// and mended where the map changes (mend.go): so Step must read of the map
// only the hex from, its neighbour across d and the hexside between them.
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

// Walk prices hexes as a route walked from its first hex, facing facing,
// by cost as a search prices it: each pace's step and the turn onto it
// from the facing before. ok is false when two hexes in a row are not
// neighbours or a step is not allowed. A route's first hexes are walked
// so when a move stops short of its end.
func Walk(m *Map, cost CostModel, facing Direction, hexes []Hex) (r Route, ok bool) {
	if len(hexes) == 0 {
		return Route{}, false
	}
	r = Route{Hexes: append([]Hex(nil), hexes...), Facing: facing}
	for i := 1; i < len(hexes); i++ {
		d, ok := hexes[i-1].DirectionTo(hexes[i])
		if !ok || hexes[i-1].DistanceTo(hexes[i]) != 1 {
			return Route{}, false
		}
		step, ok := cost.Step(m, hexes[i-1], d)
		if !ok {
			return Route{}, false
		}
		r.Cost += step + cost.Turn(r.Facing.Steps(d))
		r.Facing = d
	}
	return r, true
}

// Reach is the result of exploring routes from one start: for each hex
// reached, its cheapest cost and route. It holds pooled memory until
// Release, and answers for the map as it was: ask again after the map
// changes (its step table is mended in place).
type Reach struct {
	m     *Map
	st    store
	table *stepTable
	turn  [4]int32
	start int32   // state: cell*6 + facing
	cells []int32 // the cells reached, in the order they were settled
}

// store is what a finished search keeps: its per-cell records, whose
// width depends on how high the costs may go.
type store interface {
	// dist is the arrival cost of state st.
	dist(st int32) int32
	// settled reports whether state st was settled.
	settled(st int32) bool
	// first returns the facing settled first in cell i, the cheapest.
	first(i int) (uint8, bool)
	release()
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
	return int(r.st.dist(st)), true
}

// state returns h's cheapest settled state.
func (r *Reach) state(h Hex) (int32, bool) {
	if r.st == nil {
		return 0, false
	}
	i := r.m.index(h)
	if i < 0 {
		return 0, false
	}
	f, ok := r.st.first(i)
	if !ok {
		return 0, false
	}
	return int32(i*6) + int32(f), true
}

// Route returns the cheapest route to h.
func (r *Reach) Route(h Hex) (Route, bool) {
	st, ok := r.state(h)
	if !ok {
		return Route{}, false
	}
	rt := Route{Facing: Direction(st % 6), Cost: int(r.st.dist(st))}
	rev := []Hex{r.m.hexAt(int(st / 6))}
	for st != r.start {
		p, ok := r.prev(st)
		if !ok {
			return Route{}, false // cannot happen for a settled state
		}
		st = p
		rev = append(rev, r.m.hexAt(int(st/6)))
	}
	rt.Hexes = make([]Hex, len(rev))
	for i, h := range rev {
		rt.Hexes[len(rev)-1-i] = h
	}
	return rt, true
}

// prev finds a settled state that st was reached from at its cost.
func (r *Reach) prev(st int32) (int32, bool) {
	d := Direction(st % 6)
	cell := int(st / 6)
	from := r.m.index(r.m.hexAt(cell).Neighbor(d.Opposite()))
	if from < 0 {
		return 0, false
	}
	want := r.st.dist(st) - int32(r.table.cost[from*6+int(d)])
	for f := Direction(0); f < 6; f++ {
		p := int32(from*6) + int32(f)
		if r.st.settled(p) && r.st.dist(p)+r.turn[f.Steps(d)] == want {
			return p, true
		}
	}
	return 0, false
}

// Release returns the reach's memory to the pool; the reach is empty after.
func (r *Reach) Release() {
	if r.st != nil {
		r.st.release()
		r.st = nil
		r.cells = nil
	}
}

// mapCache holds tables built from a map: each cell's neighbours, and the
// step costs of recently used cost models.
type mapCache struct {
	mu     sync.Mutex
	nbr    []int32 // cell*6+d: the neighbour's cell, or -1 off the rectangle
	tables []*stepTable

	flagsVersion uint64
	flags        []uint8 // per cell: cellFlag bits, for line of sight

	sight sightCache // for fields of view (fov.go)

	// flagsShared and sightShared say that flags and sight's slices are
	// shared with another copy of the map (forCopy): they are copied
	// before being mended in place, by whichever copy changes first.
	flagsShared, sightShared bool
}

// Cell flags: what a line of sight must look at more closely in a cell.
const (
	flagSightTerrain uint8 = 1 << iota // terrain that blocks sight
	flagFeature                        // a feature in the hex
	flagEdge0                          // features on canonical hexsides 0, 1, 2
	flagEdge1
	flagEdge2
	flagHigh // elevation above lowGround
	flagGap  // no hex: a gap in an irregular map
)

// lowGround is the highest level a line of sight need not look at when
// both eyes are at least that high (EyeHeight over level 0 or higher):
// ground no higher than every point of the line cannot close it.
const lowGround = 1

// cellFlags returns the per-cell flags for the map as it is now (mended
// where it changed, mend.go), and the neighbour table.
func (m *Map) cellFlags() ([]uint8, []int32) {
	c := m.lockCache()
	defer c.mu.Unlock()
	if c.flags != nil && c.flagsVersion == m.version {
		return c.flags, c.nbr
	}
	if c.flags != nil && len(c.flags) == len(m.terrain) {
		if _, ok := m.changesAfter(c.flagsVersion); ok {
			if c.flagsShared {
				c.flags, c.flagsShared = slices.Clone(c.flags), false
			}
			m.mendFlags(c.flags, c.flagsVersion)
			c.flagsVersion = m.version
			return c.flags, c.nbr
		}
	}
	if len(c.flags) != len(m.terrain) || c.flagsShared {
		c.flags, c.flagsShared = make([]uint8, len(m.terrain)), false
	}
	for i := range m.terrain {
		c.flags[i] = m.cellFlag(i)
	}
	c.flagsVersion = m.version
	return c.flags, c.nbr
}

// cellFlag is cell i's cellFlag bits: what of it alone a line of sight
// must look at.
func (m *Map) cellFlag(i int) uint8 {
	var f uint8
	t := m.terrain[i]
	if t == 0 {
		f |= flagGap
	}
	if t != 0 && terrainList[t-1].BlocksSight {
		f |= flagSightTerrain
	}
	if m.features[i] != 0 {
		f |= flagFeature
	}
	for k := 0; k < 3; k++ {
		if m.edges[3*i+k] != 0 {
			f |= flagEdge0 << k
		}
	}
	if m.elevation[i] > lowGround {
		f |= flagHigh
	}
	return f
}

// lockCache locks the map's cache, with its neighbour table built, and
// returns it; the caller unlocks it.
func (m *Map) lockCache() *mapCache {
	c := m.cache
	c.mu.Lock()
	c.neighbours(m)
	return c
}

// forCopy is the cache a copy of the map starts with. It shares the
// neighbour table, which depends only on the map's size and orientation
// and is never changed once built (24 MB at 1024²), and the sight flags
// and sides, copy on write: each copy copies them before mending them in
// place, so an undo point's copy of the map does not build them again
// from nothing (8 ms at 1024²). The step tables start empty.
func (c *mapCache) forCopy() *mapCache {
	if c == nil {
		return &mapCache{}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	cp := &mapCache{nbr: c.nbr}
	if c.flags != nil {
		cp.flags, cp.flagsVersion = c.flags, c.flagsVersion
		cp.flagsShared, c.flagsShared = true, true
	}
	if c.sight.sides != nil {
		cp.sight = c.sight
		cp.sightShared, c.sightShared = true, true
	}
	return cp
}

// shareSteps gives c, a copy's new cache, the step tables of from, its
// original's: both hold each table shared, and whichever mends it first
// copies it (stepTable.owned).
func (c *mapCache) shareSteps(from *mapCache) {
	if from == nil {
		return
	}
	from.mu.Lock()
	defer from.mu.Unlock()
	for _, t := range from.tables {
		t.shared = true
		cp := *t
		c.tables = append(c.tables, &cp)
	}
}

// owned is t's to mend in place: t itself, or a copy of it when its
// slices are shared with another map's (shareSteps).
func (t *stepTable) owned() *stepTable {
	if !t.shared {
		return t
	}
	return &stepTable{model: t.model, version: t.version, cost: slices.Clone(t.cost), pass: slices.Clone(t.pass),
		max: t.max, costs: slices.Clone(t.costs)}
}

// neighbours builds the neighbour table once; the caller holds c.mu.
func (c *mapCache) neighbours(m *Map) {
	if c.nbr != nil {
		return
	}
	c.nbr = make([]int32, len(m.terrain)*6)
	for i := range m.terrain {
		h := m.hexAt(i)
		for d := Direction(0); d < 6; d++ {
			c.nbr[i*6+int(d)] = int32(m.index(h.Neighbor(d)))
		}
	}
}

// stepTable is a cost model's price for a step out of every cell across
// every hexside, or -1 where it is barred, for one version of the map. It
// is 16 bits a step to keep searches in the processor's cache: a step
// dearer than maxStep is barred.
type stepTable struct {
	model   CostModel
	version uint64
	cost    []int16
	pass    []uint8 // by cell: bit d is set when a step across d is allowed
	max     int32   // the dearest allowed step, 0 if none
	// costs counts the allowed steps by cost, so that max stays the
	// dearest when a mend takes the dearest away.
	costs []int32
	// shared says that cost, pass and costs are another map's table's
	// too (shareSteps): they are copied before a mend (owned).
	shared bool
}

// maxStep is the dearest step a search takes.
const maxStep = math.MaxInt16

const maxCachedModels = 4

// steps returns the step table of model for the map as it is now: the
// cached one, mended where the map changed since it was made (mend.go),
// or a new one.
func (m *Map) steps(model CostModel) *stepTable {
	comparable := reflect.TypeOf(model).Comparable()
	c := m.lockCache()
	defer c.mu.Unlock()
	if comparable {
		for i, t := range c.tables {
			if t.model == model {
				if t.version == m.version {
					return t
				}
				if _, ok := m.changesAfter(t.version); ok {
					t = t.owned() // copied if shared, before it is mended
					c.tables[i] = t
				}
				if m.mendSteps(t, c.nbr) {
					return t
				}
				c.tables = append(c.tables[:i], c.tables[i+1:]...)
				break
			}
		}
	}
	t := m.buildSteps(model, c.nbr)
	if comparable {
		c.tables = append(c.tables, t)
		if len(c.tables) > maxCachedModels {
			c.tables = c.tables[1:]
		}
	}
	return t
}

// buildSteps makes model's step table for the whole map.
func (m *Map) buildSteps(model CostModel, nbr []int32) *stepTable {
	t := &stepTable{model: model, version: m.version, cost: make([]int16, len(m.terrain)*6), pass: make([]uint8, len(m.terrain))}
	for i, id := range m.terrain {
		from := m.hexAt(i)
		for d := Direction(0); d < 6; d++ {
			k := i*6 + int(d)
			t.cost[k] = -1
			n := nbr[k]
			if id == 0 || n < 0 || m.terrain[n] == 0 {
				continue
			}
			if cost, ok := model.Step(m, from, d); ok && cost >= 0 && cost <= maxStep {
				t.cost[k] = int16(cost)
				t.pass[i] |= 1 << d
				t.count(int16(cost), 1)
			}
		}
	}
	t.max = t.highest()
	return t
}

// scratch is the reusable memory of a search without a limit (or too wide
// a one for the 16-bit search of lanes.go): a record per cell, valid when
// its stamp is the search's generation, so nothing is cleared between
// searches. It settles (hex, facing) states with 32-bit costs.
type scratch struct {
	gen     uint16
	cells   []cellRec
	arr     []int32   // by state: the arrival cost, once settled
	buckets [][]int32 // Dial's circular bucket queue of states
	order   []int32
}

// cellRec is what a search knows of one hex: the cheapest cost of leaving
// across each hexside (turning included) that the arrivals so far offer,
// which facings are settled, which hexsides a settled arrival has stepped
// out across, and whether a figure blocks it.
type cellRec struct {
	dep   [6]int32 // best departure cost by hexside
	stamp uint16
	done  uint8 // bit f: facing f is settled
	info  uint8 // bits 0–5: left across hexside d at its final cost; infoOdd; infoBlocked
}

const (
	// infoOdd marks a cell of an odd row (column, on flat-top maps),
	// whose neighbours lie at other index steps than an even one's.
	infoOdd = 1 << 6
	// infoBlocked marks a hex a figure blocks.
	infoBlocked = 1 << 7
)

func (sc *scratch) dist(st int32) int32 { return sc.arr[st] }

func (sc *scratch) settled(st int32) bool {
	c := &sc.cells[st/6]
	return c.stamp == sc.gen && c.done&(1<<(st%6)) != 0
}

func (sc *scratch) first(i int) (uint8, bool) {
	c := &sc.cells[i]
	if c.stamp != sc.gen || c.done == 0 {
		return 0, false
	}
	best := uint8(0)
	for f := uint8(0); f < 6; f++ {
		if c.done&(1<<f) != 0 && (c.done&(1<<best) == 0 || sc.arr[i*6+int(f)] < sc.arr[i*6+int(best)]) {
			best = f
		}
	}
	return best, true
}

func (sc *scratch) release() { scratchPool.Put(sc) }

var scratchPool sync.Pool

func getScratch(cells int) *scratch {
	sc, _ := scratchPool.Get().(*scratch)
	if sc == nil || len(sc.cells) != cells {
		sc = &scratch{cells: make([]cellRec, cells), arr: make([]int32, 6*cells)}
	}
	sc.gen++
	if sc.gen == 0 { // wrapped: clear the stamps once
		clear(sc.cells)
		sc.gen = 1
	}
	sc.order = sc.order[:0]
	return sc
}

// explore runs the 16-bit search of lanes.go when the limit keeps costs
// small (and turning never pays back), else the 32-bit one.
func (s Search) explore(start Hex, facing Direction, goal int) *Reach {
	table := s.Map.steps(s.Cost)
	var turn [4]int32
	for i := range turn {
		turn[i] = int32(s.Cost.Turn(i))
	}
	if s.Limit > 0 && s.Limit <= laneLimit && table.max+turn[3] < 1<<12 && turn[0] >= 0 {
		return exploreLanes(s, getLaneScratch(len(s.Map.terrain)), table, turn, start, facing, goal)
	}
	return exploreWith(s, getScratch(len(s.Map.terrain)), table, turn, start, facing, goal)
}

// exploreWith runs Dijkstra's algorithm over (hex, facing) states with
// Dial's bucket queue (costs are small integers). Each hex keeps the
// cheapest cost of leaving across each hexside that its arrivals offer: an
// arrival that lowers none of them can lead nowhere cheaper and is dropped,
// and a settled arrival steps out only across the hexsides it is the
// cheapest way to leave by. With goal ≥ 0 it stops once the goal is
// settled.
func exploreWith(s Search, sc *scratch, table *stepTable, turn [4]int32, start Hex, facing Direction, goal int) *Reach {
	m := s.Map
	gen := sc.gen
	r := &Reach{m: m, st: sc, table: table, turn: turn}
	limit := int32(math.MaxInt32)
	if s.Limit > 0 {
		limit = int32(s.Limit)
	}
	var steps [6][6]int32 // turn cost from facing f to direction d
	for f := Direction(0); f < 6; f++ {
		for d := Direction(0); d < 6; d++ {
			steps[f][d] = turn[f.Steps(d)]
		}
	}
	delta := m.neighbourDeltas()
	flips := m.parityFlips()
	// Dial's queue: a ring of buckets wider than the largest edge, a power
	// of two so that a cost finds its bucket with a mask.
	nb := 1
	for nb < int(table.max+turn[3]+1) {
		nb *= 2
	}
	mask := nb - 1
	if cap(sc.buckets) < nb {
		sc.buckets = make([][]int32, nb)
	}
	buckets := sc.buckets[:nb]
	for i := range buckets {
		buckets[i] = buckets[i][:0]
	}
	cells := sc.cells
	arr := sc.arr
	const unset = math.MaxInt32
	fresh := cellRec{stamp: gen, dep: [6]int32{unset, unset, unset, unset, unset, unset}}
	cost := table.cost
	blocked := s.Blocked

	pass := table.pass
	// free[f] is the hexsides a mover facing f steps across without a
	// turning cost: a departure across one costs what its arrival did, the
	// least any arrival at this cell or a later one can offer.
	var free [6]uint8
	for f := range steps {
		for d := range steps[f] {
			if steps[f][d] == 0 {
				free[f] |= 1 << d
			}
		}
	}

	startCell := m.index(start)
	r.start = int32(startCell*6 + int(facing.norm()))
	c0 := &cells[startCell]
	*c0 = fresh
	c0.info = m.parity(startCell)
	f0 := r.start % 6
	for e := 0; e < 6; e++ {
		c0.dep[e] = int32(steps[f0][e])
	}
	// Queued states are cell<<3 | facing: shifts, not divisions.
	buckets[0] = append(buckets[0], int32(startCell)<<3|f0)
	queued := 1
	for at := int32(0); queued > 0; at++ {
		b := &buckets[int(at)&mask]
		for len(*b) > 0 {
			q := (*b)[len(*b)-1]
			*b = (*b)[:len(*b)-1]
			queued--
			cell, f := q>>3, q&7
			c := &cells[cell]
			// A state is queued only when it offers a cheaper way out, and
			// a cheaper arrival pops first: a stale entry finds it done.
			if c.done&(1<<f) != 0 {
				continue
			}
			if c.done == 0 {
				sc.order = append(sc.order, cell)
				if int(cell) == goal {
					c.done = 1 << f
					arr[cell*6+f] = int32(at)
					r.cells = sc.order
					return r
				}
			}
			c.done |= 1 << f
			arr[cell*6+f] = int32(at)
			// The hexsides this arrival is the cheapest way out across and
			// that no arrival as cheap has left across yet. Branch-free:
			// which they are is unpredictable.
			turns := &steps[f]
			dep := c.dep
			out := (b2u(at+turns[0] == int32(dep[0])) | b2u(at+turns[1] == int32(dep[1]))<<1 |
				b2u(at+turns[2] == int32(dep[2]))<<2 | b2u(at+turns[3] == int32(dep[3]))<<3 |
				b2u(at+turns[4] == int32(dep[4]))<<4 | b2u(at+turns[5] == int32(dep[5]))<<5) &^ c.info & pass[cell]
			if out == 0 {
				continue
			}
			// A departure without a turn is at its final cost: an arrival
			// as cheap need not leave across it again. A turned one may
			// yet be undercut, and is left across again when it is.
			c.info |= out & free[f]
			costs := cost[cell*6 : cell*6+6]
			odd := c.info & infoOdd
			deltas := &delta[odd>>6]
			for ; out != 0; out &= out - 1 {
				d := bits.TrailingZeros8(out)
				nd := at + turns[d] + int32(costs[d])
				if nd > limit {
					continue
				}
				to := cell + deltas[d]
				n := &cells[to]
				if n.stamp != gen {
					*n = fresh
					n.info = odd ^ flips[d]
					if blocked != nil && blocked(m.hexAt(int(to))) {
						n.info |= infoBlocked
					}
				}
				if n.info&infoBlocked != 0 {
					continue
				}
				// The arrival counts only if it offers a cheaper way out,
				// worked out in registers and stored once (a store of each
				// lane read back whole stalls the processor).
				into := &steps[d]
				was := n.dep
				now := [6]int32{min(was[0], int32(nd+into[0])), min(was[1], int32(nd+into[1])), min(was[2], int32(nd+into[2])),
					min(was[3], int32(nd+into[3])), min(was[4], int32(nd+into[4])), min(was[5], int32(nd+into[5]))}
				if now == was {
					continue
				}
				n.dep = now
				nbk := &buckets[int(nd)&mask]
				*nbk = append(*nbk, to<<3|int32(d))
				queued++
			}
		}
	}
	r.cells = sc.order
	return r
}

// neighbourDeltas is, for cells of even and odd rows (columns on flat-top
// maps), the index step to the neighbour across each hexside. A step off
// the rectangle is barred in every step table, so a search may add them
// without checking.
func (m *Map) neighbourDeltas() [2][6]int32 {
	var out [2][6]int32
	for p := 0; p < 2; p++ {
		at := Offset{Col: 2, Row: 2 + p}
		if m.Orientation == Flat {
			at = Offset{Col: 2 + p, Row: 2}
		}
		h := m.Orientation.FromOffset(at)
		for d := Direction(0); d < 6; d++ {
			n := m.Orientation.ToOffset(h.Neighbor(d))
			out[p][d] = int32((n.Row-at.Row)*m.Width + n.Col - at.Col)
		}
	}
	return out
}

// b2u is 1 for true and 0 for false, without a branch.
func b2u(b bool) uint8 {
	var u uint8
	if b {
		u = 1
	}
	return u
}

// parity is cell i's infoOdd: set in odd rows (columns, on flat-top maps),
// whose neighbours lie at other index steps than an even one's.
func (m *Map) parity(i int) uint8 {
	if m.Orientation == Flat {
		return uint8(i%m.Width&1) * infoOdd
	}
	return uint8(i/m.Width&1) * infoOdd
}

// parityFlips is, by hexside, what turns a cell's parity into its
// neighbour's across it.
func (m *Map) parityFlips() [6]uint8 {
	var flips [6]uint8
	at := Offset{Col: 2, Row: 2}
	for d := Direction(0); d < 6; d++ {
		n := m.Orientation.ToOffset(m.Orientation.FromOffset(at).Neighbor(d))
		if (m.Orientation == Flat && n.Col != at.Col) || (m.Orientation != Flat && n.Row != at.Row) {
			flips[d] = infoOdd
		}
	}
	return flips
}
