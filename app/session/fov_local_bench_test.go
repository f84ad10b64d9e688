package session

import (
	"testing"

	"hexslinger/hexmap"
)

// BenchmarkFogAfterOneEdit256With50: the fog after one hex edited on a
// 256×256 map of 50 figures in 50 walled rooms (issue 38's "one edit,
// 256², 50 figures, fog on"): the views it can change made again, no more.
func BenchmarkFogAfterOneEdit256With50(b *testing.B) {
	m, err := hexmap.New("big", hexmap.Pointy, 256, 256, "dirt")
	if err != nil {
		b.Fatal(err)
	}
	wall, _ := hexmap.NewFeature("wall")
	// Rooms 32×32 hexes, walled on all sides.
	for r := 0; r < 256; r++ {
		for c := 0; c < 256; c++ {
			h := m.Orientation.FromOffset(hexmap.Offset{Col: c, Row: r})
			if c%32 == 0 {
				m.SetEdge(h, 3, wall)
			}
			if r%32 == 0 {
				m.SetEdge(h, 1, wall)
				m.SetEdge(h, 2, wall)
			}
		}
	}
	st := &State{Map: m, Figures: map[string]*Figure{}}
	for i := 0; i < 50; i++ {
		id := string(rune('A'+i/26)) + string(rune('a'+i%26))
		at := m.Orientation.FromOffset(hexmap.Offset{Col: 16 + 32*(i%8), Row: 16 + 32*(i/8)})
		st.Figures[id] = &Figure{ID: id, Side: []string{"posse", "outlaws"}[i%2], At: at}
		st.Order = append(st.Order, id)
	}
	st.foldFog()
	h := m.Orientation.FromOffset(hexmap.Offset{Col: 20, Row: 20})
	b.ResetTimer()
	for i := range b.N {
		m.SetTerrain(h, []string{"rough", "dirt"}[i%2])
		st.foldFog()
	}
}

// BenchmarkFogAfterADoorOnTheDemo: the fog after the saloon's door is
// worked on the demo map, as the session applies it.
func BenchmarkFogAfterADoorOnTheDemo(b *testing.B) {
	st, err := demo(b).State()
	if err != nil {
		b.Fatal(err)
	}
	st.foldFog()
	g4, _ := st.Map.ParseHex("G4")
	g5, _ := st.Map.ParseHex("G5")
	side, _ := g4.DirectionTo(g5)
	b.ResetTimer()
	for i := range b.N {
		if err := st.Apply(Event{Kind: EventActed, Doors: []DoorChange{{At: g4, Side: int(side), Open: i%2 == 0}}}); err != nil {
			b.Fatal(err)
		}
		if len(st.Log) > 64 {
			st.Log = st.Log[:0]
		}
	}
}
