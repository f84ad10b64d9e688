package console

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
)

// declaring reports whether rolling a round asks for declarations first:
// Lead and Chrome's initiative (unaimed shots) or the Quick-Draw.
func (c *Console) declaring() bool {
	o := c.state.Options.LeadChrome()
	return o.QuickDraw || o.Initiative == session.InitiativeLeadChrome
}

// declareRow is one figure's row of the declarations dialog.
type declareRow struct {
	id        string
	unaimed   *widget.Check
	quick     *widget.Check
	kind      *widget.Select
	gear      *widget.Select
	modifiers *widget.CheckGroup
}

// askDeclarations asks, before a round's initiative, who makes an unaimed
// shot and who quick-draws with what, then rolls the round.
func (c *Console) askDeclarations() {
	st := c.state
	lc := st.Options.LeadChrome().Initiative == session.InitiativeLeadChrome
	names := session.QuickDrawModifierNames()
	kinds := session.QuickDrawWeapons()
	var rows []*declareRow
	box := container.NewVBox()
	for _, id := range st.Order {
		f := st.Figures[id]
		r := &declareRow{id: id}
		r.unaimed = widget.NewCheck("Unaimed shot (+3 initiative, −5 to hit)", nil)
		r.quick = widget.NewCheck("Quick-Draw", nil)
		r.kind = widget.NewSelect(kinds, nil)
		r.kind.SetSelectedIndex(0)
		var gear []string
		for _, g := range f.Gear {
			gear = append(gear, g.Weapon)
		}
		r.gear = widget.NewSelect(gear, nil)
		if len(gear) > 0 {
			r.gear.SetSelectedIndex(0)
		}
		r.modifiers = widget.NewCheckGroup(names, nil)
		line := container.NewHBox(widget.NewLabelWithStyle(st.FigureName(id), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		if lc {
			line.Add(r.unaimed)
		}
		if st.Options.LeadChrome().QuickDraw || lc {
			line.Add(r.quick)
			line.Add(r.kind)
			if !lc {
				line.Add(r.gear)
			}
		}
		box.Add(line)
		if st.Options.LeadChrome().QuickDraw || lc {
			box.Add(widget.NewAccordion(widget.NewAccordionItem("Quick-Draw modifiers for "+st.FigureName(id), r.modifiers)))
		}
		rows = append(rows, r)
	}
	d := dialog.NewCustomConfirm("Before initiative: declarations", "Roll initiative", "Cancel", container.NewVScroll(box), func(ok bool) {
		if !ok {
			return
		}
		c.doWithDice(session.Command{Kind: session.CommandNewRound, Declare: declarationsOf(rows)}, nil)
	}, c.win)
	d.Resize(fyne.NewSize(900, 560))
	d.Show()
}

// declarationsOf reads the dialog's rows.
func declarationsOf(rows []*declareRow) []session.Declaration {
	var out []session.Declaration
	for _, r := range rows {
		d := session.Declaration{Figure: r.id, Unaimed: r.unaimed.Checked}
		if r.quick.Checked {
			d.QuickDraw, d.Gear = session.DeclareQuickDraw(r.kind.Selected, r.modifiers.Selected), r.gear.Selected
		}
		if d.Unaimed || d.QuickDraw != nil {
			out = append(out, d)
		}
	}
	return out
}
