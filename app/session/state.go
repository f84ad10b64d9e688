package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// State is a fight as it stands: a fold over its events.
type State struct {
	Name       string
	Rules      string
	Options    FightOptions
	Map        *hexmap.Map
	Characters map[string]Character
	Figures    map[string]*Figure
	Order      []string // figure ids in the fight file's order
	Round      int
	// Begun: the first round's initiative has been rolled. A fight opens
	// in round 1 before it; the first new_round rolls round 1's, not
	// round 2's (nextRound).
	Begun bool
	// Segment is the Judge's count in the round, 20 down to 1 (TWTW
	// Conflict: Round Timing); a figure whose AP (its initiative number, as
	// it pays) is at least the segment may act now.
	Segment int
	// Parts are what each system keeps of the fight beyond the fields
	// here (parts.go): Savage Worlds' cards, Dragon Warriors II's riposte,
	// Lead and Chrome's unaimed shots. Events make them (partApplier).
	Parts Parts
	// Loose are the weapons lying on the map (twtw_loose.go).
	Loose []Loose
	// Pending is the blow waiting for its defender's answer (twtw_defend.go),
	// or nil.
	Pending *PendingBlow
	// Holds are who dominates whom in hand-to-hand engagements
	// (twtw_engagement.go).
	Holds []Hold
	// Opening is the free attack a figure that just broke away from a
	// hand-to-hand engagement allows its foes, until the next event.
	Opening *Opening
	// Closed are the pairs where the shorter weapon's wielder (first) has
	// closed with the longer's (second): the optional weapon-length rule's
	// advantage is gone between them.
	Closed [][2]string
	// Felled are the figures an action felled (stunned or worse) in this
	// segment while their own number had come up: "figures acting in the
	// same segment act in Quickness order, their effects land together"
	// (DESIGN.md segments), so each may still make this segment's attack.
	// Cleared at the next segment.
	Felled []string
	Log    []Event // every event after the opening, in order
	fog    *fogBook
}

// FelledNow reports whether figure id was felled in this segment and may
// still make its attack (State.Felled).
func (s *State) FelledNow(id string) bool { return slices.Contains(s.Felled, id) }

// MayAct reports whether figure id may act at the current segment without
// interrupting: it stands, and its number has come up.
func (s *State) MayAct(id string) bool {
	f, ok := s.Figures[id]
	return ok && f.AP > 0 && f.Condition == rules.Fine && s.Segment > 0 && f.AP >= s.Segment
}

// Figure is one token on the map.
type Figure struct {
	ID        string
	Character string
	Side      string
	At        hexmap.Hex
	Facing    hexmap.Direction
	AP        int  // AP left this round
	Hidden    bool // only the Judge sees it
	Number    int  // which copy of its sheet: 2 and on are named "Zeke Perkins 2" (FigureName)
	FigureStatus
}

// FigureStatus is what happens to a figure in a fight beyond where it
// stands: its weapons' state, wounds and Conc, posture and movement.
type FigureStatus struct {
	Gear      []rules.Carried           `json:"gear,omitempty"`
	Wounds    map[rules.HitLocation]int `json:"wounds,omitempty"` // by site; the torso under chest
	Conc      int                       `json:"conc,omitempty"`
	Condition rules.Condition           `json:"condition,omitempty"`
	Prone     bool                      `json:"prone,omitempty"`
	Ducked    bool                      `json:"ducked,omitempty"` // behind cover
	Moved     bool                      `json:"moved,omitempty"`  // moved this round
	Ran       bool                      `json:"ran,omitempty"`    // ran this round (TWTW Conflict: Movement)
	// Attacked: the figure has rolled its attack pool this round (TWTW
	// Conflict: Multiple Attacks: one pool a round).
	Attacked bool `json:"attacked,omitempty"`
	// AttackedOff: the same for the weapon in the off hand, whose checks
	// are its own (TWTW Conflict: Two Weapons).
	AttackedOff bool `json:"attacked_off,omitempty"`
	// RoundStart is where the figure stood when the round began, and
	// MoveFrom where its last move this round began: how far and where it
	// moved, for a shot at it (target speed; appearing or disappearing).
	RoundStart *hexmap.Hex `json:"round_start,omitempty"`
	MoveFrom   *hexmap.Hex `json:"move_from,omitempty"`
	// Dodging are the hexsides the figure dodges blows through this round
	// (TWTW Conflict: a dodge "works versus all attacks coming from a given
	// direction").
	Dodging []hexmap.Direction `json:"dodging,omitempty"`
	// StillRounds counts the rounds in a row the figure has not moved
	// (TWTW Conflict: Maneuvering During Engagement: two lower its defense).
	StillRounds int `json:"still_rounds,omitempty"`
	// Attempt is a skill test partway paid for (twtw_skill.go).
	Attempt *Attempt `json:"attempt,omitempty"`
	// UnderFire is what the figure has faced since its last action, for
	// tactical aiming (TWTW Conflict: Tactical Aiming).
	UnderFire *rules.TacticalAim `json:"under_fire,omitempty"`
	// AimLost: a failed Bravery check under fire; no aiming again this
	// round.
	AimLost bool `json:"aim_lost,omitempty"`
	// AimedAt is the figure an aimed shot of this round was at: with a gun
	// in each hand, no other may be aimed at (TWTW Conflict: Two Weapons).
	AimedAt string `json:"aimed_at,omitempty"`
	// Paced is the inches of Pace used this round (Savage Worlds).
	Paced int `json:"paced,omitempty"`
	// Hurt is the wounds on one track, for the systems that count them so
	// (Dragon Warriors II).
	Hurt int `json:"hurt,omitempty"`
	// Mount is what the figure rides and its course, nil on foot
	// (twtw_mount.go).
	Mount *Mount `json:"mount,omitempty"`
	// Delayed: the figure put its action off until later in the turn,
	// letting those after it in the order act first: a Dragon Warriors II
	// delay, a hold in Lead and Chrome's order (an option of any system
	// whose turns go in order), which reads a Dragon Warriors II delay as
	// its own hold. Shared, as one JSON name can be one part's alone.
	Delayed bool `json:"delayed,omitempty"`
	// Parts are what each system keeps of the figure beyond the fields
	// above (parts.go), in a file flat among them.
	Parts Parts `json:"-"`
}

// statusJSON is FigureStatus's own fields as JSON writes them.
type statusJSON FigureStatus

// MarshalJSON writes the status's own fields, then each system's part.
func (st FigureStatus) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(statusJSON(st))
	if err != nil {
		return nil, err
	}
	return marshalParts(statusPart, b, st.Parts)
}

// UnmarshalJSON reads the status's own fields and each system's part
// from one object; a name neither has is an error naming it.
func (st *FigureStatus) UnmarshalJSON(data []byte) error {
	p, err := unmarshalParts(statusPart, data, st.Parts)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, (*statusJSON)(st)); err != nil {
		return err
	}
	st.Parts = p
	return nil
}

// clone deep-copies the status.
func (st FigureStatus) clone() FigureStatus {
	st.Gear = append([]rules.Carried(nil), st.Gear...)
	st.Dodging = slices.Clone(st.Dodging)
	st.Mount = st.Mount.clone()
	if st.Wounds != nil {
		w := make(map[rules.HitLocation]int, len(st.Wounds))
		for k, v := range st.Wounds {
			w[k] = v
		}
		st.Wounds = w
	}
	return st
}

// Body returns the figure's wounds as a rules.Body to deal damage to.
func (f *Figure) Body(size int) *rules.Body {
	b := rules.NewBody(size)
	for k, v := range f.Wounds {
		b.Wounds[k] = v
		if v >= rules.DisablingWounds {
			b.Disabled[k] = true
		}
	}
	b.Conc, b.Condition = f.Conc, f.Condition
	return b
}

// FigureChange is a figure's AP and status after an action.
type FigureChange struct {
	Figure string       `json:"figure"`
	AP     int          `json:"ap"`
	Status FigureStatus `json:"status"`
}

// Ablation is a cover feature's armor value after a hit wore it down.
type Ablation struct {
	At    hexmap.Hex `json:"at"`
	Side  int        `json:"side"` // a hexside 0–5, or −1 for the feature in the hex
	Armor int        `json:"armor"`
}

// Clone returns a deep copy of the state.
func (s *State) Clone() *State { return s.clone(true) }

// clone copies the state; the map only with withMap, else the copy shares
// it (for a copy whose events leave the map alone: see touchesMap).
func (s *State) clone(withMap bool) *State {
	c := *s
	if withMap {
		c.Map = s.Map.Clone()
	}
	c.Characters = make(map[string]Character, len(s.Characters))
	for k, v := range s.Characters {
		c.Characters[k] = v
	}
	c.Figures = make(map[string]*Figure, len(s.Figures))
	for k, v := range s.Figures {
		f := *v
		f.FigureStatus = v.FigureStatus.clone()
		c.Figures[k] = &f
	}
	c.Order = append([]string(nil), s.Order...)
	c.Log = append([]Event(nil), s.Log...)
	c.fog = s.fog.clone()
	c.fog.onMap(s.Map, c.Map) // the copy's map is the map its views were made from
	return &c
}

// FigureName returns the display name of figure id: its sheet's name,
// and the copy's number from the second copy on ("Zeke Perkins 2").
func (s *State) FigureName(id string) string {
	if f, ok := s.Figures[id]; ok {
		if c, ok := s.Characters[f.Character]; ok {
			return c.Name + copySuffix(f.Number, " ")
		}
	}
	return id
}

// FigureAt returns the figure standing at h.
func (s *State) FigureAt(h hexmap.Hex) (*Figure, bool) {
	for _, id := range s.Order {
		if f := s.Figures[id]; f.At == h {
			return f, true
		}
	}
	return nil, false
}

// BlockedFor reports the hexes figures in the way of figure id stand in,
// as its side knows them: the figures its side sees (unseenBy). A move is
// planned around these; a figure its side does not see is run into on the
// way (State.PlanMove).
func (s *State) BlockedFor(id string) func(hexmap.Hex) bool {
	side := ""
	if f, ok := s.Figures[id]; ok {
		side = f.Side
	}
	unseen := s.unseenBy(side)
	taken := map[hexmap.Hex]bool{}
	for _, f := range s.Figures {
		if f.ID != id && !unseen[f.ID] {
			taken[f.At] = true
		}
	}
	return func(h hexmap.Hex) bool { return taken[h] }
}

// metOn is where a figure moving along path, from its first hex, runs
// into another figure: the index of the first hex after the first that a
// figure other than id stands in, and that figure; 0 and "" for none.
// Its side does not see the figure (it planned around those it sees): the
// move stops in the hex before (the ambush, docs/defaults.md).
func (s *State) metOn(id string, path []hexmap.Hex) (int, string) {
	for i := 1; i < len(path); i++ {
		if o, ok := s.FigureAt(path[i]); ok && o.ID != id {
			return i, o.ID
		}
	}
	return 0, ""
}

// MovePlan is a move as the session carries it out, priced by the rules:
// the route planned to the hex asked, as the mover's side knows the
// ground, and what is walked of it and paid for. A move whose route runs
// into a figure its side does not see stops in the hex before it and
// costs what was walked (Met; docs/defaults.md, the ambush).
type MovePlan struct {
	rules.MovePlan                // what is walked and paid for: the whole route, or its part before Met
	Planned        rules.MovePlan // the route planned to the hex asked, and its price
	Met            string         // the figure run into, or ""
}

// PlanMove prices a move of figure id to hex to with the rules the session
// applies; the map window previews with the same call. The route is
// planned as the figure's side knows the ground (BlockedFor), the
// distance and the cost checked before who stands at to; a figure met on
// the way that the side did not see stops the move before it (Met).
func (s *State) PlanMove(id string, to hexmap.Hex, run bool) (MovePlan, error) {
	f, ok := s.Figures[id]
	if !ok {
		return MovePlan{}, fmt.Errorf("there is no figure %q", id)
	}
	up, why := getUpAP(s, f)
	if up > s.moveAP(f) {
		return MovePlan{}, fmt.Errorf("%s must %s before moving, for %d AP, and has %d AP left", s.FigureName(id), why, up, f.AP)
	}
	ch, err := gaitOf(s, f, run)
	if err != nil {
		return MovePlan{}, err
	}
	p, err := rules.PlanMove(s.Map, ch, f.At, f.Facing, to, run, s.moveAP(f)-up, s.BlockedFor(id))
	var far *rules.TooFarError
	switch {
	case errors.As(err, &far) && !SystemOf(s).MovesCostAP():
		c := s.Characters[f.Character]
		err = fmt.Errorf("%s is further than one move of %s goes: a move goes %d paces walking or %d running in %s, whose rules give no rate (walls, water or figures may also be in the way); move again to go further",
			far.To, c.Name, freeMoveAP*c.Move, freeMoveAP*c.Run, SystemOf(s).Name())
	case errors.As(err, &far) && up > 0:
		err = fmt.Errorf("%v, after %d AP to %s", err, up, why)
	}
	p.AP += up
	plan := MovePlan{MovePlan: p, Planned: p}
	if err != nil {
		return plan, err
	}
	if err := heldTo(s, f, to, p.Route.Steps()); err != nil {
		return plan, err
	}
	if i, met := s.metOn(id, p.Route.Hexes); met != "" {
		cost := rules.MoveCost{Pace: p.Pace, Scale: s.Map.Scale}
		walked, ok := hexmap.Walk(s.Map, cost, f.Facing, p.Route.Hexes[:i])
		if !ok {
			return plan, fmt.Errorf("the route to %s does not walk: %v", s.Map.Label(to), p.Route.Hexes)
		}
		plan.Route, plan.AP, plan.Met = walked, cost.AP(walked.Cost)+up, met
	}
	return plan, nil
}

// getUpAP is what a move of f costs before its first pace where moves cost
// AP: standing up if prone (2 AP) and emerging if ducked behind cover (1
// AP), as the chapter prices them (TWTW Conflict: Movement AP Cost); why
// says it in words.
func getUpAP(s *State, f *Figure) (ap int, why string) {
	if !SystemOf(s).MovesCostAP() {
		return 0, ""
	}
	var what []string
	if f.Prone {
		ap += rules.PostureAP(rules.Prone, rules.Standing)
		what = append(what, "stand up")
	}
	if f.Ducked {
		ap += rules.CoverAP(false)
		what = append(what, "emerge from cover")
	}
	return ap, strings.Join(what, " and ")
}

// freeMoveAP is how far one move command goes in a system whose moves cost
// no AP (its text gives no movement rate): as far as this many AP of TWTW
// movement, twice Move walking and twice Run running. A bound, so that no
// move searches a whole big map under the session's lock
// (docs/defaults.md).
const freeMoveAP = 2

// moveAP is the AP a move of f may spend: its AP left where moves cost AP,
// else freeMoveAP.
func (s *State) moveAP(f *Figure) int {
	if SystemOf(s).MovesCostAP() {
		return f.AP
	}
	return freeMoveAP
}

// Reach is the area figure id can move to in one move command (running
// when run), priced by its system as a move there is decided: the map
// window's movement overlay. The error says why the figure cannot move.
func (s *State) Reach(id string, run bool) (MoveArea, error) {
	f, ok := s.Figures[id]
	if !ok {
		return MoveArea{}, refuse("there is no figure %q in this fight", id)
	}
	return SystemOf(s).Reach(s, f, run)
}

// MoveArea is where one move command can take a figure, and what each hex
// costs it, in Unit.
type MoveArea struct {
	Costs map[hexmap.Hex]int // the hexes it can move to (not its own) and their costs
	Unit  string             // "AP", "\" of Pace"; "" where moving costs nothing countable
}

// Cost says what a move to h costs, as Preview.Cost says it ("2 AP"), or
// "" where the unit is none or h is out of the area.
func (a MoveArea) Cost(h hexmap.Hex) string {
	n, ok := a.Costs[h]
	if !ok || a.Unit == "" || n == 0 {
		return ""
	}
	if a.Unit == "AP" {
		return fmt.Sprintf("%d AP", n)
	}
	return fmt.Sprintf("%d%s", n, a.Unit)
}

// canMove refuses a move of a figure that is down, in the systems that
// price moves as TWTW does.
func canMove(s *State, f *Figure) error {
	if f.Condition != rules.Fine {
		return refuse("%s is %s and cannot move", s.FigureName(f.ID), f.Condition)
	}
	return nil
}

// apReach is the reach of the systems that price moves as TWTW does
// (State.PlanMove): in AP where moves cost AP, else uncounted within
// freeMoveAP.
func apReach(s *State, f *Figure, run bool) (MoveArea, error) {
	if err := canMove(s, f); err != nil {
		return MoveArea{}, err
	}
	if err := onTime(s, f, "a move"); err != nil {
		return MoveArea{}, err
	}
	if err := heldBack(s, f); err != nil {
		return MoveArea{}, err
	}
	up, why := getUpAP(s, f)
	if up > s.moveAP(f) {
		return MoveArea{}, refuse("%s must %s before moving, for %d AP, and has %d AP left", s.FigureName(f.ID), why, up, f.AP)
	}
	ch, err := gaitOf(s, f, run)
	if err != nil {
		return MoveArea{}, refuse("%v", err)
	}
	r, cost := rules.Reach(s.Map, ch, f.At, f.Facing, run, s.moveAP(f)-up, s.BlockedFor(f.ID))
	defer r.Release()
	a := MoveArea{Costs: map[hexmap.Hex]int{}}
	if SystemOf(s).MovesCostAP() {
		a.Unit = "AP"
	}
	for _, h := range r.Hexes() {
		if u, _ := r.Cost(h); h != f.At && s.Map.CanStand(h) == nil {
			if route, ok := r.Route(h); ok && heldTo(s, f, h, route.Steps()) != nil {
				continue // a partial hold: maneuvering within the engagement only
			}
			a.Costs[h] = cost.AP(u) + up
		}
	}
	return a, nil
}

// nextRound is the number of the round a new_round command starts: the
// next, or round 1 itself when its initiative has not been rolled yet.
func (s *State) nextRound() int {
	if !s.Begun {
		return s.Round
	}
	return s.Round + 1
}

// Apply folds one event into the state. Events are facts already checked by
// the session; Apply refuses only events that do not fit this state at all
// (a journal from another fight). Each kind's check and apply are their own
// functions, found in eventKinds; a kind not there is refused.
func (s *State) Apply(e Event) error {
	if e.Kind != EventBlowDeclared { // a free attack's blow may wait for its answer
		s.Opening = e.Opening
	}
	if err := s.check(e); err != nil {
		return err
	}
	k, ok := eventKinds[e.Kind]
	if !ok {
		return fmt.Errorf("event %d: unknown kind %q", e.Seq, e.Kind)
	}
	if k.apply != nil {
		if err := k.apply(s, e); err != nil {
			return err
		}
	}
	s.applyParts(e) // what each system keeps of the fight: Savage Worlds' cards, a riposte
	s.foldFog()
	s.Log = append(s.Log, e)
	return nil
}

// An eventKind is how the state takes one kind of event: check range-checks
// it against the state (a journal from outside may hold anything) and apply
// folds it in. Either may be nil: nothing to check, or nothing to change
// (the event is a log line only).
type eventKind struct {
	check func(*State, Event) error
	apply func(*State, Event) error
}

// eventKinds holds every kind of event the state knows, by kind; Apply
// refuses an event of any other (a journal from another program).
var eventKinds = map[string]eventKind{}

// registerEvent makes kind known to State.Apply and State.check, as a rule
// system's own events would be: check (nil: nothing to check) runs before
// apply (nil: a log line only). Call it from an init; a kind registered
// twice panics, as two meanings of one journal line would be a bug.
func registerEvent(kind string, check, apply func(*State, Event) error) {
	if _, dup := eventKinds[kind]; dup {
		panic("session: event kind " + kind + " registered twice")
	}
	eventKinds[kind] = eventKind{check: check, apply: apply}
}

// The kinds every fight knows, whatever its rules.
func init() {
	for _, k := range []struct {
		kind  string
		check func(*State, Event) error
		apply func(*State, Event) error
	}{
		{EventMoved, checkMoved, applyMoved},
		{EventTurned, checkMoved, applyTurned},
		{EventRode, checkMoved, (*State).applyRode},
		{EventHidden, checkFigure, applyHidden},
		{EventRevealed, checkFigure, applyHidden},
		{EventUndone, checkUndone, nil}, // replay leaves out what is undone; the event itself is a log line
		{EventRedone, checkUndone, nil},
		{EventSegment, checkSegment, applySegment},
		{EventRoundStarted, checkRoundStarted, applyRoundStarted},
		{EventBlowDeclared, nil, applyBlowDeclared},
		{EventActed, checkActed, applyActed},
		{EventCharacterSet, checkCharacterSet, (*State).applyRoster},
		{EventCharacterRemoved, nil, (*State).applyRoster},
		{EventPlaced, checkPlaced, (*State).applyRoster},
		{EventFigureRemoved, checkFigure, (*State).applyRoster},
		{EventOptionsSet, nil, (*State).applyRoster},
		{EventMapEdited, nil, (*State).applyRoster},
		{EventHexesRevealed, checkHexesRevealed, (*State).applyFogOrder},
	} {
		registerEvent(k.kind, k.check, k.apply)
	}
}

// eventFigure is the figure an event is about, or the error naming it.
func (s *State) eventFigure(e Event) (*Figure, error) {
	f, ok := s.Figures[e.Figure]
	if !ok {
		return nil, fmt.Errorf("event %d: no figure %q", e.Seq, e.Figure)
	}
	return f, nil
}

// applyTurned turns a figure in place; turning is its action, so it is no
// longer under fire.
func applyTurned(s *State, e Event) error {
	f, err := s.eventFigure(e)
	if err != nil {
		return err
	}
	f.UnderFire = nil
	f.Facing = e.Facing
	f.AP = e.APLeft
	return nil
}

// applyMoved moves a figure along its path: where it came from this round
// is kept (for standing still and moving fire), what the move did to
// prone and pace is noted, and the hexes it passed are explored.
func applyMoved(s *State, e Event) error {
	f, err := s.eventFigure(e)
	if err != nil {
		return err
	}
	f.UnderFire = nil // moving is the figure's action
	from := f.At
	if f.RoundStart == nil {
		f.RoundStart = &from
	}
	f.MoveFrom = &from
	f.At = e.To
	f.Ran = f.Ran || e.Run
	f.Moved = true
	if e.GotUp {
		f.Prone, f.Ducked = false, false
	}
	if e.Paced > 0 {
		f.Paced = e.Paced
		f.Prone = e.Crawled // a Savage Worlds move: crawled, or stood up before
	}
	f.Facing = e.Facing
	f.AP = e.APLeft
	s.exploreAlong(e.Figure, e.Path)
	return nil
}

// applyHidden hides a figure from the players, or shows it.
func applyHidden(s *State, e Event) error {
	f, err := s.eventFigure(e)
	if err != nil {
		return err
	}
	f.Hidden = e.Kind == EventHidden
	return nil
}

// applySegment counts down to the event's segment; who fell last segment
// no longer strikes back together.
func applySegment(s *State, e Event) error {
	s.Segment, s.Felled = e.Segment, nil
	return nil
}

// applyBlowDeclared notes a blow that waits for its defender's answer.
func applyBlowDeclared(s *State, e Event) error {
	s.Pending = e.Pending
	return nil
}

// applyRoundStarted begins a round: its number (its cards and unaimed
// weapons are the systems' parts: applyParts), then every figure's AP and
// what the last round's standing still earned, then the statuses the
// round's start changed.
func applyRoundStarted(s *State, e Event) error {
	s.Felled = nil
	s.applyLoose(e)     // a quick-draw's weapon dropped (leadchrome.go)
	wasBegun := s.Begun // a round ended: standing still counts
	s.Round, s.Segment = e.Round, rules.Segments
	s.Begun = true
	for id, ap := range e.APs {
		if f, ok := s.Figures[id]; ok {
			f.newRound(ap, wasBegun)
		}
	}
	for _, c := range e.Changes {
		if f, ok := s.Figures[c.Figure]; ok {
			f.FigureStatus = c.Status.clone()
		}
	}
	return nil
}

// newRound gives a figure its AP for a new round and forgets what it did
// in the last, counting the rounds it has stood still.
func (f *Figure) newRound(ap int, wasBegun bool) {
	f.AP = ap
	if f.Moved || f.Paced > 0 {
		f.StillRounds = 0
	} else if wasBegun {
		f.StillRounds++
	}
	f.Ran, f.Moved, f.Paced, f.Attacked, f.AttackedOff, f.Dodging, f.AimLost, f.AimedAt = false, false, 0, false, false, nil, false, ""
	at := f.At
	f.RoundStart, f.MoveFrom = &at, nil
	f.Parts = f.Parts.newRound() // what a system keeps for a round ends
}

// applyActed folds an action's results in: the pending blow it answers, loose weapons, holds and doors closed, who fell, the figures'
// statuses, fire, shoves and what it did to the map.
func applyActed(s *State, e Event) error {
	s.Pending = nil // an action after a declared blow is its answer
	s.Felled = togetherStill(s, e.Figure)
	s.applyLoose(e)
	if e.Hold != nil {
		s.applyHold(*e.Hold)
	}
	if e.Closed != nil && !slices.Contains(s.Closed, *e.Closed) {
		s.Closed = append(slices.Clip(s.Closed), *e.Closed)
	}
	if s.FelledNow(e.Figure) { // its one attack of the segment is made
		s.Felled = slices.DeleteFunc(slices.Clone(s.Felled), func(id string) bool { return id == e.Figure })
	}
	if err := s.applyChanges(e); err != nil {
		return err
	}
	s.applyFire(e) // after the changes, which would wipe it
	s.applyShoved(e)
	s.applyMapWear(e)
	return nil
}

// applyChanges sets the statuses an action left its figures in; one it
// felled that could still strike back this segment is noted in Felled.
func (s *State) applyChanges(e Event) error {
	for _, c := range e.Changes {
		f, ok := s.Figures[c.Figure]
		if !ok {
			return fmt.Errorf("event %d: no figure %q", e.Seq, c.Figure)
		}
		if up := f.Condition == rules.Fine; up && c.Status.Condition >= rules.Stunned && c.Figure != e.Figure &&
			(s.Begun && s.Segment > 0 && f.AP >= s.Segment && SystemOf(s).MovesCostAP() || actsTogether(s, e.Figure, c.Figure)) {
			s.Felled = append(slices.Clip(s.Felled), c.Figure)
		}
		f.AP = c.AP
		f.FigureStatus = c.Status.clone()
		if f.Condition >= rules.Unconscious {
			s.dropHolds(f.ID) // a fighter down holds nobody, and is held by nobody
		}
	}
	return nil
}

// applyShoved moves the figures an action shoved to their paths' ends.
func (s *State) applyShoved(e Event) {
	for _, sh := range e.Shoved {
		if f, ok := s.Figures[sh.Figure]; ok && len(sh.Path) > 0 {
			from := f.At
			if f.RoundStart == nil {
				f.RoundStart = &from
			}
			f.MoveFrom = &from
			f.At = sh.Path[len(sh.Path)-1]
			f.Moved = true
		}
	}
}

// applyMapWear opens or shuts the doors an action worked and wears down
// the cover its shots struck.
func (s *State) applyMapWear(e Event) {
	for _, d := range e.Doors {
		if feat, ok := s.Map.EdgeFeature(d.At, hexmap.Direction(d.Side)); ok {
			feat.Open = d.Open
			feat.Secret = feat.Secret && !d.Open && !d.Revealed // opened, it is known
			s.Map.SetEdge(d.At, hexmap.Direction(d.Side), feat)
		}
	}
	for _, a := range e.Ablations {
		if a.Side < 0 {
			if feat, ok := s.Map.Feature(a.At); ok {
				feat.Armor = a.Armor
				s.Map.SetFeature(a.At, feat)
			}
		} else if feat, ok := s.Map.EdgeFeature(a.At, hexmap.Direction(a.Side)); ok {
			feat.Armor = a.Armor
			s.Map.SetEdge(a.At, hexmap.Direction(a.Side), feat)
		}
	}
}

// Snapshot returns the fight as it stands, as a fight file, as seat may
// see it: a player's has no hidden figures, and of the characters it does
// not command only the name, the numbers a map needs, the system's own
// numbers and the portrait (no TWTW traits, skills, gear or notes).
func (s *State) Snapshot(seat *Seat) *FightFile {
	f := s.snapshot(seat, true)
	return f
}

// snapshot is Snapshot; without withMap, the Judge's has no map (a
// moment sends its map as it needs: Moment.Send).
func (s *State) snapshot(seat *Seat, withMap bool) *FightFile {
	f := &FightFile{Format: FightFormat, Version: FightVersion, Name: s.Name, Rules: s.Rules, Segment: s.Segment}
	if withMap {
		f.Map = s.Map.File()
	}
	for _, l := range s.Loose {
		f.Loose = append(f.Loose, LooseSpec{Weapon: l.Weapon, At: s.Map.Label(l.At), Name: l.Name, Owner: l.Owner})
	}
	f.Holds = append(f.Holds, s.Holds...)
	f.Closed = append(f.Closed, s.Closed...)
	if s.Begun {
		f.Round = s.Round // round 0: the first round's initiative is still to roll
	}
	judge := seat == nil || seat.Role == RoleJudge
	hidden := map[string]bool{}
	place := func(ap int) int { return ap }                  // a figure's AP as the seat is told it
	told := func(st FigureStatus) FigureStatus { return st } // a figure's status, likewise
	number := func(id string, n int) int { return n }        // a figure's copy number, likewise
	if judge {
		f.Options = s.Options
		f.Fog = s.fogSpecs(nil)
	} else {
		f.Options = playersOptions(s.Options)
		f.Fog = s.fogSpecs(seatSides(seat, s))
		if withMap {
			// The map as the seat's side last saw it, its secret doors walls.
			f.Map = s.KnownMap(mapSide(seat, s)).File().ForPlayers()
		}
		v := s.sightOf(seat)
		hidden, place, told, number = v.hidden, v.ap, v.status, v.copyNumber
		f.Holds = slices.DeleteFunc(f.Holds, func(h Hold) bool { return hidden[h.By] || hidden[h.Over] })
		f.Closed = slices.DeleteFunc(f.Closed, func(p [2]string) bool { return hidden[p[0]] || hidden[p[1]] })
	}
	own := map[string]bool{}
	if !judge {
		for _, id := range seat.Owned(s) {
			own[s.Figures[id].Character] = true
		}
	}
	used := map[string]bool{}
	names := s.Map.Orientation.SideNames()
	for _, id := range s.Order {
		fig := s.Figures[id]
		if hidden[id] {
			continue
		}
		ap := place(fig.AP)
		status := told(fig.FigureStatus.clone())
		f.Figures = append(f.Figures, FigureSpec{ID: fig.ID, Character: fig.Character, Side: fig.Side,
			At: s.Map.Label(fig.At), Facing: names[fig.Facing], Hidden: fig.Hidden, Number: fileNumber(number(id, max(fig.Number, 1))), AP: &ap, Status: &status})
		used[fig.Character] = true
	}
	for _, id := range sortedKeys(s.Characters) {
		c := s.Characters[id]
		if !judge {
			if !used[id] {
				continue
			}
			if !own[id] {
				// The name, the numbers a map needs, the system's own
				// numbers (a sheet of its system is whole only with them,
				// and a player's window reckons its previews from them:
				// Parry and Toughness, Defence) and the picture on the
				// token; no TWTW traits, skills, gear or notes.
				c = Character{Character: rules.Character{ID: c.ID, Name: c.Name, Move: c.Move, Run: c.Run, Size: c.Size},
					DragonWarriors: c.DragonWarriors, Savage: c.Savage, Fudge: c.Fudge, LeadChrome: c.LeadChrome, Portrait: c.Portrait}.Clone()
				c = keepSecrets(c)
			}
		}
		f.Characters = append(f.Characters, c)
	}
	return f
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// touchesMap reports whether applying e changes the map: an edit, a door
// worked, cover worn down.
func touchesMap(e Event) bool {
	return e.Kind == EventMapEdited || e.Kind == EventOpened || len(e.Doors) > 0 || len(e.Ablations) > 0
}
