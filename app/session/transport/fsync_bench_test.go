package transport

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkFsyncPerCommand is the reference the 8-client throughput is
// weighed against: one journal line (an edit's event, ~300 bytes) written
// and synced to disk per command, one after another, in the same kind of
// temporary directory the throughput benchmarks' journals live in.
// Reported: syncs a second (issue 38's goal: the 8 clients' cmds/s at
// least 1.5× this).
func BenchmarkFsyncPerCommand(b *testing.B) {
	f, err := os.Create(filepath.Join(b.TempDir(), "sync.journal.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	line := make([]byte, 300)
	for i := range line {
		line[i] = 'x'
	}
	line[len(line)-1] = '\n'
	b.ResetTimer()
	start := time.Now()
	for range b.N {
		if _, err := f.Write(line); err != nil {
			b.Fatal(err)
		}
		if err := f.Sync(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "syncs/s")
}
