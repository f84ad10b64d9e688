package board

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// This file draws what a token shows of its figure's state at a glance
// (State.Signs): a badge for each sign, a glyph and the system's words
// ("Shaken", "2 Wounds", "ducked"), at the map's least text size, laid
// out by the placer about the token; and a ducked figure's token half
// behind a wall of cover.

// signKey names a sign's badge sprite: its kind and words, at a text
// size.
type signKey struct {
	kind session.SignKind
	text string
	px   float64
}

// signLook is a sign's colours: its words', and its glyph's.
func signLook(k session.SignKind) (fg, glyph color.RGBA) {
	switch k {
	case session.SignDown:
		return color.RGBA{0xe8, 0xe0, 0xd8, 0xff}, color.RGBA{0xe0, 0x40, 0x30, 0xff}
	case session.SignCondition:
		return color.RGBA{0xff, 0xd8, 0x40, 0xff}, color.RGBA{0xff, 0xd8, 0x40, 0xff}
	case session.SignWounds:
		return color.RGBA{0xff, 0x9c, 0x90, 0xff}, color.RGBA{0xe0, 0x30, 0x30, 0xff}
	}
	return color.RGBA{0xa8, 0xd8, 0xff, 0xff}, color.RGBA{0xa8, 0xd8, 0xff, 0xff} // posture
}

// colSignPlate is a sign badge's plate: dark, over any terrain.
var colSignPlate = color.RGBA{0x10, 0x10, 0x10, 0xf0}

// colCover is the wall a ducked token sits behind.
var colCover = color.RGBA{0x8a, 0x62, 0x3a, 0xf0}

// drawMarks draws figure f's signs about its token, centred at c of
// radius r: the hidden eye's tag as before, every other sign a badge of
// its own, from below the token round either way where that is taken.
// The placer must hold every token's disc (drawFigures). It returns
// where the badges and tags went.
func (g *Game) drawMarks(dst *ebiten.Image, st *session.State, f *session.Figure, c hexmap.Point, r float64) []image.Rectangle {
	var out []image.Rectangle
	signs := st.Signs(f.ID)
	_, px, _ := tokenText(g.layout.Size, g.minText())
	for _, s := range signs {
		switch s.Kind {
		case session.SignDucked:
			drawCover(dst, c, r)
		case session.SignHidden:
			img := g.sprites.hiddenTag(s.Text)
			w, h := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
			at, _ := g.place.label(c, r, 4*g.layout.Size, w, h)
			stamp(dst, img, rectMid(at))
			out = append(out, at)
			continue
		}
		img := g.sprites.sign(signKey{kind: s.Kind, text: s.Text, px: px})
		w, h := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
		at, _ := g.place.Badge(c, r, w, h, math.Pi/2)
		stamp(dst, img, rectMid(at))
		out = append(out, at)
	}
	return out
}

// drawCover draws a ducked token's wall: the lower third of its disc
// behind a band of cover, its top edge a little below the initials.
func drawCover(dst *ebiten.Image, c hexmap.Point, r float64) {
	top := r * 0.5
	var pts []hexmap.Point
	a0 := math.Asin(top / r)
	for i := 0; i <= 16; i++ {
		a := a0 + (math.Pi-2*a0)*float64(i)/16
		pts = append(pts, hexmap.Point{X: c.X + r*1.06*math.Cos(a), Y: c.Y + r*1.06*math.Sin(a)})
	}
	var b batch
	b.path(dst, polygon(pts), 0, colCover)
	w := math.Max(2, r/10)
	b.path(dst, polyline([]hexmap.Point{pts[0], pts[len(pts)-1]}), float32(w), color.RGBA{0x4a, 0x32, 0x1a, 0xff})
	b.flush(dst)
}

// sign is the badge of a sign: a glyph of its kind on the left and its
// words, on a dark plate, its capitals as tall as the map's least text.
func (sp *sprites) sign(k signKey) *ebiten.Image {
	if sp.signs == nil {
		sp.signs = map[signKey]*ebiten.Image{}
	}
	if img, ok := sp.signs[k]; ok {
		return img
	}
	fg, gc := signLook(k.kind)
	h := k.px * 1.3
	w := textWidth(k.text, face(k.px, true)) + k.px*0.5 + h
	img := supersample(int(math.Ceil(w)), int(math.Ceil(h)), func(img *ebiten.Image) {
		b := batch{sharp: true}
		W, H := w*superScale, h*superScale
		b.path(img, polygon(rect(hexmap.Point{X: W / 2, Y: H / 2}, W, H)), 0, colSignPlate)
		b.path(img, polygon(rect(hexmap.Point{X: W / 2, Y: H / 2}, W-superScale*2, H-superScale*2)), float32(superScale*1.5), gc)
		drawSignGlyph(img, &b, k.kind, hexmap.Point{X: H * 0.55, Y: H / 2}, H*0.36, gc)
		b.flush(img)
		say(img, k.text, face(k.px*superScale, true), H+(W-H-k.px*0.25*superScale)/2, H/2, fg, true)
	})
	sp.signs[k] = img
	return img
}

// drawSignGlyph draws kind's glyph of half-size r about c: a cross for
// down, a star for a condition, a drop for wounds, a lying figure for
// prone, a head behind a wall for ducked.
func drawSignGlyph(img *ebiten.Image, b *batch, kind session.SignKind, c hexmap.Point, r float64, col color.RGBA) {
	lw := float32(math.Max(2, r*0.34))
	switch kind {
	case session.SignDown:
		b.path(img, polyline([]hexmap.Point{{X: c.X - r, Y: c.Y - r}, {X: c.X + r, Y: c.Y + r}}), lw, col)
		b.path(img, polyline([]hexmap.Point{{X: c.X - r, Y: c.Y + r}, {X: c.X + r, Y: c.Y - r}}), lw, col)
	case session.SignCondition:
		var star []hexmap.Point
		for i := 0; i < 10; i++ {
			a := -math.Pi/2 + float64(i)*math.Pi/5
			k := r
			if i%2 == 1 {
				k = r * 0.45
			}
			star = append(star, hexmap.Point{X: c.X + k*math.Cos(a), Y: c.Y + k*math.Sin(a)})
		}
		b.path(img, polygon(star), 0, col)
	case session.SignWounds:
		drop := []hexmap.Point{{X: c.X, Y: c.Y - r}}
		for i := 0; i <= 12; i++ {
			a := -math.Pi/6 + float64(i)*(math.Pi+math.Pi/3)/12
			drop = append(drop, hexmap.Point{X: c.X + r*0.62*math.Cos(a), Y: c.Y + r*0.35 + r*0.62*math.Sin(a)})
		}
		b.path(img, polygon(drop), 0, col)
	case session.SignProne:
		b.path(img, circle(hexmap.Point{X: c.X - r*0.75, Y: c.Y + r*0.35}, r*0.28), 0, col)
		b.path(img, polyline([]hexmap.Point{{X: c.X - r*0.35, Y: c.Y + r*0.4}, {X: c.X + r, Y: c.Y + r*0.4}}), lw, col)
	case session.SignDucked:
		b.path(img, circle(hexmap.Point{X: c.X, Y: c.Y - r*0.2}, r*0.4), 0, col)
		b.path(img, polygon(rect(hexmap.Point{X: c.X, Y: c.Y + r*0.55}, 2*r, r*0.8)), 0, colCover)
	}
}
