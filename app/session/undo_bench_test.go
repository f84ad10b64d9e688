package session

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"hexslinger/hexmap"
)

// undoSizes are the maps the undo benchmarks play on: the demo's own (0)
// and open square maps of so many hexes a side.
var undoSizes = []int{0, 256, 1024}

// sizedFight is the demo fight, with fog of war, on its own map (n 0) or
// on an open n×n map of dirt, its figures in a row across the middle,
// with 20 AP each.
func sizedFight(tb testing.TB, n int) *FightFile {
	tb.Helper()
	f := demo(tb)
	f.Options.NoFog = false
	for i := range f.Figures {
		ap := 20
		f.Figures[i].AP = &ap
	}
	if n == 0 {
		return f
	}
	st, err := f.State()
	if err != nil {
		tb.Fatal(err)
	}
	m, err := hexmap.New("open", st.Map.Orientation, n, n, "dirt")
	if err != nil {
		tb.Fatal(err)
	}
	f.Map = m.File()
	for i := range f.Figures {
		f.Figures[i].At = m.Label(m.Orientation.FromOffset(hexmap.Offset{Col: n/4 + 3*i, Row: n / 2}))
	}
	return f
}

// undoSession is a session on sizedFight(n) after moves moves, each a
// figure's two steps there or back in turn.
func undoSession(tb testing.TB, n, moves int) *Session {
	tb.Helper()
	noSync(tb)
	s, err := Open(sizedFight(tb, n), filepath.Join(tb.TempDir(), "undo.journal.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	s.mu.Lock()
	ids := slices.Clone(s.state.Order)
	s.mu.Unlock()
	for i := 0; i < moves; i++ {
		s.mu.Lock()
		to := s.state.Figures[ids[i%len(ids)]].At.Add(hexmap.Hex{Q: 2 * (1 - 2*(i/len(ids)%2)), R: 0})
		s.mu.Unlock()
		id := ids[i%len(ids)]
		if _, err := s.Do(Command{Kind: CommandMove, Figure: id, To: &to}); err != nil {
			tb.Fatalf("%s to %v: %v", id, to, err)
		}
	}
	return s
}

// BenchmarkUndo is an undo or a redo of the last command, a move, in
// turn, after 40 moves on the demo map and on open maps of 256² and
// 1024² hexes, fog of war on: ns/op is one undo or redo (weigh it
// against BenchmarkStateCopy).
func BenchmarkUndo(b *testing.B) {
	for _, n := range undoSizes {
		b.Run(sizeName(n), func(b *testing.B) {
			s := undoSession(b, n, 40)
			undoRedo(b, s)
		})
	}
}

// BenchmarkUndoAMapEdit is an undo or a redo of the last command, a map
// edit (a rock beside the first figure), in turn: the map changes.
func BenchmarkUndoAMapEdit(b *testing.B) {
	for _, n := range undoSizes {
		b.Run(sizeName(n), func(b *testing.B) {
			s := undoSession(b, n, 40)
			s.mu.Lock()
			at := s.state.Figures[s.state.Order[0]].At.Add(hexmap.Hex{Q: 0, R: 1})
			s.mu.Unlock()
			if _, err := s.Do(Command{Kind: CommandEditMap, Cells: []hexmap.Cell{{At: at, Terrain: "rock"}}}); err != nil {
				b.Fatal(err)
			}
			undoRedo(b, s)
		})
	}
}

// undoRedo times b.N undos and redos in turn of s's last command.
func undoRedo(b *testing.B, s *Session) {
	b.ResetTimer()
	for i := range b.N {
		kind := CommandUndo
		if i%2 == 1 {
			kind = CommandRedo
		}
		if _, err := s.Do(Command{Kind: kind}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStateCopy is a copy of the state (State.Clone) after 100
// commands: what the undo benchmarks are weighed against.
func BenchmarkStateCopy(b *testing.B) {
	for _, n := range undoSizes {
		b.Run(sizeName(n), func(b *testing.B) {
			s := undoSession(b, n, 40)
			s.mu.Lock()
			defer s.mu.Unlock()
			b.ResetTimer()
			for range b.N {
				s.state.Clone()
			}
		})
	}
}

func sizeName(n int) string {
	if n == 0 {
		return "demo"
	}
	return fmt.Sprintf("%d", n)
}
