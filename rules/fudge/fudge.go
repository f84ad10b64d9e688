// Package fudge is Fudge dice and the ladder, and Timothy J. Miller's
// "Combat Options" (2000) as option modules a fight can switch on: armor
// as Armor Value plus Coverage Value, shield checks with optional shield
// damage, the alternate wound track, damage checks, and recovery during
// combat.
package fudge

import (
	"fmt"
	"strings"

	"hexslinger/rules"
)

// Dice rolls the dice; the kernel's rules.Dice, which a session's
// source satisfies.
type Dice = rules.Dice

// Level is a rung of the Fudge ladder, Terrible (−3) to Legendary (+4).
type Level int

// The ladder.
const (
	Terrible  Level = -3
	Poor      Level = -2
	Mediocre  Level = -1
	Fair      Level = 0
	Good      Level = 1
	Great     Level = 2
	Superb    Level = 3
	Legendary Level = 4
)

var levelNames = map[Level]string{Terrible: "Terrible", Poor: "Poor", Mediocre: "Mediocre", Fair: "Fair",
	Good: "Good", Great: "Great", Superb: "Superb", Legendary: "Legendary"}

func (l Level) String() string {
	switch {
	case l < Terrible:
		return fmt.Sprintf("Terrible%d", int(l-Terrible))
	case l > Legendary:
		return fmt.Sprintf("Legendary+%d", int(l-Legendary))
	}
	return levelNames[l]
}

// ParseLevel reads a ladder name.
func ParseLevel(s string) (Level, error) {
	for l, n := range levelNames {
		if strings.EqualFold(n, s) {
			return l, nil
		}
	}
	return 0, fmt.Errorf("%q is not a level of the Fudge ladder (Terrible … Legendary)", s)
}

// Roll is a 4dF roll: the four dice (−1, 0, +1) and their sum.
type Roll struct {
	Dice [4]int
	Sum  int
}

// face reads a d6 as a Fudge die.
func face(d6 int) int { return [...]int{-1, -1, 0, 0, 1, 1}[(d6-1)%6] }

// Roll4dF rolls four Fudge dice.
func Roll4dF(d Dice) (Roll, error) {
	var r Roll
	for i := range r.Dice {
		v, err := d.Roll(6)
		if err != nil {
			return r, err
		}
		r.Dice[i] = face(v)
		r.Sum += r.Dice[i]
	}
	return r, nil
}

// Critical success and failure on 4dF (+4, −4).
const (
	CriticalSuccess = 4
	CriticalFailure = -4
)

// Chance4dF is the exact distribution of 4dF: the chance of each sum −4…+4
// (ways out of 81).
func Chance4dF(sum int) float64 {
	ways := [...]int{1, 4, 10, 16, 19, 16, 10, 4, 1}
	if sum < -4 || sum > 4 {
		return 0
	}
	return float64(ways[sum+4]) / 81
}

// Armor is a suit's Armor Value (damage it absorbs) and Coverage Value (how
// much of the wearer it covers) (Combat Options 1).
type Armor struct {
	Name string `json:"name,omitempty"`
	AV   int    `json:"av"`
	CV   int    `json:"cv"`
}

// ArmorMaterials and CoverageTypes are the example values (Combat Options
// 1.4).
var (
	ArmorMaterials = map[string]int{
		"heavy or hardened leather": 1, "heavy padded cloth": 1, "ballistic cloth": 1,
		"steel chain with padding": 2, "bronze plate with under mail coat": 2,
		"steel plate with under mail coat": 3, "heavy ballistic cloth": 2,
		"heavy ballistic cloth with ceramic plates": 3,
	}
	CoverageTypes = map[string]int{"vest or breastplate": 1, "shirt": 2, "hauberk": 3, "partial suit": 4, "full suit": 5}
)

// Absorbs is the damage the armor takes off a hit won by degree: its AV,
// unless the degree of success passes its CV, when the blow finds an
// unprotected spot (Combat Options 1.3).
func (a Armor) Absorbs(degree int) int {
	if degree > a.CV {
		return 0
	}
	return a.AV
}

// Shield is a shield with optional damage points (Combat Options 2).
type Shield struct {
	Skill     Level
	Points    int // damage points it can absorb; 0 with the option off
	Taken     int
	UseDamage bool
}

// CheckModifier is −1 once the shield has taken half its points.
func (s Shield) CheckModifier() int {
	if s.UseDamage && s.Points > 0 && 2*s.Taken >= s.Points {
		return -1
	}
	return 0
}

// Usable reports whether the shield can still be used.
func (s Shield) Usable() bool { return !s.UseDamage || s.Points == 0 || s.Taken < s.Points }

// ShieldCheck is the extra roll of a shieldman who lost the action: the
// blow strikes the shield if the check equals or beats the opponent's
// result (Combat Options 2.2). A blow the shield takes wears it down by
// the damage, with the option on.
func ShieldCheck(d Dice, s *Shield, opponent Level, damage int) (bool, Level, error) {
	if !s.Usable() {
		return false, 0, nil
	}
	r, err := Roll4dF(d)
	if err != nil {
		return false, 0, err
	}
	blocked, got := s.Check(r.Sum, 0, opponent, damage)
	return blocked, got, nil
}

// Check is a shield check whose 4dF came up sum, with the GM's modifier
// (Combat Options 2.2: "The GM may also apply modifiers to the shield
// check"): the blow strikes the shield if the result equals or beats the
// opponent's. A blow the shield takes wears it down by its damage, with
// the shield-damage option on; a blow of no damage wears nothing, and
// never repairs it (2.3: shields "are only damaged when they are
// sucessfully used to absorb a blow").
func (s *Shield) Check(sum, modifier int, opponent Level, damage int) (bool, Level) {
	got := s.Skill + Level(sum+s.CheckModifier()+modifier)
	blocked := got >= opponent
	if blocked && s.UseDamage {
		s.Taken = min(s.Points, s.Taken+max(0, damage))
	}
	return blocked, got
}

// WoundTrack is the alternate wound track (Combat Options 3): wound boxes
// for each level from Terrible up, filled from Terrible up.
type WoundTrack struct {
	Boxes  map[Level]int // boxes per level
	Filled int
}

// NewWoundTrack gives every level from Terrible to Legendary n boxes.
func NewWoundTrack(n int) WoundTrack {
	t := WoundTrack{Boxes: map[Level]int{}}
	for l := Terrible; l <= Legendary; l++ {
		t.Boxes[l] = n
	}
	return t
}

// NewWoundTrackOf gives the levels from Terrible to Legendary boxes[0]
// to boxes[7] boxes each (Combat Options 3.1: "The total number of wound
// boxes and their distribution is determined by the GM, and need not be
// uniform").
func NewWoundTrackOf(boxes [8]int) WoundTrack {
	t := WoundTrack{Boxes: map[Level]int{}}
	for i, n := range boxes {
		t.Boxes[Terrible+Level(i)] = n
	}
	return t
}

// DefaultBoxes is two boxes a level, the text's first example track and
// the one its damage-check default assumes (Combat Options 3.1, 4.2.2).
var DefaultBoxes = [8]int{2, 2, 2, 2, 2, 2, 2, 2}

// Capacity is the number of boxes.
func (t WoundTrack) Capacity() int {
	n := 0
	for _, b := range t.Boxes {
		n += b
	}
	return n
}

// Level is the wound level: the level over the rightmost marked box (none
// marked: below Terrible, reported as Terrible−1).
func (t WoundTrack) Level() Level {
	left := t.Filled
	last := Terrible - 1
	for l := Terrible; l <= Legendary && left > 0; l++ {
		if t.Boxes[l] > 0 {
			last = l
		}
		left -= t.Boxes[l]
	}
	return last
}

// Take marks damage boxes; past the last box the character is beyond
// Legendary (dead).
func (t *WoundTrack) Take(damage int) { t.Filled = min(t.Filled+damage, t.Capacity()) }

// Recover clears boxes from Legendary down: as many as the healer's degree
// of success (Combat Options 3.2; the GM may scale it).
func (t *WoundTrack) Recover(degree int) { t.Filled = max(0, t.Filled-max(0, degree)) }

// StandardDamage maps the core Fudge damage levels onto the ladder (Combat
// Options 4.2.1).
var StandardDamage = map[string]Level{
	"scratch": Mediocre, "hurt": Fair, "very hurt": Good,
	"incapacitated": Great, "near death": Superb, "dead": Legendary,
}

// VeryHurtModifier is Very Hurt's action modifier, the largest a wound
// level names (Combat Options 4.2.1).
const VeryHurtModifier = -2

// WoundEffect is what a wound level does to a fighter, read back through
// the standard mapping (Combat Options 4.2.1) to the core Fudge wound
// levels: Hurt (Fair) −1 to actions, Very Hurt (Good) −2, Incapacitated
// (Great) and Near Death (Superb) out of the fight, Dead (Legendary)
// dead; a scratch or less, nothing. A wound worse than Very Hurt keeps
// its −2: the text names no larger modifier, and a worse wound never
// makes a recovery's damage check, "including any negative wound
// modifiers" (Combat Options 4.4), easier (docs/defaults.md).
func WoundEffect(l Level) (modifier int, out, dead bool) {
	switch {
	case l >= Legendary:
		return VeryHurtModifier, true, true
	case l >= Great:
		return VeryHurtModifier, true, false
	case l == Good:
		return VeryHurtModifier, false, false
	case l == Fair:
		return -1, false, false
	}
	return 0, false, false
}

// DamageCheck is the unopposed roll of damage capacity against the new
// wound level (Combat Options 4.3): success fights on, failure is out of
// the engagement; ±4 are the critical results the GM may reward or punish.
type DamageCheck struct {
	Roll     Roll
	Result   Level
	Against  Level
	Success  bool
	Critical string // "success", "failure" or ""
	Text     string
}

// The verdicts of a damage check, as its Text says them (Combat Options
// 4.3.1, 4.3.2).
const (
	ShrugsOff   = "shrugs off the injury and fights on"
	KnockedDown = "is knocked down and out of the engagement"
)

// CheckDamage makes a damage check with capacity against wound level,
// with a modifier (negative wound modifiers when recovering).
func CheckDamage(d Dice, capacity, wound Level, modifier int) (DamageCheck, error) {
	r, err := Roll4dF(d)
	if err != nil {
		return DamageCheck{}, err
	}
	c := DamageCheck{Roll: r, Result: capacity + Level(r.Sum+modifier), Against: wound}
	c.Success = c.Result >= wound
	switch r.Sum {
	case CriticalSuccess:
		c.Critical = "success"
	case CriticalFailure:
		c.Critical = "failure"
	}
	verdict := ShrugsOff
	if !c.Success {
		verdict = KnockedDown
	}
	c.Text = fmt.Sprintf("damage check: %s %+d = %s against %s: %s", capacity, r.Sum, c.Result, wound, verdict)
	if modifier != 0 {
		c.Text = fmt.Sprintf("damage check: %s %+d, wounds %+d = %s against %s: %s", capacity, r.Sum, modifier, c.Result, wound, verdict)
	}
	if c.Critical != "" {
		c.Text += " (critical " + c.Critical + ")"
	}
	return c, nil
}

// MayTryRecovery reports whether a character out of the fight may try a
// new damage check to rejoin: after at least as many rounds as its damage
// points (Combat Options 4.4).
func MayTryRecovery(roundsOut, damagePoints int) bool { return roundsOut >= damagePoints }

// Options are the Combat Options modules a fight switches on.
type Options struct {
	ArmorCoverage    bool `json:"armor_coverage,omitempty"`
	ShieldChecks     bool `json:"shield_checks,omitempty"`
	ShieldDamage     bool `json:"shield_damage,omitempty"`
	WoundTrack       bool `json:"wound_track,omitempty"`
	DamageChecks     bool `json:"damage_checks,omitempty"`
	RecoveryInCombat bool `json:"recovery_in_combat,omitempty"`
	// RecoveryNoWait lets a figure try to recover from the round after it
	// was knocked out, where the text only recommends a wait of a round
	// per damage point (Combat Options 4.4: "It is recommended that the
	// player be out of combat for at least as many rounds as he has
	// damage points").
	RecoveryNoWait bool `json:"recovery_no_wait,omitempty"`
}

// MarshalText writes a level by name.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads a level by name.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// Sheet is the part of a character sheet Fudge fights read.
type Sheet struct {
	Melee        Level `json:"melee"`
	Ranged       Level `json:"ranged"`
	Shield       Level `json:"shield,omitempty"` // the Shield skill; with HasShield
	HasShield    bool  `json:"has_shield,omitempty"`
	ShieldPoints int   `json:"shield_points,omitempty"`
	// DamageCapacity is the sheet's damage capacity; none set is the
	// default (Capacity).
	DamageCapacity *Level `json:"damage_capacity,omitempty"`
	// WeaponDamage is the weapon's offensive damage factor.
	WeaponDamage int    `json:"weapon_damage,omitempty"`
	Armor        *Armor `json:"armor,omitempty"`
	// WoundBoxes are the alternate wound track's boxes at each level,
	// Terrible first; none set is DefaultBoxes (Combat Options 3.1).
	WoundBoxes [8]int `json:"wound_boxes,omitzero"`
}

// DefaultCapacity is the damage capacity of a sheet that sets none: "Fair
// or Good is the recommended default damage capacity level" with the
// standard damage (Combat Options 4.2.1), the lower; "The recommended
// default damage capacity using this method is Mediocre, assuming two
// wound boxes per wound level" on the alternate wound track (4.2.2).
func DefaultCapacity(woundTrack bool) Level {
	if woundTrack {
		return Mediocre
	}
	return Fair
}

// Capacity is the sheet's damage capacity, or the default on the track
// in play (DefaultCapacity).
func (s Sheet) Capacity(woundTrack bool) Level {
	if s.DamageCapacity != nil {
		return *s.DamageCapacity
	}
	return DefaultCapacity(woundTrack)
}

// Boxes is the sheet's wound track distribution.
func (s Sheet) Boxes() [8]int {
	if s.WoundBoxes == ([8]int{}) {
		return DefaultBoxes
	}
	return s.WoundBoxes
}

// Check refuses levels off the ladder and odd armor.
func (s Sheet) Check() error {
	for _, l := range []Level{s.Melee, s.Ranged, s.Shield, s.Capacity(false)} {
		if l < Terrible || l > Legendary {
			return fmt.Errorf("level %d is off the ladder", int(l))
		}
	}
	if a := s.Armor; a != nil && (a.AV < 0 || a.AV > 10 || a.CV < 0 || a.CV > 5) {
		return fmt.Errorf("armor AV %d, CV %d: want AV 0–10 and CV 0–5", a.AV, a.CV)
	}
	for i, n := range s.WoundBoxes {
		if n < 0 || n > 10 {
			return fmt.Errorf("%d wound boxes at %s: want 0–10", n, Terrible+Level(i))
		}
	}
	if s.WeaponDamage < -3 || s.WeaponDamage > 10 || s.ShieldPoints < 0 || s.ShieldPoints > 50 {
		return fmt.Errorf("weapon damage %d or shield points %d out of range", s.WeaponDamage, s.ShieldPoints)
	}
	return nil
}

// StandardWound maps cumulative damage points onto the core Fudge damage
// levels (docs/defaults.md: 1–2 scratch, 3–4 hurt, 5–6 very hurt, 7–8
// incapacitated, 9–10 near death, more dead), as ladder levels (Combat
// Options 4.2.1); no damage is below Terrible.
func StandardWound(points int) (string, Level) {
	switch {
	case points <= 0:
		return "unhurt", Terrible - 1
	case points <= 2:
		return "scratch", StandardDamage["scratch"]
	case points <= 4:
		return "hurt", StandardDamage["hurt"]
	case points <= 6:
		return "very hurt", StandardDamage["very hurt"]
	case points <= 8:
		return "incapacitated", StandardDamage["incapacitated"]
	case points <= 10:
		return "near death", StandardDamage["near death"]
	}
	return "dead", StandardDamage["dead"]
}
