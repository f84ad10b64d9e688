// Command hexslinger is the Judge's console: it hosts a fight's session,
// shows the figures, the round and the action log, and opens the map
// window. It only parses flags: each mode (the console, serve, replay) is
// a function of app/console.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"

	"hexslinger/app/console"
	_ "hexslinger/app/display/locale" // before Fyne reads the locale
)

func main() {
	name, mode, args := "hexslinger", run, os.Args[1:]
	if len(args) > 0 {
		switch args[0] {
		case "serve":
			name, mode, args = "hexslinger serve", serve, args[1:]
		case "replay":
			name, mode, args = "hexslinger replay", replay, args[1:]
		}
	}
	if err := mode(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		if !errors.Is(err, errUsage) {
			fmt.Fprintln(os.Stderr, name+":", err)
		}
		os.Exit(exitCode(err))
	}
}

// errUsage marks a command line the flag package has already complained
// about.
var errUsage = errors.New("usage")

// exitCode is 2 for a wrong command line, as the flag package's, else 1.
func exitCode(err error) int {
	if errors.Is(err, errUsage) {
		return 2
	}
	return 1
}

// parseFlags parses args with fs: -h and --help print the usage on standard
// output and answer flag.ErrHelp; a wrong flag is said on standard error and
// answers errUsage.
func parseFlags(fs *flag.FlagSet, args []string) error {
	var said bytes.Buffer
	fs.SetOutput(&said)
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		os.Stdout.Write(said.Bytes())
		return err
	case err != nil:
		os.Stderr.Write(said.Bytes())
		return errUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		fs.SetOutput(os.Stderr)
		fs.Usage()
		return errUsage
	}
	return nil
}

// run is hexslinger without a mode: the Judge's console (console.Run).
func run(args []string) error {
	flags := flag.NewFlagSet("hexslinger", flag.ContinueOnError)
	flags.Usage = func() {
		fmt.Fprint(flags.Output(), `hexslinger: the Judge's console of a hexslinger fight; it opens the map window too.

  hexslinger [--fight FILE|demo|savage|dragonwarriors|fudge|quickdraw] [--journal FILE]
  hexslinger serve --help      a fight without a window, for a table on the LAN
  hexslinger replay FILE.journal.jsonl   look back at a fight: its timeline, read-only

Flags:
`)
		flags.PrintDefaults()
	}
	var l console.Launch
	flags.StringVar(&l.Fight, "fight", "", "the fight to open: a *.fight.json file, or a bundled fight (demo, dragonwarriors, savage, fudge, quickdraw); default: the demo")
	flags.StringVar(&l.Journal, "journal", "", "the fight's journal (*.journal.jsonl); an existing one is replayed; default: a new one under the user data folder")
	flags.BoolVar(&l.NoMap, "no-map", false, "do not open the map window at start")
	flags.StringVar(&l.MapBin, "map-bin", "", "the hexslinger-map program; default: beside hexslinger, else on PATH")
	if err := parseFlags(flags, args); err != nil {
		return err
	}
	return console.Run(l)
}
