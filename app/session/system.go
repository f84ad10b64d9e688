package session

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

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
