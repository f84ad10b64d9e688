package session

import (
	"errors"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
)

// TestWriteBigJournal writes a big journal for measuring how a journal
// opens (scripts/journal-open.sh): HEXSLINGER_BIG_JOURNAL names the file,
// HEXSLINGER_BIG_JOURNAL_MB its size in MiB (200 unless set). The demo
// fight is played with random commands, undos and redos as a long session
// would (playRandom's mix), unsynced. Without the variable it is skipped.
func TestWriteBigJournal(t *testing.T) {
	path := os.Getenv("HEXSLINGER_BIG_JOURNAL")
	if path == "" {
		t.Skip("set HEXSLINGER_BIG_JOURNAL=FILE (and HEXSLINGER_BIG_JOURNAL_MB) to write a big journal")
	}
	mb := 200
	if v := os.Getenv("HEXSLINGER_BIG_JOURNAL_MB"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("HEXSLINGER_BIG_JOURNAL_MB=%q: want a number of MiB", v)
		}
		mb = n
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatalf("%s exists: the generator writes a new journal only", path)
	}
	writeBigJournal(t, path, int64(mb)<<20, 1)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d bytes", path, fi.Size())
}

// writeBigJournal plays the demo fight with random commands (seeded by
// seed), a few undone and redone now and then, into a new journal at path
// until it holds at least size bytes.
func writeBigJournal(tb testing.TB, path string, size int64, seed uint64) {
	tb.Helper()
	noSync(tb)
	s, err := Open(demo(tb), path)
	if err != nil {
		tb.Fatal(err)
	}
	defer s.Close()
	rng := rand.New(rand.NewPCG(seed, 34))
	do := func(c Command) bool {
		if _, err := s.Do(c); err != nil {
			var ref *Refusal
			if !errors.As(err, &ref) {
				tb.Fatalf("%+v: %v", c, err)
			}
			return false
		}
		return true
	}
	for n := 0; ; n++ {
		if n%256 == 0 {
			if s.journal.size >= size {
				return
			}
		}
		if rng.IntN(40) == 0 {
			// Only what can be undone and redone: a refused undo or redo
			// reads the whole journal back, and the generator would slow
			// as the journal grows.
			back := 0
			for range 1 + rng.IntN(6) {
				if do(Command{Kind: CommandUndo}) {
					back++
				}
			}
			for range rng.IntN(back + 1) {
				do(Command{Kind: CommandRedo})
			}
			continue
		}
		s.mu.Lock()
		c := randomCommand(rng, s.state, true)
		s.mu.Unlock()
		if c.Kind == CommandUndo || c.Kind == CommandRedo {
			continue
		}
		do(c)
	}
}
