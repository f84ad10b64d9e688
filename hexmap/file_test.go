package hexmap

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

const smallMap = `{
  "format": "hexslinger/map", "version": 1, "name": "Yard",
  "orientation": "pointy", "width": 4, "height": 3, "scale": 1,
  "legend": {".": "dirt", "=": "boardwalk"},
  "terrain": ["....", "..==", ".. ="],
  "elevation": [{"at": "D2", "level": 1}],
  "edges": [{"at": "B2", "side": "E", "kind": "wall", "armor": 4}, {"at": "A1", "side": "SE", "kind": "door", "open": true}],
  "features": [{"at": "A3", "kind": "barrel"}],
  "labels": [{"at": "C1", "text": "Gate"}]
}`

func TestDecodeSmallMap(t *testing.T) {
	m, err := Decode(strings.NewReader(smallMap))
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := m.ParseHex("B2")
	if f, ok := m.EdgeFeature(b2, 0); !ok || f.Kind != "wall" || f.Armor != 4 || f.Height != Full {
		t.Errorf("wall on B2 E: %+v %v", f, ok)
	}
	// The same hexside seen from the other hex.
	if f, ok := m.EdgeFeature(b2.Neighbor(0), 3); !ok || f.Kind != "wall" {
		t.Errorf("wall seen from the east: %+v %v", f, ok)
	}
	c3, _ := m.ParseHex("C3")
	if m.Contains(c3) {
		t.Errorf("C3 is a space in the terrain and should be off the map")
	}
	d2, _ := m.ParseHex("D2")
	if m.Elevation(d2) != 1 {
		t.Errorf("D2 elevation %d, want 1", m.Elevation(d2))
	}
	a3, _ := m.ParseHex("A3")
	if f, _ := m.Feature(a3); f.Kind != "barrel" || f.Armor != 3 || f.Height != Waist {
		t.Errorf("barrel defaults: %+v", f)
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	m, err := Decode(strings.NewReader(smallMap))
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := m.ParseHex("B2")
	w, _ := m.EdgeFeature(b2, 0)
	w.Armor = 2 // ablated
	m.SetEdge(b2, 0, w)
	// A wall on the map's west rim, whose canonical hex is off the map.
	a1, _ := m.ParseHex("A1")
	wall, _ := NewFeature("wall")
	m.SetEdge(a1, 3, wall)
	path := filepath.Join(t.TempDir(), "yard.hexmap.json")
	if err := Save(path, m); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Equal(m) {
		t.Errorf("save then load differs:\n got %+v\nwant %+v", got, m)
	}
}

func TestDecodeErrorsNameTheField(t *testing.T) {
	tests := []struct {
		name, from, to, want string
	}{
		{"wrong format", `"hexslinger/map"`, `"other"`, "format"},
		{"future version", `"version": 1`, `"version": 9`, "version"},
		{"unknown terrain", `"=": "boardwalk"`, `"=": "lava"`, "legend.="},
		{"short row", `"..=="`, `"..="`, "terrain[1]"},
		{"symbol not in legend", `"....",`, `"..x.",`, "terrain[0]"},
		{"bad side", `"side": "E"`, `"side": "N"`, "edges[0].side"},
		{"hex feature on an edge", `"kind": "wall"`, `"kind": "barrel"`, "edges[0]"},
		{"outside", `"at": "A3"`, `"at": "Q9"`, "features[0].at"},
		{"armor out of range", `"armor": 4`, `"armor": 99`, "edges[0].armor"},
		{"edge outside", `"at": "A1", "side": "SE"`, `"at": "Q9", "side": "SE"`, "edges[1].at"},
		{"edge of no hex", `"at": "A1", "side": "SE"`, `"at": "1A", "side": "SE"`, "edges[1].at"},
		{"edge of an unknown kind", `"kind": "door"`, `"kind": "portcullis"`, "edges[1].kind"},
		{"door that cannot open", `"kind": "door", "open": true`, `"kind": "wall", "open": true`, "edges[1].open"},
		{"symbol past ASCII not in legend", `"....",`, `"..é.",`, "terrain[0]"},
		{"string for a number", `"width": 4`, `"width": "4"`, "width"},
		{"huge", `"width": 4`, `"width": 400000`, "width"},
		{"bad json", `"name": "Yard",`, `"name": "Yard"`, "line 3"},
		{"unknown field", `"scale": 1,`, `"scale": 1, "colour": 2,`, "unknown field"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := strings.Replace(smallMap, tc.from, tc.to, 1)
			if in == smallMap {
				t.Fatalf("test case did not change the input")
			}
			_, err := Decode(strings.NewReader(in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one naming %q", err, tc.want)
			}
		})
	}
}

func TestLoadNamesTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.hexmap.json")
	os.WriteFile(path, []byte(`{"format": "hexslinger/map", "version": 9}`), 0o644)
	_, err := Load(path)
	var fe *FieldError
	if err == nil || !strings.Contains(err.Error(), path) || !errors.As(err, &fe) || fe.Field != "version" {
		t.Errorf("got %v, want an error naming %s and field version", err, path)
	}
}

func TestSaveIsAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.hexmap.json")
	m, _ := New("a", Pointy, 3, 3, "dirt")
	if err := Save(path, m); err != nil {
		t.Fatal(err)
	}
	// A save into a missing folder fails and leaves nothing behind.
	if err := Save(filepath.Join(dir, "missing", "m.hexmap.json"), m); err == nil {
		t.Errorf("save into a missing folder succeeded")
	}
	// Windows has no Unix modes: a file is read-only or not, and Go reports
	// rw-rw-rw- for every writable file, so the check is Unix's alone.
	if st, _ := os.Stat(path); runtime.GOOS != "windows" && st.Mode().Perm() != 0o644 {
		t.Errorf("a saved map is %v, want rw-r--r--", st.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("folder holds %d entries after saves, want 1 (no temp files)", len(entries))
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(smallMap))
	f.Add([]byte(`{"format":"hexslinger/map","version":1,"width":1,"height":1,"legend":{"a":"dirt"},"terrain":["a"]}`))
	f.Add([]byte(`{}`))
	f.Add([]byte(smallMapV2))
	f.Add([]byte(`{"format":"hexslinger/map","version":2,"orientation":"flat","width":2,"height":2,"legend":{"d":"dirt"},"terrain":["2d","2d"],"edges":[{"at":"A1","side":"N","kind":"door","secret":true}]}`))
	f.Add([]byte(`{"format":"hexslinger/map","version":2,"width":3,"height":1,"legend":{"a":"dirt","b":"rock"},"terrain":["2ab"],"levels":["2*-3 7"]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(bytes.NewReader(data))
		if err != nil {
			if m != nil {
				t.Fatalf("map returned with error %v", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := Encode(&buf, m); err != nil {
			t.Fatalf("encode of a decoded map: %v", err)
		}
		saved := buf.String()
		back, err := Decode(&buf)
		if err != nil {
			t.Fatalf("a saved map does not load: %v\n%s", err, saved)
		}
		if !back.Equal(m) {
			t.Fatalf("a saved map loads as another map:\n%s", saved)
		}
		if !strings.Contains(saved, `"version": 2`) {
			t.Fatalf("a map is saved as another version than 2:\n%s", saved)
		}
		// The players' form of the map names no secret door, and loads.
		told := m.File().ForPlayers()
		edges, _ := json.Marshal(told.Edges)
		if strings.Contains(string(edges), `"secret"`) {
			t.Fatalf("the players' form of a map holds a secret door:\n%s", edges)
		}
		if _, err := told.Map(); err != nil {
			t.Fatalf("the players' form of a loaded map does not load: %v\n%s", err, saved)
		}
	})
}

// BenchmarkSave256 and BenchmarkLoad256: a 256×256 map of mixed terrain to
// and from its file. Target: ≤ 100 ms each.
func BenchmarkSave256(b *testing.B) {
	m := Sample(256, 256, 1)
	path := filepath.Join(b.TempDir(), "big.hexmap.json")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := Save(path, m); err != nil {
			b.Fatal(err)
		}
	}
	st, _ := os.Stat(path)
	b.ReportMetric(float64(st.Size())/1e6, "MB")
}

func BenchmarkLoad256(b *testing.B) {
	m := Sample(256, 256, 1)
	path := filepath.Join(b.TempDir(), "big.hexmap.json")
	if err := Save(path, m); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		got, err := Load(path)
		if err != nil {
			b.Fatal(err)
		}
		if i == 0 && !got.Equal(m) {
			b.Fatal("the loaded map differs")
		}
	}
}

// TestDecodeJSON: the one reader of hexslinger's JSON files refuses a
// file too large, one cut short, a misspelt field (unless loose), a wrong
// type and anything after the document, each with the line, field or
// size named.
func TestDecodeJSON(t *testing.T) {
	type doc struct {
		Name string `json:"name"`
		N    int    `json:"n"`
	}
	strict := JSONFile{Kind: "test", MaxSize: 64}
	for _, tc := range []struct {
		name string
		in   string
		k    JSONFile
		want string // "" to decode
	}{
		{"good", `{"name":"a","n":1}`, strict, ""},
		{"too large", `{"name":"` + strings.Repeat("a", 80) + `"}`, strict, "larger than the 64 bytes a test file may be"},
		{"cut short", "{\n\"name\":\"a\",", strict, "line 2: bad JSON: the file ends inside"},
		{"bad syntax", "{\n\"name\" 1}", strict, "line 2: bad JSON"},
		{"a misspelt field", `{"nmae":"a"}`, strict, `unknown field "nmae"`},
		{"a misspelt field, loose", `{"nmae":"a"}`, JSONFile{Kind: "test", MaxSize: 64, Loose: true}, ""},
		{"a wrong type", `{"n":"one"}`, strict, "n: want a number, got a JSON string"},
		{"more after it", `{"n":1} {"n":2}`, strict, "more after the closing brace (one test to a file)"},
		{"empty", ``, strict, "empty file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d doc
			_, err := DecodeJSON(strings.NewReader(tc.in), tc.k, &d)
			if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}
