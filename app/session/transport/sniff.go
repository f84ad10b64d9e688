package transport

import (
	"context"
	"crypto/tls"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// tlsRecordHandshake is the first byte of a TLS connection (a
// ClientHello's record type); an HTTP request starts with a letter.
const tlsRecordHandshake = 0x16

// sniffListener serves TLS and plain HTTP on one port: each connection
// is a sniffConn, which decides by its first byte. The decision is made
// in the connection's first Read, on the http.Server's goroutine for it,
// under the read deadline the server set for its request
// (ReadHeaderTimeout) and while the connection is counted as on its way
// in (connState): Accept never waits on a client.
type sniffListener struct {
	net.Listener
	cfg *tls.Config
}

func (l sniffListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &sniffConn{Conn: c, cfg: l.cfg}, nil
}

// sniffConn is a connection that speaks TLS if its first byte says so,
// plain otherwise. Its embedded Conn is the raw connection (a corkConn),
// beneath the TLS if any.
type sniffConn struct {
	net.Conn
	cfg  *tls.Config
	once sync.Once
	err  error // the first byte could not be read
	tc   atomic.Pointer[tls.Conn]
	// first is the sniffed byte of a plain connection, not yet read.
	first    byte
	hasFirst bool
	isPlain  atomic.Bool // sniffed as plain HTTP
}

// sniff reads the first byte and decides, once.
func (c *sniffConn) sniff() {
	c.once.Do(func() {
		var b [1]byte
		if _, err := io.ReadFull(c.Conn, b[:]); err != nil {
			c.err = err
			return
		}
		if b[0] == tlsRecordHandshake {
			tc := tls.Server(&prefixConn{Conn: c.Conn, first: b[:]}, c.cfg)
			// The handshake's writes are bounded too: a client that
			// does not read its ServerHello does not hold the goroutine.
			c.Conn.SetWriteDeadline(time.Now().Add(writeWait))
			err := tc.Handshake()
			c.Conn.SetWriteDeadline(time.Time{})
			if err != nil {
				c.err = err
				return
			}
			c.tc.Store(tc)
			return
		}
		c.first, c.hasFirst = b[0], true
		c.isPlain.Store(true)
	})
}

// Read reads through the TLS, if the connection speaks it.
func (c *sniffConn) Read(p []byte) (int, error) {
	c.sniff()
	if c.err != nil {
		return 0, c.err
	}
	if tc := c.tc.Load(); tc != nil {
		return tc.Read(p)
	}
	if c.hasFirst && len(p) > 0 {
		p[0], c.hasFirst = c.first, false
		return 1, nil
	}
	return c.Conn.Read(p)
}

// Write writes through the TLS, if the connection speaks it.
func (c *sniffConn) Write(p []byte) (int, error) {
	if tc := c.tc.Load(); tc != nil {
		return tc.Write(p)
	}
	return c.Conn.Write(p)
}

// Close closes the TLS (telling the peer), if any, and the connection.
func (c *sniffConn) Close() error {
	if tc := c.tc.Load(); tc != nil {
		return tc.Close()
	}
	return c.Conn.Close()
}

// NetConn is the raw connection beneath the TLS, if any (as
// tls.Conn.NetConn): where withCork finds the corkConn.
func (c *sniffConn) NetConn() net.Conn { return c.Conn }

// plain reports whether the connection has spoken plain HTTP: it has
// been sniffed, and not as TLS.
func (c *sniffConn) plain() bool { return c.isPlain.Load() }

// prefixConn is a connection whose first bytes were read already: they
// are read again first.
type prefixConn struct {
	net.Conn
	first []byte
}

func (c *prefixConn) Read(p []byte) (int, error) {
	if len(c.first) > 0 {
		n := copy(p, c.first)
		c.first = c.first[n:]
		return n, nil
	}
	return c.Conn.Read(p)
}

// sniffKey is the context key of a request's sniffConn.
type sniffKey struct{}

// withSniff is part of http.Server's ConnContext: each request knows its
// sniffConn, to tell plain from TLS.
func withSniff(ctx context.Context, c net.Conn) context.Context {
	if sc, ok := c.(*sniffConn); ok {
		return context.WithValue(ctx, sniffKey{}, sc)
	}
	return ctx
}

// overPlain reports whether a request came over plain HTTP on a port
// that speaks TLS too.
func overPlain(ctx context.Context) bool {
	sc, _ := ctx.Value(sniffKey{}).(*sniffConn)
	return sc != nil && sc.plain()
}
