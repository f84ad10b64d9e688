package hexmap

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// portalDoc is a w×h square grid at 10 pixels a square with walls,
// portals and an environment (raw JSON, "" for none).
func portalDoc(t testing.TB, w, h int, walls, portals, env string) string {
	img := base64.StdEncoding.EncodeToString(tinyPNG(t, 10*w, 10*h))
	if env != "" {
		env = `"environment": ` + env + `,`
	}
	return fmt.Sprintf(`{"format": 0.3,
 "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": %d, "y": %d}, "pixels_per_grid": 10},
 "line_of_sight": [%s], "portals": [%s], %s "lights": [], "image": %q}`, w, h, walls, portals, env, img)
}

// portalJSON is a portal from (x0, y0) to (x1, y1).
func portalJSON(x0, y0, x1, y1 float64, closed bool) string {
	return fmt.Sprintf(`{"position": {"x": %g, "y": %g}, "bounds": [{"x": %g, "y": %g}, {"x": %g, "y": %g}], "rotation": 0, "closed": %v, "freestanding": false}`,
		(x0+x1)/2, (y0+y1)/2, x0, y0, x1, y1, closed)
}

// exported is m exported as UVTT, decoded.
func exported(t *testing.T, m *Map) (*uvFile, []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := ExportUVTT(&buf, m, 10); err != nil {
		t.Fatal(err)
	}
	var f uvFile
	if err := json.Unmarshal(buf.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	return &f, buf.Bytes()
}

// portalCounts are a file's portals in all and those not closed.
func portalCounts(f *uvFile) (all, open int) {
	for _, p := range f.Portals {
		if !p.Closed {
			open++
		}
	}
	return len(f.Portals), open
}

// withoutHexslinger is a UVTT file without hexslinger's part: what
// another tool reads of it.
func withoutHexslinger(t *testing.T, data []byte) []byte {
	t.Helper()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	delete(raw, "hexslinger")
	bare, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	return bare
}

// TestAPortalsClosedFlagMakesADoorOrAWindow: a closed portal is a closed
// door; one not closed is a window (Dungeondraft's "block light" off,
// Dungeon Alchemist's windows), which stops a mover and lets sight
// through, in a wall or standing free.
func TestAPortalsClosedFlagMakesADoorOrAWindow(t *testing.T) {
	wall := `[{"x": 4, "y": 0}, {"x": 4, "y": 6}]`
	for _, tc := range []struct {
		name, walls, portal string
		kind                string
		open                bool
	}{
		{"a closed portal is a closed door", "", portalJSON(4, 2, 4, 3, true), "door", false},
		{"a closed portal in a wall is a closed door", wall, portalJSON(4, 2, 4, 3, true), "door", false},
		{"a portal not closed is a window", "", portalJSON(4, 2, 4, 3, false), "window", false},
		{"a portal not closed in a wall is a window", wall, portalJSON(4, 2, 4, 3, false), "window", false},
		{"a portal without closed is a window", "", `{"bounds": [{"x": 4, "y": 2}, {"x": 4, "y": 3}]}`, "window", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ImportUVTT(strings.NewReader(portalDoc(t, 8, 6, tc.walls, tc.portal, "")), "x")
			if err != nil {
				t.Fatal(err)
			}
			west, east := gridHex(m, 3.5, 2.5), gridHex(m, 4.5, 2.5)
			var got []Feature
			for _, e := range m.Edges() {
				if f, _ := m.EdgeAt(e); f.Kind != "wall" {
					got = append(got, f)
				}
			}
			if len(got) == 0 {
				t.Fatalf("portal %s: no door or window on the map", tc.portal)
			}
			for _, f := range got {
				if f.Kind != tc.kind || f.Open != tc.open {
					t.Errorf("portal %s: a %s (open %v), want a %s (open %v)", tc.portal, f.Kind, f.Open, tc.kind, tc.open)
				}
			}
			if reaches(m, west, east) && tc.walls != "" {
				t.Errorf("portal %s: a mover walks through it", tc.portal)
			}
			if clear := m.SightLine(west, east).Clear; clear != (tc.kind == "window") {
				t.Errorf("portal %s: sight through it %v, want %v", tc.portal, clear, tc.kind == "window")
			}
		})
	}
}

// adjacentPortals is a Dungeon Alchemist-like row of 21 portals along one
// wall, each touching the next end to end: 9 doors and 12 windows.
func adjacentPortals(t testing.TB) string {
	var ps []string
	for i := range 21 {
		ps = append(ps, portalJSON(2, 1+float64(i), 2, 2+float64(i), i%7 >= 4))
	}
	return portalDoc(t, 6, 26, `[{"x": 2, "y": 0}, {"x": 2, "y": 26}]`, strings.Join(ps, ", "), "")
}

// TestAdjacentPortalsStaySeparate: 21 touching portals (9 doors, 12
// windows) import as 21 openings, go out as 21 portals, 12 of them not
// closed, and come back the same, through hexslinger's own part of the
// file and without it.
func TestAdjacentPortalsStaySeparate(t *testing.T) {
	m, err := ImportUVTT(strings.NewReader(adjacentPortals(t)), "row")
	if err != nil {
		t.Fatal(err)
	}
	f, data := exported(t, m)
	if all, open := portalCounts(f); all != 21 || open != 12 {
		t.Fatalf("21 portals (12 windows) imported and exported: %d portals, %d not closed", all, open)
	}
	for _, name := range []string{"with hexslinger's part", "without it"} {
		t.Run(name, func(t *testing.T) {
			in := data
			if name != "with hexslinger's part" {
				in = withoutHexslinger(t, data)
			}
			back, err := ImportUVTT(bytes.NewReader(in), "row")
			if err != nil {
				t.Fatal(err)
			}
			g, _ := exported(t, back)
			if all, open := portalCounts(g); all != 21 || open != 12 {
				t.Errorf("re-imported and exported again: %d portals, %d not closed, want 21 and 12", all, open)
			}
			if sides(back, "window") != sides(m, "window") || sides(back, "door") != sides(m, "door") {
				t.Errorf("re-imported: %d window and %d door hexsides, want %d and %d",
					sides(back, "window"), sides(back, "door"), sides(m, "window"), sides(m, "door"))
			}
		})
	}
}

// TestUVTTExportWritesWindowsAndFences: windows and fences go out as
// portals not closed (what other tools read as a wall that lets sight
// through), an open door as a closed portal (a door to every tool); the
// file alone gives windows and doors back, hexslinger's part the fence
// and the open door.
func TestUVTTExportWritesWindowsAndFences(t *testing.T) {
	m, _ := New("kinds", Pointy, 8, 6, "floor")
	put := func(col, row int, d Direction, kind string, open bool) {
		f, _ := NewFeature(kind)
		f.Open = open
		m.SetEdge(Pointy.FromOffset(Offset{col, row}), d, f)
	}
	put(1, 1, 0, "window", false)
	put(5, 1, 0, "fence", false)
	put(3, 4, 0, "door", true)
	put(6, 4, 0, "door", false)
	f, data := exported(t, m)
	if all, open := portalCounts(f); all != 4 || open != 2 {
		t.Fatalf("a window, a fence and two doors went out as %d portals, %d not closed; want 4, 2", all, open)
	}
	back, err := ImportUVTT(bytes.NewReader(data), "x")
	if err != nil {
		t.Fatal(err)
	}
	if !back.Equal(m) {
		t.Error("the map changed in the round trip")
	}
	bare, err := ImportUVTT(bytes.NewReader(withoutHexslinger(t, data)), "x")
	if err != nil {
		t.Fatal(err)
	}
	if w, d := sides(bare, "window"), sides(bare, "door"); w != 2 || d != 2 {
		t.Errorf("the file alone gives %d window and %d door hexsides, want 2 and 2", w, d)
	}
}

// TestUVTTEnvironmentIsKept: a file's environment (its ambient light and
// whether its lighting is baked into the picture) stays with the map,
// through the map file, and goes out again on export.
func TestUVTTEnvironmentIsKept(t *testing.T) {
	env := `{"baked_lighting": true, "ambient_light": "ff404060"}`
	m, err := ImportUVTT(strings.NewReader(portalDoc(t, 8, 6, "", "", env)), "x")
	if err != nil {
		t.Fatal(err)
	}
	want := Environment{AmbientLight: "ff404060", BakedLighting: true}
	if m.Environment == nil || *m.Environment != want {
		t.Fatalf("environment %s: got %+v, want %+v", env, m.Environment, want)
	}
	var buf bytes.Buffer
	if err := Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	saved, err := Decode(&buf)
	if err != nil || saved.Environment == nil || *saved.Environment != want {
		t.Fatalf("through the map file: %+v (%v), want %+v", saved.Environment, err, want)
	}
	f, data := exported(t, saved)
	var got Environment
	if err := json.Unmarshal(f.Environment, &got); err != nil || got != want {
		t.Errorf("exported environment %s (%v), want %+v", f.Environment, err, want)
	}
	back, err := ImportUVTT(bytes.NewReader(withoutHexslinger(t, data)), "x")
	if err != nil || back.Environment == nil || *back.Environment != want {
		t.Errorf("re-imported from the file alone: %+v (%v)", back.Environment, err)
	}
	for _, odd := range []string{`{"ambient_light": 7, "baked_lighting": "yes"}`, `[]`, `null`} {
		if _, err := ImportUVTT(strings.NewReader(portalDoc(t, 8, 6, "", "", odd)), "x"); err != nil {
			t.Errorf("environment %s: %v, want it passed by", odd, err)
		}
	}
}
