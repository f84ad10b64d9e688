package session

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestAPlayersEventsOnTheTimelineNeverNameAHiddenFigure: Zeke hidden,
// then moved and a round begun: the table is not sent his move, and no
// sentence it is sent names him; the Judge is sent every event as it is.
func TestAPlayersEventsOnTheTimelineNeverNameAHiddenFigure(t *testing.T) {
	s := open(t)
	table := seat(s.State())
	zeke := s.State().Figures["zeke"]
	to := zeke.At.Neighbor(zeke.Facing)
	for _, c := range []Command{{Kind: CommandHide, Figure: "zeke"}, {Kind: CommandMove, Figure: "zeke", To: &to}, {Kind: CommandNewRound}} {
		if _, err := s.Do(c); err != nil {
			t.Fatalf("%s: %v", c.Kind, err)
		}
	}
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	moved := false
	for i := range tl.Len() {
		e, _ := tl.Event(i)
		judge, shown, err := tl.EventFor(i, nil)
		if err != nil || !shown || judge.Text != e.Text {
			t.Errorf("event %d (%s): the Judge is sent %q, %v, %v", i, e.Kind, judge.Text, shown, err)
		}
		out, shown, err := tl.EventFor(i, table)
		if err != nil {
			t.Fatal(err)
		}
		if e.Kind == EventMoved {
			moved = true
			if shown {
				t.Errorf("event %d: the table is sent Zeke's move: %q", i, out.Text)
			}
		}
		if shown && strings.Contains(out.Text, "Zeke") {
			t.Errorf("event %d (%s): the table reads %q", i, e.Kind, out.Text)
		}
	}
	if !moved {
		t.Fatal("Zeke did not move")
	}
}

// TestAReplayOnTheTableCountsNoHiddenEvent: the Judge shows on the table
// the moment of hidden Zeke's move. The Judge's windows are told
// the moment's place among every event (event, of) and its line; a
// player's window neither (they count hidden events: a jump of two tells
// of one unseen) nor Zeke's line, but the round and segment, and the
// fight as the seat saw it. Before, the player was sent the Judge's
// numbers and "Zeke Perkins moves …".
func TestAReplayOnTheTableCountsNoHiddenEvent(t *testing.T) {
	s := open(t)
	table := seat(s.State())
	zeke := s.State().Figures["zeke"]
	to := zeke.At.Neighbor(zeke.Facing)
	for _, c := range []Command{{Kind: CommandHide, Figure: "zeke"}, {Kind: CommandMove, Figure: "zeke", To: &to}} {
		if _, err := s.Do(c); err != nil {
			t.Fatalf("%s: %v", c.Kind, err)
		}
	}
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	i := tl.Len() - 1
	m, err := tl.Moment(i)
	if err != nil {
		t.Fatal(err)
	}
	m.Table = true
	s.ShowReplay(m)
	judge := s.ReplayingFor(nil)
	if judge == nil || judge.Event != i || judge.Of != tl.Len()-1 || !strings.Contains(judge.Text, "Zeke") {
		t.Fatalf("the Judge's moment: %+v; want event %d of %d, Zeke's move", judge, i, tl.Len()-1)
	}
	got := s.ReplayingFor(table)
	if got == nil || got.Fight == nil {
		t.Fatalf("the table is shown %+v, want the moment", got)
	}
	if got.Event != 0 || got.Of != 0 || strings.Contains(got.Text, "Zeke") || got.Round != judge.Round || got.Segment != judge.Segment {
		t.Errorf("the table's moment: event %d of %d, round %d, segment %d, %q; want no numbers, no Zeke, round %d, segment %d",
			got.Event, got.Of, got.Round, got.Segment, got.Text, judge.Round, judge.Segment)
	}
	for _, f := range got.Fight.Figures {
		if f.ID == "zeke" {
			t.Error("the table's moment shows hidden Zeke")
		}
	}
	data, _ := json.Marshal(got)
	if strings.Contains(string(data), `"event"`) || strings.Contains(string(data), `"of"`) {
		t.Errorf("the table's replay message holds the numbers: %.200s", data)
	}
}
