package session

import (
	"fmt"
	"strings"

	"hexslinger/rules"
	"hexslinger/rules/savage"
)

// Savage Worlds' answers to what the windows ask (looks.go): a figure's
// Shaken, Wounds and Incapacitated; its Shooting and Fighting by key.

// body: "Damage can result in three possible effects: Shaken, Wounds,
// and Incapacitation"; Wild Cards take three Wounds and still function,
// Extras are Incapacitated by one; each Wound is −1 to Pace and Trait
// rolls, at most −3 (Savage Worlds: Damage Effects).
func (savageWorlds) body(s *State, f *Figure) Body {
	c := s.Characters[f.Character]
	wild := c.Savage != nil && c.Savage.WildCard
	limit := 0
	if wild {
		limit = 3
	}
	b := Body{Condition: "fine", Able: f.Condition == rules.Fine, Hurt: f.Hurt > 0 || f.sw().Shaken}
	var words []string
	switch f.Condition {
	case rules.Unconscious:
		b.Condition, b.Tag, b.Down = "Incapacitated", "Incapacitated", true
	case rules.Dead:
		b.Condition, b.Tag, b.Down = "dead", "dead", true
	default:
		if f.sw().Shaken {
			b.Condition, b.Tag = "Shaken", "Shaken"
		}
	}
	words = append(words, b.Condition)
	if f.Hurt > 0 {
		b.Harm = fmt.Sprintf("%d %s", f.Hurt, plural(f.Hurt, "Wound", "Wounds"))
		words = append(words, fmt.Sprintf("%d %s (%+d)", f.Hurt, plural(f.Hurt, "Wound", "Wounds"), savage.WoundModifier(f.Hurt)))
	}
	if b.Condition == "fine" && f.Hurt > 0 {
		words[0] = "wounded"
		b.Condition = "wounded"
	}
	b.Line = strings.Join(words, ", ")
	kind := "Extra: one Wound Incapacitates"
	if wild {
		kind = "Wild Card: three Wounds, then Incapacitated"
	}
	b.Facts = []string{kind}
	track := Track{Name: "Wounds", Taken: f.Hurt, Of: limit + 1,
		Text: fmt.Sprintf("Wounds %d", f.Hurt)}
	if f.sw().Shaken {
		track.Text = "Shaken · " + track.Text
	}
	for i := 1; i <= limit; i++ {
		track.Steps = append(track.Steps, Step{Name: fmt.Sprintf("%d (−%d)", i, i), Boxes: 1, Filled: boolInt(f.Hurt >= i)})
	}
	track.Steps = append(track.Steps, Step{Name: "Inc", Boxes: 1, Filled: boolInt(f.Condition >= rules.Unconscious)})
	b.Tracks = []Track{track}
	return b
}

// boolInt is 1 for true.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// attacks: a shot with the sheet's weapon (A) and a melee attack (H).
func (savageWorlds) attacks(*State, *Figure) []Attack { return sheetAttacks() }

// attackCommand: a shot or a melee attack at target.
func (savageWorlds) attackCommand(_ *State, f *Figure, target string, a Attack, _ AttackChoice) Command {
	return sheetAttackCommand(f, target, a)
}

// sheetNumbers: none: a figure moves by its Pace (Savage Worlds: Movement), and no rule reads TWTW's Size.
func (savageWorlds) sheetNumbers() []string { return []string{} }

// weapons: the hand weapon, whose damage is the Strength die plus the
// weapon's ("Str+d6"; unarmed, the Strength die alone), and the gun with
// its Range in inches, Damage and Rate of Fire (Savage Worlds: Damage,
// Ranged Weapons).
func (savageWorlds) weapons(s *State, f *Figure) []string {
	sh := s.Characters[f.Character].Savage
	if sh == nil {
		return nil
	}
	out := []string{"Unarmed (Str)"}
	if sh.Melee > 0 {
		out[0] = fmt.Sprintf("Hand weapon (Str+d%d)", sh.Melee)
	}
	if g := sh.Gun; g != nil {
		words := fmt.Sprintf("%s (Range %d/%d/%d, Damage %s, RoF %d", g.Name, g.Short, g.Med, g.Long, diceWords(g.Damage), g.RoF)
		if g.Thrown {
			words += ", thrown"
		}
		out = append(out, words+")")
	}
	return out
}

// diceWords writes dice as the text does: [6 6] "2d6", [8 6] "d8+d6".
func diceWords(dice []int) string {
	var parts []string
	for i := 0; i < len(dice); {
		n := 1
		for i+n < len(dice) && dice[i+n] == dice[i] {
			n++
		}
		if n == 1 {
			parts = append(parts, fmt.Sprintf("d%d", dice[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%dd%d", n, dice[i]))
		}
		i += n
	}
	return strings.Join(parts, "+")
}

// placeName: the action card dealt ("Action cards", Savage Worlds:
// Initiative), unless another initiative orders the round.
func (savageWorlds) placeName(s *State) string {
	if orderedByOption(s) {
		return ""
	}
	return "Card"
}
