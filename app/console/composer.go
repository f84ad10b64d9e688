package console

import (
	"errors"
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
)

var turnChoices = []struct {
	name  string
	steps int
}{{"left 60°", 1}, {"right 60°", -1}, {"left 120°", 2}, {"right 120°", -2}, {"about 180°", 3}}

// composer is the action composer: the Judge picks the actor, the action
// and its targets; before confirming it shows what the rules make of it
// (AP, TN and every modifier with its source, the hit chance, the cover in
// the way), and after, the cards drawn and every effect.
type composer struct {
	c *Console

	actor, action          *widget.Select
	hex                    *widget.Entry
	run, pointBlank        *widget.Check
	turn                   *widget.Select
	weapon, target, kind   *widget.Select
	loose                  *widget.Select // weapons lying near the actor (Pick up)
	call                   *widget.Select // a hit location called before the dice
	dominance              *widget.Select // what a blow's bumps go to
	sabotage               *widget.Check  // a shot meant to miss
	acuity                 *widget.Check  // the shot kind's other trait (session.AttackKind.Trait)
	withSkill              *widget.Select // a skill test done with the attack, from one pool
	withFirst              *widget.Check  // the skill ranked primary
	disengage              *widget.Check  // a move out of an engagement: carefully, 2 AP
	jump, jumpRoll         *widget.Check  // a move that jumps, and its roll for an inch more (Action.Jump)
	skill                  *widget.Select // a skill in action time
	focus, skillOn         *widget.Check  // 8 AP for full attention; used on the target
	judgeSteps             *widget.Select // the Judge's own modifier of an attack
	judgeWhy               *widget.Entry
	looseNear              []session.Loose
	aims                   *widget.Select // a shot's aims, as its kind takes them (session.AttackKind.Most)
	fireAims               *widget.Select // a sheet's shot's aim (Fire)
	attack, improv, defend *widget.Select
	careful, prone, duck   *widget.Check
	side                   *widget.Select
	open                   *widget.Check
	stance                 *widget.Select
	riposte                *widget.Check
	paces, gallop, what    *widget.Entry // a ride's paces a round; a mount's pace, gallop and name
	galloping              *widget.Check // a ride at a gallop
	shots                  []session.ShotOrder
	blows                  []session.BlowOrder // the series' blows after the one composed
	shotsLabel             *widget.Label
	shieldLost, worsen     *widget.Check  // the Judge's word: a shield check lost; a failed treatment worse
	shieldMod, healer      *widget.Select // a shield check's modifier; a healer's skill (Action.Ladder)
	ruling                 *widget.Select // a ruling on a critical (Action.Rulings)
	boxes                  *widget.Entry  // the boxes a ruling clears or marks

	params  *fyne.Container
	preview *widget.Label
	confirm *widget.Button
	cards   *fyne.Container
	result  *widget.Label
	after   *fyne.Container // what happened: the cards and the result
	lower   *fyne.Container // the preview, and what happened beside it
	quiet   bool            // the fields are being refilled, not edited
	// preselected is the actor the composer picked for the Judge (the
	// first who may act), until the Judge picks another.
	preselected string
	box         fyne.CanvasObject
	scroll      *container.Scroll

	ids []string // actor ids, in the actor select's order

	// waiting is the answer a waiting blow asks for: the defender's three
	// choices with their numbers; the Judge answers for anyone.
	waiting    *fyne.Container
	waitingFor *session.PendingBlow
}

func newComposer(c *Console) *composer {
	p := &composer{c: c}
	changed := func(string) { p.edited(); p.update() }
	p.actor = widget.NewSelect(nil, func(string) {
		if !p.quiet {
			p.preselected = ""
		}
		p.edited()
		p.shots, p.blows = nil, nil
		p.offerActions()
		p.fillActor()
		p.update()
	})
	p.actor.PlaceHolder = "Who acts"
	p.action = widget.NewSelect(actionNames(c.state, ""), func(string) { p.edited(); p.shots = nil; p.layoutParams(); p.update() })
	p.action.PlaceHolder = "What they do"
	p.hex = widget.NewEntry()
	p.hex.SetPlaceHolder("hex, as J8")
	p.hex.OnChanged = changed
	p.run = widget.NewCheck("Run", func(bool) { p.edited(); p.update() })
	p.turn = widget.NewSelect(nil, changed)
	for _, t := range turnChoices {
		p.turn.Options = append(p.turn.Options, t.name)
	}
	p.turn.SetSelectedIndex(0)
	p.weapon = widget.NewSelect(nil, changed)
	p.loose = widget.NewSelect(nil, changed)
	p.disengage = widget.NewCheck("Disengage carefully (+2 AP, no free attack)", func(bool) { p.edited(); p.update() })
	p.jump = widget.NewCheck("Jump there, in a straight line over what lies between", func(bool) { p.edited(); p.update() })
	p.jumpRoll = widget.NewCheck("Athletics roll to jump an inch further (an action)", func(bool) { p.edited(); p.update() })
	p.skill = widget.NewSelect(session.SkillNames(), changed)
	p.withSkill = widget.NewSelect(append([]string{"none"}, session.SkillNames()...), changed)
	p.withSkill.SetSelected("none")
	p.withFirst = widget.NewCheck("The skill first (it takes the highest result)", func(bool) { p.edited(); p.update() })
	p.focus = widget.NewCheck("Needs full attention (8 AP, else 4)", func(bool) { p.edited(); p.update() })
	p.skillOn = widget.NewCheck("On the target (Medicine: revive one knocked out beside)", func(bool) { p.edited(); p.update() })
	p.acuity = widget.NewCheck("", func(bool) { p.edited(); p.update() }) // its words the session's
	p.acuity.Hide()
	p.sabotage = widget.NewCheck("Meant to fail (only a calamity succeeds)", func(bool) { p.edited(); p.update() })
	p.dominance = widget.NewSelect(dominanceChoices, changed)
	p.dominance.SetSelectedIndex(0)
	p.call = widget.NewSelect(append([]string{noCall}, session.HitLocationNames()...), changed)
	p.call.SetSelected(noCall)
	p.judgeSteps = widget.NewSelect(judgeStepChoices, changed)
	p.judgeSteps.SetSelected(judgeStepChoices[judgeNone])
	p.judgeWhy = widget.NewEntry()
	p.judgeWhy.SetPlaceHolder("why, for the log: fog, bad footing…")
	p.judgeWhy.OnChanged = changed
	p.target = widget.NewSelect(nil, changed)
	p.target.PlaceHolder = "Target"
	// The shot kinds and their aims are the session's (fillActor).
	p.kind = widget.NewSelect(nil, func(string) { p.offerAims(); p.edited(); p.update() })
	p.aims = widget.NewSelect(nil, changed)
	p.aims.PlaceHolder = "none"
	p.aims.Disable()
	p.fireAims = widget.NewSelect([]string{"0", "1", "2"}, changed)
	p.fireAims.SetSelected("0")
	p.pointBlank = widget.NewCheck("Point blank", func(bool) { p.edited(); p.update() })
	var attacks []string
	for _, a := range session.Melee().Attacks {
		attacks = append(attacks, a.ID)
	}
	p.attack = widget.NewSelect(attacks, changed)
	p.attack.SetSelectedIndex(0)
	improv := []string{"none"}
	for _, im := range session.Melee().Improvised {
		improv = append(improv, im.ID)
	}
	p.improv = widget.NewSelect(improv, changed)
	p.improv.SetSelected("none")
	// The defender chooses, before the dice: by default the blow waits for
	// its answer; the Judge may answer for the defender here at once.
	p.defend = widget.NewSelect([]string{askDefender, "takes it", "block", "dodge"}, changed)
	p.defend.SetSelected(askDefender)
	p.careful = widget.NewCheck("Careful (+2 AP, 1 upgrade)", func(bool) { p.edited(); p.update() })
	p.prone = widget.NewCheck("Prone", func(bool) { p.edited(); p.update() })
	p.duck = widget.NewCheck("Behind cover", func(bool) { p.edited(); p.update() })
	p.side = widget.NewSelect(nil, changed)
	p.open = widget.NewCheck("Open", func(bool) { p.edited(); p.update() })
	p.stance = widget.NewSelect([]string{"none", "full parry", "aggressive parry"}, changed)
	p.stance.SetSelected("none")
	p.riposte = widget.NewCheck("Riposte: answer the blow just won with its margin", func(bool) { p.edited(); p.update() })
	p.paces = widget.NewEntry()
	p.paces.OnChanged = changed
	p.gallop = widget.NewEntry()
	p.gallop.SetPlaceHolder("twice the pace")
	p.gallop.OnChanged = changed
	p.what = widget.NewEntry()
	p.what.SetPlaceHolder("horse")
	p.what.OnChanged = changed
	p.galloping = widget.NewCheck("At a gallop (up to its gallop)", func(bool) { p.edited(); p.update() })
	p.shotsLabel = widget.NewLabel("")
	p.shieldLost = widget.NewCheck("The Judge rules the shieldman loses his shield check", func(bool) { p.edited(); p.update() })
	p.shieldMod = widget.NewSelect(shieldModChoices, changed)
	p.shieldMod.SetSelected("+0")
	p.worsen = widget.NewCheck("The Judge rules a failure adds to the injury", func(bool) { p.edited(); p.update() })
	p.healer = widget.NewSelect(nil, changed)
	p.ruling = widget.NewSelect(nil, changed)
	p.boxes = widget.NewEntry()
	p.boxes.SetPlaceHolder("boxes, for a wound lighter or worse")
	p.boxes.OnChanged = changed
	p.shotsLabel.Wrapping = fyne.TextWrapWord

	p.params = container.NewVBox()
	p.preview = widget.NewLabel("Pick who acts and what they do.")
	p.preview.Wrapping = fyne.TextWrapWord
	p.confirm = widget.NewButton("Confirm (Ctrl+Enter)", p.do)
	p.confirm.Importance = widget.HighImportance
	p.confirm.Disable()
	p.cards = container.NewHBox()
	p.result = widget.NewLabel("")
	p.result.Wrapping = fyne.TextWrapWord

	form := container.NewGridWithColumns(2, p.actor, p.action)
	// What happened: the cards drawn, whole, beside the sentence; shown
	// from a confirm until the Judge composes the next action.
	tall := canvas.NewRectangle(color.Transparent)
	tall.SetMinSize(fyne.NewSize(0, cardSize.Height))
	p.scroll = container.NewVScroll(p.result)
	p.after = container.NewBorder(heading("What happened (the last action)"), nil, p.cards, nil, container.NewStack(tall, p.scroll))
	p.after.Hide()
	p.waiting = container.NewVBox()
	p.waiting.Hide()
	// The fields scroll above; below, the preview takes the room the
	// result does not, and the Judge may drag the line between them: a
	// blow waiting for an answer and a long form (a blow with its call,
	// its bumps and the Judge's modifier) would otherwise push the
	// preview off the window.
	top := container.NewVScroll(container.NewVBox(p.waiting, heading("Action composer"), form, p.params))
	before := container.NewBorder(heading("Before the dice"), nil, nil, nil, container.NewVScroll(p.preview))
	p.lower = container.New(shareRow{}, before, p.after)
	split := container.NewVSplit(top, container.NewBorder(nil, p.confirm, nil, nil, p.lower))
	split.Offset = 0.5
	p.box = split
	p.refresh()
	return p
}

// shareRow lays its visible objects out side by side, in equal widths:
// the preview alone takes the whole row while the Judge composes, and
// shares it with what happened after a confirm.
type shareRow struct{}

// MinSize is the widest of the objects' minimum widths, times their
// number, by the tallest minimum height.
func (shareRow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w, h float32
	n := 0
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		n++
		m := o.MinSize()
		w, h = max(w, m.Width), max(h, m.Height)
	}
	if n == 0 {
		return fyne.Size{}
	}
	return fyne.NewSize(w*float32(n)+theme.Padding()*float32(n-1), h)
}

// Layout gives each visible object an equal share of the width.
func (shareRow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	var vis []fyne.CanvasObject
	for _, o := range objs {
		if o.Visible() {
			vis = append(vis, o)
		}
	}
	if len(vis) == 0 {
		return
	}
	pad := theme.Padding()
	w := (size.Width - pad*float32(len(vis)-1)) / float32(len(vis))
	for i, o := range vis {
		o.Move(fyne.NewPos(float32(i)*(w+pad), 0))
		o.Resize(fyne.NewSize(w, size.Height))
	}
}

// mayActMark marks the figures who may act now in the list of who acts.
const mayActMark = "  ● may act now"

// edited clears what happened once the Judge starts composing the next
// action (a field changed by hand, not refilled from the state).
func (p *composer) edited() {
	if p.quiet || p.after == nil {
		return
	}
	if !p.after.Visible() {
		return
	}
	p.after.Hide()
	p.result.SetText("")
	p.cards.RemoveAll()
	p.lower.Refresh()
}

// refresh follows the state: the figures who may be actors, the targets.
func (p *composer) refresh() {
	p.quiet = true
	defer func() { p.quiet = false }()
	st := p.c.state
	p.showWaiting()
	was := p.actorID()
	acting := st.Turn().Acting
	p.ids = append(p.ids[:0], st.Order...)
	names := make([]string, len(p.ids))
	for i, id := range p.ids {
		names[i] = st.FigureName(id)
		if contains(acting, id) {
			names[i] += mayActMark
		}
	}
	p.actor.Options = names
	// Keep the Judge's pick (its label may have gained or lost the mark:
	// set without the callback, which would drop a series composed);
	// else, or when the figure picked for the Judge may no longer act,
	// pick the first who may act now.
	i := indexOf(p.ids, was)
	if i < 0 || (was == p.preselected && !contains(acting, was)) {
		i = -1
		if len(acting) > 0 {
			i = indexOf(p.ids, acting[0])
		}
		p.preselected = ""
		if i >= 0 {
			p.preselected = p.ids[i]
		}
	}
	if i >= 0 {
		p.actor.Selected = names[i]
	} else {
		p.actor.ClearSelected()
	}
	p.actor.Refresh()
	p.offerActions()
	p.fillActor()
	p.update()
}

// offerActions offers the actions the picked actor may take now.
func (p *composer) offerActions() {
	acts := actionNames(p.c.state, p.actorID())
	if !contains(acts, p.action.Selected) {
		p.action.ClearSelected()
	}
	p.action.Options = acts
	p.action.Refresh()
}

// actionNames are the composer's actions in st's system, in its order,
// for figure id (State.ActionsFor).
func actionNames(st *session.State, id string) []string {
	var names []string
	for _, a := range st.ActionsFor(id) {
		names = append(names, a.Name)
	}
	return names
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// actorID is the picked actor's figure id.
func (p *composer) actorID() string {
	i := p.actor.SelectedIndex()
	if i < 0 || i >= len(p.ids) {
		return ""
	}
	return p.ids[i]
}

// targetID is the picked target's figure id.
func (p *composer) targetID() string {
	st := p.c.state
	for _, id := range st.Order {
		if st.FigureName(id) == p.target.Selected {
			return id
		}
	}
	return ""
}

// fillActor sets the weapon and target choices for the actor.
func (p *composer) fillActor() {
	st := p.c.state
	id := p.actorID()
	f, ok := st.Figures[id]
	var weapons, targets []string
	if ok {
		for _, g := range f.Gear {
			weapons = append(weapons, session.CarriedLabel(g))
		}
		for _, o := range st.Order {
			if o != id {
				targets = append(targets, st.FigureName(o))
			}
		}
		p.prone.SetChecked(!f.Prone)
		p.duck.SetChecked(!f.Ducked)
		sides := st.Map.Orientation.SideNames()
		p.side.Options = sides[:]
	}
	keep := func(s *widget.Select, opts []string) {
		old := s.Selected
		s.Options = opts
		switch {
		case contains(opts, old):
		case len(opts) > 0:
			s.SetSelectedIndex(0)
		default:
			s.ClearSelected()
		}
		s.Refresh()
	}
	keep(p.weapon, weapons)
	p.offerShotKinds()
	p.looseNear = st.LooseNear(id)
	var near []string
	for _, l := range p.looseNear {
		near = append(near, l.Label()+" at "+st.Map.Label(l.At))
	}
	keep(p.loose, near)
	old := p.target.Selected
	keep(p.target, targets)
	// A target kept from the last actor is kept only if it is still a
	// foe: the next actor is never aimed at a friend, or at itself.
	friendly := false
	for _, o := range st.Order {
		if st.FigureName(o) == old && ok && (o == id || st.Figures[o].Side == f.Side) {
			friendly = true
		}
	}
	if ok && (!contains(targets, old) || friendly) {
		// The nearest figure of another side is the likeliest target.
		best := -1
		for i, o := range st.Order {
			of := st.Figures[o]
			if o == id || of.Side == f.Side {
				continue
			}
			if best < 0 || f.At.DistanceTo(of.At) < f.At.DistanceTo(st.Figures[st.Order[best]].At) {
				best = i
			}
		}
		if best >= 0 {
			p.target.SetSelected(st.FigureName(st.Order[best]))
		}
	}
	if p.side.Selected == "" && len(p.side.Options) > 0 {
		p.side.SetSelectedIndex(0)
	}
}

// weaponID is the picked weapon's id in the actor's gear.
func (p *composer) weaponID() string {
	f, ok := p.c.state.Figures[p.actorID()]
	if !ok {
		return ""
	}
	i := p.weapon.SelectedIndex()
	if i < 0 || i >= len(f.Gear) {
		return ""
	}
	return f.Gear[i].Weapon
}

// layoutParams shows the fields the picked action needs.
func (p *composer) layoutParams() {
	row := func(label string, o fyne.CanvasObject) fyne.CanvasObject {
		return container.NewBorder(nil, nil, widget.NewLabel(label), nil, o)
	}
	var objs []fyne.CanvasObject
	switch p.action.Selected {
	case session.ActMove:
		objs = append(objs, row("To", p.hex), p.run, p.disengage)
		if p.pickedAction().Jump {
			objs = append(objs, p.jump, p.jumpRoll)
		}
	case session.ActTurn:
		objs = append(objs, row("Turn", p.turn))
	case session.ActReady, session.ActCock, session.ActReload, session.ActSpeedLoad:
		objs = append(objs, row("Weapon", p.weapon))
	case session.ActShoot:
		add := widget.NewButton("Add shot to the series", func() {
			if o, err := p.shotOrder(); err == nil {
				p.shots = append(p.shots, o)
				p.update()
			}
		})
		clear := widget.NewButton("Clear series", func() { p.shots = nil; p.update() })
		objs = append(objs, row("Weapon", p.weapon), row("Target", p.target),
			container.NewGridWithColumns(2, row("Shot", p.kind), row("Aims", p.aims)), p.pointBlank,
			row("Call the location (bumps move the hit)", p.call), p.sabotage)
		objs = append(objs, p.acuity, container.NewHBox(add, clear), p.shotsLabel, row("Together with a skill", p.withSkill), p.withFirst, p.judgeRow(row))
	case session.ActMelee:
		objs = append(objs, row("Target", p.target), row("Attack", p.attack),
			row("Weapon", p.weapon), row("Improvised", p.improv), row("Target defends", p.defend), p.careful,
			row("Call the location (bumps move the hit)", p.call), row("Bumps go to", p.dominance),
			row("Drive the foe to (2 hexes a bump on dominance)", p.hex), p.sabotage,
			row("Together with a skill", p.withSkill), p.withFirst, p.judgeRow(row),
			container.NewHBox(widget.NewButton("Add a blow to the series", func() {
				p.blows = append(p.blows, *p.blowOrder())
				p.update()
			}), widget.NewButton("Clear series", func() { p.blows = nil; p.update() })))
	case session.ActProne:
		objs = append(objs, p.prone)
	case session.ActDuck:
		objs = append(objs, p.duck)
	case session.ActDoor:
		objs = append(objs, row("Door in hex", p.hex), row("Hexside", p.side), p.open)
	case session.ActPickUp:
		objs = append(objs, row("Weapon", p.loose))
	case session.ActEscape:
		objs = append(objs, row("Escape to (out of dominance, an empty hex beside)", p.hex))
	case session.ActSkill:
		objs = append(objs, row("Skill", p.skill), p.focus, p.skillOn, row("Target", p.target), p.sabotage)
	case session.ActHazard:
		objs = append(objs, row("Judge's modifier, "+p.pickedAction().JudgeModifier, container.NewGridWithColumns(2, p.judgeSteps, p.judgeWhy)))
	case session.ActStrike:
		objs = append(objs, row("Target", p.target))
		if p.pickedAction().Stances {
			objs = append(objs, row("Target's stance", p.stance), p.riposte)
		}
		if p.pickedAction().Shield {
			objs = append(objs, p.shieldLost, row("Shield check modifier (the Judge's)", p.shieldMod))
		}
	case session.ActBash:
		objs = append(objs, row("Target", p.target), p.shieldLost, row("Shield check modifier (the Judge's)", p.shieldMod))
	case session.ActTreat:
		pick(p.healer, p.pickedAction().Ladder)
		objs = append(objs, row("Healer's skill", p.healer), p.worsen)
	case session.ActGrant:
		pick(p.ruling, p.pickedAction().Rulings)
		objs = append(objs, row("Ruling", p.ruling), row("Boxes", p.boxes))
	case session.ActRide:
		p.paces.SetPlaceHolder("its pace")
		objs = append(objs, row("To (none: rein in)", p.hex), row("Paces a round", p.paces), p.galloping)
	case session.ActMount:
		p.paces.SetPlaceHolder("0 dismounts")
		objs = append(objs, row("Mount", p.what), row("Pace, paces a round", p.paces), row("Gallop, paces a round", p.gallop))
	case session.ActFire:
		add := widget.NewButton("Add a shot (rate of fire)", func() {
			if o, err := p.shotOrder(); err == nil {
				p.shots = append(p.shots, o)
				p.update()
			}
		})
		objs = append(objs, row("Target", p.target), row("Aim", p.fireAims), container.NewHBox(add), p.shotsLabel)
		if p.pickedAction().Shield {
			objs = append(objs, p.shieldLost, row("Shield check modifier (the Judge's)", p.shieldMod))
		}
		if what := p.pickedAction().JudgeModifier; what != "" {
			objs = append(objs, row("Judge's modifier, "+what, container.NewGridWithColumns(2, p.judgeSteps, p.judgeWhy)))
		}
	}
	p.judgePoints(p.pickedAction().JudgeModifier != "")
	p.params.Objects = objs
	p.params.Refresh()
	if p.box != nil {
		p.box.Refresh() // the fields' height changed: lay the composer out again
	}
}

// pickedAction is the action picked, as the fight's system offers it.
func (p *composer) pickedAction() session.Action {
	for _, a := range p.c.state.Actions() {
		if a.Name == p.action.Selected {
			return a
		}
	}
	return session.Action{}
}

// shootAttack is the picked actor's missile attack, as the session
// offers it (State.Attacks).
func (p *composer) shootAttack() (session.Attack, bool) {
	for _, a := range p.c.state.Attacks(p.actorID()) {
		if !a.Melee {
			return a, true
		}
	}
	return session.Attack{}, false
}

// shotKinds are the kinds a shot of attack a may take in the composer:
// those of the map window's keys, then those of a series.
func shotKinds(a session.Attack) []session.AttackKind {
	return append(append([]session.AttackKind(nil), a.Kinds...), a.Series...)
}

// pickedKind is the shot kind picked, as the session offers it.
func (p *composer) pickedKind() session.AttackKind {
	a, _ := p.shootAttack()
	kinds := shotKinds(a)
	i := p.kind.SelectedIndex()
	if i < 0 || i >= len(kinds) {
		return session.AttackKind{}
	}
	return kinds[i]
}

// offerShotKinds offers the actor's shot kinds, keeping the kind picked
// if it is one, else picking the session's first.
func (p *composer) offerShotKinds() {
	a, _ := p.shootAttack()
	var names []string
	for _, k := range shotKinds(a) {
		names = append(names, k.Name)
	}
	old := p.kind.Selected
	p.kind.Options = names
	switch {
	case contains(names, old):
		p.kind.Refresh()
		p.offerAims()
	case a.First >= 0 && a.First < len(names):
		p.kind.SetSelectedIndex(a.First) // offers the aims
	default:
		p.kind.ClearSelected()
		p.offerAims()
	}
}

// offerAims offers the aims the picked kind takes (one up to its most;
// none for a kind that takes none) and its choice of another trait, in
// the session's words, where it has one.
func (p *composer) offerAims() {
	k := p.pickedKind()
	var aims []string
	for n := 1; n <= k.Most; n++ {
		aims = append(aims, strconv.Itoa(n))
	}
	if !slices.Equal(p.aims.Options, aims) {
		p.aims.Options = aims
		if len(aims) > 0 {
			p.aims.SetSelectedIndex(0)
		} else {
			p.aims.ClearSelected()
		}
	}
	if len(aims) > 0 {
		p.aims.Enable()
	} else {
		p.aims.Disable()
	}
	if shown := p.acuity.Visible(); shown != (k.Trait != "") || p.acuity.Text != k.Trait {
		p.acuity.Text = k.Trait
		p.acuity.Hidden = k.Trait == ""
		p.acuity.Refresh()
		if p.params != nil {
			p.params.Refresh()
		}
		if p.box != nil {
			p.box.Refresh()
		}
	}
}

// sessionShot is a shot at target t of the picked kind, aims and trait, as
// the session builds it (State.AttackCommand).
func (p *composer) sessionShot(t string) (session.ShotOrder, error) {
	a, ok := p.shootAttack()
	if !ok {
		return session.ShotOrder{}, fmt.Errorf("%s has no missile attack in this fight", p.c.state.FigureName(p.actorID()))
	}
	aims, _ := strconv.Atoi(p.aims.Selected)
	cmd, ok := p.c.state.AttackCommand(p.actorID(), t, session.AttackChoice{Key: a.Key, Weapon: p.weaponID(),
		Kind: max(0, p.kind.SelectedIndex()), Times: aims, OnTrait: p.acuity.Checked})
	if !ok || len(cmd.Shots) != 1 {
		return session.ShotOrder{}, fmt.Errorf("%s has no shot of the kind picked", p.c.state.FigureName(p.actorID()))
	}
	return cmd.Shots[0], nil
}

// shotOrder is the shot the shot fields describe: the session's shot of
// the kind picked, with the composer's own fields.
func (p *composer) shotOrder() (session.ShotOrder, error) {
	t := p.targetID()
	if t == "" {
		return session.ShotOrder{}, errors.New("pick a target")
	}
	o, err := p.sessionShot(t)
	if err != nil {
		return o, err
	}
	o.PointBlank, o.Call, o.Sabotage = p.pointBlank.Checked, p.called(), p.sabotage.Checked
	return o, nil
}

// dominanceChoices are what a blow's bumps may go to, and dominanceKinds
// the BlowOrder.Dominance of each.
var (
	dominanceChoices = []string{"damage", "dominance (bumps)", "dominance only (no damage)"}
	dominanceKinds   = []string{"", session.BumpsForDominance, session.ForDominance}
)

// askDefender is the defense select's "the blow waits for the defender's
// answer".
const askDefender = "ask the defender"

// noCall is the call select's "no location called".
const noCall = "no call"

// called is the hit location called, or "".
func (p *composer) called() string {
	if p.call.Selected == noCall {
		return ""
	}
	return p.call.Selected
}

// command builds the command the fields describe.
func (p *composer) command() (session.Command, error) {
	id := p.actorID()
	if id == "" {
		return session.Command{}, errors.New("pick who acts")
	}
	c := session.Command{Figure: id}
	switch p.action.Selected {
	case "":
		return c, errors.New("pick what they do")
	case session.ActMove:
		h, err := p.c.state.Map.ParseHex(strings.TrimSpace(p.hex.Text))
		if err != nil {
			return c, fmt.Errorf("type the hex to move to, as J8: %v", err)
		}
		c.Kind, c.To, c.Run, c.Careful = session.CommandMove, &h, p.run.Checked, p.disengage.Checked
		if p.pickedAction().Jump && p.jump.Checked {
			c.Jump = &session.JumpOrder{Athletics: p.jumpRoll.Checked}
		}
	case session.ActTurn:
		c.Kind, c.Turn = session.CommandTurn, turnChoices[max(0, p.turn.SelectedIndex())].steps
	case session.ActReady, session.ActCock:
		c.Kind, c.Weapon = session.CommandReady, p.weaponID()
		if p.action.Selected == session.ActCock {
			c.Kind = session.CommandCock
		}
		if c.Weapon == "" && len(p.c.state.Figures[p.actorID()].Gear) > 0 {
			return c, errors.New("pick a weapon")
		} // a sheet's weapons, not gear: the session draws the first holstered
	case session.ActShoot:
		c.Kind, c.Weapon, c.Modifier = session.CommandShoot, p.weaponID(), p.judgeModifier()
		c.Shots = append([]session.ShotOrder(nil), p.shots...)
		if len(c.Shots) == 0 {
			o, err := p.shotOrder()
			if err != nil {
				return c, err
			}
			c.Shots = []session.ShotOrder{o}
		}
	case session.ActMelee:
		c.Kind, c.Modifier = session.CommandMelee, p.judgeModifier()
		if w, ok := session.Weapons()[p.weaponID()]; ok && w.Melee {
			c.Weapon = w.ID
		}
		bo := p.blowOrder()
		c.Blow = bo
		if len(p.blows) > 0 { // the series: the blows added, then this one
			first := p.blows[0]
			first.Defense = bo.Defense
			c.Blow, c.Blows = &first, append(append([]session.BlowOrder(nil), p.blows[1:]...), *bo)
		}
	case session.ActProne:
		c.Kind, c.Prone = session.CommandProne, p.prone.Checked
	case session.ActDuck:
		c.Kind, c.Duck = session.CommandDuck, p.duck.Checked
	case session.ActRecover:
		c.Kind = session.CommandRecover
	case session.ActDelay:
		c.Kind = session.CommandDelay
	case session.ActFire:
		c.Kind = session.CommandShoot
		if p.pickedAction().JudgeModifier != "" {
			c.Modifier = p.judgeModifier()
		}
		c.Shots = append([]session.ShotOrder(nil), p.shots...)
		if len(c.Shots) == 0 {
			t := p.targetID()
			if t == "" {
				return c, errors.New("pick a target")
			}
			o, err := p.sessionShot(t)
			if err != nil {
				return c, err
			}
			o.Aims, _ = strconv.Atoi(p.fireAims.Selected)
			c.Shots = []session.ShotOrder{o}
		}
		c.Fudge = p.shieldOrder()
	case session.ActStrike:
		c.Kind, c.Target, c.Riposte = session.CommandStrike, p.targetID(), p.riposte.Checked
		c.Stance = map[string]string{"full parry": "full", "aggressive parry": "aggressive"}[p.stance.Selected]
		if c.Target == "" {
			return c, errors.New("pick a target")
		}
		c.Fudge = p.shieldOrder()
	case session.ActBash:
		c.Kind, c.Target, c.Weapon, c.Fudge = p.pickedAction().Kind, p.targetID(), p.pickedAction().Weapon, p.shieldOrder()
		if c.Target == "" {
			return c, errors.New("pick a target")
		}
	case session.ActTreat:
		i := p.healer.SelectedIndex()
		if i < 0 {
			return c, errors.New("pick the healer's skill")
		}
		acts := p.pickedAction()
		c.Kind = acts.Kind
		c.Fudge = &session.FudgeOrder{Worsen: p.worsen.Checked}
		if err := c.Fudge.Healer.UnmarshalText([]byte(acts.Ladder[i])); err != nil {
			return c, err
		}
	case session.ActGrant:
		if p.ruling.Selected == "" {
			return c, errors.New("pick the ruling")
		}
		n, err := paces(p.boxes, "the boxes")
		if err != nil {
			return c, err
		}
		c.Kind, c.Fudge = p.pickedAction().Kind, &session.FudgeOrder{Ruling: p.ruling.Selected, Boxes: n}
	case session.ActSkill:
		c.Kind, c.Skill, c.Focus, c.Sabotage = session.CommandSkill, p.skill.Selected, p.focus.Checked, p.sabotage.Checked
		if c.Skill == "" {
			return c, errors.New("pick a skill")
		}
		if p.skillOn.Checked {
			c.Target = p.targetID()
		}
	case session.ActHazard:
		c.Kind, c.Skill, c.Modifier = p.pickedAction().Kind, p.pickedAction().Skill, p.judgeModifier()
	case session.ActReload, session.ActSpeedLoad:
		// A speed load's rounds are its card's (the action says so).
		c.Kind, c.Weapon, c.Speed = session.CommandReload, p.weaponID(), p.pickedAction().Speed
		if c.Weapon == "" {
			return c, errors.New("pick a weapon")
		}
	case session.ActPickUp:
		i := p.loose.SelectedIndex()
		if i < 0 || i >= len(p.looseNear) {
			return c, errors.New("no weapon lies in the figure's hex or next to it")
		}
		l := p.looseNear[i]
		c.Kind, c.Weapon, c.To = session.CommandPickUp, l.Weapon, &l.At
	case session.ActRide:
		c.Kind, c.Run = session.CommandRide, p.galloping.Checked
		if text := strings.TrimSpace(p.hex.Text); text != "" {
			h, err := p.c.state.Map.ParseHex(text)
			if err != nil {
				return c, fmt.Errorf("type the hex to ride to, as J8, or none to rein in: %v", err)
			}
			c.To = &h
		}
		n, err := paces(p.paces, "paces a round")
		if err != nil {
			return c, err
		}
		c.Paces = n
	case session.ActMount:
		pace, err := paces(p.paces, "the mount's pace")
		if err != nil {
			return c, err
		}
		gallop, err := paces(p.gallop, "the mount's gallop")
		if err != nil {
			return c, err
		}
		c.Kind = session.CommandMount
		if pace != 0 {
			c.Mount = &session.MountOrder{What: strings.TrimSpace(p.what.Text), Pace: pace, Gallop: gallop}
		}
	case session.ActDoor:
		h, err := p.c.state.Map.ParseHex(strings.TrimSpace(p.hex.Text))
		if err != nil {
			return c, fmt.Errorf("type the door's hex, as J8: %v", err)
		}
		c.Kind, c.To, c.Side, c.Open = session.CommandDoor, &h, max(0, p.side.SelectedIndex()), p.open.Checked
	case session.ActEscape:
		c.Kind = session.CommandEscape
		if text := strings.TrimSpace(p.hex.Text); text != "" {
			h, err := p.c.state.Map.ParseHex(text)
			if err != nil {
				return c, fmt.Errorf("type the hex to escape to, as J8, or leave it empty: %v", err)
			}
			c.To = &h
		}
	default: // an action with no fields of its own
		c.Kind = p.pickedAction().Kind
	}
	if (c.Kind == session.CommandShoot || c.Kind == session.CommandMelee) && p.withSkill.Selected != "" && p.withSkill.Selected != "none" {
		c.With = &session.SkillOrder{Skill: p.withSkill.Selected, Primary: p.withFirst.Checked}
	}
	return c, nil
}

// paces reads a number of paces from e: none is 0.
func paces(e *widget.Entry, what string) (int, error) {
	text := strings.TrimSpace(e.Text)
	if text == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil {
		return 0, fmt.Errorf("type %s as a whole number of paces, not %q", what, text)
	}
	return n, nil
}

// update previews the composed command with the session's own planning
// functions.
func (p *composer) update() {
	if p.confirm == nil {
		return // still being built
	}
	if len(p.shots) > 0 {
		var parts []string
		for i, s := range p.shots {
			parts = append(parts, fmt.Sprintf("%d. %s at %s", i+1, s.Kind, p.c.state.FigureName(s.Target)))
		}
		p.shotsLabel.SetText("Series: " + strings.Join(parts, "; "))
	} else {
		p.shotsLabel.SetText("One shot; add shots to fire a series or fan.")
	}
	cmd, err := p.command()
	if err != nil {
		p.preview.SetText(sentence(err.Error()))
		p.confirm.Disable()
		return
	}
	text, err := p.c.previewText(cmd)
	if err != nil {
		p.preview.SetText("Not allowed: " + err.Error())
		p.confirm.Disable()
		return
	}
	p.preview.SetText(text)
	p.confirm.Enable()
}

// do confirms the composed command.
func (p *composer) do() {
	cmd, err := p.command()
	if err != nil {
		p.preview.SetText(sentence(err.Error()))
		return
	}
	p.c.doWithDice(cmd, func(events []session.Event) {
		p.shots = nil
		p.showResult(events)
	})
}

// sentence makes an error's text a sentence: a capital and a stop.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// showResult shows the cards an action drew and its sentence.
func (p *composer) showResult(events []session.Event) {
	p.cards.RemoveAll()
	var text []string
	for _, e := range events {
		for _, name := range e.Cards {
			p.cards.Add(cardView(name))
		}
		text = append(text, e.Text)
		for _, ch := range e.Changes {
			if f, ok := p.c.state.Figures[ch.Figure]; ok && ch.Figure != e.Figure {
				text = append(text, fmt.Sprintf("%s now: %s.", p.c.state.FigureName(f.ID), statusLine(p.c.state.BodyAfter(ch), ch.Status.Prone)))
			}
		}
	}
	p.result.SetText(strings.Join(text, "\n"))
	p.cards.Refresh()
	p.after.Show()
	p.lower.Refresh()
	p.scroll.ScrollToTop()
}

// statusLine sums a figure up: its harm and condition in its system's
// words (session.Body.Line), and prone.
func statusLine(b session.Body, prone bool) string {
	if prone {
		return b.Line + ", prone"
	}
	return b.Line
}

// previewText is what the rules make of a command before the dice: the
// session's own explanation (session.State.Explain), the same function the
// map window's hover shows.
func (c *Console) previewText(cmd session.Command) (string, error) {
	return c.state.Explain(cmd)
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// judgeStepChoices are the Judge's own modifiers of an attack the
// composer offers: downgrades and upgrades of the pool.
var judgeStepChoices = []string{"3 downgrades", "2 downgrades", "1 downgrade", "none", "1 upgrade", "2 upgrades", "3 upgrades"}

// judgeNone is "none" in judgeStepChoices; choice i is i − judgeNone steps.
const judgeNone = 3

// shieldModChoices are the Judge's modifiers of a shield check.
var shieldModChoices = []string{"-4", "-3", "-2", "-1", "+0", "+1", "+2", "+3", "+4"}

// shieldOrder is the Judge's word on a shield check, or nil.
func (p *composer) shieldOrder() *session.FudgeOrder {
	if !p.pickedAction().Shield {
		return nil
	}
	mod, _ := strconv.Atoi(p.shieldMod.Selected)
	if !p.shieldLost.Checked && mod == 0 {
		return nil
	}
	return &session.FudgeOrder{ShieldLost: p.shieldLost.Checked, ShieldModifier: mod}
}

// pick gives a select its options, keeping the choice if it is one.
func pick(s *widget.Select, opts []string) {
	old := s.Selected
	s.Options = opts
	if !contains(opts, old) {
		s.ClearSelected()
	}
	s.Refresh()
}

// judgeRow lays out the Judge's own modifier: how much, and why.
func (p *composer) judgeRow(row func(string, fyne.CanvasObject) fyne.CanvasObject) fyne.CanvasObject {
	return row("Judge's modifier", container.NewGridWithColumns(2, p.judgeSteps, p.judgeWhy))
}

// judgePointChoices are the Judge's own modifiers as points, where an
// action's modifier adds to a number (Action.JudgeModifier); judgeNone is
// "none" among them too.
var judgePointChoices = []string{"−3", "−2", "−1", "none", "+1", "+2", "+3"}

// judgePoints offers the Judge's modifier as points, or as TWTW's
// upgrades and downgrades.
func (p *composer) judgePoints(points bool) {
	want := judgeStepChoices
	if points {
		want = judgePointChoices
	}
	if p.judgeSteps.Options[0] != want[0] {
		p.judgeSteps.Options = want
		p.judgeSteps.SetSelected(want[judgeNone])
	}
}

// judgeModifier is the Judge's own modifier as picked, or nil.
func (p *composer) judgeModifier() *session.JudgeModifier {
	steps := p.judgeSteps.SelectedIndex() - judgeNone
	if p.judgeSteps.SelectedIndex() < 0 || steps == 0 {
		return nil
	}
	return &session.JudgeModifier{Steps: steps, Reason: strings.TrimSpace(p.judgeWhy.Text)}
}

// showWaiting lays out the answer a blow waiting for its defender asks
// for (State.Defenses): each choice a button with what it would make of
// the blow, the ones the defender cannot pay for disabled.
func (p *composer) showWaiting() {
	st := p.c.state
	if st.Pending == p.waitingFor {
		return
	}
	p.waitingFor = st.Pending
	p.waiting.RemoveAll()
	if st.Pending == nil {
		p.waiting.Hide() // no room taken: the composer stays where it was
		if p.box != nil {
			p.box.Refresh()
		}
		return
	}
	p.waiting.Show()
	target := st.Pending.Target()
	p.waiting.Add(heading("The fight waits for " + st.Waiting()))
	for _, d := range st.Defenses(target) {
		label := map[string]string{session.DefenseBlock: "Block", session.DefenseDodge: "Dodge", session.DefenseNone: "Take it"}[d.Defense]
		b := widget.NewButton(label, func() {
			p.c.doWithDice(session.Command{Kind: session.CommandDefend, Figure: target, Defense: d.Defense}, nil)
		})
		text := d.Text
		if d.Err != nil {
			b.Disable()
			text = d.Err.Error()
		}
		why := widget.NewLabel(text)
		why.Wrapping = fyne.TextWrapWord
		p.waiting.Add(container.NewBorder(nil, nil, container.NewGridWrap(fyne.NewSize(110, 36), b), nil, why))
	}
	p.waiting.Add(widget.NewSeparator())
	p.waiting.Refresh()
	if p.box != nil {
		p.box.Refresh()
	}
}

// blowOrder is the blow the melee fields describe.
func (p *composer) blowOrder() *session.BlowOrder {
	bo := &session.BlowOrder{Target: p.targetID(), Attack: p.attack.Selected, Careful: p.careful.Checked, Call: p.called(),
		Dominance: dominanceKinds[max(0, p.dominance.SelectedIndex())], Sabotage: p.sabotage.Checked}
	if t, ok := p.c.state.Figures[bo.Target]; ok && bo.Dominance != "" {
		if h, err := p.c.state.Map.ParseHex(strings.TrimSpace(p.hex.Text)); err == nil && h != t.At {
			bo.Shove = t.At.LineTo(h)[1:] // driven straight toward the hex typed
		}
	}
	if p.improv.Selected != "none" {
		bo.Improvised = p.improv.Selected
	}
	switch p.defend.Selected {
	case askDefender:
	case "takes it":
		bo.Defense = session.DefenseNone
	default:
		bo.Defense = p.defend.Selected
	}
	return bo
}
