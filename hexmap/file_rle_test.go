package hexmap

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// smallMapV2 is smallMap as version 2 writes it: terrain rows and levels
// run-length encoded.
const smallMapV2 = `{
  "format": "hexslinger/map", "version": 2, "name": "Yard",
  "orientation": "pointy", "width": 4, "height": 3, "scale": 1,
  "legend": {".": "dirt", "=": "boardwalk"},
  "terrain": ["4.", "2.2=", "2. ="],
  "levels": ["4*0", "3*0 1", "4*0"],
  "edges": [{"at": "B2", "side": "E", "kind": "wall", "armor": 4}, {"at": "A1", "side": "SE", "kind": "door", "open": true}],
  "features": [{"at": "A3", "kind": "barrel"}],
  "labels": [{"at": "C1", "text": "Gate"}]
}`

// A map is written as version 2: each terrain row and each row of levels
// run-length encoded, one feature an line; it reads back as the same map
// as version 1's file of it, which still opens.
func TestAMapFileIsRunLengthAndVersion1StillOpens(t *testing.T) {
	v1, err := Decode(strings.NewReader(smallMap))
	if err != nil {
		t.Fatalf("version 1: %v", err)
	}
	v2, err := Decode(strings.NewReader(smallMapV2))
	if err != nil {
		t.Fatalf("version 2: %v", err)
	}
	if !v1.Equal(v2) {
		t.Errorf("the version 2 file reads as another map than the version 1 file")
	}
	var buf bytes.Buffer
	if err := Encode(&buf, v1); err != nil {
		t.Fatal(err)
	}
	var f File
	if err := json.Unmarshal(buf.Bytes(), &f); err != nil {
		t.Fatalf("the written file is not JSON: %v\n%s", err, buf.String())
	}
	if f.Version != 2 || strings.Join(f.Terrain, "|") != "4d|2d2b|2d b" || strings.Join(f.Levels, "|") != "4*0|3*0 1|4*0" || len(f.Elevation) != 0 {
		t.Errorf("written: version %d, terrain %q, levels %q, elevation %v; want 2, [4d 2d2b 2d b], [4*0 3*0 1 4*0], none", f.Version, f.Terrain, f.Levels, f.Elevation)
	}
	if !strings.Contains(buf.String(), "\n    {\"at\":\"B2\",\"side\":\"E\",\"kind\":\"wall\",\"armor\":4}\n") {
		t.Errorf("an edge is not one line of its own:\n%s", buf.String())
	}
	if back, err := Decode(&buf); err != nil || !back.Equal(v1) {
		t.Errorf("the written file reads back as another map (error %v)", err)
	}
}

// A version 2 row's runs are checked: a count of 0, one with a leading
// zero, runs past the width or short of it, a count with nothing after it,
// a digit as a legend symbol, a level out of range: each refused with an
// error naming the row.
func TestBadRunsAreRefusedNamingTheRow(t *testing.T) {
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"a count of 0", `"2.2="`, `"2.0=2="`, "terrain[1]"},
		{"a leading zero", `"2.2="`, `"02.2="`, "terrain[1]"},
		{"past the width", `"2.2="`, `"2.3="`, "terrain[1]"},
		{"short of the width", `"2.2="`, `"2.1="`, "terrain[1]"},
		{"a huge count", `"2.2="`, `"99999999999999999999999."`, "terrain[1]"},
		{"a count with no symbol", `"2. ="`, `"2. =1"`, "terrain[2]"},
		{"a symbol not in the legend", `"2.2="`, `"2.2x"`, "terrain[1]"},
		{"a digit symbol", `".": "dirt"`, `"7": "dirt"`, "legend"},
		{"levels past the width", `"3*0 1"`, `"3*0 2*1"`, "levels[1]"},
		{"levels short", `"3*0 1"`, `"3*0"`, "levels[1]"},
		{"a level count of 0", `"3*0 1"`, `"3*0 0*2 1"`, "levels[1]"},
		{"a level out of range", `"3*0 1"`, `"3*0 5000"`, "levels[1]"},
		{"a level not a number", `"3*0 1"`, `"3*0 x"`, "levels[1]"},
		{"a level with two stars", `"3*0 1"`, `"3*0*1 1"`, "levels[1]"},
		{"too few level rows", `"levels": ["4*0", "3*0 1", "4*0"]`, `"levels": ["4*0"]`, "levels"},
		{"levels in version 1", `"version": 2`, `"version": 1`, "terrain[0]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := strings.Replace(smallMapV2, tc.from, tc.to, 1)
			if in == smallMapV2 {
				t.Fatalf("test case did not change the input")
			}
			_, err := Decode(strings.NewReader(in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: error %v, want one naming %q", tc.to, err, tc.want)
			}
		})
	}
}

// FuzzRuns reads any row as version 2 terrain runs and as levels: what
// reads has at most width columns (terrain) or exactly width (levels),
// no digit among its symbols, and written again as runs reads back the
// same.
func FuzzRuns(f *testing.F) {
	f.Add("3.2=", "3*0 1", uint8(5))
	f.Add("0.", "0*1", uint8(1))
	f.Add("99999999999999999999a", "2*-1000 1000", uint8(3))
	f.Fuzz(func(t *testing.T, row, levels string, w uint8) {
		width := int(w)
		if out, err := unrunRow([]rune(row), width); err == nil {
			if len(out) > width || slices.ContainsFunc(out, isDigit) {
				t.Fatalf("%q read as %q: more than %d columns or a digit", row, string(out), width)
			}
			var b strings.Builder
			runRow(&b, out)
			if back, err := unrunRow([]rune(b.String()), width); err != nil || string(back) != string(out) {
				t.Fatalf("%q read as %q, written as %q, read back as %q (%v)", row, string(out), b.String(), string(back), err)
			}
		}
		lv := make([]int16, width)
		if err := unrunLevels(levels, lv); err == nil {
			var b strings.Builder
			runLevels(&b, lv)
			back := make([]int16, width)
			if err := unrunLevels(b.String(), back); err != nil || !slices.Equal(back, lv) {
				t.Fatalf("%q read as %v, written as %q, read back as %v (%v)", levels, lv, b.String(), back, err)
			}
		}
	})
}
