package hexmap

import (
	"math/rand/v2"
	"testing"
)

// TestAMendedUnionEqualsTheUnionMadeAfresh: a union of fields of view
// mended for views that leave, join or are replaced (HexSet.ReplaceFOVs)
// holds exactly the hexes the union of the views left holds, after each
// of many random swaps on a walled map.
func TestAMendedUnionEqualsTheUnionMadeAfresh(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 7))
	for _, orient := range []Orientation{Pointy, Flat} {
		m, err := New("u", orient, 40, 30, "dirt")
		if err != nil {
			t.Fatal(err)
		}
		hexes := m.Hexes()
		for range 120 {
			h := hexes[rng.IntN(len(hexes))]
			m.SetEdge(h, Direction(rng.IntN(6)), Feature{Kind: "wall"})
		}
		view := func() *FOV {
			return m.FieldOfView(hexes[rng.IntN(len(hexes))], rng.IntN(3)*6).Compact()
		}
		var views []*FOV
		union := NewHexSet(m)
		for step := range 200 {
			var was, now []*FOV
			for range 1 + rng.IntN(3) {
				switch i := rng.IntN(len(views) + 1); {
				case i == len(views): // one joins
					v := view()
					views = append(views, v)
					was, now = append(was, nil), append(now, v)
				case rng.IntN(4) == 0: // one leaves
					was, now = append(was, views[i]), append(now, nil)
					views = append(views[:i], views[i+1:]...)
				default: // one moves
					v := view()
					was, now = append(was, views[i]), append(now, v)
					views[i] = v
				}
			}
			if !union.ReplaceFOVs(was, now, views) {
				t.Fatalf("%v step %d: ReplaceFOVs refused views over the set's own map", orient, step)
			}
			want := NewHexSet(m)
			for _, v := range views {
				want.AddFOV(v)
			}
			if got, w := union.Encode(), want.Encode(); got != w {
				t.Fatalf("%v step %d, %d views: the mended union holds %d hexes (%v more, %v fewer), want %d",
					orient, step, len(views), union.Len(), union.Minus(want), want.Minus(union), want.Len())
			}
		}
	}
}

// TestReplaceFOVsRefusesAViewOfAnotherMap: a view over another rectangle
// is refused, the set left as it was.
func TestReplaceFOVsRefusesAViewOfAnotherMap(t *testing.T) {
	m, _ := New("u", Pointy, 10, 10, "dirt")
	o, _ := New("o", Pointy, 12, 10, "dirt")
	s := NewHexSet(m)
	v := o.FieldOfView(Hex{Q: 3, R: 3}, 0)
	if s.ReplaceFOVs(nil, []*FOV{v}, []*FOV{v}) {
		t.Fatalf("ReplaceFOVs took a view over a 12×10 map into a set over 10×10: got true, want false")
	}
	if s.Len() != 0 {
		t.Fatalf("a refused ReplaceFOVs changed the set: it holds %d hexes, want 0", s.Len())
	}
}
