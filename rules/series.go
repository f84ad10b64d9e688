package rules

import (
	"fmt"
	"strings"

	"hexslinger/hexmap"
)

// Series is several attacks from one pool, declared before the dice (TWTW
// Conflict: Multiple Attacks): the first uses the highest die, the second
// the next, and so on.
type Series struct {
	Plans []ShotPlan
	AP    int // every shot's AP plus 1 per target switch
	// Pool is the one pool rolled for the series: the first shot's. A later
	// shot's own upgrades and downgrades beyond the first's move its TN
	// instead, one for one (docs/defaults.md).
	Pool     Pool
	TNs      []int
	Switches int
	// Skip is how many of the pool's highest results go to a primary
	// action done with the series, so the first attack reads the next
	// (TWTW Conflict: Combining Combat and Non-Combat Actions).
	Skip int
}

// PlanSeries plans shots by c in order. Each shot's TargetNumber says which
// target it is at (0 the first); a change from one shot to the next is a
// target switch.
func PlanSeries(c Character, shots []Shot) (Series, error) {
	if len(shots) == 0 {
		return Series{}, fmt.Errorf("a series needs a shot")
	}
	skill := shots[0].Weapon.Skill
	if n := c.AttacksAllowed(skill); len(shots) > n {
		return Series{}, fmt.Errorf("%s may make %d attack(s) from one pool with %s, not %d", c.Name, n, skill, len(shots))
	}
	var s Series
	for i, sh := range shots {
		p, err := PlanShot(c, sh)
		if err != nil {
			return Series{}, fmt.Errorf("shot %d: %w", i+1, err)
		}
		if i > 0 && sh.TargetNumber != shots[i-1].TargetNumber {
			s.Switches++
		}
		s.Plans = append(s.Plans, p)
		s.AP += p.AP
	}
	s.AP += s.Switches * RangedModifiers.TargetSwitchAP
	s.Pool = s.Plans[0].Pool
	for _, p := range s.Plans {
		s.TNs = append(s.TNs, p.TN-(p.Steps-s.Plans[0].Steps))
	}
	return s, nil
}

// Hit is the outcome of one attack of a series.
type Hit struct {
	Plan     ShotPlan
	TN       int
	Die      int // the die used, with the result bonuses
	Result   DieResult
	Card     Card
	Location HitLocation // where it landed, on a hit
	// Misfire: the die's face was within the series' Rel, and the shot
	// did not go off; Stopped: an earlier shot misfired, and this one was
	// not fired. Neither draws a card (docs/defaults.md).
	Misfire, Stopped bool
	Face             int // a misfire's die face, as rolled
}

// WentOff reports whether the shot was fired: neither a misfire nor
// stopped by one.
func (h Hit) WentOff() bool { return !h.Misfire && !h.Stopped }

// SeriesResult is a resolved series: the roll, and each attack.
type SeriesResult struct {
	Roll     Roll
	Hits     []Hit
	Calamity bool
	Rel      int    // the series' malfunction range (Series.Rel)
	RelWhy   string // what widened it past the card's Rel: " (1 on the card, +1 fan-fired …)", or ""
}

// Resolve rolls the series' pool once and draws a card per attack. A
// shot whose die's face is within the series' Rel malfunctions: it does
// not go off, nor do the shots after it, and none of them draws a card
// (Malfunctions; docs/defaults.md).
func (s Series) Resolve(src Source) (SeriesResult, error) {
	r, err := RollPool(s.Pool, src)
	if err != nil {
		return SeriesResult{}, err
	}
	out := SeriesResult{Roll: r, Rel: s.Rel(), RelWhy: s.relWhy()}
	successes := 0
	jammed := false
	for i, p := range s.Plans {
		if jammed {
			out.Hits = append(out.Hits, Hit{Plan: p, TN: s.TNs[i], Stopped: true})
			continue
		}
		d := i + s.Skip // the die this shot reads
		if Malfunctions(r.Face(d+1), out.Rel) {
			jammed = true
			out.Hits = append(out.Hits, Hit{Plan: p, TN: s.TNs[i], Die: r.Totals[d] + p.Result, Face: r.Face(d + 1), Misfire: true})
			continue
		}
		card, err := src.Draw()
		if err != nil {
			return SeriesResult{}, fmt.Errorf("attack %d: %w", i+1, err)
		}
		h := Hit{Plan: p, TN: s.TNs[i], Card: card}
		if i+s.Skip < len(r.Totals) {
			h.Die = r.Totals[i+s.Skip] + p.Result
			h.Result = Judge(h.Die, h.TN)
		}
		if h.Result.Success {
			h.Location = card.Location
			successes++
		}
		out.Hits = append(out.Hits, h)
	}
	out.Calamity = successes == 0 && out.Hits[0].Card.Calamity
	return out, nil
}

// Explain writes each attack as a sentence.
func (r SeriesResult) Explain(shooter string, targets []string) string {
	var parts []string
	for i, h := range r.Hits {
		t := "the target"
		if i < len(targets) {
			t = targets[i]
		}
		switch {
		case h.Misfire:
			parts = append(parts, fmt.Sprintf("%s %s at %s: the die shows %d, within the %s's Rel %d%s: it malfunctions and the shot does not go off (TWTW Conflict: Carrying Loaded Weapons, \"the malfunction range of the weapon\"; docs/defaults.md)",
				shooter, h.Plan.Shot.Kind, t, h.Face, h.Plan.Shot.Weapon.Name, r.Rel, r.RelWhy))
			continue
		case h.Stopped:
			parts = append(parts, fmt.Sprintf("%s %s at %s: not fired, the gun having malfunctioned", shooter, h.Plan.Shot.Kind, t))
			continue
		}
		verdict := "misses"
		if h.Result.Success {
			verdict = fmt.Sprintf("hits the %s", h.Location)
			if h.Result.Bumps > 0 {
				verdict += fmt.Sprintf(" with %d bump(s)", h.Result.Bumps)
			}
		}
		parts = append(parts, fmt.Sprintf("%s %s at %s: %d vs TN %d, %s (%s)",
			shooter, h.Plan.Shot.Kind, t, h.Die, h.TN, verdict, h.Card.Name()))
	}
	s := strings.Join(parts, "; ") + " — rolled " + r.Roll.String()
	if r.Calamity {
		s += "; calamity!"
	}
	return s
}

// ScatterHex is where a thrown object that missed lands: the card's phase
// result in paces from the target, in its clock direction with 6 toward the
// thrower (TWTW Conflict: Throwing Things).
func ScatterHex(thrower, target hexmap.Hex, c Card, pacesPerHex float64) (hexmap.Hex, error) {
	return hexmap.Scatter(thrower, target, c.Clock, float64(c.Phase), pacesPerHex)
}

// AfterShot is the weapon's state once fired: aim is lost and the hammer
// is down (TWTW Conflict: aim does not persist; firearms are cocked before
// each shot); a fan leaves it uncocked too. A round is spent, or a burst
// weapon's burst (BurstRounds).
func AfterShot(c Carried, w Weapon) Carried {
	c.Aims = 0
	c.Cocked = false
	if c.Loaded > 0 && !w.Thrown {
		c.Loaded -= min(c.Loaded, BurstRounds(w, c.Loaded))
	}
	return c
}

// TacticalAim is what a firer who aims has faced since the aim began or
// since its last action (TWTW Conflict: Tactical Aiming).
type TacticalAim struct {
	ShotsAt       int // ranged attacks that targeted the firer
	HitsTaken     int // of those, hits
	MeleeTargeted bool
	MeleeHit      bool
	CoverArmor    int // lowest armor value of cover held the whole turn; 0 if none
}

// AimCheck is the outcome of a tactical-aiming Bravery check.
type AimCheck struct {
	Needed  bool
	TN      int
	Steps   int
	Roll    Roll
	Result  DieResult
	KeepAim bool
	Why     string
}

// CheckAim makes the Bravery check a firer under fire needs to keep aim.
// Failing it loses every aim; the shot becomes a snap shot and no aiming
// is allowed again this round. A melee hit loses aim with no check.
func CheckAim(c Character, t TacticalAim, src Source) (AimCheck, error) {
	switch {
	case t.MeleeHit:
		return AimCheck{Needed: false, KeepAim: false, Why: "hit in melee: aim is lost"}, nil
	case t.ShotsAt == 0 && !t.MeleeTargeted:
		return AimCheck{KeepAim: true, Why: "not under fire: aims as normal"}, nil
	}
	// Shot at: Standard (5), a downgrade for each shot after the first
	// and 2 for each hit; a target of a melee attack too: Difficult (7),
	// the harder of the two tests, with the same downgrades.
	a := AimCheck{Needed: true, TN: TNStandard, Steps: -(max(0, t.ShotsAt-1) + 2*t.HitsTaken)}
	if t.MeleeTargeted {
		a.TN = TNDifficult
	}
	p := c.TraitPool("bravery", true).Shift(a.Steps)
	r, err := RollPool(p, src)
	if err != nil {
		return a, fmt.Errorf("tactical aiming: %w", err)
	}
	a.Roll = r
	a.Result = Judge(r.Top()+t.CoverArmor, a.TN)
	a.KeepAim = a.Result.Success
	a.Why = fmt.Sprintf("Bravery %s vs TN %d (cover +%d): %d", p, a.TN, t.CoverArmor, a.Result.Total)
	return a, nil
}

// Discharge is what a fully loaded gun carried on the move does on a
// calamity or a malfunction (TWTW Conflict: Carrying Loaded Weapons): it
// fires; the card's toggle says whether the round misses the carrier (YES)
// or hits the nearest body part, usually a leg.
type Discharge struct {
	Fires    bool
	HitsSelf bool
	Location HitLocation
}

// CarriedDischarge checks a fully loaded gun on an action involving
// movement.
func CarriedDischarge(fullyLoaded, movement, calamity, malfunction bool, c Card) Discharge {
	if !fullyLoaded || !movement || !(calamity || malfunction) {
		return Discharge{}
	}
	if c.Yes {
		return Discharge{Fires: true}
	}
	return Discharge{Fires: true, HitsSelf: true, Location: RightLeg}
}

// Sabotage is an attempt to fail on purpose (TWTW Conflict: Action
// Sabotage): it fails unless the card shows a calamity (the target is hit
// after all) or an unintended target.
func Sabotage(c Card) (hitsTarget, unintended bool) { return c.Calamity, c.Unintended }

// APText says what each shot of a series costs, and the target switches:
// "shot 1: snap shot 1; shot 2: cock 1 + snap shot 1". One shot's cost is
// in its plan's Explain; for it this is "".
func (s Series) APText() string {
	if len(s.Plans) < 2 {
		return ""
	}
	var parts []string
	for i, p := range s.Plans {
		parts = append(parts, fmt.Sprintf("shot %d: %s", i+1, strings.Join(p.APParts, " + ")))
	}
	if s.Switches > 0 {
		parts = append(parts, fmt.Sprintf("%d target switch(es) %d", s.Switches, s.Switches*RangedModifiers.TargetSwitchAP))
	}
	return strings.Join(parts, "; ")
}
