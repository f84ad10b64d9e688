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
