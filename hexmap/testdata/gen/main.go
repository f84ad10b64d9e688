// Command gen writes the small Universal VTT files under
// hexmap/testdata/uvtt that the importer's tests read, each a square-grid
// map with one feature of real exports to test a rule on:
//
//	go run ./hexmap/testdata/gen
//
// The files are what Dungeondraft writes (format 0.3, a PNG of the grid,
// walls as polylines, portals with bounds), built from a few lines here
// so that anyone can see what each holds.
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"log"
	"math"
	"os"
	"path/filepath"
)

type point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

type portal struct {
	Position     point   `json:"position"`
	Bounds       []point `json:"bounds"`
	Rotation     float64 `json:"rotation"`
	Closed       bool    `json:"closed"`
	Freestanding bool    `json:"freestanding"`
}

type light struct {
	Position  point   `json:"position"`
	Range     float64 `json:"range"`
	Intensity float64 `json:"intensity"`
	Color     string  `json:"color"`
	Shadows   bool    `json:"shadows"`
}

type file struct {
	Format     float64 `json:"format"`
	Resolution struct {
		MapOrigin     point `json:"map_origin"`
		MapSize       point `json:"map_size"`
		PixelsPerGrid int   `json:"pixels_per_grid"`
	} `json:"resolution"`
	LineOfSight [][]point `json:"line_of_sight"`
	Portals     []portal  `json:"portals"`
	Lights      []light   `json:"lights"`
	Image       string    `json:"image"`
}

// ppg is the pixels a grid square of every test map.
const ppg = 16

func main() {
	dir := filepath.Join("hexmap", "testdata", "uvtt")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	for name, f := range maps() {
		data, err := json.MarshalIndent(f, "", " ")
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), append(data, '\n'), 0o644); err != nil {
			log.Fatal(err)
		}
		fmt.Println("wrote", filepath.Join(dir, name))
	}
}

func maps() map[string]*file {
	out := map[string]*file{}

	// A room from x = 2 to 8 and y = 1 to 7 with a door one square wide in
	// its west wall, from (2, 2.5) to (2, 3.5). The pointy hexes of every
	// other row are centred on whole x, so the west and east walls run
	// through hex centres, and the doorway through the centre of the hex
	// at (2, 3.18).
	f := newFile(10, 10)
	f.LineOfSight = [][]point{
		{{2, 2.5}, {2, 1}, {8, 1}, {8, 7}, {2, 7}, {2, 3.5}},
	}
	f.Portals = []portal{door(point{2, 2.5}, point{2, 3.5}, true)}
	out["door-through-centre.dd2vtt"] = f

	// A corridor between two walls along the vertical grid lines x = 3 and
	// x = 5, every point of both on the centres of the odd rows' hexes.
	f = newFile(8, 12)
	f.LineOfSight = [][]point{{{3, 0}, {3, 12}}, {{5, 0}, {5, 12}}}
	out["walls-through-centres.dd2vtt"] = f

	// One wall from corner to corner, at no angle of the hexes.
	f = newFile(12, 12)
	f.LineOfSight = [][]point{{{0, 0}, {12, 12}}}
	out["diagonal-wall.uvtt"] = f

	// A round tower of 360 points, as a drawing tool writes a curve.
	f = newFile(16, 16)
	var ring []point
	for i := 0; i <= 360; i++ {
		a := float64(i) * math.Pi / 180
		ring = append(ring, point{round4(8 + 5*math.Cos(a)), round4(8 + 5*math.Sin(a))})
	}
	f.LineOfSight = [][]point{ring}
	out["round-tower.uvtt"] = f

	// Three rooms in a row, a door in each of the two walls between them
	// and one in the outer wall: one closed, two open; two lights.
	f = newFile(15, 8)
	f.LineOfSight = [][]point{
		{{0.5, 1}, {14.5, 1}}, {{0.5, 7}, {14.5, 7}},
		{{0.5, 1}, {0.5, 7}}, {{14.5, 1}, {14.5, 3.5}}, {{14.5, 4.5}, {14.5, 7}},
		{{5.25, 1}, {5.25, 3.5}}, {{5.25, 4.5}, {5.25, 7}},
		{{10.25, 1}, {10.25, 3.5}}, {{10.25, 4.5}, {10.25, 7}},
	}
	f.Portals = []portal{
		door(point{5.25, 3.5}, point{5.25, 4.5}, true),
		door(point{10.25, 3.5}, point{10.25, 4.5}, false),
		door(point{14.5, 3.5}, point{14.5, 4.5}, false),
	}
	// A lamp in the west room, a candle in the east.
	f.Lights = []light{
		{Position: point{2.5, 4}, Range: 4, Intensity: 1, Color: "ffd080ff", Shadows: true},
		{Position: point{12.5, 4}, Range: 1.5, Intensity: 0.6, Color: "ffe0a0ff"},
	}
	out["several-doors.df2vtt"] = f
	return out
}

func newFile(w, h int) *file {
	f := &file{Format: 0.3, Lights: []light{}, Portals: []portal{}}
	f.Resolution.MapSize = point{float64(w), float64(h)}
	f.Resolution.PixelsPerGrid = ppg
	img := image.NewRGBA(image.Rect(0, 0, w*ppg, h*ppg))
	for y := 0; y < h*ppg; y++ {
		for x := 0; x < w*ppg; x++ {
			c := color.RGBA{0xc8, 0xb4, 0x8c, 0xff} // floor boards
			if x%ppg == 0 || y%ppg == 0 {
				c = color.RGBA{0x50, 0x46, 0x3c, 0xff} // the square grid
			}
			img.SetRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		log.Fatal(err)
	}
	f.Image = base64.StdEncoding.EncodeToString(b.Bytes())
	return f
}

func door(a, b point, closed bool) portal {
	return portal{Position: point{(a.X + b.X) / 2, (a.Y + b.Y) / 2}, Bounds: []point{a, b},
		Rotation: round4(math.Atan2(b.Y-a.Y, b.X-a.X)), Closed: closed}
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
