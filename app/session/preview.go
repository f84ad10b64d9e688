package session

import (
	"errors"
	"fmt"
	"strings"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// Preview is what a command would do if it were given now: the events Do
// would make, or Do's refusal, or, for a command that needs dice it does
// not bring, the rolls it would make. It is decided by the function Do
// decides with, on the same state, so what a window shows before a click
// is what the session does with it ("One seam" in DESIGN.md).
type Preview struct {
	Events []Event  // what the command makes, when it needs no dice or brings its own
	Needs  []string // the rolls it would make, when it needs dice it does not bring
	// Own are the rolls of Needs that are the player's own figure's: those
	// a player who rolls their own dice (FightOptions.PlayerDice) brings,
	// as the session asks them under table dice; the others are the
	// session's. None for the Judge, whose dice serve every roll.
	Own   []string
	Err   error   // the refusal: a *Refusal or a *Forbidden
	actor *Figure // the figure that acts, as it stood before
	unit  string  // what a move's Paced counts: "" for Savage Worlds' "\" of Pace"
}

// OK reports whether the command would be carried out (once its dice are
// rolled, if it needs some).
func (p Preview) OK() bool { return p.Err == nil }

// Cost says what the command spends of the figure that acts, in its
// system's terms: "2 AP", "3\" of Pace", or "" when it spends nothing
// countable.
func (p Preview) Cost() string {
	if p.actor == nil || len(p.Events) == 0 {
		return ""
	}
	var parts []string
	e := p.Events[0]
	if spent := p.actor.AP - e.APLeft; spent > 0 {
		parts = append(parts, fmt.Sprintf("%d AP", spent))
	}
	if e.Kind == EventMoved && e.Paced > p.actor.Paced {
		unit := p.unit
		if unit == "" {
			unit = "\" of Pace"
		}
		parts = append(parts, fmt.Sprintf("%d%s", e.Paced-p.actor.Paced, unit))
	}
	return strings.Join(parts, ", ")
}

// Path is the route a move would take, hex by hex from where the figure
// stands; nil for anything else.
func (p Preview) Path() []hexmap.Hex {
	if len(p.Events) > 0 && p.Events[0].Kind == EventMoved {
		return p.Events[0].Path
	}
	return nil
}

// Text is the log sentence the command would write, or the refusal, or
// the rolls it is waiting for.
func (p Preview) Text() string {
	switch {
	case p.Err != nil:
		return p.Err.Error()
	case len(p.Needs) > 0:
		return "rolls " + strings.Join(p.Needs, "; ")
	case len(p.Events) > 0:
		return p.Events[0].Text
	}
	return ""
}

// needsRolls stops a preview where the command would roll its first die.
type needsRolls struct{ needs, own []string }

func (n *needsRolls) Error() string { return "needs " + strings.Join(n.needs, "; ") }

// Preview decides c for seat (nil: the Judge) as Do would, on this state,
// and changes nothing. Dice and cards the command carries are used as Do
// uses them; a command that needs dice it does not carry (or, a player's,
// rolls another figure's, which the session rolls in secret) is decided
// up to its first roll, and the preview lists the rolls (the window shows
// no outcome before the click). Undo and redo depend on the journal, not the
// state: the session previews them (it refuses them here).
func (s *State) Preview(seat *Seat, c Command) Preview {
	var p Preview
	if u, ok := SystemOf(s).(paceUnit); ok {
		p.unit = u.paceUnit()
	}
	if f, ok := s.Figures[c.Figure]; ok {
		a := *f
		p.actor = &a
	}
	if c.Kind == CommandUndo || c.Kind == CommandRedo {
		p.Err = refuse("%s is previewed by the session, which holds the journal", c.Kind)
		return p
	}
	if err := checkCommand(c); err != nil {
		p.Err = err
		return p
	}
	if err := authorize(seat, s, c); err != nil {
		p.Err = err
		return p
	}
	events, err := decide(s, c, func(needs []need) (rules.Source, error) {
		// The session's own rolls are secret: the preview stops before
		// them, and says what it would roll.
		secret := func() (rules.Source, error) {
			n := &needsRolls{needs: texts(needs)}
			if seat != nil && seat.Role != RoleJudge {
				n.own = whose(needs, c.Figure)
			}
			return nil, n
		}
		if len(c.Dice) == 0 && len(c.Cards) == 0 {
			return secret()
		}
		return chooseDice(seat, s, c, needs, secret)
	})
	var n *needsRolls
	switch {
	case errors.As(err, &n):
		p.Needs, p.Own = n.needs, n.own
	case err != nil:
		p.Err = err
	default:
		p.Events = events
	}
	return p
}

// givenSource is the randomness a command brings: its own dice and cards.
func givenSource(c Command, needs []string) (rules.Source, error) {
	g := &rules.Given{Dice: append([]int(nil), c.Dice...)}
	deck := rules.Cards()
	for _, name := range c.Cards {
		card, err := rules.FindCard(deck, name)
		if err != nil {
			return nil, &Refusal{Reason: err.Error(), Needs: needs}
		}
		g.Cards = append(g.Cards, card)
	}
	return g, nil
}
