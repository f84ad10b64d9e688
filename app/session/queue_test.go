package session

import (
	"testing"
)

// toggleJeb is a command the Judge may always give: hide Jeb, or show him.
func toggleJeb(i int) Command {
	if i%2 == 0 {
		return Command{Kind: CommandHide, Figure: "jeb"}
	}
	return Command{Kind: CommandReveal, Figure: "jeb"}
}

// TestListenQueue: a Listen queue reserves nothing, holds every event in
// order as it waits, and signals Ready; past its limit it ends and hands
// over nothing more (the subscriber resyncs); cancel and Close end one.
func TestListenQueue(t *testing.T) {
	t.Run("waits and grows", func(t *testing.T) {
		s := open(t)
		q, cancel := s.Listen(100)
		defer cancel()
		if cap(q.events) != 0 {
			t.Errorf("a new queue reserves room for %d events, want none", cap(q.events))
		}
		first := s.LastSeq() + 1
		for i := 0; i < 50; i++ {
			mustDo(t, s, toggleJeb(i))
		}
		select {
		case <-q.Ready():
		default:
			t.Fatal("events wait but Ready is not signalled")
		}
		evs, open := q.Take()
		if !open || len(evs) != 50 {
			t.Fatalf("took %d events, open %v; want 50, open", len(evs), open)
		}
		for i, e := range evs {
			if e.Seq != first+i {
				t.Fatalf("event %d has seq %d, want %d", i, e.Seq, first+i)
			}
		}
		if evs, open := q.Take(); len(evs) != 0 || !open {
			t.Errorf("a second take: %d events, open %v; want none, open", len(evs), open)
		}
	})
	t.Run("dropped past its limit", func(t *testing.T) {
		s := open(t)
		q, cancel := s.Listen(10)
		defer cancel()
		for i := 0; i < 11; i++ {
			mustDo(t, s, toggleJeb(i))
		}
		if evs, open := q.Take(); open || len(evs) != 0 {
			t.Errorf("past its limit of 10: took %d events, open %v; want none, ended", len(evs), open)
		}
		mustDo(t, s, toggleJeb(11))
		if evs, _ := q.Take(); len(evs) != 0 {
			t.Errorf("a dropped queue still gets events: %d", len(evs))
		}
		if len(s.queues) != 0 {
			t.Errorf("the session still holds %d dropped queues", len(s.queues))
		}
	})
	t.Run("cancel and close", func(t *testing.T) {
		s := open(t)
		q, cancel := s.Listen(10)
		mustDo(t, s, toggleJeb(0))
		cancel()
		if evs, open := q.Take(); !open || len(evs) != 1 {
			t.Errorf("cancelled with one event waiting: took %d, open %v; want it, then the end", len(evs), open)
		}
		if _, open := q.Take(); open {
			t.Error("a cancelled queue is still open")
		}
		q2, cancel2 := s.Listen(10)
		defer cancel2()
		s.Close()
		<-q2.Ready()
		if _, open := q2.Take(); open {
			t.Error("a closed session's queue is still open")
		}
	})
}
