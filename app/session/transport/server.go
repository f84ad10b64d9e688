package transport

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hexslinger/app/session"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
)

// Limits of one seat, shared by its connections: RateBurst messages at
// once, RatePerSec a second sustained (docs/protocol.md); and of one
// connection: clientQueue events waiting for it.
const (
	clientQueue = 4096 // events waiting for a slow client before it is dropped
	RateBurst   = 400  // messages at once, a seat's connections together
	RatePerSec  = 200  // messages a second, sustained
)

// Server serves a session over WebSocket to map windows.
type Server struct {
	s      *session.Session
	access *session.Access
	ln     net.Listener
	srv    *http.Server
	tls    bool
	ctx    context.Context // ends when the server closes, dropping clients
	cancel context.CancelFunc

	limit rateLimit      // per seat
	alive keepaliveTimes // how each connection is pinged

	// judgeBytes is each event as the Judge's connections are sent it,
	// encoded once for them all.
	judgeBytes sharedEncodings

	// web is the player's map for browsers, served at BrowserPath.
	web atomic.Pointer[WebApp]

	mu    sync.Mutex
	seats map[*session.Seat]*seatState
	// Connections on their way in: those that have not sent their HTTP
	// request yet (their TLS handshake included), by connection, and
	// those accepted as WebSocket that have not said hello yet.
	silent     gate
	silentConn map[net.Conn]string // the host of each silent connection
	hellos     gate
}

// gate counts connections in one phase of their opening, in all and by
// host, and lets one in only while fewer than MaxHandshakes, and than
// MaxHandshakesPerHost from its host, are in it (one host cannot fill it).
type gate struct {
	total int
	hosts map[string]int
}

// enter counts a connection from host in, if there is room; the caller
// holds sv.mu.
func (g *gate) enter(host string) error {
	switch {
	case g.hosts[host] >= MaxHandshakesPerHost:
		return fmt.Errorf("%d connections from %s are waiting to say hello, the most one host may open at once: try again in a moment", MaxHandshakesPerHost, host)
	case g.total >= MaxHandshakes:
		return fmt.Errorf("%d connections are waiting to say hello, the most the session takes at once: try again in a moment", MaxHandshakes)
	}
	if g.hosts == nil {
		g.hosts = map[string]int{}
	}
	g.hosts[host]++
	g.total++
	return nil
}

// leave counts a connection from host out; the caller holds sv.mu.
func (g *gate) leave(host string) {
	g.total--
	if g.hosts[host]--; g.hosts[host] <= 0 {
		delete(g.hosts, host)
	}
}

// host is the host part of a remote address.
func host(addr string) string {
	h, _, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	return h
}

// connState bounds the connections that have not sent their HTTP request
// yet: one past the gate is closed at once (no protocol is spoken yet to
// tell it why); the others wait at most ReadHeaderTimeout.
func (sv *Server) connState(c net.Conn, state http.ConnState) {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if state == http.StateNew {
		h := host(c.RemoteAddr().String())
		if sv.silent.enter(h) != nil {
			c.Close()
			return
		}
		if sv.silentConn == nil {
			sv.silentConn = map[net.Conn]string{}
		}
		sv.silentConn[c] = h
		return
	}
	if h, ok := sv.silentConn[c]; ok {
		delete(sv.silentConn, c)
		sv.silent.leave(h)
	}
}

// seatState is what the server keeps of one seat while it runs: its
// connections now, its rate limit and its recent command ids, shared by
// its connections (a seat closing and opening connections keeps them).
type seatState struct {
	conns  map[*context.CancelFunc]bool // each connection's cancel
	bucket *rateBucket
	ids    *idCache
}

// seat returns the state of a seat; the caller holds sv.mu.
func (sv *Server) seat(seat *session.Seat) *seatState {
	if sv.seats == nil {
		sv.seats = map[*session.Seat]*seatState{}
	}
	st := sv.seats[seat]
	if st == nil {
		st = &seatState{conns: map[*context.CancelFunc]bool{}, bucket: newRateBucket(sv.limit),
			ids: &idCache{entries: map[string]*idEntry{}}}
		sv.seats[seat] = st
	}
	return st
}

// join counts a connection of seat in, unless the seat holds
// MaxSeatConnections already; leave counts it out.
func (sv *Server) join(seat *session.Seat, cancel context.CancelFunc) (st *seatState, leave func(), ok bool) {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	st = sv.seat(seat)
	if len(st.conns) >= MaxSeatConnections {
		return nil, nil, false
	}
	key := &cancel
	st.conns[key] = true
	return st, func() {
		sv.mu.Lock()
		delete(st.conns, key)
		sv.mu.Unlock()
	}, true
}

// handshake counts a connection from remote that has not said hello yet,
// if the gate has room; done counts it out (it may be called again).
func (sv *Server) handshake(remote string) (done func(), err error) {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	h := host(remote)
	if err := sv.hellos.enter(h); err != nil {
		return nil, err
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			sv.mu.Lock()
			sv.hellos.leave(h)
			sv.mu.Unlock()
		})
	}, nil
}

// Serve listens on addr ("127.0.0.1:0" for a random port) and serves s to
// clients holding a seat of access; with tlsConfig it speaks TLS (wss).
// Close stops it.
func Serve(s *session.Session, addr string, access *session.Access, tlsConfig *tls.Config) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	ln = corkListener{ln} // under TLS: its records are held and sent together
	if tlsConfig != nil {
		// One port for both: TLS for the native windows, plain HTTP for
		// browsers (the page and the proof's WebSocket), told apart by
		// each connection's first byte.
		ln = sniffListener{Listener: ln, cfg: tlsConfig}
	}
	sv := &Server{s: s, access: access, ln: ln, tls: tlsConfig != nil,
		limit: rateLimit{burst: RateBurst, perSec: RatePerSec}, alive: keepalive}
	sv.ctx, sv.cancel = context.WithCancel(context.Background())
	access.OnRevoke(sv.drop)
	mux := http.NewServeMux()
	mux.HandleFunc("/ws", sv.handle)
	mux.HandleFunc(BrowserPath, sv.serveWeb)
	// One request a connection: a request that is not a WebSocket's (a
	// plain GET, another path) is answered and its connection closed, so
	// that no connection idles as keep-alive past the bounds on those on
	// their way in (a WebSocket's takes the connection over, and the
	// header is its own). IdleTimeout is the backstop.
	oneRequest := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Connection", "close")
		mux.ServeHTTP(w, r)
	})
	sv.srv = &http.Server{Handler: oneRequest, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 10 * time.Second, ConnState: sv.connState,
		ConnContext: func(ctx context.Context, c net.Conn) context.Context { return withSniff(withCork(ctx, c), c) }}
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
func (sv *Server) drop(seat *session.Seat) {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if st := sv.seats[seat]; st != nil {
		for cancel := range st.conns {
			(*cancel)()
		}
	}
}

func (sv *Server) handle(w http.ResponseWriter, r *http.Request) {
	handshook, full := sv.handshake(r.RemoteAddr)
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		if full == nil {
			handshook()
		}
		// Accept answered (426 and the like) with the headers of an
		// upgrade, which keep the connection open: it is closed here,
		// once the answer is out.
		if conn, rw, herr := http.NewResponseController(w).Hijack(); herr == nil {
			rw.Flush()
			conn.Close()
		}
		return
	}
	defer c.CloseNow()
	if full != nil {
		sv.reject(r.Context(), c, ErrTooManyConnections, full.Error())
		return
	}
	defer handshook()
	c.SetReadLimit(MaxMessageSize)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stop := context.AfterFunc(sv.ctx, cancel) // the server closing drops the client
	defer stop()

	// The hello, and a browser's proof, within one bound, counted as on
	// their way in until then.
	hctx, hcancel := context.WithTimeout(ctx, 10*time.Second)
	clearFromLAN := sv.tls && overPlain(r.Context()) && !fromLoopback(r.RemoteAddr)
	hello, seat, code, why := sv.greet(hctx, wsTalk{c}, r.RemoteAddr, clearFromLAN)
	hcancel()
	handshook()
	if code != "" {
		sv.reject(ctx, c, code, why)
		return
	}
	st, leave, ok := sv.join(seat, cancel)
	if !ok {
		sv.reject(ctx, c, ErrTooManyConnections, fmt.Sprintf("this seat (%s) has %d connections open, the most one seat may hold: close one of its map windows, or wait a moment for a lost one to go", seat.Name, MaxSeatConnections))
		return
	}
	defer leave()
	if seat.Role == session.RoleJudge {
		c.SetReadLimit(MaxJudgeMessageSize) // room for the largest map edit
	}

	// A connection that stops answering pings goes, and frees its slot.
	go ping(ctx, c, sv.alive, cancel)

	events, unlisten := sv.s.Listen(clientQueue)
	defer unlisten()
	marks, unmark := sv.s.SubscribeSignals()
	defer unmark()
	replies := make(chan reply, replyQueue)
	started := make(chan func() reply, replyQueue)
	go func() { // commands from the client, each started in turn
		defer cancel()
		for {
			_, data, err := c.Read(ctx)
			if err != nil {
				return
			}
			var finish func() reply
			ok, wait := st.bucket.take()
			if ok {
				finish = sv.answer(ctx, seat, data)
			} else {
				r := reply{msg: Message{Type: MsgError, ID: messageID(data), Code: ErrRateLimited, Error: fmt.Sprintf("this seat sent more than %.0f messages a second; slow down", sv.limit.perSec)}}
				finish = func() reply { return r }
			}
			// A reply waits for room: a client that floods us with
			// commands is slowed down, not dropped, and its replies never
			// crowd out its events, which have their own queue.
			select {
			case started <- finish:
			case <-ctx.Done():
				return
			}
			if !ok {
				// Over the seat's rate, this connection reads on only once
				// the seat may send again: a flood waits where it comes
				// from, not in the session.
				t := time.NewTimer(wait)
				select {
				case <-t.C:
				case <-ctx.Done():
					t.Stop()
					return
				}
			}
		}
	}()
	go func() { // the started commands' results, in order, once synced
		for {
			select {
			case finish := <-started:
				select {
				case replies <- finish():
				case <-ctx.Done():
					return
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	sv.write(ctx, c, seat, hello.Version, events, marks, replies)
}

// talk is a connection's messages, as the handshake reads and writes
// them.
type talk interface {
	read(ctx context.Context, m *Message) error
	write(ctx context.Context, m Message) error
}

// wsTalk is a WebSocket's messages, as JSON.
type wsTalk struct{ c *websocket.Conn }

func (t wsTalk) read(ctx context.Context, m *Message) error { return wsjson.Read(ctx, t.c, m) }
func (t wsTalk) write(ctx context.Context, m Message) error { return wsjson.Write(ctx, t.c, m) }

// greet reads a connection's hello and finds its seat: by its token, or
// by the seat's id and the proof that answers a challenge (a browser's
// handshake); it returns the hello and the seat, or the error code and
// reason to refuse the connection with. clearFromLAN is a connection in
// clear text from another machine to a table that speaks TLS: a token
// there has crossed the network, and is refused.
func (sv *Server) greet(ctx context.Context, c talk, remote string, clearFromLAN bool) (hello Message, seat *session.Seat, code, why string) {
	if err := c.read(ctx, &hello); err != nil {
		return hello, nil, ErrBadMessage, "the first message must be a hello: " + err.Error()
	}
	if hello.Type != MsgHello {
		return hello, nil, ErrBadMessage, fmt.Sprintf("the first message must be a hello, not %q", hello.Type)
	}
	if hello.Version < MinProtocolVersion || hello.Version > ProtocolVersion {
		return hello, nil, ErrBadVersion, fmt.Sprintf("this session speaks protocol versions %d to %d, the client %d", MinProtocolVersion, ProtocolVersion, hello.Version)
	}
	var err error
	switch {
	case hello.Token == "" && hello.Seat != "":
		nonce := make([]byte, 32)
		rand.Read(nonce)
		challenge := hex.EncodeToString(nonce)
		if err := c.write(ctx, Message{Type: MsgChallenge, Nonce: challenge}); err != nil {
			return hello, nil, ErrBadMessage, "the challenge could not be sent: " + err.Error()
		}
		var proof Message
		if err := c.read(ctx, &proof); err != nil {
			return hello, nil, ErrBadMessage, "a challenge is answered with a proof: " + err.Error()
		}
		if proof.Type != MsgProof {
			return hello, nil, ErrBadMessage, fmt.Sprintf("a challenge is answered with a proof, not %q", proof.Type)
		}
		seat, err = sv.access.SeatByProof(hello.Seat, proof.Proof, SeatID,
			func(token string) string { return SeatProof(token, challenge) })
	case clearFromLAN:
		// The token crossed the network in clear text: refused, so
		// that a client doing so finds out at once.
		slog.Warn("session: refused a token sent in clear text", "remote", remote)
		return hello, nil, ErrUseProof, "this table takes a token in clear text only from its own machine: join over TLS with a join code, or with the seat's proof (the browser's link), which never sends the token"
	default:
		seat, err = sv.access.Seat(hello.Token)
	}
	if err != nil {
		slog.Warn("session: refused a client", "remote", remote, "why", err)
		code := ErrBadToken
		if errors.Is(err, session.ErrRevokedToken) {
			code = ErrRevoked
		}
		return hello, nil, code, err.Error()
	}
	return hello, seat, "", ""
}

// fromLoopback reports whether a remote address is this machine's.
func fromLoopback(remote string) bool {
	ip := net.ParseIP(host(remote))
	return ip != nil && ip.IsLoopback()
}

// replyQueue is how many replies wait for a client to take them before its
// reader stops reading its commands.
const replyQueue = 64

// reply is the answer to one client message: sent once the client has
// been sent the events up to after (a command's result follows its
// events).
type reply struct {
	msg   Message
	after int
}

// write is a connection's one writer: the welcome, then the events the
// seat may see, the highlights, and the replies, each after the events its
// command made. A client too slow to take its events has its subscription
// dropped by the session and is disconnected, to resync on reconnecting.
func (sv *Server) write(ctx context.Context, c *websocket.Conn, seat *session.Seat, version int, events *session.Queue, marks <-chan session.Signal, replies <-chan reply) {
	send := func(data []byte) bool {
		wctx, wcancel := context.WithTimeout(ctx, writeWait)
		defer wcancel()
		return c.Write(wctx, websocket.MessageText, data) == nil
	}
	put := func(m Message) bool {
		data, err := json.Marshal(m)
		if err != nil {
			slog.Error("session: encoding a message failed", "type", m.Type, "error", err)
			return false
		}
		return send(data)
	}
	f := &feed{s: sv.s, seat: seat, judge: &sv.judgeBytes}
	if !put(f.welcome()) {
		return
	}
	// The moments this window is sent: the last (what a delta is on),
	// and its mark; a window of protocol version 1 is sent each whole.
	var last *session.Moment
	mark := 0
	putReplay := func(r *session.Moment) bool {
		if r == nil {
			last = nil
			return put(Message{Type: MsgReplay})
		}
		prev := last
		if version < 2 {
			prev = nil
		}
		out, err := r.Send(prev, mark)
		if err != nil {
			slog.Error("session: a replayed moment could not be made", "event", r.Event, "error", err)
			return true // the window goes on showing the moment it has
		}
		last, mark = r, mark+1
		return put(Message{Type: MsgReplay, Replay: out})
	}
	// A window joining mid-replay shows the moment too: the Judge's
	// always, a player's when the Judge shows it on the table.
	replaying := false // this window shows a replay
	// The session's moment this window was last told of: a signal that
	// finds it unchanged (it came while the window joined) says nothing.
	shown := sv.s.Replaying()
	if r := sv.s.ReplayingFor(seat); r != nil {
		if !putReplay(r) {
			return
		}
		replaying = true
	}
	var held []reply // replies waiting for their events
	flush := func() bool {
		for len(held) > 0 && held[0].after <= f.seen {
			if held[0].msg.Type == "" { // nothing to say (a ping taken)
				held = held[1:]
				continue
			}
			if !put(held[0].msg) {
				return false
			}
			held = held[1:]
		}
		return true
	}
	onMark := func(sig session.Signal) bool {
		if sig.Replay {
			// The Judge's windows replay; a player's keeps the live
			// fight unless the Judge shows the replay on the table, and
			// is told when it ends.
			now := sv.s.Replaying()
			if now == shown {
				return true
			}
			shown = now
			r := sv.s.ReplayingFor(seat)
			if (r != nil || replaying || seat.Role == session.RoleJudge) && !putReplay(r) {
				return false
			}
			replaying = r != nil
		} else if sig.Ping != nil {
			return put(Message{Type: MsgPing, Hex: sig.Ping, By: sig.By})
		} else if ids := sv.s.Visible(seat, sig.Figures); len(ids) > 0 {
			return put(Message{Type: MsgHighlight, Figures: ids})
		}
		return true
	}
	onEvents := func() bool {
		evs, open := events.Take()
		for _, e := range evs {
			if data, ok := f.eventBytes(e); ok && (data == nil || !send(data)) {
				return false // nil: it could not be encoded
			}
			if !flush() {
				return false
			}
		}
		return open // dropped for falling behind: the client reconnects and resyncs
	}
	onReply := func(r reply) bool {
		held = append(held, r)
		return flush()
	}
	// What is ready when the writer wakes leaves in one write to the
	// connection (corkConn): the events, highlights and replies found
	// waiting, up to drainAtOnce of them.
	cork := corkOf(ctx)
	for {
		var ok bool
		select {
		case sig := <-marks:
			cork.hold()
			ok = onMark(sig)
		case <-events.Ready():
			cork.hold()
			ok = onEvents()
		case r := <-replies:
			cork.hold()
			ok = onReply(r)
		case <-ctx.Done():
			c.Close(websocket.StatusGoingAway, "session closed the connection")
			return
		}
		for n := 0; ok && n < drainAtOnce; n++ {
			select {
			case sig := <-marks:
				ok = onMark(sig)
			case <-events.Ready():
				ok = onEvents()
			case r := <-replies:
				ok = onReply(r)
			default:
				n = drainAtOnce
			}
		}
		if err := cork.release(); !ok || err != nil {
			return
		}
	}
}

// drainAtOnce bounds how many wakings' worth of messages a connection's
// writer sends in one write.
const drainAtOnce = 64

// feed makes what one connection is sent of the session's events: the
// Judge's as the session numbers them; a player's as its seat may see
// them, numbered in a stream of the connection's own, so that the events
// the player is not sent leave no gap to count them by.
type feed struct {
	s    *session.Session
	seat *session.Seat
	// seen is the session's last event the connection has been sent or
	// a welcome covered.
	seen int
	// A player's numbering: the last seq and cmd it was sent, and the
	// session's command that cmd stands for.
	seq, cmd, sessionCmd int
	// judge holds the Judge's events encoded once for every Judge's
	// connection; a player's feed never reads it (its events are its
	// seat's view, numbered in its own stream).
	judge *sharedEncodings
}

// eventBytes is event's message for e encoded, if the connection is sent
// anything for e: a Judge's event is encoded once for every Judge's
// connection; a player's, and a welcome, for this connection alone. Data
// is nil if the message could not be encoded.
func (f *feed) eventBytes(e session.Event) (data []byte, ok bool) {
	m, ok := f.event(e)
	if !ok {
		return nil, false
	}
	var err error
	if !f.player() && f.judge != nil && m.Type == MsgEvent {
		data, err = f.judge.get(e.Seq, m)
	} else {
		data, err = json.Marshal(m)
	}
	if err != nil {
		slog.Error("session: encoding an event failed", "seq", e.Seq, "type", m.Type, "error", err)
		return nil, true
	}
	return data, true
}

// player reports whether the feed numbers its own stream.
func (f *feed) player() bool { return f.seat != nil && f.seat.Role != session.RoleJudge }

// welcome is the seat's welcome as of now, covering every event so far.
func (f *feed) welcome() Message {
	evs := f.s.Welcome(f.seat)
	f.seen = max(f.seen, evs[len(evs)-1].Seq)
	m := Message{Type: MsgWelcome, Version: ProtocolVersion, Role: string(f.seat.Role), Events: evs}
	if f.player() {
		m.Figures = f.s.Owned(f.seat) // the figures this seat commands
		for i := range evs {
			evs[i] = f.number(evs[i])
			evs[i].Time = time.Now() // the view's making, not the last (maybe hidden) event's
		}
	}
	return m
}

// event is what the connection is sent for the session's event e, if
// anything: the event as the seat may see it, or a fresh welcome when its
// view must be rebuilt. An event a welcome already covered is not sent.
func (f *feed) event(e session.Event) (Message, bool) {
	if e.Seq <= f.seen {
		return Message{}, false
	}
	pe, send, resync := f.s.ForSeat(f.seat, e)
	switch {
	case resync:
		m := f.welcome()
		f.seen = max(f.seen, e.Seq)
		return m, true
	case send:
		f.seen = e.Seq
		if f.player() {
			pe = f.number(pe)
		}
		return Message{Type: MsgEvent, Event: &pe}, true
	}
	f.seen = e.Seq
	return Message{}, false
}

// sharedEncodings keeps the last sharedEncodingsKept events' messages as
// the Judge's connections are sent them, by seq: every Judge's connection
// is sent the session's event as it is (Session.ForSeat), so one encoding
// serves them all. Only the Judge's: a player's events are its seat's view
// and numbered per connection.
type sharedEncodings struct {
	mu    sync.Mutex
	bySeq map[int][]byte
	order []int // the seqs in bySeq, oldest first
}

// sharedEncodingsKept is how many encoded events are kept: a Judge's
// connection that falls further behind encodes its own.
const sharedEncodingsKept = 1024

// get returns m's encoding, the Judge's message for the session's event
// seq, made once for that seq.
func (c *sharedEncodings) get(seq int, m Message) ([]byte, error) {
	c.mu.Lock()
	data, ok := c.bySeq[seq]
	c.mu.Unlock()
	if ok {
		return data, nil
	}
	data, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.bySeq == nil {
		c.bySeq = map[int][]byte{}
	}
	if _, ok := c.bySeq[seq]; !ok {
		c.bySeq[seq] = data
		c.order = append(c.order, seq)
		if len(c.order) > sharedEncodingsKept {
			delete(c.bySeq, c.order[0])
			c.order = c.order[1:]
		}
	}
	return data, nil
}

// number gives a player's event the next seq of its stream, and the cmd
// of its stream's commands (the events of one command share one).
func (f *feed) number(e session.Event) session.Event {
	f.seq++
	e.Seq = f.seq
	switch {
	case e.Cmd == 0:
	case e.Cmd != f.sessionCmd:
		f.cmd++
		f.sessionCmd = e.Cmd
		e.Cmd = f.cmd
	default:
		e.Cmd = f.cmd
	}
	e.Target = 0 // the session's numbers are not the player's (an undo resyncs a player)
	return e
}

// messageID is the id of a client message, if it has one.
func messageID(data []byte) string {
	var m struct {
		ID string `json:"id"`
	}
	json.Unmarshal(data, &m)
	return m.ID
}

// rateLimit is how many messages a seat may send at once (burst) and a
// second (perSec).
type rateLimit struct{ burst, perSec float64 }

// rateBucket is a token bucket limiting a seat's messages, shared by its
// connections.
type rateBucket struct {
	rateLimit
	mu     sync.Mutex
	tokens float64
	last   time.Time
}

func newRateBucket(l rateLimit) *rateBucket {
	return &rateBucket{rateLimit: l, tokens: l.burst, last: time.Now()}
}

// take takes one message's token; without one, it says how long until
// there is one.
func (b *rateBucket) take() (ok bool, wait time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.perSec)
	b.last = now
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) / b.perSec * float64(time.Second))
	}
	b.tokens--
	return true, 0
}

// answer handles one client message: it starts a command (decided and
// written, in the order the client sent it) and returns what finishes it,
// the reply once its events are synced. A command whose id the seat used
// before is not carried out again: it answers with the first one's result
// (a client retrying after a lost connection).
func (sv *Server) answer(ctx context.Context, seat *session.Seat, data []byte) func() reply {
	now := func(r reply) func() reply { return func() reply { return r } }
	var m Message
	if err := json.Unmarshal(data, &m); err != nil {
		return now(reply{msg: Message{Type: MsgError, Code: ErrBadMessage, Error: "bad JSON: " + err.Error()}})
	}
	if m.Type == MsgPing {
		if m.Hex == nil {
			return now(reply{msg: Message{Type: MsgError, ID: m.ID, Code: ErrBadMessage, Error: "a ping needs a hex"}})
		}
		if err := sv.s.Ping(seat.Name, *m.Hex); err != nil {
			return now(reply{msg: Message{Type: MsgError, ID: m.ID, Code: ErrRefused, Error: err.Error()}})
		}
		return now(reply{}) // the ping itself is the answer
	}
	if m.Type != MsgCommand {
		return now(reply{msg: Message{Type: MsgError, ID: m.ID, Code: ErrBadMessage, Error: fmt.Sprintf("unknown message type %q", m.Type)}})
	}
	if m.Command == nil {
		return now(reply{msg: Message{Type: MsgResult, ID: m.ID, Code: ErrBadMessage, Error: "a command message needs a command"}})
	}
	if len(m.ID) > maxIDLen {
		return now(reply{msg: Message{Type: MsgResult, Code: ErrBadMessage, Error: fmt.Sprintf("a command id is at most %d bytes", maxIDLen)}})
	}
	if m.ID == "" {
		return sv.run(seat, *m.Command, "")
	}
	entry, first := sv.ids(seat).claim(m.ID)
	if !first {
		return func() reply {
			select {
			case <-entry.done:
				return entry.r
			case <-ctx.Done():
				return reply{msg: Message{Type: MsgResult, ID: m.ID, Code: ErrFailed, Error: "the connection closed"}}
			}
		}
	}
	finish := sv.run(seat, *m.Command, m.ID)
	return func() reply {
		r := finish()
		entry.r = r
		if r.msg.Code == ErrFailed {
			sv.ids(seat).forget(m.ID) // a failure (a full disk) may be tried again
		}
		close(entry.done)
		return r
	}
}

// run starts one command for a seat and returns what words its result
// once it is synced.
func (sv *Server) run(seat *session.Seat, cmd session.Command, id string) (finish func() reply) {
	internal := reply{msg: Message{Type: MsgResult, ID: id, Code: ErrFailed, Error: "internal error: the command was not carried out"}}
	defer func() {
		if p := recover(); p != nil { // never the connection's end
			slog.Error("session: answering a command panicked", "panic", p, "command", fmt.Sprintf("%+v", cmd))
			finish = func() reply { return internal }
		}
	}()
	wait := sv.s.Start(seat, cmd)
	return func() (r reply) {
		defer func() {
			if p := recover(); p != nil {
				slog.Error("session: answering a command panicked", "panic", p, "command", fmt.Sprintf("%+v", cmd))
				r = internal
			}
		}()
		events, err := wait()
		var ref *session.Refusal
		var forb *session.Forbidden
		switch {
		case errors.As(err, &forb):
			return reply{msg: Message{Type: MsgResult, ID: id, Code: ErrForbidden, Error: sv.s.ReplyText(seat, forb.Reason)}}
		case errors.As(err, &ref):
			return reply{msg: Message{Type: MsgResult, ID: id, Code: ErrRefused, Error: sv.s.ReplyText(seat, ref.Reason), Needs: ref.Needs}}
		case err != nil:
			return reply{msg: Message{Type: MsgResult, ID: id, Code: ErrFailed, Error: sv.s.ReplyText(seat, err.Error())}}
		}
		return reply{msg: Message{Type: MsgResult, ID: id, OK: true}, after: events[len(events)-1].Seq}
	}
}

// maxIDLen caps a command id; recentIDs is how many of a seat's ids are
// remembered for retries.
const (
	maxIDLen  = 128
	recentIDs = 1024
)

// idCache remembers a seat's recent command ids and their results.
type idCache struct {
	mu      sync.Mutex
	entries map[string]*idEntry
	order   []string
}

type idEntry struct {
	done chan struct{} // closed once r is set
	r    reply
}

// ids returns a seat's id cache, shared by its connections.
func (sv *Server) ids(seat *session.Seat) *idCache {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	return sv.seat(seat).ids
}

// claim returns id's entry, and whether this is its first use (the caller
// then carries the command out and closes done).
func (c *idCache) claim(id string) (*idEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[id]; ok {
		return e, false
	}
	e := &idEntry{done: make(chan struct{})}
	c.entries[id] = e
	c.order = append(c.order, id)
	if len(c.order) > recentIDs {
		delete(c.entries, c.order[0])
		c.order = c.order[1:]
	}
	return e, true
}

func (c *idCache) forget(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.entries, id)
}

func (sv *Server) reject(ctx context.Context, c *websocket.Conn, code, reason string) {
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	wsjson.Write(wctx, c, Message{Type: MsgError, Code: code, Error: reason})
	c.Close(websocket.StatusPolicyViolation, code)
}
