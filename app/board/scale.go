package board

import (
	"fmt"
	"log/slog"
	"math"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// mapCap is how tall, in pixels, the capitals and digits of every text a
// player reads on the map window stand at table scale 1: 24 px on a
// 1920×1080 screen of 24 inches is 6.6 mm, read from two metres across a
// table. (A Go font's capitals stand 0.72 of its size: 24 px capitals are
// a 33.5 px font.)
const mapCap = 24

// capRatio is how tall the Go fonts' capitals stand for their size.
var capRatio = (&text.GoTextFace{Source: boldSource, Size: 100}).Metrics().CapHeight / 100

// textFor is the least font size, on face's half-pixel steps, whose
// capitals stand capPx tall.
func textFor(capPx float64) float64 { return math.Ceil(capPx/capRatio*2) / 2 }

// scaleSteps are the table scales Ctrl+= and Ctrl+- step through.
var scaleSteps = []float64{0.5, 0.625, 0.75, 0.875, 1, 1.25, 1.5, 1.75, 2, 2.5, 3}

// defaultScale is the table scale a monitor starts at: 1 up to 1080
// pixels high; more on a taller one that the system does not scale (a 4K
// screen at 100% is 2160 pixels high to Ebiten, and gets 2).
func defaultScale(monitorHeight int) float64 {
	if monitorHeight <= 1080 {
		return 1
	}
	return math.Min(scaleSteps[len(scaleSteps)-1], math.Round(float64(monitorHeight)/1080*4)/4)
}

// stepScale is the next table scale up (dir > 0) or down (dir < 0) from s,
// held to scaleSteps' ends.
func stepScale(s float64, dir int) float64 {
	if dir > 0 {
		for _, v := range scaleSteps {
			if v > s+1e-9 {
				return v
			}
		}
		return scaleSteps[len(scaleSteps)-1]
	}
	for i := len(scaleSteps) - 1; i >= 0; i-- {
		if scaleSteps[i] < s-1e-9 {
			return scaleSteps[i]
		}
	}
	return scaleSteps[0]
}

// tableScale is how large the map window writes its numbers and labels
// (Ctrl+= larger, Ctrl+- smaller, Ctrl+0 the monitor's default), chosen
// for each monitor and remembered in the window's preferences.
type tableScale struct {
	value   float64            // 0 until set: 1
	monitor string             // the monitor value is for (monitorName)
	scales  map[string]float64 // the scales chosen on each monitor
	// remember keeps changes in the window preferences and follows the
	// window from monitor to monitor: a table window (RunTable), not a
	// scene or the bench.
	remember bool
	checked  time.Time // when the window's monitor was last looked at
}

// get is the scale in use.
func (t *tableScale) get() float64 {
	if t.value <= 0 {
		return 1
	}
	return t.value
}

// monitorName names a monitor for the preferences: its name and size, so
// that two screens of the same make are told apart by their size, if not
// by their name.
func monitorName(m *ebiten.MonitorType) string {
	if m == nil {
		return ""
	}
	w, h := m.Size()
	return fmt.Sprintf("%s %d×%d", m.Name(), w, h)
}

// follow looks, once a second, at which monitor the window is on, and
// takes the scale chosen there (or its default) when it moved.
func (t *tableScale) follow() {
	if !t.remember || time.Since(t.checked) < time.Second {
		return
	}
	t.checked = time.Now()
	m := ebiten.Monitor()
	name := monitorName(m)
	if name == t.monitor {
		return
	}
	t.monitor = name
	if v, ok := t.scales[name]; ok && v > 0 {
		t.value = v
	} else {
		_, h := m.Size()
		t.value = defaultScale(h)
	}
	slog.Info("board: table scale", "monitor", name, "scale", t.value)
}

// set changes the scale on this monitor and remembers it.
func (t *tableScale) set(v float64) {
	t.value = v
	if !t.remember {
		return
	}
	if t.scales == nil {
		t.scales = map[string]float64{}
	}
	t.scales[t.monitor] = v
	go savePrefsScale(t.monitor, v)
}

// prefsMu orders the writes of the window preferences.
var prefsMu sync.Mutex

// savePrefsScale remembers scale v for monitor in the window preferences,
// keeping what else they hold.
func savePrefsScale(monitor string, v float64) {
	prefsMu.Lock()
	defer prefsMu.Unlock()
	p, err := LoadPrefs()
	if err != nil {
		slog.Warn("board: window preferences", "err", err)
	}
	if p.Scales == nil {
		p.Scales = map[string]float64{}
	}
	p.Scales[monitor] = v
	if err := SavePrefs(p); err != nil {
		slog.Warn("board: could not remember the table scale", "err", err)
	}
}

// tableLines and tableCols are the least window, in pixels, that writes
// the map's text at the table's full size: a 1920×1080 monitor, whether
// the window fills it or is maximised below a title bar and a panel
// (about 1,000 to 1,050 lines).
const tableLines, tableCols = 1000, 1600

// leastWindowScale is the least share of the table's text size a small
// window writes at: half, 12 px capitals at table scale 1.
const leastWindowScale = 0.5

// windowScale is how large, of the table's text size, a window w×h
// writes: 1 from a table monitor's size up, and in proportion to the
// window's shorter side (of the table's) below it, never under
// leastWindowScale. A Judge's 1280×800 window writes 0.8 of it, a 960×600
// one 0.6: its words in proportion to its map, not sized for a table
// monitor across the room.
func windowScale(w, h int) float64 {
	if w <= 0 || h <= 0 {
		return 1
	}
	k := math.Min(float64(h)/tableLines, float64(w)/tableCols)
	return math.Max(leastWindowScale, math.Min(1, k))
}

// mapScale is the size the map's text is written at: the table scale
// times the window's (windowScale). Everything the table scale enlarges
// (the tokens' least size, badges, tags, labels, the status bar) follows
// it.
func (g *Game) mapScale() float64 {
	if g.dev.touch { // a handheld's rule: its CSS pixels (device.go)
		return g.scale.get() * g.touchScale()
	}
	return g.scale.get() * windowScale(g.w, g.h)
}

// minText is the least size of text on the map at the table scale in
// this window: its capitals stand mapCap pixels times mapScale.
func (g *Game) minText() float64 { return textFor(mapCap * g.mapScale()) }

// barH is the status bar's height at the table scale: two lines of the
// map's least text.
func (g *Game) barH() int {
	if g.dev.touch { // four lines: the message and the hint, two each
		return int(math.Ceil(g.minText() * 5.2))
	}
	return barHeightFor(g.minText())
}

// barHeightFor is the status bar's height for two lines of text size px,
// never less than barHeight.
func barHeightFor(px float64) int { return max(barHeight, int(math.Ceil(px*2.7))) }

// barLines are the heights, in the status bar, of its two lines' middles.
func barLines(px float64) (msg, hint float64) { return px * 0.75, px * 1.95 }

// initialsFill is how much of a token's disc its initials may span.
const initialsFill = 0.86

// leastWide is how narrow a token's initials may be drawn (of their
// face's width) before they are drawn smaller: condensed letters as tall
// read as well from across a table.
const leastWide = 0.78

// readableHex is the least hex size at which every figure's initials in
// st as its token writes them (State.FigureInitials: "ZP2"), at text
// size px, fit in its token (tokenRadius) without shrinking (narrowed at
// most to leastWide): the map's zoom the table scale's keys go to.
func readableHex(st *session.State, px float64) float64 {
	f := face(px, true)
	widest := 0.0
	for id := range st.Figures {
		widest = math.Max(widest, textWidth(st.FigureInitials(id), f))
	}
	return widest * leastWide / (2 * initialsFill) / 0.84 * 1.01
}

// readable zooms l about the middle of the window's map area (w×h below
// top) to at least the hex size the figures' initials need at the table
// scale: a larger scale draws the tokens larger with their text.
func (g *Game) readable(l hexmap.Layout, top float64) hexmap.Layout {
	st := g.play.st
	if st == nil {
		return l
	}
	need := readableHex(st, g.minText())
	if l.Size >= need {
		return l
	}
	c := hexmap.Point{X: float64(g.w) / 2, Y: top + (float64(g.h-g.barH())-top)/2}
	k := need / l.Size
	l.Origin = hexmap.Point{X: c.X - (c.X-l.Origin.X)*k, Y: c.Y - (c.Y-l.Origin.Y)*k}
	l.Size = need
	return l
}

// changeScale answers Ctrl+= (dir 1), Ctrl+- (dir −1) and Ctrl+0 (dir 0,
// the monitor's default).
func (g *Game) changeScale(dir int) {
	v := stepScale(g.scale.get(), dir)
	if dir == 0 {
		v = 1
		if m := ebiten.Monitor(); m != nil {
			_, h := m.Size()
			v = defaultScale(h)
		}
	}
	g.scale.set(v)
	g.layout = g.readable(g.layout, g.mapTop())
	g.say(fmt.Sprintf("Table scale %.0f%% on this monitor: the map's text stands at least %.0f px tall in this window (Ctrl+= larger · Ctrl+- smaller · Ctrl+0 the monitor's default).", v*100, mapCap*g.mapScale()), false)
}
