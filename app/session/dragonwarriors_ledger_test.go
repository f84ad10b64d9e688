package session

import (
	"strings"
	"testing"

	"hexslinger/rules/dragonwarriors"
)

// TestReflexesTenRollingPlusThreeAndMinusOneScoresTwelve: "Each turn, roll
// and add Reflexes. (For example, say you have Reflexes 10 and roll +3 and
// -1, that means your score is 12.)" (DW II: Combat). Sir Rolf, Reflexes
// 10, rolls 3 on the plus die and 1 on the minus die.
func TestReflexesTenRollingPlusThreeAndMinusOneScoresTwelve(t *testing.T) {
	s := openDW(t)
	e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{3, 1, 1, 1}})
	if e.APs["rolf"] != 12 {
		t.Errorf("Reflexes 10 rolling +3 and -1: initiative %d, want 12 (%q)", e.APs["rolf"], e.Text)
	}
	if !strings.Contains(e.Text, "Sir Rolf: Reflexes 10 (+2)") {
		t.Errorf("%q does not show Reflexes 10 (+2)", e.Text)
	}
}

// TestADrawIsNoWinForEither: "If the attacker wins, he does damage equal
// to the margin of victory"; "If the defender wins, he may elect to
// counter-attack" (DW II: Roll to Hit, Ripostes). Equal totals are won by
// neither: no wound, no riposte. Rolf 14 (-4) = 10 against Lennox 10
// (+0) = 10.
func TestADrawIsNoWinForEither(t *testing.T) {
	s := openDW(t)
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{1, 5, 1, 1}})
	if want := "Sir Rolf attacks Squire Lennox: 14 (-4), total 10; Squire Lennox defends 10 (+0), total 10: a draw."; !strings.Contains(e.Text, want) {
		t.Errorf("equal totals:\n got %q\nwant it to say %q", e.Text, want)
	}
	if e.Riposte != nil || s.State().Figures["lennox"].Hurt != 0 {
		t.Errorf("a draw: riposte %+v, Lennox hurt %d; want none and 0", e.Riposte, s.State().Figures["lennox"].Hurt)
	}
	refused(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Riposte: true, Dice: []int{1, 1, 1, 1}}, "no riposte")
}

// TestArmourNeverHealsAndNoWoundCallsNoToughnessRoll: "Armour subtracts
// from damage" (DW II: Armour), and "Each time an injury is suffered, roll
// Toughness vs (Wounds + 5)" (Injury): a margin of 1 against chain mail
// (-3) deals no wound, not -2, and no injury calls no Toughness roll.
// Lennox already has 4 wounds; they stay 4.
func TestArmourNeverHealsAndNoWoundCallsNoToughnessRoll(t *testing.T) {
	s := openDW(t)
	setDW(t, s, "lennox", func(d *dragonwarriors.Sheet) { d.Armour = "chain" })
	// Rolf 14 (+0) against 10 (+0): 4, less 3: one wound; Toughness 10
	// (+0) against 6.
	mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{1, 1, 1, 1, 1, 1}})
	if h := s.State().Figures["lennox"].Hurt; h != 1 {
		t.Fatalf("Lennox hurt %d after a margin of 4 against chain, want 1", h)
	}
	// Rolf 14 (-3) = 11 against 10 (+0): a margin of 1, less 3.
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{1, 4, 1, 1}})
	if want := "Sir Rolf wins by 1 and deals 0 wound(s)."; !strings.Contains(e.Text, want) || strings.Contains(e.Text, "Toughness") {
		t.Errorf("a margin of 1 against chain:\n got %q\nwant %q and no Toughness roll", e.Text, want)
	}
	if h := s.State().Figures["lennox"].Hurt; h != 1 {
		t.Errorf("Lennox hurt %d, want still 1", h)
	}
}

// TestTheRangeRoundsToTheNearestFootOrFathom: "the difficulty rating
// equals the range in feet ... the range in fathoms (ie divide the range
// in feet by six)" (DW II: Missile Combat: Feet and Fathoms). The map's
// 2.5-foot paces give half feet and fractions of fathoms: the range rounds
// to the nearest whole one, a half up (docs/defaults.md). Lennox, at K8,
// throws or shoots at Rolf 3, 5 or 6 hexes away, every roll (+0).
func TestTheRangeRoundsToTheNearestFootOrFathom(t *testing.T) {
	for _, tc := range []struct {
		name, weapon, at, want string
	}{
		{"a knife at 7.5 feet", "small", "H8", "at Sir Rolf, 8 feet away: difficulty 8."},
		{"a bow at 12.5 feet, 2.08 fathoms", "bow", "F8", "at Sir Rolf, 2 fathoms away: difficulty 2."},
		{"a bow at 15 feet, 2.5 fathoms", "bow", "E8", "at Sir Rolf, 3 fathoms away: difficulty 3."},
		{"a crossbow at 15 feet, 2.5 fathoms", "crossbow", "E8", "at Sir Rolf, 3 fathoms away: difficulty 3."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openDW(t)
			setDW(t, s, "lennox", func(d *dragonwarriors.Sheet) { d.Weapon = tc.weapon })
			to, _ := s.State().Map.ParseHex(tc.at)
			mustDo(t, s, Command{Kind: CommandMove, Figure: "rolf", To: &to})
			e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "lennox", Shots: []ShotOrder{{Target: "rolf"}}, Dice: []int{1, 1, 1, 1, 1, 1}})
			if !strings.Contains(e.Text, tc.want) {
				t.Errorf("\n got %q\nwant it to say %q", e.Text, tc.want)
			}
		})
	}
}

// TestARiposteIsTheMarginAloneWithTheWeaponsDamage: the defender who wins
// counter-attacks "using his margin of victory as an Attack score" (DW
// II: Ripostes): the weapon's attack bonus is not added to it, but its
// damage bonus counts on the hit, as every blow's does (docs/defaults.md).
// Rolf, with a two-handed heavy weapon (+1 Attack, +3 Damage), meets
// Lennox's 11 (-4) = 7 with 14 (+0) and ripostes with 7 (+4) = 11 against
// Lennox's 10 (-3) = 7: a margin of 4 and 7 wounds; Lennox's Toughness 10
// (+2) = 12 against 12 keeps his wits.
func TestARiposteIsTheMarginAloneWithTheWeaponsDamage(t *testing.T) {
	s := openDW(t)
	setDW(t, s, "rolf", func(d *dragonwarriors.Sheet) { d.Weapon = "two-handed-heavy" })
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{1, 5, 1, 1}})
	if !strings.Contains(e.Text, "Sir Rolf wins by 7 and may riposte with 7") {
		t.Fatalf("Lennox's blow: %q", e.Text)
	}
	e = mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Riposte: true, Dice: []int{5, 1, 1, 4, 3, 1}})
	if want := "Sir Rolf ripostes at Squire Lennox: 7 (+4), total 11; Squire Lennox defends 10 (-3), total 7: Sir Rolf wins by 4 and deals 7 wound(s)"; !strings.Contains(e.Text, want) {
		t.Errorf("the riposte:\n got %q\nwant it to say %q", e.Text, want)
	}
	if h := s.State().Figures["lennox"].Hurt; h != 7 {
		t.Errorf("Lennox hurt %d, want 7", h)
	}
}

// TestARiposteIsTheDefendersChoice: "If the defender wins, he may elect to
// counter-attack" (DW II: Ripostes): the defender who won may let it go;
// his next action, his own attack, is no riposte, and the riposte is gone
// after it. Lennox 11 (-4) = 7 against Rolf 14 (+0); Rolf attacks
// instead, 14 (+0) against 10 (+0).
func TestARiposteIsTheDefendersChoice(t *testing.T) {
	s := openDW(t)
	if e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{1, 5, 1, 1}}); e.Riposte == nil || e.Riposte.Score != 7 {
		t.Fatalf("Lennox's blow: %q, riposte %+v; want one of 7 offered", e.Text, e.Riposte)
	}
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{1, 1, 1, 1, 1, 1}})
	if !strings.Contains(e.Text, "Sir Rolf attacks Squire Lennox: 14 (+0), total 14") {
		t.Errorf("Rolf's own attack: %q", e.Text)
	}
	refused(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Riposte: true, Dice: []int{1, 1, 1, 1, 1, 1}}, "no riposte")
}
