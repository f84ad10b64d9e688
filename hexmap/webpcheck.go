package hexmap

import (
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
)

// A WebP is walked as golang.org/x/image/webp decodes it, without making
// its pixels, for two things: the memory its decoder takes, counted as it
// allocates it (DecodedBytes: a lossy picture's planes and the copy of
// its coded data the decoder makes, a lossless one's pixels, transforms
// and Huffman trees, which a file of a few hundred KB can make 200 MB
// of), and CheckBackground's proof that the file is whole. The walk reads
// every chunk, a lossy picture's frame header and partitions, and a
// lossless picture (or alpha plane) to its last pixel's codes, refusing
// what the decoder refuses. It does not decode a lossy picture's
// macroblocks: the decoder refuses those only when the partitions run
// out ("unexpected EOF"), and the window then says it cannot show the
// picture (FuzzCheckWebP holds the walk to both, and to the count).

var (
	errWebP            = errors.New("webp: invalid format")
	errRIFFHeader      = errors.New("riff: missing RIFF chunk header")
	errRIFFShortData   = errors.New("riff: short chunk data")
	errRIFFShortHeader = errors.New("riff: short chunk header")
	errRIFFTooLong     = errors.New("riff: list subchunk too long")
	errRIFFPadding     = errors.New("riff: missing padding byte")
	errVP8L            = errors.New("vp8l: invalid header")
	errVP8LTree        = errors.New("vp8l: invalid Huffman tree")
	errVP8LLengths     = errors.New("vp8l: invalid code lengths")
)

// webpWalk is a walk over a WebP: the bytes its decoder has allocated so
// far, and whether it walks a lossless picture's pixels (the check) or
// stops before them (the count, which does not depend on them).
type webpWalk struct {
	n      int64
	pixels bool
}

// alloc counts a make of n bytes, as Go's allocator rounds it: to its
// size class (at most an eighth more) below 32 KiB, to whole 8 KiB pages
// above.
func (k *webpWalk) alloc(n int64) {
	if n <= 0 {
		return
	}
	if n <= 32<<10 {
		k.n += n + n/8 + 16
	} else {
		k.n += (n + 8191) &^ 8191
	}
}

// webpBytes is decodedBytes of a WebP: what its decoder allocates, as far
// as the walk goes (a damaged file is refused where the decoder refuses
// it, having allocated no more).
func webpBytes(data []byte) int64 {
	k := webpWalk{}
	k.walk(data)
	return k.n
}

// checkWebP is CheckBackground's proof that a WebP is whole, and its
// decoded bytes (webpBytes).
func checkWebP(data []byte) (int64, error) {
	k := webpWalk{pixels: true}
	err := k.walk(data)
	return k.n, err
}

// walk walks data's RIFF chunks as the decoder reads them, to the lossy
// (VP8) or lossless (VP8L) picture, which ends the file.
func (k *webpWalk) walk(data []byte) error {
	const overhead = 16 << 10 // the decoder's own state, readers and buffers
	k.n += overhead
	if len(data) < 8 || string(data[:4]) != "RIFF" {
		return errRIFFHeader
	}
	left := binary.LittleEndian.Uint32(data[4:])
	if left < 4 || len(data) < 12 {
		return errRIFFShortData
	}
	if string(data[8:12]) != "WEBP" {
		return errWebP
	}
	left -= 4
	p := 12
	var (
		wantAlpha, seenVP8X, alpha, padded bool
		w1, h1                             uint32 // the canvas's size, less one
	)
	for {
		if padded {
			if left == 0 {
				return errRIFFTooLong
			}
			left--
			if p >= len(data) {
				return errRIFFPadding
			}
			p++
		}
		if left == 0 {
			return errWebP // no picture
		}
		if left < 8 || p+8 > len(data) {
			return errRIFFShortHeader
		}
		left -= 8
		id, n := string(data[p:p+4]), binary.LittleEndian.Uint32(data[p+4:])
		p += 8
		if n > left {
			return errRIFFTooLong
		}
		padded = n&1 == 1
		chunk := data[p:min(len(data), p+int(n))] // what there is of it
		switch id {
		case "ALPH":
			if !wantAlpha {
				return errWebP
			}
			wantAlpha = false
			if len(chunk) < 1 {
				if n == 0 {
					return errWebP
				}
				return io.ErrUnexpectedEOF
			}
			w, h := int64(w1)+1, int64(h1)+1
			switch chunk[0] & 3 {
			case 0:
				k.alloc(w * h)
				if int64(n)-1 < w*h || int64(len(chunk))-1 < w*h {
					return io.ErrUnexpectedEOF
				}
			case 1:
				if w1 > 0x3fff || h1 > 0x3fff {
					return errWebP
				}
				k.alloc(4096) // a bufio.Reader over the chunk
				if err := k.vp8l(chunk[1:], int32(w), int32(h)); err != nil {
					return err
				}
				k.alloc(w * h) // the alpha taken out of the lossless picture
			default:
				return errWebP
			}
			alpha = true
		case "VP8 ":
			if wantAlpha || int32(n) < 0 {
				return errWebP
			}
			return k.vp8(chunk, int(n), seenVP8X, w1, h1)
		case "VP8L":
			if alpha {
				return errWebP
			}
			k.alloc(4096) // a bufio.Reader over the chunk
			if len(chunk) < 5 {
				if seenVP8X && len(chunk) == 0 {
					return errWebP
				}
				return io.ErrUnexpectedEOF
			}
			if chunk[0] != 0x2f {
				return errVP8L
			}
			hdr := binary.LittleEndian.Uint32(chunk[1:])
			w, h := hdr&0x3fff, hdr>>14&0x3fff
			if hdr>>29 != 0 {
				return errors.New("vp8l: invalid version")
			}
			if seenVP8X && (w != w1 || h != h1) {
				return errWebP
			}
			return k.vp8l(chunk[5:], int32(w)+1, int32(h)+1)
		case "VP8X":
			if seenVP8X {
				return errWebP
			}
			seenVP8X = true
			if n != 10 {
				return errWebP
			}
			if len(chunk) < 10 {
				return io.ErrUnexpectedEOF
			}
			wantAlpha = chunk[0]&0x10 != 0
			w1 = uint32(chunk[4]) | uint32(chunk[5])<<8 | uint32(chunk[6])<<16
			h1 = uint32(chunk[7]) | uint32(chunk[8])<<8 | uint32(chunk[9])<<16
			if (uint64(w1)+1)*(uint64(h1)+1) > 1<<31-1 {
				return errWebP
			}
		}
		// The decoder reads past the rest of the chunk.
		if len(chunk) < int(n) {
			return errRIFFShortData
		}
		left -= n
		p += int(n)
	}
}

// vp8 walks a lossy picture's chunk (chunk, what there is of its n bytes)
// as golang.org/x/image/vp8 decodes it, to its partitions.
func (k *webpWalk) vp8(chunk []byte, n int, seenVP8X bool, w1, h1 uint32) error {
	read := func(m int) ([]byte, error) {
		if m > n || m > len(chunk) {
			return nil, io.ErrUnexpectedEOF
		}
		b := chunk[:m]
		chunk, n = chunk[m:], n-m
		return b, nil
	}
	b, err := read(3)
	if err != nil {
		return err
	}
	first := int(b[0])>>5 | int(b[1])<<3 | int(b[2])<<11
	if b[0]&1 != 0 {
		// Not a key frame: the decoder reads no size, and refuses the
		// frame once it has read its first partition.
		if seenVP8X {
			return errWebP
		}
		k.alloc(int64(first))
		k.alloc(int64(n))
		return errors.New("vp8: Golden / AltRef frames are not implemented")
	}
	if b, err = read(7); err != nil {
		return err
	}
	if b[0] != 0x9d || b[1] != 0x01 || b[2] != 0x2a {
		return errors.New("vp8: invalid format")
	}
	w, h := int(b[4]&0x3f)<<8|int(b[3]), int(b[6]&0x3f)<<8|int(b[5])
	if seenVP8X && (w != int(w1)+1 || h != int(h1)+1) {
		return errWebP
	}
	mbw, mbh := int64(w+15)>>4, int64(h+15)>>4
	k.alloc(256*mbw*mbh + 2*64*mbw*mbh) // the planes, in whole macroblocks
	k.alloc(4 * mbw * mbh)              // a macroblock's loop filter
	k.alloc(6 * mbw)                    // a row of macroblocks' context
	k.alloc(int64(first))
	fp, err := read(first)
	if err != nil {
		return err
	}
	// The first partition's header, to the count of partitions.
	r := boolReader{buf: fp, rng: 254}
	r.bit(128)      // colour space
	r.bit(128)      // clamping
	if r.bit(128) { // segments
		update := r.bit(128)
		if r.bit(128) {
			r.bit(128)
			for range 4 {
				r.optInt(7)
			}
			for range 4 {
				r.optInt(6)
			}
		}
		if update {
			for range 3 {
				if r.bit(128) {
					r.uint(8)
				}
			}
		}
	}
	r.bit(128)                    // simple filter
	r.uint(6)                     // level
	r.uint(3)                     // sharpness
	if r.bit(128) && r.bit(128) { // loop filter deltas
		for range 8 {
			r.optInt(6)
		}
	}
	parts := 1 << r.uint(2)
	sizes := 3 * (parts - 1)
	last := n - sizes
	if last < 0 {
		return io.ErrUnexpectedEOF
	}
	if sizes > 0 {
		k.alloc(int64(sizes))
		if b, err = read(sizes); err != nil {
			return err
		}
		for i := range parts - 1 {
			pl := int(b[3*i]) | int(b[3*i+1])<<8 | int(b[3*i+2])<<16
			if pl > last {
				return io.ErrUnexpectedEOF
			}
			last -= pl
		}
	}
	if last >= 1<<24 {
		return errors.New("vp8: too much data to decode")
	}
	k.alloc(int64(n)) // the partitions, copied
	if _, err := read(n); err != nil {
		return err
	}
	return nil
}

// boolReader is VP8's boolean decoder as golang.org/x/image/vp8 reads a
// partition: past its end every bit reads as false.
type boolReader struct {
	buf   []byte
	r     int
	rng   uint32
	bits  uint32
	nBits uint8
}

func (p *boolReader) bit(prob uint8) bool {
	if p.nBits < 8 {
		if p.r >= len(p.buf) {
			return false
		}
		p.bits |= uint32(p.buf[p.r]) << (8 - p.nBits)
		p.r++
		p.nBits += 8
	}
	split := (p.rng*uint32(prob))>>8 + 1
	bit := p.bits >= split<<8
	if bit {
		p.rng -= split
		p.bits -= split << 8
	} else {
		p.rng = split - 1
	}
	for p.rng < 127 {
		p.rng = p.rng<<1 | 1
		p.bits <<= 1
		p.nBits--
	}
	return bit
}

func (p *boolReader) uint(n int) uint32 {
	var u uint32
	for i := n - 1; i >= 0; i-- {
		if p.bit(128) {
			u |= 1 << i
		}
	}
	return u
}

func (p *boolReader) optInt(n int) {
	if p.bit(128) {
		p.uint(n)
		p.bit(128)
	}
}

// vp8l walks a lossless stream (after its header) of a w×h picture as
// golang.org/x/image/vp8l decodes it: its transforms, then its pixels.
func (k *webpWalk) vp8l(stream []byte, w, h int32) error {
	v := &vp8lWalk{k: k, data: stream, end: 8 * len(stream)}
	k.alloc(48) // the decoder
	var seen [4]bool
	width := w
	dst := int64(0) // the colour-indexing transform's pixels, when it packs them
	for {
		more, err := v.read(1)
		if err != nil {
			return err
		}
		if more == 0 {
			break
		}
		t, err := v.read(2)
		if err != nil {
			return err
		}
		switch t {
		case 0, 1: // predictor, cross colour: an image of their tiles
			b, err := v.read(3)
			if err != nil {
				return err
			}
			b += 2
			if _, err := v.image(tiles(width, b), tiles(h, b), 0, false, false); err != nil {
				return err
			}
		case 3: // colour indexing: the palette, the pixels packed
			c, err := v.read(8)
			if err != nil {
				return err
			}
			c++
			b := uint32(0)
			switch {
			case c <= 2:
				b = 3
			case c <= 4:
				b = 2
			case c <= 16:
				b = 1
			}
			if b > 0 {
				dst = 4 * int64(width) * int64(h)
			}
			width = tiles(width, b)
			if _, err := v.image(int32(c), 1, 4*256, false, false); err != nil {
				return err
			}
		}
		// Refused once read, as the decoder refuses it.
		if seen[t] {
			return errors.New("vp8l: repeated transform")
		}
		seen[t] = true
	}
	if _, err := v.image(width, h, 0, true, false); err != nil {
		return err
	}
	k.alloc(dst)
	return nil
}

// tiles is how many tiles of 1<<b pixels cover n.
func tiles(n int32, b uint32) int32 { return (n + 1<<b - 1) >> b }

// vp8lWalk reads a VP8L stream's bits, least significant first.
type vp8lWalk struct {
	k    *webpWalk
	data []byte
	pos  int // bits read
	end  int // bits there are

	lengths []uint8 // a tree's code lengths, as it is read
}

// peek is the next 32 bits from the stream (zeros past its end).
func (v *vp8lWalk) peek() uint32 {
	i := v.pos >> 3
	var x uint64
	if i+8 <= len(v.data) {
		x = binary.LittleEndian.Uint64(v.data[i:])
	} else {
		for j := len(v.data) - 1; j >= i; j-- {
			x = x<<8 | uint64(v.data[j])
		}
	}
	return uint32(x >> (v.pos & 7))
}

func (v *vp8lWalk) read(n int) (uint32, error) {
	if v.pos+n > v.end {
		return 0, io.ErrUnexpectedEOF
	}
	x := v.peek() & (1<<n - 1)
	v.pos += n
	return x, nil
}

// vtree is a Huffman code as the walk decodes it: one symbol of no bits,
// or a table of the codes of up to 8 bits by the next 8 bits of the
// stream, and the codes in order for longer ones.
type vtree struct {
	one   bool
	sym   uint16
	lut   []uint16 // symbol<<4 | length, 0 for a longer code
	count [16]uint16
	syms  []uint16 // by code
}

// next decodes a symbol.
func (v *vp8lWalk) next(t *vtree) (uint32, error) {
	if t.one {
		return uint32(t.sym), nil
	}
	x := v.peek()
	if e := t.lut[x&0xff]; e != 0 {
		n := int(e & 15)
		if v.pos+n > v.end {
			return 0, io.ErrUnexpectedEOF
		}
		v.pos += n
		return uint32(e >> 4), nil
	}
	code, first, index := 0, 0, 0
	for n := 1; n < 16; n++ {
		if v.pos+n > v.end {
			return 0, io.ErrUnexpectedEOF
		}
		code |= int(x >> (n - 1) & 1)
		c := int(t.count[n])
		if code-first < c {
			v.pos += n
			return uint32(t.syms[index+code-first]), nil
		}
		index += c
		first = (first + c) << 1
		code <<= 1
	}
	return 0, errVP8LTree // not reached: a tree built is complete
}

// build makes t from code lengths, refusing what the decoder refuses: no
// code at all, or (of two or more) codes that are not a complete prefix
// code, whose tree would not have the 2n-1 nodes the decoder makes room
// for.
func (t *vtree) build(lengths []uint8) error {
	n, last := 0, 0
	var count [16]uint16
	kraft := 0
	for s, l := range lengths {
		if l != 0 {
			n, last = n+1, s
			count[l]++
			kraft += 1 << (15 - l)
		}
	}
	if n == 0 {
		return errVP8LTree
	}
	if n == 1 {
		*t = vtree{one: true, sym: uint16(last)}
		return nil
	}
	if kraft != 1<<15 {
		return errVP8LTree
	}
	t.one, t.count = false, count
	var next [16]int
	for l, c := 1, 0; l < 16; l++ {
		c = (c + int(count[l-1])) << 1
		if l == 1 {
			c = 0
		}
		next[l] = c
	}
	var offs [16]int
	for l := 2; l < 16; l++ {
		offs[l] = offs[l-1] + int(count[l-1])
	}
	t.syms = make([]uint16, n)
	t.lut = make([]uint16, 256)
	for s, l := range lengths {
		if l == 0 {
			continue
		}
		code := next[l]
		next[l]++
		t.syms[offs[l]] = uint16(s)
		offs[l]++
		if l <= 8 {
			r := int(bits.Reverse16(uint16(code)) >> (16 - l))
			for hi := 0; hi < 1<<(8-l); hi++ {
				t.lut[r|hi<<l] = uint16(s)<<4 | uint16(l)
			}
		}
	}
	return nil
}

// codeLengthOrder is the order a code's code lengths' code lengths come
// in.
var codeLengthOrder = [19]int{17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}

// hTreeSize is the decoder's Huffman tree without its nodes: a slice and
// a table of 128 uint32s; a group is five of them.
const hTreeSize = 24 + 4*128

// tree reads a Huffman code of alphabet codes into t (nil: read and
// dropped, as the decoder drops a group no tile uses), counting what the
// decoder allocates for it.
func (v *vp8lWalk) tree(t *vtree, alphabet int) error {
	simple, err := v.read(1)
	if err != nil {
		return err
	}
	if simple != 0 {
		n, err := v.read(1)
		if err != nil {
			return err
		}
		wide, err := v.read(1)
		if err != nil {
			return err
		}
		var syms [2]uint32
		if syms[0], err = v.read(int(7*wide + 1)); err != nil {
			return err
		}
		if n == 1 {
			if syms[1], err = v.read(8); err != nil {
				return err
			}
		}
		if t == nil {
			return nil
		}
		v.k.alloc(8 * (2*int64(n+1) - 1))
		for i := range n + 1 {
			if syms[i] >= uint32(alphabet) {
				return errVP8LTree
			}
		}
		if n == 0 {
			*t = vtree{one: true, sym: uint16(syms[0])}
			return nil
		}
		*t = vtree{lut: make([]uint16, 256), count: [16]uint16{1: 2}, syms: []uint16{uint16(syms[0]), uint16(syms[1])}}
		for i := range 128 {
			t.lut[2*i] = uint16(syms[0])<<4 | 1
			t.lut[2*i+1] = uint16(syms[1])<<4 | 1
		}
		return nil
	}
	nc, err := v.read(4)
	if err != nil {
		return err
	}
	var clc [19]uint8
	for _, s := range codeLengthOrder[:nc+4] {
		x, err := v.read(3)
		if err != nil {
			return err
		}
		clc[s] = uint8(x)
	}
	v.k.alloc(4 * int64(alphabet)) // the code lengths
	if cap(v.lengths) < alphabet {
		v.lengths = make([]uint8, alphabet)
	}
	lengths := v.lengths[:alphabet]
	clear(lengths)
	// The code lengths' own code, built as a tree of the decoder's own.
	var lc vtree
	v.k.alloc(hTreeSize)
	if nz := nonzero(clc[:]); nz > 0 {
		v.k.alloc(8 * (2*int64(nz) - 1))
		if nz > 1 {
			v.k.alloc(4 * 19)
		}
	}
	if err := lc.build(clc[:]); err != nil {
		return err
	}
	max := alphabet
	use, err := v.read(1)
	if err != nil {
		return err
	}
	if use != 0 {
		n, err := v.read(3)
		if err != nil {
			return err
		}
		ms, err := v.read(int(2 + 2*n))
		if err != nil {
			return err
		}
		if max = int(ms) + 2; max > alphabet {
			return errVP8LLengths
		}
	}
	prev := uint8(8)
	for s := 0; s < alphabet; {
		if max == 0 {
			break
		}
		max--
		l, err := v.next(&lc)
		if err != nil {
			return err
		}
		if l < 16 {
			lengths[s] = uint8(l)
			s++
			if l != 0 {
				prev = uint8(l)
			}
			continue
		}
		r, err := v.read([3]int{2, 3, 7}[l-16])
		if err != nil {
			return err
		}
		r += [3]uint32{3, 3, 11}[l-16]
		if s+int(r) > alphabet {
			return errVP8LLengths
		}
		x := uint8(0)
		if l == 16 {
			x = prev
		}
		for ; r > 0; r-- {
			lengths[s] = x
			s++
		}
	}
	if t == nil {
		return nil
	}
	if nz := nonzero(lengths); nz > 0 {
		v.k.alloc(8 * (2*int64(nz) - 1))
		if nz > 1 {
			v.k.alloc(4 * int64(alphabet))
		}
	}
	return t.build(lengths)
}

func nonzero(l []uint8) int {
	n := 0
	for _, x := range l {
		if x != 0 {
			n++
		}
	}
	return n
}

// image walks an entropy-coded image of w×h pixels as the decoder's
// decodePix does (top: the picture itself, with its meta Huffman image),
// returning its pixels' red and green (as the decoder's Huffman group of a
// tile) when keep. The walk of the picture itself stops before its
// pixels unless the walk is the check.
func (v *vp8lWalk) image(w, h int32, minCap int32, top, keep bool) ([]uint16, error) {
	cache, err := v.read(1)
	if err != nil {
		return nil, err
	}
	ccBits := 0
	if cache != 0 {
		c, err := v.read(4)
		if err != nil {
			return nil, err
		}
		if c < 1 || c > 11 {
			return nil, errors.New("vp8l: invalid color cache parameters")
		}
		ccBits = int(c)
		v.k.alloc(4 << ccBits)
	}
	// The Huffman groups, and the image of which a tile uses.
	hBits := uint32(0)
	var meta []uint16
	groups := 1
	var mapping []int
	if top {
		use, err := v.read(1)
		if err != nil {
			return nil, err
		}
		if use != 0 {
			b, err := v.read(3)
			if err != nil {
				return nil, err
			}
			hBits = b + 2
			tw, th := tiles(w, hBits), tiles(h, hBits)
			if meta, err = v.image(tw, th, 0, false, true); err != nil {
				return nil, err
			}
			most := 0
			for _, g := range meta {
				most = max(most, int(g))
			}
			if most >= 2600 {
				return nil, errors.New("vp8l: too many Huffman trees")
			}
			groups = most + 1
			if most >= 1000 || most >= int(tw)*int(th) {
				v.k.alloc(2 * int64(most+1))
				mapping = make([]int, most+1)
				for i := range mapping {
					mapping[i] = -1
				}
				groups = 0
				for i, g := range meta {
					if mapping[g] < 0 {
						mapping[g] = groups
						groups++
					}
					meta[i] = uint16(mapping[g])
				}
			}
		}
	}
	v.k.alloc(int64(groups) * 5 * hTreeSize)
	trees := make([][5]vtree, groups)
	read := groups // the groups the stream holds, used or not
	if mapping != nil {
		read = len(mapping)
	}
	for i := range read {
		var g *[5]vtree
		switch {
		case mapping == nil:
			g = &trees[i]
		case mapping[i] >= 0:
			g = &trees[mapping[i]]
		}
		for j, n := range [5]int{280, 256, 256, 256, 40} {
			if j == 0 && ccBits > 0 {
				n += 1 << ccBits
			}
			var t *vtree
			if g != nil {
				t = &g[j]
			}
			if err := v.tree(t, n); err != nil {
				return nil, err
			}
		}
	}
	// The pixels.
	npix := int64(w) * int64(h)
	v.k.alloc(max(4*npix, int64(minCap)))
	if top && !v.k.pixels {
		return nil, nil
	}
	var out []uint16
	var argb []uint32 // the pixels so far, for copies and the colour cache, when kept
	if keep {
		out, argb = make([]uint16, npix), make([]uint32, npix)
	}
	var cc []uint32
	if ccBits > 0 {
		cc = make([]uint32, 1<<ccBits)
	}
	hMask, perRow := int32(0), int32(0)
	if hBits != 0 {
		hMask, perRow = 1<<hBits-1, tiles(w, hBits)
	}
	g := &trees[0]
	look := hMask != 0
	cached := int64(0)
	x, y := int32(0), int32(0)
	for p := int64(0); p < npix; {
		if look {
			g = &trees[meta[perRow*(y>>hBits)+x>>hBits]]
		}
		green, err := v.next(&g[0])
		if err != nil {
			return nil, err
		}
		switch {
		case green < 256:
			r, err := v.next(&g[1])
			if err != nil {
				return nil, err
			}
			b, err := v.next(&g[2])
			if err != nil {
				return nil, err
			}
			a, err := v.next(&g[3])
			if err != nil {
				return nil, err
			}
			if keep {
				argb[p] = a<<24 | r<<16 | green<<8 | b
			}
			p++
			if x++; x == w {
				x, y = 0, y+1
			}
			look = hMask != 0 && x&hMask == 0
		case green < 280:
			length, err := v.lz77(green - 256)
			if err != nil {
				return nil, err
			}
			ds, err := v.next(&g[4])
			if err != nil {
				return nil, err
			}
			dc, err := v.lz77(ds)
			if err != nil {
				return nil, err
			}
			dist := int64(distanceMap(w, dc))
			if p+int64(length) > npix || p-dist < 0 {
				return nil, errors.New("vp8l: invalid LZ77 parameters")
			}
			if keep {
				for e := p + int64(length); p < e; p++ {
					argb[p] = argb[p-dist]
				}
			} else {
				p += int64(length)
			}
			x += int32(length)
			for x >= w {
				x, y = x-w, y+1
			}
			look = hMask != 0
		default:
			i := int(green - 280)
			if i >= len(cc) {
				return nil, errors.New("vp8l: invalid color cache index")
			}
			if keep {
				for ; cached < p; cached++ {
					c := argb[cached]
					cc[(c*0x1e35a7bd)>>(32-ccBits)] = c
				}
				argb[p] = cc[i]
			}
			p++
			if x++; x == w {
				x, y = 0, y+1
			}
			look = hMask != 0 && x&hMask == 0
		}
	}
	for i, c := range argb {
		out[i] = uint16(c >> 8) // red, green
	}
	return out, nil
}

// lz77 is a copy's length or distance from its symbol.
func (v *vp8lWalk) lz77(sym uint32) (uint32, error) {
	if sym < 4 {
		return sym + 1, nil
	}
	extra := (sym - 2) >> 1
	off := (2 + sym&1) << extra
	n, err := v.read(int(extra))
	if err != nil {
		return 0, err
	}
	return off + n + 1, nil
}

// distanceMap is the decoder's: a short distance code is an offset near
// the pixel, by a table.
func distanceMap(w int32, code uint32) int32 {
	if int32(code) > int32(len(vp8lDistances)) {
		return int32(code) - int32(len(vp8lDistances))
	}
	c := int32(vp8lDistances[code-1])
	if d := (c>>4)*w + 8 - c&0xf; d >= 1 {
		return d
	}
	return 1
}

var vp8lDistances = [120]uint8{
	0x18, 0x07, 0x17, 0x19, 0x28, 0x06, 0x27, 0x29, 0x16, 0x1a,
	0x26, 0x2a, 0x38, 0x05, 0x37, 0x39, 0x15, 0x1b, 0x36, 0x3a,
	0x25, 0x2b, 0x48, 0x04, 0x47, 0x49, 0x14, 0x1c, 0x35, 0x3b,
	0x46, 0x4a, 0x24, 0x2c, 0x58, 0x45, 0x4b, 0x34, 0x3c, 0x03,
	0x57, 0x59, 0x13, 0x1d, 0x56, 0x5a, 0x23, 0x2d, 0x44, 0x4c,
	0x55, 0x5b, 0x33, 0x3d, 0x68, 0x02, 0x67, 0x69, 0x12, 0x1e,
	0x66, 0x6a, 0x22, 0x2e, 0x54, 0x5c, 0x43, 0x4d, 0x65, 0x6b,
	0x32, 0x3e, 0x78, 0x01, 0x77, 0x79, 0x53, 0x5d, 0x11, 0x1f,
	0x64, 0x6c, 0x42, 0x4e, 0x76, 0x7a, 0x21, 0x2f, 0x75, 0x7b,
	0x31, 0x3f, 0x63, 0x6d, 0x52, 0x5e, 0x00, 0x74, 0x7c, 0x41,
	0x4f, 0x10, 0x20, 0x62, 0x6e, 0x30, 0x73, 0x7d, 0x51, 0x5f,
	0x40, 0x72, 0x7e, 0x61, 0x6f, 0x50, 0x71, 0x7f, 0x60, 0x70,
}
