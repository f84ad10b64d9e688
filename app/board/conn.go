package board

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/hexmap"
)

// conn keeps a map window connected to its session: it dials, redials after
// a loss, and hands messages to the game loop through an inbox.
type conn struct {
	dial  Dialer // connects once; run calls it again after a loss
	where string // the session's address, for the status line
	out   chan session.Command
	pings chan hexmap.Hex

	mu       sync.Mutex
	inbox    []inMsg
	status   string   // "" when connected, else why not
	rejected error    // the session refused this window: stop
	role     string   // the seat's role, once connected
	figures  []string // a player's figures
	// sent are the commands sent and not answered yet, by their ids
	// (prefix and a count: unique to the window, so that the session's
	// answer to a resent id is never another's). A connection lost
	// before their answers came leaves them here, and the next sends
	// each again with its id (resend): the session carries a command
	// out once for its id, and answers again with its result.
	sent   map[string]session.Command
	prefix string
	next   int
	// full: the inbox holds maxInbox messages and the game loop has not
	// taken them (a browser's tab in the background stops the loop):
	// the connection is closed and the window dials again, for a fresh
	// welcome, once the loop takes its inbox (taken).
	full  bool
	taken chan struct{}
}

// Dialer connects a map window to its session once, returning the
// connection and every event so far that its seat may see.
type Dialer func(ctx context.Context) (*transport.Client, []session.Event, error)

// maxInbox is the most messages the inbox keeps for a game loop that does
// not take them: a tab in the background of a phone's browser runs no
// frames, while the fight goes on.
var maxInbox = 4096

// inMsg is a message for the game loop; welcome carries the events so far.
type inMsg struct {
	welcome []session.Event
	msg     transport.Message
	cmd     *session.Command // a result's: the command it answers
}

func newConn(url, token string) *conn {
	return dialConn(url, func(ctx context.Context) (*transport.Client, []session.Event, error) {
		return transport.Dial(ctx, url, token)
	})
}

// dialConn is a window's connection that dials with dial; where names
// the session for the status line.
func dialConn(where string, dial Dialer) *conn {
	return &conn{dial: dial, where: where, out: make(chan session.Command, 16), pings: make(chan hexmap.Hex, 4), status: "Connecting to the session…",
		prefix: "w" + session.NewToken()[:12], taken: make(chan struct{}, 1)}
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
		cl, past, err := c.dial(dctx)
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
			c.setStatus("The session has too many connections for this seat (" + c.where + "); close another of its windows; retrying…")
			slog.Info("board: dial", "err", err)
			sleep(ctx, 2*time.Second)
			continue
		}
		if err != nil {
			c.setStatus("The session is not answering (" + c.where + "); retrying…")
			slog.Debug("board: dial", "err", err)
			sleep(ctx, time.Second)
			continue
		}
		slog.Info("board: connected", "url", c.where, "role", cl.Role)
		c.mu.Lock()
		c.role, c.figures = cl.Role, cl.Figures
		c.mu.Unlock()
		c.post(inMsg{welcome: past})
		c.setStatus("")
		c.serve(ctx, cl)
		if c.waitTaken(ctx) {
			continue // the loop is back: a fresh welcome at once
		}
		c.setStatus("The session went away; reconnecting…")
		slog.Warn("board: lost the session", "url", c.where)
		sleep(ctx, 500*time.Millisecond)
	}
}

// waitTaken, when the inbox was full, waits until the game loop takes it
// before the window dials again; it reports whether it waited.
func (c *conn) waitTaken(ctx context.Context) bool {
	c.mu.Lock()
	full := c.full
	c.mu.Unlock()
	if !full {
		return false
	}
	c.setStatus("Paused while the window was away; reconnecting…")
	select {
	case <-c.taken:
	case <-ctx.Done():
	}
	return true
}

// serve pumps one connection until it fails.
func (c *conn) serve(ctx context.Context, cl *transport.Client) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer cl.Close()
	go func() {
		// What the last connection sent and did not see answered goes
		// again, with the same ids, before anything new.
		for _, r := range c.unanswered() {
			if err := cl.SendID(ctx, r.id, r.cmd); err != nil {
				cancel()
				return
			}
		}
		for {
			select {
			case cmd := <-c.out:
				// Tracked before it is written: should the write fail,
				// the next connection sends it again.
				if err := cl.SendID(ctx, c.track(cmd), cmd); err != nil {
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
		if !c.post(in) {
			return // the loop is not taking its inbox: dial again once it does
		}
	}
}

// pending is a command sent and not answered, by its id.
type pending struct {
	id  string
	cmd session.Command
}

// unanswered lists the commands sent and not answered, in the order they
// were sent.
func (c *conn) unanswered() []pending {
	c.mu.Lock()
	defer c.mu.Unlock()
	var ps []pending
	for id, cmd := range c.sent {
		ps = append(ps, pending{id, cmd})
	}
	sort.Slice(ps, func(i, j int) bool { return c.count(ps[i].id) < c.count(ps[j].id) })
	return ps
}

// count is the number of an id this window made (track).
func (c *conn) count(id string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(id, c.prefix+"-"))
	return n
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

// send queues a command; it reports false when the queue is full. While
// the window is not connected the command waits in the queue, and goes
// once the window is back.
func (c *conn) send(cmd session.Command) bool {
	if c == nil {
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

// post gives the game loop a message. A welcome makes the events before
// it moot (it carries the whole view), so they go. It reports false when the inbox is full: the
// message is dropped with the fight's others, and the caller closes the
// connection, to dial again for a welcome once the loop takes its inbox.
func (c *conn) post(m inMsg) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if m.welcome != nil {
		c.inbox = slices.DeleteFunc(c.inbox, func(m inMsg) bool { return m.msg.Type == transport.MsgEvent && m.welcome == nil })
	}
	if len(c.inbox) >= maxInbox {
		c.inbox, c.full = answersOnly(c.inbox), true
		return false
	}
	c.inbox = append(c.inbox, m)
	return true
}

// answersOnly keeps of in the answers to this window's commands.
func answersOnly(in []inMsg) []inMsg {
	kept := in[:0]
	for _, m := range in {
		if m.cmd != nil {
			kept = append(kept, m)
		}
	}
	return kept
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
	if c.full {
		c.full = false
		select {
		case c.taken <- struct{}{}:
		default:
		}
	}
	return in
}

func (c *conn) setStatus(s string) {
	c.mu.Lock()
	c.status = s
	c.mu.Unlock()
}

// connected reports whether the window is welcomed and connected now.
func (c *conn) connected() bool {
	if c == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.status == "" && c.role != "" && c.rejected == nil
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
