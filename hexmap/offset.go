package hexmap

import (
	"fmt"
	"strconv"
	"strings"
)

// Offset is a hex in offset coordinates, the column and row of a printed
// rectangular battle mat. Pointy-top maps shove odd rows right ("odd-r");
// flat-top maps shove odd columns down ("odd-q").
type Offset struct {
	Col, Row int
}

// ToOffset converts h to the offset coordinates of orientation o.
func (o Orientation) ToOffset(h Hex) Offset {
	if o == Flat {
		return Offset{h.Q, h.R + (h.Q-(h.Q&1))/2}
	}
	return Offset{h.Q + (h.R-(h.R&1))/2, h.R}
}

// FromOffset converts offset coordinates of orientation o to a hex.
func (o Orientation) FromOffset(c Offset) Hex {
	if o == Flat {
		return Hex{c.Col, c.Row - (c.Col-(c.Col&1))/2}
	}
	return Hex{c.Col - (c.Row-(c.Row&1))/2, c.Row}
}

// Label names an offset position like a battle mat: column letters (A…Z,
// AA…) and a row number from 1, as "C7".
func (c Offset) Label() string {
	if c.Col < 0 || c.Row < 0 {
		return fmt.Sprintf("(%d,%d)", c.Col, c.Row)
	}
	return ColumnName(c.Col) + strconv.Itoa(c.Row+1)
}

// ColumnName is the letters of column col: 0 is A, 25 Z, 26 AA.
func ColumnName(col int) string {
	s := ""
	for col++; col > 0; col = (col - 1) / 26 {
		s = string(rune('A'+(col-1)%26)) + s
	}
	return s
}

// ParseLabel reads a label such as "C7" back to offset coordinates.
func ParseLabel(s string) (Offset, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	i := 0
	col := 0
	for i < len(s) && s[i] >= 'A' && s[i] <= 'Z' {
		col = col*26 + int(s[i]-'A'+1)
		i++
	}
	row, err := strconv.Atoi(s[i:])
	if i == 0 || err != nil || row < 1 || i > 4 {
		return Offset{}, fmt.Errorf("hex label %q: want column letters and a row number, as \"C7\"", s)
	}
	return Offset{col - 1, row - 1}, nil
}
