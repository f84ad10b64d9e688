package fudge

import (
	"math"
	"strings"
	"testing"

	"hexslinger/rules/internal/testdice"
)

type dice = testdice.Dice

func Test4dFDistribution(t *testing.T) {
	counts := map[int]int{}
	for a := -1; a <= 1; a++ {
		for b := -1; b <= 1; b++ {
			for c := -1; c <= 1; c++ {
				for d := -1; d <= 1; d++ {
					counts[a+b+c+d]++
				}
			}
		}
	}
	total := 0.0
	for s := -4; s <= 4; s++ {
		if got, want := Chance4dF(s), float64(counts[s])/81; math.Abs(got-want) > 1e-12 {
			t.Errorf("P(%+d) = %.4f, enumerated %.4f", s, got, want)
		}
		total += Chance4dF(s)
	}
	if math.Abs(total-1) > 1e-12 {
		t.Errorf("the chances sum to %f", total)
	}
}

func TestLadder(t *testing.T) {
	for _, tc := range []struct {
		l    Level
		name string
	}{{Terrible, "Terrible"}, {Poor, "Poor"}, {Mediocre, "Mediocre"}, {Fair, "Fair"}, {Good, "Good"}, {Great, "Great"}, {Superb, "Superb"}, {Legendary, "Legendary"}} {
		if tc.l.String() != tc.name {
			t.Errorf("%d: %s, want %s", tc.l, tc.l, tc.name)
		}
		if l, err := ParseLevel(tc.name); err != nil || l != tc.l {
			t.Errorf("parse %s: %v %v", tc.name, l, err)
		}
	}
}

// Combat Options 1.3's example: CV 2, a Mediocre defence against a Great
// attack is a degree of 3: the armor does not count.
func TestArmorCoverage(t *testing.T) {
	a := Armor{Name: "steel chain shirt", AV: ArmorMaterials["steel chain with padding"], CV: CoverageTypes["shirt"]}
	if got := a.Absorbs(int(Great - Mediocre)); got != 0 {
		t.Errorf("the book's example: the armor absorbs %d, want 0", got)
	}
	if got := a.Absorbs(2); got != 2 {
		t.Errorf("a degree of 2 against CV 2: absorbs %d, want the AV 2", got)
	}
	for name, want := range map[string]int{"vest or breastplate": 1, "shirt": 2, "hauberk": 3, "partial suit": 4, "full suit": 5} {
		if CoverageTypes[name] != want {
			t.Errorf("%s: CV %d, want %d", name, CoverageTypes[name], want)
		}
	}
	for name, want := range map[string]int{"heavy or hardened leather": 1, "steel plate with under mail coat": 3, "heavy ballistic cloth": 2} {
		if ArmorMaterials[name] != want {
			t.Errorf("%s: AV %d, want %d", name, ArmorMaterials[name], want)
		}
	}
}

func TestShieldChecks(t *testing.T) {
	// Shield skill Good; four blanks: Good, equal to the opponent's Good:
	// the shield takes it.
	s := &Shield{Skill: Good, Points: 6, UseDamage: true}
	d := dice{3, 3, 3, 3}
	ok, got, err := ShieldCheck(&d, s, Good, 4)
	if err != nil || !ok || got != Good || s.Taken != 4 {
		t.Fatalf("check: %v %s %v, taken %d", ok, got, err, s.Taken)
	}
	// Past half its points the shield checks at −1: four blanks are Fair,
	// below Good: the blow gets through.
	d = dice{3, 3, 3, 3}
	if ok, got, _ := ShieldCheck(&d, s, Good, 4); ok || got != Fair {
		t.Errorf("a worn shield: blocked %v at %s, want a miss at Fair", ok, got)
	}
	s.Taken = 6
	if s.Usable() {
		t.Error("a shield with no points left is still usable")
	}
}

func TestWoundTrack(t *testing.T) {
	w := NewWoundTrack(2)
	if w.Capacity() != 16 {
		t.Fatalf("two boxes a level: %d boxes", w.Capacity())
	}
	for _, tc := range []struct {
		damage int
		level  Level
	}{{1, Terrible}, {1, Terrible}, {1, Poor}, {3, Mediocre}, {4, Good}} {
		w.Take(tc.damage)
		if got := w.Level(); got != tc.level {
			t.Errorf("after %d more (%d boxes): %s, want %s", tc.damage, w.Filled, got, tc.level)
		}
	}
	w.Recover(3) // 10 boxes less 3: the seventh box, in Fair
	if got := w.Level(); got != Fair {
		t.Errorf("after recovering 3: %s, want Fair", got)
	}
}

func TestDamageChecks(t *testing.T) {
	// Combat Options 4.3's example: Good capacity, wound level Fair, a
	// roll of −1: Fair, a success.
	d := dice{1, 3, 3, 3}
	c, err := CheckDamage(&d, Good, Fair, 0)
	if err != nil || !c.Success || c.Result != Fair {
		t.Errorf("the book's example: %+v %v", c, err)
	}
	d = dice{1, 1, 1, 1}
	if c, _ := CheckDamage(&d, Good, Fair, 0); c.Success || c.Critical != "failure" {
		t.Errorf("four minuses: %+v", c)
	}
	d = dice{6, 6, 5, 5}
	if c, _ := CheckDamage(&d, Poor, Superb, 0); c.Success || c.Critical != "success" {
		t.Errorf("four pluses from Poor against Superb: %+v", c)
	}
	if StandardDamage["hurt"] != Fair || StandardDamage["near death"] != Superb || StandardDamage["dead"] != Legendary {
		t.Error("the standard damage mapping")
	}
	if MayTryRecovery(2, 3) || !MayTryRecovery(3, 3) {
		t.Error("recovery waits as many rounds as damage points")
	}
}

// TestExchange: the winner of an opposed exchange hurts the loser by the
// degree of success plus the winner's weapon, less the loser's armor; a
// losing shieldman checks his shield first (Combat Options Glossary, 1.3,
// 2.2).
func TestExchange(t *testing.T) {
	vest := &Armor{AV: 1, CV: 1}
	sheriff := Fighter{Skill: Great, WeaponDamage: 2, Armor: vest}
	ned := Fighter{Skill: Good, WeaponDamage: 1, Shield: &Shield{Skill: Fair, Points: 6, UseDamage: true}}
	for _, tc := range []struct {
		name         string
		a, d         Fighter
		r            Ruling
		aSum, dSum   int
		shield       int
		winner, dmg  int
		shielded     bool
		pastCV, asks bool
	}{
		{"the attacker wins by 2; the shield check fails", sheriff, ned, Ruling{}, 1, 0, 0, Attacker, 4, false, false, true},
		{"the attacker wins by 2; the shield takes it", sheriff, ned, Ruling{}, 1, 0, 3, Attacker, 0, true, false, true},
		{"the defender wins by 5 past the vest's CV", sheriff, ned, Ruling{Coverage: true}, -4, 2, 0, Defender, 6, false, true, false},
		{"the defender wins by 5, the vest's AV counts", sheriff, ned, Ruling{}, -4, 2, 0, Defender, 5, false, false, false},
		{"a tie", sheriff, ned, Ruling{}, 0, 1, 0, Nobody, 0, false, false, false},
		{"the shieldman's check waived", sheriff, ned, Ruling{ShieldLost: true}, 1, 0, 4, Attacker, 4, false, false, false},
		{"the shieldman attacks and loses: the check is his", ned, sheriff, Ruling{}, -2, 1, 0, Defender, 6, false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			asked, whose := false, Nobody
			o, err := Exchange(tc.a, tc.d, tc.r, tc.aSum, tc.dSum, func(loser int) (int, error) { asked, whose = true, loser; return tc.shield, nil })
			if err != nil || o.Winner != tc.winner || o.Damage != tc.dmg || o.Shielded != tc.shielded || o.PastCV != tc.pastCV || asked != tc.asks {
				t.Errorf("got %+v (asked %v, %v)", o, asked, err)
			}
			// The shield check is the loser's roll (rules.For).
			if loser := Attacker + Defender - tc.winner; asked && whose != loser {
				t.Errorf("the shield check was asked as side %d's, want the loser %d's", whose, loser)
			}
		})
	}
	odds := Chances(sheriff, ned, Ruling{})
	if sum := odds.AttackerHurts + odds.DefenderHurts + odds.Shielded; sum <= 0 || sum >= 1 {
		t.Errorf("odds %+v", odds)
	}
}

// TestExchangeModifiers: each side's result is its skill plus its 4dF sum
// plus its wound modifier (Combat Options 4.3.2: "negative action modifiers
// due to wounds"); the shield check adds the loser's wound modifier and
// the GM's modifier (2.2); the shield's damage is what this blow wore off,
// and the shield roll may be anything 4dF gives, -4 to +4.
func TestExchangeModifiers(t *testing.T) {
	hurtShooter := Fighter{Skill: Great, Modifier: -1, WeaponDamage: 2}
	ned := Fighter{Skill: Good, WeaponDamage: 1}
	worn := func(taken int) *Shield { return &Shield{Skill: Fair, Points: 10, Taken: taken, UseDamage: true} }
	for _, tc := range []struct {
		name        string
		a, d        Fighter
		r           Ruling
		aSum, dSum  int
		shield      int
		attack      Level
		defence     Level
		winner, dmg int
		shielded    bool
		shieldDmg   int
	}{
		{"the attacker's wound modifier: Great +1 -1 is Great", hurtShooter, ned, Ruling{}, 1, 0, 0, Great, Good, Attacker, 3, false, 0},
		{"the defender's wound modifier: Good +1 -2 is Fair", ned, Fighter{Skill: Good, Modifier: -2}, Ruling{}, 0, 1, 0, Good, Fair, Attacker, 2, false, 0},
		{"the loser's wound modifier on the shield check: Fair +1 -1 misses Great",
			hurtShooter, Fighter{Skill: Fair, Modifier: -1, Shield: worn(0)}, Ruling{}, 1, 0, 1, Great, Mediocre, Attacker, 5, false, 0},
		{"the GM's +1 on the shield check: Fair +1 +1 takes Great",
			hurtShooter, Fighter{Skill: Fair, Shield: worn(0)}, Ruling{ShieldModifier: 1}, 1, 0, 1, Great, Fair, Attacker, 0, true, 4},
		{"a worn shield's damage is this blow's only",
			hurtShooter, Fighter{Skill: Fair, Shield: worn(2)}, Ruling{}, 1, 0, 2, Great, Fair, Attacker, 0, true, 4},
		{"a shield roll of -4 is a roll", hurtShooter, Fighter{Skill: Fair, Shield: worn(0)}, Ruling{}, 1, 0, -4, Great, Fair, Attacker, 4, false, 0},
		{"a shield roll of +4 is a roll", hurtShooter, Fighter{Skill: Fair, Shield: worn(0)}, Ruling{}, 1, 0, 4, Great, Fair, Attacker, 0, true, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := Exchange(tc.a, tc.d, tc.r, tc.aSum, tc.dSum, func(int) (int, error) { return tc.shield, nil })
			if err != nil || o.Attack != tc.attack || o.Defence != tc.defence || o.Winner != tc.winner || o.Damage != tc.dmg || o.Shielded != tc.shielded || o.ShieldDamage != tc.shieldDmg {
				t.Errorf("sums %+d/%+d, shield roll %+d: attack %s defence %s winner %d damage %d shielded %v shield damage %d (%v); want %s %s %d %d %v %d",
					tc.aSum, tc.dSum, tc.shield, o.Attack, o.Defence, o.Winner, o.Damage, o.Shielded, o.ShieldDamage, err,
					tc.attack, tc.defence, tc.winner, tc.dmg, tc.shielded, tc.shieldDmg)
			}
		})
	}
}

// TestDamageCheckModifiers: a recovery check adds the negative wound
// modifiers (Combat Options 4.4), and its text names them; a critical
// (4dF at +4 or -4) is named, nothing else is.
func TestDamageCheckModifiers(t *testing.T) {
	for _, tc := range []struct {
		name      string
		faces     []int
		capacity  Level
		wound     Level
		mod       int
		result    Level
		success   bool
		want, not string
	}{
		{"Good +1 -2 is Fair: below Good", []int{5, 3, 3, 3}, Good, Good, -2, Fair, false, "wounds -2", "critical"},
		{"Good +1 -1 is Good: Fair made", []int{5, 3, 3, 3}, Good, Fair, -1, Good, true, "wounds -1", "critical"},
		{"no modifier: none named", []int{5, 3, 3, 3}, Good, Fair, 0, Great, true, "Good +1 = Great", "wounds"},
		{"four pluses named critical", []int{5, 5, 5, 5}, Good, Fair, 0, Legendary + 1, true, "(critical success)", "wounds"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := dice(tc.faces)
			c, err := CheckDamage(&d, tc.capacity, tc.wound, tc.mod)
			if err != nil || c.Result != tc.result || c.Success != tc.success || !strings.Contains(c.Text, tc.want) || strings.Contains(c.Text, tc.not) {
				t.Errorf("%s against %s %+d, dice %v: %s success %v %q (%v); want %s %v, text with %q and not %q",
					tc.capacity, tc.wound, tc.mod, tc.faces, c.Result, c.Success, c.Text, err, tc.result, tc.success, tc.want, tc.not)
			}
		})
	}
}

// TestWoundTrackUnmarked: no box marked is below Terrible (Terrible-1).
func TestWoundTrackUnmarked(t *testing.T) {
	for _, tc := range []struct {
		name string
		w    WoundTrack
	}{
		{"two a level", NewWoundTrack(2)},
		{"none on Terrible", NewWoundTrackOf([8]int{0, 2, 2, 2, 2, 2, 2, 2})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.w.Level(); got != Terrible-1 {
				t.Errorf("no damage: level %d, want %d (Terrible-1)", got, Terrible-1)
			}
		})
	}
}

// TestCoverageIsPassedOnlyAboveTheCV pins Exchange's PastCV at the CV
// (Combat Options 1.3: "If the striker s degree of success is greater
// than the CV ... as if no armor were present"): the book's example, a
// Great blow against a Mediocre defence (degree 3) past a shirt's CV 2,
// and a degree equal to the CV, which the armor still covers.
func TestCoverageIsPassedOnlyAboveTheCV(t *testing.T) {
	shirt := &Armor{AV: 2, CV: 2}
	for _, tc := range []struct {
		name             string
		defence          Level
		pastCV           bool
		absorbed, damage int
	}{
		{"the book's example: degree 3 past CV 2", Mediocre, true, 0, 3},
		{"degree 2 at CV 2: the AV counts", Fair, false, 2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := Exchange(Fighter{Skill: Great}, Fighter{Skill: tc.defence, Armor: shirt}, Ruling{Coverage: true}, 0, 0, nil)
			if err != nil || o.Winner != Attacker || o.PastCV != tc.pastCV || o.Absorbed != tc.absorbed || o.Damage != tc.damage {
				t.Errorf("Great against %s, CV 2 AV 2: degree %d, past CV %v, absorbed %d, damage %d (%v); want past CV %v, absorbed %d, damage %d",
					tc.defence, o.Degree, o.PastCV, o.Absorbed, o.Damage, err, tc.pastCV, tc.absorbed, tc.damage)
			}
		})
	}
}

// TestAWornShieldChecksAtMinusOne pins Shield.CheckModifier (Combat
// Options 2.3: "When a shield reaches half its damage points, the GM
// should apply a -1 modifier to the shield check"): −1 from exactly half
// its points on, none before, and none with the option off or no points.
func TestAWornShieldChecksAtMinusOne(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    Shield
		want int
	}{
		{"6 points, 2 taken", Shield{Points: 6, Taken: 2, UseDamage: true}, 0},
		{"6 points, 3 taken: half", Shield{Points: 6, Taken: 3, UseDamage: true}, -1},
		{"7 points, 4 taken", Shield{Points: 7, Taken: 4, UseDamage: true}, -1},
		{"shield damage on, no points given", Shield{UseDamage: true}, 0},
		{"shield damage off", Shield{Points: 6, Taken: 6}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.s.CheckModifier(); got != tc.want {
				t.Errorf("%+v: modifier %d, want %d", tc.s, got, tc.want)
			}
		})
	}
}

// TestChancesWeighEveryRoll pins Chances over the whole of 4dF, both
// sides' and the shield check's, -4 to +4: between equal fighters, where
// only the defender has a shield, the defender hurts as often as the
// attacker wins (hurting or striking the shield), and the three with a
// tie make certainty.
func TestChancesWeighEveryRoll(t *testing.T) {
	a := Fighter{Skill: Good, WeaponDamage: 1}
	d := Fighter{Skill: Good, WeaponDamage: 1, Shield: &Shield{Skill: Fair}}
	tie := 0.0
	for s := -4; s <= 4; s++ {
		tie += Chance4dF(s) * Chance4dF(s)
	}
	o := Chances(a, d, Ruling{})
	if o.Shielded <= 0 || o.AttackerHurts <= 0 {
		t.Fatalf("odds %+v: the shield takes some blows and misses others", o)
	}
	if got, want := o.AttackerHurts+o.Shielded, o.DefenderHurts; math.Abs(got-want) > 1e-12 {
		t.Errorf("odds %+v: the attacker wins %.6f, the defender %.6f; want equal", o, got, want)
	}
	if sum := o.AttackerHurts + o.Shielded + o.DefenderHurts + tie; math.Abs(sum-1) > 1e-12 {
		t.Errorf("odds %+v with a tie %.6f sum to %.6f, want 1", o, tie, sum)
	}
}

// TestFudgeDiceFromD6 pins how a d6 reads as a Fudge die (Roll4dF): 1–2
// are −1, 3–4 blank, 5–6 +1.
func TestFudgeDiceFromD6(t *testing.T) {
	for _, tc := range []struct {
		d6   []int
		want [4]int
	}{
		{[]int{1, 2, 3, 4}, [4]int{-1, -1, 0, 0}},
		{[]int{5, 6, 2, 1}, [4]int{1, 1, -1, -1}},
	} {
		d := dice(tc.d6)
		r, err := Roll4dF(&d)
		sum := tc.want[0] + tc.want[1] + tc.want[2] + tc.want[3]
		if err != nil || r.Dice != tc.want || r.Sum != sum {
			t.Errorf("d6 %v: %v sum %+d (%v), want %v sum %+d", tc.d6, r.Dice, r.Sum, err, tc.want, sum)
		}
	}
	if got := (Legendary + 2).String(); got != "Legendary+2" {
		t.Errorf("two above Legendary reads %q, want Legendary+2", got)
	}
}

// TestANonUniformWoundTrack pins NewWoundTrackOf and WoundTrack.Level on
// a track the GM drew unevenly (Combat Options 3.1: "need not be
// uniform"): boxes[i] belongs to the i-th level up from Terrible, the
// level is the one over the rightmost marked box, and a full track reads
// Legendary.
func TestANonUniformWoundTrack(t *testing.T) {
	boxes := [8]int{1, 1, 1, 3, 3, 2, 1, 1}
	for _, tc := range []struct {
		filled int
		want   Level
	}{{1, Terrible}, {3, Mediocre}, {4, Fair}, {6, Fair}, {7, Good}, {11, Great}, {12, Superb}, {13, Legendary}} {
		w := NewWoundTrackOf(boxes)
		if w.Boxes[Good] != 3 || w.Boxes[Great] != 2 || w.Capacity() != 13 {
			t.Fatalf("NewWoundTrackOf(%v): %v, want Good 3, Great 2, 13 boxes", boxes, w.Boxes)
		}
		w.Take(tc.filled)
		if got := w.Level(); got != tc.want {
			t.Errorf("track %v with %d marked: %s, want %s", boxes, tc.filled, got, tc.want)
		}
	}
}
