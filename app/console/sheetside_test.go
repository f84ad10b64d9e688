package console

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"hexslinger/app/session"
)

// pickSheet picks the sheet named name in the Sheets tab's list, as the
// Judge's click does.
func pickSheet(t *testing.T, p *sheetsPanel, name string) {
	t.Helper()
	for i, id := range p.ids {
		if p.c.State().Characters[id].Name == name {
			p.list.UnselectAll()
			p.list.Select(i)
			return
		}
	}
	t.Fatalf("the sheets list has no %q: %q", name, p.ids)
}

// TestSheetFormSetsTheSide: the sheet form's side is one of the fight's
// sides, none (the fight's default), or a new one named on purpose;
// saved with the sheet (journaled, undoable), it is the side a new
// figure of the sheet placed with no side stands on, and the form shows
// it when the sheet is picked again.
func TestSheetFormSetsTheSide(t *testing.T) {
	c, _, _ := newConsole(t)
	p := c.sheets
	// Cyril's copy is on the map (posse): off it, a figure placed with
	// no side would stand on the fight's first side not the players'.
	if err := c.doErr(session.Command{Kind: session.CommandRemoveFigure, Figure: "cyril"}); err != nil {
		t.Fatal(err)
	}
	placeNoSide := func(at string) string {
		t.Helper()
		if err := c.doErr(session.Command{Kind: session.CommandPlace, Place: []session.FigureSpec{{Character: "cyril", At: at, Facing: "E"}}}); err != nil {
			t.Fatalf("placing Cyril at %s with no side: %v", at, err)
		}
		st := c.State()
		f := st.Figures[st.Order[len(st.Order)-1]]
		if err := c.doErr(session.Command{Kind: session.CommandRemoveFigure, Figure: f.ID}); err != nil {
			t.Fatal(err)
		}
		return f.Side
	}
	if got := placeNoSide("C3"); got == "posse" {
		t.Fatalf("with no side on the sheet Cyril is placed on %q; the test needs another default", got)
	}

	pickSheet(t, p, "Cyril Wellington")
	if got, want := p.side.sel.Selected, noSideChoice; got != want {
		t.Errorf("Cyril's side as loaded: %q, want %q", got, want)
	}
	if want := []string{noSideChoice, "outlaws", "posse", newSideChoice}; !slices.Equal(p.side.sel.Options, want) {
		t.Errorf("side choices: %q, want %q", p.side.sel.Options, want)
	}
	if !p.side.name.Hidden {
		t.Error("the new side's name entry shows before New side… is picked")
	}
	p.side.sel.SetSelected("posse")
	p.save()
	if got := c.State().Characters["cyril"].Side; got != "posse" {
		t.Fatalf("Cyril's sheet side after saving posse: %q, want posse (message %q)", got, p.msg.Text)
	}
	if got := placeNoSide("C3"); got != "posse" {
		t.Errorf("a new Cyril placed with no side stands on %q, want posse", got)
	}

	// A new side, named on purpose.
	pickSheet(t, p, "Cyril Wellington")
	p.side.sel.SetSelected(newSideChoice)
	if p.side.name.Hidden {
		t.Error("New side… picked, but the name entry is hidden")
	}
	p.save()
	if got := p.msg.Text; !strings.Contains(got, "type the new side's name") {
		t.Errorf("saving New side… with no name: message %q, want it to ask for the name", got)
	}
	if got := c.State().Characters["cyril"].Side; got != "posse" {
		t.Errorf("a refused save changed the side: %q, want posse", got)
	}
	test.Type(p.side.name, "pinkertons")
	p.save()
	if got := c.State().Characters["cyril"].Side; got != "pinkertons" {
		t.Fatalf("Cyril's side after New side… pinkertons: %q (message %q)", got, p.msg.Text)
	}
	if got := placeNoSide("C3"); got != "pinkertons" {
		t.Errorf("a new Cyril placed with no side stands on %q, want pinkertons", got)
	}

	// Picked again, the form shows the saved side.
	pickSheet(t, p, "Miranda Valentine")
	if got := p.side.sel.Selected; got != noSideChoice {
		t.Errorf("Miranda's side: %q, want %q", got, noSideChoice)
	}
	pickSheet(t, p, "Cyril Wellington")
	if got := p.side.sel.Selected; got != "pinkertons" {
		t.Errorf("Cyril picked again shows side %q, want pinkertons", got)
	}
	if !p.side.name.Hidden {
		t.Error("the name entry shows with a side picked")
	}

	// Undo takes the side back, as it does any sheet edit.
	c.undo() // the last placement's removal
	c.undo() // the placement
	c.undo() // the sheet
	if got := c.State().Characters["cyril"].Side; got != "posse" {
		t.Errorf("after undoing the sheet: side %q, want posse", got)
	}

	// None: the fight's default again.
	pickSheet(t, p, "Cyril Wellington")
	if got := p.side.sel.Selected; got != "posse" {
		t.Errorf("after undo the form shows %q, want posse", got)
	}
	p.side.sel.SetSelected(noSideChoice)
	p.save()
	if got := c.State().Characters["cyril"].Side; got != "" {
		t.Errorf("Cyril's side after saving none: %q, want none", got)
	}
}
