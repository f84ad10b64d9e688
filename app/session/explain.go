package session

import (
	"fmt"
	"strings"
)

// Explain says what a command will do and with which numbers, before the
// dice: the console composer's "Before the dice" and the map window's
// hover. Each system explains its own actions (System.Explain) from the
// plans it decides with; what needs no dice is the command's own preview
// (State.Preview). The error is the refusal Do would give.
func (s *State) Explain(c Command) (string, error) {
	if _, ok := s.Figures[c.Figure]; !ok && c.Figure != "" {
		return "", refuse("there is no figure %q in this fight", c.Figure)
	}
	if err := judgesWordFits(s, c); err != nil {
		return "", err
	}
	if len(c.Dice) > 0 || len(c.Cards) > 0 {
		// The table's dice decide the command whole: a refusal of them
		// (too few, one left over) is the explanation's too.
		if p := s.Preview(nil, c); p.Err != nil {
			return "", p.Err
		}
	}
	if text, taken, err := optionExplains(s, c); taken { // an option any system plays
		return text, err
	}
	return SystemOf(s).Explain(s, c)
}

// explainPreview is a command's explanation from its preview: the log
// sentence it would write, or, for a command that rolls, what it rolls.
func explainPreview(s *State, c Command) (string, error) {
	p := s.Preview(nil, c)
	switch {
	case p.Err != nil:
		return "", p.Err
	case len(p.Needs) > 0:
		return fmt.Sprintf("%s: %s; it rolls %s.", s.FigureName(c.Figure), c.Kind, strings.Join(p.Needs, "; ")), nil
	}
	return p.Text(), nil
}

// explainAttack explains a system's attacks with write and anything else
// from its preview.
func explainAttack(s *State, c Command, write func(*strings.Builder, *State, Command) error, kinds ...string) (string, error) {
	for _, k := range kinds {
		if c.Kind == k {
			var b strings.Builder
			if err := write(&b, s, c); err != nil {
				return "", err
			}
			return b.String(), nil
		}
	}
	return explainPreview(s, c)
}
