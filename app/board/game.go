package board

import (
	"context"
	"errors"
	"fmt"
	"image"
	"log/slog"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/hexmap"
)

// Window defaults.
const (
	WindowWidth  = 1280
	WindowHeight = 800
	barHeight    = 64 // the status bar at the bottom
	fitMargin    = 24
	dragSlop     = 5 // pixels the pointer moves before a press is a drag
)

// Game is the map window as an ebiten.Game.
type Game struct {
	tags      tagCache        // text tags that follow the pointer, rendered once
	place     *placer         // the words and badges laid out on the base this frame (placer.go)
	placeOver *placer         // the result's tags laid out over place (drawResult)
	tipAt     image.Rectangle // where the tip was drawn last (drawTip)
	barImg    *ebiten.Image   // the status bar, drawn here and copied to the screen
	edit      *fightEdit      // the Judge editing the fight's map (Ctrl+E)
	ruler     ruler           // the measuring tool
	tray      tray            // the Judge's sheets to drag onto the map (tray.go)
	conn      *conn
	dev       device       // a mouse on a desktop, or a finger (device.go)
	barEnd    int          // where the action bar's last row ends (buttons)
	drawnNow  drawnState   // what the last frame drew, told outside (drawn.go)
	heap      heapGovernor // keeps the Go heap near its live data
	cancel    context.CancelFunc
	play      play
	fold      *session.Fold

	w, h      int
	layout    hexmap.Layout // hex ↔ screen; Size is the zoom
	fitted    bool
	fitAt     hexmap.Layout // the view fit last made
	bounds    mapBounds     // the map's bounds for the rulers
	chunks    chunkCache
	known     knownTerrain // the side view's map, and the chunk cache put aside (sideknown.go)
	backdrop  backdrop     // the map's picture under the hexes
	fog       fogView      // the fog of war drawn (fog.go)
	sprites   sprites
	scale     tableScale  // how large the map's text is (Ctrl+= / Ctrl+-)
	portraits portraits   // the sheets' pictures, decoded once
	pings     pingState   // hexes pinged, and a press that may ping
	touch     touchState  // fingers on a touch screen (touchgame.go)
	follow    followState // a handheld's view keeping the seat's figure in sight (follow.go)
	outW      int         // the window's width outside, in CSS pixels on a browser (touchScale)
	replay    replayView  // a moment the Judge's console replays (replay.go)
	// replayBase is the last moment the session sent, kept after Esc
	// ends the replay here: the next may be a delta on it.
	replayBase replayView

	drawn      bool
	lastFrame  frameKey
	base       *ebiten.Image // the map, reach and figures, redrawn when they change
	baseFor    baseKey
	damage     []image.Rectangle // where last frame drew over the base
	cursor     func() (int, int) // replaces the pointer (the bench)
	hoverSince time.Time         // when the pointer came to the hovered hex
	tipOn      bool              // the hover tip shows
	cursorAt   hexmap.Point
	effects    []effect // drawings that play out over a few seconds
	result     *shown   // the last action's result, until the next action or a click
	resultN    int      // counts the results shown and taken down, for the frame key
	animFrame  int      // counts frames while an effect plays

	pressAt  [2]int
	pressed  bool
	dragging bool
	dragFrom hexmap.Point
	// dragFig is the figure a press came down on: dragged, it moves the
	// figure (the path and its cost follow the pointer) instead of
	// panning. dragOff: Esc called the drag off; the release does nothing.
	dragFig string
	dragOff bool
	hover   hexmap.Hex
	hoverOK bool
	plan    session.Preview // a move to the hex under the pointer
	planOK  bool
	planFor hexmap.Hex
	planSel string
	planSeq int

	previewFor previewKey

	aimPlan session.ShootPlan
	aimOdds string // what the shot would do to its target (State.ShotOdds)
	aimErr  error
	aimOK   bool
	// aimText is the system's own line on a shot by a figure its sheet
	// arms (play.explain), where there is no TWTW plan to draw.
	aimText   string
	aimTextOK bool
	aimRefuse error // the system refuses the shot aimText describes
	// aimLine is the session's answer for the attack under the pointer,
	// the same in every system (State.AttackLine): the line, whether it
	// is clear, and the cover it crosses.
	aimLine   session.AttackLine
	aimLineOK bool
	// aimWarn is the session's warning that the figure would act before
	// its number (State.Interrupt), shown before the click.
	aimWarn string
	aimTags []image.Rectangle // where the shot's tag went, for the hover tip to keep clear of

	// segments: the fight's round counts AP down by segments, so figures
	// wear AP badges; worked out once per state (segmentsFor, segmentsSt).
	segments    bool
	segmentsFor int
	segmentsSt  *session.State

	reach     map[hexmap.Hex]int // what reaching each hex costs the selected figure, in reachUnit
	reachUnit string             // "": moving costs nothing countable, so no numbers
	reachOv   reachOverlay
	reachFor  string
	reachSeq  int

	// dice is the prompt for a command's dice (dice.go), open or nil;
	// diceN counts its changes, for the frame key. myDice: a player who
	// rolls their own dice has each command that rolls its figure's ask
	// for them first (M).
	dice   *dicePrompt
	diceN  int
	myDice bool

	message    string
	messageErr bool
	barOpen    bool // a phone's last message open over the map, whole (phonebar.go)
	messageAt  time.Time
	seq        int // events applied, to refresh previews
}

// previewKey is what a preview depends on.
type previewKey struct {
	hover     hexmap.Hex
	selected  string
	seq       int
	attacking bool
	weapon    string
	kind      string
	aims      int
	blow      string // hand to hand: the blow's kind ("" shooting)
	dragOff   bool   // a figure's drag called off: no path
}

// ErrRejected is returned from Update when the session refused the window.
var ErrRejected = errors.New("rejected by the session")

// NewGame returns a map window that connects to the session at url.
func NewGame(url, token string) *Game { return newGame(newConn(url, token)) }

// JoinGame returns a map window that joins a table by its join code.
func JoinGame(code string) *Game { return newGame(dialConn(joinWhere(code), joinDialer(code))) }

// DialGame returns a map window that connects with dial (a browser's
// proof of its seat: transport.DialProof); where names the session for
// the status line.
func DialGame(where string, dial Dialer) *Game { return newGame(dialConn(where, dial)) }

func newGame(c *conn) *Game {
	ctx, cancel := context.WithCancel(context.Background())
	g := &Game{conn: c, cancel: cancel, w: WindowWidth, h: WindowHeight}
	go g.conn.run(ctx)
	return g
}

// Close stops the connection.
func (g *Game) Close() { g.cancel() }

// Rejection is why the session refused this window, if it did.
func (g *Game) Rejection() error { return g.conn.rejection() }

// Connected reports whether the window holds a live connection to its
// session now (it has been welcomed, and has not lost it since).
func (g *Game) Connected() bool { return g.conn.connected() }

// Layout implements ebiten.Game: one logical pixel per window pixel.
func (g *Game) Layout(outsideWidth, outsideHeight int) (int, int) {
	g.outW = outsideWidth // CSS pixels in a browser: touchScale is the ratio
	if g.dev.fine {       // a browser: the screen's own pixels, its CSS ones times its ratio
		if m := ebiten.Monitor(); m != nil {
			g.dev.dpr = m.DeviceScaleFactor()
		}
		outsideWidth, outsideHeight = int(float64(outsideWidth)*g.dev.px()), int(float64(outsideHeight)*g.dev.px())
	}
	if outsideWidth != g.w || outsideHeight != g.h {
		g.w, g.h = outsideWidth, outsideHeight
		if g.play.st != nil && !g.fitted {
			g.fit()
		}
	}
	return g.w, g.h
}

// Update implements ebiten.Game: take the session's messages, then input.
func (g *Game) Update() error {
	g.heap.tick()
	if err := g.conn.rejection(); err != nil {
		return fmt.Errorf("%w: %v", ErrRejected, err)
	}
	for _, m := range g.conn.take() {
		g.receive(m)
	}
	g.scale.follow()
	if g.replay.on() {
		g.updateReplay() // read-only: nothing is commanded
		return nil
	}
	if g.dice != nil {
		g.updateDice() // the prompt takes the keys until it is answered
		return nil
	}
	if ebiten.IsKeyPressed(ebiten.KeyControl) && inpututil.IsKeyJustPressed(ebiten.KeyE) {
		g.toggleEdit()
	}
	if g.edit != nil {
		return g.updateEdit()
	}
	g.input()
	return nil
}

func (g *Game) receive(in inMsg) {
	if g.receiveReplay(in) {
		return
	}
	if in.welcome != nil {
		g.heap.lift() // a big fight's state is built without a limit set before it came
		fold, err := session.NewFold(in.welcome)
		if err != nil {
			g.say("The session sent a fight this window cannot read: "+err.Error(), true)
			return
		}
		st := fold.State
		sameMap := g.play.st != nil && g.play.st.Name == st.Name
		g.fold, g.play.st, g.play.seat = fold, st, g.seat()
		if _, ok := st.Figures[g.play.selected]; !ok {
			g.play.selected = ""
		}
		if !sameMap || !g.fitted {
			g.fit()
		}
		again := g.play.st != nil && sameMap // a welcome once more: an undo, a redo, a resync
		g.clearResult()                      // an undo or a fresh view: the last result may be gone
		g.seq++
		ebiten.SetWindowTitle(windowTitle(st.Name))
		if last := in.welcome[len(in.welcome)-1]; again && last.Text != "" {
			// What the Judge took back or put back; for a player, what
			// its fresh view came with (a figure run into: an ambush).
			g.say(last.Text, false)
			return
		}
		msg := fmt.Sprintf("Connected: %s, round %d.", st.Name, st.Round)
		var names []string
		for _, id := range g.conn.owned() {
			if _, ok := st.Figures[id]; ok {
				names = append(names, st.FigureName(id))
			}
		}
		if len(names) > 0 {
			msg += " Yours (white rings): " + strings.Join(names, ", ") + "."
		}
		msg += windowSaid() // why it is in a window (placeWindow), if it is
		g.say(msg, false)
		return
	}
	m := in.msg
	switch m.Type {
	case transport.MsgEvent:
		if g.fold == nil || m.Event == nil {
			return
		}
		if err := g.fold.Add(*m.Event); err != nil {
			g.say("An event did not fit the map: "+err.Error(), true)
			return
		}
		if g.fold.State != g.play.st { // an undo or redo rebuilt the state
			g.play.st = g.fold.State
			if _, ok := g.play.st.Figures[g.play.selected]; !ok {
				g.play.selected = ""
			}
		}
		g.seq++
		g.addEffects(*m.Event)
		g.showResult(*m.Event)
		g.say(m.Event.Text, false)
		slog.Info("board: event", "seq", m.Event.Seq, "kind", m.Event.Kind, "text", m.Event.Text)
	case transport.MsgHighlight:
		g.addMarks(m.Figures)
	case transport.MsgPing:
		if m.Hex != nil {
			g.addPing(*m.Hex, m.By)
		}
	case transport.MsgResult, transport.MsgError:
		if g.takeResult(in) {
			return // the dice prompt's: it opens, shows the refusal or closes
		}
		if m.Error != "" && g.edit != nil {
			g.edit.stale = true
			g.edit.ed.say("Refused: "+m.Error, true)
		}
		if m.Error != "" {
			g.say("Refused: "+m.Error, true)
			slog.Info("board: refused", "reason", m.Error)
		}
	}
}

func (g *Game) say(s string, isErr bool) {
	g.message, g.messageErr, g.messageAt = s, isErr, time.Now()
}

// fit zooms and centres the map in the window above the status bar, and
// beside the tray while it is open (trayLeft), so the tray covers no hex.
func (g *Game) fit() {
	if g.play.st == nil {
		return
	}
	// Below a row of the action bar's buttons, above the status bar.
	top, left := g.mapTop(), g.trayLeft()
	m := g.play.st.Map
	lo, hi := g.bounds.of(hexmap.Layout{Orientation: m.Orientation, Size: 1}, m) // as hexmap.Fit, from the map's rim
	g.layout = hexmap.FitBounds(m.Orientation, lo, hi, float64(g.w)-left, float64(g.h-g.barH())-top, g.fitMargin())
	// The whole map, always: a Judge must see every hex. The tokens'
	// initials narrow to fit a small hex before they shrink (drawToken);
	// the table scale's keys zoom past the fit (readable).
	g.layout.Origin.X += left
	g.layout.Origin.Y += top
	if g.dev.touch {
		g.layout = g.handheldView(g.layout, top)
	}
	g.fitted, g.fitAt = true, g.layout
	slog.Info("board: view", "size", g.layout.Size, "ox", g.layout.Origin.X, "oy", g.layout.Origin.Y, "w", g.w, "h", g.h)
}

func (g *Game) input() {
	g.play.seat = g.seat()
	touched := g.touchInput()
	g.keepInView()
	if touched {
		// Touch has the pointer: the mouse is not read (a browser may
		// make mouse events of the touches); the keys still are.
		g.followRuler()
		g.keys()
		g.updatePreview()
		g.updateReach()
		return
	}
	x, y := ebiten.CursorPosition()
	if g.cursor != nil {
		x, y = g.cursor()
	}
	p := hexmap.Point{X: float64(x), Y: float64(y)}
	g.hoverOK = y < g.h-g.barH() && g.play.st != nil
	if g.hoverOK {
		if h := g.layout.HexAt(p); h != g.hover {
			g.hover, g.hoverSince = h, time.Now()
		}
	}
	g.tipOn = g.hoverOK && !g.pressed && time.Since(g.hoverSince) > 400*time.Millisecond
	g.cursorAt = p
	if g.trayInput(g.readTray(x, y)) {
		return // the tray took the pointer (tray.go)
	}

	// Left button: click to select or move; drag a figure to move it,
	// drag the map to pan.
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		if g.tapBar(p) {
			return // a handheld's message opened from the bar, or closed
		}
		if bt, ok := g.buttonAt(x, y); ok {
			bt.act() // the action bar takes the click
			return
		}
		g.pressed, g.dragging, g.dragOff = true, false, false
		g.pings.press()
		g.pressAt = [2]int{x, y}
		g.dragFrom = g.layout.Origin
		g.dragFig = g.play.dragStart(g.hover, g.hoverOK && !g.ruler.on)
	}
	if g.pressed && ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
		dx, dy := x-g.pressAt[0], y-g.pressAt[1]
		if !g.dragging && dx*dx+dy*dy > dragSlop*dragSlop {
			g.dragging = true
			if g.dragFig != "" {
				g.beginFigureDrag()
			}
		}
		if g.dragging && g.dragFig == "" {
			g.layout.Origin = hexmap.Point{X: g.dragFrom.X + float64(dx), Y: g.dragFrom.Y + float64(dy)}
		}
	}
	g.longPress()
	if g.pressed && inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) {
		g.pressed = false
		dismissed := !g.dragging && g.hoverOK && g.takeResultDown()
		switch {
		case dismissed:
		case !g.dragging && g.hoverOK && g.fog.brush && g.fog.players:
			g.brushFog() // the Judge's fog brush takes the click
		case g.dragging && g.dragFig != "":
			if !g.dragOff && g.hoverOK {
				g.issue(g.play.dragEnd(g.dragFig, g.hover))
			}
		case g.dragging || !g.hoverOK || g.pings.fired: // a long press pinged
		case g.ruler.on:
			g.ruler.from, g.ruler.anchored = g.hover, true
			g.say(g.measure(g.hover, g.hover), false)
		default:
			g.clickHex(g.hover)
		}
		g.dragging, g.dragFig = false, ""
	}
	g.followRuler()
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) && g.hoverOK {
		g.issue(g.play.turn(-1))
	}
	g.keys()

	// Wheel: zoom about the pointer.
	if _, wy := ebiten.Wheel(); wy != 0 && g.hoverOK {
		g.zoomAbout(p, math.Pow(1.15, wy))
	}

	g.updatePreview()
	g.updateReach()
}

// followRuler measures from the ruler's anchor to the hovered hex when it
// changed.
func (g *Game) followRuler() {
	if g.ruler.anchored && g.hoverOK && g.hover != g.ruler.shown {
		g.ruler.shown = g.hover
		g.say(g.measure(g.ruler.from, g.hover), false)
	}
}

// keys answers the keys just pressed (keyBindings).
func (g *Game) keys() {
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl)
	for _, b := range keyBindings {
		if b.ctrl == ctrl || b.either {
			for _, k := range b.keys {
				if inpututil.IsKeyJustPressed(k) {
					b.do(g)
					break
				}
			}
		}
	}
}

// zoomAbout zooms the map by f about window point p (the wheel about the
// pointer, a pinch about the fingers' midpoint), held to hexes 6 to 160
// pixels across.
func (g *Game) zoomAbout(p hexmap.Point, f float64) {
	size := math.Max(6, math.Min(160, g.layout.Size*f))
	f = size / g.layout.Size
	g.layout.Origin = hexmap.Point{X: p.X - (p.X-g.layout.Origin.X)*f, Y: p.Y - (p.Y-g.layout.Origin.Y)*f}
	g.layout.Size = size
}

// updatePreview recomputes the path or shot preview under the pointer
// when what it depends on changes: the hex, the selection, the fight's
// state, attack mode, the weapon, the shot's kind and aims, the blow, a
// drag called off.
func (g *Game) updatePreview() {
	blow := ""
	if g.play.melee {
		blow = g.play.blow
	}
	key := previewKey{g.hover, g.play.selected, g.seq, g.play.attacking, g.play.weapon, g.play.kind, g.play.aims, blow, g.dragOff && g.pressed}
	if g.hoverOK && key != g.previewFor {
		g.previewFor = key
		g.planFor, g.planSel, g.planSeq = g.hover, g.play.selected, g.seq
		if g.play.attacking {
			g.planOK = false
			g.aimPlan, g.aimErr, g.aimOK = g.play.aim(g.hover)
			g.aimOdds = ""
			if g.aimOK && g.aimErr == nil {
				// What the plan leaves out (the AP the figure has left)
				// the session's explanation refuses, as Do would.
				g.aimErr = g.play.refusal(g.hover)
			}
			if g.aimOK && g.aimErr == nil && len(g.aimPlan.Targets) > 0 {
				g.aimOdds = g.play.st.ShotOdds(g.aimPlan, 0).String()
			}
			g.aimText, g.aimTextOK, g.aimRefuse = g.play.explain(g.hover)
			g.aimLine, g.aimLineOK = session.AttackLine{}, false
			if g.play.st != nil {
				g.aimLine, g.aimLineOK = g.play.st.AttackLine(g.seat(), g.play.selected, g.hover)
			}
			g.aimWarn = ""
			if g.aimOK || g.aimTextOK {
				g.aimWarn = g.play.st.Interrupt(g.play.selected)
			}
		} else {
			g.aimOK, g.aimTextOK = false, false
			g.plan, g.planOK = g.play.preview(g.hover)
			if key.dragOff {
				g.planOK = false
			}
		}
	}
}

// updateReach recomputes the reachable area when the selection or the
// fight changes: every hex the selected figure can reach with its AP, and
// what it costs, by the session's own rule.
func (g *Game) updateReach() {
	st := g.play.st
	if st == nil || g.play.selected == "" || g.play.attacking {
		g.reach = nil
		return
	}
	if g.reach != nil && g.reachFor == g.play.selected && g.reachSeq == g.seq {
		return
	}
	f, ok := st.Figures[g.play.selected]
	if !ok {
		return
	}
	area, err := st.Reach(f.ID, false)
	if err != nil {
		area = session.MoveArea{}
	}
	g.reach, g.reachUnit = area.Costs, area.Unit
	if g.reach == nil {
		g.reach = map[hexmap.Hex]int{}
	}
	g.reachFor, g.reachSeq = g.play.selected, g.seq
}

// keyBinding is one of the map window's keys: any of keys, with Ctrl held
// (ctrl) or not, or either way (either), does do.
type keyBinding struct {
	keys         []ebiten.Key
	ctrl, either bool
	do           func(g *Game)
}

// keyBindings are the map window's keys (README, "Playing"); the action
// bar offers the same with the mouse.
var keyBindings = []keyBinding{
	{keys: []ebiten.Key{ebiten.KeyQ}, do: func(g *Game) { g.issue(g.play.turn(+1)) }},
	{keys: []ebiten.Key{ebiten.KeyE}, do: func(g *Game) { g.issue(g.play.turn(-1)) }},
	{keys: []ebiten.Key{ebiten.KeyZ}, ctrl: true, do: func(g *Game) {
		if g.judge() {
			g.issue(&session.Command{Kind: session.CommandUndo}, "")
		}
	}},
	{keys: []ebiten.Key{ebiten.KeyY}, ctrl: true, do: func(g *Game) {
		if g.judge() {
			g.issue(&session.Command{Kind: session.CommandRedo}, "")
		}
	}},
	{keys: []ebiten.Key{ebiten.KeyEscape}, either: true, do: func(g *Game) {
		if g.dragFig != "" && g.dragging {
			g.dragOff = true // the drag is called off; the figure stays
			g.planOK = false
			g.say("Move called off.", false)
			return
		}
		if g.ruler.on {
			g.toggleRuler()
		} else {
			g.play.cancel()
		}
	}},
	{keys: []ebiten.Key{ebiten.KeyR}, do: func(g *Game) { g.toggleRuler() }},
	{keys: []ebiten.Key{ebiten.KeyA}, do: func(g *Game) { g.say(g.play.attack(), false) }},
	{keys: []ebiten.Key{ebiten.KeyW}, either: true, do: func(g *Game) { g.sayIf(g.play.nextWeapon()) }},
	{keys: []ebiten.Key{ebiten.Key1}, either: true, do: func(g *Game) { g.sayIf(g.play.shotKey(1)) }},
	{keys: []ebiten.Key{ebiten.Key2}, either: true, do: func(g *Game) { g.sayIf(g.play.shotKey(2)) }},
	{keys: []ebiten.Key{ebiten.Key3}, either: true, do: func(g *Game) { g.sayIf(g.play.shotKey(3)) }},
	{keys: []ebiten.Key{ebiten.KeyHome, ebiten.KeyF}, either: true, do: func(g *Game) { g.fit() }},
	{keys: []ebiten.Key{ebiten.KeyD}, do: func(g *Game) { g.issue(g.play.gearAction(session.CommandReady)) }},
	{keys: []ebiten.Key{ebiten.KeyC}, do: func(g *Game) { g.issue(g.play.gearAction(session.CommandCock)) }},
	{keys: []ebiten.Key{ebiten.KeyL}, do: func(g *Game) { g.issue(g.play.gearAction(session.CommandReload)) }},
	{keys: []ebiten.Key{ebiten.KeyP}, do: func(g *Game) { g.issue(g.play.posture(session.CommandProne)) }},
	{keys: []ebiten.Key{ebiten.KeyT}, do: func(g *Game) { g.issue(g.play.posture(session.CommandDuck)) }},
	{keys: []ebiten.Key{ebiten.KeyU}, do: func(g *Game) { g.issue(g.play.pickUp()) }},
	{keys: []ebiten.Key{ebiten.KeyH}, do: func(g *Game) { g.say(g.play.hand(), false) }},
	{keys: []ebiten.Key{ebiten.Key4}, either: true, do: func(g *Game) { g.sayIf(g.play.shotKey(4)) }},
	{keys: []ebiten.Key{ebiten.KeyB}, do: func(g *Game) { g.answer(session.DefenseBlock) }},
	{keys: []ebiten.Key{ebiten.KeyO}, do: func(g *Game) { g.answer(session.DefenseDodge) }},
	{keys: []ebiten.Key{ebiten.KeyN}, do: func(g *Game) { g.answer(session.DefenseNone) }},
	{keys: []ebiten.Key{ebiten.KeyG}, do: func(g *Game) { g.pingHover() }},
	{keys: []ebiten.Key{ebiten.KeyV}, do: func(g *Game) { g.toggleHidden() }},
	{keys: []ebiten.Key{ebiten.KeyEqual, ebiten.KeyKPAdd}, ctrl: true, do: func(g *Game) { g.changeScale(+1) }},
	{keys: []ebiten.Key{ebiten.KeyMinus, ebiten.KeyKPSubtract}, ctrl: true, do: func(g *Game) { g.changeScale(-1) }},
	{keys: []ebiten.Key{ebiten.Key0, ebiten.KeyKP0}, ctrl: true, do: func(g *Game) { g.changeScale(0) }},
	{keys: []ebiten.Key{ebiten.KeyI}, do: func(g *Game) { g.cyclePicture() }},
	{keys: []ebiten.Key{ebiten.KeyK}, do: func(g *Game) { g.toggleGrid() }},
	{keys: []ebiten.Key{ebiten.KeyG}, ctrl: true, do: func(g *Game) { g.nextTurn(session.CommandSegment) }},
	{keys: []ebiten.Key{ebiten.KeyR}, ctrl: true, do: func(g *Game) { g.nextTurn(session.CommandNewRound) }},
	{keys: []ebiten.Key{ebiten.KeyM}, do: func(g *Game) { g.toggleMyDice() }},
	{keys: []ebiten.Key{ebiten.KeyS}, do: func(g *Game) {
		if g.play.offers(session.CommandBenny) {
			g.issue(g.play.simple(session.CommandBenny))
		}
	}},
}

// cyclePicture shows the map's picture, dims it or hides it, in this
// window.
func (g *Game) cyclePicture() {
	if g.play.st == nil || g.play.st.Map.Background == nil {
		return
	}
	g.backdrop.mode = (g.backdrop.mode + 1) % pictureModes
	g.say("The map's picture is "+pictureModeNames[g.backdrop.mode]+" in this window.", false)
}

// toggleGrid draws the hex grid's lines over the map's picture, or not.
func (g *Game) toggleGrid() {
	if g.play.st == nil || g.play.st.Map.Background == nil {
		return
	}
	g.backdrop.noGrid = !g.backdrop.noGrid
	g.say(map[bool]string{true: "No grid lines over the picture.", false: "Grid lines over the picture."}[g.backdrop.noGrid], false)
}

// nextTurn moves the round on from the Judge's map window, as the
// console's Next segment (next_segment) and Next round (new_round) do; a
// player's window has neither.
func (g *Game) nextTurn(kind string) {
	if g.judge() {
		g.issue(&session.Command{Kind: kind}, "")
	}
}

// turnButton is the one-click next turn the Judge's bar offers: the next
// segment while the session would count the round's segments down, else
// the next round.
func (g *Game) turnButton() (label, kind string) {
	st := g.play.st
	if st == nil || !g.judge() {
		return "", ""
	}
	// Next segment where the session would count the round on (its own
	// decision, previewed), once the round's initiative is rolled.
	if st.Turn().Segments && st.Begun && st.Preview(nil, session.Command{Kind: session.CommandSegment}).Err == nil {
		return "Next segment (Ctrl+G)", session.CommandSegment
	}
	return "Next round (Ctrl+R)", session.CommandNewRound
}

// sayIf shows a line, if there is one.
func (g *Game) sayIf(msg string) {
	if msg != "" {
		g.say(msg, false)
	}
}

// issue sends a command or shows a line.
func (g *Game) issue(cmd *session.Command, msg string) {
	if msg != "" {
		g.say(msg, false)
	}
	if cmd == nil || g.asksOwnDice(*cmd) {
		return
	}
	offline := g.conn.statusText() != ""
	switch {
	case !g.conn.send(*cmd):
		g.say("Too many commands wait for the session; this one was not sent.", true)
	case offline:
		g.say("Not connected to the session: the command goes once the window is back.", true)
	}
}

// judge reports whether this window holds the Judge's seat.
func (g *Game) judge() bool { return g.conn != nil && g.conn.judge() }

// seat is the window's seat as the session sent it: nil for the Judge's
// (and a window with no session, as the bench's); a player's commands the
// figures its welcome named. The window asks the session what the seat
// may know of each figure (State.InsightOf), and decides none of it.
func (g *Game) seat() *session.Seat {
	if g.conn == nil || g.conn.judge() {
		return nil
	}
	return &session.Seat{Role: session.RolePlayer, Figures: g.conn.owned()}
}

// clickHex answers a click on hex h that plays: select, move, attack.
func (g *Game) clickHex(h hexmap.Hex) {
	g.play.seat = g.seat()
	cmd, msg := g.play.click(h)
	g.issue(cmd, msg)
}

// takeResultDown answers a click on the map while the last result shows:
// the result goes; a click on an empty hex does only that (it is spent),
// so that reaching across the table to put the result away never moves
// the figure still selected; a click on a figure goes on to select it.
func (g *Game) takeResultDown() (spent bool) {
	if g.result == nil {
		return false
	}
	g.clearResult()
	_, onFigure := g.play.st.FigureAt(g.hover)
	return !onFigure && !g.ruler.on
}

// beginFigureDrag starts moving the figure pressed on with the pointer: it
// is selected, so the path to the hex under the pointer and its cost
// follow it (the move preview).
func (g *Game) beginFigureDrag() {
	g.play.selected = g.dragFig
	g.say("Moving "+g.play.st.FigureName(g.dragFig)+g.play.words(": let go on a hex to move there · Esc calls it off.", ": lift your finger on a hex to move there · off the map calls it off."), false)
}
