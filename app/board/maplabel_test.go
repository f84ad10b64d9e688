package board

import (
	"image/color"
	"math"
	"testing"

	"hexslinger/hexmap"
)

// luminance is the relative luminance of c (WCAG 2).
func luminance(c color.RGBA) float64 {
	ch := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.03928 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
}

// over is c laid over the opaque colour under, by c's opacity.
func over(c, under color.RGBA) color.RGBA {
	a := float64(c.A) / 255
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*a + float64(y)*(1-a))) }
	return color.RGBA{mix(c.R, under.R), mix(c.G, under.G), mix(c.B, under.B), 0xff}
}

// TestMapLabelsReadOnEveryTerrain: a map label's letters contrast with
// what is behind them (its plate over the terrain, at any level the
// editor shades) by at least 4.5:1, the WCAG ratio for text, on every
// terrain: dark ink on water did not.
func TestMapLabelsReadOnEveryTerrain(t *testing.T) {
	for _, name := range hexmap.TerrainNames() {
		t.Run(name, func(t *testing.T) {
			tr := hexmap.Terrains[name]
			fg, plate := mapLabelColours(tr)
			for _, level := range []int{-3, 0, 3} {
				ground := shade(hexColor(tr.Color), 0.06*float64(level))
				back := over(plate, ground)
				a, b := luminance(fg), luminance(back)
				ratio := (math.Max(a, b) + 0.05) / (math.Min(a, b) + 0.05)
				if ratio < 4.5 {
					t.Errorf("label on %s (%s) at level %d: letters %v on %v, contrast %.2f:1, want at least 4.5:1", name, tr.Color, level, fg, back, ratio)
				}
			}
		})
	}
}
