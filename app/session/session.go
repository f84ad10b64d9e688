package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"hexslinger/hexmap"
)

// Session owns one fight: its events, its state and its journal. It is safe
// for use by many goroutines.
type Session struct {
	mu sync.Mutex
	// secret keys the fight's rolls where its file fixes no seed (dice.go):
	// drawn as the session opens, never journaled nor sent; tries counts
	// the commands that rolled with it.
	secret [32]byte
	tries  uint64
	// events are the fight's recent events, the first an opening: the
	// fight's own, or a checkpoint (a snapshot standing for the events
	// before it, which only the journal keeps). Memory stays flat however
	// long the fight; undo and redo read the whole history back from the
	// journal when they need it.
	events  []Event
	opening *State // the state at events[0]
	// points are undo points among the recent events, oldest first: an
	// undo or redo folds the state again from the nearest (undopoint.go).
	points  []undoPoint
	cmds    int // the number of the last command
	state   *State
	journal *Journal
	subs    map[int]chan<- Event
	queues  map[*Queue]bool // Listen's subscribers
	nextSub int
	marks   map[int]chan<- Signal // subscribers to highlights and pings
	replay  *Moment               // the moment the Judge's windows replay (ShowReplay)
	now     func() time.Time
	// sights are what the players' sights at each recent event's making
	// are made from, by seq.
	sights map[int]*sightBase
	// Group commit: events are written and published under mu, and synced
	// together (commit); a command is acknowledged only once its events
	// are synced. Publishing does not wait for the sync, so the fsync is
	// not on the path from a command to the table's windows.
	written int   // the last seq written to the journal
	broken  error // a sync failed: the session takes no more commands
	sync    groupSync
}

// groupSync is the group commit's leader election: one caller syncs the
// journal for every event written so far while the others wait.
type groupSync struct {
	mu     sync.Mutex
	cond   *sync.Cond
	synced int  // the last seq synced
	busy   bool // a leader is syncing
	err    error
}

// Open starts a session for fight with the journal at journalPath. An
// existing journal is replayed (its own opening event, not fight, decides
// the fight), so a fight comes back after a crash with every acknowledged
// event; an empty one gets the opening event. A journal whose last line is
// damaged (torn, not an event, an event whose seq does not rise or that
// the fight refuses) is refused with a *DamagedJournal and left as it is
// (SetAside moves the line beside it); a bad line before it is an error
// naming it.
func Open(fight *FightFile, journalPath string) (*Session, error) {
	return OpenWith(fight, journalPath, OpenOptions{})
}

// OpenOptions are how OpenWith reads a journal.
type OpenOptions struct {
	// Progress, if not nil, is told now and then how much of the journal
	// has been read, from 0 to 1 (on OpenWith's goroutine).
	Progress func(done float64)
}

// OpenWith is Open, with options. The journal is read one line at a time:
// the session holds the recent events and the state, never the whole
// journal.
func OpenWith(fight *FightFile, journalPath string, o OpenOptions) (*Session, error) {
	j, err := OpenJournal(journalPath)
	if err != nil {
		return nil, err
	}
	s := &Session{journal: j, subs: map[int]chan<- Event{}, now: time.Now, sights: map[int]*sightBase{}}
	s.sync.cond = sync.NewCond(&s.sync.mu)
	fo, err := foldJournal(j.f, j.size, o.Progress)
	if err != nil {
		j.Close()
		var d *DamagedJournal
		if errors.As(err, &d) {
			d.Path = journalPath
			return nil, d
		}
		return nil, fmt.Errorf("journal %s: %w", journalPath, err)
	}
	if fo == nil {
		opened := Event{Seq: 1, Kind: EventOpened, Time: s.now(), Fight: fight,
			Text: fmt.Sprintf("The fight %q opens.", shortName(fight.Name))}
		opening, err := Replay([]Event{opened})
		if err != nil {
			j.Close()
			return nil, err
		}
		if err := j.Append(opened); err != nil {
			j.Close()
			return nil, err
		}
		fo = &folded{opening: opening, events: []Event{opened}, state: opening.Clone()}
	}
	s.events, s.opening, s.state, s.cmds = fo.events, fo.opening, fo.state, fo.cmds
	s.written = s.events[len(s.events)-1].Seq
	s.sync.synced = s.written
	s.checkpoint()
	s.sights[s.written] = s.state.sightBase() // what the next command's known maps are weighed against
	s.secret = newSecret()
	return s, nil
}

// Replay folds events, the opening first, into a state, leaving out the
// commands the Judge has undone (and not redone). Replay of the same events
// always gives the same state.
func Replay(events []Event) (*State, error) {
	st, err := openingOf(events)
	if err != nil {
		return nil, err
	}
	return replayOnto(st, events)
}

// openingOf is the state events open with: their first's fight.
func openingOf(events []Event) (*State, error) {
	if len(events) == 0 || events[0].Kind != EventOpened || events[0].Fight == nil {
		return nil, errNoOpening
	}
	st, err := events[0].Fight.State()
	if err != nil {
		return nil, fmt.Errorf("opening event: %w", err)
	}
	return st, nil
}

// replayOnto folds events after the opening into st, the opening state.
func replayOnto(st *State, events []Event) (*State, error) {
	st, _, err := replayAt(st, events)
	return st, err
}

// replayAt is replayOnto, and the index in events of the event st
// refused, when one is.
func replayAt(st *State, events []Event) (*State, int, error) {
	undone := undoneCommands(events)
	for i, e := range events[1:] {
		if undone[e.Cmd] && e.Cmd != 0 {
			continue
		}
		if err := st.Apply(e); err != nil {
			return nil, 1 + i, err
		}
	}
	return st, 0, nil
}

// undoneCommands returns the commands that stand undone at the end of
// events.
func undoneCommands(events []Event) map[int]bool {
	undone := map[int]bool{}
	for _, e := range events {
		switch e.Kind {
		case EventUndone:
			undone[e.Target] = true
		case EventRedone:
			delete(undone, e.Target)
		}
	}
	return undone
}

// Do carries out a command as the Judge.
func (s *Session) Do(c Command) ([]Event, error) { return s.DoAs(nil, c) }

// ErrInternal is wrapped by the error of a command that failed for a bug:
// it was refused, logged with the command, and the session goes on.
var ErrInternal = errors.New("internal error")

// DoAs validates and carries out a command from a seat (nil: the Judge):
// its events are journaled, applied, broadcast and synced before DoAs
// returns them. A command the seat may not give returns a *Forbidden, one
// the rules refuse a *Refusal; neither changes anything.
//
// Commands are decided and written one at a time, and synced in groups:
// while one caller syncs the journal, the commands that arrive are
// written behind it and synced by the next sync together.
func (s *Session) DoAs(seat *Seat, c Command) ([]Event, error) {
	return s.Start(seat, c)()
}

// Start decides a command and writes its events, as DoAs does, and
// returns a wait that gives DoAs's answer once they are synced. A client's
// connection starts its next command while this one's sync is under way,
// so that one sync serves many commands, and each client's commands still
// happen in the order it sent them.
func (s *Session) Start(seat *Seat, c Command) (wait func() ([]Event, error)) {
	var events []Event
	var err error
	for try := 1; ; try++ {
		// An undo or redo that reaches past the recent events reads the
		// journal back without the lock, and is carried out under it if
		// the journal is as it was read; else read again, or at the last
		// try under the lock.
		var plan *deepPlan
		last := try == deepTries
		if (c.Kind == CommandUndo || c.Kind == CommandRedo) && !last {
			plan = s.planDeep(seat, c)
		}
		events, err = s.decideAndWrite(seat, c, plan, last)
		if err != errStale {
			break
		}
	}
	if err != nil || len(events) == 0 {
		return func() ([]Event, error) { return nil, err }
	}
	return func() ([]Event, error) {
		if err := s.commit(events[len(events)-1].Seq); err != nil {
			return nil, fmt.Errorf("the command's events were written but the journal could not be synced: %w", err)
		}
		return events, nil
	}
}

// decideAndWrite decides a command, writes its events to the journal
// (unsynced) and applies them, under the lock. A panic inside is caught:
// the journal and the state are put back as they were, and the command
// fails with ErrInternal. An undo or redo that reaches past the recent
// events is plan, read without the lock, if the journal is still as plan
// read it; else it is read here when deep is true, errStale when not.
func (s *Session) decideAndWrite(seat *Seat, c Command, plan *deepPlan, deep bool) (events []Event, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.broken != nil {
		return nil, fmt.Errorf("the journal failed (%v): save the fight and open it again", s.broken)
	}
	// What a rollback puts back, and how far the command got.
	back := rollback{events: s.events[:len(s.events):len(s.events)], opening: s.opening, cmds: s.cmds}
	defer func() {
		if r := recover(); r != nil && s.afterPanic(r, c, &back) {
			events, err = nil, fmt.Errorf("%w: the command was not carried out (%v)", ErrInternal, r)
		}
	}()
	if err := checkCommand(c); err != nil {
		return nil, err
	}
	if err := authorize(seat, s.state, c); err != nil {
		return nil, err
	}
	events, fo, tail, err := s.eventsOf(seat, c, plan, deep)
	if err != nil {
		return nil, err
	}
	seq, cmd := s.number(c, events, fo != nil)
	size := s.journal.size
	if err := s.journal.Write(events...); err != nil {
		return nil, fmt.Errorf("the command was not carried out: %w", err)
	}
	back.written = true
	s.foldIn(c, events, fo, size+int64(tail), seq, cmd)
	s.noteSights(events, seq)
	s.written = seq
	s.publish(events)
	// The events are out: from here a panic must not take them back
	// (the windows have them); it stops the session instead.
	back.published = true
	if c.Kind != CommandUndo && c.Kind != CommandRedo {
		// Fold old events away on ordinary commands only, so that a run of
		// undos reads the journal back once; last, so that a rollback above
		// finds the events as they were.
		s.checkpoint()
	}
	return events, nil
}

// rollback is what decideAndWrite puts back should a command panic, and
// how far the command got: its events written to the journal, or
// published too.
type rollback struct {
	events             []Event
	opening            *State
	cmds               int
	written, published bool
}

// afterPanic logs a command's panic r and puts the journal and the state
// back as they were before it. Once its events are published they stand
// and are answered as carried out: the session only takes no more
// commands (false). Else the command fails with ErrInternal (true).
func (s *Session) afterPanic(r any, c Command, back *rollback) bool {
	slog.Error("session: a command panicked", "panic", r, "command", fmt.Sprintf("%+v", c), "stack", string(debug.Stack()))
	if back.published {
		// Only the checkpoint after them failed.
		s.broken = fmt.Errorf("a checkpoint failed after command %d: %v", s.cmds, r)
		return false
	}
	if back.written {
		if terr := s.journal.Rollback(); terr != nil {
			s.broken = terr
		}
		s.events, s.opening, s.cmds = back.events, back.opening, back.cmds
		s.points = nil
		if st, rerr := replayOnto(s.opening.Clone(), s.events); rerr == nil {
			s.state = st
		} else {
			s.broken = rerr
		}
	}
	return true
}

// eventsOf decides command c's events. An undo or redo that reaches past
// memory has the journal read back, and folded with its lines (tail
// bytes), numbered and timed: plan's, read without the lock, if the
// journal is still as plan read it; else read here when deep is true,
// errStale when not.
func (s *Session) eventsOf(seat *Seat, c Command, plan *deepPlan, deep bool) (events []Event, fo *folded, tail int, err error) {
	if c.Kind != CommandUndo && c.Kind != CommandRedo {
		events, err = decide(s.state, c, s.randomness(seat, c))
		return events, nil, 0, err
	}
	// The recent events hold the command to take back or put back,
	// unless it is older than the last checkpoint.
	// A redo's command may be older too: the recent events hold an
	// undo of it, not its own events, which a replay of them would
	// leave out.
	events, err = undoStep(c.Kind, s.events)
	if !s.reachesBack(c.Kind, events, err) {
		return events, nil, 0, err
	}
	switch {
	case plan.holds(s):
		if plan.err != nil {
			return nil, nil, 0, plan.err
		}
		return slices.Clone(plan.events), plan.fold, len(plan.tail), nil
	case deep:
		return s.readBack(c.Kind)
	default:
		return nil, nil, 0, errStale
	}
}

// number gives a command's events their sequence numbers, times and
// command number, unless folded (numbered and timed as folded); an undo
// or redo takes no command number. It returns the last event's number and
// the command's.
func (s *Session) number(c Command, events []Event, folded bool) (seq, cmd int) {
	seq, cmd = s.events[len(s.events)-1].Seq, s.cmds+1
	for i := range events {
		seq++
		if folded {
			continue
		}
		events[i].Seq = seq
		events[i].Time = s.now()
		if c.Kind != CommandUndo && c.Kind != CommandRedo {
			events[i].Cmd = cmd
		}
	}
	return seq, cmd
}

// foldIn brings the state up to a command's events, just written: an undo
// or redo read back (fo) is the whole journal folded again as it opens
// (as it was read, when the journal is size bytes and the last event seq,
// the lines written being the ones folded; else read again); one from
// memory replays the recent events; any other command applies its events.
// An event that does not fold is a bug in deciding it: it panics, and
// decideAndWrite rolls the command back.
func (s *Session) foldIn(c Command, events []Event, fo *folded, size int64, seq, cmd int) {
	switch {
	case fo != nil:
		if s.journal.size != size || events[len(events)-1].Seq != seq {
			var err error
			if fo, err = foldJournal(s.journal.f, s.journal.size, nil); err != nil {
				panic(fmt.Sprintf("undo made events that do not replay: %v", err))
			}
		}
		s.state, s.opening, s.events = fo.state, fo.opening, fo.events
		s.points = nil
	case c.Kind == CommandUndo || c.Kind == CommandRedo:
		recent := append(s.events, events...)
		st, err := s.refold(recent, events[0].Target)
		if err != nil {
			panic(fmt.Sprintf("undo made events that do not replay: %v", err))
		}
		s.state, s.events = st, recent
	default:
		s.cmds = cmd
		for _, e := range events {
			if err := s.applyLive(s.state, e); err != nil {
				panic(fmt.Sprintf("decide made an event the state refuses: %v", err))
			}
		}
		s.events = append(s.events, events...)
		s.notePoint()
	}
}

// noteSights keeps what each seat saw after each of a command's events
// (the last seq), and forgets the sights older than the recent events and
// a checkpoint's worth.
func (s *Session) noteSights(events []Event, seq int) {
	v := s.state.sightBase()
	v.noteRefreshed(s.sights[events[0].Seq-1], s.state, events[0].Seq)
	for _, e := range events {
		s.sights[e.Seq] = v
	}
	for q := range s.sights {
		if q <= seq-keepEvents-checkpointEvery {
			delete(s.sights, q)
		}
	}
}

// commit returns once the journal is synced up to seq. The first caller
// to find no sync under way syncs everything written so far; the others
// wait for it, and one sync serves them all.
func (s *Session) commit(seq int) error {
	g := &s.sync
	g.mu.Lock()
	defer g.mu.Unlock()
	for g.synced < seq && g.err == nil {
		if g.busy {
			g.cond.Wait()
			continue
		}
		g.busy = true
		g.mu.Unlock()
		s.mu.Lock()
		upto := s.written
		s.mu.Unlock()
		err := s.journal.Sync()
		if err != nil {
			s.mu.Lock()
			s.broken = err
			s.mu.Unlock()
		}
		g.mu.Lock()
		g.busy = false
		if err != nil {
			g.err = err
		} else {
			g.synced = max(g.synced, upto)
		}
		g.cond.Broadcast()
	}
	return g.err
}

// publish sends a command's events to the subscribers, in order. The
// caller holds s.mu, so every subscriber gets every event in journal
// order.
func (s *Session) publish(batch []Event) {
	for q := range s.queues {
		if !q.push(batch) {
			// Dropped for falling behind; it resyncs on reconnecting.
			delete(s.queues, q)
		}
	}
	for id, ch := range s.subs {
		for _, e := range batch {
			select {
			case ch <- e:
			default:
				// A subscriber that cannot keep up is dropped; it may
				// subscribe again and resync from the events.
				close(ch)
				delete(s.subs, id)
			}
			if _, ok := s.subs[id]; !ok {
				break
			}
		}
	}
}

// keepEvents is how many recent events the session holds in memory;
// checkpointEvery more, and it folds the older ones into a checkpoint.
const (
	keepEvents      = 256
	checkpointEvery = 64
)

// checkpoint folds all but about the last keepEvents events into a new
// opening event holding a snapshot of the fight at that point.
func (s *Session) checkpoint() {
	if len(s.events) <= keepEvents+checkpointEvery {
		return
	}
	cut := checkpointCut(s.events)
	if cut >= len(s.events) {
		return
	}
	// The old opening is dropped, so the new one shares its map unless an
	// event changes the map (a big map's copy would stall the command).
	st := s.opening.clone(slices.ContainsFunc(s.events[1:cut], touchesMap))
	if err := foldInto(st, s.events[1:cut], undoneCommands(s.events)); err != nil {
		return // a bug; keep every event rather than lose one
	}
	// The opening event's snapshot is made when a client first needs it
	// (recent), so a checkpoint costs only the replay above.
	// The checkpoint takes the place of the last event it stands for, so
	// the events kept are not copied (a command's latency would pay for
	// it); the array is copied whole only when append next outgrows it.
	prev := s.events[cut-1]
	st.Log = nil
	s.opening = st
	s.events = s.events[cut-1:]
	s.events[0] = checkpointEvent(prev, st.Round)
	s.dropPointsBefore(prev.Seq)
	// The state's log keeps no more than the events do.
	if n := len(s.state.Log); n > keepEvents {
		s.state.Log = s.state.Log[n-keepEvents:]
	}
}

// checkpointCut is where a checkpoint of events cuts them: all but about
// the last keepEvents go, a command's events kept together;
// len(events) when none would be left.
func checkpointCut(events []Event) int {
	cut := len(events) - keepEvents
	for cut < len(events) && events[cut].Cmd != 0 && events[cut].Cmd == events[cut-1].Cmd {
		cut++
	}
	return cut
}

// foldInto applies events to st, a checkpoint's opening, leaving out the
// commands undone (undone); st keeps no log of them.
func foldInto(st *State, events []Event, undone map[int]bool) error {
	for _, e := range events {
		if e.Cmd != 0 && undone[e.Cmd] {
			continue
		}
		if err := st.Apply(e); err != nil {
			return err
		}
		st.Log = st.Log[:0] // no need to grow one
	}
	return nil
}

// recent returns a copy of the events in memory, the first an opening
// with its fight: a checkpoint's snapshot is made here, once. The caller
// holds s.mu.
func (s *Session) recent() []Event {
	if s.events[0].Fight == nil {
		s.events[0].Fight = s.opening.Snapshot(nil)
	}
	return append([]Event(nil), s.events...)
}

// undoTracker follows which commands are in effect and which may be
// redone, one event at a time.
type undoTracker struct {
	undone map[int]bool
	active []int   // the commands in effect, oldest first, and some undone since (left out by stacks)
	at     []int64 // where each active command's first event is, when known
	redo   []int   // the undone commands that may be redone, most recently undone last
	// cleared: a new command cleared the redo stack; what came before
	// the events followed cannot be redone.
	cleared bool
}

func newUndoTracker() *undoTracker { return &undoTracker{undone: map[int]bool{}} }

// add follows event e, found at offset at (-1: unknown).
func (u *undoTracker) add(e Event, at int64) {
	switch {
	case e.Kind == EventUndone:
		u.undone[e.Target] = true
		u.redo = append(u.redo, e.Target)
	case e.Kind == EventRedone:
		delete(u.undone, e.Target)
		if i := slices.Index(u.redo, e.Target); i >= 0 {
			u.redo = slices.Delete(u.redo, i, i+1)
		}
	case e.Cmd != 0 && (len(u.active) == 0 || u.active[len(u.active)-1] != e.Cmd) && !u.undone[e.Cmd]:
		u.active = append(u.active, e.Cmd)
		u.at = append(u.at, at)
		u.redo = nil
		u.cleared = true
	}
}

// stacks returns the commands in effect, oldest first, and the undone
// ones that may be redone, most recently undone last.
func (u *undoTracker) stacks() (active, redo []int) {
	for _, c := range u.active {
		if !u.undone[c] {
			active = append(active, c)
		}
	}
	return active, u.redo
}

// undoStack returns the commands in effect, oldest first, and the undone
// ones that may be redone, most recently undone last. A new command after
// an undo clears the redo stack.
func undoStack(events []Event) (active []int, redo []int) {
	u := newUndoTracker()
	for _, e := range events {
		u.add(e, -1)
	}
	return u.stacks()
}

// commandText is the log sentence of a command's first event.
func commandText(events []Event, cmd int) string {
	for _, e := range events {
		if e.Cmd == cmd {
			return e.Text
		}
	}
	return ""
}

func undo(events []Event) ([]Event, error) {
	active, _ := undoStack(events)
	if len(active) == 0 {
		return nil, refuse("there is nothing to undo")
	}
	c := active[len(active)-1]
	return []Event{{Kind: EventUndone, Target: c, Text: "The Judge takes back: " + commandText(events, c)}}, nil
}

func redo(events []Event) ([]Event, error) {
	_, stack := undoStack(events)
	if len(stack) == 0 {
		return nil, refuse("there is nothing to redo")
	}
	c := stack[len(stack)-1]
	return []Event{{Kind: EventRedone, Target: c, Text: "The Judge puts back: " + commandText(events, c)}}, nil
}

// decidedRecently reports whether an undo or redo (kind) the recent
// events refuse is refused by the whole history too: a redo is, when a
// command among them cleared the redo stack.
func decidedRecently(kind string, events []Event) bool {
	if kind != CommandRedo {
		return false
	}
	u := newUndoTracker()
	for _, e := range events[1:] {
		u.add(e, -1)
	}
	return u.cleared
}

// undoStep is undo or redo (kind) on events.
func undoStep(kind string, events []Event) ([]Event, error) {
	if kind == CommandRedo {
		return redo(events)
	}
	return undo(events)
}

// deepTries is how many times an undo or redo that reaches past the
// recent events reads the journal back: without the lock, while commands
// carried out meanwhile change the journal, and the last time under it.
const deepTries = 3

// errStale is decideAndWrite's answer to a plan the journal outgrew: read
// it again.
var errStale = errors.New("the journal changed while it was read back")

// reachesBack reports whether undo or redo (kind) must read the journal
// back: what undoStep made of the recent events (events, err) is not the
// whole answer. An undo or redo refused for want of a command is,
// unless the recent events decided it (a new command cleared the redos)
// or hold the fight's opening; a redo is, of a command whose events the
// recent events do not hold (folded into the checkpoint, which left them
// out as undone).
func (s *Session) reachesBack(kind string, events []Event, err error) bool {
	if s.events[0].Seq == 1 {
		return false // every event is in memory
	}
	var ref *Refusal
	if errors.As(err, &ref) {
		return !decidedRecently(kind, s.events)
	}
	if err != nil || kind != CommandRedo || len(events) == 0 {
		return false
	}
	target := events[0].Target
	return !slices.ContainsFunc(s.events, func(e Event) bool { return e.Cmd == target })
}

// deepPlan is an undo or redo that reaches past the recent events, read
// back from the journal without the session's lock: it holds while the
// journal is as it was read.
type deepPlan struct {
	size   int64   // the journal's bytes when it was read
	last   int     // the last seq then
	err    error   // the refusal (nothing to undo or redo)
	events []Event // else the undo or redo, numbered and timed
	tail   []byte  // its lines, as Write puts them
	fold   *folded // the journal with them, folded
}

// holds reports whether p was read from the journal as it is (the caller
// holds s.mu).
func (p *deepPlan) holds(s *Session) bool {
	return p != nil && s.journal.size == p.size && s.events[len(s.events)-1].Seq == p.last
}

// planDeep reads back the journal for an undo or redo (c) that reaches
// past the recent events, holding the session's lock only to look: nil
// for a command that does not (or may not, or fails to read).
func (s *Session) planDeep(seat *Seat, c Command) *deepPlan {
	s.mu.Lock()
	if s.broken != nil || checkCommand(c) != nil || authorize(seat, s.state, c) != nil {
		s.mu.Unlock()
		return nil
	}
	events, err := undoStep(c.Kind, s.events)
	if !s.reachesBack(c.Kind, events, err) {
		s.mu.Unlock()
		return nil
	}
	p := &deepPlan{size: s.journal.size, last: s.events[len(s.events)-1].Seq}
	unended := s.journal.unended
	s.mu.Unlock()
	// The lines below size are written and never cut while the session
	// is open: they read as they are without the lock.
	f := s.journal.f
	e, undone, err := deepStep(f, p.size, c.Kind)
	afterDeepRead()
	if err != nil {
		var ref *Refusal
		if !errors.As(err, &ref) {
			return nil // let the lock's try say what is wrong
		}
		p.err = err
		return p
	}
	e.Seq, e.Time = p.last+1, s.now()
	p.events = []Event{e}
	tail, err := encodeEvents(p.events)
	if err != nil {
		return nil
	}
	if unended {
		tail = append([]byte{'\n'}, tail...)
	}
	p.tail = tail
	if p.fold, _, err = foldWith(appendedReader{f, p.size, tail}, p.size+int64(len(tail)), undone, nil); err != nil {
		return nil
	}
	return p
}

// readBack is undo or redo (kind) on the whole history, the journal read
// back under the lock: the event (numbered and timed), the journal with
// it folded, and how many bytes its line adds to the journal.
func (s *Session) readBack(kind string) ([]Event, *folded, int, error) {
	e, undone, err := deepStep(s.journal.f, s.journal.size, kind)
	afterDeepRead()
	if err != nil {
		return nil, nil, 0, err
	}
	e.Seq, e.Time = s.events[len(s.events)-1].Seq+1, s.now()
	tail, err := encodeEvents([]Event{e})
	if err != nil {
		return nil, nil, 0, err
	}
	if s.journal.unended {
		tail = append([]byte{'\n'}, tail...)
	}
	fo, _, err := foldWith(appendedReader{s.journal.f, s.journal.size, tail}, s.journal.size+int64(len(tail)), undone, nil)
	if err != nil {
		panic(fmt.Sprintf("undo made events that do not replay: %v", err))
	}
	return []Event{e}, fo, len(tail), nil
}

// appendedReader reads the size bytes of r, then tail.
type appendedReader struct {
	r    io.ReaderAt
	size int64
	tail []byte
}

func (a appendedReader) ReadAt(p []byte, off int64) (int, error) {
	n := 0
	if off < a.size {
		k := int(min(int64(len(p)), a.size-off))
		m, err := a.r.ReadAt(p[:k], off)
		n += m
		if m < k {
			if err == nil || err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return n, err
		}
		off += int64(m)
	}
	if n < len(p) {
		at := off - a.size
		if at >= int64(len(a.tail)) {
			return n, io.EOF
		}
		n += copy(p[n:], a.tail[at:])
		if n < len(p) {
			return n, io.EOF
		}
	}
	return n, nil
}

// deepStep is undo or redo (kind) on the whole history, the size bytes
// of the journal r read back one line at a time: the event that takes
// back or puts back a command (the sentence of that command's first
// event), and the commands undone once it is carried out.
func deepStep(r io.ReaderAt, size int64, kind string) (Event, map[int]bool, error) {
	u := newUndoTracker()
	sc := newLineScanner(r, size)
	for {
		line, start, err := sc.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return Event{}, nil, fmt.Errorf("read the journal back: %w", err)
		}
		var h struct {
			Cmd    int    `json:"cmd"`
			Kind   string `json:"kind"`
			Target int    `json:"target"`
		}
		if err := json.Unmarshal(line, &h); err != nil {
			return Event{}, nil, fmt.Errorf("read the journal back: line %d: %v", sc.n, err)
		}
		u.add(Event{Cmd: h.Cmd, Kind: h.Kind, Target: h.Target}, start)
	}
	active, stack := u.stacks()
	var c int
	switch {
	case kind == CommandUndo && len(active) == 0:
		return Event{}, nil, refuse("there is nothing to undo")
	case kind == CommandUndo:
		c = active[len(active)-1]
	case len(stack) == 0:
		return Event{}, nil, refuse("there is nothing to redo")
	default:
		c = stack[len(stack)-1]
	}
	text, err := firstText(r, size, u, c)
	if err != nil {
		return Event{}, nil, fmt.Errorf("read the journal back: %w", err)
	}
	e := Event{Kind: EventUndone, Target: c, Text: "The Judge takes back: " + text}
	if kind == CommandRedo {
		e = Event{Kind: EventRedone, Target: c, Text: "The Judge puts back: " + text}
	}
	u.add(e, -1)
	return e, u.undone, nil
}

// afterDeepRead is called once a deep undo has read the journal (tests).
var afterDeepRead = func() {}

// firstText reads the sentence of command c's first event from the
// size bytes of journal r, where u found it.
func firstText(r io.ReaderAt, size int64, u *undoTracker, c int) (string, error) {
	i := slices.Index(u.active, c)
	if i < 0 {
		return "", nil
	}
	sc := newLineScanner(io.NewSectionReader(r, u.at[i], size-u.at[i]), size-u.at[i])
	line, _, err := sc.next()
	if err != nil {
		return "", err
	}
	var e struct {
		Text string `json:"text"`
	}
	if err := json.Unmarshal(line, &e); err != nil {
		return "", err
	}
	return e.Text, nil
}

// Signal is a moment's mark on every map window: the figures to ring (the
// Judge picked a log entry) or a hex pinged, with who pinged it. A signal
// changes nothing and is not journaled; a window too busy to take it
// misses it.
type Signal struct {
	Figures []string
	Ping    *hexmap.Hex
	By      string // who pinged: the seat's name
	// Replay: the moment the Judge's map windows replay changed (for the
	// Judge's seats only): Session.Replaying says what it is now.
	Replay bool
}

// Highlight asks every map window to mark figures, as when the Judge picks
// a log entry.
func (s *Session) Highlight(ids []string) {
	s.signal(Signal{Figures: append([]string(nil), ids...)})
}

// Ping marks hex at on every map window for a few seconds, naming by, the
// seat that pinged it ("look here"). A hex off the map is refused.
func (s *Session) Ping(by string, at hexmap.Hex) error {
	s.mu.Lock()
	on := s.state.Map.Contains(at)
	s.mu.Unlock()
	if !on {
		return refuse("hex %v is not on the map", at)
	}
	s.signal(Signal{Ping: &at, By: by})
	return nil
}

func (s *Session) signal(m Signal) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ch := range s.marks {
		select {
		case ch <- m:
		default:
		}
	}
}

// SubscribeSignals returns the highlights and pings to come, and a
// cancel that ends them.
func (s *Session) SubscribeSignals() (<-chan Signal, func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.marks == nil {
		s.marks = map[int]chan<- Signal{}
	}
	id := s.nextSub
	s.nextSub++
	ch := make(chan Signal, 4)
	s.marks[id] = ch
	return ch, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.marks, id)
	}
}

// Subscribe returns every event so far and a channel of the ones to come.
// The channel holds up to buf events; a subscriber that falls further behind
// has its channel closed. cancel ends the subscription.
func (s *Session) Subscribe(buf int) (past []Event, next <-chan Event, cancel func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := make(chan Event, buf)
	id := s.nextSub
	s.nextSub++
	s.subs[id] = ch
	past = s.recent()
	return past, ch, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if _, ok := s.subs[id]; ok {
			delete(s.subs, id)
			close(ch)
		}
	}
}

// State returns a copy of the current state.
func (s *Session) State() *State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state.Clone()
}

// LastSeq is the number of the fight's last event.
func (s *Session) LastSeq() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.events[len(s.events)-1].Seq
}

// RecentEvents is how many events a session keeps in memory at the most
// before it folds older ones into a checkpoint (the journal keeps them).
const RecentEvents = keepEvents + checkpointEvery

// JournalSize is how many bytes of whole lines the session has written
// to its journal: a copy of that many bytes is a journal of whole events,
// however the fight goes on meanwhile.
func (s *Session) JournalSize() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.journal.size
}

// JournalPath is the file the session journals to.
func (s *Session) JournalPath() string { return s.journal.Path() }

// Close closes the journal and every subscription.
func (s *Session) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, ch := range s.subs {
		close(ch)
		delete(s.subs, id)
	}
	for q := range s.queues {
		q.mu.Lock()
		q.end()
		q.mu.Unlock()
		delete(s.queues, q)
	}
	return s.journal.Close()
}

// Welcome returns what a seat is sent on connecting: for the Judge the
// recent events, the first an opening (the fight's, or a checkpoint's
// snapshot); for a player one opening event holding a snapshot of the
// fight as that player may see it.
func (s *Session) Welcome(seat *Seat) []Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	if seat == nil || seat.Role == RoleJudge {
		return s.recent()
	}
	last := s.events[len(s.events)-1]
	text := s.lastSaid(seat)
	if text == "" {
		text = fmt.Sprintf("%s joins %q.", seat.Name, shortName(s.state.Name))
	}
	return []Event{{Seq: last.Seq, Kind: EventOpened, Time: last.Time, Fight: s.state.Snapshot(seat), Text: text}}
}

// lastSaid is what the fight's last command said, as a player's seat may
// read it (commandSaid), by the sights before and after it. "" when the
// seat may read none of it. The caller holds s.mu.
func (s *Session) lastSaid(seat *Seat) string {
	last := s.events[len(s.events)-1]
	b := s.sights[last.Seq]
	if last.Cmd == 0 || b == nil {
		return ""
	}
	p := s.sights[b.first-1]
	if p == nil {
		return ""
	}
	sides := seatSides(seat, s.state)
	var events []Event
	for _, e := range s.events {
		if e.Cmd == last.Cmd {
			events = append(events, e)
		}
	}
	return commandSaid(p.sight(sides), b.sight(sides), b, mapSide(seat, s.state), events)
}

// commandSaid is what a player's seat reads of one command's events,
// whose sight was was before the command and v after it (made from b; its
// map is side's known map): each event's line (seatLine); a figure that
// came into view said once, and not again when a move ran into it (the
// ambush's own sentence says so), also when it came into view through
// another's doing (a posse figure's move brings an outlaw into sight);
// the figures that went out of view counted last. A fresh view sent for
// the command comes with it, so that the window says why.
func commandSaid(was, v *sight, b *sightBase, side string, events []Event) string {
	met := map[string]bool{}
	for _, e := range events {
		if _, shown, _ := seatLine(was, v, b, side, e); shown && e.Met != "" {
			met[e.Met] = true
		}
	}
	var said []string
	told := map[string]bool{}
	for _, e := range events {
		_, shown, line := seatLine(was, v, b, side, e)
		if !shown { // a figure came into view or went out of it, or nothing
			if line == "" || line == wentOutOfView || told[e.Figure] || met[e.Figure] {
				continue
			}
			told[e.Figure] = true
		}
		if line != "" {
			said = append(said, line)
		}
	}
	for _, f := range v.seen {
		if line := cameOrWent(was, v, f.id); line != "" && !told[f.id] && !met[f.id] {
			said = append(said, line)
		}
	}
	went := 0
	for _, f := range was.seen {
		if cameOrWent(was, v, f.id) == wentOutOfView {
			went++
		}
	}
	switch {
	case went == 1:
		said = append(said, wentOutOfView)
	case went > 1:
		said = append(said, fmt.Sprintf("%d figures go out of view.", went))
	}
	return strings.Join(said, " ")
}

// seatLine is what a player's seat is shown of e, an event of a command
// whose sight was was before the command and v after it (made from b; its
// map is side's known map): shown, e as the seat may see it (seatEvent's
// projection), and its line; or, for an event of a figure that came into
// view or went out of it in the command, not shown, and a line saying
// only that (cameOrWent), not where in the fog it came from or went, its
// path or what it spent; else not shown and no line.
func seatLine(was, v *sight, b *sightBase, side string, e Event) (out Event, shown bool, line string) {
	if was.sees(e.Figure) != v.sees(e.Figure) {
		return Event{}, false, cameOrWent(was, v, e.Figure)
	}
	out, send, _ := projectEvent(v, was, b, side, e)
	if !send {
		return Event{}, false, ""
	}
	return out, true, out.Text
}

// Visible keeps the figures of ids that seat may see.
func (s *Session) Visible(seat *Seat, ids []string) []string {
	if seat == nil || seat.Role == RoleJudge {
		return ids
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state.sightOf(seat).ids(ids)
}

// Owned lists the figures in view that seat commands now.
func (s *Session) Owned(seat *Seat) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return seat.Owned(s.state)
}

// ReplyText is a refusal's text as seat may read it: a player's names no
// figure out of view.
func (s *Session) ReplyText(seat *Seat, text string) string {
	if seat == nil || seat.Role == RoleJudge {
		return text
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state.sightOf(seat).text(text)
}

// ForSeat projects an event for a seat: the Judge sees every event; a
// player what the players' sight at the event's making lets through (see
// sight). resync is true when the view must be rebuilt instead (an undo, a
// redo, a figure hidden or revealed, or an event older than the sights
// the session keeps: a window far behind).
func (s *Session) ForSeat(seat *Seat, e Event) (out Event, send, resync bool) {
	if seat == nil || seat.Role == RoleJudge {
		// An undo may reach past what a Judge's window holds: resync.
		if e.Kind == EventUndone || e.Kind == EventRedone {
			return Event{}, false, true
		}
		return e, true, false
	}
	s.mu.Lock()
	b := s.sights[e.Seq]
	var p *sightBase
	if b != nil {
		p = s.sights[b.first-1] // the sight before e's command
	}
	if b == nil || p == nil {
		// Older than the sights the session keeps (a window far behind):
		// what the seat saw when it was made is no longer known, and
		// today's sight must not judge it. A fresh view instead.
		s.mu.Unlock()
		return Event{}, false, true
	}
	sides := seatSides(seat, s.state)
	v, was := b.sight(sides), p.sight(sides)
	side := mapSide(seat, s.state)
	s.mu.Unlock()
	return seatEvent(v, was, b, side, e)
}

// seatEvent projects e for a player's seat whose sight at e's making is
// v (made from b), and before e's command was, and whose map is side's
// known map (ForSeat).
func seatEvent(v, was *sight, b *sightBase, side string, e Event) (out Event, send, resync bool) {
	// A figure came into the seat's view or went out of it: rebuild.
	if !was.sameView(v) {
		return Event{}, false, true
	}
	// The seat's map is its side's known map: a hex come into sight that
	// changed unseen comes with a fresh view; changes out of sight stay
	// out of it.
	if e.Seq == b.first && b.refreshed[side] {
		return Event{}, false, true
	}
	return projectEvent(v, was, b, side, e)
}

// projectEvent is seatEvent's projection of e, an event of a command
// that brought no figure into the seat's view nor took one out of it,
// bar the figures themselves: the map's changes out of the side's sight
// are left out, and a figure placed or taken off out of view is not sent.
func projectEvent(v, was *sight, b *sightBase, side string, e Event) (out Event, send, resync bool) {
	e, send = b.mapEvent(e, side)
	if !send {
		return Event{}, false, false
	}
	e, resync = tellSecrets(e)
	if resync {
		return Event{}, false, true
	}
	switch {
	case e.Kind == EventFigureRemoved && !was.sees(e.Figure),
		e.Kind == EventPlaced && !slices.ContainsFunc(e.Placed, func(f FigureSpec) bool { return v.sees(f.ID) }):
		return Event{}, false, false
	}
	return v.event(e)
}

// shortName is a fight's name for a log sentence: the name is already in
// the fight itself, and a long one is not written twice.
func shortName(name string) string {
	const most = 120
	if len(name) <= most {
		return name
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	return name[:cut] + "…"
}
