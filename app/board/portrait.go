package board

import (
	"image"
	"image/color"
	"log/slog"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	xdraw "golang.org/x/image/draw"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// portraitSide is the side, in pixels, a sheet's picture is kept at once
// decoded: a token's disc is seldom larger.
const portraitSide = 256

// portrait is a sheet's picture, decoded once: the middle square of it at
// portraitSide pixels, and that scaled for each disc it was drawn in.
type portrait struct {
	src    *image.RGBA
	scaled map[int]*ebiten.Image // by diameter in pixels
}

// portraits keeps each character's decoded picture, decoded again only
// when its sheet's picture changes.
type portraits map[string]*portraitEntry

type portraitEntry struct {
	data *byte // the picture's bytes it was decoded from (their identity)
	n    int
	p    *portrait // nil: no picture, or one that does not decode
}

// get is character id's picture for its sheet's bytes data, nil when it
// has none or it does not decode (the token shows the initials).
func (ps *portraits) get(id string, data []byte) *portrait {
	if len(data) == 0 {
		return nil
	}
	if *ps == nil {
		*ps = portraits{}
	}
	if e, ok := (*ps)[id]; ok && e.data == &data[0] && e.n == len(data) {
		return e.p
	}
	e := &portraitEntry{data: &data[0], n: len(data)}
	(*ps)[id] = e
	img, err := session.DecodePortrait(data)
	if err != nil || img == nil {
		slog.Warn("board: a portrait that does not decode; the token shows the initials", "character", id, "err", err)
		return nil
	}
	e.p = &portrait{src: squareCrop(img, portraitSide), scaled: map[int]*ebiten.Image{}}
	return e.p
}

// squareCrop is the middle square of img scaled to side pixels a side.
func squareCrop(img image.Image, side int) *image.RGBA {
	b := img.Bounds()
	n := min(b.Dx(), b.Dy())
	sq := image.Rect(b.Min.X+(b.Dx()-n)/2, b.Min.Y+(b.Dy()-n)/2, 0, 0)
	sq.Max = sq.Min.Add(image.Pt(n, n))
	out := image.NewRGBA(image.Rect(0, 0, side, side))
	xdraw.CatmullRom.Scale(out, out.Bounds(), img, sq, xdraw.Src, nil)
	return out
}

// at is the picture d pixels a side, scaled once per size.
func (p *portrait) at(d int) *ebiten.Image {
	if img, ok := p.scaled[d]; ok {
		return img
	}
	if len(p.scaled) > 8 { // zoomed through many sizes: start afresh
		for _, img := range p.scaled {
			img.Deallocate()
		}
		clear(p.scaled)
	}
	dst := image.NewRGBA(image.Rect(0, 0, d, d))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), p.src, p.src.Bounds(), xdraw.Src, nil)
	img := ebiten.NewImageFromImageWithOptions(dst, &ebiten.NewImageFromImageOptions{Unmanaged: true})
	p.scaled[d] = img
	return img
}

// drawPortrait draws p clipped to the disc of radius r about o.
func drawPortrait(dst *ebiten.Image, p *portrait, o hexmap.Point, r float64) {
	d := int(math.Ceil(2 * r))
	if d < 2 {
		return
	}
	disc := ebiten.NewImage(d, d)
	defer disc.Deallocate()
	b := batch{sharp: true}
	b.path(disc, circle(hexmap.Point{X: float64(d) / 2, Y: float64(d) / 2}, r), 0, color.White)
	b.flush(disc)
	disc.DrawImage(p.at(d), &ebiten.DrawImageOptions{Blend: ebiten.BlendSourceIn})
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(o.X-float64(d)/2, o.Y-float64(d)/2)
	dst.DrawImage(disc, op)
}
