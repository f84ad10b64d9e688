package session

import (
	"errors"
	"slices"
)

// Fold keeps a client's copy of a fight: the recent events and the state
// they make. Most events apply in place; an undo or redo rebuilds the
// state from the opening. Like the session, a fold holds no more than
// RecentEvents: past that it folds all but the last few hundred into its
// opening, Events[0] then being a checkpoint that stands for them, and
// the state's log keeps the events after it. An undo or redo of a
// command folded away returns ErrResync.
type Fold struct {
	Events []Event
	State  *State
	// opening is the fight as Events[0] leaves it, once the fold has
	// folded events away; until then Events[0].Fight is.
	opening *State
	// The round and segment of the fight at Events[0], where the
	// state's log begins.
	round, segment int
}

// NewFold starts a fold from the events a session sent.
func NewFold(events []Event) (*Fold, error) {
	st, err := openingOf(events)
	if err != nil {
		return nil, err
	}
	f := &Fold{Events: slices.Clone(events), round: st.Round, segment: st.Segment}
	if f.State, err = replayOnto(st, events); err != nil {
		return nil, err
	}
	f.checkpoint()
	return f, nil
}

// ErrResync is returned by Fold.Add for an undo or redo of a command older
// than the fold's events: the client must fetch a fresh welcome.
var ErrResync = errors.New("the undo reaches past this view: resync")

// Add folds one more event in; events it already has are ignored.
func (f *Fold) Add(e Event) error {
	if n := len(f.Events); n > 0 && e.Seq != 0 && e.Seq <= f.Events[n-1].Seq {
		return nil
	}
	toggle := e.Kind == EventUndone || e.Kind == EventRedone
	if toggle && !slices.ContainsFunc(f.Events, func(x Event) bool { return x.Cmd == e.Target }) {
		return ErrResync
	}
	f.Events = append(f.Events, e)
	if toggle {
		st, err := f.base()
		if err == nil {
			st, err = replayOnto(st, f.Events)
		}
		if err != nil {
			f.Events = f.Events[:len(f.Events)-1]
			return err
		}
		f.State = st
	} else if err := f.State.Apply(e); err != nil {
		f.Events = f.Events[:len(f.Events)-1]
		return err
	}
	f.checkpoint()
	return nil
}

// Start is the round and segment of the fight before the state's log
// begins: at the fight's opening, or at the checkpoint that stands for
// the events folded away (a log's first entries fall there).
func (f *Fold) Start() (round, segment int) { return f.round, f.segment }

// Older reports whether the fight has events older than the fold holds:
// Events[0] stands for them (the journal keeps them).
func (f *Fold) Older() bool { return f.Events[0].Seq > 1 }

// base is a copy of the fight at Events[0], to replay the events onto.
func (f *Fold) base() (*State, error) {
	if f.opening != nil {
		return f.opening.Clone(), nil
	}
	return f.Events[0].Fight.State()
}

// checkpoint folds all but about the last keepEvents events into the
// opening once the fold holds more than RecentEvents, as
// Session.checkpoint does: the commands undone now are left out of it,
// and the state's log keeps the events after it.
func (f *Fold) checkpoint() {
	if len(f.Events) <= keepEvents+checkpointEvery {
		return
	}
	cut := checkpointCut(f.Events)
	if cut >= len(f.Events) {
		return
	}
	var st *State
	if f.opening != nil {
		// The old opening is dropped: the new one shares its map unless
		// an event changes it.
		st = f.opening.clone(slices.ContainsFunc(f.Events[1:cut], touchesMap))
	} else {
		var err error
		if st, err = f.Events[0].Fight.State(); err != nil {
			return // NewFold read it: keep every event rather than lose one
		}
	}
	if err := foldInto(st, f.Events[1:cut], undoneCommands(f.Events)); err != nil {
		return // a bug; keep every event rather than lose one
	}
	st.Log = nil
	prev := f.Events[cut-1]
	kept := make([]Event, 0, keepEvents+checkpointEvery+1)
	kept = append(kept, checkpointEvent(prev, st.Round))
	f.Events = append(kept, f.Events[cut:]...)
	f.opening, f.round, f.segment = st, st.Round, st.Segment
	log := f.State.Log
	i := 0
	for i < len(log) && log[i].Seq <= prev.Seq {
		i++
	}
	f.State.Log = append(make([]Event, 0, len(log)-i+checkpointEvery), log[i:]...)
}
