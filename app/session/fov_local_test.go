package session

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"hexslinger/hexmap"
)

// localFogFight is a random small fight with fog: a map of rooms, ridges
// and valleys, doors, and figures of two sides.
func localFogFight(rng *rand.Rand) *State {
	o := hexmap.Pointy
	if rng.IntN(2) == 0 {
		o = hexmap.Flat
	}
	w, h := 6+rng.IntN(14), 6+rng.IntN(14)
	m, _ := hexmap.New("local", o, w, h, "dirt")
	at := func() hexmap.Hex { return o.FromOffset(hexmap.Offset{Col: rng.IntN(w), Row: rng.IntN(h)}) }
	for i := 0; i < w*h/3; i++ {
		switch rng.IntN(5) {
		case 0: // a hill or a pit, its sides sloping
			c, top := at(), rng.IntN(11)-4
			for k := 0; k <= 2; k++ {
				for _, h := range c.Ring(k) {
					if m.Contains(h) {
						m.SetElevation(h, top-k)
					}
				}
			}
		case 1, 2:
			f, _ := hexmap.NewFeature([]string{"wall", "door", "window"}[rng.IntN(3)])
			f.Open = f.Kind == "door" && rng.IntN(2) == 0
			m.SetEdge(at(), hexmap.Direction(rng.IntN(6)), f)
		case 3:
			m.SetTerrain(at(), []string{"rough", "grass", "rock"}[rng.IntN(3)])
		}
	}
	st := &State{Map: m, Figures: map[string]*Figure{}, Characters: map[string]Character{}}
	for i := 0; i < 2+rng.IntN(5); i++ {
		id := fmt.Sprintf("f%d", i)
		st.Figures[id] = &Figure{ID: id, Side: []string{"posse", "outlaws"}[i%2], At: at()}
		st.Order = append(st.Order, id)
	}
	st.foldFog()
	return st
}

// randomFogEvent is an edit (a hex's ground, terrain or feature, or a
// hexside), a door worked, a move or a figure hidden or shown.
func randomFogEvent(rng *rand.Rand, st *State) Event {
	m := st.Map
	at := func() hexmap.Hex {
		return m.Orientation.FromOffset(hexmap.Offset{Col: rng.IntN(m.Width), Row: rng.IntN(m.Height)})
	}
	id := st.Order[rng.IntN(len(st.Order))]
	switch rng.IntN(6) {
	case 0, 1:
		c := m.CellAt(at())
		switch rng.IntN(4) {
		case 0:
			c.Elevation = rng.IntN(16) - 6
		case 1:
			c.Terrain = []string{"rough", "grass", "rock", "dirt"}[rng.IntN(4)]
		case 2:
			if rng.IntN(2) == 0 {
				c.Feature = nil
			} else {
				c.Feature = &hexmap.FileFeature{Kind: []string{"barrel", "counter", "table"}[rng.IntN(3)]}
			}
		default:
			d := rng.IntN(6)
			if rng.IntN(3) == 0 {
				c.Edges[d] = nil
			} else {
				kind := []string{"wall", "door", "window"}[rng.IntN(3)]
				c.Edges[d] = &hexmap.FileFeature{Kind: kind, Open: kind == "door" && rng.IntN(2) == 0}
			}
		}
		return Event{Kind: EventMapEdited, Cells: []hexmap.Cell{c}}
	case 2:
		for _, e := range m.Edges() {
			if f, _ := m.EdgeAt(e); f.Kind == "door" && rng.IntN(3) == 0 && m.Contains(e.Hex) {
				return Event{Kind: EventActed, Doors: []DoorChange{{At: e.Hex, Side: int(e.Side), Open: !f.Open}}}
			}
		}
		fallthrough
	case 3, 4:
		f := st.Figures[id]
		to := at()
		path := []hexmap.Hex{f.At}
		for _, h := range f.At.LineTo(to) {
			if m.Contains(h) {
				path = append(path, h)
			}
		}
		path = append(path, to)
		return Event{Kind: EventMoved, Figure: id, To: to, Path: path}
	}
	if st.Figures[id].Hidden {
		return Event{Kind: EventRevealed, Figure: id}
	}
	return Event{Kind: EventHidden, Figure: id}
}

// fogKey is a state's fog whole, written out: each figure's view (as the
// map finds it afresh when fresh is true), each side's explored and
// revealed hexes, and each side's known map and what it sees.
func fogKey(t *testing.T, st *State, fresh bool) string {
	t.Helper()
	st.foldFog()
	out := ""
	for _, id := range st.Order {
		f := st.Figures[id]
		var fov *hexmap.FOV
		if fresh {
			if canSee(f) {
				fov = st.Map.FieldOfView(f.At, 0)
			}
		} else {
			fov = st.fog.views[id].fov
		}
		out += id + ":"
		if fov != nil {
			for _, h := range st.Map.Hexes() {
				if fov.Sees(h) {
					out += st.Map.Label(h)
					if fov.Partial(h) {
						out += "~"
					}
				}
			}
		}
		out += "\n"
	}
	for _, side := range sortedKeys(st.fog.explored) {
		out += side + " explored " + st.fog.explored[side].Encode() + "\n"
	}
	for _, side := range sortedKeys(st.fog.revealed) {
		out += side + " revealed " + st.fog.revealed[side].Encode() + "\n"
	}
	for _, side := range sortedKeys(st.fog.known) {
		out += side + " sees " + st.fog.known[side].seen.Encode() + " knows " + mapKey(t, st.fog.known[side].known()) + "\n"
	}
	return out
}

// remade replays events onto a copy of opening with every field of view
// made afresh at each event (the book forgets its map): the fog as a
// fold that keeps nothing from one event to the next.
func remade(t *testing.T, opening *State, events []Event) *State {
	t.Helper()
	st := opening.Clone()
	st.fog.m = nil
	st.foldFog()
	for _, e := range events {
		st.fog.m = nil
		if err := st.Apply(e); err != nil {
			t.Fatalf("replaying %s: %v", e.Kind, err)
		}
	}
	return st
}

// TestAChangeRemakesEveryFieldOfViewItCanChange: after any random run of
// map edits, doors, moves, hides and undos (a replay of the events left
// onto a copy of the opening), every figure's field of view, and every
// side's explored hexes, known map and sight, equal those made afresh at
// every event; and the views equal the map's own, asked now.
func TestAChangeRemakesEveryFieldOfViewItCanChange(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 1))
	for fight := 0; fight < 80; fight++ {
		opening := localFogFight(rng)
		st := opening.Clone()
		var events []Event
		for step := 0; step < 30; step++ {
			what := "undo"
			if len(events) > 0 && rng.IntN(6) == 0 {
				events = events[:len(events)-1-rng.IntN(min(3, len(events)))]
				st = opening.Clone()
				for _, e := range events {
					if err := st.Apply(e); err != nil {
						t.Fatalf("fight %d step %d: replaying %s: %v", fight, step, e.Kind, err)
					}
				}
			} else {
				e := randomFogEvent(rng, st)
				what = e.Kind
				if err := st.Apply(e); err != nil {
					t.Fatalf("fight %d step %d: %s: %v", fight, step, e.Kind, err)
				}
				events = append(events, e)
			}
			got := fogKey(t, st, false)
			if want := fogKey(t, remade(t, opening, events), false); got != want {
				t.Fatalf("fight %d step %d, after %s: the fog kept\n%s\nwant the fog made afresh\n%s", fight, step, what, got, want)
			}
			if want := fogKey(t, st, true); got != want {
				t.Fatalf("fight %d step %d, after %s: the views kept\n%s\nwant the map's own\n%s", fight, step, what, got, want)
			}
		}
	}
}
