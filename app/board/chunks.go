package board

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/hexmap"
)

// chunkPixels is the most a chunk's image is a side: chunks hold fewer
// hexes when zoomed in, so no image passes what a GPU takes. The renderer
// gives an image the power of two at or above each of its sides, so a
// chunk a pixel wider would take twice the memory (chunkShape).
const chunkPixels = 512

// chunkKey names a chunk: a square of cells of the map's offset grid.
type chunkKey struct{ cx, cy int }

// chunkImage is a drawn chunk: its image and where hex (0,0)'s centre falls
// in it.
type chunkImage struct {
	img    *ebiten.Image
	origin hexmap.Point
}

// chunkCache holds the map drawn in chunks, in two layers (terrain, then
// walls, cover and labels over every chunk's terrain), for one zoom. A
// chunk is drawn when it first comes into view and again only when a hex
// in or beside it changes.
type chunkCache struct {
	m    *hexmap.Map
	size float64
	// text is the least size of the map's hex names and armor values
	// on screen (the table scale's Game.minText); 0 in the map editor,
	// whose sizes go by the zoom alone.
	text    float64
	textFor float64 // the text the chunks were drawn with
	cols    int     // offset columns a chunk
	rows    int     // offset rows a chunk
	// perFrame is how many chunks one draw renders: chunksPerFrame
	// chunks' worth of chunkPixels² pixels, at most hexesPerFrame hexes.
	perFrame int
	version  uint64
	layers   [1]map[chunkKey]*chunkImage
	drawn    int // chunks drawn since the cache was made (for the bench)
	// pending is set when draw left chunks out: it renders at most
	// perFrame a call, so that no frame hands the renderer the
	// vertices of a whole map at once (a software renderer keeps the
	// memory of its biggest frame).
	pending bool
	// backdrop is the map's picture and how it shows (nil: none): each
	// chunk is drawn with its part of the picture under its hexes, drawn
	// as grid lines and tints over it rather than as fills. The chunks
	// are drawn again when the picture's mode or grid changes.
	backdrop  *backdrop
	drawnWith pictureLook
	// players draws the map as a player's seat is told it: a secret door
	// a wall (the Judge's side view, Y).
	players bool
	// vector draws every chunk's terrain as hexes tessellated for the
	// renderer, however far out (for tests to compare with).
	vector bool
	// spentPixels and spentVertices are what the chunks a draw rendered
	// so far took, when their terrain is written on the CPU
	// (pixelTerrain): the pixels uploaded and the vertices of the hex
	// and hexside features tessellated over them.
	spentPixels, spentVertices int
}

// told is hexside feature f as the chunks draw it: as a player's seat is
// told it in the side view (players), else itself.
func (c *chunkCache) told(f hexmap.Feature) hexmap.Feature {
	if c.players {
		return f.ForPlayers()
	}
	return f
}

// pixelTerrain reports whether the chunks' terrain is written pixel by
// pixel (terrainPixels): hexes of a few pixels, no picture under them.
func (c *chunkCache) pixelTerrain() bool {
	return !c.vector && c.size < pixelTerrainBelow && !c.drawnWith.on
}

// full reports whether a draw that rendered rendered chunks so far is
// done rendering: perFrame chunks tessellated for the renderer, or, with
// the terrain written on the CPU, chunks of pixelsPerFrame pixels or of
// verticesPerFrame vertices of features.
func (c *chunkCache) full(rendered int) bool {
	if !c.pixelTerrain() {
		return rendered >= c.perFrame
	}
	return rendered > 0 && (c.spentPixels >= pixelsPerFrame || c.spentVertices >= verticesPerFrame)
}

// pictureLook is how a map's picture shows in the chunks.
type pictureLook struct {
	on     bool
	mode   int
	noGrid bool
}

// look is how the map's picture shows now.
func (c *chunkCache) look(m *hexmap.Map) pictureLook {
	if c.backdrop == nil || !c.backdrop.showing(m) {
		return pictureLook{}
	}
	return pictureLook{on: true, mode: c.backdrop.mode, noGrid: c.backdrop.noGrid}
}

// chunksPerFrame is how many chunks of the largest size one draw renders;
// it renders more of smaller ones (chunkCache.perFrame), as the work of a
// chunk goes by its pixels.
const chunksPerFrame = 2

// hexesPerFrame is the most hexes one draw renders in chunks, but for a
// chunk that holds more: the vertices of a chunk go by its hexes (some 18
// a hex over a picture), and the renderer keeps buffers as large as the
// most vertices a frame gave it. Zoomed far out, a chunk holds 1,500
// hexes, and one a frame fills a screen in about twelve frames.
const hexesPerFrame = 1600

func (c *chunkCache) reset(m *hexmap.Map, size float64) {
	for _, l := range c.layers {
		for _, ci := range l {
			if ci != nil { // nil: a chunk of no cells (render)
				ci.img.Deallocate()
			}
		}
	}
	c.m, c.size, c.version, c.textFor = m, size, m.Version(), c.text
	c.drawnWith = c.look(m)
	c.cols, c.rows, c.perFrame = chunkShape(m.Orientation, size)
	c.layers = [1]map[chunkKey]*chunkImage{{}}
}

// invalidate drops the chunks that hexes changed since the cache was drawn
// touch, or all of them.
func (c *chunkCache) invalidate(m *hexmap.Map) {
	if m.Version() == c.version {
		return
	}
	hexes, ok := m.ChangedSince(c.version)
	if !ok {
		c.reset(c.m, c.size)
		return
	}
	c.version = m.Version()
	c.drop(m.Orientation, hexes)
}

// drop drops the chunks that hexes, or the hexes beside them, fall in.
func (c *chunkCache) drop(o hexmap.Orientation, hexes []hexmap.Hex) {
	for _, h := range hexes {
		for _, n := range h.Spiral(1) {
			at := o.ToOffset(n)
			k := chunkKey{floorDiv(at.Col, c.cols), floorDiv(at.Row, c.rows)}
			for _, l := range c.layers {
				if ci, ok := l[k]; ok {
					if ci != nil {
						ci.img.Deallocate()
					}
					delete(l, k)
				}
			}
		}
	}
}

// retarget makes the cache draw m, a map that differs from the one it
// drew only at hexes (another copy of it, such as a side's known map made
// again after the side learned): the chunks of those hexes are drawn
// again, the others kept. A map of another size or shape is drawn anew.
func (c *chunkCache) retarget(m *hexmap.Map, hexes []hexmap.Hex) {
	if c.m == nil || c.layers[0] == nil || c.m.Width != m.Width || c.m.Height != m.Height || c.m.Orientation != m.Orientation {
		return // draw resets it
	}
	c.drop(m.Orientation, hexes)
	c.m, c.version = m, m.Version()
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// draw puts the visible chunks of the map on the screen.
func (c *chunkCache) draw(dst *ebiten.Image, m *hexmap.Map, l hexmap.Layout, w, h int) {
	if c.m != m || c.size != l.Size || c.layers[0] == nil || c.textFor != c.text || c.drawnWith != c.look(m) {
		c.reset(m, l.Size)
	}
	c.invalidate(m)
	// The chunks under the screen.
	lo, hi := onScreen(m, l, w, h)
	rendered := 0
	c.pending, c.spentPixels, c.spentVertices = false, 0, 0
	for layer := range c.layers {
		for cy := floorDiv(lo.Row, c.rows); cy <= floorDiv(hi.Row, c.rows); cy++ {
			for cx := floorDiv(lo.Col, c.cols); cx <= floorDiv(hi.Col, c.cols); cx++ {
				k := chunkKey{cx, cy}
				if !c.meets(m, k, l, w, h) {
					continue // in the range's margin, wholly off the screen
				}
				ci, ok := c.layers[layer][k]
				if !ok && c.full(rendered) {
					c.pending = true
					continue
				}
				if !ok {
					rendered++
					ci = c.render(m, k, layer)
					c.layers[layer][k] = ci
					c.drawn++
				}
				if ci == nil {
					continue
				}
				op := &ebiten.DrawImageOptions{}
				op.GeoM.Translate(l.Origin.X-ci.origin.X, l.Origin.Y-ci.origin.Y)
				dst.DrawImage(ci.img, op)
			}
		}
	}
	if rendered > 0 && !c.pending {
		releaseScratch() // the screen's chunks are all drawn
		terrainBuf, terrainPix = nil, nil
	}
}

// meets reports whether chunk k's image may show on a w×h screen in
// layout l: the image chunkExtent makes of its cells. The range onScreen
// gives has a cell of margin all round, and a chunk of few cells may lie
// wholly in it, off the screen: its texture would take the renderer's
// memory for nothing.
func (c *chunkCache) meets(m *hexmap.Map, k chunkKey, l hexmap.Layout, w, h int) bool {
	c0, r0 := k.cx*c.cols, k.cy*c.rows
	c1, r1 := min(m.Width, c0+c.cols)-1, min(m.Height, r0+c.rows)-1
	// The outermost hexes of a block of offset cells lie in its first or
	// last two columns and rows (every other row, or column, is shifted
	// half a hex): their extent is the block's, holes or not.
	var rim [16]hexmap.Hex
	n := 0
	for _, col := range [4]int{c0, min(c0+1, c1), max(c1-1, c0), c1} {
		for _, row := range [4]int{r0, min(r0+1, r1), max(r1-1, r0), r1} {
			rim[n] = m.Orientation.FromOffset(hexmap.Offset{Col: col, Row: row})
			n++
		}
	}
	iw, ih, at := chunkExtent(m.Orientation, l.Size, rim[:])
	x, y := l.Origin.X-at.X, l.Origin.Y-at.Y
	return x < float64(w) && y < float64(h) && x+float64(iw) > 0 && y+float64(ih) > 0
}

// onScreen is the range of m's offset cells a w×h window shows in layout
// l: the cells of its corners and a cell more all round, within the map.
func onScreen(m *hexmap.Map, l hexmap.Layout, w, h int) (lo, hi hexmap.Offset) {
	lo, hi = hexmap.Offset{Col: math.MaxInt32, Row: math.MaxInt32}, hexmap.Offset{Col: math.MinInt32, Row: math.MinInt32}
	for _, p := range []hexmap.Point{{X: 0, Y: 0}, {X: float64(w), Y: 0}, {X: 0, Y: float64(h)}, {X: float64(w), Y: float64(h)}} {
		o := m.Orientation.ToOffset(l.HexAt(p))
		lo.Col, lo.Row = min(lo.Col, o.Col-1), min(lo.Row, o.Row-1)
		hi.Col, hi.Row = max(hi.Col, o.Col+1), max(hi.Row, o.Row+1)
	}
	lo.Col, lo.Row = max(lo.Col, 0), max(lo.Row, 0)
	hi.Col, hi.Row = min(hi.Col, m.Width-1), min(hi.Row, m.Height-1)
	return lo, hi
}

// cells returns the hexes of chunk k.
func (c *chunkCache) cells(m *hexmap.Map, k chunkKey) []hexmap.Hex {
	var out []hexmap.Hex
	for row := k.cy * c.rows; row < min(m.Height, (k.cy+1)*c.rows); row++ {
		for col := k.cx * c.cols; col < min(m.Width, (k.cx+1)*c.cols); col++ {
			h := m.Orientation.FromOffset(hexmap.Offset{Col: col, Row: row})
			if m.Contains(h) {
				out = append(out, h)
			}
		}
	}
	return out
}

// render draws chunk k: terrain, grid, contours and hex names of its cells,
// then the hex features, hexside features and armor values of its cells and
// of the ring of cells around it (a wall on the chunk's edge reaches into
// its neighbour, which draws it too, over its own terrain).
func (c *chunkCache) render(m *hexmap.Map, k chunkKey, layer int) *chunkImage {
	hexes := c.cells(m, k)
	if len(hexes) == 0 {
		return nil
	}
	s := c.size
	w, h, origin := chunkExtent(m.Orientation, s, hexes)
	if c.pixelTerrain() {
		img := ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
		img.WritePixels(terrainPixels(m, hexes, s, origin, w, h))
		c.spentPixels += w * h
		if hasFeatures(m, hexes) {
			supersampleOnto(img, w, h, func(img *ebiten.Image) {
				c.spentVertices += c.paint(img, m, hexes, layer, s, superScale, hexmap.Point{X: origin.X * superScale, Y: origin.Y * superScale})
			})
		}
		return &chunkImage{img: img, origin: origin}
	}
	img := supersample(w, h, func(img *ebiten.Image) {
		c.paint(img, m, hexes, layer, s, superScale, hexmap.Point{X: origin.X * superScale, Y: origin.Y * superScale})
	})
	return &chunkImage{img: img, origin: origin}
}

// hasFeatures reports whether any of hexes, or of the ring around them,
// holds a hex feature, or any of hexes a hexside feature: whether paint
// draws anything over terrain written on the CPU.
func hasFeatures(m *hexmap.Map, hexes []hexmap.Hex) bool {
	for _, hx := range hexes {
		if _, ok := m.Feature(hx); ok {
			return true
		}
		for d := hexmap.Direction(0); d < 6; d++ {
			if _, ok := m.EdgeFeature(hx, d); ok {
				return true
			}
			if _, ok := m.Feature(hx.Neighbor(d)); ok {
				return true
			}
		}
	}
	return false
}

// chunkExtent is the size of the image a chunk of hexes of size s is
// drawn in, and where hex (0,0)'s centre falls in it: the hexes' bounds,
// and half a hex more all round, as walls and cover reach a little past
// the chunk's cells.
func chunkExtent(o hexmap.Orientation, s float64, hexes []hexmap.Hex) (w, h int, origin hexmap.Point) {
	unit := hexmap.Layout{Orientation: o, Size: s}
	lo := hexmap.Point{X: math.Inf(1), Y: math.Inf(1)}
	hi := hexmap.Point{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, hx := range hexes {
		for _, p := range unit.Corners(hx) {
			lo.X, lo.Y = math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)
			hi.X, hi.Y = math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)
		}
	}
	pad := s * 0.5
	return int(hi.X-lo.X+2*pad) + 1, int(hi.Y-lo.Y+2*pad) + 1, hexmap.Point{X: pad - lo.X, Y: pad - lo.Y}
}

// chunkShape is how many offset columns and rows a chunk holds for hexes
// of size s: the most, up to 48 each, whose image is at most chunkPixels
// a side (as near as can be, the renderer's texture is all used), but at
// least 2; and how many such chunks one draw renders (chunksPerFrame's
// worth of pixels, at most hexesPerFrame hexes, at least one chunk).
func chunkShape(o hexmap.Orientation, s float64) (cols, rows, perFrame int) {
	// extent is the largest image of a chunk of cols×rows cells, among one
	// of even rows and columns first and one of odd: the offset grid's odd
	// rows (or columns) lie half a hex over.
	extent := func(cols, rows int) (w, h int) {
		for _, first := range []int{0, 1} {
			var hexes []hexmap.Hex
			for row := first; row < first+rows; row++ {
				for col := first; col < first+cols; col++ {
					hexes = append(hexes, o.FromOffset(hexmap.Offset{Col: col, Row: row}))
				}
			}
			cw, ch, _ := chunkExtent(o, s, hexes)
			w, h = max(w, cw), max(h, ch)
		}
		return w, h
	}
	cols, rows = 2, 2
	for cols < 48 {
		if w, _ := extent(cols+1, 2); w > chunkPixels {
			break
		}
		cols++
	}
	for rows < 48 {
		if _, h := extent(2, rows+1); h > chunkPixels {
			break
		}
		rows++
	}
	w, h := extent(cols, rows)
	return cols, rows, max(1, min(chunksPerFrame*chunkPixels*chunkPixels/(w*h), hexesPerFrame/(cols*rows)))
}

// paintBuf is the vertex and index buffers chunk painting reuses.
var paintBuf struct {
	vs []ebiten.Vertex
	is []uint16
}

// paint draws the cells of a chunk (hexes) into img, for hexes of size s
// on screen, k times larger (see supersample), hex (0,0)'s centre at
// origin. What shows only from a size on, and the least a line or a
// letter may be, go by the size on screen. It returns how many vertices
// it handed the renderer.
func (c *chunkCache) paint(img *ebiten.Image, m *hexmap.Map, hexes []hexmap.Hex, layer int, onScreen, k float64, origin hexmap.Point) (vertices int) {
	s := onScreen * k
	l := hexmap.Layout{Orientation: m.Orientation, Size: s, Origin: origin}
	// The batch fills its buffers up to a flush's worth of vertices a
	// chunk: kept for the next chunk rather than made anew, they leave no
	// megabytes of garbage a chunk (a frame renders several).
	b := batch{sharp: true, vs: paintBuf.vs[:0], is: paintBuf.is[:0]}
	defer func() { paintBuf.vs, paintBuf.is = b.vs[:0], b.is[:0] }()
	// about is hex h's corners for a hex of size size about h's centre.
	about := func(h hexmap.Hex, size float64) [6]hexmap.Point {
		o := hexmap.Layout{Orientation: l.Orientation, Size: size, Origin: l.Origin}
		cs := o.Corners(h)
		c, co := l.ToPixel(h), o.ToPixel(h)
		for i := range cs {
			cs[i] = hexmap.Point{X: cs[i].X - co.X + c.X, Y: cs[i].Y - co.Y + c.Y}
		}
		return cs
	}
	if layer == 0 && !c.pixelTerrain() {
		// The grid is the gap between hexes drawn a little inset over a
		// fill of the grid's colour: no strokes, few triangles. The fill
		// reaches a little past each hex, short of its neighbours' inset
		// terrain: where two chunks meet, the half-covered pixels of the
		// hexsides between them are covered by each, and the background
		// does not show through as a seam.
		grid := math.Max(k, s/28)
		switch {
		case c.drawnWith.on:
			// The map's picture, and over it the terrain that matters to
			// the rules as a wash of its colour, elevation as a shade,
			// and the grid as thin lines.
			c.backdrop.drawPart(img, m, hexes, s, origin)
			for _, hx := range hexes {
				t, _ := m.Terrain(hx)
				col, ok := tint(t)
				if e := m.Elevation(hx); e != 0 {
					if !ok {
						col = color.RGBA{0, 0, 0, 0}
					}
					col.A = uint8(min(0xc0, int(col.A)+12*abs(e)))
					ok = true
				}
				if ok {
					cs := about(hx, s)
					b.path(img, polygon(cs[:]), 0, col)
				}
			}
			if !c.drawnWith.noGrid {
				// Each hexside once, as a plain quad: a hex its own three,
				// and at the chunk's edge the sides its neighbour chunk
				// draws too (no joins, a third of a stroked hexagon's
				// triangles: the software renderer keeps the memory of
				// its biggest batch).
				own := make(map[hexmap.Hex]bool, len(hexes))
				for _, hx := range hexes {
					own[hx] = true
				}
				w := math.Max(k, s/24)
				for _, hx := range hexes {
					for d := hexmap.Direction(0); d < 6; d++ {
						if d < 3 || !own[hx.Neighbor(d)] {
							a, z := l.Edge(hx, d)
							b.quad(img, a, z, w, colGridOver)
						}
					}
				}
			}
		default:
			for _, hx := range hexes {
				cs := about(hx, s+grid*0.4)
				b.path(img, polygon(cs[:]), 0, colGridSolid)
			}
			for _, hx := range hexes {
				t, _ := m.Terrain(hx)
				cs := about(hx, s-grid/2)
				b.path(img, polygon(cs[:]), 0, shade(hexColor(t.Color), 0.06*float64(m.Elevation(hx))))
			}
		}
		for _, hx := range hexes {
			for d := hexmap.Direction(0); d < 6; d++ {
				n := hx.Neighbor(d)
				if m.Contains(n) && m.Elevation(n) != m.Elevation(hx) {
					a, z := l.Edge(hx, d)
					b.path(img, polyline([]hexmap.Point{a, z}), float32(math.Max(2*k, s/10)), colContour)
				}
			}
		}
		b.flush(img)
		// Hex names only where the hex holds them at the least text
		// size; else the rulers at the map's edges name the hexes.
		if onScreen >= math.Max(22, c.text*2.6) {
			tiny := face(math.Max(math.Max(8, c.text)*k, s*0.22), false)
			for _, hx := range hexes {
				if _, ok := m.Feature(hx); ok {
					continue
				}
				p := l.ToPixel(hx)
				say(img, m.Label(hx), tiny, p.X, p.Y+s*0.62, colLabel, true)
			}
		}
	}
	// The features of the chunk's cells and of the ring around them.
	own := map[hexmap.Hex]bool{}
	for _, hx := range hexes {
		own[hx] = true
	}
	ring := append([]hexmap.Hex(nil), hexes...)
	for _, hx := range hexes {
		for d := hexmap.Direction(0); d < 6; d++ {
			if n := hx.Neighbor(d); !own[n] && m.Contains(n) {
				own[n] = true
				ring = append(ring, n)
			}
		}
	}
	hexes = ring
	type armorTag struct {
		at    hexmap.Point
		armor int
	}
	var tags []armorTag
	for _, hx := range hexes {
		f, ok := m.Feature(hx)
		if !ok {
			continue
		}
		p := l.ToPixel(hx)
		drawFeature(img, &b, f, p, s)
		if f.IsCover() {
			tags = append(tags, armorTag{p, f.Armor})
		}
	}
	for _, hx := range hexes {
		for d := hexmap.Direction(0); d < 3; d++ {
			if f, ok := m.EdgeFeature(hx, d); ok {
				a, z := l.Edge(hx, d)
				drawEdge(img, &b, c.told(f), a, z, s)
			}
		}
		// Hexsides whose canonical hex is off the map belong to this hex.
		for d := hexmap.Direction(3); d < 6; d++ {
			if n := hx.Neighbor(d); !m.Contains(n) {
				if f, ok := m.EdgeFeature(hx, d); ok {
					a, z := l.Edge(hx, d)
					drawEdge(img, &b, c.told(f), a, z, s)
				}
			}
		}
	}
	b.flush(img)
	if coverShown(onScreen) {
		for _, t := range tags {
			at, r, size := coverMark(t.at, onScreen, k, c.text)
			b.path(img, circle(at, r), 0, colInk)
			b.flush(img)
			say(img, fmt.Sprint(t.armor), face(size, true), at.X, at.Y, colArmor, true)
		}
	}
	return b.drawn
}

// coverShown reports whether the map writes cover numbers on hexes of
// onScreen pixels.
func coverShown(onScreen float64) bool { return onScreen >= 14 }

// coverMark is where the cover number of the hex centred at p stands,
// for hexes of onScreen pixels drawn k times larger (1: on the screen)
// with the map's least text text: its disc's centre and radius, and its
// digits' size. The placer keeps it clear (Game.keepCover).
func coverMark(p hexmap.Point, onScreen, k, text float64) (at hexmap.Point, r, size float64) {
	s := onScreen * k
	size = math.Max(math.Max(9, text)*k, s*0.3)
	return hexmap.Point{X: p.X + s*0.45, Y: p.Y - s*0.45}, math.Max(s*0.2, size*0.58), size
}
