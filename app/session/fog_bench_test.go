package session

import (
	"testing"

	"hexslinger/hexmap"
)

// BenchmarkFogAfterAMove: the posse's whole fog (FogOf) on a 256×256 map
// of four figures, after one of them moves (its field of view again, the
// others' kept). The bound: 2 ms.
func BenchmarkFogAfterAMove(b *testing.B) {
	m, err := hexmap.New("big", hexmap.Pointy, 256, 256, "dirt")
	if err != nil {
		b.Fatal(err)
	}
	st := &State{Map: m, Figures: map[string]*Figure{}}
	for i, id := range []string{"a", "b", "c", "d"} {
		st.Figures[id] = &Figure{ID: id, Side: "posse", At: hexmap.Hex{Q: 40 + 40*i, R: 100}}
		st.Order = append(st.Order, id)
	}
	st.foldFog()
	b.ResetTimer()
	for i := range b.N {
		st.Figures["a"].At = hexmap.Hex{Q: 40 + i%2, R: 100}
		st.foldFog()
		if st.FogOf("posse").Seen.Len() == 0 {
			b.Fatal("no fog")
		}
	}
}
