package console

import (
	"fmt"
	"html"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
)

// logEntry is one event of the log with where in the fight it happened.
type logEntry struct {
	round, segment int
	event          session.Event
	figures        []string // the figures it names, by id
}

// logRow is one line of the shown log: a round-and-segment heading, or an
// entry (index into entries).
type logRow struct {
	heading string
	entry   int
}

// logPanel is the action log: the recent events as sentences with their
// numbers, grouped by round and segment, filtered by figure and searched.
// It shows the events the console's fold holds (its state's log, a few
// hundred), not every event of a long fight: the Timeline tab reads the
// rest from the journal.
type logPanel struct {
	entries []logEntry
	older   bool // the fight has older entries than those shown
	rows    []logRow
	names   map[string]string // figure id → name, for the filter
	figure  string            // the filter's figure id, "" for all
	query   string

	list *widget.List
	// The rows' heights, measured at the list's width so that the list
	// knows how tall all of it is (not only the rows it has drawn) and
	// its bottom is the newest entry's bottom.
	measure *widget.Label
	width   float32
	heights map[string]float32 // by row text ("\x00" first for a heading)
	filter  *widget.Select
	search  *widget.Entry
	count   *widget.Label
	box     fyne.CanvasObject
	// onSelect is told the figures of an entry the Judge picks.
	onSelect func(ids []string)
	// onExport asks for a file to export to ("md" or "html").
	onExport func(format string)
}

const allFigures = "All figures"

func newLogPanel() *logPanel {
	p := &logPanel{names: map[string]string{}, heights: map[string]float32{}}
	p.measure = widget.NewLabel("")
	p.measure.Wrapping = fyne.TextWrapWord
	p.list = widget.NewList(
		func() int { return len(p.rows) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("R1 · S20")
			l.Wrapping = fyne.TextWrapWord
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			r := p.rows[i]
			if r.heading != "" {
				l.TextStyle = fyne.TextStyle{Bold: true}
				l.SetText(r.heading)
			} else {
				l.TextStyle = fyne.TextStyle{}
				l.SetText(p.entries[r.entry].event.Text)
			}
		},
	)
	p.list.OnSelected = func(i widget.ListItemID) {
		if i < len(p.rows) && p.rows[i].heading == "" && p.onSelect != nil {
			p.onSelect(p.entries[p.rows[i].entry].figures)
		}
	}
	p.filter = widget.NewSelect([]string{allFigures}, func(s string) {
		p.figure = ""
		for id, n := range p.names {
			if n == s {
				p.figure = id
			}
		}
		p.showFollowing(p.atBottom())
	})
	p.search = widget.NewEntry()
	p.search.SetPlaceHolder("Search the log (Ctrl+F)")
	p.search.OnChanged = func(s string) { p.query = strings.ToLower(strings.TrimSpace(s)); p.showFollowing(p.atBottom()) }
	p.count = widget.NewLabel("")
	p.filter.SetSelected(allFigures)
	export := widget.NewButton("Export…", func() {
		if p.onExport != nil {
			p.onExport("md")
		}
	})
	exportHTML := widget.NewButton("HTML…", func() {
		if p.onExport != nil {
			p.onExport("html")
		}
	})
	top := container.NewBorder(nil, nil, p.filter, container.NewHBox(export, exportHTML), p.search)
	list := container.New(followLayout{p}, p.list)
	p.box = container.NewBorder(container.NewVBox(heading("Action log"), top), p.count, nil, nil, list)
	return p
}

// rebuild shows the log of f's state afresh (at start, after an undo or
// redo, a resync), its first entries under the round and segment where
// the fold's log begins.
func (p *logPanel) rebuild(f *session.Fold) {
	st := f.State
	p.entries = p.entries[:0]
	p.older = f.Older()
	round, seg := f.Start()
	segmented := st.Turn().Segments
	for _, e := range st.Log {
		switch e.Kind {
		case session.EventRoundStarted:
			round, seg = e.Round, 20
		case session.EventSegment:
			seg = e.Segment
		}
		if !segmented {
			seg = 0 // the system's rounds have no segments
		}
		p.entries = append(p.entries, logEntry{round: round, segment: seg, event: e, figures: eventFigures(e)})
	}
	p.setNames(st)
	p.showFollowing(true)
}

// add appends event e, if f's state has just applied it (not one the
// fold or the log had already: a fresh copy of the fight covers the
// events after the one that asked for it), and lets go of the entries the
// fold's log no longer holds.
func (p *logPanel) add(f *session.Fold, e session.Event) {
	st := f.State
	if n := len(st.Log); n == 0 || st.Log[n-1].Seq != e.Seq {
		return
	}
	if n := len(p.entries); n > 0 && p.entries[n-1].event.Seq >= e.Seq {
		return
	}
	follow := p.atBottom() // before the rows change
	seg := st.Segment
	if !st.Turn().Segments {
		seg = 0 // the system's rounds have no segments
	}
	p.entries = append(p.entries, logEntry{round: st.Round, segment: seg, event: e, figures: eventFigures(e)})
	first := st.Log[0].Seq
	drop := 0
	for drop < len(p.entries) && p.entries[drop].event.Seq < first {
		drop++
	}
	if drop > 0 {
		p.entries = append(p.entries[:0:0], p.entries[drop:]...)
	}
	p.older = f.Older()
	p.setNames(st)
	p.showFollowing(follow)
}

// followLayout lays the log's list out over its whole space, measuring its
// rows at the new width and keeping it at the bottom if it was there.
type followLayout struct{ p *logPanel }

// Layout sizes the list to size.
func (l followLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	p := l.p
	follow := p.atBottom()
	p.list.Move(fyne.NewPos(0, 0))
	p.list.Resize(size)
	if size.Width != p.width {
		p.setHeights()
	}
	if follow {
		p.list.ScrollToBottom()
	}
}

// MinSize is the list's.
func (l followLayout) MinSize(objs []fyne.CanvasObject) fyne.Size { return l.p.list.MinSize() }

// atBottom reports whether the log shows its last row: it follows new
// entries then, and stays where the Judge scrolled back to otherwise. A
// log not yet laid out starts at its newest entry.
func (p *logPanel) atBottom() bool {
	h := p.list.Size().Height
	if h <= 0 || p.width <= 0 {
		return true
	}
	return p.list.GetScrollOffset()+h >= p.contentHeight()-1
}

// contentHeight is the height of all the log's rows, as the list lays
// them out.
func (p *logPanel) contentHeight() float32 {
	if len(p.rows) == 0 {
		return 0
	}
	sep := p.list.Theme().Size(theme.SizeNamePadding)
	var h float32
	for i := range p.rows {
		h += p.rowHeight(i) + sep
	}
	return h - sep
}

// rowText is row i's text and whether it is a heading.
func (p *logPanel) rowText(i int) (string, bool) {
	if r := p.rows[i]; r.heading != "" {
		return r.heading, true
	}
	return p.entries[p.rows[i].entry].event.Text, false
}

// rowHeight is row i's height at the list's width, wrapped as the list
// wraps it.
func (p *logPanel) rowHeight(i int) float32 {
	text, bold := p.rowText(i)
	key := text
	if bold {
		key = "\x00" + text
	}
	if h, ok := p.heights[key]; ok {
		return h
	}
	p.measure.TextStyle = fyne.TextStyle{Bold: bold}
	p.measure.Text = text
	p.measure.Resize(fyne.NewSize(p.width, p.measure.MinSize().Height))
	p.measure.Refresh()
	h := p.measure.MinSize().Height
	p.heights[key] = h
	return h
}

// setHeights tells the list every row's height at its width (it knew
// only the rows it had drawn, so it scrolled short of a tall newest one).
func (p *logPanel) setHeights() {
	if w := p.list.Size().Width; w != p.width {
		p.width = w
		clear(p.heights)
	}
	if p.width <= 0 {
		return
	}
	for i := range p.rows {
		p.list.SetItemHeight(i, p.rowHeight(i))
	}
}

// showFollowing shows the rows anew, and the newest if follow.
func (p *logPanel) showFollowing(follow bool) {
	p.show()
	if follow {
		p.list.ScrollToBottom()
	}
}

// setNames refreshes the filter's figures.
func (p *logPanel) setNames(st *session.State) {
	opts := []string{allFigures}
	for _, id := range st.Order {
		n := st.FigureName(id)
		p.names[id] = n
		opts = append(opts, n)
	}
	p.filter.Options = opts
	p.filter.Refresh()
}

// eventFigures are the figures an event is about.
func eventFigures(e session.Event) []string {
	var ids []string
	add := func(id string) {
		if id != "" && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	add(e.Figure)
	for _, c := range e.Changes {
		add(c.Figure)
	}
	for _, f := range e.Placed {
		add(f.ID)
	}
	return ids
}

// matches reports whether an entry passes the filter and the search.
func (p *logPanel) matches(en logEntry) bool {
	if p.figure != "" && !slices.Contains(en.figures, p.figure) {
		return false
	}
	return p.query == "" || strings.Contains(strings.ToLower(en.event.Text), p.query)
}

// show lays the rows out: the entries that match, under a heading at each
// new round and segment.
func (p *logPanel) show() {
	p.rows = p.rows[:0]
	last := ""
	n := 0
	for i, en := range p.entries {
		if !p.matches(en) {
			continue
		}
		h := fmt.Sprintf("Round %d · segment %d", en.round, en.segment)
		if en.segment == 0 {
			h = fmt.Sprintf("Round %d", en.round)
		}
		if h != last {
			p.rows = append(p.rows, logRow{heading: h})
			last = h
		}
		p.rows = append(p.rows, logRow{entry: i})
		n++
	}
	entries := map[bool]string{true: "entry", false: "entries"}[len(p.entries) == 1]
	switch {
	case p.older && n == len(p.entries):
		p.count.SetText(fmt.Sprintf("The last %d %s (older ones: Timeline, F5)", n, entries))
	case p.older:
		p.count.SetText(fmt.Sprintf("%d of the last %d %s shown (older ones: Timeline, F5)", n, len(p.entries), entries))
	case n == len(p.entries):
		p.count.SetText(fmt.Sprintf("%d %s", n, entries))
	default:
		p.count.SetText(fmt.Sprintf("%d of %d %s shown", n, len(p.entries), entries))
	}
	p.setHeights()
	p.list.Refresh()
}

// texts returns the shown entries' sentences, each with its round, oldest
// first.
func (p *logPanel) texts() []string {
	var out []string
	for _, r := range p.rows {
		if r.heading == "" {
			en := p.entries[r.entry]
			out = append(out, fmt.Sprintf("R%d · %s", en.round, en.event.Text))
		}
	}
	return out
}

// markdown is the shown log as Markdown: a heading per round, a line per
// segment, an item per entry.
func (p *logPanel) markdown(title string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s — action log\n", title)
	round, seg := 0, 0
	for _, r := range p.rows {
		if r.heading != "" {
			continue
		}
		en := p.entries[r.entry]
		if en.round != round {
			round, seg = en.round, 0
			fmt.Fprintf(&b, "\n## Round %d\n", round)
		}
		if en.segment != seg && en.segment > 0 {
			seg = en.segment
			fmt.Fprintf(&b, "\n### Segment %d\n\n", seg)
		}
		fmt.Fprintf(&b, "- %s\n", en.event.Text)
	}
	return b.String()
}

// html is the shown log as a standalone HTML page.
func (p *logPanel) html(title string) string {
	var b strings.Builder
	t := html.EscapeString(title)
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%s — action log</title>\n", t)
	b.WriteString("<style>body{font-family:sans-serif;max-width:50em;margin:2em auto}h2{border-bottom:1px solid #999}li{margin:.3em 0}</style></head><body>\n")
	fmt.Fprintf(&b, "<h1>%s — action log</h1>\n", t)
	round, seg, open := 0, 0, false
	closeList := func() {
		if open {
			b.WriteString("</ul>\n")
			open = false
		}
	}
	for _, r := range p.rows {
		if r.heading != "" {
			continue
		}
		en := p.entries[r.entry]
		if en.round != round {
			closeList()
			round, seg = en.round, 0
			fmt.Fprintf(&b, "<h2>Round %d</h2>\n", round)
		}
		if en.segment != seg && en.segment > 0 {
			closeList()
			seg = en.segment
			fmt.Fprintf(&b, "<h3>Segment %d</h3>\n", seg)
		}
		if !open {
			b.WriteString("<ul>\n")
			open = true
		}
		fmt.Fprintf(&b, "<li>%s</li>\n", html.EscapeString(en.event.Text))
	}
	closeList()
	b.WriteString("</body></html>\n")
	return b.String()
}
