package board

import (
	"math"
	"time"

	"hexslinger/hexmap"
)

// Touch: a player on a phone or a tablet. The recognizer turns the
// touches down each frame into gestures; the window (touchInput, in
// touchgame.go) answers them on the same paths the mouse takes.
const (
	// A finger lifted before touchLong, within tapSlop of where it came
	// down, is a tap, however slow (as a phone's own buttons take it): a
	// busy page may see a tap of 120 ms held over three slow frames.
	tapSlop   = 10                     // CSS pixels a tap's finger may wander
	touchLong = 550 * time.Millisecond // a finger held still this long pings
	// touchFar is the most a touch's coordinate may be, in pixels: a
	// finger further off, or not a number, is taken as lifted.
	touchFar = 1e6
	// touchRest is how long after the last finger lifts the window still
	// ignores the mouse: a browser may make a click of a tap.
	touchRest = 500 * time.Millisecond
)

// touchPoint is a finger on the screen: its id and where it is in the
// window's pixels.
type touchPoint struct {
	id   int
	x, y float64
}

// gestureKind is what the fingers did.
type gestureKind uint8

// The gestures.
const (
	gestureTap        gestureKind = iota + 1 // at: where the finger came down
	gestureLongPress                         // at: where the finger rests
	gestureDragStart                         // from: where the finger came down; at: where it is
	gestureDragMove                          // at: where the finger is
	gestureDragEnd                           // at: where the finger lifted
	gestureDragCancel                        // a second finger came: the drag is off
	gesturePinch                             // zoom about mid by zoom, after panning by pan
)

// gesture is one thing the fingers did, in the window's pixels.
type gesture struct {
	kind     gestureKind
	at, from hexmap.Point
	zoom     float64      // pinch: the fingers' distance now over the last frame's
	mid      hexmap.Point // pinch: the fingers' midpoint now
	pan      hexmap.Point // pinch: how far the midpoint moved since the last frame
}

// touchPhase is where the recognizer is in a gesture.
type touchPhase uint8

const (
	touchIdle    touchPhase = iota // no finger down
	touchPending                   // one finger down, still: a tap or a long press yet
	touchDrag                      // one finger moving
	touchTwo                       // two fingers: pinch and pan
	touchSpent                     // the gesture is over; waits for every finger to lift
)

func (p touchPhase) String() string {
	return [...]string{"idle", "pending", "dragging", "two fingers", "spent"}[p]
}

// touchRecognizer makes gestures of the touches fed it frame by frame. It
// is pure: what the fingers do in, gestures out.
type touchRecognizer struct {
	state touchPhase
	// One finger: its id, where and when it came down, where it was
	// last, and whether it has pinged.
	id    int
	start hexmap.Point
	since time.Time
	last  hexmap.Point
	long  bool
	// Two fingers: their ids, and their midpoint and distance last frame.
	ids     [2]int
	lastMid hexmap.Point
	lastD   float64
	// seen holds this frame's fingers, by id.
	seen map[int]hexmap.Point
	// order holds this frame's ids as they came.
	order []int
}

// idle reports whether no gesture is under way: no finger is down.
func (r *touchRecognizer) idle() bool { return r.state == touchIdle }

// resting is where the one finger down rests, still (a tap or a long
// press yet), if one does.
func (r *touchRecognizer) resting() (hexmap.Point, bool) {
	return r.start, r.state == touchPending
}

// feed takes the fingers down at now and returns the gestures they make.
// scale is the window's pixels to a CSS pixel (the device's scale), by
// which a tap's slop grows; 0 is taken as 1. Fingers whose coordinates
// are not numbers or lie past touchFar count as lifted; an id twice in a
// frame counts once, the first.
func (r *touchRecognizer) feed(now time.Time, touches []touchPoint, scale float64) []gesture {
	if r.seen == nil {
		r.seen = map[int]hexmap.Point{}
	}
	clear(r.seen)
	r.order = r.order[:0]
	for _, t := range touches {
		if !finite(t.x) || !finite(t.y) {
			continue
		}
		if _, dup := r.seen[t.id]; dup {
			continue
		}
		r.seen[t.id] = hexmap.Point{X: t.x, Y: t.y}
		r.order = append(r.order, t.id)
	}
	if !(scale > 0) || !finite(scale) {
		scale = 1
	}
	slop := tapSlop * scale

	var out []gesture
	switch r.state {
	case touchIdle:
		r.begin(now)
	case touchPending, touchDrag:
		at, ok := r.seen[r.id]
		switch {
		case !ok: // the finger lifted (or went where no finger is)
			if r.state == touchDrag {
				out = append(out, gesture{kind: gestureDragEnd, at: r.last})
			} else if !r.long {
				out = append(out, gesture{kind: gestureTap, at: r.start})
			}
			r.state = touchSpent
		case len(r.order) > 1: // a second finger: pinch and pan
			if r.state == touchDrag {
				out = append(out, gesture{kind: gestureDragCancel})
			}
			r.two()
		case r.state == touchPending && dist(at, r.start) > slop:
			r.state, r.last = touchDrag, at
			out = append(out, gesture{kind: gestureDragStart, from: r.start, at: at})
		case r.state == touchDrag && at != r.last:
			r.last = at
			out = append(out, gesture{kind: gestureDragMove, at: at})
		case r.state == touchPending && !r.long && elapsed(r.since, now) >= touchLong:
			r.long = true
			out = append(out, gesture{kind: gestureLongPress, at: r.start})
		}
	case touchTwo:
		a, okA := r.seen[r.ids[0]]
		b, okB := r.seen[r.ids[1]]
		if !okA || !okB {
			r.state = touchSpent
			break
		}
		mid := hexmap.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
		d := dist(a, b)
		zoom := 1.0
		if r.lastD >= 1 && d >= 1 {
			zoom = d / r.lastD
		}
		pan := hexmap.Point{X: mid.X - r.lastMid.X, Y: mid.Y - r.lastMid.Y}
		if zoom != 1 || pan != (hexmap.Point{}) {
			out = append(out, gesture{kind: gesturePinch, zoom: zoom, mid: mid, pan: pan})
		}
		r.lastMid, r.lastD = mid, d
	}
	if r.state == touchSpent && len(r.order) == 0 {
		r.state = touchIdle
	}
	return out
}

// begin starts a gesture from idle with the fingers of this frame.
func (r *touchRecognizer) begin(now time.Time) {
	switch len(r.order) {
	case 0:
	case 1:
		r.state, r.id, r.since, r.long = touchPending, r.order[0], now, false
		r.start = r.seen[r.id]
		r.last = r.start
	default:
		r.two()
	}
}

// two starts a pinch with the first two fingers of this frame.
func (r *touchRecognizer) two() {
	r.state = touchTwo
	r.ids = [2]int{r.order[0], r.order[1]}
	a, b := r.seen[r.ids[0]], r.seen[r.ids[1]]
	r.lastMid = hexmap.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
	r.lastD = dist(a, b)
}

// finite reports whether v is a number within touchFar.
func finite(v float64) bool { return !math.IsNaN(v) && math.Abs(v) <= touchFar }

func dist(a, b hexmap.Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

// elapsed is how long since t it is at now; never less than 0 (a clock
// set back).
func elapsed(t, now time.Time) time.Duration { return max(0, now.Sub(t)) }
