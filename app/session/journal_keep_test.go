package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// heapSampler follows the live heap while something runs: the peak of
// what each collection found reachable, above the heap when it started.
// The collector runs at GOGC=10 meanwhile, so that collections come often
// and the peak is what the work holds, not how far garbage grew before
// the collector got round to it: the heap's bytes in objects, garbage
// included, overshot 3× on a machine busy with other work (the collector
// starved of CPU), where the live heap did not.
type heapSampler struct {
	base, peak uint64
	gogc       int
	stop       chan struct{}
	done       sync.WaitGroup
}

// heapObjects is the heap's bytes in objects, garbage not yet collected
// included: after runtime.GC, what is held.
func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// heapLive is the heap the last collection found reachable.
func heapLive() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func startHeapSampler() *heapSampler {
	gogc := debug.SetGCPercent(10)
	runtime.GC()
	h := &heapSampler{base: heapLive(), gogc: gogc, stop: make(chan struct{})}
	h.peak = h.base
	h.done.Add(1)
	go func() {
		defer h.done.Done()
		t := time.NewTicker(200 * time.Microsecond)
		defer t.Stop()
		for {
			h.peak = max(h.peak, heapLive())
			select {
			case <-h.stop:
				return
			case <-t.C:
			}
		}
	}()
	return h
}

// end stops the sampler and returns the peak above the start and what
// is still held after a collection, above the start.
func (h *heapSampler) end() (peak, retained int64) {
	close(h.stop)
	h.done.Wait()
	runtime.GC() // what the work holds at its end counts as well
	h.peak = max(h.peak, heapLive())
	debug.SetGCPercent(h.gogc)
	runtime.GC()
	return int64(h.peak - h.base), int64(heapLive()) - int64(h.base)
}

// alone runs the test in a process of its own, whose heap holds nothing
// of the tests before it: it reports true in that process (do the work
// there), false in the one that started it, which has relayed its
// outcome.
func alone(t *testing.T) bool {
	t.Helper()
	if os.Getenv("HEXSLINGER_ALONE") == t.Name() {
		return true
	}
	args := []string{"-test.run=^" + t.Name() + "$", "-test.count=1", "-test.v"}
	if testing.Short() {
		args = append(args, "-test.short")
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "HEXSLINGER_ALONE="+t.Name())
	out, err := cmd.CombinedOutput()
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.HasPrefix(line, "    ") {
			t.Log(strings.TrimSpace(line))
		}
	}
	if err != nil {
		t.Fatalf("in a process of its own: %v\n%s", err, out)
	}
	return false
}

// TestAJournalOpensInThreeTimesItsSize: a long fight's journal opens
// holding at most three times its size at the peak, and keeps no more
// than the recent events and the state once open (the session
// checkpoints: the journal keeps the rest).
func TestAJournalOpensInThreeTimesItsSize(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 4 MiB journal")
	}
	if !alone(t) {
		return
	}
	path := filepath.Join(t.TempDir(), "long.journal.jsonl")
	writeBigJournal(t, path, 4<<20, 2)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	size := fi.Size()
	h := startHeapSampler()
	s, err := Open(demo(t), path)
	peak, retained := h.end()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	t.Logf("journal %d bytes: peak %d bytes (%.2f×), retained %d bytes (%.2f×)", size, peak, float64(peak)/float64(size), retained, float64(retained)/float64(size))
	if peak > 3*size {
		t.Errorf("opening a %d-byte journal took %d bytes at the peak (%.1f×), want at most 3×", size, peak, float64(peak)/float64(size))
	}
	if retained > size/2 {
		t.Errorf("an open %d-byte journal holds %d bytes (%.1f×), want at most half its size", size, retained, float64(retained)/float64(size))
	}
	runtime.KeepAlive(s)
}

// BenchmarkOpenJournal opens a 4 MiB journal of a long demo fight
// (random commands, undos and redos): MB/s is the journal read a second;
// peak-B/B the heap at the peak for each byte of journal.
func BenchmarkOpenJournal(b *testing.B) {
	dir := b.TempDir()
	src := filepath.Join(dir, "src.journal.jsonl")
	writeBigJournal(b, src, 4<<20, 3)
	data, err := os.ReadFile(src)
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(dir, "open.journal.jsonl")
	b.SetBytes(int64(len(data)))
	var worst int64
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		if err := os.WriteFile(path, data, 0o644); err != nil {
			b.Fatal(err)
		}
		h := startHeapSampler()
		b.StartTimer()
		s, err := Open(demo(b), path)
		b.StopTimer()
		peak, _ := h.end()
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
		worst = max(worst, peak)
		b.StartTimer()
	}
	b.ReportMetric(float64(worst)/float64(len(data)), "peak-B/B")
}

// damagedCases are journals whose last line is not a whole event: the
// seed journal (whole lines) followed by a damaged tail.
func damagedCases(tb testing.TB) (seed []byte, cases []struct {
	name string
	tail string
	torn bool
}) {
	seed = openFuzzSeed(tb)
	cases = []struct {
		name string
		tail string
		torn bool
	}{
		{"a complete line that is not JSON", "this is not an event\n", false},
		{"a complete line that does not fit an event", `{"seq":"four","kind":"moved"}` + "\n", false},
		{"an empty last line", "\n", false},
		{"a torn line (a write a crash cut off)", `{"seq":4,"kind":"mov`, true},
		{"a torn line after a whole one's newline", `{`, true},
	}
	return seed, cases
}

// TestADamagedLastLineIsNeverCutSilently: a journal whose last line is
// damaged (whole but not an event, or torn by a crash) is refused as it
// is, the file untouched, with what is wrong and where; setting the
// line aside keeps it in a file beside the journal (what is kept and what
// is set aside are the file), and the fight then opens without it.
func TestADamagedLastLineIsNeverCutSilently(t *testing.T) {
	seed, cases := damagedCases(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { offeredAndSetAside(t, seed, tc.tail, tc.torn, "") })
	}
}

// TestALastLineTheFightCannotTakeIsOffered: a whole last line that
// decodes but is no event the fight can take (a kind garbled by one byte,
// null, {}, a seq that does not rise, an event the state refuses) is
// offered as damaged, as a line that does not decode is: the fight
// opens without it when the Judge says so, never refused outright.
func TestALastLineTheFightCannotTakeIsOffered(t *testing.T) {
	seed := openFuzzSeed(t)
	for _, tc := range []struct{ name, tail, reason string }{
		{"a kind garbled", `{"seq":4,"kind":"mowed","figure":"cyril"}` + "\n", `unknown kind "mowed"`},
		{"null", "null\n", "seq 0 after seq 3"},
		{"an empty object", "{}\n", "seq 0 after seq 3"},
		{"a seq gone back", `{"seq":1,"cmd":3,"kind":"turned","figure":"cyril","facing":1}` + "\n", "seq 1 after seq 3"},
		{"a seq repeated", `{"seq":3,"cmd":3,"kind":"turned","figure":"cyril","facing":1}` + "\n", "seq 3 after seq 3"},
		{"an event for no figure", `{"seq":4,"cmd":3,"kind":"turned","figure":"nobody","facing":1}` + "\n", "nobody"},
		{"a kind garbled, no newline", `{"seq":4,"kind":"mowed","figure":"cyril"}`, `unknown kind "mowed"`},
	} {
		t.Run(tc.name, func(t *testing.T) { offeredAndSetAside(t, seed, tc.tail, false, tc.reason) })
	}
	t.Run("an undo that leaves a line before it unfit", func(t *testing.T) {
		// Zeke is taken off and put back (command 2), then turns; an undo
		// of command 2 alone, as no session writes it, leaves the turn
		// with no Zeke to turn.
		s := open(t)
		path := s.JournalPath()
		mustDo(t, s, Command{Kind: CommandRemoveFigure, Figure: "zeke"})
		mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "zeke", Character: "zeke", Side: "outlaws", At: "U8", Facing: "W"}}})
		mustDo(t, s, Command{Kind: CommandTurn, Figure: "zeke", Turn: 1})
		s.Close()
		seed, _ := os.ReadFile(path)
		tail := `{"seq":5,"kind":"undone","target":2,"text":"The Judge takes back the placing."}` + "\n"
		os.WriteFile(path, append(bytes.Clone(seed), tail...), 0o644)
		_, err := Open(demo(t), path)
		var d *DamagedJournal
		if !errors.As(err, &d) || d.Line != 5 || d.Offset != int64(len(seed)) || !strings.Contains(d.Reason, "line 4") {
			t.Fatalf("Open: %v, want line 5 offered as damaged, naming line 4 it leaves unfit", err)
		}
	})
	t.Run("the only line, not an opening", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "fight.journal.jsonl")
		data := []byte(`{"seq":1,"kind":"turned","figure":"cyril","facing":1}` + "\n")
		os.WriteFile(path, data, 0o644)
		_, err := Open(demo(t), path)
		var d *DamagedJournal
		if !errors.As(err, &d) || d.Line != 1 || d.Offset != 0 {
			t.Fatalf("Open: %v, want line 1 offered as damaged", err)
		}
	})
}

// offeredAndSetAside checks that the journal seed+tail is refused with a
// *DamagedJournal for its last line (torn as said; its reason holding
// reason), left as it is, and that once the line is set aside the fight
// opens with seed's events and numbers on from them.
func offeredAndSetAside(t *testing.T, seed []byte, tail string, torn bool, reason string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "fight.journal.jsonl")
	data := append(bytes.Clone(seed), tail...)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Open(demo(t), path)
	var d *DamagedJournal
	if !errors.As(err, &d) {
		t.Fatalf("Open of a journal ending in %q: %v, want a *DamagedJournal", tail, err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
		t.Fatalf("refusing the journal changed it:\n%q\nwant\n%q", after, data)
	}
	wantLine := bytes.Count(seed, []byte("\n")) + 1
	if d.Line != wantLine || d.Offset != int64(len(seed)) || d.Size != int64(len(data)) || d.Torn != torn {
		t.Errorf("damage: line %d at %d of %d, torn %v; want line %d at %d of %d, torn %v", d.Line, d.Offset, d.Size, d.Torn, wantLine, len(seed), len(data), torn)
	}
	if msg := d.Error(); !strings.Contains(msg, path) || !strings.Contains(msg, "line "+strconv.Itoa(wantLine)) || !strings.Contains(msg, reason) {
		t.Errorf("the message %q does not name the file, the line and %q", msg, reason)
	}
	aside, err := SetAside(d)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(aside) != dir || !strings.HasPrefix(filepath.Base(aside), "fight.journal.jsonl.damaged-") {
		t.Errorf("set aside to %s, want fight.journal.jsonl.damaged-TIME beside the journal", aside)
	}
	kept, _ := os.ReadFile(path)
	set, _ := os.ReadFile(aside)
	if !bytes.Equal(append(bytes.Clone(kept), set...), data) {
		t.Fatalf("what is kept (%q) and what is set aside (%q) are not the file", kept, set)
	}
	s, err := Open(demo(t), path)
	if err != nil {
		t.Fatalf("the journal without its damaged line: %v", err)
	}
	defer s.Close()
	if got := s.LastSeq(); got != 3 {
		t.Errorf("reopened at seq %d, want 3 (the seed's events)", got)
	}
	if ev, err := s.Do(Command{Kind: CommandNewRound}); err != nil || ev[0].Seq != 4 {
		t.Fatalf("after setting the line aside: %v %v", ev, err)
	}
}

// TestSetAsideRefusesAJournalThatChanged: the damage found is set aside
// only from the file it was found in: a journal that changed since is
// refused, and left as it is.
func TestSetAsideRefusesAJournalThatChanged(t *testing.T) {
	seed, _ := damagedCases(t)
	path := filepath.Join(t.TempDir(), "fight.journal.jsonl")
	data := append(bytes.Clone(seed), "garbage\n"...)
	os.WriteFile(path, data, 0o644)
	_, err := Open(demo(t), path)
	var d *DamagedJournal
	if !errors.As(err, &d) {
		t.Fatalf("Open: %v", err)
	}
	changed := append(bytes.Clone(data), "more\n"...)
	os.WriteFile(path, changed, 0o644)
	if aside, err := SetAside(d); err == nil {
		t.Fatalf("set aside to %s from a journal that changed", aside)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, changed) {
		t.Errorf("the changed journal was changed again")
	}
}

// TestABadLineInTheMiddleIsAnError: only the last line may be set aside;
// a bad line with events after it (not JSON, no event the fight can take,
// a seq that does not rise) is an error naming it, the file left as it
// is.
func TestABadLineInTheMiddleIsAnError(t *testing.T) {
	seed := openFuzzSeed(t)
	lines := bytes.SplitAfter(seed, []byte("\n"))
	for _, tc := range []struct{ name, line string }{
		{"not JSON", "garbage\n"},
		{"a kind garbled", `{"seq":2,"kind":"mowed","figure":"cyril"}` + "\n"},
		{"null", "null\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// In place of line 2.
			data := bytes.Join([][]byte{lines[0], []byte(tc.line), lines[2]}, nil)
			notOffered(t, data, "line 2")
		})
	}
}

// TestEachLinesSeqRises: a journal's seqs rise line by line; one that
// goes back or repeats, with lines after it, is an error naming its line
// (the session would number its next events with seqs the journal has),
// and as the last line it is offered as damaged
// (TestALastLineTheFightCannotTakeIsOffered).
func TestEachLinesSeqRises(t *testing.T) {
	seed := openFuzzSeed(t)
	lines := bytes.SplitAfter(seed, []byte("\n"))
	for _, tc := range []struct{ name, from, to string }{
		{"a seq gone back", `"seq":3`, `"seq":1`},
		{"a seq repeated", `"seq":3`, `"seq":2`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			third := bytes.Replace(lines[2], []byte(tc.from), []byte(tc.to), 1)
			if bytes.Equal(third, lines[2]) {
				t.Fatalf("line 3 has no %s", tc.from)
			}
			more := `{"seq":4,"cmd":3,"kind":"turned","figure":"cyril","facing":1,"text":"?"}` + "\n"
			data := bytes.Join([][]byte{lines[0], lines[1], third, []byte(more)}, nil)
			notOffered(t, data, "line 3")
		})
	}
}

// notOffered checks that the journal data is refused with an error
// naming want, not offered as a damaged last line, and left as it is.
func notOffered(t *testing.T, data []byte, want string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "fight.journal.jsonl")
	os.WriteFile(path, data, 0o644)
	s, err := Open(demo(t), path)
	if err == nil {
		s.Close()
	}
	var d *DamagedJournal
	if err == nil || errors.As(err, &d) || !strings.Contains(err.Error(), want) {
		t.Fatalf("Open: %v, want an error naming %s and no offer to set it aside", err, want)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
		t.Errorf("the file changed")
	}
}

// TestATimelineHoldsLessThanItsJournal: the timeline of a long fight's
// journal holds where each event is, its undos and ticks, a few hundred
// checkpoints and the last few hundred events, not every event: at most
// three times the journal's size at the peak, and about its size once
// read (a shorter share of a longer journal: the checkpoints hold a
// quarter of it, the recent events a fixed number).
func TestATimelineHoldsLessThanItsJournal(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 4 MiB journal")
	}
	if !alone(t) {
		return
	}
	path := filepath.Join(t.TempDir(), "long.journal.jsonl")
	writeBigJournal(t, path, 4<<20, 4)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	size := fi.Size()
	h := startHeapSampler()
	tl, err := OpenTimeline(path)
	peak, retained := h.end()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("journal %d bytes, %d events: peak %d bytes (%.2f×), retained %d bytes (%.2f×)", size, tl.Len(), peak, float64(peak)/float64(size), retained, float64(retained)/float64(size))
	if peak > 3*size {
		t.Errorf("reading the timeline of a %d-byte journal took %d bytes at the peak (%.1f×), want at most 3×", size, peak, float64(peak)/float64(size))
	}
	if retained > size*3/2 {
		t.Errorf("the timeline of a %d-byte journal holds %d bytes (%.1f×), want at most 1.5×", size, retained, float64(retained)/float64(size))
	}
	// Any event still shows, the first and the last among them.
	for _, i := range []int{0, 1, tl.Len() / 3, tl.Len() / 2, tl.Len() - 1} {
		if _, err := tl.StateAt(i); err != nil {
			t.Errorf("event %d: %v", i, err)
		}
	}
	runtime.KeepAlive(tl)
}

// TestTheSessionsTimelineGrowsWithTheFight: the timeline a live session
// made, grown as the fight goes on (undos included, and a journal whose
// last line had no newline), is the timeline of its journal read afresh.
func TestTheSessionsTimelineGrowsWithTheFight(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fight.journal.jsonl")
	// A journal whose last line has no newline: the session ends it.
	os.WriteFile(path, bytes.TrimSuffix(openFuzzSeed(t), []byte("\n")), 0o644)
	s, err := Open(demo(t), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	for round := range 6 {
		playRandom(t, s, uint64(round), s.LastSeq()+150, nil)
		if err := s.GrowTimeline(tl); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
	}
	fresh, err := OpenTimeline(path)
	if err != nil {
		t.Fatal(err)
	}
	if tl.Len() != fresh.Len() || tl.Len() != s.LastSeq() {
		t.Fatalf("the grown timeline has %d events, read afresh %d, the session's last seq %d", tl.Len(), fresh.Len(), s.LastSeq())
	}
	for i := 0; i < tl.Len(); i += 7 {
		a, err := tl.StateAt(i)
		if err != nil {
			t.Fatalf("event %d: %v", i, err)
		}
		b, err := fresh.StateAt(i)
		if err != nil {
			t.Fatalf("event %d read afresh: %v", i, err)
		}
		if ka, kb := timelineKey(t, a), timelineKey(t, b); ka != kb {
			t.Fatalf("event %d: the grown timeline differs from the one read afresh:\n%s", i, firstDiff(ka, kb))
		}
	}
	if last, _ := tl.StateAt(tl.Len() - 1); stateKey(t, last) != stateKey(t, s.State()) {
		t.Errorf("the timeline's last event is not the live fight")
	}
}

// TestAnUndoSpelledInEscapesIsStillAnUndo: a journal read as a stream
// knows every undo before it folds the events an undo leaves out, however
// the line spells it: an undo of an old command (long folded into the
// session's checkpoint) written with its kind in \u escapes reopens to
// the state Replay of every event gives.
func TestAnUndoSpelledInEscapesIsStillAnUndo(t *testing.T) {
	s := open(t)
	// Cyril moves (command 1); then Zeke turns, round after round, until
	// the move is long folded into the session's checkpoint.
	to := hexAt(t, s, "E8")
	mustDo(t, s, Command{Kind: CommandMove, Figure: "cyril", To: &to})
	for s.LastSeq() < 3*RecentEvents {
		if _, err := s.Do(Command{Kind: CommandTurn, Figure: "zeke", Turn: 1}); err != nil {
			mustDo(t, s, Command{Kind: CommandNewRound})
		}
	}
	path := s.JournalPath()
	s.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	events := readAll(t, path)
	target := 1
	last := events[len(events)-1]
	for _, tc := range []struct{ name, kind string }{
		{"plain", `"undone"`},
		{"escaped", `"\u0075\u006e\u0064\u006f\u006e\u0065"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			line := fmt.Sprintf(`{"seq":%d,"target":%d,"kind":%s,"time":"2026-01-01T00:00:00Z","to":{"q":0,"r":0},"facing":0,"text":"The Judge takes back an old move."}`+"\n", last.Seq+1, target, tc.kind)
			p := filepath.Join(t.TempDir(), "undo.journal.jsonl")
			if err := os.WriteFile(p, append(bytes.Clone(data), line...), 0o644); err != nil {
				t.Fatal(err)
			}
			all := readAll(t, p)
			if k := all[len(all)-1].Kind; k != EventUndone {
				t.Fatalf("the last line reads as %q", k)
			}
			want, err := Replay(all)
			if err != nil {
				t.Fatal(err)
			}
			s, err := Open(demo(t), p)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if g, w := stateKey(t, s.State()), stateKey(t, want); g != w {
				t.Errorf("the reopened fight is not the replay of its events:\n%s", firstDiff(g, w))
			}
			if at := s.State().Figures["cyril"].At; at == to {
				t.Errorf("Cyril is still at E8: the move was not taken back")
			}
		})
	}
}

// TestOpenTellsItsProgress: a journal opened with a Progress is told how
// far it has read, never backwards, up to the whole.
func TestOpenTellsItsProgress(t *testing.T) {
	s := open(t)
	playRandom(t, s, 9, 600, nil)
	path := s.JournalPath()
	s.Close()
	var told []float64
	s2, err := OpenWith(demo(t), path, OpenOptions{Progress: func(v float64) { told = append(told, v) }})
	if err != nil {
		t.Fatal(err)
	}
	s2.Close()
	if len(told) == 0 || told[len(told)-1] != 1 {
		t.Fatalf("progress told %v, want it to end at 1", told)
	}
	for i := 1; i < len(told); i++ {
		if told[i] < told[i-1] || told[i] < 0 || told[i] > 1 {
			t.Fatalf("progress told %v: not from 0 to 1 in order", told)
		}
	}
}

// TestJournalTailReadsTheLastEvent: the last whole event and the damage
// after it, from the journal's end alone, the file left as it is.
func TestJournalTailReadsTheLastEvent(t *testing.T) {
	seed := openFuzzSeed(t)
	for _, tc := range []struct {
		name     string
		data     string
		wantSeq  int
		wantDmg  bool
		wantFail bool
	}{
		{"whole", string(seed), 3, false, false},
		{"no newline at the end", strings.TrimSuffix(string(seed), "\n"), 3, false, false},
		{"torn", string(seed) + `{"seq":4,"ki`, 3, true, false},
		{"a whole line that is not an event", string(seed) + "nope\n", 3, true, false},
		{"empty", "", 0, false, false},
		{"only a torn line", `{"seq":1,"ki`, 0, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "j.journal.jsonl")
			os.WriteFile(path, []byte(tc.data), 0o644)
			last, d, err := JournalTail(path)
			if (err != nil) != tc.wantFail {
				t.Fatalf("JournalTail: %v", err)
			}
			if last.Seq != tc.wantSeq || (d != nil) != tc.wantDmg {
				t.Errorf("last seq %d, damage %v; want %d, %v", last.Seq, d, tc.wantSeq, tc.wantDmg)
			}
			if after, _ := os.ReadFile(path); string(after) != tc.data {
				t.Errorf("the file changed")
			}
		})
	}
}

// readJournal decodes every event of r, a journal's bytes, as they are,
// holding them all: for tests (a session streams its journal). A damaged
// last line is left out; the offset returned is where it starts, or the
// end.
func readJournal(r io.Reader) ([]Event, int64, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, 0, err
	}
	ra := bytes.NewReader(data)
	size := int64(len(data))
	d, _, err := checkTail(ra, size)
	if err != nil {
		return nil, 0, err
	}
	if d != nil {
		size = d.Offset
	}
	var events []Event
	sc := newLineScanner(ra, size)
	for {
		line, _, err := sc.next()
		if err == io.EOF {
			return events, size, nil
		}
		if err != nil {
			return nil, 0, err
		}
		var e Event
		if err := json.Unmarshal(line, &e); err != nil {
			return nil, 0, fmt.Errorf("line %d: %v", sc.n, err)
		}
		events = append(events, e)
	}
}

// TestADamageFoundInACopyIsFoundInItsSource: the damaged last line found
// in a copy of a journal (the same lines, a newline added to the last)
// is the same line of the journal copied, set aside from there; a source
// whose last line is another is refused.
func TestADamageFoundInACopyIsFoundInItsSource(t *testing.T) {
	seed := openFuzzSeed(t)
	line := `{"seq":4,"kind":"mowed","figure":"cyril"}`
	for _, tc := range []struct {
		name, src string
		ok        bool
	}{
		{"the same lines", string(seed) + line + "\n", true},
		{"the last without its newline", string(seed) + line, true},
		{"another last line", string(seed) + `{"seq":4,"kind":"mowee","figure":"cyril"}` + "\n", false},
		{"a line more", string(seed) + line + "\n" + line + "\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			src, cp := filepath.Join(dir, "src.journal.jsonl"), filepath.Join(dir, "copy.journal.jsonl")
			os.WriteFile(src, []byte(tc.src), 0o644)
			os.WriteFile(cp, append(bytes.Clone(seed), line+"\n"...), 0o644)
			_, err := Open(demo(t), cp)
			var d *DamagedJournal
			if !errors.As(err, &d) {
				t.Fatalf("the copy: %v, want a *DamagedJournal", err)
			}
			in, err := d.In(src)
			if !tc.ok {
				if err == nil {
					t.Fatalf("found line %d at %d in a source whose last line is another", in.Line, in.Offset)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if in.Path != src || in.Line != 4 || in.Offset != int64(len(seed)) || in.Size != int64(len(tc.src)) {
				t.Errorf("found %+v in the source, want line 4 at %d of %d", in, len(seed), len(tc.src))
			}
			aside, err := SetAside(in)
			if err != nil {
				t.Fatal(err)
			}
			kept, _ := os.ReadFile(src)
			set, _ := os.ReadFile(aside)
			if string(kept)+string(set) != tc.src || !bytes.Equal(kept, seed) {
				t.Errorf("kept %q and set aside %q: not the source", kept, set)
			}
		})
	}
}
