package board

import (
	"net/url"
	"strings"
)

// The browser's page: what its address tells the player's window
// (app/hexslinger-web). The link is transport.BrowserLink's.

// PageSeat reads a seat's token from a page's fragment, as
// location.hash gives it ("#TOKEN", URL-encoded); false when there is
// none or it is not a token: 8 to 256 printable ASCII characters, no
// space.
func PageSeat(hash string) (string, bool) {
	t, err := url.PathUnescape(strings.TrimPrefix(hash, "#"))
	if err != nil || len(t) < 8 || len(t) > 256 {
		return "", false
	}
	for _, r := range t {
		if r <= ' ' || r > '~' {
			return "", false
		}
	}
	return t, true
}

// PageSocket is the session's WebSocket address beside a page served
// from host (location.host) over protocol (location.protocol): wss://
// when the page came over https, else ws://.
func PageSocket(protocol, host string) string {
	if protocol == "https:" {
		return "wss://" + host + "/ws"
	}
	return "ws://" + host + "/ws"
}
