package child

import (
	"os"
	"os/exec"
	"syscall"
)

// prepare asks Linux to send the child SIGTERM when its parent dies.
func prepare(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGTERM
}

// adopt has nothing to do on Linux: the signal was asked for at the start.
func adopt(*os.Process) error { return nil }
