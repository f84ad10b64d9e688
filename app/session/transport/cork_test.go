package transport

import (
	"bytes"
	"context"
	"crypto/tls"
	"net"
	"slices"
	"testing"
)

// writesConn is a net.Conn that records each write it is given.
type writesConn struct {
	net.Conn
	writes [][]byte
}

func (w *writesConn) Write(p []byte) (int, error) {
	w.writes = append(w.writes, bytes.Clone(p))
	return len(p), nil
}

// TestHeldWritesLeaveInOneWriteInOrder: what a connection's writer holds
// leaves in one write, in the order it was written, at release; nothing
// is held otherwise, and a burst past corkFlushAt is not held whole.
func TestHeldWritesLeaveInOneWriteInOrder(t *testing.T) {
	a, b := net.Pipe()
	defer a.Close()
	defer b.Close()
	w := &writesConn{Conn: a}
	cc := &corkConn{Conn: w}
	cases := []struct {
		name   string
		held   bool
		parts  []string
		writes []string
	}{
		{"not held: each write goes", false, []string{"a", "bc"}, []string{"a", "bc"}},
		{"held: one write at release", true, []string{"e1", "e2", "result"}, []string{"e1e2result"}},
		{"held, nothing written: no write", true, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w.writes = nil
			if c.held {
				cc.hold()
			}
			for _, p := range c.parts {
				if n, err := cc.Write([]byte(p)); n != len(p) || err != nil {
					t.Fatalf("Write(%q) = %d, %v; want %d, nil", p, n, err, len(p))
				}
			}
			if c.held && len(w.writes) != 0 {
				t.Errorf("%d writes before release, want 0", len(w.writes))
			}
			if err := cc.release(); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range w.writes {
				got = append(got, string(p))
			}
			if len(got) != len(c.writes) || !slices.Equal(got, c.writes) {
				t.Errorf("writes of %q: got %q, want %q", c.parts, got, c.writes)
			}
		})
	}
	t.Run("a burst past corkFlushAt goes while held", func(t *testing.T) {
		w.writes = nil
		cc.hold()
		cc.Write([]byte("e1"))
		big := bytes.Repeat([]byte("x"), corkFlushAt)
		cc.Write(big)
		if len(w.writes) != 2 || string(w.writes[0]) != "e1" || !bytes.Equal(w.writes[1], big) {
			t.Errorf("%d writes of a held 2-byte message and a %d-byte burst before release, want 2: the message, then the burst", len(w.writes), len(big))
		}
		cc.Write([]byte("r"))
		cc.release()
		if len(w.writes) != 3 || string(w.writes[2]) != "r" {
			t.Errorf("after release: %d writes, want 3, the last %q", len(w.writes), "r")
		}
	})
}

// TestARequestFindsItsCorkUnderTLS: a wss connection's writer holds the
// connection under its TLS, as a ws one's holds its own.
func TestARequestFindsItsCorkUnderTLS(t *testing.T) {
	a, b := net.Pipe()
	defer a.Close()
	defer b.Close()
	cc := &corkConn{Conn: a}
	for name, c := range map[string]net.Conn{"ws": cc, "wss": tls.Server(cc, &tls.Config{})} {
		if got := corkOf(withCork(context.Background(), c)); got != cc {
			t.Errorf("%s: the request's cork is %p, want the connection's %p", name, got, cc)
		}
	}
}
