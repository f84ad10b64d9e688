package session

import (
	"fmt"
	"strings"

	"hexslinger/rules"
	"hexslinger/rules/dragonwarriors"
)

// Dragon Warriors II's answers to what the windows ask (looks.go): a
// figure's cumulative wounds against its Toughness, stunned, knocked out
// or dead; its strike and its missile attack by key.

// body: "Keep a track of cumulative wounds"; a wound failed against
// Toughness stuns ("Attack and Defence of 0, until this time next
// turn") or knocks out; wounds past Toughness risk death with every
// wound more (DW II: Injury: Stun, Knock-Out, and Death).
func (dragonWarriors) body(s *State, f *Figure) Body {
	tough := dwFighter(s, f).Toughness
	b := Body{Condition: "fine", Able: f.Condition == rules.Fine, Hurt: f.Hurt > 0,
		Facts: []string{fmt.Sprintf("Toughness %d", tough)}}
	switch f.Condition {
	case rules.Stunned:
		b.Condition, b.Tag = "stunned", "stunned"
	case rules.Unconscious:
		b.Condition, b.Tag, b.Down = "knocked out", "out", true
	case rules.Dead:
		b.Condition, b.Tag, b.Down = "dead", "dead", true
	default:
		if f.Hurt > 0 {
			b.Condition = "wounded"
		}
	}
	wounds := Track{Name: "Wounds", Taken: f.Hurt, Of: tough,
		Text: fmt.Sprintf("%d %s of Toughness %d", f.Hurt, plural(f.Hurt, "wound", "wounds"), tough)}
	if f.Hurt > tough {
		wounds.Text += ": past it, each wound more risks death"
	}
	b.Tracks = []Track{wounds}
	if f.Hurt > 0 {
		b.Harm = fmt.Sprintf("%d %s", f.Hurt, plural(f.Hurt, "wound", "wounds"))
	}
	b.Line = b.Condition
	if f.Hurt > 0 {
		b.Line += fmt.Sprintf(": %d %s of Toughness %d", f.Hurt, plural(f.Hurt, "wound", "wounds"), tough)
	}
	return b
}

// attacks: a missile attack with the sheet's weapon (A) and a strike (H).
func (dragonWarriors) attacks(*State, *Figure) []Attack { return sheetAttacks() }

// attackCommand: a shot, or a strike at target in the target's usual
// stance (the composer sets a stance).
func (dragonWarriors) attackCommand(_ *State, f *Figure, target string, a Attack, _ AttackChoice) Command {
	return sheetAttackCommand(f, target, a)
}

// sheetNumbers: Move and Run, which bound one move where the text gives no rate (freeMovement); no rule reads Size.
func (dragonWarriors) sheetNumbers() []string { return []string{SheetMove, SheetRun} }

// weapons: the sheet's weapon by its bonuses to Attack and Damage
// ("summarised in terms of bonuses to Attack and Damage"), whether it
// flies (a bow or crossbow, a weapon that can be thrown, or hurled as
// this fight reads the missile rule) and whether it is concealed (DW II:
// Weapons); a sheet that names none strikes with no weapon's bonuses.
func (dragonWarriors) weapons(s *State, f *Figure) []string {
	dw := s.Characters[f.Character].DragonWarriors
	none := []string{"No weapon named on the sheet: no weapon's bonuses counted"}
	if dw == nil || dw.Weapon == "" {
		return none
	}
	w, ok := dragonwarriors.FindWeapon(dw.Weapon)
	if !ok {
		return none
	}
	var groups, bonus []string
	if w.Attack != 0 {
		bonus = append(bonus, fmt.Sprintf("Attack %+d", w.Attack))
	}
	if w.Damage != 0 {
		bonus = append(bonus, fmt.Sprintf("Damage %+d", w.Damage))
	}
	if len(bonus) > 0 {
		groups = append(groups, strings.Join(bonus, ", "))
	}
	switch {
	case w.LongRange:
		groups = append(groups, "missile, range in fathoms")
	case w.Thrown:
		groups = append(groups, "can be thrown")
	case dwReading(s).Shot(w):
		groups = append(groups, "can be hurled")
	}
	if dw.Concealed {
		if f.dw().Drawn {
			groups = append(groups, "concealed, now shown")
		} else {
			groups = append(groups, "concealed")
		}
	}
	if len(groups) == 0 {
		return []string{w.Name}
	}
	return []string{w.Name + " (" + strings.Join(groups, "; ") + ")"}
}

// SheetLine sums a sheet up for the log in Dragon Warriors II's numbers:
// "Attack 13, Defence 7, Toughness 12, Reflexes 10, Move 5, a
// one-handed sword" (sheetLiner).
func (dragonWarriors) SheetLine(c Character) string {
	dw := dwSheet(&c)
	line := fmt.Sprintf("Attack %d, Defence %d, Toughness %d, Reflexes %d, Move %d", dw.Attack, dw.Defence, dw.Toughness, dw.Reflexes, c.Move)
	if w, ok := dragonwarriors.FindWeapon(dw.Weapon); ok && dw.Weapon != "" {
		line += ", a " + strings.ToLower(w.Name)
	}
	return line
}
