package transport

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// TestAScrubStepIsSentAsADeltaOnTheMomentTheWindowHas: the Judge's window
// is sent the first moment whole (mark 1), the next as a delta on it
// (base 1, no map, the hex edited between, with at most its neighbours); a window that connects (or
// reconnects) mid-replay is sent the whole map; a window speaking
// protocol version 1 is sent every moment whole; and back to live, the
// next moment goes whole again.
func TestAScrubStepIsSentAsADeltaOnTheMomentTheWindowHas(t *testing.T) {
	s := open(t)
	at := hexmap.Hex{Q: 5, R: 6}
	for k := range 3 {
		c := s.State().Map.CellAt(at)
		c.Label = fmt.Sprint("post ", k)
		if _, err := s.Do(session.Command{Kind: session.CommandEditMap, Cells: []hexmap.Cell{c}}); err != nil {
			t.Fatal(err)
		}
	}
	ctx, sv, _ := aliceTable(t, s, 10*time.Second)
	judge, _ := dialOne(ctx, t, sv.URL(), "secret")
	old := dialVersion(ctx, t, sv.URL(), "secret", 1)
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	show := func(i int) {
		m, err := tl.Moment(tl.Len() - 4 + i)
		if err != nil {
			t.Fatal(err)
		}
		s.ShowReplay(m)
	}
	whole := func(name string, m *session.Moment, mark int) {
		t.Helper()
		if m == nil || m.Fight == nil || m.Fight.Map == nil || m.Base != 0 || m.Mark != mark {
			t.Fatalf("%s: sent %+v, want the whole moment marked %d", name, m, mark)
		}
	}
	show(1)
	whole("the first moment", next(ctx, t, judge, MsgReplay).Replay, 1)
	whole("the first moment, version 1", readReplay(ctx, t, old), 1)
	show(2)
	d := next(ctx, t, judge, MsgReplay).Replay
	if d == nil || d.Base != 1 || d.Mark != 2 || d.Fight.Map != nil || len(d.Cells) == 0 || len(d.Cells) > 7 || d.Cells[0].At != at || d.Cells[0].Label != "post 1" {
		t.Fatalf("the next moment: sent %+v, want a delta on mark 1 of the hex edited, labelled %q (and at most its neighbours: an edit of a hex sets its hexsides)", d, "post 1")
	}
	whole("the next moment, version 1", readReplay(ctx, t, old), 2)
	again, _ := dialOne(ctx, t, sv.URL(), "secret")
	whole("a window connecting mid-replay", next(ctx, t, again, MsgReplay).Replay, 1)
	s.ShowReplay(nil)
	if m := next(ctx, t, judge, MsgReplay); m.Replay != nil {
		t.Fatalf("back to live: sent %+v", m.Replay)
	}
	show(3)
	whole("a moment after going back to live", next(ctx, t, judge, MsgReplay).Replay, 3)
}

// dialVersion is a raw connection saying hello in protocol version v.
func dialVersion(ctx context.Context, t *testing.T, url, token string, v int) *websocket.Conn {
	t.Helper()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.CloseNow() })
	c.SetReadLimit(-1)
	if err := wsjson.Write(ctx, c, Message{Type: MsgHello, Version: v, Token: token}); err != nil {
		t.Fatal(err)
	}
	var m Message
	if err := wsjson.Read(ctx, c, &m); err != nil || m.Type != MsgWelcome {
		t.Fatalf("version %d: the welcome: got %+v, %v", v, m, err)
	}
	return c
}

// readReplay reads c's messages up to a replay, and is its moment.
func readReplay(ctx context.Context, t *testing.T, c *websocket.Conn) *session.Moment {
	t.Helper()
	for {
		var m Message
		if err := wsjson.Read(ctx, c, &m); err != nil {
			t.Fatalf("waiting for a replay: %v", err)
		}
		if m.Type == MsgReplay {
			return m.Replay
		}
	}
}
