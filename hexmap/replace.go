package hexmap

import (
	"errors"
	"fmt"
	"os"
	"time"
)

// OpenElsewhereError is a file that could not be replaced because another
// program holds it: Windows refuses to rename over a file open without
// delete sharing (as most programs open files, Go's os.Open among them),
// and an antivirus or an indexer holds a fresh file for moments. The file
// is as it was.
type OpenElsewhereError struct {
	Path string // the file that was to be replaced
	Err  error  // the system's refusal of the last try
}

// Error names the file and says what to do.
func (e *OpenElsewhereError) Error() string {
	return fmt.Sprintf("%s is open in another program (%v); close it there and save again", e.Path, e.Err)
}

// Unwrap is the system's refusal.
func (e *OpenElsewhereError) Unwrap() error { return e.Err }

// rename is os.Rename; tests make it refuse.
var rename = os.Rename

// replaceWaits are the pauses between tries of a refused rename: about
// half a second in all, for an antivirus or indexer to let go.
var replaceWaits = []time.Duration{10 * time.Millisecond, 20 * time.Millisecond, 40 * time.Millisecond, 80 * time.Millisecond, 150 * time.Millisecond, 200 * time.Millisecond}

// ReplaceFile renames the file tmp over path, in the same folder, trying
// again for about half a second while another program holds path (see
// OpenElsewhereError, its error then). A failed replace leaves path as it
// was; tmp is the caller's to remove.
func ReplaceFile(tmp, path string) error {
	err := rename(tmp, path)
	if err != nil && busy(err) && readOnly(path) {
		// Windows refuses to replace a read-only file as it refuses a
		// held one; waiting will not change it.
		return fmt.Errorf("%s is read-only; clear Read-only in its properties, or save under another name", path)
	}
	for _, wait := range replaceWaits {
		if err == nil || !busy(err) {
			break
		}
		time.Sleep(wait)
		err = rename(tmp, path)
	}
	if err != nil && busy(err) {
		var le *os.LinkError
		if errors.As(err, &le) {
			err = le.Err
		}
		return &OpenElsewhereError{Path: path, Err: err}
	}
	return err
}

// busy reports whether err is a refusal because another program holds
// the file.
func busy(err error) bool {
	for _, b := range busyErrors {
		if errors.Is(err, b) {
			return true
		}
	}
	return false
}

// readOnly reports whether the file at path may not be written, which on
// Windows is its read-only attribute (a Unix rename replaces a read-only
// file).
func readOnly(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().Perm()&0o200 == 0
}
