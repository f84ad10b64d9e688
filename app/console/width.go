package console

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// keepWidth shows content in a tab that never asks the console for more
// width than the Judge gave it: content narrower than the tab fills it, as
// before; content that would be wider (a long label, a row of sheet
// fields) scrolls across instead of widening the window. Its height
// scrolls too, for a console the Judge made short.
func keepWidth(content fyne.CanvasObject) fyne.CanvasObject {
	return container.NewScroll(content)
}

// flowLayout lays its objects out in a row at their minimum sizes,
// wrapping to a new row where the next would not fit: the console's
// buttons take two rows in a narrow console rather than widen it. Its
// minimum width is its widest object's; its minimum height is that of
// the rows it was last laid out in.
type flowLayout struct {
	rows int             // as last laid out; 0: not yet, one row
	box  *fyne.Container // the container laid out, told when its rows change
}

// newFlow is a container laying objs out in wrapping rows.
func newFlow(objs ...fyne.CanvasObject) *fyne.Container {
	l := &flowLayout{}
	l.box = container.New(l, objs...)
	return l.box
}

// MinSize is the widest object's width by the rows' height.
func (l *flowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w, h := l.widest(objs)
	rows := max(l.rows, 1)
	pad := theme.Padding()
	return fyne.NewSize(w, float32(rows)*h+float32(rows-1)*pad)
}

// widest is the widest and tallest visible object's size.
func (l *flowLayout) widest(objs []fyne.CanvasObject) (w, h float32) {
	for _, o := range objs {
		if o.Visible() {
			m := o.MinSize()
			w, h = max(w, m.Width), max(h, m.Height)
		}
	}
	return w, h
}

// Layout places the objects in rows within size's width.
func (l *flowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	_, h := l.widest(objs)
	pad := theme.Padding()
	x, y, rows := float32(0), float32(0), 1
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		m := o.MinSize()
		if x > 0 && x+m.Width > size.Width {
			x, y, rows = 0, y+h+pad, rows+1
		}
		o.Move(fyne.NewPos(x, y))
		o.Resize(fyne.NewSize(m.Width, h))
		x += m.Width + pad
	}
	if rows != l.rows {
		l.rows = rows
		if l.box != nil {
			l.box.Refresh() // its height changed: the window lays it out anew
		}
	}
}
