package session

import (
	"strings"
	"testing"

	"hexslinger/rules"
)

// The TWTW Conflict chapter in play: each test drives a rule through
// session commands, as a fight reaches it, and checks the event and its
// log sentence. Named after the chapter's section and rule.

// failingInitiative types all ones for every figure's initiative: no
// successes, no bumps, no die rolled again.
func failingInitiative(st *State) []int {
	var dice []int
	for _, id := range st.Order {
		n := st.Characters[st.Figures[id].Character].Traits.Quickness
		for range n {
			dice = append(dice, 1)
		}
	}
	return dice
}

// TestWoundEffectsCostAP: "Wound effects are subtracted from the total
// APs ... The penalty depends on the highest-level wound your hero has
// suffered" (TWTW Conflict: Wound Effects). Cyril's Schofield puts two
// wounds in Zeke's head (a Light wound, 2 AP); the next round Zeke rolls
// the same as an unhurt Zeke would and has 2 AP less.
func TestWoundEffectsCostAP(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	mustDo(t, s, Command{Kind: CommandCock, Figure: "cyril", Weapon: "schofield"})
	mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield",
		Shots: []ShotOrder{{Target: "zeke", Kind: "normal"}}, Dice: []int{9, 2, 1, 1, 1, 1}, Cards: []string{"3H"}})
	if w := s.State().Figures["zeke"].Wounds[rules.Head]; w != 2 {
		t.Fatalf("Zeke's head wounds: %d, want 2", w)
	}
	e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	base := s.State().Characters["zeke"].BaseAP()
	if e.APs["zeke"] != base-2 || e.APs["cyril"] != s.State().Characters["cyril"].BaseAP() {
		t.Errorf("initiative: Zeke %d, want %d; Cyril %d", e.APs["zeke"], base-2, e.APs["cyril"])
	}
	if !strings.Contains(e.Text, "Zeke Perkins: AP 8 + 0 successes + 0 bumps − 2 for wounds = 6") {
		t.Errorf("the log does not say the wound penalty: %s", e.Text)
	}
}
