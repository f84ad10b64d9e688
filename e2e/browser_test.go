//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"

	"hexslinger/app/session"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// browserLinkRe finds a player's browser link in hexslinger serve's output.
var browserLinkRe = regexp.MustCompile(`http://[0-9.]+:[0-9]+/play/#[A-Za-z0-9_-]+`)

// The browser player's budgets (docs/architecture.md, "Budgets"): the
// WebAssembly's bytes on the wire (gzip), and the memory the page's Go
// runtime takes from the browser with the demo's map up.
const (
	wasmWireBudget   = 8e6
	pageMemoryBudget = 64e6
)

// drawnFigure is one figure the page draws, where (CSS pixels), as its
// test hook hexslinger.figures() tells it.
type drawnFigure struct {
	ID string  `json:"id"`
	X  float64 `json:"x"`
	Y  float64 `json:"y"`
}

// hiddenDemo writes the seeded demo fight with Jeb hidden by the Judge:
// the player's page must never draw him.
func hiddenDemo(t testing.TB) string {
	t.Helper()
	var f map[string]any
	data, err := os.ReadFile(fixedDemo(t, e2eSeed))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	for _, fig := range f["figures"].([]any) {
		if m := fig.(map[string]any); m["id"] == "jeb" {
			m["hidden"] = true
		}
	}
	data, _ = json.Marshal(f)
	path := filepath.Join(t.TempDir(), "hidden.fight.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// chromium starts headless Chromium with a fresh profile and no
// background traffic (the machine has no network), and returns a browser
// context for one tab, and a func that closes it (which t's end does too).
func chromium(t testing.TB) (context.Context, func()) {
	t.Helper()
	bin, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatalf("chromium is missing: make test installs it (scripts/deps.sh test)")
	}
	var log output
	actx, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(bin), chromedp.Headless, chromedp.NoSandbox, chromedp.NoFirstRun,
		chromedp.UserDataDir(t.TempDir()), chromedp.CombinedOutput(&log),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-quic", true),
		chromedp.Flag("enable-unsafe-swiftshader", true), chromedp.Flag("enable-logging", "stderr"))
	ctx, cancel2 := chromedp.NewContext(actx)
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel2()
			cancel()
			if t.Failed() {
				t.Logf("chromium said:\n%s", log.String())
			}
		})
	}
	t.Cleanup(stop)
	return ctx, stop
}

// touch holds a finger down at (x, y) for hold and at least until the
// page has drawn a frame with it, and lifts it: a tap as a hand makes one
// (a touch that starts and ends between two frames of the page is never
// seen; and on a loaded machine, where the page draws a phone's screen
// in software a few frames a second, holding for two frames would be a
// finger held half a second, no tap). It returns once the page has drawn
// two frames after the lift.
func touch(x, y float64, hold time.Duration) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		one := 1.0
		id := 0.0
		p := input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart,
			TouchPoints: []*input.TouchPoint{{X: x, Y: y, RadiusX: &one, RadiusY: &one, Force: &one, ID: &id}}}
		if _, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, p); err != nil {
			return err
		}
		lifted := time.Now().Add(hold)
		if _, err := frames(1)(ctx, tg); err != nil {
			return err
		}
		time.Sleep(time.Until(lifted))
		p.Type = input.DispatchTouchEventTypeTouchEnd
		p.TouchPoints = []*input.TouchPoint{}
		if _, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, p); err != nil {
			return err
		}
		_, err := frames(2)(ctx, tg)
		return err
	})
}

// tap taps the page at (x, y) as a hand does (touch), until the page has
// recognized a tap (its hexslinger.taps() counts them): a loaded machine
// drawing the page in software can show a frame so late that the finger
// was held longer than a tap, or miss a short one, and the hand taps
// again then, as a player would, and only then. Five unseen taps fail t.
func tap(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	taps := func() int {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`hexslinger.taps()`))
		if err != nil {
			t.Fatalf("hexslinger.taps(): %v", err)
		}
		return n
	}
	before := taps()
	for try := 1; try <= 5; try++ {
		if err := chromedp.Do(ctx, touch(x, y, 60*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(3 * time.Second)
		for time.Now().Before(deadline) {
			if n := taps(); n > before {
				if n > before+1 {
					t.Fatalf("one tap at (%.0f, %.0f) was seen as %d", x, y, n-before)
				}
				if try > 1 {
					t.Logf("the tap at (%.0f, %.0f) was seen at the %d. try", x, y, try)
				}
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	t.Fatalf("five taps at (%.0f, %.0f): the page saw none", x, y)
}

// frames waits until the page has drawn n frames (animation frames: the
// map window's loop runs in one of its own each).
func frames(n int) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Evaluate[string](fmt.Sprintf(`new Promise(done => { let n = %d; const f = () => (--n > 0 ? requestAnimationFrame(f) : done("drawn")); requestAnimationFrame(f); })`, n), chromedp.EvalAwaitPromise)(ctx, tg)
		return err
	})
}

// servePlayer runs hexslinger serve on fightFile with a seat for Ann
// (Cyril and Miranda) and the browser app from bin/, until t ends, and
// returns Ann's browser link.
func servePlayer(t testing.TB, root, fightFile, jpath string) string {
	t.Helper()
	for _, f := range []string{"hexslinger-web.wasm", "wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(root, "bin", f)); err != nil {
			t.Fatalf("bin/%s is missing: run make build first", f)
		}
	}
	out := &output{}
	serve := exec.Command(filepath.Join(root, "bin", "hexslinger"), "serve", "--fight", fightFile,
		"--listen", "127.0.0.1:0", "--journal", jpath, "--player", "Ann=cyril,miranda", "--web", filepath.Join(root, "bin"))
	serve.Stdout, serve.Stderr = out, out
	stdin, err := serve.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		serve.Process.Kill()
		serve.Wait()
		if t.Failed() {
			t.Logf("hexslinger serve said:\n%s", out.String())
		}
	})
	var link string
	waitFor(t, "Ann's browser link in hexslinger serve's output", 60*time.Second, func() bool {
		link = browserLinkRe.FindString(out.String())
		return link != ""
	})
	return link
}

// TestBrowserPlayer is a player's phone at the table: hexslinger serve
// opens the seeded demo (Jeb hidden by the Judge) with a seat for Ann
// (Cyril and Miranda); headless Chromium opens her browser link at a
// phone's size (390×844 CSS pixels, touch), waits for the map, taps Cyril
// and then J8 twice (the first tap shows the path and its cost, the
// second moves), finds the move in the session's journal, checks that
// the page draws no hidden figure, and keeps the phone's and a tablet's
// pictures as scenes.
func TestBrowserPlayer(t *testing.T) {
	root, shots := builtProject(t)
	for _, f := range []string{"hexslinger-web.wasm", "wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(root, "bin", f)); err != nil {
			t.Fatalf("bin/%s is missing: run make build first", f)
		}
	}
	jpath := filepath.Join(t.TempDir(), "browser.journal.jsonl")
	fightFile := hiddenDemo(t)
	link := servePlayer(t, root, fightFile, jpath)

	fight, err := session.LoadFight(fightFile)
	if err != nil {
		t.Fatal(err)
	}
	st, err := fight.State()
	if err != nil {
		t.Fatal(err)
	}
	var hidden []string
	for id, f := range st.Figures {
		if f.Hidden {
			hidden = append(hidden, id)
		}
	}
	if len(hidden) == 0 {
		t.Fatal("the fixture hides no figure")
	}

	ctx, _ := chromium(t)
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	eval := func(expr string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("evaluate %s: %v", expr, err)
		}
		return v
	}
	figures := func() []drawnFigure {
		t.Helper()
		var figs []drawnFigure
		if err := json.Unmarshal([]byte(eval(`hexslinger.figures()`)), &figs); err != nil {
			t.Fatalf("hexslinger.figures(): %v", err)
		}
		return figs
	}
	hexPoint := func(label string) (x, y float64) {
		t.Helper()
		h, err := st.Map.ParseHex(label)
		if err != nil {
			t.Fatal(err)
		}
		var p struct{ X, Y float64 }
		if err := json.Unmarshal([]byte(eval(fmt.Sprintf(`hexslinger.hexPoint(%d, %d)`, h.Q, h.R))), &p); err != nil {
			t.Fatalf("hexslinger.hexPoint: %v", err)
		}
		return p.X, p.Y
	}
	waitState := func(want string, limit time.Duration) {
		t.Helper()
		deadline := time.Now().Add(limit)
		for {
			got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(window.hexslinger && hexslinger.state) || "no page yet"`))
			if got == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the page is %q after %v, want %q", got, limit, want)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}

	// The phone: 390×844 CSS pixels at three device pixels each, touch.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatal(err)
	}
	opened := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate(link)); err != nil {
		t.Fatalf("open %s: %v", link, err)
	}
	waitState("map", 2*time.Minute)
	t.Logf("the first map on screen %v after opening the link (the page's own count: %s ms); heap %s bytes",
		time.Since(opened).Round(time.Millisecond), eval(`String(hexslinger.firstMapMs)`), eval(`hexslinger.heapBytes()`))

	t.Logf("the page draws %s frames a second here (software WebGL)", eval(`new Promise(done => { let n = 0; const t0 = performance.now(); const f = () => { n++; performance.now() - t0 < 1000 ? requestAnimationFrame(f) : done(String(n)); }; requestAnimationFrame(f); })`))

	// The budgets of weight (docs/architecture.md, "Budgets"): the
	// WebAssembly's bytes on the wire, and the memory the page's Go has
	// taken from the browser once the map is up. The time to the first
	// map is BenchmarkBrowserFirstMap's.
	sizes, err := parsePair(eval(wasmTransfer))
	if err != nil {
		t.Fatal(err)
	}
	if sizes[0] <= 0 || sizes[0] >= sizes[1] {
		t.Errorf("the wasm took %.0f bytes on the wire for %.0f unpacked: not sent compressed", sizes[0], sizes[1])
	}
	if sizes[0] > wasmWireBudget {
		t.Errorf("the wasm took %.2f MB on the wire, over its budget of %.0f MB", sizes[0]/1e6, wasmWireBudget/1e6)
	}
	var mem struct{ Alloc, Sys float64 }
	if err := json.Unmarshal([]byte(eval(`hexslinger.heapBytes()`)), &mem); err != nil {
		t.Fatal(err)
	}
	if mem.Sys <= 0 || mem.Sys > pageMemoryBudget {
		t.Errorf("the page's Go holds %.1f MB of the browser's memory, budget %.0f MB", mem.Sys/1e6, pageMemoryBudget/1e6)
	}

	// No hidden figure is drawn; Ann's own are.
	figs := figures()
	drawn := map[string]drawnFigure{}
	for _, f := range figs {
		drawn[f.ID] = f
	}
	for _, id := range hidden {
		if _, ok := drawn[id]; ok {
			t.Errorf("the player's page draws %s, whom the Judge hid (figures: %+v)", id, figs)
		}
	}
	cyril, ok := drawn["cyril"]
	if !ok {
		t.Fatalf("the page does not draw Cyril (figures: %+v)", figs)
	}

	// Tap Cyril, then J8: the first tap on J8 shows the path and its
	// cost and sends nothing; the second moves him (7 paces at Move 6 is
	// 2 AP, as in the desktop test).
	moved := func() bool {
		for _, e := range journal(t, jpath) {
			if e.Kind == session.EventMoved && e.Figure == "cyril" && st.Map.Label(e.To) == "J8" {
				return e.AP == 2
			}
		}
		return false
	}
	tap(t, ctx, cyril.X, cyril.Y)
	jx, jy := hexPoint("J8")
	tap(t, ctx, jx, jy)
	time.Sleep(time.Second)
	if moved() {
		t.Fatal("the first tap on J8 moved Cyril: it should only show the path and its cost")
	}
	phone := filepath.Join(shots, "browser-phone-preview.png")
	screenshot(t, ctx, phone)
	tap(t, ctx, jx, jy)
	waitFor(t, "Cyril's move to J8 in the session's journal", 30*time.Second, moved)
	waitFor(t, "the page to draw Cyril at J8", 15*time.Second, func() bool {
		jx, jy := hexPoint("J8") // the view follows him: J8 is elsewhere now
		for _, f := range figures() {
			if f.ID == "cyril" && (f.X-jx)*(f.X-jx)+(f.Y-jy)*(f.Y-jy) < 100 {
				return true
			}
		}
		return false
	})
	for _, f := range figures() {
		for _, id := range hidden {
			if f.ID == id {
				t.Errorf("after the move the page draws %s, whom the Judge hid", id)
			}
		}
	}
	time.Sleep(time.Second) // the move's animation ends
	screenshot(t, ctx, filepath.Join(shots, "browser-phone.png"))
	scene(t, root, shots, "browser-phone")

	// A tablet, held upright, joining the same seat: 820×1180 CSS pixels
	// at two device pixels.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(820, 1180, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Navigate("about:blank"), chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	waitState("map", 2*time.Minute)
	screenshot(t, ctx, filepath.Join(shots, "browser-tablet.png"))
	scene(t, root, shots, "browser-tablet")
}

// parsePair reads a JSON pair of numbers.
func parsePair(s string) ([2]float64, error) {
	var p [2]float64
	err := json.Unmarshal([]byte(s), &p)
	return p, err
}

// screenshot saves what the page shows as a PNG once it has settled: two
// pictures a third of a second apart the same (the map draws a big view a
// piece a frame), or after 20 seconds what it shows then.
func screenshot(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	var last []byte
	deadline := time.Now().Add(20 * time.Second)
	for {
		data, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		if bytes.Equal(data, last) || time.Now().After(deadline) {
			break
		}
		last = data
		time.Sleep(300 * time.Millisecond)
	}
	if err := os.WriteFile(path, last, 0o644); err != nil {
		t.Fatal(err)
	}
}

// scene compares the page's picture shots/NAME.png with the one kept in
// testdata/scenes, as TestScenes does, or keeps it afresh with -update.
func scene(t *testing.T, root, shots, name string) {
	t.Helper()
	got := filepath.Join(shots, name+".png")
	want := filepath.Join(root, "e2e", "testdata", "scenes", name+".png")
	if *update {
		data, err := os.ReadFile(got)
		if err == nil {
			err = os.WriteFile(want, data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	a, b := readPNG(t, got), readPNG(t, want)
	if a.Bounds() != b.Bounds() {
		t.Fatalf("%s is %v, the kept picture %v", name, a.Bounds(), b.Bounds())
	}
	diff, changed, worst := compare(a, b)
	total := a.Bounds().Dx() * a.Bounds().Dy()
	if float64(changed) > changedShare*float64(total) || worst > tileShare {
		path := filepath.Join(shots, name+"-diff.png")
		writePNG(t, path, diff)
		t.Errorf("the %s scene differs from the kept one: %d pixels (%.2f%%), worst tile %.0f%% (see %s)", name, changed, 100*float64(changed)/float64(total), 100*worst, path)
	}
}
