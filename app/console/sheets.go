package console

import (
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// noSideChoice is the sheet form's side choice for none: its figures
// stand where State.DefaultSide puts them.
const noSideChoice = "(none: the fight's default)"

// sheetsPanel is the character sheets: the fight's characters, and an
// editor for one with its derived values computed as the Judge types. The
// editor knows no rule system: the fight's system lists the parts of a
// sheet it reads (State.SheetParts), and the editor lays them out.
type sheetsPanel struct {
	c    *Console
	ids  []string // characters in the list's order
	list *widget.List
	cur  string            // the id being edited; "" for a new sheet
	base session.Character // the sheet as loaded, which fields not shown keep

	id, name, move, run, size *widget.Entry
	notes                     *widget.Entry
	side                      *sideChooser    // the side its figures stand on when placed with none named
	body                      *fyne.Container // Move, Run and Size, those the system reads
	parts                     *fyne.Container // the system's parts, laid out
	partsKey                  string          // which parts are laid out
	numbersKey                string          // which of Move, Run and Size are
	fields                    []*sheetInput   // their fields, in order
	derived                   *widget.Label
	msg                       *widget.Label
	box                       fyne.CanvasObject

	portrait []byte          // the sheet's picture as edited (PNG or JPEG), or none
	pic      *fyne.Container // shows it
}

// sheetInput is one of a system's sheet fields and its widget.
type sheetInput struct {
	part  string
	field session.SheetField
	entry *widget.Entry
	sel   *widget.Select
	check *widget.Check
}

// value is what the widget holds, in the field's terms.
func (in *sheetInput) value() string {
	switch {
	case in.entry != nil:
		return in.entry.Text
	case in.sel != nil:
		return in.sel.Selected
	}
	return strconv.FormatBool(in.check.Checked)
}

// show puts a value in the widget.
func (in *sheetInput) show(v string) {
	switch {
	case in.entry != nil:
		in.entry.SetText(v)
	case in.sel != nil:
		in.sel.SetSelected(v)
	default:
		in.check.SetChecked(v == "true")
	}
}

// input finds the widget of a part's field by their names, or nil.
func (p *sheetsPanel) input(part, label string) *sheetInput {
	for _, in := range p.fields {
		if in.part == part && in.field.Label == label {
			return in
		}
	}
	return nil
}

func newSheetsPanel(c *Console) *sheetsPanel {
	p := &sheetsPanel{c: c}
	p.list = widget.NewList(
		func() int { return len(p.ids) },
		func() fyne.CanvasObject { return widget.NewLabel("Miranda Valentine") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			ch := p.c.state.Characters[p.ids[i]]
			o.(*widget.Label).SetText(ch.Name)
		},
	)
	p.list.OnSelected = func(i widget.ListItemID) {
		if i < len(p.ids) {
			p.load(p.c.state.Characters[p.ids[i]], false)
		}
	}
	num := func() *widget.Entry {
		e := widget.NewEntry()
		e.OnChanged = func(string) { p.recompute() }
		return e
	}
	p.id, p.name = widget.NewEntry(), widget.NewEntry()
	p.name.OnChanged = func(s string) {
		if p.cur == "" {
			p.id.SetText(slug(s))
		}
		p.recompute()
	}
	p.move, p.run, p.size = num(), num(), num()
	p.side = newSideChooser(noSideChoice, p.recompute)
	form := widget.NewForm(
		widget.NewFormItem("Name", p.name),
		widget.NewFormItem("Id", p.id),
		widget.NewFormItem("Side", p.side.box),
	)
	// Move, Run and Size: those the fight's system reads (layOut).
	p.body = container.NewGridWithColumns(6)
	p.parts = container.NewVBox()
	p.notes = widget.NewMultiLineEntry()
	p.notes.SetPlaceHolder("Notes (the Judge's only)")
	p.notes.SetMinRowsVisible(3)
	p.derived = widget.NewLabel("")
	p.derived.Wrapping = fyne.TextWrapWord
	p.msg = widget.NewLabel("")
	p.msg.Wrapping = fyne.TextWrapWord

	save := widget.NewButton("Save to the fight", p.save)
	save.Importance = widget.HighImportance
	buttons := container.NewGridWithColumns(4,
		widget.NewButton("New", p.newSheet),
		widget.NewButton("Duplicate", p.duplicate),
		widget.NewButton("Delete", p.remove),
		widget.NewButton("Place figures…", p.placeDialog),
		widget.NewButton("Import hero…", p.importHero),
		widget.NewButton("Export hero…", p.exportHero),
		save,
	)
	p.pic = container.NewStack()
	portrait := container.NewHBox(container.NewGridWrap(fyne.NewSize(128, 128), p.pic),
		container.NewVBox(
			widget.NewButton("Choose picture…", p.choosePortrait),
			widget.NewButton("Remove", func() { p.setPortrait(nil) }),
			widget.NewLabel("or drop a PNG or JPEG on this window"),
		))
	editor := container.NewVBox(form, portrait, p.body, p.parts, p.notes, heading("Derived"), p.derived, buttons, p.msg)
	// The roster's own way to the map: the sheet picked, placed (the map
	// window's tray, Ctrl+P there, drags one onto a hex).
	placeHere := widget.NewButton("Place…", p.placeDialog)
	split := container.NewHSplit(container.NewBorder(heading("Characters"), placeHere, nil, nil, p.list), container.NewScroll(editor))
	split.Offset = 0.22
	p.box = split
	p.refresh()
	p.newSheet()
	return p
}

// refresh follows the state's characters, and lays out the sheet parts
// anew when the fight's system or options change which it reads.
func (p *sheetsPanel) refresh() {
	st := p.c.state
	p.ids = p.ids[:0]
	for id := range st.Characters {
		p.ids = append(p.ids, id)
	}
	sort.Slice(p.ids, func(i, j int) bool {
		return st.Characters[p.ids[i]].Name < st.Characters[p.ids[j]].Name
	})
	p.list.Refresh()
	p.side.follow(st.Sides())
	parts := st.SheetParts()
	var key strings.Builder
	for _, part := range parts {
		key.WriteString(part.Title + "|")
	}
	numbers := strings.Join(st.SheetNumbers(), ",")
	if key.String() == p.partsKey && numbers == p.numbersKey {
		return
	}
	p.partsKey, p.numbersKey = key.String(), numbers
	p.layOut(parts)
	if ch, ok := st.Characters[p.cur]; ok && p.cur != "" {
		p.load(ch, false)
	} else {
		p.load(p.base, true)
	}
}

// layOut builds the widgets of the system's sheet parts: numbers and
// choices two to a row beside their labels, checks as many to a row as fit.
func (p *sheetsPanel) layOut(parts []session.SheetPart) {
	// The shared numbers the system reads (State.SheetNumbers): a Savage
	// Worlds sheet moves by its Pace, not TWTW's Move and Run. Those not
	// shown keep the sheet's values.
	p.body.RemoveAll()
	entries := map[string]*widget.Entry{session.SheetMove: p.move, session.SheetRun: p.run, session.SheetSize: p.size}
	for _, n := range p.c.state.SheetNumbers() {
		if e, ok := entries[n]; ok {
			p.body.Add(widget.NewLabel(n))
			p.body.Add(e)
		}
	}
	p.body.Refresh()
	p.parts.RemoveAll()
	p.fields = nil
	for _, part := range parts {
		values := container.NewGridWithColumns(4)
		var checks []fyne.CanvasObject
		for _, f := range part.Fields {
			in := &sheetInput{part: part.Title, field: f}
			switch f.Kind {
			case session.FieldNumber:
				in.entry = widget.NewEntry()
				in.entry.SetPlaceHolder(f.Hint)
				in.entry.OnChanged = func(string) { p.recompute() }
				values.Add(widget.NewLabel(f.Label))
				values.Add(in.entry)
			case session.FieldChoice:
				in.sel = widget.NewSelect(f.Choices, func(string) { p.recompute() })
				values.Add(widget.NewLabel(f.Label))
				values.Add(in.sel)
			default:
				in.check = widget.NewCheck(f.Label, func(bool) { p.recompute() })
				checks = append(checks, in.check)
			}
			p.fields = append(p.fields, in)
		}
		p.parts.Add(heading(part.Title))
		if len(values.Objects) > 0 {
			p.parts.Add(values)
		}
		switch len(checks) {
		case 0:
		case 1: // a lone check has room for its whole label
			p.parts.Add(checks[0])
		default: // as many to a row as fit, not three at the widest's width
			p.parts.Add(newFlow(checks...))
		}
	}
	p.parts.Refresh()
}

var slugRE = regexp.MustCompile(`[^a-z0-9]+`)

// slug makes an id from a name: "Jeb Perkins" → "jeb-perkins".
func slug(s string) string {
	return strings.Trim(slugRE.ReplaceAllString(strings.ToLower(s), "-"), "-")
}

// load shows a sheet in the editor; fresh leaves it unsaved (new or a
// duplicate).
func (p *sheetsPanel) load(ch session.Character, fresh bool) {
	p.base = ch.Clone()
	p.cur = ch.ID
	if fresh {
		p.cur = ""
	}
	p.name.SetText(ch.Name)
	p.id.SetText(ch.ID)
	if fresh {
		p.id.Enable()
	} else {
		p.id.Disable()
	}
	itoa := func(n int) string { return strconv.Itoa(n) }
	p.move.SetText(itoa(ch.Move))
	p.run.SetText(itoa(ch.Run))
	p.size.SetText(itoa(ch.Size))
	shown := ch.Clone() // Get may give it the system's defaults
	for _, in := range p.fields {
		in.show(in.field.Get(&shown))
	}
	p.side.offer(p.c.state.Sides(), ch.Side)
	p.notes.SetText(ch.Notes)
	p.msg.SetText("")
	p.showPortrait(ch.Portrait)
	p.recompute()
}

// sheet reads the editor into a character; the error names the field.
// What the editor does not show (another system's numbers, the state of
// a carried gun) is kept as the fight has it.
func (p *sheetsPanel) sheet() (session.Character, error) {
	ch := p.base.Clone()
	if prev, ok := p.c.state.Characters[p.cur]; ok && p.cur != "" {
		ch = prev.Clone()
	}
	ch.ID, ch.Name, ch.Notes = strings.TrimSpace(p.id.Text), strings.TrimSpace(p.name.Text), p.notes.Text
	ch.Portrait = p.portrait
	side, err := p.side.side()
	if err != nil {
		return ch, fmt.Errorf("side: %w", err)
	}
	ch.Side = side
	for _, n := range []struct {
		field string
		dst   *int
		e     *widget.Entry
	}{{"move", &ch.Move, p.move}, {"run", &ch.Run, p.run}, {"size", &ch.Size, p.size}} {
		v := strings.TrimSpace(n.e.Text)
		if v == "" {
			*n.dst = 0
			continue
		}
		d, err := strconv.Atoi(v)
		if err != nil {
			return ch, fmt.Errorf("%s: %q is not a whole number", n.field, v)
		}
		*n.dst = d
	}
	for _, in := range p.fields {
		if err := in.field.Set(&ch, in.value()); err != nil {
			return ch, err
		}
	}
	return ch, p.c.state.CheckSheet(ch)
}

// recompute shows the derived values of the sheet as typed.
func (p *sheetsPanel) recompute() {
	if p.derived == nil {
		return // still being built
	}
	ch, err := p.sheet()
	if err != nil {
		p.derived.SetText("Not yet a valid sheet: " + err.Error())
		return
	}
	p.derived.SetText(p.c.state.SheetSummary(ch))
}

func (p *sheetsPanel) newSheet() {
	p.list.UnselectAll()
	p.load(p.c.state.NewCharacter(), true)
}

func (p *sheetsPanel) duplicate() {
	ch, _ := p.sheet()
	ch.Name += " (copy)"
	ch.ID = slug(ch.Name)
	p.list.UnselectAll()
	p.load(ch, true)
	p.id.SetText(ch.ID)
}

// save sends the sheet to the session.
func (p *sheetsPanel) save() {
	ch, err := p.sheet()
	if err != nil {
		p.msg.SetText("Not saved: " + err.Error())
		return
	}
	if _, taken := p.c.state.Characters[ch.ID]; taken && p.cur == "" {
		p.msg.SetText(fmt.Sprintf("Not saved: the id %q is taken by %s; change the id.", ch.ID, p.c.state.Characters[ch.ID].Name))
		return
	}
	if err := p.c.doErr(session.Command{Kind: session.CommandSetCharacter, Sheet: &ch}); err != nil {
		p.msg.SetText("Not saved: " + err.Error())
		return
	}
	p.cur = ch.ID
	p.id.Disable()
	p.side.offer(p.c.state.Sides(), ch.Side) // a new side named is now a choice
	p.msg.SetText(fmt.Sprintf("Saved %s to the fight.", ch.Name))
}

func (p *sheetsPanel) remove() {
	if p.cur == "" {
		p.msg.SetText("This sheet is not in the fight yet.")
		return
	}
	ch := p.c.state.Characters[p.cur]
	dialog.ShowConfirm("Delete "+ch.Name+"?", "Remove this sheet from the fight? Undo (Ctrl+Z) brings it back.", func(ok bool) {
		if !ok {
			return
		}
		if err := p.c.doErr(session.Command{Kind: session.CommandRemoveCharacter, Character: ch.ID}); err != nil {
			p.msg.SetText("Not deleted: " + err.Error())
			return
		}
		p.newSheet()
	}, p.c.win)
}

// placeAround picks n free hexes one may stand in, nearest hex first, and
// makes the figures to place there.
func (c *Console) placeAround(character, at, facing, side string, hidden bool, n int) ([]session.FigureSpec, error) {
	st := c.state
	if at == "" {
		return nil, errors.New("type the hex to place around, as J8")
	}
	start, err := st.Map.ParseHex(at)
	if err != nil {
		return nil, err
	}
	if !st.Map.Contains(start) {
		return nil, fmt.Errorf("%s is off the map: pick a hex on it", st.Map.Label(start))
	}
	var specs []session.FigureSpec
	for r := 0; r < 12 && len(specs) < n; r++ {
		for _, h := range ring(start, r) {
			if len(specs) == n {
				break
			}
			if _, taken := st.FigureAt(h); taken || st.Map.CanStand(h) != nil {
				continue
			}
			specs = append(specs, session.FigureSpec{Character: character, At: st.Map.Label(h), Facing: facing, Side: side, Hidden: hidden})
		}
	}
	if len(specs) < n {
		return nil, fmt.Errorf("only %d free hexes near %s: place fewer, or around another hex", len(specs), at)
	}
	return specs, nil
}

func ring(center hexmap.Hex, r int) []hexmap.Hex {
	if r == 0 {
		return []hexmap.Hex{center}
	}
	return center.Ring(r)
}

func (p *sheetsPanel) importHero() {
	askFile(p.c.win, fileQuestion{title: "Import a hero", kind: "Heroes", suffixes: []string{".json"}}, func(path string) {
		ch, err := session.LoadHero(path)
		if err != nil {
			p.msg.SetText(fmt.Sprintf("Could not import %s: %v", filepath.Base(path), err))
			return
		}
		_, exists := p.c.state.Characters[ch.ID]
		p.load(ch, !exists)
		if exists {
			p.msg.SetText(fmt.Sprintf("Imported %s over the fight's sheet of the same id: Save to keep it.", ch.Name))
		} else {
			p.msg.SetText(fmt.Sprintf("Imported %s: Save to put it in the fight.", ch.Name))
		}
	})
}

func (p *sheetsPanel) exportHero() {
	ch, err := p.sheet()
	if err != nil {
		p.msg.SetText("Not exported: " + err.Error())
		return
	}
	q := fileQuestion{save: true, title: "Export the hero", name: ch.ID + ".hero.json", kind: "Heroes", suffixes: []string{".json"}}
	askFile(p.c.win, q, func(path string) {
		if err := session.SaveHero(path, ch); err != nil {
			p.msg.SetText(err.Error())
			return
		}
		p.msg.SetText("Exported to " + path)
	})
}
