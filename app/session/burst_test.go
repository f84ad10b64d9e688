package session

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"hexslinger/rules"
)

// Malfunctions and a discharge on a malfunction in play: each test drives
// its rule through session commands with the table's dice and cards typed
// in, and checks the event and its log sentence (TWTW Conflict: Carrying
// Loaded Weapons; Pushing the Limit; the defaults in docs/defaults.md).

// withGear gives character id the gear and puts its figure back where it
// stood, facing as it faced: a figure's gear comes from its sheet.
func withGear(t *testing.T, s *Session, id string, gear ...rules.Carried) {
	t.Helper()
	ch := s.State().Characters[id].Clone()
	ch.Gear = gear
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
	f := *s.State().Figures[id]
	mustDo(t, s, Command{Kind: CommandRemoveFigure, Figure: id})
	mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{ID: id, Character: id, Side: f.Side,
		At: s.State().Map.Label(f.At), Facing: s.State().Map.Orientation.SideNames()[f.Facing]}}})
}

// cardWhere is the first card of the deck that ok accepts.
func cardWhere(t *testing.T, ok func(rules.Card) bool) rules.Card {
	t.Helper()
	for _, c := range rules.Cards() {
		if ok(c) {
			return c
		}
	}
	t.Fatal("no card of the deck fits")
	return rules.Card{}
}

// replays checks that the last command's events give the same state
// undone and done again, and to a client folding the journal's events.
func replays(t *testing.T, s *Session) {
	t.Helper()
	want := stateKey(t, s.State())
	mustDo(t, s, Command{Kind: CommandUndo})
	if stateKey(t, s.State()) == want {
		t.Error("undo changed nothing")
	}
	mustDo(t, s, Command{Kind: CommandRedo})
	if got := stateKey(t, s.State()); got != want {
		t.Errorf("undone and done again, the state differs:\n%s", firstDiff(got, want))
	}
	past, _, cancel := s.Subscribe(1)
	cancel()
	fold, err := NewFold(past)
	if err != nil {
		t.Fatal(err)
	}
	if got := stateKey(t, fold.State); got != want {
		t.Errorf("a client's fold of the journal differs:\n%s", firstDiff(got, want))
	}
}

// TestAGunMalfunctionsWithinItsRel: "any malfunction result that is
// within the malfunction range of the weapon" (TWTW Conflict: Carrying
// Loaded Weapons); "Increase the Rel of any revolver by 1 when
// fan-firing" (Pushing the Limit). By hexslinger's default a shot
// malfunctions when its die shows the Rel or less, whatever its total: it
// does not go off, draws no card, spends its round and its AP, and stops
// the rest of the series. Cyril, with the Judge's 6 upgrades, would hit
// Zeke on a 1; the 1 malfunctions (a 2 hits). Miranda fans three shots:
// Rel 2, so her 2 malfunctions and her third shot is not fired. The
// preview's odds and hit chance leave the malfunction out of the hits.
func TestAGunMalfunctionsWithinItsRel(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	mustDo(t, s, Command{Kind: CommandCock, Figure: "cyril", Weapon: "schofield"})
	rest := JudgeModifier{Steps: 6, Reason: "a steady rest on the rail"}
	orders := []ShotOrder{{Target: "zeke", Kind: "normal"}}
	plan, err := s.State().PlanShoot("cyril", "schofield", orders, rest)
	if err != nil {
		t.Fatal(err)
	}
	pool, tn, result := plan.Series.Pool, plan.Series.TNs[0], plan.Series.Plans[0].Result
	if 1+pool.Bonus+result < tn || plan.Series.Rel() != 1 {
		t.Fatalf("a 1 on %s would not meet TN %d (Rel %d): the test shows nothing", pool, tn, plan.Series.Rel())
	}
	// The preview counts the malfunction out of the hits.
	firing := rules.KthFiringChance(pool, 1, result, tn, 1)
	if plain, ones := rules.KthHitChance(pool, 1, result, tn), math.Pow(1/float64(pool.Sides), float64(pool.Count)); math.Abs(plain-firing-ones) > 1e-12 {
		t.Errorf("hit chance %.6f with the malfunction, %.6f without: want them %.6f (every die a 1) apart", firing, plain, ones)
	}
	if odds := s.State().ShotOdds(plan, 0); math.Abs(odds[rules.HarmNone]-(1-firing)) > 1e-9 {
		t.Errorf("the odds say no effect %.6f; a miss or a malfunction is %.6f", odds[rules.HarmNone], 1-firing)
	}
	shot := Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: orders, Modifier: &rest}
	text, err := s.State().Explain(shot)
	if err != nil || !strings.Contains(text, fmt.Sprintf("hit chance %.0f%%; Rel 1: a die of 1 or less malfunctions", 100*firing)) {
		t.Errorf("before the dice: %v\n%s", err, text)
	}
	plain := cardWhere(t, func(c rules.Card) bool { return !c.Calamity && !c.Unintended })
	two := shot
	two.Dice, two.Cards = append([]int{2, 1}, ones(8)...), []string{plain.Name()}
	if p := s.State().Preview(nil, two); p.Err != nil || !strings.Contains(p.Text(), "hits the") {
		t.Errorf("a 2 is past Rel 1 and hits: %v %s", p.Err, p.Text())
	}
	shot.Dice = []int{1, 1}
	e := mustDo(t, s, shot)
	if want := "Cyril Wellington normal at Zeke Perkins: the die shows 1, within the S&W Schofield's Rel 1: it malfunctions and the shot does not go off (TWTW Conflict: Carrying Loaded Weapons"; !strings.Contains(e.Text, want) {
		t.Errorf("the log does not say %q:\n%s", want, e.Text)
	}
	g, zeke := s.State().Figures["cyril"].Gear[0], s.State().Figures["zeke"]
	if len(e.Cards) != 0 || len(e.Hits) != 0 || e.ShotsAt["zeke"] != 0 || e.AP != plan.Series.AP || zeke.Conc != 0 || len(zeke.Wounds) != 0 {
		t.Errorf("the malfunction: cards %v, hits %v, shots at %v, %d AP (planned %d); Zeke %d Conc %v", e.Cards, e.Hits, e.ShotsAt, e.AP, plan.Series.AP, zeke.Conc, zeke.Wounds)
	}
	if g.Loaded != 4 || g.Cocked {
		t.Errorf("after the malfunction the Schofield: %+v, want uncocked with 4 rounds (the dud spent)", g)
	}
	replays(t, s)

	// A fan of three: Rel 1 + 1. Dice 3, 2, 1: the first goes off (and
	// misses), the second malfunctions, the third is not fired.
	fan := []ShotOrder{{Target: "zeke", Kind: "fan"}, {Target: "zeke", Kind: "fan"}, {Target: "zeke", Kind: "fan"}}
	e = mustDo(t, s, Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker", Shots: fan, Dice: []int{2, 3, 1}, Cards: []string{plain.Name()}})
	for _, want := range []string{
		"Miranda Valentine snap at Zeke Perkins: 3 vs TN",
		"the die shows 2, within the Colt Peacemaker's Rel 2 (1 on its card, +1 fan-fired: TWTW Conflict: Pushing the Limit): it malfunctions and the shot does not go off",
		"Miranda Valentine snap at Zeke Perkins: not fired, the gun having malfunctioned",
	} {
		if !strings.Contains(e.Text, want) {
			t.Errorf("the fan's log does not say %q:\n%s", want, e.Text)
		}
	}
	if g := s.State().Figures["miranda"].Gear[0]; len(e.Cards) != 1 || e.ShotsAt["zeke"] != 1 || g.Loaded != 3 {
		t.Errorf("the fan: cards %v, shots at Zeke %d, %d rounds left (want 1 card, 1 shot, 3 rounds)", e.Cards, e.ShotsAt["zeke"], g.Loaded)
	}
	replays(t, s)
}

// TestAFullyLoadedGunGoesOffOnAMalfunction: "If a character chooses to
// carry a fully loaded firearm ... A Calamity result on an action
// involving any kind of movement leads to discharge of a round. The same
// is true for any malfunction result that is within the malfunction range
// of the weapon. Check the toggle result on the Action Card ... a NO
// means it did not [miss]" (TWTW Conflict: Carrying Loaded Weapons).
// Cyril throws a punch at Jeb with his Schofield holstered, all six
// chambers loaded, and a plain card with a NO: a 1 on the blow's die is
// within the Schofield's Rel 1 and it goes off into his leg; a 2 is not;
// with five chambers loaded a 1 does nothing.
func TestAFullyLoadedGunGoesOffOnAMalfunction(t *testing.T) {
	no := cardWhere(t, func(c rules.Card) bool { return !c.Calamity && !c.Yes })
	for _, tc := range []struct {
		name          string
		loaded, face  int
		goesOff       bool
		want, notWant string
	}{
		{"six loaded, a 1", 6, 1, true, "Malfunction (the die shows 1, within the S&W Schofield's Rel 1): Cyril Wellington's fully loaded S&W Schofield goes off in its holster (NO): Cyril Wellington takes 10 deadly to the right leg", ""},
		{"six loaded, a 2", 6, 2, false, "", "goes off"},
		{"five loaded, a 1", 5, 1, false, "", "goes off"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := takesIt(t)
			withGear(t, s, "cyril", rules.Carried{Weapon: "schofield", Loaded: tc.loaded})
			countDownTo(t, s, "cyril")
			punch := &BlowOrder{Target: "jeb", Attack: "quick"}
			mp, err := s.State().PlanMelee("cyril", "", punch)
			if err != nil {
				t.Fatal(err)
			}
			dice := append([]int{tc.face}, ones(mp.Pool.Count-1+8)...)
			e := mustDo(t, s, Command{Kind: CommandMelee, Figure: "cyril", Blow: punch, Dice: dice, Cards: []string{no.Name()}})
			cyril := s.State().Figures["cyril"]
			if tc.want != "" && !strings.Contains(e.Text, tc.want) || tc.notWant != "" && strings.Contains(e.Text, tc.notWant) {
				t.Errorf("the punch on a %d, %d loaded:\n%s", tc.face, tc.loaded, e.Text)
			}
			spent := map[bool]int{true: 1}[tc.goesOff]
			if cyril.Gear[0].Loaded != tc.loaded-spent || (cyril.Wounds[rules.RightLeg] > 0) != tc.goesOff {
				t.Errorf("after the punch the Schofield holds %d, Cyril's right leg has %d wound(s)", cyril.Gear[0].Loaded, cyril.Wounds[rules.RightLeg])
			}
			if tc.goesOff {
				replays(t, s)
			}
		})
	}
}
