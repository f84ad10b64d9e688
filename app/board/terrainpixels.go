package board

import (
	"image/color"
	"math"
	"runtime"
	"sync"

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
// draw uploads: about a screen's worth (the renderer holds a copy of
// each until the frame is flushed).
const pixelsPerFrame = 6 * chunkPixels * chunkPixels

// terrainBuf is the samples terrainPixels reuses, superScale² a pixel,
// and terrainPix the pixels it returns (the renderer copies them), until
// the screen's chunks are drawn (chunkCache.draw lets them go).
var (
	terrainBuf []color.RGBA
	terrainPix []byte
)

// terrainPixels writes the terrain layer of the chunk of hexes (its cells)
// into a w×h image's pixels (RGBA, premultiplied; valid until the next
// call): what paint draws of
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
	// The three directions to neighbours' centres, as unit vectors: a
	// point's distance from a hex's centre along the furthest of them is
	// its hexagonal radius (the apothem on the hex's sides).
	unit := hexmap.Layout{Orientation: m.Orientation, Size: 1}
	var normals [6]hexmap.Point
	for d := range normals {
		p := unit.ToPixel(hexmap.Hex{}.Neighbor(hexmap.Direction(d)))
		normals[d] = hexmap.Point{X: p.X / math.Sqrt(3), Y: p.Y / math.Sqrt(3)}
	}
	cols := make([]color.RGBA, len(hexes))
	for i, hx := range hexes {
		t, _ := m.Terrain(hx)
		cols[i] = shade(hexColor(t.Color), 0.06*float64(m.Elevation(hx)))
	}
	// The image's pixel rows are written in bands, one a core.
	if cap(terrainPix) < 4*w*h {
		terrainPix = make([]byte, 4*w*h)
	}
	pix := terrainPix[:4*w*h]
	bands := max(1, min(runtime.GOMAXPROCS(0), 4, h/16))
	var wg sync.WaitGroup
	for i := range bands {
		top, bottom := h*i/bands, h*(i+1)/bands
		wg.Go(func() {
			terrainBand(m, hexes, cols, l, normals, buf, sw, k*top, k*bottom)
			meanOfSamples(pix, buf, w, top, bottom)
		})
	}
	wg.Wait()
	return pix
}

// meanOfSamples writes the pixel rows [top, bottom) of a w pixels wide
// image as the means of their superScale² samples in buf.
func meanOfSamples(pix []byte, buf []color.RGBA, w, top, bottom int) {
	const k = superScale
	sw := w * k
	for y := top; y < bottom; y++ {
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
}

// terrainBand samples the rows [top, bottom) of a chunk's terrain (see
// terrainPixels) into buf, sw samples a row: hexes of colours cols in
// layout l (in samples), normals the unit vectors to a hex's neighbours.
func terrainBand(m *hexmap.Map, hexes []hexmap.Hex, cols []color.RGBA, l hexmap.Layout, normals [6]hexmap.Point, buf []color.RGBA, sw, top, bottom int) {
	const k = superScale
	S := l.Size
	grid := math.Max(k, S/28)
	apothem := math.Sqrt(3) / 2
	// fill sets the samples within hexagonal radius r of c to col.
	fill := func(c hexmap.Point, r float64, col color.RGBA) {
		a := r * apothem
		x0, x1 := max(0, int(math.Floor(c.X-r))), min(sw-1, int(math.Ceil(c.X+r)))
		y0, y1 := max(top, int(math.Floor(c.Y-r))), min(bottom-1, int(math.Ceil(c.Y+r)))
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
	for i, hx := range hexes {
		fill(l.ToPixel(hx), S-grid/2, cols[i])
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
			y0, y1 := max(top, int(math.Floor(min(a.Y, z.Y)-width))), min(bottom-1, int(math.Ceil(max(a.Y, z.Y)+width)))
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
}
