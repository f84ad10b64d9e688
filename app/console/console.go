package console

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/hexmap"
)

// Options configure a console.
type Options struct {
	// Address is shown in the status bar: where map windows connect.
	Address string
	// MapWindow starts the Judge's map window; nil hides the button.
	MapWindow *MapProcess
	// MapBin is the hexslinger-map program, for the player view and the
	// map editor; "" when there is none.
	MapBin string
	// Access holds the session's seats: the player view and the LAN
	// table add seats to it. Nil hides both.
	Access *session.Access
	// FightPath is the fight file the session was opened from ("" for the
	// bundled demo): Save writes it.
	FightPath string
	// Server serves the session to the map windows at Address; opening
	// another fight in this console serves the new session there in its
	// place, so the map windows follow. Nil when there is none (tests).
	Server *transport.Server
	// WebDir is the folder of the player's map for browsers, served when
	// the table opens on the LAN; "" for DefaultWebDir.
	WebDir string
	// Launch starts another console with these arguments (to open another
	// fight); nil when this console cannot.
	Launch func(args ...string) error
	// Manual leaves event delivery to Drain (for tests); otherwise a
	// goroutine applies events as they come.
	Manual bool
	// Replay is the journal a replay console shows (hexslinger replay):
	// the console opens on its timeline and refuses every command. The
	// session is a copy of it, "" for a live console.
	Replay string
	// SavedSeq is the last event the fight file (FightPath) holds, when
	// the session holds more (a newer state opened); 0: the session's
	// last event, as it opened.
	SavedSeq int
}

// Console is the Judge's window over one session.
type Console struct {
	win       fyne.Window
	s         *session.Session
	opts      Options
	fold      *session.Fold
	state     *session.State
	events    <-chan session.Event
	cancel    func()
	figures   *figuresPanel
	track     *trackPanel
	nextSeg   *widget.Button // hidden in systems whose rounds have no segments
	composer  *composer
	sheets    *sheetsPanel
	library   *libraryPanel
	log       *logPanel
	tabs      *container.AppTabs
	timeline  *timelinePanel     // the fight's history to scrub (F5)
	tlTab     *container.TabItem // the Timeline tab
	sheetsTab *container.TabItem // the Sheets tab, where a dropped picture goes
	round     *widget.Label
	status    *widget.Label
	mapBtn    *widget.Button
	mapErr    error         // why the map window last closed, if it failed
	player    *MapProcess   // the player view, once opened
	editors   []*MapProcess // the map editors opened from the library
	tableSeat *session.Seat // the player view's seat
	table     *lanTable     // the LAN table, once opened
	dark      bool
	gen       int  // counts the sessions this console has shown, for the pump
	ownS      bool // the console opened s (another fight) and closes it
	asking    bool // the Save / Discard / Cancel question is on the screen
	closed    bool // Close has run
}

// lanTable is the session served on the LAN for remote players.
type lanTable struct {
	srv         *transport.Server
	host        string
	fingerprint string
	// web says where browsers join, or why they cannot; "" while the
	// browser's map is being loaded.
	web string
}

// New builds the console for s in window w.
func New(w fyne.Window, s *session.Session, opts Options) (*Console, error) {
	past, events, cancel := s.Subscribe(1024)
	fold, err := session.NewFold(past)
	if err != nil {
		cancel()
		return nil, err
	}
	st := fold.State
	c := &Console{win: w, s: s, opts: opts, fold: fold, state: st, events: events, cancel: cancel}
	c.round = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	c.status = widget.NewLabel("")
	c.status.Truncation = fyne.TextTruncateEllipsis
	c.figures = newFiguresPanel(st)
	c.track = newTrackPanel(st)
	c.log = newLogPanel()
	c.log.onExport = c.exportLog
	c.log.onSelect = c.highlight
	c.log.rebuild(fold)
	c.composer = newComposer(c)
	c.figures.onPick = func(id string) {
		if i := indexOf(c.composer.ids, id); i >= 0 {
			c.composer.actor.SetSelectedIndex(i)
		}
	}
	c.figures.onHide = func(id string, hide bool) {
		cmd := session.Command{Kind: session.CommandReveal, Figure: id}
		if hide {
			cmd.Kind = session.CommandHide
		}
		c.do(cmd)
	}
	c.sheets = newSheetsPanel(c)
	c.library = newLibraryPanel(c)
	c.library.savedSeq = s.LastSeq()
	if opts.SavedSeq > 0 {
		c.library.savedSeq = opts.SavedSeq
	}
	if opts.FightPath != "" && opts.Replay == "" {
		writeLink(s.JournalPath(), opts.FightPath, c.library.savedSeq)
	}

	c.nextSeg = widget.NewButton("Next segment (Ctrl+G)", c.nextSegment)
	newRound := widget.NewButton("Roll initiative: next round (Ctrl+R)", c.nextRound)
	undo := widget.NewButton("Undo (Ctrl+Z)", c.undo)
	redo := widget.NewButton("Redo (Ctrl+Y)", c.redo)
	c.round.Truncation = fyne.TextTruncateEllipsis
	// The buttons wrap to a second row in a narrow console rather than
	// widen it.
	buttons := newFlow(c.nextSeg, newRound, undo, redo)
	bar := container.NewVBox(c.round, buttons)
	if opts.MapWindow != nil {
		c.mapBtn = widget.NewButton("Map window (Ctrl+M)", c.openMap)
		buttons.Add(c.mapBtn)
		opts.MapWindow.OnExit = func(err error) {
			fyne.Do(func() { c.mapErr = err })
		}
		// The map window is started after the console is made (and again
		// with Ctrl+M): the status line follows it either way.
		opts.MapWindow.OnChange = func() { fyne.Do(c.updateStatus) }
	}
	// Each tab scrolls rather than widen the console past the width the
	// Judge gave it (a long label, a row of sheet fields).
	c.sheetsTab = container.NewTabItem("Sheets (F3)", keepWidth(c.sheets.box))
	c.tabs = container.NewAppTabs(
		container.NewTabItem("Action (F1)", keepWidth(c.composer.box)),
		container.NewTabItem("Figures (F2)", keepWidth(c.figures.box)),
		c.sheetsTab,
		container.NewTabItem("Fight (F4)", keepWidth(c.library.box)),
	)
	c.timeline = newTimelinePanel(c)
	c.tlTab = container.NewTabItem("Timeline (F5)", keepWidth(c.timeline.box))
	c.tabs.Append(c.tlTab)
	c.tabs.OnSelected = c.timelineTab
	split := container.NewHSplit(c.tabs, c.log.box)
	split.Offset = 0.56
	top := container.NewVBox(bar, c.track.box)
	w.SetContent(container.NewBorder(top, c.status, nil, nil, split))
	w.SetTitle(windowTitle(st))
	if opts.Replay != "" {
		w.SetTitle("hexslinger — replay of " + opts.Replay + " — changes are not saved to it")
		c.tabs.Select(c.tlTab)
	}
	w.SetMainMenu(c.menu())
	c.shortcuts()
	if a := fyne.CurrentApp(); a != nil && a.Preferences().Bool("dark_theme") {
		c.dark = true
		c.applyTheme()
	}
	w.SetOnClosed(c.Close)
	w.SetCloseIntercept(c.closeRequested)
	w.SetOnDropped(c.dropped)
	c.refresh()
	if !opts.Manual {
		go c.pump(events, c.gen)
	}
	return c, nil
}

// windowTitle names the fight in the console's title.
func windowTitle(st *session.State) string { return "hexslinger — " + st.Name }

// switchTo shows another fight's session s (opened from the fight file
// path) in this console in place of the one shown: the log, the panels
// and the title follow it, and the map windows, served the new session at
// the same address, reconnect to it. The old session is closed; the
// player view and the LAN table, whose seats name the old fight's
// figures, are closed too.
func (c *Console) switchTo(s *session.Session, path string) error {
	past, events, cancel := s.Subscribe(1024)
	fold, err := session.NewFold(past)
	if err != nil {
		cancel()
		return err
	}
	if !c.opts.Manual {
		c.library.autosave(true)
	}
	if err := c.serve(s); err != nil {
		cancel()
		return err
	}
	c.timeline.drop()
	c.cancel()
	if c.ownS {
		c.s.Close()
	}
	c.closePlayerView()
	for _, ed := range c.editors {
		ed.Stop()
	}
	if c.table != nil {
		c.table.srv.Close()
		c.table = nil
		for _, seat := range c.opts.Access.Players() {
			c.opts.Access.RevokeSeat(seat)
		}
	}
	c.s, c.fold, c.state, c.events, c.cancel, c.ownS = s, fold, fold.State, events, cancel, true
	c.gen++
	c.library.path = path
	c.library.showTable()
	c.log.rebuild(c.fold)
	c.win.SetTitle(windowTitle(c.state))
	c.refresh()
	c.sheets.newSheet() // nothing of the old fight's sheets stays in the form
	if !c.opts.Manual {
		go c.pump(events, c.gen)
	}
	return nil
}

// serve serves s to the map windows in place of the session served now:
// at the same address when it is free again, else at a new one, to which
// the Judge's map window is restarted.
func (c *Console) serve(s *session.Session) error {
	old := c.opts.Server
	if old == nil {
		return nil
	}
	addr := old.Addr().String()
	old.Close()
	srv, err := transport.Serve(s, addr, c.opts.Access, nil)
	if err != nil {
		if srv, err = transport.Serve(s, "127.0.0.1:0", c.opts.Access, nil); err != nil {
			return fmt.Errorf("serve the fight to the map windows: %w", err)
		}
	}
	c.opts.Server = srv
	if srv.URL() == c.opts.Address {
		return nil
	}
	c.opts.Address = srv.URL()
	if p := c.opts.MapWindow; p != nil {
		for i := range p.Args {
			if i > 0 && p.Args[i-1] == "--addr" {
				p.Args[i] = srv.URL()
			}
		}
		if p.Running() {
			p.Stop()
			go func() {
				for p.Running() {
					time.Sleep(50 * time.Millisecond)
				}
				fyne.Do(c.openMap)
			}()
		}
	}
	return nil
}

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

// menu is the console's main menu.
func (c *Console) menu() *fyne.MainMenu {
	// Quit asks about unsaved changes first; being the menu's own quit
	// item, Fyne adds none that would quit at once.
	quit := fyne.NewMenuItem("Quit", c.quit)
	quit.IsQuit = true
	quit.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault}
	file := fyne.NewMenu("File",
		fyne.NewMenuItem("Save fight", c.library.save),
		fyne.NewMenuItem("Save fight as…", c.library.saveAs),
		fyne.NewMenuItem("Open fight…", c.library.openFight),
		fyne.NewMenuItem("Open a fight in a new console…", c.library.openFightNew),
		fyne.NewMenuItem("New fight from a map…", c.library.newFromMap),
		fyne.NewMenuItem("New map…", c.library.newMap),
		fyne.NewMenuItem("Edit a map…", c.library.editMap),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Export the log as Markdown…", func() { c.exportLog("md") }),
		fyne.NewMenuItem("Export the log as HTML…", func() { c.exportLog("html") }),
		fyne.NewMenuItemSeparator(),
		quit,
	)
	// Undo and Redo carry Fyne's own undo and redo shortcuts: the desktop
	// driver tries the main menu's shortcuts before the focused widget's,
	// so Ctrl+Z and Ctrl+Y take back the fight's last command even while
	// an entry has the focus (which would otherwise undo its typing).
	undo := fyne.NewMenuItem("Undo", c.undo)
	undo.Shortcut = &fyne.ShortcutUndo{}
	redo := fyne.NewMenuItem("Redo", c.redo)
	redo.Shortcut = &fyne.ShortcutRedo{}
	next := fyne.NewMenuItem("Next segment: count the round down one segment", c.nextSegment)
	next.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyG, Modifier: fyne.KeyModifierShortcutDefault}
	fight := fyne.NewMenu("Fight",
		next,
		fyne.NewMenuItem("Next round (roll initiative)", c.nextRound),
		undo,
		redo,
	)
	view := fyne.NewMenu("View",
		fyne.NewMenuItem("Dark or light theme (Ctrl+T)", c.toggleTheme),
		fyne.NewMenuItem("Judge's map window", c.openMap),
		fyne.NewMenuItem("Player view on monitor 2", func() { c.openPlayerView(2, true) }),
		fyne.NewMenuItem("Close the player view", c.closePlayerViewSaid),
	)
	return fyne.NewMainMenu(file, fight, view)
}

// shortcuts binds the frequent commands to keys.
func (c *Console) shortcuts() {
	cv := c.win.Canvas()
	ctrl := func(k fyne.KeyName, f func()) {
		cv.AddShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { f() })
	}
	ctrl(fyne.KeyR, c.nextRound)
	ctrl(fyne.KeyG, c.nextSegment)
	// The desktop driver turns Ctrl+Z and Ctrl+Y into Fyne's own undo and
	// redo shortcuts, never custom ones: the main menu's Undo and Redo
	// take them first (see menu); the canvas answers them too, for a
	// window without that menu.
	cv.AddShortcut(&fyne.ShortcutUndo{}, func(fyne.Shortcut) { c.undo() })
	cv.AddShortcut(&fyne.ShortcutRedo{}, func(fyne.Shortcut) { c.redo() })
	ctrl(fyne.KeyS, c.library.save)
	ctrl(fyne.KeyQ, c.quit)
	ctrl(fyne.KeyO, c.library.openFight)
	ctrl(fyne.KeyT, c.toggleTheme)
	ctrl(fyne.KeyF, func() { cv.Focus(c.log.search) })
	ctrl(fyne.KeyReturn, c.composer.do)
	ctrl(fyne.KeyEnter, c.composer.do)
	if c.opts.MapWindow != nil {
		ctrl(fyne.KeyM, c.openMap)
	}
	ctrl(fyne.KeyP, func() { c.openPlayerView(2, true) })
	tab := func(i int) func() { return func() { c.tabs.SelectIndex(i) } }
	// Alt+1…4 switch tabs even while an entry has the focus (F1–F4 only
	// reach the window when none does).
	for i, k := range []fyne.KeyName{fyne.Key1, fyne.Key2, fyne.Key3, fyne.Key4, fyne.Key5} {
		f := tab(i)
		cv.AddShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierAlt}, func(fyne.Shortcut) { f() })
	}
	keys := []fyne.KeyName{fyne.KeyF1, fyne.KeyF2, fyne.KeyF3, fyne.KeyF4, fyne.KeyF5}
	prev := cv.OnTypedKey()
	cv.SetOnTypedKey(func(e *fyne.KeyEvent) {
		if c.timelineKeys(e) {
			return
		}
		for i, k := range keys {
			if e.Name == k {
				tab(i)()
				return
			}
		}
		if prev != nil {
			prev(e)
		}
	})
}

func heading(s string) fyne.CanvasObject {
	return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

// pump applies events on the UI goroutine as the session makes them;
// once the console shows another session (gen), those still on their way
// are dropped.
func (c *Console) pump(events <-chan session.Event, gen int) {
	for e := range events {
		fyne.Do(func() {
			if c.gen == gen {
				c.apply(e)
			}
		})
	}
}

// Drain applies every event that has arrived; with Options.Manual, tests
// call it instead of the pump goroutine.
func (c *Console) Drain() {
	for {
		select {
		case e, ok := <-c.events:
			if !ok {
				return
			}
			c.apply(e)
		default:
			return
		}
	}
}

func (c *Console) apply(e session.Event) {
	err := c.fold.Add(e)
	if errors.Is(err, session.ErrResync) {
		// An undo reached past what the console holds: start afresh from
		// the session (events already folded in are skipped later).
		var ferr error
		if c.fold, ferr = session.NewFold(c.s.Welcome(nil)); ferr != nil {
			slog.Error("console: resync", "err", ferr)
			return
		}
		err = nil
	}
	if err != nil {
		slog.Error("console: event does not fit the state", "err", err)
		return
	}
	if c.fold.State != c.state { // an undo or redo rebuilt the state
		c.state = c.fold.State
		c.log.rebuild(c.fold)
	} else {
		c.log.add(c.fold, e)
	}
	slog.Info("log", "round", c.state.Round, "text", e.Text)
	c.refresh()
	c.timeline.liveChanged()
	if !c.opts.Manual {
		c.library.autosave(false)
	}
}

func (c *Console) refresh() {
	st := c.state
	turn := st.Turn()
	c.round.SetText(st.Name + " — " + turn.Heading)
	if turn.Segments {
		c.nextSeg.Show()
	} else {
		c.nextSeg.Hide() // the system's rounds have no segments to count
	}
	c.figures.refresh(st)
	c.track.st = st
	c.track.refresh()
	c.composer.refresh()
	c.sheets.refresh()
	c.library.refresh()
	c.updateStatus()
}

func (c *Console) updateStatus() {
	s := fmt.Sprintf("Session %s · journal %s", c.opts.Address, c.s.JournalPath())
	if p := c.opts.MapWindow; p != nil {
		switch {
		case p.Running():
			s += " · map window open"
			c.mapErr = nil
		case c.mapErr != nil:
			s += " · the map window closed: " + c.mapErr.Error() + " (Ctrl+M opens it again)"
		default:
			s += " · map window closed (Ctrl+M opens it)"
		}
	}
	c.status.SetText(s)
}

// do runs a command and reports a refusal or failure in the status bar; the
// events arrive through the subscription.
func (c *Console) do(cmd session.Command) {
	if err := c.doErr(cmd); err != nil {
		c.status.SetText(err.Error())
	}
}

// doErr runs a command and returns a refusal or failure as an error whose
// text says which.
func (c *Console) doErr(cmd session.Command) error {
	_, err := c.run(cmd)
	return err
}

// run runs a command, applies its events at once (so the console shows
// them before it answers) and returns them.
func (c *Console) run(cmd session.Command) ([]session.Event, error) {
	events, err := c.sessionDo(cmd)
	if err != nil {
		var ref *session.Refusal
		if errors.As(err, &ref) {
			return nil, errors.New("Refused: " + ref.Reason)
		}
		return nil, errors.New("Error: " + err.Error())
	}
	c.settle()
	return events, nil
}

// doWithDice runs a command; when the fight uses table dice and the
// command needs them, it asks the Judge for exactly the dice and cards the
// session lists, then runs it with them. done is told the events.
func (c *Console) doWithDice(cmd session.Command, done func([]session.Event)) {
	events, err := c.sessionDo(cmd)
	var ref *session.Refusal
	switch {
	case errors.As(err, &ref) && len(ref.Needs) > 0 && len(cmd.Dice) == 0 && len(cmd.Cards) == 0:
		c.askDice(cmd, ref, done)
		return
	case errors.As(err, &ref):
		c.status.SetText("Refused: " + ref.Reason)
		return
	case err != nil:
		c.status.SetText("Error: " + err.Error())
		return
	}
	c.settle()
	if done != nil {
		done(events)
	}
}

// settle applies a command's events at once when the console is driven by
// hand (tests); otherwise the pump applies them in order.
func (c *Console) settle() {
	if c.opts.Manual {
		c.Drain()
	}
}

// askDice is the table-dice dialog: what to roll, and fields for the dice
// and the cards.
func (c *Console) askDice(cmd session.Command, ref *session.Refusal, done func([]session.Event)) {
	needs := widget.NewLabel("Roll at the table:\n• " + strings.Join(ref.Needs, "\n• "))
	needs.Wrapping = fyne.TextWrapWord
	dice := widget.NewEntry()
	dice.SetPlaceHolder("the dice in order, as 9 2 7")
	cards := widget.NewEntry()
	cards.SetPlaceHolder("the cards drawn, as Q♠ 10H")
	msg := widget.NewLabel("")
	msg.Wrapping = fyne.TextWrapWord
	content := container.NewVBox(needs, widget.NewForm(widget.NewFormItem("Dice", dice), widget.NewFormItem("Cards", cards)), msg)
	var d dialog.Dialog
	submit := func() {
		var ds []int
		for _, f := range strings.FieldsFunc(dice.Text, func(r rune) bool { return r == ' ' || r == ',' }) {
			n, err := strconv.Atoi(f)
			if err != nil || n < 1 || n > 100 {
				msg.SetText(fmt.Sprintf("%q is not a die's face.", f))
				return
			}
			ds = append(ds, n)
		}
		with := cmd
		with.Dice, with.Cards = ds, strings.Fields(cards.Text)
		if len(ds) == 0 && len(with.Cards) == 0 {
			msg.SetText("Type the dice rolled (and the cards drawn, if any).")
			return
		}
		events, err := c.sessionDo(with)
		if err != nil {
			msg.SetText("Refused: " + err.Error() + " — check the dice and cards and try again.")
			return
		}
		d.Hide()
		c.settle()
		if done != nil {
			done(events)
		}
	}
	d = dialog.NewCustomConfirm("Table dice", "Use these", "Cancel", content, func(ok bool) {
		if ok {
			submit()
		}
	}, c.win)
	d.Resize(fyne.NewSize(560, 320))
	d.Show()
}

func (c *Console) nextRound() {
	if c.declaring() {
		c.askDeclarations()
		return
	}
	c.doWithDice(session.Command{Kind: session.CommandNewRound}, nil)
}

// nextSegment counts the round down to the next segment where someone may
// act (the session's next_segment, one log line).
func (c *Console) nextSegment() {
	c.doWithDice(session.Command{Kind: session.CommandSegment}, nil)
}

func (c *Console) undo() { c.do(session.Command{Kind: session.CommandUndo}) }

func (c *Console) redo() { c.do(session.Command{Kind: session.CommandRedo}) }

func (c *Console) openMap() {
	p := c.opts.MapWindow
	if p == nil {
		c.status.SetText("No map window program (hexslinger-map) was found.")
		return
	}
	if p.Running() {
		c.status.SetText("The map window is already open.")
		return
	}
	if err := p.Start(); err != nil {
		c.status.SetText("Could not open the map window: " + err.Error())
		return
	}
	c.updateStatus()
}

// openPlayerView opens the players' map view on a monitor: a seat that
// commands the players' side and sees what players see.
func (c *Console) openPlayerView(monitor int, fullscreen bool) {
	if c.opts.MapBin == "" || c.opts.Access == nil {
		c.status.SetText("No map window program (hexslinger-map) was found.")
		return
	}
	if c.player != nil && c.player.Running() {
		c.status.SetText("The player view is already open.")
		return
	}
	// The table seat commands the players' side as it stands when each
	// command arrives: never the Judge's figures, never a hidden one. A
	// seat of an earlier player view is revoked.
	c.opts.Access.RevokeSeat(c.tableSeat)
	seat := c.opts.Access.AddSide("Table", c.state.Options.Players())
	c.tableSeat = seat
	args := []string{"--addr", c.opts.Address, "--view", "player", "--monitor", strconv.Itoa(max(1, monitor))}
	if fullscreen {
		args = append(args, "--fullscreen")
	} else {
		args = append(args, "--windowed")
	}
	c.player = &MapProcess{Bin: c.opts.MapBin, Args: args, Env: []string{"HEXSLINGER_TOKEN=" + seat.Token()}}
	if err := c.player.Start(); err != nil {
		c.status.SetText("Could not open the player view: " + err.Error())
		return
	}
	c.status.SetText(playerViewOpened(monitor))
}

func (c *Console) closePlayerView() {
	if c.player != nil {
		c.player.Stop()
	}
	if c.opts.Access != nil {
		c.opts.Access.RevokeSeat(c.tableSeat)
		c.tableSeat = nil
	}
}

// openTable serves the session on the LAN over TLS.
func (c *Console) openTable() error {
	cfg, fp, err := transport.SelfSigned()
	if err != nil {
		return fmt.Errorf("make the table's certificate: %w", err)
	}
	srv, err := transport.Serve(c.s, ":0", c.opts.Access, cfg)
	if err != nil {
		return err
	}
	port := srv.Addr().(*net.TCPAddr).Port
	t := &lanTable{srv: srv, host: transport.LANAddress(port), fingerprint: fp}
	c.table = t
	// The browser's map is read and compressed off the window's
	// goroutine (megabytes, about a second).
	go func() {
		line := serveWebApp(srv, c.opts.WebDir, t.host)
		fyne.Do(func() {
			t.web = line
			if c.table == t {
				c.status.SetText(line)
			}
		})
	}()
	return nil
}

// highlight marks figures on the map windows (a log entry picked).
func (c *Console) highlight(ids []string) {
	c.s.Highlight(ids)
	if len(ids) > 0 {
		c.figures.pick(ids[0])
	}
}

// exportLog saves the log as shown (filtered) as Markdown or HTML.
func (c *Console) exportLog(format string) {
	kind := map[string]string{"md": "Markdown", "html": "HTML pages"}[format]
	q := fileQuestion{save: true, title: "Export the log", name: slug(c.state.Name) + "-log." + format, kind: kind, suffixes: []string{"." + format}}
	askFile(c.win, q, func(path string) {
		text := c.log.markdown(c.state.Name)
		if format == "html" {
			text = c.log.html(c.state.Name)
		}
		if err := hexmap.WriteFileAtomic(path, []byte(text)); err != nil {
			dialog.ShowError(fmt.Errorf("export the log: %w", err), c.win)
			return
		}
		c.status.SetText("Exported the log to " + path)
	})
}

// lastSeq is the number of the last event the console has folded in.
func (c *Console) lastSeq() int {
	if n := len(c.fold.Events); n > 0 {
		return c.fold.Events[n-1].Seq
	}
	return 0
}

// Say shows the Judge a line about the fight: in the status bar and
// under the Fight tab's files.
func (c *Console) Say(text string) {
	text = strings.ToUpper(text[:1]) + text[1:]
	c.status.SetText(text)
	c.library.saved.SetText(text)
}

// State is the console's view of the fight.
func (c *Console) State() *session.State { return c.state }

// LogTexts returns the log's sentences as shown, oldest first.
func (c *Console) LogTexts() []string { return c.log.texts() }

// Close ends the subscription and stops the map windows and the table.
func (c *Console) Close() {
	if c.closed {
		return
	}
	c.closed = true
	c.timeline.leave()
	if !c.opts.Manual {
		c.library.autosave(true)
	}
	c.cancel()
	if c.ownS {
		c.s.Close()
		if c.opts.Server != nil {
			c.opts.Server.Close()
		}
	}
	if c.opts.MapWindow != nil {
		c.opts.MapWindow.Stop()
	}
	c.closePlayerView()
	for _, ed := range c.editors {
		ed.Stop()
	}
	if c.table != nil {
		c.table.srv.Close()
	}
	if c.library.board != nil {
		c.library.board.close() // its codes died with the table
	}
}
