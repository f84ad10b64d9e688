package session

import (
	"fmt"
	"strings"
	"testing"

	"hexslinger/hexmap"
	"hexslinger/rules/savage"
)

// setSavage changes one character's Savage Worlds sheet.
func setSavage(t *testing.T, s *Session, id string, change func(*savage.Sheet)) {
	t.Helper()
	ch := s.State().Characters[id]
	sheet := *ch.Savage
	change(&sheet)
	ch.Savage = &sheet
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
}

// TestSavageRangeBandsAndTheirEdges: "All ranged weapons have a Range
// statistic written like this: 5/10/20 or Short/Medium/Long Range ...
// ^Range^Modifier^ |Short|—| |Medium|-2| |Long|-4| |Extreme (see
// notes)|-8| Extreme Range is up to 4x a weapon's Long Range" (Savage
// Worlds: Ranged Attacks). Bandit 2 is 18" from Doc: a gun whose band
// ends at 18" shoots him in that band, one whose band ends at 17" in the
// next; bandit 1, 8" away once Doc steps to D10, is just inside Extreme
// Range of a Long Range of 2", and 9" away, from C10, past it.
func TestSavageRangeBandsAndTheirEdges(t *testing.T) {
	for _, tc := range []struct {
		name               string
		short, med, long   int
		step, target, want string
		aims               int
		refused            string
	}{
		{name: "18\" at Short 18: Short, no modifier", short: 18, med: 36, long: 72, target: "bandit-2", want: "at 18\" (Short +0)"},
		{name: "18\" past Short 17: Medium -2", short: 17, med: 18, long: 36, target: "bandit-2", want: "at 18\" (Medium -2)"},
		{name: "18\" past Medium 17: Long -4", short: 9, med: 17, long: 18, target: "bandit-2", want: "at 18\" (Long -4)"},
		{name: "18\" past Long 17: Extreme, only with the Aim", short: 4, med: 8, long: 17, target: "bandit-2", refused: "a shot at Extreme Range needs the Aim action"},
		{name: "8\" at 4 × Long 2: Extreme, aimed", short: 1, med: 2, long: 2, step: "D10", target: "bandit-1", aims: 1, want: "takes the Aim action at Bandit, this turn's action: the shot (Handgun at 8\" (Extreme -8))"},
		{name: "9\" past 4 × Long 2: out of range", short: 1, med: 2, long: 2, target: "bandit-1", aims: 1, refused: "9\" is past Extreme Range (4 × 2\")"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openSW(t)
			setSavage(t, s, "doc", func(sh *savage.Sheet) {
				sh.Gun = &savage.Weapon{Name: "Handgun", Short: tc.short, Med: tc.med, Long: tc.long, RoF: 1, Damage: []int{6, 6}}
			})
			mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "KS", "3C"}})
			if tc.step != "" {
				to := hexAt(t, s, tc.step)
				mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &to})
			}
			c := Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: tc.target, Aims: tc.aims}}}
			if tc.aims == 0 {
				c.Dice = []int{2, 1}
			}
			if tc.refused != "" {
				refused(t, s, c, tc.refused)
				return
			}
			if e := mustDo(t, s, c); !strings.Contains(e.Text, tc.want) {
				t.Errorf("the shot:\n%s\nwant …%s", e.Text, tc.want)
			}
		})
	}
}

// TestSavageRecoilIsForMoreThanOneShot: "Firing more than one shot in one
// action from a weapon subtracts 2 from the attacker's Shooting rolls due
// to Recoil" (Savage Worlds: Rate of Fire): one shot from a gun of Rate of
// Fire 3 takes no recoil; two shots take −2 each.
func TestSavageRecoilIsForMoreThanOneShot(t *testing.T) {
	for _, tc := range []struct {
		name  string
		shots int
		want  string // each shot's roll: d10 3, the Wild Die 2
	}{
		{"one shot of three: no recoil", 1, "d10 3, Wild Die 2 = 3 vs TN 4: failure"},
		{"two shots: -2 each", 2, "d10 3 -2 = 1 vs TN 4: miss"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openSW(t)
			setSavage(t, s, "doc", func(sh *savage.Sheet) {
				sh.Gun = &savage.Weapon{Name: "Gatling gun", Short: 24, Med: 48, Long: 96, RoF: 3, Damage: []int{6, 6}}
			})
			mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "KS", "3C"}})
			var shots []ShotOrder
			var dice []int
			for range tc.shots {
				shots = append(shots, ShotOrder{Target: "bandit-2"})
				dice = append(dice, 3)
			}
			e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: shots, Dice: append(dice, 2)})
			if got := strings.Count(e.Text, tc.want); got != tc.shots {
				t.Errorf("%d shot(s): %d rolls of %q:\n%s", tc.shots, got, tc.want, e.Text)
			}
		})
	}
}

// TestSavageParryIsTwoPlusHalfTheFightingDie: "The Target Number to hit
// an opponent is equal to the opponent's Parry score (2 plus half his
// Fighting die type; 2 if he has no Fighting skill)" (Savage Worlds:
// Melee Attacks). The Marshal (Fighting d12 here, Wild Die 1) strikes
// bandit 1: a roll equal to the Parry hits, one less misses.
func TestSavageParryIsTwoPlusHalfTheFightingDie(t *testing.T) {
	for _, tc := range []struct {
		name            string
		fighting, parry int
	}{
		{"no Fighting skill: Parry 2", 0, 2},
		{"Fighting d4: Parry 4", 4, 4},
		{"Fighting d12: Parry 8", 12, 8},
	} {
		for _, roll := range []int{tc.parry, tc.parry - 1} {
			t.Run(fmt.Sprintf("%s, a roll of %d", tc.name, roll), func(t *testing.T) {
				s := openSW(t)
				setSavage(t, s, "bandit", func(sh *savage.Sheet) { sh.Fighting = tc.fighting })
				setSavage(t, s, "marshal", func(sh *savage.Sheet) { sh.Fighting = 12 })
				mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QS", "QH", "3C"}})
				dice, verdict := []int{roll, 1}, "failure"
				if roll >= tc.parry {
					dice, verdict = []int{roll, 1, 1, 1}, "success, 0 raise(s)"
				}
				e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: dice})
				want := fmt.Sprintf("against Bandit's Parry %d): d12 %d, Wild Die 1 = %d vs TN %d: %s", tc.parry, roll, roll, tc.parry, verdict)
				if roll == 1 {
					want = fmt.Sprintf("against Bandit's Parry %d): d12 1, Wild Die 1: critical failure", tc.parry)
				}
				if !strings.Contains(e.Text, want) {
					t.Errorf("the blow:\n%s\nwant …%s", e.Text, want)
				}
			})
		}
	}
}

// TestSavageDamageAgainstToughness: "If the damage roll is less than the
// target's Toughness the victim is beaten up a bit, but there is no game
// effect. If the damage is equal to or greater than the target's
// Toughness, they become Shaken. Each raise on the damage roll also
// inflicts a Wound" (Savage Worlds: Applying Damage). The Marshal's blow
// hits bandit 1 (Toughness 5) without a raise (5 against Parry 5); its
// d8 + d6 damage at each edge: 4, 5, 8 and 9.
func TestSavageDamageAgainstToughness(t *testing.T) {
	for _, tc := range []struct {
		name string
		dice []int
		want string
	}{
		{"one less than Toughness: no effect", []int{2, 2}, "4 vs Toughness 5: beaten up a bit, no effect."},
		{"equal to Toughness: Shaken", []int{3, 2}, "5 vs Toughness 5, 0 raise(s): Shaken."},
		{"three over: Shaken, no raise", []int{5, 3}, "8 vs Toughness 5, 0 raise(s): Shaken."},
		{"four over: a raise, a Wound", []int{5, 4, 4}, "9 vs Toughness 5, 1 raise(s): Shaken, 1 Wound(s), Incapacitated."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openSW(t)
			mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QS", "QH", "3C"}})
			e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: append([]int{5, 1}, tc.dice...)})
			if !strings.Contains(e.Text, tc.want) {
				t.Errorf("the blow:\n%s\nwant …%s", e.Text, tc.want)
			}
		})
	}
}

// TestSavageAShotWithARaiseDealsBonusDamage: "If you get a Raise on your
// attack roll, you add +1d6 to the damage roll (this can also Ace!). All
// attacks including spells can deal Bonus damage" (Savage Worlds: Bonus
// Damage). Doc's Winchester '73 at bandit 2, 18" (Short): a Shooting roll
// of 8, four over TN 4, is a raise and adds the d6; a 7 is none.
func TestSavageAShotWithARaiseDealsBonusDamage(t *testing.T) {
	for _, tc := range []struct {
		name string
		dice []int
		want string
	}{
		{"8: a raise, the bonus d6", []int{8, 1, 1, 1, 2}, "d10 8, Wild Die 1 = 8 vs TN 4: success, 1 raise(s). Damage d8 1, d6 1, raise d6 2 = 4"},
		{"7: no raise, no bonus die", []int{7, 1, 1, 1}, "d10 7, Wild Die 1 = 7 vs TN 4: success, 0 raise(s). Damage d8 1, d6 1 = 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openSW(t)
			giveDocA(t, s, "Winchester '73")
			mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "KS", "3C"}})
			e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: tc.dice})
			if !strings.Contains(e.Text, tc.want) {
				t.Errorf("the shot:\n%s\nwant …%s", e.Text, tc.want)
			}
		})
	}
}

// TestSavageWoundsLeaveAPaceOfOneInch: "Each Wound a character suffers
// causes a -1 penalty to their Pace (minimum of 1")" (Savage Worlds:
// Wounds). The Marshal, of Pace 3, takes three Wounds: 1" left, not 0;
// he walks one hex and no more.
func TestSavageWoundsLeaveAPaceOfOneInch(t *testing.T) {
	s := openSW(t)
	setSavage(t, s, "marshal", func(sh *savage.Sheet) { sh.Pace = 3 })
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"3H", "2S", "KC"}})
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 1, 6, 6, 4, 2}})
	if !strings.Contains(e.Text, "3 Wound(s)") {
		t.Fatalf("the blow: %s", e.Text)
	}
	if got := s.State().Movement("marshal"); got != "Pace 3\" (1\" left)" {
		t.Errorf("his Pace after three Wounds: %q, want 1\" left", got)
	}
	mustDo(t, s, Command{Kind: CommandDelay, Figure: "bandit-2"})
	at := s.State().Figures["marshal"].At
	var one, two hexmap.Hex
	for d := range hexmap.Direction(6) {
		h := at.Neighbor(d)
		if _, taken := s.State().FigureAt(h); taken || s.State().Map.CanStand(h) != nil {
			continue
		}
		if c, ok := (swCost{}).Step(s.State().Map, at, d); ok && c == 1 {
			if n, ok := (swCost{}).Step(s.State().Map, h, d); ok && n == 1 {
				if _, taken := s.State().FigureAt(h.Neighbor(d)); !taken {
					one, two = h, h.Neighbor(d)
					break
				}
			}
		}
	}
	refused(t, s, Command{Kind: CommandMove, Figure: "marshal", To: &two}, "1\" of Pace left")
	mustDo(t, s, Command{Kind: CommandMove, Figure: "marshal", To: &one})
}

// TestSavageARecoveredFigureActsThatTurn: "They can only take free
// actions, such as moving (including running). At the start of their
// turn, Shaken characters must attempt to recover from being Shaken by
// making a Spirit roll as a free action. Failure. The character remains
// shaken and can only perform free actions. Success. The character is no
// longer Shaken, they can act normally during their turn" (Savage Worlds:
// Shaken). The Shaken Marshal fails his roll: he may run, not strike.
// Next round he recovers and strikes in the same turn.
func TestSavageARecoveredFigureActsThatTurn(t *testing.T) {
	s := openSW(t)
	shakeTheMarshal(t, s)
	mustDo(t, s, Command{Kind: CommandRecover, Figure: "marshal", Dice: []int{2, 1}})
	refused(t, s, Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: []int{5, 1, 1, 1}}, "Marshal Dane is Shaken")
	to := hexAt(t, s, "J10")
	if e := mustDo(t, s, Command{Kind: CommandMove, Figure: "marshal", To: &to, Run: true, Dice: []int{3}}); !strings.Contains(e.Text, "running") {
		t.Errorf("the Shaken Marshal's run: %s", e.Text)
	}
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "5S", "4C"}})
	back := hexAt(t, s, "J8")
	mustDo(t, s, Command{Kind: CommandMove, Figure: "marshal", To: &back})
	mustDo(t, s, Command{Kind: CommandRecover, Figure: "marshal", Dice: []int{4, 1}})
	if e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: []int{2, 1}}); !strings.Contains(e.Text, "Marshal Dane strikes at Bandit") {
		t.Errorf("the recovered Marshal's blow: %s", e.Text)
	}
}

// TestSavageTheActionGoesAnywhereInTheMove: "On a player's turn they can
// move and perform one regular action at any point in their movement
// without penalty" (Savage Worlds: Actions). Doc walks 2", shoots, walks
// 3" on (5" of his Pace 6), and has 1" left.
func TestSavageTheActionGoesAnywhereInTheMove(t *testing.T) {
	s := openSW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "KS", "3C"}})
	first, then, past := hexAt(t, s, "E10"), hexAt(t, s, "H10"), hexAt(t, s, "J10")
	mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &first})
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{2, 1}})
	if strings.Contains(e.Text, "ran") || strings.Contains(e.Text, "-2 to") {
		t.Errorf("the shot mid-move takes a penalty: %s", e.Text)
	}
	if e := mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &then}); !strings.Contains(e.Text, "3\" of Pace 6") {
		t.Errorf("the walk on after the shot: %s", e.Text)
	}
	if d := s.State().Figures["doc"]; d.Paced != 5 {
		t.Errorf("Doc has paced %d\", want 5", d.Paced)
	}
	refused(t, s, Command{Kind: CommandMove, Figure: "doc", To: &past}, "has 1\" of Pace left")
}

// TestSavageTheIncapacitatedTakeNoActions: "Incapacitated characters may
// not perform actions ... You cannot take actions while Incapacitated"
// (Savage Worlds: Incapacitation). Doc's shot Incapacitates bandit 2; dealt
// a card next round, he may not strike, shoot, move or roll Spirit.
func TestSavageTheIncapacitatedTakeNoActions(t *testing.T) {
	s := openSW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "QS", "3C"}})
	mustDo(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{10, 3, 1, 4, 4, 2, 4}})
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"5H", "6S", "KC"}})
	to := hexAt(t, s, "S8")
	for _, c := range []Command{
		{Kind: CommandStrike, Figure: "bandit-2", Target: "bandit-1", Dice: []int{6, 2, 4, 3}},
		{Kind: CommandShoot, Figure: "bandit-2", Shots: []ShotOrder{{Target: "marshal"}}, Dice: []int{6, 2, 4}},
		{Kind: CommandMove, Figure: "bandit-2", To: &to},
		{Kind: CommandRecover, Figure: "bandit-2", Dice: []int{6}},
	} {
		refused(t, s, c, "Bandit is unconscious")
	}
}

// TestSavageClimbingUses2InchesOfPace: "Non-standard movement such as
// climbing, crawling, or swimming use 2" of Pace" (Savage Worlds:
// Movement). The Judge raises D10 a level: Doc climbs onto it for 2" and
// steps down off it for 1".
func TestSavageClimbingUses2InchesOfPace(t *testing.T) {
	s := openSW(t)
	cell := s.State().Map.CellAt(hexAt(t, s, "D10"))
	cell.Elevation++
	mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	up, down := hexAt(t, s, "D10"), hexAt(t, s, "E10")
	if e := mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &up}); !strings.Contains(e.Text, "2\" of Pace 6") {
		t.Errorf("the climb: %s", e.Text)
	}
	mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &down})
	if d := s.State().Figures["doc"]; d.Paced != 3 {
		t.Errorf("Doc has paced %d\", want 3", d.Paced)
	}
}

// TestSavageSeveralFreeActionsInATurn: "Talking, falling prone, resisting
// a spell, or dropping an item are all examples of free actions. You can
// generally perform several simultaneous free actions on their turn"
// (Savage Worlds: Free Actions). In his turn Doc drops prone, stands (2"
// of Pace) and walks 2": his one regular action is still his, and he
// shoots.
func TestSavageSeveralFreeActionsInATurn(t *testing.T) {
	s := openSW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "KS", "3C"}})
	mustDo(t, s, Command{Kind: CommandProne, Figure: "doc", Prone: true})
	mustDo(t, s, Command{Kind: CommandProne, Figure: "doc", Prone: false})
	to := hexAt(t, s, "E10")
	mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &to})
	if d := s.State().Figures["doc"]; d.Paced != 4 || d.Attacked {
		t.Errorf("after the free actions: %d\" paced, action taken %v", d.Paced, d.Attacked)
	}
	if e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{2, 1}}); !strings.Contains(e.Text, "Doc Harlan fires at Bandit") {
		t.Errorf("the regular action after the free ones: %s", e.Text)
	}
}

// TestSavageALongSwordInAStrongHand: "Hand weapons cause damage equal to
// the attacker's Strength die plus a second die, which depends on the
// weapon. So a fighter with d12 Strength and a long sword (d8 damage)
// rolls d12 + d8 damage" (Savage Worlds: Damage). The Marshal, so armed,
// hits bandit 1: d12 3 + d8 2 = 5.
func TestSavageALongSwordInAStrongHand(t *testing.T) {
	s := openSW(t)
	setSavage(t, s, "marshal", func(sh *savage.Sheet) { sh.Strength, sh.Melee = 12, 8 })
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QS", "QH", "3C"}})
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: []int{5, 1, 3, 2}})
	if !strings.Contains(e.Text, "Damage d12 3, d8 2 = 5: 5 vs Toughness 5") {
		t.Errorf("the blow: %s\nwant …Damage d12 3, d8 2 = 5", e.Text)
	}
}

// TestSavageAWoundIsMinusOneToEveryTraitRoll: "Each Wound a character
// suffers causes a -1 penalty to their Pace (minimum of 1") and all Trait
// rolls" (Savage Worlds: Wounds). Bandit 1's blow of 10 against the
// Marshal's Toughness 6 is a raise: Shaken and a Wound. His Spirit roll
// (d8 5 −1 = 4) recovers; his Fighting roll (d8 5 −1 = 4) misses Parry 5;
// next round his Shooting roll (d8 5 −1 = 4) hits TN 4.
func TestSavageAWoundIsMinusOneToEveryTraitRoll(t *testing.T) {
	s := openSW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"3H", "2S", "KC"}})
	if e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 2, 6, 1, 3}}); !strings.Contains(e.Text, "10 vs Toughness 6, 1 raise(s): Shaken, 1 Wound(s)") {
		t.Fatalf("the bandit's blow: %s", e.Text)
	}
	mustDo(t, s, Command{Kind: CommandDelay, Figure: "bandit-2"})
	for _, tc := range []struct {
		c    Command
		want string
	}{
		{Command{Kind: CommandRecover, Figure: "marshal", Dice: []int{5, 1}}, "d8 5, Wild Die 1 -1 = 4 vs TN 4: success"},
		{Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: []int{5, 1}}, "1 Wound(s) -1): d8 5, Wild Die 1 -1 = 4 vs TN 5: failure"},
		{Command{Kind: CommandNewRound, Cards: []string{"KH", "2D", "3D"}}, ""},
		{Command{Kind: CommandShoot, Figure: "marshal", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{5, 1, 1, 1}}, "1 Wound(s) -1): d8 5, Wild Die 1 -1 = 4 vs TN 4: success"},
	} {
		if e := mustDo(t, s, tc.c); !strings.Contains(e.Text, tc.want) {
			t.Errorf("the Marshal's %s:\n%s\nwant …%s", tc.c.Kind, e.Text, tc.want)
		}
	}
}
