package board

import (
	"fmt"
	"log/slog"
	"math"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// mapText is the least size, in pixels, of any text on the map at table
// scale 1: a Go font of 24 px stands its digits and capitals 16 px tall,
// what a player reads across a table from a 1920×1080 screen.
const mapText = 24

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

// minText is the least size of text on the map at the table scale.
func (g *Game) minText() float64 { return mapText * g.scale.get() }

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
	g.say(fmt.Sprintf("Table scale %.0f%% on this monitor: the map's numbers and labels stand at least %.0f px tall (Ctrl+= larger · Ctrl+- smaller · Ctrl+0 the monitor's default).", v*100, mapText*v*2/3), false)
}
