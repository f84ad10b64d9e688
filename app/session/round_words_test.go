package session

import (
	"slices"
	"strconv"
	"testing"
)

// TestAFiguresPlaceInTheRoundIsInItsSystemsTerms: what a table of figures
// heads and shows of each figure's place in the round is the system's
// turn model (State.RoundColumns, State.RoundCells): TWTW's AP left and
// the initiative rolled (AP = 5 + Quickness before any roll; TWTW
// Conflict: Initiative); Savage Worlds' action card ("Action cards ...
// dealt", Savage Worlds: Initiative); Dragon Warriors II's initiative,
// and Lead and Chrome's where its option orders the round; nothing in
// Fudge's simultaneous rounds.
func TestAFiguresPlaceInTheRoundIsInItsSystemsTerms(t *testing.T) {
	for _, tc := range []struct {
		name, fight, id string
		leadChrome      bool // Lead and Chrome's initiative orders the round
		round           Command
		heads           []string
		before, after   []string // after nil: the AP (or initiative) the roll gave, under each heading
	}{
		{"TWTW: AP left and initiative", "demo", "cyril", false, Command{Kind: CommandNewRound},
			[]string{"AP", "Init"}, []string{"8", "8"}, nil},
		{"Savage Worlds: the action card", "savage", "marshal", false, Command{Kind: CommandNewRound, Cards: []string{"3H", "2S", "KC"}},
			[]string{"Card"}, []string{"—"}, []string{"3♥"}},
		{"Savage Worlds under Lead and Chrome's initiative", "savage", "marshal", true, Command{Kind: CommandNewRound},
			[]string{"Initiative"}, []string{"—"}, nil},
		{"Dragon Warriors II: the initiative", "dragonwarriors", "rolf", false, Command{Kind: CommandNewRound, Dice: []int{4, 3, 3, 3}},
			[]string{"Initiative"}, []string{"—"}, []string{"11"}},
		{"Fudge: simultaneous rounds order no one", "fudge", "sheriff", false, Command{Kind: CommandNewRound},
			nil, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openBundled(t, tc.fight)
			if tc.leadChrome {
				opts := s.State().Options
				setLC(&opts, func(l *LeadChromeOptions) { l.Initiative = InitiativeLeadChrome })
				mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
			}
			if got := s.State().RoundColumns(); !slices.Equal(got, tc.heads) {
				t.Errorf("RoundColumns() = %q, want %q", got, tc.heads)
			}
			if got := s.State().RoundCells(tc.id); !slices.Equal(got, tc.before) {
				t.Errorf("before the first roll: RoundCells(%s) = %q, want %q", tc.id, got, tc.before)
			}
			mustDo(t, s, tc.round)
			if got := s.State().RoundColumns(); !slices.Equal(got, tc.heads) {
				t.Errorf("after the first roll: RoundColumns() = %q, want %q", got, tc.heads)
			}
			want := tc.after
			if want == nil && tc.heads != nil {
				ap := strconv.Itoa(s.State().Figures[tc.id].AP)
				want = slices.Repeat([]string{ap}, len(tc.heads))
			}
			if got := s.State().RoundCells(tc.id); !slices.Equal(got, want) {
				t.Errorf("after the first roll: RoundCells(%s) = %q, want %q", tc.id, got, want)
			}
		})
	}
}
