package session

import (
	"fmt"
	"strconv"
	"strings"

	"hexslinger/rules"
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
	for _, o := range options {
		parts = append(parts, o.sheetParts(s.Options)...)
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
	return optionsCheckSheet(s.Options, c)
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

// Switch is one of a system's options of a fight, on or off: a Fudge
// Combat Options module.
type Switch struct {
	Label string
	On    bool
	// Set is the fight's options with the switch turned on or off, for a
	// set_options command.
	Set func(o FightOptions, on bool) FightOptions
}

// Switches are the fight's system's own options, and the fog of war's.
func (s *State) Switches() []Switch {
	out := SystemOf(s).Switches(s.Options)
	for _, o := range options {
		out = append(out, o.switches(s.Options)...)
	}
	return append(out, fogSwitch(s.Options))
}
