//go:build !windows && !js

package hexmap

import "syscall"

// busyErrors are the refusals of a rename over a file in use. A Unix
// rename replaces a file open elsewhere; a network share served by
// Windows answers EBUSY or ETXTBSY for one held there.
var busyErrors = []error{syscall.EBUSY, syscall.ETXTBSY}
