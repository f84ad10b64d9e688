package session

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

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
	hidden map[string]bool // hidden figures, by id
	// secrets are the words that would name a hidden figure: its id, and
	// its character's id and name unless a figure in view shares them;
	// longest first.
	secrets []string
	seen    []seenFigure // the figures in view, in the fight's order
}

// seenFigure is what a sight keeps of a figure in view, for the texts it
// writes again without the hidden ones.
type seenFigure struct {
	id, name string
	ap       int
	fine     bool
}

// playerSight returns the players' sight of st now.
func (st *State) playerSight() *sight {
	v := &sight{hidden: map[string]bool{}}
	shown := map[string]bool{}
	for _, id := range st.Order {
		f := st.Figures[id]
		if f.Hidden {
			v.hidden[id] = true
			continue
		}
		name := st.FigureName(id)
		v.seen = append(v.seen, seenFigure{id: id, name: name, ap: f.AP, fine: f.Condition == rules.Fine})
		shown[id], shown[f.Character], shown[name] = true, true, true
	}
	for _, id := range st.Order {
		f := st.Figures[id]
		if !f.Hidden {
			continue
		}
		for _, w := range []string{id, f.Character, st.FigureName(id)} {
			if w != "" && !shown[w] && !slices.Contains(v.secrets, w) {
				v.secrets = append(v.secrets, w)
			}
		}
	}
	slices.SortFunc(v.secrets, func(a, b string) int { return len(b) - len(a) })
	return v
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
			if wordEdge(text, j-1) && wordEdge(text, j+len(w)) {
				return true
			}
			i = j + 1
		}
	}
	return false
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
	return t
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
	case EventUndone, EventRedone, EventHidden, EventRevealed:
		return Event{}, false, true
	case EventCharacterSet, EventCharacterRemoved, EventPlaced, EventFigureRemoved, EventOpened:
		// Sheets and figures come to players only in a snapshot, trimmed
		// to what they may see.
		return Event{}, false, true
	case EventOptionsSet:
		e.Options = nil // the seed is the Judge's
	}
	if len(v.hidden) == 0 {
		return e, true, false
	}
	if v.hidden[e.Figure] {
		if e.Kind == EventMoved || e.Kind == EventTurned || e.Kind == EventRode {
			return Event{}, false, false // a hidden figure went about unseen
		}
		return Event{}, false, true // what it did shows only in the state
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
			if v.hidden[id] {
				e.DeckOut = slices.DeleteFunc(slices.Clone(e.DeckOut), func(c string) bool { return c == card })
				continue
			}
			out[id] = card
		}
		e.Dealt = out
	}
	e.Unaimed = v.ids(e.Unaimed)
	if v.names(e.Text) {
		e.Text = v.retell(e)
	}
	if v.leaks(e) {
		return Event{}, false, true
	}
	return e, true, false
}

// retell writes an event's log sentence again with only the figures in
// view, for the events a hidden figure's name can stand in without the
// figure taking part (a new round's rolls, a segment's who may act).
func (v *sight) retell(e Event) string {
	var b strings.Builder
	switch e.Kind {
	case EventRoundStarted:
		fmt.Fprintf(&b, "Round %d begins.", e.Round)
		var parts []string
		for _, f := range v.seen {
			if ap, ok := e.APs[f.id]; ok {
				parts = append(parts, fmt.Sprintf("%s %d", f.name, ap))
			} else if card, ok := e.Dealt[f.id]; ok {
				parts = append(parts, fmt.Sprintf("%s %s", f.name, card))
			}
		}
		if len(parts) > 0 {
			b.WriteString(" " + strings.Join(parts, ", ") + ".")
		}
	case EventSegment:
		fmt.Fprintf(&b, "Segment %d.", e.Segment)
		var acting []string
		for _, f := range v.seen {
			if f.fine && f.ap > 0 && f.ap >= e.Segment {
				acting = append(acting, f.name)
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
