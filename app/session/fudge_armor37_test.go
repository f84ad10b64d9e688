package session

import (
	"testing"

	"hexslinger/rules/fudge"
)

// TestTheArmorValueReducesTheDamage: "This number should be used to
// reduce the damage done to the protected player" (Fudge Combat Options
// 1.2), with coverage off: the AV counts however well the blow wins, even
// past a vest's CV of 1. Big Ned (weapon +1) hits the Sheriff by 3 (4
// damage) and by 2 (3 damage): steel chain (AV 2) leaves 2 and 1; steel
// plate with a mail coat (AV 3) leaves 1 and 0; no armor leaves 4 and 3.
func TestTheArmorValueReducesTheDamage(t *testing.T) {
	for _, tc := range []struct {
		name, material, ned, want string
		hurt                      int
	}{
		{"chain, by 3", "steel chain with padding", "+000", "Big Ned hits Sheriff Bart by 3: 2 damage (weapon +1, armor −2).", 2},
		{"chain, by 2", "steel chain with padding", "0000", "Big Ned hits Sheriff Bart by 2: 1 damage (weapon +1, armor −2).", 1},
		{"plate, by 3", "steel plate with under mail coat", "+000", "Big Ned hits Sheriff Bart by 3: 1 damage (weapon +1, armor −3).", 1},
		{"plate, by 2", "steel plate with under mail coat", "0000", "Big Ned hits Sheriff Bart by 2: 0 damage (weapon +1, armor −3).", 0},
		{"no armor, by 3", "", "+000", "Big Ned hits Sheriff Bart by 3: 4 damage (weapon +1, no armor).", 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openFudge(t, fudge.Options{})
			ch := s.State().Characters["sheriff"].Clone()
			ch.Fudge.Armor = nil
			if tc.material != "" {
				ch.Fudge.Armor = &fudge.Armor{Name: tc.material, AV: fudge.ArmorMaterials[tc.material], CV: fudge.CoverageTypes["vest or breastplate"]}
			}
			mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
			e := mustDo(t, s, strike("bruiser", "sheriff", tc.ned, "---0"))
			has(t, e.Text, "against Great -3 = Mediocre", tc.want)
			if h := s.State().Figures["sheriff"].Hurt; h != tc.hurt {
				t.Errorf("%s: hurt %d, want %d", tc.name, h, tc.hurt)
			}
		})
	}
}
