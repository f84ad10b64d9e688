package board

import (
	"slices"
	"strconv"

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

// editorHill: the map editor raising a hill with its levels written on
// the hexes: a grass rise made by clicks of the Raise tool (each held a
// dozen frames, as a person clicks: one level a click), brush 3, then 2,
// then 1 on the same hex, and a hollow lowered beside a creek; the creek
// labelled "Dry Creek" on its water and a "Knoll" on the hill's top; the
// pointer on the hill with the Raise tool in hand, brush 2, and the
// status bar saying the last click's level.
func (sc *Scene) editorHill() error {
	ed, err := sc.newEditor("hill", 16, 11)
	if err != nil {
		return err
	}
	e := ed.e
	hex := func(c, r int) hexmap.Hex { return hexmap.Pointy.FromOffset(hexmap.Offset{Col: c, Row: r}) }
	paint := func(name string, brush int, hs ...hexmap.Hex) {
		e.tool, e.terrain, e.brush = toolTerrain, slices.Index(hexmap.TerrainNames(), name), brush
		for _, h := range hs {
			e.apply(h, 0)
		}
		e.end()
	}
	paint("grass", 3, hex(6, 4), hex(9, 5), hex(4, 8))
	var creek []hexmap.Hex
	for r := 0; r < 11; r++ {
		creek = append(creek, hex(12+r%3/2, r))
	}
	paint("shallows", 2, creek...)
	paint("water", 1, creek...)
	// The clicks, through the editor's own mouse handling.
	click := func(tool string, brush int, h hexmap.Hex) {
		ed.setTool(tool)
		e.brush = brush
		p := ed.layout.ToPixel(h)
		x, y := int(p.X), int(p.Y)
		for i := 0; i < 12; i++ {
			ed.mouse(x, y, ed.pointAt(x, y), i == 0, true)
		}
		ed.mouse(x, y, ed.pointAt(x, y), false, false)
	}
	top := hex(6, 5)
	click(toolRaise, 3, top)
	click(toolRaise, 2, top)
	click(toolRaise, 1, top)
	click(toolLower, 1, hex(10, 8))
	click(toolLower, 1, hex(10, 8))
	e.label(creek[4], "Dry Creek")
	e.label(hex(6, 7), "Knoll")
	ed.setTool(toolRaise)
	e.brush = 2
	c, a := ed.layout.ToPixel(top), ed.layout.ToPixel(top.Neighbor(0))
	p := lerpPt(c, a, 0.3)
	ed.cursor = func() (int, int) { return int(p.X), int(p.Y) }
	ed.say(e.m.Label(top)+" now level "+strconv.Itoa(e.m.Elevation(top)), false)
	sc.ed, sc.inner = ed, ed
	sc.setup = func() bool { return true }
	return nil
}
