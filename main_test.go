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
	if _, err := os.Stat(journal); !os.IsNotExist(err) {
		t.Errorf("a journal was made for a console that could not open: %v", err)
	}
}
