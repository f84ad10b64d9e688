package board

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/hexmap"
)

// reachOverlay caches the reachable area's hexes for one reach and zoom,
// six corners a hex, laid out with hex (0,0) at the origin; a draw shifts
// them to the camera and hands the renderer only the hexes on screen (a
// reach of thousands of hexes is mostly off it when zoomed in, and the
// renderer keeps buffers as large as the most vertices a frame gave it).
type reachOverlay struct {
	forSeq  int
	forSel  string
	size    float64
	text    float64 // the least text size the numbers were drawn at
	base    []ebiten.Vertex
	vs      []ebiten.Vertex
	is      []uint16
	on      []int // the hexes drawn, by their first corner in base
	numbers map[int]*ebiten.Image
}

// reachFan is the indices of one hex's four triangles, its corners
// numbered from 0.
var reachFan = [12]uint16{0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 4, 5}

func (g *Game) drawReach(dst *ebiten.Image) {
	if len(g.reach) == 0 {
		return
	}
	l := g.layout
	s := l.Size
	o := &g.reachOv
	if o.forSeq != g.reachSeq || o.forSel != g.reachFor || o.size != s || o.text != g.minText() || o.base == nil {
		o.forSeq, o.forSel, o.size, o.text = g.reachSeq, g.reachFor, s, g.minText()
		o.lay(g.reach, l.Orientation, s)
		for _, img := range o.numbers {
			img.Deallocate()
		}
		o.numbers = map[int]*ebiten.Image{}
	}
	o.drawOnScreen(dst, float32(l.Origin.X), float32(l.Origin.Y), float32(s))
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

// lay lays out the hexes of reach (each shaded by its cost in AP), hexes
// of size s, hex (0,0)'s centre at the origin.
func (o *reachOverlay) lay(reach map[hexmap.Hex]int, or hexmap.Orientation, s float64) {
	o.base = o.base[:0]
	unit := hexmap.Layout{Orientation: or, Size: s}
	for h, ap := range reach {
		alpha := float32(0x50-min(ap, 4)*0x0c) / 255
		for _, p := range unit.Corners(h) {
			o.base = append(o.base, ebiten.Vertex{DstX: float32(p.X), DstY: float32(p.Y), SrcX: 1, SrcY: 1,
				ColorR: 0x60 / 255.0 * alpha, ColorG: 0xc0 / 255.0 * alpha, ColorB: 1 * alpha, ColorA: alpha})
		}
	}
}

// drawOnScreen draws the hexes of the reach that meet dst, shifted by
// (ox, oy), hexes of size s.
func (o *reachOverlay) drawOnScreen(dst *ebiten.Image, ox, oy, s float32) {
	o.on = o.onScreen(o.on[:0], dst.Bounds(), ox, oy, s)
	o.batches(ox, oy, func(vs []ebiten.Vertex, is []uint16) {
		dst.DrawTriangles(vs, is, white, &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha})
	})
}

// batches hands draw the hexes o.on names, shifted by (ox, oy), as
// triangles, in batches of at most a draw's vertices.
func (o *reachOverlay) batches(ox, oy float32, draw func(vs []ebiten.Vertex, is []uint16)) {
	o.vs, o.is = o.vs[:0], o.is[:0]
	flush := func() {
		if len(o.is) > 0 {
			draw(o.vs, o.is)
		}
		o.vs, o.is = o.vs[:0], o.is[:0]
	}
	for _, i := range o.on {
		if len(o.vs)+6 > math.MaxUint16 {
			flush()
		}
		first := uint16(len(o.vs))
		for _, v := range o.base[i : i+6] {
			v.DstX += ox
			v.DstY += oy
			o.vs = append(o.vs, v)
		}
		for _, k := range reachFan {
			o.is = append(o.is, first+k)
		}
	}
	flush()
}

// onScreen appends to on the index in base of the first corner of each
// hex that meets r once shifted by (ox, oy), hexes of size s.
func (o *reachOverlay) onScreen(on []int, r image.Rectangle, ox, oy, s float32) []int {
	// No corner of a hex lies more than 2s from another: a hex meets r
	// when its first corner lies within 2s of it.
	minX, minY := float32(r.Min.X)-2*s, float32(r.Min.Y)-2*s
	maxX, maxY := float32(r.Max.X)+2*s, float32(r.Max.Y)+2*s
	for i := 0; i+6 <= len(o.base); i += 6 {
		x, y := o.base[i].DstX+ox, o.base[i].DstY+oy
		if x >= minX && x <= maxX && y >= minY && y <= maxY {
			on = append(on, i)
		}
	}
	return on
}
