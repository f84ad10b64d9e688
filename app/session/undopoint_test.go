package session

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"hexslinger/hexmap"
)

// foldKey is the whole of a state as timelineKey has it but its log, and
// each side's fog: what it sees, has explored and was shown, and the map
// as it knows it.
func foldKey(t testing.TB, st *State) string {
	t.Helper()
	key := stateKey(t, st)
	for _, side := range st.knownSides() {
		fog := st.FogOf(side)
		if fog == nil {
			continue
		}
		key += "\n" + side + " seen " + fog.Seen.Encode() + " explored " + fog.Explored.Encode() + " revealed " + fog.Revealed.Encode()
		known, err := json.Marshal(st.KnownMap(side).File())
		if err != nil {
			t.Fatal(err)
		}
		key += " known " + string(known)
	}
	return key
}

// TestUndoAndRedoAreTheReplayFromTheOpening: in random fights of every
// bundled fight, fog of war on, with edits, doors and moves among their
// commands and runs of undos and redos interleaved with them (some
// reaching past the recent events) and the journal now and then read
// again, the state after every undo and redo
// (folded from the nearest undo point) is Replay of the whole journal
// from the opening: every figure, the map, each side's fog and known map,
// and the log's events.
func TestUndoAndRedoAreTheReplayFromTheOpening(t *testing.T) {
	n := 450
	if testing.Short() {
		n = 250
	}
	for _, name := range bundledNames() {
		t.Run(name, func(t *testing.T) {
			noSync(t)
			f := bundledFight(t, name)
			f.Options.NoFog = false
			path := filepath.Join(t.TempDir(), "fight.journal.jsonl")
			s, err := Open(f, path)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { s.Close() }()
			rng := rand.New(rand.NewPCG(38, 2))
			toggles, points, reopened := 0, 0, 0
			check := func(what string) {
				t.Helper()
				events := readAll(t, path)
				want, err := Replay(events)
				if err != nil {
					t.Fatal(err)
				}
				got := s.State()
				if g, w := foldKey(t, got), foldKey(t, want); g != w {
					t.Fatalf("after %s at seq %d: the state differs from the replay from the opening:\n%s", what, events[len(events)-1].Seq, firstDiff(g, w))
				}
				seqs := func(st *State) []int {
					var out []int
					for _, e := range st.Log {
						out = append(out, e.Seq)
					}
					return out
				}
				if g, w := seqs(got), seqs(want); len(g) > len(w) || !slices.Equal(g, w[len(w)-len(g):]) {
					t.Fatalf("after %s at seq %d: the log holds seqs %v, not the last of the replay's %v", what, events[len(events)-1].Seq, g, w)
				}
			}
			toggle := func(kind string) {
				t.Helper()
				s.mu.Lock()
				points += len(s.points)
				s.mu.Unlock()
				if _, err := s.Do(Command{Kind: kind}); err != nil {
					var ref *Refusal
					if !errors.As(err, &ref) {
						t.Fatalf("%s: %v", kind, err)
					}
					return
				}
				toggles++
				check(kind)
			}
			for tries := 0; s.LastSeq() < n; tries++ {
				if tries > 100*n {
					t.Fatalf("only %d events after %d commands", s.LastSeq(), tries)
				}
				if rng.IntN(8) == 0 {
					back := 1 + rng.IntN(6)
					if rng.IntN(10) == 0 {
						back = 40 + rng.IntN(60) // far back: past undo points, or the recent events
					}
					for range back {
						toggle(CommandUndo)
					}
					for range rng.IntN(back + 1) {
						toggle(CommandRedo)
					}
					continue
				}
				if tries%80 == 79 { // the journal read again: no undo points yet
					s.Close()
					if s, err = Open(f, path); err != nil {
						t.Fatal(err)
					}
					reopened++
					continue
				}
				if _, err := s.Do(randomCommand(rng, s.State(), true)); err != nil {
					var ref *Refusal
					if !errors.As(err, &ref) {
						t.Fatal(err)
					}
				}
			}
			if toggles < 50 || points == 0 || reopened == 0 {
				t.Fatalf("%d undos and redos, %d undo points before them, reopened %d times: the test reached too little", toggles, points, reopened)
			}
			check("the last command")
		})
	}
}

// TestAWalkTeachesItsSideAllItSaw: after every move in random fights of
// every bundled fight, fog of war on, every hex seen from a hex of the
// mover's path is explored for its side, and its side's known map holds
// there what the live map holds (exploreAlong learns only where the
// known map may be behind, and skips a walk that can teach nothing).
func TestAWalkTeachesItsSideAllItSaw(t *testing.T) {
	n := 800
	if testing.Short() {
		n = 400
	}
	for _, name := range bundledNames() {
		t.Run(name, func(t *testing.T) {
			noSync(t)
			f := bundledFight(t, name)
			f.Options.NoFog = false
			s, err := Open(f, filepath.Join(t.TempDir(), "fight.journal.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			rng := rand.New(rand.NewPCG(38, 3))
			walks := 0
			for tries := 0; s.LastSeq() < n && tries < 100*n; tries++ {
				c := randomCommand(rng, s.State(), true)
				if st := s.State(); rng.IntN(2) == 0 && len(st.Order) > 0 { // a walk, most often
					fig := st.Figures[st.Order[rng.IntN(len(st.Order))]]
					to := fig.At.Add(hexmap.Hex{Q: rng.IntN(7) - 3, R: rng.IntN(7) - 3})
					c = Command{Kind: CommandMove, Figure: fig.ID, To: &to}
				}
				events, err := s.Do(c)
				if err != nil || slices.ContainsFunc(events, touchesMap) {
					continue
				}
				st := s.State()
				for _, e := range events {
					fig, ok := st.Figures[e.Figure]
					if e.Kind != EventMoved || !ok || !canSee(fig) || len(e.Path) < 2 {
						continue
					}
					walks++
					fog, known := st.FogOf(fig.Side), st.KnownMap(fig.Side)
					for _, from := range e.Path[:len(e.Path)-1] {
						if !st.Map.Contains(from) {
							continue
						}
						for _, h := range st.Map.FieldOfView(from, 0).Hexes() {
							if !fog.Explored.Has(h) || !known.SameHex(st.Map, h) {
								t.Fatalf("seq %d: %s walked %v past %s, which sees %s: explored %v, known as it is %v",
									e.Seq, e.Figure, e.Path, st.Map.Label(from), st.Map.Label(h), fog.Explored.Has(h), known.SameHex(st.Map, h))
							}
						}
					}
				}
			}
			if walks < 5 {
				t.Fatalf("only %d walks", walks)
			}
		})
	}
}

// TestUndoPointsHoldFewCopiesOfTheMap: however many map edits come
// between the undo points, the points hold at most maxSpared copies of
// the map besides the live one, and an undo still gives the replay.
func TestUndoPointsHoldFewCopiesOfTheMap(t *testing.T) {
	noSync(t)
	path := filepath.Join(t.TempDir(), "edits.journal.jsonl")
	s, err := Open(sizedFight(t, 0), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st := s.State()
	at := st.Figures[st.Order[0]].At
	for i := range 200 {
		cell := st.Map.CellAt(at.Add(hexmap.Hex{Q: i % 5, R: 1}))
		cell.Terrain = []string{"grass", "dirt"}[i%2]
		mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
		s.mu.Lock()
		maps := map[*hexmap.Map]bool{}
		for _, p := range s.points {
			if p.st.Map != s.state.Map {
				maps[p.st.Map] = true
			}
		}
		n := len(s.points)
		s.mu.Unlock()
		if len(maps) > maxSpared {
			t.Fatalf("after %d edits the undo points hold %d copies of the map", i+1, len(maps))
		}
		if i == 199 && n == 0 {
			t.Fatal("no undo points left")
		}
	}
	for range 30 {
		mustDo(t, s, Command{Kind: CommandUndo})
	}
	want, err := Replay(readAll(t, path))
	if err != nil {
		t.Fatal(err)
	}
	if g, w := foldKey(t, s.State()), foldKey(t, want); g != w {
		t.Fatalf("after 30 undos the state differs from the replay:\n%s", firstDiff(g, w))
	}
}
