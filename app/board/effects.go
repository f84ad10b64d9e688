package board

import (
	"image"
	"image/color"
	"math"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// flightTime is how long a thrown miss takes to fly out to where it came
// down (the clock face stays with the result: result.go).
const flightTime = time.Second

// moveTime is how long a figure takes to glide along its path.
const moveTime = 400 * time.Millisecond

// tracerTime is how long a shot's tracer shows; markTime how long a
// figure the Judge picked in the log stays ringed.
const (
	tracerTime = 700 * time.Millisecond
	markTime   = 3 * time.Second
)

// effect is a short drawing over the map that never blocks input: a
// figure gliding along the path it moved, a shot's tracer, a thrown miss's
// flight (drawn with the result, result.go).
type effect struct {
	landing *session.Landing
	figure  string       // a move: the figure, drawn here and not in the base
	path    []hexmap.Hex // its path
	tracer  []hexmap.Hex // a shot or blow: from the attacker to its target
	hit     bool         // the tracer's target was hurt
	mark    string       // a figure the Judge picked in the log
	start   time.Time
}

func (ef effect) done() bool {
	switch {
	case ef.figure != "":
		return time.Since(ef.start) > moveTime
	case ef.tracer != nil:
		return time.Since(ef.start) > tracerTime
	case ef.mark != "":
		return time.Since(ef.start) > markTime
	}
	return time.Since(ef.start) > flightTime
}

// addMarks rings figures for a moment (the Judge picked a log entry).
func (g *Game) addMarks(ids []string) {
	for _, id := range ids {
		g.effects = append(g.effects, effect{mark: id, start: time.Now()})
	}
}

// addEffects starts the drawings an event calls for.
func (g *Game) addEffects(e session.Event) {
	for i := range e.Landings {
		g.effects = append(g.effects, effect{landing: &e.Landings[i], start: time.Now()})
	}
	if e.Kind == session.EventMoved && len(e.Path) > 1 {
		g.effects = append(g.effects, effect{figure: e.Figure, path: e.Path, start: time.Now()})
	}
	if e.Kind == session.EventActed && len(e.Targets) > 0 && g.play.st != nil {
		from, ok := g.play.st.Figures[e.Figure]
		if !ok {
			return
		}
		hurt := map[string]bool{}
		for _, c := range e.Changes {
			if c.Figure != e.Figure {
				hurt[c.Figure] = true
			}
		}
		for _, id := range e.Targets {
			if t, ok := g.play.st.Figures[id]; ok {
				g.effects = append(g.effects, effect{tracer: []hexmap.Hex{from.At, t.At}, hit: hurt[id], start: time.Now()})
			}
		}
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

// drawEffects draws the live effects: a figure gliding along its path, a
// shot's tracer, a figure the Judge picked in the log.
func (g *Game) drawEffects(dst *ebiten.Image, dmg *damage) {
	l := g.layout
	s := l.Size
	b := batch{dmg: dmg}
	for _, ef := range g.effects {
		switch {
		case ef.figure != "":
			g.drawGlide(dst, ef, dmg)
			continue
		case ef.tracer != nil:
			// A streak from the attacker that reaches the target in a
			// fifth of the time, then fades: red where it hurt.
			k := time.Since(ef.start).Seconds() / tracerTime.Seconds()
			a, z := l.ToPixel(ef.tracer[0]), l.ToPixel(ef.tracer[1])
			head := lerpPt(a, z, math.Min(1, k*5))
			tail := lerpPt(a, z, math.Max(0, k*5-1)/4)
			col := color.RGBA{0xff, 0xf0, 0xa0, 0xf0}
			if ef.hit {
				col = colBad
			}
			b.path(dst, polyline([]hexmap.Point{tail, head}), float32(math.Max(2, s/10)), col)
			b.flush(dst)
			continue
		case ef.mark != "":
			if f, ok := g.play.st.Figures[ef.mark]; ok {
				k := time.Since(ef.start).Seconds()
				r := s * (1.0 + 0.25*math.Sin(k*2*math.Pi*1.5))
				b.path(dst, circle(l.ToPixel(f.At), r), float32(math.Max(3, s/7)), color.RGBA{0x40, 0xe0, 0xff, 0xff})
				b.flush(dst)
			}
			continue
		}
		// A landing: its clock face and flight are the result's
		// (drawResult); the effect only keeps the frames coming.
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
	g.sprites.prepare(l.Size, g.minText())
	g.sprites.drawToken(dst, g.tokenFor(st, f), c)
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
