package session

import (
	"fmt"
	"strings"
	"testing"

	"hexslinger/rules/leadchrome"
)

// TestEveryQuickDrawModifierRowInPlay: the Quick-draw modifiers table of
// Lead and Chrome, each row through a Savage Worlds round on Lead and
// Chrome's initiative. Doc (Reflexes 6, Quick-Draw 3) draws his Colt
// Peacemaker with the gun's rows: 6+4 + 6 + 3 and the row; the Marshal
// (Reflexes 7, no Quick-Draw skill: "adds their Quick-Draw skill (if
// any)") draws his hand weapon with the melee rows: 5+5 + 7 + 0 and the
// row.
func TestEveryQuickDrawModifierRowInPlay(t *testing.T) {
	for _, tc := range []struct {
		row, id string
		mod     int
		melee   bool
	}{
		{"Opponent has weapon drawn and cocked: -10", "opponent-drawn-cocked", -10, false},
		{"Opponent has weapon drawn, not cocked: -5", "opponent-drawn", -5, false},
		{"Hip/thigh holster draw: 0", "hip", 0, false},
		{"Hip/thigh holster, gun not tied down: -1", "hip-loose", -1, false},
		{"Belly-draw (tucked in belt or belly holster): -1", "belly", -1, false},
		{"Cross-draw (shoulder or reverse draw): -3", "cross", -3, false},
		{"Flap holster, flap up/bucket holster: -1", "flap-up", -1, false},
		{"Flap holster, flap down: -2", "flap-down", -2, false},
		{"Flap holster, buttoned down: -4", "flap-buttoned", -4, false},
		{"Hanging by lanyard: 0", "lanyard", 0, false},
		{"Drawing from pocket: -2", "pocket", -2, false},
		{"Drawing from pocket: -2; +1 if hand in pocket", "pocket-hand-in", -1, false},
		{"Gun in back of belt: -3", "back-of-belt", -3, false},
		{"Spring holster: +1", "spring", 1, false},
		{"Sleeve drop: +1", "sleeve", 1, false},
		{"Bridgeport Rig (hip): +2", "bridgeport", 2, false},
		{"Short barrelled pistol (1\"-4\"): +1", "barrel-short", 1, false},
		{"Medium barrelled pistol (4\"-6\"): 0", "barrel-medium", 0, false},
		{"Long barrelled pistol (6\" plus): -1", "barrel-long", -1, false},
		{"Sights filed off: +1", "sights-filed", 1, false},
		{"No trigger guard: +1", "no-trigger-guard", 1, false},
		{"Hair trigger: +1", "hair-trigger", 1, false},
		{"Drawing two weapons at once: +1 to fumble chance, none to initiative", "two-weapons", 0, false},
		{"Small melee weapon (knife, shuriken): +1", "small-melee", 1, true},
		{"Med. melee weapon (machete, hatchet): -1", "medium-melee", -1, true},
		{"Large melee weapon (most swords etc.): -2", "large-melee", -2, true},
	} {
		t.Run(tc.row, func(t *testing.T) {
			s := openSavageQuickDraw(t)
			who, kind, want := "doc", leadchrome.Revolver, fmt.Sprintf("Quick-Draw skill +3, modifiers %+d = %d", tc.mod, 19+tc.mod)
			if tc.melee {
				who, kind, want = "marshal", leadchrome.OneHandedMelee, fmt.Sprintf("Quick-Draw skill +0, modifiers %+d = %d", tc.mod, 17+tc.mod)
			}
			e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{5, 5, 6, 4, 1, 2, 1, 3}, Declare: []Declaration{
				{Figure: who, QuickDraw: &leadchrome.QuickDraw{Weapon: kind, Modifiers: []string{tc.id}}}}})
			if !strings.Contains(e.Text, want) {
				t.Errorf("the round:\n%s\nwant …%s", e.Text, want)
			}
		})
	}
}

// TestAPocketDrawIsOneRow: "Drawing from pocket: -2; +1 if hand in
// pocket" (Lead and Chrome: Quick-draw modifiers) is one row: a draw from
// the pocket with the hand in it is −1 (pocket-hand-in); naming the
// pocket row as well would count the pocket's −2 twice (−3), and is
// refused, naming both.
func TestAPocketDrawIsOneRow(t *testing.T) {
	s := openSavageQuickDraw(t)
	c := Command{Kind: CommandNewRound, Dice: []int{5, 5, 6, 4, 1, 2, 1, 3}, Declare: []Declaration{
		{Figure: "doc", QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver, Modifiers: []string{"pocket", "pocket-hand-in"}}}}}
	if ev, err := s.Do(c); err == nil || !strings.Contains(err.Error(), `"pocket" and "pocket-hand-in"`) {
		t.Errorf("a pocket draw named as both rows: %v %v, want refused, naming pocket and pocket-hand-in", err, ev)
	}
	c.Declare[0].QuickDraw.Modifiers = []string{"pocket-hand-in"}
	if e := mustDo(t, s, c); !strings.Contains(e.Text, "modifiers -1 = 18") {
		t.Errorf("the hand in the pocket: %s, want modifiers -1 = 18", e.Text)
	}
}

// TestANaturalTwoActsLastWhateverTheReflexes: "An unmodified roll of a 2
// means the character acts last of all, regardless of their Reflexes
// stat" (Lead and Chrome: Initiative), in a Savage Worlds fight. The
// Marshal, of Reflexes 20, rolls 1 and 1: 22, and acts after Doc's
// natural 3 (1+2 + 6 = 9), the lowest total; a natural 3 is no 2.
func TestANaturalTwoActsLastWhateverTheReflexes(t *testing.T) {
	s := openSavageQuickDraw(t)
	withLeadChrome(t, s, map[string]leadchrome.Sheet{"marshal": {Reflexes: 20}})
	e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{1, 1, 1, 2, 4, 4, 3, 3}})
	if !strings.Contains(e.Text, "Order: Bandit, Bandit 2, Doc Harlan, Marshal Dane;") || strings.Count(e.Text, "acts last of all") != 1 {
		t.Errorf("the round:\n%s\nwant the order Bandit (13), Bandit 2 (11), Doc Harlan (9), Marshal Dane (22, a natural 2)", e.Text)
	}
}

// TestTheFumbleRangeGrowsOneForEachThing: "An unmodified 2D10 roll of a 2
// on a Quick-draw roll means the character has fumbled … A handgun with
// the trigger guard removed OR with a hair trigger fumbles on a
// Quick-draw on a natural 2D10 roll of 2 or 3. A gun with both
// modifications fumbles on a 2, 3 or 4. Drawing two weapons at once
// increases the chance of fumbling by one" (Lead and Chrome: Quick-draw
// fumbles), in a Savage Worlds round: Doc draws his Peacemaker, and at
// each range's top a natural roll fumbles (his D6 a 1: the shot goes into
// the ground) and one more does not.
func TestTheFumbleRangeGrowsOneForEachThing(t *testing.T) {
	for _, tc := range []struct {
		name    string
		mods    []string
		natural [2]int
		fumbles bool
	}{
		{"a natural 2 fumbles", nil, [2]int{1, 1}, true},
		{"a natural 3 does not", nil, [2]int{1, 2}, false},
		{"a hair trigger: 3 fumbles", []string{"hair-trigger"}, [2]int{1, 2}, true},
		{"a hair trigger: 4 does not", []string{"hair-trigger"}, [2]int{2, 2}, false},
		{"no trigger guard: 3 fumbles", []string{"no-trigger-guard"}, [2]int{1, 2}, true},
		{"both: 4 fumbles", []string{"hair-trigger", "no-trigger-guard"}, [2]int{2, 2}, true},
		{"both: 5 does not", []string{"hair-trigger", "no-trigger-guard"}, [2]int{2, 3}, false},
		{"both and two weapons: 5 fumbles", []string{"hair-trigger", "no-trigger-guard", "two-weapons"}, [2]int{2, 3}, true},
		{"both and two weapons: 6 does not", []string{"hair-trigger", "no-trigger-guard", "two-weapons"}, [2]int{3, 3}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openSavageQuickDraw(t)
			dice := []int{5, 5, tc.natural[0], tc.natural[1]}
			if tc.fumbles {
				dice = append(dice, 1)
			}
			e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: append(dice, 4, 4, 3, 3), Declare: []Declaration{
				{Figure: "doc", QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver, Modifiers: tc.mods}}}})
			if got := strings.Contains(e.Text, "fumbled the draw"); got != tc.fumbles {
				t.Errorf("natural %d with %v: fumbled %v, want %v:\n%s", tc.natural[0]+tc.natural[1], tc.mods, got, tc.fumbles, e.Text)
			}
		})
	}
}
