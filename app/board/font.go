package board

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

var (
	regularSource = mustFont(goregular.TTF)
	boldSource    = mustFont(gobold.TTF)
)

func mustFont(ttf []byte) *text.GoTextFaceSource {
	s, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
	if err != nil {
		panic(err) // the embedded Go fonts always parse
	}
	return s
}

type faceKey struct {
	size float64
	bold bool
}

// faces keeps one face per size, so that the text package's glyph cache,
// which is per face, is reused frame after frame.
var faces = map[faceKey]*text.GoTextFace{}

func face(size float64, bold bool) *text.GoTextFace {
	size = math.Round(size*2) / 2 // half-point steps: few faces
	k := faceKey{size, bold}
	if f, ok := faces[k]; ok {
		return f
	}
	src := regularSource
	if bold {
		src = boldSource
	}
	f := &text.GoTextFace{Source: src, Size: size}
	faces[k] = f
	return f
}

// say draws s with its centre (align center) or left edge at x, its vertical
// middle at y.
func say(dst *ebiten.Image, s string, f *text.GoTextFace, x, y float64, c color.Color, center bool) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.SecondaryAlign = text.AlignCenter
	if center {
		op.PrimaryAlign = text.AlignCenter
	}
	text.Draw(dst, s, f, op)
	census(s, f.Metrics().CapHeight)
}

// sayNarrow writes s centred at x, y as say does, its letters narrowed
// to wide (1: as the face draws them, less: condensed) but as tall: the
// height of capitals is what reads from across a table.
func sayNarrow(dst *ebiten.Image, s string, f *text.GoTextFace, x, y, wide float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Scale(wide, 1)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign, op.SecondaryAlign = text.AlignCenter, text.AlignCenter
	text.Draw(dst, s, f, op)
	census(s, f.Metrics().CapHeight)
}

// textWidth is how wide s is in face f.
func textWidth(s string, f *text.GoTextFace) float64 {
	w, _ := text.Measure(s, f, 0)
	return w
}

// fitKey names a text cut to a width.
type fitKey struct {
	s     string
	f     *text.GoTextFace
	width float64
}

// fitted caches fit's answers: the status bars ask every frame they draw.
var fitted = map[fitKey]string{}

// fit returns s if it is no wider than width in face f, else as much of it
// as fits followed by "…": a line of the status bar never runs off the
// window.
func fit(s string, f *text.GoTextFace, width float64) string {
	k := fitKey{s, f, width}
	if out, ok := fitted[k]; ok {
		return out
	}
	out := s
	if textWidth(s, f) > width {
		rs := []rune(s)
		lo, hi := 0, len(rs) // the longest prefix that fits is lo runes
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if textWidth(string(rs[:mid])+"…", f) <= width {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		out = strings.TrimRight(string(rs[:lo]), " ·—,") + "…"
	}
	if len(fitted) > 256 {
		clear(fitted)
	}
	fitted[k] = out
	return out
}

// barLine writes a line of a status bar barWidth wide at height y, from
// its left margin, cut to fit within its margins.
func barLine(dst *ebiten.Image, s string, f *text.GoTextFace, barWidth int, y float64, c color.Color) {
	say(dst, fit(s, f, float64(barWidth)-32), f, 16, y, c, false)
}

// tagKey names a cached text tag: a short text on a filled box.
type tagKey struct {
	text     string
	size     float64
	fg, bg   color.RGBA
	padX     float64
	boxW     float64
	boxH     float64
	centered bool
}

// tagCache holds rendered tags. On a software renderer, drawing text
// straight onto the screen among the frame's other drawing costs far more
// than copying an image that holds it, so text that follows the pointer
// is rendered once into an image and copied.
type tagCache map[tagKey]*ebiten.Image

// maxTags bounds the tag cache; past it the cache starts afresh.
const maxTags = 256

// draw copies the tag centred on (x, y), rendering it first if new, and
// returns where it went.
func (c *tagCache) draw(dst *ebiten.Image, k tagKey, x, y float64) image.Rectangle {
	if *c == nil || len(*c) > maxTags {
		for _, img := range *c {
			img.Deallocate()
		}
		*c = tagCache{}
	}
	img, ok := (*c)[k]
	if !ok {
		f := face(k.size, true)
		w, h := k.boxW, k.boxH
		if w == 0 {
			w = textWidth(k.text, f) + 2*k.padX
		}
		img = ebiten.NewImage(int(math.Ceil(w)), int(math.Ceil(h)))
		img.Fill(k.bg)
		say(img, k.text, f, w/2, h/2, k.fg, true)
		(*c)[k] = img
	}
	b := img.Bounds()
	x0, y0 := x-float64(b.Dx())/2, y-float64(b.Dy())/2
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x0), math.Round(y0))
	dst.DrawImage(img, op)
	return image.Rect(int(x0)-1, int(y0)-1, int(x0)+b.Dx()+2, int(y0)+b.Dy()+2)
}
