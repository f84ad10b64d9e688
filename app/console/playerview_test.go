package console

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
)

// TestThePlayerViewClosesFromTheConsole: the View menu closes the player
// view the console opened (its window ends and its seat is revoked), and
// says so; with none open, it says there is none.
func TestThePlayerViewClosesFromTheConsole(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in map program is a shell script")
	}
	s := demoSession(t)
	bin := filepath.Join(t.TempDir(), "fake-map")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\nexec sleep 60\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	c, err := New(w, s, Options{Address: "ws://test", Manual: true, MapWindow: &MapProcess{Bin: bin}, MapBin: bin, Access: session.NewAccess(session.NewToken())})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var closeItem *fyne.MenuItem
	if m := w.MainMenu(); m != nil {
		for _, menu := range m.Items {
			for _, it := range menu.Items {
				if it.Label == "Close the player view" {
					closeItem = it
				}
			}
		}
	}
	if closeItem == nil {
		t.Fatal("the console's menu has no \"Close the player view\"")
	}
	closeItem.Action()
	if !strings.Contains(c.status.Text, "No player view is open") {
		t.Errorf("closing with none open: status %q, want it to say none is open", c.status.Text)
	}
	c.openPlayerView(2, true)
	p, seat := c.player, c.tableSeat
	if p == nil || !p.Running() || seat == nil {
		t.Fatal("the player view did not open")
	}
	closeItem.Action()
	for i := 0; i < 500 && p.Running(); i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if p.Running() {
		t.Error("the player view still runs after the menu closed it")
	}
	if _, err := c.opts.Access.Seat(seat.Token()); err == nil {
		t.Error("the player view's seat still lets a window in")
	}
	if !strings.Contains(c.status.Text, "player view is closed") {
		t.Errorf("status %q, want it to say the player view is closed", c.status.Text)
	}
}
