package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"hexslinger/app/session"
	"hexslinger/assets"
)

// TestArchitectureArrows holds the parts and arrows declared in
// docs/architecture.md (its "arrows" block): every package of the module
// is a declared part, imports only the parts its line names, and reaches
// (directly or not) nothing a "never" line forbids: no GUI toolkit in the
// rules, the map or the session, no transport in the session, no arrow
// either way between the console and the map window. A declared arrow
// that no import draws is out of date and fails too. Each operating
// system's files count, as each links its own, and the browser's (js/wasm).
func TestArchitectureArrows(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	decl, err := parseArrows("docs/architecture.md", string(doc))
	if err != nil {
		t.Fatal(err)
	}
	g := importGraph{}
	for _, goos := range []string{"linux", "windows", "darwin", "js"} {
		cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}|{{.Module}}|{{join .Imports \" \"}}", "./...")
		cmd.Env = append(os.Environ(), "GOOS="+goos, "CGO_ENABLED=1")
		if goos == "js" { // the player's map window in a browser
			cmd.Env = append(cmd.Env, "GOARCH=wasm", "CGO_ENABLED=0")
		}
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("GOOS=%s go list -deps ./...: %v", goos, err)
		}
		g.add(string(out))
	}
	for _, msg := range decl.check(g) {
		t.Error(msg)
	}
}

// TestArchitectureArrowsFail: the check of the declared arrows fails on
// an undeclared arrow (the console importing the map window's package,
// or the other way), an undeclared package, a forbidden import reached
// through another package, an arrow declared where a never line forbids
// it, and an arrow declared that no import draws.
func TestArchitectureArrowsFail(t *testing.T) {
	const doc = "```arrows\n" +
		"hexslinger  -> app/console\n" +
		"app/console -> app/session\n" +
		"app/board   -> app/session\n" +
		"app/session ->\n" +
		"app/session/... !> fyne.io/ app/session/transport\n" +
		"app/console !> app/board\n" +
		"app/board   !> app/console\n" +
		"```\n"
	m := "hexslinger"
	tests := []struct {
		name  string
		edges []string // "from to": the module's own imports
		doc   string   // "" for doc
		want  []string // each a part of one failure, in order; none: passes
	}{
		{name: "as declared", edges: []string{"hexslinger hexslinger/app/console", "hexslinger/app/console hexslinger/app/session", "hexslinger/app/board hexslinger/app/session", "hexslinger/app/console fyne.io/fyne/v2"}},
		{name: "the console imports the board", edges: []string{"hexslinger hexslinger/app/console", "hexslinger/app/console hexslinger/app/session", "hexslinger/app/board hexslinger/app/session", "hexslinger/app/console hexslinger/app/board"},
			want: []string{"app/console imports app/board, which docs/architecture.md does not declare", "app/console reaches app/board through app/board: docs/architecture.md:7 says never"}},
		{name: "the board imports the console", edges: []string{"hexslinger hexslinger/app/console", "hexslinger/app/console hexslinger/app/session", "hexslinger/app/board hexslinger/app/session", "hexslinger/app/board hexslinger/app/console"},
			want: []string{"app/board imports app/console, which docs/architecture.md does not declare", "app/board reaches app/console through app/console: docs/architecture.md:8 says never"}},
		{name: "an undeclared package", edges: []string{"hexslinger hexslinger/app/console", "hexslinger/app/console hexslinger/app/session", "hexslinger/app/board hexslinger/app/session", "hexslinger/app/session hexslinger/internal/clock"},
			want: []string{"app/session imports internal/clock, which docs/architecture.md does not declare", "internal/clock is no part docs/architecture.md declares"}},
		{name: "a GUI toolkit reached through another package", edges: []string{"hexslinger hexslinger/app/console", "hexslinger/app/console hexslinger/app/session", "hexslinger/app/board hexslinger/app/session", "hexslinger/app/session example.com/pretty", "example.com/pretty fyne.io/fyne/v2"},
			want: []string{"app/session reaches fyne.io/fyne/v2 through example.com/pretty: docs/architecture.md:6 says never"}},
		{name: "an arrow declared that no import draws", edges: []string{"hexslinger hexslinger/app/console", "hexslinger/app/console hexslinger/app/session"},
			want: []string{"docs/architecture.md:4: app/board -> app/session: app/board does not import app/session"}},
		{name: "an arrow declared and forbidden", doc: strings.Replace(doc, "app/board   -> app/session", "app/board   -> app/session app/console", 1),
			edges: []string{"hexslinger hexslinger/app/console", "hexslinger/app/console hexslinger/app/session", "hexslinger/app/board hexslinger/app/session", "hexslinger/app/board hexslinger/app/console"},
			want:  []string{"app/board reaches app/console", "docs/architecture.md:4: app/board -> app/console: line 8 says never"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := tc.doc
			if text == "" {
				text = doc
			}
			decl, err := parseArrows("docs/architecture.md", text)
			if err != nil {
				t.Fatal(err)
			}
			g := importGraph{}
			for _, e := range tc.edges {
				from, to, _ := strings.Cut(e, " ")
				for _, p := range []string{from, to} {
					mod := "-"
					if p == m || strings.HasPrefix(p, m+"/") {
						mod = m
					}
					if _, ok := g[p]; !ok {
						g[p] = &pkgNode{module: mod}
					}
				}
				g[from].imports = append(g[from].imports, to)
			}
			got := decl.check(g)
			if len(got) != len(tc.want) {
				t.Fatalf("edges %q: got %d failures, want %d (%q):\n%s", tc.edges, len(got), len(tc.want), tc.want, strings.Join(got, "\n"))
			}
			for i := range got {
				if !strings.Contains(got[i], tc.want[i]) {
					t.Errorf("failure %d: got %q, want it to say %q", i, got[i], tc.want[i])
				}
			}
		})
	}
}

// TestParseArrowsRefusesAWrongLine: a line of the arrows block that is no
// arrow is an error naming its line, as is a file without the block.
func TestParseArrowsRefusesAWrongLine(t *testing.T) {
	for _, tc := range []struct{ name, doc, want string }{
		{"no block", "# architecture\n", "no ```arrows block"},
		{"no arrow", "```arrows\napp/board app/session\n```\n", "f.md:2: want PART -> PACKAGE... or PART !> PREFIX..."},
		{"no part", "```arrows\n# parts\n-> app/session\n```\n", "f.md:3: want PART"},
		{"never nothing", "```arrows\napp/board !>\n```\n", "f.md:2: a never line names nothing"},
		{"unclosed", "```arrows\napp/board ->\n", "f.md: the ```arrows block is not closed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseArrows("f.md", tc.doc)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("parseArrows(%q) = %v, want an error with %q", tc.doc, err, tc.want)
			}
		})
	}
}

// module is this module's path: the arrows block names its packages
// relative to it.
const module = "hexslinger"

// arrows is what the arrows block of docs/architecture.md declares.
type arrows struct {
	file  string
	may   []arrowLine // PART -> PACKAGE ...
	never []arrowLine // PART !> PREFIX ...
}

// arrowLine is one line of the block: its part and what it names.
type arrowLine struct {
	line  int
	part  string   // a package, or a pattern ending in /... (it and those under it)
	names []string // packages (may) or prefixes (never), as written
}

// parseArrows reads the fenced block "```arrows" of the Markdown text doc
// (named file in errors): one line per part and what it may import
// ("PART -> PACKAGE ..."), and what it must never reach ("PART !> PREFIX
// ..."); a # starts a comment.
func parseArrows(file, doc string) (*arrows, error) {
	a := &arrows{file: file}
	in, found := false, false
	for i, raw := range strings.Split(doc, "\n") {
		n := i + 1
		if strings.TrimSpace(raw) == "```arrows" {
			in, found = true, true
			continue
		}
		if !in {
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(raw), "```") {
			in = false
			continue
		}
		text, _, _ := strings.Cut(raw, "#")
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		if len(f) < 2 || (f[1] != "->" && f[1] != "!>") {
			return nil, fmt.Errorf("%s:%d: want PART -> PACKAGE... or PART !> PREFIX..., got %q", file, n, strings.TrimSpace(raw))
		}
		if f[0] == "->" || f[0] == "!>" {
			return nil, fmt.Errorf("%s:%d: want PART before %s", file, n, f[0])
		}
		l := arrowLine{line: n, part: f[0], names: f[2:]}
		if f[1] == "->" {
			a.may = append(a.may, l)
			continue
		}
		if len(l.names) == 0 {
			return nil, fmt.Errorf("%s:%d: a never line names nothing", file, n)
		}
		a.never = append(a.never, l)
	}
	switch {
	case !found:
		return nil, fmt.Errorf("%s: no ```arrows block", file)
	case in:
		return nil, fmt.Errorf("%s: the ```arrows block is not closed", file)
	}
	return a, nil
}

// importGraph is every package the module's packages build from, by
// import path: the union over the operating systems listed.
type importGraph map[string]*pkgNode

// pkgNode is one package: its module ("" for the standard library) and
// what its own (non-test) files import.
type pkgNode struct {
	module  string
	imports []string
}

// add adds go list's lines "PATH|MODULE|IMPORT IMPORT ...".
func (g importGraph) add(list string) {
	for _, line := range strings.Split(strings.TrimSpace(list), "\n") {
		f := strings.SplitN(line, "|", 3)
		if len(f) != 3 {
			continue
		}
		mod, _, _ := strings.Cut(f[1], " ") // "path version", or "<nil>"
		if mod == "<nil>" {
			mod = ""
		}
		p := g[f[0]]
		if p == nil {
			p = &pkgNode{module: mod}
			g[f[0]] = p
		}
		for _, imp := range strings.Fields(f[2]) {
			if !slices.Contains(p.imports, imp) {
				p.imports = append(p.imports, imp)
			}
		}
	}
}

// short is a package's path as the block writes it: relative to the
// module for the module's own.
func short(path string) string {
	if rel, ok := strings.CutPrefix(path, module+"/"); ok {
		return rel
	}
	return path
}

// full is a name of the block as an import path: a path whose first
// element has no dot is the module's own.
func full(name string) string {
	if first, _, _ := strings.Cut(name, "/"); strings.Contains(first, ".") || name == module {
		return name
	}
	return module + "/" + name
}

// matches says whether the module's package path is part: the package
// itself, or for "X/..." X and every package under it.
func matches(part, path string) bool {
	if x, ok := strings.CutSuffix(part, "/..."); ok {
		return path == full(x) || strings.HasPrefix(path, full(x)+"/")
	}
	return path == full(part)
}

// reaches says whether import path p falls under the never line's name:
// a prefix, the module's relative to it.
func reaches(name, p string) bool {
	return strings.HasPrefix(p, full(name))
}

// check lists every way g departs from the declaration, in a stable
// order: a module package no line declares, an import no line allows,
// a forbidden package reached, an arrow declared that is forbidden or
// that no import draws.
func (a *arrows) check(g importGraph) []string {
	var own []string
	for p, n := range g {
		if n.module == module {
			own = append(own, p)
		}
	}
	slices.Sort(own)
	var out []string
	drawn := map[[2]int]bool{} // {line, name index} of a declared arrow some import draws
	for _, p := range own {
		declared := false
		for _, l := range a.may {
			declared = declared || matches(l.part, p)
		}
		if !declared {
			out = append(out, fmt.Sprintf("%s is no part %s declares: add a line for it to its arrows block", short(p), a.file))
		}
		for _, imp := range g[p].imports {
			if g[imp] == nil || g[imp].module != module {
				continue
			}
			allowed := false
			for _, l := range a.may {
				if !matches(l.part, p) {
					continue
				}
				for k, name := range l.names {
					if matches(name, imp) {
						allowed, drawn[[2]int{l.line, k}] = true, true
					}
				}
			}
			if declared && !allowed {
				out = append(out, fmt.Sprintf("%s imports %s, which %s does not declare", short(p), short(imp), a.file))
			}
		}
	}
	for _, l := range a.never {
		for _, p := range own {
			if !matches(l.part, p) {
				continue
			}
			for _, name := range l.names {
				bad := g.reach(p, func(q string) bool { return reaches(name, q) })
				if len(bad) == 0 {
					continue
				}
				slices.SortFunc(bad, func(x, y [2]string) int { return strings.Compare(x[0], y[0]) })
				more := ""
				if len(bad) > 1 {
					more = fmt.Sprintf(" (and %d more under %s)", len(bad)-1, name)
				}
				out = append(out, fmt.Sprintf("%s reaches %s through %s%s: %s:%d says never", short(p), short(bad[0][0]), short(bad[0][1]), more, a.file, l.line))
			}
		}
	}
	for _, l := range a.may {
		for k, name := range l.names {
			for _, nl := range a.never {
				if (matches(nl.part, full(l.part)) || matches(l.part, full(nl.part))) && slices.ContainsFunc(nl.names, func(x string) bool { return reaches(x, full(name)) }) {
					out = append(out, fmt.Sprintf("%s:%d: %s -> %s: line %d says never", a.file, l.line, l.part, name, nl.line))
				}
			}
			if !drawn[[2]int{l.line, k}] {
				out = append(out, fmt.Sprintf("%s:%d: %s -> %s: %s does not import %s; take the arrow out", a.file, l.line, l.part, name, l.part, name))
			}
		}
	}
	return out
}

// reach lists the packages p imports, directly or not, that bad says
// are forbidden, each with the import of p's own it goes through.
func (g importGraph) reach(p string, bad func(string) bool) [][2]string {
	var out [][2]string
	for _, first := range g[p].imports {
		seen := map[string]bool{}
		stack := []string{first}
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[q] {
				continue
			}
			seen[q] = true
			if bad(q) && !slices.ContainsFunc(out, func(x [2]string) bool { return x[0] == q }) {
				out = append(out, [2]string{q, first})
			}
			if n := g[q]; n != nil {
				stack = append(stack, n.imports...)
			}
		}
	}
	return out
}

// TestWindowsKnowNoSystem holds the seam between the windows and the rule
// systems (docs/architecture.md, "One seam"): app/console and app/board
// import no rules/<system> package, name no system id, compare no
// fight's rules or system id, and use nothing of package rules but the
// types the session hands them (rulesHandedOver); what differs by system
// they ask the session (State.Turn, State.Actions, State.SheetParts,
// State.Preview, State.Body, State.Attacks, …). Nor do they read a
// system's own options (a FightOptions accessor named after a system, as
// FightOptions.TWTW), and the console names no kind of attack the session
// offers ("aimed", "quick"): it asks State.Attacks.
func TestWindowsKnowNoSystem(t *testing.T) {
	ids := map[string]bool{}
	for _, id := range session.SystemIDs() {
		ids[id] = true
	}
	k := windowKnowledge{systems: ids, options: systemOptions(ids), kinds: attackKindNames(t)}
	for _, dir := range []string{"app/console", "app/board"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			k := k
			if dir != "app/console" {
				k.kinds = nil // the map window's scripted scenes order their shots as a player would
			}
			for _, msg := range systemKnowledge(t, name, k) {
				t.Error(msg)
			}
		}
	}
}

// windowKnowledge is what a window may not name: the system ids, the
// FightOptions accessors of a system's own options, and the kinds of
// attack the session offers (nil: not checked).
type windowKnowledge struct {
	systems, options, kinds map[string]bool
}

// systemOptions are the methods of FightOptions that read one system's
// own options: those named after a system (FightOptions.TWTW); an option
// any system may play (FightOptions.LeadChrome) is no system's.
func systemOptions(ids map[string]bool) map[string]bool {
	out := map[string]bool{}
	t := reflect.TypeFor[session.FightOptions]()
	for i := range t.NumMethod() {
		if m := t.Method(i).Name; ids[strings.ToLower(m)] {
			out[m] = true
		}
	}
	return out
}

// attackKindNames are the names of the kinds of attack the session offers
// any figure of the bundled fights (State.Attacks), every system's.
func attackKindNames(t *testing.T) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for name, data := range assets.Fights() {
		f, err := session.DecodeFight(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("the bundled fight %s: %v", name, err)
		}
		st, err := f.State()
		if err != nil {
			t.Fatalf("the bundled fight %s: %v", name, err)
		}
		for _, id := range st.Order {
			for _, a := range st.Attacks(id) {
				for _, k := range slices.Concat(a.Kinds, a.Series) {
					out[k.Name] = true
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("the bundled fights offer no kind of attack: nothing to look for")
	}
	return out
}

// systemKnowledge lists where a Go file knows a rule system by name: an
// import of rules/<system>, a system id in a string, or a comparison of
// a fight's Rules or a system's ID(); a system's own options read; an
// attack kind named in a string (k.kinds).
func systemKnowledge(t *testing.T, name string, k windowKnowledge) []string {
	ids := k.systems
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
			if v, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING && k.kinds[v] {
				say(n, "names the attack kind %q: ask the session (State.Attacks, State.AttackCommand)", v)
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
			if k.options[n.Sel.Name] {
				say(n, "reads a system's own options (FightOptions.%s): ask the session (State.Switches, State.Attacks, …)", n.Sel.Name)
			}
			if x, ok := n.X.(*ast.Ident); ok && rulesName != "" && x.Name == rulesName && !rulesHandedOver[n.Sel.Name] {
				say(n, "uses rules.%s: a rule the window works out itself; ask the session (State.Body, State.Attacks, State.RangeBands, …)", n.Sel.Name)
			}
		}
		return true
	})
	return out
}

// TestNoBuildOutputInGit: the repository holds no built program (no file
// beginning as an ELF, Windows or Mach-O executable, nor any tracked file
// .gitignore ignores), and .gitignore covers everything make, make
// windows, make package, make e2e and the tools under scripts/ write into
// the tree, and what go build, go test -c and a profile leave there.
func TestNoBuildOutputInGit(t *testing.T) {
	if err := exec.Command("git", "rev-parse", "--is-inside-work-tree").Run(); err != nil {
		t.Skip("not a git work tree:", err)
	}
	out, err := exec.Command("git", "ls-files", "-z").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		f, err := os.Open(name)
		if err != nil {
			continue // deleted in the work tree
		}
		head := make([]byte, 4)
		n, _ := f.Read(head)
		f.Close()
		for _, magic := range []string{"\x7fELF", "MZ", "\xcf\xfa\xed\xfe", "\xfe\xed\xfa\xcf"} {
			if strings.HasPrefix(string(head[:n]), magic) {
				t.Errorf("%s is tracked and is a built program (it begins %q): git rm --cached it", name, magic)
			}
		}
	}
	if out, _ := exec.Command("git", "ls-files", "-ci", "--exclude-standard").Output(); len(out) > 0 {
		t.Errorf("tracked files that .gitignore ignores:\n%s", out)
	}
	for _, path := range []string{
		"bin/hexslinger", "bin/hexslinger-map", // make build
		"build/hexslinger-0.1.0-linux-amd64.tar.xz", "build/pkg/hexslinger/usr/local/bin/hexslinger", // make package
		"hexslinger.tar.xz",                                                                                             // fyne package, before package.sh moves it
		"build/hexslinger-0.1.0-windows-amd64.zip", "build/windows/res/hexslinger.syso", "build/wine/prefix/system.reg", // make windows, test-windows
		"rsrc_windows_amd64.syso", "app/hexslinger-map/rsrc_windows_amd64.syso", // windows.sh, while go build runs
		"hexslinger", "hexslinger-map", "hexslinger.exe", "hexslinger-map.exe", // go build at the root
		"app/hexslinger-map/hexslinger-map", "app/hexslinger-map/hexslinger-map.exe", // go build in its folder
		"uvttimport", "reachfloor", "winres", "steps.bin", // the tools built or run at the root
		"scripts/uvttimport/uvttimport", "scripts/reachfloor/reachfloor", "scripts/winres/winres",
		"e2e/shots/1-start.png", "e2e/shots/scene-street-diff.png", // make e2e
		"hexslinger.test", "app/session/session.test", // go test -c
		"cpu.prof", "app/session/mem.prof", // go test -cpuprofile, -memprofile
	} {
		if err := exec.Command("git", "check-ignore", "-q", "--no-index", path).Run(); err != nil {
			t.Errorf("%s (a build output) is not ignored by .gitignore", path)
		}
	}
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
