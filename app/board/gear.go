package board

import (
	"fmt"
	"strings"

	"hexslinger/app/session"
)

// The map window's gear and posture actions for the selected figure:
// draw (ready), cock, load, drop prone or stand, take cover or emerge, pick
// up. Each becomes a command the session decides; the window only picks
// which weapon a key means (the one attack mode holds, else the first the
// action fits).

// offers reports whether the fight's system has an action of kind for the
// selected figure now (State.ActionsFor), so that the bar shows only what
// the fight plays and the figure may do.
func (p *play) offers(kind string) bool {
	if p.st == nil {
		return false
	}
	for _, a := range p.st.ActionsFor(p.selected) {
		if a.Kind == kind {
			return true
		}
	}
	return false
}

// gearFor picks the selected figure's weapon a gear action means: the one
// attack mode holds, else the first gun or throwing weapon fit reports
// true for.
func (p *play) gearFor(fit func(g carried) bool) string {
	f, ok := p.st.Figures[p.selected]
	if !ok {
		return ""
	}
	if p.weapon != "" {
		return p.weapon
	}
	for _, g := range f.Gear {
		w, ok := session.Weapons()[g.Weapon]
		if ok && !w.Melee && fit(carried{Readied: g.Readied, Cocked: g.Cocked, Full: g.Loaded >= w.Capacity, Cocks: w.Cock > 0, Thrown: w.Thrown}) {
			return g.Weapon
		}
	}
	return ""
}

// carried is what a gear action looks at of a weapon carried.
type carried struct {
	Readied, Cocked, Full, Cocks, Thrown bool
}

// gearAction is the command of a gear key (ready, cock, reload) for the
// selected figure, or the line saying why there is none.
func (p *play) gearAction(kind string) (*session.Command, string) {
	if p.st == nil || p.selected == "" {
		return nil, "Select a figure first."
	}
	var w string
	switch kind {
	case session.CommandReady:
		w = p.gearFor(func(g carried) bool { return !g.Readied })
	case session.CommandCock:
		w = p.gearFor(func(g carried) bool { return g.Readied && g.Cocks && !g.Cocked })
	case session.CommandReload:
		w = p.gearFor(func(g carried) bool { return g.Readied && !g.Full && !g.Thrown })
	}
	if w == "" && kind == session.CommandReady && len(p.st.Figures[p.selected].Gear) == 0 && p.offers(kind) {
		// a sheet's weapons, not gear: the session draws the first holstered
		return &session.Command{Kind: kind, Figure: p.selected}, ""
	}
	if w == "" {
		return nil, p.st.FigureName(p.selected) + " has no weapon to " + map[string]string{
			session.CommandReady: "draw", session.CommandCock: "cock", session.CommandReload: "load"}[kind] + "."
	}
	return &session.Command{Kind: kind, Figure: p.selected, Weapon: w}, ""
}

// posture is the command of P (drop prone or stand up) and T (take cover
// or emerge) for the selected figure.
func (p *play) posture(kind string) (*session.Command, string) {
	if p.st == nil || p.selected == "" {
		return nil, "Select a figure first."
	}
	f := p.st.Figures[p.selected]
	c := &session.Command{Kind: kind, Figure: p.selected}
	if kind == session.CommandProne {
		c.Prone = !f.Prone
	} else {
		c.Duck = !f.Ducked
	}
	return c, ""
}

// pickUp is the command of U: pick up the nearest weapon lying by the
// selected figure.
func (p *play) pickUp() (*session.Command, string) {
	if p.st == nil || p.selected == "" {
		return nil, "Select a figure first."
	}
	near := p.st.LooseNear(p.selected)
	if len(near) == 0 {
		return nil, "No weapon lies in " + p.st.FigureName(p.selected) + "'s hex or next to it."
	}
	at := near[0].At
	return &session.Command{Kind: session.CommandPickUp, Figure: p.selected, Weapon: near[0].Weapon, To: &at}, ""
}

// answering is the figure whose blow this window answers: a blow waits at
// it and this seat commands it (the Judge, any figure); "" otherwise.
func (g *Game) answering() string {
	st := g.play.st
	if st == nil || st.Pending == nil || g.conn == nil {
		return ""
	}
	t := st.Pending.Target()
	if g.judge() || g.conn.own(t) {
		return t
	}
	return ""
}

// answer sends the defender's answer to the blow waiting at it (B block,
// O dodge, N take it).
func (g *Game) answer(defense string) {
	t := g.answering()
	if t == "" {
		return
	}
	g.issue(&session.Command{Kind: session.CommandDefend, Figure: t, Defense: defense}, "")
}

// answerHint is the bar's line while this window is asked to answer a
// blow: the choices, and what taking it means.
func (g *Game) answerHint() string {
	t := g.answering()
	if t == "" {
		return ""
	}
	st := g.play.st
	p := st.Pending
	choices := "B block · O dodge · N take it"
	if g.play.touch || g.dev.touch { // a phone's answers are its buttons
		var offered []string
		for _, d := range st.Defenses(t) {
			if d.Err == nil {
				offered = append(offered, withoutKey(defenseLabels[d.Defense]))
			}
		}
		choices = "tap " + strings.Join(offered, " · ")
	}
	hint := fmt.Sprintf("%s: answer %s's %s blow — %s", st.FigureName(t), st.FigureName(p.Attacker()), p.Command.Blow.Attack, choices)
	for _, d := range st.Defenses(t) {
		if d.Defense == session.DefenseNone && d.Err == nil {
			hint += " (" + strings.TrimSuffix(strings.TrimPrefix(d.Text, "Take it: "), ".") + ")"
		}
	}
	return hint
}

// simple is the command of an action with no fields of its own for the
// selected figure: S spends a Benny where the fight's system has them.
func (p *play) simple(kind string) (*session.Command, string) {
	if p.st == nil || p.selected == "" {
		return nil, "Select a figure first."
	}
	return &session.Command{Kind: kind, Figure: p.selected}, ""
}
