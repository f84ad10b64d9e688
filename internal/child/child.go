// Package child starts hexslinger's helper programs (the map window, the
// map editor, an export) the way each operating system needs: it finds a
// program beside the running one under the system's own name for it
// (hexslinger-map.exe on Windows), and it binds a started program to the
// one that started it, so that closing or killing the console closes its
// map windows too.
//
// How a child is bound differs by system: on Linux it is sent SIGTERM when
// its parent dies (a parent-death signal); on Windows it is put in a job
// object that kills its processes when the job's last handle, held by the
// parent alone, closes, as it does when the parent exits or is killed; on
// other systems (macOS) it is not bound, and the console stops its
// windows as it quits.
package child

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
)

// Exe is name as the system names a program file: name.exe on Windows,
// name elsewhere.
func Exe(name string) string {
	return exeFor(runtime.GOOS, name)
}

func exeFor(goos, name string) string {
	if goos == "windows" {
		return name + ".exe"
	}
	return name
}

// ErrNotFound is Find's error for a program neither beside this one nor
// on PATH.
var ErrNotFound = errors.New("program not found")

// Find returns the program name (with no suffix: "hexslinger-map"): the
// file beside the running program first (Exe(name), so hexslinger-map.exe
// on Windows), else the one on PATH. Its error wraps ErrNotFound.
func Find(name string) (string, error) {
	if exe, err := os.Executable(); err == nil {
		if p, ok := beside(filepath.Dir(exe), name); ok {
			return p, nil
		}
	}
	// LookPath tries the suffixes of PATHEXT on Windows.
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("%s: %w beside %s or on PATH", Exe(name), ErrNotFound, filepath.Base(os.Args[0]))
	}
	return p, nil
}

// beside returns the program name in folder dir, if a file is there under
// the system's name for it.
func beside(dir, name string) (string, bool) {
	p := filepath.Join(dir, Exe(name))
	st, err := os.Stat(p)
	if err != nil || st.IsDir() {
		return "", false
	}
	return p, true
}

// Start starts cmd bound to this process: when this process ends, however
// it ends, the child ends too (where the system allows it: see the package
// comment). A child that started but could not be bound is left running,
// the failure logged: the window works, and the console still stops it as
// it quits.
func Start(cmd *exec.Cmd) error {
	prepare(cmd)
	if err := cmd.Start(); err != nil {
		return err
	}
	if err := adopt(cmd.Process); err != nil {
		slog.Warn("child: a program was started but not bound to this one: it may outlive it", "program", cmd.Path, "pid", cmd.Process.Pid, "err", err)
	}
	return nil
}
