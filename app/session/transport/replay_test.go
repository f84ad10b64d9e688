package transport

import (
	"strings"
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
// seat saw it then (a figure hidden from the players is not in it), with
// the line its seat reads of it (none for a hidden figure's move, where
// the Judge reads the move: before, the player was sent the Judge's
// line), and is told when the replay ends.
func TestAReplayOnTheTableShowsEachPlayerItsOwnView(t *testing.T) {
	s := open(t)
	h5, _ := s.State().Map.ParseHex("H5")
	for _, c := range []session.Command{{Kind: session.CommandHide, Figure: "jeb"}, {Kind: session.CommandMove, Figure: "jeb", To: &h5}} {
		if _, err := s.Do(c); err != nil {
			t.Fatalf("%s: %v", c.Kind, err)
		}
	}
	ctx, _, player := table(t, s)
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	i := tl.Len() - 1
	moment, err := tl.Moment(i)
	if err != nil {
		t.Fatal(err)
	}
	moment.Table = true
	s.ShowReplay(moment)
	m := next(ctx, t, player, MsgReplay)
	if m.Replay == nil || m.Replay.Fight == nil {
		t.Fatalf("the player's window was sent %+v, want the moment", m.Replay)
	}
	if m.Replay.Event != 0 || m.Replay.Of != 0 || strings.Contains(m.Replay.Text, "Jeb") {
		t.Errorf("the player's replay: event %d of %d, %q; want no numbers (they count hidden events) and no word of Jeb", m.Replay.Event, m.Replay.Of, m.Replay.Text)
	}
	for _, f := range m.Replay.Fight.Figures {
		if f.ID == "jeb" {
			t.Fatal("the player's replay shows a figure hidden from the players")
		}
	}
	if m.Replay.Text != "" {
		t.Errorf("the player's replay of hidden Jeb's move reads %q, want no line (the Judge's is %q)", m.Replay.Text, moment.Text)
	}
	s.ShowReplay(nil)
	if m := next(ctx, t, player, MsgReplay); m.Replay != nil {
		t.Errorf("the replay's end: the player was sent %+v, want no moment", m.Replay)
	}
}
