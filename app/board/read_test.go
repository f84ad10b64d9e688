package board

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
)

// tableGame is the Judge's map window on the demo fight filling a
// 1920×1080 monitor at table scale scale (fitted, the whole map, at 1;
// zoomed as the scale's keys zoom above it), mid-fight: Cyril selected, Jeb
// hidden, Zeke just hit by Cyril (the result up), a refusal in the status
// bar, and the pointer's tip on Zeke.
func tableGame(t *testing.T, scale float64) *Game {
	t.Helper()
	return tableGameIn(t, scale, 1920, 1080)
}

// tableGameIn is tableGame in a window w×h.
func tableGameIn(t *testing.T, scale float64, w, h int) *Game {
	t.Helper()
	p := demoPlay(t)
	st := p.st
	st.Figures["jeb"].Hidden = true
	c := newConn("ws://test", "t")
	c.status, c.role = "", string(session.RoleJudge)
	g := &Game{conn: c, play: *p, w: w, h: h}
	g.scale.value = scale
	g.fit()
	if scale != 1 {
		// A larger scale zooms past the fit, as its keys do.
		g.layout = g.readable(g.layout, float64(buttonH+buttonPad))
	}
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

// TestTheFitShowsTheWholeMap: F fits the whole demo street in the window,
// on a 1920×1080 monitor and in a small window, at every table scale: a
// Judge sees every hex (the initials narrow, then shrink, to fit a small
// hex; the table scale's keys zoom past the fit).
func TestTheFitShowsTheWholeMap(t *testing.T) {
	for _, win := range [][2]int{{1920, 1080}, {960, 600}} {
		for _, scale := range []float64{1, 1.5, 2} {
			t.Run(fmt.Sprintf("%d×%d at %.2f", win[0], win[1], scale), func(t *testing.T) {
				p := demoPlay(t)
				g := &Game{play: *p, w: win[0], h: win[1]}
				g.scale.value = scale
				g.fit()
				top, bottom := float64(buttonH+buttonPad), float64(g.h-g.barH())
				for _, h := range p.st.Map.Hexes() {
					c := g.layout.ToPixel(h)
					if c.X < 0 || c.X > float64(g.w) || c.Y < top || c.Y > bottom {
						t.Fatalf("hex %s is drawn at (%.0f, %.0f), off the map's area (0..%d, %.0f..%.0f) at hex size %.1f",
							p.st.Map.Label(h), c.X, c.Y, g.w, top, bottom, g.layout.Size)
					}
				}
			})
		}
	}
}

// crowdedGame is the Judge's map window on crowdedStreet filling a
// 1920×1080 monitor at table scale scale, as the street-tagged scene
// shows it: Cyril aiming west, a hit of 8 wounds on Miranda and a miss
// on Cyril up.
func crowdedGame(t *testing.T, scale float64) *Game {
	t.Helper()
	f, err := crowdedStreet()
	if err != nil {
		t.Fatal(err)
	}
	st, err := f.State()
	if err != nil {
		t.Fatal(err)
	}
	c := newConn("ws://test", "t")
	c.status, c.role = "", string(session.RoleJudge)
	g := &Game{conn: c, play: play{st: st}, w: 1920, h: 1080}
	g.scale.value = scale
	g.fit()
	if scale != 1 {
		g.layout = g.readable(g.layout, float64(buttonH+buttonPad))
	}
	g.play.selected = "cyril"
	g.play.attack()
	g.showResult(session.Event{Kind: session.EventActed, Figure: "zeke", Targets: []string{"miranda", "cyril"},
		Outcomes: []session.Outcome{{Target: "miranda", Hit: true, Damage: "8 wounds"}, {Target: "cyril"}}})
	return g
}

// TestTheWindowPlacesNothingOverATokenOrAWord draws the map window and
// checks what its placer laid out (the base's tags, badges, labels,
// rulers, range labels and loose weapons' names, and the result's tags
// over them): no box covers a token's disc or another box, and the named
// cases are all drawn (Jeb's "1 wound" beside Cyril, "HIT: 8 wounds"
// beside Miranda, MISS beside Jeb's tag, three hidden Zekes' tags, the
// knife's name on Main Street's hex, a TN label at the map's edge).
func TestTheWindowPlacesNothingOverATokenOrAWord(t *testing.T) {
	for _, tc := range []struct {
		name  string
		game  func(*testing.T, float64) *Game
		scale float64
		want  []string // words the window must have written
	}{
		{"the table mid-fight", tableGame, 1, []string{"HIT head: 2 wounds, 4 Conc", "hidden", "Main Street"}},
		{"the table mid-fight at scale 2", tableGame, 2, []string{"HIT head: 2 wounds, 4 Conc", "hidden"}},
		{"the crowded street", crowdedGame, 1, []string{"1 wound", "HIT: 8 wounds", "MISS", "hidden", "throwing knife", "Main Street", "TN 6", "TN 7"}},
		// Zoomed about the window's middle to fit "ZP2" in its token, the
		// street's west end is tight: the hit's tag may be cut as the
		// placer cuts a word with no room ("HIT: 8 w…"; the result's
		// panel says it whole).
		{"the crowded street at scale 1.5", crowdedGame, 1.5, []string{"1 wound", "HIT: 8 w", "MISS"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.game(t, tc.scale)
			seen := readTable(t, g)
			for _, w := range tc.want {
				found := false
				for _, s := range seen {
					found = found || strings.HasPrefix(s.text, w)
				}
				if !found {
					t.Errorf("the window never wrote %q (it wrote %v)", w, seen)
				}
			}
			if g.place == nil || g.placeOver == nil {
				t.Fatalf("the window laid out nothing: place %v, the result's %v", g.place, g.placeOver)
			}
			if msg := placedClear(g.place); msg != "" {
				t.Errorf("on the base, of %d boxes: %s", len(g.place.placed), msg)
			}
			if msg := placedClear(g.placeOver); msg != "" {
				t.Errorf("with the result's tags, of %d boxes: %s", len(g.placeOver.placed), msg)
			}
		})
	}
}

// TestTheTipKeepsOffEveryWordAndToken: the pointer's tip, resting on
// each figure of the crowded street and the table mid-fight in turn,
// covers no token (its own neither), and no word or badge the placer laid out
// (tags, labels, rulers, range labels, the result's tags).
func TestTheTipKeepsOffEveryWordAndToken(t *testing.T) {
	for _, tc := range []struct {
		name string
		game func(*testing.T, float64) *Game
	}{{"the table mid-fight", tableGame}, {"the crowded street", crowdedGame}} {
		g0 := tc.game(t, 1)
		for _, id := range g0.play.st.Order {
			t.Run(tc.name+", on "+id, func(t *testing.T) {
				g := tc.game(t, 1)
				f := g.play.st.Figures[id]
				g.hover, g.hoverOK, g.tipOn = f.At, true, true
				readTable(t, g)
				tip := g.tipAt
				if tip.Empty() {
					t.Fatalf("no tip drawn on %s", id)
				}
				for _, d := range g.placeOver.discs { // its own too
					if d.overlaps(tip) {
						t.Errorf("the tip %v covers the token at (%.0f, %.0f)", tip, d.c.X, d.c.Y)
					}
				}
				for _, q := range slices.Concat(g.placeOver.fixed, g.placeOver.placed) {
					if tip.Overlaps(q) {
						t.Errorf("the tip %v covers the box %v", tip, q)
					}
				}
			})
		}
	}
}

// TestASmallerWindowWritesSmaller: the map's text stands 24 px times the
// table scale in a window the size of a 1080-line table monitor
// (fullscreen, or maximised below a title bar and a panel), and in
// proportion to the window below it (never under half): a Judge's
// 1280×800 window and a 960×600 scene keep their words from swamping the
// map. The status bar and the tokens' least size go with the text.
func TestASmallerWindowWritesSmaller(t *testing.T) {
	for _, tc := range []struct {
		name  string
		w, h  int
		scale float64
		want  float64 // the least capitals, px
	}{
		{"the table monitor, fullscreen", 1920, 1080, 1, 24},
		{"the table monitor, maximised", 1920, 1017, 1, 24},
		{"the table monitor at scale 2", 1920, 1080, 2, 48},
		{"a Judge's window", 1280, 800, 1, 24 * 0.8},
		{"a scene's window", 960, 600, 1, 24 * 0.6},
		{"a scene's window at scale 2", 960, 600, 2, 48 * 0.6},
		{"a tiny window", 640, 400, 1, 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tableGameIn(t, tc.scale, tc.w, tc.h)
			if got := capHeight(g.minText(), true); got < tc.want-0.01 || got > tc.want+0.5 {
				t.Errorf("%d×%d at table scale %.2f: the least text's capitals stand %.2f px, want %.1f", tc.w, tc.h, tc.scale, got, tc.want)
			}
			if got, want := g.barH(), barHeightFor(textFor(tc.want)); got != want {
				t.Errorf("%d×%d at table scale %.2f: the status bar is %d px high, want %d", tc.w, tc.h, tc.scale, got, want)
			}
			seen := readTable(t, g)
			if len(seen) < 20 {
				t.Fatalf("the census saw %d texts: %v", len(seen), seen)
			}
			// A token's initials narrow, then shrink, to fit a hex the
			// fit made small (TestTheFitShowsTheWholeMap); every other
			// word stands the window's size.
			initials := map[string]bool{}
			for id := range g.play.st.Figures {
				initials[g.play.st.FigureInitials(id)] = true
			}
			for _, s := range seen {
				if !initials[s.text] && s.cap < tc.want-0.01 {
					t.Errorf("%d×%d: %q stands %.1f px, below the window's %.1f", tc.w, tc.h, s.text, s.cap, tc.want)
					break
				}
			}
			if seen[0].cap > tc.want+0.5 {
				t.Errorf("%d×%d: the smallest text, %q, stands %.1f px: want the window's %.1f", tc.w, tc.h, seen[0].text, seen[0].cap, tc.want)
			}
		})
	}
}

// TestTheReadableZoomFitsNumberedInitials: the zoom the table scale's
// keys go to fits the widest token's letters as the token writes them,
// a copy's number and all ("ZP12"), not its sheet's initials ("ZP").
func TestTheReadableZoomFitsNumberedInitials(t *testing.T) {
	for _, n := range []int{2, 12} {
		t.Run(fmt.Sprintf("copy %d", n), func(t *testing.T) {
			st := demoPlay(t).st
			st.Figures["zeke"].Number = n
			got := st.FigureInitials("zeke")
			if want := "ZP" + fmt.Sprint(n); got != want {
				t.Fatalf("Zeke's initials read %q, want %q", got, want)
			}
			px := textFor(mapCap)
			wide := textWidth(got, face(px, true))
			// The hex size at which got, narrowed to leastWide, fills
			// initialsFill of the token's disc (0.84 of the hex).
			need := wide * leastWide / (2 * initialsFill) / 0.84
			if hex := readableHex(st, px); hex < need {
				t.Errorf("readableHex with Zeke numbered %d is %.1f px: %q needs %.1f", n, hex, got, need)
			}
		})
	}
}
