package transport

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"hexslinger/app/session"
)

// keepaliveFor has servers and clients made until the test ends ping
// every so often and wait so long for the pong.
func keepaliveFor(t *testing.T, every, wait time.Duration) keepaliveTimes {
	t.Helper()
	old := keepalive
	keepalive = keepaliveTimes{every: every, wait: wait}
	t.Cleanup(func() { keepalive = old })
	return keepalive
}

// quickKeepalive pings every 100 ms and waits 100 ms for the pong.
func quickKeepalive(t *testing.T) keepaliveTimes {
	t.Helper()
	return keepaliveFor(t, 100*time.Millisecond, 100*time.Millisecond)
}

// mute opens a connection of token that says hello, takes its welcome
// and then reads no more, as a window whose laptop went to sleep: it
// answers no ping.
func mute(ctx context.Context, t *testing.T, url, token string) *websocket.Conn {
	t.Helper()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.CloseNow() })
	c.SetReadLimit(-1)
	if err := wsjson.Write(ctx, c, Message{Type: MsgHello, Version: ProtocolVersion, Token: token}); err != nil {
		t.Fatal(err)
	}
	var m Message
	if err := wsjson.Read(ctx, c, &m); err != nil || m.Type != MsgWelcome {
		t.Fatalf("a connection's welcome: got %+v, %v", m, err)
	}
	return c
}

// TestDeadConnectionsFreeTheirSlots: a seat's window that reads on
// answers the server's pings and stays; its other connections, which
// stopped answering, are dropped within a ping and its wait, so that the
// seat, full a moment ago, takes new ones again.
func TestDeadConnectionsFreeTheirSlots(t *testing.T) {
	k := quickKeepalive(t)
	ctx, sv, alice := aliceTable(t, open(t), 20*time.Second)
	live, past := dialOne(ctx, t, sv.URL(), alice.Token())
	window := follow(ctx, live, past)
	var dead []*websocket.Conn
	for i := 1; i < MaxSeatConnections; i++ {
		dead = append(dead, mute(ctx, t, sv.URL(), alice.Token()))
	}
	if _, _, err := Dial(ctx, sv.URL(), alice.Token()); !errors.Is(err, ErrBusy) {
		t.Fatalf("connection %d of a full seat: got %v, want ErrBusy", MaxSeatConnections+1, err)
	}
	start := time.Now()
	most := 5 * (k.every + k.wait) // the ping, its wait, and a loaded machine's slack
	for n := 0; n < len(dead); {
		cl, _, err := Dial(ctx, sv.URL(), alice.Token())
		switch {
		case err == nil:
			t.Cleanup(func() { cl.Close() })
			n++
		case !errors.Is(err, ErrBusy):
			t.Fatal(err)
		case time.Since(start) > most:
			t.Fatalf("%d of %d connections that answer no ping still hold their slots after %v (pinged every %v, answer awaited %v)",
				len(dead)-n, len(dead), time.Since(start).Round(time.Millisecond), k.every, k.wait)
		default:
			time.Sleep(10 * time.Millisecond)
		}
	}
	for i, c := range dead {
		rctx, rcancel := context.WithTimeout(ctx, time.Second)
		_, _, err := c.Read(rctx) // reading answers pings now, if it is still open
		rcancel()
		if err == nil || errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("mute connection %d: the server left it open (read: %v)", i+1, err)
		}
	}
	// The window that reads on has answered every ping: it is still there.
	id, err := live.Send(ctx, session.Command{Kind: session.CommandTurn, Figure: "cyril", Turn: 1})
	if err != nil {
		t.Fatal(err)
	}
	if m := window.result(t, id); !m.OK {
		t.Errorf("the window that answered every ping: its command after %v: %+v", time.Since(start).Round(time.Millisecond), m)
	}
}

// TestClientFindsADeadSession: a session that stops answering (a server
// whose host went to sleep) is found by the client's own pings: Read
// fails within a ping and its wait, and a map window dials again,
// rather than waiting on a connection nothing will come through.
func TestClientFindsADeadSession(t *testing.T) {
	k := quickKeepalive(t)
	asleep := make(chan struct{})
	defer close(asleep)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		var hello Message
		if wsjson.Read(r.Context(), c, &hello) != nil {
			return
		}
		f := demo(t)
		wsjson.Write(r.Context(), c, Message{Type: MsgWelcome, Version: ProtocolVersion, Role: string(session.RoleJudge),
			Events: []session.Event{{Seq: 1, Kind: session.EventOpened, Fight: f}}})
		<-asleep // reads nothing more: no pong
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cl, _, err := Dial(ctx, "ws"+srv.URL[len("http"):], "secret")
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	start := time.Now()
	rctx, rcancel := context.WithTimeout(ctx, 5*time.Second)
	defer rcancel()
	_, err = cl.Read(rctx)
	took := time.Since(start)
	if err == nil || errors.Is(err, context.DeadlineExceeded) || took > 5*(k.every+k.wait) {
		t.Errorf("reading from a session that answers no ping: %v after %v, want an error within %v", err, took.Round(time.Millisecond), 5*(k.every+k.wait))
	}
}
