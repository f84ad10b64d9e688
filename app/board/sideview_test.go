package board

import (
	"slices"
	"testing"

	"hexslinger/app/session"
)

// TestTheJudgesSideViewDrawsWhatTheSideIsSent: in the Judge's side view
// (Y), the figures drawn are exactly the figures a player's seat of that
// side is sent (the session's Snapshot for the seat, as its welcome): no
// hidden figure, faded or not, and no figure in the side's fog.
func TestTheJudgesSideViewDrawsWhatTheSideIsSent(t *testing.T) {
	for _, tc := range []struct {
		name string
		hide []string // figures the Judge hides first
	}{
		{name: "as it opens"},
		{name: "an outlaw hidden", hide: []string{"zeke"}},
		{name: "a posse figure hidden", hide: []string{"jeb"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := demoPlay(t)
			st := p.st
			for _, id := range tc.hide {
				f, ok := st.Figures[id]
				if !ok {
					t.Fatalf("the demo has no figure %q", id)
				}
				f.Hidden = true
			}
			g := &Game{w: 1920, h: 1080, conn: newConn("", "")}
			g.conn.role = string(session.RoleJudge)
			g.play.st = st
			g.togglePlayersView()
			if !g.fog.players {
				t.Fatal("Y did not show a side's view")
			}
			for g.fog.players {
				side := g.fogSide()
				var drawn, sent []string
				for _, id := range st.Order {
					if !g.fogHides(st, st.Figures[id]) {
						drawn = append(drawn, id)
					}
				}
				for _, f := range st.Snapshot(&session.Seat{Name: "test", Role: session.RolePlayer, Side: side}).Figures {
					sent = append(sent, f.ID)
				}
				slices.Sort(drawn)
				slices.Sort(sent)
				if !slices.Equal(drawn, sent) {
					t.Errorf("seen by the %s: drawn %v, want what its seat is sent %v", side, drawn, sent)
				}
				g.togglePlayersView()
			}
		})
	}
}
