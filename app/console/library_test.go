package console

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// fightFromFile reads the map file at path and makes a new fight of it,
// as the map chooser does once the map is read.
func fightFromFile(path string, rules string) (*session.FightFile, error) {
	m, err := hexmap.OpenMap(path)
	if err != nil {
		return nil, err
	}
	return newFightFromMap(m, path, rules)
}

// wallsUVTT writes a 60×60-square Dungeondraft-style file of n short walls
// to dir: its walls are placed in a few hundred steps, each told.
func wallsUVTT(t *testing.T, dir string, n int) string {
	t.Helper()
	var walls []string
	for i := range n {
		x, y := float64(i%59)+0.3, float64(i/59%59)+0.4
		walls = append(walls, fmt.Sprintf(`[{"x":%g,"y":%g},{"x":%g,"y":%g}]`, x, y, x+0.9, y+0.5))
	}
	doc := fmt.Sprintf(`{"format":0.3,"resolution":{"map_origin":{"x":0,"y":0},"map_size":{"x":60,"y":60},"pixels_per_grid":50},"line_of_sight":[%s],"portals":[],"lights":[]}`,
		strings.Join(walls, ","))
	path := filepath.Join(dir, "cellars.dd2vtt")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// heldRead is a map read that stops, the first time it places the walls,
// until the test lets it go on: the read as hexmap.OpenMapContext does it,
// as slow as the test wants.
type heldRead struct {
	held, release chan struct{}
}

func newHeldRead() *heldRead {
	return &heldRead{held: make(chan struct{}), release: make(chan struct{})}
}

func (h *heldRead) read(ctx context.Context, path string, fn hexmap.Progress) (*hexmap.Map, error) {
	once := false
	return hexmap.OpenMapContext(ctx, path, func(stage string, done float64) {
		fn(stage, done)
		if stage == "placing the walls" && !once {
			once = true
			close(h.held)
			<-h.release
		}
	})
}

// progressOf is the map chooser's progress dialog on top of w: its words
// and its bar, once the bar shows more than nothing (a failed test after
// 5 s).
func progressOf(t *testing.T, w fyne.Window, want string) (*widget.Label, *widget.ProgressBar) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		top := w.Canvas().Overlays().Top()
		if top == nil {
			continue
		}
		var label *widget.Label
		var bar *widget.ProgressBar
		for _, o := range test.LaidOutObjects(top) {
			switch o := o.(type) {
			case *widget.Label:
				if strings.Contains(o.Text, want) {
					label = o
				}
			case *widget.ProgressBar:
				bar = o
			}
		}
		if label != nil && bar != nil && bar.Value > 0 {
			return label, bar
		}
	}
	t.Fatalf("no progress saying %q; the dialog says %q", want, overlayText(w))
	return nil, nil
}

// TestChoosingAMapShowsItsProgress: the map of a new fight is read off
// the console's goroutine, its dialog saying the stage and how far the
// read has come (it showed a bar that only spun), and the new fight goes
// on once it is read.
func TestChoosingAMapShowsItsProgress(t *testing.T) {
	c, _, w := newConsole(t)
	path := wallsUVTT(t, t.TempDir(), 3000)
	h := newHeldRead()
	c.library.readMap = h.read
	got := make(chan *session.FightFile, 1)
	c.library.readMapFor(path, "twtw", func(f *session.FightFile) { got <- f })
	select {
	case <-h.held:
	case <-time.After(10 * time.Second):
		t.Fatal("the read never placed the walls")
	}
	label, bar := progressOf(t, w, "Placing the walls")
	if bar.Value < 0.3 || bar.Value > 0.7 {
		t.Errorf("placing the walls, the bar shows %v, want from 0.3 to 0.7 (the file and its walls read)", bar.Value)
	}
	if want := fmt.Sprintf("%d%%", int(100*bar.Value)); !strings.HasSuffix(label.Text, want) {
		t.Errorf("the dialog says %q, want the percent %s", label.Text, want)
	}
	if _, ok := overlayButtons(w)["Cancel"]; !ok {
		t.Errorf("no Cancel button while the map is read: %v", overlayButtons(w))
	}
	close(h.release)
	select {
	case f := <-got:
		if f == nil || f.Map == nil || len(f.Map.Edges) == 0 || f.Name != "cellars" {
			t.Fatalf("the new fight: %+v", f)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the new fight never came")
	}
	if top := w.Canvas().Overlays().Top(); top != nil {
		t.Errorf("the progress stays on the screen: %q", overlayText(w))
	}
}

// TestCancelStopsReadingAMap: Cancel in the map chooser's progress stops
// the read where it is (the walls half placed): no new fight is made, and
// the status says the read stopped.
func TestCancelStopsReadingAMap(t *testing.T) {
	c, _, w := newConsole(t)
	path := wallsUVTT(t, t.TempDir(), 3000)
	h := newHeldRead()
	ended := make(chan error, 1)
	c.library.readMap = func(ctx context.Context, path string, fn hexmap.Progress) (*hexmap.Map, error) {
		m, err := h.read(ctx, path, fn)
		ended <- err
		return m, err
	}
	made := make(chan *session.FightFile, 1)
	c.library.readMapFor(path, "twtw", func(f *session.FightFile) { made <- f })
	select {
	case <-h.held:
	case <-time.After(10 * time.Second):
		t.Fatal("the read never placed the walls")
	}
	progressOf(t, w, "Placing the walls")
	cancel := overlayButtons(w)["Cancel"]
	if cancel == nil {
		close(h.release)
		t.Fatalf("no Cancel button: %q", overlayText(w))
	}
	test.Tap(cancel)
	if !cancel.Disabled() || !strings.Contains(overlayText(w), "Stopping") {
		t.Errorf("after Cancel the dialog says %q (the button disabled: %v)", overlayText(w), cancel.Disabled())
	}
	close(h.release)
	select {
	case err := <-ended:
		if err != context.Canceled {
			t.Errorf("the read ended with %v, want it stopped (context canceled)", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the read went on after Cancel")
	}
	noFight(t, w, made)
	if msg := c.library.saved.Text; !strings.Contains(msg, "stopped") || !strings.Contains(msg, "cellars.dd2vtt") {
		t.Errorf("the fight tab says %q, want that reading cellars.dd2vtt stopped", msg)
	}
}

// noFight waits for the map chooser to say it made no fight (nil on
// made), and fails if it made one or left its dialog on w.
func noFight(t *testing.T, w fyne.Window, made <-chan *session.FightFile) {
	t.Helper()
	select {
	case f := <-made:
		if f != nil {
			t.Errorf("a fight %q was made after Cancel", f.Name)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the chooser never ended")
	}
	if w.Canvas().Overlays().Top() != nil {
		t.Errorf("the dialog stays: %q", overlayText(w))
	}
}

// TestNewMapReadsItsFields: the New map form's fields make a blank map of
// the size, scale, orientation and terrain typed, and a field that cannot
// be refuses with a line naming it.
func TestNewMapReadsItsFields(t *testing.T) {
	ok := newMapSpec{name: "Corral", width: "30", height: "20", scale: "2", orientation: "flat", terrain: "grass"}
	tests := []struct {
		name    string
		edit    func(s *newMapSpec)
		wantErr string // "" for a map
	}{
		{"as typed", func(s *newMapSpec) {}, ""},
		{"spaces around the numbers", func(s *newMapSpec) { s.width, s.scale = " 30 ", " 2 " }, ""},
		{"no width", func(s *newMapSpec) { s.width = "" }, "Columns: type a whole number from 1 to 1024"},
		{"a width in words", func(s *newMapSpec) { s.width = "thirty" }, `Columns: "thirty" is not a whole number from 1 to 1024`},
		{"a width of none", func(s *newMapSpec) { s.width = "0" }, `Columns: "0" is not a whole number from 1 to 1024`},
		{"a height too great", func(s *newMapSpec) { s.height = "5000" }, `Rows: "5000" is not a whole number from 1 to 1024`},
		{"a scale of none", func(s *newMapSpec) { s.scale = "0" }, `Paces per hex: "0" is not a number from 0.1 to 1000`},
		{"a scale in words", func(s *newMapSpec) { s.scale = "big" }, `Paces per hex: "big" is not a number from 0.1 to 1000`},
		{"a scale not a number", func(s *newMapSpec) { s.scale = "NaN" }, `Paces per hex: "NaN" is not a number from 0.1 to 1000`},
		{"no name", func(s *newMapSpec) { s.name = "  " }, "Name: give the map a name"},
		{"an unknown terrain", func(s *newMapSpec) { s.terrain = "lava" }, `Terrain: "lava" is not a terrain`},
		{"an unknown orientation", func(s *newMapSpec) { s.orientation = "round" }, `Hexes: "round" is neither pointy nor flat`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := ok
			tc.edit(&s)
			m, err := s.make()
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Errorf("%+v: error %v; want %q", s, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("%+v: %v", s, err)
			}
			if m.Width != 30 || m.Height != 20 || m.Scale != 2 || m.Orientation != hexmap.Flat || m.Name != "Corral" {
				t.Errorf("%+v: a %d×%d %v map named %q at %g paces a hex; want 30×20 flat, Corral, 2", s, m.Width, m.Height, m.Orientation, m.Name, m.Scale)
			}
			if got, _ := m.Terrain(hexmap.Hex{Q: 3, R: 4}); got.Name != "grass" {
				t.Errorf("%+v: the map's terrain is %q; want grass", s, got.Name)
			}
		})
	}
}

// TestNewMapIsSavedAndOpenedInTheEditor: "New map…" from the Fight tab
// and the File menu asks for the map's fields, refuses bad ones where
// they are typed, then saves a blank map where the Judge says and opens
// it in the map editor as "Edit a map…" does (the console could open
// only an existing map).
func TestNewMapIsSavedAndOpenedInTheEditor(t *testing.T) {
	c, _, w := newConsole(t)
	dir := t.TempDir()
	args := filepath.Join(dir, "args")
	bin := filepath.Join(dir, "fake-map")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\necho \"$@\" > "+args+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	c.opts.MapBin = bin
	var menu *fyne.MenuItem
	for _, m := range c.menu().Items {
		for _, it := range m.Items {
			if it.Label == "New map…" {
				menu = it
			}
		}
	}
	var button *widget.Button
	for _, o := range test.LaidOutObjects(c.library.box) {
		if b, ok := o.(*widget.Button); ok && b.Text == "New map…" {
			button = b
		}
	}
	if menu == nil || button == nil {
		t.Fatalf("no New map… in the File menu (%v) or on the Fight tab (%v)", menu != nil, button != nil)
	}
	out := filepath.Join(dir, "corral")
	c.library.askSave = func(q fileQuestion, done func(string)) { done(out) }
	menu.Action()
	form := w.Canvas().Overlays().Top()
	if form == nil {
		t.Fatal("New map… showed no form")
	}
	entries := map[string]*widget.Entry{}
	var create *widget.Button
	for _, o := range test.LaidOutObjects(form) {
		switch v := o.(type) {
		case *widget.Entry:
			entries[v.PlaceHolder] = v
		case *widget.Button:
			if strings.HasPrefix(v.Text, "Choose where to save it") {
				create = v
			}
		}
	}
	cols, scale := entries["columns, 1 to 1024"], entries["paces, 0.1 to 1000"]
	if cols == nil || scale == nil || create == nil {
		t.Fatalf("the form lacks its Columns or Paces per hex field or its button: %v", entries)
	}
	cols.SetText("0")
	if create.Disabled() == false {
		t.Errorf("the form offers to save a map 0 columns wide")
	}
	if err := cols.Validate(); err == nil || !strings.Contains(err.Error(), "Columns") {
		t.Errorf("0 columns: the field says %v; want a line naming Columns", err)
	}
	cols.SetText("12")
	scale.SetText("5")
	if create.Disabled() {
		t.Fatalf("the form refuses 12 columns at 5 paces a hex: %v", cols.Validate())
	}
	test.Tap(create)
	path := out + ".hexmap.json"
	m, err := hexmap.OpenMap(path)
	if err != nil {
		t.Fatalf("no map saved at %s: %v", path, err)
	}
	if m.Width != 12 || m.Scale != 5 {
		t.Errorf("the map saved is %d×%d at %g paces a hex; want 12 columns at 5", m.Width, m.Height, m.Scale)
	}
	for range 100 {
		if b, _ := os.ReadFile(args); len(b) > 0 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if b, _ := os.ReadFile(args); strings.TrimSpace(string(b)) != "--edit "+path {
		t.Errorf("the map editor was started with %q; want --edit %s", b, path)
	}
	if !strings.Contains(c.status.Text, path) {
		t.Errorf("the status %q does not say where the map was saved", c.status.Text)
	}
}
