package session

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

func perkins() Character {
	return Character{Character: rules.Character{ID: "perkins", Name: "Perkins brother", Move: 5, Run: 10, Size: 6,
		Traits: rules.Traits{Quickness: 3, Coordination: 3, Acuity: 2, Fortitude: 3, Bravery: 3},
		Skills: map[string]int{"firearms: rifle": 2}, Gear: []rules.Carried{{Weapon: "winchester", Loaded: 10}}}}
}

func TestRosterCommands(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: ptr(perkins())})
	if c, ok := s.State().Characters["perkins"]; !ok || c.Name != "Perkins brother" {
		t.Fatalf("the new sheet: %+v", c)
	}
	e := mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{
		{Character: "perkins", At: "C3", Facing: "E", Side: "outlaws"},
		{Character: "perkins", At: "D3", Facing: "E", Side: "outlaws"},
		{Character: "perkins", At: "E3", Facing: "E", Hidden: true},
	}})
	if len(e.Placed) != 3 || e.Placed[0].ID != "perkins" || e.Placed[1].ID != "perkins-2" || e.Placed[2].Side != "outlaws" { // no side: its copies' (DefaultSide)
		t.Fatalf("placed: %+v", e.Placed)
	}
	st := s.State()
	if f := st.Figures["perkins-2"]; f == nil || st.Map.Label(f.At) != "D3" || f.AP != 8 || len(f.Gear) != 1 || f.Gear[0].Loaded != 10 {
		t.Fatalf("perkins-2: %+v", f)
	}
	if !st.Figures["perkins-3"].Hidden {
		t.Error("the third was placed hidden")
	}
	// An edited sheet replaces the old one; figures keep their own gear.
	p := perkins()
	p.Traits.Quickness = 5
	e = mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &p})
	if !strings.Contains(e.Text, "updates Perkins brother's sheet (AP 10") {
		t.Errorf("update sentence: %s", e.Text)
	}
	mustDo(t, s, Command{Kind: CommandRemoveFigure, Figure: "perkins-3"})
	if _, ok := s.State().Figures["perkins-3"]; ok || len(s.State().Order) != 6 {
		t.Errorf("perkins-3 still there: order %v", s.State().Order)
	}
	// Undo puts the figure back; the replay rebuilds the placed ones.
	mustDo(t, s, Command{Kind: CommandUndo})
	if _, ok := s.State().Figures["perkins-3"]; !ok {
		t.Error("undo did not put perkins-3 back")
	}
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &FightOptions{TableDice: true}})
	if _, err := s.Do(Command{Kind: CommandNewRound}); err == nil || !strings.Contains(err.Error(), "table dice") {
		t.Errorf("a new round with table dice on: %v", err)
	}
}

func ptr[T any](v T) *T { return &v }

func TestRosterRefusals(t *testing.T) {
	bad := perkins()
	bad.Gear = []rules.Carried{{Weapon: "raygun"}}
	noName := perkins()
	noName.Name = ""
	for _, tc := range []struct {
		name string
		cmd  Command
		want string
	}{
		{"no sheet", Command{Kind: CommandSetCharacter}, "needs the character sheet"},
		{"unknown weapon", Command{Kind: CommandSetCharacter, Sheet: &bad}, `"raygun" is not in the weapon table`},
		{"no name", Command{Kind: CommandSetCharacter, Sheet: &noName}, "name is empty"},
		{"sheet in use", Command{Kind: CommandRemoveCharacter, Character: "cyril"}, "on the map as Cyril Wellington"},
		{"unknown sheet", Command{Kind: CommandRemoveCharacter, Character: "nobody"}, `no character "nobody"`},
		{"place nothing", Command{Kind: CommandPlace}, "at least one figure"},
		{"place unknown", Command{Kind: CommandPlace, Place: []FigureSpec{{Character: "nobody", At: "C3", Facing: "E"}}}, `no character "nobody"`},
		{"place taken", Command{Kind: CommandPlace, Place: []FigureSpec{{Character: "cyril", At: "U8", Facing: "E"}}}, "U8 is taken"},
		{"place twice", Command{Kind: CommandPlace, Place: []FigureSpec{{Character: "cyril", At: "C3", Facing: "E"}, {Character: "cyril", At: "C3", Facing: "E"}}}, "C3 is taken"},
		{"place off the map", Command{Kind: CommandPlace, Place: []FigureSpec{{Character: "cyril", At: "Z99", Facing: "E"}}}, "Z99 is off the map"},
		{"place bad facing", Command{Kind: CommandPlace, Place: []FigureSpec{{Character: "cyril", At: "C3", Facing: "up"}}}, `hexside "up"`},
		{"second of two off the map", Command{Kind: CommandPlace, Place: []FigureSpec{{Character: "cyril", At: "C3"}, {Character: "cyril", At: "Z99"}}}, "figure 2: Z99 is off the map"},
		{"place id taken", Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "zeke", Character: "cyril", At: "C3", Facing: "E"}}}, `"zeke" is taken`},
		{"remove nobody", Command{Kind: CommandRemoveFigure, Figure: "nobody"}, `no figure "nobody"`},
		{"no options", Command{Kind: CommandSetOptions}, "needs the options"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			_, err := s.Do(tc.cmd)
			var ref *Refusal
			if !errors.As(err, &ref) || !strings.Contains(ref.Reason, tc.want) {
				t.Errorf("got %v, want a refusal with %q", err, tc.want)
			}
		})
	}
}

func TestRosterIsTheJudges(t *testing.T) {
	s := open(t)
	a := NewAccess("judge")
	p := a.AddPlayer("Ann", []string{"cyril"})
	for _, c := range []Command{
		{Kind: CommandSetCharacter, Sheet: ptr(perkins())},
		{Kind: CommandPlace, Place: []FigureSpec{{Character: "cyril", At: "C3", Facing: "E"}}},
		{Kind: CommandRemoveFigure, Figure: "cyril"},
		{Kind: CommandSetOptions, Options: &FightOptions{}},
	} {
		var f *Forbidden
		if _, err := s.DoAs(p, c); !errors.As(err, &f) {
			t.Errorf("%s by a player: %v", c.Kind, err)
		}
	}
	// A player's view is rebuilt from a snapshot when figures in it
	// change; a figure placed out of its view (in the saloon, in the
	// posse's fog) changes nothing it sees, and it is sent nothing.
	for _, tc := range []struct {
		id, at string
		resync bool
	}{
		{"double", "D8", true},
		{"hidden-double", "C3", false},
	} {
		ev := mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{Character: "cyril", ID: tc.id, At: tc.at, Facing: "E", Side: "npc"}}})
		if _, send, resync := s.ForSeat(p, ev); send || resync != tc.resync {
			t.Errorf("%s placed at %s, for a player: send %v resync %v; want resync %v", tc.id, tc.at, send, resync, tc.resync)
		}
	}
	ev := mustDo(t, s, Command{Kind: CommandSetOptions, Options: &FightOptions{Seed: new(uint64(42))}})
	if out, send, _ := s.ForSeat(p, ev); !send || out.Options == nil || out.Options.Seed != nil {
		t.Errorf("options for a player: %+v, want them without the seed", out.Options)
	}
}

func TestHeroFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "perkins.hero.json")
	if err := SaveHero(path, perkins()); err != nil {
		t.Fatal(err)
	}
	c, err := LoadHero(path)
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "Perkins brother" || c.Skills["firearms: rifle"] != 2 || c.Gear[0].Weapon != "winchester" {
		t.Errorf("loaded %+v", c)
	}
	for _, tc := range []struct{ name, data, want string }{
		{"not json", "{", "the file ends inside the JSON"},
		{"wrong format", `{"format":"hexslinger/map","version":1,"character":{}}`, "format"},
		{"new version", `{"format":"hexslinger/hero","version":9,"character":{}}`, "version"},
		{"unknown field", `{"format":"hexslinger/hero","version":1,"character":{"id":"a","name":"A","move":5,"size":6,"wings":2}}`, "wings"},
		{"bad sheet", `{"format":"hexslinger/hero","version":1,"character":{"id":"a","name":"A","move":0,"size":6}}`, "move 0"},
		{"unknown skill", `{"format":"hexslinger/hero","version":1,"character":{"id":"a","name":"A","move":5,"size":6,"skills":{"juggling":2}}}`, "juggling"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := DecodeHero(strings.NewReader(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
	if err := os.WriteFile(path, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadHero(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("the error names the file: %v", err)
	}
}

func FuzzDecodeHero(f *testing.F) {
	data, _ := EncodeHero(perkins())
	f.Add(data)
	f.Add([]byte(`{"format":"hexslinger/hero","version":1,"character":{"skills":{"x":1}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := DecodeHero(bytes.NewReader(data))
		if err == nil {
			if err := CheckSheet(c); err != nil {
				t.Fatalf("decoded a sheet that does not check: %v", err)
			}
		}
	})
}

func TestSaveFightRoundTrips(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: ptr(perkins())})
	mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{Character: "perkins", At: "C3", Facing: "E"}}})
	path := filepath.Join(t.TempDir(), "a.fight.json")
	if err := SaveFight(path, s.State().Snapshot(nil)); err != nil {
		t.Fatal(err)
	}
	f, err := LoadFight(path)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := f.State()
	if _, ok := st.Figures["perkins"]; !ok || len(st.Characters) != len(s.State().Characters) {
		t.Errorf("the saved fight lost the placed figure: %v", st.Order)
	}
}

func TestEditMap(t *testing.T) {
	s := open(t)
	st := s.State()
	c3, _ := st.Map.ParseHex("C3")
	cell := st.Map.CellAt(c3)
	was := cell.Terrain
	cell.Terrain = "grass"
	cell.Edges[0] = &hexmap.FileFeature{Kind: "fence"}
	e := mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	if e.Kind != EventMapEdited || e.Text != "The Judge edits the map: 1 hex (C3)." {
		t.Errorf("the edit: %+v", e)
	}
	if tr, _ := s.State().Map.Terrain(c3); tr.Name != "grass" {
		t.Errorf("C3 is %s", tr.Name)
	}
	if f, ok := s.State().Map.EdgeFeature(c3, 0); !ok || f.Kind != "fence" {
		t.Errorf("C3's east side: %+v", f)
	}
	mustDo(t, s, Command{Kind: CommandUndo})
	if tr, _ := s.State().Map.Terrain(c3); tr.Name != was {
		t.Errorf("after undo C3 is %s, want %s", tr.Name, was)
	}
	// Refusals: water under Cyril, a bad cell, nothing at all.
	c8, _ := st.Map.ParseHex("C8")
	under := st.Map.CellAt(c8)
	under.Terrain = "water"
	bad := st.Map.CellAt(c3)
	bad.Terrain = "lava"
	for _, tc := range []struct {
		name  string
		cells []hexmap.Cell
		want  string
	}{
		{"figure in the way", []hexmap.Cell{under}, "Cyril Wellington stands at C8"},
		{"unknown terrain", []hexmap.Cell{bad}, `"lava" is not known`},
		{"no cells", nil, "needs the hexes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.Do(Command{Kind: CommandEditMap, Cells: tc.cells})
			var ref *Refusal
			if !errors.As(err, &ref) || !strings.Contains(ref.Reason, tc.want) {
				t.Errorf("got %v, want a refusal with %q", err, tc.want)
			}
		})
	}
	p := NewAccess("j").AddPlayer("Ann", []string{"cyril"})
	var f *Forbidden
	if _, err := s.DoAs(p, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}}); !errors.As(err, &f) {
		t.Errorf("a player's edit: %v", err)
	}
	// The journal replays the edit.
	mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	events := readAll(t, s.JournalPath())
	re, err := Replay(events)
	if err != nil {
		t.Fatal(err)
	}
	if tr, _ := re.Map.Terrain(c3); tr.Name != "grass" {
		t.Errorf("replayed C3 is %s", tr.Name)
	}
}
