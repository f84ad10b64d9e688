package rules

import (
	"math"
	"slices"
	"strings"
	"testing"

	"hexslinger/assets"
)

// resolvedOdds counts, over every face of every die (and the reroll of a
// top face) and every card for shot k, what Series.Resolve decides for
// shot k of s: a hit that went off does harm(bumps, card), anything else
// (a miss, a malfunction, a shot it stopped) no effect; and how often
// shot k went off. The other shots draw a plain card each.
func resolvedOdds(t *testing.T, s Series, k int, deck []Card, harm func(int, Card) Harm) (o HarmOdds, off float64) {
	t.Helper()
	everyRoll(s.Pool, func(faces []int, reroll int, w float64) {
		dice := slices.Clone(faces)
		if reroll > 0 {
			dice = append(dice, reroll)
		}
		for _, c := range deck {
			var cards []Card
			for j := range s.Plans {
				if j == k-1 {
					cards = append(cards, c)
				} else {
					cards = append(cards, deck[len(deck)/2])
				}
			}
			res, err := s.Resolve(&Given{Dice: dice, Cards: cards})
			if err != nil {
				t.Fatal(err)
			}
			h := res.Hits[k-1]
			if h.WentOff() {
				off += w / float64(len(deck))
			}
			if h.WentOff() && h.Result.Success {
				o[harm(h.Result.Bumps, c)] += w / float64(len(deck))
			} else {
				o[HarmNone] += w / float64(len(deck))
			}
		}
	})
	return o, off
}

// TestFiringOddsAgreeWithResolve: the odds a preview shows for a shot of a
// series (FiringOdds, with the series' Rel) are what Resolve decides, over
// every die and card: a die within the Rel does not go off even where its
// total would hit, and stops the shots after it.
func TestFiringOddsAgreeWithResolve(t *testing.T) {
	ws := weapons(t)
	deck, err := ParseDeck(assets.Deck())
	if err != nil {
		t.Fatal(err)
	}
	harm := func(bumps int, c Card) Harm {
		switch {
		case c.Location == Head:
			return HarmDown
		case bumps >= 1:
			return HarmWounds + Harm(min(bumps, 5)-1)
		}
		return HarmConc
	}
	miranda := Character{Name: "Miranda", Traits: Traits{Coordination: 4}, Skills: map[string]int{"firearms: pistol": 3}}
	pm := ws["peacemaker"]
	fan := func(n int) Shot { return Shot{Weapon: pm, Carried: ready, Kind: Snap, Distance: 4, Fan: n} }
	fanned, err := PlanSeries(miranda, []Shot{fan(1), fan(2), fan(3)})
	if err != nil {
		t.Fatal(err)
	}
	boost := []Modifier{{Name: "a steady rest", Steps: 5, Source: "the Judge"}}
	worn, err := PlanSeries(cyril, []Shot{{Weapon: ws["schofield"], Carried: Carried{Readied: true, Cocked: true, Worn: 1}, Kind: Normal, Distance: 4, Judge: boost}})
	if err != nil {
		t.Fatal(err)
	}
	thrown, err := PlanSeries(cyril, []Shot{{Weapon: ws["dynamite"], Carried: ready, Kind: Normal, Distance: 4}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		s    Series
		rel  int
	}{
		{"three shots fanned from a Peacemaker: Rel 1 + 1 (TWTW Conflict: Pushing the Limit)", fanned, 2},
		{"a Schofield worn by a block, Rel 2, with the Judge's 5 upgrades: a 1 or a 2 would hit", worn, 2},
		{"a stick of dynamite thrown: no malfunction", thrown, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.s.Rel(); got != tc.rel {
				t.Fatalf("Rel %d, want %d", got, tc.rel)
			}
			for k := 1; k <= len(tc.s.Plans); k++ {
				got := FiringOdds(tc.s.Pool, k, tc.s.Plans[k-1].Result, tc.s.TNs[k-1], tc.s.Rel(), deck, harm)
				want, off := resolvedOdds(t, tc.s, k, deck, harm)
				if got := KthGoesOffChance(tc.s.Pool, k, tc.s.Rel()); math.Abs(got-off) > 1e-12 {
					t.Errorf("shot %d goes off: %.12f, Resolve %.12f", k, got, off)
				}
				for h := range got {
					if math.Abs(got[h]-want[h]) > 1e-12 {
						t.Errorf("shot %d, %s: %.12f, Resolve %.12f", k, Harm(h), got[h], want[h])
					}
				}
				hit := KthFiringChance(tc.s.Pool, k, tc.s.Plans[k-1].Result, tc.s.TNs[k-1], tc.s.Rel())
				if math.Abs(hit-(1-want[HarmNone])) > 1e-12 {
					t.Errorf("shot %d: hit chance %.12f, Resolve %.12f", k, hit, 1-want[HarmNone])
				}
			}
		})
	}
	// The worn Schofield's 1 and 2 would hit: the odds without the
	// malfunction are not the decision.
	plain := AttackOdds(worn.Pool, 1, worn.Plans[0].Result, worn.TNs[0], deck, harm)
	if firing := FiringOdds(worn.Pool, 1, worn.Plans[0].Result, worn.TNs[0], 2, deck, harm); firing[HarmNone] <= plain[HarmNone] {
		t.Errorf("a malfunction within Rel 2 adds no chance of no effect: %v, %v", firing, plain)
	}
}

// TestResolveStopsAtAMalfunction: Miranda fans three shots (Rel 2); her
// dice 4, 2, 1: the first goes off, the second malfunctions, the third is
// not fired; only the first draws a card, and the log says why, with the
// fan's part of the Rel.
func TestResolveStopsAtAMalfunction(t *testing.T) {
	pm := weapons(t)["peacemaker"]
	miranda := Character{Name: "Miranda", Traits: Traits{Coordination: 4}, Skills: map[string]int{"firearms: pistol": 3}}
	var shots []Shot
	for n := 1; n <= 3; n++ {
		shots = append(shots, Shot{Weapon: pm, Carried: ready, Kind: Snap, Distance: 4, Fan: n})
	}
	s, err := PlanSeries(miranda, shots)
	if err != nil {
		t.Fatal(err)
	}
	deck, _ := ParseDeck(assets.Deck())
	g := &Given{Dice: []int{2, 4, 1, 3}, Cards: deck[:3]}
	res, err := s.Resolve(g)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Hits[0].WentOff() || !res.Hits[1].Misfire || !res.Hits[2].Stopped || len(g.Cards) != 2 {
		t.Errorf("hits %+v, cards left %d", res.Hits, len(g.Cards))
	}
	txt := res.Explain("Miranda", []string{"Zeke", "Zeke", "Zeke"})
	for _, want := range []string{"the die shows 2, within the Colt Peacemaker's Rel 2 (1 on its card, +1 fan-fired: TWTW Conflict: Pushing the Limit): it malfunctions",
		"Miranda snap at Zeke: not fired"} {
		if !strings.Contains(txt, want) {
			t.Errorf("%q does not say %q", txt, want)
		}
	}
	// A burst weapon spends its burst, or what is left.
	gat := weapons(t)["gatling"]
	if c := AfterShot(Carried{Loaded: 15}, gat); c.Loaded != 5 {
		t.Errorf("a burst from 15 leaves %d", c.Loaded)
	}
	if c := AfterShot(Carried{Loaded: 4}, gat); c.Loaded != 0 {
		t.Errorf("a burst from 4 leaves %d", c.Loaded)
	}
	if n := BurstHits(Card{Burst: 3}, 2); n != 2 {
		t.Errorf("a burst of 2 rounds hits with %d", n)
	}
	if n := SpeedLoad(Card{Burst: 3}, 1); n != 1 {
		t.Errorf("a speed load into room for 1 puts in %d", n)
	}
}

// TestAFaceOfZeroIsNoDie pins Malfunctions' "A face of 0 is no die" and
// its Rel boundary: a natural 1 malfunctions at Rel 1, a 2 does not.
func TestAFaceOfZeroIsNoDie(t *testing.T) {
	for _, tc := range []struct {
		face, rel int
		want      bool
	}{{0, 1, false}, {1, 1, true}, {2, 1, false}, {2, 2, true}} {
		if got := Malfunctions(tc.face, tc.rel); got != tc.want {
			t.Errorf("Malfunctions(face %d, Rel %d) = %v, want %v", tc.face, tc.rel, got, tc.want)
		}
	}
}

// TestFiringChanceAddsTheResult pins KthFiringChance's result: with no
// malfunction range it is KthHitChance, whatever the shot's result.
func TestFiringChanceAddsTheResult(t *testing.T) {
	p := Pool{Count: 2, Sides: 8}
	for _, result := range []int{-2, 0, 3} {
		for k := 1; k <= 2; k++ {
			if got, want := KthFiringChance(p, k, result, TNDifficult, 0), KthHitChance(p, k, result, TNDifficult); math.Abs(got-want) > 1e-12 {
				t.Errorf("2d8, shot %d, result %+d against 7: firing %.6f, hit %.6f; want equal", k, result, got, want)
			}
		}
	}
}

// TestRelSaysWhatWidenedIt pins the series' Rel text (relWhy): blocks
// worn onto the gun and a fanned revolver (TWTW Conflict: Pushing the
// Limit, "Increase the Rel of any revolver by 1") each named with its
// own amount, and nothing said when nothing widened the card's Rel.
func TestRelSaysWhatWidenedIt(t *testing.T) {
	pm := weapons(t)["peacemaker"]
	plan := func(worn, fan int) Series {
		t.Helper()
		s, err := PlanSeries(cyril, []Shot{{Weapon: pm, Carried: Carried{Readied: true, Cocked: true, Worn: worn}, Kind: Snap, Distance: 4, Fan: fan}})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, tc := range []struct {
		name      string
		worn, fan int
		want      string
	}{
		{"as on its card", 0, 0, ""},
		{"worn by a block", 1, 0, " (1 on its card, +1 worn by blocks)"},
		{"fanned", 0, 1, " (1 on its card, +1 fan-fired: TWTW Conflict: Pushing the Limit)"},
		{"worn by two blocks and fanned", 2, 1, " (1 on its card, +2 worn by blocks, +1 fan-fired: TWTW Conflict: Pushing the Limit)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := plan(tc.worn, tc.fan).relWhy(); got != tc.want {
				t.Errorf("a Peacemaker worn %d, fan %d: %q, want %q", tc.worn, tc.fan, got, tc.want)
			}
		})
	}
}

// TestASeriesAfterAPrimaryActionReadsTheNextDie pins Series.Resolve's Skip
// (TWTW Conflict: Combining Combat and Non-Combat Actions: the primary
// action takes the highest result, the first attack the next): the shot
// reads the second die plus its own result; a shot past the pool has no
// die and misses; a die within the Rel misfires with its total; and no
// success with a calamity card is a calamity.
func TestASeriesAfterAPrimaryActionReadsTheNextDie(t *testing.T) {
	series := func(rel, tn int) Series {
		p := ShotPlan{Rel: rel, Result: 1, TN: tn}
		return Series{Plans: []ShotPlan{p, p}, Pool: Pool{Count: 2, Sides: 8}, TNs: []int{tn, tn}, Skip: 1}
	}
	for _, tc := range []struct {
		name         string
		s            Series
		dice         []int
		first        Card
		die          int
		hit, misfire bool
		calamity     bool
	}{
		{"7 and 4: the first shot reads 4+1 against 5", series(2, 5), []int{7, 4}, Card{}, 5, true, false, false},
		{"7 and 2 within Rel 2: the first shot misfires at 2+1", series(2, 5), []int{7, 2}, Card{}, 3, false, true, false},
		{"7 and 3 against 9, a calamity card: no success", series(0, 9), []int{7, 3}, Card{Calamity: true}, 4, false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := tc.s.Resolve(&Given{Dice: tc.dice, Cards: []Card{tc.first, {}}})
			if err != nil {
				t.Fatal(err)
			}
			h := res.Hits[0]
			if h.Die != tc.die || h.Result.Success != tc.hit || h.Misfire != tc.misfire || res.Calamity != tc.calamity {
				t.Errorf("dice %v, Skip 1: first shot die %d, hit %v, misfire %v, calamity %v; want %d, %v, %v, %v",
					tc.dice, h.Die, h.Result.Success, h.Misfire, res.Calamity, tc.die, tc.hit, tc.misfire, tc.calamity)
			}
			// The log names a target past the list "the target", and a hit
			// with no bumps says none.
			if txt := res.Explain("Cyril", nil); tc.hit && (!strings.Contains(txt, "at the target: 5 vs TN 5, hits") || strings.Contains(txt, "bump")) {
				t.Errorf("log %q: want the first shot at the target, 5 vs TN 5, a hit with no bumps", txt)
			}
			if second := res.Hits[1]; second.Result.Success || second.Die != 0 {
				t.Errorf("dice %v, Skip 1: the second shot, past the pool, read %d (hit %v); want no die", tc.dice, second.Die, second.Result.Success)
			}
		})
	}
}
