package session

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
)

// MaxJournalLine caps one journal line (one event).
const MaxJournalLine = 64 << 20

// Journal is a fight's append-only JSON-lines file of events. Append syncs
// before it returns, so an acknowledged event survives a crash.
type Journal struct {
	path string
	f    *os.File
	size int64 // bytes of whole lines written
}

// OpenJournal opens or creates the journal at path and returns the events
// it already holds. A torn last line (a write cut off by a crash) is
// dropped with a warning and cut from the file; a bad line elsewhere is an
// error naming the line.
func OpenJournal(path string) (*Journal, []Event, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, fmt.Errorf("open journal: %w", err)
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
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("open journal %s: %w", path, err)
	}
	return &Journal{path: path, f: f, size: good}, events, nil
}

// readJournal decodes the events of r and returns the offset just past the
// last whole line.
func readJournal(r io.Reader) ([]Event, int64, error) {
	br := bufio.NewReader(r)
	var events []Event
	var off int64
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if len(line) > MaxJournalLine {
			return nil, 0, fmt.Errorf("line %d: longer than %d MiB", n, MaxJournalLine>>20)
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
	var buf bytes.Buffer
	for _, e := range events {
		b, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("journal %s: %w", j.path, err)
		}
		buf.Write(b)
		buf.WriteByte('\n')
	}
	_, err := j.f.Write(buf.Bytes())
	if err == nil {
		err = j.f.Sync()
	}
	if err != nil {
		// Cut what was half written (a full disk), so the file stays whole
		// and the next append starts on a fresh line.
		j.f.Truncate(j.size)
		j.f.Seek(j.size, io.SeekStart)
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	j.size += int64(buf.Len())
	return nil
}

// Path is the journal's file.
func (j *Journal) Path() string { return j.path }

// Close closes the file.
func (j *Journal) Close() error { return j.f.Close() }
