// Command hexslinger is the Judge's console: it hosts a fight's session,
// shows the figures, the round and the action log, and opens the map window.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/console"
	"hexslinger/app/display"
	_ "hexslinger/app/display/locale" // before Fyne reads the locale
	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/assets"
	"hexslinger/internal/userdir"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "serve" {
		if err := serve(os.Args[2:]); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return
			}
			if !errors.Is(err, errUsage) {
				fmt.Fprintln(os.Stderr, "hexslinger serve:", err)
			}
			os.Exit(exitCode(err))
		}
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "replay" {
		if err := replay(os.Args[2:]); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return
			}
			if !errors.Is(err, errUsage) {
				fmt.Fprintln(os.Stderr, "hexslinger replay:", err)
			}
			os.Exit(exitCode(err))
		}
		return
	}
	if err := run(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		if !errors.Is(err, errUsage) {
			fmt.Fprintln(os.Stderr, "hexslinger:", err)
		}
		os.Exit(exitCode(err))
	}
}

// errUsage marks a command line the flag package has already complained
// about.
var errUsage = errors.New("usage")

// exitCode is 2 for a wrong command line, as the flag package's, else 1.
func exitCode(err error) int {
	if errors.Is(err, errUsage) {
		return 2
	}
	return 1
}

// parseFlags parses args with fs: -h and --help print the usage on standard
// output and answer flag.ErrHelp; a wrong flag is said on standard error and
// answers errUsage.
func parseFlags(fs *flag.FlagSet, args []string) error {
	var said bytes.Buffer
	fs.SetOutput(&said)
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		os.Stdout.Write(said.Bytes())
		return err
	case err != nil:
		os.Stderr.Write(said.Bytes())
		return errUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		fs.SetOutput(os.Stderr)
		fs.Usage()
		return errUsage
	}
	return nil
}

func run(args []string) error {
	flags := flag.NewFlagSet("hexslinger", flag.ContinueOnError)
	flags.Usage = func() {
		fmt.Fprint(flags.Output(), `hexslinger: the Judge's console of a hexslinger fight; it opens the map window too.

  hexslinger [--fight FILE|demo|savage|dragonwarriors|fudge|quickdraw] [--journal FILE]
  hexslinger serve --help      a fight without a window, for a table on the LAN
  hexslinger replay FILE.journal.jsonl   look back at a fight: its timeline, read-only

Flags:
`)
		flags.PrintDefaults()
	}
	fightPath := flags.String("fight", "", "the fight to open: a *.fight.json file, or a bundled fight (demo, dragonwarriors, savage, fudge, quickdraw); default: the demo")
	journalPath := flags.String("journal", "", "the fight's journal (*.journal.jsonl); an existing one is replayed; default: a new one under the user data folder")
	noMap := flags.Bool("no-map", false, "do not open the map window at start")
	mapBin := flags.String("map-bin", "", "the hexslinger-map program; default: beside hexslinger, else on PATH")
	if err := parseFlags(flags, args); err != nil {
		return err
	}
	// Fyne panics inside GLFW without a display: say so first, before a
	// journal is made for a fight that cannot be shown.
	if err := display.Check(); err != nil {
		return err
	}

	fight, err := loadFight(*fightPath)
	if err != nil {
		return err
	}
	dir, err := journalDir()
	if err != nil {
		return err
	}
	o := console.Opening{JournalDir: dir}
	if file := fightFile(*fightPath); file != "" && *journalPath == "" {
		// A saved fight comes back with its log and undo history, from
		// the journal saved beside it; a newer state is offered.
		o.FightPath = file
	} else {
		if *journalPath == "" {
			if *journalPath, err = newJournalPath(fight.Name); err != nil {
				return err
			}
		}
		o.Fight, o.Journal = fight, *journalPath
	}
	bin := *mapBin
	if bin == "" {
		bin, err = console.FindMapBin()
		if err != nil {
			slog.Warn("console: no map window", "err", err)
		}
	}
	opts := console.Options{MapBin: bin, FightPath: fightFile(*fightPath), Launch: launch}
	return runConsole("hexslinger — "+fight.Name, func(w fyne.Window, done func(*console.Opened, error)) {
		console.OpenFight(w, o, done)
	}, opts, bin, !*noMap)
}

// errNotOpened is a fight the Judge chose not to open (its journal's
// last line damaged): the console closes, the journal left as it is.
var errNotOpened = errors.New("the fight was not opened: its journal is left as it is")

// runConsole opens the console window titled title, opens the fight in
// it (open: a progress bar for a big journal, the Judge's choices about a
// newer state or a damaged journal), serves it to the map windows, starts
// the Judge's map window (the program mapBin, if not "") unless told not
// to, and runs until the console is closed. opts is completed with what
// is opened; a replay console (opts.Replay) gets no seats to hand out.
func runConsole(title string, open func(w fyne.Window, done func(*console.Opened, error)), opts console.Options, mapBin string, openMap bool) error {
	a := app.NewWithID("io.github.hexslinger")
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.Icon()))
	w := a.NewWindow(title)
	w.Resize(fyne.NewSize(1280, 800))
	w.SetContent(widget.NewLabel("Opening the fight…"))
	var (
		failed error
		s      *session.Session
		srv    *transport.Server
		c      *console.Console
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
	started := func(op *console.Opened, err error) {
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
			opts.MapWindow = &console.MapProcess{Bin: mapBin, Args: []string{"--addr", srv.URL()}, Env: []string{"HEXSLINGER_TOKEN=" + token}}
		}
		if c, err = console.New(w, s, opts); err != nil {
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

// launch starts another console, as for opening another fight.
func launch(args ...string) error {
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

// newJournalPath names a fresh journal for fight under the user data folder.
func newJournalPath(fight string) (string, error) {
	dir, err := journalDir()
	if err != nil {
		return "", err
	}
	slug := strings.Trim(regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(strings.ToLower(fight), "-"), "-")
	if slug == "" {
		slug = "fight"
	}
	return filepath.Join(dir, slug+"-"+time.Now().Format("20060102-150405")+".journal.jsonl"), nil
}
