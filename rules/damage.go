package rules

import (
	"fmt"
	"slices"
)

// DamageKind is impact or deadly (TWTW Conflict: Applying Damage).
type DamageKind int

// The two kinds of damage.
const (
	Impact DamageKind = iota
	Deadly
)

func (k DamageKind) String() string { return [...]string{"impact", "deadly"}[k] }

// Damage constants (DESIGN.md "damage bump", "concussion capacity").
const (
	EffectPerBump   = 2 // each damage bump adds 2 to the effect
	HeadBumps       = 2 // a head hit adds 2 damage bumps
	VitalsBumps     = 1 // a vitals hit adds 1
	DisablingWounds = 5 // the fifth wound disables a location
)

// LocationBumps is the extra damage bumps a hit location gives (TWTW
// Conflict: Hit Location and Damage).
func LocationBumps(l HitLocation) int {
	switch l {
	case Head:
		return HeadBumps
	case Vitals:
		return VitalsBumps
	}
	return 0
}

// Effect is the damage of a hit: the base damage plus 2 for each bump,
// the location's extra bumps included.
func Effect(base, bumps int, l HitLocation) int {
	return base + EffectPerBump*(bumps+LocationBumps(l))
}

// ImpactWounds splits an impact effect (TWTW Conflict: Impact Damage): under
// twice Size it is all Conc; otherwise twice Size makes a wound, then each
// further full Size another, and what is left is Conc.
func ImpactWounds(effect, size int) (wounds, conc int) {
	if effect < 2*size {
		return 0, effect
	}
	effect -= 2 * size
	wounds = 1
	for effect >= size {
		wounds++
		effect -= size
	}
	return wounds, effect
}

// DeadlyWounds splits a deadly effect into wounds and concussion (TWTW
// Conflict: Deadly Damage): one wound per full multiple of Size.
func DeadlyWounds(effect, size int) (wounds, conc int) {
	if size < 1 {
		return 0, effect
	}
	return effect / size, effect % size
}

// ConcCapacity is the Conc a character can take before falling
// unconscious: 2 × Size + 2 (DESIGN.md; Hank, Size 6: 14).
func ConcCapacity(size int) int { return 2*size + 2 }

// Torso reports whether a location counts as the torso for wounds.
func Torso(l HitLocation) bool { return l == Chest || l == Vitals || l == Belly }

// woundSite is where wounds add up: the torso is one site.
func woundSite(l HitLocation) HitLocation {
	if Torso(l) {
		return Chest
	}
	return l
}

// MoveLocation moves a hit location up (negative steps) or down the stack
// with bumps (TWTW Conflict: Hit Location), stopping at the ends.
func MoveLocation(l HitLocation, steps int) HitLocation {
	i := 0
	for k, x := range HitLocations {
		if x == l {
			i = k
		}
	}
	i = min(len(HitLocations)-1, max(0, i+steps))
	return HitLocations[i]
}

// Condition is a figure's state after damage.
type Condition int

// Conditions, from whole to dead.
const (
	Fine Condition = iota
	Stunned
	Unconscious
	Dead
)

func (c Condition) String() string {
	if c < Fine || c > Dead {
		return fmt.Sprintf("Condition(%d)", int(c))
	}
	return [...]string{"fine", "stunned", "unconscious", "dead"}[c]
}

// Body is a character's wounds and concussion.
type Body struct {
	Size      int
	Wounds    map[HitLocation]int // by site: the torso under Chest
	Conc      int
	Condition Condition
	Disabled  map[HitLocation]bool
}

// NewBody returns an unhurt body of a size.
func NewBody(size int) *Body {
	return &Body{Size: size, Wounds: map[HitLocation]int{}, Disabled: map[HitLocation]bool{}}
}

// WoundsAt returns the wounds at a location (the torso's for chest,
// vitals and belly).
func (b *Body) WoundsAt(l HitLocation) int { return b.Wounds[woundSite(l)] }

// Worst is the highest wound count at any site, at most 5: the row of the
// Wound Effects table that applies.
func (b *Body) Worst() int {
	w := 0
	for _, n := range b.Wounds {
		w = max(w, n)
	}
	return min(w, DisablingWounds)
}

// ConcLeft is the Conc the body can still take.
func (b *Body) ConcLeft() int { return ConcCapacity(b.Size) - b.Conc }

// DamageReport says what one hit did.
type DamageReport struct {
	Effect, Wounds, Conc int
	Location             HitLocation
	Disabled             bool
	Condition            Condition
	Text                 string
}

// Apply deals a hit of effect at location l. The card's toggle decides a
// final impact wound to the torso or head: YES kills, NO knocks out (TWTW
// Conflict: Impact Damage). A fifth wound disables a location: a limb is
// useless, the torso or head is critical and the figure falls unconscious;
// a wound past that kills (docs/defaults.md). Conc past capacity knocks
// out.
func (b *Body) Apply(kind DamageKind, effect int, l HitLocation, toggleYes bool) DamageReport {
	r := DamageReport{Effect: effect, Location: l}
	if kind == Impact {
		r.Wounds, r.Conc = ImpactWounds(effect, b.Size)
	} else {
		r.Wounds, r.Conc = DeadlyWounds(effect, b.Size)
	}
	site := woundSite(l)
	before := b.Wounds[site]
	b.Wounds[site] = before + r.Wounds
	b.Conc += r.Conc
	vital := site == Chest || site == Head
	after := b.Wounds[site]
	switch {
	case after > DisablingWounds && vital && r.Wounds > 0:
		b.Condition = Dead
	case after >= DisablingWounds && before < DisablingWounds:
		r.Disabled = true
		b.Disabled[site] = true
		if vital {
			if kind == Impact && toggleYes {
				b.Condition = Dead
			} else {
				b.Condition = max(b.Condition, Unconscious)
			}
		}
	}
	if b.Conc >= ConcCapacity(b.Size) {
		b.Condition = max(b.Condition, Unconscious)
	}
	r.Condition = b.Condition
	r.Text = fmt.Sprintf("%d %s to the %s: %d wound(s) and %d Conc (%d Conc left)", effect, kind, l, r.Wounds, r.Conc, b.ConcLeft())
	if r.Disabled {
		r.Text += fmt.Sprintf("; the %s is disabled", site)
	}
	if b.Condition >= Unconscious {
		r.Text += "; " + b.Condition.String()
	}
	return r
}

// StunTN is the TN of the Stun check after damage: the Stun column of the
// worst wound's row (the first row when only Conc was dealt).
func (b *Body) StunTN() int { return WoundEffects[max(1, b.Worst())].StunTN }

// StunCheck makes the Fortitude check a character takes when dealt damage
// (TWTW Conflict: Wound Effects); failing it stuns.
func StunCheck(c Character, b *Body, src Source) (Outcome, error) {
	r, err := RollPool(c.TraitPool("fortitude", true), src)
	if err != nil {
		return Outcome{}, fmt.Errorf("stun check: %w", err)
	}
	o := JudgeRoll(r, b.StunTN())
	if o.Successes == 0 && b.Condition == Fine {
		b.Condition = Stunned
	}
	return o, nil
}

// Recover is a stunned character's round: the recovery check at the stun
// TN with all its AP. Success ends the stun; a critical failure (no success
// and a calamity card) knocks out for 1d6 hours unless revived with a
// Standard (5) Medicine test.
func Recover(c Character, b *Body, src Source) (Outcome, Card, error) {
	if b.Condition != Stunned {
		return Outcome{}, Card{}, fmt.Errorf("%s is not stunned", c.Name)
	}
	r, err := RollPool(c.TraitPool("fortitude", true), src)
	if err != nil {
		return Outcome{}, Card{}, fmt.Errorf("recovery check: %w", err)
	}
	card, err := src.Draw()
	if err != nil {
		return Outcome{}, Card{}, fmt.Errorf("recovery check: %w", err)
	}
	o := JudgeRoll(r, b.StunTN())
	switch {
	case o.Successes > 0:
		b.Condition = Fine
	case o.Calamity(card):
		b.Condition = Unconscious
	}
	return o, card, nil
}

// ReviveTN is the Medicine test that wakes someone knocked out by a failed
// recovery: Standard (5).
const ReviveTN = TNStandard

// KnockoutHours rolls how long a critical failure at recovery knocks a
// figure out: 1d6 hours, unless revived sooner.
func KnockoutHours(src Source) (int, error) { return src.Roll(6) }

// CallBumps spends a hit's bumps moving its location toward a location
// called before the dice, one step of the stack a bump, as far as they
// reach; the bumps left add damage (TWTW Conflict: Hit Location: "Hit
// location may be changed within the stack via bumps"; docs/defaults.md).
// An empty call moves nothing.
func CallBumps(l HitLocation, bumps int, call HitLocation) (HitLocation, int) {
	if call == "" {
		return l, bumps
	}
	at, to := slices.Index(HitLocations, l), slices.Index(HitLocations, call)
	if at < 0 || to < 0 {
		return l, bumps
	}
	for bumps > 0 && at != to {
		if at < to {
			at++
		} else {
			at--
		}
		bumps--
	}
	return HitLocations[at], bumps
}

// ParseLocation reads a hit location by name ("head", "left leg").
func ParseLocation(s string) (HitLocation, error) {
	for _, l := range HitLocations {
		if string(l) == s {
			return l, nil
		}
	}
	return "", fmt.Errorf("%q is not a hit location (%v)", s, HitLocations)
}
