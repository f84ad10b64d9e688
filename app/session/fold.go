package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// A journal is read as a stream: one line decoded at a time and folded
// into the state, holding no more than the session keeps in memory (the
// recent events and the state at the first of them). The events a
// later undo leaves out must be known before the fold, so a first pass
// finds the undos and redos (the lines that can name one), and the
// second decodes and folds every line.

// folded is a journal read: the state at its end and what the session
// keeps of it.
type folded struct {
	opening *State  // the state at events[0], without a log
	events  []Event // the recent events, the first an opening: the fight's own, or a checkpoint
	state   *State  // the state at the last event
	cmds    int     // the number of the last command
}

// progressEvery is how many bytes a fold reads between two reports of
// its progress.
const progressEvery = 1 << 20

// toggles sums up a journal's undos and redos: the commands they leave
// undone, how many there are, and a hash of them (their lines, kinds and
// commands, in order), to check that two passes met the same ones.
type toggles struct {
	undone map[int]bool
	n      int
	sum    uint64
}

func newToggles() *toggles { return &toggles{undone: map[int]bool{}, sum: 14695981039346656037} }

// add follows the undo or redo of command target on line.
func (t *toggles) add(line int, kind string, target int) {
	if kind == EventUndone {
		t.undone[target] = true
	} else {
		delete(t.undone, target)
	}
	t.n++
	for _, v := range []uint64{uint64(line), uint64(len(kind)), uint64(target)} {
		t.sum = (t.sum ^ v) * 1099511628211
	}
}

func (t *toggles) same(o *toggles) bool { return t.n == o.n && t.sum == o.sum }

// mayToggle reports whether a line can be an undo or a redo: its kind
// ends in done", unless it hides its letters in \u escapes.
func mayToggle(line []byte) bool {
	return bytes.Contains(line, []byte(`done"`)) || bytes.Contains(line, []byte(`\u`))
}

// scanToggles finds the undos and redos among the size bytes of r.
func scanToggles(r io.ReaderAt, size int64, progress func(read int64)) (*toggles, error) {
	ts := newToggles()
	sc := newLineScanner(r, size)
	next := int64(progressEvery)
	for {
		line, start, err := sc.next()
		if err == io.EOF {
			return ts, nil
		}
		if err != nil {
			return nil, err
		}
		if progress != nil && start >= next {
			progress(start)
			next = start + progressEvery
		}
		if !mayToggle(line) {
			continue
		}
		var h struct {
			Kind   string `json:"kind"`
			Target int    `json:"target"`
		}
		if json.Unmarshal(line, &h) != nil {
			continue // the fold says what is wrong with it
		}
		if h.Kind == EventUndone || h.Kind == EventRedone {
			ts.add(sc.n, h.Kind, h.Target)
		}
	}
}

// foldJournal reads the size bytes of r, a journal of whole lines, into
// the state its events make, as Replay of every event would, and the
// recent events a session keeps (a checkpoint first when there are more
// than RecentEvents). It holds one decoded line at a time besides those.
// An empty journal gives nil. progress, if not nil, is told the share
// read, from 0 to 1, now and then.
//
// Each line must be an event whose seq rises, that the fight takes. A
// last line that is not is a *DamagedJournal (its Path not set), which
// the Judge may set aside; a line before it is an error naming it.
func foldJournal(r io.ReaderAt, size int64, progress func(float64)) (*folded, error) {
	fo, err := foldAll(r, size, progress)
	var le *lineError
	if !errors.As(err, &le) {
		return fo, err
	}
	if le.last {
		return nil, damagedLine(r, size, le)
	}
	// A last line that undoes or redoes a command changes how the lines
	// before it fold: when they fold without it, it is the one to blame.
	start, toggle, terr := lastToggle(r, size)
	if terr != nil || !toggle {
		return nil, err
	}
	if _, perr := foldAll(r, start, nil); perr != nil {
		return nil, err
	}
	n, lerr := lineNumber(r, start)
	if lerr != nil {
		return nil, err
	}
	return nil, damagedLine(r, size, &lineError{line: n, start: start, last: true,
		err: fmt.Errorf("the undo or redo it makes leaves line %d unfit: %w", le.line, le.err)})
}

// foldAll is foldJournal, the last line not singled out.
func foldAll(r io.ReaderAt, size int64, progress func(float64)) (*folded, error) {
	if size == 0 {
		return nil, nil
	}
	// The first pass is a scan for a few bytes: a tenth of the bar.
	var p1, p2 func(int64)
	if progress != nil {
		p1 = func(n int64) { progress(0.1 * float64(n) / float64(size)) }
		p2 = func(n int64) { progress(0.1 + 0.9*float64(n)/float64(size)) }
	}
	ts, err := scanToggles(r, size, p1)
	if err != nil {
		return nil, err
	}
	fo, seen, err := foldWith(r, size, ts.undone, p2)
	if err != nil {
		return nil, err
	}
	if !seen.same(ts) {
		// A line the first pass could not read as an undo is one: fold
		// again, knowing every undo now.
		if fo, _, err = foldWith(r, size, seen.undone, nil); err != nil {
			return nil, err
		}
	}
	if progress != nil {
		progress(1)
	}
	return fo, nil
}

// lineError is a fold's failure on one line of a journal.
type lineError struct {
	line  int   // its number, from 1
	start int64 // where it starts
	last  bool  // it is the journal's last line
	err   error
}

func (e *lineError) Error() string { return fmt.Sprintf("line %d: %v", e.line, e.err) }
func (e *lineError) Unwrap() error { return e.err }

// damagedLine is the damage of le, the last line of the size bytes of r.
func damagedLine(r io.ReaderAt, size int64, le *lineError) error {
	d := &DamagedJournal{Line: le.line, Offset: le.start, Size: size, Reason: le.err.Error()}
	var err error
	if d.sum, err = sumOf(r, le.start, size); err != nil {
		return err
	}
	return d
}

// lastToggle finds the last line of the size bytes of r, a journal of
// whole lines: where it starts, and whether it is an undo or a redo.
func lastToggle(r io.ReaderAt, size int64) (start int64, toggle bool, err error) {
	end := size
	var b [1]byte
	if _, err := r.ReadAt(b[:], size-1); err != nil {
		return 0, false, err
	}
	if b[0] == '\n' {
		end--
	}
	if start, err = lineStart(r, end); err != nil || end-start > MaxJournalLine {
		return 0, false, err
	}
	line := make([]byte, end-start)
	if _, err := r.ReadAt(line, start); err != nil {
		return 0, false, err
	}
	var h struct {
		Kind string `json:"kind"`
	}
	if json.Unmarshal(line, &h) != nil {
		return start, false, nil
	}
	return start, h.Kind == EventUndone || h.Kind == EventRedone, nil
}

// foldWith is the fold's second pass: every line decoded and folded in,
// leaving out the events of the commands undone at the end (undone). It
// returns the undos and redos it met. A line that is not an event, whose
// seq does not rise or that the fight does not take is a *lineError.
func foldWith(r io.ReaderAt, size int64, undone map[int]bool, progress func(int64)) (*folded, *toggles, error) {
	p := &foldPass{sc: newLineScanner(r, size), size: size, undone: undone, progress: progress, fo: &folded{}, ts: newToggles(),
		bufs:  [2][]Event{make([]Event, 0, keepEvents+checkpointEvery+1), make([]Event, 0, keepEvents+checkpointEvery+1)},
		spare: 1, next: int64(progressEvery)}
	p.window = p.bufs[0][:0]
	for {
		line, start, err := p.sc.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		if err := p.take(line, start); err != nil {
			return nil, nil, err
		}
	}
	if p.bad != nil || p.opening == nil {
		return nil, nil, errNoOpening
	}
	fo, err := p.finish()
	if err != nil {
		return nil, nil, err
	}
	return fo, p.ts, nil
}

// foldPass is foldWith's pass through a journal as it goes: the opening,
// the recent events and the undos and redos met so far.
type foldPass struct {
	sc       *lineScanner
	size     int64
	undone   map[int]bool
	progress func(int64)
	fo       *folded
	ts       *toggles
	opening  *State
	bad      error // the first line is not an opening
	// The recent events (window), in one of two arrays: a checkpoint
	// copies those it keeps into the other (spare).
	bufs      [2][]Event
	window    []Event
	spare     int
	next      int64 // where progress is told next
	prev      int   // the seq of the line before
	lastStart int64 // where the last line read starts
}

// lineOf is the line of window[i]: the window's events are the last lines
// read.
func (p *foldPass) lineOf(i int) int {
	return p.sc.n - (len(p.window) - 1 - i)
}

// fail is the *lineError of line, starting at start (-1: not kept).
func (p *foldPass) fail(line int, start int64, err error) error {
	return &lineError{line: line, start: start, last: line == p.sc.n && p.sc.off == p.size, err: err}
}

// take decodes one line, starting at start, and keeps its event among
// the recent ones, folding the oldest away when there are too many.
func (p *foldPass) take(line []byte, start int64) error {
	p.lastStart = start
	if p.progress != nil && start >= p.next {
		p.progress(start)
		p.next = start + progressEvery
	}
	var e Event
	if err := json.Unmarshal(line, &e); err != nil {
		return p.fail(p.sc.n, start, err)
	}
	if err := p.inOrder(&e, start); err != nil {
		return err
	}
	p.prev = e.Seq
	if p.bad != nil {
		return nil
	}
	if e.Kind == EventUndone || e.Kind == EventRedone {
		p.ts.add(p.sc.n, e.Kind, e.Target)
	}
	p.fo.cmds = max(p.fo.cmds, e.Cmd)
	p.window = append(p.window, e)
	if len(p.window) <= keepEvents+checkpointEvery {
		return nil
	}
	folded, i, err := foldOldest(p.opening, p.window, p.undone, p.bufs[p.spare][:0])
	if err != nil {
		// An earlier line: its start is not kept, and not needed.
		return p.fail(p.lineOf(i), -1, err)
	}
	if &folded[0] != &p.window[0] {
		clear(p.window) // what it held is in the other array, or folded
		p.window, p.spare = folded, 1-p.spare
	}
	return nil
}

// inOrder checks that the first line opens a fight (its state becomes
// the opening) and that every later one's seq rises. A first line that
// is no opening is kept in bad: a later line that is not even an event
// says more, if there is one.
func (p *foldPass) inOrder(e *Event, start int64) error {
	if p.sc.n != 1 {
		if p.bad == nil && e.Seq <= p.prev {
			return p.fail(p.sc.n, start, fmt.Errorf("seq %d after seq %d: the events are out of order", e.Seq, p.prev))
		}
		return nil
	}
	if e.Kind != EventOpened || e.Fight == nil {
		p.bad = errNoOpening
		if p.sc.off == p.size {
			return p.fail(1, start, errNoOpening)
		}
		return nil
	}
	var err error
	if p.opening, err = e.Fight.State(); err != nil {
		return p.fail(1, start, fmt.Errorf("opening event: %w", err))
	}
	return nil
}

// finish is the fold: the opening with its log (the events applied before
// the recent ones, as far back as a session's state keeps them), the
// recent events, and the state after them.
func (p *foldPass) finish() (*folded, error) {
	opening, window := p.opening, p.window
	st := opening.Clone()
	opening.Log = nil
	st, i, err := replayAt(st, window)
	if err != nil {
		at := int64(-1)
		if i == len(window)-1 {
			at = p.lastStart
		}
		return nil, p.fail(p.lineOf(i), at, err)
	}
	if window[0].Fight == nil { // a checkpoint: the log keeps what a live session's would
		trimLog(st, keepEvents)
	}
	p.fo.opening, p.fo.events, p.fo.state = opening, window, st
	return p.fo, nil
}

// foldOldest folds all but about the last keepEvents events of window
// into opening, as Session.checkpoint does, leaving out the commands
// undone at the journal's end, and returns the events left, in out: a
// checkpoint standing for the events folded, then the rest (or window
// itself, when a command's events are all it holds). opening's log keeps
// the last keepEvents events applied. An event opening refuses fails
// it: i is its index in window.
func foldOldest(opening *State, window []Event, undone map[int]bool, out []Event) (_ []Event, i int, _ error) {
	cut := checkpointCut(window)
	if cut >= len(window) {
		return window, 0, nil
	}
	for i, e := range window[1:cut] {
		if e.Cmd != 0 && undone[e.Cmd] {
			continue
		}
		if err := opening.Apply(e); err != nil {
			return nil, 1 + i, err
		}
		if len(opening.Log) >= 2*keepEvents {
			trimLog(opening, keepEvents)
		}
	}
	prev := window[cut-1]
	out = append(out, checkpointEvent(prev, opening.Round))
	out = append(out, window[cut:]...)
	return out, 0, nil
}

// checkpointEvent is the opening event a checkpoint puts in place of the
// last event it stands for, prev; its fight is made when a client first
// needs it (Session.recent).
func checkpointEvent(prev Event, round int) Event {
	return Event{Seq: prev.Seq, Kind: EventOpened, Time: prev.Time,
		Text: fmt.Sprintf("The fight goes on in round %d (older events are in the journal).", round)}
}

// trimLog keeps the last n events of st's log, in an array of their own.
func trimLog(st *State, n int) {
	if len(st.Log) > n {
		st.Log = append([]Event(nil), st.Log[len(st.Log)-n:]...)
	}
}
