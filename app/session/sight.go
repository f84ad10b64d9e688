package session

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// sight is what the players may see of a fight at one moment: nothing of a
// hidden figure — not its id, its name, its character, its rolls, its card
// or its AP, nor that it exists. Every event, reply, welcome and highlight
// that goes to a player goes through one (ForSeat, Welcome, answer,
// visible), made under the session's lock from the state the event was
// made in; this is the one place that decides it (DESIGN.md, "What a seat
// may see is decided in one place").
type sight struct {
	sides  []string        // the sides whose eyes it is
	hidden map[string]bool // hidden figures, by id
	// secrets are the words that would name a hidden figure: its id, and
	// its character's id and name unless a figure in view shares them;
	// longest first.
	secrets []string
	seen    []seenFigure // the figures in view, in the fight's order
	// ranks are, where the round is a countdown of dealt cards (a
	// figure's AP is its place in it), each place held by a figure in
	// view and its place among those: nil where AP is AP.
	ranks map[int]int
	// renames are the names in view the seat is told otherwise than the
	// Judge (copyNumbers), longest first: a sentence's words are told
	// again with them (tell).
	renames []rename
	// covers are the true names in view that hold a secret word as a word
	// of their own ("Bandit 2" holds hidden "Bandit"): there the word
	// names the figure in view, not the hidden one (names).
	covers []string
	// numbers are the copy numbers the seat is told otherwise than the
	// Judge, by figure id (copyNumbers).
	numbers map[string]int
}

// rename is a figure in view's true name and the name its seat is told.
type rename struct{ from, to string }

// seenFigure is what a sight keeps of a figure in view, for the texts it
// writes again without the hidden ones; at is the hex it stands in, as
// the battle mat labels it.
type seenFigure struct {
	id, name, at string
	ap           int
	fine         bool
	// truth is its name as the Judge reads it; number its copy number as
	// the seat is told it (copyNumbers), name the name that makes.
	truth, character, sheet string
	number, trueNumber      int
}

// sightBase is what the players' sights of one moment are made from: the
// figures as they stand, and (with fog of war) which figures of the other
// sides each side's figures see. A seat's sight is made from it once
// (sight), by the sides the seat plays.
type sightBase struct {
	figs []sightFigure
	fog  bool
	// places: the round is a countdown of dealt cards, and a figure's AP
	// is its place in it (Savage Worlds), counted among every hand dealt.
	places bool
	// seenBy are, by side, the figures of other sides in a hex the side
	// sees (fog.go).
	seenBy map[string]map[string]bool
	made   map[string]*sight // by seatSides' key
	// known are, by side, what each side's known map was at this moment
	// (known.go): the hexes it saw, and the known map's version.
	known map[string]knownMark
	// first is the seq of the first event of the command this base was
	// made after; refreshed the sides whose known map took in, in that
	// command, data their seats' copies do not get from its events.
	first     int
	refreshed map[string]bool
}

// knownMark is a side's known map at one moment.
type knownMark struct {
	seen    *hexmap.HexSet
	version uint64
}

// sightFigure is what a sightBase keeps of a figure.
type sightFigure struct {
	id, character, name, side, at string
	ap                            int
	fine, hidden                  bool
	sheet                         string // its sheet's name
	number                        int    // its copy number (Figure.Number)
}

// sightBase returns what the players' sights of st now are made from.
func (st *State) sightBase() *sightBase {
	b := &sightBase{fog: st.Options.FogOn(), places: st.placesDealt(), made: map[string]*sight{}}
	sides := map[string]bool{}
	for _, id := range st.Order {
		f := st.Figures[id]
		sheet := id
		if c, ok := st.Characters[f.Character]; ok {
			sheet = c.Name
		}
		b.figs = append(b.figs, sightFigure{id: id, character: f.Character, name: st.FigureName(id), side: f.Side,
			at: st.Map.Label(f.At), ap: f.AP, fine: f.Condition == rules.Fine, hidden: f.Hidden, sheet: sheet, number: max(f.Number, 1)})
		sides[f.Side] = true
	}
	if b.fog {
		st.foldFog()
		b.seenBy = map[string]map[string]bool{}
		for side := range sides {
			seen := map[string]bool{}
			for _, id := range st.Order {
				if f := st.Figures[id]; f.Side != side && st.sees(side, f.At) {
					seen[id] = true
				}
			}
			b.seenBy[side] = seen
		}
		b.known = map[string]knownMark{}
		for side, k := range st.fog.known {
			b.known[side] = knownMark{seen: k.seen, version: k.ver}
		}
	}
	return b
}

// noteRefreshed marks the sides whose known map changed, since prev (the
// base after the command before), at a hex the side did not see then:
// data a seat's copy cannot have from the command's events (a hex come
// into sight that had changed unseen), so its seats are sent a fresh view.
func (b *sightBase) noteRefreshed(prev *sightBase, st *State, first int) {
	b.first = first
	if !b.fog || st.fog == nil {
		return
	}
	b.refreshed = map[string]bool{}
	for side, k := range st.fog.known {
		was, ok := prev.knownOf(side)
		if !ok {
			continue // a new record: the live map as it is now
		}
		changed, ok := k.changedSince(was.version)
		if !ok {
			b.refreshed[side] = true
			continue
		}
		for _, h := range changed {
			if !was.seen.Has(h) {
				b.refreshed[side] = true
				break
			}
		}
	}
}

func (b *sightBase) knownOf(side string) (knownMark, bool) {
	if b == nil || b.known == nil {
		return knownMark{}, false
	}
	k, ok := b.known[side]
	return k, ok
}

// mapSide is the side whose known map a player's seat gets: its own side,
// or else the first of the sides it looks through.
func mapSide(seat *Seat, st *State) string {
	if seat != nil && seat.Side != "" {
		return seat.Side
	}
	return seatSides(seat, st)[0]
}

// mapEvent projects a map-changing event for a seat whose map is side's
// known map: only the changes at hexes the side sees (a hexside's, when it
// sees either of its hexes) go; an edit with none left is not sent.
func (b *sightBase) mapEvent(e Event, side string) (Event, bool) {
	k, ok := b.knownOf(side)
	if !ok || !touchesMap(e) || e.Kind == EventOpened {
		return e, true
	}
	seesSide := func(h hexmap.Hex, d int) bool {
		return k.seen.Has(h) || d >= 0 && k.seen.Has(h.Neighbor(hexmap.Direction(d)))
	}
	if n := len(e.Cells); n > 0 {
		e.Cells = slices.DeleteFunc(slices.Clone(e.Cells), func(c hexmap.Cell) bool { return !k.seen.Has(c.At) })
		if len(e.Cells) == 0 && e.Kind == EventMapEdited {
			return Event{}, false
		}
		if len(e.Cells) < n {
			e.Text = "The Judge edits the map." // the sentence would name hexes out of sight
		}
	}
	if n := len(e.Doors); n > 0 {
		e.Doors = slices.DeleteFunc(slices.Clone(e.Doors), func(d DoorChange) bool { return !seesSide(d.At, d.Side) })
		if len(e.Doors) == 0 && e.Figure == "" && len(e.Changes) == 0 {
			return Event{}, false // the Judge worked a door out of sight
		}
	}
	if len(e.Ablations) > 0 {
		e.Ablations = slices.DeleteFunc(slices.Clone(e.Ablations), func(a Ablation) bool { return !seesSide(a.At, a.Side) })
	}
	return e, true
}

// tellSecrets is e as a player's seat is told it of the secret doors: an
// edit's cells with plain walls where secret doors are
// (hexmap.Cell.ForPlayers); resync when e opens a secret door the seat is
// sent (its map holds a wall there, which a fresh view makes a door).
func tellSecrets(e Event) (out Event, resync bool) {
	if slices.ContainsFunc(e.Doors, func(d DoorChange) bool { return d.Revealed }) {
		return Event{}, true
	}
	for i, c := range e.Cells {
		if c.ForPlayers().Edges == c.Edges {
			continue // no secret door on its hexsides
		}
		cells := slices.Clone(e.Cells)
		for k := i; k < len(cells); k++ {
			cells[k] = cells[k].ForPlayers()
		}
		e.Cells = cells
		break
	}
	return e, false
}

// seatSides are the sides whose eyes a player's seat looks through: its
// side and its figures' sides; a seat with neither, the players' side.
func seatSides(seat *Seat, st *State) []string {
	var out []string
	if seat != nil && seat.Side != "" {
		out = append(out, seat.Side)
	}
	if seat != nil {
		for _, id := range seat.Figures {
			if f, ok := st.Figures[id]; ok && !slices.Contains(out, f.Side) {
				out = append(out, f.Side)
			}
		}
	}
	if len(out) == 0 {
		out = append(out, st.Options.Players())
	}
	slices.Sort(out)
	return out
}

// sightOf is seat's sight of st now (a player's: see Session.ForSeat).
func (st *State) sightOf(seat *Seat) *sight {
	return st.sightBase().sight(seatSides(seat, st))
}

// SeenBy are, by id, the figures a player's seat of side alone is sent
// of st now: the figures its sight shows (the one decision Snapshot,
// Welcome and ForSeat make for the seat), none hidden by the Judge and,
// with fog of war, none of another side out of the side's sight. The
// Judge's window shows the fight as a side sees it with these.
func (st *State) SeenBy(side string) map[string]bool {
	out := map[string]bool{}
	for _, f := range st.sightOf(&Seat{Role: RolePlayer, Side: side}).seen {
		out[f.id] = true
	}
	return out
}

// unseenBy are the figures side does not see in st now, as a seat of
// that side alone sees (sight): hidden by the Judge, or, with fog of war,
// of another side in no hex the side's figures see. A move of a figure of
// side is planned around the others and runs into these (the ambush:
// State.PlanMove), so that what a seat of the side is told or refused is
// the same wherever they stand.
func (st *State) unseenBy(side string) map[string]bool {
	out := map[string]bool{}
	fog := st.Options.FogOn() && st.Map != nil
	if fog {
		st.foldFog()
	}
	for _, id := range st.Order {
		if f := st.Figures[id]; f.Hidden || fog && f.Side != side && !st.sees(side, f.At) {
			out[id] = true
		}
	}
	return out
}

// sight returns the sight of a seat playing sides: a figure is hidden from
// it when the Judge hides it, or, with fog of war, when it is of another
// side and stands where none of the seat's sides sees.
func (b *sightBase) sight(sides []string) *sight {
	key := strings.Join(sides, "\x00")
	if v := b.made[key]; v != nil {
		return v
	}
	v := &sight{sides: sides, hidden: map[string]bool{}}
	shown := map[string]bool{}
	for _, f := range b.figs {
		if f.hidden || b.fog && !slices.Contains(sides, f.side) &&
			!slices.ContainsFunc(sides, func(s string) bool { return b.seenBy[s][f.id] }) {
			v.hidden[f.id] = true
			continue
		}
		v.seen = append(v.seen, seenFigure{id: f.id, name: f.name, at: f.at, ap: f.ap, fine: f.fine,
			truth: f.name, character: f.character, sheet: f.sheet, trueNumber: f.number})
		shown[f.id], shown[f.character], shown[f.name] = true, true, true
	}
	v.copyNumbers()
	for _, f := range b.figs {
		if !v.hidden[f.id] {
			continue
		}
		for _, w := range []string{f.id, f.character, f.name} {
			if w != "" && !shown[w] && !slices.Contains(v.secrets, w) {
				v.secrets = append(v.secrets, w)
			}
		}
	}
	slices.SortFunc(v.secrets, func(a, b string) int { return len(b) - len(a) })
	for _, f := range v.seen {
		if slices.ContainsFunc(v.secrets, func(w string) bool { return len(w) < len(f.truth) && wordIn(f.truth, w) }) {
			v.covers = append(v.covers, f.truth)
		}
	}
	if b.places {
		// The places of the hands in view, renumbered among themselves in
		// their order: a gap would tell of a hand dealt out of view.
		var held []int
		for _, f := range v.seen {
			if f.ap > 0 && !slices.Contains(held, f.ap) {
				held = append(held, f.ap)
			}
		}
		slices.Sort(held)
		v.ranks = make(map[int]int, len(held))
		for i, ap := range held {
			v.ranks[ap] = i + 1
		}
	}
	b.made[key] = v
	return v
}

// copyNumbers numbers the copies of each sheet in view among themselves,
// in the order of their true numbers: the lowest in view is told as the
// first copy (no number), the next as "2", and so on; so that no number
// counts a copy out of view ("Bandit 2" in view, the first bandit hidden,
// would tell of it), in the snapshot, the events' lines and a refusal
// alike. The Judge reads the true numbers. A seat is sent a fresh view
// whenever a figure comes into it or goes out of it, and its names with
// it (the AP places of a countdown are told among the hands in view
// likewise: ranks).
func (v *sight) copyNumbers() {
	idx := make([]int, len(v.seen))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		fa, fb := v.seen[a], v.seen[b]
		if c := strings.Compare(fa.character, fb.character); c != 0 {
			return c
		}
		return fa.trueNumber - fb.trueNumber
	})
	n := 0
	for k, i := range idx {
		f := &v.seen[i]
		switch {
		case k == 0 || v.seen[idx[k-1]].character != f.character:
			n = 1
		case v.seen[idx[k-1]].trueNumber != f.trueNumber:
			n++ // two copies of one number (a hand-made file) share it
		}
		f.number, f.name = n, f.sheet+copySuffix(n, " ")
		if n != f.trueNumber {
			if v.numbers == nil {
				v.numbers = map[string]int{}
			}
			v.numbers[f.id] = n
		}
		if f.name != f.truth && !slices.ContainsFunc(v.renames, func(r rename) bool { return r.from == f.truth }) {
			v.renames = append(v.renames, rename{from: f.truth, to: f.name})
		}
	}
	slices.SortStableFunc(v.renames, func(a, b rename) int { return len(b.from) - len(a.from) })
}

// copyNumber is figure id's copy number n (Figure.Number) as the seat is
// told it (copyNumbers).
func (v *sight) copyNumber(id string, n int) int {
	if told, ok := v.numbers[id]; ok {
		return told
	}
	return n
}

// tell writes text, a sentence the Judge would read, with the names in
// view as the seat is told them ("Bandit 2" read "Bandit" when the first
// bandit is out of view): each name standing as a word of its own,
// longest first, in one pass (so "Bandit 3" told "Bandit 2" is not told
// again).
func (v *sight) tell(text string) string {
	if len(v.renames) == 0 {
		return text
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(text); i++ {
		if !wordEdge(text, i-1) {
			continue
		}
		for _, r := range v.renames {
			if strings.HasPrefix(text[i:], r.from) && wordEdge(text, i+len(r.from)) {
				b.WriteString(text[last:i])
				b.WriteString(r.to)
				last = i + len(r.from)
				i = last - 1
				break
			}
		}
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// ap is a figure in view's AP as the seat is told it: where the round
// is a countdown of dealt cards, its place among the hands in view (0
// for a place no figure in view holds); else its AP.
func (v *sight) ap(n int) int {
	if v.ranks == nil {
		return n
	}
	return v.ranks[n]
}

// renumber tells e's AP (each figure's in a new round, the actor's after
// its action, the figures' after it) as the seat is told AP (sight.ap).
func (v *sight) renumber(e Event) Event {
	if v.ranks == nil {
		return e
	}
	if e.APs != nil {
		aps := make(map[string]int, len(e.APs))
		for id, n := range e.APs {
			aps[id] = v.ap(n)
		}
		e.APs = aps
	}
	if e.Figure != "" {
		e.APLeft = v.ap(e.APLeft)
	}
	if len(e.Changes) > 0 {
		e.Changes = slices.Clone(e.Changes)
		for i := range e.Changes {
			e.Changes[i].AP = v.ap(e.Changes[i].AP)
		}
	}
	return e
}

// sameView reports whether v and w see the same figures: when they do
// not, a figure came into view or went out of it (or one in view was
// placed or taken off the map), and the seat's view is rebuilt. A figure
// placed or taken off out of view changes nothing the seat sees.
func (v *sight) sameView(w *sight) bool {
	if len(v.seen) != len(w.seen) {
		return false
	}
	for _, f := range v.seen {
		if !w.sees(f.id) {
			return false
		}
	}
	return true
}

// sees reports whether figure id is in v's view.
func (v *sight) sees(id string) bool {
	return id != "" && slices.ContainsFunc(v.seen, func(f seenFigure) bool { return f.id == id })
}

// seenAs is figure id as v saw it, if in view.
func (v *sight) seenAs(id string) (seenFigure, bool) {
	i := slices.IndexFunc(v.seen, func(f seenFigure) bool { return f.id == id })
	if i < 0 {
		return seenFigure{}, false
	}
	return v.seen[i], true
}

// wentOutOfView is the line a seat reads of a figure going out of its
// view: not its name, which is a hidden figure's now.
const wentOutOfView = "A figure goes out of view."

// cameOrWent is the line a seat whose view was was before a command and
// is v after it reads of figure id coming into view or going out of it,
// and nothing else of it: its name and where it stands when it came into
// view, not where it came from, where it went, how or what it spent; ""
// when id is in view or out of it in both.
func cameOrWent(was, v *sight, id string) string {
	f, now := v.seenAs(id)
	switch then := was.sees(id); {
	case now && !then:
		return fmt.Sprintf("%s comes into view at %s.", f.name, f.at)
	case then && !now && v.hidden[id]:
		return wentOutOfView
	}
	return ""
}

// touches reports whether e, an event of a figure out of v's view,
// touches anything in the view: a figure in view it changed, aimed at,
// struck, shoved, held, closed with or left a free attack or a riposte;
// a door, a cover or a cell in view (e as mapEvent left it); a weapon
// laid on the map or taken from it (a seat is shown every weapon lying on
// the map). What touches nothing in the view is not sent to the seat at
// all: a fresh view for it would count and time the hidden actions.
func (v *sight) touches(e Event) bool {
	seen := v.sees
	if slices.ContainsFunc(e.Changes, func(c FigureChange) bool { return seen(c.Figure) }) ||
		slices.ContainsFunc(e.Targets, seen) ||
		slices.ContainsFunc(e.Outcomes, func(o Outcome) bool { return seen(o.Target) }) ||
		slices.ContainsFunc(e.Shoved, func(sh Shove) bool { return seen(sh.Figure) }) {
		return true
	}
	for _, m := range []map[string]int{e.Hits, e.ShotsAt} {
		for id := range m {
			if seen(id) {
				return true
			}
		}
	}
	switch r, o, h, c, p := e.Riposte, e.Opening, e.Hold, e.Closed, e.Pending; {
	case r != nil && (seen(r.By) || seen(r.Against)),
		o != nil && (seen(o.Mover) || slices.ContainsFunc(o.By, seen)),
		h != nil && (seen(h.By) || seen(h.Over)),
		c != nil && (seen(c[0]) || seen(c[1])),
		p != nil && (seen(p.Attacker()) || seen(p.Target())):
		return true
	}
	return len(e.Doors) > 0 || len(e.Ablations) > 0 || len(e.Cells) > 0 || len(e.Dropped) > 0 || e.PickedUp != nil
}

// names reports whether text names a hidden figure: one of its secret
// words, standing as a word of its own.
func (v *sight) names(text string) bool {
	for _, w := range v.secrets {
		for i := 0; ; {
			j := strings.Index(text[i:], w)
			if j < 0 {
				break
			}
			j += i
			if wordEdge(text, j-1) && wordEdge(text, j+len(w)) && !v.covered(text, j, len(w)) {
				return true
			}
			i = j + 1
		}
	}
	return false
}

// covered reports whether the word at text[j:j+n] stands inside a name in
// view (a cover) standing as a word of its own.
func (v *sight) covered(text string, j, n int) bool {
	for _, c := range v.covers {
		for k := max(0, j+n-len(c)); k <= j; k++ {
			if strings.HasPrefix(text[k:], c) && wordEdge(text, k-1) && wordEdge(text, k+len(c)) {
				return true
			}
		}
	}
	return false
}

// wordIn reports whether w stands in s as a word of its own.
func wordIn(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		if wordEdge(s, j-1) && wordEdge(s, j+len(w)) {
			return true
		}
		i = j + 1
	}
}

// wordEdge reports whether text[i] (out of range counts) ends a word.
func wordEdge(text string, i int) bool {
	if i < 0 || i >= len(text) {
		return true
	}
	c := text[i]
	return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-')
}

// leaks reports whether anything of v (an event or a message, as JSON)
// names a hidden figure.
func (v *sight) leaks(x any) bool {
	if len(v.secrets) == 0 {
		return false
	}
	data, err := json.Marshal(x)
	if err != nil {
		return true
	}
	return v.names(string(data))
}

// text is a reply's text as a player may read it.
func (v *sight) text(t string) string {
	if v.names(t) {
		return "that cannot be done as given: " + errNotInView
	}
	return v.tell(t)
}

// status is a figure in view's status as the seat may know it: without
// the figures out of its view it names (the one its aimed shot of this
// round was at, the one at whose place in the order its stun ends, the
// one its skill test partway paid for is on), so that nothing the seat is
// sent of a figure it sees names one it does not: not a welcome's or a
// fresh view's figures, nor an event's changes. What the figure does next
// is decided on the whole status; only the telling leaves them out.
func (v *sight) status(st FigureStatus) FigureStatus {
	if st.AimedAt != "" && !v.sees(st.AimedAt) {
		st.AimedAt = ""
	}
	st.Parts = st.Parts.told(v.sees) // a system's own: a Dragon Warriors II stun's dealer
	if a := st.Attempt; a != nil && a.Target != "" && !v.sees(a.Target) {
		b := *a
		b.Target = ""
		st.Attempt = &b
	}
	return st
}

// statuses is e's changes with each status as the seat may know it
// (status); e's own changes when none names a figure out of view.
func (v *sight) statuses(changes []FigureChange) []FigureChange {
	var out []FigureChange
	for i, c := range changes {
		st := v.status(c.Status)
		if st.AimedAt == c.Status.AimedAt && st.Parts.same(c.Status.Parts) && st.Attempt == c.Status.Attempt {
			continue
		}
		if out == nil {
			out = slices.Clone(changes)
		}
		out[i].Status = st
	}
	if out == nil {
		return changes
	}
	return out
}

// ids keeps the ids of figures in view: not a hidden figure's, nor one no
// longer in the fight (a hidden figure the Judge removed after naming it
// in a highlight).
func (v *sight) ids(ids []string) []string {
	var out []string
	for _, id := range ids {
		if slices.ContainsFunc(v.seen, func(f seenFigure) bool { return f.id == id }) {
			out = append(out, id)
		}
	}
	return out
}

// event projects e for a player: send it (changed), leave it out, or
// resync (send a fresh welcome instead, as when the view must be rebuilt).
func (v *sight) event(e Event) (out Event, send, resync bool) {
	switch e.Kind {
	case EventUndone, EventRedone:
		return Event{}, false, true
	case EventHidden, EventRevealed:
		if v.hidden[e.Figure] {
			// The Judge hid or revealed a figure out of view before and
			// after (seatEvent rebuilds the view when one comes into it
			// or goes out of it): nothing the seat sees changed.
			return Event{}, false, false
		}
		return Event{}, false, true
	case EventCharacterSet, EventCharacterRemoved, EventPlaced, EventFigureRemoved, EventOpened:
		// Sheets and figures come to players only in a snapshot, trimmed
		// to what they may see.
		return Event{}, false, true
	case EventOptionsSet:
		if e.Options != nil {
			o := playersOptions(*e.Options)
			e.Options = &o
		}
	case EventHexesRevealed:
		if e.Fog == nil || !slices.Contains(v.sides, e.Fog.Side) {
			return Event{}, false, false // another side's: it stays with that side
		}
	}
	e = v.renumber(e)
	e.Changes = v.statuses(e.Changes)
	if len(v.hidden) == 0 {
		e.Text = v.tell(e.Text)
		return e, true, false
	}
	if v.hidden[e.Figure] {
		// A hidden figure went about unseen: nothing the seat sees
		// changed, and it is sent nothing (docs/protocol.md: "Player
		// visibility"); what it did to a figure or a hex in view shows in
		// a fresh view.
		return Event{}, false, v.touches(e)
	}
	if slices.ContainsFunc(e.Changes, func(c FigureChange) bool { return v.hidden[c.Figure] }) ||
		slices.ContainsFunc(e.Targets, func(id string) bool { return v.hidden[id] }) ||
		e.Riposte != nil && (v.hidden[e.Riposte.By] || v.hidden[e.Riposte.Against]) {
		return Event{}, false, true // a hidden figure took part: rebuild the view
	}
	e.APs = filterKeys(e.APs, v.hidden)
	e.Rolls = filterKeys(e.Rolls, v.hidden)
	if e.Dealt != nil {
		out := map[string]string{}
		for id, card := range e.Dealt {
			if !v.hidden[id] {
				out[id] = card
			}
		}
		// The cards only hidden figures hold are not known to be out.
		e.DeckOut = slices.DeleteFunc(slices.Clone(e.DeckOut), func(c string) bool {
			held, seen := false, false
			for id, card := range e.Dealt {
				if card == c {
					held, seen = true, seen || !v.hidden[id]
				}
			}
			return held && !seen
		})
		e.Dealt = out
	}
	e.Unaimed = v.ids(e.Unaimed)
	// A new round's and a segment's lines list every figure that rolls or
	// may act: told again with the figures in view only, whether or not
	// a hidden one's name is a secret word (two bandits share a name).
	if v.names(e.Text) || e.Kind == EventRoundStarted || e.Kind == EventSegment {
		e.Text = v.retell(e)
	}
	if v.leaks(e) {
		return Event{}, false, true
	}
	e.Text = v.tell(e.Text)
	return e, true, false
}

// retell writes an event's log sentence again with only the figures in
// view, for the events a hidden figure's name can stand in without the
// figure taking part (a new round's rolls, a segment's who may act).
func (v *sight) retell(e Event) string {
	var b strings.Builder
	switch {
	case e.Kind == EventRoundStarted && len(e.Dealt) > 0:
		// Action cards (Savage Worlds): each card dealt a figure in
		// view, highest first, with the figures in view that hold it.
		fmt.Fprintf(&b, "Round %d: the action cards are dealt.", e.Round)
		var cards []string
		held := map[string][]string{}
		joker := false
		for _, f := range v.seen {
			card, ok := e.Dealt[f.id]
			if !ok {
				continue
			}
			if held[card] == nil {
				cards = append(cards, card)
			}
			held[card] = append(held[card], f.truth) // told by event's tell
			joker = joker || strings.Contains(strings.ToLower(card), "joker")
		}
		rank := func(card string) int {
			for _, f := range v.seen {
				if e.Dealt[f.id] == card {
					return e.APs[f.id]
				}
			}
			return 0
		}
		slices.SortStableFunc(cards, func(a, b string) int { return rank(b) - rank(a) })
		var parts []string
		for _, card := range cards {
			parts = append(parts, card+" "+strings.Join(held[card], ", "))
		}
		if len(parts) > 0 {
			b.WriteString(" " + strings.Join(parts, "; ") + ".")
		}
		if joker {
			b.WriteString(" A Joker came up: it acts when it likes with +2 to trait and damage rolls.")
		}
	case e.Kind == EventRoundStarted:
		fmt.Fprintf(&b, "Round %d begins.", e.Round)
		var parts []string
		for _, f := range v.seen {
			if ap, ok := e.APs[f.id]; ok {
				parts = append(parts, fmt.Sprintf("%s %d", f.truth, ap))
			}
		}
		if len(parts) > 0 {
			b.WriteString(" " + strings.Join(parts, ", ") + ".")
		}
	case e.Kind == EventSegment:
		fmt.Fprintf(&b, "Segment %d.", e.Segment)
		var acting []string
		for _, f := range v.seen {
			if f.fine && f.ap > 0 && f.ap >= e.Segment {
				acting = append(acting, f.truth)
			}
		}
		if len(acting) > 0 {
			b.WriteString(" May act: " + strings.Join(acting, ", ") + ".")
		}
	default:
		b.WriteString("Something happens out of view.")
	}
	return b.String()
}

// playersOptions are a fight's options o as a player's seat is sent them:
// all of them (whether the Judge rolls at the table, whether players roll
// their own, the fog, the optional rules), for a player's window decides
// and asks by them; but the seed, which would foretell every roll.
func playersOptions(o FightOptions) FightOptions {
	o.Seed = nil
	o.Parts = o.Parts.forPlayers() // a system's own, copied: Fudge's modules
	return o
}

func filterKeys[V any](m map[string]V, drop map[string]bool) map[string]V {
	if m == nil {
		return nil
	}
	out := make(map[string]V, len(m))
	for k, x := range m {
		if !drop[k] {
			out[k] = x
		}
	}
	return out
}

// Insight is what a seat may know of a figure in its view, for a window
// to show: the one answer every window asks (State.InsightOf), so that a
// window decides nothing of it.
type Insight struct {
	// Commands: the seat gives the figure commands: a window selects it,
	// drags it, shows its reach and previews its moves and attacks.
	Commands bool
	// Numbers: its AP, its movement (Move and Run), where it stands in
	// the round and what its system marks on it (Bennies): a figure the
	// seat commands, or of a side the seat plays. Of a foe a seat knows
	// what the eye sees: its name, posture and visible hurt (Looks).
	Numbers bool
}

// InsightOf says what seat (nil: the Judge) may know of figure id in st:
// the Judge all of every figure; a player nothing of a figure hidden by
// the Judge or not in st, and of one in view what Insight says.
func (st *State) InsightOf(seat *Seat, id string) Insight {
	f, ok := st.Figures[id]
	switch {
	case !ok:
		return Insight{}
	case seat == nil || seat.Role == RoleJudge:
		return Insight{Commands: true, Numbers: true}
	case f.Hidden:
		return Insight{}
	}
	own := seat.Owns(st, id)
	return Insight{Commands: own, Numbers: own || slices.Contains(seatSides(seat, st), f.Side)}
}

// Looks says what the eye sees of figure id: its condition when not fine,
// its posture and its visible hurt ("stunned, prone, wounded (right arm,
// torso)"), or "standing" when none of these shows; "" for no figure.
func (st *State) Looks(id string) string {
	f, ok := st.Figures[id]
	if !ok {
		return ""
	}
	var parts []string
	if f.Condition != rules.Fine {
		parts = append(parts, f.Condition.String())
	}
	parts = append(parts, f.Parts.seen()...) // a system's own: Savage Worlds' "shaken"
	switch {
	case f.Mount != nil:
		parts = append(parts, "on the "+f.Mount.What)
	case f.Prone:
		parts = append(parts, "prone")
	case f.Ducked:
		parts = append(parts, "behind cover")
	}
	var sites []string
	for _, l := range rules.HitLocations {
		if f.Wounds[l] > 0 {
			sites = append(sites, string(l))
		}
	}
	switch {
	case len(sites) > 0:
		parts = append(parts, "wounded ("+strings.Join(sites, ", ")+")")
	case f.Hurt > 0 || len(f.Wounds) > 0:
		parts = append(parts, "wounded")
	}
	if len(parts) == 0 {
		return "standing"
	}
	return strings.Join(parts, ", ")
}
