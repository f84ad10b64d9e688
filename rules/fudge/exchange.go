package fudge

import "fmt"

// Fighter is one side of a Fudge exchange: the skill it rolls and the
// wound modifier on it, its weapon's offensive damage factor, its armor,
// and its shield when shield checks are in play.
type Fighter struct {
	Skill        Level
	Modifier     int // negative action modifiers due to wounds (WoundEffect)
	WeaponDamage int
	Armor        *Armor
	Shield       *Shield // nil: no shield, or the shield-check module off
}

// Ruling is how an exchange is judged: the armor module, the GM's word on
// a shield check, and, for an unopposed action (a shot), its difficulty.
type Ruling struct {
	// Coverage is armor as AV and CV (Combat Options 1.3); off, the AV
	// always counts.
	Coverage bool
	// ShieldLost: the GM rules the shieldman loses his shield check, his
	// action making the shield "difficult or impossible" to use (2.2).
	ShieldLost bool
	// ShieldModifier is the GM's modifier to the shield check (2.2).
	ShieldModifier int
	// Unopposed is the difficulty of an unopposed action; nil for melee,
	// where both sides roll and the winner hurts the loser.
	Unopposed *Level
}

// Exchange sides.
const (
	Nobody   = 0 // a tie, or an unopposed action that failed
	Attacker = 1
	Defender = 2
)

// Outcome is an exchange decided: both results, who won and by how much,
// the loser's shield check, armor, and the damage the loser takes.
type Outcome struct {
	Attack, Defence Level
	Winner          int // Nobody, Attacker or Defender
	Degree          int // the degree of success (Glossary)
	// ShieldRolled: the loser was a shieldman and made a shield check;
	// ShieldResult is its result and Shielded whether the blow struck the
	// shield. ShieldWaived: the GM ruled the check lost; ShieldBroken:
	// the shield's damage points are exhausted (2.3).
	ShieldRolled, Shielded, ShieldWaived, ShieldBroken bool
	ShieldRoll                                         int
	ShieldResult                                       Level
	ShieldDamage                                       int // points the shield took
	ShieldTaken                                        int // the shield's points taken, after
	// PastCV: the degree passed the loser's armor's CV: as if no armor
	// (1.3). Absorbed is the damage the armor took off.
	PastCV   bool
	Absorbed int
	Damage   int // the damage the loser takes; 0 when the shield took it
}

// Exchange decides one exchange from the attacker's and the defender's
// 4dF sums (the defender's unused when unopposed). "A combat action
// involving a shieldman should be resolved normally. If a shieldman loses
// the action, then that player should make an extra roll against his
// shield skill" (Combat Options 2.2): shieldRoll is asked for that roll
// only then, told whose it is (Attacker or Defender, the loser). The winner hurts the loser by the degree of success plus
// the winner's weapon, less the loser's armor (1.2, 1.3).
func Exchange(a, d Fighter, r Ruling, aSum, dSum int, shieldRoll func(loser int) (int, error)) (Outcome, error) {
	var o Outcome
	o.Attack = a.Skill + Level(aSum+a.Modifier)
	if r.Unopposed != nil {
		o.Defence = *r.Unopposed
	} else {
		o.Defence = d.Skill + Level(dSum+d.Modifier)
	}
	switch {
	case o.Attack > o.Defence:
		o.Winner = Attacker
	case o.Defence > o.Attack && r.Unopposed == nil:
		o.Winner = Defender
	default:
		return o, nil
	}
	win, lose, winResult, loser := a, d, o.Attack, Defender
	if o.Winner == Defender {
		win, lose, winResult, loser = d, a, o.Defence, Attacker
	}
	o.Degree = int(o.Attack - o.Defence)
	if o.Degree < 0 {
		o.Degree = -o.Degree
	}
	blow := o.Degree + win.WeaponDamage
	if sh := lose.Shield; sh != nil {
		switch {
		case r.ShieldLost:
			o.ShieldWaived = true
		case !sh.Usable():
			o.ShieldBroken = true
		default:
			roll, err := shieldRoll(loser)
			if err != nil {
				return o, err
			}
			if roll < CriticalFailure || roll > CriticalSuccess {
				return o, fmt.Errorf("a 4dF sum of %d", roll)
			}
			cp := *sh
			o.ShieldRolled, o.ShieldRoll = true, roll
			o.Shielded, o.ShieldResult = cp.Check(roll, lose.Modifier+r.ShieldModifier, winResult, blow)
			o.ShieldDamage, o.ShieldTaken = cp.Taken-sh.Taken, cp.Taken
			if o.Shielded {
				return o, nil
			}
		}
	}
	if lose.Armor != nil {
		o.Absorbed = lose.Armor.AV
		if r.Coverage {
			o.PastCV = o.Degree > lose.Armor.CV
			o.Absorbed = lose.Armor.Absorbs(o.Degree)
		}
	}
	o.Damage = max(0, blow-o.Absorbed)
	return o, nil
}

// Odds are an exchange's chances before the dice, from Exchange itself
// over every roll of 4dF: that the attacker hurts the defender, that the
// defender hurts the attacker, that a blow strikes a shield, and that a
// winning blow passes the loser's armor's coverage.
type Odds struct {
	AttackerHurts, DefenderHurts, Shielded, PastCV float64
}

// Chances enumerates Exchange over every 4dF sum of both sides and of a
// shield check, weighted by Chance4dF: the preview is the decision.
func Chances(a, d Fighter, r Ruling) Odds {
	var odds Odds
	add := func(o Outcome, p float64) {
		switch {
		case o.Shielded:
			odds.Shielded += p
		case o.Winner == Attacker && o.Damage > 0:
			odds.AttackerHurts += p
		case o.Winner == Defender && o.Damage > 0:
			odds.DefenderHurts += p
		}
		if o.PastCV && !o.Shielded {
			odds.PastCV += p
		}
	}
	dSums := []int{0}
	if r.Unopposed == nil {
		dSums = []int{-4, -3, -2, -1, 0, 1, 2, 3, 4}
	}
	for x := -4; x <= 4; x++ {
		for _, y := range dSums {
			p := Chance4dF(x)
			if r.Unopposed == nil {
				p *= Chance4dF(y)
			}
			asked := false
			o, _ := Exchange(a, d, r, x, y, func(int) (int, error) { asked = true; return 0, nil })
			if !asked {
				add(o, p)
				continue
			}
			for z := -4; z <= 4; z++ {
				o, _ := Exchange(a, d, r, x, y, func(int) (int, error) { return z, nil })
				add(o, p*Chance4dF(z))
			}
		}
	}
	return odds
}
