package session

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"hexslinger/hexmap"
	"hexslinger/rules"
	"hexslinger/rules/dragonwarriors"
	"hexslinger/rules/leadchrome"
)

// CommandStrike is a Dragon Warriors II blow: Figure strikes Target, who
// defends in Stance ("", "full" or "aggressive"); Riposte answers the blow
// just won with its margin as the attack (DW II: Ripostes).
const CommandStrike = "strike"

// keepSecrets takes a concealed weapon off a sheet the players see of a
// figure they do not command: it shows when used ("Small weapons (knives
// etc.) ... can be concealed").
func (dragonWarriors) keepSecrets(c Character) Character {
	if c.DragonWarriors != nil && c.DragonWarriors.Concealed {
		dw := *c.DragonWarriors
		dw.Concealed, dw.Weapon = false, "" // neither the weapon nor that one is hidden
		c.DragonWarriors = &dw
	}
	return c
}

// CommandDelay puts a Dragon Warriors II figure's action off until later
// in the turn: those after it in the initiative order may act first (DW
// II: Combat: "action can be delayed voluntarily").
const CommandDelay = "delay"

// ActDelay is the composer's name for a delay.
const ActDelay = "Delay the action"

// Riposte is the counter-attack a defender may make now: its margin of
// victory, against the figure whose blow it beat.
type Riposte struct {
	By      string `json:"by"`
	Against string `json:"against"`
	Score   int    `json:"score"`
}

// dwRound is what Dragon Warriors II keeps of the fight (its part of
// State): the riposte a defender may make now, from the event of the blow
// it beat, until the next action or round.
type dwRound struct {
	Riposte *Riposte
}

// dwRoundOf is the fight's Dragon Warriors II part.
func dwRoundOf(s *State) dwRound { return partOf[dwRound](s.Parts) }

// apply: an action's riposte, or none; a new round's none.
func (p dwRound) apply(e Event) any {
	switch e.Kind {
	case EventActed:
		return dwRound{Riposte: e.Riposte}
	case EventRoundStarted:
		return nil
	}
	return p
}

// dragonWarriors is Dragon Warriors II's draft combat.
type dragonWarriors struct{}

func init() {
	register(dragonWarriors{})
	registerStatusPart[dwStatus]("dragonwarriors")
	registerOptionPart[dwOptions]("dragonwarriors")
	registerStatePart[dwRound]("dragonwarriors")
}

// dwStatus is what Dragon Warriors II keeps of a figure beyond what every
// system does (its part of FigureStatus). Its wounds are its Hurt, the one
// track every system that counts harm so shares; a delay is Delayed, which
// Lead and Chrome's order reads as well.
type dwStatus struct {
	// StunnedIn is the round a stun began: it lasts a turn.
	StunnedIn int `json:"stunned_in,omitempty"`
	// StunnedAt is the figure at whose place in the turn's order the
	// stun ends next turn: "until this time next turn".
	StunnedAt string `json:"stunned_at,omitempty"`
	// Stance is the defensive stance the figure took this turn, "full" or
	// "aggressive" (its own attack sacrificed), or "".
	Stance string `json:"stance,omitempty"`
	// Drawn: the figure has struck or thrown with the weapon its sheet
	// conceals, and so shown it (dwDraws).
	Drawn bool `json:"drawn,omitempty"`
}

// dw is the figure's Dragon Warriors II part.
func (st *FigureStatus) dw() dwStatus { return partOf[dwStatus](st.Parts) }

// withDW changes the figure's Dragon Warriors II part with change.
func (st *FigureStatus) withDW(change func(*dwStatus)) { editPart(&st.Parts, change) }

// dwUnstun ends the figure's stun.
func (st *FigureStatus) dwUnstun() {
	st.Condition = rules.Fine
	st.withDW(func(p *dwStatus) { p.StunnedIn, p.StunnedAt = 0, "" })
}

// check range-checks the part, from an event or a fight file.
func (p dwStatus) check() error { return checkCounts(countField{"stunned_in", p.StunnedIn}) }

// told is the part as a seat that sees only the figures sees says it may
// know it: without the figure out of its view at whose place the stun
// ends (sight.status).
func (p dwStatus) told(sees func(id string) bool) (any, bool) {
	if p.StunnedAt != "" && !sees(p.StunnedAt) {
		p.StunnedAt = ""
		return p, true
	}
	return p, false
}

// roundEnds is what another initiative's new round (Lead and Chrome's)
// ends of a Dragon Warriors II figure: its stance, and a stun from a
// round before the one ending. It reports whether it changed st.
func (dragonWarriors) roundEnds(s *State, f *Figure, st *FigureStatus) bool {
	changed := false
	if st.dw().Stance != "" {
		st.withDW(func(p *dwStatus) { p.Stance = "" })
		changed = true
	}
	if f.Condition == rules.Stunned && f.dw().StunnedIn > 0 && f.dw().StunnedIn < s.Round {
		st.Condition = rules.Fine
		st.withDW(func(p *dwStatus) { p.StunnedIn = 0 })
		changed = true
	}
	return changed
}

func (dragonWarriors) ID() string         { return "dragonwarriors" }
func (dragonWarriors) Name() string       { return "Dragon Warriors II" }
func (dragonWarriors) MovesCostAP() bool  { return false }
func (dragonWarriors) Turn(s *State) Turn { return orderTurn(s) }
func (dragonWarriors) Actions() []Action {
	acts := append(sheetActions(true), Action{Name: ActDelay, Kind: CommandDelay})
	for i := range acts {
		switch acts[i].Kind {
		case CommandShoot:
			// "a difficulty rating, based on range plus other modifiers"
			// (DW II: Missile Combat): the Judge's own.
			acts[i].JudgeModifier = "added to the difficulty"
		case CommandStrike:
			acts[i].JudgeModifier = "added to the attack" // StrikePlan.judged
		}
	}
	return acts
}
func (dragonWarriors) ExactDice(string) bool { return true }
func (dragonWarriors) Explain(s *State, c Command) (string, error) {
	return explainAttack(s, c, writeStrike, CommandStrike)
}
func (dragonWarriors) Reach(s *State, f *Figure, run bool) (MoveArea, error) {
	a, err := apReach(s, f, run)
	if err != nil || !s.Begun {
		return a, err
	}
	left, err := dwPacesLeft(s, f, run)
	if err != nil {
		return MoveArea{}, err
	}
	// The overlay is the rest of the turn's move: the hexes whose paces
	// (dwPaces) fit what is left, each priced in paces.
	ch := s.Characters[f.Character].Character
	r, _ := rules.Reach(s.Map, ch, f.At, f.Facing, run, freeMoveAP, s.BlockedFor(f.ID))
	defer r.Release()
	a = MoveArea{Costs: map[hexmap.Hex]int{}, Unit: " paces"}
	for _, h := range r.Hexes() {
		if u, _ := r.Cost(h); h != f.At && s.Map.CanStand(h) == nil && dwPaces(u) <= left {
			a.Costs[h] = dwPaces(u)
		}
	}
	return a, nil
}

// paceUnit: a DW II move's Paced counts paces of the turn's move.
func (dragonWarriors) paceUnit() string { return " paces" }

// dwPaces is a route's cost units (two a pace, terrain and turns priced as
// in TWTW: rules.MoveCost) as paces of a turn's move, rounded up.
func dwPaces(units int) int { return (units + 1) / 2 }

// dwTurnMove is one turn's move of f: twice Move walking, twice Run
// running (freeMoveAP), in paces.
func dwTurnMove(s *State, f *Figure, run bool) int {
	ch := s.Characters[f.Character]
	if run {
		return freeMoveAP * ch.Run
	}
	return freeMoveAP * ch.Move
}

// dwPacesLeft is what is left of f's move this turn: "Combat turns last
// about 6 seconds" (DW II: Combat), one turn's move a turn (dwTurnMove)
// less the paces moved since the turn's initiative (Figure.Paced), or the
// refusal of a figure that has moved it all. Before the first turn's
// initiative nothing is counted.
func dwPacesLeft(s *State, f *Figure, run bool) (int, error) {
	all := dwTurnMove(s, f, run)
	if all <= 0 {
		return 0, refuse("%s cannot run", s.FigureName(f.ID))
	}
	if !s.Begun {
		return all, nil
	}
	left := all - f.Paced
	if left <= 0 {
		return 0, refuse("%s has moved %d paces this turn, all of a turn's move %s (%d; Dragon Warriors II: Combat: \"Combat turns last about 6 seconds\"): it moves again next turn",
			s.FigureName(f.ID), f.Paced, dwHow(run), all)
	}
	return left, nil
}

// dwMove is a DW II move: the shared move (decideMove), counted against
// the turn's move (dwPacesLeft); the paces it takes go into the event's
// Paced and the log.
func dwMove(s *State, c Command) ([]Event, error) {
	f, ok := s.Figures[c.Figure]
	if !ok {
		return nil, refuse("there is no figure %q in this fight", c.Figure)
	}
	if err := canMove(s, f); err != nil {
		return nil, err
	}
	if err := onTime(s, f, "a move"); err != nil {
		return nil, err
	}
	if err := heldBack(s, f); err != nil {
		return nil, err
	}
	if c.To == nil || !s.Begun {
		return decideMove(s, f, c)
	}
	left, err := dwPacesLeft(s, f, c.Run)
	if err != nil {
		return nil, err
	}
	p, err := s.PlanMove(f.ID, *c.To, c.Run)
	// The move is weighed as planned; what was walked of it is paid
	// (short of a figure run into: the ambush).
	used := dwPaces(p.Route.Cost)
	var far *rules.TooFarError
	if errors.As(err, &far) || (err == nil && dwPaces(p.Planned.Route.Cost) > left) {
		return nil, refuse("%s is further than the rest of %s's move this turn goes: %d of %d paces %s (Dragon Warriors II: Combat: \"Combat turns last about 6 seconds\"); walls, water or figures may also be in the way",
			s.Map.Label(*c.To), s.FigureName(f.ID), left, dwTurnMove(s, f, c.Run), dwHow(c.Run))
	}
	ev, err := decideMove(s, f, c)
	if err != nil {
		return nil, err
	}
	e := &ev[0]
	e.Paced = f.Paced + used
	e.Text = strings.TrimSuffix(e.Text, ".") + fmt.Sprintf("; %d of a turn's %d paces %s left (Dragon Warriors II: Combat: \"Combat turns last about 6 seconds\").",
		dwTurnMove(s, f, c.Run)-e.Paced, dwTurnMove(s, f, c.Run), dwHow(c.Run))
	return ev, nil
}

// dwHow says how a move goes: "walking" or "running".
func dwHow(run bool) string {
	if run {
		return "running"
	}
	return "walking"
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

func (d dragonWarriors) Decide(s *State, c Command, src roller) ([]Event, bool, error) {
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
	case CommandDelay:
		ev, err := dwDelay(s, c)
		return ev, true, err
	case CommandMove:
		ev, err := dwMove(s, c)
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
	fi.Who = f.ID // its rolls are the figure's (rules.For)
	return fi
}

// dwAttacker is figure f as the fighter who attacks: one felled in the
// instant it acts in (Lead and Chrome's equal results) strikes as it stood
// before it fell, not at a knocked-out fighter's 0.
func dwAttacker(s *State, f *Figure) *dragonwarriors.Fighter {
	fi := dwFighter(s, f)
	if s.FelledNow(f.ID) {
		fi.KnockedOut, fi.Dead, fi.Stunned = false, false, false
	}
	return fi
}

// dwNewRound rolls Reflexes, less armour, for every figure standing (DW
// II: Combat): the order of the turn, in which a stun from last turn ends
// at its time (dwTurnBegins).
func dwNewRound(s *State, src roller) ([]Event, error) {
	var ids []string
	var needs []need
	for _, id := range s.Order {
		if s.Figures[id].Condition < rules.Unconscious {
			ids = append(ids, id)
			needs = append(needs, need{id, s.FigureName(id) + "'s Reflexes: two d6, one added, one taken away, each six counted and rolled again"})
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
		r, err := dragonwarriors.RollPlusMinus(rules.DiceFor(rnd, id))
		if err != nil {
			return nil, &Refusal{Reason: err.Error(), Needs: texts(needs)}
		}
		total := fi.Reflex + r.Value - dragonwarriors.Armour[fi.Armour]
		e.APs[id] = total
		e.Rolls[id] = append(append([]int(nil), r.Plus...), r.Minus...)
		part := fmt.Sprintf("%s: Reflexes %d %s", fi.Name, fi.Reflex, r)
		if a := dragonwarriors.Armour[fi.Armour]; a > 0 {
			part += fmt.Sprintf(" − %d for armour", a)
		}
		parts = append(parts, fmt.Sprintf("%s = %d", part, total))
	}
	sort.SliceStable(ids, func(i, j int) bool { return e.APs[ids[i]] > e.APs[ids[j]] })
	e.Text = fmt.Sprintf("Round %d begins (Dragon Warriors II: Combat).", e.Round) + listed("", strings.Join(parts, "; ")) + listed("Order: ", joinNames(s, ids))
	dwTurnBegins(s, &e)
	return []Event{e}, nil
}

func (dragonWarriors) turnBegun(s *State, e *Event) { dwTurnBegins(s, e) }

// dwTurnBegins is what a new turn, round_started event e, does to Dragon
// Warriors II figures, whichever initiative ordered it: each figure's
// stance and delay end and its attack is to make; and a stun "until this
// time next turn" (DW II: Injury) that the turn after its own has not
// ended (dwStunsOver) ends now, at the latest.
func dwTurnBegins(s *State, e *Event) {
	status := dwStatuses(s, e.Changes)
	ap := func(id string) int {
		if ap, ok := e.APs[id]; ok {
			return ap
		}
		return s.Figures[id].AP
	}
	for _, id := range s.Order {
		if st := status(id); st.dw().Stance != "" || st.Delayed || st.Attacked {
			st.Delayed, st.Attacked = false, false
			st.withDW(func(p *dwStatus) { p.Stance = "" })
			e.Changes = dwChange(e.Changes, id, ap(id), st)
		}
	}
	for _, id := range s.Order {
		// A figure the initiative left out (knocked out) starts the turn
		// with its move too, should it get up (dwPacesLeft).
		if _, ok := e.APs[id]; !ok {
			if st := status(id); st.Paced > 0 {
				st.Paced = 0
				e.Changes = dwChange(e.Changes, id, ap(id), st)
			}
		}
	}
	for _, id := range s.Order {
		if st := status(id); st.Condition == rules.Stunned && st.dw().StunnedIn < e.Round-1 {
			st.dwUnstun()
			e.Changes = dwChange(e.Changes, id, ap(id), st)
			e.Text += fmt.Sprintf(" %s shakes off the stun: the turn after it is over (Dragon Warriors II: Injury).", s.FigureName(id))
		}
	}
}

// dwStatuses is each figure's status with changes applied.
func dwStatuses(s *State, changes []FigureChange) func(string) FigureStatus {
	return func(id string) FigureStatus {
		for i := len(changes) - 1; i >= 0; i-- {
			if changes[i].Figure == id {
				return changes[i].Status.clone()
			}
		}
		return s.Figures[id].FigureStatus.clone()
	}
}

// dwChange sets figure id's change in changes to st, or adds one.
func dwChange(changes []FigureChange, id string, ap int, st FigureStatus) []FigureChange {
	for i := range changes {
		if changes[i].Figure == id {
			changes[i].Status = st
			return changes
		}
	}
	return append(changes, FigureChange{Figure: id, AP: ap, Status: st})
}

// dwActed reports whether a figure of status st has taken its place in
// this turn's order: made its attack, delayed or taken a stance.
func dwActed(st FigureStatus) bool { return st.Attacked || st.Delayed || st.dw().Stance != "" }

// dwStunned reports whether figure id, of status st, has a stun from an
// earlier turn than this one, dealt by a figure standing, and that
// figure: a stun whose time may come round this turn.
func dwStunned(s *State, st FigureStatus, status func(string) FigureStatus) (string, bool) {
	if !s.Begun || st.Condition != rules.Stunned || st.dw().StunnedAt == "" || st.dw().StunnedIn >= s.Round {
		return "", false
	}
	if _, ok := s.Figures[st.dw().StunnedAt]; !ok || status(st.dw().StunnedAt).Condition >= rules.Unconscious {
		return "", false
	}
	return st.dw().StunnedAt, true
}

// held ends, in event e of a figure holding its actions in Lead and
// Chrome's order, the stuns it dealt last turn: its place has come round.
func (dragonWarriors) held(s *State, e *Event) { dwStunsOver(s, e) }

// dwStunsOver ends, in event e of an attack, a stance or a delay, the
// stuns from last turn whose time it brought round: "until this time next
// turn" (DW II: Injury) is until the figure that dealt the stun has taken
// its place in this turn's order (made its attack, which still finds the
// foe dazed, as the worked example's "Lennox's effective defence is 0"
// has it; delayed; or taken a stance), in the order the fight's
// initiative gives.
func dwStunsOver(s *State, e *Event) {
	status := dwStatuses(s, e.Changes)
	for _, id := range s.Order {
		st := status(id)
		at, ok := dwStunned(s, st, status)
		if !ok || !dwActed(status(at)) {
			continue
		}
		st.dwUnstun()
		e.Changes = dwChange(e.Changes, id, s.Figures[id].AP, st)
		e.Text += fmt.Sprintf(" %s shakes off the stun: %s has taken its place in the order, this time last turn (Dragon Warriors II: Injury).", s.FigureName(id), s.FigureName(at))
	}
}

// dwStunsPassed ends the stuns from last turn whose dealer's place in the
// order has passed unused: actor, who takes its own place with this
// command (an attack or a delay), stands below it (under Lead and
// Chrome's initiative; DW II's own order lets no one act before those
// above it). It returns the state the command is played
// in, and the stuns ended.
func dwStunsPassed(s *State, actor string) (*State, []string) {
	status := dwStatuses(s, nil)
	var over []string
	for _, id := range s.Order {
		at, ok := dwStunned(s, status(id), status)
		if ok && !dwActed(status(at)) && s.Figures[actor].AP < s.Figures[at].AP {
			over = append(over, id)
		}
	}
	if len(over) == 0 {
		return s, nil
	}
	played := s.clone(false)
	for _, id := range over {
		f := played.Figures[id]
		f.dwUnstun()
	}
	return played, over
}

// dwPassed writes the stuns ended before a command (dwStunsPassed), in
// state s, into event e, played without them in played: a change for
// each the event does not change already, and the sentences before e's.
func dwPassed(s, played *State, e *Event, over []string) {
	var text string
	for _, id := range over {
		f := played.Figures[id]
		if !slices.ContainsFunc(e.Changes, func(c FigureChange) bool { return c.Figure == id }) {
			e.Changes = append(e.Changes, FigureChange{Figure: id, AP: f.AP, Status: f.FigureStatus.clone()})
		}
		text += fmt.Sprintf("%s shakes off the stun: %s's place in the order, this time last turn, has passed (Dragon Warriors II: Injury). ", s.FigureName(id), s.FigureName(s.Figures[id].dw().StunnedAt))
	}
	e.Text = text + e.Text
}

// dwStances are the stances a strike may name for its target, by the
// command's word.
var dwStances = map[string]dragonwarriors.Stance{"": dragonwarriors.Normal, "full": dragonwarriors.FullParry, "aggressive": dragonwarriors.AggressiveParry}

// aStance names a stance with its article: "a full parry".
func aStance(st dragonwarriors.Stance) string {
	if st == dragonwarriors.AggressiveParry {
		return "an " + st.String()
	}
	return "a " + st.String()
}

// dwTakesTurn refuses figure f's attack (a strike that is no riposte, or
// a missile) where the turn does not allow it (DW II: Combat, Defensive
// Stances): one attack a turn; none in a defensive stance, which
// sacrifices it; and in the order of initiative, after every figure
// standing with a higher total has made its attack, taken a stance or
// delayed. Before the first round's initiative nothing is counted; under
// Lead and Chrome's initiative only the stance counts.
func dwTakesTurn(s *State, f *Figure) error {
	if !s.Begun {
		return nil
	}
	name := s.FigureName(f.ID)
	switch {
	case f.dw().Stance != "":
		return refuse("%s is in %s this turn and has sacrificed its own attack (Dragon Warriors II: Defensive Stances)", name, aStance(dwStances[f.dw().Stance]))
	case orderedByOption(s):
		// Lead and Chrome's initiative replaces the turn's order: each
		// figure has two actions, in its order (docs/defaults.md).
		return nil
	case f.Attacked:
		return refuse("%s has made its attack this turn; the next is next turn (Dragon Warriors II: Combat)", name)
	}
	// Only those its side sees: a refusal tells nothing of a figure out of
	// its view (docs/defaults.md).
	unseen := s.unseenBy(f.Side)
	var first []string
	for _, id := range s.Order {
		o := s.Figures[id]
		if o.AP > f.AP && o.Condition < rules.Unconscious && !o.Attacked && o.dw().Stance == "" && !o.Delayed && !unseen[id] {
			first = append(first, fmt.Sprintf("%s (initiative %d)", s.FigureName(id), o.AP))
		}
	}
	if len(first) > 0 {
		return refuse("%s acts in order of initiative (%d): %s acts first, or delays (Dragon Warriors II: Combat)", name, f.AP, joinAnd(first))
	}
	return nil
}

// dwDelay puts figure c.Figure's action off until later in the turn (DW
// II: Combat): those after it in the order may act before it.
func dwDelay(s *State, c Command) ([]Event, error) {
	f, _, err := actor(s, c.Figure)
	if err != nil {
		return nil, err
	}
	name := s.FigureName(f.ID)
	switch {
	case !s.Begun:
		return nil, refuse("there is no order to delay in before the first round's initiative")
	case f.Attacked || f.dw().Stance != "":
		return nil, refuse("%s has had its turn this round", name)
	case f.Delayed:
		return nil, refuse("%s has already delayed; it may act when it will", name)
	}
	st := f.FigureStatus.clone()
	st.Delayed = true
	played, over := dwStunsPassed(s, f.ID)
	e := Event{Kind: EventActed, Action: CommandDelay, Figure: f.ID, APLeft: f.AP,
		Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}},
		Text:    fmt.Sprintf("%s delays the action until later in the turn (Dragon Warriors II: Combat).", name)}
	dwPassed(s, played, &e, over)
	dwStunsOver(s, &e)
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
	// NewStance is the stance the target takes for the turn with this
	// blow ("full" or "aggressive"), "" if none or taken before.
	NewStance string
	// BonusLost: a counter-riposte at an aggressive parry, whose bonus
	// does not carry.
	BonusLost bool
	// StunsOver are the stuns from last turn whose dealer's place in the
	// order the blow's figures pass, ended before it; Played is the state
	// without them, which the blow is played in (nil if none).
	StunsOver []string
	Played    *State
	// Judged is the Judge's own modifier on the blow, in words ("the
	// Judge: fog -2"), added to Attack; "" if none.
	Judged string
}

// PlanStrike prices a strike command in a Dragon Warriors II fight. A
// stun from last turn whose dealer's place in the order has passed unused,
// the attacker standing below it, ends before the blow.
func (s *State) PlanStrike(c Command) (StrikePlan, error) {
	p, err := s.planStrike(c)
	if err != nil {
		return p, err
	}
	if c.Riposte {
		return p, nil
	}
	played, over := dwStunsPassed(s, p.Attacker.ID)
	if len(over) == 0 {
		return p, nil
	}
	p, err = played.planStrike(c)
	p.Played, p.StunsOver = played, over
	return p, err
}

func (s *State) planStrike(c Command) (StrikePlan, error) {
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
	if err := blowAcrossWall(s, f, t); err != nil { // the map's answer (lines.go)
		return StrikePlan{}, err
	}
	p := StrikePlan{Attacker: f, Target: t, Riposte: c.Riposte}
	var ok2 bool
	if p.Stance, ok2 = dwStances[c.Stance]; !ok2 {
		return StrikePlan{}, refuse("%q is not a stance (full or aggressive parry, or none)", c.Stance)
	}
	// A stance is for the turn, taken in place of the target's own attack
	// (DW II: Defensive Stances).
	p.NewStance = c.Stance
	if t.dw().Stance != "" {
		if c.Stance != "" && c.Stance != t.dw().Stance {
			return StrikePlan{}, refuse("%s is in %s for this turn, not %s", s.FigureName(t.ID), aStance(dwStances[t.dw().Stance]), aStance(p.Stance))
		}
		p.Stance, p.NewStance = dwStances[t.dw().Stance], ""
	}
	if p.NewStance != "" && s.Begun && t.Attacked {
		return StrikePlan{}, refuse("%s has made its attack this turn: %s sacrifices it (Dragon Warriors II: Defensive Stances)", s.FigureName(t.ID), aStance(p.Stance))
	}
	p.AF, p.TF = dwAttacker(s, f), dwFighter(s, t)
	p.Attack = p.AF.AttackScore()
	if c.Riposte {
		r := dwRoundOf(s).Riposte
		if r == nil || r.By != f.ID || r.Against != t.ID {
			return StrikePlan{}, refuse("%s has no riposte against %s now: a riposte answers the blow just won", p.AF.Name, p.TF.Name)
		}
		p.Attack = r.Score
		// "if the attacker makes a counter-riposte, then the bonus to
		// defence does not carry" (DW II: Aggressive Parry).
		if p.Stance == dragonwarriors.AggressiveParry {
			p.Stance, p.BonusLost = dragonwarriors.Normal, true
		}
	} else if err := dwTakesTurn(s, f); err != nil {
		return StrikePlan{}, err
	}
	if err := p.judged(c.Modifier); err != nil {
		return StrikePlan{}, err
	}
	p.Defence = p.TF.DefenceScore(p.Stance)
	p.Chance = dragonwarriors.WinChance(p.Attack, p.Defence)
	return p, nil
}

// judged adds the Judge's own modifier m, if any, to the blow's Attack:
// what no rule covers, as the missile's "other modifiers" are added to
// its difficulty (DW II: Missile Combat; docs/defaults.md, "the Judge's
// own modifier").
func (p *StrikePlan) judged(m *JudgeModifier) error {
	if m == nil {
		return nil
	}
	if err := m.check(); err != nil {
		return err
	}
	p.Attack = max(0, p.Attack+m.Steps)
	p.Judged = fmt.Sprintf("the Judge: %s %+d", strings.TrimSpace(m.Reason), m.Steps)
	return nil
}

func dwStrike(s *State, c Command, src roller) ([]Event, error) {
	p, err := s.PlanStrike(c)
	if err != nil {
		return nil, err
	}
	orig := s
	if p.Played != nil {
		s = p.Played
	}
	f, t, af, tf, att, stance := p.Attacker, p.Target, p.AF, p.TF, p.Attack, p.Stance
	rnd, err := src([]need{{f.ID, fmt.Sprintf("%s's attack roll: two d6, one added, one taken away, sixes rolled again", af.Name)},
		{t.ID, fmt.Sprintf("%s's defence roll, the same, then a Toughness roll if hurt", tf.Name)}})
	if err != nil {
		return nil, err
	}
	bl, err := dragonwarriors.Strike(rnd, af, att, tf, stance, dwReading(s))
	if err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	e := Event{Kind: EventActed, Action: CommandStrike, Figure: f.ID, APLeft: f.AP, Targets: []string{t.ID}, Outcomes: []Outcome{{Target: t.ID, Hit: bl.Hit}}}
	text := bl.Text
	if c.Riposte {
		text = strings.Replace(text, " attacks ", " ripostes at ", 1)
	}
	if p.NewStance != "" {
		text = fmt.Sprintf("%s takes %s for the turn, its own attack sacrificed. %s", tf.Name, aStance(stance), text)
	}
	if p.BonusLost {
		text = fmt.Sprintf("%s's aggressive parry does not carry to a counter-riposte. %s", tf.Name, text)
	}
	if p.Judged != "" {
		text = fmt.Sprintf("%s's attack, %s: %d. %s", af.Name, p.Judged, att, text)
	}
	e.Text = text + " (Dragon Warriors II: Roll to Hit)"
	if !c.Riposte && s.Begun {
		st := f.FigureStatus.clone()
		st.Attacked = true
		e.Changes = append(e.Changes, FigureChange{Figure: f.ID, AP: f.AP, Status: st})
	}
	if bl.Hit || p.NewStance != "" {
		ch := dwHurt(s, t, tf, bl.Check != nil && bl.Check.Stunned, f.ID)
		if !bl.Hit {
			ch = FigureChange{Figure: t.ID, AP: t.AP, Status: t.FigureStatus.clone()}
		}
		if p.NewStance != "" {
			ch.Status.withDW(func(d *dwStatus) { d.Stance = p.NewStance })
		}
		e.Changes = append(e.Changes, ch)
	}
	if bl.Riposte > 0 {
		e.Riposte = &Riposte{By: t.ID, Against: f.ID, Score: bl.Riposte}
	}
	dwPassed(orig, s, &e, p.StunsOver)
	dwStunsOver(s, &e)
	dwDraws(s, f, &e)
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
	st.dwUnstun()
	return []Event{{Kind: EventActed, Action: CommandRecover, Figure: f.ID, APLeft: f.AP,
		Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}},
		Text:    s.FigureName(f.ID) + " shakes off the stun."}}, nil
}

// dwMissile is a missile attack (DW II: Missile Combat): the attacker's
// Attack with the weapon's bonus against a difficulty in place of Defence:
// the range in feet for close-range weapons, in fathoms for bows and
// crossbows, two more for a shield, and the Judge's modifier. The
// difficulty is rolled plus-minus as a defence would be ("the same form as
// melee combat"), or not, as the fight reads it (docs/defaults.md).
// A hit never lowers the target's condition.
func dwMissile(s *State, c Command, src roller) ([]Event, error) {
	f, t, err := dwMissileTarget(s, c)
	if err != nil {
		return nil, err
	}
	orig := s
	s, over := dwStunsPassed(s, f.ID)
	f, t = s.Figures[f.ID], s.Figures[t.ID]
	af, tf := dwAttacker(s, f), dwFighter(s, t)
	w, err := dwMissileWeapon(s, af)
	if err != nil {
		return nil, err
	}
	if err := shotUnseen(s, attackLine(s, f, t), f, t); err != nil { // the map's answer (lines.go)
		return nil, err
	}
	feet := float64(f.At.DistanceTo(t.At)) * s.Map.Scale * dragonwarriors.FeetPerPace
	diff, diffText, err := dwMissileDifficulty(w, feet, tf.Shield, c.Modifier)
	if err != nil {
		return nil, err
	}
	diff, diffText = dwCover(s, f, t, diff, diffText)
	att := af.AttackScore()
	m, why := lcToHit(s, f) // declared at initiative (Lead and Chrome)
	att += m
	// The difficulty rolled as a defence is stands for the target: its
	// roll, as the Toughness roll after.
	theirs := fmt.Sprintf("the difficulty's roll, the same, then %s's Toughness roll if hurt", tf.Name)
	if dwOptionsOf(s.Options).MissileOneRoll {
		theirs = fmt.Sprintf("%s's Toughness roll if hurt", tf.Name)
	}
	rnd, err := src([]need{{f.ID, fmt.Sprintf("%s's attack roll: two d6, one added, one taken away, sixes rolled again", af.Name)}, {t.ID, theirs}})
	if err != nil {
		return nil, err
	}
	// The difficulty stands in for the target's Defence, whatever its
	// state: no stance, no shield twice, no riposte.
	bl, err := dragonwarriors.Missile(rnd, af, att, tf, diff, dwReading(s))
	if err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	unit := fmt.Sprintf("%d feet", int(feet+0.5))
	if w.LongRange {
		unit = fmt.Sprintf("%d fathoms", int(feet/6+0.5))
	}
	e := Event{Kind: EventActed, Action: CommandShoot, Figure: f.ID, APLeft: f.AP, Targets: []string{t.ID}, Outcomes: []Outcome{{Target: t.ID, Hit: bl.Hit}},
		Text: fmt.Sprintf("%s %s a %s at %s, %s away: difficulty %s. %s (Dragon Warriors II: Missile Combat)",
			af.Name, map[bool]string{true: "shoots with", false: "throws"}[w.LongRange], w.MissileName(), tf.Name, unit, diffText, bl.Text)}
	if len(why) > 0 {
		e.Text += " (Lead and Chrome: " + strings.Join(why, ", ") + ")"
	}
	if s.Begun {
		st := f.FigureStatus.clone()
		st.Attacked = true
		e.Changes = append(e.Changes, FigureChange{Figure: f.ID, AP: f.AP, Status: st})
	}
	if bl.Hit {
		e.Changes = append(e.Changes, dwHurt(s, t, tf, bl.Check != nil && bl.Check.Stunned, f.ID))
	}
	dwPassed(orig, s, &e, over)
	dwStunsOver(s, &e)
	dwDraws(s, f, &e)
	return []Event{e}, nil
}

// dwMissileTarget is the shooter and the target of missile command c,
// refusing a target that is missing, the shooter itself or dead, and a
// shooter whose turn it is not (dwTakesTurn).
func dwMissileTarget(s *State, c Command) (*Figure, *Figure, error) {
	f, _, err := actor(s, c.Figure)
	if err != nil {
		return nil, nil, err
	}
	if len(c.Shots) == 0 {
		return nil, nil, refuse("a missile attack needs a target")
	}
	t, ok := s.Figures[c.Shots[0].Target]
	if !ok || t.ID == f.ID {
		return nil, nil, refuse("there is no target %q", c.Shots[0].Target)
	}
	if t.Condition >= rules.Dead {
		return nil, nil, refuse("%s is dead", s.FigureName(t.ID))
	}
	if err := dwTakesTurn(s, f); err != nil {
		return nil, nil, err
	}
	return f, t, nil
}

// DWCover is what cover of each height the map gives (hexmap.Height) adds
// to a missile's difficulty: the text's "a difficulty rating, based on
// range plus other modifiers" (DW II: Missile Combat) names no number for
// cover, and prices a shield, which covers about what waist-high cover
// does, at two: so low cover 1, waist-high 2, chest-high 4, full 6
// (docs/defaults.md, "DW II: cover").
var DWCover = map[hexmap.Height]int{hexmap.Low: 1, hexmap.Waist: 2, hexmap.Chest: 4, hexmap.Full: 6}

// dwCover adds to difficulty diff (in words, said) what the tallest cover
// on the line from f to t adds (DWCover).
func dwCover(s *State, f, t *Figure, diff int, said string) (int, string) {
	cov, ok := attackLine(s, f, t).tallestCover()
	if !ok {
		return diff, said
	}
	add := DWCover[min(cov.Feature.Height, hexmap.Full)]
	return diff + add, fmt.Sprintf("%s + %d for cover (%s) = %d", said, add, coverSaid(s.Map, cov), diff+add)
}

// dwMissileWeapon is the missile weapon of the attacker af, refused when
// the fight's reading of what may be shot or thrown leaves it none.
func dwMissileWeapon(s *State, af *dragonwarriors.Fighter) (dragonwarriors.Weapon, error) {
	w, ok := dragonwarriors.FindWeapon(af.Weapon)
	if !ok || !dwReading(s).Shot(w) {
		what := "a bow, crossbow, light spear, knife, axe or rock"
		if dwOptionsOf(s.Options).ThrownAsTable {
			what = "a bow, crossbow, or what the Weapons table says can be thrown: a light spear or knife"
		}
		return w, refuse("%s has no missile weapon (%s)", af.Name, what)
	}
	return w, nil
}

// dwMissileDifficulty is the difficulty of a shot with w at feet, two
// more for a shield, and in words: "a difficulty rating, based on range
// plus other modifiers": the Judge's own (m), for what no rule covers.
func dwMissileDifficulty(w dragonwarriors.Weapon, feet float64, shield bool, m *JudgeModifier) (int, string, error) {
	diff := dragonwarriors.MissileDifficulty(w, feet, shield)
	diffText := fmt.Sprint(diff)
	if m == nil {
		return diff, diffText, nil
	}
	if err := m.check(); err != nil {
		return 0, "", err
	}
	diff += m.Steps
	sign := "+"
	if m.Steps < 0 {
		sign = "−"
	}
	return diff, diffText + fmt.Sprintf(" %s %d (the Judge: %s) = %d", sign, max(m.Steps, -m.Steps), strings.TrimSpace(m.Reason), diff), nil
}

// dwHurt is figure t's change after a blow left its fighter fi so: its
// wounds, and dead, knocked out or stunned, never less than it was (a hit
// never lowers a condition). A stun the blow dealt anew is dated this
// turn and to figure at, who dealt it: it lasts "until this time next
// turn" (DW II: Injury), until at has taken its place in the next turn's
// order (dwStunsOver).
func dwHurt(s *State, t *Figure, fi *dragonwarriors.Fighter, newStun bool, at string) FigureChange {
	st := t.FigureStatus.clone()
	st.Hurt = fi.Wounds
	cond := rules.Fine
	switch {
	case fi.Dead:
		cond = rules.Dead
	case fi.KnockedOut:
		cond = rules.Unconscious
	case fi.Stunned:
		cond = rules.Stunned
	}
	st.Condition = max(st.Condition, cond)
	if st.Condition == rules.Stunned && newStun {
		st.withDW(func(p *dwStatus) { p.StunnedIn, p.StunnedAt = dwTurnNow(s), at })
	}
	return FigureChange{Figure: t.ID, AP: t.AP, Status: st}
}

// dwTurnNow is the turn a stun dealt now is dated to: this round, or 0
// before the first round's initiative, whose turn 1 is the next.
func dwTurnNow(s *State) int {
	if !s.Begun {
		return 0
	}
	return s.Round
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
		checkField("Weapon concealed (small weapons only; shown when used)", func(c *Character) *bool { return &dwSheet(c).Concealed }),
	}}}
}

// Derived: the attack and defence with weapon and shield, and initiative.
func (dragonWarriors) Derived(c Character) string {
	dw := dwSheet(&c)
	f := dw.Fighter(c.Name, 0, false)
	text := fmt.Sprintf("Dragon Warriors II: attack %d and defence %d with the weapon and shield, initiative Reflexes %d − %d for armour.",
		f.AttackScore(), f.DefenceScore(dragonwarriors.Normal), dw.Reflexes, dragonwarriors.Armour[dw.Armour])
	if dw.Concealed {
		text += " The weapon is concealed: the players are not told of it until it is used."
	}
	return text
}

// dwDraws shows the weapon figure f struck or threw with in event e, if
// its sheet conceals it and f has not used it before: "Small weapons
// (knives etc.) ... can be concealed" (DW II: Weapons). Until then no
// player but the figure's own is told of it; the log now names it, and
// the figure's status keeps that it is shown (FigureStatus.Drawn).
func dwDraws(s *State, f *Figure, e *Event) {
	dw := s.Characters[f.Character].DragonWarriors
	if dw == nil || !dw.Concealed || f.dw().Drawn {
		return
	}
	w, _ := dragonwarriors.FindWeapon(dw.Weapon)
	e.Text = fmt.Sprintf("%s draws a %s that was concealed (Dragon Warriors II: Weapons: \"Small weapons (knives etc.) ... can be concealed\"). %s",
		s.FigureName(f.ID), strings.ToLower(w.Name), e.Text)
	shown := false
	for i := range e.Changes {
		if e.Changes[i].Figure == f.ID {
			e.Changes[i].Status.withDW(func(p *dwStatus) { p.Drawn = true })
			shown = true
		}
	}
	if !shown {
		st := f.FigureStatus.clone()
		st.withDW(func(p *dwStatus) { p.Drawn = true })
		e.Changes = append(e.Changes, FigureChange{Figure: f.ID, AP: f.AP, Status: st})
	}
}

// dwOptions are Dragon Warriors II's own options of a fight (its part of
// FightOptions): where the text disagrees with itself, the other reading
// (docs/defaults.md).
type dwOptions struct {
	// KnockOutAtFive reads the knock-out as the worked example does: a
	// Toughness roll failed by five or more knocks out. Off, the text's
	// own rule: failed by more than five.
	KnockOutAtFive bool `json:"knock_out_at_five,omitempty"`
	// ThrownAsTable throws only what the Weapons table says "can be
	// thrown" (light spears, small weapons). Off, the missile rule's
	// "rocks, axes, knives and javelins": axes (the heavy weapons) and
	// rocks (improvised weapons) are thrown too.
	ThrownAsTable bool `json:"thrown_as_table,omitempty"`
	// MissileOneRoll makes a missile's difficulty a fixed number, only the
	// attacker rolling, as one character against the environment (Active
	// and Passive Contests). Off, the missile rule's "the same form as
	// melee combat": the difficulty is rolled as a defence is.
	MissileOneRoll bool `json:"missile_one_roll,omitempty"`
}

// dwOptionsOf is the fight's Dragon Warriors II options.
func dwOptionsOf(o FightOptions) dwOptions { return partOf[dwOptions](o.Parts) }

// dwOptionSwitch is a switch of one of Dragon Warriors II's options.
func dwOptionSwitch(label string, o FightOptions, at func(*dwOptions) *bool) Switch {
	cur := dwOptionsOf(o)
	return Switch{Label: label, On: *at(&cur), Set: func(o FightOptions, on bool) FightOptions {
		p := dwOptionsOf(o)
		*at(&p) = on
		setPart(&o.Parts, p)
		return o
	}}
}

// Switches: Dragon Warriors II's options (dwOptions).
func (dragonWarriors) Switches(o FightOptions) []Switch {
	return []Switch{
		dwOptionSwitch("Knock-out at a Toughness roll failed by five or more, as the worked example has it (the rule: by more than five)", o,
			func(p *dwOptions) *bool { return &p.KnockOutAtFive }),
		dwOptionSwitch("Throw only what the Weapons table says can be thrown, light spears and small weapons (the missile rule: rocks and axes too)", o,
			func(p *dwOptions) *bool { return &p.ThrownAsTable }),
		dwOptionSwitch("A missile's difficulty is not rolled: one character against the environment, only one roll (the missile rule: the same form as melee combat, both roll)", o,
			func(p *dwOptions) *bool { return &p.MissileOneRoll }),
	}
}

// dwReading is how the fight reads the text where it disagrees with
// itself: the rule's reading unless an option names the worked example's.
func dwReading(s *State) dragonwarriors.Reading {
	o := dwOptionsOf(s.Options)
	return dragonwarriors.Reading{KnockOutAtFive: o.KnockOutAtFive, ThrownAsTable: o.ThrownAsTable, OneRollMissiles: o.MissileOneRoll}
}

// writeStrike previews a Dragon Warriors II blow with the session's own
// plan: the attack and defence scores with their sources and the chance to
// win (DW II: Roll to Hit).
func writeStrike(b *strings.Builder, s *State, cmd Command) error {
	p, err := s.PlanStrike(cmd)
	if err != nil {
		return err
	}
	for _, id := range p.StunsOver {
		fmt.Fprintf(b, "%s shakes off the stun first: %s's place in the order, this time last turn, has passed.\n", s.FigureName(id), s.FigureName(s.Figures[id].dw().StunnedAt))
	}
	why := "Attack"
	switch {
	case p.Riposte:
		why = "riposte: the margin just won"
	case p.AF.Stunned:
		why = "stunned: Attack 0"
	}
	if p.Judged != "" {
		why += ", " + p.Judged
	}
	fmt.Fprintf(b, "%s strikes at %s: %d (%s) + a plus-minus roll against %s's defence %d (%s", p.AF.Name, p.TF.Name, p.Attack, why, p.TF.Name, p.Defence, p.Stance)
	if p.TF.Shield {
		b.WriteString(", shield +2")
	}
	switch {
	case p.TF.KnockedOut:
		b.WriteString(", knocked out: 0")
	case p.TF.Stunned:
		b.WriteString(", stunned: 0")
	}
	fmt.Fprintf(b, ") + a roll.\nChance to hit: %.0f%%; the margin is the wounds, less armour (%s).", 100*p.Chance, noneIf(p.TF.Armour))
	if p.BonusLost {
		b.WriteString(" The aggressive parry's bonus does not carry to a counter-riposte.")
	}
	if p.NewStance != "" {
		fmt.Fprintf(b, " %s takes %s for the turn, sacrificing its own attack.", p.TF.Name, aStance(p.Stance))
	}
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

// lcDraws: the sheet's weapon, a one-handed blade or a two-handed weapon
// (a bow, a spear, a two-handed axe or sword) by the Weapons table's
// names; unarmed draws nothing (Lead and Chrome: The Quick-Draw).
func (dragonWarriors) lcDraws(s *State, f *Figure) []lcDrawn {
	dw := s.Characters[f.Character].DragonWarriors
	if dw == nil {
		return nil
	}
	w, ok := dragonwarriors.FindWeapon(dw.Weapon)
	if !ok || w.ID == "unarmed" {
		return nil
	}
	if strings.HasPrefix(w.ID, "one-handed") || w.ID == "small" {
		return []lcDrawn{{Kind: leadchrome.OneHandedMelee, Name: w.Name, What: fmt.Sprintf("a %s (a one-handed melee)", w.Name)}}
	}
	return []lcDrawn{{Kind: leadchrome.LongGun, Name: w.Name, What: fmt.Sprintf("a %s (a two-handed weapon)", w.Name)}}
}

// lcReaches: a blade reaches the figure beside, a missile weapon anyone
// (Lead and Chrome: Quick-draw fumbles, 5).
func (dragonWarriors) lcReaches(s *State, f, t *Figure, melee bool) bool {
	return !melee || f.At.DistanceTo(t.At) <= 1
}

// lcHit: a quick-draw fumble's hit is an accident, a blow with no Attack
// behind it (0, as a stunned fighter's) at a target with no Defence
// against it (0, as a knocked-out fighter's), and no riposte: the two
// plus-minus rolls decide, the margin and the weapon's damage, less
// armour, are the wounds, and a draw or less grazes harmlessly (Dragon
// Warriors II: Roll to Hit, Injury; Lead and Chrome: Quick-draw fumbles,
// 5 and 6; docs/defaults.md).
func (dragonWarriors) lcHit(s *State, by, t *Figure, st FigureStatus, melee bool, rnd rules.Source) (FigureStatus, string, error) {
	af := dwFighter(s, by)
	tf := dwFighter(s, t)
	stand := &dragonwarriors.Fighter{Name: tf.Name, Who: t.ID, Toughness: tf.Toughness, Armour: tf.Armour, Wounds: st.Hurt}
	bl, err := dragonwarriors.Strike(rnd, af, 0, stand, dragonwarriors.FullParry, dwReading(s))
	if err != nil {
		return st, "", err
	}
	text := strings.Replace(strings.Replace(bl.Text, tf.Name+" defends 0", "undefended 0", 1), " attacks", ", by accident, attacks", 1)
	if !bl.Hit {
		text += " It grazes harmlessly."
	}
	if bl.Hit {
		st.Hurt = stand.Wounds
		switch {
		case stand.Dead:
			st.Condition = rules.Dead
		case stand.KnockedOut:
			st.Condition = rules.Unconscious
		case stand.Stunned:
			st.Condition = rules.Stunned
			st.withDW(func(p *dwStatus) { p.StunnedIn = s.nextRound() })
		}
	}
	return st, strings.TrimSuffix(text, ".") + " (Dragon Warriors II: Roll to Hit)", nil
}

// sayHurt says the wounds a blow dealt (outcomes).
func (dragonWarriors) sayHurt(_ *State, _ *Figure, before, after int) string {
	n := after - before
	return fmt.Sprintf("%d %s", n, plural(n, "wound", "wounds"))
}
