package session

import (
	"fmt"

	"hexslinger/hexmap"
)

// The ambush (docs/defaults.md): a move is planned as the mover's side
// knows the ground (State.BlockedFor), so a figure the side does not see
// is no part of the plan. Where the route runs into one, the move stops
// in the hex before it, costs what was walked, and the figure is seen:
// the fog's ambush. A figure the Judge hid is revealed by it. So what a
// player is told or refused of a move is the same wherever a figure it
// does not see stands, until it runs into it.

// metText is the sentence a move's log line opens with when mover ran
// into figure met at at on its way to to, and stopped at stop: "Cyril
// Wellington runs into Jeb Perkins at G5, unseen until now, on the way to
// H5: an ambush, the move stops at F5." First, so that a window's one
// line shows it.
func metText(s *State, mover, met string, at, to, stop hexmap.Hex) string {
	return fmt.Sprintf("%s runs into %s at %s, unseen until now, on the way to %s: an ambush, the move stops at %s.",
		s.FigureName(mover), s.FigureName(met), s.Map.Label(at), s.Map.Label(to), s.Map.Label(stop))
}

// metLine is a move's log line, line, after it ran into a figure (lead,
// metText): the ambush's sentence, then the move's own, or, when not a
// pace was walked, what it spent (spent, "" for nothing countable).
func metLine(lead, line string, steps int, spent string) string {
	switch {
	case steps > 0:
		return lead + " " + line
	case spent != "":
		return lead + " " + spent
	}
	return lead
}

// revealMet is what running into figure met does besides the move: the
// Judge's hiding ends (a revealed event), as by the reveal command; a
// figure unseen in the fog needs none (the mover beside it sees it).
// mover is the figure that ran into it.
func revealMet(s *State, mover, met string) []Event {
	f, ok := s.Figures[met]
	if !ok || !f.Hidden {
		return nil
	}
	return []Event{{Kind: EventRevealed, Figure: f.ID, To: f.At, Facing: f.Facing, APLeft: f.AP,
		Text: fmt.Sprintf("%s steps into view at %s, run into by %s.", s.FigureName(f.ID), s.Map.Label(f.At), s.FigureName(mover))}}
}
