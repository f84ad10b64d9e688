package hexmap

import (
	"bufio"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
)

// checkPNG reads a PNG as image/png's decoder reads it, chunk by chunk,
// checksum by checksum, through its zlib stream and every row's filter
// byte, and fails where that decoder fails, without making its pixels:
// CheckBackground's proof that a PNG is whole, in the memory of two rows
// rather than of the picture (a 256 MiB one at the picture limit). It
// mirrors the decoder's steps (Go 1.26's image/png, reader.go) down to
// the buffers it reads through, on which what it accepts depends;
// FuzzCheckPNG holds the two to the same answers. rd is told how far it
// has come as the part of a read from lo to hi.
func checkPNG(rd *reading, data []byte, lo, hi float64) error {
	// image.Decode reads through a bufio.Reader of its own (its reader
	// has no Peek), as here.
	c := &pngChecker{r: bufio.NewReader(rd.reader(data, "checking the picture", lo, hi)), crc: crc32.NewIEEE()}
	if _, err := io.ReadFull(c.r, c.tmp[:8]); err != nil {
		return err
	}
	if string(c.tmp[:8]) != "\x89PNG\r\n\x1a\n" {
		return errors.New("png: invalid format: not a PNG file")
	}
	for c.stage != pngSeenIEND {
		if err := c.chunk(); err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return err
		}
	}
	return nil
}

// The decoder's stages: the chunks it has seen, in the order they must
// come.
const (
	pngStart = iota
	pngSeenIHDR
	pngSeenPLTE
	pngSeentRNS
	pngSeenIDAT
	pngSeenIEND
)

// pngChecker is image/png's decoder without its pixels.
type pngChecker struct {
	r             io.Reader
	crc           hash.Hash32
	tmp           [3 * 256]byte
	stage         int
	width, height int
	depth         int
	colorType     byte
	interlaced    bool
	idatLength    uint32
}

var errPNGOrder = errors.New("png: invalid format: chunk out of order")

func pngFormat(s string) error { return fmt.Errorf("png: invalid format: %s", s) }

func (c *pngChecker) paletted() bool { return c.colorType == 3 }

// chunk reads one chunk: the decoder's parseChunk.
func (c *pngChecker) chunk() error {
	if _, err := io.ReadFull(c.r, c.tmp[:8]); err != nil {
		return err
	}
	length := binary.BigEndian.Uint32(c.tmp[:4])
	c.crc.Reset()
	c.crc.Write(c.tmp[4:8])
	switch string(c.tmp[4:8]) {
	case "IHDR":
		if c.stage != pngStart {
			return errPNGOrder
		}
		c.stage = pngSeenIHDR
		return c.ihdr(length)
	case "PLTE":
		if c.stage != pngSeenIHDR {
			return errPNGOrder
		}
		c.stage = pngSeenPLTE
		return c.plte(length)
	case "tRNS":
		switch {
		case c.paletted():
			if c.stage != pngSeenPLTE {
				return errPNGOrder
			}
		case c.colorType == 2 || c.colorType == 6: // true colour
			if c.stage != pngSeenIHDR && c.stage != pngSeenPLTE {
				return errPNGOrder
			}
		default:
			if c.stage != pngSeenIHDR {
				return errPNGOrder
			}
		}
		c.stage = pngSeentRNS
		return c.trns(length)
	case "IDAT":
		if c.stage < pngSeenIHDR || c.stage > pngSeenIDAT || (c.stage == pngSeenIHDR && c.paletted()) {
			return errPNGOrder
		} else if c.stage == pngSeenIDAT {
			break // trailing IDAT chunks are ignored, as below
		}
		c.stage = pngSeenIDAT
		c.idatLength = length
		if err := c.pixels(); err != nil {
			return err
		}
		return c.checksum()
	case "IEND":
		if c.stage != pngSeenIDAT {
			return errPNGOrder
		}
		c.stage = pngSeenIEND
		if length != 0 {
			return pngFormat("bad IEND length")
		}
		return c.checksum()
	}
	if length > 0x7fffffff {
		return pngFormat(fmt.Sprintf("Bad chunk length: %d", length))
	}
	var ignored [4096]byte
	for length > 0 {
		n, err := io.ReadFull(c.r, ignored[:min(len(ignored), int(length))])
		if err != nil {
			return err
		}
		c.crc.Write(ignored[:n])
		length -= uint32(n)
	}
	return c.checksum()
}

// checksum reads a chunk's CRC and compares it with the chunk's.
func (c *pngChecker) checksum() error {
	if _, err := io.ReadFull(c.r, c.tmp[:4]); err != nil {
		return err
	}
	if binary.BigEndian.Uint32(c.tmp[:4]) != c.crc.Sum32() {
		return pngFormat("invalid checksum")
	}
	return nil
}

// ihdr reads the header chunk (checked already by image.DecodeConfig, so
// only what the rest needs is kept, and what the decoder refuses
// refused).
func (c *pngChecker) ihdr(length uint32) error {
	if length != 13 {
		return pngFormat("bad IHDR length")
	}
	if _, err := io.ReadFull(c.r, c.tmp[:13]); err != nil {
		return err
	}
	c.crc.Write(c.tmp[:13])
	t := c.tmp[:13]
	w, h := int32(binary.BigEndian.Uint32(t[0:4])), int32(binary.BigEndian.Uint32(t[4:8]))
	if t[10] != 0 || t[11] != 0 || t[12] > 1 || w <= 0 || h <= 0 {
		return pngFormat("bad IHDR")
	}
	c.width, c.height, c.depth, c.colorType, c.interlaced = int(w), int(h), int(t[8]), t[9], t[12] == 1
	if c.bitsPerPixel() == 0 {
		return fmt.Errorf("png: unsupported feature: bit depth %d, color type %d", t[8], t[9])
	}
	return c.checksum()
}

// bitsPerPixel is a pixel's bits in the rows, 0 for a depth and colour
// type the decoder does not read.
func (c *pngChecker) bitsPerPixel() int {
	channels := map[byte]int{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[c.colorType]
	switch {
	case c.colorType == 0 && (c.depth == 1 || c.depth == 2 || c.depth == 4 || c.depth == 8 || c.depth == 16),
		c.colorType == 3 && (c.depth == 1 || c.depth == 2 || c.depth == 4 || c.depth == 8),
		(c.colorType == 2 || c.colorType == 4 || c.colorType == 6) && (c.depth == 8 || c.depth == 16):
		return channels * c.depth
	}
	return 0
}

func (c *pngChecker) plte(length uint32) error {
	np := int(length / 3)
	if length%3 != 0 || np <= 0 || np > 256 || np > 1<<uint(c.depth) {
		return pngFormat("bad PLTE length")
	}
	n, err := io.ReadFull(c.r, c.tmp[:3*np])
	if err != nil {
		return err
	}
	c.crc.Write(c.tmp[:n])
	if c.colorType != 3 && c.colorType != 2 && c.colorType != 6 {
		return pngFormat("PLTE, color type mismatch")
	}
	return c.checksum()
}

func (c *pngChecker) trns(length uint32) error {
	switch c.colorType {
	case 0:
		if length != 2 {
			return pngFormat("bad tRNS length")
		}
	case 2:
		if length != 6 {
			return pngFormat("bad tRNS length")
		}
	case 3:
		if length > 256 {
			return pngFormat("bad tRNS length")
		}
	default:
		return pngFormat("tRNS, color type mismatch")
	}
	n, err := io.ReadFull(c.r, c.tmp[:length])
	if err != nil {
		return err
	}
	c.crc.Write(c.tmp[:n])
	return c.checksum()
}

// Read reads the zlib stream across consecutive IDAT chunks: the
// decoder's Read.
func (c *pngChecker) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for c.idatLength == 0 {
		if err := c.checksum(); err != nil {
			return 0, err
		}
		if _, err := io.ReadFull(c.r, c.tmp[:8]); err != nil {
			return 0, err
		}
		c.idatLength = binary.BigEndian.Uint32(c.tmp[:4])
		if string(c.tmp[4:8]) != "IDAT" {
			return 0, pngFormat("not enough pixel data")
		}
		c.crc.Reset()
		c.crc.Write(c.tmp[4:8])
	}
	if int32(c.idatLength) < 0 {
		return 0, errors.New("png: unsupported feature: IDAT chunk length overflow")
	}
	n, err := c.r.Read(p[:min(len(p), int(c.idatLength))])
	c.crc.Write(p[:n])
	c.idatLength -= uint32(n)
	return n, err
}

// adam7 are the interlaced passes: each one's step and start across and
// down.
var adam7 = [7][4]int{{8, 8, 0, 0}, {8, 8, 4, 0}, {4, 8, 0, 4}, {4, 4, 2, 0}, {2, 4, 0, 2}, {2, 2, 1, 0}, {1, 2, 0, 1}}

// pixels reads the zlib stream row by row, as the decoder's decode and
// readImagePass do, keeping one row.
func (c *pngChecker) pixels() error {
	z, err := zlib.NewReader(c)
	if err != nil {
		return err
	}
	defer z.Close()
	passes := [][4]int{{1, 1, 0, 0}}
	if c.interlaced {
		passes = adam7[:]
	}
	var row []byte
	for _, p := range passes {
		w := (c.width - p[2] + p[0] - 1) / p[0]
		h := (c.height - p[3] + p[1] - 1) / p[1]
		if w == 0 || h == 0 {
			continue
		}
		size := 1 + (int64(c.bitsPerPixel())*int64(w)+7)/8
		if cap(row) < int(size) {
			row = make([]byte, size)
		}
		row = row[:size]
		for range h {
			if _, err := io.ReadFull(z, row); err != nil {
				if err == io.EOF || err == io.ErrUnexpectedEOF {
					return pngFormat("not enough pixel data")
				}
				return err
			}
			if row[0] > 4 {
				return pngFormat("bad filter type")
			}
		}
	}
	// The end of the stream, to check its checksum.
	n := 0
	for i := 0; n == 0 && err == nil; i++ {
		if i == 100 {
			return io.ErrNoProgress
		}
		n, err = z.Read(c.tmp[:1])
	}
	if err != nil && err != io.EOF {
		return pngFormat(err.Error())
	}
	if n != 0 || c.idatLength != 0 {
		return pngFormat("too much pixel data")
	}
	return nil
}
