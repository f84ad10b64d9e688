package session

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"time"

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
	// unended: the last line is a whole event but has no newline; the
	// next Write ends it first (prevUnended: so it was before the last).
	unended, prevUnended bool
}

// DamagedJournal is the error of a journal whose last line is not a whole
// event the fight can take: a line a crash cut off mid-write (Torn), a
// whole line that does not decode, or one that decodes but that the
// fight does not take (Open's fold: no event, a seq that does not rise,
// an event the state refuses). Nothing reads past it or cuts it: the
// journal is left as it is until SetAside moves the line to a file
// beside it.
type DamagedJournal struct {
	Path   string // the journal
	Line   int    // the damaged line's number, from 1
	Offset int64  // where the line starts: the journal keeps the bytes before it
	Size   int64  // the journal's size when the damage was found: the line runs to it
	Torn   bool   // the line has no newline: a write a crash cut off
	Reason string // why the line is not an event
	// Lost says what the line held, as far as it tells: `a "moved" event
	// (seq 42)`, or "an event" when it names neither its kind nor seq.
	Lost string
	sum  [sha256.Size]byte
}

func (d *DamagedJournal) Error() string {
	what := "its last line is not a whole event the fight can take"
	if d.Torn {
		what = "its last line was cut off mid-write (a crash while writing: that command was never acknowledged)"
	}
	return fmt.Sprintf("journal %s: line %d (%d bytes): %s (%s)", d.Path, d.Line, d.Size-d.Offset, what, d.Reason)
}

// OpenJournal opens or creates the journal at path for appending. A
// journal whose last line is not a whole event is refused with a
// *DamagedJournal and left as it is; a last line whole but for its
// newline gets one when the next line is written. Opening changes
// nothing in the file.
func OpenJournal(path string) (*Journal, error) {
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open journal: %w", err)
	}
	if os.IsNotExist(statErr) {
		// A new file is durable only once its folder is.
		if err := syncDir(filepath.Dir(path)); err != nil {
			f.Close()
			return nil, fmt.Errorf("open journal %s: %w", path, err)
		}
	}
	size, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open journal %s: %w", path, err)
	}
	d, unended, err := checkTail(f, size)
	if err == nil && d != nil {
		d.Path = path
		f.Close()
		return nil, d
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open journal %s: %w", path, err)
	}
	return &Journal{path: path, f: f, size: size, prev: size, unended: unended, prevUnended: unended}, nil
}

// openSized opens the file at path for reading, with its size; the
// caller closes it.
func openSized(path string) (*os.File, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, fi.Size(), nil
}

// CheckJournal reports the damage of the journal at path's last line, if
// it has any, reading only that line: nil for a journal whose last line
// is a whole event (or an empty journal). The file is left as it is.
func CheckJournal(path string) (*DamagedJournal, error) {
	f, size, err := openSized(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d, _, err := checkTail(f, size)
	if d != nil {
		d.Path = path
	}
	return d, err
}

// tailChunk is how much of a journal checkTail reads at a time, going
// back from its end.
const tailChunk = 64 << 10

// checkTail looks at the last line of the size bytes of r: d describes it
// when it is not a whole event; unended is true when it is one but has
// no newline.
func checkTail(r io.ReaderAt, size int64) (d *DamagedJournal, unended bool, err error) {
	if size == 0 {
		return nil, false, nil
	}
	var last [1]byte
	if _, err := r.ReadAt(last[:], size-1); err != nil {
		return nil, false, err
	}
	torn := last[0] != '\n'
	end := size // the line's end, its newline excluded
	if !torn {
		end--
	}
	start, err := lineStart(r, end)
	if err != nil {
		return nil, false, err
	}
	d = &DamagedJournal{Offset: start, Size: size, Torn: torn}
	if end-start > MaxJournalLine {
		d.Reason = errLineTooLong.Error()
	} else {
		line := make([]byte, end-start)
		if _, err := r.ReadAt(line, start); err != nil {
			return nil, false, err
		}
		d.Lost = lostEvent(line)
		var e Event
		switch uerr := json.Unmarshal(line, &e); {
		case len(bytes.TrimSpace(line)) == 0:
			d.Reason = "an empty line"
		case uerr != nil:
			d.Reason = uerr.Error()
		default:
			return nil, torn, nil
		}
	}
	if d.Line, err = lineNumber(r, start); err != nil {
		return nil, false, err
	}
	if d.sum, err = sumOf(r, start, size); err != nil {
		return nil, false, err
	}
	return d, false, nil
}

// lostSeq and lostKind find an event's seq and kind in a line cut off:
// a seq whose digits end, and a kind whose quotes close.
var (
	lostSeq  = regexp.MustCompile(`"seq":\s*([0-9]+)\s*[,}]`)
	lostKind = regexp.MustCompile(`"kind":\s*"([a-z_]+)"`)
)

// lostEvent says what a damaged line held, as far as it tells: its seq
// and kind (DamagedJournal.Lost).
func lostEvent(line []byte) string {
	head := line[:min(len(line), 512)] // the seq and kind come first
	out := "an event"
	if m := lostKind.FindSubmatch(head); m != nil {
		out = fmt.Sprintf("a %q event", m[1])
	}
	if m := lostSeq.FindSubmatch(head); m != nil {
		out += " (seq " + string(m[1]) + ")"
	}
	return out
}

// lineStart finds where the line ending at end begins: just past the
// newline before it, or 0. A line longer than MaxJournalLine gives the
// place MaxJournalLine+1 bytes before end, which no line may reach.
func lineStart(r io.ReaderAt, end int64) (int64, error) {
	buf := make([]byte, tailChunk)
	for at := end; at > 0; {
		n := min(int64(len(buf)), at)
		at -= n
		if _, err := r.ReadAt(buf[:n], at); err != nil {
			return 0, err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			return at + int64(i) + 1, nil
		}
		if end-at > MaxJournalLine {
			return end - MaxJournalLine - 1, nil
		}
	}
	return 0, nil
}

// lineNumber is the number, from 1, of the line starting at off.
func lineNumber(r io.ReaderAt, off int64) (int, error) {
	n := 1
	buf := make([]byte, tailChunk)
	for at := int64(0); at < off; {
		k := min(int64(len(buf)), off-at)
		if _, err := r.ReadAt(buf[:k], at); err != nil {
			return 0, err
		}
		n += bytes.Count(buf[:k], []byte{'\n'})
		at += k
	}
	return n, nil
}

// sumOf is the SHA-256 of bytes from to to of r.
func sumOf(r io.ReaderAt, from, to int64) ([sha256.Size]byte, error) {
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(r, from, to-from)); err != nil {
		return [sha256.Size]byte{}, err
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum, nil
}

// In finds the damage d, found in a copy of the journal at path (its
// lines as they are, a newline perhaps added to the last), in that
// journal as it is now: the same line, for SetAside to move from path.
// A journal whose last line is not the one d found is refused.
func (d *DamagedJournal) In(path string) (*DamagedJournal, error) {
	changed := fmt.Errorf("the journal %s changed since it was copied to %s: open it again", path, d.Path)
	f, size, err := openSized(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if size <= d.Offset {
		return nil, changed
	}
	var b [1]byte
	if _, err := f.ReadAt(b[:], size-1); err != nil {
		return nil, err
	}
	end := size
	if b[0] == '\n' {
		end--
	}
	start, err := lineStart(f, end)
	if err != nil {
		return nil, err
	}
	if start != d.Offset {
		return nil, changed
	}
	// The line as the copy holds it: the same bytes, with a newline the
	// copy may have added.
	same := false
	for _, nl := range []string{"", "\n"} {
		h := sha256.New()
		if _, err := io.Copy(h, io.NewSectionReader(f, start, size-start)); err != nil {
			return nil, err
		}
		h.Write([]byte(nl))
		var sum [sha256.Size]byte
		if bytes.Equal(h.Sum(sum[:0]), d.sum[:]) {
			same = true
			break
		}
		if b[0] == '\n' {
			break
		}
	}
	if !same {
		return nil, changed
	}
	src := *d
	src.Path, src.Size = path, size
	if src.sum, err = sumOf(f, start, size); err != nil {
		return nil, err
	}
	return &src, nil
}

// SetAside moves the damaged last line d found to a new file beside the
// journal, NAME.journal.jsonl.damaged-TIME, and cuts it from the journal:
// what the journal keeps and what is set aside are together the file as
// it was. The line is written and synced beside the journal before the
// journal is cut; a journal that changed since d was found is refused and
// left as it is. It returns the file the line went to.
func SetAside(d *DamagedJournal) (string, error) {
	f, err := os.OpenFile(d.Path, os.O_RDWR, 0)
	if err != nil {
		return "", fmt.Errorf("set aside the damaged line of %s: %w", d.Path, err)
	}
	defer f.Close()
	changed := fmt.Errorf("set aside the damaged line of %s: the journal changed since it was read: open it again", d.Path)
	fi, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("set aside the damaged line of %s: %w", d.Path, err)
	}
	if fi.Size() != d.Size {
		return "", changed
	}
	aside, out, err := createAside(d.Path)
	if err != nil {
		return "", fmt.Errorf("set aside the damaged line of %s: %w", d.Path, err)
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(out, h), io.NewSectionReader(f, d.Offset, d.Size-d.Offset))
	if err == nil {
		err = syncFile(out)
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	var sum [sha256.Size]byte
	if err == nil && (n != d.Size-d.Offset || !bytes.Equal(h.Sum(sum[:0]), d.sum[:])) {
		os.Remove(aside)
		return "", changed
	}
	if err == nil {
		err = syncDir(filepath.Dir(aside))
	}
	if err != nil {
		os.Remove(aside)
		return "", fmt.Errorf("set aside the damaged line of %s to %s: %w", d.Path, aside, err)
	}
	if err := f.Truncate(d.Offset); err != nil {
		return "", fmt.Errorf("cut the damaged line from %s (it is kept in %s): %w", d.Path, aside, err)
	}
	if err := syncFile(f); err != nil {
		return "", fmt.Errorf("cut the damaged line from %s (it is kept in %s): %w", d.Path, aside, err)
	}
	return aside, nil
}

// createAside makes a new file for a journal's damaged line:
// PATH.damaged-TIME, numbered when that is taken.
func createAside(path string) (string, *os.File, error) {
	base := path + ".damaged-" + time.Now().Format("20060102-150405")
	name := base
	for i := 2; ; i++ {
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			return name, f, nil
		}
		if !os.IsExist(err) || i > 1000 {
			return "", nil, err
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
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
		if line == nil && err != bufio.ErrBufferFull {
			return frag, err // the whole line in the reader's buffer: no copy
		}
		line = append(line, frag...)
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

var errLineTooLong = fmt.Errorf("longer than %d MiB", MaxJournalLine>>20)

// lineScanner reads a journal's lines one at a time. A line is valid only
// until the next.
type lineScanner struct {
	br   *bufio.Reader
	off  int64 // where the next line starts
	n    int   // lines read
	size int64
}

func newLineScanner(r io.ReaderAt, size int64) *lineScanner {
	return &lineScanner{br: bufio.NewReaderSize(io.NewSectionReader(r, 0, size), 1<<16), size: size}
}

// next returns the next line (its newline included, if it has one) and
// where it starts; io.EOF after the last.
func (s *lineScanner) next() (line []byte, start int64, err error) {
	line, err = readLine(s.br, MaxJournalLine)
	if err == errLineTooLong {
		return nil, 0, fmt.Errorf("line %d: %w", s.n+1, err)
	}
	if err == io.EOF && len(line) == 0 {
		return nil, 0, io.EOF
	}
	if err != nil && err != io.EOF {
		return nil, 0, err
	}
	start = s.off
	s.off += int64(len(line))
	s.n++
	return line, start, nil
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
	if j.unended {
		// A last line whole but for its newline: end it, so that the next
		// line does not run into it.
		data = append([]byte{'\n'}, data...)
	}
	if _, err := j.f.Write(data); err != nil {
		if terr := j.cut(j.size); terr != nil {
			return fmt.Errorf("journal %s: %w (and cutting the half-written line failed: %v)", j.path, err, terr)
		}
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	j.prev, j.prevUnended = j.size, j.unended
	j.size += int64(len(data))
	j.unended = false
	return nil
}

// Rollback cuts the lines of the last Write, as for a command that failed
// after writing them.
func (j *Journal) Rollback() error {
	if err := j.cut(j.prev); err != nil {
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	j.size, j.unended = j.prev, j.prevUnended
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

// errNoOpening is a journal whose first line is not the fight's opening.
var errNoOpening = errors.New("the first event must be the fight's opening")

// JournalTail reads the end of the journal at path: its last whole event
// (the zero Event for a journal without one) and the damage of its last
// line, if it has any (the last whole event is then the line before).
// The file is left as it is.
func JournalTail(path string) (last Event, d *DamagedJournal, err error) {
	f, end, err := openSized(path)
	if err != nil {
		return Event{}, nil, err
	}
	defer f.Close()
	if d, _, err = checkTail(f, end); err != nil {
		return Event{}, nil, err
	}
	if d != nil {
		d.Path = path
		end = d.Offset
	}
	if end == 0 {
		return Event{}, d, nil
	}
	var b [1]byte
	if _, err := f.ReadAt(b[:], end-1); err != nil {
		return Event{}, d, err
	}
	stop := end
	if b[0] == '\n' {
		stop--
	}
	start, err := lineStart(f, stop)
	if err != nil {
		return Event{}, d, err
	}
	if stop-start > MaxJournalLine {
		return Event{}, d, fmt.Errorf("journal %s: its last line is %w", path, errLineTooLong)
	}
	line := make([]byte, stop-start)
	if _, err := f.ReadAt(line, start); err != nil {
		return Event{}, d, err
	}
	if err := json.Unmarshal(line, &last); err != nil {
		return Event{}, d, fmt.Errorf("journal %s: its last line: %v", path, err)
	}
	return last, d, nil
}

// JournalOpening reads the fight of the journal at path from its first
// line alone: the fight as it opened. The file is left as it is.
func JournalOpening(path string) (*FightFile, error) {
	f, size, err := openSized(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := newLineScanner(f, size)
	line, _, err := sc.next()
	if err == io.EOF {
		return nil, fmt.Errorf("journal %s: no events: a fight's journal opens with its fight", path)
	}
	if err != nil {
		return nil, fmt.Errorf("journal %s: %w", path, err)
	}
	var e Event
	uerr := json.Unmarshal(line, &e)
	if uerr == nil && e.Kind == EventOpened && e.Fight != nil {
		return e.Fight, nil
	}
	if err := notAJournal(f, path); err != nil {
		return nil, err
	}
	if uerr != nil {
		return nil, fmt.Errorf("journal %s: line 1: %v", path, uerr)
	}
	return nil, fmt.Errorf("journal %s: %w", path, errNoOpening)
}

// sniffLimit is how much of a file notAJournal reads for its format.
const sniffLimit = 1 << 20

// notAJournal names the file r (at path) for what it is when it is one of
// hexslinger's other files, by its "format" (a fight file, a map file, a
// character sheet), with what to do with it instead: nil for anything
// else. It reads the file's top-level keys, no more than sniffLimit bytes.
func notAJournal(r io.ReaderAt, path string) error {
	dec := json.NewDecoder(io.NewSectionReader(r, 0, sniffLimit))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	format := ""
	for dec.More() && format == "" {
		k, err := dec.Token()
		if err != nil {
			return nil
		}
		if k == "format" {
			if err := dec.Decode(&format); err != nil {
				return nil
			}
			continue
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil
		}
	}
	switch format {
	case FightFormat:
		return fmt.Errorf("%s is a fight file, not a journal: open it with `hexslinger --fight %s` (replay the journal saved beside it, NAME.journal.jsonl, to look back at its fight)", path, path)
	case hexmap.FileFormat:
		return fmt.Errorf("%s is a map file, not a journal: edit it with `hexslinger-map --edit %s`, or make a fight of it with the console's File ▸ New fight from a map…", path, path)
	case HeroFormat:
		return fmt.Errorf("%s is a character sheet, not a journal: import it in the console's Sheets tab", path)
	}
	return nil
}
