package hexmap

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSavingOverAFileOpenElsewhereKeepsIt: on Windows a map open in
// another program that does not share deleting (as Go's own os.Open, and
// most editors and viewers, open files) cannot be replaced: the save says
// to close it there, the old map is kept whole and no temporary file is
// left; once the other program lets go, the save goes through.
func TestSavingOverAFileOpenElsewhereKeepsIt(t *testing.T) {
	tests := []struct {
		name    string
		hold    func(path string) (release func(), err error)
		letGoIn time.Duration // 0: held until the save returns
	}{
		{"held sharing reading alone", holdSharing(syscall.FILE_SHARE_READ), 0},
		{"held sharing reading and writing", holdSharing(syscall.FILE_SHARE_READ | syscall.FILE_SHARE_WRITE), 0},
		{"held by Go's os.Open", holdOpen, 0},
		{"held for a moment", holdSharing(syscall.FILE_SHARE_READ), 100 * time.Millisecond},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "Showdown.hexmap.json")
			m, _ := New("Showdown", Pointy, 3, 3, "dirt")
			if err := Save(path, m); err != nil {
				t.Fatal(err)
			}
			old, _ := os.ReadFile(path)
			release, err := tc.hold(path)
			if err != nil {
				t.Fatal(err)
			}
			if tc.letGoIn > 0 {
				time.AfterFunc(tc.letGoIn, release)
			} else {
				defer release()
			}
			m.Name = "Showdown at noon"
			err = Save(path, m)
			if tc.letGoIn > 0 {
				if err != nil {
					t.Fatalf("save over a file let go of after %v: %v", tc.letGoIn, err)
				}
				if got, _ := Load(path); got == nil || got.Name != "Showdown at noon" {
					t.Errorf("the map after the save: %+v, want the new one", got)
				}
				return
			}
			var oe *OpenElsewhereError
			if !errors.As(err, &oe) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "close it there and save again") {
				t.Fatalf("save over a held file: %v, want an error naming %s that says to close it there", err, path)
			}
			t.Logf("the error: %v", err)
			release()
			if got, _ := os.ReadFile(path); string(got) != string(old) {
				t.Errorf("the held file holds %q after the failed save, want the old %q", got, old)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("folder holds %d entries after the failed save, want 1 (no temporary file)", len(entries))
			}
		})
	}
}

// holdSharing opens path as another program might, sharing only share.
func holdSharing(share uint32) func(string) (func(), error) {
	return func(path string) (func(), error) {
		p, err := syscall.UTF16PtrFromString(path)
		if err != nil {
			return nil, err
		}
		h, err := syscall.CreateFile(p, syscall.GENERIC_READ, share, nil, syscall.OPEN_EXISTING, syscall.FILE_ATTRIBUTE_NORMAL, 0)
		if err != nil {
			return nil, err
		}
		return func() { syscall.CloseHandle(h) }, nil
	}
}

// holdOpen opens path with os.Open.
func holdOpen(path string) (func(), error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return func() { f.Close() }, nil
}
