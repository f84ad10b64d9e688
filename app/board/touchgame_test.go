package board

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// hand is the test's fingers on a map window: what is down, and the
// window's clock.
type hand struct {
	t    *testing.T
	g    *Game
	now  time.Time
	down []touchPoint
}

// touchTable serves the demo fight and opens Ann's map window on it
// (she commands Cyril), its fingers and clock the test's.
func touchTable(t *testing.T) (*session.Session, *Game, *hand) {
	t.Helper()
	s, g, _ := diceTable(t, true, func(*session.FightOptions) {})
	h := &hand{t: t, g: g, now: time.Unix(1_000_000, 0)}
	g.touch.src = func(dst []touchPoint) []touchPoint { return append(dst, h.down...) }
	g.touch.clock = func() time.Time { return h.now }
	return s, g, h
}

// frame runs one update of the window ms after the last, fingers down.
func (h *hand) frame(ms int, fingers ...touchPoint) {
	h.t.Helper()
	h.now = h.now.Add(time.Duration(ms) * time.Millisecond)
	h.down = fingers
	if err := h.g.Update(); err != nil {
		h.t.Fatalf("update: %v", err)
	}
}

// on is a finger with id on hex label's centre.
func (h *hand) on(id int, label string) touchPoint {
	h.t.Helper()
	hx := h.hex(label)
	p := h.g.layout.ToPixel(hx)
	return touchPoint{id: id, x: p.X, y: p.Y}
}

func (h *hand) hex(label string) hexmap.Hex {
	h.t.Helper()
	hx, err := h.g.play.st.Map.ParseHex(label)
	if err != nil {
		h.t.Fatal(err)
	}
	return hx
}

// tap touches hex label and lifts the finger 80 ms later.
func (h *hand) tap(label string) {
	h.t.Helper()
	f := h.on(1, label)
	h.frame(16, f)
	h.frame(80, f)
	h.frame(16)
}

// tapAt touches the window at (x, y) and lifts the finger.
func (h *hand) tapAt(x, y float64) {
	h.frame(16, touchPoint{id: 1, x: x, y: y})
	h.frame(80, touchPoint{id: 1, x: x, y: y})
	h.frame(16)
}

// settle lets the window take what the session sent for a while.
func (h *hand) settle() {
	for range 10 {
		time.Sleep(20 * time.Millisecond)
		h.frame(16)
	}
}

// waitFor updates the window until cond holds.
func (h *hand) waitFor(what string, cond func() bool) {
	h.t.Helper()
	waitUntil(h.t, what, func() bool { h.frame(16); return cond() })
}

// journalMoves are the moves of figure in the session's journal, by the
// hex they went to.
func journalMoves(t *testing.T, s *session.Session, figure string) []hexmap.Hex {
	t.Helper()
	f, err := os.Open(s.JournalPath())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var to []hexmap.Hex
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var e session.Event
		if json.Unmarshal(sc.Bytes(), &e) == nil && e.Kind == session.EventMoved && e.Figure == figure {
			to = append(to, e.To)
		}
	}
	return to
}

// TestTouchTapSelectsThenPreviewsThenMoves: a tap on Cyril selects him;
// a tap on J8 sends nothing and shows the path there and its cost (the
// session's preview); a second tap on J8 moves him, found in the
// session's journal.
func TestTouchTapSelectsThenPreviewsThenMoves(t *testing.T) {
	s, g, h := touchTable(t)
	h.tap("C8")
	if g.play.selected != "cyril" {
		t.Fatalf("a tap on Cyril: selected %q, want cyril", g.play.selected)
	}
	h.tap("J8")
	j8 := h.hex("J8")
	if !g.planOK || g.planFor != j8 || !g.plan.OK() || g.plan.Cost() == "" {
		t.Fatalf("the first tap on J8: plan %+v (ok %v, for %v); want the path to J8 and its cost", g.plan, g.planOK, g.planFor)
	}
	if !strings.Contains(g.message, "J8") || !strings.Contains(g.message, g.plan.Cost()) || !strings.Contains(g.message, "again") {
		t.Errorf("the first tap on J8 says %q; want the path's cost and to tap again", g.message)
	}
	h.settle()
	if got := journalMoves(t, s, "cyril"); len(got) != 0 || s.State().Figures["cyril"].At == j8 {
		t.Fatalf("the first tap on J8 moved Cyril: journal moves %v", got)
	}
	h.tap("J8")
	h.waitFor("Cyril at J8", func() bool { return s.State().Figures["cyril"].At == j8 })
	if got := journalMoves(t, s, "cyril"); len(got) != 1 || got[0] != j8 {
		t.Errorf("the journal's moves of Cyril: %v, want one to J8", got)
	}
}

// TestTouchTapElsewhereMovesThePreview: with a path shown, a tap on
// another hex shows the path there and sends nothing; a tap on the
// selected figure lets it go.
func TestTouchTapElsewhereMovesThePreview(t *testing.T) {
	s, g, h := touchTable(t)
	h.tap("C8")
	h.tap("J8")
	h.tap("H9")
	if g.planFor != h.hex("H9") || !g.planOK {
		t.Fatalf("a tap on H9 after J8: the plan is for %v (ok %v), want H9", g.planFor, g.planOK)
	}
	h.settle()
	if got := journalMoves(t, s, "cyril"); len(got) != 0 {
		t.Fatalf("taps on J8 then H9 moved Cyril: %v", got)
	}
	h.tap("C8")
	if g.play.selected != "" {
		t.Errorf("a tap on the selected Cyril: selected %q, want none", g.play.selected)
	}
}

// TestTouchDragMovesAFigure: a finger put on Cyril and drawn to J8 shows
// the path there while it moves, and lifted there moves him; drawn off
// the map and lifted, it moves nothing.
func TestTouchDragMovesAFigure(t *testing.T) {
	for _, tc := range []struct {
		name  string
		to    func(h *hand) touchPoint
		moved bool
	}{
		{"to J8", func(h *hand) touchPoint { return h.on(3, "J8") }, true},
		{"off the map", func(h *hand) touchPoint { return touchPoint{id: 3, x: 5, y: float64(h.g.h - 5)} }, false},
		{"onto a barrel", func(h *hand) touchPoint { return h.on(3, "B11") }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, g, h := touchTable(t)
			from, to := h.on(3, "C8"), tc.to(h)
			h.frame(16, from)
			mid := touchPoint{id: 3, x: (from.x + to.x) / 2, y: (from.y + to.y) / 2}
			h.frame(16, mid)
			h.frame(16, to)
			if tc.moved && (!g.dragging || g.dragFig != "cyril" || !g.planOK || g.planFor != h.hex("J8") || !g.plan.OK()) {
				t.Fatalf("dragging Cyril to J8: dragging %v %q, plan for %v ok %v", g.dragging, g.dragFig, g.planFor, g.planOK)
			}
			h.frame(16)
			if g.dragging || g.dragFig != "" || g.pressed {
				t.Errorf("after the finger lifted: dragging %v, figure %q, pressed %v", g.dragging, g.dragFig, g.pressed)
			}
			if !tc.moved {
				h.settle()
				if got := journalMoves(t, s, "cyril"); len(got) != 0 {
					t.Fatalf("dropped %s: Cyril moved %v", tc.name, got)
				}
				if !strings.Contains(g.message, "called off") {
					t.Errorf("dropped %s: the bar says %q; want the move called off", tc.name, g.message)
				}
				return
			}
			h.waitFor("Cyril at J8", func() bool { return s.State().Figures["cyril"].At == h.hex("J8") })
		})
	}
}

// TestTouchLongPressPings: a finger held still on a hex pings it, once,
// and its lifting neither selects nor moves.
func TestTouchLongPressPings(t *testing.T) {
	s, g, h := touchTable(t)
	signals, stop := s.SubscribeSignals()
	defer stop()
	f := h.on(1, "P8")
	h.frame(16, f)
	h.frame(300, f)
	h.frame(300, f)
	h.frame(300, f)
	h.frame(16)
	select {
	case sig := <-signals:
		if sig.Ping == nil || *sig.Ping != h.hex("P8") || sig.By != "Ann" {
			t.Fatalf("the session's signal: %+v, want Ann's ping of P8", sig)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no ping came to the session")
	}
	select {
	case sig := <-signals:
		t.Errorf("a second signal: %+v", sig)
	case <-time.After(200 * time.Millisecond):
	}
	if g.play.selected != "" {
		t.Errorf("the long press selected %q", g.play.selected)
	}
}

// TestTouchPinchZoomsAndTwoFingersPan: two fingers drawn apart zoom the
// map about their midpoint by the ratio of their distances, held to the
// wheel's limits; drawn along together, they pan it.
func TestTouchPinchZoomsAndTwoFingersPan(t *testing.T) {
	_, g, h := touchTable(t)
	size, origin := g.layout.Size, g.layout.Origin
	mid := hexmap.Point{X: 640, Y: 400}
	world := hexmap.Point{X: (mid.X - origin.X) / size, Y: (mid.Y - origin.Y) / size}
	h.frame(16, touchPoint{1, 590, 400}, touchPoint{2, 690, 400})
	h.frame(16, touchPoint{1, 565, 400}, touchPoint{2, 715, 400})
	if got := g.layout.Size / size; math.Abs(got-1.5) > 1e-9 {
		t.Fatalf("fingers 100 px apart drawn to 150: zoom %v, want 1.5", got)
	}
	if now := (hexmap.Point{X: (mid.X - g.layout.Origin.X) / g.layout.Size, Y: (mid.Y - g.layout.Origin.Y) / g.layout.Size}); math.Abs(now.X-world.X) > 1e-9 || math.Abs(now.Y-world.Y) > 1e-9 {
		t.Errorf("the map under the fingers' midpoint moved: %v, was %v", now, world)
	}
	h.frame(16, touchPoint{1, 0, 400}, touchPoint{2, 1280, 400})
	h.frame(16, touchPoint{1, 639, 400}, touchPoint{2, 641, 400})
	if g.layout.Size < 6 || g.layout.Size > 160 {
		t.Errorf("a wide pinch then a narrow one: size %v, want within the wheel's 6 to 160", g.layout.Size)
	}
	h.frame(16)
	h.frame(16)

	before := g.layout
	h.frame(16, touchPoint{4, 500, 300}, touchPoint{5, 600, 300})
	h.frame(16, touchPoint{4, 530, 260}, touchPoint{5, 630, 260})
	if g.layout.Size != before.Size || g.layout.Origin.X != before.Origin.X+30 || g.layout.Origin.Y != before.Origin.Y-40 {
		t.Errorf("two fingers moved by (30, -40): layout %+v, was %+v", g.layout, before)
	}
	h.frame(16, touchPoint{5, 630, 260})
	h.frame(16)
	if !g.touch.rec.idle() {
		t.Errorf("fingers lifted one by one: the recognizer is %v", g.touch.rec.state)
	}
}

// TestTouchOneFingerPansTheMap: a finger drawn over empty ground pans the
// map, as the mouse's drag does, and keeps the path shown.
func TestTouchOneFingerPansTheMap(t *testing.T) {
	_, g, h := touchTable(t)
	before := g.layout.Origin
	f := h.on(1, "M12")
	h.frame(16, f)
	h.frame(16, touchPoint{1, f.x + 40, f.y + 25})
	h.frame(16)
	if math.Abs(g.layout.Origin.X-(before.X+40)) > 1e-9 || math.Abs(g.layout.Origin.Y-(before.Y+25)) > 1e-9 {
		t.Errorf("a one-finger drag of (40, 25): origin %v, was %v", g.layout.Origin, before)
	}
}

// TestTouchDoesNotSelectAFoe: a tap on a figure Ann's seat does not
// command selects nothing, and a drag from it moves nothing.
func TestTouchDoesNotSelectAFoe(t *testing.T) {
	s, g, h := touchTable(t)
	h.tap("U8")
	if g.play.selected != "" {
		t.Fatalf("a tap on Zeke selected %q", g.play.selected)
	}
	if !strings.Contains(g.message, "Not yours") {
		t.Errorf("a tap on Zeke says %q", g.message)
	}
	h.frame(16, h.on(1, "U8"))
	h.frame(16, h.on(1, "S8"))
	h.frame(16)
	h.settle()
	if got := journalMoves(t, s, "zeke"); len(got) != 0 || g.play.selected != "" {
		t.Errorf("a drag from Zeke: moves %v, selected %q", got, g.play.selected)
	}
}

// TestTouchTapsTheBarsButtons: a tap on the action bar's button presses
// it as a click does: Turn right turns Cyril.
func TestTouchTapsTheBarsButtons(t *testing.T) {
	s, g, h := touchTable(t)
	h.tap("C8")
	facing := s.State().Figures["cyril"].Facing
	var turn button
	for _, b := range g.buttons() {
		if strings.HasPrefix(b.label, "Turn right") {
			turn = b
		}
	}
	if turn.label == "" {
		t.Fatal("no Turn right button with Cyril selected")
	}
	h.tapAt(float64(turn.r.Min.X+turn.r.Max.X)/2, float64(turn.r.Min.Y+turn.r.Max.Y)/2)
	h.waitFor("Cyril to turn", func() bool { return s.State().Figures["cyril"].Facing != facing })
	if g.play.selected != "cyril" {
		t.Errorf("the tap on the bar changed the selection to %q", g.play.selected)
	}
}

// TestTouchHeldButtonPresses: a finger held on a button presses it, once,
// as a tap does: a slow thumb, or a busy phone that sees the lift late,
// must not leave a button (the defender's Block) unanswered.
func TestTouchHeldButtonPresses(t *testing.T) {
	s, g, h := touchTable(t)
	h.tap("C8")
	facing := s.State().Figures["cyril"].Facing
	var turn button
	for _, b := range g.buttons() {
		if strings.HasPrefix(b.label, "Turn right") {
			turn = b
		}
	}
	if turn.label == "" {
		t.Fatal("no Turn right button with Cyril selected")
	}
	f := touchPoint{id: 1, x: float64(turn.r.Min.X+turn.r.Max.X) / 2, y: float64(turn.r.Min.Y+turn.r.Max.Y) / 2}
	h.frame(16, f)
	h.frame(300, f)
	h.frame(300, f)
	h.frame(300, f)
	h.frame(16)
	h.waitFor("Cyril to turn", func() bool { return s.State().Figures["cyril"].Facing != facing })
	h.settle()
	if got, want := s.State().Figures["cyril"].Facing, facing.Turn(-1); got != want {
		t.Errorf("a finger held on Turn right: Cyril faces %v, want %v (turned once, from %v)", got, want, facing)
	}
	if g.play.selected != "cyril" {
		t.Errorf("the held finger changed the selection to %q", g.play.selected)
	}
}

// TestTouchKeepsTheMouseOff: while a finger is down, and touchRest after
// the last lifts, the window takes no mouse input (a browser may make
// mouse events of a tap); after, the mouse plays again once it moves.
func TestTouchKeepsTheMouseOff(t *testing.T) {
	_, g, h := touchTable(t)
	if g.touchActive() {
		t.Fatal("no finger yet, and the mouse is off")
	}
	h.frame(16, touchPoint{1, 100, 300})
	if !g.touchActive() {
		t.Error("a finger down, and the mouse is on")
	}
	h.frame(16)
	if !g.touchActive() {
		t.Error("a finger just lifted, and the mouse is on")
	}
	h.frame(int(touchRest/time.Millisecond) + 1)
	if !g.touchActive() {
		t.Errorf("%v after the finger lifted, the mouse untouched has the pointer", touchRest)
	}
	g.cursor = func() (int, int) { return 700, 500 }
	h.frame(16)
	if g.touchActive() {
		t.Errorf("%v after the finger lifted, the mouse moved, and the mouse is still off", touchRest)
	}
	if g.hover != g.layout.HexAt(hexmap.Point{X: 700, Y: 500}) {
		t.Errorf("the mouse moved to (700, 500): the hover is %v", g.hover)
	}
}

// TestTouchPathStaysShownBetweenTaps: the path a tap shows stays shown
// however long the player looks at it before the second tap; the mouse
// the browser keeps still does not take the hover away.
func TestTouchPathStaysShownBetweenTaps(t *testing.T) {
	_, g, h := touchTable(t)
	h.tap("C8")
	h.tap("J8")
	for range 5 {
		h.frame(300)
	}
	if !g.planOK || g.planFor != h.hex("J8") || g.hover != h.hex("J8") {
		t.Errorf("1.5 s after the tap on J8: the path is for %v (ok %v), hover %v; want J8's", g.planFor, g.planOK, g.hover)
	}
}

// TestTouchHintsNameGestures: once a finger has touched the window, its
// help line and what a tap says name gestures, not keys and clicks.
func TestTouchHintsNameGestures(t *testing.T) {
	_, g, h := touchTable(t)
	if hint := g.helpLine(); !strings.Contains(hint, "Click") {
		t.Fatalf("the help line before any touch: %q", hint)
	}
	h.tap("C8")
	if strings.Contains(strings.ToLower(g.message), "click") || !strings.Contains(g.message, "tap") {
		t.Errorf("a tap on Cyril says %q; want taps, no clicks", g.message)
	}
	g.play.selected = ""
	for _, word := range []string{"Tap", "pinch", "two fingers", "hold"} {
		if !strings.Contains(g.helpLine(), word) {
			t.Errorf("the help line on a touch screen: %q; want %q in it", g.helpLine(), word)
		}
	}
	if strings.Contains(g.helpLine(), "right click") {
		t.Errorf("the help line on a touch screen names a right click: %q", g.helpLine())
	}
}

// TestTouchAttackShowsTheOddsBeforeItFires: in attack mode a first tap
// on a foe shows the shot (the session's line and odds, as the mouse's
// hover does) and fires nothing; a second tap on him fires.
func TestTouchAttackShowsTheOddsBeforeItFires(t *testing.T) {
	s, g, h := touchTable(t)
	h.tap("C8")
	var attack button
	for _, b := range g.buttons() {
		if strings.HasPrefix(b.label, "Attack") {
			attack = b
		}
	}
	if attack.label == "" {
		t.Fatal("no Attack button with Cyril selected")
	}
	h.tapAt(float64(attack.r.Min.X+attack.r.Max.X)/2, float64(attack.r.Min.Y+attack.r.Max.Y)/2)
	if !g.play.attacking {
		t.Fatal("a tap on Attack left the window out of attack mode")
	}
	seq := s.LastSeq()
	h.tap("U8")
	if !g.play.attacking || !g.aimLineOK || g.planFor != h.hex("U8") {
		t.Fatalf("the first tap on Zeke: attacking %v, line shown %v, for %v; want the shot at U8 shown", g.play.attacking, g.aimLineOK, g.planFor)
	}
	if !strings.Contains(g.message, "again") {
		t.Errorf("the first tap on Zeke says %q; want to tap again to fire", g.message)
	}
	h.settle()
	if s.LastSeq() != seq {
		t.Fatalf("the first tap on Zeke fired: %s", lastLine(s))
	}
	h.tap("U8")
	h.waitFor("the shot", func() bool { return s.LastSeq() != seq })
	if line := lastLine(s); !strings.Contains(line, "Zeke") {
		t.Errorf("the second tap on Zeke: the log says %q", line)
	}
}

// TestTouchTapsAreCounted: the window counts the taps it recognized, and
// only taps (a test tapping a real browser's page taps again only when
// its tap went unseen): a tap on a figure, one on the map and one on a
// button count; a long press, a drag and a pinch do not.
func TestTouchTapsAreCounted(t *testing.T) {
	_, g, h := touchTable(t)
	if got := g.Taps(); got != 0 {
		t.Fatalf("before any finger: %d taps", got)
	}
	h.tap("C8")
	h.tap("E10")
	f := h.on(1, "E12")
	h.frame(16, f)
	h.frame(700, f) // a long press
	h.frame(16)
	a, b := h.on(1, "E10"), h.on(1, "H10")
	h.frame(16, a)
	h.frame(16, touchPoint{id: 1, x: b.x, y: b.y}) // a drag
	h.frame(16)
	h.frame(16, touchPoint{id: 1, x: 100, y: 300}, touchPoint{id: 2, x: 200, y: 300})
	h.frame(16, touchPoint{id: 1, x: 80, y: 300}, touchPoint{id: 2, x: 220, y: 300}) // a pinch
	h.frame(16)
	if got := g.Taps(); got != 2 {
		t.Errorf("two taps, a long press, a drag and a pinch: %d taps counted, want 2", got)
	}
}

// TestTouchDefenceNamesItsButtons: a blow waiting for the answer of a
// phone's figure is answered by its buttons, and the bar's line names
// them as a thumb finds them (Block, Dodge, Take it), not the keys a
// phone has none of.
func TestTouchDefenceNamesItsButtons(t *testing.T) {
	s, g, h := touchTable(t)
	h.tap("P8") // a finger has touched the window
	cyril := s.State().Figures["cyril"].At
	beside := cyril.Neighbor(hexmap.Direction(0))
	for _, c := range []session.Command{
		{Kind: session.CommandMove, Figure: "jeb", To: &beside},
		{Kind: session.CommandMelee, Figure: "jeb", Blow: &session.BlowOrder{Target: "cyril", Attack: "quick"}},
	} {
		if _, err := s.Do(c); err != nil {
			t.Fatalf("%s: %v", c.Kind, err)
		}
	}
	h.waitFor("the blow to wait for Cyril's answer", func() bool { return g.answering() == "cyril" })
	hint := g.answerHint()
	for _, want := range []string{"Block", "Dodge", "Take it"} {
		if !strings.Contains(hint, want) {
			t.Errorf("the bar's line %q does not name the %s button", hint, want)
		}
	}
	for _, key := range []string{"B block", "O dodge", "N take it"} {
		if strings.Contains(hint, key) {
			t.Errorf("the bar's line %q names the key of %q, on a phone", hint, key)
		}
	}
}
