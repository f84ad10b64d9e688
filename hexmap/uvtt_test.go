package hexmap

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// openCost is a test cost model: every step 1, walls and closed doors
// barred.
type openCost struct{}

func (openCost) Step(m *Map, from Hex, d Direction) (int, bool) {
	if e, ok := m.EdgeFeature(from, d); ok && e.BlocksMove() {
		return 0, false
	}
	return 1, true
}
func (openCost) Turn(int) int { return 0 }

// tinyPNG is a w×h PNG.
func tinyPNG(t testing.TB, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// uvttDoc is an 8×6 square grid at 10 pixels a square with walls and
// portals.
func uvttDoc(t testing.TB, walls, portals string) string {
	img := base64.StdEncoding.EncodeToString(tinyPNG(t, 80, 60))
	return fmt.Sprintf(`{"format": 0.3,
 "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 8, "y": 6}, "pixels_per_grid": 10},
 "line_of_sight": [%s], "portals": [%s], "lights": [], "image": %q}`, walls, portals, img)
}

// testMap imports one of the generated UVTT files of testdata/uvtt
// (go run ./hexmap/testdata/gen writes them).
func testMap(t *testing.T, name string) (*Map, []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "uvtt", name))
	if err != nil {
		t.Fatal(err)
	}
	m, err := ImportUVTT(bytes.NewReader(data), UVTTName(name))
	if err != nil {
		t.Fatalf("import %s: %v", name, err)
	}
	return m, data
}

// gridHex is the hex under grid point (x, y) of a map imported with its
// image's top left at the hexes' box's.
func gridHex(m *Map, x, y float64) Hex {
	ref := Layout{Orientation: m.Orientation, Size: hexSize}
	lo, _ := ref.Bounds(m)
	return ref.HexAt(Point{lo.X + x, lo.Y + y})
}

// blocked is how many of h's six sides stop a mover.
func blocked(m *Map, h Hex) int {
	n := 0
	for d := Direction(0); d < 6; d++ {
		if f, ok := m.EdgeFeature(h, d); ok && (f.Kind == "wall" || f.Kind == "door") {
			n++
		}
	}
	return n
}

// noHexSealed fails for every hex of m walled or doored on all six sides.
func noHexSealed(t *testing.T, m *Map) {
	t.Helper()
	for _, h := range m.Hexes() {
		if blocked(m, h) == 6 {
			t.Errorf("%s is walled on all six sides", m.Label(h))
		}
	}
}

func reaches(m *Map, from, to Hex) bool {
	_, ok := (Search{Map: m, Cost: openCost{}}).PathTo(from, 0, to)
	return ok
}

// runs counts the connected runs of hexsides of a kind (sides meeting
// corner to corner).
func runs(m *Map, kind string) int {
	ref := Layout{Orientation: m.Orientation, Size: hexSize}
	seen := map[Edge]bool{}
	n := 0
	for _, e := range m.Edges() {
		if f, _ := m.EdgeAt(e); f.Kind != kind || seen[e] {
			continue
		}
		n++
		run := []Edge{e}
		seen[e] = true
		for i := 0; i < len(run); i++ {
			a, b := ref.Edge(run[i].Hex, run[i].Side)
			for _, o := range m.edgesAt(ref, a, b) {
				if f, _ := m.EdgeAt(o); f.Kind == kind && !seen[o] {
					seen[o] = true
					run = append(run, o)
				}
			}
		}
	}
	return n
}

func sides(m *Map, kind string) int {
	n := 0
	for _, e := range m.Edges() {
		if f, _ := m.EdgeAt(e); f.Kind == kind {
			n++
		}
	}
	return n
}

func openDoors(m *Map) {
	for _, e := range m.Edges() {
		if f, _ := m.EdgeAt(e); f.Kind == "door" {
			f.Open = true
			m.putEdge(e, f)
		}
	}
}

// TestADoorThroughAHexCentreIsOneDoorway: a portal running through a
// hex's centre becomes the few hexsides of that hex on one side of it,
// never a ring round the hex, and walking through the doorway passes one
// door.
func TestADoorThroughAHexCentreIsOneDoorway(t *testing.T) {
	m, _ := testMap(t, "door-through-centre.dd2vtt")
	// The premise: a hex is centred on the doorway, x = 2, 2.5 < y < 3.5.
	ref := Layout{Orientation: m.Orientation, Size: hexSize}
	lo, _ := ref.Bounds(m)
	c := gridHex(m, 2, 3.2)
	if p := ref.ToPixel(c); math.Abs(p.X-lo.X-2) > 1e-9 || p.Y-lo.Y < 2.5 || p.Y-lo.Y > 3.5 {
		t.Fatalf("no hex is centred on the doorway: %s at %+v", m.Label(c), Point{p.X - lo.X, p.Y - lo.Y})
	}
	if n := sides(m, "door"); n < 1 || n > 3 {
		t.Errorf("the doorway is %d door hexsides, want 1 to 3", n)
	}
	if n := runs(m, "door"); n != 1 {
		t.Errorf("the doorway is %d runs of doors, want one", n)
	}
	if n := blocked(m, c); n > 3 {
		t.Errorf("the hex in the doorway is shut on %d sides", n)
	}
	noHexSealed(t, m)
	inside, outside := gridHex(m, 5, 4), gridHex(m, 0.6, 3.2)
	if reaches(m, outside, inside) {
		t.Error("the closed door lets a mover in")
	}
	openDoors(m)
	r, ok := (Search{Map: m, Cost: openCost{}}).PathTo(outside, 0, inside)
	if !ok {
		t.Fatal("no way in through the open door")
	}
	doors := 0
	for i := 1; i < len(r.Hexes); i++ {
		d, _ := r.Hexes[i-1].DirectionTo(r.Hexes[i])
		if f, ok := m.EdgeFeature(r.Hexes[i-1], d); ok && f.Kind == "door" {
			doors++
		}
	}
	if doors != 1 {
		t.Errorf("walking in passes %d doors, want 1", doors)
	}
}

// TestWallsThroughHexCentresSealNoHex: walls along grid lines that run
// through a column of hex centres go on the hexsides to one side of those
// hexes: the corridor between them is whole, and no hex is closed all
// round.
func TestWallsThroughHexCentresSealNoHex(t *testing.T) {
	m, _ := testMap(t, "walls-through-centres.dd2vtt")
	noHexSealed(t, m)
	west, corridor, east := gridHex(m, 1, 6), gridHex(m, 4, 6), gridHex(m, 7, 6)
	if reaches(m, west, corridor) || reaches(m, corridor, east) || reaches(m, west, east) {
		t.Error("a wall along a grid line lets a mover through")
	}
	top, bottom := gridHex(m, 4, 0.6), gridHex(m, 4, 11.4)
	if !reaches(m, top, bottom) {
		t.Error("the corridor between the walls is cut")
	}
	if n := runs(m, "wall"); n != 2 {
		t.Errorf("two straight walls are %d runs of wall", n)
	}
}

// TestADiagonalWallIsOneUnbrokenWall: a wall at no angle of the hexes
// parts the map in two along one run of hexsides.
func TestADiagonalWallIsOneUnbrokenWall(t *testing.T) {
	m, _ := testMap(t, "diagonal-wall.uvtt")
	noHexSealed(t, m)
	if reaches(m, gridHex(m, 9, 2), gridHex(m, 2, 9)) {
		t.Error("a mover crosses the diagonal wall")
	}
	if n := runs(m, "wall"); n != 1 {
		t.Errorf("the wall is %d runs", n)
	}
}

// TestAPolylineOfManyPointsIsARing: a curve of 360 points walls in its
// inside.
func TestAPolylineOfManyPointsIsARing(t *testing.T) {
	m, _ := testMap(t, "round-tower.uvtt")
	noHexSealed(t, m)
	if reaches(m, gridHex(m, 8, 8), gridHex(m, 1, 1)) {
		t.Error("the tower's wall has a gap")
	}
	if !reaches(m, gridHex(m, 8, 8), gridHex(m, 9, 9)) {
		t.Error("the tower's inside is cut up")
	}
	if n := runs(m, "wall"); n != 1 {
		t.Errorf("the tower is %d runs of wall", n)
	}
}

// TestEachPortalIsOneDoor: three portals are three doors, open or closed
// as the file says.
func TestEachPortalIsOneDoor(t *testing.T) {
	m, _ := testMap(t, "several-doors.df2vtt")
	noHexSealed(t, m)
	if d, w := runs(m, "door"), runs(m, "window"); d != 1 || w != 2 {
		t.Errorf("a closed portal and two not closed are %d doors and %d windows, want 1 and 2", d, w)
	}
	west, middle, east, outside := gridHex(m, 2.5, 4), gridHex(m, 7.5, 4), gridHex(m, 12.5, 4), gridHex(m, 14.9, 4)
	if reaches(m, west, middle) {
		t.Error("the closed door between the west and middle rooms lets a mover by")
	}
	if reaches(m, middle, east) || reaches(m, east, outside) {
		t.Error("a window (a portal not closed) lets a mover by")
	}
	openDoors(m)
	if !reaches(m, west, middle) {
		t.Error("the door opened stops a mover")
	}
}

// TestAUVTTFilesLightsAreKept: the lights drawn on a map in another tool
// stay with the map, where they were among its hexes, for the fog of war;
// a light that is not one is refused by name.
func TestAUVTTFilesLightsAreKept(t *testing.T) {
	m, _ := testMap(t, "several-doors.df2vtt")
	if len(m.Lights) != 2 {
		t.Fatalf("%d lights, want the file's 2", len(m.Lights))
	}
	l := m.Lights[0]
	if h := (Layout{Orientation: m.Orientation, Size: hexSize}).HexAt(l.At); h != gridHex(m, 2.5, 4) || l.Range != 4 || l.Color != "ffd080ff" {
		t.Errorf("the first light is at %s reaching %g (%s), want the west room's middle, 4, ffd080ff", m.Label(h), l.Range, l.Color)
	}
	var buf bytes.Buffer
	if err := Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	back, err := Decode(&buf)
	if err != nil || !slices.Equal(back.Lights, m.Lights) {
		t.Errorf("the lights did not survive the map file: %v", err)
	}
	doc := `{"format": 0.3, "resolution": {"map_size": {"x": 5, "y": 5}, "pixels_per_grid": 70}, "lights": [{"position": {"x": 1, "y": 1}, "range": -3}]}`
	if _, err := ImportUVTT(strings.NewReader(doc), "x"); err == nil || !strings.Contains(err.Error(), "lights[0]") {
		t.Errorf("a light reaching -3: %v", err)
	}
}

// TestUVTTExportRoundTripsTheTestMaps: every test map exported and
// imported again is the same map, with the file's own size, resolution
// and image; walls go out as polylines and each door as one portal.
func TestUVTTExportRoundTripsTheTestMaps(t *testing.T) {
	names, _ := filepath.Glob(filepath.Join("testdata", "uvtt", "*"))
	if len(names) < 5 {
		t.Fatalf("%d test maps: run go run ./hexmap/testdata/gen", len(names))
	}
	for _, path := range names {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			m, data := testMap(t, name)
			var src uvFile
			if err := json.Unmarshal(data, &src); err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := ExportUVTT(&buf, m, 40); err != nil {
				t.Fatal(err)
			}
			var out uvFile
			if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
				t.Fatal(err)
			}
			if out.Resolution != src.Resolution || out.Image != src.Image {
				t.Errorf("exported resolution %+v (image %d bytes), the file's %+v (%d bytes)",
					out.Resolution, len(out.Image), src.Resolution, len(src.Image))
			}
			if n := len(out.Portals); n != runs(m, "door")+runs(m, "window") {
				t.Errorf("%d portals for %d doors and %d windows", n, runs(m, "door"), runs(m, "window"))
			}
			if w := sides(m, "wall"); w > 0 && len(out.LineOfSight) >= w {
				t.Errorf("%d wall hexsides went out as %d lines, not polylines", w, len(out.LineOfSight))
			}
			back, err := ImportUVTT(&buf, "again")
			if err != nil {
				t.Fatal(err)
			}
			if !back.Equal(m) {
				t.Error("the map changed in the round trip")
			}
		})
	}
}

// randomMap is a map of every kind of thing a map holds, both
// orientations.
func randomMap(rng *rand.Rand) *Map {
	o := Pointy
	if rng.IntN(2) == 0 {
		o = Flat
	}
	m, _ := New(fmt.Sprintf("random %d", rng.IntN(1000)), o, 1+rng.IntN(24), 1+rng.IntN(24), "dirt")
	m.Scale = float64(1 + rng.IntN(3))
	hexes := m.Hexes()
	terrains := []string{"grass", "rough", "water", "floor", "rock", "steep grade"}
	edges := []string{"wall", "wall", "wall", "door", "door", "window", "fence"}
	hexKinds := []string{"barrel", "table", "stairs"}
	if rng.IntN(3) == 0 {
		m.Environment = &Environment{AmbientLight: fmt.Sprintf("ff%06x", rng.IntN(1<<24)), BakedLighting: rng.IntN(2) == 0}
	}
	for range len(hexes) / 3 {
		h := hexes[rng.IntN(len(hexes))]
		switch rng.IntN(5) {
		case 0:
			m.SetTerrain(h, terrains[rng.IntN(len(terrains))])
		case 1:
			m.SetElevation(h, rng.IntN(5)-1)
		case 2:
			f, _ := NewFeature(hexKinds[rng.IntN(len(hexKinds))])
			m.SetFeature(h, f)
		case 3:
			m.Labels[h] = fmt.Sprintf("spot %d", rng.IntN(99))
		}
		if rng.IntN(20) == 0 {
			m.Lights = append(m.Lights, Light{At: Point{X: rng.Float64() * 20, Y: rng.Float64() * 20}, Range: float64(rng.IntN(8)),
				Intensity: 1, Color: "ffeeccff", Shadows: rng.IntN(2) == 0})
		}
		for range 1 + rng.IntN(3) {
			f, _ := NewFeature(edges[rng.IntN(len(edges))])
			f.Open = f.Kind == "door" && rng.IntN(2) == 0
			if rng.IntN(4) == 0 {
				f.Armor = 1 + rng.IntN(5)
				f.BaseArmor = f.Armor + rng.IntN(2)
			}
			m.SetEdge(h, Direction(rng.IntN(6)), f)
		}
	}
	return m
}

// TestUVTTExportThenImportIsTheSameMap: a property over generated maps,
// pointy and flat: export then import gives an equal map; and the walls,
// doors, windows and fences alone, read from the grid's lines and portals by a tool that
// knows nothing of hexslinger's own part of the file, are the map's.
func TestUVTTExportThenImportIsTheSameMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for i := range 60 {
		m := randomMap(rng)
		var buf bytes.Buffer
		if err := ExportUVTT(&buf, m, 8); err != nil {
			t.Fatal(err)
		}
		data := buf.Bytes()
		back, err := ImportUVTT(bytes.NewReader(data), "x")
		if err != nil {
			t.Fatalf("map %d: %v", i, err)
		}
		if !back.Equal(m) {
			t.Errorf("map %d (%v %d×%d): changed in the round trip", i, m.Orientation, m.Width, m.Height)
		}
		if m.Orientation != Pointy {
			continue
		}
		// Without hexslinger's part: the grid's geometry alone.
		var raw map[string]json.RawMessage
		json.Unmarshal(data, &raw)
		delete(raw, "hexslinger")
		bare, _ := json.Marshal(raw)
		geo, err := ImportUVTT(bytes.NewReader(bare), "x")
		if err != nil {
			t.Fatalf("map %d without hexslinger's part: %v", i, err)
		}
		if geo.Width != m.Width || geo.Height != m.Height {
			t.Errorf("map %d: %d×%d from the grid alone, want %d×%d", i, geo.Width, geo.Height, m.Width, m.Height)
			continue
		}
		// A wall is a wall, a door a closed door, a window or fence a
		// window.
		for _, e := range append(m.Edges(), geo.Edges()...) {
			f, _ := m.EdgeAt(e)
			g, _ := geo.EdgeAt(e)
			if want := gridKind(f); g.Kind != want || g.Open {
				t.Errorf("map %d: %s side %v is %q (open %v) from the grid, want %q for the map's %q",
					i, m.Label(e.Hex), e.Side, g.Kind, g.Open, want, f.Kind)
			}
		}
	}
}

// TestUVTTRoundTripsTheShippedMaps: every map the project ships (the
// bundled fights' and the sample) survives export and import.
func TestUVTTRoundTripsTheShippedMaps(t *testing.T) {
	shipped := map[string]*Map{"sample": Sample(40, 30, 5)}
	paths, _ := filepath.Glob(filepath.Join("..", "assets", "fights", "*.fight.json"))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var fight struct {
			Map json.RawMessage `json:"map"`
		}
		if err := json.Unmarshal(data, &fight); err != nil || len(fight.Map) == 0 {
			t.Fatalf("%s: no map (%v)", p, err)
		}
		m, err := Decode(bytes.NewReader(fight.Map))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		shipped[filepath.Base(p)] = m
	}
	for name, m := range shipped {
		var buf bytes.Buffer
		if err := ExportUVTT(&buf, m, 16); err != nil {
			t.Fatal(err)
		}
		back, err := ImportUVTT(&buf, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !back.Equal(m) {
			t.Errorf("%s changed in the UVTT round trip", name)
		}
	}
}

// TestUVTTMapSizeStaysOnReimport: a 20×20 grid imported, exported and
// imported again keeps its size, every time.
func TestUVTTMapSizeStaysOnReimport(t *testing.T) {
	img := base64.StdEncoding.EncodeToString(tinyPNG(t, 1280, 1280))
	doc := fmt.Sprintf(`{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 20, "y": 20}, "pixels_per_grid": 64},
 "line_of_sight": [], "portals": [], "lights": [], "image": %q}`, img)
	m, err := ImportUVTT(strings.NewReader(doc), "twenty")
	if err != nil {
		t.Fatal(err)
	}
	w, h := m.Width, m.Height
	for range 3 {
		var buf bytes.Buffer
		if err := ExportUVTT(&buf, m, 40); err != nil {
			t.Fatal(err)
		}
		var out uvFile
		json.Unmarshal(buf.Bytes(), &out)
		if out.Resolution.MapSize != (uvPoint{20, 20}) {
			t.Fatalf("exported map_size %+v, want 20×20", out.Resolution.MapSize)
		}
		if m, err = ImportUVTT(&buf, "twenty"); err != nil {
			t.Fatal(err)
		}
		if m.Width != w || m.Height != h {
			t.Fatalf("the map grew from %d×%d to %d×%d", w, h, m.Width, m.Height)
		}
	}
}

// TestGridHexes: how many pointy hexes a square grid holds.
func TestGridHexes(t *testing.T) {
	for _, tc := range []struct {
		name       string
		w, h       float64
		cols, rows int
	}{
		{"one square", 1, 1, 1, 1},
		{"a Dungeondraft 20×20", 20, 20, 20, 23},
		{"8×6", 8, 6, 8, 7},
		{"a hex map's own box, 5 rows", 5.5, 2*hexSize + 4*1.5*hexSize, 5, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if c, r := GridHexes(tc.w, tc.h); c != tc.cols || r != tc.rows {
				t.Errorf("%g×%g: %d×%d hexes, want %d×%d", tc.w, tc.h, c, r, tc.cols, tc.rows)
			}
		})
	}
}

func TestImportUVTTErrors(t *testing.T) {
	ok := `"resolution": {"map_size": {"x": 5, "y": 5}, "pixels_per_grid": 70}`
	many := func(n int, item string) string {
		return "[" + strings.TrimSuffix(strings.Repeat(item+",", n), ",") + "]"
	}
	img := tinyPNG(t, 50, 50)
	b64 := base64.StdEncoding.EncodeToString
	// zigzag is a wall of 10,000 points across the 5×5 map and a little
	// beyond, about 70,000 squares over the map and the hex about it.
	zigzag := many(MaxUVTTPolyline/2, `{"x":-1,"y":1},{"x":6,"y":4}`)
	tests := []struct{ name, doc, want string }{
		{"not JSON", `{"format":`, "bad JSON"},
		{"empty", ``, "empty file"},
		{"an array", `[1, 2]`, "want a JSON object"},
		{"no format", `{` + ok + `}`, "format: is missing"},
		{"format 99", `{"format": 99, ` + ok + `}`, "format: is 99"},
		{"format a word", `{"format": "three", ` + ok + `}`, `format: is "three"`},
		{"no size", `{"format": 0.3, "resolution": {"map_size": {"x": 0, "y": 0}, "pixels_per_grid": 70}}`, "map_size"},
		{"huge", `{"format": 0.3, "resolution": {"map_size": {"x": 1e9, "y": 5}, "pixels_per_grid": 70}}`, "map_size"},
		{"no grid", `{"format": 0.3, "resolution": {"map_size": {"x": 5, "y": 5}, "pixels_per_grid": 0}}`, "pixels_per_grid"},
		{"bad portal", `{"format": 0.3, ` + ok + `, "portals": [{"bounds": []}]}`, "portals[0].bounds"},
		{"portals not a list", `{"format": 0.3, ` + ok + `, "portals": 3}`, "portals: want an array"},
		{"too many portals", `{"format": 0.3, ` + ok + `, "portals": ` + many(MaxUVTTPortals+1, `{}`) + `}`, "more than 5000 portals"},
		{"too many lights", `{"format": 0.3, ` + ok + `, "lights": ` + many(MaxUVTTLights+1, `{}`) + `}`, "more than 5000 lights"},
		{"too many walls", `{"format": 0.3, ` + ok + `, "line_of_sight": ` + many(MaxUVTTWalls+1, `[]`) + `}`, "more than 20000 walls"},
		{"too long a wall", `{"format": 0.3, ` + ok + `, "line_of_sight": [` + many(MaxUVTTPolyline+1, `{"x":1,"y":1}`) + `]}`, "line_of_sight[0]: has more than 10000 points"},
		{"too many points", `{"format": 0.3, ` + ok + `, "objects_line_of_sight": ` + many(MaxUVTTPoints/9000+1, many(9000, `{"x":1,"y":1}`)) + `}`, "more than 200000 wall points"},
		{"a wall point not a point", `{"format": 0.3, ` + ok + `, "line_of_sight": [[{"x": 1, "y": 1}, {"x": "a"}]]}`, "line_of_sight[0][1].x: want a number, got a JSON string"},
		{"a size not a number", `{"format": 0.3, "resolution": {"map_size": {"x": "5", "y": 5}, "pixels_per_grid": 70}}`, "resolution.map_size.x: want a number"},
		{"not base64", `{"format": 0.3, ` + ok + `, "image": "@@@"}`, "image: is not base64"},
		{"not a picture", `{"format": 0.3, ` + ok + `, "image": "` + b64([]byte("hello")) + `"}`, "image: is not a PNG, JPEG or WebP"},
		{"a picture cut short", `{"format": 0.3, ` + ok + `, "image": "` + b64(img[:len(img)/4*4-8]) + `"}`, "image: is a damaged png picture"},
		{"a picture too large", `{"format": 0.3, ` + ok + `, "image": "` + b64(tinyPNG(t, MaxBackgroundSide+1, 1)) + `"}`, "at most 8192×8192"},
		{"hexslinger's part wrong", `{"format": 0.3, ` + ok + `, "hexslinger": {"map": {"format": "x"}}}`, "hexslinger.map.format"},
		{"more after the end", `{"format": 0.3, ` + ok + `} {}`, "more after the closing brace"},
		{"a wall point too far", `{"format": 0.3, ` + ok + `, "line_of_sight": [[{"x": 1, "y": 1}, {"x": 2e9, "y": 1}]]}`, "line_of_sight[0][1]: is (2e+09, 1), farther than 1e+09 squares"},
		{"an object's point too far", `{"format": 0.3, ` + ok + `, "objects_line_of_sight": [[{"x": 1, "y": -3e9}]]}`, "objects_line_of_sight[0][0]: is (1, -3e+09)"},
		{"a portal too far", `{"format": 0.3, ` + ok + `, "portals": [{"bounds": [{"x": 1, "y": 1}, {"x": 1e300, "y": 1}]}]}`, "portals[0].bounds[1]: is (1e+300, 1)"},
		{"the map's origin too far", `{"format": 0.3, "resolution": {"map_origin": {"x": 5e9, "y": 0}, "map_size": {"x": 5, "y": 5}, "pixels_per_grid": 70}}`, "resolution.map_origin: is (5e+09, 0)"},
		{"a light too far", `{"format": 0.3, ` + ok + `, "lights": [{"position": {"x": 0, "y": 7e9}, "range": 3}]}`, "lights[0].position: is (0, 7e+09)"},
		{"the picture's origin too far", `{"format": 0.3, ` + ok + `, "hexslinger": {"background_origin": {"x": 0, "y": 2e9}}}`, "hexslinger.background_origin: is (0, 2e+09)"},
		{"too much wall over the map", `{"format": 0.3, ` + ok + `, "line_of_sight": [` + zigzag + `,` + zigzag + `]}`, "brings the walls and portals over the map to more than 100000 squares in all, the most for a map of 5×6 hexes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ImportUVTT(strings.NewReader(tc.doc), "x")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error naming %q", err, tc.want)
			}
		})
	}
}

// TestLoadUVTTNamesTheFile: an error reading a file names it, and the
// field, on one line.
func TestLoadUVTTNamesTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.dd2vtt")
	os.WriteFile(path, []byte(`{"format": 99}`), 0o644)
	_, err := LoadUVTT(path)
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "format") || strings.Contains(err.Error(), "\n") {
		t.Errorf("got %v", err)
	}
}

// formatSpan is where the number of a file's only "format" member lies,
// when it is a plain number at the top level (found as imageSpan finds
// the image).
func formatSpan(data []byte) (start, end int, ok bool) {
	re := regexp.MustCompile(`"format"\s*:\s*(-?[0-9][0-9.eE+-]*)`)
	all := re.FindAllSubmatchIndex(data, -1)
	if len(all) != 1 || bytes.Count(data, []byte(`"format"`)) != 1 || bytes.Contains(data, []byte(`"hexslinger"`)) {
		return 0, 0, false
	}
	return all[0][2], all[0][3], true
}

// FuzzImportUVTT: an imported map encodes and loads back; every wall and
// door lies on the map; the walk of walls and portals looks at no more
// hexes than their parts over the map make, however long they are (each
// segment at most the map's box's diagonal); and the picture kept is
// within the picture limit, decoded bytes and all; the same file with a
// byte order mark, or its format given as a string, is the same map; and
// no grid is cut to fit the rows a map may have.
func FuzzImportUVTT(f *testing.F) {
	f.Add([]byte(uvttDoc(f, `[{"x": 4.1, "y": 0}, {"x": 4.1, "y": 6}]`, "")))
	f.Add([]byte(`{"format": 0.2, "resolution": {"map_size": {"x": 3, "y": 3}, "pixels_per_grid": 10}, "line_of_sight": [[{"x": -5, "y": 1}, {"x": 90, "y": 2}]]}`))
	f.Add([]byte(`{"format": 0.3, "resolution": {"map_size": {"x": 3, "y": 3}, "pixels_per_grid": 10}, "portals": [{"bounds": [{"x": 1, "y": 0.5}, {"x": 1, "y": 1.5}]}], "hexslinger": {"rendered": true}}`))
	f.Add([]byte(`{"format": 0.3, "resolution": {"map_size": {"x": 4, "y": 3}, "pixels_per_grid": 10}, "line_of_sight": [[{"x": 2, "y": 1}, {"x": 1e9, "y": 1e9}, {"x": -1e9, "y": 2}]], "portals": [{"bounds": [{"x": -1e8, "y": 1.5}, {"x": 1e8, "y": 1.6}]}]}`))
	f.Add([]byte(`{"format": 0.3, "image": "\/x", "image": "QUJD", "lights": []}`))
	f.Add([]byte(adjacentPortals(f)))
	f.Add([]byte(`{"format": 0.3, "resolution": {"map_size": {"x": 4, "y": 4}, "pixels_per_grid": 10}, "environment": {"ambient_light": "ff101010", "baked_lighting": true}, "portals": [{"bounds": [{"x": 1, "y": 1}, {"x": 1, "y": 2}], "closed": true}, {"bounds": [{"x": 1, "y": 2}, {"x": 1, "y": 3}]}]}`))
	f.Add([]byte(`{"format": 1.0, "resolution": {"map_size": {"x": 3, "y": 887.38}, "pixels_per_grid": 10}}`))
	f.Add([]byte("\ufeff" + `{"format": "0.3", "resolution": {"map_size": {"x": 3, "y": 3}, "pixels_per_grid": 10}, "lights": [{"position": {"x": 1, "y": 1}, "range": 2, "color": "ffeccd8b"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		// The image decodeUVTT leaves where it lies is the one the JSON
		// decoder reads.
		if start, end, ok := imageSpan(data); ok {
			var g struct {
				Image *string `json:"image"`
			}
			if json.Unmarshal(data, &g) == nil && (g.Image == nil || *g.Image != string(data[start+1:end-1])) {
				t.Fatalf("imageSpan found %q; the JSON decoder reads %v", data[start+1:end-1], g.Image)
			}
		}
		file, err := decodeUVTT(nil, data)
		if err != nil {
			return
		}
		m, touched, err := file.hexMap(nil, "fuzz", 0)
		if err != nil {
			return
		}
		// A byte order mark before an accepted file, and its format
		// given as a string, read as the file does.
		if again, err := ImportUVTT(bytes.NewReader(append([]byte("\ufeff"), bytes.TrimPrefix(data, []byte("\ufeff"))...)), "fuzz"); err != nil || !again.Equal(m) {
			t.Fatalf("the file with a byte order mark: %v, the same map %v", err, err == nil && again.Equal(m))
		}
		if start, end, ok := formatSpan(data); ok {
			quoted := slices.Concat(data[:start], []byte(`"`), data[start:end], []byte(`"`), data[end:])
			if again, err := ImportUVTT(bytes.NewReader(quoted), "fuzz"); err != nil || !again.Equal(m) {
				t.Fatalf("the format %s as a string: %v, the same map %v", data[start:end], err, err == nil && again.Equal(m))
			}
		}
		if m.Height > MaxSide || m.Width > MaxSide || (file.Hexslinger == nil || file.Hexslinger.Map == nil) && !gridFits(file.Resolution.MapSize.X, file.Resolution.MapSize.Y) {
			t.Fatalf("a %gx%g grid imported as %d×%d hexes: cut", file.Resolution.MapSize.X, file.Resolution.MapSize.Y, m.Width, m.Height)
		}
		var buf bytes.Buffer
		if err := Encode(&buf, m); err != nil {
			t.Fatalf("an imported map does not encode: %v", err)
		}
		if _, err := Decode(&buf); err != nil {
			t.Fatalf("an imported map does not load back: %v", err)
		}
		wallsOnTheMap(t, m)
		// Each segment is walked over the map's box and a hex about it,
		// a sample a unit and 7 hexes a sample at most.
		segments := len(file.Portals)
		for _, line := range slices.Concat(file.LineOfSight, file.ObjectsLineOfSight) {
			segments += max(0, len(line)-1)
		}
		ref := Layout{Orientation: m.Orientation, Size: hexSize}
		lo, hi := ref.Bounds(m)
		diagonal := math.Hypot(hi.X-lo.X+2.02, hi.Y-lo.Y+2.02)
		if bound := 7 * segments * (int(diagonal) + 2); touched > bound {
			t.Fatalf("%d segments on a %d×%d map looked at %d hexes, more than %d", segments, m.Width, m.Height, touched, bound)
		}
		if m.Background != nil {
			n, err := DecodedBytes(m.Background.Image)
			if err != nil || n > MaxBackgroundBytes {
				t.Fatalf("the picture kept decodes to %d bytes (%v), more than %d", n, err, MaxBackgroundBytes)
			}
		}
		// Exported and imported again, it is the same map, and goes out
		// again as the same portals, doors and windows alike.
		var out bytes.Buffer
		if err := ExportUVTT(&out, m, 8); err != nil {
			return // no hexes on the map
		}
		first := out.Bytes()
		back, err := ImportUVTT(bytes.NewReader(first), "fuzz")
		if err != nil {
			t.Fatalf("an imported map exported does not import again: %v", err)
		}
		if !back.Equal(m) {
			t.Fatalf("an imported map changed in export and import")
		}
		var again bytes.Buffer
		if err := ExportUVTT(&again, back, 8); err != nil {
			t.Fatal(err)
		}
		var f1, f2 uvFile
		json.Unmarshal(first, &f1)
		json.Unmarshal(again.Bytes(), &f2)
		if a1, o1 := portalCounts(&f1); true {
			if a2, o2 := portalCounts(&f2); a1 != a2 || o1 != o2 || len(f1.LineOfSight) != len(f2.LineOfSight) {
				t.Fatalf("exported twice: %d portals (%d not closed) and %d walls, then %d (%d) and %d", a1, o1, len(f1.LineOfSight), a2, o2, len(f2.LineOfSight))
			}
		}
	})
}
