package board

import (
	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// knownTerrain is what the Judge's side view (Y) draws its map with. The
// view draws the map as the side knows it (State.KnownMap: what a
// player's seat of the side is sent), not the live map: a door the side
// saw shut is shut, a hex changed since the side saw it is as it was.
// The window keeps two chunk caches, the live map's and the side's known
// map's; Game.chunks is the one drawn, other the one put aside, so that
// turning the view on and off redraws no chunk the cache already holds.
type knownTerrain struct {
	other chunkCache // the cache not drawn now
	side  bool       // Game.chunks holds the side view's chunks, other the live map's
	// st, name and ver are the state, side and known map's version the
	// side view's chunks were drawn from (ok: ver is one); a new known
	// map of the same record redraws only the chunks of the hexes the
	// session names changed since (State.KnownChangedSince).
	st   *session.State
	name string
	ver  uint64
	ok   bool
}

// sideShown is the side whose view the Judge's window shows (Y), or "".
func (g *Game) sideShown() string {
	if !g.judge() {
		return ""
	}
	return g.fogSide()
}

// mapDrawn is the map the window's chunks draw: in the Judge's side view,
// the side's known map; else the state's map (a player's window's state
// holds its side's known map as its seat is sent it).
func (g *Game) mapDrawn(st *session.State) *hexmap.Map {
	side := g.sideShown()
	if k := &g.known; (side != "") != k.side {
		g.chunks, k.other = k.other, g.chunks
		k.side = side != ""
		g.chunks.players = k.side
		// The frame set the text size and picture before it asked.
		g.chunks.text, g.chunks.backdrop = k.other.text, k.other.backdrop
	}
	if side == "" {
		return st.Map
	}
	m := st.KnownMap(side)
	k := &g.known
	if k.ok && k.st == st && k.name == side {
		now, hexes, ok := st.KnownChangedSince(side, k.ver)
		if ok && g.chunks.m != m {
			g.chunks.retarget(m, hexes)
		}
		k.ver, k.ok = now, ok
		return m
	}
	// Another side or state: the chunks are drawn anew, unless they are
	// of this very map (sides whose records began on one map share it).
	k.st, k.name = st, side
	k.ver, _, k.ok = st.KnownChangedSince(side, 0)
	return m
}

// tipText is the hover tip at h: in the Judge's side view, what a
// player's seat of the side would be told (its known map, the figures it
// is sent, what it may know of them; a hex it never saw, its name only);
// else the window's own.
func (g *Game) tipText(h hexmap.Hex) string {
	st := g.play.st
	side := g.sideShown()
	if st == nil || side == "" {
		return g.play.tip(h)
	}
	fog := g.fogNow(st)
	return g.play.tipAs(h, tipView{
		m:          st.KnownMap(side),
		seat:       &session.Seat{Role: session.RolePlayer, Side: side},
		seen:       g.fog.seen,
		unexplored: fog.At(h) == session.FogDark,
	})
}
