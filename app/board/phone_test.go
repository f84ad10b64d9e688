package board

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/hexmap"
)

// phoneWindow is touchTable held as a phone of w×h CSS pixels (one
// window pixel each), its view fitted as a handheld's.
func phoneWindow(t *testing.T, w, h int) (*session.Session, *Game, *hand) {
	t.Helper()
	s, g, hd := touchTable(t)
	g.dev.touch, g.w, g.h = true, w, h
	g.fit()
	return s, g, hd
}

// inView reports whether hex label's centre lies in the map's area of
// the window at least margin pixels inside its edges.
func inView(g *Game, hx hexmap.Hex, margin float64) bool {
	c := g.layout.ToPixel(hx)
	return c.X >= margin && c.X <= float64(g.w)-margin && c.Y >= g.mapTop()+margin && c.Y <= float64(g.h-g.barH())-margin
}

// TestPhoneKeepsTheMovedFigureInView: on a phone, Cyril moved by two
// taps from C8 to J8 (at the edge of the fitted view) is panned into it,
// a token's width inside its edges, within a few frames; a figure
// selected near the edge is too. Before, Cyril stood half cut off at the
// phone's right edge.
func TestPhoneKeepsTheMovedFigureInView(t *testing.T) {
	s, g, h := phoneWindow(t, 390, 844)
	j8 := h.hex("J8")
	if inView(g, j8, g.layout.Size) {
		t.Skipf("J8 is already well inside the fitted phone view (%v): nothing to pan", g.layout.ToPixel(j8))
	}
	h.tap("C8")
	h.tap("J8")
	h.tap("J8")
	h.waitFor("Cyril at J8 in the window", func() bool {
		f, ok := g.play.st.Figures["cyril"]
		return s.State().Figures["cyril"].At == j8 && ok && f.At == j8
	})
	for range 30 {
		h.frame(16)
	}
	if !inView(g, j8, g.layout.Size) {
		t.Errorf("after the move to J8: its centre is at %v in a %d×%d window (map from y %v to %d); want it a hex inside the edges",
			g.layout.ToPixel(j8), g.w, g.h, g.mapTop(), g.h-g.barH())
	}

	t.Run("selected at the edge", func(t *testing.T) {
		_, g, h := phoneWindow(t, 390, 844)
		c8 := h.hex("C8")
		p := g.layout.ToPixel(c8)
		g.layout.Origin.X += 8 - p.X // C8's centre 8 px from the left edge: a finger still reaches it
		h.tap("C8")
		if g.play.selected != "cyril" {
			t.Fatalf("a tap on Cyril at the edge selected %q", g.play.selected)
		}
		for range 30 {
			h.frame(16)
		}
		if !inView(g, c8, g.layout.Size) {
			t.Errorf("Cyril selected at the left edge: his centre is at %v; want it a hex inside", g.layout.ToPixel(c8))
		}
	})
}

// TestPhoneFollowNeverFightsAFinger: a finger that pans the map right
// after the move keeps the map under it, pixel for pixel; the view does
// not pan after the finger lifts either.
func TestPhoneFollowNeverFightsAFinger(t *testing.T) {
	s, g, h := phoneWindow(t, 390, 844)
	j8 := h.hex("J8")
	h.tap("C8")
	h.tap("J8")
	h.tap("J8")
	// A finger pans the map from open ground before the move comes back.
	f := h.on(1, "E14")
	start := g.layout.Origin
	h.frame(16, f)
	x := f.x - 12
	h.frame(16, touchPoint{1, x, f.y})
	if !g.touch.panning {
		t.Fatal("a finger drawn 12 px from E14 does not pan the map")
	}
	waitUntil(t, "Cyril at J8", func() bool {
		h.frame(16, touchPoint{1, x, f.y})
		return g.play.st.Figures["cyril"].At == j8 && s.State().Figures["cyril"].At == j8
	})
	for i := range 20 {
		x -= 3
		h.frame(16, touchPoint{1, x, f.y})
		if want := start.X + x - f.x; math.Abs(g.layout.Origin.X-want) > 1e-9 || math.Abs(g.layout.Origin.Y-start.Y) > 1e-9 {
			t.Fatalf("frame %d of a finger's pan: origin %v, want (%v, %v), the finger's", i, g.layout.Origin, want, start.Y)
		}
	}
	h.frame(16)
	after := g.layout.Origin
	for range 30 {
		h.frame(16)
	}
	if g.layout.Origin != after {
		t.Errorf("the view panned by itself after the finger's pan: %v, the finger left it at %v", g.layout.Origin, after)
	}
}

// TestDesktopDoesNotFollow: the Judge's or a player's desktop window
// never pans by itself: Cyril moved by taps leaves the view where it was.
func TestDesktopDoesNotFollow(t *testing.T) {
	s, g, h := touchTable(t)
	before := g.layout
	h.tap("C8")
	h.tap("X8")
	h.tap("X8")
	h.waitFor("Cyril to move", func() bool { return len(journalMoves(t, s, "cyril")) > 0 })
	for range 30 {
		h.frame(16)
	}
	if g.layout != before {
		t.Errorf("a desktop window's view moved by itself: %+v, was %+v", g.layout, before)
	}
}

// TestPhoneTipFollowsTheFinger: on a phone the hover tip shows while a
// finger rests on a hex, not under the finger, and for a short while
// after a tap; then it goes, never left over the map. While a tapped
// path is up it stays. Before, it showed only after the finger lifted,
// and then for good.
func TestPhoneTipFollowsTheFinger(t *testing.T) {
	s, g, h := phoneWindow(t, 390, 844)
	screen := ebiten.NewImage(g.w, g.h)
	f := h.on(1, "E10")
	h.frame(16, f)
	h.frame(100, f)
	if !g.tipOn || g.hover != h.hex("E10") {
		t.Fatalf("a finger resting on E10: tip %v, hover %v; want E10's tip", g.tipOn, g.hover)
	}
	g.Draw(screen)
	under := image.Rect(int(f.x)-15, int(f.y)-5, int(f.x)+15, int(f.y)+120) // the finger and the hand below it
	if g.tipAt.Empty() || g.tipAt.Overlaps(under) {
		t.Errorf("the tip at %v with the finger at (%v, %v): want it clear of %v", g.tipAt, f.x, f.y, under)
	}
	h.frame(16)
	h.frame(200)
	if !g.tipOn {
		t.Error("just after the tap on E10 the tip is gone")
	}
	for range 10 {
		h.frame(300)
	}
	if g.tipOn {
		t.Errorf("3 s after a tap on empty ground the tip still shows (%q)", g.tipText(g.hover))
	}

	h.tap("C8")
	h.tap("J8")
	for range 10 {
		h.frame(300)
	}
	if !g.tipOn {
		t.Error("3 s after the tap showing the path to J8, the path up, the tip is gone")
	}
	h.tap("J8")
	h.waitFor("Cyril at J8", func() bool { return s.State().Figures["cyril"].At == h.hex("J8") })
	for range 10 {
		h.frame(300)
	}
	if g.tipOn {
		t.Errorf("3 s after Cyril moved, the tip still shows over the map: %q", g.tipText(g.hover))
	}
}

// TestTouchTapsTheDicePrompt: a tap presses the dice prompt's buttons as
// a click does: Use these sends the dice typed, Call off closes it
// unrolled. Before, a tap on them did nothing.
func TestTouchTapsTheDicePrompt(t *testing.T) {
	for _, tc := range []struct {
		name, label string
		check       func(t *testing.T, s *session.Session, g *Game, n int)
	}{
		{"Use these", "Use these", func(t *testing.T, s *session.Session, g *Game, n int) {
			if g.dice != nil && !g.dice.waiting {
				t.Fatalf("a tap on Use these: the prompt %+v, want the dice sent", g.dice)
			}
			waitUntil(t, "the shot", func() bool { return len(s.State().Log) > n })
			if !strings.Contains(lastLine(s), "9 vs TN 6") {
				t.Errorf("the shot did not roll Ann's dice: %s", lastLine(s))
			}
		}},
		{"Call off", "Call off", func(t *testing.T, s *session.Session, g *Game, n int) {
			if g.dice != nil || !strings.Contains(g.message, "Called off") {
				t.Errorf("a tap on Call off: the prompt %+v, the bar %q", g.dice, g.message)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, g, h := touchTable(t)
			g.dev.touch = true
			opts := s.State().Options
			opts.TableDice, opts.PlayerDice = true, true
			if _, err := s.Do(session.Command{Kind: session.CommandSetOptions, Options: &opts}); err != nil {
				t.Fatal(err)
			}
			h.waitFor("table dice in the window", func() bool { return g.play.st.Options.TableDice })
			g.issue(cyrilShoots(), "")
			h.waitFor("the dice prompt", func() bool { return g.dice != nil })
			g.typeDice("9 2, 3H")
			n := len(s.State().Log)
			var bt button
			for _, b := range g.diceButtons() {
				if strings.HasPrefix(b.label, tc.label) {
					bt = b
				}
			}
			if bt.label == "" {
				t.Fatalf("no %q button on the prompt", tc.label)
			}
			h.tapAt(float64(bt.r.Min.X+bt.r.Max.X)/2, float64(bt.r.Min.Y+bt.r.Max.Y)/2)
			tc.check(t, s, g, n)
		})
	}
}

// TestTouchTapOnTheReplayBannerReturnsToLive: a moment the console
// replays in a player's phone window says how a finger leaves it (no
// Esc: a phone has no keys), and a tap on its banner returns to the live
// fight, as Esc does. Before, nothing a finger did left it.
func TestTouchTapOnTheReplayBannerReturnsToLive(t *testing.T) {
	s, g, h := phoneWindow(t, 390, 844)
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	view, err := tl.ViewAt(0, nil)
	if err != nil {
		t.Fatal(err)
	}
	g.receive(inMsg{msg: transport.Message{Type: transport.MsgReplay, Replay: &session.Moment{Fight: view, Round: 1, Segment: 20}}})
	if !g.replay.on() {
		t.Fatal("the replay did not start")
	}
	for _, line := range []string{g.replayBannerText(), g.replayHintText()} {
		if strings.Contains(line, "Esc") || !strings.Contains(line, "Tap") {
			t.Errorf("a phone's replay says %q; want a tap named, no Esc", line)
		}
	}
	banner, _ := g.replayBars()
	h.tapAt(float64(banner.Dx())/2, float64(banner.Min.Y+banner.Max.Y)/2)
	if g.replay.on() {
		t.Error("a tap on the replay's banner left the moment showing")
	}
}

// TestTouchTypesTheDiceOnItsKeypad: a phone has no keyboard the window
// can raise, so under touch the dice prompt has keys to tap: Cyril's 9
// and 2 and the 3♥, a slip taken back by Del, sent by Use these, fire the
// shot. Every key is a thumb's size and inside the phone's screen.
// Before, the prompt had no keys: nothing could be typed.
func TestTouchTypesTheDiceOnItsKeypad(t *testing.T) {
	s, g, h := phoneWindow(t, 390, 844)
	opts := s.State().Options
	opts.TableDice, opts.PlayerDice = true, true
	if _, err := s.Do(session.Command{Kind: session.CommandSetOptions, Options: &opts}); err != nil {
		t.Fatal(err)
	}
	h.waitFor("table dice in the window", func() bool { return g.play.st.Options.TableDice })
	g.issue(cyrilShoots(), "")
	h.waitFor("the dice prompt", func() bool { return g.dice != nil })
	screen := image.Rect(0, 0, g.w, g.h)
	for _, b := range g.diceButtons() {
		if !b.r.In(screen) || b.r.Dy() < thumbButton || b.r.Dx() < thumbButton {
			t.Errorf("the prompt's %q key at %v: want it inside the %v screen, at least %d px square", b.label, b.r, screen, thumbButton)
		}
	}
	n := len(s.State().Log)
	for _, key := range []string{"9", ",", "2", ",", "3", "♠", "Del", "♥", "Use these"} {
		var bt button
		for _, b := range g.diceButtons() {
			if b.label == key || key == "Use these" && strings.HasPrefix(b.label, key) {
				bt = b
			}
		}
		if bt.label == "" {
			t.Fatalf("no %q key on the phone's dice prompt", key)
		}
		h.tapAt(float64(bt.r.Min.X+bt.r.Max.X)/2, float64(bt.r.Min.Y+bt.r.Max.Y)/2)
	}
	waitUntil(t, "the shot", func() bool { h.frame(16); return len(s.State().Log) > n || g.dice != nil && g.dice.err != "" })
	if !strings.Contains(lastLine(s), "9 vs TN 6") {
		t.Errorf("the keys tapped did not roll 9 and 2 with the 3♥: the log says %q, the prompt %+v", lastLine(s), g.dice)
	}
}

// TestPhoneBarReadsTheWholeMessage: on a phone the status bar gives a
// long message (an attack's result) three of its four lines before the
// hint, and a tap on the bar opens the message whole over the map, every
// word of it, until the next tap. Before, the message was cut to two
// lines with "…" and nothing showed the rest.
func TestPhoneBarReadsTheWholeMessage(t *testing.T) {
	_, g, h := phoneWindow(t, 390, 844)
	long := "Cyril Wellington shoots at Zeke Perkins: 9 vs TN 6, hits the left arm for 7 wounds; Zeke Perkins is stunned and drops his Winchester (TWTW Shooting: hit location by the card) and 4 AP left."
	g.say(long, false)
	msg, hint := g.touchBarText(long, g.helpLine())
	if len(msg) != 3 || len(hint) != 1 {
		t.Errorf("a long message in a phone's bar: %d lines of message, %d of hint; want 3 and 1", len(msg), len(hint))
	}
	if got := strings.Join(msg, " "); strings.Contains(msg[0], "…") || !strings.HasSuffix(got, "…"+tapToRead) || !strings.HasPrefix(long, strings.TrimSuffix(got, "…"+tapToRead)) {
		t.Errorf("the bar's message lines %q: want the message's start, as it is", msg)
	}
	bar := float64(g.h - g.barH()/2)
	h.tapAt(100, bar)
	lines := g.messageLines()
	if !g.barOpen || strings.Join(lines, " ") != long {
		t.Fatalf("a tap on the bar: open %v, lines %q; want the whole message %q", g.barOpen, lines, long)
	}
	h.tapAt(100, 400)
	if g.barOpen {
		t.Error("a second tap left the message open")
	}
	if g.play.selected != "" {
		t.Errorf("the tap closing the message selected %q", g.play.selected)
	}
}

// TestPhoneResultPanelWrapsItsLines: on a phone the result panel's lines
// under a hit wrap to its width, every word kept; on a desktop they stay
// one line each (the panel cuts them as before). Before, a phone's panel
// cut "by Cyril Wellington · 2 wounds, 4 Conc" to "2 woun…".
func TestPhoneResultPanelWrapsItsLines(t *testing.T) {
	_, g, _ := phoneWindow(t, 390, 844)
	bodies := []string{"by Cyril Wellington · 2 wound(s) and 4 Conc (12 Conc left) · cover struck: the water trough\nnow wounded: head 2 wounds, 4 Conc", ""}
	f := face(g.minText(), false)
	width := 200.0
	lines := g.resultBodyLines(bodies, f, width)
	if got, want := strings.Join(lines[0], " "), strings.ReplaceAll(bodies[0], "\n", " "); got != want || len(lines[1]) != 0 {
		t.Fatalf("a phone's panel lines %q; want every word of %q", lines, bodies[0])
	}
	for _, l := range lines[0] {
		if textWidth(l, f) > width {
			t.Errorf("a phone's panel line %q is %v px wide; want at most %v", l, textWidth(l, f), width)
		}
	}
	g.dev.touch = false
	if lines := g.resultBodyLines(bodies, f, width); len(lines[0]) != 2 {
		t.Errorf("a desktop's panel lines %q; want the body's two lines as they are", lines[0])
	}
}
