package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// Nothing a player is sent or refused over the wire tells of a figure it
// cannot see (issue 34): a probing move, and a window far behind.

// withJeb is the demo fight with Jeb at hex label, hidden by the Judge,
// its rolls fixed by a seed.
func withJeb(t *testing.T, label string) *session.FightFile {
	t.Helper()
	data, err := json.Marshal(demo(t))
	if err != nil {
		t.Fatal(err)
	}
	f, err := session.DecodeFight(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	f.Options.Seed = new(uint64(34))
	for i := range f.Figures {
		if f.Figures[i].ID == "jeb" {
			f.Figures[i].At, f.Figures[i].Hidden = label, true
		}
	}
	return f
}

// probeAnswer sends cmd from cl and returns what cl is sent up to its result:
// each event and welcome without the numbers and times the session and
// the connection stamp, and the result; seen reports whether a welcome
// showed Jeb.
func probeAnswer(ctx context.Context, t *testing.T, cl *Client, cmd session.Command) (got string, seen bool) {
	t.Helper()
	id, err := cl.Send(ctx, cmd)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for {
		m, err := cl.Read(ctx)
		if err != nil {
			t.Fatalf("reading the answer to %+v: %v", cmd, err)
		}
		switch m.Type {
		case MsgEvent:
			e := *m.Event
			e.Seq, e.Cmd, e.Time = 0, 0, time.Time{}
			data, _ := json.Marshal(e)
			fmt.Fprintf(&b, "event %s\n", data)
		case MsgWelcome:
			data, _ := json.Marshal(m.Events[0].Fight)
			seen = seen || bytes.Contains(data, []byte(`"jeb"`))
			fmt.Fprintf(&b, "welcome %s\n", data)
		case MsgResult:
			if m.ID == id {
				fmt.Fprintf(&b, "result ok %v %s %q\n", m.OK, m.Code, m.Error)
				return b.String(), seen
			}
		}
	}
}

// TestAMoveProbesNothingOverTheWire: Alice, commanding Cyril, moves him
// to each hex about G5, with Jeb hidden by the Judge at G5 in one fight
// and far away at X2 in another: Alice is sent the same, unless Cyril
// ran into Jeb (then a fresh view shows him). Before, the move onto G5
// was refused "G5 is taken by another figure", and the moves near it went
// round it: a probe found Jeb for nothing.
func TestAMoveProbesNothingOverTheWire(t *testing.T) {
	g5 := hexmap.Hex{Q: 4, R: 4} // G5
	met := 0
	for _, h := range append([]hexmap.Hex{g5}, g5.Ring(1)...) {
		var gets [2]string
		ran := false
		for i, at := range []string{"G5", "X2"} {
			s, err := session.Open(withJeb(t, at), filepath.Join(t.TempDir(), fmt.Sprintf("%d.journal.jsonl", i)))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			ctx, _, alice := table(t, s)
			got, seen := probeAnswer(ctx, t, alice, session.Command{Kind: session.CommandMove, Figure: "cyril", To: &h})
			gets[i], ran = got, ran || seen
		}
		if ran {
			met++
			continue
		}
		if gets[0] != gets[1] {
			t.Errorf("a move to %v: with Jeb hidden at G5 Alice gets\n%s\nwith him at X2\n%s", h, gets[0], gets[1])
		}
	}
	if met == 0 {
		t.Error("no move ran into Jeb at G5")
	}
}

// smallWindow dials with a receive buffer of a few KiB, so that a client
// that does not read soon leaves the server's writer behind.
func smallWindow() *websocket.DialOptions {
	d := &net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		var err error
		c.Control(func(fd uintptr) { err = setReceiveBuffer(fd, 4096) })
		return err
	}}
	return &websocket.DialOptions{HTTPClient: &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}}
}

// TestAWindowFarBehindIsNotSentAnOldHiddenMove: Jeb is hidden; Alice's
// window stops reading while the Judge labels the map afresh, over and
// over, until the server's writer is held up; hidden Jeb
// moves; the fight goes on for more events than the session remembers
// sights of; the Judge reveals Jeb; then the window reads all it was
// sent: not Jeb's old move (a fresh view instead). Before, "Jeb Perkins
// moves 3 paces G5 → J5" reached it in full, judged by today's sight.
func TestAWindowFarBehindIsNotSentAnOldHiddenMove(t *testing.T) {
	s := open(t)
	do := func(c session.Command) {
		t.Helper()
		if _, err := s.Do(c); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
	}
	do(session.Command{Kind: session.CommandHide, Figure: "jeb"})
	// The window stops reading on purpose, for longer than a ping waits
	// under the race detector: no ping finds it dead meanwhile.
	keepaliveFor(t, time.Hour, time.Hour)
	ctx, sv, seat := aliceTable(t, s, 60*time.Second)
	alice, _, err := dial(ctx, sv.URL(), seat.Token(), smallWindow())
	if err != nil {
		t.Fatal(err)
	}
	defer alice.Close()
	a1 := hexmap.Hex{Q: 0, R: 0}
	show := func(side string, n int) {
		for i := range n {
			do(session.Command{Kind: session.CommandRevealHexes, Fog: &session.FogOrder{Side: side, Hexes: []hexmap.Hex{a1}, Hide: i%2 == 1}})
		}
	}
	// Events Alice is sent as they are, which she does not read: the
	// server's writer falls behind them. Each labels every hex of the
	// map afresh, some hundred kilobytes.
	m := s.State().Map
	for i := range 400 {
		var cells []hexmap.Cell
		for _, h := range m.Hexes() {
			c := m.CellAt(h)
			c.Label = fmt.Sprintf("a long label to fill the pipe %d", i)
			cells = append(cells, c)
		}
		do(session.Command{Kind: session.CommandEditMap, Cells: cells})
	}
	j5 := hexmap.Hex{Q: 7, R: 4} // J5
	do(session.Command{Kind: session.CommandMove, Figure: "jeb", To: &j5})
	show("outlaws", session.RecentEvents+20)
	do(session.Command{Kind: session.CommandReveal, Figure: "jeb"})
	do(session.Command{Kind: session.CommandTurn, Figure: "cyril", Turn: 1}) // the last: Alice reads up to it
	st := s.State()
	turned := st.Map.Orientation.SideNames()[st.Figures["cyril"].Facing]
	for {
		m, err := alice.Read(ctx)
		if err != nil {
			t.Fatalf("Alice's window, reading: %v", err)
		}
		if m.Type == MsgWelcome && len(m.Events) > 0 && m.Events[0].Fight != nil {
			// A fresh view that covers the turn ends the stream too:
			// the server sends no event a welcome already covered.
			for _, f := range m.Events[0].Fight.Figures {
				if f.ID == "cyril" && f.Facing == turned {
					return
				}
			}
		}
		if m.Type != MsgEvent {
			continue
		}
		if m.Event.Figure == "jeb" && m.Event.Kind == session.EventMoved {
			t.Fatalf("hidden Jeb's old move reached Alice's window: %q", m.Event.Text)
		}
		if m.Event.Kind == session.EventTurned && m.Event.Figure == "cyril" {
			return
		}
	}
}

// TestAnotherSidesRevealsStayWithItOverTheWire: the hexes the Judge shows
// the outlaws do not reach Alice, of the posse.
func TestAnotherSidesRevealsStayWithItOverTheWire(t *testing.T) {
	s := open(t)
	ctx, judge, alice := table(t, s)
	a1 := hexmap.Hex{Q: 0, R: 0}
	if _, err := judge.Send(ctx, session.Command{Kind: session.CommandRevealHexes, Fog: &session.FogOrder{Side: "outlaws", Hexes: []hexmap.Hex{a1}}}); err != nil {
		t.Fatal(err)
	}
	got, _ := probeAnswer(ctx, t, alice, session.Command{Kind: session.CommandTurn, Figure: "cyril", Turn: 1})
	if strings.Contains(got, "hexes_revealed") || strings.Contains(got, "outlaws") {
		t.Errorf("the outlaws' revealed hex reached Alice:\n%s", got)
	}
}
