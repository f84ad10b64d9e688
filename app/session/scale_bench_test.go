package session

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"hexslinger/hexmap"
)

// The scale benchmarks (issue 38, "Benchmarks at scale"): what one change
// costs on 64², 256² and 1024² maps with 4, 50 and 500 figures, fog on.
// Each is BenchmarkScale/<measure>/<n>x<n>-<figures>; the 1024² fight of
// 500 figures is skipped under -short. `make bench-scale` runs them
// (docs in the Makefile); /work/notes/bench38.md has the baseline.

// scaleSizes and scaleFigures are the sides of the maps and the numbers of
// figures every scale benchmark runs with.
var (
	scaleSizes   = []int{64, 256, 1024}
	scaleFigures = []int{4, 50, 500}
)

// scaleCase is one map size and one number of figures.
type scaleCase struct{ n, figs int }

func (c scaleCase) String() string { return fmt.Sprintf("%dx%d-%d", c.n, c.n, c.figs) }

// scaleCases are every size with every number of figures.
func scaleCases() []scaleCase {
	var out []scaleCase
	for _, n := range scaleSizes {
		for _, f := range scaleFigures {
			out = append(out, scaleCase{n, f})
		}
	}
	return out
}

// eachScale runs bench as a sub-benchmark for every scale case, skipping
// the largest under -short.
func eachScale(b *testing.B, bench func(b *testing.B, sf *scaleFightSetup)) {
	for _, c := range scaleCases() {
		b.Run(c.String(), func(b *testing.B) {
			if testing.Short() && c.n >= 1024 && c.figs >= 500 {
				b.Skip("the 1024² fight of 500 figures is skipped under -short")
			}
			bench(b, scaleFightCached(b, c.n, c.figs))
		})
	}
}

// scaleFightSetup is a generated big fight and the places its benchmarks
// act on: Mover ("f0", a posse figure) stands at Home in a clearing; Step
// is the hex beside it it walks to and back; Edit is a hex of the
// clearing in its sight, whose hexside EditSide a map edit walls and
// unwalls; Door is a hex with a closed door on hexside DoorSide, in a
// wall across the clearing, in the mover's sight.
type scaleFightSetup struct {
	key                scaleCase
	Fight              *FightFile
	Mover              string
	Home, Step         hexmap.Hex
	Edit, Door         hexmap.Hex
	EditSide, DoorSide hexmap.Direction
}

// scaleFight generates, in memory and the same every time (seeded by the
// size and the number of figures), a Three-Way demo fight on an n×n map of
// varied ground: patches of grass, rough, boardwalk, shallows and grades,
// rock outcrops (which block sight) and ponds, hex-shaped buildings walled
// round with a closed door each, and barrels, troughs and tables about;
// figs figures of the demo's characters, every other one of the posse and
// of the outlaws, on hexes they can stand on; fog of war on.
func scaleFight(tb testing.TB, n, figs int) *scaleFightSetup {
	tb.Helper()
	rng := rand.New(rand.NewPCG(uint64(n), 38))
	m, err := hexmap.New(fmt.Sprintf("scale %dx%d", n, n), hexmap.Pointy, n, n, "dirt")
	if err != nil {
		tb.Fatal(err)
	}
	hexes := m.Hexes()
	anyHex := func() hexmap.Hex { return hexes[rng.IntN(len(hexes))] }
	must := func(err error) {
		if err != nil {
			tb.Fatal(err)
		}
	}
	feature := func(kind string) hexmap.Feature {
		f, err := hexmap.NewFeature(kind)
		must(err)
		return f
	}
	area := n * n
	// Ground: patches of a terrain, radius 1 to 3.
	for range area / 40 {
		t := []string{"grass", "grass", "rough", "boardwalk", "shallows", "gentle grade", "steep grade", "rock", "water", "floor"}[rng.IntN(10)]
		for _, h := range anyHex().Spiral(1 + rng.IntN(3)) {
			if m.Contains(h) {
				must(m.SetTerrain(h, t))
			}
		}
	}
	// Buildings: a hex-shaped room of radius 2 to 4 walled round, with a
	// closed door on one hexside and a window on another.
	for range area / 300 {
		c, r := anyHex(), 2+rng.IntN(3)
		var sides []hexmap.Edge
		for _, h := range c.Spiral(r) {
			if m.Contains(h) {
				must(m.SetTerrain(h, "floor"))
			}
		}
		for _, h := range c.Ring(r) {
			for d := hexmap.Direction(0); d < 6; d++ {
				if o := h.Neighbor(d); o.DistanceTo(c) > r && (m.Contains(h) || m.Contains(o)) {
					sides = append(sides, hexmap.EdgeOf(h, d))
				}
			}
		}
		door, window := rng.IntN(len(sides)), rng.IntN(len(sides))
		for i, e := range sides {
			kind := "wall"
			switch i {
			case door:
				kind = "door"
			case window:
				kind = "window"
			}
			must(m.SetEdge(e.Hex, e.Side, feature(kind)))
		}
	}
	// Things standing about.
	for range area / 100 {
		h := anyHex()
		if t, _ := m.Terrain(h); t.Move != hexmap.MoveImpassable {
			must(m.SetFeature(h, feature([]string{"barrel", "trough", "table", "counter"}[rng.IntN(4)])))
		}
	}
	// The mover's clearing, radius 4, in the map's middle, and a wall
	// with a closed door across it, 3 hexes from home.
	sf := &scaleFightSetup{key: scaleCase{n, figs}, Mover: "f0", Home: hexes[len(hexes)/2+n/2]}
	for _, h := range sf.Home.Spiral(4) {
		must(m.SetTerrain(h, "dirt"))
		m.RemoveFeature(h)
		for d := hexmap.Direction(0); d < 6; d++ {
			m.RemoveEdge(h, d)
		}
	}
	east, ne := hexmap.Hex{Q: 1}, hexmap.Hex{Q: 1, R: -1}
	sf.Step = sf.Home.Add(east)
	sf.Edit, sf.EditSide = sf.Home.Add(ne.Scale(2)), 0
	sf.Door, sf.DoorSide = sf.Home.Add(hexmap.Hex{R: 3}), 0
	for q := -2; q <= 2; q++ { // the wall: the hexsides below row +3
		h := sf.Home.Add(hexmap.Hex{Q: q, R: 3})
		down, _ := h.DirectionTo(h.Add(hexmap.Hex{R: 1}))
		kind := "wall"
		if q == 0 {
			kind, sf.DoorSide = "door", down
		}
		must(m.SetEdge(h, down, feature(kind)))
	}
	if _, ok := m.EdgeFeature(sf.Door, sf.DoorSide); !ok {
		tb.Fatalf("no door at %s side %d", m.Label(sf.Door), sf.DoorSide)
	}
	f := demo(tb)
	f.Name = fmt.Sprintf("scale %dx%d, %d figures", n, n, figs)
	f.Map = m.File()
	f.Fog = nil
	f.Options.NoFog = false
	f.Options.Seed = new(uint64(38))
	f.Figures = f.Figures[:0]
	taken := map[hexmap.Hex]bool{}
	facings := m.Orientation.SideNames()
	prng := rand.New(rand.NewPCG(uint64(n), uint64(figs)))
	for i := range figs {
		at := sf.Home
		for i > 0 {
			at = hexes[prng.IntN(len(hexes))]
			if !taken[at] && m.CanStand(at) == nil && at.DistanceTo(sf.Home) > 4 {
				break
			}
		}
		taken[at] = true
		f.Figures = append(f.Figures, FigureSpec{
			ID: fmt.Sprintf("f%d", i), Character: f.Characters[i%len(f.Characters)].ID,
			Side: []string{"posse", "outlaws"}[i%2], At: m.Label(at), Facing: facings[prng.IntN(6)],
		})
	}
	sf.Fight = f
	return sf
}

// openScale opens sf's fight in a session with a journal in the
// benchmark's temporary folder, closed when it ends.
func openScale(b *testing.B, sf *scaleFightSetup) *Session {
	b.Helper()
	s, err := Open(sf.Fight, filepath.Join(b.TempDir(), "scale.journal.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

// do gives the Judge's command c to s, failing the benchmark on any error.
func (sf *scaleFightSetup) do(b *testing.B, s *Session, c Command) []Event {
	b.Helper()
	evs, err := s.Do(c)
	if err != nil {
		b.Fatalf("%s: %v", c.Kind, err)
	}
	return evs
}

// edit is the map edit i: the Edit hex with its EditSide walled (even i)
// or bare (odd i), its other hexsides as st's map has them.
func (sf *scaleFightSetup) edit(st *State, i int) Command {
	c := st.Map.CellAt(sf.Edit)
	c.Edges[sf.EditSide] = nil
	if i%2 == 0 {
		c.Edges[sf.EditSide] = &hexmap.FileFeature{Kind: "wall"}
	}
	return Command{Kind: CommandEditMap, Cells: []hexmap.Cell{c}}
}

// move is the mover's move i: to Step (even i) or back Home (odd i).
func (sf *scaleFightSetup) move(i int) Command {
	to := sf.Step
	if i%2 == 1 {
		to = sf.Home
	}
	return Command{Kind: CommandMove, Figure: sf.Mover, To: &to}
}

// ready readies the mover to move, with the Judge's commands: a new
// round when it has too few AP left or the round is over, the count down
// segment by segment to its number.
func (sf *scaleFightSetup) ready(b *testing.B, s *Session) {
	b.Helper()
	for tries := 0; ; tries++ {
		if tries > 50 {
			b.Fatal("the mover never gets to move")
		}
		s.mu.Lock()
		f := s.state.Figures[sf.Mover]
		ap, wait, last := f.AP, early(s.state, f), s.state.Segment <= 1
		s.mu.Unlock()
		switch {
		case ap < 4 || wait > 0 && last:
			sf.do(b, s, Command{Kind: CommandNewRound})
		case wait > 0:
			sf.do(b, s, Command{Kind: CommandSegment})
		default:
			return
		}
	}
}

// moveOrRest makes the mover's move i, readying it first (ready) off
// the clock.
func (sf *scaleFightSetup) moveOrRest(b *testing.B, s *Session, i int) {
	b.Helper()
	b.StopTimer()
	sf.ready(b, s)
	b.StartTimer()
	sf.do(b, s, sf.move(i))
}

// scaleCache keeps what one case's benchmarks share while they run: its
// fight (regenerated for another case: a 1024² one is large) and, by
// case, the journal of its 2,000-event fight (scaleJournal).
var scaleCache struct {
	mu       sync.Mutex
	at       scaleCase
	setup    *scaleFightSetup
	journals map[scaleCase][]byte
}

// scaleFightCached is scaleFight(n, figs), made once for a run of its
// case's benchmarks.
func scaleFightCached(tb testing.TB, n, figs int) *scaleFightSetup {
	scaleCache.mu.Lock()
	defer scaleCache.mu.Unlock()
	c := scaleCase{n, figs}
	if scaleCache.setup == nil || scaleCache.at != c {
		scaleCache.setup, scaleCache.at = nil, c
		scaleCache.setup = scaleFight(tb, n, figs)
	}
	return scaleCache.setup
}

// BenchmarkScale prices each change of issue 38 at every scale: a map
// edit of one hex (walling a hexside in the mover's sight) and a door
// opened or closed, both the Judge's through Session.Do; a one-hex move
// with fog on; an undo of an edit after 100 commands; opening a
// 2,000-event timeline (MB-heap: what the open timeline holds) and one
// scrub step (the next event's moment, as JSON for the map window); the
// mover's reachable set after a one-hex edit, and steady (no edit); and
// opening the session.
func BenchmarkScale(b *testing.B) {
	b.Run("edit", func(b *testing.B) { eachScale(b, benchScaleEdit) })
	b.Run("door", func(b *testing.B) { eachScale(b, benchScaleDoor) })
	b.Run("move", func(b *testing.B) { eachScale(b, benchScaleMove) })
	b.Run("undo", func(b *testing.B) { eachScale(b, benchScaleUndo) })
	b.Run("timeline-open", func(b *testing.B) { eachScale(b, benchScaleTimelineOpen) })
	b.Run("scrub", func(b *testing.B) { eachScale(b, benchScaleScrub) })
	b.Run("reach-after-edit", func(b *testing.B) { eachScale(b, benchScaleReachAfterEdit) })
	b.Run("reach-steady", func(b *testing.B) { eachScale(b, benchScaleReachSteady) })
	b.Run("open", func(b *testing.B) { eachScale(b, benchScaleOpen) })
}

func benchScaleEdit(b *testing.B, sf *scaleFightSetup) {
	s := openScale(b, sf)
	st := s.State()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sf.do(b, s, sf.edit(st, i))
	}
}

func benchScaleDoor(b *testing.B, sf *scaleFightSetup) {
	s := openScale(b, sf)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sf.do(b, s, Command{Kind: CommandDoor, To: &sf.Door, Side: int(sf.DoorSide), Open: i%2 == 0})
	}
}

func benchScaleMove(b *testing.B, sf *scaleFightSetup) {
	s := openScale(b, sf)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sf.moveOrRest(b, s, i)
	}
}

// scaleHistory gives s n commands: the mover's moves, a new round when
// its AP runs out, and every fifth a map edit.
func scaleHistory(b *testing.B, s *Session, sf *scaleFightSetup, n int) {
	b.Helper()
	st := s.State()
	moves := 0
	for i := 0; s.LastSeq() < n; i++ {
		if i%5 == 4 {
			sf.do(b, s, sf.edit(st, i/5))
			continue
		}
		sf.moveOrRest(b, s, moves)
		moves++
	}
}

func benchScaleUndo(b *testing.B, sf *scaleFightSetup) {
	s := openScale(b, sf)
	scaleHistory(b, s, sf, 100)
	st := s.State()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		sf.do(b, s, sf.edit(st, 1)) // the Edit hex bare
		b.StartTimer()
		sf.do(b, s, Command{Kind: CommandUndo})
	}
}

// scaleJournal is the path of a copy, in the benchmark's temporary
// folder, of the journal of sf's fight with 2,000 events (the history of
// scaleHistory), made once a run for each case.
func scaleJournal(b *testing.B, sf *scaleFightSetup, c scaleCase) string {
	b.Helper()
	scaleCache.mu.Lock()
	data, ok := scaleCache.journals[c]
	scaleCache.mu.Unlock()
	if !ok {
		s := openScale(b, sf)
		t0 := time.Now()
		scaleHistory(b, s, sf, 2000)
		b.Logf("%s: 2,000 events made in %v", sf.Fight.Name, time.Since(t0).Round(time.Millisecond))
		path := s.JournalPath()
		s.Close()
		var err error
		if data, err = os.ReadFile(path); err != nil {
			b.Fatal(err)
		}
		scaleCache.mu.Lock()
		if scaleCache.journals == nil {
			scaleCache.journals = map[scaleCase][]byte{}
		}
		scaleCache.journals[c] = data
		scaleCache.mu.Unlock()
	}
	path := filepath.Join(b.TempDir(), "scale2000.journal.jsonl")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

// benchScaleTimelineOpen opens the 2,000-event journal's timeline as
// the console and the exporter do (OpenTimeline); MB-heap is what the
// open timeline holds.
func benchScaleTimelineOpen(b *testing.B, sf *scaleFightSetup) {
	path := scaleJournal(b, sf, sf.key)
	var m0, m1 runtime.MemStats
	var tl *Timeline
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		tl = nil
		runtime.GC()
		runtime.ReadMemStats(&m0)
		b.StartTimer()
		var err error
		if tl, err = OpenTimeline(path); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	runtime.GC()
	runtime.ReadMemStats(&m1)
	b.ReportMetric(float64(int64(m1.HeapAlloc)-int64(m0.HeapAlloc))/(1<<20), "MB-heap")
	b.ReportMetric(float64(tl.Len()), "events")
	runtime.KeepAlive(tl)
}

// benchScaleScrub steps the 2,000-event timeline one event on from its
// middle: the moment there as JSON, what goes to the map window.
func benchScaleScrub(b *testing.B, sf *scaleFightSetup) {
	tl, err := OpenTimeline(scaleJournal(b, sf, sf.key))
	if err != nil {
		b.Fatal(err)
	}
	at := tl.Len() / 2
	if _, err := tl.Moment(at); err != nil {
		b.Fatal(err)
	}
	bytes := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		at++
		if at >= tl.Len() {
			at = 1
		}
		m, err := tl.Moment(at)
		if err != nil {
			b.Fatal(err)
		}
		data, err := json.Marshal(m)
		if err != nil {
			b.Fatal(err)
		}
		bytes += len(data)
	}
	b.ReportMetric(float64(bytes)/float64(b.N)/(1<<20), "MB-sent/op")
}

func benchScaleReachAfterEdit(b *testing.B, sf *scaleFightSetup) {
	s := openScale(b, sf)
	st := s.State()
	if _, err := st.Reach(sf.Mover, false); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		for _, e := range sf.do(b, s, sf.edit(st, i)) {
			if err := st.Apply(e); err != nil {
				b.Fatal(err)
			}
		}
		b.StartTimer()
		if a, err := st.Reach(sf.Mover, false); err != nil || len(a.Costs) == 0 {
			b.Fatalf("reach: %v, %d hexes", err, len(a.Costs))
		}
	}
}

func benchScaleReachSteady(b *testing.B, sf *scaleFightSetup) {
	s := openScale(b, sf)
	st := s.State()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if a, err := st.Reach(sf.Mover, false); err != nil || len(a.Costs) == 0 {
			b.Fatalf("reach: %v, %d hexes", err, len(a.Costs))
		}
	}
}

func benchScaleOpen(b *testing.B, sf *scaleFightSetup) {
	dir := b.TempDir()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := Open(sf.Fight, filepath.Join(dir, fmt.Sprintf("open%d.journal.jsonl", i)))
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		s.Close()
		b.StartTimer()
	}
}
