// Command hexslinger-map is the battle map window: it connects to a
// hexslinger session (started by the console) and shows the fight's map;
// it is also the map editor. Each mode is a function of app/board.
package main

import (
	"fmt"
	"os"
	"runtime/debug"

	"hexslinger/app/board"
	"hexslinger/app/hexslinger-map/startup"
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
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "hexslinger-map:", err)
		os.Exit(board.ExitCode(err))
	}
}

// run runs the mode the flags ask for.
func run(o startup.Options) error {
	switch {
	case o.Scene != "":
		return board.RunScene(o.Scene, o.Shot)
	case o.Edit != "":
		return board.RunEditor(o.Edit, o.Size, o.Orientation, o.Scale)
	case o.Bench:
		return board.RunBench(os.Stdout, o.BenchPicture)
	case o.Export != "" || o.PNG != "" || o.Journal != "":
		x := board.Export{Journal: o.Journal, GIF: o.Export, PNG: o.PNG, From: o.From, To: o.To, PNGAt: o.PNGAt, Seat: o.ExportSeat}
		res, err := board.RunExport(x, os.Stderr)
		if err == nil && o.Export != "" {
			fmt.Fprintf(os.Stderr, "hexslinger-map: wrote %s: %d frames, %d bytes\n", o.Export, res.Frames, res.Bytes)
		}
		return err
	}
	token := o.Token
	if token == "" {
		token = os.Getenv("HEXSLINGER_TOKEN")
	}
	return board.RunTable(board.Table{Join: o.Join, Addr: o.Addr, Token: token, Monitor: o.Monitor,
		Fullscreen: o.Fullscreen, Windowed: o.Windowed, View: o.View}, os.Stderr)
}
