package board

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

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

// drawAll draws g's chunks of st's map, as the window's frames do, until
// none is left to draw, and returns how many chunks that rendered.
func drawAll(t *testing.T, g *Game, st *session.State) int {
	t.Helper()
	img := ebiten.NewImage(g.w, g.h)
	defer img.Deallocate()
	g.mapDrawn(st) // the view's cache, as the frame's draw takes it
	before := g.chunks.drawn
	for range 100 {
		g.chunks.draw(img, g.mapDrawn(st), g.layout, g.w, g.h)
		if !g.chunks.pending {
			return g.chunks.drawn - before
		}
	}
	t.Fatal("the chunks were still pending after 100 draws")
	return 0
}

// TestTheSideViewRedrawsOnlyWhatItsSideLearns: the side view's chunks are
// kept while the side learns nothing; when it learns (the Judge shows a
// hidden figures of it, who see the door open and E8 water), only the
// chunks of the hexes learned are drawn again, and the map drawn is the
// seat's again; turning the view off and on draws no chunk either cache
// holds.
func TestTheSideViewRedrawsOnlyWhatItsSideLearns(t *testing.T) {
	s, g4, e8, door := knownStreet(t)
	st := s.State()
	players := st.Options.Players()
	g := &Game{w: 1200, h: 800, conn: newConn("", "")}
	g.conn.role = string(session.RoleJudge)
	g.play.st = st
	g.layout = hexmap.Layout{Orientation: st.Map.Orientation, Size: 40, Origin: hexmap.Point{X: 60, Y: 60}}
	live := drawAll(t, g, st)
	g.togglePlayersView()
	all := drawAll(t, g, st)
	if all < 4 || live != all {
		t.Fatalf("the screen holds %d chunks of the live map and %d of the side's: too few to tell a few from all", live, all)
	}
	if n := drawAll(t, g, st); n != 0 {
		t.Errorf("the side view drawn again with nothing learned rendered %d chunks, want 0", n)
	}
	for _, id := range []string{"cyril", "miranda"} {
		events, err := s.Do(session.Command{Kind: session.CommandReveal, Figure: id})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range events { // as the Judge's window folds them in
			if err := st.Apply(e); err != nil {
				t.Fatal(err)
			}
		}
	}
	m := st.KnownMap(players)
	if f, _ := m.EdgeFeature(g4, door); !f.Open {
		t.Fatal("the posse shown does not see the saloon door open: the test does not test what it should")
	}
	if tr, _ := m.Terrain(e8); tr.Name != "water" {
		t.Fatal("the posse shown does not see E8 water: the test does not test what it should")
	}
	n := drawAll(t, g, st)
	if n == 0 || n >= all {
		t.Errorf("the side learned the door and E8: %d chunks drawn again, want some but fewer than all %d", n, all)
	}
	if g.mapDrawn(st) != m {
		t.Error("the side view does not draw the side's known map after it learned")
	}
	sent := st.Snapshot(&session.Seat{Name: "test", Role: session.RolePlayer, Side: players}).Map
	if got, want := mapJSON(t, g.mapDrawn(st).File()), mapJSON(t, sent); got != want {
		t.Error("after learning, the map drawn is not the map the side's seat is sent")
	}
	for g.fog.players {
		g.togglePlayersView()
	}
	// The live map changed where the side looked (nothing): its chunks are kept.
	if n := drawAll(t, g, st); n != 0 {
		t.Errorf("the Judge's view again: %d chunks drawn, want 0 (its cache was kept)", n)
	}
	g.togglePlayersView()
	if n := drawAll(t, g, st); n != 0 {
		t.Errorf("the side view again: %d chunks drawn, want 0 (its cache was kept)", n)
	}
}

// BenchmarkMapDrawn is what a frame that redraws the base (a pan's every
// frame) pays to learn which map its chunks draw, on a 256×256 fight of
// 64 figures with fog: the Judge's view, and a side's view.
func BenchmarkMapDrawn(b *testing.B) {
	st, err := fitFight(b, 256, 64).State()
	if err != nil {
		b.Fatal(err)
	}
	for _, view := range []string{"live", "side"} {
		b.Run(view, func(b *testing.B) {
			g := &Game{w: 1920, h: 1080, conn: newConn("", "")}
			g.conn.role = string(session.RoleJudge)
			g.play.st = st
			if view == "side" {
				g.togglePlayersView()
			}
			g.mapDrawn(st)
			b.ResetTimer()
			for range b.N {
				g.mapDrawn(st)
			}
		})
	}
}

// TestTheSideViewsChunksTakeTheFramesText: the frame sets the chunks' text
// size and picture, then asks which map they draw (mapDrawn), which may
// put the live map's cache aside for the side view's: the cache drawn has
// what the frame set, so that the side view's armor values read as large
// as the live view's.
func TestTheSideViewsChunksTakeTheFramesText(t *testing.T) {
	p := demoPlay(t)
	st := p.st
	g := &Game{w: 1920, h: 1080, conn: newConn("", "")}
	g.conn.role = string(session.RoleJudge)
	g.play.st = st
	for _, tc := range []struct {
		name    string
		players bool // Y is pressed until the window shows a side's view, or the Judge's
	}{
		{name: "the side view", players: true},
		{name: "the Judge's view again", players: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for g.fog.players != tc.players {
				g.togglePlayersView()
			}
			g.chunks.backdrop = &g.backdrop
			g.chunks.text = 17
			g.mapDrawn(st)
			if g.chunks.text != 17 || g.chunks.backdrop != &g.backdrop {
				t.Errorf("side %q: the chunks drawn have text %g and picture %p, want 17 and %p as the frame set", g.fogSide(), g.chunks.text, g.chunks.backdrop, &g.backdrop)
			}
		})
	}
}
