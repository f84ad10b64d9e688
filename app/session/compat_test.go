package session

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hexslinger/hexmap"
)

// compatFights are the fights whose files testdata/compat keeps as the
// hexslinger of commit 679e594 wrote them, before each system kept its
// own part of a figure's status and of a fight's options: each golden
// fight (testdata/NAME.log) played to its end, its journal
// (NAME.journal.jsonl), the fight saved as it stood (NAME.fight.json) and
// the golden log as it was then (NAME.log: a journal keeps each event's
// text as written, so it replays to the words of its day).
var compatFights = []string{"three-rounds", "savage-two-rounds", "dragonwarriors-two-rounds", "fudge-two-rounds", "leadchrome-two-rounds"}

// TestOldFilesStillOpen opens the journals and fight files written before
// parts: each journal replays to a log ending with its golden log of that
// day and to the fight saved at its end, and each fight file opens and
// saves again as it was.
func TestOldFilesStillOpen(t *testing.T) {
	for _, name := range compatFights {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join("testdata", "compat")
			saved, err := os.ReadFile(filepath.Join(dir, name+".fight.json"))
			if err != nil {
				t.Fatal(err)
			}
			journal, err := os.ReadFile(filepath.Join(dir, name+".journal.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), name+".journal.jsonl")
			if err := os.WriteFile(path, journal, 0o644); err != nil {
				t.Fatal(err)
			}
			opening, err := JournalOpening(path)
			if err != nil {
				t.Fatalf("the opening of %s: %v", name, err)
			}
			s, err := Open(opening, path)
			if err != nil {
				t.Fatalf("open %s: %v", name, err)
			}
			defer s.Close()
			var log []string
			for _, e := range s.State().Log {
				log = append(log, e.Text)
			}
			got := strings.Join(log, "\n") + "\n"
			want, err := os.ReadFile(filepath.Join(dir, name+".log"))
			if err != nil {
				t.Fatal(err)
			}
			// The golden log holds what the test played; the fight's
			// setting up before it, which the test did not log, comes first.
			if got != string(want) && !strings.HasSuffix(got, "\n"+string(want)) {
				t.Errorf("%s replays to a log that does not end with testdata/compat/%s.log:\n%s", name, name, firstDiff(got[max(0, len(got)-len(want)):], string(want)))
			}
			sameFight(t, name+"'s journal replayed", s.State().Snapshot(nil), saved)

			f, err := DecodeFight(bytes.NewReader(saved))
			if err != nil {
				t.Fatalf("open %s.fight.json: %v", name, err)
			}
			st, err := f.State()
			if err != nil {
				t.Fatalf("%s.fight.json's state: %v", name, err)
			}
			sameFight(t, name+".fight.json opened and saved", st.Snapshot(nil), saved)
		})
	}
}

// sameFight fails t unless f, saved as SaveFight saves it, holds what want
// does: the same names with the same values (a system's part may come
// after the fields every system has, where it once stood among them).
func sameFight(t *testing.T, what string, f *FightFile, want []byte) {
	t.Helper()
	data, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	var g, w any
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	// The map is compared as a map: the file of 679e594 wrote it in
	// version 1 of the map file, SaveFight writes the version of today.
	var wf struct {
		Map *hexmap.File `json:"map"`
	}
	if err := json.Unmarshal(want, &wf); err != nil {
		t.Fatal(err)
	}
	if (f.Map == nil) != (wf.Map == nil) {
		t.Fatalf("%s: a map %v, the file 679e594 saved %v", what, f.Map != nil, wf.Map != nil)
	}
	if f.Map != nil {
		gm, gerr := f.Map.Map()
		wm, werr := wf.Map.Map()
		if gerr != nil || werr != nil || !gm.Equal(wm) {
			t.Errorf("%s: its map (%v) is not the map the file 679e594 saved (%v)", what, gerr, werr)
		}
		delete(g.(map[string]any), "map")
		delete(w.(map[string]any), "map")
	}
	// The file of 679e594 numbered no copies of a sheet: today's says
	// which copy a figure is from the second on ("Bandit 2"), and the
	// copies are numbered in the order the file gave them.
	if figs, ok := g.(map[string]any)["figures"].([]any); ok {
		seen := map[any]float64{}
		for _, fig := range figs {
			fm := fig.(map[string]any)
			seen[fm["character"]]++
			if n, ok := fm["number"]; ok && n != seen[fm["character"]] {
				t.Errorf("%s: figure %v is copy %v, want %v in the file's order", what, fm["id"], n, seen[fm["character"]])
			}
			delete(fm, "number")
		}
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s differs from the file 679e594 saved:\n%s", what, firstDiff(string(data)+"\n", string(want)))
	}
}
