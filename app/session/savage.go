package session

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"hexslinger/hexmap"
	"hexslinger/rules"
	"hexslinger/rules/leadchrome"
	"hexslinger/rules/savage"
)

// savageWorlds is Savage Worlds combat: one hex is one inch, two yards.
type savageWorlds struct{}

// CommandBenny spends one of Figure's Bennies to remove its Shaken status,
// at any time, even out of its turn (Savage Worlds: Shaken).
const CommandBenny = "spend_benny"

// ActBenny is the composer's and the map window's name for CommandBenny.
const ActBenny = "Spend a Benny"

func init() {
	register(savageWorlds{})
	registerStatusPart[swStatus]("savage")
	registerOptionPart[swOptions]("savage")
	registerStatePart[swRound]("savage")
}

// swStatus is what Savage Worlds keeps of a figure beyond what every
// system does (its part of FigureStatus). A figure's Wounds are its Hurt,
// the one track every system that counts harm so shares.
type swStatus struct {
	// Shaken is Savage Worlds' Shaken: free actions only.
	Shaken bool `json:"shaken,omitempty"`
	// BenniesSpent is the Bennies the figure has spent this fight, of
	// those its sheet starts it with.
	BenniesSpent int `json:"bennies_spent,omitempty"`
	// SpiritRolled: the figure has made this turn's Spirit roll to
	// recover from Shaken, "At the start of their turn" (Savage Worlds:
	// Shaken); a new round's turn gives it another.
	SpiritRolled bool `json:"spirit_rolled,omitempty"`
	// AimAt is the figure the figure took the Aim action at, in round
	// AimIn: its next action's shot may go to Extreme Range (Savage
	// Worlds: Ranged Attacks). The aim lasts until its shot or another
	// action, and at most to the end of the round after it.
	AimAt string `json:"aim_at,omitempty"`
	AimIn int    `json:"aim_in,omitempty"`
}

// newRound is the part when a new round starts: a new turn's Spirit roll.
func (p swStatus) newRound() any {
	p.SpiritRolled = false
	return p
}

// sw is the figure's Savage Worlds part.
func (st *FigureStatus) sw() swStatus { return partOf[swStatus](st.Parts) }

// withSW changes the figure's Savage Worlds part with change.
func (st *FigureStatus) withSW(change func(*swStatus)) { editPart(&st.Parts, change) }

// check range-checks the part, from an event or a fight file.
func (p swStatus) check() error {
	return checkCounts(countField{"bennies_spent", p.BenniesSpent}, countField{"aim_in", p.AimIn})
}

// swAiming reports whether figure f holds an aim at figure t, taken this
// round or the last (swStatus.AimAt).
func swAiming(s *State, f, t *Figure) bool {
	p := f.sw()
	return p.AimAt != "" && p.AimAt == t.ID && s.Round <= p.AimIn+1
}

// swTakesAim reports whether shoot command c by figure f is the Aim
// action: one shot ordered with aims, at a target f holds no aim at.
func swTakesAim(s *State, c Command, f *Figure) bool {
	if c.Kind != CommandShoot || len(c.Shots) != 1 || c.Shots[0].Aims == 0 {
		return false
	}
	t, ok := s.Figures[c.Shots[0].Target]
	return ok && !swAiming(s, f, t)
}

// seen is what the eye sees of the part: "shaken" (State.Looks).
func (p swStatus) seen() []string {
	if p.Shaken {
		return []string{"shaken"}
	}
	return nil
}

// worse is what got worse since before (harmSaid): "Shaken".
func (p swStatus) worse(before any) []string {
	if b, _ := before.(swStatus); p.Shaken && !b.Shaken {
		return []string{"Shaken"}
	}
	return nil
}

func (savageWorlds) ID() string         { return "savage" }
func (savageWorlds) Name() string       { return "Savage Worlds" }
func (savageWorlds) MovesCostAP() bool  { return false }
func (savageWorlds) Turn(s *State) Turn { return orderTurn(s) }
func (savageWorlds) Actions() []Action {
	acts := append(sheetActions(false), Action{Name: ActProne, Kind: CommandProne}, Action{Name: ActBenny, Kind: CommandBenny, IfAllowed: true},
		Action{Name: ActHazard, Kind: CommandSkill, Skill: savage.HazardSkill, JudgeModifier: "added to the roll"},
		Action{Name: ActDelay, Kind: CommandDelay}) // the Hold
	for i := range acts {
		acts[i].Jump = acts[i].Kind == CommandMove // Savage Worlds: Jumping
		if acts[i].Kind == CommandStrike || acts[i].Kind == CommandShoot {
			acts[i].JudgeModifier = "added to the roll" // SavagePlan.mapAndJudge
		}
	}
	return acts
}
func (savageWorlds) ExactDice(string) bool { return true }
func (savageWorlds) Explain(s *State, c Command) (string, error) {
	return explainAttack(s, c, writeSavage, CommandStrike, CommandShoot)
}

func (savageWorlds) CheckSheet(c Character) error {
	if c.Savage == nil {
		return fmt.Errorf("character %s has no Savage Worlds traits (savage: agility, spirit, strength, vigor, …)", c.ID)
	}
	if err := c.Savage.Check(); err != nil {
		return fmt.Errorf("character %s: savage: %w", c.ID, err)
	}
	return nil
}

func (sw savageWorlds) Decide(s *State, c Command, src roller) ([]Event, bool, error) {
	if err := swInTurn(s, c); err != nil {
		return nil, true, err
	}
	switch c.Kind {
	case CommandNewRound:
		ev, err := swNewRound(s, src)
		return ev, true, err
	case CommandStrike:
		ev, err := swAttack(s, c, src, false)
		return ev, true, err
	case CommandShoot:
		if f, ok := s.Figures[c.Figure]; ok && swTakesAim(s, c, f) {
			ev, err := swAim(s, c)
			return ev, true, err
		}
		if len(c.Shots) > 1 {
			ev, err := swVolley(s, c, src)
			return ev, true, err
		}
		ev, err := swAttack(s, c, src, true)
		return ev, true, err
	case CommandRecover:
		ev, err := swRecover(s, c, src)
		return ev, true, err
	case CommandMove:
		ev, err := swMove(s, c, src)
		return ev, true, err
	case CommandProne:
		ev, err := swProne(s, c)
		return ev, true, err
	case CommandBenny:
		ev, err := swBenny(s, c)
		return ev, true, err
	case CommandSkill:
		ev, err := swHazard(s, c, src)
		return ev, true, err
	case CommandDelay:
		ev, err := swHold(s, c)
		return ev, true, err
	case CommandSegment, CommandReady, CommandCock, CommandDuck, CommandMelee, CommandDoor, CommandPickUp, CommandReload, CommandDefend, CommandEscape:
		return nil, true, notIn(sw, c.Kind)
	}
	return nil, false, nil
}

// swTurnTaken are the commands held to the countdown (swInTurn): the
// turn's regular action, the Spirit roll at the start of the turn, and
// the Hold. A Benny is spent "At any time (even when it is not their
// turn)"; moves and the free actions that go with them are the Judge's
// to order, as the table moves its figures (docs/defaults.md, "Savage
// Worlds: the countdown").
var swTurnTaken = []string{CommandStrike, CommandShoot, CommandRecover, CommandDelay}

// swInTurn refuses command c of a figure whose turn has not come: "A
// round is an entire countdown of Action Cards from the Ace to the
// Deuce. A character's "turn" occurs when his Action Card comes up in
// the countdown" (Savage Worlds: Time). A card has come up when every
// figure standing dealt a higher one has had its turn (swTurnHad). A
// figure on Hold, or dealt a Joker, acts when it likes. Before the
// first deal, and on Lead and Chrome's initiative (lcInTurn), the
// countdown says nothing.
func swInTurn(s *State, c Command) error {
	f, ok := s.Figures[c.Figure]
	if !ok || !s.Begun || orderedByOption(s) || !slices.Contains(swTurnTaken, c.Kind) || f.Delayed || swJoker(s, f.ID) > 0 {
		return nil
	}
	// Only those its side sees: a refusal tells nothing of a figure out
	// of its view (docs/defaults.md).
	unseen := s.unseenBy(f.Side)
	dealt := swRoundOf(s).Dealt
	var first []string
	for _, id := range s.Order {
		g := s.Figures[id]
		if g.AP > f.AP && !swTurnHad(s, g) && !unseen[id] {
			first = append(first, fmt.Sprintf("%s (%s)", s.FigureName(id), dealt[id]))
		}
	}
	if len(first) == 0 {
		return nil
	}
	verb := "act"
	if len(first) == 1 {
		verb = "acts"
	}
	return refuse("%s's card (%s) has not come up: %s %s first, or go on Hold (delay) (Savage Worlds: Time: \"A character's turn occurs when his Action Card comes up in the countdown\")",
		s.FigureName(f.ID), dealt[f.ID], joinAnd(first), verb)
}

// swTurnHad reports whether figure g has had its turn this round, or
// has none to wait for: it took its regular action, went on Hold, made
// its Spirit roll and stays Shaken (free actions only), holds a Joker,
// or is down.
func swTurnHad(s *State, g *Figure) bool {
	return g.Attacked || g.Delayed || g.Condition >= rules.Unconscious || swJoker(s, g.ID) > 0 || g.sw().Shaken && g.sw().SpiritRolled
}

// swHold puts figure c.Figure on Hold in its turn: the cards after it
// come up, and it acts when it likes this round, before or after any of
// them (docs/defaults.md, "Savage Worlds: the countdown").
func swHold(s *State, c Command) ([]Event, error) {
	f, ch, err := actor(s, c.Figure)
	if err != nil {
		return nil, err
	}
	switch {
	case !s.Begun:
		return nil, refuse("there is no countdown to hold in before the first deal")
	case f.Delayed:
		return nil, refuse("%s is on Hold already: it acts when it likes this round", ch.Name)
	case f.Attacked:
		return nil, refuse("%s has taken this turn's action", ch.Name)
	}
	st := f.FigureStatus.clone()
	st.Delayed = true
	return []Event{{Kind: EventActed, Action: CommandDelay, Figure: f.ID, APLeft: f.AP,
		Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}},
		Text:    fmt.Sprintf("%s goes on Hold: the cards after %s come up, and %s acts when it likes this round (Savage Worlds: Time).", ch.Name, swRoundOf(s).Dealt[f.ID], ch.Name)}}, nil
}

// swProne drops a figure prone, a free action; standing up takes 2" of
// its Pace (Savage Worlds: Prone).
func swProne(s *State, c Command) ([]Event, error) {
	f, ch, err := actor(s, c.Figure)
	if err != nil {
		return nil, err
	}
	if f.Prone == c.Prone {
		return nil, refuse("%s is already %s", ch.Name, map[bool]string{true: "prone", false: "standing"}[f.Prone])
	}
	st := f.FigureStatus.clone()
	st.Prone = c.Prone
	text := ch.Name + " drops prone, a free action (Savage Worlds: Prone)."
	if !c.Prone {
		left := savage.PaceLeft(ch.Savage.PaceOr6(), f.Hurt, 0) - f.Paced
		if left < savage.StandCost {
			return nil, refuse("%s has %d\" of Pace left; standing takes %d\"", ch.Name, left, savage.StandCost)
		}
		st.Paced += savage.StandCost
		text = fmt.Sprintf("%s stands up, 2\" of Pace (Savage Worlds: Prone).", ch.Name)
	}
	return []Event{{Kind: EventActed, Action: CommandProne, Figure: f.ID, APLeft: f.AP,
		Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}}, Text: text}}, nil
}

// swHazard is the Athletics roll the Judge calls for: "If moving is
// hazardous for some reason, such as walking a tightrope, the GM may
// require an Athletics roll" (Savage Worlds: Movement). It rolls against
// TN 4 with the Judge's modifier (Command.Modifier, its points added to
// the roll), a Wound each and the running penalty off it, a Joker's +2 on
// it; it is part of the move, not the turn's action, and the text gives a
// failure no consequence: the log says the outcome and the Judge rules on
// it (docs/defaults.md, "Savage Worlds: hazardous movement").
func swHazard(s *State, c Command, src roller) ([]Event, error) {
	f, ch, err := actor(s, c.Figure)
	if err != nil {
		return nil, err
	}
	if c.Skill != savage.HazardSkill {
		return nil, refuse("a Savage Worlds fight rolls %s for hazardous movement, the page's only skill roll of its own; not %q", savage.HazardSkill, c.Skill)
	}
	judge := ""
	extra := 0
	if m := c.Modifier; m != nil {
		if err := m.check(); err != nil {
			return nil, err
		}
		extra = m.Steps
		judge = fmt.Sprintf(" (the Judge: %s %+d)", strings.TrimSpace(m.Reason), m.Steps)
	}
	r, err := swAthletics(s, f, ch, extra, "for hazardous movement", src)
	if err != nil {
		return nil, err
	}
	verdict := "the move goes as the Judge allows"
	if !r.Success {
		verdict = "the Judge rules what befalls " + ch.Name
	}
	return []Event{{Kind: EventActed, Action: CommandSkill, Figure: f.ID, APLeft: f.AP,
		Text: fmt.Sprintf("%s's Athletics roll for hazardous movement%s: %s: %s (Savage Worlds: Movement).", ch.Name, judge, r.Explained, verdict)}}, nil
}

// swAthletics rolls figure f's Athletics at TN 4 (unskilled d4−2), with a
// Wound each off it, the running penalty after a run, a Joker's +2 and
// extra.
func swAthletics(s *State, f *Figure, ch Character, extra int, why string, src roller) (savage.TraitRoll, error) {
	die, mod := ch.Savage.Athletics, savage.WoundModifier(f.Hurt)+swJoker(s, f.ID)+extra
	if f.Ran {
		mod += savage.RunPenalty
	}
	if die == 0 {
		die, mod = 4, mod-2 // unskilled: d4−2
	}
	what := fmt.Sprintf("%s's Athletics d%d and Wild Die d6 (top faces roll again)", ch.Name, die)
	if !ch.Savage.WildCard {
		what = fmt.Sprintf("%s's Athletics d%d (top faces roll again)", ch.Name, die)
	}
	rnd, err := src([]need{{f.ID, what + " " + why}})
	if err != nil {
		return savage.TraitRoll{}, err
	}
	r, err := savage.RollTrait(rules.DiceFor(rnd, f.ID), die, mod, savage.BaseTN, ch.Savage.WildCard)
	if err != nil {
		return r, &Refusal{Reason: err.Error()}
	}
	return r, nil
}

// swBenny spends a Benny: "At any time (even when it is not their turn) a
// player may spend a Benny to instantly remove their Shaken status"
// (Savage Worlds: Shaken).
func swBenny(s *State, c Command) ([]Event, error) {
	f, ch, err := actor(s, c.Figure)
	if err != nil {
		return nil, err
	}
	left := swBennies(s, f)
	switch {
	case !f.sw().Shaken:
		return nil, refuse("%s is not Shaken: a Benny removes Shaken, and the text names no other use", ch.Name)
	case left < 1:
		return nil, refuse("%s has no Bennies left", ch.Name)
	}
	st := f.FigureStatus.clone()
	st.withSW(func(p *swStatus) { p.Shaken, p.BenniesSpent = false, p.BenniesSpent+1 })
	return []Event{{Kind: EventActed, Action: CommandBenny, Figure: f.ID, APLeft: f.AP,
		Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}},
		Text: fmt.Sprintf("%s spends a Benny and is no longer Shaken; %d %s left (Savage Worlds: Shaken).",
			ch.Name, left-1, plural(left-1, "Benny", "Bennies"))}}, nil
}

// swBennies is how many Bennies figure f has left: its sheet's less those
// spent.
func swBennies(s *State, f *Figure) int {
	c := s.Characters[f.Character]
	return max(0, swSheet(&c).BennyCount()-f.sw().BenniesSpent)
}

// Mark: a figure's Bennies left, for a figure whose sheet has any.
func (savageWorlds) Mark(s *State, f *Figure) Mark {
	c := s.Characters[f.Character]
	if swSheet(&c).BennyCount() == 0 {
		return Mark{}
	}
	n := swBennies(s, f)
	return Mark{Text: fmt.Sprint(n), Label: fmt.Sprintf("%d %s", n, plural(n, "Benny", "Bennies"))}
}

// swCard reads an action card of the deck as a Savage Worlds card.
func swCard(c rules.Card) savage.Card {
	if c.Rank == "joker" {
		return savage.Card{Suit: c.Suit, Joker: true}
	}
	r := map[string]int{"A": 14, "K": 13, "Q": 12, "J": 11}[c.Rank]
	if r == 0 {
		fmt.Sscan(c.Rank, &r)
	}
	return savage.Card{Rank: r, Suit: c.Suit}
}

// swNewRound deals the action cards (Savage Worlds: Initiative): a card for
// each Wild Card, one for each side's Extras together; the countdown runs
// from the Ace down, ties by suit, Jokers acting when they like with +2.
func swNewRound(s *State, src roller) ([]Event, error) {
	hands := swHands(s)
	// A card dealt to a side's Extras together is the first one's.
	var needs []need
	for _, h := range hands {
		needs = append(needs, need{h.ids[0], "a card for " + joinNames(s, h.ids)})
	}
	rnd, err := src(needs)
	if err != nil {
		return nil, err
	}
	e := Event{Kind: EventRoundStarted, Round: s.nextRound(), APs: map[string]int{}, Dealt: map[string]string{}}
	for _, id := range s.Order {
		if f := s.Figures[id]; f.Delayed { // a Hold lasts the round
			st := f.FigureStatus.clone()
			st.Delayed = false
			e.Changes = append(e.Changes, FigureChange{Figure: id, AP: f.AP, Status: st})
		}
	}
	deals, out, err := swDeal(s, hands, rnd, e.Dealt)
	if err != nil {
		return nil, &Refusal{Reason: err.Error(), Needs: texts(needs)}
	}
	order, reshuffle := savage.Countdown(deals)
	if !reshuffle {
		for name := range out {
			e.DeckOut = append(e.DeckOut, name)
		}
		sort.Strings(e.DeckOut)
	}
	var parts []string
	for i, d := range order {
		for _, id := range d.Who {
			e.APs[id] = len(order) - i // the track shows the countdown
		}
		parts = append(parts, fmt.Sprintf("%s %s", d.Card, joinNames(s, d.Who)))
	}
	e.Text = fmt.Sprintf("Round %d: the action cards are dealt (Savage Worlds: Initiative).", e.Round) + listed("", strings.Join(parts, "; "))
	if reshuffle {
		e.Text += " A Joker came up: it acts when it likes with +2 to trait and damage rolls, and the deck is shuffled after the round."
	}
	return []Event{e}, nil
}

// swHand is the figures one action card is dealt to: a Wild Card alone
// (key its id), or a side's Extras together (key "extras:" and the side).
type swHand struct {
	key string
	ids []string
}

// swHands is the round's hands in the fight's order, each at its first
// figure's place.
func swHands(s *State) []*swHand {
	var hands []*swHand
	byKey := map[string]*swHand{}
	for _, id := range s.Order {
		f := s.Figures[id]
		if f.Condition >= rules.Dead {
			// "Incapacitated characters may not perform actions but are
			// dealt Action Cards for the remainder of the encounter"
			// (Savage Worlds: Incapacitation); the dead are not.
			continue
		}
		key := id
		if sh := s.Characters[f.Character].Savage; sh != nil && !sh.WildCard {
			key = "extras:" + f.Side // Extras of a side share a card
		}
		h := byKey[key]
		if h == nil {
			h = &swHand{key: key}
			byKey[key] = h
			hands = append(hands, h)
		}
		h.ids = append(h.ids, id)
	}
	return hands
}

// swDeal deals each hand a card from its first figure's dice, writing
// each figure's card in dealt. The deck is shuffled only after a round a
// Joker came up in: until then the cards dealt stay out of it, so a card
// out is drawn again (refused when the cards are given, not drawn). It
// is the deals and the cards out of the deck after them.
func swDeal(s *State, hands []*swHand, rnd rules.Source, dealt map[string]string) ([]savage.Deal, map[string]bool, error) {
	out := map[string]bool{}
	for _, name := range swRoundOf(s).DeckOut {
		out[name] = true
	}
	var deals []savage.Deal
	for _, h := range hands {
		deck := rules.For(rnd, h.ids[0])
		c, err := deck.Draw()
		for tries := 0; err == nil && out[c.Name()] && tries < 200; tries++ {
			if _, given := deck.(*rules.Given); given {
				return nil, nil, fmt.Errorf("%s was dealt already: the deck is shuffled only after a Joker comes up", c.Name())
			}
			c, err = deck.Draw()
		}
		if err != nil {
			return nil, nil, err
		}
		out[c.Name()] = true
		deals = append(deals, savage.Deal{Who: h.ids, Card: swCard(c)})
		for _, id := range h.ids {
			dealt[id] = c.Name()
		}
	}
	return deals, out, nil
}

// swJoker is the +2 a figure dealt a Joker has this round.
func swJoker(s *State, id string) int {
	if strings.Contains(swRoundOf(s).Dealt[id], "joker") {
		return savage.JokerBonus
	}
	return 0
}

// SavagePlan is a Savage Worlds attack priced before the dice: what the
// console previews and the session then rolls.
type SavagePlan struct {
	Attacker, Target *Figure
	Die, TN, Mod     int
	Why              []string // each modifier and its source
	Damage           []int    // the damage dice
	Joker            int      // the attacker's Joker bonus
	Wild             bool
	Toughness        int
	Chance           float64 // the exact chance to hit, Aces and the Wild Die counted
}

// PlanSavage prices a strike (melee) or a shoot (ranged) command.
func (s *State) PlanSavage(c Command) (SavagePlan, error) {
	ranged := c.Kind == CommandShoot
	f, ch, err := actor(s, c.Figure)
	if err != nil {
		return SavagePlan{}, err
	}
	if err := swInTurn(s, c); err != nil {
		return SavagePlan{}, err
	}
	if f.sw().Shaken && !s.FelledNow(f.ID) { // felled in the instant it acts in (Lead and Chrome)
		return SavagePlan{}, refuse("%s is Shaken: only free actions until a Spirit roll recovers (recover)", ch.Name)
	}
	t, shots, aimed, err := swPlanTarget(s, c, f)
	if err != nil {
		return SavagePlan{}, err
	}
	a, tc := ch.Savage, s.Characters[t.Character]
	p := SavagePlan{Attacker: f, Target: t, Wild: a.WildCard, Toughness: tc.Savage.Toughness(), Damage: savage.MeleeDamage(a.Strength, a.Melee)}
	if ranged {
		err = p.shot(a, ch.Name, shots, aimed)
	} else {
		err = p.melee(a, tc.Savage, ch.Name, tc.Name)
	}
	if err != nil {
		return SavagePlan{}, err
	}
	p.modifiers(s, ranged)
	if err := p.mapAndJudge(s, c, ranged); err != nil {
		return SavagePlan{}, err
	}
	if f.Attacked && !orderedByOption(s) {
		// "On a player's turn they can move and perform one regular
		// action" (Savage Worlds: Actions); on Lead and Chrome's
		// initiative its order counts a first and a second action
		// (lcInTurn).
		return SavagePlan{}, refuse("%s has taken this turn's action: one regular action a turn, and movement", ch.Name)
	}
	p.Chance = savage.TraitChance(p.Die, p.Mod, p.TN, p.Wild)
	return p, nil
}

// swPlanTarget is the target of attack command c by figure f, with the
// shots fired and whether the first is aimed (one unaimed blow in melee).
func swPlanTarget(s *State, c Command, f *Figure) (*Figure, int, bool, error) {
	target, shots, aimed := c.Target, 1, false
	if c.Kind == CommandShoot {
		if len(c.Shots) == 0 {
			return nil, 0, false, refuse("fire needs a target")
		}
		target, shots, aimed = c.Shots[0].Target, len(c.Shots), c.Shots[0].Aims > 0
	}
	t, ok := s.Figures[target]
	if !ok || t.ID == f.ID {
		return nil, 0, false, refuse("there is no target %q", target)
	}
	// A shot goes to Extreme Range after the Aim action at its target
	// (swAiming); an order with aims is that action (swTakesAim), priced
	// as the shot it readies.
	aimed = aimed || c.Kind == CommandShoot && swAiming(s, f, t)
	return t, shots, aimed, nil
}

// shot prices a shot of the attacker's (sheet a, called name) ranged
// weapon: the skill it takes, the range band's and recoil's modifiers,
// the weapon's damage; it refuses a figure with no gun, more shots than
// its rate of fire and a target out of range.
func (p *SavagePlan) shot(a *savage.Sheet, name string, shots int, aimed bool) error {
	f, t, g := p.Attacker, p.Target, a.Gun
	if g == nil {
		return refuse("%s carries no ranged weapon", name)
	}
	if shots > g.RoF {
		return refuse("the %s fires %d shot(s) an action, not %d", g.Name, g.RoF, shots)
	}
	inches := savage.Inches(f.At.DistanceTo(t.At))
	band, err := g.BandAt(inches, aimed)
	if err != nil {
		return &Refusal{Reason: err.Error()}
	}
	p.Die, p.TN = a.Shooting, savage.BaseTN
	if g.Thrown {
		// "Throwing grenades, knives, spears, or other thrown weapons
		// uses the Athletics skill" (Savage Worlds: Ranged Attacks).
		p.Die = a.Athletics
		p.Why = append(p.Why, "thrown: Athletics")
	}
	p.Mod = savage.ShotModifier(band, shots, f.Hurt, f.Ran)
	p.Why = append(p.Why, fmt.Sprintf("%s at %d\" (%s %+d)", g.Name, inches, band, band.RangeModifier()))
	if shots > 1 {
		p.Why = append(p.Why, fmt.Sprintf("%d shots: recoil %+d", shots, savage.RecoilPenalty))
	}
	p.Damage = g.Damage
	return nil
}

// melee prices a Fighting blow of the attacker's (sheet a, called name)
// against the Parry of the target beside it (sheet d, called tname).
func (p *SavagePlan) melee(a, d *savage.Sheet, name, tname string) error {
	f := p.Attacker
	if f.At.DistanceTo(p.Target.At) > 1 {
		return refuse("%s is not beside %s", tname, name)
	}
	p.Die, p.TN = a.Fighting, d.Parry()
	p.Mod = savage.WoundModifier(f.Hurt)
	p.Why = append(p.Why, fmt.Sprintf("against %s's Parry %d", tname, p.TN))
	if f.Ran {
		p.Mod += savage.RunPenalty
	}
	return nil
}

// modifiers adds the modifiers any attack takes, each with its reason: a
// run this turn, unskilled, Wounds, a Joker, and for a shot what Lead and
// Chrome's initiative declared.
func (p *SavagePlan) modifiers(s *State, ranged bool) {
	f := p.Attacker
	if f.Ran {
		// "a -2 penalty to all actions that turn" (Savage Worlds: Running).
		p.Why = append(p.Why, fmt.Sprintf("ran this turn %+d", savage.RunPenalty))
	}
	if p.Die == 0 {
		p.Die, p.Mod = 4, p.Mod-2 // unskilled: d4−2
		p.Why = append(p.Why, "unskilled d4−2")
	}
	if f.Hurt > 0 {
		p.Why = append(p.Why, fmt.Sprintf("%d Wound(s) %+d", f.Hurt, savage.WoundModifier(f.Hurt)))
	}
	if p.Joker = swJoker(s, f.ID); p.Joker > 0 {
		p.Mod += p.Joker
		p.Why = append(p.Why, "Joker +2")
	}
	if ranged {
		m, why := lcToHit(s, f)
		p.Mod += m
		p.Why = append(p.Why, why...)
	}
}

// SavageCover is the modifier to a shot at a target behind cover of each
// height the map gives (hexmap.Height), and its name: the wiki page is
// silent on cover; these are Savage Worlds Adventure Edition's
// (Situational Rules: Cover: Light −2, Medium −4, Heavy −6, Near Total
// −8), a height for each (docs/defaults.md, "Savage Worlds: cover").
var SavageCover = map[hexmap.Height]struct {
	Name string
	Mod  int
}{
	hexmap.Low:   {"Light", -2},
	hexmap.Waist: {"Medium", -4},
	hexmap.Chest: {"Heavy", -6},
	hexmap.Full:  {"Near Total", -8},
}

// mapAndJudge asks the map about the attack (lines.go) and adds the
// Judge's modifier: a shot at a target the shooter does not see and a
// blow across a wall are refused; a shot takes the cover penalty of the
// tallest cover its line crosses (SavageCover); the Judge's points are
// added to the roll (Command.Modifier).
func (p *SavagePlan) mapAndJudge(s *State, c Command, ranged bool) error {
	f, t := p.Attacker, p.Target
	line := attackLine(s, f, t)
	if ranged {
		if err := shotUnseen(s, line, f, t); err != nil {
			return err
		}
		if cov, ok := line.tallestCover(); ok {
			sc := SavageCover[min(cov.Feature.Height, hexmap.Full)]
			p.Mod += sc.Mod
			p.Why = append(p.Why, fmt.Sprintf("%s cover %+d (%s)", sc.Name, sc.Mod, coverSaid(s.Map, cov)))
		}
	} else if err := blowAcrossWall(s, f, t); err != nil {
		return err
	}
	if m := c.Modifier; m != nil {
		if err := m.check(); err != nil {
			return err
		}
		p.Mod += m.Steps
		p.Why = append(p.Why, fmt.Sprintf("the Judge: %s %+d", strings.TrimSpace(m.Reason), m.Steps))
	}
	return nil
}

// swAttack resolves a Fighting attack against Parry or a Shooting attack
// against TN 4 with the range's modifier, then its damage against
// Toughness (Savage Worlds: Attacks, Damage).
func swAttack(s *State, c Command, src roller, ranged bool) ([]Event, error) {
	p, err := s.PlanSavage(c)
	if err != nil {
		return nil, err
	}
	f, t := p.Attacker, p.Target
	ch, tc := s.Characters[f.Character], s.Characters[t.Character]
	name, tname := ch.Name, tc.Name
	die, tn, mod, why, dmgDice, joker := p.Die, p.TN, p.Mod, p.Why, p.Damage, p.Joker
	rnd, err := src([]need{{f.ID, fmt.Sprintf("%s's d%d and Wild Die d6 (top faces roll again), then the damage dice %v (+d6 on a raise)", name, die, dmgDice)},
		{t.ID, fmt.Sprintf("%s's Vigor if Incapacitated", tname)}})
	if err != nil {
		return nil, err
	}
	r, err := savage.RollTrait(rules.DiceFor(rnd, f.ID), die, mod, tn, p.Wild)
	if err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	verb := "strikes at"
	if ranged {
		verb = "fires at"
	}
	text := []string{fmt.Sprintf("%s %s %s (%s): %s.", name, verb, tname, strings.Join(why, ", "), r.Explained)}
	e := Event{Kind: EventActed, Action: c.Kind, Figure: f.ID, APLeft: f.AP, Targets: []string{t.ID},
		Changes: []FigureChange{swActed(f)}, Outcomes: []Outcome{{Target: t.ID, Hit: r.Success}}}
	if r.Success {
		st, lines, err := swHit(s, f, t, t.FigureStatus.clone(), dmgDice, r.Raises > 0, joker, rnd)
		if err != nil {
			return nil, err
		}
		text = append(text, lines...)
		e.Changes = append(e.Changes, FigureChange{Figure: t.ID, AP: t.AP, Status: st})
	}
	e.Text = strings.Join(text, " ") + " (Savage Worlds: Attacks)"
	return []Event{e}, nil
}

// swActed is the attacker's status after its turn's one regular action
// (Savage Worlds: Actions): an aim it held is used up or given up.
func swActed(f *Figure) FigureChange {
	st := f.FigureStatus.clone()
	st.Attacked = true
	st.withSW(func(p *swStatus) { p.AimAt, p.AimIn = "", 0 })
	return FigureChange{Figure: f.ID, AP: f.AP, Status: st}
}

// swAim is the Aim action (Savage Worlds: Ranged Attacks: "Firing at
// such a distance requires the Aim action"): a shoot order with aims, at
// a target the shooter holds no aim at, takes the turn's one regular
// action aiming, rolls nothing, and readies the shot for the shooter's
// next action (docs/defaults.md, "Savage Worlds: the Aim action").
func swAim(s *State, c Command) ([]Event, error) {
	p, err := s.PlanSavage(c)
	if err != nil {
		return nil, err
	}
	if len(c.Dice) > 0 {
		return nil, refuse("the Aim action rolls no dice: the shot's are rolled at %s's next action", s.FigureName(p.Attacker.ID))
	}
	f, t := p.Attacker, p.Target
	ch := swAimChange(s, f, t)
	return []Event{{Kind: EventActed, Action: CommandShoot, Figure: f.ID, APLeft: f.AP, Targets: []string{t.ID},
		Changes: []FigureChange{ch}, Text: swAimText(s, p)}}, nil
}

// swAimChange is figure f's status after the Aim action at t.
func swAimChange(s *State, f, t *Figure) FigureChange {
	ch := swActed(f)
	ch.Status.withSW(func(p *swStatus) { p.AimAt, p.AimIn = t.ID, s.Round })
	return ch
}

// swAimText is the log's and the preview's words for the Aim action
// of plan p.
func swAimText(s *State, p SavagePlan) string {
	return fmt.Sprintf("%s takes the Aim action at %s, this turn's action: the shot (%s) goes at %s's next action (Savage Worlds: Ranged Attacks).",
		s.FigureName(p.Attacker.ID), s.FigureName(p.Target.ID), strings.Join(p.Why, ", "), s.FigureName(p.Attacker.ID))
}

// swHit rolls the damage of by's hit on target t, whose status is st so
// far, and applies it: Shaken, Wounds, the Vigor roll when Incapacitated
// (Savage Worlds: Damage). The damage dice are by's roll, the Vigor t's.
func swHit(s *State, by, t *Figure, st FigureStatus, dice []int, raise bool, joker int, rnd rules.Source) (FigureStatus, []string, error) {
	tc := s.Characters[t.Character]
	d := tc.Savage
	total, dtext, err := savage.RollDamage(rules.DiceFor(rnd, by.ID), dice, raise, joker)
	if err != nil {
		return st, nil, &Refusal{Reason: err.Error()}
	}
	stat := savage.Status{WildCard: d.WildCard, Shaken: st.sw().Shaken, Wounds: st.Hurt}
	apply := savage.ApplyDamage
	if swOptionsOf(s.Options).SavageRaisesOnly {
		apply = savage.ApplyDamageRaisesOnly
	}
	eff := apply(&stat, total, d.Toughness())
	st.withSW(func(p *swStatus) { p.Shaken = stat.Shaken })
	st.Hurt = stat.Wounds
	text := []string{fmt.Sprintf("Damage %s: %s.", dtext, eff.Text)}
	if stat.Incapacitated {
		// "When Incapacitated by damage or injury, he must make an
		// immediate Vigor roll" (Savage Worlds: Incapacitation): Wild
		// Cards and Extras alike.
		st.Condition = rules.Unconscious
		out, vr, err := savage.Incapacitation(rules.DiceFor(rnd, t.ID), d.Vigor, stat, swJoker(s, t.ID))
		if err != nil {
			return st, nil, &Refusal{Reason: err.Error()}
		}
		text = append(text, fmt.Sprintf("%s's Vigor: %s: %s.", tc.Name, vr.Explained, out))
		if out == savage.Dies {
			st.Condition = rules.Dead
		}
	}
	return st, text, nil
}

// swVolleyPlans plans each shot of a Rate of Fire volley at its own
// target: the recoil of the whole volley, the range band of each.
func (s *State) swVolleyPlans(c Command) ([]SavagePlan, error) {
	var plans []SavagePlan
	for i := range c.Shots {
		one := c
		one.Shots = append([]ShotOrder{c.Shots[i]}, append(slices.Clone(c.Shots[:i]), c.Shots[i+1:]...)...)
		p, err := s.PlanSavage(one)
		if err != nil {
			if i > 0 {
				return nil, refuse("shot %d: %v", i+1, err)
			}
			return nil, err
		}
		plans = append(plans, p)
	}
	return plans, nil
}

// swVolley fires a Rate of Fire volley: "declare how many of the shots are
// aimed at each target ... The Wild Die can only replace one of these
// rolls" (Savage Worlds: Rate of Fire). Each shot rolls its own Shooting
// die against its target; the hits deal damage in the order declared.
func swVolley(s *State, c Command, src roller) ([]Event, error) {
	plans, err := s.swVolleyPlans(c)
	if err != nil {
		return nil, err
	}
	f := plans[0].Attacker
	ch := s.Characters[f.Character]
	var mods, tns []int
	var order []string
	for _, p := range plans {
		mods, tns = append(mods, p.Mod), append(tns, p.TN)
		if !slices.Contains(order, p.Target.ID) {
			order = append(order, p.Target.ID)
		}
	}
	wild := ""
	if plans[0].Wild {
		wild = " and one Wild Die d6"
	}
	needs := []need{{f.ID, fmt.Sprintf("%s's %d Shooting dice d%d%s (top faces roll again), then each hit's damage dice %v (+d6 on a raise)", ch.Name, len(plans), plans[0].Die, wild, plans[0].Damage)}}
	for _, id := range order {
		needs = append(needs, need{id, fmt.Sprintf("%s's Vigor if Incapacitated", s.FigureName(id))})
	}
	rnd, err := src(needs)
	if err != nil {
		return nil, err
	}
	v, err := savage.RollShots(rules.DiceFor(rnd, f.ID), plans[0].Die, mods, tns, plans[0].Wild)
	if err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	text := []string{fmt.Sprintf("%s fires %d shots from the %s (Rate of Fire %d):", ch.Name, len(plans), ch.Savage.Gun.Name, ch.Savage.Gun.RoF)}
	if plans[0].Wild {
		switch {
		case v.CriticalFailure:
			text = append(text, fmt.Sprintf("the Wild Die %s and every Shooting die show 1: a critical failure.", faces(v.WildFaces)))
		case v.Replaced < 0:
			text = append(text, fmt.Sprintf("the Wild Die (%s) replaces no roll.", faces(v.WildFaces)))
		default:
			text = append(text, fmt.Sprintf("the Wild Die (%s) replaces shot %d's roll, the one roll it may.", faces(v.WildFaces), v.Replaced+1))
		}
	}
	status := map[string]FigureStatus{}
	hits := map[string]int{}
	for i, p := range plans {
		r := v.Shots[i]
		t := p.Target
		text = append(text, fmt.Sprintf("Shot %d at %s (%s): %s.", i+1, s.FigureName(t.ID), strings.Join(p.Why, ", "), r.Explained))
		if !r.Success {
			continue
		}
		hits[t.ID]++
		st, ok := status[t.ID]
		if !ok {
			st = t.FigureStatus.clone()
		}
		st, lines, err := swHit(s, f, t, st, p.Damage, r.Raises > 0, p.Joker, rnd)
		if err != nil {
			return nil, err
		}
		status[t.ID] = st
		text = append(text, lines...)
	}
	e := Event{Kind: EventActed, Action: c.Kind, Figure: f.ID, APLeft: f.AP, Targets: order, Hits: hits,
		Changes: []FigureChange{swActed(f)}}
	for _, id := range order {
		if st, ok := status[id]; ok {
			e.Changes = append(e.Changes, FigureChange{Figure: id, AP: s.Figures[id].AP, Status: st})
		}
	}
	e.Text = strings.Join(text, " ") + " (Savage Worlds: Rate of Fire)"
	return []Event{e}, nil
}

// faces writes a die's faces, Aces added: "6+3".
func faces(fs []int) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = fmt.Sprint(f)
	}
	return strings.Join(parts, "+")
}

// swRecover is a Shaken figure's Spirit roll (Savage Worlds: Shaken).
func swRecover(s *State, c Command, src roller) ([]Event, error) {
	f, ch, err := actor(s, c.Figure)
	if err != nil {
		return nil, err
	}
	if !f.sw().Shaken {
		return nil, refuse("%s is not Shaken", ch.Name)
	}
	if f.sw().SpiritRolled {
		// "At the start of their turn … Failure. The character remains
		// shaken and can only perform free actions" (Savage Worlds:
		// Shaken).
		return nil, refuse("%s has made this turn's Spirit roll and remains Shaken: free actions only until the next turn's roll, or a Benny", ch.Name)
	}
	rnd, err := src([]need{{f.ID, fmt.Sprintf("%s's Spirit d%d and Wild Die d6", ch.Name, ch.Savage.Spirit)}})
	if err != nil {
		return nil, err
	}
	stat := savage.Status{WildCard: ch.Savage.WildCard, Shaken: true, Wounds: f.Hurt}
	r, err := savage.RecoverShaken(rules.DiceFor(rnd, f.ID), &stat, ch.Savage.Spirit, swJoker(s, f.ID))
	if err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	st := f.FigureStatus.clone()
	st.withSW(func(p *swStatus) { p.Shaken, p.SpiritRolled = stat.Shaken, true })
	verdict := "stays Shaken: free actions only"
	if !stat.Shaken {
		verdict = "is no longer Shaken"
	}
	return []Event{{Kind: EventActed, Action: CommandRecover, Figure: f.ID, APLeft: f.AP,
		Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}},
		Text:    fmt.Sprintf("%s's Spirit roll: %s: %s (Savage Worlds: Shaken).", ch.Name, r.Explained, verdict)}}, nil
}

// swCost prices Savage Worlds movement: an inch a hex, two in difficult
// terrain (rough ground, grades), over low obstacles one climbs and
// through deep water one swims ("climbing ... or swimming use 2" of
// Pace"); walls, closed doors and impassable ground stop it (Savage
// Worlds: Movement). A prone figure does not crawl into water.
type swCost struct {
	// crawl: a prone figure crawls, each inch at 2" of Pace, twice that
	// where walking costs 2 (Savage Worlds: Movement, Prone).
	crawl bool
}

func (c swCost) Step(m *hexmap.Map, from hexmap.Hex, d hexmap.Direction) (int, bool) {
	cost, ok := c.walk(m, from, d)
	if ok && c.crawl && swSwims(m, from.Neighbor(d)) {
		return 0, false
	}
	if ok && c.crawl {
		cost *= savage.CrawlCost
	}
	return cost, ok
}

// walk is a step's cost on foot.
func (swCost) walk(m *hexmap.Map, from hexmap.Hex, d hexmap.Direction) (int, bool) {
	to := from.Neighbor(d)
	t, ok := m.Terrain(to)
	if !ok || t.Move == hexmap.MoveImpassable && !t.Swim {
		return 0, false
	}
	cost := savage.MoveCost(t.Move != hexmap.MoveOpen) // swimming: 2"

	if e, ok := m.EdgeFeature(from, d); ok {
		switch {
		case e.BlocksMove():
			return 0, false
		case e.Info().Climb:
			cost = savage.MoveCost(true)
		}
	}
	if f, ok := m.Feature(to); ok {
		switch {
		case f.BlocksMove():
			return 0, false
		case f.Info().Climb:
			cost = savage.MoveCost(true)
		}
	}
	if m.Elevation(to) > m.Elevation(from) {
		cost = savage.MoveCost(true)
	}
	return cost, true
}

func (swCost) Turn(int) int { return 0 }

// swSwims reports whether a figure in hex h swims: deep water, which
// Savage Worlds lets a figure swim at 2" of Pace an inch (Movement).
func swSwims(m *hexmap.Map, h hexmap.Hex) bool {
	t, ok := m.Terrain(h)
	return ok && t.Swim
}

// swPace is what figure f may move in Savage Worlds now (Movement): its
// Pace this round less a Wound each (at least 1") less what it has used,
// plus the running die's roll when it runs. roll is the running die's
// roll (0 when walking or crawling).
func swPace(s *State, f *Figure, ch Character, roll int) (budget int, err error) {
	pace := ch.Savage.PaceOr6()
	budget = savage.PaceLeft(pace, f.Hurt, 0) - f.Paced + roll
	if budget < 1 {
		return 0, refuse("%s has no Pace left this round (%d\" of %d\" used)", ch.Name, f.Paced, pace)
	}
	return budget, nil
}

// Reach is the area of a Savage Worlds move: the Pace left, in inches,
// walls, water and figures in the way as swMove finds them; a prone
// figure's is its crawl. Running adds a die not yet rolled: the area is
// the walking one.
func (savageWorlds) Reach(s *State, f *Figure, run bool) (MoveArea, error) {
	f, ch, err := actor(s, f.ID)
	if err != nil {
		return MoveArea{}, err
	}
	if run && f.Prone {
		return MoveArea{}, refuse("%s is prone: it crawls, and stands up (2\" of Pace) to run", ch.Name)
	}
	budget, err := swPace(s, f, ch, 0)
	if err != nil {
		return MoveArea{}, err
	}
	r := hexmap.Search{Map: s.Map, Cost: swCost{crawl: f.Prone}, Blocked: s.BlockedFor(f.ID), Limit: budget}.Reachable(f.At, f.Facing)
	defer r.Release()
	a := MoveArea{Costs: map[hexmap.Hex]int{}, Unit: "\" of Pace"}
	for _, h := range r.Hexes() {
		if u, _ := r.Cost(h); h != f.At {
			a.Costs[h] = u
		}
	}
	return a, nil
}

// swMove moves a figure up to its Pace this round, less a Wound each (at
// least 1"), in inches; running adds the running die (it never Aces) at −2
// to the turn's actions. A prone figure crawls: "while Prone you may
// crawl", at 2" of Pace an inch (Savage Worlds: Prone, Movement); it
// stands up (the prone command, 2") to walk or run.
func swMove(s *State, c Command, src roller) ([]Event, error) {
	f, ch, err := actor(s, c.Figure)
	if err != nil {
		return nil, err
	}
	if c.To == nil {
		return nil, refuse("a move needs a hex to move to")
	}
	if c.Jump != nil {
		return swJump(s, c, f, ch, src)
	}
	if c.Run && f.Prone {
		return nil, refuse("%s is prone: it crawls, and stands up (2\" of Pace) to run", ch.Name)
	}
	r, budget, most, err := swRoute(s, f, ch, c)
	if err != nil {
		return nil, err
	}
	to := *c.To
	run, short := 0, ""
	if c.Run {
		if r, to, run, short, err = swRunningDie(s, f, ch, src, r, to, budget, most); err != nil {
			return nil, err
		}
	}
	planned := r
	met, metID, after := "", "", []Event(nil)
	if i, who := s.metOn(f.ID, r.Hexes); who != "" {
		var ok bool
		if r, ok = hexmap.Walk(s.Map, swCost{crawl: f.Prone}, f.Facing, planned.Hexes[:i]); !ok {
			return nil, refuse("the route to %s does not walk", s.Map.Label(to))
		}
		met, metID, after = metText(s, f.ID, who, planned.Hexes[i], *c.To, planned.Hexes[i-1]), who, revealMet(s, f.ID, who)
		to = planned.Hexes[i-1]
	}
	e := swMoved(s, f, ch, c.Run, r, to, run, short)
	e.Met = metID
	if met != "" {
		e.Text = metLine(met, e.Text, r.Steps(), "")
	}
	return append([]Event{e}, after...), nil
}

// swRoute is the route figure f takes to c.To, with the Pace it has for
// it (budget) and the most of that the running die may give (most). The
// route is planned, and refused, for the best the running die can show,
// before it is rolled: no refusal tells the die, nor lets a run be sent
// again until the die suits (docs/defaults.md, "Savage Worlds: a short
// run"). The search stops at the Pace left: a far move on a big map costs
// no more than the figure's reach. It goes round the figures the mover's
// side sees, and asks who stands at the hex only once the distance is
// known (the ambush: ambush.go).
func swRoute(s *State, f *Figure, ch Character, c Command) (hexmap.Route, int, int, error) {
	most := 0
	if c.Run {
		most = savage.RunningDie
	}
	budget, err := swPace(s, f, ch, most)
	if err != nil {
		return hexmap.Route{}, 0, 0, err
	}
	to := *c.To
	switch {
	case !s.Map.Contains(to):
		return hexmap.Route{}, 0, 0, refuse("%s is off the map", s.Map.Label(to))
	case to == f.At: // as the overlay, which leaves out the figure's own hex
		return hexmap.Route{}, 0, 0, refuse("%s is already at %s", ch.Name, s.Map.Label(to))
	}
	blocked := s.BlockedFor(f.ID)
	r, ok := hexmap.Search{Map: s.Map, Cost: swCost{crawl: f.Prone}, Blocked: func(h hexmap.Hex) bool { return h != to && blocked(h) }, Limit: budget}.PathTo(f.At, f.Facing, to)
	if !ok {
		if c.Run {
			return hexmap.Route{}, 0, 0, refuse("%s cannot reach %s: it has %d\" of Pace left and runs %d\" more at best, and it is further, or walls, water or figures block every path", ch.Name, s.Map.Label(to), budget-most, most)
		}
		return hexmap.Route{}, 0, 0, refuse("%s cannot reach %s: it has %d\" of Pace left, and it is further, or walls, water or figures block every path", ch.Name, s.Map.Label(to), budget)
	}
	if blocked(to) {
		return hexmap.Route{}, 0, 0, refuse("%s is taken by another figure", s.Map.Label(to))
	}
	return r, budget, most, nil
}

// swRunningDie rolls figure f's running die for route r to hex to,
// planned on the Pace budget with the die's best most: a die too low for
// the hex asked stops the run where the Pace runs out, on the route
// planned. It is the route run and where it ends, the die and the words
// for a short run.
func swRunningDie(s *State, f *Figure, ch Character, src roller, r hexmap.Route, to hexmap.Hex, budget, most int) (hexmap.Route, hexmap.Hex, int, string, error) {
	rnd, err := src([]need{{f.ID, ch.Name + "'s running die: a d6 (it never Aces)"}})
	if err != nil {
		return r, to, 0, "", err
	}
	run, err := rules.For(rnd, f.ID).Roll(savage.RunningDie)
	if err != nil {
		return r, to, 0, "", &Refusal{Reason: err.Error()}
	}
	short := ""
	if budget += run - most; r.Cost > budget {
		short = fmt.Sprintf("; the Pace runs out %d\" short of %s", r.Cost-budget, s.Map.Label(to))
		r = walkUpTo(s.Map, swCost{crawl: f.Prone}, f.Facing, r, budget)
		to = r.Hexes[len(r.Hexes)-1]
	}
	return r, to, run, short, nil
}

// swMoved is the moved event of figure f walking, running or crawling
// route r to hex to, with the running die run and the words for a short
// run, its log saying the inches of Pace it took and the hexes swum.
func swMoved(s *State, f *Figure, ch Character, running bool, r hexmap.Route, to hexmap.Hex, run int, short string) Event {
	e := Event{Kind: EventMoved, Figure: f.ID, Path: r.Hexes, To: to, Facing: r.Facing, Run: running, APLeft: f.AP, Paced: f.Paced + r.Cost}
	how := fmt.Sprintf("%d\" of Pace %d", r.Cost, ch.Savage.PaceOr6())
	if running {
		how += fmt.Sprintf(", running (d6: %d; −2 to actions this turn)%s", run, short)
	}
	verb, rule := "moves", "Movement"
	if f.Prone {
		verb, rule, e.Crawled = "crawls", "Prone", true
		how += ", prone: 2\" of Pace an inch"
	}
	var swum []string
	for _, h := range r.Hexes[1:] {
		if swSwims(s.Map, h) {
			swum = append(swum, s.Map.Label(h))
		}
	}
	if len(swum) > 0 {
		how += ", swimming " + strings.Join(swum, ", ") + ": 2\" of Pace an inch"
	}
	e.Text = fmt.Sprintf("%s %s %s → %s: %s (Savage Worlds: %s).", ch.Name, verb, s.Map.Label(f.At), s.Map.Label(to), how, rule)
	return e
}

// walkUpTo is the part of route r, walked from facing, that costs no
// more than budget: the whole route, or its start alone.
func walkUpTo(m *hexmap.Map, cost hexmap.CostModel, facing hexmap.Direction, r hexmap.Route, budget int) hexmap.Route {
	best := hexmap.Route{Hexes: r.Hexes[:1], Facing: facing}
	for k := 2; k <= len(r.Hexes); k++ {
		w, ok := hexmap.Walk(m, cost, facing, r.Hexes[:k])
		if !ok || w.Cost > budget {
			break
		}
		best = w
	}
	return best
}

// swJump is a jump: "Characters can jump 1" (2 yards) horizontally ... as
// a free action. Double these numbers if you can run at least 2" (four
// yards) prior to the jump. You can make an Athletics roll as an action
// to increase the distance another inch. Jumping can't exceed your Pace
// for the turn" (Savage Worlds: Jumping). A jump goes in a straight line
// to c.To, over the hexes between whatever they hold (a gap, water, a
// barrel), but not through a wall or a closed door; it lands on ground a
// figure may stand on, up to "0.5" (1 yard) vertically" higher than it
// left (2 yards after the run-up), a yard an elevation level; its inches
// come off the Pace (docs/defaults.md, "Savage Worlds: jumping").
func swJump(s *State, c Command, f *Figure, ch Character, src roller) ([]Event, error) {
	m, to := s.Map, *c.To
	path, d, err := swJumpLine(s, c, f, ch)
	if err != nil {
		return nil, err
	}
	dist := f.At.DistanceTo(to)
	budget, err := swPace(s, f, ch, 0)
	if err != nil {
		return nil, err
	}
	if dist > budget {
		return nil, refuse("%s has %d\" of Pace left; a jump can't exceed the Pace", ch.Name, budget)
	}
	runUp := swRunUp(s, f)
	reach := savage.JumpReach(runUp, false)
	how := fmt.Sprintf("%d\" standing", savage.JumpInches)
	if runUp >= savage.JumpRunUp {
		how = fmt.Sprintf("%d\" after a run-up of %d\"", reach, runUp)
	}
	var events []Event
	if c.Jump.Athletics {
		e, err := swJumpFurther(s, f, ch, to, &reach, src)
		if err != nil {
			return nil, err
		}
		events = append(events, e)
		if dist > reach {
			return events, nil
		}
		how += ", an inch more for the Athletics roll"
	} else if dist > reach {
		return nil, refuse("%s jumps %d\" (%s); %s is %d\" away: a run-up of %d\" doubles the jump, an Athletics roll adds an inch", ch.Name, reach, how, m.Label(to), dist, savage.JumpRunUp)
	}
	if o, ok := s.FigureAt(to); ok {
		// A figure the jumper's side did not see stands where it would
		// land: it does not jump, and sees it (the ambush: ambush.go).
		events = append(events, Event{Kind: EventMoved, Figure: f.ID, Path: []hexmap.Hex{f.At}, To: f.At, Facing: f.Facing, APLeft: f.AP, Paced: f.Paced, Met: o.ID,
			Text: fmt.Sprintf("%s does not jump to %s: %s stands there, unseen until now (an ambush).", ch.Name, m.Label(to), s.FigureName(o.ID))})
		return append(events, revealMet(s, f.ID, o.ID)...), nil
	}
	return append(events, swJumped(s, f, ch, path, d, dist, how)), nil
}

// swRunUp is the distance figure f has moved on its feet this round, in
// inches (hexes): "if you can run at least 2" (four yards) prior to the
// jump" (Savage Worlds: Jumping) counts the ground covered, not the Pace
// spent on it (standing up, rough ground, climbing, swimming), and a
// crawl is no run.
func swRunUp(s *State, f *Figure) int {
	n := 0
	for i := len(s.Log) - 1; i >= 0; i-- {
		e := s.Log[i]
		if e.Kind == EventRoundStarted {
			break
		}
		if e.Kind == EventMoved && e.Figure == f.ID && !e.Crawled && len(e.Path) > 1 {
			n += len(e.Path) - 1
		}
	}
	return n
}

// swJumpLine is the hexes of figure f's jump to c.To, from its own, and
// the direction it jumps in; it refuses a jump that is not one (prone,
// running, off the map, in place, off a row of hexes, too high, onto
// ground or a figure its side sees where it cannot land, or through a
// wall or a closed door).
func swJumpLine(s *State, c Command, f *Figure, ch Character) ([]hexmap.Hex, hexmap.Direction, error) {
	m, to := s.Map, *c.To
	dist := f.At.DistanceTo(to)
	d, _ := f.At.DirectionTo(to)
	switch {
	case f.Prone:
		return nil, d, refuse("%s is prone: stand up (2\" of Pace) to jump", ch.Name)
	case c.Run:
		return nil, d, refuse("a jump is not a run: run first (2\" or more doubles the jump), then jump")
	case !m.Contains(to):
		return nil, d, refuse("%s is off the map", m.Label(to))
	case dist == 0:
		return nil, d, refuse("%s is already at %s", ch.Name, m.Label(to))
	case f.At.Add(d.Vector().Scale(dist)) != to:
		return nil, d, refuse("a jump goes in a straight line along a row of hexes; %s is not in one from %s", m.Label(to), m.Label(f.At))
	case m.Elevation(to)-m.Elevation(f.At) > savage.JumpHeight(swRunUp(s, f)):
		up, height := m.Elevation(to)-m.Elevation(f.At), savage.JumpHeight(swRunUp(s, f))
		return nil, d, refuse("%s is %d %s higher than %s, and %s jumps %d %s up (0.5\" a yard, doubled after a run-up of %d\"): climb up (2\" of Pace an inch) rather than jump",
			m.Label(to), up, plural(up, "yard", "yards"), m.Label(f.At), ch.Name, height, plural(height, "yard", "yards"), savage.JumpRunUp)
	}
	if err := m.CanStand(to); err != nil {
		return nil, d, refuse("%s cannot land there: %v", ch.Name, err)
	}
	unseen := s.unseenBy(f.Side)
	if o, ok := s.FigureAt(to); ok && !unseen[o.ID] {
		return nil, d, refuse("%s stands at %s", s.FigureName(o.ID), m.Label(to))
	}
	path := []hexmap.Hex{f.At}
	for h := f.At; h != to; h = h.Neighbor(d) {
		if e, ok := m.EdgeFeature(h, d); ok && e.BlocksMove() {
			return nil, d, refuse("a %s between %s and %s stops the jump", e.Kind, m.Label(h), m.Label(h.Neighbor(d)))
		}
		path = append(path, h.Neighbor(d))
	}
	return path, d, nil
}

// swJumpFurther is figure f's Athletics roll, an action, to jump an inch
// further than reach (which it raises on a success) towards hex to; the
// event says so, and that f stays where it is when to is still too far.
func swJumpFurther(s *State, f *Figure, ch Character, to hexmap.Hex, reach *int, src roller) (Event, error) {
	if f.sw().Shaken {
		return Event{}, refuse("%s is Shaken: only free actions, and the Athletics roll is an action", ch.Name)
	}
	if f.Attacked && !orderedByOption(s) {
		return Event{}, refuse("%s has taken this turn's action: one regular action a turn, and movement", ch.Name)
	}
	r, err := swAthletics(s, f, ch, 0, "to jump further", src)
	if err != nil {
		return Event{}, err
	}
	verdict := "an inch more"
	if r.Success {
		*reach++
	} else {
		verdict = "no inch more"
	}
	text := fmt.Sprintf("%s's Athletics roll to jump further, an action: %s: %s (Savage Worlds: Jumping).", ch.Name, r.Explained, verdict)
	if dist := f.At.DistanceTo(to); dist > *reach {
		text = strings.TrimSuffix(text, " (Savage Worlds: Jumping).") + fmt.Sprintf("; %s jumps %d\", not the %d\" to %s, and stays at %s (Savage Worlds: Jumping).", ch.Name, *reach, dist, s.Map.Label(to), s.Map.Label(f.At))
	}
	return Event{Kind: EventActed, Action: CommandMove, Figure: f.ID, APLeft: f.AP, Changes: []FigureChange{swActed(f)}, Text: text}, nil
}

// swJumped is the moved event of figure f's jump along path in direction
// d, dist inches of its Pace; how is the jump's reach in words, to which
// the log adds the yards up and the hexes jumped over.
func swJumped(s *State, f *Figure, ch Character, path []hexmap.Hex, d hexmap.Direction, dist int, how string) Event {
	m, to := s.Map, path[len(path)-1]
	if up := m.Elevation(to) - m.Elevation(f.At); up > 0 {
		how += fmt.Sprintf(", %d %s up", up, plural(up, "yard", "yards"))
	}
	over := ""
	if len(path) > 2 {
		var between []string
		for _, h := range path[1 : len(path)-1] {
			between = append(between, m.Label(h))
		}
		over = " over " + strings.Join(between, ", ")
	}
	return Event{Kind: EventMoved, Figure: f.ID, Path: path, To: to, Facing: d, APLeft: f.AP, Paced: f.Paced + dist,
		Text: fmt.Sprintf("%s jumps %s → %s%s: %d\" of Pace %d (%s) (Savage Worlds: Jumping).", ch.Name, m.Label(f.At), m.Label(to), over, dist, ch.Savage.PaceOr6(), how)}
}

// swSheet is the character's Savage Worlds traits, made with every trait
// d6 if missing.
func swSheet(c *Character) *savage.Sheet {
	if c.Savage == nil {
		c.Savage = &savage.Sheet{Agility: 6, Spirit: 6, Strength: 6, Vigor: 6}
	}
	return c.Savage
}

// dieField is a trait's die type; optional traits may be "none".
func dieField(label string, optional bool, at func(s *savage.Sheet) *int) SheetField {
	var choices []string
	if optional {
		choices = append(choices, "none")
	}
	for _, d := range savage.DieTypes {
		choices = append(choices, fmt.Sprintf("d%d", d))
	}
	return SheetField{Label: label, Kind: FieldChoice, Choices: choices,
		Get: func(c *Character) string {
			if d := *at(swSheet(c)); d > 0 {
				return fmt.Sprintf("d%d", d)
			}
			return "none"
		},
		Set: func(c *Character, v string) error {
			d := 0
			if v != "none" {
				if _, err := fmt.Sscanf(v, "d%d", &d); err != nil {
					return fmt.Errorf("%s: %q is not a die type (d4 to d12)", strings.ToLower(label), v)
				}
			}
			*at(swSheet(c)) = d
			return nil
		}}
}

// Sheet: the Wild Card, the trait dice, armor, Pace and the gun.
func (savageWorlds) Sheet() []SheetPart {
	guns := []string{"no gun"}
	for _, g := range savage.Guns {
		guns = append(guns, g.Name)
	}
	return []SheetPart{{Title: "Savage Worlds", Fields: []SheetField{
		{Label: "Wild Card (rolls the Wild Die, takes three Wounds)", Kind: FieldCheck,
			Get: func(c *Character) string { return fmt.Sprint(swSheet(c).WildCard) },
			Set: func(c *Character, v string) error { swSheet(c).WildCard = v == "true"; return nil }},
		dieField("Agility", false, func(s *savage.Sheet) *int { return &s.Agility }),
		dieField("Spirit", false, func(s *savage.Sheet) *int { return &s.Spirit }),
		dieField("Strength", false, func(s *savage.Sheet) *int { return &s.Strength }),
		dieField("Vigor", false, func(s *savage.Sheet) *int { return &s.Vigor }),
		dieField("Fighting", true, func(s *savage.Sheet) *int { return &s.Fighting }),
		dieField("Shooting", true, func(s *savage.Sheet) *int { return &s.Shooting }),
		dieField("Athletics", true, func(s *savage.Sheet) *int { return &s.Athletics }),
		dieField("Melee weapon", true, func(s *savage.Sheet) *int { return &s.Melee }),
		numberField("Armor", func(c *Character) *int { return &swSheet(c).Armor }),
		{Label: "Bennies (at the fight's start)", Kind: FieldNumber,
			Get: func(c *Character) string { return fmt.Sprint(swSheet(c).BennyCount()) },
			Set: func(c *Character, v string) error {
				n, err := wholeNumber("bennies", v)
				if err != nil {
					return err
				}
				swSheet(c).Bennies = &n
				return nil
			}},
		{Label: "Pace", Kind: FieldNumber,
			Get: func(c *Character) string { return fmt.Sprint(swSheet(c).PaceOr6()) },
			Set: func(c *Character, v string) error {
				n, err := wholeNumber("pace", v)
				swSheet(c).Pace = n
				return err
			}},
		{Label: "Gun", Kind: FieldChoice, Choices: guns,
			Get: func(c *Character) string {
				if g := swSheet(c).Gun; g != nil {
					return g.Name
				}
				return "no gun"
			},
			Set: func(c *Character, v string) error {
				sh := swSheet(c)
				if sh.Gun != nil && sh.Gun.Name == v {
					return nil // a gun of the sheet's own keeps its numbers
				}
				sh.Gun = nil
				for _, g := range savage.Guns {
					if g.Name == v {
						g.Damage = append([]int(nil), g.Damage...)
						sh.Gun = &g
					}
				}
				if sh.Gun == nil && v != "no gun" {
					return fmt.Errorf("gun: %q is not one hexslinger knows", v)
				}
				return nil
			}},
	}}}
}

// Derived: Parry, Toughness and Pace.
func (savageWorlds) Derived(c Character) string {
	sw := swSheet(&c)
	return fmt.Sprintf("Savage Worlds: Parry %d (2 + half Fighting), Toughness %d (2 + half Vigor + armor), Pace %d\", %d %s.", sw.Parry(), sw.Toughness(), sw.PaceOr6(), sw.BennyCount(), plural(sw.BennyCount(), "Benny", "Bennies"))
}

// SheetLine sums a sheet up for the log: "a Wild Card, Parry 4, Toughness
// 5, Pace 6", a Colt Peacemaker, 3 Bennies".
func (savageWorlds) SheetLine(c Character) string {
	sw := swSheet(&c)
	parts := []string{"an Extra"}
	if sw.WildCard {
		parts[0] = "a Wild Card"
	}
	parts = append(parts, fmt.Sprintf("Parry %d", sw.Parry()), fmt.Sprintf("Toughness %d", sw.Toughness()), fmt.Sprintf("Pace %d\"", sw.PaceOr6()))
	if sw.Gun != nil {
		parts = append(parts, "a "+sw.Gun.Name)
	}
	if n := sw.BennyCount(); n > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", n, plural(n, "Benny", "Bennies")))
	}
	return strings.Join(parts, ", ")
}

// swRound is what Savage Worlds keeps of the fight's round (its part of
// State): the action cards, from the round_started event that deals them.
type swRound struct {
	// Dealt is each figure's action card this round.
	Dealt map[string]string
	// DeckOut are the action cards dealt since the last shuffle.
	DeckOut []string
}

// swRoundOf is the fight's Savage Worlds round.
func swRoundOf(s *State) swRound { return partOf[swRound](s.Parts) }

// apply: a new round's cards (none where another initiative rolled it).
func (p swRound) apply(e Event) any {
	if e.Kind != EventRoundStarted {
		return p
	}
	p = swRound{Dealt: e.Dealt, DeckOut: e.DeckOut}
	if len(p.Dealt) == 0 {
		p.Dealt = nil // as a journal read back has it
	}
	if len(p.DeckOut) == 0 {
		p.DeckOut = nil
	}
	return p
}

// place: a figure's place in the round is its action card.
func (p swRound) place(id string) (string, string, bool) {
	card, ok := p.Dealt[id]
	return card, "card", ok && card != ""
}

func (p swRound) dealt() bool { return len(p.Dealt) > 0 }

// swOptions are Savage Worlds' own options of a fight (its part of
// FightOptions).
type swOptions struct {
	// SavageRaisesOnly: a Shaken target hit with a raise takes only the
	// raises' Wounds ("Every raise on the damage roll inflicts a Wound",
	// Wounds), not one more for being Shaken (Applying Damage: "they
	// instead take a Wound").
	SavageRaisesOnly bool `json:"savage_raises_only,omitempty"`
}

// swOptionsOf is the fight's Savage Worlds options.
func swOptionsOf(o FightOptions) swOptions { return partOf[swOptions](o.Parts) }

// said is the options' sentences in the log of set_options.
func (p swOptions) said() []string {
	if p.SavageRaisesOnly {
		return []string{"A Shaken target hit with a raise takes only the raises' Wounds (Savage Worlds: Wounds)."}
	}
	return nil
}

// Switches: the reading of a Shaken target hit with a raise.
func (savageWorlds) Switches(o FightOptions) []Switch {
	return []Switch{{Label: "Shaken and hit with a raise: only the raises' Wounds (Savage Worlds: Wounds), not one more for being Shaken (Applying Damage)",
		On: swOptionsOf(o).SavageRaisesOnly,
		Set: func(o FightOptions, on bool) FightOptions {
			setPart(&o.Parts, swOptions{SavageRaisesOnly: on})
			return o
		}}}
}

// writeSavage previews a Savage Worlds attack with the session's own plan:
// the die, the TN (Parry, or 4 at range), every modifier and the exact
// chance to hit with the Wild Die and Aces.
func writeSavage(b *strings.Builder, s *State, cmd Command) error {
	p, err := s.PlanSavage(cmd)
	if err != nil {
		return err
	}
	if swTakesAim(s, cmd, p.Attacker) {
		b.WriteString(swAimText(s, p))
		return nil
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

// Movement: Pace in inches, and what is left of it this round.
func (savageWorlds) Movement(s *State, f *Figure) string {
	c := s.Characters[f.Character]
	pace := swSheet(&c).PaceOr6()
	if left := savage.PaceLeft(pace, f.Hurt, 0) - f.Paced; left != pace {
		return fmt.Sprintf("Pace %d\" (%d\" left)", pace, max(0, left))
	}
	return fmt.Sprintf("Pace %d\"", pace)
}

// lcReaches: a blade reaches the figure beside, a gun as far as its
// Long Range (a shot needs no Aim to go off) (Lead and Chrome:
// Quick-draw fumbles, 5).
func (savageWorlds) lcReaches(s *State, f, t *Figure, melee bool) bool {
	g := s.Characters[f.Character].Savage.Gun
	if melee || g == nil {
		return f.At.DistanceTo(t.At) <= 1
	}
	_, err := g.BandAt(savage.Inches(f.At.DistanceTo(t.At)), false)
	return err == nil
}

// swDrawKinds are the kinds of the bundled guns for the Quick-Draw (Lead
// and Chrome: The Quick-Draw); a gun of a sheet's own is drawn as the Lead
// and Chrome sheet's weapon says.
var swDrawKinds = map[string]string{
	"Colt Peacemaker": leadchrome.Revolver, "Derringer": leadchrome.SingleShot,
	"Winchester '73": leadchrome.LongGun, "Double-barrel shotgun": leadchrome.LongGun,
}

// lcDraws: the gun (a thrown weapon is a one-handed throwing weapon; a gun
// of a sheet's own, of no kind swDrawKinds knows, is drawn but not
// quick-drawn) and a hand weapon, a one-handed blade (the sheet gives only
// its die).
func (savageWorlds) lcDraws(s *State, f *Figure) []lcDrawn {
	a := s.Characters[f.Character].Savage
	var out []lcDrawn
	if g := a.Gun; g != nil {
		kind := swDrawKinds[g.Name]
		if g.Thrown {
			kind = leadchrome.OneHandedMelee
		}
		what := fmt.Sprintf("a %s (a %s)", g.Name, kind)
		if kind == "" {
			what = "a " + g.Name // drawn all the same, not quick-drawn
		}
		out = append(out, lcDrawn{Kind: kind, Name: g.Name, What: what, Use: CommandShoot})
	}
	if a.Melee > 0 {
		out = append(out, lcDrawn{Kind: leadchrome.OneHandedMelee, Name: "hand weapon", What: fmt.Sprintf("a hand weapon (d%d, a one-handed melee)", a.Melee), Use: CommandStrike})
	}
	return out
}

// yardsPerHex: "Each inch is equal to two yards" (Savage Worlds:
// Distance), and a hex is an inch.
func (savageWorlds) yardsPerHex(*State) float64 { return 2 }

// lcHit: a quick-draw fumble's hit deals the weapon's damage, the gun's
// dice or Strength plus the blade's, with no raise (Savage Worlds:
// Damage; Lead and Chrome: Quick-draw fumbles, 5 and 6).
func (savageWorlds) lcHit(s *State, by, t *Figure, st FigureStatus, melee bool, rnd rules.Source) (FigureStatus, string, error) {
	a := s.Characters[by.Character].Savage
	dice, what := savage.MeleeDamage(a.Strength, a.Melee), "blade"
	if g := a.Gun; g != nil && !melee {
		dice, what = g.Damage, g.Name
	}
	st, lines, err := swHit(s, by, t, st, dice, false, 0, rnd)
	if err != nil {
		return st, "", err
	}
	return st, fmt.Sprintf("%s's %s hits %s (Savage Worlds: Damage): %s", s.FigureName(by.ID), what, s.FigureName(t.ID), strings.TrimSuffix(strings.Join(lines, " "), ".")), nil
}

// sayHurt says Wounds taken (outcomes).
func (savageWorlds) sayHurt(_ *State, _ *Figure, before, after int) string {
	n := after - before
	return fmt.Sprintf("%d %s", n, plural(n, "Wound", "Wounds"))
}
