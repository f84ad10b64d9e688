package console

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
	"hexslinger/hexmap"
	"hexslinger/rules"
	"hexslinger/rules/dragonwarriors"
	"hexslinger/rules/fudge"
	"hexslinger/rules/leadchrome"
	"hexslinger/rules/savage"
)

// traitNames are the TWTW traits in sheet order.
var traitNames = []string{"quickness", "coordination", "acuity", "fortitude", "bravery", "strength"}

// sheetsPanel is the character sheets: the fight's characters, and an
// editor for one with its derived values computed as the Judge types.
type sheetsPanel struct {
	c    *Console
	ids  []string // characters in the list's order
	list *widget.List
	cur  string // the id being edited; "" for a new sheet

	id, name, move, run, size *widget.Entry
	traits                    map[string]*widget.Entry
	skills                    map[string]*widget.Entry
	weapons                   map[string]*widget.Check // by weapon name
	notes                     *widget.Entry
	dw                        map[string]*widget.Entry // Dragon Warriors II: attack, defence, toughness, reflexes
	dwWeapon, dwArmour        *widget.Select
	dwShield                  *widget.Check
	dwBox                     *fyne.Container
	sw                        map[string]*widget.Select // Savage Worlds: die types by trait
	swWild                    *widget.Check
	swArmor, swPace           *widget.Entry
	swGun                     *widget.Select
	swBox                     *fyne.Container
	fu                        map[string]*widget.Select // Fudge: levels by trait
	fuShield                  *widget.Check
	fuNums                    map[string]*widget.Entry // weapon damage, shield points, armor AV and CV
	fuBox                     *fyne.Container
	lcReflexes, lcQuickDraw   *widget.Entry // Lead and Chrome
	lcBox                     *fyne.Container
	twtwBox                   *fyne.Container
	derived                   *widget.Label
	msg                       *widget.Label
	box                       fyne.CanvasObject
}

// skillNames are the skills a sheet lists, sorted.
func skillNames() []string {
	var out []string
	for s := range rules.SkillTraits {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// weaponChoices maps the weapon table's names to ids, and lists the names
// sorted.
func weaponChoices() ([]string, map[string]string) {
	byName := map[string]string{}
	var names []string
	for id, w := range session.Weapons() {
		byName[w.Name] = id
		names = append(names, w.Name)
	}
	sort.Strings(names)
	return names, byName
}

func newSheetsPanel(c *Console) *sheetsPanel {
	p := &sheetsPanel{c: c, traits: map[string]*widget.Entry{}, skills: map[string]*widget.Entry{}}
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
	form := widget.NewForm(
		widget.NewFormItem("Name", p.name),
		widget.NewFormItem("Id", p.id),
	)
	traitGrid := container.NewGridWithColumns(4)
	for _, t := range traitNames {
		p.traits[t] = num()
		traitGrid.Add(widget.NewLabel(strings.ToUpper(t[:1]) + t[1:]))
		traitGrid.Add(p.traits[t])
	}
	// Move, Run and Size place a figure on the map in every system.
	bodyGrid := container.NewGridWithColumns(6, widget.NewLabel("Move"), p.move, widget.NewLabel("Run"), p.run, widget.NewLabel("Size"), p.size)
	skillGrid := container.NewGridWithColumns(4)
	for _, s := range skillNames() {
		p.skills[s] = num()
		p.skills[s].SetPlaceHolder("0")
		skillGrid.Add(widget.NewLabel(s))
		skillGrid.Add(p.skills[s])
	}
	names, _ := weaponChoices()
	p.weapons = map[string]*widget.Check{}
	weaponGrid := container.NewGridWithColumns(3)
	for _, n := range names {
		p.weapons[n] = widget.NewCheck(n, func(bool) { p.recompute() })
		weaponGrid.Add(p.weapons[n])
	}
	p.notes = widget.NewMultiLineEntry()
	p.notes.SetPlaceHolder("Notes (the Judge's only)")
	p.notes.SetMinRowsVisible(3)
	p.dw = map[string]*widget.Entry{}
	dwGrid := container.NewGridWithColumns(4)
	for _, n := range dwStats {
		p.dw[n] = num()
		dwGrid.Add(widget.NewLabel(strings.ToUpper(n[:1]) + n[1:]))
		dwGrid.Add(p.dw[n])
	}
	weaponIDs := []string{"(no modifiers)"}
	for _, w := range dragonwarriors.Weapons {
		weaponIDs = append(weaponIDs, w.ID)
	}
	p.dwWeapon = widget.NewSelect(weaponIDs, func(string) { p.recompute() })
	p.dwArmour = widget.NewSelect([]string{"none", "leather", "cloth", "ring", "scale", "chain", "plate"}, func(string) { p.recompute() })
	p.dwShield = widget.NewCheck("Shield (+2 defence)", func(bool) { p.recompute() })
	p.dwBox = container.NewVBox(heading("Dragon Warriors II"), dwGrid,
		container.NewGridWithColumns(3, p.dwWeapon, p.dwArmour, p.dwShield))
	p.sw = map[string]*widget.Select{}
	swGrid := container.NewGridWithColumns(4)
	for _, n := range swTraits {
		opts := []string{"d4", "d6", "d8", "d10", "d12"}
		if swOptional[n] {
			opts = append([]string{"none"}, opts...)
		}
		p.sw[n] = widget.NewSelect(opts, func(string) { p.recompute() })
		swGrid.Add(widget.NewLabel(strings.ToUpper(n[:1]) + n[1:]))
		swGrid.Add(p.sw[n])
	}
	p.swWild = widget.NewCheck("Wild Card (rolls the Wild Die, takes three Wounds)", func(bool) { p.recompute() })
	p.swArmor, p.swPace = num(), num()
	var guns []string
	for _, g := range swGuns {
		guns = append(guns, g.Name)
	}
	p.swGun = widget.NewSelect(append([]string{"no gun"}, guns...), func(string) { p.recompute() })
	p.swBox = container.NewVBox(heading("Savage Worlds"), p.swWild, swGrid,
		container.NewGridWithColumns(4, widget.NewLabel("Armor"), p.swArmor, widget.NewLabel("Pace"), p.swPace),
		container.NewBorder(nil, nil, widget.NewLabel("Gun"), nil, p.swGun))
	p.fu, p.fuNums = map[string]*widget.Select{}, map[string]*widget.Entry{}
	fuGrid := container.NewGridWithColumns(4)
	var ladder []string
	for l := fudge.Terrible; l <= fudge.Legendary; l++ {
		ladder = append(ladder, l.String())
	}
	for _, n := range fuLevels {
		p.fu[n] = widget.NewSelect(ladder, func(string) { p.recompute() })
		fuGrid.Add(widget.NewLabel(n))
		fuGrid.Add(p.fu[n])
	}
	for _, n := range fuNumbers {
		p.fuNums[n] = num()
		fuGrid.Add(widget.NewLabel(n))
		fuGrid.Add(p.fuNums[n])
	}
	p.fuShield = widget.NewCheck("Carries a shield", func(bool) { p.recompute() })
	p.lcReflexes, p.lcQuickDraw = num(), num()
	p.lcBox = container.NewVBox(heading("Lead and Chrome"), container.NewGridWithColumns(4,
		widget.NewLabel("Reflexes"), p.lcReflexes, widget.NewLabel("Quick-Draw skill"), p.lcQuickDraw))
	p.fuBox = container.NewVBox(heading("Fudge"), fuGrid, p.fuShield)
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
	// TWTW's traits, skills and weapons: shown in TWTW fights.
	p.twtwBox = container.NewVBox(heading("Traits (TWTW)"), traitGrid, heading("Skills"), skillGrid, heading("Weapons"), weaponGrid)
	editor := container.NewVBox(form, bodyGrid, p.dwBox, p.swBox, p.fuBox, p.lcBox, p.twtwBox, p.notes, heading("Derived"), p.derived, buttons, p.msg)
	split := container.NewHSplit(container.NewBorder(heading("Characters"), nil, nil, nil, p.list), container.NewVScroll(editor))
	split.Offset = 0.22
	p.box = split
	p.refresh()
	p.newSheet()
	return p
}

// refresh follows the state's characters.
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
	if p.c.state.Rules == "dragonwarriors" {
		p.dwBox.Show()
	} else {
		p.dwBox.Hide()
	}
	if p.c.state.Rules == "savage" {
		p.swBox.Show()
	} else {
		p.swBox.Hide()
	}
	if p.c.state.Rules == "fudge" {
		p.fuBox.Show()
	} else {
		p.fuBox.Hide()
	}
	if o := p.c.state.Options; o.QuickDraw || o.Initiative == session.InitiativeLeadChrome {
		p.lcBox.Show()
	} else {
		p.lcBox.Hide()
	}
	if session.SystemOf(p.c.state).ID() == "twtw" {
		p.twtwBox.Show()
	} else {
		p.twtwBox.Hide()
	}
}

var slugRE = regexp.MustCompile(`[^a-z0-9]+`)

// slug makes an id from a name: "Jeb Perkins" → "jeb-perkins".
func slug(s string) string {
	return strings.Trim(slugRE.ReplaceAllString(strings.ToLower(s), "-"), "-")
}

// load shows a sheet in the editor; fresh leaves it unsaved (new or a
// duplicate).
func (p *sheetsPanel) load(ch rules.Character, fresh bool) {
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
	for _, t := range traitNames {
		r, _ := ch.Traits.Rank(t)
		p.traits[t].SetText(itoa(r))
	}
	p.move.SetText(itoa(ch.Move))
	p.run.SetText(itoa(ch.Run))
	p.size.SetText(itoa(ch.Size))
	for s, e := range p.skills {
		if lvl := ch.Skills[s]; lvl > 0 {
			e.SetText(itoa(lvl))
		} else {
			e.SetText("")
		}
	}
	carried := map[string]bool{}
	for _, g := range ch.Gear {
		carried[session.Weapons()[g.Weapon].Name] = true
	}
	for n, chk := range p.weapons {
		chk.SetChecked(carried[n])
	}
	p.notes.SetText(ch.Notes)
	dw := dragonwarriors.Sheet{}
	if ch.DragonWarriors != nil {
		dw = *ch.DragonWarriors
	}
	for n, v := range map[string]int{"attack": dw.Attack, "defence": dw.Defence, "toughness": dw.Toughness, "reflexes": dw.Reflexes} {
		p.dw[n].SetText(itoa(v))
	}
	p.dwWeapon.SetSelected(dw.Weapon)
	if dw.Weapon == "" {
		p.dwWeapon.SetSelectedIndex(0)
	}
	p.dwArmour.SetSelected(orNone(dw.Armour))
	p.dwShield.SetChecked(dw.Shield)
	sw := savage.Sheet{Agility: 6, Spirit: 6, Strength: 6, Vigor: 6}
	if ch.Savage != nil {
		sw = *ch.Savage
	}
	for n, v := range swValues(&sw) {
		if *v == 0 {
			p.sw[n].SetSelected("none")
		} else {
			p.sw[n].SetSelected(fmt.Sprintf("d%d", *v))
		}
	}
	p.swWild.SetChecked(sw.WildCard)
	p.swArmor.SetText(itoa(sw.Armor))
	p.swPace.SetText(itoa(sw.PaceOr6()))
	p.swGun.SetSelectedIndex(0)
	if sw.Gun != nil {
		p.swGun.SetSelected(sw.Gun.Name)
	}
	fs := fudge.Sheet{}
	if ch.Fudge != nil {
		fs = *ch.Fudge
	}
	for n, v := range fuLevelValues(&fs) {
		p.fu[n].SetSelected(v.String())
	}
	armor := fudge.Armor{}
	if fs.Armor != nil {
		armor = *fs.Armor
	}
	for n, v := range map[string]int{"Weapon damage": fs.WeaponDamage, "Shield points": fs.ShieldPoints, "Armor AV": armor.AV, "Armor CV": armor.CV} {
		p.fuNums[n].SetText(itoa(v))
	}
	p.fuShield.SetChecked(fs.HasShield)
	lc := leadchrome.Sheet{}
	if ch.LeadChrome != nil {
		lc = *ch.LeadChrome
	}
	p.lcReflexes.SetText(itoa(lc.Reflexes))
	p.lcQuickDraw.SetText(itoa(lc.QuickDraw))
	p.msg.SetText("")
	p.recompute()
}

// sheet reads the editor into a character; the error names the field.
func (p *sheetsPanel) sheet() (rules.Character, error) {
	ch := rules.Character{ID: strings.TrimSpace(p.id.Text), Name: strings.TrimSpace(p.name.Text), Notes: p.notes.Text}
	// The numbers of systems this fight does not show are kept as they were.
	prev := p.c.state.Characters[p.cur]
	ch.DragonWarriors, ch.Savage, ch.Fudge, ch.LeadChrome = prev.DragonWarriors, prev.Savage, prev.Fudge, prev.LeadChrome
	atoi := func(field, s string) (int, error) {
		s = strings.TrimSpace(s)
		if s == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			return 0, fmt.Errorf("%s: %q is not a whole number", field, s)
		}
		return n, nil
	}
	ranks := map[string]*int{"quickness": &ch.Traits.Quickness, "coordination": &ch.Traits.Coordination, "acuity": &ch.Traits.Acuity,
		"fortitude": &ch.Traits.Fortitude, "bravery": &ch.Traits.Bravery, "strength": &ch.Traits.Strength}
	var err error
	for _, t := range traitNames {
		if *ranks[t], err = atoi(t, p.traits[t].Text); err != nil {
			return ch, err
		}
	}
	for field, dst := range map[string]*int{"move": &ch.Move, "run": &ch.Run, "size": &ch.Size} {
		e := map[string]*widget.Entry{"move": p.move, "run": p.run, "size": p.size}[field]
		if *dst, err = atoi(field, e.Text); err != nil {
			return ch, err
		}
	}
	for s, e := range p.skills {
		lvl, err := atoi(s, e.Text)
		if err != nil {
			return ch, err
		}
		if lvl > 0 {
			if ch.Skills == nil {
				ch.Skills = map[string]int{}
			}
			ch.Skills[s] = lvl
		}
	}
	if p.c.state.Rules == "dragonwarriors" {
		dw := &dragonwarriors.Sheet{Shield: p.dwShield.Checked}
		for n, dst := range map[string]*int{"attack": &dw.Attack, "defence": &dw.Defence, "toughness": &dw.Toughness, "reflexes": &dw.Reflexes} {
			if *dst, err = atoi(n, p.dw[n].Text); err != nil {
				return ch, err
			}
		}
		if p.dwWeapon.SelectedIndex() > 0 {
			dw.Weapon = p.dwWeapon.Selected
		}
		if a := p.dwArmour.Selected; a != "none" {
			dw.Armour = a
		}
		ch.DragonWarriors = dw
	}
	if o := p.c.state.Options; o.QuickDraw || o.Initiative == session.InitiativeLeadChrome {
		lc := &leadchrome.Sheet{}
		if lc.Reflexes, err = atoi("reflexes", p.lcReflexes.Text); err != nil {
			return ch, err
		}
		if lc.QuickDraw, err = atoi("quick-draw", p.lcQuickDraw.Text); err != nil {
			return ch, err
		}
		ch.LeadChrome = lc
	}
	if p.c.state.Rules == "fudge" {
		fs := &fudge.Sheet{HasShield: p.fuShield.Checked}
		for n, v := range fuLevelValues(fs) {
			if l, err := fudge.ParseLevel(p.fu[n].Selected); err == nil {
				*v = l
			}
		}
		var armor fudge.Armor
		for n, dst := range map[string]*int{"Weapon damage": &fs.WeaponDamage, "Shield points": &fs.ShieldPoints, "Armor AV": &armor.AV, "Armor CV": &armor.CV} {
			if *dst, err = atoi(strings.ToLower(n), p.fuNums[n].Text); err != nil {
				return ch, err
			}
		}
		if armor.AV > 0 || armor.CV > 0 {
			fs.Armor = &armor
		}
		ch.Fudge = fs
	}
	if p.c.state.Rules == "savage" {
		sw := &savage.Sheet{WildCard: p.swWild.Checked}
		for n, v := range swValues(sw) {
			fmt.Sscanf(p.sw[n].Selected, "d%d", v)
		}
		if sw.Armor, err = atoi("armor", p.swArmor.Text); err != nil {
			return ch, err
		}
		if sw.Pace, err = atoi("pace", p.swPace.Text); err != nil {
			return ch, err
		}
		for _, g := range swGuns {
			if g.Name == p.swGun.Selected {
				g := g
				sw.Gun = &g
			}
		}
		ch.Savage = sw
	}
	_, byName := weaponChoices()
	old := p.c.state.Characters[p.cur]
	names, _ := weaponChoices()
	for _, n := range names {
		if !p.weapons[n].Checked {
			continue
		}
		id := byName[n]
		g := rules.Carried{Weapon: id, Loaded: session.Weapons()[id].Capacity}
		for _, o := range old.Gear { // keep what the sheet said of it
			if o.Weapon == id {
				g = o
			}
		}
		ch.Gear = append(ch.Gear, g)
	}
	if err := session.CheckSheet(ch); err != nil {
		return ch, err
	}
	if err := session.SystemOf(p.c.state).CheckSheet(ch); err != nil {
		return ch, err
	}
	if ch.LeadChrome != nil {
		return ch, ch.LeadChrome.Check()
	}
	return ch, nil
}

// swTraits are the Savage Worlds traits a sheet rolls; swOptional the
// skills a character may lack.
var (
	swTraits   = []string{"agility", "spirit", "strength", "vigor", "fighting", "shooting", "athletics", "melee"}
	swOptional = map[string]bool{"fighting": true, "shooting": true, "athletics": true, "melee": true}
	// swGuns are the ranged weapons a Savage Worlds sheet picks from.
	swGuns = []savage.Weapon{
		{Name: "Colt Peacemaker", Short: 12, Med: 24, Long: 48, RoF: 1, Damage: []int{6, 6}},
		{Name: "Winchester '73", Short: 24, Med: 48, Long: 96, RoF: 1, Damage: []int{8, 6}},
		{Name: "Double-barrel shotgun", Short: 12, Med: 24, Long: 48, RoF: 2, Damage: []int{6, 6, 6}},
		{Name: "Derringer", Short: 3, Med: 6, Long: 12, RoF: 1, Damage: []int{6}},
		{Name: "Throwing knife", Short: 3, Med: 6, Long: 12, RoF: 1, Damage: []int{4}, Thrown: true},
	}
)

// fuLevels and fuNumbers are a Fudge sheet's fields in the editor.
var (
	fuLevels  = []string{"Melee", "Ranged", "Shield", "Damage capacity"}
	fuNumbers = []string{"Weapon damage", "Shield points", "Armor AV", "Armor CV"}
)

// fuLevelValues points at a Fudge sheet's levels by editor name.
func fuLevelValues(s *fudge.Sheet) map[string]*fudge.Level {
	return map[string]*fudge.Level{"Melee": &s.Melee, "Ranged": &s.Ranged, "Shield": &s.Shield, "Damage capacity": &s.DamageCapacity}
}

// swValues points at a sheet's traits by name.
func swValues(s *savage.Sheet) map[string]*int {
	return map[string]*int{"agility": &s.Agility, "spirit": &s.Spirit, "strength": &s.Strength, "vigor": &s.Vigor,
		"fighting": &s.Fighting, "shooting": &s.Shooting, "athletics": &s.Athletics, "melee": &s.Melee}
}

// dwStats are the Dragon Warriors II numbers on a sheet.
var dwStats = []string{"attack", "defence", "toughness", "reflexes"}

// recompute shows the derived values of the sheet as typed.
func (p *sheetsPanel) recompute() {
	ch, err := p.sheet()
	if err != nil {
		p.derived.SetText("Not yet a valid sheet: " + err.Error())
		return
	}
	var b strings.Builder
	if dw := ch.DragonWarriors; dw != nil && p.c.state.Rules == "dragonwarriors" {
		f := dw.Fighter(ch.Name, 0, false)
		fmt.Fprintf(&b, "Dragon Warriors II: attack %d and defence %d with the weapon and shield, initiative Reflexes %d − %d for armour.\n",
			f.AttackScore(), f.DefenceScore(dragonwarriors.Normal), dw.Reflexes, dragonwarriors.Armour[dw.Armour])
	}
	if fs := ch.Fudge; fs != nil && p.c.state.Rules == "fudge" {
		fmt.Fprintf(&b, "Fudge: melee %s, ranged %s, damage capacity %s; a hit's damage is the degree of success %+d.\n", fs.Melee, fs.Ranged, fs.DamageCapacity, fs.WeaponDamage)
	}
	if sw := ch.Savage; sw != nil && p.c.state.Rules == "savage" {
		fmt.Fprintf(&b, "Savage Worlds: Parry %d (2 + half Fighting), Toughness %d (2 + half Vigor + armor), Pace %d\".\n", sw.Parry(), sw.Toughness(), sw.PaceOr6())
	}
	if session.SystemOf(p.c.state).ID() != "twtw" {
		p.derived.SetText(strings.TrimSpace(b.String()))
		return
	}
	fmt.Fprintf(&b, "AP %d (5 + Quickness) · initiative %s at TN 5 · Conc capacity %d (2 × Size + 2) · defense value %d · damage bonus %+d\n",
		ch.BaseAP(), ch.TraitPool("quickness", false), rules.ConcCapacity(ch.Size), ch.DefenseValue(), ch.DamageBonus())
	var pools []string
	for _, s := range skillNames() {
		if ch.Skills[s] > 0 {
			pool, _ := ch.SkillPool(s)
			pools = append(pools, fmt.Sprintf("%s %s", s, pool))
		}
	}
	if len(pools) > 0 {
		b.WriteString("Pools: " + strings.Join(pools, " · "))
	} else {
		b.WriteString("No skills: every test is unskilled (the trait's dice, one downgrade).")
	}
	p.derived.SetText(b.String())
}

func (p *sheetsPanel) newSheet() {
	p.list.UnselectAll()
	p.load(rules.Character{Move: 6, Run: 12, Size: 6, Traits: rules.Traits{Quickness: 3, Coordination: 3, Acuity: 3, Fortitude: 3, Bravery: 3, Strength: 3}}, true)
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

// placeDialog places several figures of the sheet at once, from a hex
// outward: the NPC template.
func (p *sheetsPanel) placeDialog() {
	if p.cur == "" {
		p.msg.SetText("Save the sheet to the fight before placing it.")
		return
	}
	count := widget.NewEntry()
	count.SetText("1")
	at := widget.NewEntry()
	at.SetPlaceHolder("hex, as J8")
	sides := p.c.state.Map.Orientation.SideNames()
	facing := widget.NewSelect(sides[:], nil)
	facing.SetSelectedIndex(0)
	side := widget.NewEntry()
	side.SetText("outlaws")
	hidden := widget.NewCheck("Hidden from the players", nil)
	items := []*widget.FormItem{
		widget.NewFormItem("How many", count), widget.NewFormItem("Around hex", at),
		widget.NewFormItem("Facing", facing), widget.NewFormItem("Side", side), widget.NewFormItem("", hidden),
	}
	dialog.ShowForm("Place "+p.c.state.Characters[p.cur].Name, "Place", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		n, err := strconv.Atoi(strings.TrimSpace(count.Text))
		if err != nil || n < 1 || n > session.MaxPlace {
			p.msg.SetText(fmt.Sprintf("Not placed: how many is 1 to %d.", session.MaxPlace))
			return
		}
		specs, err := p.c.placeAround(p.cur, strings.TrimSpace(at.Text), facing.Selected, strings.TrimSpace(side.Text), hidden.Checked, n)
		if err == nil {
			err = p.c.doErr(session.Command{Kind: session.CommandPlace, Place: specs})
		}
		if err != nil {
			p.msg.SetText("Not placed: " + err.Error())
			return
		}
		p.msg.SetText(fmt.Sprintf("Placed %d.", n))
	}, p.c.win)
}

// placeAround picks n free hexes one may stand in, nearest hex first, and
// makes the figures to place there.
func (c *Console) placeAround(character, at, facing, side string, hidden bool, n int) ([]session.FigureSpec, error) {
	st := c.state
	start, err := st.Map.ParseHex(at)
	if err != nil {
		return nil, err
	}
	if !st.Map.Contains(start) {
		return nil, fmt.Errorf("%s is off the map", at)
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
		return nil, fmt.Errorf("only %d free hexes near %s", len(specs), at)
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
	d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		if err != nil || rc == nil {
			return
		}
		defer rc.Close()
		ch, err := session.DecodeHero(rc)
		if err != nil {
			p.msg.SetText(fmt.Sprintf("Could not import %s: %v", rc.URI().Name(), err))
			return
		}
		_, exists := p.c.state.Characters[ch.ID]
		p.load(ch, !exists)
		if exists {
			p.msg.SetText(fmt.Sprintf("Imported %s over the fight's sheet of the same id: Save to keep it.", ch.Name))
		} else {
			p.msg.SetText(fmt.Sprintf("Imported %s: Save to put it in the fight.", ch.Name))
		}
	}, p.c.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".json"}))
	d.Show()
}

func (p *sheetsPanel) exportHero() {
	ch, err := p.sheet()
	if err != nil {
		p.msg.SetText("Not exported: " + err.Error())
		return
	}
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil || wc == nil {
			return
		}
		path := wc.URI().Path()
		wc.Close()
		if err := session.SaveHero(path, ch); err != nil {
			p.msg.SetText(err.Error())
			return
		}
		p.msg.SetText("Exported to " + path)
	}, p.c.win)
	d.SetFileName(ch.ID + ".hero.json")
	d.Show()
}
