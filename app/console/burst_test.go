package console

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"hexslinger/app/session"
)

// TestComposerOffersASpeedLoad: the composer offers the fight's speed
// load as the system lists it (session.Action.Speed), previews the card it
// draws, and loads as many rounds as the card's burst result, as many as
// fit.
func TestComposerOffersASpeedLoad(t *testing.T) {
	c, _, _ := newConsole(t)
	p := c.composer
	if !contains(p.action.Options, session.ActSpeedLoad) {
		t.Fatalf("the composer's actions: %v", p.action.Options)
	}
	pickActor(p, "Cyril Wellington")
	p.action.SetSelected(session.ActReady)
	test.Tap(p.confirm)
	p.action.SetSelected(session.ActSpeedLoad)
	if !strings.Contains(p.preview.Text, "its burst result is the rounds that go in") || p.confirm.Disabled() {
		t.Errorf("the speed load's preview: %q", p.preview.Text)
	}
	test.Tap(p.confirm)
	if g := c.State().Figures["cyril"].Gear[0]; g.Loaded != 6 {
		t.Errorf("after the speed load the Schofield holds %d", g.Loaded)
	}
	if !strings.Contains(p.result.Text, "speed loads the S&W Schofield for 1 AP") {
		t.Errorf("what happened: %q", p.result.Text)
	}
}
