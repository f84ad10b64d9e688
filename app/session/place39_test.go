package session

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestCopiesAreNumbered: a second figure of one sheet is "Zeke Perkins 2"
// on every token and in every sentence, decided in the session and kept
// in the event, so every window (a player's too) shows the same.
func TestCopiesAreNumbered(t *testing.T) {
	s := open(t)
	e := mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{
		{Character: "zeke", At: "C3", Facing: "E"},
		{Character: "zeke", At: "D3", Facing: "E"},
	}})
	st := s.State()
	for _, tc := range []struct {
		id, name, initials string
	}{
		{"zeke", "Zeke Perkins", "ZP"},
		{"zeke-2", "Zeke Perkins 2", "ZP2"},
		{"zeke-3", "Zeke Perkins 3", "ZP3"},
		{"cyril", "Cyril Wellington", "CW"},
	} {
		t.Run(tc.id, func(t *testing.T) {
			if got := st.FigureName(tc.id); got != tc.name {
				t.Errorf("FigureName(%s) = %q, want %q", tc.id, got, tc.name)
			}
			if got := st.FigureInitials(tc.id); got != tc.initials {
				t.Errorf("FigureInitials(%s) = %q, want %q", tc.id, got, tc.initials)
			}
		})
	}
	if got := st.NextInitials("zeke"); got != "ZP4" {
		t.Errorf("NextInitials(zeke) = %q, want ZP4 (the preview of the next copy)", got)
	}
	if !strings.Contains(e.Text, "Zeke Perkins 2") || len(e.Placed) != 2 || e.Placed[0].Number != 2 || e.Placed[1].Number != 3 {
		t.Errorf("placed: %q %+v, want Zeke Perkins 2 and 3 numbered in the event", e.Text, e.Placed)
	}
	// The fight saved and opened again keeps the numbers.
	again, err := st.Snapshot(nil).State()
	if err != nil {
		t.Fatal(err)
	}
	if got := again.FigureInitials("zeke-3"); got != "ZP3" {
		t.Errorf("after a save: %q, want ZP3", got)
	}
	// Taken off, the number is free for the next copy; the others keep theirs.
	mustDo(t, s, Command{Kind: CommandRemoveFigure, Figure: "zeke-2"})
	mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{Character: "zeke", At: "E3", Facing: "E"}}})
	st = s.State()
	if got := st.FigureName("zeke-3"); got != "Zeke Perkins 3" {
		t.Errorf("zeke-3 after zeke-2 left: %q", got)
	}
	if got := st.FigureName(st.Order[len(st.Order)-1]); got != "Zeke Perkins 2" {
		t.Errorf("the next copy: %q, want Zeke Perkins 2", got)
	}
}

// TestSavageBanditsAreNumbered: the Savage Worlds fight file's two
// bandits read "B" and "B2".
func TestSavageBanditsAreNumbered(t *testing.T) {
	st := openSW(t).State()
	got := []string{st.FigureName("bandit-1"), st.FigureInitials("bandit-1"), st.FigureName("bandit-2"), st.FigureInitials("bandit-2")}
	if want := []string{"Bandit", "B", "Bandit 2", "B2"}; !slices.Equal(got, want) {
		t.Errorf("bandits: %q, want %q", got, want)
	}
}

// TestPlaceSideDefaults: a figure placed with no side takes its copies'
// side, else its sheet's, else the fight's first side that is not the
// players'; never a side made up.
func TestPlaceSideDefaults(t *testing.T) {
	s := open(t)
	withSide := perkins()
	withSide.Side = "posse"
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &withSide})
	fresh := perkins()
	fresh.ID, fresh.Name = "drifter", "Drifter"
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &fresh})
	for _, tc := range []struct {
		name, character, want string
	}{
		{"copies on the map", "zeke", "outlaws"},
		{"a posse copy", "cyril", "posse"},
		{"the sheet's own side", "perkins", "posse"},
		{"no copy, no side: not the players'", "drifter", "outlaws"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := s.State().DefaultSide(tc.character); got != tc.want {
				t.Errorf("DefaultSide(%s) = %q, want %q", tc.character, got, tc.want)
			}
		})
	}
	e := mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{Character: "cyril", At: "C3"}}})
	if e.Placed[0].Side != "posse" || e.Placed[0].Facing == "" {
		t.Errorf("cyril placed with no side nor facing: %+v, want the posse and a facing", e.Placed[0])
	}
	if got := s.State().Sides(); !slices.Equal(got, []string{"outlaws", "posse"}) {
		t.Errorf("Sides() = %q, want [outlaws posse]", got)
	}
}

// TestPlaceRefusalsSayWhatToDo: every refused placement is one line that
// names the hex or sheet and what to do.
func TestPlaceRefusalsSayWhatToDo(t *testing.T) {
	for _, tc := range []struct {
		name string
		spec FigureSpec
		want string
	}{
		{"off the map", FigureSpec{Character: "zeke", At: "Z99"}, "Z99 is off the map (A1 to X16): pick a hex on it"},
		{"not a hex", FigureSpec{Character: "zeke", At: "here"}, `hex label "HERE": want column letters and a row number`},
		{"occupied", FigureSpec{Character: "zeke", At: "U8"}, "U8 is taken by Zeke Perkins: pick a free hex"},
		{"unknown sheet", FigureSpec{Character: "nobody", At: "C3"}, `there is no character "nobody" in this fight`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			before := len(s.State().Order)
			_, err := s.Do(Command{Kind: CommandPlace, Place: []FigureSpec{tc.spec}})
			var ref *Refusal
			if !errors.As(err, &ref) || !strings.Contains(ref.Reason, tc.want) {
				t.Errorf("place %+v: got %v, want a refusal with %q", tc.spec, err, tc.want)
			}
			if got := len(s.State().Order); got != before {
				t.Errorf("figures after a refusal: %d, want %d", got, before)
			}
		})
	}
}

// TestFightFileCopyNumbers: a fight file's copy numbers are kept, a
// figure without one takes the lowest free, and two figures that claim
// one number are refused with the field named.
func TestFightFileCopyNumbers(t *testing.T) {
	for _, tc := range []struct {
		name    string
		numbers []int
		want    []string // the initials, or the error's words
	}{
		{"none given: in the file's order", []int{0, 0, 0}, []string{"ZP", "ZP2", "ZP3"}},
		{"given, and the rest the lowest free", []int{3, 0, 0}, []string{"ZP3", "ZP", "ZP2"}},
		{"one number twice", []int{2, 2, 0}, []string{"figures[4].number: figure zeke-a is already copy 2 of zeke"}},
		{"a number out of range", []int{-1, 0, 0}, []string{"figures[3].number: -1, want 0 to 9999"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := demo(t)
			f.Figures = slices.DeleteFunc(f.Figures, func(fs FigureSpec) bool { return fs.Character == "zeke" })
			for i, n := range tc.numbers {
				f.Figures = append(f.Figures, FigureSpec{ID: "zeke-" + string(rune('a'+i)), Character: "zeke", Side: "outlaws",
					At: []string{"C3", "D3", "E3"}[i], Facing: "E", Number: n})
			}
			st, err := f.State()
			if len(tc.want) == 1 {
				if err == nil || !strings.Contains(err.Error(), tc.want[0]) {
					t.Errorf("numbers %v: got %v, want an error with %q", tc.numbers, err, tc.want[0])
				}
				return
			}
			if err != nil {
				t.Fatalf("numbers %v: %v", tc.numbers, err)
			}
			var got []string
			for i := range tc.numbers {
				got = append(got, st.FigureInitials("zeke-"+string(rune('a'+i))))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("numbers %v: initials %q, want %q", tc.numbers, got, tc.want)
			}
		})
	}
}
