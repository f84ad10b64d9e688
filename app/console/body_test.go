package console

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
)

// texts are every label's and text's words under o, in order.
func texts(o fyne.CanvasObject) []string {
	switch o := o.(type) {
	case *widget.Label:
		return []string{o.Text}
	case *canvas.Text:
		return []string{o.Text}
	case *fyne.Container:
		var out []string
		for _, c := range o.Objects {
			out = append(out, texts(c)...)
		}
		return out
	}
	return nil
}

// rowOf is figure id's row in the Figures tab.
func rowOf(c *Console, id string) int {
	for i, o := range c.State().Order {
		if o == id {
			return i
		}
	}
	return -1
}

// TestFiguresTabSaysEachSystemsHarm: the Figures tab (its State column
// and the picked figure's picture), the composer's result ("… now: …")
// and the track show each system's harm in its own words, as the session
// says them (State.Body): Dragon Warriors II's wounds against Toughness
// and stunned; Savage Worlds' Shaken and Wounds; Fudge's wound level;
// TWTW's hit locations and Conc.
func TestFiguresTabSaysEachSystemsHarm(t *testing.T) {
	for _, tc := range []struct {
		name, fight, who string
		do               []session.Command
		cell             []string // in the State column
		panel            []string // in the picked figure's picture
		not              []string // in neither
	}{
		{"Dragon Warriors II: a wound against Toughness, stunned", "dragonwarriors", "rolf", []session.Command{
			{Kind: session.CommandNewRound, Dice: []int{1, 5, 1, 4}},
			{Kind: session.CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{5, 1, 1, 5, 1, 5}},
		}, []string{"stunned: 5 wounds of Toughness"}, []string{"Sir Rolf — stunned", "5 wounds of Toughness", "Toughness"}, []string{"Conc", "Head", "AP"}},
		{"Savage Worlds: Shaken with a Wound", "savage", "marshal", []session.Command{
			{Kind: session.CommandNewRound, Cards: []string{"3H", "2S", "KC"}},
			{Kind: session.CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 1, 6, 3, 2}},
		}, []string{"Shaken", "Wound"}, []string{"Marshal Dane — Shaken", "Wild Card"}, []string{"Conc", "Head", "Size"}},
		{"Fudge: on the wound track", "fudge", "bruiser", []session.Command{
			{Kind: session.CommandStrike, Figure: "sheriff", Target: "bruiser", Dice: fudgeDice("++00", "0000", "-000", "0000")},
		}, []string{"wound level Mediocre"}, []string{"Big Ned — wound level Mediocre", "5 damage: wound level Mediocre", "Mediocre", "damage capacity"}, []string{"Conc", "Head", "Size"}},
		{"TWTW: a head wound by its location", "demo", "zeke", []session.Command{
			{Kind: session.CommandReady, Figure: "cyril", Weapon: "schofield"},
			{Kind: session.CommandCock, Figure: "cyril", Weapon: "schofield"},
			{Kind: session.CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: []session.ShotOrder{{Target: "zeke", Kind: "normal"}}, Dice: []int{9, 2, 1, 1, 1, 1}, Cards: []string{"3H"}},
		}, []string{"head 2 wounds", "Conc"}, []string{"Conc", "Head", "Size 6"}, []string{"fine, "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := bundledConsole(t, tc.fight)
			var events []session.Event
			for _, cmd := range tc.do {
				evs, err := c.run(cmd)
				if err != nil {
					t.Fatalf("%+v: %v", cmd, err)
				}
				events = evs
			}
			cell := c.figures.cell(rowOf(c, tc.who), colNamed(c, "State"))
			c.figures.pick(tc.who)
			panel := strings.Join(texts(c.figures.wounds), " | ")
			for _, w := range tc.cell {
				if !strings.Contains(cell, w) {
					t.Errorf("the State column %q lacks %q", cell, w)
				}
			}
			for _, w := range tc.panel {
				if !strings.Contains(panel, w) {
					t.Errorf("the picture %q lacks %q", panel, w)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(cell+" "+panel, w) {
					t.Errorf("the Figures tab %q / %q has %q", cell, panel, w)
				}
			}
			c.composer.showResult(events)
			if res, want := c.composer.result.Text, c.State().FigureName(tc.who)+" now: "+c.State().Body(tc.who).Line; !strings.Contains(res, want) {
				t.Errorf("the result %q lacks %q", res, want)
			}
		})
	}
}

// fudgeDice are the dice of Fudge rolls written as "+0-" faces.
func fudgeDice(rolls ...string) []int {
	var out []int
	for _, r := range rolls {
		for _, c := range r {
			out = append(out, map[rune]int{'-': 1, '0': 3, '+': 5}[c])
		}
	}
	return out
}

// TestSheetEditorShowsTheNumbersTheSystemReads: a Savage Worlds sheet
// moves by its Pace (Savage Worlds: Movement), so its editor shows no
// TWTW Move, Run or Size beside it; a TWTW sheet shows all three, and a
// Dragon Warriors II sheet the Move and Run that bound one move.
func TestSheetEditorShowsTheNumbersTheSystemReads(t *testing.T) {
	for _, tc := range []struct {
		fight string
		want  string
	}{
		{"savage", ""},
		{"demo", "Move | Run | Size"},
		{"dragonwarriors", "Move | Run"},
	} {
		t.Run(tc.fight, func(t *testing.T) {
			c, _ := bundledConsole(t, tc.fight)
			c.sheets.refresh()
			var labels []string
			for _, o := range c.sheets.body.Objects {
				if l, ok := o.(*widget.Label); ok {
					labels = append(labels, l.Text)
				}
			}
			if got := strings.Join(labels, " | "); got != tc.want {
				t.Errorf("%s: the sheet editor shows %q, want %q", tc.fight, got, tc.want)
			}
		})
	}
}
