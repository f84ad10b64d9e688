package rules

import "fmt"

// Traits are a character's trait ranks, by TWTW trait name.
type Traits struct {
	Quickness    int `json:"quickness"`
	Coordination int `json:"coordination"`
	Acuity       int `json:"acuity"`
	Fortitude    int `json:"fortitude"`
	Bravery      int `json:"bravery"`
	Strength     int `json:"strength,omitempty"`
}

// Rank returns the rank of the named trait.
func (t Traits) Rank(trait string) (int, bool) {
	switch trait {
	case "quickness":
		return t.Quickness, true
	case "coordination":
		return t.Coordination, true
	case "acuity":
		return t.Acuity, true
	case "fortitude":
		return t.Fortitude, true
	case "bravery":
		return t.Bravery, true
	case "strength":
		return t.Strength, true
	}
	return 0, false
}

// SkillTraits names the trait each skill draws on: its dice when unskilled
// and its trait bonus.
var SkillTraits = map[string]string{
	"firearms: pistol":  "coordination",
	"firearms: rifle":   "coordination",
	"firearms: shotgun": "coordination",
	"throwing":          "coordination",
	"unarmed":           "coordination",
	"melee":             "coordination",
	"riding":            "coordination",
	"medicine":          "acuity",
	"sneak":             "quickness",
	"lockpicking":       "coordination",
}

// TraitBonus is the upgrades a trait of rank r gives its skills
// (DESIGN.md "trait bonus": max(0, r−3)).
func TraitBonus(rank int) int { return max(0, rank-3) }

// Carried is a weapon on a character and its state.
type Carried struct {
	Weapon  string `json:"weapon"` // an id of the weapon table
	Readied bool   `json:"readied,omitempty"`
	Cocked  bool   `json:"cocked,omitempty"`
	Loaded  int    `json:"loaded,omitempty"`
	Aims    int    `json:"aims,omitempty"` // aim actions built up
	OffHand bool   `json:"off_hand,omitempty"`
	Worn    int    `json:"worn,omitempty"` // Rel added by blocks met on the weapon (TWTW Conflict: Hand to Hand Combat)
}

// Character is a TWTW character sheet, the part of it combat reads.
type Character struct {
	ID     string         `json:"id"`
	Name   string         `json:"name"`
	Traits Traits         `json:"traits"`
	Skills map[string]int `json:"skills,omitempty"`
	Move   int            `json:"move"` // paces per AP walking
	Run    int            `json:"run"`  // paces per AP running
	Size   int            `json:"size"`
	Gear   []Carried      `json:"gear,omitempty"`
	Notes  string         `json:"notes,omitempty"`
}

// SkillPool is the pool of a test of skill (DESIGN.md "test"): one die per
// skill level with the trait bonus; unskilled, the trait's rank in dice
// with one downgrade. The string says how it was built.
func (c Character) SkillPool(skill string) (Pool, string) {
	return c.SkillPoolOn(skill, SkillTraits[skill])
}

// SkillPoolOn is SkillPool drawing on trait in place of the skill's own
// (an aimed shot on Acuity, TWTW Conflict: Optional rule).
func (c Character) SkillPoolOn(skill, trait string) (Pool, string) {
	rank, _ := c.Traits.Rank(trait)
	if lvl := c.Skills[skill]; lvl > 0 {
		b := TraitBonus(rank)
		return NewPool(lvl, b), fmt.Sprintf("%s %d, %s %d: %d upgrade(s)", skill, lvl, trait, rank, b)
	}
	return NewPool(rank, -1), fmt.Sprintf("unskilled in %s: %s %d dice, 1 downgrade", skill, trait, rank)
}

// TraitPool is the pool of a test of a trait alone: rank dice, with the
// trait bonus unless bonus is false (initiative ignores it).
func (c Character) TraitPool(trait string, bonus bool) Pool {
	rank, _ := c.Traits.Rank(trait)
	net := 0
	if bonus {
		net = TraitBonus(rank)
	}
	return NewPool(rank, net)
}

// DefenseValue is 4 + half the hand-to-hand skill, rounded up (the better
// of unarmed and melee).
func (c Character) DefenseValue() int {
	h := max(c.Skills["unarmed"], c.Skills["melee"])
	return 4 + (h+1)/2
}

// DamageBonus is added to hand-to-hand damage: the Strength trait's bonus,
// max(0, Strength−3) (docs/defaults.md).
func (c Character) DamageBonus() int { return TraitBonus(c.Traits.Strength) }

// AttacksAllowed is how many attacks one pool may make with a skill: its
// level, or the trait's rank unskilled (TWTW Conflict: Multiple Attacks).
func (c Character) AttacksAllowed(skill string) int {
	if lvl := c.Skills[skill]; lvl > 0 {
		return lvl
	}
	rank, _ := c.Traits.Rank(SkillTraits[skill])
	return rank
}

// BaseAP is the AP a character has before initiative successes
// (DESIGN.md "AP": 5 + Quickness rank).
func (c Character) BaseAP() int { return BaseAPConstant + c.Traits.Quickness }

// BaseAPConstant is the 5 in "AP = 5 + Quickness rank".
const BaseAPConstant = 5

// Initials returns up to two letters naming the character on a token.
func (c Character) Initials() string {
	out := []rune{}
	prev := ' '
	for _, r := range c.Name {
		if prev == ' ' && r != ' ' {
			out = append(out, r)
		}
		prev = r
	}
	if len(out) > 2 {
		out = []rune{out[0], out[len(out)-1]}
	}
	return string(out)
}

// Validate checks that a sheet's numbers are usable.
func (c Character) Validate() error {
	switch {
	case c.ID == "":
		return fmt.Errorf("character %q: id is empty", c.Name)
	case c.Name == "":
		return fmt.Errorf("character %s: name is empty", c.ID)
	case c.Move < 1 || c.Move > 100:
		return fmt.Errorf("character %s: move %d, want 1 to 100 paces", c.ID, c.Move)
	case c.Run < 0 || c.Run > 200:
		return fmt.Errorf("character %s: run %d, want 0 to 200 paces", c.ID, c.Run)
	case c.Size < 1 || c.Size > 30:
		return fmt.Errorf("character %s: size %d, want 1 to 30", c.ID, c.Size)
	case c.Traits.Quickness < 0 || c.Traits.Quickness > 15:
		return fmt.Errorf("character %s: quickness %d, want 0 to 15", c.ID, c.Traits.Quickness)
	}
	return nil
}
