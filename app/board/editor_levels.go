package board

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/hexmap"
)

// Level badges: with the Raise or Lower tool in hand the editor writes
// each hex's level on it, where it is not 0, on a small plate in the
// hex's upper half (its name is at its foot, its feature and label at its
// middle): a dark plate for a rise, a blue one for a hollow, so that a
// hill's shape reads at a glance.
var (
	colLevelUp   = color.RGBA{0x2a, 0x1e, 0x12, 0xe0}
	colLevelDown = color.RGBA{0x1c, 0x3a, 0x5c, 0xe0}
	colLevelText = color.RGBA{0xff, 0xf4, 0xdc, 0xff}
)

// levelsShown says whether the editor writes the levels: while the Raise
// or Lower tool is in hand (elsewhere a town's raised floors and
// boardwalks would fill the map with numbers; the contours show where the
// ground steps).
func (ed *Editor) levelsShown() bool {
	return ed.e.tool == toolRaise || ed.e.tool == toolLower
}

// minLevelHex is the least hex size (centre to corner, pixels) at which
// the editor writes levels: below it the badge would cover the hex.
const minLevelHex = 12

// levelText is how a level is written on its hex: "+2", "−1".
func levelText(level int) string {
	if level < 0 {
		return fmt.Sprintf("−%d", -level)
	}
	return fmt.Sprintf("+%d", level)
}

// drawLevels writes the level of every hex on screen that is not at 0.
// Only the cells the window shows are looked at, so a big map costs what
// is in view.
func (ed *Editor) drawLevels(dst *ebiten.Image) {
	m, l := ed.e.m, ed.layout
	s := l.Size
	if s < minLevelHex || !ed.levelsShown() {
		return
	}
	size := math.Max(11, math.Min(22, s*0.36))
	lo, hi := onScreen(m, l, ed.w, ed.h)
	for row := lo.Row; row <= hi.Row; row++ {
		for col := lo.Col; col <= hi.Col; col++ {
			h := m.Orientation.FromOffset(hexmap.Offset{Col: col, Row: row})
			e := m.Elevation(h)
			if e == 0 || !m.Contains(h) {
				continue
			}
			bg := colLevelUp
			if e < 0 {
				bg = colLevelDown
			}
			p := l.ToPixel(h)
			k := tagKey{text: levelText(e), size: size, fg: colLevelText, bg: bg, padX: size * 0.3, boxH: math.Round(size * 1.1)}
			// In the hex's upper half, above what is at its middle: its
			// feature, its label's plate (drawMapLabels).
			bh := k.boxH / 2
			y := p.Y - s*0.25 - bh
			if _, ok := m.Feature(h); ok {
				y = math.Min(y, p.Y-s*0.45-1-bh)
			}
			if _, ok := m.Labels[h]; ok {
				y = math.Min(y, p.Y-labelPlateH(s)/2-1-bh)
			}
			ed.tags.draw(dst, k, p.X, y)
		}
	}
}
