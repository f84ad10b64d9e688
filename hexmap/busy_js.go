//go:build js

package hexmap

import "syscall"

// busyErrors are the refusals of a rename over a file in use. In a
// browser there are no files to rename (the player's map window reads
// none), and js has no ETXTBSY: EBUSY alone.
var busyErrors = []error{syscall.EBUSY}
