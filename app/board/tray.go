package board

import (
	"image"
	"image/color"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// The tray: the Judge's strip of the fight's sheets down the map window's
// left edge (Ctrl+P shows and hides it). Press on a sheet, drag it onto a
// hex and let go: the window asks the session to place a figure of it
// there, and the session decides the rest (its side the sheet's default,
// State.DefaultSide; a second copy "Zeke Perkins 2", "ZP2"). What the
// session refuses (a hex taken, one no one stands in) is said in the
// status bar, in red; nothing is placed and the sheet stays in the tray.

// tray is the tray's state: shown, and the sheet being dragged.
type tray struct {
	open bool
	drag string // the sheet's id while it is dragged, else ""
	at   [2]int // the pointer while dragging
}

// trayKey is what of the tray a frame shows (frameKey).
type trayKey struct {
	open bool
	drag string
	at   [2]int
}

func (t tray) key() trayKey { return trayKey(t) }

const (
	trayW     = 230 // the strip's width, in pixels
	trayChipH = 48  // a sheet's row
	trayPad   = 6
)

// trayChip is one sheet's row in the tray.
type trayChip struct {
	character string
	r         image.Rectangle
}

// trayRect is the strip: below the action bar, above the status bar.
func (g *Game) trayRect() image.Rectangle {
	top := buttonH + buttonPad + trayPad
	return image.Rect(trayPad, top, trayPad+trayW, g.h-barHeight-trayPad)
}

// trayChips are the sheets' rows, by name, as many as fit.
func (g *Game) trayChips() []trayChip {
	st := g.play.st
	if st == nil || !g.tray.open {
		return nil
	}
	ids := make([]string, 0, len(st.Characters))
	for id := range st.Characters {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		a, b := st.Characters[ids[i]].Name, st.Characters[ids[j]].Name
		return a < b || a == b && ids[i] < ids[j]
	})
	r := g.trayRect()
	var out []trayChip
	y := r.Min.Y + 34 // under the tray's heading
	for _, id := range ids {
		if y+trayChipH > r.Max.Y {
			break
		}
		out = append(out, trayChip{character: id, r: image.Rect(r.Min.X+trayPad, y, r.Max.X-trayPad, y+trayChipH-4)})
		y += trayChipH
	}
	return out
}

// toggleTray shows or hides the tray: the Judge's only.
func (g *Game) toggleTray() {
	if !g.judge() {
		g.say("Only the Judge places figures.", true)
		return
	}
	g.tray.open, g.tray.drag = !g.tray.open, ""
	g.fit()
	if g.tray.open {
		g.say("Drag a sheet from the tray onto a hex to place a figure of it · Ctrl+P hides the tray.", false)
	} else {
		g.say("Tray hidden (Ctrl+P shows it).", false)
	}
}

// trayLeft is where the map may start on the left when fitted (fit): right
// of the tray while it is open, else the window's edge.
func (g *Game) trayLeft() float64 {
	if !g.tray.open {
		return 0
	}
	return float64(g.trayRect().Max.X + trayPad)
}

// trayIn is the pointer as the tray reads it this frame.
type trayIn struct {
	x, y                   int
	press, release, cancel bool // the left button just pressed or let go; Esc
}

// trayInput answers the pointer for the tray: a press on a sheet starts
// its drag, a let-go places it on the hex under the pointer (or says why
// not), Esc calls it off. It reports whether the tray took the input (the
// map does nothing else with it).
func (g *Game) trayInput(in trayIn) bool {
	if g.tray.drag != "" {
		g.tray.at = [2]int{in.x, in.y}
		switch {
		case in.cancel:
			g.tray.drag = ""
			g.say("Placing called off; nothing placed.", false)
		case in.release:
			cmd, msg := g.trayDrop(in.x, in.y)
			g.tray.drag = ""
			g.issue(cmd, "")
			if msg != "" {
				g.say(msg, cmd == nil)
			}
		}
		return true
	}
	if !g.tray.open || !image.Pt(in.x, in.y).In(g.trayRect()) {
		return false
	}
	if in.press {
		for _, c := range g.trayChips() {
			if image.Pt(in.x, in.y).In(c.r) {
				g.tray.drag, g.tray.at = c.character, [2]int{in.x, in.y}
				g.say("Placing "+g.play.st.Characters[c.character].Name+": let go on a hex · Esc calls it off.", false)
			}
		}
	}
	return true // the tray is not the map: a press on it pans nothing
}

// trayDrop is the place command for the sheet dragged, let go at x, y,
// or the line saying why there is none. The session decides the side,
// the facing and the copy's number, and refuses a hex taken.
func (g *Game) trayDrop(x, y int) (*session.Command, string) {
	st := g.play.st
	ch, ok := st.Characters[g.tray.drag]
	switch {
	case !ok:
		return nil, "That sheet is no longer in the fight; nothing placed."
	case image.Pt(x, y).In(g.trayRect()) || y >= g.h-g.barH() || float64(y) < g.mapTop():
		return nil, "Let go on a hex of the map to place " + ch.Name + "; nothing placed."
	}
	h := g.layout.HexAt(hexmap.Point{X: float64(x), Y: float64(y)})
	if !st.Map.Contains(h) {
		return nil, "That is off the map: let go on a hex of the map to place " + ch.Name + "; nothing placed."
	}
	return &session.Command{Kind: session.CommandPlace, Place: []session.FigureSpec{{Character: ch.ID, At: st.Map.Label(h)}}}, ""
}

// readTray is the frame's pointer for trayInput.
func (g *Game) readTray(x, y int) trayIn {
	return trayIn{x: x, y: y,
		press:   inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft),
		release: inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft),
		cancel:  inpututil.IsKeyJustPressed(ebiten.KeyEscape)}
}

var (
	colTray     = color.RGBA{0x24, 0x20, 0x1c, 0xe8}
	colTrayChip = color.RGBA{0x3a, 0x33, 0x2c, 0xff}
)

// drawTray draws the tray and, while a sheet is dragged, its token under
// the pointer; dmg gets what it covers.
func (g *Game) drawTray(dst *ebiten.Image, dmg *damage) {
	st := g.play.st
	if st == nil || !g.tray.open {
		return
	}
	var b batch
	r := g.trayRect()
	b.path(dst, polygon(rectOf(r)), 0, colTray)
	chips := g.trayChips()
	for _, c := range chips {
		col := colTrayChip
		if c.character == g.tray.drag {
			col = shade(colTrayChip, 0.3)
		}
		b.path(dst, polygon(rectOf(c.r)), 0, col)
		side := sideColour(st, st.DefaultSide(c.character))
		b.path(dst, circle(hexmap.Point{X: float64(c.r.Min.X) + 22, Y: float64(c.r.Min.Y+c.r.Max.Y) / 2}, 18), 0, side)
	}
	b.flush(dst)
	hf, nf, inf := face(18, true), face(17, false), face(15, true)
	say(dst, "Sheets: drag onto a hex", hf, float64(r.Min.X+trayPad), float64(r.Min.Y)+18, color.White, false)
	for _, c := range chips {
		ch := st.Characters[c.character]
		my := float64(c.r.Min.Y+c.r.Max.Y) / 2
		say(dst, ch.Initials(), inf, float64(c.r.Min.X)+22, my, color.White, true)
		say(dst, ch.Name, nf, float64(c.r.Min.X)+48, my, color.White, false)
	}
	dmg.add(r)
	if g.tray.drag == "" {
		return
	}
	ch, ok := st.Characters[g.tray.drag]
	if !ok {
		return
	}
	p := hexmap.Point{X: float64(g.tray.at[0]), Y: float64(g.tray.at[1])}
	rad := max(g.layout.Size*0.7, 16)
	var gb batch
	gb.path(dst, circle(p, rad), 0, sideColour(st, st.DefaultSide(ch.ID)))
	gb.path(dst, circle(p, rad), 2, color.White)
	gb.flush(dst)
	say(dst, st.NextInitials(ch.ID), face(max(rad*0.6, 14), true), p.X, p.Y, color.White, true) // the copy it will be
	dmg.add(image.Rect(int(p.X-rad)-4, int(p.Y-rad)-4, int(p.X+rad)+4, int(p.Y+rad)+4))
}

// rectOf is r's corners, for polygon.
func rectOf(r image.Rectangle) []hexmap.Point {
	return []hexmap.Point{{X: float64(r.Min.X), Y: float64(r.Min.Y)}, {X: float64(r.Max.X), Y: float64(r.Min.Y)},
		{X: float64(r.Max.X), Y: float64(r.Max.Y)}, {X: float64(r.Min.X), Y: float64(r.Max.Y)}}
}

func init() {
	keyBindings = append(keyBindings, keyBinding{keys: []ebiten.Key{ebiten.KeyP}, ctrl: true, do: func(g *Game) { g.toggleTray() }})
}
