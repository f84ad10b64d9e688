package transport

import (
	"context"
	"strings"
	"testing"

	"github.com/coder/websocket/wsjson"

	"hexslinger/hexmap"
)

// TestAPingReachesEveryWindow: a player pings a hex, and every window of
// the table, the Judge's and the player's own, is told which hex and who
// pinged it; a ping off the map or without a hex is answered with an
// error and reaches nobody.
func TestAPingReachesEveryWindow(t *testing.T) {
	ctx, judge, player := table(t, open(t))

	// Off the map, and no hex at all: errors to the sender only.
	if err := player.Ping(ctx, hexmap.Hex{Q: 400, R: 0}); err != nil {
		t.Fatal(err)
	}
	if m := next(ctx, t, player, MsgError); m.Code != ErrRefused || !strings.Contains(m.Error, "not on the map") {
		t.Errorf("a ping off the map: %+v", m)
	}
	if err := wsjson.Write(ctx, player.c, Message{Type: MsgPing}); err != nil {
		t.Fatal(err)
	}
	if m := next(ctx, t, player, MsgError); m.Code != ErrBadMessage || !strings.Contains(m.Error, "needs a hex") {
		t.Errorf("a ping without a hex: %+v", m)
	}

	at := hexmap.Hex{Q: 5, R: 6}
	if err := player.Ping(ctx, at); err != nil {
		t.Fatal(err)
	}
	for name, cl := range map[string]*Client{"the Judge": judge, "the player": player} {
		m := next(ctx, t, cl, MsgPing)
		if m.Hex == nil || *m.Hex != at || m.By != "Alice" {
			t.Errorf("%s was told %+v, want %v pinged by Alice", name, m, at)
		}
	}
}

// next reads cl's messages until one of type want (or an error message,
// for want MsgError).
func next(ctx context.Context, t *testing.T, cl *Client, want string) Message {
	t.Helper()
	for {
		m, err := cl.Read(ctx)
		if err != nil {
			t.Fatalf("waiting for a %s message: %v", want, err)
		}
		if m.Type == want {
			return m
		}
		if m.Type == MsgPing && want == MsgError {
			t.Fatalf("a refused ping reached a window: %+v", m)
		}
	}
}
