package board

import (
	"image"
	"image/color"
	"math"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// drawMapLabelsAround writes a map's labels in view at least minText
// pixels, each on its hex where that is free, else where the placer
// finds room: off every token, badge and tag placed before them, and
// each other.
func drawMapLabelsAround(dst *ebiten.Image, m *hexmap.Map, l hexmap.Layout, w, h int, minText float64, place *placer) {
	size := math.Max(minText, l.Size*0.42)
	f := face(size, true)
	hexes := make([]hexmap.Hex, 0, len(m.Labels))
	for hx := range m.Labels {
		hexes = append(hexes, hx)
	}
	sort.Slice(hexes, func(i, j int) bool { // the same every frame
		if hexes[i].R != hexes[j].R {
			return hexes[i].R < hexes[j].R
		}
		return hexes[i].Q < hexes[j].Q
	})
	var b batch
	type spot struct {
		text string
		r    image.Rectangle
	}
	var spots []spot
	for _, hx := range hexes {
		text := m.Labels[hx]
		p := l.ToPixel(hx)
		if p.X < -400 || p.Y < -50 || p.X > float64(w)+400 || p.Y > float64(h)+50 {
			continue
		}
		r, _ := place.label(p, 0, 3*l.Size, textWidth(text, f)+size*0.5, size*1.25)
		spots = append(spots, spot{text, r})
		// A pale plate under the letters: they read on any terrain.
		c := hexmap.Point{X: float64(r.Min.X+r.Max.X) / 2, Y: float64(r.Min.Y+r.Max.Y) / 2}
		b.path(dst, stadium(c, float64(r.Dx()), float64(r.Dy())), 0, color.RGBA{0xf4, 0xec, 0xd8, 0xb0})
	}
	b.flush(dst)
	for _, sp := range spots {
		say(dst, sp.text, f, float64(sp.r.Min.X+sp.r.Max.X)/2, float64(sp.r.Min.Y+sp.r.Max.Y)/2, colInk, true)
	}
}

// fitMargin is the room fit leaves round the map: enough for the rulers'
// letters and numbers at the table scale.
func (g *Game) fitMargin() float64 { return math.Max(fitMargin, g.minText()*1.6) }

// drawRulers writes the hexes' column letters below the map and their row
// numbers on both sides of it, as on a battle mat, at least minText
// pixels: a hex's name ("K10") reads from the map's edges at any zoom.
// When the map reaches past the window they stay at the window's edge.
func (g *Game) drawRulers(dst *ebiten.Image, st *session.State) {
	m, l := st.Map, g.layout
	if m.Width == 0 || m.Height == 0 {
		return
	}
	size := g.minText()
	f := face(size, true)
	lo, hi := g.bounds.of(l, m) // l.Bounds(m) from the map's rim
	top, bottom := g.mapTop()+buttonPad, float64(g.h-g.barH())
	plate := color.RGBA{0x18, 0x15, 0x12, 0xc0}
	// Each mark is rendered once and copied (tagCache): the base is
	// redrawn every frame of a pan.
	add := func(text string, at hexmap.Point) {
		w := math.Max(textWidth(text, f)+size*0.4, size*1.2)
		k := tagKey{text: text, size: size, fg: colText, bg: plate, boxW: math.Round(w), boxH: math.Round(size * 1.2), centered: true}
		r := g.tags.draw(dst, k, at.X, at.Y)
		if g.place != nil {
			g.place.keep(r) // the map's words go round the rulers
		}
	}
	// Columns: every column, or every other where letters would touch.
	colGap := math.Abs(l.ToPixel(m.Orientation.FromOffset(hexmap.Offset{Col: 1})).X - l.ToPixel(m.Orientation.FromOffset(hexmap.Offset{})).X)
	step := max(1, int(math.Ceil((textWidth(hexmap.ColumnName(m.Width-1), f)+size*0.6)/math.Max(colGap, 1))))
	y := math.Min(hi.Y+size*0.8, bottom-size*0.7)
	for col := 0; col < m.Width; col += step {
		x := l.ToPixel(m.Orientation.FromOffset(hexmap.Offset{Col: col, Row: m.Height - 1})).X
		if x > -size && x < float64(g.w)+size {
			add(hexmap.ColumnName(col), hexmap.Point{X: x, Y: y})
		}
	}
	rowGap := math.Abs(l.ToPixel(m.Orientation.FromOffset(hexmap.Offset{Row: 1})).Y - l.ToPixel(m.Orientation.FromOffset(hexmap.Offset{})).Y)
	step = max(1, int(math.Ceil(size*1.3/math.Max(rowGap, 1))))
	wide := textWidth("00", f)
	left := math.Max(lo.X-wide*0.5-size*0.5, wide*0.5+size*0.4)
	right := math.Min(hi.X+wide*0.5+size*0.5, float64(g.w)-wide*0.5-size*0.4)
	for row := 0; row < m.Height; row += step {
		yl := l.ToPixel(m.Orientation.FromOffset(hexmap.Offset{Row: row})).Y
		if yl < top+size*0.6 || yl > y-size*1.3 { // clear of the letters
			continue
		}
		n := hexmap.Offset{Row: row}.Label()[1:] // "A10" → "10"
		add(n, hexmap.Point{X: left, Y: yl})
		add(n, hexmap.Point{X: right, Y: yl})
	}
}
