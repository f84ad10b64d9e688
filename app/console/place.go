package console

import (
	"errors"
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

// sideChooser picks a side: one of the fight's, or a new one only when
// the Judge picks "New side…", which reveals an entry for its name. With
// a none choice it may also pick no side (a sheet's side is optional).
// The placement dialog and the sheet form both choose through it.
type sideChooser struct {
	none string         // the choice meaning no side; "" when a side must be picked
	sel  *widget.Select // the fight's sides, then newSideChoice
	name *widget.Entry  // the new side's name, shown with newSideChoice
	box  fyne.CanvasObject
}

// newSideChooser makes a chooser; changed, if not nil, is told of every
// change of the choice or the new side's name.
func newSideChooser(none string, changed func()) *sideChooser {
	s := &sideChooser{none: none}
	s.name = widget.NewEntry()
	s.name.SetPlaceHolder("the new side's name")
	s.name.Hide()
	s.sel = widget.NewSelect(nil, func(v string) {
		if v == newSideChoice {
			s.name.Show()
		} else {
			s.name.Hide()
		}
		if changed != nil {
			changed()
		}
	})
	if changed != nil {
		s.name.OnChanged = func(string) { changed() }
	}
	s.box = container.NewVBox(s.sel, s.name)
	return s
}

// offer sets the choices to sides (the fight's), keeping side among them
// though no figure stands on it yet (a sheet's own side), and picks side:
// none's choice for "", if the chooser has one.
func (s *sideChooser) offer(sides []string, side string) {
	var opts []string
	if s.none != "" {
		opts = append(opts, s.none)
	}
	opts = append(opts, sides...)
	if side != "" && !containsString(sides, side) {
		opts = append(opts, side)
	}
	s.sel.SetOptions(append(opts, newSideChoice))
	if side == "" {
		side = s.none
	}
	s.sel.SetSelected(side)
}

// follow offers sides anew, keeping what is picked (and a new side's
// name as typed).
func (s *sideChooser) follow(sides []string) {
	picked := s.sel.Selected
	if picked == newSideChoice {
		opts := append([]string(nil), sides...)
		if s.none != "" {
			opts = append([]string{s.none}, opts...)
		}
		s.sel.SetOptions(append(opts, newSideChoice))
		return
	}
	if picked == s.none {
		picked = ""
	}
	s.offer(sides, picked)
}

// side is the side chosen, "" for none; the error says what to do.
func (s *sideChooser) side() (string, error) {
	switch v := s.sel.Selected; v {
	case newSideChoice:
		if name := strings.TrimSpace(s.name.Text); name != "" {
			return name, nil
		}
		if s.none != "" {
			return "", fmt.Errorf("type the new side's name, or pick one of the fight's sides or %q", s.none)
		}
		return "", errors.New("type the new side's name, or pick one of the fight's sides")
	case "":
		if s.none != "" {
			return "", nil
		}
		return "", errors.New("pick a side")
	case s.none:
		return "", nil
	default:
		return v, nil
	}
}

// placeForm is the Place figures dialog's content: how many of the sheet,
// around which hex, facing, on which side (one of the fight's, or a new
// one only when the Judge picks "New side…"), hidden or not. A failure
// is said in the form, which stays open with what was typed.
type placeForm struct {
	c         *Console
	character string
	count, at *widget.Entry
	facing    *widget.Select
	side      *sideChooser
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
	f.side = newSideChooser("", nil)
	f.side.offer(st.Sides(), st.DefaultSide(character)) // the sheet's own side, even if not yet on the map
	f.hidden = widget.NewCheck("Hidden from the players", nil)
	f.msg = widget.NewLabel("")
	f.msg.Wrapping = fyne.TextWrapWord
	f.msg.Importance = widget.DangerImportance
	form := widget.NewForm(
		widget.NewFormItem("How many", f.count), widget.NewFormItem("Around hex", f.at),
		widget.NewFormItem("Facing", f.facing), widget.NewFormItem("Side", f.side.box),
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
	side, err := f.side.side()
	if err != nil {
		return fail("%s.", err)
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
