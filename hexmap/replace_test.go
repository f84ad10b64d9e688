package hexmap

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSavingOverABusyFileKeepsIt: a rename refused because another
// program holds the file (Windows refuses to replace a file open without
// delete sharing; an antivirus or indexer holds one for moments) is tried
// again for about half a second. A file freed meanwhile is saved; one
// still held keeps its old bytes, the temporary file is removed, and the
// error names the file and says to close it there; any other failure is
// not tried again. (TestSavingOverAFileOpenElsewhereKeepsIt holds a real
// file open on Windows.)
func TestSavingOverABusyFileKeepsIt(t *testing.T) {
	errFull := syscall.ENOSPC
	tests := []struct {
		name      string
		busyTries int   // renames refused as busy before one is let through
		other     error // else, the one refusal
		wantErr   string
		wantTries [2]int // at least, at most
		readOnly  bool   // the old file is read-only (Windows refuses to replace it)
	}{
		{"busy for a moment, then saved", 2, nil, "", [2]int{3, 3}, false},
		{"busy throughout", 1 << 20, nil, "is open in another program", [2]int{4, 20}, false},
		{"another failure, not tried again", 0, errFull, errFull.Error(), [2]int{1, 1}, false},
		{"refused over a read-only file, not tried again", 1 << 20, nil, "is read-only; clear Read-only", [2]int{1, 1}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "Showdown.hexmap.json")
			old := []byte("the old map\n")
			mode := os.FileMode(0o644)
			if tc.readOnly {
				mode = 0o444
			}
			if err := os.WriteFile(path, old, mode); err != nil {
				t.Fatal(err)
			}
			tries := 0
			real := rename
			rename = func(from, to string) error {
				tries++
				if tries <= tc.busyTries {
					return &os.LinkError{Op: "rename", Old: from, New: to, Err: busyErrors[0]}
				}
				if tc.other != nil {
					return &os.LinkError{Op: "rename", Old: from, New: to, Err: tc.other}
				}
				return real(from, to)
			}
			defer func() { rename = real }()
			start := time.Now()
			err := WriteFileAtomic(path, []byte("the new map\n"))
			took := time.Since(start)
			if tries < tc.wantTries[0] || tries > tc.wantTries[1] {
				t.Errorf("renamed %d times, want %d to %d", tries, tc.wantTries[0], tc.wantTries[1])
			}
			got, _ := os.ReadFile(path)
			if tc.wantErr == "" {
				if err != nil || string(got) != "the new map\n" {
					t.Errorf("busy %d tries: error %v, file %q; want the new map saved", tc.busyTries, err, got)
				}
			} else {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !strings.Contains(err.Error(), path) {
					t.Errorf("error %v, want one naming %s and saying %q", err, path, tc.wantErr)
				}
				if string(got) != string(old) {
					t.Errorf("the old file holds %q after a failed save, want %q", got, old)
				}
			}
			if tc.busyTries > 100 && !tc.readOnly {
				var oe *OpenElsewhereError
				if !errors.As(err, &oe) || oe.Path != path {
					t.Errorf("error %#v, want an *OpenElsewhereError for %s", err, path)
				}
				if !strings.Contains(err.Error(), "close it there and save again") {
					t.Errorf("error %q does not say what to do", err)
				}
				if took < 300*time.Millisecond || took > 3*time.Second {
					t.Errorf("gave up after %v, want about half a second", took)
				}
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				var names []string
				for _, e := range entries {
					names = append(names, e.Name())
				}
				t.Errorf("folder holds %v after the save, want the map alone (no temporary file)", names)
			}
		})
	}
}

// TestSaveRemovesTheTempFilesOfAKilledSave: the temporary file a save
// killed mid-way left beside a map is removed by the map's next save,
// whatever characters its name holds, and another map's is left alone.
func TestSaveRemovesTheTempFilesOfAKilledSave(t *testing.T) {
	tests := []struct {
		name, file, other string // the map saved; another map beside it
		unixOnly          bool   // Windows forbids * and ? in names
	}{
		{"plain", "yard.hexmap.json", "barn.hexmap.json", false},
		{"spaces and accents", "Showdown at Dødge.hexmap.json", "Showdown at Dodge.hexmap.json", false},
		{"brackets", "Showdown [v2].hexmap.json", "Showdown 2.hexmap.json", false},
		{"a star", "a*b.hexmap.json", "aXb.hexmap.json", true},
		{"a question mark", "who?.hexmap.json", "whom.hexmap.json", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.unixOnly && runtime.GOOS == "windows" {
				t.Skip("Windows forbids the character in a file name")
			}
			dir := t.TempDir()
			left := filepath.Join(dir, "."+tc.file+".tmp123")
			others := filepath.Join(dir, "."+tc.other+".tmp456")
			for _, p := range []string{left, others} {
				if err := os.WriteFile(p, []byte("cut off"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := WriteFileAtomic(filepath.Join(dir, tc.file), []byte("{}\n")); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(left); err == nil {
				t.Errorf("saving %q left the killed save's %s", tc.file, filepath.Base(left))
			}
			if _, err := os.Stat(others); err != nil {
				t.Errorf("saving %q removed another map's %s", tc.file, filepath.Base(others))
			}
		})
	}
}
