package console

import (
	"os/exec"
	"syscall"
)

// bindToParent makes the map window die with the console, even when the
// console is killed outright.
func bindToParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}
