package savage

import (
	"math"
	"strings"
	"testing"

	"hexslinger/rules/internal/testdice"
)

type dice = testdice.Dice

// enumerate is the chance, by brute force over the faces, that an Acing die
// of sides faces totals at least t (chains deeper than depth are dropped;
// their weight is below sides^-depth).
func enumerate(sides, t, depth int) float64 {
	var walk func(sum int, p float64, d int) float64
	walk = func(sum int, p float64, d int) float64 {
		if d == depth {
			return 0
		}
		got := 0.0
		for f := 1; f <= sides; f++ {
			q := p / float64(sides)
			switch {
			case f == sides:
				if sum+f >= t {
					got += q // it is there whatever the Ace adds
				} else {
					got += walk(sum+f, q, d+1)
				}
			case sum+f >= t:
				got += q
			}
		}
		return got
	}
	return walk(0, 1, 0)
}

// Savage Worlds: a Wild Card's trait roll with d4 … d12 meets TN 4 when
// its trait die or its Wild Die (d6) does, each Acing.
func TestWildCardChanceAtTN4(t *testing.T) {
	for _, tc := range []struct {
		name  string
		sides int
		want  float64
	}{
		{"d4", 4, 0.625},
		{"d6", 6, 0.75},
		{"d8", 8, 0.8125},
		{"d10", 10, 0.85},
		{"d12", 12, 0.875},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := TraitChance(tc.sides, 0, 4, true)
			if math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("exact: %.6f, want %.6f", got, tc.want)
			}
			byHand := 1 - (1-enumerate(tc.sides, 4, 12))*(1-enumerate(WildDie, 4, 12))
			if math.Abs(got-byHand) > 1e-9 {
				t.Errorf("exact %.9f, enumerated %.9f", got, byHand)
			}
		})
	}
}

// Aces matter past the top face: the exact chance agrees with enumeration
// at every die and TN up to 30, with modifiers.
func TestAceChanceAgreesWithEnumeration(t *testing.T) {
	for _, s := range DieTypes {
		for tn := 1; tn <= 30; tn++ {
			for _, m := range []int{-2, 0, 1} {
				want := 1 - (1-enumerate(s, tn-m, 14))*(1-enumerate(WildDie, tn-m, 14))
				if got := TraitChance(s, m, tn, true); math.Abs(got-want) > 1e-9 {
					t.Fatalf("d%d%+d vs TN %d: exact %.9f, enumerated %.9f", s, m, tn, got, want)
				}
			}
		}
	}
}

func TestParry(t *testing.T) {
	for _, tc := range []struct {
		name            string
		fighting, bonus int
		want            int
	}{
		{"no Fighting", 0, 0, 2},
		{"d4", 4, 0, 4},
		{"d6", 6, 0, 5},
		{"d8", 8, 0, 6},
		{"d10", 10, 0, 7},
		{"d12", 12, 0, 8},
		{"d12+2", 12, 2, 9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Parry(tc.fighting, tc.bonus); got != tc.want {
				t.Errorf("Parry %d, want %d", got, tc.want)
			}
		})
	}
}

func TestRangeBands(t *testing.T) {
	pistol := Weapon{Name: "Colt Peacemaker", Short: 12, Med: 24, Long: 48, RoF: 1, Damage: []int{6, 6}}
	knife := Weapon{Name: "throwing knife", Short: 3, Med: 6, Long: 12, RoF: 1, Damage: []int{4}, Thrown: true}
	for _, tc := range []struct {
		name   string
		w      Weapon
		inches int
		aimed  bool
		band   Band
		mod    int
		err    string
	}{
		{"short: no modifier", pistol, 12, false, Short, 0, ""},
		{"medium: -2", pistol, 13, false, Medium, -2, ""},
		{"long: -4", pistol, 48, false, Long, -4, ""},
		{"extreme with Aim: -8", pistol, 150, true, Extreme, -8, ""},
		{"extreme without Aim", pistol, 150, false, OutOfRange, 0, "needs the Aim action"},
		{"past four times Long", pistol, 193, true, OutOfRange, 0, "past Extreme Range"},
		{"no thrown weapon at Extreme", knife, 20, true, OutOfRange, 0, "thrown weapons cannot"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := tc.w.BandAt(tc.inches, tc.aimed)
			if b != tc.band || b.RangeModifier() != tc.mod || (tc.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.err)) {
				t.Errorf("%d\": %s %+d %v, want %s %+d %q", tc.inches, b, b.RangeModifier(), err, tc.band, tc.mod, tc.err)
			}
		})
	}
	if got := ShotModifier(Medium, 3, 1, false); got != -2-2-1 {
		t.Errorf("three shots at Medium with a Wound: %+d, want -5", got)
	}
	if got := ShotModifier(Short, 1, 5, true); got != -3-2 {
		t.Errorf("running with five Wounds: %+d, want -5 (wounds cap at -3)", got)
	}
}

func TestTraitRolls(t *testing.T) {
	for _, tc := range []struct {
		name    string
		faces   []int
		sides   int
		mod, tn int
		wild    bool
		total   int
		success bool
		raises  int
		crit    bool
	}{
		{"the Wild Die saves a miss", []int{2, 5}, 8, 0, 4, true, 5, true, 0, false},
		{"an Ace on the trait die", []int{8, 8, 3, 1}, 8, 0, 4, true, 19, true, 3, false},
		{"snake eyes is a critical failure", []int{1, 1}, 10, 2, 4, true, 3, false, 0, true},
		{"an Extra has no Wild Die", []int{3}, 6, 0, 4, false, 3, false, 0, false},
		{"a raise at 8", []int{6, 2, 1}, 6, 0, 4, true, 8, true, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := dice(tc.faces)
			r, err := RollTrait(&d, tc.sides, tc.mod, tc.tn, tc.wild)
			if err != nil {
				t.Fatal(err)
			}
			if r.Total != tc.total || r.Success != tc.success || r.Raises != tc.raises || r.CriticalFailure != tc.crit {
				t.Errorf("%+v, want total %d success %v raises %d crit %v", r, tc.total, tc.success, tc.raises, tc.crit)
			}
		})
	}
}

func TestApplyingDamage(t *testing.T) {
	for _, tc := range []struct {
		name          string
		st            Status
		damage, tough int
		shaken        bool
		wounds        int
		incap         bool
	}{
		{"below Toughness: no effect", Status{WildCard: true}, 5, 6, false, 0, false},
		{"at Toughness: Shaken", Status{WildCard: true}, 6, 6, true, 0, false},
		{"Shaken again: a Wound instead", Status{WildCard: true, Shaken: true}, 7, 6, true, 1, false},
		{"two raises: Shaken and two Wounds", Status{WildCard: true}, 14, 6, true, 2, false},
		{"an Extra with one Wound is Incapacitated", Status{}, 10, 6, true, 1, true},
		{"a fourth Wound Incapacitates a Wild Card", Status{WildCard: true, Wounds: 3}, 10, 6, true, 4, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := tc.st
			e := ApplyDamage(&st, tc.damage, tc.tough)
			if st.Shaken != tc.shaken || st.Wounds != tc.wounds || st.Incapacitated != tc.incap {
				t.Errorf("after %d vs %d: %+v (%s), want shaken %v wounds %d incapacitated %v", tc.damage, tc.tough, st, e.Text, tc.shaken, tc.wounds, tc.incap)
			}
		})
	}
}

func TestDamageRolls(t *testing.T) {
	// 2d6 with a raise: 6 Aces (6+3), 2, raise d6 4: 15.
	d := dice{6, 3, 2, 4}
	total, text, err := RollDamage(&d, []int{6, 6}, true, 0)
	if err != nil || total != 15 || !strings.Contains(text, "raise d6 4") {
		t.Errorf("damage %d %q %v", total, text, err)
	}
	if got := MeleeDamage(12, 8); len(got) != 2 || got[0] != 12 || got[1] != 8 {
		t.Errorf("d12 Strength with a long sword: %v", got)
	}
}

func TestIncapacitationVigor(t *testing.T) {
	for _, tc := range []struct {
		name  string
		faces []int
		want  string
	}{
		{"critical failure: dies", []int{1, 1}, Dies},
		{"failure: bleeding out", []int{2, 3}, BleedingOut},
		{"success: heals with the Wounds", []int{4, 1}, InjuryHeals},
		{"a raise: 24 hours", []int{8, 1, 2}, InjuryPasses},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := dice(tc.faces)
			got, _, err := Incapacitation(&d, 8, Status{WildCard: true}, 0)
			if err != nil || got != tc.want {
				t.Errorf("%v: %q %v, want %q", tc.faces, got, err, tc.want)
			}
		})
	}
}

func TestCountdown(t *testing.T) {
	deals := []Deal{
		{Who: []string{"bandits"}, Card: Card{Rank: 10, Suit: "clubs"}},
		{Who: []string{"marshal"}, Card: Card{Rank: 10, Suit: "spades"}},
		{Who: []string{"kid"}, Card: Card{Rank: 14, Suit: "hearts"}},
		{Who: []string{"doc"}, Card: Card{Suit: "red", Joker: true}},
		{Who: []string{"deputy"}, Card: Card{Rank: 2, Suit: "diamonds"}},
	}
	order, reshuffle := Countdown(deals)
	var got []string
	for _, d := range order {
		got = append(got, d.Who[0]+" "+d.Card.String())
	}
	want := "doc red Joker, kid A♥, marshal 10♠, bandits 10♣, deputy 2♦"
	if strings.Join(got, ", ") != want || !reshuffle {
		t.Errorf("countdown %q (reshuffle %v), want %q and a reshuffle", strings.Join(got, ", "), reshuffle, want)
	}
	if n := len(NewDeck()); n != 54 {
		t.Errorf("the deck has %d cards, want 54", n)
	}
}

func TestMovement(t *testing.T) {
	if got := PaceLeft(6, 2, 0); got != 4 {
		t.Errorf("Pace 6 with two Wounds: %d, want 4", got)
	}
	if got := PaceLeft(2, 3, 0); got != 1 {
		t.Errorf("Pace never drops below 1\": %d", got)
	}
	if got := PaceLeft(6, 0, 5); got != 11 {
		t.Errorf("running with a 5 on the running die: %d, want 11", got)
	}
	if MoveCost(true) != 2 || MoveCost(false) != 1 || StandCost != 2 {
		t.Error("difficult terrain costs 2\" an inch, standing 2\" of Pace")
	}
}

// TestShakenHitWithARaise: the two readings of a Shaken target hit with a
// raise (Applying Damage: a Wound instead of Shaken, as well as the
// raises'; Wounds: the raises' alone), and a hit without a raise, where
// both read alike.
func TestShakenHitWithARaise(t *testing.T) {
	for _, tc := range []struct {
		name             string
		damage           int
		raisesOnly       bool
		wantWounds       int
		wantIncapacitate bool
	}{
		{"Applying Damage: 11 vs 6, a raise, Shaken already: two Wounds", 11, false, 2, false},
		{"Wounds: 11 vs 6, a raise, Shaken already: one Wound", 11, true, 1, false},
		{"no raise, Shaken already: a Wound either way", 7, true, 1, false},
		{"Applying Damage: 14 vs 6, two raises: three Wounds", 14, false, 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := Status{WildCard: true, Shaken: true}
			apply := ApplyDamage
			if tc.raisesOnly {
				apply = ApplyDamageRaisesOnly
			}
			e := apply(&st, tc.damage, 6)
			if e.Wounds != tc.wantWounds || st.Wounds != tc.wantWounds || st.Incapacitated != tc.wantIncapacitate || !st.Shaken {
				t.Errorf("damage %d: %+v, status %+v; want %d Wounds", tc.damage, e, st, tc.wantWounds)
			}
		})
	}
}

// TestJumpReach: "jump 1" ... Double these numbers if you can run at least
// 2" ... an Athletics roll ... another inch" (Savage Worlds: Jumping).
func TestJumpReach(t *testing.T) {
	for _, tc := range []struct {
		name      string
		runUp     int
		athletics bool
		want      int
	}{
		{"standing", 0, false, 1},
		{"a run-up of 1\" is not enough", 1, false, 1},
		{"a run-up of 2\" doubles it", 2, false, 2},
		{"standing, with Athletics", 0, true, 2},
		{"a run-up and Athletics", 4, true, 3},
	} {
		if got := JumpReach(tc.runUp, tc.athletics); got != tc.want {
			t.Errorf("%s: JumpReach(%d, %v) = %d, want %d", tc.name, tc.runUp, tc.athletics, got, tc.want)
		}
	}
}

// TestBennyCount: a Wild Card's sheet without Bennies starts with the
// default three, an Extra with none; a sheet's own count wins.
func TestBennyCount(t *testing.T) {
	two, none := 2, 0
	for _, tc := range []struct {
		name  string
		sheet Sheet
		want  int
	}{
		{"a Wild Card", Sheet{WildCard: true}, DefaultBennies},
		{"an Extra", Sheet{}, 0},
		{"a Wild Card with 2", Sheet{WildCard: true, Bennies: &two}, 2},
		{"a Wild Card with none", Sheet{WildCard: true, Bennies: &none}, 0},
	} {
		if got := tc.sheet.BennyCount(); got != tc.want {
			t.Errorf("%s: %d Bennies, want %d", tc.name, got, tc.want)
		}
	}
}

// Savage Worlds, Applying Damage: the effect's text names what the hit did
// and nothing it did not (a hit without a raise is Shaken, no Wounds).
func TestApplyingDamageText(t *testing.T) {
	for _, tc := range []struct {
		name          string
		st            Status
		damage, tough int
		want, not     string
	}{
		{"at Toughness: Shaken and no Wound named", Status{WildCard: true}, 6, 6, "Shaken", "Wound"},
		{"one raise: one Wound named", Status{WildCard: true}, 10, 6, "1 Wound(s)", "Incapacitated"},
		{"Shaken again: the Wound named, not Shaken twice", Status{WildCard: true, Shaken: true}, 7, 6, "1 Wound(s)", "Shaken"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := tc.st
			e := ApplyDamage(&st, tc.damage, tc.tough)
			if !strings.Contains(e.Text, tc.want) || strings.Contains(e.Text, tc.not) {
				t.Errorf("%d vs Toughness %d: text %q, want it to name %q and not %q", tc.damage, tc.tough, e.Text, tc.want, tc.not)
			}
		})
	}
}

// Savage Worlds, Incapacitation: the Vigor roll takes the Wound penalty
// (-1 a Wound, at most -3) and a Joker's +2.
func TestIncapacitationVigorModifiers(t *testing.T) {
	for _, tc := range []struct {
		name   string
		faces  []int
		wounds int
		bonus  int
		want   string
	}{
		{"a Joker's +2 lifts 2 to success", []int{2, 1}, 0, 2, InjuryHeals},
		{"a Joker's +2 lifts 6 to a raise", []int{6, 1}, 0, 2, InjuryPasses},
		{"three Wounds take 4 to failure", []int{4, 1}, 3, 0, BleedingOut},
		{"four Wounds take only -3: 7 succeeds", []int{7, 1}, 4, 0, InjuryHeals},
		{"a Joker offsets two Wounds", []int{4, 1}, 2, 2, InjuryHeals},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := dice(tc.faces)
			got, r, err := Incapacitation(&d, 8, Status{WildCard: true, Wounds: tc.wounds}, tc.bonus)
			if err != nil || got != tc.want {
				t.Errorf("d8 %v with %d Wound(s), bonus %+d: %q (total %d) %v, want %q", tc.faces, tc.wounds, tc.bonus, got, r.Total, err, tc.want)
			}
		})
	}
}

// Savage Worlds, Action Cards: the deck has two Jokers; dealt both, they
// keep the order they were dealt in (neither outranks the other).
func TestCountdownTwoJokers(t *testing.T) {
	for _, tc := range []struct {
		name  string
		deals []Deal
		want  string
	}{
		{"red dealt first", []Deal{
			{Who: []string{"deputy"}, Card: Card{Rank: 2, Suit: "clubs"}},
			{Who: []string{"doc"}, Card: Card{Suit: "red", Joker: true}},
			{Who: []string{"kid"}, Card: Card{Suit: "black", Joker: true}},
		}, "doc kid deputy"},
		{"black dealt first", []Deal{
			{Who: []string{"kid"}, Card: Card{Suit: "black", Joker: true}},
			{Who: []string{"doc"}, Card: Card{Suit: "red", Joker: true}},
			{Who: []string{"deputy"}, Card: Card{Rank: 2, Suit: "clubs"}},
		}, "kid doc deputy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			order, _ := Countdown(tc.deals)
			var got []string
			for _, d := range order {
				got = append(got, d.Who[0])
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("countdown %q, want %q", strings.Join(got, " "), tc.want)
			}
		})
	}
}

// The damage and trait rolls' text shows a modifier only when there is one.
func TestRollTextsShowTheModifier(t *testing.T) {
	for _, tc := range []struct {
		name      string
		mod       int
		want, not string
	}{
		{"+2 shown", 2, " +2", " +0"},
		{"none: no +0", 0, " = ", " +0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := dice{3, 4}
			_, text, err := RollDamage(&d, []int{6, 6}, false, tc.mod)
			if err != nil || !strings.Contains(text, tc.want) || strings.Contains(text, tc.not) {
				t.Errorf("2d6 3,4 %+d: damage text %q %v, want %q and not %q", tc.mod, text, err, tc.want, tc.not)
			}
			d = dice{3, 4}
			r, err := RollTrait(&d, 6, tc.mod, 4, true)
			if want := strings.TrimSuffix(tc.want, " = "); err != nil || strings.Contains(r.Explained, tc.not) || (tc.mod != 0 && !strings.Contains(r.Explained, want)) {
				t.Errorf("d6 3, Wild Die 4 %+d: trait text %q %v, want %q and not %q", tc.mod, r.Explained, err, want, tc.not)
			}
		})
	}
}
