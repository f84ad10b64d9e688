//go:build js

package board

import (
	"context"
	"errors"
	"fmt"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
)

// errJoinCodeHere: a join code pins the table's certificate in an HTTP
// client of its own, which a browser does not give; a browser joins by its
// seat's link instead (transport.BrowserLink).
var errJoinCodeHere = errors.New("a join code is for the desktop map window: in a browser, open your seat's link or scan its QR code")

// joinDialer refuses, in a browser, to dial a join code.
func joinDialer(string) Dialer {
	return func(context.Context) (*transport.Client, []session.Event, error) {
		return nil, nil, fmt.Errorf("%w: %v", transport.ErrRejected, errJoinCodeHere)
	}
}

// joinWhere is "" in a browser: no join code is dialled.
func joinWhere(string) string { return "" }
