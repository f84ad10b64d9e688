package rules

import (
	"strings"
	"testing"
)

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

// TestATableOfAnotherFormatIsRefused pins decodeTable: a table that
// decodes but says another format or version is an error naming what it
// says, and one that does not decode is an error too.
func TestATableOfAnotherFormatIsRefused(t *testing.T) {
	for _, tc := range []struct {
		name, data, want string
	}{
		{"the deck's format", `{"format":"hexslinger/deck","version":1,"weapons":[]}`, `format "hexslinger/deck" version 1`},
		{"version 2", `{"format":"hexslinger/weapons","version":2,"weapons":[]}`, "version 2"},
		{"not JSON", `{"format":`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws, err := ParseWeapons([]byte(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseWeapons(%s): %v, %v; want an error saying %q", tc.data, ws, err, tc.want)
			}
		})
	}
}
