package rules

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Know the odds before you commit: what an attack will do to its target,
// counted exactly over the dice and the deck. Every rule on the way (the
// pool, the TN, the bumps, the card's location, penetration and toggle,
// cover, impact and deadly damage) is a function, so the odds are a sum
// over every die total and every card, not a sample.

// Harm is what an attack does to its target, in the classes a table reads
// at a glance.
type Harm int

// The harms, least first. HarmWounds+n−1 is n wounds (1 to 5) with no
// location disabled and the figure still up.
const (
	HarmNone     Harm = iota // a miss, a deflection, or nothing that tells
	HarmConc                 // Conc only
	HarmWounds               // 1 wound
	harmWounds5  = HarmWounds + 4
	HarmDisabled = harmWounds5 + 1  // a location disabled
	HarmDown     = HarmDisabled + 1 // unconscious or dead
	harmKinds    = HarmDown + 1
)

// String names a harm: "no effect", "Conc only", "2 wounds", "disabled",
// "down".
func (h Harm) String() string {
	switch {
	case h == HarmNone:
		return "no effect"
	case h == HarmConc:
		return "Conc only"
	case h == HarmWounds:
		return "1 wound"
	case h > HarmWounds && h <= harmWounds5:
		return fmt.Sprintf("%d wounds", int(h-HarmWounds)+1)
	case h == HarmDisabled:
		return "disabled"
	case h == HarmDown:
		return "down"
	}
	return fmt.Sprintf("Harm(%d)", int(h))
}

// HarmOdds are the chances of each harm; they sum to 1.
type HarmOdds [harmKinds]float64

// String lists the harms with a chance of at least half a percent, least
// first: "no effect 45% · Conc only 10% · 1 wound 30% · down 2%".
func (o HarmOdds) String() string {
	var parts []string
	for h, p := range o {
		if p >= 0.005 {
			parts = append(parts, fmt.Sprintf("%s %.0f%%", Harm(h), 100*p))
		}
	}
	return strings.Join(parts, " · ")
}

// Harmed classifies what a hit did: after against before.
func Harmed(before, after *Body) Harm {
	switch {
	case after.Condition >= Unconscious && before.Condition < Unconscious:
		return HarmDown
	case len(after.Disabled) > len(before.Disabled):
		return HarmDisabled
	}
	wounds := 0
	for site, n := range after.Wounds {
		wounds += n - before.Wounds[site]
	}
	switch {
	case wounds > 0:
		return HarmWounds + Harm(min(wounds, 5)-1)
	case after.Conc > before.Conc:
		return HarmConc
	}
	return HarmNone
}

// Clone copies a body, to deal a hit to the copy.
func (b *Body) Clone() *Body {
	c := *b
	c.Wounds = maps.Clone(b.Wounds)
	c.Disabled = maps.Clone(b.Disabled)
	if c.Wounds == nil {
		c.Wounds = map[HitLocation]int{}
	}
	if c.Disabled == nil {
		c.Disabled = map[HitLocation]bool{}
	}
	return &c
}

// topTotals is the exact distribution of the k-th highest die total of a
// pool, bonus included (k = 1 the highest, which rolls again once on its
// top face and adds the reroll: RollPool), leaving out the rolls whose
// k-th die's face is rel or less (a malfunction: Malfunctions); rel 0
// leaves out none.
func topTotals(p Pool, k, rel int) map[int]float64 {
	out := map[int]float64{}
	n, s := p.Count, p.Sides
	if k < 1 || k > n || s < 1 {
		return out
	}
	// atLeast(m) is P(at least k of the n dice show m or more).
	atLeast := func(m int) float64 {
		if m > s {
			return 0
		}
		q := float64(s-m+1) / float64(s)
		tail := 0.0
		b := binomial(n, q)
		for j := k; j <= n; j++ {
			tail += b[j]
		}
		return tail
	}
	for m := max(1, rel+1); m <= s; m++ {
		pm := atLeast(m) - atLeast(m+1)
		if pm == 0 {
			continue
		}
		if k == 1 && m == s {
			for x := 1; x <= s; x++ {
				out[m+x+p.Bonus] += pm / float64(s)
			}
			continue
		}
		out[m+p.Bonus] += pm
	}
	return out
}

// AttackOdds are the exact odds of what an attack does. Its die is the
// k-th highest total of pool, plus result, judged against tn (Judge); a
// hit with its bumps and the card drawn does what harm says, each card of
// deck equally likely.
func AttackOdds(p Pool, k, result, tn int, deck []Card, harm func(bumps int, c Card) Harm) HarmOdds {
	return attackOdds(p, k, result, tn, 0, deck, harm)
}

// attackOdds are AttackOdds with the dice whose face is rel or less not
// going off (FiringOdds).
func attackOdds(p Pool, k, result, tn, rel int, deck []Card, harm func(bumps int, c Card) Harm) HarmOdds {
	var o HarmOdds
	totals := topTotals(p, k, rel)
	hits := 0.0
	for _, t := range slices.Sorted(maps.Keys(totals)) {
		d := Judge(t+result, tn)
		if !d.Success {
			continue
		}
		pt := totals[t]
		hits += pt
		for _, c := range deck {
			o[harm(d.Bumps, c)] += pt / float64(len(deck))
		}
	}
	o[HarmNone] += 1 - hits // a miss, or a malfunction
	return o
}

// KthHitChance is the exact chance that the k-th highest die of pool,
// plus result, meets tn: the hit chance of the k-th attack of a series
// (TWTW Conflict: Resolving Multiple Attacks: "the highest result in the
// pool for the first attack, the second highest for the second").
func KthHitChance(p Pool, k, result, tn int) float64 {
	hit := 0.0
	for t, pt := range topTotals(p, k, 0) {
		if Judge(t+result, tn).Success {
			hit += pt
		}
	}
	return hit
}
