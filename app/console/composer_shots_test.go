package console

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"

	"hexslinger/app/session"
)

// TestComposerAsksTheSessionWhatAShotMayBe: the composer's shot fields
// are the session's answer (State.Attacks): the shot kinds, the aims only
// for a kind that takes them and up to its most, and the choice of
// drawing on another trait only for a kind that offers it, in the
// session's words, once the fight plays that option; the shot composed is
// the one the session builds (State.AttackCommand).
func TestComposerAsksTheSessionWhatAShotMayBe(t *testing.T) {
	c, _, _ := newConsole(t)
	p := c.composer
	pickActor(p, "Cyril Wellington")
	p.action.SetSelected(session.ActShoot)
	shown := func(o fyne.CanvasObject) bool { return slices.Contains(p.params.Objects, o) && o.Visible() }
	shoot := func() session.Attack {
		t.Helper()
		for _, a := range c.State().Attacks("cyril") {
			if !a.Melee {
				return a
			}
		}
		t.Fatal("the session offers Cyril no missile attack")
		return session.Attack{}
	}
	a := shoot()
	kinds := slices.Concat(a.Kinds, a.Series)
	var names []string
	for _, k := range kinds {
		names = append(names, k.Name)
	}
	if !slices.Equal(p.kind.Options, names) || p.kind.Selected != a.Kinds[a.First].Name {
		t.Errorf("the shot kinds offered: %v, %q picked; the session's: %v, %q first", p.kind.Options, p.kind.Selected, names, a.Kinds[a.First].Name)
	}
	for i, k := range kinds {
		p.kind.SetSelectedIndex(i)
		var want []string
		for n := 1; n <= k.Most; n++ {
			want = append(want, string(rune('0'+n)))
		}
		if k.Most == 0 {
			if !p.aims.Disabled() {
				t.Errorf("the %s shot: the aims may be picked (%v)", k.Name, p.aims.Options)
			}
		} else if p.aims.Disabled() || !slices.Equal(p.aims.Options, want) {
			t.Errorf("the %s shot: aims %v (disabled %v), want %v", k.Name, p.aims.Options, p.aims.Disabled(), want)
		}
		if shown(p.acuity) {
			t.Errorf("the %s shot offers %q in a fight that does not play it", k.Name, p.acuity.Text)
		}
	}

	// The Judge turns the optional rule on: the aimed shot offers it.
	o := c.State().Options.WithTWTW(session.TWTWOptions{Acuity: true})
	if err := c.doErr(session.Command{Kind: session.CommandSetOptions, Options: &o}); err != nil {
		t.Fatal(err)
	}
	a = shoot()
	for i, k := range slices.Concat(a.Kinds, a.Series) {
		p.kind.SetSelectedIndex(i)
		if got := shown(p.acuity); got != (k.Trait != "") || (got && p.acuity.Text != k.Trait) {
			t.Errorf("the %s shot: the choice shown %v (%q), the session's %q", k.Name, got, p.acuity.Text, k.Trait)
		}
		if k.Trait == "" {
			continue
		}
		p.acuity.SetChecked(true)
		p.aims.SetSelected(p.aims.Options[0]) // one aim: two cost more AP than Cyril has
		cmd, err := p.command()
		if err != nil {
			t.Fatal(err)
		}
		want, _ := c.State().AttackCommand("cyril", p.targetID(), session.AttackChoice{Key: a.Key, Weapon: cmd.Weapon, Kind: i, Times: 1, OnTrait: true})
		if len(cmd.Shots) != 1 || len(want.Shots) != 1 || cmd.Shots[0] != want.Shots[0] || !cmd.Shots[0].Acuity {
			t.Errorf("the %s shot on %q composes %+v, the session builds %+v", k.Name, k.Trait, cmd.Shots, want.Shots)
		}
		if p.confirm.Disabled() {
			t.Errorf("the %s shot on %q may not be confirmed: %s", k.Name, k.Trait, p.preview.Text)
		}
	}
	// A kind without the choice draws on no other trait, checked or not.
	p.kind.SetSelectedIndex(a.First)
	if cmd, err := p.command(); err != nil || len(cmd.Shots) != 1 || cmd.Shots[0].Acuity || cmd.Shots[0].Aims != 0 {
		t.Errorf("the %s shot with the choice checked: %+v, %v", p.kind.Selected, cmd.Shots, err)
	}
}
