package session

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hexslinger/hexmap"
)

// figures is a comparable snapshot of a state's figures and round.
func figures(st *State) map[string]Figure {
	out := map[string]Figure{"": {AP: st.Round}}
	for id, f := range st.Figures {
		out[id] = *f
	}
	return out
}

func TestUndoRedo(t *testing.T) {
	s := open(t)
	start := figures(s.State())
	to := hexAt(t, s, "J8")
	if _, err := s.Do(Command{Kind: CommandMove, Figure: "cyril", To: &to}); err != nil {
		t.Fatal(err)
	}
	moved := figures(s.State())
	ev, err := s.Do(Command{Kind: CommandUndo})
	if err != nil {
		t.Fatal(err)
	}
	if ev[0].Kind != EventUndone || !strings.Contains(ev[0].Text, "takes back: Cyril Wellington moves 7 paces") {
		t.Errorf("undo event %+v", ev[0])
	}
	if got := figures(s.State()); !reflect.DeepEqual(got, start) {
		t.Errorf("after undo the figures are not where they started")
	}
	if _, err := s.Do(Command{Kind: CommandRedo}); err != nil {
		t.Fatal(err)
	}
	if got := figures(s.State()); !reflect.DeepEqual(got, moved) {
		t.Errorf("after redo Cyril is not back at J8")
	}
	// Undo, then a new command: nothing is left to redo.
	s.Do(Command{Kind: CommandUndo})
	s.Do(Command{Kind: CommandTurn, Figure: "zeke", Turn: 1})
	var ref *Refusal
	if _, err := s.Do(Command{Kind: CommandRedo}); !errors.As(err, &ref) || !strings.Contains(ref.Reason, "nothing to redo") {
		t.Errorf("redo after a new command: %v", err)
	}
	s.Do(Command{Kind: CommandUndo})
	if _, err := s.Do(Command{Kind: CommandUndo}); !errors.As(err, &ref) || !strings.Contains(ref.Reason, "nothing to undo") {
		t.Errorf("undo past the start: %v", err)
	}
	// A client folding the same events agrees.
	past, _, cancel := s.Subscribe(1)
	cancel()
	f, err := NewFold(past[:1])
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range past[1:] {
		if err := f.Add(e); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(figures(f.State), figures(s.State())) {
		t.Errorf("a client's fold differs from the session")
	}
}

// A thousand random legal commands, with undos and redos among them: the
// journal replays to the same state, and undoing everything gives the
// opening state.
func TestRandomCommandsReplayAndUndo(t *testing.T) {
	path := filepath.Join(t.TempDir(), "random.journal.jsonl")
	s, err := Open(demo(t), path)
	if err != nil {
		t.Fatal(err)
	}
	start := figures(s.State())
	ids := s.State().Order
	rng := rand.New(rand.NewPCG(11, 12))
	done := 0
	for done < 1000 {
		var c Command
		switch k := rng.IntN(20); {
		case k < 12:
			st := s.State()
			f := st.Figures[ids[rng.IntN(len(ids))]]
			to := f.At.Add(hexmap.Hex{Q: rng.IntN(9) - 4, R: rng.IntN(9) - 4})
			c = Command{Kind: CommandMove, Figure: f.ID, To: &to}
		case k < 16:
			c = Command{Kind: CommandTurn, Figure: ids[rng.IntN(len(ids))], Turn: []int{-3, -2, -1, 1, 2, 3}[rng.IntN(6)]}
		case k < 17:
			c = Command{Kind: CommandNewRound}
		case k < 19:
			c = Command{Kind: CommandUndo}
		default:
			c = Command{Kind: CommandRedo}
		}
		if _, err := s.Do(c); err != nil {
			var ref *Refusal
			if !errors.As(err, &ref) {
				t.Fatalf("command %+v: %v", c, err)
			}
			continue
		}
		done++
	}
	want := figures(s.State())
	s.mu.Lock()
	held := len(s.events)
	s.mu.Unlock()
	if held > keepEvents+checkpointEvery+10 {
		t.Errorf("the session holds %d events in memory after %d commands, want at most about %d", held, done, keepEvents+checkpointEvery)
	}
	s.Close()
	s2, err := Open(demo(t), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if got := figures(s2.State()); !reflect.DeepEqual(got, want) {
		t.Fatalf("the journal replays to another state")
	}
	for {
		if _, err := s2.Do(Command{Kind: CommandUndo}); err != nil {
			break
		}
	}
	if got := figures(s2.State()); !reflect.DeepEqual(got, start) {
		t.Errorf("undoing everything does not give the opening state")
	}
}

// TestARoundOfNoFiguresListsNothing: a round started before any figure
// is placed ends its line at its heading, in every system, and so does
// its undo ("The Judge takes back: Round 1 begins (…). ." had a period
// of its own for the empty list of figures, "Order: ." another).
func TestARoundOfNoFiguresListsNothing(t *testing.T) {
	for _, tc := range []struct{ name, fight, initiative string }{
		{"TWTW", "demo", ""},
		{"Dragon Warriors II", "dragonwarriors", ""},
		{"Lead and Chrome's initiative", "dragonwarriors", InitiativeLeadChrome},
		{"Savage Worlds", "savage", ""},
		{"Fudge", "fudge", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := bundledFight(t, tc.fight)
			f.Figures = nil
			if tc.initiative != "" {
				setLC(&f.Options, func(l *LeadChromeOptions) { l.Initiative = tc.initiative })
			}
			s := openFile(t, f)
			round := mustDoAll(t, s, Command{Kind: CommandNewRound})
			undo := mustDoAll(t, s, Command{Kind: CommandUndo})
			for _, text := range []string{round[0].Text, undo[0].Text} {
				for _, empty := range []string{". .", "..", ": .", ": ;"} {
					if strings.Contains(text, empty) {
						t.Errorf("a round of no figures, then its undo: %q has an empty list (%q)", text, empty)
					}
				}
				if !strings.HasSuffix(text, ".") {
					t.Errorf("a round of no figures, then its undo: %q does not end in a period", text)
				}
			}
		})
	}
}

// TestARedoOfACommandOlderThanTheRecentEventsPutsItBack: the Judge moves
// Cyril, hides and shows Jeb hundreds of times, takes everything back
// and puts the move back: Cyril stands where he moved to, as the journal
// replays, and the line says what was put back. (The redo was decided on
// the recent events, whose undos named the move, and replayed them
// without the move's own, folded away long before: Cyril stayed put, the
// live fight was not the journal's, and the line read "The Judge puts
// back: ".)
func TestARedoOfACommandOlderThanTheRecentEventsPutsItBack(t *testing.T) {
	s := openFile(t, demo(t))
	j8 := hexmap.Hex{Q: 6, R: 7}
	move := mustDo(t, s, Command{Kind: CommandMove, Figure: "cyril", To: &j8})
	n := RecentEvents + 10
	for i := range n {
		mustDo(t, s, Command{Kind: []string{CommandHide, CommandReveal}[i%2], Figure: "jeb"})
	}
	for range n + 1 {
		mustDo(t, s, Command{Kind: CommandUndo})
	}
	if at := s.State().Figures["cyril"].At; at == j8 {
		t.Fatalf("after taking everything back Cyril is still at %v", at)
	}
	redo := mustDo(t, s, Command{Kind: CommandRedo})
	if at := s.State().Figures["cyril"].At; at != j8 {
		t.Errorf("the move put back: Cyril is at %v, want %v", s.State().Map.Label(at), s.State().Map.Label(j8))
	}
	if want := "The Judge puts back: " + move.Text; redo.Text != want {
		t.Errorf("the redo's line: %q, want %q", redo.Text, want)
	}
	f, err := os.Open(s.JournalPath())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	all, _, err := readJournal(f)
	if err != nil {
		t.Fatal(err)
	}
	st, err := Replay(all)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := stateKey(t, s.State()), stateKey(t, st); got != want {
		t.Errorf("the live fight is not its journal's:\n%s", firstDiff(got, want))
	}
}
