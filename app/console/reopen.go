package console

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
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

// copyJournal writes the whole lines of the journal at src whose events
// come no later than seq to dst, atomically: the history of the fight as
// it stood at seq (a command written after it, or a line torn by a
// crash, is left out).
func copyJournal(src, dst string, seq int) error {
	fh, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("copy the journal: %w", err)
	}
	defer fh.Close()
	var out bytes.Buffer
	br := bufio.NewReaderSize(fh, 1<<16)
	for {
		line, _ := br.ReadBytes('\n')
		if len(line) == 0 || line[len(line)-1] != '\n' {
			break // the end, or a torn last line
		}
		var e struct {
			Seq int `json:"seq"`
		}
		if json.Unmarshal(line, &e) != nil {
			return fmt.Errorf("copy the journal %s: a line is not an event", src)
		}
		if e.Seq > seq {
			break
		}
		out.Write(line)
	}
	if err := hexmap.WriteFileAtomic(dst, out.Bytes()); err != nil {
		return fmt.Errorf("copy the journal to %s: %w", dst, err)
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
func OpenSaved(path, journalDir string) (s *session.Session, note string, err error) {
	s, _, note, err = openSaved(path, journalDir)
	return s, note, err
}

// openSaved opens the fight file at path as a session journaling to a new
// journal in dir. When the journal saved beside the file replays to the
// fight in the file, the session starts from a copy of it, with the log
// and the undo history (withLog); otherwise from the file alone, and note
// says why.
func openSaved(path, dir string) (s *session.Session, withLog bool, note string, err error) {
	f, err := session.LoadFight(path)
	if err != nil {
		return nil, false, "", err
	}
	fresh := freshJournal(dir, f.Name)
	beside := journalBeside(path)
	if _, err := os.Stat(beside); err == nil {
		s, err := openWithJournal(f, beside, fresh)
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
func openWithJournal(f *session.FightFile, beside, fresh string) (*session.Session, error) {
	if err := copyJournal(beside, fresh, int(^uint(0)>>1)); err != nil {
		return nil, err
	}
	s, err := session.Open(f, fresh)
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
