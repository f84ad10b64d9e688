package transport

import (
	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// ProtocolVersion is the version of the WebSocket protocol (docs/protocol.md):
// 2 sends a replayed moment as a delta on the one the window was sent
// before (session.Moment's Base).
const ProtocolVersion = 2

// MinProtocolVersion is the oldest version a session still speaks: a
// window of version 1 is sent every replayed moment whole.
const MinProtocolVersion = 1

// MaxMessageSize caps one message from a client: the hello, and every
// message of a player's seat.
const MaxMessageSize = 64 << 10

// MaxJudgeMessageSize caps one message from the Judge's seat once its
// hello is taken: room for an edit_map of session.MaxEditCells hexes,
// each with a feature, six walls and a 200-byte label.
const MaxJudgeMessageSize = 16 << 20

// Limits on connections (docs/protocol.md, "Connections").
const (
	// MaxSeatConnections is how many connections one seat may hold at
	// once; one more is refused with ErrTooManyConnections.
	MaxSeatConnections = 8
	// MaxHandshakes is how many connections may be open at once without
	// having said hello, MaxHandshakesPerHost of them from one host; one
	// more is refused with ErrTooManyConnections (closed at once, if it
	// has not sent its HTTP request yet). Each phase, up to the request
	// and up to the hello, is bounded on its own.
	MaxHandshakes        = 256
	MaxHandshakesPerHost = 16
)

// Message types.
const (
	MsgHello   = "hello"   // client → session: version and token, first
	MsgWelcome = "welcome" // session → client: role and every event so far
	// MsgChallenge: session → client: a nonce to prove the seat with,
	// the answer to a hello that names a Seat and carries no token.
	MsgChallenge = "challenge"
	// MsgProof: client → session: the SeatProof of the challenge's nonce.
	MsgProof   = "proof"
	MsgCommand = "command" // client → session: a command with a client id
	MsgResult  = "result"  // session → client: the command's outcome
	MsgEvent   = "event"   // session → every client: a new event
	MsgError   = "error"   // session → client: a message it could not take
	// MsgHighlight: session → client: mark Figures for a moment (the Judge
	// picked a log entry); not an event, changes nothing.
	MsgHighlight = "highlight"
	// MsgPing: client → session: mark Hex on every window for a few
	// seconds ("look here"); session → every client: Hex was pinged By a
	// seat. Not an event, changes nothing, not journaled.
	MsgPing = "ping"
	// MsgReplay: session → the Judge's clients only: show Replay, a
	// moment of the fight's timeline the console scrubbed to, read-only,
	// in place of the live fight; without Replay, go back to the live
	// fight. Not an event, changes nothing, not journaled. From protocol
	// version 2 a moment may be a delta on the one sent before it
	// (session.Moment's Mark and Base).
	MsgReplay = "replay"
)

// Error codes of error and result messages.
const (
	ErrBadToken    = "bad_token"    // the token is wrong; the connection closes
	ErrRevoked     = "revoked"      // the Judge revoked the seat; the connection closes
	ErrForbidden   = "forbidden"    // the seat may not give this command
	ErrRateLimited = "rate_limited" // too many commands a second; this one was dropped
	ErrBadVersion  = "bad_version"  // the client speaks another protocol version
	// ErrUseProof: a token sent in clear text from another machine to a
	// table that speaks TLS: the browser's proof (or TLS) is the way in;
	// the connection closes.
	ErrUseProof   = "use_proof"
	ErrBadMessage = "bad_message" // bad JSON, an unknown type, or too large
	ErrRefused    = "refused"     // the rules do not allow the command
	ErrFailed     = "failed"      // the command could not be carried out (disk)
	// ErrTooManyConnections: the seat holds MaxSeatConnections already, or
	// MaxHandshakes connections have not said hello yet; the connection
	// closes, and trying again once one has closed may work.
	ErrTooManyConnections = "too_many_connections"
)

// Message is every message of the protocol; Type says which fields count.
type Message struct {
	Type    string `json:"type"`
	Version int    `json:"version,omitempty"`
	Token   string `json:"token,omitempty"`
	// Seat, Nonce, Proof: a browser's handshake (docs/protocol.md,
	// "Players in the browser"): the hello's SeatID in place of the
	// token, the session's challenge, the client's SeatProof of it.
	Seat    string           `json:"seat,omitempty"`
	Nonce   string           `json:"nonce,omitempty"`
	Proof   string           `json:"proof,omitempty"`
	Role    string           `json:"role,omitempty"`
	ID      string           `json:"id,omitempty"`
	Command *session.Command `json:"command,omitempty"`
	Events  []session.Event  `json:"events,omitempty"`
	Event   *session.Event   `json:"event,omitempty"`
	OK      bool             `json:"ok,omitempty"`
	Code    string           `json:"code,omitempty"`
	Error   string           `json:"error,omitempty"`
	Needs   []string         `json:"needs,omitempty"`   // refused for want of table dice: what to roll
	Figures []string         `json:"figures,omitempty"` // highlight: the figures to mark; a player's welcome: the figures it commands
	Hex     *hexmap.Hex      `json:"hex,omitempty"`     // ping: the hex pinged
	By      string           `json:"by,omitempty"`      // ping, from the session: the seat that pinged
	Replay  *session.Moment  `json:"replay,omitempty"`  // replay: the moment to show; none: back to live
}
