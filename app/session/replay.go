package session

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"hexslinger/hexmap"
)

// Moment is a moment of the fight's timeline that the Judge's map windows
// show in place of the live fight: the console's timeline scrubbed to
// event Event of Of, in round Round and segment Segment. Fight is the
// Judge's view of it (Timeline.ViewAt(Event, nil)); a moment Timeline.Moment
// makes has no map in it until Whole, and a connection is sent it whole or
// as a delta (Send). A replay changes nothing and is not journaled; a
// player's window is shown one only when the Judge shows it on the table
// (Table), as its seat saw it (ReplayingFor).
type Moment struct {
	Fight *FightFile `json:"fight"`
	// Event and Of are the event's index on the timeline (0 the opening)
	// and the timeline's length: the Judge's alone, for they count every
	// event, those the players were not sent too.
	Event   int    `json:"event,omitempty"`
	Of      int    `json:"of,omitempty"`
	Round   int    `json:"round"`   // the round the event falls in; 0 before the first
	Segment int    `json:"segment"` // the segment it falls in; 0 in a system without segments
	Text    string `json:"text,omitempty"`
	// Mark numbers the moments one connection is sent, from 1 (Send).
	Mark int `json:"mark,omitempty"`
	// Base, when not 0, makes the moment a delta (protocol version 2):
	// the moment marked Base that the connection was sent last, changed
	// at Cells; Fight has no map, and of its fog only the sides whose fog
	// changed: the others (FogKept) are the base's (Onto).
	Base    int           `json:"base,omitempty"`
	Cells   []hexmap.Cell `json:"cells,omitempty"`
	FogKept []string      `json:"fog_kept,omitempty"`
	// Table says the players' windows show the moment too (the Judge
	// shows the replay on the table monitor), each as its seat saw it
	// then (ReplayingFor), so a player never sees what its seat could not.
	Table bool `json:"-"`
	// Journal names the journal a standalone replay reads (hexslinger
	// replay FILE: its file name, no folder): there is no live fight
	// then, and the window says it shows a replay of that journal. ""
	// for a moment of a live console's timeline.
	Journal string `json:"journal,omitempty"`
	tl      *Timeline
	whole   *momentMap // a timeline's moment's map file, made once (Whole)
}

// momentMap is a moment's whole map file, made once, by the first window
// that needs it.
type momentMap struct {
	once sync.Once
	file *hexmap.File
	err  error
}

// Moment is the moment right after event i of the timeline, for a replay
// (Session.ShowReplay): the fight as the Judge saw it, where the event
// falls and what it said; a player's seat is shown its own view of it.
// Its Fight has no map: Whole adds it, Send what a window needs of it.
func (t *Timeline) Moment(i int) (*Moment, error) {
	e, err := t.Event(i)
	if err != nil {
		return nil, err
	}
	m := &Moment{Event: i, Of: t.Len() - 1, Text: momentText(e), tl: t, whole: &momentMap{}}
	t.mu.RLock()
	defer t.mu.RUnlock()
	// The scrub cursor's state, not a copy (StateAt's): the snapshot
	// copies what it shows, so the next step folds on the same map.
	err = t.at(i, func(st *State) {
		m.Fight, m.Round = st.snapshot(nil, false), st.Round
		if st.Turn().Segments {
			m.Segment = st.Segment
		}
	}, false)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Whole is the moment with its whole map: m itself when it has it (a
// player's), else a copy, the map made once however many windows ask.
func (m *Moment) Whole() (*Moment, error) {
	if m.Fight == nil || m.Fight.Map != nil || m.tl == nil || m.whole == nil {
		return m, nil
	}
	w := m.whole
	w.once.Do(func() {
		t := m.tl
		t.mu.RLock()
		defer t.mu.RUnlock()
		w.err = t.at(m.Event, func(st *State) { w.file = st.Map.File() }, false)
	})
	if w.err != nil {
		return nil, w.err
	}
	f := *m.Fight
	f.Map = w.file
	return m.copyWith(&f), nil
}

// copyWith is a copy of m's wire fields with fight f.
func (m *Moment) copyWith(f *FightFile) *Moment {
	return &Moment{Fight: f, Event: m.Event, Of: m.Of, Round: m.Round, Segment: m.Segment, Text: m.Text,
		Mark: m.Mark, Base: m.Base, Cells: m.Cells, FogKept: m.FogKept, Table: m.Table, Journal: m.Journal, tl: m.tl, whole: m.whole}
}

// Send is m as a connection is sent it, marked mark+1: a delta against
// prev, the moment the connection was sent last, marked mark (the hexes
// whose map differs, and the fog of the sides whose fog changed), when
// both are moments of the same timeline whose changes between are known
// and fewer than the whole map; else the whole moment. prev nil: the
// connection was sent none (new, reconnected, or back to the live
// fight since). Only the Judge's moments go as deltas: a player's is its
// seat's view, sent whole.
func (m *Moment) Send(prev *Moment, mark int) (*Moment, error) {
	out, err := m.delta(prev, mark)
	if err != nil || out != nil {
		return out, err
	}
	w, err := m.Whole()
	if err != nil {
		return nil, err
	}
	out = w.copyWith(w.Fight)
	out.Mark, out.Base, out.Cells, out.FogKept = mark+1, 0, nil, nil
	return out, nil
}

// delta is Send's delta, or nil when m goes whole.
func (m *Moment) delta(prev *Moment, mark int) (*Moment, error) {
	t := m.tl
	if prev == nil || mark == 0 || t == nil || prev.tl != t || m.Fight == nil || prev.Fight == nil || m.Fight.Map != nil {
		return nil, nil
	}
	var cells []hexmap.Cell
	var ok bool
	t.mu.RLock()
	err := t.at(m.Event, func(st *State) {
		// A cell on the wire is some 16 times a hex of the whole map's.
		var hexes []hexmap.Hex
		if hexes, ok = t.changedBetweenLocked(prev.Event, m.Event, st.Map.Width*st.Map.Height/16); !ok {
			return
		}
		cells = make([]hexmap.Cell, len(hexes))
		for k, h := range hexes {
			cells[k] = st.Map.CellAt(h)
		}
	}, false)
	t.mu.RUnlock()
	if err != nil || !ok {
		return nil, err
	}
	f := *m.Fight
	f.Fog = nil
	var kept []string
	for _, spec := range m.Fight.Fog {
		if slices.Contains(prev.Fight.Fog, spec) {
			kept = append(kept, spec.Side)
		} else {
			f.Fog = append(f.Fog, spec)
		}
	}
	out := m.copyWith(&f)
	out.Mark, out.Base, out.Cells, out.FogKept = mark+1, mark, cells, kept
	return out, nil
}

// Onto makes the fight of m, a delta (Base not 0), from base, the moment
// marked m.Base that the window shows, and st, base's fight: st's map
// takes m's cells in place (so a picture drawn from it redraws only
// them: Map.ChangedSince), and the new state is read from m's fight on
// it, its fog the sides m sends and base's of the sides m keeps. m's
// Fight is given base's fog kept, to be the base of the next. On an error
// in the base or the cells (a base other than m's, a cell the map
// refuses) st is as it was.
func (m *Moment) Onto(base *Moment, st *State) (*State, error) {
	if m.Base == 0 || m.Fight == nil {
		return nil, errors.New("replay: not a delta")
	}
	if base == nil || st == nil || base.Mark != m.Base || base.Fight == nil {
		return nil, fmt.Errorf("replay: a delta on moment %d, and the window has not got it", m.Base)
	}
	sys, err := m.Fight.system()
	if err != nil {
		return nil, err
	}
	fog := slices.Clone(m.Fight.Fog)
	for _, side := range m.FogKept {
		k := slices.IndexFunc(base.Fight.Fog, func(f FogSpec) bool { return f.Side == side })
		if k < 0 {
			return nil, fmt.Errorf("replay: fog_kept: side %q has no fog in moment %d", side, m.Base)
		}
		fog = append(fog, base.Fight.Fog[k])
	}
	slices.SortFunc(fog, func(a, b FogSpec) int { return strings.Compare(a.Side, b.Side) })
	if _, err := st.Map.CheckCells(m.Cells); err != nil {
		return nil, fmt.Errorf("replay: cells: %w", err)
	}
	f := *m.Fight
	f.Fog, f.Map = fog, nil
	for _, c := range m.Cells {
		if sameCell(st.Map.CellAt(c.At), c) {
			continue // a hex sent among those that may have changed: the picture need not redraw it
		}
		if err := st.Map.SetCell(c); err != nil {
			return nil, fmt.Errorf("replay: cells: %w", err)
		}
	}
	var cache *viewCache // the views st's fog made: those of figures that stayed put on an unchanged map stand
	if st.fog != nil {
		cache = st.fog.cache
	}
	out, err := f.stateOn(sys, st.Map, cache)
	if err != nil {
		return nil, err
	}
	m.Fight.Fog, m.FogKept = fog, nil
	return out, nil
}

// momentText is what a moment says of its event: its line, or that the
// fight opens.
func momentText(e Event) string {
	if e.Text == "" && e.Kind == EventOpened {
		return "The fight opens."
	}
	return e.Text
}

// ReplayingFor is the moment seat's windows show in place of the live
// fight, or nil: the Judge's, the moment itself; a player's, only when
// the Judge shows it on the table, and then as that seat saw it: its
// view of the fight then, the line that seat reads of the event
// (Timeline.LineFor: none when it read nothing of it, never the Judge's
// line, which names hidden figures), the round and segment, and not the
// event's place on the timeline, which counts the events hidden from the
// seat.
func (s *Session) ReplayingFor(seat *Seat) *Moment {
	r := s.Replaying()
	if r == nil || seat == nil || seat.Role == RoleJudge {
		return r
	}
	if !r.Table || r.tl == nil {
		return nil
	}
	f, err := r.tl.ViewAt(r.Event, seat)
	if err != nil {
		return nil
	}
	m := &Moment{Fight: f, Round: r.Round, Segment: r.Segment, Journal: r.Journal}
	if r.Event == 0 { // the opening, which a player's window is sent as a view
		m.Text = momentText(Event{Kind: EventOpened})
	} else {
		m.Text = r.tl.LineFor(r.Event, seat)
	}
	return m
}

// ShowReplay has the Judge's map windows show r, a moment of the
// timeline, read-only; nil returns them to the live fight. The windows
// are told by a Signal with Replay set, and read the moment with
// Replaying, so a window that misses a signal, or connects later, still
// shows the latest moment.
func (s *Session) ShowReplay(r *Moment) {
	s.mu.Lock()
	was := s.replay
	s.replay = r
	s.mu.Unlock()
	if r == nil && was == nil {
		return
	}
	s.signal(Signal{Replay: true})
}

// Replaying is the moment the Judge's map windows show in place of the
// live fight (ShowReplay), or nil when they show the live fight.
func (s *Session) Replaying() *Moment {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.replay
}

// sameCell reports whether a and b hold the same.
func sameCell(a, b hexmap.Cell) bool {
	num := func(x, y *int) bool { return x == nil && y == nil || x != nil && y != nil && *x == *y }
	same := func(x, y *hexmap.FileFeature) bool {
		if x == nil || y == nil {
			return x == y
		}
		return x.At == y.At && x.Side == y.Side && x.Kind == y.Kind && x.Open == y.Open && x.Height == y.Height &&
			num(x.Armor, y.Armor) && num(x.BaseArmor, y.BaseArmor)
	}
	if a.At != b.At || a.Terrain != b.Terrain || a.Elevation != b.Elevation || a.Label != b.Label || !same(a.Feature, b.Feature) {
		return false
	}
	for d := range a.Edges {
		if !same(a.Edges[d], b.Edges[d]) {
			return false
		}
	}
	return true
}
