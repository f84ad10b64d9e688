package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
)

// A part is what one rule system (or an option any system may play, such
// as Lead and Chrome's initiative) keeps beyond what every system shares:
// on a figure (FigureStatus), among a fight's options (FightOptions) and in
// the fight's state (State). Savage Worlds' Shaken, Dragon Warriors II's
// stance and Fudge's shield are parts; the shared code names none of them.
//
// A system declares its part as a struct type in its own file and
// registers it from its init (registerStatusPart, registerOptionPart,
// registerStatePart); it reads its part with partOf and writes it with
// setPart. In a file a part's fields sit flat among the owner's, under the
// names they have always had ("shaken", "stance", "fudge"), so the files
// written before parts existed read as they did.

// Parts holds the parts of one owner (a figure's status, a fight's
// options, a state), by their type. It is a value: copying it copies
// nothing, and a set makes a new map (copy on write), so two copies never
// share a change. A part equal to its zero value is absent: Parts with a
// zero part and Parts without it are equal (reflect.DeepEqual too).
type Parts struct{ m map[reflect.Type]any }

// partOf returns p's part of type T, its zero value when p has none.
func partOf[T any](p Parts) T {
	v, _ := p.m[reflect.TypeFor[T]()].(T)
	return v
}

// editPart changes p's part of type T with change, as a system's with…
// helpers do (withSW, withDW, …): the part read, changed and set again.
func editPart[T any](p *Parts, change func(*T)) {
	v := partOf[T](*p)
	change(&v)
	setPart(p, v)
}

// setPart sets p's part of type T to v; a zero v takes the part away. T
// not registered as a part is a programming error: it panics, rather than
// keep a part no file would write.
func setPart[T any](p *Parts, v T) {
	t := reflect.TypeFor[T]()
	if !partTypes[t] {
		panic(fmt.Sprintf("session: %v is set as a part but no system registered it (registerStatusPart, registerOptionPart, registerStatePart)", t))
	}
	zero := reflect.ValueOf(&v).Elem().IsZero()
	if _, had := p.m[t]; zero && !had {
		return
	}
	m := make(map[reflect.Type]any, len(p.m)+1)
	for k, x := range p.m {
		m[k] = x
	}
	if zero {
		delete(m, t)
	} else {
		m[t] = v
	}
	if len(m) == 0 {
		m = nil
	}
	p.m = m
}

// Len is how many parts p holds.
func (p Parts) Len() int { return len(p.m) }

// partOwner is where a part sits.
type partOwner int

const (
	statusPart partOwner = iota // on a figure: FigureStatus
	optionPart                  // among a fight's options: FightOptions
	statePart                   // in the fight's state: State (kept in no file)
	partOwners
)

var ownerNames = [partOwners]string{"status", "options", "state"}

// partSpec is one registered part.
type partSpec struct {
	name string
	typ  reflect.Type
	zero any      // T's zero value
	keys []string // its fields' JSON names, in its order
	// decode reads a part's JSON object, whole (old is not read), and
	// returns the part, nil when it comes out zero.
	decode func(old any, data []byte) (any, error)
}

// partRegistry is the parts of one owner, in the order they registered,
// and the JSON names the owner's own fields take.
type partRegistry struct {
	specs  []*partSpec
	byKey  map[string]*partSpec // a part's JSON name: its part
	shared map[string]bool      // the owner's own JSON names
}

// partTypes are the types registered as parts, of any owner.
var partTypes = map[reflect.Type]bool{}

// partsOf are the parts of each owner. The owners' own JSON names are
// read before any init registers a part.
var partsOf = [partOwners]partRegistry{
	statusPart: {shared: jsonNames(reflect.TypeFor[statusJSON](), ""), byKey: map[string]*partSpec{}},
	optionPart: {shared: jsonNames(reflect.TypeFor[optionsJSON](), ""), byKey: map[string]*partSpec{}},
	statePart:  {byKey: map[string]*partSpec{}},
}

// registerStatusPart registers T as a part of a figure's status
// (FigureStatus), from a system's init.
func registerStatusPart[T any](name string) { registerPart[T](statusPart, name) }

// registerOptionPart registers T as a part of a fight's options
// (FightOptions), from a system's init.
func registerOptionPart[T any](name string) { registerPart[T](optionPart, name) }

// registerStatePart registers T as a part of the fight's state (State),
// from a system's init. A state part is kept in no file: a system builds
// it from the journal's events as it applies them.
func registerStatePart[T any](name string) { registerPart[T](statePart, name) }

// registerPart registers T as a part of owner, under name (for messages).
// T is a struct whose fields all have JSON names, each marked omitempty or
// omitzero so that a zero part writes nothing. A JSON name another part
// or the owner already has is a programming error: it panics.
func registerPart[T any](owner partOwner, name string) {
	t := reflect.TypeFor[T]()
	r := &partsOf[owner]
	for _, s := range r.specs {
		if s.typ == t || s.name == name {
			panic(fmt.Sprintf("session: %s part %s (%v) registered twice", ownerNames[owner], name, t))
		}
	}
	spec := &partSpec{name: name, typ: t, zero: reflect.Zero(t).Interface(), decode: func(old any, data []byte) (any, error) {
		var v T // a part read whole: never into one whose pointers the old shares
		if err := json.Unmarshal(data, &v); err != nil {
			return nil, err
		}
		if reflect.ValueOf(&v).Elem().IsZero() {
			return nil, nil
		}
		return v, nil
	}}
	if owner != statePart {
		if t.Kind() != reflect.Struct {
			panic(fmt.Sprintf("session: %s part %s: %v is not a struct", ownerNames[owner], name, t))
		}
		for k := range jsonNames(t, name) {
			spec.keys = append(spec.keys, k)
		}
		slices.Sort(spec.keys)
		for _, k := range spec.keys {
			if r.shared[k] {
				panic(fmt.Sprintf("session: %s part %s claims %q, which every system's %s has", ownerNames[owner], name, k, ownerNames[owner]))
			}
			if o := r.byKey[k]; o != nil {
				panic(fmt.Sprintf("session: %s parts %s and %s both claim %q", ownerNames[owner], o.name, name, k))
			}
			r.byKey[k] = spec
		}
	}
	r.specs = append(r.specs, spec)
	partTypes[t] = true
}

// jsonNames are the JSON names of struct t's fields; part names the part
// whose fields they are, "" for an owner's own (whose fields may leave
// themselves out of JSON).
func jsonNames(t reflect.Type, part string) map[string]bool {
	names := map[string]bool{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Type == reflect.TypeFor[Parts]() {
			continue
		}
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" && opts == "" {
			if part != "" {
				panic(fmt.Sprintf("session: part %s: field %s is kept in no file", part, f.Name))
			}
			continue
		}
		if name == "" {
			name = f.Name
		}
		if part != "" && !strings.Contains(","+opts+",", ",omitempty,") && !strings.Contains(","+opts+",", ",omitzero,") {
			panic(fmt.Sprintf("session: part %s: field %s is neither omitempty nor omitzero: a zero part would write it", part, f.Name))
		}
		names[name] = true
	}
	return names
}

// marshalParts appends each part of p to own, the owner's own fields as a
// JSON object, in the order the parts registered.
func marshalParts(owner partOwner, own []byte, p Parts) ([]byte, error) {
	if len(p.m) == 0 {
		return own, nil
	}
	for _, s := range partsOf[owner].specs {
		v, ok := p.m[s.typ]
		if !ok {
			continue
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("%s part %s: %w", ownerNames[owner], s.name, err)
		}
		if len(b) <= 2 { // {}
			continue
		}
		if len(own) <= 2 {
			own = b
			continue
		}
		own = append(append(own[:len(own)-1], ','), b[1:]...)
	}
	return own, nil
}

// unmarshalParts reads the parts of owner from data, a JSON object whose
// other names are the owner's own, over old; a name neither the owner nor
// a part has is an error naming it (as a strict decoder's would be).
func unmarshalParts(owner partOwner, data []byte, old Parts) (Parts, error) {
	r := &partsOf[owner]
	var found map[*partSpec]*bytes.Buffer // each part's members, as an object
	err := eachMember(data, func(key []byte, member []byte) error {
		if r.shared[string(key)] {
			return nil
		}
		s := r.byKey[string(key)]
		if s == nil {
			var own bool
			if s, own = r.fold(string(key)); own {
				return nil
			}
		}
		if s == nil {
			return fmt.Errorf("json: unknown field %q", key)
		}
		if found == nil {
			found = map[*partSpec]*bytes.Buffer{}
		}
		b := found[s]
		if b == nil {
			b = &bytes.Buffer{}
			b.WriteByte('{')
			found[s] = b
		} else {
			b.WriteByte(',')
		}
		b.Write(member)
		return nil
	})
	if err != nil || found == nil {
		return old, err
	}
	m := make(map[reflect.Type]any, len(old.m)+len(found))
	maps.Copy(m, old.m)
	for s, b := range found {
		b.WriteByte('}')
		v, err := s.decode(m[s.typ], b.Bytes())
		if err != nil {
			return old, err
		}
		if v == nil {
			delete(m, s.typ)
		} else {
			m[s.typ] = v
		}
	}
	if len(m) == 0 {
		m = nil
	}
	return Parts{m: m}, nil
}

// eachMember calls fn with each member of data, a JSON object (or null):
// its name, and the member as written ("name": value). data has been
// through encoding/json's scanner, as an UnmarshalJSON's is; a malformed
// one is an error all the same. Nothing is allocated but for a name
// written with escapes.
func eachMember(data []byte, fn func(key, member []byte) error) error {
	bad := errors.New("json: a figure's status or a fight's options is not an object")
	i := skipSpace(data, 0)
	if bytes.HasPrefix(data[i:], []byte("null")) {
		return nil
	}
	if i >= len(data) || data[i] != '{' {
		return bad
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return nil
	}
	for {
		start := i
		end, escaped, ok := stringEnd(data, i)
		if !ok {
			return bad
		}
		key := data[start+1 : end-1]
		if escaped {
			var k string
			if err := json.Unmarshal(data[start:end], &k); err != nil {
				return err
			}
			key = []byte(k)
		}
		i = skipSpace(data, end)
		if i >= len(data) || data[i] != ':' {
			return bad
		}
		vEnd, ok := valueEnd(data, skipSpace(data, i+1))
		if !ok {
			return bad
		}
		if err := fn(key, data[start:vEnd]); err != nil {
			return err
		}
		i = skipSpace(data, vEnd)
		if i >= len(data) {
			return bad
		}
		if data[i] == '}' {
			return nil
		}
		if data[i] != ',' {
			return bad
		}
		i = skipSpace(data, i+1)
	}
}

// skipSpace is the index of the first byte from i that is not JSON's
// white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// stringEnd is the index just past the JSON string starting at i, and
// whether it has escapes or bytes past ASCII (to unquote as
// encoding/json does).
func stringEnd(data []byte, i int) (end int, escaped, ok bool) {
	if i >= len(data) || data[i] != '"' {
		return 0, false, false
	}
	for i++; i < len(data); i++ {
		switch c := data[i]; {
		case c == '\\':
			escaped = true
			i++
		case c == '"':
			return i + 1, escaped, true
		case c >= 0x80: // encoding/json reads a name's bad UTF-8 as U+FFFD: unquoted as it does
			escaped = true
		}
	}
	return 0, false, false
}

// valueEnd is the index just past the JSON value starting at i.
func valueEnd(data []byte, i int) (int, bool) {
	depth := 0
	for i < len(data) {
		switch c := data[i]; c {
		case '"':
			end, _, ok := stringEnd(data, i)
			if !ok {
				return 0, false
			}
			i = end
			if depth == 0 {
				return i, true
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i, true // the end of the object holding a number or literal
			}
			depth--
			if depth == 0 {
				return i + 1, true
			}
		case ',':
			if depth == 0 {
				return i, true
			}
		case ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i, true
			}
		}
		i++
	}
	return 0, false
}

// fold finds the part of a JSON name in another case, as encoding/json
// matches names: own is true for one of the owner's own names.
func (r *partRegistry) fold(k string) (s *partSpec, own bool) {
	for n := range r.shared {
		if strings.EqualFold(n, k) {
			return nil, true
		}
	}
	for n, s := range r.byKey {
		if strings.EqualFold(n, k) {
			return s, false
		}
	}
	return nil, false
}

// newRound is p as a new round starts: each part that a round changes,
// changed (partRound).
func (p Parts) newRound() Parts {
	out := p
	for t, v := range p.m {
		r, ok := v.(partRound)
		if !ok {
			continue
		}
		if out.same(p) {
			out.m = maps.Clone(p.m)
		}
		if w := r.newRound(); w == nil || reflect.ValueOf(w).IsZero() {
			delete(out.m, t)
		} else {
			out.m[t] = w
		}
	}
	if out.m != nil && len(out.m) == 0 {
		out.m = nil
	}
	return out
}

// said is the sentences of each of p's option parts (partSayer), in the
// order they registered.
func (p Parts) said() []string {
	return partWords(p, optionPart, func(s partSayer) []string { return s.said() })
}

// partWords is what each of p's parts of owner that answers I says, in the
// order they registered: the one walk behind said, seen and worse.
func partWords[I any](p Parts, owner partOwner, say func(I) []string) []string {
	var out []string
	p.each(owner, func(v any) error {
		if i, ok := v.(I); ok {
			out = append(out, say(i)...)
		}
		return nil
	})
	return out
}

// forPlayers is p as a player's seat is sent it (partForPlayers).
func (p Parts) forPlayers() Parts {
	var out Parts
	for t, v := range p.m {
		if f, ok := v.(partForPlayers); ok {
			v = f.forPlayers()
		}
		if out.m == nil {
			out.m = make(map[reflect.Type]any, len(p.m))
		}
		out.m[t] = v
	}
	return out
}

// applyParts makes the state's parts after event e (partApplier).
func (s *State) applyParts(e Event) {
	for _, spec := range partsOf[statePart].specs {
		cur, ok := s.Parts.m[spec.typ]
		if !ok {
			cur = spec.zero
		}
		a, ok := cur.(partApplier)
		if !ok {
			continue
		}
		next := a.apply(e)
		if next == nil || reflect.ValueOf(next).IsZero() {
			if _, had := s.Parts.m[spec.typ]; had {
				m := maps.Clone(s.Parts.m)
				delete(m, spec.typ)
				if len(m) == 0 {
					m = nil
				}
				s.Parts.m = m
			}
			continue
		}
		m := make(map[reflect.Type]any, len(s.Parts.m)+1)
		maps.Copy(m, s.Parts.m)
		m[spec.typ] = next
		s.Parts.m = m
	}
}

// placeOf is figure id's place in the round by what was dealt ("Q♣",
// "card"), from the state part that deals (partPlaces); ok false for none.
func (s *State) placeOf(id string) (label, what string, ok bool) {
	for _, v := range s.Parts.m {
		if p, is := v.(partPlaces); is {
			if label, what, ok := p.place(id); ok {
				return label, what, true
			}
		}
	}
	return "", "", false
}

// placesDealt reports whether a state part dealt the figures their places
// this round (partPlaces).
func (s *State) placesDealt() bool {
	for _, v := range s.Parts.m {
		if p, is := v.(partPlaces); is && p.dealt() {
			return true
		}
	}
	return false
}

// same reports whether p and q are the very same parts (one map): a
// part changed since p was copied makes another.
func (p Parts) same(q Parts) bool {
	return reflect.ValueOf(p.m).UnsafePointer() == reflect.ValueOf(q.m).UnsafePointer()
}

// each calls fn with each of p's parts of owner, in the order they
// registered, until fn returns an error.
func (p Parts) each(owner partOwner, fn func(v any) error) error {
	if len(p.m) == 0 {
		return nil
	}
	for _, s := range partsOf[owner].specs {
		if v, ok := p.m[s.typ]; ok {
			if err := fn(v); err != nil {
				return err
			}
		}
	}
	return nil
}

// check range-checks each of p's parts of owner that checks itself.
func (p Parts) check(owner partOwner) error {
	return p.each(owner, func(v any) error {
		if c, ok := v.(partChecker); ok {
			return c.check()
		}
		return nil
	})
}

// seen is what the eye sees of a figure's parts (State.Looks).
func (p Parts) seen() []string {
	return partWords(p, statusPart, func(s partSeen) []string { return s.seen() })
}

// worse is what got worse in a figure's parts since before (harmSaid).
func (p Parts) worse(before Parts) []string {
	return partWords(p, statusPart, func(w partWorse) []string { return w.worse(before.m[reflect.TypeOf(w)]) })
}

// countField is a count in a file or an event, by its JSON name.
type countField struct {
	name string
	v    int
}

// checkCounts refuses a count below 0 or above maxCount, naming it.
func checkCounts(fields ...countField) error {
	for _, f := range fields {
		if f.v < 0 || f.v > maxCount {
			return fmt.Errorf("%s: %d, want 0 to %d", f.name, f.v, maxCount)
		}
	}
	return nil
}

// told is p as a seat that sees only the figures sees says may know it:
// p itself (the same map) when no part names a figure out of its view.
func (p Parts) told(sees func(id string) bool) Parts {
	out := p
	for t, v := range p.m {
		if n, ok := v.(partTold); ok {
			if w, changed := n.told(sees); changed {
				if out.m == nil || reflect.ValueOf(out.m).UnsafePointer() == reflect.ValueOf(p.m).UnsafePointer() {
					out.m = maps.Clone(p.m)
				}
				if reflect.ValueOf(w).IsZero() {
					delete(out.m, t)
				} else {
					out.m[t] = w
				}
			}
		}
	}
	if out.m != nil && len(out.m) == 0 {
		out.m = nil
	}
	return out
}
