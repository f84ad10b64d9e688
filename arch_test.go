package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestArchitectureArrows holds the arrows docs/architecture.md says must
// never exist: the rules and the map import nothing of the app and no GUI
// toolkit; the session imports no GUI toolkit, and not its transport.
func TestArchitectureArrows(t *testing.T) {
	gui := []string{"fyne.io/", "github.com/hajimehoshi/ebiten", "github.com/go-gl/glfw", "github.com/sqweek/dialog"}
	for _, tc := range []struct {
		pkgs  string
		never []string
	}{
		{"hexslinger/rules/...", append([]string{"hexslinger/app/"}, gui...)},
		{"hexslinger/hexmap", append([]string{"hexslinger/app/", "hexslinger/rules"}, gui...)},
		{"hexslinger/app/session/...", gui},
		{"hexslinger/app/session", []string{"hexslinger/app/session/transport", "github.com/coder/websocket"}},
	} {
		t.Run(tc.pkgs, func(t *testing.T) {
			out, err := exec.Command("go", "list", "-deps", tc.pkgs).Output()
			if err != nil {
				t.Fatalf("go list -deps %s: %v", tc.pkgs, err)
			}
			for _, dep := range strings.Fields(string(out)) {
				for _, bad := range tc.never {
					if strings.HasPrefix(dep, bad) {
						t.Errorf("%s imports %s", tc.pkgs, dep)
					}
				}
			}
		})
	}
}
