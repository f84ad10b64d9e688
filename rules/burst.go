package rules

import (
	"fmt"
	"strings"
)

// Malfunctions and the burst result (TWTW Conflict: Carrying Loaded
// Weapons, "any malfunction result that is within the malfunction range of
// the weapon"; Pushing the Limit, "Increase the Rel of any revolver by 1";
// Burst Results, "used only for speed loading and the Gatling gun"). The
// chapter never says how a malfunction is read nor what the burst result
// counts; hexslinger's defaults are in docs/defaults.md.

// Malfunctions reports whether a die of face malfunctions a weapon of
// malfunction range rel: the face (as rolled, before the pool's bonus and
// the open-ended reroll) is rel or less, so Rel 1 is a natural 1
// (docs/defaults.md). A face of 0 is no die.
func Malfunctions(face, rel int) bool { return face > 0 && face <= rel }

// Face is the face of the k-th highest die of the roll (k = 1 the
// highest), as rolled: without the pool's bonus or the open-ended reroll.
// It is 0 when the pool has no k-th die.
func (r Roll) Face(k int) int {
	if k < 1 || k > len(r.Totals) {
		return 0
	}
	f := r.Totals[k-1] - r.Pool.Bonus
	if k == 1 {
		f -= r.Extra
	}
	return f
}

// MalfunctionRange is the Rel a shot of this plan reads its die against:
// the weapon card's Rel, what blocks wore onto it, and 1 more for a fanned
// revolver (PlanShot). A thrown weapon does not malfunction on a throw: 0.
func (p ShotPlan) MalfunctionRange() int {
	if p.Shot.Weapon.Thrown || p.Shot.Weapon.Melee {
		return 0
	}
	return p.Rel
}

// Rel is the malfunction range of the whole series: the widest of its
// shots' (one gun: a fanned shot strains it for the series). Since a
// later shot reads a die no higher than an earlier one, a malfunction
// stops the rest of the series, and shot k goes off exactly when its own
// die is above Rel.
func (s Series) Rel() int {
	rel := 0
	for _, p := range s.Plans {
		rel = max(rel, p.MalfunctionRange())
	}
	return rel
}

// FiringOdds are AttackOdds for the k-th shot of a series of malfunction
// range rel: a die whose face is rel or less does not go off, whatever its
// total, and counts as no effect.
func FiringOdds(p Pool, k, result, tn, rel int, deck []Card, harm func(bumps int, c Card) Harm) HarmOdds {
	return attackOdds(p, k, result, tn, rel, deck, harm)
}

// KthFiringChance is KthHitChance for a shot of malfunction range rel: the
// chance that the k-th highest die goes off and hits.
func KthFiringChance(p Pool, k, result, tn, rel int) float64 {
	hit := 0.0
	for t, pt := range topTotals(p, k, rel) {
		if Judge(t+result, tn).Success {
			hit += pt
		}
	}
	return hit
}

// KthGoesOffChance is the chance that the k-th shot of a series of
// malfunction range rel goes off: its die's face is above rel (and so
// every earlier die's). A shot past the pool has no die of its own: it
// goes off unless the pool's lowest die malfunctioned.
func KthGoesOffChance(p Pool, k, rel int) float64 {
	k = min(k, p.Count)
	if k < 1 {
		return 1
	}
	off := 0.0
	for _, pt := range topTotals(p, k, rel) {
		off += pt
	}
	return off
}

// BurstHits is how many rounds of a burst of rounds fired hit on a hit
// drawn with card c: the card's burst result, at least the one round that
// hit and at most the rounds fired (TWTW Conflict: Burst Results; the
// Gatling gun, docs/defaults.md).
func BurstHits(c Card, rounds int) int {
	return max(1, min(c.Burst, rounds))
}

// BurstRounds is how many rounds one shot of w fires from a gun holding
// loaded: a burst weapon's Burst, or what is left; 1 for any other.
func BurstRounds(w Weapon, loaded int) int {
	if w.Burst <= 1 {
		return 1
	}
	return max(1, min(w.Burst, loaded))
}

// RoundsFor is how many rounds a series of n shots of w needs loaded:
// one a shot, and a burst weapon a full burst for each but the last,
// which fires what is left.
func RoundsFor(w Weapon, n int) int {
	if n < 1 {
		return 0
	}
	return 1 + (n-1)*max(1, w.Burst)
}

// SpeedLoad is how many rounds a speed load puts into a gun with room
// for room more: the card's burst result, at most the room (TWTW
// Conflict: Burst Results, "used only for speed loading"; a 0 puts in
// none).
func SpeedLoad(c Card, room int) int { return max(0, min(c.Burst, room)) }

// relWhy says what widened the series' Rel past its weapon card's: blocks
// met, a fanned revolver. "" when nothing did.
func (s Series) relWhy() string {
	if len(s.Plans) == 0 {
		return ""
	}
	p := s.Plans[0]
	w := p.Shot.Weapon
	var parts []string
	if n := p.Shot.Carried.Worn; n > 0 {
		parts = append(parts, fmt.Sprintf("+%d worn by blocks", n))
	}
	if s.Rel() > w.Rel+p.Shot.Carried.Worn {
		parts = append(parts, fmt.Sprintf("+%d fan-fired: TWTW Conflict: Pushing the Limit", s.Rel()-w.Rel-p.Shot.Carried.Worn))
	}
	if len(parts) == 0 || s.Rel() == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d on its card, %s)", w.Rel, strings.Join(parts, ", "))
}
