package board

import (
	"bytes"
	"image/color"

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

func face(size float64, bold bool) *text.GoTextFace {
	if bold {
		return &text.GoTextFace{Source: boldSource, Size: size}
	}
	return &text.GoTextFace{Source: regularSource, Size: size}
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
