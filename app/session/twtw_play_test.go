package session

import (
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// The TWTW Conflict chapter in play: each test drives a rule through
// session commands, as a fight reaches it, and checks the event and its
// log sentence. Named after the chapter's section and rule.

// failingInitiative types all ones for every figure's initiative: no
// successes, no bumps, no die rolled again.
func failingInitiative(st *State) []int {
	var dice []int
	for _, id := range st.Order {
		n := st.Characters[st.Figures[id].Character].Traits.Quickness
		for range n {
			dice = append(dice, 1)
		}
	}
	return dice
}

// TestWoundEffectsCostAP: "Wound effects are subtracted from the total
// APs ... The penalty depends on the highest-level wound your hero has
// suffered" (TWTW Conflict: Wound Effects). Cyril's Schofield puts two
// wounds in Zeke's head (a Light wound, 2 AP); the next round Zeke rolls
// the same as an unhurt Zeke would and has 2 AP less.
func TestWoundEffectsCostAP(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	mustDo(t, s, Command{Kind: CommandCock, Figure: "cyril", Weapon: "schofield"})
	mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield",
		Shots: []ShotOrder{{Target: "zeke", Kind: "normal"}}, Dice: []int{9, 2, 1, 1, 1, 1}, Cards: []string{"3H"}})
	if w := s.State().Figures["zeke"].Wounds[rules.Head]; w != 2 {
		t.Fatalf("Zeke's head wounds: %d, want 2", w)
	}
	e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	base := s.State().Characters["zeke"].BaseAP()
	if e.APs["zeke"] != base-2 || e.APs["cyril"] != s.State().Characters["cyril"].BaseAP() {
		t.Errorf("initiative: Zeke %d, want %d; Cyril %d", e.APs["zeke"], base-2, e.APs["cyril"])
	}
	if !strings.Contains(e.Text, "Zeke Perkins: AP 8 + 0 successes + 0 bumps − 2 for wounds = 6") {
		t.Errorf("the log does not say the wound penalty: %s", e.Text)
	}
}

// TestFirearmsMustBeCockedBeforeEachShot: "firearms must be cocked before
// each shot" (TWTW Conflict: Cocking and Readying). Miranda readies and
// cocks her Peacemaker, then snaps two shots at Zeke: the first is a
// snap (1 AP), the second cocks again (1) and snaps (1): 3 AP.
func TestFirearmsMustBeCockedBeforeEachShot(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandReady, Figure: "miranda", Weapon: "peacemaker"})
	mustDo(t, s, Command{Kind: CommandCock, Figure: "miranda", Weapon: "peacemaker"})
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker",
		Shots: []ShotOrder{{Target: "zeke", Kind: "snap"}, {Target: "zeke", Kind: "snap"}}})
	if e.AP != 3 || !strings.Contains(e.Text, "AP by shot: shot 1: snap shot 1; shot 2: cock 1 + snap shot 1") {
		t.Errorf("two snap shots from a cocked Peacemaker cost %d AP, want 3: %s", e.AP, e.Text)
	}
}

// TestFanFiringIgnoresCocking: "Fan firing costs 1 AP per shot, plus 1 AP
// per target switch, and ignores cocking" (TWTW Conflict: Fan Firing). A
// holstered Peacemaker is readied once (2 AP) and fanned twice at Zeke
// (1 + 1): 4 AP, not a second draw.
func TestFanFiringIgnoresCocking(t *testing.T) {
	s := open(t)
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker",
		Shots: []ShotOrder{{Target: "zeke", Kind: "fan"}, {Target: "zeke", Kind: "fan"}}})
	if e.AP != 4 || !strings.Contains(e.Text, "shot 1: ready 2 + fan shot 1; shot 2: fan shot 1") {
		t.Errorf("a two-shot fan from the holster costs %d AP, want 4: %s", e.AP, e.Text)
	}
}

// TestCoverBetweenTargetAndAttackerShieldsABlindShot: a figure behind a
// wall cannot be seen (3 downgrades, "not visible"), and a hit on it meets
// the wall: "cover between target and attacker" is checked for
// penetration (TWTW Conflict: Cover). The Judge builds an adobe wall
// across Main Street between Cyril (C8) and Zeke (U8); Cyril's hit on
// Zeke's head meets the wall's AV 3.
func TestCoverBetweenTargetAndAttackerShieldsABlindShot(t *testing.T) {
	s := open(t)
	st := s.State()
	k8 := hexAt(t, s, "K8")
	cell := st.Map.CellAt(k8)
	cell.Edges[0] = &hexmap.FileFeature{Kind: "wall"}
	mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	orders := []ShotOrder{{Target: "zeke", Kind: "normal"}}
	plan, err := s.State().PlanShoot("cyril", "schofield", orders)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Sights[0].Clear || len(plan.Sights[0].Cover) != 1 {
		t.Fatalf("the line through the wall: %+v", plan.Sights[0])
	}
	// Every die of the pool shows its highest face: a hit whatever the TN.
	pool := plan.Series.Pool
	var dice []int
	for range pool.Count {
		dice = append(dice, pool.Sides)
	}
	dice = append(dice, pool.Sides, 1, 1, 1, 1, 1, 1, 1, 1) // the open-ended die, a stun check
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: orders, Dice: dice, Cards: []string{"3H"}})
	if !strings.Contains(e.Text, "not visible") || !strings.Contains(e.Text, "The wall (AV 3) shields the head") {
		t.Errorf("the shot through the wall: %s", e.Text)
	}
}

// TestAProneFigureStandsUpBeforeItWalks: "Stand up: 2 AP" (TWTW Conflict:
// Movement AP Cost). Cyril drops prone (1 AP); a walk of one pace then
// costs 2 AP to stand and 1 to walk, the map window's reach overlay says
// 3 AP for the same hex, and Cyril is standing after it.
func TestAProneFigureStandsUpBeforeItWalks(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandProne, Figure: "cyril", Prone: true})
	to := hexAt(t, s, "D8")
	area, err := s.State().Reach("cyril", false)
	if err != nil {
		t.Fatal(err)
	}
	if got := area.Costs[to]; got != 3 {
		t.Errorf("the reach overlay prices D8 at %d AP, want 3", got)
	}
	e := mustDo(t, s, Command{Kind: CommandMove, Figure: "cyril", To: &to})
	if e.AP != 3 || !strings.Contains(e.Text, "Cyril Wellington stands up (2 AP, TWTW Conflict: Movement AP Cost), then moves 1 pace") {
		t.Errorf("the move: %d AP, %s", e.AP, e.Text)
	}
	if s.State().Figures["cyril"].Prone {
		t.Error("Cyril is still prone after walking")
	}
}

// TestADuckedFigureEmergesBeforeItMoves: "Emerge from cover: 1 AP" (TWTW
// Conflict: Movement AP Cost): a figure ducked behind cover that moves
// comes out of it first.
func TestADuckedFigureEmergesBeforeItMoves(t *testing.T) {
	s := open(t)
	st := s.State()
	c8 := hexAt(t, s, "C8")
	cell := st.Map.CellAt(c8)
	cell.Edges[0] = &hexmap.FileFeature{Kind: "fence"}
	mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	mustDo(t, s, Command{Kind: CommandDuck, Figure: "cyril", Duck: true})
	to := hexAt(t, s, "C9")
	e := mustDo(t, s, Command{Kind: CommandMove, Figure: "cyril", To: &to})
	if !strings.Contains(e.Text, "emerges from cover (1 AP") || s.State().Figures["cyril"].Ducked {
		t.Errorf("the move from cover: %s (ducked %v)", e.Text, s.State().Figures["cyril"].Ducked)
	}
}

// TestADuckedTargetIsHiddenBehindItsCover: "Duck behind cover: 1 AP"
// (TWTW Conflict: Movement AP Cost). Zeke ducks behind a fence on his own
// hexside facing Cyril: Cyril's shot is at a target not visible (3
// downgrades), and the fence shields even Zeke's head (docs/defaults.md).
// Ducked, Zeke's own shot waits for him to emerge.
func TestADuckedTargetIsHiddenBehindItsCover(t *testing.T) {
	s := open(t)
	st := s.State()
	u8 := hexAt(t, s, "U8")
	cell := st.Map.CellAt(u8)
	cell.Edges[3] = &hexmap.FileFeature{Kind: "fence"} // west, towards Cyril
	mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	orders := []ShotOrder{{Target: "zeke", Kind: "normal"}}
	standing, err := s.State().PlanShoot("cyril", "schofield", orders)
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, s, Command{Kind: CommandDuck, Figure: "zeke", Duck: true})
	ducked, err := s.State().PlanShoot("cyril", "schofield", orders)
	if err != nil {
		t.Fatal(err)
	}
	if standing.Series.Plans[0].Shot.NotVisible || !ducked.Series.Plans[0].Shot.NotVisible {
		t.Errorf("not visible: standing %v, ducked %v", standing.Series.Plans[0].Shot.NotVisible, ducked.Series.Plans[0].Shot.NotVisible)
	}
	if _, err := s.Do(Command{Kind: CommandShoot, Figure: "zeke", Weapon: "shotgun", Shots: []ShotOrder{{Target: "cyril"}}}); err == nil || !strings.Contains(err.Error(), "emerge from it first") {
		t.Errorf("a ducked Zeke shoots: %v", err)
	}
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	pool := ducked.Series.Pool
	var dice []int
	for range pool.Count {
		dice = append(dice, pool.Sides)
	}
	dice = append(dice, pool.Sides, 1, 1, 1, 1, 1, 1, 1, 1)
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: orders, Dice: dice, Cards: []string{"3H"}})
	if !strings.Contains(e.Text, "not visible") || !strings.Contains(e.Text, "The fence (AV 2) shields the head") {
		t.Errorf("the shot at the ducked Zeke: %s", e.Text)
	}
}

// TestAProneTargetShowsHalfItsSize: a prone figure at range is a smaller
// target (TWTW Conflict: Target Size; docs/defaults.md): Zeke (Size 6)
// prone counts as Size 3, +1 to the TN.
func TestAProneTargetShowsHalfItsSize(t *testing.T) {
	s := open(t)
	orders := []ShotOrder{{Target: "zeke", Kind: "normal"}}
	standing, err := s.State().PlanShoot("cyril", "schofield", orders)
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, s, Command{Kind: CommandProne, Figure: "zeke", Prone: true})
	prone, err := s.State().PlanShoot("cyril", "schofield", orders)
	if err != nil {
		t.Fatal(err)
	}
	if d := prone.Series.TNs[0] - standing.Series.TNs[0]; d != 1 {
		t.Errorf("a prone Zeke's TN is %d more than a standing one's, want 1", d)
	}
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: orders})
	if !strings.Contains(e.Text, "size") {
		t.Errorf("the log does not say the size: %s", e.Text)
	}
}

// TestAThrownWeaponLeavesTheHand: "When a thrown item misses the intended
// target, use the scatter section of the Action Card to determine where
// the item lands" (TWTW Conflict: Throwing Things). Jeb throws his only
// knife at Cyril and misses: the knife is gone from his gear and lies
// where the card puts it, so a second throw is refused; next round he
// walks over and picks it up, in hand, for its ready cost (2 AP).
func TestAThrownWeaponLeavesTheHand(t *testing.T) {
	s := open(t)
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "jeb", Weapon: "throwing-knife",
		Shots: []ShotOrder{{Target: "cyril", Kind: "normal"}}, Dice: []int{1, 1, 1, 1}, Cards: []string{"5S"}})
	st := s.State()
	if len(e.Dropped) != 1 || len(st.Loose) != 1 || !strings.Contains(e.Text, "The throwing knife lands at") {
		t.Fatalf("the miss: dropped %+v, loose %+v: %s", e.Dropped, st.Loose, e.Text)
	}
	for _, g := range st.Figures["jeb"].Gear {
		if g.Weapon == "throwing-knife" {
			t.Fatalf("the knife is still in Jeb's gear: %+v", st.Figures["jeb"].Gear)
		}
	}
	if _, err := s.Do(Command{Kind: CommandShoot, Figure: "jeb", Weapon: "throwing-knife", Shots: []ShotOrder{{Target: "cyril"}}}); err == nil {
		t.Error("Jeb threw the same knife twice")
	}
	knife := st.Loose[0].At
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(st)})
	countDownTo(t, s, "jeb")
	area, err := s.State().Reach("jeb", false)
	if err != nil {
		t.Fatal(err)
	}
	best, cost := knife, 1000
	for _, h := range append([]hexmap.Hex{knife}, knife.Ring(1)...) {
		if c, ok := area.Costs[h]; ok && c < cost {
			best, cost = h, c
		}
	}
	if cost == 1000 {
		t.Fatalf("Jeb cannot reach the knife at %s", st.Map.Label(knife))
	}
	mustDo(t, s, Command{Kind: CommandMove, Figure: "jeb", To: &best})
	countDownTo(t, s, "jeb")
	p := mustDo(t, s, Command{Kind: CommandPickUp, Figure: "jeb", Weapon: "throwing-knife"})
	if p.AP != 2 || !strings.Contains(p.Text, "Jeb Perkins picks up the throwing knife at") {
		t.Errorf("the pick-up: %d AP: %s", p.AP, p.Text)
	}
	st = s.State()
	if len(st.Loose) != 0 || st.Figures["jeb"].Gear[len(st.Figures["jeb"].Gear)-1] != (rules.Carried{Weapon: "throwing-knife", Readied: true}) {
		t.Errorf("after the pick-up: loose %+v, gear %+v", st.Loose, st.Figures["jeb"].Gear)
	}
	mustDo(t, s, Command{Kind: CommandUndo})
	if len(s.State().Loose) != 1 {
		t.Errorf("undoing the pick-up leaves %d knives on the map", len(s.State().Loose))
	}
}

// TestAFigureActsWhenItsNumberComesUp: "Any character may go on a round
// that is equal to or less than their Initiative number. When a character
// wishes to take an action, they ... pay the necessary AP by decrementing
// their Initiative number" (TWTW Conflict: Taking Actions). Cyril (8)
// cannot ready his gun at segment 20; at 8 he can, and his number drops
// to 6, so cocking it at once is refused until the count reaches 6.
func TestAFigureActsWhenItsNumberComesUp(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	ready := Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"}
	if _, err := s.Do(ready); err == nil || !strings.Contains(err.Error(), "Cyril Wellington's number (8) has not come up: the count is at segment 20") {
		t.Fatalf("readying at segment 20: %v", err)
	}
	countDownTo(t, s, "cyril")
	mustDo(t, s, ready)
	cock := Command{Kind: CommandCock, Figure: "cyril", Weapon: "schofield"}
	if _, err := s.Do(cock); err == nil || !strings.Contains(err.Error(), "number (6) has not come up: the count is at segment 8") {
		t.Fatalf("cocking straight after paying: %v", err)
	}
	countDownTo(t, s, "cyril")
	if e := mustDo(t, s, cock); e.APLeft != 5 {
		t.Errorf("cocked at segment 6 with %d AP left, want 5", e.APLeft)
	}
}

// TestAnAttackBeforeOnesNumberIsAnInterrupt: acting before one's number
// is an interrupt, one downgrade per segment early (DESIGN.md segments).
// At segment 20 Cyril (8) snaps at Zeke: 12 segments early, 12
// downgrades, said in the log; the preview shows the same. At her number
// Miranda's shot interrupts nothing.
func TestAnAttackBeforeOnesNumberIsAnInterrupt(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	orders := []ShotOrder{{Target: "zeke", Kind: "snap"}}
	plan, err := s.State().PlanShoot("cyril", "schofield", orders)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Series.Plans[0].Shot.Interrupt != 12 {
		t.Errorf("the preview's interrupt: %d downgrades, want 12", plan.Series.Plans[0].Shot.Interrupt)
	}
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: orders})
	if !strings.Contains(e.Text, "interrupting: 12 downgrade(s)") {
		t.Errorf("the log: %s", e.Text)
	}
	countDownTo(t, s, "miranda")
	plan, err = s.State().PlanShoot("miranda", "peacemaker", orders)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Series.Plans[0].Shot.Interrupt != 0 {
		t.Errorf("at her number Miranda's shot still interrupts: %d", plan.Series.Plans[0].Shot.Interrupt)
	}
}

// TestOneAttackPoolPerRound: "characters only receive a single attack
// pool no matter how many attacks are made ... All attacks and their
// targets must be declared before rolling the dice" (TWTW Conflict:
// Multiple Attacks). Miranda shoots once; a second shoot command, or a
// blow, in the same round is refused; the next round she may shoot
// again.
func TestOneAttackPoolPerRound(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	countDownTo(t, s, "miranda")
	shot := Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker", Shots: []ShotOrder{{Target: "zeke", Kind: "snap"}}}
	mustDo(t, s, shot)
	countDownTo(t, s, "miranda")
	if _, err := s.Do(shot); err == nil || !strings.Contains(err.Error(), "one pool a round") {
		t.Errorf("a second pool in the round: %v", err)
	}
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	countDownTo(t, s, "miranda")
	mustDo(t, s, shot)
}

// TestCyrilStaresDownTwoPerkinsBrothers is the chapter's worked example
// (TWTW Conflict: Resolving Multiple Attacks): "Spending 2 APs to cock it
// twice, 3 AP for a normal shot on Pete, 1 AP for a snap shot on Clem,
// and 1 AP to switch targets ... he will spend 7 AP". Here Zeke is Pete
// and Jeb is Clem; the Schofield is in hand, uncocked.
func TestCyrilStaresDownTwoPerkinsBrothers(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	plan, err := s.State().PlanShoot("cyril", "schofield", []ShotOrder{{Target: "zeke", Kind: "normal"}, {Target: "jeb", Kind: "snap"}})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Series.AP != 7 || plan.Series.Switches != 1 || plan.Series.APText() != "shot 1: cock 1 + normal shot 3; shot 2: cock 1 + snap shot 1; 1 target switch(es) 1" {
		t.Errorf("the series: %d AP (%s)", plan.Series.AP, plan.Series.APText())
	}
	// Readying took 2 of Cyril's 8 AP: the session refuses the 7 the
	// preview prices, in the same words.
	_, err = s.Do(Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: []ShotOrder{{Target: "zeke", Kind: "normal"}, {Target: "jeb", Kind: "snap"}}})
	if err == nil || !strings.Contains(err.Error(), "7 AP") {
		t.Errorf("7 AP with 6 left: %v", err)
	}
}

// TestAMapOfTwoPacesAHex: the map's scale counts in movement and melee.
// On the demo street drawn at 2 paces a hex, Cyril (Move 6) walks 3 hexes
// for 1 AP, the log says 6 paces, and he can strike a figure in the next
// hex (TWTW Conflict: Movement; Hand to Hand Combat).
func TestAMapOfTwoPacesAHex(t *testing.T) {
	f := demo(t)
	f.Map.Scale = 2
	s, err := Open(f, filepath.Join(t.TempDir(), "scaled.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	to := hexAt(t, s, "F8")
	e := mustDo(t, s, Command{Kind: CommandMove, Figure: "cyril", To: &to})
	if e.AP != 1 || !strings.Contains(e.Text, "moves 6 paces C8 → F8 for 1 AP") {
		t.Errorf("3 hexes at 2 paces a hex: %d AP: %s", e.AP, e.Text)
	}
	next := to.Neighbor(0)
	zeke := s.State().Figures["zeke"]
	mustDo(t, s, Command{Kind: CommandRemoveFigure, Figure: "jeb"})
	mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "jeb", Character: "jeb", Side: zeke.Side, At: s.State().Map.Label(next), Facing: "W"}}})
	if _, err := s.State().PlanMelee("cyril", "", &BlowOrder{Target: "jeb", Attack: "quick"}); err != nil {
		t.Errorf("a blow at the next hex on a 2-pace map: %v", err)
	}
}

// TestTheJudgesOwnModifier: "The Judge will provide any modifiers which
// are appropriate before any dice are rolled" (TWTW Conflict: Modifiers).
// The Judge adds a downgrade for fog to Cyril's shot: the preview and the
// log name it; a player may not set one, and it needs its reason.
func TestTheJudgesOwnModifier(t *testing.T) {
	s := open(t)
	orders := []ShotOrder{{Target: "zeke", Kind: "snap"}}
	fog := &JudgeModifier{Steps: -1, Reason: "fog"}
	plain, err := s.State().PlanShoot("cyril", "schofield", orders)
	if err != nil {
		t.Fatal(err)
	}
	foggy, err := s.State().PlanShoot("cyril", "schofield", orders, *fog)
	if err != nil {
		t.Fatal(err)
	}
	if foggy.Series.Plans[0].Steps != plain.Series.Plans[0].Steps-1 {
		t.Errorf("fog: %d steps, without %d", foggy.Series.Plans[0].Steps, plain.Series.Plans[0].Steps)
	}
	if _, err := s.Do(Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: orders, Modifier: &JudgeModifier{Steps: -1}}); err == nil || !strings.Contains(err.Error(), "needs its reason") {
		t.Errorf("a modifier with no reason: %v", err)
	}
	player := NewAccess(NewToken()).AddPlayer("Ann", []string{"cyril"})
	if _, err := s.DoAs(player, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: orders, Modifier: fog}); err == nil || !strings.Contains(err.Error(), "only the Judge") {
		t.Errorf("a player's own modifier: %v", err)
	}
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: orders, Modifier: fog})
	if !strings.Contains(e.Text, "fog: 1 downgrade(s) (the Judge)") {
		t.Errorf("the log: %s", e.Text)
	}
}

// TestReloadingAGun: loading a gun in hand costs 1 AP a round
// (docs/defaults.md: the chapter prices no reload). Cyril's Schofield
// holds 5 of 6; with it in hand, a reload fills it for 1 AP; a full gun
// is refused.
func TestReloadingAGun(t *testing.T) {
	s := open(t)
	reload := Command{Kind: CommandReload, Figure: "cyril", Weapon: "schofield"}
	if _, err := s.Do(reload); err == nil || !strings.Contains(err.Error(), "ready the S&W Schofield") {
		t.Errorf("reloading a holstered gun: %v", err)
	}
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	e := mustDo(t, s, reload)
	if e.AP != 1 || !strings.Contains(e.Text, "Cyril Wellington loads 1 round(s) into the S&W Schofield for 1 AP") || s.State().Figures["cyril"].Gear[0].Loaded != 6 {
		t.Errorf("the reload: %d AP: %s", e.AP, e.Text)
	}
	if _, err := s.Do(reload); err == nil || !strings.Contains(err.Error(), "is full (6 of 6)") {
		t.Errorf("reloading a full gun: %v", err)
	}
}

// TestTargetSpeedIsRelative: "A penalty of one is applied for each 5
// paces of relative speed between the firer and target ... Miranda is
// chasing a bandit down Main. She has a Move of 8, he has a speed of 8.
// The relative speed is 0" (TWTW Conflict: Target Speed). Zeke walks 6
// paces west: Jeb, standing, sees a target of relative speed 6 (1
// downgrade); after Jeb walks the same 6 paces west, none.
func TestTargetSpeedIsRelative(t *testing.T) {
	s := open(t)
	west := func(id string, paces int) {
		to := s.State().Figures[id].At
		for range paces {
			to = to.Neighbor(3)
		}
		mustDo(t, s, Command{Kind: CommandMove, Figure: id, To: &to})
	}
	west("zeke", 6)
	orders := []ShotOrder{{Target: "zeke", Kind: "normal"}}
	plan, err := s.State().PlanShoot("jeb", "winchester", orders)
	if err != nil {
		t.Fatal(err)
	}
	if got := plan.Series.Plans[0].Shot.RelativeSpeed; got != 6 || !strings.Contains(plan.Series.Plans[0].Explain(), "relative speed 6 paces: 1 downgrade(s)") {
		t.Errorf("relative speed %d: %s", got, plan.Series.Plans[0].Explain())
	}
	west("jeb", 6)
	plan, err = s.State().PlanShoot("jeb", "winchester", orders)
	if err != nil {
		t.Fatal(err)
	}
	if got := plan.Series.Plans[0].Shot.RelativeSpeed; got != 0 {
		t.Errorf("both walked 6 paces west: relative speed %d, want 0", got)
	}
}

// TestATargetAppearingFromCover: "If a target is emerging from or
// entering cover or visibility (from the firers perspective) during its
// movement this penalty is applied" (TWTW Conflict: Modifiers). Zeke
// steps out from behind a wall into Cyril's sight: 1 downgrade.
func TestATargetAppearingFromCover(t *testing.T) {
	s := open(t)
	st := s.State()
	u8, u9 := hexAt(t, s, "U8"), hexAt(t, s, "U9")
	cell := st.Map.CellAt(u8)
	cell.Edges[3] = &hexmap.FileFeature{Kind: "wall"} // west of Zeke, towards Cyril
	mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	if s.State().Map.Visible(s.State().Figures["cyril"].At, u8) {
		t.Fatal("the wall does not hide Zeke from Cyril")
	}
	mustDo(t, s, Command{Kind: CommandMove, Figure: "zeke", To: &u9})
	if !s.State().Map.Visible(s.State().Figures["cyril"].At, u9) {
		t.Fatal("U9 is not in Cyril's sight")
	}
	plan, err := s.State().PlanShoot("cyril", "schofield", []ShotOrder{{Target: "zeke", Kind: "normal"}})
	if err != nil {
		t.Fatal(err)
	}
	if !plan.Series.Plans[0].Shot.Appearing || !strings.Contains(plan.Series.Plans[0].Explain(), "target appearing or disappearing: 1 downgrade(s)") {
		t.Errorf("Zeke stepping out: %s", plan.Series.Plans[0].Explain())
	}
}

// besideJeb walks Cyril next to Jeb at the round's start, with their
// numbers up, for the blows of the hand-to-hand tests.
func besideJeb(t *testing.T, s *Session) {
	t.Helper()
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8}})
	next := s.State().Figures["jeb"].At.Neighbor(hexmap.Direction(5))
	countDownTo(t, s, "cyril")
	mustDo(t, s, Command{Kind: CommandMove, Figure: "cyril", To: &next})
	countDownTo(t, s, "cyril")
}

// TestTheDefenderChoosesToDodge: "To perform a dodge, state your intent
// before the attacker rolls ... Dodge works versus all attacks coming
// from a given direction ... and costs 3 AP. Dodge is considered an
// active defense, and may only be employed if no attacks are attempted"
// (TWTW Conflict: Hand to Hand Combat). Cyril's punch waits for Jeb; the
// fight waits with it; the attacker's player cannot answer for Jeb; Jeb's
// player dodges: 3 AP, the punch takes Jeb's AD in downgrades, and Jeb
// may not attack this round.
func TestTheDefenderChoosesToDodge(t *testing.T) {
	s := open(t)
	besideJeb(t, s)
	blow := Command{Kind: CommandMelee, Figure: "cyril", Blow: &BlowOrder{Target: "jeb", Attack: "quick"}}
	d := mustDo(t, s, blow)
	if d.Kind != EventBlowDeclared || !strings.Contains(d.Text, "Jeb Perkins may block (2 AP), dodge (3 AP) or take it") {
		t.Fatalf("the declared blow: %s", d.Text)
	}
	if w := s.State().Waiting(); !strings.Contains(w, "Jeb Perkins to answer Cyril Wellington's quick blow") {
		t.Errorf("waiting: %q", w)
	}
	m8 := hexAt(t, s, "M8")
	if _, err := s.Do(Command{Kind: CommandMove, Figure: "miranda", To: &m8}); err == nil || !strings.Contains(err.Error(), "the fight waits for Jeb Perkins") {
		t.Errorf("a move while the blow waits: %v", err)
	}
	access := NewAccess(NewToken())
	ann, bo := access.AddPlayer("Ann", []string{"cyril"}), access.AddPlayer("Bo", []string{"jeb"})
	if _, err := s.DoAs(ann, Command{Kind: CommandDefend, Figure: "jeb", Defense: DefenseNone}); err == nil {
		t.Error("the attacker's player answered for the defender")
	}
	choices := s.State().Defenses("jeb")
	if len(choices) != 3 || !strings.HasPrefix(choices[1].Text, "Dodge (3 AP") || !strings.HasPrefix(choices[2].Text, "Take it") {
		t.Fatalf("the defenses offered: %+v", choices)
	}
	// Jeb's AD (1, Quickness 2 gives no bonus) is a downgrade on the punch.
	poolOf := func(s string) string { return s[strings.Index(s, "pool "):] }
	if poolOf(choices[1].Text) == poolOf(choices[2].Text) {
		t.Errorf("the dodge's downgrade: dodge %q, take it %q", choices[1].Text, choices[2].Text)
	}
	jebAP := s.State().Figures["jeb"].AP
	evs, err := s.DoAs(bo, Command{Kind: CommandDefend, Figure: "jeb", Defense: DefenseDodge})
	if err != nil {
		t.Fatal(err)
	}
	e := evs[0]
	jeb := s.State().Figures["jeb"]
	if jeb.AP != jebAP-3 || len(jeb.Dodging) != 2 || !strings.Contains(e.Text, "Jeb Perkins dodges through the") {
		t.Errorf("the dodge: AP %d (was %d), dodging %v: %s", jeb.AP, jebAP, jeb.Dodging, e.Text)
	}
	if s.State().Pending != nil {
		t.Errorf("the blow still waits after the answer")
	}
	if _, err := s.Do(Command{Kind: CommandMelee, Figure: "jeb", Blow: &BlowOrder{Target: "cyril", Attack: "quick", Defense: DefenseNone}}); err == nil || !strings.Contains(err.Error(), "is dodging this round") {
		t.Errorf("a dodging Jeb attacks: %v", err)
	}
}

// TestABlockWorksAgainstASingleAttack: "Block works against a single
// incoming attack and costs 2 AP. Multiple blocks may be performed in a
// turn" (TWTW Conflict: Hand to Hand Combat). Jeb blocks Cyril's punch:
// 2 AP, paid for this blow alone.
func TestABlockWorksAgainstASingleAttack(t *testing.T) {
	s := open(t)
	besideJeb(t, s)
	mustDo(t, s, Command{Kind: CommandMelee, Figure: "cyril", Blow: &BlowOrder{Target: "jeb", Attack: "quick"}})
	jebAP := s.State().Figures["jeb"].AP
	e := mustDo(t, s, Command{Kind: CommandDefend, Figure: "jeb", Defense: DefenseBlock})
	if got := s.State().Figures["jeb"].AP; got != jebAP-2 || !strings.Contains(e.Text, "Jeb Perkins blocks for 2 AP") {
		t.Errorf("the block: Jeb's AP %d (was %d): %s", got, jebAP, e.Text)
	}
	if len(s.State().Figures["jeb"].Dodging) != 0 {
		t.Error("a block left Jeb dodging")
	}
}

// TestTheJudgesDefaultAnswer: the Judge sets a default answer for their
// own figures (npc_defense), so a fight never stalls on them: with "block",
// Cyril's punch at Jeb (an outlaw, the Judge's) is blocked at once.
func TestTheJudgesDefaultAnswer(t *testing.T) {
	s := open(t)
	opts := s.State().Options
	opts = opts.withTWTW(func(w *TWTWOptions) { w.NPCDefense = DefenseBlock })
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	besideJeb(t, s)
	e := mustDo(t, s, Command{Kind: CommandMelee, Figure: "cyril", Blow: &BlowOrder{Target: "jeb", Attack: "quick"}})
	if e.Kind != EventActed || !strings.Contains(e.Text, "Jeb Perkins blocks for 2 AP") {
		t.Errorf("the blow with the Judge's default: %s %s", e.Kind, e.Text)
	}
}

// TestTheAttackerCannotChooseTheDefense: a player's blow that names the
// target's defense is refused; the defender chooses.
func TestTheAttackerCannotChooseTheDefense(t *testing.T) {
	s := open(t)
	besideJeb(t, s)
	ann := NewAccess(NewToken()).AddPlayer("Ann", []string{"cyril"})
	_, err := s.DoAs(ann, Command{Kind: CommandMelee, Figure: "cyril", Blow: &BlowOrder{Target: "jeb", Attack: "quick", Defense: DefenseNone}})
	if err == nil || !strings.Contains(err.Error(), "Jeb Perkins chooses their own defense") {
		t.Errorf("the attacker's player chose Jeb's defense: %v", err)
	}
}

// TestKnowTheOddsBeforeYouCommit: the preview of a shot says, counted
// exactly over the dice and the deck, what it will do to the target as it
// stands: the odds sum to one, a miss is no effect, and the wall in the
// way makes no effect likelier (TWTW Conflict: Cover Penetration).
func TestKnowTheOddsBeforeYouCommit(t *testing.T) {
	s := open(t)
	orders := []ShotOrder{{Target: "zeke", Kind: "normal"}}
	inOpen, err := s.State().PlanShoot("cyril", "schofield", orders)
	if err != nil {
		t.Fatal(err)
	}
	odds := s.State().ShotOdds(inOpen, 0)
	sum := 0.0
	for _, p := range odds {
		sum += p
	}
	hit := rules.KthHitChance(inOpen.Series.Pool, 1, inOpen.Series.Plans[0].Result, inOpen.Series.TNs[0])
	if math.Abs(sum-1) > 1e-9 || odds[rules.HarmNone] < 1-hit-1e-9 || odds[rules.HarmNone] >= 1 {
		t.Errorf("the odds %v (sum %.3f, hit chance %.3f)", odds, sum, hit)
	}
	text, err := s.State().Explain(Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: orders})
	if err != nil || !strings.Contains(text, "Zeke Perkins: no effect") {
		t.Errorf("the explanation: %q %v", text, err)
	}
	cell := s.State().Map.CellAt(hexAt(t, s, "T8"))
	cell.Edges[0] = &hexmap.FileFeature{Kind: "wall"}
	mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	walled, err := s.State().PlanShoot("cyril", "schofield", orders)
	if err != nil {
		t.Fatal(err)
	}
	if w := s.State().ShotOdds(walled, 0); w[rules.HarmNone] <= odds[rules.HarmNone] {
		t.Errorf("behind a wall no effect is %.3f, in the open %.3f", w[rules.HarmNone], odds[rules.HarmNone])
	}
}

// BenchmarkPreviewOfAThreeShotSeries: the composer's "Before the dice" for
// three snap shots of Miranda's, odds and all (issue 19: at most 5 ms).
func BenchmarkPreviewOfAThreeShotSeries(b *testing.B) {
	s := open(b)
	c := Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker",
		Shots: []ShotOrder{{Target: "zeke", Kind: "snap"}, {Target: "zeke", Kind: "snap"}, {Target: "jeb", Kind: "snap"}}}
	st := s.State()
	if _, err := st.Explain(c); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if _, err := st.Explain(c); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/preview")
}

// TestAGunInEachHand: "A Hero using weapons in each hand suffers one
// downgrade to each attack. Any action taken with an off hand takes an
// additional 2 downgrades ... Resolve each hand as a separate check"
// (TWTW Conflict: Two Weapons). Miranda draws her Peacemaker, then her
// Derringer, which goes to the off hand; each hand shoots once in the
// round with its own check, the Derringer 3 downgrades down, the
// Peacemaker 1; a third attack is refused.
func TestAGunInEachHand(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	countDownTo(t, s, "miranda")
	mustDo(t, s, Command{Kind: CommandReady, Figure: "miranda", Weapon: "peacemaker"})
	countDownTo(t, s, "miranda")
	mustDo(t, s, Command{Kind: CommandReady, Figure: "miranda", Weapon: "derringer"})
	if g := s.State().Figures["miranda"].Gear; g[0].OffHand || !g[1].OffHand {
		t.Fatalf("the hands: %+v", g)
	}
	countDownTo(t, s, "miranda")
	main := mustDo(t, s, Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker", Shots: []ShotOrder{{Target: "zeke", Kind: "snap"}}})
	if !strings.Contains(main.Text, "two weapons: 1 downgrade(s)") || strings.Contains(main.Text, "off hand") {
		t.Errorf("the Peacemaker's shot: %s", main.Text)
	}
	countDownTo(t, s, "miranda")
	off := mustDo(t, s, Command{Kind: CommandShoot, Figure: "miranda", Weapon: "derringer", Shots: []ShotOrder{{Target: "zeke", Kind: "snap"}}})
	if !strings.Contains(off.Text, "two weapons: 1 downgrade(s)") || !strings.Contains(off.Text, "off hand: 2 downgrade(s)") {
		t.Errorf("the Derringer's shot: %s", off.Text)
	}
	countDownTo(t, s, "miranda")
	if _, err := s.Do(Command{Kind: CommandShoot, Figure: "miranda", Weapon: "derringer", Shots: []ShotOrder{{Target: "zeke", Kind: "snap"}}}); err == nil {
		t.Error("a third check in the round")
	}
}

// TestARifleInOneHand: "Apply a penalty of 2 downgrades to any two-handed
// ranged weapon being used with one hand" (TWTW Conflict: Two handed
// ranged weapons). With his Schofield in the other hand, Cyril fires his
// Winchester one-handed.
func TestARifleInOneHand(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	orders := []ShotOrder{{Target: "zeke", Kind: "snap"}}
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "winchester"})
	plan, err := s.State().PlanShoot("cyril", "winchester", orders)
	if err != nil {
		t.Fatal(err)
	}
	if x := plan.Series.Plans[0].Explain(); !strings.Contains(x, "two-handed weapon in one hand: 2 downgrade(s)") {
		t.Errorf("the Winchester one-handed: %s", x)
	}
}

// TestBumpsMoveTheHitLocation: "Hit location may be changed within the
// stack via bumps" (TWTW Conflict: Hit Location). Cyril calls the head
// before the dice; his hit on Zeke's chest (2H) with bumps to spare moves
// one step up the stack to the head, and the bump spent adds no damage.
func TestBumpsMoveTheHitLocation(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	orders := []ShotOrder{{Target: "zeke", Kind: "normal", Call: "head"}}
	plan, err := s.State().PlanShoot("cyril", "schofield", orders)
	if err != nil {
		t.Fatal(err)
	}
	pool := plan.Series.Pool
	var dice []int
	for range pool.Count {
		dice = append(dice, pool.Sides)
	}
	dice = append(dice, pool.Sides, 1, 1, 1, 1, 1, 1, 1, 1)
	card := ""
	for _, c := range rules.Cards() {
		if c.Location == rules.Chest && c.Calamity == false {
			card = c.Name()
			break
		}
	}
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: orders, Dice: dice, Cards: []string{card}})
	if !strings.Contains(e.Text, "1 bump(s) move the hit from the chest to the head (called head)") || !strings.Contains(e.Text, "to the head") {
		t.Errorf("the called shot (card %s): %s", card, e.Text)
	}
	if _, err := s.State().PlanShoot("cyril", "schofield", []ShotOrder{{Target: "zeke", Call: "kneecap"}}); err == nil {
		t.Error("a call of no hit location")
	}
}

// sure is dice that hit with every die of pool: its top face each, and a
// top face again for the reroll, then ones for what follows (stun checks).
func sure(pool rules.Pool) []int {
	var dice []int
	for range pool.Count {
		dice = append(dice, pool.Sides)
	}
	return append(dice, pool.Sides, 1, 1, 1, 1, 1, 1, 1, 1)
}

// takesIt opens the demo with the Judge's figures taking blows without
// being asked (npc_defense none), and Cyril beside Jeb.
func takesIt(t *testing.T) *Session {
	t.Helper()
	s := open(t)
	opts := s.State().Options
	opts = opts.withTWTW(func(w *TWTWOptions) { w.NPCDefense = DefenseNone })
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	besideJeb(t, s)
	return s
}

// TestAssertingDominance: "Each level of dominance costs one bump,
// cumulative ... An attacker may also attempt to utilize the environment
// to assist in dominance, rather than deal damage. In this case, a
// successful attack counts as one bump toward dominance" (TWTW Conflict:
// Asserting Dominance). "Combatants under dominance must escape from the
// position before any movement is allowed" (Breaking Engagements When
// Dominated). Cyril grapples Jeb only for position, with bumps to spare:
// Jeb is held, his defense falls, he may not walk off; he escapes.
func TestAssertingDominance(t *testing.T) {
	s := takesIt(t)
	blow := &BlowOrder{Target: "jeb", Attack: "grapple", Dominance: ForDominance}
	mp, err := s.State().PlanMelee("cyril", "", blow)
	if err != nil {
		t.Fatal(err)
	}
	defense := mp.TN
	e := mustDo(t, s, Command{Kind: CommandMelee, Figure: "cyril", Blow: blow, Dice: sure(mp.Pool), Cards: []string{"5S"}})
	level, by := s.State().holdOver("jeb")
	if by != "cyril" || level < rules.PartialDominance || !strings.Contains(e.Text, "toward dominance (TWTW Conflict: Asserting Dominance): Cyril Wellington holds Jeb Perkins in") || strings.Contains(e.Text, "Jeb Perkins takes") {
		t.Fatalf("the grapple for position: held %v by %q: %s", level, by, e.Text)
	}
	// Held, Jeb's defense is lower against the next blow (Miranda's, who
	// walks up), and he may not walk off.
	st := s.State()
	if tn, _ := rules.Defense(st.Characters["jeb"].Character, 0, level); tn >= defense {
		t.Errorf("held in %v, Jeb's defense %d, free %d", level, tn, defense)
	}
	away := st.Figures["jeb"].At.Neighbor(hexmap.Direction(1))
	countDownTo(t, s, "jeb")
	if _, err := s.Do(Command{Kind: CommandMove, Figure: "jeb", To: &away}); err == nil || !strings.Contains(err.Error(), "escape first") {
		t.Errorf("a held Jeb walks off: %v", err)
	}
	pool, _ := st.Characters["jeb"].SkillPool("unarmed")
	esc := mustDo(t, s, Command{Kind: CommandEscape, Figure: "jeb", Dice: sure(pool)})
	if !strings.Contains(esc.Text, "escapes, and may move away") {
		t.Errorf("the escape: %s", esc.Text)
	}
	if level, _ := s.State().holdOver("jeb"); level != rules.NoDominance {
		t.Errorf("after the escape Jeb is still held in %v", level)
	}
}

// TestStandingStillLowersTheDefense: "Any combatant that does not move at
// least one hex (or one pace) for two consecutive rounds has their defense
// reduced by 1" (TWTW Conflict: Maneuvering During Engagement).
func TestStandingStillLowersTheDefense(t *testing.T) {
	s := takesIt(t)
	for range 2 {
		mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	}
	countDownTo(t, s, "cyril")
	mp, err := s.State().PlanMelee("cyril", "", &BlowOrder{Target: "jeb", Attack: "quick"})
	if err != nil {
		t.Fatal(err)
	}
	if len(mp.TNMods) == 0 || mp.TNMods[0].Name != "has not moved for two rounds" {
		t.Errorf("Jeb stood two rounds: %+v (still %d)", mp.TNMods, s.State().Figures["jeb"].StillRounds)
	}
}

// TestABlowFromBehindLandsWhereTheAttackerChooses: "Full dominance
// involves an opponent that is pinned or unaware (such as if being
// attacked from behind ...), the attacker may ignore the hit location
// result on the Action Card and instead choose where the target is hit"
// (TWTW Conflict: Position in Hand-to-Hand Engagements). Cyril steps
// round to Jeb's back and calls the head. Jeb is turned to face W
// first: his back as placed is inside the saloon, across its wall, and a
// wall stops a blow (lines.go).
func TestABlowFromBehindLandsWhereTheAttackerChooses(t *testing.T) {
	s := takesIt(t)
	jeb := s.State().Figures["jeb"]
	mustDo(t, s, Command{Kind: CommandRemoveFigure, Figure: "jeb"})
	mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "jeb", Character: "jeb", Side: "outlaws", At: s.State().Map.Label(jeb.At), Facing: "W"}}})
	jeb = s.State().Figures["jeb"]
	back := jeb.At.Neighbor(jeb.Facing.Turn(3))
	mustDo(t, s, Command{Kind: CommandRemoveFigure, Figure: "cyril"})
	mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "cyril", Character: "cyril", Side: "posse", At: s.State().Map.Label(back), Facing: "E"}}})
	countDownTo(t, s, "cyril")
	blow := &BlowOrder{Target: "jeb", Attack: "quick", Call: "head"}
	mp, err := s.State().PlanMelee("cyril", "", blow)
	if err != nil {
		t.Fatal(err)
	}
	if !mp.Choose {
		t.Fatal("a blow from behind does not let Cyril choose")
	}
	e := mustDo(t, s, Command{Kind: CommandMelee, Figure: "cyril", Blow: blow, Dice: sure(mp.Pool), Cards: []string{"5S"}})
	if !strings.Contains(e.Text, "Cyril Wellington chooses where it lands: the head") {
		t.Errorf("the blow from behind: %s", e.Text)
	}
}

// TestGangingUp: "When multiple combatants gang up against a single foe
// the advantage values of the side with multiple fighters are added
// together ... Members of the side with the additional combatants receive
// a bonus of 1 to their advantage value for each other combatant on their
// side" (TWTW Conflict: Determining Advantage). With Miranda beside Jeb
// too, Cyril's blow has two more upgrades.
func TestGangingUp(t *testing.T) {
	s := takesIt(t)
	alone, err := s.State().PlanMelee("cyril", "", &BlowOrder{Target: "jeb", Attack: "quick"})
	if err != nil {
		t.Fatal(err)
	}
	jeb := s.State().Figures["jeb"]
	var spot hexmap.Hex
	for d := hexmap.Direction(0); d < 6; d++ {
		h := jeb.At.Neighbor(d)
		if _, taken := s.State().FigureAt(h); !taken && s.State().Map.CanStand(h) == nil {
			spot = h
			break
		}
	}
	mustDo(t, s, Command{Kind: CommandRemoveFigure, Figure: "miranda"})
	mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "miranda", Character: "miranda", Side: "posse", At: s.State().Map.Label(spot), Facing: "E"}}})
	two, err := s.State().PlanMelee("cyril", "", &BlowOrder{Target: "jeb", Attack: "quick"})
	if err != nil {
		t.Fatal(err)
	}
	if two.Advantage-alone.Advantage < 2 {
		t.Errorf("two against one: advantage %+d (%s), alone %+d", two.Advantage, two.AdvantageWhy, alone.Advantage)
	}
}

// TestBreakingEngagement: "They may pay 2 APs to carefully disengage, or
// they may move away without paying any extra APs. If the latter is
// chosen, the other combatant may immediately make a hand-to-hand attack
// for one fewer AP (minimum 0)" (TWTW Conflict: Breaking Engagement).
func TestBreakingEngagement(t *testing.T) {
	away := func(s *Session) hexmap.Hex {
		c, j := s.State().Figures["cyril"], s.State().Figures["jeb"]
		for d := hexmap.Direction(0); d < 6; d++ {
			h := c.At.Neighbor(d)
			if _, taken := s.State().FigureAt(h); !taken && s.State().Map.CanStand(h) == nil && h.DistanceTo(j.At) > 1 {
				return h
			}
		}
		t.Fatal("nowhere to step away to")
		return hexmap.Hex{}
	}
	t.Run("carefully", func(t *testing.T) {
		s := takesIt(t)
		to := away(s)
		ap := s.State().Figures["cyril"].AP
		e := mustDo(t, s, Command{Kind: CommandMove, Figure: "cyril", To: &to, Careful: true})
		if e.AP != 3 || ap-e.APLeft != 3 || e.Opening != nil || !strings.Contains(e.Text, "disengaging carefully from Jeb Perkins (+2 AP") {
			t.Errorf("a careful disengage: %d AP: %s", e.AP, e.Text)
		}
	})
	t.Run("with a free attack", func(t *testing.T) {
		s := takesIt(t)
		to := away(s)
		e := mustDo(t, s, Command{Kind: CommandMove, Figure: "cyril", To: &to})
		if e.AP != 1 || e.Opening == nil || !strings.Contains(e.Text, "Breaking away from Jeb Perkins: each may strike at once, for 1 AP less") {
			t.Fatalf("breaking away: %d AP: %s", e.AP, e.Text)
		}
		mp, err := s.State().PlanMelee("jeb", "", &BlowOrder{Target: "cyril", Attack: "quick"})
		if err != nil {
			t.Fatalf("Jeb's free attack: %v", err)
		}
		if mp.Plan.AP != 1 || !mp.Free {
			t.Errorf("the free quick attack costs %d AP, want 1", mp.Plan.AP)
		}
		b := mustDo(t, s, Command{Kind: CommandMelee, Figure: "jeb", Blow: &BlowOrder{Target: "cyril", Attack: "quick", Defense: DefenseNone}, Dice: sure(mp.Pool), Cards: []string{"5S"}})
		if !strings.Contains(b.Text, "a free attack as Cyril Wellington breaks away") {
			t.Errorf("the free attack: %s", b.Text)
		}
		if _, err := s.State().PlanMelee("jeb", "", &BlowOrder{Target: "cyril", Attack: "quick"}); err == nil {
			t.Error("the free attack came twice")
		}
	})
}

// TestBlockingWithAWeapon: "Blocking may also be performed with a weapon.
// In this case, the procedure is as above except substitute the
// appropriate weapon skill" (TWTW Conflict: Hand to Hand Combat). Miranda,
// a Bowie knife in hand, blocks Jeb's punch with it.
func TestBlockingWithAWeapon(t *testing.T) {
	s := mirandaBesideJeb(t, true)
	mp, err := s.State().PlanMelee("jeb", "", &BlowOrder{Target: "miranda", Attack: "quick", Defense: DefenseBlock})
	if err != nil {
		t.Fatal(err)
	}
	block, _ := s.State().Characters["miranda"].SkillPool("melee")
	// Jeb's punch: every die its top face and a reroll of 1; Miranda's
	// block: every die its top face and a reroll of its top face.
	var dice []int
	for range mp.Pool.Count {
		dice = append(dice, mp.Pool.Sides)
	}
	dice = append(dice, 1)
	for range block.Count {
		dice = append(dice, block.Sides)
	}
	dice = append(dice, block.Sides)
	punch, block2 := mp.Pool.Sides+mp.Pool.Bonus+1, 2*block.Sides+block.Bonus
	if block2 <= punch {
		t.Fatalf("the block (%s, best %d) cannot beat the punch (%s, %d)", block, block2, mp.Pool, punch)
	}
	e := mustDo(t, s, Command{Kind: CommandMelee, Figure: "jeb", Blow: &BlowOrder{Target: "miranda", Attack: "quick", Defense: DefenseBlock}, Dice: dice, Cards: []string{"5S"}})
	if !strings.Contains(e.Text, "Miranda Valentine blocks it with the Bowie knife") {
		t.Errorf("the block: %s", e.Text)
	}
}

// TestAGunDrawnToShootStaysInHand: the first shot from the holster pays
// to ready the gun (TWTW Conflict: Cocking and Readying); it stays in
// hand, so the next shot pays only to cock.
func TestAGunDrawnToShootStaysInHand(t *testing.T) {
	s := open(t)
	snap := []ShotOrder{{Target: "zeke", Kind: "snap"}}
	mustDo(t, s, Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker", Shots: snap})
	if g := s.State().Figures["miranda"].Gear[0]; !g.Readied {
		t.Fatalf("after a shot from the holster the Peacemaker is not in hand: %+v", g)
	}
	plan, err := s.State().PlanShoot("miranda", "peacemaker", snap)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Series.AP != 2 {
		t.Errorf("the next snap costs %d AP, want 2 (cock 1 + snap 1)", plan.Series.AP)
	}
}

// TestSkillsArePaidOverTurns: "Generally, something that requires the
// full attention of a character, such as reading a map or picking a lock
// requires 8 AP ... The AP to perform a skill check may be paid over
// multiple turns ... however the attempt is not resolved until the final
// AP is paid" (TWTW Conflict: Skills During Action Time). Cyril puts 5 AP
// toward a lock this round and the last 3 the next, when it is rolled.
func TestSkillsArePaidOverTurns(t *testing.T) {
	s := open(t)
	first := mustDo(t, s, Command{Kind: CommandSkill, Figure: "cyril", Skill: "lockpicking", Focus: true, Pay: 5})
	if a := s.State().Figures["cyril"].Attempt; a == nil || a.Paid != 5 || a.Cost != 8 || !strings.Contains(first.Text, "puts 5 AP toward lockpicking (5 of 8") {
		t.Fatalf("the first AP: %+v: %s", a, first.Text)
	}
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	countDownTo(t, s, "cyril")
	last := mustDo(t, s, Command{Kind: CommandSkill, Figure: "cyril", Skill: "lockpicking", Focus: true})
	if last.AP != 3 || !strings.Contains(last.Text, "completes lockpicking (3 AP, 8 in all") || s.State().Figures["cyril"].Attempt != nil {
		t.Errorf("the last AP: %d: %s", last.AP, last.Text)
	}
}

// TestMedicineRevivesTheKnockedOut: a figure knocked out comes round on a
// Standard (5) Medicine test (TWTW Conflict: Wound Effects: "until
// someone makes a Standard (5) medicine roll to revive"). Jeb, beside a
// knocked-out Zeke, tends him for 4 AP.
func TestMedicineRevivesTheKnockedOut(t *testing.T) {
	s := knockedOutZeke(t)
	pool, _ := s.State().Characters["jeb"].SkillPool("medicine")
	e := mustDo(t, s, Command{Kind: CommandSkill, Figure: "jeb", Skill: "medicine", Target: "zeke", Dice: sure(pool)})
	if z := s.State().Figures["zeke"]; z.Condition != rules.Fine || !strings.Contains(e.Text, "Zeke Perkins comes round") {
		t.Errorf("after Medicine Zeke is %v: %s", z.Condition, e.Text)
	}
}

// knockedOutZeke is the demo fight with Zeke knocked out at H6 and Jeb
// beside him at G6.
func knockedOutZeke(t *testing.T) *Session {
	t.Helper()
	f := demo(t)
	for i, fs := range f.Figures {
		if fs.ID == "zeke" {
			st := FigureStatus{Condition: rules.Unconscious}
			f.Figures[i].Status = &st
			f.Figures[i].At = "H6"
		}
		if fs.ID == "jeb" {
			f.Figures[i].At = "G6"
		}
	}
	s, err := Open(f, filepath.Join(t.TempDir(), "medicine.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestSabotagingASkill: Action Sabotage for a skill: Jeb only pretends to
// tend his brother. With a sure roll and a plain card the Medicine test
// fails, as meant, and Zeke stays out; a Calamity card revives him after
// all.
func TestSabotagingASkill(t *testing.T) {
	var plain, calamity string
	for _, c := range rules.Cards() {
		switch {
		case c.Calamity && calamity == "":
			calamity = c.Name()
		case !c.Calamity && !c.Unintended && plain == "":
			plain = c.Name()
		}
	}
	for _, tc := range []struct {
		name, card, want string
		revived          bool
	}{
		{"a plain card", plain, "fails, as meant (TWTW Conflict: Action Sabotage)", false},
		{"a calamity", calamity, "is a Calamity: it succeeds after all", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := knockedOutZeke(t)
			pool, _ := s.State().Characters["jeb"].SkillPool("medicine")
			e := mustDo(t, s, Command{Kind: CommandSkill, Figure: "jeb", Skill: "medicine", Target: "zeke", Sabotage: true, Dice: sure(pool), Cards: []string{tc.card}})
			if z := s.State().Figures["zeke"]; (z.Condition == rules.Fine) != tc.revived || !strings.Contains(e.Text, tc.want) {
				t.Errorf("Zeke is %v: %s", z.Condition, e.Text)
			}
		})
	}
}

// TestSeveralBlowsFromOnePool: "Characters may make any number of
// attacks ... The AP value for all attacks and actions must be paid before
// any attacks are resolved. A single dice pool is used to determine hits
// ... Attacks in excess of the level of the appropriate skill miss
// automatically" (TWTW Conflict: Determining Results). Cyril (unarmed 2)
// throws three quick punches at Jeb: 6 AP, one roll, a card a blow, and
// the third misses whatever the dice.
func TestSeveralBlowsFromOnePool(t *testing.T) {
	s := takesIt(t)
	quick := BlowOrder{Target: "jeb", Attack: "quick"}
	c := Command{Kind: CommandMelee, Figure: "cyril", Blow: &quick, Blows: []BlowOrder{quick, quick}}
	mp, err := s.State().PlanMelee("cyril", "", &quick)
	if err != nil {
		t.Fatal(err)
	}
	c.Dice, c.Cards = concat(sure(mp.Pool), sure(mp.Pool)), []string{"5S", "6S", "7S"}
	e := mustDo(t, s, c)
	if e.AP != 6 || len(e.Cards) != 3 || !strings.Contains(e.Text, "3 blows from one pool") || !strings.Contains(e.Text, "past Cyril Wellington's unarmed level: misses") {
		t.Errorf("three punches: %d AP, cards %v: %s", e.AP, e.Cards, e.Text)
	}
	if _, err := s.State().PlanMelee("cyril", "", &quick); err == nil {
		t.Error("a second pool in the round after a series")
	}
}

// TestSeveralBlowsAtMoreThanOneFoe: "Whether in ranged or hand to hand
// combat ... only a single attack pool no matter how many attacks are
// made ... Changing targets during a series of attacks is 1 AP per
// switch. ... All attacks and their targets must be declared before
// rolling the dice" (TWTW Conflict: Multiple Attacks). Cyril, between Jeb
// and Zeke, punches each once: 2 + 2 AP and 1 for the change of foe; the
// series waits for Jeb's answer, then Zeke's (each foe answers for the
// blows at him); Zeke dodges, so only his blow takes the dodge's
// downgrades and only he pays for it.
func TestSeveralBlowsAtMoreThanOneFoe(t *testing.T) {
	f := demo(t)
	st := open(t).State()
	c := st.Figures["cyril"].At
	for i, fs := range f.Figures {
		switch fs.ID {
		case "jeb":
			f.Figures[i].At = st.Map.Label(c.Neighbor(0))
		case "zeke":
			f.Figures[i].At = st.Map.Label(c.Neighbor(3))
		}
	}
	s, err := Open(f, filepath.Join(t.TempDir(), "two-foes.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8}})
	countDownTo(t, s, "cyril")
	series := Command{Kind: CommandMelee, Figure: "cyril", Blow: &BlowOrder{Target: "jeb", Attack: "quick"}, Blows: []BlowOrder{{Target: "zeke", Attack: "quick"}}}
	text, err := s.State().Explain(series)
	if err != nil || !strings.Contains(text, "5 AP in all") || !strings.Contains(text, "at Zeke Perkins: 2 AP") || !strings.Contains(text, "1 AP to change foe") {
		t.Fatalf("the preview: %v: %s", err, text)
	}
	if d := mustDo(t, s, series); d.Kind != EventBlowDeclared || s.State().Pending.Target() != "jeb" {
		t.Fatalf("the series does not wait for Jeb: %s", d.Text)
	}
	if d := mustDo(t, s, Command{Kind: CommandDefend, Figure: "jeb", Defense: DefenseNone}); d.Kind != EventBlowDeclared || s.State().Pending.Target() != "zeke" {
		t.Fatalf("after Jeb's answer the series does not wait for Zeke: %s", d.Text)
	}
	before := s.State().Figures
	jebAP, zekeAP := before["jeb"].AP, before["zeke"].AP
	pending := s.State().Pending.Command
	plans, err := s.State().planBlows(before["cyril"], withDefense(pending, "zeke", DefenseDodge))
	if err != nil {
		t.Fatal(err)
	}
	if plans[0].Dodged || !plans[1].Dodged {
		t.Errorf("the dodge's downgrades: at Jeb %v, at Zeke %v", plans[0].Dodged, plans[1].Dodged)
	}
	e := mustDo(t, s, Command{Kind: CommandDefend, Figure: "zeke", Defense: DefenseDodge, Dice: sure(plans[0].Pool), Cards: []string{"5S", "6S"}})
	after := s.State().Figures
	switch {
	case e.AP != 5 || after["cyril"].AP != before["cyril"].AP-5:
		t.Errorf("the series cost %d AP: %s", e.AP, e.Text)
	case !slices.Equal(e.Targets, []string{"jeb", "zeke"}) || len(e.Cards) != 2:
		t.Errorf("targets %v, cards %v", e.Targets, e.Cards)
	case after["jeb"].AP != jebAP || after["zeke"].AP != zekeAP-rules.HandToHand.DodgeAP:
		t.Errorf("Jeb's AP %d→%d, Zeke's %d→%d", jebAP, after["jeb"].AP, zekeAP, after["zeke"].AP)
	case !strings.Contains(e.Text, "Blow 2, at Zeke Perkins") || !strings.Contains(e.Text, "1 AP for 1 change(s) of foe") || !strings.Contains(e.Text, "Zeke Perkins dodges"):
		t.Errorf("the log: %s", e.Text)
	}
	if _, err := s.State().planBlows(after["miranda"], Command{Blow: &BlowOrder{Target: "jeb", Attack: "grapple", Dominance: ForDominance}, Blows: []BlowOrder{{Target: "zeke", Attack: "quick"}}}); err == nil || !strings.Contains(err.Error(), "one foe") {
		t.Errorf("dominance over two foes in one series: %v", err)
	}
}

// TestTacticalAimingUnderFire: "If the character was the target of a
// ranged attack, pay the AP for the shot and then perform a Standard (5)
// Bravery check ... If the check fails, the AP are spent, but all previous
// aim is lost and any shot is a snap shot. Aiming may not be attempted
// again this round" (TWTW Conflict: Tactical Aiming). Zeke fires at
// Miranda; her normal shot back needs her nerve, and she loses it.
func TestTacticalAimingUnderFire(t *testing.T) {
	s := open(t)
	// Zeke's snap misses (every die a 1): Miranda stands, under fire.
	snap := []ShotOrder{{Target: "miranda", Kind: "snap"}}
	zekes, err := s.State().PlanShoot("zeke", "shotgun", snap)
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, s, Command{Kind: CommandShoot, Figure: "zeke", Weapon: "shotgun", Shots: snap, Dice: ones(zekes.Series.Pool.Count), Cards: []string{"5S"}})
	if u := s.State().Figures["miranda"].UnderFire; u == nil || u.ShotsAt != 1 {
		t.Fatalf("Miranda under fire: %+v", u)
	}
	orders := []ShotOrder{{Target: "zeke", Kind: "normal"}}
	plan, err := s.State().PlanShoot("miranda", "peacemaker", orders)
	if err != nil {
		t.Fatal(err)
	}
	bravery := s.State().Characters["miranda"].TraitPool("bravery", true)
	dice := concat(ones(bravery.Count), ones(plan.Series.Pool.Count))
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker", Shots: orders, Dice: dice, Cards: []string{"5S"}})
	if e.AP != plan.Series.AP || !strings.Contains(e.Text, "Under fire, Miranda Valentine loses aim") || !strings.Contains(e.Text, "snap shot") {
		t.Errorf("the shot under fire: %d AP (planned %d): %s", e.AP, plan.Series.AP, e.Text)
	}
	if !s.State().Figures["miranda"].AimLost {
		t.Error("Miranda may aim again this round")
	}
}

func ones(n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = 1
	}
	return d
}

// TestAimAndCover: "Whenever a character resolves a Bravery check due to
// tactical aiming add the armor value of the cover to the result. The
// character must have been behind cover for their entire turn" (TWTW
// Conflict: Aim and Cover). Miranda, under fire beside a barrel (AV 3)
// she has not left, keeps her nerve with a Bravery roll that would fail in
// the open.
func TestAimAndCover(t *testing.T) {
	s := open(t)
	c10 := s.State().Map.CellAt(hexAt(t, s, "C10"))
	c10.Edges[0] = &hexmap.FileFeature{Kind: "fence"} // AV 2
	mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{c10}})
	// Zeke's snap shot misses (every die a 1): Miranda is under fire.
	snap := []ShotOrder{{Target: "miranda", Kind: "snap"}}
	zekes, err := s.State().PlanShoot("zeke", "shotgun", snap)
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, s, Command{Kind: CommandShoot, Figure: "zeke", Weapon: "shotgun", Shots: snap, Dice: ones(zekes.Series.Pool.Count), Cards: []string{"5S"}})
	orders := []ShotOrder{{Target: "zeke", Kind: "normal"}}
	plan, err := s.State().PlanShoot("miranda", "peacemaker", orders)
	if err != nil {
		t.Fatal(err)
	}
	// Bravery at TN 5: every die a 3, 2 short; the fence's AV 2 makes 5.
	bravery := s.State().Characters["miranda"].TraitPool("bravery", true)
	var dice []int
	for range bravery.Count {
		dice = append(dice, 3-bravery.Bonus)
	}
	dice = append(dice, ones(plan.Series.Pool.Count)...)
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker", Shots: orders, Dice: dice, Cards: []string{"5S"}})
	if !strings.Contains(e.Text, "keeps aim") || !strings.Contains(e.Text, "cover +2") {
		t.Errorf("behind the fence: %s", e.Text)
	}
}

// TestWeaponLength: "The longer weapon has the advantage at the beginning
// of any combat ... This advantage changes if the combatant with the
// shorter weapon is able to successfully attack the torso or head of the
// wielder of the longer weapon" (TWTW Conflict: Optional Rule: Weapon
// Length). With the rule on, Jeb's bare fists are one down against
// Miranda's Bowie knife, until his punch lands on her chest.
func TestWeaponLength(t *testing.T) {
	s := mirandaBesideJeb(t, true)
	punch := &BlowOrder{Target: "miranda", Attack: "quick", Defense: DefenseNone}
	off, err := s.State().PlanMelee("jeb", "", punch)
	if err != nil {
		t.Fatal(err)
	}
	opts := s.State().Options
	opts = opts.withTWTW(func(w *TWTWOptions) { w.WeaponLength = true })
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	on, err := s.State().PlanMelee("jeb", "", punch)
	if err != nil {
		t.Fatal(err)
	}
	if on.Advantage != off.Advantage-1 || !strings.Contains(on.AdvantageWhy, "Miranda Valentine the longer weapon") {
		t.Fatalf("the rule on: advantage %+d (%s), off %+d", on.Advantage, on.AdvantageWhy, off.Advantage)
	}
	chest := ""
	for _, c := range rules.Cards() {
		if c.Location == rules.Chest && !c.Calamity {
			chest = c.Name()
			break
		}
	}
	e := mustDo(t, s, Command{Kind: CommandMelee, Figure: "jeb", Blow: punch, Dice: sure(on.Pool), Cards: []string{chest}})
	if !strings.Contains(e.Text, "Jeb Perkins closes with Miranda Valentine's longer weapon") {
		t.Fatalf("the punch to the chest: %s", e.Text)
	}
	if after := s.State().lengthAdvantage(s.State().Figures["jeb"], s.State().Figures["miranda"]); after != 0 {
		t.Errorf("after closing, the weapon-length advantage is %+d", after)
	}
}

// TestADominatedFightersBlowsAreWeaker: "A combatant in this situation has
// their defense reduced by 2. Additionally, their attacks have one
// downgrade for damage" (TWTW Conflict: Position in Hand-to-Hand
// Engagements). Held by Cyril, Jeb's punch deals less.
func TestADominatedFightersBlowsAreWeaker(t *testing.T) {
	s := takesIt(t)
	back := &BlowOrder{Target: "cyril", Attack: "quick"}
	free, err := s.State().PlanMelee("jeb", "", back)
	if err != nil {
		t.Fatal(err)
	}
	grapple := &BlowOrder{Target: "jeb", Attack: "grapple", Dominance: ForDominance}
	mp, err := s.State().PlanMelee("cyril", "", grapple)
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, s, Command{Kind: CommandMelee, Figure: "cyril", Blow: grapple, Dice: sure(mp.Pool), Cards: []string{"5S"}})
	if level, _ := s.State().holdOver("jeb"); level < rules.Dominance {
		t.Fatalf("Jeb is held only in %v", level)
	}
	held, err := s.State().PlanMelee("jeb", "", back)
	if err != nil {
		t.Fatal(err)
	}
	if held.Plan.Damage >= free.Plan.Damage {
		t.Errorf("held, Jeb's punch deals %d; free, %d", held.Plan.Damage, free.Plan.Damage)
	}
}

// TestManeuveringInEngagement: "Maneuvering while remaining adjacent to
// their opponent does not break engagement ... No more than one hex (or
// pace) may be moved in this manner without breaking engagement" (TWTW
// Conflict: Maneuvering During Engagement). Cyril steps one hex round Jeb
// and stays engaged; two hexes round him break away.
func TestManeuveringInEngagement(t *testing.T) {
	s := takesIt(t)
	c, j := s.State().Figures["cyril"], s.State().Figures["jeb"]
	var one, two hexmap.Hex
	found := false
	for _, h := range j.At.Ring(1) {
		if h == c.At || c.At.DistanceTo(h) != 1 {
			continue
		}
		if _, taken := s.State().FigureAt(h); taken || s.State().Map.CanStand(h) != nil {
			continue
		}
		if p, err := s.State().PlanMove("cyril", h, false); err != nil || p.Route.Steps() != 1 {
			continue // a wall between: the way round is longer
		}
		one, found = h, true
		break
	}
	if !found {
		t.Fatal("no hex beside both")
	}
	e := mustDo(t, s, Command{Kind: CommandMove, Figure: "cyril", To: &one})
	if e.Opening != nil || strings.Contains(e.Text, "Breaking away") {
		t.Errorf("one hex round Jeb broke the engagement: %s", e.Text)
	}
	countDownTo(t, s, "cyril")
	c = s.State().Figures["cyril"]
	for _, h := range j.At.Ring(1) {
		if c.At.DistanceTo(h) == 2 {
			if _, taken := s.State().FigureAt(h); !taken && s.State().Map.CanStand(h) == nil {
				if p, err := s.State().PlanMove("cyril", h, false); err == nil && p.Route.Steps() == 2 {
					two = h
					break
				}
			}
		}
	}
	e = mustDo(t, s, Command{Kind: CommandMove, Figure: "cyril", To: &two})
	if e.Opening == nil {
		t.Errorf("two hexes round Jeb kept the engagement: %s", e.Text)
	}
}

// TestAimingTwoGunsTogether: "Aiming two weapons is only possible if they
// are pointed together ... at a single target. This kind of aim takes
// concentration, so increase the AP cost of any aim action by 2. It is
// never possible to aim at two different targets" (TWTW Conflict: Two
// Weapons). With a gun in each hand, Miranda's aim costs 2 AP more, and
// once she has aimed at Zeke she may not aim at Jeb.
func TestAimingTwoGunsTogether(t *testing.T) {
	s := open(t)
	aimed := []ShotOrder{{Target: "zeke", Kind: "aimed", Aims: 1}}
	mustDo(t, s, Command{Kind: CommandReady, Figure: "miranda", Weapon: "peacemaker"})
	one, err := s.State().PlanShoot("miranda", "peacemaker", aimed)
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, s, Command{Kind: CommandReady, Figure: "miranda", Weapon: "derringer"})
	two, err := s.State().PlanShoot("miranda", "peacemaker", aimed)
	if err != nil {
		t.Fatal(err)
	}
	if two.Series.AP != one.Series.AP+2 {
		t.Errorf("an aim with a gun in each hand: %d AP, one gun %d", two.Series.AP, one.Series.AP)
	}
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	countDownTo(t, s, "miranda")
	mustDo(t, s, Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker", Shots: aimed})
	if _, err := s.State().PlanShoot("miranda", "derringer", []ShotOrder{{Target: "jeb", Kind: "aimed", Aims: 1}}); err == nil || !strings.Contains(err.Error(), "never possible to aim at two different targets") {
		t.Errorf("an aim at a second target: %v", err)
	}
}

// TestAFullyLoadedGunGoesOff: "If a character chooses to carry a fully
// loaded firearm ... A Calamity result on an action involving any kind of
// movement leads to discharge of a round ... A YES value means the shot
// misses the character, a NO means it did not. Apply a hit to the closest
// body part" (TWTW Conflict: Carrying Loaded Weapons). Cyril carries his
// Schofield with all six chambers loaded and fumbles a punch at Jeb.
func TestAFullyLoadedGunGoesOff(t *testing.T) {
	s := takesIt(t)
	ch := s.State().Characters["cyril"].Clone()
	ch.Gear[0].Loaded = 6
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
	at := s.State().Figures["cyril"].At
	mustDo(t, s, Command{Kind: CommandRemoveFigure, Figure: "cyril"})
	mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "cyril", Character: "cyril", Side: "posse", At: s.State().Map.Label(at), Facing: "NW"}}})
	countDownTo(t, s, "cyril")
	calamity := ""
	for _, c := range rules.Cards() {
		if c.Calamity && !c.Yes {
			calamity = c.Name()
			break
		}
	}
	if calamity == "" {
		t.Fatal("no calamity card with a NO")
	}
	punch := &BlowOrder{Target: "jeb", Attack: "quick"}
	mp, err := s.State().PlanMelee("cyril", "", punch)
	if err != nil {
		t.Fatal(err)
	}
	e := mustDo(t, s, Command{Kind: CommandMelee, Figure: "cyril", Blow: punch, Dice: concat(ones(mp.Pool.Count), ones(8)), Cards: []string{calamity}})
	if !strings.Contains(e.Text, "fully loaded S&W Schofield goes off in its holster (NO)") || s.State().Figures["cyril"].Gear[0].Loaded != 5 {
		t.Errorf("the fumble: %s", e.Text)
	}
}

// TestActionSabotage: "when trying to fail intentionally, the attempt
// fails unless one of two things occurs: a calamity is generated, or the
// unintended targets icon shows a possible target that exists" (TWTW
// Conflict: Action Sabotage). Cyril fires to miss Zeke: whatever the dice,
// a plain card misses; a Calamity card hits him after all.
func TestActionSabotage(t *testing.T) {
	var plain, calamity string
	for _, c := range rules.Cards() {
		switch {
		case c.Calamity && calamity == "":
			calamity = c.Name()
		case !c.Calamity && !c.Unintended && plain == "":
			plain = c.Name()
		}
	}
	orders := []ShotOrder{{Target: "zeke", Kind: "normal", Sabotage: true}}
	for _, tc := range []struct {
		card, want string
	}{
		{plain, "Cyril Wellington misses Zeke Perkins, as meant"},
		{calamity, "the shot hits Zeke Perkins after all"},
	} {
		s := open(t)
		plan, err := s.State().PlanShoot("cyril", "schofield", orders)
		if err != nil {
			t.Fatal(err)
		}
		e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: orders, Dice: sure(plan.Series.Pool), Cards: []string{tc.card}})
		if !strings.Contains(e.Text, tc.want) {
			t.Errorf("card %s: %s", tc.card, e.Text)
		}
	}
}

// TestSabotagingABlow: the same for a blow, "when trying to fail
// intentionally, the attempt fails unless ... a calamity is generated, or
// the unintended targets icon shows a possible target that exists" (TWTW
// Conflict: Action Sabotage). Cyril pulls his punch at Jeb: a sure roll
// and a plain card miss; a Calamity card lands it after all; the preview
// says the chance is the deck's Calamity cards.
func TestSabotagingABlow(t *testing.T) {
	var plain, calamity, unintended string
	for _, c := range rules.Cards() {
		switch {
		case c.Calamity && calamity == "":
			calamity = c.Name()
		case !c.Calamity && c.Unintended && unintended == "":
			unintended = c.Name()
		case !c.Calamity && !c.Unintended && plain == "":
			plain = c.Name()
		}
	}
	blow := &BlowOrder{Target: "jeb", Attack: "quick", Sabotage: true}
	for _, tc := range []struct {
		name, card, want string
		hit              bool
	}{
		{"a plain card", plain, "Cyril Wellington misses Jeb Perkins, as meant (TWTW Conflict: Action Sabotage)", false},
		{"the unintended-target icon", unintended, "the card's unintended-target icon shows", false},
		{"a calamity", calamity, "the blow lands on Jeb Perkins after all", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := takesIt(t)
			mp, err := s.State().PlanMelee("cyril", "", blow)
			if err != nil {
				t.Fatal(err)
			}
			if want := sabotageChance(); mp.Chance != want || want <= 0 || want >= 0.5 {
				t.Errorf("the preview's chance %.3f, the deck's calamities %.3f", mp.Chance, want)
			}
			e := mustDo(t, s, Command{Kind: CommandMelee, Figure: "cyril", Blow: blow, Dice: sure(mp.Pool), Cards: []string{tc.card}})
			if !strings.Contains(e.Text, tc.want) || (e.Hits["jeb"] > 0) != tc.hit {
				t.Errorf("card %s: hits %v: %s", tc.card, e.Hits, e.Text)
			}
		})
	}
}

// setOption plays the demo with option o set by the Judge.
func setOption(t *testing.T, s *Session, set func(*FightOptions)) {
	t.Helper()
	opts := s.State().Options
	set(&opts)
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
}

// TestAnAimedShotMayDrawOnAcuity: "Optional rule: When making an aimed
// shot, the character may choose to use either their Coordination or
// Acuity trait" (TWTW Conflict: Aim and Snap Shots). Off, the session
// refuses it; on, Cyril's aimed shot rolls his firearms pool on Acuity,
// and a snap shot may not.
func TestAnAimedShotMayDrawOnAcuity(t *testing.T) {
	s := open(t)
	aimed := []ShotOrder{{Target: "zeke", Kind: "aimed", Aims: 1, Acuity: true}}
	if _, err := s.State().PlanShoot("cyril", "schofield", aimed); err == nil || !strings.Contains(err.Error(), "Acuity rule is off") {
		t.Fatalf("Acuity with the option off: %v", err)
	}
	setOption(t, s, func(o *FightOptions) { *o = o.withTWTW(func(w *TWTWOptions) { w.Acuity = true }) })
	plan, err := s.State().PlanShoot("cyril", "schofield", aimed)
	if err != nil {
		t.Fatal(err)
	}
	ch := s.State().Characters["cyril"]
	skill := ruleTables.weapons["schofield"].Skill
	want, why := ch.SkillPoolOn(skill, "acuity")
	if coord, _ := ch.SkillPool(skill); coord == want {
		t.Fatalf("Cyril's pool is %s on Coordination and on Acuity: the test cannot tell them apart", want)
	}
	if p := plan.Series.Plans[0]; p.BasePool != want || p.PoolWhy != why {
		t.Errorf("the aimed shot's pool %s (%s), want %s (%s)", p.BasePool, p.PoolWhy, want, why)
	}
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: aimed, Dice: sure(plan.Series.Pool), Cards: []string{"5S"}})
	if !strings.Contains(e.Text, why) {
		t.Errorf("the log does not say the pool drew on Acuity: %s", e.Text)
	}
	if _, err := open(t).State().PlanShoot("cyril", "schofield", []ShotOrder{{Target: "zeke", Kind: "snap", Acuity: true}}); err == nil {
		t.Error("a snap shot on Acuity")
	}
}

// TestTargetingOutsideTheFieldOfFire: "If the optional fields of fire
// rules are being used ..., targeting outside of the field of fire is an
// additional +1 AP" (TWTW Conflict: Multiple Attacks). Cyril's field of
// fire is his front arc: Zeke ahead costs nothing more; with Cyril turned
// his back on him, the shot costs 1 AP more, and only with the option on.
func TestTargetingOutsideTheFieldOfFire(t *testing.T) {
	s := open(t)
	st := s.State()
	cy, zeke := st.Figures["cyril"], st.Figures["zeke"]
	toward, _ := cy.At.DirectionTo(zeke.At)
	turn := int(toward) - int(cy.Facing)
	if turn != 0 {
		mustDo(t, s, Command{Kind: CommandTurn, Figure: "cyril", Turn: turn})
	}
	shot := []ShotOrder{{Target: "zeke", Kind: "snap"}}
	price := func() (int, string) {
		t.Helper()
		p, err := s.State().PlanShoot("cyril", "schofield", shot)
		if err != nil {
			t.Fatal(err)
		}
		return p.Series.AP, p.Series.Plans[0].Explain()
	}
	facing, _ := price()
	setOption(t, s, func(o *FightOptions) { *o = o.withTWTW(func(w *TWTWOptions) { w.FieldsOfFire = true }) })
	if ap, why := price(); ap != facing {
		t.Errorf("Zeke ahead: %d AP, want %d (%s)", ap, facing, why)
	}
	mustDo(t, s, Command{Kind: CommandTurn, Figure: "cyril", Turn: 3})
	ap, why := price()
	if ap != facing+1 || !strings.Contains(why, "outside the field of fire 1") {
		t.Errorf("Zeke behind: %d AP, want %d (%s)", ap, facing+1, why)
	}
	setOption(t, s, func(o *FightOptions) { *o = o.withTWTW(func(w *TWTWOptions) { w.FieldsOfFire = false }) })
	if ap, _ := price(); ap != facing {
		t.Errorf("Zeke behind, the option off: %d AP, want %d", ap, facing)
	}
}

// TestAWoundedFirer: "Firer is wounded: Varies (See Stun section, below)"
// (TWTW Conflict: Modifiers). The Stun section is the wound table: a
// wound costs AP at initiative (TestWoundEffectsCostAP) and calls for a
// stun check, and "stunned characters use their action (Recover, all
// APs)". Zeke with a wounded arm, stunned, may not shoot; recovered, his
// shot carries no other downgrade for the wound.
func TestAWoundedFirer(t *testing.T) {
	f := demo(t)
	for i, fs := range f.Figures {
		if fs.ID == "zeke" {
			st := FigureStatus{Condition: rules.Stunned, Wounds: map[rules.HitLocation]int{rules.RightArm: 1},
				Gear: open(t).State().Figures["zeke"].Gear}
			f.Figures[i].Status = &st
		}
	}
	s, err := Open(f, filepath.Join(t.TempDir(), "wounded.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	shot := Command{Kind: CommandShoot, Figure: "zeke", Weapon: "shotgun", Shots: []ShotOrder{{Target: "cyril", Kind: "snap"}}}
	if _, err := s.Do(shot); err == nil || !strings.Contains(err.Error(), "stunned and must spend the round recovering") {
		t.Fatalf("a stunned Zeke shoots: %v", err)
	}
	ch := s.State().Characters["zeke"]
	pool := ch.TraitPool("fortitude", true)
	rec := mustDo(t, s, Command{Kind: CommandRecover, Figure: "zeke", Dice: sure(pool), Cards: []string{"5S"}})
	if s.State().Figures["zeke"].Condition == rules.Stunned {
		t.Fatalf("Zeke did not recover: %s", rec.Text)
	}
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	countDownTo(t, s, "zeke")
	plan, err := s.State().PlanShoot("zeke", "shotgun", shot.Shots)
	if err != nil {
		t.Fatal(err)
	}
	if why := plan.Series.Plans[0].Explain(); strings.Contains(why, "wound") {
		t.Errorf("a downgrade for the wound on top of its AP: %s", why)
	}
}

// just is dice for pool that make exactly tn: a success with no bumps
// (then ones for any check after).
func just(t *testing.T, pool rules.Pool, tn int) []int {
	t.Helper()
	face := tn - pool.Bonus
	if face < 1 || face >= pool.Sides {
		t.Fatalf("%s cannot make exactly %d without rolling again", pool, tn)
	}
	dice := slices.Repeat([]int{face}, pool.Count)
	return append(dice, 1, 1, 1, 1, 1, 1, 1, 1)
}

// straightShove is a path of n hexes Jeb could be driven along, straight
// away from Cyril or in another direction, or fails.
func straightShove(t *testing.T, st *State, n int) []hexmap.Hex {
	t.Helper()
	jeb := st.Figures["jeb"]
	away, _ := st.Figures["cyril"].At.DirectionTo(jeb.At)
	for k := range 6 {
		d := away.Turn(k)
		var path []hexmap.Hex
		for h := jeb.At; len(path) < n; {
			h = h.Neighbor(d)
			path = append(path, h)
		}
		if st.checkShove(jeb, path, "posse") == nil {
			return path
		}
	}
	t.Fatalf("no straight path of %d hexes from Jeb at %s", n, st.Map.Label(jeb.At))
	return nil
}

// TestDominanceBumpsMoveTheFight: "Each bump spent to increase dominance
// may include up to 2 hexes (or paces) of movement in the direction of the
// winning combatants choice" (TWTW Conflict: Asserting Dominance), and "If
// successful, the combatant is placed in any adjacent, empty hex"
// (Breaking Engagements When Dominated). Cyril's quick attack for
// position lands with no bumps to spare: one bump (a grapple would add
// its own), so of the 3 hexes he would drive
// Jeb only 2 are paid; Jeb goes, Cyril follows and they stay engaged. A
// shove without dominance, or through a wall or a figure, is refused.
func TestDominanceBumpsMoveTheFight(t *testing.T) {
	s := takesIt(t)
	st := s.State()
	path := straightShove(t, st, 3)
	if _, err := st.PlanMelee("cyril", "", &BlowOrder{Target: "jeb", Attack: "quick", Shove: path}); err == nil || !strings.Contains(err.Error(), "only with bumps spent on dominance") {
		t.Errorf("a shove by a plain blow: %v", err)
	}
	through := []hexmap.Hex{st.Figures["cyril"].At}
	if _, err := st.PlanMelee("cyril", "", &BlowOrder{Target: "jeb", Attack: "grapple", Dominance: ForDominance, Shove: through}); err == nil || !strings.Contains(err.Error(), "Cyril Wellington stands at") {
		t.Errorf("a shove through Cyril himself: %v", err)
	}
	blow := &BlowOrder{Target: "jeb", Attack: "quick", Dominance: ForDominance, Shove: path}
	mp, err := st.PlanMelee("cyril", "", blow)
	if err != nil {
		t.Fatal(err)
	}
	e := mustDo(t, s, Command{Kind: CommandMelee, Figure: "cyril", Blow: blow, Dice: just(t, mp.Pool, mp.TN), Cards: []string{"5S"}})
	after := s.State().Figures
	switch {
	case after["jeb"].At != path[1] || after["cyril"].At != path[0]:
		t.Errorf("Jeb at %s, Cyril at %s; want %s and %s: %s", st.Map.Label(after["jeb"].At), st.Map.Label(after["cyril"].At), st.Map.Label(path[1]), st.Map.Label(path[0]), e.Text)
	case !strings.Contains(e.Text, "drives Jeb Perkins 2 hex(es) to") || !strings.Contains(e.Text, "the bumps pay for 2 of the 3 asked"):
		t.Errorf("the log: %s", e.Text)
	case !rules.Engaged(after["cyril"].At, after["jeb"].At, st.Map.Scale):
		t.Error("Cyril did not follow Jeb")
	}
}

// TestAnEscapePlacesTheFighterBeside: out of dominance, "If successful, the
// combatant is placed in any adjacent, empty hex" (TWTW Conflict: Breaking
// Engagements When Dominated). Cyril holds Jeb in dominance; Jeb escapes
// to the hex he names. Breaking a partial hold places no one.
func TestAnEscapePlacesTheFighterBeside(t *testing.T) {
	s := takesIt(t)
	blow := &BlowOrder{Target: "jeb", Attack: "grapple", Dominance: ForDominance}
	mp, err := s.State().PlanMelee("cyril", "", blow)
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, s, Command{Kind: CommandMelee, Figure: "cyril", Blow: blow, Dice: sure(mp.Pool), Cards: []string{"5S"}})
	st := s.State()
	if level, _ := st.holdOver("jeb"); level < rules.Dominance {
		t.Fatalf("Jeb is held only in %v", level)
	}
	to := straightShove(t, st, 1)[0]
	countDownTo(t, s, "jeb")
	pool, _ := st.Characters["jeb"].SkillPool("unarmed")
	esc := mustDo(t, s, Command{Kind: CommandEscape, Figure: "jeb", To: &to, Dice: sure(pool)})
	if got := s.State().Figures["jeb"].At; got != to || !strings.Contains(esc.Text, "escapes to "+st.Map.Label(to)) {
		t.Errorf("Jeb at %s, want %s: %s", st.Map.Label(got), st.Map.Label(to), esc.Text)
	}
	// A partial hold (a quick attack for position, one bump): the
	// break-away places no one.
	p := takesIt(t)
	light := &BlowOrder{Target: "jeb", Attack: "quick", Dominance: ForDominance}
	mp, _ = p.State().PlanMelee("cyril", "", light)
	mustDo(t, p, Command{Kind: CommandMelee, Figure: "cyril", Blow: light, Dice: just(t, mp.Pool, mp.TN), Cards: []string{"5S"}})
	if level, _ := p.State().holdOver("jeb"); level != rules.PartialDominance {
		t.Fatalf("one bump: %v", level)
	}
	countDownTo(t, p, "jeb")
	if _, err := p.Do(Command{Kind: CommandEscape, Figure: "jeb", To: &to, Dice: sure(pool)}); err == nil || !strings.Contains(err.Error(), "places Jeb Perkins nowhere") {
		t.Errorf("a partial hold's break-away placing Jeb: %v", err)
	}
}

// highLow is dice for pool whose highest result is its top face (rolled
// again as a 1) and every other a 1.
func highLow(pool rules.Pool) []int {
	dice := []int{pool.Sides}
	for range pool.Count - 1 {
		dice = append(dice, 1)
	}
	return append(dice, 1)
}

// TestCombiningASkillAndAnAttack: "It is possible to do both combat and
// non-combat actions during the same action ... The player ranks the two
// actions as primary and secondary ... The primary action uses the highest
// result in the appropriate action pool. The secondary action uses the
// second highest result" (TWTW Conflict: Combining Combat and Non-Combat
// Actions). Cyril sneaks and punches Jeb for 2 + 4 AP, each pool rolled
// high-then-ones: ranked first, the sneak takes its highest and succeeds
// while the punch reads a 1 and misses; ranked second, the punch lands and
// the sneak reads its second die and fails.
func TestCombiningASkillAndAnAttack(t *testing.T) {
	for _, tc := range []struct {
		name         string
		primary      bool
		sneak, punch string
	}{
		{"the sneak first", true, "succeeds", "a miss"},
		{"the punch first", false, "fails", "a hit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := takesIt(t)
			st := s.State()
			blow := &BlowOrder{Target: "jeb", Attack: "quick"}
			c := Command{Kind: CommandMelee, Figure: "cyril", Blow: blow, With: &SkillOrder{Skill: "sneak", Primary: tc.primary}}
			preview, err := st.Explain(c)
			if err != nil || !strings.Contains(preview, "With it, sneak: 4 AP") {
				t.Fatalf("the preview: %v: %s", err, preview)
			}
			mp, err := st.PlanMelee("cyril", "", blow)
			if err != nil {
				t.Fatal(err)
			}
			sneak, _ := st.Characters["cyril"].SkillPool("sneak")
			if sneak.Count < 2 || mp.Pool.Count < 2 {
				t.Fatalf("pools %s and %s: the test needs two dice in each", mp.Pool, sneak)
			}
			c.Dice, c.Cards = concat(highLow(mp.Pool), highLow(sneak), []int{1, 1, 1, 1, 1, 1}), []string{"5S"}
			ap := st.Figures["cyril"].AP
			e := mustDo(t, s, c)
			if e.AP != mp.Plan.AP+rules.SkillAP || s.State().Figures["cyril"].AP != ap-e.AP {
				t.Errorf("%d AP for a %d AP blow and a 4 AP sneak", e.AP, mp.Plan.AP)
			}
			if !strings.Contains(e.Text, "sneak") || !strings.Contains(e.Text, tc.sneak+" (TWTW Conflict: Combining Combat and Non-Combat Actions)") && !strings.Contains(e.Text, ", "+tc.sneak) {
				t.Errorf("the sneak should have %s: %s", tc.sneak, e.Text)
			}
			if !strings.Contains(e.Text, tc.punch+" (5♠)") {
				t.Errorf("the punch should be %s: %s", tc.punch, e.Text)
			}
		})
	}
}

// TestSimultaneousActionsLandTogether: "figures acting in the same
// segment act in Quickness order, their effects land together"
// (DESIGN.md segments; the chapter's Simultaneous Actions section is a
// heading). Cyril and Zeke both act at the segment; Cyril's shot fells
// Zeke, who still fires back in that segment, once; felled at a segment
// his number had not reached, or once the count moves on, he may not.
func TestSimultaneousActionsLandTogether(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: slices.Repeat([]int{8}, 16)})
	countDownTo(t, s, "cyril")
	st := s.State()
	if st.Figures["zeke"].AP < st.Segment {
		t.Fatalf("Zeke's number %d is not up at segment %d", st.Figures["zeke"].AP, st.Segment)
	}
	order := st.ActingNow()
	if len(order) < 2 {
		t.Fatalf("acting now: %v", order)
	}
	for i := 1; i < len(order); i++ {
		if a, b := st.Characters[st.Figures[order[i-1]].Character].Traits.Quickness, st.Characters[st.Figures[order[i]].Character].Traits.Quickness; a < b {
			t.Errorf("acting now %v: Quickness %d before %d", order, a, b)
		}
	}
	orders := []ShotOrder{{Target: "zeke", Kind: "snap"}}
	plan, err := st.PlanShoot("cyril", "schofield", orders)
	if err != nil {
		t.Fatal(err)
	}
	// A sure hit; the stun check's ones fail it.
	mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: orders, Dice: sure(plan.Series.Pool), Cards: []string{"3H"}})
	if z := s.State().Figures["zeke"]; z.Condition < rules.Stunned || !s.State().FelledNow("zeke") {
		t.Fatalf("Zeke is %v, felled now %v", z.Condition, s.State().FelledNow("zeke"))
	}
	back := Command{Kind: CommandShoot, Figure: "zeke", Weapon: "shotgun", Shots: []ShotOrder{{Target: "cyril", Kind: "snap"}}}
	if _, err := s.Do(Command{Kind: CommandReady, Figure: "zeke", Weapon: "shotgun"}); err == nil || !strings.Contains(err.Error(), "only the attack of this segment") {
		t.Errorf("a felled Zeke does something else than attack: %v", err)
	}
	e := mustDo(t, s, back)
	if !strings.Contains(e.Text, "felled in this segment, still acts: its effect lands with the one that felled it") {
		t.Errorf("Zeke's shot back: %s", e.Text)
	}
	if _, err := s.Do(back); err == nil {
		t.Error("a felled Zeke fires twice")
	}
	// Felled again the next segment: no last shot.
	mustDo(t, s, Command{Kind: CommandSegment})
	if s.State().FelledNow("zeke") {
		t.Error("still felled at the next segment")
	}
}

// TestAFigureHitIsStillUnderFire: "A character may lose aim if they are
// targeted since their aim began, or since their last action" (TWTW
// Conflict: Tactical Aiming): a target hit keeps the record of the shot
// and the hit, which its change must not wipe; and the shooter's own
// action clears its record.
func TestAFigureHitIsStillUnderFire(t *testing.T) {
	s := open(t)
	// Miranda shoots at Zeke and misses: he is under fire, not yet hit.
	miss := []ShotOrder{{Target: "zeke", Kind: "normal"}}
	plan, err := s.State().PlanShoot("miranda", "peacemaker", miss)
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, s, Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker", Shots: miss, Dice: ones(plan.Series.Pool.Count), Cards: []string{"5S"}})
	// Zeke's snap at Miranda hits (every die its top face, the 3♥), and
	// she shrugs off the stun.
	snap := []ShotOrder{{Target: "miranda", Kind: "snap"}}
	zekes, err := s.State().PlanShoot("zeke", "shotgun", snap)
	if err != nil {
		t.Fatal(err)
	}
	var dice []int
	for range zekes.Series.Pool.Count + 1 {
		dice = append(dice, zekes.Series.Pool.Sides)
	}
	fort := s.State().Characters["miranda"].TraitPool("fortitude", true)
	for range fort.Count + 1 {
		dice = append(dice, fort.Sides)
	}
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "zeke", Weapon: "shotgun", Shots: snap, Dice: dice, Cards: []string{"3H"}})
	if e.Hits["miranda"] != 1 {
		t.Fatalf("Zeke's snap did not hit: %s", e.Text)
	}
	st := s.State()
	if u := st.Figures["miranda"].UnderFire; u == nil || u.ShotsAt != 1 || u.HitsTaken != 1 {
		t.Errorf("Miranda, hit: under fire %+v, want 1 shot and 1 hit", u)
	}
	if u := st.Figures["zeke"].UnderFire; u != nil {
		t.Errorf("Zeke, who has acted since he was shot at: under fire %+v", u)
	}
}
