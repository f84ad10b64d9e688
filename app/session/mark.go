package session

// Mark is what a system shows of a figure beside its token in the map
// window and on its line in the console, in the system's own terms: a
// Savage Worlds figure's Bennies left. The windows draw it without
// knowing what it counts.
type Mark struct {
	Text  string // a few characters for the token's disc: "2"
	Label string // the same in words, for a figure's line: "2 Bennies"
}

// Mark is figure id's mark, or none: the figure is not in the fight, or
// its system marks nothing.
func (s *State) Mark(id string) Mark {
	f, ok := s.Figures[id]
	if !ok {
		return Mark{}
	}
	if m, ok := SystemOf(s).(marker); ok {
		return m.Mark(s, f)
	}
	return Mark{}
}
