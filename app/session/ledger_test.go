package session

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ledgerMinRows is the fewest rows each ledger may have: the count when
// the ledger was first written whole, so that a ledger cut short fails.
var ledgerMinRows = map[string]int{
	"twtw":           104,
	"dragonwarriors": 62,
	"leadchrome":     67,
	"fudge":          53,
	"savage":         76,
}

// TestTheLedgerNamesCommandsAndTests reads the ledgers in docs/rules, one
// per rule text (docs/rules/twtw.md for The West That Wasn't): every row
// of a ledger's table must name a command the session knows, a test
// that exists in the project, and the function that decides the rule: a
// func or method of app/session (`decideMelee`) or of a rules package,
// qualified by it (`rules.CheckAim`, `savage.Trait`,
// `rules.Engagement.Spend`). Each ledger's rule count, and how many are
// in play, is logged (go test -v -run TestTheLedger).
func TestTheLedgerNamesCommandsAndTests(t *testing.T) {
	root := filepath.Join("..", "..")
	paths, err := filepath.Glob(filepath.Join(root, "docs", "rules", "*.md"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no ledgers in docs/rules: %v", err)
	}
	tests := projectTests(t, root)
	funcs := deciders(t, root)
	commands := map[string]bool{}
	for _, k := range commandKinds {
		commands[k] = true
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".md")
		t.Run(name, func(t *testing.T) {
			inPlay, waiting := checkLedger(t, path, commands, tests, funcs)
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
// a known command, an existing test and deciding functions that exist
// (every name in the last cell), and the list items under its "Not yet
// in play" heading.
func checkLedger(t *testing.T, path string, commands, tests, funcs map[string]bool) (inPlay, waiting int) {
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
		if len(cells) != 5 {
			t.Errorf("a row of %d cells, want 5 (section, rule, command, test, decided by): %s", len(cells), line)
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
		fns := code.FindAllStringSubmatch(cells[4], -1)
		if fns == nil {
			t.Errorf("%q names no function that decides it: %q", strings.TrimSpace(cells[1]), cells[4])
		}
		for _, fn := range fns {
			if !funcs[fn[1]] {
				t.Errorf("%q names a deciding function that does not exist in app/session or rules/...: %q", strings.TrimSpace(cells[1]), fn[1])
			}
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

// deciders is the names of the funcs and methods declared in the
// non-test Go files of app/session and of rules and its packages, as a
// ledger names them: bare in app/session (decideMelee, or State.PlanShoot
// for a method), qualified by the package's name elsewhere (rules.CheckAim,
// rules.Engagement.Spend, savage.Trait); a method is also known by its
// bare name (PlanShoot, rules.Spend).
func deciders(t *testing.T, root string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	dirs := []string{filepath.Join(root, "app", "session")}
	err := filepath.WalkDir(filepath.Join(root, "rules"), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() != "internal" {
			dirs = append(dirs, path)
		} else if d.IsDir() {
			return filepath.SkipDir
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, dir := range dirs {
		paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range paths {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			prefix := ""
			if f.Name.Name != "session" {
				prefix = f.Name.Name + "."
			}
			for _, decl := range f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok {
					continue
				}
				out[prefix+fd.Name.Name] = true
				if fd.Recv != nil && len(fd.Recv.List) == 1 {
					if recv := receiverName(fd.Recv.List[0].Type); recv != "" {
						out[prefix+recv+"."+fd.Name.Name] = true
					}
				}
			}
		}
	}
	if !out["decideMelee"] || !out["rules.CheckAim"] {
		t.Fatalf("the deciders found in %v miss decideMelee or rules.CheckAim: the walk is wrong", dirs)
	}
	return out
}

// receiverName is the type's name of a method's receiver: State of
// *State, Series of Series, Pool of Pool[T].
func receiverName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return receiverName(x.X)
	case *ast.Ident:
		return x.Name
	case *ast.IndexExpr:
		return receiverName(x.X)
	case *ast.IndexListExpr:
		return receiverName(x.X)
	}
	return ""
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
