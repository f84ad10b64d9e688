package hexmap

import (
	"bytes"
	"errors"
	"io"
)

// checkJPEG is CheckBackground's proof that a JPEG is whole, without
// making its pixels: it walks the picture's segments as image/jpeg's
// decoder does (stray bytes and fill between them, the same rules for
// every frame, table and scan header, the Adobe marker a four-component
// picture needs) to its end (EOI), and passes over each scan's
// entropy-coded data to the marker after it without decoding it. So a
// JPEG cut short, or with a damaged or missing segment, is refused as the
// decoder refuses it; one whose coded data alone is damaged is accepted,
// and its window says it cannot show the picture (FuzzCheckJPEG holds it
// to both). The decoder's own Huffman pass over the largest JPEG within
// the limits takes two seconds; this pass, milliseconds.
func checkJPEG(data []byte) error {
	format := func(s string) error { return errors.New("invalid JPEG format: " + s) }
	unsupported := func(s string) error { return errors.New("unsupported JPEG feature: " + s) }
	if len(data) < 2 {
		return io.ErrUnexpectedEOF
	}
	if data[0] != 0xff || data[1] != 0xd8 {
		return format("missing SOI marker")
	}
	var (
		nComp                 int
		comps                 [4][3]byte // id, h, v
		baseline, progressive bool
		adobe, scanned        bool
	)
	for p := 2; ; {
		// The next marker, past stray bytes and a "\xff\x00", and the
		// fill bytes before it.
		if p+2 > len(data) {
			return io.ErrUnexpectedEOF
		}
		for data[p] != 0xff {
			p++
			if p+2 > len(data) {
				return io.ErrUnexpectedEOF
			}
		}
		marker := data[p+1]
		p += 2
		if marker == 0 {
			continue
		}
		for marker == 0xff {
			if p >= len(data) {
				return io.ErrUnexpectedEOF
			}
			marker = data[p]
			p++
		}
		if marker == 0xd9 { // EOI
			break
		}
		if marker >= 0xd0 && marker <= 0xd7 { // RST, outside a scan
			continue
		}
		if p+2 > len(data) {
			return io.ErrUnexpectedEOF
		}
		n := int(data[p])<<8 | int(data[p+1]) - 2
		p += 2
		if n < 0 {
			return format("short segment length")
		}
		if p+n > len(data) {
			return io.ErrUnexpectedEOF
		}
		seg := data[p : p+n]
		p += n
		switch {
		case marker == 0xc0 || marker == 0xc1 || marker == 0xc2: // SOF
			baseline, progressive = marker == 0xc0, marker == 0xc2
			if nComp != 0 {
				return format("multiple SOF markers")
			}
			var err error
			if nComp, err = jpegFrame(seg, &comps); err != nil {
				return err
			}
		case marker == 0xc4: // DHT
			for len(seg) > 0 {
				if len(seg) < 17 {
					return format("DHT has wrong length")
				}
				if seg[0]>>4 > 1 {
					return format("bad Tc value")
				}
				if th := seg[0] & 15; th > 3 || baseline && th > 1 {
					return format("bad Th value")
				}
				codes := 0
				for _, c := range seg[1:17] {
					codes += int(c)
				}
				if codes == 0 {
					return format("Huffman table has zero length")
				}
				if codes > 256 {
					return format("Huffman table has excessive length")
				}
				if len(seg) < 17+codes {
					return format("DHT has wrong length")
				}
				seg = seg[17+codes:]
			}
		case marker == 0xdb: // DQT
			for len(seg) > 0 {
				x := seg[0]
				seg = seg[1:]
				if x&15 > 3 {
					return format("bad Tq value")
				}
				size := 64
				switch x >> 4 {
				case 0:
				case 1:
					size = 128
				default:
					return format("bad Pq value")
				}
				if len(seg) < size {
					break
				}
				seg = seg[size:]
			}
			if len(seg) != 0 {
				return format("DQT has wrong length")
			}
		case marker == 0xdd: // DRI
			if n != 2 {
				return format("DRI has wrong length")
			}
		case marker == 0xda: // SOS
			if err := jpegScan(seg, nComp, &comps, baseline, progressive); err != nil {
				return err
			}
			scanned = true
			// The scan's coded data, to the first marker that is not a
			// stuffed 0xff or a restart.
			for {
				i := bytes.IndexByte(data[p:], 0xff)
				if i < 0 || p+i+1 >= len(data) {
					return io.ErrUnexpectedEOF
				}
				p += i
				if m := data[p+1]; m == 0 || m >= 0xd0 && m <= 0xd7 {
					p += 2
					continue
				}
				break
			}
		case marker == 0xee: // APP14
			if len(seg) >= 12 && bytes.HasPrefix(seg, []byte("Adobe")) {
				adobe = true
			}
		case marker >= 0xe0 && marker <= 0xef || marker == 0xfe: // APPn, COM
		case marker < 0xc0:
			return format("unknown marker")
		default:
			return unsupported("unknown marker")
		}
	}
	if !scanned {
		return format("missing SOS marker")
	}
	if nComp == 4 && !adobe {
		return unsupported("unknown color model: 4-component JPEG doesn't have Adobe APP14 metadata")
	}
	return nil
}

// jpegFrame checks a frame header (SOF) as image/jpeg does, and gives its
// components.
func jpegFrame(seg []byte, comps *[4][3]byte) (int, error) {
	format := func(s string) error { return errors.New("invalid JPEG format: " + s) }
	unsupported := func(s string) error { return errors.New("unsupported JPEG feature: " + s) }
	var nComp int
	switch len(seg) {
	case 6 + 3*1, 6 + 3*3, 6 + 3*4:
		nComp = (len(seg) - 6) / 3
	default:
		return 0, unsupported("number of components")
	}
	if seg[0] != 8 {
		return 0, unsupported("precision")
	}
	if int(seg[5]) != nComp {
		return 0, format("SOF has wrong length")
	}
	for i := range nComp {
		c := seg[6+3*i:]
		for j := range i {
			if c[0] == comps[j][0] {
				return 0, format("repeated component identifier")
			}
		}
		if c[2] > 3 {
			return 0, format("bad Tq value")
		}
		hv := c[1]
		h, v := hv>>4, hv&15
		if h < 1 || h > 4 || v < 1 || v > 4 {
			return 0, format("luma/chroma subsampling ratio")
		}
		if h == 3 || v == 3 {
			return 0, unsupported("luma/chroma subsampling ratio")
		}
		ratio := unsupported("luma/chroma subsampling ratio")
		switch nComp {
		case 1:
			h, v = 1, 1 // as the decoder takes a grey picture's
		case 3:
			switch {
			case i == 0 && v == 4:
				return 0, ratio
			case i == 1 && (comps[0][1]%h != 0 || comps[0][2]%v != 0):
				return 0, ratio
			case i == 2 && (comps[1][1] != h || comps[1][2] != v):
				return 0, ratio
			}
		case 4:
			switch {
			case i == 0 && hv != 0x11 && hv != 0x22:
				return 0, ratio
			case (i == 1 || i == 2) && hv != 0x11:
				return 0, ratio
			case i == 3 && (comps[0][1] != h || comps[0][2] != v):
				return 0, ratio
			}
		}
		comps[i] = [3]byte{c[0], h, v}
	}
	return nComp, nil
}

// jpegScan checks a scan header (SOS) as image/jpeg does, before the
// decoder makes the picture's planes and decodes the scan.
func jpegScan(seg []byte, nComp int, comps *[4][3]byte, baseline, progressive bool) error {
	format := func(s string) error { return errors.New("invalid JPEG format: " + s) }
	if nComp == 0 {
		return format("missing SOF marker")
	}
	n := len(seg)
	if n < 6 || 4+2*nComp < n || n%2 != 0 {
		return format("SOS has wrong length")
	}
	scanComps := int(seg[0])
	if n != 4+2*scanComps {
		return format("SOS length inconsistent with number of components")
	}
	var seen [4]bool
	totalHV := 0
	for i := range scanComps {
		k := -1
		for j := range nComp {
			if seg[1+2*i] == comps[j][0] {
				k = j
			}
		}
		if k < 0 {
			return format("unknown component selector")
		}
		if seen[k] {
			return format("repeated component selector")
		}
		seen[k] = true
		totalHV += int(comps[k][1]) * int(comps[k][2])
		if t := seg[2+2*i] >> 4; t > 3 || baseline && t > 1 {
			return format("bad Td value")
		}
		if t := seg[2+2*i] & 15; t > 3 || baseline && t > 1 {
			return format("bad Ta value")
		}
	}
	if nComp > 1 && totalHV > 10 {
		return format("total sampling factors too large")
	}
	if progressive {
		start, end := seg[1+2*scanComps], seg[2+2*scanComps]
		ah, al := seg[3+2*scanComps]>>4, seg[3+2*scanComps]&15
		if start == 0 && end != 0 || start > end || end >= 64 {
			return format("bad spectral selection bounds")
		}
		if start != 0 && scanComps != 1 {
			return format("progressive AC coefficients for more than one component")
		}
		if ah != 0 && ah != al+1 {
			return format("bad successive approximation values")
		}
	}
	return nil
}
