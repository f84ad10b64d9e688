package session

import (
	"fmt"
	"testing"

	"hexslinger/rules/fudge"
)

// TestAShieldAtHalfItsPointsChecksAtMinusOne: "When a shield reaches half
// its damage points, the GM should apply a -1 modifier to the shield
// check" (Combat Options 2.3): a shield of 6 points that has taken 3 has
// reached half and checks at -1; one of 7 that has taken 3 has not. The
// Sheriff (Great +1) beats Ned (Good +1) by 1, a blow of 3 (weapon +2)
// that Ned's shield check (Fair +3 = Superb) takes; then the same again.
func TestAShieldAtHalfItsPointsChecksAtMinusOne(t *testing.T) {
	for _, tc := range []struct {
		name   string
		points int
		want   string
	}{
		{"3 of 6 taken: half, -1", 6, "Big Ned's shield check: Fair +3, worn -1 = Great against Superb: too low"},
		{"3 of 7 taken: short of half", 7, "Big Ned's shield check: Fair +3 = Superb against Superb: the blow strikes the shield"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openFudge(t, fudge.Options{ShieldChecks: true, ShieldDamage: true})
			ch := s.State().Characters["bruiser"].Clone()
			ch.Fudge.ShieldPoints = tc.points
			mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
			has(t, mustDo(t, s, strike("sheriff", "bruiser", "+000", "+000", "+++0")).Text,
				fmt.Sprintf("the shield takes 3 (3 of %d points)", tc.points))
			mustDo(t, s, Command{Kind: CommandNewRound})
			has(t, mustDo(t, s, strike("sheriff", "bruiser", "+000", "+000", "+++0")).Text, tc.want)
		})
	}
}

// TestRecoveryWaitsAsManyRoundsAsDamagePoints: "It is recommended that
// the player be out of combat for at least as many rounds as he has
// damage points before being allowed to attempt to recover" (Combat
// Options 4.4): the Sheriff, out with 4 damage, is refused after 3 rounds
// and may try after 4.
func TestRecoveryWaitsAsManyRoundsAsDamagePoints(t *testing.T) {
	s := openFudge(t, fudge.Options{DamageChecks: true, RecoveryInCombat: true})
	has(t, mustDo(t, s, strike("sheriff", "bruiser", "----", "+000", "----")).Text, "is knocked down and out of the engagement")
	for range 3 {
		mustDo(t, s, Command{Kind: CommandNewRound})
	}
	refused(t, s, Command{Kind: CommandRecover, Figure: "sheriff", Dice: df("0000")}, "has been out 3 round(s); recovery waits 4")
	mustDo(t, s, Command{Kind: CommandNewRound})
	has(t, mustDo(t, s, Command{Kind: CommandRecover, Figure: "sheriff", Dice: df("0000")}).Text, "damage check: Good +0, wounds -1 = Fair against Fair")
}

// TestTheStandardDamageLevelsAtTheirEdges: "These levels can map into the
// Fudge scale as follows. Damage Type Scratch Hurt Very Hurt Incapacitated
// Near Death Dead Fudge Level Mediocre Fair Good Great Superb Legendary"
// (Combat Options 4.2.1), with the core levels' damage points as
// docs/defaults.md reads them (1–2 scratch, 3–4 hurt, 5–6 very hurt, 7–8
// incapacitated, 9–10 near death, more dead): every edge of the table.
// Big Ned (Good +1) beats the unarmored Sheriff (Great -1) by 1, his
// weapon set to give the damage.
func TestTheStandardDamageLevelsAtTheirEdges(t *testing.T) {
	for _, tc := range []struct {
		damage int
		want   string
	}{
		{1, "Mediocre (scratch)"}, {2, "Mediocre (scratch)"},
		{3, "Fair (hurt)"}, {4, "Fair (hurt)"},
		{5, "Good (very hurt)"}, {6, "Good (very hurt)"},
		{7, "Great (incapacitated)"}, {8, "Great (incapacitated)"},
		{9, "Superb (near death)"}, {10, "Superb (near death)"},
		{11, "Legendary (dead)"},
	} {
		t.Run(fmt.Sprint(tc.damage), func(t *testing.T) {
			s := openFudge(t, fudge.Options{})
			sh := s.State().Characters["sheriff"].Clone()
			sh.Fudge.Armor = nil
			mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &sh})
			ned := s.State().Characters["bruiser"].Clone()
			ned.Fudge.WeaponDamage = tc.damage - 1
			mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ned})
			e := mustDo(t, s, strike("bruiser", "sheriff", "+000", "-000"))
			has(t, e.Text, fmt.Sprintf("%d damage", tc.damage), "Sheriff Bart is at wound level "+tc.want)
			if h := s.State().Figures["sheriff"].Hurt; h != tc.damage {
				t.Errorf("the Sheriff hurt %d, want %d", h, tc.damage)
			}
		})
	}
}

// TestAnEqualExchangeHurtsNobody: the degree of success is "the difference
// between the winner's and the loser's rolled degrees" (Combat Options,
// Glossary): equal results have no winner, and nobody is hurt. The
// Sheriff (Great +0) and Ned (Good +1) both come to Great.
func TestAnEqualExchangeHurtsNobody(t *testing.T) {
	s := openFudge(t, fudge.Options{})
	has(t, mustDo(t, s, strike("sheriff", "bruiser", "0000", "+000")).Text,
		"Great +0 = Great against Good +1 = Great", "A tie: neither is hurt.")
	if st := s.State(); st.Figures["sheriff"].Hurt != 0 || st.Figures["bruiser"].Hurt != 0 {
		t.Errorf("a tie: the Sheriff hurt %d, Ned %d; want 0 and 0", st.Figures["sheriff"].Hurt, st.Figures["bruiser"].Hurt)
	}
}

// TestTheArmorValueNeverHeals: the AV "should be used to reduce the damage
// done to the protected player" (Combat Options 1.2): reduced to nothing,
// never below. Big Ned (Good +1) beats the Sheriff (Great -1) by 1, a
// blow of 2 (weapon +1) against steel plate (AV 3): no damage, and the
// 1 the Sheriff took before (a blow of 2 against his vest, AV 1) stays 1.
func TestTheArmorValueNeverHeals(t *testing.T) {
	s := openFudge(t, fudge.Options{})
	mustDo(t, s, strike("bruiser", "sheriff", "++00", "0000"))
	if h := s.State().Figures["sheriff"].Hurt; h != 1 {
		t.Fatalf("the Sheriff hurt %d by the first blow, want 1", h)
	}
	mustDo(t, s, Command{Kind: CommandNewRound})
	ch := s.State().Characters["sheriff"].Clone()
	ch.Fudge.Armor = &fudge.Armor{Name: "steel plate", AV: fudge.ArmorMaterials["steel plate with under mail coat"], CV: fudge.CoverageTypes["full suit"]}
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
	has(t, mustDo(t, s, strike("bruiser", "sheriff", "+000", "-000")).Text, "Big Ned hits Sheriff Bart by 1: 0 damage (weapon +1, armor −3).")
	if h := s.State().Figures["sheriff"].Hurt; h != 1 {
		t.Errorf("the Sheriff hurt %d after a blow of 2 against AV 3, want still 1", h)
	}
}
