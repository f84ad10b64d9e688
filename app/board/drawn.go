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
	Buttons  []ButtonDrawn // the action bar's buttons the last frame drew
}

// ButtonDrawn is a button of the action bar drawn: its label as written
// and its box, from its top left corner, in CSS pixels.
type ButtonDrawn struct {
	Label string  `json:"label"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	W     float64 `json:"w"`
	H     float64 `json:"h"`
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
	bar    []ButtonDrawn // the frame being drawn's buttons, in window pixels
}

// buttons notes the action bar's buttons bs as the frame draws them.
func (s *drawnState) buttons(bs []button) {
	s.bar = s.bar[:0]
	for _, b := range bs {
		r := b.r
		s.bar = append(s.bar, ButtonDrawn{Label: b.label, X: float64(r.Min.X), Y: float64(r.Min.Y), W: float64(r.Dx()), H: float64(r.Dy())})
	}
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
	bar := make([]ButtonDrawn, len(s.bar))
	for i, b := range s.bar {
		bar[i] = ButtonDrawn{Label: b.Label, X: b.X / px, Y: b.Y / px, W: b.W / px, H: b.H / px}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.d.Map {
		s.d.Map, s.d.FirstMap = true, time.Now()
	}
	s.d.Figures, s.d.Buttons, s.layout, s.px = figs, bar, l, px
}

// Drawn tells what the window's last frame drew.
func (g *Game) Drawn() Drawn {
	g.drawnNow.mu.Lock()
	defer g.drawnNow.mu.Unlock()
	d := g.drawnNow.d
	d.Figures = append([]FigureDrawn(nil), d.Figures...)
	d.Buttons = append([]ButtonDrawn(nil), d.Buttons...)
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
