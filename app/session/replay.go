package session

// Moment is a moment of the fight's timeline that the Judge's map windows
// show in place of the live fight: the console's timeline scrubbed to
// event Event of Of, in round Round and segment Segment. Fight is the
// Judge's view of it (Timeline.ViewAt(Event, nil)). A replay changes
// nothing and is not journaled; a player's window is shown one only when
// the Judge shows it on the table (Table), as its seat saw it
// (ReplayingFor). Timeline.Moment makes one.
type Moment struct {
	Fight *FightFile `json:"fight"`
	// Event and Of are the event's index on the timeline (0 the opening)
	// and the timeline's length: the Judge's alone, for they count every
	// event, those the players were not sent too.
	Event   int    `json:"event,omitempty"`
	Of      int    `json:"of,omitempty"`
	Round   int    `json:"round"`   // the round the event falls in; 0 before the first
	Segment int    `json:"segment"` // the segment it falls in; 0 in a system without segments
	Text    string `json:"text,omitempty"`
	// Table says the players' windows show the moment too (the Judge
	// shows the replay on the table monitor), each as its seat saw it
	// then (ReplayingFor), so a player never sees what its seat could not.
	Table bool `json:"-"`
	tl    *Timeline
}

// Moment is the moment right after event i of the timeline, for a replay
// (Session.ShowReplay): the fight as the Judge saw it, where the event
// falls and what it said; a player's seat is shown its own view of it.
func (t *Timeline) Moment(i int) (*Moment, error) {
	e, err := t.Event(i)
	if err != nil {
		return nil, err
	}
	m := &Moment{Event: i, Of: t.Len() - 1, Text: momentText(e), tl: t}
	t.mu.RLock()
	defer t.mu.RUnlock()
	// The scrub cursor's state, not a copy (StateAt's): the snapshot
	// copies what it shows, so the next step folds on the same map.
	err = t.at(i, func(st *State) {
		m.Fight, m.Round = st.Snapshot(nil), st.Round
		if st.Turn().Segments {
			m.Segment = st.Segment
		}
	}, false)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// momentText is what a moment says of its event: its line, or that the
// fight opens.
func momentText(e Event) string {
	if e.Text == "" && e.Kind == EventOpened {
		return "The fight opens."
	}
	return e.Text
}

// ReplayingFor is the moment seat's windows show in place of the live
// fight, or nil: the Judge's, the moment itself; a player's, only when
// the Judge shows it on the table, and then as that seat saw it: its
// view of the fight then, the line that seat reads of the event
// (Timeline.LineFor: none when it read nothing of it, never the Judge's
// line, which names hidden figures), the round and segment, and not the
// event's place on the timeline, which counts the events hidden from the
// seat.
func (s *Session) ReplayingFor(seat *Seat) *Moment {
	r := s.Replaying()
	if r == nil || seat == nil || seat.Role == RoleJudge {
		return r
	}
	if !r.Table || r.tl == nil {
		return nil
	}
	f, err := r.tl.ViewAt(r.Event, seat)
	if err != nil {
		return nil
	}
	m := &Moment{Fight: f, Round: r.Round, Segment: r.Segment}
	if r.Event == 0 { // the opening, which a player's window is sent as a view
		m.Text = momentText(Event{Kind: EventOpened})
	} else {
		m.Text = r.tl.LineFor(r.Event, seat)
	}
	return m
}

// ShowReplay has the Judge's map windows show r, a moment of the
// timeline, read-only; nil returns them to the live fight. The windows
// are told by a Signal with Replay set, and read the moment with
// Replaying, so a window that misses a signal, or connects later, still
// shows the latest moment.
func (s *Session) ShowReplay(r *Moment) {
	s.mu.Lock()
	was := s.replay
	s.replay = r
	s.mu.Unlock()
	if r == nil && was == nil {
		return
	}
	s.signal(Signal{Replay: true})
}

// Replaying is the moment the Judge's map windows show in place of the
// live fight (ShowReplay), or nil when they show the live fight.
func (s *Session) Replaying() *Moment {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.replay
}
