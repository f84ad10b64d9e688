package board

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

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
}

// sprites caches figures' tokens, facing wedges and AP badges drawn for one
// zoom, so that a frame only stamps images.
type sprites struct {
	size   float64
	tokens map[tokenKey]*ebiten.Image
	wedges map[color.RGBA]*ebiten.Image
	badges map[int]*ebiten.Image
}

// prepare drops the sprites drawn for another zoom.
func (sp *sprites) prepare(size float64) {
	if sp.size == size && sp.tokens != nil {
		return
	}
	for _, m := range []map[tokenKey]*ebiten.Image{sp.tokens} {
		for _, img := range m {
			img.Deallocate()
		}
	}
	for _, img := range sp.wedges {
		img.Deallocate()
	}
	for _, img := range sp.badges {
		img.Deallocate()
	}
	sp.size = size
	sp.tokens, sp.wedges, sp.badges = map[tokenKey]*ebiten.Image{}, map[color.RGBA]*ebiten.Image{}, map[int]*ebiten.Image{}
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

// drawToken draws a figure's token (3 hex sizes square) centred at c.
func (sp *sprites) drawToken(dst *ebiten.Image, k tokenKey, c hexmap.Point) {
	img, ok := sp.tokens[k]
	if !ok {
		img = sp.square(3, func(img *ebiten.Image, s float64, o hexmap.Point, b *batch) {
			r := s * 0.62
			if k.acting {
				b.path(img, circle(o, r+s*0.3), float32(math.Max(2*superScale, s/10)), color.RGBA{0x70, 0xf0, 0x70, 0xff})
			}
			if k.selected {
				b.path(img, circle(o, r+s*0.16), 0, colSelect)
			}
			b.path(img, circle(o, r), 0, k.col)
			b.path(img, circle(o, r), float32(math.Max(1.5*superScale, s/16)), colLight)
			b.flush(img)
			say(img, k.initials, face(math.Max(10*superScale, s*0.48), true), o.X, o.Y, color.White, true)
			if k.mark != "" {
				m := hexmap.Point{X: o.X + r*0.78, Y: o.Y - r*0.78}
				b.path(img, circle(m, s*0.26), 0, color.RGBA{0xd8, 0xa8, 0x20, 0xff})
				b.path(img, circle(m, s*0.26), float32(math.Max(1*superScale, s/24)), colBar)
				b.flush(img)
				say(img, k.mark, face(math.Max(9*superScale, s*0.32), true), m.X, m.Y, colBar, true)
			}
			if k.tag != "" && s >= 14*superScale {
				b.path(img, polygon(rect(hexmap.Point{X: o.X, Y: o.Y + r + s*0.2}, s*1.3, s*0.36)), 0, color.RGBA{0x10, 0x10, 0x10, 0xd0})
				b.flush(img)
				say(img, k.tag, face(math.Max(9*superScale, s*0.28), true), o.X, o.Y+r+s*0.2, color.RGBA{0xff, 0xc0, 0x60, 0xff}, true)
			}
		})
		sp.tokens[k] = img
	}
	stamp(dst, img, c)
}

// drawWedge draws the facing wedge pointing at angle (radians, screen).
func (sp *sprites) drawWedge(dst *ebiten.Image, col color.RGBA, c hexmap.Point, angle float64) {
	img, ok := sp.wedges[col]
	if !ok {
		img = sp.square(2.4, func(img *ebiten.Image, s float64, o hexmap.Point, b *batch) {
			r := s * 0.62
			// Pointing along +X.
			wedge := polygon([]hexmap.Point{{X: o.X + r*0.45, Y: o.Y + r*0.8}, {X: o.X + s*1.02, Y: o.Y}, {X: o.X + r*0.45, Y: o.Y - r*0.8}})
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

// drawBadge draws an AP badge centred at c.
func (sp *sprites) drawBadge(dst *ebiten.Image, ap int, c hexmap.Point) {
	img, ok := sp.badges[ap]
	if !ok {
		img = sp.square(0.6, func(img *ebiten.Image, s float64, o hexmap.Point, b *batch) {
			b.path(img, circle(o, s*0.24), 0, colBar)
			b.flush(img)
			say(img, fmt.Sprint(ap), face(math.Max(9*superScale, s*0.3), true), o.X, o.Y, colSelect, true)
		})
		sp.badges[ap] = img
	}
	stamp(dst, img, c)
}
