package session

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// playRandom plays random commands of every kind (randomCommand) as the
// Judge in s until its journal holds at least n events, with now and then
// a run of undos taken back by redos, some left undone. after is called
// with the fight's last seq and state after each command carried out.
func playRandom(t testing.TB, s *Session, seed uint64, n int, after func(seq int, st *State)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 24))
	do := func(c Command) {
		if _, err := s.Do(c); err != nil {
			var ref *Refusal
			if !errors.As(err, &ref) {
				t.Fatalf("%+v: %v", c, err)
			}
			return
		}
		if after != nil {
			after(s.LastSeq(), s.State())
		}
	}
	for tries := 0; s.LastSeq() < n; tries++ {
		if tries > 100*n {
			t.Fatalf("only %d events after %d commands", s.LastSeq(), tries)
		}
		if rng.IntN(40) == 0 { // the Judge takes back a few commands, and puts some back
			back := 1 + rng.IntN(6)
			for range back {
				do(Command{Kind: CommandUndo})
			}
			for range rng.IntN(back + 1) {
				do(Command{Kind: CommandRedo})
			}
			continue
		}
		do(randomCommand(rng, s.State(), true))
	}
}

// timelineKey is the whole of a state as stateKey has it, and its log.
func timelineKey(t testing.TB, st *State) string {
	t.Helper()
	seqs := make([]string, len(st.Log))
	for i, e := range st.Log {
		seqs[i] = fmt.Sprint(e.Seq)
	}
	return stateKey(t, st) + "\nlog " + strings.Join(seqs, ",")
}

// TestTheStateAtEveryEventIsTheReplayToIt: for a few hundred events of
// each bundled fight (every system), undos and redos among them, the
// timeline's state at every event is Replay of the events up to it, and
// at every command's last event the state the live session had then.
func TestTheStateAtEveryEventIsTheReplayToIt(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 120
	}
	for _, name := range bundledNames() {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "fight.journal.jsonl")
			s, err := Open(bundledFight(t, name), path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			live := map[int]string{} // by seq
			playRandom(t, s, 7, n, func(seq int, st *State) { live[seq] = stateKey(t, st) })
			events := readAll(t, path)
			undos := slices.ContainsFunc(events, func(e Event) bool { return e.Kind == EventUndone })
			redos := slices.ContainsFunc(events, func(e Event) bool { return e.Kind == EventRedone })
			if !undos || !redos {
				t.Fatalf("the fight has no undo (%v) or no redo (%v)", undos, redos)
			}
			fromFile, err := OpenTimeline(path)
			if err != nil {
				t.Fatal(err)
			}
			fromSession, err := s.Timeline()
			if err != nil {
				t.Fatal(err)
			}
			for _, tl := range []*Timeline{fromFile, fromSession} {
				if tl.Len() != len(events) {
					t.Fatalf("the timeline has %d events, the journal %d", tl.Len(), len(events))
				}
			}
			for i := range events {
				want, err := Replay(events[:i+1])
				if err != nil {
					t.Fatal(err)
				}
				got, err := fromFile.StateAt(i)
				if err != nil {
					t.Fatalf("event %d: %v", i, err)
				}
				// The timeline's state keeps the log a live session's does:
				// the events applied among the last keepEvents.
				if i >= keepEvents {
					cut := events[i-keepEvents].Seq
					want.Log = slices.DeleteFunc(want.Log, func(e Event) bool { return e.Seq <= cut })
				}
				g, w := timelineKey(t, got), timelineKey(t, want)
				if g != w {
					t.Fatalf("event %d (seq %d, %s): the state differs from the replay to it:\n%s", i, events[i].Seq, events[i].Kind, firstDiff(g, w))
				}
				if l, ok := live[events[i].Seq]; ok && stateKey(t, got) != l {
					t.Fatalf("event %d (seq %d): the state differs from the live session's then", i, events[i].Seq)
				}
				if other, _ := fromSession.StateAt(i); timelineKey(t, other) != g {
					t.Fatalf("event %d: the session's timeline differs from the file's", i)
				}
			}
		})
	}
}

// readAll reads a journal's events without opening it for writing.
func readAll(t testing.TB, path string) []Event {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	events, _, err := readJournal(f)
	if err != nil {
		t.Fatal(err)
	}
	return events
}

// TestTheStateAtAnEventIsTheFightsOwn: a state from the timeline may be
// changed without changing the timeline.
func TestTheStateAtAnEventIsTheFightsOwn(t *testing.T) {
	s := openBundled(t, "demo")
	playRandom(t, s, 3, 150, nil)
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, 32, 33, tl.Len() - 1} {
		before, _ := tl.StateAt(i)
		want := timelineKey(t, before)
		st := before.Clone()
		for id, f := range st.Figures {
			f.At, f.AP, f.Hidden = f.At.Add(f.At), 99, true
			st.Figures[id] = f
		}
		st.Log = append(st.Log, Event{Seq: 1 << 20})
		if after, _ := tl.StateAt(i); timelineKey(t, after) != want {
			t.Errorf("event %d: changing a state from the timeline changed the timeline", i)
		}
	}
	if _, err := tl.StateAt(tl.Len()); err == nil {
		t.Errorf("an event past the end was shown")
	}
	if _, err := tl.StateAt(-1); err == nil {
		t.Errorf("event -1 was shown")
	}
}

// TestTicksMarkEachRoundAndSegment: a slider's ticks are the opening and
// every round_started and segment event, in order, with the round each
// falls in.
func TestTicksMarkEachRoundAndSegment(t *testing.T) {
	s := open(t)
	// Every initiative die a 1: the AP are the sheets' (Miranda 9, Cyril
	// and Zeke 8, Jeb 7), and the count goes 20, 19, 18, a segment at a time.
	ones := Command{Kind: CommandNewRound, Dice: []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}}
	for _, c := range []Command{ones, {Kind: CommandSegment}, {Kind: CommandSegment}, {Kind: CommandNewRound}} {
		if _, err := s.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, k := range tl.Ticks() {
		e, _ := tl.Event(k.Index)
		if e.Kind != k.Kind {
			t.Errorf("tick at %d is a %s, the event a %s", k.Index, k.Kind, e.Kind)
		}
		got = append(got, fmt.Sprintf("%s r%d s%d", k.Kind, k.Round, k.Segment))
	}
	want := []string{"fight_opened r0 s20", "round_started r1 s0", "segment r1 s19", "segment r1 s18", "round_started r2 s0"}
	if !slices.Equal(got, want) {
		t.Errorf("ticks:\n got %q\nwant %q", got, want)
	}
}

// TestABadJournalIsRefusedWithItsLine: a journal that is not a fight's
// is refused with an error naming the file and the bad line, and
// nothing panics; a torn last line (a crash mid-write) is left out.
func TestABadJournalIsRefusedWithItsLine(t *testing.T) {
	s := open(t)
	for _, c := range []Command{{Kind: CommandNewRound}, {Kind: CommandSegment}, {Kind: CommandSegment}} {
		if _, err := s.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	good, err := os.ReadFile(s.JournalPath())
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(good), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("the journal has %d lines, want 4", len(lines))
	}
	with := func(n int, line string) string {
		l := slices.Clone(lines)
		l[n-1] = line
		return strings.Join(l, "")
	}
	for _, tc := range []struct {
		name, text string
		want       string // in the error; "" for no error
		events     int
	}{
		{"the journal as written", string(good), "", 4},
		{"a torn last line", string(good) + `{"seq":5,"kind":"tur`, "", 4},
		{"a line that is not JSON", with(2, "not json\n"), "line 2", 0},
		{"an event for no figure", with(3, `{"seq":3,"cmd":2,"kind":"turned","figure":"nobody","text":"?"}`+"\n"), "line 3", 0},
		{"an event of an unknown kind", with(4, `{"seq":4,"kind":"exploded","text":"?"}`+"\n"), "line 4", 0},
		{"events out of order", with(3, strings.Replace(lines[2], `"seq":3`, `"seq":1`, 1)), "line 3", 0},
		{"no opening", strings.Join(lines[1:], ""), "opening", 0},
		{"an opening with no fight", with(1, `{"seq":1,"kind":"fight_opened","text":"?"}`+"\n"), "opening", 0},
		{"an empty file", "", "no events", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bad.journal.jsonl")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			tl, err := OpenTimeline(path)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if tl.Len() != tc.events {
					t.Errorf("%d events, want %d", tl.Len(), tc.events)
				}
				return
			}
			if err == nil {
				t.Fatalf("the journal was taken")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("the error does not say %q: %v", tc.want, err)
			}
			if tc.want != "opening" && !strings.Contains(err.Error(), path) {
				t.Errorf("the error does not name the file: %v", err)
			}
			after, _ := os.ReadFile(path)
			if string(after) != tc.text {
				t.Errorf("opening the timeline changed the file")
			}
		})
	}
	if _, err := OpenTimeline(filepath.Join(t.TempDir(), "missing.journal.jsonl")); err == nil {
		t.Errorf("a missing journal was opened")
	}
}

// BenchmarkShowAnyEventOf2000 shows random events of a 2,000-event demo
// fight (random commands, undos and redos among them): the bound
// is 16 ms an event shown. It reports the timeline's checkpoints' memory.
func BenchmarkShowAnyEventOf2000(b *testing.B) {
	s := openBundled(b, "demo")
	playRandom(b, s, 11, 2000, nil)
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	events := readAll(b, s.JournalPath())
	runtime.GC()
	runtime.ReadMemStats(&m1)
	eventsMB := float64(m1.HeapAlloc-m0.HeapAlloc) / (1 << 20)
	tl, err := NewTimeline(events)
	if err != nil {
		b.Fatal(err)
	}
	events = nil
	runtime.GC()
	runtime.ReadMemStats(&m1)
	rng := rand.New(rand.NewPCG(1, 2))
	b.ResetTimer()
	for range b.N {
		if _, err := tl.StateAt(rng.IntN(tl.Len())); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(m1.HeapAlloc-m0.HeapAlloc)/(1<<20), "MB-timeline")
	b.ReportMetric(eventsMB, "MB-events")
	b.ReportMetric(float64(len(tl.cps)), "checkpoints")
	b.ReportMetric(float64(tl.Len()), "events")
	runtime.KeepAlive(tl)
}

// TestAPlayersViewAtAnEventIsTheWelcomeThen: what a player's seat sees at
// an event is the snapshot it would have been welcomed with then: a
// figure the Judge hid is out of it from the hiding on, and in the
// Judge's.
func TestAPlayersViewAtAnEventIsTheWelcomeThen(t *testing.T) {
	s := open(t)
	table := seat(s.State())
	encode := func(f *FightFile) string {
		data, err := encodeEvents([]Event{{Fight: f}})
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	welcome := map[int]string{} // by seq
	for _, c := range []Command{{Kind: CommandNewRound}, {Kind: CommandHide, Figure: "zeke"}, {Kind: CommandSegment}} {
		if _, err := s.Do(c); err != nil {
			t.Fatal(err)
		}
		welcome[s.LastSeq()] = encode(s.Welcome(table)[0].Fight)
	}
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	hiding := -1
	for i := range tl.Len() {
		e, _ := tl.Event(i)
		if e.Kind == EventHidden {
			hiding = i
		}
		view, err := tl.ViewAt(i, table)
		if err != nil {
			t.Fatal(err)
		}
		if w, ok := welcome[e.Seq]; ok && encode(view) != w {
			t.Errorf("event %d: the view differs from the welcome then", i)
		}
		judge, _ := tl.ViewAt(i, nil)
		has := func(f *FightFile) bool {
			return slices.ContainsFunc(f.Figures, func(s FigureSpec) bool { return s.ID == "zeke" })
		}
		if seen := has(view); seen != (hiding < 0) {
			t.Errorf("event %d (%s): the table sees Zeke: %v", i, e.Kind, seen)
		}
		if !has(judge) {
			t.Errorf("event %d: the Judge does not see Zeke", i)
		}
	}
	if hiding < 0 {
		t.Fatal("no figure was hidden")
	}
}
