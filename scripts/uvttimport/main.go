// Command uvttimport imports a map file the way the map editor and the
// console do (hexmap.OpenMap) with no window, and prints how long it took,
// what it made and the process's peak resident memory (VmHWM), so that an
// import's cost can be measured with /usr/bin/time -v as well:
//
//	go build -o /tmp/uvttimport ./scripts/uvttimport
//	/tmp/uvttimport -gen far /tmp/far.dd2vtt     # one wall ending at (1e9, 1e9)
//	/tmp/uvttimport -gen long /tmp/long.dd2vtt   # 19,999 long walls, 1.2 MB
//	/tmp/uvttimport -gen worst /tmp/worst.dd2vtt # the most work within the limits
//	/tmp/uvttimport -gen picture /tmp/pic.dd2vtt # the largest picture within them
//	/usr/bin/time -v /tmp/uvttimport /tmp/far.dd2vtt
//
//	/tmp/uvttimport -gen webp-alpha /tmp/alpha.webp  # a picture alone (96 MiB)
//	/tmp/uvttimport -gen webp-alpha -fill 71500000 /tmp/in.webp
//	/tmp/uvttimport -gen worst -picture /tmp/in.webp /tmp/w.dd2vtt # with the worst walls
//
// -gen writes a test file instead of importing: "far" is a 30×20-square
// Dungeondraft-style map with a few rooms' walls and one wall running from
// inside it to (1e9, 1e9); "long" is a 40×30-square map with 19,999 walls,
// each from a point on the map to a point up to 5,000 squares away;
// "worst" is the most work with walls a file within the documented limits
// makes: the largest map (1024×886 squares, 1024×1023 hexes) with 200,000
// wall points, 20 walls of 10,000 points zigzagging about 10 squares to a
// side, a little under the squares of wall such a map may have
// (hexmap.MaxUVTTWallRunPerHex a hex); "picture" is a 30×30-square map
// with the largest picture within the limits, 8192×8192 pixels of 8-bit
// colour with alpha (hexmap.MaxBackgroundBytes decoded); -picture puts a
// picture file in any of them instead. The pictures (png, jpeg, jpeg-rgb,
// webp, webp-lossless, webp-alpha, webp-noise) are internal/testpics's
// (testpics.Named says what each is), -fill bytes
// long (96 MiB, the most a file may be, unless told; 71.5 MB leaves room
// in a UVTT file for the worst walls and the picture in base64), -side
// pixels a side if told.
//
// It is a measuring tool, not part of hexslinger; make test does not run it.
package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"flag"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"hexslinger/hexmap"
	"hexslinger/internal/testpics"
)

func main() {
	gen := flag.String("gen", "", `write a test file (far, long, worst, picture; a picture of internal/testpics: png, jpeg, jpeg-rgb, webp, webp-lossless, webp-alpha, webp-noise) to the path given, instead of importing it`)
	fill := flag.Int("fill", hexmap.MaxUVTTSize-1024, "the size of a picture -gen writes, in bytes, about")
	side := flag.Int("side", 0, "the pixels a side of a picture -gen writes, if not the largest the limits allow")
	pic := flag.String("picture", "", "with -gen far, long, worst or picture: the picture file to embed")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: uvttimport [-gen KIND [-fill BYTES] [-picture FILE]] FILE")
		os.Exit(2)
	}
	path := flag.Arg(0)
	if *gen != "" {
		var err error
		switch *gen {
		case "far", "long", "worst", "picture":
			err = write(*gen, *pic, path)
		default:
			var data []byte
			if data, err = testpics.Named(*gen, *fill, *side); err == nil {
				err = os.WriteFile(path, data, 0o644)
			}
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "uvttimport:", err)
			os.Exit(1)
		}
		return
	}
	start := time.Now()
	m, err := hexmap.OpenMap(path)
	took := time.Since(start)
	if err != nil {
		fmt.Printf("error after %v: %v\npeak RSS %s\n", took.Round(time.Millisecond), err, peak())
		os.Exit(1)
	}
	walls := 0
	for _, e := range m.Edges() {
		if f, _ := m.EdgeAt(e); f.Kind == "wall" {
			walls++
		}
	}
	fmt.Printf("imported %s in %v: %d×%d hexes, %d wall hexsides\npeak RSS %s\n", path, took.Round(time.Millisecond), m.Width, m.Height, walls, peak())
}

// peak is the process's peak resident memory, from /proc/self/status.
func peak() string {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:"))
		}
	}
	return "unknown"
}

// write writes the test file kind to path, with the picture in the file
// pic if it is not "".
func write(kind, pic, path string) error {
	var w, h float64
	var walls []string
	rng := rand.New(rand.NewPCG(34, 5))
	pt := func(x, y float64) string { return fmt.Sprintf(`{"x":%.3f,"y":%.3f}`, x, y) }
	switch kind {
	case "far":
		w, h = 30, 20
		// Four rooms' walls, as a dungeon has, and the one far wall.
		for _, r := range [][4]float64{{2, 2, 10, 8}, {12, 2, 26, 8}, {2, 11, 14, 18}, {17, 11, 28, 18}} {
			walls = append(walls, "["+pt(r[0], r[1])+","+pt(r[2], r[1])+","+pt(r[2], r[3])+","+pt(r[0], r[3])+","+pt(r[0], r[1])+"]")
		}
		walls = append(walls, "["+pt(15, 10)+`,{"x":1e9,"y":1e9}]`)
	case "long":
		w, h = 40, 30
		for range 19999 {
			x, y := rng.Float64()*w, rng.Float64()*h
			walls = append(walls, "["+pt(x, y)+","+pt(x+(rng.Float64()*2-1)*5000, y+(rng.Float64()*2-1)*5000)+"]")
		}
	case "worst":
		w, h = hexmap.MaxSide, 886
		for i := range 20 {
			var line []string
			x0 := 10 + 50*float64(i)
			zigzag := 0.97 * hexmap.MaxUVTTWallRunPerHex * hexmap.MaxSide * 1023 / hexmap.MaxUVTTPoints
			for k := range hexmap.MaxUVTTPolyline {
				line = append(line, pt(x0+zigzag*float64(k%2), h*float64(k)/hexmap.MaxUVTTPolyline))
			}
			walls = append(walls, "["+strings.Join(line, ",")+"]")
		}
	case "picture":
		w, h = 30, 30
	default:
		return fmt.Errorf("-gen %q: want far, long, worst or picture", kind)
	}
	ppg := 10
	var picture []byte
	switch {
	case pic != "":
		var err error
		if picture, err = os.ReadFile(pic); err != nil {
			return err
		}
	case kind == "picture":
		ppg = hexmap.MaxBackgroundSide / int(w)
		var err error
		if picture, err = testpics.Named("png", 0, 0); err != nil {
			return err
		}
	default:
		var b bytes.Buffer
		if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, min(400, int(w)*ppg), min(400, int(h)*ppg)))); err != nil {
			return err
		}
		picture = b.Bytes()
	}
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(fh)
	fmt.Fprintf(bw, `{"format":0.3,"resolution":{"map_origin":{"x":0,"y":0},"map_size":{"x":%g,"y":%g},"pixels_per_grid":%d},`, w, h, ppg)
	fmt.Fprintf(bw, `"line_of_sight":[%s],"portals":[],"lights":[],"image":"%s"}`, strings.Join(walls, ","), base64.StdEncoding.EncodeToString(picture))
	if err := bw.Flush(); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}
