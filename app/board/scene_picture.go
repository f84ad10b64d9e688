package board

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"

	"hexslinger/app/session"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

// Scenes of maps with pictures: a battle map drawn in another tool and
// exported as Universal VTT, played in the map window with its art under
// the grid; and the editor's align tool laying a grid on a plain picture.

// artSquares and artPPG are the size of the scenes' battle map: a
// Dungeondraft-like 24×18-square export at 48 pixels a square.
const (
	artSquares = 24
	artRows    = 18
	artPPG     = 48
)

// sceneArt draws a battle map as a drawing tool would: a plank floor
// inside a stone-walled hall with a rug and crates, flagstones outside,
// a square grid over it all; walls and doors lie on the grid's lines.
func sceneArt() *image.RGBA {
	w, h := artSquares*artPPG, artRows*artPPG
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(3, 9))
	grain := make([]float64, w)
	for x := range grain {
		grain[x] = rng.Float64()
	}
	inHall := func(x, y int) bool { return x >= 4*artPPG && x < 20*artPPG && y >= 3*artPPG && y < 15*artPPG }
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var c color.RGBA
			if inHall(x, y) {
				// Planks a third of a square wide, staggered ends.
				plank := y / (artPPG / 3)
				shift := (plank * 37) % artPPG
				v := 0.85 + 0.15*grain[(x+plank*13)%w] + 0.05*math.Sin(float64(x)/7)
				if (x+shift)%(2*artPPG) < 2 || y%(artPPG/3) == 0 {
					v = 0.55
				}
				c = color.RGBA{uint8(150 * v), uint8(104 * v), uint8(62 * v), 0xff}
			} else {
				// Flagstones of a square each, mortar between.
				v := 0.8 + 0.2*grain[(x/artPPG*7+y/artPPG*13)%w]
				if x%artPPG < 3 || y%artPPG < 3 {
					v = 0.5
				}
				c = color.RGBA{uint8(132 * v), uint8(128 * v), uint8(118 * v), 0xff}
			}
			img.SetRGBA(x, y, c)
		}
	}
	fill := func(x0, y0, x1, y1 int, c color.RGBA) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				img.SetRGBA(x, y, c)
			}
		}
	}
	// A red rug with a gold border, crates and a table.
	fill(8*artPPG, 6*artPPG, 14*artPPG, 11*artPPG, color.RGBA{0xc8, 0xa0, 0x40, 0xff})
	fill(8*artPPG+8, 6*artPPG+8, 14*artPPG-8, 11*artPPG-8, color.RGBA{0x8c, 0x1e, 0x22, 0xff})
	for _, c := range [][2]int{{5, 4}, {6, 4}, {5, 5}, {18, 13}} {
		fill(c[0]*artPPG+4, c[1]*artPPG+4, c[0]*artPPG+artPPG-4, c[1]*artPPG+artPPG-4, color.RGBA{0x6a, 0x48, 0x24, 0xff})
		fill(c[0]*artPPG+10, c[1]*artPPG+10, c[0]*artPPG+artPPG-10, c[1]*artPPG+artPPG-10, color.RGBA{0x8a, 0x62, 0x34, 0xff})
	}
	fill(16*artPPG+6, 5*artPPG+6, 18*artPPG-6, 7*artPPG-6, color.RGBA{0x5a, 0x3a, 0x1c, 0xff})
	// The hall's stone walls, a door gap in the west and south walls.
	wall := color.RGBA{0x3a, 0x36, 0x34, 0xff}
	for _, seg := range artWalls() {
		a, b := seg[0], seg[1]
		x0, x1 := int(math.Min(a.X, b.X)*artPPG)-6, int(math.Max(a.X, b.X)*artPPG)+6
		y0, y1 := int(math.Min(a.Y, b.Y)*artPPG)-6, int(math.Max(a.Y, b.Y)*artPPG)+6
		fill(max(0, x0), max(0, y0), min(w, x1), min(h, y1), wall)
	}
	for _, d := range artDoors() {
		a, b := d[0], d[1]
		x0, x1 := int(math.Min(a.X, b.X)*artPPG)-4, int(math.Max(a.X, b.X)*artPPG)+4
		y0, y1 := int(math.Min(a.Y, b.Y)*artPPG)-4, int(math.Max(a.Y, b.Y)*artPPG)+4
		fill(x0, y0, x1, y1, color.RGBA{0x9a, 0x5c, 0x24, 0xff})
	}
	// The square grid drawing tools print over their maps.
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if x%artPPG == 0 || y%artPPG == 0 {
				c := img.RGBAAt(x, y)
				img.SetRGBA(x, y, color.RGBA{c.R / 2, c.G / 2, c.B / 2, 0xff})
			}
		}
	}
	return img
}

// artWalls are the hall's walls in grid squares: the west and east walls
// on the grid lines x = 4 and x = 20, which run through hex centres.
func artWalls() [][2]hexmap.Point {
	return [][2]hexmap.Point{
		{{X: 4, Y: 3}, {X: 20, Y: 3}},
		{{X: 20, Y: 3}, {X: 20, Y: 15}},
		{{X: 4, Y: 15}, {X: 11, Y: 15}}, {{X: 13, Y: 15}, {X: 20, Y: 15}},
		{{X: 4, Y: 3}, {X: 4, Y: 8}}, {{X: 4, Y: 9}, {X: 4, Y: 15}},
	}
}

// artDoors are the hall's doors: one square in the west wall (through a
// hex centre), two in the south wall.
func artDoors() [][2]hexmap.Point {
	return [][2]hexmap.Point{{{X: 4, Y: 8}, {X: 4, Y: 9}}, {{X: 11, Y: 15}, {X: 13, Y: 15}}}
}

// sceneUVTT is the scenes' battle map as a Universal VTT file.
func sceneUVTT() ([]byte, error) {
	var pic bytes.Buffer
	if err := png.Encode(&pic, sceneArt()); err != nil {
		return nil, err
	}
	pt := func(p hexmap.Point) map[string]float64 { return map[string]float64{"x": p.X, "y": p.Y} }
	var walls [][]map[string]float64
	for _, s := range artWalls() {
		walls = append(walls, []map[string]float64{pt(s[0]), pt(s[1])})
	}
	var portals []map[string]any
	for i, d := range artDoors() {
		portals = append(portals, map[string]any{"position": pt(hexmap.Point{X: (d[0].X + d[1].X) / 2, Y: (d[0].Y + d[1].Y) / 2}),
			"bounds": []map[string]float64{pt(d[0]), pt(d[1])}, "rotation": 0, "closed": i == 0, "freestanding": false})
	}
	return json.Marshal(map[string]any{
		"format": 0.3,
		"resolution": map[string]any{"map_origin": pt(hexmap.Point{}), "map_size": pt(hexmap.Point{X: artSquares, Y: artRows}),
			"pixels_per_grid": artPPG},
		"line_of_sight": walls, "portals": portals, "lights": []any{},
		"image": base64.StdEncoding.EncodeToString(pic.Bytes()),
	})
}

// uvttMap: the demo's posse and outlaws in a hall imported from a UVTT
// file, its art under the grid, in the Judge's map window.
func (sc *Scene) uvttMap() error {
	data, err := sceneUVTT()
	if err != nil {
		return err
	}
	m, err := hexmap.ImportUVTT(bytes.NewReader(data), "the hall")
	if err != nil {
		return err
	}
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		return err
	}
	f.Name, f.Map = "The hall", m.File()
	at := map[string]hexmap.Offset{"cyril": {Col: 6, Row: 11}, "miranda": {Col: 8, Row: 13}, "jeb": {Col: 15, Row: 6}, "zeke": {Col: 2, Row: 9}}
	for i := range f.Figures {
		o, ok := at[f.Figures[i].ID]
		if !ok {
			return fmt.Errorf("uvtt-map: no place for %s", f.Figures[i].ID)
		}
		f.Figures[i].At = m.Label(m.Orientation.FromOffset(o))
	}
	sc.fight = f
	_, err = sc.live(nil, nil, "")
	sc.setup = sc.connected
	return err
}

// alignGrid: the map editor on a plain picture, the align tool in hand,
// two hex centres clicked and the grid being laid.
func (sc *Scene) alignGrid() error {
	var pic bytes.Buffer
	if err := png.Encode(&pic, sceneArt()); err != nil {
		return err
	}
	m, err := hexmap.ImageMap("the hall", pic.Bytes(), hexmap.Alignment{Orientation: hexmap.Pointy, PixelsPerHex: 52, Offset: hexmap.Point{X: -20, Y: -14}})
	if err != nil {
		return err
	}
	ed, err := NewEditor("", m)
	if err != nil {
		return err
	}
	ed.w, ed.h = SceneWidth, SceneHeight
	ed.placeTools()
	ed.fit()
	ed.setTool(toolAlign)
	// Two centres of hexes drawn on the picture clicked: where the
	// picture's own grid squares would hold hexes one grid square wide.
	ed.align.clicks = []hexmap.Point{{X: 10.5 * artPPG, Y: 7.5 * artPPG}, {X: 11.5 * artPPG, Y: 7.5 * artPPG}}
	ed.say("Centre 2 of 3 marked: click the centres of 1 more hexes that touch it (Backspace starts again).", false)
	c := ed.fromPicture(hexmap.Point{X: 11 * artPPG, Y: 7.5*artPPG + math.Sqrt(3)/2*artPPG})
	ed.cursor = func() (int, int) { return int(c.X), int(c.Y) }
	sc.ed, sc.inner = ed, ed
	sc.setup = func() bool { return true }
	return nil
}
