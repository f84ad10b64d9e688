package session

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// System is a rule system a fight runs under: what The West That Wasn't
// and the other systems share. The map, movement, the roster, hiding,
// undo and the log are the session's; initiative, the actions and damage
// are the system's.
type System interface {
	// ID is the fight file's "rules" value.
	ID() string
	// Name is the system's name for the log and the console.
	Name() string
	// CheckSheet refuses a character the system cannot run.
	CheckSheet(c Character) error
	// MovesCostAP reports whether moving and turning spend AP (TWTW) or
	// are the figure's free movement in its turn.
	MovesCostAP() bool
	// Decide makes the events of a command the system owns; ok is false
	// for the commands every system shares.
	Decide(s *State, c Command, src roller) (events []Event, ok bool, err error)
	// Reach is where figure f can go in one move command (running when
	// run) and what each hex costs, priced as Decide (or the shared move)
	// prices a move there; or why f cannot move now.
	Reach(s *State, f *Figure, run bool) (MoveArea, error)
	// Turn is the round as the console's track shows it, in the system's
	// own turn model.
	Turn(s *State) Turn
	// Explain says what a command will do and with which numbers, before
	// the dice (State.Explain), or the refusal Do would give.
	Explain(s *State, c Command) (string, error)
	// Actions are the actions the console's composer offers, in order.
	Actions() []Action
	// ExactDice reports whether a command of kind rolls every die it asks
	// for, so that a die the Judge typed and the rules did not roll is a
	// mistake to refuse; false where some rolls happen only on an outcome
	// (a stun check on a hit), so that dice typed for them may go unused.
	ExactDice(kind string) bool
	// Sheet is the part of a character sheet the system reads, as the
	// console's editor shows it (State.SheetParts).
	Sheet() []SheetPart
	// Derived is what the system derives from a sheet, said in a line or
	// two for the editor (State.SheetSummary).
	Derived(c Character) string
	// Switches are the system's own options of a fight, each on or off
	// (State.Switches).
	Switches(o FightOptions) []Switch
	// Movement says how far a figure moves, in the system's terms
	// (State.Movement): "Move 6, Run 12", "Pace 6\"".
	Movement(s *State, f *Figure) string
}

// Movement says how far figure id moves, in its system's terms, for the
// map window's figure line; "" for no such figure.
func (s *State) Movement(id string) string {
	f, ok := s.Figures[id]
	if !ok {
		return ""
	}
	return SystemOf(s).Movement(s, f)
}

// freeMovement is a figure's movement where moves cost no AP: one move
// goes as far as freeMoveAP of TWTW movement.
func freeMovement(s *State, f *Figure) string {
	c := s.Characters[f.Character]
	return fmt.Sprintf("a move %d paces, %d running", freeMoveAP*c.Move, freeMoveAP*c.Run)
}

// systems are the rule systems a fight may name. Each system's file
// registers it from its init, as image formats register with package
// image: the session's shared code never names a system.
var systems = map[string]System{}

// register adds a system; two of one id is a programming error.
func register(s System) {
	if _, dup := systems[s.ID()]; dup {
		panic("session: two rule systems named " + s.ID())
	}
	systems[s.ID()] = s
}

// SystemIDs lists the rule systems, sorted.
func SystemIDs() []string {
	var ids []string
	for id := range systems {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// secretKeeper is a system whose sheets hold what the players may not
// know of a figure they do not command (Dragon Warriors II's concealed
// weapon): System's optional part.
type secretKeeper interface {
	keepSecrets(c Character) Character
}

// keepSecrets is a sheet as a player may know it of a figure it does not
// command, every system's secrets taken out.
func keepSecrets(c Character) Character {
	for _, id := range slices.Sorted(maps.Keys(systems)) {
		if k, ok := systems[id].(secretKeeper); ok {
			c = k.keepSecrets(c)
		}
	}
	return c
}

// SystemByID returns the system with id, or nil.
func SystemByID(id string) System { return systems[id] }

// SystemOf returns the system a fight runs under.
func SystemOf(s *State) System {
	if sys, ok := systems[s.Rules]; ok {
		return sys
	}
	return twtw{}
}

// notIn refuses a command another system owns.
func notIn(sys System, kind string) error {
	return refuse("%q is not an action of %s fights", kind, sys.Name())
}

// joinNames joins figure names for the log.
func joinNames(s *State, ids []string) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = s.FigureName(id)
	}
	return strings.Join(names, ", ")
}

// listed is a sentence of list after head (" Order: Rolf, Lennox."), or
// nothing when the list is empty: a round of no figures ends its line at
// its heading, not with an empty list and a period of its own.
func listed(head, list string) string {
	if list == "" {
		return ""
	}
	return " " + head + list + "."
}
