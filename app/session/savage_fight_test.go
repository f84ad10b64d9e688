package session

import (
	"bytes"
	"path/filepath"
	"testing"

	"hexslinger/assets"
	"hexslinger/hexmap"
	"hexslinger/rules/savage"
)

// TestSavageTwoRoundFight plays two rounds of the Savage Worlds demo with
// table dice, from the players' seat and the Judge's, and compares the
// log with testdata/savage-two-rounds.log (go test -run
// TestSavageTwoRoundFight -update writes it afresh). Round 1: Doc's
// Gatling gun (Rate of Fire 3) fires two shots at bandit 1 and one at
// bandit 2, the Wild Die replacing a miss; the Marshal runs to bandit 2
// and strikes at −2; bandit 2 fails to recover. Round 2: bandit 2
// recovers and wounds the Marshal, whose player spends a Benny in the
// bandits' turn; the Marshal Incapacitates bandit 2; Doc drops prone and
// crawls.
func TestSavageTwoRoundFight(t *testing.T) {
	f, err := DecodeFight(bytes.NewReader(assets.Fights()["savage"]))
	if err != nil {
		t.Fatal(err)
	}
	// The players roll their own dice for their own figures; where a
	// command rolls a bandit's Vigor too, the Judge gives it.
	f.Options.TableDice, f.Options.PlayerDice = true, true
	s, err := Open(f, filepath.Join(t.TempDir(), "sw2.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ann := NewAccess(NewToken()).AddSide("Ann", "posse") // the players: the Marshal and Doc
	play := &script{t: t, s: s}
	do := play.doAs
	judge := func(c Command) { t.Helper(); do(nil, c) }
	hex := func(label string) *hexmap.Hex { h := hexAt(t, s, label); return &h }

	// The Judge hands Doc a Gatling gun: Rate of Fire 3.
	doc := s.State().Characters["doc"]
	sheet := *doc.Savage
	sheet.Gun = &savage.Weapon{Name: "Gatling gun", Short: 24, Med: 48, Long: 96, RoF: 3, Damage: []int{6, 6}}
	doc.Savage = &sheet
	judge(Command{Kind: CommandSetCharacter, Sheet: &doc})

	// Round 1: Doc K♠, the Marshal Q♥, the bandits 3♣.
	judge(Command{Kind: CommandNewRound, Cards: []string{"QH", "KS", "3C"}})
	// Doc: d10s 8, 2, 9 at −2 recoil; the Wild Die 6+1 replaces shot 2's
	// miss. Bandit 1: 3+3 = 6, Shaken; 4+3 = 7, a Wound: Incapacitated,
	// Vigor 4 − 1 for the Wound: bleeding out. Bandit 2: 2+2 = 4, no effect.
	judge(Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-1"}, {Target: "bandit-1"}, {Target: "bandit-2"}},
		Dice: []int{8, 2, 9, 6, 1, 3, 3, 4, 3, 4, 2, 2}})
	// The Marshal runs (d6 4) to S8, beside bandit 2, and strikes at −2:
	// d8 7 − 2 = 5 against Parry 5; d8 5 + d6 3 = 8: Shaken.
	do(ann, Command{Kind: CommandMove, Figure: "marshal", To: hex("S8"), Run: true, Dice: []int{4}})
	do(ann, Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-2", Dice: []int{7, 2, 5, 3}})
	// Bandit 2's Spirit d6: 2, stays Shaken.
	judge(Command{Kind: CommandRecover, Figure: "bandit-2", Dice: []int{2}})

	// Round 2: the bandits J♣, the Marshal 9♥, Doc 8♠.
	judge(Command{Kind: CommandNewRound, Cards: []string{"9H", "8S", "JC"}})
	// Bandit 2 recovers (5) and strikes the Marshal: d6 6+4 = 10 against
	// Parry 6, a raise; d6 5 + d4 3 + d6 3 = 11 against Toughness 6:
	// Shaken and a Wound.
	judge(Command{Kind: CommandRecover, Figure: "bandit-2", Dice: []int{5}})
	judge(Command{Kind: CommandStrike, Figure: "bandit-2", Target: "marshal", Dice: []int{6, 4, 5, 3, 3}})
	// The Marshal's player spends a Benny at once, in the bandits' turn.
	do(ann, Command{Kind: CommandBenny, Figure: "marshal"})
	// The Marshal: d8 8+3 − 1 (a Wound) = 10, a raise; d8 6 + d6 4 + d6 3
	// = 13 against Toughness 5: two raises, Incapacitated; Vigor d6 1.
	judge(Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-2", Dice: []int{8, 3, 2, 6, 4, 3, 1}})
	// Doc drops prone and crawls 2", for 4" of Pace.
	do(ann, Command{Kind: CommandProne, Figure: "doc", Prone: true})
	do(ann, Command{Kind: CommandMove, Figure: "doc", To: hex("E10")})

	play.matches("savage-two-rounds.log")
}
