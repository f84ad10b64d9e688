package session

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hexslinger/rules"
	"hexslinger/rules/fudge"
)

// df types 4dF as the d6 faces the session reads: "-" a 1, "0" a 3, "+"
// a 5; each argument one roll of four.
func df(rolls ...string) []int {
	var out []int
	for _, r := range rolls {
		for _, c := range r {
			out = append(out, map[rune]int{'-': 1, '0': 3, '+': 5}[c])
		}
	}
	return out
}

// openFudge opens the Fudge demo (the Sheriff, Great in melee, Good
// damage capacity, weapon +2, a vest AV 1 CV 1, beside Big Ned, Good in
// melee, Great capacity, weapon +1, a Fair shield of 6 points) with the
// Combat Options modules o.
func openFudge(t *testing.T, o fudge.Options) *Session {
	t.Helper()
	f := bundledFight(t, "fudge")
	f.Options = withFudgeModules(f.Options, &o)
	return openFile(t, f)
}

// has fails the test unless text holds every part.
func has(t *testing.T, text string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(text, p) {
			t.Errorf("%q lacks %q", text, p)
		}
	}
}

// strike is a Fudge strike with typed dice.
func strike(by, at string, dice ...string) Command {
	return Command{Kind: CommandStrike, Figure: by, Target: at, Dice: df(dice...)}
}

func TestFudgeThroughTheSession(t *testing.T) {
	s := openBundled(t, "fudge")
	// The Sheriff (Great) rolls ++00: Legendary; Big Ned (Good) 0000: Good.
	// A hit by 3. Ned's shield check (Fair) rolls -000: Mediocre, too low.
	// 3 + weapon 2 = 5 damage, no armor: the fifth box of the wound track,
	// Mediocre. His damage check (Great) 0000: Great against Mediocre.
	e := mustDo(t, s, strike("sheriff", "bruiser", "++00", "0000", "-000", "0000"))
	has(t, e.Text, "Great +2 = Legendary against Good +0 = Good", "shield check: Fair -1 = Mediocre against Legendary: too low", "Sheriff Bart hits Big Ned by 3: 5 damage (weapon +2, no armor)", "wound level Mediocre", "Great +0 = Great against Mediocre: shrugs off")
	if n := s.State().Figures["bruiser"]; n.Hurt != 5 || n.Condition != rules.Fine {
		t.Fatalf("Ned: %+v", n.FigureStatus)
	}
	mustDo(t, s, Command{Kind: CommandNewRound})
	// Ned (Good) +++0: Legendary; the Sheriff (Great) --00: Fair. A hit by
	// 4, past the vest's coverage (CV 1): the armor does not count. 4 + 1
	// = 5 damage. The Sheriff's damage check (Good) ----: Terrible, a
	// critical failure: out of the fight.
	e = mustDo(t, s, strike("bruiser", "sheriff", "+++0", "--00", "----"))
	has(t, e.Text, "past the armor's coverage", "Good -4 = Terrible against Mediocre: is knocked down", "critical failure")
	sh := s.State().Figures["sheriff"]
	if sh.Condition != rules.Unconscious || sh.Hurt != 5 {
		t.Fatalf("the Sheriff: %+v", sh.FigureStatus)
	}
	// Recovery waits as many rounds as damage points.
	refused(t, s, Command{Kind: CommandRecover, Figure: "sheriff", Dice: df("++++")}, "recovery waits 5")
	for i := 0; i < 5; i++ {
		mustDo(t, s, Command{Kind: CommandNewRound})
	}
	e = mustDo(t, s, Command{Kind: CommandRecover, Figure: "sheriff", Dice: df("++++")})
	has(t, e.Text, "regains his senses (critical success); back in the fight (Combat Options 4.4).")
	if s.State().Figures["sheriff"].Condition != rules.Fine {
		t.Error("the Sheriff did not rejoin")
	}
	// Without the armor-coverage module the vest's AV always counts.
	setOption(t, s, func(o *FightOptions) {
		m := *fudgeModulesOf(*o)
		m.ArmorCoverage = false
		*o = withFudgeModules(*o, &m)
	})
	e = mustDo(t, s, strike("bruiser", "sheriff", "+++0", "--00", "0000"))
	has(t, e.Text, "armor −1")
}

// TestTheWinnerOfAnExchangeHurtsTheLoser: melee is opposed; "For opposed
// actions, [the degree of success is] the difference between the
// winner's and the loser's rolled degrees" (Combat Options, Glossary):
// when the defender wins, the attacker is hurt. The Sheriff (Great) rolls
// ----: Poor; Ned (Good) ++00: Superb. Ned wins by 5: 5 + his weapon 1,
// less the Sheriff's vest 1, is 5 damage: Very Hurt, −2 to act.
func TestTheWinnerOfAnExchangeHurtsTheLoser(t *testing.T) {
	s := openFudge(t, fudge.Options{})
	e := mustDo(t, s, strike("sheriff", "bruiser", "----", "++00"))
	has(t, e.Text, "Sheriff Bart and Big Ned exchange blows: Great -4 = Poor against Good +2 = Superb.",
		"Big Ned wins the exchange by 5 and strikes back.", "Big Ned hits Sheriff Bart by 5: 5 damage (weapon +1, armor −1).",
		"Sheriff Bart is at wound level Good (very hurt).", "Sheriff Bart acts at -2 for wounds.")
	st := s.State()
	if sh, ned := st.Figures["sheriff"], st.Figures["bruiser"]; sh.Hurt != 5 || ned.Hurt != 0 {
		t.Errorf("the Sheriff took %d, Ned %d; want 5 and 0", sh.Hurt, ned.Hurt)
	}
}

// TestAShieldmanWhoLosesTheActionMakesAShieldCheck: "If a shieldman loses
// the action, then that player should make an extra roll against his
// shield skill … If the result of the shield check is equal to or greater
// than his opponent's action result, then the hit strikes the shield"
// (Combat Options 2.2), whether he struck or was struck; the shield
// takes the blow's damage (2.3).
func TestAShieldmanWhoLosesTheActionMakesAShieldCheck(t *testing.T) {
	for _, tc := range []struct {
		name          string
		cmd           Command
		want          []string
		nedHurt, took int
	}{
		{"Ned struck and losing: the shield takes it", strike("sheriff", "bruiser", "+000", "0000", "+++0"),
			[]string{"Big Ned's shield check: Fair +3 = Superb against Superb: the blow strikes the shield, not Big Ned; the shield takes 4 (4 of 6 points)"}, 0, 4},
		{"Ned striking and losing: the shield takes the Sheriff's blow", strike("bruiser", "sheriff", "0000", "+000", "+++0"),
			[]string{"Sheriff Bart wins the exchange by 2 and strikes back.", "Big Ned's shield check: Fair +3 = Superb against Superb: the blow strikes the shield"}, 0, 4},
		{"a shield check too low: the blow gets through", strike("sheriff", "bruiser", "+000", "0000", "0000"),
			[]string{"Big Ned's shield check: Fair +0 = Fair against Superb: too low: the blow gets through", "Sheriff Bart hits Big Ned by 2: 4 damage"}, 4, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openFudge(t, fudge.Options{ShieldChecks: true, ShieldDamage: true})
			has(t, mustDo(t, s, tc.cmd).Text, tc.want...)
			if ned := s.State().Figures["bruiser"]; ned.Hurt != tc.nedHurt || ned.fudgePart().ShieldTaken != tc.took {
				t.Errorf("Ned hurt %d, shield %d taken; want %d and %d", ned.Hurt, ned.fudgePart().ShieldTaken, tc.nedHurt, tc.took)
			}
		})
	}
}

// TestOneExchangeARound: "a shieldman makes two combat action rolls in a
// simultaneous combat round" (Combat Options 2.2): a figure's combat
// action is one exchange a round, and two figures trade blows once.
func TestOneExchangeARound(t *testing.T) {
	s := openFudge(t, fudge.Options{})
	mustDo(t, s, strike("sheriff", "bruiser", "0000", "0000"))
	refused(t, s, strike("sheriff", "bruiser", "0000", "0000"), "has had this round's exchange")
	refused(t, s, strike("bruiser", "sheriff", "0000", "0000"), "have exchanged blows this round")
	refused(t, s, Command{Kind: CommandShoot, Figure: "sheriff", Shots: []ShotOrder{{Target: "bruiser"}}, Dice: df("0000")}, "has had this round's exchange")
	mustDo(t, s, Command{Kind: CommandNewRound})
	mustDo(t, s, strike("bruiser", "sheriff", "0000", "0000"))
}

// TestWoundModifiersApplyToActions: normal Fudge damage "degrades a
// character's capabilities during a combat"; with damage checks, a
// passed check fights on "without penalty", and after a failed one "Any
// negative effects that are the result of damage are now applied. This
// includes negative action modifiers due to wounds" (Combat Options 4,
// 4.3.1, 4.3.2). The Sheriff takes 5 (Very Hurt, Good: −2), then strikes.
func TestWoundModifiersApplyToActions(t *testing.T) {
	for _, tc := range []struct {
		name  string
		o     fudge.Options
		first []string
		want  string
		next  []string
	}{
		{"without damage checks the wounds count", fudge.Options{}, []string{"----", "++00"},
			"Great +0, wounds -2 = Fair against Good +0 = Good", []string{"0000", "0000"}},
		{"a passed damage check fights on without penalty", fudge.Options{DamageChecks: true}, []string{"----", "++00", "0000"},
			"Great +0 = Great against Good +0 = Good", []string{"0000", "0000", "0000"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openFudge(t, tc.o)
			mustDo(t, s, strike("sheriff", "bruiser", tc.first...))
			if h := s.State().Figures["sheriff"].Hurt; h != 5 {
				t.Fatalf("the Sheriff took %d, want 5", h)
			}
			mustDo(t, s, Command{Kind: CommandNewRound})
			has(t, mustDo(t, s, strike("sheriff", "bruiser", tc.next...)).Text, tc.want)
		})
	}
}

// TestRecoveryDuringCombat: "If the player can succeed a new damage check
// including any negative wound modifiers that may apply, he may regain his
// senses and continue to act. Negative modifiers from damage should apply
// to this player" (Combat Options 4.4); one try a round. The Sheriff
// loses by 4: 4 damage, Hurt (Fair, −1); his check ---- fails. Four
// rounds on, Good −1 −1 is Mediocre, short of Fair; again that round is
// refused; the next round Good +0 −1 is Fair: he is back, at −1.
func TestRecoveryDuringCombat(t *testing.T) {
	s := openFudge(t, fudge.Options{DamageChecks: true, RecoveryInCombat: true})
	has(t, mustDo(t, s, strike("sheriff", "bruiser", "----", "+000", "----")).Text, "is knocked down and out of the engagement")
	for range 4 {
		mustDo(t, s, Command{Kind: CommandNewRound})
	}
	e := mustDo(t, s, Command{Kind: CommandRecover, Figure: "sheriff", Dice: df("-000")})
	has(t, e.Text, "damage check: Good -1, wounds -1 = Mediocre against Fair")
	refused(t, s, Command{Kind: CommandRecover, Figure: "sheriff", Dice: df("0000")}, "once a round")
	mustDo(t, s, Command{Kind: CommandNewRound})
	has(t, mustDo(t, s, Command{Kind: CommandRecover, Figure: "sheriff", Dice: df("0000")}).Text, "back in the fight, at -1 for wounds")
	has(t, mustDo(t, s, strike("sheriff", "bruiser", "0000", "0000")).Text, "Great +0, wounds -1 = Good against Good +0 = Good", "A tie: neither is hurt.")
}

// TestAKnockedOutFigureWaitsWithoutDamageChecks: "It is recommended that
// the player be out of combat for at least as many rounds as he has
// damage points before being allowed to attempt to recover" (Combat
// Options 4.4), with damage checks off too: knocked out in round 8 by 7
// damage, the Sheriff waits 7 rounds.
func TestAKnockedOutFigureWaitsWithoutDamageChecks(t *testing.T) {
	s := openFudge(t, fudge.Options{RecoveryInCombat: true})
	for range 7 {
		mustDo(t, s, Command{Kind: CommandNewRound})
	}
	has(t, mustDo(t, s, strike("bruiser", "sheriff", "++++", "----")).Text, "Sheriff Bart is out of the fight")
	refused(t, s, Command{Kind: CommandRecover, Figure: "sheriff", Dice: df("++++")}, "has been out 0 round(s); recovery waits 7")
}

// TestAPassedDamageCheckFightsOn: "If the check is successful, the player
// is able to shrug off the injury and continue to fight without penalty"
// (Combat Options 4.3.1), on the standard damage levels as on the wound
// track: the Sheriff takes 7, then 14 (Dead, Legendary), and passes both
// checks with ++++.
func TestAPassedDamageCheckFightsOn(t *testing.T) {
	s := openFudge(t, fudge.Options{DamageChecks: true})
	mustDo(t, s, strike("bruiser", "sheriff", "++++", "----", "++++"))
	mustDo(t, s, Command{Kind: CommandNewRound})
	e := mustDo(t, s, strike("bruiser", "sheriff", "++++", "----", "++++"))
	has(t, e.Text, "Sheriff Bart is at wound level Legendary (dead).", "Good +4 = Legendary+1 against Legendary: shrugs off the injury")
	if sh := s.State().Figures["sheriff"]; sh.Condition != rules.Fine || sh.Hurt != 14 {
		t.Errorf("the Sheriff: %s, %d hurt; want fighting on with 14", sh.Condition, sh.Hurt)
	}
}

// TestABlowOfNoDamageLeavesTheShield: "Shields are only damaged when they
// are sucessfully used to absorb a blow" (Combat Options 2.3): a blow
// whose damage is below nothing (a weapon of −3 winning by 2) wears the
// shield no further, and repairs nothing.
func TestABlowOfNoDamageLeavesTheShield(t *testing.T) {
	s := openFudge(t, fudge.Options{ShieldChecks: true, ShieldDamage: true})
	mustDo(t, s, strike("sheriff", "bruiser", "+000", "0000", "+++0"))
	mustDo(t, s, Command{Kind: CommandNewRound})
	ch := s.State().Characters["sheriff"].Clone()
	ch.Fudge.WeaponDamage = -3
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
	// The shield is past half its points: −1 (2.3). Great against Fair
	// by 2, less 3, is −1; the check, Fair +3 −1, is Great.
	e := mustDo(t, s, strike("sheriff", "bruiser", "0000", "-000", "+++0"))
	has(t, e.Text, "Fair +3, worn -1 = Great against Great: the blow strikes the shield, not Big Ned (Combat Options 2.2)")
	if got := s.State().Figures["bruiser"].fudgePart().ShieldTaken; got != 4 {
		t.Errorf("the shield has %d points taken, want still 4", got)
	}
}

// TestThePreviewCountsShieldsAndCoverage: the composer's chance to hit is
// the decision's own (fudge.Chances over fudge.Exchange): a shield check
// (Combat Options 2.2) lowers it, and a blow past the armor's coverage
// (1.3) is counted.
func TestThePreviewCountsShieldsAndCoverage(t *testing.T) {
	chance := func(s *Session, c Command) (string, FudgePlan) {
		t.Helper()
		text, err := s.State().Explain(c)
		if err != nil {
			t.Fatal(err)
		}
		p, err := s.State().PlanFudge(c)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("chance to hit %.0f%%", 100*p.Chance); !strings.Contains(text, want) {
			t.Errorf("%q lacks %q", text, want)
		}
		return text, p
	}
	at := Command{Kind: CommandStrike, Figure: "sheriff", Target: "bruiser"}
	_, bare := chance(openFudge(t, fudge.Options{}), at)
	text, shielded := chance(openFudge(t, fudge.Options{ShieldChecks: true}), at)
	if shielded.Chance >= bare.Chance || shielded.Odds.Shielded == 0 {
		t.Errorf("with Ned's shield the chance is %.3f (shield %.3f), without %.3f", shielded.Chance, shielded.Odds.Shielded, bare.Chance)
	}
	has(t, text, "A shield takes the blow")
	back := Command{Kind: CommandStrike, Figure: "bruiser", Target: "sheriff"}
	_, flat := chance(openFudge(t, fudge.Options{}), back)
	text, covered := chance(openFudge(t, fudge.Options{ArmorCoverage: true}), back)
	if covered.Chance != flat.Chance || covered.Odds.PastCV == 0 {
		t.Errorf("coverage: chance %.3f past CV %.3f; without %.3f", covered.Chance, covered.Odds.PastCV, flat.Chance)
	}
	has(t, text, "A blow past the armor's coverage, as if unarmored")
	if want := fudge.Chances(shielded.A, shielded.D, shielded.Ruling); shielded.Odds != want {
		t.Errorf("the plan's odds %+v, Chances %+v", shielded.Odds, want)
	}
}

// TestTheJudgeRulesOnAShieldCheck: "A GM may rule that a player may lose
// his shield check when he has attempted an action that would make using
// the shield difficult or impossible. The GM may also apply modifiers to
// the shield check" (Combat Options 2.2): the Judge's word on the strike,
// refused to a player, undone as any command.
func TestTheJudgeRulesOnAShieldCheck(t *testing.T) {
	for _, tc := range []struct {
		name  string
		order FudgeOrder
		dice  []string
		want  string
		hurt  int
	}{
		{"the shieldman loses his check", FudgeOrder{ShieldLost: true}, []string{"+000", "0000"}, "The Judge rules Big Ned loses the shield check (Combat Options 2.2).", 4},
		{"a modifier of −2", FudgeOrder{ShieldModifier: -2}, []string{"+000", "0000", "+++0"}, "Big Ned's shield check: Fair +3, the Judge's -2 = Good against Superb: too low", 4},
		{"a modifier of +1", FudgeOrder{ShieldModifier: 1}, []string{"+000", "0000", "++00"}, "Fair +2, the Judge's +1 = Superb against Superb: the blow strikes the shield", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openFudge(t, fudge.Options{ShieldChecks: true})
			before := figures(s.State())
			c := strike("sheriff", "bruiser", tc.dice...)
			c.Fudge = &tc.order
			if err := authorize(seat(s.State()), s.State(), c); err == nil {
				t.Error("a player may rule on a shield check")
			}
			has(t, mustDo(t, s, c).Text, tc.want)
			if got := s.State().Figures["bruiser"].Hurt; got != tc.hurt {
				t.Errorf("Ned hurt %d, want %d", got, tc.hurt)
			}
			mustDo(t, s, Command{Kind: CommandUndo})
			if !reflect.DeepEqual(figures(s.State()), before) {
				t.Error("undo left the strike's marks")
			}
		})
	}
	s := openFudge(t, fudge.Options{ShieldChecks: true})
	c := strike("sheriff", "bruiser", "+000", "0000")
	c.Fudge = &FudgeOrder{ShieldModifier: 9}
	refused(t, s, c, "shield-check modifier is −4 to +4")
}

// TestTheJudgeRulesOnACriticalDamageCheck: "If the character makes a
// critical success (+4 on 4dF), the GM may grant the player an extra
// benefit" and on "a critical failure (-4 on 4dF) … the GM may add an
// extra penalty" (Combat Options 4.3.1, 4.3.2), each of the text's
// suggestions a ruling of the grant command, journaled and undone.
func TestTheJudgeRulesOnACriticalDamageCheck(t *testing.T) {
	o := fudge.Options{DamageChecks: true, RecoveryInCombat: true}
	// Ned wins by 7 (7 damage, Incapacitated); the Sheriff's check ++++.
	success := strike("bruiser", "sheriff", "++++", "----", "++++")
	// The Sheriff loses by 4 (4 damage, Hurt); his check ----.
	failure := strike("sheriff", "bruiser", "----", "+000", "----")
	grant := func(r string, boxes int) Command {
		return Command{Kind: CommandGrant, Figure: "sheriff", Fudge: &FudgeOrder{Ruling: r, Boxes: boxes}}
	}
	t.Run("adrenaline: the next damage check succeeds", func(t *testing.T) {
		s := openFudge(t, o)
		mustDo(t, s, success)
		has(t, mustDo(t, s, grant(RulingAdrenaline, 0)).Text, "The Judge rules on Sheriff Bart's critical success: adrenaline")
		mustDo(t, s, Command{Kind: CommandNewRound})
		e := mustDo(t, s, strike("bruiser", "sheriff", "++++", "----"))
		has(t, e.Text, "Sheriff Bart is pumped with adrenaline: the damage check succeeds")
		if sh := s.State().Figures["sheriff"]; sh.Condition != rules.Fine || sh.fudgePart().Fudge.Adrenaline {
			t.Errorf("the Sheriff: %+v", sh.FigureStatus)
		}
	})
	t.Run("a previous wound not as bad", func(t *testing.T) {
		s := openFudge(t, o)
		mustDo(t, s, success)
		before := figures(s.State())
		has(t, mustDo(t, s, grant(RulingLighter, 2)).Text, "(2); Sheriff Bart is at wound level Good (very hurt)")
		if h := s.State().Figures["sheriff"].Hurt; h != 5 {
			t.Errorf("hurt %d, want 5", h)
		}
		mustDo(t, s, Command{Kind: CommandUndo})
		if !reflect.DeepEqual(figures(s.State()), before) {
			t.Error("undo left the ruling")
		}
		refused(t, s, grant(RulingShock, 0), "answers a critical failure")
		refused(t, s, grant(RulingLighter, 0), "needs the boxes it moves")
		refused(t, s, grant("a pony", 0), "is not a ruling")
	})
	t.Run("the next healing succeeds", func(t *testing.T) {
		s := openFudge(t, o)
		mustDo(t, s, success)
		mustDo(t, s, grant(RulingSureHealing, 0))
		e := mustDo(t, s, Command{Kind: CommandTreat, Figure: "sheriff", Fudge: &FudgeOrder{Healer: fudge.Poor}, Dice: df("0000")})
		has(t, e.Text, "a sure success by the Judge's ruling: 1 box cleared")
	})
	t.Run("severe shock: no recovery", func(t *testing.T) {
		s := openFudge(t, o)
		mustDo(t, s, failure)
		mustDo(t, s, grant(RulingShock, 0))
		for range 4 {
			mustDo(t, s, Command{Kind: CommandNewRound})
		}
		refused(t, s, Command{Kind: CommandRecover, Figure: "sheriff", Dice: df("++++")}, "severe shock")
		refused(t, s, grant(RulingShock, 0), "no critical")
	})
	t.Run("near death: no recovery", func(t *testing.T) {
		s := openFudge(t, o)
		mustDo(t, s, failure)
		mustDo(t, s, grant(RulingNearDeath, 0))
		for range 4 {
			mustDo(t, s, Command{Kind: CommandNewRound})
		}
		refused(t, s, Command{Kind: CommandRecover, Figure: "sheriff", Dice: df("++++")}, "near death")
	})
	t.Run("a previous wound worse", func(t *testing.T) {
		s := openFudge(t, o)
		mustDo(t, s, failure)
		has(t, mustDo(t, s, grant(RulingWorse, 3)).Text, "(3); Sheriff Bart is at wound level Great (incapacitated)")
	})
	t.Run("the next healing fails", func(t *testing.T) {
		s := openFudge(t, o)
		mustDo(t, s, failure)
		mustDo(t, s, grant(RulingFailedHealing, 0))
		e := mustDo(t, s, Command{Kind: CommandTreat, Figure: "sheriff", Fudge: &FudgeOrder{Healer: fudge.Legendary}, Dice: df("++++")})
		has(t, e.Text, "a failure by the Judge's ruling: the treatment fails")
	})
}

// TestTheWoundTrackIsTheJudges: "The total number of wound boxes and their
// distribution is determined by the GM, and need not be uniform" (Combat
// Options 3.1): the sheet's boxes. Three damage on two boxes a level is
// Poor; on one a level, Mediocre.
func TestTheWoundTrackIsTheJudges(t *testing.T) {
	for _, tc := range []struct {
		name  string
		boxes [8]int
		want  string
	}{
		{"two boxes a level", [8]int{}, "Sheriff Bart is at wound level Poor."},
		{"one box a level", [8]int{1, 1, 1, 1, 1, 1, 1, 1}, "Sheriff Bart is at wound level Mediocre."},
		{"uneven: three Terrible", [8]int{3, 2, 2, 2, 2, 2, 2, 2}, "Sheriff Bart is at wound level Terrible."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openFudge(t, fudge.Options{WoundTrack: true})
			ch := s.State().Characters["sheriff"].Clone()
			ch.Fudge.WoundBoxes = tc.boxes
			mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
			has(t, mustDo(t, s, strike("bruiser", "sheriff", "+++0", "-000")).Text, "3 damage", tc.want)
		})
	}
}

// TestTreatingAWound: "The difficulty of this skill check should be the
// wound level. The number of wound boxes recovered should be
// proportional to the degree of success. The GM may rule that a failure
// may add to the player's injury" (Combat Options 3.2). The Sheriff has
// 3 boxes marked (Poor).
func TestTreatingAWound(t *testing.T) {
	for _, tc := range []struct {
		name   string
		order  FudgeOrder
		dice   string
		want   string
		hurt   int
		reason string
	}{
		{"a Good healer: three boxes", FudgeOrder{Healer: fudge.Good}, "0000", "the healer's Good +0 = Good against the wound level Poor: 3 boxes cleared; Sheriff Bart is unhurt", 0, ""},
		{"a bare success: one box", FudgeOrder{Healer: fudge.Poor}, "0000", ": 1 box cleared; Sheriff Bart is at wound level Terrible", 2, ""},
		{"a failure", FudgeOrder{Healer: fudge.Terrible}, "0000", "the treatment fails", 3, ""},
		{"a failure the Judge rules worse", FudgeOrder{Healer: fudge.Terrible, Worsen: true}, "0000", "adds to the injury: 1 more", 4, ""},
		{"no healer's skill", FudgeOrder{Ruling: RulingLighter}, "0000", "", 3, "only the healer's skill"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openFudge(t, fudge.Options{WoundTrack: true})
			mustDo(t, s, strike("bruiser", "sheriff", "+++0", "-000"))
			c := Command{Kind: CommandTreat, Figure: "sheriff", Fudge: &tc.order, Dice: df(tc.dice)}
			if tc.reason != "" {
				refused(t, s, c, tc.reason)
				return
			}
			has(t, mustDo(t, s, c).Text, tc.want)
			if h := s.State().Figures["sheriff"].Hurt; h != tc.hurt {
				t.Errorf("hurt %d, want %d", h, tc.hurt)
			}
		})
	}
	s := openFudge(t, fudge.Options{})
	refused(t, s, Command{Kind: CommandTreat, Figure: "sheriff", Fudge: &FudgeOrder{}, Dice: df("0000")}, "no wound to treat")
	mustDo(t, s, strike("bruiser", "sheriff", "+++0", "-000"))
	before := figures(s.State())
	mustDo(t, s, Command{Kind: CommandTreat, Figure: "sheriff", Fudge: &FudgeOrder{Healer: fudge.Superb}, Dice: df("0000")})
	mustDo(t, s, Command{Kind: CommandUndo})
	if !reflect.DeepEqual(figures(s.State()), before) {
		t.Error("undo left the treatment")
	}
}

// TestRecoveryWithoutTheRecommendedWait: "It is recommended that the
// player be out of combat for at least as many rounds as he has damage
// points before being allowed to attempt to recover" (Combat Options
// 4.4): the recommendation is the default; the fight's switch lets a
// figure knocked out by 4 damage try from the next round.
func TestRecoveryWithoutTheRecommendedWait(t *testing.T) {
	for _, tc := range []struct {
		name   string
		noWait bool
		next   string
	}{
		{"the recommended wait", false, "recovery waits 4"},
		{"no wait", true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openFudge(t, fudge.Options{DamageChecks: true, RecoveryInCombat: true, RecoveryNoWait: tc.noWait})
			mustDo(t, s, strike("sheriff", "bruiser", "----", "+000", "----"))
			refused(t, s, Command{Kind: CommandRecover, Figure: "sheriff", Dice: df("++++")}, "recovery waits")
			mustDo(t, s, Command{Kind: CommandNewRound})
			c := Command{Kind: CommandRecover, Figure: "sheriff", Dice: df("0000")}
			if tc.next != "" {
				refused(t, s, c, tc.next)
				return
			}
			has(t, mustDo(t, s, c).Text, "back in the fight, at -1 for wounds")
		})
	}
}

// TestAShotIsUnopposed: "For unopposed actions, [the degree of success]
// is the difference between the rolled degree and the difficulty"
// (Combat Options, Glossary): a shot against Fair; a miss hurts nobody,
// the target does not strike back.
func TestAShotIsUnopposed(t *testing.T) {
	for _, tc := range []struct {
		name, dice, want string
		ned, sheriff     int
	}{
		{"Good +0 against Fair: by 1", "0000", "Sheriff Bart shoots at Big Ned: Good +0 = Good against Fair. Sheriff Bart hits Big Ned by 1: 3 damage (weapon +2, no armor).", 3, 0},
		{"Good -1 against Fair: a miss", "-000", "Sheriff Bart shoots at Big Ned: Good -1 = Fair against Fair. A miss.", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openFudge(t, fudge.Options{})
			e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "sheriff", Shots: []ShotOrder{{Target: "bruiser"}}, Dice: df(tc.dice)})
			has(t, e.Text, tc.want)
			if st := s.State(); st.Figures["bruiser"].Hurt != tc.ned || st.Figures["sheriff"].Hurt != tc.sheriff {
				t.Errorf("Ned %d, the Sheriff %d hurt", st.Figures["bruiser"].Hurt, st.Figures["sheriff"].Hurt)
			}
		})
	}
}

// TestTheCoverageExample: "a player is wearing an armor with a CV of 2. In
// a combat round he rolls a Mediocre result and his opponent rolls a
// Great result. In this case, the degree of success is equal to 3. Since
// the degree of success is greater than the CV, the damage should be
// figured as if the player was unprotected" (Combat Options 1.3), in the
// text's example armor: steel chain with padding (AV 2), a shirt (CV 2)
// (1.4). By 2 the chain counts.
func TestTheCoverageExample(t *testing.T) {
	for _, tc := range []struct {
		name, ned, want string
		hurt            int
	}{
		{"Great against Mediocre: unprotected", "+000", "Big Ned hits Sheriff Bart by 3: 4 damage (weapon +1, past the armor's coverage, as if unarmored).", 4},
		{"Good against Mediocre: the chain counts", "0000", "Big Ned hits Sheriff Bart by 2: 1 damage (weapon +1, armor −2).", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openFudge(t, fudge.Options{ArmorCoverage: true})
			ch := s.State().Characters["sheriff"].Clone()
			ch.Fudge.Armor = &fudge.Armor{Name: "steel chain shirt", AV: fudge.ArmorMaterials["steel chain with padding"], CV: fudge.CoverageTypes["shirt"]}
			mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
			e := mustDo(t, s, strike("bruiser", "sheriff", tc.ned, "---0"))
			has(t, e.Text, "against Great -3 = Mediocre", tc.want)
			if h := s.State().Figures["sheriff"].Hurt; h != tc.hurt {
				t.Errorf("hurt %d, want %d", h, tc.hurt)
			}
		})
	}
}

// TestASpentShieldTakesNoBlows: "When the shield's damage points are
// exhausted, it cannot be used" (Combat Options 2.3); and a figure with
// no shield makes no shield check (2.1: "To use a shield, a character
// must have a Shield skill"). Ned's shield has 2 points: a blow of 4
// spends it.
func TestASpentShieldTakesNoBlows(t *testing.T) {
	s := openFudge(t, fudge.Options{ShieldChecks: true, ShieldDamage: true})
	ch := s.State().Characters["bruiser"].Clone()
	ch.Fudge.ShieldPoints = 2
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
	has(t, mustDo(t, s, strike("sheriff", "bruiser", "+000", "0000", "+++0")).Text, "the shield takes 2 (2 of 2 points)")
	mustDo(t, s, Command{Kind: CommandNewRound})
	has(t, mustDo(t, s, strike("sheriff", "bruiser", "+000", "0000")).Text, "Big Ned's shield is spent: it takes no more blows (Combat Options 2.3).", "4 damage")
	mustDo(t, s, Command{Kind: CommandNewRound})
	e := mustDo(t, s, strike("bruiser", "sheriff", "0000", "+000"))
	if strings.Contains(e.Text, "Sheriff Bart's shield") {
		t.Errorf("the Sheriff, with no shield, checks one: %q", e.Text)
	}
}

// TestTheDamageCheckExample: "a character with Good damage capacity gets
// shot, and determined his new wound level as Fair. He then rolls his
// damage capacity and gets a Fair (-1) result, which would be a success"
// (Combat Options 4.3): the Sheriff (Good) takes 7 boxes on the wound
// track (Fair) and rolls -000.
func TestTheDamageCheckExample(t *testing.T) {
	s := openFudge(t, fudge.Options{WoundTrack: true, DamageChecks: true})
	e := mustDo(t, s, strike("bruiser", "sheriff", "++++", "----", "-000"))
	has(t, e.Text, "Sheriff Bart is at wound level Fair.", "damage check: Good -1 = Fair against Fair: shrugs off the injury and fights on")
	if s.State().Figures["sheriff"].Condition != rules.Fine {
		t.Error("the Sheriff is down")
	}
}

// TestAFailedDamageCheckAppliesTheWound: "On a failed damage check, the
// character is knocked down and is out of combat for the duration of the
// engagement. Any negative effects that are the result of damage are now
// applied. This includes negative action modifiers due to wounds,
// incapacitation, or death" (Combat Options 4.3.2): failed at Dead
// (Legendary), the Sheriff is dead.
func TestAFailedDamageCheckAppliesTheWound(t *testing.T) {
	s := openFudge(t, fudge.Options{DamageChecks: true})
	mustDo(t, s, strike("bruiser", "sheriff", "++++", "----", "++++"))
	mustDo(t, s, Command{Kind: CommandNewRound})
	e := mustDo(t, s, strike("bruiser", "sheriff", "++++", "----", "0000"))
	has(t, e.Text, "Good +0 = Good against Legendary: is knocked down", "Sheriff Bart is dead (Combat Options 4.3.2: Dead is Legendary).")
	if c := s.State().Figures["sheriff"].Condition; c != rules.Dead {
		t.Errorf("the Sheriff is %s", c)
	}
	refused(t, s, strike("sheriff", "bruiser", "0000", "0000"), "Sheriff Bart is dead")
}

// TestAShieldBash: the Shield skill "also reflects the shieldman's ability
// to use his shield as a weapon for bashing attacks" (Combat Options 2.1):
// Ned bashes with his Fair Shield skill, the bash's damage +0.
func TestAShieldBash(t *testing.T) {
	s := openFudge(t, fudge.Options{})
	bash := strike("bruiser", "sheriff", "+000", "----")
	bash.Weapon = ShieldBash
	has(t, mustDo(t, s, bash).Text, "Big Ned bashes Sheriff Bart with a shield (Shield skill, damage +0; Combat Options 2.1): Fair +1 = Good against Great -4 = Poor.",
		"Big Ned hits Sheriff Bart by 3: 2 damage (weapon +0, armor −1).")
	mustDo(t, s, Command{Kind: CommandNewRound})
	bash = strike("sheriff", "bruiser", "0000", "0000")
	bash.Weapon = ShieldBash
	refused(t, s, bash, "carries no shield to bash with")
	bash.Weapon = "winchester"
	refused(t, s, bash, "or \"shield\" to bash with a shield")
}

// TestADamageCapacityDefaultsToFair: "Damage capacity should default to a
// level set by the GM … Fair or Good is the recommended default damage
// capacity level" (Combat Options 4.1, 4.2.1): a sheet the Judge adds
// without one has Fair.
func TestADamageCapacityDefaultsToFair(t *testing.T) {
	s := openFudge(t, fudge.Options{DamageChecks: true})
	ch := s.State().Characters["sheriff"].Clone()
	ch.ID, ch.Name, ch.Fudge = "deputy", "Deputy Jo", &fudge.Sheet{Melee: fudge.Good}
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
	mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "deputy", Character: "deputy", Side: "posse", At: "L8", Facing: "W"}}})
	e := mustDo(t, s, strike("bruiser", "deputy", "+000", "0000", "0000"))
	has(t, e.Text, "Deputy Jo's damage check: Fair +0 = Fair against Mediocre", "shrugs off",
		`Deputy Jo's sheet sets no damage capacity: Fair, the default ("Fair or Good is the recommended default damage capacity level", Combat Options 4.2.1).`)
}

// TestADamageCapacityDefaultsToMediocreOnTheWoundTrack: "The recommended
// default damage capacity using this method is Mediocre, assuming two
// wound boxes per wound level" (Combat Options 4.2.2): with the wound
// track on, a sheet the Judge adds without a damage capacity checks at
// Mediocre, where the standard track's default is Fair (4.2.1).
func TestADamageCapacityDefaultsToMediocreOnTheWoundTrack(t *testing.T) {
	s := openFudge(t, fudge.Options{DamageChecks: true, WoundTrack: true})
	ch := s.State().Characters["sheriff"].Clone()
	ch.ID, ch.Name, ch.Fudge = "deputy", "Deputy Jo", &fudge.Sheet{Melee: fudge.Good}
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
	mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "deputy", Character: "deputy", Side: "posse", At: "L8", Facing: "W"}}})
	e := mustDo(t, s, strike("bruiser", "deputy", "+++0", "0000", "0000"))
	has(t, e.Text, "Deputy Jo's damage check: Mediocre +0 = Mediocre against Poor: shrugs off",
		`Deputy Jo's sheet sets no damage capacity: Mediocre, the default on the wound track ("The recommended default damage capacity using this method is Mediocre", Combat Options 4.2.2).`)
}

// TestTheJudgesFudgeWordIsRefusedOutsideFudge: the Judge's word on a
// shield check, a treatment or a ruling on a critical is Fudge's (Combat
// Options 2.2, 3.2, 4.3.1, 4.3.2); a Savage Worlds, Dragon Warriors II or
// TWTW command that carries one is refused, not played with the word
// ignored, and a Fudge strike still takes it.
func TestTheJudgesFudgeWordIsRefusedOutsideFudge(t *testing.T) {
	word := &FudgeOrder{ShieldLost: true}
	demo, err := Open(bundledFight(t, "demo"), filepath.Join(t.TempDir(), "demo.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { demo.Close() })
	for _, tc := range []struct {
		s    *Session
		c    Command
		want string
	}{
		{openSW(t), Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Fudge: word},
			`a "strike" command of Savage Worlds takes no word of the Judge's on a shield check, a treatment or a ruling on a critical`},
		{openDW(t), Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Fudge: word},
			`a "strike" command of Dragon Warriors II takes no word of the Judge's`},
		{demo, Command{Kind: CommandShoot, Figure: "cyril", Shots: []ShotOrder{{Target: "zeke"}}, Fudge: &FudgeOrder{ShieldModifier: 1}},
			`a "shoot" command of The West That Wasn't 3.0 takes no word of the Judge's`},
	} {
		refused(t, tc.s, tc.c, tc.want)
	}
	s := openFudge(t, fudge.Options{ShieldChecks: true})
	c := strike("sheriff", "bruiser", "++++", "----")
	c.Fudge = word
	has(t, mustDo(t, s, c).Text, "The Judge rules Big Ned loses the shield check (Combat Options 2.2).")
}

// TestRecoveryCountsTheWoundModifiers: "If the player can succeed a new
// damage check including any negative wound modifiers that may apply, he
// may regain his senses" (Combat Options 4.4). The Sheriff (Good damage
// capacity) is knocked out, fails his check, and tries to recover with
// the same +1 (+000). At 5 damage (Good, Very Hurt, −2) his Good +1 −2 =
// Fair is short of Good: he stays down. At 7 damage (Great,
// Incapacitated) the wound is worse, so the modifier is no smaller: the
// same +1 must not bring him back.
func TestRecoveryCountsTheWoundModifiers(t *testing.T) {
	for _, tc := range []struct {
		name  string
		ned   string // the Sheriff's melee roll against Big Ned's ++++
		hurt  int
		check string
	}{
		{"5 damage, Very Hurt", "--00", 5, "Good +1, wounds -2 = Fair against Good"},
		{"7 damage, Incapacitated", "----", 7, "Good +1, wounds -2 = Fair against Great"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openFudge(t, fudge.Options{DamageChecks: true, RecoveryInCombat: true, RecoveryNoWait: true})
			mustDo(t, s, strike("bruiser", "sheriff", "++++", tc.ned, "----"))
			if sh := s.State().Figures["sheriff"]; sh.Hurt != tc.hurt || sh.Condition != rules.Unconscious {
				t.Fatalf("the Sheriff after the blow: %s, %d hurt; want out with %d", sh.Condition, sh.Hurt, tc.hurt)
			}
			mustDo(t, s, Command{Kind: CommandNewRound})
			e := mustDo(t, s, Command{Kind: CommandRecover, Figure: "sheriff", Dice: df("+000")})
			has(t, e.Text, tc.check, "stays down")
			if sh := s.State().Figures["sheriff"]; sh.Condition != rules.Unconscious {
				t.Errorf("%s: the Sheriff is %s after +1; want still down", e.Text, sh.Condition)
			}
		})
	}
}
