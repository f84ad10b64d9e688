package board

import (
	"strings"
	"testing"
)

// TestThePlayerViewOpensWindowedOnOneMonitor: the player view asked to
// fill a monitor opens in a window when there is only one monitor (it
// would cover the console, and nothing in it closes it), with a note
// saying why; with a second monitor it fills the one asked for. The
// Judge's window keeps the Judge's choice.
func TestThePlayerViewOpensWindowedOnOneMonitor(t *testing.T) {
	for _, tc := range []struct {
		name           string
		view           string
		prefs          Prefs
		monitors       int
		wantMonitor    int
		wantFullscreen bool
		wantNote       string // in the note; "" for none
	}{
		{name: "player view, monitor 2 of 1", view: "player", prefs: Prefs{Monitor: 2, Fullscreen: true}, monitors: 1, wantMonitor: 1, wantNote: "one monitor"},
		{name: "player view, monitor 1 of 1", view: "player", prefs: Prefs{Monitor: 1, Fullscreen: true}, monitors: 1, wantMonitor: 1, wantNote: "one monitor"},
		{name: "player view, monitor 2 of 2", view: "player", prefs: Prefs{Monitor: 2, Fullscreen: true}, monitors: 2, wantMonitor: 2, wantFullscreen: true},
		{name: "player view windowed, 1 monitor", view: "player", prefs: Prefs{Monitor: 2}, monitors: 1, wantMonitor: 1, wantNote: "no monitor 2"},
		{name: "player view, monitor 3 of 2", view: "player", prefs: Prefs{Monitor: 3, Fullscreen: true}, monitors: 2, wantMonitor: 1, wantFullscreen: true, wantNote: "no monitor 3"},
		{name: "Judge's window fullscreen, 1 monitor", view: "judge", prefs: Prefs{Monitor: 1, Fullscreen: true}, monitors: 1, wantMonitor: 1, wantFullscreen: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := placeWindow(tc.prefs, tc.monitors, tc.view)
			if got.monitor != tc.wantMonitor || got.fullscreen != tc.wantFullscreen {
				t.Errorf("placeWindow(%+v, %d monitors, %s): monitor %d fullscreen %v, want monitor %d fullscreen %v",
					tc.prefs, tc.monitors, tc.view, got.monitor, got.fullscreen, tc.wantMonitor, tc.wantFullscreen)
			}
			if tc.wantNote == "" && got.note != "" || !strings.Contains(got.note, tc.wantNote) {
				t.Errorf("placeWindow(%+v, %d monitors, %s): note %q, want %q", tc.prefs, tc.monitors, tc.view, got.note, tc.wantNote)
			}
		})
	}
	// The note shows in the window's title, where the table sees it.
	defer func(v, n string) { PrefsView, windowNote = v, n }(PrefsView, windowNote)
	PrefsView = "player"
	windowNote = placeWindow(Prefs{Monitor: 2, Fullscreen: true}, 1, "player").title
	if got := windowTitle("Showdown"); !strings.Contains(got, "Showdown") || !strings.Contains(got, "only one monitor") || !strings.Contains(windowSaid(), "one monitor") {
		t.Errorf("the player view's title %q does not say why it is a window", got)
	}
}
