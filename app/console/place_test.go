package console

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// TestPlaceFormSaysWhyAndKeepsTheFigures: a bad, occupied or empty hex,
// or a bad count, is one line in the form, which stays open; nothing is
// placed and nothing typed is lost.
func TestPlaceFormSaysWhyAndKeepsTheFigures(t *testing.T) {
	for _, tc := range []struct {
		name, count, at, want string
	}{
		{"off the map", "1", "Z99", "Not placed: Z99 is off the map: pick a hex on it"},
		{"not a hex", "1", "here", `hex label "HERE"`},
		{"no hex", "1", "", "type the hex to place around, as J8"},
		{"a bad count", "lots", "C3", `how many is a number from 1 to 50, not "lots"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _, _ := newConsole(t)
			before := len(c.State().Order)
			f := newPlaceForm(c, "zeke")
			f.count.SetText(tc.count)
			test.Type(f.at, tc.at)
			said, ok := f.place()
			if ok || !strings.Contains(f.msg.Text, tc.want) {
				t.Errorf("count %q at %q: placed %v (%q), message %q, want %q", tc.count, tc.at, ok, said, f.msg.Text, tc.want)
			}
			if got := len(c.State().Order); got != before {
				t.Errorf("figures after a failure: %d, want %d", got, before)
			}
			if f.at.Text != tc.at {
				t.Errorf("the hex typed: %q, want %q kept", f.at.Text, tc.at)
			}
		})
	}
}

// TestPlaceFormSideIsChosen: the side defaults from the sheet's copies,
// is one of the fight's sides, and a new side is made only through "New
// side…"; a second Zeke is "Zeke Perkins 2".
func TestPlaceFormSideIsChosen(t *testing.T) {
	c, _, _ := newConsole(t)
	for _, tc := range []struct{ character, want string }{{"zeke", "outlaws"}, {"cyril", "posse"}} {
		if got := newPlaceForm(c, tc.character).side.sel.Selected; got != tc.want {
			t.Errorf("side for %s: %q, want %q", tc.character, got, tc.want)
		}
	}
	f := newPlaceForm(c, "zeke")
	if want := []string{"outlaws", "posse", newSideChoice}; !slices.Equal(f.side.sel.Options, want) {
		t.Errorf("side choices: %q, want %q", f.side.sel.Options, want)
	}
	f.at.SetText("C3")
	said, ok := f.place()
	if !ok || !strings.Contains(said, "Zeke Perkins 2") {
		t.Fatalf("placed %v: %q (message %q), want Zeke Perkins 2", ok, said, f.msg.Text)
	}
	if got := c.State().Figures["zeke-2"]; got == nil || got.Side != "outlaws" {
		t.Errorf("zeke-2: %+v, want on the outlaws' side", got)
	}
	// A new side only on purpose: picked, and named.
	f = newPlaceForm(c, "zeke")
	f.at.SetText("C5")
	f.side.sel.SetSelected(newSideChoice)
	if _, ok := f.place(); ok || !strings.Contains(f.msg.Text, "type the new side's name") {
		t.Errorf("a new side with no name: placed %v, message %q", ok, f.msg.Text)
	}
	f.side.name.SetText("pinkertons")
	if _, ok := f.place(); !ok {
		t.Fatalf("a new side named: %q", f.msg.Text)
	}
	if got := c.State().Sides(); !slices.Contains(got, "pinkertons") {
		t.Errorf("sides: %q, want pinkertons made", got)
	}
}
