package session

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"hexslinger/rules"
	"hexslinger/rules/leadchrome"
)

// The console's sheet editor knows no system: each system describes the
// part of a character sheet it reads as SheetParts of SheetFields, and the
// editor lays them out. Where a system's numbers, tables and gear lists
// change, only the system's file changes.

// FieldKind is how the editor takes a field's value.
type FieldKind int

const (
	// FieldNumber is a whole number typed; empty is 0.
	FieldNumber FieldKind = iota
	// FieldChoice is one of the field's Choices.
	FieldChoice
	// FieldCheck is on ("true") or off ("false").
	FieldCheck
)

// SheetField is one entry of a sheet as the editor shows it. Get and Set
// work on a copy the editor owns (Character.Clone); either may give the
// copy the system's sheet, with its defaults, if it has none.
type SheetField struct {
	Label   string
	Kind    FieldKind
	Choices []string // FieldChoice
	Hint    string   // shown in an empty entry
	Get     func(c *Character) string
	Set     func(c *Character, v string) error
}

// SheetPart is a headed group of fields.
type SheetPart struct {
	Title  string
	Fields []SheetField
}

// SheetParts are the parts of a sheet the fight's system reads, and the
// Lead and Chrome numbers where the fight's options roll its initiative or
// allow the Quick-Draw. Name, id, Move, Run, Size and notes are every
// system's and not among them.
func (s *State) SheetParts() []SheetPart {
	parts := SystemOf(s).Sheet()
	if s.Options.QuickDraw || s.Options.Initiative == InitiativeLeadChrome {
		parts = append(parts, leadChromePart)
	}
	return parts
}

// SheetSummary is what the fight's system derives from a sheet, for the
// editor to show as the Judge types.
func (s *State) SheetSummary(c Character) string { return SystemOf(s).Derived(c) }

// CheckSheet refuses a sheet this fight cannot run: the weapon table and
// ranges every fight checks, the system's own numbers, and the Lead and
// Chrome numbers the fight's options need. set_character refuses the same.
func (s *State) CheckSheet(c Character) error {
	if err := CheckSheet(c); err != nil {
		return err
	}
	if err := SystemOf(s).CheckSheet(c); err != nil {
		return err
	}
	return checkLeadChrome(s.Options, c)
}

// NewCharacter is the sheet the editor starts a new character from: a
// TWTW average (every trait 3, Move 6, Run 12, Size 6) with the fight's
// system's defaults.
func (s *State) NewCharacter() Character {
	c := Character{Character: rules.Character{Move: 6, Run: 12, Size: 6,
		Traits: rules.Traits{Quickness: 3, Coordination: 3, Acuity: 3, Fortitude: 3, Bravery: 3, Strength: 3}}}
	for _, p := range s.SheetParts() {
		for _, f := range p.Fields {
			f.Set(&c, f.Get(&c))
		}
	}
	return c
}

// numberField is a whole number on a sheet; at gives its place, making
// the sheet it lives on if need be.
func numberField(label string, at func(c *Character) *int) SheetField {
	return SheetField{Label: label, Kind: FieldNumber,
		Get: func(c *Character) string { return strconv.Itoa(*at(c)) },
		Set: func(c *Character, v string) error {
			n, err := wholeNumber(label, v)
			*at(c) = n
			return err
		}}
}

// wholeNumber reads a typed number; empty is 0.
func wholeNumber(label, v string) (int, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not a whole number", strings.ToLower(label), v)
	}
	return n, nil
}

// checkField is a yes or no on a sheet.
func checkField(label string, at func(c *Character) *bool) SheetField {
	return SheetField{Label: label, Kind: FieldCheck,
		Get: func(c *Character) string { return strconv.FormatBool(*at(c)) },
		Set: func(c *Character, v string) error {
			*at(c) = v == "true"
			return nil
		}}
}

// titled capitalises a sheet key for a label: "coordination" → "Coordination".
func titled(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// twtwParts are TWTW's traits, skills and weapons.
var twtwParts = func() []SheetPart {
	traits := SheetPart{Title: "Traits (TWTW)"}
	ranks := map[string]func(t *rules.Traits) *int{
		"quickness": func(t *rules.Traits) *int { return &t.Quickness }, "coordination": func(t *rules.Traits) *int { return &t.Coordination },
		"acuity": func(t *rules.Traits) *int { return &t.Acuity }, "fortitude": func(t *rules.Traits) *int { return &t.Fortitude },
		"bravery": func(t *rules.Traits) *int { return &t.Bravery }, "strength": func(t *rules.Traits) *int { return &t.Strength },
	}
	for _, t := range []string{"quickness", "coordination", "acuity", "fortitude", "bravery", "strength"} {
		rank := ranks[t]
		traits.Fields = append(traits.Fields, numberField(titled(t), func(c *Character) *int { return rank(&c.Traits) }))
	}
	skills := SheetPart{Title: "Skills"}
	for _, sk := range sortedKeys(rules.SkillTraits) {
		skills.Fields = append(skills.Fields, SheetField{Label: sk, Kind: FieldNumber, Hint: "0",
			Get: func(c *Character) string {
				if lvl := c.Skills[sk]; lvl > 0 {
					return strconv.Itoa(lvl)
				}
				return ""
			},
			Set: func(c *Character, v string) error {
				lvl, err := wholeNumber(sk, v)
				if err != nil {
					return err
				}
				if lvl == 0 {
					delete(c.Skills, sk)
					return nil
				}
				if c.Skills == nil {
					c.Skills = map[string]int{}
				}
				c.Skills[sk] = lvl
				return nil
			}})
	}
	weapons := SheetPart{Title: "Weapons"}
	ids := sortedKeys(ruleTables.weapons)
	sort.SliceStable(ids, func(i, j int) bool { return ruleTables.weapons[ids[i]].Name < ruleTables.weapons[ids[j]].Name })
	for _, id := range ids {
		w := ruleTables.weapons[id]
		weapons.Fields = append(weapons.Fields, SheetField{Label: w.Name, Kind: FieldCheck,
			Get: func(c *Character) string { return strconv.FormatBool(carriedIndex(c.Gear, id) >= 0) },
			Set: func(c *Character, v string) error {
				i := carriedIndex(c.Gear, id)
				switch {
				case v == "true" && i < 0: // carried now: loaded full
					c.Gear = append(c.Gear, rules.Carried{Weapon: id, Loaded: w.Capacity})
				case v != "true" && i >= 0: // what the sheet said of the rest is kept
					c.Gear = append(c.Gear[:i:i], c.Gear[i+1:]...)
				}
				return nil
			}})
	}
	return []SheetPart{traits, skills, weapons}
}()

// carriedIndex is where gear carries weapon id, or −1.
func carriedIndex(gear []rules.Carried, id string) int {
	for i, g := range gear {
		if g.Weapon == id {
			return i
		}
	}
	return -1
}

// twtwDerived is what TWTW derives from a sheet.
func twtwDerived(ch Character) string {
	var b strings.Builder
	fmt.Fprintf(&b, "AP %d (5 + Quickness) · initiative %s at TN 5 · Conc capacity %d (2 × Size + 2) · defense value %d · damage bonus %+d\n",
		ch.BaseAP(), ch.TraitPool("quickness", false), rules.ConcCapacity(ch.Size), ch.DefenseValue(), ch.DamageBonus())
	var pools []string
	for _, s := range sortedKeys(rules.SkillTraits) {
		if ch.Skills[s] > 0 {
			pool, _ := ch.SkillPool(s)
			pools = append(pools, fmt.Sprintf("%s %s", s, pool))
		}
	}
	if len(pools) == 0 {
		b.WriteString("No skills: every test is unskilled (the trait's dice, one downgrade).")
	} else {
		b.WriteString("Pools: " + strings.Join(pools, " · "))
	}
	return b.String()
}

// lcSheet is the character's Lead and Chrome numbers, made if missing.
func lcSheet(c *Character) *leadchrome.Sheet {
	if c.LeadChrome == nil {
		c.LeadChrome = &leadchrome.Sheet{}
	}
	return c.LeadChrome
}

// leadChromePart is a sheet's Lead and Chrome numbers.
var leadChromePart = SheetPart{Title: "Lead and Chrome", Fields: []SheetField{
	numberField("Reflexes", func(c *Character) *int { return &lcSheet(c).Reflexes }),
	numberField("Quick-Draw skill", func(c *Character) *int { return &lcSheet(c).QuickDraw }),
}}

// Switch is one of a system's options of a fight, on or off: a Fudge
// Combat Options module.
type Switch struct {
	Label string
	On    bool
	// Set is the fight's options with the switch turned on or off, for a
	// set_options command.
	Set func(o FightOptions, on bool) FightOptions
}

// Switches are the fight's system's own options.
func (s *State) Switches() []Switch { return SystemOf(s).Switches(s.Options) }
