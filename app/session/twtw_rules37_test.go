package session

import (
	"path/filepath"
	"strings"
	"testing"

	"hexslinger/rules"
)

// The TWTW rules issue 37's audit found wrong in play, each driven through
// session commands with typed dice and asserting the chapter's numbers.

// plainCard is a card of the deck with no Calamity icon.
func plainCard(t *testing.T) string {
	t.Helper()
	for _, c := range rules.Cards() {
		if !c.Calamity {
			return c.Name()
		}
	}
	t.Fatal("the deck has no card without a Calamity")
	return ""
}

// stunnedZeke is the demo fight with Zeke stunned.
func stunnedZeke(t *testing.T) *Session {
	t.Helper()
	f := demo(t)
	for i, fs := range f.Figures {
		if fs.ID == "zeke" {
			st := FigureStatus{Condition: rules.Stunned, Gear: open(t).State().Figures["zeke"].Gear}
			f.Figures[i].Status = &st
		}
	}
	s, err := Open(f, filepath.Join(t.TempDir(), "stunned.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestAStunnedFigureRecoversOnceARound: "Each round, stunned characters
// use their action (Recover, all APs) to attempt a recovery check" (TWTW
// Conflict: Wound Effects). Zeke fails his recovery check (no successes,
// a plain card): he stays stunned, his AP are spent, and he may not try
// again until the next round, when he may.
func TestAStunnedFigureRecoversOnceARound(t *testing.T) {
	s := stunnedZeke(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	pool := s.State().Characters["zeke"].TraitPool("fortitude", true)
	card := plainCard(t)
	rec := mustDo(t, s, Command{Kind: CommandRecover, Figure: "zeke", Dice: ones(pool.Count), Cards: []string{card}})
	if z := s.State().Figures["zeke"]; z.Condition != rules.Stunned || z.AP != 0 {
		t.Fatalf("after a failed recovery Zeke is %v with %d AP, want stunned with 0: %s", z.Condition, z.AP, rec.Text)
	}
	again := Command{Kind: CommandRecover, Figure: "zeke", Dice: sure(pool), Cards: []string{card}}
	if e, err := s.Do(again); err == nil {
		t.Fatalf("Zeke tries again in the same round with 0 AP: %v", e)
	} else if !strings.Contains(err.Error(), "once a round") {
		t.Errorf("the refusal %q does not say a recovery is once a round", err)
	}
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	mustDo(t, s, again)
	if z := s.State().Figures["zeke"]; z.Condition != rules.Fine {
		t.Errorf("the next round Zeke's sure recovery leaves him %v", z.Condition)
	}
}
