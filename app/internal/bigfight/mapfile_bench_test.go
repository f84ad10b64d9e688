package bigfight

import (
	"bytes"
	"fmt"
	"testing"

	"hexslinger/hexmap"
)

// BenchmarkMapFile writes (encode) and reads (decode: hexmap.Decode, every
// field checked) the map file of a generated n×n fight's map, as a Judge's
// save and load do; MB-file is the file's size.
func BenchmarkMapFile(b *testing.B) {
	for _, n := range Sizes {
		g, err := Generate(n, 4, 4)
		if err != nil {
			b.Fatal(err)
		}
		var buf bytes.Buffer
		if err := hexmap.Encode(&buf, g.Map); err != nil {
			b.Fatal(err)
		}
		size := float64(buf.Len()) / 1e6
		b.Run(fmt.Sprintf("encode/%dx%d", n, n), func(b *testing.B) {
			var out bytes.Buffer
			for b.Loop() {
				out.Reset()
				if err := hexmap.Encode(&out, g.Map); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(size, "MB-file")
		})
		b.Run(fmt.Sprintf("decode/%dx%d", n, n), func(b *testing.B) {
			for b.Loop() {
				m, err := hexmap.Decode(bytes.NewReader(buf.Bytes()))
				if err != nil {
					b.Fatal(err)
				}
				if m.Width != n {
					b.Fatalf("decoded a %d-wide map, want %d", m.Width, n)
				}
			}
			b.ReportMetric(size, "MB-file")
		})
	}
}
