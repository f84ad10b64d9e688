package board

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/rules"
)

// dicePrompt asks, in the window, for the dice of a command: one the
// session refused for want of them (table dice: the reply's needs), or,
// where a player rolls their own dice, one whose preview lists the
// player's figure's rolls (My dice). The player types the faces and the
// cards; Enter sends the command again with them, Esc calls it off. A
// refusal of the dice typed ("a d10 cannot show 11") shows in it, to be
// put right.
type dicePrompt struct {
	cmd   session.Command // the command, without dice
	needs []string        // the rolls to make, as the session words them
	// own: the player's own dice, asked before the command was sent (My
	// dice); else the table dice the session asked for.
	own     bool
	typed   []rune
	err     string // why the last try was refused, or what is wrong with the typing
	waiting bool   // sent with the dice; the session has not answered yet
	sent    session.Command
}

// askDice opens the dice prompt for cmd, which needs the rolls needs.
func (g *Game) askDice(cmd session.Command, needs []string, own bool) {
	cmd.Dice, cmd.Cards = nil, nil
	g.dice = &dicePrompt{cmd: cmd, needs: needs, own: own}
	g.hoverOK, g.tipOn, g.pressed, g.dragging, g.dragFig = false, false, false, false, ""
	g.diceN++
	if g.dev.touch {
		g.say("Roll the dice, tap them in on the keys and Use these · Call off lets go.", false)
	} else {
		g.say("Roll the dice, type them and press Enter · Esc calls it off.", false)
	}
}

// takeResult lets the dice prompt take a command's result (in.cmd, the
// command it answers): a refusal for want of dice opens it; the answer to
// the dice it sent closes it, or shows why they were refused. It reports
// whether it took the message.
func (g *Game) takeResult(in inMsg) bool {
	m, cmd := in.msg, in.cmd
	if m.Type != transport.MsgResult && m.Type != transport.MsgError || cmd == nil {
		return false
	}
	if p := g.dice; p != nil && p.waiting && reflect.DeepEqual(*cmd, p.sent) {
		p.waiting = false
		g.diceN++
		if m.OK && m.Error == "" {
			g.dice = nil // the events say what the dice did
			return true
		}
		p.err = "Refused: " + m.Error + " — check the dice and cards and try again."
		if len(m.Needs) > 0 {
			p.needs = m.Needs
		}
		return true
	}
	if m.Type == transport.MsgResult && !m.OK && m.Code == transport.ErrRefused && len(m.Needs) > 0 && len(cmd.Dice) == 0 && len(cmd.Cards) == 0 {
		g.askDice(*cmd, m.Needs, false)
		return true
	}
	return false
}

// typeDice adds typed text to the prompt's field.
func (g *Game) typeDice(s string) {
	if g.dice == nil || g.dice.waiting || s == "" {
		return
	}
	g.dice.typed = append(g.dice.typed, []rune(s)...)
	if len(g.dice.typed) > maxDiceTyped {
		g.dice.typed = g.dice.typed[:maxDiceTyped]
	}
	g.diceN++
}

// maxDiceTyped bounds the prompt's field: more than any command's dice.
const maxDiceTyped = 400

// eraseDice takes the last character off the prompt's field.
func (g *Game) eraseDice() {
	if p := g.dice; p != nil && !p.waiting && len(p.typed) > 0 {
		p.typed = p.typed[:len(p.typed)-1]
		g.diceN++
	}
}

// sendDice sends the prompt's command with the dice and cards typed.
func (g *Game) sendDice() {
	p := g.dice
	if p == nil || p.waiting {
		return
	}
	g.diceN++
	dice, cards, err := parseRolls(string(p.typed))
	if err != nil {
		p.err = err.Error()
		return
	}
	c := p.cmd
	c.Dice, c.Cards = dice, cards
	if !g.conn.send(c) {
		p.err = "Not connected to the session: the dice were not sent; try again once it is back."
		return
	}
	p.sent, p.waiting, p.err = c, true, ""
}

// callOffDice closes the prompt without sending: nothing is rolled.
func (g *Game) callOffDice() {
	if g.dice == nil {
		return
	}
	g.dice = nil
	g.diceN++
	g.say("Called off: nothing was rolled.", false)
}

// parseRolls reads the dice and cards typed in the prompt: numbers are
// the dice's faces in order, anything else the cards drawn, named as the
// console takes them (Q♠, QS, 10H, red joker, q of spades); spaces and
// commas part them: "5 3 8, AS".
func parseRolls(s string) (dice []int, cards []string, err error) {
	words := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '\t' })
	deck := rules.Cards()
	for i := 0; i < len(words); {
		w := words[i]
		if n, err := strconv.Atoi(w); err == nil {
			if n < 1 || n > 1000 {
				return nil, nil, fmt.Errorf("%q is not a die's face: type each die as the number it shows.", w)
			}
			dice = append(dice, n)
			i++
			continue
		}
		// A card's name may be a few words ("red joker", "q of spades"):
		// the longest run of words from here that names one.
		found := 0
		for j := min(len(words), i+3); j > i && found == 0; j-- {
			if _, err := rules.FindCard(deck, strings.Join(words[i:j], " ")); err == nil {
				found = j - i
			}
		}
		if found == 0 {
			return nil, nil, fmt.Errorf("%q is neither a die's face nor a card: name a card as Q♠, QS, 10H or red joker.", w)
		}
		card, _ := rules.FindCard(deck, strings.Join(words[i:i+found], " "))
		cards = append(cards, card.ID)
		i += found
	}
	if len(dice) == 0 && len(cards) == 0 {
		return nil, nil, fmt.Errorf("Type the dice rolled (and the cards drawn, if any).")
	}
	return dice, cards, nil
}

// updateDice is the input while the prompt is open: typing, Backspace
// (held, it repeats), Enter sends, Esc calls it off; its buttons, by a
// click or a tap.
func (g *Game) updateDice() {
	touched, _ := g.readFingers(g.diceGesture)
	g.typeDice(string(ebiten.AppendInputChars(nil)))
	if d := inpututil.KeyPressDuration(ebiten.KeyBackspace); d == 1 || d > 25 && d%3 == 0 {
		g.eraseDice()
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter):
		g.sendDice()
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape):
		g.callOffDice()
	case !touched && inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft):
		pressButton(g.diceButtons(), g.cursor)
	}
}

// diceGesture answers a gesture over the prompt: a tap presses the
// button under it, as a click does.
func (g *Game) diceGesture(ge gesture, _ time.Time) {
	if ge.kind == gestureTap {
		pressButtonAt(g.diceButtons(), ge.at)
	}
}

// toggleMyDice answers M in a player's window where the fight lets
// players roll their own dice and the session rolls otherwise: on, each
// command that rolls the player's figure's dice asks for them first.
func (g *Game) toggleMyDice() {
	if !g.offersMyDice() {
		if st := g.play.st; st != nil && !g.judge() && !st.Options.TableDice {
			g.say("The session rolls the dice in this fight: the Judge may let players roll their own (the console's Fight tab).", false)
		}
		return
	}
	g.myDice = !g.myDice
	g.diceN++
	if g.myDice {
		g.say("My dice: your figures' rolls ask for your own dice before they are made · M again: the session rolls them.", false)
	} else {
		g.say("The session rolls your figures' dice again.", false)
	}
}

// offersMyDice reports whether the window offers My dice: a player's,
// in a fight that lets players roll their own dice without table dice
// (under table dice every roll asks for its dice anyway).
func (g *Game) offersMyDice() bool {
	st := g.play.st
	return st != nil && !g.judge() && st.Options.PlayerDice && !st.Options.TableDice
}

// asksOwnDice opens the prompt in place of sending cmd when My dice is on
// and the command rolls the player's figure's dice: its preview (which
// stops before the first roll, as the session decides) lists them. It
// reports whether it did.
func (g *Game) asksOwnDice(cmd session.Command) bool {
	if !g.myDice || !g.offersMyDice() || len(cmd.Dice) > 0 || len(cmd.Cards) > 0 {
		return false
	}
	p := g.play.st.Preview(g.seat(), cmd)
	if p.Err != nil || len(p.Own) == 0 {
		return false // the session says why, or rolls nothing of the figure's
	}
	g.askDice(cmd, p.Own, true)
	return true
}

// diceWhat names the prompt's command for its heading: "Cyril
// Wellington: shoot at Zeke Perkins", "new round".
func diceWhat(st *session.State, c session.Command) string {
	what := strings.ReplaceAll(c.Kind, "_", " ")
	var targets []string
	for _, s := range c.Shots {
		targets = append(targets, s.Target)
	}
	if c.Blow != nil {
		targets = append(targets, c.Blow.Target)
	}
	if c.Target != "" {
		targets = append(targets, c.Target)
	}
	if st != nil {
		for i, t := range targets {
			if _, ok := st.Figures[t]; ok {
				targets[i] = st.FigureName(t)
			}
		}
	}
	if len(targets) > 0 {
		what += " at " + strings.Join(targets, ", ")
	}
	if c.Figure != "" && st != nil {
		if _, ok := st.Figures[c.Figure]; ok {
			return st.FigureName(c.Figure) + ": " + what
		}
	}
	return capitalize(what)
}

// The dice prompt's layout.
const (
	diceLine = 22 // a line of the needs
	diceMost = 12 // lines of needs shown; more are summed up
)

// diceLayout is where the prompt's parts go: its box, the lines of needs,
// the field, the line under it.
type diceLayout struct {
	box   image.Rectangle
	needs []string
	field image.Rectangle
	note  []string
	noteC color.RGBA
}

// diceK is the prompt's size in this window: 1 on a desktop, the
// screen's pixels to a CSS pixel under touch (read at a phone's arm's
// length as the desktop's at a monitor's).
func (g *Game) diceK() float64 {
	if g.dev.touch {
		return g.dev.px()
	}
	return 1
}

// diceLayout lays the prompt out over the map's area.
func (g *Game) diceLayout() diceLayout {
	p := g.dice
	k := g.diceK()
	n := func(v float64) int { return int(math.Round(v * k)) }
	top := n(buttonH + buttonPad)
	w := min(n(760), g.w-n(40))
	if g.dev.touch {
		w = g.w - n(16) // a phone's width is the prompt's
	}
	inner := float64(w - n(40))
	var l diceLayout
	for _, need := range p.needs {
		for i, line := range wrapWords(need, face(16*k, false), inner-18*k) {
			if i == 0 {
				line = "• " + line
			} else {
				line = "   " + line
			}
			l.needs = append(l.needs, line)
		}
	}
	if len(l.needs) > diceMost {
		more := len(l.needs) - (diceMost - 1)
		l.needs = append(l.needs[:diceMost-1], fmt.Sprintf("   … and %d more lines: widen the window to read them all", more))
	}
	switch {
	case p.waiting:
		l.note, l.noteC = []string{"Sent: waiting for the session…"}, colDim
	case p.err != "":
		l.note, l.noteC = wrapWords(p.err, face(15*k, false), inner), colBad
		if len(l.note) > 3 {
			l.note = l.note[:3]
		}
	case g.dev.touch:
		l.note, l.noteC = wrapWords("The dice in the order listed, then the cards: 9, 2, 7, Q♠ · Use these sends them", face(15*k, false), inner), colDim
	default:
		l.note, l.noteC = []string{"The dice in the order listed, then the cards: 9 2 7, Q♠ · Enter sends them · Esc calls it off"}, colDim
	}
	keys := 0
	if g.dev.touch {
		keys = len(diceKeys(inner, g.buttonStyle())) // rows of the keypad
	}
	st := g.diceStyle()
	h := n(100) + len(l.needs)*n(diceLine) + n(14) + n(40) + n(12) + len(l.note)*n(20) + n(16) + keys*(st.h+st.pad) + st.h + n(16)
	area := image.Rect(0, top, g.w, g.h-g.barH())
	cx, cy := g.w/2, top+area.Dy()/2
	l.box = image.Rect(cx-w/2, cy-h/2, cx+w/2, cy+h/2)
	if l.box.Min.Y < top+4 {
		l.box = l.box.Add(image.Pt(0, top+4-l.box.Min.Y))
	}
	y := l.box.Min.Y + n(100) + len(l.needs)*n(diceLine) + n(14)
	l.field = image.Rect(l.box.Min.X+n(20), y, l.box.Max.X-n(20), y+n(40))
	return l
}

// diceStyle is the prompt's buttons' style: the desktop's, or a thumb's.
func (g *Game) diceStyle() barStyle {
	if g.dev.touch {
		return g.buttonStyle()
	}
	return barStyle{h: buttonH, pad: 10, font: 15, margin: 28}
}

// diceKeyRow are the keys of the keypad a phone's prompt has for want of
// a keyboard: the dice's faces, the cards' ranks and suits, the comma
// between two rolls, and Del (the font has no ⌫).
var diceKeyRow = []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "0", ",", "A", "K", "Q", "J", "♠", "♥", "♦", "♣", "Del"}

// diceKeys cuts the keypad into rows of as many keys as width holds in
// style st.
func diceKeys(width float64, st barStyle) [][]string {
	per := max(1, int((width+float64(st.pad))/float64(st.least+st.pad)))
	var rows [][]string
	for keys := diceKeyRow; len(keys) > 0; {
		m := min(per, len(keys))
		rows, keys = append(rows, keys[:m]), keys[m:]
	}
	return rows
}

// diceButtons lays out the prompt's buttons along the foot of its box,
// and, under touch, its keypad above them.
func (g *Game) diceButtons() []button {
	if g.dice == nil {
		return nil
	}
	bs := []button{
		{label: "Use these (Enter)", active: true, act: g.sendDice},
		{label: "Call off (Esc)", act: g.callOffDice},
	}
	l := g.diceLayout()
	if !g.dev.touch {
		return placeAtFoot(bs, l.box)
	}
	for i := range bs {
		bs[i].label = withoutKey(bs[i].label)
	}
	st := g.diceStyle()
	k := g.diceK()
	inner := l.box.Inset(int(math.Round(20 * k)))
	foot := inner.Max.Y - st.h
	placeButtons(bs, inner.Dx(), true, st)
	for i := range bs {
		bs[i].r = bs[i].r.Add(image.Pt(inner.Min.X, foot-bs[i].r.Min.Y))
	}
	rows := diceKeys(float64(inner.Dx()), st)
	y := foot - len(rows)*(st.h+st.pad)
	for _, row := range rows {
		x := inner.Min.X
		for _, key := range row {
			bs = append(bs, button{label: key, r: image.Rect(x, y, x+st.least, y+st.h), act: g.diceKey(key)})
			x += st.least + st.pad
		}
		y += st.h + st.pad
	}
	return bs
}

// diceKey is what the keypad's key does: Del takes the last character
// back, a comma parts two rolls, a suit ends a card, anything else is
// typed.
func (g *Game) diceKey(key string) func() {
	switch key {
	case "Del":
		return g.eraseDice
	case ",":
		return func() { g.typeDice(", ") }
	}
	return func() { g.typeDice(key) }
}

// drawDice draws the prompt over the map.
func (g *Game) drawDice(dst *ebiten.Image) {
	p := g.dice
	if p == nil || g.replay.on() {
		return
	}
	l := g.diceLayout()
	dst.SubImage(l.box).(*ebiten.Image).Fill(colSelect)
	dst.SubImage(l.box.Inset(2)).(*ebiten.Image).Fill(colPrompt)
	k := g.diceK()
	x, width := float64(l.box.Min.X)+20*k, float64(l.box.Dx())-40*k
	y := float64(l.box.Min.Y)
	title, roll := "Table dice", "Roll at the table:"
	if p.own {
		title, roll = "Your own dice", "Roll your own dice:"
	}
	head := title + " · " + diceWhat(g.play.st, p.cmd)
	if g.dev.touch { // a phone's width: the command alone ("Roll at the table" says whose dice)
		head = diceWhat(g.play.st, p.cmd)
	}
	hs := 20 * k
	if g.dev.touch {
		hs = thumbText * k
	}
	say(dst, fit(head, face(hs, true), width), face(hs, true), x, y+34*k, colText, false)
	say(dst, roll, face(16*k, true), x, y+74*k, colText, false)
	for i, line := range l.needs {
		say(dst, line, face(16*k, false), x, y+(100+float64(i*diceLine))*k, colText, false)
	}
	dst.SubImage(l.field).(*ebiten.Image).Fill(colSelect)
	dst.SubImage(l.field.Inset(2)).(*ebiten.Image).Fill(colBar)
	fy := float64(l.field.Min.Y+l.field.Max.Y) / 2
	ff := face(18*k, false)
	typed := string(p.typed)
	fieldW := float64(l.field.Dx()) - 30*k
	if textWidth(typed, ff) > fieldW { // the end of a long line shows
		rs := []rune(typed)
		for len(rs) > 1 && textWidth("…"+string(rs), ff) > fieldW {
			rs = rs[1:]
		}
		typed = "…" + string(rs)
	}
	tx := float64(l.field.Min.X) + 12*k
	if len(p.typed) == 0 && !p.waiting {
		say(dst, "the dice, then the cards: 5 3 8, AS", ff, tx+6*k, fy, colDim, false)
	} else {
		say(dst, typed, ff, tx, fy, colText, false)
	}
	if !p.waiting { // the caret, after what is typed
		cx := int(tx + textWidth(typed, ff) + 2*k)
		dst.SubImage(image.Rect(cx, l.field.Min.Y+int(9*k), cx+int(math.Ceil(2*k)), l.field.Max.Y-int(9*k))).(*ebiten.Image).Fill(colSelect)
	}
	for i, line := range l.note {
		say(dst, line, face(15*k, false), x, float64(l.field.Max.Y)+(22+float64(i*20))*k, l.noteC, false)
	}
	paintButtonsIn(dst, g.diceButtons(), nil, g.diceStyle().font)
	g.damage = append(g.damage, l.box)
}
