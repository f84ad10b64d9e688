package session

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"hexslinger/assets"
	"hexslinger/rules"
)

func TestFudgeThroughTheSession(t *testing.T) {
	f, err := DecodeFight(bytes.NewReader(assets.Fights()["fudge"]))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(f, filepath.Join(t.TempDir(), "fudge.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	has := func(e Event, parts ...string) {
		t.Helper()
		for _, p := range parts {
			if !strings.Contains(e.Text, p) {
				t.Errorf("%q lacks %q", e.Text, p)
			}
		}
	}
	// The Sheriff (Great) rolls ++00: Legendary; Big Ned (Good) 0000: Good.
	// A hit by 3. Ned's shield check (Fair) rolls -000: Mediocre, too low.
	// 3 + weapon 2 = 5 damage, no armor: the fifth box of the wound track,
	// Mediocre. His damage check (Great) 0000: Great against Mediocre.
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "sheriff", Target: "bruiser", Dice: []int{5, 5, 3, 3, 3, 3, 3, 3, 1, 3, 3, 3, 3, 3, 3, 3}})
	has(e, "Great +2 = Legendary against Good +0 = Good", "shield check, Mediocre, is too low", "A hit by 3: 5 damage (weapon +2, armor −0)", "wound level Mediocre", "Great +0 = Great against Mediocre: shrugs off")
	if n := s.State().Figures["bruiser"]; n.Hurt != 5 || n.Condition != rules.Fine {
		t.Fatalf("Ned: %+v", n.FigureStatus)
	}
	// Ned (Good) +++0: Legendary; the Sheriff (Great) --00: Fair. A hit by
	// 4, past the vest's coverage (CV 1): the armor does not count. 4 + 1
	// = 5 damage. The Sheriff's damage check (Good) ----: Terrible, a
	// critical failure: out of the fight.
	e = mustDo(t, s, Command{Kind: CommandStrike, Figure: "bruiser", Target: "sheriff", Dice: []int{5, 5, 5, 3, 1, 1, 3, 3, 1, 1, 1, 1}})
	has(e, "armor −0", "Good -4 = Terrible against Mediocre: is knocked down", "critical failure")
	sh := s.State().Figures["sheriff"]
	if sh.Condition != rules.Unconscious || sh.Hurt != 5 {
		t.Fatalf("the Sheriff: %+v", sh.FigureStatus)
	}
	// Recovery waits as many rounds as damage points.
	if _, err := s.Do(Command{Kind: CommandRecover, Figure: "sheriff", Dice: []int{5, 5, 5, 5}}); err == nil || !strings.Contains(err.Error(), "recovery waits 5") {
		t.Errorf("early recovery: %v", err)
	}
	for i := 0; i < 5; i++ {
		mustDo(t, s, Command{Kind: CommandNewRound})
	}
	e = mustDo(t, s, Command{Kind: CommandRecover, Figure: "sheriff", Dice: []int{5, 5, 5, 5}})
	has(e, "shrugs off the injury", "critical success")
	if s.State().Figures["sheriff"].Condition != rules.Fine {
		t.Error("the Sheriff did not rejoin")
	}
	// Without the armor-coverage module the vest's AV always counts.
	o := *s.State().Options.Fudge
	o.ArmorCoverage = false
	opts := s.State().Options
	opts.Fudge = &o
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	e = mustDo(t, s, Command{Kind: CommandStrike, Figure: "bruiser", Target: "sheriff", Dice: []int{5, 5, 5, 3, 1, 1, 3, 3, 3, 3, 3, 3}})
	has(e, "armor −1")
}
