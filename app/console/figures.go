package console

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
)

// figuresPanel is the table of figures (name, side, where each stands in
// the round in its system's terms, hex, facing, condition) and the wound
// diagram of the one picked.
type figuresPanel struct {
	st     *session.State
	table  *widget.Table
	picked string
	wounds *fyne.Container
	box    fyne.CanvasObject
	// cols are the table's columns, the round's as the session heads
	// them (State.RoundColumns) after the figure and its side.
	cols []figureColumn
	// onPick is told the figure the Judge picks in the table.
	onPick func(id string)
	// onHide hides the figure from the players (hide) or shows it to
	// them again: the session's hide and reveal commands.
	onHide func(id string, hide bool)
}

// figureColumn is a column of the figures table: its heading, its width
// and the text of figure f's cell.
type figureColumn struct {
	title string
	width float32
	text  func(st *session.State, f *session.Figure) string
}

// The table's columns before and after the round's (roundColumns).
var (
	figureLeading = []figureColumn{
		{"Figure", 175, func(st *session.State, f *session.Figure) string { return st.FigureName(f.ID) }},
		{"Side", 80, func(_ *session.State, f *session.Figure) string { return f.Side }},
	}
	figureTrailing = []figureColumn{
		{"Hex", 50, func(st *session.State, f *session.Figure) string { return st.Map.Label(f.At) }},
		{"Facing", 64, func(st *session.State, f *session.Figure) string { return st.Map.Orientation.SideNames()[f.Facing] }},
		{"State", 280, func(st *session.State, f *session.Figure) string { return statusLine(st.Body(f.ID), f.Prone) }},
		{"Players", 76, func(_ *session.State, f *session.Figure) string {
			if f.Hidden {
				return "hidden"
			}
			return "see it"
		}},
	}
)

// figureColumns are the table's columns for state st: the figure, its
// side, where it stands in the round as its system heads it ("AP" and
// "Init", "Card", "Initiative", or nothing), its hex, facing, state and
// whether the players see it.
func figureColumns(st *session.State) []figureColumn {
	cols := append([]figureColumn(nil), figureLeading...)
	for i, h := range st.RoundColumns() {
		cols = append(cols, figureColumn{title: h, width: roundWidth(st, h, i), text: func(st *session.State, f *session.Figure) string {
			if cells := st.RoundCells(f.ID); i < len(cells) {
				return cells[i]
			}
			return ""
		}})
	}
	return append(cols, figureTrailing...)
}

// roundWidth is the width of round column i headed h: its heading's or
// its widest cell's ("black Joker"), whichever is wider.
func roundWidth(st *session.State, h string, i int) float32 {
	size := theme.TextSize()
	w := fyne.MeasureText(h, size, fyne.TextStyle{Bold: true}).Width
	for _, id := range st.Order {
		if cells := st.RoundCells(id); i < len(cells) {
			w = max(w, fyne.MeasureText(cells[i], size, fyne.TextStyle{}).Width)
		}
	}
	return max(40, w+2*theme.Padding()+8)
}

func newFiguresPanel(st *session.State) *figuresPanel {
	p := &figuresPanel{st: st, wounds: container.NewVBox(), cols: figureColumns(st)}
	p.table = widget.NewTable(
		func() (int, int) { return len(p.st.Order), len(p.cols) },
		func() fyne.CanvasObject {
			// A cell's text ends in an ellipsis rather than run under
			// the next column; the picked figure's whole state is below.
			l := widget.NewLabel("Miranda Valentine")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(p.cell(id.Row, id.Col))
		},
	)
	p.table.ShowHeaderRow = true
	p.table.CreateHeader = func() fyne.CanvasObject {
		return widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	p.table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Col >= 0 {
			o.(*widget.Label).SetText(p.heading(id.Col))
		}
	}
	p.setWidths()
	p.table.OnSelected = func(id widget.TableCellID) {
		if id.Row >= 0 && id.Row < len(p.st.Order) {
			p.pick(p.st.Order[id.Row])
			if p.onPick != nil {
				p.onPick(p.picked)
			}
		}
	}
	split := container.NewVSplit(p.table, container.NewVScroll(p.wounds))
	split.Offset = 0.45
	p.box = split
	if len(st.Order) > 0 {
		p.pick(st.Order[0])
	}
	return p
}

// setWidths sets each column's width.
func (p *figuresPanel) setWidths() {
	for i, c := range p.cols {
		p.table.SetColumnWidth(i, c.width)
	}
}

// heading is column col's heading.
func (p *figuresPanel) heading(col int) string {
	if col < 0 || col >= len(p.cols) {
		return ""
	}
	return p.cols[col].title
}

// cell is the text of one table cell.
func (p *figuresPanel) cell(row, col int) string {
	if row < 0 || row >= len(p.st.Order) || col < 0 || col >= len(p.cols) {
		return ""
	}
	return p.cols[col].text(p.st, p.st.Figures[p.st.Order[row]])
}

// refresh follows the state.
func (p *figuresPanel) refresh(st *session.State) {
	p.st = st
	p.cols = figureColumns(st)
	p.setWidths()
	p.table.Refresh()
	if _, ok := st.Figures[p.picked]; !ok {
		p.picked = ""
		if len(st.Order) > 0 {
			p.picked = st.Order[0]
		}
	}
	p.pick(p.picked)
}

// Wound colours by wounds at a site.
var (
	woundNone     = color.NRGBA{R: 0xd8, G: 0xe4, B: 0xd0, A: 0xff}
	woundLight    = color.NRGBA{R: 0xf2, G: 0xd3, B: 0x5b, A: 0xff}
	woundHeavy    = color.NRGBA{R: 0xe8, G: 0x8a, B: 0x3a, A: 0xff}
	woundDisabled = color.NRGBA{R: 0xb3, G: 0x22, B: 0x22, A: 0xff}
)

// pick shows the harm of figure id as its system counts it (State.Body):
// its line (condition, where it stands in the round, the sheet's numbers
// the harm reads against, its mark), its tracks (TWTW's Conc, Dragon
// Warriors II's wounds against Toughness, Savage Worlds' Wounds, Fudge's
// wound track) and, where the system has them, its hit locations
// coloured by wounds.
func (p *figuresPanel) pick(id string) {
	p.picked = id
	p.wounds.RemoveAll()
	f, ok := p.st.Figures[id]
	if !ok {
		return
	}
	ch := p.st.Characters[f.Character]
	b := p.st.Body(id)
	line := ch.Name + " — " + b.Condition
	if at := p.st.Standing(id); at != "" {
		line += " · " + at // "8 AP left", "card Q♣": the system's terms
	}
	for _, fact := range b.Facts {
		line += " · " + fact
	}
	if m := p.st.Mark(f.ID); m.Label != "" {
		line += " · " + m.Label // the system's mark: a Savage Worlds figure's Bennies
	}
	cond := widget.NewLabelWithStyle(line, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	gearText := "No weapons."
	if arms := p.st.WeaponsOf(id); len(arms) > 0 { // in the system's words, from its sheet
		gearText = "Weapons: " + joinAnd(arms) + "."
	}
	gl := widget.NewLabel(gearText)
	gl.Wrapping = fyne.TextWrapWord
	seen := "The players see " + ch.Name + "."
	label, hide := "Hide from the players", true
	if f.Hidden {
		seen = "Hidden: the players do not see " + ch.Name + "."
		label, hide = "Show to the players", false
	}
	hideBtn := widget.NewButton(label, func() {
		if p.onHide != nil {
			p.onHide(id, hide)
		}
	})
	// The tracks first, under the figure's line: they read without
	// scrolling whatever the window's height; the hit locations below.
	p.wounds.Add(cond)
	for _, t := range b.Tracks {
		if len(t.Steps) > 0 {
			p.wounds.Add(stepsBar(t))
		} else {
			p.wounds.Add(harmBar(t.Text, t.Taken, t.Of))
		}
	}
	p.wounds.Add(container.NewBorder(nil, nil, nil, hideBtn, widget.NewLabel(seen)))
	if body := sitesGrid(b.Sites); body != nil {
		p.wounds.Add(container.NewGridWrap(fyne.NewSize(330, 170), body))
	}
	p.wounds.Add(gl)
	p.wounds.Refresh()
}

// woundColours are the colours of a site's wounds by their severity
// (session.Site.Severity).
var woundColours = []color.NRGBA{woundNone, woundLight, woundHeavy, woundDisabled}

// sitesGrid lays a body's hit locations on their grid of three columns,
// each coloured by its wounds; nil for a body without any.
func sitesGrid(sites []session.Site) fyne.CanvasObject {
	if len(sites) == 0 {
		return nil
	}
	rows := 0
	for _, s := range sites {
		rows = max(rows, s.Row+1)
	}
	cells := make([]fyne.CanvasObject, 3*rows)
	for i := range cells {
		cells[i] = canvas.NewRectangle(color.Transparent)
	}
	for _, s := range sites {
		if s.Row < 0 || s.Col < 0 || s.Col > 2 {
			continue
		}
		bg := canvas.NewRectangle(woundColours[min(max(s.Severity, 0), len(woundColours)-1)])
		bg.CornerRadius = 6
		a, b := canvas.NewText(s.Name, color.Black), canvas.NewText(s.Text, color.Black)
		a.TextStyle.Bold, b.TextStyle.Bold = true, s.Wounds > 0
		a.Alignment, b.Alignment = fyne.TextAlignCenter, fyne.TextAlignCenter
		cells[3*s.Row+s.Col] = container.NewStack(bg, container.NewPadded(container.NewVBox(a, b)))
	}
	return container.NewGridWithColumns(3, cells...)
}

// harmBar is a track of harm: the harm taken filled from the left on an
// empty track, and its words ("Conc 0/14 taken", "5 wounds of Toughness
// 13"). None taken is an empty track; a track of no bound is its words
// alone.
func harmBar(text string, taken, of int) fyne.CanvasObject {
	track := canvas.NewRectangle(concTrack)
	track.StrokeColor, track.StrokeWidth, track.CornerRadius = concEdge, 2, 4
	fill := canvas.NewRectangle(concFill)
	fill.CornerRadius = 4
	frac := float32(0)
	if of > 0 {
		frac = min(1, float32(max(0, taken))/float32(of))
	}
	label := canvas.NewText(text, color.Black)
	label.TextStyle.Bold = true
	label.Alignment = fyne.TextAlignCenter
	bar := container.New(&fractionLayout{frac: frac}, track, fill)
	return container.NewStack(bar, container.NewPadded(label))
}

// stepsBar is a track of named steps of boxes (Fudge's wound levels,
// Savage Worlds' Wounds): its words, then each step's name over its
// boxes, the filled ones red.
func stepsBar(t session.Track) fyne.CanvasObject {
	title := widget.NewLabelWithStyle(t.Text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	row := container.NewHBox()
	for _, st := range t.Steps {
		boxes := container.NewHBox()
		for i := 0; i < st.Boxes; i++ {
			r := canvas.NewRectangle(concTrack)
			if i < st.Filled {
				r.FillColor = concFill
			}
			r.StrokeColor, r.StrokeWidth, r.CornerRadius = concEdge, 2, 3
			r.SetMinSize(fyne.NewSize(22, 22))
			boxes.Add(r)
		}
		name := canvas.NewText(st.Name, theme.Color(theme.ColorNameForeground))
		name.TextSize = theme.TextSize() * 0.85
		name.Alignment = fyne.TextAlignCenter
		name.TextStyle.Bold = st.Filled > 0
		// A step's name over its boxes, set apart from the next.
		row.Add(container.New(layout.NewCustomPaddedLayout(0, 0, 8, 8), container.NewVBox(name, container.NewCenter(boxes))))
	}
	return container.NewVBox(title, row)
}

// Conc track colours: a pale track, a red fill for the Conc taken.
var (
	concTrack = color.NRGBA{R: 0xe8, G: 0xe4, B: 0xdc, A: 0xff}
	concEdge  = color.NRGBA{R: 0x70, G: 0x60, B: 0x50, A: 0xff}
	concFill  = color.NRGBA{R: 0xd0, G: 0x5a, B: 0x4a, A: 0xff}
)

// fractionLayout lays its first object over the whole size and its second
// over the leading fraction of the width.
type fractionLayout struct{ frac float32 }

// MinSize is a bar's height.
func (l *fractionLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(120, 34) }

// Layout places the track and its fill.
func (l *fractionLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for i, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		if i == 0 {
			o.Resize(size)
			continue
		}
		o.Resize(fyne.NewSize(size.Width*l.frac, size.Height))
	}
}
