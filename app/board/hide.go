package board

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// hideCommand is what V (or the bar's Hide/Reveal button) sends for the
// selected figure in the Judge's window: hide it from the players, or
// reveal it; a player's window has no such key.
func (p *play) hideCommand(judge bool) (*session.Command, string) {
	if !judge {
		return nil, ""
	}
	if p.st == nil || p.selected == "" {
		return nil, "Select a figure first, then press V to hide it from the players or reveal it."
	}
	f, ok := p.st.Figures[p.selected]
	if !ok {
		return nil, ""
	}
	kind := session.CommandHide
	if f.Hidden {
		kind = session.CommandReveal
	}
	return &session.Command{Kind: kind, Figure: f.ID}, ""
}

// hideLabel is the bar's button for the selected figure: "Hide (V)" or
// "Reveal (V)".
func (p *play) hideLabel() string {
	if f, ok := p.st.Figures[p.selected]; ok && f.Hidden {
		return "Reveal (V)"
	}
	return "Hide (V)"
}

// toggleHidden answers V.
func (g *Game) toggleHidden() { g.issue(g.play.hideCommand(g.judge())) }

// tokenFor is how figure f's token looks: its side's colour (grey when
// out of the fight), initials or portrait, tag, and the marks of the
// moment.
func (g *Game) tokenFor(st *session.State, f *session.Figure) tokenKey {
	col := sideColour(st, f.Side)
	if st.Body(f.ID).Down {
		col = color.RGBA{0x70, 0x6a, 0x64, 0xff}
	}
	c := st.Characters[f.Character]
	k := tokenKey{col: col, initials: st.FigureInitials(f.ID), tag: figureTag(st, f), selected: f.ID == g.play.selected,
		hidden: f.Hidden, portrait: g.portraits.get(f.Character, c.Portrait)}
	if st.InsightOf(g.play.seat, f.ID).Numbers {
		// Whether its number has come up, and its system's mark, are its
		// numbers: not a foe's (what the eye sees of it is its token).
		k.acting, k.mark = st.MayAct(f.ID), st.Mark(f.ID).Text
	}
	return k
}

// drawHiddenEye draws a crossed eye in a dark disc of radius r about c:
// the players cannot see this figure.
func drawHiddenEye(img *ebiten.Image, b *batch, c hexmap.Point, r float64) {
	b.path(img, circle(c, r), 0, colBar)
	b.path(img, circle(c, r), float32(math.Max(1, r/10)), colText)
	w, h := r*0.72, r*0.42
	var lens []hexmap.Point
	for i := 0; i <= 12; i++ {
		t := math.Pi * float64(i) / 12
		lens = append(lens, hexmap.Point{X: c.X - w*math.Cos(t), Y: c.Y - h*math.Sin(t)})
	}
	for i := 1; i < 12; i++ {
		t := math.Pi * float64(i) / 12
		lens = append(lens, hexmap.Point{X: c.X + w*math.Cos(t), Y: c.Y + h*math.Sin(t)})
	}
	b.path(img, polygon(lens), float32(r*0.14), colText)
	b.path(img, circle(c, r*0.2), 0, colText)
	b.path(img, polyline([]hexmap.Point{{X: c.X - r*0.62, Y: c.Y + r*0.62}, {X: c.X + r*0.62, Y: c.Y - r*0.62}}), float32(r*0.18), colBad)
	b.flush(img)
}
