package session

import (
	"fmt"
	"strings"
	"testing"

	"hexslinger/hexmap"
)

// The tests of the review of issue 34's findings 1.2 to 1.5: a hidden
// figure's actions are not counted by fresh views, breaking engagement
// counts only the foes the mover's side sees, a table replay's line is
// the seat's, and a fresh view's line and a players' export do not tell
// where in the fog a figure came from.

// newRound8 starts a round in which every figure rolls 8s.
func newRound8(t *testing.T, s *Session) {
	t.Helper()
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8}})
}

// TestAHiddenFiguresActionThatTouchesNothingInViewSendsNothing: Jeb,
// hidden by the Judge or unseen in the fog, readies and cocks his rifle,
// ducks, comes out, drops prone, stands, turns: none of it touches a figure or a hex in the
// table's view, and the table is sent nothing for it, neither an event
// nor a fresh view (a fresh view would count and time his actions). His
// shot at Cyril touches a figure in view: the table's view is rebuilt.
// Before, each of these actions sent the table a fresh view.
func TestAHiddenFiguresActionThatTouchesNothingInViewSendsNothing(t *testing.T) {
	noSync(t)
	for _, tc := range []struct {
		name, at string
		hide     bool
	}{
		{"hidden by the Judge", "G5", true},
		{"in the fog", "L2", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openFight(t, placed(t, demo(t), "jeb", tc.at, tc.hide))
			table := seat(s.State())
			if !unseen(s, table, "jeb") {
				t.Fatalf("Jeb at %s is in the table's view", tc.at)
			}
			newRound8(t, s)
			countDownTo(t, s, "jeb")
			for _, c := range []Command{
				{Kind: CommandReady, Figure: "jeb", Weapon: "winchester"},
				{Kind: CommandCock, Figure: "jeb", Weapon: "winchester"},
				{Kind: CommandDuck, Figure: "jeb", Duck: true},
				{Kind: CommandDuck, Figure: "jeb", Duck: false},
				{Kind: CommandProne, Figure: "jeb", Prone: true},
				{Kind: CommandProne, Figure: "jeb", Prone: false},
				{Kind: CommandTurn, Figure: "jeb", Turn: 1},
			} {
				countDownTo(t, s, "jeb")
				events, err := s.Do(c)
				if err != nil {
					t.Fatalf("hidden Jeb's %s: %v", c.Kind, err)
				}
				for _, e := range events {
					if out, send, resync := s.ForSeat(table, e); send || resync {
						t.Errorf("hidden Jeb's %s (%s): the table is sent %v, a fresh view %v: %q; want nothing", c.Kind, e.Kind, send, resync, out.Text)
					}
				}
				if !unseen(s, table, "jeb") {
					t.Fatalf("Jeb came into view after his %s", c.Kind)
				}
			}
			// Cocked and readied, he shoots at Cyril, in the table's view:
			// its view is rebuilt.
			countDownTo(t, s, "jeb")
			events, err := s.Do(Command{Kind: CommandShoot, Figure: "jeb", Weapon: "winchester",
				Shots: []ShotOrder{{Target: "cyril", Kind: "snap"}}})
			if err != nil {
				t.Fatalf("hidden Jeb's shot at Cyril: %v", err)
			}
			if _, send, resync := s.ForSeat(table, events[0]); send || !resync {
				t.Errorf("hidden Jeb's shot at Cyril: the table is sent %v, a fresh view %v; want a fresh view", send, resync)
			}
		})
	}
}

// TestBreakingEngagementCountsOnlyTheFoesTheMoverSees: Cyril, with the
// AP for a move away but not for the 2 AP more of disengaging carefully,
// moves off with Jeb beside him. Jeb hidden by the Judge, beside or far
// away, the table gets the same answer, careful or not: a hidden foe is
// not broken away from (no refusal, no free attack, no fresh view in
// place of the move). Jeb in view beside him, he is: the careful move is
// refused, and the other gives Jeb a free attack. Before, the hidden
// foe beside was counted: a refusal told he stood there.
func TestBreakingEngagementCountsOnlyTheFoesTheMoverSees(t *testing.T) {
	noSync(t)
	base := open(t).State()
	cyril := base.Figures["cyril"]
	beside := base.Map.Label(cyril.At.Neighbor(hexmap.Direction(2)))
	far := base.Map.Label(base.Map.Orientation.FromOffset(hexmap.Offset{Col: base.Map.Width - 1, Row: 0}))
	world := func(jebAt string, hide bool) *Session {
		s := openFight(t, placed(t, demo(t), "jeb", jebAt, hide))
		newRound8(t, s)
		countDownTo(t, s, "cyril")
		for s.State().Figures["cyril"].AP > 2 {
			mustDo(t, s, Command{Kind: CommandTurn, Figure: "cyril", Turn: 1})
			countDownTo(t, s, "cyril")
		}
		return s
	}
	table := seat(base)
	// A hex away from Jeb that Cyril pays for, but not for 2 AP more.
	st := world(beside, true).State()
	jebAt, _ := st.Map.ParseHex(beside)
	var to hexmap.Hex
	found := false
	for _, h := range within(st.Map, cyril.At, 12) {
		p, err := st.PlanMove("cyril", h, false)
		if err == nil && p.Met == "" && p.AP <= st.Figures["cyril"].AP && p.AP+2 > st.Figures["cyril"].AP && h.DistanceTo(jebAt) > 1 {
			to, found = h, true
			break
		}
	}
	if !found {
		t.Fatal("no hex Cyril can pay for and not 2 AP more")
	}
	for _, careful := range []bool{true, false} {
		t.Run(fmt.Sprintf("careful %v", careful), func(t *testing.T) {
			c := Command{Kind: CommandMove, Figure: "cyril", To: &to, Careful: careful}
			hiddenBeside := seatGets(t, world(beside, true), table, c)
			hiddenFar := seatGets(t, world(far, true), table, c)
			if hiddenBeside != hiddenFar {
				t.Errorf("a move to %s: with hidden Jeb beside Cyril the table gets\n%s\nwith him far away\n%s", st.Map.Label(to), hiddenBeside, hiddenFar)
			}
			s := world(beside, true)
			if ev, err := s.DoAs(table, c); err != nil {
				t.Errorf("a move away from hidden Jeb: %v; want no refusal", err)
			} else if ev[0].Opening != nil {
				t.Errorf("a move away from hidden Jeb: %q; want no free attack", ev[0].Text)
			}
			// Jeb in view beside Cyril: Cyril breaks away from him.
			seen := world(beside, false)
			if unseen(seen, table, "jeb") {
				t.Fatalf("Jeb beside Cyril at %s is not in view", beside)
			}
			ev, err := seen.DoAs(table, c)
			switch {
			case careful && (err == nil || !strings.Contains(err.Error(), "disengage carefully")):
				t.Errorf("a careful move away from Jeb in view, short of 2 AP: %v; want refused", err)
			case !careful && err != nil:
				t.Errorf("a move away from Jeb in view: %v", err)
			case !careful && (ev[0].Opening == nil || ev[0].Opening.By[0] != "jeb"):
				t.Errorf("a move away from Jeb in view: %q; want a free attack for Jeb", ev[0].Text)
			}
		})
	}
	// Hidden Jeb slips away from Cyril, who does not see him: no free
	// attack at a figure Cyril's side does not see, nothing sent.
	s := world(beside, true)
	countDownTo(t, s, "jeb")
	j := s.State().Figures["jeb"]
	var away hexmap.Hex
	for _, h := range within(s.State().Map, j.At, 3) {
		if p, err := s.State().PlanMove("jeb", h, false); err == nil && p.Met == "" && h.DistanceTo(cyril.At) > 2 && p.AP <= j.AP {
			away = h
			break
		}
	}
	events, err := s.Do(Command{Kind: CommandMove, Figure: "jeb", To: &away})
	if err != nil {
		t.Fatal(err)
	}
	if o := events[0].Opening; o != nil {
		t.Errorf("hidden Jeb moving away from Cyril gives %v a free attack; want none", o.By)
	}
	if _, send, resync := s.ForSeat(table, events[0]); send || resync {
		t.Errorf("hidden Jeb's move away from Cyril: the table is sent %v, a fresh view %v; want nothing", send, resync)
	}
}

// jebFromTheFog is the demo with Jeb in the posse's fog at L2, the round
// counted down to his number.
func jebFromTheFog(t *testing.T) (*Session, *Seat) {
	t.Helper()
	s := openFight(t, placed(t, demo(t), "jeb", "L2", false))
	table := seat(s.State())
	if !unseen(s, table, "jeb") {
		t.Fatal("Jeb at L2 is in the table's view")
	}
	newRound8(t, s)
	countDownTo(t, s, "jeb")
	return s, table
}

// TestAFreshViewSaysOnlyThatAFigureCameIntoView: the Judge walks Jeb from
// the posse's fog (L2) into its view (A1), then back into the fog. Each
// time the table gets a fresh view, whose line says only that he came
// into view, and where he stands, or that a figure went out of it
// (not naming him, out of view now): not the
// fogged hex he came from or went to, the paces or his AP. Before, the
// fresh view's line was the move's own sentence ("Jeb Perkins moves 16
// paces L2 → A1 for 4 AP …").
func TestAFreshViewSaysOnlyThatAFigureCameIntoView(t *testing.T) {
	s, table := jebFromTheFog(t)
	for _, step := range []struct{ to, want string }{
		{"A1", "Jeb Perkins comes into view at A1."},
		{"L2", "A figure goes out of view."},
	} {
		to := hexAt(t, s, step.to)
		countDownTo(t, s, "jeb")
		events := mustDoAll(t, s, Command{Kind: CommandMove, Figure: "jeb", To: &to})
		if _, _, resync := s.ForSeat(table, events[0]); !resync {
			t.Fatalf("Jeb's move to %s: no fresh view", step.to)
		}
		if got := s.Welcome(table)[0].Text; got != step.want {
			t.Errorf("Jeb's move to %s: the table's fresh view says %q, want %q", step.to, got, step.want)
		}
	}
}

// TestAPlayersExportShowsNotWhereAFigureCameFrom: the players' export of
// Jeb's walk out of the fog into view (Timeline.EventFor, as
// board/export.go draws it) does not show the move, its fogged origin or
// its path; its line (Timeline.LineFor) says he came into view. The Judge
// is shown the move. Before, the export showed the move in full.
func TestAPlayersExportShowsNotWhereAFigureCameFrom(t *testing.T) {
	s, table := jebFromTheFog(t)
	a1 := hexAt(t, s, "A1")
	mustDoAll(t, s, Command{Kind: CommandMove, Figure: "jeb", To: &a1})
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	i := tl.Len() - 1
	e, shown, err := tl.EventFor(i, table)
	if err != nil || shown {
		t.Errorf("the players' export of Jeb's walk from the fog: shown %v %q (%v); want not shown", shown, e.Text, err)
	}
	if got, want := tl.LineFor(i, table), "Jeb Perkins comes into view at A1."; got != want {
		t.Errorf("the players' line of Jeb's walk from the fog: %q, want %q", got, want)
	}
	if e, shown, _ := tl.EventFor(i, nil); !shown || !strings.Contains(e.Text, "L2 → A1") {
		t.Errorf("the Judge's export of Jeb's walk: shown %v %q", shown, e.Text)
	}
}

// TestATableReplayGivesEachPlayerItsOwnLine: the Judge shows the timeline
// on the table, as the console's timeline panel builds the moment, at
// hidden Jeb's move, then at Cyril's. A player is sent no line for Jeb's
// move and Cyril's line for Cyril's; the Judge the Judge's line. Before,
// each player was sent the Judge's own line, naming hidden Jeb and
// telling his move.
func TestATableReplayGivesEachPlayerItsOwnLine(t *testing.T) {
	s := openFight(t, placed(t, demo(t), "jeb", "G5", true))
	table := seat(s.State())
	newRound8(t, s)
	countDownTo(t, s, "jeb")
	h5 := hexAt(t, s, "H5")
	mustDo(t, s, Command{Kind: CommandMove, Figure: "jeb", To: &h5})
	countDownTo(t, s, "cyril")
	mustDo(t, s, Command{Kind: CommandTurn, Figure: "cyril", Turn: 1})
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	moment := func(i int) *Moment {
		m, err := tl.Moment(i)
		if err != nil {
			t.Fatal(err)
		}
		m.Table = true
		return m
	}
	jebAt, cyrilAt := -1, -1
	for i := range tl.Len() {
		if e, _ := tl.Event(i); e.Kind == EventMoved && e.Figure == "jeb" {
			jebAt = i
		} else if e.Kind == EventTurned && e.Figure == "cyril" {
			cyrilAt = i
		}
	}
	for _, tc := range []struct {
		name string
		at   int
		want string
	}{
		{"hidden Jeb's move", jebAt, ""},
		{"Cyril's turn", cyrilAt, "Cyril Wellington turns"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s.ShowReplay(moment(tc.at))
			defer s.ShowReplay(nil)
			m := s.ReplayingFor(table)
			if m == nil {
				t.Fatal("the table is shown no replay")
			}
			if tc.want == "" && m.Text != "" || !strings.HasPrefix(m.Text, tc.want) {
				t.Errorf("the table is sent the line %q, want %q", m.Text, tc.want)
			}
			e, _ := tl.Event(tc.at)
			if j := s.ReplayingFor(nil); j.Text != e.Text {
				t.Errorf("the Judge is sent the line %q, want %q", j.Text, e.Text)
			}
		})
	}
}

// TestARunFromBesideAnUnseenFoeTellsNothingOfIt (the random search's
// find, TWTW with Lead and Chrome's Quick-Draw): Cyril runs C8 → F8 with
// Jeb hidden by the Judge at D7, beside C8, and at G5, far from him: the
// table gets the same move, with no free attack for Jeb, in both. Before,
// with Jeb at D7 the run broke away from him, and the table got a fresh
// view in place of the move.
func TestARunFromBesideAnUnseenFoeTellsNothingOfIt(t *testing.T) {
	noSync(t)
	run := func(jebAt string) (string, *Session) {
		s := openFight(t, placed(t, bundledFight(t, "quickdraw"), "jeb", jebAt, true))
		to := hexAt(t, s, "F8")
		return seatGets(t, s, seat(s.State()), Command{Kind: CommandMove, Figure: "cyril", To: &to, Run: true}), s
	}
	beside, s := run("D7")
	far, _ := run("G5")
	if beside != far {
		t.Errorf("Cyril's run C8 → F8: with hidden Jeb at D7 the table gets\n%s\nwith him at G5\n%s", beside, far)
	}
	if !strings.Contains(beside, `"kind":"moved"`) || strings.Contains(beside, `"opening"`) {
		t.Errorf("Cyril's run C8 → F8 beside hidden Jeb: the table gets %.300s; want the move, no free attack", beside)
	}
	if f := s.State().Figures["cyril"]; s.State().Map.Label(f.At) != "F8" {
		t.Errorf("Cyril ran to %s, want F8", s.State().Map.Label(f.At))
	}
}
