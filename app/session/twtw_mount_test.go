package session

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// TWTW Conflict: Continuous Action Movement (mounts and vehicles) and the
// "Firer is mounted" modifier, driven through session commands.

// rides returns the rode events among events, by rider.
func rides(events []Event) map[string]Event {
	out := map[string]Event{}
	for _, e := range events {
		if e.Kind == EventRode {
			out[e.Figure] = e
		}
	}
	return out
}

// doAll gives a command and returns all its events.
func doAll(t *testing.T, s *Session, c Command) []Event {
	t.Helper()
	ev, err := s.Do(c)
	if err != nil {
		t.Fatalf("%+v: %v", c, err)
	}
	return ev
}

// countDown counts the round down to segment n, a segment a command
// (decideSegment), and returns every event the commands made.
func countDown(t *testing.T, s *Session, n int) []Event {
	t.Helper()
	var out []Event
	for s.State().Segment > n {
		out = append(out, doAll(t, s, Command{Kind: CommandSegment})...)
	}
	return out
}

// mountAndRide mounts figure id on a horse of pace paces a round and sets
// its course to hex to, before the first round's initiative.
func mountAndRide(t *testing.T, s *Session, id string, pace int, to string) {
	t.Helper()
	h := hexAt(t, s, to)
	mustDo(t, s, Command{Kind: CommandMount, Figure: id, Mount: &MountOrder{Pace: pace}})
	mustDo(t, s, Command{Kind: CommandRide, Figure: id, To: &h})
}

// TestContinuousMovementSpreadsTheMountsPaces: "divide the total
// movement into equal (or roughly equal) parts and spread them between
// the 20 phases. The movement during the slowest phase must be within one
// pace of that in the fastest" (TWTW Conflict: Continuous Action
// Movement). Cyril's horse goes 10 paces a round toward M8: a pace in
// segment 20, when the round begins, 5 more in segments 19 to 9 (not all
// 10 at once), then a pace every other segment, and the round's 10 by its
// end, while Cyril's AP stay his ("need not pay AP for the movement taken
// by the mount").
func TestContinuousMovementSpreadsTheMountsPaces(t *testing.T) {
	s := open(t)
	mountAndRide(t, s, "cyril", 10, "M8")
	ev := doAll(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	r, ok := rides(ev)["cyril"]
	if !ok || !strings.Contains(r.Text, "Cyril Wellington rides 1 pace C8 → D8 on the horse in segment 20 (TWTW Conflict: Continuous Action Movement: 10 paces a round, spread over the 20 segments") {
		t.Fatalf("segment 20: %+v", ev)
	}
	if ev[0].Kind != EventRoundStarted {
		t.Errorf("the horse moved before the round began: %s", ev[0].Text)
	}
	ev = countDown(t, s, 9)
	paces := 0
	for _, e := range ev {
		if e.Kind == EventRode {
			paces += len(e.Path) - 1
			if len(e.Path) > 2 {
				t.Errorf("more than a pace in a segment: %s", e.Text)
			}
		}
	}
	if st := s.State(); paces != 5 || st.Map.Label(st.Figures["cyril"].At) != "I8" {
		t.Errorf("segments 19 to 9 (ContinuousMove(10) gives 5): %d paces, to %s", paces, st.Map.Label(st.Figures["cyril"].At))
	}
	var went []int // the segments the horse went a pace in, from here
	for s.State().Segment > 1 {
		ev := doAll(t, s, Command{Kind: CommandSegment})
		if r, ok := rides(ev)["cyril"]; ok {
			if !strings.Contains(r.Text, "rides 1 pace") {
				t.Errorf("more than a pace in a segment: %s", r.Text)
			}
			went = append(went, ev[0].Segment)
		}
	}
	if !reflect.DeepEqual(went, []int{8, 6, 4, 2}) {
		t.Errorf("the horse went in segments %v, want 8, 6, 4 and 2: a pace every other segment", went)
	}
	st := s.State()
	cyril := st.Figures["cyril"]
	if got := st.Map.Label(cyril.At); got != "M8" {
		t.Errorf("after the round's 20 segments Cyril is at %s, want M8 (10 paces)", got)
	}
	if cyril.AP != 8 {
		t.Errorf("Cyril's AP: %d, want his 8: the rider pays nothing for the mount's movement", cyril.AP)
	}
	arrived := false
	for _, e := range st.Log {
		arrived = arrived || e.Kind == EventRode && strings.Contains(e.Text, "rides 1 pace L8 → M8 on the horse in segment 2") &&
			strings.HasSuffix(e.Text, "The horse reaches the end of its course and stands.")
	}
	if cyril.Mount.moving() || !arrived {
		t.Errorf("at the course's end: %+v; the log does not say it", cyril.Mount)
	}
}

// TestARoundCarriesTheMountItsPaces: a round ended before segment 1 still
// carries a mount all its paces ("spread them between the 20 phases"):
// new_round first rides the segments not counted, then the new round's
// segment 20. Cyril's horse, 10 paces a round, is at I8 (6 paces) at
// segment 9; the next round rides it the 4 left to M8, then a pace on.
func TestARoundCarriesTheMountItsPaces(t *testing.T) {
	s := open(t)
	mountAndRide(t, s, "cyril", 10, "P8")
	doAll(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	countDown(t, s, 9)
	ev := doAll(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	if len(ev) != 3 || ev[0].Kind != EventRode || ev[1].Kind != EventRoundStarted || ev[2].Kind != EventRode {
		t.Fatalf("the end of round 1, then round 2's segment 20: %+v", ev)
	}
	if !strings.Contains(ev[0].Text, "rides 4 paces I8 → M8 on the horse in segments 8 to 1") {
		t.Errorf("the segments of round 1 not counted: %s", ev[0].Text)
	}
	if !strings.Contains(ev[2].Text, "rides 1 pace M8 → N8 on the horse in segment 20") {
		t.Errorf("round 2's segment 20: %s", ev[2].Text)
	}
}

// TestContinuousMoversGoSlowestFirst: "Continuous action movement occurs
// before other actions, and proceeds from slowest to fastest, based on
// Quickness value" (TWTW Conflict: Continuous Action Movement). Miranda
// (Quickness 4) and Jeb (Quickness 2) ride for F8 from either side, a
// pace a segment; in segment 19 both would enter it: Jeb, the slower,
// goes first and takes it, and Miranda's horse stops short. Miranda
// comes first in the fight's order: only the rule puts Jeb first.
func TestContinuousMoversGoSlowestFirst(t *testing.T) {
	s := open(t)
	for id, at := range map[string]string{"miranda": "D8", "jeb": "H8"} {
		f := s.State().Figures[id]
		mustDo(t, s, Command{Kind: CommandRemoveFigure, Figure: id})
		mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{ID: id, Character: id, Side: f.Side, At: at, Facing: "E"}}})
	}
	if st := s.State(); st.Characters["miranda"].Traits.Quickness <= st.Characters["jeb"].Traits.Quickness {
		t.Fatal("the test needs Miranda quicker than Jeb")
	}
	mountAndRide(t, s, "miranda", 20, "F8")
	mountAndRide(t, s, "jeb", 20, "F8")
	ev := doAll(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	if len(ev) != 3 || ev[1].Figure != "jeb" || ev[2].Figure != "miranda" {
		t.Fatalf("segment 20's rides, slowest first: %+v", ev)
	}
	ev = doAll(t, s, Command{Kind: CommandSegment})
	if ev[0].Kind != EventSegment {
		t.Fatalf("the count comes first: %+v", ev[0])
	}
	r := rides(ev)
	if !strings.Contains(r["jeb"].Text, "Jeb Perkins rides 1 pace G8 → F8 on the horse in segment 19") {
		t.Errorf("Jeb: %q", r["jeb"].Text)
	}
	if !strings.Contains(r["miranda"].Text, "The horse cannot go on from E8 in segment 19. The horse stops at E8: Jeb Perkins is in the way at F8.") {
		t.Errorf("Miranda: %q", r["miranda"].Text)
	}
	st := s.State()
	if got := st.Map.Label(st.Figures["jeb"].At); got != "F8" {
		t.Errorf("Jeb at %s, want F8", got)
	}
	if m := st.Figures["miranda"]; st.Map.Label(m.At) != "E8" || m.Mount.moving() {
		t.Errorf("Miranda at %s, mount %+v: want stopped at E8", st.Map.Label(m.At), m.Mount)
	}
}

// TestAMountStopsAtAWall: a mount's course meets a wall built across it
// after it was set; the mount stops there, in segment 17 when it would
// have crossed, and the log says why; the count is not refused.
func TestAMountStopsAtAWall(t *testing.T) {
	s := open(t)
	mountAndRide(t, s, "cyril", 20, "M8")
	f8 := hexAt(t, s, "F8")
	cell := s.State().Map.CellAt(f8)
	cell.Edges[0] = &hexmap.FileFeature{Kind: "wall"} // east of F8
	mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	doAll(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	ev := countDown(t, s, 17)
	if r := rides(ev)["cyril"]; !strings.Contains(r.Text, "in segment 17") ||
		!strings.Contains(r.Text, "The horse stops at F8: a wall stands between F8 and G8.") {
		t.Errorf("the wall: %q", r.Text)
	}
	if c := s.State().Figures["cyril"]; c.At != f8 || c.Mount.moving() {
		t.Errorf("Cyril at %v, mount %+v", c.At, c.Mount)
	}
}

// TestTheRiderPaysForManeuversNotForTheMount: "The character need not
// pay AP for the movement taken by the mount or vehicle, but may need to
// pay AP for maneuvers or other changes in the movement of the mount"
// (TWTW Conflict: Continuous Action Movement). Mounting costs 2 AP and
// dismounting 1 (docs/defaults.md); setting the course is free until the
// horse has moved in the round, and a change after it a maneuver, 1 AP,
// at the rider's number. A rider does not walk, and goes no faster than
// the horse's pace, or its gallop with Run.
func TestTheRiderPaysForManeuversNotForTheMount(t *testing.T) {
	s := open(t)
	j8 := hexAt(t, s, "J8")
	if _, err := s.Do(Command{Kind: CommandRide, Figure: "cyril", To: &j8}); err == nil || !strings.Contains(err.Error(), "is on foot") {
		t.Errorf("riding on foot: %v", err)
	}
	e := mustDo(t, s, Command{Kind: CommandMount, Figure: "cyril", Mount: &MountOrder{Pace: 10}})
	if e.AP != 2 || !strings.Contains(e.Text, "Cyril Wellington mounts the horse at C8 (pace 10, gallop 20 paces a round) for 2 AP") {
		t.Errorf("mounting: %d AP: %s", e.AP, e.Text)
	}
	if _, err := s.Do(Command{Kind: CommandMove, Figure: "cyril", To: &j8}); err == nil || !strings.Contains(err.Error(), "dismount first") {
		t.Errorf("walking on a horse: %v", err)
	}
	if _, err := s.State().Reach("cyril", false); err == nil {
		t.Errorf("the map window offers a rider a walk")
	}
	if _, err := s.Do(Command{Kind: CommandRide, Figure: "cyril", To: &j8, Paces: 15}); err == nil || !strings.Contains(err.Error(), "at most 10 paces a round at its pace, 20 at a gallop") {
		t.Errorf("faster than its pace: %v", err)
	}
	e = mustDo(t, s, Command{Kind: CommandRide, Figure: "cyril", To: &j8, Paces: 15, Run: true})
	if e.AP != 0 || !strings.Contains(e.Text, "at a gallop, 15 paces a round") || !strings.Contains(e.Text, "no AP: TWTW Conflict: Continuous Action Movement") {
		t.Errorf("the course: %d AP: %s", e.AP, e.Text)
	}
	doAll(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())}) // the horse goes in segment 20
	m8 := hexAt(t, s, "M8")
	turn := Command{Kind: CommandRide, Figure: "cyril", To: &m8}
	if _, err := s.Do(turn); err == nil || !strings.Contains(err.Error(), "has not come up") {
		t.Errorf("a maneuver before the rider's number: %v", err)
	}
	for s.State().Segment > s.State().Figures["cyril"].AP {
		doAll(t, s, Command{Kind: CommandSegment})
	}
	ap := s.State().Figures["cyril"].AP
	e = mustDo(t, s, turn)
	if e.AP != 1 || e.APLeft != ap-1 || !strings.Contains(e.Text, "for 1 AP (a change in the movement of a mount that has moved this round is a maneuver") {
		t.Errorf("a change of course: %d AP: %s", e.AP, e.Text)
	}
	for s.State().Segment > s.State().Figures["cyril"].AP { // the maneuver lowered his number
		doAll(t, s, Command{Kind: CommandSegment})
	}
	e = mustDo(t, s, Command{Kind: CommandRide, Figure: "cyril"})
	if e.AP != 1 || !strings.Contains(e.Text, "Cyril Wellington reins in the horse at") {
		t.Errorf("reining in: %d AP: %s", e.AP, e.Text)
	}
	for s.State().Segment > s.State().Figures["cyril"].AP {
		doAll(t, s, Command{Kind: CommandSegment})
	}
	e = mustDo(t, s, Command{Kind: CommandMount, Figure: "cyril"})
	if e.AP != 1 || !strings.Contains(e.Text, "Cyril Wellington gets off the horse") || s.State().Figures["cyril"].Mount != nil {
		t.Errorf("dismounting: %d AP: %s", e.AP, e.Text)
	}
	player := NewAccess(NewToken()).AddPlayer("Ann", []string{"cyril"})
	if _, err := s.DoAs(player, Command{Kind: CommandMount, Figure: "cyril", Mount: &MountOrder{Pace: 10}}); err == nil {
		t.Errorf("a player mounts a figure: the Judge does")
	}
}

// TestTheFirerIsMounted: "Firer is mounted 1 or 2 downgrades depending
// on skill … The modifier listed is used only if it is worse than the
// movement penalty applied from firer movement" (TWTW Conflict:
// Modifiers; Move and Fire). Cyril, no rider, shoots from a standing
// horse with 2 downgrades; from a walking horse still 2 (worse than the
// walk's 1); with the riding skill 1 standing, and from a walking horse
// the walk's 1 alone.
func TestTheFirerIsMounted(t *testing.T) {
	s := open(t)
	orders := []ShotOrder{{Target: "zeke", Kind: "normal"}}
	mods := func() (string, int) {
		t.Helper()
		p, err := s.State().PlanShoot("cyril", "schofield", orders)
		if err != nil {
			t.Fatal(err)
		}
		return p.Series.Plans[0].Explain(), p.Series.Plans[0].Shot.Mounted
	}
	if text, n := mods(); n != 0 || strings.Contains(text, "mounted") {
		t.Errorf("on foot: %d: %s", n, text)
	}
	mustDo(t, s, Command{Kind: CommandMount, Figure: "cyril", Mount: &MountOrder{Pace: 10}})
	if text, n := mods(); n != 2 || !strings.Contains(text, "firer is mounted: 2 downgrade(s) (TWTW Conflict: Move and Fire)") {
		t.Errorf("a standing horse, no riding skill: %d: %s", n, text)
	}
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: orders, Dice: []int{1, 1}, Cards: []string{"3H"}})
	if !strings.Contains(e.Text, "firer is mounted: 2 downgrade(s)") {
		t.Errorf("the shot's sentence: %s", e.Text)
	}
	setRiding := func(level int) {
		t.Helper()
		ch := s.State().Characters["cyril"].Clone()
		ch.Skills[rules.Mounted.Skill] = level
		if level == 0 {
			delete(ch.Skills, rules.Mounted.Skill)
		}
		mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
	}
	setRiding(1)
	if text, n := mods(); n != 1 || !strings.Contains(text, "firer is mounted: 1 downgrade(s)") {
		t.Errorf("a standing horse, a rider: %d: %s", n, text)
	}
	p8 := hexAt(t, s, "P8")
	mustDo(t, s, Command{Kind: CommandRide, Figure: "cyril", To: &p8})
	doAll(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	if text, _ := mods(); strings.Contains(text, "firer is mounted") || !strings.Contains(text, "firer is moving (walk): 1 downgrade(s)") {
		t.Errorf("a walking horse, a rider: the walk's downgrade alone: %s", text)
	}
	setRiding(0)
	if text, _ := mods(); !strings.Contains(text, "firer is mounted: 2 downgrade(s)") || strings.Contains(text, "firer is moving") {
		t.Errorf("a walking horse, no rider: the mount's 2, worse than the walk's 1: %s", text)
	}
}

// TestAMountsMovementIsItsRidersSpeed: the mount's paces are its rider's
// movement this round (TWTW Conflict: Target Speed: "1 downgrade per 5
// paces relative speed"). Cyril's horse, a pace a segment, has carried
// him 12 paces by segment 9: Zeke, standing, shoots at 12 paces of
// relative speed, 2 downgrades; Cyril has moved this round.
func TestAMountsMovementIsItsRidersSpeed(t *testing.T) {
	s := open(t)
	mountAndRide(t, s, "cyril", 20, "P8")
	doAll(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	countDown(t, s, 9)
	st := s.State()
	if c := st.Figures["cyril"]; st.Map.Label(c.At) != "O8" || !c.Moved {
		t.Fatalf("Cyril at %s, moved %v; want O8, moved", st.Map.Label(c.At), c.Moved)
	}
	p, err := st.PlanShoot("zeke", "shotgun", []ShotOrder{{Target: "cyril", Kind: "normal"}})
	if err != nil {
		t.Fatal(err)
	}
	if sh := p.Series.Plans[0]; sh.Shot.RelativeSpeed != 12 || !strings.Contains(sh.Explain(), "relative speed 12 paces: 2 downgrade(s)") {
		t.Errorf("relative speed %d: %s", sh.Shot.RelativeSpeed, sh.Explain())
	}
}

// TestRidingReplaysAndUndoes: the rides are events of the commands that
// counted the segments: the journal reopens to the same state, and undo
// takes a segment's ride back with its count.
func TestRidingReplaysAndUndoes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ride.journal.jsonl")
	s, err := Open(demo(t), path)
	if err != nil {
		t.Fatal(err)
	}
	mountAndRide(t, s, "cyril", 10, "M8")
	doAll(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	before := figures(s.State())
	doAll(t, s, Command{Kind: CommandSegment})
	after := stateKey(t, s.State())
	mustDo(t, s, Command{Kind: CommandUndo})
	if got := figures(s.State()); !reflect.DeepEqual(got, before) {
		t.Errorf("undo leaves the horse where it rode to: %v", s.State().Map.Label(s.State().Figures["cyril"].At))
	}
	mustDo(t, s, Command{Kind: CommandRedo})
	if got := stateKey(t, s.State()); got != after {
		t.Errorf("redo:\n%s", firstDiff(got, after))
	}
	s.Close()
	s2, err := Open(demo(t), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if got := stateKey(t, s2.State()); got != after {
		t.Errorf("the journal reopens to another state:\n%s", firstDiff(got, after))
	}
}
