package board

import (
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"hexslinger/hexmap"
)

// A phone's status bar is four short lines: the last message (an
// attack's result) takes three of them when it needs them, and a tap on
// the bar opens it whole over the map.

// Lines of a handheld's status bar.
const (
	phoneBarLines = 4 // the bar's lines (barH)
	phoneMsgLines = 3 // the most the message takes; the hint keeps one
)

// tapToRead ends a message the bar cut: a tap on it reads it whole.
const tapToRead = " (tap)"

// touchBarText cuts the message msg and the hint into a handheld's bar's
// lines: the message up to phoneMsgLines, the hint the rest (two while
// the message needs no more); a line cut ends in "…".
func (g *Game) touchBarText(msg, hint string) (m, h []string) {
	px := g.minText()
	width := float64(g.w) - 32
	m = cutLines(wrapWords(msg, face(px, true), width), phoneMsgLines, face(px, true), width)
	if n := len(m); n > 0 && strings.Join(m, " ") != strings.Join(wrapWords(msg, face(px, true), width), " ") {
		// cut: the tap that reads it whole is named
		m[n-1] = strings.TrimSuffix(fit(m[n-1], face(px, true), width-textWidth(tapToRead, face(px, true))), "…") + "…" + tapToRead
	}
	h = cutLines(wrapWords(hint, face(px, false), width), phoneBarLines-max(len(m), 2), face(px, false), width)
	return m, h
}

// cutLines keeps the first n of lines, the last of them with the rest
// run on and cut to width.
func cutLines(lines []string, n int, f *text.GoTextFace, width float64) []string {
	if len(lines) <= n {
		return lines
	}
	if n <= 0 {
		return nil
	}
	out := append([]string(nil), lines[:n]...)
	out[n-1] = fit(strings.Join(lines[n-1:], " "), f, width)
	return out
}

// drawTouchBar writes a handheld's bar's lines: the message's from the
// top, the hint's under them.
func (g *Game) drawTouchBar(dst *ebiten.Image, msg string, msgCol color.Color, hint string, hintCol color.Color) {
	px := g.minText()
	m, h := g.touchBarText(msg, hint)
	step := px * 1.2
	y, _ := barLines(px)
	for _, ln := range m {
		barLine(dst, ln, face(px, true), g.w, y, msgCol)
		y += step
	}
	y = max(y-step+px*1.3, px*3.25) // as two lines of message left it, or under the third
	for _, ln := range h {
		barLine(dst, ln, face(px, false), g.w, y, hintCol)
		y += step
	}
}

// messageLines are the last message's lines, whole, as the open bar
// shows them over the map.
func (g *Game) messageLines() []string {
	return wrapWords(g.message, face(g.minText(), true), float64(g.w)-32)
}

// tapBar answers a tap at p with the message open or on the bar: the
// tap closes the open message, or opens it; it reports whether it took
// the tap.
func (g *Game) tapBar(p hexmap.Point) bool {
	switch {
	case g.barOpen:
		g.barOpen = false
		return true
	case g.dev.touch && p.Y >= float64(g.h-g.barH()) && g.message != "":
		g.barOpen = true
		return true
	}
	return false
}

// drawMessageOpen draws the last message whole over the map, above the
// status bar, while a tap on the bar has it open.
func (g *Game) drawMessageOpen(dst *ebiten.Image) {
	if !g.barOpen {
		return
	}
	px := g.minText()
	lines := g.messageLines()
	lh := px * 1.3
	bottom := float64(g.h - g.barH())
	most := max(1, int((bottom-g.mapTop())/lh)-1)
	if len(lines) > most {
		lines = cutLines(lines, most, face(px, true), float64(g.w)-32)
	}
	h := lh*float64(len(lines)) + px
	r := image.Rect(0, int(bottom-h), g.w, int(bottom))
	var b batch
	b.path(dst, polygon(rectOf(r)), 0, color.RGBA{0x18, 0x15, 0x12, 0xf4})
	b.flush(dst)
	col := colText
	if g.messageErr {
		col = colBad
	}
	for i, ln := range lines {
		say(dst, ln, face(px, true), 16, float64(r.Min.Y)+px/2+lh*(float64(i)+0.5), col, false)
	}
	g.damage = append(g.damage, r.Inset(-1))
}
