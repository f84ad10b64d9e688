package transport

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"hexslinger/app/session"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
)

// converse opens a raw connection to url, says hello, and answers the
// session's challenge (if one comes) with answer's message; it returns
// the session's last word and the challenge's nonce.
func converse(ctx context.Context, t *testing.T, url string, hello Message, answer func(nonce string) Message) (last Message, nonce string) {
	t.Helper()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(-1)
	if err := wsjson.Write(ctx, c, hello); err != nil {
		t.Fatal(err)
	}
	if err := wsjson.Read(ctx, c, &last); err != nil {
		t.Fatalf("after the hello %+v: %v", hello, err)
	}
	if last.Type != MsgChallenge {
		return last, ""
	}
	nonce = last.Nonce
	if err := wsjson.Write(ctx, c, answer(nonce)); err != nil {
		t.Fatal(err)
	}
	last = Message{}
	if err := wsjson.Read(ctx, c, &last); err != nil {
		t.Fatalf("after the answer to the challenge: %v", err)
	}
	return last, nonce
}

// TestABrowserJoinsByProof: DialProof takes the seat of its token
// without sending it, as a player and as the Judge.
func TestABrowserJoinsByProof(t *testing.T) {
	s := open(t)
	ctx, sv, alice := aliceTable(t, s, 10*time.Second)
	for _, tt := range []struct{ name, token, role string }{
		{"Alice", alice.Token(), "player"},
		{"the Judge", "secret", "judge"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cl, past, err := DialProof(ctx, sv.URL(), tt.token)
			if err != nil {
				t.Fatalf("DialProof with %s's token: %v", tt.name, err)
			}
			defer cl.Close()
			if cl.Role != tt.role || len(past) == 0 {
				t.Errorf("joined as %q with %d events, want %q with some", cl.Role, len(past), tt.role)
			}
		})
	}
}

// TestAChallengeIsAnsweredOnlyByTheToken: the nonce is 32 random bytes,
// new for each connection; a wrong token, a proof of another nonce (a
// replay) and a proof for another seat are one error; a revoked seat's
// right proof says revoked; anything but a proof is a bad message.
func TestAChallengeIsAnsweredOnlyByTheToken(t *testing.T) {
	s := open(t)
	ctx, sv, alice := aliceTable(t, s, 20*time.Second)
	hello := func(token string) Message {
		return Message{Type: MsgHello, Version: ProtocolVersion, Seat: SeatID(token)}
	}
	proofOf := func(token string) func(string) Message {
		return func(nonce string) Message { return Message{Type: MsgProof, Proof: SeatProof(token, nonce)} }
	}
	ok, n1 := converse(ctx, t, sv.URL(), hello(alice.Token()), proofOf(alice.Token()))
	if ok.Type != MsgWelcome || ok.Role != "player" {
		t.Fatalf("Alice's right proof: got %+v, want a player's welcome", ok)
	}
	_, n2 := converse(ctx, t, sv.URL(), hello(alice.Token()), proofOf(alice.Token()))
	if len(n1) != 64 || n1 == n2 {
		t.Errorf("nonces %q and %q: want 64 hex digits, new each time", n1, n2)
	}
	replayed := SeatProof(alice.Token(), n1)
	tests := []struct {
		name   string
		hello  Message
		answer func(string) Message
		code   string
	}{
		{"a guessed token", hello("guess"), proofOf("guess"), ErrBadToken},
		{"Alice's seat, another token's proof", hello(alice.Token()), proofOf("guess"), ErrBadToken},
		{"Alice's seat, the Judge's proof", hello(alice.Token()), proofOf("secret"), ErrBadToken},
		{"a proof of another nonce", hello(alice.Token()), func(string) Message { return Message{Type: MsgProof, Proof: replayed} }, ErrBadToken},
		{"no proof", hello(alice.Token()), func(string) Message { return Message{Type: MsgProof} }, ErrBadToken},
		{"a command for a proof", hello(alice.Token()), func(string) Message { return Message{Type: MsgCommand, Proof: replayed} }, ErrBadMessage},
	}
	var wrong []string
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := converse(ctx, t, sv.URL(), tt.hello, tt.answer)
			if got.Type != MsgError || got.Code != tt.code {
				t.Fatalf("got %+v, want an error %s", got, tt.code)
			}
			if tt.code == ErrBadToken {
				wrong = append(wrong, got.Error)
			}
		})
	}
	for _, w := range wrong[1:] {
		if w != wrong[0] {
			t.Errorf("the refusals differ (%q, %q): they must not tell which part failed", wrong[0], w)
		}
	}
	if err := sv.access.Revoke("Alice"); err != nil {
		t.Fatal(err)
	}
	if got, _ := converse(ctx, t, sv.URL(), hello(alice.Token()), proofOf(alice.Token())); got.Code != ErrRevoked {
		t.Errorf("a revoked seat's right proof: got %+v, want an error %s", got, ErrRevoked)
	}
	if _, _, err := DialProof(ctx, sv.URL(), alice.Token()); !errors.Is(err, ErrRejected) {
		t.Errorf("DialProof of a revoked seat: %v, want ErrRejected", err)
	}
}

// TestRevokingASeatClosesItsBrowsers: a browser's connection goes with
// its seat, as a native window's does.
func TestRevokingASeatClosesItsBrowsers(t *testing.T) {
	s := open(t)
	ctx, sv, alice := aliceTable(t, s, 10*time.Second)
	cl, _, err := DialProof(ctx, sv.URL(), alice.Token())
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	sv.access.RevokeSeat(alice)
	rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	for {
		if _, err := cl.Read(rctx); err != nil {
			if rctx.Err() != nil {
				t.Fatalf("the revoked seat's browser connection is still open after 5 s")
			}
			return
		}
	}
}

// TestAChallengedConnectionIsStillOnItsWayIn: a connection that said
// hello with a seat and has not answered its challenge counts against
// the bound on connections on their way in.
func TestAChallengedConnectionIsStillOnItsWayIn(t *testing.T) {
	s := open(t)
	ctx, sv, alice := aliceTable(t, s, 20*time.Second)
	for i := 0; i < MaxHandshakesPerHost; i++ {
		c, _, err := websocket.Dial(ctx, sv.URL(), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.CloseNow()
		var m Message
		if err := wsjson.Write(ctx, c, Message{Type: MsgHello, Version: ProtocolVersion, Seat: SeatID(alice.Token())}); err != nil {
			t.Fatal(err)
		}
		if err := wsjson.Read(ctx, c, &m); err != nil || m.Type != MsgChallenge {
			t.Fatalf("connection %d: got %+v, %v; want a challenge", i+1, m, err)
		}
	}
	got, _ := converse(ctx, t, sv.URL(), Message{Type: MsgHello, Version: ProtocolVersion, Token: alice.Token()}, nil)
	if got.Code != ErrTooManyConnections {
		t.Errorf("one more connection while %d wait at their challenge: got %+v, want %s", MaxHandshakesPerHost, got, ErrTooManyConnections)
	}
}

// lanIP is a non-loopback address of this machine, or "" if it has none.
func lanIP() string {
	h, _, _ := net.SplitHostPort(LANAddress(1))
	if ip := net.ParseIP(h); ip == nil || ip.IsLoopback() {
		return ""
	}
	return h
}

// TestATokenInClearTextIsRefusedFromTheLAN: on a table that speaks TLS,
// a token hello over plain ws from another machine would have put the
// token on the wire: it is refused with a word to use the proof; the
// proof, the token over TLS and the token from this machine are taken.
func TestATokenInClearTextIsRefusedFromTheLAN(t *testing.T) {
	ip := lanIP()
	if ip == "" {
		t.Skip("this machine has no LAN address to dial from")
	}
	s := open(t)
	cfg, fp, err := SelfSigned()
	if err != nil {
		t.Fatal(err)
	}
	a := session.NewAccess("secret")
	alice := a.AddPlayer("Alice", []string{"cyril"})
	sv, err := Serve(s, net.JoinHostPort(ip, "0"), a, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer sv.Close()
	port := strconv.Itoa(sv.Addr().(*net.TCPAddr).Port)
	plain := "ws://" + net.JoinHostPort(ip, port) + "/ws"
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	got, _ := converse(ctx, t, plain, Message{Type: MsgHello, Version: ProtocolVersion, Token: alice.Token()}, nil)
	if got.Type != MsgError || got.Code != ErrUseProof || !strings.Contains(got.Error, "proof") {
		t.Errorf("a token in clear text from %s: got %+v, want an error %s naming the proof", ip, got, ErrUseProof)
	}
	cl, _, err := DialProof(ctx, plain, alice.Token())
	if err != nil {
		t.Fatalf("the proof over plain ws from %s: %v", ip, err)
	}
	cl.Close()
	cl, _, err = DialJoinCode(ctx, JoinCode(net.JoinHostPort(ip, port), alice.Token(), fp))
	if err != nil {
		t.Fatalf("the token over TLS from %s: %v", ip, err)
	}
	cl.Close()
}

// TestOnePortSpeaksTLSAndPlain: a table on the LAN answers wss (native
// windows, pinned), ws with the proof (browsers) and ws with a token from
// this machine, all on its one port.
func TestOnePortSpeaksTLSAndPlain(t *testing.T) {
	s := open(t)
	cfg, fp, err := SelfSigned()
	if err != nil {
		t.Fatal(err)
	}
	a := session.NewAccess("secret")
	alice := a.AddPlayer("Alice", []string{"cyril"})
	sv, err := Serve(s, "127.0.0.1:0", a, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer sv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	addr := sv.Addr().String()
	plain := "ws://" + addr + "/ws"
	dials := []struct {
		name string
		dial func() (*Client, []session.Event, error)
	}{
		{"wss, pinned", func() (*Client, []session.Event, error) { return DialJoinCode(ctx, JoinCode(addr, alice.Token(), fp)) }},
		{"ws, the proof", func() (*Client, []session.Event, error) { return DialProof(ctx, plain, alice.Token()) }},
		{"ws, a token from this machine", func() (*Client, []session.Event, error) { return Dial(ctx, plain, alice.Token()) }},
	}
	for _, d := range dials {
		t.Run(d.name, func(t *testing.T) {
			cl, past, err := d.dial()
			if err != nil {
				t.Fatal(err)
			}
			defer cl.Close()
			if cl.Role != "player" || len(past) == 0 {
				t.Errorf("joined as %q with %d events", cl.Role, len(past))
			}
		})
	}
}

// scriptTalk is a handshake's messages from a script: the client's raw
// messages in turn (decoded as a WebSocket's are), and what the session
// wrote.
type scriptTalk struct {
	in      [][]byte
	written []Message
}

func (t *scriptTalk) read(_ context.Context, m *Message) error {
	if len(t.in) == 0 {
		return errors.New("the client closed the connection")
	}
	data := t.in[0]
	t.in = t.in[1:]
	return json.Unmarshal(data, m)
}

func (t *scriptTalk) write(_ context.Context, m Message) error {
	t.written = append(t.written, m)
	return nil
}

// FuzzBrowserHandshake: any hello and any answer to a challenge get a
// seat only if they carry its token (in a token's hello) or answer the
// challenge with its proof; a challenge's nonce is 32 bytes of hex; no
// refusal names a token or a seat's id; a token from the LAN in clear
// text is never taken.
func FuzzBrowserHandshake(f *testing.F) {
	access := session.NewAccess("judge-secret-token")
	alice := access.AddPlayer("Alice", []string{"cyril"})
	sv := &Server{access: access}
	tokens := []string{alice.Token(), "judge-secret-token"}
	f.Add([]byte(`{"type":"hello","version":2,"seat":"`+SeatID(alice.Token())+`"}`), []byte(`{"type":"proof","proof":"00"}`), false)
	f.Add([]byte(`{"type":"hello","version":2,"seat":"x"}`), []byte(`{"type":"proof"}`), false)
	f.Add([]byte(`{"type":"hello","version":1,"seat":"`+SeatID("judge-secret-token")+`","token":""}`), []byte(`nonsense`), false)
	f.Add([]byte(`{"type":"proof","proof":"00"}`), []byte(`{}`), false)
	f.Add([]byte(`{"type":"hello","version":2,"token":"`+alice.Token()+`"}`), []byte(``), true)
	f.Add([]byte(`{"type":"hello","version":2,"token":"guess"}`), []byte(``), false)
	f.Fuzz(func(t *testing.T, hello, proof []byte, clearFromLAN bool) {
		c := &scriptTalk{in: [][]byte{hello, proof}}
		got, seat, code, why := sv.greet(context.Background(), c, "192.0.2.9:1234", clearFromLAN)
		if (seat == nil) == (code == "") {
			t.Fatalf("greet(%q, %q) = seat %v, code %q: want one of them", hello, proof, seat, code)
		}
		for _, tok := range tokens {
			if strings.Contains(why, tok) || strings.Contains(why, SeatID(tok)) {
				t.Fatalf("the refusal %q names a seat", why)
			}
		}
		var nonce string
		for _, m := range c.written {
			if m.Type == MsgChallenge {
				if b, err := hex.DecodeString(m.Nonce); err != nil || len(b) != 32 {
					t.Fatalf("a challenge's nonce %q, want 32 bytes of hex", m.Nonce)
				}
				nonce = m.Nonce
			}
		}
		if seat == nil {
			return
		}
		var p Message
		json.Unmarshal(proof, &p)
		switch {
		case got.Token != "" && clearFromLAN:
			t.Fatalf("a token in clear text from the LAN was taken: hello %q", hello)
		case got.Token != "":
			if got.Token != seat.Token() {
				t.Fatalf("the token %q took %s's seat", got.Token, seat.Name)
			}
		case nonce == "" || p.Proof != SeatProof(seat.Token(), nonce):
			t.Fatalf("%s's seat taken without its proof: hello %q, proof %q", seat.Name, hello, proof)
		}
	})
}
