package session

import "strconv"

// A figure's place in the round, as a table of figures shows it in its
// own columns (the console's Figures tab): the round's steps as its
// system's turn model has them (State.Turn), headed in the system's
// terms.

// The headings of a figure's place in the round.
const (
	RoundAP         = "AP"         // the AP left, counted down by segments (TWTW)
	RoundInit       = "Init"       // the AP the round's initiative gave (TWTW)
	RoundInitiative = "Initiative" // the initiative number the order goes by
)

// noPlace is the cell of a figure with no place in the round yet.
const noPlace = "—"

// RoundColumns are the headings of what each figure has of the round, in
// its system's terms: AP and Init where the round counts segments down
// (TWTW); one of the order's places where it goes in order, "Initiative"
// or the system's own word (Savage Worlds' "Card"); none where every
// figure acts at once (Fudge's simultaneous rounds).
func (s *State) RoundColumns() []string {
	t := s.Turn()
	switch {
	case t.Segments:
		return []string{RoundAP, RoundInit}
	case t.Together:
		return nil
	}
	if n, ok := SystemOf(s).(placeNamer); ok {
		if h := n.placeName(s); h != "" {
			return []string{h}
		}
	}
	return []string{RoundInitiative}
}

// RoundCells are figure id's entries under RoundColumns, one each: its
// AP left and the AP its initiative gave; its place in the order (a card
// "Q♣", an initiative "15"), or "—" before the round's first roll; none
// for no such figure.
func (s *State) RoundCells(id string) []string {
	f, ok := s.Figures[id]
	if !ok {
		return nil
	}
	t := s.Turn()
	switch {
	case t.Segments:
		return []string{strconv.Itoa(f.AP), strconv.Itoa(initiativeGiven(s, f))}
	case t.Together:
		return nil
	}
	if s.Begun {
		for _, step := range t.Steps {
			for _, x := range step.Figures {
				if x == id {
					return []string{step.Label}
				}
			}
		}
	}
	return []string{noPlace}
}

// initiativeGiven is the AP figure f started the round with: rolled at the
// round's start, or its character's base AP before any roll.
func initiativeGiven(s *State, f *Figure) int {
	for i := len(s.Log) - 1; i >= 0; i-- {
		if e := s.Log[i]; e.Kind == EventRoundStarted {
			if n, ok := e.APs[f.ID]; ok {
				return n
			}
			break
		}
	}
	return s.Characters[f.Character].BaseAP()
}
