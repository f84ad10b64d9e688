package hexmap

import (
	"math/bits"
	"sync"
	"unsafe"
)

// The 16-bit search (searches with a limit, such as the reachable area of a
// figure) settles departures rather than arrivals: a hex's record holds the
// cheapest cost of leaving it across each hexside, turning included, and
// the hex is queued at the cost of its cheapest departure not yet taken.
// A departure costing what is being settled now is final (every later
// arrival costs more), so each is taken once, and a hex is popped once per
// distinct departure cost instead of once per facing. An arrival's cost is
// not kept: it is the departure it came by plus the step, read back from
// the neighbour's record (see laneScratch.dist).
//
// A record's six costs are read and written as a word of four lanes and one
// of two, sixteen bits each (see exploreLanes), with every cost below 1<<15 so
// that no lane's arithmetic reaches the next.

// laneRec is what the 16-bit search knows of one hex. dep comes first, at
// the record's 8-byte aligned start, read as two words; with the hex's own
// step costs beside it (copied from the step table when the hex is first
// reached), a pop touches one cache line. The record is 32 bytes.
type laneRec struct {
	dep     [6]uint16 // cheapest departure cost by hexside; laneUnset if none yet
	stamp   uint16    // the search generation the record belongs to
	sent    uint8     // bit d: departure d is taken (at its final cost)
	info    uint8     // bits 0–5: a step across d is allowed; infoOdd; infoBlocked
	steps   [6]int16  // the cost of a step across each hexside
	pending uint16    // the cost the hex is queued at (its lowest), or laneNone
	_       uint16
}

// laneNone marks a hex not queued.
const laneNone = 1<<16 - 1

// infoPass masks a laneRec's allowed steps.
const infoPass = 1<<6 - 1

// laneUnset is a departure not yet offered; laneLimit the highest limit a
// 16-bit search takes, so that a cost, a step and a turn added, stays below
// laneUnset and below 1<<15.
const (
	laneUnset = 1<<15 - 1
	laneLimit = laneUnset - 1<<12
)

// laneScratch is the reusable memory of 16-bit searches: a record per cell,
// valid when its stamp is the search's generation, so nothing is cleared
// between searches. After a search it answers for the Reach (store).
type laneScratch struct {
	gen     uint16
	cells   []laneRec
	buckets [][]int32 // Dial's circular bucket queue of cells
	order   []int32
	// What dist and settled read back, set by each search.
	m     *Map
	table *stepTable
	limit int32
	start int32 // the start state
}

var laneScratchPool sync.Pool

func getLaneScratch(cells int) *laneScratch {
	sc, _ := laneScratchPool.Get().(*laneScratch)
	if sc == nil || len(sc.cells) != cells {
		sc = &laneScratch{cells: make([]laneRec, cells)}
	}
	sc.gen++
	if sc.gen == 0 { // wrapped: clear the stamps once
		clear(sc.cells)
		sc.gen = 1
	}
	sc.order = sc.order[:0]
	return sc
}

func (sc *laneScratch) release() {
	sc.m, sc.table = nil, nil
	laneScratchPool.Put(sc)
}

// reached reports whether cell i was reached (its cheapest departure
// taken; every reached hex has one, the cheapest arrival's own hexside).
func (sc *laneScratch) reached(i int32) bool {
	c := &sc.cells[i]
	return c.stamp == sc.gen && c.sent != 0 && c.info&infoBlocked == 0
}

// from is the cell a step into cell i facing f came from, or -1.
func (sc *laneScratch) from(i, f int32) int32 {
	return int32(sc.m.index(sc.m.hexAt(int(i)).Neighbor(Direction(f).Opposite())))
}

// settled reports whether state st (cell*6 + facing) was reached: the
// departure into it was taken and the step allowed within the limit.
func (sc *laneScratch) settled(st int32) bool {
	if st == sc.start {
		return true
	}
	i, f := st/6, st%6
	if !sc.reached(i) {
		return false
	}
	p := sc.from(i, f)
	if p < 0 || !sc.reached(p) {
		return false
	}
	c := &sc.cells[p]
	step := int32(sc.table.cost[p*6+f])
	return c.sent&(1<<f) != 0 && step >= 0 && int32(c.dep[f])+step <= sc.limit
}

// dist is the arrival cost of a settled state: the departure it came by
// plus the step.
func (sc *laneScratch) dist(st int32) int32 {
	if st == sc.start {
		return 0
	}
	i, f := st/6, st%6
	p := sc.from(i, f)
	return int32(sc.cells[p].dep[f]) + int32(sc.table.cost[p*6+f])
}

// first returns the facing of cell i's cheapest arrival.
func (sc *laneScratch) first(i int) (uint8, bool) {
	if !sc.reached(int32(i)) {
		return 0, false
	}
	if int32(i) == sc.start/6 {
		return uint8(sc.start % 6), true
	}
	best, bestCost := uint8(0), int32(-1)
	for f := int32(0); f < 6; f++ {
		st := int32(i)*6 + f
		if sc.settled(st) && (bestCost < 0 || sc.dist(st) < bestCost) {
			best, bestCost = uint8(f), sc.dist(st)
		}
	}
	return best, bestCost >= 0
}

// exploreLanes runs the 16-bit search (see the comment at the top of this
// file). With goal ≥ 0 it stops once the goal is reached.
func exploreLanes(s Search, sc *laneScratch, table *stepTable, turn [4]int32, start Hex, facing Direction, goal int) *Reach {
	m := s.Map
	gen := sc.gen
	limit := int32(s.Limit)
	sc.m, sc.table, sc.limit = m, table, limit
	delta := m.neighbourDeltas()
	r := &Reach{m: m, st: sc, table: table, turn: turn}
	// turns[d] is the turning cost of leaving across each hexside after
	// arriving across d, as lanes.
	// lowest[d][lowered] is the least of those turning costs over the
	// hexsides in lowered.
	var turns [6]lanes
	var lowest [6][64]int32
	for d := Direction(0); d < 6; d++ {
		for e := Direction(0); e < 6; e++ {
			turns[d].set(int(e), uint16(turn[d.Steps(e)]))
		}
		for set := 1; set < 64; set++ {
			lowest[d][set] = turn[3]
			for e := Direction(0); e < 6; e++ {
				if set&(1<<e) != 0 {
					lowest[d][set] = min(lowest[d][set], turn[d.Steps(e)])
				}
			}
		}
	}
	flips := m.parityFlips()
	nb := 1 // Dial's ring of buckets: wider than the dearest edge, a power of two
	for nb < int(table.max+turn[3]+1) {
		nb *= 2
	}
	mask := int32(nb - 1)
	if cap(sc.buckets) < nb {
		sc.buckets = make([][]int32, nb)
	}
	buckets := sc.buckets[:nb]
	for i := range buckets {
		buckets[i] = buckets[i][:0]
	}
	cells, cost, pass, blocked := sc.cells, table.cost, table.pass, s.Blocked
	var unset [6]uint16
	for i := range unset {
		unset[i] = laneUnset
	}

	startCell := int32(m.index(start))
	sc.start = startCell*6 + int32(facing.norm())
	c0 := &cells[startCell]
	*c0 = laneRec{stamp: gen, info: m.parity(int(startCell)) | pass[startCell], steps: [6]int16(cost[startCell*6 : startCell*6+6])}
	for e := 0; e < 6; e++ {
		c0.dep[e] = uint16(turn[facing.norm().Steps(Direction(e))])
	}
	r.start = sc.start
	buckets[0] = append(buckets[0], startCell)
	queued := 1
	for at := int32(0); queued > 0; at++ {
		b := &buckets[at&mask]
		for len(*b) > 0 {
			cell := (*b)[len(*b)-1]
			*b = (*b)[:len(*b)-1]
			queued--
			c := &cells[cell]
			if int32(c.pending) != at {
				continue // queued again lower since, and taken there
			}
			// The departures costing at and not yet taken: lanes equal to
			// at are those whose x is zero, whose top bit in
			// (x & low) + low | x is clear (costs are below 1<<15).
			lo := *(*uint64)(unsafe.Pointer(&c.dep))
			hi := *(*uint32)(unsafe.Pointer(&c.dep[4]))
			xlo, xhi := lo^uint64(at)*laneOnes64, hi^uint32(at)*laneOnes32
			zlo := ^((xlo&laneLow64 + laneLow64) | xlo) & laneTop64
			zhi := ^((xhi&laneLow32 + laneLow32) | xhi) & laneTop32
			eq := (gather4(zlo) | uint8(zhi>>15&1)<<4 | uint8(zhi>>31&1)<<5) &^ c.sent
			if eq == 0 {
				continue // taken already, or undercut since it was queued
			}
			if c.sent == 0 {
				sc.order = append(sc.order, cell)
				if int(cell) == goal {
					c.sent = eq
					r.cells = sc.order
					return r
				}
			}
			c.sent |= eq
			// Queue the cell again at its next departure not yet taken:
			// the least lane, the taken ones raised to laneUnset.
			mlo, mhi := lo|takenLo[c.sent&0xf], hi|takenHi[c.sent>>4&3]
			next := int32(min(uint16(mlo), uint16(mlo>>16), uint16(mlo>>32), uint16(mlo>>48), uint16(mhi), uint16(mhi>>16)))
			c.pending = laneNone
			if next <= limit {
				buckets[next&mask] = append(buckets[next&mask], cell)
				queued++
				c.pending = uint16(next)
			}
			odd := c.info & infoOdd
			deltas := &delta[odd>>6]
			for out := eq & c.info & infoPass; out != 0; out &= out - 1 {
				d := bits.TrailingZeros8(out)
				nd := at + int32(c.steps[d])
				if nd > limit {
					continue
				}
				to := cell + deltas[d]
				n := &cells[to]
				if n.stamp != gen {
					// First reached: field by field, not a struct built
					// and copied.
					n.dep, n.stamp, n.sent, n.pending = unset, gen, 0, laneNone
					n.info = odd ^ flips[d] | pass[to]
					n.steps = [6]int16(cost[to*6 : to*6+6])
					if blocked != nil && blocked(m.hexAt(int(to))) {
						n.info |= infoBlocked
					}
				}
				if n.info&infoBlocked != 0 {
					continue
				}
				// Lower each departure to the arrival's cost plus its turn
				// where that is less, four lanes to a word: a lane's top bit
				// in (was | top) − (cand + 1) is set where was > cand, and no
				// lane borrows from the next, as was | top ≥ 1<<15 ≥ cand + 1.
				plo := (*uint64)(unsafe.Pointer(&n.dep))
				phi := (*uint32)(unsafe.Pointer(&n.dep[4]))
				clo := uint64(nd)*laneOnes64 + turns[d].lo
				chi := uint32(nd)*laneOnes32 + turns[d].hi
				wlo, whi := *plo, *phi
				glo := ((wlo | laneTop64) - (clo + laneOnes64)) & laneTop64
				ghi := ((whi | laneTop32) - (chi + laneOnes32)) & laneTop32
				if glo|uint64(ghi) == 0 {
					continue // it lowers none
				}
				klo, khi := glo>>15*0xffff, ghi>>15*0xffff
				*plo, *phi = clo&klo|wlo&^klo, chi&khi|whi&^khi
				lowered := gather4(glo) | uint8(ghi>>15&1)<<4 | uint8(ghi>>31&1)<<5
				// Queue it at the cheapest departure this arrival lowered,
				// unless it is queued as low already: taking that, it is
				// queued again at its next departure, this one or less.
				if q := nd + lowest[d][lowered]; q <= limit && q < int32(n.pending) {
					buckets[q&mask] = append(buckets[q&mask], to)
					queued++
					n.pending = uint16(q)
				}
			}
		}
	}
	r.cells = sc.order
	return r
}

// lanes is six 16-bit costs as a word of four and a word of two.
type lanes struct {
	lo uint64
	hi uint32
}

func (l *lanes) set(i int, v uint16) {
	if i < 4 {
		l.lo = l.lo&^(0xffff<<(16*i)) | uint64(v)<<(16*i)
	} else {
		l.hi = l.hi&^(0xffff<<(16*(i-4))) | uint32(v)<<(16*(i-4))
	}
}

// Lane masks: the top bit of every 16-bit lane, all but the top bit, and a
// one in each.
const (
	laneTop64  = 0x8000_8000_8000_8000
	laneTop32  = 0x8000_8000
	laneLow64  = 0x7fff_7fff_7fff_7fff
	laneLow32  = 0x7fff_7fff
	laneOnes64 = 0x0001_0001_0001_0001
	laneOnes32 = 0x0001_0001
)

// gather4 collects the top bits of a word's four 16-bit lanes (bits 15,
// 31, 47 and 63; x has no others set) into bits 0–3, with one
// multiplication: each lands on a bit of its own among 48–51, and no other
// product reaches them.
func gather4(x uint64) uint8 {
	return uint8((x>>15)*(1<<48|1<<33|1<<18|1<<3)>>48) & 0xf
}

// takenLo and takenHi raise the lanes of taken departures (by a cell's sent
// bits, 0–3 and 4–5) to laneUnset, so that the least lane is the next not
// taken.
var takenLo, takenHi = func() (lo [16]uint64, hi [4]uint32) {
	for b := range lo {
		for i := 0; i < 4; i++ {
			if b&(1<<i) != 0 {
				lo[b] |= laneUnset << (16 * i)
			}
		}
	}
	for b := range hi {
		for i := 0; i < 2; i++ {
			if b&(1<<i) != 0 {
				hi[b] |= laneUnset << (16 * i)
			}
		}
	}
	return
}()
