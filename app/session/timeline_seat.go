package session

import "errors"

// EventFor is event i as seat's window would have been sent it (nil: the
// Judge, who is sent every event): a player's is weighed, as
// Session.ForSeat weighs it, against the sights before its command and
// after it. shown is false when the seat was not sent it as an event: a
// change out of the seat's sight, or one its window learns only from a
// fresh view (a figure hidden or revealed, a hidden figure touching one
// in view), and the event of a figure that came into the seat's view or
// went out of it, which would tell where in the fog it came from or went
// (LineFor says only that it came or went); the view at the event
// (ViewAt) shows what it changed that the seat may see.
func (t *Timeline) EventFor(i int, seat *Seat) (e Event, shown bool, err error) {
	e, shown, _, err = t.seatLine(i, seat)
	return e, shown, err
}

// LineFor is the line seat reads of event i (nil: the Judge, the event's
// own): a player's, the line of the event as EventFor shows it, or, for
// a figure that came into the seat's view or went out of it, only that
// ("Jeb Perkins comes into view at A1."); "" when the seat reads nothing
// of it, or i is not on the timeline.
func (t *Timeline) LineFor(i int, seat *Seat) string {
	_, _, line, err := t.seatLine(i, seat)
	if err != nil {
		return ""
	}
	return line
}

// seatLine is event i as seat is shown it and its line (session.go
// seatLine), by the sights before event i's command and after it.
func (t *Timeline) seatLine(i int, seat *Seat) (out Event, shown bool, line string, err error) {
	e, err := t.Event(i)
	if err != nil {
		return Event{}, false, "", err
	}
	if seat == nil || seat.Role == RoleJudge {
		return e, true, e.Text, nil
	}
	first, last, err := t.commandOf(i, e.Cmd)
	if err != nil {
		return Event{}, false, "", err
	}
	if first == 0 {
		return Event{}, false, "", nil // the opening: a view, not an event
	}
	before, err := t.StateAt(first - 1)
	if err != nil {
		return Event{}, false, "", err
	}
	st, err := t.StateAt(last)
	if err != nil {
		return Event{}, false, "", err
	}
	b, p := st.sightBase(), before.sightBase()
	out, shown, line = seatLine(p.sight(seatSides(seat, st)), b.sight(seatSides(seat, st)), b, mapSide(seat, st), e)
	return out, shown, line, nil
}

// commandOf is the indexes of the first and the last event of command
// cmd, whose event i is: i itself for an event of no command.
func (t *Timeline) commandOf(i, cmd int) (first, last int, err error) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	first, last = i, i
	if cmd == 0 {
		return first, last, nil
	}
	if at, ok := t.first[cmd]; ok && at <= i {
		first = at
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
			return first, last, nil
		}
		if err != nil {
			return 0, 0, err
		}
	}
	return first, last, nil
}
