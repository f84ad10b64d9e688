package console

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
	"hexslinger/rules"
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

// trackPanel is the segment track: the segments 20 → 1 of the round, the
// current one marked, each figure's token at its initiative number (its AP
// left, as it pays), and who may act now.
type trackPanel struct {
	st    *session.State
	cols  *fyne.Container
	who   *widget.Label
	box   fyne.CanvasObject
	slots [rules.Segments + 1]*fyne.Container // by AP; slot 0 holds the spent
}

func newTrackPanel(st *session.State) *trackPanel {
	p := &trackPanel{st: st, cols: container.NewGridWithColumns(rules.Segments + 1)}
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
	p.cols.RemoveAll()
	for ap := rules.Segments; ap >= 0; ap-- {
		p.slots[ap] = container.NewVBox()
	}
	// In the systems whose turns go in order, a figure stands at its place
	// in the order once initiative is rolled; before, in "done".
	ordered := !session.SystemOf(p.st).MovesCostAP()
	rolled := false
	for _, e := range p.st.Log {
		rolled = rolled || e.Kind == session.EventRoundStarted
	}
	// Three tokens a number at most, so that the track keeps its height:
	// more show as "+N".
	for _, id := range p.st.Order {
		f := p.st.Figures[id]
		ap := min(max(f.AP, 0), rules.Segments)
		if ordered && !rolled {
			ap = 0
		}
		switch n := len(p.slots[ap].Objects); {
		case n < trackRows-1:
			p.slots[ap].Add(p.token(f))
		case n == trackRows-1:
			p.slots[ap].Add(p.more(1))
		default:
			p.slots[ap].Objects[n-1] = p.more(p.extra(ap) + 1)
		}
	}
	for ap := rules.Segments; ap >= 0; ap-- {
		label := strconv.Itoa(ap)
		if ap == 0 {
			label = "done"
		}
		bg := canvas.NewRectangle(color.Transparent)
		head := canvas.NewText(label, theme.Color(theme.ColorNameForeground))
		head.Alignment = fyne.TextAlignCenter
		head.TextStyle.Bold = ap == p.st.Segment
		if ap == p.st.Segment {
			bg.FillColor = trackNow
			head.Color = color.Black
		}
		cell := container.NewStack(bg, container.NewPadded(head))
		p.cols.Add(container.NewBorder(cell, nil, nil, nil, p.slots[ap]))
	}
	var may []string
	for _, id := range p.st.Order {
		if p.st.MayAct(id) {
			may = append(may, p.st.FigureName(id))
		}
	}
	text := fmt.Sprintf("Round %d, segment %d. ", p.st.Round, p.st.Segment)
	if sys := session.SystemOf(p.st); !sys.MovesCostAP() {
		// Systems without segments: the track shows the initiative order.
		text = fmt.Sprintf("Round %d of %s: figures stand at their initiative, highest acts first; Ctrl+R rolls the next round's.", p.st.Round, sys.Name())
		if !rolled {
			text = fmt.Sprintf("%s: no initiative yet; Ctrl+R rolls the first round's.", sys.Name())
		}
		p.who.SetText(text)
		p.cols.Refresh()
		return
	}
	if len(may) == 0 {
		text += "No one may act at this segment: count down (Ctrl+G) or start the next round (Ctrl+R)."
	} else {
		text += "May act now: " + joinAnd(may) + "."
	}
	p.who.SetText(text)
	p.cols.Refresh()
}

// trackRows is how many chips a number shows.
const trackRows = 3

// more is the chip standing for n more figures at one number.
func (p *trackPanel) more(n int) fyne.CanvasObject {
	t := canvas.NewText(fmt.Sprintf("+%d", n), theme.Color(theme.ColorNameForeground))
	t.Alignment = fyne.TextAlignCenter
	return container.NewStack(t)
}

// extra is how many figures the "+N" chip at ap stands for.
func (p *trackPanel) extra(ap int) int {
	objs := p.slots[ap].Objects
	st := objs[len(objs)-1].(*fyne.Container).Objects[0].(*canvas.Text)
	n, _ := strconv.Atoi(strings.TrimPrefix(st.Text, "+"))
	return n
}

// token is a figure's chip on the track: its initials on its state's
// colour.
func (p *trackPanel) token(f *session.Figure) fyne.CanvasObject {
	ch := p.st.Characters[f.Character]
	c := trackWaiting
	switch {
	case f.Condition != rules.Fine:
		c = trackOut
	case p.st.MayAct(f.ID):
		c = trackMayAct
	case f.Side != "posse" && f.Side != "":
		c = trackOutlaw
	}
	bg := canvas.NewRectangle(c)
	bg.CornerRadius = 4
	t := canvas.NewText(ch.Initials(), color.White)
	t.TextStyle.Bold = true
	t.Alignment = fyne.TextAlignCenter
	return container.NewStack(bg, t)
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
