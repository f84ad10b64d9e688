package session

import (
	"slices"
	"strconv"
)

// Placing figures: which copy of a sheet a figure is, and the side a
// figure placed with none named stands on. The session decides both, so
// every window shows the same names ("Zeke Perkins 2", "ZP2").

// MaxCopyNumber caps a figure's copy number (FigureSpec.Number).
const MaxCopyNumber = 9999

// copySuffix is a copy's number after sep ("Zeke Perkins" sep "2"), or
// nothing for the first copy.
func copySuffix(n int, sep string) string {
	if n < 2 {
		return ""
	}
	return sep + strconv.Itoa(n)
}

// fileNumber is a copy number as files and events hold it: none for the
// first copy (so a fight of one copy a sheet reads as it always did),
// the number from the second copy on.
func fileNumber(n int) int {
	if n < 2 {
		return 0
	}
	return n
}

// FigureInitials returns the letters on figure id's token: its sheet's
// initials, and the copy's number from the second copy on ("ZP2").
func (s *State) FigureInitials(id string) string {
	f, ok := s.Figures[id]
	if !ok {
		return ""
	}
	c, ok := s.Characters[f.Character]
	if !ok {
		return ""
	}
	return c.Initials() + copySuffix(f.Number, "")
}

// numberOr is n when a copy number is given (above 0), else the lowest
// number no figure of character has, nor any in also (the numbers given
// in the same command).
func numberOr(s *State, character string, n int, also map[int]bool) int {
	if n > 0 {
		return n
	}
	used := map[int]bool{}
	for _, f := range s.Figures {
		if f.Character == character {
			used[max(f.Number, 1)] = true
		}
	}
	for n = 1; used[n] || also[n]; n++ {
	}
	return n
}

// copyNumbered is the figure that is copy n (2 and on) of character,
// or "".
func copyNumbered(s *State, character string, n int) string {
	if n < 2 {
		return ""
	}
	for _, id := range s.Order {
		if f := s.Figures[id]; f.Character == character && f.Number == n {
			return id
		}
	}
	return ""
}

// DefaultSide is the side a figure of character stands on when placed
// with no side named: the side of its copies on the map (the first in
// the fight's order), else its sheet's own side, else the fight's first
// side that is not the players' (never the players': their seats would
// command it), else "npc".
func (s *State) DefaultSide(character string) string {
	for _, id := range s.Order {
		if f := s.Figures[id]; f.Character == character && f.Side != "" {
			return f.Side
		}
	}
	if c, ok := s.Characters[character]; ok && c.Side != "" {
		return c.Side
	}
	for _, side := range s.Sides() {
		if side != s.Options.Players() {
			return side
		}
	}
	return "npc"
}

// Sides returns the sides of the fight's figures, sorted: the choices a
// placement offers (a new side is made only on purpose).
func (s *State) Sides() []string {
	var out []string
	for _, f := range s.Figures {
		if f.Side != "" && !slices.Contains(out, f.Side) {
			out = append(out, f.Side)
		}
	}
	slices.Sort(out)
	return out
}

// NextInitials returns the letters the next figure placed of character
// would read ("ZP2" while Zeke Perkins stands on the map): the window's
// preview of a placement, by the rule the place command decides with.
func (s *State) NextInitials(character string) string {
	c, ok := s.Characters[character]
	if !ok {
		return ""
	}
	return c.Initials() + copySuffix(numberOr(s, character, 0, nil), "")
}
