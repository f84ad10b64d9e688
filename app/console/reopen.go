package console

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// A fight file holds the fight as it stands; its log and undo history are
// in the journal saved beside it (NAME.journal.jsonl beside
// NAME.fight.json). Reopening the file replays a copy of that journal,
// so the log and the undo history come back, and the journal beside the
// file stays as it was saved.

// journalBeside is the journal saved with a fight file: NAME.journal.jsonl
// beside NAME.fight.json, and the live journal X.journal.jsonl beside its
// autosave X.autosave.fight.json.
func journalBeside(fight string) string {
	base := strings.TrimSuffix(fight, ".json")
	base = strings.TrimSuffix(base, ".fight")
	base = strings.TrimSuffix(base, ".autosave")
	return base + ".journal.jsonl"
}

// wholeJournal is "the whole journal" to copyJournal: every event.
const wholeJournal = int(^uint(0) >> 1)

// copyJournal writes the whole lines of the journal at src whose events
// come no later than seq (wholeJournal: all of them) to dst, atomically,
// reading and writing a line at a time: the history of the fight as it
// stood at seq. A damaged last line of src is not dropped unseen: the
// copy is refused with the *session.DamagedJournal, src left as it is.
func copyJournal(src, dst string, seq int) error {
	last, d, err := session.JournalTail(src)
	if err != nil {
		return fmt.Errorf("copy the journal %s: %w", src, err)
	}
	if d != nil {
		return d
	}
	fi, err := os.Stat(src)
	if err != nil {
		return fmt.Errorf("copy the journal: %w", err)
	}
	return copyJournalUpTo(src, dst, seq, fi.Size(), last.Seq <= seq)
}

// copyLiveJournal copies the journal of a live session s to dst, up to
// seq: the whole lines it has written, however the fight goes on
// meanwhile.
func copyLiveJournal(s *session.Session, dst string, seq int) error {
	return copyJournalUpTo(s.JournalPath(), dst, seq, s.JournalSize(), seq >= s.LastSeq())
}

// copyJournalUpTo copies the whole lines among the first size bytes of
// the journal at src whose events come no later than seq to dst,
// atomically; all, without reading a line, when all is true.
func copyJournalUpTo(src, dst string, seq int, size int64, all bool) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("copy the journal: %w", err)
	}
	defer in.Close()
	dir := filepath.Dir(dst)
	out, err := os.CreateTemp(dir, "."+filepath.Base(dst)+".tmp*")
	if err != nil {
		return fmt.Errorf("copy the journal to %s: %w", dst, err)
	}
	defer os.Remove(out.Name()) // gone once renamed
	w := bufio.NewWriterSize(out, 1<<16)
	err = copyLines(w, io.NewSectionReader(in, 0, size), seq, all)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = hexmap.ReplaceFile(out.Name(), dst) // dst open elsewhere: said so, kept
	}
	if err == nil {
		err = hexmap.SyncDir(dir)
	}
	if err != nil {
		return fmt.Errorf("copy the journal %s to %s: %w", src, dst, err)
	}
	return nil
}

// copyLines copies r's lines to w up to the last whose event comes no
// later than seq (every line when all), ending the last with a newline.
func copyLines(w *bufio.Writer, r io.Reader, seq int, all bool) error {
	br := bufio.NewReaderSize(r, 1<<16)
	ended := true
	for {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			// A long line (the opening): read it whole.
			rest, rerr := br.ReadBytes('\n')
			line, err = append(append([]byte(nil), line...), rest...), rerr
		}
		if len(line) > 0 {
			if !all {
				var e struct {
					Seq int `json:"seq"`
				}
				if json.Unmarshal(line, &e) != nil {
					return errors.New("a line is not an event")
				}
				if e.Seq > seq {
					break
				}
			}
			if _, werr := w.Write(line); werr != nil {
				return werr
			}
			ended = line[len(line)-1] == '\n'
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	if !ended {
		return w.WriteByte('\n')
	}
	return nil
}

// freshJournal names a journal that does not exist yet in dir for a fight.
func freshJournal(dir, fight string) string {
	slug := strings.Trim(regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(strings.ToLower(fight), "-"), "-")
	if slug == "" {
		slug = "fight"
	}
	base := filepath.Join(dir, slug+"-"+time.Now().Format("20060102-150405"))
	path := base + ".journal.jsonl"
	for i := 2; ; i++ {
		if _, err := os.Stat(path); os.IsNotExist(err) {
			return path
		}
		path = fmt.Sprintf("%s-%d.journal.jsonl", base, i)
	}
}

// OpenSaved opens a fight file as the console's own Open does, for a
// fight named on the command line: with its log and undo history when
// the journal saved beside it replays to it; note says why not, when not.
// A journal beside it whose last line is damaged is refused with the
// *session.DamagedJournal, the journal left as it is.
func OpenSaved(path, journalDir string) (s *session.Session, note string, err error) {
	s, _, note, err = openSaved(path, journalDir, nil)
	return s, note, err
}

// openSaved opens the fight file at path as a session journaling to a new
// journal in dir. When the journal saved beside the file replays to the
// fight in the file, the session starts from a copy of it, with the log
// and the undo history (withLog); otherwise from the file alone, and note
// says why. A journal beside it whose last line is damaged is refused
// with the *session.DamagedJournal (the Judge chooses what to keep), the
// journal left as it is. progress, if not nil, follows the journal read.
func openSaved(path, dir string, progress func(float64)) (s *session.Session, withLog bool, note string, err error) {
	f, err := session.LoadFight(path)
	if err != nil {
		return nil, false, "", err
	}
	fresh := freshJournal(dir, f.Name)
	beside := journalBeside(path)
	if _, err := os.Stat(beside); err == nil {
		s, err := openWithJournal(f, beside, fresh, progress)
		var d *session.DamagedJournal
		if errors.As(err, &d) {
			os.Remove(fresh)
			return nil, false, "", d
		}
		if err == nil {
			return s, true, "", nil
		}
		os.Remove(fresh)
		note = err.Error()
	}
	s, err = session.Open(f, fresh)
	if err != nil {
		return nil, false, "", err
	}
	return s, false, note, nil
}

// openWithJournal opens fight f on a copy (at fresh) of the journal
// beside its file, if that journal ends where the file does.
func openWithJournal(f *session.FightFile, beside, fresh string, progress func(float64)) (*session.Session, error) {
	if err := copyJournal(beside, fresh, wholeJournal); err != nil {
		return nil, err
	}
	s, err := session.OpenWith(f, fresh, session.OpenOptions{Progress: progress})
	var d *session.DamagedJournal
	if errors.As(err, &d) {
		// Its last line is shown in the journal beside the file, for
		// the Judge to set aside there.
		if in, ierr := d.In(beside); ierr == nil {
			return nil, in
		}
	}
	if err != nil {
		return nil, fmt.Errorf("the journal %s does not open (%v): the fight opened without its log", filepath.Base(beside), err)
	}
	want, err := f.State()
	if err == nil && sameFight(s.State(), want) {
		return s, nil
	}
	s.Close()
	return nil, fmt.Errorf("the journal %s does not end where the fight file does: the fight opened without its log", filepath.Base(beside))
}

// sameFight reports whether two states save to the same fight file.
func sameFight(a, b *session.State) bool {
	ja, errA := json.Marshal(a.Snapshot(nil))
	jb, errB := json.Marshal(b.Snapshot(nil))
	return errA == nil && errB == nil && bytes.Equal(ja, jb)
}
