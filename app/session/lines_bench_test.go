package session

import "testing"

// BenchmarkAttackLine is the map's answer the map window asks on every
// hover change in attack mode (State.AttackLine): Doc's line at bandit-1
// behind the barrel on the bundled street, crossing a trough and the
// barrel.
func BenchmarkAttackLine(b *testing.B) {
	s := openFile(b, func() *FightFile {
		f := bundledFight(b, "savage")
		for i := range f.Figures {
			switch f.Figures[i].ID {
			case "doc":
				f.Figures[i].At = "N8"
			case "bandit-1":
				f.Figures[i].At = "L4"
			}
		}
		return f
	}())
	st := s.State()
	to := st.Figures["bandit-1"].At
	b.ReportAllocs()
	for b.Loop() {
		if l, ok := st.AttackLine(nil, "doc", to); !ok || len(l.Sight.Cover) == 0 {
			b.Fatalf("no line with cover: %+v %v", l, ok)
		}
	}
}
