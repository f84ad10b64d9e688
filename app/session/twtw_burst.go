package session

import (
	"fmt"
	"strings"

	"hexslinger/rules"
)

// Malfunctions and the burst result in play (TWTW Conflict: Carrying
// Loaded Weapons; Pushing the Limit; Burst Results: "used only for speed
// loading and the Gatling gun"). The defaults the chapter leaves open are
// in docs/defaults.md: a shot malfunctions when its die's face is within
// the series' Rel (rules.Malfunctions), a Gatling gun's burst hits with
// the card's burst result in rounds (rules.BurstHits), and a speed load
// puts in the card's burst result in rounds (rules.SpeedLoad).

// SpeedLoadAP is what a speed load costs: the chapter prices none, so
// hexslinger's default is 1 AP, what one round loaded by hand costs
// (docs/defaults.md).
const SpeedLoadAP = 1

// decideSpeedLoad loads a gun in hand with a speed load: 1 AP, and the
// card drawn's burst result is how many rounds go in, as many as there is
// room for.
func decideSpeedLoad(s *State, c Command, f *Figure, ch Character, src roller) ([]Event, error) {
	i, w, err := loadable(f, ch, c.Weapon)
	if err != nil {
		return nil, err
	}
	g := f.Gear[i]
	if c.Rounds != 0 {
		return nil, refuse("a speed load puts in as many rounds as the card's burst result says: leave the rounds out, or reload by hand (%d AP a round) to load %d", ReloadAPPerRound, c.Rounds)
	}
	if err := pay(s, f, SpeedLoadAP, "speed load the "+w.Name); err != nil {
		return nil, err
	}
	rnd, err := src([]need{{f.ID, fmt.Sprintf("a card for %s's speed load: its burst result is the rounds that go in", ch.Name)}})
	if err != nil {
		return nil, err
	}
	card, err := rules.For(rnd, f.ID).Draw()
	if err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	room := w.Capacity - g.Loaded
	n := rules.SpeedLoad(card, room)
	st := f.FigureStatus.clone()
	st.Gear[i].Loaded += n
	fits := ""
	if card.Burst > room {
		fits = fmt.Sprintf(", and the gun has room for %d", room)
	}
	e := Event{Kind: EventActed, Action: c.Kind, Figure: f.ID, AP: SpeedLoadAP, APLeft: f.AP - SpeedLoadAP,
		Changes: []FigureChange{change(f, f.AP-SpeedLoadAP, st)}, Cards: []string{card.Name()},
		Text: fmt.Sprintf("%s speed loads the %s for %d AP: the card's burst result is %d (%s)%s, so %d round(s) go in (TWTW Conflict: Burst Results, speed loading): %d of %d. %d AP left.",
			ch.Name, w.Name, SpeedLoadAP, card.Burst, card.Name(), fits, n, g.Loaded+n, w.Capacity, f.AP-SpeedLoadAP)}
	return []Event{e}, nil
}

// damageRounds deals rounds hits of base damage to target, all at loc
// with the card's toggle, the bumps on the first, then makes one stun
// check: a Gatling gun's burst is dealt at once. It returns the target's
// change and the sentence.
func damageRounds(s *State, target *Figure, kind rules.DamageKind, base, bumps int, loc rules.HitLocation, card rules.Card, rounds int, rnd rules.Source) (FigureChange, string, error) {
	tc := s.Characters[target.Character]
	b := target.Body(tc.Size)
	var parts []string
	for j := range max(1, rounds) {
		if j > 0 {
			bumps = 0 // the hit's bumps are its first round's
		}
		parts = append(parts, b.Apply(kind, rules.Effect(base, bumps, loc), loc, card.Yes).Text)
	}
	text := strings.Join(parts, ", then ")
	if b.Condition < rules.Unconscious {
		o, err := rules.StunCheck(tc.Character, b, rules.For(rnd, target.ID)) // the target's own roll
		if err != nil {
			return FigureChange{}, "", err
		}
		if o.Successes == 0 {
			text += fmt.Sprintf("; %s fails the stun check (TN %d) and is stunned", tc.Name, o.TN)
		} else {
			text += fmt.Sprintf("; %s shrugs off the stun (TN %d)", tc.Name, o.TN)
		}
	}
	st := target.FigureStatus.clone()
	st.Wounds = b.Wounds
	st.Conc, st.Condition = b.Conc, b.Condition
	return FigureChange{Figure: target.ID, AP: target.AP, Status: st}, text, nil
}

// shotRounds is how many rounds shot i of plan fires: 1, or a burst
// weapon's burst from what the gun holds then (rules.BurstRounds).
func shotRounds(plan ShootPlan, i int) int {
	return rules.BurstRounds(plan.Weapon, plan.Series.Plans[i].Shot.Carried.Loaded)
}

// shotHarm is what a hit of shot i of plan, with its bumps and card, does
// to the target's body base, as decideShoot deals it: the call moves the
// location, the cover on the line takes its part, a burst lands as many
// rounds as the card's burst result.
func shotHarm(plan ShootPlan, i int, base *rules.Body) func(bumps int, c rules.Card) rules.Harm {
	cover := plan.Sights[i].Cover
	call := rules.HitLocation(plan.Calls[i])
	rounds := shotRounds(plan, i)
	return func(bumps int, c rules.Card) rules.Harm {
		loc, bumps := rules.CallBumps(c.Location, bumps, call)
		through := rules.ThroughCover(cover, loc, plan.Weapon, c)
		if through.Damage == 0 {
			return rules.HarmNone
		}
		hits := 1
		if plan.Weapon.Burst > 0 {
			hits = rules.BurstHits(c, rounds)
		}
		b := base.Clone()
		for j := range hits {
			if j > 0 {
				bumps = 0
			}
			b.Apply(rules.Deadly, rules.Effect(through.Damage, bumps, loc), loc, c.Yes)
		}
		return rules.Harmed(base, b)
	}
}

// burstText says how a burst that hit landed: the rounds fired, the
// card's burst result, the rounds that hit.
func burstText(w rules.Weapon, rounds, hits int, card rules.Card, loc rules.HitLocation) string {
	return fmt.Sprintf("The %s's burst of %d round(s): the card's burst result is %d (%s), so %d round(s) hit the %s (TWTW Conflict: Burst Results, the Gatling gun).",
		w.Name, rounds, card.Burst, card.Name(), hits, loc)
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

// carriesFullyLoaded reports whether an action of f's involving movement
// could set off a gun it carries (jostled): one holstered with every
// chamber loaded, but for its gear drawn, the weapon used (-1: none).
func carriesFullyLoaded(f *Figure, drawn int) bool {
	for i, g := range f.Gear {
		if w, ok := ruleTables.weapons[g.Weapon]; ok && i != drawn && fullyLoaded(w, g) {
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

// burstNeed says, for a burst weapon, why a series needs need rounds.
func burstNeed(w rules.Weapon, need int) string {
	if w.Burst <= 1 {
		return ""
	}
	return fmt.Sprintf(": a burst of %d for each shot but the last, %d in all", w.Burst, need)
}

// writeFiring writes shot i's hit chance for the console's "Before the
// dice": that it goes off (its die above the series' Rel) and hits; the
// chance it does not go off; a burst's rounds.
func writeFiring(b *strings.Builder, plan ShootPlan, i int) {
	sp, rel := plan.Series.Plans[i], plan.Series.Rel()
	k := i + 1 + plan.Series.Skip // the die the shot reads
	fmt.Fprintf(b, "; hit chance %.0f%%", 100*rules.KthFiringChance(plan.Series.Pool, k, sp.Result, plan.Series.TNs[i], rel))
	if rel > 0 {
		fmt.Fprintf(b, "; Rel %d: a die of %d or less malfunctions, %.0f%% that the shot does not go off", rel, rel, 100*(1-rules.KthGoesOffChance(plan.Series.Pool, k, rel)))
	}
	if plan.Weapon.Burst > 0 {
		fmt.Fprintf(b, "; a burst of %d round(s), as many hitting as the card's burst result (TWTW Conflict: Burst Results)", shotRounds(plan, i))
	}
	b.WriteString(".\n")
}
