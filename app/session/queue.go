package session

import "sync"

// Queue is one subscriber's events to come (Listen): it holds what the
// subscriber has not taken yet and grows as they wait, so an idle
// subscriber costs nothing but the queue itself. One that lets more than
// its limit wait is dropped: its queue ends, and it resyncs from a fresh
// welcome or subscription.
type Queue struct {
	mu     sync.Mutex
	events []Event
	limit  int
	ended  bool
	ready  chan struct{} // holds a token while there is something to take or the queue has ended
}

// Ready is signalled when events arrive or the queue ends; then Take.
func (q *Queue) Ready() <-chan struct{} { return q.ready }

// Take returns the events waiting, oldest first, and empties the queue.
// open is false once the queue has ended (dropped for falling behind, or
// cancelled, or the session closed) and every event before the end has
// been taken: a subscriber dropped for falling behind gets none of the
// events that were waiting.
func (q *Queue) Take() (events []Event, open bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	events, q.events = q.events, nil
	return events, !q.ended || len(events) > 0
}

// push adds a command's events; it reports false, and ends the queue,
// when they would take it past its limit.
func (q *Queue) push(batch []Event) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.ended {
		return false
	}
	if len(q.events)+len(batch) > q.limit {
		q.events = nil // resyncs: the events waiting are of no use
		q.end()
		return false
	}
	q.events = append(q.events, batch...)
	q.signal()
	return true
}

// end ends the queue; the caller holds q.mu.
func (q *Queue) end() {
	q.ended = true
	q.signal()
}

func (q *Queue) signal() {
	select {
	case q.ready <- struct{}{}:
	default:
	}
}

// Listen subscribes to the events to come, as Subscribe does, without the
// events so far (ask Welcome for those, after Listen, so that nothing
// falls between) and without reserving room for them: the queue grows as
// events wait, up to limit, past which the subscriber is dropped.
// cancel ends the subscription.
func (s *Session) Listen(limit int) (q *Queue, cancel func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	q = &Queue{limit: max(1, limit), ready: make(chan struct{}, 1)}
	if s.queues == nil {
		s.queues = map[*Queue]bool{}
	}
	s.queues[q] = true
	return q, func() {
		s.mu.Lock()
		delete(s.queues, q)
		s.mu.Unlock()
		q.mu.Lock()
		q.end()
		q.mu.Unlock()
	}
}
