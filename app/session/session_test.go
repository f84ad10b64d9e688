package session

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hexslinger/assets"
	"hexslinger/hexmap"
)

func demo(t testing.TB) *FightFile {
	t.Helper()
	f, err := DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		t.Fatalf("demo fight: %v", err)
	}
	return f
}

func open(t testing.TB) *Session {
	t.Helper()
	s, err := Open(demo(t), filepath.Join(t.TempDir(), "demo.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func hexAt(t testing.TB, s *Session, label string) hexmap.Hex {
	t.Helper()
	h, err := s.State().Map.ParseHex(label)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestDemoFight(t *testing.T) {
	st, err := demo(t).State()
	if err != nil {
		t.Fatal(err)
	}
	if st.Map.Width != 24 || st.Map.Height != 16 {
		t.Errorf("demo map is %d×%d, want 24×16", st.Map.Width, st.Map.Height)
	}
	want := []string{"Cyril Wellington", "Miranda Valentine", "Zeke Perkins", "Jeb Perkins"}
	var got []string
	for _, id := range st.Order {
		got = append(got, st.FigureName(id))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("figures %v, want %v", got, want)
	}
	kinds := map[string]int{}
	for _, e := range st.Map.Edges() {
		f, _ := st.Map.EdgeAt(e)
		kinds[f.Kind]++
	}
	for _, h := range st.Map.Features() {
		f, _ := st.Map.Feature(h)
		kinds[f.Kind]++
	}
	for _, k := range []string{"wall", "door", "trough", "barrel"} {
		if kinds[k] == 0 {
			t.Errorf("the demo street has no %s", k)
		}
	}
}

func TestMoveAndTurn(t *testing.T) {
	s := open(t)
	to := hexAt(t, s, "J8") // Cyril starts at C8 facing E, Move 6, AP 8
	events, err := s.Do(Command{Kind: CommandMove, Figure: "cyril", To: &to})
	if err != nil {
		t.Fatal(err)
	}
	e := events[0]
	if e.Kind != EventMoved || e.AP != 2 || e.APLeft != 6 || len(e.Path) != 8 {
		t.Errorf("7 paces at Move 6: %+v, want 2 AP, 6 left, 8 hexes", e)
	}
	wantText := "Cyril Wellington moves 7 paces C8 → J8 for 2 AP (TWTW Movement: Move 6 paces for 1 AP); 6 AP left."
	if e.Text != wantText {
		t.Errorf("log text\n got %q\nwant %q", e.Text, wantText)
	}
	if f := s.State().Figures["cyril"]; f.At != to || f.AP != 6 {
		t.Errorf("state after move: %+v", f)
	}
	events, err = s.Do(Command{Kind: CommandTurn, Figure: "cyril", Turn: -1})
	if err != nil {
		t.Fatal(err)
	}
	if e := events[0]; e.AP != 1 || e.APLeft != 5 || e.Facing != 5 {
		t.Errorf("turn right one hexside: %+v, want 1 AP, 5 left, facing SE", e)
	}
	if _, err := s.Do(Command{Kind: CommandTurn, Figure: "cyril", Turn: 3}); err != nil {
		t.Fatal(err)
	}
	if f := s.State().Figures["cyril"]; f.AP != 3 || f.Facing != 2 {
		t.Errorf("after an about-face: %+v, want 3 AP facing NW", f)
	}
	// Initiative dice: Cyril 3d8, Miranda 4d8, Zeke 3d8, Jeb 2d8, all 1s.
	ones := []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	if _, err := s.Do(Command{Kind: CommandNewRound, Dice: ones}); err != nil {
		t.Fatal(err)
	}
	if st := s.State(); st.Round != 1 || !st.Begun || st.Figures["cyril"].AP != 8 {
		t.Errorf("new round: round %d, Cyril AP %d", st.Round, st.Figures["cyril"].AP)
	}
}

func TestRefusals(t *testing.T) {
	h := func(q, r int) *hexmap.Hex { return &hexmap.Hex{Q: q, R: r} }
	tests := []struct {
		name   string
		before []Command
		cmd    Command
		want   string
	}{
		{"off the map", nil, Command{Kind: CommandMove, Figure: "cyril", To: h(-20, 3)}, "off the map"},
		{"onto a figure", nil, Command{Kind: CommandMove, Figure: "cyril", To: h(-2, 9)}, "taken by another figure"},
		{"more AP than left", []Command{
			{Kind: CommandMove, Figure: "cyril", To: h(20, 7)},
			{Kind: CommandTurn, Figure: "cyril", Turn: 3},
			{Kind: CommandTurn, Figure: "cyril", Turn: 3},
		}, Command{Kind: CommandMove, Figure: "cyril", To: h(19, 7)}, "to reach W8 but has 0 left"},
		{"turn without AP", []Command{
			{Kind: CommandMove, Figure: "cyril", To: h(20, 7)},
			{Kind: CommandTurn, Figure: "cyril", Turn: 3},
			{Kind: CommandTurn, Figure: "cyril", Turn: 3},
		}, Command{Kind: CommandTurn, Figure: "cyril", Turn: 1}, "needs 1 AP to turn but has 0 left"},
		{"into a barrel", nil, Command{Kind: CommandMove, Figure: "cyril", To: h(-4, 10)}, "holds a barrel"},
		{"unknown figure", nil, Command{Kind: CommandMove, Figure: "nobody", To: h(3, 3)}, "no figure"},
		{"no destination", nil, Command{Kind: CommandMove, Figure: "cyril"}, "needs a hex"},
		{"turn too far", nil, Command{Kind: CommandTurn, Figure: "cyril", Turn: 4}, "1 to 3 hexsides"},
		{"unknown command", nil, Command{Kind: "fly", Figure: "cyril"}, "not a command"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			for _, c := range tc.before {
				if _, err := s.Do(c); err != nil {
					t.Fatalf("setting up with %+v: %v", c, err)
				}
			}
			before := s.State()
			_, err := s.Do(tc.cmd)
			var ref *Refusal
			if !errors.As(err, &ref) || !strings.Contains(ref.Reason, tc.want) {
				t.Fatalf("Do(%+v) = %v, want a refusal saying %q", tc.cmd, err, tc.want)
			}
			if after := s.State(); !reflect.DeepEqual(before.Figures, after.Figures) || len(after.Log) != len(tc.before) {
				t.Errorf("a refused command changed the state")
			}
		})
	}
}

func TestWallsBlockTheSaloon(t *testing.T) {
	s := open(t)
	// Jeb stands on the boardwalk at G5 in front of the saloon's closed door;
	// inside (G4) is only reachable through the door.
	to := hexAt(t, s, "G4")
	_, err := s.Do(Command{Kind: CommandMove, Figure: "jeb", To: &to})
	var ref *Refusal
	if !errors.As(err, &ref) || !strings.Contains(ref.Reason, "no way to G4") {
		t.Errorf("move through the closed saloon door: %v", err)
	}
}

func TestJournalReplay(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "j.journal.jsonl")
	s, err := Open(demo(t), path)
	if err != nil {
		t.Fatal(err)
	}
	to := hexAt(t, s, "E8")
	if _, err := s.Do(Command{Kind: CommandMove, Figure: "cyril", To: &to}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do(Command{Kind: CommandTurn, Figure: "zeke", Turn: 1}); err != nil {
		t.Fatal(err)
	}
	want := s.State()
	s.Close()

	// A torn last line, as a crash mid-write leaves it.
	fh, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	fh.WriteString(`{"seq":4,"kind":"mov`)
	fh.Close()

	// It is shown, not cut; set aside, the fight opens without it.
	_, err = Open(demo(t), path)
	var d *DamagedJournal
	if !errors.As(err, &d) || !d.Torn {
		t.Fatalf("a torn last line: %v, want a torn *DamagedJournal", err)
	}
	if _, err := SetAside(d); err != nil {
		t.Fatal(err)
	}
	s2, err := Open(demo(t), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	got := s2.State()
	if !reflect.DeepEqual(got.Figures, want.Figures) || len(got.Log) != 2 {
		t.Errorf("reopened state differs: %+v vs %+v", got.Figures, want.Figures)
	}
	// The next event continues the sequence on a whole line.
	if ev, err := s2.Do(Command{Kind: CommandNewRound}); err != nil || ev[0].Seq != 4 {
		t.Fatalf("after reopen: %v %v", ev, err)
	}
	data, _ := os.ReadFile(path)
	if n := strings.Count(string(data), "\n"); n != 4 {
		t.Errorf("journal has %d lines, want 4", n)
	}
}

func TestJournalCorruptMiddleLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.journal.jsonl")
	os.WriteFile(path, []byte("{\"seq\":1}\nnot json\n{\"seq\":3}\n"), 0o644)
	if _, err := Open(demo(t), path); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("got %v, want an error naming line 2", err)
	}
}

func FuzzDecodeFight(f *testing.F) {
	// A small seed: the fuzzer shrinks every input it keeps, and the 15 KB
	// demo took it the whole run.
	f.Add(tinyFightJSON(f))
	f.Add([]byte(`{"format":"hexslinger/fight","version":1,"rules":"twtw","map":{}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ff, err := DecodeFight(bytes.NewReader(data))
		if err == nil {
			if _, err := ff.State(); err != nil {
				t.Fatalf("a decoded fight has no state: %v", err)
			}
		}
	})
}

// FuzzJournal reads anything as a journal: reading (CheckJournal, the
// timeline, readJournal) never changes the file; a damaged last line is
// found where the whole lines end, and setting it aside keeps the rest:
// what is kept and what is set aside are the file.
func FuzzJournal(f *testing.F) {
	f.Add([]byte("{\"seq\":1}\n{\"seq\":2,\"kind\":\"moved\"}\n"))
	f.Add([]byte("{\"seq\":1}\n{\"se"))
	f.Add([]byte("{\"seq\":1}\nnot json\n"))
	f.Add([]byte("\n\n"))
	f.Add(openFuzzSeed(f))
	noSync(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "j.journal.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		unchanged := func(what string) {
			t.Helper()
			if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, data) {
				t.Fatalf("%s changed the file (%v): %q, was %q", what, err, after, data)
			}
		}
		d, derr := CheckJournal(path)
		unchanged("CheckJournal")
		OpenTimeline(path)
		unchanged("OpenTimeline")
		events, off, err := readJournal(bytes.NewReader(data))
		if err == nil && (off < 0 || off > int64(len(data)) || (len(events) > 0 && off == 0)) {
			t.Fatalf("offset %d for %d bytes and %d events", off, len(data), len(events))
		}
		if derr != nil {
			t.Fatalf("CheckJournal: %v", derr)
		}
		if d == nil {
			if err == nil && off != int64(len(data)) {
				t.Fatalf("no damage found, but the whole lines end at %d of %d", off, len(data))
			}
			return
		}
		if d.Size != int64(len(data)) || d.Offset < 0 || d.Offset >= d.Size || (d.Offset > 0 && data[d.Offset-1] != '\n') {
			t.Fatalf("damage at %d of %d (file %d bytes): not the start of a last line", d.Offset, d.Size, len(data))
		}
		if i := bytes.IndexByte(data[d.Offset:], '\n'); i >= 0 && d.Offset+int64(i) != int64(len(data))-1 {
			t.Fatalf("damage at %d runs over more than one line", d.Offset)
		}
		if err == nil && off != d.Offset {
			t.Fatalf("readJournal keeps %d bytes, the damage starts at %d", off, d.Offset)
		}
		aside, err := SetAside(d)
		if err != nil {
			t.Fatalf("SetAside: %v", err)
		}
		kept, _ := os.ReadFile(path)
		set, _ := os.ReadFile(aside)
		if !bytes.Equal(append(kept, set...), data) || int64(len(kept)) != d.Offset {
			t.Fatalf("kept %q and set aside %q are not the file %q", kept, set, data)
		}
	})
}

func TestTableDice(t *testing.T) {
	f := demo(t)
	f.Options.TableDice = true
	s, err := Open(f, filepath.Join(t.TempDir(), "table.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = s.Do(Command{Kind: CommandNewRound})
	var ref *Refusal
	if !errors.As(err, &ref) || len(ref.Needs) != 4 || !strings.Contains(ref.Needs[0], "Cyril Wellington's initiative: 3d8") {
		t.Fatalf("a round without the table's dice: %v %+v", err, ref)
	}
	// Cyril rolls 8 (rerolled: 5), 6, 1: 2 successes, bumps (13-5)/2=4 and 0.
	dice := []int{8, 6, 1, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	ev, err := s.Do(Command{Kind: CommandNewRound, Dice: dice[:len(dice)-1]})
	if err == nil {
		t.Fatalf("a round with one die too few was carried out: %+v", ev)
	}
	if _, err := s.Do(Command{Kind: CommandNewRound, Dice: append(dice, 1)}); err == nil || !strings.Contains(err.Error(), "left over") {
		t.Errorf("a die too many: %v", err)
	}
	ev, err = s.Do(Command{Kind: CommandNewRound, Dice: dice})
	if err != nil {
		t.Fatal(err)
	}
	if got := ev[0].APs["cyril"]; got != 8+2+4 {
		t.Errorf("Cyril's initiative %d, want AP 8 + 2 successes + 4 bumps = 14 (%s)", got, ev[0].Text)
	}
	if !reflect.DeepEqual(ev[0].Rolls["cyril"], []int{8, 6, 1, 5}) {
		t.Errorf("the event keeps the dice: %v", ev[0].Rolls["cyril"])
	}
	if _, err := s.Do(Command{Kind: CommandNewRound, Dice: dice, Cards: []string{"Z of cups"}}); err == nil || !strings.Contains(err.Error(), "no card") {
		t.Errorf("a card that is not in the deck: %v", err)
	}
}

func TestSeededDiceAreDeterministic(t *testing.T) {
	run := func() int {
		f := demo(t)
		f.Options.Seed = new(uint64(99))
		s, _ := Open(f, filepath.Join(t.TempDir(), "seed.journal.jsonl"))
		defer s.Close()
		ev, err := s.Do(Command{Kind: CommandNewRound})
		if err != nil {
			t.Fatal(err)
		}
		return ev[0].APs["miranda"]
	}
	if a, b := run(), run(); a != b {
		t.Errorf("the same seed rolled %d and %d", a, b)
	}
}

func TestSegments(t *testing.T) {
	s := open(t)
	st := s.State()
	if st.Segment != 20 || st.MayAct("miranda") {
		t.Fatalf("at the start: segment %d, Miranda (9 AP) may act %v", st.Segment, st.MayAct("miranda"))
	}
	// Next segment counts one segment, those nobody's number is in too
	// (the count tells no hidden figure's number): 19, on to Miranda's 9,
	// then 8 (Cyril, Zeke).
	if e := mustDo(t, s, Command{Kind: CommandSegment}); e.Segment != 19 || e.Text != "Segment 19." {
		t.Errorf("the count from 20: %d, %q", e.Segment, e.Text)
	}
	for s.State().Segment > 10 {
		mustDo(t, s, Command{Kind: CommandSegment})
	}
	if e := mustDo(t, s, Command{Kind: CommandSegment}); e.Segment != 9 || !strings.Contains(e.Text, "Segment 9. May act: Miranda Valentine.") {
		t.Errorf("the count from 10: %d, %q", e.Segment, e.Text)
	}
	st = s.State()
	if st.Segment != 9 || !st.MayAct("miranda") || st.MayAct("cyril") {
		t.Errorf("at segment %d: Miranda %v, Cyril (8) %v", st.Segment, st.MayAct("miranda"), st.MayAct("cyril"))
	}
	e := mustDo(t, s, Command{Kind: CommandSegment})
	if !strings.Contains(e.Text, "May act: Cyril Wellington, Miranda Valentine, Zeke Perkins") {
		t.Errorf("segment 8: %q", e.Text)
	}
	for s.State().Segment > 1 {
		mustDo(t, s, Command{Kind: CommandSegment})
	}
	if _, err := s.Do(Command{Kind: CommandSegment}); err == nil {
		t.Errorf("counted past segment 1")
	}
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}})
	if s.State().Segment != 20 {
		t.Errorf("a new round starts at segment %d", s.State().Segment)
	}
}

// TestTheFirstRoundRollsItsOwnInitiative: a fight opens in round 1 before
// anyone has rolled; the first new round rolls round 1's initiative (TWTW
// Conflict: Initiative; Savage Worlds' action cards; DW II's Reflexes),
// the next round 2's. Fudge rounds have no initiative: round 1 is under
// way as the fight opens. A snapshot taken before the first roll reopens
// before it.
func TestTheFirstRoundRollsItsOwnInitiative(t *testing.T) {
	for _, tc := range []struct {
		fight      string
		first, sec int
	}{{"demo", 1, 2}, {"savage", 1, 2}, {"dragonwarriors", 1, 2}, {"fudge", 2, 3}} {
		t.Run(tc.fight, func(t *testing.T) {
			s, err := Open(bundledFight(t, tc.fight), filepath.Join(t.TempDir(), "r.journal.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			again, err := s.State().Snapshot(nil).State()
			if err != nil || again.Begun || again.Round != 1 {
				t.Fatalf("the snapshot before the first roll reopens in round %d, begun %v (%v)", again.Round, again.Begun, err)
			}
			for _, want := range []int{tc.first, tc.sec} {
				e := mustDo(t, s, Command{Kind: CommandNewRound})
				if e.Round != want || s.State().Round != want {
					t.Fatalf("new round: %d (%s), want %d", e.Round, e.Text, want)
				}
			}
		})
	}
}

// TestEveryDieTypedIsUsed: the dice a command brings (table dice) must all
// be rolled; one too many is refused, in every system, with what the
// command does roll, so the Judge can type them again.
func TestEveryDieTypedIsUsed(t *testing.T) {
	hundred := make([]int, 100)
	for i := range hundred {
		hundred[i] = 3
	}
	for _, tc := range []struct {
		fight string
		cmd   Command
		rolls string // part of what the refusal says is rolled
	}{
		{"demo", Command{Kind: CommandNewRound, Dice: hundred}, "Cyril Wellington's initiative"},
		{"dragonwarriors", Command{Kind: CommandNewRound, Dice: hundred}, "Reflexes"},
		{"dragonwarriors", Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: hundred}, "Sir Rolf"},
		{"savage", Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: hundred}, "Marshal Dane"},
		{"fudge", Command{Kind: CommandStrike, Figure: "sheriff", Target: "bruiser", Dice: hundred}, "Sheriff Bart"},
		{"quickdraw", Command{Kind: CommandNewRound, Dice: hundred}, "initiative"},
	} {
		t.Run(tc.fight+"/"+tc.cmd.Kind, func(t *testing.T) {
			s, err := Open(bundledFight(t, tc.fight), filepath.Join(t.TempDir(), "d.journal.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			before := stateKey(t, s.State())
			_, err = s.Do(tc.cmd)
			var ref *Refusal
			if !errors.As(err, &ref) || !strings.Contains(err.Error(), "left over: this needs only") || !strings.Contains(err.Error(), tc.rolls) || len(ref.Needs) == 0 {
				t.Fatalf("got %v, want a refusal naming the dice left over and %q", err, tc.rolls)
			}
			if stateKey(t, s.State()) != before {
				t.Error("the refused command changed the fight")
			}
		})
	}
	// TWTW's shots ask for rolls that happen only on a hit (a stun
	// check): dice typed for them in advance may go unused.
	t.Run("demo/shoot, a stun check typed for a miss", func(t *testing.T) {
		s := open(t)
		if _, err := s.Do(Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield",
			Shots: []ShotOrder{{Target: "zeke", Kind: "snap"}}, Dice: []int{1, 1, 6}, Cards: []string{"4C"}}); err != nil {
			t.Errorf("a missed shot with its stun-check die typed: %v", err)
		}
	})
}

// TestStandingInTheSystemsTerms: what a window says a figure has left of
// its round is in its system's terms: AP in TWTW, the dealt card in
// Savage Worlds, the initiative in Dragon Warriors II, nothing in Fudge's
// simultaneous rounds.
func TestStandingInTheSystemsTerms(t *testing.T) {
	for _, tc := range []struct {
		name, fight, id, before, after string
		dice                           []int // the first roll's, or nil
	}{
		{"demo", "demo", "cyril", "8 AP left", " AP left", nil},
		{"savage", "savage", "doc", "no initiative yet", "card ", nil},
		{"dragonwarriors", "dragonwarriors", "rolf", "no initiative yet", "initiative ", nil},
		// Rolf's Reflexes 10 +1, Lennox's 11 ±0: one step, still ordered.
		{"dragonwarriors, everyone tied", "dragonwarriors", "rolf", "no initiative yet", "initiative 11", []int{4, 3, 3, 3}},
		{"fudge", "fudge", "sheriff", "", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Open(bundledFight(t, tc.fight), filepath.Join(t.TempDir(), "s.journal.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if got := s.State().Standing(tc.id); got != tc.before {
				t.Errorf("before the first roll: %q, want %q", got, tc.before)
			}
			mustDo(t, s, Command{Kind: CommandNewRound, Dice: tc.dice})
			if got := s.State().Standing(tc.id); !strings.Contains(got, tc.after) || (tc.after == "") != (got == "") {
				t.Errorf("after the first roll: %q, want %q", got, tc.after)
			}
		})
	}
}

// TestMovementInTheSystemsTerms: the map window's figure line says how
// far a figure moves as its system measures it: TWTW's Move and Run in
// paces per AP, Savage Worlds' Pace in inches and what a move has spent
// of it, one move's paces where moves cost no AP.
func TestMovementInTheSystemsTerms(t *testing.T) {
	for _, tc := range []struct {
		fight, id, want string
		move            string // a hex to walk to first, or ""
		afterMove       string
	}{
		{fight: "demo", id: "cyril", want: "Move 6, Run 12"},
		{fight: "savage", id: "doc", want: `Pace 6"`, move: "walk", afterMove: `" left)`},
		{fight: "dragonwarriors", id: "rolf", want: "a move 10 paces, 20 running"},
		{fight: "fudge", id: "sheriff", want: "a move 12 paces, 24 running"},
	} {
		t.Run(tc.fight, func(t *testing.T) {
			s, err := Open(bundledFight(t, tc.fight), filepath.Join(t.TempDir(), "s.journal.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if got := s.State().Movement(tc.id); got != tc.want {
				t.Errorf("Movement(%s) = %q, want %q", tc.id, got, tc.want)
			}
			if tc.move == "" {
				return
			}
			mustDo(t, s, Command{Kind: CommandNewRound})
			st := s.State()
			area, err := st.Reach(tc.id, false)
			if err != nil {
				t.Fatal(err)
			}
			from := st.Figures[tc.id].At
			for h, cost := range area.Costs {
				if cost > 0 && h != from {
					mustDo(t, s, Command{Kind: CommandMove, Figure: tc.id, To: &h})
					break
				}
			}
			if got := s.State().Movement(tc.id); !strings.Contains(got, tc.afterMove) {
				t.Errorf("after a move: %q, want %q", got, tc.afterMove)
			}
		})
	}
}

// TestAnotherSystemsActionIsRefusedByName: a command kind the session
// knows, given in a fight whose system has no such action, is refused as
// not an action of that system, not as an unknown command.
func TestAnotherSystemsActionIsRefusedByName(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    *Session
		c    Command
		want string
	}{
		{"a delay in The West That Wasn't", open(t), Command{Kind: CommandDelay, Figure: "cyril"}, `"delay" is not an action of The West That Wasn't`},
		{"a cock in Savage Worlds", openSW(t), Command{Kind: CommandCock, Figure: "marshal"}, `"cock" is not an action of Savage Worlds`},
		{"a made-up kind", open(t), Command{Kind: "juggle", Figure: "cyril"}, `"juggle" is not a command hexslinger knows`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.s.Do(tc.c)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}
