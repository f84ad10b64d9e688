package session

import (
	"errors"
	"strings"
	"testing"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// countDownTo has the Judge count the segments down until figure id's
// number comes up.
func countDownTo(t *testing.T, s *Session, id string) {
	t.Helper()
	for s.State().Segment > s.State().Figures[id].AP {
		mustDo(t, s, Command{Kind: CommandSegment})
	}
}

func mustDo(t *testing.T, s *Session, c Command) Event {
	t.Helper()
	ev, err := s.Do(c)
	if err != nil {
		t.Fatalf("%+v: %v", c, err)
	}
	return ev[0]
}

func TestReadyCockAndShoot(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	mustDo(t, s, Command{Kind: CommandCock, Figure: "cyril", Weapon: "schofield"})
	if f := s.State().Figures["cyril"]; f.AP != 8-2-1 || !f.Gear[0].Readied || !f.Gear[0].Cocked {
		t.Fatalf("after readying and cocking: AP %d, gear %+v", f.AP, f.Gear)
	}
	// Zeke is 18 paces away: TN 6. Cyril's 2d10 roll 9 and 2; the card
	// (3♥) gives the hit location; Zeke's stun check (Fortitude 4: 4d10)
	// rolls 1s and fails.
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield",
		Shots: []ShotOrder{{Target: "zeke", Kind: "normal"}}, Dice: []int{9, 2, 1, 1, 1, 1}, Cards: []string{"3H"}})
	if e.Kind != EventActed || e.AP != 3 || e.APLeft != 2 {
		t.Errorf("the shot: %+v", e)
	}
	if !strings.Contains(e.Text, "at Zeke Perkins: 9 vs TN 6, hits the") || !strings.Contains(e.Text, "Zeke Perkins takes 16 deadly to the head") {
		t.Errorf("the shot's sentence: %s", e.Text)
	}
	st := s.State()
	z := st.Figures["zeke"]
	if z.Condition != rules.Stunned {
		t.Errorf("Zeke after failing the stun check: %v", z.Condition)
	}
	total := 0
	for _, w := range z.Wounds {
		total += w
	}
	if total == 0 && z.Conc == 0 {
		t.Errorf("Zeke took no damage: %+v", z.FigureStatus)
	}
	g := st.Figures["cyril"].Gear[0]
	if g.Cocked || g.Loaded != 4 {
		t.Errorf("after the shot the Schofield: %+v, want uncocked with 4 rounds", g)
	}
	// A stunned Zeke can only recover: a head hit with 1 bump is 10 + 2×3 =
	// 16 deadly, 2 wounds and 4 Conc against Size 6.
	var ref *Refusal
	if _, err := s.Do(Command{Kind: CommandTurn, Figure: "zeke", Turn: 1}); !errors.As(err, &ref) || !strings.Contains(ref.Reason, "stunned") {
		t.Errorf("a stunned figure turned: %v", err)
	}
	if _, err := s.Do(Command{Kind: CommandReady, Figure: "zeke", Weapon: "shotgun"}); !errors.As(err, &ref) || !strings.Contains(ref.Reason, "stunned") {
		t.Errorf("a stunned figure readied a weapon: %v", err)
	}
	// Zeke spends his round recovering: Fortitude 4d10 against TN 5.
	r := mustDo(t, s, Command{Kind: CommandRecover, Figure: "zeke", Dice: []int{7, 1, 1, 1}, Cards: []string{"4C"}})
	if z := s.State().Figures["zeke"]; z.Condition != rules.Fine || z.AP != 0 || !strings.Contains(r.Text, "fine") {
		t.Errorf("after recovering Zeke is %v with %d AP: %s", z.Condition, z.AP, r.Text)
	}
	mustDo(t, s, Command{Kind: CommandUndo})
	// Undo takes the whole shot back, damage and all.
	mustDo(t, s, Command{Kind: CommandUndo})
	if z := s.State().Figures["zeke"]; z.Condition != rules.Fine || len(z.Wounds) != 0 {
		t.Errorf("after undoing the shot Zeke is %v with %v", z.Condition, z.Wounds)
	}
}

func TestShootRefusals(t *testing.T) {
	tests := []struct {
		name string
		cmd  Command
		want string
	}{
		{"no such weapon", Command{Kind: CommandShoot, Figure: "cyril", Weapon: "sharps", Shots: []ShotOrder{{Target: "zeke"}}}, "carries no gun"},
		{"no shots", Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield"}, "at least one shot"},
		{"no target", Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: []ShotOrder{{Target: "nobody"}}}, "no target"},
		{"more shots than skill", Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: []ShotOrder{{Target: "zeke"}, {Target: "zeke"}, {Target: "jeb"}}}, "2 attack(s) from one pool"},
		{"bad kind", Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: []ShotOrder{{Target: "zeke", Kind: "lucky"}}}, "not a kind of shot"},
		{"too dear", Command{Kind: CommandShoot, Figure: "cyril", Weapon: "winchester", Shots: []ShotOrder{{Target: "zeke", Kind: "aimed", Aims: 2}}}, "needs 14 AP"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			_, err := s.Do(tc.cmd)
			var ref *Refusal
			if !errors.As(err, &ref) || !strings.Contains(ref.Reason, tc.want) {
				t.Errorf("got %v, want a refusal saying %q", err, tc.want)
			}
		})
	}
}

func TestPostureAndCover(t *testing.T) {
	s := open(t)
	if e := mustDo(t, s, Command{Kind: CommandProne, Figure: "miranda", Prone: true}); e.AP != 1 {
		t.Errorf("drop prone: %d AP", e.AP)
	}
	if e := mustDo(t, s, Command{Kind: CommandProne, Figure: "miranda", Prone: false}); e.AP != 2 {
		t.Errorf("stand up: %d AP", e.AP)
	}
	if _, err := s.Do(Command{Kind: CommandDuck, Figure: "miranda", Duck: true}); err == nil || !strings.Contains(err.Error(), "no cover to duck behind") {
		t.Errorf("ducked in the open: %v", err)
	}
	c10 := hexAt(t, s, "C10")
	cell := s.State().Map.CellAt(c10)
	cell.Edges[0] = &hexmap.FileFeature{Kind: "fence"}
	mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	if e := mustDo(t, s, Command{Kind: CommandDuck, Figure: "miranda", Duck: true}); e.AP != 1 || !s.State().Figures["miranda"].Ducked {
		t.Errorf("duck: %+v", e)
	}
	if _, err := s.Do(Command{Kind: CommandDuck, Figure: "miranda", Duck: true}); err == nil {
		t.Errorf("ducked twice")
	}
}

func TestMeleeBlow(t *testing.T) {
	s := open(t)
	st := s.State()
	jeb := st.Figures["jeb"]
	next := jeb.At.Neighbor(hexmap.Direction(5))
	// The Judge walks Cyril over to Jeb.
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8}})
	countDownTo(t, s, "cyril")
	if _, err := s.Do(Command{Kind: CommandMove, Figure: "cyril", To: &next}); err != nil {
		t.Fatal(err)
	}
	countDownTo(t, s, "cyril") // the move paid AP: his number comes up again
	// A quick punch (Cyril: unarmed 2, Coordination 4: 2d10, two
	// downgrades for Jeb's advantage, higher on the boardwalk and bigger:
	// 2d6) against Jeb's defense 5 (melee 2) waits for Jeb's answer; he
	// takes it: 5 hits; Jeb's stun check (Fortitude 4) passes.
	if d := mustDo(t, s, Command{Kind: CommandMelee, Figure: "cyril", Blow: &BlowOrder{Target: "jeb", Attack: "quick"}}); d.Kind != EventBlowDeclared {
		t.Fatalf("the punch did not wait for Jeb: %s", d.Text)
	}
	e := mustDo(t, s, Command{Kind: CommandDefend, Figure: "jeb", Defense: DefenseNone, Dice: []int{5, 3, 1, 1, 1, 1}, Cards: []string{"5S"}})
	if !strings.Contains(e.Text, "defense 5: 5, a hit") || !strings.Contains(e.Text, "impact") || !strings.Contains(e.Text, "advantage -2 (Jeb Perkins higher, bigger") {
		t.Errorf("the blow: %s", e.Text)
	}
	if c := s.State().Figures["jeb"].Conc; c == 0 {
		t.Errorf("Jeb took no Conc from a punch")
	}
	far := Command{Kind: CommandMelee, Figure: "miranda", Blow: &BlowOrder{Target: "jeb", Attack: "quick"}}
	if _, err := s.Do(far); err == nil || !strings.Contains(err.Error(), "within one pace") {
		t.Errorf("a punch from across the street: %v", err)
	}
}

func TestDoors(t *testing.T) {
	s := open(t)
	st := s.State()
	g4, _ := st.Map.ParseHex("G4") // inside the saloon; its door is on the SE and SW hexsides
	side := 5
	jeb := st.Figures["jeb"]
	if jeb.At != g4.Neighbor(hexmap.Direction(side)) {
		side = 4
	}
	if _, err := s.Do(Command{Kind: CommandMove, Figure: "jeb", To: &g4}); err == nil {
		t.Fatalf("Jeb walked through the closed door")
	}
	e := mustDo(t, s, Command{Kind: CommandDoor, Figure: "jeb", To: &g4, Side: side, Open: true})
	if e.AP != 1 || !strings.Contains(e.Text, "opens the door at G4") {
		t.Errorf("open: %+v", e)
	}
	if _, err := s.Do(Command{Kind: CommandMove, Figure: "jeb", To: &g4}); err != nil {
		t.Errorf("through the open door: %v", err)
	}
	if _, err := s.Do(Command{Kind: CommandDoor, To: &g4, Side: side, Open: true}); err == nil {
		t.Errorf("opened an open door")
	}
	mustDo(t, s, Command{Kind: CommandDoor, To: &g4, Side: side, Open: false})
	if f, _ := s.State().Map.EdgeFeature(g4, hexmap.Direction(side)); f.Open {
		t.Errorf("the Judge's close left it open")
	}
}

func TestThrownMissLands(t *testing.T) {
	s := open(t)
	// Jeb throws his knife at Cyril (far: TN 5 + range) and misses: the
	// 4♣ card's clock and phase place it.
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "jeb", Weapon: "throwing-knife",
		Shots: []ShotOrder{{Target: "cyril", Kind: "normal"}}, Dice: []int{1, 1, 1}, Cards: []string{"4C"}})
	if len(e.Landings) != 1 {
		t.Fatalf("a thrown miss: %+v", e)
	}
	l := e.Landings[0]
	c, _ := rules.FindCard(rules.Cards(), "4C")
	want, _ := rules.ScatterHex(l.From, l.Target, c, 1)
	if l.At != want || l.Clock != c.Clock || l.Phase != c.Phase || !strings.Contains(e.Text, "lands at") {
		t.Errorf("landing %+v, want at %v (%s)", l, want, e.Text)
	}
}
