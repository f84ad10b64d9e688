package board

import (
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
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
