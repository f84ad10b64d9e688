package board

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"math"
	"runtime/debug"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/draw"

	"hexslinger/hexmap"
)

// A map's picture (hexmap.Background: a battle map drawn in another tool,
// or a UVTT file's image) is drawn under the hexes, aligned with them at
// every zoom and pan. It is decoded once per map picture (scaled down
// once if it is very large) and handed to the renderer as one texture,
// keeping no copy of its pixels in Go's heap; each chunk of the map
// (chunkCache) is drawn with its part of the picture under its hexes, so
// the picture costs a frame nothing.

// backdropPixels caps the pixels kept of a picture: a bigger one is
// scaled down once as it is loaded. 2048×2048 keeps more than a
// 1920-wide screen shows of a whole map in 16 MiB.
const backdropPixels = 2048 * 2048

// backdropBand is how many rows of the kept picture are made at a time on
// their way to the renderer: the decoded picture and the texture are the
// only whole copies that ever exist. Ebiten keeps up to 31 of the buffers
// it copies written pixels into, for reuse, however big: bands of 8 rows
// of 2048 pixels leave it at most 2 MiB of the picture to keep.
const backdropBand = 8

// Picture modes: how a map's picture shows (the I key cycles them).
const (
	pictureShown = iota
	pictureDimmed
	pictureHidden
	pictureModes
)

// pictureModeNames say the picture mode on the bar.
var pictureModeNames = [pictureModes]string{"shown", "dimmed", "hidden"}

// backdrop is a map's picture, decoded, for one picture; and how a window
// shows it.
type backdrop struct {
	of     []byte        // the picture's file bytes it was made from
	tex    *ebiten.Image // the picture, at most backdropPixels, on the renderer
	scale  float64       // picture pixels per pixel of tex (1, or more when scaled down)
	err    error         // the picture could not be decoded
	mode   int           // pictureShown, pictureDimmed or pictureHidden
	noGrid bool          // the hex grid's lines are not drawn over the picture
}

// keptPicture is a map's picture as a window keeps it (at most
// backdropPixels), made off the frame loop by keepPicture for a window to
// adopt: of is the picture's file bytes it was made from.
type keptPicture struct {
	of    []byte
	img   *image.RGBA
	scale float64
	err   error
}

// keepPicture decodes bg's picture and scales it to what a window keeps,
// telling fn how far the decoding has come; it stops with ctx's error once
// ctx is done. It needs no renderer: a window's loader runs it on its own
// goroutine.
func keepPicture(ctx context.Context, bg *hexmap.Background, fn hexmap.Progress) keptPicture {
	k := keptPicture{of: bg.Image}
	pic, err := hexmap.DecodeBackgroundContext(ctx, bg, fn)
	if err != nil {
		k.err = err
		return k
	}
	r := pic.Bounds()
	w, h := keptSize(r.Dx(), r.Dy())
	k.scale = float64(r.Dx()) / float64(w)
	k.img = image.NewRGBA(image.Rect(0, 0, w, h))
	if w == r.Dx() && h == r.Dy() {
		draw.Draw(k.img, k.img.Rect, pic, r.Min, draw.Src)
	} else {
		draw.ApproxBiLinear.Scale(k.img, k.img.Rect, pic, r, draw.Src, nil)
	}
	pic = nil
	debug.FreeOSMemory() // the decoded picture is garbage now
	return k
}

// keptSize is the size a window keeps of a w×h picture: all of it, or
// scaled down to backdropPixels.
func keptSize(w, h int) (int, int) {
	if w*h > backdropPixels {
		k := math.Sqrt(float64(w*h) / backdropPixels)
		w, h = max(1, int(float64(w)/k)), max(1, int(float64(h)/k))
	}
	return w, h
}

// adopt takes k, made by keepPicture from bg's picture, as the picture it
// draws, band by band to the renderer, so that load has nothing left to
// decode.
func (b *backdrop) adopt(bg *hexmap.Background, k keptPicture) {
	if bg == nil || len(bg.Image) == 0 || len(k.of) != len(bg.Image) || &k.of[0] != &bg.Image[0] {
		return
	}
	if b.tex != nil {
		b.tex.Deallocate()
	}
	b.of, b.tex, b.err, b.scale = bg.Image, nil, k.err, k.scale
	if k.err != nil {
		return
	}
	w, h := k.img.Rect.Dx(), k.img.Rect.Dy()
	b.tex = ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
	for y := 0; y < h; y += backdropBand {
		rows := min(backdropBand, h-y)
		b.tex.SubImage(image.Rect(0, y, w, y+rows)).(*ebiten.Image).WritePixels(k.img.Pix[y*k.img.Stride : (y+rows)*k.img.Stride])
	}
}

// load decodes bg's picture, once per picture.
func (b *backdrop) load(bg *hexmap.Background) {
	if bg == nil || len(bg.Image) == 0 || (len(b.of) == len(bg.Image) && &b.of[0] == &bg.Image[0]) {
		return
	}
	if b.tex != nil {
		b.tex.Deallocate()
	}
	b.of, b.tex, b.err = bg.Image, nil, nil
	pic, err := hexmap.DecodeBackground(bg)
	if err != nil {
		b.err = err
		return
	}
	r := pic.Bounds()
	w, h := keptSize(r.Dx(), r.Dy())
	b.scale = float64(r.Dx()) / float64(w)
	b.tex = ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
	// Band by band: each band's rows of the kept picture, scaled from the
	// whole of the decoded one (the scaler writes only the part of its
	// target inside the band), then copied by the renderer.
	band := image.NewRGBA(image.Rect(0, 0, w, min(h, backdropBand)))
	for y := 0; y < h; y += backdropBand {
		rows := min(backdropBand, h-y)
		part := band.SubImage(image.Rect(0, 0, w, rows)).(*image.RGBA)
		if w == r.Dx() && h == r.Dy() {
			draw.Draw(part, part.Rect, pic, image.Pt(r.Min.X, r.Min.Y+y), draw.Src)
		} else {
			draw.ApproxBiLinear.Scale(part, image.Rect(0, -y, w, h-y), pic, r, draw.Src, nil)
		}
		b.tex.SubImage(image.Rect(0, y, w, y+rows)).(*ebiten.Image).WritePixels(part.Pix[:4*w*rows])
	}
	// The decoded picture is garbage now; give its memory back at once
	// rather than at the next collection, as a window's memory is watched.
	pic, band = nil, nil
	debug.FreeOSMemory()
}

// showing reports whether a map's picture is drawn under its hexes (and
// so the hexes are drawn over it as lines and tints, not as fills); it
// decodes the picture the first time.
func (b *backdrop) showing(m *hexmap.Map) bool {
	if m == nil || m.Background == nil || b.mode == pictureHidden {
		return false
	}
	b.load(m.Background)
	return b.err == nil && b.tex != nil
}

// drawPart draws m's picture under hexes, the cells of one chunk drawn
// into dst in layout l (hexes of size s with hex (0,0)'s centre at
// origin): the picture is laid on the hexes' own shapes, so that a chunk
// never paints over the grid lines and walls its neighbour drew where
// their images overlap.
func (b *backdrop) drawPart(dst *ebiten.Image, m *hexmap.Map, hexes []hexmap.Hex, s float64, origin hexmap.Point) {
	at, k := pictureFrame(m.Background, s, origin)
	k *= b.scale // dst pixels a pixel of tex
	// Nothing to draw where dst lies off the picture.
	d, pr := dst.Bounds(), b.tex.Bounds()
	if float64(d.Max.X) <= at.X || float64(d.Max.Y) <= at.Y ||
		float64(d.Min.X) >= at.X+k*float64(pr.Dx()) || float64(d.Min.Y) >= at.Y+k*float64(pr.Dy()) {
		return
	}
	shade := float32(1)
	if b.mode == pictureDimmed {
		shade = 0.45
	}
	// Each hex a fan of four triangles from its corners, a hair larger
	// than the hex about its own centre so that neighbours leave no seam.
	vs := make([]ebiten.Vertex, 0, 6*len(hexes))
	is := make([]uint16, 0, 12*len(hexes))
	flush := func() {
		if len(is) > 0 {
			dst.DrawTriangles(vs, is, b.tex, &ebiten.DrawTrianglesOptions{Filter: ebiten.FilterLinear, Address: ebiten.AddressClampToZero})
		}
		vs, is = vs[:0], is[:0]
	}
	for _, h := range hexes {
		if len(vs)+6 > math.MaxUint16 {
			flush()
		}
		base := uint16(len(vs))
		for _, c := range hairLarger(m.Orientation, s, origin, h) {
			vs = append(vs, ebiten.Vertex{DstX: float32(c.X), DstY: float32(c.Y),
				SrcX: float32((c.X - at.X) / k), SrcY: float32((c.Y - at.Y) / k),
				ColorR: shade, ColorG: shade, ColorB: shade, ColorA: 1})
		}
		for i := uint16(1); i < 5; i++ {
			is = append(is, base, base+i, base+i+1)
		}
	}
	flush()
}

// hairLarger is the corners of hex h, of size s with hex (0,0)'s centre
// at origin, drawn half a pixel larger about its own centre. (A layout of
// hexes half a pixel larger would move each hex's centre too, by half a
// pixel for every hex it lies from hex (0,0): far from it, or zoomed out
// over many hexes, the hexes at a chunk's edges lay off the chunk's image
// and showed no picture, as stripes.)
func hairLarger(o hexmap.Orientation, s float64, origin hexmap.Point, h hexmap.Hex) [6]hexmap.Point {
	at := hexmap.Layout{Orientation: o, Size: s, Origin: origin}.ToPixel(h)
	cs := hexmap.Layout{Orientation: o, Size: s + 0.5}.Corners(hexmap.Hex{})
	for i := range cs {
		cs[i].X += at.X
		cs[i].Y += at.Y
	}
	return cs
}

// pictureFrame is where a map's picture lies in a layout of hexes of size
// s with hex (0,0)'s centre at origin: its top left at, and k layout
// pixels a picture pixel. A reference-layout unit (a hex 1 wide) is √3·s
// pixels; the picture's pixel (x, y) lies at bg.Origin + (x, y) /
// PixelsPerHex units.
func pictureFrame(bg *hexmap.Background, s float64, origin hexmap.Point) (at hexmap.Point, k float64) {
	unit := math.Sqrt(3) * s
	return hexmap.Point{X: origin.X + bg.Origin.X*unit, Y: origin.Y + bg.Origin.Y*unit}, unit / bg.PixelsPerHex
}

// pictureLabel is the bar's word on the picture: its mode, or why it does
// not show.
func (b *backdrop) pictureLabel() string {
	if b.err != nil {
		return "Picture: cannot show"
	}
	return fmt.Sprintf("Picture: %s (I)", pictureModeNames[b.mode])
}

// tint is the colour a terrain shows as over a picture: nothing for open
// ground (the picture shows what it looks like), a see-through wash of
// its colour where the terrain matters to movement or sight, so the rules'
// terrain reads over any art.
func tint(t hexmap.Terrain) (color.RGBA, bool) {
	if t.Move == hexmap.MoveOpen && !t.BlocksSight {
		return color.RGBA{}, false
	}
	c := hexColor(t.Color)
	c.A = 0x70
	return c, true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
