package hexmap

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Version 2 of the map file (File) writes each terrain row and each row
// of levels as runs: "3.2=" for "...==", "3*0 1" for levels 0, 0, 0, 1.

// runRow writes row's symbols as runs: a count before a symbol repeated
// (none for one), so "...==" is "3.2=".
func runRow(b *strings.Builder, row []rune) {
	for i := 0; i < len(row); {
		j := i + 1
		for j < len(row) && row[j] == row[i] {
			j++
		}
		if j-i > 1 {
			b.WriteString(strconv.Itoa(j - i))
		}
		b.WriteRune(row[i])
		i = j
	}
}

// isDigit reports whether r is an ASCII digit: a run's count.
func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// unrunRow reads a version 2 terrain row of width columns back into a
// symbol a column; a count of 0 or with a leading zero, one with no
// symbol after it, or runs past the width are refused. (Short rows are
// left to the caller, which names the width.)
func unrunRow(rs []rune, width int) ([]rune, error) {
	out := make([]rune, 0, width)
	for i := 0; i < len(rs); {
		n, j := 1, i
		if isDigit(rs[i]) {
			if rs[i] == '0' {
				return nil, fmt.Errorf("column %d: a run's count starts with 0", len(out)+1)
			}
			n = 0
			for j < len(rs) && isDigit(rs[j]) {
				n = n*10 + int(rs[j]-'0')
				if len(out)+n > width {
					return nil, fmt.Errorf("column %d: a run of %s or more goes past the width %d", len(out)+1, string(rs[i:j+1]), width)
				}
				j++
			}
			if j == len(rs) {
				return nil, fmt.Errorf("column %d: the count %d has no symbol after it", len(out)+1, n)
			}
		}
		if len(out)+n > width {
			return nil, fmt.Errorf("column %d: a run of %d goes past the width %d", len(out)+1, n, width)
		}
		for range n {
			out = append(out, rs[j])
		}
		i = j + 1
	}
	return out, nil
}

// runLevels writes a row of levels as runs between spaces: "3*0 1".
func runLevels(b *strings.Builder, levels []int16) {
	for i := 0; i < len(levels); {
		j := i + 1
		for j < len(levels) && levels[j] == levels[i] {
			j++
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		if j-i > 1 {
			b.WriteString(strconv.Itoa(j - i))
			b.WriteByte('*')
		}
		b.WriteString(strconv.Itoa(int(levels[i])))
		i = j
	}
}

// unrunLevels reads a row of levels (runLevels') into row, which it must
// fill exactly: a count below 1 or past the width, a level that is no
// whole number from MinElevation to MaxElevation are refused.
func unrunLevels(line string, row []int16) error {
	col := 0
	for k, run := range strings.Fields(line) {
		n, lv := 1, run
		if c, l, ok := strings.Cut(run, "*"); ok {
			var err error
			if n, err = strconv.Atoi(c); err != nil || n < 1 || c[0] == '0' || c[0] == '+' {
				return fmt.Errorf("run %d (%q): the count %q is not a whole number from 1", k+1, run, c)
			}
			lv = l
		}
		v, err := strconv.Atoi(lv)
		if err != nil || v < MinElevation || v > MaxElevation {
			return fmt.Errorf("run %d (%q): the level %q is not a whole number from %d to %d", k+1, run, lv, MinElevation, MaxElevation)
		}
		if n > len(row)-col {
			return fmt.Errorf("run %d (%q): goes past the width %d", k+1, run, len(row))
		}
		for range n {
			row[col] = int16(v)
			col++
		}
	}
	if col != len(row) {
		return fmt.Errorf("has %d columns, want width %d", col, len(row))
	}
	return nil
}

// indentShallow writes the compact JSON src to dst indented depth levels
// deep (two spaces a level): an object's field or a list's item a line
// down to that depth, and anything deeper kept on its line as it is.
// src is trusted to be valid JSON (json.Marshal's).
func indentShallow(dst *bytes.Buffer, src []byte, depth int) {
	level, inString := 0, false
	newline := func(l int) {
		dst.WriteByte('\n')
		for range l {
			dst.WriteString("  ")
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		if inString {
			dst.WriteByte(c)
			switch c {
			case '\\':
				i++
				dst.WriteByte(src[i])
			case '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
			dst.WriteByte(c)
		case '{', '[':
			level++
			dst.WriteByte(c)
			if level <= depth && i+1 < len(src) && src[i+1] != '}' && src[i+1] != ']' {
				newline(level)
			}
		case '}', ']':
			if level <= depth && i > 0 && src[i-1] != '{' && src[i-1] != '[' {
				newline(level - 1)
			}
			level--
			dst.WriteByte(c)
		case ',':
			dst.WriteByte(c)
			if level <= depth {
				newline(level)
			}
		case ':':
			dst.WriteByte(c)
			if level <= depth {
				dst.WriteByte(' ')
			}
		default:
			dst.WriteByte(c)
		}
	}
	dst.WriteByte('\n')
}
