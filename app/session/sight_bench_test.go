package session

import (
	"fmt"
	"testing"

	"hexslinger/hexmap"
)

// BenchmarkPlanMoveAmong60Figures prices a move of Cyril's up the street
// on the demo with 60 more figures about, half of each side, under fog:
// what a move's decision and its preview cost now that the route is
// planned as the mover's side knows the ground.
func BenchmarkPlanMoveAmong60Figures(b *testing.B) {
	f := demo(b)
	st, err := f.State()
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for _, h := range st.Map.Hexes() {
		if _, taken := st.FigureAt(h); taken || st.Map.CanStand(h) != nil || (h.Q+h.R)%5 != 0 || n >= 60 {
			continue
		}
		side := []string{"posse", "outlaws"}[n%2]
		f.Figures = append(f.Figures, FigureSpec{ID: fmt.Sprintf("x%d", n), Character: "zeke", Side: side, At: st.Map.Label(h), Facing: "E"})
		n++
	}
	if st, err = f.State(); err != nil {
		b.Fatal(err)
	}
	to := st.Figures["cyril"].At.Add(hexmap.Hex{Q: 6})
	b.ResetTimer()
	for range b.N {
		if _, err := st.PlanMove("cyril", to, false); err != nil && n == 0 {
			b.Fatal(err)
		}
	}
}
