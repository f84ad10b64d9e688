package hexmap

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"strings"
	"testing"
)

// boundDoc is a w×h-square UVTT file at 10 pixels a square with the walls
// and portals given (JSON arrays' contents); its picture is at most
// 400×400 pixels.
func boundDoc(t testing.TB, w, h int, walls, portals string) []byte {
	t.Helper()
	var pic bytes.Buffer
	if err := png.Encode(&pic, image.NewGray(image.Rect(0, 0, min(400, w*10), min(400, h*10)))); err != nil {
		t.Fatal(err)
	}
	return fmt.Appendf(nil, `{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": %d, "y": %d}, "pixels_per_grid": 10},
 "line_of_sight": [%s], "portals": [%s], "lights": [], "image": %q}`, w, h, walls, portals, base64.StdEncoding.EncodeToString(pic.Bytes()))
}

// rooms are four rooms' walls of a 30×20 dungeon.
const rooms = `[{"x":2,"y":2},{"x":10,"y":2},{"x":10,"y":8},{"x":2,"y":8},{"x":2,"y":2}],
 [{"x":12,"y":2},{"x":26,"y":2},{"x":26,"y":8},{"x":12,"y":8},{"x":12,"y":2}],
 [{"x":2,"y":11},{"x":14,"y":11},{"x":14,"y":18},{"x":2,"y":18},{"x":2,"y":11}],
 [{"x":17,"y":11},{"x":28,"y":11},{"x":28,"y":18},{"x":17,"y":18},{"x":17,"y":11}]`

// longWalls are n walls, each from a point on a w×h-square map to a
// point up to reach squares away.
func longWalls(n int, w, h, reach float64) string {
	rng := rand.New(rand.NewPCG(34, 5))
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		x, y := rng.Float64()*w, rng.Float64()*h
		fmt.Fprintf(&b, `[{"x":%.3f,"y":%.3f},{"x":%.3f,"y":%.3f}]`, x, y, x+(rng.Float64()*2-1)*reach, y+(rng.Float64()*2-1)*reach)
	}
	return b.String()
}

// TestUVTTImportWorkIsBoundedByTheMap: walls and portals reaching far off
// the map cost the import what their parts on the map cost, not their
// length: a Dungeondraft file with one wall ending at (1e9, 1e9) took
// minutes and gigabytes. The walk is stopped past the bound, so that a
// walk that grows with a wall's length fails here rather than hangs.
func TestUVTTImportWorkIsBoundedByTheMap(t *testing.T) {
	tests := []struct {
		name         string
		doc          []byte
		walls, doors bool // the map gets walls, doors
		maxPerHex    int  // hexes looked at, at most, per hex of the map
	}{
		{"a wall ending at (1e9, 1e9)", boundDoc(t, 30, 20, rooms+`, [{"x":15,"y":10},{"x":1e9,"y":1e9}]`, ""), true, false, 4},
		{"a wall from (-1e9, -1e9) to (1e9, 1e9)", boundDoc(t, 30, 20, `[{"x":-1e9,"y":-1e9},{"x":1e9,"y":1e9}]`, ""), true, false, 4},
		{"a portal across the world", boundDoc(t, 30, 20, rooms, `{"position": {"x": 0, "y": 5}, "bounds": [{"x": -1e9, "y": 5.1}, {"x": 1e9, "y": 5.2}], "closed": true}`), true, true, 4},
		{"walls far off the map", boundDoc(t, 30, 20, `[{"x":5000,"y":5000},{"x":9e8,"y":-7e8},{"x":-1e9,"y":1e9}]`, ""), false, false, 1},
		{"200 walls crossing the map far beyond it", boundDoc(t, 30, 20, longWalls(200, 30, 20, 1e6), ""), true, false, 64},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cells := 30 * 23
			bound := tc.maxPerHex * cells
			m, touched, err := importUVTTWork(tc.doc, "bound", bound)
			if err != nil {
				t.Fatalf("import: %v (looked at %d hexes; the bound is %d, %d a hex of the map)", err, touched, bound, tc.maxPerHex)
			}
			if m.Width*m.Height != cells {
				t.Fatalf("the map is %d×%d hexes, want %d hexes", m.Width, m.Height, cells)
			}
			if (sides(m, "wall") > 0) != tc.walls || (sides(m, "door") > 0) != tc.doors {
				t.Errorf("%d wall and %d door hexsides; want walls %v, doors %v", sides(m, "wall"), sides(m, "door"), tc.walls, tc.doors)
			}
			wallsOnTheMap(t, m)
		})
	}
}

// wallsOnTheMap fails for a wall or door with neither of its hexes on m.
func wallsOnTheMap(t testing.TB, m *Map) {
	t.Helper()
	for _, e := range m.Edges() {
		f, _ := m.EdgeAt(e)
		if a, b := e.Hexes(); (f.Kind == "wall" || f.Kind == "door") && !m.Contains(a) && !m.Contains(b) {
			t.Errorf("a %s on %v, off the map", f.Kind, e)
		}
	}
}

// worstZigzag is how far to a side the walls of worstWalls zigzag: their
// 200,000 points a little under the squares of wall the largest map may
// have (maxWallRun).
const worstZigzag = 0.97 * MaxUVTTWallRunPerHex * MaxSide * 1023 / MaxUVTTPoints

// worstWalls is the most work with walls a UVTT file within the limits
// makes (as scripts/uvttimport -gen worst writes it): the largest map
// (1024×886 squares, 1024×1023 hexes), its 200,000 wall points in 20
// walls of 10,000, each zigzagging worstZigzag squares to a side from the
// top of the map to its foot.
func worstWalls(tb testing.TB) []byte {
	tb.Helper()
	const w, h = MaxSide, 886
	var b strings.Builder
	for i := range MaxUVTTPoints / MaxUVTTPolyline {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('[')
		x0 := 10 + 50*float64(i)
		for k := range MaxUVTTPolyline {
			if k > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"x":%.3f,"y":%.3f}`, x0+worstZigzag*float64(k%2), h*float64(k)/MaxUVTTPolyline)
		}
		b.WriteByte(']')
	}
	return boundDoc(tb, w, h, b.String(), "")
}

// BenchmarkImportUVTTWorstWalls imports worstWalls: the most work with
// walls a file within the limits makes.
func BenchmarkImportUVTTWorstWalls(b *testing.B) {
	doc := worstWalls(b)
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if _, err := ImportUVTT(bytes.NewReader(doc), "worst"); err != nil {
			b.Fatal(err)
		}
	}
}
