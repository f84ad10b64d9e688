package hexmap

import (
	"bytes"
	"image"
	"image/jpeg"
	"io"
	"strings"
	"testing"
)

// entropyErrors are the errors image/jpeg gives for damage in a scan's
// entropy-coded data, which checkJPEG does not decode.
var entropyErrors = []string{"bad Huffman code", "short Huffman data", "missing 0xff00 sequence", "unexpected Huffman code",
	"too many coefficients", "excessive DC component", "uninitialized Huffman table", "bad RST marker"}

// jpegAgrees fails unless checkJPEG and image/jpeg's decoder agree on pic
// as checkJPEG claims: what it refuses the decoder refuses, and what it
// accepts the decoder decodes, unless the decoder finds damage in the
// entropy-coded data.
func jpegAgrees(t *testing.T, pic []byte) {
	t.Helper()
	if cfg, err := jpeg.DecodeConfig(bytes.NewReader(pic)); err == nil && cfg.Width*cfg.Height > 1<<16 {
		return // too big to decode here, many times over (a scan at a time)
	}
	_, decErr := jpeg.Decode(bytes.NewReader(pic))
	chkErr := checkJPEG(pic)
	switch {
	case chkErr != nil && decErr == nil:
		t.Errorf("checkJPEG refuses a %d-byte JPEG the decoder decodes: %v", len(pic), chkErr)
	case chkErr == nil && decErr != nil && !entropyError(decErr):
		t.Errorf("checkJPEG accepts a %d-byte JPEG the decoder refuses, not for its coded data: %v", len(pic), decErr)
	}
}

func entropyError(err error) bool {
	for _, e := range entropyErrors {
		if strings.Contains(err.Error(), e) {
			return true
		}
	}
	return false
}

// damagedJPEGs are pic cut short at several places, and with a byte
// changed at several others: in its segments, its coded data and its end.
func damagedJPEGs(pic []byte) [][]byte {
	var out [][]byte
	for _, cut := range []int{1, 2, 3, 20, 100, len(pic) / 2, len(pic) - 3, len(pic) - 2, len(pic) - 1} {
		if cut > 0 && cut < len(pic) {
			out = append(out, pic[:cut])
		}
	}
	for at := range len(pic) {
		if at < 240 || at < 1000 && at%7 == 0 || at%151 == 0 || at > len(pic)-8 {
			b := bytes.Clone(pic)
			b[at] ^= []byte{0x55, 0xff}[at%2]
			out = append(out, b)
		}
	}
	return out
}

// TestCheckJPEGAgreesWithTheDecoder: on Go's test JPEGs (progressive,
// CMYK, every sampling, restart markers) and ones made here, and on each
// of them damaged, checkJPEG accepts what image/jpeg decodes and refuses
// nothing it decodes.
func TestCheckJPEGAgreesWithTheDecoder(t *testing.T) {
	n := 0
	for name, pic := range samplePictures(t) {
		if !strings.HasSuffix(name, ".jpeg") && !strings.HasSuffix(name, ".jpg") {
			continue
		}
		n++
		t.Run(name, func(t *testing.T) {
			if err := checkJPEG(pic); err != nil {
				t.Fatalf("checkJPEG refuses a whole JPEG: %v", err)
			}
			for _, d := range damagedJPEGs(pic) {
				jpegAgrees(t, d)
			}
		})
	}
	if n < 3 {
		t.Fatalf("%d JPEGs to test", n)
	}
}

// TestCheckJPEGRefusesWhatIsNotWhole: a JPEG cut short, or with a segment
// the decoder refuses, is refused with the decoder's reason.
func TestCheckJPEGRefusesWhatIsNotWhole(t *testing.T) {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewRGBA(image.Rect(0, 0, 64, 48)), nil); err != nil {
		t.Fatal(err)
	}
	pic := b.Bytes()
	sos := bytes.Index(pic, []byte{0xff, 0xda})
	for _, tc := range []struct {
		name string
		pic  []byte
		want string
	}{
		{"cut in its coded data", pic[:len(pic)-40], io.ErrUnexpectedEOF.Error()},
		{"without its end", pic[:len(pic)-2], io.ErrUnexpectedEOF.Error()},
		{"cut before its scan", pic[:sos], io.ErrUnexpectedEOF.Error()},
		{"with no scan", append(bytes.Clone(pic[:sos]), 0xff, 0xd9), "missing SOS marker"},
		{"a lossless frame", bytes.Replace(bytes.Clone(pic), []byte{0xff, 0xc0}, []byte{0xff, 0xc3}, 1), "unknown marker"},
		{"a DAC segment", bytes.Replace(bytes.Clone(pic), []byte{0xff, 0xda}, []byte{0xff, 0xcc}, 1), "unknown marker"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkJPEG(tc.pic)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("checkJPEG = %v, want %q", err, tc.want)
			}
			if _, derr := jpeg.Decode(bytes.NewReader(tc.pic)); derr == nil {
				t.Errorf("the decoder decodes it")
			}
		})
	}
}

// FuzzCheckJPEG: checkJPEG refuses nothing image/jpeg decodes, and what
// it accepts the decoder decodes unless its coded data is damaged.
func FuzzCheckJPEG(f *testing.F) {
	for name, pic := range samplePictures(f) {
		if strings.HasSuffix(name, ".jpeg") {
			f.Add(pic)
		}
	}
	f.Add(jpegHeader(16, 16, true, 0x22, 0x11, 0x11))
	f.Fuzz(func(t *testing.T, pic []byte) { jpegAgrees(t, pic) })
}
