package board

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// button is one button of the on-map action bar: everything the keys do,
// for a player with only a mouse.
type button struct {
	label  string
	r      image.Rectangle
	active bool
	act    func()
	width  int // at least this wide (0: as wide as its label needs)
}

// defenseLabels are the defender's answers' buttons, by State.Defenses'
// defence.
var defenseLabels = map[string]string{session.DefenseBlock: "Block (B)", session.DefenseDodge: "Dodge (O)", session.DefenseNone: "Take it (N)"}

// Action bar geometry.
const (
	buttonH   = 34
	buttonPad = 6
)

// buttons lays out the action bar along the top of the map: what the
// selected figure can do now.
func (g *Game) buttons() []button {
	var bs []button
	add := func(label string, active bool, act func()) {
		bs = append(bs, button{label: label, active: active, act: act})
	}
	p := &g.play
	if t := g.answering(); t != "" { // a blow waits for this seat's answer
		// The answers the defender can give (State.Defenses): a dodge
		// after attacking, or a block without the AP, is not offered.
		for _, d := range p.st.Defenses(t) {
			if d.Err == nil {
				add(defenseLabels[d.Defense], false, func() { g.answer(d.Defense) })
			}
		}
	}
	if p.st != nil && p.selected != "" {
		add("Turn left (Q)", false, func() { g.issue(p.turn(+1)) })
		add("Turn right (E)", false, func() { g.issue(p.turn(-1)) })
		if _, ok := p.offered(session.AttackKeyShoot); ok {
			add("Attack (A)", p.attacking && !p.melee, func() { g.say(p.attack(), false) })
		}
		if _, ok := p.offered(session.AttackKeyMelee); ok {
			add("Hand to hand (H)", p.attacking && p.melee, func() { g.say(p.hand(), false) })
		}
		if p.attacking && len(p.mode.Weapons) > 0 {
			add("Weapon (W)", false, func() { g.say(p.nextWeapon(), false) })
		}
		if p.attacking { // the attack's kinds, as its system names them
			for i, k := range p.mode.Kinds {
				add(fmt.Sprintf("%s (%d)", strings.ToUpper(k.Name[:1])+k.Name[1:], i+1), p.choice.Kind == i, func() { g.say(p.shotKey(i+1), false) })
			}
		}
		if !p.attacking {
			f := p.st.Figures[p.selected]
			for _, a := range []struct {
				kind, label string
				do          func() (*session.Command, string)
			}{
				{session.CommandReady, "Draw (D)", func() (*session.Command, string) { return p.gearAction(session.CommandReady) }},
				{session.CommandCock, "Cock (C)", func() (*session.Command, string) { return p.gearAction(session.CommandCock) }},
				{session.CommandReload, "Load (L)", func() (*session.Command, string) { return p.gearAction(session.CommandReload) }},
				{session.CommandProne, map[bool]string{false: "Prone (P)", true: "Stand (P)"}[f != nil && f.Prone], func() (*session.Command, string) { return p.posture(session.CommandProne) }},
				{session.CommandDuck, map[bool]string{false: "Cover (T)", true: "Emerge (T)"}[f != nil && f.Ducked], func() (*session.Command, string) { return p.posture(session.CommandDuck) }},
			} {
				if p.offers(a.kind) {
					add(a.label, false, func() { g.issue(a.do()) })
				}
			}
			if p.offers(session.CommandBenny) {
				add("Spend a Benny (S)", false, func() { g.issue(p.simple(session.CommandBenny)) })
			}
			if p.offers(session.CommandPickUp) && len(p.st.LooseNear(p.selected)) > 0 {
				add("Pick up (U)", false, func() { g.issue(p.pickUp()) })
			}
		}
		if g.judge() { // only the Judge hides figures from the players
			add(p.hideLabel(), false, g.toggleHidden)
		}
		add("Cancel (Esc)", false, p.cancel)
	}
	if p.st != nil && p.st.Map.Background != nil && p.selected == "" {
		add(g.backdrop.pictureLabel(), false, g.cyclePicture)
		add(map[bool]string{false: "Grid lines (K)", true: "No grid lines (K)"}[g.backdrop.noGrid], !g.backdrop.noGrid, g.toggleGrid)
	}
	if g.judge() && p.st != nil && p.st.Options.FogOn() && p.selected == "" {
		label := "Players' view (Y)"
		if g.fog.players {
			label = "Seen by the " + g.fogSide() + " (Y)"
		}
		add(label, g.fog.players, g.togglePlayersView)
		if g.fog.players {
			add("Fog brush (click)", g.fog.brush, g.toggleFogBrush)
		}
	}
	if label, kind := g.turnButton(); label != "" && p.selected == "" {
		add(label, false, func() { g.nextTurn(kind) })
	}
	if g.offersMyDice() {
		add("My dice (M)", g.myDice, g.toggleMyDice)
	}
	add("Ruler (R)", g.ruler.on, g.toggleRuler)
	if g.judge() { // undo is the Judge's; the players' windows do not offer it
		add("Undo", false, func() { g.issue(&session.Command{Kind: session.CommandUndo}, "") })
	}
	add("Fit (F)", false, g.fit)
	if g.dev.touch {
		for i := range bs {
			bs[i].label = withoutKey(bs[i].label)
		}
	}
	g.barEnd = placeButtons(bs, g.w, true, g.buttonStyle())
	return bs
}

// placeButtons lays bs out along the top edge of a window w wide, in as
// many rows as the width needs, the first buttons in the first row:
// right-aligned (the action bar) or from the left (the editor's
// toolbar). It returns where the last row ends.
func placeButtons(bs []button, w int, right bool, st barStyle) int {
	f := face(st.font, true)
	widths := make([]int, len(bs))
	for i, b := range bs {
		widths[i] = max(b.width, st.least, int(textWidth(b.label, f))+st.margin)
	}
	pad := st.pad
	y := pad
	for from := 0; from < len(bs); {
		to, used := from, pad
		for to < len(bs) && (to == from || used+widths[to]+pad <= w) {
			used += widths[to] + pad
			to++
		}
		x := pad
		if right {
			x = w - used + pad
		}
		for i := from; i < to; i++ {
			bs[i].r = image.Rect(x, y, x+widths[i], y+st.h)
			x += widths[i] + pad
		}
		from, y = to, y+st.h+pad
	}
	return y
}

// buttonAt returns the button under the pointer.
func (g *Game) buttonAt(x, y int) (button, bool) {
	return buttonUnder(g.buttons(), x, y)
}

// buttonUnder returns the button of bs under the point (x, y).
func buttonUnder(bs []button, x, y int) (button, bool) {
	for _, b := range bs {
		if (image.Point{x, y}).In(b.r) {
			return b, true
		}
	}
	return button{}, false
}

// placeAtFoot lays a prompt's buttons bs in a row at the foot of its box,
// to the right, the first leftmost, and returns them.
func placeAtFoot(bs []button, box image.Rectangle) []button {
	f := face(15, true)
	x := box.Max.X - 16
	for i := len(bs) - 1; i >= 0; i-- {
		w := int(textWidth(bs[i].label, f)) + 28
		bs[i].r = image.Rect(x-w, box.Max.Y-16-buttonH, x, box.Max.Y-16)
		x -= w + 10
	}
	return bs
}

// pressButton acts the button of bs under the pointer, read from cursor
// when a test sets it; it reports whether one was under it.
func pressButton(bs []button, cursor func() (int, int)) bool {
	x, y := ebiten.CursorPosition()
	if cursor != nil {
		x, y = cursor()
	}
	return pressButtonAt(bs, hexmap.Point{X: float64(x), Y: float64(y)})
}

// pressButtonAt acts the button of bs under p (a click's or a tap's); it
// reports whether one was under it.
func pressButtonAt(bs []button, p hexmap.Point) bool {
	b, ok := buttonUnder(bs, int(p.X), int(p.Y))
	if ok {
		b.act()
	}
	return ok
}

// drawButtons draws the action bar, and notes its buttons as drawn
// (told outside: drawn.go).
func (g *Game) drawButtons(dst *ebiten.Image, dmg *damage) {
	bs := g.buttons()
	paintButtonsIn(dst, bs, dmg, g.buttonStyle().font)
	g.drawnNow.buttons(bs)
}

// paintButtons draws buttons in the action bar's style: the active ones
// lit.
func paintButtons(dst *ebiten.Image, bs []button, dmg *damage) {
	paintButtonsIn(dst, bs, dmg, desktopBar.font)
}

// paintButtonsIn is paintButtons with labels of text size px.
func paintButtonsIn(dst *ebiten.Image, bs []button, dmg *damage, px float64) {
	f := face(px, true)
	b := batch{dmg: dmg}
	for _, bt := range bs {
		col := color.RGBA{0x18, 0x15, 0x12, 0xe0}
		if bt.active {
			col = color.RGBA{0x90, 0x60, 0x10, 0xf0}
		}
		c := hexmap.Point{X: float64(bt.r.Min.X+bt.r.Max.X) / 2, Y: float64(bt.r.Min.Y+bt.r.Max.Y) / 2}
		b.path(dst, polygon(rect(c, float64(bt.r.Dx()), float64(bt.r.Dy()))), 0, col)
	}
	b.flush(dst)
	for _, bt := range bs {
		say(dst, bt.label, f, float64(bt.r.Min.X+bt.r.Max.X)/2, float64(bt.r.Min.Y+bt.r.Max.Y)/2, colText, true)
	}
}
