package rules

import (
	"fmt"

	"hexslinger/hexmap"
)

// CoverArmor is the Cover Penetration table of armor values (TWTW Conflict:
// Cover Penetration).
var CoverArmor = map[string]int{
	"glass":                      1,
	"thin wood":                  2,
	"hardwood":                   3,
	"adobe or thin iron plating": 4,
	"thick iron":                 5,
}

// Shields reports whether cover of height h is in the way of a hit at l
// (DESIGN.md "cover"): low covers the legs; waist the legs and belly; chest
// all but the head and arms; full everything.
func Shields(h hexmap.Height, l HitLocation) bool {
	legs := l == RightLeg || l == LeftLeg
	switch h {
	case hexmap.Low:
		return legs
	case hexmap.Waist:
		return legs || l == Belly
	case hexmap.Chest:
		return l != Head && l != RightArm && l != LeftArm
	case hexmap.Full:
		return true
	}
	return false
}

// Penetration is the result of a hit on cover: P, A or D.
type Penetration int

// Cover penetration results.
const (
	Deflect   Penetration = iota // D: no effect
	Ablate                       // A: the RD reaches the target, the cover's AV drops by 1
	Penetrate                    // P: the full DMG reaches the target
)

func (p Penetration) String() string {
	return [...]string{"D: deflects", "A: ablates, the RD gets through", "P: penetrates"}[p]
}

// PenetrateCover compares PV (the card's penetration result plus the
// weapon's Pen) with the cover's AV: P when PV ≥ AV + 2, A when PV is AV
// or AV + 1, D below.
func PenetrateCover(pv, av int) Penetration {
	switch {
	case pv >= av+2:
		return Penetrate
	case pv >= av:
		return Ablate
	}
	return Deflect
}

// CoverHit is what a hit does to a target behind cover: the damage that
// gets through (full DMG, RD or nothing) and the cover's new AV.
type CoverHit struct {
	Covered bool
	PV, AV  int
	Result  Penetration
	Damage  int
	NewAV   int
	Text    string
}

// ThroughCover resolves a hit at location l against the first cover the
// line of sight crosses (nearest the target) that shields l; with none,
// the whole DMG lands.
func ThroughCover(cover []hexmap.CoverHit, l HitLocation, w Weapon, c Card) CoverHit {
	for _, ch := range cover {
		if !Shields(ch.Feature.Height, l) {
			continue
		}
		h := CoverHit{Covered: true, PV: c.Penetration + w.Pen, AV: ch.Feature.Armor}
		h.Result = PenetrateCover(h.PV, h.AV)
		h.NewAV = h.AV
		switch h.Result {
		case Penetrate:
			h.Damage = w.DMG
		case Ablate:
			h.Damage, h.NewAV = w.RD, max(0, h.AV-1)
		}
		h.Text = fmt.Sprintf("the %s (AV %d) shields the %s: PV %d (card %d + Pen %d) — %s",
			ch.Feature.Name(), h.AV, l, h.PV, c.Penetration, w.Pen, h.Result)
		return h
	}
	return CoverHit{Damage: w.DMG, Result: Penetrate, Text: fmt.Sprintf("no cover shields the %s", l)}
}
