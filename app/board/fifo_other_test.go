//go:build js || windows

package board

import "errors"

// mkfifo: a browser, and Windows, have no named pipes to make this way.
func mkfifo(string) error { return errors.New("no named pipes here") }
