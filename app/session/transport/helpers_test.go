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
	"hexslinger/hexmap"
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
	ctx, sv, seat := aliceTable(t, s, 10*time.Second)
	judge, _ = dialOne(ctx, t, sv.URL(), "secret")
	alice, _ = dialOne(ctx, t, sv.URL(), seat.Token())
	return ctx, judge, alice
}

// aliceTable serves s to the Judge (token "secret") and to Alice, a
// player commanding Cyril, until the test ends; ctx ends after d.
func aliceTable(t *testing.T, s *session.Session, d time.Duration) (ctx context.Context, sv *Server, alice *session.Seat) {
	t.Helper()
	access := session.NewAccess("secret")
	alice = access.AddPlayer("Alice", []string{"cyril"})
	sv = serveAccess(t, s, access)
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx, sv, alice
}

// serveAccess serves s to the seats of access until the test ends.
func serveAccess(t testing.TB, s *session.Session, access *session.Access) *Server {
	t.Helper()
	sv, err := Serve(s, "127.0.0.1:0", access, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sv.Close() })
	return sv
}

// dialN dials n connections of token, closed when the test ends.
func dialN(ctx context.Context, t testing.TB, url, token string, n int) []*Client {
	t.Helper()
	var out []*Client
	for i := 0; i < n; i++ {
		cl, _, err := Dial(ctx, url, token)
		if err != nil {
			t.Fatalf("connection %d of %d: %v", i+1, n, err)
		}
		t.Cleanup(func() { cl.Close() })
		out = append(out, cl)
	}
	return out
}

// dialOne dials one connection of token, closed when the test ends, and
// returns it with its welcome's events.
func dialOne(ctx context.Context, t testing.TB, url, token string) (*Client, []session.Event) {
	t.Helper()
	cl, past, err := Dial(ctx, url, token)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cl.Close() })
	return cl, past
}

// sizedFight is a bundled fight's figures on a w×h map of open ground.
func sizedFight(tb testing.TB, name string, w, h int) *session.FightFile {
	f := bundledFight(tb, name)
	m, err := hexmap.New("the open plain", hexmap.Pointy, w, h, "dirt")
	if err != nil {
		tb.Fatal(err)
	}
	f.Map = m.File()
	for i := range f.Figures {
		f.Figures[i].At = m.Label(hexmap.Hex{Q: 2 + 3*i, R: 2})
	}
	return f
}
