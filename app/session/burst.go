package session

import (
	"fmt"
	"strings"

	"hexslinger/rules"
)

// Malfunctions in play (TWTW Conflict: Carrying Loaded Weapons; Pushing
// the Limit). The default the chapter leaves open is in docs/defaults.md:
// a shot malfunctions when its die's face is within the series' Rel
// (rules.Malfunctions).

// shotHarm is what a hit of shot i of plan, with its bumps and card, does
// to the target's body base, as decideShoot deals it: the call moves the
// location, the cover on the line takes its part.
func shotHarm(plan ShootPlan, i int, base *rules.Body) func(bumps int, c rules.Card) rules.Harm {
	cover := plan.Sights[i].Cover
	call := rules.HitLocation(plan.Calls[i])
	return func(bumps int, c rules.Card) rules.Harm {
		loc, bumps := rules.CallBumps(c.Location, bumps, call)
		through := rules.ThroughCover(cover, loc, plan.Weapon, c)
		if through.Damage == 0 {
			return rules.HarmNone
		}
		b := base.Clone()
		b.Apply(rules.Deadly, rules.Effect(through.Damage, bumps, loc), loc, c.Yes)
		return rules.Harmed(base, b)
	}
}

// jostled reports whether a blow whose first die shows face, or whose
// roll is a calamity, sets off a fully loaded gun figure f carries
// holstered (TWTW Conflict: Carrying Loaded Weapons: "A Calamity result
// on an action involving any kind of movement ... The same is true for
// any malfunction result that is within the malfunction range of the
// weapon").
func jostled(f *Figure, calamity bool, face int) bool {
	for _, g := range f.Gear {
		w, ok := ruleTables.weapons[g.Weapon]
		if ok && fullyLoaded(w, g) && (calamity || rules.Malfunctions(face, w.Rel+g.Worn)) {
			return true
		}
	}
	return false
}

// fullyLoaded reports whether g is a gun carried holstered with every
// chamber loaded.
func fullyLoaded(w rules.Weapon, g rules.Carried) bool {
	return !w.Melee && !w.Thrown && w.Capacity > 0 && g.Loaded >= w.Capacity && !g.Readied
}

// writeFiring writes shot i's hit chance for the console's "Before the
// dice": that it goes off (its die above the series' Rel) and hits; the
// chance it does not go off.
func writeFiring(b *strings.Builder, plan ShootPlan, i int) {
	sp, rel := plan.Series.Plans[i], plan.Series.Rel()
	fmt.Fprintf(b, "; hit chance %.0f%%", 100*rules.KthFiringChance(plan.Series.Pool, i+1, sp.Result, plan.Series.TNs[i], rel))
	if rel > 0 {
		fmt.Fprintf(b, "; Rel %d: a die of %d or less malfunctions, %.0f%% that the shot does not go off", rel, rel, 100*(1-rules.KthGoesOffChance(plan.Series.Pool, i+1, rel)))
	}
	b.WriteString(".\n")
}
