package console

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// closeButtonWindow is a test window whose close button can be pressed:
// it keeps the callback the console gives SetCloseIntercept.
type closeButtonWindow struct {
	fyne.Window
	intercept func()
}

func (w *closeButtonWindow) SetCloseIntercept(f func()) {
	w.intercept = f
	w.Window.SetCloseIntercept(f)
}

// pressClose presses the window's close button: the intercept, or a
// close at once when there is none (as a window without one closes).
func (w *closeButtonWindow) pressClose() {
	if w.intercept != nil {
		w.intercept()
		return
	}
	w.Close()
}

// keepConsole is a console in a window whose close button can be
// pressed, on the demo fight; with a fight file at path unless path is "".
func keepConsole(t *testing.T, path string) (*Console, *session.Session, *closeButtonWindow) {
	t.Helper()
	s := demoSession(t)
	// Not a temporary window: the console may close it, and the test
	// driver's window closed twice panics.
	w := &closeButtonWindow{Window: test.NewWindow(widget.NewLabel(""))}
	w.Resize(fyne.NewSize(1180, 720))
	if path != "" {
		if err := session.SaveFight(path, s.State().Snapshot(nil)); err != nil {
			t.Fatal(err)
		}
	}
	c, err := New(w, s, Options{Address: "ws://test", Manual: true, FightPath: path})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if !c.closed {
			w.Close()
		}
	})
	return c, s, w
}

// overlayButtons are the buttons of the dialog on top of w, by their text.
func overlayButtons(w fyne.Window) map[string]*widget.Button {
	out := map[string]*widget.Button{}
	top := w.Canvas().Overlays().Top()
	if top == nil {
		return out
	}
	for _, o := range test.LaidOutObjects(top) {
		if b, ok := o.(*widget.Button); ok && b.Visible() {
			out[b.Text] = b
		}
	}
	return out
}

// overlayText is the text of the labels of the dialog on top of w.
func overlayText(w fyne.Window) string {
	top := w.Canvas().Overlays().Top()
	if top == nil {
		return ""
	}
	var out []string
	for _, o := range test.LaidOutObjects(top) {
		if l, ok := o.(*widget.Label); ok {
			out = append(out, l.Text)
		}
	}
	return strings.Join(out, "\n")
}

// menuItem finds the item labelled label in w's main menu.
func menuItem(w fyne.Window, label string) *fyne.MenuItem {
	if m := w.MainMenu(); m != nil {
		for _, menu := range m.Items {
			for _, it := range menu.Items {
				if it.Label == label {
					return it
				}
			}
		}
	}
	return nil
}

// turnCyril changes the fight: Cyril turns a hexside.
func turnCyril(t *testing.T, c *Console, s *session.Session) {
	t.Helper()
	mustDo(t, s, session.Command{Kind: session.CommandTurn, Figure: "cyril", Turn: 1})
	c.Drain()
}

// TestLeavingWithUnsavedChangesAsks: File → Quit, Ctrl+Q and the
// window's close button close the console at once when nothing is
// unsaved; with changes not saved to the fight's file they ask Save,
// Discard or Cancel: Save saves to the file and closes, Discard closes
// and leaves the file as it was, Cancel stays.
func TestLeavingWithUnsavedChangesAsks(t *testing.T) {
	leave := map[string]func(c *Console, w *closeButtonWindow){
		"File → Quit": func(c *Console, w *closeButtonWindow) {
			it := menuItem(w, "Quit")
			if it == nil || !it.IsQuit {
				t.Fatalf("the File menu has no Quit item of its own (%+v): Fyne's would quit at once", it)
			}
			it.Action()
		},
		"Ctrl+Q": func(c *Console, w *closeButtonWindow) {
			typeShortcut(w, &desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault})
		},
		"the close button": func(c *Console, w *closeButtonWindow) { w.pressClose() },
	}
	for how, do := range leave {
		for _, tc := range []struct {
			name       string
			change     bool
			answer     string // "" for no question
			wantClosed bool
			wantSaved  bool // the file holds the change
		}{
			{"nothing unsaved", false, "", true, false},
			{"Cancel", true, "Cancel", false, false},
			{"Discard", true, "Discard", true, false},
			{"Save", true, "Save", true, true},
		} {
			t.Run(how+"/"+tc.name, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "showdown.fight.json")
				c, s, w := keepConsole(t, path)
				before, _ := os.ReadFile(path)
				if tc.change {
					turnCyril(t, c, s)
				}
				do(c, w)
				buttons := overlayButtons(w)
				if tc.answer == "" {
					if len(buttons) > 0 {
						t.Fatalf("asked %q with nothing unsaved", overlayText(w))
					}
				} else {
					for _, b := range []string{"Save", "Discard", "Cancel"} {
						if buttons[b] == nil {
							t.Fatalf("no %s button; the question: %q (closed: %v)", b, overlayText(w), c.closed)
						}
					}
					if c.closed {
						t.Fatal("the console closed before the Judge answered")
					}
					if text := overlayText(w); !strings.Contains(text, "showdown.fight.json") || !strings.Contains(text, "1 event") {
						t.Errorf("the question %q does not say what is unsaved", text)
					}
					test.Tap(buttons[tc.answer])
				}
				if c.closed != tc.wantClosed {
					t.Errorf("closed %v, want %v", c.closed, tc.wantClosed)
				}
				after, _ := os.ReadFile(path)
				if saved := !bytes.Equal(after, before); saved != tc.wantSaved {
					t.Errorf("the file was saved: %v, want %v", saved, tc.wantSaved)
				}
				if tc.answer == "Cancel" && len(overlayButtons(w)) > 0 {
					t.Errorf("the question stays after Cancel")
				}
			})
		}
	}
}

// TestSavingAFightWithoutAFileAsksWhere: Save in the question, for a
// fight never saved (the bundled demo), asks where to save it and closes
// only once it is saved.
func TestSavingAFightWithoutAFileAsksWhere(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	c, s, w := keepConsole(t, "")
	turnCyril(t, c, s)
	w.pressClose()
	save := overlayButtons(w)["Save"]
	if save == nil {
		t.Fatalf("no question: %q", overlayText(w))
	}
	if text := overlayText(w); !strings.Contains(text, "has not been saved to a fight file") {
		t.Errorf("the question %q", text)
	}
	test.Tap(save)
	if c.closed {
		t.Fatal("closed before the fight was saved anywhere")
	}
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no file dialog asks where to save the fight")
	}
	var name *widget.Entry
	var saveBtn *widget.Button
	for _, o := range test.LaidOutObjects(top) {
		switch v := o.(type) {
		case *widget.Entry:
			if strings.HasSuffix(v.Text, ".fight.json") {
				name = v
			}
		case *widget.Button:
			if v.Text == "Save" {
				saveBtn = v
			}
		}
	}
	if name == nil || saveBtn == nil {
		t.Fatalf("the file dialog has no name %v or Save button %v", name, saveBtn)
	}
	test.Tap(saveBtn)
	dir, _ := fightsFolder()
	path := filepath.Join(dir, name.Text)
	f, err := session.LoadFight(path)
	if err != nil {
		t.Fatalf("the fight was not saved where the dialog said (%s): %v", path, err)
	}
	st, err := f.State()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := st.Figures["cyril"].Facing, c.State().Figures["cyril"].Facing; got != want {
		t.Errorf("the saved Cyril faces %v, want %v", got, want)
	}
	if !c.closed {
		t.Errorf("the console did not close once saved")
	}
}

// TestOpeningAnotherFightAsks: opening another fight in this console,
// from the Open dialog or the recent fights, asks about unsaved changes
// first: Cancel stays on this fight, Discard opens the other.
func TestOpeningAnotherFightAsks(t *testing.T) {
	dir := t.TempDir()
	other := filepath.Join(dir, "other.fight.json")
	c, s, w := keepConsole(t, filepath.Join(dir, "showdown.fight.json"))
	st := c.State().Snapshot(nil)
	st.Name = "Another fight"
	if err := session.SaveFight(other, st); err != nil {
		t.Fatal(err)
	}
	turnCyril(t, c, s)
	c.library.openFight()
	if b := overlayButtons(w); b["Cancel"] == nil || b["Discard"] == nil {
		t.Fatalf("Open fight… did not ask first: %q", overlayText(w))
	}
	test.Tap(overlayButtons(w)["Cancel"])
	if w.Canvas().Overlays().Top() != nil {
		t.Fatalf("after Cancel something is still open: %q", overlayText(w))
	}
	c.library.open(other) // a recent fight
	test.Tap(overlayButtons(w)["Discard"])
	if got := c.State().Name; got != "Another fight" {
		t.Errorf("after Discard the console shows %q", got)
	}
}

// playOnAndCrash is a fight saved to path, then played on in its console
// (three turns), which then stops without a word (killed: no autosave, no
// question); it returns the state played to and the journals folder.
func playOnAndCrash(t *testing.T, path string) (want *session.State, journals string) {
	t.Helper()
	c, s, _ := keepConsole(t, "")
	c.library.saveTo(path)
	for range 3 {
		turnCyril(t, c, s)
	}
	return s.State(), filepath.Dir(s.JournalPath())
}

// TestANewerStateIsOffered: a fight file whose fight was played on after
// it was saved (the console killed before it was saved again) is opened
// with the offer of the newer state its journal holds: taken, the console
// shows it, unsaved; declined, the file as saved.
func TestANewerStateIsOffered(t *testing.T) {
	for _, tc := range []struct {
		answer    string
		wantNewer bool
	}{
		{"Open the newer state", true},
		{"Open the file as saved", false},
	} {
		t.Run(tc.answer, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "showdown.fight.json")
			newer, journals := playOnAndCrash(t, path)
			saved, err := session.LoadFight(path)
			if err != nil {
				t.Fatal(err)
			}
			s2, err := session.Open(saved, filepath.Join(journals, "other.journal.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			w := test.NewTempWindow(t, widget.NewLabel(""))
			w.Resize(fyne.NewSize(1180, 720))
			c2, err := New(w, s2, Options{Address: "ws://test", Manual: true})
			if err != nil {
				t.Fatal(err)
			}
			defer c2.Close()
			c2.library.open(path)
			b := overlayButtons(w)[tc.answer]
			if b == nil {
				t.Fatalf("opening %s offered no newer state: %q (the console shows Cyril facing %v)", path, overlayText(w), c2.State().Figures["cyril"].Facing)
			}
			if text := overlayText(w); !strings.Contains(text, "3 more events") {
				t.Errorf("the offer %q does not say how much newer", text)
			}
			test.Tap(b)
			want := newer.Figures["cyril"].Facing
			if !tc.wantNewer {
				st, _ := saved.State()
				want = st.Figures["cyril"].Facing
			}
			if got := c2.State().Figures["cyril"].Facing; got != want {
				t.Errorf("Cyril faces %v, want %v", got, want)
			}
			if c2.dirty() != tc.wantNewer {
				t.Errorf("unsaved changes: %v, want %v", c2.dirty(), tc.wantNewer)
			}
			if c2.library.path != path {
				t.Errorf("Save writes %q, want %q", c2.library.path, path)
			}
		})
	}
}

// TestADiscardedStateIsNotOfferedAgain: changes the Judge discarded on
// quitting are not offered when the file opens again.
func TestADiscardedStateIsNotOfferedAgain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "showdown.fight.json")
	c, s, w := keepConsole(t, path)
	turnCyril(t, c, s)
	if n, _ := FindNewer(path, filepath.Dir(s.JournalPath())); n == nil || n.Events != 1 {
		t.Fatalf("unsaved changes are not found as newer: %+v", n)
	}
	c.quit()
	test.Tap(overlayButtons(w)["Discard"])
	if n, _ := FindNewer(path, filepath.Dir(s.JournalPath())); n != nil {
		t.Errorf("a discarded state is offered: %+v", n)
	}
}

// reopenCrashed opens the fight file at path, saved by a console that
// then crashed (playOnAndCrash), in a second console on the journals
// folder journals, which is offered the newer state.
func reopenCrashed(t *testing.T, path, journals string) (*Console, *closeButtonWindow) {
	t.Helper()
	saved, err := session.LoadFight(path)
	if err != nil {
		t.Fatal(err)
	}
	s2, err := session.Open(saved, filepath.Join(journals, "other.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	w := &closeButtonWindow{Window: test.NewWindow(widget.NewLabel(""))}
	w.Resize(fyne.NewSize(1180, 720))
	c2, err := New(w, s2, Options{Address: "ws://test", Manual: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if !c2.closed {
			w.Close()
		}
	})
	c2.library.open(path)
	if overlayButtons(w)["Open the newer state"] == nil {
		t.Fatalf("opening %s offered no newer state: %q", path, overlayText(w))
	}
	return c2, w
}

// TestATakenNewerStateIsNotOfferedOnceSaved: the newer state of a
// crashed console is taken, played on and saved; the file now holds more
// than the crashed journal ever did, and opening it again offers nothing
// (the crashed journal's offer would open an older state, and a save
// would then write over the file's later events).
func TestATakenNewerStateIsNotOfferedOnceSaved(t *testing.T) {
	path := filepath.Join(t.TempDir(), "showdown.fight.json")
	_, journals := playOnAndCrash(t, path)
	c2, w := reopenCrashed(t, path, journals)
	test.Tap(overlayButtons(w)["Open the newer state"])
	for range 4 {
		turnCyril(t, c2, c2.s)
	}
	c2.library.save()
	if c2.dirty() {
		t.Fatal("still dirty after save")
	}
	if n, _ := FindNewer(path, journals); n != nil {
		t.Errorf("after the newer state was taken and saved (the file at event %d), %s is offered as newer: %d more events, the last %q",
			c2.lastSeq(), filepath.Base(n.Journal), n.Events, n.Last)
	}
}

// TestATakenNewerStateDiscardedIsNotOfferedAgain: the newer state of a
// crashed console is taken, then discarded on quitting: neither it nor
// the crashed journal it came from is offered again.
func TestATakenNewerStateDiscardedIsNotOfferedAgain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "showdown.fight.json")
	_, journals := playOnAndCrash(t, path)
	c2, w := reopenCrashed(t, path, journals)
	test.Tap(overlayButtons(w)["Open the newer state"])
	c2.quit()
	test.Tap(overlayButtons(w)["Discard"])
	if n, _ := FindNewer(path, journals); n != nil {
		t.Errorf("the newer state, taken then discarded, is offered again from %s: %d more events", filepath.Base(n.Journal), n.Events)
	}
}

// TestADeclinedNewerStateIsNotOfferedOnceTheFileMovesOn: a newer state
// declined ("Open the file as saved") is offered while the file is as it
// was, but not once the fight played from the file is saved to it: the
// file is no longer what the crashed journal branched from.
func TestADeclinedNewerStateIsNotOfferedOnceTheFileMovesOn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "showdown.fight.json")
	_, journals := playOnAndCrash(t, path)
	c2, w := reopenCrashed(t, path, journals)
	test.Tap(overlayButtons(w)["Open the file as saved"])
	if n, _ := FindNewer(path, journals); n == nil {
		t.Fatal("a declined newer state is not offered again while the file is as it was")
	}
	turnCyril(t, c2, c2.s)
	mustDo(t, c2.s, session.Command{Kind: session.CommandNewRound})
	c2.Drain()
	c2.library.save()
	if n, _ := FindNewer(path, journals); n != nil {
		t.Errorf("after another branch was saved to the file, %s is offered as newer: %d more events, the last %q",
			filepath.Base(n.Journal), n.Events, n.Last)
	}
}

// TestANewerStateNamesTheFileItBranchedFrom: a journal is offered as
// newer only while its fight file is what the journal branched from:
// not once the file is written over by anything else, and again once it
// is put back as it was.
func TestANewerStateNamesTheFileItBranchedFrom(t *testing.T) {
	path := filepath.Join(t.TempDir(), "showdown.fight.json")
	_, journals := playOnAndCrash(t, path)
	was, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := FindNewer(path, journals); n == nil || n.Events != 3 {
		t.Fatalf("the crashed journal is not offered: %+v", n)
	}
	other := demoSession(t)
	mustDo(t, other, session.Command{Kind: session.CommandNewRound})
	if err := session.SaveFight(path, other.State().Snapshot(nil)); err != nil {
		t.Fatal(err)
	}
	if n, _ := FindNewer(path, journals); n != nil {
		t.Errorf("the file was written over by another fight, and %s is offered as its newer state: %+v", filepath.Base(n.Journal), n)
	}
	os.WriteFile(path, was, 0o644)
	if n, _ := FindNewer(path, journals); n == nil || n.Events != 3 {
		t.Errorf("the file put back as it was: the crashed journal is not offered (%+v)", n)
	}
}

// TestANewerStateWithADamagedLastLineIsShown: a crashed journal whose
// last line decodes but is no event the fight can take is taken as the
// newer state: the line is shown, and set aside beside that journal when
// the Judge says so; the newer state opens without it.
func TestANewerStateWithADamagedLastLineIsShown(t *testing.T) {
	path := filepath.Join(t.TempDir(), "showdown.fight.json")
	newer, journals := playOnAndCrash(t, path)
	n, _ := FindNewer(path, journals)
	if n == nil {
		t.Fatal("the crashed journal is not offered")
	}
	f, _ := os.OpenFile(n.Journal, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"seq":5,"kind":"mowed","figure":"cyril"}` + "\n")
	f.Close()
	c2, w := reopenCrashed(t, path, journals)
	test.Tap(overlayButtons(w)["Open the newer state"])
	b := overlayButtons(w)["Open without that line"]
	if b == nil {
		t.Fatalf("the damaged line was not shown: %q (status %q)", overlayText(w), c2.status.Text)
	}
	if text := overlayText(w); !strings.Contains(text, "Line 5 of the journal "+filepath.Base(n.Journal)) || !strings.Contains(text, `unknown kind "mowed"`) {
		t.Errorf("the question %q does not name the line, the journal and what is wrong", text)
	}
	test.Tap(b)
	if got, want := c2.State().Figures["cyril"].Facing, newer.Figures["cyril"].Facing; got != want {
		t.Errorf("Cyril faces %v, want %v (the newer state): %q", got, want, c2.status.Text)
	}
	if asides, _ := filepath.Glob(n.Journal + ".damaged-*"); len(asides) != 1 {
		t.Errorf("set aside to %v, want one file beside %s", asides, n.Journal)
	}
}

// TestADamagedJournalIsShownInTheConsole: a fight file whose journal has
// a damaged last line is opened with the question: Do not open leaves the
// journal as it is and the console on its fight; Open without that line
// keeps the line beside the journal (the two together the file as it was)
// and opens the fight with its log.
func TestADamagedJournalIsShownInTheConsole(t *testing.T) {
	for _, tc := range []struct {
		name, tail string
	}{
		{"torn", `{"seq":9,"kind":"tur`},
		{"not an event", "garbage\n"},
		{"no event the fight can take", `{"seq":3,"kind":"mowed","figure":"cyril"}` + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "showdown.fight.json")
			c, s, w := keepConsole(t, "")
			turnCyril(t, c, s)
			c.library.saveTo(path)
			beside := journalBeside(path)
			f, _ := os.OpenFile(beside, os.O_APPEND|os.O_WRONLY, 0)
			f.WriteString(tc.tail)
			f.Close()
			data, _ := os.ReadFile(beside)

			c.library.openAsSaved(path)
			b := overlayButtons(w)
			if b["Do not open"] == nil || b["Open without that line"] == nil {
				t.Fatalf("the damaged line was not shown: %q (status %q)", overlayText(w), c.status.Text)
			}
			if text := overlayText(w); !strings.Contains(text, "Line 3 of the journal showdown.journal.jsonl") {
				t.Errorf("the question %q does not name the line and the journal", text)
			}
			test.Tap(b["Do not open"])
			if after, _ := os.ReadFile(beside); !bytes.Equal(after, data) {
				t.Fatal("the journal was changed though the Judge did not open it")
			}
			if c.s != s {
				t.Fatal("the console left its fight")
			}
			c.library.openAsSaved(path)
			test.Tap(overlayButtons(w)["Open without that line"])
			if c.s == s {
				t.Fatalf("the fight did not open: %q", c.status.Text)
			}
			asides, _ := filepath.Glob(beside + ".damaged-*")
			if len(asides) != 1 {
				t.Fatalf("set aside to %v, want one file beside the journal", asides)
			}
			kept, _ := os.ReadFile(beside)
			set, _ := os.ReadFile(asides[0])
			if !bytes.Equal(append(kept, set...), data) || string(set) != tc.tail {
				t.Errorf("kept %d bytes and set aside %q: not the journal as it was", len(kept), set)
			}
			if logs := c.LogTexts(); len(logs) != 1 {
				t.Errorf("the fight opened with the log %q, want its one turn", logs)
			}
			if !strings.Contains(c.status.Text, "set aside to showdown.journal.jsonl.damaged-") {
				t.Errorf("the status %q does not say where the line went", c.status.Text)
			}
		})
	}
}

// TestOpeningShowsProgressWhileTheWindowGoesOn: OpenFight returns at
// once, shows a progress bar following the journal read once it takes a
// while, and hands over the fight when it is open.
func TestOpeningShowsProgressWhileTheWindowGoesOn(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(900, 600))
	dir := t.TempDir()
	demo := demoSession(t).State().Snapshot(nil)
	release := make(chan struct{})
	o := Opening{Fight: demo, Journal: filepath.Join(dir, "big.journal.jsonl"), JournalDir: dir}
	o.hook = func(progress func(float64)) (*session.Session, error) {
		progress(0.4)
		<-release
		return session.Open(demo, o.Journal)
	}
	got := make(chan *Opened, 1)
	OpenFight(w, o, func(op *Opened, err error) {
		if err != nil {
			t.Error(err)
		}
		got <- op
	})
	select {
	case <-got:
		t.Fatal("OpenFight waited for the journal")
	default:
	}
	var bar *widget.ProgressBar
	for deadline := time.Now().Add(5 * time.Second); bar == nil && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if top := w.Canvas().Overlays().Top(); top != nil {
			for _, o := range test.LaidOutObjects(top) {
				if b, ok := o.(*widget.ProgressBar); ok {
					bar = b
				}
			}
		}
	}
	if bar == nil {
		t.Fatal("no progress bar while the journal is read")
	}
	if bar.Value != 0.4 {
		t.Errorf("the bar shows %v, want 0.4", bar.Value)
	}
	close(release)
	select {
	case op := <-got:
		if op == nil || op.Session == nil {
			t.Fatal("nothing opened")
		}
		op.Session.Close()
	case <-time.After(10 * time.Second):
		t.Fatal("the fight never opened")
	}
	if w.Canvas().Overlays().Top() != nil {
		t.Errorf("the progress stays on the screen: %q", overlayText(w))
	}
}

// TestSavingCopiesTheJournalAsAStream: the journal saved beside a fight
// is the live journal's whole lines up to the event saved, however the
// fight goes on, and a whole last line without its newline gets one.
func TestSavingCopiesTheJournalAsAStream(t *testing.T) {
	c, s, _ := keepConsole(t, "")
	to := hexmap.Hex{Q: 6, R: 7}
	mustDo(t, s, session.Command{Kind: session.CommandMove, Figure: "cyril", To: &to})
	c.Drain()
	dir := t.TempDir()
	dst := filepath.Join(dir, "copy.journal.jsonl")
	if err := copyLiveJournal(s, dst, 1); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(dst); bytes.Count(data, []byte("\n")) != 1 {
		t.Errorf("a copy up to the opening holds %d lines", bytes.Count(data, []byte("\n")))
	}
	src := filepath.Join(dir, "unended.journal.jsonl")
	whole, _ := os.ReadFile(s.JournalPath())
	os.WriteFile(src, bytes.TrimSuffix(whole, []byte("\n")), 0o644)
	if err := copyJournal(src, dst, wholeJournal); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(dst); !bytes.Equal(data, whole) {
		t.Errorf("the copy of a journal without its last newline has %d lines (%d bytes), want %d (%d bytes)",
			bytes.Count(data, []byte("\n")), len(data), bytes.Count(whole, []byte("\n")), len(whole))
	}
}
