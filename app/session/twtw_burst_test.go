package session

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"hexslinger/rules"
)

// Malfunctions, a discharge on a malfunction and the burst result in
// play: each test drives its rule through session commands with the
// table's dice and cards typed in, and checks the event and its log
// sentence (TWTW Conflict: Carrying Loaded Weapons; Pushing the Limit;
// Burst Results; the defaults in docs/defaults.md).

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

// TestSpeedLoadingUsesTheBurstResult: "The burst results section of the
// card is used only for speed loading and the Gatling gun" (TWTW
// Conflict: Burst Results). By hexslinger's default a speed load costs
// 1 AP and puts in as many rounds as the card's burst result, as many as
// there is room for. Cyril's Schofield holds 2: a card of burst 3 puts 3
// in; the next only the 1 there is room for; then it is full.
func TestSpeedLoadingUsesTheBurstResult(t *testing.T) {
	s := open(t)
	withGear(t, s, "cyril", rules.Carried{Weapon: "schofield", Loaded: 2})
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	speed := Command{Kind: CommandReload, Figure: "cyril", Weapon: "schofield", Speed: true}
	if p := s.State().Preview(nil, speed); p.Err != nil || !strings.Contains(p.Text(), "its burst result is the rounds that go in") {
		t.Errorf("a speed load before its card: %v %q", p.Err, p.Text())
	}
	three := cardWhere(t, func(c rules.Card) bool { return c.Burst == 3 })
	speed.Cards = []string{three.Name()}
	ap := s.State().Figures["cyril"].AP
	e := mustDo(t, s, speed)
	want := fmt.Sprintf("Cyril Wellington speed loads the S&W Schofield for 1 AP: the card's burst result is 3 (%s), so 3 round(s) go in (TWTW Conflict: Burst Results, speed loading): 5 of 6.", three.Name())
	if !strings.Contains(e.Text, want) || e.AP != 1 || e.APLeft != ap-1 || len(e.Cards) != 1 || e.Cards[0] != three.Name() {
		t.Errorf("the speed load: %d AP, cards %v:\n%s\nwant %s", e.AP, e.Cards, e.Text, want)
	}
	if g := s.State().Figures["cyril"].Gear[0]; g.Loaded != 5 {
		t.Errorf("after the speed load the Schofield holds %d, want 5", g.Loaded)
	}
	replays(t, s)
	e = mustDo(t, s, speed)
	if !strings.Contains(e.Text, "and the gun has room for 1, so 1 round(s) go in") || s.State().Figures["cyril"].Gear[0].Loaded != 6 {
		t.Errorf("a speed load into room for 1:\n%s", e.Text)
	}
	if _, err := s.Do(speed); err == nil || !strings.Contains(err.Error(), "is full (6 of 6)") {
		t.Errorf("a speed load into a full gun: %v", err)
	}
	counted := speed
	counted.Rounds = 2
	if _, err := s.Do(counted); err == nil || !strings.Contains(err.Error(), "is full") {
		t.Errorf("a speed load of 2 counted rounds into a full gun: %v", err)
	}
	mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: []ShotOrder{{Target: "zeke", Kind: "snap"}}, Dice: []int{5, 5}, Cards: []string{three.Name()}})
	if _, err := s.Do(counted); err == nil || !strings.Contains(err.Error(), "the card's burst result says") {
		t.Errorf("a speed load of counted rounds: %v", err)
	}
}

// TestTheGatlingGunsBurst: "The burst results section of the card is used
// only for speed loading and the Gatling gun" (TWTW Conflict: Burst
// Results). By hexslinger's default the Gatling gun (assets/weapons.json)
// fires a burst of 10 rounds a shot, needs no cocking, and a hit lands as
// many rounds as the card's burst result, all at the card's location, the
// hit's bumps on the first, with one stun check. Jeb cranks it at Cyril:
// a card of burst 3 puts three rounds in him and the gun holds 10 fewer.
// The preview's odds deal each card as the shot does.
func TestTheGatlingGunsBurst(t *testing.T) {
	s := open(t)
	withGear(t, s, "jeb", rules.Carried{Weapon: "gatling", Loaded: 15, Readied: true})
	w := Weapons()["gatling"]
	orders := []ShotOrder{{Target: "cyril", Kind: "normal"}}
	plan, err := s.State().PlanShoot("jeb", "gatling", orders)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Series.AP != w.Normal {
		t.Errorf("a burst costs %d AP, want the normal shot's %d and no cocking", plan.Series.AP, w.Normal)
	}
	dice := sure(plan.Series.Pool)
	bumps := rules.Judge(2*plan.Series.Pool.Sides+plan.Series.Plans[0].Result, plan.Series.TNs[0]).Bumps
	// The odds deal each card as the burst does.
	cyril := s.State().Figures["cyril"]
	size := s.State().Characters["cyril"].Size
	base := cyril.Body(size)
	harm := shotHarm(plan, 0, base)
	for _, c := range rules.Cards() {
		p := s.State().Preview(nil, Command{Kind: CommandShoot, Figure: "jeb", Weapon: "gatling", Shots: orders, Dice: dice, Cards: []string{c.Name()}})
		if p.Err != nil {
			t.Fatalf("card %s: %v", c.Name(), p.Err)
		}
		after := base
		for _, ch := range p.Events[0].Changes {
			if ch.Figure == "cyril" {
				after = (&Figure{FigureStatus: ch.Status}).Body(size)
			}
		}
		if got, want := rules.Harmed(base, after), harm(bumps, c); got != want {
			t.Errorf("card %s: the shot does %s, the odds count %s", c.Name(), got, want)
		}
	}
	three := cardWhere(t, func(c rules.Card) bool {
		return c.Burst == 3 && !c.Calamity && rules.ThroughCover(plan.Sights[0].Cover, c.Location, w, c).Damage == w.DMG
	})
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "jeb", Weapon: "gatling", Shots: orders, Dice: dice, Cards: []string{three.Name()}})
	want := fmt.Sprintf("The Gatling gun's burst of 10 round(s): the card's burst result is 3 (%s), so 3 round(s) hit the %s (TWTW Conflict: Burst Results, the Gatling gun).", three.Name(), three.Location)
	if !strings.Contains(e.Text, want) || !strings.Contains(e.Text, ", then ") {
		t.Errorf("the burst's log does not say %q:\n%s", want, e.Text)
	}
	body := rules.NewBody(size)
	for j := range 3 {
		body.Apply(rules.Deadly, rules.Effect(w.DMG, map[bool]int{true: bumps}[j == 0], three.Location), three.Location, three.Yes)
	}
	one := rules.NewBody(size)
	one.Apply(rules.Deadly, rules.Effect(w.DMG, bumps, three.Location), three.Location, three.Yes)
	got := s.State().Figures["cyril"]
	if got.Wounds[three.Location] != body.Wounds[three.Location] || got.Conc != body.Conc || got.Wounds[three.Location] == one.Wounds[three.Location] && got.Conc == one.Conc {
		t.Errorf("Cyril after the burst: %v wounds, %d Conc; three rounds give %v, %d; one %v, %d", got.Wounds, got.Conc, body.Wounds, body.Conc, one.Wounds, one.Conc)
	}
	if g := s.State().Figures["jeb"].Gear[0]; g.Loaded != 5 || len(e.Cards) != 1 {
		t.Errorf("after the burst the Gatling holds %d (want 5), cards %v", g.Loaded, e.Cards)
	}
	replays(t, s)
	// The last 5 rounds: a burst of what is left, and not two bursts.
	if _, err := s.State().PlanShoot("jeb", "gatling", append(orders, orders...)); err == nil || !strings.Contains(err.Error(), "holds 5 round(s), not enough for 2 shot(s): a burst of 10 for each shot but the last, 11 in all") {
		t.Errorf("two bursts from 5 rounds: %v", err)
	}
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	countDownTo(t, s, "jeb")
	if text, err := s.State().Explain(Command{Kind: CommandShoot, Figure: "jeb", Weapon: "gatling", Shots: orders}); err != nil || !strings.Contains(text, "a burst of 5 round(s), as many hitting as the card's burst result") {
		t.Errorf("before the last burst: %v\n%s", err, text)
	}
}
