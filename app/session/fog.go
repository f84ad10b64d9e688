package session

import (
	"fmt"
	"maps"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"weak"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// CommandRevealHexes shows hexes to a side by the Judge's hand, or fogs
// them again (Fog.Hide): the Judge only.
const CommandRevealHexes = "reveal_hexes"

// EventHexesRevealed is hexes shown to a side, or fogged again.
const EventHexesRevealed = "hexes_revealed"

// MaxFogHexes bounds the hexes of one reveal_hexes command.
const MaxFogHexes = 4096

// FogOrder is a reveal_hexes command's word, and its event's: the hexes
// the Judge shows to Side (or fogs again, with Hide).
type FogOrder struct {
	Side  string       `json:"side"`
	Hexes []hexmap.Hex `json:"hexes"`
	Hide  bool         `json:"hide,omitempty"`
}

// FogSpec is one side's fog in a fight file (a snapshot of a fight under
// way): the hexes it has explored and those the Judge revealed, each a
// hexmap.HexSet's text.
type FogSpec struct {
	Side     string `json:"side"`
	Explored string `json:"explored,omitempty"`
	Revealed string `json:"revealed,omitempty"`
}

// FogOn reports whether the fight plays with fog of war: on unless the
// options turn it off.
func (o FightOptions) FogOn() bool { return !o.NoFog }

// fogSwitch is the fog's switch among the fight's options (State.Switches).
func fogSwitch(o FightOptions) Switch {
	return Switch{Label: "Fog of war: the players see only what their figures see (line of sight)", On: o.FogOn(),
		Set: func(o FightOptions, on bool) FightOptions { o.NoFog = !on; return o }}
}

// Fog is what one side sees of the map at one moment. Seen are the hexes
// in the field of view of a figure of the side that can see (in view, not
// down); Explored those seen at any point of the fight so far, or shown by
// the Judge; Revealed those the Judge showed (a part of Explored).
type Fog struct {
	Seen, Explored, Revealed *hexmap.HexSet
}

// FogLevel is how much a side knows of a hex.
type FogLevel int

// Fog levels, from nothing known to seen now.
const (
	FogDark     FogLevel = iota // never seen: nothing of it is shown
	FogExplored                 // seen before, or revealed: the ground, not who is there
	FogSeen                     // seen now
)

// At is how much the side knows of h. A nil Fog (no fog of war) sees all.
func (f *Fog) At(h hexmap.Hex) FogLevel {
	switch {
	case f == nil || f.Seen.Has(h):
		return FogSeen
	case f.Explored.Has(h):
		return FogExplored
	}
	return FogDark
}

// fogBook is a state's fog: each side's explored and revealed hexes, and
// each figure's field of view, all made from the map m at version.
type fogBook struct {
	explored map[string]*hexmap.HexSet // by side
	revealed map[string]*hexmap.HexSet // by side
	views    map[string]*figView       // by figure id
	known    map[string]*knownMap      // by side (known.go)
	m        *hexmap.Map               // the map the views were made from
	version  uint64                    // m's version then
	cache    *viewCache                // views made lately, shared with the clones (viewcache.go)
	// union is, by side, the hexes its figures' views see: what the side
	// sees now. Each set is never changed once made (a known map and a
	// sight base keep it): foldFog makes a new one, mended from the last
	// where views left or joined it (mendUnion).
	union map[string]*hexmap.HexSet
}

// figView is a figure's field of view and what it was made from: a figure
// that cannot see has none.
type figView struct {
	at   hexmap.Hex
	side string
	sees bool
	fov  *hexmap.FOV // shared between clones: never changed once made
}

// changedBy reports whether a change to the map at hexes (m being the map
// after it) can change v's field of view: a figure that cannot see sees
// nothing whatever the map; else only a change at its own hex, at a hex
// a line of sight from it comes to open (FOV.Reaches, which argues it:
// a hexside's change names both its hexes), or ground raised above the
// highest the view was made over. Seeing the changed hex, or the hexes
// next to those seen, is not the rule: a line of sight to a tower passes
// unseen over a valley behind a ridge, and a hex of it raised hides the
// tower (hexmap's TestARaisedHexInAHiddenValleyHidesTheTowerBeyond).
func (v *figView) changedBy(m *hexmap.Map, hexes []hexmap.Hex) bool {
	if v.fov == nil {
		return false
	}
	for _, h := range hexes {
		if h == v.at || v.fov.Reaches(h) || m.Contains(h) && m.Elevation(h) > v.fov.Top() {
			return true
		}
	}
	return false
}

// mapChanges returns the hexes of m changed since the book's views were
// made, and whether they are known: not when the map is another (a copy
// the book was not moved onto) or no longer remembers that far back.
func (b *fogBook) mapChanges(m *hexmap.Map) ([]hexmap.Hex, bool) {
	if b.m != m {
		return nil, false
	}
	return m.ChangedSince(b.version)
}

// onMap moves the book onto m, a copy of the map its views were made
// from (a state's clone): they hold for it as they are.
func (b *fogBook) onMap(from, m *hexmap.Map) {
	if b != nil && b.m == from && from != nil && m.Version() == from.Version() {
		b.m = m
	}
}

// editCells sets cells on the map (an edit_map event). When the fog's
// views were made from the map as it was, and no cell changes what a line
// of sight looks at (sightOf), they hold for the map after the edit too:
// the book is moved on to its version, and foldFog makes none again (the
// ground painted another kind, the Judge's commonest edit, costs no field
// of view). The sides' known maps still learn the edit: they follow the
// map's own changes (foldKnown).
func (s *State) editCells(cells []hexmap.Cell) error {
	b := s.fog
	holds := b != nil && b.m == s.Map && b.version == s.Map.Version()
	for _, c := range cells {
		var was hexSight
		if holds {
			was = sightOf(s.Map, c.At)
		}
		if err := s.Map.SetCell(c); err != nil {
			return err
		}
		holds = holds && sightOf(s.Map, c.At) == was
	}
	if holds {
		b.version = s.Map.Version()
	}
	return nil
}

// hexSight is what a line of sight looks at of one hex: whether it is on
// the map, whether its ground blocks sight, its ground's height, its
// feature and the features of its six hexsides (whole, as hexmap judges
// them). Two maps that differ at a hex only in what hexSight leaves out
// (the ground's kind otherwise, a label) give every field of view alike.
type hexSight struct {
	on, blocks bool
	level      int
	feature    hexmap.Feature
	sides      [6]hexmap.Feature
}

// sightOf is m's hexSight at h.
func sightOf(m *hexmap.Map, h hexmap.Hex) hexSight {
	t, on := m.Terrain(h)
	hs := hexSight{on: on, blocks: on && t.BlocksSight, level: m.Elevation(h)}
	hs.feature, _ = m.Feature(h)
	for d := hexmap.Direction(0); d < 6; d++ {
		hs.sides[d], _ = m.EdgeFeature(h, d)
	}
	return hs
}

// viewsMade counts the fields of view foldFog has worked out (not found
// made): for the tests.
var viewsMade atomic.Int64

// fovScratch holds fields of view to work new ones out in: a figure's
// view keeps only the answer (FOV.Compact), not the work's scratch.
var fovScratch = sync.Pool{New: func() any { return new(hexmap.FOV) }}

// parallelViews is the fewest fields of view to make at once that are
// shared out among the cores: below it a goroutine costs more than it
// saves (a field of view is about a millisecond on a 256² map).
const parallelViews = 8

// makeViews makes the field of view of each view in all that can see,
// from its hex on m, compact: found in the book's cache when a state this
// one was cloned from, or cloned from it, made it from the same map at the
// same version, or worked out and kept there. m is only read meanwhile (its caches lock themselves), so
// many views, as a fight's opening makes, are shared out among the cores
// (GOMAXPROCS workers, each with its own scratch): a field of view is a
// function of the map and its hex alone, so the views are the same, in
// the same places, whichever worker made them.
func (b *fogBook) makeViews(m *hexmap.Map, all []*figView) {
	if b.cache == nil {
		b.cache = &viewCache{}
	}
	var vs []*figView // those the cache of views does not hold
	for _, v := range all {
		if !v.sees {
			continue
		}
		if v.fov = b.cache.find(viewKey{m: weak.Make(m), version: m.Version(), at: v.at}); v.fov == nil {
			vs = append(vs, v)
		}
	}
	viewsMade.Add(int64(len(vs)))
	defer func() {
		for _, v := range vs {
			b.cache.keep(viewKey{m: weak.Make(m), version: m.Version(), at: v.at}, v.fov)
		}
	}()
	one := func(v *figView, work *hexmap.FOV) {
		v.fov = m.FieldOfViewInto(work, v.at, 0).Compact()
	}
	workers := min(runtime.GOMAXPROCS(0), len(vs)/parallelViews)
	if workers < 2 {
		work := fovScratch.Get().(*hexmap.FOV)
		for _, v := range vs {
			one(v, work)
		}
		fovScratch.Put(work)
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work := fovScratch.Get().(*hexmap.FOV)
			defer fovScratch.Put(work)
			for i := next.Add(1) - 1; i < int64(len(vs)); i = next.Add(1) - 1 {
				one(vs[i], work)
			}
		}()
	}
	wg.Wait()
}

func (b *fogBook) clone() *fogBook {
	if b == nil {
		return nil
	}
	c := &fogBook{explored: map[string]*hexmap.HexSet{}, revealed: map[string]*hexmap.HexSet{}, views: make(map[string]*figView, len(b.views))}
	for k, v := range b.explored {
		c.explored[k] = v.Clone()
	}
	for k, v := range b.revealed {
		c.revealed[k] = v.Clone()
	}
	for k, v := range b.views {
		c.views[k] = v
	}
	c.union = maps.Clone(b.union)
	c.known = b.cloneKnown()
	c.m, c.version, c.cache = b.m, b.version, b.cache
	return c
}

// set returns side's set in sets, made for the map if missing (or made for
// a map of another size).
func (b *fogBook) set(sets map[string]*hexmap.HexSet, side string, m *hexmap.Map) *hexmap.HexSet {
	s := sets[side]
	if !s.Fits(m) {
		n := hexmap.NewHexSet(m)
		n.AddSet(s)
		s, sets[side] = n, n
	}
	return s
}

// canSee reports whether figure f sees for its side: in view (not hidden
// by the Judge) and not down (its condition short of unconscious).
func canSee(f *Figure) bool { return !f.Hidden && f.Condition < rules.Unconscious }

// foldFog brings the fog up to date with the state: a figure whose hex,
// side or condition changed looks again, and so does one whose view a
// change to the map can alter (figView.changedBy), and what it sees is
// explored for its side. Apply calls it after each event, so explored is
// a fold over the fight's events: replay and undo give the same fog.
func (s *State) foldFog() {
	if !s.Options.FogOn() || s.Map == nil {
		return
	}
	if s.fog == nil {
		s.fog = &fogBook{explored: map[string]*hexmap.HexSet{}, revealed: map[string]*hexmap.HexSet{}, views: map[string]*figView{}, cache: &viewCache{}}
	}
	b := s.fog
	changed, known := b.mapChanges(s.Map)
	var moved map[string]bool // the sides a view of which changed: their known maps are folded again
	var swaps map[string]*viewSwaps
	swap := func(side string, was, now *hexmap.FOV) {
		if moved == nil {
			moved, swaps = map[string]bool{}, map[string]*viewSwaps{}
		}
		moved[side] = true
		w := swaps[side]
		if w == nil {
			w = &viewSwaps{}
			swaps[side] = w
		}
		w.was, w.now = append(w.was, was), append(w.now, now)
	}
	var fresh []*figView // the views to make, in s.Order
	var ids []string
	for _, id := range s.Order {
		f := s.Figures[id]
		sees := canSee(f)
		v := b.views[id]
		if v != nil && v.at == f.At && v.side == f.Side && v.sees == sees && known && !v.changedBy(s.Map, changed) {
			continue
		}
		fresh = append(fresh, &figView{at: f.At, side: f.Side, sees: sees})
		ids = append(ids, id)
	}
	b.makeViews(s.Map, fresh)
	for i, nv := range fresh {
		if nv.fov != nil {
			b.set(b.explored, nv.side, s.Map).AddFOV(nv.fov)
		}
		switch v := b.views[ids[i]]; {
		case v == nil:
			swap(nv.side, nil, nv.fov)
		case v.side != nv.side:
			swap(v.side, v.fov, nil)
			swap(nv.side, nil, nv.fov)
		default:
			swap(nv.side, v.fov, nv.fov)
		}
		b.views[ids[i]] = nv
	}
	for id, v := range b.views {
		if _, ok := s.Figures[id]; !ok {
			delete(b.views, id)
			swap(v.side, v.fov, nil)
		}
	}
	b.m, b.version = s.Map, s.Map.Version()
	for _, side := range sortedKeys(swaps) {
		s.mendUnion(side, swaps[side])
	}
	s.foldKnown(moved)
}

// viewSwaps are the views that left a side's union in one fold (was[i],
// nil for none) and those that took their places (now[i], nil for none).
type viewSwaps struct{ was, now []*hexmap.FOV }

// mendUnion makes side's union of views again after w: mended from the
// last (a copy of it: a union is never changed once made) where the
// views that left saw what their replacements do not, or made whole
// when there is none over the map, or most of the side's views changed.
func (s *State) mendUnion(side string, w *viewSwaps) {
	b := s.fog
	var all []*hexmap.FOV
	for _, id := range s.Order {
		if v := b.views[id]; v != nil && v.side == side && v.fov != nil {
			all = append(all, v.fov)
		}
	}
	if b.union == nil {
		b.union = map[string]*hexmap.HexSet{}
	}
	if u := b.union[side]; u.Fits(s.Map) && 2*len(w.was) <= len(all) {
		c := u.Clone()
		if c.ReplaceFOVs(w.was, w.now, all) {
			b.union[side] = c
			return
		}
	}
	u := hexmap.NewHexSet(s.Map)
	for _, f := range all {
		u.AddFOV(f)
	}
	b.union[side] = u
}

// exploreAlong explores for figure id's side what it saw from each hex
// of the path it walked, short of where it stands (foldFog adds that):
// a figure that walks past a doorway has looked in. What the walk saw is
// learned for the side's known map only where that map may be behind
// the live one (walkNews); and a walk over a map the side has explored
// and knows whole sees nothing new, so no field of view is worked out
// for it (a replay of many moves, as an undo folds, stays cheap).
func (s *State) exploreAlong(id string, path []hexmap.Hex) {
	f, ok := s.Figures[id]
	if !ok || !s.Options.FogOn() || s.Map == nil || !canSee(f) || len(path) < 2 {
		return
	}
	if s.fog == nil {
		s.foldFog()
	}
	exp := s.fog.set(s.fog.explored, f.Side, s.Map)
	k := s.mapFor(f.Side)
	changed, sure := s.Map.ChangedSince(k.at)
	if all := s.Map.Width * s.Map.Height; sure && len(changed) == 0 && exp.Len() == all && k.seen.Len() == all {
		return // every hex explored and seen at the last fold, none changed since: the known map is the live one
	}
	walk := hexmap.NewHexSet(s.Map)
	var fov *hexmap.FOV
	for _, h := range path[:len(path)-1] {
		if s.Map.Contains(h) {
			fov = s.Map.FieldOfViewInto(fov, h, 0)
			exp.AddFOV(fov)
			walk.AddFOV(fov)
		}
	}
	s.learn(f.Side, walkNews(s.Map, walk, k, changed, sure))
}

// walkNews is what of walk, the hexes a walk on m saw, the side's known map k
// may hold otherwise than the live map: the hexes the side did not see
// at its last fold, and those it did that changed since (changed; every
// hex of walk when the map does not remember that far back, !sure). The
// rest k took from the live map at that fold, as they still are.
func walkNews(m *hexmap.Map, walk *hexmap.HexSet, k *knownMap, changed []hexmap.Hex, sure bool) []hexmap.Hex {
	if !sure || !k.seen.Fits(m) {
		return walk.Hexes()
	}
	news := walk.Minus(k.seen)
	for _, h := range changed {
		if walk.Has(h) && k.seen.Has(h) {
			news = append(news, h)
		}
	}
	return news
}

// sees reports whether a figure of side that can see sees h (the fog
// being up to date): whether the side's union of views holds it.
func (s *State) sees(side string, h hexmap.Hex) bool {
	return s.fog != nil && s.fog.union[side].Has(h)
}

// seenBy is the hexes side's figures see now (the fog being up to date):
// its union of views, which the caller must not change.
func (s *State) seenBy(side string) *hexmap.HexSet {
	if u := s.fog.union[side]; u.Fits(s.Map) {
		return u
	}
	return hexmap.NewHexSet(s.Map)
}

// FogOf returns what side sees of the map now, and has explored; nil when
// the fight plays without fog of war.
func (s *State) FogOf(side string) *Fog {
	if !s.Options.FogOn() || s.Map == nil {
		return nil
	}
	s.foldFog()
	f := &Fog{Seen: s.seenBy(side).Clone()}
	f.Explored = s.fog.set(s.fog.explored, side, s.Map).Clone()
	f.Revealed = s.fog.set(s.fog.revealed, side, s.Map).Clone()
	return f
}

// decideRevealHexes checks a reveal_hexes command and makes its event.
func decideRevealHexes(s *State, c Command) ([]Event, error) {
	o := c.Fog
	if o == nil || o.Side == "" {
		return nil, refuse("reveal_hexes needs fog: the side, and the hexes to show it (or to fog again, with hide)")
	}
	if !s.Options.FogOn() {
		return nil, refuse("this fight plays without fog of war: turn it on in the fight's options first")
	}
	if len(o.Hexes) == 0 || len(o.Hexes) > MaxFogHexes {
		return nil, refuse("reveal_hexes takes 1 to %d hexes, not %d", MaxFogHexes, len(o.Hexes))
	}
	for _, h := range o.Hexes {
		if !s.Map.Contains(h) {
			return nil, refuse("%v is not a hex of the map", h)
		}
	}
	hexes := slices.Clone(o.Hexes)
	verb, what := "shows", "to"
	if o.Hide {
		verb, what = "fogs", "again for"
	}
	label := s.Map.Label(hexes[0])
	if len(hexes) > 1 {
		label = fmt.Sprintf("%d hexes", len(hexes))
	}
	return []Event{{Kind: EventHexesRevealed, Fog: &FogOrder{Side: o.Side, Hexes: hexes, Hide: o.Hide},
		Text: fmt.Sprintf("The Judge %s %s %s the %s.", verb, label, what, o.Side)}}, nil
}

// applyFogOrder folds a hexes_revealed event into the fog.
func (s *State) applyFogOrder(e Event) error {
	if e.Fog == nil {
		return fmt.Errorf("event %d: hexes_revealed without fog", e.Seq)
	}
	s.foldFog()
	if s.fog == nil {
		return nil // a fight without fog keeps no record of it
	}
	exp := s.fog.set(s.fog.explored, e.Fog.Side, s.Map)
	rev := s.fog.set(s.fog.revealed, e.Fog.Side, s.Map)
	for _, h := range e.Fog.Hexes {
		if e.Fog.Hide {
			exp.Remove(h)
			rev.Remove(h)
		} else {
			exp.Add(h)
			rev.Add(h)
		}
	}
	return nil
}

// fogSpecs writes the fog of sides (every side, for nil) for a fight file.
func (s *State) fogSpecs(sides []string) []FogSpec {
	if s.fog == nil {
		return nil
	}
	var out []FogSpec
	for _, side := range sortedKeys(s.fog.explored) {
		if sides != nil && !slices.Contains(sides, side) {
			continue
		}
		spec := FogSpec{Side: side, Explored: s.fog.explored[side].Encode()}
		if r := s.fog.revealed[side]; r != nil {
			spec.Revealed = r.Encode()
		}
		out = append(out, spec)
	}
	return out
}

// loadFog reads a fight file's fog into the opening state, its fields of
// view found in cache, if not nil (a replay window's last moment's), or
// made.
func (s *State) loadFog(specs []FogSpec, cache *viewCache) error {
	if len(specs) == 0 {
		s.foldFog()
		return nil
	}
	if cache == nil {
		cache = &viewCache{}
	}
	s.fog = &fogBook{explored: map[string]*hexmap.HexSet{}, revealed: map[string]*hexmap.HexSet{}, views: map[string]*figView{}, cache: cache}
	for i, spec := range specs {
		if spec.Side == "" {
			return fmt.Errorf("fog[%d].side: missing", i)
		}
		if spec.Explored != "" {
			set, err := hexmap.DecodeHexSet(s.Map, spec.Explored)
			if err != nil {
				return fmt.Errorf("fog[%d].explored: %w", i, err)
			}
			s.fog.explored[spec.Side] = set
		}
		if spec.Revealed != "" {
			set, err := hexmap.DecodeHexSet(s.Map, spec.Revealed)
			if err != nil {
				return fmt.Errorf("fog[%d].revealed: %w", i, err)
			}
			s.fog.revealed[spec.Side] = set
		}
	}
	s.foldFog()
	return nil
}
