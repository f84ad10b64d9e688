package console

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"hexslinger/app/session"
)

// TestComposerMountsAndRides: the composer offers the session's mount and
// ride actions; the Judge mounts Cyril on a horse and sets its course,
// each previewed before it is confirmed.
func TestComposerMountsAndRides(t *testing.T) {
	c, _, _ := newConsole(t)
	p := c.composer
	pickActor(p, "Cyril Wellington")
	p.action.SetSelected(session.ActMount)
	test.Type(p.paces, "10")
	if p.confirm.Disabled() || !strings.Contains(p.preview.Text, "mounts the horse at C8 (pace 10, gallop 20 paces a round) for 2 AP") {
		t.Fatalf("mounting: %q", p.preview.Text)
	}
	test.Tap(p.confirm)
	if m := c.State().Figures["cyril"].Mount; m == nil || m.Pace != 10 {
		t.Fatalf("Cyril's mount: %+v", m)
	}
	p.action.SetSelected(session.ActRide)
	p.paces.SetText("")
	test.Type(p.hex, "M8")
	if p.confirm.Disabled() || !strings.Contains(p.preview.Text, "rides the horse toward M8, 10 paces away") {
		t.Fatalf("riding: %q", p.preview.Text)
	}
	p.paces.SetText("fast")
	if !p.confirm.Disabled() {
		t.Errorf("paces not a number: %q", p.preview.Text)
	}
	p.paces.SetText("")
	test.Tap(p.confirm)
	if m := c.State().Figures["cyril"].Mount; len(m.Course) != 11 {
		t.Errorf("the course: %+v", m)
	}
}
