package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexslinger/hexmap"
)

// TestFilesInFoldersWithSpacesAndNonASCIINames: a map, a fight, a hero
// and a journal (opened, played, closed, opened again; a damaged last
// line set aside beside it) are saved and read back through the functions
// the programs use, in folders and under names with spaces, punctuation
// and letters beyond ASCII, as a Judge names them on any system.
func TestFilesInFoldersWithSpacesAndNonASCIINames(t *testing.T) {
	tests := []struct{ name, folder, file string }{
		{"accents and an ampersand", filepath.Join("Mäps & Fights", "Ünïcode ñame"), "Showdown at Dødge"},
		{"apostrophes and commas", "Jeb's, Miranda's (copy)", "Main St., high noon"},
		{"Japanese", filepath.Join("決闘", "西部の町"), "真昼の決闘"},
		{"Cyrillic and Greek", "Дуэль", "Μονομαχία at Abilene"},
		{"beyond the BMP", "🤠 Posse", "Deadwood 🐎"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), tc.folder)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			base := filepath.Join(dir, tc.file)
			f := demo(t)
			f.Name = tc.file

			// The map: hexmap.Save, then Load and OpenMap (the console's
			// import) read it back.
			m, err := f.Map.Map()
			if err != nil {
				t.Fatal(err)
			}
			m.Name = tc.file
			if err := hexmap.Save(base+".hexmap.json", m); err != nil {
				t.Fatalf("save the map: %v", err)
			}
			for what, load := range map[string]func(string) (*hexmap.Map, error){"Load": hexmap.Load, "OpenMap": hexmap.OpenMap} {
				got, err := load(base + ".hexmap.json")
				if err != nil || got.Name != tc.file {
					t.Errorf("%s %q: %v, name %q; want the map named %q", what, base+".hexmap.json", err, nameOf(got), tc.file)
				}
			}

			// The fight and a hero.
			if err := SaveFight(base+".fight.json", f); err != nil {
				t.Fatalf("save the fight: %v", err)
			}
			if got, err := LoadFight(base + ".fight.json"); err != nil || got.Name != tc.file {
				t.Errorf("LoadFight %q: %v; want the fight named %q", base+".fight.json", err, tc.file)
			}
			hero := f.Characters[0]
			hero.Name = tc.file
			if err := SaveHero(base+".hero.json", hero); err != nil {
				t.Fatalf("save the hero: %v", err)
			}
			if got, err := LoadHero(base + ".hero.json"); err != nil || got.Name != tc.file {
				t.Errorf("LoadHero %q: %v, name %q; want %q", base+".hero.json", err, got.Name, tc.file)
			}

			// The journal: a move made, the session closed and opened
			// again from the journal alone.
			journal := base + ".journal.jsonl"
			s, err := Open(f, journal)
			if err != nil {
				t.Fatalf("open the journal: %v", err)
			}
			to := hexmap.Hex{Q: 6, R: 7}
			if _, err := s.Do(Command{Kind: CommandMove, Figure: "cyril", To: &to}); err != nil {
				s.Close()
				t.Fatalf("move: %v", err)
			}
			s.Close()
			opening, err := JournalOpening(journal)
			if err != nil || opening.Name != tc.file {
				t.Fatalf("JournalOpening %q: %v; want the fight named %q", journal, err, tc.file)
			}
			s2, err := Open(opening, journal)
			if err != nil {
				t.Fatalf("reopen the journal: %v", err)
			}
			if got := s2.State().Figures["cyril"].At; got != to {
				t.Errorf("Cyril at %v after the journal %q reopened, want %v", got, journal, to)
			}
			s2.Close()

			// A damaged last line, set aside beside the journal.
			jf, err := os.OpenFile(journal, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			jf.WriteString(`{"seq": 9`)
			jf.Close()
			d, err := CheckJournal(journal)
			if err != nil || d == nil {
				t.Fatalf("CheckJournal %q: %v, %v; want its damaged last line", journal, d, err)
			}
			aside, err := SetAside(d)
			if err != nil || filepath.Dir(aside) != dir || !strings.HasPrefix(filepath.Base(aside), tc.file+".journal.jsonl.damaged-") {
				t.Errorf("SetAside: %q, %v; want a file beside %q", aside, err, journal)
			}
			if data, err := os.ReadFile(aside); err != nil || string(data) != `{"seq": 9` {
				t.Errorf("set aside %q: %q, %v; want the damaged line", aside, data, err)
			}
		})
	}
}

func nameOf(m *hexmap.Map) string {
	if m == nil {
		return ""
	}
	return m.Name
}
