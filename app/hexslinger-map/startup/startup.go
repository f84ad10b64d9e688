// Package startup holds the map window's command-line flags and checks them
// before Ebiten starts.
//
// Ebiten initialises GLFW in a package init and panics when there is no
// display, before main runs. This package imports nothing that imports
// Ebiten, and Go initialises packages in the order of their import paths as
// far as their imports allow, so its init runs first: --help prints the usage
// and exits 0 with or without a display, a bad flag exits 2, and a start
// without a display is one clear line and exit 1, never a panic.
// (TestHelpWithoutDisplay in package main holds this.)
package startup

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"testing"

	"hexslinger/app/display"
)

// Options are the map window's flags.
type Options struct {
	Addr, Token, Join string
	Monitor           int
	Fullscreen        bool
	Windowed          bool
	Edit              string
	Size              string
	Orientation       string
	Scale             float64
	View              string
	Bench             bool
	BenchPicture      int // the side of the picture laid under the bench's map, 0 for none
	Scene             string
	Shot              string
	// A fight's replay: an animated GIF (Export) and or a PNG of one
	// moment (PNG at event PNGAt), from the journal Journal, events From
	// to To (-1: the last), from ExportSeat's view.
	Export, PNG, Journal, ExportSeat string
	From, To, PNGAt                  int
}

// FlagSet returns the map window's flags, parsed into o.
func FlagSet(o *Options, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("hexslinger-map", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.Usage = func() {
		fmt.Fprint(out, `hexslinger-map: the battle map window of hexslinger, and its map editor.

  hexslinger-map --addr ws://127.0.0.1:PORT/ws   (token in $HEXSLINGER_TOKEN; the console starts it so)
  hexslinger-map --join 'hexslinger://HOST:PORT/TOKEN#FINGERPRINT'   (a table on the LAN)
  hexslinger-map --edit street.hexmap.json [--size 30x20 --orientation flat --scale 2]
  hexslinger-map --journal FIGHT.journal.jsonl --export fight.gif [--from 0 --to 30] [--seat players]
  hexslinger-map --journal FIGHT.journal.jsonl --png moment.png --png-at 12

Flags:
`)
		fs.PrintDefaults()
	}
	fs.StringVar(&o.Addr, "addr", "", "the session's WebSocket address, as ws://127.0.0.1:PORT/ws (the console passes it)")
	fs.StringVar(&o.Token, "token", "", "the session token; default: $HEXSLINGER_TOKEN")
	fs.StringVar(&o.Join, "join", "", "a join code from the Judge (hexslinger://HOST:PORT/TOKEN#FINGERPRINT), to join a table on the LAN")
	fs.IntVar(&o.Monitor, "monitor", 0, "the monitor to open on (1 is the first); remembered")
	fs.BoolVar(&o.Fullscreen, "fullscreen", false, "fill the monitor (the player view on the table monitor); remembered")
	fs.BoolVar(&o.Windowed, "windowed", false, "open in a window, forgetting --fullscreen")
	fs.StringVar(&o.Edit, "edit", "", "edit a map file (*.hexmap.json); a file that does not exist yet is made new")
	fs.StringVar(&o.Size, "size", "24x16", "a new map's size in hexes, columns x rows (with --edit)")
	fs.StringVar(&o.Orientation, "orientation", "pointy", "a new map's hexes: pointy or flat (with --edit)")
	fs.Float64Var(&o.Scale, "scale", 1, "a new map's paces per hex (with --edit)")
	fs.StringVar(&o.View, "view", "judge", "which view's window preferences to use: judge, or player (the table monitor)")
	fs.BoolVar(&o.Bench, "bench", false, "draw a generated 256×256 map with 500 figures at several zooms and print the frame times against an empty frame's")
	fs.IntVar(&o.BenchPicture, "bench-picture", 0, "with --bench: lay a generated `N`×N-pixel picture under the map, as a battle map's art (4096 is a large one)")
	fs.StringVar(&o.Scene, "scene", "", "draw one prepared moment of the demo fight and save it (with --shot); an unknown name lists the scenes")
	fs.StringVar(&o.Shot, "shot", "scene.png", "where --scene saves its picture")
	fs.StringVar(&o.Journal, "journal", "", "replay the fight of this journal (`FILE`.journal.jsonl, saved beside its fight) for --export or --png")
	fs.StringVar(&o.Export, "export", "", "write the replay of --journal as an animated GIF to `OUT.gif`: one frame an event, drawn as the map window draws it, the event's log sentence in the status bar")
	fs.IntVar(&o.From, "from", 0, "with --export: the first event to draw (0 is the fight's opening)")
	fs.IntVar(&o.To, "to", -1, "with --export: the last event to draw; -1 for the journal's last")
	fs.StringVar(&o.ExportSeat, "seat", "judge", "with --export or --png: whose view to draw: judge (every figure, the whole map) or players (no hidden figure, the players' fog of war)")
	fs.StringVar(&o.PNG, "png", "", "write one moment of --journal's fight as a picture to `OUT.png` (the event --png-at)")
	fs.IntVar(&o.PNGAt, "png-at", -1, "with --png: the event to draw; default the last of --from..--to")
	return fs
}

// Parse parses args into Options. It returns flag.ErrHelp for -h and
// --help (the usage printed to out), and any other error as the flag package
// words it (also printed to out).
func Parse(args []string, out io.Writer) (Options, error) {
	var o Options
	err := FlagSet(&o, out).Parse(args)
	return o, err
}

// exit is os.Exit, replaced in tests.
var exit = os.Exit

// early handles what must be decided before Ebiten starts.
func early(args []string, stdout, stderr io.Writer, check func() error) {
	var said bytes.Buffer
	_, err := Parse(args, &said)
	switch {
	case errors.Is(err, flag.ErrHelp):
		stdout.Write(said.Bytes())
		exit(0)
		return
	case err != nil:
		stderr.Write(said.Bytes())
		exit(2)
		return
	}
	if err := check(); err != nil {
		fmt.Fprintln(stderr, "hexslinger-map:", err)
		exit(1)
	}
}

func init() {
	if testing.Testing() {
		return // a test binary's flags are the test's
	}
	early(os.Args[1:], os.Stdout, os.Stderr, display.Check)
}
