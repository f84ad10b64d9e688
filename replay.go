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

	"hexslinger/app/console"
	"hexslinger/app/display"
	"hexslinger/app/session"
	"hexslinger/app/session/transport"
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
	tl, err := session.OpenTimeline(path)
	if err != nil {
		return err
	}
	opening, err := tl.Event(0)
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
	s, err := session.Open(opening.Fight, copyPath)
	if err != nil {
		return fmt.Errorf("replay %s: %w", path, err)
	}
	defer s.Close()
	token := session.NewToken()
	access := session.NewAccess(token)
	srv, err := transport.Serve(s, "127.0.0.1:0", access, nil)
	if err != nil {
		return err
	}
	defer srv.Close()

	bin := *mapBin
	if bin == "" {
		if bin, err = console.FindMapBin(); err != nil {
			slog.Warn("console: no map window", "err", err)
		}
	}
	var mp *console.MapProcess
	if bin != "" {
		mp = &console.MapProcess{Bin: bin, Args: []string{"--addr", srv.URL()}, Env: []string{"HEXSLINGER_TOKEN=" + token}}
	}
	return runConsole("hexslinger — replay of "+path, s, console.Options{Address: srv.URL(), MapWindow: mp, Server: srv, Replay: path}, !*noMap)
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
