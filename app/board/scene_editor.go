package board

import (
	"slices"

	"hexslinger/hexmap"
)

// editorToolbar: the map editor with its toolbar and terrain legend: a
// yard of grass, rough ground and a pond, a shack walled with lines of
// hexsides, with a door and a window, and a fence line being dragged from
// the shack's corner across the yard, the pointer on the hexside it will
// end at.
func (sc *Scene) editorToolbar() error {
	ed, err := sc.newEditor("yard", 18, 12)
	if err != nil {
		return err
	}
	e := ed.e
	hex := func(c, r int) hexmap.Hex { return hexmap.Pointy.FromOffset(hexmap.Offset{Col: c, Row: r}) }
	side := func(c, r int, d hexmap.Direction) hexmap.Edge { return hexmap.EdgeOf(hex(c, r), d) }
	paint := func(name string, brush int, hs ...hexmap.Hex) {
		e.tool, e.terrain, e.brush = toolTerrain, slices.Index(hexmap.TerrainNames(), name), brush
		for _, h := range hs {
			e.apply(h, 0)
		}
		e.end()
	}
	paint("grass", 2, hex(11, 2), hex(13, 2), hex(15, 3), hex(12, 4), hex(15, 6), hex(14, 9))
	paint("rough", 2, hex(3, 9), hex(5, 10))
	paint("shallows", 2, hex(9, 9))
	paint("water", 1, hex(9, 9), hex(10, 9), hex(9, 10))
	paint("floor", 1, hex(2, 2), hex(3, 2), hex(4, 2), hex(5, 2), hex(2, 3), hex(3, 3), hex(4, 3), hex(5, 3))
	// The shack's walls, each side of it one line dragged (pointy sides:
	// 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE), then a door and a window.
	e.tool, e.edge = toolEdge, slices.Index(edgeKinds, "wall")
	e.line(side(2, 2, 2).LineTo(side(5, 2, 1)))
	e.line(side(5, 2, 0).LineTo(side(5, 3, 0)))
	e.line(side(5, 3, 5).LineTo(side(2, 3, 4)))
	e.line(side(2, 3, 3).LineTo(side(2, 2, 3)))
	e.edge = slices.Index(edgeKinds, "door")
	e.line([]hexmap.Edge{side(3, 3, 4)})
	e.edge = slices.Index(edgeKinds, "window")
	e.line([]hexmap.Edge{side(3, 2, 1)})
	// The fence line, mid-drag.
	e.edge = slices.Index(edgeKinds, "fence")
	from, to := side(5, 3, 0), side(12, 8, 5)
	ed.drag = lineDrag{on: true, from: from, to: to, run: from.LineTo(to)}
	c := ed.layout.ToPixel(hex(12, 8))
	a, z := ed.layout.Edge(hex(12, 8), 5)
	p := lerpPt(c, lerpPt(a, z, 0.5), 0.8)
	ed.cursor = func() (int, int) { return int(p.X), int(p.Y) }
	ed.held = func() bool { return true }
	sc.ed, sc.inner = ed, ed
	sc.setup = func() bool { return true }
	return nil
}
