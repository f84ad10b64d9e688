package rules

import (
	"reflect"
	"testing"
)

func TestInitiative(t *testing.T) {
	cyril := Character{ID: "cyril", Name: "Cyril Wellington", Traits: Traits{Quickness: 5}, Move: 6, Size: 6}
	tests := []struct {
		name   string
		dice   []int
		wounds int
		want   int
	}{
		// Quickness 5: 5d8, no trait bonus (d8, not d12). AP 10.
		{"no success: the AP alone", []int{1, 2, 3, 4, 4}, 0, 10},
		{"two successes, one bump", []int{7, 5, 1, 1, 1}, 0, 13},
		{"a light wound costs 2", []int{7, 5, 1, 1, 1}, 2, 11},
		{"at most 20", []int{8, 8, 8, 8, 8, 8}, 0, 20},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, err := RollInitiative(cyril, tc.wounds, &Given{Dice: tc.dice})
			if err != nil {
				t.Fatal(err)
			}
			if in.Number != tc.want {
				t.Errorf("initiative %d (%s), want %d", in.Number, in.Explained, tc.want)
			}
			if in.Roll.Pool.Sides != 8 {
				t.Errorf("initiative pool %v: the trait bonus must be ignored", in.Roll.Pool)
			}
		})
	}
}

func TestRoundTiming(t *testing.T) {
	r := NewRound(1, map[string]int{"cyril": 13, "miranda": 20, "jeb": 7}, map[string]int{"cyril": 5, "miranda": 4, "jeb": 2})
	if got := r.ActingNow(); !reflect.DeepEqual(got, []string{"miranda"}) {
		t.Errorf("at segment 20: %v, want miranda alone", got)
	}
	if !r.MayAct("miranda") || r.MayAct("cyril") {
		t.Errorf("at 20 Miranda may act and Cyril not")
	}
	if d := r.InterruptDowngrades("cyril"); d != 7 {
		t.Errorf("Cyril interrupting at 20 with 13: %d downgrades, want 7", d)
	}
	for r.Segment > 13 {
		r.Next()
	}
	if got := r.ActingNow(); !reflect.DeepEqual(got, []string{"cyril", "miranda"}) {
		t.Errorf("at segment 13: %v, want cyril (Quickness 5) then miranda (4)", got)
	}
	if err := r.Pay("cyril", 7); err != nil || r.AP("cyril") != 6 {
		t.Errorf("Cyril pays 7: %v, %d left", err, r.AP("cyril"))
	}
	if err := r.Pay("cyril", 7); err == nil {
		t.Errorf("Cyril paid 7 AP with 6 left")
	}
	if r.MayAct("cyril") {
		t.Errorf("Cyril at 6 may act at segment 13")
	}
	r.Pay("miranda", 20)
	r.Pay("cyril", 6)
	r.Pay("jeb", 7)
	if !r.Over() {
		t.Errorf("the round goes on with every AP spent")
	}
	r2 := NewRound(2, map[string]int{"a": 1}, nil)
	for r2.Next() {
	}
	if r2.Segment != 0 {
		t.Errorf("the round ended at segment %d", r2.Segment)
	}
}

func TestContinuousMove(t *testing.T) {
	for _, paces := range []int{0, 7, 18, 20, 26, 45} {
		s := ContinuousMove(paces)
		lo, hi, sum := s[0], s[0], 0
		for _, v := range s {
			lo, hi, sum = min(lo, v), max(hi, v), sum+v
		}
		if sum != paces || hi-lo > 1 {
			t.Errorf("%d paces over 20 segments: %v (sum %d, spread %d)", paces, s, sum, hi-lo)
		}
	}
	got := ContinuousOrder([]string{"wagon", "horse", "mule"}, map[string]int{"wagon": 2, "horse": 5, "mule": 3})
	if !reflect.DeepEqual(got, []string{"wagon", "mule", "horse"}) {
		t.Errorf("continuous order %v, want slowest first", got)
	}
}

func TestSkillOverTurns(t *testing.T) {
	pick := SkillAttempt{Skill: "lockpicking", Cost: SkillAPFullFocus}
	if pick.Pay(5) {
		t.Errorf("picking a lock resolved after 5 of 8 AP")
	}
	if !pick.Pay(3) || pick.Paid != 8 {
		t.Errorf("picking a lock not resolved after 8 AP: %+v", pick)
	}
}

func TestWoundEffects(t *testing.T) {
	for n, want := range map[int]int{0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 7: 5} {
		if got := WoundPenalty(n); got != want {
			t.Errorf("WoundPenalty(%d) = %d, want %d", n, got, want)
		}
	}
	if WoundEffects[4].StunTN != 9 || WoundEffects[1].Name != "Flesh Wound" {
		t.Errorf("wound table %v", WoundEffects)
	}
}

// TestNoOneActsOnceTheRoundIsOver pins MayAct's and Next's end of the
// round (TWTW Conflict: Round Timing, "The round begins at 20 and counts
// down to 1"): past segment 1 the round is over, so a figure with AP left may not act, and
// a further Next leaves the round at segment 0.
func TestNoOneActsOnceTheRoundIsOver(t *testing.T) {
	r := NewRound(1, map[string]int{"cyril": 1, "miranda": 3}, nil)
	r.Pay("miranda", 3)
	for r.Next() {
	}
	if r.Segment != 0 || r.AP("cyril") != 1 {
		t.Fatalf("after the last segment: segment %d, Cyril %d AP; want 0 and 1", r.Segment, r.AP("cyril"))
	}
	if r.MayAct("cyril") {
		t.Errorf("Cyril with 1 AP may act at segment 0, after the round")
	}
	if got := r.ActingNow(); len(got) != 0 {
		t.Errorf("acting after the round: %v, want nobody", got)
	}
	if r.Next() || r.Segment != 0 {
		t.Errorf("Next after the round: segment %d, want it to stay 0 and the round over", r.Segment)
	}
}

// TestActingNowIsInQuicknessOrder pins the order of figures acting in one
// segment (ActingNow: "in Quickness order (highest first)"): the quicker
// first, whatever their names; only a tie goes by name.
func TestActingNowIsInQuicknessOrder(t *testing.T) {
	r := NewRound(1, map[string]int{"abe": 20, "zeke": 20, "mae": 20}, map[string]int{"abe": 2, "zeke": 5, "mae": 2})
	if got, want := r.ActingNow(), []string{"zeke", "abe", "mae"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Quickness abe 2, zeke 5, mae 2: %v, want %v", got, want)
	}
}

// TestContinuousOrderKeepsTies pins ContinuousOrder on equal Quickness
// (TWTW Conflict: Continuous Action Movement, "from slowest to fastest,
// based on Quickness value"): movers of equal Quickness keep the order
// they were given in.
func TestContinuousOrderKeepsTies(t *testing.T) {
	q := map[string]int{"wagon": 3, "mule": 3, "horse": 5, "cart": 3}
	got := ContinuousOrder([]string{"wagon", "horse", "mule", "cart"}, q)
	if want := []string{"wagon", "mule", "cart", "horse"}; !reflect.DeepEqual(got, want) {
		t.Errorf("ContinuousOrder(wagon 3, horse 5, mule 3, cart 3) = %v, want %v", got, want)
	}
}
