package session

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkDecodeEventWithChanges decodes the journal line of the golden
// Savage Worlds and Lead and Chrome fights with the most figure changes,
// as a journal is read back: every status in it through FigureStatus's
// decoding.
func BenchmarkDecodeEventWithChanges(b *testing.B) {
	for _, name := range []string{"savage-two-rounds", "leadchrome-two-rounds", "three-rounds"} {
		b.Run(name, func(b *testing.B) {
			data, err := os.ReadFile(filepath.Join("testdata", "compat", name+".journal.jsonl"))
			if err != nil {
				b.Fatal(err)
			}
			var line []byte
			most := -1
			sc := bufio.NewScanner(bytes.NewReader(data))
			sc.Buffer(nil, 1<<24)
			for sc.Scan() {
				var e Event
				if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
					b.Fatal(err)
				}
				if e.Kind != EventOpened && len(e.Changes) > most {
					most, line = len(e.Changes), bytes.Clone(sc.Bytes())
				}
			}
			b.SetBytes(int64(len(line)))
			b.ReportAllocs()
			for b.Loop() {
				var e Event
				if err := json.Unmarshal(line, &e); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
