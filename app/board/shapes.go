package board

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"hexslinger/hexmap"
)

// white is the 1×1 source image for solid-colour triangles.
var white = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(img.Bounds().Inset(1)).(*ebiten.Image)
}()

// batch gathers solid-colour triangles and draws them in few calls. With
// dmg set, it adds the box of what it draws to it (the map window redraws
// only where overlays were).
type batch struct {
	vs  []ebiten.Vertex
	is  []uint16
	dmg *damage
	// sharp draws the triangles as they are, for pictures drawn at twice
	// their size and shrunk (see supersample); else flush smooths their
	// edges (see drawSmooth).
	sharp bool
	// drawn counts the vertices flushed.
	drawn int
}

func (b *batch) colour(from int, c color.Color) {
	r, g, bl, a := c.RGBA()
	for i := from; i < len(b.vs); i++ {
		v := &b.vs[i]
		v.SrcX, v.SrcY = 1, 1
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = float32(r)/0xffff, float32(g)/0xffff, float32(bl)/0xffff, float32(a)/0xffff
	}
}

// path appends a filled or stroked path; width 0 fills.
func (b *batch) path(dst *ebiten.Image, p *vector.Path, width float32, c color.Color) {
	if len(b.vs) > 60000 {
		b.flush(dst)
	}
	from := len(b.vs)
	if width == 0 {
		b.vs, b.is = p.AppendVerticesAndIndicesForFilling(b.vs, b.is)
	} else {
		// Miter joins and butt caps: far fewer triangles than round ones,
		// and hexes have no sharp corners to spike.
		b.vs, b.is = p.AppendVerticesAndIndicesForStroke(b.vs, b.is, &vector.StrokeOptions{Width: width, LineJoin: vector.LineJoinMiter, MiterLimit: 4})
	}
	b.colour(from, c)
}

// quad appends the straight line a–z, width wide, as one quad: no caps
// or joins, for lines that meet others end to end (a grid's hexsides).
func (b *batch) quad(dst *ebiten.Image, a, z hexmap.Point, width float64, c color.Color) {
	if len(b.vs) > 60000 {
		b.flush(dst)
	}
	dx, dy := z.X-a.X, z.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*width/2, dx/l*width/2
	from := len(b.vs)
	base := uint16(from)
	for _, p := range [4]hexmap.Point{{X: a.X + nx, Y: a.Y + ny}, {X: z.X + nx, Y: z.Y + ny}, {X: z.X - nx, Y: z.Y - ny}, {X: a.X - nx, Y: a.Y - ny}} {
		b.vs = append(b.vs, ebiten.Vertex{DstX: float32(p.X), DstY: float32(p.Y)})
	}
	b.is = append(b.is, base, base+1, base+2, base, base+2, base+3)
	b.colour(from, c)
}

func (b *batch) flush(dst *ebiten.Image) {
	if len(b.is) == 0 {
		return
	}
	b.drawn += len(b.vs)
	defer func() { b.vs, b.is = b.vs[:0], b.is[:0] }()
	if b.sharp {
		dst.DrawTriangles(b.vs, b.is, white, &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModeStraightAlpha})
		return
	}
	minX, minY := float32(math.Inf(1)), float32(math.Inf(1))
	maxX, maxY := float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, v := range b.vs {
		minX, minY = min(minX, v.DstX), min(minY, v.DstY)
		maxX, maxY = max(maxX, v.DstX), max(maxY, v.DstY)
	}
	r := image.Rect(int(math.Floor(float64(minX)))-2, int(math.Floor(float64(minY)))-2, int(math.Ceil(float64(maxX)))+3, int(math.Ceil(float64(maxY)))+3)
	if b.dmg != nil {
		b.dmg.add(r)
	}
	drawSmooth(dst, b.vs, b.is, r.Intersect(dst.Bounds()))
}

// smoothTile is the most of a target drawSmooth draws at once, in pixels a
// side: larger areas go tile by tile, so its scratch image stays small.
const smoothTile = 512

// smoothScratch is drawSmooth's drawing surface.
var smoothScratch *ebiten.Image

// drawSmooth draws solid triangles over the area r of dst with smoothed
// edges: superScale times larger on a cleared scratch image, shrunk with
// linear filtering onto dst. (Ebiten's own AntiAlias does the same, but
// makes a new buffer each time the drawn area changes and leaves the old
// to the garbage collector: frames slower by a quarter and memory that
// grows between collections, under a software renderer.) It moves vs.
func drawSmooth(dst *ebiten.Image, vs []ebiten.Vertex, is []uint16, r image.Rectangle) {
	if r.Empty() {
		return
	}
	if smoothScratch == nil {
		n := smoothTile * superScale
		smoothScratch = ebiten.NewImageWithOptions(image.Rect(0, 0, n, n), &ebiten.NewImageOptions{Unmanaged: true})
	}
	op := &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModeStraightAlpha}
	// Vertices in scratch pixels, from the area's corner.
	ox, oy := float32(r.Min.X), float32(r.Min.Y)
	for i := range vs {
		vs[i].DstX = (vs[i].DstX - ox) * superScale
		vs[i].DstY = (vs[i].DstY - oy) * superScale
	}
	multi := r.Dx() > smoothTile || r.Dy() > smoothTile
	for ty := r.Min.Y; ty < r.Max.Y; ty += smoothTile {
		for tx := r.Min.X; tx < r.Max.X; tx += smoothTile {
			w, h := min(smoothTile, r.Max.X-tx), min(smoothTile, r.Max.Y-ty)
			area := smoothScratch.SubImage(image.Rect(0, 0, w*superScale, h*superScale)).(*ebiten.Image)
			area.Clear()
			dx, dy := float32(tx-r.Min.X)*superScale, float32(ty-r.Min.Y)*superScale
			tvs, tis := vs, is
			if multi {
				// Only the triangles over this tile, each vertex once, moved
				// to the tile's corner: the renderer is handed each triangle
				// about once a frame, not once a tile.
				tvs, tis = smoothTileCut(vs, is, dx, dy, float32(w*superScale), float32(h*superScale))
				for i := range tvs {
					tvs[i].DstX -= dx
					tvs[i].DstY -= dy
				}
			}
			if len(tis) > 0 {
				area.DrawTriangles(tvs, tis, white, op)
			}
			do := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
			do.GeoM.Scale(1.0/superScale, 1.0/superScale)
			do.GeoM.Translate(float64(tx), float64(ty))
			dst.DrawImage(area, do)
		}
	}
}

// smoothCut is smoothTileCut's scratch: the triangles of one tile and where
// each vertex of the whole went in them.
var smoothCut struct {
	vs    []ebiten.Vertex
	is    []uint16
	where []int32
}

// smoothTileCut is the triangles of vs and is that reach into the w×h
// tile at x, y (in vs's pixels), with their vertices: a triangle over two
// tiles is in both.
func smoothTileCut(vs []ebiten.Vertex, is []uint16, x, y, w, h float32) ([]ebiten.Vertex, []uint16) {
	c := &smoothCut
	c.vs, c.is = c.vs[:0], c.is[:0]
	if cap(c.where) < len(vs) {
		c.where = make([]int32, len(vs))
	}
	c.where = c.where[:len(vs)]
	for i := range c.where {
		c.where[i] = -1
	}
	// A hair more all round: the filter reads a pixel past the tile.
	x0, y0, x1, y1 := x-superScale, y-superScale, x+w+superScale, y+h+superScale
	for t := 0; t+2 < len(is); t += 3 {
		a, b, d := vs[is[t]], vs[is[t+1]], vs[is[t+2]]
		if max(a.DstX, b.DstX, d.DstX) < x0 || min(a.DstX, b.DstX, d.DstX) > x1 ||
			max(a.DstY, b.DstY, d.DstY) < y0 || min(a.DstY, b.DstY, d.DstY) > y1 {
			continue
		}
		for _, v := range is[t : t+3] {
			if c.where[v] < 0 {
				c.where[v] = int32(len(c.vs))
				c.vs = append(c.vs, vs[v])
			}
			c.is = append(c.is, uint16(c.where[v]))
		}
	}
	return c.vs, c.is
}

func polygon(pts []hexmap.Point) *vector.Path {
	p := polyline(pts)
	p.Close()
	return p
}

func polyline(pts []hexmap.Point) *vector.Path {
	var p vector.Path
	for i, q := range pts {
		if i == 0 {
			p.MoveTo(float32(q.X), float32(q.Y))
		} else {
			p.LineTo(float32(q.X), float32(q.Y))
		}
	}
	return &p
}

func circle(c hexmap.Point, r float64) *vector.Path {
	var p vector.Path
	p.Arc(float32(c.X), float32(c.Y), float32(r), 0, 2*3.14159265, vector.Clockwise)
	p.Close()
	return &p
}

func lerpPt(a, b hexmap.Point, t float64) hexmap.Point {
	return hexmap.Point{X: a.X + (b.X-a.X)*t, Y: a.Y + (b.Y-a.Y)*t}
}

// hexColor parses "#rrggbb".
func hexColor(s string) color.RGBA {
	var c color.RGBA
	c.A = 255
	if len(s) == 7 && s[0] == '#' {
		v := func(i int) uint8 {
			n := 0
			for _, ch := range s[i : i+2] {
				n *= 16
				switch {
				case ch >= '0' && ch <= '9':
					n += int(ch - '0')
				case ch >= 'a' && ch <= 'f':
					n += int(ch-'a') + 10
				case ch >= 'A' && ch <= 'F':
					n += int(ch-'A') + 10
				}
			}
			return uint8(n)
		}
		c.R, c.G, c.B = v(1), v(3), v(5)
	}
	return c
}

// shade lightens (f > 0) or darkens (f < 0) a colour by a fraction.
func shade(c color.RGBA, f float64) color.RGBA {
	ch := func(v uint8) uint8 {
		x := float64(v)
		if f > 0 {
			x += (255 - x) * f
		} else {
			x *= 1 + f
		}
		return uint8(x)
	}
	return color.RGBA{ch(c.R), ch(c.G), ch(c.B), c.A}
}

// damage is where a frame drew over the base image: separate boxes, so
// that an overlay at the top and one in the middle are not one big box.
type damage []image.Rectangle

func (d *damage) add(r image.Rectangle) {
	if !r.Empty() {
		*d = append(*d, r)
	}
}

// superScale is how much larger than on screen supersample draws.
const superScale = 2

// scratch is supersample's drawing surface, kept between calls and grown
// when a picture needs more room.
var scratch *ebiten.Image

// releaseScratch gives supersample's scratch image back to the renderer:
// the map's chunks are drawn at a zoom's first frames and the figures'
// sprites once, and the scratch, several megabytes when it held a chunk,
// would otherwise sit idle for as long as the window is open.
func releaseScratch() {
	if scratch != nil {
		scratch.Deallocate()
		scratch = nil
	}
}

// supersample draws a picture of w×h pixels into a new image: paint draws
// it superScale times larger, without anti-aliasing (see batch.sharp), on a
// cleared scratch image, and the result is that shrunk with linear
// filtering, which smooths its edges as anti-aliasing would.
//
// Ebiten's own anti-aliasing draws into a twice-sized buffer per target
// image and makes a new one whenever the drawn area changes, leaving the
// old one to the garbage collector: drawn into many cached images, under a
// software renderer, those buffers held hundreds of megabytes. One shared
// scratch image holds them to one.
func supersample(w, h int, paint func(img *ebiten.Image)) *ebiten.Image {
	// Its own texture, not a place on a shared atlas: pictures come and
	// go with the zoom, and freed atlas space is not given back.
	img := ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
	supersampleOnto(img, w, h, paint)
	return img
}

// supersampleOnto draws as supersample does, over what dst (w×h pixels)
// holds.
func supersampleOnto(dst *ebiten.Image, w, h int, paint func(img *ebiten.Image)) {
	sw, sh := w*superScale, h*superScale
	if scratch == nil || scratch.Bounds().Dx() < sw || scratch.Bounds().Dy() < sh {
		if scratch != nil {
			sw, sh = max(sw, scratch.Bounds().Dx()), max(sh, scratch.Bounds().Dy())
			scratch.Deallocate()
		}
		scratch = ebiten.NewImageWithOptions(image.Rect(0, 0, sw, sh), &ebiten.NewImageOptions{Unmanaged: true})
	}
	area := scratch.SubImage(image.Rect(0, 0, w*superScale, h*superScale)).(*ebiten.Image)
	area.Clear()
	textScale = 1.0 / superScale
	paint(area)
	textScale = 1
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Scale(1.0/superScale, 1.0/superScale)
	dst.DrawImage(area, op)
}
