package transport

import (
	"testing"
	"time"

	"hexslinger/app/session"
)

// TestAPlayerIsNeverSentTheJudgesEncoding: the Judge's connections share
// one encoding of each event (sharedEncodings), and a player's connection
// never is sent it: its events are its seat's view, numbered in its own
// stream, whichever connection is sent the event first. Each of Alice's
// turns reaches two Judge's windows with the session's numbers and Alice's
// with hers.
func TestAPlayerIsNeverSentTheJudgesEncoding(t *testing.T) {
	s := open(t)
	// The session's numbers run ahead of Alice's stream: an encoding of
	// the Judge's would show.
	for _, c := range []session.Command{{Kind: session.CommandHide, Figure: "jeb"}, {Kind: session.CommandReveal, Figure: "jeb"}} {
		if _, err := s.Do(c); err != nil {
			t.Fatalf("the Judge's %+v: %v", c, err)
		}
	}
	ctx, sv, seat := aliceTable(t, s, 10*time.Second)
	judges := []*Client{}
	for range 2 {
		cl, _ := dialOne(ctx, t, sv.URL(), "secret")
		judges = append(judges, cl)
	}
	alice, past := dialOne(ctx, t, sv.URL(), seat.Token())
	if len(past) != 1 || past[0].Seq != 1 {
		t.Fatalf("Alice's welcome: %d events, the first seq %d; want 1 event, seq 1", len(past), past[0].Seq)
	}
	next := func(cl *Client, who string) Message {
		t.Helper()
		for {
			m, err := cl.Read(ctx)
			if err != nil {
				t.Fatalf("%s reading: %v", who, err)
			}
			if m.Type == MsgEvent || m.Type == MsgResult || m.Type == MsgWelcome {
				return m
			}
		}
	}
	for i, turn := range []int{1, -1, 1, -1} {
		id, err := alice.Send(ctx, session.Command{Kind: session.CommandTurn, Figure: "cyril", Turn: turn})
		if err != nil {
			t.Fatal(err)
		}
		m := next(alice, "Alice")
		if m.Type != MsgEvent {
			t.Fatalf("turn %d: Alice was sent a %s (%+v), want her event", i+1, m.Type, m)
		}
		if got, want := m.Event.Seq, i+2; got != want {
			t.Errorf("turn %d: Alice's event seq %d, want %d (her stream's, not the session's %d)", i+1, got, want, s.LastSeq())
		}
		if got, want := m.Event.Cmd, i+1; got != want {
			t.Errorf("turn %d: Alice's event cmd %d, want %d", i+1, got, want)
		}
		if r := next(alice, "Alice"); r.Type != MsgResult || r.ID != id || !r.OK {
			t.Fatalf("turn %d: Alice's result %+v", i+1, r)
		}
		want := s.LastSeq()
		for k, j := range judges {
			m := next(j, "the Judge")
			if m.Type != MsgEvent {
				t.Fatalf("turn %d: the Judge's window %d was sent a %s, want the turned event", i+1, k+1, m.Type)
			}
			if m.Event.Seq != want || m.Event.Kind != session.EventTurned {
				t.Errorf("turn %d: the Judge's window %d was sent %s seq %d, want the session's turned event seq %d", i+1, k+1, m.Event.Kind, m.Event.Seq, want)
			}
		}
	}
}
