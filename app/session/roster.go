package session

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// Roster commands: the Judge's edits to who is in the fight, and to its
// rule options, while it runs.
const (
	CommandSetCharacter    = "set_character"    // add Sheet, or replace the sheet with its id
	CommandRemoveCharacter = "remove_character" // remove the sheet Character (no figure may use it)
	CommandPlace           = "place"            // put the figures Place on the map
	CommandRemoveFigure    = "remove_figure"    // take Figure off the map
	CommandSetOptions      = "set_options"      // change the fight's rule Options
	CommandEditMap         = "edit_map"         // make the map hold Cells
)

// Roster events.
const (
	EventCharacterSet     = "character_set"     // Sheet added or replaced
	EventCharacterRemoved = "character_removed" // the sheet Character removed
	EventPlaced           = "placed"            // the figures Placed put on the map
	EventFigureRemoved    = "figure_removed"    // Figure taken off the map
	EventOptionsSet       = "options_set"       // the fight's rule options are now Options
	EventMapEdited        = "map_edited"        // the map holds Cells now
)

// MaxEditCells caps the hexes one edit_map command changes.
const MaxEditCells = 10000

// MaxPlace caps the figures one place command puts down.
const MaxPlace = 50

func decideRoster(s *State, c Command) ([]Event, error) {
	switch c.Kind {
	case CommandSetCharacter:
		return decideSetCharacter(s, c)
	case CommandRemoveCharacter:
		ch, ok := s.Characters[c.Character]
		if !ok {
			return nil, refuse("there is no character %q in this fight", c.Character)
		}
		var on []string
		for _, id := range s.Order {
			if s.Figures[id].Character == ch.ID {
				on = append(on, s.FigureName(id))
			}
		}
		if len(on) > 0 {
			return nil, refuse("%s is on the map as %s: take those figures off first", ch.Name, strings.Join(on, ", "))
		}
		return []Event{{Kind: EventCharacterRemoved, Character: ch.ID,
			Text: fmt.Sprintf("The Judge removes %s's sheet.", ch.Name)}}, nil
	case CommandPlace:
		return decidePlace(s, c)
	case CommandRemoveFigure:
		f, ok := s.Figures[c.Figure]
		if !ok {
			return nil, refuse("there is no figure %q in this fight", c.Figure)
		}
		return []Event{{Kind: EventFigureRemoved, Figure: f.ID, To: f.At,
			Text: fmt.Sprintf("The Judge takes %s off the map at %s.", s.FigureName(f.ID), s.Map.Label(f.At))}}, nil
	case CommandEditMap:
		return decideEditMap(s, c)
	case CommandSetOptions:
		if c.Options == nil {
			return nil, refuse("set_options needs the options")
		}
		o := *c.Options
		if _, err := checkOptions(SystemOf(s), o); err != nil { // the options any system plays
			return nil, err
		}
		if err := o.Parts.check(optionPart); err != nil { // each system's own: TWTW's default answer to a blow
			return nil, &Refusal{Reason: err.Error()}
		}
		for _, id := range sortedKeys(s.Characters) {
			if err := optionsCheckSheet(o, s.Characters[id]); err != nil {
				return nil, &Refusal{Reason: err.Error()}
			}
		}
		how := "the session rolls the dice and draws the cards"
		if o.TableDice {
			how = "the Judge types the dice rolled and the cards drawn at the table"
		}
		if o.PlayerDice {
			how += "; players may roll their own dice for their own figures' rolls"
		}
		text := "Rule options: " + how + "."
		for _, said := range o.Parts.said() { // each system's and option's own: TWTW's, Savage Worlds', Fudge's, Lead and Chrome's
			text += " " + said
		}
		return []Event{{Kind: EventOptionsSet, Options: &o, Text: text}}, nil
	}
	return nil, refuse("%q is not a command hexslinger knows", c.Kind)
}

// decideEditMap checks the Judge's map edits on a copy of the map: every
// cell valid, and no figure left standing where no one can stand.
func decideEditMap(s *State, c Command) ([]Event, error) {
	switch {
	case len(c.Cells) == 0:
		return nil, refuse("edit_map needs the hexes to change")
	case len(c.Cells) > MaxEditCells:
		return nil, refuse("one edit changes at most %d hexes, not %d", MaxEditCells, len(c.Cells))
	}
	// The cells are tried without a copy of the map (11 MB at 1024²).
	canStand, err := s.Map.CheckCells(c.Cells)
	if err != nil {
		return nil, refuse("%v", err)
	}
	for _, id := range s.Order {
		f := s.Figures[id]
		// A figure already where none may stand (swimming) keeps the hex.
		if err := canStand(f.At); err != nil && s.Map.CanStand(f.At) == nil {
			return nil, refuse("%s stands at %s, and after this edit %v: move the figure first", s.FigureName(id), s.Map.Label(f.At), err)
		}
	}
	first := s.Map.Label(c.Cells[0].At)
	what := "1 hex (" + first + ")"
	if n := len(c.Cells); n > 1 {
		what = fmt.Sprintf("%d hexes (%s…)", n, first)
	}
	return []Event{{Kind: EventMapEdited, Cells: c.Cells, Text: "The Judge edits the map: " + what + "."}}, nil
}

// decideSetCharacter checks a sheet whole before it enters the fight.
func decideSetCharacter(s *State, c Command) ([]Event, error) {
	if c.Sheet == nil {
		return nil, refuse("set_character needs the character sheet")
	}
	ch := c.Sheet.Clone()
	if err := s.CheckSheet(ch); err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	verb := "adds"
	if _, ok := s.Characters[ch.ID]; ok {
		verb = "updates"
	}
	sums := fmt.Sprintf("AP %d, Move %d, Run %d, Size %d", ch.BaseAP(), ch.Move, ch.Run, ch.Size)
	if l, ok := SystemOf(s).(sheetLiner); ok {
		sums = l.SheetLine(ch) // the system's own numbers, not TWTW's
	}
	return []Event{{Kind: EventCharacterSet, Sheet: &ch,
		Text: fmt.Sprintf("The Judge %s %s's sheet (%s).", verb, ch.Name, sums)}}, nil
}

// CheckSheet checks a character sheet against the rules and the weapon
// table: what set_character and a hero file's loader refuse.
func CheckSheet(ch Character) error {
	if err := ch.Validate(); err != nil {
		return err
	}
	for _, t := range []struct {
		name string
		rank int
	}{{"coordination", ch.Traits.Coordination}, {"acuity", ch.Traits.Acuity}, {"fortitude", ch.Traits.Fortitude}, {"bravery", ch.Traits.Bravery}, {"strength", ch.Traits.Strength}} {
		if t.rank < 0 || t.rank > 15 {
			return fmt.Errorf("character %s: %s %d, want 0 to 15", ch.ID, t.name, t.rank)
		}
	}
	for name, lvl := range ch.Skills {
		if _, ok := rules.SkillTraits[name]; !ok {
			return fmt.Errorf("character %s: %q is not a skill hexslinger knows", ch.ID, name)
		}
		if lvl < 0 || lvl > 10 {
			return fmt.Errorf("character %s: %s %d, want 0 to 10", ch.ID, name, lvl)
		}
	}
	for i, g := range ch.Gear {
		w, ok := ruleTables.weapons[g.Weapon]
		if !ok {
			return fmt.Errorf("character %s: gear[%d]: %q is not in the weapon table", ch.ID, i, g.Weapon)
		}
		if g.Loaded < 0 || g.Loaded > max(w.Capacity, 1) {
			return fmt.Errorf("character %s: gear[%d]: %d loaded, the %s holds %d", ch.ID, i, g.Loaded, w.Name, w.Capacity)
		}
	}
	if err := CheckPortrait(ch.Portrait); err != nil {
		return fmt.Errorf("character %s: %v", ch.ID, err)
	}
	if len(ch.Notes) > 64<<10 {
		return fmt.Errorf("character %s: notes of %d bytes, at most 64 KiB", ch.ID, len(ch.Notes))
	}
	return nil
}

// decidePlace puts figures down: each names a character of the fight, a
// free hex one may stand in, and a facing; a missing id is made from the
// character's ("perkins-3").
func decidePlace(s *State, c Command) ([]Event, error) {
	if len(c.Place) == 0 {
		return nil, refuse("place needs at least one figure")
	}
	if len(c.Place) > MaxPlace {
		return nil, refuse("place puts down at most %d figures at once, not %d", MaxPlace, len(c.Place))
	}
	taken := map[hexmap.Hex]string{} // who stands there
	for _, id := range s.Order {
		taken[s.Figures[id].At] = s.FigureName(id)
	}
	ids := map[string]bool{}
	numbers := map[string]map[int]bool{} // the copy numbers given in this command, by sheet
	var placed []FigureSpec
	var names, who []string
	for i, fs := range c.Place {
		n := fmt.Sprintf("figure %d: ", i+1)
		if len(c.Place) == 1 {
			n = "" // one figure: the hex or sheet is named enough
		}
		ch, ok := s.Characters[fs.Character]
		if !ok {
			return nil, refuse("%sthere is no character %q in this fight: save the sheet first", n, fs.Character)
		}
		at, err := s.Map.ParseHex(fs.At)
		if err != nil {
			return nil, refuse("%s%v", n, err)
		}
		if !s.Map.Contains(at) {
			return nil, refuse("%s%s is off the map (%s): pick a hex on it", n, s.Map.Label(at), mapSpan(s.Map))
		}
		if err := s.Map.CanStand(at); err != nil {
			return nil, refuse("%s%v: pick another hex", n, err)
		}
		if by, ok := taken[at]; ok {
			return nil, refuse("%s%s is taken by %s: pick a free hex", n, s.Map.Label(at), by)
		}
		names2 := s.Map.Orientation.SideNames()
		facing := hexmap.Direction(0)
		if fs.Facing != "" {
			if facing, err = s.Map.Orientation.ParseSide(fs.Facing); err != nil {
				return nil, refuse("%s%v", n, err)
			}
		}
		id := fs.ID
		if id == "" {
			id = freeID(s, ids, ch.ID)
		} else if s.Figures[id] != nil || ids[id] {
			return nil, refuse("%sthe id %q is taken", n, id)
		}
		if fs.Number < 0 || fs.Number > MaxCopyNumber {
			return nil, refuse("%scopy number %d, want 0 to %d", n, fs.Number, MaxCopyNumber)
		}
		if numbers[ch.ID] == nil {
			numbers[ch.ID] = map[int]bool{}
		}
		number := numberOr(s, ch.ID, fs.Number, numbers[ch.ID])
		numbers[ch.ID][number] = true
		name := ch.Name + copySuffix(number, " ")
		taken[at], ids[id] = name, true
		label := s.Map.Label(at)
		side := fs.Side
		if side == "" {
			side = s.DefaultSide(ch.ID)
		}
		placed = append(placed, FigureSpec{ID: id, Character: ch.ID, Side: side, At: label,
			Facing: names2[facing], Hidden: fs.Hidden, Number: fileNumber(number)})
		names = append(names, label)
		who = append(who, name)
	}
	what := who[0]
	if len(placed) > 1 {
		what = fmt.Sprintf("%d figures (%s…)", len(placed), who[0])
	}
	return []Event{{Kind: EventPlaced, Placed: placed,
		Text: fmt.Sprintf("The Judge places %s at %s.", what, strings.Join(names, ", "))}}, nil
}

// mapSpan names a map's first and last hexes: "A1 to X16".
func mapSpan(m *hexmap.Map) string {
	first := m.Orientation.FromOffset(hexmap.Offset{})
	last := m.Orientation.FromOffset(hexmap.Offset{Col: m.Width - 1, Row: m.Height - 1})
	return m.Label(first) + " to " + m.Label(last)
}

// freeID makes a figure id from a character's that no figure has.
func freeID(s *State, also map[string]bool, base string) string {
	if s.Figures[base] == nil && !also[base] {
		return base
	}
	for n := 2; ; n++ {
		id := base + "-" + strconv.Itoa(n)
		if s.Figures[id] == nil && !also[id] {
			return id
		}
	}
}

// applyRoster applies a roster event to the state.
func (s *State) applyRoster(e Event) error {
	switch e.Kind {
	case EventCharacterSet:
		if e.Sheet == nil {
			return fmt.Errorf("event %d: no sheet", e.Seq)
		}
		s.Characters[e.Sheet.ID] = e.Sheet.Clone()
	case EventCharacterRemoved:
		delete(s.Characters, e.Character)
	case EventPlaced:
		for _, fs := range e.Placed {
			ch, ok := s.Characters[fs.Character]
			if !ok {
				return fmt.Errorf("event %d: no character %q", e.Seq, fs.Character)
			}
			at, err := s.Map.ParseHex(fs.At)
			if err != nil {
				return fmt.Errorf("event %d: %w", e.Seq, err)
			}
			facing, err := s.Map.Orientation.ParseSide(fs.Facing)
			if err != nil {
				return fmt.Errorf("event %d: %w", e.Seq, err)
			}
			// An old journal's event has no copy number: the lowest free.
			f := &Figure{ID: fs.ID, Character: ch.ID, Side: fs.Side, At: at, Facing: facing, AP: ch.BaseAP(), Hidden: fs.Hidden,
				Number: numberOr(s, ch.ID, fs.Number, nil)}
			f.Gear = append([]rules.Carried(nil), ch.Gear...)
			s.Figures[f.ID] = f
			s.Order = append(s.Order, f.ID)
		}
	case EventFigureRemoved:
		delete(s.Figures, e.Figure)
		s.dropHolds(e.Figure)
		if p := s.Pending; p != nil && (p.Attacker() == e.Figure || p.Target() == e.Figure) {
			s.Pending = nil // the blow's fighter left the fight
		}
		s.Order = slices.DeleteFunc(s.Order, func(id string) bool { return id == e.Figure })
	case EventMapEdited:
		if err := s.editCells(e.Cells); err != nil {
			return fmt.Errorf("event %d: %w", e.Seq, err)
		}
	case EventOptionsSet:
		if e.Options != nil { // a player's copy has none
			s.Options = *e.Options
		}
	}
	return nil
}
