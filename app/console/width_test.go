package console

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"hexslinger/app/session"
)

// TestTheConsoleKeepsItsWidth: a console the Judge made 900 px wide
// never asks for more, whatever the fight and whatever it shows: each
// tab, every figure's every action in the composer, a round and what
// happened (it widened itself during play, 900 → 1,058 → 1,278 px, and a
// Dragon Warriors II fight opened 1,769 px wide, for long check labels,
// a row of buttons, rows of sheet fields and unwrapped text).
func TestTheConsoleKeepsItsWidth(t *testing.T) {
	const width = 900
	for _, name := range []string{"demo", "dragonwarriors", "savage", "fudge", "quickdraw"} {
		t.Run(name, func(t *testing.T) {
			c, w := bundledConsole(t, name)
			w.Resize(fyne.NewSize(width, 700))
			check := func(when string) {
				t.Helper()
				if got := w.Content().MinSize().Width; got > width {
					t.Fatalf("%s %s: the console asks for %.0f px; want at most the %d px the Judge gave it", name, when, got, width)
				}
			}
			check("opened")
			for i, it := range c.tabs.Items {
				c.tabs.SelectIndex(i)
				check(fmt.Sprintf("on the %s tab", it.Text))
			}
			c.tabs.SelectIndex(0)
			c.nextRound()
			c.Drain()
			if top := w.Canvas().Overlays().Top(); top != nil {
				w.Canvas().Overlays().Remove(top)
			}
			check("after a round")
			p := c.composer
			for i := range p.ids {
				p.actor.SetSelectedIndex(i)
				for _, a := range p.action.Options {
					p.action.SetSelected(a)
					check(fmt.Sprintf("composing %s for %s", a, p.actor.Selected))
				}
			}
			for i := range 3 {
				c.do(session.Command{Kind: session.CommandHide, Figure: p.ids[i%len(p.ids)]})
				c.Drain()
			}
			check("after play")
			test.NewTempWindow(t, nil) // the console's window stays the Judge's
		})
	}
}
