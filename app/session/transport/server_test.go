package transport

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hexslinger/app/session"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"hexslinger/hexmap"
)

func serve(t *testing.T) (*session.Session, *Server) {
	t.Helper()
	s := open(t)
	sv, err := Serve(s, "127.0.0.1:0", session.NewAccess("secret"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sv.Close() })
	return s, sv
}

func TestServerWrongToken(t *testing.T) {
	_, sv := serve(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, _, err := Dial(ctx, sv.URL(), "guess")
	if !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), "token is wrong") {
		t.Errorf("dial with a wrong token: %v", err)
	}
}

func TestServerCommandRoundTrip(t *testing.T) {
	s, sv := serve(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cl, past, err := Dial(ctx, sv.URL(), "secret")
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	st, err := session.Replay(past)
	if err != nil || len(st.Figures) != 4 {
		t.Fatalf("welcome replay: %v", err)
	}
	to := hexmap.Hex{Q: 3, R: 7}
	id, err := cl.Send(ctx, session.Command{Kind: session.CommandMove, Figure: "cyril", To: &to})
	if err != nil {
		t.Fatal(err)
	}
	var gotEvent, gotResult bool
	for !gotEvent || !gotResult {
		m, err := cl.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		switch m.Type {
		case MsgEvent:
			if err := st.Apply(*m.Event); err != nil {
				t.Fatal(err)
			}
			gotEvent = true
		case MsgResult:
			if m.ID != id || !m.OK {
				t.Fatalf("result %+v", m)
			}
			gotResult = true
		}
	}
	if st.Figures["cyril"].At != to || s.State().Figures["cyril"].At != to {
		t.Errorf("client and session disagree after the move")
	}
	// A refused move comes back as a result with the reason.
	bad := hexmap.Hex{Q: 40, R: 0}
	cl.Send(ctx, session.Command{Kind: session.CommandMove, Figure: "cyril", To: &bad})
	m, err := cl.Read(ctx)
	if err != nil || m.Type != MsgResult || m.Code != ErrRefused || !strings.Contains(m.Error, "off the map") {
		t.Errorf("refused move: %+v %v", m, err)
	}
}

func TestServerBadMessages(t *testing.T) {
	_, sv := serve(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, sv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(-1)
	wsjson.Write(ctx, c, Message{Type: MsgHello, Version: ProtocolVersion, Token: "secret"})
	var m Message
	wsjson.Read(ctx, c, &m)
	tests := []struct {
		name, send, code string
	}{
		{"bad JSON", `{"type":`, ErrBadMessage},
		{"unknown type", `{"type":"dance"}`, ErrBadMessage},
		{"command without a command", `{"type":"command","id":"x"}`, ErrBadMessage},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c.Write(ctx, websocket.MessageText, []byte(tc.send))
			var m Message
			if err := wsjson.Read(ctx, c, &m); err != nil || m.Code != tc.code {
				t.Errorf("sent %s: got %+v %v, want code %s", tc.send, m, err, tc.code)
			}
		})
	}
	// Still connected: a good command works after the bad ones.
	to := hexmap.Hex{Q: 3, R: 7}
	wsjson.Write(ctx, c, Message{Type: MsgCommand, ID: "ok", Command: &session.Command{Kind: session.CommandMove, Figure: "cyril", To: &to}})
	for {
		var m Message
		if err := wsjson.Read(ctx, c, &m); err != nil {
			t.Fatal(err)
		}
		if m.Type == MsgResult {
			if !m.OK {
				t.Errorf("good command after bad ones: %+v", m)
			}
			break
		}
	}
	// A message over the Judge's limit closes that connection, not the
	// session (a player's limit: TestJudgeEditsAsManyHexesAsDocumented).
	big := `{"type":"command","id":"` + strings.Repeat("x", MaxJudgeMessageSize) + `"}`
	c.Write(ctx, websocket.MessageText, []byte(big))
	closed := false
	for i := 0; i < 5 && !closed; i++ { // an event of the move may still come first
		closed = wsjson.Read(ctx, c, &m) != nil
	}
	if !closed {
		t.Errorf("a message over %d bytes did not close the Judge's connection", MaxJudgeMessageSize)
	}
	if _, _, err := Dial(ctx, sv.URL(), "secret"); err != nil {
		t.Errorf("the session stopped serving after an oversized message: %v", err)
	}
}

// FuzzAnswer feeds the session's message decoder anything, from the
// Judge and from a player, with Jeb hidden at first: every message gets a
// result or an error with a reason, never a panic or an internal error;
// no answer to the player names a figure hidden throughout; the player's
// messages change no figure but its own; and the player's stream (what a
// player's connection is sent of the events, welcomes included) is
// numbered 1, 2, 3… and its commands 1, 2, 3…, with no gap to count what
// it was not sent by.
func FuzzAnswer(f *testing.F) {
	f.Add([]byte(`{"type":"command","id":"c1","command":{"kind":"move","figure":"cyril","to":{"q":3,"r":7}}}`))
	f.Add([]byte(`{"type":"command","id":"c2","command":{"kind":"shoot","figure":"cyril","weapon":"schofield","shots":[{"target":"zeke","kind":"fan"}],"dice":[10,10,10],"cards":["RJ"]}}`))
	f.Add([]byte(`{"type":"command","command":{"kind":"melee","figure":"cyril","blow":{"target":"jeb","attack":"heavy","defense":"block"}}}`))
	f.Add([]byte(`{"type":"command","command":{"kind":"door","to":{"q":3,"r":3},"side":5,"open":true}}`))
	f.Add([]byte(`{"type":`))
	f.Add([]byte(`{"type":"hello"}`))
	f.Add([]byte(`{"type":"command","id":"p1","command":{"kind":"turn","figure":"jeb","turn":1}}`))
	f.Add([]byte(`{"type":"command","id":"p2","command":{"kind":"shoot","figure":"cyril","weapon":"schofield","shots":[{"target":"jeb","kind":"snap"}]}}`))
	s := open(f)
	if _, err := s.Do(session.Command{Kind: session.CommandHide, Figure: "jeb"}); err != nil {
		f.Fatal(err)
	}
	sv := &Server{s: s}
	judge := &session.Seat{Name: "Judge", Role: session.RoleJudge}
	player := &session.Seat{Name: "P", Role: session.RolePlayer, Figures: []string{"cyril"}}
	events, stop := s.Listen(1 << 20)
	f.Cleanup(stop)
	stream := &feed{s: s, seat: player}
	seq, cmd := 0, 0 // the last numbers the player's stream was sent
	numbered := func(e session.Event) error {
		if e.Seq != seq+1 {
			return fmt.Errorf("seq %d after %d", e.Seq, seq)
		}
		seq = e.Seq
		if e.Cmd != 0 {
			if e.Cmd != cmd && e.Cmd != cmd+1 {
				return fmt.Errorf("cmd %d after %d", e.Cmd, cmd)
			}
			cmd = e.Cmd
		}
		return nil
	}
	sent := func(m Message) error {
		switch m.Type {
		case MsgWelcome:
			for _, e := range m.Events {
				if err := numbered(e); err != nil {
					return fmt.Errorf("a welcome: %w", err)
				}
			}
		case MsgEvent:
			if err := numbered(*m.Event); err != nil {
				return fmt.Errorf("a %s event: %w", m.Event.Kind, err)
			}
		}
		return nil
	}
	if err := sent(stream.welcome()); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, seat := range []*session.Seat{player, judge} {
			before := s.State()
			m := sv.answer(context.Background(), seat, data)().msg
			after := s.State()
			evs, _ := events.Take()
			for _, e := range evs {
				if m, ok := stream.event(e); ok {
					if err := sent(m); err != nil {
						t.Fatalf("%s, from the %s: the player's stream: %v", data, seat.Name, err)
					}
				}
			}
			if m.Type != MsgResult && m.Type != MsgError {
				t.Fatalf("answer of type %q", m.Type)
			}
			if !m.OK && m.Error == "" {
				t.Fatalf("a failed answer without a reason: %+v", m)
			}
			if m.Code == ErrFailed {
				t.Fatalf("%s: %s", data, m.Error)
			}
			if seat != player {
				continue
			}
			out, _ := json.Marshal(m)
			if found := named(out, hiddenWords(before, after)); len(found) > 0 {
				t.Fatalf("the player is answered %s, naming hidden %v", out, found)
			}
			for _, id := range before.Order {
				b, a := before.Figures[id], after.Figures[id]
				if id != "cyril" && (a == nil || b.At != a.At || b.Facing != a.Facing || b.AP != a.AP) {
					t.Fatalf("the player's %s moved %s", data, id)
				}
			}
		}
	})
}
