package board

import (
	"errors"
	"strconv"
	"strings"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// play is the map window's interaction state, kept apart from Ebiten so it
// tests without a display: which figure is selected, and what a click or a
// key means as a command.
type play struct {
	st *session.State
	// seat is the window's seat, asked what it may know of each figure
	// (State.InsightOf): nil for the Judge's.
	seat     *session.Seat
	selected string
	// Attack mode (A or H): the attack the session offers the figure
	// under that key (State.Attacks) and what the keys picked of it; a
	// click on a figure makes the session's command of it
	// (State.AttackCommand).
	attacking bool
	mode      session.Attack
	choice    session.AttackChoice
	// What the choice is, in words, for the bar, the hint and the
	// drawing's cache: the weapon (an id of session.Weapons, "" for the
	// sheet's own), the kind of shot and its aims, the kind of blow.
	melee  bool
	weapon string
	kind   string
	aims   int
	blow   string
	// touch: the window is played by touch, so what it says names taps
	// and the bar's buttons, not clicks and keys.
	touch bool
}

// words is mouse, or touch on a window played by touch.
func (p *play) words(mouse, touch string) string {
	if p.touch {
		return touch
	}
	return mouse
}

// offered is the attack the session offers the selected figure under key.
func (p *play) offered(key string) (session.Attack, bool) {
	for _, a := range p.st.Attacks(p.selected) {
		if a.Key == key {
			return a, true
		}
	}
	return session.Attack{}, false
}

// begin puts the window in attack mode for a: its first weapon and kind.
func (p *play) begin(a session.Attack) {
	p.attacking, p.mode = true, a
	p.choice = session.AttackChoice{Key: a.Key, Kind: a.First, Times: 1}
	if len(a.Weapons) > 0 {
		p.choice.Weapon = a.Weapons[0].ID
	}
	p.said()
}

// said sets the choice's words from the choice.
func (p *play) said() {
	p.melee, p.weapon, p.kind, p.aims, p.blow = p.mode.Melee, p.choice.Weapon, "", 0, ""
	if p.choice.Kind < 0 || p.choice.Kind >= len(p.mode.Kinds) {
		return
	}
	k := p.mode.Kinds[p.choice.Kind]
	if p.melee {
		p.blow = k.Name
	} else {
		p.kind = k.Name
	}
	if k.Most > 0 {
		p.aims = p.choice.Times
	}
}

// attack answers A: attack mode on or off for the selected figure, with
// the missile attack its system offers.
func (p *play) attack() string {
	if p.st == nil || p.selected == "" {
		return "Select a figure first, then press A to attack."
	}
	if p.attacking {
		p.attacking = false
		return "Attack cancelled."
	}
	a, ok := p.offered(session.AttackKeyShoot)
	if !ok {
		return "This fight's rules offer no missile attack from the map."
	}
	p.begin(a)
	if len(a.Weapons) == 0 {
		// No weapon to pick: the fight's system may arm the figure from
		// its own sheet (a Savage Worlds Colt, a Fudge Ranged skill); ask it.
		if err := p.mayShoot(p.st.Figures[p.selected]); err != nil {
			p.attacking = false
			return err.Error()
		}
	}
	return p.attackHint()
}

// mayShoot asks the fight's system whether f can shoot at anyone in view
// with what its sheet gives it (State.Explain, as the session decides).
func (p *play) mayShoot(f *session.Figure) error {
	err := errors.New(p.st.FigureName(f.ID) + " has no one to shoot at.")
	for _, id := range p.st.Order {
		if id == f.ID {
			continue
		}
		if _, err = p.st.Explain(p.shot(id)); err == nil {
			return nil
		}
	}
	return err
}

// shot is the command a click on target makes: the session's command of
// the attack picked (State.AttackCommand).
func (p *play) shot(target string) session.Command {
	c, _ := p.st.AttackCommand(p.selected, target, p.choice)
	return c
}

// hand answers H: hand-to-hand mode on or off for the selected figure,
// with the blow its system offers.
func (p *play) hand() string {
	if p.st == nil || p.selected == "" {
		return "Select a figure first, then press H for hand to hand."
	}
	a, ok := p.offered(session.AttackKeyMelee)
	if !ok {
		return "This fight's rules offer no blow from the map."
	}
	if p.attacking && p.melee {
		p.attacking, p.melee = false, false
		return "Hand to hand cancelled."
	}
	p.begin(a)
	return p.attackHint()
}

// nextWeapon answers W in attack mode: the next weapon of the attack.
func (p *play) nextWeapon() string {
	ws := p.mode.Weapons
	if !p.attacking || len(ws) == 0 {
		return ""
	}
	for i, w := range ws {
		if w.ID == p.choice.Weapon {
			p.choice.Weapon = ws[(i+1)%len(ws)].ID
			break
		}
	}
	p.said()
	return p.attackHint()
}

// shotKey answers 1, 2, 3, … in attack mode: the attack's kind of that
// key (a snap shot, a heavy blow); its key again adds one more of what
// the kind counts, up to its most (a second aim), then starts again.
func (p *play) shotKey(k int) string {
	if !p.attacking || len(p.mode.Kinds) == 0 {
		return "" // one kind of attack: no keys to pick
	}
	if k < 1 || k > len(p.mode.Kinds) {
		return p.attackHint()
	}
	kind := p.mode.Kinds[k-1]
	if p.choice.Kind == k-1 && kind.Most > 0 && p.choice.Times < kind.Most {
		p.choice.Times++
	} else {
		p.choice.Kind, p.choice.Times = k-1, 1
	}
	p.said()
	return p.attackHint()
}

// kindKeys lists the attack's kinds by key: "1 snap · 2 normal · 3 aimed
// (again for 2 aims)".
func (p *play) kindKeys() string {
	var keys []string
	for i, k := range p.mode.Kinds {
		s := strconv.Itoa(i+1) + " " + k.Name
		if k.Most > 1 {
			s += " (again for " + strconv.Itoa(k.Most) + " " + k.Unit + "s)"
		}
		keys = append(keys, s)
	}
	return strings.Join(keys, " · ")
}

// kindSaid is the kind picked in words: "aimed (2 aims)".
func (p *play) kindSaid() string {
	if p.choice.Kind < 0 || p.choice.Kind >= len(p.mode.Kinds) {
		return ""
	}
	k := p.mode.Kinds[p.choice.Kind]
	if k.Most == 0 {
		return k.Name
	}
	unit := k.Unit
	if p.choice.Times != 1 {
		unit += "s"
	}
	return k.Name + " (" + strconv.Itoa(p.choice.Times) + " " + unit + ")"
}

func (p *play) attackHint() string {
	who := p.st.FigureName(p.selected)
	keys := p.kindKeys()
	if keys != "" {
		keys = " · " + keys
	}
	if p.melee {
		head := p.mode.Name
		if k := p.kindSaid(); k != "" {
			head += ", a " + k + " blow"
		}
		if p.touch {
			return head + ": tap a foe beside " + who + " · Cancel lets go"
		}
		return head + ": click a foe beside " + who + keys + " · Esc cancels"
	}
	if p.weapon == "" {
		return "Attack with " + who + "'s own weapon (its sheet's): " + p.words("click a target"+keys+" · Esc cancels", "tap a target · Cancel lets go")
	}
	name := p.weapon
	for _, w := range p.mode.Weapons {
		if w.ID == p.weapon {
			name = w.Name
		}
	}
	head := "Attack with the " + name
	if k := p.kindSaid(); k != "" {
		head += ", " + k + " shot"
	}
	if p.touch {
		return head + ": tap a target · Weapon and the kinds above · Cancel lets go"
	}
	return head + ": click a target · W weapon" + keys + " · Esc cancels"
}

// order is the shot the next click on target would fire.
func (p *play) order(target string) []session.ShotOrder {
	return p.shot(target).Shots
}

// aim previews a shot at the figure on h with the session's own rule.
func (p *play) aim(h hexmap.Hex) (session.ShootPlan, error, bool) {
	if !p.attacking || p.st == nil || p.weapon == "" {
		return session.ShootPlan{}, nil, false
	}
	t, ok := p.st.FigureAt(h)
	if !ok || t.ID == p.selected {
		return session.ShootPlan{}, nil, false
	}
	c := p.shot(t.ID)
	plan, err := p.st.PlanShoot(p.selected, c.Weapon, c.Shots)
	return plan, err, true
}

// refusal is the session's refusal of the shot a click on the figure on h
// would fire (State.Explain, as Do decides it: a shot the figure has not
// the AP for), or nil.
func (p *play) refusal(h hexmap.Hex) error {
	t, ok := p.st.FigureAt(h)
	if !ok || t.ID == p.selected {
		return nil
	}
	_, err := p.st.Explain(p.shot(t.ID))
	return err
}

// explain is the fight's system's own word on a shot at the figure on h
// (State.Explain), for a figure armed by its sheet rather than TWTW gear:
// one line for the bar, or the refusal as that line and as err.
func (p *play) explain(h hexmap.Hex) (line string, ok bool, err error) {
	if !p.attacking || p.st == nil || p.weapon != "" {
		return "", false, nil
	}
	t, ok := p.st.FigureAt(h)
	if !ok || t.ID == p.selected {
		return "", false, nil
	}
	text, err := p.st.Explain(p.shot(t.ID))
	if err != nil {
		return err.Error(), true, err
	}
	return strings.Join(strings.Fields(strings.ReplaceAll(text, "\n", " · ")), " "), true, nil
}

// cancel answers Esc: attack mode off, else the selection.
func (p *play) cancel() {
	if p.attacking {
		p.attacking, p.melee = false, false
		return
	}
	p.selected = ""
}

// click answers a left click on hex h: select the figure there, or move the
// selected figure to h. It returns the command to send, if any, and a line
// for the status bar.
func (p *play) click(h hexmap.Hex) (*session.Command, string) {
	if p.st == nil {
		return nil, ""
	}
	if p.attacking {
		defer func() { p.attacking, p.melee = false, false }()
		if f, ok := p.st.FigureAt(h); ok && f.ID != p.selected {
			c := p.shot(f.ID)
			return &c, ""
		}
		return nil, p.words("Attack cancelled: click a figure to shoot at it.", "Attack cancelled: tap a figure to shoot at it.")
	}
	if f, ok := p.st.FigureAt(h); ok {
		if !p.st.InsightOf(p.seat, f.ID).Commands {
			// Not the seat's: what the eye sees of it, and no selection.
			return nil, p.looks(f) + p.words(" Not yours to command: click one of yours (white rings).", " Not yours to command: tap one of yours (white rings).")
		}
		if p.selected == f.ID {
			p.selected = ""
			return nil, ""
		}
		p.selected = f.ID
		// The bar's second line shows the figure's AP, Move and facing;
		// this one says what to do with it.
		return nil, p.st.Characters[f.Character].Name + p.words(" selected: click a hex to move · right click or Q/E to turn · A to attack · Esc to let go.",
			" selected: tap a hex for its path, again to move, or drag it there · the buttons above turn and attack · tap it again to let go.")
	}
	if p.selected == "" {
		if p.st.Map.Contains(h) {
			return nil, p.words("Click a figure to select it.", "Tap a figure to select it.")
		}
		return nil, ""
	}
	to := h
	return &session.Command{Kind: session.CommandMove, Figure: p.selected, To: &to}, ""
}

// turn answers Q (n = +1, counterclockwise) and E or a right click (n = −1,
// clockwise) for the selected figure.
func (p *play) turn(n int) (*session.Command, string) {
	if p.st == nil || p.selected == "" {
		return nil, p.words("Select a figure first, then turn it with Q/E or a right click.", "Tap a figure first, then turn it with the Turn buttons.")
	}
	return &session.Command{Kind: session.CommandTurn, Figure: p.selected, Turn: n}, ""
}

// preview decides a move of the selected figure to h as the session
// would (session.State.Preview), for the path overlay.
func (p *play) preview(h hexmap.Hex) (session.Preview, bool) {
	if p.st == nil || p.selected == "" {
		return session.Preview{}, false
	}
	if _, ok := p.st.FigureAt(h); ok || !p.st.Map.Contains(h) {
		return session.Preview{}, false
	}
	return p.st.Preview(p.seat, session.Command{Kind: session.CommandMove, Figure: p.selected, To: &h}), true
}

// looks is what a window shows of a figure its seat does not command: its
// name, side and what the eye sees (State.Looks), facing and hex; a
// figure of the seat's own side adds its numbers (State.InsightOf).
func (p *play) looks(f *session.Figure) string {
	if p.st.InsightOf(p.seat, f.ID).Numbers {
		return p.describe(f) + "."
	}
	return p.st.FigureName(f.ID) + " (" + f.Side + "): " + p.st.Looks(f.ID) + " · facing " +
		p.st.Map.Orientation.SideNames()[f.Facing] + " · at " + p.st.Map.Label(f.At) + "."
}

func (p *play) describe(f *session.Figure) string {
	c := p.st.Characters[f.Character]
	head := c.Name
	if at := p.st.Standing(f.ID); at != "" {
		head += " — " + at // "8 AP left", "card Q♣": the system's terms
	}
	if m := p.st.Mark(f.ID); m.Label != "" {
		head += " · " + m.Label
	}
	if b := p.st.Body(f.ID); b.Hurt || !b.Able {
		head += " · " + b.Line // "Shaken, 1 Wound (-1)": the system's words
	}
	return head + " · " + p.st.Movement(f.ID) + " · facing " +
		p.st.Map.Orientation.SideNames()[f.Facing] + " · at " + p.st.Map.Label(f.At)
}

// tip describes hex h for the hover tip: its name, terrain and height, the
// feature in it and on its hexsides, the figure standing there, and how far
// it is from the selected figure.
func (p *play) tip(h hexmap.Hex) string { return p.tipAs(h, tipView{}) }

// tipView is whose knowledge a tip tells. The zero view is the window's
// own: the state's map, its figures, the window's seat. The Judge's side
// view (Y) tells what a player's seat of the side is sent: its known map,
// the figures it is sent, and what that seat may know of each.
type tipView struct {
	m          *hexmap.Map     // the map as the side knows it
	seat       *session.Seat   // a player's seat of the side
	seen       map[string]bool // the figures its seat is sent
	unexplored bool            // the side has never seen the hex: its name only
}

// tipAs is tip as view tells it.
func (p *play) tipAs(h hexmap.Hex, view tipView) string {
	if p.st == nil || !p.st.Map.Contains(h) {
		return ""
	}
	m, seat := p.st.Map, p.seat
	if view.m != nil {
		m, seat = view.m, view.seat
	}
	if view.unexplored {
		return m.Label(h) + " · unexplored"
	}
	t, _ := m.Terrain(h)
	parts := []string{m.Label(h) + " · " + t.Name}
	if e := m.Elevation(h); e != 0 {
		parts[0] += " · level " + strconv.Itoa(e)
	}
	if f, ok := m.Feature(h); ok {
		s := f.Kind
		if f.IsCover() {
			s += " (cover " + strconv.Itoa(f.Armor) + ", " + f.Height.String() + ")"
		}
		parts = append(parts, s)
	}
	for d := hexmap.Direction(0); d < 6; d++ {
		if f, ok := m.EdgeFeature(h, d); ok {
			if view.m != nil {
				f = f.ForPlayers() // a player's seat is told a secret door is a wall
			}
			s := f.Kind + " " + m.Orientation.SideNames()[d]
			if f.Info().Openable {
				s += map[bool]string{true: " (open)", false: " (closed)"}[f.Open]
			}
			if f.Secret {
				s += " (secret: a wall to the players)"
			}
			if f.IsCover() {
				s += " cover " + strconv.Itoa(f.Armor)
			}
			parts = append(parts, s)
		}
	}
	for _, l := range p.st.Loose {
		if l.At == h {
			parts = append(parts, l.Label()+" lying here")
		}
	}
	if f, ok := p.st.FigureAt(h); ok && (view.seen == nil || view.seen[f.ID]) {
		s := p.st.FigureName(f.ID) + " (" + f.Side + ")"
		if at := p.st.Standing(f.ID); at != "" && p.st.InsightOf(seat, f.ID).Numbers {
			s += " " + strings.TrimSuffix(at, " left") // the tip's short form: "8 AP"
		}
		if b := p.st.Body(f.ID); b.Line != "" && (b.Hurt || !b.Able) && p.st.InsightOf(seat, f.ID).Numbers {
			s += ", " + b.Line // its harm in its system's words: "stunned: 5 wounds of Toughness 12"
			if f.Prone {
				s += ", prone"
			}
		} else if tag := figureTag(p.st, f); tag != "" {
			s += ", " + tag
		}
		parts = append(parts, s)
	}
	if sel, ok := p.st.Figures[p.selected]; ok && sel.At != h {
		paces := float64(sel.At.DistanceTo(h)) * m.Scale
		parts = append(parts, strconv.FormatFloat(paces, 'f', -1, 64)+" paces from "+p.st.FigureName(sel.ID))
	}
	return strings.Join(parts, " · ")
}

// dragStart answers a press on hex h (on the map when onMap): the figure
// there, which a drag would move; "" for none, in attack mode, or on
// empty map (a drag pans).
func (p *play) dragStart(h hexmap.Hex, onMap bool) string {
	if p.st == nil || !onMap || p.attacking {
		return ""
	}
	if f, ok := p.st.FigureAt(h); ok && p.st.InsightOf(p.seat, f.ID).Commands {
		return f.ID
	}
	return ""
}

// dragEnd answers a figure dragged to hex h and let go: the move there,
// as a click on h with the figure selected would send; nothing when it
// is let go where it stands.
func (p *play) dragEnd(id string, h hexmap.Hex) (*session.Command, string) {
	f, ok := p.st.Figures[id]
	if !ok || f.At == h || !p.st.InsightOf(p.seat, id).Commands {
		return nil, ""
	}
	p.selected = id
	to := h
	return &session.Command{Kind: session.CommandMove, Figure: id, To: &to}, ""
}
