package hexmap

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"hexslinger/internal/testpics"
)

// pngChunk appends a PNG chunk.
func pngChunk(b []byte, kind string, data []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	at := len(b)
	b = append(b, kind...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[at:]))
}

// zeroPNG is a whole, valid w×h PNG of colour type ct (0 grey, 2 RGB, 3
// palette, 4 grey and alpha, 6 RGBA) and bit depth depth, every pixel
// zero, written row by row (the picture is never in memory): a 16-bit
// one compresses a thousandfold. header makes only its header (IHDR,
// tRNS when trns, PLTE for a palette), with no pixels.
func zeroPNG(tb testing.TB, w, h, depth, ct int, interlaced, trns, header bool) []byte {
	tb.Helper()
	b := []byte("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	il := byte(0)
	if interlaced {
		il = 1
	}
	b = pngChunk(b, "IHDR", append(ihdr, byte(depth), byte(ct), 0, 0, il))
	if ct == 3 {
		b = pngChunk(b, "PLTE", make([]byte, 3*4))
	}
	if trns {
		n := map[int]int{0: 2, 2: 6, 3: 4}[ct]
		b = pngChunk(b, "tRNS", make([]byte, n))
	}
	if !header {
		if interlaced {
			tb.Fatal("zeroPNG writes pixels only of pictures not interlaced")
		}
		channels := map[int]int{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ct]
		row := make([]byte, 1+(w*channels*depth+7)/8) // filter 0, zeros
		var z bytes.Buffer
		zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
		for range h {
			zw.Write(row)
		}
		zw.Close()
		b = pngChunk(b, "IDAT", z.Bytes())
	}
	return pngChunk(b, "IEND", nil)
}

// jpegHeader is a JPEG's header alone (SOI, a frame header, the start of
// a scan, EOI): w×h pixels of components sampled as hv says (each
// H<<4|V), baseline or progressive.
func jpegHeader(w, h int, progressive bool, hv ...byte) []byte {
	sof := byte(0xc0)
	if progressive {
		sof = 0xc2
	}
	b := []byte{0xff, 0xd8, 0xff, sof}
	b = binary.BigEndian.AppendUint16(b, uint16(8+3*len(hv)))
	b = append(b, 8)
	b = binary.BigEndian.AppendUint16(b, uint16(h))
	b = binary.BigEndian.AppendUint16(b, uint16(w))
	b = append(b, byte(len(hv)))
	for i, s := range hv {
		b = append(b, byte(i+1), s, 0)
	}
	b = append(b, 0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0)
	return append(b, 0xff, 0xd9)
}

// deepPNG is a 326 KB 16-bit RGBA PNG of 8192×4100 pixels, within the
// pixel limit, that decodes to 256.25 MiB.
var deepPNG = sync.OnceValue(func() []byte { return zeroPNG(&testing.T{}, 8192, 4100, 16, 6, false, false, false) })

// TestPictureLimitCountsDecodedBytes: a picture is refused, from its
// header and before it is decoded, when decoding it would take more than
// MaxBackgroundBytes, whatever its pixels: a small 16-bit PNG within the
// pixel limit decoded to 517 MB.
func TestPictureLimitCountsDecodedBytes(t *testing.T) {
	tests := []struct {
		name string
		pic  []byte
		want string // in the error
	}{
		{"a complete 16-bit RGBA PNG of 8192×4100", deepPNG(), "8192×4100 pixels, 256.2 MiB decoded"},
		{"a 16-bit grey PNG with a transparent grey (decoded as 16-bit RGBA)", zeroPNG(t, 8192, 4100, 16, 0, false, true, true), "8192×4100 pixels, 256.2 MiB decoded"},
		{"an interlaced 8-bit RGBA PNG of 8192×8192", zeroPNG(t, 8192, 8192, 8, 6, true, false, true), "8192×8192 pixels, 384.0 MiB decoded"},
		{"a CMYK JPEG of 8192×8192", jpegHeader(8192, 8192, false, 0x11, 0x11, 0x11, 0x11), "8192×8192 pixels, 512.0 MiB decoded"},
		{"a progressive JPEG of 8192×8192", jpegHeader(8192, 8192, true, 0x22, 0x11, 0x11), "8192×8192 pixels, 480.0 MiB decoded"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			w, h, err := CheckBackground(tc.pic)
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "at most 256 MiB") {
				t.Errorf("CheckBackground(%d bytes) = %d×%d, %v; want an error with %q and the limit", len(tc.pic), w, h, err, tc.want)
			}
			if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
				t.Errorf("checking it allocated %d MiB: decoded, not refused from its header", got>>20)
			}
		})
	}
	t.Run("in a UVTT file", func(t *testing.T) {
		doc := fmt.Sprintf(`{"format": 0.3, "resolution": {"map_size": {"x": 5, "y": 5}, "pixels_per_grid": 70}, "image": %q}`,
			base64.StdEncoding.EncodeToString(deepPNG()))
		_, err := ImportUVTT(strings.NewReader(doc), "deep")
		if err == nil || !strings.Contains(err.Error(), "image: is 8192×4100 pixels, 256.2 MiB decoded") {
			t.Errorf("got %v, want the image refused for its decoded size", err)
		}
	})
}

// pixelBytes is the memory of a decoded picture's pixels.
func pixelBytes(tb testing.TB, img image.Image) int64 {
	tb.Helper()
	switch p := img.(type) {
	case *image.Gray:
		return int64(len(p.Pix))
	case *image.Gray16:
		return int64(len(p.Pix))
	case *image.RGBA:
		return int64(len(p.Pix))
	case *image.NRGBA:
		return int64(len(p.Pix))
	case *image.RGBA64:
		return int64(len(p.Pix))
	case *image.NRGBA64:
		return int64(len(p.Pix))
	case *image.CMYK:
		return int64(len(p.Pix))
	case *image.Paletted:
		return int64(len(p.Pix))
	case *image.YCbCr:
		return int64(len(p.Y) + len(p.Cb) + len(p.Cr))
	case *image.NYCbCrA:
		return int64(len(p.Y) + len(p.Cb) + len(p.Cr) + len(p.A))
	}
	tb.Fatalf("a picture decoded as %T", img)
	return 0
}

// samplePictures are small pictures of every kind a decoder makes: PNGs
// and JPEGs made here, the WebP files of testdata/pictures, and Go's own
// test pictures where Go's source is installed: JPEGs (progressive, CMYK,
// odd samplings) and the PNG suite (every colour type and depth,
// interlaced, with transparency).
func samplePictures(tb testing.TB) map[string][]byte {
	tb.Helper()
	out := map[string][]byte{}
	enc := func(name string, img image.Image, jpg bool) {
		var b bytes.Buffer
		var err error
		if jpg {
			err = jpeg.Encode(&b, img, &jpeg.Options{Quality: 50})
		} else {
			err = png.Encode(&b, img)
		}
		if err != nil {
			tb.Fatal(err)
		}
		out[name] = b.Bytes()
	}
	r := image.Rect(0, 0, 37, 21)
	enc("grey.png", image.NewGray(r), false)
	enc("grey16.png", image.NewGray16(r), false)
	enc("rgba.png", image.NewRGBA(r), false)
	enc("nrgba.png", image.NewNRGBA(r), false)
	enc("rgba64.png", image.NewRGBA64(r), false)
	enc("paletted.png", image.NewPaletted(r, color.Palette{color.Black, color.White}), false)
	enc("grey.jpeg", image.NewGray(r), true)
	enc("420.jpeg", image.NewRGBA(r), true)
	out["grey-trns.png"] = zeroPNG(tb, 37, 21, 8, 0, false, true, false)
	out["rgb16-trns.png"] = zeroPNG(tb, 37, 21, 16, 2, false, true, false)
	src := filepath.Join(runtime.GOROOT(), "src", "image")
	for _, glob := range []string{filepath.Join("testdata", "pictures", "*.webp"), filepath.Join(src, "testdata", "*.jpeg"),
		filepath.Join(src, "png", "testdata", "pngsuite", "*.png")} {
		names, _ := filepath.Glob(glob)
		for _, n := range names {
			data, err := os.ReadFile(n)
			if err != nil {
				continue
			}
			if _, _, err := image.Decode(bytes.NewReader(data)); err == nil { // not the damaged ones
				out[filepath.Base(n)] = data
			}
		}
	}
	return out
}

// TestDecodedBytesCoversTheDecoder: what DecodedBytes reads from a
// picture's header is at least the memory of the pixels its decoder
// makes, and not more than what the decoder holds beside them.
func TestDecodedBytesCoversTheDecoder(t *testing.T) {
	for name, data := range samplePictures(t) {
		t.Run(name, func(t *testing.T) {
			got, err := DecodedBytes(data)
			if err != nil {
				t.Fatal(err)
			}
			img, _, err := image.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			pix := pixelBytes(t, img)
			if got < pix || got > 8*pix+64*1024 {
				t.Errorf("DecodedBytes = %d for a %v picture decoded as %T of %d bytes: want from %d to 8 times that", got, img.Bounds().Size(), img, pix, pix)
			}
		})
	}
}

// FuzzCheckBackground: a picture CheckBackground accepts decodes to no
// more memory than DecodedBytes says, within MaxBackgroundBytes (a JPEG's
// or WebP's decoder allocates no more in all); and it decodes, unless the
// damage is where the check does not look (a JPEG's entropy-coded data, a
// lossy WebP's macroblocks).
func FuzzCheckBackground(f *testing.F) {
	for _, data := range samplePictures(f) {
		f.Add(data)
	}
	f.Add(zeroPNG(f, 3, 2, 16, 6, true, false, true))
	f.Add(jpegHeader(64, 64, true, 0x22, 0x11, 0x11))
	f.Fuzz(func(t *testing.T, data []byte) {
		w, h, err := CheckBackground(data)
		if err != nil {
			return
		}
		n, err := DecodedBytes(data)
		if err != nil || n > MaxBackgroundBytes {
			t.Fatalf("a %d×%d picture accepted: DecodedBytes %d, %v; the limit is %d", w, h, n, err, MaxBackgroundBytes)
		}
		if w*h > 1<<20 {
			return // too big to decode here
		}
		_, format, _ := image.DecodeConfig(bytes.NewReader(data))
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		img, _, err := image.Decode(bytes.NewReader(data))
		runtime.ReadMemStats(&after)
		if format != "png" && int64(after.TotalAlloc-before.TotalAlloc) > n+64<<10 {
			t.Fatalf("a %d×%d %s decoding allocated %d bytes; DecodedBytes said %d", w, h, format, after.TotalAlloc-before.TotalAlloc, n)
		}
		switch {
		case err == nil:
		case format == "jpeg" && entropyError(err), format == "webp" && errors.Is(err, io.ErrUnexpectedEOF) && lossy(data):
			return
		default:
			t.Fatalf("accepted, then does not decode: %v", err)
		}
		if pix := pixelBytes(t, img); pix > n {
			t.Fatalf("a %d×%d picture decoded as %T of %d bytes; DecodedBytes said %d", w, h, img, pix, n)
		}
	})
}

// TestCheckingAPictureMakesNoPixels: CheckBackground reads a picture
// whole, to be sure it is not damaged, without making its pixels: checking
// the largest PNG within the limits took its 256 MiB once more at every
// import, and a JPEG or WebP was decoded whole (the largest JPEG: 2.5 s;
// a WebP's Huffman trees: 650 MB).
func TestCheckingAPictureMakesNoPixels(t *testing.T) {
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, image.NewGray(image.Rect(0, 0, 4096, 4096)), nil); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	lossy, err := testpics.Lossy(rng, 4096, 4096, nil, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		pic  []byte
		most int64 // MiB: a lossless WebP's walk holds its Huffman codes (the decoder, 218 MB of them)
	}{
		{"4096×4096 RGBA PNG (64 MiB decoded)", zeroPNG(t, 4096, 4096, 8, 6, false, false, false), 2},
		{"8192×2048 16-bit grey PNG (32 MiB decoded)", zeroPNG(t, 8192, 2048, 16, 0, false, false, false), 2},
		{"4096×4096 grey JPEG (16 MiB decoded)", jpg.Bytes(), 2},
		{"4096×4096 lossy WebP (25 MiB decoded, 1 MiB copied)", lossy, 2},
		{"2048×2048 lossless WebP of 2,600 groups of Huffman trees (224 MiB decoded)", testpics.Lossless(2048, 0), 32},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			w, h, err := CheckBackground(tc.pic)
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			if got := after.TotalAlloc - before.TotalAlloc; got > uint64(tc.most)<<20 {
				t.Errorf("checking a %d×%d picture allocated %.1f MiB, want at most %d: its pixels were made", w, h, float64(got)/(1<<20), tc.most)
			}
		})
	}
}

// damaged are a PNG cut short at several places and with a byte changed
// at several others.
func damaged(pic []byte) [][]byte {
	var out [][]byte
	for _, cut := range []int{8, 20, 33, len(pic) / 2, len(pic) - 13, len(pic) - 1} {
		if cut > 0 && cut < len(pic) {
			out = append(out, pic[:cut])
		}
	}
	for _, at := range []int{12, 29, 37, len(pic) / 3, len(pic) / 2, len(pic) - 20, len(pic) - 9} {
		if at > 0 && at < len(pic) {
			b := bytes.Clone(pic)
			b[at] ^= 0x55
			out = append(out, b)
		}
	}
	return out
}

// checkAgrees fails unless checkPNG and image/png's decoder agree on pic:
// both accept it, or both refuse it.
func checkAgrees(t *testing.T, pic []byte) {
	t.Helper()
	cfg, format, err := image.DecodeConfig(bytes.NewReader(pic))
	if err != nil || format != "png" || cfg.Width*cfg.Height > 1<<20 {
		return // not a PNG, or too big to decode here
	}
	_, _, decErr := image.Decode(bytes.NewReader(pic))
	if chkErr := checkPNG(nil, pic, 0, 1); (chkErr == nil) != (decErr == nil) {
		t.Errorf("a %d×%d PNG: checkPNG says %v, the decoder %v", cfg.Width, cfg.Height, chkErr, decErr)
	}
}

// TestCheckPNGAgreesWithTheDecoder: on the PNG suite (every colour type
// and depth, interlaced or not), and on each of them damaged, checkPNG
// accepts what image/png decodes and refuses what it does not.
func TestCheckPNGAgreesWithTheDecoder(t *testing.T) {
	for name, pic := range samplePictures(t) {
		if !strings.HasSuffix(name, ".png") {
			continue
		}
		t.Run(name, func(t *testing.T) {
			checkAgrees(t, pic)
			for _, d := range damaged(pic) {
				checkAgrees(t, d)
			}
		})
	}
}

// FuzzCheckPNG: checkPNG and image/png's decoder agree on every input.
func FuzzCheckPNG(f *testing.F) {
	for name, pic := range samplePictures(f) {
		if strings.HasSuffix(name, ".png") {
			f.Add(pic)
		}
	}
	f.Add(zeroPNG(f, 5, 3, 16, 6, false, true, false))
	f.Fuzz(func(t *testing.T, pic []byte) { checkAgrees(t, pic) })
}

// BenchmarkCheckBackgroundLargestPNG checks the largest PNG within the
// limits, 8192×8192 pixels of 8-bit colour with alpha (256 MiB decoded),
// as an import does: read whole, its pixels not made.
func BenchmarkCheckBackgroundLargestPNG(b *testing.B) {
	pic := zeroPNG(b, MaxBackgroundSide, MaxBackgroundSide, 8, 6, false, false, false)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := CheckBackground(pic); err != nil {
			b.Fatal(err)
		}
	}
}
