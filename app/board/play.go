package board

import (
	"errors"
	"strconv"
	"strings"

	"hexslinger/app/session"
	"hexslinger/hexmap"
	"hexslinger/rules"
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
	// Attack mode (A): the weapon and the kind of shot the next click on a
	// figure fires.
	attacking bool
	weapon    string
	kind      string // snap, normal, aimed
	aims      int
	// Hand to hand (H): attack mode for a blow at a foe beside the
	// figure, of the kind blow (quick, heavy, feint, grapple).
	melee bool
	blow  string
}

// rangedWeapon returns the first gun or throwing weapon a figure carries.
func rangedWeapon(f *session.Figure) string {
	for _, g := range f.Gear {
		if w, ok := session.Weapons()[g.Weapon]; ok && !w.Melee {
			return g.Weapon
		}
	}
	return ""
}

// attack answers A: attack mode on or off for the selected figure.
func (p *play) attack() string {
	if p.st == nil || p.selected == "" {
		return "Select a figure first, then press A to attack."
	}
	if p.attacking {
		p.attacking = false
		return "Attack cancelled."
	}
	f := p.st.Figures[p.selected]
	w := rangedWeapon(f)
	if w == "" {
		// No TWTW gun: the fight's system may arm the figure from its own
		// sheet (a Savage Worlds Colt, a Fudge Ranged skill); ask it.
		if err := p.mayShoot(f); err != nil {
			return err.Error()
		}
	}
	p.attacking, p.melee, p.weapon, p.kind, p.aims = true, false, w, "normal", 0
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

// shot is the command a click on target fires.
func (p *play) shot(target string) session.Command {
	if p.melee {
		c := session.Command{Kind: session.CommandMelee, Figure: p.selected, Blow: &session.BlowOrder{Target: target, Attack: p.blow}}
		if f, ok := p.st.Figures[p.selected]; ok {
			for _, g := range f.Gear { // the melee weapon in hand, if any
				if w, ok := session.Weapons()[g.Weapon]; ok && w.Melee && g.Readied {
					c.Weapon = g.Weapon
					break
				}
			}
		}
		return c
	}
	return session.Command{Kind: session.CommandShoot, Figure: p.selected, Weapon: p.weapon, Shots: p.order(target)}
}

// blowKinds are the hand-to-hand attacks, by the keys 1 to 4.
var blowKinds = []string{"quick", "heavy", "feint", "grapple"}

// hand answers H: hand-to-hand mode on or off for the selected figure,
// where the fight's system has TWTW's blows.
func (p *play) hand() string {
	if p.st == nil || p.selected == "" {
		return "Select a figure first, then press H for hand to hand."
	}
	if !p.offers(session.CommandMelee) {
		return "This fight's rules strike with the Attack key (A)."
	}
	if p.attacking && p.melee {
		p.attacking, p.melee = false, false
		return "Hand to hand cancelled."
	}
	p.attacking, p.melee, p.weapon, p.blow = true, true, "", blowKinds[0]
	return p.attackHint()
}

// nextWeapon answers W in attack mode: the next gun or throwing weapon the
// figure carries.
func (p *play) nextWeapon() string {
	if !p.attacking || p.weapon == "" {
		return ""
	}
	f := p.st.Figures[p.selected]
	var ranged []string
	for _, g := range f.Gear {
		if w, ok := session.Weapons()[g.Weapon]; ok && !w.Melee {
			ranged = append(ranged, g.Weapon)
		}
	}
	for i, w := range ranged {
		if w == p.weapon {
			p.weapon = ranged[(i+1)%len(ranged)]
			break
		}
	}
	return p.attackHint()
}

// shotKey answers 1 (snap), 2 (normal) and 3 (aimed; again for a second
// aim) in attack mode.
func (p *play) shotKey(k int) string {
	if p.attacking && p.melee {
		if k >= 1 && k <= len(blowKinds) {
			p.blow = blowKinds[k-1]
		}
		return p.attackHint()
	}
	if !p.attacking || p.weapon == "" {
		return "" // a sheet's weapon: its system knows no TWTW shot kinds
	}
	switch k {
	case 1:
		p.kind, p.aims = "snap", 0
	case 2:
		p.kind, p.aims = "normal", 0
	case 3:
		if p.kind == "aimed" && p.aims < rules.MaxAimsPerShot {
			p.aims++
		} else {
			p.kind, p.aims = "aimed", 1
		}
	}
	return p.attackHint()
}

func (p *play) attackHint() string {
	if p.melee {
		return "Hand to hand, a " + p.blow + " blow: click a foe beside " + p.st.FigureName(p.selected) + " · 1 quick · 2 heavy · 3 feint · 4 grapple · Esc cancels"
	}
	if p.weapon == "" {
		return "Attack with " + p.st.FigureName(p.selected) + "'s own weapon (its sheet's): click a target · Esc cancels"
	}
	w := session.Weapons()[p.weapon]
	kind := p.kind
	if p.kind == "aimed" {
		kind = "aimed (" + strconv.Itoa(p.aims) + " aim)"
	}
	return "Attack with the " + w.Name + ", " + kind + " shot: click a target · W weapon · 1 snap · 2 normal · 3 aimed (again for 2 aims) · Esc cancels"
}

// order is the shot the next click on target would fire.
func (p *play) order(target string) []session.ShotOrder {
	return []session.ShotOrder{{Target: target, Kind: p.kind, Aims: p.aims}}
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
	plan, err := p.st.PlanShoot(p.selected, p.weapon, p.order(t.ID))
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
		return nil, "Attack cancelled: click a figure to shoot at it."
	}
	if f, ok := p.st.FigureAt(h); ok {
		if !p.st.InsightOf(p.seat, f.ID).Commands {
			// Not the seat's: what the eye sees of it, and no selection.
			return nil, p.looks(f) + " Not yours to command: click one of yours (white rings)."
		}
		if p.selected == f.ID {
			p.selected = ""
			return nil, ""
		}
		p.selected = f.ID
		// The bar's second line shows the figure's AP, Move and facing;
		// this one says what to do with it.
		return nil, p.st.Characters[f.Character].Name + " selected: click a hex to move · right click or Q/E to turn · A to attack · Esc to let go."
	}
	if p.selected == "" {
		if p.st.Map.Contains(h) {
			return nil, "Click a figure to select it."
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
		return nil, "Select a figure first, then turn it with Q/E or a right click."
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
	return head + " · " + p.st.Movement(f.ID) + " · facing " +
		p.st.Map.Orientation.SideNames()[f.Facing] + " · at " + p.st.Map.Label(f.At)
}

// tip describes hex h for the hover tip: its name, terrain and height, the
// feature in it and on its hexsides, the figure standing there, and how far
// it is from the selected figure.
func (p *play) tip(h hexmap.Hex) string {
	if p.st == nil || !p.st.Map.Contains(h) {
		return ""
	}
	m := p.st.Map
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
			s := f.Kind + " " + m.Orientation.SideNames()[d]
			if f.Info().Openable {
				s += map[bool]string{true: " (open)", false: " (closed)"}[f.Open]
			}
			if f.IsCover() {
				s += " cover " + strconv.Itoa(f.Armor)
			}
			parts = append(parts, s)
		}
	}
	for _, l := range p.st.Loose {
		if l.At == h {
			parts = append(parts, session.Weapons()[l.Weapon].Name+" lying here")
		}
	}
	if f, ok := p.st.FigureAt(h); ok {
		s := p.st.FigureName(f.ID) + " (" + f.Side + ")"
		if at := p.st.Standing(f.ID); at != "" && p.st.InsightOf(p.seat, f.ID).Numbers {
			s += " " + strings.TrimSuffix(at, " left") // the tip's short form: "8 AP"
		}
		if tag := figureTag(f); tag != "" {
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
