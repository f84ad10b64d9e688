package board

import (
	"image/color"
	"math"

	"hexslinger/hexmap"
)

// pixelTerrainBelow is the hex size on screen below which a chunk's
// terrain (its hexes' fills, the grid between them and the contours) is
// written pixel by pixel on the CPU and uploaded once, not tessellated
// for the renderer: zoomed far out a chunk holds thousands of hexes, and
// their triangles cost a software renderer a frame each chunk. Below it
// the grid is a pixel wide and the contours two, and no hex names show.
const pixelTerrainBelow = 12

// verticesPerFrame is the most vertices of features drawn over terrain
// written on the CPU that one draw hands the renderer, which keeps
// buffers as large as the most a frame gave it: about what a chunk of
// 48×48 hexes tessellated whole gave (34,000–37,000 vertices, the
// largest frame before its terrain was written on the CPU). The features
// of a 1024² fight's chunks take 2,000–5,000 each.
const verticesPerFrame = 36000

// pixelsPerFrame is the most pixels of chunks written on the CPU that one
// draw uploads: a screen's worth and more.
const pixelsPerFrame = 8 * chunkPixels * chunkPixels

// terrainBuf is the samples terrainPixels reuses, superScale² a pixel.
var terrainBuf []color.RGBA

// terrainPixels writes the terrain layer of the chunk of hexes (its cells)
// into a w×h image's pixels (RGBA, premultiplied): what paint draws of
// layer 0 without a picture, for hexes of size s on screen with hex
// (0,0)'s centre at origin, sampled as supersample does (superScale²
// samples a pixel at the centres of the scratch's pixels, averaged):
// every hex's grid-coloured fill a little larger than the hex, then its
// terrain a little smaller, then the contours, each line blended over
// what is under it.
func terrainPixels(m *hexmap.Map, hexes []hexmap.Hex, s float64, origin hexmap.Point, w, h int) []byte {
	const k = superScale
	sw, sh := w*k, h*k
	if cap(terrainBuf) < sw*sh {
		terrainBuf = make([]color.RGBA, sw*sh)
	}
	buf := terrainBuf[:sw*sh]
	clear(buf)
	S := s * k
	l := hexmap.Layout{Orientation: m.Orientation, Size: S, Origin: hexmap.Point{X: origin.X * k, Y: origin.Y * k}}
	grid := math.Max(k, S/28)
	// The three directions to neighbours' centres, as unit vectors: a
	// point's distance from a hex's centre along the furthest of them is
	// its hexagonal radius (the apothem on the hex's sides).
	unit := hexmap.Layout{Orientation: m.Orientation, Size: 1}
	var normals [6]hexmap.Point
	for d := range normals {
		p := unit.ToPixel(hexmap.Hex{}.Neighbor(hexmap.Direction(d)))
		normals[d] = hexmap.Point{X: p.X / math.Sqrt(3), Y: p.Y / math.Sqrt(3)}
	}
	apothem := math.Sqrt(3) / 2
	// fill sets the samples within hexagonal radius r of c to col.
	fill := func(c hexmap.Point, r float64, col color.RGBA) {
		a := r * apothem
		x0, x1 := max(0, int(math.Floor(c.X-r))), min(sw-1, int(math.Ceil(c.X+r)))
		y0, y1 := max(0, int(math.Floor(c.Y-r))), min(sh-1, int(math.Ceil(c.Y+r)))
		for y := y0; y <= y1; y++ {
			dy := float64(y) + 0.5 - c.Y
			row := buf[y*sw : (y+1)*sw]
			for x := x0; x <= x1; x++ {
				dx := float64(x) + 0.5 - c.X
				d := max(math.Abs(dx*normals[0].X+dy*normals[0].Y), math.Abs(dx*normals[1].X+dy*normals[1].Y), math.Abs(dx*normals[2].X+dy*normals[2].Y))
				if d <= a {
					row[x] = col
				}
			}
		}
	}
	for _, hx := range hexes {
		fill(l.ToPixel(hx), S+grid*0.4, colGridSolid)
	}
	for _, hx := range hexes {
		t, _ := m.Terrain(hx)
		fill(l.ToPixel(hx), S-grid/2, shade(hexColor(t.Color), 0.06*float64(m.Elevation(hx))))
	}
	// The contours: a line width wide along each hexside between hexes
	// of different elevations, drawn by each hex of the chunk beside it.
	width := math.Max(2*k, S/10)
	cr, cg, cb, ca := float64(colContour.R), float64(colContour.G), float64(colContour.B), float64(colContour.A)/255
	for _, hx := range hexes {
		e := m.Elevation(hx)
		for d := hexmap.Direction(0); d < 6; d++ {
			n := hx.Neighbor(d)
			if !m.Contains(n) || m.Elevation(n) == e {
				continue
			}
			a, z := l.Edge(hx, d)
			ux, uy := z.X-a.X, z.Y-a.Y
			length := math.Hypot(ux, uy)
			ux, uy = ux/length, uy/length
			x0, x1 := max(0, int(math.Floor(min(a.X, z.X)-width))), min(sw-1, int(math.Ceil(max(a.X, z.X)+width)))
			y0, y1 := max(0, int(math.Floor(min(a.Y, z.Y)-width))), min(sh-1, int(math.Ceil(max(a.Y, z.Y)+width)))
			for y := y0; y <= y1; y++ {
				dy := float64(y) + 0.5 - a.Y
				for x := x0; x <= x1; x++ {
					dx := float64(x) + 0.5 - a.X
					along, across := dx*ux+dy*uy, dx*uy-dy*ux
					if along < 0 || along > length || math.Abs(across) > width/2 {
						continue
					}
					p := &buf[y*sw+x]
					// Premultiplied: the line's colour at its alpha over what
					// is there.
					p.R = uint8(cr*ca + float64(p.R)*(1-ca) + 0.5)
					p.G = uint8(cg*ca + float64(p.G)*(1-ca) + 0.5)
					p.B = uint8(cb*ca + float64(p.B)*(1-ca) + 0.5)
					p.A = uint8(255*ca + float64(p.A)*(1-ca) + 0.5)
				}
			}
		}
	}
	// Each pixel the mean of its samples.
	pix := make([]byte, 4*w*h)
	for y := range h {
		for x := range w {
			var r, g, b, al int
			for sy := range k {
				for sx := range k {
					c := buf[(y*k+sy)*sw+x*k+sx]
					r, g, b, al = r+int(c.R), g+int(c.G), b+int(c.B), al+int(c.A)
				}
			}
			i := 4 * (y*w + x)
			const n = k * k
			pix[i], pix[i+1], pix[i+2], pix[i+3] = uint8((r+n/2)/n), uint8((g+n/2)/n), uint8((b+n/2)/n), uint8((al+n/2)/n)
		}
	}
	return pix
}
