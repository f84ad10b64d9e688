package rules

import (
	"math"
	"strings"
	"testing"

	"hexslinger/assets"
	"hexslinger/hexmap"
)

func weapons(t *testing.T) map[string]Weapon {
	t.Helper()
	ws, err := ParseWeapons(assets.Weapons())
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// cyril has 2d10 in Firearms: Pistol (TWTW Conflict: Resolving Multiple
// Attacks): skill 2, Coordination 4 for one upgrade.
var cyril = Character{ID: "cyril", Name: "Cyril Wellington", Move: 6, Run: 12, Size: 6,
	Traits: Traits{Quickness: 3, Coordination: 4, Bravery: 4},
	Skills: map[string]int{"firearms: pistol": 2, "firearms: rifle": 1, "throwing": 1}}

var ready = Carried{Readied: true, Cocked: true}

func plan(t *testing.T, s Shot) ShotPlan {
	t.Helper()
	p, err := PlanShot(cyril, s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCyrilsPistolPool(t *testing.T) {
	p, why := cyril.SkillPool("firearms: pistol")
	if p.String() != "2d10" {
		t.Errorf("Cyril's pistol pool %s (%s), want 2d10", p, why)
	}
}

// TWTW Conflict: Range — "The TN to hit the villain up to 9 paces away is 5,
// up to 19 it is 6, etc."
func TestCyrilsSchofieldTNByRange(t *testing.T) {
	w := weapons(t)["schofield"]
	for _, tc := range []struct {
		name     string
		distance float64
		want     int
	}{
		{"Cyril's Schofield at 9 paces: TN 5", 9, 5},
		{"Cyril's Schofield at 1 pace: TN 5", 1, 5},
		{"Cyril's Schofield at 10 paces: TN 6", 10, 6},
		{"Cyril's Schofield at 19 paces: TN 6", 19, 6},
		{"Cyril's Schofield at 20 paces: TN 7", 20, 7},
		{"point blank: TN 3", 0, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := plan(t, Shot{Weapon: w, Carried: ready, Kind: Normal, Distance: tc.distance, PointBlank: tc.distance == 0})
			if p.TN != tc.want {
				t.Errorf("TN %d, want %d (%s)", p.TN, tc.want, p.Explain())
			}
		})
	}
}

// TWTW Conflict: Target Speed.
func TestRelativeSpeed(t *testing.T) {
	w := weapons(t)["schofield"]
	for _, tc := range []struct {
		name  string
		speed int
		want  int
	}{
		{"Miranda's chase down Main: relative speed 0, no penalty", 8 - 8, 0},
		{"Hank's wagon against the vaquero: relative speed 26, 5 downgrades", 18 + 8, -5},
		{"4 paces: no downgrade", 4, 0},
		{"5 paces: 1 downgrade", 5, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := plan(t, Shot{Weapon: w, Carried: ready, Kind: Normal, RelativeSpeed: tc.speed}).Steps; got != tc.want {
				t.Errorf("steps %d, want %d", got, tc.want)
			}
		})
	}
}

// TWTW Conflict: Aim and Snap Shots — the Sharps card.
func TestSharpsCosts(t *testing.T) {
	w := weapons(t)["sharps"]
	cocked := Carried{Readied: true, Cocked: true}
	for _, tc := range []struct {
		name  string
		shot  Shot
		ap    int
		steps int
	}{
		{"Sharps snap shot: 3 AP, 3 downgrades (SP)", Shot{Kind: Snap}, 3, -3},
		{"Sharps normal shot: 7 AP, no penalty", Shot{Kind: Normal}, 7, 0},
		{"Sharps aimed shot: 11 AP, 2 upgrades", Shot{Kind: Aimed, Aims: 2}, 11, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.shot.Weapon, tc.shot.Carried = w, cocked
			p := plan(t, tc.shot)
			if p.AP != tc.ap || p.Steps != tc.steps {
				t.Errorf("%d AP, %d steps; want %d AP, %d steps (%s)", p.AP, p.Steps, tc.ap, tc.steps, p.Explain())
			}
		})
	}
	if p := plan(t, Shot{Weapon: w, Carried: cocked, Kind: Aimed, Aims: 1}); p.Result != 2 {
		t.Errorf("an aimed Sharps shot adds Accurate(2): result %+d", p.Result)
	}
	if p := plan(t, Shot{Weapon: w, Carried: cocked, Kind: Normal}); p.Result != 0 {
		t.Errorf("Accurate applies only when aimed: result %+d", p.Result)
	}
}

// TWTW Conflict: Aim and Snap Shots — "He decides to spend 3 AP for a
// normal shot, then 4 more AP to aim twice, granting himself a total bonus
// of 2 upgrades on his shot, and costing 7 AP."
func TestCyrilsAimedShot(t *testing.T) {
	p := plan(t, Shot{Weapon: weapons(t)["schofield"], Carried: ready, Kind: Aimed, Aims: 2, Distance: 12})
	if p.AP != 7 || p.Steps != 2 {
		t.Errorf("Cyril's aimed shot: %d AP, %d steps; want 7 AP, 2 upgrades", p.AP, p.Steps)
	}
	if p.Pool.String() != "2d12+1" {
		t.Errorf("2d10 with 2 upgrades: %s, want 2d12+1", p.Pool)
	}
	if _, err := PlanShot(cyril, Shot{Weapon: weapons(t)["schofield"], Carried: ready, Kind: Aimed, Aims: 3}); err == nil {
		t.Errorf("three aims allowed")
	}
	if _, err := PlanShot(cyril, Shot{Weapon: weapons(t)["schofield"], Carried: ready, Kind: Snap, Aims: 1}); err == nil {
		t.Errorf("an aimed snap shot allowed")
	}
}

// TWTW Conflict: Resolving Multiple Attacks — Cyril against Pete and Clem.
func TestCyrilsTwoShotsAtPeteAndClem(t *testing.T) {
	w := weapons(t)["schofield"]
	uncocked := Carried{Readied: true}
	s, err := PlanSeries(cyril, []Shot{
		{Weapon: w, Carried: uncocked, Kind: Normal, Distance: 4, TargetNumber: 0},
		{Weapon: w, Carried: uncocked, Kind: Snap, Distance: 5, TargetNumber: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	// 2 AP to cock twice, 3 normal on Pete, 1 snap on Clem, 1 to switch.
	if s.AP != 7 {
		t.Errorf("the two shots cost %d AP, want 7", s.AP)
	}
	if s.Pool.String() != "2d10" {
		t.Errorf("one pool of %s, want 2d10", s.Pool)
	}
	cards, _ := ParseDeck(assets.Deck())
	qs, _ := FindCard(cards, "QS")
	h3, _ := FindCard(cards, "3H")
	res, err := s.Resolve(&Given{Dice: []int{4, 9}, Cards: []Card{qs, h3}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Hits[0].Die != 9 || res.Hits[1].Die != 4 {
		t.Errorf("dice used %d then %d: the highest must go to the first attack", res.Hits[0].Die, res.Hits[1].Die)
	}
	if !res.Hits[0].Result.Success || res.Hits[0].Location != qs.Location {
		t.Errorf("9 against Pete at TN 5 misses: %+v", res.Hits[0])
	}
	// Clem: snap (SP 2) and second target (1) beyond the first shot's
	// steps: TN 5 + 3 = 8; a 4 misses.
	if res.Hits[1].TN != 8 || res.Hits[1].Result.Success {
		t.Errorf("the snap shot at Clem: TN %d, %+v", res.Hits[1].TN, res.Hits[1].Result)
	}
	if txt := res.Explain("Cyril", []string{"Pete", "Clem"}); !strings.Contains(txt, "Pete: 9 vs TN 5, hits the") {
		t.Errorf("explanation %q", txt)
	}
	if _, err := PlanSeries(cyril, []Shot{{Weapon: w, Carried: ready}, {Weapon: w, Carried: ready}, {Weapon: w, Carried: ready}}); err == nil {
		t.Errorf("three attacks from a pool of skill 2")
	}
}

// TWTW Conflict: Cocking and Readying.
func TestReadying(t *testing.T) {
	ws := weapons(t)
	for _, tc := range []struct {
		name, weapon string
		want         int
	}{
		{"readying the Schofield (size 5): 2 AP", "schofield", 2},
		{"readying the Winchester (size 8): 5 AP", "winchester", 5},
		{"readying the derringer (size 2): 2 AP", "derringer", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ws[tc.weapon].ReadyCost(); got != tc.want {
				t.Errorf("got %d", got)
			}
		})
	}
	// An unready, uncocked Schofield: ready 2 + cock 1 + normal 3.
	if p := plan(t, Shot{Weapon: ws["schofield"], Kind: Normal}); p.AP != 6 {
		t.Errorf("draw, cock and fire: %d AP, want 6 (%s)", p.AP, p.Explain())
	}
	if p := plan(t, Shot{Weapon: ws["hammerless"], Carried: Carried{Readied: true}, Kind: Normal}); p.AP != 4 {
		t.Errorf("the hammerless shotgun needs no cocking: %d AP, want 4", p.AP)
	}
	after := AfterShot(Carried{Readied: true, Cocked: true, Aims: 2, Loaded: 5}, ws["schofield"])
	if after.Aims != 0 || after.Cocked || after.Loaded != 4 || !after.Readied {
		t.Errorf("after the shot: %+v", after)
	}
}

// One test for each row of the modifier table and the rest of the section.
func TestRangedModifierRows(t *testing.T) {
	ws := weapons(t)
	sch, win := ws["schofield"], ws["winchester"]
	for _, tc := range []struct {
		name   string
		shot   Shot
		steps  int
		tn     int
		result int
	}{
		{"firer is moving: walk 1 downgrade", Shot{Motion: Walked}, -1, 5, 0},
		{"firer is moving: run 2 downgrades", Shot{Motion: Ran}, -2, 5, 0},
		{"firer is mounted: 2 downgrades, worse than walking", Shot{Motion: Walked, Mounted: 2}, -2, 5, 0},
		{"firer is mounted: 1, running is worse", Shot{Motion: Ran, Mounted: 1}, -2, 5, 0},
		{"target size 4: TN +1", Shot{TargetSize: 4}, 0, 6, 0},
		{"target size 2: TN +2", Shot{TargetSize: 2}, 0, 7, 0},
		{"target size 6: no change", Shot{TargetSize: 6}, 0, 5, 0},
		{"target size 10: +2 to the result", Shot{TargetSize: 10}, 0, 5, 2},
		{"target moving: 1 downgrade per 5 paces", Shot{RelativeSpeed: 12}, -2, 5, 0},
		{"secondary target: 1 downgrade for the second", Shot{TargetNumber: 1}, -1, 5, 0},
		{"secondary targets cumulative: 2 for the third", Shot{TargetNumber: 2}, -2, 5, 0},
		{"appearing or disappearing: 1 downgrade", Shot{Appearing: true}, -1, 5, 0},
		{"not visible behind cover: 3 downgrades", Shot{NotVisible: true}, -3, 5, 0},
		{"two weapons: 1 downgrade", Shot{TwoWeapons: true}, -1, 5, 0},
		{"two weapons, off hand: 3 downgrades", Shot{TwoWeapons: true, OffHand: true}, -3, 5, 0},
		{"interrupting 3 segments early: 3 downgrades", Shot{Interrupt: 3}, -3, 5, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.shot
			s.Weapon, s.Carried, s.Kind = sch, ready, Normal
			p := plan(t, s)
			if p.Steps != tc.steps || p.TN != tc.tn || p.Result != tc.result {
				t.Errorf("steps %d TN %d result %+d; want %d, %d, %+d (%s)", p.Steps, p.TN, p.Result, tc.steps, tc.tn, tc.result, p.Explain())
			}
		})
	}
	t.Run("a two-handed weapon in one hand: 2 downgrades", func(t *testing.T) {
		if p := plan(t, Shot{Weapon: win, Carried: ready, Kind: Normal, OneHanded: true}); p.Steps != -2 {
			t.Errorf("steps %d", p.Steps)
		}
		if p := plan(t, Shot{Weapon: sch, Carried: ready, Kind: Normal, OneHanded: true}); p.Steps != 0 {
			t.Errorf("a pistol in one hand: steps %d", p.Steps)
		}
	})
	t.Run("two weapons aimed together: +2 AP an aim", func(t *testing.T) {
		if p := plan(t, Shot{Weapon: sch, Carried: ready, Kind: Aimed, Aims: 1, TwoWeapons: true}); p.AP != 3+4 {
			t.Errorf("AP %d, want 7", p.AP)
		}
	})
}

// TWTW Conflict: Fan Firing.
func TestFanFiring(t *testing.T) {
	ws := weapons(t)
	sch := ws["schofield"]
	uncocked := Carried{Readied: true}
	shots := []Shot{
		{Weapon: sch, Carried: uncocked, Kind: Snap, Fan: 1, TargetNumber: 0},
		{Weapon: sch, Carried: uncocked, Kind: Snap, Fan: 2, TargetNumber: 0},
		{Weapon: sch, Carried: uncocked, Kind: Snap, Fan: 3, FanSwitches: 1, TargetNumber: 1},
	}
	fan := cyril
	fan.Skills = map[string]int{"firearms: pistol": 3}
	s, err := PlanSeries(fan, shots)
	if err != nil {
		t.Fatal(err)
	}
	// 1 AP a shot, 1 per target switch, no cocking.
	if s.AP != 4 {
		t.Errorf("three fan shots with one switch: %d AP, want 4", s.AP)
	}
	// Shot k: SP 2 + k downgrades (+1 after the switch).
	for i, want := range []int{-3, -4, -6} {
		if got := s.Plans[i].Steps; got != want {
			t.Errorf("fan shot %d: %d steps, want %d", i+1, got, want)
		}
	}
	if s.Plans[0].Rel != sch.Rel+1 {
		t.Errorf("a fanned revolver's Rel %d, want %d", s.Plans[0].Rel, sch.Rel+1)
	}
	if _, err := PlanShot(cyril, Shot{Weapon: ws["winchester"], Carried: ready, Kind: Snap, Fan: 1}); err == nil {
		t.Errorf("a Winchester fan-fired")
	}
	if _, err := PlanShot(cyril, Shot{Weapon: sch, Carried: ready, Kind: Normal, Fan: 1}); err == nil {
		t.Errorf("a fan fired as a normal shot")
	}
}

// TWTW Conflict: Throwing Things.
func TestThrowingScattersOnAMiss(t *testing.T) {
	ws := weapons(t)
	dyn := ws["dynamite"]
	p := plan(t, Shot{Weapon: dyn, Carried: Carried{Readied: true}, Kind: Normal, Distance: 14})
	if p.TN != 6 {
		t.Errorf("dynamite at 14 paces: TN %d, want 6 (range increment 10)", p.TN)
	}
	card := Card{Phase: 3, Clock: 12}
	at, err := ScatterHex(hexmap.Hex{}, hexmap.Hex{Q: 5}, card, 1)
	if err != nil || at != (hexmap.Hex{Q: 8}) {
		t.Errorf("a miss with phase 3 at 12 o'clock lands at %v (%v), want 3 paces beyond", at, err)
	}
}

// TWTW Conflict: Tactical Aiming, Aim and Cover.
func TestTacticalAiming(t *testing.T) {
	for _, tc := range []struct {
		name  string
		aim   TacticalAim
		dice  []int
		tn    int
		steps int
		keep  bool
	}{
		{"not under fire: no check", TacticalAim{}, nil, 0, 0, true},
		{"shot at once: Standard (5) Bravery", TacticalAim{ShotsAt: 1}, []int{5, 1, 1, 1}, 5, 0, true},
		{"shot at three times, hit once: 4 downgrades", TacticalAim{ShotsAt: 3, HitsTaken: 1}, []int{3, 1, 1, 1}, 5, -4, false},
		{"cover's armor is added: 2 + AV 3 passes", TacticalAim{ShotsAt: 1, CoverArmor: 3}, []int{2, 1, 1, 1}, 5, 0, true},
		{"targeted in melee: Difficult (7)", TacticalAim{MeleeTargeted: true}, []int{6, 1, 1, 1}, 7, 0, false},
		{"hit in melee: aim lost, no check", TacticalAim{MeleeTargeted: true, MeleeHit: true}, nil, 0, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := CheckAim(cyril, tc.aim, &Given{Dice: tc.dice})
			if err != nil {
				t.Fatal(err)
			}
			if a.KeepAim != tc.keep || a.TN != tc.tn || a.Steps != tc.steps {
				t.Errorf("%+v; want keep %v TN %d steps %d", a, tc.keep, tc.tn, tc.steps)
			}
		})
	}
}

// TWTW Conflict: Carrying Loaded Weapons; Action Sabotage.
func TestLoadedGunsAndSabotage(t *testing.T) {
	yes, no := Card{Yes: true}, Card{Yes: false}
	if d := CarriedDischarge(true, true, true, false, yes); !d.Fires || d.HitsSelf {
		t.Errorf("calamity on the move, YES: %+v, want a shot that misses", d)
	}
	if d := CarriedDischarge(true, true, false, true, no); !d.Fires || !d.HitsSelf || d.Location != RightLeg {
		t.Errorf("malfunction on the move, NO: %+v, want a hit to the leg", d)
	}
	if d := CarriedDischarge(false, true, true, false, no); d.Fires {
		t.Errorf("a gun carried with the hammer on an empty chamber fired")
	}
	if d := CarriedDischarge(true, false, true, false, no); d.Fires {
		t.Errorf("a calamity without movement discharged a carried gun")
	}
	if hit, un := Sabotage(Card{}); hit || un {
		t.Errorf("a sabotage with a plain card did something")
	}
	if hit, _ := Sabotage(Card{Calamity: true}); !hit {
		t.Errorf("a sabotage with a calamity missed the target")
	}
	if _, un := Sabotage(Card{Unintended: true}); !un {
		t.Errorf("a sabotage with the unintended-target mark found no one")
	}
}

func TestHitChanceOfAPlan(t *testing.T) {
	p := plan(t, Shot{Weapon: weapons(t)["schofield"], Carried: ready, Kind: Normal, Distance: 4})
	if got := p.HitChance(); math.Abs(got-0.84) > 1e-12 {
		t.Errorf("2d10 vs TN 5: %v, want 0.84", got)
	}
	if !strings.Contains(p.Explain(), "TN 5") || !strings.Contains(p.Explain(), "pool 2d10 → 2d10") {
		t.Errorf("explain: %s", p.Explain())
	}
}

// TWTW Conflict: Optional rule — "When making an aimed shot, the character
// may choose to use either their Coordination or Acuity trait." Cyril's
// Acuity 0 gives no upgrade where Coordination 4 gives one; a snap shot
// may not draw on Acuity.
func TestAnAimedShotOnAcuity(t *testing.T) {
	sch := weapons(t)["schofield"]
	coord := plan(t, Shot{Weapon: sch, Carried: ready, Kind: Aimed, Aims: 1})
	acu := plan(t, Shot{Weapon: sch, Carried: ready, Kind: Aimed, Aims: 1, Trait: "acuity"})
	if coord.BasePool.String() == acu.BasePool.String() || !strings.Contains(acu.PoolWhy, "acuity") {
		t.Errorf("on Coordination %s (%s), on Acuity %s (%s)", coord.BasePool, coord.PoolWhy, acu.BasePool, acu.PoolWhy)
	}
	if _, err := PlanShot(cyril, Shot{Weapon: sch, Carried: ready, Kind: Snap, Trait: "acuity"}); err == nil {
		t.Error("a snap shot on Acuity")
	}
}

// TWTW Conflict: Multiple Attacks — "If the optional fields of fire rules
// are being used ..., targeting outside of the field of fire is an
// additional +1 AP."
func TestTargetingOutsideTheFieldOfFire(t *testing.T) {
	sch := weapons(t)["schofield"]
	in := plan(t, Shot{Weapon: sch, Carried: ready, Kind: Snap})
	out := plan(t, Shot{Weapon: sch, Carried: ready, Kind: Snap, OutsideField: true})
	if out.AP != in.AP+1 || !strings.Contains(strings.Join(out.APParts, " "), "outside the field of fire 1") {
		t.Errorf("inside %d AP, outside %d AP (%v)", in.AP, out.AP, out.APParts)
	}
}

// TWTW Conflict: Modifiers, secondary targets: each shot of a series takes
// one downgrade for each target before its own, and the plan's row names
// the target by its place in the series (the second target is "target 2").
func TestSecondaryTargetRow(t *testing.T) {
	w := weapons(t)["schofield"]
	for _, tc := range []struct {
		name   string
		number int
		row    string
		steps  int
	}{
		{"the first target: no row", 0, "", 0},
		{"the second target: -1", 1, "target 2 of the series", -1},
		{"the third target: -2", 2, "target 3 of the series", -2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := plan(t, Shot{Weapon: w, Carried: ready, Kind: Normal, Distance: 4, TargetNumber: tc.number})
			var got []string
			steps := 0
			for _, m := range p.Modifiers {
				if strings.Contains(m.Name, "of the series") {
					got = append(got, m.Name)
					steps += m.Steps
				}
			}
			want := []string{}
			if tc.row != "" {
				want = append(want, tc.row)
			}
			if strings.Join(got, "|") != strings.Join(want, "|") || steps != tc.steps {
				t.Errorf("target number %d: rows %q with %d steps, want %q with %d", tc.number, got, steps, want, tc.steps)
			}
		})
	}
}

// TWTW Conflict: Resolving Multiple Attacks: the series rolls the first
// attack's pool; each later attack's downgrades beyond the first's become
// its TN. Two snap shots (SP 2 each) from Cyril's Schofield at 4 and 5
// paces, the second at a second target: the pool carries the first snap's
// 2 downgrades, so the first is at TN 5, the second at TN 5 + 1 = 6.
func TestSeriesTNsBeyondTheFirstAttack(t *testing.T) {
	w := weapons(t)["schofield"]
	s, err := PlanSeries(cyril, []Shot{
		{Weapon: w, Carried: ready, Kind: Snap, Distance: 4, TargetNumber: 0},
		{Weapon: w, Carried: ready, Kind: Snap, Distance: 5, TargetNumber: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{5, 6} {
		if s.TNs[i] != want {
			t.Errorf("attack %d: TN %d (plan TN %d, steps %d; first attack's steps %d), want %d", i+1, s.TNs[i], s.Plans[i].TN, s.Plans[i].Steps, s.Plans[0].Steps, want)
		}
	}
}

// TestOneDieHitChance pins ShotPlan.HitChance on a pool of one die: 1d8
// against TN 5 hits on 5 to 8, one half; a shot with no dice never hits.
func TestOneDieHitChance(t *testing.T) {
	for _, tc := range []struct {
		pool Pool
		want float64
	}{{Pool{Count: 1, Sides: 8}, 0.5}, {Pool{Sides: 8}, 0}} {
		p := ShotPlan{Pool: tc.pool, TN: 5}
		if got := p.HitChance(); got != tc.want {
			t.Errorf("%s against 5: hit chance %v, want %v", tc.pool, got, tc.want)
		}
	}
}
