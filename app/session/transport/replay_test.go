package transport

import (
	"testing"
	"time"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// TestAReplayReachesOnlyTheJudgesWindows: the console scrubs the timeline
// to a moment; the Judge's window is sent it, a player's is not (its next
// message is a later ping), and going back to live sends the Judge a
// replay message without a moment. A Judge's window joining mid-replay is
// sent the moment after its welcome.
func TestAReplayReachesOnlyTheJudgesWindows(t *testing.T) {
	s := open(t)
	ctx, sv, alice := aliceTable(t, s, 10*time.Second)
	judge, _ := dialOne(ctx, t, sv.URL(), "secret")
	player, _ := dialOne(ctx, t, sv.URL(), alice.Token())

	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	view, err := tl.ViewAt(0, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.ShowReplay(&session.Moment{Fight: view, Event: 0, Of: tl.Len(), Round: 1, Segment: 20})

	m := next(ctx, t, judge, MsgReplay)
	if m.Replay == nil || m.Replay.Fight == nil || m.Replay.Of != tl.Len() || m.Replay.Fight.Name != view.Name {
		t.Errorf("the Judge was sent %+v, want the moment at event 0", m.Replay)
	}
	late, _ := dialOne(ctx, t, sv.URL(), "secret")
	if m := next(ctx, t, late, MsgReplay); m.Replay == nil {
		t.Errorf("a Judge's window joining mid-replay was sent %+v, want the moment", m)
	}

	at := hexmap.Hex{Q: 5, R: 6}
	if err := s.Ping("Judge", at); err != nil {
		t.Fatal(err)
	}
	for {
		m, err := player.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if m.Type == MsgReplay {
			t.Fatalf("a player's window was sent the replay: %+v", m)
		}
		if m.Type == MsgPing {
			break
		}
	}

	s.ShowReplay(nil)
	if m := next(ctx, t, judge, MsgReplay); m.Replay != nil {
		t.Errorf("back to live: the Judge was sent %+v, want no moment", m.Replay)
	}
}

// TestAReplayOnTheTableShowsEachPlayerItsOwnView: when the Judge shows
// the replay on the table, a player's window is sent the moment as its
// seat saw it then (a figure hidden from the players is not in it), and
// is told when the replay ends.
func TestAReplayOnTheTableShowsEachPlayerItsOwnView(t *testing.T) {
	s := open(t)
	if _, err := s.Do(session.Command{Kind: session.CommandHide, Figure: "jeb"}); err != nil {
		t.Fatal(err)
	}
	ctx, _, player := table(t, s)
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	i := tl.Len() - 1
	view, _ := tl.ViewAt(i, nil)
	s.ShowReplay(&session.Moment{Fight: view, Event: i, Of: tl.Len(), Table: true,
		SeatView: func(seat *session.Seat) (*session.FightFile, error) { return tl.ViewAt(i, seat) }})
	m := next(ctx, t, player, MsgReplay)
	if m.Replay == nil || m.Replay.Fight == nil {
		t.Fatalf("the player's window was sent %+v, want the moment", m.Replay)
	}
	for _, f := range m.Replay.Fight.Figures {
		if f.ID == "jeb" {
			t.Fatal("the player's replay shows a figure hidden from the players")
		}
	}
	s.ShowReplay(nil)
	if m := next(ctx, t, player, MsgReplay); m.Replay != nil {
		t.Errorf("the replay's end: the player was sent %+v, want no moment", m.Replay)
	}
}
