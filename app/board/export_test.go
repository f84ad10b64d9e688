package board

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/gif"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hexslinger/app/session"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

// exportChild names the environment variable that makes the test binary
// run one export (an Export as JSON) on its main thread, as Ebiten wants,
// and print the result as JSON: runExport starts it.
const exportChild = "HEXSLINGER_EXPORT_TEST"

func TestMain(m *testing.M) {
	if name := os.Getenv(gameChild); name != "" {
		os.Exit(runGameChild(name))
	}
	if arg := os.Getenv(exportChild); arg != "" {
		var x Export
		if err := json.Unmarshal([]byte(arg), &x); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		res, err := RunExport(x, io.Discard)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(ExitCode(err))
		}
		json.NewEncoder(os.Stdout).Encode(res)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// runExport runs export x in a child test binary (Ebiten runs its game
// loop on the main thread only).
func runExport(t *testing.T, x Export) ExportResult {
	t.Helper()
	arg, _ := json.Marshal(x)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), exportChild+"="+string(arg))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("export %+v: %v: %s", x, err, errOut.String())
	}
	var res ExportResult
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("export result %q: %v", out.String(), err)
	}
	return res
}

// demoJournal plays a few commands on the demo fight, Jeb hidden from the
// players first, and returns the journal's path and the session's state.
func demoJournal(t *testing.T) (string, *session.State) {
	t.Helper()
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		t.Fatal(err)
	}
	f.Options.Seed = new(uint64(1)) // the same dice each run: Cyril's shot leaves Zeke able to walk
	path := filepath.Join(t.TempDir(), "demo.journal.jsonl")
	s, err := session.Open(f, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	step := func(id string, dir int) *hexmap.Hex {
		h := s.State().Figures[id].At.Neighbor(hexmap.Direction(dir))
		return &h
	}
	cmds := []session.Command{
		{Kind: session.CommandHide, Figure: "jeb"},
		{Kind: session.CommandMove, Figure: "cyril", To: step("cyril", 0)},
		{Kind: session.CommandMove, Figure: "jeb", To: step("jeb", 3)},
		{Kind: session.CommandReady, Figure: "cyril", Weapon: "schofield"},
		{Kind: session.CommandCock, Figure: "cyril", Weapon: "schofield"},
		{Kind: session.CommandShoot, Figure: "cyril", Weapon: "schofield",
			Shots: []session.ShotOrder{{Target: "zeke", Kind: "normal"}}},
		{Kind: session.CommandMove, Figure: "miranda", To: step("miranda", 0)},
		{Kind: session.CommandMove, Figure: "zeke", To: step("zeke", 3)},
		{Kind: session.CommandNewRound},
		{Kind: session.CommandSegment},
		{Kind: session.CommandSegment},
	}
	for _, c := range cmds {
		if _, err := s.Do(c); err != nil {
			t.Fatalf("%s %s: %v", c.Kind, c.Figure, err)
		}
	}
	return path, s.State()
}

func TestExportFlagsAreChecked(t *testing.T) {
	ok := Export{Journal: "f.journal.jsonl", GIF: "out.gif", To: -1, PNGAt: -1, Seat: ExportJudge}
	for _, tc := range []struct {
		name string
		edit func(*Export)
		want string // in the error; "" for none
	}{
		{"a GIF of the whole journal", func(*Export) {}, ""},
		{"a PNG alone", func(x *Export) { x.GIF, x.PNG, x.PNGAt = "", "at.png", 3 }, ""},
		{"the players' seat", func(x *Export) { x.Seat = ExportPlayers }, ""},
		{"no journal", func(x *Export) { x.Journal = "" }, "need --journal"},
		{"nothing to make", func(x *Export) { x.GIF = "" }, "say what to make"},
		{"an animation not named .gif", func(x *Export) { x.GIF = "out.png" }, "name it OUT.gif"},
		{"a picture not named .png", func(x *Export) { x.PNG = "out.jpg" }, "name it OUT.png"},
		{"an unknown seat", func(x *Export) { x.Seat = "zeke" }, "want judge"},
		{"a negative start", func(x *Export) { x.From = -2 }, "count from 0"},
		{"an end before the start", func(x *Export) { x.From, x.To = 5, 3 }, "before --from 5"},
		{"a moment without a picture", func(x *Export) { x.PNGAt = 4 }, "needs --png"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := ok
			tc.edit(&x)
			err := x.check()
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("got %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

func TestExportFramesAreTheRangeAsked(t *testing.T) {
	for _, tc := range []struct {
		name          string
		x             Export
		from, to, png int
		want          string // in the error
	}{
		{"the whole journal", Export{To: -1, PNGAt: -1}, 0, 19, -1, ""},
		{"a range", Export{From: 3, To: 9, PNGAt: -1}, 3, 9, -1, ""},
		{"a picture at the range's end by default", Export{From: 3, To: 9, PNG: "p.png", PNGAt: -1}, 3, 9, 9, ""},
		{"a picture outside the range", Export{From: 3, To: 9, PNG: "p.png", PNGAt: 12}, 3, 9, 12, ""},
		{"a start past the end", Export{From: 20, To: -1, PNGAt: -1}, 0, 0, 0, "--from 20: the journal has events 0 to 19"},
		{"an end past the end", Export{To: 25, PNGAt: -1}, 0, 0, 0, "--to 25: the journal has events 0 to 19"},
		{"a picture past the end", Export{To: -1, PNG: "p.png", PNGAt: 20}, 0, 0, 0, "--png-at 20"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			from, to, at, err := tc.x.frames(20)
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("got %v, want an error saying %q", err, tc.want)
				}
				return
			}
			if err != nil || from != tc.from || to != tc.to || at != tc.png {
				t.Fatalf("got %d..%d png %d (%v), want %d..%d png %d", from, to, at, err, tc.from, tc.to, tc.png)
			}
		})
	}
}

// TestExportFromThePlayersSeatHoldsNoHiddenFigure: at every event, the
// state the players' export draws has no Jeb (hidden by the Judge) and
// its sentence never names him; the Judge's has him.
func TestExportFromThePlayersSeatHoldsNoHiddenFigure(t *testing.T) {
	path, _ := demoJournal(t)
	tl, err := session.OpenTimeline(path)
	if err != nil {
		t.Fatal(err)
	}
	players, err := newExporter(tl, ExportPlayers, nil, -1, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	judge, err := newExporter(tl, ExportJudge, nil, -1, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	for i := range tl.Len() {
		if err := players.load(i); err != nil {
			t.Fatal(err)
		}
		if err := judge.load(i); err != nil {
			t.Fatal(err)
		}
		if _, ok := players.g.play.st.Figures["jeb"]; ok && i > 0 {
			t.Errorf("event %d: the players' frame has Jeb", i)
		}
		if strings.Contains(players.g.message, "Jeb") {
			t.Errorf("event %d: the players' frame says %q", i, players.g.message)
		}
		if _, ok := judge.g.play.st.Figures["jeb"]; !ok {
			t.Errorf("event %d: the Judge's frame has no Jeb", i)
		}
	}
}

// TestExportDrawsAFrameAnEvent (Xvfb): the first ten events of a journal
// make a 960×600 GIF with a frame an event (or its time given to the
// frame before, when it changed nothing drawn), and a PNG of one moment.
func TestExportDrawsAFrameAnEvent(t *testing.T) {
	path, _ := demoJournal(t)
	dir := t.TempDir()
	x := Export{Journal: path, GIF: filepath.Join(dir, "out.gif"), PNG: filepath.Join(dir, "at.png"), To: 9, PNGAt: 6, Seat: ExportJudge}
	res := runExport(t, x)
	f, err := os.Open(x.GIF)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	anim, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatalf("the GIF does not decode: %v", err)
	}
	if len(anim.Image) != res.Frames || res.Frames+res.Merged != 10 {
		t.Errorf("%d frames (%d said, %d merged), want 10 events", len(anim.Image), res.Frames, res.Merged)
	}
	if res.Frames < 8 {
		t.Errorf("only %d frames of 10 events differ", res.Frames)
	}
	if c := anim.Config; c.Width != ExportWidth || c.Height != ExportHeight {
		t.Errorf("the GIF is %d×%d", c.Width, c.Height)
	}
	pf, err := os.Open(x.PNG)
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	if img, err := png.Decode(pf); err != nil || img.Bounds() != image.Rect(0, 0, ExportWidth, ExportHeight) {
		t.Errorf("the PNG: %v", err)
	}
}

// TestExportFromThePlayersSeatNeverDrawsAHiddenFigure (Xvfb): where the
// Judge's picture draws Jeb, hidden, the players' draws something else.
func TestExportFromThePlayersSeatNeverDrawsAHiddenFigure(t *testing.T) {
	path, _ := demoJournal(t)
	tl, err := session.OpenTimeline(path)
	if err != nil {
		t.Fatal(err)
	}
	at := 2 // Jeb hidden, Cyril moved
	st, err := tl.StateAt(at)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pics := map[string]image.Image{}
	var where image.Point
	for _, seat := range []string{ExportJudge, ExportPlayers} {
		x := Export{Journal: path, PNG: filepath.Join(dir, seat+".png"), To: -1, PNGAt: at, Seat: seat}
		runExport(t, x)
		data, err := os.ReadFile(x.PNG)
		if err != nil {
			t.Fatal(err)
		}
		if pics[seat], err = png.Decode(bytes.NewReader(data)); err != nil {
			t.Fatal(err)
		}
		ex, _ := newExporter(tl, seat, nil, -1, io.Discard)
		ex.g.play.st = st
		ex.g.fit()
		p := ex.g.layout.ToPixel(st.Figures["jeb"].At)
		where = image.Pt(int(p.X), int(p.Y))
	}
	differ := 0
	for dy := -3; dy <= 3; dy++ {
		for dx := -3; dx <= 3; dx++ {
			p := where.Add(image.Pt(dx, dy))
			if pics[ExportJudge].At(p.X, p.Y) != pics[ExportPlayers].At(p.X, p.Y) {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Errorf("at Jeb's hex %v the players' picture is the Judge's", where)
	}
}
