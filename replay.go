package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"

	"hexslinger/app/console"
	"hexslinger/app/display"
	"hexslinger/app/session"
)

// replay opens a fight's journal to look back at (hexslinger replay
// FILE): the console on its timeline at the last event, the Judge's map
// window showing that moment. The console refuses every command; its
// session runs on a copy of the journal, so the file is left as it is
// whatever happens.
func replay(args []string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	noMap := fs.Bool("no-map", false, "do not open the map window at start")
	mapBin := fs.String("map-bin", "", "the hexslinger-map program; default: beside hexslinger, else on PATH")
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
	var path string
	if n := len(args); n > 0 && !strings.HasPrefix(args[n-1], "-") {
		args, path = args[:n-1], args[n-1]
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if path == "" {
		fmt.Fprintln(os.Stderr, "hexslinger replay: name the journal to replay, as hexslinger replay my-fight.journal.jsonl")
		return errUsage
	}
	opening, err := session.JournalOpening(path)
	if err != nil {
		return err
	}
	if err := display.Check(); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "hexslinger-replay")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	copyPath := filepath.Join(dir, filepath.Base(path))
	if err := copyFile(path, copyPath); err != nil {
		return fmt.Errorf("copy the journal to replay: %w", err)
	}
	// A damaged last line is left out of the copy; the journal itself is
	// left as it is.
	if d, err := session.CheckJournal(copyPath); err != nil {
		return err
	} else if d != nil {
		if _, err := session.SetAside(d); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "hexslinger replay: line %d of %s (%d bytes, its last) is damaged (%s): the replay leaves it out; the journal is left as it is\n", d.Line, path, d.Size-d.Offset, d.Reason)
	}
	bin := *mapBin
	if bin == "" {
		if bin, err = console.FindMapBin(); err != nil {
			slog.Warn("console: no map window", "err", err)
		}
	}
	return runConsole("hexslinger — replay of "+path, func(w fyne.Window, done func(*console.Opened, error)) {
		console.OpenFight(w, console.Opening{Fight: opening, Journal: copyPath, JournalDir: dir}, done)
	}, console.Options{Replay: path}, bin, !*noMap)
}

// copyFile copies the file at from to a new file to.
func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return errors.Join(out.Sync(), out.Close())
}
