package board

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// servedDemo opens the demo fight and serves it on loopback to the
// Judge's token "tok", both closed when t ends.
func servedDemo(t *testing.T) (*session.Session, *transport.Server) {
	t.Helper()
	f, _ := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	s, err := session.Open(f, filepath.Join(t.TempDir(), "j.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	sv, err := transport.Serve(s, "127.0.0.1:0", session.NewAccess("tok"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sv.Close() })
	return s, sv
}

func TestConnReconnectsAfterTheSessionGoesAway(t *testing.T) {
	f, _ := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	s, err := session.Open(f, filepath.Join(t.TempDir(), "j.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sv, err := transport.Serve(s, "127.0.0.1:0", session.NewAccess("tok"), nil)
	if err != nil {
		t.Fatal(err)
	}
	addr := strings.TrimSuffix(strings.TrimPrefix(sv.URL(), "ws://"), "/ws")
	c := newConn(sv.URL(), "tok")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go c.run(ctx)
	var got []inMsg
	waitUntil(t, "the welcome", func() bool { got = append(got, c.take()...); return len(got) > 0 && c.statusText() == "" })
	if got[0].welcome == nil {
		t.Fatalf("first message is not a welcome: %+v", got[0])
	}
	if !c.connected() {
		t.Errorf("welcomed: connected() is false")
	}

	sv.Close()
	waitUntil(t, "the loss to show", func() bool { return c.statusText() != "" })
	if c.connected() {
		t.Errorf("the session went away: connected() is still true")
	}
	if st := c.statusText(); !strings.Contains(st, "went away") && !strings.Contains(st, "not answering") {
		t.Errorf("status after the session went away: %q", st)
	}
	if !c.send(session.Command{Kind: session.CommandNewRound}) {
		t.Errorf("a command given while disconnected was refused, want it queued until the window is back (TestConnRejoinsWithNothingLostOrDoneTwice)")
	}

	// The session comes back on the same address: the window resyncs.
	to := hexmap.Hex{Q: 6, R: 7}
	s.Do(session.Command{Kind: session.CommandMove, Figure: "cyril", To: &to})
	sv2, err := transport.Serve(s, addr, session.NewAccess("tok"), nil)
	if err != nil {
		t.Skipf("could not listen on %s again: %v", addr, err)
	}
	defer sv2.Close()
	var welcome []session.Event
	waitUntil(t, "the second welcome", func() bool {
		for _, m := range c.take() {
			if m.welcome != nil {
				welcome = m.welcome
			}
		}
		return welcome != nil
	})
	waitUntil(t, "connected() again", c.connected)
	st, err := session.Replay(welcome)
	if err != nil || st.Figures["cyril"].At != to {
		t.Errorf("resync after reconnecting: %v, Cyril at %v", err, st.Figures["cyril"].At)
	}
}

func TestConnWrongTokenStops(t *testing.T) {
	_, sv := servedDemo(t)
	c := newConn(sv.URL(), "nope")
	done := make(chan struct{})
	go func() { c.run(context.Background()); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the connection kept trying with a wrong token")
	}
	if err := c.rejection(); !errors.Is(err, transport.ErrRejected) {
		t.Errorf("rejection %v", err)
	}
}

// TestPlayerViewResyncs: the session rebuilds a player's view when the
// Judge hides a figure; the window takes the new view.
func TestPlayerViewResyncs(t *testing.T) {
	f, _ := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	s, err := session.Open(f, filepath.Join(t.TempDir(), "j.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	access := session.NewAccess("judge")
	p := access.AddPlayer("Ann", []string{"cyril"})
	sv, err := transport.Serve(s, "127.0.0.1:0", access, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sv.Close()
	g := NewGame(sv.URL(), p.Token())
	defer g.Close()
	pump := func() {
		for _, m := range g.conn.take() {
			g.receive(m)
		}
	}
	waitUntil(t, "the player's view", func() bool { pump(); return g.play.st != nil })
	if _, ok := g.play.st.Figures["jeb"]; !ok {
		t.Fatal("Jeb is not in the player's view to begin with")
	}
	if !g.conn.own("cyril") || g.conn.own("jeb") || !strings.Contains(g.message, "Yours (white rings): Cyril Wellington") {
		t.Errorf("the player's own figures: cyril %v, jeb %v, message %q", g.conn.own("cyril"), g.conn.own("jeb"), g.message)
	}
	if _, err := s.Do(session.Command{Kind: session.CommandHide, Figure: "jeb"}); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "Jeb to leave the player's view", func() bool {
		pump()
		_, ok := g.play.st.Figures["jeb"]
		return !ok
	})
}

// TestConnBusySeatRetries: a window whose seat holds the most
// connections it may is told so, not that the session is not answering,
// and gets in once one of the others closes.
func TestConnBusySeatRetries(t *testing.T) {
	_, sv := servedDemo(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var others []*transport.Client
	for i := 0; i < transport.MaxSeatConnections; i++ {
		cl, _, err := transport.Dial(ctx, sv.URL(), "tok")
		if err != nil {
			t.Fatal(err)
		}
		defer cl.Close()
		others = append(others, cl)
	}
	c := newConn(sv.URL(), "tok")
	go c.run(ctx)
	waitUntil(t, "the window to be refused", func() bool { return strings.Contains(c.statusText(), "connections") })
	if st := c.statusText(); strings.Contains(st, "not answering") || !strings.Contains(st, "retrying") {
		t.Errorf("status of a window its seat has no room for: %q, want why, and that it keeps trying", st)
	}
	others[0].Close()
	waitUntil(t, "the window to get in", func() bool { return c.statusText() == "" })
	if err := c.rejection(); err != nil {
		t.Errorf("the busy seat's window gave up: %v", err)
	}
}
