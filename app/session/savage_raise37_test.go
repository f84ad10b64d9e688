package session

import (
	"strings"
	"testing"
)

// TestSavageTheRaiseDieIsAD6: "If you get a Raise on your attack roll,
// you add +1d6 to the damage roll (this can also Ace!)" (Savage Worlds:
// Bonus Damage). The Marshal's blow with a raise (d8 8+1, Wild Die 2: 9
// against Parry 5) deals d8 5 + d6 3 and the raise's die: a 6 on it Aces
// as a d6 does (6+1 = 7, 15 in all), and a 7 is no face of it.
func TestSavageTheRaiseDieIsAD6(t *testing.T) {
	s := openSW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QS", "QH", "3C"}})
	strike := Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: []int{8, 1, 2, 5, 3, 7, 1, 5}}
	if _, err := s.Do(strike); err == nil || !strings.Contains(err.Error(), "d6") {
		t.Errorf("a raise die of 7: %v, want it refused as no face of a d6", err)
	}
	strike.Dice = []int{8, 1, 2, 5, 3, 6, 1, 5}
	e := mustDo(t, s, strike)
	if !strings.Contains(e.Text, "raise d6 6+1 = 15") {
		t.Errorf("the blow:\n%s\nwant the raise's d6 to Ace: raise d6 6+1 = 15", e.Text)
	}
}
