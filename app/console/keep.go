package console

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// Nothing the Judge made is lost. A console that closes, quits or opens
// another fight with changes not saved to the fight's file asks first:
// Save, Discard or Cancel. Every live journal knows its fight file (a
// link file beside it: the file, the event the file holds, and the file
// as it was then, by its SHA-256), so that opening the file again, after
// a crash or a Discard, offers the newer state the journal holds, while
// the file is still what that journal branched from. A newer state
// taken lives on in a new journal: the one it came from is no longer
// linked. A journal whose last line is damaged is shown to the Judge,
// who chooses to open the fight without that line (kept beside the
// journal) or not at all. A big journal opens with a progress bar, off
// the UI goroutine.

// linkPath is the link file of a journal: the fight file it belongs to.
func linkPath(journal string) string {
	return strings.TrimSuffix(strings.TrimSuffix(journal, ".jsonl"), ".journal") + ".link"
}

// linkHeader opens every link file.
const linkHeader = "hexslinger journal link"

// fileSum is the SHA-256 of the file at path, in hex: which file a link
// names, beside where it is.
func fileSum(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, io.LimitReader(f, session.MaxFightSize+1)); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// writeLink records that the fight of journal is the fight file at
// fight, as it is now, which holds it up to event seq.
func writeLink(journal, fight string, seq int) error {
	sum, err := fileSum(fight)
	if err != nil {
		return err
	}
	return linkAs(journal, fight, seq, sum)
}

// linkAs records that the fight of journal is the fight file at fight,
// which holds it up to event seq when its SHA-256 is sum.
func linkAs(journal, fight string, seq int, sum string) error {
	if abs, err := filepath.Abs(fight); err == nil {
		fight = abs
	}
	data := fmt.Sprintf("%s\nfight %s\nseq %d\nsha256 %s\n", linkHeader, fight, seq, sum)
	return hexmap.WriteFileAtomic(linkPath(journal), []byte(data))
}

// readLink reads a link file: the fight file, the event it holds and
// the file's SHA-256 then. A link without the file's sum names no file.
func readLink(path string) (fight string, seq int, sum string, ok bool) {
	f, err := os.Open(path)
	if err != nil {
		return "", 0, "", false
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, 64<<10))
	sc.Buffer(make([]byte, 0, 8<<10), 64<<10)
	if !sc.Scan() || sc.Text() != linkHeader {
		return "", 0, "", false
	}
	for sc.Scan() {
		key, val, _ := strings.Cut(sc.Text(), " ")
		switch key {
		case "fight":
			fight = val
		case "seq":
			if seq, err = strconv.Atoi(val); err != nil {
				return "", 0, "", false
			}
		case "sha256":
			sum = val
		}
	}
	return fight, seq, sum, fight != "" && seq > 0 && sum != ""
}

// Newer is a newer state of a saved fight: the journal of a console that
// played on after the fight was saved to (or opened from) its file, and
// did not save again, the file still as it was then.
type Newer struct {
	Journal  string    // the journal, in the journals folder
	Autosave string    // its autosave beside it, "" if there is none
	Events   int       // how many events it has after the file's
	Time     time.Time // when the journal last changed
	Last     string    // the sentence of its last event
	saved    int       // the event the file holds
	sum      string    // the file's SHA-256
}

// FindNewer looks in journalDir for the newest journal of the fight file
// at path that holds events the file does not: nil when there is none. A
// journal is the file's only while the file is what it branched from
// (the file's SHA-256 is the one its link names): a file saved since,
// from another journal or by anything else, has moved on.
func FindNewer(path, journalDir string) (*Newer, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	links, err := filepath.Glob(filepath.Join(journalDir, "*.link"))
	if err != nil {
		return nil, err
	}
	now := "" // the file's sum, read once a link names it
	var best *Newer
	for _, l := range links {
		fight, seq, sum, ok := readLink(l)
		if !ok || fight != abs {
			continue
		}
		if now == "" {
			if now, err = fileSum(abs); err != nil {
				return nil, err
			}
		}
		if sum != now {
			continue
		}
		journal := strings.TrimSuffix(l, ".link") + ".journal.jsonl"
		last, _, err := session.JournalTail(journal)
		if err != nil || last.Seq <= seq {
			continue
		}
		fi, err := os.Stat(journal)
		if err != nil {
			continue
		}
		n := &Newer{Journal: journal, Events: last.Seq - seq, Time: fi.ModTime(), Last: last.Text, saved: seq, sum: sum}
		if _, err := os.Stat(autosavePath(journal)); err == nil {
			n.Autosave = autosavePath(journal)
		}
		if best == nil || n.Time.After(best.Time) {
			best = n
		}
	}
	return best, nil
}

// taken notes that the newer state n of the fight file at path lives on
// in journal, a copy of n's: journal is linked to the file as n's was,
// and n's journal no longer is, so that it is not offered again (its
// events are all in journal).
func taken(n *Newer, path, journal string) error {
	if err := linkAs(journal, path, n.saved, n.sum); err != nil {
		return err
	}
	if err := os.Remove(linkPath(n.Journal)); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}

// openNewer opens the fight file at path in the newer state n holds: on a
// copy of n's journal, a new journal in dir. A damaged last line of n's
// journal is refused with the *session.DamagedJournal.
func openNewer(path string, n *Newer, dir string, progress func(float64)) (*session.Session, error) {
	f, err := session.LoadFight(path)
	if err != nil {
		return nil, err
	}
	fresh := freshJournal(dir, f.Name)
	if err := copyJournal(n.Journal, fresh, wholeJournal); err != nil {
		return nil, err
	}
	s, err := session.OpenWith(f, fresh, session.OpenOptions{Progress: progress})
	if err != nil {
		os.Remove(fresh)
		return nil, inSource(err, n.Journal, fmt.Sprintf("the newer state in %s does not open", n.Journal))
	}
	return s, nil
}

// inSource is err, the error of opening a copy of the journal at src:
// a damaged last line is shown in src, for the Judge to set aside there;
// anything else says what (the copy is gone).
func inSource(err error, src, what string) error {
	var d *session.DamagedJournal
	if errors.As(err, &d) {
		in, ierr := d.In(src)
		if ierr != nil {
			return fmt.Errorf("%s: %v (%v)", what, err, ierr)
		}
		return in
	}
	return fmt.Errorf("%s: %v", what, err)
}

// Opening is a fight for OpenFight to open.
type Opening struct {
	// FightPath is a fight file, opened with the journal saved beside it;
	// a newer state of it in JournalDir is offered.
	FightPath string
	// Fight and Journal: otherwise this fight, on this journal (an
	// existing one replayed).
	Fight   *session.FightFile
	Journal string
	// JournalDir is where new journals go.
	JournalDir string
	// Wait opens on the calling goroutine, without a progress bar (tests).
	Wait bool
	// hook opens in place of the above (tests).
	hook func(progress func(float64)) (*session.Session, error)
}

// Opened is what OpenFight opened.
type Opened struct {
	Session *session.Session
	// Saved is the event the fight file holds: the session's last,
	// unless a newer state was opened.
	Saved int
	// WithLog: the journal saved beside the file came back with it.
	WithLog bool
	// Note says what the Judge should know: the log left out, a damaged
	// line set aside, a newer state opened.
	Note string
}

// progressAfter is how long an opening runs before it shows its progress.
const progressAfter = 300 * time.Millisecond

// OpenFight opens o for a console in window w: a newer state of a fight
// file is offered, a damaged last line of a journal is shown and the
// Judge chooses what to keep, and a journal that takes long to read shows
// its progress while the window goes on. done is called on the UI
// goroutine with what was opened, or nil and why not (a nil error: the
// Judge chose not to open it).
func OpenFight(w fyne.Window, o Opening, done func(*Opened, error)) {
	if o.FightPath == "" {
		o.open(w, nil, nil, done)
		return
	}
	n, _ := FindNewer(o.FightPath, o.JournalDir)
	if n == nil {
		o.open(w, nil, nil, done)
		return
	}
	offerNewer(w, o.FightPath, n, func(newer bool) {
		if newer {
			o.open(w, n, nil, done)
		} else {
			o.open(w, nil, nil, done)
		}
	})
}

// open opens o (in the state n holds, if not nil) with its progress; a
// damaged journal is asked about, and opened again without the line when
// the Judge says so (aside: the lines set aside so far).
func (o Opening) open(w fyne.Window, n *Newer, aside []string, done func(*Opened, error)) {
	op := &Opened{}
	name := filepath.Base(o.Journal)
	if o.FightPath != "" {
		name = filepath.Base(o.FightPath)
	}
	run := func(progress func(float64)) error {
		var err error
		switch {
		case o.hook != nil:
			op.Session, err = o.hook(progress)
		case n != nil:
			op.Session, err = openNewer(o.FightPath, n, o.JournalDir, progress)
		case o.FightPath != "":
			op.Session, op.WithLog, op.Note, err = openSaved(o.FightPath, o.JournalDir, progress)
		default:
			op.Session, err = session.OpenWith(o.Fight, o.Journal, session.OpenOptions{Progress: progress})
		}
		return err
	}
	finish := func(err error) {
		var d *session.DamagedJournal
		if errors.As(err, &d) {
			askDamaged(w, d, func(setAside bool) {
				if !setAside {
					done(nil, nil)
					return
				}
				to, err := session.SetAside(d)
				if err != nil {
					done(nil, err)
					return
				}
				o.open(w, n, append(aside, fmt.Sprintf("line %d of %s set aside to %s", d.Line, filepath.Base(d.Path), filepath.Base(to))), done)
			})
			return
		}
		if err != nil {
			done(nil, err)
			return
		}
		op.Saved = op.Session.LastSeq()
		notes := aside
		if n != nil {
			if err := taken(n, o.FightPath, op.Session.JournalPath()); err != nil {
				notes = append(notes, fmt.Sprintf("%s may be offered again (%v)", filepath.Base(n.Journal), err))
			}
			op.Saved = n.saved
			notes = append(notes, fmt.Sprintf("the newer state from %s (%d events after the file's; save to keep them in the file)", filepath.Base(n.Journal), n.Events))
		}
		if op.Note != "" {
			notes = append(notes, op.Note)
		}
		op.Note = strings.Join(notes, "; ")
		done(op, nil)
	}
	if o.Wait {
		finish(run(nil))
		return
	}
	bar := widget.NewProgressBar()
	what := widget.NewLabel("Reading the fight's journal: the console stays open meanwhile.")
	prog := dialog.NewCustomWithoutButtons("Opening "+name, container.NewVBox(what, bar), w)
	prog.Resize(fyne.NewSize(460, 140))
	ended := false
	timer := time.AfterFunc(progressAfter, func() {
		fyne.Do(func() {
			if !ended {
				prog.Show()
			}
		})
	})
	go func() {
		err := run(func(v float64) { fyne.Do(func() { bar.SetValue(v) }) })
		fyne.Do(func() {
			ended = true
			timer.Stop()
			prog.Hide()
			finish(err)
		})
	}()
}

// askDamaged shows the Judge a journal's damaged last line and asks what
// to keep: then is told true to open the fight without it (set aside
// beside the journal), false to leave the journal as it is.
func askDamaged(w fyne.Window, d *session.DamagedJournal, then func(setAside bool)) {
	what := fmt.Sprintf("is not a whole event the fight can take (%s)", d.Reason)
	if d.Torn {
		what = "was cut off mid-write: the program stopped while writing it (a crash, or it was killed), and that command was never acknowledged"
	}
	text := fmt.Sprintf("Line %d of the journal %s (%d bytes, its last) %s.\n\n"+
		"Open the fight without that line? It is kept beside the journal as %s.damaged-TIME, and every event before it opens as it was.\n"+
		"Or do not open the fight: the journal is left as it is.\n\nThe journal: %s",
		d.Line, filepath.Base(d.Path), d.Size-d.Offset, what, filepath.Base(d.Path), d.Path)
	msg := widget.NewLabel(text)
	msg.Wrapping = fyne.TextWrapWord
	var dlg dialog.Dialog
	keep := widget.NewButton("Open without that line", func() { dlg.Hide(); then(true) })
	keep.Importance = widget.HighImportance
	leave := widget.NewButton("Do not open", func() { dlg.Hide(); then(false) })
	dlg = dialog.NewCustomWithoutButtons("The journal's last line is damaged", container.NewVBox(msg, container.NewHBox(keep, leave)), w)
	dlg.Resize(fyne.NewSize(620, 300))
	dlg.Show()
}

// offerNewer offers the newer state n of the fight file at path: then is
// told true to open it, false for the file as saved.
func offerNewer(w fyne.Window, path string, n *Newer, then func(newer bool)) {
	where := filepath.Base(n.Journal)
	if n.Autosave != "" {
		where += " and its autosave " + filepath.Base(n.Autosave)
	}
	last := ""
	if n.Last != "" {
		last = fmt.Sprintf(" The last: “%s”", n.Last)
	}
	text := fmt.Sprintf("This fight was played on after it was saved to %s: %d more events, the last at %s, which the file does not hold.%s\n\n"+
		"They are kept in %s, in %s.\n\nOpen the newer state (the file stays as it is until you save), or the file as it was saved?",
		filepath.Base(path), n.Events, n.Time.Format("15:04 on Jan 2"), last, where, filepath.Dir(n.Journal))
	msg := widget.NewLabel(text)
	msg.Wrapping = fyne.TextWrapWord
	var dlg dialog.Dialog
	newer := widget.NewButton("Open the newer state", func() { dlg.Hide(); then(true) })
	newer.Importance = widget.HighImportance
	saved := widget.NewButton("Open the file as saved", func() { dlg.Hide(); then(false) })
	dlg = dialog.NewCustomWithoutButtons("A newer state of this fight", container.NewVBox(msg, container.NewHBox(newer, saved)), w)
	dlg.Resize(fyne.NewSize(620, 300))
	dlg.Show()
}

// dirty reports whether the fight has events its file does not hold (the
// journal has them all): a change since it was last saved, or opened.
func (c *Console) dirty() bool {
	return c.opts.Replay == "" && c.lastSeq() != c.library.savedSeq
}

// confirmLeave does then, to quit, close the window or open another
// fight (what says which), once the Judge has said what to do with the
// changes not saved to the fight's file, if there are any: Save (asking
// where for a fight without a file) and go on, Discard them and go on,
// or Cancel and stay.
func (c *Console) confirmLeave(what string, then func()) {
	if !c.dirty() {
		then()
		return
	}
	if c.asking {
		return // the question is on the screen
	}
	c.asking = true
	st := c.state
	n := c.lastSeq() - c.library.savedSeq
	var text string
	if p := c.library.path; p != "" {
		text = fmt.Sprintf("“%s” has changes not saved to its file, %s: %s since it was saved (%s now).\n\nSave them before you %s?",
			st.Name, filepath.Base(p), plural(n, "event"), st.Turn().Heading, what)
	} else {
		text = fmt.Sprintf("“%s” has not been saved to a fight file: %s since it opened (%s now). The journal keeps every event (%s), but only a saved fight file opens again from the Fight tab.\n\nSave the fight before you %s?",
			st.Name, plural(n, "event"), st.Turn().Heading, c.s.JournalPath(), what)
	}
	msg := widget.NewLabel(text)
	msg.Wrapping = fyne.TextWrapWord
	var dlg dialog.Dialog
	done := func() { c.asking = false; dlg.Hide() }
	save := widget.NewButton("Save", func() {
		done()
		c.library.saveThen(then)
	})
	save.Importance = widget.HighImportance
	discard := widget.NewButton("Discard", func() {
		done()
		if p := c.library.path; p != "" {
			// The Judge has seen this state and chose not to keep it in
			// the file: it is not offered again when the file opens.
			writeLink(c.s.JournalPath(), p, c.lastSeq())
		}
		then()
	})
	cancel := widget.NewButton("Cancel", done)
	dlg = dialog.NewCustomWithoutButtons("Save the fight?", container.NewVBox(msg, container.NewHBox(save, discard, cancel)), c.win)
	dlg.Resize(fyne.NewSize(600, 240))
	dlg.Show()
}

// plural is n things, as "1 event" or "3 events".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// quit closes the console (File → Quit, Ctrl+Q), once the Judge has
// said what to do with unsaved changes.
func (c *Console) quit() { c.confirmLeave("quit", c.win.Close) }

// closeRequested is the window's close button: asked as quit is.
func (c *Console) closeRequested() { c.confirmLeave("close the console", c.win.Close) }
