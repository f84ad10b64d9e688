package session

// Moment is a moment of the fight's timeline that the Judge's map windows
// show in place of the live fight: the console's timeline scrubbed to
// event Event of Of, in round Round and segment Segment. Fight is the
// Judge's view of it (Timeline.ViewAt(Event, nil)). A replay changes
// nothing and is not journaled; a player's window is shown one only when
// the Judge shows it on the table (Table), as its seat saw it.
type Moment struct {
	Fight   *FightFile `json:"fight"`
	Event   int        `json:"event"`   // the event's index on the timeline, 0 the opening
	Of      int        `json:"of"`      // the timeline's length
	Round   int        `json:"round"`   // the round the event falls in; 0 before the first
	Segment int        `json:"segment"` // the segment it falls in; 0 in a system without segments
	Text    string     `json:"text,omitempty"`
	// Table says the players' windows show the moment too (the Judge
	// shows the replay on the table monitor), each as its seat saw it
	// then: SeatView gives a seat's view (Timeline.ViewAt) and SeatText
	// the line it reads of the event (Timeline.LineFor; none without
	// it: Text is the Judge's), so a player never sees or reads what its
	// seat could not.
	Table    bool                                 `json:"-"`
	SeatView func(seat *Seat) (*FightFile, error) `json:"-"`
	SeatText func(seat *Seat) string              `json:"-"`
}

// ReplayingFor is the moment seat's windows show in place of the live
// fight, or nil: the Judge's, the moment itself; a player's, only when
// the Judge shows it on the table, and then as that seat saw it, with the
// line that seat reads of it.
func (s *Session) ReplayingFor(seat *Seat) *Moment {
	r := s.Replaying()
	if r == nil || seat == nil || seat.Role == RoleJudge {
		return r
	}
	if !r.Table || r.SeatView == nil {
		return nil
	}
	f, err := r.SeatView(seat)
	if err != nil {
		return nil
	}
	m := *r
	m.Fight, m.SeatView, m.SeatText, m.Text = f, nil, nil, ""
	if r.SeatText != nil {
		m.Text = r.SeatText(seat) // never the Judge's line, which names hidden figures
	}
	return &m
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
