package board

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

// fingers is a frame's touches: id, x, y for each.
func fingers(v ...float64) []touchPoint {
	var ts []touchPoint
	for i := 0; i+2 < len(v); i += 3 {
		ts = append(ts, touchPoint{id: int(v[i]), x: v[i+1], y: v[i+2]})
	}
	return ts
}

// touchFrame is the touches down at ms milliseconds.
type touchFrame struct {
	ms      int
	touches []touchPoint
}

// String writes a gesture for a test's comparison.
func (g gesture) String() string {
	switch g.kind {
	case gestureTap:
		return fmt.Sprintf("tap %.0f,%.0f", g.at.X, g.at.Y)
	case gestureLongPress:
		return fmt.Sprintf("long %.0f,%.0f", g.at.X, g.at.Y)
	case gestureDragStart:
		return fmt.Sprintf("drag %.0f,%.0f>%.0f,%.0f", g.from.X, g.from.Y, g.at.X, g.at.Y)
	case gestureDragMove:
		return fmt.Sprintf("move %.0f,%.0f", g.at.X, g.at.Y)
	case gestureDragEnd:
		return fmt.Sprintf("drop %.0f,%.0f", g.at.X, g.at.Y)
	case gestureDragCancel:
		return "cancel"
	case gesturePinch:
		return fmt.Sprintf("pinch x%.2f @%.0f,%.0f %+.0f,%+.0f", g.zoom, g.mid.X, g.mid.Y, g.pan.X, g.pan.Y)
	}
	return "?"
}

// runTouches feeds the frames to a fresh recognizer at scale and returns
// the gestures in order.
func runTouches(frames []touchFrame, scale float64) (*touchRecognizer, []string) {
	var r touchRecognizer
	t0 := time.Unix(1000, 0)
	var got []string
	for _, f := range frames {
		for _, g := range r.feed(t0.Add(time.Duration(f.ms)*time.Millisecond), f.touches, scale) {
			got = append(got, g.String())
		}
	}
	return &r, got
}

// TestTouchGestures: the recognizer, fed each frame's touches, yields the
// gestures a phone's player makes, and nothing else, and ends idle once
// every finger is up.
func TestTouchGestures(t *testing.T) {
	ten := func(dx float64) []touchPoint {
		var ts []touchPoint
		for i := 0; i < 10; i++ {
			ts = append(ts, touchPoint{id: i, x: 100 + float64(i)*20 + dx, y: 300})
		}
		return ts
	}
	for _, tc := range []struct {
		name   string
		scale  float64
		frames []touchFrame
		want   []string
	}{
		{"a tap", 1, []touchFrame{{0, fingers(1, 100, 100)}, {100, fingers(1, 103, 102)}, {150, nil}}, []string{"tap 100,100"}},
		{"a tap within the slop", 1, []touchFrame{{0, fingers(1, 100, 100)}, {100, fingers(1, 108, 100)}, {150, nil}}, []string{"tap 100,100"}},
		// A slow page (a phone's big frame, a busy browser) sees the lift
		// a frame late: the tap is how long the finger was seen down.
		{"a tap seen in one slow frame", 1, []touchFrame{{0, fingers(1, 100, 100)}, {450, nil}}, []string{"tap 100,100"}},
		{"a tap whose lift a slow frame sees late", 1, []touchFrame{{0, fingers(1, 100, 100)}, {120, fingers(1, 100, 100)}, {520, nil}}, []string{"tap 100,100"}},
		// A finger lifted before the long press is a tap, however slow
		// (as a phone's own buttons take it): a busy page sees a tap of
		// 120 ms held across three slow frames.
		{"a slow tap", 1, []touchFrame{{0, fingers(1, 100, 100)}, {400, fingers(1, 100, 100)}, {420, nil}}, []string{"tap 100,100"}},
		{"a tap a busy page sees held", 1, []touchFrame{{0, fingers(1, 100, 100)}, {135, fingers(1, 100, 100)}, {317, fingers(1, 100, 100)}, {448, nil}}, []string{"tap 100,100"}},
		{"a long press pings once", 1, []touchFrame{{0, fingers(1, 100, 100)}, {300, fingers(1, 101, 100)}, {560, fingers(1, 101, 100)}, {900, fingers(1, 101, 100)}, {950, nil}}, []string{"long 100,100"}},
		{"a drag", 1, []touchFrame{{0, fingers(1, 100, 100)}, {50, fingers(1, 130, 100)}, {80, fingers(1, 160, 110)}, {90, fingers(1, 160, 110)}, {100, nil}}, []string{"drag 100,100>130,100", "move 160,110", "drop 160,110"}},
		{"a drag after a long press", 1, []touchFrame{{0, fingers(1, 100, 100)}, {600, fingers(1, 100, 100)}, {700, fingers(1, 150, 100)}, {800, nil}}, []string{"long 100,100", "drag 100,100>150,100", "drop 150,100"}},
		{"the slop grows with the device scale", 3, []touchFrame{{0, fingers(1, 100, 100)}, {50, fingers(1, 125, 100)}, {100, nil}}, []string{"tap 100,100"}},
		{"a pinch out", 1, []touchFrame{{0, fingers(1, 100, 100, 2, 200, 100)}, {50, fingers(1, 50, 100, 2, 250, 100)}, {100, nil}}, []string{"pinch x2.00 @150,100 +0,+0"}},
		{"a two-finger pan", 1, []touchFrame{{0, fingers(1, 100, 100, 2, 200, 100)}, {50, fingers(1, 100, 140, 2, 200, 140)}, {60, fingers(2, 200, 140)}, {70, nil}}, []string{"pinch x1.00 @150,140 +0,+40"}},
		{"a second finger makes a tap a pinch", 1, []touchFrame{{0, fingers(1, 100, 100)}, {50, fingers(1, 100, 100, 2, 200, 100)}, {80, fingers(1, 100, 100, 2, 300, 100)}, {90, fingers(1, 100, 100)}, {100, nil}}, []string{"pinch x2.00 @200,100 +50,+0"}},
		{"a second finger calls a drag off", 1, []touchFrame{{0, fingers(1, 100, 100)}, {50, fingers(1, 150, 100)}, {80, fingers(1, 150, 100, 2, 250, 100)}, {90, fingers(1, 150, 100, 2, 250, 150)}, {100, nil}}, []string{"drag 100,100>150,100", "cancel", "pinch x1.12 @200,125 +0,+25"}},
		{"the first finger lifts first", 1, []touchFrame{{0, fingers(1, 100, 100, 2, 200, 100)}, {50, fingers(2, 200, 100)}, {60, fingers(2, 300, 100)}, {70, nil}, {80, fingers(5, 10, 10)}, {90, nil}}, []string{"tap 10,10"}},
		{"the second finger lifts first", 1, []touchFrame{{0, fingers(1, 100, 100, 2, 200, 100)}, {50, fingers(1, 100, 100)}, {60, fingers(1, 300, 100)}, {70, nil}, {80, fingers(5, 10, 10)}, {90, nil}}, []string{"tap 10,10"}},
		{"ids reused tap after tap", 1, []touchFrame{{0, fingers(0, 100, 100)}, {50, nil}, {60, fingers(0, 300, 300)}, {90, nil}}, []string{"tap 100,100", "tap 300,300"}},
		{"an id reused after a pinch", 1, []touchFrame{{0, fingers(0, 100, 100, 1, 200, 100)}, {50, fingers(0, 100, 100)}, {60, fingers(0, 100, 100, 1, 400, 100)}, {70, fingers(0, 100, 100, 1, 500, 100)}, {80, nil}, {90, fingers(1, 7, 7)}, {100, nil}}, []string{"tap 7,7"}},
		{"the same id twice in a frame", 1, []touchFrame{{0, fingers(1, 100, 100, 1, 900, 900)}, {50, fingers(1, 100, 100, 1, 900, 900)}, {60, nil}}, []string{"tap 100,100"}},
		{"ten fingers", 1, []touchFrame{{0, ten(0)}, {50, ten(30)}, {60, ten(30)[3:]}, {70, nil}}, []string{"pinch x1.00 @140,300 +30,+0"}},
		{"a NaN finger is none", 1, []touchFrame{{0, fingers(1, math.NaN(), 100)}, {50, fingers(1, math.NaN(), 100)}, {60, nil}}, nil},
		{"a finger gone NaN ends its drag", 1, []touchFrame{{0, fingers(1, 100, 100)}, {50, fingers(1, 150, 100)}, {60, fingers(1, math.Inf(1), 100)}, {70, nil}}, []string{"drag 100,100>150,100", "drop 150,100"}},
		{"a huge coordinate is none", 1, []touchFrame{{0, fingers(1, 1e300, -1e300)}, {50, nil}}, nil},
		{"two fingers on one spot", 1, []touchFrame{{0, fingers(1, 100, 100, 2, 100, 100)}, {50, fingers(1, 100, 100, 2, 200, 100)}, {60, nil}}, []string{"pinch x1.00 @150,100 +50,+0"}},
		{"a drag whose finger vanishes", 1, []touchFrame{{0, fingers(1, 100, 100)}, {50, fingers(1, 150, 100)}, {60, fingers(2, 400, 400)}, {70, nil}}, []string{"drag 100,100>150,100", "drop 150,100"}},
		{"time runs backwards", 1, []touchFrame{{1000, fingers(1, 100, 100)}, {0, fingers(1, 100, 100)}, {10, nil}}, []string{"tap 100,100"}},
		{"no scale is one", 0, []touchFrame{{0, fingers(1, 100, 100)}, {50, fingers(1, 109, 100)}, {60, nil}}, []string{"tap 100,100"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, got := runTouches(tc.frames, tc.scale)
			if strings.Join(got, " | ") != strings.Join(tc.want, " | ") {
				t.Errorf("frames %v:\n got  %q\n want %q", tc.frames, got, tc.want)
			}
			if !r.idle() {
				t.Errorf("frames %v: the recognizer is left %v, not idle, with every finger up", tc.frames, r.state)
			}
		})
	}
}

// TestTouchActiveUntilEveryFingerIsUp: the recognizer reports a gesture
// under way from the first touch until the last finger lifts.
func TestTouchActiveUntilEveryFingerIsUp(t *testing.T) {
	var r touchRecognizer
	now := time.Unix(5, 0)
	for _, step := range []struct {
		name    string
		touches []touchPoint
		idle    bool
	}{
		{"nothing", nil, true},
		{"one down", fingers(1, 10, 10), false},
		{"two down", fingers(1, 10, 10, 2, 50, 50), false},
		{"one lifted", fingers(2, 50, 50), false},
		{"all up", nil, true},
	} {
		r.feed(now, step.touches, 1)
		if r.idle() != step.idle {
			t.Errorf("%s: idle %v, want %v", step.name, r.idle(), step.idle)
		}
	}
}

// FuzzTouchRecognizer: whatever touches come, the recognizer never
// panics, yields finite numbers, starts no drag it does not end or call
// off, and is idle once every finger is up.
func FuzzTouchRecognizer(f *testing.F) {
	f.Add([]byte{1, 10, 10, 0, 1, 20, 10, 0, 0})
	f.Add([]byte{1, 10, 10, 2, 50, 50, 0, 1, 90, 90, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		var r touchRecognizer
		now := time.Unix(0, 0)
		var frame []touchPoint
		open := false
		check := func(gs []gesture) {
			for _, g := range gs {
				for _, v := range []float64{g.at.X, g.at.Y, g.from.X, g.from.Y, g.mid.X, g.mid.Y, g.pan.X, g.pan.Y, g.zoom} {
					if math.IsNaN(v) || math.IsInf(v, 0) {
						t.Fatalf("gesture %v has a number that is not finite", g)
					}
				}
				switch g.kind {
				case gestureDragStart:
					if open {
						t.Fatalf("a drag began inside a drag")
					}
					open = true
				case gestureDragMove:
					if !open {
						t.Fatalf("a drag moved with none begun")
					}
				case gestureDragEnd, gestureDragCancel:
					if !open {
						t.Fatalf("a drag ended with none begun")
					}
					open = false
				}
			}
		}
		for i := 0; i+2 < len(data); i += 3 {
			if data[i] == 0 { // a frame ends
				check(r.feed(now, frame, 1))
				now = now.Add(time.Duration(data[i+1]) * 10 * time.Millisecond)
				frame = frame[:0]
				continue
			}
			frame = append(frame, touchPoint{id: int(data[i] % 12), x: float64(data[i+1]) * 4, y: float64(data[i+2]) * 4})
		}
		check(r.feed(now, frame, 1))
		check(r.feed(now, nil, 1))
		if open || !r.idle() {
			t.Fatalf("every finger up: a drag open %v, idle %v", open, r.idle())
		}
	})
}

// BenchmarkTouchRecognizer: one frame of a two-finger pinch, what a
// phone's window pays each frame while the fingers move.
func BenchmarkTouchRecognizer(b *testing.B) {
	var r touchRecognizer
	now := time.Unix(0, 0)
	fs := [2][]touchPoint{fingers(1, 100, 100, 2, 200, 100), fingers(1, 90, 100, 2, 210, 100)}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		r.feed(now, fs[i%2], 1)
	}
}
