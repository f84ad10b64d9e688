package hexmap

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"io"
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
		m, err := Load(path) // at most MaxFileSize: read at once
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
	if fi.Size() > MaxUVTTSize {
		return nil, fmt.Errorf("open map %s: larger than the %s a map file may be", path, sizeText(MaxUVTTSize))
	}
	// Read a MiB at a time, so that a slow disk (or a pipe) shows and
	// can be stopped; a file that is not what its size said grows its
	// buffer as far as the limit.
	size := max(1, fi.Size())
	data := make([]byte, 0, fi.Size()+1)
	for {
		if len(data) == cap(data) {
			if len(data) > MaxUVTTSize {
				return nil, fmt.Errorf("open map %s: larger than the %s a map file may be", path, sizeText(MaxUVTTSize))
			}
			data = slices.Grow(data, min(max(1<<20, len(data)), MaxUVTTSize+1-len(data)))
		}
		n, err := fh.Read(data[len(data):min(cap(data), len(data)+1<<20)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("open map: %w", err)
		}
		if err := rd.at("reading the file", readShare*min(1, float64(len(data))/float64(size))); err != nil {
			return nil, err
		}
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
