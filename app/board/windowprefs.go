package board

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

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

// ApplyPrefs puts the window on its monitor, full screen if asked
// (placeWindow decides, by the monitors Ebiten reports): what the window
// should say about where it opened (a monitor that is not there, a
// player view in a window for want of a second monitor) is returned,
// and kept for the window's title (windowNote).
func ApplyPrefs(p Prefs) string {
	monitors := ebiten.AppendMonitors(nil)
	pl := placeWindow(p, len(monitors), PrefsView)
	if pl.monitor >= 1 && pl.monitor <= len(monitors) {
		ebiten.SetMonitor(monitors[pl.monitor-1])
	}
	ebiten.SetFullscreen(pl.fullscreen)
	windowNote = pl.title
	return pl.note
}

// placement is where the map window opens this run: the monitor (1 is
// the first), whether it fills it, and a note saying why it is not where
// the preferences ask; title is the note's short form, for the window's
// title.
type placement struct {
	monitor     int
	fullscreen  bool
	note, title string
}

// placeWindow decides where the map window opens, with monitors monitors
// attached, for view (PrefsView): on the monitor the preferences name,
// else the first; full screen as they say, but the player view never
// fills the only monitor, where it would cover the console and nothing
// in it closes it: it opens in a window there, and says why. The
// preferences themselves are kept: with a second monitor it fills it.
func placeWindow(p Prefs, monitors int, view string) placement {
	pl := placement{monitor: 1, fullscreen: p.Fullscreen}
	var notes []string
	if p.Monitor >= 1 && p.Monitor <= monitors {
		pl.monitor = p.Monitor
	} else if p.Monitor != 1 {
		notes = append(notes, fmt.Sprintf("there is no monitor %d (there are %d); using the first", p.Monitor, monitors))
	}
	if view == "player" && p.Fullscreen && monitors <= 1 {
		pl.fullscreen = false
		notes = append(notes, "there is only one monitor: the player view opens in a window, not fullscreen over the console (it fills monitor 2 once there is one; the console's View ▸ Close the player view closes it)")
		pl.title = "in a window, for there is only one monitor"
	}
	pl.note = strings.Join(notes, "; ")
	return pl
}
