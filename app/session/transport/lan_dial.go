//go:build !js

package transport

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net/http"

	"github.com/coder/websocket"

	"hexslinger/app/session"
)

// The join code's dial, which pins the table's certificate in its own
// HTTP client: native windows only (a browser's WebSocket has no HTTP
// client to give, and a browser joins by its link: browser.go).

// pinnedClient is an HTTP client that trusts exactly one certificate.
func pinnedClient(fingerprint string) *http.Client {
	return &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{
		InsecureSkipVerify: true, // the pin below replaces the CA check
		MinVersion:         tls.VersionTLS13,
		VerifyPeerCertificate: func(raw [][]byte, _ [][]*x509.Certificate) error {
			if len(raw) == 0 || Fingerprint(raw[0]) != fingerprint {
				return ErrFingerprint
			}
			return nil
		},
	}}}
}

// DialJoinCode joins a table by its join code, pinning its certificate.
func DialJoinCode(ctx context.Context, code string) (*Client, []session.Event, error) {
	u, token, fp, err := ParseJoinCode(code)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrRejected, err)
	}
	return dial(ctx, u, token, &websocket.DialOptions{HTTPClient: pinnedClient(fp)})
}
