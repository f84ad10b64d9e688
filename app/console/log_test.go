package console

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
)

// hideAndShow has the Judge hide Jeb and show him again, n commands in
// all, the console folding their events in as it goes.
func hideAndShow(t *testing.T, c *Console, s *session.Session, n int) {
	t.Helper()
	for i := range n {
		mustDo(t, s, session.Command{Kind: []string{session.CommandHide, session.CommandReveal}[i%2], Figure: "jeb"})
		if i%500 == 0 && c != nil {
			c.Drain()
		}
	}
	if c != nil {
		c.Drain()
	}
}

// headings are the log's headings, in order.
func headings(p *logPanel) []string {
	var out []string
	for _, r := range p.rows {
		if r.heading != "" {
			out = append(out, r.heading)
		}
	}
	return out
}

// TestTheConsoleHoldsTheRecentEvents: over thousands of events the
// console holds the recent ones, as the session does, not every one (its
// fold and log grew with every event for as long as it ran); its log
// shows the last entries and says where the older ones are; an undo
// within them folds in place, and undos reaching past them fetch the
// session's fight afresh.
func TestTheConsoleHoldsTheRecentEvents(t *testing.T) {
	c, s, _ := newConsole(t)
	mustDo(t, s, session.Command{Kind: session.CommandNewRound})
	mustDo(t, s, session.Command{Kind: session.CommandSegment})
	const n = 1200
	hideAndShow(t, c, s, n)
	held := func(when string) {
		t.Helper()
		if len(c.fold.Events) > session.RecentEvents || len(c.state.Log) > session.RecentEvents || len(c.log.entries) > session.RecentEvents {
			t.Errorf("%s the console holds %d events, its state's log %d, its log panel %d entries; want at most %d each",
				when, len(c.fold.Events), len(c.state.Log), len(c.log.entries), session.RecentEvents)
		}
	}
	held(fmt.Sprintf("after %d events", n+3))
	logs := c.LogTexts()
	last := s.State().Log[len(s.State().Log)-1].Text
	if len(logs) == 0 || !strings.HasSuffix(logs[len(logs)-1], last) {
		t.Errorf("the log's last entry after %d events: %q, want the last event's %q", n, logs[len(logs)-1:], last)
	}
	if got := c.log.count.Text; !strings.Contains(got, fmt.Sprintf("last %d entries", len(logs))) || !strings.Contains(got, "Timeline") {
		t.Errorf("the log's count %q does not say it shows the last %d entries and where the older ones are", got, len(logs))
	}
	if h := headings(c.log); len(h) != 1 || h[0] != "Round 1 · segment 19" {
		t.Errorf("the log's headings: %q, want Round 1 · segment 19 alone", h)
	}
	c.undo()
	c.Drain()
	logs = c.LogTexts()
	if want := "The Judge takes back: " + last; !strings.HasSuffix(logs[len(logs)-1], want) {
		t.Errorf("the log after an undo ends %q, want %q", logs[len(logs)-1], want)
	}
	if h := headings(c.log); len(h) != 1 || h[0] != "Round 1 · segment 19" {
		t.Errorf("the log's headings after an undo: %q, want Round 1 · segment 19 alone", h)
	}
	// Undos the console folds in at once: one reaching past what it held
	// fetches the fight afresh, which has the undos after it already.
	fold := c.fold
	for range session.RecentEvents/2 + 40 { // the undos' own events fill the fold as the commands they take back go
		mustDo(t, s, session.Command{Kind: session.CommandUndo})
	}
	c.Drain()
	if c.fold == fold {
		t.Errorf("%d undos never reached past the %d events the console held", session.RecentEvents/2+41, len(fold.Events))
	}
	held("after undos reaching past what it held,")
	for i := 1; i < len(c.log.entries); i++ {
		if a, b := c.log.entries[i-1].event.Seq, c.log.entries[i].event.Seq; b <= a {
			t.Fatalf("after a resync the log has event %d after event %d: %q logged twice", b, a, c.log.entries[i].event.Text)
		}
	}
	if got, want := c.state.Snapshot(nil), s.State().Snapshot(nil); !sameFigures(got, want) {
		t.Errorf("after undos reaching past what it held, the console's figures differ from the session's")
	}
	if logs := c.LogTexts(); !strings.Contains(logs[len(logs)-1], "The Judge takes back:") {
		t.Errorf("the log after the undos ends %q", logs[len(logs)-1])
	}
}

// sameFigures reports whether two snapshots have their figures where and
// as the other's are.
func sameFigures(a, b *session.FightFile) bool {
	ja, _ := json.Marshal(a.Figures)
	jb, _ := json.Marshal(b.Figures)
	return string(ja) == string(jb)
}

// TestAReopenedLongFightsLogBeginsWhereItsEntriesFall: a fight of a few
// hundred events reopened shows its recent entries under the round and
// segment they were in, not under "Round 1 · segment 20" (the log
// counted from the fight's start, though the older events were folded
// away before its first entry).
func TestAReopenedLongFightsLogBeginsWhereItsEntriesFall(t *testing.T) {
	s := demoSession(t)
	mustDo(t, s, session.Command{Kind: session.CommandNewRound})
	mustDo(t, s, session.Command{Kind: session.CommandNewRound})
	mustDo(t, s, session.Command{Kind: session.CommandSegment})
	mustDo(t, s, session.Command{Kind: session.CommandSegment})
	hideAndShow(t, nil, s, session.RecentEvents+100)
	f, path := s.State().Snapshot(nil), s.JournalPath()
	s.Close()
	again, err := session.Open(f, path)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	c, err := New(test.NewTempWindow(t, widget.NewLabel("")), again, Options{Manual: true})
	if err != nil {
		t.Fatal(err)
	}
	if h := headings(c.log); len(h) != 1 || h[0] != "Round 2 · segment 18" {
		t.Errorf("the reopened fight's log headings: %q, want Round 2 · segment 18 alone", h)
	}
}

// lowestLogRow is the text of the log's lowest row drawn and how far its
// bottom lies below the log's bottom edge (positive: cut off).
func lowestLogRow(t *testing.T, p *logPanel) (string, float32) {
	t.Helper()
	bottom := p.list.Size().Height
	var low *widget.Label
	var lowY float32
	var walk func(o fyne.CanvasObject, y float32)
	walk = func(o fyne.CanvasObject, y float32) {
		if !o.Visible() {
			return
		}
		y += o.Position().Y
		switch v := o.(type) {
		case *widget.Label:
			if v.Text != "" && y < bottom && (low == nil || y > lowY) {
				low, lowY = v, y
			}
			return
		case *fyne.Container:
			for _, k := range v.Objects {
				walk(k, y)
			}
			return
		case fyne.Widget:
			for _, k := range test.WidgetRenderer(v).Objects() {
				walk(k, y)
			}
		}
	}
	for _, k := range test.WidgetRenderer(p.list).Objects() {
		walk(k, 0)
	}
	if low == nil {
		t.Fatal("the log draws no rows")
	}
	return low.Text, lowY + low.Size().Height - bottom
}

// TestTheLogFollowsTheNewestEntry: the log shows its newest entry whole as
// entries come (the newest landed half below the panel), stays where the
// Judge scrolled back to while they read, follows again once they scroll
// to the bottom, and a reopened fight's log starts at its newest entry
// (it started at round 1).
func TestTheLogFollowsTheNewestEntry(t *testing.T) {
	c, s, w := newConsole(t)
	newest := func(when string) {
		t.Helper()
		want := c.log.entries[len(c.log.entries)-1].event.Text
		if got, below := lowestLogRow(t, c.log); got != want || below > 0.5 {
			t.Errorf("%s the log's lowest row drawn is %q, %.1f px below its edge; want the newest entry %q wholly shown", when, got, below, want)
		}
	}
	mustDo(t, s, session.Command{Kind: session.CommandNewRound})
	for i := range 40 {
		mustDo(t, s, session.Command{Kind: []string{session.CommandHide, session.CommandReveal}[i/3%2], Figure: []string{"jeb", "cyril", "zeke"}[i%3]})
		c.Drain()
	}
	newest("after 40 entries")
	mustDo(t, s, session.Command{Kind: session.CommandNewRound})
	c.Drain()
	newest("after a new round's long entry")

	c.log.list.ScrollToOffset(0)
	hideAndShow(t, c, s, 6)
	if off := c.log.list.GetScrollOffset(); off != 0 {
		t.Errorf("the Judge scrolled back to the top and the log moved to %.0f as entries came", off)
	}
	c.log.list.ScrollToOffset(1e6)
	hideAndShow(t, c, s, 6)
	newest("after the Judge scrolled to the bottom again")

	// Reopened: the log starts at its newest entry.
	f, path := s.State().Snapshot(nil), s.JournalPath()
	s.Close()
	again, err := session.Open(f, path)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	w2 := test.NewTempWindow(t, widget.NewLabel(""))
	w2.Resize(w.Canvas().Size())
	c, err = New(w2, again, Options{Manual: true})
	if err != nil {
		t.Fatal(err)
	}
	newest("reopened,")
}
