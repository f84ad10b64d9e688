package board

import (
	"strconv"

	"hexslinger/app/session"
	"hexslinger/hexmap"
	"hexslinger/rules"
)

// play is the map window's interaction state, kept apart from Ebiten so it
// tests without a display: which figure is selected, and what a click or a
// key means as a command.
type play struct {
	st       *session.State
	selected string
}

// click answers a left click on hex h: select the figure there, or move the
// selected figure to h. It returns the command to send, if any, and a line
// for the status bar.
func (p *play) click(h hexmap.Hex) (*session.Command, string) {
	if p.st == nil {
		return nil, ""
	}
	if f, ok := p.st.FigureAt(h); ok {
		if p.selected == f.ID {
			p.selected = ""
			return nil, ""
		}
		p.selected = f.ID
		return nil, p.describe(f)
	}
	if p.selected == "" {
		if p.st.Map.Contains(h) {
			return nil, "Click a figure to select it."
		}
		return nil, ""
	}
	to := h
	return &session.Command{Kind: session.CommandMove, Figure: p.selected, To: &to}, ""
}

// turn answers Q (n = +1, counterclockwise) and E or a right click (n = −1,
// clockwise) for the selected figure.
func (p *play) turn(n int) (*session.Command, string) {
	if p.st == nil || p.selected == "" {
		return nil, "Select a figure first, then turn it with Q/E or a right click."
	}
	return &session.Command{Kind: session.CommandTurn, Figure: p.selected, Turn: n}, ""
}

// preview prices a move of the selected figure to h with the session's own
// rule, for the path overlay.
func (p *play) preview(h hexmap.Hex) (rules.MovePlan, error, bool) {
	if p.st == nil || p.selected == "" {
		return rules.MovePlan{}, nil, false
	}
	if _, ok := p.st.FigureAt(h); ok || !p.st.Map.Contains(h) {
		return rules.MovePlan{}, nil, false
	}
	plan, err := p.st.PlanMove(p.selected, h, false)
	return plan, err, true
}

func (p *play) describe(f *session.Figure) string {
	c := p.st.Characters[f.Character]
	return c.Name + " — " + strconv.Itoa(f.AP) + " AP left · Move " + strconv.Itoa(c.Move) + " · facing " +
		p.st.Map.Orientation.SideNames()[f.Facing] + " · at " + p.st.Map.Label(f.At)
}
