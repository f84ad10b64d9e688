package session

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"

	"hexslinger/hexmap"
)

// MaxJournalLine caps one journal line (one event), for the writer and
// the reader alike. The longest line is the opening event, which holds the
// whole fight: a fight file of MaxFightSize re-encodes to at most three
// times its size (a byte of broken UTF-8 becomes the three of U+FFFD), so
// every fight the loader takes fits, and Write refuses any longer line
// before it reaches the file.
const MaxJournalLine = 3*MaxFightSize + 1<<20

// syncFile and syncDir make a journal durable. Fuzz targets, which open
// thousands of sessions a second, replace them (see noSync in the tests);
// nothing else does.
var (
	syncFile = (*os.File).Sync
	syncDir  = hexmap.SyncDir
)

// Journal is a fight's append-only JSON-lines file of events. Write adds
// lines and Sync makes them durable; Append does both.
type Journal struct {
	path string
	f    *os.File
	size int64 // bytes of whole lines written
	prev int64 // size before the last Write, for Rollback
}

// OpenJournal opens or creates the journal at path and returns the events
// it already holds. A torn last line (a write cut off by a crash) is
// dropped with a warning and cut from the file; a bad line elsewhere is an
// error naming the line.
func OpenJournal(path string) (*Journal, []Event, error) {
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, fmt.Errorf("open journal: %w", err)
	}
	if os.IsNotExist(statErr) {
		// A new file is durable only once its folder is.
		if err := syncDir(filepath.Dir(path)); err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("open journal %s: %w", path, err)
		}
	}
	events, good, err := readJournal(f)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("open journal %s: %w", path, err)
	}
	end, err := f.Seek(0, io.SeekEnd)
	if err == nil && end != good {
		slog.Warn("journal: dropping a torn last line", "path", path, "bytes", end-good)
		err = f.Truncate(good)
	}
	if err == nil {
		_, err = f.Seek(good, io.SeekStart)
	}
	if err == nil && good > 0 {
		// A last line whole but for its newline: end it, so that the next
		// line does not run into it.
		var last [1]byte
		if _, err = f.ReadAt(last[:], good-1); err == nil && last[0] != '\n' {
			if _, err = f.Write([]byte{'\n'}); err == nil {
				good++
				err = syncFile(f)
			}
		}
	}
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("open journal %s: %w", path, err)
	}
	return &Journal{path: path, f: f, size: good, prev: good}, events, nil
}

// readLine reads one line of at most limit bytes (its newline included);
// a longer one is an error without reading it all into memory.
func readLine(br *bufio.Reader, limit int) ([]byte, error) {
	var line []byte
	for {
		frag, err := br.ReadSlice('\n')
		if len(line)+len(frag) > limit {
			return nil, errLineTooLong
		}
		line = append(line, frag...)
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

var errLineTooLong = fmt.Errorf("longer than %d MiB", MaxJournalLine>>20)

// readJournal decodes the events of r and returns the offset just past the
// last whole line.
func readJournal(r io.Reader) ([]Event, int64, error) {
	br := bufio.NewReader(r)
	var events []Event
	var off int64
	for n := 1; ; n++ {
		line, err := readLine(br, MaxJournalLine)
		if err == errLineTooLong {
			return nil, 0, fmt.Errorf("line %d: %w", n, err)
		}
		if err == io.EOF {
			// No newline: a torn write unless it decodes whole.
			var e Event
			if len(bytes.TrimSpace(line)) > 0 && json.Unmarshal(line, &e) == nil {
				events = append(events, e)
				off += int64(len(line))
			}
			return events, off, nil
		}
		if err != nil {
			return nil, 0, err
		}
		var e Event
		if uerr := json.Unmarshal(line, &e); uerr != nil {
			// A bad line followed by more data is corruption, not a tear.
			if _, perr := br.Peek(1); perr == io.EOF {
				return events, off, nil
			}
			return nil, 0, fmt.Errorf("line %d: %v", n, uerr)
		}
		events = append(events, e)
		off += int64(len(line))
	}
}

// Append writes events, one line each, and syncs the file.
func (j *Journal) Append(events ...Event) error {
	if err := j.Write(events...); err != nil {
		return err
	}
	return j.Sync()
}

// encodeEvents encodes events as journal lines. HTML characters are kept
// as they are (json.Marshal would write < as six bytes).
func encodeEvents(events []Event) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, e := range events {
		start := buf.Len()
		if err := enc.Encode(e); err != nil {
			return nil, err
		}
		if n := buf.Len() - start; n > MaxJournalLine {
			return nil, fmt.Errorf("event %d (%s) would be a journal line of %d MiB, more than the %d MiB a journal may hold", e.Seq, e.Kind, n>>20, MaxJournalLine>>20)
		}
	}
	return buf.Bytes(), nil
}

// Write adds events, one line each, without syncing: Sync makes them
// durable. A write that fails (a full disk) is cut from the file, so the
// file stays whole and the next line starts on a fresh line.
func (j *Journal) Write(events ...Event) error {
	data, err := encodeEvents(events)
	if err != nil {
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	if _, err := j.f.Write(data); err != nil {
		if terr := j.cut(j.size); terr != nil {
			return fmt.Errorf("journal %s: %w (and cutting the half-written line failed: %v)", j.path, err, terr)
		}
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	j.prev = j.size
	j.size += int64(len(data))
	return nil
}

// Rollback cuts the lines of the last Write, as for a command that failed
// after writing them.
func (j *Journal) Rollback() error {
	if err := j.cut(j.prev); err != nil {
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	j.size = j.prev
	return nil
}

func (j *Journal) cut(size int64) error {
	if err := j.f.Truncate(size); err != nil {
		return err
	}
	_, err := j.f.Seek(size, io.SeekStart)
	return err
}

// Sync makes every line written so far durable.
func (j *Journal) Sync() error {
	if err := syncFile(j.f); err != nil {
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	return nil
}

// Path is the journal's file.
func (j *Journal) Path() string { return j.path }

// Close closes the file.
func (j *Journal) Close() error { return j.f.Close() }
