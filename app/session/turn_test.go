package session

import (
	"slices"
	"testing"
)

// TestTurnSaysWhoMayActNow: the round's Acting are the figures who may
// act now, asked of the turn by the windows: in TWTW those whose number
// has come up; in the systems whose turns go in order those of the step
// the round is at; none before the first roll.
func TestTurnSaysWhoMayActNow(t *testing.T) {
	tests := []struct {
		name  string
		fight string
		cmds  []Command
		want  func(s *State) []string
	}{
		{"TWTW before the first roll: no one", "demo", nil, func(*State) []string { return nil }},
		{"TWTW counted to the first number: those whose number came up", "demo",
			[]Command{{Kind: CommandNewRound}, {Kind: CommandSegment}},
			func(s *State) []string { return s.ActingNow() }},
		{"Savage Worlds after the deal: everyone standing, in card order", "savage",
			[]Command{{Kind: CommandNewRound}},
			func(s *State) []string {
				var ids []string
				for _, st := range s.Turn().Steps {
					ids = append(ids, st.Figures...)
				}
				return ids
			}},
		{"Savage Worlds before the deal: no one", "savage", nil, func(*State) []string { return nil }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := openBundled(t, tc.fight)
			for _, c := range tc.cmds {
				mustDo(t, s, c)
			}
			// Counted on, a segment a command, to the first number.
			for len(tc.cmds) > 0 && tc.cmds[len(tc.cmds)-1].Kind == CommandSegment && len(s.State().ActingNow()) == 0 {
				mustDo(t, s, Command{Kind: CommandSegment})
			}
			st := s.State()
			got, want := st.Turn().Acting, tc.want(st)
			if !slices.Equal(got, want) {
				t.Errorf("Acting %v, want %v", got, want)
			}
			if len(tc.cmds) > 0 && len(got) == 0 {
				t.Errorf("no one may act: %+v", st.Turn())
			}
		})
	}
}
