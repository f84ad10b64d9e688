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

// metText is the sentence a move's log line ends with when it ran into
// figure met at at on its way to to: "On the way to H5, Jeb Perkins
// stands at G5, unseen until now: the move stops short (an ambush)."
func metText(s *State, met string, at, to hexmap.Hex) string {
	return fmt.Sprintf(" On the way to %s, %s stands at %s, unseen until now: the move stops short (an ambush).",
		s.Map.Label(to), s.FigureName(met), s.Map.Label(at))
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
		Text: fmt.Sprintf("%s steps into view at %s: %s ran into %s.", s.FigureName(f.ID), s.Map.Label(f.At), s.FigureName(mover), s.FigureName(f.ID))}}
}
