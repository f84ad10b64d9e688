package session

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"hexslinger/app/internal/bigfight"
	"hexslinger/hexmap"
)

// The scale benchmarks (issue 38, "Benchmarks at scale"): what one change
// costs on 64², 256² and 1024² maps with 4, 50 and 500 figures, fog on.
// Each is BenchmarkScale/<measure>/<n>x<n>-<figures>; the 1024² fight of
// 500 figures is skipped under -short. `make bench-scale` runs every case
// once (the Makefile and README say how to narrow a run).

// scaleSizes and scaleFigures are the scale benchmarks' map sides and
// numbers of figures.
var scaleSizes, scaleFigures = bigfight.Sizes, bigfight.Figures

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

// scaleFightSetup is a generated big fight (bigfight.Generate) as a
// fight file, and the places its benchmarks act on.
type scaleFightSetup struct {
	key  scaleCase
	File *FightFile
	*bigfight.Fight
}

// scaleFight is bigfight's n×n fight of figs figures as a TWTW fight
// (the demo's rules and characters), fog on, rolls seeded.
func scaleFight(tb testing.TB, n, figs int) *scaleFightSetup {
	tb.Helper()
	f := demo(tb)
	g, err := bigfight.Generate(n, figs, len(f.Characters))
	if err != nil {
		tb.Fatal(err)
	}
	f.Name = fmt.Sprintf("scale %dx%d, %d figures", n, n, figs)
	f.Map = g.Map.File()
	f.Fog = nil
	f.Options.NoFog = false
	f.Options.Seed = new(uint64(38))
	f.Figures = nil
	for _, x := range g.Figures {
		f.Figures = append(f.Figures, FigureSpec{ID: x.ID, Character: f.Characters[x.Character].ID, Side: x.Side, At: g.Map.Label(x.At), Facing: x.Facing})
	}
	return &scaleFightSetup{key: scaleCase{n, figs}, File: f, Fight: g}
}

// openScale opens sf's fight in a session with a journal in the
// benchmark's temporary folder, closed when it ends.
func openScale(b *testing.B, sf *scaleFightSetup) *Session {
	b.Helper()
	s, err := Open(sf.File, filepath.Join(b.TempDir(), "scale.journal.jsonl"))
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
// with fog on; an undo of an edit after 100 events (scaleHistory's); opening a
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

// The benchmarks below warm up first (a command or query of each kind
// made off the clock): what is built lazily once, such as the map's step
// table, is not the change's cost.

func benchScaleEdit(b *testing.B, sf *scaleFightSetup) {
	s := openScale(b, sf)
	st := s.State()
	sf.do(b, s, sf.edit(st, 0))
	sf.do(b, s, sf.edit(st, 1))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sf.do(b, s, sf.edit(st, i))
	}
}

// door is the Judge's door command i: open (even i) or close.
func (sf *scaleFightSetup) door(i int) Command {
	return Command{Kind: CommandDoor, To: &sf.Door, Side: int(sf.DoorSide), Open: i%2 == 0}
}

func benchScaleDoor(b *testing.B, sf *scaleFightSetup) {
	s := openScale(b, sf)
	sf.do(b, s, sf.door(0))
	sf.do(b, s, sf.door(1))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sf.do(b, s, sf.door(i))
	}
}

func benchScaleMove(b *testing.B, sf *scaleFightSetup) {
	s := openScale(b, sf)
	sf.moveOrRest(b, s, 0)
	sf.moveOrRest(b, s, 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sf.moveOrRest(b, s, i)
	}
}

// scaleHistory gives s commands until it has n events: the mover's
// moves (with the new rounds and segments that ready it), and of every 25
// commands one map edit and one door opened or closed.
func scaleHistory(b *testing.B, s *Session, sf *scaleFightSetup, n int) {
	b.Helper()
	st := s.State()
	moves := 0
	for i := 0; s.LastSeq() < n; i++ {
		switch i % 25 {
		case 12:
			sf.do(b, s, sf.edit(st, i/25))
		case 24:
			sf.do(b, s, sf.door(i/25))
		default:
			sf.moveOrRest(b, s, moves)
			moves++
		}
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
		b.Logf("%s: 2,000 events made in %v", sf.File.Name, time.Since(t0).Round(time.Millisecond))
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
	// A step as a window sees it, end to end: the console's moment, what
	// the connection is sent of it (a delta on the moment before: Send),
	// as JSON, and the window reading it and laying it over the fight it
	// shows (Onto).
	var prev, shown *Moment
	var st *State
	step := func(at int) int {
		m, err := tl.Moment(at)
		if err != nil {
			b.Fatal(err)
		}
		sent, err := m.Send(prev, shown.markOf())
		if err != nil {
			b.Fatal(err)
		}
		data, err := json.Marshal(sent)
		if err != nil {
			b.Fatal(err)
		}
		var got Moment
		if err := json.Unmarshal(data, &got); err != nil {
			b.Fatal(err)
		}
		if got.Base == 0 {
			st, err = got.Fight.State()
		} else {
			st, err = got.Onto(shown, st)
		}
		if err != nil {
			b.Fatal(err)
		}
		prev, shown = m, &got
		return len(data)
	}
	at := tl.Len() / 2
	step(at)
	bytes := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		at++
		if at >= tl.Len() {
			at = 1
		}
		bytes += step(at)
	}
	b.ReportMetric(float64(bytes)/float64(b.N)/(1<<20), "MB-sent/op")
}

// markOf is m's mark, 0 for none.
func (m *Moment) markOf() int {
	if m == nil {
		return 0
	}
	return m.Mark
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
	if _, err := st.Reach(sf.Mover, false); err != nil {
		b.Fatal(err)
	}
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
		s, err := Open(sf.File, filepath.Join(dir, fmt.Sprintf("open%d.journal.jsonl", i)))
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		s.Close()
		b.StartTimer()
	}
}
