package main

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexslinger/app/display"
	"hexslinger/app/session"
	"hexslinger/assets"
)

// captured runs f with standard output and error going to strings.
func captured(t *testing.T, f func() error) (stdout, stderr string, err error) {
	t.Helper()
	oldOut, oldErr := os.Stdout, os.Stderr
	ro, wo, _ := os.Pipe()
	re, we, _ := os.Pipe()
	os.Stdout, os.Stderr = wo, we
	done := make(chan [2]string)
	go func() {
		var o, e bytes.Buffer
		errDone := make(chan struct{})
		go func() { io.Copy(&e, re); close(errDone) }()
		io.Copy(&o, ro)
		<-errDone
		done <- [2]string{o.String(), e.String()}
	}()
	err = f()
	wo.Close()
	we.Close()
	os.Stdout, os.Stderr = oldOut, oldErr
	got := <-done
	return got[0], got[1], err
}

func TestCommandLine(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	journal := filepath.Join(t.TempDir(), "x.journal.jsonl")
	kept := keptJournal(t)
	before, _ := os.ReadFile(kept)
	tests := []struct {
		name       string
		run        func() error
		wantErr    error
		wantStdout string
		wantStderr string
	}{
		{name: "console --help", run: func() error { return run([]string{"--help"}) }, wantErr: flag.ErrHelp, wantStdout: "hexslinger serve --help"},
		{name: "console -h", run: func() error { return run([]string{"-h"}) }, wantErr: flag.ErrHelp, wantStdout: "-fight"},
		{name: "serve --help", run: func() error { return serve([]string{"--help"}) }, wantErr: flag.ErrHelp, wantStdout: "--player"},
		{name: "serve -h", run: func() error { return serve([]string{"-h"}) }, wantErr: flag.ErrHelp, wantStdout: "join code"},
		{name: "unknown flag", run: func() error { return run([]string{"--bogus"}) }, wantErr: errUsage, wantStderr: "flag provided but not defined: -bogus"},
		{name: "stray argument", run: func() error { return serve([]string{"demo"}) }, wantErr: errUsage, wantStderr: `unexpected argument "demo"`},
		{name: "replay --help", run: func() error { return replay([]string{"--help"}) }, wantErr: flag.ErrHelp, wantStdout: "Nothing can be\nchanged"},
		{name: "replay without a journal", run: func() error { return replay(nil) }, wantErr: errUsage, wantStderr: "name the journal to replay"},
		{name: "replay of a missing journal", run: func() error { return replay([]string{journal}) }, wantErr: os.ErrNotExist},
		{name: "replay without a display", run: func() error { return replay([]string{kept}) }, wantErr: display.ErrNoDisplay},
		{name: "no display", run: func() error { return run([]string{"--journal", journal}) }, wantErr: display.ErrNoDisplay},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, err := captured(t, tc.run)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			if !strings.Contains(stdout, tc.wantStdout) || !strings.Contains(stderr, tc.wantStderr) {
				t.Errorf("stdout %q\nstderr %q\nwant stdout with %q, stderr with %q", stdout, stderr, tc.wantStdout, tc.wantStderr)
			}
			if exitCode(err) == 2 && tc.wantErr != errUsage {
				t.Errorf("exit code 2 for %v", err)
			}
		})
	}
	if after, _ := os.ReadFile(kept); !bytes.Equal(after, before) {
		t.Error("a replay changed the journal it replays")
	}
	if _, err := os.Stat(journal); !os.IsNotExist(err) {
		t.Errorf("a journal was made for a console that could not open: %v", err)
	}
}

// keptJournal is the journal of a demo fight with one move.
func keptJournal(t *testing.T) string {
	t.Helper()
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "kept.journal.jsonl")
	s, err := session.Open(f, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Do(session.Command{Kind: session.CommandTurn, Figure: "cyril", Turn: 1}); err != nil {
		t.Fatal(err)
	}
	return path
}
