package board

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"math"
	"runtime/debug"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/draw"

	"hexslinger/hexmap"
)

// A map's picture (hexmap.Background: a battle map drawn in another tool,
// or a UVTT file's image) is drawn under the hexes, aligned with them at
// every zoom and pan. It is decoded once per map picture, off the frame
// loop (a big one takes seconds), and scaled down there once if it is very
// large; then handed to the renderer as one texture, a few bands of rows a
// frame, keeping no copy of its pixels in Go's heap once there. Meanwhile
// the window draws the map without it and says how far it has come. Each
// chunk of the map (chunkCache) is drawn with its part of the picture
// under its hexes, so the picture costs a frame nothing.

// backdropPixels caps the pixels kept of a picture: a bigger one is
// scaled down once as it is loaded. 2048×2048 keeps more than a
// 1920-wide screen shows of a whole map in 16 MiB.
const backdropPixels = 2048 * 2048

// backdropBand is how many rows of the kept picture are handed to the
// renderer at a time: the kept picture and the texture are the only whole
// copies that exist, and the kept one only until it is handed over. Ebiten
// keeps up to 31 of the buffers it copies written pixels into, for reuse,
// however big: bands of 8 rows of 2048 pixels leave it at most 2 MiB of
// the picture to keep.
const backdropBand = 8

// bandsPerFrame is how many bands a frame hands to the renderer: a
// 2048×2048 picture goes in four frames of 4 MiB each.
const bandsPerFrame = 64

// decodeBackground decodes a map's picture: hexmap's decoder, or in a
// test one that holds the decoding until the test lets it go.
var decodeBackground = hexmap.DecodeBackgroundContext

// Picture modes: how a map's picture shows (the I key cycles them).
const (
	pictureShown = iota
	pictureDimmed
	pictureHidden
	pictureModes
)

// pictureModeNames say the picture mode on the bar.
var pictureModeNames = [pictureModes]string{"shown", "dimmed", "hidden"}

// backdrop is a map's picture as a window draws it, for one picture; and
// how the window shows it.
type backdrop struct {
	of     []byte        // the picture's file bytes tex is, or is being, made from
	tex    *ebiten.Image // the picture, at most backdropPixels, on the renderer once ready
	ready  bool          // tex holds the whole picture
	scale  float64       // picture pixels per pixel of tex (1, or more when scaled down)
	err    error         // the picture could not be decoded
	mode   int           // pictureShown, pictureDimmed or pictureHidden
	noGrid bool          // the hex grid's lines are not drawn over the picture
	// loading is the picture being decoded on a goroutine of its own,
	// then handed to the renderer; nil when none is.
	loading *pictureLoad
}

// pictureLoad is a picture on its way to the renderer: decoded and kept
// on its own goroutine, then written to the texture bandsPerFrame bands a
// frame.
type pictureLoad struct {
	cancel context.CancelFunc
	done   chan keptPicture
	mu     sync.Mutex
	frac   float64 // how much of the decoding is done, 0 to 1
	kept   *keptPicture
	row    int // the rows of kept written to the texture
}

// progress is how far the load has come, 0 to 1.
func (l *pictureLoad) progress() float64 {
	if l.kept != nil {
		return 1
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.frac
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

// keepShare is the part of keepPicture's work the decoding takes; the
// scaling down the rest.
const keepShare = 0.9

// keepPicture decodes bg's picture and scales it to what a window keeps,
// telling fn (which may be nil) how far it has come; it stops with ctx's
// error once ctx is done. It needs no renderer: a window's loader runs it
// on its own goroutine.
func keepPicture(ctx context.Context, bg *hexmap.Background, fn hexmap.Progress) keptPicture {
	if fn == nil {
		fn = func(string, float64) {}
	}
	k := keptPicture{of: bg.Image}
	pic, err := decodeBackground(ctx, bg, func(stage string, frac float64) { fn(stage, frac*keepShare) })
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
		fn("scaling the picture down", keepShare)
		draw.ApproxBiLinear.Scale(k.img, k.img.Rect, pic, r, draw.Src, nil)
	}
	fn("scaling the picture down", 1)
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

// samePicture reports whether data is the picture b is made from: the
// same bytes, or a copy of them (a fresh state of the same fight, its map
// read anew), which b then keeps instead.
func (b *backdrop) samePicture(data []byte) bool {
	switch {
	case len(data) != len(b.of) || len(data) == 0:
		return false
	case &data[0] == &b.of[0]:
		return true
	case bytes.Equal(data, b.of):
		b.of = data
		return true
	}
	return false
}

// start drops the picture b had and any load under way, and makes data
// the picture b is made from.
func (b *backdrop) start(data []byte) {
	if b.loading != nil {
		b.loading.cancel()
		b.loading = nil
	}
	if b.tex != nil {
		b.tex.Deallocate()
	}
	b.of, b.tex, b.ready, b.err, b.scale = data, nil, false, nil, 1
}

// poll keeps bg's picture coming, and never waits; a window calls it once
// a frame, before drawing its map. It starts decoding a picture b has not
// got, on a goroutine of its own; takes the decoded picture once it is
// ready; and hands bandsPerFrame of its bands to the renderer a call.
func (b *backdrop) poll(bg *hexmap.Background) {
	if bg == nil || len(bg.Image) == 0 {
		return
	}
	if !b.samePicture(bg.Image) {
		b.start(bg.Image)
		ctx, cancel := context.WithCancel(context.Background())
		l := &pictureLoad{cancel: cancel, done: make(chan keptPicture, 1)}
		b.loading = l
		go func() {
			l.done <- keepPicture(ctx, bg, func(_ string, frac float64) {
				l.mu.Lock()
				l.frac = frac
				l.mu.Unlock()
			})
		}()
	}
	l := b.loading
	if l == nil {
		return
	}
	if l.kept == nil {
		select {
		case k := <-l.done:
			l.kept = &k
		default:
			return
		}
	}
	b.write(l.kept, bandsPerFrame)
}

// adopt takes k, made by keepPicture from bg's picture, as the picture it
// draws, so that poll has nothing left to decode; poll hands it to the
// renderer.
func (b *backdrop) adopt(bg *hexmap.Background, k keptPicture) {
	if bg == nil || len(bg.Image) == 0 || len(k.of) != len(bg.Image) || &k.of[0] != &bg.Image[0] {
		return
	}
	b.start(bg.Image)
	b.loading = &pictureLoad{cancel: func() {}, kept: &k}
	b.write(&k, bandsPerFrame)
}

// write hands up to bands more bands of k to the renderer, making the
// texture first; once all are written the picture is ready and the load
// over.
func (b *backdrop) write(k *keptPicture, bands int) {
	l := b.loading
	if k.err != nil {
		b.err, b.loading = k.err, nil
		return
	}
	w, h := k.img.Rect.Dx(), k.img.Rect.Dy()
	if b.tex == nil {
		b.tex = ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
		b.scale = k.scale
	}
	for ; bands > 0 && l.row < h; bands-- {
		rows := min(backdropBand, h-l.row)
		b.tex.SubImage(image.Rect(0, l.row, w, l.row+rows)).(*ebiten.Image).WritePixels(k.img.Pix[l.row*k.img.Stride : (l.row+rows)*k.img.Stride])
		l.row += rows
	}
	if l.row >= h {
		b.ready, b.loading = true, nil // the kept picture is garbage now
	}
}

// showing reports whether a map's picture is drawn under its hexes (and
// so the hexes are drawn over it as lines and tints, not as fills): once
// it is on the renderer whole. The window's poll, once a frame, brings it.
func (b *backdrop) showing(m *hexmap.Map) bool {
	if m == nil || m.Background == nil || len(m.Background.Image) == 0 || len(b.of) != len(m.Background.Image) || &b.of[0] != &m.Background.Image[0] {
		return false
	}
	return b.mode != pictureHidden && b.err == nil && b.ready
}

// state is what the window shows of the picture's coming: whether it is
// ready, how far it has come in percent while it is not, and whether it
// failed; a window draws again when it changes.
func (b *backdrop) state() pictureState {
	s := pictureState{ready: b.ready, failed: b.err != nil}
	if b.loading != nil {
		s.percent = int(b.loading.progress() * 100)
	}
	return s
}

// pictureState is what a window shows of its picture's coming.
type pictureState struct {
	ready   bool
	percent int
	failed  bool
}

// whole is s without its percent: whether the picture is ready or failed.
func (s pictureState) whole() pictureState { return pictureState{ready: s.ready, failed: s.failed} }

// note is what the status bar says of the picture while it comes: how
// far it has come; nothing once it shows, or when there is none.
func (b *backdrop) note() string {
	if b.loading == nil {
		return ""
	}
	return fmt.Sprintf("Loading the map's picture… %d%%", int(b.loading.progress()*100))
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
	switch {
	case b.err != nil:
		return "Picture: cannot show"
	case b.loading != nil:
		return "Picture: loading… (I)"
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
