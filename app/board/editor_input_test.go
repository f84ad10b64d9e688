package board

import (
	"fmt"
	"testing"

	"hexslinger/hexmap"
)

// frames feeds the editor's mouse handling n frames with the pointer at
// (x, y), the left button down on all of them (down this frame on the
// first when press), as Update does.
func (ed *Editor) frames(x, y, n int, press bool) {
	for i := 0; i < n; i++ {
		ed.mouse(x, y, ed.pointAt(x, y), press && i == 0, true)
	}
}

// release lets the left button go with the pointer at (x, y).
func (ed *Editor) release(x, y int) { ed.mouse(x, y, ed.pointAt(x, y), false, false) }

// TestRaiseIsOneLevelAClick: a click of the Raise or Lower tool changes
// the level by one however many frames the button is held, and a drag
// changes each hex it enters by one, not one a frame.
func TestRaiseIsOneLevelAClick(t *testing.T) {
	at := func(ed *Editor, h hexmap.Hex) (int, int) {
		p := ed.layout.ToPixel(h)
		return int(p.X), int(p.Y)
	}
	hex := func(c, r int) hexmap.Hex { return hexmap.Pointy.FromOffset(hexmap.Offset{Col: c, Row: r}) }
	for _, tc := range []struct {
		tool   string
		frames int
		want   int
	}{
		{toolRaise, 1, 1}, {toolRaise, 10, 1}, {toolRaise, 60, 1},
		{toolLower, 1, -1}, {toolLower, 10, -1},
	} {
		t.Run(fmt.Sprintf("a %s click held %d frames", tc.tool, tc.frames), func(t *testing.T) {
			ed := &Editor{e: newEdit(t), w: WindowWidth, h: WindowHeight}
			ed.fit()
			ed.setTool(tc.tool)
			h := hex(4, 4)
			x, y := at(ed, h)
			ed.frames(x, y, tc.frames, true)
			ed.release(x, y)
			if got := ed.e.m.Elevation(h); got != tc.want {
				t.Errorf("%s at %s held %d frames: level %d, want %d", tc.tool, ed.e.m.Label(h), tc.frames, got, tc.want)
			}
			if len(ed.e.undo) != 1 {
				t.Errorf("one click made %d undo steps, want 1", len(ed.e.undo))
			}
			// A second click raises again.
			ed.frames(x, y, tc.frames, true)
			ed.release(x, y)
			if got := ed.e.m.Elevation(h); got != 2*tc.want {
				t.Errorf("two clicks: level %d, want %d", got, 2*tc.want)
			}
		})
	}
	t.Run("a drag over 5 hexes raises each by one", func(t *testing.T) {
		ed := &Editor{e: newEdit(t), w: WindowWidth, h: WindowHeight}
		ed.fit()
		ed.setTool(toolRaise)
		path := []hexmap.Hex{hex(2, 3), hex(3, 3), hex(4, 3), hex(5, 3), hex(6, 3)}
		for i, h := range path {
			x, y := at(ed, h)
			ed.frames(x, y, 4, i == 0)
		}
		// Back over the first hexes, the button still down.
		for _, h := range []hexmap.Hex{path[3], path[2]} {
			x, y := at(ed, h)
			ed.frames(x, y, 3, false)
		}
		x, y := at(ed, path[2])
		ed.release(x, y)
		for _, h := range path {
			if got := ed.e.m.Elevation(h); got != 1 {
				t.Errorf("%s after one stroke over it: level %d, want 1", ed.e.m.Label(h), got)
			}
		}
		if got := ed.e.m.Elevation(hex(4, 5)); got != 0 {
			t.Errorf("%s, off the stroke: level %d, want 0", ed.e.m.Label(hex(4, 5)), got)
		}
		if len(ed.e.undo) != 1 {
			t.Errorf("one stroke made %d undo steps, want 1", len(ed.e.undo))
		}
	})
	t.Run("a brush of 2 dragged across a hex raises it once", func(t *testing.T) {
		ed := &Editor{e: newEdit(t), w: WindowWidth, h: WindowHeight}
		ed.fit()
		ed.setTool(toolRaise)
		ed.e.brush = 2
		for i, h := range []hexmap.Hex{hex(3, 4), hex(4, 4), hex(5, 4)} {
			x, y := at(ed, h)
			ed.frames(x, y, 3, i == 0)
		}
		ed.release(at(ed, hex(5, 4)))
		for _, h := range []hexmap.Hex{hex(3, 4), hex(4, 4), hex(5, 4), hex(4, 3), hex(4, 5)} {
			if got := ed.e.m.Elevation(h); got != 1 {
				t.Errorf("%s under a brush of 2 dragged over it: level %d, want 1", ed.e.m.Label(h), got)
			}
		}
	})
}

// TestOutlineOnlyWhereTheToolPaints: the pointer outlines the hexes the
// tool in hand acts on, and the hexside when it acts on hexsides: the
// brush for the brushes, the one hex for what goes in a hex, the hexside
// alone for the hexside tool, nothing for the label tool.
func TestOutlineOnlyWhereTheToolPaints(t *testing.T) {
	h := hexmap.Pointy.FromOffset(hexmap.Offset{Col: 4, Row: 4})
	for _, tc := range []struct {
		tool  string
		hexes int  // hexes outlined with a brush of 2
		side  bool // the hexside under the pointer lit
	}{
		{toolTerrain, 7, false},
		{toolRaise, 7, false},
		{toolLower, 7, false},
		{toolEdge, 0, true},
		{toolFeature, 1, false},
		{toolErase, 1, true},
		{toolArmorUp, 1, false},
		{toolArmorDn, 1, false},
		{toolHeight, 1, false},
		{toolLabel, 0, false},
		{toolAlign, 0, false},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			ed := &Editor{e: newEdit(t), w: WindowWidth, h: WindowHeight}
			ed.fit()
			ed.setTool(tc.tool)
			ed.e.brush = 2
			p := ed.layout.ToPixel(h)
			ed.pointAt(int(p.X), int(p.Y))
			hexes, side := ed.outline()
			if len(hexes) != tc.hexes || side != tc.side {
				t.Errorf("%s with a brush of 2 at %s outlines %d hexes, hexside %v; want %d hexes, hexside %v", tc.tool, ed.e.m.Label(h), len(hexes), side, tc.hexes, tc.side)
			}
			if tc.hexes == 1 && hexes[0] != h {
				t.Errorf("%s outlines %s, not the hex under the pointer %s", tc.tool, ed.e.m.Label(hexes[0]), ed.e.m.Label(h))
			}
		})
	}
}
