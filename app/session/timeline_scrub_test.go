package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"hexslinger/hexmap"
)

// playMapEdits plays n events on s, a bigfight fight (sf's): the Judge's
// map edits (a wall put up or taken down, the ground changed, on a hex
// near the mover) and doors among moves, undos and redos, so that many
// events change the map, some of them taken back.
func playMapEdits(t *testing.T, s *Session, sf *scaleFightSetup, seed uint64, n int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 38))
	do := func(c Command) {
		if _, err := s.Do(c); err != nil {
			var ref *Refusal
			if !errors.As(err, &ref) {
				t.Fatalf("%+v: %v", c, err)
			}
		}
	}
	terrains := []string{"dirt", "rough", "grass"}
	for tries := 0; s.LastSeq() < n; tries++ {
		if tries > 100*n {
			t.Fatalf("only %d events after %d commands", s.LastSeq(), tries)
		}
		st := s.State()
		switch r := rng.IntN(20); {
		case r < 6: // an edit of a hex near the mover
			h := sf.Home.Add(hexmap.Hex{Q: rng.IntN(9) - 4, R: rng.IntN(9) - 4})
			if !st.Map.Contains(h) {
				continue
			}
			c := st.Map.CellAt(h)
			if rng.IntN(2) == 0 {
				d := rng.IntN(6)
				if c.Edges[d] == nil {
					c.Edges[d] = &hexmap.FileFeature{Kind: "wall"}
				} else {
					c.Edges[d] = nil
				}
			} else {
				c.Terrain = terrains[rng.IntN(len(terrains))]
				c.Elevation = rng.IntN(3)
			}
			do(Command{Kind: CommandEditMap, Cells: []hexmap.Cell{c}})
		case r < 9:
			do(Command{Kind: CommandDoor, To: &sf.Door, Side: int(sf.DoorSide), Open: rng.IntN(2) == 0})
		case r < 10: // the Judge takes back a few commands, and puts some back
			back := 1 + rng.IntN(5)
			for range back {
				do(Command{Kind: CommandUndo})
			}
			for range rng.IntN(back + 1) {
				do(Command{Kind: CommandRedo})
			}
		default:
			do(randomCommand(rng, st, true))
		}
	}
}

// TestScrubbingAnywhereGivesTheReplayToIt: on a timeline with many map
// edits and doors, undos and redos among them, the state at every event
// is Replay of the events up to it, and the moment sent to the map window
// (Moment, as JSON) the replay's snapshot, however the timeline is
// scrubbed: forward one event at a time (the scrub cursor folds on), to
// random events forward and back, and backward one at a time (each a
// fold from a checkpoint, after the cursor changed its map in place: a
// checkpoint's map changed by the cursor shows here).
func TestScrubbingAnywhereGivesTheReplayToIt(t *testing.T) {
	n := 360
	if testing.Short() {
		n = 160
	}
	sf, s, path := openScaleFight(t)
	playMapEdits(t, s, sf, 11, n)
	events := readAll(t, path)
	edits := 0
	for _, e := range events[1:] {
		if touchesMap(e) {
			edits++
		}
	}
	if edits < n/5 || !slices.ContainsFunc(events, func(e Event) bool { return e.Kind == EventUndone }) {
		t.Fatalf("the fight has %d map changes in %d events, and undos: %v: the test tries too little", edits, len(events),
			slices.ContainsFunc(events, func(e Event) bool { return e.Kind == EventUndone }))
	}
	want := make([]string, len(events))
	wantView := make([]string, len(events))
	wantTurn := make([]string, len(events))
	for i := range events {
		st, err := Replay(events[:i+1])
		if err != nil {
			t.Fatal(err)
		}
		if i >= keepEvents {
			cut := events[i-keepEvents].Seq
			st.Log = slices.DeleteFunc(st.Log, func(e Event) bool { return e.Seq <= cut })
		}
		want[i] = timelineKey(t, st)
		v, err := json.Marshal(st.Snapshot(nil))
		if err != nil {
			t.Fatal(err)
		}
		wantView[i] = string(v)
		wantTurn[i] = fmt.Sprintf("%+v", st.Turn())
	}
	tl, err := OpenTimeline(path)
	if err != nil {
		t.Fatal(err)
	}
	check := func(how string, i int) {
		t.Helper()
		m, err := tl.Moment(i)
		if err == nil {
			m, err = m.Whole() // the moment as a window with none before it is sent it
		}
		if err != nil {
			t.Fatalf("%s, event %d: moment: %v", how, i, err)
		}
		v, err := json.Marshal(m.Fight)
		if err != nil {
			t.Fatal(err)
		}
		if string(v) != wantView[i] {
			t.Fatalf("%s, event %d (%s): the moment differs from the replay's snapshot:\n%s", how, i, events[i].Kind, firstDiff(string(v), wantView[i]))
		}
		turn, err := tl.TurnAt(i)
		if err != nil {
			t.Fatalf("%s, event %d: turn: %v", how, i, err)
		}
		if g := fmt.Sprintf("%+v", turn); g != wantTurn[i] {
			t.Fatalf("%s, event %d: TurnAt gives %s, the replay %s", how, i, g, wantTurn[i])
		}
		st, err := tl.StateAt(i)
		if err != nil {
			t.Fatalf("%s, event %d: %v", how, i, err)
		}
		if g := timelineKey(t, st); g != want[i] {
			t.Fatalf("%s, event %d (%s): the state differs from the replay to it:\n%s", how, i, events[i].Kind, firstDiff(g, want[i]))
		}
	}
	for i := range events {
		check("forward", i)
	}
	rng := rand.New(rand.NewPCG(5, 38))
	i := 0
	for range 2 * len(events) {
		if rng.IntN(4) == 0 {
			i = rng.IntN(len(events))
		} else {
			i = min(i+1+rng.IntN(3), len(events)-1)
		}
		check("scrubbed", i)
	}
	for i := len(events) - 1; i >= 0; i-- {
		check("backward", i)
	}
}

// TestAGrowingTimelineLeavesTheStatesItGave: the states a session's
// timeline gave (StateAt) and the moments it made stay the replay to
// their events while the fight goes on, map edits and doors among its
// events, and the timeline grows (GrowTimeline) and is scrubbed on: its
// build changes its map in place, never one a caller holds.
func TestAGrowingTimelineLeavesTheStatesItGave(t *testing.T) {
	for _, lend := range []bool{true, false} {
		name := "moments and states"
		if !lend {
			name = "moments only"
		}
		t.Run(name, func(t *testing.T) { growAndScrub(t, lend) })
	}
}

// growAndScrub plays a fight on, growing its timeline and scrubbing it,
// taking states (StateAt) too when lend.
func growAndScrub(t *testing.T, lend bool) {
	sf, s, path := openScaleFight(t)
	playMapEdits(t, s, sf, 3, 40)
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	type given struct {
		i   int
		st  *State
		key string
	}
	var held []given
	for round := 1; round <= 6; round++ {
		for i := max(0, tl.Len()-12); i < tl.Len(); i++ {
			if lend {
				st, err := tl.StateAt(i)
				if err != nil {
					t.Fatal(err)
				}
				held = append(held, given{i, st, timelineKey(t, st)})
			}
			if _, err := tl.Moment(i); err != nil {
				t.Fatal(err)
			}
		}
		was := tl.Len()
		playMapEdits(t, s, sf, uint64(round), 40+40*round)
		if err := s.GrowTimeline(tl); err != nil {
			t.Fatal(err)
		}
		// The scrub goes on from where it stood, onto the new events.
		events := readAll(t, path)
		for i := was - 1; i < tl.Len(); i++ {
			m, err := tl.Moment(i)
			if err == nil {
				m, err = m.Whole()
			}
			if err != nil {
				t.Fatal(err)
			}
			want, err := Replay(events[:i+1])
			if err != nil {
				t.Fatal(err)
			}
			g, _ := json.Marshal(m.Fight)
			w, _ := json.Marshal(want.Snapshot(nil))
			if string(g) != string(w) {
				t.Fatalf("round %d, event %d: the moment differs from the replay to it:\n%s", round, i, firstDiff(string(g), string(w)))
			}
		}
		for _, g := range held {
			if k := timelineKey(t, g.st); k != g.key {
				t.Fatalf("round %d: the state given at event %d changed as the timeline grew:\n%s", round, g.i, firstDiff(k, g.key))
			}
		}
	}
	events := readAll(t, path)
	for _, g := range held {
		want, err := Replay(events[:g.i+1])
		if err != nil {
			t.Fatal(err)
		}
		if stateKey(t, g.st) != stateKey(t, want) {
			t.Fatalf("event %d: the state given then differs from the replay to it", g.i)
		}
	}
}

// openScaleFight opens the scale benchmarks' 64² fight of 4 figures with
// its journal at path in a temporary folder; the session closes as t ends.
func openScaleFight(t *testing.T) (sf *scaleFightSetup, s *Session, path string) {
	t.Helper()
	sf = scaleFight(t, 64, 4)
	path = filepath.Join(t.TempDir(), "fight.journal.jsonl")
	s, err := Open(sf.File, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return sf, s, path
}
