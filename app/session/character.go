package session

import (
	"hexslinger/rules"
	"hexslinger/rules/dragonwarriors"
	"hexslinger/rules/fudge"
	"hexslinger/rules/leadchrome"
	"hexslinger/rules/savage"
)

// Character is a character sheet as a fight holds it: the TWTW sheet every
// system reads (name, size, Move and Run place and move a figure on the
// map) and each other system's numbers, kept whichever system the fight
// runs so a sheet moves between fights. In files the systems' parts are
// keys beside the TWTW fields.
//
// The TWTW kernel (package rules) knows none of the other systems: the
// sheets come together here, where the session picks the fight's system.
type Character struct {
	rules.Character
	// DragonWarriors is the sheet's Dragon Warriors II numbers, for fights
	// under those rules.
	DragonWarriors *dragonwarriors.Sheet `json:"dragon_warriors,omitempty"`
	// Savage is the sheet's Savage Worlds traits, for fights under those
	// rules.
	Savage *savage.Sheet `json:"savage,omitempty"`
	// Fudge is the sheet's Fudge levels, for fights under those rules.
	Fudge *fudge.Sheet `json:"fudge,omitempty"`
	// LeadChrome is the sheet's Reflexes and Quick-Draw skill, for fights
	// that roll Lead and Chrome's initiative or allow the Quick-Draw.
	LeadChrome *leadchrome.Sheet `json:"lead_chrome,omitempty"`
	// Portrait is the figure's picture, a PNG or JPEG (CheckPortrait),
	// drawn in its token's disc; none draws its initials.
	Portrait []byte `json:"portrait,omitempty"`
	// Side is the side the sheet's figures stand on when placed with
	// none named and no copy of it is on the map (State.DefaultSide);
	// empty, the fight's first side that is not the players'.
	Side string `json:"side,omitempty"`
}

// Clone deep-copies a sheet, so an editor may change the copy.
func (c Character) Clone() Character {
	if c.DragonWarriors != nil {
		dw := *c.DragonWarriors
		c.DragonWarriors = &dw
	}
	if c.LeadChrome != nil {
		lc := *c.LeadChrome
		c.LeadChrome = &lc
	}
	if c.Fudge != nil {
		fs := *c.Fudge
		if fs.Armor != nil {
			a := *fs.Armor
			fs.Armor = &a
		}
		if fs.DamageCapacity != nil {
			l := *fs.DamageCapacity
			fs.DamageCapacity = &l
		}
		c.Fudge = &fs
	}
	if c.Savage != nil {
		sw := *c.Savage
		if sw.Gun != nil {
			g := *sw.Gun
			g.Damage = append([]int(nil), g.Damage...)
			sw.Gun = &g
		}
		if sw.Bennies != nil {
			n := *sw.Bennies
			sw.Bennies = &n
		}
		c.Savage = &sw
	}
	if c.Skills != nil {
		sk := make(map[string]int, len(c.Skills))
		for k, v := range c.Skills {
			sk[k] = v
		}
		c.Skills = sk
	}
	c.Gear = append([]rules.Carried(nil), c.Gear...)
	// The portrait is shared: a sheet's picture is replaced whole, never
	// written into.
	return c
}
