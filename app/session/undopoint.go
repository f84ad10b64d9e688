package session

import (
	"fmt"
	"sort"

	"hexslinger/hexmap"
)

// An undo or a redo changes only what comes after the first event of the
// command it takes back or puts back: the session keeps undo points
// among its recent events (copies of the state, their logs left out), and
// folds the state again from the nearest one before that event, not from
// the opening.

// undoPoint is the state right after recent event seq, the last of a
// command, its log left out. It stands for the commands undone then,
// which hold for every command before it as long as it is kept: an undo
// or redo drops the points at or after the first event of its command.
type undoPoint struct {
	seq int
	st  *State
}

// pointEvery is how many events at least lie between two undo points:
// an undo of the last command folds again no more than about so many
// events and its own.
const pointEvery = 16

// notePoint keeps an undo point at the last event, the last of a command
// just applied, when the last point is pointEvery events back or more.
// The caller holds s.mu.
func (s *Session) notePoint() {
	last := s.events[len(s.events)-1].Seq
	base := s.events[0].Seq
	if n := len(s.points); n > 0 {
		base = s.points[n-1].seq
	}
	if last-base < pointEvery {
		return
	}
	s.points = append(s.points, undoPoint{seq: last, st: pointOf(s.state)})
}

// pointOf is a copy of st for an undo point: without its log, sharing its
// map (whoever changes the map copies it for the points first: spare).
func pointOf(st *State) *State {
	log := st.Log
	st.Log = nil
	cp := st.clone(false)
	st.Log = log
	return cp
}

// spare copies map m for the undo points that share it, before m is
// changed in place: they keep the map as it was, and the state changing
// it keeps its own (and whatever it has worked out of it). The caller
// holds s.mu.
func (s *Session) spare(m *hexmap.Map) {
	var kept *hexmap.Map
	for _, p := range s.points {
		if p.st.Map != m {
			continue
		}
		if kept == nil {
			// With the step tables, shared: an undo folds from the
			// point and then plans moves on its map, which would else
			// build them from nothing (400 ms at 1024²); the live map
			// copies them when it mends them next.
			kept = m.CloneBareWithSteps()
		}
		p.st.Map = kept
		// The fields of view were made from the same map: they stand.
		p.st.fog.onMap(m, kept)
	}
}

// maxSpared is how many copies of the map the undo points hold at most
// (a 1024² map is 11 MB): past it the oldest points are dropped, and an
// undo that far back folds from the checkpoint.
const maxSpared = 4

// thinSpared drops the oldest undo points while they hold more than
// maxSpared copies of the map besides live, the live state's.
func (s *Session) thinSpared(live *hexmap.Map) {
	maps := map[*hexmap.Map]bool{}
	for i := len(s.points) - 1; i >= 0; i-- {
		if m := s.points[i].st.Map; m != live && !maps[m] {
			if len(maps) == maxSpared {
				clear(s.points[:i+1])
				s.points = append(s.points[:0:0], s.points[i+1:]...)
				return
			}
			maps[m] = true
		}
	}
}

// dropPointsFrom forgets the undo points at or after seq.
func (s *Session) dropPointsFrom(seq int) {
	i := sort.Search(len(s.points), func(i int) bool { return s.points[i].seq >= seq })
	clear(s.points[i:])
	s.points = s.points[:i]
}

// dropPointsBefore forgets the undo points before seq (older than the
// recent events).
func (s *Session) dropPointsBefore(seq int) {
	i := sort.Search(len(s.points), func(i int) bool { return s.points[i].seq >= seq })
	if i > 0 {
		s.points = append(s.points[:0:0], s.points[i:]...)
	}
}

// applyLive applies event e to st, a state the session keeps, copying
// the map for the undo points that share it first when e changes it.
// The caller holds s.mu.
func (s *Session) applyLive(st *State, e Event) error {
	if touchesMap(e) {
		s.spare(st.Map)
		s.thinSpared(st.Map)
	}
	return st.Apply(e)
}

// refold is the state after recent, the recent events with an undo or a
// redo of command target last, folded from the nearest undo point before
// target's first event (or from the opening, when none is): the state a
// replay of recent gives. The points at or after that event are dropped
// (they stand for target as it was) and made again on the way. The
// caller holds s.mu.
func (s *Session) refold(recent []Event, target int) (*State, error) {
	first := recent[len(recent)-1].Seq // target's first event, when recent hold it
	for _, e := range recent[1:] {
		if e.Cmd == target {
			first = e.Seq
			break
		}
	}
	s.dropPointsFrom(first)
	undone := undoneCommands(recent)
	var st *State
	from := 1 // the index in recent of the first event to fold
	if n := len(s.points); n > 0 && s.points[n-1].seq >= recent[0].Seq {
		p := s.points[n-1]
		i := sort.Search(len(recent), func(i int) bool { return recent[i].Seq >= p.seq })
		if i == len(recent) || recent[i].Seq != p.seq {
			return nil, fmt.Errorf("undo point at seq %d is not among the recent events", p.seq)
		}
		st = p.st.clone(false) // the point's map, shared: applyLive copies it before a change
		st.Log = make([]Event, 0, len(recent))
		for _, e := range recent[1 : i+1] {
			if e.Cmd == 0 || !undone[e.Cmd] {
				st.Log = append(st.Log, e)
			}
		}
		from = i + 1
	} else {
		st = s.opening.Clone() // a journal just read, or an undo older than every point
	}
	// Points are kept on the way again, for the undos to come: a fold
	// stands for the commands undone now, as a point must.
	base := recent[from-1].Seq
	for j := from; j < len(recent); j++ {
		e := recent[j]
		if e.Cmd == 0 || !undone[e.Cmd] {
			if err := s.applyLive(st, e); err != nil {
				return nil, err
			}
		}
		if j+1 < len(recent) && (e.Cmd == 0 || recent[j+1].Cmd != e.Cmd) && e.Seq-base >= pointEvery {
			s.points = append(s.points, undoPoint{seq: e.Seq, st: pointOf(st)})
			base = e.Seq
		}
	}
	return st, nil
}
