package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
)

func TestICO(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 100, 100))
	for i := range src.Pix {
		src.Pix[i] = 0xff
	}
	src.Set(0, 0, color.NRGBA{R: 255, A: 255})
	data, err := ICO(src, []int{256, 32, 16})
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	if got := [3]uint16{le.Uint16(data), le.Uint16(data[2:]), le.Uint16(data[4:])}; got != [3]uint16{0, 1, 3} {
		t.Fatalf("ICONDIR = %v, want [0 1 3]", got)
	}
	for i, want := range []int{256, 32, 16} {
		e := data[6+16*i:]
		w := int(e[0])
		if w == 0 {
			w = 256
		}
		size, off := le.Uint32(e[8:]), le.Uint32(e[12:])
		if w != want || int(e[1]) != int(e[0]) || le.Uint16(e[6:]) != 32 {
			t.Errorf("entry %d: width %d height byte %d bits %d, want %d square at 32 bits", i, w, e[1], le.Uint16(e[6:]), want)
		}
		img, err := png.Decode(bytes.NewReader(data[off : off+size]))
		if err != nil {
			t.Fatalf("entry %d: image at %d (+%d): %v", i, off, size, err)
		}
		if b := img.Bounds(); b.Dx() != want || b.Dy() != want {
			t.Errorf("entry %d: image %v, want %d×%d", i, b, want, want)
		}
	}
	for _, bad := range [][]int{nil, {0}, {257}} {
		if _, err := ICO(src, bad); err == nil {
			t.Errorf("ICO(sizes %v) = nil error, want one", bad)
		}
	}
}

func TestRC(t *testing.T) {
	for _, tc := range []struct {
		name, version string
		build         int
		want, err     string
	}{
		{"three numbers", "0.1.0", 7, "FILEVERSION 0,1,0,7", ""},
		{"two numbers", "2.3", 1, "FILEVERSION 2,3,0,1", ""},
		{"four numbers", "1.2.3.4", 1, "", "more than three"},
		{"a word", "1.beta", 1, "", `"beta" is not a number`},
		{"too big", "70000.0.0", 1, "", "is not a number from 0 to 65535"},
		{"build too big", "1.0.0", 70000, "", "Build 70000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rc, err := RC(App{Name: "hexslinger", Version: tc.version, Build: tc.build}, "hexslinger.exe", `the "Judge's" console`, "x.ico")
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("RC(version %q, build %d) error = %v, want one saying %q", tc.version, tc.build, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{tc.want, `1 ICON "x.ico"`, `VALUE "FileDescription", "the ""Judge's"" console"`, `VALUE "ProductVersion", "` + tc.version + `"`} {
				if !strings.Contains(rc, want) {
					t.Errorf("RC(version %q) lacks %q:\n%s", tc.version, want, rc)
				}
			}
		})
	}
}
