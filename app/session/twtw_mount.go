package session

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// Mounts and vehicles in TWTW (TWTW Conflict: Continuous Action Movement;
// Modifiers: "Firer is mounted"). A mounted figure stands for rider and
// mount together, a horse or a wagon it drives or rides in. The Judge
// mounts it (mount); its rider sets the mount's course (ride), free
// before the mount has moved in the round and a maneuver after; each
// segment the Judge counts carries every mount on a course its share of
// the round's paces (rules.ContinuousMove), slowest rider first
// (rules.ContinuousOrder), before anyone acts. The costs the chapter does
// not give are rules.Mounted's (docs/defaults.md).

// Command and event kinds of mounts.
const (
	CommandMount = "mount" // the Judge mounts Figure on Mount, or dismounts it (no Mount, or a pace of 0)
	CommandRide  = "ride"  // Figure's mount goes to To at Paces a round (Run: up to its gallop); no To reins it in
	EventRode    = "rode"  // a mount carried its rider along Path; Changes hold the rider's status after
)

// The composer's actions of mounts.
const (
	ActMount = "Mount / dismount" // the Judge's: a mount's pace and gallop, or 0 to get off
	ActRide  = "Ride"             // the mount's course: where, how fast, a gallop
)

// MaxMountPace bounds a mount's pace, in paces a round.
const MaxMountPace = 200

// MountOrder is a mount command's mount: what it is, for the log, and its
// paces a round; a pace of 0 dismounts.
type MountOrder struct {
	What   string `json:"what,omitempty"` // "horse" unless named: "mule", "buckboard"
	Pace   int    `json:"pace"`
	Gallop int    `json:"gallop,omitempty"` // 0: rules.Mounted.GallopTimesPace × Pace
}

// Mount is what a mounted figure rides, and the course it is on.
type Mount struct {
	What   string `json:"what"`
	Pace   int    `json:"pace"`   // paces a round at its ordinary pace
	Gallop int    `json:"gallop"` // paces a round at a gallop
	// Course is the mount's way, hex by hex, from where the rider set it
	// to where it ends; Speed the paces a round along it, Galloping
	// whether that is past its pace, and Gone the paces gone along it.
	// No course: the mount stands.
	Course    []hexmap.Hex `json:"course,omitempty"`
	Speed     int          `json:"speed,omitempty"`
	Galloping bool         `json:"galloping,omitempty"`
	Gone      int          `json:"gone,omitempty"`
	// Moved is the last round the mount moved in (0: none since the
	// first round's initiative): a change of course after it is a
	// maneuver.
	Moved int `json:"moved,omitempty"`
}

// clone copies a mount, nil for nil.
func (m *Mount) clone() *Mount {
	if m == nil {
		return nil
	}
	c := *m
	c.Course = slices.Clone(m.Course)
	return &c
}

// moving reports whether the mount is on a course.
func (m *Mount) moving() bool { return m != nil && len(m.Course) > 1 && m.Speed > 0 }

// halt is the mount standing where it is.
func (m Mount) halt() *Mount {
	m.Course, m.Speed, m.Galloping, m.Gone = nil, 0, false, 0
	return &m
}

// check range-checks a mount from an event or a fight file.
func (m *Mount) check() error {
	if m == nil {
		return nil
	}
	switch {
	case m.Pace < 1 || m.Pace > MaxMountPace:
		return fmt.Errorf("mount.pace: %d, want 1 to %d", m.Pace, MaxMountPace)
	case m.Gallop < m.Pace || m.Gallop > rules.Mounted.GallopTimesPace*MaxMountPace:
		return fmt.Errorf("mount.gallop: %d, want the pace (%d) to %d", m.Gallop, m.Pace, rules.Mounted.GallopTimesPace*MaxMountPace)
	case len(m.What) > maxIDBytes:
		return fmt.Errorf("mount.what: %d bytes, at most %d", len(m.What), maxIDBytes)
	case m.Speed < 0 || m.Speed > m.Gallop:
		return fmt.Errorf("mount.speed: %d, want 0 to the gallop (%d)", m.Speed, m.Gallop)
	case m.Gone < 0 || m.Gone > maxCount || m.Moved < 0 || m.Moved > maxCount:
		return fmt.Errorf("mount.gone or mount.moved out of range")
	case len(m.Course) > maxCount:
		return fmt.Errorf("mount.course: %d hexes", len(m.Course))
	}
	for i, h := range m.Course {
		if !inRange(h) {
			return fmt.Errorf("mount.course[%d]: %v is far off any map", i, h)
		}
	}
	return nil
}

// riderOf names a figure's mount for the log: "the horse".
func riderOf(f *Figure) string {
	if f.Mount == nil {
		return ""
	}
	return "the " + f.Mount.What
}

// mounted refuses what a mounted figure cannot do: walk (its mount goes
// where the rider rides it), drop prone, duck behind cover.
func mounted(s *State, c Command) error {
	f, ok := s.Figures[c.Figure]
	if !ok || f.Mount == nil {
		return nil
	}
	what := map[string]string{CommandMove: "move on foot (ride sets the mount's course)", CommandProne: "drop prone", CommandDuck: "duck behind cover"}[c.Kind]
	if what == "" {
		return nil
	}
	return refuse("%s is on %s: dismount first (%d AP) to %s", s.FigureName(f.ID), riderOf(f), rules.Mounted.DismountAP, what)
}

// firerMounted is the "Firer is mounted" downgrades of a shot by f: 0 on
// foot, else 1 or 2 by its riding skill (rules.MountedDowngrades).
func firerMounted(s *State, f *Figure) int {
	if f.Mount == nil {
		return 0
	}
	return rules.MountedDowngrades(s.Characters[f.Character].Character)
}

// actedMount is a mount or ride command's event: the figure's AP and
// status after it.
func actedMount(f *Figure, kind string, ap int, st FigureStatus, text string) []Event {
	e := Event{Kind: EventActed, Action: kind, Figure: f.ID, AP: ap, APLeft: f.AP - ap,
		Text: text + fmt.Sprintf(" %d AP left.", f.AP-ap), Changes: []FigureChange{change(f, f.AP-ap, st)}}
	return []Event{e}
}

// decideMount mounts a figure, or dismounts it: 2 AP on, 1 off
// (rules.Mounted), at the figure's number; a rider who is down is taken
// off free.
func decideMount(s *State, c Command) ([]Event, error) {
	f, ok := s.Figures[c.Figure]
	if !ok {
		return nil, refuse("there is no figure %q in this fight", c.Figure)
	}
	name := s.FigureName(f.ID)
	st := f.FigureStatus.clone()
	if c.Mount == nil || c.Mount.Pace == 0 {
		if f.Mount == nil {
			return nil, refuse("%s is on foot", name)
		}
		st.Mount = nil
		if f.Condition >= rules.Unconscious {
			return actedMount(f, c.Kind, 0, st, fmt.Sprintf("%s, %s, is taken off %s (no AP).", name, f.Condition, riderOf(f))), nil
		}
		if err := mountReady(s, f, "dismounting"); err != nil {
			return nil, err
		}
		ap := rules.Mounted.DismountAP
		if err := pay(s, f, ap, "dismount"); err != nil {
			return nil, err
		}
		return actedMount(f, c.Kind, ap, st, fmt.Sprintf("%s gets off %s at %s for %d AP (docs/defaults.md: dismounting, as Drop prone).",
			name, riderOf(f), s.Map.Label(f.At), ap)), nil
	}
	o := *c.Mount
	what := strings.TrimSpace(o.What)
	if what == "" {
		what = "horse"
	}
	gallop := o.Gallop
	if gallop == 0 {
		gallop = rules.Mounted.GallopTimesPace * o.Pace
	}
	switch {
	case o.Pace < 0 || o.Pace > MaxMountPace:
		return nil, refuse("a mount's pace is 1 to %d paces a round (0 dismounts), not %d", MaxMountPace, o.Pace)
	case gallop < o.Pace || gallop > rules.Mounted.GallopTimesPace*MaxMountPace:
		return nil, refuse("a mount's gallop is its pace (%d) to %d paces a round, not %d", o.Pace, rules.Mounted.GallopTimesPace*MaxMountPace, gallop)
	case len(what) > 40:
		return nil, refuse("name the mount in at most 40 bytes (\"horse\", \"buckboard\")")
	case f.Mount != nil:
		return nil, refuse("%s already rides %s: dismount first", name, riderOf(f))
	case f.Prone:
		return nil, refuse("%s is prone: stand up before mounting", name)
	case f.Ducked:
		return nil, refuse("%s is ducked behind cover: emerge before mounting", name)
	}
	if err := mountReady(s, f, "mounting"); err != nil {
		return nil, err
	}
	if err := heldBack(s, f); err != nil {
		return nil, err
	}
	ap := rules.Mounted.MountAP
	if err := pay(s, f, ap, "mount the "+what); err != nil {
		return nil, err
	}
	st.Mount = &Mount{What: what, Pace: o.Pace, Gallop: gallop}
	return actedMount(f, c.Kind, ap, st, fmt.Sprintf("%s mounts the %s at %s (pace %d, gallop %d paces a round) for %d AP (docs/defaults.md: mounting, as Stand up).",
		name, what, s.Map.Label(f.At), o.Pace, gallop, ap)), nil
}

// mountReady refuses a rider who cannot act now: down, stunned, or
// before its number.
func mountReady(s *State, f *Figure, what string) error {
	_, ch, err := actor(s, f.ID)
	if err != nil {
		return err
	}
	if f.Condition == rules.Stunned {
		return refuse("%s is stunned and must spend the round recovering", ch.Name)
	}
	return onTime(s, f, what)
}

// decideRide sets the course of a figure's mount: to To at Paces a round
// (its pace at most, or its gallop with Run; 0 the most), or, with no To
// or To where it stands, reins it in. "The character need not pay AP for
// the movement taken by the mount" (TWTW Conflict: Continuous Action
// Movement): setting the course is free until the mount has moved in the
// round; a change after is a maneuver (rules.Mounted.ManeuverAP).
func decideRide(s *State, c Command) ([]Event, error) {
	f, ok := s.Figures[c.Figure]
	if !ok {
		return nil, refuse("there is no figure %q in this fight", c.Figure)
	}
	name := s.FigureName(f.ID)
	if f.Mount == nil {
		return nil, refuse("%s is on foot: the Judge mounts a figure first (mount)", name)
	}
	m, what := f.Mount, riderOf(f)
	if err := mountReady(s, f, "a change to the mount's course"); err != nil {
		return nil, err
	}
	ap, cost := 0, " (no AP: TWTW Conflict: Continuous Action Movement, the rider need not pay AP for the mount's movement)."
	if s.Begun && m.Moved == s.Round {
		ap = rules.Mounted.ManeuverAP
		cost = fmt.Sprintf(" for %d AP (a change in the movement of a mount that has moved this round is a maneuver: TWTW Conflict: Continuous Action Movement; docs/defaults.md).", ap)
	}
	st := f.FigureStatus.clone()
	if c.To == nil || *c.To == f.At {
		if !m.moving() {
			return nil, refuse("%s already stands at %s", strings.ToUpper(what[:1])+what[1:], s.Map.Label(f.At))
		}
		if err := pay(s, f, ap, "rein in "+what); err != nil {
			return nil, err
		}
		st.Mount = m.halt()
		return actedMount(f, c.Kind, ap, st, fmt.Sprintf("%s reins in %s at %s%s", name, what, s.Map.Label(f.At), cost)), nil
	}
	limit := m.Pace
	if c.Run {
		limit = m.Gallop
	}
	speed := c.Paces
	if speed == 0 {
		speed = limit
	}
	switch {
	case c.Paces < 0 || speed > limit:
		return nil, refuse("%s goes at most %d paces a round at its pace, %d at a gallop (Run); not %d", what, m.Pace, m.Gallop, c.Paces)
	case !s.Map.Contains(*c.To):
		return nil, refuse("%s is off the map", s.Map.Label(*c.To))
	}
	// The course goes round the figures the rider's side sees; one it
	// does not see stops the mount where it meets it (carry: the ambush).
	blocked, to := s.BlockedFor(f.ID), *c.To
	route, ok := hexmap.Search{Map: s.Map, Cost: mountGround{}, Blocked: func(h hexmap.Hex) bool { return h != to && blocked(h) }}.PathTo(f.At, f.Facing, to)
	if !ok {
		return nil, refuse("%s finds no way from %s to %s: walls, closed doors, fences, steep rises or figures are in the way", what, s.Map.Label(f.At), s.Map.Label(*c.To))
	}
	if blocked(to) {
		return nil, refuse("%s is taken by another figure", s.Map.Label(*c.To))
	}
	if err := pay(s, f, ap, "change the course of "+what); err != nil {
		return nil, err
	}
	nm := *m.halt()
	nm.Course, nm.Speed, nm.Galloping = route.Hexes, speed, speed > m.Pace
	st.Mount = &nm
	gait := "at its pace"
	if nm.Galloping {
		gait = "at a gallop"
	}
	return actedMount(f, c.Kind, ap, st, fmt.Sprintf("%s rides %s toward %s, %s away, %s, %d paces a round, from the next segment on%s",
		name, what, s.Map.Label(*c.To), pacesText(float64(route.Steps())*scale(s)), gait, speed, cost)), nil
}

// scale is the map's paces per hex.
func scale(s *State) float64 {
	if s.Map.Scale <= 0 {
		return 1
	}
	return s.Map.Scale
}

// mountGround is the ground a mount goes over (a hexmap.CostModel): a
// hex a figure may stand in, across no wall, closed door, window or
// fence, into no table or counter, up no rise steeper than a steep grade.
// Every step costs the same: a course is the shortest way.
type mountGround struct{}

// Step implements hexmap.CostModel.
func (mountGround) Step(m *hexmap.Map, from hexmap.Hex, d hexmap.Direction) (int, bool) {
	return 1, mountBar(m, from, d) == ""
}

// Turn implements hexmap.CostModel: a mount turns freely.
func (mountGround) Turn(int) int { return 0 }

// mountBar says what bars a mount's step from from across hexside d, or
// "" for none.
func mountBar(m *hexmap.Map, from hexmap.Hex, d hexmap.Direction) string {
	to := from.Neighbor(d)
	if err := m.CanStand(to); err != nil {
		return err.Error()
	}
	if e, ok := m.EdgeFeature(from, d); ok && (e.BlocksMove() || e.Info().Climb) {
		kind := e.Kind
		if e.Info().Openable {
			kind = "closed " + kind
		}
		return fmt.Sprintf("a %s stands between %s and %s", kind, m.Label(from), m.Label(to))
	}
	if f, ok := m.Feature(to); ok && f.Info().Climb {
		return fmt.Sprintf("%s holds a %s", m.Label(to), f.Kind)
	}
	if m.Elevation(to)-m.Elevation(from) > rules.MovementAPCost.SteepRise {
		return fmt.Sprintf("%s rises too steeply", m.Label(to))
	}
	return ""
}

// riding reports whether any mount is on a course.
func riding(s *State) bool {
	for _, f := range s.Figures {
		if f.Mount.moving() {
			return true
		}
	}
	return false
}

// stateAfter is s with events applied, on a copy: what the next events of
// a command are decided on.
func stateAfter(s *State, events []Event) (*State, error) {
	c := s.clone(slices.ContainsFunc(events, touchesMap))
	for _, e := range events {
		if err := c.Apply(e); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// withCarry appends to a command's events the mounts' movement in
// segments from down to to, decided on the state those events leave.
func withCarry(s *State, events []Event, from, to int) ([]Event, error) {
	if !riding(s) {
		return events, nil
	}
	after, err := stateAfter(s, events)
	if err != nil {
		return nil, err
	}
	return append(events, carry(after, from, to)...), nil
}

// decideSegmentRiding counts the round down (decideSegment) and carries
// the mounts through the segments counted: "Continuous action movement
// occurs before other actions".
func decideSegmentRiding(s *State) ([]Event, error) {
	events, err := decideSegment(s)
	if err != nil {
		return nil, err
	}
	return withCarry(s, events, s.Segment-1, events[0].Segment)
}

// decideRoundRiding starts the next round (decideNewRound): the mounts
// first go the segments of this round not counted, so that a round
// carries them all their paces, then the new round's segment 20.
func decideRoundRiding(s *State, c Command, src roller) ([]Event, error) {
	st := s
	var rest []Event
	if s.Begun && riding(s) {
		rest = carry(s, s.Segment-1, 1)
		if len(rest) > 0 {
			var err error
			if st, err = stateAfter(s, rest); err != nil {
				return nil, err
			}
		}
	}
	events, err := decideNewRound(st, c, src)
	if err != nil {
		return nil, err
	}
	events, err = withCarry(st, events, rules.Segments, rules.Segments)
	if err != nil {
		return nil, err
	}
	return append(rest, events...), nil
}

// carry moves every mount on a course its share of each segment from
// segment from down to segment to (TWTW Conflict: Continuous Action
// Movement: "divide the total movement into equal (or roughly equal)
// parts and spread them between the 20 phases … proceeds from slowest to
// fastest, based on Quickness value"). A mount stops where a figure, a
// wall or the end of its course stops it. One event a rider.
func carry(s *State, from, to int) []Event {
	from, to = min(from, rules.Segments), max(to, 1)
	riders := ridersOn(s)
	if from < to || len(riders) == 0 {
		return nil
	}
	r := newRide(s, riders)
	for seg := from; seg >= to; seg-- {
		for _, id := range riders {
			r.segment(id, seg)
		}
	}
	var out []Event
	revealed := map[string]bool{}
	for _, id := range riders {
		l := r.legs[id]
		if l.paces == 0 {
			continue
		}
		out = append(out, r.rode(id, from, to))
		if l.met != "" && !revealed[l.met] {
			revealed[l.met] = true
			out = append(out, revealMet(s, id, l.met)...)
		}
	}
	return out
}

// ridersOn are the figures whose mounts are on a course, slowest
// (Quickness) first.
func ridersOn(s *State) []string {
	var riders []string
	quick := map[string]int{}
	for _, id := range s.Order {
		if f := s.Figures[id]; f.Mount.moving() {
			riders = append(riders, id)
			quick[id] = s.Characters[f.Character].Traits.Quickness
		}
	}
	if len(riders) == 0 {
		return nil
	}
	return rules.ContinuousOrder(riders, quick)
}

// ride is the mounts carried over some segments: the hexes taken, what
// each rider's side has not seen, and each rider's leg so far.
type ride struct {
	s      *State
	sc     float64
	taken  map[hexmap.Hex]string
	unseen map[string]map[string]bool // by the riders' sides
	legs   map[string]*leg
}

// A leg is one mount's way over the segments carried.
type leg struct {
	m             Mount
	at            hexmap.Hex
	facing        hexmap.Direction
	path          []hexmap.Hex
	paces         int
	last          int    // the last segment it went in
	stop          string // what stopped it
	met           string // the figure unseen until the mount met it
	arrived, done bool
}

// newRide starts each rider's leg where it stands.
func newRide(s *State, riders []string) *ride {
	r := &ride{s: s, sc: scale(s), taken: map[hexmap.Hex]string{}, unseen: map[string]map[string]bool{}, legs: map[string]*leg{}}
	for _, id := range s.Order {
		r.taken[s.Figures[id].At] = id
	}
	for _, id := range riders {
		f := s.Figures[id]
		if r.unseen[f.Side] == nil {
			r.unseen[f.Side] = s.unseenBy(f.Side)
		}
		r.legs[id] = &leg{m: *f.Mount.clone(), at: f.At, facing: f.Facing, path: []hexmap.Hex{f.At}}
	}
	return r
}

// segment moves rider id's mount its share of segment seg along its
// course, until something stops it or the course ends.
func (r *ride) segment(id string, seg int) {
	l := r.legs[id]
	share := rules.ContinuousMove(l.m.Speed)[rules.Segments-seg]
	if l.done || share == 0 {
		return
	}
	here := hexesGone(l.m.Gone, r.sc)
	l.m.Gone += share
	l.paces += share
	l.last = seg
	want := min(hexesGone(l.m.Gone, r.sc), len(l.m.Course)-1)
	for i := here; i < want && l.stop == ""; i++ {
		cur, next := l.m.Course[i], l.m.Course[i+1]
		d, _ := cur.DirectionTo(next)
		if stop, met := r.blocked(id, l, cur, next, d); stop != "" {
			l.stop, l.met = stop, met
			break
		}
		delete(r.taken, cur)
		r.taken[next] = id
		l.at, l.facing = next, d
		l.path = append(l.path, next)
	}
	l.arrived = l.stop == "" && hexesGone(l.m.Gone, r.sc) >= len(l.m.Course)-1
	l.done = l.stop != "" || l.arrived
}

// blocked says what stops a mount stepping from cur to next ("" nothing):
// leaving its course, a figure in the way (met, when the rider's side had
// not seen it: an ambush), or a wall.
func (r *ride) blocked(id string, l *leg, cur, next hexmap.Hex, d hexmap.Direction) (stop, met string) {
	s := r.s
	switch who, in := r.taken[next]; {
	case cur != l.at || cur.DistanceTo(next) != 1:
		return "it has left its course", ""
	case in && r.unseen[s.Figures[id].Side][who]:
		// The rider's side did not see it: the ambush.
		return fmt.Sprintf("%s is in the way at %s, unseen until now (an ambush)", s.FigureName(who), s.Map.Label(next)), who
	case in:
		return fmt.Sprintf("%s is in the way at %s", s.FigureName(who), s.Map.Label(next)), ""
	default:
		return mountBar(s.Map, cur, d), ""
	}
}

// rode is rider id's event for its leg over segments from to to: where
// the mount took it, its status after (it moved, at a run when it
// galloped: TWTW Conflict: Move and Fire; Target Speed), and the sentence.
func (r *ride) rode(id string, from, to int) Event {
	s, l := r.s, r.legs[id]
	f := s.Figures[id]
	st := f.FigureStatus.clone()
	m := l.m
	steps := len(l.path) - 1
	if steps > 0 || l.stop == "" {
		start := l.path[0]
		st.Moved, st.Ran = true, st.Ran || m.Galloping
		if st.RoundStart == nil {
			st.RoundStart = &start
		}
		if steps > 0 {
			st.MoveFrom = &start
		}
		if s.Begun {
			m.Moved = s.Round
		}
	}
	text := r.rodeText(id, from, to)
	if l.stop != "" || l.arrived {
		m = *m.halt()
	}
	st.Mount = &m
	return Event{Kind: EventRode, Figure: id, Path: l.path, To: l.at, Facing: l.facing, Run: l.m.Galloping,
		APLeft: f.AP, Changes: []FigureChange{change(f, f.AP, st)}, Met: l.met, Text: text}
}

// rodeText says rider id's leg: how far, when, by which rule, and
// whether the mount stopped or reached the end of its course.
func (r *ride) rodeText(id string, from, to int) string {
	s, sc, l := r.s, r.sc, r.legs[id]
	m, name := l.m, r.s.FigureName(id)
	what := "the " + m.What
	What := strings.ToUpper(what[:1]) + what[1:]
	end := to // the segments counted, or until it stopped
	if l.done {
		end = l.last
	}
	when := fmt.Sprintf("in segment %d", from)
	if end != from {
		when = fmt.Sprintf("in segments %d to %d", from, end)
	}
	gait := ""
	if m.Galloping {
		gait = " at a gallop"
	}
	rule := fmt.Sprintf("(TWTW Conflict: Continuous Action Movement: %d paces a round%s, spread over the 20 segments, slowest rider first, before other actions)", m.Speed, gait)
	var text string
	switch steps := len(l.path) - 1; {
	case steps > 0:
		text = fmt.Sprintf("%s rides %s %s → %s on %s %s %s.", name, pacesText(float64(steps)*sc), s.Map.Label(l.path[0]), s.Map.Label(l.at), what, when, rule)
	case l.stop == "":
		text = fmt.Sprintf("%s rides %s on %s %s, still in %s (%s a hex) %s.", name, pacesText(float64(l.paces)), what, when, s.Map.Label(l.at), pacesText(sc), rule)
	default:
		text = fmt.Sprintf("%s cannot go on from %s %s.", What, s.Map.Label(l.at), when)
	}
	switch {
	case l.stop != "":
		text += fmt.Sprintf(" %s stops at %s: %s.", What, s.Map.Label(l.at), l.stop)
	case l.arrived:
		text += fmt.Sprintf(" %s reaches the end of its course and stands.", What)
	}
	return text
}

// hexesGone is how many hexes gone paces go on a map of sc paces a hex.
func hexesGone(gone int, sc float64) int {
	return int(math.Floor(float64(gone)/sc + 1e-9))
}

// applyRode folds a rode event: the rider where the mount carried it, its
// status after.
func (s *State) applyRode(e Event) error {
	f, ok := s.Figures[e.Figure]
	if !ok {
		return fmt.Errorf("event %d: no figure %q", e.Seq, e.Figure)
	}
	f.At, f.Facing = e.To, e.Facing
	for _, c := range e.Changes {
		g, ok := s.Figures[c.Figure]
		if !ok {
			return fmt.Errorf("event %d: no figure %q", e.Seq, c.Figure)
		}
		g.AP, g.FigureStatus = c.AP, c.Status.clone()
	}
	return nil
}
