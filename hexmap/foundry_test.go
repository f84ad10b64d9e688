package hexmap

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The scenes here are made in the format of Foundry's documentation (the
// Scene, Wall and AmbientLight documents' fields, CONST.GRID_TYPES,
// WALL_DOOR_TYPES, WALL_DOOR_STATES and the wall restriction values), in
// the shape of Foundry 10 on (grid an object, background.src, lights'
// config) and of 0.7 to 9 (grid a number, gridType, img, shiftX, sense).

// fvTestScene is a square-grid scene of 1000×1000 pixels, squares of 100,
// holding walls (each a JSON object) and lights.
func fvTestScene(walls, lights string) string {
	return `{"name":"Test scene","width":1000,"height":1000,"padding":0,
	"grid":{"type":1,"size":100,"distance":5,"units":"ft"},
	"background":{"src":"worlds/w/maps/test.png","offsetX":0,"offsetY":0},
	"walls":[` + walls + `],"lights":[` + lights + `]}`
}

// fvCounts counts a map's hexsides by what is on them.
type fvCounts struct{ walls, doors, open, windows int }

func countSides(m *Map) fvCounts {
	var c fvCounts
	for _, e := range m.Edges() {
		f, _ := m.EdgeAt(e)
		switch f.Kind {
		case "wall":
			c.walls++
		case "door":
			c.doors++
			if f.Open {
				c.open++
			}
		case "window":
			c.windows++
		}
	}
	return c
}

// TestFoundrySceneWallsBecomeHexsides: each kind of Foundry wall gives the
// hexsides it must: a wall walls, a door (shut, locked or secret) shut
// doors, an open door open ones, a window (stops movement, not sight),
// an invisible wall, a terrain wall and a proximity wall windows, and a
// wall that stops sight, light or sound alone nothing.
func TestFoundrySceneWallsBecomeHexsides(t *testing.T) {
	// A wall one square long across the middle of the map: along y=550,
	// between two rows of hex centres, so it parts the rows above and
	// below it along one square: two hexsides.
	const span = `"c":[400,550,500,550]`
	tests := []struct {
		name  string
		walls string
		want  fvCounts
	}{
		{"a wall", `{` + span + `,"move":20,"sight":20,"light":20,"sound":20}`, fvCounts{walls: 2}},
		{"a wall with Foundry's defaults", `{` + span + `}`, fvCounts{walls: 2}},
		{"a shut door", `{` + span + `,"door":1,"ds":0}`, fvCounts{doors: 2}},
		{"an open door", `{` + span + `,"door":1,"ds":1}`, fvCounts{doors: 2, open: 2}},
		{"a locked door is shut", `{` + span + `,"door":1,"ds":2}`, fvCounts{doors: 2}},
		{"a secret door is a shut door", `{` + span + `,"door":2,"ds":0}`, fvCounts{doors: 2}},
		{"an open secret door", `{` + span + `,"door":2,"ds":1}`, fvCounts{doors: 2, open: 2}},
		{"a window", `{` + span + `,"move":20,"sight":0,"light":0,"sound":20}`, fvCounts{windows: 2}},
		{"an invisible wall is a window", `{` + span + `,"move":20,"sight":0,"light":0,"sound":0}`, fvCounts{windows: 2}},
		{"a terrain wall is a window", `{` + span + `,"move":20,"sight":10,"light":10,"sound":10}`, fvCounts{windows: 2}},
		{"a proximity window is a window", `{` + span + `,"move":20,"sight":30,"light":30,"sound":20}`, fvCounts{windows: 2}},
		{"an ethereal wall puts nothing", `{` + span + `,"move":0,"sight":20,"light":20,"sound":20}`, fvCounts{}},
		{"a sound wall puts nothing", `{` + span + `,"move":0,"sight":0,"light":0,"sound":20}`, fvCounts{}},
		{"0.8's sense and move: a wall", `{` + span + `,"move":1,"sense":1,"sound":1}`, fvCounts{walls: 2}},
		{"0.8's sense limited: a window", `{` + span + `,"move":1,"sense":2,"sound":1}`, fvCounts{windows: 2}},
		{"9's sense none: a window", `{` + span + `,"move":20,"sense":0,"sound":20}`, fvCounts{windows: 2}},
		{"a door in a wall is a door", `{"c":[200,550,700,550]},{` + span + `,"door":1}`, fvCounts{walls: 8, doors: 2}},
		{"a window in a wall is a wall", `{"c":[200,550,700,550]},{` + span + `,"sight":0}`, fvCounts{walls: 10}},
		{"a door in a window is a door", `{"c":[200,550,700,550],"sight":0},{` + span + `,"door":1}`, fvCounts{windows: 8, doors: 2}},
		{"a wall off the map puts nothing", `{"c":[5000,5000,6000,5000]}`, fvCounts{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ImportFoundry(strings.NewReader(fvTestScene(tc.walls, "")), "x", nil)
			if err != nil {
				t.Fatalf("ImportFoundry(walls %s): %v", tc.walls, err)
			}
			if got := countSides(m); got != tc.want {
				t.Errorf("walls %s: got %+v hexsides, want %+v", tc.walls, got, tc.want)
			}
		})
	}
}

// TestFoundryDoorsAndWindowsWorkAsTheirs: what the hexsides do, the point
// of the kinds: a shut door or a window stops a figure, an open door lets
// it by; a window lets sight through, a wall and a shut door do not.
func TestFoundryDoorsAndWindowsWorkAsTheirs(t *testing.T) {
	walls := `{"c":[100,550,200,550],"door":1,"ds":0},{"c":[400,550,500,550],"door":1,"ds":1},` +
		`{"c":[700,550,800,550],"move":20,"sight":0}`
	m, err := ImportFoundry(strings.NewReader(fvTestScene(walls, "")), "x", nil)
	if err != nil {
		t.Fatal(err)
	}
	var shut, open, window int
	for _, e := range m.Edges() {
		f, _ := m.EdgeAt(e)
		switch {
		case f.Kind == "door" && !f.Open:
			shut++
			if !f.BlocksMove() || !f.BlocksSight() {
				t.Errorf("a shut door at %v: blocks movement %v, sight %v; want both", e, f.BlocksMove(), f.BlocksSight())
			}
		case f.Kind == "door":
			open++
			if f.BlocksMove() || f.BlocksSight() {
				t.Errorf("an open door at %v: blocks movement %v, sight %v; want neither", e, f.BlocksMove(), f.BlocksSight())
			}
		case f.Kind == "window":
			window++
			if !f.BlocksMove() || f.BlocksSight() {
				t.Errorf("a window at %v: blocks movement %v, sight %v; want movement only", e, f.BlocksMove(), f.BlocksSight())
			}
		default:
			t.Errorf("hexside %v holds a %s, want only the doors and the window", e, f.Kind)
		}
	}
	if shut == 0 || open == 0 || window == 0 {
		t.Errorf("got %d shut door, %d open door and %d window hexsides, want some of each", shut, open, window)
	}
}

// TestFoundryHexGridsLineUp: on a hex-grid scene each of Foundry's hexes
// is one of the map's, so a wall along one hexside of Foundry's (from one
// corner to the next) is the one hexside between the same two hexes on
// the map, for rows and columns, odd and even, with and without padding.
func TestFoundryHexGridsLineUp(t *testing.T) {
	r3 := math.Sqrt(3)
	// Foundry's centre of hex (row i, column j): getCenterPoint.
	centre := func(typ, i, j int, size float64) (x, y float64) {
		columns, even := typ == 4 || typ == 5, typ == 3 || typ == 5
		if columns {
			x = 2 / r3 * (0.75*float64(j) + 0.5) * size
			y = float64(i) * size
			if even != ((j+1)%2 == 0) {
				y += 0.5 * size
			}
			return x, y
		}
		y = 2 / r3 * (0.75*float64(i) + 0.5) * size
		x = float64(j) * size
		if even != ((i+1)%2 == 0) {
			x += 0.5 * size
		}
		return x, y
	}
	tests := []struct {
		name    string
		typ     int
		padding float64
		// The wall between Foundry's hexes (i, j) and the next along the
		// row (pointy) or column (flat), and the map's two hexes.
		i, j int
		a, b string
		cols int
		rows int
	}{
		{"odd rows, no padding", 2, 0, 2, 3, "D3", "E3", 11, 9},
		{"even rows, padding", 3, 0.25, 5, 6, "C3", "D3", 10, 9},
		{"odd columns, no padding", 4, 0, 3, 2, "C4", "C5", 11, 9},
		{"even columns, padding", 5, 0.25, 8, 7, "E6", "E7", 11, 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			const size = 100.0
			x0, y0 := centre(tc.typ, tc.i, tc.j, size)
			var x1, y1 float64
			var c string
			if tc.typ >= 4 {
				x1, y1 = centre(tc.typ, tc.i+1, tc.j, size)
				// The side between two hexes of a column: flat, half a
				// hex's points' width long.
				my := (y0 + y1) / 2
				c = fmt.Sprintf("[%g,%g,%g,%g]", x0-size/r3/2, my, x0+size/r3/2, my)
			} else {
				x1, y1 = centre(tc.typ, tc.i, tc.j+1, size)
				mx := (x0 + x1) / 2
				c = fmt.Sprintf("[%g,%g,%g,%g]", mx, y0-size/r3/2, mx, y0+size/r3/2)
			}
			scene := fmt.Sprintf(`{"name":"hexes","width":1000,"height":800,"padding":%g,"grid":{"type":%d,"size":%g},"walls":[{"c":%s}]}`,
				tc.padding, tc.typ, size, c)
			m, err := ImportFoundry(strings.NewReader(scene), "x", nil)
			if err != nil {
				t.Fatalf("%s: %v", scene, err)
			}
			if m.Width != tc.cols || m.Height != tc.rows {
				t.Errorf("%s: the map is %d×%d hexes, want %d×%d", scene, m.Width, m.Height, tc.cols, tc.rows)
			}
			edges := m.Edges()
			if len(edges) != 1 {
				t.Fatalf("%s: got %d wall hexsides, want 1 (%v)", scene, len(edges), edges)
			}
			h, n := edges[0].Hexes()
			got := []string{m.Label(h), m.Label(n)}
			if !(got[0] == tc.a && got[1] == tc.b || got[0] == tc.b && got[1] == tc.a) {
				t.Errorf("%s: the wall is between %v, want %s and %s", scene, got, tc.a, tc.b)
			}
		})
	}
}

// TestFoundryLights: a light keeps its place (on the hex it stands on),
// reaches the larger of its dim and bright radii in hexes (distance
// units over the grid's distance) and keeps its colour as UVTT writes a
// light's ("aarrggbb"), in the shapes of Foundry 10 on and before.
func TestFoundryLights(t *testing.T) {
	tests := []struct {
		name, light string
		hex         string
		rng         float64
		color       string
		shadows     bool
	}{
		{"10 on", `{"x":450,"y":450,"config":{"dim":40,"bright":20,"color":"#FF8800","alpha":0.5}}`, "E5", 8, "80ff8800", true},
		{"9", `{"x":200,"y":850,"dim":10,"bright":30,"tintColor":"#112233","walls":false}`, "B10", 6, "ff112233", false},
		{"no colour", `{"x":950,"y":50,"config":{"dim":5,"color":null}}`, "J1", 1, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ImportFoundry(strings.NewReader(fvTestScene("", tc.light)), "x", nil)
			if err != nil {
				t.Fatalf("light %s: %v", tc.light, err)
			}
			if len(m.Lights) != 1 {
				t.Fatalf("light %s: got %d lights, want 1", tc.light, len(m.Lights))
			}
			l := m.Lights[0]
			ref := Layout{Orientation: m.Orientation, Size: hexSize}
			if got := m.Label(ref.HexAt(l.At)); got != tc.hex {
				t.Errorf("light %s stands on %s, want %s", tc.light, got, tc.hex)
			}
			if l.Range != tc.rng || l.Color != tc.color || l.Shadows != tc.shadows {
				t.Errorf("light %s: got range %g, colour %q, shadows %v; want %g, %q, %v", tc.light, l.Range, l.Color, l.Shadows, tc.rng, tc.color, tc.shadows)
			}
		})
	}
}

// TestFoundryBadScenesSayWhatIsWrong: a bad scene is refused in one line
// that names the field.
func TestFoundryBadScenesSayWhatIsWrong(t *testing.T) {
	tests := []struct{ name, scene, want string }{
		{"not JSON", `{"walls": [`, "cut short"},
		{"an array", `[1,2]`, "want a JSON object"},
		{"a wall of three numbers", fvTestScene(`{"c":[1,2,3]}`, ""), "walls[0].c: has 3 numbers"},
		{"a wall of strings", fvTestScene(`{"c":["a",2,3,4]}`, ""), "walls[0].c"},
		{"a wall far off", fvTestScene(`{"c":[1e300,2,3,4]}`, ""), "walls[0].c"},
		{"a grid type unknown", `{"width":100,"height":100,"grid":{"type":7,"size":50},"walls":[]}`, "grid.type: is 7"},
		{"a grid of no size", `{"width":100,"height":100,"grid":0,"gridType":1,"walls":[]}`, "grid.size: is 0"},
		{"no width", `{"height":100,"grid":{"size":50},"walls":[]}`, "width: the scene is 0×100 pixels"},
		{"too wide", `{"width":1000000,"height":100,"grid":{"size":50},"walls":[]}`, "more hexes than the 1024"},
		{"too many hexes", `{"width":200000,"height":200000,"grid":{"type":2,"size":100},"walls":[]}`, "more than the 1024"},
		{"padding of 2", `{"width":100,"height":100,"padding":2,"grid":{"size":50},"walls":[]}`, "padding: is 2"},
		{"a light of negative reach", fvTestScene("", `{"x":1,"y":1,"config":{"dim":-5}}`), "lights[0]: has dim -5"},
		{"walls not a list", `{"width":100,"height":100,"grid":{"size":50},"walls":{}}`, "walls: want an array"},
		{"a grid of text", `{"width":100,"height":100,"grid":"big","walls":[]}`, "grid: want a number or an object"},
		{"two values", fvTestScene("", "") + `{}`, "one object"},
		{"too many walls", `{"width":100,"height":100,"grid":{"size":50},"walls":[` + strings.Repeat(`{"c":[0,0,1,1]},`, MaxFoundryWalls) + `{"c":[0,0,1,1]}]}`, "more than 20000 walls"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ImportFoundry(strings.NewReader(tc.scene), "x", nil)
			if err == nil {
				t.Fatalf("%.80s: imported, want an error saying %q", tc.scene, tc.want)
			}
			if msg := err.Error(); !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
				t.Errorf("%.80s: error %q, want one line saying %q", tc.scene, msg, tc.want)
			}
		})
	}
}

// writePNG writes a w×h PNG to path.
func writePNG(t *testing.T, path string, w, h int) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestOpenMapReadsFoundryScenes: OpenMap knows a Foundry scene by what it
// holds, whatever its .json name, and lays the picture beside it under
// the hexes (its top left at the hexes' box's, a hex as many of its
// pixels as a square); a scene whose picture is not there opens without
// one; a hexslinger map named .json still opens as one.
func TestOpenMapReadsFoundryScenes(t *testing.T) {
	dir := t.TempDir()
	walls := `{"c":[100,550,200,550],"door":1},{"c":[400,550,500,550]},{"c":[700,550,800,550],"sight":0}`
	scene := filepath.Join(dir, "fvtt-Scene-test-scene-AbC123.json")
	if err := os.WriteFile(scene, []byte(fvTestScene(walls, `{"x":450,"y":450,"config":{"dim":10}}`)), 0o644); err != nil {
		t.Fatal(err)
	}
	// The picture half the scene's size: 50 of its pixels a square.
	writePNG(t, filepath.Join(dir, "test.png"), 500, 500)
	m, err := OpenMap(scene)
	if err != nil {
		t.Fatalf("OpenMap(%s): %v", scene, err)
	}
	if m.Name != "Test scene" || m.Width != 10 || m.Height != 11 {
		t.Errorf("got map %q of %d×%d hexes, want \"Test scene\" of 10×11", m.Name, m.Width, m.Height)
	}
	if got := countSides(m); got.doors != 2 || got.walls != 2 || got.windows != 2 {
		t.Errorf("got %+v hexsides, want 2 doors, 2 walls and 2 windows", got)
	}
	if len(m.Lights) != 1 {
		t.Errorf("got %d lights, want 1", len(m.Lights))
	}
	lo, _ := Layout{Orientation: m.Orientation, Size: hexSize}.Bounds(m)
	if b := m.Background; b == nil {
		t.Errorf("the map has no picture, want test.png")
	} else if b.PixelsPerHex != 50 || math.Abs(b.Origin.X-lo.X) > 1e-9 || math.Abs(b.Origin.Y-lo.Y) > 1e-9 {
		t.Errorf("the picture is at %v, %g pixels a hex; want at the box's corner %v, 50 a hex", b.Origin, b.PixelsPerHex, lo)
	}

	other := filepath.Join(dir, "no-picture.json")
	data := strings.Replace(fvTestScene(walls, ""), "test.png", "gone.webp", 1)
	if err := os.WriteFile(other, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if m, err := OpenMap(other); err != nil || m.Background != nil {
		t.Errorf("OpenMap(%s) without its picture: got error %v, picture %v; want the map without one", other, err, m != nil && m.Background != nil)
	}

	own := filepath.Join(dir, "street.json")
	if err := Save(own, m); err != nil {
		t.Fatal(err)
	}
	if back, err := OpenMap(own); err != nil || back.Width != m.Width || countSides(back) != countSides(m) {
		t.Errorf("OpenMap(%s), a hexslinger map named .json: error %v, want it opened as saved", own, err)
	}

	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(fvTestScene(`{"c":[1,2]}`, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenMap(bad); err == nil || !strings.Contains(err.Error(), "bad.json") || !strings.Contains(err.Error(), "walls[0].c") {
		t.Errorf("OpenMap(%s): error %v, want one naming the file and walls[0].c", bad, err)
	}
}

// TestFoundryOldScenes: a scene as Foundry 0.7 to 9 writes it (grid a
// number, gridType, img, shiftX) imports as one of 10 on with the same
// values, the picture moved as shiftX moves it.
func TestFoundryOldScenes(t *testing.T) {
	dir := t.TempDir()
	writePNG(t, filepath.Join(dir, "cave.png"), 1000, 1000)
	old := `{"name":"cave","width":1000,"height":1000,"padding":0.25,"grid":100,"gridType":1,"gridDistance":5,
	"shiftX":30,"shiftY":-20,"img":"worlds/w/cave.png","walls":[{"c":[400,800,500,800],"move":1,"sense":1,"door":1,"ds":1}]}`
	modern := `{"name":"cave","width":1000,"height":1000,"padding":0.25,"grid":{"type":1,"size":100,"distance":5},
	"background":{"src":"worlds/w/cave.png","offsetX":30,"offsetY":-20},"walls":[{"c":[400,800,500,800],"move":20,"sight":20,"door":1,"ds":1}]}`
	var maps []*Map
	for _, s := range []string{old, modern} {
		m, err := ImportFoundry(strings.NewReader(s), "x", PictureBeside(dir))
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		maps = append(maps, m)
	}
	a, b := maps[0], maps[1]
	if a.Width != b.Width || a.Height != b.Height || countSides(a) != countSides(b) || countSides(a).open != 2 {
		t.Errorf("old scene: %d×%d, %+v; 10's: %d×%d, %+v; want the same, with 2 open door hexsides", a.Width, a.Height, countSides(a), b.Width, b.Height, countSides(b))
	}
	if a.Background == nil || b.Background == nil || a.Background.Origin != b.Background.Origin {
		t.Fatalf("the pictures: %v and %v, want both at one place", a.Background, b.Background)
	}
	// Padding of a quarter, 250 pixels, rounded up to whole squares:
	// 300; the picture 30 left and 20 down of it, its corner at (270,
	// 320): the hexes' box at the grid line nearest it (300, 300), the
	// picture 0.3 of a hex left and 0.2 down of it.
	lo, _ := Layout{Orientation: a.Orientation, Size: hexSize}.Bounds(a)
	if o := a.Background.Origin; math.Abs(o.X-lo.X+0.3) > 1e-9 || math.Abs(o.Y-lo.Y-0.2) > 1e-9 {
		t.Errorf("the picture's corner is at %v, want (%g, %g)", o, lo.X-0.3, lo.Y+0.2)
	}
}

// FuzzImportFoundry: whatever the scene, no panic, and what imports holds:
// an error is one line; every hexside holds a wall, door or window with a
// hex on the map; a door only where the file speaks of doors, a window
// only where it says what a wall stops; no more lights than the objects in the file;
// and the same file imports the same map twice.
func FuzzImportFoundry(f *testing.F) {
	f.Add([]byte(fvTestScene(`{"c":[400,550,500,550],"door":1,"ds":1},{"c":[0,0,1000,1000],"sight":0}`, `{"x":1,"y":2,"config":{"dim":3}}`)))
	f.Add([]byte(`{"width":1000,"height":800,"padding":0.25,"grid":{"type":3,"size":100},"walls":[{"c":[650,461.88,650,519.62]}]}`))
	f.Add([]byte(`{"width":1000,"height":800,"grid":{"type":4,"size":60},"walls":[{"c":[0,0,900,700],"move":1,"sense":2}]}`))
	f.Add([]byte(`{"width":500,"height":500,"grid":50,"gridType":5,"shiftX":7,"walls":[{"c":[10,10,400,10],"door":2,"ds":2}],"flags":{"core":{"legacyHex":true}}}`))
	f.Add([]byte(`{"walls":[],"grid":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ImportFoundry(bytes.NewReader(data), "x", nil)
		if err != nil {
			if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") {
				t.Fatalf("error %q, want one line", msg)
			}
			return
		}
		lower := bytes.ToLower(data)
		for _, e := range m.Edges() {
			h, n := e.Hexes()
			if !m.Contains(h) && !m.Contains(n) {
				t.Fatalf("hexside %v lies off the %d×%d map", e, m.Width, m.Height)
			}
			feat, _ := m.EdgeAt(e)
			switch feat.Kind {
			case "wall":
			case "door":
				if !bytes.Contains(lower, []byte(`"door"`)) {
					t.Fatalf("a door at %v from a file that names none", e)
				}
			case "window":
				if !bytes.Contains(lower, []byte(`"sight"`)) && !bytes.Contains(lower, []byte(`"sense"`)) {
					t.Fatalf("a window at %v from a file that says of no wall what it stops", e)
				}
			default:
				t.Fatalf("hexside %v holds a %q", e, feat.Kind)
			}
		}
		if n := bytes.Count(data, []byte("{")) - 1; len(m.Lights) > n {
			t.Fatalf("%d lights from a file of %d objects inside the scene", len(m.Lights), n)
		}
		again, err := ImportFoundry(bytes.NewReader(data), "x", nil)
		if err != nil {
			t.Fatalf("imported once, then: %v", err)
		}
		a, _ := json.Marshal(m.File())
		b, _ := json.Marshal(again.File())
		if !bytes.Equal(a, b) {
			t.Fatalf("two imports of one file differ")
		}
	})
}
