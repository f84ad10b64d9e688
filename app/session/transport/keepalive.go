package transport

import (
	"context"
	"time"

	"github.com/coder/websocket"
)

// Keepalive: each side of a connection pings the other every PingInterval
// and takes a connection whose pong has not come within PongWait for dead
// (docs/protocol.md, "Connections"). A side answers pings while it reads,
// as the server's connections and a map window always do.
const (
	PingInterval = 15 * time.Second
	PongWait     = 10 * time.Second
)

// keepaliveTimes is how often a connection is pinged and how long its
// pong may take.
type keepaliveTimes struct{ every, wait time.Duration }

// keepalive is the times servers and clients made from now on use; tests
// shorten them.
var keepalive = keepaliveTimes{every: PingInterval, wait: PongWait}

// ping pings c every k.every until ctx ends. A ping not answered within
// k.wait finds c dead (a laptop asleep, a network gone): c is closed at
// once, without a close handshake nobody would answer, and dead is
// called. A connection that sends nothing is found all the same: TCP
// alone would take minutes, and until then the connection holds its
// seat's slot.
func ping(ctx context.Context, c *websocket.Conn, k keepaliveTimes, dead func()) {
	t := time.NewTicker(k.every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
		case <-ctx.Done():
			return
		}
		pctx, cancel := context.WithTimeout(ctx, k.wait)
		err := c.Ping(pctx)
		cancel()
		if err != nil {
			if ctx.Err() == nil {
				c.CloseNow()
				dead()
			}
			return
		}
	}
}
