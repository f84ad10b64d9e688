package session

import "errors"

// EventFor is event i as seat's window would have been sent it (nil: the
// Judge, who is sent every event): a player's goes through the sight of
// the state its command left, as Session.ForSeat sends it. shown is false
// when the seat was not sent it as an event: a change out of the seat's
// sight, or one its window learns only from a fresh view (a figure hidden
// or revealed, a hidden figure taking part); the view at the event
// (ViewAt) shows what it changed that the seat may see.
func (t *Timeline) EventFor(i int, seat *Seat) (e Event, shown bool, err error) {
	e, err = t.Event(i)
	if err != nil {
		return Event{}, false, err
	}
	if seat == nil || seat.Role == RoleJudge {
		return e, true, nil
	}
	// The session weighs a command's events against the sight after the
	// whole command.
	last, err := t.lastOfCommand(i, e.Cmd)
	if err != nil {
		return Event{}, false, err
	}
	st, err := t.StateAt(last)
	if err != nil {
		return Event{}, false, err
	}
	b := st.sightBase()
	out, send := b.mapEvent(e, mapSide(seat, st))
	if !send {
		return Event{}, false, nil
	}
	out, send, _ = b.sight(seatSides(seat, st)).event(out)
	if !send {
		return Event{}, false, nil
	}
	return out, true, nil
}

// lastOfCommand is the index of the last event of command cmd, whose
// event i is: i itself for an event of no command.
func (t *Timeline) lastOfCommand(i, cmd int) (int, error) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	last := i
	if cmd == 0 {
		return last, nil
	}
	errDone := errors.New("done")
	for last+1 < t.n {
		hi := min(t.n-1, last+32)
		err := t.events(last+1, hi, func(j int, e Event) error {
			if e.Cmd != cmd {
				return errDone
			}
			last = j
			return nil
		})
		if err == errDone {
			return last, nil
		}
		if err != nil {
			return 0, err
		}
	}
	return last, nil
}
