package transport

import (
	"context"
	"net"
	"sync"
	"time"
)

// corkConn is a server's connection under its TLS, if any, whose writes
// its connection's writer may hold (hold) and send together in one write
// (release): the messages a writer finds ready at once (a batch of
// events, the results they let through) leave in one system call, not
// one each. Nothing waits to be held: only what is ready when the writer
// wakes.
type corkConn struct {
	net.Conn
	mu     sync.Mutex
	corked bool
	buf    []byte
}

// corkFlushAt is how many held bytes are written at once, held or not.
const corkFlushAt = 64 << 10

// corkListener hands out its connections as corkConns.
type corkListener struct{ net.Listener }

func (l corkListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &corkConn{Conn: c}, nil
}

// Write sends p, or holds it while the connection is held.
func (c *corkConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.corked {
		return c.Conn.Write(p)
	}
	if len(c.buf)+len(p) < corkFlushAt {
		c.buf = append(c.buf, p...)
		return len(p), nil
	}
	// A burst this large gains nothing by waiting: what is held goes,
	// then p as it is, without a copy (a welcome may be megabytes).
	if err := c.flush(); err != nil {
		return 0, err
	}
	c.Conn.SetWriteDeadline(time.Now().Add(writeWait))
	defer c.Conn.SetWriteDeadline(time.Time{})
	return c.Conn.Write(p)
}

// flush writes what is held, within writeWait; the caller holds c.mu.
func (c *corkConn) flush() error {
	if len(c.buf) == 0 {
		return nil
	}
	c.Conn.SetWriteDeadline(time.Now().Add(writeWait))
	_, err := c.Conn.Write(c.buf)
	c.Conn.SetWriteDeadline(time.Time{})
	c.buf = c.buf[:0]
	if cap(c.buf) > corkFlushAt*2 {
		c.buf = nil // one burst's room is not kept
	}
	return err
}

// hold holds the connection's writes until release.
func (c *corkConn) hold() {
	if c == nil {
		return
	}
	c.mu.Lock()
	c.corked = true
	c.mu.Unlock()
}

// release writes what was held, in one write, and lets writes through.
func (c *corkConn) release() error {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = false
	return c.flush()
}

// writeWait is how long one write to a client may take.
const writeWait = 10 * time.Second

// corkKey is the context key of a request's corkConn.
type corkKey struct{}

// withCork is http.Server's ConnContext: each request knows its corkConn.
func withCork(ctx context.Context, c net.Conn) context.Context {
	// Beneath a TLS, and beneath a sniffConn (which may speak TLS).
	for {
		u, ok := c.(interface{ NetConn() net.Conn })
		if !ok {
			break
		}
		c = u.NetConn()
	}
	if cc, ok := c.(*corkConn); ok {
		return context.WithValue(ctx, corkKey{}, cc)
	}
	return ctx
}

// corkOf is ctx's connection's corkConn, or nil.
func corkOf(ctx context.Context) *corkConn {
	cc, _ := ctx.Value(corkKey{}).(*corkConn)
	return cc
}
