package console

import (
	"slices"
	"strings"
	"testing"

	"hexslinger/app/session"
)

// figureHeadings are the Figures tab's column headings, in order.
func figureHeadings(c *Console) []string {
	_, n := c.figures.table.Length()
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, c.figures.heading(i))
	}
	return out
}

// colNamed is the Figures tab's column headed title, or -1.
func colNamed(c *Console, title string) int {
	return slices.Index(figureHeadings(c), title)
}

// TestFiguresTabShowsEachSystemsWeapons: the picked figure's weapons are
// what its system's sheet arms it with, in the system's words, as the
// session says them (State.WeaponsOf): not TWTW's gear, which no other
// system's sheet fills.
func TestFiguresTabShowsEachSystemsWeapons(t *testing.T) {
	for _, tc := range []struct {
		name, fight, who string
		do               []session.Command
		want             string
	}{
		{"TWTW: the gear carried", "demo", "cyril", nil, "Weapons: S&W Schofield (5/6 loaded) and Winchester"},
		{"Savage Worlds: a hand weapon and a gun", "savage", "marshal", nil,
			"Weapons: Hand weapon (Str+d6) and Colt Peacemaker (Range 12/24/48, Damage 2d6, RoF 1)."},
		{"Dragon Warriors II: the sheet's sword", "dragonwarriors", "rolf", []session.Command{{Kind: session.CommandSetCharacter}},
			"Weapons: One-handed sword (Attack +1)."},
		{"Fudge: a weapon and a shield", "fudge", "bruiser", nil,
			"Weapons: Weapon (offensive damage +1; Melee Good, Ranged Poor) and Shield (Fair, 6 points)."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := bundledConsole(t, tc.fight)
			for _, cmd := range tc.do {
				if cmd.Kind == session.CommandSetCharacter { // arm the figure's sheet
					ch := c.State().Characters[c.State().Figures[tc.who].Character].Clone()
					ch.DragonWarriors.Weapon = "one-handed-sword"
					cmd.Sheet = &ch
				}
				if _, err := c.run(cmd); err != nil {
					t.Fatalf("%+v: %v", cmd, err)
				}
			}
			c.figures.pick(tc.who)
			panel := strings.Join(texts(c.figures.wounds), " | ")
			if !strings.Contains(panel, tc.want) {
				t.Errorf("the picked figure's picture %q lacks %q", panel, tc.want)
			}
			if strings.Contains(panel, "No weapons.") {
				t.Errorf("the picked figure's picture %q says No weapons.", panel)
			}
		})
	}
}

// TestFiguresTableHeadsTheRoundInTheSystemsTerms: the Figures tab's
// columns of a figure's place in the round are the session's
// (State.RoundColumns): TWTW's AP and Init, Savage Worlds' action card,
// Dragon Warriors II's initiative, none in Fudge's simultaneous rounds;
// each cell says the figure's (State.RoundCells).
func TestFiguresTableHeadsTheRoundInTheSystemsTerms(t *testing.T) {
	for _, tc := range []struct {
		name, fight, who string
		round            session.Command
		heads            []string
		cells            map[string]string // after the round's first roll, by heading
	}{
		{"TWTW", "demo", "cyril", session.Command{Kind: session.CommandNewRound},
			[]string{"Figure", "Side", "AP", "Init", "Hex", "Facing", "State", "Players"}, nil},
		{"Savage Worlds", "savage", "marshal", session.Command{Kind: session.CommandNewRound, Cards: []string{"3H", "2S", "KC"}},
			[]string{"Figure", "Side", "Card", "Hex", "Facing", "State", "Players"}, map[string]string{"Card": "3♥", "Hex": "J8"}},
		{"Dragon Warriors II", "dragonwarriors", "rolf", session.Command{Kind: session.CommandNewRound, Dice: []int{4, 3, 3, 3}},
			[]string{"Figure", "Side", "Initiative", "Hex", "Facing", "State", "Players"}, map[string]string{"Initiative": "11"}},
		{"Fudge", "fudge", "sheriff", session.Command{Kind: session.CommandNewRound},
			[]string{"Figure", "Side", "Hex", "Facing", "State", "Players"}, map[string]string{"Players": "see it"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := bundledConsole(t, tc.fight)
			if got := figureHeadings(c); !slices.Equal(got, tc.heads) {
				t.Errorf("headings %q, want %q", got, tc.heads)
			}
			if _, err := c.run(tc.round); err != nil {
				t.Fatal(err)
			}
			if got := figureHeadings(c); !slices.Equal(got, tc.heads) {
				t.Errorf("after the first roll: headings %q, want %q", got, tc.heads)
			}
			for head, want := range tc.cells {
				if got := c.figures.cell(rowOf(c, tc.who), colNamed(c, head)); got != want {
					t.Errorf("%s's %s: %q, want %q", tc.who, head, got, want)
				}
			}
		})
	}
}
