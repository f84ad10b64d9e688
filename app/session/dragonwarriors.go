package session

import (
	"cmp"
	"fmt"
	"sort"
	"strings"

	"hexslinger/rules"
	"hexslinger/rules/dragonwarriors"
)

// CommandStrike is a Dragon Warriors II blow: Figure strikes Target, who
// defends in Stance ("", "full" or "aggressive"); Riposte answers the blow
// just won with its margin as the attack (DW II: Ripostes).
const CommandStrike = "strike"

// Riposte is the counter-attack a defender may make now: its margin of
// victory, against the figure whose blow it beat.
type Riposte struct {
	By      string `json:"by"`
	Against string `json:"against"`
	Score   int    `json:"score"`
}

// dragonWarriors is Dragon Warriors II's draft combat.
type dragonWarriors struct{}

func init() { register(dragonWarriors{}) }

func (dragonWarriors) ID() string            { return "dragonwarriors" }
func (dragonWarriors) Name() string          { return "Dragon Warriors II" }
func (dragonWarriors) MovesCostAP() bool     { return false }
func (dragonWarriors) Turn(s *State) Turn    { return orderTurn(s) }
func (dragonWarriors) Actions() []Action     { return sheetActions(true) }
func (dragonWarriors) ExactDice(string) bool { return true }
func (dragonWarriors) Explain(s *State, c Command) (string, error) {
	return explainAttack(s, c, writeStrike, CommandStrike)
}
func (dragonWarriors) Reach(s *State, f *Figure, run bool) (MoveArea, error) {
	return apReach(s, f, run)
}

func (dragonWarriors) CheckSheet(c Character) error {
	if c.DragonWarriors == nil {
		return fmt.Errorf("character %s has no Dragon Warriors II numbers (dragon_warriors: attack, defence, toughness, reflexes)", c.ID)
	}
	if err := c.DragonWarriors.Check(); err != nil {
		return fmt.Errorf("character %s: dragon_warriors: %w", c.ID, err)
	}
	return nil
}

func (d dragonWarriors) Decide(s *State, c Command, src func([]string) (rules.Source, error)) ([]Event, bool, error) {
	switch c.Kind {
	case CommandNewRound:
		ev, err := dwNewRound(s, src)
		return ev, true, err
	case CommandStrike:
		ev, err := dwStrike(s, c, src)
		return ev, true, err
	case CommandRecover:
		ev, err := dwRecover(s, c)
		return ev, true, err
	case CommandShoot:
		ev, err := dwMissile(s, c, src)
		return ev, true, err
	case CommandSegment, CommandReady, CommandCock, CommandProne, CommandDuck, CommandMelee, CommandDoor, CommandPickUp, CommandReload, CommandDefend, CommandEscape, CommandSkill:
		return nil, true, notIn(d, c.Kind)
	}
	return nil, false, nil
}

// dwFighter is a figure as a Dragon Warriors II fighter.
func dwFighter(s *State, f *Figure) *dragonwarriors.Fighter {
	ch := s.Characters[f.Character]
	sheet := dragonwarriors.Sheet{}
	if ch.DragonWarriors != nil {
		sheet = *ch.DragonWarriors
	}
	fi := sheet.Fighter(s.FigureName(f.ID), f.Hurt, f.Condition == rules.Stunned)
	fi.KnockedOut, fi.Dead = f.Condition == rules.Unconscious, f.Condition == rules.Dead
	return fi
}

// dwNewRound rolls Reflexes, less armour, for every figure standing (DW
// II: Combat): the order of the turn. A stun from before last round ends
// ("until this time next turn": the session clears it at the start of the
// round after the next).
func dwNewRound(s *State, src func([]string) (rules.Source, error)) ([]Event, error) {
	var ids []string
	var needs []string
	for _, id := range s.Order {
		if s.Figures[id].Condition < rules.Unconscious {
			ids = append(ids, id)
			needs = append(needs, s.FigureName(id)+"'s Reflexes: two d6, one added, one taken away, each six counted and rolled again")
		}
	}
	rnd, err := src(needs)
	if err != nil {
		return nil, err
	}
	e := Event{Kind: EventRoundStarted, Round: s.nextRound(), APs: map[string]int{}, Rolls: map[string][]int{}}
	var parts []string
	for _, id := range ids {
		f := s.Figures[id]
		fi := dwFighter(s, f)
		r, err := dragonwarriors.RollPlusMinus(rnd)
		if err != nil {
			return nil, &Refusal{Reason: err.Error(), Needs: needs}
		}
		total := fi.Reflex + r.Value - dragonwarriors.Armour[fi.Armour]
		e.APs[id] = total
		e.Rolls[id] = append(append([]int(nil), r.Plus...), r.Minus...)
		part := fmt.Sprintf("%s: Reflexes %d %s", fi.Name, fi.Reflex, r)
		if a := dragonwarriors.Armour[fi.Armour]; a > 0 {
			part += fmt.Sprintf(" − %d for armour", a)
		}
		parts = append(parts, fmt.Sprintf("%s = %d", part, total))
		if f.Condition == rules.Stunned && f.StunnedIn < s.Round {
			st := f.FigureStatus.clone()
			st.Condition, st.StunnedIn = rules.Fine, 0
			e.Changes = append(e.Changes, FigureChange{Figure: id, AP: total, Status: st})
		}
	}
	sort.SliceStable(ids, func(i, j int) bool { return e.APs[ids[i]] > e.APs[ids[j]] })
	e.Text = fmt.Sprintf("Round %d begins (Dragon Warriors II: Combat). %s. Order: %s.", e.Round, strings.Join(parts, "; "), joinNames(s, ids))
	for _, c := range e.Changes {
		e.Text += fmt.Sprintf(" %s shakes off the stun.", s.FigureName(c.Figure))
	}
	return []Event{e}, nil
}

// dwStrike resolves one blow (DW II: Roll to Hit, Ripostes, Injury).
// StrikePlan is a Dragon Warriors II blow priced before the dice: the
// scores each side adds its roll to, and the exact chance to hit.
type StrikePlan struct {
	Attacker, Target *Figure
	AF, TF           *dragonwarriors.Fighter
	Attack, Defence  int
	Stance           dragonwarriors.Stance
	Riposte          bool
	Chance           float64
}

// PlanStrike prices a strike command in a Dragon Warriors II fight.
func (s *State) PlanStrike(c Command) (StrikePlan, error) {
	f, _, err := actor(s, c.Figure)
	if err != nil {
		return StrikePlan{}, err
	}
	t, ok := s.Figures[c.Target]
	if !ok || t.ID == f.ID {
		return StrikePlan{}, refuse("there is no target %q", c.Target)
	}
	if t.Condition >= rules.Dead {
		return StrikePlan{}, refuse("%s is dead", s.FigureName(t.ID))
	}
	if f.At.DistanceTo(t.At) > 1 {
		return StrikePlan{}, refuse("%s is not beside %s", s.FigureName(t.ID), s.FigureName(f.ID))
	}
	p := StrikePlan{Attacker: f, Target: t, Riposte: c.Riposte}
	switch c.Stance {
	case "":
	case "full":
		p.Stance = dragonwarriors.FullParry
	case "aggressive":
		p.Stance = dragonwarriors.AggressiveParry
	default:
		return StrikePlan{}, refuse("%q is not a stance (full or aggressive parry, or none)", c.Stance)
	}
	p.AF, p.TF = dwFighter(s, f), dwFighter(s, t)
	p.Attack = p.AF.AttackScore()
	if c.Riposte {
		r := s.Riposte
		if r == nil || r.By != f.ID || r.Against != t.ID {
			return StrikePlan{}, refuse("%s has no riposte against %s now: a riposte answers the blow just won", p.AF.Name, p.TF.Name)
		}
		p.Attack = r.Score
	}
	p.Defence = p.TF.DefenceScore(p.Stance)
	p.Chance = dragonwarriors.WinChance(p.Attack, p.Defence)
	return p, nil
}

func dwStrike(s *State, c Command, src func([]string) (rules.Source, error)) ([]Event, error) {
	p, err := s.PlanStrike(c)
	if err != nil {
		return nil, err
	}
	f, t, af, tf, att, stance := p.Attacker, p.Target, p.AF, p.TF, p.Attack, p.Stance
	rnd, err := src([]string{fmt.Sprintf("%s's attack roll and %s's defence roll (each two d6, one added, one taken away, sixes rolled again), then a Toughness roll if hurt", af.Name, tf.Name)})
	if err != nil {
		return nil, err
	}
	wasStunned := tf.Stunned
	bl, err := dragonwarriors.Strike(rnd, af, att, tf, stance)
	if err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	e := Event{Kind: EventActed, Action: CommandStrike, Figure: f.ID, APLeft: f.AP, Targets: []string{t.ID}}
	text := bl.Text
	if c.Riposte {
		text = strings.Replace(text, " attacks ", " ripostes at ", 1)
	}
	e.Text = text + " (Dragon Warriors II: Roll to Hit)"
	if bl.Hit {
		newStun := !wasStunned || bl.Check != nil && bl.Check.Stunned
		e.Changes = append(e.Changes, dwHurt(s, t, tf, newStun))
	}
	if bl.Riposte > 0 {
		e.Riposte = &Riposte{By: t.ID, Against: f.ID, Score: bl.Riposte}
	}
	return []Event{e}, nil
}

// dwRecover clears a figure's stun early, by the Judge's ruling.
func dwRecover(s *State, c Command) ([]Event, error) {
	f, ok := s.Figures[c.Figure]
	if !ok {
		return nil, refuse("there is no figure %q in this fight", c.Figure)
	}
	if f.Condition != rules.Stunned {
		return nil, refuse("%s is not stunned", s.FigureName(f.ID))
	}
	st := f.FigureStatus.clone()
	st.Condition, st.StunnedIn = rules.Fine, 0
	return []Event{{Kind: EventActed, Action: CommandRecover, Figure: f.ID, APLeft: f.AP,
		Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}},
		Text:    s.FigureName(f.ID) + " shakes off the stun."}}, nil
}

// dwMissile is a missile attack (DW II: Missile Combat): the attacker's
// Attack with the weapon's bonus against a difficulty in place of Defence:
// the range in feet for close-range weapons, in fathoms for bows and
// crossbows, two more for a shield. The difficulty is rolled plus-minus as
// a defence would be ("the same form as melee combat", docs/defaults.md).
func dwMissile(s *State, c Command, src func([]string) (rules.Source, error)) ([]Event, error) {
	f, _, err := actor(s, c.Figure)
	if err != nil {
		return nil, err
	}
	if len(c.Shots) == 0 {
		return nil, refuse("a missile attack needs a target")
	}
	t, ok := s.Figures[c.Shots[0].Target]
	if !ok || t.ID == f.ID {
		return nil, refuse("there is no target %q", c.Shots[0].Target)
	}
	af, tf := dwFighter(s, f), dwFighter(s, t)
	w, ok := dragonwarriors.FindWeapon(af.Weapon)
	if !ok || !(w.Thrown || w.LongRange) {
		return nil, refuse("%s has no missile weapon (a bow, crossbow, light spear or knife)", af.Name)
	}
	feet := float64(f.At.DistanceTo(t.At)) * s.Map.Scale * dragonwarriors.FeetPerPace
	diff := dragonwarriors.MissileDifficulty(w, feet, tf.Shield)
	att := af.AttackScore()
	m, why := lcToHit(s, f) // declared at initiative (Lead and Chrome)
	att += m
	rnd, err := src([]string{fmt.Sprintf("%s's attack roll and the difficulty's roll (each two d6, one added, one taken away, sixes rolled again), then a Toughness roll if hurt", af.Name)})
	if err != nil {
		return nil, err
	}
	// The difficulty stands in for the target's Defence: no stance, no
	// shield twice, no riposte.
	stand := &dragonwarriors.Fighter{Name: tf.Name, Defence: diff, Toughness: tf.Toughness, Armour: tf.Armour, Wounds: tf.Wounds}
	bl, err := dragonwarriors.Strike(rnd, af, att, stand, dragonwarriors.FullParry)
	if err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	unit := fmt.Sprintf("%.0f feet", feet)
	if w.LongRange {
		unit = fmt.Sprintf("%.0f fathoms", feet/6)
	}
	e := Event{Kind: EventActed, Action: CommandShoot, Figure: f.ID, APLeft: f.AP, Targets: []string{t.ID},
		Text: fmt.Sprintf("%s looses a %s at %s, %s away: difficulty %d. %s (Dragon Warriors II: Missile Combat)",
			af.Name, strings.ToLower(w.Name), tf.Name, unit, diff, strings.Replace(bl.Text, tf.Name+" defends", "the difficulty", 1))}
	if len(why) > 0 {
		e.Text += " (Lead and Chrome: " + strings.Join(why, ", ") + ")"
	}
	if bl.Hit {
		e.Changes = append(e.Changes, dwHurt(s, t, stand, true))
	}
	return []Event{e}, nil
}

// dwHurt is figure t's change after a blow left its fighter fi so: its
// wounds, and dead, knocked out or stunned (a new stun dated this round).
func dwHurt(s *State, t *Figure, fi *dragonwarriors.Fighter, newStun bool) FigureChange {
	st := t.FigureStatus.clone()
	st.Hurt = fi.Wounds
	switch {
	case fi.Dead:
		st.Condition = rules.Dead
	case fi.KnockedOut:
		st.Condition = rules.Unconscious
	case fi.Stunned:
		st.Condition = rules.Stunned
		if newStun {
			st.StunnedIn = s.Round
		}
	}
	return FigureChange{Figure: t.ID, AP: t.AP, Status: st}
}

// dwSheet is the character's Dragon Warriors II numbers, made if missing.
func dwSheet(c *Character) *dragonwarriors.Sheet {
	if c.DragonWarriors == nil {
		c.DragonWarriors = &dragonwarriors.Sheet{}
	}
	return c.DragonWarriors
}

// Sheet: the four numbers, the weapon, armour and shield.
func (dragonWarriors) Sheet() []SheetPart {
	weapons := []string{"(no modifiers)"}
	for _, w := range dragonwarriors.Weapons {
		weapons = append(weapons, w.ID)
	}
	armours := sortedKeys(dragonwarriors.Armour)
	sort.SliceStable(armours, func(i, j int) bool {
		return dragonwarriors.Armour[armours[i]] < dragonwarriors.Armour[armours[j]] || armours[i] == "none"
	})
	return []SheetPart{{Title: "Dragon Warriors II", Fields: []SheetField{
		numberField("Attack", func(c *Character) *int { return &dwSheet(c).Attack }),
		numberField("Defence", func(c *Character) *int { return &dwSheet(c).Defence }),
		numberField("Toughness", func(c *Character) *int { return &dwSheet(c).Toughness }),
		numberField("Reflexes", func(c *Character) *int { return &dwSheet(c).Reflexes }),
		{Label: "Weapon", Kind: FieldChoice, Choices: weapons,
			Get: func(c *Character) string { return cmp.Or(dwSheet(c).Weapon, weapons[0]) },
			Set: func(c *Character, v string) error {
				if v == weapons[0] {
					v = ""
				}
				dwSheet(c).Weapon = v
				return nil
			}},
		{Label: "Armour", Kind: FieldChoice, Choices: armours,
			Get: func(c *Character) string { return cmp.Or(dwSheet(c).Armour, "none") },
			Set: func(c *Character, v string) error {
				if v == "none" {
					v = ""
				}
				dwSheet(c).Armour = v
				return nil
			}},
		checkField("Shield (+2 defence)", func(c *Character) *bool { return &dwSheet(c).Shield }),
	}}}
}

// Derived: the attack and defence with weapon and shield, and initiative.
func (dragonWarriors) Derived(c Character) string {
	dw := dwSheet(&c)
	f := dw.Fighter(c.Name, 0, false)
	return fmt.Sprintf("Dragon Warriors II: attack %d and defence %d with the weapon and shield, initiative Reflexes %d − %d for armour.",
		f.AttackScore(), f.DefenceScore(dragonwarriors.Normal), dw.Reflexes, dragonwarriors.Armour[dw.Armour])
}

// Switches: none of its own.
func (dragonWarriors) Switches(FightOptions) []Switch { return nil }

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

// Movement: one move goes twice Move (session.freeMoveAP).
func (dragonWarriors) Movement(s *State, f *Figure) string {
	return freeMovement(s, f)
}
