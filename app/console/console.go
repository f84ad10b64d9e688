package console

import (
	"errors"
	"fmt"
	"log/slog"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
)

// Options configure a console.
type Options struct {
	// Address is shown in the status bar: where map windows connect.
	Address string
	// MapWindow starts the Judge's map window; nil hides the button.
	MapWindow *MapProcess
	// Manual leaves event delivery to Drain (for tests); otherwise a
	// goroutine applies events as they come.
	Manual bool
}

// Console is the Judge's window over one session.
type Console struct {
	win     fyne.Window
	s       *session.Session
	opts    Options
	fold    *session.Fold
	state   *session.State
	events  <-chan session.Event
	cancel  func()
	figures *figuresPanel
	log     *logPanel
	round   *widget.Label
	status  *widget.Label
	mapBtn  *widget.Button
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
	c.figures = newFiguresPanel(st)
	c.log = newLogPanel()
	c.log.rebuild(st)
	c.round = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	c.status = widget.NewLabel("")
	c.status.Truncation = fyne.TextTruncateEllipsis

	newRound := widget.NewButton("Next round (Ctrl+R)", c.nextRound)
	nextSeg := widget.NewButton("Next segment (Ctrl+G)", func() { c.do(session.Command{Kind: session.CommandSegment}) })
	undo := widget.NewButton("Undo (Ctrl+Z)", c.undo)
	redo := widget.NewButton("Redo (Ctrl+Y)", c.redo)
	bar := container.NewHBox(c.round, nextSeg, newRound, undo, redo)
	if opts.MapWindow != nil {
		c.mapBtn = widget.NewButton("Open map window (Ctrl+M)", c.openMap)
		bar.Add(c.mapBtn)
		opts.MapWindow.OnExit = func(err error) {
			fyne.Do(func() { c.mapExited(err) })
		}
	}
	split := container.NewHSplit(
		container.NewBorder(heading("Figures"), nil, nil, nil, c.figures.table),
		container.NewBorder(heading("Action log"), nil, nil, nil, c.log.scroll),
	)
	split.Offset = 0.36
	w.SetContent(container.NewBorder(bar, c.status, nil, nil, split))
	w.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyR, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { c.nextRound() })
	w.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyG, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) {
		c.do(session.Command{Kind: session.CommandSegment})
	})
	w.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { c.undo() })
	w.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyY, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { c.redo() })
	if opts.MapWindow != nil {
		w.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyM, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { c.openMap() })
	}
	w.SetOnClosed(c.Close)
	c.refresh()
	if !opts.Manual {
		go c.pump()
	}
	return c, nil
}

func heading(s string) fyne.CanvasObject {
	return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

// pump applies events on the UI goroutine as the session makes them.
func (c *Console) pump() {
	for e := range c.events {
		fyne.Do(func() { c.apply(e) })
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
		c.figures.st = c.state
		c.log.rebuild(c.state)
	} else {
		c.log.add(c.state, e)
	}
	slog.Info("log", "round", c.state.Round, "text", e.Text)
	c.refresh()
}

func (c *Console) refresh() {
	c.round.SetText(fmt.Sprintf("%s — Round %d, segment %d", c.state.Name, c.state.Round, c.state.Segment))
	c.figures.table.Refresh()
	c.updateStatus()
}

func (c *Console) updateStatus() {
	s := fmt.Sprintf("Session %s · journal %s", c.opts.Address, c.s.JournalPath())
	if p := c.opts.MapWindow; p != nil {
		if p.Running() {
			s += " · map window open"
		} else {
			s += " · map window closed"
		}
	}
	c.status.SetText(s)
}

// do runs a command and reports a refusal or failure in the status bar and
// a dialog-free log line; the events arrive through the subscription.
func (c *Console) do(cmd session.Command) {
	if _, err := c.s.Do(cmd); err != nil {
		var ref *session.Refusal
		if errors.As(err, &ref) {
			c.status.SetText("Refused: " + ref.Reason)
		} else {
			c.status.SetText("Error: " + err.Error())
		}
	}
}

func (c *Console) nextRound() { c.do(session.Command{Kind: session.CommandNewRound}) }

func (c *Console) undo() { c.do(session.Command{Kind: session.CommandUndo}) }

func (c *Console) redo() { c.do(session.Command{Kind: session.CommandRedo}) }

func (c *Console) openMap() {
	p := c.opts.MapWindow
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

func (c *Console) mapExited(err error) {
	c.updateStatus()
	if err != nil {
		c.status.SetText("The map window closed: " + err.Error() + " (Ctrl+M opens it again)")
	}
}

// State is the console's view of the fight.
func (c *Console) State() *session.State { return c.state }

// LogTexts returns the log's sentences as shown, oldest first.
func (c *Console) LogTexts() []string { return c.log.texts() }

// Close ends the subscription and stops the map window.
func (c *Console) Close() {
	c.cancel()
	if c.opts.MapWindow != nil {
		c.opts.MapWindow.Stop()
	}
}
