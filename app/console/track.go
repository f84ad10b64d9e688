package console

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
)

// Track colours: the current segment, a figure that may act, one that
// must wait, one that is out of the fight.
var (
	trackNow     = color.NRGBA{R: 0xf2, G: 0xc1, B: 0x2e, A: 0xff}
	trackMayAct  = color.NRGBA{R: 0x2e, G: 0x9d, B: 0x4f, A: 0xff}
	trackWaiting = color.NRGBA{R: 0x3d, G: 0x6f, B: 0xb8, A: 0xff}
	trackOut     = color.NRGBA{R: 0x88, G: 0x88, B: 0x88, A: 0xff}
	trackOutlaw  = color.NRGBA{R: 0xb8, G: 0x3d, B: 0x3d, A: 0xff}
)

// trackPanel is the round's track, in the fight's system's own turn model
// (session.State.Turn): TWTW's segments 20 → 1 with each figure's token at
// its initiative number (its AP left, as it pays), the current one
// marked; Savage Worlds' dealt cards in order; the initiative order of
// Dragon Warriors II and Lead and Chrome; Fudge's one simultaneous round.
type trackPanel struct {
	st    *session.State
	cols  *fyne.Container
	who   *widget.Label
	box   fyne.CanvasObject
	turn  session.Turn
	slots []*fyne.Container // the tokens at each step, in the turn's order
}

func newTrackPanel(st *session.State) *trackPanel {
	p := &trackPanel{st: st, cols: container.NewStack()}
	p.who = widget.NewLabel("")
	p.who.Truncation = fyne.TextTruncateEllipsis
	// A fixed height: the console below does not jump as tokens stack.
	room := canvas.NewRectangle(color.Transparent)
	room.SetMinSize(fyne.NewSize(0, 28+trackRows*23))
	p.box = container.NewBorder(nil, p.who, nil, nil, container.NewStack(room, p.cols))
	p.refresh()
	return p
}

// refresh redraws the track from the state.
func (p *trackPanel) refresh() {
	p.turn = p.st.Turn()
	grid := container.New(evenColumns{})
	p.slots = p.slots[:0]
	for _, step := range p.turn.Steps {
		slot := container.NewVBox()
		// Three tokens a step at most, so that the track keeps its
		// height: more show as "+N".
		for i, id := range step.Figures {
			if i == trackRows-1 && len(step.Figures) > trackRows {
				slot.Add(p.more(len(step.Figures) - i))
				break
			}
			slot.Add(p.token(p.st.Figures[id]))
		}
		p.slots = append(p.slots, slot)
		bg := canvas.NewRectangle(color.Transparent)
		head := canvas.NewText(step.Label, theme.Color(theme.ColorNameForeground))
		head.Alignment = fyne.TextAlignCenter
		if step.Now {
			bg.FillColor = trackNow
			head.Color = color.Black
			head.TextStyle.Bold = true
		}
		cell := container.NewStack(bg, container.NewPadded(head))
		grid.Add(container.NewBorder(cell, nil, nil, nil, slot))
	}
	p.cols.Objects = []fyne.CanvasObject{grid}
	p.who.SetText(p.turn.Line)
	p.cols.Refresh()
}

// trackRows is how many chips a step shows.
const trackRows = 3

// more is the chip standing for n more figures at one step.
func (p *trackPanel) more(n int) fyne.CanvasObject {
	t := canvas.NewText(fmt.Sprintf("+%d", n), theme.Color(theme.ColorNameForeground))
	t.Alignment = fyne.TextAlignCenter
	return container.NewStack(t)
}

// token is a figure's chip on the track: its initials on its state's
// colour.
func (p *trackPanel) token(f *session.Figure) fyne.CanvasObject {
	c := trackWaiting
	switch {
	case !p.st.Body(f.ID).Able:
		c = trackOut
	case p.st.MayAct(f.ID):
		c = trackMayAct
	case f.Side != "posse" && f.Side != "":
		c = trackOutlaw
	}
	bg := canvas.NewRectangle(c)
	bg.CornerRadius = 4
	t := canvas.NewText(p.st.FigureInitials(f.ID), color.White)
	t.TextStyle.Bold = true
	t.Alignment = fyne.TextAlignCenter
	return container.NewStack(bg, t)
}

// evenColumns lays its objects out side by side in equal widths, as a
// grid of one row does, but asks only trackColumn a column: twenty
// segments shrink with the console rather than widen it.
type evenColumns struct{}

// trackColumn is the narrowest a track column asks for: room for "20" or
// a figure's initials.
const trackColumn = 30

// MinSize is trackColumn a column by the tallest object.
func (evenColumns) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var h float32
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(float32(len(objs))*trackColumn, h)
}

// Layout gives each object an equal share of the width.
func (evenColumns) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) == 0 {
		return
	}
	w := size.Width / float32(len(objs))
	for i, o := range objs {
		o.Move(fyne.NewPos(float32(i)*w, 0))
		o.Resize(fyne.NewSize(w, size.Height))
	}
}

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	out := ""
	for i, x := range xs[:len(xs)-1] {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out + " and " + xs[len(xs)-1]
}
