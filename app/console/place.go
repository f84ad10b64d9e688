package console

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
)

// newSideChoice is the side select's last choice: a side made on purpose.
const newSideChoice = "New side…"

// placeForm is the Place figures dialog's content: how many of the sheet,
// around which hex, facing, on which side (one of the fight's, or a new
// one only when the Judge picks "New side…"), hidden or not. A failure
// is said in the form, which stays open with what was typed.
type placeForm struct {
	c         *Console
	character string
	count, at *widget.Entry
	facing    *widget.Select
	side      *widget.Select
	newSide   *widget.Entry
	hidden    *widget.Check
	msg       *widget.Label
	box       fyne.CanvasObject
}

func newPlaceForm(c *Console, character string) *placeForm {
	st := c.state
	f := &placeForm{c: c, character: character}
	f.count = widget.NewEntry()
	f.count.SetText("1")
	f.at = widget.NewEntry()
	f.at.SetPlaceHolder("hex, as J8")
	sides := st.Map.Orientation.SideNames()
	f.facing = widget.NewSelect(sides[:], nil)
	f.facing.SetSelectedIndex(0)
	f.newSide = widget.NewEntry()
	f.newSide.SetPlaceHolder("the new side's name")
	f.newSide.Hide()
	choices := st.Sides()
	def := st.DefaultSide(character)
	if !containsString(choices, def) {
		choices = append(choices, def) // the sheet's own side, not yet on the map
	}
	f.side = widget.NewSelect(append(choices, newSideChoice), func(s string) {
		if s == newSideChoice {
			f.newSide.Show()
		} else {
			f.newSide.Hide()
		}
	})
	f.side.SetSelected(def)
	f.hidden = widget.NewCheck("Hidden from the players", nil)
	f.msg = widget.NewLabel("")
	f.msg.Wrapping = fyne.TextWrapWord
	f.msg.Importance = widget.DangerImportance
	form := widget.NewForm(
		widget.NewFormItem("How many", f.count), widget.NewFormItem("Around hex", f.at),
		widget.NewFormItem("Facing", f.facing), widget.NewFormItem("Side", container.NewVBox(f.side, f.newSide)),
		widget.NewFormItem("", f.hidden),
	)
	f.box = container.NewVBox(form, f.msg)
	return f
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// place places the figures as the form says; on failure it says why in
// the form and returns false (the dialog stays open).
func (f *placeForm) place() (string, bool) {
	fail := func(format string, a ...any) (string, bool) {
		f.msg.SetText("Not placed: " + fmt.Sprintf(format, a...))
		return "", false
	}
	if _, ok := f.c.state.Characters[f.character]; !ok {
		return fail("the sheet %q is no longer in the fight", f.character)
	}
	n, err := strconv.Atoi(strings.TrimSpace(f.count.Text))
	if err != nil || n < 1 || n > session.MaxPlace {
		return fail("how many is a number from 1 to %d, not %q.", session.MaxPlace, f.count.Text)
	}
	side := f.side.Selected
	if side == newSideChoice {
		side = strings.TrimSpace(f.newSide.Text)
		if side == "" {
			return fail("type the new side's name, or pick one of the fight's sides.")
		}
	}
	if side == "" {
		return fail("pick a side.")
	}
	specs, err := f.c.placeAround(f.character, strings.TrimSpace(f.at.Text), f.facing.Selected, side, f.hidden.Checked, n)
	if err == nil {
		var events []session.Event
		if events, err = f.c.run(session.Command{Kind: session.CommandPlace, Place: specs}); err == nil && len(events) > 0 {
			f.msg.SetText("")
			return events[len(events)-1].Text, true
		}
	}
	if err != nil {
		return fail("%s", strings.TrimPrefix(err.Error(), "Refused: "))
	}
	return fail("the session placed nothing")
}

// placeDialog places several figures of the sheet at once, from a hex
// outward: the NPC template. It closes only once they are placed.
func (p *sheetsPanel) placeDialog() {
	if p.cur == "" {
		p.msg.SetText("Save the sheet to the fight before placing it.")
		return
	}
	f := newPlaceForm(p.c, p.cur)
	var d dialog.Dialog
	place := widget.NewButton("Place", func() {
		if said, ok := f.place(); ok {
			p.msg.SetText(said)
			d.Hide()
		}
	})
	place.Importance = widget.HighImportance
	cancel := widget.NewButton("Cancel", func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons("Place "+p.c.state.Characters[p.cur].Name,
		container.NewVBox(f.box, container.NewHBox(cancel, place)), p.c.win)
	d.Show()
	d.Resize(fyne.NewSize(520, d.MinSize().Height)) // room for a refusal's line
	p.c.win.Canvas().Focus(f.at)
}
