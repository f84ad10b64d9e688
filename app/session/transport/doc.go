// Package transport carries a session over the network: the WebSocket
// server and client, the protocol's messages (docs/protocol.md), LAN TLS
// with a pinned self-signed certificate, and join codes. It decides
// nothing: every command goes to the session (app/session), and every
// event and refusal a seat is sent is the session's projection for it.
package transport
