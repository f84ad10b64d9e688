package board

import (
	"fmt"
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"hexslinger/hexmap"
)

// ruler is the measuring tool (R): from a hex the Judge or a player clicks
// to the hex under the pointer, the distance in hexes and paces, the climb,
// and whether one would see the other.
type ruler struct {
	on       bool
	anchored bool
	from     hexmap.Hex
	shown    hexmap.Hex // the hex the status bar measures to
}

// toggleRuler answers R.
func (g *Game) toggleRuler() {
	g.ruler = ruler{on: !g.ruler.on}
	if g.ruler.on {
		g.say("Ruler: click a hex to measure from, then point at another; R or Esc puts it away.", false)
	} else {
		g.say("Ruler put away.", false)
	}
}

// measure describes the ruler's line from a to b on the fight's map.
func (g *Game) measure(a, b hexmap.Hex) string {
	m := g.play.st.Map
	n := a.DistanceTo(b)
	s := fmt.Sprintf("%s → %s: %d hex(es), %s paces", m.Label(a), m.Label(b), n, trimFloat(float64(n)*m.Scale))
	if d := m.Elevation(b) - m.Elevation(a); d != 0 {
		s += fmt.Sprintf(", %+d level(s)", d)
	}
	sight := m.SightLine(a, b)
	switch {
	case !sight.Clear:
		s += " · no line of sight: " + sight.Reason(m)
	case sight.Partial:
		s += " · partly in sight"
	default:
		s += " · in sight"
	}
	if len(sight.Cover) > 0 {
		s += fmt.Sprintf(", %d cover feature(s) on the line", len(sight.Cover))
	}
	return s
}

func trimFloat(f float64) string {
	if f == math.Trunc(f) {
		return fmt.Sprint(int(f))
	}
	return fmt.Sprintf("%.1f", f)
}

// drawRuler draws the ruler's line, the hexes it crosses and its length.
func (g *Game) drawRuler(dst *ebiten.Image, dmg *damage) {
	if !g.ruler.on || !g.ruler.anchored || !g.hoverOK || g.play.st == nil {
		return
	}
	l := g.layout
	s := l.Size
	a, z := g.ruler.from, g.hover
	b := batch{dmg: dmg}
	for _, h := range a.LineTo(z) {
		c := l.Corners(h)
		b.path(dst, polygon(c[:]), float32(math.Max(1.5, s/16)), colRuler)
	}
	pa, pz := l.ToPixel(a), l.ToPixel(z)
	b.path(dst, polyline([]hexmap.Point{pa, pz}), float32(math.Max(2, s/10)), colRuler)
	b.path(dst, circle(pa, s*0.2), 0, colRuler)
	tag, f, box := g.rulerTag()
	mid := hexmap.Point{X: float64(box.Min.X+box.Max.X) / 2, Y: float64(box.Min.Y+box.Max.Y) / 2}
	b.path(dst, polygon(rect(mid, float64(box.Dx()), float64(box.Dy()))), 0, colBar)
	b.flush(dst)
	say(dst, tag, f, mid.X, mid.Y, colRuler, true)
}

// rulerTag is the ruler's length, its face and its box on screen, over
// the middle of the ruler; an empty box when the ruler is not measuring.
func (g *Game) rulerTag() (string, *text.GoTextFace, image.Rectangle) {
	if !g.ruler.on || !g.ruler.anchored || !g.hoverOK || g.play.st == nil {
		return "", nil, image.Rectangle{}
	}
	l := g.layout
	s := l.Size
	a, z := g.ruler.from, g.hover
	pa, pz := l.ToPixel(a), l.ToPixel(z)
	n := a.DistanceTo(z)
	tag := fmt.Sprintf("%d hex · %s paces", n, trimFloat(float64(n)*g.play.st.Map.Scale))
	size := math.Max(g.minText(), s*0.45)
	f := face(size, true)
	mid := hexmap.Point{X: (pa.X + pz.X) / 2, Y: (pa.Y+pz.Y)/2 - math.Max(s*0.6, size)}
	w, h := textWidth(tag, f)+size*0.6, math.Max(s*0.8, size*1.3)
	return tag, f, image.Rect(int(mid.X-w/2), int(mid.Y-h/2), int(mid.X+w/2), int(mid.Y+h/2))
}
