package console

import (
	"context"
	"fmt"
	"log/slog"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/assets"
	"hexslinger/hexmap"
	"hexslinger/internal/userdir"
)

// recentKey is the preference holding the recent fight files, newest first.
const (
	recentKey  = "recent_fights"
	maxRecent  = 8
	autosaveIn = 5 * time.Second
)

// libraryPanel is the fight tab: the fight's file, saving and opening
// fights and maps, recent files, autosave, the rule options, the map
// windows and the table for remote players.
type libraryPanel struct {
	c         *Console
	info      *widget.Label
	tableDice *widget.Check
	switches  *fyne.Container // the system's own options: a Fudge fight's Combat Options modules
	lcInit    *widget.Check
	quickDraw *widget.Check
	recent    *fyne.Container
	saved     *widget.Label
	windows   *fyne.Container
	players   *fyne.Container
	board     *joinBoard    // the join codes on the table monitor, while open
	full      *widget.Check // the player view opens fullscreen (and so do the join codes)
	box       fyne.CanvasObject

	// playerDice lets the players roll their own dice for their own
	// figures' rolls (FightOptions.PlayerDice).
	playerDice *widget.Check

	path     string // the fight file Save writes; "" until saved as
	savedSeq int    // the last event the fight file holds (or the journal held when the fight opened)
	lastAuto time.Time

	// readMap reads a new fight's map file: hexmap.OpenMapContext, or
	// in tests a read that waits where the test looks.
	readMap func(ctx context.Context, path string, fn hexmap.Progress) (*hexmap.Map, error)
	// askSave asks where to save a new map in place of the file dialog
	// (tests); nil: the file dialog.
	askSave func(q fileQuestion, done func(path string))
}

func newLibraryPanel(c *Console) *libraryPanel {
	p := &libraryPanel{c: c, path: c.opts.FightPath}
	p.info = widget.NewLabel("")
	p.info.Wrapping = fyne.TextWrapWord
	p.saved = widget.NewLabel("")
	p.saved.Wrapping = fyne.TextWrapWord
	p.tableDice = widget.NewCheck("Table dice: the Judge types the dice and cards rolled at the table", func(on bool) {
		if on == c.state.Options.TableDice {
			return
		}
		o := c.state.Options
		o.TableDice = on
		c.do(session.Command{Kind: session.CommandSetOptions, Options: &o})
	})
	p.playerDice = widget.NewCheck("Players roll their own dice: for their own figure's rolls, never a target's", func(on bool) {
		if on == c.state.Options.PlayerDice {
			return
		}
		o := c.state.Options
		o.PlayerDice = on
		c.do(session.Command{Kind: session.CommandSetOptions, Options: &o})
	})
	p.switches = container.NewVBox()
	p.lcInit = widget.NewCheck("Initiative: Lead and Chrome's 2D10 + Reflexes (for the systems whose turns go in order)", func(on bool) {
		o := c.state.Options
		l := o.LeadChrome()
		if on == (l.Initiative == session.InitiativeLeadChrome) {
			return
		}
		l.Initiative, l.Squads = "", false
		if on {
			l.Initiative = session.InitiativeLeadChrome
		}
		o = o.WithLeadChrome(l)
		c.do(session.Command{Kind: session.CommandSetOptions, Options: &o})
		p.refresh()
	})
	p.quickDraw = widget.NewCheck("Allow Lead and Chrome's Quick-Draw, declared before initiative", func(on bool) {
		o := c.state.Options
		l := o.LeadChrome()
		if on == l.QuickDraw {
			return
		}
		l.QuickDraw = on
		o = o.WithLeadChrome(l)
		c.do(session.Command{Kind: session.CommandSetOptions, Options: &o})
		p.refresh()
	})
	p.recent = container.NewVBox()
	files := container.NewGridWithColumns(2,
		widget.NewButton("Save fight (Ctrl+S)", p.save),
		widget.NewButton("Save fight as…", p.saveAs),
		widget.NewButton("Open fight… (Ctrl+O)", p.openFight),
		widget.NewButton("Open a fight in a new console…", p.openFightNew),
		widget.NewButton("New fight from a map…", p.newFromMap),
		widget.NewButton("New map…", p.newMap),
		widget.NewButton("Edit a map…", p.editMap),
		widget.NewButton("Save the map as…", p.saveMap),
	)
	p.windows = container.NewVBox()
	p.players = container.NewVBox()
	p.box = container.NewVScroll(container.NewVBox(
		heading("This fight"), p.info, files, p.saved,
		heading("Recent fights"), p.recent,
		heading("Rule options"), p.tableDice, p.playerDice, p.lcInit, p.quickDraw, p.switches,
		heading("Map windows"), p.windows,
		heading("The table for remote players"), p.players,
	))
	p.refresh()
	p.showRecent()
	p.showWindows()
	p.showTable()
	return p
}

// refresh follows the state.
func (p *libraryPanel) refresh() {
	st := p.c.state
	file := p.path
	if file == "" {
		file = "not saved yet (the journal keeps every event)"
	}
	p.info.SetText(fmt.Sprintf("%q · rules: %s (%s) · map %d×%d, %s-top, %.0f pace(s) a hex · %d figures, %d characters\nFile: %s\nJournal: %s",
		st.Name, st.Rules, session.SystemOf(st).Name(), st.Map.Width, st.Map.Height, st.Map.Orientation, st.Map.Scale, len(st.Order), len(st.Characters), file, p.c.s.JournalPath()))
	p.tableDice.SetChecked(st.Options.TableDice)
	p.playerDice.SetChecked(st.Options.PlayerDice)
	p.lcInit.SetChecked(st.Options.LeadChrome().Initiative == session.InitiativeLeadChrome)
	if session.SystemOf(st).MovesCostAP() {
		p.lcInit.Disable()
	} else {
		p.lcInit.Enable()
	}
	p.quickDraw.SetChecked(st.Options.LeadChrome().QuickDraw)
	p.showSwitches()
}

// showSwitches lays out the options of the fight's system (a Fudge
// fight's Combat Options modules), each a check that sends set_options.
func (p *libraryPanel) showSwitches() {
	p.switches.RemoveAll()
	st := p.c.state
	for _, sw := range st.Switches() {
		chk := widget.NewCheck(sw.Label, nil)
		chk.SetChecked(sw.On)
		chk.OnChanged = func(on bool) {
			if on == sw.On {
				return
			}
			opts := sw.Set(p.c.state.Options, on)
			p.c.do(session.Command{Kind: session.CommandSetOptions, Options: &opts})
		}
		p.switches.Add(chk)
	}
	p.switches.Refresh()
}

// save writes the fight as it stands to its file, or asks for one.
func (p *libraryPanel) save() { p.saveThen(nil) }

// saveThen saves the fight to its file, asking where for a fight without
// one, and does then (if not nil) once it is saved; a save the Judge
// cancels or that fails does nothing more.
func (p *libraryPanel) saveThen(then func()) {
	saved := func(path string) {
		if p.saveTo(path) == nil && then != nil {
			then()
		}
	}
	if p.path == "" {
		p.askFightSave(p.c.state.Name, "", saved)
		return
	}
	saved(p.path)
}

// saveTo writes the fight as it stands to path, and its journal (the log
// and the undo history, up to the same event) beside it, so that
// reopening the file brings them back. The live journal is linked to the
// file, as holding it up to this event.
func (p *libraryPanel) saveTo(path string) error {
	st := p.c.state
	if err := session.SaveFight(path, st.Snapshot(nil)); err != nil {
		p.saved.SetText("Not saved: " + err.Error())
		p.c.status.SetText("Not saved: " + err.Error())
		return err
	}
	seq := p.c.lastSeq()
	msg := fmt.Sprintf("Saved round %d, segment %d to %s at %s.", st.Round, st.Segment, path, time.Now().Format("15:04:05"))
	if err := copyLiveJournal(p.c.s, journalBeside(path), seq); err != nil {
		msg += " Its log was not saved with it: " + err.Error()
	}
	p.path, p.savedSeq = path, seq
	if err := writeLink(p.c.s.JournalPath(), path, seq); err != nil {
		msg += " (The journal could not note the file: " + err.Error() + ".)"
	}
	p.addRecent(path)
	p.saved.SetText(msg)
	p.c.status.SetText(msg)
	p.refresh()
	return nil
}

func (p *libraryPanel) saveAs() {
	p.askFightSave(p.c.state.Name, "", func(path string) { p.saveTo(path) })
}

// askFightSave asks where to save a fight named name, starting in folder
// (by default where the fight was saved last, else the fights folder),
// and calls save with the path chosen, ending in .fight.json.
func (p *libraryPanel) askFightSave(name, folder string, save func(path string)) {
	if folder == "" {
		folder = p.folder()
	}
	q := fileQuestion{save: true, title: "Save the fight", name: slug(name) + ".fight.json", folder: folder, kind: "hexslinger fights", suffixes: []string{".fight.json"}}
	askFile(p.c.win, q, func(path string) {
		if !strings.HasSuffix(path, ".fight.json") {
			path = strings.TrimSuffix(path, ".json") + ".fight.json"
		}
		save(path)
	})
}

// folder is where the fight was saved last, else the fights folder, else
// "" (the dialog's own choice).
func (p *libraryPanel) folder() string {
	if p.path != "" {
		return filepath.Dir(p.path)
	}
	if dir, err := fightsFolder(); err == nil {
		return dir
	}
	return ""
}

// openFight asks for a fight file and opens it in this console, once the
// Judge has said what to do with unsaved changes.
func (p *libraryPanel) openFight() {
	p.c.confirmLeave("open another fight", func() { p.askFight(p.openFile) })
}

// openFightNew asks for a fight file and opens it in a console of its own;
// this one stays.
func (p *libraryPanel) openFightNew() { p.askFight(p.launch) }

func (p *libraryPanel) askFight(then func(path string)) {
	folder := ""
	if p.path != "" {
		folder = filepath.Dir(p.path)
	}
	askFile(p.c.win, fileQuestion{title: "Open a fight", folder: folder, kind: "hexslinger fights", suffixes: []string{".fight.json"}}, then)
}

// open opens a fight file in this console (a recent fight), once the
// Judge has said what to do with unsaved changes.
func (p *libraryPanel) open(path string) {
	p.c.confirmLeave("open another fight", func() { p.openFile(path) })
}

// openFile opens a fight file in this console, in place of the fight
// shown, with its log and undo history when its journal is beside it, or
// in a newer state the Judge chooses; the map windows follow.
func (p *libraryPanel) openFile(path string) {
	OpenFight(p.c.win, p.opening(path), func(op *Opened, err error) { p.opened(path, op, err) })
}

// openAsSaved opens a fight file as openFile does, offering no newer
// state: the file as it was saved.
func (p *libraryPanel) openAsSaved(path string) {
	p.opening(path).open(p.c.win, nil, nil, func(op *Opened, err error) { p.opened(path, op, err) })
}

func (p *libraryPanel) opening(path string) Opening {
	return Opening{FightPath: path, JournalDir: filepath.Dir(p.c.s.JournalPath()), Wait: p.c.opts.Manual}
}

// opened shows the fight opened from the file at path in this console,
// or says why it was not.
func (p *libraryPanel) opened(path string, op *Opened, err error) {
	if err != nil {
		dialog.ShowError(err, p.c.win)
		return
	}
	if op == nil {
		msg := "Did not open " + path + ": its journal is left as it is."
		p.saved.SetText(msg)
		p.c.status.SetText(msg)
		return
	}
	s := op.Session
	if err := p.c.switchTo(s, path); err != nil {
		s.Close()
		dialog.ShowError(fmt.Errorf("open %s: %w", path, err), p.c.win)
		return
	}
	p.savedSeq = op.Saved
	writeLink(s.JournalPath(), path, op.Saved)
	p.addRecent(path)
	msg := "Opened " + path
	switch {
	case op.WithLog:
		msg += fmt.Sprintf(" with its log (%d entries) and undo history.", len(p.c.LogTexts()))
	case op.Note == "":
		msg += " (no journal beside it: a fresh log)."
	default:
		msg += "."
	}
	if op.Note != "" {
		msg += " " + strings.ToUpper(op.Note[:1]) + op.Note[1:] + "."
	}
	p.saved.SetText(msg)
	p.c.status.SetText(msg)
	p.refresh()
}

// launch opens a fight file in a new console, with its log and undo
// history when its journal is beside it.
func (p *libraryPanel) launch(path string) {
	if p.c.opts.Launch == nil {
		p.saved.SetText("This console cannot open another: run hexslinger --fight " + path)
		return
	}
	// The new console replays a copy of the journal, made here.
	s, _, note, err := openSaved(path, filepath.Dir(p.c.s.JournalPath()), nil)
	if err != nil {
		dialog.ShowError(err, p.c.win)
		return
	}
	journal := s.JournalPath()
	s.Close()
	if err := p.c.opts.Launch("--fight", path, "--journal", journal); err != nil {
		dialog.ShowError(fmt.Errorf("open %s: %w", path, err), p.c.win)
		return
	}
	p.addRecent(path)
	msg := "Opened " + path + " in a new console."
	if note != "" {
		msg += " " + note + "."
	}
	p.saved.SetText(msg)
}

// newFromMap makes a fight from a map file with its system's bundled
// sheets and no figures, saves it beside the map and opens it, once the Judge
// has said what to do with unsaved changes.
func (p *libraryPanel) newFromMap() {
	p.c.confirmLeave("make a new fight", p.newFight)
}

func (p *libraryPanel) newFight() {
	// First the rule system, then the map.
	var names []string
	byName := map[string]string{}
	for _, id := range session.SystemIDs() {
		n := session.SystemByID(id).Name()
		names = append(names, n)
		byName[n] = id
	}
	sys := widget.NewSelect(names, nil)
	sys.SetSelected(session.SystemOf(p.c.state).Name())
	dialog.ShowForm("New fight from a map", "Choose the map…", "Cancel", []*widget.FormItem{widget.NewFormItem("Rule system", sys)}, func(ok bool) {
		if ok {
			p.pickMapFor(byName[sys.Selected])
		}
	}, p.c.win)
}

// pickMapFor asks for the map of a new fight under rule system rules,
// reads it, then asks for the fight's name and file.
func (p *libraryPanel) pickMapFor(rules string) {
	askFile(p.c.win, mapQuestion("Choose the map of the new fight"), func(path string) {
		p.readMapFor(path, rules, p.nameNewFight)
	})
}

// mapQuestion asks for a map file: hexslinger's own, a Universal VTT file,
// a Foundry VTT scene or a picture.
func mapQuestion(title string) fileQuestion {
	return fileQuestion{title: title, kind: "Maps, Universal VTT files, Foundry scenes and pictures", suffixes: mapSuffixes}
}

// readMapFor reads the map file at path for a new fight under rule system
// rules off the UI goroutine, showing what it is doing and how far it has
// come (hexmap.OpenMapContext: the file, the walls, the picture), with a
// Cancel button that stops the read; then is given the new fight once the
// map is read, or nil once the read has stopped or failed (the fight tab
// says it stopped; a dialog says why it failed).
func (p *libraryPanel) readMapFor(path, rules string, then func(*session.FightFile)) {
	name := filepath.Base(path)
	ctx, cancel := context.WithCancel(context.Background())
	stage := widget.NewLabel("Reading the file…")
	bar := widget.NewProgressBar()
	var stop *widget.Button
	stop = widget.NewButton("Cancel", func() {
		cancel()
		stop.Disable()
		stage.SetText("Stopping…")
	})
	prog := dialog.NewCustomWithoutButtons("Reading "+name, container.NewVBox(stage, bar, container.NewCenter(stop)), p.c.win)
	prog.Resize(fyne.NewSize(420, 160))
	prog.Show()
	// The read tells how far it has come often; the window is told when
	// the stage or the whole percent changes.
	var mu sync.Mutex
	shown := ""
	progress := func(what string, done float64) {
		if what == "" {
			what = "reading"
		}
		text := fmt.Sprintf("%s%s… %d%%", strings.ToUpper(what[:1]), what[1:], int(100*done))
		mu.Lock()
		same := text == shown
		shown = text
		mu.Unlock()
		if !same {
			fyne.Do(func() {
				if ctx.Err() == nil {
					stage.SetText(text)
					bar.SetValue(done)
				}
			})
		}
	}
	read := p.readMap
	if read == nil {
		read = hexmap.OpenMapContext
	}
	go func() {
		m, err := read(ctx, path, progress)
		fyne.Do(func() {
			prog.Hide()
			stopped := ctx.Err() != nil
			cancel()
			var f *session.FightFile
			switch {
			case stopped:
				msg := "Reading " + name + " stopped; no new fight was made."
				p.saved.SetText(msg)
				p.c.status.SetText(msg)
			case err != nil:
				dialog.ShowError(err, p.c.win)
			case m.MissingPicture != nil:
				// A scene whose picture was not beside it: the Judge
				// chooses it, or goes on without, and then the fight.
				p.askScenePicture(m, path, func() { p.fightFromMap(m, path, rules, then) })
				return
			default:
				p.fightFromMap(m, path, rules, then)
				return
			}
			then(f)
		})
	}()
}

// fightFromMap gives then the new fight of map m, read from the file at
// path, under rule system rules; nil, once a dialog says why, if none.
func (p *libraryPanel) fightFromMap(m *hexmap.Map, path, rules string, then func(*session.FightFile)) {
	f, err := newFightFromMap(m, path, rules)
	if err != nil {
		dialog.ShowError(err, p.c.win)
	}
	then(f)
}

// askScenePicture tells the Judge that the picture the scene at path
// names (m.MissingPicture) was not found beside it, and offers to choose
// it: a picture chosen is checked and laid where the scene says
// (hexmap.Map.LayScenePicture), a bad one refused in the dialog in one
// line, to choose again; Go on without keeps the map without a picture.
// done is called once, when the map is as the Judge wants it.
func (p *libraryPanel) askScenePicture(m *hexmap.Map, path string, done func()) {
	pic := m.MissingPicture.Name
	msg := widget.NewLabel(fmt.Sprintf("The scene's picture %s was not found beside it.", pic))
	msg.Wrapping = fyne.TextWrapWord
	why := widget.NewLabel("")
	why.Wrapping = fyne.TextWrapWord
	why.Hide()
	var d dialog.Dialog
	var choose, without *widget.Button
	choose = widget.NewButton("Choose picture…", func() {
		q := fileQuestion{title: "Choose the scene's picture " + pic, folder: filepath.Dir(path), kind: "Pictures", suffixes: hexmap.ImageExtensions}
		p.ask(q, func(chosen string) {
			choose.Disable()
			without.Disable()
			go func() {
				// Its size checked before it is read, as one beside the
				// scene is; then the map picture checks.
				img, err := hexmap.PictureBeside(filepath.Dir(chosen))(filepath.Base(chosen))
				if err != nil {
					err = fmt.Errorf("the picture chosen for %s: %v", pic, err)
				} else {
					err = m.LayScenePicture(img)
				}
				fyne.Do(func() {
					choose.Enable()
					without.Enable()
					if err != nil {
						why.SetText(capitalize(err.Error()))
						why.Show()
						return
					}
					d.Hide()
					done()
				})
			}()
		})
	})
	without = widget.NewButton("Go on without", func() {
		d.Hide()
		done()
	})
	d = dialog.NewCustomWithoutButtons("The scene's picture", container.NewVBox(msg, why, container.NewCenter(container.NewHBox(choose, without))), p.c.win)
	d.Resize(fyne.NewSize(480, d.MinSize().Height))
	d.Show()
}

// nameNewFight asks for a new fight's name (the map's, unless the Judge
// types another) and where to save it (the fights folder, unless the
// Judge picks another), then saves and opens it; nil is no fight.
func (p *libraryPanel) nameNewFight(f *session.FightFile) {
	if f == nil {
		return // none made: the read stopped or failed
	}
	name := widget.NewEntry()
	name.SetText(f.Name)
	dialog.ShowForm("Name the new fight", "Choose where to save it…", "Cancel", []*widget.FormItem{
		widget.NewFormItem("Fight's name", name),
	}, func(ok bool) {
		if !ok {
			return
		}
		if n := strings.TrimSpace(name.Text); n != "" {
			f.Name = n
		}
		// A new fight: the fights folder.
		folder, _ := fightsFolder()
		p.askFightSave(f.Name, folder, func(path string) { p.saveNewFight(f, path) })
	}, p.c.win)
}

// saveNewFight writes a new fight to path and opens it in this console,
// saying where it was saved.
func (p *libraryPanel) saveNewFight(f *session.FightFile, path string) {
	if err := session.SaveFight(path, f); err != nil {
		dialog.ShowError(err, p.c.win)
		return
	}
	p.openAsSaved(path)
	msg := fmt.Sprintf("New fight %q saved to %s.", f.Name, path)
	p.saved.SetText(msg)
	p.c.status.SetText(msg)
}

// mapSuffixes name the map files a new fight is made from: hexslinger's
// own maps, Universal VTT files, Foundry VTT scenes as Foundry names
// their export (hexmap.FoundryExportPattern) and plain pictures (a grid
// laid on them as hexmap.DefaultAlignment lays it, to be aligned in the
// map editor).
var mapSuffixes = append(append([]string{".hexmap.json", hexmap.FoundryExportPattern}, hexmap.UVTTExtensions...), hexmap.ImageExtensions...)

// suffixFilter lets a file dialog list the files whose names end in one of
// its suffixes (Fyne's extension filter sees only the last one: .json); a
// suffix with a * in it is a pattern the whole name matches.
type suffixFilter []string

// Matches reports whether u's name ends in one of the suffixes.
func (f suffixFilter) Matches(u fyne.URI) bool {
	name := strings.ToLower(u.Name())
	for _, s := range f {
		if strings.Contains(s, "*") {
			if ok, _ := path.Match(strings.ToLower(s), name); ok {
				return true
			}
		} else if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// fightsFolder is where new fights are saved unless the Judge picks
// another folder: hexslinger/fights under the user data folder
// (userdir.Data), made if need be.
func fightsFolder() (string, error) {
	return userdir.Data("fights")
}

// newFightFromMap makes a fight from map m, read from the file at path,
// under rule system rules: the map, the bundled sheets of that system (none
// if it has none; never the open fight's), no figures, named after the
// map's file.
func newFightFromMap(m *hexmap.Map, path, rules string) (*session.FightFile, error) {
	sys := session.SystemByID(rules)
	if sys == nil {
		return nil, fmt.Errorf("%q is not a rule system hexslinger knows", rules)
	}
	base := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), ".hexmap")
	f := &session.FightFile{Format: session.FightFormat, Version: session.FightVersion, Name: base, Rules: rules, Map: m.File()}
	f.Characters = session.SheetsFor(rules, assets.Fights())
	return f, nil
}

// saveMap writes the fight's map as it stands (doors, worn cover) to a map
// file.
func (p *libraryPanel) saveMap() {
	q := fileQuestion{save: true, title: "Save the map", name: slug(p.c.state.Name) + ".hexmap.json", kind: "hexslinger maps", suffixes: []string{".hexmap.json"}}
	askFile(p.c.win, q, func(path string) {
		if err := hexmap.Save(path, p.c.state.Map); err != nil {
			p.saved.SetText("Map not saved: " + err.Error())
			return
		}
		p.saved.SetText("Saved the map to " + path)
	})
}

// editMap opens a map file in the map editor.
func (p *libraryPanel) editMap() {
	if p.c.opts.MapBin == "" {
		p.saved.SetText("No map window program (hexslinger-map) was found.")
		return
	}
	askFile(p.c.win, mapQuestion("Edit a map"), func(path string) {
		if err := p.openEditor(path); err != nil {
			dialog.ShowError(err, p.c.win)
		}
	})
}

// openEditor opens the map file at path in a map editor of its own, which
// the console closes as it quits (its unsaved changes lost, as when the
// console is killed).
func (p *libraryPanel) openEditor(path string) error {
	ed := &MapProcess{Bin: p.c.opts.MapBin, Args: []string{"--edit", path}}
	if err := ed.Start(); err != nil {
		return err
	}
	running := p.c.editors[:0]
	for _, e := range p.c.editors {
		if e.Running() {
			running = append(running, e)
		}
	}
	p.c.editors = append(running, ed)
	return nil
}

// recentFiles reads the recent fights from the preferences.
func recentFiles() []string {
	a := fyne.CurrentApp()
	if a == nil {
		return nil
	}
	var out []string
	for _, s := range strings.Split(a.Preferences().String(recentKey), "\n") {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

func (p *libraryPanel) addRecent(path string) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	list := []string{path}
	for _, r := range recentFiles() {
		if r != path && len(list) < maxRecent {
			list = append(list, r)
		}
	}
	if a := fyne.CurrentApp(); a != nil {
		a.Preferences().SetString(recentKey, strings.Join(list, "\n"))
	}
	p.showRecent()
}

func (p *libraryPanel) showRecent() {
	p.recent.RemoveAll()
	list := recentFiles()
	if len(list) == 0 {
		p.recent.Add(widget.NewLabel("None yet: fights you save or open are listed here."))
	}
	for _, path := range list {
		path := path
		b := widget.NewButton(filepath.Base(path)+"  ·  "+filepath.Dir(path), func() { p.open(path) })
		b.Alignment = widget.ButtonAlignLeading
		p.recent.Add(b)
	}
	p.recent.Refresh()
}

// autosave writes the fight beside its journal, at most every few seconds
// (the journal itself keeps every event; this is a fight file to reopen
// or share). force writes now.
func (p *libraryPanel) autosave(force bool) {
	if !force && time.Since(p.lastAuto) < autosaveIn {
		return
	}
	p.lastAuto = time.Now()
	path := autosavePath(p.c.s.JournalPath())
	if err := session.SaveFight(path, p.c.state.Snapshot(nil)); err != nil {
		slog.Warn("console: autosave", "err", err)
		p.saved.SetText("Autosave failed: " + err.Error())
		return
	}
	p.saved.SetText(fmt.Sprintf("Autosaved to %s at %s.", path, p.lastAuto.Format("15:04:05")))
}

// autosavePath is the autosave file of a journal.
func autosavePath(journal string) string {
	return strings.TrimSuffix(strings.TrimSuffix(journal, ".jsonl"), ".journal") + ".autosave.fight.json"
}

// showWindows lays out the map window controls.
func (p *libraryPanel) showWindows() {
	p.windows.RemoveAll()
	c := p.c
	if c.opts.MapWindow == nil {
		p.windows.Add(widget.NewLabel("No map window program (hexslinger-map) was found beside hexslinger."))
		return
	}
	judge := widget.NewButton("Judge's map view (Ctrl+M)", c.openMap)
	closeJudge := widget.NewButton("Close it", func() { c.opts.MapWindow.Stop() })
	monitor := widget.NewSelect([]string{"1", "2", "3", "4"}, nil)
	monitor.SetSelected("2")
	full := widget.NewCheck("Fullscreen", nil)
	full.SetChecked(true)
	p.full = full
	player := widget.NewButton("Player view (Ctrl+P)", func() {
		n, _ := strconv.Atoi(monitor.Selected)
		c.openPlayerView(n, full.Checked)
	})
	closePlayer := widget.NewButton("Close it", c.closePlayerViewSaid)
	p.windows.Add(container.NewHBox(judge, closeJudge))
	p.windows.Add(container.NewHBox(player, widget.NewLabel("on monitor"), monitor, full, closePlayer))
	p.windows.Add(widget.NewLabel("The player view shows no hidden figures and no Judge's notes; players may click their own figures."))
}

// showTable lays out the LAN table controls.
func (p *libraryPanel) showTable() {
	p.players.RemoveAll()
	c := p.c
	defer func() {
		if p.box != nil {
			p.box.Refresh() // the scroll reaches the seats added
		}
		p.followBoard()
	}()
	if c.opts.Access == nil {
		p.players.Add(widget.NewLabel("This console cannot open the table."))
		return
	}
	if c.table == nil {
		p.players.Add(widget.NewButton("Open the table on the LAN", func() {
			if err := c.openTable(); err != nil {
				dialog.ShowError(err, c.win)
			}
			p.showTable()
		}))
		p.players.Add(widget.NewLabel("Players on other machines then join with hexslinger-map --join CODE, or on a phone by scanning\ntheir seat's QR code; each seat commands its own figures."))
		return
	}
	p.players.Add(widget.NewLabel("The table is open at " + c.table.host + " (TLS; the code pins the certificate)."))
	p.players.Add(widget.NewButton("Show join codes on the table monitor", p.openBoard))
	name := widget.NewEntry()
	name.SetPlaceHolder("Player's name")
	var figs []string
	for _, id := range c.state.Order {
		figs = append(figs, c.state.FigureName(id))
	}
	pick := widget.NewCheckGroup(figs, nil)
	add := widget.NewButton("Add player", func() {
		n := strings.TrimSpace(name.Text)
		if n == "" || len(pick.Selected) == 0 {
			dialog.ShowInformation("Add player", "Type the player's name and tick the figures they command.", c.win)
			return
		}
		var ids []string
		for _, id := range c.state.Order {
			for _, s := range pick.Selected {
				if c.state.FigureName(id) == s {
					ids = append(ids, id)
				}
			}
		}
		c.opts.Access.AddPlayer(n, ids)
		p.showTable()
	})
	p.players.Add(container.NewBorder(nil, nil, nil, add, name))
	p.players.Add(pick)
	for _, seat := range c.opts.Access.Players() {
		p.players.Add(p.seatRow(seat))
	}
	p.players.Refresh()
}

// seatRow is a seat's part of the table panel: its name and figures,
// then its native join code (Copy, Revoke), its browser link (Copy link)
// and the link's QR code for a phone to scan; a revoked seat says so and
// shows no code.
func (p *libraryPanel) seatRow(seat *session.Seat) fyne.CanvasObject {
	c := p.c
	names := make([]string, len(seat.Figures))
	for i, id := range seat.Figures {
		names[i] = c.state.FigureName(id)
	}
	who := widget.NewLabelWithStyle(fmt.Sprintf("%s (%s)", seat.Name, joinAnd(names)), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	if seat.Revoked() {
		who.SetText(who.Text + " — revoked")
		return container.NewVBox(who, widget.NewSeparator())
	}
	code := widget.NewEntry()
	code.SetText(transport.JoinCode(c.table.host, seat.Token(), c.table.fingerprint))
	copyBtn := widget.NewButton("Copy", func() { fyne.CurrentApp().Clipboard().SetContent(code.Text) })
	revoke := widget.NewButton("Revoke", func() {
		if err := c.opts.Access.Revoke(seat.Name); err != nil {
			dialog.ShowError(err, c.win)
		}
		p.showTable()
	})
	link := widget.NewEntry()
	link.SetText(transport.BrowserLink(c.table.host, seat.Token()))
	copyLink := widget.NewButton("Copy link", func() { fyne.CurrentApp().Clipboard().SetContent(link.Text) })
	rows := container.NewVBox(who,
		container.NewBorder(nil, nil, widget.NewLabel("Map window:"), container.NewHBox(copyBtn, revoke), code),
		container.NewBorder(nil, nil, widget.NewLabel("In a browser:"), copyLink, link))
	if qr := qrImage(link.Text, qrSide); qr != nil {
		rows.Add(container.NewHBox(qr, widget.NewLabel("A phone's camera opens\nthis seat's map in its browser.")))
	}
	rows.Add(widget.NewSeparator())
	return rows
}

// capitalize is s with its first letter in capitals, to begin a line.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
