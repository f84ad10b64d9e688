package hexmap

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sizedDoc is a UVTT file of a w×h-square grid with no picture.
func sizedDoc(w, h float64) string {
	return fmt.Sprintf(`{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": %g, "y": %g}, "pixels_per_grid": 10}}`, w, h)
}

// centresIn counts the rows of pointy hexes, one unit wide, whose centres
// lie within a height of h units from the top of the first row's box:
// what a map of h squares holds whole.
func centresIn(h float64) int {
	n := 0
	for y := hexSize; y <= h+1e-6; y += 1.5 * hexSize {
		n++
	}
	return n
}

// TestATallMapImportsWholeOrIsRefused: a grid of any height up to the
// rows a map may have imports with a row for every hex centre in it; a
// taller one is refused, the field and the limit named on one line. A
// map_size.y between 887.4 and 1,024 squares lost its bottom rows.
func TestATallMapImportsWholeOrIsRefused(t *testing.T) {
	tallest := hexSize * (1 + 1.5*MaxSide) // where a centre for a row more would lie
	tests := []struct {
		name   string
		w, h   float64
		refuse bool
	}{
		{"a tall narrow map", 3, 600, false},
		{"887 squares tall", 3, 887, false},
		{"as tall as a map may be", 3, math.Floor(tallest*100) / 100, false},
		{"the largest map", MaxSide, math.Floor(tallest*100) / 100, false},
		{"a hair taller than the rows allow", 3, math.Ceil(tallest*100) / 100, true},
		{"887.39 squares tall", 3, 887.39, true},
		{"900 squares tall", 3, 900, true},
		{"1,000 squares tall", 3, 1000, true},
		{"1,024 squares tall", 3, 1024, true},
		{"1,025 squares tall", 3, 1025, true},
		{"1,025 squares wide", 1025, 10, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ImportUVTT(strings.NewReader(sizedDoc(tc.w, tc.h)), "tall")
			if tc.refuse {
				if err == nil {
					t.Fatalf("%g×%g squares: imported as %d×%d hexes, want refused", tc.w, tc.h, m.Width, m.Height)
				}
				if msg := err.Error(); !strings.Contains(msg, "resolution.map_size") || !strings.Contains(msg, "887.38") || !strings.Contains(msg, "1024") || strings.Contains(msg, "\n") {
					t.Errorf("%g×%g squares: %q, want one line naming resolution.map_size and the limits 1024 wide, 887.38 tall", tc.w, tc.h, msg)
				}
				return
			}
			if err != nil {
				t.Fatalf("%g×%g squares: %v", tc.w, tc.h, err)
			}
			if want := centresIn(tc.h); m.Height != want || m.Width != int(tc.w) {
				t.Errorf("%g×%g squares: %d×%d hexes, want %d×%d (a row for every centre)", tc.w, tc.h, m.Width, m.Height, int(tc.w), want)
			}
		})
	}
}

// TestATallPictureMapsWholeOrIsRefused: a picture the grid laid on it
// would give more rows (or, flat, columns) than a map may have is
// refused, not cut.
func TestATallPictureMapsWholeOrIsRefused(t *testing.T) {
	pic := func(w, h int) []byte {
		var b bytes.Buffer
		png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h)))
		return b.Bytes()
	}
	tests := []struct {
		name   string
		w, h   int
		a      Alignment
		refuse bool
	}{
		{"pointy, 880 hexes tall", 16, 8 * 880, Alignment{Orientation: Pointy, PixelsPerHex: 8}, false},
		{"pointy, 900 hexes tall", 16, 8 * 900, Alignment{Orientation: Pointy, PixelsPerHex: 8}, true},
		{"flat, 880 hexes wide", 8 * 880, 16, Alignment{Orientation: Flat, PixelsPerHex: 8}, false},
		{"flat, 1,000 hexes wide", 8 * 1000, 16, Alignment{Orientation: Flat, PixelsPerHex: 8}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ImageMap("tall", pic(tc.w, tc.h), tc.a)
			if tc.refuse {
				if err == nil {
					t.Fatalf("%d×%d pixels at %g: a map of %d×%d hexes, want refused", tc.w, tc.h, tc.a.PixelsPerHex, m.Width, m.Height)
				}
				if !strings.Contains(err.Error(), "1024") {
					t.Errorf("%d×%d pixels: %q, want the limit named", tc.w, tc.h, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%d×%d pixels: %v", tc.w, tc.h, err)
			}
			long := m.Height
			span := float64(tc.h) / tc.a.PixelsPerHex
			if tc.a.Orientation == Flat {
				long, span = m.Width, float64(tc.w)/tc.a.PixelsPerHex
			}
			if want := centresIn(span); long != want {
				t.Errorf("%d×%d pixels: %d rows of hexes along the long side, want %d", tc.w, tc.h, long, want)
			}
		})
	}
}

// TestUVTTFormatsAsTheirWritersWriteThem: the format as converters and
// other tools write it (a version up to 1.x, a number in a string) is
// read; null is named as null; what no version can be is refused with
// the field named.
func TestUVTTFormatsAsTheirWritersWriteThem(t *testing.T) {
	rest := `"resolution": {"map_size": {"x": 5, "y": 5}, "pixels_per_grid": 70}`
	tests := []struct {
		name, format string
		want         string // in the error; "" reads
	}{
		{"Dungeondraft's 0.2", `0.2`, ""},
		{"0.3", `0.3`, ""},
		{"a converter's 1.0", `1.0`, ""},
		{"1", `1`, ""},
		{"1.5", `1.5`, ""},
		{"the string 0.3", `"0.3"`, ""},
		{"the string 1.0", `"1.0"`, ""},
		{"null", `null`, "format: is null"},
		{"0", `0`, "format: is 0"},
		{"a future major version", `2`, "format: is 2"},
		{"a future major version as a string", `"2.0"`, `format: is "2.0"`},
		{"a negative version", `-0.3`, "format: is -0.3"},
		{"a word", `"three"`, `format: is "three"`},
		{"an empty string", `""`, `format: is ""`},
		{"NaN in a string", `"NaN"`, `format: is "NaN"`},
		{"a hex float in a string", `"0x1p-2"`, `format: is "0x1p-2"`},
		{"true", `true`, "format: is true"},
		{"an object", `{}`, "format: is {}"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := `{"format": ` + tc.format + `, ` + rest + `}`
			m, err := ImportUVTT(strings.NewReader(doc), "x")
			if tc.want == "" {
				if err != nil || m == nil {
					t.Errorf("format %s: %v, want read", tc.format, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("format %s: got %v, want one line naming %q", tc.format, err, tc.want)
			}
		})
	}
}

// TestUVTTImportsWhatWritersWrite: a byte order mark before the JSON, and
// the picture as a data URL, read as the plain file does.
func TestUVTTImportsWhatWritersWrite(t *testing.T) {
	plain := uvttDoc(t, `[{"x": 4.1, "y": 0}, {"x": 4.1, "y": 6}]`, "")
	b64 := base64.StdEncoding.EncodeToString(tinyPNG(t, 80, 60))
	want, err := ImportUVTT(strings.NewReader(plain), "x")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, doc string }{
		{"a byte order mark", "\ufeff" + plain},
		{"a PNG data URL", strings.Replace(plain, b64, "data:image/png;base64,"+b64, 1)},
		{"a data URL its slashes escaped", strings.Replace(plain, b64, `data:image\/png;base64,`+b64, 1)},
		{"a data URL with its type in capitals", strings.Replace(plain, b64, "data:image/PNG;BASE64,"+b64, 1)},
		{"a byte order mark and a data URL", "\ufeff" + strings.Replace(plain, b64, "data:image/png;base64,"+b64, 1)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ImportUVTT(strings.NewReader(tc.doc), "x")
			if err != nil {
				t.Fatalf("%v", err)
			}
			if !m.Equal(want) {
				t.Errorf("read otherwise than the plain file")
			}
		})
	}
	bad := []struct{ name, doc, want string }{
		{"a data URL not in base64", strings.Replace(plain, b64, "data:image/png,abc", 1), "image: is a data URL"},
		{"a byte order mark twice", "\ufeff\ufeff" + plain, "bad JSON"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ImportUVTT(strings.NewReader(tc.doc), "x")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error naming %q", err, tc.want)
			}
		})
	}
}

// TestLightColoursAreInUVTTsOrder: UVTT writes a light's colour
// "aarrggbb"; export writes it so whatever form the map has it in, and
// import then gives the same map.
func TestLightColoursAreInUVTTsOrder(t *testing.T) {
	tests := []struct{ name, color, written string }{
		{"UVTT's own", "ffeccd8b", "ffeccd8b"},
		{"in capitals", "FFECCD8B", "ffeccd8b"},
		{"a web colour", "#eccd8b", "ffeccd8b"},
		{"half see-through", "80ff0000", "80ff0000"},
		{"none", "", ""},
		{"not a colour", "lamp", "lamp"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, _ := New("lit", Pointy, 4, 4, "floor")
			m.Lights = []Light{{At: Point{X: 1.25, Y: 1.5}, Range: 3, Intensity: 1, Color: tc.color}}
			var buf bytes.Buffer
			if err := ExportUVTT(&buf, m, 10); err != nil {
				t.Fatal(err)
			}
			var f struct {
				Lights []struct {
					Color string `json:"color"`
				} `json:"lights"`
			}
			if err := json.Unmarshal(buf.Bytes(), &f); err != nil || len(f.Lights) != 1 {
				t.Fatalf("export: %v, %d lights", err, len(f.Lights))
			}
			if f.Lights[0].Color != tc.written {
				t.Errorf("colour %q exported as %q, want %q", tc.color, f.Lights[0].Color, tc.written)
			}
			back, err := ImportUVTT(&buf, "lit")
			if err != nil {
				t.Fatal(err)
			}
			if !back.Equal(m) {
				t.Errorf("colour %q: import of the export is another map: lights %+v, want %+v", tc.color, back.Lights, m.Lights)
			}
		})
	}
}

// TestOpenMapNamesTheLimit: a file larger than its kind may be is
// refused, the limit named, whatever its kind.
func TestOpenMapNamesTheLimit(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		size int64
		want string
	}{
		{"big.hexmap.json", MaxFileSize + 1, "32 MiB"},
		{"big.dd2vtt", MaxUVTTSize + 1, "96 MiB"},
		{"big.png", MaxUVTTSize + 1, "96 MiB"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name)
			fh, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			fh.Truncate(tc.size) // sparse: no disk
			fh.Close()
			_, err = OpenMap(path)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("%s of %d bytes: %v, want an error naming the file and %s", tc.name, tc.size, err, tc.want)
			}
		})
	}
}

// TestALightsColourReadsAsUVTTWritesIt: "aarrggbb", alpha first, as
// Dungeondraft writes "ffeccd8b"; a web colour "#rrggbb" is opaque.
func TestALightsColourReadsAsUVTTWritesIt(t *testing.T) {
	tests := []struct {
		name, color string
		want        color.NRGBA
		ok          bool
	}{
		{"Dungeondraft's lamp", "ffeccd8b", color.NRGBA{0xec, 0xcd, 0x8b, 0xff}, true},
		{"half see-through red", "80ff0000", color.NRGBA{0xff, 0, 0, 0x80}, true},
		{"in capitals with a hash", "#FFECCD8B", color.NRGBA{0xec, 0xcd, 0x8b, 0xff}, true},
		{"a web colour", "#eccd8b", color.NRGBA{0xec, 0xcd, 0x8b, 0xff}, true},
		{"six digits", "eccd8b", color.NRGBA{0xec, 0xcd, 0x8b, 0xff}, true},
		{"none", "", color.NRGBA{}, false},
		{"a word", "lamplight", color.NRGBA{}, false},
		{"seven digits", "ffeccd8", color.NRGBA{}, false},
		{"not hex", "ffeccdzz", color.NRGBA{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := Light{Color: tc.color}.RGBA()
			if got != tc.want || ok != tc.ok {
				t.Errorf("colour %q: %v, %v; want %v, %v", tc.color, got, ok, tc.want, tc.ok)
			}
		})
	}
}
