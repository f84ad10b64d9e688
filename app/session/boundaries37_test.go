package session

import (
	"strconv"
	"strings"
	"testing"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// The boundaries of issue 37's ledger rows: each test breaks where its
// rule would be read one step off (a rounding, a step's size), which the
// row's older test did not.

// modifierNamed is the modifier of p whose name begins with prefix, and
// whether there is one (PlanShot leaves out a modifier of nothing).
func modifierNamed(p rules.ShotPlan, prefix string) (rules.Modifier, bool) {
	for _, m := range p.Modifiers {
		if strings.HasPrefix(m.Name, prefix) {
			return m, true
		}
	}
	return rules.Modifier{}, false
}

// placeAt puts figure id on an empty hex of the demo map at exactly
// hexes from figure from's hex: the Judge removes it and places it there.
func placeAt(t *testing.T, s *Session, id, from string, hexes int) {
	t.Helper()
	st := s.State()
	at := st.Figures[from].At
	f := *st.Figures[id]
	mustDo(t, s, Command{Kind: CommandRemoveFigure, Figure: id})
	st = s.State()
	var last error
	for _, h := range st.Map.Hexes() {
		if at.DistanceTo(h) != hexes || hasFigure(st, h) {
			continue
		}
		_, err := s.Do(Command{Kind: CommandPlace, Place: []FigureSpec{{ID: id, Character: f.Character, Side: f.Side, At: st.Map.Label(h), Facing: "W"}}})
		if err == nil {
			return
		}
		last = err
	}
	t.Fatalf("no hex %d from %s takes %s: %v", hexes, from, id, last)
}

// TestTheRangeIncrementCountsFullIncrements: "TN … per range increment"
// (TWTW Conflict: Range), full increments only: Cyril's Schofield
// (range 10) adds nothing at 9 paces, 1 at 10 and at 19, 2 at 20. Read
// by rounding (math.Round) or by rounding up, 9 and 19 paces count one
// increment too many.
func TestTheRangeIncrementCountsFullIncrements(t *testing.T) {
	for _, tc := range []struct {
		paces, wantTN int
	}{{9, 5}, {10, 6}, {19, 6}, {20, 7}} {
		t.Run(strconv.Itoa(tc.paces)+" paces", func(t *testing.T) {
			s := open(t)
			if sc := s.State().Map.Scale; sc != 1 {
				t.Fatalf("the demo map is %g paces a hex, want 1", sc)
			}
			placeAt(t, s, "zeke", "cyril", tc.paces)
			plan, err := s.State().PlanShoot("cyril", "schofield", []ShotOrder{{Target: "zeke", Kind: "normal"}})
			if err != nil {
				t.Fatal(err)
			}
			p := plan.Series.Plans[0]
			if p.Shot.Distance != float64(tc.paces) {
				t.Fatalf("distance %g, want %d", p.Shot.Distance, tc.paces)
			}
			m, _ := modifierNamed(p, "range ")
			if got := p.BaseTN + m.TN; got != tc.wantTN {
				t.Errorf("the Schofield at %d paces: TN %d from range, want %d (%s)", tc.paces, got, tc.wantTN, p.Explain())
			}
		})
	}
}

// TestTargetSpeedDowngradesEveryFivePaces: "Target is moving 1 downgrade
// per 5 paces relative speed" (TWTW Conflict: Modifiers): Zeke walking 4
// paces west costs Jeb's shot nothing, 5 one downgrade, 9 one, 10 two. A
// step of 4 or 6 paces is off at one of them.
func TestTargetSpeedDowngradesEveryFivePaces(t *testing.T) {
	for _, tc := range []struct {
		paces, want int
	}{{4, 0}, {5, 1}, {9, 1}, {10, 2}} {
		t.Run(strconv.Itoa(tc.paces)+" paces", func(t *testing.T) {
			s := open(t)
			to := s.State().Figures["zeke"].At
			for range tc.paces {
				to = to.Neighbor(3)
			}
			mustDo(t, s, Command{Kind: CommandMove, Figure: "zeke", To: &to})
			plan, err := s.State().PlanShoot("jeb", "winchester", []ShotOrder{{Target: "zeke", Kind: "normal"}})
			if err != nil {
				t.Fatal(err)
			}
			p := plan.Series.Plans[0]
			if p.Shot.RelativeSpeed != tc.paces {
				t.Fatalf("relative speed %d, want %d", p.Shot.RelativeSpeed, tc.paces)
			}
			m, _ := modifierNamed(p, "relative speed")
			if got := -m.Steps; got != tc.want {
				t.Errorf("Zeke %d paces west: %d downgrade(s), want %d (%s)", tc.paces, got, tc.want, p.Explain())
			}
		})
	}
}

// hasFigure reports whether a figure stands on h.
func hasFigure(st *State, h hexmap.Hex) bool {
	_, ok := st.FigureAt(h)
	return ok
}

// TestTheDefenseValueRoundsUp: the defense value a blow must reach is 4
// plus half the defender's hand-to-hand skill rounded up (the better of
// unarmed and melee; TWTW Conflict: "4 + half of the level with the hand
// to hand skill they are using, rounded up"): Jeb at melee 1 and 2 has defense
// 5, at 3 and 4 defense 6. Rounded down, melee 1 and 3 are one short.
func TestTheDefenseValueRoundsUp(t *testing.T) {
	for _, tc := range []struct{ melee, want int }{{0, 4}, {1, 5}, {2, 5}, {3, 6}, {4, 6}} {
		t.Run("melee "+strconv.Itoa(tc.melee), func(t *testing.T) {
			s := open(t)
			jeb := s.State().Characters["jeb"].Clone()
			jeb.Skills["melee"], jeb.Skills["unarmed"] = tc.melee, 0
			mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &jeb})
			besideJeb(t, s)
			mp, err := s.State().PlanMelee("cyril", "", &BlowOrder{Target: "jeb", Attack: "quick"})
			if err != nil {
				t.Fatal(err)
			}
			if mp.TN != tc.want {
				t.Errorf("Jeb at melee %d: defense %d, want %d", tc.melee, mp.TN, tc.want)
			}
		})
	}
}
