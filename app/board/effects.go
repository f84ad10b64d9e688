package board

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// effectTime is how long a scatter stays drawn on the map.
const effectTime = 4 * time.Second

// moveTime is how long a figure takes to glide along its path.
const moveTime = 400 * time.Millisecond

// effect is a short drawing over the map that never blocks input: the clock
// face of a thrown miss and the object's flight to where it landed, or a
// figure gliding along the path it moved.
type effect struct {
	landing *session.Landing
	figure  string       // a move: the figure, drawn here and not in the base
	path    []hexmap.Hex // its path
	start   time.Time
}

func (ef effect) done() bool {
	if ef.figure != "" {
		return time.Since(ef.start) > moveTime
	}
	return time.Since(ef.start) > effectTime
}

// addEffects starts the drawings an event calls for.
func (g *Game) addEffects(e session.Event) {
	for i := range e.Landings {
		g.effects = append(g.effects, effect{landing: &e.Landings[i], start: time.Now()})
	}
	if e.Kind == session.EventMoved && len(e.Path) > 1 {
		g.effects = append(g.effects, effect{figure: e.Figure, path: e.Path, start: time.Now()})
	}
}

// liveEffects drops finished effects and reports whether any remain.
func (g *Game) liveEffects() bool {
	live := g.effects[:0]
	for _, ef := range g.effects {
		if !ef.done() {
			live = append(live, ef)
		}
	}
	g.effects = live
	return len(live) > 0
}

// moving returns the figures gliding now, which the base image leaves out.
func (g *Game) moving() string {
	s := ""
	for _, ef := range g.effects {
		if ef.figure != "" {
			s += ef.figure + ","
		}
	}
	return s
}

// drawEffects draws the live effects: for a thrown miss, the card's clock
// face on the target (6 toward the thrower, 12 straight on), the hour it
// showed, and the object flying out to where it came down.
func (g *Game) drawEffects(dst *ebiten.Image, dmg *damage) {
	l := g.layout
	s := l.Size
	b := batch{dmg: dmg}
	for _, ef := range g.effects {
		if ef.figure != "" {
			g.drawGlide(dst, ef, dmg)
			continue
		}
		ld := *ef.landing
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

// drawGlide draws a moving figure part way along its path.
func (g *Game) drawGlide(dst *ebiten.Image, ef effect, dmg *damage) {
	st := g.play.st
	f, ok := st.Figures[ef.figure]
	if !ok {
		return
	}
	l := g.layout
	k := math.Min(1, float64(time.Since(ef.start))/float64(moveTime)) * float64(len(ef.path)-1)
	i := min(int(k), len(ef.path)-2)
	c := lerpPt(l.ToPixel(ef.path[i]), l.ToPixel(ef.path[i+1]), k-float64(i))
	g.sprites.prepare(l.Size)
	g.sprites.drawToken(dst, tokenKey{col: sideColour(st, f.Side), initials: st.Characters[f.Character].Initials(), tag: figureTag(f), selected: f.ID == g.play.selected}, c)
	r := int(l.Size * 1.6)
	dmg.add(image.Rect(int(c.X)-r, int(c.Y)-r, int(c.X)+r, int(c.Y)+r))
}

// sideColour is a side's token colour: sides get colours in the order they
// first appear among the figures.
func sideColour(st *session.State, side string) color.RGBA {
	var seen []string
	for _, id := range st.Order {
		s := st.Figures[id].Side
		if !slices.Contains(seen, s) {
			seen = append(seen, s)
		}
		if s == side {
			break
		}
	}
	return sideColours[(len(seen)-1)%len(sideColours)]
}
