package transport

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"

	"hexslinger/app/session"
	"hexslinger/hexmap"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
)

// ErrRejected wraps a session's refusal to let a client in (a wrong token
// or protocol version): retrying will not help.
var ErrRejected = errors.New("the session refused this client")

// ErrBusy wraps a session's refusal for too many connections (of the
// seat, or not yet past their hello): trying again once one has closed
// may work.
var ErrBusy = errors.New("the session has too many connections")

// Client is a connection to a session, as a map window holds it. Its
// owner reads on (Read) for as long as it holds it: the session's pings
// are answered while it reads, and the client's own find a session that
// stopped answering, closing the connection so that Read fails and the
// window dials again.
type Client struct {
	c      *websocket.Conn
	stop   context.CancelFunc // stops the client's pings
	mu     sync.Mutex
	next   int
	prefix string // makes this client's command ids its own
	Role   string
	// Figures are the figures a player's seat commands (none for the
	// Judge, who commands all).
	Figures []string
}

// Dial connects to the session at url with token and returns the client
// and every event so far.
func Dial(ctx context.Context, url, token string) (*Client, []session.Event, error) {
	return dial(ctx, url, token, nil)
}

func dial(ctx context.Context, url, token string, opts *websocket.DialOptions) (*Client, []session.Event, error) {
	c, _, err := websocket.Dial(ctx, url, opts)
	if err != nil {
		return nil, nil, fmt.Errorf("connect to %s: %w", url, err)
	}
	return greet(ctx, c, url, Message{Type: MsgHello, Version: ProtocolVersion, Token: token}, nil)
}

// greet says hello on c, answers a challenge with prove (if not nil) and
// returns the client once welcomed; it closes c on any other answer.
func greet(ctx context.Context, c *websocket.Conn, url string, hello Message, prove func(nonce string) string) (*Client, []session.Event, error) {
	c.SetReadLimit(-1) // the session is trusted: the welcome carries the whole fight
	if err := wsjson.Write(ctx, c, hello); err != nil {
		c.CloseNow()
		return nil, nil, fmt.Errorf("connect to %s: %w", url, err)
	}
	var m Message
	if err := wsjson.Read(ctx, c, &m); err != nil {
		c.CloseNow()
		return nil, nil, fmt.Errorf("connect to %s: %w", url, err)
	}
	if m.Type == MsgChallenge && prove != nil {
		if err := wsjson.Write(ctx, c, Message{Type: MsgProof, Proof: prove(m.Nonce)}); err != nil {
			c.CloseNow()
			return nil, nil, fmt.Errorf("connect to %s: %w", url, err)
		}
		m = Message{}
		if err := wsjson.Read(ctx, c, &m); err != nil {
			c.CloseNow()
			return nil, nil, fmt.Errorf("connect to %s: %w", url, err)
		}
	}
	switch m.Type {
	case MsgWelcome:
		pctx, stop := context.WithCancel(context.Background())
		go ping(pctx, c, keepalive, func() {})
		return &Client{c: c, stop: stop, Role: m.Role, Figures: m.Figures, prefix: session.NewToken()[:12]}, m.Events, nil
	case MsgError:
		c.CloseNow()
		if m.Code == ErrTooManyConnections {
			return nil, nil, fmt.Errorf("%w: %s (%s)", ErrBusy, m.Error, m.Code)
		}
		return nil, nil, fmt.Errorf("%w: %s (%s)", ErrRejected, m.Error, m.Code)
	}
	c.CloseNow()
	return nil, nil, fmt.Errorf("connect to %s: expected a welcome, got %q", url, m.Type)
}

// Send sends a command and returns the id its result will carry: unique
// to this client, so that the session answers a resent id with its first
// result rather than carrying the command out twice.
func (cl *Client) Send(ctx context.Context, cmd session.Command) (string, error) {
	cl.mu.Lock()
	cl.next++
	id := cl.prefix + "-" + strconv.Itoa(cl.next)
	cl.mu.Unlock()
	return id, cl.SendID(ctx, id, cmd)
}

// SendID sends a command with an id of the caller's: the same id sent
// again, on this connection or another of the same seat, answers with the
// first one's result.
func (cl *Client) SendID(ctx context.Context, id string, cmd session.Command) error {
	return wsjson.Write(ctx, cl.c, Message{Type: MsgCommand, ID: id, Command: &cmd})
}

// Ping marks hex at on every window of the session for a few seconds.
func (cl *Client) Ping(ctx context.Context, at hexmap.Hex) error {
	return wsjson.Write(ctx, cl.c, Message{Type: MsgPing, Hex: &at})
}

// Read waits for the next message from the session.
func (cl *Client) Read(ctx context.Context) (Message, error) {
	var m Message
	err := wsjson.Read(ctx, cl.c, &m)
	return m, err
}

// Close closes the connection.
func (cl *Client) Close() error {
	cl.stop()
	return cl.c.Close(websocket.StatusNormalClosure, "bye")
}
