package rules

import "fmt"

// Traits are a character's trait ranks, by TWTW trait name.
type Traits struct {
	Quickness    int `json:"quickness"`
	Coordination int `json:"coordination"`
	Acuity       int `json:"acuity"`
	Fortitude    int `json:"fortitude"`
	Bravery      int `json:"bravery"`
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
	Notes  string         `json:"notes,omitempty"`
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
