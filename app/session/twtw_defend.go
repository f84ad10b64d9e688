package session

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// A blow waits for its defender. "To utilize block, declare your
// intention before the attacker rolls", and a dodge likewise (TWTW
// Conflict: Hand to Hand Combat): the defender chooses, not the attacker.
// A melee command whose target could block or dodge and whose defense the
// Judge has not given is declared (EventBlowDeclared) and waits; the seat
// that commands the target answers with a defend command (block, dodge or
// take it), and the blow is rolled then, with the answer's dice. While a
// blow waits, the fight's actions wait too. The Judge answers for anyone,
// and a fight's option answers for the Judge's own figures
// (TWTWOptions.NPCDefense). docs/protocol.md, "A blow waits for its
// defender".

// CommandDefend answers the blow waiting at Figure: Defense is "block",
// "dodge" or "none" (take it). Dice and Cards are the blow's.
const CommandDefend = "defend"

// EventBlowDeclared is a blow declared and waiting for its defender's
// answer (Pending).
const EventBlowDeclared = "blow_declared"

// The defenses a defend command answers with.
const (
	DefenseBlock = "block"
	DefenseDodge = "dodge"
	DefenseNone  = "none"
)

// PendingBlow is a blow waiting for its defender: the melee command as
// given, which the answer completes.
type PendingBlow struct {
	Command Command `json:"command"`
}

// Attacker and Target are the blow's figures.
func (p PendingBlow) Attacker() string { return p.Command.Figure }

// Target is the figure whose answer the blow waits for: the foe of the
// series' first blow not yet answered.
func (p PendingBlow) Target() string {
	if i := p.blow(); i >= 0 {
		return blowOf(p.Command, i).Target
	}
	return ""
}

// blow is the index of the series' first blow not yet answered, or -1.
func (p PendingBlow) blow() int {
	return unanswered(p.Command)
}

// unanswered is the index of a melee command's first blow whose foe has
// not answered, or -1.
func unanswered(c Command) int {
	if c.Blow == nil {
		return -1
	}
	for i := range 1 + len(c.Blows) {
		if blowOf(c, i).Defense == "" {
			return i
		}
	}
	return -1
}

// Waiting says what the fight waits for, for the windows: "Jeb Perkins to
// answer Cyril Wellington's quick blow", or "".
func (s *State) Waiting() string {
	p := s.Pending
	if p == nil {
		return ""
	}
	attack := ""
	if i := p.blow(); i >= 0 {
		attack = blowOf(p.Command, i).Attack
	}
	return fmt.Sprintf("%s to answer %s's %s blow: block, dodge or take it", s.FigureName(p.Target()), s.FigureName(p.Attacker()), attack)
}

// Defenses are the answers figure id may give the blow waiting at it, with
// what each would make of the blow (State.Explain), or nil when no blow
// waits at it. A refused answer carries the refusal as its text.
func (s *State) Defenses(id string) []DefenseChoice {
	if s.Pending == nil || s.Pending.Target() != id {
		return nil
	}
	var out []DefenseChoice
	for _, d := range []string{DefenseBlock, DefenseDodge, DefenseNone} {
		text, err := s.Explain(Command{Kind: CommandDefend, Figure: id, Defense: d})
		out = append(out, DefenseChoice{Defense: d, Text: text, Err: err})
	}
	return out
}

// DefenseChoice is one answer to a waiting blow and its numbers.
type DefenseChoice struct {
	Defense string
	Text    string
	Err     error
}

// mayWait reports whether a blow may wait for its target's answer: the
// target stands with the AP to block or dodge (a figure that cannot
// defend takes the blow at once).
func mayWait(s *State, t *Figure) bool {
	if t.Condition != rules.Fine {
		return false
	}
	return t.AP >= rules.HandToHand.BlockAP
}

// autoDefense is the answer a fight's option gives for the Judge's own
// figures, or "" to ask.
func autoDefense(s *State, t *Figure) string {
	if t.Side == s.Options.Players() {
		return ""
	}
	return s.Options.TWTW().NPCDefense
}

// declareBlow makes the event of a blow that waits for its defender.
func declareBlow(s *State, c Command, mp MeleePlan) []Event {
	pending := c
	pending.Dice, pending.Cards = nil, nil // the answer brings the blow's dice
	t := mp.Target
	return []Event{{Kind: EventBlowDeclared, Figure: c.Figure, Targets: []string{t.ID}, Pending: &PendingBlow{Command: pending},
		Text: fmt.Sprintf("%s declares a %s blow at %s (%d AP; chance to land it %.0f%%): %s may block (%d AP), dodge (%d AP) or take it, before the dice.",
			s.FigureName(c.Figure), mp.Plan.Blow.Attack.ID, s.FigureName(t.ID), mp.Plan.AP, 100*mp.Chance, s.FigureName(t.ID),
			rules.HandToHand.BlockAP, rules.HandToHand.DodgeAP)}}
}

// decideDefend answers the waiting blow: the blow is rolled now, with the
// defense chosen.
func decideDefend(s *State, c Command, src roller) ([]Event, error) {
	p := s.Pending
	if p == nil {
		return nil, refuse("no blow waits for an answer")
	}
	if c.Figure != p.Target() {
		return nil, refuse("the blow waiting is at %s, not %s", s.FigureName(p.Target()), s.FigureName(c.Figure))
	}
	switch c.Defense {
	case DefenseBlock, DefenseDodge:
	case DefenseNone, "":
		c.Defense = DefenseNone
	default:
		return nil, refuse("%q is not an answer to a blow (block, dodge or none)", c.Defense)
	}
	cmd := withDefense(p.Command, p.Target(), c.Defense)
	cmd.Dice, cmd.Cards = c.Dice, c.Cards
	f, ch, err := actor(s, cmd.Figure)
	if err != nil {
		return nil, err
	}
	return decideMelee(s, cmd, f, ch, src)
}

// waitsFor refuses the fight's actions while a blow waits for its answer.
func waitsFor(s *State, c Command) error {
	if s.Pending == nil {
		return nil
	}
	switch c.Kind {
	case CommandDefend, CommandUndo, CommandRedo, CommandHide, CommandReveal, CommandSetOptions, CommandSetCharacter, CommandEditMap, CommandRevealHexes:
		return nil
	}
	return refuse("the fight waits for %s (the defender's window, or the Judge's console)", s.Waiting())
}

// dodgeSides are the two hexsides a dodge answering a blow from at covers:
// the side facing the attacker and the next one clockwise (TWTW Conflict:
// "usually 120 degrees (two hexsides)"; docs/defaults.md).
func dodgeSides(from, at hexmap.Hex) []hexmap.Direction {
	d, ok := at.DirectionTo(from)
	if !ok {
		d = 0
	}
	return []hexmap.Direction{d, d.Turn(-1)}
}

// dodged reports whether a blow from from is through the dodge of a
// figure at at dodging sides.
func dodged(sides []hexmap.Direction, from, at hexmap.Hex) bool {
	d, ok := at.DirectionTo(from)
	return ok && slices.Contains(sides, d)
}

// sidesText names dodged hexsides: "E and SE".
func sidesText(s *State, sides []hexmap.Direction) string {
	names := s.Map.Orientation.SideNames()
	var out []string
	for _, d := range sides {
		out = append(out, names[d])
	}
	return strings.Join(out, " and ")
}

// explainDefense is what an answer to the waiting blow would make of it:
// the blow's numbers with that defense, before the dice.
func explainDefense(s *State, c Command) (string, error) {
	p := s.Pending
	if p == nil || c.Figure != p.Target() {
		return "", refuse("no blow waits at %s", s.FigureName(c.Figure))
	}
	blow := blowOf(p.Command, p.blow())
	blow.Defense = cmp.Or(c.Defense, DefenseNone)
	cmd := p.Command
	mp, err := s.PlanMelee(cmd.Figure, cmd.Weapon, &blow, judgeMods(cmd)...)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	switch blow.Defense {
	case DefenseBlock:
		fmt.Fprintf(&b, "Block (%d AP): ", mp.DefAP)
	case DefenseDodge:
		fmt.Fprintf(&b, "Dodge (%d AP, the round, no attacks): ", mp.DefAP)
	default:
		b.WriteString("Take it: ")
	}
	fmt.Fprintf(&b, "%s lands the %s blow %.0f%% of the time (pool %s against defense %d)", s.FigureName(p.Attacker()), blow.Attack, 100*mp.Chance, mp.Pool, mp.TN)
	if blow.Defense == DefenseBlock {
		fmt.Fprintf(&b, ", then %s's unarmed test must beat its result", s.FigureName(c.Figure))
	}
	if t := s.Figures[c.Figure]; mp.DefAP > t.AP {
		return "", fmt.Errorf("%s has %d AP, not the %d to %s", s.FigureName(c.Figure), t.AP, mp.DefAP, blow.Defense)
	}
	if blow.Defense != DefenseBlock { // a block's own roll comes after: its odds are the blow's at most
		fmt.Fprintf(&b, ": %s", s.BlowOdds(mp))
	}
	return b.String() + ".", nil
}

// checkNPCDefense refuses a default answer that is none of the defenses.
func checkNPCDefense(d string) error {
	switch d {
	case "", DefenseNone, DefenseBlock, DefenseDodge:
		return nil
	}
	return fmt.Errorf("%q is not a defense to answer with (none, block or dodge; empty to ask the Judge)", d)
}
