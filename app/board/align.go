package board

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hexslinger/hexmap"
)

// The align tool lays the hex grid on a map's picture (a battle map made
// in another tool, opened as a PNG, JPEG or WebP): drag to move the grid,
// = and − to make the hexes larger or smaller (with Shift, finely), O for
// the other orientation, or click the centres of three hexes drawn on the
// picture that touch each other. The picture stays put on the screen
// while the grid moves over it; each change is a new blank map over the
// picture (hexmap.Realign), one undo step a gesture.

// toolAlign is the align tool.
const toolAlign = "align"

// alignState is the align tool's gesture in hand.
type alignState struct {
	clicks  []hexmap.Point // the picture points clicked as hex centres
	pressed bool
	from    image.Point      // where the press began, on the screen
	fromPic hexmap.Point     // and on the picture
	start   hexmap.Alignment // the alignment when it began
	moved   bool             // the press became a drag
}

// canAlign reports whether the map has a picture to align the grid on,
// and the editor edits a map file (a fight's map keeps its grid: its
// figures stand on it).
func (ed *Editor) canAlign() bool {
	return ed.e.m.Background != nil && ed.back == nil
}

// toPicture is a screen point in the picture's pixels.
func (ed *Editor) toPicture(p hexmap.Point) hexmap.Point {
	at, k := pictureFrame(ed.e.m.Background, ed.layout.Size, ed.layout.Origin)
	return hexmap.Point{X: (p.X - at.X) / k, Y: (p.Y - at.Y) / k}
}

// fromPicture is a picture point on the screen.
func (ed *Editor) fromPicture(p hexmap.Point) hexmap.Point {
	at, k := pictureFrame(ed.e.m.Background, ed.layout.Size, ed.layout.Origin)
	return hexmap.Point{X: at.X + p.X*k, Y: at.Y + p.Y*k}
}

// realign lays the grid afresh as a says, keeping the picture where it is
// on the screen; undo, when set, opens an undo step first.
func (ed *Editor) realign(a hexmap.Alignment, undo bool) {
	e := ed.e
	old := e.m
	n, err := hexmap.Realign(old, a)
	if err != nil {
		ed.say("Cannot align the grid: "+err.Error(), true)
		return
	}
	if undo {
		e.begin()
		e.end()
	}
	// The picture's top left and scale on the screen stay: the layout's
	// size follows the hex size, its origin the picture's place.
	tl, _ := pictureFrame(old.Background, ed.layout.Size, ed.layout.Origin)
	ed.layout.Size *= n.Background.PixelsPerHex / old.Background.PixelsPerHex
	now, _ := pictureFrame(n.Background, ed.layout.Size, hexmap.Point{})
	ed.layout.Origin = hexmap.Point{X: tl.X - now.X, Y: tl.Y - now.Y}
	e.m, e.dirty = n, true
	ed.say(alignWords(a, n), false)
}

// alignWords says an alignment and the map it makes.
func alignWords(a hexmap.Alignment, m *hexmap.Map) string {
	return fmt.Sprintf("Grid: %s hexes of %.1f px from %.0f,%.0f: %d×%d hexes", a.Orientation, a.PixelsPerHex, a.Offset.X, a.Offset.Y, m.Width, m.Height)
}

// alignKeys are the align tool's keys; it reports whether it took one.
func (ed *Editor) alignKeys() bool {
	a, ok := hexmap.AlignmentOf(ed.e.m)
	if !ok {
		return false
	}
	just := inpututil.IsKeyJustPressed
	step := 1.0
	if ebiten.IsKeyPressed(ebiten.KeyShift) {
		step = 0.1
	}
	switch {
	case just(ebiten.KeyEqual), just(ebiten.KeyKPAdd):
		a.PixelsPerHex = math.Round((a.PixelsPerHex+step)*10) / 10
	case just(ebiten.KeyMinus), just(ebiten.KeyKPSubtract):
		a.PixelsPerHex = math.Round((a.PixelsPerHex-step)*10) / 10
	case just(ebiten.KeyO):
		a.Orientation = 1 - a.Orientation
	case just(ebiten.KeyBackspace):
		ed.align.clicks = nil
		ed.say("The clicked centres are let go.", false)
		return true
	default:
		return false
	}
	ed.realign(a, true)
	return true
}

// alignMouse is the align tool's pointer: a drag moves the grid, a click
// marks a hex centre, the third click aligns the grid on the three.
func (ed *Editor) alignMouse(x, y int, held bool) {
	st := &ed.align
	pic := ed.toPicture(hexmap.Point{X: float64(x), Y: float64(y)})
	switch {
	case !st.pressed && held:
		a, _ := hexmap.AlignmentOf(ed.e.m)
		st.pressed, st.from, st.fromPic, st.start, st.moved = true, image.Pt(x, y), pic, a, false
	case st.pressed && held:
		if !st.moved && (abs(x-st.from.X) > 3 || abs(y-st.from.Y) > 3) {
			st.moved = true
			ed.e.begin() // the whole drag is one undo step
			ed.e.end()
		}
		if st.moved {
			// The picture stays put on the screen, so its points do too:
			// the grid moves by the pointer's way over the picture.
			a := st.start
			a.Offset = hexmap.Point{X: math.Round(a.Offset.X + pic.X - st.fromPic.X), Y: math.Round(a.Offset.Y + pic.Y - st.fromPic.Y)}
			ed.realign(wrapOffset(a), false)
		}
	case st.pressed && !held:
		st.pressed = false
		if st.moved {
			return
		}
		st.clicks = append(st.clicks, pic)
		if len(st.clicks) < 3 {
			ed.say(fmt.Sprintf("Centre %d of 3 marked: click the centres of %d more hexes that touch it (Backspace starts again).", len(st.clicks), 3-len(st.clicks)), false)
			return
		}
		a, err := hexmap.AlignToCentres([3]hexmap.Point(st.clicks))
		st.clicks = nil
		if err != nil {
			ed.say(err.Error(), true)
			return
		}
		ed.realign(a, true)
	}
}

// wrapOffset brings a grid's start within one period of the picture's top
// left, where the grid covers it from the corner: the same grid.
func wrapOffset(a hexmap.Alignment) hexmap.Alignment {
	px, py := a.PixelsPerHex, math.Sqrt(3)*a.PixelsPerHex
	if a.Orientation == hexmap.Flat {
		px, py = py, px
	}
	a.Offset.X -= math.Ceil(a.Offset.X/px) * px
	a.Offset.Y -= math.Ceil(a.Offset.Y/py) * py
	return a
}

// drawAlign marks the clicked centres while the align tool is in hand.
func (ed *Editor) drawAlign(dst *ebiten.Image, b *batch) {
	if ed.e.m.Background == nil {
		return
	}
	for _, p := range ed.align.clicks {
		c := ed.fromPicture(p)
		b.path(dst, circle(c, 9), 3, color.RGBA{0xff, 0xd7, 0x3a, 0xff})
		b.path(dst, polyline([]hexmap.Point{{X: c.X - 14, Y: c.Y}, {X: c.X + 14, Y: c.Y}}), 2, color.RGBA{0xff, 0xd7, 0x3a, 0xff})
		b.path(dst, polyline([]hexmap.Point{{X: c.X, Y: c.Y - 14}, {X: c.X, Y: c.Y + 14}}), 2, color.RGBA{0xff, 0xd7, 0x3a, 0xff})
	}
}
