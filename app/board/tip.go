package board

import (
	"image"
	"math"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// tokenBoxes are the boxes on screen the figures' tokens cover (disc,
// facing wedge, tag and badge), for the tip and the map's labels to keep
// clear of.
func (g *Game) tokenBoxes(st *session.State) []image.Rectangle {
	if st == nil {
		return nil
	}
	l := g.layout
	s := l.Size
	_, tagPx, _ := tokenText(s, g.minText())
	var out []image.Rectangle
	for _, id := range st.Order {
		f := st.Figures[id]
		c := l.ToPixel(f.At)
		if c.X < -2*s || c.Y < -2*s || c.X > float64(g.w)+2*s || c.Y > float64(g.h)+2*s {
			continue
		}
		half, below := s*1.05, s*1.05
		if tag := figureTag(st, f); tag != "" || f.Hidden {
			below = math.Max(below, tokenRadius(s, g.minText())+tagPx*1.1)
			half = math.Max(half, textWidth(tag+"  ", face(tagPx, true))/2+tagPx)
		}
		out = append(out, image.Rect(int(c.X-half), int(c.Y-s*1.05), int(c.X+half), int(c.Y+below)))
	}
	return out
}

// placeTip places a tip of size beside the hex centred at anchor (hex size
// s), inside area: to its right, else its left, above or below, at the
// first place that covers neither the hex nor any of the tokens; where
// every place covers some token, the one that covers least of them. It
// never covers the hovered hex while the area leaves room beside it.
func placeTip(size image.Point, anchor hexmap.Point, s float64, area image.Rectangle, tokens []image.Rectangle) image.Rectangle {
	ax, ay := int(anchor.X), int(anchor.Y)
	gap := int(math.Ceil(s * 1.1)) // past the hovered token's rim and wedge
	w, h := size.X, size.Y
	own := image.Rect(ax-gap, ay-gap, ax+gap, ay+gap)
	for _, t := range tokens { // the hovered figure's token, tag and all
		if image.Pt(ax, ay).In(t) {
			own = own.Union(t)
			gap = max(gap, ax-t.Min.X, t.Max.X-ax)
		}
	}
	var spots []image.Point // top-left corners, best first
	for _, far := range []int{0, int(2 * s)} {
		right, left := ax+gap+far, ax-gap-far-w
		spots = append(spots,
			image.Pt(right, ay-h/2), image.Pt(left, ay-h/2),
			image.Pt(ax-w/2, ay-gap-far-h), image.Pt(ax-w/2, ay+gap+far),
			image.Pt(right, ay-gap-h), image.Pt(right, ay+gap),
			image.Pt(left, ay-gap-h), image.Pt(left, ay+gap),
		)
	}
	best, bestCost := image.Rectangle{}, math.MaxInt
	for _, p := range spots {
		r := image.Rectangle{Min: p, Max: p.Add(size)}
		r = clampInto(r, area)
		cost := 0
		if r.Overlaps(own) {
			cost += 1 << 30 // over the figure it describes: last resort
		}
		for _, t := range tokens {
			if image.Pt(ax, ay).In(t) {
				continue // the hovered figure itself, counted above
			}
			if in := r.Intersect(t); !in.Empty() {
				cost += in.Dx() * in.Dy()
			}
		}
		if cost < bestCost {
			best, bestCost = r, cost
			if cost == 0 {
				break
			}
		}
	}
	return best
}

// clampInto moves r into area, as far as it fits.
func clampInto(r, area image.Rectangle) image.Rectangle {
	if r.Max.X > area.Max.X {
		r = r.Add(image.Pt(area.Max.X-r.Max.X, 0))
	}
	if r.Min.X < area.Min.X {
		r = r.Add(image.Pt(area.Min.X-r.Min.X, 0))
	}
	if r.Max.Y > area.Max.Y {
		r = r.Add(image.Pt(0, area.Max.Y-r.Max.Y))
	}
	if r.Min.Y < area.Min.Y {
		r = r.Add(image.Pt(0, area.Min.Y-r.Min.Y))
	}
	return r
}

// previewBoxes are the boxes on screen the previews under the pointer
// cover, for the tip to keep clear of: a shot's line from the shooter, and
// a move's path.
func (g *Game) previewBoxes() []image.Rectangle {
	st := g.play.st
	if st == nil {
		return nil
	}
	l := g.layout
	s := l.Size
	var route []hexmap.Hex
	if f, ok := st.Figures[g.play.selected]; ok && g.play.attacking && (g.aimOK || g.aimTextOK) && g.aimFor() {
		route = f.At.LineTo(g.hover)
	} else if g.planOK && g.planFor == g.hover {
		route = g.plan.Path()
	}
	var out []image.Rectangle
	for _, h := range route {
		c := l.ToPixel(h)
		out = append(out, image.Rect(int(c.X-s*0.6), int(c.Y-s*0.6), int(c.X+s*0.6), int(c.Y+s*0.6)))
	}
	return out
}
