package transport

import (
	"context"
	"crypto/tls"
	"net"
	"testing"
	"time"

	"hexslinger/app/session"
)

// TestARequestFindsItsCorkBeneathTheSniff: on a port that speaks TLS and
// plain HTTP, a request's writer still holds the raw connection, beneath
// the sniffing and the TLS.
func TestARequestFindsItsCorkBeneathTheSniff(t *testing.T) {
	a, b := net.Pipe()
	defer a.Close()
	defer b.Close()
	cc := &corkConn{Conn: a}
	sc := &sniffConn{Conn: cc, cfg: &tls.Config{}}
	if got := corkOf(withCork(context.Background(), sc)); got != cc {
		t.Errorf("a sniffed connection's cork is %p, want the connection's %p", got, cc)
	}
}

// TestSilentConnectionsAreBoundedOnTheSniffingPort: on a table that
// speaks TLS, a connection that sends nothing (not even the byte the
// port decides by) counts as on its way in: one host's connection past
// MaxHandshakesPerHost is closed at once, and another host gets in.
func TestSilentConnectionsAreBoundedOnTheSniffingPort(t *testing.T) {
	s := open(t)
	cfg, _, err := SelfSigned()
	if err != nil {
		t.Fatal(err)
	}
	sv, err := Serve(s, "127.0.0.1:0", session.NewAccess("secret"), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer sv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	fillSilent(t, sv.Addr().String())
	plain := "ws://" + sv.Addr().String() + "/ws"
	cl, _, err := dial(ctx, plain, "secret", from(2))
	if err != nil {
		t.Fatalf("another host, while one is at its bound: %v", err)
	}
	cl.Close()
}
