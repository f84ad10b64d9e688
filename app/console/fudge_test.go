package console

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"hexslinger/app/session"
)

// TestTheComposerOffersTheJudgesFudgeWord: the composer offers what the
// Fudge system's actions carry (session.Action.Shield, Ladder, Rulings):
// the Judge's word on a shield check with a strike, a treatment with the
// healer's skill, a ruling on a critical damage check.
func TestTheComposerOffersTheJudgesFudgeWord(t *testing.T) {
	c, _ := bundledConsole(t, "fudge")
	p := c.composer
	p.actor.SetSelected("Sheriff Bart")
	p.action.SetSelected(session.ActStrike)
	p.target.SetSelected("Big Ned")
	p.shieldLost.SetChecked(true)
	cmd, err := p.command()
	if err != nil || cmd.Fudge == nil || !cmd.Fudge.ShieldLost {
		t.Fatalf("a strike with the shield check lost: %+v %v", cmd.Fudge, err)
	}
	if !strings.Contains(p.preview.Text, "loses his shield check") {
		t.Errorf("preview: %q", p.preview.Text)
	}
	p.actor.SetSelected("Big Ned")
	p.action.SetSelected(session.ActBash)
	p.target.SetSelected("Sheriff Bart")
	p.shieldLost.SetChecked(false)
	if cmd, err := p.command(); err != nil || cmd.Kind != session.CommandStrike || cmd.Weapon != session.ShieldBash || cmd.Fudge != nil {
		t.Fatalf("a bash: %+v %v", cmd, err)
	}
	if !strings.Contains(p.preview.Text, "a shield bash, opposed") {
		t.Errorf("bash preview: %q", p.preview.Text)
	}
	// The Sheriff wins by 3: Ned takes 5 (his damage check 0000 passes).
	if _, err := c.run(session.Command{Kind: session.CommandStrike, Figure: "sheriff", Target: "bruiser",
		Dice: []int{5, 5, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}, Fudge: &session.FudgeOrder{ShieldLost: true}}); err != nil {
		t.Fatal(err)
	}
	p.actor.SetSelected("Big Ned")
	p.action.SetSelected(session.ActTreat)
	p.healer.SetSelected("Superb")
	p.worsen.SetChecked(true)
	cmd, err = p.command()
	if err != nil || cmd.Kind != session.CommandTreat || cmd.Fudge.Healer.String() != "Superb" || !cmd.Fudge.Worsen {
		t.Fatalf("treat: %+v %v", cmd, err)
	}
	test.Tap(p.confirm)
	if logs := c.LogTexts(); !strings.Contains(logs[len(logs)-1], "Big Ned's wounds are treated: the healer's Superb") {
		t.Errorf("log: %q (%q)", logs[len(logs)-1], c.status.Text)
	}
	p.action.SetSelected(session.ActGrant)
	if len(p.ruling.Options) != len(session.FudgeRulings) {
		t.Fatalf("rulings offered: %q", p.ruling.Options)
	}
	p.ruling.SetSelected(session.RulingLighter)
	p.boxes.SetText("2")
	cmd, err = p.command()
	if err != nil || cmd.Kind != session.CommandGrant || cmd.Fudge.Ruling != session.RulingLighter || cmd.Fudge.Boxes != 2 {
		t.Fatalf("grant: %+v %v", cmd, err)
	}
}
