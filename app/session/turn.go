package session

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"hexslinger/rules"
)

// Turn is a round as the console's track shows it: its steps in the order
// they come, the figures at each, and a sentence on where the round
// stands. Each system makes its own (System.Turn): TWTW's 20 segments
// counted down, Savage Worlds' dealt cards, the initiative order of
// Dragon Warriors II and Lead and Chrome, Fudge's one simultaneous round.
type Turn struct {
	Steps    []TurnStep
	Line     string
	Heading  string // where the round is, in a few words: "Round 2, segment 14", "Round 2"
	Segments bool   // the round is counted down in segments: Next segment applies
	// Together is a round that orders no one: every figure acts in it
	// at once (Fudge's simultaneous rounds). A round whose figures all
	// tie for one initiative is ordered all the same.
	Together bool
	// Acting are the figures who may act now, in the order they act: in
	// a round counted in segments, those whose number has come up
	// (ActingNow); otherwise those of the step the round is at, or, in a
	// round whose steps the Judge does not count, every figure standing,
	// in the round's order. None before the round's first roll.
	Acting []string
}

// TurnStep is one step of a round.
type TurnStep struct {
	Label   string   // "20", "done", "A♠", "14", "to roll"
	Figures []string // the figures at this step, in the fight's order
	Now     bool     // the round is at this step
}

// Turn is the round as it stands, in the fight's system.
func (s *State) Turn() Turn {
	t := SystemOf(s).Turn(s)
	if t.Heading == "" {
		t.Heading = fmt.Sprintf("Round %d", s.Round)
	}
	if t.Segments {
		t.Acting = s.ActingNow()
		return t
	}
	for _, step := range t.Steps {
		if step.Now {
			t.Acting = append(t.Acting, step.Figures...)
		}
	}
	if t.Acting != nil || !s.Begun {
		return t
	}
	for _, step := range t.Steps {
		for _, id := range step.Figures {
			if f, ok := s.Figures[id]; ok && f.Condition == rules.Fine {
				t.Acting = append(t.Acting, id)
			}
		}
	}
	return t
}

// orderTurn is a round whose figures act in initiative order, highest
// first, those with equal initiative together: one step a place, named by
// the figure's action card where one was dealt (Savage Worlds), else by
// its initiative number.
func orderTurn(s *State) Turn {
	sys := SystemOf(s)
	if !s.Begun {
		return Turn{Steps: []TurnStep{{Label: "to roll", Figures: append([]string(nil), s.Order...)}},
			Line: fmt.Sprintf("%s: no initiative yet; Ctrl+R rolls round 1's.", sys.Name())}
	}
	ids := append([]string(nil), s.Order...)
	sort.SliceStable(ids, func(i, j int) bool { return s.Figures[ids[i]].AP > s.Figures[ids[j]].AP })
	var t Turn
	for _, id := range ids {
		label := strconv.Itoa(s.Figures[id].AP)
		if card, _, ok := s.placeOf(id); ok { // a place dealt: Savage Worlds' card
			label = card
		}
		if n := len(t.Steps); n > 0 && t.Steps[n-1].Label == label {
			t.Steps[n-1].Figures = append(t.Steps[n-1].Figures, id)
			continue
		}
		t.Steps = append(t.Steps, TurnStep{Label: label, Figures: []string{id}})
	}
	var order []string
	for _, st := range t.Steps {
		order = append(order, joinNames(s, st.Figures))
	}
	t.Line = fmt.Sprintf("Round %d of %s, highest first: %s. Ctrl+R starts the next round.", s.Round, sys.Name(), strings.Join(order, "; "))
	return t
}

// joinAnd joins names as a sentence does: "A, B and C".
func joinAnd(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// Standing says where figure id stands in the round, in its system's
// terms, for a window's line about it: "8 AP left" where the round counts
// segments down (TWTW), "card Q♣" (Savage Worlds), "initiative 15", "no
// initiative yet", or "" where the round orders no one (Fudge).
func (s *State) Standing(id string) string {
	f, ok := s.Figures[id]
	if !ok {
		return ""
	}
	t := s.Turn()
	if t.Segments {
		return fmt.Sprintf("%d AP left", f.AP)
	}
	if !s.Begun && len(t.Steps) == 1 && t.Steps[0].Label == "to roll" {
		return "no initiative yet"
	}
	for _, step := range t.Steps {
		for _, x := range step.Figures {
			switch {
			case x != id || t.Together:
			case s.placeDealt(id) != "":
				return s.placeDealt(id) + " " + step.Label
			default:
				return "initiative " + step.Label
			}
		}
	}
	return ""
}

// early is how many segments before its number figure f would act now:
// "Any character may go on a round that is equal to or less than their
// Initiative number" (TWTW Conflict: Taking Actions), and acting before
// it is an interrupt, one downgrade per segment early (DESIGN.md
// segments). 0 before the first round's initiative and where the round
// counts no segments.
func early(s *State, f *Figure) int {
	if !s.Begun || !SystemOf(s).MovesCostAP() || f.AP >= s.Segment {
		return 0
	}
	return s.Segment - f.AP
}

// Interrupt warns that figure id acting now would go before its number:
// an interrupt, one downgrade per segment early (DESIGN.md segments); ""
// when it would not. The composer's explanation opens with it (Explain),
// and the map window's attack preview shows it.
func (s *State) Interrupt(id string) string {
	f, ok := s.Figures[id]
	if !ok || f.AP <= 0 {
		return ""
	}
	n := early(s, f)
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%s's number (%d) has not come up at segment %d: acting now is an interrupt, %d %s (one a segment early).",
		s.FigureName(f.ID), f.AP, s.Segment, n, plural(n, "downgrade", "downgrades"))
}

// onTime refuses an action that cannot interrupt when figure f's number
// has not come up: only an attack may go before it (docs/defaults.md).
func onTime(s *State, f *Figure, what string) error {
	if n := early(s, f); n > 0 {
		return refuse("%s's number (%d) has not come up: the count is at segment %d, and only an attack may interrupt (one downgrade per segment early), not %s. Count down to %d (Next segment, Ctrl+G)",
			s.FigureName(f.ID), f.AP, s.Segment, what, f.AP)
	}
	return nil
}

// placeDealt is what gave figure id its place in the round, "card", or
// "" where nothing dealt one (State.placeOf).
func (s *State) placeDealt(id string) string {
	_, what, _ := s.placeOf(id)
	return what
}
