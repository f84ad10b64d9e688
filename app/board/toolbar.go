package board

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/hexmap"
)

// The editor's panels: the toolbar along the top (the play window's
// button style, placeButtons and paintButtons), the terrain legend down
// the right, the status bar at the bottom; the map is fitted between them.
const (
	legendW    = 196 // the legend's width
	legendRowH = 34  // one terrain kind: its name over what crossing it costs
	legendTop  = 30  // the legend's title
)

var colPanel = color.RGBA{0x34, 0x2e, 0x28, 0xff} // behind the toolbar and the legend

// tool is one button of the editor's toolbar, with the line the status
// bar shows while the pointer is over it.
type tool struct {
	button
	hint  string
	picks string // the tool it picks ("" for a command: undo, save…)
}

// placeTools lays out the toolbar afresh (ed.toolbar, and ed.top where
// the map's area begins): every tool, the current one lit and showing its
// kind, each with its key. The buttons that show a kind are as wide as
// their widest kind, so that picking a kind never moves the map.
func (ed *Editor) placeTools() {
	e := ed.e
	var ts []tool
	add := func(label, hint string, active bool, act func()) {
		ts = append(ts, tool{button: button{label: label, active: active, act: act}, hint: hint})
	}
	// pick selects tool t, or, when it is the tool already, its next kind.
	pick := func(t string, kind *int, kinds int) func() {
		return func() {
			if e.tool == t && kind != nil {
				*kind = (*kind + 1) % kinds
			}
			ed.setTool(t)
		}
	}
	addTool := func(label, hint, t string, kind *int, kinds int) {
		add(label, hint, e.tool == t, pick(t, kind, kinds))
		ts[len(ts)-1].picks = t
	}
	widest := func(format string, kinds []string) int {
		w := 0
		for _, k := range kinds {
			w = max(w, int(textWidth(fmt.Sprintf(format, k), face(15, true)))+20)
		}
		return w
	}
	terrains := hexmap.TerrainNames()
	addTool(fmt.Sprintf("Terrain: %s (T)", terrains[e.terrain]), "Terrain: click again, or T, for the next kind; or pick one in the legend", toolTerrain, &e.terrain, len(terrains))
	ts[len(ts)-1].width = widest("Terrain: %s (T)", terrains)
	addTool("Raise (U)", "Raise: click or drag to lift the ground a level", toolRaise, nil, 0)
	addTool("Lower (J)", "Lower: click or drag to sink the ground a level", toolLower, nil, 0)
	addTool(fmt.Sprintf("Hexside: %s (W)", edgeKinds[e.edge]), "Hexside: click again, or W, for wall, door, window, fence", toolEdge, &e.edge, len(edgeKinds))
	ts[len(ts)-1].width = widest("Hexside: %s (W)", edgeKinds)
	addTool(fmt.Sprintf("Feature: %s (F)", featureKinds[e.feature]), "Feature: click again, or F, for barrel, trough, table, counter, ladder, stairs", toolFeature, &e.feature, len(featureKinds))
	ts[len(ts)-1].width = widest("Feature: %s (F)", featureKinds)
	addTool("Erase (X)", "Erase: click a feature, a hexside's wall or door, or a label", toolErase, nil, 0)
	addTool("Armor + (+)", "Armor +: click a cover to raise its armor (the + key: the cover under the pointer)", toolArmorUp, nil, 0)
	addTool("Armor − (−)", "Armor −: click a cover to lower its armor (the − key: the cover under the pointer)", toolArmorDn, nil, 0)
	addTool("Height (H)", "Height: click a cover for low, waist, chest or full height", toolHeight, nil, 0)
	addTool("Label (Enter)", "Label: click a hex, type its name, Enter (empty clears it)", toolLabel, nil, 0)
	if e.m.Background != nil {
		if ed.canAlign() {
			addTool("Align grid (A)", "Align grid: drag to move the grid on the picture · = and − resize the hexes (Shift: finely) · O turns them · or click three touching hex centres", toolAlign, nil, 0)
		}
		add(ed.picture().pictureLabel(), "The picture under the hexes: shown, dimmed or hidden (I)", false, func() {
			ed.picture().mode = (ed.picture().mode + 1) % pictureModes
		})
		add(map[bool]string{false: "Grid lines (K)", true: "No grid lines (K)"}[ed.picture().noGrid], "The hex grid's lines over the picture, or none (K)", !ed.picture().noGrid, func() {
			ed.picture().noGrid = !ed.picture().noGrid
		})
	}
	add(fmt.Sprintf("Brush %d ([ ])", e.brush), "Brush: how wide terrain and height paint, 1 to 5 hexes across; [ smaller, ] larger", false, func() {
		e.brush = e.brush%maxBrush + 1
	})
	// Commands, not tools: their keys are in their hints.
	add("Undo", "Undo the last change (Ctrl+Z)", false, ed.undo)
	add("Redo", "Redo what was undone (Ctrl+Y)", false, ed.redo)
	if ed.back != nil {
		add("Play", "Back to play (Ctrl+E): every change is in the fight already", false, ed.back)
	} else {
		add("Save", "Save the map to its file (Ctrl+S; Ctrl+Shift+S saves as)", false, ed.saveFile)
		add("Open", "Open a map or a Universal VTT file (Ctrl+O), or drop one on the window", false, func() { ed.askFile(false) })
	}
	add("Fit", "Fit the whole map in the window (Home)", false, ed.fit)
	bs := make([]button, len(ts))
	for i := range ts {
		bs[i] = ts[i].button
	}
	ed.top = placeButtons(bs, ed.w, false, desktopBar)
	for i := range ts {
		ts[i].r = bs[i].r
	}
	ed.toolbar = ts
}

// mapArea is the part of the window the map is drawn and edited in.
func (ed *Editor) mapArea() image.Rectangle {
	return image.Rect(0, ed.top, ed.w-legendW, ed.h-barHeight)
}

// toolAt returns the toolbar button under the pointer.
func (ed *Editor) toolAt(x, y int) (tool, bool) {
	for _, t := range ed.toolbar {
		if (image.Point{x, y}).In(t.r) {
			return t, true
		}
	}
	return tool{}, false
}

// legendAt returns the terrain kind whose legend row is under the pointer.
func (ed *Editor) legendAt(x, y int) (int, bool) {
	top := ed.top + legendTop
	if x < ed.w-legendW || y < top {
		return 0, false
	}
	i := (y - top) / legendRowH
	return i, i < len(hexmap.TerrainNames())
}

// setTool picks a tool; the status bar then says how to use it.
func (ed *Editor) setTool(t string) {
	ed.e.tool = t
	ed.say("", false)
}

// toolHint is how to use the current tool, for the status bar.
func (ed *Editor) toolHint() string {
	e := ed.e
	switch e.tool {
	case toolTerrain:
		return "Paint " + hexmap.TerrainNames()[e.terrain] + ": click or drag · [ ] brush size · T or the legend: another kind"
	case toolRaise, toolLower:
		return "Click or drag to " + e.tool + " the ground a level (each hex once a stroke; levels shown) · [ ] brush · U raise, J lower"
	case toolEdge:
		return strings.ToUpper(edgeKinds[e.edge][:1]) + edgeKinds[e.edge][1:] + ": click a hexside, or drag along hexsides for a line · W: next kind"
	case toolFeature:
		return "Place a " + featureKinds[e.feature] + ": click a hex · F: next kind · X to erase"
	case toolErase:
		return "Erase: click a feature, a hexside's wall or door, or a label"
	case toolArmorUp, toolArmorDn:
		return "Click a cover to change its armor · + and − keys: the cover under the pointer"
	case toolHeight:
		return "Click a cover for low, waist, chest or full height · H key: the cover under the pointer"
	case toolLabel:
		return "Click a hex to name it: type, Enter to set (empty clears), Esc to cancel"
	case toolAlign:
		return "Drag the grid onto the picture · = − hex size (Shift finely) · O turn · or click 3 touching hex centres"
	}
	return ""
}

// drawToolbar draws the toolbar's strip and buttons.
func (ed *Editor) drawToolbar(dst *ebiten.Image) {
	dst.SubImage(image.Rect(0, 0, ed.w, ed.top)).(*ebiten.Image).Fill(colPanel)
	bs := make([]button, len(ed.toolbar))
	for i, t := range ed.toolbar {
		bs[i] = t.button
	}
	paintButtons(dst, bs, nil)
}

// drawLegend draws the terrain legend: each kind's colour, name and what
// crossing it costs (hexmap.Terrain.Going), the one being painted lit.
func (ed *Editor) drawLegend(dst *ebiten.Image) {
	x0, top := ed.w-legendW, ed.top
	dst.SubImage(image.Rect(x0, top, ed.w, ed.h-barHeight)).(*ebiten.Image).Fill(colPanel)
	say(dst, "Terrain", face(15, true), float64(x0+12), float64(top+legendTop/2+2), colText, false)
	var b batch
	names := hexmap.TerrainNames()
	y := top + legendTop
	for i, n := range names {
		if i == ed.e.terrain { // lit while painting, marked otherwise
			col := color.RGBA{0x18, 0x15, 0x12, 0xe0}
			if ed.e.tool == toolTerrain {
				col = color.RGBA{0x90, 0x60, 0x10, 0xf0}
			}
			c := hexmap.Point{X: float64(x0+legendW/2) + 1, Y: float64(y + legendRowH/2)}
			b.path(dst, polygon(rect(c, legendW-10, legendRowH-2)), 0, col)
		}
		sw := hexmap.Layout{Orientation: hexmap.Pointy, Size: 11, Origin: hexmap.Point{X: float64(x0 + 22), Y: float64(y + legendRowH/2)}}
		corners := sw.Corners(hexmap.Hex{})
		b.path(dst, polygon(corners[:]), 0, hexColor(hexmap.Terrains[n].Color))
		b.path(dst, polygon(corners[:]), 1.5, colInk)
		y += legendRowH
	}
	b.flush(dst)
	y = top + legendTop
	for _, n := range names {
		say(dst, n, face(15, true), float64(x0+42), float64(y+10), colText, false)
		say(dst, hexmap.Terrains[n].Going(), face(13, false), float64(x0+42), float64(y+25), colDim, false)
		y += legendRowH
	}
}

// drawHexsides draws the hexside features on the sides of hexes hs again,
// over the editor's outlines, so a wall just placed is never hidden.
func drawHexsides(dst *ebiten.Image, b *batch, m *hexmap.Map, l hexmap.Layout, hs []hexmap.Hex) {
	done := map[hexmap.Edge]bool{}
	for _, h := range hs {
		for _, d := range hexmap.Directions {
			s := hexmap.EdgeOf(h, d)
			if done[s] {
				continue
			}
			done[s] = true
			if f, ok := m.EdgeFeature(h, d); ok {
				a, z := l.Edge(h, d)
				drawEdge(dst, b, f, a, z, l.Size)
			}
		}
	}
}

// drawLine draws the wall line being dragged: each hexside of it lit, with
// the kind drawn over as it will be placed.
func (ed *Editor) drawLine(dst *ebiten.Image, b *batch) {
	l := ed.layout
	kind, _ := hexmap.NewFeature(edgeKinds[ed.e.edge])
	for _, s := range ed.drag.run {
		a, z := l.Edge(s.Hex, s.Side)
		b.path(dst, polyline([]hexmap.Point{a, z}), float32(math.Max(6, l.Size*0.34)), color.RGBA{0xff, 0xd7, 0x3a, 0xa0})
	}
	for _, s := range ed.drag.run {
		a, z := l.Edge(s.Hex, s.Side)
		drawEdge(dst, b, kind, a, z, l.Size)
	}
}
