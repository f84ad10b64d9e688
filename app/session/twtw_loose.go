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
	Weapon string     `json:"weapon"` // an id of the weapon table; "" for a sheet's own (Name)
	At     hexmap.Hex `json:"at"`
	// Name and Owner are a weapon of a sheet's own, not of the weapon
	// table (a Savage Worlds gun, a Dragon Warriors II or Fudge weapon
	// dropped at a quick-draw: leadchrome.go): its name, and the figure
	// whose sheet carries it, the one who may pick it up.
	Name  string `json:"name,omitempty"`
	Owner string `json:"owner,omitempty"`
}

// Label is the loose weapon's name, for the windows.
func (l Loose) Label() string {
	if l.Weapon == "" {
		return l.Name
	}
	return Weapons()[l.Weapon].Name
}

// LooseSpec is a weapon lying on the map in a fight file.
type LooseSpec struct {
	Weapon string `json:"weapon"`
	At     string `json:"at"` // battle-mat label, "C7"
	Name   string `json:"name,omitempty"`
	Owner  string `json:"owner,omitempty"`
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

// CommandReload loads rounds into a gun in hand: Weapon, and Rounds (0:
// fill it, or as many as the figure's AP pays for).
const CommandReload = "reload"

// ReloadAPPerRound is what loading one round costs: the chapter prices no
// reload, so hexslinger's default is 1 AP a round (docs/defaults.md).
const ReloadAPPerRound = 1

// loadable finds weapon in figure f's gear, refusing one that takes no
// rounds, is not in hand, or is full.
func loadable(f *Figure, ch Character, weapon string) (int, rules.Weapon, error) {
	i := gearIndex(f, weapon)
	w, ok := ruleTables.weapons[weapon]
	if i < 0 || !ok {
		return 0, w, refuse("%s carries no %s", ch.Name, weapon)
	}
	g := f.Gear[i]
	switch {
	case w.Melee || w.Thrown || w.Capacity == 0:
		return 0, w, refuse("the %s takes no rounds", w.Name)
	case !g.Readied:
		return 0, w, refuse("ready the %s before loading it", w.Name)
	case g.Loaded >= w.Capacity:
		return 0, w, refuse("the %s is full (%d of %d)", w.Name, g.Loaded, w.Capacity)
	}
	return i, w, nil
}

// decideReload loads rounds into a gun in hand, 1 AP a round.
func decideReload(s *State, c Command, f *Figure, ch Character) ([]Event, error) {
	i, w, err := loadable(f, ch, c.Weapon)
	if err != nil {
		return nil, err
	}
	g := f.Gear[i]
	if c.Rounds < 0 {
		return nil, refuse("a reload puts in 1 round or more, not %d", c.Rounds)
	}
	room := w.Capacity - g.Loaded
	n := c.Rounds
	if n == 0 {
		n = min(room, f.AP/ReloadAPPerRound)
		if n == 0 {
			return nil, refuse("%s has no AP left to load a round (%d AP a round)", ch.Name, ReloadAPPerRound)
		}
	}
	if n > room {
		return nil, refuse("the %s has room for %d round(s), not %d", w.Name, room, n)
	}
	ap := n * ReloadAPPerRound
	if err := pay(s, f, ap, fmt.Sprintf("load %d round(s)", n)); err != nil {
		return nil, err
	}
	st := f.FigureStatus.clone()
	st.Gear[i].Loaded += n
	e := Event{Kind: EventActed, Action: c.Kind, Figure: f.ID, AP: ap, APLeft: f.AP - ap,
		Changes: []FigureChange{change(f, f.AP-ap, st)},
		Text: fmt.Sprintf("%s loads %d round(s) into the %s for %d AP (%d AP a round, docs/defaults.md): %d of %d. %d AP left.",
			ch.Name, n, w.Name, ap, ReloadAPPerRound, g.Loaded+n, w.Capacity, f.AP-ap)}
	return []Event{e}, nil
}
