package session

import (
	"fmt"
	"sort"
	"strings"

	"hexslinger/rules"
	"hexslinger/rules/fudge"
)

// fudgeSystem is Fudge combat with Timothy J. Miller's Combat Options as
// modules the fight switches on in its options (fudge).
type fudgeSystem struct{}

func init() { register(fudgeSystem{}) }

func (fudgeSystem) ID() string        { return "fudge" }
func (fudgeSystem) Name() string      { return "Fudge with Combat Options" }
func (fudgeSystem) MovesCostAP() bool { return false }
func (fudgeSystem) Reach(s *State, f *Figure, run bool) (MoveArea, error) {
	return apReach(s, f, run)
}

// Explain: Fudge attacks with both levels and the chance; the rest from
// the preview.
func (fudgeSystem) Explain(s *State, c Command) (string, error) {
	return explainAttack(s, c, writeFudge, CommandStrike, CommandShoot)
}

// ExactDice: every Fudge roll asked for is rolled.
func (fudgeSystem) ExactDice(string) bool { return true }

// Actions: strike, fire, move, turn, recover.
func (fudgeSystem) Actions() []Action { return sheetActions(false) }

// Turn: Fudge combat rounds are simultaneous, every figure acting once,
// unless the fight rolls Lead and Chrome's initiative.
func (fudgeSystem) Turn(s *State) Turn {
	if s.Options.Initiative == InitiativeLeadChrome {
		return orderTurn(s)
	}
	return Turn{Steps: []TurnStep{{Label: "this round", Figures: append([]string(nil), s.Order...), Now: true}},
		Line: fmt.Sprintf("Round %d of Fudge: combat rounds are simultaneous; every figure acts once. Ctrl+R starts the next round.", s.Round)}
}

func (fudgeSystem) CheckSheet(c Character) error {
	if c.Fudge == nil {
		return fmt.Errorf("character %s has no Fudge levels (fudge: melee, ranged, damage_capacity, …)", c.ID)
	}
	if err := c.Fudge.Check(); err != nil {
		return fmt.Errorf("character %s: fudge: %w", c.ID, err)
	}
	return nil
}

// fudgeOptions are a fight's Combat Options modules.
func fudgeOptions(s *State) fudge.Options {
	if s.Options.Fudge != nil {
		return *s.Options.Fudge
	}
	return fudge.Options{}
}

func (fs fudgeSystem) Decide(s *State, c Command, src func([]string) (rules.Source, error)) ([]Event, bool, error) {
	switch c.Kind {
	case CommandNewRound:
		// No initiative to roll: round 1 begins as the fight opens.
		return []Event{{Kind: EventRoundStarted, Round: s.Round + 1, APs: map[string]int{},
			Text: fmt.Sprintf("Round %d: Fudge combat rounds are simultaneous; every figure acts once.", s.Round+1)}}, true, nil
	case CommandStrike:
		ev, err := fudgeAttack(s, c, src, false)
		return ev, true, err
	case CommandShoot:
		ev, err := fudgeAttack(s, c, src, true)
		return ev, true, err
	case CommandRecover:
		ev, err := fudgeRecover(s, c, src)
		return ev, true, err
	case CommandSegment, CommandReady, CommandCock, CommandProne, CommandDuck, CommandMelee, CommandDoor, CommandPickUp, CommandReload, CommandDefend, CommandEscape, CommandSkill:
		return nil, true, notIn(fs, c.Kind)
	}
	return nil, false, nil
}

// RangedDifficulty is the difficulty of a Fudge ranged attack, unopposed
// (docs/defaults.md).
const RangedDifficulty = fudge.Fair

// fudgeWound is a figure's wound level and its name, on the alternate
// track or the standard levels.
func fudgeWound(o fudge.Options, points int) (string, fudge.Level) {
	if o.WoundTrack {
		t := fudge.NewWoundTrack(2)
		t.Take(points)
		return "wound level " + t.Level().String(), t.Level()
	}
	name, l := fudge.StandardWound(points)
	return name, l
}

// fudgeAttack is an opposed 4dF melee roll (or an unopposed ranged one
// against Fair): the degree of success, the shield check, armor and the
// damage check (Combat Options 1–4).
// FudgePlan is a Fudge attack before the dice: the attacker's skill
// against the defender's (or Fair, at range), and the exact chance the
// attacker's result beats it.
type FudgePlan struct {
	Attacker, Target *Figure
	Skill, Against   fudge.Level
	Ranged           bool
	Chance           float64
}

// PlanFudge prices a strike (melee, opposed) or shoot (ranged, against
// Fair) command in a Fudge fight.
func (s *State) PlanFudge(c Command) (FudgePlan, error) {
	ranged := c.Kind == CommandShoot
	f, ch, err := actor(s, c.Figure)
	if err != nil {
		return FudgePlan{}, err
	}
	target := c.Target
	if ranged {
		if len(c.Shots) == 0 {
			return FudgePlan{}, refuse("fire needs a target")
		}
		target = c.Shots[0].Target
	}
	t, ok := s.Figures[target]
	if !ok || t.ID == f.ID {
		return FudgePlan{}, refuse("there is no target %q", target)
	}
	if !ranged && f.At.DistanceTo(t.At) > 1 {
		return FudgePlan{}, refuse("%s is not beside %s", s.FigureName(t.ID), ch.Name)
	}
	a, d := ch.Fudge, s.Characters[t.Character].Fudge
	p := FudgePlan{Attacker: f, Target: t, Skill: a.Melee, Against: d.Melee, Ranged: ranged}
	if ranged {
		p.Skill, p.Against = a.Ranged, RangedDifficulty
		m, _ := lcToHit(s, f) // declared at initiative (Lead and Chrome)
		p.Skill += fudge.Level(m)
	}
	for x := -4; x <= 4; x++ {
		if ranged {
			if int(p.Skill)+x > int(p.Against) {
				p.Chance += fudge.Chance4dF(x)
			}
			continue
		}
		for y := -4; y <= 4; y++ {
			if int(p.Skill)+x > int(p.Against)+y {
				p.Chance += fudge.Chance4dF(x) * fudge.Chance4dF(y)
			}
		}
	}
	return p, nil
}

func fudgeAttack(s *State, c Command, src func([]string) (rules.Source, error), ranged bool) ([]Event, error) {
	p, err := s.PlanFudge(c)
	if err != nil {
		return nil, err
	}
	f, t := p.Attacker, p.Target
	ch := s.Characters[f.Character]
	o := fudgeOptions(s)
	a, d := ch.Fudge, s.Characters[t.Character].Fudge
	tname := s.Characters[t.Character].Name
	needs := []string{fmt.Sprintf("4dF for %s (four d6: 1–2 minus, 3–4 blank, 5–6 plus)", ch.Name)}
	if !ranged {
		needs = append(needs, fmt.Sprintf("4dF for %s's defence", tname))
	}
	needs = append(needs, "4dF for a shield check and a damage check, when they come")
	rnd, err := src(needs)
	if err != nil {
		return nil, err
	}
	skill := p.Skill
	ar, err := fudge.Roll4dF(rnd)
	if err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	att := skill + fudge.Level(ar.Sum)
	def := RangedDifficulty
	text := []string{}
	if ranged {
		text = append(text, fmt.Sprintf("%s shoots at %s: %s %+d = %s against %s.", ch.Name, tname, lcSkill(s, f, a.Ranged), ar.Sum, att, def))
	} else {
		dr, err := fudge.Roll4dF(rnd)
		if err != nil {
			return nil, &Refusal{Reason: err.Error()}
		}
		def = d.Melee + fudge.Level(dr.Sum)
		text = append(text, fmt.Sprintf("%s attacks %s: %s %+d = %s against %s %+d = %s.", ch.Name, tname, a.Melee, ar.Sum, att, d.Melee, dr.Sum, def))
	}
	e := Event{Kind: EventActed, Action: c.Kind, Figure: f.ID, APLeft: f.AP, Targets: []string{t.ID}}
	degree := int(att - def)
	if degree <= 0 {
		text = append(text, "A miss.")
	} else {
		hit := true
		st := t.FigureStatus.clone()
		if o.ShieldChecks && d.HasShield {
			sh := &fudge.Shield{Skill: d.Shield, Points: d.ShieldPoints, Taken: st.ShieldTaken, UseDamage: o.ShieldDamage}
			if !sh.Usable() {
				text = append(text, tname+"'s shield is broken: it takes no more blows.")
			} else {
				blocked, got, err := fudge.ShieldCheck(rnd, sh, att, degree+a.WeaponDamage)
				if err != nil {
					return nil, &Refusal{Reason: err.Error()}
				}
				if blocked {
					hit = false
					st.ShieldTaken = sh.Taken
					text = append(text, fmt.Sprintf("%s's shield check, %s, takes the blow (Combat Options 2.2).", tname, got))
				} else {
					text = append(text, fmt.Sprintf("%s's shield check, %s, is too low.", tname, got))
				}
			}
		}
		if hit {
			absorb := 0
			if d.Armor != nil {
				absorb = d.Armor.AV
				if o.ArmorCoverage {
					absorb = d.Armor.Absorbs(degree)
				}
			}
			dmg := max(0, degree+a.WeaponDamage-absorb)
			st.Hurt += dmg
			name, level := fudgeWound(o, st.Hurt)
			text = append(text, fmt.Sprintf("A hit by %d: %d damage (weapon %+d, armor −%d); %s is %s.", degree, dmg, a.WeaponDamage, absorb, tname, name))
			if dmg > 0 {
				switch {
				case o.DamageChecks:
					chk, err := fudge.CheckDamage(rnd, d.DamageCapacity, level, 0)
					if err != nil {
						return nil, &Refusal{Reason: err.Error()}
					}
					text = append(text, tname+"'s "+chk.Text+".")
					if !chk.Success {
						st.Condition, st.OutSince = rules.Unconscious, s.Round
					}
				case level >= fudge.Legendary:
					st.Condition = rules.Dead
				case level >= fudge.Great:
					st.Condition = rules.Unconscious
				}
				if level >= fudge.Legendary && !o.WoundTrack {
					st.Condition = rules.Dead
				}
			}
		}
		e.Changes = append(e.Changes, FigureChange{Figure: t.ID, AP: t.AP, Status: st})
	}
	e.Text = strings.Join(text, " ") + " (Fudge Combat Options)"
	return []Event{e}, nil
}

// fudgeRecover is a new damage check to rejoin the fight, allowed after as
// many rounds out as damage points (Combat Options 4.4).
func fudgeRecover(s *State, c Command, src func([]string) (rules.Source, error)) ([]Event, error) {
	f, ok := s.Figures[c.Figure]
	if !ok {
		return nil, refuse("there is no figure %q in this fight", c.Figure)
	}
	ch := s.Characters[f.Character]
	o := fudgeOptions(s)
	switch {
	case !o.RecoveryInCombat:
		return nil, refuse("this fight does not use recovery during combat (a Combat Options module)")
	case f.Condition != rules.Unconscious:
		return nil, refuse("%s is not out of the fight", ch.Name)
	case !fudge.MayTryRecovery(s.Round-f.OutSince, f.Hurt):
		return nil, refuse("%s has been out %d round(s); recovery waits %d (as many as damage points)", ch.Name, s.Round-f.OutSince, f.Hurt)
	}
	rnd, err := src([]string{"4dF for " + ch.Name + "'s damage check"})
	if err != nil {
		return nil, err
	}
	_, level := fudgeWound(o, f.Hurt)
	chk, err := fudge.CheckDamage(rnd, ch.Fudge.DamageCapacity, level, 0)
	if err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	st := f.FigureStatus.clone()
	if chk.Success {
		st.Condition = rules.Fine
	}
	return []Event{{Kind: EventActed, Action: CommandRecover, Figure: f.ID, APLeft: f.AP,
		Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}},
		Text:    fmt.Sprintf("%s tries to rejoin the fight: %s (Combat Options 4.4).", ch.Name, chk.Text)}}, nil
}

// fuSheet is the character's Fudge levels, made (every level Fair) if
// missing.
func fuSheet(c *Character) *fudge.Sheet {
	if c.Fudge == nil {
		c.Fudge = &fudge.Sheet{}
	}
	return c.Fudge
}

// armorField is a number of the sheet's armor; a sheet whose armor is AV
// 0 and CV 0 wears none.
func armorField(label string, at func(a *fudge.Armor) *int) SheetField {
	return SheetField{Label: label, Kind: FieldNumber,
		Get: func(c *Character) string {
			if a := fuSheet(c).Armor; a != nil {
				return fmt.Sprint(*at(a))
			}
			return "0"
		},
		Set: func(c *Character, v string) error {
			n, err := wholeNumber(label, v)
			s := fuSheet(c)
			a := fudge.Armor{}
			if s.Armor != nil {
				a = *s.Armor
			}
			*at(&a) = n
			s.Armor = &a
			if a == (fudge.Armor{}) {
				s.Armor = nil
			}
			return err
		}}
}

// levelField is a level of the Fudge ladder.
func levelField(label string, at func(s *fudge.Sheet) *fudge.Level) SheetField {
	var ladder []string
	for l := fudge.Terrible; l <= fudge.Legendary; l++ {
		ladder = append(ladder, l.String())
	}
	return SheetField{Label: label, Kind: FieldChoice, Choices: ladder,
		Get: func(c *Character) string { return at(fuSheet(c)).String() },
		Set: func(c *Character, v string) error {
			l, err := fudge.ParseLevel(v)
			if err != nil {
				return fmt.Errorf("%s: %w", strings.ToLower(label), err)
			}
			*at(fuSheet(c)) = l
			return nil
		}}
}

// Sheet: the levels, the weapon's damage, shield and armor.
func (fudgeSystem) Sheet() []SheetPart {
	return []SheetPart{{Title: "Fudge", Fields: []SheetField{
		levelField("Melee", func(s *fudge.Sheet) *fudge.Level { return &s.Melee }),
		levelField("Ranged", func(s *fudge.Sheet) *fudge.Level { return &s.Ranged }),
		levelField("Shield", func(s *fudge.Sheet) *fudge.Level { return &s.Shield }),
		levelField("Damage capacity", func(s *fudge.Sheet) *fudge.Level { return &s.DamageCapacity }),
		numberField("Weapon damage", func(c *Character) *int { return &fuSheet(c).WeaponDamage }),
		numberField("Shield points", func(c *Character) *int { return &fuSheet(c).ShieldPoints }),
		armorField("Armor AV", func(a *fudge.Armor) *int { return &a.AV }),
		armorField("Armor CV", func(a *fudge.Armor) *int { return &a.CV }),
		checkField("Carries a shield", func(c *Character) *bool { return &fuSheet(c).HasShield }),
	}}}
}

// Derived: the levels and the damage a hit does.
func (fudgeSystem) Derived(c Character) string {
	fs := fuSheet(&c)
	return fmt.Sprintf("Fudge: melee %s, ranged %s, damage capacity %s; a hit's damage is the degree of success %+d.", fs.Melee, fs.Ranged, fs.DamageCapacity, fs.WeaponDamage)
}

// fudgeModules are the Combat Options modules a fight may switch on.
var fudgeModules = []struct {
	name string
	at   func(*fudge.Options) *bool
}{
	{"Armor: Armor Value and Coverage Value", func(o *fudge.Options) *bool { return &o.ArmorCoverage }},
	{"Shield checks", func(o *fudge.Options) *bool { return &o.ShieldChecks }},
	{"Shield damage", func(o *fudge.Options) *bool { return &o.ShieldDamage }},
	{"Alternate wound track", func(o *fudge.Options) *bool { return &o.WoundTrack }},
	{"Damage checks", func(o *fudge.Options) *bool { return &o.DamageChecks }},
	{"Recovery during combat", func(o *fudge.Options) *bool { return &o.RecoveryInCombat }},
}

// Switches: the Combat Options modules.
func (fudgeSystem) Switches(o FightOptions) []Switch {
	cur := fudge.Options{}
	if o.Fudge != nil {
		cur = *o.Fudge
	}
	var out []Switch
	for _, m := range fudgeModules {
		out = append(out, Switch{Label: "Combat Options: " + m.name, On: *m.at(&cur),
			Set: func(o FightOptions, on bool) FightOptions {
				next := fudge.Options{}
				if o.Fudge != nil {
					next = *o.Fudge
				}
				*m.at(&next) = on
				o.Fudge = &next
				return o
			}})
	}
	return append(out, lcSwitches(o)...)
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

// Movement: one move goes twice Move (session.freeMoveAP).
func (fudgeSystem) Movement(s *State, f *Figure) string {
	return freeMovement(s, f)
}
