package board

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"
	"time"

	"hexslinger/hexmap"
)

// dropFS is a window's dropped files: one file, whose Stat says size (or
// fails with statErr) and whose bytes are body, counted as they are read.
type dropFS struct {
	name    string
	size    int64
	statErr error
	body    io.Reader
	read    *int64
}

type dropFile struct {
	fs *dropFS
}

type dropInfo struct {
	name string
	size int64
}

func (i dropInfo) Name() string               { return i.name }
func (i dropInfo) Size() int64                { return i.size }
func (i dropInfo) Mode() fs.FileMode          { return 0o644 }
func (i dropInfo) ModTime() time.Time         { return time.Time{} }
func (i dropInfo) IsDir() bool                { return false }
func (i dropInfo) Sys() any                   { return nil }
func (i dropInfo) Type() fs.FileMode          { return 0 }
func (i dropInfo) Info() (fs.FileInfo, error) { return i, nil }

func (d *dropFS) Open(name string) (fs.File, error) {
	if name != d.name {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return dropFile{d}, nil
}

func (d *dropFS) ReadDir(name string) ([]fs.DirEntry, error) {
	return []fs.DirEntry{dropInfo{d.name, d.size}}, nil
}

func (f dropFile) Stat() (fs.FileInfo, error) {
	if f.fs.statErr != nil {
		return nil, f.fs.statErr
	}
	return dropInfo{f.fs.name, f.fs.size}, nil
}

func (f dropFile) Read(b []byte) (int, error) {
	n, err := f.fs.body.Read(b)
	*f.fs.read += int64(n)
	return n, err
}

func (f dropFile) Close() error { return nil }

// endless is a file that never ends, as a device or a file growing while
// it is read; past far bytes it fails, so that a read without a limit
// ends in a test.
type endless struct{ left int64 }

func (e *endless) Read(b []byte) (int, error) {
	if e.left <= 0 {
		return 0, errors.New("read far past the limit")
	}
	n := min(int64(len(b)), e.left)
	clear(b[:n])
	e.left -= n
	return int(n), nil
}

// TestADroppedFileIsReadOnceWithinItsLimit: a file dropped on the editor
// is refused before any read when its size passes the limit for its kind
// (a hexslinger map 32 MiB, a UVTT file or picture 96 MiB), the limit
// named; one whose size is not what it says, or cannot be told, is read
// through a limit and refused there, never read whole; one within the
// limit opens.
func TestADroppedFileIsReadOnceWithinItsLimit(t *testing.T) {
	far := int64(hexmap.MaxUVTTSize) + 8<<20
	tests := []struct {
		name     string
		drop     dropFS
		maxRead  int64  // the most bytes that may be read
		want     string // in the error the window shows ("" opens)
		wantLoad bool
	}{
		{name: "a map file larger than a map may be is refused unread",
			drop: dropFS{name: "big.hexmap.json", size: hexmap.MaxFileSize + 1, body: &endless{far}}, maxRead: 0, want: "32 MiB"},
		{name: "a UVTT file larger than a UVTT file may be is refused unread",
			drop: dropFS{name: "big.dd2vtt", size: hexmap.MaxUVTTSize + 1, body: &endless{far}}, maxRead: 0, want: "96 MiB"},
		{name: "a file larger than its size said stops at the limit",
			drop: dropFS{name: "lies.hexmap.json", size: 100, body: &endless{far}}, maxRead: hexmap.MaxFileSize + 1, want: "32 MiB"},
		{name: "a file whose size cannot be told stops at the limit",
			drop: dropFS{name: "nosize.uvtt", statErr: errors.New("no size"), body: &endless{far}}, maxRead: hexmap.MaxUVTTSize + 1, want: "96 MiB"},
		{name: "a UVTT file within the limit opens",
			drop: dropFS{name: "tower.uvtt", size: int64(len(uvttFile(t))), body: bytes.NewReader(uvttFile(t))}, maxRead: int64(len(uvttFile(t))), wantLoad: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var read int64
			drop := tc.drop
			drop.read = &read
			ed := &Editor{e: newEdit(t), w: WindowWidth, h: WindowHeight, dialogs: make(chan dialogResult, 1)}
			ed.fit()
			ed.droppedFrom(&drop)
			if read > tc.maxRead {
				t.Errorf("%s (says %d bytes): read %d bytes, want at most %d", drop.name, drop.size, read, tc.maxRead)
			}
			if tc.wantLoad {
				if ed.load == nil {
					t.Fatalf("%s: not opened; the window says %q", drop.name, ed.message)
				}
				waitLoad(t, ed)
				if ed.msgErr {
					t.Errorf("%s: the window says %q", drop.name, ed.message)
				}
				return
			}
			if ed.load != nil || !ed.msgErr || !strings.Contains(ed.message, tc.want) || !strings.Contains(ed.message, drop.name) || strings.Contains(ed.message, "\n") {
				t.Errorf("%s: opening %v, the window says %q (error %v); want one line naming the file and %q", drop.name, ed.load != nil, ed.message, ed.msgErr, tc.want)
			}
		})
	}
}
