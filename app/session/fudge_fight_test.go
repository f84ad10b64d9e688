package session

import (
	"path/filepath"
	"testing"

	"hexslinger/rules/fudge"
)

// TestFudgeTwoRoundFight plays two rounds of the Brawl at the Lucky Nugget
// with every Combat Options module on (armor coverage, shield checks and
// damage, the wound track, damage checks, recovery during combat without
// the wait), table dice typed, and a deputy the Judge brings in; its log
// is kept in testdata/fudge-two-rounds.log.
func TestFudgeTwoRoundFight(t *testing.T) {
	f := bundledFight(t, "fudge")
	f.Options.TableDice = true
	f.Options = withFudgeModules(f.Options, &fudge.Options{ArmorCoverage: true, ShieldChecks: true, ShieldDamage: true, WoundTrack: true,
		DamageChecks: true, RecoveryInCombat: true, RecoveryNoWait: true})
	s, err := Open(f, filepath.Join(t.TempDir(), "fudge-two.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	play := &script{t: t, s: s}
	do := play.do
	// Round 1. The Judge brings in Deputy Jo, Good with her pistol (+1).
	jo := s.State().Characters["sheriff"].Clone()
	jo.ID, jo.Name = "deputy", "Deputy Jo"
	jo.Fudge = &fudge.Sheet{Melee: fudge.Fair, Ranged: fudge.Good, WeaponDamage: 1}
	do(Command{Kind: CommandSetCharacter, Sheet: &jo})
	do(Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "deputy", Character: "deputy", Side: "posse", At: "H8", Facing: "E"}}})
	// Ned (Good) ++++: Legendary+1; the Sheriff (Great) ---0: Mediocre.
	// Ned wins by 6, past the vest's CV 1: 6 + 1 = 7 boxes, Fair. The
	// Sheriff's check (Good) ----: Terrible, a critical failure: down.
	do(Command{Kind: CommandStrike, Figure: "bruiser", Target: "sheriff", Dice: df("++++", "---0", "----")})
	// Jo (Good) +0+0: Superb against Fair, by 3; 3 + 1 = 4. Ned's shield
	// check (Fair) ++0+: Superb, equal: the shield takes 4 of its 6.
	do(Command{Kind: CommandShoot, Figure: "deputy", Shots: []ShotOrder{{Target: "bruiser"}}, Dice: df("+0+0", "++0+")})
	// Round 2. The Sheriff tries to rejoin: Good +1 −1 for his wounds
	// (Fair) is Good, against Fair: back, at −1.
	do(Command{Kind: CommandNewRound})
	do(Command{Kind: CommandRecover, Figure: "sheriff", Dice: df("+000")})
	// The Sheriff (Great −1) ++00: Superb; Ned (Good) -000: Fair. By 3:
	// 3 + 2 = 5. Ned's shield, past half its points, checks at −1: Fair
	// +1 −1 = Fair, too low. Ned has 5 boxes, Mediocre; his check (Great)
	// ++++: a critical success.
	do(Command{Kind: CommandStrike, Figure: "sheriff", Target: "bruiser", Dice: df("++00", "-000", "+000", "++++")})
	// The Judge grants Ned his adrenaline: the next damage check succeeds.
	do(Command{Kind: CommandGrant, Figure: "bruiser", Fudge: &FudgeOrder{Ruling: RulingAdrenaline}})
	// Jo fires from Ned's flank; the Judge rules −1 on the shield check.
	// Jo ++00: Superb, by 3: 4. Ned's check Fair +0 −1 −1: Poor. Ned has
	// 9 boxes, Good: the adrenaline carries him.
	do(Command{Kind: CommandShoot, Figure: "deputy", Shots: []ShotOrder{{Target: "bruiser"}}, Fudge: &FudgeOrder{ShieldModifier: -1}, Dice: df("++00", "0000")})
	// A Good healer treats the Sheriff: +000, Great against his wound
	// level Fair, by 2: two boxes cleared.
	do(Command{Kind: CommandTreat, Figure: "sheriff", Fudge: &FudgeOrder{Healer: fudge.Good}, Dice: df("+000")})
	play.matches("fudge-two-rounds.log")
	st := s.State()
	if sh, ned := st.Figures["sheriff"], st.Figures["bruiser"]; sh.Hurt != 5 || ned.Hurt != 9 || ned.fudgePart().ShieldTaken != 4 || sh.Condition != ned.Condition {
		t.Errorf("the Sheriff %+v; Ned %+v", sh.FigureStatus, ned.FigureStatus)
	}
}
