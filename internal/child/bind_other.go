//go:build !linux && !windows

package child

import (
	"os"
	"os/exec"
)

// prepare does nothing where the system has no way to tie a child's life
// to its parent's (macOS, the BSDs): the console stops its windows as it
// quits.
func prepare(*exec.Cmd) {}

// adopt does nothing here either.
func adopt(*os.Process) error { return nil }
