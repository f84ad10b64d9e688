package session

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
)

// Timeline is a fight's whole history, to scrub: any event's fight shown
// as the live session had it right after that event, undo and redo
// included. It keeps a checkpoint (a copy of the state) every
// timelineEvery events and after each undo or redo, and folds from the
// nearest one that stands for the same commands. A Timeline does not
// change once made, and is safe for use by many goroutines.
type Timeline struct {
	events []Event
	where  func(i int) string // names event i in an error: a file's line, or a seq
	cps    []timelineCheckpoint
	first  map[int]int // by command, the index of its first event
	// undos are the indices of the undo and redo events, and undone the
	// commands that stand undone right after each.
	undos  []int
	undone []map[int]bool
	ticks  []Tick
}

// timelineCheckpoint is the state right after event at, leaving out the
// commands undone then.
type timelineCheckpoint struct {
	at     int
	st     *State
	undone map[int]bool
}

// timelineEvery is how many events apart the checkpoints are: a view
// folds at most this many events onto a copy of one.
const timelineEvery = 32

// Tick is a place on the timeline a slider marks: the event that starts
// a round or a segment.
type Tick struct {
	Index   int    // the event's index on the timeline
	Kind    string // EventOpened, EventRoundStarted or EventSegment
	Round   int    // the round it starts or falls in; 0 before the first
	Segment int    // the segment counted down to; 0 for a round's start
}

// OpenTimeline reads the fight journal at path (a *.journal.jsonl file),
// leaving the file as it is. A torn last line (a write a crash cut off)
// is left out, as a session reopening the journal leaves it; any other
// bad line, or an event that does not fit the fight, is an error naming
// the file and the line.
func OpenTimeline(path string) (*Timeline, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open timeline: %w", err)
	}
	defer f.Close()
	events, _, err := readJournal(f)
	if err != nil {
		return nil, fmt.Errorf("journal %s: %w", path, err)
	}
	if len(events) == 0 {
		return nil, fmt.Errorf("journal %s: no events: a fight's journal opens with its fight", path)
	}
	return newTimeline(events, func(i int) string { return fmt.Sprintf("journal %s: line %d", path, i+1) })
}

// NewTimeline makes the timeline of events, a fight's from its opening,
// as OpenJournal returns them; the events are copied.
func NewTimeline(events []Event) (*Timeline, error) {
	return newTimeline(slices.Clone(events), func(i int) string {
		return fmt.Sprintf("event %d (seq %d)", i, events[i].Seq)
	})
}

// Timeline returns the timeline of the fight so far: every event, those
// only the journal keeps read back from it.
func (s *Session) Timeline() (*Timeline, error) {
	s.mu.Lock()
	events, err := s.history()
	s.mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("read the journal back: %w", err)
	}
	return NewTimeline(events)
}

func newTimeline(events []Event, where func(int) string) (*Timeline, error) {
	if len(events) == 0 || events[0].Kind != EventOpened || events[0].Fight == nil {
		return nil, errors.New("the first event must be the fight's opening")
	}
	t := &Timeline{events: events, where: where, first: map[int]int{}}
	st, err := events[0].Fight.State()
	if err != nil {
		return nil, fmt.Errorf("%s: the opening: %w", where(0), err)
	}
	t.keep(0, st, map[int]bool{})
	undone := map[int]bool{}
	round := 0
	if st.Begun {
		round = st.Round
	}
	t.ticks = append(t.ticks, Tick{Index: 0, Kind: EventOpened, Round: round, Segment: st.Segment})
	for i := 1; i < len(events); i++ {
		e := events[i]
		if e.Seq <= events[i-1].Seq {
			return nil, fmt.Errorf("%s: seq %d after seq %d: the events are out of order", where(i), e.Seq, events[i-1].Seq)
		}
		if _, ok := t.first[e.Cmd]; e.Cmd != 0 && !ok {
			t.first[e.Cmd] = i
		}
		switch e.Kind {
		case EventRoundStarted:
			round = e.Round
			t.ticks = append(t.ticks, Tick{Index: i, Kind: e.Kind, Round: round})
		case EventSegment:
			t.ticks = append(t.ticks, Tick{Index: i, Kind: e.Kind, Round: round, Segment: e.Segment})
		}
		if e.Kind == EventUndone || e.Kind == EventRedone {
			undone = copySet(undone)
			if e.Kind == EventUndone {
				undone[e.Target] = true
			} else {
				delete(undone, e.Target)
			}
			t.undos = append(t.undos, i)
			t.undone = append(t.undone, undone)
			// The state after an undo is another fold: the one from the
			// nearest checkpoint standing for the same commands.
			if st, err = t.fold(i); err != nil {
				return nil, err
			}
			t.keep(i, st, undone)
			continue
		}
		if e.Cmd == 0 || !undone[e.Cmd] {
			if touchesMap(e) && st.Map == t.cps[len(t.cps)-1].st.Map {
				st.Map = st.Map.Clone() // the checkpoint keeps the map it had
			}
			if err := st.Apply(e); err != nil {
				return nil, fmt.Errorf("%s: %w", where(i), err)
			}
		}
		if i-t.cps[len(t.cps)-1].at >= timelineEvery {
			t.keep(i, st, undone)
		}
	}
	return t, nil
}

// copySet copies a set of commands.
func copySet(m map[int]bool) map[int]bool {
	c := make(map[int]bool, len(m)+1)
	for k, v := range m {
		c[k] = v
	}
	return c
}

// keep adds a checkpoint of st, the state right after event i. The copy
// shares st's map (whoever changes the map next copies it first) and its
// log's events (a log only grows at its end).
func (t *Timeline) keep(i int, st *State, undone map[int]bool) {
	log := st.Log
	st.Log = nil
	cp := st.clone(false)
	st.Log = log
	cp.Log = slices.Clip(log)
	t.cps = append(t.cps, timelineCheckpoint{at: i, st: cp, undone: undone})
}

// Len is the number of events on the timeline, the opening included.
func (t *Timeline) Len() int { return len(t.events) }

// Event returns event i, 0 being the fight's opening.
func (t *Timeline) Event(i int) (Event, error) {
	if i < 0 || i >= len(t.events) {
		return Event{}, fmt.Errorf("there is no event %d: the timeline has events 0 to %d", i, len(t.events)-1)
	}
	return t.events[i], nil
}

// Ticks lists where the fight opens and each round and segment begins,
// in order, for a slider's ticks. A round started and then undone keeps
// its mark: it happened on the timeline.
func (t *Timeline) Ticks() []Tick { return slices.Clone(t.ticks) }

// StateAt returns the fight right after event i was applied: what
// Replay(events[:i+1]) gives, found by folding at most timelineEvery
// events onto a copy of a checkpoint. The state is the caller's, but its
// map may be the timeline's: Clone the state before changing it.
func (t *Timeline) StateAt(i int) (*State, error) {
	if i < 0 || i >= len(t.events) {
		return nil, fmt.Errorf("there is no event %d: the timeline has events 0 to %d", i, len(t.events)-1)
	}
	return t.fold(i)
}

// ViewAt is the fight right after event i as seat would have seen it
// (nil: the Judge): the snapshot a seat joining then was sent
// (Session.Welcome), hidden figures and fog of war kept from a player.
func (t *Timeline) ViewAt(i int, seat *Seat) (*FightFile, error) {
	st, err := t.StateAt(i)
	if err != nil {
		return nil, err
	}
	return st.Snapshot(seat), nil
}

// undoneAt returns the commands that stand undone right after event i.
func (t *Timeline) undoneAt(i int) map[int]bool {
	k := sort.SearchInts(t.undos, i+1) // the undo events up to i
	if k == 0 {
		return nil
	}
	return t.undone[k-1]
}

// fold returns the state right after event i from the latest checkpoint
// at or before it that leaves out the same commands as Replay to i does:
// those undone then among the commands it has events of.
func (t *Timeline) fold(i int) (*State, error) {
	undone := t.undoneAt(i)
	k := sort.Search(len(t.cps), func(k int) bool { return t.cps[k].at > i }) - 1
	for ; k > 0 && !t.standsFor(t.cps[k], undone); k-- {
	}
	cp := t.cps[k]
	shared := cp.st.Map
	st := cp.st.clone(false)
	for j := cp.at + 1; j <= i; j++ {
		e := t.events[j]
		if e.Cmd != 0 && undone[e.Cmd] {
			continue
		}
		if touchesMap(e) && st.Map == shared {
			st.Map = st.Map.Clone()
		}
		if err := st.Apply(e); err != nil {
			return nil, fmt.Errorf("%s: %w", t.where(j), err)
		}
	}
	return st, nil
}

// standsFor reports whether checkpoint cp is the fold of its events with
// the commands of undone left out: every command it left out is undone,
// and every other undone command began after it.
func (t *Timeline) standsFor(cp timelineCheckpoint, undone map[int]bool) bool {
	for c := range cp.undone {
		if !undone[c] {
			return false
		}
	}
	for c := range undone {
		if at, ok := t.first[c]; ok && at <= cp.at && !cp.undone[c] {
			return false
		}
	}
	return true
}
