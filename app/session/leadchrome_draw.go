package session

import (
	"fmt"
	"slices"
	"strings"

	"hexslinger/rules/leadchrome"
)

// Lead and Chrome's "Normally it takes one Action to draw, unsheathe or
// unsling and ready a weapon (chambering a round or cocking the hammer)"
// (The Quick-Draw), in the systems whose sheets hold their weapons always
// in hand (Savage Worlds, Dragon Warriors II, Fudge). With the fight's
// option Holstered, each figure's weapons start holstered, sheathed or
// slung: an attack with one waits until it is drawn, by the ready command
// (one Action in Lead and Chrome's order) or a Quick-Draw declared for the
// round, and a weapon a quick-draw fumble dropped comes up drawn when it
// is picked up. TWTW keeps its own ready (decideReadyOrCock).

// lcHolstering reports whether the fight starts its weapons holstered.
func lcHolstering(s *State) bool {
	return s.Options.LeadChrome().Holstered && !SystemOf(s).MovesCostAP()
}

// checkHolstered refuses the option where it has no order of Actions to
// count a draw in, or where the system draws with its own ready.
func checkHolstered(sys System, l LeadChromeOptions) error {
	switch {
	case !l.Holstered:
		return nil
	case sys.MovesCostAP():
		return refuse("%s draws a weapon with its own ready (its AP on the weapon card): weapons holstered is for the systems whose sheets hold them in hand", sys.Name())
	case l.Initiative != InitiativeLeadChrome:
		return refuse("drawing a weapon is one Action in Lead and Chrome's order: turn on Lead and Chrome's initiative with weapons holstered")
	}
	return nil
}

// lcAttacksWith is the weapon of f's sheet an attack of kind (shoot,
// strike) uses, as the Quick-Draw names it: the first carried that serves
// the attack (lcDrawn.Use); false for none (an unarmed blow).
func lcAttacksWith(s *State, f *Figure, kind string) (lcDrawn, bool) {
	for _, c := range lcCarried(s, f) {
		if c.Use == "" || c.Use == kind {
			return c, true
		}
	}
	return lcDrawn{}, false
}

// lcHolster refuses an attack of kind by figure f with a weapon still
// holstered.
func lcHolster(s *State, f *Figure, kind string) error {
	if !lcHolstering(s) || (kind != CommandShoot && kind != CommandStrike) {
		return nil
	}
	w, ok := lcAttacksWith(s, f, kind)
	if !ok || slices.Contains(f.lc().Drawn, w.Name) {
		return nil
	}
	return refuse("%s's %s is not in hand (holstered, sheathed or slung): draw it first (Draw, one Action), or quick-draw it next round (Lead and Chrome: The Quick-Draw: \"Normally it takes one Action to draw, unsheathe or unsling and ready a weapon\")",
		s.FigureName(f.ID), w.Name)
}

// lcDraw is figure f drawing a weapon (c.Weapon by its name or its
// Quick-Draw kind, or the first still holstered): one Action.
func lcDraw(s *State, c Command, f *Figure) ([]Event, error) {
	name := s.FigureName(f.ID)
	var holstered []string
	for _, w := range lcCarried(s, f) {
		if slices.Contains(f.lc().Drawn, w.Name) {
			continue
		}
		holstered = append(holstered, w.Name)
		if c.Weapon != "" && !strings.EqualFold(c.Weapon, w.Name) && c.Weapon != w.Kind {
			continue
		}
		st := f.FigureStatus.clone()
		st.withLC(func(p *lcStatus) { p.Drawn = append(slices.Clone(p.Drawn), w.Name) })
		return []Event{{Kind: EventActed, Action: CommandReady, Figure: f.ID, APLeft: f.AP,
			Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}},
			Text: fmt.Sprintf("%s draws the %s: one Action (Lead and Chrome: The Quick-Draw: \"Normally it takes one Action to draw, unsheathe or unsling and ready a weapon\").",
				name, w.Name)}}, nil
	}
	if len(holstered) == 0 {
		return nil, refuse("%s has no weapon holstered to draw", name)
	}
	return nil, refuse("%s has no %q holstered: it may draw the %s", name, c.Weapon, joinOr(holstered))
}

// lcDrawnBy is figure f's status st with the weapon of Quick-Draw kind
// drawn: a Quick-Draw draws as it attacks.
func lcDrawnBy(s *State, f *Figure, st *FigureStatus, kind string) {
	if !lcHolstering(s) {
		return
	}
	for _, w := range lcCarried(s, f) {
		if w.Kind == kind && !slices.Contains(st.lc().Drawn, w.Name) {
			st.withLC(func(p *lcStatus) { p.Drawn = append(slices.Clone(p.Drawn), w.Name) })
			return
		}
	}
}

// lcUse is the attack a weapon of the Lead and Chrome sheet's kind serves:
// a blade's is a blow, a gun's a shot.
func lcUse(kind string) string {
	if kind == leadchrome.OneHandedMelee {
		return CommandStrike
	}
	return CommandShoot
}

// lcKindOf is the Quick-Draw kind of the weapon figure f carries by name.
func lcKindOf(s *State, f *Figure, name string) string {
	for _, w := range lcCarried(s, f) {
		if w.Name == name {
			return w.Kind
		}
	}
	return ""
}
