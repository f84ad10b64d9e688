package session

import (
	"fmt"
	"slices"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// Bounds on the numbers a command, an event or a fight file may carry: far
// past any fight's, and small enough that no sum of them overflows.
const (
	maxEventAP   = 1000    // AP and initiative numbers, either way (Dragon Warriors' go below 0)
	maxCount     = 1 << 20 // rounds, wounds, Conc, inches, dice faces
	maxIDBytes   = 128     // a figure's, character's or weapon's id
	maxDice      = 4096    // dice one command carries
	maxCards     = 256     // cards one command carries
	maxShots     = 64      // shots in one command
	maxDeclare   = 1024    // declarations in one new round
	maxCellsEdit = 1 << 16 // cells in one map edit
)

// checkCommand range-checks every field of a command where it enters the
// session, before the rules see it: the error names the field.
func checkCommand(c Command) error {
	bad := func(field, format string, args ...any) error {
		return &Refusal{Reason: fmt.Sprintf("%s: %s", field, fmt.Sprintf(format, args...))}
	}
	for _, f := range []struct{ name, v string }{{"kind", c.Kind}, {"figure", c.Figure}, {"weapon", c.Weapon},
		{"character", c.Character}, {"target", c.Target}, {"stance", c.Stance}} {
		if len(f.v) > maxIDBytes {
			return bad(f.name, "%d bytes, at most %d", len(f.v), maxIDBytes)
		}
	}
	if c.To != nil && !inRange(*c.To) {
		return bad("to", "%v is far off any map", *c.To)
	}
	if c.Side < 0 || c.Side > 5 {
		return bad("side", "%d, want a hexside 0 to 5", c.Side)
	}
	if len(c.Dice) > maxDice {
		return bad("dice", "%d dice, at most %d", len(c.Dice), maxDice)
	}
	for i, d := range c.Dice {
		if d < -maxCount || d > maxCount {
			return bad(fmt.Sprintf("dice[%d]", i), "%d is no die's face", d)
		}
	}
	if len(c.Cards) > maxCards {
		return bad("cards", "%d cards, at most %d", len(c.Cards), maxCards)
	}
	for i, name := range c.Cards {
		if len(name) > 16 {
			return bad(fmt.Sprintf("cards[%d]", i), "%q is no card's name", name)
		}
	}
	if len(c.Shots) > maxShots {
		return bad("shots", "%d shots, at most %d", len(c.Shots), maxShots)
	}
	for i, s := range c.Shots {
		if len(s.Target) > maxIDBytes || len(s.Kind) > maxIDBytes {
			return bad(fmt.Sprintf("shots[%d]", i), "target or kind longer than %d bytes", maxIDBytes)
		}
		if s.Aims < 0 || s.Aims > 10 {
			return bad(fmt.Sprintf("shots[%d].aims", i), "%d, want 0 to 10", s.Aims)
		}
	}
	if c.Blow != nil {
		for _, f := range []string{c.Blow.Target, c.Blow.Attack, c.Blow.Improvised, c.Blow.Defense} {
			if len(f) > maxIDBytes {
				return bad("blow", "a field longer than %d bytes", maxIDBytes)
			}
		}
	}
	if len(c.Declare) > maxDeclare {
		return bad("declare", "%d declarations, at most %d", len(c.Declare), maxDeclare)
	}
	if len(c.Cells) > maxCellsEdit {
		return bad("cells", "%d cells in one edit, at most %d", len(c.Cells), maxCellsEdit)
	}
	return nil
}

// inRange reports whether a hex's coordinates are small enough to be on
// some map and to add without overflow.
func inRange(h hexmap.Hex) bool {
	const lim = 1 << 20
	return h.Q > -lim && h.Q < lim && h.R > -lim && h.R < lim
}

// check range-checks an event against the state it is to be applied to,
// as a journal from outside may hold anything: Apply refuses what fails,
// naming the event and the field, rather than letting a bad value reach a
// table lookup later. Each kind's check is its own function, found in
// eventKinds; a kind with none, or unknown, passes (Apply refuses the
// unknown).
func (s *State) check(e Event) error {
	if k, ok := eventKinds[e.Kind]; ok && k.check != nil {
		return k.check(s, e)
	}
	return nil
}

// eventCheck range-checks the fields of one event against the state it is
// to be applied to; its errors name the event and the field.
type eventCheck struct {
	s *State
	e *Event
}

// bad is the error for one field of the event.
func (c eventCheck) bad(field, format string, args ...any) error {
	return fmt.Errorf("event %d (%s): %s: %s", c.e.Seq, c.e.Kind, field, fmt.Sprintf(format, args...))
}

// figure refuses an id that names no figure of the fight.
func (c eventCheck) figure(field, id string) error {
	if _, ok := c.s.Figures[id]; !ok {
		return c.bad(field, "no figure %q", id)
	}
	return nil
}

// onMap refuses a hex off the fight's map.
func (c eventCheck) onMap(field string, h hexmap.Hex) error {
	if !c.s.Map.Contains(h) {
		return c.bad(field, "%v is off the map", h)
	}
	return nil
}

// ap refuses an AP (or initiative) number past any fight's.
func (c eventCheck) ap(field string, v int) error {
	if v < -maxEventAP || v > maxEventAP {
		return c.bad(field, "%d, want −%d to %d", v, maxEventAP, maxEventAP)
	}
	return nil
}

// changes checks the figures' statuses an event carries.
func (c eventCheck) changes(cs []FigureChange) error {
	for i, ch := range cs {
		field := fmt.Sprintf("changes[%d]", i)
		if err := c.figure(field+".figure", ch.Figure); err != nil {
			return err
		}
		if err := c.ap(field+".ap", ch.AP); err != nil {
			return err
		}
		if err := checkStatus(ch.Status); err != nil {
			return c.bad(field+".status", "%v", err)
		}
	}
	return nil
}

// checkMoved checks a move, a turn or a ride: the figure, where it goes
// and the AP it pays.
func checkMoved(s *State, e Event) error {
	c := eventCheck{s: s, e: &e}
	if err := c.figure("figure", e.Figure); err != nil {
		return err
	}
	if err := c.onMap("to", e.To); err != nil {
		return err
	}
	for i, h := range e.Path {
		if err := c.onMap(fmt.Sprintf("path[%d]", i), h); err != nil {
			return err
		}
	}
	if !e.Facing.Valid() {
		return c.bad("facing", "%d, want a hexside 0 to 5", e.Facing)
	}
	if err := c.ap("ap", e.AP); err != nil {
		return err
	}
	if err := c.ap("ap_left", e.APLeft); err != nil {
		return err
	}
	if e.Paced < 0 || e.Paced > maxCount {
		return c.bad("paced", "%d, want 0 to %d", e.Paced, maxCount)
	}
	if e.Met != "" {
		if err := c.figure("met", e.Met); err != nil {
			return err
		}
	}
	return c.changes(e.Changes)
}

// checkFigure checks an event about one figure only (hidden, revealed,
// removed).
func checkFigure(s *State, e Event) error {
	c := eventCheck{s: s, e: &e}
	return c.figure("figure", c.e.Figure)
}

// checkHexesRevealed checks a side's fog order: its hexes on the map.
func checkHexesRevealed(s *State, e Event) error {
	c := eventCheck{s: s, e: &e}
	if e.Fog == nil || e.Fog.Side == "" || len(e.Fog.Hexes) > MaxFogHexes {
		return c.bad("fog", "want a side and at most %d hexes", MaxFogHexes)
	}
	for i, h := range e.Fog.Hexes {
		if err := c.onMap(fmt.Sprintf("fog.hexes[%d]", i), h); err != nil {
			return err
		}
	}
	return nil
}

// checkSegment checks the segment counted down to.
func checkSegment(s *State, e Event) error {
	c := eventCheck{s: s, e: &e}
	if c.e.Segment < 0 || c.e.Segment > rules.Segments {
		return c.bad("segment", "%d, want 0 to %d", c.e.Segment, rules.Segments)
	}
	return nil
}

// checkUndone checks the command an undo or redo names.
func checkUndone(s *State, e Event) error {
	c := eventCheck{s: s, e: &e}
	if c.e.Target <= 0 {
		return c.bad("target", "%d is no command", c.e.Target)
	}
	return nil
}

// checkRoundStarted checks a new round: its number and every figure it
// gives AP, dice, a card or an unaimed weapon.
func checkRoundStarted(s *State, e Event) error {
	c := eventCheck{s: s, e: &e}
	if e.Round < 1 || e.Round > maxCount {
		return c.bad("round", "%d, want 1 to %d", e.Round, maxCount)
	}
	for id, v := range e.APs {
		if err := c.figure("aps", id); err != nil {
			return err
		}
		if err := c.ap("aps["+id+"]", v); err != nil {
			return err
		}
	}
	for id, dice := range e.Rolls {
		if err := c.figure("rolls", id); err != nil {
			return err
		}
		if len(dice) > maxDice {
			return c.bad("rolls["+id+"]", "%d dice", len(dice))
		}
	}
	for id := range e.Dealt {
		if err := c.figure("dealt", id); err != nil {
			return err
		}
	}
	for i, id := range e.Unaimed {
		if err := c.figure(fmt.Sprintf("unaimed[%d]", i), id); err != nil {
			return err
		}
	}
	if err := checkActedDropped(c); err != nil {
		return err
	}
	return c.changes(e.Changes)
}

// checkActed checks an action's results: the statuses, then what it did to
// the map (doors, cover), to loose weapons, holds, shoves and ripostes.
func checkActed(s *State, e Event) error {
	c := eventCheck{s: s, e: &e}
	if err := c.changes(e.Changes); err != nil {
		return err
	}
	if err := checkActedMap(c); err != nil {
		return err
	}
	if err := checkActedDropped(c); err != nil {
		return err
	}
	if err := checkActedHold(c); err != nil {
		return err
	}
	if err := checkActedShoved(c); err != nil {
		return err
	}
	if err := checkActedPickedUp(c); err != nil {
		return err
	}
	return checkActedRiposte(c)
}

// checkActedMap checks the doors an action opened or shut and the cover it
// wore down.
func checkActedMap(c eventCheck) error {
	for i, d := range c.e.Doors {
		if err := c.onMap(fmt.Sprintf("doors[%d].at", i), d.At); err != nil {
			return err
		}
		if d.Side < 0 || d.Side > 5 {
			return c.bad(fmt.Sprintf("doors[%d].side", i), "%d, want 0 to 5", d.Side)
		}
	}
	for i, a := range c.e.Ablations {
		if err := c.onMap(fmt.Sprintf("ablations[%d].at", i), a.At); err != nil {
			return err
		}
		if a.Side < -1 || a.Side > 5 {
			return c.bad(fmt.Sprintf("ablations[%d].side", i), "%d, want −1 (the hex) or 0 to 5", a.Side)
		}
		if a.Armor < 0 || a.Armor > maxCount {
			return c.bad(fmt.Sprintf("ablations[%d].armor", i), "%d, want 0 or more", a.Armor)
		}
	}
	return nil
}

// checkLooseWeapon refuses a loose weapon that is neither of the weapon
// table nor a sheet's own: a name (at most maxLooseName bytes) and the
// figure it belongs to. Its error starts with the field at fault.
func checkLooseWeapon(s *State, l Loose) error {
	if l.Weapon != "" || l.Name == "" && l.Owner == "" {
		if _, ok := ruleTables.weapons[l.Weapon]; !ok {
			return fmt.Errorf("weapon: %q is not in the weapon table", l.Weapon)
		}
		return nil
	}
	if l.Name == "" || len(l.Name) > maxLooseName {
		return fmt.Errorf("name: %d bytes, want 1 to %d", len(l.Name), maxLooseName)
	}
	if _, ok := s.Figures[l.Owner]; !ok {
		return fmt.Errorf("owner: %q is no figure of the fight", l.Owner)
	}
	return nil
}

// maxLooseName bounds a sheet's own loose weapon's name.
const maxLooseName = 200

// checkActedDropped checks the weapons an action dropped: known weapons,
// on the map.
func checkActedDropped(c eventCheck) error {
	for i, l := range c.e.Dropped {
		if err := checkLooseWeapon(c.s, l); err != nil {
			return c.bad(fmt.Sprintf("dropped[%d]", i), "%v", err)
		}
		if err := c.onMap(fmt.Sprintf("dropped[%d].at", i), l.At); err != nil {
			return err
		}
	}
	return nil
}

// checkActedHold checks the hold an action set: both figures, and a level
// of 0 to 3.
func checkActedHold(c eventCheck) error {
	h := c.e.Hold
	if h == nil {
		return nil
	}
	if err := c.figure("hold.by", h.By); err != nil {
		return err
	}
	if err := c.figure("hold.over", h.Over); err != nil {
		return err
	}
	if h.Level < 0 || h.Level > 3 {
		return c.bad("hold.level", "%d, want 0 to 3", h.Level)
	}
	return nil
}

// checkActedShoved checks the figures an action shoved, along paths on the
// map no longer than the blows could push.
func checkActedShoved(c eventCheck) error {
	for i, sh := range c.e.Shoved {
		if err := c.figure(fmt.Sprintf("shoved[%d].figure", i), sh.Figure); err != nil {
			return err
		}
		if len(sh.Path) == 0 || len(sh.Path) > 4*MaxBlows*ShoveHexesPerBump {
			return c.bad(fmt.Sprintf("shoved[%d].path", i), "%d hexes, want 1 to %d", len(sh.Path), 4*MaxBlows*ShoveHexesPerBump)
		}
		for j, h := range sh.Path {
			if err := c.onMap(fmt.Sprintf("shoved[%d].path[%d]", i, j), h); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkActedPickedUp checks the weapon an action picked up: one that lies
// there.
func checkActedPickedUp(c eventCheck) error {
	if l := c.e.PickedUp; l != nil && !slices.Contains(c.s.Loose, *l) {
		return c.bad("picked_up", "no %s lies at %v", l.Weapon, l.At)
	}
	return nil
}

// checkActedRiposte checks the riposte an action leaves open: both
// figures.
func checkActedRiposte(c eventCheck) error {
	if r := c.e.Riposte; r != nil {
		if err := c.figure("riposte.by", r.By); err != nil {
			return err
		}
		if err := c.figure("riposte.against", r.Against); err != nil {
			return err
		}
	}
	return nil
}

// checkCharacterSet checks a sheet by the shared rules and the fight's
// system's.
func checkCharacterSet(s *State, e Event) error {
	c := eventCheck{s: s, e: &e}
	if c.e.Sheet == nil {
		return c.bad("sheet", "missing")
	}
	if err := CheckSheet(*c.e.Sheet); err != nil {
		return c.bad("sheet", "%v", err)
	}
	if err := SystemOf(c.s).CheckSheet(*c.e.Sheet); err != nil {
		return c.bad("sheet", "%v", err)
	}
	return nil
}

// checkPlaced checks the figures placed: fresh ids, on hexes of the map.
func checkPlaced(s *State, e Event) error {
	c := eventCheck{s: s, e: &e}
	ids := map[string]bool{}
	for i, fs := range c.e.Placed {
		field := fmt.Sprintf("placed[%d]", i)
		switch {
		case fs.ID == "" || len(fs.ID) > maxIDBytes:
			return c.bad(field+".id", "%q, want 1 to %d bytes", fs.ID, maxIDBytes)
		case c.s.Figures[fs.ID] != nil || ids[fs.ID]:
			return c.bad(field+".id", "%q is taken", fs.ID)
		}
		ids[fs.ID] = true
		at, err := c.s.Map.ParseHex(fs.At)
		if err != nil || !c.s.Map.Contains(at) {
			return c.bad(field+".at", "%q is not a hex of the map", fs.At)
		}
	}
	return nil
}

// checkStatus range-checks a figure's status, from an event or a fight
// file.
func checkStatus(st FigureStatus) error {
	if st.Condition < rules.Fine || st.Condition > rules.Dead {
		return fmt.Errorf("condition: %d, want 0 (fine) to 3 (dead)", st.Condition)
	}
	for loc, n := range st.Wounds {
		if n < 0 || n > maxCount {
			return fmt.Errorf("wounds[%v]: %d, want 0 or more", loc, n)
		}
	}
	if a := st.Attempt; a != nil && (a.Cost < 1 || a.Cost > 8 || a.Paid < 0 || a.Paid > a.Cost) {
		return fmt.Errorf("attempt: %d of %d AP, want 0 to the cost, 4 or 8", a.Paid, a.Cost)
	}
	if err := st.Mount.check(); err != nil {
		return err
	}
	for name, h := range map[string]*hexmap.Hex{"round_start": st.RoundStart, "move_from": st.MoveFrom} {
		if h != nil && (h.Q < -maxCount || h.Q > maxCount || h.R < -maxCount || h.R > maxCount) {
			return fmt.Errorf("%s: %v is far off any map", name, *h)
		}
	}
	if err := checkCounts(countField{"conc", st.Conc}, countField{"paced", st.Paced},
		countField{"hurt", st.Hurt}); err != nil {
		return err
	}
	if err := st.Parts.check(statusPart); err != nil {
		return err
	}
	for i, g := range st.Gear {
		w, ok := ruleTables.weapons[g.Weapon]
		if !ok {
			return fmt.Errorf("gear[%d]: %q is not in the weapon table", i, g.Weapon)
		}
		if g.Loaded < 0 || g.Loaded > max(w.Capacity, 1) {
			return fmt.Errorf("gear[%d]: %d loaded, the %s holds %d", i, g.Loaded, w.Name, w.Capacity)
		}
		if g.Aims < 0 || g.Aims > 10 {
			return fmt.Errorf("gear[%d]: %d aims, want 0 to 10", i, g.Aims)
		}
	}
	return nil
}
