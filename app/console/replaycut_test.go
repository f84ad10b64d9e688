package console

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"hexslinger/app/session"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

// TestACutJournalReplaysWithAWarning: a journal whose last line a crash
// cut off mid-write replays what it can (the events before that line),
// with a warning for the Judge naming the line and the event lost; the
// journal itself is left as it is. A whole journal replays with none.
func TestACutJournalReplaysWithAWarning(t *testing.T) {
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "showdown.journal.jsonl")
	s, err := session.Open(f, path)
	if err != nil {
		t.Fatal(err)
	}
	j8 := hexmap.Hex{Q: 6, R: 7}
	if _, err := s.Do(session.Command{Kind: session.CommandMove, Figure: "cyril", To: &j8}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do(session.Command{Kind: session.CommandTurn, Figure: "miranda", Turn: 1}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	whole, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Count(whole, []byte("\n"))
	lastStart := bytes.LastIndexByte(whole[:len(whole)-1], '\n') + 1
	for _, tc := range []struct {
		name   string
		data   []byte
		events int      // the events the copy replays
		want   []string // in the warning; none: no warning
	}{
		{name: "a whole journal", data: whole, events: lines},
		{name: "its last line cut mid-line", data: whole[:lastStart+(len(whole)-lastStart)/2], events: lines - 1,
			want: []string{"Line " + strconv.Itoa(lines), "showdown.journal.jsonl", "cut off", `a "turned" event (seq ` + strconv.Itoa(lines) + ")", "ends at the event before it"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			journal := filepath.Join(dir, "showdown.journal.jsonl")
			if err := os.WriteFile(journal, tc.data, 0o600); err != nil {
				t.Fatal(err)
			}
			copyPath, warning, err := replayCopy(journal, t.TempDir())
			if err != nil {
				t.Fatalf("replayCopy: %v", err)
			}
			if len(tc.want) == 0 && warning != "" {
				t.Errorf("a whole journal warns %q", warning)
			}
			if len(tc.want) > 0 && warning == "" {
				t.Errorf("a journal cut after %d bytes replays with no warning", len(tc.data))
			}
			for _, w := range tc.want {
				if !strings.Contains(warning, w) {
					t.Errorf("warning %q, want %q in it", warning, w)
				}
			}
			if after, _ := os.ReadFile(journal); !bytes.Equal(after, tc.data) {
				t.Errorf("the journal replayed was changed")
			}
			opening, err := session.JournalOpening(copyPath)
			if err != nil {
				t.Fatal(err)
			}
			r, err := session.Open(opening, copyPath)
			if err != nil {
				t.Fatalf("the copy does not open: %v", err)
			}
			defer r.Close()
			if got := r.LastSeq(); got != tc.events {
				t.Errorf("the replay ends at event %d, want %d", got, tc.events)
			}
		})
	}
}
