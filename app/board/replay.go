package board

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

func init() {
	sceneSetups["timeline"] = (*Scene).timeline
	sceneSetups["timeline-step"] = (*Scene).timelineStep
}

// replayView is a moment of the fight's timeline the Judge's console
// scrubbed to (transport.MsgReplay), shown read-only in place of the live
// fight, which goes on folding behind it.
type replayView struct {
	moment *session.Moment // nil: the live fight shows
	st     *session.State  // the moment's fight
}

// on reports whether the window shows a replayed moment.
func (r *replayView) on() bool { return r.moment != nil }

// receiveReplay takes the messages a replay changes: a replay message
// starts, moves or ends it; while one shows, the live fight's welcome and
// events are folded in behind it, not shown. It reports whether it took
// the message.
func (g *Game) receiveReplay(in inMsg) bool {
	if in.welcome == nil && in.msg.Type == transport.MsgReplay {
		if r := in.msg.Replay; r != nil && r.Fight != nil {
			g.startReplay(r)
		} else {
			g.replayBase = replayView{} // the next moment comes whole
			g.endReplay()
		}
		return true
	}
	if !g.replay.on() {
		return false
	}
	switch {
	case in.welcome != nil:
		fold, err := session.NewFold(in.welcome)
		if err != nil {
			g.say("The session sent a fight this window cannot read: "+err.Error(), true)
			return true
		}
		g.fold = fold
	case in.msg.Type == transport.MsgEvent:
		if g.fold == nil || in.msg.Event == nil {
			return true
		}
		if err := g.fold.Add(*in.msg.Event); err != nil {
			g.say("An event did not fit the map: "+err.Error(), true)
		}
	default:
		return false // highlights, pings and answers as ever
	}
	return true
}

// startReplay shows moment r in place of the live fight: a whole one
// read afresh, a delta (protocol 2: Base names the moment it changes)
// laid over the last moment the session sent, whose map takes its cells
// in place, so that the picture redraws only those hexes (chunkCache).
func (g *Game) startReplay(r *session.Moment) {
	var st *session.State
	var err error
	if r.Base != 0 {
		st, err = r.Onto(g.replayBase.moment, g.replayBase.st)
	} else {
		st, err = r.Fight.State()
	}
	if err != nil {
		g.say("The console sent a moment this window cannot show: "+err.Error(), true)
		return
	}
	sameMap := g.play.st != nil && g.play.st.Name == st.Name
	// A view left as the fit made it is fitted again below the banner.
	asFitted := !g.replay.on() && g.layout == g.fitAt
	g.replay = replayView{moment: r, st: st}
	g.replayBase = g.replay
	g.play.st = st
	g.play.selected, g.play.attacking, g.play.melee = "", false, false
	g.dragFig, g.pressed, g.dragging = "", false, false
	g.clearResult()
	g.seq++
	if !sameMap || !g.fitted || asFitted {
		g.fit()
	}
	if r.Journal != "" {
		g.say("A replay of the journal "+r.Journal+", read-only: nothing can be commanded here. The console's timeline moves through it.", false)
		return
	}
	g.say("A moment of the fight's history, read-only: nothing can be commanded here. The live fight goes on in the console.", false)
}

// endReplay goes back to the live fight.
func (g *Game) endReplay() {
	if !g.replay.on() {
		return
	}
	journal := g.replay.moment.Journal
	asFitted := g.layout == g.fitAt
	g.replay = replayView{}
	if g.fold != nil {
		g.play.st = g.fold.State
	}
	if asFitted && g.play.st != nil {
		g.fit() // below the action bar again
	}
	g.seq++
	if journal != "" {
		// A replay of a journal has no live fight: the session's state
		// is the journal's end.
		g.say("The journal's last event: "+journal+" as it ends. The console's timeline shows any other.", false)
		return
	}
	g.say("Back to the live fight.", false)
}

// updateReplay is the input while a moment shows: nothing is commanded;
// Esc, or a tap on the banner, goes back to the live fight.
func (g *Game) updateReplay() {
	g.readFingers(g.replayGesture)
	for _, k := range inpututil.AppendJustPressedKeys(nil) {
		g.replayKey(k)
	}
}

// replayKey answers a key pressed while a moment shows.
func (g *Game) replayKey(k ebiten.Key) {
	if k == ebiten.KeyEscape {
		g.endReplay()
	}
}

// replayGesture answers a gesture while a moment shows: a tap on the
// banner is Esc (a phone has no keys).
func (g *Game) replayGesture(ge gesture, _ time.Time) {
	if b, _ := g.replayBars(); ge.kind == gestureTap && image.Pt(int(ge.at.X), int(ge.at.Y)).In(b) {
		g.replayKey(ebiten.KeyEscape)
	}
}

// replayBannerText is the banner's line in this window: a finger's window
// names the tap on it in place of Esc.
func (g *Game) replayBannerText() string { return g.leaveWords(replayBanner(g.replay.moment)) }

// replayHintText is the status bar's line while a moment shows, as
// replayBannerText.
func (g *Game) replayHintText() string { return g.leaveWords(replayHint(g.replay.moment)) }

// leaveWords is s, how to leave a moment, for this window: under touch
// a tap on the banner, not Esc.
func (g *Game) leaveWords(s string) string {
	if g.dev.touch || g.touch.seen {
		return strings.Replace(s, "Esc", "Tap the banner", 1)
	}
	return s
}

// replayBanner says which moment shows and how to leave it: the round and
// segment, and, in the Judge's window, the event's place on the timeline.
func replayBanner(r *session.Moment) string {
	where := fmt.Sprintf("round %d", r.Round)
	if r.Round == 0 {
		where = "before the first round"
	}
	if r.Segment > 0 {
		where += fmt.Sprintf(", segment %d", r.Segment)
	}
	if r.Of > 0 { // the Judge's: a player's moment has no place among every event
		where += fmt.Sprintf(" — event %d of %d", r.Event, r.Of)
	}
	if r.Journal != "" {
		return "Replay of the journal " + r.Journal + ": " + where + " · the console's timeline moves it"
	}
	return "Replay: " + where + " · Esc or the console returns to live"
}

// replayHint is the status bar's line while a moment shows: how to leave
// it, or, in a replay of a journal, which has no live fight, how to move
// through it.
func replayHint(r *session.Moment) string {
	if r.Journal != "" {
		return "Esc: the journal's last event · the console's timeline moves this moment"
	}
	return "Esc: back to the live fight · the console's timeline moves this moment"
}

// drawReplay draws the replay's banner across the top, over the action
// bar (which commands nothing while a moment shows), with the moment's
// sentence under it, and says in the status bar, in place of the hints
// to command, how to leave.
func (g *Game) drawReplay(dst *ebiten.Image) {
	if !g.replay.on() {
		return
	}
	r := g.replay.moment
	top, strip := g.replayBars()
	h, hint := float64(top.Dy()), float64(strip.Dy())
	var b batch
	banner := color.RGBA{0x1c, 0x3a, 0x5c, 0xff}
	b.path(dst, polygon(rect(hexmap.Point{X: float64(g.w) / 2, Y: h / 2}, float64(g.w), h)), 0, banner)
	b.path(dst, polygon(rect(hexmap.Point{X: float64(g.w) / 2, Y: float64(g.h) - hint/2}, float64(g.w), hint)), 0, banner)
	b.flush(dst)
	// Written at the map's least text, as the status bar: where in the
	// fight, and how to leave, read from across the table too.
	px := g.minText()
	msgY, hintY := barLines(px)
	barLine(dst, g.replayBannerText(), face(px, true), g.w, msgY, color.White)
	barLine(dst, firstLine(r.Text), face(px, false), g.w, hintY, colText)
	barLine(dst, g.replayHintText(), face(px, false), g.w, float64(g.h-g.barH())+hintY, color.White)
	g.damage = append(g.damage, top, strip)
}

// replayBars are the replay's banner across the top (over the action
// bar: two lines of the map's least text, as the status bar) and its
// strip over the status bar's hint line, whole, from below its message
// line's letters: it says how to leave in place of the hints to command.
func (g *Game) replayBars() (banner, strip image.Rectangle) {
	px := g.minText()
	bh := g.barH()
	banner = image.Rect(0, 0, g.w, max(replayBannerLeast, bh))
	strip = image.Rect(0, g.h-bh+int(math.Ceil(px*1.35)), g.w, g.h)
	return banner, strip
}

// replayBannerLeast is the replay banner's least height: over the action
// bar's buttons.
const replayBannerLeast = 76

// mapTop is where the map's part of the window starts: below the action
// bar's first row of buttons, or the replay's banner while a moment
// shows.
func (g *Game) mapTop() float64 {
	if g.replay.on() {
		b, _ := g.replayBars()
		return float64(b.Max.Y + buttonPad)
	}
	if g.dev.touch { // the bar's rows, as many as its buttons take
		g.buttons()
		return float64(g.barEnd)
	}
	return float64(buttonH + buttonPad)
}

// timeline: the Judge's window replays a moment the console scrubbed to:
// Cyril's move to J8, while the live fight has gone on (he has moved on
// to M8 and the round counted down to segment 8).
func (sc *Scene) timeline() error {
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		return err
	}
	demo, err := f.State()
	if err != nil {
		return err
	}
	j8, _ := demo.Map.ParseHex("J8")
	m8, _ := demo.Map.ParseHex("M8")
	s, err := sc.live([]session.Command{
		{Kind: session.CommandMove, Figure: "cyril", To: &j8},
		{Kind: session.CommandTurn, Figure: "miranda", Turn: 1},
		{Kind: session.CommandMove, Figure: "cyril", To: &m8},
		{Kind: session.CommandSegment},
	}, nil, "")
	if err != nil {
		return err
	}
	sent := false
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		if !sent {
			sent = true
			tl, err := s.Timeline()
			if err != nil {
				return false
			}
			m, err := tl.Moment(1)
			if err != nil {
				return false
			}
			s.ShowReplay(m)
		}
		return sc.g.replay.on()
	}
	return nil
}

// timeline-step: the Judge's window follows the console's timeline one
// step, sent as a delta (protocol 2) on the moment it showed: from
// Cyril's move to J8 to the Judge's edit after it, a pond at K7, drawn on
// the same map, its picture redrawn only there.
func (sc *Scene) timelineStep() error {
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		return err
	}
	demo, err := f.State()
	if err != nil {
		return err
	}
	j8, _ := demo.Map.ParseHex("J8")
	k7, _ := demo.Map.ParseHex("K7")
	pond := demo.Map.CellAt(k7)
	pond.Terrain, pond.Label = "water", "pond"
	s, err := sc.live([]session.Command{
		{Kind: session.CommandMove, Figure: "cyril", To: &j8},
		{Kind: session.CommandEditMap, Cells: []hexmap.Cell{pond}},
	}, nil, "")
	if err != nil {
		return err
	}
	step := 0
	var first *session.Moment
	tl, err := s.Timeline() // one timeline, as the console keeps: a delta is between moments of one
	if err != nil {
		return err
	}
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		switch step {
		case 0:
			if first, err = tl.Moment(tl.Len() - 2); err != nil {
				return false
			}
			s.ShowReplay(first)
			step = 1
		case 1:
			if g := sc.g.replay.moment; g == nil || g.Event != first.Event {
				return false
			}
			m, err := tl.Moment(tl.Len() - 1)
			if err != nil {
				return false
			}
			s.ShowReplay(m)
			step = 2
		}
		r := sc.g.replay.moment
		return step == 2 && r != nil && r.Base != 0
	}
	return nil
}
