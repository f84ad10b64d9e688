package hexmap

import (
	"bytes"
	"errors"
	"image"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/image/webp"

	"hexslinger/internal/testpics"
)

// webpPictures are WebPs of every kind: testdata's (lossy, lossy with
// alpha, lossless with transforms and a colour cache) and testpics's worst
// ones, small.
func webpPictures(tb testing.TB) map[string][]byte {
	tb.Helper()
	out := map[string][]byte{}
	for name, pic := range samplePictures(tb) {
		if strings.HasSuffix(name, ".webp") {
			out[name] = pic
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	lossy, err := testpics.Lossy(rng, 100, 60, nil, 200<<10)
	if err != nil {
		tb.Fatal(err)
	}
	out["noise.webp"] = lossy
	out["huffman-trees.webp"] = testpics.Lossless(300, 0)
	out["huffman-trees-small.webp"] = testpics.Lossless(40, 0)
	alpha, err := testpics.Lossy(rng, 120, 90, testpics.VP8L(120, 90, false), 100<<10)
	if err != nil {
		tb.Fatal(err)
	}
	out["alpha-huffman-trees.webp"] = alpha
	return out
}

// decodeAlloc decodes a WebP and says the bytes decoding allocated.
func decodeAlloc(pic []byte) (image.Image, uint64, error) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	img, err := webp.Decode(bytes.NewReader(pic))
	runtime.ReadMemStats(&after)
	return img, after.TotalAlloc - before.TotalAlloc, err
}

// webpSlack is what a decoder allocates beside what webpBytes counts:
// the readers and the decoder's own state.
const webpSlack = 16 << 10

// webpAgrees fails unless the walk holds to what x/image/webp's decoder
// does with pic: what checkWebP refuses the decoder refuses, what it
// accepts the decoder decodes unless a lossy picture's partitions run out,
// and the decoder allocates no more than webpBytes counts.
func webpAgrees(t *testing.T, pic []byte) {
	t.Helper()
	if cfg, err := webp.DecodeConfig(bytes.NewReader(pic)); err == nil && cfg.Width*cfg.Height > 1<<18 {
		return // too big to decode here, many times over
	}
	count := webpBytes(pic)
	_, alloc, decErr := decodeAlloc(pic)
	counted, chkErr := checkWebP(pic)
	if chkErr == nil && counted != count {
		t.Errorf("the check counted %d bytes, webpBytes %d", counted, count)
	}
	switch {
	case chkErr != nil && decErr == nil:
		t.Errorf("checkWebP refuses a %d-byte WebP the decoder decodes: %v", len(pic), chkErr)
	case chkErr == nil && decErr != nil && !(errors.Is(decErr, io.ErrUnexpectedEOF) && lossy(pic)):
		t.Errorf("checkWebP accepts a %d-byte WebP the decoder refuses: %v", len(pic), decErr)
	}
	if int64(alloc) > count+webpSlack {
		t.Errorf("decoding a %d-byte WebP (%v) allocated %d bytes; webpBytes counted %d", len(pic), decErr, alloc, count)
	}
}

// lossy reports whether a WebP holds a lossy picture.
func lossy(pic []byte) bool { return bytes.Contains(pic, []byte("VP8 ")) }

// TestWebPWalkHoldsToTheDecoder: on WebPs of every kind, and on each of
// them damaged, the walk refuses what the decoder refuses and counts what
// it allocates.
func TestWebPWalkHoldsToTheDecoder(t *testing.T) {
	for name, pic := range webpPictures(t) {
		t.Run(name, func(t *testing.T) {
			if _, err := checkWebP(pic); err != nil {
				t.Fatalf("checkWebP refuses a whole WebP: %v", err)
			}
			webpAgrees(t, pic)
			if len(pic) > 100<<10 {
				return // decoded many times over, too slow damaged
			}
			for _, d := range damagedWebPs(pic) {
				webpAgrees(t, d)
			}
		})
	}
}

// damagedWebPs are pic cut short and with bytes changed, in its chunks'
// headers and through its data.
func damagedWebPs(pic []byte) [][]byte {
	var out [][]byte
	for _, cut := range []int{4, 11, 12, 19, 20, 25, 30, 40, len(pic) / 3, len(pic) / 2, len(pic) - 9, len(pic) - 1} {
		if cut > 0 && cut < len(pic) {
			out = append(out, pic[:cut])
		}
	}
	step := max(1, len(pic)/100)
	for at := range len(pic) {
		if at < 64 || at%step == 0 {
			for _, x := range []byte{0x01, 0xff} {
				b := bytes.Clone(pic)
				b[at] ^= x
				out = append(out, b)
			}
		}
	}
	return out
}

// TestDecodedBytesCountsAWebPsDecoding: what DecodedBytes says of a WebP
// is what its decoder allocates, within a few KB or a tenth: a 300×300
// lossless WebP of 1.3 MB made 200 MB of Huffman trees (counted as 720
// KB), and a lossy one's decoder copies its coded data.
func TestDecodedBytesCountsAWebPsDecoding(t *testing.T) {
	for name, pic := range webpPictures(t) {
		t.Run(name, func(t *testing.T) {
			got, err := DecodedBytes(pic)
			if err != nil {
				t.Fatal(err)
			}
			_, alloc, err := decodeAlloc(pic)
			if err != nil {
				t.Fatal(err)
			}
			if int64(alloc) > got+webpSlack || got > int64(alloc)+int64(alloc)/10+64<<10 {
				t.Errorf("DecodedBytes = %d of a %d-byte WebP; decoding it allocated %d", got, len(pic), alloc)
			}
		})
	}
}

// FuzzCheckWebP: checkWebP refuses nothing x/image/webp decodes, what it
// accepts the decoder decodes unless a lossy picture's partitions run out,
// and the decoder allocates no more than webpBytes counts.
func FuzzCheckWebP(f *testing.F) {
	for _, pic := range webpPictures(f) {
		if len(pic) < 64<<10 {
			f.Add(pic)
		}
	}
	f.Fuzz(func(t *testing.T, pic []byte) { webpAgrees(t, pic) })
}
