package session

import (
	"encoding/json"
	"strings"
	"testing"

	"hexslinger/hexmap"
)

// The Judge's secret door (issue 40): the saloon's door at G4 made
// secret, or made a wall, with Cyril of the players' side outside it at
// G5 (Jeb, who stood there, at C8).

// saloonAs is the demo fight with the saloon door's hexsides made kind
// ("secret": a secret door), Cyril at G5 and Jeb at C8, fog of war on or
// off.
func saloonAs(t testing.TB, kind string, fog bool) *FightFile {
	t.Helper()
	f := demo(t)
	m, err := f.Map.Map()
	if err != nil {
		t.Fatal(err)
	}
	g4, _ := m.ParseHex("G4")
	n := 0
	for d := hexmap.Direction(0); d < 6; d++ {
		door, ok := m.EdgeFeature(g4, d)
		if !ok || door.Kind != "door" {
			continue
		}
		n++
		switch kind {
		case "secret":
			door.Secret = true
		default:
			door, _ = hexmap.NewFeature(kind)
		}
		if err := m.SetEdge(g4, d, door); err != nil {
			t.Fatal(err)
		}
	}
	if n == 0 {
		t.Fatal("the demo's saloon has no door at G4")
	}
	f.Map = m.File()
	for i := range f.Figures {
		switch f.Figures[i].ID {
		case "cyril":
			f.Figures[i].At = "G5"
		case "jeb":
			f.Figures[i].At = "C8"
		}
	}
	f.Options.NoFog = !fog
	f.Options.Seed = new(uint64(40))
	return f
}

// mapOf is the map a seat is welcomed with, as JSON.
func welcomeMap(t testing.TB, s *Session, seat *Seat) string {
	t.Helper()
	data, err := json.Marshal(s.Welcome(seat)[0].Fight.Map)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// door is the command opening (or shutting) the saloon's door from G5's
// side, by figure (none: the Judge's).
func saloonDoorCmd(t testing.TB, s *Session, figure string, open bool) Command {
	t.Helper()
	g4, g5 := hexAt(t, s, "G4"), hexAt(t, s, "G5")
	side, ok := g4.DirectionTo(g5)
	if !ok {
		t.Fatal("G5 is not next to G4")
	}
	return Command{Kind: CommandDoor, Figure: figure, To: &g4, Side: int(side), Open: open}
}

// TestAPlayerIsToldASecretDoorIsAWall: a player's seat is welcomed with
// the map it would have were the secret door a wall (the door's armor
// and height), no word of a secret in it; the Judge's holds the secret.
func TestAPlayerIsToldASecretDoorIsAWall(t *testing.T) {
	for _, fog := range []bool{true, false} {
		t.Run(map[bool]string{true: "fog", false: "no fog"}[fog], func(t *testing.T) {
			secret := openFight(t, saloonAs(t, "secret", fog))
			judge := welcomeMap(t, secret, nil)
			if !strings.Contains(judge, `"secret":true`) {
				t.Errorf("the Judge's map holds no secret door:\n%s", judge)
			}
			got := welcomeMap(t, secret, seat(secret.State()))
			if strings.Contains(got, "secret") {
				t.Errorf("a player's map names a secret:\n%s", got)
			}
			data, _ := json.Marshal(secret.Welcome(seat(secret.State())))
			if strings.Contains(string(data), "secret") {
				t.Errorf("a player's welcome names a secret")
			}
			// The same map as a wall of the door's armor gives.
			wall := saloonAs(t, "wall", fog)
			m, _ := wall.Map.Map()
			g4, _ := m.ParseHex("G4")
			for d := hexmap.Direction(0); d < 6; d++ {
				if f, ok := m.EdgeFeature(g4, d); ok && f.Kind == "wall" && !slices0(secret, g4, d) {
					f.Armor, f.BaseArmor = 2, 2
					m.SetEdge(g4, d, f)
				}
			}
			wall.Map = m.File()
			want := welcomeMap(t, openFight(t, wall), seat(secret.State()))
			if got != want {
				t.Errorf("a player's map of the secret door differs from a wall's: %s", firstDiff(got, want))
			}
		})
	}
}

// slices0 reports whether hexside d of h is not the secret door in s
// (the walls the saloon had before are left as they were).
func slices0(s *Session, h hexmap.Hex, d hexmap.Direction) bool {
	f, _ := s.State().Map.EdgeFeature(h, d)
	return !f.Secret
}

// TestAPlayerCannotOpenASecretDoor: a player's figure beside the secret
// door trying to open it, or to walk through it, is answered as if it
// were a wall; the door stays shut and secret.
func TestAPlayerCannotOpenASecretDoor(t *testing.T) {
	for _, fog := range []bool{true, false} {
		t.Run(map[bool]string{true: "fog", false: "no fog"}[fog], func(t *testing.T) {
			secret, wall := openFight(t, saloonAs(t, "secret", fog)), openFight(t, saloonAs(t, "wall", fog))
			open := saloonDoorCmd(t, secret, "cyril", true)
			got, want := seatGets(t, secret, seat(secret.State()), open), seatGets(t, wall, seat(wall.State()), open)
			if got != want || !strings.HasPrefix(got, "refused") {
				t.Errorf("Cyril opens the secret door: got %q, want %q (a wall's)", got, want)
			}
			g4 := hexAt(t, secret, "G4")
			move := Command{Kind: CommandMove, Figure: "cyril", To: &g4}
			if got, want := seatGets(t, secret, seat(secret.State()), move), seatGets(t, wall, seat(wall.State()), move); got != want {
				t.Errorf("Cyril walks into G4: got %q, want %q (a wall's)", got, want)
			}
			if f, _ := secret.State().Map.EdgeFeature(g4, hexmap.Direction(open.Side)); f.Open || !f.Secret {
				t.Errorf("after the player's tries the door is %+v, want shut and secret", f)
			}
		})
	}
}

// TestTheJudgeOpensASecretDoorAndItIsKnown: the Judge (or a figure the
// Judge commands) opens the secret door: it is a plain door from then,
// the players' seat is sent a fresh view with it open, and shut again it
// stays a door they know; an undo makes it secret again.
func TestTheJudgeOpensASecretDoorAndItIsKnown(t *testing.T) {
	for _, by := range []string{"", "cyril"} {
		t.Run("by "+by, func(t *testing.T) {
			s := openFight(t, saloonAs(t, "secret", false))
			players := seat(s.State())
			open := saloonDoorCmd(t, s, by, true)
			got := seatSees(t, s, nil, players, open)
			if !strings.HasPrefix(got, "a fresh view") || strings.Contains(got, "secret") {
				t.Fatalf("the Judge opens the secret door; the players are sent %s, want a fresh view naming no secret", got)
			}
			g4 := hexAt(t, s, "G4")
			side := hexmap.Direction(open.Side)
			if f, _ := s.State().Map.EdgeFeature(g4, side); !f.Open || f.Secret {
				t.Errorf("opened, the door is %+v, want open and not secret", f)
			}
			m, err := s.Welcome(players)[0].Fight.Map.Map()
			if err != nil {
				t.Fatal(err)
			}
			if f, _ := m.EdgeFeature(g4, side); f.Kind != "door" || !f.Open {
				t.Errorf("the players' map holds %+v at the opened door, want an open door", f)
			}
			mustDo(t, s, saloonDoorCmd(t, s, "", false))
			if f, _ := s.State().Map.EdgeFeature(g4, side); f.Open || f.Secret {
				t.Errorf("shut again, the door is %+v, want a plain shut door", f)
			}
			mustDo(t, s, Command{Kind: CommandUndo})
			mustDo(t, s, Command{Kind: CommandUndo})
			if f, _ := s.State().Map.EdgeFeature(g4, side); f.Open || !f.Secret {
				t.Errorf("after two undos the door is %+v, want shut and secret", f)
			}
			if m := welcomeMap(t, s, players); strings.Contains(m, "secret") {
				t.Errorf("after the undos a player's map names a secret")
			}
		})
	}
}

// TestTheJudgeMarksADoorSecretAndReveals: the Judge's map edit makes a
// door secret (the players are sent a wall there, the Judge the secret
// door) and plain again (the players are sent the door); both undo.
func TestTheJudgeMarksADoorSecretAndReveals(t *testing.T) {
	for _, fog := range []bool{true, false} {
		t.Run(map[bool]string{true: "fog", false: "no fog"}[fog], func(t *testing.T) {
			f := demo(t)
			f.Options.NoFog = !fog
			s := openFight(t, f)
			players := seat(s.State())
			g4 := hexAt(t, s, "G4")
			cell := s.State().Map.CellAt(g4)
			marked := cell
			for d, e := range cell.Edges {
				if e != nil && e.Kind == "door" {
					c := *e
					c.Secret = true
					marked.Edges[d] = &c
				}
			}
			judge := seatSees(t, s, nil, nil, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{marked}})
			if !strings.Contains(judge, `"secret":true`) {
				t.Errorf("the Judge's event of the edit holds no secret: %s", judge)
			}
			mustDo(t, s, Command{Kind: CommandUndo})
			got := seatSees(t, s, nil, players, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{marked}})
			if strings.Contains(got, "secret") || !strings.Contains(got, `"kind":"wall"`) {
				t.Errorf("the players are sent of the edit %s, want walls and no secret", got)
			}
			if m := welcomeMap(t, s, players); strings.Contains(m, "secret") {
				t.Errorf("a player's map names a secret after the edit")
			}
			got = seatSees(t, s, nil, players, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
			if !strings.Contains(got, `"kind":"door"`) {
				t.Errorf("the players are sent of the reveal %s, want the doors", got)
			}
		})
	}
}
