package board

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"hexslinger/hexmap"
)

// tokenKey is what a figure's token looks like.
type tokenKey struct {
	col      color.RGBA
	initials string
	tag      string
	selected bool
	acting   bool // may act at this segment
	// mark is the system's mark of the figure (session.State.Mark),
	// drawn in a gold disc at the token's upper right: a Savage Worlds
	// figure's Bennies.
	mark string
	// hidden: the Judge's view of a figure the players cannot see, drawn
	// faded with a crossed eye.
	hidden bool
	// portrait is the sheet's picture, drawn in the disc in place of the
	// initials (portraits.get: one image per picture, so comparable).
	portrait *portrait
}

// sprites caches figures' tokens, facing wedges and AP badges drawn for one
// zoom and one size of text, so that a frame only stamps images.
type sprites struct {
	size   float64
	text   float64 // the least text size on screen (Game.minText)
	tokens map[tokenKey]*ebiten.Image
	hidden map[string]*ebiten.Image // a hidden figure's tag, by its text
	wedges map[color.RGBA]*ebiten.Image
	badges map[int]*ebiten.Image
	signs  map[signKey]*ebiten.Image // the badges of figures' signs (marks.go)
}

// prepare drops the sprites drawn for another zoom or text size.
func (sp *sprites) prepare(size, text float64) {
	if sp.size == size && sp.text == text && sp.tokens != nil {
		return
	}
	for _, img := range sp.tokens {
		img.Deallocate()
	}
	for _, img := range sp.wedges {
		img.Deallocate()
	}
	for _, img := range sp.hidden {
		img.Deallocate()
	}
	for _, img := range sp.badges {
		img.Deallocate()
	}
	for _, img := range sp.signs {
		img.Deallocate()
	}
	sp.signs = nil
	sp.size, sp.text = size, text
	sp.tokens, sp.wedges, sp.badges = map[tokenKey]*ebiten.Image{}, map[color.RGBA]*ebiten.Image{}, map[int]*ebiten.Image{}
	sp.hidden = map[string]*ebiten.Image{}
}

var colLight = color.RGBA{0xf8, 0xf0, 0xe0, 0xff}

// square draws a sprite side hex sizes square: paint draws it about o, its
// middle, at hex size s, in the larger scale supersample draws at, with a
// batch that is flushed after it.
func (sp *sprites) square(side float64, paint func(img *ebiten.Image, s float64, o hexmap.Point, b *batch)) *ebiten.Image {
	n := int(math.Ceil(side * sp.size))
	return supersample(n, n, func(img *ebiten.Image) {
		b := batch{sharp: true}
		paint(img, sp.size*superScale, hexmap.Point{X: float64(n*superScale) / 2, Y: float64(n*superScale) / 2}, &b)
		b.flush(img)
	})
}

// stamp draws a sprite centred at c.
func stamp(dst, img *ebiten.Image, c hexmap.Point) {
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(c.X-float64(img.Bounds().Dx())/2, c.Y-float64(img.Bounds().Dy())/2)
	dst.DrawImage(img, op)
}

// tokenRadius is the radius of a token's disc at hex size s: wide enough
// for two capitals at the least text size minText, within its hex.
func tokenRadius(s, minText float64) float64 {
	need := textWidth("MW", face(minText, true)) / 1.72
	return math.Min(s*0.84, math.Max(s*0.62, need))
}

// tokenText are the sizes, on screen, of a token's initials, tag and
// mark at hex size s with text at least minText.
func tokenText(s, minText float64) (initials, tag, mark float64) {
	return math.Max(minText, s*0.48), math.Max(minText, s*0.28), math.Max(minText, s*0.32)
}

// drawToken draws a figure's token centred at c: the disc, and the tag
// under it, the mark and the hidden eye over its rim.
func (sp *sprites) drawToken(dst *ebiten.Image, k tokenKey, c hexmap.Point) {
	img, ok := sp.tokens[k]
	if !ok {
		s0 := sp.size
		_, tagPx, _ := tokenText(s0, sp.text)
		// Wide and tall enough for the rings and for a tag wider than
		// the hex.
		_ = tagPx
		side := 3.0
		img = sp.square(side, func(img *ebiten.Image, s float64, o hexmap.Point, b *batch) {
			initPx, _, markPx := tokenText(s, sp.text*superScale)
			r := tokenRadius(s, sp.text*superScale)
			if k.acting {
				b.path(img, circle(o, r+s*0.3), float32(math.Max(2*superScale, s/10)), color.RGBA{0x70, 0xf0, 0x70, 0xff})
			}
			if k.selected {
				b.path(img, circle(o, r+s*0.16), 0, colSelect)
			}
			b.path(img, circle(o, r), 0, k.col)
			b.flush(img)
			if k.portrait != nil {
				drawPortrait(img, k.portrait, o, r)
			}
			b.path(img, circle(o, r), float32(math.Max(1.5*superScale, s/16)), colLight)
			b.flush(img)
			if k.portrait == nil {
				// Within the disc: a hex too small for the table's
				// size of text gets them narrower first (as tall: the
				// whole map fitted keeps them read across the table),
				// then smaller, never spilling over.
				wide := 1.0
				if w := textWidth(k.initials, face(initPx, true)); w > 2*r*initialsFill {
					wide = 2 * r * initialsFill / w
					if wide < leastWide {
						initPx *= wide / leastWide
						wide = leastWide
					}
				}
				sayNarrow(img, k.initials, face(initPx, true), o.X, o.Y, wide, color.White)
			}
			if k.mark != "" {
				f := face(markPx, true)
				mr := math.Max(s*0.26, math.Max(textWidth(k.mark, f)/2, markPx*0.45)+markPx*0.15)
				m := hexmap.Point{X: o.X + r*0.78, Y: o.Y - r*0.78}
				b.path(img, circle(m, mr), 0, color.RGBA{0xd8, 0xa8, 0x20, 0xff})
				b.path(img, circle(m, mr), float32(math.Max(1*superScale, s/24)), colBar)
				b.flush(img)
				say(img, k.mark, f, m.X, m.Y, colBar, true)
			}
		})
		sp.tokens[k] = img
	}
	if k.hidden {
		// Faded, under a tag with a crossed eye: the players do not see
		// it.
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(c.X-float64(img.Bounds().Dx())/2, c.Y-float64(img.Bounds().Dy())/2)
		op.ColorScale.ScaleAlpha(0.5)
		dst.DrawImage(img, op)
		return
	}
	stamp(dst, img, c)
}

// hiddenTag is the tag of a hidden figure: a crossed eye and its state
// ("hidden", or "stunned" and the like), drawn centred at where the
// placer puts it (drawHiddenTag).
func (sp *sprites) hiddenTag(tag string) *ebiten.Image {
	if tag == "" {
		tag = "hidden"
	}
	img, ok := sp.hidden[tag]
	_, tagPx, _ := tokenText(sp.size, sp.text)
	h := tagPx * 1.3
	if !ok {
		w := textWidth(tag, face(tagPx, true)) + tagPx*0.6 + h
		img = supersample(int(math.Ceil(w)), int(math.Ceil(h)), func(img *ebiten.Image) {
			b := batch{sharp: true}
			W, H := w*superScale, h*superScale
			b.path(img, polygon(rect(hexmap.Point{X: W / 2, Y: H / 2}, W, H)), 0, color.RGBA{0x10, 0x10, 0x10, 0xf0})
			b.flush(img)
			drawHiddenEye(img, &b, hexmap.Point{X: H / 2, Y: H / 2}, H*0.42)
			say(img, tag, face(tagPx*superScale, true), H+(W-H)/2, H/2, color.RGBA{0xff, 0xc0, 0x60, 0xff}, true)
		})
		sp.hidden[tag] = img
	}
	return img
}

// drawWedge draws the facing wedge pointing at angle (radians, screen).
func (sp *sprites) drawWedge(dst *ebiten.Image, col color.RGBA, c hexmap.Point, angle float64) {
	img, ok := sp.wedges[col]
	if !ok {
		img = sp.square(2.6, func(img *ebiten.Image, s float64, o hexmap.Point, b *batch) {
			r := s * 0.62
			// Pointing along +X, its point out past the disc however
			// wide the table's text makes it.
			tip := math.Min(math.Max(s*1.02, tokenRadius(s, sp.text*superScale)+s*0.4), s*1.28)
			wedge := polygon([]hexmap.Point{{X: o.X + r*0.45, Y: o.Y + r*0.8}, {X: o.X + tip, Y: o.Y}, {X: o.X + r*0.45, Y: o.Y - r*0.8}})
			b.path(img, wedge, 0, shade(col, -0.2))
			b.path(img, wedge, float32(math.Max(1.5*superScale, s/16)), colLight)
		})
		sp.wedges[col] = img
	}
	half := float64(img.Bounds().Dx()) / 2
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(-half, -half)
	op.GeoM.Rotate(angle)
	op.GeoM.Translate(c.X, c.Y)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, op)
}

// badgeSize is the size of an AP badge with text at least minText at hex
// size s: its text, and its height (its width grows with the digits).
func badgeSize(s, minText float64) (text, height float64) {
	t := math.Max(minText, s*0.3)
	return t, t * 1.15
}

// badge is an AP badge's image.
func (sp *sprites) badge(ap int) *ebiten.Image {
	img, ok := sp.badges[ap]
	if !ok {
		n := fmt.Sprint(ap)
		t0, h0 := badgeSize(sp.size, sp.text)
		w0 := math.Max(h0, textWidth(n, face(t0, true))+t0*0.5)
		img = supersample(int(math.Ceil(w0))+2, int(math.Ceil(h0))+2, func(img *ebiten.Image) {
			b := batch{sharp: true}
			t, h := badgeSize(sp.size*superScale, sp.text*superScale)
			w := w0 * superScale
			o := hexmap.Point{X: float64(img.Bounds().Dx()) / 2, Y: float64(img.Bounds().Dy()) / 2}
			b.path(img, stadium(o, w, h), 0, colBar)
			b.path(img, stadium(o, w, h), float32(superScale), colSelect)
			b.flush(img)
			say(img, n, face(t, true), o.X, o.Y, colSelect, true)
		})
		sp.badges[ap] = img
	}
	return img
}

// stadium is a rounded box w wide and h high about c, its ends half
// circles.
func stadium(c hexmap.Point, w, h float64) *vector.Path {
	r := h / 2
	var p vector.Path
	a, z := float32(c.X-w/2+r), float32(c.X+w/2-r)
	p.MoveTo(a, float32(c.Y-r))
	p.LineTo(z, float32(c.Y-r))
	p.Arc(z, float32(c.Y), float32(r), -math.Pi/2, math.Pi/2, vector.Clockwise)
	p.LineTo(a, float32(c.Y+r))
	p.Arc(a, float32(c.Y), float32(r), math.Pi/2, 3*math.Pi/2, vector.Clockwise)
	p.Close()
	return &p
}

// badgeSpot is where a figure's AP badge goes, its token centred at c
// facing angle (radians, on screen): behind a shoulder, just off the
// disc, clear of the initials and the wedge; the shoulder toward no
// other figure (taken), and of those the higher (the tag is below).
func badgeSpot(l hexmap.Layout, at hexmap.Hex, angle, minText float64, taken map[hexmap.Hex]bool) hexmap.Point {
	c := l.ToPixel(at)
	_, bh := badgeSize(l.Size, minText)
	d := tokenRadius(l.Size, minText) + bh*0.4
	ux, uy := math.Cos(angle), math.Sin(angle)
	sides := [2]hexmap.Point{{X: -ux*0.87 + uy*0.5, Y: -uy*0.87 - ux*0.5}, {X: -ux*0.87 - uy*0.5, Y: -uy*0.87 + ux*0.5}}
	cost := func(v hexmap.Point) float64 {
		k := v.Y // higher is better
		for d := hexmap.Direction(0); d < 6; d++ {
			if n := at.Neighbor(d); taken[n] {
				p := l.ToPixel(n)
				dx, dy := p.X-c.X, p.Y-c.Y
				if dot := (v.X*dx + v.Y*dy) / math.Hypot(dx, dy); dot > 0.3 {
					k += 10 * dot // toward a neighbour's token
				}
			}
		}
		return k
	}
	v := sides[0]
	if cost(sides[1]) < cost(sides[0])-0.01 {
		v = sides[1]
	}
	return hexmap.Point{X: c.X + v.X*d, Y: c.Y + v.Y*d}
}
