// Command hexslinger-map is the battle map window: it connects to a
// hexslinger session (started by the console) and shows the fight's map.
package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/board"
	"hexslinger/app/hexslinger-map/startup"
	"hexslinger/app/session/transport"
	"hexslinger/hexmap"
)

func main() {
	if os.Getenv("GOGC") == "" {
		// The window's own heap is small beside what the renderer holds,
		// and a frame makes little garbage once the map's chunks are
		// drawn: collecting at a quarter's growth rather than Go's
		// default doubling keeps its share down (--bench: peak resident
		// memory 305-333 MB before, 272-278 MB after) for CPU spent only
		// while chunks are drawn.
		debug.SetGCPercent(25)
	}
	o, err := startup.Parse(os.Args[1:], os.Stderr)
	if err != nil {
		os.Exit(2) // startup's init has said why, before Ebiten started
	}
	addr, token, join, monitor, fullscreen, windowed := &o.Addr, &o.Token, &o.Join, &o.Monitor, &o.Fullscreen, &o.Windowed
	edit, size, orientation, scale, view, bench, scene, shotPath := &o.Edit, &o.Size, &o.Orientation, &o.Scale, &o.View, &o.Bench, &o.Scene, &o.Shot
	if *scene != "" {
		sc, err := board.NewScene(*scene, *shotPath)
		if err != nil {
			fmt.Fprintln(os.Stderr, "hexslinger-map:", err)
			os.Exit(2)
		}
		ebiten.SetWindowTitle("hexslinger — scene " + *scene)
		ebiten.SetWindowSize(board.SceneWidth, board.SceneHeight)
		ebiten.SetScreenClearedEveryFrame(false)
		err = ebiten.RunGame(sc)
		sc.Close()
		if err != nil && !errors.Is(err, board.ErrSceneDone) {
			fmt.Fprintln(os.Stderr, "hexslinger-map:", err)
			os.Exit(1)
		}
		return
	}
	if *edit != "" {
		var w, h int
		if _, err := fmt.Sscanf(*size, "%dx%d", &w, &h); err != nil {
			fmt.Fprintf(os.Stderr, "hexslinger-map: --size %q: want columns x rows, as 24x16\n", *size)
			os.Exit(2)
		}
		o, err := hexmap.ParseOrientation(*orientation)
		if err != nil {
			fmt.Fprintln(os.Stderr, "hexslinger-map: --orientation:", err)
			os.Exit(2)
		}
		m, err := hexmap.New(strings.TrimSuffix(filepath.Base(*edit), ".hexmap.json"), o, w, h, "dirt")
		if err != nil {
			fmt.Fprintln(os.Stderr, "hexslinger-map:", err)
			os.Exit(2)
		}
		if *scale <= 0 {
			fmt.Fprintln(os.Stderr, "hexslinger-map: --scale must be more than 0")
			os.Exit(2)
		}
		m.Scale = *scale
		ed, err := board.NewEditor(*edit, m)
		if err != nil {
			fmt.Fprintln(os.Stderr, "hexslinger-map:", err)
			os.Exit(1)
		}
		ebiten.SetWindowTitle("hexslinger — map editor — " + *edit)
		ebiten.SetWindowSize(board.WindowWidth, board.WindowHeight)
		ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
		if err := ebiten.RunGame(ed); err != nil {
			fmt.Fprintln(os.Stderr, "hexslinger-map:", err)
			os.Exit(1)
		}
		return
	}
	if *bench {
		b := board.NewBench(os.Stdout)
		ebiten.SetWindowTitle("hexslinger — map bench")
		ebiten.SetWindowSize(board.BenchWidth, board.BenchHeight)
		ebiten.SetVsyncEnabled(false)
		ebiten.SetScreenClearedEveryFrame(false)
		ebiten.SetTPS(ebiten.SyncWithFPS)
		if err := ebiten.RunGame(b); err != nil && !errors.Is(err, board.ErrBenchDone) {
			fmt.Fprintln(os.Stderr, "hexslinger-map:", err)
			os.Exit(1)
		}
		return
	}
	if *token == "" {
		*token = os.Getenv("HEXSLINGER_TOKEN")
	}
	var g *board.Game
	switch {
	case *join != "":
		if _, _, _, err := transport.ParseJoinCode(*join); err != nil {
			fmt.Fprintln(os.Stderr, "hexslinger-map:", err)
			os.Exit(2)
		}
		g = board.JoinGame(*join)
	case *addr != "" && *token != "":
		g = board.NewGame(*addr, *token)
	default:
		fmt.Fprintln(os.Stderr, "hexslinger-map: needs --join CODE, or --addr and a token (--token or $HEXSLINGER_TOKEN); the console starts it with both")
		os.Exit(2)
	}
	defer g.Close()
	ebiten.SetWindowTitle("hexslinger — map")
	if *view == "player" {
		board.PrefsView = "player"
		ebiten.SetWindowTitle("hexslinger — table view")
	}
	ebiten.SetWindowSize(board.WindowWidth, board.WindowHeight)
	prefs, err := board.LoadPrefs()
	if err != nil {
		fmt.Fprintln(os.Stderr, "hexslinger-map: window preferences:", err)
	}
	changed := false
	if *monitor > 0 {
		prefs.Monitor, changed = *monitor, true
	}
	if *fullscreen || *windowed {
		prefs.Fullscreen, changed = *fullscreen && !*windowed, true
	}
	if changed {
		if err := board.SavePrefs(prefs); err != nil {
			fmt.Fprintln(os.Stderr, "hexslinger-map: could not remember the window preferences:", err)
		}
	}
	if warn := board.ApplyPrefs(prefs); warn != "" {
		fmt.Fprintln(os.Stderr, "hexslinger-map:", warn)
	}
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false) // Draw skips frames that did not change
	if err := ebiten.RunGame(g); err != nil {
		if errors.Is(err, board.ErrRejected) {
			fmt.Fprintln(os.Stderr, "hexslinger-map:", err)
			os.Exit(3)
		}
		fmt.Fprintln(os.Stderr, "hexslinger-map:", err)
		os.Exit(1)
	}
}
