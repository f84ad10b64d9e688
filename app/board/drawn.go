package board

import (
	"sync"
	"time"

	"hexslinger/hexmap"
)

// What the window drew, told to whoever drives it from outside (the
// browser's test hooks: app/hexslinger-web). It is what the frame drew,
// not the session's state: a figure told is a figure on the screen.

// Drawn is the window's last frame as told from outside, in CSS pixels
// of the page (the window's pixels over its device pixel ratio).
type Drawn struct {
	Map      bool          // the map has been drawn
	FirstMap time.Time     // when the first frame with the map was drawn
	Figures  []FigureDrawn // the figures the last frame drew on the screen
}

// FigureDrawn is a figure drawn, at its token's centre in CSS pixels.
type FigureDrawn struct {
	ID string  `json:"id"`
	X  float64 `json:"x"`
	Y  float64 `json:"y"`
}

// drawnState keeps Drawn between frames, read from another goroutine
// (a browser's callbacks).
type drawnState struct {
	mu     sync.Mutex
	d      Drawn
	layout hexmap.Layout
	px     float64
	next   []FigureDrawn // the frame being drawn's, in window pixels
}

// figure notes a figure drawn at c in window pixels, as the frame draws.
func (s *drawnState) figure(id string, c hexmap.Point) {
	s.next = append(s.next, FigureDrawn{ID: id, X: c.X, Y: c.Y})
}

// frame ends a frame that drew the map with l, at px window pixels per
// CSS pixel: what it drew becomes what is told.
func (s *drawnState) frame(l hexmap.Layout, px float64) {
	figs := make([]FigureDrawn, len(s.next))
	for i, f := range s.next {
		figs[i] = FigureDrawn{ID: f.ID, X: f.X / px, Y: f.Y / px}
	}
	s.next = s.next[:0]
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.d.Map {
		s.d.Map, s.d.FirstMap = true, time.Now()
	}
	s.d.Figures, s.layout, s.px = figs, l, px
}

// Drawn tells what the window's last frame drew.
func (g *Game) Drawn() Drawn {
	g.drawnNow.mu.Lock()
	defer g.drawnNow.mu.Unlock()
	d := g.drawnNow.d
	d.Figures = append([]FigureDrawn(nil), d.Figures...)
	return d
}

// HexPoint is the centre of hex h, in CSS pixels of the page, as the
// window's last frame drew the map ((0, 0) before it drew one).
func (g *Game) HexPoint(h hexmap.Hex) hexmap.Point {
	g.drawnNow.mu.Lock()
	defer g.drawnNow.mu.Unlock()
	if !g.drawnNow.d.Map {
		return hexmap.Point{}
	}
	p := g.drawnNow.layout.ToPixel(h)
	return hexmap.Point{X: p.X / g.drawnNow.px, Y: p.Y / g.drawnNow.px}
}
