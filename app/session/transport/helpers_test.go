package transport

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hexslinger/app/session"
	"hexslinger/assets"
)

// bundledFight decodes a bundled fight.
func bundledFight(t testing.TB, name string) *session.FightFile {
	t.Helper()
	f, err := session.DecodeFight(bytes.NewReader(assets.Fights()[name]))
	if err != nil {
		t.Fatalf("bundled fight %s: %v", name, err)
	}
	return f
}

// demo is the demo fight.
func demo(t testing.TB) *session.FightFile { return bundledFight(t, "demo") }

// open is a session of the demo fight, closed when the test ends.
func open(t testing.TB) *session.Session {
	t.Helper()
	s, err := session.Open(demo(t), filepath.Join(t.TempDir(), "demo.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// hiddenWords are the words naming the figures hidden both before and
// after a step, as JSON writes them: ids and characters quoted, names
// as they are, unless a figure in view shares them.
func hiddenWords(before, after *session.State) []string {
	shown := map[string]bool{}
	for _, st := range []*session.State{before, after} {
		for _, id := range st.Order {
			if f := st.Figures[id]; !f.Hidden {
				shown[id], shown[f.Character], shown[st.FigureName(id)] = true, true, true
			}
		}
	}
	var words []string
	for _, id := range before.Order {
		f, g := before.Figures[id], after.Figures[id]
		if !f.Hidden || g == nil || !g.Hidden {
			continue
		}
		for _, w := range []string{`"` + id + `"`, `"` + f.Character + `"`, before.FigureName(id)} {
			if !shown[strings.Trim(w, `"`)] {
				words = append(words, w)
			}
		}
	}
	return words
}

// named returns the words of words that data holds.
func named(data []byte, words []string) []string {
	var found []string
	for _, w := range words {
		if bytes.Contains(data, []byte(w)) {
			found = append(found, w)
		}
	}
	return found
}

// table serves s to the Judge (token "secret") and to Alice, a player
// commanding Cyril, and dials both windows; all are closed when the test
// ends, and ctx bounds the test's reads.
func table(t *testing.T, s *session.Session) (ctx context.Context, judge, alice *Client) {
	t.Helper()
	access := session.NewAccess("secret")
	seat := access.AddPlayer("Alice", []string{"cyril"})
	sv, err := Serve(s, "127.0.0.1:0", access, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sv.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	judge, _, err = Dial(ctx, sv.URL(), "secret")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { judge.Close() })
	alice, _, err = Dial(ctx, sv.URL(), seat.Token())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { alice.Close() })
	return ctx, judge, alice
}
