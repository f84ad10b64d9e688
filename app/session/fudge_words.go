package session

import (
	"fmt"
	"slices"
	"strings"

	"hexslinger/rules"
	"hexslinger/rules/fudge"
)

// Fudge's answers to what the windows ask (looks.go): a figure's wound
// track and the wound level it is at; its Melee and Ranged attacks by
// key.

// fudgeStandardSteps are the core Fudge damage levels as steps of damage
// points (docs/defaults.md: 1–2 scratch, 3–4 hurt, 5–6 very hurt, 7–8
// incapacitated, 9–10 near death, more dead; Combat Options 4.2.1).
var fudgeStandardSteps = []Step{{Name: "scratch", Boxes: 2}, {Name: "hurt", Boxes: 2}, {Name: "very hurt", Boxes: 2},
	{Name: "incapacitated", Boxes: 2}, {Name: "near death", Boxes: 2}, {Name: "dead", Boxes: 1}}

// body: the damage taken on the wound track (the alternate wound track's
// boxes per level, Combat Options 3, or the core damage levels, 4.2.1),
// the wound level it leaves and what that does: −1 or −2 to actions, out
// of the fight, dead.
func (fudgeSystem) body(s *State, f *Figure) Body {
	o := fudgeOptions(s)
	sh := s.Characters[f.Character].Fudge
	if sh == nil {
		sh = &fudge.Sheet{}
	}
	wound, level := fudgeWound(o, sh, f.Hurt)
	wound = strings.TrimPrefix(wound, "at ")
	b := Body{Condition: wound, Able: f.Condition == rules.Fine, Hurt: f.Hurt > 0,
		Facts: []string{"damage capacity " + sh.Capacity(o.WoundTrack).String()}}
	if f.Hurt > 0 {
		// The damage level's name on the core levels ("hurt"); on the
		// wound track, the level it has come to ("Mediocre").
		b.Harm, _ = fudge.StandardWound(f.Hurt)
		if o.WoundTrack {
			b.Harm = "level " + level.String()
		}
	}
	switch f.Condition {
	case rules.Unconscious:
		b.Condition, b.Tag, b.Down = "out of the fight", "out", true
	case rules.Dead:
		b.Condition, b.Tag, b.Down = "dead", "dead", true
	case rules.Stunned:
		b.Condition, b.Tag = "stunned", "stunned"
	}
	b.Line = b.Condition
	if b.Condition != wound {
		b.Line += ", " + wound
	}
	if mod := fudgeModifier(s, f); mod != 0 && !b.Down {
		b.Line += fmt.Sprintf(", acts at %+d", mod)
	}
	track := Track{Name: "Wound track", Taken: f.Hurt, Text: fmt.Sprintf("%d damage: %s", f.Hurt, wound)}
	steps := slices.Clone(fudgeStandardSteps)
	if o.WoundTrack {
		steps = nil
		for i, n := range sh.Boxes() {
			if n > 0 {
				steps = append(steps, Step{Name: (fudge.Terrible + fudge.Level(i)).String(), Boxes: n})
			}
		}
	}
	left := f.Hurt
	for i := range steps {
		steps[i].Filled = min(steps[i].Boxes, max(0, left))
		left -= steps[i].Boxes
		track.Of += steps[i].Boxes
	}
	track.Steps = steps
	b.Tracks = []Track{track}
	return b
}

// attacks: a Ranged attack with the sheet's weapon (A) and a Melee
// attack (H).
func (fudgeSystem) attacks(*State, *Figure) []Attack { return sheetAttacks() }

// attackCommand: a shot or a strike at target.
func (fudgeSystem) attackCommand(_ *State, f *Figure, target string, a Attack, _ AttackChoice) Command {
	return sheetAttackCommand(f, target, a)
}

// sheetNumbers: Move and Run, which bound one move where the text gives no rate (freeMovement); no rule reads Size.
func (fudgeSystem) sheetNumbers() []string { return []string{SheetMove, SheetRun} }

// weapons: the weapon by its offensive damage factor, with the Melee and
// Ranged skills it strikes with, and a shield by its skill and the points
// it takes (Fudge: Combat: Offensive Damage Factors; Combat Options:
// Shields).
func (fudgeSystem) weapons(s *State, f *Figure) []string {
	sh := s.Characters[f.Character].Fudge
	if sh == nil {
		return nil
	}
	out := []string{fmt.Sprintf("Weapon (offensive damage %+d; Melee %s, Ranged %s)", sh.WeaponDamage, sh.Melee, sh.Ranged)}
	if sh.HasShield {
		out = append(out, fmt.Sprintf("Shield (%s, %d points)", sh.Shield, sh.ShieldPoints))
	}
	return out
}

// SheetLine sums a sheet up for the log in Fudge's terms: "melee Good,
// ranged Fair, damage capacity Good, weapon +2, Move 6" (sheetLiner).
func (fudgeSystem) SheetLine(c Character) string {
	fs := fuSheet(&c)
	return fmt.Sprintf("melee %s, ranged %s, damage capacity %s, weapon %+d, Move %d", fs.Melee, fs.Ranged, capacityWords(fs), fs.WeaponDamage, c.Move)
}
