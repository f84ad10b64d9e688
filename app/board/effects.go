package board

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// effectTime is how long a scatter stays drawn on the map.
const effectTime = 4 * time.Second

// effect is a short drawing over the map that never blocks input: the clock
// face of a thrown miss and the object's flight to where it landed.
type effect struct {
	landing session.Landing
	start   time.Time
}

// addEffects starts the drawings an event calls for.
func (g *Game) addEffects(e session.Event) {
	for _, l := range e.Landings {
		g.effects = append(g.effects, effect{landing: l, start: time.Now()})
	}
}

// liveEffects drops finished effects and reports whether any remain.
func (g *Game) liveEffects() bool {
	live := g.effects[:0]
	for _, ef := range g.effects {
		if time.Since(ef.start) < effectTime {
			live = append(live, ef)
		}
	}
	g.effects = live
	return len(live) > 0
}

// drawEffects draws the live effects: for a thrown miss, the card's clock
// face on the target (6 toward the thrower, 12 straight on), the hour it
// showed, and the object flying out to where it came down.
func (g *Game) drawEffects(dst *ebiten.Image, dmg *image.Rectangle) {
	l := g.layout
	s := l.Size
	b := batch{dmg: dmg}
	for _, ef := range g.effects {
		ld := ef.landing
		t := l.ToPixel(ld.Target)
		from := l.ToPixel(ld.From)
		// 12 o'clock points from the thrower through the target.
		up := math.Atan2(t.Y-from.Y, t.X-from.X)
		if ld.From == ld.Target {
			up = 0
		}
		r := s * 1.3
		b.path(dst, circle(t, r), float32(math.Max(2, s/12)), color.RGBA{0xff, 0xff, 0xff, 0xd0})
		for h := 1; h <= 12; h++ {
			a := up + float64(h%12)*math.Pi/6
			p1 := hexmap.Point{X: t.X + math.Cos(a)*r*0.8, Y: t.Y + math.Sin(a)*r*0.8}
			p2 := hexmap.Point{X: t.X + math.Cos(a)*r, Y: t.Y + math.Sin(a)*r}
			col, w := color.RGBA{0xff, 0xff, 0xff, 0xd0}, math.Max(1.5, s/16)
			if h == ld.Clock {
				col, w = colBad, math.Max(3, s/8)
			}
			b.path(dst, polyline([]hexmap.Point{p1, p2}), float32(w), col)
		}
		// The flight: out from the target over the first second.
		at := l.ToPixel(ld.At)
		k := math.Min(1, time.Since(ef.start).Seconds())
		end := lerpPt(t, at, k)
		b.path(dst, polyline([]hexmap.Point{t, end}), float32(math.Max(2, s/10)), colBad)
		b.path(dst, circle(end, s*0.25), 0, colBad)
		b.flush(dst)
		a := up + float64(ld.Clock%12)*math.Pi/6
		lp := hexmap.Point{X: t.X + math.Cos(a)*r*1.3, Y: t.Y + math.Sin(a)*r*1.3}
		f := face(math.Max(12, s*0.4), true)
		b.path(dst, circle(lp, s*0.35), 0, colBar)
		b.flush(dst)
		say(dst, fmt.Sprint(ld.Clock), f, lp.X, lp.Y, colBad, true)
	}
}
