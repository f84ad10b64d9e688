package session

// Mark is what a system shows of a figure beside its token in the map
// window and on its line in the console, in the system's own terms: a
// Savage Worlds figure's Bennies left. The windows draw it without
// knowing what it counts.
type Mark struct {
	Text  string // a few characters for the token's disc: "2"
	Label string // the same in words, for a figure's line: "2 Bennies"
}

// marker is a system that marks figures (System's optional part).
type marker interface {
	Mark(s *State, f *Figure) Mark
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

// sheetLiner is a system that sums a sheet up in its own numbers for the
// log's line about a sheet set (System's optional part); the others' is
// TWTW's AP, Move, Run and Size.
type sheetLiner interface {
	SheetLine(c Character) string
}
