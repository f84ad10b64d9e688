package board

import (
	"image"
	"math"
	"slices"
	"unicode/utf8"

	"hexslinger/hexmap"
)

// placer lays out the map's words and badges (tokens' tags and badges,
// the names of things lying on the map, map labels, range labels, a
// result's tags) against the tokens and each other: each goes to the
// first free place about its anchor, never over a token's disc or a box
// placed before it; where no place about it is free, to the one that
// covers least.
type placer struct {
	area  image.Rectangle   // where boxes may go: the map's part of the window
	discs []disc            // the tokens, nothing placed over them
	fixed []image.Rectangle // boxes drawn where they must be (the rulers)
	// marks are the map's own marks (its cover numbers): kept clear of
	// words and badges like a fixed box, though a pointer's tip, drawn
	// over the map a moment, may lie over them (beside).
	marks  []image.Rectangle
	placed []image.Rectangle // the boxes it placed, in order
}

// disc is a token's disc on the screen.
type disc struct {
	c hexmap.Point
	r float64
}

// overlaps reports whether r covers any of the disc.
func (d disc) overlaps(r image.Rectangle) bool {
	x := math.Max(float64(r.Min.X), math.Min(d.c.X, float64(r.Max.X)))
	y := math.Max(float64(r.Min.Y), math.Min(d.c.Y, float64(r.Max.Y)))
	return math.Hypot(x-d.c.X, y-d.c.Y) < d.r
}

// token keeps a token's disc, centred at c of radius r, clear.
func (p *placer) token(c hexmap.Point, r float64) { p.discs = append(p.discs, disc{c, r}) }

// keep keeps r clear of what is placed after: a box drawn where it must
// be (a ruler's mark).
func (p *placer) keep(r image.Rectangle) { p.fixed = append(p.fixed, r) }

// mark keeps r, a mark the map draws (a cover number), clear of what is
// placed after.
func (p *placer) mark(r image.Rectangle) { p.marks = append(p.marks, r) }

// cost is how much r covers of what is kept clear: 0 when free.
func (p *placer) cost(r image.Rectangle) int {
	cost := 0
	if !p.area.Empty() && !r.In(p.area) {
		cost += 1 << 20 // off the map's part of the window
	}
	for _, d := range p.discs {
		if d.overlaps(r) {
			cost += 1 << 16
		}
	}
	for _, q := range slices.Concat(p.fixed, p.marks, p.placed) {
		if in := r.Intersect(q); !in.Empty() {
			cost += 1<<12 + in.Dx()*in.Dy()
		}
	}
	return cost
}

// box is a w×h box centred at c.
func box(c hexmap.Point, w, h float64) image.Rectangle {
	x0, y0 := int(math.Floor(c.X-w/2)), int(math.Floor(c.Y-h/2))
	return image.Rect(x0, y0, x0+int(math.Ceil(w)), y0+int(math.Ceil(h)))
}

// best places a box at the first free centre of spots (the best first),
// else at the one that covers least, keeps it and returns it with whether
// it was free.
func (p *placer) best(w, h float64, spots []hexmap.Point) (image.Rectangle, bool) {
	var won image.Rectangle
	least := math.MaxInt
	for _, c := range spots {
		r := box(c, w, h)
		if k := p.cost(r); k < least {
			won, least = r, k
			if k == 0 {
				break
			}
		}
	}
	p.placed = append(p.placed, won)
	return won, least == 0
}

// ring are the centres of a w×h box about c, its near edge d away,
// in n directions from angle prefer (radians on the screen, 0 east, π/2
// south) round either way.
func ring(c hexmap.Point, d, w, h, prefer float64, n int) []hexmap.Point {
	var spots []hexmap.Point
	for i := 0; i <= n/2; i++ {
		for _, sign := range []float64{1, -1} {
			if (i == 0 || 2*i == n) && sign < 0 {
				continue
			}
			a := prefer + sign*float64(i)*2*math.Pi/float64(n)
			ux, uy := math.Cos(a), math.Sin(a)
			k := d + math.Min(w/2/math.Max(math.Abs(ux), 1e-9), h/2/math.Max(math.Abs(uy), 1e-9))
			spots = append(spots, hexmap.Point{X: c.X + ux*k, Y: c.Y + uy*k})
		}
	}
	return spots
}

// label places a w×h word about anchor, its near edge gap from it (0: on
// it first): below it where that is free, else the nearest free place
// round it, further out a step at a time, up to reach away; where none
// is, up to three times as far (a word far from its place reads better
// than one covering another).
func (p *placer) label(anchor hexmap.Point, gap, reach, w, h float64) (image.Rectangle, bool) {
	return p.labelWithin(anchor, gap, 3*reach, w, h)
}

// labelWithin is label with no further fallback than reach.
func (p *placer) labelWithin(anchor hexmap.Point, gap, reach, w, h float64) (image.Rectangle, bool) {
	return p.around(anchor, gap, reach, w, h, math.Pi/2)
}

// around places a w×h box about anchor, its near edge gap from it (0: on
// it first), at the first free place from angle prefer round either way,
// further out a step at a time up to reach; where none is free, the one
// that covers least.
func (p *placer) around(anchor hexmap.Point, gap, reach, w, h, prefer float64) (image.Rectangle, bool) {
	var spots []hexmap.Point
	if gap == 0 {
		spots = append(spots, anchor)
	}
	for d := gap; d <= math.Max(gap, reach); d += h / 2 {
		spots = append(spots, ring(anchor, d, w, h, prefer, 24)...)
	}
	return p.best(w, h, spots)
}

// beside places a w×h panel (a tip, a shot's tag) beside the hex centred
// at anchor of size s, inside area: to its right where that is free, else
// the nearest free place round it, up to 6 hexes out; it keeps clear of
// the tokens, of everything placed and of keep (not of the map's marks:
// it lies over the map). p is left as it was.
func (p *placer) beside(anchor hexmap.Point, s, w, h float64, area image.Rectangle, keep []image.Rectangle) image.Rectangle {
	q := placer{area: area, discs: p.discs, fixed: slices.Concat(p.fixed, p.placed, keep)}
	r, _ := q.around(anchor, s*1.1, 6*s, w, h, 0) // past the hovered token's rim and wedge
	return r
}

// Badge places a w×h badge attached to the token centred at c of radius
// r: just off its rim, at the first free place from angle prefer
// (radians on the screen, 0 east, π/2 south) round either way, else a
// step further out. The token's own marks (AP, wounds, prone and the
// like) are placed by it, against every token and each other.
func (p *placer) Badge(c hexmap.Point, r, w, h, prefer float64) (image.Rectangle, bool) {
	var spots []hexmap.Point
	for d := r + 1; d <= r+6*h; d += h / 2 {
		spots = append(spots, ring(c, d, w, h, prefer, 24)...)
	}
	return p.best(w, h, spots)
}

// word places text s, at size px on a plate padX wide each side and h
// high, about anchor as label does; where no place is free it tries the
// word cut shorter ("HIT: 8 w…", never to fewer than six letters) before
// taking the place that covers least.
// It returns the text to write and where.
func (p *placer) word(s string, px, padX, h float64, anchor hexmap.Point, gap, reach float64) (string, image.Rectangle, bool) {
	f := face(px, true)
	full := textWidth(s, f)
	for _, far := range []float64{reach, 3 * reach} { // whole or cut near, before whole further
		for _, k := range []float64{1, 0.75, 0.5, 0.3} {
			t := s
			if k < 1 {
				t = fit(s, f, full*k)
				if utf8.RuneCountInString(t) < 7 { // "HIT:…" says nothing: whole, further
					break
				}
			}
			w := textWidth(t, f) + 2*padX
			n := len(p.placed)
			r, free := p.labelWithin(anchor, gap, far, w, h)
			if free {
				return t, r, true
			}
			p.placed = p.placed[:n] // not kept: try it shorter
		}
	}
	r, free := p.label(anchor, gap, reach, full+2*padX, h)
	return s, r, free
}
