package board

import (
	"strings"

	"hexslinger/hexmap"
)

// How the map window is held: by mouse on a desktop (the zero device, as
// every desktop window and scene is), or by touch on a phone or a tablet
// (the browser's window, RunPlayer; or a desktop window told so,
// HEXSLINGER_TOUCH=1, to look at the phone's layout).

// device is how the window is held and how fine its screen is.
type device struct {
	// touch: fingers, not a mouse: the action bar's buttons are a
	// thumb's size, and its text and the map's are sized for the screen's
	// CSS pixels (a phone held at arm's length), not a monitor's.
	touch bool
	// dpr is how many of the window's pixels make one CSS pixel (a
	// browser's devicePixelRatio); 0 is 1.
	dpr float64
	// fine: the window takes dpr from its screen (ebiten's device scale
	// factor: a browser's devicePixelRatio) and draws at the screen's
	// own pixels, not its CSS pixels (Layout).
	fine bool
}

// px is the window's pixels per CSS pixel.
func (d device) px() float64 {
	if d.dpr <= 0 {
		return 1
	}
	return d.dpr
}

// barStyle is the size of the action bar's buttons, in the window's
// pixels.
type barStyle struct {
	h, pad int     // a button's height and the space between two
	font   float64 // its label's text size
	least  int     // the narrowest a button is (0: as its label needs)
	margin int     // beside its label, both sides together
}

// desktopBar is the action bar's style under a mouse.
var desktopBar = barStyle{h: buttonH, pad: buttonPad, font: 15, margin: 20}

// Under a finger the action bar's buttons are at least thumbButton CSS
// px square (Apple's and Material's least touch target is 44 and 48),
// their labels thumbText CSS px, a label's size a phone reads at arm's
// length.
const (
	thumbButton = 48
	thumbPad    = 8
	thumbText   = 17
)

// buttonStyle is the action bar's style in this window: the desktop's,
// or a thumb's in CSS pixels.
func (g *Game) buttonStyle() barStyle {
	if !g.dev.touch {
		return desktopBar
	}
	k := g.dev.px()
	return barStyle{h: int(thumbButton * k), pad: int(thumbPad * k), font: thumbText * k, least: int(thumbButton * k), margin: int(24 * k)}
}

// touchScale is the map's text size on a handheld, of the table's: the
// desktop's rule (windowScale) read on the screen's CSS pixels, and
// times the pixels in one. A phone of 390×844 CSS px writes at half the
// table's (17 CSS px text, capitals of 12), as a small desktop window
// does; a tablet a little more.
func (g *Game) touchScale() float64 {
	k := g.dev.px()
	return k * windowScale(int(float64(g.w)/k), int(float64(g.h)/k))
}

// withoutKey is a button's label without its key ("Attack (A)" is
// "Attack"): a finger has no keyboard, and a phone's bar no room.
func withoutKey(label string) string {
	if i := strings.LastIndex(label, " ("); i > 0 && strings.HasSuffix(label, ")") && len(label)-i <= 12 {
		return label[:i]
	}
	return label
}

// handheldView is the fitted view l on a handheld: zoomed in until the
// figures' initials read at their size (a phone's fit of a whole map
// leaves them too small to read), on the player's own first figure when
// it would be off the screen.
func (g *Game) handheldView(l hexmap.Layout, top float64) hexmap.Layout {
	l = g.readable(l, top)
	st := g.play.st
	if g.conn == nil {
		return l
	}
	for _, id := range g.conn.owned() {
		f, ok := st.Figures[id]
		if !ok {
			continue
		}
		c := l.ToPixel(f.At)
		bottom := float64(g.h - g.barH())
		if c.X < l.Size || c.X > float64(g.w)-l.Size || c.Y < top+l.Size || c.Y > bottom-l.Size {
			l.Origin.X += float64(g.w)/2 - c.X
			l.Origin.Y += top + (bottom-top)/2 - c.Y
		}
		break
	}
	return l
}
