package rules

import (
	"fmt"
	"math"

	"hexslinger/hexmap"
)

// MovementAPCost is TWTW's Movement AP Cost table (TWTW Conflict: Movement
// AP Cost). Per-pace surcharges are in AP; "per 2 paces" rows are halves.
var MovementAPCost = struct {
	DropProne             int // Drop prone: 1 AP
	StandUp               int // Stand up: 2 AP
	SteepGradePerPace     int // Maneuver up steep grade: +1 AP per pace
	GentleGradePer2Paces  int // Maneuver up gentle grade: +1 AP per 2 paces
	LadderPerPace         int // Climb ladder: +1 AP per pace
	StairsPer2Paces       int // Climb stairs: +1 AP per 2 paces
	ClimbWallPerPace      int // Climb wall/cliff face: +2 AP per pace
	DuckBehindCover       int // Duck behind cover: 1 AP
	EmergeFromCover       int // Emerge from cover: 1 AP
	TurnOneWithoutMoving  int // Change facing 60 degrees without moving: 1 AP
	TurnMoreWithoutMoving int // Change facing more than 60 degrees without moving: 2 AP
	Turn120DuringMove     int // Change facing 120 degrees during a move: 1 AP
	Turn180DuringMove     int // not in the table; DESIGN.md default: as turning more than 60 degrees in place
	RoughGroundPer2Paces  int // not in the table; DESIGN.md default: rough ground as a gentle grade
	FreeTurnStepsPerPace  int // "change facing up to 60 degrees (one hexside) per pace of movement for free"
	GentleRise, SteepRise int // elevation rise between neighbours that is a gentle or a steep grade (DESIGN.md)
}{
	DropProne: 1, StandUp: 2,
	SteepGradePerPace: 1, GentleGradePer2Paces: 1,
	LadderPerPace: 1, StairsPer2Paces: 1, ClimbWallPerPace: 2,
	DuckBehindCover: 1, EmergeFromCover: 1,
	TurnOneWithoutMoving: 1, TurnMoreWithoutMoving: 2,
	Turn120DuringMove: 1, Turn180DuringMove: 2,
	RoughGroundPer2Paces: 1, FreeTurnStepsPerPace: 1,
	GentleRise: 1, SteepRise: 2,
}

// Posture is how a figure stands.
type Posture int

// Postures.
const (
	Standing Posture = iota
	Prone
)

// PostureAP is the AP to go from one posture to another (TWTW Conflict:
// Movement AP Cost: drop prone 1 AP, stand up 2 AP).
func PostureAP(from, to Posture) int {
	switch {
	case from == to:
		return 0
	case to == Prone:
		return MovementAPCost.DropProne
	}
	return MovementAPCost.StandUp
}

// CoverAP is the AP to duck behind cover (duck true) or emerge from it
// (TWTW Conflict: Movement AP Cost: 1 AP each).
func CoverAP(duck bool) int {
	if duck {
		return MovementAPCost.DuckBehindCover
	}
	return MovementAPCost.EmergeFromCover
}

// TurnCost is the AP to change facing by steps hexsides without moving
// (TWTW Conflict: Movement AP Cost).
func TurnCost(steps int) int {
	switch {
	case steps <= 0:
		return 0
	case steps == 1:
		return MovementAPCost.TurnOneWithoutMoving
	}
	return MovementAPCost.TurnMoreWithoutMoving
}

// MoveCost prices TWTW movement for a figure that moves Pace paces for 1 AP
// (its Move, or its Run when running). It is a hexmap.CostModel whose unit
// is half a pace at that rate: UnitsPerAP = 2 × Pace, so one pace costs 2
// units and each "+1 AP per 2 paces" costs Pace units. The AP of a whole move
// is the units rounded up to whole AP (MoveAP).
//
// A hex is Scale paces across (the map's scale; 0 is 1): a step into a
// hex walks Scale paces, and what the table charges per pace (rough
// ground, grades) it charges Scale times; crossing a hexside feature (a
// fence) is one pace, and a rise is priced by its height, whatever the
// scale (docs/defaults.md).
type MoveCost struct {
	Pace  int
	Scale float64
}

// perHex is units charged per pace, for a whole hex's paces.
func (c MoveCost) perHex(units int) int {
	if c.Scale <= 0 || c.Scale == 1 {
		return units
	}
	return int(math.Round(float64(units) * c.Scale))
}

// UnitsPerAP is how many cost units make one AP.
func (c MoveCost) UnitsPerAP() int { return 2 * c.Pace }

// AP converts a move's cost units to the AP it takes: rounded up, and at
// least 1 for any move at all.
func (c MoveCost) AP(units int) int {
	if units <= 0 {
		return 0
	}
	u := c.UnitsPerAP()
	return (units + u - 1) / u
}

// Turn implements hexmap.CostModel: a pace may turn one hexside for free;
// turning 120 degrees costs 1 AP (TWTW Conflict: Movement AP Cost), and
// turning about during a pace the DESIGN.md default of 2 AP.
func (c MoveCost) Turn(steps int) int {
	switch {
	case steps <= MovementAPCost.FreeTurnStepsPerPace:
		return 0
	case steps == 2:
		return MovementAPCost.Turn120DuringMove * c.UnitsPerAP()
	}
	return MovementAPCost.Turn180DuringMove * c.UnitsPerAP()
}

// StepCost is the cost of one pace from from, facing facing, across
// hexside d: Step plus Turn.
func (c MoveCost) StepCost(m *hexmap.Map, from hexmap.Hex, facing, d hexmap.Direction) (int, bool) {
	cost, ok := c.Step(m, from, d)
	return cost + c.Turn(facing.Steps(d)), ok
}

// Step implements hexmap.CostModel: one pace from from into its neighbour
// across hexside d, with the surcharges of the Movement AP Cost table for
// grades, ladders, stairs, climbing and rough ground.
func (c MoveCost) Step(m *hexmap.Map, from hexmap.Hex, d hexmap.Direction) (int, bool) {
	to := from.Neighbor(d)
	t, ok := m.Terrain(to)
	if !ok || t.Move == hexmap.MoveImpassable {
		return 0, false
	}
	ap := c.UnitsPerAP()
	half := c.Pace // units of "+1 AP per 2 paces"
	perPace := 2
	switch t.Move {
	case hexmap.MoveRough:
		perPace += MovementAPCost.RoughGroundPer2Paces * half
	case hexmap.MoveGentle:
		perPace += MovementAPCost.GentleGradePer2Paces * half
	case hexmap.MoveSteep:
		perPace += MovementAPCost.SteepGradePerPace * ap
	}
	cost := c.perHex(perPace)
	if e, ok := m.EdgeFeature(from, d); ok {
		switch {
		case e.BlocksMove():
			return 0, false
		case e.Info().Climb:
			cost += MovementAPCost.ClimbWallPerPace * ap
		}
	}
	if f, ok := m.Feature(to); ok {
		switch {
		case f.BlocksMove():
			return 0, false
		case f.Info().Climb:
			cost += MovementAPCost.ClimbWallPerPace * ap
		}
	}
	if rise := m.Elevation(to) - m.Elevation(from); rise > 0 {
		cost += c.riseCost(m, from, to, rise)
	}
	return cost, true
}

// riseCost is the surcharge for climbing rise levels (paces) between two
// neighbouring hexes: by ladder or stairs when either hex has one, else by
// grade, and a rise past a steep grade is a wall or cliff face.
func (c MoveCost) riseCost(m *hexmap.Map, from, to hexmap.Hex, rise int) int {
	ap := c.UnitsPerAP()
	has := func(kind string) bool {
		a, _ := m.Feature(from)
		b, _ := m.Feature(to)
		return a.Kind == kind || b.Kind == kind
	}
	switch {
	case has("ladder"):
		return rise * MovementAPCost.LadderPerPace * ap
	case has("stairs"):
		return rise * MovementAPCost.StairsPer2Paces * c.Pace
	case rise <= MovementAPCost.GentleRise:
		return MovementAPCost.GentleGradePer2Paces * c.Pace
	case rise <= MovementAPCost.SteepRise:
		return MovementAPCost.SteepGradePerPace * ap
	}
	return rise * MovementAPCost.ClimbWallPerPace * ap
}

// MovePlan is a priced move: the route and the AP it takes.
type MovePlan struct {
	Route hexmap.Route
	AP    int
	Pace  int  // paces per AP used: Move, or Run when running
	Run   bool // the mover runs (TWTW: counts as running for the whole round)
}

// PlanMove prices the cheapest legal move of character c from at, facing
// facing, to the hex to, with apLeft to spend. blocked reports hexes other
// figures stand in. The error says in one sentence why the move is refused:
// the distance and the cost are checked before a figure standing in to,
// so that a refusal says "taken" only of a hex the mover could reach.
func PlanMove(m *hexmap.Map, c Character, at hexmap.Hex, facing hexmap.Direction, to hexmap.Hex, run bool, apLeft int, blocked func(hexmap.Hex) bool) (MovePlan, error) {
	pace := c.Move
	if run {
		if c.Run < 1 {
			return MovePlan{}, fmt.Errorf("%s cannot run", c.Name)
		}
		pace = c.Run
	}
	switch {
	case !m.Contains(to):
		return MovePlan{}, fmt.Errorf("%s is off the map", m.Label(to))
	case to == at:
		return MovePlan{}, fmt.Errorf("%s is already at %s", c.Name, m.Label(to))
	}
	if err := m.CanStand(to); err != nil {
		return MovePlan{}, err
	}
	taken := blocked != nil && blocked(to)
	if taken {
		others := blocked
		blocked = func(h hexmap.Hex) bool { return h != to && others(h) }
	}
	cost := MoveCost{Pace: pace, Scale: m.Scale}
	// The search stops at what apLeft can pay for, so that a far move on
	// a big map costs no more than the figure's reach (a hex past it is as
	// refused as one no path leads to).
	search := hexmap.Search{Map: m, Cost: cost, Blocked: blocked}
	if apLeft < math.MaxInt32/cost.UnitsPerAP() {
		search.Limit = max(apLeft, 0) * cost.UnitsPerAP()
	}
	r, ok := search.PathTo(at, facing, to)
	if !ok && search.Limit > 0 {
		far := &TooFarError{Name: c.Name, To: m.Label(to), Have: apLeft}
		if _, ok := (hexmap.Search{Map: m, Cost: cost, Blocked: blocked, Limit: search.Limit + cost.UnitsPerAP()}).PathTo(at, facing, to); ok {
			far.Need = apLeft + 1
		}
		return MovePlan{}, far
	}
	if !ok {
		return MovePlan{}, fmt.Errorf("no way to %s: walls, water or figures block every path", m.Label(to))
	}
	p := MovePlan{Route: r, AP: cost.AP(r.Cost), Pace: pace, Run: run}
	if p.AP > apLeft {
		return p, &TooFarError{Name: c.Name, To: m.Label(to), Need: p.AP, Have: apLeft}
	}
	if taken {
		return MovePlan{}, fmt.Errorf("%s is taken by another figure", m.Label(to))
	}
	return p, nil
}

// TooFarError is PlanMove's refusal of a hex the AP left does not reach.
type TooFarError struct {
	Name, To string // the mover's name, the hex's label
	Need     int    // the AP the move needs; 0: more than Have+1, or no way at all
	Have     int    // the AP left
}

func (e *TooFarError) Error() string {
	if e.Need == 0 {
		return fmt.Sprintf("no way to %s with the %d AP %s has left: it is too far, or walls, water or figures block every path", e.To, e.Have, e.Name)
	}
	return fmt.Sprintf("%s needs %d AP to reach %s but has %d left", e.Name, e.Need, e.To, e.Have)
}

// Reach explores every hex character c can reach from at, facing facing,
// with apLeft AP (running when run): the map window's movement overlay.
// Costs in the result are in cost units; MoveCost.AP turns them into AP.
// Release the result when done with it.
func Reach(m *hexmap.Map, c Character, at hexmap.Hex, facing hexmap.Direction, run bool, apLeft int, blocked func(hexmap.Hex) bool) (*hexmap.Reach, MoveCost) {
	pace := c.Move
	if run && c.Run > 0 {
		pace = c.Run
	}
	cost := MoveCost{Pace: max(1, pace), Scale: m.Scale}
	if apLeft <= 0 {
		apLeft = 0
	}
	s := hexmap.Search{Map: m, Cost: cost, Blocked: blocked, Limit: max(1, apLeft*cost.UnitsPerAP())}
	return s.Reachable(at, facing), cost
}
