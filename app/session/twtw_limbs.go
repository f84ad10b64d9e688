package session

import (
	"fmt"
	"slices"

	"hexslinger/rules"
)

// What a disabled limb does: "Anytime a location takes a 5th wound it is
// disabled. For a limb, such as arm or leg, the location is either
// severed or otherwise rendered useless" (TWTW Conflict: Hit Location and
// Damage). The chapter gives no numbers for it; docs/defaults.md does.

// disabled reports whether f's location l has taken its fifth wound.
func disabled(f *Figure, l rules.HitLocation) bool {
	return f.Wounds[l] >= rules.DisablingWounds
}

// gait is Move and Run on the legs f has left: on one useless leg a
// figure hobbles at half its Move (rounded down, at least 1) and may not
// run; on none it may not go on foot at all (docs/defaults.md).
func (twtw) gait(s *State, f *Figure, ch rules.Character, run bool) (rules.Character, error) {
	lame := 0
	for _, l := range []rules.HitLocation{rules.RightLeg, rules.LeftLeg} {
		if disabled(f, l) {
			lame++
		}
	}
	name := s.FigureName(f.ID)
	switch {
	case lame == 2:
		return ch, fmt.Errorf("%s has both legs disabled and cannot go on foot (TWTW Conflict: Hit Location and Damage: a disabled limb is \"rendered useless\")", name)
	case lame == 1 && run:
		return ch, fmt.Errorf("%s has a disabled leg and cannot run, only walk at half the Move (TWTW Conflict: Hit Location and Damage)", name)
	case lame == 1:
		ch.Move = max(1, ch.Move/2)
		ch.Run = 0
	}
	return ch, nil
}

// gaitOf is the sheet of f as it may go on foot now, where its system's
// wounds change that (strider), else the sheet as it stands.
func gaitOf(s *State, f *Figure, run bool) (rules.Character, error) {
	ch := s.Characters[f.Character].Character
	if g, ok := SystemOf(s).(strider); ok {
		return g.gait(s, f, ch, run)
	}
	return ch, nil
}

// handArm is the arm whose hand holds gear g: the right arm the main
// hand's, the left the off hand's (docs/defaults.md).
func handArm(g rules.Carried) rules.HitLocation {
	if g.OffHand {
		return rules.LeftArm
	}
	return rules.RightArm
}

// armsLeft counts f's arms not disabled.
func armsLeft(f *Figure) int {
	n := 0
	for _, l := range []rules.HitLocation{rules.RightArm, rules.LeftArm} {
		if !disabled(f, l) {
			n++
		}
	}
	return n
}

// inUselessHand refuses an attack with gear gi of f when the arm whose
// hand holds it is disabled, or a two-handed weapon when both are: its
// owner readies it again in the other hand.
func inUselessHand(s *State, f *Figure, gi int) error {
	g := f.Gear[gi]
	w := ruleTables.weapons[g.Weapon]
	if !disabled(f, handArm(g)) || (w.Hands == 2 && armsLeft(f) > 0) {
		return nil
	}
	return refuse("%s's %s is disabled, and the %s in its hand is useless there (TWTW Conflict: Hit Location and Damage: \"rendered useless\"): ready it again in the other hand", s.FigureName(f.ID), handArm(g), w.Name)
}

// oneArmed reports whether f holds a two-handed weapon with one arm
// disabled: "a penalty of 2 downgrades to any two-handed ranged weapon
// being used with one hand" (TWTW Conflict: Two handed ranged weapons).
func oneArmed(f *Figure, w rules.Weapon) bool {
	return w.Hands == 2 && armsLeft(f) == 1
}

// readyHand is the hand a weapon readied by f goes to: the off hand when
// another weapon is in hand (TWTW Conflict: Two Weapons) or the main
// hand's arm is disabled; an error when no arm is sound, or the hand it
// would go to is not.
func readyHand(s *State, f *Figure, st FigureStatus, i int) (offHand bool, err error) {
	if armsLeft(f) == 0 {
		return false, refuse("%s has both arms disabled and can ready nothing (TWTW Conflict: Hit Location and Damage)", s.FigureName(f.ID))
	}
	other := slices.ContainsFunc(st.Gear, func(g rules.Carried) bool { return g.Readied && g != st.Gear[i] })
	offHand = other || disabled(f, rules.RightArm)
	if other && disabled(f, rules.LeftArm) {
		return false, refuse("%s's left arm is disabled: the one sound hand holds a weapon already", s.FigureName(f.ID))
	}
	return offHand, nil
}
