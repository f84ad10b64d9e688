package hexmap

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// Progress is told how far a long read (OpenMapContext, ReadMapContext,
// DecodeBackgroundContext) has come: what it is doing, in words for a
// window ("reading the walls"), and how much of the whole is done, from 0
// to 1. It is called on the reading goroutine, often: keep it quick.
type Progress func(stage string, done float64)

// reading is a read under way: its context, which stops it, and its
// Progress. A nil reading is a read that cannot be stopped or watched.
type reading struct {
	ctx context.Context
	fn  Progress
	dir string // the folder of the file read, where a Foundry scene's picture is looked for; "" for none
}

// at reports stage and done, and says whether to stop: the context's
// error once it is done.
func (r *reading) at(stage string, done float64) error {
	if r == nil {
		return nil
	}
	if err := r.ctx.Err(); err != nil {
		return err
	}
	if r.fn != nil {
		r.fn(stage, done)
	}
	return nil
}

// context is the read's context: one never done for a nil reading.
func (r *reading) context() context.Context {
	if r == nil {
		return context.Background()
	}
	return r.ctx
}

// stopped is the context's error once it is done, else nil.
func (r *reading) stopped() error {
	if r == nil {
		return nil
	}
	return r.ctx.Err()
}

// reader is data for a decoder that reports, as it is read, the bytes
// read as the part from lo to hi of the whole, and stops with the
// context's error once it is done.
func (r *reading) reader(data []byte, stage string, lo, hi float64) io.Reader {
	if r == nil {
		return bytes.NewReader(data)
	}
	return &progressReader{Reader: bytes.NewReader(data), size: len(data), r: r, stage: stage, lo: lo, hi: hi}
}

type progressReader struct {
	*bytes.Reader
	size   int
	r      *reading
	stage  string
	lo, hi float64
}

func (p *progressReader) Read(b []byte) (int, error) {
	done := p.lo + (p.hi-p.lo)*float64(p.size-p.Len())/float64(max(1, p.size))
	if err := p.r.at(p.stage, done); err != nil {
		return 0, err
	}
	return p.Reader.Read(b)
}

// OpenMapContext is OpenMap, telling fn how far it has come (fn may be
// nil) and stopping with ctx's error once ctx is done.
func OpenMapContext(ctx context.Context, path string, fn Progress) (*Map, error) {
	rd := &reading{ctx: ctx, fn: fn, dir: filepath.Dir(path)}
	if err := rd.at("reading the file", 0); err != nil {
		return nil, err
	}
	if !IsUVTT(path) && !IsImage(path) && !IsFoundrySceneName(path) {
		// At most MaxFileSize, its size checked first: read at once.
		if fi, err := os.Stat(path); err == nil && fi.Size() > MaxFileSize {
			return nil, fmt.Errorf("open map %s: larger than the %s a map file may be", path, sizeText(MaxFileSize))
		}
		m, err := Load(path)
		if err == nil {
			err = rd.at("reading the file", 1)
		}
		return m, err
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open map: %w", err)
	}
	defer fh.Close()
	fi, err := fh.Stat()
	if err != nil {
		return nil, fmt.Errorf("open map: %w", err)
	}
	data, err := readLimited(rd, fh, fi.Size(), MapFileLimit(path), mapFileKind(path))
	if err != nil {
		if stop := rd.stopped(); stop != nil {
			return nil, stop
		}
		return nil, fmt.Errorf("open map %s: %w", path, err)
	}
	m, err := readMap(rd, path, data)
	if stop := rd.stopped(); stop != nil {
		return nil, stop // stopped, if only as it ended
	}
	if err != nil {
		return nil, fmt.Errorf("open map %s: %w", path, err)
	}
	return m, nil
}

// MapFileLimit is the most bytes the map file name may have, by its
// kind: a UVTT file or a picture MaxUVTTSize, a hexslinger map
// MaxFileSize.
func MapFileLimit(name string) int {
	switch {
	case IsUVTT(name) || IsImage(name):
		return MaxUVTTSize
	case IsFoundrySceneName(name):
		return MaxFoundrySize
	}
	return MaxFileSize
}

// mapFileKind names the kind of the map file name, for errors.
func mapFileKind(name string) string {
	switch {
	case IsUVTT(name):
		return "UVTT file"
	case IsImage(name):
		return "picture"
	case IsFoundrySceneName(name):
		return "map or Foundry VTT scene file"
	}
	return "map file"
}

// ReadMapFile reads the map file name of fsys (the files dropped on a
// window) for ReadMap, once: its size, when fsys can tell it, checked
// against MapFileLimit before any read, and the read itself stopped at
// the limit, so that a file larger than it said is never read whole.
// Errors name the file and the limit.
func ReadMapFile(fsys fs.FS, name string) ([]byte, error) {
	fh, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	size := int64(-1)
	if fi, err := fh.Stat(); err == nil {
		size = fi.Size()
	}
	data, err := readLimited(nil, fh, size, MapFileLimit(name), mapFileKind(name))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return data, nil
}

// readLimited reads what r holds, of size bytes (-1 when not known), a
// MiB at a time, so that a slow disk (or a pipe) shows and can be
// stopped: refused before any read when size is over limit, and when
// more than limit bytes come (a file not what its size said, its buffer
// grown as far as the limit and no further).
func readLimited(rd *reading, r io.Reader, size int64, limit int, kind string) ([]byte, error) {
	tooLarge := fmt.Errorf("larger than the %s a %s may be", sizeText(limit), kind)
	if size > int64(limit) {
		return nil, tooLarge
	}
	data := make([]byte, 0, max(0, size)+1)
	for {
		if len(data) > limit {
			return nil, tooLarge
		}
		if len(data) == cap(data) {
			data = slices.Grow(data, min(max(1<<20, len(data)), limit+1-len(data)))
		}
		n, err := r.Read(data[len(data):min(cap(data), len(data)+1<<20, limit+1)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		// How far: of the size the file said, or, when it said none (a
		// pipe), a share that grows with what came and never reaches the
		// end, so a slow source still shows it is moving.
		done := float64(len(data)) / float64(len(data)+64<<10)
		if size > 0 {
			done = min(1, float64(len(data))/float64(size))
		}
		if err := rd.at("reading the file", readShare*done); err != nil {
			return nil, err
		}
	}
	if len(data) > limit {
		return nil, tooLarge
	}
	return data, nil
}

// ReadMapContext is ReadMap, telling fn how far it has come (fn may be
// nil) and stopping with ctx's error once ctx is done.
func ReadMapContext(ctx context.Context, name string, data []byte, fn Progress) (*Map, error) {
	rd := &reading{ctx: ctx, fn: fn}
	m, err := readMap(rd, name, data)
	if stop := rd.stopped(); stop != nil {
		return nil, stop
	}
	return m, err
}

// DecodeBackgroundContext is DecodeBackground, telling fn how far it has
// come (fn may be nil) and stopping with ctx's error once ctx is done.
func DecodeBackgroundContext(ctx context.Context, b *Background, fn Progress) (image.Image, error) {
	if b == nil {
		return nil, nil
	}
	rd := &reading{ctx: ctx, fn: fn}
	img, err := decodeBackground(rd, b.Image, 0, 1)
	if stop := rd.stopped(); stop != nil {
		return nil, stop
	}
	if err != nil {
		return nil, fmt.Errorf("background: %w", err)
	}
	return img, nil
}

// The parts of a read the stages take: reading the file, then for a UVTT
// file its JSON, its walls and its picture.
const (
	readShare  = 0.1
	jsonShare  = 0.2
	wallsShare = 0.4
)
