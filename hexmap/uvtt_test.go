package hexmap

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image/png"
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

func uvttDoc(walls, portals string) string {
	img := base64.StdEncoding.EncodeToString([]byte("\x89PNG fake"))
	return fmt.Sprintf(`{"format": 0.3,
 "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 8, "y": 6}, "pixels_per_grid": 70},
 "line_of_sight": [%s], "portals": [%s], "lights": [], "image": %q}`, walls, portals, img)
}

func TestImportUVTTWallSplitsTheMap(t *testing.T) {
	// A wall straight down the middle of an 8×6 grid.
	m, err := ImportUVTT(strings.NewReader(uvttDoc(`[{"x": 4.1, "y": 0}, {"x": 4.1, "y": 6}]`, "")), "split")
	if err != nil {
		t.Fatal(err)
	}
	if m.Width != 8 || m.Height != 7 {
		t.Errorf("an 8×6 grid gives a %d×%d hex map, want 8×7 (rows are 0.87 squares apart)", m.Width, m.Height)
	}
	left := Pointy.FromOffset(Offset{1, 2})
	right := Pointy.FromOffset(Offset{6, 2})
	if _, ok := (Search{Map: m, Cost: openCost{}}).PathTo(left, 0, right); ok {
		t.Errorf("a path crosses the imported wall")
	}
	walls := 0
	for _, e := range m.Edges() {
		if f, _ := m.EdgeAt(e); f.Kind == "wall" {
			walls++
		}
	}
	if walls < m.Height || walls > 3*m.Height {
		t.Errorf("%d wall hexsides for a wall across %d rows", walls, m.Height)
	}
	if m.Background == nil || string(m.Background.Image) != "\x89PNG fake" || m.Background.PixelsPerHex != 70 {
		t.Errorf("background %+v", m.Background)
	}
}

func TestImportUVTTPortalIsADoor(t *testing.T) {
	doc := uvttDoc(`[{"x": 4.1, "y": 0}, {"x": 4.1, "y": 2.5}], [{"x": 4.1, "y": 3.5}, {"x": 4.1, "y": 6}]`,
		`{"position": {"x": 4.1, "y": 3}, "bounds": [{"x": 4.1, "y": 2.5}, {"x": 4.1, "y": 3.5}], "rotation": 1.57, "closed": false, "freestanding": false}`)
	m, err := ImportUVTT(strings.NewReader(doc), "door")
	if err != nil {
		t.Fatal(err)
	}
	doors := 0
	for _, e := range m.Edges() {
		if f, _ := m.EdgeAt(e); f.Kind == "door" && f.Open {
			doors++
		}
	}
	if doors == 0 {
		t.Fatalf("no open door from the portal")
	}
	left := Pointy.FromOffset(Offset{1, 2})
	right := Pointy.FromOffset(Offset{6, 2})
	if _, ok := (Search{Map: m, Cost: openCost{}}).PathTo(left, 0, right); !ok {
		t.Errorf("no path through the open door")
	}
}

func TestUVTTRoundTrip(t *testing.T) {
	m := Sample(20, 14, 5)
	var buf bytes.Buffer
	if err := ExportUVTT(&buf, m, 40); err != nil {
		t.Fatal(err)
	}
	back, err := ImportUVTT(&buf, "back")
	if err != nil {
		t.Fatal(err)
	}
	want := map[Edge]string{}
	for _, e := range m.Edges() {
		if f, _ := m.EdgeAt(e); f.Kind == "wall" || f.Kind == "door" {
			want[e] = f.Kind
		}
	}
	got := map[Edge]string{}
	for _, e := range back.Edges() {
		f, _ := back.EdgeAt(e)
		got[e] = f.Kind
	}
	for e, k := range want {
		if got[e] != k {
			t.Errorf("%s side %v: %q after the round trip, want %q", m.Label(e.Hex), e.Side, got[e], k)
		}
	}
	for e, k := range got {
		if want[e] == "" {
			t.Errorf("%s side %v: %q appeared in the round trip", m.Label(e.Hex), e.Side, k)
		}
	}
	img, err := png.Decode(bytes.NewReader(back.Background.Image))
	if err != nil {
		t.Fatalf("exported image: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 20*40-40 || b.Dx() > 21*40 {
		t.Errorf("image %v for 20 hexes at 40 px", b)
	}
}

func TestImportUVTTErrors(t *testing.T) {
	tests := []struct{ name, doc, want string }{
		{"not JSON", `{"format":`, "bad JSON"},
		{"no size", `{"resolution": {"map_size": {"x": 0, "y": 0}, "pixels_per_grid": 70}}`, "map_size"},
		{"huge", `{"resolution": {"map_size": {"x": 1e9, "y": 5}, "pixels_per_grid": 70}}`, "map_size"},
		{"no grid", `{"resolution": {"map_size": {"x": 5, "y": 5}, "pixels_per_grid": 0}}`, "pixels_per_grid"},
		{"bad portal", `{"resolution": {"map_size": {"x": 5, "y": 5}, "pixels_per_grid": 70}, "portals": [{"bounds": []}]}`, "portals[0].bounds"},
		{"bad image", `{"resolution": {"map_size": {"x": 5, "y": 5}, "pixels_per_grid": 70}, "image": "@@@"}`, "image"},
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

func FuzzImportUVTT(f *testing.F) {
	f.Add([]byte(uvttDoc(`[{"x": 4.1, "y": 0}, {"x": 4.1, "y": 6}]`, "")))
	f.Add([]byte(`{"resolution": {"map_size": {"x": 3, "y": 3}, "pixels_per_grid": 10}, "line_of_sight": [[{"x": -5, "y": 1}, {"x": 90, "y": 2}]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ImportUVTT(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := Encode(&buf, m); err != nil {
			t.Fatalf("an imported map does not encode: %v", err)
		}
		if _, err := Decode(&buf); err != nil {
			t.Fatalf("an imported map does not load back: %v", err)
		}
	})
}
