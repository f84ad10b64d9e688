package rules

import "testing"

// TestEmbeddedTables reads every table hexslinger ships: a table that
// does not parse fails here, not in a Judge's fight.
func TestEmbeddedTables(t *testing.T) {
	if n := len(Cards()); n != 54 {
		t.Errorf("the deck has %d cards, want 54", n)
	}
	if _, ok := Weapons()["peacemaker"]; !ok {
		t.Error("the weapon table has no Peacemaker")
	}
	if _, ok := Melee().Attack("quick"); !ok {
		t.Error("the melee table has no quick attack")
	}
}
