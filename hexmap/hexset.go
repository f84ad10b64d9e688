package hexmap

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
)

// HexSet is a set of the hexes of a map's rectangle, a bit a cell: what a
// side has seen, or what the Judge has shown it. The zero HexSet is empty
// and holds nothing; NewHexSet sizes one for a map.
type HexSet struct {
	orient        Orientation
	width, height int
	words         []uint64 // by cell index
}

// NewHexSet returns an empty set over m's rectangle.
func NewHexSet(m *Map) *HexSet {
	return &HexSet{orient: m.Orientation, width: m.Width, height: m.Height, words: make([]uint64, (m.Width*m.Height+63)/64)}
}

func (s *HexSet) index(h Hex) int {
	if s == nil {
		return -1
	}
	var col, row int
	if s.orient == Flat {
		col, row = h.Q, h.R+h.Q>>1
	} else {
		col, row = h.Q+h.R>>1, h.R
	}
	if col < 0 || row < 0 || col >= s.width || row >= s.height {
		return -1
	}
	return row*s.width + col
}

// Has reports whether h is in the set.
func (s *HexSet) Has(h Hex) bool {
	i := s.index(h)
	return i >= 0 && s.words[i>>6]&(1<<(i&63)) != 0
}

// Add puts h in the set (a hex off the rectangle is left out).
func (s *HexSet) Add(h Hex) {
	if i := s.index(h); i >= 0 {
		s.words[i>>6] |= 1 << (i & 63)
	}
}

// Remove takes h out of the set.
func (s *HexSet) Remove(h Hex) {
	if i := s.index(h); i >= 0 {
		s.words[i>>6] &^= 1 << (i & 63)
	}
}

// Len is how many hexes the set holds.
func (s *HexSet) Len() int {
	if s == nil {
		return 0
	}
	n := 0
	for _, w := range s.words {
		n += bits.OnesCount64(w)
	}
	return n
}

// Fits reports whether the set is over m's rectangle (a map resized since
// it was made is not).
func (s *HexSet) Fits(m *Map) bool {
	return s != nil && s.orient == m.Orientation && s.width == m.Width && s.height == m.Height
}

// Clone returns a copy of the set.
func (s *HexSet) Clone() *HexSet {
	if s == nil {
		return nil
	}
	c := *s
	c.words = append([]uint64(nil), s.words...)
	return &c
}

// AddSet puts every hex of o in s.
func (s *HexSet) AddSet(o *HexSet) {
	if o != nil {
		s.or(o.orient, o.width, o.height, o.words, 0, o.Hexes)
	}
}

// AddFOV puts every hex a field of view sees in s.
func (s *HexSet) AddFOV(f *FOV) {
	if f != nil {
		s.or(f.orient, f.width, f.height, f.seen, f.base, f.Hexes)
	}
}

// or puts in s the hexes of a set of bits over a map's cells, words from
// word base on: word by word when the set is over the same cells as s,
// else hex by hex.
func (s *HexSet) or(orient Orientation, width, height int, words []uint64, base int, hexes func() []Hex) {
	if orient == s.orient && width == s.width && height == s.height {
		for i, w := range words {
			s.words[base+i] |= w
		}
		return
	}
	for _, h := range hexes() {
		s.Add(h)
	}
}

// Hexes lists the set's hexes, row by row.
func (s *HexSet) Hexes() []Hex {
	if s == nil {
		return nil
	}
	var out []Hex
	for w, word := range s.words {
		for word != 0 {
			i := w*64 + bits.TrailingZeros64(word)
			word &= word - 1
			out = append(out, s.orient.FromOffset(Offset{i % s.width, i / s.width}))
		}
	}
	return out
}

// Minus lists, row by row, the hexes of s that are not in o (a set over
// the same rectangle; nil is empty): what a side sees now and did not.
func (s *HexSet) Minus(o *HexSet) []Hex {
	if s == nil {
		return nil
	}
	if o == nil || o.orient != s.orient || o.width != s.width || o.height != s.height {
		return s.Hexes()
	}
	var out []Hex
	for w, word := range s.words {
		word &^= o.words[w]
		for word != 0 {
			i := w*64 + bits.TrailingZeros64(word)
			word &= word - 1
			out = append(out, s.orient.FromOffset(Offset{i % s.width, i / s.width}))
		}
	}
	return out
}

// Encode writes the set as text for a file: base64 of its cells' bits,
// eight bytes a word, low cell first.
func (s *HexSet) Encode() string {
	b := make([]byte, 8*len(s.words))
	for i, w := range s.words {
		binary.LittleEndian.PutUint64(b[8*i:], w)
	}
	return base64.StdEncoding.EncodeToString(b)
}

// DecodeHexSet reads a set Encode wrote for m's rectangle.
func DecodeHexSet(m *Map, text string) (*HexSet, error) {
	s := NewHexSet(m)
	b, err := base64.StdEncoding.DecodeString(text)
	if err != nil {
		return nil, fmt.Errorf("hex set: %w", err)
	}
	if len(b) != 8*len(s.words) {
		return nil, fmt.Errorf("hex set: %d bytes, want %d for a %d×%d map", len(b), 8*len(s.words), m.Width, m.Height)
	}
	for i := range s.words {
		s.words[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	if n := m.Width * m.Height; n%64 != 0 && s.words[len(s.words)-1]>>(n%64) != 0 {
		return nil, fmt.Errorf("hex set: cells past the %d×%d map", m.Width, m.Height)
	}
	return s, nil
}

// ReplaceFOVs makes s, the union of some fields of view, the union after
// each view was[i] left it and now[i] joined it (either may be nil: a view
// only leaving, or only joining), all being every view of the union
// afterwards. Only the words of cells where a view that left saw a hex
// its replacement does not are made again, from all; elsewhere the union
// only gains now's hexes. It reports false, changing nothing, when a view
// is over another rectangle than s.
func (s *HexSet) ReplaceFOVs(was, now, all []*FOV) bool {
	fits := func(f *FOV) bool {
		return f == nil || f.orient == s.orient && f.width == s.width && f.height == s.height
	}
	for _, vs := range [][]*FOV{was, now, all} {
		for _, f := range vs {
			if !fits(f) {
				return false
			}
		}
	}
	var dirty []int // the words a leaving view saw more of than its replacement, in order
	for i, old := range was {
		if old == nil {
			continue
		}
		var nw *FOV
		if i < len(now) {
			nw = now[i]
		}
		for j, w := range old.seen {
			if w&^nw.word(old.base+j) != 0 {
				dirty = append(dirty, old.base+j)
			}
		}
	}
	for _, f := range now {
		if f != nil {
			for j, w := range f.seen {
				s.words[f.base+j] |= w
			}
		}
	}
	if len(dirty) == 0 {
		return true
	}
	slices.Sort(dirty)
	dirty = slices.Compact(dirty)
	for _, w := range dirty {
		s.words[w] = 0
	}
	for _, f := range all {
		if f == nil {
			continue
		}
		lo, _ := slices.BinarySearch(dirty, f.base)
		for _, w := range dirty[lo:] {
			if w >= f.base+len(f.seen) {
				break
			}
			s.words[w] |= f.seen[w-f.base]
		}
	}
	return true
}

// word is word w of the map's cells of f's seen hexes (0 outside those
// it keeps, or for a nil f).
func (f *FOV) word(w int) uint64 {
	if f == nil || w < f.base || w >= f.base+len(f.seen) {
		return 0
	}
	return f.seen[w-f.base]
}
