package board

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/hexmap"
)

// reachOverlay caches the reachable area's triangles for one reach and
// zoom, laid out with hex (0,0) at the origin; a frame only shifts them to
// the camera.
type reachOverlay struct {
	forSeq  int
	forSel  string
	size    float64
	text    float64 // the least text size the numbers were drawn at
	base    []ebiten.Vertex
	vs      []ebiten.Vertex
	is      []uint16
	numbers map[int]*ebiten.Image
}

func (g *Game) drawReach(dst *ebiten.Image) {
	if len(g.reach) == 0 {
		return
	}
	l := g.layout
	s := l.Size
	o := &g.reachOv
	if o.forSeq != g.reachSeq || o.forSel != g.reachFor || o.size != s || o.text != g.minText() || o.base == nil {
		o.forSeq, o.forSel, o.size, o.text = g.reachSeq, g.reachFor, s, g.minText()
		o.base, o.is = o.base[:0], o.is[:0]
		unit := hexmap.Layout{Orientation: l.Orientation, Size: s}
		for h, ap := range g.reach {
			if len(o.base)+7 > math.MaxUint16 {
				break // a reach this large is drawn in part
			}
			c := unit.Corners(h)
			alpha := float32(0x50-min(ap, 4)*0x0c) / 255
			first := uint16(len(o.base))
			for _, p := range c {
				o.base = append(o.base, ebiten.Vertex{DstX: float32(p.X), DstY: float32(p.Y), SrcX: 1, SrcY: 1,
					ColorR: 0x60 / 255.0 * alpha, ColorG: 0xc0 / 255.0 * alpha, ColorB: 1 * alpha, ColorA: alpha})
			}
			for k := uint16(1); k < 5; k++ {
				o.is = append(o.is, first, first+k, first+k+1)
			}
		}
		for _, img := range o.numbers {
			img.Deallocate()
		}
		o.numbers = map[int]*ebiten.Image{}
	}
	if cap(o.vs) < len(o.base) {
		o.vs = make([]ebiten.Vertex, len(o.base))
	}
	o.vs = o.vs[:len(o.base)]
	ox, oy := float32(l.Origin.X), float32(l.Origin.Y)
	for i, v := range o.base {
		v.DstX += ox
		v.DstY += oy
		o.vs[i] = v
	}
	dst.DrawTriangles(o.vs, o.is, white, &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha})
	size := math.Max(g.minText(), s*0.3)
	if s < size*0.8 || g.reachUnit == "" {
		return // no room in a hex for its number at the table's size
	}
	// What each hex on screen costs (AP, inches of Pace), from cached
	// number images, in the middle of the hex (a figure's hex has no
	// number).
	taken := map[hexmap.Hex]bool{}
	for _, f := range g.play.st.Figures {
		taken[f.At] = true
	}
	for h, ap := range g.reach {
		if taken[h] {
			continue // a figure the players do not see stands there
		}
		p := l.ToPixel(h)
		if p.X < -s || p.Y < -s || p.X > float64(g.w)+s || p.Y > float64(g.h)+s {
			continue
		}
		img, ok := o.numbers[ap]
		if !ok {
			n := int(math.Ceil(size * 2))
			img = ebiten.NewImage(n, n)
			say(img, fmt.Sprint(ap), face(size, true), float64(n)/2, float64(n)/2, color.RGBA{0x10, 0x2c, 0x58, 0xf0}, true)
			o.numbers[ap] = img
		}
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(p.X-float64(img.Bounds().Dx())/2, p.Y-float64(img.Bounds().Dy())/2)
		dst.DrawImage(img, op)
	}
}
