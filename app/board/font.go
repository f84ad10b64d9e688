package board

import (
	"bytes"
	"image/color"
	"math"

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
}

// textWidth is how wide s is in face f.
func textWidth(s string, f *text.GoTextFace) float64 {
	w, _ := text.Measure(s, f, 0)
	return w
}
