package hexmap

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"strings"
)

// Universal VTT files (.dd2vtt, .uvtt): a square-grid map image with walls
// as polylines and doors as portals, in grid units. hexslinger lays a
// pointy-top hex map over the grid with one hex as wide as one grid square
// (one pace): walls become wall features on the hexsides they separate,
// portals doors, the image the map's background.

// MaxUVTTSize caps a UVTT file; their embedded images make them large.
const MaxUVTTSize = 96 << 20

// hexWidth is the size of the reference layout in which a hex is one unit
// wide (flat to flat).
var hexSize = 1 / math.Sqrt(3)

type uvPoint struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

type uvPortal struct {
	Position     uvPoint   `json:"position"`
	Bounds       []uvPoint `json:"bounds"`
	Rotation     float64   `json:"rotation"`
	Closed       bool      `json:"closed"`
	Freestanding bool      `json:"freestanding"`
}

type uvFile struct {
	Format     float64 `json:"format"`
	Resolution struct {
		MapOrigin     uvPoint `json:"map_origin"`
		MapSize       uvPoint `json:"map_size"`
		PixelsPerGrid float64 `json:"pixels_per_grid"`
	} `json:"resolution"`
	LineOfSight        [][]uvPoint       `json:"line_of_sight"`
	ObjectsLineOfSight [][]uvPoint       `json:"objects_line_of_sight,omitempty"`
	Portals            []uvPortal        `json:"portals"`
	Environment        json.RawMessage   `json:"environment,omitempty"`
	Lights             []json.RawMessage `json:"lights"`
	Image              string            `json:"image"`
}

// ImportUVTT reads a Universal VTT file as a hex map named name.
func ImportUVTT(r io.Reader, name string) (*Map, error) {
	var f uvFile
	if _, err := DecodeJSON(r, JSONFile{Kind: "UVTT", MaxSize: MaxUVTTSize, Loose: true}, &f); err != nil {
		return nil, err
	}
	res := f.Resolution
	finite := func(p uvPoint) bool {
		return !math.IsNaN(p.X) && !math.IsNaN(p.Y) && !math.IsInf(p.X, 0) && !math.IsInf(p.Y, 0)
	}
	if !finite(res.MapOrigin) || !finite(res.MapSize) || res.MapSize.X < 1 || res.MapSize.Y < 1 ||
		res.MapSize.X > MaxSide || res.MapSize.Y > MaxSide {
		return nil, fieldErr("resolution.map_size", "is %gx%g squares, want 1 to %d each way", res.MapSize.X, res.MapSize.Y, MaxSide)
	}
	if !(res.PixelsPerGrid > 0 && res.PixelsPerGrid < 10000) {
		return nil, fieldErr("resolution.pixels_per_grid", "is %g, want more than 0", res.PixelsPerGrid)
	}
	cols := max(1, int(math.Floor(res.MapSize.X)))
	rows := max(1, int(math.Floor((res.MapSize.Y-hexSize)/(1.5*hexSize)))+1)
	m, err := New(name, Pointy, cols, rows, "floor")
	if err != nil {
		return nil, err
	}
	// Grid point g lies at g − origin in the reference layout, where hex A1
	// is centred on (0.5, hexSize) of the grid.
	origin := Point{res.MapOrigin.X + 0.5, res.MapOrigin.Y + hexSize}
	ref := Layout{Orientation: Pointy, Size: hexSize}
	toRef := func(p uvPoint) Point { return Point{p.X - origin.X, p.Y - origin.Y} }

	wall, _ := NewFeature("wall")
	segments := 0
	addWalls := func(field string, lines [][]uvPoint) error {
		for i, line := range lines {
			for j := 1; j < len(line); j++ {
				if segments++; segments > 1_000_000 {
					return fieldErr(field, "has more than a million wall segments")
				}
				a, b := line[j-1], line[j]
				if !finite(a) || !finite(b) {
					return fieldErr(fmt.Sprintf("%s[%d][%d]", field, i, j), "is not a finite point")
				}
				m.markSeparated(ref, toRef(a), toRef(b), wall)
			}
		}
		return nil
	}
	if err := addWalls("line_of_sight", f.LineOfSight); err != nil {
		return nil, err
	}
	if err := addWalls("objects_line_of_sight", f.ObjectsLineOfSight); err != nil {
		return nil, err
	}
	for i, p := range f.Portals {
		if len(p.Bounds) != 2 || !finite(p.Bounds[0]) || !finite(p.Bounds[1]) {
			return nil, fieldErr(fmt.Sprintf("portals[%d].bounds", i), "want two finite points")
		}
		door, _ := NewFeature("door")
		door.Open = !p.Closed
		m.markSeparated(ref, toRef(p.Bounds[0]), toRef(p.Bounds[1]), door)
	}
	if f.Image != "" {
		img, err := base64.StdEncoding.DecodeString(strings.TrimSpace(f.Image))
		if err != nil {
			return nil, fieldErr("image", "is not base64: %v", err)
		}
		m.Background = &Background{Image: img, PixelsPerHex: res.PixelsPerGrid,
			Origin: Point{res.MapOrigin.X - origin.X, res.MapOrigin.Y - origin.Y}}
	}
	return m, nil
}

// LoadUVTT reads a .dd2vtt or .uvtt file; errors name the file.
func LoadUVTT(path string) (*Map, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("import UVTT: %w", err)
	}
	defer fh.Close()
	name := strings.TrimSuffix(strings.TrimSuffix(baseName(path), ".dd2vtt"), ".uvtt")
	m, err := ImportUVTT(fh, name)
	if err != nil {
		return nil, fmt.Errorf("import UVTT %s: %w", path, err)
	}
	return m, nil
}

func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}

// markSeparated puts f on every hexside whose two hexes the segment a–b
// (in the reference layout) separates: the segment crosses the line between
// their centres.
func (m *Map) markSeparated(ref Layout, a, b Point, f Feature) {
	length := math.Hypot(b.X-a.X, b.Y-a.Y)
	steps := int(length/(hexSize/2)) + 1
	seen := map[Hex]bool{}
	for i := 0; i <= steps; i++ {
		t := float64(i) / float64(steps)
		h := ref.HexAt(Point{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t})
		for _, c := range h.Spiral(1) {
			if seen[c] {
				continue
			}
			seen[c] = true
			for d := Direction(0); d < 6; d++ {
				n := c.Neighbor(d)
				if !m.Contains(c) && !m.Contains(n) {
					continue
				}
				if segmentsCross(a, b, ref.ToPixel(c), ref.ToPixel(n)) {
					m.putEdge(EdgeOf(c, d), f)
				}
			}
		}
	}
}

// segmentsCross reports whether segments p1–p2 and q1–q2 meet.
func segmentsCross(p1, p2, q1, q2 Point) bool {
	const eps = 1e-9
	cross := func(o, a, b Point) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }
	d1, d2 := cross(q1, q2, p1), cross(q1, q2, p2)
	d3, d4 := cross(p1, p2, q1), cross(p1, p2, q2)
	return ((d1 > eps && d2 < -eps) || (d1 < -eps && d2 > eps) || math.Abs(d1) <= eps || math.Abs(d2) <= eps) &&
		((d3 > eps && d4 < -eps) || (d3 < -eps && d4 > eps) || math.Abs(d3) <= eps || math.Abs(d4) <= eps) &&
		!(math.Abs(d1) <= eps && math.Abs(d2) <= eps) // collinear: not a crossing
}

// ExportUVTT writes m as a Universal VTT file: walls as line of sight,
// doors as portals, and the background image, or the terrain drawn at
// pixelsPerHex pixels a hex (made smaller if the image would pass 4096
// pixels) when the map has none.
func ExportUVTT(w io.Writer, m *Map, pixelsPerHex int) error {
	ref := Layout{Orientation: m.Orientation, Size: hexSize}
	lo, hi := ref.Bounds(m)
	if len(m.Hexes()) == 0 {
		return fmt.Errorf("export UVTT: the map has no hexes")
	}
	var f uvFile
	f.Format = 0.3
	f.Resolution.MapSize = uvPoint{math.Ceil(hi.X - lo.X), math.Ceil(hi.Y - lo.Y)}
	grid := func(p Point) uvPoint { return uvPoint{round4(p.X - lo.X), round4(p.Y - lo.Y)} }
	f.LineOfSight = [][]uvPoint{}
	f.Portals = []uvPortal{}
	f.Lights = []json.RawMessage{}
	for _, e := range m.Edges() {
		feat, _ := m.EdgeAt(e)
		a, b := ref.Edge(e.Hex, e.Side)
		switch feat.Kind {
		case "wall":
			f.LineOfSight = append(f.LineOfSight, []uvPoint{grid(a), grid(b)})
		case "door":
			mid := Point{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
			f.Portals = append(f.Portals, uvPortal{Position: grid(mid), Bounds: []uvPoint{grid(a), grid(b)},
				Rotation: math.Atan2(b.Y-a.Y, b.X-a.X), Closed: !feat.Open})
		}
	}
	if bg := m.Background; bg != nil {
		f.Resolution.PixelsPerGrid = bg.PixelsPerHex
		f.Resolution.MapOrigin = uvPoint{round4(bg.Origin.X - lo.X), round4(bg.Origin.Y - lo.Y)}
		f.Image = base64.StdEncoding.EncodeToString(bg.Image)
	} else {
		ppg := float64(max(8, pixelsPerHex))
		if long := math.Max(f.Resolution.MapSize.X, f.Resolution.MapSize.Y) * ppg; long > 4096 {
			ppg = math.Floor(4096 / math.Max(f.Resolution.MapSize.X, f.Resolution.MapSize.Y))
		}
		f.Resolution.PixelsPerGrid = ppg
		img, err := m.render(ref, lo, f.Resolution.MapSize, ppg)
		if err != nil {
			return fmt.Errorf("export UVTT: %w", err)
		}
		f.Image = base64.StdEncoding.EncodeToString(img)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(f)
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// render draws the terrain of m as a PNG, ppg pixels a hex width.
func (m *Map) render(ref Layout, lo Point, size uvPoint, ppg float64) ([]byte, error) {
	w, h := int(size.X*ppg), int(size.Y*ppg)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			hx := ref.HexAt(Point{lo.X + (float64(x)+0.5)/ppg, lo.Y + (float64(y)+0.5)/ppg})
			c := color.RGBA{0x20, 0x1c, 0x18, 0xff}
			if t, ok := m.Terrain(hx); ok {
				c = parseColor(t.Color)
			}
			img.SetRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// parseColor reads "#rrggbb".
func parseColor(s string) color.RGBA {
	var r, g, b uint8
	if _, err := fmt.Sscanf(s, "#%02x%02x%02x", &r, &g, &b); err != nil {
		return color.RGBA{0x80, 0x80, 0x80, 0xff}
	}
	return color.RGBA{r, g, b, 0xff}
}
