package session

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"hexslinger/hexmap"
)

// A side remembers a hex as it last saw it while the live map changes it:
// after any run of changes to the live map (terrain, level, label, hex
// features, walls and doors opened and shut on hexsides), learning, state
// clones that go on apart (as a timeline's checkpoints and its scrub
// cursor do) and enough learning to fold into a new base, a side's known
// map is the one a whole copy of the map gets by hexmap.Map.CopyHex of
// the same hexes, and it names the same hexes changed since any point
// (what the sight base tells seats by). A clone left behind keeps what it
// held.
func TestASideRemembersAHexAsItLastSawItWhileTheLiveMapChanges(t *testing.T) {
	for _, c := range []struct {
		name string
		o    hexmap.Orientation
		seed uint64
	}{
		{"flat, seed 1", hexmap.Flat, 1},
		{"flat, seed 2", hexmap.Flat, 2},
		{"pointy, seed 3", hexmap.Pointy, 3},
		{"pointy, seed 4", hexmap.Pointy, 4},
	} {
		t.Run(c.name, func(t *testing.T) { rememberAsSeen(t, c.o, c.seed) })
	}
}

func rememberAsSeen(t *testing.T, o hexmap.Orientation, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 38))
	live, err := hexmap.New("known", o, 20, 20, "dirt")
	if err != nil {
		t.Fatal(err)
	}
	all := live.Hexes()
	st := &State{Map: live, fog: &fogBook{}}
	k := st.mapFor("posse")
	ref := live.Clone() // the side's known map as a whole copy
	base0 := k.base
	markK, markRef := k.ver, ref.Version()
	type left struct {
		st   *State
		want string
		step int
	}
	var behind []left
	terrains := []string{"dirt", "rough", "water", "wood floor", ""}
	pick := func() hexmap.Hex { return all[rng.IntN(len(all))] }
	change := func(h hexmap.Hex) {
		switch rng.IntN(6) {
		case 0:
			live.SetTerrain(h, terrains[rng.IntN(len(terrains))])
		case 1:
			live.SetElevation(h, rng.IntN(7)-3)
		case 2:
			if rng.IntN(2) == 0 {
				live.SetFeature(h, hexmap.Feature{Kind: "barrel", Armor: 3, BaseArmor: 3, Height: hexmap.Waist})
			} else {
				live.RemoveFeature(h)
			}
		case 3:
			if rng.IntN(2) == 0 {
				live.Labels[h] = fmt.Sprint("L", rng.IntN(3))
			} else {
				delete(live.Labels, h)
			}
		default:
			d := hexmap.Direction(rng.IntN(6))
			switch rng.IntN(4) {
			case 0:
				live.RemoveEdge(h, d)
			case 1:
				live.SetEdge(h, d, hexmap.Feature{Kind: "wall", Armor: 3, BaseArmor: 3, Height: hexmap.Full})
			default: // a door, open or shut
				live.SetEdge(h, d, hexmap.Feature{Kind: "door", Open: rng.IntN(2) == 0, Armor: 2, BaseArmor: 2, Height: hexmap.Full})
			}
		}
	}
	if live.Labels == nil {
		live.Labels = map[hexmap.Hex]string{}
	}
	for step := 0; step < 400; step++ {
		switch op := rng.IntN(10); {
		case op < 4: // the live map changes, at a hex or many
			n := 1
			if op == 0 {
				n = 40
			}
			for range n {
				change(pick())
			}
		case op < 8: // the side sees some hexes (some off the map's rectangle)
			var hexes []hexmap.Hex
			for range rng.IntN(60) + 1 {
				hexes = append(hexes, pick())
			}
			hexes = append(hexes, hexmap.Hex{Q: -1, R: 0}, hexmap.Hex{Q: 40, R: 40})
			st.learn("posse", hexes)
			for _, h := range hexes {
				ref.CopyHex(live, h)
			}
		case op == 8: // the state is cloned; one goes on, the other is left
			c := &State{Map: live, fog: &fogBook{known: st.fog.cloneKnown()}}
			if rng.IntN(2) == 0 {
				st, c = c, st
			}
			behind = append(behind, left{c, mapKey(t, c.fog.known["posse"].known()), step})
		default: // the sight base takes a mark
			markK, markRef = st.fog.known["posse"].ver, ref.Version()
		}
		k = st.fog.known["posse"]
		if got, want := mapKey(t, k.known()), mapKey(t, ref); got != want {
			t.Fatalf("step %d: the known map differs from the whole copy's at %s", step, firstDiff(got, want))
		}
		got, gotOK := k.changedSince(markK)
		want, wantOK := ref.ChangedSince(markRef)
		if gotOK != wantOK || !slices.Equal(sortedHexSet(got), sortedHexSet(want)) {
			t.Fatalf("step %d: changed since the mark: got %v (%v), want %v (%v)", step, sortedHexSet(got), gotOK, sortedHexSet(want), wantOK)
		}
	}
	for _, b := range behind {
		k := b.st.fog.known["posse"]
		k.whole = nil // made again from what the state holds
		if got := mapKey(t, k.known()); got != b.want {
			t.Errorf("the state left at step %d changed after: %s", b.step, firstDiff(got, b.want))
		}
	}
	if len(behind) == 0 || st.fog.known["posse"].base == base0 {
		t.Fatalf("the run tried too little: %d clones left behind, base folded anew: %v", len(behind), st.fog.known["posse"].base != base0)
	}
}

// sortedHexSet is hexes without repeats, in order.
func sortedHexSet(hexes []hexmap.Hex) []hexmap.Hex {
	out := slices.Clone(hexes)
	slices.SortFunc(out, func(a, b hexmap.Hex) int {
		if a.Q != b.Q {
			return a.Q - b.Q
		}
		return a.R - b.R
	})
	return slices.Compact(out)
}

// Every side knows, at every event of a timeline with map edits, doors,
// undos and redos, the map that the replay to that event knows, however
// the timeline is scrubbed (forward, to random events, backward): the
// checkpoints, the scrub cursor and the folds from them share the known
// maps' bases and learned hexes, and none changes another's.
func TestEverySideKnowsAtEveryEventOfATimelineWhatTheReplayToItKnows(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 100
	}
	sf := scaleFight(t, 64, 4)
	path := t.TempDir() + "/fight.journal.jsonl"
	s, err := Open(sf.File, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	playMapEdits(t, s, sf, 5, n)
	events := readAll(t, path)
	knownKey := func(st *State) string {
		out := ""
		for _, side := range st.knownSides() {
			out += side + ": " + mapKey(t, st.KnownMap(side)) + "\n"
		}
		return out
	}
	want := make([]string, len(events))
	for i := range events {
		st, err := Replay(events[:i+1])
		if err != nil {
			t.Fatal(err)
		}
		want[i] = knownKey(st)
	}
	tl, err := OpenTimeline(path)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 38))
	for _, c := range []struct {
		name  string
		order func(k int) int
	}{
		{"forward", func(k int) int { return k }},
		{"at random", func(int) int { return rng.IntN(len(events)) }},
		{"backward", func(k int) int { return len(events) - 1 - k }},
	} {
		t.Run(c.name, func(t *testing.T) {
			for k := range events {
				i := c.order(k)
				st, err := tl.StateAt(i)
				if err != nil {
					t.Fatal(err)
				}
				if got := knownKey(st); got != want[i] {
					t.Fatalf("event %d (%s): the known maps differ from the replay's at %s", i, events[i].Kind, firstDiff(got, want[i]))
				}
			}
		})
	}
}
