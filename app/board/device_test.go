package board

import (
	"fmt"
	"testing"
)

// handhelds are the screens a player holds: CSS pixels and how many
// device pixels make one.
var handhelds = []struct {
	name string
	w, h int
	dpr  float64
}{
	{"phone 390×844 @3", 390, 844, 3},
	{"phone 390×844 @1", 390, 844, 1},
	{"tablet 820×1180 @2", 820, 1180, 2},
	{"phone landscape 844×390 @2", 844, 390, 2},
}

// phoneGame is tableGameIn on a handheld: touch, its CSS size times its
// pixel ratio.
func phoneGame(t *testing.T, w, h int, dpr float64) *Game {
	t.Helper()
	g := tableGameIn(t, 1, int(float64(w)*dpr), int(float64(h)*dpr))
	g.dev = device{touch: true, dpr: dpr}
	g.fit()
	return g
}

// TestAPhoneReadsAtArmsLength: on a phone or a tablet every text of the
// map window stands at least 14 CSS px (a body text's size: capitals of
// 10 px), the status bar's two lines and the action bar's labels 16; the
// action bar's buttons are at least 44×44 CSS px, inside the screen, none
// over another.
func TestAPhoneReadsAtArmsLength(t *testing.T) {
	for _, hh := range handhelds {
		t.Run(hh.name, func(t *testing.T) {
			g := phoneGame(t, hh.w, hh.h, hh.dpr)
			k := hh.dpr
			for _, s := range readTable(t, g) {
				if css := s.cap / k / capRatio; css < 14-0.01 {
					t.Errorf("%q written at %.1f CSS px (capitals %.1f device px), want at least 14", s.text, css, s.cap)
				}
			}
			if css := g.minText() / k; css < 16-0.01 {
				t.Errorf("the status bar's text is %.1f CSS px, want at least 16", css)
			}
			g.play.selected = "cyril" // the bar at its fullest: a figure's actions
			bs := g.buttons()
			if len(bs) < 4 {
				t.Fatalf("only %d buttons for a selected figure", len(bs))
			}
			if css := g.buttonStyle().font / k; css < 16-0.01 {
				t.Errorf("button labels at %.1f CSS px, want at least 16", css)
			}
			for i, b := range bs {
				w, h := float64(b.r.Dx())/k, float64(b.r.Dy())/k
				if w < 44 || h < 44 {
					t.Errorf("button %q is %.0f×%.0f CSS px, want at least 44×44", b.label, w, h)
				}
				if b.r.Min.X < 0 || b.r.Max.X > g.w || b.r.Min.Y < 0 || b.r.Max.Y > g.h-g.barH() {
					t.Errorf("button %q at %v, outside the screen %d×%d above the status bar", b.label, b.r, g.w, g.h)
				}
				if tw := textWidth(b.label, face(g.buttonStyle().font, true)); tw > float64(b.r.Dx()) {
					t.Errorf("button %q's label is %.0f px wide in a button %d px wide", b.label, tw, b.r.Dx())
				}
				for _, o := range bs[i+1:] {
					if b.r.Overlaps(o.r) {
						t.Errorf("buttons %q %v and %q %v overlap", b.label, b.r, o.label, o.r)
					}
				}
			}
			if top := g.mapTop(); top < float64(bs[len(bs)-1].r.Max.Y) {
				t.Errorf("the map starts at %.0f px, under the action bar's last row (down to %d)", top, bs[len(bs)-1].r.Max.Y)
			}
		})
	}
}

// TestTheDesktopWindowIsAsItWas: the desktop's text and buttons do not
// change with the touch layout's rules (the e2e scenes' goldens hold them
// too).
func TestTheDesktopWindowIsAsItWas(t *testing.T) {
	for _, tc := range []struct{ w, h int }{{1920, 1080}, {1280, 800}, {390, 844}} {
		t.Run(fmt.Sprintf("%d×%d", tc.w, tc.h), func(t *testing.T) {
			g := tableGameIn(t, 1, tc.w, tc.h)
			if got, want := g.mapScale(), windowScale(tc.w, tc.h); got != want {
				t.Errorf("map scale %g, want %g", got, want)
			}
			st := g.buttonStyle()
			if st.h != buttonH || st.pad != buttonPad || st.font != 15 {
				t.Errorf("desktop buttons %+v, want %d px high, %d apart, 15 px text", st, buttonH, buttonPad)
			}
			if got := g.mapTop(); got != float64(buttonH+buttonPad) {
				t.Errorf("map top %g, want %d", got, buttonH+buttonPad)
			}
		})
	}
}
