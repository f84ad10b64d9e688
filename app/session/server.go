package session

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
)

// clientQueue is how many messages may wait for a slow client before it is
// dropped (it may reconnect and resync).
const clientQueue = 256

// Server serves a session over WebSocket to map windows.
type Server struct {
	s      *Session
	token  string
	ln     net.Listener
	srv    *http.Server
	ctx    context.Context // ends when the server closes, dropping clients
	cancel context.CancelFunc
}

// NewToken returns a random token for a session.
func NewToken() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Serve listens on addr ("127.0.0.1:0" for a random port) and serves s to
// clients that present token. Close stops it.
func Serve(s *Session, addr, token string) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	sv := &Server{s: s, token: token, ln: ln}
	sv.ctx, sv.cancel = context.WithCancel(context.Background())
	mux := http.NewServeMux()
	mux.HandleFunc("/ws", sv.handle)
	sv.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go sv.srv.Serve(ln)
	return sv, nil
}

// URL is the WebSocket address clients dial.
func (sv *Server) URL() string { return "ws://" + sv.ln.Addr().String() + "/ws" }

// Close stops the server and drops every client.
func (sv *Server) Close() error {
	sv.cancel()
	return sv.srv.Close()
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
	switch {
	case err != nil:
		sv.reject(ctx, c, ErrBadMessage, "the first message must be a hello: "+err.Error())
		return
	case hello.Type != MsgHello:
		sv.reject(ctx, c, ErrBadMessage, fmt.Sprintf("the first message must be a hello, not %q", hello.Type))
		return
	case hello.Version != ProtocolVersion:
		sv.reject(ctx, c, ErrBadVersion, fmt.Sprintf("this session speaks protocol version %d, the client %d", ProtocolVersion, hello.Version))
		return
	case subtle.ConstantTimeCompare([]byte(hello.Token), []byte(sv.token)) != 1:
		slog.Warn("session: refused a client with a wrong token", "remote", r.RemoteAddr)
		sv.reject(ctx, c, ErrBadToken, "the token is wrong: this map window is not for this session")
		return
	}

	past, events, unsubscribe := sv.s.Subscribe(clientQueue)
	defer unsubscribe()
	out := make(chan Message, clientQueue)
	send := func(m Message) bool {
		select {
		case out <- m:
			return true
		default:
			cancel() // too slow: drop it
			return false
		}
	}
	send(Message{Type: MsgWelcome, Version: ProtocolVersion, Role: "judge", Events: past})
	go func() { // events to the client
		for {
			select {
			case e, ok := <-events:
				if !ok {
					cancel()
					return
				}
				if !send(Message{Type: MsgEvent, Event: &e}) {
					return
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { // commands from the client
		defer cancel()
		for {
			_, data, err := c.Read(ctx)
			if err != nil {
				return
			}
			if !send(sv.answer(data)) {
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

// answer handles one client message and returns the reply.
func (sv *Server) answer(data []byte) Message {
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
	_, err := sv.s.Do(*m.Command)
	var ref *Refusal
	switch {
	case errors.As(err, &ref):
		return Message{Type: MsgResult, ID: m.ID, Code: ErrRefused, Error: ref.Reason}
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
