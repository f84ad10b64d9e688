package session

import (
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
