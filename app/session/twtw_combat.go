package session

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// Action commands (TWTW Conflict: Ranged Combat, Hand to Hand Combat,
// Movement AP Cost, Wound Effects).
const (
	CommandReady   = "ready"   // ready Weapon
	CommandCock    = "cock"    // cock Weapon
	CommandProne   = "prone"   // drop prone (Prone true) or stand up
	CommandDuck    = "duck"    // duck behind cover (Duck true) or emerge
	CommandShoot   = "shoot"   // fire or throw Weapon: Shots, in order, from one pool
	CommandMelee   = "melee"   // a hand-to-hand Blow at Target
	CommandRecover = "recover" // a stunned figure spends its round on a recovery check
)

// ShotOrder is one shot of a shoot command.
type ShotOrder struct {
	Target     string `json:"target"`
	Kind       string `json:"kind"` // "snap", "normal", "aimed", "fan"
	Aims       int    `json:"aims,omitempty"`
	PointBlank bool   `json:"point_blank,omitempty"`
	// Call is a hit location called before the dice: a hit's bumps move
	// its location toward it first (rules.CallBumps).
	Call string `json:"call,omitempty"`
	// Sabotage: the shooter means to miss; only a calamity hits, and the
	// card's unintended-target icon may find someone else (TWTW Conflict:
	// Action Sabotage).
	Sabotage bool `json:"sabotage,omitempty"`
	// Acuity: an aimed shot drawing on Acuity in place of Coordination
	// (TWTW Conflict: Optional rule; the fight's option).
	Acuity bool `json:"acuity,omitempty"`
}

// BlowOrder is a melee command's blow.
type BlowOrder struct {
	Target     string `json:"target"`
	Attack     string `json:"attack"` // an id of the melee table: quick, heavy, feint, grapple
	Careful    bool   `json:"careful,omitempty"`
	Improvised string `json:"improvised,omitempty"` // small, large, sharp
	Defense    string `json:"defense,omitempty"`    // the target's declared "block" or "dodge"
	Call       string `json:"call,omitempty"`       // a hit location called before the dice (rules.CallBumps)
	Dominance  string `json:"dominance,omitempty"`  // "only": for position, no damage; "bumps": the hit's bumps go to dominance
	// Sabotage: the attacker means to miss; only a calamity lands, and the
	// card's unintended-target icon may find someone else (TWTW Conflict:
	// Action Sabotage).
	Sabotage bool `json:"sabotage,omitempty"`
	// Shove is the path the target is driven along by bumps spent on
	// dominance, 2 hexes a bump, the attacker following (TWTW Conflict:
	// Asserting Dominance); as far as the bumps pay.
	Shove []hexmap.Hex `json:"shove,omitempty"`
}

// tables holds the rule tables the session applies.
type tables struct {
	weapons map[string]rules.Weapon
	melee   *rules.MeleeTable
}

var ruleTables = tables{weapons: rules.Weapons(), melee: rules.Melee()}

// actor returns the figure giving an action command, refusing the fallen.
func actor(s *State, id string) (*Figure, Character, error) {
	f, ok := s.Figures[id]
	if !ok {
		return nil, Character{}, refuse("there is no figure %q in this fight", id)
	}
	c := s.Characters[f.Character]
	if f.Condition >= rules.Unconscious && !s.FelledNow(id) {
		return nil, c, refuse("%s is %s", c.Name, f.Condition)
	}
	return f, c, nil
}

// lastAttack reports whether command c is the attack a figure felled in
// this segment still makes: its effect lands with the one that felled it
// (DESIGN.md segments: "their effects land together").
func lastAttack(s *State, c Command) bool {
	f, ok := s.Figures[c.Figure]
	return ok && f.Condition != rules.Fine && s.FelledNow(c.Figure) && (c.Kind == CommandShoot || c.Kind == CommandMelee)
}

// gearIndex finds a carried weapon.
func gearIndex(f *Figure, weapon string) int {
	return slices.IndexFunc(f.Gear, func(g rules.Carried) bool { return g.Weapon == weapon })
}

// pay refuses an action of ap AP that figure f has not the AP left for;
// what names the action in the refusal.
func pay(s *State, f *Figure, ap int, what string) error {
	if ap > f.AP {
		return refuse("%s needs %d AP to %s but has %d left", s.FigureName(f.ID), ap, what, f.AP)
	}
	return nil
}

// change is figure f's change in an event: its AP and status after.
func change(f *Figure, ap int, status FigureStatus) FigureChange {
	return FigureChange{Figure: f.ID, AP: ap, Status: status}
}

// decideAction handles the action commands.
func decideAction(s *State, c Command, src roller) ([]Event, error) {
	f, ch, err := actor(s, c.Figure)
	if err != nil {
		return nil, err
	}
	last := lastAttack(s, c)
	switch {
	case s.FelledNow(f.ID) && f.Condition != rules.Fine && !last:
		return nil, refuse("%s was felled in this segment: only the attack of this segment still goes off, landing with the blow that felled it", ch.Name)
	case f.Condition == rules.Stunned && c.Kind != CommandRecover && !last:
		return nil, refuse("%s is stunned and must spend the round recovering", ch.Name)
	}
	if last {
		events, err := decideBy(s, c, f, ch, src)
		if err == nil && len(events) > 0 && events[0].Kind == EventActed {
			events[0].Text = fmt.Sprintf("%s, felled in this segment, still acts: its effect lands with the one that felled it (DESIGN.md segments: simultaneous actions). ", ch.Name) + events[0].Text
		}
		return events, err
	}
	return decideBy(s, c, f, ch, src)
}

// decideBy decides an action command by a figure who may give it, by the
// kind's entry in twtwCommands: one not marked anyTime waits for the
// figure's number first (onTime).
func decideBy(s *State, c Command, f *Figure, ch Character, src roller) ([]Event, error) {
	a, known := twtwCommands[c.Kind]
	if !a.anyTime {
		if err := onTime(s, f, cmp.Or(a.what, c.Kind)); err != nil {
			return nil, err
		}
	}
	if !known {
		return nil, refuse("%q is not a command hexslinger knows", c.Kind)
	}
	return a.decide(s, c, f, ch, src)
}

// A twtwAction is how decideBy takes one kind of TWTW action command:
// what waiting for the figure's number calls it, whether it may be given
// at any time instead (an attack may interrupt; recovering takes the
// whole round), and the function that decides it.
type twtwAction struct {
	what    string
	anyTime bool
	decide  func(s *State, c Command, f *Figure, ch Character, src roller) ([]Event, error)
}

// twtwCommands are TWTW's action commands, by kind.
var twtwCommands = map[string]twtwAction{
	CommandReady:   {what: "readying a weapon", decide: decideReadyOrCock},
	CommandCock:    {what: "cocking one", decide: decideReadyOrCock},
	CommandProne:   {what: "dropping prone or standing up", decide: decideProne},
	CommandDuck:    {what: "ducking or emerging", decide: decideDuck},
	CommandPickUp:  {what: "picking up a weapon", decide: decidePickUpBy},
	CommandReload:  {what: "reloading", decide: decideReloadBy},
	CommandEscape:  {what: "escaping a hold", decide: decideEscape},
	CommandSkill:   {what: "a skill", decide: decideSkillBy},
	CommandShoot:   {anyTime: true, decide: decideShoot},
	CommandMelee:   {anyTime: true, decide: decideMelee},
	CommandRecover: {anyTime: true, decide: decideRecover},
}

// actedBy is the acted event of figure f's command c: ap paid, its status
// st after, and any other figures' changes.
func actedBy(c Command, f *Figure, st FigureStatus, ap int, text string, more ...FigureChange) []Event {
	e := Event{Kind: EventActed, Action: c.Kind, Figure: f.ID, AP: ap, APLeft: f.AP - ap, Text: text + fmt.Sprintf(" %d AP left.", f.AP-ap)}
	e.Changes = append([]FigureChange{change(f, f.AP-ap, st)}, more...)
	return []Event{e}
}

// decideReadyOrCock readies a carried weapon (drawn beside another, it
// goes to the off hand) or cocks one in hand (TWTW Conflict: Cocking and
// Readying; Two Weapons).
func decideReadyOrCock(s *State, c Command, f *Figure, ch Character, _ roller) ([]Event, error) {
	st := f.FigureStatus.clone()
	i := gearIndex(f, c.Weapon)
	w, ok := ruleTables.weapons[c.Weapon]
	if i < 0 || !ok {
		return nil, refuse("%s carries no %s", ch.Name, c.Weapon)
	}
	if c.Kind == CommandReady {
		// A weapon in a disabled arm's hand is readied again in the other.
		if st.Gear[i].Readied && inUselessHand(s, f, i) == nil {
			return nil, refuse("the %s is already in hand", w.Name)
		}
		st.Gear[i].Readied = false
		// A weapon drawn while another is in hand goes to the off hand
		// (TWTW Conflict: Two Weapons), and so does one drawn with the
		// main hand's arm disabled.
		off, err := readyHand(s, f, st, i)
		if err != nil {
			return nil, err
		}
		if err := pay(s, f, w.ReadyCost(), "ready the "+w.Name); err != nil {
			return nil, err
		}
		st.Gear[i].Readied = true
		st.Gear[i].OffHand = off
		return actedBy(c, f, st, w.ReadyCost(), fmt.Sprintf("%s readies the %s for %d AP (TWTW Conflict: Cocking and Readying).", ch.Name, w.Name, w.ReadyCost())), nil
	}
	switch {
	case w.Cock == 0:
		return nil, refuse("the %s needs no cocking", w.Name)
	case !st.Gear[i].Readied:
		return nil, refuse("ready the %s before cocking it", w.Name)
	case st.Gear[i].Cocked:
		return nil, refuse("the %s is already cocked", w.Name)
	}
	if err := pay(s, f, w.Cock, "cock the "+w.Name); err != nil {
		return nil, err
	}
	st.Gear[i].Cocked = true
	return actedBy(c, f, st, w.Cock, fmt.Sprintf("%s cocks the %s for %d AP.", ch.Name, w.Name, w.Cock)), nil
}

// decideProne drops a figure prone or stands it up (TWTW Movement AP
// Cost).
func decideProne(s *State, c Command, f *Figure, ch Character, _ roller) ([]Event, error) {
	st := f.FigureStatus.clone()
	to := rules.Standing
	if c.Prone {
		to = rules.Prone
	}
	from := rules.Standing
	if st.Prone {
		from = rules.Prone
	}
	ap := rules.PostureAP(from, to)
	if ap == 0 {
		return nil, refuse("%s is already %s", ch.Name, map[bool]string{true: "prone", false: "standing"}[st.Prone])
	}
	if err := pay(s, f, ap, "change posture"); err != nil {
		return nil, err
	}
	st.Prone = c.Prone
	verb := "stands up"
	if c.Prone {
		verb = "drops prone"
	}
	return actedBy(c, f, st, ap, fmt.Sprintf("%s %s for %d AP (TWTW Movement AP Cost).", ch.Name, verb, ap)), nil
}

// decideDuck ducks a figure behind cover on or next to its hex, or
// emerges from it (TWTW Movement AP Cost).
func decideDuck(s *State, c Command, f *Figure, ch Character, _ roller) ([]Event, error) {
	st := f.FigureStatus.clone()
	if st.Ducked == c.Duck {
		return nil, refuse("%s is already %s", ch.Name, map[bool]string{true: "behind cover", false: "out of cover"}[st.Ducked])
	}
	if c.Duck && !s.Map.CoverNextTo(f.At) {
		return nil, refuse("%s has no cover to duck behind at %s: a wall, fence, window, barrel or other cover on a side of the hex or next to it", ch.Name, s.Map.Label(f.At))
	}
	ap := rules.CoverAP(c.Duck)
	if err := pay(s, f, ap, "duck or emerge"); err != nil {
		return nil, err
	}
	st.Ducked = c.Duck
	verb := "emerges from cover"
	if c.Duck {
		verb = "ducks behind cover"
	}
	return actedBy(c, f, st, ap, fmt.Sprintf("%s %s for %d AP (TWTW Movement AP Cost).", ch.Name, verb, ap)), nil
}

// decideRecover spends a stunned figure's round on its recovery check.
func decideRecover(s *State, c Command, f *Figure, ch Character, src roller) ([]Event, error) {
	if f.Condition != rules.Stunned {
		return nil, refuse("%s is not stunned", ch.Name)
	}
	if f.twtw().Recovered {
		return nil, refuse("%s has spent this round on a recovery check: a stunned figure tries once a round, with all its AP (TWTW Conflict: Wound Effects)", ch.Name)
	}
	st := f.FigureStatus.clone()
	st.withTWTW(func(p *twtwStatus) { p.Recovered = true })
	b := f.Body(ch.Size)
	rnd, err := src([]need{{f.ID, fmt.Sprintf("%s's recovery check: %s and a card", ch.Name, ch.TraitPool("fortitude", true))}})
	if err != nil {
		return nil, err
	}
	o, card, err := rules.Recover(ch.Character, b, rules.For(rnd, f.ID))
	if err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	st.Condition = b.Condition
	ev := actedBy(c, f, st, f.AP, fmt.Sprintf("%s tries to shake off the stun (Fortitude vs TN %d, %d successes, %s): %s.", ch.Name, o.TN, o.Successes, card.Name(), b.Condition))
	ev[0].Cards = []string{card.Name()}
	return ev, nil
}

// decidePickUpBy picks up a loose weapon (no dice).
func decidePickUpBy(s *State, c Command, f *Figure, ch Character, _ roller) ([]Event, error) {
	return decidePickUp(s, c, f, ch)
}

// decideReloadBy reloads, round by round or with a speed loader.
func decideReloadBy(s *State, c Command, f *Figure, ch Character, src roller) ([]Event, error) {
	if c.Speed {
		return decideSpeedLoad(s, c, f, ch, src)
	}
	return decideReload(s, c, f, ch)
}

// decideSkillBy checks a skill command's Judge's modifier, then decides
// it.
func decideSkillBy(s *State, c Command, f *Figure, ch Character, src roller) ([]Event, error) {
	if c.Modifier != nil {
		if err := c.Modifier.check(); err != nil {
			return nil, err
		}
	}
	return decideSkill(s, c, f, ch, src)
}

// damage deals a hit to a target, makes its stun check and returns its
// change and the sentence.
func damage(s *State, target *Figure, kind rules.DamageKind, base, bumps int, loc rules.HitLocation, card rules.Card, rnd rules.Source) (FigureChange, string, error) {
	return damageRounds(s, target, kind, base, bumps, loc, card, 1, rnd)
}

// ShootPlan is a shoot command priced and modified, before the dice: what
// the map window previews and the session then resolves.
type ShootPlan struct {
	Weapon  rules.Weapon
	Gear    int // index of the weapon in the shooter's gear
	Series  rules.Series
	Sights  []hexmap.Sight // per shot
	Targets []*Figure      // per shot
	Order   []string       // the targets in the order first shot at
	// Calls are the hit locations called, one a shot ("" none), and
	// Sabotage the shots meant to miss.
	Calls    []string
	Sabotage []bool
	// Thrown are the gear entries a throw of a thrown weapon uses, one a
	// shot (readied ones first): each leaves the hand.
	Thrown []int
}

// PlanShoot prices shots by figure id with weapon: range from the map, the
// firer's motion this round, the target's size, line of sight (a target
// out of sight takes the not-visible penalty), the weapon's state.
func (s *State) PlanShoot(id, weapon string, orders []ShotOrder, judge ...JudgeModifier) (ShootPlan, error) {
	var judged []rules.Modifier
	for _, m := range judge {
		if err := m.check(); err != nil {
			return ShootPlan{}, err
		}
		judged = append(judged, m.modifier())
	}
	f, ok := s.Figures[id]
	if !ok {
		return ShootPlan{}, refuse("there is no figure %q in this fight", id)
	}
	ch := s.Characters[f.Character]
	judged = append(judged, lcDowngrades(s, f)...)
	p, err := s.shooterWeapon(f, weapon, len(orders))
	if err != nil {
		return ShootPlan{}, err
	}
	w, carried := p.Weapon, f.Gear[p.Gear]
	var shots []rules.Shot
	fans := 0
	for i, so := range orders {
		sh, err := s.planShot(f, &p, i, so, carried, judged, &fans)
		if err != nil {
			return ShootPlan{}, err
		}
		shots = append(shots, sh)
		// The next shot finds the weapon as this one leaves it: in hand,
		// uncocked (TWTW Conflict: Cocking and Readying), a round spent;
		// the next throw takes the next of its kind.
		carried = rules.AfterShot(carried, w)
		carried.Readied = true
		if w.Thrown && i+1 < len(p.Thrown) {
			carried = f.Gear[p.Thrown[i+1]]
		}
	}
	series, err := rules.PlanSeries(ch.Character, shots)
	if err != nil {
		return ShootPlan{}, &Refusal{Reason: err.Error()}
	}
	p.Series = series
	return p, nil
}

// shooterWeapon checks that figure f may fire (or throw) weapon n times
// now: it carries it, loaded enough (or enough of them to throw), is not
// ducked, and rolls one pool this round. It returns the plan begun: the
// weapon, and the gear each throw uses.
func (s *State) shooterWeapon(f *Figure, weapon string, n int) (ShootPlan, error) {
	ch := s.Characters[f.Character]
	w, ok := ruleTables.weapons[weapon]
	gi := gearIndex(f, weapon)
	if !ok || gi < 0 || w.Melee {
		return ShootPlan{}, refuse("%s carries no gun or throwing weapon %q", ch.Name, weapon)
	}
	if n == 0 {
		return ShootPlan{}, refuse("a shoot command needs at least one shot")
	}
	if f.Ducked {
		return ShootPlan{}, refuse("%s is ducked behind cover: emerge from it first (1 AP)", ch.Name)
	}
	if err := onePool(s, f, f.Gear[gi].OffHand); err != nil {
		return ShootPlan{}, err
	}
	if err := inUselessHand(s, f, gi); f.Gear[gi].Readied && err != nil {
		return ShootPlan{}, err
	}
	if need := rules.RoundsFor(w, n); !w.Thrown && f.Gear[gi].Loaded < need {
		return ShootPlan{}, refuse("the %s holds %d round(s), not enough for %d shot(s)%s", w.Name, f.Gear[gi].Loaded, n, burstNeed(w, need))
	}
	p := ShootPlan{Weapon: w, Gear: gi}
	if !w.Thrown {
		return p, nil
	}
	// One of them a throw, the readied ones first.
	for i, g := range f.Gear {
		if g.Weapon == weapon && g.Readied {
			p.Thrown = append(p.Thrown, i)
		}
	}
	for i, g := range f.Gear {
		if g.Weapon == weapon && !g.Readied {
			p.Thrown = append(p.Thrown, i)
		}
	}
	if len(p.Thrown) < n {
		return ShootPlan{}, refuse("%s carries %d %s: one for each throw, not enough for %d", ch.Name, len(p.Thrown), w.Name, n)
	}
	p.Thrown = p.Thrown[:n]
	p.Gear = p.Thrown[0]
	return p, nil
}

// planShot prices shot i of a series, with the weapon as carried, and
// adds its target, sight, call and sabotage to p: range from the map, the
// firer's motion this round, the target's size (half, prone), line of
// sight, and the optional rules the fight has on.
func (s *State) planShot(f *Figure, p *ShootPlan, i int, so ShotOrder, carried rules.Carried, judged []rules.Modifier, fans *int) (rules.Shot, error) {
	w := p.Weapon
	t, ok := s.Figures[so.Target]
	if !ok || t.ID == f.ID {
		return rules.Shot{}, refuse("shot %d: there is no target %q", i+1, so.Target)
	}
	if d := f.At.DistanceTo(t.At); so.PointBlank && d > 1 {
		return rules.Shot{}, refuse("shot %d: point blank is for a target within arms' reach, in the next hex (TWTW Conflict: Point Blank); %s is %d hexes away", i+1, s.FigureName(t.ID), d)
	}
	first := !slices.Contains(p.Order, t.ID)
	if first {
		p.Order = append(p.Order, t.ID)
	}
	if so.Call != "" {
		if _, err := rules.ParseLocation(so.Call); err != nil {
			return rules.Shot{}, refuse("shot %d: %v", i+1, err)
		}
	}
	motion := rules.Still
	switch {
	case f.Ran:
		motion = rules.Ran
	case f.Moved:
		motion = rules.Walked
	}
	line := attackLine(s, f, t) // the map's answer (lines.go)
	sight, hidden := line.Sight, line.Hidden
	size := s.Characters[t.Character].Size
	if t.Prone && !so.PointBlank {
		size = max(1, size/2) // a prone target shows half its size (docs/defaults.md)
	}
	other := otherInHand(f, p.Gear)
	sh := rules.Shot{Weapon: w, Carried: carried, Distance: float64(f.At.DistanceTo(t.At)) * s.Map.Scale,
		TwoWeapons: other, OffHand: carried.OffHand, OneHanded: (other && w.Hands == 2) || oneArmed(f, w),
		PointBlank: so.PointBlank, Motion: motion, Mounted: firerMounted(s, f), TargetSize: size,
		TargetNumber: slices.Index(p.Order, t.ID), NotVisible: hidden, Aims: so.Aims, Interrupt: early(s, f), Judge: judged,
		RelativeSpeed: relativeSpeed(s, f, t), Appearing: appearing(s, f, t),
		OutsideField: first && s.Options.TWTW().FieldsOfFire && !inFieldOfFire(f, t.At)}
	if so.Acuity {
		switch {
		case !s.Options.TWTW().Acuity:
			return rules.Shot{}, refuse("shot %d: the optional Acuity rule is off in this fight (the Judge turns it on in the fight's options)", i+1)
		case i > 0:
			return rules.Shot{}, refuse("shot %d: a series rolls one pool, the first shot's; only the first shot may draw on Acuity", i+1)
		}
		sh.Trait = "acuity"
	}
	if err := s.shotKind(&sh, f, p, i, so, t, fans); err != nil {
		return rules.Shot{}, err
	}
	p.Sights = append(p.Sights, sight)
	p.Calls = append(p.Calls, so.Call)
	p.Sabotage = append(p.Sabotage, so.Sabotage)
	p.Targets = append(p.Targets, t)
	return sh, nil
}

// shotKind sets the kind of shot i (snap, normal, aimed, or fanned, the
// fans counted): an aimed shot needs the aim not lost under fire this
// round, and with a gun in each hand one target only (TWTW Conflict: Two
// Weapons).
func (s *State) shotKind(sh *rules.Shot, f *Figure, p *ShootPlan, i int, so ShotOrder, t *Figure, fans *int) error {
	ch := s.Characters[f.Character]
	switch so.Kind {
	case "snap":
		sh.Kind = rules.Snap
	case "normal", "":
		sh.Kind = rules.Normal
	case "aimed":
		if f.AimLost {
			return refuse("shot %d: %s lost aim under fire this round and may not aim again until the next (TWTW Conflict: Tactical Aiming)", i+1, ch.Name)
		}
		if otherInHand(f, p.Gear) && f.AimedAt != "" && f.AimedAt != t.ID {
			return refuse("shot %d: with a gun in each hand %s aimed at %s this round: \"It is never possible to aim at two different targets\" (TWTW Conflict: Two Weapons); make it a snap shot", i+1, ch.Name, s.FigureName(f.AimedAt))
		}
		sh.Kind = rules.Aimed
	case "fan":
		*fans++
		sh.Kind, sh.Fan, sh.FanSwitches = rules.Snap, *fans, len(p.Order)-1
	default:
		return refuse("shot %d: %q is not a kind of shot (snap, normal, aimed, fan)", i+1, so.Kind)
	}
	return nil
}

// inFieldOfFire reports whether hex at lies in figure f's field of fire:
// its front arc, the three hexsides it faces and what lies beyond them
// (docs/defaults.md; TWTW Conflict: Multiple Attacks, optional rule).
func inFieldOfFire(f *Figure, at hexmap.Hex) bool {
	return hexmap.ArcOf(f.At, f.Facing, at) == hexmap.Front
}

// otherInHand reports whether figure f holds a weapon in hand besides
// gear entry gi: "A Hero using weapons in each hand suffers one downgrade
// to each attack", and a two-handed weapon is then fired with one hand
// (TWTW Conflict: Two Weapons; Two handed ranged weapons).
func otherInHand(f *Figure, gi int) bool {
	for i, g := range f.Gear {
		if i != gi && g.Readied {
			return true
		}
	}
	return false
}

// discharge fires the fully loaded guns figure f carries holstered, jostled
// on the move by a calamity or by a die of face within a gun's Rel (a
// malfunction): the card's toggle says whether the round misses (YES) or
// hits the carrier's nearest leg (TWTW Conflict: Carrying Loaded
// Weapons). f's status takes the round spent and the wound.
func discharge(s *State, f *Figure, ch Character, card rules.Card, rnd rules.Source, calamity bool, face int) ([]string, error) {
	var lines []string
	for i, g := range f.Gear {
		w, ok := ruleTables.weapons[g.Weapon]
		full := ok && fullyLoaded(w, g)
		malfunction := rules.Malfunctions(face, w.Rel+g.Worn)
		d := rules.CarriedDischarge(full, true, calamity, malfunction, card)
		if !d.Fires {
			continue
		}
		why := "Calamity"
		if !calamity {
			why = fmt.Sprintf("Malfunction (the die shows %d, within the %s's Rel %d)", face, w.Name, w.Rel+g.Worn)
		}
		f.Gear = slices.Clone(f.Gear)
		f.Gear[i].Loaded--
		if !d.HitsSelf {
			lines = append(lines, fmt.Sprintf("%s: %s's fully loaded %s goes off in its holster; the round misses (YES) (TWTW Conflict: Carrying Loaded Weapons).", why, ch.Name, w.Name))
			continue
		}
		fc, dtext, err := damage(s, f, rules.Deadly, w.DMG, 0, d.Location, card, rnd)
		if err != nil {
			return nil, &Refusal{Reason: err.Error()}
		}
		gear := f.Gear
		f.FigureStatus = fc.Status
		f.Gear = gear
		lines = append(lines, fmt.Sprintf("%s: %s's fully loaded %s goes off in its holster (NO): %s takes %s (TWTW Conflict: Carrying Loaded Weapons).", why, ch.Name, w.Name, ch.Name, dtext))
	}
	return lines, nil
}

// judgeMods is the Judge's modifier of a command, if any, for PlanShoot
// and PlanMelee.
func judgeMods(c Command) []JudgeModifier {
	if c.Modifier == nil {
		return nil
	}
	return []JudgeModifier{*c.Modifier}
}

// onePool refuses a second attack pool in a round: "characters only
// receive a single attack pool no matter how many attacks are made"
// (TWTW Conflict: Multiple Attacks). Before the first round's initiative
// nothing is counted.
func onePool(s *State, f *Figure, offHand bool) error {
	if len(f.Dodging) > 0 && s.Begun {
		return refuse("%s is dodging this round: a dodge is an active defense, for a fighter who makes no attack (TWTW Conflict: Hand to Hand Combat)", s.FigureName(f.ID))
	}
	if offHand {
		if f.AttackedOff && s.Begun {
			return refuse("%s has rolled the off hand's pool this round already: one check a hand a round (TWTW Conflict: Two Weapons)", s.FigureName(f.ID))
		}
		return nil
	}
	if f.Attacked && s.Begun {
		return refuse("%s has rolled an attack pool this round already: one pool a round, however many attacks (TWTW Conflict: Multiple Attacks). Declare every attack of the round in one series; the next round brings a new pool", s.FigureName(f.ID))
	}
	return nil
}

// relativeSpeed is the paces of relative speed between firer f and target
// t this round: how far apart their moves since the round began carried
// them, so that two figures running the same way have none (TWTW
// Conflict: Target Speed: "Miranda is chasing a bandit down Main ... The
// relative speed is 0").
func relativeSpeed(s *State, f, t *Figure) int {
	moved := func(x *Figure) hexmap.Hex {
		if x.RoundStart == nil {
			return hexmap.Hex{}
		}
		return x.At.Sub(*x.RoundStart)
	}
	return int(math.Round(float64(moved(t).Sub(moved(f)).Length()) * s.Map.Scale))
}

// appearing reports whether target t came into or went out of firer f's
// sight during its last move this round (TWTW Conflict: Modifiers:
// "Appearing/Disappearing ... during its movement").
func appearing(s *State, f, t *Figure) bool {
	if t.MoveFrom == nil {
		return false
	}
	return s.Map.Visible(f.At, *t.MoveFrom) != s.Map.Visible(f.At, t.At)
}

// decideShoot resolves a shoot command: a series of shots from one pool
// (TWTW Conflict: Ranged Combat). The shooter pays, a shooter under fire
// checks to keep aim, the series is rolled, and each shot that goes off
// lands, strikes cover, or flies wide in turn.
func decideShoot(s *State, c Command, f *Figure, ch Character, src roller) ([]Event, error) {
	plan, err := s.PlanShoot(f.ID, c.Weapon, c.Shots, judgeMods(c)...)
	if err != nil {
		return nil, err
	}
	with, err := planWith(s, f, ch, c)
	if err != nil {
		return nil, err
	}
	plan.Series.Skip = with.skip()
	if err := pay(s, f, plan.Series.AP+with.apOf(), "fire"); err != nil {
		return nil, err
	}
	if c.Forgo && with != nil {
		return nil, refuse("a shot done together with a skill cannot be forgone under fire: the skill's pool is the same roll")
	}
	// Tactical aiming: a normal or aimed shot by a figure under fire
	// since its last action needs a Bravery check first; failing it, the
	// AP are spent, the aim is lost and the shots go off as snaps.
	aiming := slices.ContainsFunc(plan.Series.Plans, func(p rules.ShotPlan) bool { return p.Shot.Kind != rules.Snap })
	underFire := aiming && f.UnderFire != nil
	var snaps ShootPlan
	if underFire {
		if snaps, err = s.snapsIfAimLost(c, f, ch); err != nil {
			return nil, err
		}
	}
	rnd, err := src(shootNeeds(s, f, ch, plan, with, underFire))
	if err != nil {
		return nil, err
	}
	v := &volley{s: s, c: c, f: f, ch: ch, plan: plan, with: with, rnd: rnd, mine: rules.For(rnd, f.ID),
		series: plan.Series, sights: plan.Sights, changes: map[string]FigureChange{}}
	if underFire {
		if err := v.keepAim(snaps); err != nil {
			return nil, err
		}
		if v.aimLost && c.Forgo {
			return []Event{v.forgone()}, nil
		}
	}
	if err := v.resolve(); err != nil {
		return nil, err
	}
	st := v.shooterStatus()
	v.sayVolley()
	for i := range v.res.Hits {
		if err := v.shot(i); err != nil {
			return nil, err
		}
	}
	if st, err = v.jostle(st); err != nil {
		return nil, err
	}
	return []Event{v.event(st)}, nil
}

// jostle is the shooter's status st after a holstered gun the series
// jostled goes off: a shot by a figure that walked or ran this round (the
// "firer is moving" of TWTW Conflict: Modifiers) is "an action involving
// any kind of movement" (Carrying Loaded Weapons), decided by the series'
// calamity, the first shot's die and its card. A first shot that
// malfunctioned drew no card: the toggle comes from one drawn now
// (docs/defaults.md).
func (v *volley) jostle(st FigureStatus) (FigureStatus, error) {
	if !v.f.Moved {
		return st, nil
	}
	first := v.res.Hits[0]
	face := v.res.Roll.Face(1 + v.series.Skip)
	me := *v.f
	me.FigureStatus = st // the gun fired is in hand
	if !jostled(&me, v.res.Calamity, face) {
		return st, nil
	}
	card, err := first.Card, error(nil)
	if !first.WentOff() {
		if card, err = v.mine.Draw(); err != nil {
			return st, &Refusal{Reason: err.Error()}
		}
		v.drawn = append(v.drawn, card.Name())
	}
	st, v.jolt, err = goOff(v.s, v.f, st, v.ch, card, v.rnd, v.res.Calamity, face)
	return st, err
}

// snapsIfAimLost plans the snap shots a series becomes if the shooter's
// Bravery check under fire fails, before it is rolled: a refusal after it
// would hang on the check, a secret roll where the player sends no dice
// (dice.go).
func (s *State) snapsIfAimLost(c Command, f *Figure, ch Character) (ShootPlan, error) {
	snaps := slices.Clone(c.Shots)
	for i := range snaps {
		if snaps[i].Kind != "fan" {
			// a snap shot neither aims nor draws on Acuity
			snaps[i].Kind, snaps[i].Aims, snaps[i].Acuity = "snap", 0, false
		}
	}
	plan, err := s.PlanShoot(f.ID, c.Weapon, snaps, judgeMods(c)...)
	if err != nil {
		return plan, refuse("under fire, %s may lose aim, and then the shots go off as snap shots, which cannot: %v", ch.Name, err)
	}
	return plan, nil
}

// shootNeeds are the dice and cards a series asks for: a Bravery check
// under fire first, then the shooter's pool and cards (and a combined
// skill's pool), and each target's stun check.
func shootNeeds(s *State, f *Figure, ch Character, plan ShootPlan, with *combined, underFire bool) []need {
	needs := []need{{f.ID, fmt.Sprintf("%s's pool: %s, then a card for each shot that goes off", ch.Name, plan.Series.Pool)}}
	if with != nil {
		needs[0].what = fmt.Sprintf("%s's pool: %s, then a card for each shot that goes off, then the %s pool %s", ch.Name, plan.Series.Pool, with.order.Skill, with.pool)
	}
	if underFire {
		needs = append([]need{{f.ID, fmt.Sprintf("%s's Bravery check under fire (%s)", ch.Name, ch.TraitPool("bravery", true))}}, needs...)
	}
	for _, id := range plan.Order {
		needs = append(needs, need{id, fmt.Sprintf("%s's stun check on a hit", s.FigureName(id))})
	}
	if f.Moved && carriesFullyLoaded(f, plan.Gear) {
		needs = append(needs, need{f.ID, fmt.Sprintf("a card and %s's stun check should a holstered gun go off on the move", ch.Name)})
	}
	return needs
}

// volley is one shoot command's series as it resolves: the series fired
// (the snaps, should aim be lost), its result, and what the shots did.
type volley struct {
	s      *State
	c      Command
	f      *Figure
	ch     Character
	plan   ShootPlan
	with   *combined
	rnd    rules.Source // everyone's dice
	mine   rules.Source // the shooter's rolls and cards
	series rules.Series
	sights []hexmap.Sight
	res    rules.SeriesResult
	// aimLost is true when the Bravery check under fire failed; aimText
	// and withText are the check's and a combined skill's sentences.
	aimLost           bool
	aimText, withText string
	withChanges       []FigureChange
	text              []string
	changes           map[string]FigureChange // the targets', by id
	ablations         []Ablation
	landings          []Landing
	dropped           []Loose
	said              []Outcome // the first hit on each target: where, and the cover it struck
	// jolt says what a holstered gun the series jostled did, and drawn is
	// the card drawn for its toggle when no shot drew one (jostle).
	jolt, drawn []string
}

// keepAim rolls the shooter's Bravery check under fire; failing it, the
// series goes off as the snaps planned for it.
func (v *volley) keepAim(snaps ShootPlan) error {
	under := *v.f.UnderFire
	if !v.f.Moved {
		// "Characters behind cover receive a bonus ... add the armor
		// value of the cover ... behind cover for their entire turn"
		// (TWTW Conflict: Aim and Cover): still, beside cover.
		under.CoverArmor = v.s.Map.CoverArmorNextTo(v.f.At)
	}
	check, err := rules.CheckAim(v.ch.Character, under, v.mine)
	if err != nil {
		return &Refusal{Reason: err.Error()}
	}
	if check.KeepAim {
		v.aimText = fmt.Sprintf("Under fire, %s keeps aim (TWTW Conflict: Tactical Aiming: %s).", v.ch.Name, check.Why)
		return nil
	}
	v.aimLost = true
	v.aimText = fmt.Sprintf("Under fire, %s loses aim (TWTW Conflict: Tactical Aiming: %s): the AP are spent, and the shots go off as snap shots.", v.ch.Name, check.Why)
	v.series, v.sights = snaps.Series, snaps.Sights
	v.series.Skip = v.with.skip()
	return nil
}

// forgone is the event of a series whose shooter lost aim under fire and
// forgoes the snap shots (Command.Forgo): the AP are spent, the weapon is
// drawn and cocked as paid for, and nothing goes off.
func (v *volley) forgone() Event {
	f, w, gi := v.f, v.plan.Weapon, v.plan.Gear
	st := f.FigureStatus.clone()
	st.AimLost = true
	st.Gear[gi].Readied = true
	if w.Cock > 0 {
		st.Gear[gi].Cocked = true
	}
	paid := v.plan.Series.AP
	text := fmt.Sprintf("%s spends %d AP on the %s. %s %s forgoes the shot.", v.ch.Name, paid, w.Name, v.aimText, v.ch.Name)
	return actedBy(v.c, f, st, paid, text)[0]
}

// resolve rolls the series' pool and draws its cards, then a combined
// skill's pool from the same dice.
func (v *volley) resolve() error {
	var err error
	if v.res, err = v.series.Resolve(v.mine); err != nil {
		return &Refusal{Reason: err.Error()}
	}
	if v.with != nil {
		if v.withText, v.withChanges, err = v.with.roll(v.s, v.ch, v.mine); err != nil {
			return err
		}
	}
	return nil
}

// shooterStatus is the shooter's status after the series: aim lost or
// taken, attacked (with the off hand or not), and the weapon as the shots
// leave it.
func (v *volley) shooterStatus() FigureStatus {
	f, w, gi := v.f, v.plan.Weapon, v.plan.Gear
	st := f.FigureStatus.clone()
	st.AimLost = st.AimLost || v.aimLost
	for i, p := range v.series.Plans {
		if p.Shot.Kind == rules.Aimed {
			st.AimedAt = v.plan.Targets[i].ID
		}
	}
	if f.Gear[gi].OffHand {
		st.AttackedOff = true // the off hand's own check (TWTW Conflict: Two Weapons)
	} else {
		st.Attacked = true
	}
	if w.Thrown {
		// What is thrown leaves the hand (TWTW Conflict: Throwing Things).
		gone := map[int]bool{}
		for _, i := range v.plan.Thrown {
			gone[i] = true
		}
		var kept []rules.Carried
		for i, g := range f.Gear {
			if !gone[i] {
				kept = append(kept, g)
			}
		}
		st.Gear = kept
		return st
	}
	// A shot that malfunctions spends its round, a dud; the shots it
	// stops spend none (docs/defaults.md).
	after := f.Gear[gi]
	for _, h := range v.res.Hits {
		if !h.Stopped {
			after = rules.AfterShot(after, w)
		}
	}
	after.Readied = true // drawn for the first shot, it stays in hand
	st.Gear[gi] = after
	return st
}

// sayVolley opens the log: the weapon fired or thrown and its AP, the aim
// check, each shot's roll and card, and a combined skill's roll.
func (v *volley) sayVolley() {
	w := v.plan.Weapon
	var names []string
	for _, t := range v.plan.Targets {
		names = append(names, v.s.FigureName(t.ID))
	}
	verb := "fires"
	if w.Thrown {
		verb = "throws"
	}
	apText := ""
	if t := v.series.APText(); t != "" {
		apText = "; AP by shot: " + t
	}
	v.text = []string{fmt.Sprintf("%s %s the %s for %d AP (%s%s).", v.ch.Name, verb, w.Name, v.plan.Series.AP, v.series.Plans[0].Explain(), apText)}
	if v.aimText != "" {
		v.text = append(v.text, v.aimText)
	}
	v.text = append(v.text, v.res.Explain(v.ch.Name, names)+".")
	if v.withText != "" {
		v.text = append(v.text, v.withText)
	}
}

// shot works out what shot i did, if it went off (a malfunction fires no
// shot and draws no card; Explain says so): a shot meant to miss is judged
// by its card, a thrown weapon falls at its target or scatters, and a hit
// lands where called, strikes cover, and wounds.
func (v *volley) shot(i int) error {
	h, t, w := v.res.Hits[i], v.plan.Targets[i], v.plan.Weapon
	if !h.WentOff() {
		return nil
	}
	if v.c.Shots[i].Sabotage {
		h = v.sabotaged(h, t)
		v.res.Hits[i] = h // the event records the shot as judged: a hit or a miss
	}
	if w.Thrown && h.Result.Success {
		v.dropped = append(v.dropped, Loose{Weapon: w.ID, At: t.At}) // it falls at the target's feet
	}
	if !h.Result.Success {
		if w.Thrown {
			v.scatter(h, t)
		}
		return nil
	}
	bumps := h.Result.Bumps
	if call := rules.HitLocation(v.c.Shots[i].Call); call != "" {
		was := h.Location
		h.Location, bumps = rules.CallBumps(h.Location, bumps, call)
		if h.Location != was {
			v.text = append(v.text, fmt.Sprintf("%d bump(s) move the hit from the %s to the %s (called %s).", h.Result.Bumps-bumps, was, h.Location, call))
		}
	}
	dmg := v.throughCover(i, h, t)
	if dmg == 0 {
		return nil
	}
	return v.wound(h, t, dmg, bumps)
}

// sabotaged judges a shot meant to miss by its card: "the attempt fails
// unless ... a calamity is generated, or the unintended targets icon shows
// a possible target that exists" (TWTW Conflict: Action Sabotage).
func (v *volley) sabotaged(h rules.Hit, t *Figure) rules.Hit {
	hitsTarget, unintended := rules.Sabotage(h.Card)
	h.Result = rules.DieResult{Total: h.Result.Total, Success: hitsTarget}
	h.Location = h.Card.Location
	who, at := v.ch.Name, v.s.FigureName(t.ID)
	switch {
	case hitsTarget:
		v.text = append(v.text, fmt.Sprintf("%s meant to miss, but the card is a Calamity: the shot hits %s after all (TWTW Conflict: Action Sabotage).", who, at))
	case unintended:
		v.text = append(v.text, fmt.Sprintf("%s misses %s as meant; the card's unintended-target icon shows: a bystander or a piece of scenery may be hit, the Judge's call (TWTW Conflict: Action Sabotage).", who, at))
	default:
		v.text = append(v.text, fmt.Sprintf("%s misses %s, as meant (TWTW Conflict: Action Sabotage).", who, at))
	}
	return h
}

// scatter lands a thrown weapon that missed where its card sends it
// (TWTW Conflict: Throwing Things), or loses it off the map.
func (v *volley) scatter(h rules.Hit, t *Figure) {
	w, m := v.plan.Weapon, v.s.Map
	at, err := rules.ScatterHex(v.f.At, t.At, h.Card, m.Scale)
	if err != nil || !m.Contains(at) {
		v.text = append(v.text, fmt.Sprintf("The %s flies off the map (%d o'clock, %d paces) and is lost.", w.Name, h.Card.Clock, h.Card.Phase))
		return
	}
	v.text = append(v.text, fmt.Sprintf("The %s lands at %s (%d o'clock, %d paces).", w.Name, m.Label(at), h.Card.Clock, h.Card.Phase))
	v.landings = append(v.landings, Landing{From: v.f.At, Target: t.At, At: at, Clock: h.Card.Clock, Phase: h.Card.Phase})
	v.dropped = append(v.dropped, Loose{Weapon: w.ID, At: at})
}

// throughCover takes hit h of shot i through the cover on its line: the
// first hit on a target says where it landed and what cover it struck;
// cover worn down is noted. It returns the damage that comes through.
func (v *volley) throughCover(i int, h rules.Hit, t *Figure) int {
	sight := v.sights[i]
	cover := rules.ThroughCover(sight.Cover, h.Location, v.plan.Weapon, h.Card)
	if !slices.ContainsFunc(v.said, func(o Outcome) bool { return o.Target == t.ID }) {
		v.said = append(v.said, Outcome{Target: t.ID, Hit: true, Location: string(h.Location), Cover: coverStruck(sight.Cover, h.Location, cover)})
	}
	if cover.Covered {
		v.text = append(v.text, strings.ToUpper(cover.Text[:1])+cover.Text[1:]+".")
		if cover.Result == rules.Ablate {
			v.ablations = append(v.ablations, ablation(sight.Cover, h.Location, cover.NewAV))
		}
	}
	return cover.Damage
}

// wound deals a hit's damage to its target as the earlier shots left it:
// a burst's rounds each may hit (TWTW Conflict: Burst Fire).
func (v *volley) wound(h rules.Hit, t *Figure, dmg, bumps int) error {
	w := v.plan.Weapon
	tgt := *t
	if prev, ok := v.changes[t.ID]; ok {
		tgt.FigureStatus = prev.Status
	}
	hits := 1
	if w.Burst > 0 {
		rounds := rules.BurstRounds(w, h.Plan.Shot.Carried.Loaded)
		hits = rules.BurstHits(h.Card, rounds)
		v.text = append(v.text, burstText(w, rounds, hits, h.Card, h.Location))
	}
	fc, dtext, err := damageRounds(v.s, &tgt, rules.Deadly, dmg, bumps, h.Location, h.Card, hits, v.rnd)
	if err != nil {
		return &Refusal{Reason: err.Error()}
	}
	v.changes[t.ID] = fc
	v.text = append(v.text, v.s.FigureName(t.ID)+" takes "+dtext+".")
	return nil
}

// event is the series' acted event: the shooter's status st, the AP
// declared (spent, aim kept or lost), every shot's card and hit, and the
// targets' statuses in the order first shot at.
func (v *volley) event(st FigureStatus) Event {
	f, c := v.f, v.c
	text := v.text
	if v.res.Calamity {
		text = append(text, "Calamity!")
	}
	text = append(text, v.jolt...)
	paid := v.plan.Series.AP + v.with.apOf()
	e := Event{Kind: EventActed, Action: c.Kind, Figure: f.ID, AP: paid, APLeft: f.AP - paid,
		Changes: []FigureChange{change(f, f.AP-paid, st)}, Ablations: v.ablations, Landings: v.landings, Dropped: v.dropped, Outcomes: v.said,
		Text: strings.Join(text, " ") + fmt.Sprintf(" %d AP left.", f.AP-paid)}
	e.Hits, e.ShotsAt = map[string]int{}, map[string]int{}
	for i, h := range v.res.Hits {
		if !h.WentOff() {
			continue
		}
		e.Cards = append(e.Cards, h.Card.Name())
		e.ShotsAt[v.plan.Targets[i].ID]++
		if h.Result.Success {
			e.Hits[v.plan.Targets[i].ID]++
		}
	}
	e.Cards = append(e.Cards, v.drawn...)
	e.Targets = v.plan.Order
	for _, id := range v.plan.Order {
		if fc, ok := v.changes[id]; ok {
			e.Changes = append(e.Changes, fc)
		}
	}
	e.Changes = append(e.Changes, v.withChanges...)
	return e
}

// ablation finds the cover feature that shielded loc and names its new AV.
func ablation(cover []hexmap.CoverHit, loc rules.HitLocation, av int) Ablation {
	for _, ch := range cover {
		if rules.Shields(ch.Feature.Height, loc) {
			side := -1
			if ch.OnEdge {
				side = int(ch.Side)
			}
			return Ablation{At: ch.At, Side: side, Armor: av}
		}
	}
	return Ablation{Side: -1}
}

// MeleePlan is a melee command priced before the dice: what the console
// previews and the session then resolves.
type MeleePlan struct {
	Plan   rules.BlowPlan
	Target *Figure
	DefAP  int        // the AP the target's declared defense costs it
	TN     int        // the target's defense value
	Pool   rules.Pool // the attacker's pool after upgrades and the dodge's downgrades
	Chance float64    // the exact chance the blow lands (before a block)
	// Interrupt is the downgrades for striking before the attacker's
	// number: one a segment early.
	Interrupt int
	// Judge are the Judge's own modifiers of the blow.
	Judge []rules.Modifier
	// Call is the hit location called, if any; Choose: the attacker may put
	// the blow where it calls, whatever the card says (full dominance, or a
	// blow from behind).
	Call   string
	Choose bool
	// TNMods are what lowers the target's defense (standing still,
	// dominance); Advantage the net advantage's upgrades (or downgrades),
	// and why.
	TNMods       []rules.Modifier
	Advantage    int
	AdvantageWhy string
	// Dominance is how the blow spends itself on dominance ("", only,
	// bumps).
	Dominance string
	// Free: the free attack at a foe breaking away, 1 AP less.
	Free bool
	// Steps are the blow's net upgrades (downgrades below 0) on its pool,
	// and Skill the skill it uses.
	Steps int
	Skill string
	// Hands says the downgrades of a weapon in each hand (TWTW Conflict:
	// Two Weapons).
	Hands []string
	// Dodged: the blow comes through the target's dodge, and NewDodge are
	// the hexsides a dodge answering it begins.
	Dodged   bool
	NewDodge []hexmap.Direction
	// Sabotage: the blow is meant to miss (TWTW Conflict: Action Sabotage).
	Sabotage bool
	// Skip is the pool's highest results a primary skill done with the
	// blow takes first (TWTW Conflict: Combining Combat and Non-Combat
	// Actions).
	Skip int
}

// PlanMelee prices a blow by figure id with weapon ("" unarmed): who
// strikes whom, the blow as ordered, the foe's defense, then the steps on
// the attacker's pool and the chance it lands.
func (s *State) PlanMelee(id, weapon string, bo *BlowOrder, judge ...JudgeModifier) (MeleePlan, error) {
	for _, m := range judge {
		if err := m.check(); err != nil {
			return MeleePlan{}, err
		}
	}
	f, t, free, err := s.meleeFoes(id, bo)
	if err != nil {
		return MeleePlan{}, err
	}
	ch := s.Characters[f.Character]
	blow, skill, err := s.meleeBlow(f, t, weapon, bo)
	if err != nil {
		return MeleePlan{}, err
	}
	mp := MeleePlan{Plan: rules.PlanBlow(ch.Character, blow), Target: t, Call: bo.Call, Dominance: bo.Dominance, Free: free, Sabotage: bo.Sabotage}
	if free { // "for one fewer AP (minimum 0)"
		_, mp.Plan.AP, _ = rules.Disengage(false, mp.Plan.AP)
	}
	if held, _ := s.holdOver(t.ID); held == rules.FullDominance || fromBehind(f.At, t.At, t.Facing) {
		// Full dominance, or an unaware target attacked from behind: the
		// attacker chooses where the blow lands (its call).
		mp.Choose = true
	}
	steps, err := s.meleeDefense(&mp, f, bo.Defense)
	if err != nil {
		return MeleePlan{}, err
	}
	steps += s.meleeSteps(&mp, f, weapon, judge)
	base, _ := ch.SkillPool(skill)
	mp.Pool, mp.Steps, mp.Skill = base.Shift(steps), steps, skill
	if mp.Pool.Count > 0 {
		mp.Chance = rules.Chances(mp.Pool, mp.TN)[0]
	}
	if mp.Sabotage {
		mp.Chance = sabotageChance()
	}
	return mp, nil
}

// meleeFoes finds a blow's attacker and target, within one pace of each
// other (or of where a foe breaking away began: its free attack).
func (s *State) meleeFoes(id string, bo *BlowOrder) (f, t *Figure, free bool, err error) {
	f, ok := s.Figures[id]
	if !ok {
		return nil, nil, false, refuse("there is no figure %q in this fight", id)
	}
	ch := s.Characters[f.Character]
	if bo == nil {
		return nil, nil, false, refuse("a melee command needs a blow")
	}
	t, ok = s.Figures[bo.Target]
	if !ok || t.ID == f.ID {
		return nil, nil, false, refuse("there is no target %q", bo.Target)
	}
	free = s.freeAttack(f, t)
	if !rules.Engaged(f.At, t.At, s.Map.Scale) && !(free && rules.Engaged(f.At, s.Opening.From, s.Map.Scale)) {
		return nil, nil, false, refuse("%s is not within one pace of %s", s.FigureName(t.ID), ch.Name)
	}
	if err := blowAcrossWall(s, f, t); err != nil { // the map's answer (lines.go)
		return nil, nil, false, err
	}
	return f, t, free, nil
}

// meleeBlow is the blow a melee order asks for, and the skill it uses:
// its attack, dominance, weapon in hand or improvised one, a called
// location and a shove, each checked.
func (s *State) meleeBlow(f, t *Figure, weapon string, bo *BlowOrder) (rules.Blow, string, error) {
	ch := s.Characters[f.Character]
	attack, ok := ruleTables.melee.Attack(bo.Attack)
	if !ok {
		return rules.Blow{}, "", refuse("%q is not a hand-to-hand attack (quick, heavy, feint, grapple)", bo.Attack)
	}
	under, _ := s.holdOver(f.ID)
	blow := rules.Blow{Attack: attack, Careful: bo.Careful, Dominated: under >= rules.Dominance,
		OnlyForDominance: bo.Dominance == ForDominance}
	switch bo.Dominance {
	case "", ForDominance, BumpsForDominance:
	default:
		return rules.Blow{}, "", refuse("%q is not a way to spend a blow on dominance (only, bumps)", bo.Dominance)
	}
	skill := "unarmed"
	if weapon != "" {
		w, ok := ruleTables.weapons[weapon]
		if gi := gearIndex(f, weapon); !ok || gi < 0 || !w.Melee || !f.Gear[gi].Readied {
			return rules.Blow{}, "", refuse("%s has no melee weapon %q in hand", ch.Name, weapon)
		}
		blow.Weapon, skill = &w, w.Skill
	}
	if bo.Improvised != "" {
		for _, im := range ruleTables.melee.Improvised {
			if im.ID == bo.Improvised {
				im := im
				blow.Improvised = &im
			}
		}
		if blow.Improvised == nil {
			return rules.Blow{}, "", refuse("%q is not an improvised weapon (small, large, sharp)", bo.Improvised)
		}
	}
	if err := s.checkBlowExtras(f, t, weapon, bo); err != nil {
		return rules.Blow{}, "", err
	}
	return blow, skill, nil
}

// checkBlowExtras checks what a blow asks beyond its attack: one pool
// this round (off hand or not), a location called, and a shove, which
// only bumps spent on dominance drive.
func (s *State) checkBlowExtras(f, t *Figure, weapon string, bo *BlowOrder) error {
	offHand := false
	if gi := gearIndex(f, weapon); weapon != "" && gi >= 0 {
		offHand = f.Gear[gi].OffHand
	}
	if err := onePool(s, f, offHand); err != nil {
		return err
	}
	if gi := gearIndex(f, weapon); weapon != "" && gi >= 0 {
		if err := inUselessHand(s, f, gi); err != nil {
			return err
		}
	}
	if bo.Call != "" {
		if _, err := rules.ParseLocation(bo.Call); err != nil {
			return &Refusal{Reason: err.Error()}
		}
	}
	if len(bo.Shove) > 0 {
		if bo.Dominance == "" {
			return refuse("a blow drives its foe only with bumps spent on dominance: send the blow's bumps to dominance, or strike only for position")
		}
		if err := s.checkShove(t, bo.Shove, f.Side); err != nil {
			return err
		}
	}
	return nil
}

// meleeDefense prices the target's answer to the blow (block, dodge or
// none: TWTW Conflict: Hand to Hand Combat) into mp, and returns the
// blow's steps so far: its own upgrades less a dodge's downgrades.
func (s *State) meleeDefense(mp *MeleePlan, f *Figure, defense string) (int, error) {
	t := mp.Target
	tc := s.Characters[t.Character]
	steps := mp.Plan.Upgrades
	throughDodge := dodged(t.Dodging, f.At, t.At)
	switch defense {
	case "", DefenseNone:
	case DefenseBlock:
		mp.DefAP = rules.HandToHand.BlockAP
	case DefenseDodge:
		switch {
		case throughDodge: // dodging this way already: no more to pay
		case len(t.Dodging) > 0:
			return 0, refuse("%s dodges through the %s hexsides this round; a blow from %s is not through them", tc.Name, sidesText(s, t.Dodging), s.Map.Label(f.At))
		case t.Attacked && s.Begun:
			return 0, refuse("%s has attacked this round: a dodge is only for a fighter who makes no attack (TWTW Conflict: Hand to Hand Combat)", tc.Name)
		default:
			mp.DefAP = rules.HandToHand.DodgeAP
			mp.NewDodge = dodgeSides(f.At, t.At)
		}
	default:
		return 0, refuse("%q is not a defense (block, dodge or none)", defense)
	}
	if throughDodge || mp.NewDodge != nil {
		steps -= rules.DodgeDowngrades(tc.Character)
		mp.Dodged = true
	}
	if mp.DefAP > t.AP {
		return 0, refuse("%s needs %d AP to %s but has %d", tc.Name, mp.DefAP, defense, t.AP)
	}
	return steps, nil
}

// meleeSteps sets the target's defense value into mp and returns the
// blow's other steps: advantage, striking early, two weapons or the off
// hand, and the Judge's modifiers.
func (s *State) meleeSteps(mp *MeleePlan, f *Figure, weapon string, judge []JudgeModifier) int {
	t := mp.Target
	tc := s.Characters[t.Character]
	held, _ := s.holdOver(t.ID)
	mp.TN, mp.TNMods = rules.Defense(tc.Character, t.StillRounds, held)
	mp.Advantage, mp.AdvantageWhy = s.advantage(f, t)
	steps := mp.Advantage
	if !mp.Free { // a free attack is the moment's, not an interrupt
		mp.Interrupt = early(s, f)
	}
	steps -= mp.Interrupt
	if gi := gearIndex(f, weapon); weapon != "" && gi >= 0 {
		if otherInHand(f, gi) {
			steps -= rules.RangedModifiers.TwoWeapons // "one downgrade to each attack"
			mp.Hands = append(mp.Hands, fmt.Sprintf("two weapons: %d downgrade(s)", rules.RangedModifiers.TwoWeapons))
		}
		if f.Gear[gi].OffHand {
			steps -= rules.RangedModifiers.OffHand
			mp.Hands = append(mp.Hands, fmt.Sprintf("off hand: %d downgrade(s)", rules.RangedModifiers.OffHand))
		}
	}
	for _, m := range judge {
		steps += m.Steps
		mp.Judge = append(mp.Judge, m.modifier())
	}
	return steps
}

// decideMelee resolves a melee command: a series of blows from one pool
// (TWTW Conflict: Hand to Hand Combat, Multiple Attacks). Each foe answers
// first; then the attacker pays, the dice are asked for, and each blow
// draws its card and lands or misses in turn.
func decideMelee(s *State, c Command, f *Figure, ch Character, src roller) ([]Event, error) {
	if c.Blow == nil {
		return nil, refuse("a melee command needs a blow")
	}
	plans, err := s.planBlows(f, c)
	if err != nil {
		return nil, err
	}
	c, plans, asked, err := answerBlows(s, c, f, ch, plans)
	if err != nil || asked != nil {
		return asked, err
	}
	with, err := planWith(s, f, ch, c)
	if err != nil {
		return nil, err
	}
	ap := seriesAP(plans) + with.apOf()
	if err := pay(s, f, ap, "attack"); err != nil {
		return nil, err
	}
	rnd, err := src(meleeNeeds(s, c, f, ch, plans, with))
	if err != nil {
		return nil, err
	}
	m, err := newMeleeSeries(s, c, f, ch, plans, with, rnd)
	if err != nil {
		return nil, err
	}
	for i := range plans {
		if err := m.blow(i); err != nil {
			return nil, err
		}
	}
	m.shove()
	m.sayDefenses()
	st, err := m.attackerStatus()
	if err != nil {
		return nil, err
	}
	return m.events(ap, st), nil
}

// answerBlows has each foe answer the blows at it, in the order the series
// reaches them: a foe who may defend and has not answered is asked (the
// blow is declared, and its events returned as asked), unless the fight's
// option answers for the Judge's figures; a foe who may not, or cannot pay
// the option's answer, takes the fight's default, as far as it can pay.
func answerBlows(s *State, c Command, f *Figure, ch Character, plans []MeleePlan) (Command, []MeleePlan, []Event, error) {
	for i := unanswered(c); i >= 0; i = unanswered(c) {
		t := plans[i].Target
		if mayWait(s, t) {
			auto := autoDefense(s, t)
			if auto == "" {
				if ap := seriesAP(plans); ap > f.AP {
					return c, nil, nil, refuse("%s needs %d AP to attack but has %d", ch.Name, ap, f.AP)
				}
				return c, plans, declareBlow(s, c, plans[i]), nil
			}
			try := withDefense(c, t.ID, auto)
			if tried, err := s.planBlows(f, try); err == nil && defenseAP(tried, t.ID) <= t.AP {
				c, plans = try, tried
				continue
			}
		}
		c = withDefense(c, t.ID, DefenseNone)
		var err error
		if plans, err = s.planBlows(f, c); err != nil {
			return c, nil, nil, err
		}
	}
	return c, plans, nil, nil
}

// meleeNeeds are the dice and cards a series asks for: the attacker's pool
// and a card a blow (and a combined skill's pool), each foe's stun check
// or block roll, and a stun check should a holstered gun go off.
func meleeNeeds(s *State, c Command, f *Figure, ch Character, plans []MeleePlan, with *combined) []need {
	what := "a card"
	if len(plans) > 1 {
		what = fmt.Sprintf("a card for each of the %d blows", len(plans))
	}
	needs := []need{{f.ID, fmt.Sprintf("%s's pool: %s and %s", ch.Name, plans[0].Pool, what)}}
	if with != nil {
		needs[0].what += fmt.Sprintf(", then the %s pool %s", with.order.Skill, with.pool)
	}
	var foesAt []string
	for i, bp := range plans {
		if id := bp.Target.ID; !slices.Contains(foesAt, id) {
			foesAt = append(foesAt, id)
			want := fmt.Sprintf("%s's stun check on a hit", s.FigureName(id))
			if blowOf(c, i).Defense == DefenseBlock {
				want = fmt.Sprintf("%s's block roll, then a stun check on a hit", s.FigureName(id))
			}
			needs = append(needs, need{id, want})
		}
	}
	if carriesFullyLoaded(f, -1) {
		needs = append(needs, need{f.ID, fmt.Sprintf("%s's stun check should a holstered gun go off", ch.Name)})
	}
	return needs
}

// meleeSeries is one melee command's series of blows as it resolves: what
// was rolled and drawn, the foes as the blows leave them, and the log.
type meleeSeries struct {
	s     *State
	c     Command
	f     *Figure
	ch    Character
	plans []MeleePlan
	with  *combined
	rnd   rules.Source // everyone's dice
	mine  rules.Source // the attacker's pool and cards
	r     rules.Roll   // the attacker's pool: one die a blow
	// allowed is false for a blow past the attacker's skill level.
	allowed     []bool
	text, cards []string
	withChanges []FigureChange
	order       []string           // the series' targets, in order
	foes        map[string]*Figure // the targets as the blows leave them
	hurt        map[string]bool
	landed      map[string]int
	said        []Outcome // the first blow to land on each foe: where
	closed      *[2]string
	hold        *Hold
	spent       int // bumps spent toward dominance
	shoved      []Shove
	met         string
}

// newMeleeSeries rolls the attacker's pool (then a combined skill's, from
// the same dice) and sets each foe up as the series finds it, less the AP
// it pays to defend.
func newMeleeSeries(s *State, c Command, f *Figure, ch Character, plans []MeleePlan, with *combined, rnd rules.Source) (*meleeSeries, error) {
	m := &meleeSeries{s: s, c: c, f: f, ch: ch, plans: plans, with: with, rnd: rnd, mine: rules.For(rnd, f.ID),
		foes: map[string]*Figure{}, hurt: map[string]bool{}, landed: map[string]int{}}
	var err error
	if m.r, err = rules.RollPool(plans[0].Pool, m.mine); err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	m.allowed = rules.AttackLimit(ch.Character, plans[0].Skill, len(plans))
	if with != nil {
		line, changes, err := with.roll(s, ch, m.mine)
		if err != nil {
			return nil, err
		}
		m.text, m.withChanges = append(m.text, line), changes
	}
	for _, bp := range plans {
		t := bp.Target
		if _, ok := m.foes[t.ID]; ok {
			continue
		}
		tgt := *t
		tgt.FigureStatus = t.FigureStatus.clone()
		tgt.AP -= defenseAP(plans, t.ID)
		if bp.NewDodge != nil {
			tgt.Dodging = bp.NewDodge
		}
		m.foes[t.ID] = &tgt
		m.order = append(m.order, t.ID)
	}
	return m, nil
}

// say adds a sentence to the series' log.
func (m *meleeSeries) say(format string, args ...any) {
	m.text = append(m.text, fmt.Sprintf(format, args...))
}

// blow resolves blow i: its card and whether it hits, where it lands, the
// foe's block, bumps spent toward dominance, then the damage.
func (m *meleeSeries) blow(i int) error {
	card, err := m.mine.Draw()
	if err != nil {
		return &Refusal{Reason: err.Error()}
	}
	m.cards = append(m.cards, card.Name())
	bp, bo := m.plans[i], blowOf(m.c, i)
	t, tgt := bp.Target, m.foes[bp.Target.ID]
	tc := m.s.Characters[t.Character]
	hit := m.hits(i, card, tc)
	loc, bumps := m.landing(bp, bo, hit, card)
	if hit.Success && bo.Defense == DefenseBlock {
		if hit.Success, loc, err = m.answerBlock(tgt, tc, hit.Total, loc, card); err != nil {
			return err
		}
	}
	damageDealt := bp.Plan.Damage
	if hit.Success {
		damageDealt, bumps = m.dominance(bo, bp.Plan.Blow.Attack, t, damageDealt, bumps)
		m.lands(t, tc, loc)
	}
	if hit.Success && damageDealt > 0 {
		fc, dtext, err := damage(m.s, tgt, bp.Plan.Kind, damageDealt, bumps, loc, card, m.rnd)
		if err != nil {
			return &Refusal{Reason: err.Error()}
		}
		tgt.FigureStatus = fc.Status
		m.hurt[t.ID] = true
		m.text = append(m.text, tc.Name+" takes "+dtext+".")
	}
	return nil
}

// hits judges blow i against its foe's defense and says so: "Attacks in
// excess of the level of the appropriate skill miss automatically"; a
// later blow reads the next die, its own steps beyond the first's moving
// its TN (docs/defaults.md); a blow meant to miss is judged by its card.
func (m *meleeSeries) hits(i int, card rules.Card, tc Character) rules.DieResult {
	bp, mp, bo := m.plans[i], m.plans[0], blowOf(m.c, i)
	tn := bp.TN - (bp.Steps - mp.Steps)
	total := 0
	if d := i + m.with.skip(); d < len(m.r.Totals) {
		total = m.r.Totals[d]
	}
	hit := rules.Judge(total, tn)
	lead := fmt.Sprintf("%s: %s%s vs %s's defense %d: %d", m.ch.Name, bp.Plan.Explained, blowMods(bp, tc.Name), tc.Name, tn, hit.Total)
	switch {
	case i > 0 && bp.Target.ID != m.plans[i-1].Target.ID:
		lead = fmt.Sprintf("Blow %d, at %s: %s (%s%s) vs TN %d: %d", i+1, tc.Name, bp.Plan.Blow.Attack.Name, bp.Plan.Explained, blowMods(bp, tc.Name), tn, hit.Total)
	case i > 0:
		lead = fmt.Sprintf("Blow %d: %s (%s) vs TN %d: %d", i+1, bp.Plan.Blow.Attack.Name, bp.Plan.Explained, tn, hit.Total)
	}
	if !m.allowed[i] {
		hit.Success = false
		lead += fmt.Sprintf(", past %s's %s level: misses (TWTW Conflict: Determining Results)", m.ch.Name, mp.Skill)
	}
	var meant string
	if bo.Sabotage && m.allowed[i] {
		hit, meant = sabotaged(hit, card, m.ch.Name, tc.Name)
	}
	m.say("%s, %s (%s).", lead, map[bool]string{true: "a hit", false: "a miss"}[hit.Success], card.Name())
	if meant != "" {
		m.text = append(m.text, meant)
	}
	return hit
}

// sabotaged judges a blow meant to miss: "the attempt fails unless one of
// two things occurs: a calamity is generated, or the unintended targets
// icon shows a possible target that exists" (TWTW Conflict: Action
// Sabotage). It returns the hit as judged and the sentence saying so.
func sabotaged(hit rules.DieResult, card rules.Card, who, at string) (rules.DieResult, string) {
	hitsTarget, unintended := rules.Sabotage(card)
	hit = rules.DieResult{Total: hit.Total, Success: hitsTarget}
	switch {
	case hitsTarget:
		return hit, fmt.Sprintf("%s meant to miss, but the card is a Calamity: the blow lands on %s after all (TWTW Conflict: Action Sabotage).", who, at)
	case unintended:
		return hit, fmt.Sprintf("%s misses %s as meant; the card's unintended-target icon shows: someone else within reach, or the scenery, may take it, the Judge's call (TWTW Conflict: Action Sabotage).", who, at)
	default:
		return hit, fmt.Sprintf("%s misses %s, as meant (TWTW Conflict: Action Sabotage).", who, at)
	}
}

// landing is where a blow lands and the bumps left: the card's location,
// or a called one, chosen outright (full dominance, or a blow from behind)
// or bought with bumps.
func (m *meleeSeries) landing(bp MeleePlan, bo BlowOrder, hit rules.DieResult, card rules.Card) (rules.HitLocation, int) {
	loc, bumps := card.Location, hit.Bumps
	switch call := rules.HitLocation(bo.Call); {
	case call == "" || !hit.Success || bo.Sabotage:
	case bp.Choose:
		loc = call
		m.say("%s chooses where it lands: the %s (TWTW Conflict: full dominance, or a blow from behind).", m.ch.Name, loc)
	default:
		loc, bumps = rules.CallBumps(loc, bumps, call)
		if loc != card.Location {
			m.say("%d bump(s) move the blow from the %s to the %s (called %s).", hit.Bumps-bumps, card.Location, loc, call)
		}
	}
	return loc, bumps
}

// answerBlock rolls a blocking foe's block against a hit: it stops the
// blow, turns it to the left arm, or fails. It returns whether the blow
// still lands, and where.
func (m *meleeSeries) answerBlock(tgt *Figure, tc Character, attack int, loc rules.HitLocation, card rules.Card) (bool, rules.HitLocation, error) {
	blocked, lines, err := block(tgt, tc, attack, card, m.rnd)
	if err != nil {
		return false, loc, err
	}
	m.text = append(m.text, lines...)
	switch blocked {
	case blockStopped:
		return false, loc, nil
	case blockToArm:
		return true, rules.LeftArm, nil
	}
	return true, loc, nil
}

// dominance spends a hit toward dominance as its blow asks (TWTW Conflict:
// Asserting Dominance): the whole hit, "a successful attack counts as one
// bump toward dominance", and no damage; or its bumps only. An attack that
// bumps toward dominance of itself (the grapple, docs/defaults.md) adds
// its bumps whatever the blow asks. It returns the damage and bumps left
// for the wound.
func (m *meleeSeries) dominance(bo BlowOrder, a rules.MeleeAttack, t *Figure, dmg, bumps int) (int, int) {
	spend := max(0, a.Dominance)
	switch bo.Dominance {
	case ForDominance:
		spend, dmg = spend+1+bumps, 0
	case BumpsForDominance:
		spend, bumps = spend+bumps, 0
	}
	m.spent += spend
	if spend > 0 {
		h := m.s.spendOnDominance(m.hold, m.f.ID, t.ID, spend)
		m.hold = &h
		m.say("%d bump(s) toward dominance (TWTW Conflict: Asserting Dominance): %s.", spend, holdText(m.s, h))
	}
	return dmg, bumps
}

// lands counts a hit on its foe, keeps where the first one landed, and
// closes with a longer weapon (TWTW Conflict: Optional Rule: Weapon
// Length).
func (m *meleeSeries) lands(t *Figure, tc Character, loc rules.HitLocation) {
	m.landed[t.ID]++
	if !slices.ContainsFunc(m.said, func(o Outcome) bool { return o.Target == t.ID }) {
		m.said = append(m.said, Outcome{Target: t.ID, Hit: true, Location: string(loc)})
	}
	if m.closed == nil && m.s.closes(m.f, t, loc) {
		m.closed = &[2]string{m.f.ID, t.ID}
		m.say("%s closes with %s's longer weapon: its advantage is gone (TWTW Conflict: Optional Rule: Weapon Length).", m.ch.Name, tc.Name)
	}
}

// shove pushes the foe of the first blow that asked to shove, with the
// bumps the series spent toward dominance.
func (m *meleeSeries) shove() {
	for i := range m.plans {
		if path := blowOf(m.c, i).Shove; len(path) > 0 && m.spent > 0 {
			var line string
			m.shoved, line, m.met = m.s.shoveFight(m.f, m.plans[i].Target, path, m.spent)
			m.text = append(m.text, line)
			return
		}
	}
}

// sayDefenses ends the log with the series' pool and changes of foe, then
// each foe's dodge or block and what it cost.
func (m *meleeSeries) sayDefenses() {
	if len(m.plans) > 1 {
		switches := ""
		if n := targetSwitches(m.plans); n > 0 {
			switches = fmt.Sprintf(", %d AP for %d change(s) of foe", n*rules.RangedModifiers.TargetSwitchAP, n)
		}
		m.say("(%d blows from one pool, %s%s: TWTW Conflict: Multiple Attacks.)", len(m.plans), m.r, switches)
	}
	for _, id := range m.order {
		bp := m.plans[slices.IndexFunc(m.plans, func(p MeleePlan) bool { return p.Target.ID == id })]
		tc := m.s.Characters[bp.Target.Character]
		defAP := defenseAP(m.plans, id)
		if bp.NewDodge != nil {
			m.say("%s dodges through the %s hexsides for the round (%d AP): %d downgrade(s) on every blow from there.", tc.Name, sidesText(m.s, bp.NewDodge), defAP, rules.DodgeDowngrades(tc.Character))
		} else if bp.Dodged {
			m.say("The blow comes through %s's dodge: %d downgrade(s).", tc.Name, rules.DodgeDowngrades(tc.Character))
		}
		if defAP > 0 && bp.NewDodge == nil {
			m.say("%s blocks for %d AP.", tc.Name, defAP)
		}
	}
}

// attackerStatus is the attacker's status after the series: it has
// attacked (with its off hand or not), and a holstered gun may go off:
// "If a character chooses to carry a fully loaded firearm ... A Calamity
// result on an action involving any kind of movement leads to discharge
// of a round. The same is true for any malfunction result that is within
// the malfunction range of the weapon" (TWTW Conflict: Carrying Loaded
// Weapons): a blow is such an action; its first card and its first die
// decide (docs/defaults.md).
func (m *meleeSeries) attackerStatus() (FigureStatus, error) {
	f := m.f
	st := f.FigureStatus.clone()
	if gi := gearIndex(f, m.c.Weapon); m.c.Weapon != "" && gi >= 0 && f.Gear[gi].OffHand {
		st.AttackedOff = true
	} else {
		st.Attacked = true
	}
	first, _ := rules.FindCard(rules.Cards(), m.cards[0])
	calamity := rules.JudgeRoll(m.r, m.plans[0].TN).Calamity(first)
	if !jostled(f, calamity, m.r.Face(1)) {
		return st, nil
	}
	st, lines, err := goOff(m.s, f, st, m.ch, first, m.rnd, calamity, m.r.Face(1))
	m.text = append(m.text, lines...)
	return st, err
}

// goOff is figure f's status st after the holstered guns an action of
// its involving movement jostled go off (discharge), and what they did.
func goOff(s *State, f *Figure, st FigureStatus, ch Character, card rules.Card, rnd rules.Source, calamity bool, face int) (FigureStatus, []string, error) {
	me := *f
	me.FigureStatus = st
	lines, err := discharge(s, &me, ch, card, rnd, calamity, face)
	if err != nil {
		return st, nil, err
	}
	return me.FigureStatus, lines, nil
}

// events is the series' acted event (the attacker's status st after ap
// paid, and every foe the series changed), and a meeting its shove
// revealed.
func (m *meleeSeries) events(ap int, st FigureStatus) []Event {
	f := m.f
	changes := append([]FigureChange{change(f, f.AP-ap, st)}, m.withChanges...)
	for _, id := range m.order {
		t, tgt := m.s.Figures[id], m.foes[id]
		if m.hurt[id] || defenseAP(m.plans, id) > 0 || !slices.Equal(tgt.Gear, t.Gear) {
			changes = append(changes, FigureChange{Figure: id, AP: tgt.AP, Status: tgt.FigureStatus})
		}
	}
	e := Event{Kind: EventActed, Action: m.c.Kind, Figure: f.ID, AP: ap, APLeft: f.AP - ap, Changes: changes, Hold: m.hold,
		Cards: m.cards, Targets: m.order, Outcomes: m.said, Text: strings.Join(m.text, " ") + fmt.Sprintf(" %d AP left.", f.AP-ap)}
	for id, n := range m.landed {
		if e.Hits == nil {
			e.Hits = map[string]int{}
		}
		e.Hits[id] = n
	}
	e.Closed, e.Shoved, e.Met = m.closed, m.shoved, m.met
	return append([]Event{e}, revealMet(m.s, f.ID, m.met)...)
}

// blowOf is blow i of a melee command's series: Blow, then Blows.
func blowOf(c Command, i int) BlowOrder {
	if i == 0 {
		return *c.Blow
	}
	return c.Blows[i-1]
}

// withDefense is c with every blow at target answered d.
func withDefense(c Command, target, d string) Command {
	b := *c.Blow
	if b.Target == target {
		b.Defense = d
	}
	c.Blow = &b
	more := slices.Clone(c.Blows)
	for i := range more {
		if more[i].Target == target {
			more[i].Defense = d
		}
	}
	c.Blows = more
	return c
}

// planBlows plans every blow of a melee command's series: "The number and
// type of attacks that will be attempted must be clearly declared ... A
// single dice pool is used to determine hits" (TWTW Conflict: Determining
// Results). The blows may be at more than one foe; each foe's one answer
// (the defense of its first blow) holds for every blow at it, and
// dominance is asserted over one foe at a time.
func (s *State) planBlows(f *Figure, c Command) ([]MeleePlan, error) {
	if n := 1 + len(c.Blows); n > MaxBlows {
		return nil, refuse("%d blows in one series; at most %d", n, MaxBlows)
	}
	foes, dominance := 0, false
	for i := range 1 + len(c.Blows) {
		bo := blowOf(c, i)
		if bo.Target != c.Blow.Target {
			foes = 2
		}
		dominance = dominance || bo.Dominance != ""
	}
	if foes > 1 && dominance {
		return nil, refuse("a series that asserts dominance is at one foe: its blows are at more than one")
	}
	answer := map[string]string{}
	var plans []MeleePlan
	for i := range 1 + len(c.Blows) {
		bo := blowOf(c, i)
		if d, ok := answer[bo.Target]; ok {
			bo.Defense = d // the defender's one answer
		} else {
			answer[bo.Target] = bo.Defense
		}
		mp, err := s.PlanMelee(f.ID, c.Weapon, &bo, judgeMods(c)...)
		if err != nil {
			if i > 0 {
				return nil, refuse("blow %d: %v", i+1, err)
			}
			return nil, err
		}
		if prev := slices.IndexFunc(plans, func(p MeleePlan) bool { return p.Target.ID == bo.Target }); prev >= 0 {
			mp.NewDodge = nil // a dodge is begun once, by the foe's first blow
		}
		if c.With != nil && c.With.Primary {
			// The skill done with the blows takes the pool's highest result.
			mp.Skip = 1
			if !mp.Sabotage {
				mp.Chance = rules.KthHitChance(mp.Pool, 2, 0, mp.TN)
			}
		}
		plans = append(plans, mp)
	}
	return plans, nil
}

// MaxBlows bounds a series of blows (a skill's level is at most 10).
const MaxBlows = 10

// seriesAP is what a series of blows costs the attacker: its blows, and 1
// AP a change of foe ("Changing targets during a series of attacks is 1 AP
// per switch", TWTW Conflict: Multiple Attacks).
func seriesAP(plans []MeleePlan) int {
	ap := targetSwitches(plans) * rules.RangedModifiers.TargetSwitchAP
	for _, p := range plans {
		ap += p.Plan.AP
	}
	return ap
}

// seriesFoes are a series' foes in the order its blows reach them.
func seriesFoes(plans []MeleePlan) []string {
	var out []string
	for _, p := range plans {
		if !slices.Contains(out, p.Target.ID) {
			out = append(out, p.Target.ID)
		}
	}
	return out
}

// targetSwitches counts a series' changes of foe.
func targetSwitches(plans []MeleePlan) int {
	n := 0
	for i := 1; i < len(plans); i++ {
		if plans[i].Target.ID != plans[i-1].Target.ID {
			n++
		}
	}
	return n
}

// defenseAP is what foe target's answer costs it: a block for every blow
// at it ("Block works against a single incoming attack"), a dodge once.
func defenseAP(plans []MeleePlan, target string) int {
	ap := 0
	for _, p := range plans {
		switch {
		case p.Target.ID != target:
		case p.NewDodge != nil:
			return p.DefAP
		default:
			ap += p.DefAP
		}
	}
	return ap
}

// blowMods says a blow's modifiers for the log.
func blowMods(mp MeleePlan, target string) string {
	var b strings.Builder
	if mp.Interrupt > 0 {
		fmt.Fprintf(&b, "; interrupting %d segment(s) early: %d downgrade(s) (DESIGN.md segments)", mp.Interrupt, mp.Interrupt)
	}
	for _, h := range mp.Hands {
		b.WriteString("; " + h)
	}
	if mp.Advantage != 0 {
		fmt.Fprintf(&b, "; advantage %+d (%s, TWTW Conflict: Determining Advantage)", mp.Advantage, mp.AdvantageWhy)
	}
	if mp.Free {
		fmt.Fprintf(&b, "; a free attack as %s breaks away, 1 AP less (TWTW Conflict: Breaking Engagement)", target)
	}
	for _, m := range mp.TNMods {
		b.WriteString("; " + m.String())
	}
	for _, m := range mp.Judge {
		b.WriteString("; " + m.String())
	}
	return b.String()
}

// Block outcomes.
const (
	blockMissed = iota
	blockStopped
	blockToArm
)

// block rolls the defender's block against a blow that scored attack:
// "Blocking may also be performed with a weapon ... substitute the
// appropriate weapon skill" (the melee weapon in tgt's hand, if any); an
// equal result with a weapon raises its Rel and the blow still lands
// where it would, and a calamity breaks it. tgt's gear takes the wear.
func block(tgt *Figure, tc Character, attack int, card rules.Card, rnd rules.Source) (int, []string, error) {
	var bw *rules.Weapon
	bi := -1
	for i, g := range tgt.Gear {
		if w, ok := ruleTables.weapons[g.Weapon]; ok && g.Readied && w.Melee {
			bw, bi = &w, i
			break
		}
	}
	b, err := rules.ResolveBlock(tc.Character, bw, attack, rules.For(rnd, tgt.ID)) // the defender's own roll
	if err != nil {
		return 0, nil, &Refusal{Reason: err.Error()}
	}
	with := ""
	if bw != nil {
		with = " with the " + bw.Name
	}
	out, lines := blockMissed, []string(nil)
	switch {
	case b.Blocked:
		out = blockStopped
		lines = append(lines, fmt.Sprintf("%s blocks it%s (%d).", tc.Name, with, b.Roll.Top()))
	case b.RelRaised:
		// "On an equal result, increase the Rel by 1 instead of changing
		// the hit location": only a greater result blocks, so the blow
		// lands where the card puts it, and the weapon wears.
		tgt.Gear = slices.Clone(tgt.Gear)
		tgt.Gear[bi].Worn++
		lines = append(lines, fmt.Sprintf("%s's %s meets it (%d, equal): the blow still lands, and the weapon's Rel rises to %d.", tc.Name, bw.Name, b.Roll.Top(), bw.Rel+tgt.Gear[bi].Worn))
	case b.ToArm:
		out = blockToArm
		lines = append(lines, fmt.Sprintf("%s's block meets it on the arm (%d).", tc.Name, b.Roll.Top()))
	}
	if bw != nil && rules.BlockBreaks(rules.JudgeRoll(b.Roll, attack), card) {
		// "do not forget to check for equipment breakage during the block
		// attempt": a calamity breaks it.
		tgt.Gear = slices.Delete(slices.Clone(tgt.Gear), bi, bi+1)
		lines = append(lines, fmt.Sprintf("Calamity: %s's %s breaks.", tc.Name, bw.Name))
	}
	return out, lines, nil
}

// CommandDoor opens or closes the door on hexside Side of hex To: the Judge
// at no cost, or a figure standing on either side of it for DoorAP.
const CommandDoor = "door"

// DoorAP is what opening or closing a door costs a figure (docs/defaults.md).
const DoorAP = 1

// decideDoor opens or closes the door on a hexside: the Judge's at no
// cost, a figure's standing beside it for DoorAP.
func decideDoor(s *State, c Command) ([]Event, error) {
	if c.To == nil || c.Side < 0 || c.Side > 5 {
		return nil, refuse("a door command needs a hex and a hexside 0 to 5")
	}
	at, side := *c.To, hexmap.Direction(c.Side)
	door, ok := s.Map.EdgeFeature(at, side)
	if !ok || !door.Info().Openable {
		return nil, noDoor(s, at, side)
	}
	if door.Open == c.Open {
		return nil, refuse("the door at %s is already %s", s.Map.Label(at), map[bool]string{true: "open", false: "closed"}[c.Open])
	}
	verb := map[bool]string{true: "opens", false: "closes"}[c.Open]
	// A secret door opened is known from then (the Judge's, or a figure's
	// the Judge commands: a player's is refused as at a wall, authorize).
	e := Event{Kind: EventActed, Action: c.Kind, Doors: []DoorChange{{At: at, Side: int(side), Open: c.Open, Revealed: door.Secret && c.Open}}}
	if c.Figure == "" {
		e.Text = fmt.Sprintf("The Judge %s the door at %s.", verb, s.Map.Label(at))
		return []Event{e}, nil
	}
	f, ch, err := actor(s, c.Figure)
	if err != nil {
		return nil, err
	}
	if f.At != at && f.At != at.Neighbor(side) {
		return nil, refuse("%s must stand beside the door at %s", ch.Name, s.Map.Label(at))
	}
	if err := pay(s, f, DoorAP, "work the door"); err != nil {
		return nil, err
	}
	e.Figure, e.AP, e.APLeft = f.ID, DoorAP, f.AP-DoorAP
	e.Changes = []FigureChange{change(f, f.AP-DoorAP, f.FigureStatus.clone())}
	e.Text = fmt.Sprintf("%s %s the door at %s for %d AP; %d AP left.", ch.Name, verb, s.Map.Label(at), DoorAP, f.AP-DoorAP)
	return []Event{e}, nil
}

// noDoor is the refusal of a door command at hexside side of at where no
// door is, or where a secret door is that the seat may not know of.
func noDoor(s *State, at hexmap.Hex, side hexmap.Direction) error {
	return refuse("there is no door on hexside %s of %s", s.Map.Orientation.SideNames()[side], s.Map.Label(at))
}

// secretDoorAt reports whether door command c names a secret door: one a
// player's seat is answered of as of a wall (authorize).
func secretDoorAt(s *State, c Command) bool {
	if c.To == nil || c.Side < 0 || c.Side > 5 {
		return false
	}
	door, ok := s.Map.EdgeFeature(*c.To, hexmap.Direction(c.Side))
	return ok && door.Secret
}

// DoorChange is a door opened or closed. Revealed: it was a secret door,
// opened and so known from then (a player's seat is sent a fresh view).
type DoorChange struct {
	At       hexmap.Hex `json:"at"`
	Side     int        `json:"side"`
	Open     bool       `json:"open"`
	Revealed bool       `json:"revealed,omitempty"`
}

// Weapons is the weapon table the session applies, by id.
func Weapons() map[string]rules.Weapon { return ruleTables.weapons }

// Melee returns the hand-to-hand table the session applies.
func Melee() *rules.MeleeTable { return ruleTables.melee }

// ShotOdds are the exact odds of what shot i of a planned series does to
// its target as it stands: over the i-th highest die of the pool and
// every card, through the cover on the line (rules.FiringOdds: a die
// within the series' Rel does not go off); a burst lands the card's burst
// result in rounds (shotHarm).
func (s *State) ShotOdds(plan ShootPlan, i int) rules.HarmOdds {
	p, t := plan.Series.Plans[i], plan.Targets[i]
	base := t.Body(s.Characters[t.Character].Size)
	base.Condition = t.Condition
	harm := shotHarm(plan, i, base)
	rel := plan.Series.Rel()
	if plan.Sabotage[i] { // only a calamity hits, with no bumps, if the shot goes off
		var o rules.HarmOdds
		deck := rules.Cards()
		off := rules.KthGoesOffChance(plan.Series.Pool, i+1, rel)
		for _, c := range deck {
			h := rules.HarmNone
			if hit, _ := rules.Sabotage(c); hit {
				h = harm(0, c)
			}
			o[h] += off / float64(len(deck))
		}
		o[rules.HarmNone] += 1 - off
		return o
	}
	return rules.FiringOdds(plan.Series.Pool, i+1+plan.Series.Skip, p.Result, plan.Series.TNs[i], rel, rules.Cards(), harm)
}

// sabotageChance is the chance an attack meant to miss hits all the same:
// the deck's share of Calamity cards.
func sabotageChance() float64 {
	n := 0
	for _, c := range rules.Cards() {
		if hit, _ := rules.Sabotage(c); hit {
			n++
		}
	}
	return float64(n) / float64(len(rules.Cards()))
}

// BlowOdds are the exact odds of what a planned blow does to its target
// as it stands, before any block (a block's roll comes after the blow's).
func (s *State) BlowOdds(mp MeleePlan) rules.HarmOdds {
	t := mp.Target
	base := t.Body(s.Characters[t.Character].Size)
	base.Condition = t.Condition
	plan := mp.Plan
	call := rules.HitLocation(mp.Call)
	harm := func(bumps int, c rules.Card) rules.Harm {
		if plan.Damage <= 0 {
			return rules.HarmNone
		}
		loc, bumps := rules.CallBumps(c.Location, bumps, call)
		b := base.Clone()
		b.Apply(plan.Kind, rules.Effect(plan.Damage, bumps, loc), loc, c.Yes)
		return rules.Harmed(base, b)
	}
	if mp.Sabotage { // only a calamity lands, with no bumps, where the card says
		var o rules.HarmOdds
		deck := rules.Cards()
		for _, c := range deck {
			h := rules.HarmNone
			if hit, _ := rules.Sabotage(c); hit {
				h = harm(0, rules.Card{Location: c.Location, Yes: c.Yes})
			}
			o[h] += 1 / float64(len(deck))
		}
		return o
	}
	return rules.AttackOdds(mp.Pool, 1+mp.Skip, 0, mp.TN, rules.Cards(), harm)
}
