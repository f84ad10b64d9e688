package board

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
)

// tableGame is the Judge's map window on the demo fight filling a
// 1920×1080 monitor at table scale scale, mid-fight: Cyril selected, Jeb
// hidden, Zeke just hit by Cyril (the result up), a refusal in the status
// bar, and the pointer's tip on Zeke.
func tableGame(t *testing.T, scale float64) *Game {
	t.Helper()
	p := demoPlay(t)
	st := p.st
	st.Figures["jeb"].Hidden = true
	c := newConn("ws://test", "t")
	c.status, c.role = "", string(session.RoleJudge)
	g := &Game{conn: c, play: *p, w: 1920, h: 1080}
	g.scale.value = scale
	g.fit()
	g.play.selected = "cyril"
	g.showResult(session.Event{Kind: session.EventActed, Figure: "cyril", Targets: []string{"zeke"},
		Outcomes: []session.Outcome{{Target: "zeke", Hit: true, Location: "head", Damage: "2 wounds, 4 Conc"}}})
	g.say("Refused: Zeke Perkins is out of Cyril Wellington's sight", true)
	g.hover, g.hoverOK, g.tipOn = st.Figures["zeke"].At, true, true
	return g
}

// textSeen is a text the map window wrote and the height of its capitals.
type textSeen struct {
	text string
	cap  float64
}

// readTable draws g's frame and returns every text written in it (the
// action bar's buttons left out: the Judge's controls, read up close),
// smallest capitals first.
func readTable(t *testing.T, g *Game) []textSeen {
	t.Helper()
	buttons := map[string]bool{}
	for _, b := range g.buttons() {
		buttons[b.label] = true
	}
	var seen []textSeen
	textCensus = func(s string, capPx float64) {
		if !buttons[s] {
			seen = append(seen, textSeen{s, capPx})
		}
	}
	defer func() { textCensus = nil }()
	// Fresh sprites and tags: the census sees every text drawn.
	g.sprites, g.tags = sprites{}, nil
	screen := ebiten.NewImage(g.w, g.h)
	defer screen.Deallocate()
	g.Draw(screen)
	sort.SliceStable(seen, func(i, j int) bool { return seen[i].cap < seen[j].cap })
	return seen
}

// TestTableTextReadsFromTwoMetres: on the demo fight filling a 1920×1080
// monitor mid-fight, every text the map window writes (initials, AP
// badges, tags, map labels, rulers, the result's tags and panel, the
// status line and its refusal, the tip) stands its capitals at least 24 px
// tall at the default table scale, and 24 px times the scale above it.
func TestTableTextReadsFromTwoMetres(t *testing.T) {
	for _, scale := range []float64{1, 1.5, 2, 3} {
		t.Run(fmt.Sprintf("scale %.2f", scale), func(t *testing.T) {
			g := tableGame(t, scale)
			seen := readTable(t, g)
			if len(seen) < 20 {
				t.Fatalf("the census saw %d texts: %v", len(seen), seen)
			}
			want := 24*scale - 0.01
			var small []string
			done := map[string]bool{}
			for _, s := range seen {
				if s.cap < want && !done[s.text] {
					done[s.text] = true
					small = append(small, fmt.Sprintf("%q %.1f px", s.text, s.cap))
				}
			}
			if len(small) > 0 {
				t.Errorf("at hex size %.1f, %d texts stand below %.0f px caps: %s", g.layout.Size, len(small), want, strings.Join(small, "; "))
			}
			t.Logf("scale %.2f: hex %.1f px, smallest capitals %.1f px (%q)", scale, g.layout.Size, seen[0].cap, seen[0].text)
		})
	}
}

// TestTableScaleGrowsTheTokensWithTheText: a larger table scale draws the
// tokens larger on the screen (the map's zoom follows the text), so that
// the initials fill their disc at the scale's size and badges do not
// clump.
func TestTableScaleGrowsTheTokensWithTheText(t *testing.T) {
	var last float64
	for _, scale := range []float64{1, 1.5, 2, 3} {
		g := tableGame(t, scale)
		r := tokenRadius(g.layout.Size, g.minText())
		if r <= last*1.2 {
			t.Errorf("at table scale %.2f a token's radius is %.1f px, at the step before %.1f: want it to grow with the scale", scale, r, last)
		}
		last = r
	}
	_ = math.Max
}
