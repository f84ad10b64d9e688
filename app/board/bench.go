package board

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/hexmap"
	"hexslinger/rules"
)

// Bench sizes (hexslinger-map --bench).
const (
	BenchWidth   = 1500
	BenchHeight  = 850
	benchFigures = 500
	benchWarmup  = 15 // frames not counted after each change of scene
	benchFrames  = 90 // frames measured per scene
)

// benchZooms are the hex sizes the bench draws at, in pixels.
var benchZooms = []float64{8, 16, 32, 64}

// Bench is the map window's benchmark as an ebiten.Game: at each zoom,
// empty frames as the baseline, then a generated 256×256 map with 500
// figures, the reachable area, a path preview and the hover outline. It
// prints per zoom the p50 and p99 frame time and their ratio to the
// baseline's, the p99 CPU time in Update plus Draw, and the peak memory.
type Bench struct {
	g       *Game
	out     io.Writer
	picture int // the side of the picture under the map, 0 for none
	scene   int // two per zoom: the empty baseline, then the map
	frame   int
	last    time.Time
	frames  [][]time.Duration // per scene
	cpu     [][]time.Duration
	done    bool
	baseMem string
	// spent and spentWall are the CPU and the wall time Update and Draw
	// took in the current frame; wall per scene the frames' wall times.
	spent, spentWall time.Duration
	wall             [][]time.Duration
	// picFrom is when the first frame of the map was drawn, picTook how
	// long after it the picture showed; picFirst the wall time of that
	// frame's Update and Draw, picLongest the longest of the others' until
	// the picture showed.
	picFrom                       time.Time
	picTook, picFirst, picLongest time.Duration
}

// measure runs f, adding the CPU time its thread spent to b.spent (where
// the system has no per-thread clock, the wall time) and its wall time to
// b.spentWall. The goroutine is held on its thread meanwhile, so the
// thread's clock is f's.
func (b *Bench) measure(f func() error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	w0 := time.Now()
	c0, ok := threadCPU()
	err := f()
	c1, _ := threadCPU()
	wall := time.Since(w0)
	if !ok {
		c0, c1 = 0, wall
	}
	b.spent += c1 - c0
	b.spentWall += wall
	return err
}

// ErrBenchDone ends the bench's game loop.
var ErrBenchDone = errors.New("bench done")

// NewBench builds the bench's fight and game; picture, when more than 0,
// lays a generated picture that many pixels a side under the map.
func NewBench(out io.Writer, picture int) (*Bench, error) {
	m := hexmap.Sample(256, 256, 7)
	if picture > 0 {
		bg, err := benchPicture(m, picture)
		if err != nil {
			return nil, err
		}
		m.Background = bg
	}
	// No rules named: a fight runs The West That Wasn't by default.
	st := &session.State{Name: "bench", Map: m, Round: 1,
		Characters: map[string]session.Character{}, Figures: map[string]*session.Figure{}}
	st.Characters["gun"] = session.Character{Character: rules.Character{ID: "gun", Name: "Hired Gun", Move: 6, Run: 12, Size: 6,
		Traits: rules.Traits{Quickness: 3, Coordination: 3}}}
	rng := rand.New(rand.NewPCG(5, 5))
	taken := map[hexmap.Hex]bool{}
	// Figures crowd the middle of the map, where the bench looks.
	for len(st.Order) < benchFigures {
		h := hexmap.Pointy.FromOffset(hexmap.Offset{Col: 96 + rng.IntN(64), Row: 96 + rng.IntN(64)})
		if taken[h] || m.CanStand(h) != nil {
			continue
		}
		taken[h] = true
		id := fmt.Sprintf("f%d", len(st.Order))
		side := []string{"posse", "outlaws", "townsfolk"}[len(st.Order)%3]
		st.Figures[id] = &session.Figure{ID: id, Character: "gun", Side: side, At: h, Facing: hexmap.Direction(rng.IntN(6)), AP: 8}
		st.Order = append(st.Order, id)
	}
	g := &Game{w: BenchWidth, h: BenchHeight}
	g.play.st = st
	g.play.selected = st.Order[0]
	g.fitted = true
	n := 2 * len(benchZooms)
	return &Bench{g: g, out: out, picture: picture, frames: make([][]time.Duration, n), cpu: make([][]time.Duration, n), wall: make([][]time.Duration, n)}, nil
}

// benchPicture is a side×side picture over the whole of m: a JPEG of
// noise and stripes, as costly to draw as any battle map's art. Its
// pixels are made as the encoder asks for them, so that making it holds
// no picture in memory for the bench to count.
func benchPicture(m *hexmap.Map, side int) (*hexmap.Background, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, stripes(side), &jpeg.Options{Quality: 80}); err != nil {
		return nil, err
	}
	ref := hexmap.Layout{Orientation: m.Orientation, Size: 1 / math.Sqrt(3)}
	lo, hi := ref.Bounds(m)
	// The file exactly, as read from a disk, not the buffer's slack.
	return &hexmap.Background{Image: bytes.Clone(buf.Bytes()), PixelsPerHex: float64(side) / math.Max(hi.X-lo.X, hi.Y-lo.Y), Origin: lo}, nil
}

// stripes is a side×side picture computed pixel by pixel.
type stripes int

func (s stripes) ColorModel() color.Model { return color.RGBAModel }
func (s stripes) Bounds() image.Rectangle { return image.Rect(0, 0, int(s), int(s)) }
func (s stripes) At(x, y int) color.Color {
	v := uint8((x*7 ^ y*13) & 0x3f)
	return color.RGBA{0x80 + v, 0x60 + v/2, 0x40 + uint8(y%64), 0xff}
}

// Layout implements ebiten.Game.
func (b *Bench) Layout(int, int) (int, int) { return BenchWidth, BenchHeight }

// Update implements ebiten.Game: it moves the scene on and ends the run.
func (b *Bench) Update() error {
	if b.done {
		return ErrBenchDone
	}
	if b.mapScene() {
		// The pointer sweeps back and forth over six hexes beside the
		// selected figure, so the path preview, and so the frame, change
		// every frame: the bench measures redrawing, not the frames the
		// window skips when nothing changes.
		g := b.g
		g.cursor = func() (int, int) {
			f := g.play.st.Figures[g.play.selected]
			k := b.frame % 12
			if k >= 6 {
				k = 11 - k
			}
			p := g.layout.ToPixel(f.At.Add(hexmap.Hex{Q: 2 + k}))
			return int(p.X), int(p.Y)
		}
		return b.measure(g.Update)
	}
	return nil
}

// Draw implements ebiten.Game.
func (b *Bench) Draw(screen *ebiten.Image) {
	now := time.Now()
	if b.frame > benchWarmup && !b.last.IsZero() {
		b.frames[b.scene] = append(b.frames[b.scene], now.Sub(b.last))
	}
	b.last = now
	if !b.mapScene() {
		screen.Fill(colBackground)
	} else {
		b.measure(func() error { b.g.Draw(screen); return nil })
		if b.picture > 0 && b.picTook == 0 {
			// Until the picture shows: how long it takes, the map's first
			// frame's Update and Draw, and the longest of the others.
			if b.picFrom.IsZero() {
				b.picFrom, b.picFirst = now, b.spentWall
			} else {
				b.picLongest = max(b.picLongest, b.spentWall)
			}
			if b.g.backdrop.ready || b.g.backdrop.err != nil {
				b.picTook = time.Since(b.picFrom)
			}
		}
		if b.g.backdrop.loading != nil {
			// The picture is still on its way: the zoom's frames are
			// counted from when it is drawn.
			b.frame, b.last, b.spent, b.spentWall = 0, time.Time{}, 0, 0
			return
		}
		if b.frame > benchWarmup {
			b.cpu[b.scene] = append(b.cpu[b.scene], b.spent)
			b.wall[b.scene] = append(b.wall[b.scene], b.spentWall)
		}
		b.spent, b.spentWall = 0, 0
	}
	b.frame++
	if b.frame < benchWarmup+benchFrames {
		return
	}
	b.frame, b.last = 0, time.Time{}
	if b.scene == 0 {
		b.baseMem = peakMemory()
	}
	b.scene++
	if b.scene == len(b.frames) {
		b.report()
		b.done = true
		return
	}
	if !b.mapScene() {
		return
	}
	// Centre the next zoom on the selected figure, the pointer two hexes
	// east of it (a path preview).
	g := b.g
	f := g.play.st.Figures[g.play.selected]
	g.layout = hexmap.Layout{Orientation: hexmap.Pointy, Size: benchZooms[b.scene/2]}
	c := g.layout.ToPixel(f.At)
	g.layout.Origin = hexmap.Point{X: BenchWidth/2 - c.X, Y: float64(BenchHeight-g.barH())/2 - c.Y}
	g.hover = f.At.Add(hexmap.Hex{Q: 2})
	g.previewFor = previewKey{}
}

// mapScene says whether the current scene draws the map: scenes go in
// pairs per zoom, the empty frame first, so that each zoom is compared
// with empty frames drawn just before it, under the same load on the
// machine (a shared machine's frame times drift over a run by more than
// the map costs).
func (b *Bench) mapScene() bool { return b.scene%2 == 1 }

func pct(d []time.Duration, p int) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return s[min(len(s)-1, len(s)*p/100)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func (b *Bench) report() {
	pic := ""
	if b.picture > 0 {
		pic = fmt.Sprintf(", a %d×%d picture under it", b.picture, b.picture)
	}
	fog := ""
	if b.g.fogSide() != "" {
		fog = ", the " + b.g.fogSide() + "'s fog of war"
	}
	fmt.Fprintf(b.out, "hexslinger-map bench: %d×%d window, 256×256 map%s, %d figures, reachable area, path preview%s\n", BenchWidth, BenchHeight, pic, benchFigures, fog)
	fmt.Fprintf(b.out, "each zoom against empty frames drawn just before it; memory after the first empty frames: %s\n", b.baseMem)
	for i, z := range benchZooms {
		e, f := b.frames[2*i], b.frames[2*i+1]
		e50, e99 := pct(e, 50), pct(e, 99)
		p50, p99 := pct(f, 50), pct(f, 99)
		fmt.Fprintf(b.out, "zoom %2.0f px: frame p50 %.1f ms (%.2f× empty %.1f), p99 %.1f ms (%.2f× empty %.1f); Update+Draw CPU p99 %.2f ms (wall p99 %.2f ms)\n",
			z, ms(p50), float64(p50)/float64(e50), ms(e50), ms(p99), float64(p99)/float64(e99), ms(e99), ms(pct(b.cpu[2*i+1], 99)), ms(pct(b.wall[2*i+1], 99)))
	}
	if b.picture > 0 {
		fmt.Fprintf(b.out, "the picture showed %.2f s after the map first did: the map's first frame's Update+Draw took %.1f ms, the longest of the others meanwhile %.1f ms (wall)\n", b.picTook.Seconds(), ms(b.picFirst), ms(b.picLongest))
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	fmt.Fprintf(b.out, "peak memory: %s (Go heap in use now %d MB)\n", peakMemory(), m.HeapInuse>>20)
	if path := os.Getenv("HEXSLINGER_MEMPROFILE"); path != "" {
		if f, err := os.Create(path); err == nil {
			pprof.WriteHeapProfile(f)
			f.Close()
		}
	}
}

// peakMemory is the process's peak resident memory (Linux), else what Go
// has taken from the system.
func peakMemory() string {
	if data, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				// The kernel's kB are KiB.
				var kib int64
				if _, err := fmt.Sscanf(strings.TrimSpace(v), "%d kB", &kib); err == nil {
					return fmt.Sprintf("%d kB resident at peak (%.0f MiB)", kib, float64(kib)/1024)
				}
				return strings.TrimSpace(v) + " resident at peak"
			}
		}
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return fmt.Sprintf("%d MB from the system", m.Sys>>20)
}
