//go:build js

package board

import "errors"

// mkfifo: a browser has no named pipes.
func mkfifo(string) error { return errors.New("no named pipes in a browser") }
