package session

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"hexslinger/hexmap"
	"hexslinger/rules"
	"hexslinger/rules/fudge"
)

// fudgeSystem is Fudge combat with Timothy J. Miller's Combat Options as
// modules the fight switches on in its options (fudge).
type fudgeSystem struct{}

func init() {
	register(fudgeSystem{})
	registerStatusPart[fudgePart]("fudge")
	registerOptionPart[fudgeOptionsPart]("fudge")
}

// fudgePart is what Fudge keeps of a figure beyond what every system does
// (its part of FigureStatus). Its damage is its Hurt, the one track every
// system that counts harm so shares.
type fudgePart struct {
	// ShieldTaken is the damage the figure's shield has absorbed.
	ShieldTaken int `json:"shield_taken,omitempty"`
	// OutSince is the round the figure was knocked out of the fight.
	OutSince int `json:"out_since,omitempty"`
	// Fudge is what the Combat Options keep of the figure.
	Fudge FudgeStatus `json:"fudge,omitzero"`
}

// fudgePart is the figure's Fudge part.
func (st *FigureStatus) fudgePart() fudgePart { return partOf[fudgePart](st.Parts) }

// withFudgePart changes the figure's Fudge part with change.
func (st *FigureStatus) withFudgePart(change func(*fudgePart)) { editPart(&st.Parts, change) }

// check range-checks the part, from an event or a fight file.
func (p fudgePart) check() error {
	return checkCounts(countField{"shield_taken", p.ShieldTaken}, countField{"out_since", p.OutSince})
}

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

// Actions: strike and fire (with the Judge's word on a shield check),
// move, turn, recover; the Judge's treatment of wounds and ruling on a
// critical damage check.
func (fudgeSystem) Actions() []Action {
	var acts []Action
	for _, a := range sheetActions(false) {
		a.Shield = a.Kind == CommandStrike || a.Kind == CommandShoot
		if a.Shield {
			a.JudgeModifier = FudgeJudgeModifier
		}
		acts = append(acts, a)
		if a.Kind == CommandStrike {
			acts = append(acts, Action{Name: ActBash, Kind: CommandStrike, Shield: true, Weapon: ShieldBash, JudgeModifier: FudgeJudgeModifier})
		}
	}
	var ladder []string
	for l := fudge.Terrible; l <= fudge.Legendary; l++ {
		ladder = append(ladder, l.String())
	}
	return append(acts, Action{Name: ActTreat, Kind: CommandTreat, Ladder: ladder},
		Action{Name: ActGrant, Kind: CommandGrant, Rulings: FudgeRulings})
}

// Turn: Fudge combat rounds are simultaneous, every figure acting once,
// unless the fight rolls Lead and Chrome's initiative.
func (fudgeSystem) Turn(s *State) Turn {
	if orderedByOption(s) { // Lead and Chrome's initiative
		return orderTurn(s)
	}
	return Turn{Steps: []TurnStep{{Label: "this round", Figures: append([]string(nil), s.Order...), Now: true}},
		Together: true,
		Line:     fmt.Sprintf("Round %d of Fudge: combat rounds are simultaneous; every figure acts once. Ctrl+R starts the next round.", s.Round)}
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
	if m := fudgeModulesOf(s.Options); m != nil {
		return *m
	}
	return fudge.Options{}
}

// fudgeOptionsPart is Fudge's own options of a fight (its part of
// FightOptions).
type fudgeOptionsPart struct {
	// Fudge are the Combat Options modules of the fight; nil, none (and
	// the log of set_options says nothing of them).
	Fudge *fudge.Options `json:"fudge,omitempty"`
}

// fudgeModulesOf is the fight's Combat Options modules, nil if it sets none.
// Not to be changed in place: withFudgeModules sets others.
func fudgeModulesOf(o FightOptions) *fudge.Options { return partOf[fudgeOptionsPart](o.Parts).Fudge }

// withFudgeModules is o with the Combat Options modules m.
func withFudgeModules(o FightOptions, m *fudge.Options) FightOptions {
	setPart(&o.Parts, fudgeOptionsPart{Fudge: m})
	return o
}

// said is the options' sentence in the log of set_options: the modules on.
func (p fudgeOptionsPart) said() []string {
	m := p.Fudge
	if m == nil {
		return nil
	}
	var on []string
	for _, x := range []struct {
		name string
		v    bool
	}{{"armor coverage", m.ArmorCoverage}, {"shield checks", m.ShieldChecks}, {"shield damage", m.ShieldDamage},
		{"the alternate wound track", m.WoundTrack}, {"damage checks", m.DamageChecks}, {"recovery during combat", m.RecoveryInCombat},
		{"recovery without the recommended wait", m.RecoveryNoWait}} {
		if x.v {
			on = append(on, x.name)
		}
	}
	if len(on) == 0 {
		on = []string{"none"}
	}
	return []string{"Combat Options modules: " + strings.Join(on, ", ") + "."}
}

// forPlayers is the part as a player's seat is sent it: its own copy of
// the modules (playersOptions).
func (p fudgeOptionsPart) forPlayers() any {
	if p.Fudge != nil {
		m := *p.Fudge
		p.Fudge = &m
	}
	return p
}

func (fs fudgeSystem) Decide(s *State, c Command, src roller) ([]Event, bool, error) {
	switch c.Kind {
	case CommandNewRound:
		// No initiative to roll: round 1 begins as the fight opens. Every
		// figure's AP stays, and its exchange of the round is to come.
		e := Event{Kind: EventRoundStarted, Round: s.Round + 1, APs: map[string]int{},
			Text: fmt.Sprintf("Round %d: Fudge combat rounds are simultaneous; every figure acts once.", s.Round+1)}
		for _, id := range s.Order {
			e.APs[id] = s.Figures[id].AP
		}
		return []Event{e}, true, nil
	case CommandTreat:
		ev, err := fudgeTreat(s, c, src)
		return ev, true, err
	case CommandGrant:
		ev, err := fudgeGrant(s, c)
		return ev, true, err
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

// Fudge's own commands: the Judge's treatment of a wound (Combat Options
// 3.2) and ruling on a critical damage check (4.3.1, 4.3.2).
const (
	CommandTreat = "treat" // Figure's wounds are treated by a healer of skill Fudge.Healer
	CommandGrant = "grant" // the Judge's Fudge.Ruling on Figure's critical damage check
)

// FudgeOrder is the Judge's word on a Fudge command (Combat Options): on a
// strike or fire, that the shieldman loses his shield check, or a
// modifier to it (2.2); on treat, the healer's skill and whether a
// failure adds to the injury (3.2); on grant, the ruling on a critical
// damage check and the boxes it moves (4.3.1, 4.3.2). The Judge's only.
type FudgeOrder struct {
	ShieldLost     bool        `json:"shield_lost,omitempty"`
	ShieldModifier int         `json:"shield_modifier,omitempty"`
	Healer         fudge.Level `json:"healer,omitempty"`
	Worsen         bool        `json:"worsen,omitempty"`
	Ruling         string      `json:"ruling,omitempty"`
	Boxes          int         `json:"boxes,omitempty"`
}

// MaxShieldModifier bounds the Judge's modifier to a shield check either
// way.
const MaxShieldModifier = 4

// FudgeStatus is what Combat Options keeps of a figure between commands.
type FudgeStatus struct {
	// Wounded: the negative action modifiers due to wounds apply, after a
	// failed damage check (4.3.2) and a recovery (4.4). Without damage
	// checks they always do.
	Wounded bool `json:"wounded,omitempty"`
	// Tried is the round of the figure's last try to recover (4.4): one a
	// round.
	Tried int `json:"tried,omitempty"`
	// Critical is the last damage check's critical ("success" or
	// "failure"), until the Judge rules on it (grant).
	Critical string `json:"critical,omitempty"`
	// The Judge's rulings on a critical: the next damage check succeeds;
	// the next healing succeeds or fails; in severe shock or near death,
	// no recovery during the combat.
	Adrenaline bool `json:"adrenaline,omitempty"`
	HealSure   bool `json:"heal_sure,omitempty"`
	HealFails  bool `json:"heal_fails,omitempty"`
	Shock      bool `json:"shock,omitempty"`
	NearDeath  bool `json:"near_death,omitempty"`
}

// The rulings the Judge may give on a critical damage check (Combat
// Options 4.3.1 after a critical success, 4.3.2 after a critical
// failure), as grant's Fudge.Ruling.
const (
	RulingAdrenaline    = "adrenaline: the next damage check succeeds"
	RulingLighter       = "a previous wound not as bad: clear boxes"
	RulingSureHealing   = "the next healing succeeds"
	RulingShock         = "severe shock: no recovery during the combat"
	RulingNearDeath     = "near death, whatever the wound level"
	RulingWorse         = "a previous wound worse: mark boxes"
	RulingFailedHealing = "the next healing fails"
)

// FudgeRulings are the rulings on a critical damage check, successes'
// first.
var FudgeRulings = []string{RulingAdrenaline, RulingLighter, RulingSureHealing, RulingShock, RulingNearDeath, RulingWorse, RulingFailedHealing}

// fudgeRulingOn is the critical each ruling answers.
var fudgeRulingOn = map[string]string{RulingAdrenaline: "success", RulingLighter: "success", RulingSureHealing: "success",
	RulingShock: "failure", RulingNearDeath: "failure", RulingWorse: "failure", RulingFailedHealing: "failure"}

// fudgeWound is a figure's wound level, on the alternate track (the
// sheet's boxes) or the standard damage levels (Combat Options 4.2), and
// the words that follow "is" in the log: "at wound level Good (very
// hurt)", "unhurt".
func fudgeWound(o fudge.Options, sh *fudge.Sheet, points int) (string, fudge.Level) {
	if o.WoundTrack {
		t := fudge.NewWoundTrackOf(sh.Boxes())
		t.Take(points)
		if points <= 0 {
			return "unhurt", t.Level()
		}
		return "at wound level " + t.Level().String(), t.Level()
	}
	name, l := fudge.StandardWound(points)
	if points <= 0 {
		return name, l
	}
	return fmt.Sprintf("at wound level %s (%s)", l, name), l
}

// fudgeModifier is the negative action modifier due to a figure's wounds
// (Combat Options 4.3.2, docs/defaults.md): always without damage checks;
// with them, only once a check has failed ("If the check is successful,
// the player is able to shrug off the injury and continue to fight
// without penalty").
func fudgeModifier(s *State, f *Figure) int {
	o := fudgeOptions(s)
	if o.DamageChecks && !f.fudgePart().Fudge.Wounded {
		return 0
	}
	_, level := fudgeWound(o, s.Characters[f.Character].Fudge, f.Hurt)
	mod, _, _ := fudge.WoundEffect(level)
	return mod
}

// ShieldBash is a Fudge strike's Weapon for a bash with the shield, and
// ShieldBashDamage the bash's offensive damage factor: the Shield skill
// "also reflects the shieldman's ability to use his shield as a weapon for
// bashing attacks" (Combat Options 2.1); the text gives the bash no
// damage of its own (docs/defaults.md).
const (
	ShieldBash       = "shield"
	ShieldBashDamage = 0
)

// fudgeFighter is a figure as one side of an exchange: at range, or
// bashing with its shield.
func fudgeFighter(s *State, f *Figure, ranged, bash bool) fudge.Fighter {
	o := fudgeOptions(s)
	sh := s.Characters[f.Character].Fudge
	fi := fudge.Fighter{Skill: sh.Melee, Modifier: fudgeModifier(s, f), WeaponDamage: sh.WeaponDamage, Armor: sh.Armor}
	switch {
	case ranged:
		fi.Skill = sh.Ranged
	case bash:
		fi.Skill, fi.WeaponDamage = sh.Shield, ShieldBashDamage
	}
	if o.ShieldChecks && sh.HasShield {
		fi.Shield = &fudge.Shield{Skill: sh.Shield, Points: sh.ShieldPoints, Taken: f.fudgePart().ShieldTaken, UseDamage: o.ShieldDamage}
	}
	return fi
}

// FudgePlan is a Fudge attack before the dice: the two sides, how it is
// judged, and its chances, from the same Exchange that decides it.
type FudgePlan struct {
	Attacker, Target *Figure
	Skill, Against   fudge.Level
	Ranged, Bash     bool
	A, D             fudge.Fighter
	Ruling           fudge.Ruling
	Odds             fudge.Odds
	// Chance is the chance the attacker hurts the target.
	Chance float64
	// Mods are the levels cover and the Judge add to the attacker's
	// skill (in A.Skill), and Why says them ("Medium cover −1 (…)").
	Mods int
	Why  []string
}

// FudgeJudgeModifier is what the Judge's own modifier does to a Fudge
// strike or shot: levels on the attacker's skill. Combat Options leaves
// what it does not rule to the GM ("whatever damage mechanic the GM
// determines", 1.2; "The GM may also apply modifiers to the shield
// check", 2.2); this is the Judge's word on the attack itself.
const FudgeJudgeModifier = "levels added to the attacker's skill"

// FudgeCover is what a shot at a target behind cover of each height the
// map gives (hexmap.Height) takes off the firer's skill, in levels:
// Combat Options is silent on cover and leaves what it does not rule to
// the GM (FudgeJudgeModifier); one level for cover up to the waist, two
// chest-high, three full (docs/defaults.md, "Fudge: cover").
var FudgeCover = map[hexmap.Height]int{hexmap.Low: -1, hexmap.Waist: -1, hexmap.Chest: -2, hexmap.Full: -3}

// fudgeMapAndJudge asks the map about an attack by f on t (lines.go): a
// shot at a target f does not see and a blow across a wall are refused,
// a shot takes its cover (FudgeCover); then the Judge's levels. It
// returns the levels added to the attacker's skill and why.
func fudgeMapAndJudge(s *State, c Command, f, t *Figure, ranged bool) (int, []string, error) {
	mods, why := 0, []string(nil)
	line := attackLine(s, f, t)
	if ranged {
		if err := shotUnseen(s, line, f, t); err != nil {
			return 0, nil, err
		}
		if cov, ok := line.tallestCover(); ok {
			m := FudgeCover[min(cov.Feature.Height, hexmap.Full)]
			mods += m
			why = append(why, fmt.Sprintf("cover %+d (%s)", m, coverSaid(s.Map, cov)))
		}
	} else if err := blowAcrossWall(s, f, t); err != nil {
		return 0, nil, err
	}
	if m := c.Modifier; m != nil {
		if err := m.check(); err != nil {
			return 0, nil, err
		}
		mods += m.Steps
		why = append(why, fmt.Sprintf("the Judge: %s %+d", strings.TrimSpace(m.Reason), m.Steps))
	}
	return mods, why, nil
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
		if len(c.Shots) > 1 {
			return FudgePlan{}, refuse("a Fudge figure fires once a round, not %d shots", len(c.Shots))
		}
		target = c.Shots[0].Target
	}
	t, ok := s.Figures[target]
	if !ok || t.ID == f.ID {
		return FudgePlan{}, refuse("there is no target %q", target)
	}
	tname := s.FigureName(t.ID)
	bash := !ranged && c.Weapon == ShieldBash
	switch {
	case !ranged && c.Weapon != "" && !bash:
		return FudgePlan{}, refuse("a Fudge strike is with the sheet's weapon, or %q to bash with a shield, not %q", ShieldBash, c.Weapon)
	case bash && !ch.Fudge.HasShield:
		return FudgePlan{}, refuse("%s carries no shield to bash with", ch.Name)
	case !ranged && f.At.DistanceTo(t.At) > 1:
		return FudgePlan{}, refuse("%s is not beside %s", tname, ch.Name)
	case t.Condition >= rules.Unconscious:
		return FudgePlan{}, refuse("%s is %s: out of the fight (Combat Options 4.3.2)", tname, t.Condition)
	case f.Attacked && !orderedByOption(s):
		// On Lead and Chrome's initiative its order counts a first and a
		// second action (lcInTurn), each an exchange.
		return FudgePlan{}, refuse("%s has had this round's exchange: one combat action a round (Fudge combat rounds)", ch.Name)
	case !ranged && !orderedByOption(s) && exchangedThisRound(s, f.ID, t.ID):
		return FudgePlan{}, refuse("%s and %s have exchanged blows this round: one exchange a round", ch.Name, tname)
	}
	mods, why, err := fudgeMapAndJudge(s, c, f, t, ranged)
	if err != nil {
		return FudgePlan{}, err
	}
	r := fudge.Ruling{Coverage: fudgeOptions(s).ArmorCoverage}
	if o := c.Fudge; o != nil {
		if o.ShieldModifier < -MaxShieldModifier || o.ShieldModifier > MaxShieldModifier {
			return FudgePlan{}, refuse("the Judge's shield-check modifier is −%d to +%d, not %d", MaxShieldModifier, MaxShieldModifier, o.ShieldModifier)
		}
		if o.Healer != 0 || o.Worsen || o.Ruling != "" || o.Boxes != 0 {
			return FudgePlan{}, refuse("a strike or a shot takes only the Judge's word on a shield check")
		}
		r.ShieldLost, r.ShieldModifier = o.ShieldLost, o.ShieldModifier
	}
	if ranged {
		d := RangedDifficulty
		r.Unopposed = &d
	}
	p := FudgePlan{Attacker: f, Target: t, Ranged: ranged, Bash: bash, Ruling: r,
		A: fudgeFighter(s, f, ranged, bash), D: fudgeFighter(s, t, false, false)}
	if ranged {
		m, _ := lcToHit(s, f) // declared at initiative (Lead and Chrome)
		p.A.Skill += fudge.Level(m)
	}
	p.A.Skill += fudge.Level(mods)
	p.Mods, p.Why = mods, why
	p.Skill, p.Against = p.A.Skill, p.D.Skill
	if ranged {
		p.Against = RangedDifficulty
	}
	p.Odds = fudge.Chances(p.A, p.D, r)
	p.Chance = p.Odds.AttackerHurts
	return p, nil
}

// exchangedThisRound reports whether a and b have traded blows in this
// round's log.
func exchangedThisRound(s *State, a, b string) bool {
	for i := len(s.Log) - 1; i >= 0; i-- {
		e := s.Log[i]
		if e.Kind == EventRoundStarted {
			return false
		}
		if e.Kind == EventActed && e.Action == CommandStrike && len(e.Targets) == 1 &&
			((e.Figure == a && e.Targets[0] == b) || (e.Figure == b && e.Targets[0] == a)) {
			return true
		}
	}
	return false
}

// fudgeAttack is one exchange: an opposed 4dF melee roll whose winner
// hurts the loser, or an unopposed ranged one against Fair; the loser's
// shield check, armor and damage check (Combat Options 1–4).
func fudgeAttack(s *State, c Command, src roller, ranged bool) ([]Event, error) {
	p, err := s.PlanFudge(c)
	if err != nil {
		return nil, err
	}
	f, t := p.Attacker, p.Target
	needs := fudgeNeeds(s, f, t, ranged)
	rnd, err := src(needs)
	if err != nil {
		return nil, err
	}
	ar, dr, out, err := fudgeRolls(p, rnd, ranged)
	if err != nil {
		return nil, &Refusal{Reason: err.Error(), Needs: texts(needs)}
	}
	text := []string{fudgeRollsSaid(s, p, ranged, out, ar.Sum, dr.Sum)}
	ast, tst := f.FigureStatus.clone(), t.FigureStatus.clone()
	ast.Attacked = true
	more, err := fudgeOutcome(s, p, out, ranged, &ast, &tst, rnd)
	if err != nil {
		return nil, &Refusal{Reason: err.Error(), Needs: texts(needs)}
	}
	text = append(text, more...)
	e := Event{Kind: EventActed, Action: c.Kind, Figure: f.ID, APLeft: f.AP, Targets: []string{t.ID},
		Outcomes: []Outcome{{Target: t.ID, Hit: out.Winner == fudge.Attacker}}}
	e.Changes = append(e.Changes, FigureChange{Figure: f.ID, AP: f.AP, Status: ast})
	if !reflect.DeepEqual(tst, t.FigureStatus) {
		e.Changes = append(e.Changes, FigureChange{Figure: t.ID, AP: t.AP, Status: tst})
	}
	e.Text = strings.Join(text, " ") + " (Fudge Combat Options)"
	return []Event{e}, nil
}

// fudgeNeeds is the dice an exchange of f's against t asks for. The
// shield check and the damage check are the loser's: either may lose a
// melee exchange; a shot's firer is never hurt.
func fudgeNeeds(s *State, f, t *Figure, ranged bool) []need {
	name, tname := s.FigureName(f.ID), s.FigureName(t.ID)
	needs := []need{{f.ID, fmt.Sprintf("4dF for %s (four d6: 1–2 minus, 3–4 blank, 5–6 plus)", name)}}
	if !ranged {
		needs = append(needs, need{t.ID, fmt.Sprintf("4dF for %s's roll", tname)},
			need{f.ID, fmt.Sprintf("4dF for %s's shield check and damage check, should %s lose", name, name)})
	}
	return append(needs, need{t.ID, fmt.Sprintf("4dF for %s's shield check and damage check, should %s lose", tname, tname)})
}

// fudgeRolls rolls the attacker's 4dF (ar) and, in melee, the defender's
// (dr), and plays the exchange of plan p out (fudge.Exchange), a check of
// the loser's rolled on the loser's dice.
func fudgeRolls(p FudgePlan, rnd rules.Source, ranged bool) (ar, dr fudge.Roll, out fudge.Outcome, err error) {
	f, t := p.Attacker, p.Target
	if ar, err = fudge.Roll4dF(rules.DiceFor(rnd, f.ID)); err != nil {
		return ar, dr, out, err
	}
	if !ranged {
		if dr, err = fudge.Roll4dF(rules.DiceFor(rnd, t.ID)); err != nil {
			return ar, dr, out, err
		}
	}
	out, err = fudge.Exchange(p.A, p.D, p.Ruling, ar.Sum, dr.Sum, func(loser int) (int, error) {
		who := t.ID
		if loser == fudge.Attacker {
			who = f.ID
		}
		r, err := fudge.Roll4dF(rules.DiceFor(rnd, who))
		return r.Sum, err
	})
	return ar, dr, out, err
}

// fudgeRollsSaid is the log's first sentence of the exchange out of plan
// p: each side's skill, roll and result (a shot's against Fair), asum the
// attacker's 4dF and dsum the defender's.
func fudgeRollsSaid(s *State, p FudgePlan, ranged bool, out fudge.Outcome, asum, dsum int) string {
	f, t := p.Attacker, p.Target
	name, tname := s.FigureName(f.ID), s.FigureName(t.ID)
	roll := func(fi fudge.Fighter, sum int, got fudge.Level, attacker bool) string {
		skill := fi.Skill.String()
		switch {
		case ranged: // only the firer rolls
			m, _ := lcToHit(s, f)
			skill = lcSkill(s, f, fi.Skill-fudge.Level(m+p.Mods))
		case attacker && p.Mods != 0:
			skill = (fi.Skill - fudge.Level(p.Mods)).String()
		}
		if attacker && p.Mods != 0 {
			skill = fmt.Sprintf("%s, %s: %s", skill, strings.Join(p.Why, ", "), fi.Skill)
		}
		if fi.Modifier != 0 {
			return fmt.Sprintf("%s %+d, wounds %+d = %s", skill, sum, fi.Modifier, got)
		}
		return fmt.Sprintf("%s %+d = %s", skill, sum, got)
	}
	if ranged {
		return fmt.Sprintf("%s shoots at %s: %s against %s.", name, tname, roll(p.A, asum, out.Attack, true), out.Defence)
	}
	how := fmt.Sprintf("%s and %s exchange blows", name, tname)
	if p.Bash {
		how = fmt.Sprintf("%s bashes %s with a shield (Shield skill, damage %+d; Combat Options 2.1)", name, tname, ShieldBashDamage)
	}
	return fmt.Sprintf("%s: %s against %s.", how, roll(p.A, asum, out.Attack, true), roll(p.D, dsum, out.Defence, false))
}

// fudgeOutcome is what the exchange out of plan p does, in the log's
// words: nothing on a tie or a miss, else the winner's blow lands on the
// loser (fudgeLands), whose status (ast the attacker's, tst the target's)
// it changes.
func fudgeOutcome(s *State, p FudgePlan, out fudge.Outcome, ranged bool, ast, tst *FigureStatus, rnd rules.Source) ([]string, error) {
	if out.Winner == fudge.Nobody {
		if ranged {
			return []string{"A miss."}, nil
		}
		return []string{"A tie: neither is hurt."}, nil
	}
	f, t := p.Attacker, p.Target
	var text []string
	winner, lst, lf, lose, w := s.FigureName(f.ID), tst, t, p.D, p.A.WeaponDamage
	if out.Winner == fudge.Defender {
		winner, lst, lf, lose, w = s.FigureName(t.ID), ast, f, p.A, p.D.WeaponDamage
		text = append(text, fmt.Sprintf("%s wins the exchange by %d and strikes back.", winner, out.Degree))
	}
	more, err := fudgeLands(s, out, p.Ruling, winner, w, lf, lose, lst, rnd)
	if err != nil {
		return nil, err
	}
	return append(text, more...), nil
}

// fudgeLands is the rest of an action won by winner (its weapon's damage
// factor weapon) on its loser lf, whose fighter is lose and status lst:
// the shield check, the armor, the damage and the damage check, said for
// the log (Combat Options 1–4).
func fudgeLands(s *State, out fudge.Outcome, r fudge.Ruling, winner string, weapon int, lf *Figure, lose fudge.Fighter, lst *FigureStatus, rnd rules.Dice) ([]string, error) {
	loser := s.FigureName(lf.ID)
	var text []string
	switch {
	case out.ShieldWaived:
		text = append(text, fmt.Sprintf("The Judge rules %s loses the shield check (Combat Options 2.2).", loser))
	case out.ShieldBroken:
		text = append(text, fmt.Sprintf("%s's shield is spent: it takes no more blows (Combat Options 2.3).", loser))
	case out.ShieldRolled:
		mod := ""
		if m := lose.Shield.CheckModifier(); m != 0 {
			mod += fmt.Sprintf(", worn %+d", m)
		}
		if lose.Modifier != 0 {
			mod += fmt.Sprintf(", wounds %+d", lose.Modifier)
		}
		if m := r.ShieldModifier; m != 0 {
			mod += fmt.Sprintf(", the Judge's %+d", m)
		}
		verdict := "too low: the blow gets through"
		if out.Shielded {
			verdict = fmt.Sprintf("the blow strikes the shield, not %s", loser)
			if out.ShieldDamage > 0 {
				verdict += fmt.Sprintf("; the shield takes %d (%d of %d points)", out.ShieldDamage, out.ShieldTaken, s.Characters[lf.Character].Fudge.ShieldPoints)
			}
		}
		text = append(text, fmt.Sprintf("%s's shield check: %s %+d%s = %s against %s: %s (Combat Options 2.2).",
			loser, lf.shieldSkill(s), out.ShieldRoll, mod, out.ShieldResult, max(out.Attack, out.Defence), verdict))
		lst.withFudgePart(func(p *fudgePart) { p.ShieldTaken = out.ShieldTaken })
	}
	if out.Shielded {
		return text, nil
	}
	armor := fmt.Sprintf("armor −%d", out.Absorbed)
	switch {
	case out.PastCV:
		armor = "past the armor's coverage, as if unarmored"
	case s.Characters[lf.Character].Fudge.Armor == nil:
		armor = "no armor"
	}
	text = append(text, fmt.Sprintf("%s hits %s by %d: %d damage (weapon %+d, %s).", winner, loser, out.Degree, out.Damage, weapon, armor))
	more, err := fudgeInjure(s, lf, lst, out.Damage, rnd)
	if err != nil {
		return nil, err
	}
	return append(text, more...), nil
}

// shieldSkill is the figure's Shield skill.
func (f *Figure) shieldSkill(s *State) fudge.Level { return s.Characters[f.Character].Fudge.Shield }

// fudgeInjure logs dmg on figure f's status st and says what it does: the
// new wound level, then the damage check (Combat Options 4.3) or, without
// one, the wound's effects at once.
func fudgeInjure(s *State, f *Figure, st *FigureStatus, dmg int, rnd rules.Dice) ([]string, error) {
	o := fudgeOptions(s)
	sh := s.Characters[f.Character].Fudge
	who := s.FigureName(f.ID)
	st.Hurt += dmg
	wound, level := fudgeWound(o, sh, st.Hurt)
	text := []string{fmt.Sprintf("%s is %s.", who, wound)}
	if dmg <= 0 {
		return text, nil
	}
	mod, out, dead := fudge.WoundEffect(level)
	if o.DamageChecks {
		if st.fudgePart().Fudge.Adrenaline {
			st.withFudgePart(func(p *fudgePart) { p.Fudge.Adrenaline = false })
			return append(text, who+" is pumped with adrenaline: the damage check succeeds (Combat Options 4.3.1, the Judge's ruling)."), nil
		}
		chk, err := fudge.CheckDamage(rules.DiceFor(rnd, f.ID), sh.Capacity(o.WoundTrack), level, 0) // the figure's own
		if err != nil {
			return nil, err
		}
		line := who + "'s " + chk.Text
		st.withFudgePart(func(p *fudgePart) { p.Fudge.Critical = chk.Critical })
		if chk.Critical != "" {
			line += "; the Judge may rule on it"
		}
		text = append(text, line+" (Combat Options 4.3).")
		if sh.DamageCapacity == nil {
			text = append(text, fmt.Sprintf("%s's sheet sets no damage capacity: %s, the default%s.", who, sh.Capacity(o.WoundTrack), capacityRule(o.WoundTrack)))
		}
		if chk.Success {
			return text, nil
		}
		// "Any negative effects that are the result of damage are now
		// applied" (4.3.2).
		st.withFudgePart(func(p *fudgePart) { p.Fudge.Wounded = true })
		st.Condition = rules.Unconscious
		st.withFudgePart(func(p *fudgePart) { p.OutSince = s.Round })
		if dead {
			st.Condition = rules.Dead
			text = append(text, who+" is dead (Combat Options 4.3.2: Dead is Legendary).")
		}
		return text, nil
	}
	switch {
	case dead:
		st.Condition = rules.Dead
		text = append(text, who+" is dead (Legendary: Dead, Combat Options 4.2.1).")
	case out:
		st.Condition = rules.Unconscious
		st.withFudgePart(func(p *fudgePart) { p.OutSince = s.Round })
		text = append(text, who+" is out of the fight (Great or worse: Incapacitated, Combat Options 4.2.1).")
	case mod != 0:
		text = append(text, fmt.Sprintf("%s acts at %+d for wounds.", who, mod))
	}
	return text, nil
}

// fudgeRecover is a new damage check to rejoin the fight, with the wound
// modifiers, once a round, after as many rounds out as damage points
// (Combat Options 4.4).
func fudgeRecover(s *State, c Command, src roller) ([]Event, error) {
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
	case f.fudgePart().Fudge.Shock:
		return nil, refuse("%s is in severe shock and cannot recover during the combat (Combat Options 4.3.2, the Judge's ruling)", ch.Name)
	case f.fudgePart().Fudge.NearDeath:
		return nil, refuse("%s is near death and cannot recover during the combat (Combat Options 4.3.2, the Judge's ruling)", ch.Name)
	case f.fudgePart().Fudge.Tried == s.Round:
		return nil, refuse("%s has tried to recover this round: once a round (Combat Options 4.4)", ch.Name)
	case o.RecoveryNoWait && s.Round == f.fudgePart().OutSince:
		return nil, refuse("%s was knocked out this round; recovery waits for the next (Combat Options 4.4)", ch.Name)
	case !o.RecoveryNoWait && !fudge.MayTryRecovery(s.Round-f.fudgePart().OutSince, f.Hurt):
		return nil, refuse("%s has been out %d round(s); recovery waits %d (as many as damage points)", ch.Name, s.Round-f.fudgePart().OutSince, f.Hurt)
	}
	_, level := fudgeWound(o, ch.Fudge, f.Hurt)
	mod, _, _ := fudge.WoundEffect(level)
	st := f.FigureStatus.clone()
	st.withFudgePart(func(p *fudgePart) { p.Fudge.Tried = s.Round })
	if st.fudgePart().Fudge.Adrenaline {
		st.Condition = rules.Fine
		st.withFudgePart(func(p *fudgePart) { p.Fudge.Adrenaline, p.Fudge.Wounded = false, true })
		return []Event{{Kind: EventActed, Action: CommandRecover, Figure: f.ID, APLeft: f.AP,
			Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}},
			Text:    fmt.Sprintf("%s is pumped with adrenaline: the damage check succeeds, and %s rejoins the fight at %+d for wounds (Combat Options 4.3.1, 4.4).", ch.Name, ch.Name, mod)}}, nil
	}
	rnd, err := src([]need{{f.ID, "4dF for " + ch.Name + "'s damage check"}})
	if err != nil {
		return nil, err
	}
	chk, err := fudge.CheckDamage(rules.DiceFor(rnd, f.ID), ch.Fudge.Capacity(fudgeOptions(s).WoundTrack), level, mod)
	if err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	st.withFudgePart(func(p *fudgePart) { p.Fudge.Critical = chk.Critical })
	// A recovery's verdict: back in the fight, or still down.
	said := strings.Replace(strings.Replace(chk.Text, ": "+fudge.ShrugsOff, ": regains his senses", 1), ": "+fudge.KnockedDown, ": stays down", 1)
	text := fmt.Sprintf("%s tries to rejoin the fight: %s", ch.Name, said)
	if chk.Success {
		st.Condition = rules.Fine
		st.withFudgePart(func(p *fudgePart) { p.Fudge.Wounded = true })
		text += "; back in the fight"
		if mod != 0 {
			text += fmt.Sprintf(", at %+d for wounds", mod)
		}
	}
	return []Event{{Kind: EventActed, Action: CommandRecover, Figure: f.ID, APLeft: f.AP,
		Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}},
		Text:    text + " (Combat Options 4.4)."}}, nil
}

// fudgeTreat is a healer's skill check against the wounded figure's wound
// level: a success clears boxes by its degree (at least one), a failure
// may add to the injury (Combat Options 3.2).
func fudgeTreat(s *State, c Command, src roller) ([]Event, error) {
	f, ok := s.Figures[c.Figure]
	if !ok {
		return nil, refuse("there is no figure %q in this fight", c.Figure)
	}
	name := s.FigureName(f.ID)
	o := fudgeOptions(s)
	sh := s.Characters[f.Character].Fudge
	switch {
	case c.Fudge == nil:
		return nil, refuse("treat needs the healer's skill on the Fudge ladder (fudge.healer)")
	case c.Fudge.Healer < fudge.Terrible || c.Fudge.Healer > fudge.Legendary:
		return nil, refuse("the healer's skill %d is off the ladder", int(c.Fudge.Healer))
	case c.Fudge.ShieldLost || c.Fudge.ShieldModifier != 0 || c.Fudge.Ruling != "" || c.Fudge.Boxes != 0:
		return nil, refuse("treat takes only the healer's skill and whether a failure worsens the wound")
	case f.Condition == rules.Dead:
		return nil, refuse("%s is dead", name)
	case f.Hurt <= 0:
		return nil, refuse("%s has no wound to treat", name)
	}
	_, level := fudgeWound(o, sh, f.Hurt)
	// The healer is off the map: the skill check is no figure's roll.
	needs := []need{{"", "4dF for the healer's skill check"}, {f.ID, fmt.Sprintf("4dF for %s's damage check, when a failure adds to the injury", name)}}
	rnd, err := src(needs)
	if err != nil {
		return nil, err
	}
	r, err := fudge.Roll4dF(rules.DiceFor(rnd, ""))
	if err != nil {
		return nil, &Refusal{Reason: err.Error(), Needs: texts(needs)}
	}
	got := c.Fudge.Healer + fudge.Level(r.Sum)
	degree := int(got - level)
	st := f.FigureStatus.clone()
	success := degree >= 0
	text := []string{fmt.Sprintf("%s's wounds are treated: the healer's %s %+d = %s against the wound level %s", name, c.Fudge.Healer, r.Sum, got, level)}
	switch {
	case st.fudgePart().Fudge.HealSure:
		st.withFudgePart(func(p *fudgePart) { p.Fudge.HealSure = false })
		success = true
		text = append(text, ", a sure success by the Judge's ruling")
	case st.fudgePart().Fudge.HealFails:
		st.withFudgePart(func(p *fudgePart) { p.Fudge.HealFails = false })
		success = false
		text = append(text, ", a failure by the Judge's ruling")
	}
	if success {
		n := min(st.Hurt, max(1, degree))
		st.Hurt -= n
		wound, _ := fudgeWound(o, sh, st.Hurt)
		text = append(text, fmt.Sprintf(": %d %s cleared; %s is %s (Combat Options 3.2).", n, plural(n, "box", "boxes"), name, wound))
		return []Event{{Kind: EventActed, Action: CommandTreat, Figure: f.ID, APLeft: f.AP,
			Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}}, Text: strings.Join(text, "")}}, nil
	}
	lines := []string{strings.Join(text, "") + ": the treatment fails (Combat Options 3.2)."}
	if c.Fudge.Worsen {
		n := max(1, -degree)
		lines = append(lines, fmt.Sprintf("The Judge rules it adds to the injury: %d more.", n))
		more, err := fudgeInjure(s, f, &st, n, rnd)
		if err != nil {
			return nil, &Refusal{Reason: err.Error(), Needs: texts(needs)}
		}
		lines = append(lines, more...)
	}
	return []Event{{Kind: EventActed, Action: CommandTreat, Figure: f.ID, APLeft: f.AP,
		Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}}, Text: strings.Join(lines, " ")}}, nil
}

// fudgeGrant is the Judge's ruling on a figure's critical damage check:
// a benefit after a critical success (Combat Options 4.3.1), a penalty
// after a critical failure (4.3.2).
func fudgeGrant(s *State, c Command) ([]Event, error) {
	f, ok := s.Figures[c.Figure]
	if !ok {
		return nil, refuse("there is no figure %q in this fight", c.Figure)
	}
	name := s.FigureName(f.ID)
	if c.Fudge == nil || c.Fudge.Ruling == "" {
		return nil, refuse("grant needs the Judge's ruling: one of %s", strings.Join(FudgeRulings, "; "))
	}
	r := c.Fudge.Ruling
	on, ok := fudgeRulingOn[r]
	switch {
	case !ok:
		return nil, refuse("%q is not a ruling on a critical damage check: one of %s", r, strings.Join(FudgeRulings, "; "))
	case f.fudgePart().Fudge.Critical == "":
		return nil, refuse("%s's last damage check was no critical: there is nothing to rule on", name)
	case f.fudgePart().Fudge.Critical != on:
		return nil, refuse("%s's last damage check was a critical %s: %q answers a critical %s", name, f.fudgePart().Fudge.Critical, r, on)
	case (r == RulingLighter || r == RulingWorse) && (c.Fudge.Boxes < 1 || c.Fudge.Boxes > 20):
		return nil, refuse("%q needs the boxes it moves, 1 to 20", r)
	case r != RulingLighter && r != RulingWorse && c.Fudge.Boxes != 0:
		return nil, refuse("%q moves no boxes", r)
	case c.Fudge.ShieldLost || c.Fudge.ShieldModifier != 0 || c.Fudge.Healer != 0 || c.Fudge.Worsen:
		return nil, refuse("grant takes only the ruling and its boxes")
	}
	st := f.FigureStatus.clone()
	st.withFudgePart(func(p *fudgePart) { p.Fudge.Critical = "" })
	o := fudgeOptions(s)
	sh := s.Characters[f.Character].Fudge
	text := fmt.Sprintf("The Judge rules on %s's critical %s: %s", name, on, r)
	switch r {
	case RulingAdrenaline:
		st.withFudgePart(func(p *fudgePart) { p.Fudge.Adrenaline = true })
	case RulingSureHealing:
		st.withFudgePart(func(p *fudgePart) { p.Fudge.HealSure = true })
	case RulingFailedHealing:
		st.withFudgePart(func(p *fudgePart) { p.Fudge.HealFails = true })
	case RulingShock:
		st.withFudgePart(func(p *fudgePart) { p.Fudge.Shock = true })
	case RulingNearDeath:
		st.withFudgePart(func(p *fudgePart) { p.Fudge.NearDeath = true })
	case RulingLighter:
		n := min(st.Hurt, c.Fudge.Boxes)
		st.Hurt -= n
		wound, _ := fudgeWound(o, sh, st.Hurt)
		text += fmt.Sprintf(" (%d); %s is %s", n, name, wound)
	case RulingWorse:
		st.Hurt += c.Fudge.Boxes
		wound, level := fudgeWound(o, sh, st.Hurt)
		text += fmt.Sprintf(" (%d); %s is %s", c.Fudge.Boxes, name, wound)
		if _, _, dead := fudge.WoundEffect(level); dead {
			st.Condition = rules.Dead
			text += ", and dead"
		}
	}
	section := "4.3.1"
	if on == "failure" {
		section = "4.3.2"
	}
	return []Event{{Kind: EventActed, Action: CommandGrant, Figure: f.ID, APLeft: f.AP,
		Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}},
		Text:    fmt.Sprintf("%s (Combat Options %s).", text, section)}}, nil
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

// exampleField picks a value of one of the text's example tables (Combat
// Options 1.4) for the sheet's armor: its material (the AV, and the
// armor's name) or its type (the CV). It shows keepArmor until one is
// picked, so that saving a sheet keeps the AV and CV typed beside it.
func exampleField(label string, table map[string]int, named bool, at func(a *fudge.Armor) *int) SheetField {
	names := append([]string{keepArmor}, sortedKeys(table)...)
	return SheetField{Label: label, Kind: FieldChoice, Choices: names,
		Get: func(c *Character) string { return keepArmor },
		Set: func(c *Character, v string) error {
			if v == keepArmor {
				return nil
			}
			n, ok := table[v]
			if !ok {
				return fmt.Errorf("%s: %q is not one of the text's examples", strings.ToLower(label), v)
			}
			s := fuSheet(c)
			a := fudge.Armor{}
			if s.Armor != nil {
				a = *s.Armor
			}
			*at(&a) = n
			if named {
				a.Name = v
			}
			s.Armor = &a
			return nil
		}}
}

// keepArmor is an example field's "no example picked".
const keepArmor = "as typed"

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

// DefaultCapacityChoice is the damage-capacity field's choice of no level
// of the sheet's own: the default of the track in play (fudge.Capacity).
const DefaultCapacityChoice = "the default (Fair; Mediocre on the wound track)"

// capacityField is the sheet's damage capacity: a level of the ladder, or
// none, the default of the track in play (Combat Options 4.2.1, 4.2.2).
func capacityField() SheetField {
	const label = "Damage capacity"
	choices := []string{DefaultCapacityChoice}
	for l := fudge.Terrible; l <= fudge.Legendary; l++ {
		choices = append(choices, l.String())
	}
	return SheetField{Label: label, Kind: FieldChoice, Choices: choices,
		Get: func(c *Character) string {
			if l := fuSheet(c).DamageCapacity; l != nil {
				return l.String()
			}
			return DefaultCapacityChoice
		},
		Set: func(c *Character, v string) error {
			if v == DefaultCapacityChoice {
				fuSheet(c).DamageCapacity = nil
				return nil
			}
			l, err := fudge.ParseLevel(v)
			if err != nil {
				return fmt.Errorf("damage capacity: %w", err)
			}
			fuSheet(c).DamageCapacity = &l
			return nil
		}}
}

// Sheet: the levels, the weapon's damage, shield and armor.
func (fudgeSystem) Sheet() []SheetPart {
	fields := []SheetField{
		levelField("Melee", func(s *fudge.Sheet) *fudge.Level { return &s.Melee }),
		levelField("Ranged", func(s *fudge.Sheet) *fudge.Level { return &s.Ranged }),
		levelField("Shield", func(s *fudge.Sheet) *fudge.Level { return &s.Shield }),
		capacityField(),
		numberField("Weapon damage", func(c *Character) *int { return &fuSheet(c).WeaponDamage }),
		numberField("Shield points", func(c *Character) *int { return &fuSheet(c).ShieldPoints }),
		armorField("Armor AV", func(a *fudge.Armor) *int { return &a.AV }),
		armorField("Armor CV", func(a *fudge.Armor) *int { return &a.CV }),
		exampleField("Armor material, the text's examples (sets the AV)", fudge.ArmorMaterials, true, func(a *fudge.Armor) *int { return &a.AV }),
		exampleField("Armor type, the text's examples (sets the CV)", fudge.CoverageTypes, false, func(a *fudge.Armor) *int { return &a.CV }),
		checkField("Carries a shield", func(c *Character) *bool { return &fuSheet(c).HasShield }),
	}
	for l := fudge.Terrible; l <= fudge.Legendary; l++ {
		fields = append(fields, boxesField(l))
	}
	return []SheetPart{{Title: "Fudge", Fields: fields}}
}

// boxesField is the wound track's boxes at level l (Combat Options 3.1):
// the sheet's, or the default two a level until one is set.
func boxesField(l fudge.Level) SheetField {
	label := "Wound boxes at " + l.String()
	i := int(l - fudge.Terrible)
	return SheetField{Label: label, Kind: FieldNumber,
		Get: func(c *Character) string { return fmt.Sprint(fuSheet(c).Boxes()[i]) },
		Set: func(c *Character, v string) error {
			n, err := wholeNumber(label, v)
			if err != nil {
				return err
			}
			s := fuSheet(c)
			boxes := s.Boxes()
			boxes[i] = n
			s.WoundBoxes = boxes
			if boxes == fudge.DefaultBoxes {
				s.WoundBoxes = [8]int{}
			}
			return nil
		}}
}

// capacityRule cites the text of the default damage capacity on the
// track in play.
func capacityRule(woundTrack bool) string {
	if woundTrack {
		return ` on the wound track ("The recommended default damage capacity using this method is Mediocre", Combat Options 4.2.2)`
	}
	return ` ("Fair or Good is the recommended default damage capacity level", Combat Options 4.2.1)`
}

// capacityWords is a sheet's damage capacity for the editor: its level,
// or the defaults of the two tracks.
func capacityWords(fs *fudge.Sheet) string {
	if fs.DamageCapacity != nil {
		return fs.DamageCapacity.String()
	}
	return fmt.Sprintf("%s by default (%s on the wound track)", fudge.DefaultCapacity(false), fudge.DefaultCapacity(true))
}

// Derived: the levels and the damage a hit does.
func (fudgeSystem) Derived(c Character) string {
	fs := fuSheet(&c)
	t := fudge.NewWoundTrackOf(fs.Boxes())
	return fmt.Sprintf("Fudge: melee %s, ranged %s, damage capacity %s; a hit's damage is the degree of success %+d; on the alternate wound track, %d boxes (Terrible to Legendary: %v).",
		fs.Melee, fs.Ranged, capacityWords(fs), fs.WeaponDamage, t.Capacity(), fs.Boxes())
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
	{"Recovery without the recommended wait (a round per damage point)", func(o *fudge.Options) *bool { return &o.RecoveryNoWait }},
}

// Switches: the Combat Options modules.
func (fudgeSystem) Switches(o FightOptions) []Switch {
	cur := fudge.Options{}
	if m := fudgeModulesOf(o); m != nil {
		cur = *m
	}
	var out []Switch
	for _, m := range fudgeModules {
		out = append(out, Switch{Label: "Combat Options: " + m.name, On: *m.at(&cur),
			Set: func(o FightOptions, on bool) FightOptions {
				next := fudge.Options{}
				if m := fudgeModulesOf(o); m != nil {
					next = *m
				}
				*m.at(&next) = on
				return withFudgeModules(o, &next)
			}})
	}
	return out
}

// writeFudge previews a Fudge attack with the session's own plan: the two
// levels with their wound modifiers, the exact chances of the exchange
// (Exchange itself, over every roll: shields and armor coverage counted),
// and the Combat Options modules in play.
func writeFudge(b *strings.Builder, s *State, cmd Command) error {
	p, err := s.PlanFudge(cmd)
	if err != nil {
		return err
	}
	tname, name := s.FigureName(p.Target.ID), s.FigureName(p.Attacker.ID)
	what := "melee, opposed"
	switch {
	case p.Ranged:
		what = "ranged, unopposed against Fair"
	case p.Bash:
		what = "a shield bash, opposed"
	}
	level := func(fi fudge.Fighter) string {
		if fi.Modifier != 0 {
			return fmt.Sprintf("%s %+d for wounds", fi.Skill, fi.Modifier)
		}
		return fi.Skill.String()
	}
	against := p.Against.String()
	if !p.Ranged {
		against = level(p.D)
	}
	attack := level(p.A)
	if len(p.Why) > 0 {
		attack += " (" + strings.Join(p.Why, ", ") + ")"
	}
	fmt.Fprintf(b, "%s (%s) against %s (%s): chance to hit %.0f%%; the degree of success plus weapon %+d is the damage",
		attack, what, against, tname, 100*p.Chance, p.A.WeaponDamage)
	if a := p.D.Armor; a != nil {
		fmt.Fprintf(b, ", less armor AV %d (CV %d)", a.AV, a.CV)
	}
	b.WriteString(".")
	if p.Odds.Shielded > 0 {
		fmt.Fprintf(b, " A shield takes the blow %.0f%%.", 100*p.Odds.Shielded)
	}
	if p.Ruling.ShieldLost {
		b.WriteString(" The Judge rules the shieldman loses his shield check.")
	} else if m := p.Ruling.ShieldModifier; m != 0 {
		fmt.Fprintf(b, " The Judge's shield-check modifier: %+d.", m)
	}
	if p.Ruling.Coverage && p.Odds.PastCV > 0 {
		fmt.Fprintf(b, " A blow past the armor's coverage, as if unarmored: %.0f%%.", 100*p.Odds.PastCV)
	}
	if !p.Ranged {
		fmt.Fprintf(b, " %s wins and hurts %s: %.0f%%.", tname, name, 100*p.Odds.DefenderHurts)
	}
	if o := fudgeModulesOf(s.Options); o != nil {
		var on []string
		for name, v := range map[string]bool{"armor coverage": o.ArmorCoverage, "shield checks": o.ShieldChecks, "shield damage": o.ShieldDamage,
			"wound track": o.WoundTrack, "damage checks": o.DamageChecks, "recovery in combat": o.RecoveryInCombat,
			"recovery without the wait": o.RecoveryNoWait} {
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

// AccidentDegree is the degree of success of a quick-draw fumble's
// accidental hit in Fudge, which no one rolls: 1, the least that hurts (a
// tie hurts nobody: Combat Options, Glossary; docs/defaults.md).
const AccidentDegree = 1

// lcReaches: a blade reaches the figure beside, a gun anyone (a Fudge shot
// has no range of its own) (Lead and Chrome: Quick-draw fumbles, 5).
func (fudgeSystem) lcReaches(s *State, f, t *Figure, melee bool) bool {
	return !melee || f.At.DistanceTo(t.At) <= 1
}

// lcHit: a quick-draw fumble's hit is an accident with no roll to hit, a
// hit by AccidentDegree with the sheet's weapon damage, through the
// target's shield check, armor and damage check as any hit (Lead and
// Chrome: Quick-draw fumbles, 5 and 6; docs/defaults.md). A drawer who
// hits himself has no shield between.
func (fudgeSystem) lcHit(s *State, by, t *Figure, st FigureStatus, melee bool, rnd rules.Source) (FigureStatus, string, error) {
	against := RangedDifficulty
	r := fudge.Ruling{Coverage: fudgeOptions(s).ArmorCoverage, Unopposed: &against}
	a := fudgeFighter(s, by, !melee, false)
	a.Skill, a.Modifier = against+AccidentDegree, 0
	d := fudgeFighter(s, t, false, false)
	switch {
	case t == by:
		d.Shield = nil
	case d.Shield != nil:
		d.Shield.Taken = st.fudgePart().ShieldTaken
	}
	out, err := fudge.Exchange(a, d, r, 0, 0, func(int) (int, error) {
		r, err := fudge.Roll4dF(rules.DiceFor(rnd, t.ID)) // the target's shield check: the accident cannot lose
		return r.Sum, err
	})
	if err != nil {
		return st, "", err
	}
	what := "gun"
	if melee {
		what = "blade"
	}
	by0 := st.Condition
	more, err := fudgeLands(s, out, r, fmt.Sprintf("%s's %s", s.FigureName(by.ID), what), a.WeaponDamage, t, d, &st, rnd)
	if err != nil {
		return st, "", err
	}
	if by0 < rules.Unconscious && st.Condition >= rules.Unconscious {
		st.withFudgePart(func(p *fudgePart) { p.OutSince = s.nextRound() }) // out from the round now beginning
	}
	return st, fmt.Sprintf("By accident, with no roll to hit, a hit by %d (Fudge Combat Options; docs/defaults.md): %s", AccidentDegree,
		strings.TrimSuffix(strings.Join(more, " "), ".")), nil
}

// sayHurt says the damage taken and the wound level it leaves (outcomes).
func (fudgeSystem) sayHurt(s *State, f *Figure, before, after int) string {
	wound, _ := fudgeWound(fudgeOptions(s), s.Characters[f.Character].Fudge, after)
	return fmt.Sprintf("%d damage, %s", after-before, strings.TrimPrefix(wound, "at "))
}
