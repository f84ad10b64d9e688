package board

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session/transport"
	"hexslinger/hexmap"
)

// windowTitle names the map window's view and, once connected, its fight,
// so that windows of two fights are told apart.
func windowTitle(fight string) string {
	t := "hexslinger — map"
	if PrefsView == "player" {
		t = "hexslinger — table view"
	}
	if fight != "" {
		t += " — " + fight
	}
	if windowNote != "" {
		t += " (" + windowNote + ")"
	}
	return t
}

// windowNote, when not "", says in the window's title why the window is
// not where its preferences ask (placeWindow: a player view in a window
// for want of a second monitor).
var windowNote string

// windowSaid is windowNote as the status line's short sentence on
// connecting (the title says it whole), or "".
func windowSaid() string {
	if windowNote == "" {
		return ""
	}
	return " In a window: one monitor only."
}

// The map window's modes, each run by its own function, as Ebiten's
// examples run one game from a thin main: RunScene, RunEditor, RunBench
// and RunTable. Their errors carry their exit status (ExitCode).

// UsageError is a mistake in how the program was started (a flag's value):
// exit status 2.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

func usage(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...)}
}

// ExitCode is the exit status for an error of a Run function: 0 for none,
// 2 for a usage error, 3 when the session refused this window (its token
// or version), else 1.
func ExitCode(err error) int {
	var ue *UsageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		return 2
	case errors.Is(err, ErrRejected):
		return 3
	}
	return 1
}

// RunScene draws one of the screenshot tests' scenes and saves it to shot.
func RunScene(name, shot string) error {
	sc, err := NewScene(name, shot)
	if err != nil {
		return &UsageError{Err: err}
	}
	defer sc.Close()
	ebiten.SetWindowTitle("hexslinger — scene " + name)
	ebiten.SetWindowSize(sc.w, sc.h)
	ebiten.SetScreenClearedEveryFrame(false)
	if err := ebiten.RunGame(sc); err != nil && !errors.Is(err, ErrSceneDone) {
		return err
	}
	return nil
}

// RunEditor opens the map editor on path; a new map is size ("24x16"),
// orientation and scale (paces per hex).
func RunEditor(path, size, orientation string, scale float64) error {
	var w, h int
	if _, err := fmt.Sscanf(size, "%dx%d", &w, &h); err != nil {
		return usage("--size %q: want columns x rows, as 24x16", size)
	}
	o, err := hexmap.ParseOrientation(orientation)
	if err != nil {
		return usage("--orientation: %v", err)
	}
	if scale <= 0 {
		return usage("--scale must be more than 0")
	}
	m, err := hexmap.New(strings.TrimSuffix(filepath.Base(path), ".hexmap.json"), o, w, h, "dirt")
	if err != nil {
		return &UsageError{Err: err}
	}
	m.Scale = scale
	ed, err := NewEditor(path, m)
	if err != nil {
		return err
	}
	ebiten.SetWindowTitle("hexslinger — map editor — " + path)
	ebiten.SetWindowSize(WindowWidth, WindowHeight)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	// The close button asks before unsaved changes are lost (Editor.Update).
	ebiten.SetWindowClosingHandled(true)
	return ebiten.RunGame(ed)
}

// RunBench times the window drawing a big map and writes the figures to
// w; picture, when more than 0, is the side in pixels of a picture laid
// under the map.
func RunBench(w io.Writer, picture int) error {
	if picture < 0 || picture > hexmap.MaxBackgroundSide {
		return usage("--bench-picture %d: want 1 to %d pixels", picture, hexmap.MaxBackgroundSide)
	}
	b, err := NewBench(w, picture)
	if err != nil {
		return err
	}
	ebiten.SetWindowTitle("hexslinger — map bench")
	ebiten.SetWindowSize(BenchWidth, BenchHeight)
	ebiten.SetVsyncEnabled(false)
	ebiten.SetScreenClearedEveryFrame(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	if err := ebiten.RunGame(b); err != nil && !errors.Is(err, ErrBenchDone) {
		return err
	}
	return nil
}

// Table is how the map window joins a fight: by a join code, or by the
// session's address and a seat's token; on which monitor, and as the
// Judge's window or the table's player view.
type Table struct {
	Join, Addr, Token    string
	Monitor              int
	Fullscreen, Windowed bool
	View                 string // "player": the table's view
}

// RunTable opens the map window on a fight. Warnings that do not stop it
// (window preferences that could not be read or kept) go to warn.
func RunTable(t Table, warn io.Writer) error {
	var g *Game
	switch {
	case t.Join != "":
		if _, _, _, err := transport.ParseJoinCode(t.Join); err != nil {
			return &UsageError{Err: err}
		}
		g = JoinGame(t.Join)
	case t.Addr != "" && t.Token != "":
		g = NewGame(t.Addr, t.Token)
	default:
		return usage("needs --join CODE, or --addr and a token (--token or $HEXSLINGER_TOKEN); the console starts it with both")
	}
	defer g.Close()
	if t.View == "player" {
		PrefsView = "player"
	}
	if touch, w, h, err := touchWindow(); err != nil {
		return &UsageError{Err: err}
	} else if touch {
		// A phone's or tablet's window, to look at its layout: no
		// preferences of a desktop's monitors.
		g.dev.touch = true
		ebiten.SetWindowTitle(windowTitle(""))
		ebiten.SetWindowSize(w, h)
		ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
		ebiten.SetScreenClearedEveryFrame(false)
		return ebiten.RunGame(g)
	}
	ebiten.SetWindowTitle(windowTitle(""))
	ebiten.SetWindowSize(WindowWidth, WindowHeight)
	prefs, err := LoadPrefs()
	if err != nil {
		fmt.Fprintln(warn, "hexslinger-map: window preferences:", err)
	}
	changed := false
	if t.Monitor > 0 {
		prefs.Monitor, changed = t.Monitor, true
	}
	if t.Fullscreen || t.Windowed {
		prefs.Fullscreen, changed = t.Fullscreen && !t.Windowed, true
	}
	if changed {
		if err := SavePrefs(prefs); err != nil {
			fmt.Fprintln(warn, "hexslinger-map: could not remember the window preferences:", err)
		}
	}
	if w := ApplyPrefs(prefs); w != "" {
		fmt.Fprintln(warn, "hexslinger-map:", w)
	}
	ebiten.SetWindowTitle(windowTitle("")) // with the placement's note, if any
	// The table scale follows the window from monitor to monitor, each
	// remembering its own.
	g.scale.scales, g.scale.remember = prefs.Scales, true
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false) // Draw skips frames that did not change
	return ebiten.RunGame(g)
}
