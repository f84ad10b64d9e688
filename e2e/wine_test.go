//go:build wine

package e2e

// The Windows package's tests (go test -tags wine ./e2e, or make
// test-windows, which builds the zip first): the zip's contents, and its
// console started under Wine on a virtual display to make a move, quit and
// reopen the fight.

import (
	"archive/zip"
	"bytes"
	"debug/pe"
	"encoding/binary"
	"fmt"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"hexslinger/app/session"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

// winZip is the path of the Windows zip make windows built, and the
// version FyneApp.toml gives it.
func winZip(t *testing.T, root string) (path, version string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "FyneApp.toml"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^Version *= *"(.*)"`).FindSubmatch(data)
	if m == nil {
		t.Fatal("FyneApp.toml has no Version")
	}
	version = string(m[1])
	path = filepath.Join(root, "build", "hexslinger-"+version+"-windows-amd64.zip")
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%v: run make windows first", err)
	}
	return path, version
}

// utf16le is s as the UTF-16LE bytes of a Windows resource string.
func utf16le(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = binary.LittleEndian.AppendUint16(b, u)
	}
	return b
}

// resourceTypes lists the type IDs at the top of a PE file's resource
// directory (3 icon, 14 icon group, 16 version), and the section's bytes.
func resourceTypes(f *pe.File) ([]int, []byte, error) {
	s := f.Section(".rsrc")
	if s == nil {
		return nil, nil, fmt.Errorf("no .rsrc section")
	}
	data, err := s.Data()
	if err != nil {
		return nil, nil, err
	}
	if len(data) < 16 {
		return nil, nil, fmt.Errorf(".rsrc holds %d bytes", len(data))
	}
	le := binary.LittleEndian
	named, ids := int(le.Uint16(data[12:])), int(le.Uint16(data[14:]))
	var types []int
	for i := named; i < named+ids; i++ {
		off := 16 + 8*i
		if off+8 > len(data) {
			return nil, nil, fmt.Errorf(".rsrc directory entry %d lies past the section", i)
		}
		types = append(types, int(le.Uint32(data[off:])))
	}
	return types, data, nil
}

// TestWindowsZip checks the zip make windows builds: its three files in
// one folder; both programs 64-bit Windows GUI programs (PE32+, x86-64,
// no terminal window) carrying an icon and version information with
// FyneApp.toml's version; the README saying where the data goes; and
// nothing of the Wine test harness.
func TestWindowsZip(t *testing.T) {
	root, _ := filepath.Abs("..")
	path, version := winZip(t, root)
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	dir := "hexslinger-" + version + "-windows-amd64/"
	var names []string
	files := map[string]*zip.File{}
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		names = append(names, f.Name)
		files[f.Name] = f
	}
	slices.Sort(names)
	want := []string{dir + "README.txt", dir + "hexslinger-map.exe", dir + "hexslinger-web.wasm", dir + "hexslinger.exe", dir + "wasm_exec.js"}
	if !slices.Equal(names, want) {
		t.Fatalf("%s holds %q, want %q", filepath.Base(path), names, want)
	}
	read := func(name string) []byte {
		rc, err := files[name].Open()
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		data, err := io.ReadAll(rc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return data
	}
	// The player's map for browsers, which the console serves: a
	// WebAssembly module, and Go's glue for it.
	if wasm := read(dir + "hexslinger-web.wasm"); !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Errorf("hexslinger-web.wasm is not WebAssembly: it starts %q", wasm[:min(8, len(wasm))])
	}
	if glue := string(read(dir + "wasm_exec.js")); !strings.Contains(glue, "class Go") && !strings.Contains(glue, "Go = class") {
		t.Errorf("wasm_exec.js is not Go's WebAssembly glue")
	}
	for _, exe := range []string{"hexslinger.exe", "hexslinger-map.exe"} {
		t.Run(exe, func(t *testing.T) {
			f, err := pe.NewFile(bytes.NewReader(read(dir + exe)))
			if err != nil {
				t.Fatalf("%s is not a PE file: %v", exe, err)
			}
			if f.Machine != pe.IMAGE_FILE_MACHINE_AMD64 {
				t.Errorf("%s: machine %#x, want x86-64 (%#x)", exe, f.Machine, pe.IMAGE_FILE_MACHINE_AMD64)
			}
			oh, ok := f.OptionalHeader.(*pe.OptionalHeader64)
			if !ok {
				t.Fatalf("%s: optional header %T, want PE32+ (*pe.OptionalHeader64)", exe, f.OptionalHeader)
			}
			if oh.Subsystem != pe.IMAGE_SUBSYSTEM_WINDOWS_GUI {
				t.Errorf("%s: subsystem %d, want the GUI subsystem (%d): a double-click would open a terminal window", exe, oh.Subsystem, pe.IMAGE_SUBSYSTEM_WINDOWS_GUI)
			}
			types, rsrc, err := resourceTypes(f)
			if err != nil {
				t.Fatalf("%s: resources: %v", exe, err)
			}
			for _, ty := range []struct {
				id   int
				name string
			}{{3, "icon"}, {14, "icon group"}, {16, "version information"}} {
				if !slices.Contains(types, ty.id) {
					t.Errorf("%s: no %s resource (type %d) among types %v", exe, ty.name, ty.id, types)
				}
			}
			for _, s := range []string{"ProductVersion", version, "OriginalFilename", exe} {
				if !bytes.Contains(rsrc, utf16le(s)) {
					t.Errorf("%s: version information lacks %q", exe, s)
				}
			}
			// The icon: the 256-pixel image is the app's icon as a PNG.
			if !bytes.Contains(rsrc, []byte("\x89PNG\r\n\x1a\n")) {
				t.Errorf("%s: no PNG icon image in its resources", exe)
			}
		})
	}
	readme := string(read(dir + "README.txt"))
	for _, s := range []string{`%AppData%\hexslinger`, "hexslinger.exe", "Firewall", version, "\r\n"} {
		if !strings.Contains(readme, s) {
			t.Errorf("README.txt does not say %q:\n%s", s, readme)
		}
	}
}

// wine is the Wine prefix the smoke test runs in, with the zip unpacked
// into a folder of its C: drive.
type wine struct {
	t      *testing.T
	root   string // the project
	prefix string // WINEPREFIX
	exeDir string // the unpacked zip's folder, a Linux path
	winDir string // the same as Windows sees it
}

// env is the environment of a Wine program in the prefix.
func (w *wine) env() []string {
	return append(os.Environ(), "WINEPREFIX="+w.prefix, "WINEDEBUG=-all", "WINEDLLOVERRIDES=mscoree,mshtml=")
}

// winPath is a path under the prefix's C: drive as Windows writes it.
func (w *wine) winPath(p string) string {
	rel, err := filepath.Rel(filepath.Join(w.prefix, "drive_c"), p)
	if err != nil || strings.HasPrefix(rel, "..") {
		w.t.Fatalf("%s is not on the prefix's C: drive", p)
	}
	return `C:\` + strings.ReplaceAll(rel, "/", `\`)
}

// start starts the console, in its folder as a double-click does, with
// args; its output (and the map window's, which it passes on) goes to out.
func (w *wine) start(out *output, args ...string) *exec.Cmd {
	w.t.Helper()
	cmd := exec.Command("wine", append([]string{w.winDir + `\hexslinger.exe`}, args...)...)
	cmd.Dir = w.exeDir
	cmd.Env = w.env()
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		w.t.Fatal(err)
	}
	w.t.Logf("started: wine %s %s", w.winDir+`\hexslinger.exe`, strings.Join(args, " "))
	return cmd
}

// exited waits up to limit for cmd to end and says whether it did.
func exited(cmd *exec.Cmd, limit time.Duration) bool {
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(limit):
		return false
	}
}

// journals lists the journals under the prefix's %AppData%\hexslinger, and
// any a console put elsewhere in the user folders.
func (w *wine) journals() (appData, elsewhere []string) {
	users := filepath.Join(w.prefix, "drive_c", "users")
	appData, _ = filepath.Glob(filepath.Join(users, "*", "AppData", "Roaming", "hexslinger", "journals", "*.journal.jsonl"))
	filepath.WalkDir(users, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".journal.jsonl") && !slices.Contains(appData, p) {
			elsewhere = append(elsewhere, p)
		}
		return nil
	})
	return appData, elsewhere
}

// windowGone waits up to limit for no window to be titled name.
func windowGone(name string, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if findWindow(name) == "" {
			return true
		}
		time.Sleep(200 * time.Millisecond)
	}
	return false
}

// TestWindowsSmoke unpacks the zip into a fresh Wine prefix and starts
// hexslinger.exe as a double-click does (the demo fight, in the exe's
// folder): both windows open; a click on Cyril in the map window and one
// on J8 move him, and the move is in the journal under the prefix's
// %AppData%; Ctrl+Q quits (discarding, at the save question, what the
// journal keeps anyway) and closes the map window too; the console
// started again on that journal brings the fight back, Cyril drawn at J8.
// Screenshots go to build/wine/shots.
func TestWindowsSmoke(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("needs an X display (make test-windows runs it under Xvfb)")
	}
	if _, err := exec.LookPath("wine"); err != nil {
		t.Skip("needs Wine (scripts/deps.sh windows-test installs it)")
	}
	root, _ := filepath.Abs("..")
	zipPath, version := winZip(t, root)
	shots := filepath.Join(root, "build", "wine", "shots")
	os.RemoveAll(shots)
	os.MkdirAll(shots, 0o755)

	// A fresh prefix with the harness's shim, removed at the end.
	w := &wine{t: t, root: root, prefix: filepath.Join(t.TempDir(), "prefix")}
	if out, err := exec.Command(filepath.Join(root, "scripts", "wine", "prefix.sh"), w.prefix).CombinedOutput(); err != nil {
		t.Fatalf("scripts/wine/prefix.sh: %v\n%s", err, out)
	}
	t.Cleanup(func() {
		k := exec.Command("wineserver", "-k")
		k.Env = w.env()
		k.Run()
	})
	// Unpacked into a folder with a space and non-ASCII letters, as a
	// Judge's Documents folder may be named.
	w.exeDir = filepath.Join(w.prefix, "drive_c", "Jeux de dés", "hexslinger-"+version+"-windows-amd64")
	unzip(t, zipPath, filepath.Dir(w.exeDir))
	w.winDir = w.winPath(w.exeDir)

	fight, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		t.Fatal(err)
	}
	st, _ := fight.State()

	// 1. A double-click: the demo fight, its console and its map window.
	var out output
	console := w.start(&out)
	defer func() {
		console.Process.Kill()
		if t.Failed() {
			t.Logf("console and map window output:\n%s", out.String())
		}
	}()
	consoleWin, mapWin := w.windows(t, &out, fight.Name)
	shotWindow(t, mapWin, shots, "1-map.png")
	shot(t, shots, "1-screen.png")
	w.raise(t, consoleWin)
	shotWindow(t, consoleWin, shots, "1-console.png")
	// The map window on top again, for the clicks.
	w.raise(t, mapWin)

	appData, elsewhere := w.journals()
	if len(appData) != 1 {
		t.Fatalf("journals under the prefix's %%AppData%%\\hexslinger\\journals: %q, want 1 (elsewhere under C:\\users: %q)", appData, elsewhere)
	}
	jpath := appData[0]
	t.Logf("journal: %s", w.winPath(jpath))

	// 2. A move through the session: Cyril (C8) to J8, clicked in the map
	// window, where it draws the hexes by its logged view.
	layout := w.layout(t, &out, mapWin, st.Map.Orientation)
	w.click(t, mapWin, layout, st.Map, "C8")
	w.click(t, mapWin, layout, st.Map, "J8")
	moved := func() bool {
		for _, e := range journal(t, jpath) {
			if e.Kind == session.EventMoved && e.Figure == "cyril" && st.Map.Label(e.To) == "J8" {
				return true
			}
		}
		return false
	}
	waitFor(t, "Cyril's move C8 → J8 in the journal under %AppData%", 30*time.Second, moved)
	shotWindow(t, mapWin, shots, "2-moved-map.png")
	w.tokenAt(t, filepath.Join(shots, "2-moved-map.png"), layout, st.Map, "J8", true)

	// 3. Quit: a click on the console's round line gives it the keyboard
	// (Wine takes no focus from synthetic events, and there is no window
	// manager), Ctrl+Q, then Discard at the question about saving the
	// fight to a file (the journal keeps the move): Tab to Save, Tab to
	// Discard, Space presses it.
	w.focus(t, consoleWin)
	xdotool(t, "key", "ctrl+q")
	time.Sleep(1500 * time.Millisecond)
	shotWindow(t, consoleWin, shots, "3-quit-question.png")
	for _, k := range []string{"Tab", "Tab", "space"} {
		xdotool(t, "key", k)
		time.Sleep(400 * time.Millisecond)
	}
	if !exited(console, 30*time.Second) {
		t.Fatal("the console did not quit on Ctrl+Q and Discard (screenshot 3-quit-question.png)")
	}
	if !windowGone("hexslinger — map", 15*time.Second) {
		t.Error("the map window stayed open after the console quit")
	}
	events := journal(t, jpath)

	// 4. Started again on that journal: the fight comes back with the move.
	var out2 output
	again := w.start(&out2, "--journal", w.winPath(jpath))
	defer func() {
		again.Process.Kill()
		if t.Failed() {
			t.Logf("reopened console's output:\n%s", out2.String())
		}
	}()
	consoleWin, mapWin = w.windows(t, &out2, fight.Name)
	layout = w.layout(t, &out2, mapWin, st.Map.Orientation)
	w.raise(t, mapWin)
	shotWindow(t, mapWin, shots, "4-reopened-map.png")
	w.tokenAt(t, filepath.Join(shots, "4-reopened-map.png"), layout, st.Map, "J8", true)
	w.tokenAt(t, filepath.Join(shots, "4-reopened-map.png"), layout, st.Map, "C8", false)
	w.raise(t, consoleWin)
	shotWindow(t, consoleWin, shots, "4-reopened-console.png")
	if got := journal(t, jpath); len(got) < len(events) || !moved() {
		t.Errorf("the reopened journal holds %d events (%d before), the move: %v", len(got), len(events), moved())
	}
	if others, _ := w.journals(); len(others) != 1 {
		t.Errorf("reopening made another journal: %q", others)
	}
	fmt.Println("wine: the Windows zip's console made a move, quit and reopened the fight under Wine; screenshots in", shots)
}

// unzip unpacks the zip at path into dir.
func unzip(t *testing.T, path, dir string) {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if !strings.HasPrefix(p, dir+string(filepath.Separator)) {
			t.Fatalf("%s: entry %q leaves the folder", path, f.Name)
		}
		if f.FileInfo().IsDir() {
			os.MkdirAll(p, 0o755)
			continue
		}
		os.MkdirAll(filepath.Dir(p), 0o755)
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// windows waits for the console (titled with the fight's name) and its
// map window, the map window on top.
func (w *wine) windows(t *testing.T, out *output, fightName string) (consoleWin, mapWin string) {
	t.Helper()
	waitFor(t, "the console window", 120*time.Second, func() bool {
		consoleWin = findWindow("hexslinger — " + fightName)
		return consoleWin != ""
	})
	waitFor(t, "the map window", 90*time.Second, func() bool {
		mapWin = findWindow("hexslinger — map")
		return mapWin != ""
	})
	waitFor(t, "the map window to connect and fit the map", 60*time.Second, func() bool {
		return strings.Contains(out.String(), "board: connected") && viewRe.MatchString(out.String())
	})
	// Wine places them itself (there is no window manager), the map window
	// over the console's right-hand side: the map window on top.
	time.Sleep(time.Second) // let both windows settle and draw
	w.raise(t, mapWin)
	return consoleWin, mapWin
}

// layout is where the map window draws hexes, on the screen: its view as
// it last logged it, from the window's place.
func (w *wine) layout(t *testing.T, out *output, mapWin string, o hexmap.Orientation) hexmap.Layout {
	t.Helper()
	// The view is logged again when the window is moved: the last one.
	time.Sleep(time.Second)
	ms := viewRe.FindAllStringSubmatch(out.String(), -1)
	last := ms[len(ms)-1]
	size, _ := strconv.ParseFloat(last[1], 64)
	ox, _ := strconv.ParseFloat(last[2], 64)
	oy, _ := strconv.ParseFloat(last[3], 64)
	return hexmap.Layout{Orientation: o, Size: size, Origin: hexmap.Point{X: ox, Y: oy}}
}

// click clicks hex label in the map window, held as a hand holds it.
func (w *wine) click(t *testing.T, mapWin string, l hexmap.Layout, m *hexmap.Map, label string) {
	t.Helper()
	wx, wy := windowAt(t, mapWin)
	h, err := m.ParseHex(label)
	if err != nil {
		t.Fatal(err)
	}
	p := l.ToPixel(h)
	xdotool(t, "mousemove", strconv.Itoa(wx+int(p.X)), strconv.Itoa(wy+int(p.Y)))
	time.Sleep(300 * time.Millisecond)
	xdotool(t, "mousedown", "1")
	time.Sleep(100 * time.Millisecond)
	xdotool(t, "mouseup", "1")
	time.Sleep(700 * time.Millisecond)
}

// focus raises the console and clicks its round line (a label: the click
// does nothing else), giving it the keyboard.
func (w *wine) focus(t *testing.T, consoleWin string) {
	t.Helper()
	w.raise(t, consoleWin)
	x, y := windowAt(t, consoleWin)
	xdotool(t, "mousemove", strconv.Itoa(x+150), strconv.Itoa(y+190))
	time.Sleep(200 * time.Millisecond)
	xdotool(t, "click", "1")
	time.Sleep(500 * time.Millisecond)
}

// raise puts a window on top and waits for Wine to draw it there: Wine
// answers a raise by activating the window, a moment later.
func (w *wine) raise(t *testing.T, win string) {
	t.Helper()
	xdotool(t, "windowraise", win)
	time.Sleep(time.Second)
}

// windowAt is a window's place on the screen.
func windowAt(t *testing.T, win string) (x, y int) {
	for _, line := range strings.Split(xdotool(t, "getwindowgeometry", "--shell", win), "\n") {
		if v, ok := strings.CutPrefix(line, "X="); ok {
			x, _ = strconv.Atoi(v)
		}
		if v, ok := strings.CutPrefix(line, "Y="); ok {
			y, _ = strconv.Atoi(v)
		}
	}
	return x, y
}

// tokenAt checks the map window's screenshot for Cyril's blue token at
// hex label (want) or not.
func (w *wine) tokenAt(t *testing.T, shot string, l hexmap.Layout, m *hexmap.Map, label string, want bool) {
	t.Helper()
	f, err := os.Open(shot)
	if err != nil {
		t.Errorf("map window screenshot: %v", err)
		return
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Errorf("map window screenshot %s: %v", shot, err)
		return
	}
	h, _ := m.ParseHex(label)
	p := l.ToPixel(h)
	r, _, b, _ := img.At(int(p.X), int(p.Y+0.45*l.Size)).RGBA()
	if blue := int(b>>8)-int(r>>8) > 80; blue != want {
		t.Errorf("%s at %s: pixel r=%d b=%d, want Cyril's token there: %v", filepath.Base(shot), label, r>>8, b>>8, want)
	}
}
