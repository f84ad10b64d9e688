package transport

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
)

// BrowserPath is where the console serves the player's map to browsers:
// the page, its wasm_exec.js and the map window built to WebAssembly.
const BrowserPath = "/play/"

// BrowserLink is the address a player opens in a browser (or scans as a
// QR code) to take the seat holding token at the table on host
// (HOST:PORT). The token rides in the fragment, which a browser never
// sends: the page proves it holds the token (SeatProof) without sending
// it (docs/protocol.md, "Players in the browser").
func BrowserLink(host, token string) string {
	return "http://" + host + BrowserPath + "#" + token
}

// SeatID names the seat holding token without giving the token away: a
// browser's hello carries it, and the session answers with a challenge
// that only the token's holder can answer.
func SeatID(token string) string {
	sum := sha256.Sum256([]byte("hexslinger seat\n" + token))
	return hex.EncodeToString(sum[:8])
}

// SeatProof answers a session's challenge nonce with token: the hex
// HMAC-SHA256 of the nonce keyed by the token.
func SeatProof(token, nonce string) string {
	m := hmac.New(sha256.New, []byte(token))
	m.Write([]byte("hexslinger proof\n" + nonce))
	return hex.EncodeToString(m.Sum(nil))
}
