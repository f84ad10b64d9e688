package session

import (
	"slices"
	"testing"

	"hexslinger/assets"
)

// TestANewFightStartsWithItsOwnSystemsSheets: SheetsFor hands out the
// bundled sheets of the chosen system only, one per id, sorted.
func TestANewFightStartsWithItsOwnSystemsSheets(t *testing.T) {
	for _, tc := range []struct {
		name, rules string
		want        []string
	}{
		{"The West That Wasn't", "twtw", []string{"cyril", "jeb", "miranda", "zeke"}},
		{"Savage Worlds", "savage", []string{"bandit", "doc", "marshal"}},
		{"Dragon Warriors II", "dragonwarriors", []string{"lennox", "rolf"}},
		{"Fudge", "fudge", []string{"bruiser", "sheriff"}},
		{"a system hexslinger does not know", "chess", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, ch := range SheetsFor(tc.rules, assets.Fights()) {
				got = append(got, ch.ID)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("SheetsFor(%q) = %v, want %v", tc.rules, got, tc.want)
			}
		})
	}
}
