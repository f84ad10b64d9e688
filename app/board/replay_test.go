package board

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

// TestAReplayShowsItsMomentAndEscReturnsToLive: a replay message shows
// the moment's fight in place of the live one, read-only, with a banner;
// the live fight's events fold in behind it; Esc (or a replay message
// without a moment) shows the live fight again, with those events.
func TestAReplayShowsItsMomentAndEscReturnsToLive(t *testing.T) {
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.Open(f, filepath.Join(t.TempDir(), "replay.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	j8 := hexmap.Hex{Q: 6, R: 7}
	if _, err := s.Do(session.Command{Kind: session.CommandMove, Figure: "cyril", To: &j8}); err != nil {
		t.Fatal(err)
	}
	for _, leave := range []string{"Esc", "a replay message without a moment"} {
		t.Run(leave, func(t *testing.T) {
			g := &Game{conn: newConn("", ""), w: WindowWidth, h: WindowHeight}
			g.receive(inMsg{welcome: s.Welcome(nil)})
			live := g.play.st
			if live.Figures["cyril"].At != j8 {
				t.Fatalf("the live fight has Cyril at %v, want J8", live.Figures["cyril"].At)
			}
			tl, err := s.Timeline()
			if err != nil {
				t.Fatal(err)
			}
			view, err := tl.ViewAt(0, nil)
			if err != nil {
				t.Fatal(err)
			}
			g.receive(inMsg{msg: transport.Message{Type: transport.MsgReplay, Replay: &session.Moment{Fight: view, Event: 0, Of: 1, Round: 1, Segment: 20}}})
			if !g.replay.on() || g.play.st == live || g.play.st.Figures["cyril"].At == j8 {
				t.Fatalf("the replay does not show the opening: on %v, Cyril at %v", g.replay.on(), g.play.st.Figures["cyril"].At)
			}
			if want := "Replay: round 1, segment 20 — event 0 of 1 · Esc or the console returns to live"; replayBanner(g.replay.moment) != want {
				t.Errorf("banner %q, want %q", replayBanner(g.replay.moment), want)
			}
			if !strings.Contains(g.message, "read-only") {
				t.Errorf("the status line %q does not say the moment is read-only", g.message)
			}
			// A live event folds in behind the replay, unseen.
			shown, facing := g.play.st, g.play.st.Figures["miranda"].Facing
			next, err := s.Do(session.Command{Kind: session.CommandTurn, Figure: "miranda", Turn: 1})
			if err != nil {
				t.Fatal(err)
			}
			g.receive(inMsg{msg: transport.Message{Type: transport.MsgEvent, Event: &next[0]}})
			if g.play.st != shown || g.play.st.Figures["miranda"].Facing != facing {
				t.Errorf("a live event changed the replayed moment")
			}
			if leave == "Esc" {
				g.replayKey(ebiten.KeyEscape)
			} else {
				g.receive(inMsg{msg: transport.Message{Type: transport.MsgReplay}})
			}
			if g.replay.on() || g.play.st != g.fold.State || g.play.st.Figures["cyril"].At != j8 {
				t.Errorf("after %s: replay on %v, Cyril at %v", leave, g.replay.on(), g.play.st.Figures["cyril"].At)
			}
			if g.fold.Events[len(g.fold.Events)-1].Seq != next[0].Seq {
				t.Errorf("the live event was not folded in behind the replay")
			}
		})
	}
}

// TestAPlayersReplayBannerSaysWhereWithoutNumbers: a player's window is
// sent a moment without its place on the timeline (the numbers count
// events hidden from the seat): its banner says the round and segment
// alone; the Judge's says the event's place too.
func TestAPlayersReplayBannerSaysWhereWithoutNumbers(t *testing.T) {
	tests := []struct {
		name string
		m    session.Moment
		want string
	}{
		{"the Judge's", session.Moment{Event: 12, Of: 40, Round: 1, Segment: 17}, "Replay: round 1, segment 17 — event 12 of 40 · Esc or the console returns to live"},
		{"a player's", session.Moment{Round: 1, Segment: 17}, "Replay: round 1, segment 17 · Esc or the console returns to live"},
		{"a player's, before the first round", session.Moment{}, "Replay: before the first round · Esc or the console returns to live"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := replayBanner(&tt.m); got != tt.want {
				t.Errorf("replayBanner(%+v) = %q, want %q", tt.m, got, tt.want)
			}
		})
	}
}
