package session

import "fmt"

// SignKind is what a sign on a token tells, for the map window to draw
// it by: its glyph and colour, without knowing the system's words.
type SignKind int

// The kinds of sign, in the order a token shows them.
const (
	// SignDown: out of the fight (dead, knocked out, Incapacitated).
	SignDown SignKind = iota + 1
	// SignCondition: a condition short of down that stops the figure
	// acting as usual (TWTW's and Dragon Warriors II's stunned, Savage
	// Worlds' Shaken).
	SignCondition
	// SignWounds: the harm taken, as the system counts it.
	SignWounds
	// SignProne: lying on the ground.
	SignProne
	// SignDucked: ducked behind cover.
	SignDucked
	// SignHidden: hidden from the players.
	SignHidden
)

// String names the kind for a test's message.
func (k SignKind) String() string {
	switch k {
	case SignDown:
		return "down"
	case SignCondition:
		return "condition"
	case SignWounds:
		return "wounds"
	case SignProne:
		return "prone"
	case SignDucked:
		return "ducked"
	case SignHidden:
		return "hidden"
	}
	return fmt.Sprintf("sign %d", int(k))
}

// Sign is one thing a figure's token shows of its state at a glance: its
// kind and its words in the system's own terms ("Shaken", "stunned",
// "2 Wounds", "hurt", "ducked").
type Sign struct {
	Kind SignKind
	Text string
}

// String is the sign for a test's message: "condition:Shaken".
func (s Sign) String() string { return s.Kind.String() + ":" + s.Text }

// Signs are what figure id's token shows of its state, in its system's
// words (State.Body): down, else its condition, its harm and its
// posture; and hidden, for the seats that see it hidden. None for no
// such figure or one in the pink of health, standing in the open.
func (s *State) Signs(id string) []Sign {
	f, ok := s.Figures[id]
	if !ok {
		return nil
	}
	b := s.Body(id)
	var out []Sign
	if b.Down {
		out = append(out, Sign{SignDown, orWord(b.Tag, b.Condition)})
	} else {
		if b.Tag != "" {
			out = append(out, Sign{SignCondition, b.Tag})
		}
		if b.Harm != "" {
			out = append(out, Sign{SignWounds, b.Harm})
		}
		switch {
		case f.Mount != nil: // a rider neither lies nor ducks
		case f.Prone:
			out = append(out, Sign{SignProne, "prone"})
		case f.Ducked:
			out = append(out, Sign{SignDucked, "ducked"})
		}
	}
	if f.Hidden {
		out = append(out, Sign{SignHidden, "hidden"})
	}
	return out
}

// orWord is w, or else when w is "".
func orWord(w, otherwise string) string {
	if w == "" {
		return otherwise
	}
	return w
}
