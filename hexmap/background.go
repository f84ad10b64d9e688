package hexmap

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	_ "image/jpeg" // backgrounds may be JPEG
	_ "image/png"  // or PNG

	_ "golang.org/x/image/webp" // or WebP, as battle-map sites sell them
)

// Background picture limits, checked from the file before it is decoded:
// a 4096×4096 battle map is common, 8192 a side the most a window's
// texture cache is asked to hold. MaxBackgroundBytes caps the memory
// decoding a picture takes (DecodedBytes): an 8192×8192 picture of 8-bit
// colour, as a PNG, a baseline JPEG or a lossy WebP, is within it; the
// same picture of 16-bit colour, interlaced, progressive or CMYK is not.
const (
	MaxBackgroundSide   = 8192
	MaxBackgroundPixels = 8192 * 8192
	MaxBackgroundBytes  = 256 << 20
)

// CheckBackground reports the pixel size of a background picture, a PNG,
// JPEG or WebP within the picture limits (MaxBackgroundSide pixels a
// side, MaxBackgroundBytes decoded), read whole to be sure it is not cut
// short or damaged, without making its pixels: a PNG as its decoder reads
// it (checkPNG), a JPEG's segments and a WebP's chunks, frame headers and
// lossless codes as theirs walk them (checkJPEG, checkWebP). The error
// says what is wrong.
func CheckBackground(data []byte) (w, h int, err error) {
	return checkBackground(nil, data, 0, 1)
}

// checkBackground is CheckBackground, telling rd how far it has come as
// the part of a read from lo to hi.
func checkBackground(rd *reading, data []byte, lo, hi float64) (w, h int, err error) {
	cfg, format, err := pictureHeader(data)
	if err != nil {
		return 0, 0, err
	}
	if format == "webp" {
		// The walk that counts a WebP's decoded bytes checks it too.
		n, werr := checkWebP(data)
		if err := overLimit(cfg, n); err != nil {
			return 0, 0, err
		}
		err = werr
	} else if err = overLimit(cfg, decodedBytes(data, cfg, format)); err != nil {
		return 0, 0, err
	}
	switch format {
	case "png":
		err = checkPNG(rd, data, lo, hi)
	case "jpeg":
		err = checkJPEG(data)
	}
	if err != nil {
		if stop := rd.stopped(); stop != nil {
			return 0, 0, stop
		}
		return 0, 0, fmt.Errorf("is a damaged %s picture (cut short?): %v", format, err)
	}
	return cfg.Width, cfg.Height, rd.at("checking the picture", hi)
}

// backgroundHeader reads a background picture's size and format from its
// header alone, and checks them and its decoded bytes.
func backgroundHeader(data []byte) (image.Config, string, error) {
	cfg, format, err := pictureHeader(data)
	if err == nil {
		err = overLimit(cfg, decodedBytes(data, cfg, format))
	}
	if err != nil {
		return cfg, "", err
	}
	return cfg, format, nil
}

// pictureHeader reads a background picture's size and format from its
// header alone, and checks them.
func pictureHeader(data []byte) (image.Config, string, error) {
	if len(data) == 0 {
		return image.Config{}, "", fmt.Errorf("is empty")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return cfg, "", fmt.Errorf("is not a PNG, JPEG or WebP picture: %v", err)
	}
	switch format {
	case "png", "jpeg", "webp":
	default:
		return cfg, "", fmt.Errorf("is a %s picture; use PNG, JPEG or WebP", format)
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > MaxBackgroundSide || cfg.Height > MaxBackgroundSide ||
		cfg.Width*cfg.Height > MaxBackgroundPixels {
		return cfg, "", fmt.Errorf("is %d×%d pixels; at most %d×%d", cfg.Width, cfg.Height, MaxBackgroundSide, MaxBackgroundSide)
	}
	return cfg, format, nil
}

// overLimit is the error of a picture whose decoding takes n bytes, more
// than MaxBackgroundBytes; nil if it takes no more.
func overLimit(cfg image.Config, n int64) error {
	if n <= MaxBackgroundBytes {
		return nil
	}
	return fmt.Errorf("is %d×%d pixels, %.1f MiB decoded; at most %d MiB decoded (as %d×%d pixels of 8-bit colour)",
		cfg.Width, cfg.Height, float64(n)/(1<<20), MaxBackgroundBytes>>20, MaxBackgroundSide, MaxBackgroundSide)
}

// DecodedBytes is the memory decoding a background picture takes, read
// from its header: the decoded picture's pixels in the form its decoder
// makes them (a byte a pixel for a palette or grey, 4 for 8-bit colour,
// 8 for 16-bit colour; a JPEG's planes as its sampling makes them), and
// what the decoder holds beside them at once (an interlaced PNG's
// largest pass, a progressive JPEG's coefficients, a CMYK or RGB JPEG's
// planes before it interleaves them). A WebP's is all its decoder
// allocates, found by walking the file (webpBytes): a lossy picture's
// copy of its coded data, a lossless one's transforms and Huffman codes.
// The error is for a picture that is not one.
func DecodedBytes(data []byte) (int64, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return 0, fmt.Errorf("is not a PNG, JPEG or WebP picture: %v", err)
	}
	return decodedBytes(data, cfg, format), nil
}

// decodedBytes is DecodedBytes of a picture whose header gave cfg.
func decodedBytes(data []byte, cfg image.Config, format string) int64 {
	w, h := int64(cfg.Width), int64(cfg.Height)
	switch format {
	case "png":
		return pngBytes(data, w, h)
	case "jpeg":
		if n, ok := jpegBytes(data, w, h); ok {
			return n
		}
		// A header not read so: the most a JPEG can take, 24 bytes a
		// pixel (four planes, their coefficients, CMYK), in whole
		// blocks of the largest sampling.
		return 24 * ((w + 31) / 32 * 32) * ((h + 31) / 32 * 32)
	case "webp":
		if w*h <= MaxBackgroundPixels {
			return webpBytes(data)
		}
	}
	return 8 * w * h // anything not known, or too big to walk: 8 a pixel
}

// pngBytes is decodedBytes of a w×h PNG: its IHDR says the bit depth, the
// colour type and interlacing, and a tRNS chunk before its pixels makes
// grey and RGB pictures decode with alpha.
func pngBytes(data []byte, w, h int64) int64 {
	if len(data) < 33 {
		return 8 * w * h
	}
	depth, ct, interlaced := data[24], data[25], data[28] == 1
	trns := false
	for off := 8; off+8 <= len(data); {
		n := int64(binary.BigEndian.Uint32(data[off:]))
		kind := string(data[off+4 : off+8])
		if kind == "IDAT" {
			break
		}
		trns = trns || kind == "tRNS"
		if n > int64(len(data)) {
			break
		}
		off += 12 + int(n)
	}
	var px int64
	switch {
	case ct == 3 || ct == 0 && depth <= 8 && !trns:
		px = 1 // palette, grey
	case ct == 0 && depth == 16 && !trns:
		px = 2
	case depth == 16:
		px = 8 // 16-bit colour, or grey with alpha
	default:
		px = 4
	}
	n := w * h * px
	if interlaced {
		n += w * (h / 2) * px // the seventh pass, every other row
	}
	return n
}

// jpegBytes is decodedBytes of a w×h JPEG, as Go's decoder makes it: from
// its frame header's components and their sampling, and whether its
// colour is stored as RGB (an Adobe marker's transform 0, or components
// named R, G and B, in a file that is not JFIF); ok is false when the
// header cannot be read so.
func jpegBytes(data []byte, w, h int64) (int64, bool) {
	var jfif, adobeRGB, progressive bool
	var comps [][3]byte // id, H, V
	// Markers as Go's decoder finds them: past stray bytes to the next
	// 0xff, past fill bytes and "\xff\x00", restarts taking no segment.
	for off := 2; off+4 <= len(data); {
		if data[off] != 0xff {
			off++
			continue
		}
		marker := data[off+1]
		if marker == 0xff { // fill
			off++
			continue
		}
		if marker == 0 || marker == 0xd8 || marker >= 0xd0 && marker <= 0xd7 || marker == 0x01 {
			off += 2
			continue
		}
		n := int(binary.BigEndian.Uint16(data[off+2:]))
		if n < 2 { // a segment's length counts its own two bytes
			return 0, false
		}
		seg := data[off+4 : min(len(data), off+2+n)]
		switch {
		case marker == 0xda || marker == 0xd9: // start of scan, end
			off = len(data)
			continue
		case marker == 0xe0 && bytes.HasPrefix(seg, []byte("JFIF\x00")):
			jfif = true
		case marker == 0xee && len(seg) >= 12 && bytes.HasPrefix(seg, []byte("Adobe")):
			adobeRGB = seg[11] == 0
		case marker == 0xc0 || marker == 0xc1 || marker == 0xc2:
			progressive = marker == 0xc2
			if len(seg) < 6 || len(seg) < 6+3*int(seg[5]) {
				return 0, false
			}
			comps = comps[:0]
			for i := range int(seg[5]) {
				c := seg[6+3*i:]
				comps = append(comps, [3]byte{c[0], c[1] >> 4, c[1] & 15})
			}
		}
		off += 2 + n
	}
	if len(comps) == 0 {
		return 0, false
	}
	for _, c := range comps {
		if c[1] < 1 || c[1] > 4 || c[2] < 1 || c[2] > 4 {
			return 0, false
		}
	}
	if len(comps) == 1 { // grey: Go ignores its sampling
		comps[0][1], comps[0][2] = 1, 1
	}
	h0, v0 := int64(comps[0][1]), int64(comps[0][2])
	mxx, myy := (w+8*h0-1)/(8*h0), (h+8*v0-1)/(8*v0)
	var n int64
	for _, c := range comps {
		// Each component's plane, in whole blocks of its sampling.
		plane := 64 * mxx * myy * int64(c[1]) * int64(c[2])
		n += plane
		if progressive {
			n += 4 * plane // its coefficients: an int32 a sample
		}
	}
	rgb := len(comps) == 3 && !jfif && (adobeRGB || comps[0][0] == 'R' && comps[1][0] == 'G' && comps[2][0] == 'B')
	if len(comps) == 4 || rgb {
		n += 4 * w * h // interleaved into CMYK or RGBA
	}
	return n, true
}

// decodeBackground decodes a picture checked from its header first,
// telling rd how far it has come as the part of a read from lo to hi (the
// bytes of the file the decoder has read); it stops with the error of
// rd's context once that is done.
func decodeBackground(rd *reading, data []byte, lo, hi float64) (image.Image, error) {
	_, format, err := backgroundHeader(data)
	if err != nil {
		return nil, err
	}
	img, _, err := image.Decode(rd.reader(data, "decoding the picture", lo, hi))
	if err != nil {
		if stop := rd.stopped(); stop != nil {
			return nil, stop
		}
		return nil, fmt.Errorf("is a damaged %s picture (cut short?): %v", format, err)
	}
	return img, nil
}

// DecodeBackground decodes a map's background picture, checked as
// CheckBackground checks it; a map without one gives nil.
func DecodeBackground(b *Background) (image.Image, error) {
	if b == nil {
		return nil, nil
	}
	img, err := decodeBackground(nil, b.Image, 0, 1)
	if err != nil {
		return nil, fmt.Errorf("background: %w", err)
	}
	return img, nil
}
