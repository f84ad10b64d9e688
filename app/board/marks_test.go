package board

import (
	"fmt"
	"image"
	"math"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/rules"
)

// savageSigned is the Savage Worlds shootout after a Bandit's blow
// leaves Marshal Dane Shaken with a Wound and the Marshal's blow leaves
// the other Bandit Shaken: its state.
func savageSigned(t *testing.T) *session.State {
	t.Helper()
	s, err := session.Open(mustFight(t, "savage"), filepath.Join(t.TempDir(), "sw.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	for _, c := range []session.Command{
		{Kind: session.CommandNewRound, Cards: []string{"3H", "2S", "KC"}},
		{Kind: session.CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 1, 6, 3, 2}},
	} {
		if _, err := s.Do(c); err != nil {
			t.Fatalf("%s: %v", c.Kind, err)
		}
	}
	return s.State()
}

// TestTokensShowTheirSigns: the map window writes each figure's signs
// (State.Signs) beside its token, in the system's words, at the table's
// least text (24 px capitals at table scale 1, more above it), and
// none of them over a token.
func TestTokensShowTheirSigns(t *testing.T) {
	st := savageSigned(t)
	var want []string
	for _, id := range st.Order {
		for _, s := range st.Signs(id) {
			want = append(want, s.Text)
		}
	}
	if len(want) < 2 {
		t.Fatalf("the fight's signs are %v: want the Marshal's Shaken and Wound", want)
	}
	for _, scale := range []float64{1, 2} {
		t.Run(fmt.Sprintf("scale %.0f", scale), func(t *testing.T) {
			g := &Game{play: play{st: st}, w: 1920, h: 1080}
			g.scale.value = scale
			g.fit()
			seen := map[string]float64{}
			for _, s := range readTable(t, g) {
				seen[s.text] = math.Max(seen[s.text], s.cap)
			}
			for _, w := range want {
				if c, ok := seen[w]; !ok || c < 24*scale-0.01 {
					t.Errorf("sign %q: written %v with %.1f px capitals, want it written at %.0f px", w, ok, c, 24*scale)
				}
			}
			// The signs again, on the frame's tokens: none over a token.
			discs := g.place.discs
			g.place = &placer{area: g.place.area, discs: discs}
			screen := ebiten.NewImage(g.w, g.h)
			defer screen.Deallocate()
			r := tokenRadius(g.layout.Size, g.minText())
			badges := 0
			for _, id := range st.Order {
				for _, b := range g.drawMarks(screen, st, st.Figures[id], g.layout.ToPixel(st.Figures[id].At), r) {
					badges++
					for _, d := range discs {
						if d.overlaps(b) {
							t.Errorf("%s's sign at %v covers the token at %v (radius %.1f)", id, b, d.c, d.r)
						}
					}
				}
			}
			if badges != len(want) {
				t.Errorf("%d signs placed, want %d (%v)", badges, len(want), want)
			}
		})
	}
}

// coverBoxes are the boxes of the cover numbers g's map writes on the
// screen (coverMark), every hex with cover looked at.
func coverBoxes(g *Game) []image.Rectangle {
	m := g.play.st.Map
	if !coverShown(g.layout.Size) {
		return nil
	}
	var out []image.Rectangle
	for _, hx := range m.Features() {
		if f, _ := m.Feature(hx); !f.IsCover() {
			continue
		}
		at, r, _ := coverMark(g.layout.ToPixel(hx), g.layout.Size, 1, g.minText())
		b := box(at, 2*r, 2*r)
		if b.Overlaps(image.Rect(0, 0, g.w, g.h)) {
			out = append(out, b)
		}
	}
	return out
}

// TestWordsKeepOffTheCoverNumbers: the map's cover numbers (the "3" on
// a barrel, drawn with the map) are kept clear like a token: on the
// Savage Worlds shootout with Doc prone beside a barrel (the
// savage-signs scene), and on the table mid-fight and the crowded
// street, no sign, badge, tag or label the placer laid out covers one.
func TestWordsKeepOffTheCoverNumbers(t *testing.T) {
	shootout := func(t *testing.T, _ float64) *Game {
		s, err := session.Open(mustFight(t, "savage"), filepath.Join(t.TempDir(), "sw.journal.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		for _, c := range []session.Command{
			{Kind: session.CommandNewRound, Cards: []string{"QH", "QS", "3C"}},
			{Kind: session.CommandDelay, Figure: "doc"},
			{Kind: session.CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: []int{7, 2, 5, 3}},
			{Kind: session.CommandShoot, Figure: "doc", Shots: []session.ShotOrder{{Target: "bandit-2"}}, Dice: []int{10, 3, 1, 4, 4, 2, 4}},
			{Kind: session.CommandProne, Figure: "doc", Prone: true},
		} {
			if _, err := s.Do(c); err != nil {
				t.Fatalf("%s: %v", c.Kind, err)
			}
		}
		g := &Game{play: play{st: s.State()}, w: 1920, h: 1080}
		g.fit()
		return g
	}
	for _, tc := range []struct {
		name string
		game func(*testing.T, float64) *Game
		want string // a word that must be written
	}{
		{"the shootout, Doc prone", shootout, "prone"},
		{"the table mid-fight", tableGame, "hidden"},
		{"the crowded street", crowdedGame, "1 wound"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.game(t, 1)
			seen := readTable(t, g)
			found := false
			for _, s := range seen {
				found = found || s.text == tc.want
			}
			if !found {
				t.Fatalf("%q never written (%v)", tc.want, seen)
			}
			covers := coverBoxes(g)
			if len(covers) == 0 {
				t.Fatalf("no cover number on the screen at hex size %.1f", g.layout.Size)
			}
			for _, p := range []*placer{g.place, g.placeOver} {
				if p == nil {
					continue
				}
				for _, r := range p.placed {
					for _, c := range covers {
						if r.Overlaps(c) {
							t.Errorf("the box %v covers the cover number at %v", r, c)
						}
					}
				}
				if msg := placedClear(p); msg != "" {
					t.Errorf("of %d boxes: %s", len(p.placed), msg)
				}
			}
		})
	}
}

// TestADownFigureShowsNoAP: a figure out of the fight (dead, knocked
// out) wears no AP badge, whatever AP it holds; a standing one does.
func TestADownFigureShowsNoAP(t *testing.T) {
	for _, tc := range []struct {
		name string
		cond rules.Condition
		want bool // the AP badge written
	}{
		{"standing", rules.Fine, true},
		{"stunned", rules.Stunned, true},
		{"unconscious", rules.Unconscious, false},
		{"dead", rules.Dead, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := demoPlay(t)
			f := p.st.Figures["zeke"]
			f.Condition, f.AP = tc.cond, 37 // no other text on the map reads 37
			if down := p.st.Body("zeke").Down; down == tc.want {
				t.Fatalf("Zeke %s: Body.Down %v", tc.name, down)
			}
			g := &Game{play: *p, w: 1920, h: 1080}
			g.fit()
			got := false
			for _, s := range readTable(t, g) {
				got = got || s.text == "37"
			}
			if got != tc.want {
				t.Errorf("Zeke %s with 37 AP: his AP badge written %v, want %v", tc.name, got, tc.want)
			}
		})
	}
}
