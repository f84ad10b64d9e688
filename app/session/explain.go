package session

import (
	"fmt"
	"sort"
	"strings"

	"hexslinger/rules"
	"hexslinger/rules/dragonwarriors"
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
	if len(c.Dice) > 0 || len(c.Cards) > 0 {
		// The table's dice decide the command whole: a refusal of them
		// (too few, one left over) is the explanation's too.
		if p := s.Preview(nil, c); p.Err != nil {
			return "", p.Err
		}
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

// explainTWTW explains a TWTW command: an interrupt first, when the
// figure's number has not come up; a shot series or a blow with every
// modifier, pool and chance; anything else from its preview.
func explainTWTW(s *State, c Command) (string, error) {
	var b strings.Builder
	f, ok := s.Figures[c.Figure]
	if ok && !s.MayAct(c.Figure) && f.AP > 0 {
		fmt.Fprintf(&b, "%s's number (%d) has not come up at segment %d: acting now is an interrupt.\n", s.FigureName(f.ID), f.AP, s.Segment)
	}
	switch c.Kind {
	case CommandShoot:
		plan, err := s.PlanShoot(c.Figure, c.Weapon, c.Shots)
		if err != nil {
			return "", err
		}
		writeShootPlan(&b, s, plan, f.AP)
		if plan.Series.AP > f.AP {
			return "", fmt.Errorf("%s needs %d AP for this but has %d.\n%s", s.FigureName(f.ID), plan.Series.AP, f.AP, b.String())
		}
	case CommandMelee:
		mp, err := s.PlanMelee(c.Figure, c.Weapon, c.Blow)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "%s: %d AP; %s.\nTN %d: %s's defense value.\nPool %s; chance to land the blow %.0f%%.",
			mp.Plan.Blow.Attack.Name, mp.Plan.AP, mp.Plan.Explained, mp.TN, s.FigureName(mp.Target.ID), mp.Pool, 100*mp.Chance)
		if mp.DefAP > 0 {
			fmt.Fprintf(&b, "\n%s spends %d AP to %s.", s.FigureName(mp.Target.ID), mp.DefAP, c.Blow.Defense)
		}
		if mp.Plan.AP > f.AP {
			return "", fmt.Errorf("%s needs %d AP but has %d", s.FigureName(f.ID), mp.Plan.AP, f.AP)
		}
	default:
		text, err := explainPreview(s, c)
		if err != nil {
			return "", err
		}
		b.WriteString(text)
	}
	return b.String(), nil
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

// writeShootPlan writes a shot series' AP, each shot's TN with every
// modifier and its source, the pool, the hit chance and the cover.
func writeShootPlan(b *strings.Builder, s *State, plan ShootPlan, apLeft int) {
	fmt.Fprintf(b, "%s: %d AP for the series", plan.Weapon.Name, plan.Series.AP)
	if plan.Series.Switches > 0 {
		fmt.Fprintf(b, " (%d target switch(es))", plan.Series.Switches)
	}
	if apLeft >= plan.Series.AP {
		fmt.Fprintf(b, "; %d AP left after", apLeft-plan.Series.AP)
	}
	fmt.Fprintf(b, ". Pool %s.\n", plan.Series.Pool)
	for i, sp := range plan.Series.Plans {
		t := plan.Targets[i]
		fmt.Fprintf(b, "Shot %d, %s at %s: TN %d (base %d)", i+1, sp.Shot.Kind, s.FigureName(t.ID), plan.Series.TNs[i], sp.BaseTN)
		for _, m := range sp.Modifiers {
			fmt.Fprintf(b, "; %s", m)
		}
		fmt.Fprintf(b, "; hit chance %.0f%%.\n", 100*rules.Chances(plan.Series.Pool, plan.Series.TNs[i]-sp.Result)[0])
		sight := plan.Sights[i]
		switch {
		case !sight.Clear:
			fmt.Fprintf(b, "  Not visible: %s blocks the line at %s.\n", sight.BlockedBy, s.Map.Label(sight.BlockedAt))
		case len(sight.Cover) > 0:
			var parts []string
			for _, cv := range sight.Cover {
				parts = append(parts, fmt.Sprintf("%s at %s (armor %d, %s)", cv.Feature.Kind, s.Map.Label(cv.At), cv.Feature.Armor, cv.Feature.Height))
			}
			fmt.Fprintf(b, "  Cover in the way, nearest the target first: %s.\n", strings.Join(parts, "; "))
		default:
			b.WriteString("  Clear line, no cover.\n")
		}
	}
}

// writeStrike previews a Dragon Warriors II blow with the session's own
// plan: the attack and defence scores with their sources and the chance to
// win (DW II: Roll to Hit).
func writeStrike(b *strings.Builder, s *State, cmd Command) error {
	p, err := s.PlanStrike(cmd)
	if err != nil {
		return err
	}
	why := "Attack"
	switch {
	case p.Riposte:
		why = "riposte: the margin just won"
	case p.AF.Stunned:
		why = "stunned: Attack 0"
	}
	fmt.Fprintf(b, "%s strikes at %s: %d (%s) + a plus-minus roll against %s's defence %d (%s", p.AF.Name, p.TF.Name, p.Attack, why, p.TF.Name, p.Defence, p.Stance)
	if p.TF.Shield {
		b.WriteString(", shield +2")
	}
	if p.TF.Stunned {
		b.WriteString(", stunned: 0")
	}
	fmt.Fprintf(b, ") + a roll.\nChance to hit: %.0f%%; the margin is the wounds, less armour (%s).", 100*p.Chance, noneIf(p.TF.Armour))
	if p.Stance != dragonwarriors.FullParry {
		b.WriteString(" If the defender wins, it may riposte with its margin.")
	}
	return nil
}

// noneIf is "none" for an empty name.
func noneIf(name string) string {
	if name == "" {
		return "none"
	}
	return name
}

// writeSavage previews a Savage Worlds attack with the session's own plan:
// the die, the TN (Parry, or 4 at range), every modifier and the exact
// chance to hit with the Wild Die and Aces.
func writeSavage(b *strings.Builder, s *State, cmd Command) error {
	p, err := s.PlanSavage(cmd)
	if err != nil {
		return err
	}
	skill := "Fighting"
	if cmd.Kind == CommandShoot {
		skill = "Shooting"
	}
	wild := ""
	if p.Wild {
		wild = " with the Wild Die"
	}
	fmt.Fprintf(b, "%s: %s d%d against TN %d (%s).\nChance to hit%s: %.0f%% (Aces counted); a raise adds a d6 of damage. Target's Toughness %d.",
		s.FigureName(p.Attacker.ID), skill, p.Die, p.TN, strings.Join(p.Why, ", "), wild, 100*p.Chance, p.Toughness)
	return nil
}

// writeFudge previews a Fudge attack with the session's own plan: the two
// levels, the exact chance the attacker's 4dF result beats the other's (or
// Fair, at range), and the Combat Options modules in play.
func writeFudge(b *strings.Builder, s *State, cmd Command) error {
	p, err := s.PlanFudge(cmd)
	if err != nil {
		return err
	}
	a, d := s.Characters[p.Attacker.Character].Fudge, s.Characters[p.Target.Character].Fudge
	what := "melee, opposed"
	if p.Ranged {
		what = "ranged, unopposed against Fair"
	}
	fmt.Fprintf(b, "%s (%s) against %s (%s): chance to hit %.0f%%; the degree of success plus weapon %+d is the damage",
		p.Skill, what, p.Against, s.FigureName(p.Target.ID), 100*p.Chance, a.WeaponDamage)
	if d.Armor != nil {
		fmt.Fprintf(b, ", less armor AV %d (CV %d)", d.Armor.AV, d.Armor.CV)
	}
	b.WriteString(".")
	if o := s.Options.Fudge; o != nil {
		var on []string
		for name, v := range map[string]bool{"armor coverage": o.ArmorCoverage, "shield checks": o.ShieldChecks, "shield damage": o.ShieldDamage,
			"wound track": o.WoundTrack, "damage checks": o.DamageChecks, "recovery in combat": o.RecoveryInCombat} {
			if v {
				on = append(on, name)
			}
		}
		sort.Strings(on)
		if len(on) > 0 {
			b.WriteString("\nCombat Options on: " + strings.Join(on, ", ") + ".")
		}
	}
	return nil
}
