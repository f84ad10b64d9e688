package session

import (
	"fmt"
	"slices"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// Weapons lying on the map: a thrown knife leaves the thrower's hand and
// comes down where it lands (TWTW Conflict: Throwing Things), on a miss
// where the card's scatter puts it, on a hit in the target's hex. A
// figure picks one up from its own hex or the next.

// CommandPickUp picks up a weapon lying in the figure's hex or a hex next
// to it: Weapon, and To the hex (nearest first when To is nil).
const CommandPickUp = "pick_up"

// Loose is a weapon lying on the map.
type Loose struct {
	Weapon string     `json:"weapon"` // an id of the weapon table
	At     hexmap.Hex `json:"at"`
}

// LooseSpec is a weapon lying on the map in a fight file.
type LooseSpec struct {
	Weapon string `json:"weapon"`
	At     string `json:"at"` // battle-mat label, "C7"
}

// LooseNear lists the weapons figure id may pick up: in its hex or a hex
// next to it, nearest first.
func (s *State) LooseNear(id string) []Loose {
	f, ok := s.Figures[id]
	if !ok {
		return nil
	}
	var out []Loose
	for _, l := range s.Loose {
		if l.At.DistanceTo(f.At) <= 1 {
			out = append(out, l)
		}
	}
	slices.SortStableFunc(out, func(a, b Loose) int { return a.At.DistanceTo(f.At) - b.At.DistanceTo(f.At) })
	return out
}

// pickUpAP is what picking up a weapon costs: readying it, for it comes up
// in hand (docs/defaults.md).
func pickUpAP(w rules.Weapon) int { return w.ReadyCost() }

// decidePickUp picks up a loose weapon: it comes up readied, for its ready
// cost.
func decidePickUp(s *State, c Command, f *Figure, ch Character) ([]Event, error) {
	w, ok := ruleTables.weapons[c.Weapon]
	if !ok {
		return nil, refuse("%q is not a weapon hexslinger knows", c.Weapon)
	}
	var found *Loose
	for _, l := range s.LooseNear(f.ID) {
		if l.Weapon == c.Weapon && (c.To == nil || *c.To == l.At) {
			found = &l
			break
		}
	}
	if found == nil {
		return nil, refuse("no %s lies in %s's hex or next to it", w.Name, ch.Name)
	}
	ap := pickUpAP(w)
	if err := pay(s, f, ap, "pick up the "+w.Name); err != nil {
		return nil, err
	}
	st := f.FigureStatus.clone()
	st.Gear = append(st.Gear, rules.Carried{Weapon: w.ID, Readied: true, Loaded: 0})
	e := Event{Kind: EventActed, Action: c.Kind, Figure: f.ID, AP: ap, APLeft: f.AP - ap, PickedUp: found,
		Changes: []FigureChange{change(f, f.AP-ap, st)},
		Text:    fmt.Sprintf("%s picks up the %s at %s, in hand (%d AP, as readying it). %d AP left.", ch.Name, w.Name, s.Map.Label(found.At), ap, f.AP-ap)}
	return []Event{e}, nil
}

// applyLoose folds an event's weapons dropped and picked up into the
// state, making a new slice (states share theirs with their clones).
func (s *State) applyLoose(e Event) {
	if len(e.Dropped) == 0 && e.PickedUp == nil {
		return
	}
	next := slices.Clone(s.Loose)
	if e.PickedUp != nil {
		if i := slices.Index(next, *e.PickedUp); i >= 0 {
			next = slices.Delete(next, i, i+1)
		}
	}
	s.Loose = append(next, e.Dropped...)
}
