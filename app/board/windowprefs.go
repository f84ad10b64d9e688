package board

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/hexmap"
)

// Prefs are where the map window opens: the monitor (1 is the first) and
// whether it fills it, and the table scale chosen on each monitor (by
// monitorName). They are remembered between runs.
type Prefs struct {
	Monitor    int                `json:"monitor"`
	Fullscreen bool               `json:"fullscreen"`
	Scales     map[string]float64 `json:"scales,omitempty"`
}

// PrefsView names the view whose preferences LoadPrefs and SavePrefs
// keep: the Judge's map window and the players' table view each remember
// their own monitor.
var PrefsView = "judge"

// prefsPath is the file the window's preferences live in.
func prefsPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	name := "map-window.json"
	if PrefsView == "player" {
		name = "player-view.json"
	}
	return filepath.Join(dir, "hexslinger", name), nil
}

// LoadPrefs reads the remembered preferences; none yet is no error.
func LoadPrefs() (Prefs, error) {
	p := Prefs{Monitor: 1}
	path, err := prefsPath()
	if err != nil {
		return p, err
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return p, err
	}
	if err := json.Unmarshal(data, &p); err != nil {
		return Prefs{Monitor: 1}, fmt.Errorf("%s: %w (delete it to start afresh)", path, err)
	}
	return p, nil
}

// SavePrefs remembers the preferences.
func SavePrefs(p Prefs) error {
	path, err := prefsPath()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	data, _ := json.MarshalIndent(p, "", "  ")
	return hexmap.WriteFileAtomic(path, data)
}

// ApplyPrefs puts the window on its monitor, full screen if asked. A
// monitor that is not there falls back to the first, with a warning.
func ApplyPrefs(p Prefs) string {
	monitors := ebiten.AppendMonitors(nil)
	warn := ""
	if p.Monitor >= 1 && p.Monitor <= len(monitors) {
		ebiten.SetMonitor(monitors[p.Monitor-1])
	} else if p.Monitor != 1 {
		warn = fmt.Sprintf("there is no monitor %d (there are %d); using the first", p.Monitor, len(monitors))
	}
	ebiten.SetFullscreen(p.Fullscreen)
	return warn
}
