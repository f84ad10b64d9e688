package board

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/hexmap"
)

// conn keeps a map window connected to its session: it dials, redials after
// a loss, and hands messages to the game loop through an inbox.
type conn struct {
	url, token string
	join       string // a join code, instead of url and token
	out        chan session.Command
	pings      chan hexmap.Hex

	mu       sync.Mutex
	inbox    []inMsg
	status   string   // "" when connected, else why not
	rejected error    // the session refused this window: stop
	role     string   // the seat's role, once connected
	figures  []string // a player's figures
	// sent are the commands sent on this connection and not answered
	// yet, by their ids (prefix and a count: unique to the window, so
	// that the session's answer to a resent id is never another's).
	sent   map[string]session.Command
	prefix string
	next   int
}

// inMsg is a message for the game loop; welcome carries the events so far.
type inMsg struct {
	welcome []session.Event
	msg     transport.Message
	cmd     *session.Command // a result's: the command it answers
}

func newConn(url, token string) *conn {
	return &conn{url: url, token: token, out: make(chan session.Command, 16), pings: make(chan hexmap.Hex, 4), status: "Connecting to the session…",
		prefix: "w" + session.NewToken()[:12]}
}

// judge reports whether the window holds the Judge's seat.
func (c *conn) judge() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.role == string(session.RoleJudge)
}

// own reports whether a player's seat commands figure id.
func (c *conn) own(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, f := range c.figures {
		if f == id {
			return true
		}
	}
	return false
}

// owned lists a player's figures.
func (c *conn) owned() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.figures...)
}

// run dials and reads until ctx ends or the session rejects the window.
func (c *conn) run(ctx context.Context) {
	for ctx.Err() == nil {
		dctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		var cl *transport.Client
		var past []session.Event
		var err error
		if c.join != "" {
			cl, past, err = transport.DialJoinCode(dctx, c.join)
		} else {
			cl, past, err = transport.Dial(dctx, c.url, c.token)
		}
		cancel()
		if errors.Is(err, transport.ErrRejected) || errors.Is(err, transport.ErrFingerprint) {
			c.mu.Lock()
			c.rejected = err
			c.mu.Unlock()
			return
		}
		if errors.Is(err, transport.ErrBusy) {
			// Its seat holds the most connections it may (other windows,
			// or lost ones not yet gone): one may close.
			c.setStatus("The session has too many connections for this seat (" + c.where() + "); close another of its windows; retrying…")
			slog.Info("board: dial", "err", err)
			sleep(ctx, 2*time.Second)
			continue
		}
		if err != nil {
			c.setStatus("The session is not answering (" + c.where() + "); retrying…")
			slog.Debug("board: dial", "err", err)
			sleep(ctx, time.Second)
			continue
		}
		slog.Info("board: connected", "url", c.where(), "role", cl.Role)
		c.mu.Lock()
		c.role, c.figures = cl.Role, cl.Figures
		c.mu.Unlock()
		c.post(inMsg{welcome: past})
		c.setStatus("")
		c.serve(ctx, cl)
		c.setStatus("The session went away; reconnecting…")
		slog.Warn("board: lost the session", "url", c.where())
		sleep(ctx, 500*time.Millisecond)
	}
}

// serve pumps one connection until it fails.
func (c *conn) serve(ctx context.Context, cl *transport.Client) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer cl.Close()
	defer func() {
		c.mu.Lock()
		c.sent = nil // their answers went with the connection
		c.mu.Unlock()
	}()
	go func() {
		for {
			select {
			case cmd := <-c.out:
				if err := cl.SendID(ctx, c.track(cmd), cmd); err != nil {
					c.post(inMsg{msg: transport.Message{Type: transport.MsgResult, Code: transport.ErrFailed, Error: "not sent, the session is gone: " + err.Error()}})
					cancel()
					return
				}
			case h := <-c.pings:
				if err := cl.Ping(ctx, h); err != nil {
					cancel()
					return
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	for {
		m, err := cl.Read(ctx)
		if err != nil {
			return
		}
		if m.Type == transport.MsgWelcome {
			// The session rebuilt this window's view (an undo, a figure
			// hidden or placed): start afresh from it.
			c.mu.Lock()
			c.figures = m.Figures
			c.mu.Unlock()
			c.post(inMsg{welcome: m.Events})
			continue
		}
		in := inMsg{msg: m}
		if (m.Type == transport.MsgResult || m.Type == transport.MsgError) && m.ID != "" {
			in.cmd = c.answered(m.ID) // an error with an id: the command was dropped (the rate)
		}
		c.post(in)
	}
}

// track notes cmd as sent and not answered, and returns its id.
func (c *conn) track(cmd session.Command) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.next++
	id := c.prefix + "-" + strconv.Itoa(c.next)
	if c.sent == nil {
		c.sent = map[string]session.Command{}
	}
	c.sent[id] = cmd
	return id
}

// answered returns the command a result with id answers, once; nil for
// none sent on this window.
func (c *conn) answered(id string) *session.Command {
	c.mu.Lock()
	defer c.mu.Unlock()
	cmd, ok := c.sent[id]
	if !ok {
		return nil
	}
	delete(c.sent, id)
	return &cmd
}

// send queues a command; it reports false when the queue is full or the
// window is not connected.
func (c *conn) send(cmd session.Command) bool {
	if c == nil || c.statusText() != "" {
		return false
	}
	select {
	case c.out <- cmd:
		return true
	default:
		return false
	}
}

// ping queues a ping of hex h; false when the queue is full or the window
// is not connected.
func (c *conn) ping(h hexmap.Hex) bool {
	if c == nil || c.statusText() != "" {
		return false
	}
	select {
	case c.pings <- h:
		return true
	default:
		return false
	}
}

func (c *conn) post(m inMsg) {
	c.mu.Lock()
	c.inbox = append(c.inbox, m)
	c.mu.Unlock()
}

// take empties the inbox.
func (c *conn) take() []inMsg {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	in := c.inbox
	c.inbox = nil
	return in
}

func (c *conn) where() string {
	if c.join != "" {
		if u, _, _, err := transport.ParseJoinCode(c.join); err == nil {
			return u
		}
	}
	return c.url
}

func (c *conn) setStatus(s string) {
	c.mu.Lock()
	c.status = s
	c.mu.Unlock()
}

func (c *conn) statusText() string {
	if c == nil {
		return ""
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.status
}

func (c *conn) rejection() error {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.rejected
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
