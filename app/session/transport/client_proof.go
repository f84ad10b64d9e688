package transport

import (
	"context"
	"fmt"

	"hexslinger/app/session"

	"github.com/coder/websocket"
)

// DialProof connects to the session at wsURL (ws://HOST:PORT/ws) as a
// browser does: it names the seat of token (SeatID) and answers the
// session's challenge with SeatProof, so the token never goes on the
// wire; it returns the client and every event so far. It builds for
// js/wasm: it sets no options a browser's WebSocket lacks.
func DialProof(ctx context.Context, wsURL, token string) (*Client, []session.Event, error) {
	c, _, err := websocket.Dial(ctx, wsURL, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("connect to %s: %w", wsURL, err)
	}
	hello := Message{Type: MsgHello, Version: ProtocolVersion, Seat: SeatID(token)}
	return greet(ctx, c, wsURL, hello, func(nonce string) string { return SeatProof(token, nonce) })
}
