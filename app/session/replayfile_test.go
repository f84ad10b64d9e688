package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexslinger/hexmap"
)

// TestJournalOpeningNamesAFileThatIsNoJournal: replaying a fight file, a
// map file or a hero sheet says what the file is and what to do with it,
// not a JSON error on line 1; a journal whose first line is broken is
// still named a journal's fault.
func TestJournalOpeningNamesAFileThatIsNoJournal(t *testing.T) {
	dir := t.TempDir()
	fight := filepath.Join(dir, "showdown.fight.json")
	if err := SaveFight(fight, demo(t)); err != nil {
		t.Fatal(err)
	}
	st, err := demo(t).State()
	if err != nil {
		t.Fatal(err)
	}
	mapFile := filepath.Join(dir, "street.hexmap.json")
	if err := hexmap.Save(mapFile, st.Map); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	oneLine := write("compact.fight.json", `{"format":"hexslinger/fight","version":1,"name":"x"}`+"\n")
	broken := write("broken.journal.jsonl", "{\"seq\":1,\n")
	for _, tc := range []struct {
		name, path string
		want       []string
	}{
		{name: "a fight file", path: fight, want: []string{"a fight file", "not a journal", "hexslinger " + fight}},
		{name: "a fight file on one line", path: oneLine, want: []string{"a fight file", "not a journal"}},
		{name: "a map file", path: mapFile, want: []string{"a map file", "not a journal", "New fight from a map"}},
		{name: "a broken journal", path: broken, want: []string{"line 1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := JournalOpening(tc.path)
			if err == nil {
				t.Fatalf("JournalOpening(%s): no error", tc.path)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("JournalOpening(%s): %q, want %q in it", tc.path, err, w)
				}
			}
			if tc.name != "a broken journal" && strings.Contains(err.Error(), "unexpected end of JSON") {
				t.Errorf("JournalOpening(%s): %q speaks of JSON", tc.path, err)
			}
		})
	}
}
