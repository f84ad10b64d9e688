package console

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

// TestSheetsCreateCharacter types a new sheet, checks the derived values
// follow the typing, saves it to the fight and places two of it.
func TestSheetsCreateCharacter(t *testing.T) {
	c, _, _ := newConsole(t)
	p := c.sheets
	p.newSheet()
	test.Type(p.name, "Ike Clanton")
	if p.id.Text != "ike-clanton" {
		t.Errorf("id from the name: %q", p.id.Text)
	}
	setSheet(t, p, "Traits (TWTW)", "Quickness", "4")
	setSheet(t, p, "Skills", "firearms: pistol", "3")
	setSheet(t, p, "Weapons", "Colt Peacemaker", "true")
	if got := p.derived.Text; !strings.Contains(got, "AP 9 (5 + Quickness)") || !strings.Contains(got, "Conc capacity 14") || !strings.Contains(got, "firearms: pistol 3d") {
		t.Errorf("derived values: %q", got)
	}
	p.size.SetText("x")
	if got := p.derived.Text; !strings.Contains(got, `size: "x" is not a whole number`) {
		t.Errorf("a bad number: %q", got)
	}
	p.size.SetText("7")
	if got := p.derived.Text; !strings.Contains(got, "Conc capacity 16") {
		t.Errorf("derived after the size: %q", got)
	}
	p.save()
	ch, ok := c.State().Characters["ike-clanton"]
	if !ok || ch.Traits.Quickness != 4 || ch.Skills["firearms: pistol"] != 3 || len(ch.Gear) != 1 || ch.Size != 7 {
		t.Fatalf("the saved sheet: %+v (message %q)", ch, p.msg.Text)
	}
	if ch.Gear[0].Loaded != 6 {
		t.Errorf("a new gun comes loaded: %+v", ch.Gear[0])
	}
	if len(p.ids) != 5 {
		t.Errorf("the list shows %d characters, want 5", len(p.ids))
	}
	// The NPC template: two Ikes around C3.
	specs, err := c.placeAround("ike-clanton", "C3", "E", "outlaws", false, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.doErr(session.Command{Kind: session.CommandPlace, Place: specs}); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.State().Figures["ike-clanton-2"]; !ok || len(c.State().Order) != 6 {
		t.Errorf("placed: %v", c.State().Order)
	}
	if got := c.figures.cell(5, 0); got != "Ike Clanton 2" { // the second copy, numbered
		t.Errorf("the figures table's last row: %q", got)
	}
	// A duplicate is a new sheet with its own id.
	p.load(c.State().Characters["ike-clanton"], false)
	p.duplicate()
	p.save()
	if _, ok := c.State().Characters["ike-clanton-copy"]; !ok {
		t.Errorf("the duplicate was not saved: %q", p.msg.Text)
	}
}

// TestComposeShotThenUndo composes a shot in the composer, checks the
// preview, confirms it and undoes it.
func TestComposeShotThenUndo(t *testing.T) {
	c, _, _ := newConsole(t)
	p := c.composer
	pickActor(p, "Cyril Wellington")
	p.action.SetSelected(session.ActReady)
	p.weapon.SetSelectedIndex(0)
	if !strings.Contains(p.preview.Text, "readies the S&W Schofield for 2 AP") {
		t.Errorf("ready preview: %q", p.preview.Text)
	}
	test.Tap(p.confirm)
	p.action.SetSelected(session.ActCock)
	test.Tap(p.confirm)
	if g := c.State().Figures["cyril"].Gear[0]; !g.Readied || !g.Cocked {
		t.Fatalf("Cyril's Schofield after ready and cock: %+v (%q)", g, c.status.Text)
	}
	p.action.SetSelected(session.ActShoot)
	p.target.SetSelected("Zeke Perkins")
	p.kind.SetSelected("normal")
	pre := p.preview.Text
	for _, want := range []string{"S&W Schofield: 3 AP for the series", "Shot 1, normal at Zeke Perkins: TN 6", "hit chance", "Clear line, no cover"} {
		if !strings.Contains(pre, want) {
			t.Errorf("shot preview lacks %q:\n%s", want, pre)
		}
	}
	if p.confirm.Disabled() {
		t.Fatal("Confirm is disabled for a legal shot")
	}
	apBefore := c.State().Figures["cyril"].AP
	test.Tap(p.confirm)
	if got := c.State().Figures["cyril"].AP; got != apBefore-3 {
		t.Errorf("Cyril's AP after the shot: %d, want %d", got, apBefore-3)
	}
	if len(p.cards.Objects) != 1 {
		t.Errorf("the card drawn is not shown: %d cards", len(p.cards.Objects))
	}
	if !strings.Contains(p.result.Text, "Cyril Wellington fires the S&W Schofield") {
		t.Errorf("result: %q", p.result.Text)
	}
	logs := c.LogTexts()
	if last := logs[len(logs)-1]; !strings.Contains(last, "fires the S&W Schofield") {
		t.Errorf("the log's last entry: %q", last)
	}
	// Another shot needs more AP than Cyril has left: no confirming it.
	if !p.confirm.Disabled() || !strings.Contains(p.preview.Text, "needs 4 AP for this but has 2") {
		t.Errorf("a shot without the AP: confirm disabled %v, preview %q", p.confirm.Disabled(), p.preview.Text)
	}
	// Ctrl+Z takes the shot back.
	c.undo()
	if got := c.State().Figures["cyril"].AP; got != apBefore {
		t.Errorf("Cyril's AP after undo: %d, want %d", got, apBefore)
	}
	if z := c.State().Figures["zeke"]; len(z.Wounds) != 0 || z.Conc != 0 {
		t.Errorf("Zeke after undo: %+v", z.FigureStatus)
	}
}

// TestComposerRefusesBeforeConfirming: an illegal action shows why and
// cannot be confirmed.
func TestComposerRefusesBeforeConfirming(t *testing.T) {
	c, _, _ := newConsole(t)
	p := c.composer
	pickActor(p, "Cyril Wellington")
	p.action.SetSelected(session.ActMove)
	test.Type(p.hex, "Z99")
	if !p.confirm.Disabled() || !strings.Contains(p.preview.Text, "Not allowed") {
		t.Errorf("a move off the map: %q, confirm disabled %v", p.preview.Text, p.confirm.Disabled())
	}
	p.hex.SetText("J8")
	if p.confirm.Disabled() || !strings.Contains(p.preview.Text, "moves 7 paces C8 → J8 for 2 AP") {
		t.Errorf("a legal move: %q", p.preview.Text)
	}
	test.Tap(p.confirm)
	if got := c.State().Map.Label(c.State().Figures["cyril"].At); got != "J8" {
		t.Errorf("Cyril is at %s", got)
	}
}

// TestLogFilterAndSearch filters the log by figure and searches it, and
// exports what is shown.
func TestLogFilterAndSearch(t *testing.T) {
	c, s, _ := newConsole(t)
	j8 := hexmap.Hex{Q: 6, R: 7}
	mustDo(t, s, session.Command{Kind: session.CommandMove, Figure: "cyril", To: &j8})
	mustDo(t, s, session.Command{Kind: session.CommandTurn, Figure: "miranda", Turn: 1})
	mustDo(t, s, session.Command{Kind: session.CommandSegment})
	mustDo(t, s, session.Command{Kind: session.CommandTurn, Figure: "cyril", Turn: -1})
	c.Drain()
	if n := len(c.LogTexts()); n != 4 {
		t.Fatalf("log: %q", c.LogTexts())
	}
	c.log.filter.SetSelected("Miranda Valentine")
	if got := c.LogTexts(); len(got) != 1 || !strings.Contains(got[0], "Miranda Valentine turns") {
		t.Errorf("filtered to Miranda: %q", got)
	}
	if c.log.count.Text != "1 of 4 entries shown" {
		t.Errorf("count: %q", c.log.count.Text)
	}
	c.log.filter.SetSelected(allFigures)
	test.Type(c.log.search, "j8")
	if got := c.LogTexts(); len(got) != 1 || !strings.Contains(got[0], "C8 → J8") {
		t.Errorf("search j8: %q", got)
	}
	c.log.search.SetText("")
	// Headings: round 1 at segment 20, and at 19, the next (every segment is counted).
	var heads []string
	for _, r := range c.log.rows {
		if r.heading != "" {
			heads = append(heads, r.heading)
		}
	}
	if strings.Join(heads, "|") != "Round 1 · segment 20|Round 1 · segment 19" {
		t.Errorf("headings: %q", heads)
	}
	md := c.log.markdown("Showdown")
	for _, want := range []string{"# Showdown — action log", "## Round 1", "### Segment 20", "### Segment 19", "- Cyril Wellington moves 7 paces"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
	html := c.log.html("Showdown & Co")
	if !strings.Contains(html, "<h1>Showdown &amp; Co — action log</h1>") || !strings.Contains(html, "<h3>Segment 19</h3>") || strings.Count(html, "<li>") != 4 {
		t.Errorf("html:\n%s", html)
	}
	// Picking an entry picks its figure in the figures panel.
	for i, r := range c.log.rows {
		if r.heading == "" && c.log.entries[r.entry].event.Figure == "miranda" {
			c.log.list.Select(i)
		}
	}
	if c.figures.picked != "miranda" {
		t.Errorf("picked %q after selecting Miranda's entry", c.figures.picked)
	}
}

// TestThePlayersDiceSwitch: the Fight tab's switch for players rolling
// their own dice sets the fight's option (journaled with set_options),
// and follows the fight when it changes elsewhere.
func TestThePlayersDiceSwitch(t *testing.T) {
	c, s, _ := newConsole(t)
	c.library.playerDice.SetChecked(true)
	if !c.State().Options.PlayerDice || !s.State().Options.PlayerDice {
		t.Fatal("the players' dice switch did not reach the fight")
	}
	o := s.State().Options
	o.PlayerDice = false
	if _, err := s.Do(session.Command{Kind: session.CommandSetOptions, Options: &o}); err != nil {
		t.Fatal(err)
	}
	c.Drain()
	c.library.refresh()
	if c.State().Options.PlayerDice || c.library.playerDice.Checked {
		t.Error("the switch did not follow the fight's option turned off")
	}
}

// TestTableDiceDialog turns table dice on, asks for the next round and
// types the dice the dialog asks for.
func TestTableDiceDialog(t *testing.T) {
	c, _, w := newConsole(t)
	c.library.tableDice.SetChecked(true)
	if !c.State().Options.TableDice {
		t.Fatal("the table dice option did not reach the fight")
	}
	c.nextRound()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no table dice dialog")
	}
	var entries []*widget.Entry
	var needs string
	var use *widget.Button
	for _, o := range test.LaidOutObjects(top) {
		switch v := o.(type) {
		case *widget.Entry:
			entries = append(entries, v)
		case *widget.Label:
			if strings.HasPrefix(v.Text, "Roll at the table") {
				needs = v.Text
			}
		case *widget.Button:
			if v.Text == "Use these" {
				use = v
			}
		}
	}
	if len(entries) != 2 || use == nil || !strings.Contains(needs, "Cyril Wellington's initiative") {
		t.Fatalf("the dialog: %d entries, needs %q", len(entries), needs)
	}
	// Every figure's Quickness dice, all 2s: no successes, no reroll.
	n := 0
	for _, id := range c.State().Order {
		n += c.State().Characters[c.State().Figures[id].Character].Traits.Quickness
	}
	entries[0].SetText(strings.TrimSpace(strings.Repeat("2 ", n)))
	test.Tap(use)
	if c.State().Round != 1 || !c.State().Begun {
		t.Fatalf("round %d after typing the dice", c.State().Round)
	}
	if got := c.State().Figures["cyril"].AP; got != 8 {
		t.Errorf("Cyril's AP with no successes: %d, want 8", got)
	}
}

func mustDo(t *testing.T, s *session.Session, cmd session.Command) {
	t.Helper()
	if _, err := s.Do(cmd); err != nil {
		t.Fatalf("%+v: %v", cmd, err)
	}
}

// TestDragonWarriorsConsole runs the bundled Dragon Warriors II fight: the
// composer offers that system's actions and previews a strike; the sheets
// edit its numbers.
func TestDragonWarriorsConsole(t *testing.T) {
	c, _ := bundledConsole(t, "dragonwarriors")
	if !strings.Contains(c.track.who.Text, "no initiative yet") || len(c.track.slots[0].Objects) != 2 {
		t.Errorf("the track before initiative: %q, %d in done", c.track.who.Text, len(c.track.slots[0].Objects))
	}
	p := c.composer
	if strings.Join(p.action.Options, ",") != strings.Join(actionNames(c.State(), ""), ",") || p.action.Options[0] != "Strike in melee" {
		t.Fatalf("actions %v", p.action.Options)
	}
	pickActor(p, "Squire Lennox")
	p.action.SetSelected(session.ActStrike)
	if p.target.Selected != "Sir Rolf" {
		t.Fatalf("target %q", p.target.Selected)
	}
	if !strings.Contains(p.preview.Text, "Squire Lennox strikes at Sir Rolf: 11 (Attack)") || !strings.Contains(p.preview.Text, "defence 14") || !strings.Contains(p.preview.Text, "Chance to hit") {
		t.Errorf("preview: %q", p.preview.Text)
	}
	test.Tap(p.confirm)
	logs := c.LogTexts()
	if len(logs) == 0 || !strings.Contains(logs[len(logs)-1], "Dragon Warriors II: Roll to Hit") {
		t.Errorf("log after the strike: %q (status %q)", logs, c.status.Text)
	}
	// A new sheet needs its Dragon Warriors II numbers.
	sp := c.sheets
	if sp.input("Dragon Warriors II", "Attack") == nil || sp.input("Traits (TWTW)", "Quickness") != nil {
		t.Fatalf("a DW II fight's sheet shows %q", sp.partsKey)
	}
	sp.newSheet()
	sp.name.SetText("Brother Aldo")
	for n, v := range map[string]string{"Attack": "12", "Defence": "11", "Toughness": "9", "Reflexes": "8"} {
		setSheet(t, sp, "Dragon Warriors II", n, v)
	}
	setSheet(t, sp, "Dragon Warriors II", "Armour", "chain")
	if !strings.Contains(sp.derived.Text, "initiative Reflexes 8 − 3 for armour") {
		t.Errorf("derived: %q", sp.derived.Text)
	}
	sp.save()
	ch, ok := c.State().Characters["brother-aldo"]
	if !ok || ch.DragonWarriors == nil || ch.DragonWarriors.Attack != 12 || ch.DragonWarriors.Armour != "chain" {
		t.Errorf("saved: %+v (%q)", ch, sp.msg.Text)
	}
}

// TestDragonWarriorsJudgesDifficultyModifier: the composer offers the
// Judge's own modifier on a Dragon Warriors II missile as points added to
// the difficulty ("based on range plus other modifiers", DW II: Missile
// Combat), and the log shows it.
func TestDragonWarriorsJudgesDifficultyModifier(t *testing.T) {
	c, _ := bundledConsole(t, "dragonwarriors")
	s := c.s
	ch := c.State().Characters["lennox"]
	dw := *ch.DragonWarriors
	dw.Weapon = "bow"
	ch.DragonWarriors = &dw
	mustDo(t, s, session.Command{Kind: session.CommandSetCharacter, Sheet: &ch})
	c.Drain()
	p := c.composer
	pickActor(p, "Squire Lennox")
	p.action.SetSelected(session.ActFire)
	if p.judgeSteps.Options[0] != "−3" {
		t.Fatalf("the modifier's choices: %v, want points", p.judgeSteps.Options)
	}
	p.judgeSteps.SetSelected("+2")
	test.Type(p.judgeWhy, "fog")
	test.Tap(p.confirm)
	if logs := c.LogTexts(); len(logs) == 0 || !strings.Contains(logs[len(logs)-1], "+ 2 (the Judge: fog) = 2.") {
		t.Errorf("log after the shot: %q (status %q)", logs, c.status.Text)
	}
	p.action.SetSelected(session.ActStrike)
	p.action.SetSelected(session.ActFire)
	if p.judgeSteps.Options[0] != "−3" {
		t.Errorf("the modifier's choices: %v", p.judgeSteps.Options)
	}
}

// TestSavageWorldsConsole: the composer previews a Savage Worlds blow and
// shot with the exact chance to hit, and confirms them.
func TestSavageWorldsConsole(t *testing.T) {
	c, _ := bundledConsole(t, "savage")
	p := c.composer
	pickActor(p, "Marshal Dane")
	p.action.SetSelected(session.ActStrike)
	if p.target.Selected != "Bandit" || !strings.Contains(p.preview.Text, "Fighting d8 against TN 5 (against Bandit's Parry 5)") || !strings.Contains(p.preview.Text, "Chance to hit with the Wild Die: 67%") {
		t.Errorf("strike preview: target %q, %q", p.target.Selected, p.preview.Text)
	}
	test.Tap(p.confirm)
	if logs := c.LogTexts(); len(logs) == 0 || !strings.Contains(logs[len(logs)-1], "(Savage Worlds: Attacks)") {
		t.Errorf("log: %q (status %q)", logs, c.status.Text)
	}
	pickActor(p, "Doc Harlan")
	p.action.SetSelected(session.ActFire)
	if !strings.Contains(p.preview.Text, "Shooting d10 against TN 4 (Colt Peacemaker at 9\" (Short +0))") {
		t.Errorf("fire preview: %q", p.preview.Text)
	}
	test.Tap(p.confirm)
	if logs := c.LogTexts(); !strings.Contains(logs[len(logs)-1], "Doc Harlan fires at") {
		t.Errorf("log after the shot: %q (status %q)", logs[len(logs)-1], c.status.Text)
	}
	// A Savage Worlds sheet: its traits as die types, Parry and Toughness
	// derived as typed.
	sp := c.sheets
	if sp.partsKey != "Savage Worlds|" {
		t.Fatalf("a Savage Worlds fight's sheet shows %q", sp.partsKey)
	}
	sp.newSheet()
	sp.name.SetText("Kid Colt")
	setSheet(t, sp, "Savage Worlds", "Fighting", "d6")
	setSheet(t, sp, "Savage Worlds", "Vigor", "d8")
	setSheet(t, sp, "Savage Worlds", "Wild Card (rolls the Wild Die, takes three Wounds)", "true")
	setSheet(t, sp, "Savage Worlds", "Gun", "Colt Peacemaker")
	if !strings.Contains(sp.derived.Text, "Parry 5") || !strings.Contains(sp.derived.Text, "Toughness 6") {
		t.Errorf("derived: %q", sp.derived.Text)
	}
	sp.save()
	ch, ok := c.State().Characters["kid-colt"]
	if !ok || ch.Savage == nil || !ch.Savage.WildCard || ch.Savage.Fighting != 6 || ch.Savage.Gun == nil {
		t.Errorf("saved: %+v (%q)", ch.Savage, sp.msg.Text)
	}
}

// TestFudgeConsole: the composer previews a Fudge blow's exact chance and
// the modules in play; the fight tab switches a module; sheets edit levels.
func TestFudgeConsole(t *testing.T) {
	c, _ := bundledConsole(t, "fudge")
	p := c.composer
	pickActor(p, "Sheriff Bart")
	p.action.SetSelected(session.ActStrike)
	if !strings.Contains(p.preview.Text, "Great (melee, opposed) against Good (Big Ned): chance to hit") || !strings.Contains(p.preview.Text, "damage checks") {
		t.Errorf("preview: %q", p.preview.Text)
	}
	test.Tap(p.confirm)
	if logs := c.LogTexts(); len(logs) == 0 || !strings.Contains(logs[len(logs)-1], "(Fudge Combat Options)") {
		t.Errorf("log: %q (%q)", logs, c.status.Text)
	}
	// Switch the damage checks off in the fight tab.
	var chk *widget.Check
	for _, o := range c.library.switches.Objects {
		if k, ok := o.(*widget.Check); ok && strings.Contains(k.Text, "Damage checks") {
			chk = k
		}
	}
	if chk == nil || !chk.Checked {
		t.Fatal("no Damage checks switch, or it is off")
	}
	chk.SetChecked(false)
	for _, sw := range c.State().Switches() {
		if strings.Contains(sw.Label, "Damage checks") && sw.On {
			t.Error("the damage checks are still on")
		}
	}
	// A Fudge sheet.
	sp := c.sheets
	if sp.partsKey != "Fudge|" {
		t.Fatalf("a Fudge fight's sheet shows %q", sp.partsKey)
	}
	sp.newSheet()
	sp.name.SetText("Deputy Jo")
	for n, v := range map[string]string{"Melee": "Good", "Damage capacity": "Fair", "Armor AV": "2", "Armor CV": "3"} {
		setSheet(t, sp, "Fudge", n, v)
	}
	sp.save()
	ch, ok := c.State().Characters["deputy-jo"]
	if !ok || ch.Fudge == nil || ch.Fudge.Melee != 1 || ch.Fudge.Armor == nil || ch.Fudge.Armor.CV != 3 {
		t.Errorf("saved: %+v (%q)", ch.Fudge, sp.msg.Text)
	}
}

// TestLeadChromeConsole: switching on Lead and Chrome's initiative in a
// Dragon Warriors II fight, then rolling a round through the declarations
// dialog.
func TestLeadChromeConsole(t *testing.T) {
	c, w := bundledConsole(t, "dragonwarriors")
	c.library.lcInit.SetChecked(true)
	if c.State().Options.LeadChrome().Initiative != session.InitiativeLeadChrome {
		t.Fatalf("the option did not reach the fight: %q", c.status.Text)
	}
	c.nextRound()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no declarations dialog")
	}
	var roll *widget.Button
	var unaimed *widget.Check
	for _, o := range test.LaidOutObjects(top) {
		switch v := o.(type) {
		case *widget.Button:
			if v.Text == "Roll initiative" {
				roll = v
			}
		case *widget.Check:
			if unaimed == nil && strings.HasPrefix(v.Text, "Unaimed shot") {
				unaimed = v
			}
		}
	}
	if roll == nil || unaimed == nil {
		t.Fatal("the dialog lacks its Roll button or the unaimed-shot box")
	}
	unaimed.SetChecked(true)
	test.Tap(roll)
	logs := c.LogTexts()
	if last := logs[len(logs)-1]; !strings.Contains(last, "Lead and Chrome: Initiative") || !strings.Contains(last, "unaimed shot +3") {
		t.Errorf("the round: %q", last)
	}
}

// bundledConsole is a console at 1280×800 over a fresh session of a
// bundled fight.
func bundledConsole(t *testing.T, name string) (*Console, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	f, err := session.DecodeFight(bytes.NewReader(assets.Fights()[name]))
	if err != nil {
		t.Fatal(err)
	}
	fixSeed(f)
	s, err := session.Open(f, filepath.Join(t.TempDir(), name+".journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1280, 800))
	c, err := New(w, s, Options{Address: "ws://test", Manual: true})
	if err != nil {
		t.Fatal(err)
	}
	return c, w
}

// A new fight from a map file, under a chosen rule system, starts with
// the bundled sheets of that system (none if it has none), never the open
// fight's: a TWTW fight copied the open fight's sheets, a sheet the Judge
// had added with them.
func TestNewFightFromMap(t *testing.T) {
	c, _, _ := newConsole(t)
	tess := c.State().Characters["jeb"].Clone()
	tess.ID, tess.Name = "tess", "Tess Harlan"
	c.do(session.Command{Kind: session.CommandSetCharacter, Sheet: &tess})
	c.Drain()
	if _, ok := c.State().Characters["tess"]; !ok {
		t.Fatalf("the open fight has no added sheet: %q", c.status.Text)
	}
	dir := t.TempDir()
	mp := filepath.Join(dir, "street.hexmap.json")
	if err := hexmap.Save(mp, c.State().Map); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		rules      string
		characters []string
	}{
		{"twtw", []string{"cyril", "jeb", "miranda", "zeke"}},
		{"savage", []string{"bandit", "doc", "marshal"}},
		{"dragonwarriors", []string{"lennox", "rolf"}},
		{"fudge", []string{"bruiser", "sheriff"}},
	} {
		t.Run(tc.rules, func(t *testing.T) {
			f, err := fightFromFile(mp, tc.rules)
			if err != nil {
				t.Fatalf("%s: %v", tc.rules, err)
			}
			var ids []string
			for _, ch := range f.Characters {
				ids = append(ids, ch.ID)
			}
			if f.Rules != tc.rules || !slices.Equal(ids, tc.characters) || len(f.Figures) != 0 || f.Name != "street" {
				t.Errorf("a new %s fight: rules %s, characters %q, %d figures, name %q; want characters %q, no figures, name street",
					tc.rules, f.Rules, ids, len(f.Figures), f.Name, tc.characters)
			}
		})
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("making the fight wrote beside the map: %v", entries)
	}
	if _, err := fightFromFile(mp, "chess"); err == nil {
		t.Error("an unknown rule system made a fight")
	}
	// A UVTT file and a plain picture make fights over their pictures.
	for _, p := range []string{filepath.Join("..", "..", "hexmap", "testdata", "uvtt", "several-doors.df2vtt"), filepath.Join("..", "..", "assets", "icon.png")} {
		f, err := fightFromFile(p, "twtw")
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if f.Map.Background == nil {
			t.Errorf("%s: the fight's map has no picture", p)
		}
	}
}

// TestANewFightIsSavedWhereTheJudgeSays: a new fight is saved under the
// name and in the file the Judge chose, opened in this console, and the
// status says where.
func TestANewFightIsSavedWhereTheJudgeSays(t *testing.T) {
	c, _, w := newConsole(t)
	dir := t.TempDir()
	mp := filepath.Join(dir, "street.hexmap.json")
	if err := hexmap.Save(mp, c.State().Map); err != nil {
		t.Fatal(err)
	}
	f, err := fightFromFile(mp, "twtw")
	if err != nil {
		t.Fatal(err)
	}
	f.Name = "Ambush at the corral"
	out := filepath.Join(t.TempDir(), "ambush.fight.json")
	c.library.saveNewFight(f, out)
	if got := c.State().Name; got != "Ambush at the corral" {
		t.Errorf("the console shows %q", got)
	}
	if got := w.Title(); got != "hexslinger — Ambush at the corral" {
		t.Errorf("title %q", got)
	}
	if want := "New fight \"Ambush at the corral\" saved to " + out + "."; c.status.Text != want {
		t.Errorf("status %q, want %q", c.status.Text, want)
	}
	if c.library.path != out {
		t.Errorf("Save writes %q, want %q", c.library.path, out)
	}
}

// TestFileDialogsListOnlyTheirFiles: the map chooser lists maps and UVTT
// files, the fight chooser fights; neither lists the other's, nor
// autosaves.
func TestFileDialogsListOnlyTheirFiles(t *testing.T) {
	tests := []struct {
		name        string
		maps, fight bool
	}{
		{"street.hexmap.json", true, false},
		{"Cave.DD2VTT", true, false},
		{"cave.uvtt", true, false},
		{"cave.df2vtt", true, false},
		{"showdown.fight.json", false, true},
		{"showdown-20261125.autosave.fight.json", false, true},
		{"showdown.journal.jsonl", false, false},
		{"weapons.json", false, false},
		{"fvtt-Scene-the-tavern-Xy12AbCd.json", true, false},
		{"FVTT-scene-cellar.JSON", true, false},
		{"fvtt-Actor-bandit.json", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := storage.NewFileURI("/tmp/" + tc.name)
			if got := suffixFilter(mapSuffixes).Matches(u); got != tc.maps {
				t.Errorf("the map chooser lists it: %v, want %v", got, tc.maps)
			}
			if got := (suffixFilter{".fight.json"}).Matches(u); got != tc.fight {
				t.Errorf("the fight chooser lists it: %v, want %v", got, tc.fight)
			}
		})
	}
}

// TestEachSystemsTrackShowsItsTurnModel: the track is the system's own
// round: TWTW's 20 segments and "done"; Savage Worlds' dealt cards, one
// step a card in countdown order; Dragon Warriors II's initiative order;
// Fudge's one simultaneous round. Before the first roll the ordered
// systems have every figure "to roll".
func TestEachSystemsTrackShowsItsTurnModel(t *testing.T) {
	labels := func(c *Console) []string {
		var out []string
		for _, st := range c.track.turn.Steps {
			out = append(out, st.Label)
		}
		return out
	}
	tests := []struct {
		fight  string
		before string // the first step's label before the first roll
		after  func(c *Console, got []string) bool
		line   string
		dice   []int // the first roll's, where a tie would merge steps
	}{
		{"demo", "20", func(c *Console, got []string) bool { return len(got) == 21 && got[20] == "done" }, "Round 1, segment 20. No one may act at this segment", nil},
		{"savage", "to roll", func(c *Console, got []string) bool {
			st := c.State()
			dealt := st.Log[len(st.Log)-1].Dealt // the round_started event's cards
			return len(got) > 1 && got[0] == dealt[c.track.turn.Steps[0].Figures[0]]
		}, "Round 1 of Savage Worlds, highest first", nil},
		{"dragonwarriors", "to roll", func(c *Console, got []string) bool {
			st := c.State()
			return len(got) == 2 && got[0] == fmt.Sprint(st.Figures[c.track.turn.Steps[0].Figures[0]].AP)
		}, "Round 1 of Dragon Warriors II, highest first",
			[]int{3, 3, 3, 3}}, // Reflexes ±0: Rolf 10, Lennox 11, two steps (random dice tie them one time in twelve)
		{"fudge", "this round", func(c *Console, got []string) bool { return len(got) == 1 }, "Round 2 of Fudge: combat rounds are simultaneous", nil},
	}
	for _, tc := range tests {
		t.Run(tc.fight, func(t *testing.T) {
			c, _ := bundledConsole(t, tc.fight)
			if got := labels(c); len(got) == 0 || got[0] != tc.before {
				t.Fatalf("before the first roll: %q", got)
			}
			if _, err := c.s.Do(session.Command{Kind: session.CommandNewRound, Dice: tc.dice}); err != nil {
				t.Fatal(err)
			}
			c.Drain()
			got := labels(c)
			if !tc.after(c, got) || !strings.Contains(c.track.who.Text, tc.line) {
				t.Errorf("after the first roll: %q, %q", got, c.track.who.Text)
			}
			if len(c.track.slots) != len(got) {
				t.Errorf("%d columns for %d steps", len(c.track.slots), len(got))
			}
		})
	}
}

// setSheet puts v in the sheet editor's field of a part, as the Judge
// would type, pick or tick it.
func setSheet(t *testing.T, p *sheetsPanel, part, label, v string) {
	t.Helper()
	in := p.input(part, label)
	if in == nil {
		t.Fatalf("the sheet editor shows no %s field %q (parts %q)", part, label, p.partsKey)
	}
	in.show(v)
	if got := in.value(); got != v {
		t.Fatalf("%s %q holds %q after %q", part, label, got, v)
	}
}

// TestComposerJudgesModifierAndReload: the composer takes the Judge's own
// modifier of a shot with its reason, and the preview shows it before the
// dice; Reload fills a gun in hand.
func TestComposerJudgesModifierAndReload(t *testing.T) {
	c, _, _ := newConsole(t)
	p := c.composer
	pickActor(p, "Cyril Wellington")
	p.action.SetSelected(session.ActShoot)
	p.judgeSteps.SetSelected("1 downgrade")
	if !strings.Contains(p.preview.Text, "needs its reason") || !p.confirm.Disabled() {
		t.Errorf("a modifier with no reason: %q", p.preview.Text)
	}
	test.Type(p.judgeWhy, "fog")
	if !strings.Contains(p.preview.Text, "fog: 1 downgrade(s) (the Judge)") {
		t.Errorf("the preview: %q", p.preview.Text)
	}
	p.action.SetSelected(session.ActReady)
	test.Tap(p.confirm)
	p.action.SetSelected(session.ActReload)
	if !strings.Contains(p.preview.Text, "loads 1 round(s) into the S&W Schofield for 1 AP") {
		t.Errorf("the reload's preview: %q", p.preview.Text)
	}
	test.Tap(p.confirm)
	if g := c.State().Figures["cyril"].Gear[0]; g.Loaded != 6 {
		t.Errorf("after the reload the Schofield holds %d", g.Loaded)
	}
}

// TestComposerAsksTheDefender: a blow at a figure that may defend waits;
// the composer shows the defender's three answers with their numbers, and
// the Judge answering Dodge rolls the blow through the dodge.
func TestComposerAsksTheDefender(t *testing.T) {
	c, s, _ := newConsole(t)
	next := s.State().Figures["jeb"].At.Neighbor(hexmap.Direction(5))
	mustDo(t, s, session.Command{Kind: session.CommandMove, Figure: "cyril", To: &next})
	mustDo(t, s, session.Command{Kind: session.CommandMelee, Figure: "cyril", Blow: &session.BlowOrder{Target: "jeb", Attack: "quick"}})
	c.Drain()
	p := c.composer
	var buttons []*widget.Button
	var texts []string
	for _, o := range p.waiting.Objects {
		row, ok := o.(*fyne.Container)
		if !ok {
			continue
		}
		for _, part := range row.Objects {
			switch w := part.(type) {
			case *fyne.Container:
				buttons = append(buttons, w.Objects[0].(*widget.Button))
			case *widget.Label:
				texts = append(texts, w.Text)
			}
		}
	}
	if len(buttons) != 3 || buttons[1].Text != "Dodge" || !strings.Contains(texts[1], "Dodge (3 AP") {
		t.Fatalf("the answers shown: %d buttons, %q", len(buttons), texts)
	}
	test.Tap(buttons[1])
	c.Drain()
	if s.State().Pending != nil || len(s.State().Figures["jeb"].Dodging) != 2 {
		t.Errorf("after Dodge: waiting %q, Jeb dodging %v (status %q)", s.State().Waiting(), s.State().Figures["jeb"].Dodging, c.status.Text)
	}
	if len(p.waiting.Objects) != 0 {
		t.Error("the answers are still shown")
	}
}

// TestComposerEscapeAndRecover: the composer's actions with no fields of
// their own, and the escape's hex, reach the session as their commands: an
// escape by a figure nobody holds is refused for that reason, not for an
// unknown command.
func TestComposerEscapeAndRecover(t *testing.T) {
	c, _, _ := newConsole(t)
	p := c.composer
	pickActor(p, "Cyril Wellington")
	p.action.SetSelected(session.ActEscape)
	if cmd, err := p.command(); err != nil || cmd.Kind != session.CommandEscape || cmd.To != nil {
		t.Errorf("the escape: %+v, %v", cmd, err)
	}
	if !strings.Contains(p.preview.Text, "nothing to escape") {
		t.Errorf("the escape's preview: %q", p.preview.Text)
	}
	test.Type(p.hex, "C9")
	if cmd, err := p.command(); err != nil || cmd.To == nil {
		t.Errorf("the escape to C9: %+v, %v", cmd, err)
	}
	p.action.SetSelected(session.ActRecover)
	if cmd, err := p.command(); err != nil || cmd.Kind != session.CommandRecover {
		t.Errorf("recover: %+v, %v", cmd, err)
	}
}

// TestComposerCombinesASkillWithAnAttack: the shot's fields offer a skill
// done with it from one pool; the preview prices both.
func TestComposerCombinesASkillWithAnAttack(t *testing.T) {
	c, _, _ := newConsole(t)
	p := c.composer
	pickActor(p, "Cyril Wellington")
	p.action.SetSelected(session.ActShoot)
	p.withSkill.SetSelected("sneak")
	test.Tap(p.withFirst)
	cmd, err := p.command()
	if err != nil || cmd.With == nil || cmd.With.Skill != "sneak" || !cmd.With.Primary {
		t.Fatalf("the command: %+v, %v", cmd.With, err)
	}
	if !strings.Contains(p.preview.Text, "With it, sneak: 4 AP") {
		t.Errorf("the preview: %q", p.preview.Text)
	}
}

// TestSavageWorldsConsoleSpendsABenny: the composer offers "Spend a
// Benny" in a Savage Worlds fight, and confirming it spends the Shaken
// Marshal's Benny; the figures panel's line says how many are left.
func TestSavageWorldsConsoleSpendsABenny(t *testing.T) {
	c, _ := bundledConsole(t, "savage")
	for _, cmd := range []session.Command{
		{Kind: session.CommandNewRound, Cards: []string{"3H", "2S", "KC"}},
		{Kind: session.CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 2, 4, 3}},
	} {
		if err := c.doErr(cmd); err != nil {
			t.Fatal(err)
		}
	}
	p := c.composer
	pickActor(p, "Marshal Dane")
	p.action.SetSelected(session.ActBenny)
	test.Tap(p.confirm)
	if logs := c.LogTexts(); len(logs) == 0 || !strings.HasSuffix(logs[len(logs)-1], "Marshal Dane spends a Benny and is no longer Shaken; 2 Bennies left (Savage Worlds: Shaken).") {
		t.Errorf("log: %q (status %q)", logs, c.status.Text)
	}
	c.figures.pick("marshal")
	line := c.figures.wounds.Objects[0].(*widget.Label).Text
	if !strings.Contains(line, "2 Bennies") {
		t.Errorf("the figure's line: %q", line)
	}
}

// TestSavageWorldsConsoleJumps: a Savage Worlds move in the composer
// offers the jump and its Athletics roll (Action.Jump); a TWTW move does
// not.
func TestSavageWorldsConsoleJumps(t *testing.T) {
	c, _ := bundledConsole(t, "savage")
	p := c.composer
	pickActor(p, "Doc Harlan")
	p.action.SetSelected(session.ActMove)
	if !slices.Contains(p.params.Objects, fyne.CanvasObject(p.jump)) || !slices.Contains(p.params.Objects, fyne.CanvasObject(p.jumpRoll)) {
		t.Fatal("a Savage Worlds move offers no jump")
	}
	p.hex.SetText("D10")
	p.jump.SetChecked(true)
	if !strings.Contains(p.preview.Text, "Doc Harlan jumps C10 → D10") {
		t.Errorf("preview: %q", p.preview.Text)
	}
	test.Tap(p.confirm)
	if logs := c.LogTexts(); len(logs) == 0 || !strings.HasSuffix(logs[len(logs)-1], "Doc Harlan jumps C10 → D10: 1\" of Pace 6 (1\" standing) (Savage Worlds: Jumping).") {
		t.Errorf("log: %q (status %q)", logs, c.status.Text)
	}
	twtw, _ := bundledConsole(t, "demo")
	pickActor(twtw.composer, "Cyril Wellington")
	twtw.composer.action.SetSelected(session.ActMove)
	if slices.Contains(twtw.composer.params.Objects, fyne.CanvasObject(twtw.composer.jump)) {
		t.Error("a TWTW move offers a jump")
	}
}

// pickActor picks who acts by name, as the Judge does in the list (whose
// labels mark who may act now).
func pickActor(p *composer, name string) {
	for i, id := range p.ids {
		if p.c.state.FigureName(id) == name {
			p.actor.SetSelectedIndex(i)
			return
		}
	}
	p.actor.SetSelected(name)
}

// TestComposerPicksWhoMayActNow: who acts is preselected as the first
// figure the session's turn says may act, the list marks every figure who
// may, and the Judge's own pick is kept.
func TestComposerPicksWhoMayActNow(t *testing.T) {
	c, s, _ := newConsole(t)
	p := c.composer
	if got := p.actor.Selected; got != "" {
		t.Errorf("before the first roll %q is picked, want no one", got)
	}
	mustDo(t, s, session.Command{Kind: session.CommandNewRound})
	for len(s.State().ActingNow()) == 0 { // a segment at a time, to the first number
		mustDo(t, s, session.Command{Kind: session.CommandSegment})
	}
	c.Drain()
	acting := c.State().Turn().Acting
	if len(acting) == 0 {
		t.Fatal("no one may act after counting down")
	}
	if got, want := p.actorID(), acting[0]; got != want {
		t.Errorf("preselected %q, want %q", got, want)
	}
	for i, id := range p.ids {
		marked := strings.HasSuffix(p.actor.Options[i], mayActMark)
		if may := slices.Contains(acting, id); marked != may {
			t.Errorf("%s: marked %v in %q, may act %v", id, marked, p.actor.Options[i], may)
		}
	}
	// The Judge picks someone else: a later event keeps the pick.
	var other string
	for _, id := range p.ids {
		if id != acting[0] {
			other = id
			break
		}
	}
	pickActor(p, c.State().FigureName(other))
	mustDo(t, s, session.Command{Kind: session.CommandSetOptions, Options: &c.State().Options})
	c.Drain()
	if got := p.actorID(); got != other {
		t.Errorf("after an event the pick is %q, want the Judge's %q", got, other)
	}
}

// TestWhatHappenedClearsWhenTheNextActionIsComposed: the last action's
// result and cards show after confirming, and go once the Judge picks
// the next action.
func TestWhatHappenedClearsWhenTheNextActionIsComposed(t *testing.T) {
	c, _, _ := newConsole(t)
	p := c.composer
	pickActor(p, "Cyril Wellington")
	p.action.SetSelected(session.ActReady)
	test.Tap(p.confirm)
	if !p.after.Visible() || !strings.Contains(p.result.Text, "readies") {
		t.Fatalf("after confirming: shown %v, %q", p.after.Visible(), p.result.Text)
	}
	p.action.SetSelected(session.ActCock)
	if p.after.Visible() || p.result.Text != "" {
		t.Errorf("composing the next action still shows %q", p.result.Text)
	}
}

// TestHideAndRevealAFigureFromTheFiguresTab: the picked figure's button
// hides it from the players and shows it again; the table says which
// figures the players cannot see.
func TestHideAndRevealAFigureFromTheFiguresTab(t *testing.T) {
	c, s, w := newConsole(t)
	c.tabs.SelectIndex(1)
	c.figures.pick("zeke")
	button := func(prefix string) *widget.Button {
		t.Helper()
		for _, o := range test.LaidOutObjects(w.Content()) {
			if b, ok := o.(*widget.Button); ok && b.Visible() && strings.HasPrefix(b.Text, prefix) {
				return b
			}
		}
		t.Fatalf("no button %q on the Figures tab", prefix)
		return nil
	}
	row := slices.Index(c.State().Order, "zeke")
	if got := cellText(t, c, row, "Players"); got != "see it" {
		t.Errorf("Zeke before: players column %q", got)
	}
	test.Tap(button("Hide from the players"))
	if !s.State().Figures["zeke"].Hidden {
		t.Fatalf("Zeke is not hidden: %q", c.status.Text)
	}
	if got := cellText(t, c, row, "Players"); got != "hidden" {
		t.Errorf("Zeke hidden: players column %q", got)
	}
	test.Tap(button("Show to the players"))
	if s.State().Figures["zeke"].Hidden {
		t.Fatalf("Zeke is still hidden: %q", c.status.Text)
	}
	if got := cellText(t, c, row, "Players"); got != "see it" {
		t.Errorf("Zeke shown again: players column %q", got)
	}
	// Undo takes the reveal back.
	c.undo()
	if !c.State().Figures["zeke"].Hidden {
		t.Error("undo did not take the reveal back")
	}
}

// TestHarmBarFillsWithTheHarmTaken: a track of harm (TWTW's Conc, Dragon
// Warriors II's wounds) fills with the harm taken, empty at none, and
// says the session's words.
func TestHarmBarFillsWithTheHarmTaken(t *testing.T) {
	tests := []struct {
		name      string
		taken, of int
		text      string
		frac      float32
	}{
		{"none taken: empty", 0, 14, "Conc 0/14 taken", 0},
		{"half taken", 7, 14, "Conc 7/14 taken", 0.5},
		{"more than the track: full", 20, 14, "Conc 20/14 taken", 1},
		{"no bound", 3, 0, "Conc 3 taken", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bar := harmBar(tc.text, tc.taken, tc.of).(*fyne.Container)
			fill := bar.Objects[0].(*fyne.Container)
			if got := fill.Layout.(*fractionLayout).frac; got != tc.frac {
				t.Errorf("%d of %d: filled %v, want %v", tc.taken, tc.of, got, tc.frac)
			}
			label := bar.Objects[1].(*fyne.Container).Objects[0].(*canvas.Text)
			if label.Text != tc.text {
				t.Errorf("text %q, want %q", label.Text, tc.text)
			}
		})
	}
}

// TestTheNextActorIsNeverAimedAtAFriend: the target kept from the last
// actor stays only while it is a foe of the one now acting; else the
// nearest foe is picked.
func TestTheNextActorIsNeverAimedAtAFriend(t *testing.T) {
	c, _, _ := newConsole(t)
	p := c.composer
	st := c.State()
	pickActor(p, st.FigureName("cyril"))
	p.target.SetSelected(st.FigureName("jeb"))
	pickActor(p, st.FigureName("zeke")) // Jeb's brother
	got := p.target.Selected
	for _, id := range st.Order {
		if st.FigureName(id) == got && st.Figures[id].Side == st.Figures["zeke"].Side {
			t.Fatalf("Zeke is aimed at %s, of his own side", got)
		}
	}
	if got == "" {
		t.Fatal("Zeke has no target")
	}
	pickActor(p, st.FigureName("jeb")) // Zeke's side: his target is Jeb's foe too
	if p.target.Selected != got {
		t.Errorf("a target still a foe was changed from %q to %q", got, p.target.Selected)
	}
}

// TestTheFightTabTurnsTheFogOff: the Fight tab's "Fog of war" switch is
// on for the demo, and turning it off sends set_options (journaled, so
// undo turns the fog back on).
func TestTheFightTabTurnsTheFogOff(t *testing.T) {
	c, s, _ := newConsole(t)
	var chk *widget.Check
	for _, o := range c.library.switches.Objects {
		if k, ok := o.(*widget.Check); ok && strings.HasPrefix(k.Text, "Fog of war") {
			chk = k
		}
	}
	if chk == nil || !chk.Checked {
		t.Fatal("no Fog of war switch in the Fight tab, or it is off")
	}
	chk.SetChecked(false)
	c.Drain()
	if s.State().Options.FogOn() {
		t.Fatal("the fog is still on")
	}
	mustDo(t, s, session.Command{Kind: session.CommandUndo})
	c.Drain()
	if !s.State().Options.FogOn() {
		t.Error("undo left the fog off")
	}
}

// TestASaveDialogsEmptyFileUnderAnotherNameIsTakenAway: the empty file
// Fyne's save dialog makes under a name the console then changes (a fight
// named "showdown" is saved as showdown.fight.json) is removed; a file
// that ends as asked, or that holds anything, is left.
func TestASaveDialogsEmptyFileUnderAnotherNameIsTakenAway(t *testing.T) {
	q := fileQuestion{save: true, suffixes: []string{".fight.json"}}
	tests := []struct {
		name, file, data string
		wantKept         bool
	}{
		{"empty, another name", "showdown", "", false},
		{"empty, another suffix", "showdown.json", "", false},
		{"empty, the suffix asked", "showdown.fight.json", "", true},
		{"empty, the suffix in capitals", "SHOWDOWN.FIGHT.JSON", "", true},
		{"not empty, another name", "notes.txt", "notes", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tc.file)
			if err := os.WriteFile(path, []byte(tc.data), 0o644); err != nil {
				t.Fatal(err)
			}
			q.takeAwayEmpty(path)
			_, err := os.Stat(path)
			if kept := err == nil; kept != tc.wantKept {
				t.Errorf("%s holding %q: kept %v, want %v", tc.file, tc.data, kept, tc.wantKept)
			}
		})
	}
}

// TestANewFightsSheetFormShowsNothingOfTheLastFight: after the console
// switches to a new fight, the sheet form is a blank sheet of the new
// fight's system, not the sheet it showed of the old fight (a new Savage
// fight's form showed Miranda's TWTW notes; a TWTW one kept her loaded).
func TestANewFightsSheetFormShowsNothingOfTheLastFight(t *testing.T) {
	for _, rules := range []string{"savage", "twtw"} {
		t.Run(rules, func(t *testing.T) {
			c, _, _ := newConsole(t)
			miranda := c.State().Characters["miranda"]
			if miranda.Notes == "" {
				miranda = miranda.Clone()
				miranda.Notes = "Keeps a derringer in her boot."
				c.do(session.Command{Kind: session.CommandSetCharacter, Sheet: &miranda})
				c.Drain()
			}
			c.sheets.load(c.State().Characters["miranda"], false)
			mp := filepath.Join(t.TempDir(), "street.hexmap.json")
			if err := hexmap.Save(mp, c.State().Map); err != nil {
				t.Fatal(err)
			}
			f, err := fightFromFile(mp, rules)
			if err != nil {
				t.Fatal(err)
			}
			c.library.saveNewFight(f, filepath.Join(t.TempDir(), "new.fight.json"))
			p := c.sheets
			if p.cur != "" || p.name.Text != "" || p.notes.Text != "" {
				t.Errorf("after switching to a new %s fight the sheet form shows id %q, name %q, notes %q; want a blank sheet",
					rules, p.cur, p.name.Text, p.notes.Text)
			}
		})
	}
}
