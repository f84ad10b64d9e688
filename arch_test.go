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
// import no rules/<system> package, name no system id, compare no
// fight's rules or system id, and use nothing of package rules but the
// types the session hands them (rulesHandedOver); what differs by system
// they ask the session (State.Turn, State.Actions, State.SheetParts,
// State.Preview, State.Body, State.Attacks, …).
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
	rulesName := ""
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if strings.HasPrefix(path, "hexslinger/rules/") {
			say(imp, "imports the system package %s", path)
		}
		if path == "hexslinger/rules" {
			rulesName = "rules"
			if imp.Name != nil {
				rulesName = imp.Name.Name
			}
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
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok && rulesName != "" && x.Name == rulesName && !rulesHandedOver[n.Sel.Name] {
				say(n, "uses rules.%s: a rule the window works out itself; ask the session (State.Body, State.Attacks, State.RangeBands, …)", n.Sel.Name)
			}
		}
		return true
	})
	return out
}

// rulesHandedOver are the names of package rules a window may use: the
// types the session's answers are made of (a figure's gear, a sheet's
// character and traits) and the action-card deck the session deals from,
// which a window draws and reads back by name. Every other name of
// package rules (a constant, a function, a condition's value) encodes a
// rule of The West That Wasn't, which the windows ask the session for
// (docs/architecture.md, "One seam per rule system").
var rulesHandedOver = map[string]bool{
	"Carried":   true, // session.FigureStatus.Gear
	"Character": true, // session.Character's TWTW part
	"Traits":    true, // the same
	"Card":      true, // the action-card deck, as dealt (State.Dealt)
	"Cards":     true,
	"FindCard":  true,
}
