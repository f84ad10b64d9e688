package console

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// timelineConsole is the demo's console after four commands (a move, two
// turns and the next segment), with its Timeline tab open.
func timelineConsole(t *testing.T) (*Console, *session.Session) {
	t.Helper()
	c, s, _ := newConsole(t)
	j8 := hexmap.Hex{Q: 6, R: 7}
	mustDo(t, s, session.Command{Kind: session.CommandMove, Figure: "cyril", To: &j8})
	mustDo(t, s, session.Command{Kind: session.CommandTurn, Figure: "miranda", Turn: 1})
	mustDo(t, s, session.Command{Kind: session.CommandSegment})
	mustDo(t, s, session.Command{Kind: session.CommandTurn, Figure: "cyril", Turn: -1})
	c.Drain()
	c.tabs.Select(c.tlTab)
	return c, s
}

// TestTheTimelineOpensAtTheLastEventAndReplaysIt: opening the Timeline
// tab shows the last event, and the Judge's map windows are told to
// replay it.
func TestTheTimelineOpensAtTheLastEventAndReplaysIt(t *testing.T) {
	c, s := timelineConsole(t)
	p := c.timeline
	if !p.open || p.tl == nil {
		t.Fatal("the Timeline tab did not open the timeline")
	}
	last := p.tl.Len() - 1
	if p.at != last || int(p.slider.Value) != last || int(p.slider.Max) != last {
		t.Errorf("opened at %d (slider %v of %v), want the last event %d", p.at, p.slider.Value, p.slider.Max, last)
	}
	r := s.Replaying()
	if r == nil || r.Event != last || r.Fight == nil {
		t.Fatalf("the map windows replay %+v, want event %d", r, last)
	}
	if !strings.Contains(p.line.Text, "Cyril Wellington turns") {
		t.Errorf("the event's line: %q", p.line.Text)
	}
	if len(p.ticks.Objects) < 2 {
		t.Errorf("ticks: %d labels, want the opening and the segment", len(p.ticks.Objects))
	}
}

// TestScrubbingShowsTheEventAndPicksItsLogEntryWithoutChangingTheFight:
// each event the slider is moved to is said (round, segment, sentence),
// its log entry is picked, and the map windows replay it; the live
// session's last event and state are as they were.
func TestScrubbingShowsTheEventAndPicksItsLogEntryWithoutChangingTheFight(t *testing.T) {
	c, s := timelineConsole(t)
	p := c.timeline
	seq, st := c.lastSeq(), c.state
	round, seg, log := st.Round, st.Segment, len(st.Log)
	sessionSeq := s.Welcome(nil)[len(s.Welcome(nil))-1].Seq
	tests := []struct {
		name    string
		at      int
		where   string
		line    string
		logText string // the picked log entry's sentence; "" none
	}{
		{"the opening", 0, "Event 0 of 4 · Round 1, segment 20", "opens.", ""},
		{"the move", 1, "Event 1 of 4 · Round 1, segment 20", "Cyril Wellington moves", "Cyril Wellington moves"},
		{"the next segment", 3, "segment 19", "", ""},
		{"the last turn", 4, "Event 4 of 4", "Cyril Wellington turns", "Cyril Wellington turns"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p.slider.SetValue(float64(tc.at))
			if p.at != tc.at {
				t.Fatalf("shown event %d, want %d", p.at, tc.at)
			}
			if !strings.Contains(p.where.Text, tc.where) {
				t.Errorf("where: %q, want %q in it", p.where.Text, tc.where)
			}
			if !strings.Contains(p.line.Text, tc.line) {
				t.Errorf("line: %q, want %q in it", p.line.Text, tc.line)
			}
			e, _ := p.tl.Event(tc.at)
			switch {
			case tc.at == 0 && p.logRow != -1:
				t.Errorf("the opening picked log row %d, want none", p.logRow)
			case tc.at > 0 && p.logRow < 0:
				t.Errorf("no log entry picked for event %d", tc.at)
			case tc.at > 0:
				got := c.log.entries[c.log.rows[p.logRow].entry].event
				if got.Seq != e.Seq || (tc.logText != "" && !strings.Contains(got.Text, tc.logText)) {
					t.Errorf("picked %q (seq %d), want event seq %d", got.Text, got.Seq, e.Seq)
				}
			}
			if r := s.Replaying(); r == nil || r.Event != tc.at {
				t.Errorf("the map windows replay %+v, want event %d", r, tc.at)
			}
		})
	}
	p.step(-1)
	if p.at != 3 {
		t.Errorf("a step back from 4 shows %d", p.at)
	}
	p.step(1)
	p.step(1) // past the end: stays at the last
	if p.at != 4 {
		t.Errorf("two steps forward from 3 show %d, want 4 (the last)", p.at)
	}
	if c.lastSeq() != seq || c.state != st || st.Round != round || st.Segment != seg || len(st.Log) != log {
		t.Errorf("scrubbing changed the console's fight: seq %d→%d, round %d, segment %d, log %d", seq, c.lastSeq(), st.Round, st.Segment, len(st.Log))
	}
	if w := s.Welcome(nil); w[len(w)-1].Seq != sessionSeq {
		t.Errorf("scrubbing changed the session: last seq %d, was %d", w[len(w)-1].Seq, sessionSeq)
	}
}

// TestTheTimelineFollowsTheLiveFightAndGoesBackToIt: an event made while
// the timeline is open lengthens it, leaving the event shown; "Back to
// the live fight" (and Esc) leaves it and the map windows stop replaying.
func TestTheTimelineFollowsTheLiveFightAndGoesBackToIt(t *testing.T) {
	for _, how := range []string{"button", "Esc"} {
		t.Run(how, func(t *testing.T) {
			c, s := timelineConsole(t)
			p := c.timeline
			p.show(1)
			mustDo(t, s, session.Command{Kind: session.CommandTurn, Figure: "miranda", Turn: -1})
			c.Drain()
			if p.tl.Len() != 6 || int(p.slider.Max) != 5 || p.at != 1 || !strings.Contains(p.where.Text, "Event 1 of 5") {
				t.Errorf("after a live event: %d events, slider max %v, at %d, %q", p.tl.Len(), p.slider.Max, p.at, p.where.Text)
			}
			if how == "button" {
				test.Tap(p.live)
			} else {
				c.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
			}
			if c.tabs.SelectedIndex() != 0 || p.open {
				t.Errorf("after going back: tab %d, timeline open %v", c.tabs.SelectedIndex(), p.open)
			}
			if r := s.Replaying(); r != nil {
				t.Errorf("the map windows still replay %+v", r)
			}
		})
	}
}

// TestAReplayConsoleRefusesCommands: a console opened as a replay says so
// in its title, opens on the timeline, and refuses every command.
func TestAReplayConsoleRefusesCommands(t *testing.T) {
	s := demoSession(t)
	w := test.NewTempWindow(t, nil)
	c, err := New(w, s, Options{Address: "ws://test", Manual: true, Replay: "fight.journal.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	if want := "replay of fight.journal.jsonl — changes are not saved to it"; !strings.Contains(w.Title(), want) {
		t.Errorf("title %q, want %q in it", w.Title(), want)
	}
	if c.tabs.Selected() != c.tlTab || !c.timeline.open {
		t.Error("a replay console does not open on its timeline")
	}
	err = c.doErr(session.Command{Kind: session.CommandSegment})
	if err == nil || err.Error() != "Refused: a replay: nothing can be changed" {
		t.Errorf("a command in a replay: %v", err)
	}
	c.timeline.backToLive()
	if !c.timeline.open {
		t.Error("a replay console left its timeline")
	}
}

// TestTheTimelineShowsTheReplayOnTheTableWhenAsked: the table check sends
// the moment to the players' windows too, each as its seat saw it; off,
// only the Judge's windows replay.
func TestTheTimelineShowsTheReplayOnTheTableWhenAsked(t *testing.T) {
	c, s := timelineConsole(t)
	p := c.timeline
	if r := s.Replaying(); r == nil || r.Table {
		t.Fatalf("the replay %+v, want the Judge's windows only", r)
	}
	p.table.SetChecked(true)
	r := s.Replaying()
	if r == nil || !r.Table {
		t.Fatalf("the replay %+v, want it on the table", r)
	}
	seat := &session.Seat{Name: "table", Role: session.RolePlayer, Side: s.State().Options.Players()}
	if m := s.ReplayingFor(seat); m == nil || m.Fight == nil || m.Event != 0 || m.Of != 0 {
		t.Errorf("the table's window is shown %+v, want the moment without its place among every event", m)
	} else if want := p.tl.LineFor(p.at, seat); p.at != 0 && m.Text != want {
		t.Errorf("the table's window reads %q, want its seat's line %q", m.Text, want)
	}
	p.table.SetChecked(false)
	if m := s.ReplayingFor(seat); m != nil {
		t.Errorf("off the table, a player's window is still shown %+v", m)
	}
}
