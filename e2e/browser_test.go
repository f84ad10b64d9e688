//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/hexmap"

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
func hiddenDemo(t testing.TB) string { return demoHiding(t, "jeb") }

// demoHiding writes the seeded demo fight with the figure id hidden by
// the Judge, and returns the file's path.
func demoHiding(t testing.TB, id string) string {
	t.Helper()
	var f map[string]any
	data, err := os.ReadFile(fixedDemo(t, e2eSeed))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, fig := range f["figures"].([]any) {
		if m := fig.(map[string]any); m["id"] == id {
			m["hidden"], found = true, true
		}
	}
	if !found {
		t.Fatalf("the demo fight has no figure %q to hide", id)
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

// frames waits until the page has drawn n frames (animation frames: the
// map window's loop runs in one of its own each).
func frames(n int) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Evaluate[string](fmt.Sprintf(`new Promise(done => { let n = %d; const f = () => (--n > 0 ? requestAnimationFrame(f) : done("drawn")); requestAnimationFrame(f); })`, n), chromedp.EvalAwaitPromise)(ctx, tg)
		return err
	})
}

// judgeCodeRe finds the Judge's join code in hexslinger serve's output.
var judgeCodeRe = regexp.MustCompile(`Judge: hexslinger-map --join '([^']+)'`)

// servePlayer runs hexslinger serve on fightFile with a seat for Ann
// (Cyril and Miranda) and the browser app from bin/, until t ends, and
// returns Ann's browser link.
func servePlayer(t testing.TB, root, fightFile, jpath string) string {
	t.Helper()
	link, _, _ := serveTable(t, root, fightFile, jpath)
	return link
}

// serveTable is servePlayer, and returns the Judge's join code too.
func serveTable(t testing.TB, root, fightFile, jpath string) (link, judge string, console io.Writer) {
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
	waitFor(t, "Ann's browser link and the Judge's join code in hexslinger serve's output", 60*time.Second, func() bool {
		o := out.String()
		link = browserLinkRe.FindString(o)
		if m := judgeCodeRe.FindStringSubmatch(o); m != nil {
			judge = m[1]
		}
		return link != "" && judge != ""
	})
	return link, judge, stdin
}

// TestBrowserPlayer is a player's phone at the table: hexslinger serve
// opens the seeded demo (Jeb hidden by the Judge) with a seat for Ann
// (Cyril and Miranda); headless Chromium opens her browser link at a
// phone's size (390×844 CSS pixels, touch), waits for the map, taps Cyril
// and then J8 twice (the first tap shows the path and its cost, the
// second moves), finds the move in the session's journal, checks that
// the page draws no hidden figure, keeps the phone's and a tablet's
// pictures as scenes, checks the download's and the page's memory
// budgets, and ends when the Judge revokes the seat: the page says so.
func TestBrowserPlayer(t *testing.T) {
	root, shots := builtProject(t)
	for _, f := range []string{"hexslinger-web.wasm", "wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(root, "bin", f)); err != nil {
			t.Fatalf("bin/%s is missing: run make build first", f)
		}
	}
	jpath := filepath.Join(t.TempDir(), "browser.journal.jsonl")
	fightFile := hiddenDemo(t)
	link, _, console := serveTable(t, root, fightFile, jpath)

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
	ph := &phone{t: t, ctx: ctx, st: st}
	eval, figures, hexPoint, waitState := ph.eval, ph.figures, ph.hexPoint, ph.waitState

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
	ph.tap("Cyril", cyril.X, cyril.Y)
	jx, jy := hexPoint("J8")
	ph.tap("J8", jx, jy)
	time.Sleep(time.Second)
	if moved() {
		t.Fatal("the first tap on J8 moved Cyril: it should only show the path and its cost")
	}
	phone := filepath.Join(shots, "browser-phone-preview.png")
	settledScreenshot(t, ctx, phone)
	ph.tap("J8 again", jx, jy)
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
	settledScreenshot(t, ctx, filepath.Join(shots, "browser-phone.png"))
	scene(t, root, shots, "browser-phone")

	// A tablet, held upright, joining the same seat: 820×1180 CSS pixels
	// at two device pixels.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(820, 1180, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Navigate("about:blank"), chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	waitState("map", 2*time.Minute)
	settledScreenshot(t, ctx, filepath.Join(shots, "browser-tablet.png"))
	scene(t, root, shots, "browser-tablet")

	// The Judge revokes Ann's seat: the page's connection closes, and it
	// says so instead of dialing again.
	if _, err := io.WriteString(console, "revoke Ann\n"); err != nil {
		t.Fatal(err)
	}
	waitState("refused", 30*time.Second)
	if msg := eval(`(document.getElementById("hexslinger-message") || {}).textContent || ""`); !strings.Contains(msg, "revoked") {
		t.Errorf("after the revoke the page says %q, want that the seat was revoked", msg)
	}
}

// drawnButton is one button of the action bar the page draws, its box
// in CSS pixels, as its test hook hexslinger.buttons() tells it.
type drawnButton struct {
	Label string  `json:"label"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	W     float64 `json:"w"`
	H     float64 `json:"h"`
}

// phone is a player's page in headless Chromium, read through its test
// hooks (app/hexslinger-web) and played by touch.
type phone struct {
	t   *testing.T
	ctx context.Context
	st  *session.State // the fight as it opened: its map reads hex labels
}

// eval evaluates a JavaScript expression of a string on the page.
func (p *phone) eval(expr string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// figures are the figures the page's last frame drew.
func (p *phone) figures() []drawnFigure {
	p.t.Helper()
	var figs []drawnFigure
	if err := json.Unmarshal([]byte(p.eval(`hexslinger.figures()`)), &figs); err != nil {
		p.t.Fatalf("hexslinger.figures(): %v", err)
	}
	return figs
}

// buttons are the action bar's buttons the page's last frame drew.
func (p *phone) buttons() []drawnButton {
	p.t.Helper()
	var bs []drawnButton
	if err := json.Unmarshal([]byte(p.eval(`hexslinger.buttons()`)), &bs); err != nil {
		p.t.Fatalf("hexslinger.buttons(): %v", err)
	}
	return bs
}

// button is the button labelled label the page draws now, if it does.
func (p *phone) button(label string) (drawnButton, bool) {
	p.t.Helper()
	for _, b := range p.buttons() {
		if b.Label == label {
			return b, true
		}
	}
	return drawnButton{}, false
}

// hexPoint is the centre of the hex labelled label on the page.
func (p *phone) hexPoint(label string) (x, y float64) {
	p.t.Helper()
	h, err := p.st.Map.ParseHex(label)
	if err != nil {
		p.t.Fatal(err)
	}
	var pt struct{ X, Y float64 }
	if err := json.Unmarshal([]byte(p.eval(fmt.Sprintf(`hexslinger.hexPoint(%d, %d)`, h.Q, h.R))), &pt); err != nil {
		p.t.Fatalf("hexslinger.hexPoint: %v", err)
	}
	return pt.X, pt.Y
}

// waitState waits until the page's state is want.
func (p *phone) waitState(want string, limit time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(limit)
	for {
		got, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`(window.hexslinger && hexslinger.state) || "no page yet"`))
		if got == want {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("the page is %q after %v, want %q", got, limit, want)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// waitWidth waits for the page's last whole map to be drawn w CSS pixels
// wide: the action bar, laid out from the right edge and told only of a
// frame that drew the whole map, ends within a button's pad of w.
func (p *phone) waitWidth(what string, w float64) {
	p.t.Helper()
	var right float64
	waitFor(p.t, fmt.Sprintf("%s: the action bar drawn %.0f px wide", what, w), 60*time.Second, func() bool {
		right = 0
		for _, b := range p.buttons() {
			right = max(right, b.X+b.W)
		}
		return right <= w && right >= w-20
	})
}

// tapUntil taps the page at (x, y) (tap: a tap the page saw) and waits
// for done, what the tap is for, to hold.
func (p *phone) tapUntil(what string, x, y float64, done func() bool) {
	p.t.Helper()
	p.tap(what, x, y)
	waitFor(p.t, "what the tap on "+what+" does", 30*time.Second, done)
}

// quietPage is the JavaScript that waits for the page to draw ten
// frames in a row each within 50 ms of the last (or 15 s), and says how
// many it counted: a busy page (a big redraw, a screenshot's read-back,
// a loaded machine) sees a finger's lift frames late, when a tap of
// 120 ms has become a long press.
const quietPage = `new Promise(done => {
	const start = performance.now();
	let last = start, calm = 0;
	const frame = now => {
		calm = now - last < 50 ? calm + 1 : 0;
		last = now;
		if (calm >= 10 || now - start > 15000) done(String(calm)); else requestAnimationFrame(frame);
	};
	requestAnimationFrame(frame);
})`

// tap taps the page at (x, y) CSS pixels as a hand does (touch), once
// the page draws its frames on time, until the page has recognized a tap
// (hexslinger.taps() counts them): a loaded machine drawing the page in
// software can show a frame so late that it misses a short finger, and
// the hand taps again then, as a player would, and only then (a tap seen
// twice would select and let go). Five unseen taps fail the test.
func (p *phone) tap(what string, x, y float64) {
	p.t.Helper()
	taps := func() int {
		n, err := chromedp.Run(p.ctx, chromedp.Evaluate[int](`hexslinger.taps()`))
		if err != nil {
			p.t.Fatalf("hexslinger.taps(): %v", err)
		}
		return n
	}
	before := taps()
	for try := 1; try <= 5; try++ {
		if n, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](quietPage, chromedp.EvalAwaitPromise)); err != nil || n != "10" {
			p.t.Logf("tap %s: the page is still busy after 15 s (%s calm frames, %v); tapping anyway", what, n, err)
		}
		if err := chromedp.Do(p.ctx, touch(x, y, 60*time.Millisecond)); err != nil {
			p.t.Fatalf("tap %s at (%.0f, %.0f): %v", what, x, y, err)
		}
		deadline := time.Now().Add(3 * time.Second)
		for time.Now().Before(deadline) {
			if n := taps(); n > before {
				if n > before+1 {
					p.t.Fatalf("tap %s at (%.0f, %.0f): one tap was seen as %d", what, x, y, n-before)
				}
				if try > 1 {
					p.t.Logf("tap %s at (%.0f, %.0f): seen at the %d. try", what, x, y, try)
				}
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	p.t.Fatalf("tap %s at (%.0f, %.0f): five taps, the page saw none", what, x, y)
}

// parsePair reads a JSON pair of numbers.
func parsePair(s string) ([2]float64, error) {
	var p [2]float64
	err := json.Unmarshal([]byte(s), &p)
	return p, err
}

// settledScreenshot saves what the page shows once it stopped changing:
// two pictures half a second apart alike (the map's pieces, the reach,
// a move's glide all drawn), or the last one after 30 s.
func settledScreenshot(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	var last []byte
	deadline := time.Now().Add(30 * time.Second)
	for {
		data, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		if bytes.Equal(data, last) || time.Now().After(deadline) {
			if !bytes.Equal(data, last) {
				t.Logf("%s: the page still changes after 30 s; kept the last picture", filepath.Base(path))
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		last = data
		time.Sleep(500 * time.Millisecond)
	}
}

// scene compares the page's picture shots/NAME.png with the one kept in
// testdata/scenes, as TestScenes does, or keeps it afresh with -update.
func scene(t *testing.T, root, shots, name string) {
	t.Helper()
	matchScene(t, name, filepath.Join(shots, name+".png"), filepath.Join(root, "e2e", "testdata", "scenes", name+".png"), filepath.Join(shots, name+"-diff.png"))
}

// judgeClient is the Judge's client at the table as the test plays it:
// it sends the Judge's commands and reads on (the session's pings are
// answered while it reads), keeping each command's result.
type judgeClient struct {
	t       *testing.T
	cl      *transport.Client
	mu      sync.Mutex
	results map[string]transport.Message
}

// dialJudge joins the table by the Judge's join code, pinning its
// certificate, until t ends.
func dialJudge(t *testing.T, code string) *judgeClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cl, _, err := transport.DialJoinCode(ctx, code)
	if err != nil {
		t.Fatalf("the Judge's join code: %v", err)
	}
	if cl.Role != "judge" {
		t.Fatalf("the Judge's join code joined as %q", cl.Role)
	}
	j := &judgeClient{t: t, cl: cl, results: map[string]transport.Message{}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			m, err := cl.Read(context.Background())
			if err != nil {
				return
			}
			if (m.Type == transport.MsgResult || m.Type == transport.MsgError) && m.ID != "" {
				j.mu.Lock()
				j.results[m.ID] = m
				j.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		cl.Close()
		<-done
	})
	return j
}

// do sends the Judge's command and waits for the session's answer: a
// refusal fails the test.
func (j *judgeClient) do(cmd session.Command) {
	j.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	id, err := j.cl.Send(ctx, cmd)
	if err != nil {
		j.t.Fatalf("the Judge's %s: %v", cmd.Kind, err)
	}
	var res transport.Message
	waitFor(j.t, "the session's answer to the Judge's "+cmd.Kind, 30*time.Second, func() bool {
		j.mu.Lock()
		defer j.mu.Unlock()
		var ok bool
		res, ok = j.results[id]
		return ok
	})
	if res.Error != "" {
		j.t.Fatalf("the Judge's %s %+v was refused: %s", cmd.Kind, cmd, res.Error)
	}
}

// TestBrowserPlayerAttacksAndDefends is a player's phone in the demo
// fight (seeded; Zeke hidden by the Judge, far down the street), the test
// the Judge at its own client (the join code, certificate pinned): the
// Judge rolls initiative and counts the segments down; Jeb walks up
// beside Cyril and throws a quick punch at him, which waits for Ann's
// answer: her phone offers Block, Dodge and Take it as buttons, and a tap
// on Block blocks it. At Cyril's number Ann hits back by touch alone: a
// tap on Cyril, on Hand to hand, and twice on Jeb (the first shows the
// blow, the second throws it); the Judge answers for Jeb. Each step is
// found in the session's journal, and the page never draws Zeke.
func TestBrowserPlayerAttacksAndDefends(t *testing.T) {
	root, shots := builtProject(t)
	jpath := filepath.Join(t.TempDir(), "fight.journal.jsonl")
	fightFile := demoHiding(t, "zeke")
	link, judgeCode, _ := serveTable(t, root, fightFile, jpath)
	fight, err := session.LoadFight(fightFile)
	if err != nil {
		t.Fatal(err)
	}
	st, err := fight.State()
	if err != nil {
		t.Fatal(err)
	}
	judge := dialJudge(t, judgeCode)

	ctx, _ := chromium(t)
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	ph := &phone{t: t, ctx: ctx, st: st}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(link)); err != nil {
		t.Fatalf("open %s: %v", link, err)
	}
	ph.waitState("map", 2*time.Minute)

	// seen is what the page draws now, after checking it draws no figure
	// hidden from Ann's seat (Zeke).
	seen := func(step string) map[string]drawnFigure {
		t.Helper()
		drawn := map[string]drawnFigure{}
		for _, f := range ph.figures() {
			if f.ID == "zeke" {
				t.Fatalf("%s: the page draws Zeke, whom the Judge hid", step)
			}
			drawn[f.ID] = f
		}
		return drawn
	}
	seen("the map opened")
	// inJournal waits for an event of the session's journal.
	inJournal := func(what string, match func(session.Event) bool) {
		t.Helper()
		waitFor(t, what+" in the session's journal", 30*time.Second, func() bool {
			for _, e := range journal(t, jpath) {
				if match(e) {
					return true
				}
			}
			return false
		})
	}
	// turnOf counts the segments down (the Judge's Ctrl+G) until id may
	// act, as the session decides it from the journal: a figure acts at
	// its number, and each action, a defence too, lowers it.
	turnOf := func(id string) {
		t.Helper()
		for range 20 {
			fold, err := session.NewFold(journal(t, jpath))
			if err != nil {
				t.Fatalf("the journal: %v", err)
			}
			if fold.State.MayAct(id) {
				return
			}
			judge.do(session.Command{Kind: session.CommandSegment})
		}
		t.Fatalf("%s's number never came up", id)
	}
	// onPage waits for the page to draw figure id at hex label.
	onPage := func(id, label string) drawnFigure {
		t.Helper()
		x, y := ph.hexPoint(label)
		var f drawnFigure
		waitFor(t, fmt.Sprintf("the page to draw %s at %s", id, label), 30*time.Second, func() bool {
			var ok bool
			f, ok = seen("waiting for " + id)[id]
			return ok && (f.X-x)*(f.X-x)+(f.Y-y)*(f.Y-y) < 100
		})
		return f
	}
	// waitButtons waits for the page to draw buttons with every label of
	// want, and returns them by label.
	waitButtons := func(what string, want ...string) map[string]drawnButton {
		t.Helper()
		var got map[string]drawnButton
		var last []drawnButton
		deadline := time.Now().Add(30 * time.Second)
		for {
			last = ph.buttons()
			got = map[string]drawnButton{}
			for _, b := range last {
				got[b.Label] = b
			}
			all := true
			for _, l := range want {
				if _, ok := got[l]; !ok {
					all = false
				}
			}
			if all {
				return got
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the page draws the buttons %+v, want %q among them", what, last, want)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	// found reports whether the journal holds an event that matches.
	found := func(match func(session.Event) bool) func() bool {
		return func() bool {
			for _, e := range journal(t, jpath) {
				if match(e) {
					return true
				}
			}
			return false
		}
	}
	// drawn reports whether the page draws a button labelled label.
	drawn := func(label string) bool { t.Helper(); _, ok := ph.button(label); return ok }
	// press taps button b until done holds, or b is gone with done
	// false: its tap came to something else.
	press := func(b drawnButton, done func() bool) {
		t.Helper()
		ph.tapUntil(b.Label, b.X+b.W/2, b.Y+b.H/2, func() bool { return done() || !drawn(b.Label) })
		if !done() {
			t.Fatalf("a tap on %s: the button went, and nothing came of it", b.Label)
		}
	}

	// Round 1's initiative (the Judge's Ctrl+R); at Jeb's number he walks
	// up beside Cyril.
	judge.do(session.Command{Kind: session.CommandNewRound})
	inJournal("round 1's initiative", func(e session.Event) bool { return e.Kind == session.EventRoundStarted && e.Round == 1 })
	cyrilAt := st.Figures["cyril"].At
	beside := ""
	for d := hexmap.Direction(0); d < 6 && beside == ""; d++ {
		h := cyrilAt.Neighbor(d)
		if _, taken := st.FigureAt(h); !taken && st.Map.CanStand(h) == nil && h.DistanceTo(st.Figures["jeb"].At) <= 5 {
			beside = st.Map.Label(h)
		}
	}
	if beside == "" {
		t.Fatal("no hex beside Cyril for Jeb")
	}
	turnOf("jeb")
	to, _ := st.Map.ParseHex(beside)
	judge.do(session.Command{Kind: session.CommandMove, Figure: "jeb", To: &to})
	inJournal("Jeb's walk to "+beside, func(e session.Event) bool { return e.Kind == session.EventMoved && e.Figure == "jeb" })
	onPage("jeb", beside)

	// Jeb's quick punch at Cyril waits for Ann's answer: her phone offers
	// it as buttons; she blocks.
	turnOf("jeb")
	judge.do(session.Command{Kind: session.CommandMelee, Figure: "jeb", Blow: &session.BlowOrder{Target: "cyril", Attack: "quick"}})
	inJournal("Jeb's blow waiting for Cyril's answer", func(e session.Event) bool {
		return e.Kind == session.EventBlowDeclared && e.Figure == "jeb"
	})
	answers := waitButtons("Jeb's blow waits for Cyril's answer", "Block", "Dodge", "Take it")
	seen("the blow waits")
	settledScreenshot(t, ctx, filepath.Join(shots, "browser-defend.png"))
	scene(t, root, shots, "browser-defend")
	blocked := found(func(e session.Event) bool {
		return e.Kind == session.EventActed && e.Figure == "jeb" && e.Action == session.CommandMelee && strings.Contains(e.Text, "Cyril Wellington blocks")
	})
	press(answers["Block"], blocked)
	waitFor(t, "the defence's buttons to go once answered", 30*time.Second, func() bool { return !drawn("Block") })
	seen("the blow blocked")

	// At Cyril's number Ann hits back, by touch alone.
	turnOf("cyril")
	cyril := onPage("cyril", st.Map.Label(cyrilAt))
	ph.tapUntil("Cyril", cyril.X, cyril.Y, func() bool { return drawn("Hand to hand") })
	hand, _ := ph.button("Hand to hand")
	press(hand, func() bool { return drawn("Quick") }) // the melee table's kinds: hand to hand chosen
	blowDeclared := found(func(e session.Event) bool {
		return e.Kind == session.EventBlowDeclared && e.Figure == "cyril" && strings.Contains(e.Text, "Jeb Perkins")
	})
	// The first tap on Jeb shows the blow and its odds and throws
	// nothing; the second throws it. (A tap the busy page took for a long
	// press pings Jeb's hex, and is tapped again.)
	jeb := onPage("jeb", beside)
	ph.tap("Jeb", jeb.X, jeb.Y)
	time.Sleep(time.Second)
	if blowDeclared() {
		t.Fatal("the first tap on Jeb threw the blow: it should only show it")
	}
	seen("the blow shown")
	ph.tapUntil("Jeb again", jeb.X, jeb.Y, blowDeclared)
	seen("Cyril's blow waits")
	judge.do(session.Command{Kind: session.CommandDefend, Figure: "jeb", Defense: session.DefenseNone})
	inJournal("Cyril's blow landed or missed", func(e session.Event) bool {
		return e.Kind == session.EventActed && e.Figure == "cyril" && e.Action == session.CommandMelee
	})
	time.Sleep(time.Second)
	seen("the fight after the blows")
	settledScreenshot(t, ctx, filepath.Join(shots, "browser-attacked.png"))
	for _, e := range journal(t, jpath) {
		if e.Kind != session.EventOpened {
			t.Logf("journal: %s %s: %s", e.Kind, e.Figure, e.Text)
		}
	}
}
