package board

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/internal/bigfight"
	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/assets"
)

// The fitted-window benchmark (issue 38, "a 1024² fight to a fitted map
// window"): a child test binary (Ebiten's game loop wants the main
// thread) opens the map window on a session this process serves, as the
// console starts hexslinger-map, and times from the window's first tick
// to the first frame that shows the map whole at the fitted zoom: the
// connection and its welcome, the state folded from it, and every chunk
// under the screen drawn and flushed to the screen.
const (
	fitURLEnv  = "HEXSLINGER_FIT_URL"    // the session's address, for the child
	fitProfEnv = "HEXSLINGER_FIT_PROF"   // a file for the child's CPU profile
	fitFrames  = "HEXSLINGER_FIT_FRAMES" // non-empty: the child logs each frame's time
	fitShot    = "HEXSLINGER_FIT_SHOT"   // a PNG file for the child's fitted screen
)

// fitTimes is what a fitted-window child found, in milliseconds from its
// first tick: the state folded from the welcome, the first frame drawn
// of it, and the first frame with every chunk under the screen drawn.
type fitTimes struct {
	State, First, Fitted float64
	Frames               int // frames drawn of the map until it was whole
}

// fitWindow is the window the child runs: a map window (Game) made at
// the first tick, its frames timed.
type fitWindow struct {
	g       *Game
	from    time.Time
	times   fitTimes
	done    bool
	prof    *os.File
	profErr error
}

func init() {
	pixelGames["fitted-window"] = func() (ebiten.Game, func() any, error) {
		w := &fitWindow{}
		if p := os.Getenv(fitProfEnv); p != "" {
			f, err := os.Create(p)
			if err != nil {
				return nil, nil, err
			}
			w.prof = f
		}
		ebiten.SetScreenClearedEveryFrame(false) // as RunTable
		return w, func() any { return w.times }, nil
	}
}

func (w *fitWindow) ms() float64 { return float64(time.Since(w.from).Microseconds()) / 1000 }

func (w *fitWindow) Update() error {
	if w.g == nil {
		w.from = time.Now()
		if w.prof != nil {
			w.profErr = pprof.StartCPUProfile(w.prof)
		}
		w.g = NewGame(os.Getenv(fitURLEnv), "tok")
	}
	if w.done {
		if w.prof != nil {
			pprof.StopCPUProfile()
			w.prof.Close()
		}
		w.g.Close()
		if w.profErr != nil {
			return w.profErr
		}
		return errPixelsRead
	}
	if w.ms() > 60_000 {
		return fmt.Errorf("no fitted map after 60 s: state at %.0f ms, %d frames", w.times.State, w.times.Frames)
	}
	if os.Getenv(fitFrames) != "" && w.times.State == 0 {
		w.g.conn.mu.Lock()
		n := len(w.g.conn.inbox)
		w.g.conn.mu.Unlock()
		fmt.Fprintf(os.Stderr, "tick at %.1f ms, %d messages in\n", w.ms(), n)
	}
	if err := w.g.Update(); err != nil {
		return err
	}
	if w.g.play.st != nil && w.times.State == 0 {
		w.times.State = w.ms()
	}
	return nil
}

func (w *fitWindow) Draw(screen *ebiten.Image) {
	if w.g == nil || w.done {
		return
	}
	had := w.g.play.st != nil
	w.g.Draw(screen)
	if !had {
		return
	}
	w.times.Frames++
	if os.Getenv(fitFrames) != "" {
		fmt.Fprintf(os.Stderr, "frame %d at %.1f ms (drawn %d pending %v)\n", w.times.Frames, w.ms(), w.g.chunks.drawn, w.g.chunks.pending)
	}
	if w.times.First == 0 {
		w.times.First = w.ms()
	}
	if w.g.fitted && !w.g.chunks.pending && w.g.baseFor.st != nil {
		screen.At(0, 0) // wait for the frame's drawing to be done
		w.times.Fitted, w.done = w.ms(), true
		if p := os.Getenv(fitShot); p != "" {
			shot := image.NewRGBA(screen.Bounds())
			screen.ReadPixels(shot.Pix)
			if f, err := os.Create(p); err == nil {
				png.Encode(f, shot)
				f.Close()
			}
		}
	}
}

func (w *fitWindow) Layout(ow, oh int) (int, int) {
	if w.g == nil {
		return pixelsW, pixelsH
	}
	return w.g.Layout(pixelsW, pixelsH)
}

// fitFight is the fight the benchmark serves: bigfight's n×n fight of
// figs figures as a TWTW fight (the demo's characters), fog on, or the
// demo itself for n 0.
func fitFight(b *testing.B, n, figs int) *session.FightFile {
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		b.Fatal(err)
	}
	if n == 0 {
		return f
	}
	g, err := bigfight.Generate(n, figs, len(f.Characters))
	if err != nil {
		b.Fatal(err)
	}
	f.Name = fmt.Sprintf("scale %dx%d, %d figures", n, n, figs)
	f.Map = g.Map.File()
	f.Fog = nil
	f.Options.NoFog = false
	f.Options.Seed = new(uint64(38))
	f.Figures = nil
	for _, x := range g.Figures {
		f.Figures = append(f.Figures, session.FigureSpec{ID: x.ID, Character: f.Characters[x.Character].ID, Side: x.Side, At: g.Map.Label(x.At), Facing: x.Facing})
	}
	return f
}

// BenchmarkFittedWindow is a fight to a fitted map window: the Judge's
// window (a child process, as hexslinger-map is the console's) from its
// first tick until every chunk under the screen is drawn at the fitted
// zoom, over a WebSocket to a session this process serves. Reported in
// ms: state (the welcome read and folded), first (the first frame of
// the map) and fitted (the map whole on the screen); frames, the frames
// that took. ns/op counts the child's start and is not the measure.
// HEXSLINGER_FIT_PROF=FILE writes the last child's CPU profile, and
// HEXSLINGER_FIT_FRAMES=1 shows when each of its frames was drawn, and
// HEXSLINGER_FIT_SHOT=FILE.png keeps its fitted screen.
func BenchmarkFittedWindow(b *testing.B) {
	for _, c := range []struct {
		name    string
		n, figs int
	}{{"demo", 0, 0}, {"1024x1024-4", 1024, 4}} {
		b.Run(c.name, func(b *testing.B) {
			s, err := session.Open(fitFight(b, c.n, c.figs), filepath.Join(b.TempDir(), "fit.journal.jsonl"))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			sv, err := transport.Serve(s, "127.0.0.1:0", session.NewAccess("tok"), nil)
			if err != nil {
				b.Fatal(err)
			}
			defer sv.Close()
			var runs []fitTimes
			b.ResetTimer()
			for range b.N {
				cmd := exec.Command(os.Args[0], "-test.run=^$")
				cmd.Env = append(os.Environ(), gameChild+"=fitted-window", fitURLEnv+"="+sv.URL())
				var out, errOut bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &errOut
				if err := cmd.Run(); err != nil {
					b.Fatalf("the window: %v: %s", err, errOut.String())
				}
				if os.Getenv(fitFrames) != "" {
					os.Stderr.Write(errOut.Bytes())
				}
				var t fitTimes
				if err := json.Unmarshal(out.Bytes(), &t); err != nil {
					b.Fatalf("the window's times %q: %v", out.String(), err)
				}
				runs = append(runs, t)
			}
			b.StopTimer()
			med := func(f func(fitTimes) float64) float64 {
				v := make([]float64, len(runs))
				for i, r := range runs {
					v[i] = f(r)
				}
				slices.Sort(v)
				return v[len(v)/2]
			}
			b.ReportMetric(med(func(t fitTimes) float64 { return t.State }), "ms-state")
			b.ReportMetric(med(func(t fitTimes) float64 { return t.First }), "ms-first")
			b.ReportMetric(med(func(t fitTimes) float64 { return t.Fitted }), "ms-fitted")
			b.ReportMetric(med(func(t fitTimes) float64 { return float64(t.Frames) }), "frames")
		})
	}
}
