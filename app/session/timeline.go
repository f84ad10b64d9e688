package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"sync"

	"hexslinger/hexmap"
)

// Timeline is a fight's whole history, to scrub: any event's fight shown
// as the live session had it right after that event, undo and redo
// included. It keeps checkpoints (copies of the state, without their
// logs, which the events make again) so that the fight at any event is
// a bounded fold from one that stands for the same commands; and of the
// events themselves only where each is in the journal (a timeline read
// from a journal reads them back when asked) and the last few hundred.
// However long the fight, it holds a few hundred checkpoints: one every
// timelineEvery events among the last recentSpan, further back one in
// every stretch of Timeline.every events, which doubles as the fight
// grows. A Timeline is safe for use by many goroutines.
type Timeline struct {
	mu    sync.RWMutex
	src   timelineSource
	where func(i int) string // names event i in an error: a file's line, or a seq
	n     int                // events
	seqs  []int              // each event's seq, to check an event read back
	cps   []timelineCheckpoint
	every int         // further back than recentSpan, one checkpoint every so many events
	first map[int]int // by command, the index of its first event
	// kept are the checkpoints' maps: a fold copies one before an event
	// changes it.
	kept map[*hexmap.Map]bool
	// lent are the maps of states given to callers (StateAt) that the
	// build may change (a checkpoint's or the build's): the build copies
	// one before changing it (curMu; see spareBuild).
	lent map[*hexmap.Map]bool
	// undos are the undo and redo events; toggles the same by the
	// command they take back or put back.
	undos   []timelineToggle
	toggles map[int][]timelineToggle
	ticks   []Tick
	// changed is, by event, the hexes its fold changed on the map (the
	// build's map change record), so that a moment is sent as the
	// hexes that differ from the one a window has (Moment.Send);
	// unknown marks the events whose changes are not known (the
	// opening, an undo or redo, a change record overrun).
	changed [][]hexmap.Hex
	unknown []bool
	// The build, which goes on as a live fight grows: the state after the
	// last event, the checkpoint the last fold came from, the round, and
	// the last events decoded (recent[0] is event recentFrom).
	st         *State
	base       int
	round      int
	recent     []Event
	recentFrom int
	read       int64 // the journal's bytes read (a timeline of a journal)
	unended    bool  // the last line read has no newline (yet)
	// The scrub cursor (curMu): the state right after event cur.at, the
	// last a fold made, kept so that the next moment on folds only the
	// events between (see cursor).
	curMu sync.Mutex
	cur   timelineCursor
}

// timelineCursor is the last state a fold made, right after event at
// (st nil: none yet). Its map is changed in place only when own: the
// cursor copied it itself, and lent it to no caller since (StateAt);
// otherwise a checkpoint, the build or a caller may hold it, and the
// next event that changes the map copies it first.
type timelineCursor struct {
	at  int
	st  *State
	own bool
}

// timelineToggle is an undo or a redo on the timeline: its index, the
// command it takes back or puts back, and which it does.
type timelineToggle struct {
	at     int
	target int
	undo   bool
}

// timelineCheckpoint is the state right after event at, leaving out the
// commands undone then; its Log is nil (fold makes it again).
type timelineCheckpoint struct {
	at int
	st *State
}

// Checkpoint spacing: one every timelineEvery events among the last
// recentSpan; further back at least every timelineEvery, and more sparse
// once they pass maxCheckpoints.
const (
	timelineEvery  = 32
	recentSpan     = 512
	maxCheckpoints = 512
)

// Tick is a place on the timeline a slider marks: the event that starts
// a round or a segment.
type Tick struct {
	Index   int    // the event's index on the timeline
	Kind    string // EventOpened, EventRoundStarted or EventSegment
	Round   int    // the round it starts or falls in; 0 before the first
	Segment int    // the segment counted down to; 0 for a round's start; the opening's, the fight's then
}

// timelineSource gives events back by their index.
type timelineSource interface {
	// read calls f with events lo to hi, in order.
	read(t *Timeline, lo, hi int, f func(i int, e Event) error) error
}

// memorySource is events held in memory (NewTimeline).
type memorySource []Event

func (m memorySource) read(_ *Timeline, lo, hi int, f func(int, Event) error) error {
	for i := lo; i <= hi; i++ {
		if err := f(i, m[i]); err != nil {
			return err
		}
	}
	return nil
}

// fileSource is a journal read back by where its lines are: off[i] is
// where event i's line starts.
type fileSource struct {
	path string
	off  []int64
}

func (s *fileSource) read(t *Timeline, lo, hi int, f func(int, Event) error) error {
	fh, err := os.Open(s.path)
	if err != nil {
		return fmt.Errorf("read the journal back: %w", err)
	}
	defer fh.Close()
	end := t.read
	if hi+1 < len(s.off) {
		end = s.off[hi+1]
	}
	from := s.off[lo]
	sc := newLineScanner(io.NewSectionReader(fh, from, end-from), end-from)
	for i := lo; i <= hi; i++ {
		line, _, err := sc.next()
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		if err != nil {
			return fmt.Errorf("%s: %w", t.where(i), err)
		}
		var e Event
		if err := json.Unmarshal(line, &e); err != nil || e.Seq != t.seqs[i] {
			return fmt.Errorf("%s: the journal changed since the timeline read it", t.where(i))
		}
		if err := f(i, e); err != nil {
			return err
		}
	}
	return nil
}

// OpenTimeline reads the fight journal at path (a *.journal.jsonl file),
// leaving the file as it is. A damaged last line (a write a crash cut
// off, or a line that is not an event) is left out, as it is when the
// session's journal is set aside; any other bad line, or an event that
// does not fit the fight, is an error naming the file and the line.
func OpenTimeline(path string) (*Timeline, error) { return ReadTimeline(path, nil) }

// ReadTimeline is OpenTimeline telling progress, if not nil, the share of
// the journal read now and then, from 0 to 1.
func ReadTimeline(path string, progress func(float64)) (*Timeline, error) {
	f, size, err := openSized(path)
	if err != nil {
		return nil, fmt.Errorf("open timeline: %w", err)
	}
	defer f.Close()
	d, _, err := checkTail(f, size)
	if err != nil {
		return nil, fmt.Errorf("journal %s: %w", path, err)
	}
	if d != nil {
		size = d.Offset
	}
	t := newFileTimeline(path)
	if err := t.readFrom(f, size, progress); err != nil {
		return nil, err
	}
	if t.n == 0 {
		return nil, fmt.Errorf("journal %s: no events: a fight's journal opens with its fight", path)
	}
	return t, nil
}

func newFileTimeline(path string) *Timeline {
	t := &Timeline{src: &fileSource{path: path}}
	t.where = func(i int) string { return fmt.Sprintf("journal %s: line %d", path, i+1) }
	return t
}

// readFrom adds the events of the journal's bytes from t.read to size.
func (t *Timeline) readFrom(r io.ReaderAt, size int64, progress func(float64)) error {
	src := t.src.(*fileSource)
	from := t.read
	sc := newLineScanner(io.NewSectionReader(r, from, size-from), size-from)
	next := int64(progressEvery)
	for {
		line, start, err := sc.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("%s: %w", t.where(t.n), err)
		}
		if progress != nil && start >= next {
			progress(float64(start) / float64(size-from))
			next = start + progressEvery
		}
		if start == 0 && t.unended && string(line) == "\n" {
			// The newline the journal wrote to end the line read last.
			t.read, t.unended = from+1, false
			continue
		}
		var e Event
		if err := json.Unmarshal(line, &e); err != nil {
			return fmt.Errorf("%s: %v", t.where(t.n), err)
		}
		t.unended = line[len(line)-1] != '\n'
		src.off = append(src.off, from+start)
		t.read = from + start + int64(len(line))
		if err := t.add(e); err != nil {
			return err
		}
	}
	if progress != nil {
		progress(1)
	}
	return nil
}

// NewTimeline makes the timeline of events, a fight's from its opening,
// as they were read from its journal; the events are copied.
func NewTimeline(events []Event) (*Timeline, error) {
	events = slices.Clone(events)
	t := &Timeline{src: memorySource(events)}
	t.where = func(i int) string {
		return fmt.Sprintf("event %d (seq %d)", i, events[i].Seq)
	}
	for _, e := range events {
		if err := t.add(e); err != nil {
			return nil, err
		}
	}
	if t.n == 0 {
		return nil, errNoOpening
	}
	return t, nil
}

// Timeline returns the timeline of the fight so far, read back from the
// journal; GrowTimeline brings it up to date as the fight goes on.
func (s *Session) Timeline() (*Timeline, error) { return s.TimelineWith(nil) }

// TimelineWith is Timeline telling progress, if not nil, the share of the
// journal read now and then, from 0 to 1.
func (s *Session) TimelineWith(progress func(float64)) (*Timeline, error) {
	t := newFileTimeline(s.journal.Path())
	if err := s.growTimeline(t, progress); err != nil {
		return nil, err
	}
	return t, nil
}

// GrowTimeline adds to t, a timeline the session made, the events written
// since.
func (s *Session) GrowTimeline(t *Timeline) error { return s.growTimeline(t, nil) }

func (s *Session) growTimeline(t *Timeline, progress func(float64)) error {
	src, ok := t.src.(*fileSource)
	if !ok || src.path != s.journal.Path() {
		return errors.New("the timeline is not this session's")
	}
	s.mu.Lock()
	size := s.journal.size // whole lines: a line written is never cut once the lock is let go
	s.mu.Unlock()
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.readFrom(s.journal.f, size, progress); err != nil {
		return fmt.Errorf("read the journal back: %w", err)
	}
	if t.n == 0 {
		return errNoOpening
	}
	return nil
}

// add puts event e at the end of the timeline.
func (t *Timeline) add(e Event) error {
	i := t.n
	if i == 0 {
		if e.Kind != EventOpened || e.Fight == nil {
			return errNoOpening
		}
		st, err := e.Fight.State()
		if err != nil {
			return fmt.Errorf("%s: the opening: %w", t.where(0), err)
		}
		t.every, t.first, t.toggles, t.kept = timelineEvery, map[int]int{}, map[int][]timelineToggle{}, map[*hexmap.Map]bool{}
		t.push(e)
		t.recordChange(nil, false)
		t.keep(0, st)
		t.st = st
		if st.Begun {
			t.round = st.Round
		}
		t.ticks = append(t.ticks, Tick{Index: 0, Kind: EventOpened, Round: t.round, Segment: st.Segment})
		return nil
	}
	if e.Seq <= t.seqs[i-1] {
		return fmt.Errorf("%s: seq %d after seq %d: the events are out of order", t.where(i), e.Seq, t.seqs[i-1])
	}
	t.push(e)
	if _, ok := t.first[e.Cmd]; e.Cmd != 0 && !ok {
		t.first[e.Cmd] = i
	}
	switch e.Kind {
	case EventRoundStarted:
		t.round = e.Round
		t.ticks = append(t.ticks, Tick{Index: i, Kind: e.Kind, Round: t.round})
	case EventSegment:
		t.ticks = append(t.ticks, Tick{Index: i, Kind: e.Kind, Round: t.round, Segment: e.Segment})
	}
	if e.Kind == EventUndone || e.Kind == EventRedone {
		tg := timelineToggle{at: i, target: e.Target, undo: e.Kind == EventUndone}
		t.undos = append(t.undos, tg)
		t.toggles[e.Target] = append(t.toggles[e.Target], tg)
		// The state after an undo is another fold: the one from the
		// nearest checkpoint standing for the same commands.
		st, k, err := t.fold(i)
		if err != nil {
			return err
		}
		t.recordChange(t.undoChanges(t.st.Map, st.Map, k))
		t.st = st
		if t.base = t.cps[k].at; i-t.base >= timelineEvery {
			t.keep(i, st)
			t.base = i
		}
		return nil
	}
	if t.skipped(e, i) {
		t.recordChange(nil, true)
	} else {
		if touchesMap(e) {
			t.spareBuild()
		}
		v := t.st.Map.Version()
		if err := t.st.Apply(e); err != nil {
			return fmt.Errorf("%s: %w", t.where(i), err)
		}
		t.recordChange(t.st.Map.ChangedSince(v))
		if len(t.st.Log) >= 2*keepEvents {
			trimLog(t.st, keepEvents)
		}
	}
	if i-t.base >= timelineEvery {
		t.keep(i, t.st)
		t.base = i
	}
	return nil
}

// recordChange notes the hexes the last event pushed changed on the
// map; ok false: not known.
func (t *Timeline) recordChange(hexes []hexmap.Hex, ok bool) {
	t.changed = append(t.changed, slices.Clone(hexes))
	t.unknown = append(t.unknown, !ok)
}

// undoChanges is the hexes where was, the build's map before an undo or
// redo, and now, the map the fold from checkpoint k made for it, differ:
// among those the events after the checkpoint changed on the way to
// was, and those the fold changed on the checkpoint's map.
func (t *Timeline) undoChanges(was, now *hexmap.Map, k int) (hexes []hexmap.Hex, ok bool) {
	cp := t.cps[k]
	folded, ok := now.ChangedSince(cp.st.Map.Version())
	if !ok {
		return nil, false
	}
	seen := map[hexmap.Hex]bool{}
	add := func(h hexmap.Hex) {
		if !seen[h] {
			seen[h] = true
			if !was.SameHex(now, h) {
				hexes = append(hexes, h)
			}
		}
	}
	for _, h := range folded {
		add(h)
	}
	for j := cp.at + 1; j < len(t.changed); j++ {
		if t.unknown[j] {
			return nil, false
		}
		for _, h := range t.changed[j] {
			add(h)
		}
	}
	return hexes, true
}

// changedBetween is the hexes whose map may differ between the moments
// right after events a and b: those the events after the earlier up to
// the later changed, each once; ok is false when one of them changed
// what is not known, or more than most hexes sent as cells are worth
// (then the whole map is the smaller). The caller holds t.mu.
func (t *Timeline) changedBetweenLocked(a, b int, most int) (hexes []hexmap.Hex, ok bool) {
	lo, hi := min(a, b), max(a, b)
	if lo < 0 || hi >= len(t.changed) {
		return nil, false
	}
	seen := map[hexmap.Hex]bool{}
	for j := lo + 1; j <= hi; j++ {
		if t.unknown[j] {
			return nil, false
		}
		for _, h := range t.changed[j] {
			if !seen[h] {
				seen[h] = true
				hexes = append(hexes, h)
				if len(hexes) > most {
					return nil, false
				}
			}
		}
	}
	return hexes, true
}

// spareBuild readies the build's map to be changed in place by the next
// event: the checkpoints and the scrub cursor that share it are given one
// copy of it as it is, and the build keeps the map, with the caches it
// built and mends as the map changes (a copy starts with none: at 1024²
// rebuilding them after each edit was most of opening a timeline). A map
// lent to a caller (StateAt) stays as it is: the build takes the copy.
// The caller holds t.mu.
func (t *Timeline) spareBuild() {
	was := t.st.Map
	t.curMu.Lock()
	defer t.curMu.Unlock()
	if t.lent[was] {
		t.st.Map = was.CloneBare()
		t.st.fog.onMap(was, t.st.Map)
		return
	}
	var kept *hexmap.Map
	give := func(st *State) {
		if kept == nil {
			kept = was.CloneBare()
		}
		st.Map = kept
		st.fog.onMap(was, kept) // the fields of view were made from the same map: they stand
	}
	for _, cp := range t.cps {
		if cp.st.Map == was {
			give(cp.st)
		}
	}
	if c := &t.cur; c.st != nil && c.st.Map == was {
		give(c.st)
		c.own = false
	}
	if kept != nil {
		delete(t.kept, was)
		t.kept[kept] = true
	}
}

// push records event e, the next, and keeps it among the recent ones.
func (t *Timeline) push(e Event) {
	t.seqs = append(t.seqs, e.Seq)
	t.n++
	if _, inMemory := t.src.(memorySource); inMemory {
		return
	}
	t.recent = append(t.recent, e)
	if len(t.recent) >= (recentSpan+keepEvents+timelineEvery)*5/4 {
		drop := len(t.recent) - (recentSpan + keepEvents + timelineEvery)
		t.recent = append([]Event(nil), t.recent[drop:]...)
		t.recentFrom += drop
	}
}

// events calls f with events lo to hi, in order: the recent ones from
// memory, the others read back.
func (t *Timeline) events(lo, hi int, f func(i int, e Event) error) error {
	if lo > hi {
		return nil
	}
	if m, ok := t.src.(memorySource); ok {
		return m.read(t, lo, hi, f)
	}
	if lo < t.recentFrom {
		if err := t.src.read(t, lo, min(hi, t.recentFrom-1), f); err != nil {
			return err
		}
		lo = t.recentFrom
	}
	for i := lo; i <= hi; i++ {
		if err := f(i, t.recent[i-t.recentFrom]); err != nil {
			return err
		}
	}
	return nil
}

// keep adds a checkpoint of st, the state right after event i, without
// its log. The copy shares st's map: whoever changes the map next copies
// it first.
func (t *Timeline) keep(i int, st *State) {
	log := st.Log
	st.Log = nil
	cp := st.clone(false)
	st.Log = log
	t.cps = append(t.cps, timelineCheckpoint{at: i, st: cp})
	t.kept[cp.Map] = true
	if len(t.cps)%16 == 0 {
		t.thin()
	}
}

// thin drops checkpoints: those further back than the recent ones but
// the first of each stretch of t.every events, doubling the stretch
// while more than maxCheckpoints would stay or they would hold more than
// the timeline's budget. The opening's is always kept: it stands for
// every fold.
func (t *Timeline) thin() {
	budget := max(minTimelineBudget, t.read/4)
	each := checkpointBytes(t.st)
	// The recent checkpoints, which the folds for undos start from, as
	// many as a quarter of the budget holds, up to recentSpan's.
	recent := min(recentSpan, max(timelineEvery, int(budget/4/each)*timelineEvery))
	for {
		out := make([]timelineCheckpoint, 1, len(t.cps))
		out[0] = t.cps[0]
		stretch, old := 0, 0
		for _, cp := range t.cps[1:] {
			if cp.at >= t.n-recent {
				out = append(out, cp)
				continue
			}
			if s := cp.at / t.every; s != stretch {
				out = append(out, cp)
				stretch = s
				old++
			}
		}
		if (old <= maxCheckpoints && heldBytes(out) <= budget) || t.every > t.n {
			clear(t.cps)
			t.cps = out
			break
		}
		t.every *= 2
	}
	clear(t.kept)
	for _, cp := range t.cps {
		t.kept[cp.st.Map] = true
	}
	// A lent map no checkpoint holds, nor the build, the build never
	// changes: forget it.
	t.curMu.Lock()
	for m := range t.lent {
		if !t.kept[m] && m != t.st.Map {
			delete(t.lent, m)
		}
	}
	t.curMu.Unlock()
}

// minTimelineBudget is what a timeline's checkpoints may hold however
// short its journal; a longer journal's may hold a quarter of its size.
const minTimelineBudget = 1 << 20

// checkpointBytes is about what a checkpoint of st holds: the state, and
// its map when it is its own.
func checkpointBytes(st *State) int64 {
	return stateBytes(st) + mapBytes(st.Map)
}

func stateBytes(st *State) int64 {
	return 4096 + 1024*int64(len(st.Figures)+len(st.Characters))
}

// mapBytes is about what a copy of m holds: its cells (terrain,
// elevation, feature and three hexsides each).
func mapBytes(m *hexmap.Map) int64 {
	return 2048 + 11*int64(m.Width)*int64(m.Height)
}

// heldBytes is about what checkpoints hold, a map shared by several
// counted once.
func heldBytes(cps []timelineCheckpoint) int64 {
	var n int64
	var last *hexmap.Map
	for _, cp := range cps {
		n += stateBytes(cp.st)
		if cp.st.Map != last {
			n += mapBytes(cp.st.Map)
			last = cp.st.Map
		}
	}
	return n
}

// Len is the number of events on the timeline, the opening included.
func (t *Timeline) Len() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.n
}

// Event returns event i, 0 being the fight's opening.
func (t *Timeline) Event(i int) (Event, error) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	if i < 0 || i >= t.n {
		return Event{}, fmt.Errorf("there is no event %d: the timeline has events 0 to %d", i, t.n-1)
	}
	var out Event
	err := t.events(i, i, func(_ int, e Event) error { out = e; return nil })
	return out, err
}

// Ticks lists where the fight opens and each round and segment begins,
// in order, for a slider's ticks. A round started and then undone keeps
// its mark: it happened on the timeline.
func (t *Timeline) Ticks() []Tick {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return slices.Clone(t.ticks)
}

// StateAt returns the fight right after event i was applied: what
// Replay(events[:i+1]) gives, its log holding the events applied among the
// keepEvents up to i (as a live session's state keeps them), found by
// folding a bounded stretch of events onto a copy of a checkpoint. The
// state is the caller's, but its map may be the timeline's: Clone the
// state before changing it.
func (t *Timeline) StateAt(i int) (*State, error) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	if i < 0 || i >= t.n {
		return nil, fmt.Errorf("there is no event %d: the timeline has events 0 to %d", i, t.n-1)
	}
	var out *State
	err := t.at(i, func(st *State) { out = st.clone(false) }, true)
	return out, err
}

// TurnAt is whose turn it is right after event i (State.Turn): what a
// scrub shows beside the moment, without lending the state (StateAt),
// so the scrub cursor goes on folding on its own map.
func (t *Timeline) TurnAt(i int) (Turn, error) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	if i < 0 || i >= t.n {
		return Turn{}, fmt.Errorf("there is no event %d: the timeline has events 0 to %d", i, t.n-1)
	}
	var turn Turn
	err := t.at(i, func(st *State) { turn = st.Turn() }, false)
	return turn, err
}

// at calls f with the state right after event i, which f must not
// change nor keep (lend: f keeps its map, which the timeline then copies
// before changing it). The caller holds t.mu for reading. The state
// comes from the scrub cursor, when it stands at or before i for the
// same commands (an undo or redo between may take back what it holds)
// and no checkpoint is nearer: then only the events after it are folded,
// onto the cursor's own map, in place. Otherwise it is folded from the
// nearest checkpoint and becomes the cursor.
func (t *Timeline) at(i int, f func(*State), lend bool) error {
	t.curMu.Lock()
	defer t.curMu.Unlock()
	c := &t.cur
	k := sort.Search(len(t.cps), func(k int) bool { return t.cps[k].at > i }) - 1
	if c.st == nil || c.at > i || c.at < t.cps[k].at || !t.standsFor(c.at, i) {
		st, _, err := t.fold(i)
		if err != nil {
			c.st = nil
			return err
		}
		*c = timelineCursor{at: i, st: st}
	} else if err := t.advance(c, i); err != nil {
		c.st = nil
		return err
	}
	if lend {
		c.own = false
		if t.lent == nil {
			t.lent = map[*hexmap.Map]bool{}
		}
		t.lent[c.st.Map] = true
	}
	f(c.st)
	return nil
}

// advance folds events c.at+1 to i onto the cursor, leaving out those of
// commands undone right after i, as fold does.
func (t *Timeline) advance(c *timelineCursor, i int) error {
	st := c.st
	err := t.events(c.at+1, i, func(j int, e Event) error {
		if t.skipped(e, i) {
			return nil
		}
		if len(st.Log) >= 2*keepEvents {
			st.Log = st.Log[:copy(st.Log, st.Log[len(st.Log)-keepEvents:])]
		}
		if touchesMap(e) && !c.own {
			was := st.Map
			st.Map = st.Map.CloneBare()
			st.fog.onMap(was, st.Map)
			c.own = true
		}
		if err := st.Apply(e); err != nil {
			return fmt.Errorf("%s: %w", t.where(j), err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	c.at = i
	trimTo(t, st, i)
	return nil
}

// trimTo cuts st's log to the events applied among the last keepEvents
// up to i.
func trimTo(t *Timeline, st *State, i int) {
	lo := 0
	for lo < len(st.Log) && i-keepEvents >= 0 && st.Log[lo].Seq <= t.seqs[i-keepEvents] {
		lo++
	}
	st.Log = st.Log[lo:]
}

// ViewAt is the fight right after event i as seat would have seen it
// (nil: the Judge): the snapshot a seat joining then was sent
// (Session.Welcome), hidden figures and fog of war kept from a player.
func (t *Timeline) ViewAt(i int, seat *Seat) (*FightFile, error) {
	st, err := t.StateAt(i)
	if err != nil {
		return nil, err
	}
	return st.Snapshot(seat), nil
}

// undone reports whether command c stands undone right after event i:
// its last undo or redo up to i is an undo.
func (t *Timeline) undone(c, i int) bool {
	at := t.toggles[c]
	k := sort.Search(len(at), func(k int) bool { return at[k].at > i }) // c's undos and redos up to i
	return k > 0 && at[k-1].undo
}

// skipped reports whether a fold to event i leaves event e out: it is of
// a command undone then.
func (t *Timeline) skipped(e Event, i int) bool {
	return e.Cmd != 0 && t.undone(e.Cmd, i)
}

// fold returns the state right after event i from the latest checkpoint
// at or before it that leaves out the same commands as Replay to i does
// (those undone then among the commands it has events of), and that
// checkpoint's index.
func (t *Timeline) fold(i int) (*State, int, error) {
	k := sort.Search(len(t.cps), func(k int) bool { return t.cps[k].at > i }) - 1
	for ; k > 0 && !t.standsFor(t.cps[k].at, i); k-- {
	}
	cp := t.cps[k]
	st := cp.st.clone(false)
	// The log is the events applied (those not undone) among the last
	// keepEvents before the fold's: Apply reads it back to the round's
	// start (who has acted this round).
	// A fold from a checkpoint far back (an undo after it takes back what
	// it holds) keeps the log to its last keepEvents as it goes, as the
	// journal's fold does (foldOldest), not every event since the
	// checkpoint: a long timeline's reading once held three times the
	// journal at its peak for one such fold's log.
	from := max(1, cp.at+1-keepEvents)
	st.Log = make([]Event, 0, min(i-from+1, 2*keepEvents))
	err := t.events(from, i, func(j int, e Event) error {
		if t.skipped(e, i) {
			return nil
		}
		if len(st.Log) >= 2*keepEvents {
			st.Log = st.Log[:copy(st.Log, st.Log[len(st.Log)-keepEvents:])]
		}
		if j <= cp.at {
			st.Log = append(st.Log, e)
			return nil
		}
		if touchesMap(e) && t.kept[st.Map] {
			was := st.Map
			st.Map = st.Map.CloneBare()
			st.fog.onMap(was, st.Map)
		}
		if err := st.Apply(e); err != nil {
			return fmt.Errorf("%s: %w", t.where(j), err)
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	// The log the state keeps: the events applied among the last
	// keepEvents up to i.
	trimTo(t, st, i)
	return st, k, nil
}

// standsFor reports whether the checkpoint at event j is the fold of its
// events that a fold to event i makes: every command with events up to j
// that an undo or redo after j takes back or puts back stands as it stood
// at j.
func (t *Timeline) standsFor(j, i int) bool {
	k := sort.Search(len(t.undos), func(k int) bool { return t.undos[k].at > j })
	for ; k < len(t.undos) && t.undos[k].at <= i; k++ {
		c := t.undos[k].target
		if at, ok := t.first[c]; ok && at <= j && t.undone(c, i) != t.undone(c, j) {
			return false
		}
	}
	return true
}
