package session

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ledgerMinRows is the fewest rows each ledger may have: the count when
// the ledger was first written whole, so that a ledger cut short fails.
var ledgerMinRows = map[string]int{
	"twtw":           85,
	"dragonwarriors": 54,
	"leadchrome":     33,
	"fudge":          44,
	"savage":         56,
}

// TestTheLedgerNamesCommandsAndTests reads the ledgers in docs/rules, one
// per rule text (docs/rules/twtw.md for The West That Wasn't): every row
// of a ledger's table must name a command the session knows and a test
// that exists in the project. Each ledger's rule count, and how many are
// in play, is logged (go test -v -run TestTheLedger).
func TestTheLedgerNamesCommandsAndTests(t *testing.T) {
	root := filepath.Join("..", "..")
	paths, err := filepath.Glob(filepath.Join(root, "docs", "rules", "*.md"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no ledgers in docs/rules: %v", err)
	}
	tests := projectTests(t, root)
	commands := map[string]bool{}
	for _, k := range commandKinds {
		commands[k] = true
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".md")
		t.Run(name, func(t *testing.T) {
			inPlay, waiting := checkLedger(t, path, commands, tests)
			t.Logf("%s: %d rules in the ledger, %d in play", name, inPlay+waiting, inPlay)
			if inPlay < ledgerMinRows[name] {
				t.Errorf("the ledger has %d rows in play; it had %d when last counted", inPlay, ledgerMinRows[name])
			}
			if inPlay == 0 {
				t.Error("the ledger has no rules in play")
			}
		})
	}
}

// checkLedger reads one ledger: the rows of its tables, each checked for
// a known command and an existing test, and the list items under its
// "Not yet in play" heading.
func checkLedger(t *testing.T, path string, commands, tests map[string]bool) (inPlay, waiting int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	code := regexp.MustCompile("`([^`]+)`")
	notYet := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			notYet = strings.HasPrefix(line, "## Not yet in play")
			continue
		}
		if notYet {
			if strings.HasPrefix(line, "- ") {
				waiting++
			}
			continue
		}
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| section") || strings.HasPrefix(line, "| ---") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 4 {
			t.Errorf("a row of %d cells, want 4: %s", len(cells), line)
			continue
		}
		inPlay++
		cmd := code.FindStringSubmatch(cells[2])
		if cmd == nil || !commands[cmd[1]] {
			t.Errorf("%q names no command the session knows: %q", strings.TrimSpace(cells[1]), cells[2])
		}
		test := code.FindStringSubmatch(cells[3])
		if test == nil || !tests[test[1]] {
			t.Errorf("%q names no test that exists: %q", strings.TrimSpace(cells[1]), cells[3])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return inPlay, waiting
}

// projectTests is the names of the Test functions in the project's Go
// files.
func projectTests(t *testing.T, root string) map[string]bool {
	t.Helper()
	decl := regexp.MustCompile(`(?m)^func (Test\w+)\(`)
	out := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "bin") {
			return filepath.SkipDir
		}
		if strings.HasSuffix(path, "_test.go") {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, m := range decl.FindAllSubmatch(data, -1) {
				out[string(m[1])] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestEveryRuleTextHasALedger: each rule system, and Lead and Chrome
// (played on top of the others), has its ledger in docs/rules and a
// count of rows in play it may not fall below; but a system a test file
// makes up (testSystems), which has no rule text.
func TestEveryRuleTextHasALedger(t *testing.T) {
	for _, id := range append(SystemIDs(), "leadchrome") {
		if _, madeUp := testSystems[id]; madeUp {
			continue
		}
		if _, err := os.Stat(filepath.Join("..", "..", "docs", "rules", id+".md")); err != nil {
			t.Errorf("no ledger for %s: %v", id, err)
		}
		if ledgerMinRows[id] == 0 {
			t.Errorf("ledgerMinRows has no count for %s", id)
		}
	}
}
