package session

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
)

// Limits of one client.
const (
	clientQueue = 256 // messages waiting for a slow client before it is dropped
	rateBurst   = 400 // commands at once
	ratePerSec  = 200 // commands a second, sustained
)

// Server serves a session over WebSocket to map windows.
type Server struct {
	s      *Session
	access *Access
	ln     net.Listener
	srv    *http.Server
	tls    bool
	ctx    context.Context // ends when the server closes, dropping clients
	cancel context.CancelFunc

	mu    sync.Mutex
	conns map[*Seat][]context.CancelFunc
}

// NewToken returns a random token for a seat.
func NewToken() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Serve listens on addr ("127.0.0.1:0" for a random port) and serves s to
// clients holding a seat of access; with tlsConfig it speaks TLS (wss).
// Close stops it.
func Serve(s *Session, addr string, access *Access, tlsConfig *tls.Config) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	if tlsConfig != nil {
		ln = tls.NewListener(ln, tlsConfig)
	}
	sv := &Server{s: s, access: access, ln: ln, tls: tlsConfig != nil, conns: map[*Seat][]context.CancelFunc{}}
	sv.ctx, sv.cancel = context.WithCancel(context.Background())
	access.OnRevoke(sv.drop)
	mux := http.NewServeMux()
	mux.HandleFunc("/ws", sv.handle)
	sv.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go sv.srv.Serve(ln)
	return sv, nil
}

// URL is the WebSocket address clients dial.
func (sv *Server) URL() string {
	if sv.tls {
		return "wss://" + sv.ln.Addr().String() + "/ws"
	}
	return "ws://" + sv.ln.Addr().String() + "/ws"
}

// Addr is the address the server listens on.
func (sv *Server) Addr() net.Addr { return sv.ln.Addr() }

// Close stops the server and drops every client.
func (sv *Server) Close() error {
	sv.cancel()
	return sv.srv.Close()
}

// drop ends every connection of a revoked seat.
func (sv *Server) drop(seat *Seat) {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	for _, cancel := range sv.conns[seat] {
		cancel()
	}
	delete(sv.conns, seat)
}

func (sv *Server) handle(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer c.CloseNow()
	c.SetReadLimit(MaxMessageSize)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stop := context.AfterFunc(sv.ctx, cancel) // the server closing drops the client
	defer stop()

	var hello Message
	hctx, hcancel := context.WithTimeout(ctx, 10*time.Second)
	err = wsjson.Read(hctx, c, &hello)
	hcancel()
	if err != nil {
		sv.reject(ctx, c, ErrBadMessage, "the first message must be a hello: "+err.Error())
		return
	}
	if hello.Type != MsgHello {
		sv.reject(ctx, c, ErrBadMessage, fmt.Sprintf("the first message must be a hello, not %q", hello.Type))
		return
	}
	if hello.Version != ProtocolVersion {
		sv.reject(ctx, c, ErrBadVersion, fmt.Sprintf("this session speaks protocol version %d, the client %d", ProtocolVersion, hello.Version))
		return
	}
	seat, err := sv.access.Seat(hello.Token)
	if err != nil {
		slog.Warn("session: refused a client", "remote", r.RemoteAddr, "why", err)
		code := ErrBadToken
		if errors.Is(err, ErrRevokedToken) {
			code = ErrRevoked
		}
		sv.reject(ctx, c, code, err.Error())
		return
	}
	sv.mu.Lock()
	sv.conns[seat] = append(sv.conns[seat], cancel)
	sv.mu.Unlock()

	_, events, unsubscribe := sv.s.Subscribe(clientQueue)
	defer unsubscribe()
	out := make(chan Message, clientQueue)
	// send queues a broadcast; a client too slow to take them is dropped
	// so that it holds up no one, and may reconnect and resync.
	send := func(m Message) bool {
		select {
		case out <- m:
			return true
		default:
			cancel()
			return false
		}
	}
	welcome := func() Message {
		m := Message{Type: MsgWelcome, Version: ProtocolVersion, Role: string(seat.Role), Events: sv.s.Welcome(seat)}
		if seat.Role == RolePlayer {
			m.Figures = append([]string(nil), seat.Figures...) // the figures this seat commands
		}
		return m
	}
	send(welcome())
	marks, unmark := sv.s.SubscribeHighlights()
	defer unmark()
	go func() { // events to the client, as its seat may see them
		for {
			select {
			case ids := <-marks:
				if ids = sv.s.visible(seat, ids); len(ids) > 0 && !send(Message{Type: MsgHighlight, Figures: ids}) {
					return
				}
			case e, ok := <-events:
				if !ok {
					cancel()
					return
				}
				pe, ok, resync := sv.s.ForSeat(seat, e)
				switch {
				case resync:
					ok = send(welcome())
				case ok:
					ok = send(Message{Type: MsgEvent, Event: &pe})
				default:
					ok = true
				}
				if !ok {
					return
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { // commands from the client
		defer cancel()
		bucket := newRateBucket()
		for {
			_, data, err := c.Read(ctx)
			if err != nil {
				return
			}
			reply := Message{Type: MsgError, Code: ErrRateLimited, Error: fmt.Sprintf("more than %d commands a second; slow down", ratePerSec)}
			if bucket.take() {
				reply = sv.answer(seat, data)
			}
			// A reply waits for room: a client that floods us with
			// commands is slowed down, not dropped.
			select {
			case out <- reply:
			case <-ctx.Done():
				return
			}
		}
	}()
	for { // the one writer
		select {
		case m := <-out:
			wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
			err := wsjson.Write(wctx, c, m)
			wcancel()
			if err != nil {
				return
			}
		case <-ctx.Done():
			c.Close(websocket.StatusGoingAway, "session closed the connection")
			return
		}
	}
}

// rateBucket is a token bucket limiting a client's commands.
type rateBucket struct {
	tokens float64
	last   time.Time
}

func newRateBucket() *rateBucket { return &rateBucket{tokens: rateBurst, last: time.Now()} }

func (b *rateBucket) take() bool {
	now := time.Now()
	b.tokens = min(rateBurst, b.tokens+now.Sub(b.last).Seconds()*ratePerSec)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// answer handles one client message and returns the reply.
func (sv *Server) answer(seat *Seat, data []byte) Message {
	var m Message
	if err := json.Unmarshal(data, &m); err != nil {
		return Message{Type: MsgError, Code: ErrBadMessage, Error: "bad JSON: " + err.Error()}
	}
	if m.Type != MsgCommand {
		return Message{Type: MsgError, ID: m.ID, Code: ErrBadMessage, Error: fmt.Sprintf("unknown message type %q", m.Type)}
	}
	if m.Command == nil {
		return Message{Type: MsgResult, ID: m.ID, Code: ErrBadMessage, Error: "a command message needs a command"}
	}
	_, err := sv.s.DoAs(seat, *m.Command)
	var ref *Refusal
	var forb *Forbidden
	switch {
	case errors.As(err, &forb):
		return Message{Type: MsgResult, ID: m.ID, Code: ErrForbidden, Error: forb.Reason}
	case errors.As(err, &ref):
		return Message{Type: MsgResult, ID: m.ID, Code: ErrRefused, Error: ref.Reason, Needs: ref.Needs}
	case err != nil:
		return Message{Type: MsgResult, ID: m.ID, Code: ErrFailed, Error: err.Error()}
	}
	return Message{Type: MsgResult, ID: m.ID, OK: true}
}

func (sv *Server) reject(ctx context.Context, c *websocket.Conn, code, reason string) {
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	wsjson.Write(wctx, c, Message{Type: MsgError, Code: code, Error: reason})
	c.Close(websocket.StatusPolicyViolation, code)
}
