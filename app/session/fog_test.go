package session

import (
	"encoding/json"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"hexslinger/hexmap"
)

// fogDemo opens the demo street with Jeb inside the saloon, behind its
// closed door (G4): out of the posse's sight.
func fogDemo(t *testing.T) *Session {
	t.Helper()
	f := demo(t)
	for i := range f.Figures {
		if f.Figures[i].ID == "jeb" {
			f.Figures[i].At = "G4"
		}
	}
	s, err := Open(f, filepath.Join(t.TempDir(), "fog.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// saloonDoor is the Judge's command working the saloon's door at G4.
func saloonDoor(t *testing.T, s *Session, open bool) Command {
	t.Helper()
	g4, g5 := hexAt(t, s, "G4"), hexAt(t, s, "G5")
	side, ok := g4.DirectionTo(g5)
	if !ok {
		t.Fatal("G5 is not next to G4")
	}
	return Command{Kind: CommandDoor, To: &g4, Side: int(side), Open: open}
}

// unionOfViews is the hexes the side's figures that can see see, each
// figure's field of view asked of the map on its own.
func unionOfViews(st *State, side string) *hexmap.HexSet {
	u := hexmap.NewHexSet(st.Map)
	for _, id := range st.Order {
		if f := st.Figures[id]; f.Side == side && canSee(f) {
			u.AddFOV(st.Map.FieldOfView(f.At, 0))
		}
	}
	return u
}

func sameSet(a, b *hexmap.HexSet) bool { return a.Encode() == b.Encode() }

// A side's fog is the union of its figures' fields of view, as the map
// finds each one; a figure down sees nothing; a move, a door opened and
// an undo each change it at once.
func TestFogOfIsTheUnionOfTheSideFiguresFieldsOfView(t *testing.T) {
	s := fogDemo(t)
	c10 := hexAt(t, s, "F9")
	for _, step := range []struct {
		name string
		c    *Command
	}{
		{"the opening", nil},
		{"after Miranda moves", &Command{Kind: CommandMove, Figure: "miranda", To: &c10}},
		{"after the saloon door opens", func() *Command { c := saloonDoor(t, s, true); return &c }()},
		{"after the door's opening is undone", &Command{Kind: CommandUndo}},
	} {
		if step.c != nil {
			mustDo(t, s, *step.c)
		}
		st := s.State()
		for _, side := range []string{"posse", "outlaws"} {
			if got, want := st.FogOf(side).Seen, unionOfViews(st, side); !sameSet(got, want) {
				t.Errorf("%s: the %s see %d hexes, their figures' fields of view %d", step.name, side, got.Len(), want.Len())
			}
		}
	}
	st := s.State()
	st.Figures["cyril"].Condition = 2 // unconscious
	st.Figures["miranda"].Condition = 3
	if n := st.FogOf("posse").Seen.Len(); n != 0 {
		t.Errorf("a side whose figures are all down sees %d hexes", n)
	}
}

// What a side has seen stays explored when its figures move away, and an
// undo or a replay of the journal gives the same fog exactly.
func TestExploredHexesStayAfterAMoveAndComeBackAfterUndo(t *testing.T) {
	s := fogDemo(t)
	g4 := hexAt(t, s, "G4")
	if s.State().FogOf("posse").At(g4) != FogDark {
		t.Fatal("the posse sees into the closed saloon")
	}
	before := s.State().FogOf("posse")
	mustDo(t, s, saloonDoor(t, s, true))
	opened := s.State().FogOf("posse")
	if opened.At(g4) != FogSeen {
		t.Fatal("the door is open and the posse does not see G4")
	}
	mustDo(t, s, saloonDoor(t, s, false))
	closed := s.State().FogOf("posse")
	if closed.At(g4) != FogExplored {
		t.Errorf("G4, seen through the open door, is %v once it shuts, want explored", closed.At(g4))
	}
	if !sameSet(closed.Explored, opened.Explored) {
		t.Errorf("closing the door forgot explored hexes")
	}
	mustDo(t, s, Command{Kind: CommandUndo}) // the close
	mustDo(t, s, Command{Kind: CommandUndo}) // the open
	if got := s.State().FogOf("posse"); !sameSet(got.Explored, before.Explored) || got.At(g4) != FogDark {
		t.Errorf("after undoing both, the posse has explored %d hexes (was %d), G4 %v", got.Explored.Len(), before.Explored.Len(), got.At(g4))
	}
	mustDo(t, s, Command{Kind: CommandRedo})
	mustDo(t, s, Command{Kind: CommandRedo})
	live := s.State().FogOf("posse")
	replayed := replayJournal(t, s)
	if got := replayed.FogOf("posse"); !sameSet(got.Explored, live.Explored) || !sameSet(got.Seen, live.Seen) {
		t.Errorf("the journal replayed gives %d explored, the session %d", got.Explored.Len(), live.Explored.Len())
	}
	// A snapshot (a checkpoint, a welcome) carries the fog.
	snap, err := s.State().Snapshot(nil).State()
	if err != nil {
		t.Fatal(err)
	}
	if got := snap.FogOf("posse"); !sameSet(got.Explored, live.Explored) {
		t.Errorf("the snapshot's fog: %d explored, want %d", got.Explored.Len(), live.Explored.Len())
	}
}

// reveal_hexes is the Judge's: it shows hexes to a side (journaled), an
// undo takes it back, hide fogs them again, and no player may give it.
func TestRevealHexesIsJournaledAndUndone(t *testing.T) {
	s := fogDemo(t)
	g2, g3 := hexAt(t, s, "G2"), hexAt(t, s, "G3")
	reveal := Command{Kind: CommandRevealHexes, Fog: &FogOrder{Side: "posse", Hexes: []hexmap.Hex{g2, g3}}}
	table := NewAccess(NewToken()).AddSide("Table", "posse")
	if _, err := s.DoAs(table, reveal); err == nil || !strings.Contains(err.Error(), "only the Judge may reveal or fog hexes") {
		t.Errorf("a player revealed hexes: %v", err)
	}
	e := mustDo(t, s, reveal)
	if e.Kind != EventHexesRevealed || !strings.Contains(e.Text, "shows 2 hexes to the posse") {
		t.Errorf("the event: %s %q", e.Kind, e.Text)
	}
	fog := s.State().FogOf("posse")
	if fog.At(g2) != FogExplored || !fog.Revealed.Has(g3) {
		t.Errorf("revealed G2 is %v, G3 revealed %v", fog.At(g2), fog.Revealed.Has(g3))
	}
	if s.State().FogOf("outlaws").Revealed.Has(g2) {
		t.Error("the posse's hexes were shown to the outlaws")
	}
	mustDo(t, s, Command{Kind: CommandUndo})
	if fog := s.State().FogOf("posse"); fog.At(g2) != FogDark || fog.Revealed.Len() != 0 {
		t.Errorf("after the undo G2 is %v", fog.At(g2))
	}
	mustDo(t, s, Command{Kind: CommandRedo})
	mustDo(t, s, Command{Kind: CommandRevealHexes, Fog: &FogOrder{Side: "posse", Hexes: []hexmap.Hex{g2}, Hide: true}})
	fog = s.State().FogOf("posse")
	if fog.At(g2) != FogDark || fog.At(g3) != FogExplored {
		t.Errorf("fogged again: G2 %v, G3 %v", fog.At(g2), fog.At(g3))
	}
	replayed := replayJournal(t, s)
	if got := replayed.FogOf("posse"); !sameSet(got.Explored, fog.Explored) || !sameSet(got.Revealed, fog.Revealed) {
		t.Error("the journal does not give the same revealed hexes")
	}
	for _, bad := range []Command{
		{Kind: CommandRevealHexes},
		{Kind: CommandRevealHexes, Fog: &FogOrder{Side: "posse"}},
		{Kind: CommandRevealHexes, Fog: &FogOrder{Side: "posse", Hexes: []hexmap.Hex{{Q: 99, R: 99}}}},
	} {
		if _, err := s.Do(bad); err == nil {
			t.Errorf("%+v was taken", bad.Fog)
		}
	}
}

// A player's seat gets no event, name, id or position of a figure of the
// other side in its fog: not while it walks unseen, not in a welcome; it
// appears (a resync) when a door opens on it, and goes when the door's
// opening is undone. With the fog switched off it is seen again.
func TestAPlayerSeatGetsNothingOfAFigureInItsFog(t *testing.T) {
	s := fogDemo(t)
	table := NewAccess(NewToken()).AddSide("Table", "posse")
	names := func(x any) bool {
		data, _ := json.Marshal(x)
		return strings.Contains(string(data), `"jeb"`) || strings.Contains(string(data), "Jeb")
	}
	if names(s.Welcome(table)) {
		t.Fatal("the welcome names Jeb, in the closed saloon")
	}
	if got := s.Visible(table, []string{"jeb", "cyril"}); len(got) != 1 {
		t.Errorf("a highlight of Jeb reaches the table: %v", got)
	}
	if _, err := s.DoAs(table, Command{Kind: CommandShoot, Figure: "cyril", Shots: []ShotOrder{{Target: "jeb"}}}); err == nil || err.Error() != errNotInView {
		t.Errorf("a shot at Jeb in the fog: %v", err)
	}
	g3 := hexAt(t, s, "G3")
	for _, e := range mustDoAll(t, s, Command{Kind: CommandMove, Figure: "jeb", To: &g3}) {
		if out, send, resync := s.ForSeat(table, e); send && names(out) || resync {
			t.Errorf("Jeb's move in the saloon reached the table: send %v resync %v %q", send, resync, out.Text)
		}
	}
	g4 := hexAt(t, s, "G4")
	mustDoAll(t, s, Command{Kind: CommandMove, Figure: "jeb", To: &g4})
	e := mustDo(t, s, saloonDoor(t, s, true))
	if _, _, resync := s.ForSeat(table, e); !resync {
		t.Error("the door opened on Jeb and the table was not sent a fresh view")
	}
	if !names(s.Welcome(table)) {
		t.Error("the table's fresh view has no Jeb, in the open door")
	}
	e = mustDo(t, s, Command{Kind: CommandUndo})
	if _, _, resync := s.ForSeat(table, e); !resync || names(s.Welcome(table)) {
		t.Error("the undone door still shows Jeb")
	}
	opts := s.State().Options
	opts.NoFog = true
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	if !names(s.Welcome(table)) {
		t.Error("with the fog off the table does not see Jeb")
	}
}

func mustDoAll(t *testing.T, s *Session, c Command) []Event {
	t.Helper()
	ev, err := s.Do(c)
	if err != nil {
		t.Fatalf("%+v: %v", c, err)
	}
	return ev
}

// TestAFigureExploresWhatItSawOnTheWay: a move explores, for the walker's
// side, what it saw from every hex of the path it walked, not only from
// where it stops.
func TestAFigureExploresWhatItSawOnTheWay(t *testing.T) {
	s := fogDemo(t)
	to := hexAt(t, s, "J8")
	evs := mustDoAll(t, s, Command{Kind: CommandMove, Figure: "cyril", To: &to})
	var path []hexmap.Hex
	for _, e := range evs {
		if e.Kind == EventMoved {
			path = e.Path
		}
	}
	if len(path) < 3 {
		t.Fatalf("a path of %d hexes", len(path))
	}
	st := s.State()
	fog := st.FogOf("posse")
	for _, h := range path {
		fov := st.Map.FieldOfView(h, 0)
		for _, seen := range fov.Hexes() {
			if fog.At(seen) == FogDark {
				t.Fatalf("%s, seen from %s on the way, is not explored", st.Map.Label(seen), st.Map.Label(h))
			}
		}
	}
}

// A player's seat keeps the map as its side last saw it: the Judge's edit
// of a hex out of the posse's sight reaches neither its events nor its
// welcome, until a posse figure sees the hex (a door opens on it: a fresh
// view); undo and a replay of the journal give the same known map. (Jeb
// stands outside the saloon here: no figure comes into view with it.)
func TestAPlayerSeatKeepsTheMapAsItsSideLastSawIt(t *testing.T) {
	s := open(t)
	table := NewAccess(NewToken()).AddSide("Table", "posse")
	g4 := hexAt(t, s, "G4")
	st := s.State()
	was, _ := st.Map.Terrain(g4)
	cell := st.Map.CellAt(g4)
	cell.Terrain = "rough"
	if was.Name == "rough" {
		cell.Terrain = "dirt"
	}
	welcomeTerrain := func() string {
		w := s.Welcome(table)
		m, err := w[0].Fight.Map.Map()
		if err != nil {
			t.Fatal(err)
		}
		tr, _ := m.Terrain(g4)
		return tr.Name
	}
	e := mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	if _, send, resync := s.ForSeat(table, e); send || resync {
		t.Errorf("an edit out of sight reached the table: send %v resync %v", send, resync)
	}
	if got := welcomeTerrain(); got != was.Name {
		t.Errorf("the table's welcome shows G4 as %s, unseen since it was %s", got, was.Name)
	}
	if tr, _ := s.State().KnownMap("posse").Terrain(g4); tr.Name != was.Name {
		t.Errorf("the posse's known map has G4 as %s", tr.Name)
	}
	e = mustDo(t, s, saloonDoor(t, s, true))
	if _, _, resync := s.ForSeat(table, e); !resync {
		t.Error("the door opened on the edited G4 and the table got no fresh view")
	}
	if got := welcomeTerrain(); got != cell.Terrain {
		t.Errorf("G4 seen through the open door is %s on the table, want %s", got, cell.Terrain)
	}
	// The door shuts in sight.
	e = mustDo(t, s, saloonDoor(t, s, false))
	if out, send, resync := s.ForSeat(table, e); resync || !send || len(out.Doors) != 1 {
		t.Errorf("the door shut in sight did not reach the table: send %v doors %v", send, out.Doors)
	}
	known := func(st *State) string { return mapKey(t, st.KnownMap("posse")) }
	live := known(s.State())
	mustDo(t, s, Command{Kind: CommandUndo})
	mustDo(t, s, Command{Kind: CommandUndo})
	if got, _ := s.State().KnownMap("posse").Terrain(g4); got.Name != was.Name {
		t.Errorf("after undoing the door, the posse knows G4 as %s", got.Name)
	}
	mustDo(t, s, Command{Kind: CommandRedo})
	mustDo(t, s, Command{Kind: CommandRedo})
	if got := known(s.State()); got != live {
		t.Error("redo gives another known map")
	}
	replayed := replayJournal(t, s)
	if got := known(replayed); got != live {
		t.Error("the journal replayed gives another known map")
	}
}

func mapKey(t *testing.T, m *hexmap.Map) string {
	t.Helper()
	data, err := json.Marshal(m.File())
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// replayJournal is the state s's journal gives, replayed from its file.
func replayJournal(t *testing.T, s *Session) *State {
	t.Helper()
	replayed, err := Replay(readAll(t, s.journal.path))
	if err != nil {
		t.Fatal(err)
	}
	return replayed
}

// A big fight's opening shares its fields of view out among the cores
// (makeViews): each figure's view is still the one the map finds for it
// alone, each side has explored the union of its figures' views, and its
// known map is the live map, hex for hex, whichever worker made which
// view (run it with -race too).
func TestABigOpeningMakesEachFieldOfViewAsForOneFigureAlone(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4)) // workers even on one core
	for _, tc := range []struct {
		name    string
		n, figs int
	}{
		{"64² with 4 figures: one at a time", 64, 4},
		{"64² with 50 figures: shared out", 64, 50},
		{"64² with 500 figures: shared out", 64, 500},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := scaleFight(t, tc.n, tc.figs).File.State()
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range st.Order {
				f, v := st.Figures[id], st.fog.views[id]
				want := st.Map.FieldOfView(f.At, 0).Hexes()
				if v == nil || v.fov == nil {
					t.Fatalf("%s at %s has no field of view, want %d hexes", id, st.Map.Label(f.At), len(want))
				}
				if got := v.fov.Hexes(); !slices.Equal(got, want) {
					t.Errorf("%s at %s sees %d hexes, alone %d", id, st.Map.Label(f.At), len(got), len(want))
				}
			}
			for _, side := range []string{"posse", "outlaws"} {
				if got, want := st.FogOf(side).Explored, unionOfViews(st, side); !sameSet(got, want) {
					t.Errorf("the %s explored %d hexes, their figures' fields of view %d", side, got.Len(), want.Len())
				}
				k := st.KnownMap(side)
				for _, h := range st.Map.Hexes() {
					if !k.SameHex(st.Map, h) {
						t.Fatalf("the %s's known map differs from the live one at %s", side, st.Map.Label(h))
					}
				}
			}
		})
	}
}
