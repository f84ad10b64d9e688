//go:build unix

package console

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// TestCancelStopsAMapStillArriving: a map file that arrives slowly (a
// pipe, as a slow disk or a network share gives it) shows how much of it
// is read, and Cancel stops the read while the file is still arriving.
func TestCancelStopsAMapStillArriving(t *testing.T) {
	c, _, w := newConsole(t)
	dir := t.TempDir()
	data, err := os.ReadFile(wallsUVTT(t, dir, 3000))
	if err != nil {
		t.Fatal(err)
	}
	pipe := filepath.Join(dir, "slow.dd2vtt")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	// The slow disk: a piece of the file each time the test asks.
	more := make(chan bool)
	defer close(more)
	go func() {
		fh, err := os.OpenFile(pipe, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer fh.Close()
		for off := 0; off < len(data); off += 16 << 10 {
			if _, err := fh.Write(data[off:min(len(data), off+16<<10)]); err != nil || !<-more {
				return
			}
		}
	}()
	// The read as the chooser makes it, telling the test once the window
	// has been told how far it has come.
	told := make(chan struct{})
	c.library.readMap = func(ctx context.Context, path string, fn hexmap.Progress) (*hexmap.Map, error) {
		once := false
		return hexmap.OpenMapContext(ctx, path, func(stage string, done float64) {
			fn(stage, done)
			if done > 0 && !once {
				once = true
				close(told)
			}
		})
	}
	made := make(chan *session.FightFile, 1)
	c.library.readMapFor(pipe, "twtw", func(f *session.FightFile) { made <- f })
	select {
	case <-told:
	case <-time.After(10 * time.Second):
		t.Fatal("the read told nothing of the file")
	}
	progressOf(t, w, "Reading the file")
	cancel := overlayButtons(w)["Cancel"]
	if cancel == nil {
		t.Fatalf("no Cancel button: %q", overlayText(w))
	}
	test.Tap(cancel)
	select {
	case more <- true: // the next piece arrives, and the read sees it was stopped
	case <-time.After(5 * time.Second):
		t.Fatal("the read took no more of the file")
	}
	noFight(t, w, made)
	if msg := c.library.saved.Text; !strings.Contains(msg, "Reading slow.dd2vtt stopped") {
		t.Errorf("the fight tab says %q, want that reading slow.dd2vtt stopped", msg)
	}
}
