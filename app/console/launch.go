package console

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/display"
	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/assets"
	"hexslinger/internal/userdir"
)

// Launch is what the console is started with: the command line of
// hexslinger and of hexslinger replay, parsed.
type Launch struct {
	// Fight is the fight to open: a *.fight.json file, or a bundled
	// fight's name (demo, dragonwarriors, savage, fudge, quickdraw); ""
	// for the demo.
	Fight string
	// Journal is the fight's journal (an existing one is replayed); ""
	// for the one saved beside the fight file, else a new one under the
	// user data folder.
	Journal string
	// Replay is a journal to look back at (hexslinger replay): the
	// console opens on its timeline, refuses every command and runs on
	// a copy of it. Fight and Journal are not read then.
	Replay string
	// MapBin is the hexslinger-map program; "" finds it (FindMapBin).
	MapBin string
	// NoMap does not open the Judge's map window at start.
	NoMap bool
}

// Run opens the console as l says, serves its fight to the map windows on
// this machine, starts the Judge's map window and returns when the
// console is closed. The fight is opened once the window shows (a
// progress bar for a big journal, the Judge's choices about a newer
// state or a damaged journal); what goes wrong before there is a window
// (no display, a fight file that does not load) is returned at once,
// before a journal is made.
func Run(l Launch) error {
	if l.Replay != "" {
		return runReplay(l)
	}
	// Fyne panics inside GLFW without a display: say so first, before a
	// journal is made for a fight that cannot be shown.
	if err := display.Check(); err != nil {
		return err
	}
	fight, err := loadFight(l.Fight)
	if err != nil {
		return err
	}
	dir, err := journalDir()
	if err != nil {
		return err
	}
	o := Opening{JournalDir: dir}
	if file := fightFile(l.Fight); file != "" && l.Journal == "" {
		// A saved fight comes back with its log and undo history, from
		// the journal saved beside it; a newer state is offered.
		o.FightPath = file
	} else {
		journal := l.Journal
		if journal == "" {
			if journal, err = newJournalPath(fight.Name); err != nil {
				return err
			}
		}
		o.Fight, o.Journal = fight, journal
	}
	bin := mapBin(l.MapBin)
	opts := Options{MapBin: bin, FightPath: fightFile(l.Fight), Launch: relaunch}
	return runWindow("hexslinger — "+fight.Name, func(w fyne.Window, done func(*Opened, error)) {
		OpenFight(w, o, done)
	}, opts, bin, !l.NoMap)
}

// runReplay opens the journal l.Replay to look back at: the console on
// its timeline at the last event, the Judge's map window showing that
// moment. Its session runs on a copy of the journal, so the file is left
// as it is whatever happens.
func runReplay(l Launch) error {
	path := l.Replay
	opening, err := session.JournalOpening(path)
	if err != nil {
		return err
	}
	if err := display.Check(); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "hexslinger-replay")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	copyPath, warning, err := replayCopy(path, dir)
	if err != nil {
		return err
	}
	if warning != "" {
		fmt.Fprintln(os.Stderr, "hexslinger replay:", warning)
	}
	return runWindow("hexslinger — replay of "+path, func(w fyne.Window, done func(*Opened, error)) {
		OpenFight(w, Opening{Fight: opening, Journal: copyPath, JournalDir: dir}, func(op *Opened, err error) {
			if op != nil && warning != "" {
				// The Judge reads it in the console, not only on stderr:
				// on the status line, and in a dialog that stays until
				// read (the status line moves on as the map window opens).
				op.Note = strings.TrimSpace(warning + " " + op.Note)
			}
			done(op, err)
			if op != nil && err == nil && warning != "" {
				d := dialog.NewInformation("The journal's last line was cut off", warning, w)
				d.Show()
			}
		})
	}, Options{Replay: path}, mapBin(l.MapBin), !l.NoMap)
}

// replayCopy copies the journal at path into dir, for a replay to run on:
// a damaged last line (a write cut off by a crash) is left out of the
// copy, and warning then names the line and what it held; the journal
// itself is left as it is. warning is "" for a whole journal.
func replayCopy(path, dir string) (copyPath, warning string, err error) {
	copyPath = filepath.Join(dir, filepath.Base(path))
	if err := copyFile(path, copyPath); err != nil {
		return "", "", fmt.Errorf("copy the journal to replay: %w", err)
	}
	d, err := session.CheckJournal(copyPath)
	if err != nil || d == nil {
		return copyPath, "", err
	}
	if _, err := session.SetAside(d); err != nil {
		return "", "", err
	}
	what := fmt.Sprintf("is damaged (%s)", d.Reason)
	if d.Torn {
		what = "was cut off mid-write (a crash while writing)"
	}
	warning = fmt.Sprintf("Line %d of %s, its last, %s: %s is lost (%d bytes), and the replay ends at the event before it. The journal is left as it is.",
		d.Line, filepath.Base(path), what, d.Lost, d.Size-d.Offset)
	return copyPath, warning, nil
}

// mapBin is the map window's program: bin if named, else FindMapBin's;
// "" when there is none, which is said in the log (the console runs
// without a map window).
func mapBin(bin string) string {
	if bin != "" {
		return bin
	}
	bin, err := FindMapBin()
	if err != nil {
		slog.Warn("console: no map window", "err", err)
	}
	return bin
}

// errNotOpened is a fight the Judge chose not to open (its journal's
// last line damaged): the console closes, the journal left as it is.
var errNotOpened = errors.New("the fight was not opened: its journal is left as it is")

// runWindow opens the console window titled title, opens the fight in
// it (open), serves it to the map windows with a fresh token, starts the
// Judge's map window (the program mapBin, if not "") unless told not to,
// and runs until the console is closed. opts is completed with what is
// opened; a replay console (opts.Replay) gets no seats to hand out.
func runWindow(title string, open func(w fyne.Window, done func(*Opened, error)), opts Options, mapBin string, openMap bool) error {
	a := app.NewWithID("io.github.hexslinger")
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.Icon()))
	w := a.NewWindow(title)
	w.Resize(fyne.NewSize(1280, 800))
	w.SetContent(widget.NewLabel("Opening the fight…"))
	var (
		failed error
		s      *session.Session
		srv    *transport.Server
		c      *Console
	)
	quit := func(err error) {
		failed = err
		if err == nil || errors.Is(err, errNotOpened) {
			w.Close()
			return
		}
		d := dialog.NewError(err, w)
		d.SetOnClosed(w.Close)
		d.Show()
	}
	started := func(op *Opened, err error) {
		if err != nil {
			quit(err)
			return
		}
		if op == nil {
			quit(errNotOpened)
			return
		}
		s = op.Session
		token := session.NewToken()
		access := session.NewAccess(token)
		if srv, err = transport.Serve(s, "127.0.0.1:0", access, nil); err != nil {
			quit(err)
			return
		}
		slog.Info("session open", "url", srv.URL(), "journal", s.JournalPath())
		opts.Address, opts.Server, opts.SavedSeq = srv.URL(), srv, op.Saved
		if opts.Replay == "" {
			opts.Access = access
		}
		if mapBin != "" {
			// The token travels in the environment, where other users
			// cannot read it (a command line shows in ps).
			opts.MapWindow = &MapProcess{Bin: mapBin, Args: []string{"--addr", srv.URL()}, Env: []string{"HEXSLINGER_TOKEN=" + token}}
		}
		if c, err = New(w, s, opts); err != nil {
			quit(err)
			return
		}
		if op.Note != "" {
			c.Say(op.Note)
		}
		if mp := opts.MapWindow; mp != nil && openMap {
			if err := mp.Start(); err != nil {
				slog.Warn("console: could not open the map window", "err", err)
			}
		}
	}
	a.Lifecycle().SetOnStarted(func() { open(w, started) })
	w.SetMaster()
	w.ShowAndRun()
	if c != nil {
		c.Close()
	}
	if srv != nil {
		srv.Close()
	}
	if s != nil {
		s.Close()
	}
	if errors.Is(failed, errNotOpened) {
		fmt.Fprintln(os.Stderr, "hexslinger:", failed)
		return nil
	}
	return failed
}

// fightFile is the file a fight was opened from: none for a bundled one.
func fightFile(path string) string {
	if _, bundled := assets.Fights()[path]; bundled || path == "" {
		return ""
	}
	return path
}

// relaunch starts another console with args, as for opening another
// fight (Options.Launch).
func relaunch(args ...string) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(exe, args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait()
	return nil
}

// loadFight reads the fight at path: a bundled fight's name, or a file;
// "" is the demo.
func loadFight(path string) (*session.FightFile, error) {
	if path == "" {
		path = "demo"
	}
	if data, ok := assets.Fights()[path]; ok {
		return session.DecodeFight(bytes.NewReader(data))
	}
	return session.LoadFight(path)
}

// journalDir is the folder of the fights' journals under the user data
// folder (userdir.Data: ~/.local/share/hexslinger/journals on Linux,
// %AppData%\hexslinger\journals on Windows), made if need be.
func journalDir() (string, error) {
	dir, err := userdir.Data("journals")
	if err != nil {
		return "", fmt.Errorf("%w (or name a journal with --journal)", err)
	}
	return dir, nil
}

// newJournalPath names a fresh journal for fight under the user data
// folder.
func newJournalPath(fight string) (string, error) {
	dir, err := journalDir()
	if err != nil {
		return "", err
	}
	return freshJournal(dir, fight), nil
}

// copyFile copies the file at from to a new file to.
func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return errors.Join(out.Sync(), out.Close())
}
