package rules

import (
	"fmt"
	"sync"

	"hexslinger/assets"
)

// The rule tables hexslinger ships (assets/*.json), each parsed once for
// the whole program: the session decides with them and the windows draw
// with the same values. A table that does not parse is a build bug (they
// are embedded, and TestEmbeddedTables reads each), so these panic on it.

// Cards are the action-card deck's 54 cards.
var Cards = sync.OnceValue(func() []Card {
	return mustTable("deck", ParseDeck, assets.Deck())
})

// Weapons is the weapon table, by id.
var Weapons = sync.OnceValue(func() map[string]Weapon {
	return mustTable("weapons", ParseWeapons, assets.Weapons())
})

// Melee is the hand-to-hand table.
var Melee = sync.OnceValue(func() *MeleeTable {
	return mustTable("melee", ParseMelee, assets.Melee())
})

func mustTable[T any](name string, parse func([]byte) (T, error), data []byte) T {
	v, err := parse(data)
	if err != nil {
		panic(fmt.Sprintf("assets/%s.json: %v", name, err))
	}
	return v
}
