package session_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	. "hexslinger/app/session"
	. "hexslinger/app/session/transport"
	"hexslinger/hexmap"
)

// table serves the demo fight with the Judge's token "judge", Alice
// commanding Cyril and Miranda, and Bob commanding no one yet; Zeke is
// hidden from the players.
func table(t *testing.T) (*Session, *Server, *Access, *Seat, *Seat) {
	t.Helper()
	s := open(t)
	if _, err := s.Do(Command{Kind: CommandHide, Figure: "zeke"}); err != nil {
		t.Fatal(err)
	}
	a := NewAccess("judge")
	alice := a.AddPlayer("Alice", []string{"cyril", "miranda"})
	bob := a.AddPlayer("Bob", nil)
	sv, err := Serve(s, "127.0.0.1:0", a, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sv.Close() })
	return s, sv, a, alice, bob
}

// commandAs dials with a token, sends one command and returns the result.
func commandAs(t *testing.T, url, token string, c Command) (Message, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cl, _, err := Dial(ctx, url, token)
	if err != nil {
		return Message{}, err
	}
	defer cl.Close()
	id, err := cl.Send(ctx, c)
	if err != nil {
		return Message{}, err
	}
	for {
		m, err := cl.Read(ctx)
		if err != nil {
			return Message{}, err
		}
		if m.Type == MsgResult && m.ID == id {
			return m, nil
		}
	}
}

func TestAuthorizationMatrix(t *testing.T) {
	s, sv, a, alice, _ := table(t)
	j8 := hexmap.Hex{Q: 6, R: 7}
	if err := a.Revoke("Bob"); err != nil {
		t.Fatal(err)
	}
	var bobToken string
	for _, p := range a.Players() {
		if p.Name == "Bob" {
			bobToken = p.Token()
		}
	}
	tests := []struct {
		name    string
		token   string
		cmd     Command
		dialErr string // the connection is refused with this
		code    string // or the command gets this code
	}{
		{"wrong token", "guess", Command{Kind: CommandNewRound}, "token is wrong", ""},
		{"revoked token", bobToken, Command{Kind: CommandNewRound}, "revoked", ""},
		{"a player moving another's figure", alice.Token(), Command{Kind: CommandMove, Figure: "jeb", To: &j8}, "", ErrForbidden},
		{"a player moving a hidden figure", alice.Token(), Command{Kind: CommandTurn, Figure: "zeke", Turn: 1}, "", ErrForbidden},
		{"a player undoing", alice.Token(), Command{Kind: CommandUndo}, "", ErrForbidden},
		{"a player redoing", alice.Token(), Command{Kind: CommandRedo}, "", ErrForbidden},
		{"a player starting a round", alice.Token(), Command{Kind: CommandNewRound}, "", ErrForbidden},
		{"a player revealing a figure", alice.Token(), Command{Kind: CommandReveal, Figure: "zeke"}, "", ErrForbidden},
		{"a player moving their own figure", alice.Token(), Command{Kind: CommandMove, Figure: "cyril", To: &j8}, "", ""},
		{"the Judge moving anyone", "judge", Command{Kind: CommandTurn, Figure: "jeb", Turn: 1}, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := len(s.State().Log)
			m, err := commandAs(t, sv.URL(), tc.token, tc.cmd)
			if tc.dialErr != "" {
				if err == nil || !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), tc.dialErr) {
					t.Fatalf("dial: %v, want a rejection saying %q", err, tc.dialErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.code == "" {
				if !m.OK {
					t.Errorf("refused: %+v", m)
				}
				return
			}
			if m.OK || m.Code != tc.code {
				t.Errorf("got %+v, want code %s", m, tc.code)
			}
			if len(s.State().Log) != before {
				t.Errorf("a refused command changed the fight")
			}
		})
	}
}

func TestPlayersSeeNoHiddenFigures(t *testing.T) {
	s, sv, _, alice, _ := table(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cl, past, err := Dial(ctx, sv.URL(), alice.Token())
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	if cl.Role != string(RolePlayer) || len(past) != 1 {
		t.Fatalf("a player's welcome: role %s, %d events", cl.Role, len(past))
	}
	f, err := NewFold(past)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := f.State.Figures["zeke"]; ok {
		t.Errorf("a player sees the hidden Zeke")
	}
	if c := f.State.Characters["jeb"]; c.Notes != "" || len(c.Skills) != 0 || c.Traits.Quickness != 0 {
		t.Errorf("a player sees an NPC's sheet: %+v", c)
	}
	if c := f.State.Characters["cyril"]; c.Skills["firearms: pistol"] != 2 {
		t.Errorf("a player does not see their own sheet: %+v", c)
	}
	// The Judge moves the hidden Zeke: Alice hears nothing of it. Then the
	// Judge moves Jeb: Alice sees that.
	to := hexmap.Hex{Q: 14, R: 7}
	if _, err := s.Do(Command{Kind: CommandMove, Figure: "zeke", To: &to}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do(Command{Kind: CommandTurn, Figure: "jeb", Turn: 1}); err != nil {
		t.Fatal(err)
	}
	m, err := cl.Read(ctx)
	if err != nil || m.Type != MsgEvent || m.Event.Figure != "jeb" {
		t.Fatalf("the first event Alice gets: %+v %v, want Jeb's turn", m, err)
	}
	// Zeke is revealed: Alice's view is rebuilt with him where he is now.
	if _, err := s.Do(Command{Kind: CommandReveal, Figure: "zeke"}); err != nil {
		t.Fatal(err)
	}
	m, err = cl.Read(ctx)
	if err != nil || m.Type != MsgWelcome {
		t.Fatalf("after the reveal: %+v %v, want a new welcome", m, err)
	}
	f, _ = NewFold(m.Events)
	if z, ok := f.State.Figures["zeke"]; !ok || z.At != to {
		t.Errorf("after the reveal Alice sees Zeke at %v (%v), want %v", z, ok, to)
	}
}

func TestRevokeDropsTheConnection(t *testing.T) {
	_, sv, a, alice, _ := table(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cl, _, err := Dial(ctx, sv.URL(), alice.Token())
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	if err := a.Revoke("Alice"); err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := cl.Read(ctx); err != nil {
			break
		}
	}
	if ctx.Err() != nil {
		t.Fatalf("the revoked connection was not dropped")
	}
	if _, _, err := Dial(ctx, sv.URL(), alice.Token()); err == nil || !strings.Contains(err.Error(), "revoked") {
		t.Errorf("redial with a revoked token: %v", err)
	}
	if err := a.Revoke("Nobody"); err == nil {
		t.Errorf("revoked a player who is not seated")
	}
}

func TestRateLimit(t *testing.T) {
	_, sv, _, _, _ := table(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cl, _, err := Dial(ctx, sv.URL(), "judge")
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	const n = RateBurst + 300
	replies := make(chan Message, n)
	go func() {
		for i := 0; i < n; i++ {
			m, err := cl.Read(ctx)
			if err != nil {
				close(replies)
				return
			}
			replies <- m
		}
		close(replies)
	}()
	for i := 0; i < n; i++ {
		cl.Send(ctx, Command{Kind: CommandTurn, Figure: "jeb", Turn: 4}) // refused by the rules, cheaply
	}
	limited, got := 0, 0
	for m := range replies {
		got++
		if m.Code == ErrRateLimited {
			limited++
		}
	}
	if got != n {
		t.Fatalf("%d replies of %d: the client was dropped", got, n)
	}
	if limited == 0 {
		t.Errorf("%d commands at once were not limited", n)
	}
	// Still connected afterwards.
	time.Sleep(200 * time.Millisecond)
	if _, err := cl.Send(ctx, Command{Kind: CommandTurn, Figure: "jeb", Turn: 1}); err != nil {
		t.Errorf("the limited client was dropped: %v", err)
	}
}
