package session

import (
	"bytes"
	"encoding/json"
	"fmt"
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
		{name: "a fight file", path: fight, want: []string{"a fight file", "not a journal", "hexslinger --fight " + fight}},
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

// FuzzJournalOpening reads anything as a journal to replay: it never
// panics; a fight it returns is line 1's opening; a file it names a fight
// or a map file has that format at its top level.
func FuzzJournalOpening(f *testing.F) {
	f.Add([]byte("{\n  \"format\": \"hexslinger/fight\",\n  \"name\": \"x\"\n}\n"))
	f.Add([]byte(`{"format":"hexslinger/map","width":2}`))
	f.Add([]byte(`{"a":[1,2,{"format":"hexslinger/fight"}],"format":"hexslinger/hero"}`))
	f.Add([]byte("{\"seq\":1,\"kind\":\"opened\",\"fight\":{}}\n"))
	f.Add([]byte("{\"seq\":1,"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "x.journal.jsonl")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		fight, err := JournalOpening(path)
		if err == nil {
			if fight == nil {
				t.Fatalf("JournalOpening(%q): no fight and no error", data)
			}
			return
		}
		for what, format := range map[string]string{"a fight file": FightFormat, "a map file": hexmap.FileFormat} {
			if !strings.Contains(err.Error(), "is "+what+", not a journal") {
				continue
			}
			// The format was read from the file: a whole object says so
			// at its top level; a cut one at least holds the words.
			var top struct {
				Format string `json:"format"`
			}
			derr := json.NewDecoder(bytes.NewReader(data)).Decode(&top)
			if derr == nil && top.Format != format || derr != nil && !bytes.Contains(data, []byte("format")) {
				t.Fatalf("JournalOpening(%q) says %q: the file's format is %q (%v)", data, err, top.Format, derr)
			}
		}
	})
}

// TestACutJournalSaysWhatWasLost: a journal whose last line was cut off
// mid-write is found damaged at that line, and the damage says what was
// lost: the cut event's seq and kind, as far as the cut line tells them.
func TestACutJournalSaysWhatWasLost(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cut.journal.jsonl")
	s, err := Open(demo(t), path)
	if err != nil {
		t.Fatal(err)
	}
	j8 := hexmap.Hex{Q: 6, R: 7}
	mustDo(t, s, Command{Kind: CommandMove, Figure: "cyril", To: &j8})
	mustDo(t, s, Command{Kind: CommandTurn, Figure: "miranda", Turn: 1})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	last := lines[len(lines)-1]
	var e Event
	if err := json.Unmarshal([]byte(last), &e); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		keep int // bytes of the last line kept
		want []string
	}{
		{name: "cut mid-line", keep: len(last) / 2, want: []string{fmt.Sprintf("(seq %d)", e.Seq), fmt.Sprintf("a %q event", e.Kind)}},
		{name: "cut in its seq", keep: strings.Index(last, `"seq":`) + 3, want: []string{"an event"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cut := filepath.Join(t.TempDir(), "cut.journal.jsonl")
			if err := os.WriteFile(cut, data[:len(data)-1-len(last)+tc.keep], 0o600); err != nil {
				t.Fatal(err)
			}
			d, err := CheckJournal(cut)
			if err != nil || d == nil {
				t.Fatalf("CheckJournal of a journal cut after %d bytes of its last line: %v, %v; want the damage", tc.keep, d, err)
			}
			if d.Line != len(lines) || !d.Torn {
				t.Errorf("damage at line %d (torn %v), want line %d torn", d.Line, d.Torn, len(lines))
			}
			for _, w := range tc.want {
				if !strings.Contains(d.Lost, w) {
					t.Errorf("what was lost: %q, want %q in it", d.Lost, w)
				}
			}
		})
	}
}
