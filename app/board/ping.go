package board

import (
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/hexmap"
)

// Pings: a long press on a hex, or G over it, asks the session to mark it
// on every window ("look here"); each window rings it for pingTime.
const (
	pingTime  = 4 * time.Second
	longPress = 600 * time.Millisecond // a press held this long, unmoved, pings
	pingCycle = 1200 * time.Millisecond
)

var colPing = color.RGBA{0xff, 0x3c, 0xc8, 0xff}

// ping is a hex pinged by a seat, as the session told this window.
type ping struct {
	at    hexmap.Hex
	by    string
	start time.Time
}

// pingState holds the pings on show and the press that may become one.
type pingState struct {
	live       []ping
	pressStart time.Time
	fired      bool // this press pinged: its release is no click
	// still, when set, holds every ping at this age and keeps it (a
	// screenshot scene's fixed moment).
	still time.Duration
}

// addPing marks hex at, pinged by a seat (the session's ping message).
func (g *Game) addPing(at hexmap.Hex, by string) {
	g.pings.live = append(g.pings.live, ping{at: at, by: by, start: time.Now()})
	if st := g.play.st; st != nil {
		who := by
		if who == "" {
			who = "Someone"
		}
		g.say(who+" pings "+st.Map.Label(at)+".", false)
	}
}

// livePings drops finished pings and reports whether any remain.
func (g *Game) livePings() bool {
	if g.pings.still > 0 {
		return len(g.pings.live) > 0
	}
	live := g.pings.live[:0]
	for _, p := range g.pings.live {
		if time.Since(p.start) < pingTime {
			live = append(live, p)
		}
	}
	g.pings.live = live
	return len(live) > 0
}

// sendPing asks the session to ping hex h on every window.
func (g *Game) sendPing(h hexmap.Hex) {
	if g.play.st == nil || !g.play.st.Map.Contains(h) {
		return
	}
	if !g.conn.ping(h) {
		g.say("Not connected to the session; the ping was not sent.", true)
	}
}

// pingHover answers G: ping the hex under the pointer.
func (g *Game) pingHover() {
	if g.hoverOK {
		g.sendPing(g.hover)
	}
}

// pressed notes the start of a left press that may become a long press.
func (ps *pingState) press() { ps.pressStart, ps.fired = time.Now(), false }

// longPress pings the hex under a press held longPress without moving
// (called each update while the press lasts).
func (g *Game) longPress() {
	// A press on a figure is the start of its drag, however long the
	// hand rests first: G pings a figure's hex.
	if !g.pressed || g.dragging || g.dragFig != "" || g.pings.fired || !g.hoverOK || time.Since(g.pings.pressStart) < longPress {
		return
	}
	g.pings.fired = true
	g.sendPing(g.hover)
}

// drawPings draws each live ping: the hex outlined, rings swelling out of
// it again and again, and a tag naming who pinged, above it.
func (g *Game) drawPings(dst *ebiten.Image, dmg *damage) {
	if len(g.pings.live) == 0 {
		return
	}
	l := g.layout
	s := l.Size
	b := batch{dmg: dmg}
	for _, p := range g.pings.live {
		c := l.ToPixel(p.at)
		age := time.Since(p.start)
		if g.pings.still > 0 {
			age = g.pings.still
		}
		fade := 1 - math.Max(0, float64(age-pingTime+time.Second))/float64(time.Second) // the last second fades
		cs := l.Corners(p.at)
		b.path(dst, polygon(cs[:]), 0, alpha(colPing, fade*0.35))
		b.path(dst, polygon(cs[:]), float32(math.Max(4, s/6)), alpha(colPing, fade))
		// Rings a table sees: out to three hexes, however far zoomed out.
		reach := math.Max(s*3, g.minText()*3)
		for i := 0; i < 3; i++ {
			k := math.Mod(age.Seconds()/pingCycle.Seconds()+float64(i)/3, 1)
			r := s*0.7 + (reach-s*0.7)*k
			b.path(dst, circle(c, r), float32(math.Max(5, s/5)*(1.3-k)), alpha(colPing, fade*(1-k*0.8)))
		}
		b.flush(dst)
		if p.by != "" {
			size := g.minText()
			k := tagKey{text: p.by, size: size, fg: color.RGBA{0xff, 0xff, 0xff, 0xff}, bg: color.RGBA{0xa0, 0x10, 0x70, 0xf0}, padX: size * 0.4, boxH: size * 1.35}
			dmg.add(g.tags.draw(dst, k, c.X, c.Y-s*1.1-size*0.7))
		}
	}
}

// alpha is c with its opacity scaled by a (0 to 1). The batch draws its
// colours as straight alpha, as the window's colours are written.
func alpha(c color.RGBA, a float64) color.RGBA {
	c.A = uint8(float64(c.A) * math.Max(0, math.Min(1, a)))
	return c
}
