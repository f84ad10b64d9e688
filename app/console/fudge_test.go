package console

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"hexslinger/app/session"
	"hexslinger/rules/fudge"
)

// TestTheComposerOffersTheJudgesFudgeWord: the composer offers what the
// Fudge system's actions carry (session.Action.Shield, Ladder, Rulings):
// the Judge's word on a shield check with a strike, a treatment with the
// healer's skill, a ruling on a critical damage check.
func TestTheComposerOffersTheJudgesFudgeWord(t *testing.T) {
	c, _ := bundledConsole(t, "fudge")
	p := c.composer
	pickActor(p, "Sheriff Bart")
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
	pickActor(p, "Big Ned")
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
	pickActor(p, "Big Ned")
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

// TestTheSheetOffersTheArmorExamples: the text's example armor values
// (Combat Options 1.4) are choices of a Fudge sheet: steel plate with
// under mail coat is AV 3, a hauberk CV 3; and the wound track's boxes
// at each level are the Judge's (3.1).
func TestTheSheetOffersTheArmorExamples(t *testing.T) {
	c, _ := bundledConsole(t, "fudge")
	sp := c.sheets
	sp.newSheet()
	sp.name.SetText("Deputy Jo")
	setSheet(t, sp, "Fudge", "Armor material, the text's examples (sets the AV)", "steel plate with under mail coat")
	setSheet(t, sp, "Fudge", "Armor type, the text's examples (sets the CV)", "hauberk")
	setSheet(t, sp, "Fudge", "Wound boxes at Terrible", "3")
	sp.save()
	ch, ok := c.State().Characters["deputy-jo"]
	if !ok || ch.Fudge == nil || ch.Fudge.Armor == nil || *ch.Fudge.Armor != (fudge.Armor{Name: "steel plate with under mail coat", AV: 3, CV: 3}) {
		t.Fatalf("saved: %+v (%q)", ch.Fudge, sp.msg.Text)
	}
	if ch.Fudge.WoundBoxes != [8]int{3, 2, 2, 2, 2, 2, 2, 2} {
		t.Errorf("the wound track's boxes: %v", ch.Fudge.WoundBoxes)
	}
}
