package board

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/hexmap"
)

// uvttFile is a small Dungeondraft-style file: a 12×9-square map with a
// room's walls.
func uvttFile(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "hexmap", "testdata", "uvtt", "round-tower.uvtt"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// waitLoad takes a finished read as the frame loop does, until the read
// is over.
func waitLoad(t *testing.T, ed *Editor) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for ed.load != nil {
		if time.Now().After(deadline) {
			t.Fatalf("the read of %s did not end", ed.load.name)
		}
		ed.pollLoad()
		time.Sleep(time.Millisecond)
	}
}

// returns runs do, as the frame loop would, and fails unless it returns
// within a few seconds: a read on the frame loop would not, its file held.
func returns(t *testing.T, what string, do func()) bool {
	t.Helper()
	done := make(chan struct{})
	go func() { do(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(5 * time.Second):
		t.Errorf("%s did not return within 5 s while a file or picture was still being read: the read is on the frame loop", what)
		return false
	}
}

// paintedEditor is an editor on a saved 10×8 map (or an import never
// saved, when saved is false) with one hex painted grass since.
func paintedEditor(t *testing.T, saved bool) (*Editor, hexmap.Hex) {
	t.Helper()
	e := newEdit(t)
	if !saved {
		e.path = ""
	}
	ed := &Editor{e: e, w: WindowWidth, h: WindowHeight, dialogs: make(chan dialogResult, 1)}
	ed.fit()
	h := hexmap.Pointy.FromOffset(hexmap.Offset{Col: 3, Row: 3})
	e.terrain = slices.Index(hexmap.TerrainNames(), "grass")
	e.apply(h, 0)
	e.end()
	return ed, h
}

// TestEditorReadsMapsOffTheFrameLoop: the editor reads a map file, an
// import or a dropped file on a goroutine of its own: the call the frame
// loop makes returns at once, the window meanwhile shows how far the read
// has come over the map it had, and Esc stops it. The map editor read on
// its frame loop, its window frozen the while.
func TestEditorReadsMapsOffTheFrameLoop(t *testing.T) {
	data := uvttFile(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "tower.uvtt")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Run("hexslinger-map --edit FILE", func(t *testing.T) {
		// A named pipe: the read waits until the test writes the file.
		pipe := filepath.Join(dir, "slow.uvtt")
		if err := mkfifo(pipe); err != nil {
			t.Skip("no named pipes here:", err)
		}
		written := make(chan struct{})
		write := func() {
			os.WriteFile(pipe, data, 0o644)
			close(written)
		}
		var ed *Editor
		var err error
		if !returns(t, "NewEditor", func() { ed, err = NewEditor(pipe, nil) }) {
			write() // let the read on the frame loop end
			<-written
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if ed.load == nil || !ed.blank {
			t.Fatalf("no read under way (load %v, blank %v)", ed.load != nil, ed.blank)
		}
		if stage, frac := ed.load.progress(); stage != "reading the file" || frac != 0 {
			t.Errorf("the window shows %q at %g, want reading the file at 0", stage, frac)
		}
		go write()
		waitLoad(t, ed)
		<-written
		if ed.blank || ed.e.m.Background == nil || ed.e.path != "" {
			t.Errorf("after the read: blank %v, picture %v, saves to %q; want the import, never saved over", ed.blank, ed.e.m.Background != nil, ed.e.path)
		}
		if !strings.HasPrefix(ed.message, "Opened slow.uvtt") {
			t.Errorf("the window says %q", ed.message)
		}
		if ed.backdrop.tex == nil || ed.backdrop.err != nil {
			t.Errorf("the picture was not made ready off the frame loop: %v", ed.backdrop.err)
		}
	})
	for _, tc := range []struct {
		name string
		open func(ed *Editor)
		stop bool // Esc while it reads
	}{
		{"Ctrl+O", func(ed *Editor) { ed.dialogDone(dialogResult{path: file}) }, false},
		{"a dropped file", func(ed *Editor) { ed.requestOpen("tower.uvtt", data) }, false},
		{"Esc stops the read", func(ed *Editor) { ed.requestOpen("tower.uvtt", data) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEdit(t)
			ed := &Editor{e: e, w: WindowWidth, h: WindowHeight, dialogs: make(chan dialogResult, 1), hold: make(chan struct{})}
			ed.fit()
			before := ed.e.m
			if !returns(t, tc.name, func() { tc.open(ed) }) {
				close(ed.hold)
				return
			}
			if ed.load == nil || ed.e.m != before {
				t.Fatalf("%s: read at once (a read under way %v, the map replaced %v)", tc.name, ed.load != nil, ed.e.m != before)
			}
			if tc.stop {
				ed.load.cancel() // what Esc does
			}
			close(ed.hold)
			waitLoad(t, ed)
			switch {
			case tc.stop && (ed.e.m != before || !strings.Contains(ed.message, "stopped")):
				t.Errorf("stopped: the map replaced %v, the window says %q", ed.e.m != before, ed.message)
			case !tc.stop && (ed.e.m == before || ed.e.m.Background == nil || ed.e.path != ""):
				t.Errorf("the import did not replace the map, or would save over the file (%q): %q", ed.e.path, ed.message)
			}
		})
	}
	t.Run("a file that cannot be read", func(t *testing.T) {
		bad := filepath.Join(dir, "bad.dd2vtt")
		os.WriteFile(bad, []byte(`{"format": 99}`), 0o644)
		m, _ := hexmap.New("new", hexmap.Pointy, 5, 4, "dirt")
		ed, err := NewEditor(bad, m)
		if err != nil {
			t.Fatal(err)
		}
		waitLoad(t, ed)
		if ed.e.m != m || ed.blank || !ed.msgErr || !strings.Contains(ed.message, "format") || ed.e.path != "" {
			t.Errorf("got map %q, blank %v, message %q (error %v), saves to %q; want the new map, the error, never saved over the file",
				ed.e.m.Name, ed.blank, ed.message, ed.msgErr, ed.e.path)
		}
	})
}

// TestEditorAsksBeforeLosingChanges: closing the editor (the window's
// close button, Ctrl+Q) or opening another map (Ctrl+O, a dropped file)
// with unsaved changes asks Save, Discard or Cancel; Save saves (asking
// where for an import never saved) and goes on, Discard goes on without,
// Cancel keeps editing. The editor's close discarded a painted map at
// once.
func TestEditorAsksBeforeLosingChanges(t *testing.T) {
	data := uvttFile(t)
	quit := func(ed *Editor) { ed.requestQuit() }
	open := func(ed *Editor) { ed.dialogDone(dialogResult{path: filepath.Join(t.TempDir(), "x")}) }
	drop := func(ed *Editor) { ed.requestOpen("tower.uvtt", data) }
	tests := []struct {
		name    string
		saved   bool // the map has a file of its own
		clean   bool // saved since it was painted
		do      func(*Editor)
		answers []int
		where   string // the file dialog's answer to Save as ("" cancels it)
		// What follows: the editor ends, the map is read from elsewhere,
		// the prompt is still up, the painting is in the map's file.
		quits, opens, asking, written bool
	}{
		{name: "closing a saved map", saved: true, clean: true, do: quit, quits: true},
		{name: "closing with unsaved changes asks", saved: true, do: quit, asking: true},
		{name: "Save saves and closes", saved: true, do: quit, answers: []int{answerSave}, quits: true, written: true},
		{name: "Discard closes unsaved", saved: true, do: quit, answers: []int{answerDiscard}, quits: true},
		{name: "Cancel keeps editing", saved: true, do: quit, answers: []int{answerCancel}},
		{name: "an import never saved: Save asks where, saves there and closes", do: quit, answers: []int{answerSave}, where: "tower.hexmap.json", quits: true, written: true},
		{name: "an import never saved: the file dialog cancelled, back to the prompt", do: quit, answers: []int{answerSave}, asking: true},
		{name: "Ctrl+O asks; Discard opens the other map", saved: true, do: open, answers: []int{answerDiscard}, opens: true},
		{name: "Ctrl+O asks; Save saves, then opens", saved: true, do: open, answers: []int{answerSave}, opens: true, written: true},
		{name: "a dropped file asks; Cancel keeps the map", saved: true, do: drop, answers: []int{answerCancel}},
		{name: "a dropped file on a saved map opens at once", saved: true, clean: true, do: drop, opens: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ed, painted := paintedEditor(t, tc.saved)
			if tc.clean {
				if err := ed.e.save(); err != nil {
					t.Fatal(err)
				}
			}
			painting, file := ed.e.m, ed.e.path
			dir := t.TempDir()
			ed.ask = func(save bool) {
				r := dialogResult{save: save, path: filepath.Join(dir, tc.where), err: errDialogCancelled}
				if save && tc.where != "" {
					r.err = nil
				}
				ed.dialogs <- r
			}
			ed.hold = make(chan struct{})
			tc.do(ed)
			for _, a := range tc.answers {
				if ed.prompt == nil {
					t.Fatalf("nothing was asked before the answer %d", a)
				}
				ed.answerPrompt(a)
				select {
				case r := <-ed.dialogs: // as Update takes the dialog's answer
					ed.dialogDone(r)
				default:
				}
			}
			close(ed.hold)
			opening := ed.load != nil
			waitLoad(t, ed)
			if ed.quit != tc.quits || opening != tc.opens || (ed.prompt != nil) != tc.asking {
				t.Errorf("the editor ends %v, opens the other map %v, asks %v; want %v, %v, %v", ed.quit, opening, ed.prompt != nil, tc.quits, tc.opens, tc.asking)
			}
			if !tc.quits && !tc.opens && ed.e.m != painting {
				t.Error("the painted map is gone")
			}
			saved := file
			if tc.where != "" {
				saved = filepath.Join(dir, tc.where)
			}
			m, err := hexmap.Load(saved)
			written := err == nil && func() bool { tr, _ := m.Terrain(painted); return tr.Name == "grass" }()
			if written != (tc.written || tc.clean) {
				t.Errorf("the painting is in %s: %v (%v), want %v", saved, written, err, tc.written || tc.clean)
			}
			if tc.quits {
				if err := ed.Update(); !errors.Is(err, ebiten.Termination) {
					t.Errorf("Update after closing: %v, want ebiten.Termination", err)
				}
			}
		})
	}
}
