package board

import (
	"testing"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
)

func TestPageSeat(t *testing.T) {
	tok := session.NewToken()
	link := transport.BrowserLink("192.168.1.20:7777", tok)
	for _, tc := range []struct {
		name, hash, want string
		ok               bool
	}{
		{"the link's own fragment", link[len(link)-len(tok)-1:], tok, true},
		{"URL-encoded", "#abc%2Bdef%3D", "abc+def=", true},
		{"no fragment", "", "", false},
		{"a bare hash", "#", "", false},
		{"too short", "#abc", "", false},
		{"a space", "#abcdefgh%20ij", "", false},
		{"not ASCII", "#abcdefgh%C3%A9", "", false},
		{"bad escape", "#abcdefgh%zz", "", false},
		{"too long", "#" + string(make([]byte, 300)), "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := PageSeat(tc.hash)
			if got != tc.want || ok != tc.ok {
				t.Errorf("PageSeat(%q) = %q, %v; want %q, %v", tc.hash, got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestPageSocket(t *testing.T) {
	for _, tc := range []struct{ protocol, host, want string }{
		{"http:", "192.168.1.20:7777", "ws://192.168.1.20:7777/ws"},
		{"https:", "table.lan:7443", "wss://table.lan:7443/ws"},
		{"file:", "", "ws:///ws"},
	} {
		if got := PageSocket(tc.protocol, tc.host); got != tc.want {
			t.Errorf("PageSocket(%q, %q) = %q, want %q", tc.protocol, tc.host, got, tc.want)
		}
	}
}
