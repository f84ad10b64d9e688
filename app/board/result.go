package board

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// shown is the last action's result as the map shows it, big enough to
// read across the table: what it did to each figure (the event's own
// outcomes) and where thrown things came down. It stays until the next
// action or a click on the map.
type shown struct {
	actor    string
	outcomes []session.Outcome
	landings []landed
	start    time.Time
}

// landed is a thrown object that missed: where it came down and its name.
type landed struct {
	session.Landing
	weapon string
}

// showResult starts showing event e's result, or stops showing the last
// one when e is another action without one.
func (g *Game) showResult(e session.Event) {
	switch e.Kind {
	case session.EventActed, session.EventMoved, session.EventTurned:
	default:
		return // a new segment or round leaves the result up
	}
	g.resultN++
	if len(e.Outcomes) == 0 && len(e.Landings) == 0 {
		g.result = nil
		return
	}
	r := &shown{actor: e.Figure, outcomes: e.Outcomes, start: time.Now()}
	for _, l := range e.Landings {
		name := "thrown weapon"
		for _, d := range e.Dropped {
			if d.At == l.At {
				if w, ok := session.Weapons()[d.Weapon]; ok {
					name = w.Name
				}
			}
		}
		r.landings = append(r.landings, landed{Landing: l, weapon: name})
	}
	g.result = r
}

// clearResult takes the result off the map (a click).
func (g *Game) clearResult() {
	if g.result != nil {
		g.result, g.resultN = nil, g.resultN+1
	}
}

// resultLines are the result panel's lines: each figure's outcome, then
// each landing, with a colour for each. A body's lines are split by "\n".
func (r *shown) lines(st *session.State) (heads, bodies []string, cols []color.RGBA) {
	for _, o := range r.outcomes {
		// The verdict first, so that a narrow window cuts names, never
		// the hit or miss and where.
		verdict, col := "MISS", colMiss
		if o.Hit {
			verdict, col = "HIT", colHit
			if o.Location != "" {
				verdict += " " + o.Location
			}
		}
		head := verdict + ": " + st.FigureName(o.Target)
		by := "by " + st.FigureName(r.actor)
		if o.Target == r.actor {
			head, by = verdict+": "+st.FigureName(o.Target), "struck back"
		}
		body := o.Damage
		if o.Hit && body == "" && o.Cover == "" {
			body = "no harm"
		}
		if o.Cover != "" {
			if body != "" {
				body += " · "
			}
			body += "cover struck: " + o.Cover
		}
		if body != "" {
			body = by + " · " + body
		} else {
			body = by
		}
		if b := st.Body(o.Target); o.Hit && (b.Hurt || !b.Able) {
			// Where the hit leaves the figure, in its system's words, on
			// a line of its own: "stunned: 5 wounds of Toughness 13",
			// "Shaken, 1 Wound (-1)".
			body += "\nnow " + b.Line
		}
		heads, bodies, cols = append(heads, head), append(bodies, body), append(cols, col)
	}
	for _, l := range r.landings {
		heads = append(heads, fmt.Sprintf("The %s lands at %s", l.weapon, st.Map.Label(l.At)))
		bodies = append(bodies, fmt.Sprintf("%d o'clock, %d paces (12 is straight on, 6 back to the thrower)", l.Clock, l.Phase))
		cols = append(cols, colMiss)
	}
	return heads, bodies, cols
}

// Result colours: a hit in red, a miss in pale grey.
var (
	colHit  = color.RGBA{0xff, 0x50, 0x3c, 0xff}
	colMiss = color.RGBA{0xe8, 0xe4, 0xdc, 0xff}
	colBox  = color.RGBA{0x14, 0x11, 0x0e, 0xe8}
)

// drawResult draws the last action's result: a burst on each figure hit
// and a ring on each missed, with the short result beside it; a thrown
// miss's clock face and the object where it lies; and the panel at the
// top left that says it all in big letters.
func (g *Game) drawResult(dst *ebiten.Image, dmg *damage) {
	g.placeOver = nil
	r, st := g.result, g.play.st
	if r == nil || st == nil {
		return
	}
	l := g.layout
	s := l.Size
	b := batch{dmg: dmg}
	for _, ld := range r.landings {
		g.drawClock(dst, &b, ld, dmg)
	}
	// The marks on the figures.
	for _, o := range r.outcomes {
		f, ok := st.Figures[o.Target]
		if !ok {
			continue
		}
		c := l.ToPixel(f.At)
		if o.Hit {
			b.path(dst, polygon(star(c, s*1.15, s*0.7, 12)), float32(math.Max(3, s/8)), colHit)
		} else {
			b.path(dst, circle(c, s*0.95), float32(math.Max(2, s/12)), colMiss)
		}
	}
	b.flush(dst)
	size := math.Max(g.minText(), s*0.45)
	place := &placer{area: image.Rect(0, 0, g.w, g.h-g.barH())}
	if g.place != nil { // a copy: the base's layout stays as drawn
		place.discs = append(place.discs, g.place.discs...)
		place.fixed = append(place.fixed, g.place.fixed...)
		place.marks = append(place.marks, g.place.marks...)
		place.placed = append(place.placed, g.place.placed...)
	}
	for _, o := range r.outcomes {
		f, ok := st.Figures[o.Target]
		if !ok {
			continue
		}
		c := l.ToPixel(f.At)
		text, fg := "MISS", colMiss
		if o.Hit {
			text, fg = "HIT", colHit
			if o.Location != "" {
				text += " " + o.Location
			}
			if o.Damage != "" {
				text += ": " + o.Damage
			} else if o.Cover != "" {
				text += ": cover"
			}
		}
		k := tagKey{size: size, fg: fg, bg: colBox, padX: size * 0.4, boxH: size * 1.5}
		gap := s * 1.25 // beside the token, off the burst
		for _, ld := range r.landings {
			if ld.Target == f.At {
				gap = clockRadius(s) * 1.45 // and off the clock face
			}
		}
		// Where the base's placer finds room: off every token, tag,
		// badge and label.
		text, at, _ := place.word(text, size, k.padX, k.boxH, c, gap, 4*s)
		k.text = text
		leader(dst, dmg, c, gap, at, gap+s, fg) // from off the burst
		dmg.add(g.tags.draw(dst, k, rectMid(at).X, rectMid(at).Y))
	}
	g.placeOver = place
	g.drawResultPanel(dst, dmg)
}

// drawResultPanel writes the result in big letters at the top left, under
// nothing: each figure's hit or miss, where and what it did, the cover
// struck, and where a thrown miss came down.
func (g *Game) drawResultPanel(dst *ebiten.Image, dmg *damage) {
	heads, bodies, cols := g.result.lines(g.play.st)
	if len(heads) == 0 {
		return
	}
	maxW := float64(g.w) * 0.6
	if g.dev.touch { // a phone's width is narrow: the panel may take it all, and its lines wrap
		maxW = float64(g.w) - 32 - 16*g.dev.px()
	}
	// The heads shrink to fit before they are cut, down to the table's
	// least text; the lines under them are at it.
	least := g.minText()
	hs := math.Round(least * 1.25)
	for ; hs > least; hs -= 2 {
		widest := 0.0
		for _, h := range heads {
			widest = math.Max(widest, textWidth(h, face(hs, true)))
		}
		if widest <= maxW {
			break
		}
	}
	hs = math.Max(hs, least)
	hf, bf := face(hs, true), face(least, false)
	headH, lineH := hs*1.4, least*1.3
	lines := g.resultBodyLines(bodies, bf, maxW)
	w := 0.0
	for i := range heads {
		w = math.Max(w, textWidth(heads[i], hf))
		for _, l := range lines[i] {
			w = math.Max(w, textWidth(l, bf))
		}
	}
	w = math.Min(w, maxW) + 32
	// Each row a head, and a line under it for each more to say.
	rowH := func(i int) float64 { return headH + lineH*float64(len(lines[i])) }
	h := least * 0.5
	for i := range heads {
		h += rowH(i)
	}
	x0, y0 := g.panelPlace(w, h)
	b := batch{dmg: dmg}
	b.path(dst, polygon(rect(hexmap.Point{X: x0 + w/2, Y: y0 + h/2}, w, h)), 0, colBox)
	b.path(dst, polygon(rect(hexmap.Point{X: x0 + w/2, Y: y0 + h/2}, w, h)), 2, cols[0])
	b.flush(dst)
	y := y0 + least*0.25
	for i := range heads {
		say(dst, fit(heads[i], hf, w-32), hf, x0+16, y+headH/2+2, cols[i], false)
		for j, l := range lines[i] {
			say(dst, fit(l, bf, w-32), bf, x0+16, y+headH+lineH*(float64(j)+0.5), colText, false)
		}
		y += rowH(i)
	}
	dmg.add(image.Rect(int(x0)-2, int(y0)-2, int(x0+w)+3, int(y0+h)+3))
}

// resultBodyLines are the result panel's lines under each head: a
// body's lines (split by "\n"), cut to the panel on a desktop, wrapped
// to width on a handheld, whose narrow panel would cut what the hit did.
func (g *Game) resultBodyLines(bodies []string, f *text.GoTextFace, width float64) [][]string {
	lines := make([][]string, len(bodies))
	for i, body := range bodies {
		if body == "" {
			continue
		}
		for _, l := range strings.Split(body, "\n") {
			if g.dev.touch {
				lines[i] = append(lines[i], wrapWords(l, f, width)...)
			} else {
				lines[i] = append(lines[i], l)
			}
		}
	}
	return lines
}

// drawClock draws a thrown miss's clock face on its target, 12 straight
// on from the thrower and 6 back toward it, both written, the hour the
// card showed in red, and the flight out to where the object came down.
func (g *Game) drawClock(dst *ebiten.Image, b *batch, ld landed, dmg *damage) {
	l := g.layout
	s := l.Size
	t, from := l.ToPixel(ld.Target), l.ToPixel(ld.From)
	// 12 o'clock points from the thrower through the target.
	up := math.Atan2(t.Y-from.Y, t.X-from.X)
	if ld.From == ld.Target {
		up = -math.Pi / 2
	}
	r := clockRadius(s)
	white := color.RGBA{0xff, 0xff, 0xff, 0xe0}
	// A shaded ring for the hours, clear in the middle: the target's
	// token and its badge read through.
	b.path(dst, circle(t, r*0.8), float32(r*0.4), color.RGBA{0x10, 0x10, 0x10, 0x60})
	b.path(dst, circle(t, r), float32(math.Max(2, s/12)), white)
	at := func(hour int, k float64) hexmap.Point {
		a := up + float64(hour%12)*math.Pi/6
		return hexmap.Point{X: t.X + math.Cos(a)*r*k, Y: t.Y + math.Sin(a)*r*k}
	}
	for h := 1; h <= 12; h++ {
		col, w, in := white, math.Max(1.5, s/16), 0.82
		switch {
		case h == ld.Clock:
			col, w, in = colBad, math.Max(3, s/8), 0.7
		case h == 12:
			col, w, in = colSelect, math.Max(3, s/9), 0.65
		}
		b.path(dst, polyline([]hexmap.Point{at(h, in), at(h, 1)}), float32(w), col)
	}
	// The flight: out from the target over the first second, then the
	// line to where the object lies.
	k := math.Min(1, time.Since(g.result.start).Seconds())
	end := lerpPt(t, l.ToPixel(ld.At), k)
	b.path(dst, polyline([]hexmap.Point{t, end}), float32(math.Max(2, s/10)), colBad)
	b.path(dst, circle(end, s*0.22), 0, colBad)
	b.flush(dst)
	// 12 and 6 written outside the face, the card's hour in red.
	f := face(math.Max(g.minText(), s*0.42), true)
	for _, h := range []int{12, 6, ld.Clock} {
		p := at(h, 1.32)
		fg := color.RGBA{0xff, 0xff, 0xff, 0xff}
		switch h {
		case ld.Clock:
			fg = colHit
		case 12:
			fg = colSelect
		}
		k := tagKey{text: fmt.Sprint(h), size: f.Size, fg: fg, bg: colBox, boxW: math.Max(s*0.75, f.Size*1.5), boxH: math.Max(s*0.6, f.Size*1.25), centered: true}
		dmg.add(g.tags.draw(dst, k, p.X, p.Y))
	}
}

// clockRadius is the radius of a thrown miss's clock face at hex size s:
// a hex and a half, never too small to read.
func clockRadius(s float64) float64 { return math.Max(s*1.5, 44) }

// star is a star's outline of n points about c, from radius outer to inner.
func star(c hexmap.Point, outer, inner float64, n int) []hexmap.Point {
	pts := make([]hexmap.Point, 0, 2*n)
	for i := 0; i < 2*n; i++ {
		r := outer
		if i%2 == 1 {
			r = inner
		}
		a := float64(i)*math.Pi/float64(n) - math.Pi/2
		pts = append(pts, hexmap.Point{X: c.X + math.Cos(a)*r, Y: c.Y + math.Sin(a)*r})
	}
	return pts
}

// resultAreas are where the result draws on the map, for the hover tip to
// keep clear of.
func (g *Game) resultAreas() []image.Rectangle {
	r, st := g.result, g.play.st
	if r == nil || st == nil {
		return nil
	}
	s := g.layout.Size
	var out []image.Rectangle
	box := func(c hexmap.Point, rad float64) {
		out = append(out, image.Rect(int(c.X-rad), int(c.Y-rad), int(c.X+rad), int(c.Y+rad)))
	}
	for _, ld := range r.landings {
		box(g.layout.ToPixel(ld.Target), clockRadius(s)*1.5)
		box(g.layout.ToPixel(ld.At), s*1.2) // the object where it lies, named
	}
	for _, o := range r.outcomes {
		if f, ok := st.Figures[o.Target]; ok {
			box(g.layout.ToPixel(f.At), s*1.3)
		}
	}
	return out
}

// panelPlace is where the result panel of w×h goes: a top corner below the
// action bar where it reaches, else a bottom corner above the status bar,
// the first that leaves the result's marks on the map in view.
func (g *Game) panelPlace(w, h float64) (float64, float64) {
	below := func(x float64) float64 {
		y := 12.0
		for _, bt := range g.buttons() {
			if float64(bt.r.Min.X) < x+w && float64(bt.r.Max.X) > x {
				y = math.Max(y, float64(bt.r.Max.Y)+8)
			}
		}
		return y
	}
	right := float64(g.w) - w - 12
	bottom := float64(g.h-g.barH()) - h - 12
	spots := [][2]float64{{12, below(12)}, {12, bottom}, {right, bottom}, {right, below(right)}}
	// The corner clear of the shot's marks that covers least of the
	// tokens and of the words the placer laid out (the result's tags
	// among them), the first such.
	keep := g.resultAreas()
	won, least := spots[0], math.MaxInt
	for _, p := range spots {
		r := image.Rect(int(p[0]), int(p[1]), int(p[0]+w), int(p[1]+h))
		cost := g.placed().cost(r)
		if g.placeOver != nil && g.place != nil {
			for _, q := range g.placeOver.placed[min(len(g.place.placed), len(g.placeOver.placed)):] {
				if r.Overlaps(q) {
					cost += 1 << 24 // the result's own tags read beside the panel
				}
			}
		}
		for _, k := range keep {
			if r.Overlaps(k) {
				cost += 1 << 30
			}
		}
		if cost < least {
			won, least = p, cost
		}
	}
	return won[0], won[1]
}
