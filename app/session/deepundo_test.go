package session

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// deepNext reports whether s's next undo reaches past its recent events,
// reading the journal back.
func deepNext(s *Session) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err := undoStep(CommandUndo, s.events)
	var ref *Refusal
	return errors.As(err, &ref) && s.events[0].Seq != 1
}

// deepSession is a session on a long fight's journal whose next undo
// reaches past its recent events: the commands the recent events hold
// are undone. The journal is a copy of HEXSLINGER_BIG_JOURNAL when it
// is set, else a new one of about size bytes.
func deepSession(tb testing.TB, size int64) *Session {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "deep.journal.jsonl")
	if big := os.Getenv("HEXSLINGER_BIG_JOURNAL"); big != "" {
		in, err := os.Open(big)
		if err != nil {
			tb.Fatal(err)
		}
		defer in.Close()
		out, err := os.Create(path)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := io.Copy(out, in); err != nil {
			tb.Fatal(err)
		}
		out.Close()
	} else {
		writeBigJournal(tb, path, size, 5)
	}
	noSync(tb)
	s, err := Open(demo(tb), path)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	for !deepNext(s) {
		if _, err := s.Do(Command{Kind: CommandUndo}); err != nil {
			tb.Fatalf("undoing the recent commands: %v", err)
		}
	}
	return s
}

// BenchmarkDeepUndo is an undo older than the recent events on a long
// fight's journal (4 MiB; HEXSLINGER_BIG_JOURNAL's copy when set), which
// reads the journal back: ns/op is the undo; stall-ms the longest
// another seat's call waited for the session meanwhile (LastSeq, tried
// every millisecond); MB/s the journal read a second.
func BenchmarkDeepUndo(b *testing.B) {
	s := deepSession(b, 4<<20)
	b.SetBytes(s.JournalSize())
	stop := make(chan struct{})
	var worst time.Duration
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			t0 := time.Now()
			s.LastSeq()
			worst = max(worst, time.Since(t0))
			time.Sleep(time.Millisecond)
		}
	}()
	b.ResetTimer()
	for range b.N {
		if !deepNext(s) {
			b.Fatal("the undo does not reach past the recent events")
		}
		if _, err := s.Do(Command{Kind: CommandUndo}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	close(stop)
	wg.Wait()
	b.ReportMetric(float64(worst.Microseconds())/1000, "stall-ms")
}

// TestADeepUndoReadsTheJournalWithoutTheLock: an undo older than the
// recent events reads the journal back while the table goes on: a
// command given meanwhile is carried out at once, and the undo then
// takes back the command that is last when it is carried out (here the
// one given meanwhile), as the journal reopens.
func TestADeepUndoReadsTheJournalWithoutTheLock(t *testing.T) {
	s := deepSession(t, 256<<10)
	var during []Event
	var derr error
	ran := false
	afterDeepRead = func() {
		if ran {
			return
		}
		ran = true
		done := make(chan struct{})
		go func() {
			defer close(done)
			during, derr = s.Do(Command{Kind: CommandNewRound})
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("a command given while a deep undo read the journal waited for the undo: the journal is read under the session's lock")
		}
	}
	t.Cleanup(func() { afterDeepRead = func() {} })
	ev, err := s.Do(Command{Kind: CommandUndo})
	if err != nil {
		t.Fatal(err)
	}
	if !ran {
		t.Fatal("the undo did not read the journal back")
	}
	if derr != nil {
		t.Fatalf("the command given meanwhile: %v", derr)
	}
	if want := during[0].Cmd; ev[0].Kind != EventUndone || ev[0].Target != want {
		t.Errorf("the undo took back command %d (%s), want %d, the last when it was carried out", ev[0].Target, ev[0].Kind, want)
	}
	want := stateKey(t, s.State())
	path := s.JournalPath()
	s.Close()
	again, err := Open(demo(t), path)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if got := stateKey(t, again.State()); got != want {
		t.Errorf("the journal reopens to another state:\n%s", firstDiff(got, want))
	}
}

// TestADeepUndoIsTheUndoOfTheWholeJournal: undo after undo reaching
// past the recent events (read without the session's lock, or under it
// at the last try), each state is the journal's as it reopens (a replay
// of every event), and redo puts them back, also a command whose events
// are older than the recent ones.
func TestADeepUndoIsTheUndoOfTheWholeJournal(t *testing.T) {
	s := deepSession(t, 256<<10)
	check := func(what string) {
		t.Helper()
		want := stateKey(t, s.State())
		s.mu.Lock()
		fo, err := foldJournal(s.journal.f, s.journal.size, nil)
		s.mu.Unlock()
		if err != nil {
			t.Fatal(err)
		}
		if got := stateKey(t, fo.state); got != want {
			t.Fatalf("after %s, the session's state is not its journal's:\n%s", what, firstDiff(got, want))
		}
	}
	for i := range 4 {
		if !deepNext(s) {
			t.Fatalf("undo %d does not reach past the recent events", i+1)
		}
		if i%2 == 0 {
			if _, err := s.Do(Command{Kind: CommandUndo}); err != nil {
				t.Fatal(err)
			}
			check("a deep undo read without the lock")
			continue
		}
		// The last try: read under the lock.
		if _, err := s.decideAndWrite(nil, Command{Kind: CommandUndo}, nil, true); err != nil {
			t.Fatal(err)
		}
		check("a deep undo read under the lock")
	}
	for range 4 {
		if _, err := s.Do(Command{Kind: CommandRedo}); err != nil {
			t.Fatal(err)
		}
		check("a redo")
	}
}
