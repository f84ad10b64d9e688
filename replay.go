package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"hexslinger/app/console"
)

// replay is hexslinger replay FILE: a fight's journal to look back at
// (console.Run with Launch.Replay), read-only, the journal left as it is.
func replay(args []string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	var l console.Launch
	fs.BoolVar(&l.NoMap, "no-map", false, "do not open the map window at start")
	fs.StringVar(&l.MapBin, "map-bin", "", "the hexslinger-map program; default: beside hexslinger, else on PATH")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `hexslinger replay: look back at a fight from its journal: scrub its timeline
in the console while the map window shows each moment. Nothing can be
changed, and the journal is left as it is.

  hexslinger replay [--no-map] FILE.journal.jsonl

Flags:
`)
		fs.PrintDefaults()
	}
	// The journal comes last, after the flags.
	if n := len(args); n > 0 && !strings.HasPrefix(args[n-1], "-") {
		args, l.Replay = args[:n-1], args[n-1]
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if l.Replay == "" {
		fmt.Fprintln(os.Stderr, "hexslinger replay: name the journal to replay, as hexslinger replay my-fight.journal.jsonl")
		return errUsage
	}
	return console.Run(l)
}
