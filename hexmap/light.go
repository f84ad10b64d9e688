package hexmap

import (
	"encoding/hex"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"
)

// Light is a light source drawn on a battle map in another tool (a UVTT
// file's "lights"), kept with the map for the fog of war: where it stands
// among the hexes (At, in the layout of hexes one unit wide, as
// Background.Origin), how far it reaches in hexes, and its colour and
// intensity as the file gave them.
type Light struct {
	At        Point   `json:"at"`
	Range     float64 `json:"range"`
	Intensity float64 `json:"intensity,omitempty"`
	Color     string  `json:"color,omitempty"` // "aarrggbb", as UVTT writes it (RGBA)
	Shadows   bool    `json:"shadows,omitempty"`
}

// MaxLights caps the lights of a map.
const MaxLights = 5000

// check says what is wrong with l.
func (l Light) check() error {
	for _, v := range []float64{l.At.X, l.At.Y, l.Range, l.Intensity} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("is not finite")
		}
	}
	if l.Range < 0 || l.Range > MaxSide {
		return fmt.Errorf("reaches %g hexes, want 0 to %d", l.Range, MaxSide)
	}
	if len(l.Color) > 16 {
		return fmt.Errorf("has a colour of %d characters, want at most 16", len(l.Color))
	}
	return nil
}

// checkLights checks a map file's lights.
func checkLights(ls []Light) error {
	if len(ls) > MaxLights {
		return fieldErr("lights", "has %d lights, want at most %d", len(ls), MaxLights)
	}
	for i, l := range ls {
		if err := l.check(); err != nil {
			return &FieldError{fmt.Sprintf("lights[%d]", i), err}
		}
	}
	return nil
}

func sameLights(a, b []Light) bool { return slices.Equal(a, b) }

// RGBA is l's colour read as UVTT writes it, "aarrggbb", alpha first
// (Dungeondraft's "ffeccd8b" is an opaque #eccd8b), with or without a
// leading "#", or a web colour "rrggbb" (Foundry's "#eccd8b"), opaque;
// ok is false for anything else.
func (l Light) RGBA() (c color.NRGBA, ok bool) {
	s := strings.TrimPrefix(l.Color, "#")
	b, err := hex.DecodeString(s)
	switch {
	case err != nil:
		return color.NRGBA{}, false
	case len(b) == 4:
		return color.NRGBA{R: b[1], G: b[2], B: b[3], A: b[0]}, true
	case len(b) == 3:
		return color.NRGBA{R: b[0], G: b[1], B: b[2], A: 0xff}, true
	}
	return color.NRGBA{}, false
}

// uvColor is a light's colour as UVTT writes it, "aarrggbb" in lower
// case, whatever form the map has it in; a colour RGBA cannot read is
// written as it is.
func uvColor(s string) string {
	c, ok := Light{Color: s}.RGBA()
	if !ok {
		return s
	}
	return fmt.Sprintf("%02x%02x%02x%02x", c.A, c.R, c.G, c.B)
}
