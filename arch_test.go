package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"hexslinger/app/session"
)

// TestArchitectureArrows holds the arrows docs/architecture.md says must
// never exist: the rules and the map import nothing of the app and no GUI
// toolkit; the session imports no GUI toolkit, and not its transport.
func TestArchitectureArrows(t *testing.T) {
	gui := []string{"fyne.io/", "github.com/hajimehoshi/ebiten", "github.com/go-gl/glfw", "github.com/sqweek/dialog"}
	for _, tc := range []struct {
		pkgs  string
		never []string
	}{
		{"hexslinger/rules/...", append([]string{"hexslinger/app/"}, gui...)},
		// The TWTW kernel knows no other system: a system's package is
		// found by the session, never by the kernel.
		{"hexslinger/rules", []string{"hexslinger/rules/"}},
		{"hexslinger/hexmap", append([]string{"hexslinger/app/", "hexslinger/rules"}, gui...)},
		{"hexslinger/app/session/...", gui},
		{"hexslinger/app/session", []string{"hexslinger/app/session/transport", "github.com/coder/websocket"}},
	} {
		t.Run(tc.pkgs, func(t *testing.T) {
			out, err := exec.Command("go", "list", "-deps", tc.pkgs).Output()
			if err != nil {
				t.Fatalf("go list -deps %s: %v", tc.pkgs, err)
			}
			for _, dep := range strings.Fields(string(out)) {
				for _, bad := range tc.never {
					if strings.HasPrefix(dep, bad) {
						t.Errorf("%s imports %s", tc.pkgs, dep)
					}
				}
			}
		})
	}
}

// TestWindowsKnowNoSystem holds the seam between the windows and the rule
// systems (docs/architecture.md, "One seam"): app/console and app/board
// import no rules/<system> package, name no system id, and compare no
// fight's rules or system id; what differs by system they ask the session
// (State.Turn, State.Actions, State.SheetParts, State.Preview, …).
func TestWindowsKnowNoSystem(t *testing.T) {
	ids := map[string]bool{}
	for _, id := range session.SystemIDs() {
		ids[id] = true
	}
	for _, dir := range []string{"app/console", "app/board"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			for _, msg := range systemKnowledge(t, name, ids) {
				t.Error(msg)
			}
		}
	}
}

// systemKnowledge lists where a Go file knows a rule system by name: an
// import of rules/<system>, a system id in a string, or a comparison of
// a fight's Rules or a system's ID().
func systemKnowledge(t *testing.T, name string, ids map[string]bool) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	say := func(n ast.Node, format string, args ...any) {
		out = append(out, fset.Position(n.Pos()).String()+": "+fmt.Sprintf(format, args...))
	}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if strings.HasPrefix(path, "hexslinger/rules/") {
			say(imp, "imports the system package %s", path)
		}
	}
	systemValued := func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.SelectorExpr:
			return e.Sel.Name == "Rules"
		case *ast.CallExpr:
			sel, ok := e.Fun.(*ast.SelectorExpr)
			return ok && sel.Sel.Name == "ID" && len(e.Args) == 0
		}
		return false
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if v, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING && ids[v] {
				say(n, "names the system %q", v)
			}
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (systemValued(n.X) || systemValued(n.Y)) {
				say(n, "compares a fight's system")
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && systemValued(n.Tag) {
				say(n, "switches on a fight's system")
			}
		}
		return true
	})
	return out
}
