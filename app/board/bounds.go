package board

import (
	"math"

	"hexslinger/hexmap"
)

// mapBounds gives a map's bounds on the screen (Layout.Bounds) from its
// rim alone: the first and last hex of each offset row and column. A
// hex's centre moves with its column alone along a row, or its row alone
// down a column, and with the other coordinate one way (the layout's
// arithmetic rounds monotonically), so the extremes over every hex are
// the extremes over the rim, to the bit. The rulers ask every time the
// map's base is drawn; at 1024² the whole map took 25 ms, the rim takes
// a few µs, and is found again only when the map changes.
type mapBounds struct {
	m       *hexmap.Map
	version uint64
	rim     []hexmap.Hex
}

// of is l.Bounds(m).
func (b *mapBounds) of(l hexmap.Layout, m *hexmap.Map) (lo, hi hexmap.Point) {
	if b.m != m || b.version != m.Version() || b.rim == nil {
		b.m, b.version, b.rim = m, m.Version(), rimHexes(m, b.rim[:0])
	}
	lo = hexmap.Point{X: math.Inf(1), Y: math.Inf(1)}
	hi = hexmap.Point{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, h := range b.rim {
		for _, c := range l.Corners(h) {
			if c.X < lo.X {
				lo.X = c.X
			}
			if c.Y < lo.Y {
				lo.Y = c.Y
			}
			if c.X > hi.X {
				hi.X = c.X
			}
			if c.Y > hi.Y {
				hi.Y = c.Y
			}
		}
	}
	return lo, hi
}

// rimHexes appends to out the first and last hex of m in each offset row
// and each offset column (a hex may come twice), never nil.
func rimHexes(m *hexmap.Map, out []hexmap.Hex) []hexmap.Hex {
	if out == nil {
		out = []hexmap.Hex{}
	}
	at := func(col, row int) (hexmap.Hex, bool) {
		h := m.Orientation.FromOffset(hexmap.Offset{Col: col, Row: row})
		return h, m.Contains(h)
	}
	for row := range m.Height {
		for col := 0; col < m.Width; col++ {
			if h, ok := at(col, row); ok {
				out = append(out, h)
				break
			}
		}
		for col := m.Width - 1; col >= 0; col-- {
			if h, ok := at(col, row); ok {
				out = append(out, h)
				break
			}
		}
	}
	for col := range m.Width {
		for row := 0; row < m.Height; row++ {
			if h, ok := at(col, row); ok {
				out = append(out, h)
				break
			}
		}
		for row := m.Height - 1; row >= 0; row-- {
			if h, ok := at(col, row); ok {
				out = append(out, h)
				break
			}
		}
	}
	return out
}
