package hexmap

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"
)

// realCounts is what a real map file must give: the hexsides of each
// kind on the imported map, and the portals the map exports again,
// doors (closed) and windows (not closed) apart.
type realCounts struct {
	walls, doors, windows      int // hexsides
	doorPortals, windowPortals int // portals exported
}

// sideCounts are the map's hexsides that are walls, doors and windows.
func sideCounts(m *Map) (walls, doors, windows int) {
	for _, e := range m.Edges() {
		f, _ := m.EdgeAt(e)
		switch f.Kind {
		case "wall":
			walls++
		case "door":
			doors++
		case "window":
			windows++
		}
	}
	return walls, doors, windows
}

// TestRealFilesGiveTheirDoorsWindowsAndWalls: each real file of
// testdata/real (its source and licence in testdata/real/README.md)
// opens as the Judge would open it, with the walls, doors and windows
// its maker drew: a portal not closed is a window, touching portals stay
// as many as the file has, and exporting the map writes the file's
// portals again, doors and windows apart.
func TestRealFilesGiveTheirDoorsWindowsAndWalls(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		want       realCounts
	}{
		// Dungeondraft, format 0.3, 20×20 squares: three closed doors in
		// walls, a cave's objects, one light.
		{"dungeondraft 0.3, three doors", "oganm-test.dd2vtt",
			realCounts{walls: 203, doors: 7, windows: 0, doorPortals: 3, windowPortals: 0}},
		// Dungeondraft, format 0.3, a cropped export (map_origin 2,1) of
		// a room with a door and a window (a portal with closed: false)
		// in its west wall, two lights.
		{"dungeondraft 0.3 cropped, a door and a window", "uvtt2fgu-sampleMap.dd2vtt",
			realCounts{walls: 84, doors: 1, windows: 3, doorPortals: 1, windowPortals: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join("testdata", "real", tc.file)
			m, err := OpenMap(path)
			if err != nil {
				t.Fatalf("OpenMap(%s): %v", path, err)
			}
			var got realCounts
			got.walls, got.doors, got.windows = sideCounts(m)
			var buf bytes.Buffer
			if err := ExportUVTT(&buf, m, 16); err != nil {
				t.Fatalf("ExportUVTT(%s): %v", path, err)
			}
			var f uvFile
			if err := json.Unmarshal(buf.Bytes(), &f); err != nil {
				t.Fatalf("%s exported: %v", path, err)
			}
			for _, p := range f.Portals {
				if p.Closed {
					got.doorPortals++
				} else {
					got.windowPortals++
				}
			}
			if got != tc.want {
				t.Errorf("%s: got %+v, want %+v", path, got, tc.want)
			}
		})
	}
}
