package dragonwarriors

import (
	"math"
	"strings"
	"testing"

	"hexslinger/rules/internal/testdice"
)

type dice = testdice.Dice

func TestPlusMinusIsOpenEnded(t *testing.T) {
	for _, tc := range []struct {
		name  string
		faces []int
		value int
		six2  bool
	}{
		{"plain", []int{4, 2}, 2, false},
		{"a six on the plus die rolls again", []int{6, 3, 1}, 8, false},
		{"sixes on the minus die subtract again", []int{2, 6, 6, 1}, -11, false},
		{"double six", []int{6, 2, 6, 1}, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := dice(tc.faces)
			r, err := RollPlusMinus(&d)
			if err != nil || r.Value != tc.value || r.DoubleSix != tc.six2 {
				t.Errorf("%v: %+v %v, want %+d (double six %v)", tc.faces, r, err, tc.value, tc.six2)
			}
		})
	}
}

// TestSirRolfAgainstSquireLennox is DW II's worked example of combat, the
// dice typed in as the text gives them. Two of its rolls disagree with
// their own totals: Lennox's "(+10!), total 21" (Defence 10 needs +11 for
// 21) and Rolf's "(0), total 15" (Attack 14 needs +1); the test types the
// dice that give the text's totals, margins and wounds.
func TestSirRolfAgainstSquireLennox(t *testing.T) {
	// The example leaves weapon modifiers out: no weapon named.
	rolf := &Fighter{Name: "Rolf", Attack: 14, Defence: 14, Toughness: 13, Reflex: 10}
	lennox := &Fighter{Name: "Lennox", Attack: 11, Defence: 10, Toughness: 10, Reflex: 11}
	d := dice{
		1, 5, 1, 4, // initiative: Rolf (-4), Lennox (-3)
		1, 2, 2, 1, // Lennox attacks (-1); Rolf defends (+1)
		6, 1, 1, 1, 4, 1, 2, // Rolf ripostes (+6); Lennox (-3); Lennox's Toughness (-1)
		3, 1, 6, 6, 1, 2, // Rolf attacks (+2); Lennox defends (+11)
		1, 5, 1, 2, // Lennox ripostes (-4); Rolf defends (-1)
		1, 3, 1, 4, 1, 3, // Rolf counter-ripostes (-2); Lennox (-3); Toughness (-2)
		2, 1, 6, 1, 1, 6, 3, 1, // next turn: Rolf (+1), Lennox (+6), Toughness (+8)
	}

	order, totals, err := Initiative(&d, []*Fighter{rolf, lennox})
	if err != nil {
		t.Fatal(err)
	}
	if totals[rolf] != 6 || totals[lennox] != 8 || order[0] != lennox {
		t.Fatalf("initiative: Rolf %d, Lennox %d, first %s; want 6, 8, Lennox", totals[rolf], totals[lennox], order[0].Name)
	}
	step := func(name string, a *Fighter, att int, b *Fighter, wantAtt, wantDef int) Blow {
		t.Helper()
		bl, err := Strike(&d, a, att, b, Normal, Reading{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if bl.AttackTotal != wantAtt || bl.DefTotal != wantDef {
			t.Errorf("%s: totals %d against %d, want %d against %d (%s)", name, bl.AttackTotal, bl.DefTotal, wantAtt, wantDef, bl.Text)
		}
		return bl
	}
	// Lennox swings: 10 against Rolf's 15. Rolf wins by five, ripostes.
	bl := step("Lennox's blow", lennox, lennox.AttackScore(), rolf, 10, 15)
	if bl.Hit || bl.Riposte != 5 {
		t.Fatalf("Rolf should win by 5 and may riposte: %+v", bl)
	}
	// Rolf's riposte: 5 + 6 = 11 against 7: four wounds; Lennox's
	// Toughness 9 against 4 + 5 = 9 is a draw: not stunned.
	bl = step("Rolf's riposte", rolf, bl.Riposte, lennox, 11, 7)
	if bl.Wounds != 4 || lennox.Wounds != 4 || bl.Check == nil || bl.Check.Total != 9 || bl.Check.TN != 9 || lennox.Stunned {
		t.Fatalf("after the riposte: %+v, Lennox %+v", bl, lennox)
	}
	// Rolf's own attack: 16 against 21; Lennox ripostes with 5.
	bl = step("Rolf's attack", rolf, rolf.AttackScore(), lennox, 16, 21)
	if bl.Riposte != 5 {
		t.Fatalf("Lennox's riposte: %+v", bl)
	}
	// Lennox's riposte: 1 against 13; Rolf wins by 12 and counter-ripostes.
	bl = step("Lennox's riposte", lennox, bl.Riposte, rolf, 1, 13)
	if bl.Riposte != 12 {
		t.Fatalf("Rolf's counter-riposte: %+v", bl)
	}
	// The counter-riposte: 10 against 7: three more wounds, seven in all;
	// Toughness 8 against 12: stunned, not knocked out.
	bl = step("Rolf's counter-riposte", rolf, bl.Riposte, lennox, 10, 7)
	if bl.Wounds != 3 || lennox.Wounds != 7 || bl.Check.Total != 8 || bl.Check.TN != 12 || !lennox.Stunned || lennox.KnockedOut {
		t.Fatalf("after the counter-riposte: %+v, Lennox %+v", bl.Check, lennox)
	}
	// The next turn: stunned, Lennox defends at 0. Rolf 15 against 6:
	// nine wounds, 16 in all; Toughness 18 against 21: stunned again, on
	// his feet, and now past his Toughness.
	if lennox.DefenceScore(Normal) != 0 || lennox.AttackScore() != 0 {
		t.Fatalf("a stunned Lennox has Attack %d and Defence %d", lennox.AttackScore(), lennox.DefenceScore(Normal))
	}
	bl = step("Rolf's mace", rolf, rolf.AttackScore(), lennox, 15, 6)
	if bl.Margin != 9 || bl.Wounds != 9 || lennox.Wounds != 16 || bl.Check.Total != 18 || bl.Check.TN != 21 || !lennox.Stunned || lennox.KnockedOut || lennox.Dead || bl.Check.DeathRoll != nil {
		t.Fatalf("after the mace: %+v, check %+v, Lennox %+v", bl, bl.Check, lennox)
	}
	if len(d) != 0 {
		t.Errorf("%d dice left over", len(d))
	}
	// One more wound and a failed Toughness against Wounds kills him.
	d = dice{1, 2, 1, 5}
	c, err := Injure(&d, lennox, 1, Reading{})
	if err != nil || c.DeathRoll == nil || !c.Died || !lennox.Dead {
		t.Errorf("a wound past Toughness: %+v %v", c, err)
	}
}

func TestStances(t *testing.T) {
	f := &Fighter{Name: "F", Attack: 13, Defence: 8, Shield: true}
	for _, tc := range []struct {
		s    Stance
		want int
	}{{Normal, 10}, {FullParry, 23}, {AggressiveParry, 16}} {
		if got := f.DefenceScore(tc.s); got != tc.want {
			t.Errorf("%s: defence %d, want %d", tc.s, got, tc.want)
		}
	}
	// A full parry gives no riposte.
	d := dice{1, 2, 4, 1}
	a := &Fighter{Name: "A", Attack: 10}
	bl, _ := Strike(&d, a, 10, f, FullParry, Reading{})
	if bl.Hit || bl.Riposte != 0 || !strings.Contains(bl.Text, "F wins by") {
		t.Errorf("a full parry: %+v", bl)
	}
}

func TestWeaponsShieldsArmour(t *testing.T) {
	for _, tc := range []struct {
		id       string
		att, dmg int
		thrown   bool
	}{
		{"two-handed-heavy", 1, 3, false},
		{"two-handed-sword", 2, 1, false},
		{"light-spear", 1, 0, true},
		{"one-handed-heavy", 0, 2, false},
		{"one-handed-sword", 1, 0, false},
		{"small", 0, 0, true},
		{"unarmed", 0, -1, false},
	} {
		w, ok := FindWeapon(tc.id)
		if !ok || w.Attack != tc.att || w.Damage != tc.dmg || w.Thrown != tc.thrown {
			t.Errorf("%s: %+v", tc.id, w)
		}
	}
	for armour, want := range map[string]int{"leather": 1, "cloth": 1, "ring": 2, "scale": 2, "chain": 3, "plate": 3} {
		if Armour[armour] != want {
			t.Errorf("%s: -%d, want -%d", armour, Armour[armour], want)
		}
	}
	// A mace (+2 damage) through chain (-3): a margin of 4 deals 3.
	d := dice{3, 1, 1, 2, 5, 1}
	a := &Fighter{Name: "A", Attack: 10, Weapon: "one-handed-heavy"}
	b := &Fighter{Name: "B", Defence: 9, Toughness: 12, Armour: "chain"}
	bl, err := Strike(&d, a, a.AttackScore(), b, Normal, Reading{})
	if err != nil || bl.Margin != 4 || bl.Wounds != 3 {
		t.Errorf("mace through chain: %+v %v", bl, err)
	}
}

func TestMissileDifficulty(t *testing.T) {
	knife, _ := FindWeapon("small")
	bow, _ := FindWeapon("bow")
	for _, tc := range []struct {
		name   string
		w      Weapon
		feet   float64
		shield bool
		want   int
	}{
		{"a knife at 12 feet", knife, 12, false, 12},
		{"a bow at 120 feet: 20 fathoms", bow, 120, false, 20},
		{"a bow at a shield-bearer", bow, 120, true, 22},
	} {
		if got := MissileDifficulty(tc.w, tc.feet, tc.shield); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestWinChance(t *testing.T) {
	// Equal scores: a win and a loss are as likely, and a draw takes the
	// rest.
	even := WinChance(10, 10)
	if even <= 0.4 || even >= 0.5 {
		t.Errorf("10 against 10: %.3f, want a little under one half", even)
	}
	if d := WinChance(10, 10) + WinChance(10, 10) + drawChance(10, 10); d < 0.999 || d > 1.001 {
		t.Errorf("win + lose + draw = %.4f", d)
	}
	if !(WinChance(14, 10) > WinChance(12, 10) && WinChance(12, 10) > even) {
		t.Error("a higher attack should win more often")
	}
}

func drawChance(a, d int) float64 {
	p := 0.0
	for x, px := range distribution {
		for y, py := range distribution {
			if a+x == d+y {
				p += px * py
			}
		}
	}
	return p
}

// TestMissileAgainstADifficulty: a missile is "the same form as melee
// combat" with the difficulty in place of Defence (DW II: Missile Combat),
// whatever the target's state, and never lifts a knock-out; read as one
// roll against the environment, the difficulty is not rolled.
func TestMissileAgainstADifficulty(t *testing.T) {
	archer := &Fighter{Name: "Will", Attack: 12, Weapon: "bow"}
	for _, tc := range []struct {
		name   string
		target Fighter
		r      Reading
		faces  []int
		want   string
		out    bool
	}{
		{"rolled", Fighter{Name: "Rolf", Toughness: 13}, Reading{}, []int{2, 1, 1, 1, 1, 1},
			"Will attacks Rolf: 12 (+1), total 13; the difficulty 4 (+0), total 4: Will wins by 9 and deals 9 wound(s); Rolf rolls Toughness (+0), total 13 vs Wounds 9 + 5 = 14: stunned.", false},
		{"one roll", Fighter{Name: "Rolf", Toughness: 13}, Reading{OneRollMissiles: true}, []int{2, 1, 1, 1},
			"Will attacks Rolf: 12 (+1), total 13; the difficulty 4 (not rolled), total 4: Will wins by 9", false},
		{"a knocked-out target, no nearer", Fighter{Name: "Rolf", Toughness: 13, KnockedOut: true}, Reading{}, []int{1, 1, 1, 1, 1, 1},
			"the difficulty 4 (+0), total 4: Will wins by 8 and deals 8 wound(s); Rolf rolls Toughness (+0), total 13 vs Wounds 8 + 5 = 13: still knocked out.", true},
		{"a draw", Fighter{Name: "Rolf", Toughness: 13}, Reading{}, []int{1, 5, 5, 1},
			"total 8; the difficulty 4 (+4), total 8: a draw.", false},
		{"a miss", Fighter{Name: "Rolf", Toughness: 13}, Reading{}, []int{1, 5, 6, 1, 1},
			"total 8; the difficulty 4 (+6), total 10: Will misses by 2.", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := dice(tc.faces)
			b := tc.target
			bl, err := Missile(&d, archer, archer.AttackScore(), &b, 4, tc.r)
			if err != nil || !strings.Contains(bl.Text, tc.want) || b.KnockedOut != tc.out || bl.Riposte != 0 {
				t.Errorf("%v: %q %v (knocked out %v), want %q", tc.faces, bl.Text, err, b.KnockedOut, tc.want)
			}
		})
	}
}

// TestWhatIsThrown: the missile rule's "rocks, axes, knives and javelins"
// throws the heavy weapons and improvised ones too; the table's "can be
// thrown" only spears and small weapons (DW II: Missile Combat, Weapons).
func TestWhatIsThrown(t *testing.T) {
	for _, w := range Weapons {
		rule, table := (Reading{}).Shot(w), (Reading{ThrownAsTable: true}).Shot(w)
		wantRule := w.ID != "two-handed-sword" && w.ID != "one-handed-sword"
		wantTable := w.ID == "light-spear" || w.ID == "small" || w.LongRange
		if rule != wantRule || table != wantTable {
			t.Errorf("%s: the rule's reading %v, the table's %v; want %v, %v", w.ID, rule, table, wantRule, wantTable)
		}
	}
}

// TestOnlySmallWeaponsAreConcealed: "Small weapons (knives etc.): ...
// can be concealed" (Weapons), and no other row says so.
func TestOnlySmallWeaponsAreConcealed(t *testing.T) {
	for _, w := range append(Weapons, Weapon{}) {
		err := Sheet{Weapon: w.ID, Concealed: true}.Check()
		if (err == nil) != (w.ID == "small") {
			t.Errorf("%q concealed: %v", w.ID, err)
		}
	}
}

// TestEachRollIsTheRollersOwn: every roll is asked of the fighter whose
// it is (rules.For, Fighter.Who), so that a player's own dice roll their
// own fighter's alone: the attack roll the attacker's, the defence roll,
// a missile difficulty's roll and the Toughness and death rolls the
// defender's, each fighter's Reflexes its own.
func TestEachRollIsTheRollersOwn(t *testing.T) {
	fighters := func() (*Fighter, *Fighter) {
		return &Fighter{Name: "Rolf", Who: "rolf", Attack: 14, Defence: 14, Toughness: 13, Reflex: 10},
			&Fighter{Name: "Lennox", Who: "lennox", Attack: 11, Defence: 10, Toughness: 10, Reflex: 11, Wounds: 12}
	}
	rolls := func(rolf, lennox []int) (testdice.Whose, *dice, *dice) {
		r, l := dice(rolf), dice(lennox)
		return testdice.Whose{"rolf": &r, "lennox": &l}, &r, &l
	}
	t.Run("a blow: attack, defence, Toughness, death roll", func(t *testing.T) {
		rolf, lennox := fighters()
		w, r, l := rolls([]int{5, 1}, []int{1, 5, 1, 2, 3, 1})
		bl, err := Strike(w, rolf, rolf.AttackScore(), lennox, Normal, Reading{})
		if err != nil || bl.AttackRoll.Value != 4 || bl.DefRoll.Value != -4 || bl.Check == nil || bl.Check.DeathRoll == nil {
			t.Fatalf("the blow %+v, %v", bl, err)
		}
		if len(*r) > 0 || len(*l) > 0 {
			t.Errorf("dice unused: Rolf's %v, Lennox's %v", *r, *l)
		}
	})
	t.Run("a missile's difficulty", func(t *testing.T) {
		rolf, lennox := fighters()
		w, r, l := rolls([]int{3, 1}, []int{4, 1})
		bl, err := Missile(w, rolf, rolf.AttackScore(), lennox, 20, Reading{})
		if err != nil || bl.AttackRoll.Value != 2 || bl.DefRoll.Value != 3 || len(*r)+len(*l) > 0 {
			t.Errorf("the missile %+v, %v; left Rolf's %v, Lennox's %v", bl, err, *r, *l)
		}
	})
	t.Run("initiative", func(t *testing.T) {
		rolf, lennox := fighters()
		w, r, l := rolls([]int{5, 1}, []int{1, 5})
		_, totals, err := Initiative(w, []*Fighter{rolf, lennox})
		if err != nil || totals[rolf] != 14 || totals[lennox] != 7 || len(*r)+len(*l) > 0 {
			t.Errorf("initiative %v, %v", totals, err)
		}
	})
}

// DW II, Injury: "A character whose cumulative wounds score is greater
// than his Toughness must roll Wounds vs Toughness every time a further
// wound is taken, or die": at Toughness no death roll; past it, the roll
// that meets Wounds lives and the one short of it dies.
func TestInjureDeathRoll(t *testing.T) {
	for _, tc := range []struct {
		name      string
		wounds    int // before the blow
		faces     []int
		deathRoll bool
		died      bool
	}{
		{"wounds at Toughness: no death roll", 10, []int{3, 3}, false, false},
		{"past Toughness, 10 +2 meets 12 wounds: lives", 11, []int{3, 3, 4, 2}, true, false},
		{"past Toughness, 10 +1 short of 12 wounds: dies", 11, []int{3, 3, 3, 2}, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &Fighter{Name: "Lennox", Toughness: 10, Wounds: tc.wounds}
			d := dice(tc.faces)
			c, err := Injure(&d, f, 1, Reading{})
			if err != nil || (c.DeathRoll != nil) != tc.deathRoll || c.Died != tc.died || f.Dead != tc.died {
				t.Errorf("Toughness 10, %d wounds +1, dice %v: death roll %v died %v (%v), want %v %v", tc.wounds, tc.faces, c.DeathRoll != nil, c.Died, err, tc.deathRoll, tc.died)
			}
		})
	}
}

// DW II, Injury: "A roll failed by more than five means that the
// character is knocked out"; the worked example's reading "by five or
// more" is KnockOutAtFive.
func TestKnockedOutBoundary(t *testing.T) {
	for _, tc := range []struct {
		name     string
		r        Reading
		failedBy int
		want     bool
	}{
		{"more than five: by 5 only stuns", Reading{}, 5, false},
		{"more than five: by 6 knocks out", Reading{}, 6, true},
		{"five or more: by 5 knocks out", Reading{KnockOutAtFive: true}, 5, true},
		{"five or more: by 4 only stuns", Reading{KnockOutAtFive: true}, 4, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.r.KnockedOut(tc.failedBy); got != tc.want {
				t.Errorf("%+v failed by %d: knocked out %v, want %v", tc.r, tc.failedBy, got, tc.want)
			}
		})
	}
}

// DW II, Combat and Armour: initiative is Reflexes plus the roll, less the
// armour ("Armour subtracts from damage and also from initiative rolls");
// an attack adds the weapon's bonus. Equal totals keep the order given (the
// table decides who delays).
func TestInitiativeAndAttackScore(t *testing.T) {
	for _, tc := range []struct {
		name   string
		f      Fighter
		faces  []int
		total  int
		attack int
	}{
		{"Reflexes 10 +3 in chain: 10", Fighter{Reflex: 10, Armour: "chain", Attack: 12}, []int{4, 1}, 10, 12},
		{"Reflexes 11 +1 in leather: 11", Fighter{Reflex: 11, Armour: "leather", Attack: 12, Weapon: "two-handed-sword"}, []int{3, 2}, 11, 14},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := tc.f
			d := dice(tc.faces)
			_, totals, err := Initiative(&d, []*Fighter{&f})
			if err != nil || totals[&f] != tc.total {
				t.Errorf("%+v rolling %v: initiative %d (%v), want %d", tc.f, tc.faces, totals[&f], err, tc.total)
			}
			if got := f.AttackScore(); got != tc.attack {
				t.Errorf("%+v: attack score %d, want %d", tc.f, got, tc.attack)
			}
		})
	}
	t.Run("equal totals keep the order given", func(t *testing.T) {
		a, b := &Fighter{Name: "A", Reflex: 10}, &Fighter{Name: "B", Reflex: 10}
		d := dice{3, 3, 4, 4}
		order, _, err := Initiative(&d, []*Fighter{a, b})
		if err != nil || order[0] != a || order[1] != b {
			t.Errorf("A and B both 10: order %s %s (%v), want A B", order[0].Name, order[1].Name, err)
		}
	})
}

// A sheet's numbers run 0 to 40; its weapon must be in the table.
func TestSheetCheckBounds(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    Sheet
		ok   bool
	}{
		{"40 is in range", Sheet{Attack: 40, Defence: 0, Toughness: 10, Reflexes: 10}, true},
		{"41 is not", Sheet{Attack: 41, Toughness: 10, Reflexes: 10}, false},
		{"no weapon", Sheet{Attack: 12}, true},
		{"an unknown weapon", Sheet{Attack: 12, Weapon: "blunderbuss"}, false},
		{"a known weapon", Sheet{Attack: 12, Weapon: "bow"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.s.Check(); (err == nil) != tc.ok {
				t.Errorf("%+v: %v, want ok %v", tc.s, err, tc.ok)
			}
		})
	}
}

// TestNoWoundNoToughnessRoll pins resolve's Toughness roll to a blow that
// wounds (DW II: "Each time an injury is suffered, roll Toughness vs
// (Wounds + 5)"): a win by 2 with a sword (+0) against plate (−3) deals
// no wound, so no Toughness is rolled and the defender is as before.
func TestNoWoundNoToughnessRoll(t *testing.T) {
	d := dice{3, 1, 1, 1} // attack +2, defence 0: no more dice
	a := &Fighter{Name: "A", Attack: 10, Weapon: "one-handed-sword"}
	b := &Fighter{Name: "B", Defence: 10, Toughness: 5, Armour: "plate", Wounds: 3}
	bl, err := Strike(&d, a, 10, b, Normal, Reading{})
	if err != nil || !bl.Hit || bl.Margin != 2 || bl.Wounds != 0 || bl.Check != nil {
		t.Fatalf("a win by 2 through plate: hit %v, margin %d, wounds %d, check %+v (%v); want a hit by 2, 0 wounds, no check",
			bl.Hit, bl.Margin, bl.Wounds, bl.Check, err)
	}
	if b.Wounds != 3 || b.Stunned || b.KnockedOut || b.Dead || len(d) != 0 {
		t.Errorf("after no wound: %+v, %d dice left; want B as before and no dice rolled", b, len(d))
	}
}

// TestPlusMinusChances pins the odds' distribution of a plus-minus roll
// (DW II: Rolling Dice, "If one of the dice shows a six, add and
// re-roll"): an open-ended die shows 6m+r (r 1–5) with (1/6)^(m+1), so a
// value of 0 has 5/35, 1 and −1 4/35, 5 4/210 and 6 5/210; no six stands
// alone, so 6 is never one die's total.
func TestPlusMinusChances(t *testing.T) {
	for v, want := range map[int]float64{0: 5.0 / 35, 1: 4.0 / 35, -1: 4.0 / 35, 5: 4.0 / 210, -6: 5.0 / 210} {
		if got := distribution[v]; math.Abs(got-want) > 1e-9 {
			t.Errorf("P(plus-minus = %+d) = %.9f, want %.9f", v, got, want)
		}
	}
}
