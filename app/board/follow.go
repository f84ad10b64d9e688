package board

import (
	"math"

	"hexslinger/hexmap"
)

// On a handheld the view keeps the seat's figure in sight: a phone shows
// a few hexes of the street, and a figure that moves, or is picked, at
// its edge would walk off it. The view pans (over a few frames) until
// the figure stands a hex inside the edges; never while a finger or the
// mouse holds the map, and never on a desktop window (the Judge's view
// is the Judge's to move).

// followState is the figure the view keeps in sight and the pan under
// way to it.
type followState struct {
	sel  string                // the selection last seen
	seen map[string]hexmap.Hex // where the seat's figures stood last seen
	// to is the origin the pan goes to while on.
	to hexmap.Point
	on bool
}

// followStep is the share of the way left the view pans each frame: at
// 60 frames a second it is there in about a quarter of a second.
const followStep = 0.3

// keepInView pans a handheld's view to the figure of the seat that moved,
// or was selected, where it stands outside the view or within a hex of
// its edge.
func (g *Game) keepInView() {
	f := &g.follow
	st := g.play.st
	if !g.dev.touch || st == nil {
		f.on = false
		return
	}
	if !g.touch.rec.idle() || g.pressed || g.dragging {
		f.on = false // a finger or the mouse holds the map: theirs
		g.noteFigures()
		return
	}
	want := ""
	if sel := g.play.selected; sel != f.sel {
		f.sel, want = sel, sel
	}
	if moved := g.noteFigures(); moved != "" && want == "" {
		want = moved
	}
	if want != "" {
		if fig, ok := st.Figures[want]; ok {
			if to, out := g.viewTo(fig.At); out {
				f.to, f.on = to, true
			}
		}
	}
	if !f.on {
		return
	}
	o := &g.layout.Origin
	d := hexmap.Point{X: f.to.X - o.X, Y: f.to.Y - o.Y}
	if math.Hypot(d.X, d.Y) < 1 {
		*o, f.on = f.to, false
		return
	}
	o.X += d.X * followStep
	o.Y += d.Y * followStep
}

// noteFigures notes where the selected figure and the seat's stand, and
// returns one that moved since last noted (the selected first); a figure
// seen for the first time has not moved.
func (g *Game) noteFigures() string {
	f := &g.follow
	st := g.play.st
	if f.seen == nil {
		f.seen = map[string]hexmap.Hex{}
	}
	moved := ""
	note := func(id string) {
		fig, ok := st.Figures[id]
		if !ok {
			return
		}
		if was, ok := f.seen[id]; ok && was != fig.At && moved == "" {
			moved = id
		}
		f.seen[id] = fig.At
	}
	if g.play.selected != "" {
		note(g.play.selected)
	}
	if g.conn != nil {
		for _, id := range g.conn.owned() {
			note(id)
		}
	}
	return moved
}

// viewTo is the origin that brings hex h a hex inside the map's area,
// centred along each axis it is out on, and whether it is out.
func (g *Game) viewTo(h hexmap.Hex) (hexmap.Point, bool) {
	l := g.layout
	c := l.ToPixel(h)
	m := 1.5 * l.Size // a token's width inside the edge
	left, top := g.trayLeft(), g.mapTop()
	right, bottom := float64(g.w), float64(g.h-g.barH())
	to, out := l.Origin, false
	if c.X < left+m || c.X > right-m {
		to.X += (left+right)/2 - c.X
		out = true
	}
	if c.Y < top+m || c.Y > bottom-m {
		to.Y += (top+bottom)/2 - c.Y
		out = true
	}
	return to, out
}
