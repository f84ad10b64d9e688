package board

import (
	"fmt"
	"image"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/hexmap"
)

// touchState is the map window's touch input: a player's phone or
// tablet. The gestures (touch.go) are answered on the paths the mouse
// takes: the same selection, preview, move, ping and buttons.
type touchState struct {
	// taps counts the taps recognized, for a test driving a real
	// browser (Game.Taps): read from another goroutine.
	taps atomic.Int64
	rec  touchRecognizer
	// src appends the fingers down to dst; nil: Ebiten's (a test's
	// fingers otherwise). clock is the time; nil: time.Now.
	src   func(dst []touchPoint) []touchPoint
	clock func() time.Time
	buf   []touchPoint
	ids   []ebiten.TouchID
	// seen: a finger has touched this window, so its hints name the
	// gestures (helpLine, play.touch). lastAt: when one was last down.
	seen   bool
	lastAt time.Time
	// has: touch has the pointer, and the mouse is not read: while a
	// finger is down, touchRest after the last lifts (a browser may make
	// mouse events of a tap), and after that until the mouse stirs from
	// mouseAt, where it was (else the pointer a browser leaves still
	// would take the hover from the hex a tap showed the path to).
	has     bool
	mouseAt [2]int
	// aimed is the hex a tap showed the selected figure's path to (aimFor
	// the figure): a second tap there moves it.
	aimed   hexmap.Hex
	aimFor  string
	aimedOK bool
	// lifted is when a finger last lifted from pointing at a hex (a tap,
	// a long press, a figure let go): its tip shows touchTipHold more.
	lifted time.Time
	// The one-finger drag under way: of the map (pan, from the origin
	// at its start and the finger's start) or of a figure (Game.dragFig).
	panning   bool
	panOrigin hexmap.Point
	panStart  hexmap.Point
}

// now is the touch clock's time.
func (t *touchState) now() time.Time {
	if t.clock != nil {
		return t.clock()
	}
	return time.Now()
}

// read is the fingers down this frame.
func (t *touchState) read() []touchPoint {
	t.buf = t.buf[:0]
	if t.src != nil {
		t.buf = t.src(t.buf)
		return t.buf
	}
	t.ids = ebiten.AppendTouchIDs(t.ids[:0])
	for _, id := range t.ids {
		x, y := ebiten.TouchPosition(id)
		t.buf = append(t.buf, touchPoint{id: int(id), x: float64(x), y: float64(y)})
	}
	return t.buf
}

// touchActive reports whether touch has the window's pointer (as the
// last touchInput found): the mouse is not read meanwhile.
func (g *Game) touchActive() bool { return g.touch.has }

// mouseStirred reports whether the mouse did something of its own since
// touch last had the pointer: moved, pressed a button or turned the wheel.
func (g *Game) mouseStirred() bool {
	x, y := ebiten.CursorPosition()
	if g.cursor != nil {
		x, y = g.cursor()
	}
	_, wy := ebiten.Wheel()
	return [2]int{x, y} != g.touch.mouseAt || wy != 0 ||
		ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) || ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight)
}

// fingerScale is the window's pixels to a CSS pixel: a tap's slop grows
// by it on a screen whose pixels are finer.
func (g *Game) fingerScale() float64 {
	if g.outW > 0 {
		return float64(g.w) / float64(g.outW)
	}
	return 1
}

// readFingers reads the fingers and answers their gestures with answer
// (the map's, or a prompt's over it); it reports whether touch has the
// pointer this frame (touchActive), when the mouse is not read, and the
// time it read them at.
func (g *Game) readFingers(answer func(gesture, time.Time)) (bool, time.Time) {
	t := &g.touch
	now := t.now()
	fingers := t.read()
	if len(fingers) > 0 {
		t.seen, t.lastAt = true, now
		g.play.touch = true
	}
	wasIdle := t.rec.idle()
	gestures := t.rec.feed(now, fingers, g.fingerScale())
	if wasIdle && !t.rec.idle() && !g.dragging {
		g.pressed = false // a mouse press under way is not the finger's
	}
	for _, ge := range gestures {
		answer(ge, now)
	}
	switch {
	case !t.seen:
		t.has = false
	case !t.rec.idle() || elapsed(t.lastAt, now) < touchRest:
		t.has = true
		x, y := ebiten.CursorPosition()
		if g.cursor != nil {
			x, y = g.cursor()
		}
		t.mouseAt = [2]int{x, y}
	case t.has && g.mouseStirred():
		t.has = false // the mouse plays again
	}
	return t.has, now
}

// Taps is how many taps the window has recognized: a test that taps a
// real browser's page knows by it whether a tap was seen (a touch shorter
// than a frame of a slow page is not), and taps again only then.
func (g *Game) Taps() int { return int(g.touch.taps.Load()) }

// touchInput reads the fingers and answers their gestures on the map; it
// reports whether touch has the pointer this frame (touchActive), when
// the mouse is not read.
func (g *Game) touchInput() bool {
	t := &g.touch
	has, now := g.readFingers(g.gesture)
	if p, ok := t.rec.resting(); ok {
		if _, onButton := g.onButton(p); !onButton {
			g.pointAt(p, now) // a finger resting on a hex points at it: its tip, its path
		}
	}
	if has {
		g.tipOn = g.touchTip(now)
	}
	return has
}

// touchTipHold is how long the hover tip stays after the finger lifted
// from the hex it points at: a finger has no hover, and a tip left up
// would cover the map.
const touchTipHold = 1500 * time.Millisecond

// touchTip reports whether the hover tip shows under touch: while a
// finger rests on a hex or drags a figure (not while it pans or two
// pinch), touchTipHold after it lifted, and while the path or the attack
// a tap showed on the hovered hex is up.
func (g *Game) touchTip(now time.Time) bool {
	t := &g.touch
	if !g.hoverOK {
		return false
	}
	if _, ok := t.rec.resting(); ok {
		return true
	}
	if !t.rec.idle() {
		return g.dragging && g.dragFig != ""
	}
	return elapsed(t.lifted, now) < touchTipHold ||
		t.aimedOK && t.aimed == g.hover && t.aimFor == g.play.selected
}

// pointAt puts the window's pointer at p: the hex under it is hovered
// (its path, its tip), as the mouse's cursor does.
func (g *Game) pointAt(p hexmap.Point, now time.Time) {
	g.cursorAt = p
	g.hoverOK = p.Y < float64(g.h-g.barH()) && g.play.st != nil
	if g.hoverOK {
		if h := g.layout.HexAt(p); h != g.hover {
			g.hover, g.hoverSince = h, now
		}
	}
}

// onButton reports whether p is on one of the action bar's buttons.
func (g *Game) onButton(p hexmap.Point) (button, bool) {
	return g.buttonAt(int(p.X), int(p.Y))
}

// gesture answers one gesture.
func (g *Game) gesture(ge gesture, now time.Time) {
	t := &g.touch
	switch ge.kind {
	case gestureTap:
		t.taps.Add(1)
		if g.tapBar(ge.at) {
			return // the message opened from the bar, or closed
		}
		if bt, ok := g.onButton(ge.at); ok {
			bt.act() // a tap presses a button as a click does
			return
		}
		g.pointAt(ge.at, now)
		if !g.hoverOK {
			return
		}
		t.lifted = now
		switch {
		case g.takeResultDown(): // the tap put the last result away
		case g.fog.brush && g.fog.players:
			g.brushFog()
		case g.ruler.on:
			g.ruler.from, g.ruler.anchored = g.hover, true
			g.say(g.measure(g.hover, g.hover), false)
		default:
			g.tapHex(g.hover)
		}
	case gestureLongPress:
		if bt, ok := g.onButton(ge.at); ok {
			// A finger held on a button presses it, once, as a tap does:
			// a slow thumb, or a busy phone that sees the lift late.
			bt.act()
			return
		}
		g.pointAt(ge.at, now)
		t.lifted = now
		// A finger resting on its own figure is the start of its drag,
		// as the mouse's press is: the ping is of other hexes.
		if g.hoverOK && g.play.dragStart(g.hover, !g.ruler.on) == "" {
			g.sendPing(g.hover)
		}
	case gestureDragStart:
		t.panning = false
		if _, ok := g.onButton(ge.from); ok {
			return // a finger slid off a button: nothing
		}
		g.pointAt(ge.from, now)
		if fig := g.play.dragStart(g.hover, g.hoverOK && !g.ruler.on); fig != "" {
			g.pressed, g.dragging, g.dragOff, g.dragFig = true, true, false, fig
			t.aimedOK = false
			g.beginFigureDrag()
		} else {
			t.panning, t.panOrigin, t.panStart = true, g.layout.Origin, ge.from
		}
		g.dragTo(ge.at, now)
	case gestureDragMove:
		g.dragTo(ge.at, now)
	case gestureDragEnd:
		g.dragTo(ge.at, now)
		if g.dragFig != "" && g.dragging && !g.dragOff {
			t.lifted = now
			g.dropFigure()
		}
		g.endTouchDrag()
	case gestureDragCancel:
		if g.dragFig != "" && g.dragging && !g.dragOff {
			g.planOK = false
			g.say("Move called off.", false)
		}
		g.endTouchDrag()
	case gesturePinch:
		g.layout.Origin.X += ge.pan.X
		g.layout.Origin.Y += ge.pan.Y
		if ge.zoom != 1 {
			g.zoomAbout(ge.mid, ge.zoom)
		}
	}
}

// dragTo follows a one-finger drag to p: the figure in hand to the hex
// under it (its path and cost, the move preview), or the map with it.
func (g *Game) dragTo(p hexmap.Point, now time.Time) {
	t := &g.touch
	switch {
	case g.dragFig != "" && g.dragging:
		g.pointAt(p, now)
	case t.panning:
		g.layout.Origin = hexmap.Point{X: t.panOrigin.X + p.X - t.panStart.X, Y: t.panOrigin.Y + p.Y - t.panStart.Y}
	}
}

// dropFigure answers the finger lifted from a figure it dragged: the move
// to the hex under it, where the session's preview (the function it
// decides with) finds a way; off the map or where it finds none, the
// move is called off and nothing is sent.
func (g *Game) dropFigure() {
	st := g.play.st
	if st == nil {
		return
	}
	if f, ok := st.Figures[g.dragFig]; ok && g.hoverOK && f.At == g.hover {
		return // let go where it stands
	}
	if !g.hoverOK || !st.Map.Contains(g.hover) {
		g.say("Move called off: let go off the map.", false)
		return
	}
	g.play.selected = g.dragFig
	plan, ok := g.play.preview(g.hover)
	switch {
	case !ok:
		g.say("Move called off: "+st.Map.Label(g.hover)+" is taken.", false)
	case !plan.OK():
		g.say("Move called off: "+plan.Err.Error(), false)
	default:
		g.issue(g.play.dragEnd(g.dragFig, g.hover))
	}
}

// endTouchDrag ends the one-finger drag under way.
func (g *Game) endTouchDrag() {
	g.touch.panning = false
	g.pressed, g.dragging, g.dragFig, g.dragOff = false, false, "", false
}

// tapHex answers a tap on hex h that plays. With a figure selected, a tap
// on an empty hex shows the path there and its cost (the session's
// preview) and sends nothing; a second tap on that hex moves the figure,
// as a click would. In attack mode a tap on a foe shows the attack and a
// second fires it. Anything else is a click: select, let go.
func (g *Game) tapHex(h hexmap.Hex) {
	t := &g.touch
	g.play.seat = g.seat()
	p := &g.play
	if p.st != nil && p.selected != "" && !p.attacking && p.st.Map.Contains(h) {
		if _, onFigure := p.st.FigureAt(h); !onFigure {
			if t.aimedOK && t.aimed == h && t.aimFor == p.selected {
				t.aimedOK = false
				if plan, ok := p.preview(h); ok && !plan.OK() {
					g.say(plan.Err.Error(), true) // the session would refuse it
					return
				}
				g.clickHex(h)
				return
			}
			t.aimed, t.aimFor, t.aimedOK = h, p.selected, true
			g.say(g.pathLine(h), false)
			return
		}
	}
	if p.st != nil && p.attacking {
		// A tap on a foe first shows the shot or the blow (the line, the
		// odds, the session's refusal) as the mouse's hover does; a
		// second tap on the foe makes it, as a click would.
		if f, ok := p.st.FigureAt(h); ok && f.ID != p.selected && !(t.aimedOK && t.aimed == h && t.aimFor == p.selected) {
			t.aimed, t.aimFor, t.aimedOK = h, p.selected, true
			g.say("Tap "+p.st.FigureName(f.ID)+" again to attack · Cancel lets go.", false)
			return
		}
	}
	t.aimedOK = false
	g.clickHex(h)
}

// pathLine is what a tap showing the path to h says: its length and cost,
// or why there is no way.
func (g *Game) pathLine(h hexmap.Hex) string {
	st := g.play.st
	label := st.Map.Label(h)
	plan, ok := g.play.preview(h)
	if !ok {
		return ""
	}
	if !plan.OK() {
		return "No move to " + label + ": " + plan.Err.Error()
	}
	s := fmt.Sprintf("To %s: %d paces", label, max(0, len(plan.Path())-1))
	if c := plan.Cost(); c != "" {
		s += ", " + c
	}
	return s + " · tap " + label + " again to move there."
}

// helpLine is the status bar's help for a window with nothing selected:
// the gestures once a finger has touched the window, else the mouse's
// and the keys'.
func (g *Game) helpLine() string {
	if g.touch.seen || g.dev.touch {
		return "Tap a figure, then a hex: its path and cost; tap it again to move · drag a figure to move it · pinch to zoom · two fingers pan · hold a finger still to ping"
	}
	return "Click a figure, then a hex to move · right click or Q/E to turn · drag to pan · wheel to zoom · F to fit · G pings a hex · Ctrl+= / Ctrl+- text size"
}

// fingerBox is what the finger pointing at the hovered hex covers, with
// the hand below it: a fingertip's width (about 44 CSS px) about the
// point it touches, down past the bottom of the window.
func (g *Game) fingerBox() image.Rectangle {
	k := g.dev.px()
	p := g.cursorAt
	return image.Rect(int(p.X-28*k), int(p.Y-24*k), int(p.X+28*k), g.h+1)
}
