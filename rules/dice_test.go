package rules

import (
	"math"
	"slices"
	"strings"
	"testing"

	"hexslinger/assets"
)

func TestPoolShift(t *testing.T) {
	tests := []struct {
		name string
		net  int
		want string
	}{
		{"standard die d8", 0, "2d8"},
		{"one upgrade: d10", 1, "2d10"},
		{"two upgrades: d12", 2, "2d12"},
		{"past d12 each step adds +1: d12+2", 4, "2d12+2"},
		{"one downgrade: d6", -1, "2d6"},
		{"below d4 each step -1: d4-1", -3, "2d4-1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := NewPool(2, tc.net).String(); got != tc.want {
				t.Errorf("NewPool(2, %d) = %s, want %s", tc.net, got, tc.want)
			}
		})
	}
	t.Run("upgrades and downgrades cancel one for one", func(t *testing.T) {
		if a, b := NewPool(3, 2).Shift(-2), NewPool(3, 0); a != b {
			t.Errorf("2 up then 2 down: %v, want %v", a, b)
		}
		if a := NewPool(1, 5).Shift(-5); a != NewPool(1, 0) {
			t.Errorf("d12+3 down 5: %v, want 1d8", a)
		}
		if a := NewPool(1, -4).Shift(4); a != NewPool(1, 0) {
			t.Errorf("d4-2 up 4: %v, want 1d8", a)
		}
	})
}

func TestJudge(t *testing.T) {
	tests := []struct {
		name      string
		total, tn int
		success   bool
		bumps     int
	}{
		{"under the TN fails", 4, 5, false, 0},
		{"at the TN succeeds, no bump", 5, 5, true, 0},
		{"one over: no bump", 6, 5, true, 0},
		{"two over: one bump", 7, 5, true, 1},
		{"five over: two bumps", 10, 5, true, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Judge(tc.total, tc.tn)
			if got.Success != tc.success || got.Bumps != tc.bumps {
				t.Errorf("Judge(%d, TN %d) = %+v", tc.total, tc.tn, got)
			}
		})
	}
}

func TestRollOpenEnded(t *testing.T) {
	src := &Given{Dice: []int{10, 4, 7}} // 2d10: a 10 (rerolled: 7) and a 4
	r, err := RollPool(NewPool(2, 1), src)
	if err != nil {
		t.Fatal(err)
	}
	if r.Totals[0] != 17 || r.Totals[1] != 4 || r.Extra != 7 {
		t.Errorf("open-ended roll %v", r)
	}
	o := JudgeRoll(r, TNStandard)
	if o.Successes != 1 || o.Bumps != 6 {
		t.Errorf("17 and 4 against TN 5: %+v", o)
	}
	// Once per pool: two top faces reroll only the highest.
	r, err = RollPool(NewPool(2, 1), &Given{Dice: []int{10, 10, 10}})
	if err != nil || r.Totals[0] != 20 || r.Totals[1] != 10 {
		t.Errorf("two tens: %v %v", r, err)
	}
	if _, err := RollPool(NewPool(2, 0), &Given{Dice: []int{9, 1}}); err == nil || !strings.Contains(err.Error(), "d8 cannot show 9") {
		t.Errorf("a 9 on a d8: %v", err)
	}
	if _, err := RollPool(NewPool(2, 0), &Given{Dice: []int{3}}); err == nil || !strings.Contains(err.Error(), "no more dice") {
		t.Errorf("too few dice: %v", err)
	}
}

// bruteChances counts every outcome of the dice (and the open-ended
// reroll) to get P(at least k successes).
func bruteChances(p Pool, tn int) []float64 {
	counts := make([]float64, p.Count)
	faces := make([]int, p.Count)
	total := 0.0
	var rec func(i int)
	rec = func(i int) {
		if i == p.Count {
			for x := 1; x <= p.Sides; x++ { // the reroll die, used or not
				src := &Given{Dice: append(append([]int(nil), faces...), x)}
				r, _ := RollPool(p, src)
				o := JudgeRoll(r, tn)
				for k := 0; k < o.Successes; k++ {
					counts[k]++
				}
				total++
			}
			return
		}
		for f := 1; f <= p.Sides; f++ {
			faces[i] = f
			rec(i + 1)
		}
	}
	rec(0)
	for k := range counts {
		counts[k] /= total
	}
	return counts
}

func TestChancesAgreeWithBruteForce(t *testing.T) {
	tests := []struct {
		name string
		pool Pool
		tn   int
	}{
		{"2d10 against Standard 5", NewPool(2, 1), TNStandard},
		{"3d8 against Difficult 7", NewPool(3, 0), TNDifficult},
		{"1d6 against Very Difficult 9 (only the reroll hits)", NewPool(1, -1), TNVeryDifficult},
		{"2d4 against Challenging 6", NewPool(2, -2), TNChallenging},
		{"3d12+1 against 15", NewPool(3, 3), 15},
		{"2d4-1 against 3", NewPool(2, -3), TNEasy},
		{"1d8 against 20: never", NewPool(1, 0), 20},
		{"2d12+2 against 13: a face of 11 hits without the reroll", Pool{Count: 2, Sides: 12, Bonus: 2}, 13},
		{"1d6 against 12: only a six rerolled to a six", Pool{Count: 1, Sides: 6}, 12},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, want := Chances(tc.pool, tc.tn), bruteChances(tc.pool, tc.tn)
			for k := range want {
				if math.Abs(got[k]-want[k]) > 1e-12 {
					t.Errorf("P(at least %d) = %.12f, brute force %.12f", k+1, got[k], want[k])
				}
			}
		})
	}
	// Exact values: 1d8 against TN 5 is 4/8; 2d10 against 5 is 1-(4/10)².
	if got := Chances(NewPool(1, 0), 5)[0]; got != 0.5 {
		t.Errorf("1d8 vs 5: %v, want 0.5", got)
	}
	if got := Chances(NewPool(2, 1), 5)[0]; math.Abs(got-0.84) > 1e-12 {
		t.Errorf("2d10 vs 5: %v, want 0.84", got)
	}
}

func TestDeckTable(t *testing.T) {
	cards, err := ParseDeck(assets.Deck())
	if err != nil {
		t.Fatal(err)
	}
	count := func(f func(Card) bool) int {
		n := 0
		for _, c := range cards {
			if f(c) {
				n++
			}
		}
		return n
	}
	locs := map[HitLocation]int{Head: 5, Chest: 8, Vitals: 3, Belly: 6, RightArm: 6, LeftArm: 6, RightLeg: 10, LeftLeg: 10}
	for l, want := range locs {
		if got := count(func(c Card) bool { return c.Location == l }); got != want {
			t.Errorf("%s on %d cards, want %d (weighted by body area)", l, got, want)
		}
	}
	for h := 1; h <= 12; h++ {
		if n := count(func(c Card) bool { return c.Clock == h }); n < 4 || n > 5 {
			t.Errorf("clock %d on %d cards, want 4 or 5", h, n)
		}
	}
	if n := count(func(c Card) bool { return c.Calamity }); n != 3 {
		t.Errorf("%d calamity cards, want 3", n)
	}
	if n := count(func(c Card) bool { return c.Unintended }); n != 4 {
		t.Errorf("%d unintended-target cards, want 4", n)
	}
	for _, tc := range []struct{ typed, id string }{
		{"Q♠", "QS"}, {"qs", "QS"}, {"10♥", "10H"}, {"red joker", "RJ"}, {"Ace of Spades", "AS"}, {"BJ", "BJ"},
	} {
		c, err := FindCard(cards, tc.typed)
		if err != nil || c.ID != tc.id {
			t.Errorf("FindCard(%q) = %v %v, want %s", tc.typed, c.ID, err, tc.id)
		}
	}
	if c, _ := FindCard(cards, "QS"); c.Name() != "Q♠" {
		t.Errorf("name of QS: %q", c.Name())
	}
	if _, err := FindCard(cards, "Z♠"); err == nil {
		t.Errorf("found a Z of spades")
	}
}

func TestSeededDeckDrawsEveryCardOnce(t *testing.T) {
	cards, _ := ParseDeck(assets.Deck())
	s := NewSeeded(42, cards)
	seen := map[string]bool{}
	for i := 0; i < 54; i++ {
		c, _ := s.Draw()
		if seen[c.ID] {
			t.Fatalf("%s drawn twice before the reshuffle", c.ID)
		}
		seen[c.ID] = true
	}
	if c, _ := s.Draw(); c.ID == "" {
		t.Errorf("no card after the reshuffle")
	}
	a, b := NewSeeded(7, cards), NewSeeded(7, cards)
	for i := 0; i < 20; i++ {
		x, _ := a.Roll(10)
		y, _ := b.Roll(10)
		if x != y {
			t.Fatalf("the same seed gave different dice")
		}
	}
}

// TWTW Conflict: Combining Combat and Non-Combat Actions — "The primary
// action uses the highest result in the appropriate action pool. The
// secondary action uses the second highest result".
func TestCombinedActionsUseResultsHighestFirst(t *testing.T) {
	r, _ := RollPool(NewPool(3, 0), &Given{Dice: []int{2, 7, 5}})
	o := JudgeRoll(r, TNStandard)
	if o.Results[0].Total != 7 || o.Results[1].Total != 5 || o.Results[2].Total != 2 {
		t.Errorf("results %+v, want 7 (primary), 5 (secondary), 2", o.Results)
	}
	if !o.Results[0].Success || !o.Results[1].Success || o.Results[2].Success {
		t.Errorf("primary and secondary succeed, the third fails: %+v", o.Results)
	}
	if !o.Calamity(Card{Calamity: true}) == (o.Successes == 0) {
		t.Errorf("a test with successes is no calamity")
	}
	fail := JudgeRoll(Roll{Totals: []int{1, 2}}, TNStandard)
	if !fail.Calamity(Card{Calamity: true}) || fail.Calamity(Card{}) {
		t.Errorf("calamity: no success and the mark")
	}
}

func TestDerivedValues(t *testing.T) {
	c := Character{Traits: Traits{Quickness: 4, Strength: 5}, Skills: map[string]int{"melee": 3, "unarmed": 1}}
	if c.BaseAP() != 9 {
		t.Errorf("AP %d, want 5 + Quickness 4", c.BaseAP())
	}
	if c.DefenseValue() != 6 {
		t.Errorf("defense %d, want 4 + half of melee 3 rounded up", c.DefenseValue())
	}
	if c.DamageBonus() != 2 {
		t.Errorf("damage bonus %d, want Strength 5 − 3", c.DamageBonus())
	}
	if p, _ := c.SkillPool("firearms: rifle"); p.String() != "0d6" {
		t.Errorf("unskilled with Coordination 0: %s", p)
	}
	c.Traits.Coordination = 3
	if p, why := c.SkillPool("firearms: rifle"); p.String() != "3d6" || !strings.Contains(why, "unskilled") {
		t.Errorf("unskilled with Coordination 3: %s (%s), want 3d6", p, why)
	}
	if c.AttacksAllowed("melee") != 3 || c.AttacksAllowed("firearms: rifle") != 3 {
		t.Errorf("attacks allowed")
	}
}

// DESIGN.md "target numbers".
func TestTargetNumbers(t *testing.T) {
	for _, tc := range []struct {
		name      string
		got, want int
	}{
		{"Easy 3", TNEasy, 3}, {"Standard 5", TNStandard, 5}, {"Challenging 6", TNChallenging, 6},
		{"Difficult 7", TNDifficult, 7}, {"Very Difficult 9", TNVeryDifficult, 9},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %d", tc.name, tc.got)
		}
	}
}

// twoHands is a Source that gives "me" and everyone else their own dice.
type twoHands struct{ me, others *Given }

func (h twoHands) For(who string) Source {
	if who == "me" {
		return h.me
	}
	return h.others
}
func (h twoHands) Roll(sides int) (int, error) { return h.others.Roll(sides) }
func (h twoHands) Draw() (Card, error)         { return h.others.Draw() }

// TestForAsksEachFiguresRollsOfItsOwnDice: For and DiceFor give a source
// that tells figures apart the named figure's dice, and any other source
// itself.
func TestForAsksEachFiguresRollsOfItsOwnDice(t *testing.T) {
	h := twoHands{me: &Given{Dice: []int{1}}, others: &Given{Dice: []int{2, 3}}}
	for _, tc := range []struct {
		name string
		d    Dice
		want int
	}{
		{"mine", For(h, "me"), 1},
		{"another's", DiceFor(h, "you"), 2},
		{"nobody's", h, 3},
	} {
		if v, err := tc.d.Roll(6); err != nil || v != tc.want {
			t.Errorf("%s: %d %v, want %d", tc.name, v, err, tc.want)
		}
	}
	g := &Given{}
	if For(g, "me") != Source(g) || DiceFor(g, "me") != Dice(g) {
		t.Error("a source that does not tell figures apart is not itself for a figure")
	}
}

// TestKeyedDiceFollowTheKeyAlone: the same key gives the same dice and
// cards; another key, others.
func TestKeyedDiceFollowTheKeyAlone(t *testing.T) {
	cards := Cards()
	roll := func(key [32]byte) []int {
		s := NewKeyed(key, cards)
		var out []int
		for range 40 {
			v, _ := s.Roll(10)
			out = append(out, v)
		}
		c, _ := s.Draw()
		return append(out, int(c.Rank[0]), int(c.Suit[0]))
	}
	a, b, c := roll([32]byte{1}), roll([32]byte{1}), roll([32]byte{2})
	if !slices.Equal(a, b) {
		t.Errorf("one key gave %v and %v", a, b)
	}
	if slices.Equal(a, c) {
		t.Errorf("two keys gave the same %v", a)
	}
}

// A pool past the ladder's top carries its bonus: a downgrade takes one
// bonus point first (DESIGN.md "upgrade / downgrade": d12+3 down one is
// d12+2, not a die beyond d12).
func TestPoolShiftDownFromABonus(t *testing.T) {
	for _, tc := range []struct {
		name     string
		up, down int
		want     Pool
	}{
		{"d12+3 down one: d12+2", 5, -1, Pool{Count: 1, Sides: 12, Bonus: 2}},
		{"d12+3 down three: d12", 5, -3, Pool{Count: 1, Sides: 12}},
		{"d12+3 down four: d10", 5, -4, Pool{Count: 1, Sides: 10}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			from := NewPool(1, tc.up)
			if got := from.Shift(tc.down); got != tc.want {
				t.Errorf("%s shifted %d: %s, want %s", from, tc.down, got, tc.want)
			}
		})
	}
}

// TestSeededDiceShowEveryFace pins Seeded.Roll: a die of n sides shows 1
// to n, each of them over enough rolls, and a die of no sides is an error.
func TestSeededDiceShowEveryFace(t *testing.T) {
	src := NewSeeded(37, nil)
	for _, sides := range []int{1, 6} {
		seen := map[int]bool{}
		for range 200 {
			v, err := src.Roll(sides)
			if err != nil || v < 1 || v > sides {
				t.Fatalf("a d%d showed %d (%v), want 1 to %d", sides, v, err, sides)
			}
			seen[v] = true
		}
		if len(seen) != sides {
			t.Errorf("200 rolls of a d%d showed %v, want every face", sides, seen)
		}
	}
	if v, err := src.Roll(0); err == nil {
		t.Errorf("a d0 showed %d, want an error", v)
	}
}

// TestRollTextShowsTheReroll pins Roll.String: the highest die's total
// with its top face and the reroll added ("17 (10+7)"); a roll with no
// reroll, and the other dice, show their totals alone.
func TestRollTextShowsTheReroll(t *testing.T) {
	for _, tc := range []struct {
		r    Roll
		want string
	}{
		{Roll{Pool: Pool{Count: 2, Sides: 10}, Totals: []int{17, 4}, Extra: 7}, "2d10: 17 (10+7), 4"},
		{Roll{Pool: Pool{Count: 2, Sides: 10}, Totals: []int{9, 4}}, "2d10: 9, 4"},
	} {
		if got := tc.r.String(); got != tc.want {
			t.Errorf("totals %v, reroll %d: %q, want %q", tc.r.Totals, tc.r.Extra, got, tc.want)
		}
	}
}

// TestConditionText pins Condition.String at both ends of the conditions
// and past them.
func TestConditionText(t *testing.T) {
	for c, want := range map[Condition]string{Fine: "fine", Dead: "dead", Dead + 1: "Condition(4)"} {
		if got := c.String(); got != want {
			t.Errorf("Condition %d: %q, want %q", int(c), got, want)
		}
	}
}
