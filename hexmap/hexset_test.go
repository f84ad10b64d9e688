package hexmap

import (
	"slices"
	"testing"
)

// Minus lists what one set holds and another does not; against nil, the
// whole set.
func TestHexSetMinusListsWhatTheOtherLacks(t *testing.T) {
	m, _ := New("s", Pointy, 8, 8, "dirt")
	a, b := NewHexSet(m), NewHexSet(m)
	for _, h := range []Hex{{1, 1}, {2, 2}, {3, 3}} {
		a.Add(h)
	}
	b.Add(Hex{2, 2})
	b.Add(Hex{0, 5})
	for _, tc := range []struct {
		name string
		o    *HexSet
		want []Hex
	}{
		{"another set", b, []Hex{{1, 1}, {3, 3}}},
		{"nil", nil, []Hex{{1, 1}, {2, 2}, {3, 3}}},
		{"itself", a, nil},
	} {
		if got := a.Minus(tc.o); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
