// Package testpics makes the pictures that measure hexslinger's picture
// limits (hexmap.MaxBackgroundBytes): the largest JPEGs and WebPs within
// them, each the worst its decoder makes of a file that size (noise in
// every block; the most Huffman trees a lossless WebP decoder takes),
// padded as big as asked with data the decoder skips or reads and drops.
// scripts/uvttimport writes them to files to measure an import; hexmap's
// tests hold its picture checks to what the decoders do with them.
package testpics

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
)

// Kinds are the pictures Named makes.
var Kinds = []string{"png", "jpeg", "jpeg-rgb", "webp", "webp-lossless", "webp-alpha", "webp-noise"}

// Named makes the picture kind (one of Kinds), about fill bytes long, side
// pixels a side if side is not 0, else the largest the limits allow of
// it: "png" is 8192×8192 pixels of 8-bit colour with alpha (256 MiB
// decoded), a pattern with some noise, an 88 MB file (fill is not
// heeded); "jpeg" is 8192×8192 pixels of noise at the highest quality within
// fill (4:2:0, 96 MiB decoded: the most work); "jpeg-rgb" the same
// stored as RGB (an Adobe marker, transform 0), which Go's decoder makes
// as planes and then copies into RGBA, 5.5 bytes a pixel, so 6983×6983 is
// 256 MiB decoded in whole 16×16 blocks; "webp" a lossy 8192×8192 WebP
// (Lossy); "webp-lossless" a 5792×5792 lossless one (Lossless), 8 bytes
// a pixel as hexmap counted them before it counted its Huffman trees;
// "webp-alpha" a lossy 6424×6424 one with a lossless alpha plane (VP8L),
// 6.5 bytes a pixel as counted before; "webp-noise" a lossless one of
// random pixels, each 32 bits of codes, as many as fill holds
// (LosslessNoise).
func Named(kind string, fill, side int) ([]byte, error) {
	rng := rand.New(rand.NewPCG(34, 7))
	or := func(n int) int {
		if side > 0 {
			return side
		}
		return n
	}
	switch kind {
	case "png":
		s := or(8192)
		img := image.NewNRGBA(image.Rect(0, 0, s, s))
		for i := 0; i < len(img.Pix); i += 4 {
			x, y := (i/4)%s, (i/4)/s
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = uint8(x^y), uint8(x+y), uint8(rng.IntN(16)), 255
		}
		var b bytes.Buffer
		err := png.Encode(&b, img)
		return b.Bytes(), err
	case "jpeg":
		return JPEG(rng, or(8192), false, fill)
	case "jpeg-rgb":
		return JPEG(rng, or(6983), true, fill)
	case "webp":
		return Lossy(rng, or(8192), or(8192), nil, fill)
	case "webp-lossless":
		return Lossless(or(5792), fill), nil
	case "webp-noise":
		s := 1
		for (s+1)*(s+1)*4 < fill-1024 {
			s++
		}
		return LosslessNoise(rng, or(s)), nil
	case "webp-alpha":
		s := or(6424)
		return Lossy(rng, s, s, VP8L(s, s, false), fill)
	}
	return nil, fmt.Errorf("no picture %q; want one of %v", kind, Kinds)
}

// JPEG is a side×side JPEG of noise by Go's encoder (4:2:0), at the
// highest quality whose file is within fill bytes (guessed from a
// sample), marked as stored in RGB when rgb, padded with comment segments
// to about fill bytes.
func JPEG(rng *rand.Rand, side int, rgb bool, fill int) ([]byte, error) {
	noise := func(side int) *image.YCbCr {
		img := image.NewYCbCr(image.Rect(0, 0, side, side), image.YCbCrSubsampleRatio420)
		for i := range img.Y {
			img.Y[i] = uint8(rng.Uint32())
		}
		for i := range img.Cb {
			img.Cb[i], img.Cr[i] = uint8(rng.Uint32()), uint8(rng.Uint32())
		}
		return img
	}
	sample, q := noise(512), 100
	for ; q > 10; q -= 5 {
		var b bytes.Buffer
		if err := jpeg.Encode(&b, sample, &jpeg.Options{Quality: q}); err != nil {
			return nil, err
		}
		if float64(b.Len())*float64(side*side)/(512*512) < 0.97*float64(fill) {
			break
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, noise(side), &jpeg.Options{Quality: q}); err != nil {
		return nil, err
	}
	enc := b.Bytes()
	out := append([]byte(nil), enc[:2]...) // SOI
	if rgb {
		out = append(out, 0xff, 0xee, 0, 14)
		out = append(out, "Adobe\x00\x64\x00\x00\x00\x00\x00"...) // version 100, transform 0
	}
	// Comments up to fill, before the frame.
	for len(out)+len(enc) < fill {
		n := min(0xffff-2, fill-len(out)-len(enc)-4)
		if n <= 0 {
			break
		}
		out = append(out, 0xff, 0xfe, byte((n+2)>>8), byte(n+2))
		out = append(out, bytes.Repeat([]byte{'#'}, n)...)
	}
	return append(out, enc[2:]...), nil
}

// riffWebP wraps chunks (each a FourCC and its data) in a WebP file.
func riffWebP(chunks ...[]byte) []byte {
	var body []byte
	body = append(body, "WEBP"...)
	for i := 0; i < len(chunks); i += 2 {
		body = append(body, chunks[i]...)
		body = binary.LittleEndian.AppendUint32(body, uint32(len(chunks[i+1])))
		body = append(body, chunks[i+1]...)
		if len(chunks[i+1])%2 == 1 {
			body = append(body, 0)
		}
	}
	out := append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...)
	return append(out, body...)
}

// Lossy is a w×h lossy WebP (with alpha, an ALPH chunk's VP8L stream,
// when alpha is not nil) about fill bytes long: every macroblock
// predicted from its neighbours' average and its coefficients random (the
// token partitions are random bytes), the loop filter at level 63, eight
// token partitions sharing what fill leaves (at least 64 KiB each). Go's
// decoder copies the partitions whole.
func Lossy(rng *rand.Rand, w, h int, alpha []byte, fill int) ([]byte, error) {
	mbw, mbh := (w+15)/16, (h+15)/16
	var e boolEncoder
	e.bit(128, false) // colour space
	e.bit(128, false) // clamping
	e.bit(128, false) // no segments
	e.bit(128, false) // the normal loop filter
	e.uint(63, 6)     // its level
	e.uint(0, 3)      // sharpness
	e.bit(128, false) // no loop filter deltas
	e.uint(3, 2)      // eight token partitions
	e.uint(0, 7)      // quantizer index 0, the finest
	for range 5 {
		e.bit(128, false) // no quantizer deltas
	}
	e.bit(128, false) // refresh entropy probabilities (ignored)
	for _, p := range tokenProbUpdateProbs() {
		e.bit(p, false) // the default token probabilities
	}
	e.bit(128, false) // no skip flags: every macroblock has coefficients
	for range mbw * mbh {
		e.bit(145, true)  // a 16×16 prediction
		e.bit(156, false) // DC
		e.bit(163, false)
		e.bit(142, false) // chroma DC
	}
	first := e.flush()
	if len(first) >= 1<<19 {
		return nil, fmt.Errorf("first partition of %d bytes", len(first))
	}
	head := len(first) + 10 + 21 + 64
	if alpha != nil {
		head += len(alpha) + 30
	}
	part := max(64*1024, (fill-head)/8)
	if part >= 1<<24 {
		return nil, fmt.Errorf("fill %d: a token partition of %d bytes is past the 16 MiB the decoder takes", fill, part)
	}
	var vp8 []byte
	size := len(first)
	vp8 = append(vp8, byte(size<<5)|1<<4, byte(size>>3), byte(size>>11)) // key frame, shown
	vp8 = append(vp8, 0x9d, 0x01, 0x2a, byte(w), byte(w>>8), byte(h), byte(h>>8))
	vp8 = append(vp8, first...)
	for range 7 {
		vp8 = append(vp8, byte(part), byte(part>>8), byte(part>>16))
	}
	noise := make([]byte, 8*part)
	for i := 0; i < len(noise); i += 8 {
		binary.LittleEndian.PutUint64(noise[i:], rng.Uint64())
	}
	vp8 = append(vp8, noise...)
	if alpha == nil {
		return riffWebP([]byte("VP8 "), vp8), nil
	}
	vp8x := []byte{0x10, 0, 0, 0, byte(w - 1), byte((w - 1) >> 8), 0, byte(h - 1), byte((h - 1) >> 8), 0}
	alph := append([]byte{1}, alpha...) // no filter, lossless
	return riffWebP([]byte("VP8X"), vp8x, []byte("ALPH"), alph, []byte("VP8 "), vp8), nil
}

// boolEncoder is VP8's boolean entropy encoder (RFC 6386, section 7.3).
type boolEncoder struct {
	out      []byte
	rng, bot uint32
	count    int
	started  bool
}

func (e *boolEncoder) bit(prob uint8, v bool) {
	if !e.started {
		e.rng, e.count, e.started = 255, 24, true
	}
	split := 1 + ((e.rng-1)*uint32(prob))>>8
	if v {
		e.bot += split
		e.rng -= split
	} else {
		e.rng = split
	}
	for e.rng < 128 {
		e.rng <<= 1
		if e.bot&(1<<31) != 0 {
			e.carry()
		}
		e.bot <<= 1
		e.count--
		if e.count == 0 {
			e.out = append(e.out, byte(e.bot>>24))
			e.bot &= 1<<24 - 1
			e.count = 8
		}
	}
}

func (e *boolEncoder) carry() {
	for i := len(e.out) - 1; i >= 0; i-- {
		if e.out[i] != 255 {
			e.out[i]++
			return
		}
		e.out[i] = 0
	}
}

func (e *boolEncoder) uint(v uint32, n int) {
	for i := n - 1; i >= 0; i-- {
		e.bit(128, v>>i&1 == 1)
	}
}

func (e *boolEncoder) flush() []byte {
	for range 32 {
		e.bit(128, false)
	}
	return e.out
}

// Lossless is a side×side lossless WebP (VP8L), padded to about fill
// bytes with a chunk the decoder passes over.
func Lossless(side, fill int) []byte {
	s := VP8L(side, side, true)
	vp8x := []byte{0, 0, 0, 0, byte(side - 1), byte((side - 1) >> 8), 0, byte(side - 1), byte((side - 1) >> 8), 0}
	pad := make([]byte, max(0, fill-len(s)-64))
	return riffWebP([]byte("VP8X"), vp8x, []byte("PADD"), pad, []byte("VP8L"), s)
}

// LosslessNoise is a side×side lossless WebP of random pixels, each a
// literal of four 8-bit codes: the most codes a lossless file of its size
// holds, with no transform, colour cache or meta Huffman image.
func LosslessNoise(rng *rand.Rand, side int) []byte {
	var b bitWriter
	b.put(0x2f, 8)
	b.put(uint32(side-1), 14)
	b.put(uint32(side-1), 14)
	b.put(0, 1) // alpha hint
	b.put(0, 3) // version
	b.put(0, 1) // no transforms
	b.put(0, 1) // no colour cache
	b.put(0, 1) // no meta Huffman image
	green := make([]int, 280)
	for i := range 256 {
		green[i] = 8
	}
	gc := b.tree(green)
	bytesLens := green[:256]
	var cs [3][]code
	for j := range cs {
		cs[j] = b.tree(bytesLens)
	}
	b.simple() // distance
	for range side * side {
		v := rng.Uint32()
		b.code(gc, int(v&0xff))
		for j := range cs {
			b.code(cs[j], int(v>>(8+8*j)&0xff))
		}
	}
	s := b.bytes()
	vp8x := []byte{0, 0, 0, 0, byte(side - 1), byte((side - 1) >> 8), 0, byte(side - 1), byte((side - 1) >> 8), 0}
	return riffWebP([]byte("VP8X"), vp8x, []byte("VP8L"), s)
}

// VP8L is a w×h VP8L stream (with its header when header, as in a VP8L
// chunk; without, as in an ALPH chunk) whose decoding holds the most
// Huffman trees Go's decoder takes at once: a colour cache of 2,048
// entries (so the green alphabet is 2,328 codes) and 2,600 groups of five
// trees (fewer if the picture has fewer tiles of 4×4 pixels), all but one
// with every code of its alphabet. The pixels are one colour; each group
// codes one tile of them.
func VP8L(w, h int, header bool) []byte {
	var b bitWriter
	if header {
		b.put(0x2f, 8)
		b.put(uint32(w-1), 14)
		b.put(uint32(h-1), 14)
		b.put(0, 1) // alpha hint
		b.put(0, 3) // version
	}
	b.put(0, 1) // no transforms
	// The pixels: a colour cache of 11 bits, the meta Huffman image of
	// 16×16-pixel tiles.
	b.put(1, 1)
	b.put(11, 4)
	b.put(1, 1)
	// Tiles as large as leave a tile for each group, the most Go's
	// decoder takes.
	groups, hBits := 2600, 9
	tiles := func(bits int) (int, int) { return (w + 1<<bits - 1) >> bits, (h + 1<<bits - 1) >> bits }
	for ; hBits > 2; hBits-- {
		if tw, th := tiles(hBits); tw*th >= groups {
			break
		}
	}
	tw, th := tiles(hBits)
	groups = min(groups, tw*th)
	b.put(uint32(hBits-2), 3)
	// The meta image: tile t uses group t, the first 2,600; the rest
	// group 0. Its own codes: 8-bit red and green, the rest one symbol.
	b.put(0, 1) // no colour cache
	greenLens := make([]int, 280)
	for i := range 256 {
		greenLens[i] = 8
	}
	byteLens := make([]int, 256)
	for i := range byteLens {
		byteLens[i] = 8
	}
	gc := b.tree(greenLens)
	rc := b.tree(byteLens)
	b.simple() // blue
	b.simple() // alpha
	b.simple() // distance
	for t := range tw * th {
		g := 0
		if t < groups {
			g = t
		}
		b.code(gc, g&0xff)
		b.code(rc, g>>8)
	}
	// The groups: group 0 five trees of one symbol (a pixel costs no
	// bits), every other one full alphabets, symbol 0 the shortest code.
	full := func(n int) []int {
		return append([]int{1}, complete(n-1, 1)...)
	}
	var big [5][]code
	for gi := range groups {
		if gi == 0 {
			for range 5 {
				b.simple()
			}
			continue
		}
		for j, n := range []int{280 + 2048, 256, 256, 256, 40} {
			big[j] = b.tree(full(n))
		}
	}
	// The pixels, row by row: a tile of a big group's pixels each a
	// literal of symbol 0 (four bits), of group 0 no bits.
	for y := range h {
		for x := range w {
			if t := (y>>hBits)*tw + x>>hBits; t > 0 && t < groups {
				for j := range 4 {
					b.code(big[j], 0)
				}
			}
		}
	}
	return b.bytes()
}

// bitWriter writes a VP8L bit stream, least significant bit first.
type bitWriter struct {
	out []byte
	acc uint64
	n   uint
}

func (b *bitWriter) put(v uint32, n uint) {
	b.acc |= uint64(v) << b.n
	b.n += n
	for b.n >= 8 {
		b.out = append(b.out, byte(b.acc))
		b.acc >>= 8
		b.n -= 8
	}
}

func (b *bitWriter) bytes() []byte {
	out := b.out
	if b.n > 0 {
		out = append(out, byte(b.acc))
	}
	return out
}

// code is a symbol's canonical Huffman code.
type code struct {
	bits uint32
	n    int
}

// codes are the canonical codes of lengths.
func codes(lengths []int) []code {
	var hist [16]uint32
	for _, l := range lengths {
		hist[l]++
	}
	hist[0] = 0
	var next [16]uint32
	c := uint32(0)
	for l := 1; l < 16; l++ {
		c = (c + hist[l-1]) << 1
		next[l] = c
	}
	out := make([]code, len(lengths))
	for s, l := range lengths {
		if l > 0 {
			out[s] = code{next[l], l}
			next[l]++
		}
	}
	return out
}

// complete are the lengths of a complete code of n symbols (n > 0), each
// at depth or deeper: Go's decoder takes no other, as it makes a tree of
// 2n-1 nodes.
func complete(n, depth int) []int {
	d := 0
	for 1<<d < n {
		d++
	}
	// 1<<d - n symbols one level up (each two slots), the rest at d.
	l := make([]int, n)
	for i := range l {
		l[i] = depth + d
		if i < 1<<d-n {
			l[i]--
		}
	}
	return l
}

// code writes c, its most significant bit first (as the decoder walks
// the tree).
func (b *bitWriter) code(c []code, sym int) {
	k := c[sym]
	for i := k.n - 1; i >= 0; i-- {
		b.put(k.bits>>i&1, 1)
	}
}

// simple writes a tree of one symbol, 0.
func (b *bitWriter) simple() {
	b.put(1, 1) // simple
	b.put(0, 1) // one symbol
	b.put(0, 1) // of one bit
	b.put(0, 1) // 0
}

// tree writes a normal tree of code lengths lengths (each at most 15),
// the lengths themselves coded with every code-length code 5 bits long,
// runs as repeats, and returns its codes.
func (b *bitWriter) tree(lengths []int) []code {
	b.put(0, 1)  // normal
	b.put(15, 4) // all 19 code-length codes
	lc := complete(19, 0)
	for _, s := range []int{17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15} {
		b.put(uint32(lc[s]), 3)
	}
	clc := codes(lc)
	b.put(0, 1) // as many lengths as the alphabet
	prev := 8
	for i := 0; i < len(lengths); {
		l := lengths[i]
		run := 1
		for i+run < len(lengths) && lengths[i+run] == l {
			run++
		}
		switch {
		case l == 0 && run >= 11:
			r := min(run, 138)
			b.code(clc, 18)
			b.put(uint32(r-11), 7)
			i += r
		case l == 0 && run >= 3:
			r := min(run, 10)
			b.code(clc, 17)
			b.put(uint32(r-3), 3)
			i += r
		case l == prev && l != 0 && run >= 3:
			r := min(run, 6)
			b.code(clc, 16)
			b.put(uint32(r-3), 2)
			i += r
		default:
			b.code(clc, l)
			if l != 0 {
				prev = l
			}
			i++
		}
	}
	return codes(lengths)
}
