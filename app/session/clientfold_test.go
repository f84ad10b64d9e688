package session

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
)

// follower is a client's fold of a session's events, as the console and
// the map window keep one: it fetches a fresh welcome when an undo
// reaches past what it holds (ErrResync).
type follower struct {
	t       testing.TB
	s       *Session
	events  <-chan Event
	fold    *Fold
	resyncs int
	most    int // the most events the fold has held after an event
	mostLog int // the most entries its state's log has held
}

func follow(t testing.TB, s *Session) *follower {
	t.Helper()
	past, events, cancel := s.Subscribe(1 << 14)
	t.Cleanup(cancel)
	fold, err := NewFold(past)
	if err != nil {
		t.Fatal(err)
	}
	return &follower{t: t, s: s, events: events, fold: fold}
}

// catchUp folds in every event the session has sent.
func (f *follower) catchUp() {
	f.t.Helper()
	for {
		select {
		case e, ok := <-f.events:
			if !ok {
				f.t.Fatal("the subscription fell behind")
			}
			err := f.fold.Add(e)
			if errors.Is(err, ErrResync) {
				f.resyncs++
				f.fold, err = NewFold(f.s.Welcome(nil))
			}
			if err != nil {
				f.t.Fatalf("event %d (%s): %v", e.Seq, e.Kind, err)
			}
			f.most = max(f.most, len(f.fold.Events))
			f.mostLog = max(f.mostLog, len(f.fold.State.Log))
		default:
			return
		}
	}
}

// agrees checks that the fold's fight is the session's.
func (f *follower) agrees(when string) {
	f.t.Helper()
	f.catchUp()
	if got, want := stateKey(f.t, f.fold.State), stateKey(f.t, f.s.State()); got != want {
		f.t.Fatalf("%s, a client's fold differs from the session:\n%s", when, firstDiff(got, want))
	}
}

// TestAFoldKeepsTheRecentEvents: a client's fold of a long fight holds
// the last RecentEvents or so, not every event (the console's grew with
// every event for as long as it ran), and its state's log no more; its
// fight stays the session's; an undo within what it holds folds in place,
// one reaching past it asks for a resync; and it says where its log
// begins (the round and segment before its first entry).
func TestAFoldKeepsTheRecentEvents(t *testing.T) {
	s := openFile(t, demo(t))
	mustDo(t, s, Command{Kind: CommandNewRound})
	mustDo(t, s, Command{Kind: CommandSegment})
	mustDo(t, s, Command{Kind: CommandSegment})
	f := follow(t, s)
	if r, g := f.fold.Start(); r != 1 || g != 20 || f.fold.Older() {
		t.Errorf("a fold of the whole fight starts at round %d, segment %d, older events %v; want round 1, segment 20 (the fight's opening), none older", r, g, f.fold.Older())
	}
	const steps = 1500 // the Judge hides Jeb and shows him again
	for i := range steps {
		mustDo(t, s, Command{Kind: []string{CommandHide, CommandReveal}[i%2], Figure: "jeb"})
		if i%100 == 0 {
			f.catchUp()
		}
	}
	f.agrees(fmt.Sprintf("after %d commands", steps))
	if f.most > RecentEvents || f.mostLog > RecentEvents {
		t.Errorf("over %d events a fold held up to %d events and %d log entries, want at most %d", steps, f.most, f.mostLog, RecentEvents)
	}
	if r, g := f.fold.Start(); r != 1 || g != 18 || !f.fold.Older() {
		t.Errorf("a fold whose older events are folded away starts at round %d, segment %d, older events %v; want round 1, segment 18, older events", r, g, f.fold.Older())
	}
	if log := f.fold.State.Log; len(log) == 0 || log[0].Seq != f.fold.Events[1].Seq {
		t.Errorf("the state's log (%d entries) does not begin with the first event after the fold's opening (%d)", len(log), f.fold.Events[1].Seq)
	}
	mustDo(t, s, Command{Kind: CommandUndo})
	f.agrees("after an undo")
	if f.resyncs != 0 {
		t.Errorf("an undo of the last command asked for %d resyncs, want none", f.resyncs)
	}
	const undos = RecentEvents - 60 // the undos' own events fill the fold as the commands they take back go
	for i := range undos {
		mustDo(t, s, Command{Kind: CommandUndo})
		if i%50 == 0 {
			f.agrees(fmt.Sprintf("after %d undos", i+2))
		}
	}
	f.agrees("after the undos")
	if f.resyncs == 0 {
		t.Errorf("%d undos never reached past the fold's %d events", undos+1, len(f.fold.Events))
	}
	if f.most > RecentEvents {
		t.Errorf("a fold held up to %d events, want at most %d", f.most, RecentEvents)
	}
}

// TestALongRandomFightFoldsAsTheSessionDoes: random commands of every
// kind, runs of undos and redos among them, far past what a fold holds:
// a client's fold agrees with the session all along.
func TestALongRandomFightFoldsAsTheSessionDoes(t *testing.T) {
	steps := 1500
	if testing.Short() {
		steps = 500
	}
	for _, name := range []string{"demo", "savage", "dragonwarriors"} {
		t.Run(name, func(t *testing.T) {
			s := openBundled(t, name)
			f := follow(t, s)
			rng := rand.New(rand.NewPCG(7, 34))
			for i := range steps {
				c := randomCommand(rng, s.State(), true)
				if i%300 == 299 { // a run of undos, and some of them redone
					for range 40 + rng.IntN(60) {
						s.Do(Command{Kind: CommandUndo})
					}
					for range rng.IntN(20) {
						s.Do(Command{Kind: CommandRedo})
					}
				}
				if _, err := s.Do(c); err != nil {
					var ref *Refusal
					var forb *Forbidden
					if !errors.As(err, &ref) && !errors.As(err, &forb) {
						t.Fatalf("step %d, %+v: %v", i, c, err)
					}
				}
				if i%50 == 0 {
					f.agrees(fmt.Sprintf("step %d", i))
				}
			}
			f.agrees("at the end")
			if f.most > RecentEvents+64 {
				t.Errorf("a fold held up to %d events, want about %d at most", f.most, RecentEvents)
			}
			t.Logf("%d events, %d resyncs, the fold held up to %d", s.LastSeq(), f.resyncs, f.most)
		})
	}
}
