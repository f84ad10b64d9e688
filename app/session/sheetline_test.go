package session

import (
	"strings"
	"testing"
)

// TestASheetsLogLineIsInItsSystemsNumbers: the log's line about a sheet
// the Judge sets sums it up in the numbers the fight's system reads, not
// The West That Wasn't's AP, Move, Run and Size, which no Dragon Warriors
// II or Fudge rule uses.
func TestASheetsLogLineIsInItsSystemsNumbers(t *testing.T) {
	for _, tc := range []struct {
		fight, character string
		want             []string
		not              string
	}{
		{"demo", "miranda", []string{"AP ", "Move ", "Size "}, ""},
		{"savage", "dane", []string{"Parry ", "Toughness ", "Pace "}, "AP "},
		{"dragonwarriors", "rolf", []string{"Attack ", "Defence ", "Toughness ", "Reflexes "}, "AP "},
		{"fudge", "bart", []string{"melee ", "ranged ", "damage capacity "}, "AP "},
	} {
		t.Run(tc.fight, func(t *testing.T) {
			s := openBundled(t, tc.fight)
			st := s.State()
			var id string
			for cid, c := range st.Characters {
				if strings.Contains(strings.ToLower(c.Name), tc.character) || cid == tc.character {
					id = cid
				}
			}
			if id == "" {
				t.Fatalf("no character like %q in %s", tc.character, tc.fight)
			}
			c := st.Characters[id].Clone()
			e := mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &c})
			for _, w := range tc.want {
				if !strings.Contains(e.Text, w) {
					t.Errorf("%s's line %q: no %q", tc.fight, e.Text, w)
				}
			}
			if tc.not != "" && strings.Contains(e.Text, tc.not) {
				t.Errorf("%s's line %q names %q", tc.fight, e.Text, tc.not)
			}
		})
	}
}
