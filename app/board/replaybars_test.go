package board

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/assets"
)

// replayGame is the Judge's map window, w×h at table scale scale, on the
// demo fight, showing the moment of its first event from the console's
// timeline.
func replayGame(t *testing.T, w, h int, scale float64) *Game {
	t.Helper()
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.Open(f, filepath.Join(t.TempDir(), "bars.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	view, err := tl.ViewAt(0, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := newConn("", "")
	c.status, c.role = "", string(session.RoleJudge)
	g := &Game{conn: c, w: w, h: h}
	g.scale.value = scale
	g.receive(inMsg{welcome: s.Welcome(nil)})
	g.fit()
	g.receive(inMsg{msg: transport.Message{Type: transport.MsgReplay, Replay: &session.Moment{Fight: view, Of: 1, Round: 1, Segment: 20}}})
	if !g.replay.on() {
		t.Fatal("the replay does not show")
	}
	return g
}

// TestTheReplaysBarsReadAtTheTable: a replayed moment's banner (where in
// the fight, the moment's sentence) and its hint strip (how to leave) are
// written at the map's least text, 24 px capitals on the 1920×1080
// table at scale 1 and in proportion in a smaller window; the strip
// covers the status bar's hint line whole (it says how to leave in its
// place) and none of its message line; the map fitted in the window lies
// below the banner, and the placer lays no word under it.
func TestTheReplaysBarsReadAtTheTable(t *testing.T) {
	for _, tc := range []struct {
		w, h  int
		scale float64
	}{{1920, 1080, 1}, {1920, 1080, 2}, {960, 600, 1}} {
		t.Run(fmt.Sprintf("%d×%d at %.0f", tc.w, tc.h, tc.scale), func(t *testing.T) {
			g := replayGame(t, tc.w, tc.h, tc.scale)
			want := capHeight(g.minText(), true) - 0.01
			r := g.replay.moment
			mine := map[string]bool{replayBanner(r): true, replayHint(r): true}
			if l := firstLine(r.Text); l != "" {
				mine[l] = true
			}
			got := map[string]float64{}
			for _, s := range readTable(t, g) {
				for m := range mine {
					if len(s.text) > 6 && strings.HasPrefix(m, strings.TrimSuffix(s.text, "…")) {
						got[m] = s.cap
					}
				}
			}
			for m := range mine {
				c, ok := got[m]
				if !ok {
					t.Errorf("the replay never wrote %q", m)
				} else if c < want {
					t.Errorf("the replay wrote %q with %.1f px capitals, want %.1f", m, c, want)
				}
			}
			banner, strip := g.replayBars()
			px := g.minText()
			msgY, hintY := barLines(px)
			bar := float64(g.h - g.barH())
			cap := capHeight(px, true)
			// The message line's capitals stand about its middle, the
			// hint line's likewise.
			if lo := bar + msgY + cap/2; float64(strip.Min.Y) < lo {
				t.Errorf("the strip %v reaches up to %d, over the message line's letters (to %.0f)", strip, strip.Min.Y, lo)
			}
			if hi := bar + hintY - cap/2; float64(strip.Min.Y) > hi || strip.Max.Y < g.h {
				t.Errorf("the strip %v leaves some of the hint line (from %.0f down to %d) showing", strip, hi, g.h)
			}
			top := float64(banner.Max.Y)
			for _, hx := range g.play.st.Map.Hexes() {
				if c := g.layout.ToPixel(hx); c.Y-g.layout.Size*0.8 < top {
					t.Fatalf("hex %s (centre y %.0f, size %.1f) lies under the banner (to %.0f)", g.play.st.Map.Label(hx), c.Y, g.layout.Size, top)
				}
			}
			for _, q := range g.place.placed {
				if q.Overlaps(banner) {
					t.Errorf("the word at %v lies under the banner %v", q, banner)
				}
			}
		})
	}
}
