package session

import "testing"

// BenchmarkMoveAfterUndo: the Judge's edit undone, then the mover's move,
// at scale (the cases of BenchmarkScale). The undo folds from an undo
// point whose map was spared before the edit; the move then plans on
// that map, whose step tables are the live map's, shared (Session.spare),
// or else built from nothing.
func BenchmarkMoveAfterUndo(b *testing.B) {
	eachScale(b, func(b *testing.B, sf *scaleFightSetup) {
		s := openScale(b, sf)
		scaleHistory(b, s, sf, 100)
		st := s.State()
		sf.moveOrRest(b, s, 0)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			sf.do(b, s, sf.edit(st, 1)) // the Edit hex bare
			b.StartTimer()
			sf.do(b, s, Command{Kind: CommandUndo})
			sf.moveOrRest(b, s, i+1)
		}
	})
}
