//go:build !js

package board

import (
	"context"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
)

// joinDialer dials a table by its join code, pinning its certificate.
func joinDialer(code string) Dialer {
	return func(ctx context.Context) (*transport.Client, []session.Event, error) {
		return transport.DialJoinCode(ctx, code)
	}
}

// joinWhere is the session's address in a join code, for the status line.
func joinWhere(code string) string {
	if u, _, _, err := transport.ParseJoinCode(code); err == nil {
		return u
	}
	return ""
}
