package session

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTheLedgerNamesCommandsAndTests reads docs/rules/twtw.md, the ledger
// of the TWTW chapter's rules in play: every row of its table must name a
// command the session knows and a test that exists in the project.
func TestTheLedgerNamesCommandsAndTests(t *testing.T) {
	root := filepath.Join("..", "..")
	f, err := os.Open(filepath.Join(root, "docs", "rules", "twtw.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tests := projectTests(t, root)
	commands := map[string]bool{}
	for _, k := range commandKinds {
		commands[k] = true
	}
	code := regexp.MustCompile("`([^`]+)`")
	rows := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| section") || strings.HasPrefix(line, "| ---") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 4 {
			t.Errorf("a row of %d cells, want 4: %s", len(cells), line)
			continue
		}
		rows++
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
	if rows < 25 {
		t.Errorf("the ledger has %d rows; it had 30 when this test was written", rows)
	}
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
