package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHelpWithoutDisplay builds the real program and starts it with no
// display: Ebiten initialises GLFW in a package init, so only a real binary
// shows that startup's checks run before it.
func TestHelpWithoutDisplay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the map window")
	}
	bin := filepath.Join(t.TempDir(), "hexslinger-map")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			env = append(env, kv)
		}
	}
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		{name: "--help", args: []string{"--help"}, wantCode: 0, wantStdout: "Flags:"},
		{name: "-h", args: []string{"-h"}, wantCode: 0, wantStdout: "--join"},
		{name: "unknown flag", args: []string{"--bogus"}, wantCode: 2, wantStderr: "flag provided but not defined: -bogus"},
		{name: "no display", args: []string{"--addr", "ws://127.0.0.1:1/ws", "--token", "t"}, wantCode: 1, wantStderr: "hexslinger-map: no display: $DISPLAY is not set"},
		{name: "editor without display", args: []string{"--edit", filepath.Join(t.TempDir(), "x.hexmap.json")}, wantCode: 1, wantStderr: "no display"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(bin, tc.args...)
			cmd.Env = env
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.wantCode {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.wantCode, stdout.String(), stderr.String())
			}
			if !strings.Contains(stdout.String(), tc.wantStdout) || !strings.Contains(stderr.String(), tc.wantStderr) {
				t.Errorf("stdout %q, stderr %q; want stdout with %q, stderr with %q", stdout.String(), stderr.String(), tc.wantStdout, tc.wantStderr)
			}
			if strings.Contains(stderr.String(), "panic") || strings.Count(stderr.String(), "\n") > 1 && tc.wantCode == 1 {
				t.Errorf("want one line on stderr, got %q", stderr.String())
			}
		})
	}
}
