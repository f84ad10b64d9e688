package session

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"hexslinger/rules"
)

// The West That Wasn't 3.0, the default system: its seam. Its combat
// decisions are in twtw_combat.go; its rules in package rules.

func init() {
	register(twtw{})
	registerOptionPart[TWTWOptions]("twtw")
	registerStatusPart[twtwStatus]("twtw")
}

// TWTWOptions are TWTW's own options of a fight (its part of
// FightOptions): the Judge's figures answering a blow without being
// asked, and the optional rules of the TWTW Conflict chapter. In a file
// they sit flat among the options every system has, as they always did.
type TWTWOptions struct {
	// NPCDefense answers a blow at one of the Judge's figures without
	// asking: "none", "block" or "dodge" (as it can pay for; else none).
	// Empty: the Judge is asked, as a player is for theirs.
	NPCDefense string `json:"npc_defense,omitempty"`
	// WeaponLength plays the optional rule: the longer weapon has the
	// advantage until the shorter one's wielder lands a blow on the torso
	// or head (TWTW Conflict: Optional Rule: Weapon Length).
	WeaponLength bool `json:"weapon_length,omitempty"`
	// Acuity plays the optional rule: an aimed shot may draw on Acuity in
	// place of Coordination (TWTW Conflict: Aim and Snap Shots).
	Acuity bool `json:"acuity,omitempty"`
	// FieldsOfFire plays the optional rule: a target outside the firer's
	// field of fire (its front arc) costs 1 AP more (TWTW Conflict:
	// Multiple Attacks).
	FieldsOfFire bool `json:"fields_of_fire,omitempty"`
}

// TWTW is the fight's TWTW options.
func (o FightOptions) TWTW() TWTWOptions { return partOf[TWTWOptions](o.Parts) }

// WithTWTW is o with TWTW's options t.
func (o FightOptions) WithTWTW(t TWTWOptions) FightOptions {
	setPart(&o.Parts, t)
	return o
}

// withTWTW is o with TWTW's options changed by change.
func (o FightOptions) withTWTW(change func(*TWTWOptions)) FightOptions {
	editPart(&o.Parts, change)
	return o
}

// said is the options' sentences in the log of set_options.
func (t TWTWOptions) said() []string {
	var out []string
	if t.WeaponLength {
		out = append(out, "Optional rule: weapon length.")
	}
	if t.Acuity {
		out = append(out, "Optional rule: an aimed shot may draw on Acuity.")
	}
	if t.FieldsOfFire {
		out = append(out, "Optional rule: fields of fire.")
	}
	if t.NPCDefense != "" {
		out = append(out, fmt.Sprintf("A blow at one of the Judge's figures is answered %q at once.", t.NPCDefense))
	}
	return out
}

// check refuses a default answer that is none of the defenses, naming
// its field.
func (t TWTWOptions) check() error {
	if err := checkNPCDefense(t.NPCDefense); err != nil {
		return fmt.Errorf("npc_defense: %w", err)
	}
	return nil
}

// twtwStatus is what TWTW keeps of a figure beyond the shared fields (its
// part of FigureStatus), for a round.
type twtwStatus struct {
	// Recovered: the figure, stunned, has spent this round's action on a
	// recovery check (TWTW Conflict: Wound Effects: "Each round, stunned
	// characters use their action (Recover, all APs)").
	Recovered bool `json:"recovered,omitempty"`
}

// twtw is the figure's TWTW part.
func (st *FigureStatus) twtw() twtwStatus { return partOf[twtwStatus](st.Parts) }

// withTWTW changes the figure's TWTW part with change.
func (st *FigureStatus) withTWTW(change func(*twtwStatus)) { editPart(&st.Parts, change) }

// newRound is the part when a new round starts: a round's recovery is
// over (State.Apply).
func (twtwStatus) newRound() any { return nil }

// twtw is The West That Wasn't 3.0, the default system.
type twtw struct{}

func (twtw) ID() string                   { return "twtw" }
func (twtw) Name() string                 { return "The West That Wasn't 3.0" }
func (twtw) CheckSheet(c Character) error { return nil }
func (twtw) MovesCostAP() bool            { return true }
func (twtw) Reach(s *State, f *Figure, run bool) (MoveArea, error) {
	if err := mounted(s, Command{Kind: CommandMove, Figure: f.ID}); err != nil {
		return MoveArea{}, err
	}
	return apReach(s, f, run)
}
func (twtw) Turn(s *State) Turn               { return segmentTurn(s) }
func (twtw) Sheet() []SheetPart               { return twtwParts }
func (twtw) Derived(c Character) string       { return twtwDerived(c) }
func (twtw) Switches(o FightOptions) []Switch { return twtwSwitches(o) }
func (twtw) Actions() []Action                { return twtwActions }

// ExactDice: TWTW's shots, blows and recoveries ask for rolls that happen
// only on a hit ("a stun check on a hit", "a block roll if declared");
// initiative rolls every die.
func (twtw) ExactDice(kind string) bool { return kind == CommandNewRound }
func (twtw) Explain(s *State, c Command) (string, error) {
	return explainTWTW(s, c)
}

func (twtw) Decide(s *State, c Command, src roller) ([]Event, bool, error) {
	if err := mounted(s, c); err != nil {
		return nil, true, err
	}
	switch c.Kind {
	case CommandNewRound:
		ev, err := decideRoundRiding(s, c, src)
		return ev, true, err
	case CommandSegment:
		ev, err := decideSegmentRiding(s)
		return ev, true, err
	case CommandMount:
		ev, err := decideMount(s, c)
		return ev, true, err
	case CommandRide:
		ev, err := decideRide(s, c)
		return ev, true, err
	case CommandReady, CommandCock, CommandProne, CommandDuck, CommandShoot, CommandMelee, CommandRecover, CommandPickUp, CommandReload, CommandEscape, CommandSkill:
		ev, err := decideAction(s, c, src)
		return ev, true, err
	case CommandDoor:
		ev, err := decideDoor(s, c)
		return ev, true, err
	case CommandDefend:
		ev, err := decideDefend(s, c, src)
		return ev, true, err
	case CommandStrike:
		return nil, true, refuse("strike is a Dragon Warriors II command; in TWTW use melee or shoot")
	}
	return nil, false, nil
}

// explainTWTW explains a TWTW command: an interrupt first, when the
// figure's number has not come up; a shot series or a blow with every
// modifier, pool and chance; anything else from its preview.
func explainTWTW(s *State, c Command) (string, error) {
	if c.Kind == CommandDefend {
		return explainDefense(s, c)
	}
	var b strings.Builder
	if w := s.Interrupt(c.Figure); w != "" {
		b.WriteString(w + "\n")
	}
	var err error
	switch c.Kind {
	case CommandShoot:
		err = explainShoot(&b, s, c)
	case CommandMelee:
		err = explainMelee(&b, s, c)
	default:
		var text string
		text, err = explainPreview(s, c)
		b.WriteString(text)
	}
	if err != nil {
		return "", err
	}
	return b.String(), nil
}

// explainShoot writes a shot series' explanation: every shot's
// modifiers, pool and chance, and a skill done with it. A series the
// figure cannot pay for fails, the explanation in its error.
func explainShoot(b *strings.Builder, s *State, c Command) error {
	f := s.Figures[c.Figure]
	plan, err := s.PlanShoot(c.Figure, c.Weapon, c.Shots, judgeMods(c)...)
	if err != nil {
		return err
	}
	with, err := planWith(s, f, s.Characters[f.Character], c)
	if err != nil {
		return err
	}
	plan.Series.Skip = with.skip()
	writeShootPlan(b, s, plan, f.AP-with.apOf())
	writeWith(b, s, with)
	if need := plan.Series.AP + with.apOf(); need > f.AP {
		return fmt.Errorf("%s needs %d AP for this but has %d.\n%s", s.FigureName(f.ID), need, f.AP, b.String())
	}
	return nil
}

// explainMelee writes a blow's explanation (its AP, TN, pool and chance,
// advantage and what lowers the defense), a skill done with it, a series'
// blows, and the foes' defenses; a blow the figure cannot pay for fails.
func explainMelee(b *strings.Builder, s *State, c Command) error {
	f := s.Figures[c.Figure]
	mp, err := s.PlanMelee(c.Figure, c.Weapon, c.Blow, judgeMods(c)...)
	if err != nil {
		return err
	}
	with, err := planWith(s, f, s.Characters[f.Character], c)
	if err != nil {
		return err
	}
	if mp.Skip = with.skip(); mp.Skip > 0 && !mp.Sabotage {
		mp.Chance = rules.KthHitChance(mp.Pool, 1+mp.Skip, 0, mp.TN)
	}
	fmt.Fprintf(b, "%s: %d AP; %s.\nTN %d: %s's defense value.\nPool %s; chance to land the blow %.0f%%.\n%s: %s.",
		mp.Plan.Blow.Attack.Name, mp.Plan.AP, mp.Plan.Explained, mp.TN, s.FigureName(mp.Target.ID), mp.Pool, 100*mp.Chance,
		s.FigureName(mp.Target.ID), s.BlowOdds(mp))
	if mp.Advantage != 0 {
		fmt.Fprintf(b, "\nAdvantage %+d (%s): as many upgrades (downgrades).", mp.Advantage, mp.AdvantageWhy)
	}
	for _, m := range mp.TNMods {
		fmt.Fprintf(b, "\n%s.", m)
	}
	if mp.Sabotage {
		b.WriteString("\nMeant to miss: only a Calamity card lands it (TWTW Conflict: Action Sabotage).")
	}
	if mp.Choose {
		b.WriteString("\nFull dominance or a blow from behind: the attacker chooses where it lands (call a location).")
	}
	writeWith(b, s, with)
	ap, defAP := mp.Plan.AP, mp.DefAP
	if len(c.Blows) > 0 {
		if ap, defAP, err = writeSeries(b, s, f, c, mp); err != nil {
			return err
		}
	}
	ap += with.apOf()
	if defAP > 0 {
		fmt.Fprintf(b, "\n%s spends %d AP to %s.", s.FigureName(mp.Target.ID), defAP, c.Blow.Defense)
	}
	if ap > f.AP {
		return fmt.Errorf("%s needs %d AP but has %d", s.FigureName(f.ID), ap, f.AP)
	}
	return nil
}

// writeSeries writes a series of blows from one pool (mp its first):
// each blow's AP, TN and die, a change of foe, a blow past the skill's
// level, and the other foes' defenses. It returns the series' AP and what
// the first foe's defense costs it.
func writeSeries(b *strings.Builder, s *State, f *Figure, c Command, mp MeleePlan) (ap, defAP int, err error) {
	plans, err := s.planBlows(f, c)
	if err != nil {
		return 0, 0, err
	}
	ap, defAP = seriesAP(plans), defenseAP(plans, mp.Target.ID)
	allowed := rules.AttackLimit(s.Characters[f.Character].Character, mp.Skill, len(plans))
	fmt.Fprintf(b, "\nA series of %d blows from one pool, %d AP in all:", len(plans), ap)
	for i, p := range plans {
		fmt.Fprintf(b, "\n  Blow %d, %s at %s: %d AP, TN %d, the die %d highest", i+1, p.Plan.Blow.Attack.Name, s.FigureName(p.Target.ID), p.Plan.AP, p.TN-(p.Steps-mp.Steps), i+1)
		if i > 0 && p.Target.ID != plans[i-1].Target.ID {
			fmt.Fprintf(b, "; %d AP to change foe", rules.RangedModifiers.TargetSwitchAP)
		}
		if !allowed[i] {
			fmt.Fprintf(b, "; past the %s level: misses", mp.Skill)
		}
	}
	for _, id := range seriesFoes(plans)[1:] {
		if d := defenseAP(plans, id); d > 0 {
			fmt.Fprintf(b, "\n%s spends %d AP to defend.", s.FigureName(id), d)
		}
	}
	return ap, defAP, nil
}

// writeWith writes the skill test done with an attack: its AP, pool and
// the result it reads.
func writeWith(b *strings.Builder, s *State, k *combined) {
	if k == nil {
		return
	}
	rank := "secondary: the attack takes the highest result of its pool, the skill the second highest of its own"
	if k.order.Primary {
		rank = "primary: it takes the highest result of its pool, the attack the next of its own"
	}
	fmt.Fprintf(b, "\nWith it, %s: %d AP, pool %s against TN %d, %s (TWTW Conflict: Combining Combat and Non-Combat Actions).\n",
		k.order.Skill, k.ap, k.pool, rules.TNStandard, rank)
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
		writeFiring(b, plan, i)
		fmt.Fprintf(b, "  %s: %s.\n", s.FigureName(t.ID), s.ShotOdds(plan, i))
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

// segmentTurn is TWTW's round: the segments 20 → 1 counted down by the
// Judge, each figure at its initiative number (its AP left, as it pays),
// and "done" for those with none (TWTW Conflict: Round Timing).
// ActingNow are the figures who may act at this segment, in Quickness
// order (the fight's order among equals), and those felled in it who may
// still make its attack: "figures acting in the same segment act in
// Quickness order, their effects land together" (DESIGN.md segments).
func (s *State) ActingNow() []string {
	var ids []string
	for _, id := range s.Order {
		if s.MayAct(id) || s.FelledNow(id) {
			ids = append(ids, id)
		}
	}
	quick := func(id string) int { return s.Characters[s.Figures[id].Character].Traits.Quickness }
	slices.SortStableFunc(ids, func(a, b string) int { return quick(b) - quick(a) })
	return ids
}

func segmentTurn(s *State) Turn {
	t := Turn{Segments: true, Heading: fmt.Sprintf("Round %d, segment %d", s.Round, s.Segment)}
	for seg := rules.Segments; seg >= 0; seg-- {
		step := TurnStep{Label: strconv.Itoa(seg), Now: seg == s.Segment && seg > 0}
		if seg == 0 {
			step.Label = "done"
		}
		for _, id := range s.Order {
			if min(max(s.Figures[id].AP, 0), rules.Segments) == seg {
				step.Figures = append(step.Figures, id)
			}
		}
		t.Steps = append(t.Steps, step)
	}
	var may []string
	for _, id := range s.ActingNow() {
		name := s.FigureName(id)
		if s.FelledNow(id) {
			name += " (felled: the attack of this segment still lands)"
		}
		may = append(may, name)
	}
	t.Line = fmt.Sprintf("Round %d, segment %d. ", s.Round, s.Segment)
	switch {
	case !s.Begun:
		t.Line += "No initiative yet: Ctrl+R rolls round 1's."
	case len(may) == 0:
		t.Line += "No one may act at this segment: count down (Ctrl+G) or start the next round (Ctrl+R)."
	default:
		t.Line += "May act now, in Quickness order, their effects landing together: " + joinAnd(may) + "."
	}
	return t
}

// twtwParts are TWTW's traits, skills and weapons.
var twtwParts = func() []SheetPart {
	traits := SheetPart{Title: "Traits (TWTW)"}
	ranks := map[string]func(t *rules.Traits) *int{
		"quickness": func(t *rules.Traits) *int { return &t.Quickness }, "coordination": func(t *rules.Traits) *int { return &t.Coordination },
		"acuity": func(t *rules.Traits) *int { return &t.Acuity }, "fortitude": func(t *rules.Traits) *int { return &t.Fortitude },
		"bravery": func(t *rules.Traits) *int { return &t.Bravery }, "strength": func(t *rules.Traits) *int { return &t.Strength },
	}
	for _, t := range []string{"quickness", "coordination", "acuity", "fortitude", "bravery", "strength"} {
		rank := ranks[t]
		traits.Fields = append(traits.Fields, numberField(titled(t), func(c *Character) *int { return rank(&c.Traits) }))
	}
	skills := SheetPart{Title: "Skills"}
	for _, sk := range sortedKeys(rules.SkillTraits) {
		skills.Fields = append(skills.Fields, SheetField{Label: sk, Kind: FieldNumber, Hint: "0",
			Get: func(c *Character) string {
				if lvl := c.Skills[sk]; lvl > 0 {
					return strconv.Itoa(lvl)
				}
				return ""
			},
			Set: func(c *Character, v string) error {
				lvl, err := wholeNumber(sk, v)
				if err != nil {
					return err
				}
				if lvl == 0 {
					delete(c.Skills, sk)
					return nil
				}
				if c.Skills == nil {
					c.Skills = map[string]int{}
				}
				c.Skills[sk] = lvl
				return nil
			}})
	}
	weapons := SheetPart{Title: "Weapons"}
	ids := sortedKeys(ruleTables.weapons)
	sort.SliceStable(ids, func(i, j int) bool { return ruleTables.weapons[ids[i]].Name < ruleTables.weapons[ids[j]].Name })
	for _, id := range ids {
		w := ruleTables.weapons[id]
		weapons.Fields = append(weapons.Fields, SheetField{Label: w.Name, Kind: FieldCheck,
			Get: func(c *Character) string { return strconv.FormatBool(carriedIndex(c.Gear, id) >= 0) },
			Set: func(c *Character, v string) error {
				i := carriedIndex(c.Gear, id)
				switch {
				case v == "true" && i < 0: // carried now: loaded full
					c.Gear = append(c.Gear, rules.Carried{Weapon: id, Loaded: w.Capacity})
				case v != "true" && i >= 0: // what the sheet said of the rest is kept
					c.Gear = append(c.Gear[:i:i], c.Gear[i+1:]...)
				}
				return nil
			}})
	}
	return []SheetPart{traits, skills, weapons}
}()

// carriedIndex is where gear carries weapon id, or −1.
func carriedIndex(gear []rules.Carried, id string) int {
	for i, g := range gear {
		if g.Weapon == id {
			return i
		}
	}
	return -1
}

// twtwDerived is what TWTW derives from a sheet.
func twtwDerived(ch Character) string {
	var b strings.Builder
	fmt.Fprintf(&b, "AP %d (5 + Quickness) · initiative %s at TN 5 · Conc capacity %d (2 × Size + 2) · defense value %d · damage bonus %+d\n",
		ch.BaseAP(), ch.TraitPool("quickness", false), rules.ConcCapacity(ch.Size), ch.DefenseValue(), ch.DamageBonus())
	var pools []string
	for _, s := range sortedKeys(rules.SkillTraits) {
		if ch.Skills[s] > 0 {
			pool, _ := ch.SkillPool(s)
			pools = append(pools, fmt.Sprintf("%s %s", s, pool))
		}
	}
	if len(pools) == 0 {
		b.WriteString("No skills: every test is unskilled (the trait's dice, one downgrade).")
	} else {
		b.WriteString("Pools: " + strings.Join(pools, " · "))
	}
	return b.String()
}

// twtwActions are TWTW's actions.
var twtwActions = []Action{
	{Name: ActMove, Kind: CommandMove}, {Name: ActTurn, Kind: CommandTurn},
	{Name: ActReady, Kind: CommandReady}, {Name: ActCock, Kind: CommandCock},
	{Name: ActShoot, Kind: CommandShoot}, {Name: ActMelee, Kind: CommandMelee},
	{Name: ActProne, Kind: CommandProne}, {Name: ActDuck, Kind: CommandDuck},
	{Name: ActRecover, Kind: CommandRecover}, {Name: ActDoor, Kind: CommandDoor},
	{Name: ActReload, Kind: CommandReload}, {Name: ActSpeedLoad, Kind: CommandReload, Speed: true},
	{Name: ActPickUp, Kind: CommandPickUp}, {Name: ActEscape, Kind: CommandEscape},
	{Name: ActSkill, Kind: CommandSkill}, {Name: ActRide, Kind: CommandRide}, {Name: ActMount, Kind: CommandMount},
}

// Movement: paces per AP walking and running, or a rider's mount's
// paces a round.
func (twtw) Movement(s *State, f *Figure) string {
	c := s.Characters[f.Character]
	if m := f.Mount; m != nil {
		return fmt.Sprintf("on the %s: pace %d, gallop %d paces a round", m.What, m.Pace, m.Gallop)
	}
	if _, err := (twtw{}).gait(s, f, c.Character, false); err != nil {
		return "no move on foot: both legs disabled"
	}
	if g, _ := (twtw{}).gait(s, f, c.Character, false); g.Run == 0 && c.Run > 0 {
		return fmt.Sprintf("Move %d, no running: a leg disabled", g.Move)
	}
	return fmt.Sprintf("Move %d, Run %d", c.Move, c.Run)
}

// twtwSwitches are TWTW's own options: the optional rules (weapon length,
// aiming on Acuity, fields of fire), and the Judge's figures taking blows
// without being asked.
func twtwSwitches(o FightOptions) []Switch {
	t := o.TWTW()
	return []Switch{
		{Label: "Optional rule: weapon length (the longer weapon has the advantage until the shorter closes)", On: t.WeaponLength,
			Set: func(o FightOptions, on bool) FightOptions {
				return o.withTWTW(func(t *TWTWOptions) { t.WeaponLength = on })
			}},
		{Label: "Optional rule: an aimed shot may draw on Acuity in place of Coordination", On: t.Acuity,
			Set: func(o FightOptions, on bool) FightOptions { return o.withTWTW(func(t *TWTWOptions) { t.Acuity = on }) }},
		{Label: "Optional rule: fields of fire (a target outside the front arc costs 1 AP more)", On: t.FieldsOfFire,
			Set: func(o FightOptions, on bool) FightOptions {
				return o.withTWTW(func(t *TWTWOptions) { t.FieldsOfFire = on })
			}},
		{Label: "The Judge's figures take blows without being asked (no block or dodge)", On: t.NPCDefense == DefenseNone,
			Set: func(o FightOptions, on bool) FightOptions {
				return o.withTWTW(func(t *TWTWOptions) {
					t.NPCDefense = ""
					if on {
						t.NPCDefense = DefenseNone
					}
				})
			}},
	}
}
