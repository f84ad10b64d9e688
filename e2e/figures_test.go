//go:build e2e

package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hexslinger/app/session"
	"hexslinger/assets"
)

// TestFiguresTabInEachSystemsWords opens the console on a fight of each
// other system after a blow (its journal written first), shows the
// Figures tab (F2) on the figure hit and saves the console's picture:
// Dragon Warriors II's wounds against Toughness and stunned, Savage
// Worlds' Shaken with a Wound on its track of Wounds, Fudge's wound track
// and its level, each in the system's own words (State.Body), no TWTW
// Conc or hit locations; the figure's weapons from its system's sheet
// (State.WeaponsOf: Sir Rolf's sword, taken up after the blow) and the
// table's round columns in the system's terms (State.RoundColumns). The pictures are looked at
// (e2e/shots/figures-*.png).
func TestFiguresTabInEachSystemsWords(t *testing.T) {
	root, shots := builtProject(t)
	for _, tc := range []struct {
		name, fight, title string
		do                 []session.Command
		logged             string
	}{
		{"dragonwarriors", "dragonwarriors", "Sir Rolf and Squire Lennox", []session.Command{
			{Kind: session.CommandNewRound, Dice: []int{1, 5, 1, 4}},
			{Kind: session.CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{5, 1, 1, 5, 1, 5}},
		}, "deals 5 wound(s)"},
		{"savage", "savage", "Savage Worlds: Shootout on Main Street", []session.Command{
			{Kind: session.CommandNewRound, Cards: []string{"3H", "2S", "KC"}},
			{Kind: session.CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 1, 6, 3, 2}},
		}, "Shaken, 1 Wound(s)"},
		{"fudge", "fudge", "Fudge: the Brawl at the Lucky Nugget", []session.Command{
			// Big Ned (Good) +++0: Legendary; the Sheriff (Great) --00:
			// Fair; 5 damage; his damage check (Good) 0000 shrugs it off.
			{Kind: session.CommandStrike, Figure: "bruiser", Target: "sheriff", Dice: []int{5, 5, 5, 3, 1, 1, 3, 3, 3, 3, 3, 3}},
		}, "wound level Mediocre"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			fightPath := filepath.Join(dir, tc.fight+".fight.json")
			if err := os.WriteFile(fightPath, assets.Fights()[tc.fight], 0o644); err != nil {
				t.Fatal(err)
			}
			jpath := filepath.Join(dir, tc.fight+".journal.jsonl")
			f, err := session.DecodeFight(bytes.NewReader(assets.Fights()[tc.fight]))
			if err != nil {
				t.Fatal(err)
			}
			s, err := session.Open(f, jpath)
			if err != nil {
				t.Fatal(err)
			}
			var text string
			for _, c := range tc.do {
				evs, err := s.Do(c)
				if err != nil {
					s.Close()
					t.Fatalf("%+v: %v", c, err)
				}
				text = evs[0].Text
			}
			if tc.fight == "dragonwarriors" {
				// Sir Rolf takes up a sword after the blow: the tab
				// shows the weapon his sheet arms him with.
				ch := s.State().Characters["rolf"].Clone()
				ch.DragonWarriors.Weapon = "one-handed-sword"
				if _, err := s.Do(session.Command{Kind: session.CommandSetCharacter, Sheet: &ch}); err != nil {
					s.Close()
					t.Fatalf("Sir Rolf's sword: %v", err)
				}
			}
			s.Close()
			if !strings.Contains(text, tc.logged) {
				t.Fatalf("the blow: %s\nwant …%s", text, tc.logged)
			}

			out := startConsole(t, root, fightPath, jpath)
			var win string
			waitFor(t, "the console", 90*time.Second, func() bool {
				win = findWindow("hexslinger — " + tc.title)
				return win != ""
			})
			waitFor(t, "the map window", 30*time.Second, func() bool { return strings.Contains(out.String(), "board: connected") })
			time.Sleep(1500 * time.Millisecond) // the map window opens beside it
			xdotool(t, "windowmove", win, "0", "0")
			xdotool(t, "windowraise", win)
			xdotool(t, "windowactivate", "--sync", win)
			xdotool(t, "windowfocus", "--sync", win)
			time.Sleep(500 * time.Millisecond)
			xdotool(t, "key", "--window", win, "F2")
			time.Sleep(800 * time.Millisecond)
			shotWindow(t, win, shots, "figures-"+tc.name+".png")
		})
	}
}
