package rules

import (
	"cmp"
	"errors"
	"math"
	"strings"
	"testing"

	"hexslinger/hexmap"
)

// line builds a one-row pointy map of n dirt hexes; hex i is (i,0).
func line(t *testing.T, n int) *hexmap.Map {
	t.Helper()
	m, err := hexmap.New("line", hexmap.Pointy, n, 1, "dirt")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func moveAP(t *testing.T, m *hexmap.Map, pace int, from hexmap.Hex, facing hexmap.Direction, to hexmap.Hex) int {
	t.Helper()
	c := MoveCost{Pace: pace}
	r, ok := hexmap.Search{Map: m, Cost: c}.PathTo(from, facing, to)
	if !ok {
		t.Fatalf("no path %v -> %v", from, to)
	}
	return c.AP(r.Cost)
}

// The rows of TWTW Conflict: Movement AP Cost.
func TestMovementAPCost(t *testing.T) {
	const e = hexmap.Direction(0)
	h := func(q int) hexmap.Hex { return hexmap.Hex{Q: q} }
	t.Run("maneuver: Move paces for 1 AP", func(t *testing.T) {
		if got := moveAP(t, line(t, 12), 5, h(0), e, h(5)); got != 1 {
			t.Errorf("5 paces at Move 5: %d AP, want 1", got)
		}
		if got := moveAP(t, line(t, 12), 5, h(0), e, h(6)); got != 2 {
			t.Errorf("6 paces at Move 5: %d AP, want 2", got)
		}
	})
	t.Run("maneuver: Run paces for 1 AP", func(t *testing.T) {
		if got := moveAP(t, line(t, 12), 10, h(0), e, h(10)); got != 1 {
			t.Errorf("10 paces at Run 10: %d AP, want 1", got)
		}
	})
	t.Run("maneuver up steep grade: +1 AP per pace", func(t *testing.T) {
		m := line(t, 12)
		m.SetElevation(h(1), 2)
		m.SetElevation(h(2), 4)
		// 2 paces (under 1 AP at Move 5) plus 2 steep paces: 1 + 2 = 3 AP.
		if got := moveAP(t, m, 5, h(0), e, h(2)); got != 3 {
			t.Errorf("got %d AP, want 3", got)
		}
	})
	t.Run("maneuver up gentle grade: +1 AP per 2 paces", func(t *testing.T) {
		m := line(t, 12)
		for q := 1; q <= 4; q++ {
			m.SetElevation(h(q), q)
		}
		// 4 paces at Move 5 (1 AP) plus 4 gentle paces (2 AP): 3 AP.
		if got := moveAP(t, m, 5, h(0), e, h(4)); got != 3 {
			t.Errorf("got %d AP, want 3", got)
		}
	})
	t.Run("climb ladder: +1 AP per pace", func(t *testing.T) {
		m := line(t, 12)
		m.SetElevation(h(1), 3)
		ladder, _ := hexmap.NewFeature("ladder")
		m.SetFeature(h(1), ladder)
		if got := moveAP(t, m, 5, h(0), e, h(1)); got != 4 {
			t.Errorf("1 pace and 3 paces up a ladder: %d AP, want 4", got)
		}
	})
	t.Run("climb stairs: +1 AP per 2 paces", func(t *testing.T) {
		m := line(t, 12)
		m.SetElevation(h(1), 4)
		stairs, _ := hexmap.NewFeature("stairs")
		m.SetFeature(h(1), stairs)
		if got := moveAP(t, m, 5, h(0), e, h(1)); got != 3 {
			t.Errorf("1 pace and 4 paces up stairs: %d AP, want 3", got)
		}
	})
	t.Run("climb wall/cliff face: +2 AP per pace", func(t *testing.T) {
		m := line(t, 12)
		m.SetElevation(h(1), 3)
		if got := moveAP(t, m, 5, h(0), e, h(1)); got != 7 {
			t.Errorf("1 pace and a 3-pace cliff: %d AP, want 7", got)
		}
	})
	t.Run("drop prone: 1 AP", func(t *testing.T) {
		if got := PostureAP(Standing, Prone); got != 1 {
			t.Errorf("got %d", got)
		}
	})
	t.Run("stand up: 2 AP", func(t *testing.T) {
		if got := PostureAP(Prone, Standing); got != 2 {
			t.Errorf("got %d", got)
		}
		if got := PostureAP(Prone, Prone); got != 0 {
			t.Errorf("staying prone costs %d", got)
		}
	})
	t.Run("duck behind cover: 1 AP", func(t *testing.T) {
		if got := CoverAP(true); got != 1 {
			t.Errorf("got %d", got)
		}
	})
	t.Run("emerge from cover: 1 AP", func(t *testing.T) {
		if got := CoverAP(false); got != 1 {
			t.Errorf("got %d", got)
		}
	})
	t.Run("maneuver up a steep grade drawn as terrain: +1 AP per pace", func(t *testing.T) {
		m := line(t, 12)
		m.SetTerrain(h(1), "steep grade")
		m.SetTerrain(h(2), "steep grade")
		if got := moveAP(t, m, 5, h(0), e, h(2)); got != 3 {
			t.Errorf("2 paces, both steep: %d AP, want 3", got)
		}
	})
	t.Run("maneuver up a gentle grade drawn as terrain: +1 AP per 2 paces", func(t *testing.T) {
		m := line(t, 12)
		for q := 1; q <= 4; q++ {
			m.SetTerrain(h(q), "gentle grade")
		}
		if got := moveAP(t, m, 5, h(0), e, h(4)); got != 3 {
			t.Errorf("4 gentle paces: %d AP, want 3", got)
		}
	})
	t.Run("change facing 60 degrees without moving: 1 AP", func(t *testing.T) {
		if got := TurnCost(1); got != 1 {
			t.Errorf("got %d", got)
		}
	})
	t.Run("change facing more than 60 degrees without moving: 2 AP", func(t *testing.T) {
		if TurnCost(2) != 2 || TurnCost(3) != 2 {
			t.Errorf("got %d and %d", TurnCost(2), TurnCost(3))
		}
	})
	t.Run("change facing up to 60 degrees per pace during a move: free", func(t *testing.T) {
		m, _ := hexmap.New("field", hexmap.Pointy, 10, 10, "dirt")
		// Facing E, stepping NE then NW: one hexside a pace.
		from := hexmap.Hex{Q: 3, R: 5}
		to := from.Neighbor(1).Neighbor(2)
		if got := moveAP(t, m, 5, from, e, to); got != 1 {
			t.Errorf("got %d AP, want 1", got)
		}
	})
	t.Run("change facing 120 degrees during a move: 1 AP", func(t *testing.T) {
		c := MoveCost{Pace: 5}
		m, _ := hexmap.New("field", hexmap.Pointy, 10, 10, "dirt")
		got, ok := c.StepCost(m, hexmap.Hex{Q: 3, R: 5}, e, 2)
		if !ok || c.AP(got) != 2 {
			t.Errorf("a pace turning 120 degrees: %d units (%d AP), want 1 pace + 1 AP", got, c.AP(got))
		}
	})
}

func TestMovementBlocks(t *testing.T) {
	c := MoveCost{Pace: 5}
	m := line(t, 4)
	wall, _ := hexmap.NewFeature("wall")
	m.SetEdge(hexmap.Hex{Q: 1}, 0, wall)
	if _, ok := (hexmap.Search{Map: m, Cost: c}).PathTo(hexmap.Hex{}, 0, hexmap.Hex{Q: 3}); ok {
		t.Errorf("a path crosses a wall on a one-row map")
	}
	door, _ := hexmap.NewFeature("door")
	door.Open = true
	m.SetEdge(hexmap.Hex{Q: 1}, 0, door)
	if _, ok := (hexmap.Search{Map: m, Cost: c}).PathTo(hexmap.Hex{}, 0, hexmap.Hex{Q: 3}); !ok {
		t.Errorf("no path through an open door")
	}
	m.SetTerrain(hexmap.Hex{Q: 2}, "water")
	if _, ok := (hexmap.Search{Map: m, Cost: c}).PathTo(hexmap.Hex{}, 0, hexmap.Hex{Q: 3}); ok {
		t.Errorf("a path crosses deep water")
	}
}

func TestPathGoesAroundWalls(t *testing.T) {
	m, _ := hexmap.New("yard", hexmap.Pointy, 8, 8, "dirt")
	wall, _ := hexmap.NewFeature("wall")
	from := hexmap.Hex{Q: 1, R: 3}
	m.SetEdge(from, 0, wall)
	c := MoveCost{Pace: 6}
	crosses := func(r hexmap.Route) bool {
		for i := 1; i < len(r.Hexes); i++ {
			d, _ := r.Hexes[i-1].DirectionTo(r.Hexes[i])
			if f, ok := m.EdgeFeature(r.Hexes[i-1], d); ok && f.BlocksMove() {
				return true
			}
		}
		return false
	}
	// Two paces with a 120-degree turn cost 2 AP at Move 6; the six-pace
	// loop that turns one hexside a pace costs 1.
	r, ok := hexmap.Search{Map: m, Cost: c}.PathTo(from, 0, from.Neighbor(0))
	if !ok || crosses(r) || c.AP(r.Cost) != 1 {
		t.Fatalf("route around a wall: %+v %v, want 1 AP", r, ok)
	}
	blocked := func(h hexmap.Hex) bool { return h == from.Neighbor(1) }
	r, ok = hexmap.Search{Map: m, Cost: c, Blocked: blocked}.PathTo(from, 0, from.Neighbor(0))
	if !ok || crosses(r) || r.Hexes[1] == from.Neighbor(1) {
		t.Fatalf("route around a wall and a figure: %+v %v", r, ok)
	}
	reach := hexmap.Search{Map: m, Cost: c, Limit: c.UnitsPerAP()}.Reachable(from, 0)
	for _, h := range reach.Hexes() {
		cost, _ := reach.Cost(h)
		if c.AP(cost) > 1 {
			t.Errorf("%v reachable for %d AP with 1 AP to spend", h, c.AP(cost))
		}
	}
	if len(reach.Hexes()) < 10 {
		t.Errorf("only %d hexes reachable for 1 AP at Move 6", len(reach.Hexes()))
	}
}

func TestReachWithAPLeft(t *testing.T) {
	m, _ := hexmap.New("field", hexmap.Pointy, 30, 30, "dirt")
	c := Character{ID: "c", Name: "C", Move: 6, Run: 12, Size: 6}
	at := hexmap.Hex{Q: 8, R: 15}
	r, cost := Reach(m, c, at, 0, false, 2, nil)
	defer r.Release()
	for _, h := range r.Hexes() {
		u, _ := r.Cost(h)
		if ap := cost.AP(u); ap > 2 {
			t.Errorf("%v reachable for %d AP with 2 left", h, ap)
		}
		if plan, err := PlanMove(m, c, at, 0, h, false, 2, nil); h != at && (err != nil || plan.AP != cost.AP(u)) {
			t.Errorf("%v: the overlay says %d AP, PlanMove %+v %v", h, cost.AP(u), plan, err)
		}
	}
	if ahead := at.Add(hexmap.Hex{Q: 12}); !contains(r.Hexes(), ahead) {
		t.Errorf("12 paces straight ahead is not reachable with 2 AP at Move 6")
	}
	if far := at.Add(hexmap.Hex{Q: 13}); contains(r.Hexes(), far) {
		t.Errorf("13 paces ahead is reachable with 2 AP at Move 6")
	}
	run, _ := Reach(m, c, at, 0, true, 1, nil)
	defer run.Release()
	if !contains(run.Hexes(), at.Add(hexmap.Hex{Q: 12})) {
		t.Errorf("running, 12 paces is not reachable for 1 AP at Run 12")
	}
}

func contains(hs []hexmap.Hex, h hexmap.Hex) bool {
	for _, x := range hs {
		if x == h {
			return true
		}
	}
	return false
}

// TestMoveCountsTheHexsPaces: on a map whose hexes are 2 paces across, a
// figure of Move 6 walks 3 hexes for 1 AP, not 6 (TWTW Conflict:
// Movement: "Move characteristic" paces for 1 AP), and rough ground
// charges its "+1 AP per 2 paces" for both paces of a hex.
func TestMoveCountsTheHexsPaces(t *testing.T) {
	for _, tc := range []struct {
		name    string
		scale   float64
		terrain string
		hexes   int
		ap      int
	}{
		{"1 pace a hex: 6 hexes for 1 AP", 1, "", 6, 1},
		{"2 paces a hex: 3 hexes for 1 AP", 2, "", 3, 1},
		{"2 paces a hex: 4 hexes are 8 paces, 2 AP", 2, "", 4, 2},
		{"2 paces a hex of rough ground: 2 hexes are 4 paces, 1 AP by Move and 2 for the ground", 2, "rough", 2, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := hexmap.New("field", hexmap.Pointy, 20, 5, cmp.Or(tc.terrain, "grass"))
			if err != nil {
				t.Fatal(err)
			}
			m.Scale = tc.scale
			from := hexmap.Pointy.FromOffset(hexmap.Offset{Col: 1, Row: 2})
			to := from
			for range tc.hexes {
				to = to.Neighbor(0)
			}
			c := Character{Name: "Walker", Move: 6, Run: 12, Size: 6}
			p, err := PlanMove(m, c, from, 0, to, false, 20, func(hexmap.Hex) bool { return false })
			if err != nil {
				t.Fatal(err)
			}
			if p.AP != tc.ap {
				t.Errorf("%d hexes cost %d AP, want %d", tc.hexes, p.AP, tc.ap)
			}
		})
	}
}

// TestPlanMoveChecksDistanceBeforeOccupancy: a hex out of reach is
// refused as too far whoever stands in it; one in reach with a figure in
// it as taken; the figure in the way is planned around either way.
func TestPlanMoveChecksDistanceBeforeOccupancy(t *testing.T) {
	m, _ := hexmap.New("field", hexmap.Pointy, 30, 5, "dirt")
	c := Character{ID: "c", Name: "C", Move: 6, Run: 12, Size: 6}
	at := hexmap.Hex{Q: 2, R: 2}
	near, far := at.Add(hexmap.Hex{Q: 3}), at.Add(hexmap.Hex{Q: 20})
	occupied := func(h hexmap.Hex) bool { return h == near || h == far }
	for _, tc := range []struct {
		name string
		to   hexmap.Hex
		want string
	}{
		{"out of reach", far, "no way to"},
		{"in reach", near, "is taken by another figure"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := PlanMove(m, c, at, 0, tc.to, false, 2, occupied)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("PlanMove to %v: %v, want %q", tc.to, err, tc.want)
			}
		})
	}
}

// TestClimbingAFenceOrATable pins Step's climb over an edge feature and a
// hex feature one may climb (TWTW Conflict: Movement AP Cost, "Climb
// wall/cliff face: +2 AP per pace"): one pace over a fence or onto a
// table at Move 5 is 1 AP for the pace and 2 for the climb.
func TestClimbingAFenceOrATable(t *testing.T) {
	const e = hexmap.Direction(0)
	h := func(q int) hexmap.Hex { return hexmap.Hex{Q: q} }
	fence, _ := hexmap.NewFeature("fence")
	table, _ := hexmap.NewFeature("table")
	over := line(t, 4)
	if err := over.SetEdge(h(0), e, fence); err != nil {
		t.Fatal(err)
	}
	onto := line(t, 4)
	onto.SetFeature(h(1), table)
	for name, m := range map[string]*hexmap.Map{"over a fence": over, "onto a table": onto} {
		if got := moveAP(t, m, 5, h(0), e, h(1)); got != 3 {
			t.Errorf("one pace %s at Move 5: %d AP, want 1 + 2 = 3", name, got)
		}
	}
}

// TestPlanMoveSaysHowFar pins PlanMove's refusals: a hex one AP past the
// AP left is "needs N AP" with N one more than it has; a hex further off
// is too far with no number; a hex walled off is "no way" and no
// TooFarError, even with AP past any limit of the search.
func TestPlanMoveSaysHowFar(t *testing.T) {
	m, _ := hexmap.New("field", hexmap.Pointy, 30, 5, "dirt")
	c := Character{ID: "c", Name: "C", Move: 5, Size: 6}
	at := hexmap.Hex{Q: 2, R: 2}
	for _, tc := range []struct {
		name       string
		to         hexmap.Hex
		need, have int
	}{
		{"12 paces with 2 AP: 3 AP", at.Add(hexmap.Hex{Q: 12}), 3, 2},
		{"20 paces with 2 AP", at.Add(hexmap.Hex{Q: 20}), 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := PlanMove(m, c, at, 0, tc.to, false, tc.have, nil)
			var far *TooFarError
			if !errors.As(err, &far) || far.Need != tc.need || far.Have != tc.have {
				t.Errorf("PlanMove to %v with %d AP: %v, want too far, needing %d", tc.to, tc.have, err, tc.need)
			}
		})
	}
	t.Run("walled off", func(t *testing.T) {
		walled := line(t, 6)
		wall, _ := hexmap.NewFeature("wall")
		if err := walled.SetEdge(hexmap.Hex{Q: 3}, 0, wall); err != nil {
			t.Fatal(err)
		}
		_, err := PlanMove(walled, c, hexmap.Hex{}, 0, hexmap.Hex{Q: 5}, false, math.MaxInt32, nil)
		var far *TooFarError
		if err == nil || errors.As(err, &far) || !strings.Contains(err.Error(), "no way to") {
			t.Errorf("PlanMove past a wall with %d AP: %v, want no way and no TooFarError", math.MaxInt32, err)
		}
	})
}
