package session

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestAHiddenCopyIsNotCounted: the first bandit hidden, the second in
// view; the posse's seat is told of one bandit, "Bandit" ("B"), in its
// snapshot, in every event and log line and in a refusal, never "Bandit 2"
// (which tells of a first bandit); the Judge keeps the true numbers.
// Before, the seat's snapshot held number 2 and its log "Bandit 2".
func TestAHiddenCopyIsNotCounted(t *testing.T) {
	s := openSW(t)
	table := seat(s.State())
	mustDo(t, s, Command{Kind: CommandHide, Figure: "bandit-1"})
	check := func(what string, data []byte) {
		t.Helper()
		for _, w := range []string{"Bandit 2", `"number":2`, "bandit-1"} {
			if strings.Contains(string(data), w) {
				i := strings.Index(string(data), w)
				t.Errorf("%s tells the posse's seat %q (of a hidden first bandit): …%s…", what, w, data[max(0, i-80):min(len(data), i+80)])
			}
		}
	}
	snap := s.State().Snapshot(table)
	data, _ := json.Marshal(snap)
	check("the snapshot", data)
	folded, err := snap.State()
	if err != nil {
		t.Fatal(err)
	}
	if n, i := folded.FigureName("bandit-2"), folded.FigureInitials("bandit-2"); n != "Bandit" || i != "B" {
		t.Errorf("the seat's window names bandit-2 %q %q, want Bandit B", n, i)
	}
	var events []Event
	events = append(events, mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "KS", "3C"}}))
	shot, err := s.Do(Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}})
	if err != nil {
		t.Fatal(err)
	}
	events = append(events, shot...)
	said := false
	for _, e := range events {
		said = said || strings.Contains(e.Text, "Bandit 2")
		out, send, resync := s.ForSeat(table, e)
		data, _ := json.Marshal(out)
		check(e.Kind+" (send "+map[bool]string{true: "yes", false: "no"}[send]+")", data)
		if resync {
			data, _ := json.Marshal(s.Welcome(table))
			check("a fresh view", data)
		}
		if strings.Contains(e.Text, "Bandit 2") && (!send || !strings.Contains(out.Text, "Bandit")) {
			t.Errorf("the posse's line of %q is %q (send %v, resync %v): want it sent, the bandit named as the seat sees it", e.Text, out.Text, send, resync)
		}
	}
	if !said {
		t.Fatalf("the Judge's lines name no Bandit 2: %v", events)
	}
	data, _ = json.Marshal(s.Welcome(table))
	check("the welcome", data)
	if got := s.ReplyText(table, "Bandit 2 stands at S8"); strings.Contains(got, "Bandit 2") {
		t.Errorf("a refusal reads %q", got)
	}
	// The secret words the leak tests look for hold the seen copy's true
	// name.
	if words := seatSecretWords(s.State(), s.State(), table); !strings.Contains(strings.Join(words, "|"), "Bandit 2") {
		t.Errorf("the secret words %q miss Bandit 2, the name that counts a hidden bandit", words)
	}
	// The Judge sees the true numbers.
	if got := s.State().FigureName("bandit-2"); got != "Bandit 2" {
		t.Errorf("the Judge's name of bandit-2: %q", got)
	}
}
