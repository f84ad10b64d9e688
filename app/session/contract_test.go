package session

import (
	"os"
	"strings"
	"testing"
)

// TestTheContractsTableIsTrue reads the table in contract.go of which
// system answers which optional interface and checks every cell against
// the systems as registered: a system that starts or stops answering one
// fails here until the table says so.
func TestTheContractsTableIsTrue(t *testing.T) {
	answers := map[string]func(System) bool{
		"System":        func(System) bool { return true },
		"marker":        func(s System) bool { _, ok := s.(marker); return ok },
		"sheetLiner":    func(s System) bool { _, ok := s.(sheetLiner); return ok },
		"hurtSayer":     func(s System) bool { _, ok := s.(hurtSayer); return ok },
		"paceUnit":      func(s System) bool { _, ok := s.(paceUnit); return ok },
		"secretKeeper":  func(s System) bool { _, ok := s.(secretKeeper); return ok },
		"turnBegun":     func(s System) bool { _, ok := s.(turnBegun); return ok },
		"holdWatcher":   func(s System) bool { _, ok := s.(holdWatcher); return ok },
		"roundEnder":    func(s System) bool { _, ok := s.(roundEnder); return ok },
		"lcWounder":     func(s System) bool { _, ok := s.(lcWounder); return ok },
		"bodyTeller":    func(s System) bool { _, ok := s.(bodyTeller); return ok },
		"attackOfferer": func(s System) bool { _, ok := s.(attackOfferer); return ok },
		"rangeTeller":   func(s System) bool { _, ok := s.(rangeTeller); return ok },
		"sheetNumberer": func(s System) bool { _, ok := s.(sheetNumberer); return ok },
	}
	data, err := os.ReadFile("contract.go")
	if err != nil {
		t.Fatal(err)
	}
	var cols []string
	rows := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(strings.TrimPrefix(line, "//\t"))
		if !strings.HasPrefix(line, "//\t") || len(f) == 0 {
			continue
		}
		if f[0] == "twtw" { // the heading: the systems' ids
			for _, id := range f {
				cols = append(cols, id)
			}
			continue
		}
		check, ok := answers[f[0]]
		if !ok || cols == nil {
			continue
		}
		rows[f[0]] = true
		for i, id := range cols {
			sys := SystemByID(id)
			if sys == nil {
				t.Fatalf("contract.go's table names system %q, which is not registered", id)
			}
			if want := f[1+i] == "✓"; check(sys) != want {
				t.Errorf("contract.go's table says %s answers %s: %v; it does: %v", id, f[0], want, check(sys))
			}
		}
	}
	for name := range answers {
		if !rows[name] {
			t.Errorf("contract.go's table has no row for %s", name)
		}
	}
	for _, id := range SystemIDs() {
		if _, madeUp := testSystems[id]; madeUp {
			continue // a test file's system needs no line outside its file
		}
		found := false
		for _, c := range cols {
			found = found || c == id
		}
		if !found {
			t.Errorf("contract.go's table has no column for system %s", id)
		}
	}
}
