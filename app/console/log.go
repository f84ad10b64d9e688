package console

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
)

// logPanel is the action log: every event as a sentence, newest last.
type logPanel struct {
	box    *fyne.Container
	scroll *container.Scroll
	lines  []string
}

func newLogPanel() *logPanel {
	p := &logPanel{box: container.NewVBox()}
	p.scroll = container.NewVScroll(p.box)
	return p
}

// rebuild shows the log of st afresh (after an undo or redo).
func (p *logPanel) rebuild(st *session.State) {
	p.box.RemoveAll()
	p.lines = nil
	round := 1
	for _, e := range st.Log {
		if e.Kind == session.EventRoundStarted {
			round = e.Round
		}
		p.addLine(round, e)
	}
}

func (p *logPanel) add(st *session.State, e session.Event) { p.addLine(st.Round, e) }

func (p *logPanel) addLine(round int, e session.Event) {
	text := fmt.Sprintf("R%d · %s", round, e.Text)
	p.lines = append(p.lines, text)
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	p.box.Add(l)
	p.scroll.ScrollToBottom()
}

func (p *logPanel) texts() []string { return append([]string(nil), p.lines...) }
