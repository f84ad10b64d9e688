package session

import (
	"fmt"
	"math/rand/v2"
	"slices"
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
// hexside), a door worked, a move, a figure hidden or shown, or one taken
// off the map.
func randomFogEvent(rng *rand.Rand, st *State) Event {
	m := st.Map
	at := func() hexmap.Hex {
		return m.Orientation.FromOffset(hexmap.Offset{Col: rng.IntN(m.Width), Row: rng.IntN(m.Height)})
	}
	id := st.Order[rng.IntN(len(st.Order))]
	if len(st.Order) > 1 && rng.IntN(15) == 0 {
		return Event{Kind: EventFigureRemoved, Figure: id, To: st.Figures[id].At}
	}
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
	// Each side's union of views: as seenBy and sees answer it, and (fresh)
	// as the fresh views make it.
	sides := map[string]bool{}
	for _, id := range st.Order {
		sides[st.Figures[id].Side] = true
	}
	for _, side := range sortedKeys(sides) {
		seen := hexmap.NewHexSet(st.Map)
		if fresh {
			for _, id := range st.Order {
				if f := st.Figures[id]; f.Side == side && canSee(f) {
					seen.AddFOV(st.Map.FieldOfView(f.At, 0))
				}
			}
		} else {
			seen = st.seenBy(side) // FogOf's Seen, without its empty sets made for the side
			for _, h := range st.Map.Hexes() {
				if st.sees(side, h) != seen.Has(h) {
					t.Fatalf("side %s: sees(%v) = %v, but seenBy has it %v", side, h, st.sees(side, h), seen.Has(h))
				}
			}
		}
		out += side + " sees now " + seen.Encode() + "\n"
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

// pointCopy is a copy of st as an undo point keeps it (undopoint.go): the
// state cloned without its map, and given a bare copy of the map its
// fields of view were made from (Session.spare), its fog's views, unions
// and known maps shared with st.
func pointCopy(st *State) *State {
	p := st.clone(false)
	p.Map = st.Map.CloneBare()
	p.fog.onMap(st.Map, p.Map)
	return p
}

// TestAChangeRemakesEveryFieldOfViewItCanChange: after any random run of
// map edits, doors, moves, hides, figures taken off, undos (a replay of
// the events left onto a copy of the opening, or onto a copy of the
// latest undo point before them, as Session.refold folds) and redos (the
// undone events folded again), every figure's field of view, and every
// side's union of views, explored hexes, known map and sight, equal those
// made afresh at every event; and the views equal the map's own, asked
// now.
func TestAChangeRemakesEveryFieldOfViewItCanChange(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 1))
	for fight := 0; fight < 80; fight++ {
		opening := localFogFight(rng)
		st := opening.Clone()
		var events, undone []Event
		type point struct {
			n  int // the events folded into st
			st *State
		}
		var points []point
		apply := func(step int, e Event) {
			if err := st.Apply(e); err != nil {
				t.Fatalf("fight %d step %d: %s: %v", fight, step, e.Kind, err)
			}
		}
		for step := 0; step < 30; step++ {
			var what string
			switch {
			case len(events) > 0 && rng.IntN(6) == 0:
				back := 1 + rng.IntN(min(3, len(events)))
				undone = append(slices.Clone(events[len(events)-back:]), undone...)
				events = events[:len(events)-back]
				for len(points) > 0 && points[len(points)-1].n > len(events) {
					points = points[:len(points)-1]
				}
				from := 0
				if len(points) > 0 && rng.IntN(3) > 0 {
					what = "undo from a point"
					p := points[len(points)-1]
					st, from = pointCopy(p.st), p.n
				} else {
					what = "undo from the opening"
					st = opening.Clone()
				}
				for _, e := range events[from:] {
					apply(step, e)
				}
			case len(undone) > 0 && rng.IntN(3) == 0:
				what = "redo"
				n := 1 + rng.IntN(len(undone))
				for _, e := range undone[:n] {
					apply(step, e)
					events = append(events, e)
				}
				undone = undone[n:]
			default:
				e := randomFogEvent(rng, st)
				what = e.Kind
				apply(step, e)
				events = append(events, e)
				undone = nil
			}
			if rng.IntN(4) == 0 {
				points = append(points, point{len(events), pointCopy(st)})
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
