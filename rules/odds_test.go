package rules

import (
	"math"
	"slices"
	"sort"
	"testing"
)

// bruteOdds rolls every face of every die (and the reroll of a top face)
// and draws every card, as RollPool and a series read them: the k-th
// highest total, plus result, against tn.
func bruteOdds(p Pool, k, result, tn int, deck []Card, harm func(int, Card) Harm) HarmOdds {
	var o HarmOdds
	everyRoll(p, func(faces []int, reroll int, w float64) {
		totals := make([]int, p.Count)
		for j, f := range faces {
			totals[j] = f + p.Bonus
		}
		sort.Sort(sort.Reverse(sort.IntSlice(totals)))
		totals[0] += reroll
		d := Judge(totals[k-1]+result, tn)
		if !d.Success {
			o[HarmNone] += w
			return
		}
		for _, c := range deck {
			o[harm(d.Bumps, c)] += w / float64(len(deck))
		}
	})
	return o
}

// everyRoll visits every way pool p can fall, with its chance: each die's
// face, in order, and the reroll of a top face on the highest (0 when
// none), as RollPool reads them.
func everyRoll(p Pool, visit func(faces []int, reroll int, weight float64)) {
	faces := make([]int, p.Count)
	var roll func(i int, weight float64)
	roll = func(i int, weight float64) {
		if i < p.Count {
			for f := 1; f <= p.Sides; f++ {
				faces[i] = f
				roll(i+1, weight/float64(p.Sides))
			}
			return
		}
		if slices.Max(faces) != p.Sides {
			visit(faces, 0, weight)
			return
		}
		for x := 1; x <= p.Sides; x++ {
			visit(faces, x, weight/float64(p.Sides))
		}
	}
	roll(0, 1)
}

// TestAttackOddsAgreeWithBruteForce: the odds of an attack's harm, summed
// over the die totals' distribution, equal a count of every face, reroll
// and card.
func TestAttackOddsAgreeWithBruteForce(t *testing.T) {
	deck := Cards()
	// A harm that reads the bumps and the card as damage does: more bumps
	// and the head hurt more, the toggle decides a fall.
	harm := func(bumps int, c Card) Harm {
		switch {
		case c.Location == Head && c.Yes:
			return HarmDown
		case c.Location == Head:
			return HarmDisabled
		case bumps >= 2:
			return HarmWounds + Harm(min(bumps, 6)-2)
		case bumps == 1:
			return HarmWounds
		}
		return HarmConc
	}
	for _, tc := range []struct {
		name          string
		pool          Pool
		k, result, tn int
	}{
		{"2d4 against 5, the highest", NewPool(2, -2), 1, 0, 5},
		{"3d6 against 6, the second", NewPool(3, -1), 2, 0, 6},
		{"2d8 against 9, only the reroll reaches it", NewPool(2, 0), 1, 0, 9},
		{"3d4+1 against 4, the third, +1 result", Pool{Count: 3, Sides: 4, Bonus: 1}, 3, 1, 4},
		{"1d10 against 20: never", NewPool(1, 0), 1, 0, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := AttackOdds(tc.pool, tc.k, tc.result, tc.tn, deck, harm)
			want := bruteOdds(tc.pool, tc.k, tc.result, tc.tn, deck, harm)
			sum := 0.0
			for h := range got {
				sum += got[h]
				if math.Abs(got[h]-want[h]) > 1e-12 {
					t.Errorf("%s: %.12f, brute force %.12f", Harm(h), got[h], want[h])
				}
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("the odds sum to %.12f", sum)
			}
		})
	}
}

// TestHarmed classifies hits as a table reads them.
func TestHarmed(t *testing.T) {
	for _, tc := range []struct {
		name string
		hit  func(b *Body)
		want Harm
	}{
		{"nothing", func(b *Body) {}, HarmNone},
		{"Conc only", func(b *Body) { b.Apply(Impact, 5, Chest, false) }, HarmConc},
		{"two wounds", func(b *Body) { b.Apply(Deadly, 16, LeftLeg, false) }, HarmWounds + 1},
		{"a fifth wound to the arm disables it", func(b *Body) { b.Apply(Deadly, 60, RightArm, false) }, HarmDisabled},
		{"a fifth wound to the head: down", func(b *Body) { b.Apply(Deadly, 60, Head, false) }, HarmDown},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := NewBody(6)
			after := before.Clone()
			tc.hit(after)
			if got := Harmed(before, after); got != tc.want {
				t.Errorf("%s, want %s (after %+v)", got, tc.want, after)
			}
		})
	}
}

// TestHarmedCountsOnlyTheNewWounds pins Harmed on a body already wounded:
// two more wounds to a leg with two are two wounds of harm, not four.
func TestHarmedCountsOnlyTheNewWounds(t *testing.T) {
	before := NewBody(6)
	before.Apply(Deadly, 16, LeftLeg, false)
	after := before.Clone()
	after.Apply(Deadly, 16, LeftLeg, false)
	if before.Wounds[LeftLeg] != 2 || after.Wounds[LeftLeg] != 4 {
		t.Fatalf("left leg: %d wounds before, %d after; want 2 and 4", before.Wounds[LeftLeg], after.Wounds[LeftLeg])
	}
	if got, want := Harmed(before, after), HarmWounds+1; got != want {
		t.Errorf("2 wounds on 2: %s, want %s", got, want)
	}
}

// TestCloneKeepsTheBody pins Body.Clone: the copy has the body's wounds
// and disabled limbs, and a hit to it leaves the body as it was.
func TestCloneKeepsTheBody(t *testing.T) {
	b := NewBody(6)
	b.Apply(Deadly, 60, RightArm, false)
	c := b.Clone()
	if c.Wounds[RightArm] != b.Wounds[RightArm] || !c.Disabled[RightArm] {
		t.Fatalf("clone of a body with a disabled right arm: wounds %v, disabled %v; want %v and the arm", c.Wounds, c.Disabled, b.Wounds)
	}
	c.Apply(Deadly, 60, LeftArm, false)
	if b.Disabled[LeftArm] || b.Wounds[LeftArm] != 0 {
		t.Errorf("a hit to the clone reached the body: %v, %v", b.Wounds, b.Disabled)
	}
	empty := (&Body{Size: 6}).Clone() // no maps yet
	empty.Apply(Deadly, 60, LeftArm, false)
	if !empty.Disabled[LeftArm] {
		t.Errorf("a clone of an empty body took no wound: %+v", empty)
	}
}
