package session

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// window is a map window following the moments a connection is sent
// (Moment.Send, then JSON): a whole one it reads afresh, a delta it lays
// over the moment it showed last (Moment.Onto).
type window struct {
	m  *Moment
	st *State
}

func (w *window) take(t *testing.T, how string, sent *Moment) {
	t.Helper()
	data, err := json.Marshal(sent)
	if err != nil {
		t.Fatalf("%s: encode: %v", how, err)
	}
	var m Moment
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s: decode: %v", how, err)
	}
	if m.Base == 0 {
		st, err := m.Fight.State()
		if err != nil {
			t.Fatalf("%s: a whole moment: %v", how, err)
		}
		w.m, w.st = &m, st
		return
	}
	st, err := m.Onto(w.m, w.st)
	if err != nil {
		t.Fatalf("%s: a delta on base %d (the window has %d): %v", how, m.Base, w.m.Mark, err)
	}
	w.m, w.st = &m, st
}

// TestAWindowFollowingDeltasShowsTheWholeMoment: a window sent each
// moment of a scrub as a delta against the one it showed before (forward
// one event at a time, backward, and random jumps, over map edits, doors,
// undos and redos) holds at every step exactly the fight the whole moment
// holds: the same map, figures and fog; and most steps are deltas.
func TestAWindowFollowingDeltasShowsTheWholeMoment(t *testing.T) {
	sf, s, path := openScaleFight(t)
	playMapEdits(t, s, sf, 7, 240)
	tl, err := OpenTimeline(path)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(38, 1))
	var steps []int
	for i := 0; i < tl.Len(); i++ {
		steps = append(steps, i)
	}
	for i := tl.Len() - 1; i >= tl.Len()/2; i-- {
		steps = append(steps, i)
	}
	for range 120 {
		steps = append(steps, rng.IntN(tl.Len()))
	}
	var w window
	var prev *Moment
	deltas, overUndos, wholeBytes, sentBytes := 0, 0, 0, 0
	for k, i := range steps {
		how := "step " + itoa(k) + ", event " + itoa(i)
		m, err := tl.Moment(i)
		if err != nil {
			t.Fatal(err)
		}
		sent, err := m.Send(prev, w.mark())
		if err != nil {
			t.Fatalf("%s: send: %v", how, err)
		}
		if sent.Base != 0 {
			deltas++
			for j := min(prev.Event, i) + 1; j <= max(prev.Event, i); j++ {
				if k := kindAt(tl, j); k == EventUndone || k == EventRedone {
					overUndos++
					break
				}
			}
		}
		w.take(t, how, sent)
		whole, err := m.Whole()
		if err != nil {
			t.Fatal(err)
		}
		wantSt, err := whole.Fight.State()
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(w.st.Snapshot(nil))
		want, _ := json.Marshal(wantSt.Snapshot(nil))
		if string(got) != string(want) {
			t.Fatalf("%s (%s, base %d): the window's fight differs from the whole moment's:\n%s", how, kindAt(tl, i), sent.Base, firstDiff(string(got), string(want)))
		}
		if !w.st.Map.Equal(wantSt.Map) {
			t.Fatalf("%s: the window's map differs from the whole moment's", how)
		}
		b, _ := json.Marshal(sent)
		wb, _ := json.Marshal(whole)
		sentBytes += len(b)
		wholeBytes += len(wb)
		prev = m
	}
	if deltas < len(steps)/2 {
		t.Errorf("%d of %d steps were sent as deltas, want most", deltas, len(steps))
	}
	if overUndos < 10 {
		t.Errorf("%d deltas spanned an undo or a redo, want 10 at least: the test tries too little", overUndos)
	}
	if sentBytes*4 > wholeBytes {
		t.Errorf("sent %d bytes over the scrub, the whole moments are %d: want a quarter at most", sentBytes, wholeBytes)
	}
}

func (w *window) mark() int {
	if w.m == nil {
		return 0
	}
	return w.m.Mark
}

func kindAt(tl *Timeline, i int) string {
	e, _ := tl.Event(i)
	return e.Kind
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// TestAMomentWithoutItsBaseIsSentWhole: a window that was sent no moment
// (a new connection, or one reconnected), or one of another timeline, is
// sent the whole map; a delta names the mark of its base.
func TestAMomentWithoutItsBaseIsSentWhole(t *testing.T) {
	sf, s, path := openScaleFight(t)
	playMapEdits(t, s, sf, 3, 60)
	tl, err := OpenTimeline(path)
	if err != nil {
		t.Fatal(err)
	}
	other, err := OpenTimeline(path)
	if err != nil {
		t.Fatal(err)
	}
	at := tl.Len() / 2
	a, _ := tl.Moment(at)
	b, _ := tl.Moment(at + 1)
	o, _ := other.Moment(at)
	for _, tc := range []struct {
		name      string
		prev      *Moment
		mark      int
		wantDelta bool
	}{
		{"no moment sent before", nil, 0, false},
		{"a moment of another timeline", o, 4, false},
		{"the moment before, mark 4", a, 4, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sent, err := b.Send(tc.prev, tc.mark)
			if err != nil {
				t.Fatal(err)
			}
			if got := sent.Base != 0; got != tc.wantDelta {
				t.Fatalf("sent base %d, a delta: %v, want %v", sent.Base, got, tc.wantDelta)
			}
			if tc.wantDelta {
				if sent.Base != tc.mark || sent.Mark != tc.mark+1 || sent.Fight.Map != nil {
					t.Fatalf("a delta: base %d mark %d, map %v; want base %d mark %d and no map", sent.Base, sent.Mark, sent.Fight.Map != nil, tc.mark, tc.mark+1)
				}
			} else if sent.Fight.Map == nil || sent.Mark != tc.mark+1 {
				t.Fatalf("a whole moment: map %v mark %d, want the map and mark %d", sent.Fight.Map != nil, sent.Mark, tc.mark+1)
			}
		})
	}
}
