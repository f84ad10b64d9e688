package session

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"hexslinger/hexmap"
	"hexslinger/rules"
	"hexslinger/rules/fudge"
	"hexslinger/rules/leadchrome"
)

// InitiativeLeadChrome is the fight option that rolls Lead and Chrome's
// initiative (2D10 + Reflexes) in place of the system's own, for the
// systems whose turns go in order (not TWTW's AP countdown).
const InitiativeLeadChrome = "leadchrome"

func init() {
	registerStatusPart[lcStatus]("leadchrome")
	registerOptionPart[LeadChromeOptions]("leadchrome")
	registerOption(leadChromeOption{})
	registerStatePart[lcRound]("leadchrome")
}

// LeadChromeOptions are Lead and Chrome's options of a fight, in any
// system that can take them (their part of FightOptions).
type LeadChromeOptions struct {
	// Initiative is "leadchrome" to roll Lead and Chrome's initiative in
	// place of the system's own (not in TWTW fights).
	Initiative string `json:"initiative,omitempty"`
	// QuickDraw allows Lead and Chrome's Quick-Draw, declared at the start
	// of a round.
	QuickDraw bool `json:"quick_draw,omitempty"`
	// Squads rolls Lead and Chrome's initiative once a side, on the
	// Reflexes of its leader (the side's figure standing with the best),
	// every figure of the side taking the result (Lead and Chrome:
	// Initiative, "For larger-scale combat").
	Squads bool `json:"squads,omitempty"`
	// Holstered starts each figure's weapons holstered, sheathed or slung
	// in the systems whose sheets hold them always in hand (not TWTW,
	// which has its own ready): drawing one is an Action, or a Quick-Draw
	// (Lead and Chrome: The Quick-Draw, "Normally it takes one Action to
	// draw, unsheathe or unsling and ready a weapon"; lcHolster).
	Holstered bool `json:"holstered,omitempty"`
}

// LeadChrome is the fight's Lead and Chrome options.
func (o FightOptions) LeadChrome() LeadChromeOptions { return partOf[LeadChromeOptions](o.Parts) }

// WithLeadChrome is o with Lead and Chrome's options l.
func (o FightOptions) WithLeadChrome(l LeadChromeOptions) FightOptions {
	setPart(&o.Parts, l)
	return o
}

// said is the options' sentences in the log of set_options.
func (l LeadChromeOptions) said() []string {
	var out []string
	if l.Initiative == InitiativeLeadChrome {
		out = append(out, "Initiative: Lead and Chrome's 2D10 + Reflexes.")
		if l.Squads {
			out = append(out, "Initiative is rolled once a side, on its leader's Reflexes.")
		}
	}
	if l.QuickDraw {
		out = append(out, "The Quick-Draw is allowed.")
	}
	if l.Holstered {
		out = append(out, "Weapons start holstered: drawing one is an Action, or a Quick-Draw.")
	}
	return out
}

// leadChromeOption is Lead and Chrome as an option of any system's fight
// (option.go): its initiative, its order of actions and the Quick-Draw.
type leadChromeOption struct{}

// decide: a new round on Lead and Chrome's initiative (the system's own
// say in it after), a new round's declarations refused where nothing
// rolls them, an action held to Lead and Chrome's order, and an attack a
// quick-draw fumble spoils.
func (leadChromeOption) decide(s *State, c Command, src roller) ([]Event, bool, error) {
	if c.Kind == CommandNewRound && s.Options.LeadChrome().Initiative == InitiativeLeadChrome && !SystemOf(s).MovesCostAP() {
		ev, err := lcNewRound(s, c, src)
		if t, ok := SystemOf(s).(turnBegun); ok && err == nil {
			t.turnBegun(s, &ev[0]) // the system's own say in the new turn
		}
		return ev, true, err
	}
	if err := unrolledDeclarations(s, c); err != nil {
		return nil, true, err
	}
	return lcTakes(s, c)
}

// lcTakes is an attack with a weapon a quick-draw fumble dropped
// (lcDropped), an action held to Lead and Chrome's order (lcOrder), or an
// attack a quick-draw fumble spoils (fumbledAttack).
func lcTakes(s *State, c Command) ([]Event, bool, error) {
	if f, ok := s.Figures[c.Figure]; ok && leadChromeOrder(s) && (c.Kind == CommandShoot || c.Kind == CommandStrike) {
		if err := lcDropped(s, f, c.Kind); err != nil { // whatever the order: the weapon is not in hand
			return nil, true, err
		}
		if err := lcHolster(s, f, c.Kind); err != nil {
			return nil, true, err
		}
	}
	if f, ok := s.Figures[c.Figure]; ok && c.Kind == CommandReady && lcHolstering(s) && (!s.Begun || !leadChromeOrder(s)) {
		ev, err := lcDraw(s, c, f) // before the first round: no order to wait for
		return ev, true, err
	}
	if ev, ok, err := lcOrder(s, c); ok || err != nil {
		return ev, true, err
	}
	if ev, ok, err := fumbledAttack(s, c); ok {
		return ev, true, err
	}
	return nil, false, nil
}

// explain: what lcTakes makes of the command, in its first event's words.
func (leadChromeOption) explain(s *State, c Command) (string, bool, error) {
	ev, taken, err := lcTakes(s, c)
	if !taken || err != nil {
		return "", taken, err
	}
	return ev[0].Text, true, nil
}

func (leadChromeOption) ordersTurn(s *State) bool { return leadChromeOrder(s) }

// checkOptions: the initiative is Lead and Chrome's or none, and not in a
// system that counts AP down; the Quick-Draw and squads ride on a roll.
func (leadChromeOption) checkOptions(sys System, o FightOptions) (string, error) {
	l := o.LeadChrome()
	switch l.Initiative {
	case "":
	case InitiativeLeadChrome:
		if sys.MovesCostAP() {
			return "initiative", refuse("%s counts AP down by segments: Lead and Chrome's initiative is for the systems whose turns go in order", sys.Name())
		}
	default:
		return "initiative", refuse("%q is not an initiative option (leadchrome, or none)", l.Initiative)
	}
	if err := quickDrawRidesOnARoll(sys, o); err != nil {
		return "quick_draw", err
	}
	if err := squadsRideOnLeadChrome(o); err != nil {
		return "squads", err
	}
	if err := checkHolstered(sys, l); err != nil {
		return "holstered", err
	}
	return "", nil
}

// sheetParts: a sheet's Lead and Chrome numbers, where the options roll
// its initiative or allow the Quick-Draw.
func (leadChromeOption) sheetParts(o FightOptions) []SheetPart {
	if l := o.LeadChrome(); l.QuickDraw || l.Initiative == InitiativeLeadChrome {
		return []SheetPart{leadChromePart}
	}
	return nil
}

func (leadChromeOption) checkSheet(o FightOptions, c Character) error { return checkLeadChrome(o, c) }

func (leadChromeOption) switches(o FightOptions) []Switch { return lcSwitches(o) }

// lcSheet is the character's Lead and Chrome numbers, made if missing.
func lcSheet(c *Character) *leadchrome.Sheet {
	if c.LeadChrome == nil {
		c.LeadChrome = &leadchrome.Sheet{}
	}
	return c.LeadChrome
}

// leadChromePart is a sheet's Lead and Chrome numbers.
var leadChromePart = SheetPart{Title: "Lead and Chrome", Fields: []SheetField{
	numberField("Reflexes", func(c *Character) *int { return &lcSheet(c).Reflexes }),
	numberField("Quick-Draw skill", func(c *Character) *int { return &lcSheet(c).QuickDraw }),
	{Label: "Quick-Draw weapon (where the system's sheet names none of its kind)", Kind: FieldChoice, Choices: append([]string{"none"}, leadchrome.WeaponKinds...),
		Get: func(c *Character) string {
			if w := lcSheet(c).Weapon; w != "" {
				return w
			}
			return "none"
		},
		Set: func(c *Character, v string) error {
			if v == "none" {
				v = ""
			}
			if v != "" && !slices.Contains(leadchrome.WeaponKinds, v) {
				return fmt.Errorf("quick-draw weapon: %q is not a kind the Quick-Draw names", v)
			}
			lcSheet(c).Weapon = v
			return nil
		}},
}}

// lcRound is what Lead and Chrome keeps of the fight's round (its part of
// State): the figures that declared an unaimed shot, from the
// round_started event that rolled it.
type lcRound struct {
	Unaimed map[string]bool
}

// lcRoundOf is the fight's Lead and Chrome round.
func lcRoundOf(s *State) lcRound { return partOf[lcRound](s.Parts) }

// apply: a new round's unaimed shots.
func (p lcRound) apply(e Event) any {
	if e.Kind != EventRoundStarted {
		return p
	}
	if len(e.Unaimed) == 0 {
		return nil
	}
	p = lcRound{Unaimed: map[string]bool{}}
	for _, id := range e.Unaimed {
		p.Unaimed[id] = true
	}
	return p
}

// lcStatus is what Lead and Chrome's options keep of a figure, whichever
// system the fight plays (their part of FigureStatus), for a round.
type lcStatus struct {
	// DrawToHit is the to-hit modifier of the weapon quick-drawn this
	// round (Lead and Chrome: Quick-draw modifiers, sights filed off −3).
	DrawToHit int `json:"draw_to_hit,omitempty"`
	// DrawFumble is what a quick-draw fumbled this round under Lead and
	// Chrome's initiative did, until it has played out: "misfire" (the
	// attack misses).
	DrawFumble string `json:"draw_fumble,omitempty"`
	// Dropped is the name of the weapon a quick-draw fumble of 3–4
	// dropped, lying on the map (or lost off it) until the figure picks
	// it up, whatever the round; DroppedGun: it is a gun, not a blade.
	Dropped    string `json:"dropped,omitempty"`
	DroppedGun bool   `json:"dropped_gun,omitempty"`
	// Drawn names the weapons in hand where the fight starts them
	// holstered (LeadChromeOptions.Holstered), whatever the round.
	Drawn []string `json:"drawn_weapons,omitempty"`
}

// lc is the figure's Lead and Chrome part.
func (st *FigureStatus) lc() lcStatus { return partOf[lcStatus](st.Parts) }

// withLC changes the figure's Lead and Chrome part with change.
func (st *FigureStatus) withLC(change func(*lcStatus)) { editPart(&st.Parts, change) }

// newRound is the part when a new round starts: a round's quick-draw is
// over (State.Apply); a weapon dropped still lies where it fell, and one
// drawn stays in hand.
func (p lcStatus) newRound() any {
	return lcStatus{Dropped: p.Dropped, DroppedGun: p.DroppedGun, Drawn: p.Drawn}
}

// Declaration is what a figure declares before initiative is rolled: an
// unaimed shot (+3 initiative, −5 to hit), or a Quick-Draw with its weapon
// and modifiers (Lead and Chrome: Initiative, The Quick-Draw).
type Declaration struct {
	Figure    string                `json:"figure"`
	Unaimed   bool                  `json:"unaimed,omitempty"`
	QuickDraw *leadchrome.QuickDraw `json:"quick_draw,omitempty"`
	// Gear is the weapon a TWTW figure quick-draws, by weapon id.
	Gear string `json:"gear,omitempty"`
}

// checkLeadChrome refuses a sheet a fight's Lead and Chrome options need
// and it lacks.
func checkLeadChrome(o FightOptions, c Character) error {
	if o.LeadChrome().Initiative != InitiativeLeadChrome && !o.LeadChrome().QuickDraw {
		return nil
	}
	if c.LeadChrome == nil {
		return fmt.Errorf("character %s has no Lead and Chrome numbers (lead_chrome: reflexes, quick_draw), which this fight's options need", c.ID)
	}
	return c.LeadChrome.Check()
}

// declarations indexes a command's declarations by figure, checking them.
func declarations(s *State, c Command) (map[string]Declaration, error) {
	out := map[string]Declaration{}
	for _, d := range c.Declare {
		if _, ok := s.Figures[d.Figure]; !ok {
			return nil, refuse("a declaration for %q: no such figure", d.Figure)
		}
		if d.Unaimed && !leadChromeOrder(s) {
			return nil, refuse("%s's unaimed shot: its +3 is to Lead and Chrome's initiative, which this fight does not roll (a Fight-tab option, not in TWTW)", s.FigureName(d.Figure))
		}
		if d.QuickDraw != nil {
			if !s.Options.LeadChrome().QuickDraw && s.Options.LeadChrome().Initiative != InitiativeLeadChrome {
				return nil, refuse("this fight does not use the Quick-Draw (an option)")
			}
			if err := d.QuickDraw.Check(); err != nil {
				return nil, &Refusal{Reason: err.Error()}
			}
			if err := lcCarries(s, s.Figures[d.Figure], d.QuickDraw.Weapon); err != nil {
				return nil, err
			}
		}
		out[d.Figure] = d
	}
	return out, nil
}

// lcCarried is what figure f carries to quick-draw: its system's sheet's
// weapons (lcDrawer), then its Lead and Chrome sheet's weapon.
func lcCarried(s *State, f *Figure) []lcDrawn {
	var carried []lcDrawn
	if d, ok := SystemOf(s).(lcDrawer); ok {
		carried = d.lcDraws(s, f)
	}
	if lc := s.Characters[f.Character].LeadChrome; lc != nil && lc.Weapon != "" {
		carried = append(carried, lcDrawn{Kind: lc.Weapon, Name: lcKindNoun[lc.Weapon], What: "a " + lc.Weapon, Use: lcUse(lc.Weapon)})
	}
	return carried
}

// lcKindNoun names a weapon of a Quick-Draw kind in a sentence, where a
// sheet names only its kind (leadchrome.Sheet.Weapon).
var lcKindNoun = map[string]string{
	leadchrome.Revolver: "revolver", leadchrome.SingleShot: "single-shot pistol", leadchrome.SelfLoading: "self-loading pistol",
	leadchrome.OneHandedMelee: "blade", leadchrome.Grenade: "grenade", leadchrome.LongGun: "long gun",
}

// lcCarries refuses a Quick-Draw declared by figure f with a kind of
// weapon its sheet does not carry: the kinds its system's sheet names
// (lcDrawer) and its Lead and Chrome sheet's weapon. TWTW draws the gear
// it names (quickDrawTWTW), and a declaration's kind there is the gear's.
func lcCarries(s *State, f *Figure, kind string) error {
	if SystemOf(s).MovesCostAP() {
		return nil
	}
	ch := s.Characters[f.Character]
	carried := lcCarried(s, f)
	if len(carried) == 0 {
		return refuse("%s's sheet names no weapon to quick-draw: give it one (its system's weapon, or the Lead and Chrome sheet's weapon: a revolver, single-shot, self-loading or one-handed melee)", ch.Name)
	}
	var what []string
	for _, c := range carried {
		if c.Kind == kind {
			return nil
		}
		what = append(what, c.What)
	}
	return refuse("%s carries %s, not a %s: the Quick-Draw is of the weapon drawn (Lead and Chrome: The Quick-Draw)", ch.Name, joinAnd(what), kind)
}

// lcNewRound rolls Lead and Chrome's initiative for every figure standing:
// the order of the round, ties acting together, a natural 2 last; second
// actions go in the same order. With the squads option each side rolls
// once (lcSquads).
func lcNewRound(s *State, c Command, src roller) ([]Event, error) {
	decl, err := declarations(s, c)
	if err != nil {
		return nil, err
	}
	ids, needs := lcStanding(s, decl)
	if err := lcHaveReflexes(s, ids); err != nil {
		return nil, err
	}
	var squads []lcSquad
	if s.Options.LeadChrome().Squads {
		if squads, needs, err = lcSquadNeeds(s, decl, ids, needs); err != nil {
			return nil, err
		}
	}
	rnd, err := src(needs)
	if err != nil {
		return nil, err
	}
	r := &lcRoundRoll{s: s, decl: decl, rnd: rnd, needs: needs, squads: squads,
		e:         Event{Kind: EventRoundStarted, Round: s.nextRound(), APs: map[string]int{}, Rolls: map[string][]int{}},
		explained: map[string]string{}, status: map[string]FigureStatus{}}
	if err := r.rollSquads(); err != nil {
		return nil, err
	}
	for _, id := range ids {
		if err := r.figure(id); err != nil {
			return nil, err
		}
	}
	return []Event{r.event()}, nil
}

// lcStanding is the figures standing, who take part in the new round, and
// the dice each asks for its own initiative (none when the sides roll by
// squad: lcSquadNeeds asks for theirs).
func lcStanding(s *State, decl map[string]Declaration) ([]string, []need) {
	var ids []string
	var needs []need
	for _, id := range s.Order {
		if s.Figures[id].Condition >= rules.Unconscious {
			continue
		}
		ids = append(ids, id)
		if !s.Options.LeadChrome().Squads {
			needs = append(needs, need{id, lcInitiativeNeed(s, id, decl[id])})
		}
	}
	return ids, needs
}

// lcInitiativeNeed is the words asking for figure id's initiative dice,
// with the dice a quick-draw it declared (d) needs should it fumble.
func lcInitiativeNeed(s *State, id string, d Declaration) string {
	n := s.FigureName(id) + "'s initiative: 2D10"
	if d.QuickDraw != nil {
		n += ", and a D6 (a D3 and a D12 for the direction more if dropped) should the draw fumble"
		if _, ok := SystemOf(s).(lcWounder); ok {
			n += "; on a 5 a die for whom the stray shot hits, on a 5 or 6 the hit's damage dice"
		}
	}
	return n
}

// lcHaveReflexes refuses the round when a figure taking part has no Lead
// and Chrome numbers on its sheet to roll with.
func lcHaveReflexes(s *State, ids []string) error {
	for _, id := range ids {
		if s.Characters[s.Figures[id].Character].LeadChrome == nil {
			return refuse("%s has no Lead and Chrome Reflexes", s.FigureName(id))
		}
	}
	return nil
}

// lcSquadNeeds is the sides' squads among the figures ids and needs with
// the dice each leader rolls for its side; it refuses declarations, which
// a roll by squad does not take.
func lcSquadNeeds(s *State, decl map[string]Declaration, ids []string, needs []need) ([]lcSquad, []need, error) {
	if len(decl) > 0 {
		return nil, nil, refuse("initiative by squad is rolled on the leader's Reflexes alone: it takes no one figure's unaimed shot or Quick-Draw (docs/defaults.md)")
	}
	squads := lcSquads(s, ids)
	for _, q := range squads {
		needs = append(needs, need{q.leader, fmt.Sprintf("side %s's initiative, led by %s: 2D10", q.side, s.FigureName(q.leader))})
	}
	return squads, needs, nil
}

// lcRoundRoll is a new round's initiative while it is rolled: its dice,
// the event it makes, each figure's roll and its words, and the statuses
// changed so far (a fumbled draw may change another figure's, so they are
// kept by figure until the event is written).
type lcRoundRoll struct {
	s         *State
	decl      map[string]Declaration
	rnd       rules.Source
	needs     []need
	squads    []lcSquad
	e         Event
	rolls     []leadchrome.Roll
	explained map[string]string
	status    map[string]FigureStatus
}

// refusal is err refusing the round, with the dice it asked for.
func (r *lcRoundRoll) refusal(err error) error {
	return &Refusal{Reason: err.Error(), Needs: texts(r.needs)}
}

// statusOf is figure id's status as the round has changed it so far.
func (r *lcRoundRoll) statusOf(id string) FigureStatus {
	if st, ok := r.status[id]; ok {
		return st
	}
	return r.s.Figures[id].FigureStatus.clone()
}

// rollSquads rolls each squad's initiative on its leader's Reflexes,
// every figure of the side taking the result.
func (r *lcRoundRoll) rollSquads() error {
	s := r.s
	for _, q := range r.squads {
		sheet := s.Characters[s.Figures[q.leader].Character].LeadChrome
		roll, err := leadchrome.RollInitiative(leadchrome.Entrant{ID: q.leader, Reflexes: sheet.Reflexes}, r.rnd)
		if err != nil {
			return r.refusal(err)
		}
		r.explained[q.leader] = fmt.Sprintf("Side %s, led by %s (Reflexes %d, the side's best): %s", q.side, s.FigureName(q.leader), sheet.Reflexes, roll.Explained)
		for _, id := range q.figures {
			x := roll
			x.ID = id
			r.rolls = append(r.rolls, x)
			r.e.Rolls[id] = []int{x.Dice[0], x.Dice[1]}
		}
	}
	return nil
}

// figure starts figure id's round: last round's quick-draw is over, a hold
// ends, and so does what the host system's own round ends (a Dragon
// Warriors II stance and stun); then, unless the sides roll by squad, it
// rolls its own initiative (rollFigure).
func (r *lcRoundRoll) figure(id string) error {
	f := r.s.Figures[id]
	st, changed := r.statusOf(id), false
	setPart(&st.Parts, lcStatus{})
	if st.Delayed {
		st.Delayed, changed = false, true
	}
	if x, ok := SystemOf(r.s).(roundEnder); ok && x.roundEnds(r.s, f, &st) {
		changed = true
	}
	if r.squads == nil {
		rolled, err := r.rollFigure(id, f, &st)
		if err != nil {
			return err
		}
		changed = changed || rolled
	}
	if changed {
		r.status[id] = st
	}
	return nil
}

// rollFigure rolls figure f's own initiative with the unaimed shot or
// Quick-Draw it declared, into its status st: the drawn weapon's to-hit
// and a fumble's misfire or drop are kept for the round, a stray or self
// shot is resolved at once (lcFumbleHit). It says whether st changed.
func (r *lcRoundRoll) rollFigure(id string, f *Figure, st *FigureStatus) (bool, error) {
	s, d, changed := r.s, r.decl[id], false
	sheet := s.Characters[f.Character].LeadChrome
	en := leadchrome.Entrant{ID: id, Reflexes: sheet.Reflexes, Unaimed: d.Unaimed}
	if d.QuickDraw != nil {
		q := *d.QuickDraw
		q.Skill = sheet.QuickDraw
		en.QuickDraw = &q
	}
	roll, err := leadchrome.RollInitiative(en, r.rnd)
	if err != nil {
		return false, r.refusal(err)
	}
	r.rolls = append(r.rolls, roll)
	if en.Unaimed {
		r.e.Unaimed = append(r.e.Unaimed, id)
	}
	r.e.Rolls[id] = []int{roll.Dice[0], roll.Dice[1]}
	r.explained[id] = s.FigureName(id) + ": " + roll.Explained
	if q := en.QuickDraw; q != nil && q.ToHit() != 0 {
		st.withLC(func(p *lcStatus) { p.DrawToHit = q.ToHit() })
		changed = true
	}
	fu := roll.Fumble
	if q := en.QuickDraw; q != nil && (fu == nil || fu.Kind != "dropped") {
		lcDrawnBy(s, f, st, q.Weapon)
		changed = changed || lcHolstering(s)
	}
	if fu != nil && fu.Kind == "misfire" {
		st.withLC(func(p *lcStatus) { p.DrawFumble = fu.Kind })
		changed = true
	}
	if fu != nil && fu.Kind == "dropped" {
		text, err := r.drop(f, st, *fu, en.QuickDraw.Weapon)
		if err != nil {
			return false, r.refusal(err)
		}
		r.explained[id] += text
		changed = true
	}
	if fu != nil && (fu.Kind == "stray" || fu.Kind == "self") {
		r.status[id] = *st
		text, err := lcFumbleHit(s, f, *fu, en.QuickDraw.Weapon == leadchrome.OneHandedMelee, r.statusOf, r.status, r.rnd)
		if err != nil {
			return false, r.refusal(err)
		}
		r.explained[id] += text
		*st, changed = r.status[id], true
	}
	return changed, nil
}

// drop lands the weapon of kind that figure f's quick-draw fumble fu
// dropped "1D3m/yd away in a random direction" (Lead and Chrome:
// Quick-draw fumbles, 3–4): a D12 gives the direction as a clock face, 12
// o'clock east on the map, the D3 the yards, counted in the system's
// hexes (yardsPerHexer; a pace a yard otherwise). It lies on the map for
// f to pick up (pick_up, one Action), or off it, lost; st is f's status.
// It returns the log's words.
func (r *lcRoundRoll) drop(f *Figure, st *FigureStatus, fu leadchrome.Fumble, kind string) (string, error) {
	s := r.s
	name := kind
	for _, c := range lcCarried(s, f) {
		if c.Kind == kind {
			name = c.Name
			break
		}
	}
	clock, err := rules.For(r.rnd, f.ID).Roll(12)
	if err != nil {
		return "", err
	}
	yards := s.Map.Scale
	if y, ok := SystemOf(s).(yardsPerHexer); ok {
		yards = y.yardsPerHex(s)
	}
	st.withLC(func(p *lcStatus) { p.Dropped, p.DroppedGun = name, kind != leadchrome.OneHandedMelee })
	at, err := hexmap.Scatter(f.At, f.At, clock, float64(fu.Distance), yards)
	if err != nil || !s.Map.Contains(at) {
		return fmt.Sprintf("; the %s flies off the map (%d o'clock, %d yd) and is lost", name, clock, fu.Distance), nil
	}
	r.e.Dropped = append(r.e.Dropped, Loose{At: at, Name: name, Owner: f.ID})
	return fmt.Sprintf("; the %s lands at %s (%d o'clock, %d yd), to be picked up: one Action", name, s.Map.Label(at), clock, fu.Distance), nil
}

// event is the round_started event the rolls make: each changed status in
// the fight's order, the AP that orders each figure's actions, and the
// log's words for the rolls and the order.
func (r *lcRoundRoll) event() Event {
	s, e := r.s, r.e
	for _, id := range s.Order {
		if st, ok := r.status[id]; ok {
			e.Changes = append(e.Changes, FigureChange{Figure: id, AP: s.Figures[id].AP, Status: st})
		}
	}
	order := lcActionOrder(s, r.rolls, e.APs)
	var parts []string
	for _, x := range r.explained {
		parts = append(parts, x)
	}
	sort.Strings(parts)
	how := "Lead and Chrome: Initiative"
	if r.squads != nil {
		how += ", rolled once a squad"
	}
	e.Text = fmt.Sprintf("Round %d begins (%s).", e.Round, how) + listed("", strings.Join(parts, "; "))
	if len(order) > 0 {
		e.Text += listed("Order: ", strings.Join(order, ", ")+"; second actions in the same order")
	}
	return e
}

// lcActionOrder sets in aps each rolling figure's AP, the first group of
// the round's order the most and ties alike, so that the shared turn
// order follows Lead and Chrome's; it is that order in words, ties acting
// "together".
func lcActionOrder(s *State, rolls []leadchrome.Roll, aps map[string]int) []string {
	groups := leadchrome.Order(rolls)
	var order []string
	for i, g := range groups {
		var names []string
		for _, r := range g {
			aps[r.ID] = len(groups) - i
			names = append(names, s.FigureName(r.ID))
		}
		part := strings.Join(names, " and ")
		if len(g) > 1 {
			part += " (together)"
		}
		order = append(order, part)
	}
	return order
}

// lcFumbleHit resolves a quick-draw fumble of 5 or 6 by figure f with the
// fight's system's damage for the weapon (lcWounder), writing the
// statuses it changes into status: "5: The gun goes off accidentally,
// hitting a random person or object in the shooter's fire arc", a figure
// standing in f's front arc and in the weapon's reach, with no wall
// between (mapReaches), picked with one
// die of as many faces as there are such figures and one more for an
// object (docs/defaults.md); "6: The character shoots or cuts themselves
// with the weapon". It returns the log's words for it.
func lcFumbleHit(s *State, f *Figure, fu leadchrome.Fumble, melee bool, statusOf func(string) FigureStatus, status map[string]FigureStatus, rnd rules.Source) (string, error) {
	w, ok := SystemOf(s).(lcWounder)
	if !ok {
		return " (the Judge resolves the hit)", nil
	}
	t := f
	text := ""
	if fu.Kind == "stray" {
		// The figures the shooter's side sees: where one it does not see
		// stands tells in nothing (docs/defaults.md).
		unseen := s.unseenBy(f.Side)
		var in []string
		for _, id := range s.Order {
			o := s.Figures[id]
			if id != f.ID && !unseen[id] && o.Condition < rules.Dead && hexmap.ArcOf(f.At, f.Facing, o.At) == hexmap.Front && w.lcReaches(s, f, o, melee) && mapReaches(s, f, o, melee) {
				in = append(in, id)
			}
		}
		if len(in) == 0 {
			return "; no one stands in the fire arc within reach: it hits an object", nil
		}
		n, err := rules.For(rnd, f.ID).Roll(len(in) + 1) // the drawer's stray shot
		if err != nil {
			return "", err
		}
		choices := append(slices.Clone(in), "")
		names := make([]string, len(choices))
		for i, id := range choices {
			names[i] = s.FigureName(id)
			if id == "" {
				names[i] = "an object"
			}
		}
		text = fmt.Sprintf("; in the fire arc: %s; a D%d rolls %d: %s", joinOr(names), len(choices), n, names[n-1])
		if choices[n-1] == "" {
			return text, nil
		}
		t = s.Figures[choices[n-1]]
	}
	st, hit, err := w.lcHit(s, f, t, statusOf(t.ID), melee, rnd)
	if err != nil {
		return "", err
	}
	status[t.ID] = st
	return text + ". " + hit, nil
}

// joinOr joins names as a choice: "A, B or C".
func joinOr(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// lcSquad is one side of a fight rolling initiative as a squad: its
// leader, whose Reflexes it rolls on, and its figures standing.
type lcSquad struct {
	side, leader string
	figures      []string
}

// lcSquads are the squads of a round under the squads option: "For
// larger-scale combat, initiative can be rolled once for each squad or
// vehicle, based on the squad leader, vehicle commander or pilot's
// Reflexes stat" (Lead and Chrome: Initiative). A squad is a side of the
// fight, in the fight's order; its leader is its figure standing with the
// best Reflexes, the first in the fight's order of those equal
// (docs/defaults.md).
func lcSquads(s *State, ids []string) []lcSquad {
	var out []lcSquad
	at := map[string]int{}
	for _, id := range ids {
		f := s.Figures[id]
		i, ok := at[f.Side]
		if !ok {
			i = len(out)
			at[f.Side] = i
			out = append(out, lcSquad{side: f.Side, leader: id})
		}
		q := &out[i]
		q.figures = append(q.figures, id)
		if lcReflexes(s, id) > lcReflexes(s, q.leader) {
			q.leader = id
		}
	}
	return out
}

// lcReflexes is figure id's Lead and Chrome Reflexes.
func lcReflexes(s *State, id string) int {
	if lc := s.Characters[s.Figures[id].Character].LeadChrome; lc != nil {
		return lc.Reflexes
	}
	return 0
}

// squadsRideOnLeadChrome refuses the squads option without Lead and
// Chrome's initiative, whose roll it makes once a side.
func squadsRideOnLeadChrome(o FightOptions) error {
	if o.LeadChrome().Squads && o.LeadChrome().Initiative != InitiativeLeadChrome {
		return refuse("initiative by squad is Lead and Chrome's initiative rolled once a side: turn on Lead and Chrome's initiative with it")
	}
	return nil
}

// lcSwitches are Lead and Chrome's own options of a fight on its
// initiative, offered by each system that can roll it (System.Switches).
func lcSwitches(o FightOptions) []Switch {
	if o.LeadChrome().Initiative != InitiativeLeadChrome {
		return nil
	}
	return []Switch{{Label: "Lead and Chrome: initiative by squad (each side rolls once, on the Reflexes of its figure with the best)", On: o.LeadChrome().Squads,
		Set: func(o FightOptions, on bool) FightOptions {
			l := o.LeadChrome()
			l.Squads = on
			return o.WithLeadChrome(l)
		}}, {Label: "Lead and Chrome: weapons start holstered (drawing one is an Action, or a Quick-Draw)", On: o.LeadChrome().Holstered,
		Set: func(o FightOptions, on bool) FightOptions {
			l := o.LeadChrome()
			l.Holstered = on
			return o.WithLeadChrome(l)
		}}}
}

// quickDrawTWTW is Lead and Chrome's Quick-Draw as an option of TWTW
// fights (docs/defaults.md): declared at the start of a round, it adds the
// figure's Quick-Draw skill and the draw's modifiers to its initiative
// number (0 to 20) and draws the weapon (Gear) for free; 2D10 are rolled
// for the fumble alone, and a fumble's D6 says what went wrong.
func quickDrawTWTW(s *State, e *Event, id string, d Declaration, rnd rules.Source) (string, error) {
	f := s.Figures[id]
	ch := s.Characters[f.Character]
	if ch.LeadChrome == nil {
		return "", fmt.Errorf("%s has no Quick-Draw skill on the sheet (lead_chrome)", ch.Name)
	}
	gi := gearIndex(f, d.Gear)
	w, ok := ruleTables.weapons[d.Gear]
	if gi < 0 || !ok {
		return "", fmt.Errorf("%s carries no %q to quick-draw", ch.Name, d.Gear)
	}
	q := *d.QuickDraw
	q.Skill = ch.LeadChrome.QuickDraw
	q.Weapon, q.Chambered = drawKind(w), f.Gear[gi].Loaded > 0
	if err := q.Check(); err != nil {
		return "", fmt.Errorf("%s's %s: %w", ch.Name, w.Name, err)
	}
	a, err := rnd.Roll(10)
	if err != nil {
		return "", err
	}
	b, err := rnd.Roll(10)
	if err != nil {
		return "", err
	}
	bonus := q.Skill + q.Modifier()
	number := min(rules.MaxInitiative, max(0, e.APs[id]+bonus))
	e.APs[id] = number
	st := f.FigureStatus.clone()
	st.Gear[gi].Readied = true
	st.withLC(func(p *lcStatus) { p.DrawToHit = q.ToHit() })
	text := fmt.Sprintf("%s quick-draws the %s (Lead and Chrome: The Quick-Draw): skill %+d, modifiers %+d: number %d; 2D10 %d+%d", ch.Name, w.Name, q.Skill, q.Modifier(), number, a, b)
	if q.Fumbles(a + b) {
		fu, err := leadchrome.RollFumble(rnd, &q)
		if err != nil {
			return "", err
		}
		text += ": fumbled, " + fu.Text
		switch fu.Kind {
		case "misfire":
			if !w.Thrown && st.Gear[gi].Loaded > 0 {
				st.Gear[gi].Loaded--
			}
		case "dropped":
			st.Gear[gi].Readied = false
		}
	}
	e.Changes = append(e.Changes, FigureChange{Figure: id, AP: number, Status: st})
	return text, nil
}

// QuickDrawWeapons are the kinds of weapon a Quick-Draw is made with, the
// revolver first, for the console's declarations.
func QuickDrawWeapons() []string {
	return []string{leadchrome.Revolver, leadchrome.SingleShot, leadchrome.SelfLoading, leadchrome.OneHandedMelee}
}

// QuickDrawModifierNames are the rows of the Quick-Draw modifier table,
// by name.
func QuickDrawModifierNames() []string {
	var out []string
	for _, m := range leadchrome.QuickDrawModifiers {
		out = append(out, m.Name)
	}
	return out
}

// DeclareQuickDraw is a Quick-Draw declared with a weapon of kind and the
// modifier table's rows named, each once; a self-loading handgun is declared with a
// round chambered, and a cross-draw draws from a cross-draw holster.
func DeclareQuickDraw(kind string, modifiers []string) *leadchrome.QuickDraw {
	q := &leadchrome.QuickDraw{Weapon: kind, Chambered: kind == leadchrome.SelfLoading}
	for _, name := range modifiers {
		for _, m := range leadchrome.QuickDrawModifiers {
			if m.Name == name && !slices.Contains(q.Modifiers, m.ID) { // a row counts once
				q.Modifiers = append(q.Modifiers, m.ID)
				if m.ID == "cross" {
					q.Holster = "cross"
				}
			}
		}
	}
	return q
}

// leadChromeOrder reports whether the fight's round goes in Lead and
// Chrome's initiative order (the option, in a system whose turns go in
// order).
func leadChromeOrder(s *State) bool {
	return s.Options.LeadChrome().Initiative == InitiativeLeadChrome && !SystemOf(s).MovesCostAP()
}

// actsTogether reports whether figure b, felled by figure a's action,
// still makes its own action: under Lead and Chrome's initiative, figures
// with the same result "act simultaneously. This means that it is
// perfectly possible for two opponents to shoot and kill each other in the
// same instant" (Lead and Chrome: Initiative). b shares a's place in the
// order and has not acted yet this round.
func actsTogether(s *State, a, b string) bool {
	fa, fb := s.Figures[a], s.Figures[b]
	if !s.Begun || !leadChromeOrder(s) || fa == nil || fb == nil || fa.AP != fb.AP {
		return false
	}
	return !actedThisRound(s, b)
}

// actedThisRound reports whether figure id has acted since the round
// began.
func actedThisRound(s *State, id string) bool {
	for i := len(s.Log) - 1; i >= 0; i-- {
		switch e := s.Log[i]; {
		case e.Kind == EventRoundStarted:
			return false
		case e.Kind == EventActed && e.Figure == id:
			return true
		}
	}
	return false
}

// togetherStill is who of the felled may still act once figure id acts:
// under Lead and Chrome's initiative, only those of id's own place in the
// order; a later place's action comes after the instant they fell in.
func togetherStill(s *State, id string) []string {
	f, ok := s.Figures[id]
	if !leadChromeOrder(s) || !ok || len(s.Felled) == 0 {
		return s.Felled
	}
	return slices.DeleteFunc(slices.Clone(s.Felled), func(x string) bool {
		g, ok := s.Figures[x]
		return !ok || g.AP != f.AP
	})
}

// sameInstant says in the log that a figure felled in the instant it acts
// in still acts (actsTogether).
func sameInstant(s *State, c Command, events []Event) []Event {
	f, ok := s.Figures[c.Figure]
	if !ok || len(events) == 0 || events[0].Kind != EventActed || !leadChromeOrder(s) || !s.FelledNow(f.ID) || f.Condition == rules.Fine {
		return events
	}
	events[0].Text = fmt.Sprintf("%s, felled in the instant it acts in, still acts: equal results act simultaneously (Lead and Chrome: Initiative). ", s.FigureName(f.ID)) + events[0].Text
	return events
}

// lcToHit is what Lead and Chrome puts on figure f's shots this round, and
// why, for the log: an unaimed shot declared at initiative, −5 ("at the
// expense of a -5 modifier to hit"), and the quick-drawn weapon's to-hit
// modifier ("Sights filed off: +1 (-3 to hit)"). Every system's shot
// takes it from here, so a preview and its decision agree.
func lcToHit(s *State, f *Figure) (int, []string) {
	var mod int
	var why []string
	if lcRoundOf(s).Unaimed[f.ID] {
		mod += leadchrome.UnaimedToHit
		why = append(why, fmt.Sprintf("unaimed shot %+d", leadchrome.UnaimedToHit))
	}
	if f.lc().DrawToHit != 0 {
		mod += f.lc().DrawToHit
		why = append(why, fmt.Sprintf("quick-drawn with the sights filed off %+d", f.lc().DrawToHit))
	}
	return mod, why
}

// lcDowngrades is lcToHit as TWTW prices a shot: each point one step of
// the pool, a downgrade for each point below 0 (docs/defaults.md).
func lcDowngrades(s *State, f *Figure) []rules.Modifier {
	m, why := lcToHit(s, f)
	if m == 0 {
		return nil
	}
	return []rules.Modifier{{Name: strings.Join(why, ", "), Steps: m, Source: "Lead and Chrome: Quick-draw modifiers"}}
}

// lcSkill is a Fudge shooter's Ranged level as its shot's log gives it:
// with Lead and Chrome's to-hit modifiers, what they make of it.
func lcSkill(s *State, f *Figure, ranged fudge.Level) string {
	m, why := lcToHit(s, f)
	if m == 0 {
		return ranged.String()
	}
	return fmt.Sprintf("%s, %s (Lead and Chrome): %s", ranged, strings.Join(why, ", "), ranged+fudge.Level(m))
}

// unrolledDeclarations refuses a new round's declarations where no
// initiative roll takes them: a system's own initiative other than TWTW's
// (Dragon Warriors II's Reflexes, Savage Worlds' cards, Fudge's
// simultaneous rounds) has no roll for an unaimed shot's +3 or a
// Quick-Draw's skill.
func unrolledDeclarations(s *State, c Command) error {
	if c.Kind != CommandNewRound || len(c.Declare) == 0 || SystemOf(s).MovesCostAP() || leadChromeOrder(s) {
		return nil
	}
	return refuse("%s rolls its own initiative, which takes no declarations: an unaimed shot or a Quick-Draw is declared under Lead and Chrome's initiative (a Fight-tab option)", SystemOf(s).Name())
}

// quickDrawRidesOnARoll refuses options that allow the Quick-Draw where
// no initiative roll would take its skill: "A Quick-drawing character adds
// their Quick-Draw skill (if any) to their initiative roll" (Lead and
// Chrome: The Quick-Draw). TWTW's own initiative number takes it
// (quickDrawTWTW); the other systems take it on Lead and Chrome's.
func quickDrawRidesOnARoll(sys System, o FightOptions) error {
	if l := o.LeadChrome(); !l.QuickDraw || sys.MovesCostAP() || l.Initiative == InitiativeLeadChrome {
		return nil
	}
	return refuse("the Quick-Draw adds its skill to an initiative roll, and %s's own initiative has none to add it to: turn on Lead and Chrome's initiative with it", sys.Name())
}

// drawKind is the kind of weapon a TWTW weapon is for the Quick-Draw
// (Lead and Chrome: The Quick-Draw), from the weapon table rather than the
// declaration: a revolver; another one-handed gun (single-shot up to two
// rounds, else self-loading); a one-handed blade or throwing weapon; a
// grenade (an explosive); or a long gun or two-handed weapon.
func drawKind(w rules.Weapon) string {
	switch {
	case w.Explosive:
		return leadchrome.Grenade
	case w.Hands != 1:
		return leadchrome.LongGun
	case w.Melee || w.Thrown:
		return leadchrome.OneHandedMelee
	case w.Revolver:
		return leadchrome.Revolver
	case w.Capacity <= 2:
		return leadchrome.SingleShot
	}
	return leadchrome.SelfLoading
}

// fumbledAttack decides the attack of a figure whose quick-draw fumbled
// this round under Lead and Chrome's initiative (Lead and Chrome:
// Quick-draw fumbles): on a 1–2 "One shot is fired which automatically
// misses. If using a melee or thrown weapon, the result is similar: the
// attack automatically misses. The character may act normally in the next
// action phase"; on a 3–4 the weapon "slips out of the character's grip
// and lands 1D3m/yd away": it lies on the map (lcRoundRoll.drop), and
// lcTakes refuses an attack with it until it is picked up (lcDropped). ok
// is false for any other command.
func fumbledAttack(s *State, c Command) (events []Event, ok bool, err error) {
	f, found := s.Figures[c.Figure]
	if !found || !leadChromeOrder(s) || (c.Kind != CommandShoot && c.Kind != CommandStrike) {
		return nil, false, nil
	}
	if f.lc().DrawFumble == "" {
		return nil, false, nil
	}
	name := s.FigureName(f.ID)
	if len(c.Dice) > 0 {
		return nil, true, refuse("%s's attack misses of itself and rolls no dice", name)
	}
	st := f.FigureStatus.clone()
	st.withLC(func(p *lcStatus) { p.DrawFumble = "" })
	return []Event{{Kind: EventActed, Action: c.Kind, Figure: f.ID, APLeft: f.AP,
		Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}},
		Text:    fmt.Sprintf("%s's fumbled quick-draw goes off: the attack automatically misses, one shot into the ground (Lead and Chrome: Quick-draw fumbles, 1–2); %s acts normally in the next action phase.", name, name)}}, true, nil
}

// lcDropped refuses an attack of kind (strike, shoot) by figure f with
// the weapon a quick-draw fumble dropped: a gun's shot, a blade's blow,
// and a throw of the blade where the figure carries no gun.
func lcDropped(s *State, f *Figure, kind string) error {
	p := f.lc()
	if p.Dropped == "" {
		return nil
	}
	gun := false
	for _, c := range lcCarried(s, f) {
		gun = gun || c.Kind != leadchrome.OneHandedMelee
	}
	if kind == CommandStrike && p.DroppedGun || kind == CommandShoot && !p.DroppedGun && gun {
		return nil
	}
	name := s.FigureName(f.ID)
	for _, l := range s.Loose {
		if l.Owner == f.ID && l.Weapon == "" {
			return refuse("%s's %s lies at %s, where the quick-draw dropped it (Lead and Chrome: Quick-draw fumbles, 3–4): pick it up (one Action, from its hex or the next) before attacking with it", name, p.Dropped, s.Map.Label(l.At))
		}
	}
	return refuse("%s's %s was lost off the map at the quick-draw (Lead and Chrome: Quick-draw fumbles, 3–4)", name, p.Dropped)
}

// lcPickUp is figure f picking up the weapon a quick-draw fumble dropped,
// from its hex or the next (c.To, or the nearest): "Normally it takes one
// Action to draw, unsheathe or unsling and ready a weapon" (Lead and
// Chrome: The Quick-Draw), and it comes up ready.
func lcPickUp(s *State, c Command, f *Figure) ([]Event, error) {
	name := s.FigureName(f.ID)
	for _, l := range s.LooseNear(f.ID) {
		if l.Owner != f.ID || l.Weapon != "" || c.To != nil && *c.To != l.At {
			continue
		}
		st := f.FigureStatus.clone()
		st.withLC(func(p *lcStatus) { p.Dropped, p.DroppedGun = "", false })
		lcDrawnBy(s, f, &st, lcKindOf(s, f, l.Name))
		return []Event{{Kind: EventActed, Action: CommandPickUp, Figure: f.ID, APLeft: f.AP, PickedUp: &l,
			Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}},
			Text: fmt.Sprintf("%s picks up the %s at %s and readies it: one Action (Lead and Chrome: The Quick-Draw: \"Normally it takes one Action to draw, unsheathe or unsling and ready a weapon\").",
				name, l.Name, s.Map.Label(l.At))}}, nil
	}
	return nil, refuse("no weapon of %s's lies in its hex or next to it", name)
}

// lcActions counts each figure's Actions since the round began under Lead
// and Chrome's initiative: its attacks, strikes and shots, a riposte (the
// answer to the blow just won) apart (docs/defaults.md).
func lcActions(s *State) map[string]int {
	n := map[string]int{}
	for i := len(s.Log) - 1; i >= 0; i-- {
		e := s.Log[i]
		if e.Kind == EventRoundStarted {
			break
		}
		if e.Kind != EventActed || (e.Action != CommandStrike && e.Action != CommandShoot && e.Action != CommandPickUp && e.Action != CommandReady) {
			continue
		}
		if i > 0 && e.Action == CommandStrike && riposted(s.Log[i-1], e) {
			continue
		}
		n[e.Figure]++
	}
	return n
}

// riposted reports whether e, a strike, is the riposte the event before
// it allowed: by the figure it named, and without the attack of the turn
// that a Dragon Warriors II blow of its own marks (dwStrike).
func riposted(before, e Event) bool {
	r := before.Riposte
	if r == nil || r.By != e.Figure || len(e.Targets) == 0 || e.Targets[0] != r.Against {
		return false
	}
	for _, c := range e.Changes {
		if c.Figure == e.Figure && c.Status.Attacked {
			return false
		}
	}
	return true
}

// lcActionsARound is how many Actions a figure takes a round: a first and
// a second (Lead and Chrome: Initiative).
const lcActionsARound = 2

// lcInTurn refuses figure f's Action out of its turn under Lead and
// Chrome's initiative: "The character with the highest initiative in that
// round takes their first Combat Action first, followed by the character
// with the second-highest initiative ... Once everyone has taken their
// first Action, second actions are taken in the same order" (Lead and
// Chrome: Initiative). Those of one place act together; a figure that
// holds its actions (delay) waits for no one and no one waits for it.
func lcInTurn(s *State, f *Figure) error {
	taken := lcActions(s)
	name := s.FigureName(f.ID)
	if taken[f.ID] >= lcActionsARound {
		return refuse("%s has taken its first and second actions this round; the next are next round's (Lead and Chrome: Initiative)", name)
	}
	if f.Delayed {
		return nil
	}
	// Only those its side sees: a refusal tells nothing of a figure out of
	// its view (docs/defaults.md).
	unseen := s.unseenBy(f.Side)
	var first []string
	for _, id := range s.Order {
		g := s.Figures[id]
		if id == f.ID || g.Delayed || taken[id] >= lcActionsARound || (g.Condition >= rules.Unconscious && !s.FelledNow(id)) || unseen[id] {
			continue
		}
		if taken[id] < taken[f.ID] || taken[id] == taken[f.ID] && g.AP > f.AP {
			first = append(first, fmt.Sprintf("%s (its %s action)", s.FigureName(id), lcNth(taken[id])))
		}
	}
	if len(first) > 0 {
		return refuse("%s's %s action waits its turn in Lead and Chrome's order: %s acts first, or holds its actions (delay) (Lead and Chrome: Initiative: \"second actions are taken in the same order\")",
			name, lcNth(taken[f.ID]), joinAnd(first))
	}
	return nil
}

// lcNth names an Action by how many came before it.
func lcNth(n int) string { return map[int]string{0: "first", 1: "second"}[n] }

// lcOrder holds command c to Lead and Chrome's order (lcInTurn) and makes
// a delay its hold: ok is false where the order has nothing to say (not
// on its initiative, before the first round's, or a command that is no
// Action: moves, turns, going prone and recovering are the host system's
// free actions).
func lcOrder(s *State, c Command) (events []Event, ok bool, err error) {
	f, found := s.Figures[c.Figure]
	if !found || !s.Begun || !leadChromeOrder(s) {
		return nil, false, nil
	}
	switch {
	case c.Kind == CommandDelay:
		if f.Delayed {
			return nil, true, refuse("%s already holds its actions; it acts when it will this round", s.FigureName(f.ID))
		}
		if f.Condition >= rules.Unconscious {
			return nil, true, refuse("%s is down", s.FigureName(f.ID))
		}
		if err := lcInTurn(s, f); err != nil {
			return nil, true, err
		}
		st := f.FigureStatus.clone()
		st.Delayed = true
		name := s.FigureName(f.ID)
		e := Event{Kind: EventActed, Action: CommandDelay, Figure: f.ID, APLeft: f.AP,
			Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}},
			Text:    fmt.Sprintf("%s holds its actions: those after it in the order go first, and %s acts when it will this round (Lead and Chrome: Initiative).", name, name)}
		if w, ok := SystemOf(s).(holdWatcher); ok {
			w.held(s, &e)
		}
		return []Event{e}, true, nil
	case c.Kind == CommandPickUp:
		if err := lcInTurn(s, f); err != nil {
			return nil, true, err
		}
		ev, err := lcPickUp(s, c, f)
		return ev, true, err
	case c.Kind == CommandReady && lcHolstering(s):
		if err := lcInTurn(s, f); err != nil {
			return nil, true, err
		}
		ev, err := lcDraw(s, c, f)
		return ev, true, err
	case c.Kind == CommandStrike && c.Riposte, c.Kind != CommandStrike && c.Kind != CommandShoot:
		return nil, false, nil
	}
	return nil, false, lcInTurn(s, f)
}
