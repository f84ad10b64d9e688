package board

import (
	"github.com/hajimehoshi/ebiten/v2"
	"slices"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// fogView is the fog of war in a map window. A player's window always
// draws its side's fog (the session's State.FogOf); the Judge's draws none
// until the Judge turns on the players' view (Y), which draws exactly the
// players' side's, and with it the brush (J): the hex under the pointer is
// revealed to the players, or fogged again.
type fogView struct {
	players bool   // the Judge's window shows a side's view
	side    string // which: the players' side first, then each other side
	brush   bool   // in the players' view, a click on a hex reveals or fogs it
	// fog is the side's fog as last asked of the state, for key.
	fog *session.Fog
	// seen are, in the Judge's side view, the figures a seat of the side
	// is sent (State.SeenBy), for key.
	seen map[string]bool
	key  fogKey
}

// fogKey is what a window's fog was made from.
type fogKey struct {
	st         *session.State
	seq        int
	mapVersion uint64
	side       string
}

// fogNow is the fog the window draws (nil: none), asked of the state once
// per change.
func (g *Game) fogNow(st *session.State) *session.Fog {
	side := g.fogSide()
	if side == "" {
		return nil
	}
	k := fogKey{st: st, seq: g.seq, mapVersion: st.Map.Version(), side: side}
	if g.fog.key != k || g.fog.fog == nil {
		g.fog.fog, g.fog.key, g.fog.seen = st.FogOf(side), k, nil
		if g.judge() {
			g.fog.seen = st.SeenBy(side)
		}
	}
	return g.fog.fog
}

// fogHides reports whether the window leaves figure f out: in the
// Judge's side view (Y), every figure a seat of the side is not sent
// (State.SeenBy: hidden by the Judge, or in the side's fog), so that the
// view shows what the side sees and nothing more; in a player's window,
// a figure of another side in its fog.
func (g *Game) fogHides(st *session.State, f *session.Figure) bool {
	fog := g.fogNow(st)
	if fog == nil {
		return false
	}
	if g.fog.seen != nil {
		return !g.fog.seen[f.ID]
	}
	return f.Side != g.fog.key.side && fog.At(f.At) != session.FogSeen
}

// Fog colours, premultiplied: unexplored ground is covered, explored
// ground seen no more is dimmed.
var (
	fogDark = [4]float32{0.23, 0.25, 0.29, 1} // a slate grey: the dark walls at its edge read against it
	fogDim  = [4]float32{0.02, 0.02, 0.03, 0.5}
)

func init() {
	keyBindings = append(keyBindings,
		keyBinding{keys: []ebiten.Key{ebiten.KeyY}, do: func(g *Game) { g.togglePlayersView() }},
		keyBinding{keys: []ebiten.Key{ebiten.KeyJ}, do: func(g *Game) { g.brushFog() }},
	)
}

// fogSide is the side whose fog this window draws, or "" for none: a
// player's, its figures' side (the players' side if it has none); the
// Judge's, the players' side in the players' view only.
func (g *Game) fogSide() string {
	st := g.play.st
	if st == nil || !st.Options.FogOn() {
		return ""
	}
	if g.judge() {
		if !g.fog.players {
			return ""
		}
		if g.fog.side != "" {
			return g.fog.side
		}
		return st.Options.Players()
	}
	if g.conn != nil {
		for _, id := range g.conn.owned() {
			if f, ok := st.Figures[id]; ok {
				return f.Side
			}
		}
	}
	return st.Options.Players()
}

// togglePlayersView shows the Judge the map as the players' side sees it,
// then as each other side does (a fight with players on both sides), then
// the whole map again.
func (g *Game) togglePlayersView() {
	st := g.play.st
	if !g.judge() || st == nil {
		return
	}
	if !st.Options.FogOn() {
		g.say("This fight plays without fog of war (the console's Fight tab turns it on).", false)
		return
	}
	sides := []string{st.Options.Players()}
	for _, id := range st.Order {
		if sd := st.Figures[id].Side; !slices.Contains(sides, sd) {
			sides = append(sides, sd)
		}
	}
	next := 0 // the players' side first
	if g.fog.players {
		next = slices.Index(sides, g.fogSide()) + 1
	}
	g.fog.players = next < len(sides)
	g.fog.side = ""
	if g.fog.players {
		g.fog.side = sides[next]
	}
	g.fog.brush = g.fog.brush && g.fog.players
	g.baseFor, g.drawn = baseKey{}, false // draw the base again
	if g.fog.players {
		g.say("The map as the "+g.fog.side+" see it. J over a hex, or the fog brush, reveals it to them or fogs it again. Y: the next side, then the whole map.", false)
	} else {
		g.say("The Judge's view: the whole map.", false)
	}
}

// toggleFogBrush makes a click on the map reveal or fog the hex clicked,
// in the Judge's players' view, or play again.
func (g *Game) toggleFogBrush() {
	if !g.judge() || !g.fog.players {
		return
	}
	g.fog.brush = !g.fog.brush
	if g.fog.brush {
		g.say("Fog brush: a click reveals a hex to the players, or fogs it again. Click the button again to play.", false)
	} else {
		g.say("Fog brush put away: clicks play again.", false)
	}
}

// brushFog reveals the hex under the pointer to the players' side, or
// fogs it again when the Judge revealed it or it is explored.
func (g *Game) brushFog() {
	st := g.play.st
	if !g.judge() || !g.fog.players || st == nil || !g.hoverOK {
		return
	}
	side := g.fogSide()
	fog := st.FogOf(side)
	if fog == nil {
		return
	}
	hide := fog.At(g.hover) == session.FogExplored
	g.issue(&session.Command{Kind: session.CommandRevealHexes, Fog: &session.FogOrder{Side: side, Hexes: []hexmap.Hex{g.hover}, Hide: hide}}, "")
}

// hexesOnScreen are the map's hexes the window shows, and a ring more:
// what a map-wide overlay need draw, however big the map.
func (g *Game) hexesOnScreen(m *hexmap.Map) []hexmap.Hex {
	lo, hi := onScreen(m, g.layout, g.w, g.h)
	var out []hexmap.Hex
	for row := lo.Row; row <= hi.Row; row++ {
		for col := lo.Col; col <= hi.Col; col++ {
			if h := m.Orientation.FromOffset(hexmap.Offset{Col: col, Row: row}); m.Contains(h) {
				out = append(out, h)
			}
		}
	}
	return out
}

// drawFog covers the hexes the window's side has never seen and dims those
// it saw before and sees no more (drawn into the base image, once per
// change: an event, the view, the window). Explored hexes show the map as
// the side last saw it (mapDrawn: a player's window's map is its side's
// known map, and the Judge's side view draws the side's).
func (g *Game) drawFog(dst *ebiten.Image, st *session.State) {
	fog := g.fogNow(st)
	if fog == nil {
		return
	}
	var vs []ebiten.Vertex
	var is []uint16
	flush := func() {
		if len(is) > 0 {
			dst.DrawTriangles(vs, is, white, &ebiten.DrawTrianglesOptions{})
		}
		vs, is = vs[:0], is[:0]
	}
	onScreen := g.hexesOnScreen(st.Map)
	for _, hx := range onScreen {
		lvl := fog.At(hx)
		if lvl == session.FogSeen {
			continue
		}
		col := fogDark
		if lvl == session.FogExplored {
			col = fogDim
		}
		if len(vs) > 60000 {
			flush()
		}
		base := uint16(len(vs))
		// Neighbours share their corners exactly: no seam, no overlap.
		for _, p := range g.layout.Corners(hx) {
			vs = append(vs, ebiten.Vertex{DstX: float32(p.X), DstY: float32(p.Y), SrcX: 1, SrcY: 1,
				ColorR: col[0], ColorG: col[1], ColorB: col[2], ColorA: col[3]})
		}
		is = append(is, base, base+1, base+2, base, base+2, base+3, base, base+3, base+4, base, base+4, base+5)
	}
	flush()
	// The walls, doors and windows at the fog's edge are what the side
	// sees stop its sight: drawn again over the fog, from the hexes in
	// view beside it.
	var edge []hexmap.Hex
	for _, hx := range onScreen {
		if fog.At(hx) != session.FogSeen {
			continue
		}
		for _, d := range hexmap.Directions {
			if n := hx.Neighbor(d); st.Map.Contains(n) && fog.At(n) != session.FogSeen {
				edge = append(edge, hx)
				break
			}
		}
	}
	var b batch
	m := st.Map
	if side := g.sideShown(); side != "" {
		m = st.KnownMap(side) // what the side saw stop its sight
	}
	drawHexsides(dst, &b, m, g.layout, edge)
	b.flush(dst)
}
