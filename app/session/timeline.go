package session

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"

	"hexslinger/hexmap"
)

// Timeline is a fight's whole history, to scrub: any event's fight shown
// as the live session had it right after that event, undo and redo
// included. It keeps checkpoints (copies of the state, without their
// logs, which the events make again) so that the fight at any event is
// at most timelineEvery events from one that stands for the same
// commands: one every timelineEvery events, and one after an undo or
// redo that reaches further back. A Timeline does not change once made,
// and is safe for use by many goroutines.
type Timeline struct {
	events []Event
	where  func(i int) string // names event i in an error: a file's line, or a seq
	cps    []timelineCheckpoint
	first  map[int]int // by command, the index of its first event
	// kept are the checkpoints' maps: a fold copies one before an event
	// changes it.
	kept map[*hexmap.Map]bool
	// undos are the indices of the undo and redo events; toggles the same
	// by the command they take back or put back.
	undos   []int
	toggles map[int][]int
	ticks   []Tick
}

// timelineCheckpoint is the state right after event at, leaving out the
// commands undone then; its Log is nil (fold makes it again).
type timelineCheckpoint struct {
	at int
	st *State
}

// timelineEvery is how many events a view folds at most onto a copy of a
// checkpoint.
const timelineEvery = 32

// Tick is a place on the timeline a slider marks: the event that starts
// a round or a segment.
type Tick struct {
	Index   int    // the event's index on the timeline
	Kind    string // EventOpened, EventRoundStarted or EventSegment
	Round   int    // the round it starts or falls in; 0 before the first
	Segment int    // the segment counted down to; 0 for a round's start; the opening's, the fight's then
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
	events = slices.Clone(events)
	return newTimeline(events, func(i int) string {
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
	t := &Timeline{events: events, where: where, first: map[int]int{}, toggles: map[int][]int{}, kept: map[*hexmap.Map]bool{}}
	st, err := events[0].Fight.State()
	if err != nil {
		return nil, fmt.Errorf("%s: the opening: %w", where(0), err)
	}
	t.keep(0, st)
	base := 0 // the checkpoint a view of event i folds from
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
			t.undos = append(t.undos, i)
			t.toggles[e.Target] = append(t.toggles[e.Target], i)
			// The state after an undo is another fold: the one from the
			// nearest checkpoint standing for the same commands.
			var k int
			if st, k, err = t.fold(i); err != nil {
				return nil, err
			}
			if base = t.cps[k].at; i-base >= timelineEvery {
				t.keep(i, st)
				base = i
			}
			continue
		}
		if !t.skipped(e, i) {
			if touchesMap(e) && t.kept[st.Map] {
				st.Map = st.Map.Clone() // the checkpoint keeps the map it had
			}
			if err := st.Apply(e); err != nil {
				return nil, fmt.Errorf("%s: %w", where(i), err)
			}
		}
		if i-base >= timelineEvery {
			t.keep(i, st)
			base = i
		}
	}
	return t, nil
}

// keep adds a checkpoint of st, the state right after event i, without
// its log. The copy shares st's map: whoever changes the map next copies
// it first.
func (t *Timeline) keep(i int, st *State) {
	log := st.Log
	st.Log = nil
	cp := st.clone(false)
	st.Log = log
	t.cps = append(t.cps, timelineCheckpoint{at: i, st: cp})
	t.kept[cp.Map] = true
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
	st, _, err := t.fold(i)
	return st, err
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

// undone reports whether command c stands undone right after event i:
// its last undo or redo up to i is an undo.
func (t *Timeline) undone(c, i int) bool {
	at := t.toggles[c]
	k := sort.SearchInts(at, i+1) // c's undos and redos up to i
	return k > 0 && t.events[at[k-1]].Kind == EventUndone
}

// skipped reports whether a fold to event i leaves event e out: it is of
// a command undone then.
func (t *Timeline) skipped(e Event, i int) bool {
	return e.Cmd != 0 && t.undone(e.Cmd, i)
}

// fold returns the state right after event i from the latest checkpoint
// at or before it that leaves out the same commands as Replay to i does
// (those undone then among the commands it has events of), and that
// checkpoint's index.
func (t *Timeline) fold(i int) (*State, int, error) {
	k := sort.Search(len(t.cps), func(k int) bool { return t.cps[k].at > i }) - 1
	for ; k > 0 && !t.standsFor(t.cps[k].at, i); k-- {
	}
	cp := t.cps[k]
	st := cp.st.clone(false)
	// The log is the events applied: those not undone. Apply reads it back
	// to the round's start (who has acted this round).
	n := 0
	for j := 1; j <= i; j++ {
		if e := t.events[j]; !t.skipped(e, i) {
			n++
		}
	}
	st.Log = make([]Event, 0, n)
	for j := 1; j <= cp.at; j++ {
		if e := t.events[j]; !t.skipped(e, i) {
			st.Log = append(st.Log, e)
		}
	}
	for j := cp.at + 1; j <= i; j++ {
		e := t.events[j]
		if t.skipped(e, i) {
			continue
		}
		if touchesMap(e) && t.kept[st.Map] {
			st.Map = st.Map.Clone()
		}
		if err := st.Apply(e); err != nil {
			return nil, 0, fmt.Errorf("%s: %w", t.where(j), err)
		}
	}
	return st, k, nil
}

// standsFor reports whether the checkpoint at event j is the fold of its
// events that a fold to event i makes: every command with events up to j
// that an undo or redo after j takes back or puts back stands as it stood
// at j.
func (t *Timeline) standsFor(j, i int) bool {
	k := sort.SearchInts(t.undos, j+1)
	for ; k < len(t.undos) && t.undos[k] <= i; k++ {
		c := t.events[t.undos[k]].Target
		if at, ok := t.first[c]; ok && at <= j && t.undone(c, i) != t.undone(c, j) {
			return false
		}
	}
	return true
}
