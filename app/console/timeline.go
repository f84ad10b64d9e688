package console

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
)

// timelineSpeeds are the play speeds, in events a second, by their label.
var timelineSpeeds = map[string]float64{"1 event/s": 1, "2 events/s": 2, "5 events/s": 5, "10 events/s": 10}

// timelineSpeedOrder is timelineSpeeds' labels in order.
var timelineSpeedOrder = []string{"1 event/s", "2 events/s", "5 events/s", "10 events/s"}

// readOnly is why a replay console refuses every command.
const readOnly = "a replay: nothing can be changed"

// timelinePanel is the fight's whole history to scrub (session.Timeline):
// a slider over every event with the rounds and segments marked, play,
// step, and the event's place and sentence. The Judge's map windows show
// the moment scrubbed to (Session.ShowReplay); the live fight goes on
// behind it, and scrubbing changes nothing in it.
type timelinePanel struct {
	c       *Console
	export  *exportPanel  // the fight as a GIF, the moment as a PNG
	table   *widget.Check // the replay shows on the players' windows too
	tl      *session.Timeline
	at      int  // the event shown
	open    bool // the Judge is on the timeline: the map windows replay
	setting bool // the slider is being set from code: no scrub

	slider  *widget.Slider
	ticks   *fyne.Container
	line    *widget.Label
	where   *widget.Label
	playBtn *widget.Button
	speed   *widget.Select
	live    *widget.Button
	box     fyne.CanvasObject

	playing  bool
	stop     chan struct{} // closes to stop the player
	logRow   int           // the log's row picked for the event shown, -1 none
	reading  bool          // the timeline is being read from the journal
	progress *widget.ProgressBar
}

func newTimelinePanel(c *Console) *timelinePanel {
	p := &timelinePanel{c: c, logRow: -1}
	p.slider = widget.NewSlider(0, 1)
	p.slider.Step = 1
	p.slider.OnChanged = func(v float64) {
		if !p.setting {
			p.show(int(v))
		}
	}
	p.ticks = container.New(&tickLayout{})
	p.where = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.line = widget.NewLabel("")
	p.line.Wrapping = fyne.TextWrapWord
	p.playBtn = widget.NewButton("Play (Space)", p.togglePlay)
	back := widget.NewButton("◀ Step back", func() { p.step(-1) })
	fwd := widget.NewButton("Step forward ▶", func() { p.step(1) })
	p.speed = widget.NewSelect(timelineSpeedOrder, nil)
	p.speed.SetSelected(timelineSpeedOrder[1])
	p.live = widget.NewButton("Back to the live fight (Esc)", p.backToLive)
	if c.opts.Replay != "" {
		p.live.Hide() // a replay has no live fight to go back to
	}
	help := widget.NewLabel("Scrub the slider (or ← →) to see the fight as it stood after any event; the Judge's map window shows that moment, read-only. The live fight goes on meanwhile: nothing here changes it.")
	if c.opts.Replay != "" {
		help.SetText("A replay of the journal " + filepath.Base(c.opts.Replay) + ": scrub the slider (or ← →) to see the fight as it stood after any event; the map window shows that moment, read-only. Nothing here changes the journal.")
	}
	help.Wrapping = fyne.TextWrapWord
	p.table = widget.NewCheck("Show it on the table monitor too (each player's window as its seat saw it then)", func(bool) { p.show(p.at) })
	controls := container.NewHBox(back, p.playBtn, fwd, widget.NewLabel("Speed"), p.speed)
	p.export = newExportPanel(p)
	p.progress = widget.NewProgressBar()
	p.progress.Hide()
	p.box = container.NewVBox(heading("Timeline"), help, p.progress, p.slider, p.ticks, controls, p.table, p.where, p.line, p.live, p.export.box)
	return p
}

// enter opens the timeline at its last event: the map windows start
// replaying. The first time, the timeline is read from the journal, off
// the UI goroutine for a live console, with a progress bar in the panel.
func (p *timelinePanel) enter() {
	if p.tl != nil || p.c.opts.Manual {
		p.entered()
		return
	}
	if p.reading {
		return
	}
	p.reading = true
	p.progress.SetValue(0)
	p.progress.Show()
	p.where.SetText("Reading the fight's timeline from its journal…")
	s, gen := p.c.s, p.c.gen
	go func() {
		tl, err := s.TimelineWith(func(v float64) { fyne.Do(func() { p.progress.SetValue(v) }) })
		fyne.Do(func() {
			p.reading = false
			p.progress.Hide()
			if gen != p.c.gen {
				return // another fight is shown now
			}
			if err != nil {
				p.c.status.SetText("Could not read the fight's timeline: " + err.Error())
				return
			}
			p.tl = tl
			if p.c.tabs.Selected() == p.c.tlTab {
				p.entered()
			}
		})
	}()
}

// entered brings the timeline up to the live fight and shows its last
// event.
func (p *timelinePanel) entered() {
	if err := p.rebuild(); err != nil {
		p.c.status.SetText("Could not read the fight's timeline: " + err.Error())
		return
	}
	p.open = true
	p.show(p.tl.Len() - 1)
}

// rebuild brings the timeline up to the session's journal (new events
// came), reading only what was written since, keeping the event shown.
func (p *timelinePanel) rebuild() error {
	if p.tl == nil {
		tl, err := p.c.s.Timeline()
		if err != nil {
			return err
		}
		p.tl = tl
	} else if err := p.c.s.GrowTimeline(p.tl); err != nil {
		return err
	}
	tl := p.tl
	p.setting = true
	p.slider.Max = float64(max(1, tl.Len()-1))
	p.slider.Refresh()
	p.setting = false
	p.showTicks()
	return nil
}

// liveChanged follows the live fight while the timeline is open: its
// length grows with each new event.
func (p *timelinePanel) liveChanged() {
	if !p.open {
		return
	}
	if err := p.rebuild(); err != nil {
		p.c.status.SetText("Could not read the fight's timeline: " + err.Error())
		return
	}
	p.show(p.at) // "of N" grows
}

// maxTickLabels is how many ticks the slider labels at most: the rest
// would overlap anyway.
const maxTickLabels = 400

// showTicks labels the slider's rounds and segments.
func (p *timelinePanel) showTicks() {
	p.ticks.RemoveAll()
	n := max(1, p.tl.Len()-1)
	lay := p.ticks.Layout.(*tickLayout)
	lay.at = lay.at[:0]
	ticks := p.tl.Ticks()
	if len(ticks) > maxTickLabels {
		// A long fight: its rounds only, and of them as many as fit.
		var rounds []session.Tick
		for _, t := range ticks {
			if t.Kind != session.EventSegment {
				rounds = append(rounds, t)
			}
		}
		ticks = rounds
		if every := len(ticks)/maxTickLabels + 1; every > 1 {
			ticks = slices.DeleteFunc(ticks, func(t session.Tick) bool { return t.Kind != session.EventOpened && t.Round%every != 0 })
		}
	}
	for _, t := range ticks {
		var s string
		bold := false
		switch t.Kind {
		case session.EventOpened:
			s = "start"
		case session.EventRoundStarted:
			s, bold = "R"+strconv.Itoa(t.Round), true
		default:
			s = strconv.Itoa(t.Segment)
		}
		l := widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: bold})
		p.ticks.Add(l)
		lay.at = append(lay.at, tickAt{frac: float64(t.Index) / float64(n), major: bold || t.Kind == session.EventOpened})
	}
	p.ticks.Refresh()
}

// show shows event i: the slider, its place and sentence, the log's entry,
// and the map windows' replay.
func (p *timelinePanel) show(i int) {
	if p.tl == nil {
		return
	}
	i = min(max(i, 0), p.tl.Len()-1)
	p.at = i
	p.setting = true
	p.slider.SetValue(float64(i))
	p.setting = false
	e, err := p.tl.Event(i)
	if err != nil {
		p.line.SetText(err.Error())
		return
	}
	turn, err := p.tl.TurnAt(i)
	if err != nil {
		p.line.SetText("This moment cannot be shown: " + err.Error())
		return
	}
	p.where.SetText(fmt.Sprintf("Event %d of %d · %s", i, p.tl.Len()-1, turn.Heading))
	text := e.Text
	if text == "" && e.Kind == session.EventOpened {
		text = "The fight opens."
	}
	p.line.SetText(text)
	p.logRow = p.c.log.pickSeq(e.Seq)
	if !p.open {
		return
	}
	m, err := p.tl.Moment(i)
	if err != nil {
		p.line.SetText("This moment cannot be shown: " + err.Error())
		return
	}
	m.Table = p.table.Checked
	if p.c.opts.Replay != "" {
		m.Journal = filepath.Base(p.c.opts.Replay) // no live fight: the windows say whose replay it is
	}
	p.c.s.ShowReplay(m)
}

// step moves the timeline d events.
func (p *timelinePanel) step(d int) { p.show(p.at + d) }

// togglePlay plays the timeline forward at the chosen speed, or pauses it.
func (p *timelinePanel) togglePlay() {
	if p.playing {
		p.pause()
		return
	}
	if p.tl == nil {
		return
	}
	if p.at >= p.tl.Len()-1 {
		p.show(0) // played to the end: play from the start
	}
	p.playing = true
	p.playBtn.SetText("Pause (Space)")
	stop := make(chan struct{})
	p.stop = stop
	every := time.Duration(float64(time.Second) / timelineSpeeds[p.speed.Selected])
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				fyne.Do(func() {
					if p.stop != stop {
						return
					}
					if p.at >= p.tl.Len()-1 {
						p.pause()
						return
					}
					p.step(1)
				})
			}
		}
	}()
}

func (p *timelinePanel) pause() {
	if p.stop != nil {
		close(p.stop)
		p.stop = nil
	}
	p.playing = false
	p.playBtn.SetText("Play (Space)")
}

// leave closes the timeline: the map windows go back to the live fight.
func (p *timelinePanel) leave() {
	p.pause()
	if p.open {
		p.open = false
		p.c.s.ShowReplay(nil)
	}
}

// drop leaves the timeline of a session the console no longer shows.
func (p *timelinePanel) drop() {
	if p.open {
		p.leave()
		p.c.tabs.SelectIndex(0)
	}
	p.tl = nil
}

// backToLive leaves the timeline for the Action tab (a replay console
// has no live fight: it stays).
func (p *timelinePanel) backToLive() {
	if p.c.opts.Replay != "" {
		p.c.status.SetText("A replay: there is no live fight to go back to.")
		return
	}
	p.leave()
	p.c.tabs.SelectIndex(0)
}

// pickSeq picks and scrolls to the log's entry of the event seq, or the
// nearest shown one before it (an undone command's events and the undos
// are not in the log), without ringing figures on the map; it returns
// the row picked, -1 when none is.
func (p *logPanel) pickSeq(seq int) int {
	row := -1
	for i, r := range p.rows {
		if r.heading == "" && p.entries[r.entry].event.Seq <= seq {
			row = i
		}
	}
	if row < 0 {
		p.list.UnselectAll()
		p.list.ScrollToTop()
		return -1
	}
	on := p.onSelect
	p.onSelect = nil
	p.list.Select(row)
	p.onSelect = on
	p.list.ScrollTo(row)
	return row
}

// timelineTab opens the timeline on entering its tab and leaves it on
// leaving.
func (c *Console) timelineTab(t *container.TabItem) {
	if t == c.tlTab {
		if !c.timeline.open {
			c.timeline.enter()
		}
		return
	}
	c.timeline.leave()
}

// timelineKeys are the timeline's keys while its tab shows: ← → step,
// Space plays or pauses, Esc goes back to the live fight. It reports
// whether it took the key.
func (c *Console) timelineKeys(e *fyne.KeyEvent) bool {
	if c.tabs.Selected() != c.tlTab {
		return false
	}
	switch e.Name {
	case fyne.KeyLeft:
		c.timeline.step(-1)
	case fyne.KeyRight:
		c.timeline.step(1)
	case fyne.KeySpace:
		c.timeline.togglePlay()
	case fyne.KeyEscape:
		c.timeline.backToLive()
	default:
		return false
	}
	return true
}

// sessionDo runs a command on the session; a replay console refuses it.
func (c *Console) sessionDo(cmd session.Command) ([]session.Event, error) {
	if c.opts.Replay != "" {
		return nil, &session.Refusal{Reason: readOnly}
	}
	return c.s.Do(cmd)
}

// tickAt places a tick label along the slider: frac of its length; a
// major one (a round) is kept over a minor one it would overlap.
type tickAt struct {
	frac  float64
	major bool
}

// tickLayout lays tick labels out under a slider, each at its place,
// hiding a label that would overlap the one before it.
type tickLayout struct{ at []tickAt }

// sliderInset is how far a slider's track starts and ends inside it.
const sliderInset = 12

func (l *tickLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	track := size.Width - 2*sliderInset
	placed := func(i int) (float32, fyne.Size) {
		ms := objs[i].MinSize()
		x := sliderInset + float32(l.at[i].frac)*track - ms.Width/2
		return min(max(0, x), size.Width-ms.Width), ms
	}
	// The majors first, then the minors where they fit between them.
	var taken [][2]float32
	free := func(x, w float32) bool {
		for _, t := range taken {
			if x < t[1]+4 && x+w+4 > t[0] {
				return false
			}
		}
		return true
	}
	for _, major := range []bool{true, false} {
		for i, o := range objs {
			if i >= len(l.at) || l.at[i].major != major {
				continue
			}
			x, ms := placed(i)
			if !free(x, ms.Width) {
				o.Hide()
				continue
			}
			o.Show()
			o.Move(fyne.NewPos(x, 0))
			o.Resize(ms)
			taken = append(taken, [2]float32{x, x + ms.Width})
		}
	}
}

func (l *tickLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(0, h)
}
