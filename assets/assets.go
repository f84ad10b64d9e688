// Package assets embeds the files hexslinger ships: the icon, the rule
// tables (the action-card deck, the weapons, hand to hand) and the bundled
// fights (the demo and one for each other rule system), each with its map
// and characters.
package assets

import (
	"embed"
	"fmt"
)

//go:embed icon.png deck.json weapons.json melee.json fights/*.fight.json
var files embed.FS

// Icon is the application icon, a 256×256 PNG.
func Icon() []byte { return must("icon.png") }

// Deck is the action-card deck table (deck.json): 54 cards with their
// phase, clock, toggle, hit location, penetration, burst and marks.
func Deck() []byte { return must("deck.json") }

// Weapons is the weapon table (weapons.json).
func Weapons() []byte { return must("weapons.json") }

// Melee is the hand-to-hand attack table (melee.json).
func Melee() []byte { return must("melee.json") }

// DemoFight is the bundled demo fight, "Showdown on Main Street".
func DemoFight() []byte { return must("fights/demo.fight.json") }

// Fights lists the bundled fights by name: the demo, and one for each
// other rule system.
func Fights() map[string][]byte {
	return map[string][]byte{
		"demo":           DemoFight(),
		"dragonwarriors": must("fights/dragonwarriors.fight.json"),
		"savage":         must("fights/savage.fight.json"),
		"fudge":          must("fights/fudge.fight.json"),
		"quickdraw":      must("fights/quickdraw.fight.json"),
	}
}

func must(name string) []byte {
	b, err := files.ReadFile(name)
	if err != nil {
		panic(fmt.Sprintf("assets: %s is not embedded: %v", name, err)) // a build bug
	}
	return b
}
