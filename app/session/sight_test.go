package session

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// The tests of "nothing a player is sent or refused tells of a figure it
// cannot see" (issue 34): an unseen figure met on a move's way (the
// ambush), a window far behind, the count of the segments, another side's
// reveals and a hidden figure's name in a dealt card's line.

// placed is fight f (a copy) with figure id at hex label, hidden by the
// Judge when hide, and a fixed seed, so that two fights made so roll
// alike.
func placed(t testing.TB, f *FightFile, id, label string, hide bool) *FightFile {
	t.Helper()
	data, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	c, err := DecodeFight(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c.Options.Seed = new(uint64(34))
	found := false
	for i := range c.Figures {
		if c.Figures[i].ID == id {
			c.Figures[i].At, c.Figures[i].Hidden, found = label, hide, true
		}
	}
	if !found {
		t.Fatalf("no figure %s in %s", id, f.Name)
	}
	return c
}

// openFight opens fight f in a session of its own, closed with the test.
func openFight(t testing.TB, f *FightFile) *Session {
	t.Helper()
	s, err := Open(f, filepath.Join(t.TempDir(), fmt.Sprintf("w%d.journal.jsonl", time.Now().UnixNano())))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// seatGets gives command c as seat and says what the seat is sent of it:
// the refusal as it reads it, or each event as ForSeat projects it (a
// fresh view, when it resyncs), without the numbers and times the session
// stamps.
func seatGets(t testing.TB, s *Session, seat *Seat, c Command) string {
	t.Helper()
	return seatSees(t, s, seat, seat, c)
}

// seatSees is seatGets of a command given by another seat (by; nil: the
// Judge), as seat is sent it.
func seatSees(t testing.TB, s *Session, by, seat *Seat, c Command) string {
	t.Helper()
	events, err := s.DoAs(by, c)
	if err != nil {
		return "refused: " + s.ReplyText(seat, err.Error())
	}
	var b strings.Builder
	for _, e := range events {
		out, send, resync := s.ForSeat(seat, e)
		switch {
		case resync:
			data, _ := json.Marshal(s.Welcome(seat)[0].Fight)
			fmt.Fprintf(&b, "a fresh view: %s\n", data)
		case send:
			out.Seq, out.Cmd, out.Time = 0, 0, time.Time{}
			data, _ := json.Marshal(out)
			fmt.Fprintf(&b, "%s\n", data)
		}
	}
	return b.String()
}

// unseen reports whether seat does not see figure id in s now.
func unseen(s *Session, seat *Seat, id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state.sightOf(seat).hidden[id]
}

// TestAMoveTellsNothingOfWhereAnUnseenFigureStands: the table's seat
// moves Cyril to every hex near him, Jeb unseen (hidden by the Judge, or
// in the fog) at one hex and at another; whatever the move meets, the
// table is sent the same answer in both fights unless the move ran into
// Jeb (who is then seen). Before, a move onto Jeb's hex was refused as
// taken, and moves near it went round it: 858 probes found 4 figures.
func TestAMoveTellsNothingOfWhereAnUnseenFigureStands(t *testing.T) {
	noSync(t)
	tests := []struct {
		name   string
		at, to string // Jeb's hex in the first fight, and in the second
		hide   bool
		from   string // the hex the sweep is about
	}{
		{"hidden by the Judge", "G5", "X2", true, "C8"},
		{"in the fog", "L2", "X2", false, "C8"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, b := placed(t, demo(t), "jeb", tc.at, tc.hide), placed(t, demo(t), "jeb", tc.to, tc.hide)
			probe := openFight(t, a)
			table := seat(probe.State())
			if !unseen(probe, table, "jeb") {
				t.Fatalf("Jeb at %s is in the table's view", tc.at)
			}
			st := probe.State()
			from, _ := st.Map.ParseHex(tc.from)
			jeb, _ := st.Map.ParseHex(tc.at)
			compared, met := 0, 0
			for _, h := range within(st.Map, from, 10) {
				if !st.Map.Contains(h) {
					continue
				}
				c := Command{Kind: CommandMove, Figure: "cyril", To: &h}
				sa, sb := openFight(t, a), openFight(t, b)
				ga, gb := seatGets(t, sa, table, c), seatGets(t, sb, table, c)
				if !unseen(sa, table, "jeb") || !unseen(sb, table, "jeb") {
					met++
					continue // the move ran into Jeb: he is seen, and may be told of
				}
				compared++
				if ga != gb {
					t.Errorf("a move to %s: with Jeb at %s the table gets\n%s\nwith him at %s\n%s", st.Map.Label(h), tc.at, ga, tc.to, gb)
				}
			}
			// The move onto Jeb's own hex runs into him.
			s := openFight(t, a)
			if got := seatGets(t, s, table, Command{Kind: CommandMove, Figure: "cyril", To: &jeb}); strings.HasPrefix(got, "refused") || unseen(s, table, "jeb") {
				t.Errorf("a move onto unseen Jeb's hex %s: %s; Jeb unseen after: %v", tc.at, got, unseen(s, table, "jeb"))
			}
			if compared < 100 || met == 0 {
				t.Errorf("%d moves compared, %d ran into Jeb; want many of the one and some of the other", compared, met)
			}
		})
	}
}

// ambushWorld is a bundled fight with its first outlaw unseen on the way
// of its first posse figure's move to a hex three hexes off: the move's
// path is found with the outlaw far away, and the outlaw put on its third
// hex. It returns the fight, the mover, the outlaw and the path.
func ambushWorld(t *testing.T, name string, hide bool) (*FightFile, string, string, []hexmap.Hex) {
	t.Helper()
	f := bundledFight(t, name)
	var mover, outlaw string
	for _, fs := range f.Figures {
		switch {
		case fs.Side == "posse" && mover == "":
			mover = fs.ID
		case fs.Side != "posse" && outlaw == "":
			outlaw = fs.ID
		}
	}
	st, err := f.State()
	if err != nil {
		t.Fatal(err)
	}
	// The outlaw well away: in the map's far corner, hidden by the Judge.
	corner := st.Map.Label(st.Map.Orientation.FromOffset(hexmap.Offset{Col: st.Map.Width - 1, Row: 0}))
	away := placed(t, f, outlaw, corner, true)
	s := openFight(t, away)
	at := s.State().Figures[mover].At
	for _, h := range within(s.State().Map, at, 3) {
		if at.DistanceTo(h) != 3 {
			continue
		}
		p := s.State().Preview(nil, Command{Kind: CommandMove, Figure: mover, To: &h})
		path := p.Path()
		if !p.OK() || len(path) != 4 {
			continue
		}
		if hide {
			return placed(t, f, outlaw, st.Map.Label(path[2]), true), mover, outlaw, path
		}
		// In the fog: the outlaw on the path's third hex where the
		// posse does not see it.
		w := placed(t, f, outlaw, st.Map.Label(path[2]), false)
		if ws := openFight(t, w); unseen(ws, seat(ws.State()), outlaw) {
			return w, mover, outlaw, path
		}
	}
	return nil, mover, outlaw, nil
}

// TestAMoveStopsBeforeAnUnseenFigure: in every system, a move whose path
// meets a figure the mover's side does not see stops in the hex before
// it, costs what was walked (what a move to that hex costs), says so,
// and the figure is seen: revealed, when the Judge hid it. The reach
// overlay offered the hex the move was aimed at, as the mover's side
// knows the ground. Before, the move was refused: "G5 is taken by
// another figure".
func TestAMoveStopsBeforeAnUnseenFigure(t *testing.T) {
	noSync(t)
	for _, name := range bundledNames() {
		t.Run(name, func(t *testing.T) {
			f, mover, outlaw, path := ambushWorld(t, name, true)
			if f == nil {
				t.Fatalf("no move of three hexes for %s", mover)
			}
			s := openFight(t, f)
			table := seat(s.State())
			to := path[3]
			area, err := s.State().Reach(mover, false)
			if _, in := area.Costs[to]; err != nil || !in {
				t.Errorf("the overlay does not offer %v (%v), as the posse knows the ground", to, err)
			}
			// What a move to the hex before the outlaw costs, asked of
			// the fight with the outlaw far away.
			m := s.State().Map
			short := openFight(t, placed(t, bundledFight(t, name), outlaw, m.Label(m.Orientation.FromOffset(hexmap.Offset{Col: m.Width - 1, Row: 0})), true))
			stop := path[1]
			want := short.State().Preview(nil, Command{Kind: CommandMove, Figure: mover, To: &stop})
			before := s.State().Figures[mover]
			events, err := s.DoAs(table, Command{Kind: CommandMove, Figure: mover, To: &to})
			if err != nil {
				t.Fatalf("the move into the unseen %s: %v", outlaw, err)
			}
			e := events[0]
			if e.Kind != EventMoved || e.To != stop || !slices.Equal(e.Path, path[:2]) || e.Met != outlaw {
				t.Fatalf("the move: %s to %v along %v, met %q; want to %v along %v, met %s", e.Kind, e.To, e.Path, e.Met, stop, path[:2], outlaw)
			}
			if got := (Preview{Events: events, actor: before, unit: want.unit}).Cost(); got != want.Cost() {
				t.Errorf("the move stopped short cost %q; a move to %v costs %q", got, stop, want.Cost())
			}
			name := s.State().FigureName(outlaw)
			if !strings.Contains(e.Text, name) {
				t.Errorf("the log does not say whom the move ran into: %q", e.Text)
			}
			if s.State().Figures[outlaw].Hidden || unseen(s, table, outlaw) {
				t.Errorf("%s, run into, is still out of the table's view", outlaw)
			}
		})
	}
}

// TestAMoveStopsBeforeAFigureInTheFog: the same ambush with the figure
// unseen in the fog, not hidden by the Judge: the move stops before it,
// and the mover's side sees it.
func TestAMoveStopsBeforeAFigureInTheFog(t *testing.T) {
	noSync(t)
	// Jeb in the fog at a hex some move of Cyril's passes through.
	var s *Session
	var to, jeb hexmap.Hex
	var path []hexmap.Hex
	st := open(t).State()
	fog := st.FogOf("posse")
	for _, u := range within(st.Map, st.Figures["cyril"].At, 12) {
		if fog.At(u) == FogSeen || st.Map.CanStand(u) != nil || path != nil {
			continue
		}
		w := openFight(t, placed(t, demo(t), "jeb", st.Map.Label(u), false))
		if !unseen(w, seat(w.State()), "jeb") {
			continue
		}
		for _, h := range within(st.Map, u, 2) {
			// The Judge's preview, of the whole state, shows the ambush.
			p := w.State().Preview(nil, Command{Kind: CommandMove, Figure: "cyril", To: &h})
			if h != u && p.OK() && p.Events[0].Met == "jeb" {
				s, to, jeb, path = w, h, u, p.Path()
				break
			}
		}
	}
	if path == nil {
		t.Fatal("no move of Cyril's goes through a hex in the posse's fog")
	}
	table := seat(s.State())
	events, err := s.DoAs(table, Command{Kind: CommandMove, Figure: "cyril", To: &to})
	if err != nil {
		t.Fatal(err)
	}
	if e := events[0]; e.To != path[len(path)-1] || e.To.DistanceTo(jeb) != 1 || e.Met != "jeb" {
		t.Errorf("the move ends at %s having met %q; want %s, beside Jeb, having met him", s.State().Map.Label(e.To), e.Met, s.State().Map.Label(path[len(path)-1]))
	}
	if unseen(s, table, "jeb") {
		t.Error("Jeb, run into in the fog, is still unseen by the posse")
	}
}

// TestDistanceIsCheckedBeforeOccupancy: a move to a hex too far to reach
// is refused as too far, whoever stands there. Before, "U8 is taken by
// another figure" answered first.
func TestDistanceIsCheckedBeforeOccupancy(t *testing.T) {
	f := demo(t)
	f.Round, f.Segment = 1, 1 // under way, Cyril with 1 AP left
	for i := range f.Figures {
		ap := map[string]int{"cyril": 1}[f.Figures[i].ID]
		f.Figures[i].AP = &ap
	}
	s := openFight(t, f)
	u8 := hexAt(t, s, "U8") // Zeke's, far from Cyril
	_, err := s.Do(Command{Kind: CommandMove, Figure: "cyril", To: &u8})
	if err == nil || strings.Contains(err.Error(), "taken") || !strings.Contains(err.Error(), "U8") {
		t.Errorf("a move of Cyril to Zeke's far hex: %v; want it refused as too far", err)
	}
	// Near, the figure in the way is said.
	d8 := hexAt(t, s, "C10") // Miranda's
	_, err = s.Do(Command{Kind: CommandMove, Figure: "cyril", To: &d8})
	if err == nil || !strings.Contains(err.Error(), "taken") {
		t.Errorf("a move of Cyril onto Miranda, near: %v; want it refused as taken", err)
	}
}

// TestAWindowFarBehindIsSentAFreshView: an event older than the sights
// the session keeps is not judged by today's sight: the window gets a
// fresh view. Before, hidden Jeb's old move was sent in full once the
// Judge had revealed him ("Jeb Perkins moves 17 paces G5 → W5").
func TestAWindowFarBehindIsSentAFreshView(t *testing.T) {
	noSync(t)
	s := open(t)
	table := seat(s.State())
	mustDo(t, s, Command{Kind: CommandHide, Figure: "jeb"})
	j5 := hexAt(t, s, "J5")
	moved := mustDo(t, s, Command{Kind: CommandMove, Figure: "jeb", To: &j5})
	if moved.Kind != EventMoved {
		t.Fatalf("Jeb's move: %s", moved.Kind)
	}
	a1 := hexAt(t, s, "A1")
	for i := range RecentEvents + 10 {
		mustDo(t, s, Command{Kind: CommandRevealHexes, Fog: &FogOrder{Side: "outlaws", Hexes: []hexmap.Hex{a1}, Hide: i%2 == 1}})
	}
	mustDo(t, s, Command{Kind: CommandReveal, Figure: "jeb"})
	out, send, resync := s.ForSeat(table, moved)
	if send || !resync {
		t.Errorf("hidden Jeb's old move, read late: send %v (%q), resync %v; want a fresh view", send, out.Text, resync)
	}
}

// TestTheCountTellsNoHiddenNumber: the segments the table is sent are
// the same whatever the AP of a figure it does not see. Before, the
// count went on to the next segment where anyone's number came up, a
// hidden figure's too: 9 → 7 with nobody in view at 7.
func TestTheCountTellsNoHiddenNumber(t *testing.T) {
	noSync(t)
	midRound := func(jebAP int) *FightFile {
		f := placed(t, demo(t), "jeb", "G5", true)
		f.Round, f.Segment = 1, 9
		for i := range f.Figures {
			ap := map[string]int{"cyril": 5, "miranda": 4, "zeke": 3, "jeb": jebAP}[f.Figures[i].ID]
			f.Figures[i].AP = &ap
		}
		return f
	}
	a, b := openFight(t, midRound(7)), openFight(t, midRound(2))
	table := seat(a.State())
	for range 6 {
		c := Command{Kind: CommandSegment}
		if ga, gb := seatSees(t, a, nil, table, c), seatSees(t, b, nil, table, c); ga != gb {
			t.Fatalf("with hidden Jeb at 7 AP the table gets\n%s\nat 2 AP\n%s", ga, gb)
		}
	}
}

// TestAnotherSidesRevealsStayWithIt: the hexes the Judge shows the
// outlaws are not sent to the posse's seat; its own are.
func TestAnotherSidesRevealsStayWithIt(t *testing.T) {
	s := fogDemo(t)
	table := NewAccess(NewToken()).AddSide("Table", "posse")
	g2 := hexAt(t, s, "G2")
	e := mustDo(t, s, Command{Kind: CommandRevealHexes, Fog: &FogOrder{Side: "outlaws", Hexes: []hexmap.Hex{g2}}})
	if out, send, resync := s.ForSeat(table, e); send || resync {
		t.Errorf("the outlaws' revealed hexes reach the posse's seat: send %v resync %v %q", send, resync, out.Text)
	}
	e = mustDo(t, s, Command{Kind: CommandRevealHexes, Fog: &FogOrder{Side: "posse", Hexes: []hexmap.Hex{g2}}})
	if _, send, _ := s.ForSeat(table, e); !send {
		t.Error("the posse's own revealed hexes do not reach its seat")
	}
}

// TestASavageDealNamesOnlyFiguresInView: two bandits share a card and a
// name; one hidden, the posse's seat reads one bandit in the deal's line
// and in dealt. Before: "8♠ Bandit, Bandit".
func TestASavageDealNamesOnlyFiguresInView(t *testing.T) {
	s := openBundled(t, "savage")
	table := seat(s.State())
	mustDo(t, s, Command{Kind: CommandHide, Figure: "bandit-2"})
	e := mustDo(t, s, Command{Kind: CommandNewRound})
	if !strings.Contains(e.Text, "Bandit, Bandit") {
		t.Fatalf("the Judge's deal: %q", e.Text)
	}
	out, send, _ := s.ForSeat(table, e)
	if !send {
		t.Fatal("the deal does not reach the posse")
	}
	if n := strings.Count(out.Text, "Bandit"); n != 1 {
		t.Errorf("the posse reads %d bandits in %q, and sees one", n, out.Text)
	}
	if _, ok := out.Dealt["bandit-2"]; ok || out.Dealt["bandit-1"] == "" {
		t.Errorf("dealt: %v", out.Dealt)
	}
	if !slices.Contains(out.DeckOut, out.Dealt["bandit-1"]) && len(e.DeckOut) > 0 {
		t.Errorf("the card bandit-1 holds is not out of the deck for the posse: %v", out.DeckOut)
	}
}

// TestASavageCountdownCountsOnlyTheHandsInView: a player's round_started
// in Savage Worlds gives each figure in view its place in the countdown,
// and a later event and a fresh view its AP (the place); counted among
// all the hands dealt, a gap tells of a hidden hand (the bandits' 3♣
// between Doc's Q♠ and the Marshal's 2♥). Counted among the hands in
// view, the order is kept and there is no gap. The Judge is sent the
// places among all.
func TestASavageCountdownCountsOnlyTheHandsInView(t *testing.T) {
	tests := []struct {
		name  string
		cards []string // the Marshal's, Doc's and the bandits' (TestSavageWorldsThroughTheSession)
		judge map[string]int
	}{
		{"a hidden hand between two in view", []string{"2H", "QS", "5C"}, map[string]int{"doc": 3, "bandit-1": 2, "marshal": 1}},
		{"a hidden hand last", []string{"QH", "QS", "3C"}, map[string]int{"doc": 3, "marshal": 2, "bandit-1": 1}},
		{"a hidden hand first", []string{"QH", "2S", "KC"}, map[string]int{"bandit-1": 3, "marshal": 2, "doc": 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := openBundled(t, "savage")
			table := seat(s.State())
			for _, id := range []string{"bandit-1", "bandit-2"} {
				mustDo(t, s, Command{Kind: CommandHide, Figure: id})
			}
			e := mustDo(t, s, Command{Kind: CommandNewRound, Cards: tt.cards})
			for id, want := range tt.judge {
				if e.APs[id] != want {
					t.Fatalf("the Judge's countdown %v, want %s at %d", e.APs, id, want)
				}
			}
			want := map[string]int{"doc": 1, "marshal": 1}
			if e.APs["doc"] > e.APs["marshal"] {
				want["doc"] = 2
			} else {
				want["marshal"] = 2
			}
			out, send, _ := s.ForSeat(table, e)
			if !send || !maps.Equal(out.APs, want) {
				t.Errorf("the table's round_started with cards %v: send %v, aps %v, want %v", tt.cards, send, out.APs, want)
			}
			prone := mustDo(t, s, Command{Kind: CommandProne, Figure: "doc", Prone: true})
			if out, send, _ := s.ForSeat(table, prone); !send || out.APLeft != want["doc"] ||
				len(out.Changes) != 1 || out.Changes[0].AP != want["doc"] {
				t.Errorf("Doc goes prone: the table is sent ap_left %d, changes %+v; want %d", out.APLeft, out.Changes, want["doc"])
			}
			for _, f := range s.Welcome(table)[0].Fight.Figures {
				if f.AP == nil || *f.AP != want[f.ID] {
					t.Errorf("the table's fresh view: %s at %v, want %d", f.ID, f.AP, want[f.ID])
				}
			}
		})
	}
}

// within are the hexes of m at most n from h.
func within(m *hexmap.Map, h hexmap.Hex, n int) []hexmap.Hex {
	var out []hexmap.Hex
	for _, x := range m.Hexes() {
		if h.DistanceTo(x) <= n {
			out = append(out, x)
		}
	}
	return out
}

// TestInsightIsWhatASeatMayKnowOfAFigure: the Judge knows all of every
// figure; a player commands its own figures and knows their numbers and
// its side's; of a foe it knows what the eye sees; of a hidden figure
// nothing.
func TestInsightIsWhatASeatMayKnowOfAFigure(t *testing.T) {
	st := open(t).State()
	st.Figures["jeb"].Hidden = true
	ann := &Seat{Name: "Ann", Role: RolePlayer, Figures: []string{"cyril"}}
	table := seat(st)
	for _, tc := range []struct {
		name string
		seat *Seat
		id   string
		want Insight
	}{
		{"the Judge, a foe of the posse", nil, "zeke", Insight{Commands: true, Numbers: true}},
		{"the Judge, a hidden figure", nil, "jeb", Insight{Commands: true, Numbers: true}},
		{"a player, its own figure", ann, "cyril", Insight{Commands: true, Numbers: true}},
		{"a player, its side's other figure", ann, "miranda", Insight{Numbers: true}},
		{"a player, a foe in view", ann, "zeke", Insight{}},
		{"a player, a hidden figure", ann, "jeb", Insight{}},
		{"the table, the side's figure", table, "miranda", Insight{Commands: true, Numbers: true}},
		{"the table, a foe", table, "zeke", Insight{}},
		{"no such figure", nil, "nobody", Insight{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := st.InsightOf(tc.seat, tc.id); got != tc.want {
				t.Errorf("InsightOf(%v, %s) = %+v, want %+v", tc.seat, tc.id, got, tc.want)
			}
		})
	}
	z := st.Figures["zeke"]
	if got := st.Looks("zeke"); got != "standing" {
		t.Errorf("Zeke unhurt looks %q", got)
	}
	z.Condition, z.Ducked, z.Wounds = 1, true, map[rules.HitLocation]int{rules.Chest: 1, rules.LeftLeg: 2}
	if got, want := st.Looks("zeke"), "stunned, behind cover, wounded (chest, left leg)"; got != want {
		t.Errorf("Zeke hurt looks %q, want %q", got, want)
	}
}

// TestTheOrderWaitsOnlyForFiguresInView: under Dragon Warriors II's turn
// order a player's strike is refused for a figure of higher initiative
// yet to act only when its side sees it: a refusal tells nothing of a
// figure out of view. Squire Lennox, hidden, outrolls Sir Rolf; his twin
// in view rolls lowest. Before, Rolf's strike at the twin was refused
// with "Squire Lennox (initiative 15) acts first" (the twin shares his
// name, so the words were no secret).
func TestTheOrderWaitsOnlyForFiguresInView(t *testing.T) {
	s := openBundled(t, "dragonwarriors")
	st := s.State()
	beside := st.Figures["rolf"].At.Neighbor(hexmap.Direction(3))
	mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "twin", Character: "lennox", Side: "outlaws", At: st.Map.Label(beside), Facing: "E"}}})
	mustDo(t, s, Command{Kind: CommandHide, Figure: "lennox"})
	e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{3, 3, 5, 1, 1, 5}})
	if e.APs["lennox"] <= e.APs["rolf"] || e.APs["twin"] >= e.APs["rolf"] {
		t.Fatalf("initiative: %v", e.APs)
	}
	table := seat(s.State())
	got := seatGets(t, s, table, Command{Kind: CommandStrike, Figure: "rolf", Target: "twin", Dice: []int{1, 1, 1, 1, 1, 1, 1, 1}})
	if strings.Contains(got, "acts first") || strings.Contains(got, "no such figure") {
		t.Errorf("Rolf's strike at the twin in view: %s", got)
	}
}

// TestAFreshViewSaysWhy: a move runs into hidden Jeb, so the table's
// seat is sent a fresh view (he came into it) rather than the move's
// event: the view's line is what the command said, as the seat may read
// it, the ambush first. Before, it said "Table joins", and the window
// never told why Jeb stood there.
func TestAFreshViewSaysWhy(t *testing.T) {
	s := openFight(t, placed(t, demo(t), "jeb", "G5", true))
	table := seat(s.State())
	h5 := hexAt(t, s, "H5")
	events, err := s.DoAs(table, Command{Kind: CommandMove, Figure: "cyril", To: &h5})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, resync := s.ForSeat(table, events[0]); !resync {
		t.Fatal("the ambush did not send the table a fresh view")
	}
	w := s.Welcome(table)
	if text := w[0].Text; !strings.HasPrefix(text, "Cyril Wellington runs into Jeb Perkins at G5") {
		t.Errorf("the fresh view says %q", text)
	}
	// Jeb hidden again: the last command's line names no one out of view.
	mustDo(t, s, Command{Kind: CommandHide, Figure: "jeb"})
	if text := s.Welcome(table)[0].Text; strings.Contains(text, "Jeb") {
		t.Errorf("after Jeb is hidden again the fresh view says %q", text)
	}
}

// TestAPlayersPreviewIsTheDecision: a player's window previews a move on
// the fight as its seat was sent it (a welcome's snapshot: no figure out
// of its view, the map as its side knows it), and gets what the session
// decides, the same path and price or the same refusal, for every hex
// about its figure; only a move that runs into a figure it could not see
// differs (the ambush). Jeb unseen in the fog at L2, and hidden by the
// Judge at G5.
func TestAPlayersPreviewIsTheDecision(t *testing.T) {
	for _, tc := range []struct {
		at   string
		hide bool
	}{{"L2", false}, {"G5", true}} {
		t.Run(tc.at, func(t *testing.T) {
			s := openFight(t, placed(t, demo(t), "jeb", tc.at, tc.hide))
			table := seat(s.State())
			fold, err := NewFold(s.Welcome(table))
			if err != nil {
				t.Fatal(err)
			}
			window, whole := fold.State, s.State()
			if _, ok := window.Figures["jeb"]; ok {
				t.Fatal("the window has Jeb")
			}
			compared, met := 0, 0
			for _, h := range within(whole.Map, whole.Figures["cyril"].At, 12) {
				c := Command{Kind: CommandMove, Figure: "cyril", To: &h}
				want := whole.Preview(table, c)
				if want.OK() && want.Events[0].Met != "" {
					met++
					continue
				}
				got := window.Preview(table, c)
				compared++
				switch {
				case (got.Err == nil) != (want.Err == nil) || got.Err != nil && got.Err.Error() != want.Err.Error():
					t.Errorf("a move to %s: the window says %v, the session %v", whole.Map.Label(h), got.Err, want.Err)
				case got.Err == nil && !sameEvents(got.Events, want.Events):
					t.Errorf("a move to %s: the window previews %q, the session decides %q", whole.Map.Label(h), got.Text(), want.Text())
				}
			}
			if met == 0 || compared < 100 {
				t.Errorf("%d moves compared, %d ran into Jeb", compared, met)
			}
		})
	}
}
