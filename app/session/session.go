package session

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// Session owns one fight: its events, its state and its journal. It is safe
// for use by many goroutines.
type Session struct {
	mu      sync.Mutex
	events  []Event // every event, the opening first
	state   *State
	journal *Journal
	subs    map[int]chan<- Event
	nextSub int
	now     func() time.Time
}

// Open starts a session for fight with the journal at journalPath. An
// existing journal is replayed (its own opening event, not fight, decides
// the fight), so a fight comes back after a crash with every acknowledged
// event; an empty one gets the opening event.
func Open(fight *FightFile, journalPath string) (*Session, error) {
	j, events, err := OpenJournal(journalPath)
	if err != nil {
		return nil, err
	}
	s := &Session{journal: j, subs: map[int]chan<- Event{}, now: time.Now}
	if len(events) == 0 {
		opened := Event{Seq: 1, Kind: EventOpened, Time: s.now(), Fight: fight,
			Text: fmt.Sprintf("The fight %q opens.", fight.Name)}
		if _, err := Replay([]Event{opened}); err != nil {
			j.Close()
			return nil, err
		}
		if err := j.Append(opened); err != nil {
			j.Close()
			return nil, err
		}
		events = []Event{opened}
	}
	st, err := Replay(events)
	if err != nil {
		j.Close()
		return nil, fmt.Errorf("journal %s: %w", journalPath, err)
	}
	s.events, s.state = events, st
	return s, nil
}

// Replay folds events, the opening first, into a state. Replay of the same
// events always gives the same state.
func Replay(events []Event) (*State, error) {
	if len(events) == 0 || events[0].Kind != EventOpened || events[0].Fight == nil {
		return nil, errors.New("the first event must be the fight's opening")
	}
	st, err := events[0].Fight.State()
	if err != nil {
		return nil, fmt.Errorf("opening event: %w", err)
	}
	for _, e := range events[1:] {
		if err := st.Apply(e); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// Do validates and carries out a command: its events are journaled (and
// synced), applied and broadcast before Do returns them. A command the rules
// refuse returns a *Refusal and changes nothing.
func (s *Session) Do(c Command) ([]Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	events, err := decide(s.state, c)
	if err != nil {
		return nil, err
	}
	seq := s.events[len(s.events)-1].Seq
	for i := range events {
		seq++
		events[i].Seq = seq
		events[i].Time = s.now()
	}
	if err := s.journal.Append(events...); err != nil {
		return nil, fmt.Errorf("the command was not carried out: %w", err)
	}
	for _, e := range events {
		if err := s.state.Apply(e); err != nil {
			return nil, err // a bug: decide made an event the state refuses
		}
	}
	s.events = append(s.events, events...)
	for id, ch := range s.subs {
		for _, e := range events {
			select {
			case ch <- e:
			default:
				// A subscriber that cannot keep up is dropped; it may
				// subscribe again and resync from the events.
				close(ch)
				delete(s.subs, id)
			}
		}
	}
	return events, nil
}

// Subscribe returns every event so far and a channel of the ones to come.
// The channel holds up to buf events; a subscriber that falls further behind
// has its channel closed. cancel ends the subscription.
func (s *Session) Subscribe(buf int) (past []Event, next <-chan Event, cancel func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := make(chan Event, buf)
	id := s.nextSub
	s.nextSub++
	s.subs[id] = ch
	past = append([]Event(nil), s.events...)
	return past, ch, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if _, ok := s.subs[id]; ok {
			delete(s.subs, id)
			close(ch)
		}
	}
}

// State returns a copy of the current state, rebuilt from the events.
func (s *Session) State() *State {
	s.mu.Lock()
	events := append([]Event(nil), s.events...)
	s.mu.Unlock()
	st, _ := Replay(events) // these events were replayed before
	return st
}

// JournalPath is the file the session journals to.
func (s *Session) JournalPath() string { return s.journal.Path() }

// Close closes the journal and every subscription.
func (s *Session) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, ch := range s.subs {
		close(ch)
		delete(s.subs, id)
	}
	return s.journal.Close()
}
