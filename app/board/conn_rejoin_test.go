package board

import (
	"context"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/hexmap"
)

// cutProxy stands between a window and its session as a phone's network
// does: it can hold what the session sends (an answer on its way when the
// network drops), cut every connection, and refuse new ones (the phone
// asleep).
type cutProxy struct {
	ln       net.Listener
	upstream string
	hold     atomic.Bool // drop what the session sends
	refuse   atomic.Bool // close new connections at once
	mu       sync.Mutex
	conns    []net.Conn
	accepted atomic.Int32
}

func newCutProxy(t *testing.T, upstream string) *cutProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cutProxy{ln: ln, upstream: upstream}
	go p.serve()
	t.Cleanup(func() { ln.Close(); p.cut() })
	return p
}

func (p *cutProxy) url() string { return "ws://" + p.ln.Addr().String() + "/ws" }

func (p *cutProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		if p.refuse.Load() {
			c.Close()
			continue
		}
		up, err := net.Dial("tcp", p.upstream)
		if err != nil {
			c.Close()
			continue
		}
		p.accepted.Add(1)
		p.mu.Lock()
		p.conns = append(p.conns, c, up)
		p.mu.Unlock()
		go func() { io.Copy(up, c); up.Close() }()
		go func() {
			buf := make([]byte, 32<<10)
			for {
				n, err := up.Read(buf)
				if n > 0 && !p.hold.Load() {
					if _, werr := c.Write(buf[:n]); werr != nil {
						break
					}
				}
				if err != nil {
					break
				}
			}
			c.Close()
		}()
	}
}

// cut closes every connection through the proxy.
func (p *cutProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// moves counts the moved events in the session's journal so far.
func moves(s *session.Session) int {
	past, _, cancel := s.Subscribe(0)
	cancel()
	n := 0
	for _, e := range past {
		if e.Kind == session.EventMoved {
			n++
		}
	}
	return n
}

// TestConnRejoinsWithNothingLostOrDoneTwice: a command sent whose answer
// the network drops is sent again with the same id once the window is
// back, so the session carries it out once and the window still gets its
// result; a command given while the network is down goes once it is up.
func TestConnRejoinsWithNothingLostOrDoneTwice(t *testing.T) {
	s, sv := servedDemo(t)
	px := newCutProxy(t, strings.TrimSuffix(strings.TrimPrefix(sv.URL(), "ws://"), "/ws"))
	c := newConn(px.url(), "tok")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go c.run(ctx)
	var got []inMsg
	pump := func() { got = append(got, c.take()...) }
	results := func() (ok []session.Command) {
		for _, m := range got {
			if m.msg.Type == transport.MsgResult && m.cmd != nil && m.msg.OK {
				ok = append(ok, *m.cmd)
			}
		}
		return ok
	}
	waitUntil(t, "the welcome", func() bool { pump(); return len(got) > 0 && c.statusText() == "" })

	// The answer is lost: the session carries the move out, and the
	// network drops before its result comes back.
	px.hold.Store(true)
	to := hexmap.Hex{Q: 6, R: 7}
	move := session.Command{Kind: session.CommandMove, Figure: "cyril", To: &to}
	if !c.send(move) {
		t.Fatal("the move was not queued on a live connection")
	}
	waitUntil(t, "the session to carry the move out", func() bool { return moves(s) == 1 })
	px.refuse.Store(true)
	px.cut()
	px.hold.Store(false)
	waitUntil(t, "the loss to show", func() bool { pump(); return c.statusText() != "" })

	// Offline: a turn given now waits for the connection.
	turn := session.Command{Kind: session.CommandTurn, Figure: "cyril", Turn: 1}
	if !c.send(turn) {
		t.Errorf("a command given while offline was refused, want it queued until the window is back")
	}
	px.refuse.Store(false)
	waitUntil(t, "the move's result and the turn's, after rejoining", func() bool {
		pump()
		return len(results()) >= 2
	})
	if n := moves(s); n != 1 {
		t.Errorf("the session moved Cyril %d times after the move was resent, want 1", n)
	}
	var kinds []string
	for _, cmd := range results() {
		kinds = append(kinds, cmd.Kind)
	}
	if strings.Join(kinds, ",") != session.CommandMove+","+session.CommandTurn {
		t.Errorf("results the window got: %v, want the move's then the turn's", kinds)
	}
	if st := s.State(); st.Figures["cyril"].At != to {
		t.Errorf("Cyril at %v, want %v", st.Figures["cyril"].At, to)
	}
}

// TestConnInboxStaysBoundedWhileTheLoopSleeps: a browser's tab in the
// background runs no frames, so nothing takes the inbox while the fight
// goes on; the inbox stops at maxInbox (the connection closes), and once
// the loop takes it the window dials again and gets the whole fight.
func TestConnInboxStaysBoundedWhileTheLoopSleeps(t *testing.T) {
	defer func(n int) { maxInbox = n }(maxInbox)
	maxInbox = 8
	s, sv := servedDemo(t)
	c := newConn(sv.URL(), "tok")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go c.run(ctx)
	waitUntil(t, "the welcome", func() bool { return len(c.take()) > 0 && c.statusText() == "" })

	const turns = 40 // the loop sleeps through them
	for i := 0; i < turns; i++ {
		if _, err := s.Do(session.Command{Kind: session.CommandNewRound}); err != nil {
			t.Fatal(err)
		}
	}
	waitUntil(t, "the connection to stop for the sleeping loop", func() bool { return c.statusText() != "" })
	c.mu.Lock()
	n := len(c.inbox)
	c.mu.Unlock()
	if n > maxInbox {
		t.Errorf("inbox holds %d messages after %d events with no frames, want at most %d", n, turns, maxInbox)
	}

	// The loop wakes: the window dials again and its welcome is the
	// whole fight, every round in it.
	var welcome []session.Event
	waitUntil(t, "a fresh welcome", func() bool {
		for _, m := range c.take() {
			if m.welcome != nil {
				welcome = m.welcome
			}
		}
		return welcome != nil
	})
	st, err := session.Replay(welcome)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := st.Round, s.State().Round; got != want {
		t.Errorf("round %d in the fresh welcome, the session's %d", got, want)
	}
}
