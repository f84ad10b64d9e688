package board

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"hexslinger/app/session"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

// knownStreet is the demo street after the posse, hidden by the Judge so
// that it sees nothing now, has had the Judge open the saloon's door
// (G4–G5), which it saw shut, and turn E8, which it saw, to water: the
// live map and the posse's known map differ at both.
func knownStreet(t *testing.T) (*session.Session, hexmap.Hex, hexmap.Hex, hexmap.Direction) {
	t.Helper()
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.Open(f, filepath.Join(t.TempDir(), "known.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	st := s.State()
	hex := func(label string) hexmap.Hex {
		h, err := st.Map.ParseHex(label)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	g4, g5, e8 := hex("G4"), hex("G5"), hex("E8")
	door, _ := g4.DirectionTo(g5)
	cell := st.Map.CellAt(e8)
	cell.Terrain = "water"
	cmds := []session.Command{}
	for _, id := range st.Order {
		if st.Figures[id].Side == st.Options.Players() {
			cmds = append(cmds, session.Command{Kind: session.CommandHide, Figure: id})
		}
	}
	cmds = append(cmds,
		session.Command{Kind: session.CommandDoor, To: &g4, Side: int(door), Open: true},
		session.Command{Kind: session.CommandEditMap, Cells: []hexmap.Cell{cell}},
	)
	for _, c := range cmds {
		if _, err := s.Do(c); err != nil {
			t.Fatalf("%s: %v", c.Kind, err)
		}
	}
	return s, g4, e8, door
}

// mapJSON is m as a file, for comparing maps whole.
func mapJSON(t *testing.T, m *hexmap.File) string {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestTheJudgesSideViewDrawsTheSidesKnownMap: in the Judge's side view
// (Y) the map the window hands its chunks to draw is the map a player's
// seat of that side is sent (its known map: a door it saw shut is shut,
// a hex changed since it saw it is as it saw it), and the hover tip
// describes that map; in the Judge's own view, the live map.
func TestTheJudgesSideViewDrawsTheSidesKnownMap(t *testing.T) {
	s, g4, e8, door := knownStreet(t)
	st := s.State()
	if f, _ := st.Map.EdgeFeature(g4, door); !f.Open {
		t.Fatalf("the live saloon door is %+v, want open", f)
	}
	players := st.Options.Players()
	sent := st.Snapshot(&session.Seat{Name: "test", Role: session.RolePlayer, Side: players}).Map
	known := st.KnownMap(players)
	if f, _ := known.EdgeFeature(g4, door); f.Open {
		t.Fatalf("the posse's known saloon door is open: the scene does not test what it should")
	}
	if t1, _ := known.Terrain(e8); t1.Name == "water" {
		t.Fatalf("the posse knows E8 as water: the scene does not test what it should")
	}

	g := &Game{w: 1920, h: 1080, conn: newConn("", "")}
	g.conn.role = string(session.RoleJudge)
	g.play.st = st
	if got := g.mapDrawn(st); got != st.Map {
		t.Errorf("the Judge's view draws %p, want the live map %p", got, st.Map)
	}
	if tip := g.tipText(e8); !strings.Contains(tip, "water") {
		t.Errorf("the Judge's tip at E8 reads %q, want the live water", tip)
	}
	g.togglePlayersView()
	if g.fogSide() != players {
		t.Fatalf("Y shows the %q, want the %q", g.fogSide(), players)
	}
	drawn := g.mapDrawn(st)
	if got, want := mapJSON(t, drawn.File()), mapJSON(t, sent); got != want {
		t.Errorf("seen by the %s: the map drawn is not the map its seat is sent\n got %.300s\nwant %.300s", players, got, want)
	}
	if f, _ := drawn.EdgeFeature(g4, door); f.Open {
		t.Errorf("seen by the %s: the saloon door is drawn open, want shut as they saw it", players)
	}
	if t1, _ := drawn.Terrain(e8); t1.Name == "water" {
		t.Errorf("seen by the %s: E8 is drawn as water, want as they saw it", players)
	}
	if tip := g.tipText(e8); strings.Contains(tip, "water") {
		t.Errorf("seen by the %s: the tip at E8 reads %q, want what they saw", players, tip)
	}
	if tip := g.tipText(g4); strings.Contains(tip, "(open)") {
		t.Errorf("seen by the %s: the tip at G4 reads %q, want the door shut", players, tip)
	}
	for g.fog.players {
		g.togglePlayersView()
	}
	if got := g.mapDrawn(st); got != st.Map {
		t.Errorf("back in the Judge's view: drawn %p, want the live map %p", got, st.Map)
	}
}
