//go:build !linux

package console

import "os/exec"

// bindToParent is a no-op where the system has no parent-death signal; the
// console stops its map windows when it closes.
func bindToParent(cmd *exec.Cmd) {}
