package console

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

// demoSession opens the demo fight in a test app.
func demoSession(t *testing.T) *session.Session {
	t.Helper()
	test.NewTempApp(t)
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		t.Fatal(err)
	}
	fixSeed(f)
	s, err := session.Open(f, filepath.Join(t.TempDir(), "c.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// fixSeed makes fight f roll the same dice every run: a console test
// checks what the console shows of the rolls, and rolls from a secret seed
// (a fight's default) sometimes make what it checks not happen at all (a
// tie, a figure whose number is the round's first segment).
func fixSeed(f *session.FightFile) {
	seed := uint64(11)
	f.Options.Seed = &seed
}

func newConsole(t *testing.T) (*Console, *session.Session, fyne.Window) {
	t.Helper()
	s := demoSession(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1180, 720))
	c, err := New(w, s, Options{Address: "ws://test", Manual: true})
	if err != nil {
		t.Fatal(err)
	}
	return c, s, w
}

// cellText is the Figures tab's cell of row under the column headed
// title.
func cellText(t *testing.T, c *Console, row int, title string) string {
	t.Helper()
	col := colNamed(c, title)
	if col < 0 {
		t.Fatalf("the Figures tab has no column %q: %q", title, figureHeadings(c))
	}
	return c.figures.cell(row, col)
}

func TestConsoleShowsFigures(t *testing.T) {
	c, _, _ := newConsole(t)
	tests := []struct {
		row  int
		want []string
	}{
		{0, []string{"Cyril Wellington", "posse", "8", "8", "C8", "E"}},
		{1, []string{"Miranda Valentine", "posse", "9", "9", "C10", "E"}},
		{3, []string{"Jeb Perkins", "outlaws", "7", "7", "G5", "SE"}},
	}
	for _, tc := range tests {
		for col, want := range tc.want {
			if got := c.figures.cell(tc.row, col); got != want {
				t.Errorf("row %d column %s: got %q, want %q", tc.row, c.figures.heading(col), got, want)
			}
		}
	}
	if rows, cols := c.figures.table.Length(); rows != 4 || cols != 8 {
		t.Errorf("table is %d×%d, want 4×8", rows, cols)
	}
	if got := c.round.Text; got != "Showdown on Main Street — Round 1, segment 20" {
		t.Errorf("round label %q", got)
	}
}

func TestConsoleLogsAMoveFromTheMap(t *testing.T) {
	c, s, _ := newConsole(t)
	to := hexmap.Hex{Q: 6, R: 7} // J8
	if _, err := s.Do(session.Command{Kind: session.CommandMove, Figure: "cyril", To: &to}); err != nil {
		t.Fatal(err)
	}
	c.Drain()
	logs := c.LogTexts()
	want := "R1 · Cyril Wellington moves 7 paces C8 → J8 for 2 AP (TWTW Movement: Move 6 paces for 1 AP); 6 AP left."
	if len(logs) != 1 || logs[0] != want {
		t.Fatalf("log %q, want [%q]", logs, want)
	}
	if got := cellText(t, c, 0, "AP"); got != "6" {
		t.Errorf("Cyril's AP after the move: %q, want 6", got)
	}
	if got := cellText(t, c, 0, "Hex"); got != "J8" {
		t.Errorf("Cyril's hex after the move: %q, want J8", got)
	}
	// The log panel shows the sentence under its round and segment.
	if len(c.log.rows) != 2 || c.log.rows[0].heading != "Round 1 · segment 20" || c.log.entries[c.log.rows[1].entry].event.Text != strings.TrimPrefix(want, "R1 · ") {
		t.Errorf("the log panel's rows: %+v", c.log.rows)
	}
}

func TestConsoleNextRound(t *testing.T) {
	c, s, w := newConsole(t)
	to := hexmap.Hex{Q: 6, R: 7}
	s.Do(session.Command{Kind: session.CommandMove, Figure: "cyril", To: &to})
	c.Drain()
	var btn *widget.Button
	for _, o := range test.LaidOutObjects(w.Content()) {
		if b, ok := o.(*widget.Button); ok && strings.Contains(b.Text, "next round") {
			btn = b
		}
	}
	if btn == nil {
		t.Fatal("no Next round button")
	}
	test.Tap(btn)
	c.Drain()
	if got := c.round.Text; !strings.HasSuffix(got, "Round 1, segment 20") {
		t.Errorf("round label after Next round: %q", got)
	}
	// Initiative is rolled: Cyril has at least his 8 AP back.
	if ap, err := strconv.Atoi(cellText(t, c, 0, "AP")); err != nil || ap < 8 {
		t.Errorf("Cyril's AP in round 1: %d %v, want 8 or more", ap, err)
	}
	if want := fmt.Sprint(c.State().Figures["cyril"].AP); cellText(t, c, 0, "AP") != want {
		t.Errorf("the table shows %q, the state %s", cellText(t, c, 0, "AP"), want)
	}
	if init := cellText(t, c, 0, "Init"); init != fmt.Sprint(c.State().Figures["cyril"].AP) {
		t.Errorf("Cyril's initiative column %q, want his rolled %d", init, c.State().Figures["cyril"].AP)
	}
	logs := c.LogTexts()
	if len(logs) != 2 || !strings.HasPrefix(logs[1], "R1 · Round 1 begins") || !strings.Contains(logs[1], "Cyril Wellington: AP 8 +") {
		t.Errorf("log after Next round: %q", logs)
	}
}

func TestConsoleShowsRefusal(t *testing.T) {
	c, _, _ := newConsole(t)
	c.do(session.Command{Kind: session.CommandTurn, Figure: "cyril", Turn: 5})
	if got := c.status.Text; got != "Refused: a turn is 1 to 3 hexsides either way, not 5" {
		t.Errorf("status after a refused command: %q", got)
	}
}

func TestConsoleReopensJournal(t *testing.T) {
	test.NewTempApp(t)
	f, _ := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	path := filepath.Join(t.TempDir(), "r.journal.jsonl")
	s, _ := session.Open(f, path)
	to := hexmap.Hex{Q: 6, R: 7}
	s.Do(session.Command{Kind: session.CommandMove, Figure: "cyril", To: &to})
	s.Close()
	s2, err := session.Open(f, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	c, err := New(test.NewTempWindow(t, widget.NewLabel("")), s2, Options{Manual: true})
	if err != nil {
		t.Fatal(err)
	}
	if logs := c.LogTexts(); len(logs) != 1 || !strings.Contains(logs[0], "moves 7 paces") {
		t.Errorf("a reopened fight's log: %q", logs)
	}
}

func TestConsoleUndoRedo(t *testing.T) {
	c, s, w := newConsole(t)
	to := hexmap.Hex{Q: 6, R: 7}
	s.Do(session.Command{Kind: session.CommandMove, Figure: "cyril", To: &to})
	c.Drain()
	var undo, redo *widget.Button
	for _, o := range test.LaidOutObjects(w.Content()) {
		if b, ok := o.(*widget.Button); ok {
			switch {
			case strings.HasPrefix(b.Text, "Undo"):
				undo = b
			case strings.HasPrefix(b.Text, "Redo"):
				redo = b
			}
		}
	}
	if undo == nil || redo == nil {
		t.Fatal("no Undo or Redo button")
	}
	test.Tap(undo)
	c.Drain()
	if got := cellText(t, c, 0, "Hex"); got != "C8" {
		t.Errorf("Cyril after undo: %q, want back at C8", got)
	}
	logs := c.LogTexts()
	if len(logs) != 1 || !strings.Contains(logs[0], "The Judge takes back: Cyril Wellington moves 7 paces") {
		t.Errorf("log after undo: %q", logs)
	}
	test.Tap(redo)
	c.Drain()
	if got := cellText(t, c, 0, "Hex"); got != "J8" {
		t.Errorf("Cyril after redo: %q, want J8", got)
	}
}

// typeShortcut delivers a shortcut to window w as Fyne's desktop driver
// does (glfw's triggersShortcut): the main menu's items first, then the
// focused widget if it takes shortcuts, else the canvas.
func typeShortcut(w fyne.Window, sc fyne.Shortcut) {
	var inMenu func(items []*fyne.MenuItem) bool
	inMenu = func(items []*fyne.MenuItem) bool {
		for _, it := range items {
			if it.Shortcut != nil && it.Shortcut.ShortcutName() == sc.ShortcutName() && it.Action != nil {
				it.Action()
				return true
			}
			if it.ChildMenu != nil && inMenu(it.ChildMenu.Items) {
				return true
			}
		}
		return false
	}
	if mm := w.MainMenu(); mm != nil {
		for _, m := range mm.Items {
			if inMenu(m.Items) {
				return
			}
		}
	}
	if f, ok := w.Canvas().Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(sc)
		return
	}
	w.Canvas().(fyne.Shortcutable).TypedShortcut(sc)
}

// TestConsoleCtrlZAndCtrlYUndoAndRedo: the desktop driver delivers
// Ctrl+Z and Ctrl+Y as Fyne's undo and redo shortcuts; with or without an
// entry focused they take back and replay the fight's last command.
func TestConsoleCtrlZAndCtrlYUndoAndRedo(t *testing.T) {
	tests := []struct {
		name  string
		focus func(c *Console) fyne.Focusable
		// canvasOnly types on the canvas alone, as the test driver does:
		// the canvas's own binding must answer.
		canvasOnly bool
	}{
		{name: "nothing focused, typed on the canvas", canvasOnly: true},
		{name: "nothing focused, through the driver's order"},
		{name: "the log's search entry focused", focus: func(c *Console) fyne.Focusable { return c.log.search }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, s, w := newConsole(t)
			from, to := s.State().Figures["cyril"].At, hexmap.Hex{Q: 6, R: 7}
			if _, err := s.Do(session.Command{Kind: session.CommandMove, Figure: "cyril", To: &to}); err != nil {
				t.Fatal(err)
			}
			c.Drain()
			w.Canvas().Unfocus()
			if tc.focus != nil {
				w.Canvas().Focus(tc.focus(c))
				test.Type(c.log.search, "Cyril")
			}
			press := func(sc fyne.Shortcut) {
				if tc.canvasOnly {
					w.Canvas().(fyne.Shortcutable).TypedShortcut(sc)
				} else {
					typeShortcut(w, sc)
				}
				c.Drain()
			}
			press(&fyne.ShortcutUndo{})
			if got := cellText(t, c, 0, "Hex"); got != "C8" {
				t.Errorf("Cyril after Ctrl+Z: %q, want back at C8", got)
			}
			if got := s.State().Figures["cyril"].At; got != from {
				t.Errorf("the session's Cyril after Ctrl+Z at %v, want C8", got)
			}
			press(&fyne.ShortcutRedo{})
			if got := cellText(t, c, 0, "Hex"); got != "J8" {
				t.Errorf("Cyril after Ctrl+Y: %q, want J8", got)
			}
			if got := s.State().Figures["cyril"].At; got != to {
				t.Errorf("the session's Cyril after Ctrl+Y at %v, want J8", got)
			}
		})
	}
}

// TestStatusFollowsTheMapWindow: the status line says the map window is
// open while its program runs and closed once it exits, whether it was
// started before or after the console was made.
func TestStatusFollowsTheMapWindow(t *testing.T) {
	s := demoSession(t)
	// A stand-in for hexslinger-map that runs until it is killed.
	mp := &MapProcess{Bin: "sleep", Args: []string{"60"}}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	c, err := New(w, s, Options{Address: "ws://test", Manual: true, MapWindow: mp, MapBin: "sleep"})
	if err != nil {
		t.Fatal(err)
	}
	waitStatus := func(want string) {
		t.Helper()
		for i := 0; i < 200; i++ {
			if strings.Contains(c.status.Text, want) {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatalf("status %q, want it to say %q", c.status.Text, want)
	}
	waitStatus("map window closed")
	if err := mp.Start(); err != nil { // as main does, after New
		t.Fatal(err)
	}
	waitStatus("map window open")
	mp.Stop()
	waitStatus("map window closed (Ctrl+M opens it)")
	c.openMap() // Ctrl+M
	waitStatus("map window open")
	mp.mu.Lock()
	mp.cmd.Process.Kill() // closed from outside, or crashed
	mp.mu.Unlock()
	waitStatus("the map window closed: signal: killed (Ctrl+M opens it again)")
}

// TestQuittingTheConsoleClosesEveryMapWindow: the Judge's map window, the
// player view and a map editor opened from the library all close when the
// console does, on every system (on Linux and Windows they would also die
// with a killed console: internal/child's tests).
func TestQuittingTheConsoleClosesEveryMapWindow(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in map program is a shell script")
	}
	s := demoSession(t)
	// A stand-in for hexslinger-map that runs until it is killed, whatever
	// it is asked to show.
	bin := filepath.Join(t.TempDir(), "fake-map")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\nexec sleep 60\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	judge := &MapProcess{Bin: bin}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	c, err := New(w, s, Options{Address: "ws://test", Manual: true, MapWindow: judge, MapBin: bin, Access: session.NewAccess(session.NewToken())})
	if err != nil {
		t.Fatal(err)
	}
	if err := judge.Start(); err != nil {
		t.Fatal(err)
	}
	// The status line follows the Judge's window from a goroutine of its
	// own (at once, under the test driver): let it settle before the
	// player view writes it too.
	for i := 0; i < 200 && !strings.Contains(c.status.Text, "map window open"); i++ {
		time.Sleep(10 * time.Millisecond)
	}
	c.openPlayerView(1, false)
	if err := c.library.openEditor(filepath.Join(t.TempDir(), "yard.hexmap.json")); err != nil {
		t.Fatal(err)
	}
	windows := map[string]*MapProcess{"the Judge's map window": judge, "the player view": c.player}
	for i, ed := range c.editors {
		windows[fmt.Sprintf("map editor %d", i+1)] = ed
	}
	if len(windows) != 3 {
		t.Fatalf("%d map windows open, want 3", len(windows))
	}
	for name, p := range windows {
		if p == nil || !p.Running() {
			t.Fatalf("%s is not running before the console closes", name)
		}
	}
	c.Close()
	deadline := time.Now().Add(5 * time.Second)
	for name, p := range windows {
		for p.Running() && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if p.Running() {
			t.Errorf("%s still runs 5 s after the console closed", name)
			p.Stop()
		}
	}
}

// TestReopenASavedFightBringsBackItsLogAndUndo: a fight saved and opened
// again in the same console comes back with its log and its undo history.
func TestReopenASavedFightBringsBackItsLogAndUndo(t *testing.T) {
	c, s, w := newConsole(t)
	from, to := s.State().Figures["cyril"].At, hexmap.Hex{Q: 6, R: 7}
	mustDo(t, s, session.Command{Kind: session.CommandMove, Figure: "cyril", To: &to})
	c.Drain()
	c.doWithDice(session.Command{Kind: session.CommandNewRound}, nil)
	mustDo(t, s, session.Command{Kind: session.CommandSegment})
	c.Drain()
	want := c.LogTexts()
	path := filepath.Join(t.TempDir(), "showdown.fight.json")
	c.library.saveTo(path)
	if _, err := os.Stat(filepath.Join(filepath.Dir(path), "showdown.journal.jsonl")); err != nil {
		t.Fatalf("no journal saved beside the fight: %v", err)
	}
	// Played on after the save: the reopened fight is the saved one.
	mustDo(t, s, session.Command{Kind: session.CommandSegment})
	c.Drain()

	c.library.openAsSaved(path) // the file as saved: the newer state is offered by openFile
	if c.s == s {
		t.Fatal("the console still shows the old session")
	}
	if got := c.LogTexts(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the reopened fight's log:\n%q\nwant\n%q", got, want)
	}
	if got := w.Title(); got != "hexslinger — Showdown on Main Street" {
		t.Errorf("window title %q", got)
	}
	if !strings.Contains(c.status.Text, "with its log (3 entries) and undo history") {
		t.Errorf("status %q", c.status.Text)
	}
	// Undo takes back the count, then the round, then the move.
	for i := 0; i < 3; i++ {
		typeShortcut(w, &fyne.ShortcutUndo{})
		c.Drain()
	}
	if got := c.State().Figures["cyril"].At; got != from {
		t.Errorf("Cyril after three undos at %v, want back at %v", got, from)
	}
	logs := c.LogTexts()
	if n := len(logs); n != 3 || !strings.Contains(logs[0], "The Judge takes back: Segment") || !strings.Contains(logs[2], "The Judge takes back: Cyril Wellington moves") {
		t.Errorf("log after the undos: %q", logs)
	}
	// The journal saved beside the file stays as it was.
	again, withLog, _, err := openSaved(path, t.TempDir(), nil)
	if err != nil || !withLog {
		t.Fatalf("opening the saved fight again: %v (with log %v)", err, withLog)
	}
	defer again.Close()
	if got := again.State().Figures["cyril"].At; got != to {
		t.Errorf("the saved fight's Cyril at %v, want %v", got, to)
	}
}

// TestReopenAFightWhoseJournalDoesNotMatch: a journal beside the file
// that does not end where the file does is left out, and the Judge is
// told.
func TestReopenAFightWhoseJournalDoesNotMatch(t *testing.T) {
	c, s, _ := newConsole(t)
	to := hexmap.Hex{Q: 6, R: 7}
	path := filepath.Join(t.TempDir(), "showdown.fight.json")
	c.library.saveTo(path)
	mustDo(t, s, session.Command{Kind: session.CommandMove, Figure: "cyril", To: &to})
	c.Drain()
	// The file is saved again by hand, without the journal.
	if err := session.SaveFight(path, c.State().Snapshot(nil)); err != nil {
		t.Fatal(err)
	}
	c.library.openAsSaved(path)
	if got := c.LogTexts(); len(got) != 0 {
		t.Errorf("log %q, want none", got)
	}
	if got := c.State().Figures["cyril"].At; got != to {
		t.Errorf("Cyril at %v, want the file's %v", got, to)
	}
	if !strings.Contains(c.status.Text, "does not end where the fight file does") {
		t.Errorf("status %q", c.status.Text)
	}
}

// TestNextSegmentCountsOneSegment: the button says what it does and
// counts the round down one segment, in one log line: every segment, so
// that the count tells the players no hidden figure's number.
func TestNextSegmentCountsOneSegment(t *testing.T) {
	c, s, w := newConsole(t)
	mustDo(t, s, session.Command{Kind: session.CommandNewRound})
	c.Drain()
	var next *widget.Button
	for _, o := range test.LaidOutObjects(w.Content()) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Next segment (Ctrl+G)" {
			next = b
		}
	}
	if next == nil {
		t.Fatal("no Next segment (Ctrl+G) button")
	}
	before := len(c.LogTexts())
	test.Tap(next)
	logs := c.LogTexts()
	if len(logs) != before+1 || !strings.Contains(logs[len(logs)-1], "Segment 19.") {
		t.Errorf("log after Next segment: %q", logs[before:])
	}
	if got := c.State().Segment; got != 19 {
		t.Errorf("the count went from 20 to %d", got)
	}
}

// TestAFightNamedOnTheCommandLineComesBackWithItsLog: hexslinger --fight
// FILE opens a saved fight as the console's Open does: its log and its
// undo history come back from the journal saved beside the file.
func TestAFightNamedOnTheCommandLineComesBackWithItsLog(t *testing.T) {
	c, s, _ := newConsole(t)
	to := hexmap.Hex{Q: 6, R: 7}
	mustDo(t, s, session.Command{Kind: session.CommandMove, Figure: "cyril", To: &to})
	c.Drain()
	path := filepath.Join(t.TempDir(), "showdown.fight.json")
	c.library.saveTo(path)
	back, note, err := OpenSaved(path, t.TempDir())
	if err != nil || note != "" {
		t.Fatalf("open: %v %q", err, note)
	}
	defer back.Close()
	if got := back.State().Figures["cyril"].At; got != to {
		t.Fatalf("Cyril at %v, want %v", got, to)
	}
	if _, err := back.Do(session.Command{Kind: session.CommandUndo}); err != nil {
		t.Fatalf("no undo history: %v", err)
	}
	if got := back.State().Figures["cyril"].At; got == to {
		t.Error("undo did not take the move back")
	}
}
