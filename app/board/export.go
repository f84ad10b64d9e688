package board

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
)

// A fight's replay exported as an animated GIF, and one moment of it as a
// PNG (hexslinger-map --export, --png): the map window's own drawing (a
// Game fed each event's state, as the screenshot scenes feed a live one),
// one frame per event with its log sentence in the status bar, read back
// from the screen and encoded with the standard library's image/gif.

// Export sizes and timing: the window a frame is drawn in (the screenshot
// scenes' size, small enough to share), and how long a frame shows, in
// hundredths of a second.
const (
	ExportWidth     = SceneWidth
	ExportHeight    = SceneHeight
	exportDelay     = 80  // 0.8 s an event
	exportLastDelay = 300 // the last frame stays 3 s
)

// Seats an export can be drawn from.
const (
	ExportJudge   = "judge"   // the whole fight, every figure
	ExportPlayers = "players" // what the players' side saw: no hidden figure, the fog of war
)

// Export is what to make of a fight's journal: an animated GIF of events
// From to To (To -1: to the end), and or a PNG of event PNGAt (-1: the
// last event of the range), drawn from Seat's view.
type Export struct {
	Journal string // the fight's *.journal.jsonl
	GIF     string // where the animation goes; "" for none
	PNG     string // where the picture of one moment goes; "" for none
	From    int
	To      int
	PNGAt   int
	Seat    string // ExportJudge or ExportPlayers
}

// ExportResult says what an export made.
type ExportResult struct {
	Frames int // the GIF's frames
	Merged int // events that changed nothing drawn: their time went to the frame before
	Bytes  int // the GIF's size
}

// ErrExportDone ends the export's game loop once every frame is read.
var ErrExportDone = errors.New("export done")

// check reports a mistake in the flags themselves, before the journal is
// read.
func (x Export) check() error {
	switch {
	case x.Journal == "":
		return errors.New("--export and --png need --journal FILE.journal.jsonl: the fight to replay")
	case x.GIF == "" && x.PNG == "":
		return errors.New("--journal: say what to make of it: --export OUT.gif, --png OUT.png, or both")
	case x.GIF != "" && !strings.EqualFold(filepath.Ext(x.GIF), ".gif"):
		return fmt.Errorf("--export %q: the animation is a GIF: name it OUT.gif", x.GIF)
	case x.PNG != "" && !strings.EqualFold(filepath.Ext(x.PNG), ".png"):
		return fmt.Errorf("--png %q: the picture is a PNG: name it OUT.png", x.PNG)
	case x.Seat != ExportJudge && x.Seat != ExportPlayers:
		return fmt.Errorf("--seat %q: want %s (the whole fight) or %s (what the players saw)", x.Seat, ExportJudge, ExportPlayers)
	case x.From < 0:
		return fmt.Errorf("--from %d: events count from 0 (the fight's opening)", x.From)
	case x.To < -1:
		return fmt.Errorf("--to %d: want an event's number, or -1 for the last", x.To)
	case x.To >= 0 && x.To < x.From:
		return fmt.Errorf("--to %d is before --from %d", x.To, x.From)
	case x.PNGAt < -1:
		return fmt.Errorf("--png-at %d: want an event's number", x.PNGAt)
	case x.PNGAt >= 0 && x.PNG == "":
		return errors.New("--png-at needs --png OUT.png: where the picture goes")
	}
	return nil
}

// frames returns the events to draw of a timeline of n events: from..to
// for the GIF (none without one), and the PNG's event (-1 without one).
func (x Export) frames(n int) (from, to, pngAt int, err error) {
	last := n - 1
	to = x.To
	if to < 0 {
		to = last
	}
	switch {
	case x.From > last:
		return 0, 0, 0, fmt.Errorf("--from %d: the journal has events 0 to %d", x.From, last)
	case to > last:
		return 0, 0, 0, fmt.Errorf("--to %d: the journal has events 0 to %d", x.To, last)
	case x.PNGAt > last:
		return 0, 0, 0, fmt.Errorf("--png-at %d: the journal has events 0 to %d", x.PNGAt, last)
	}
	pngAt = -1
	if x.PNG != "" {
		pngAt = x.PNGAt
		if pngAt < 0 {
			pngAt = to
		}
	}
	return x.From, to, pngAt, nil
}

// RunExport draws the export x asks for and writes it; progress gets a
// line as each frame is drawn.
func RunExport(x Export, progress io.Writer) (ExportResult, error) {
	if err := x.check(); err != nil {
		return ExportResult{}, &UsageError{Err: err}
	}
	tl, err := session.OpenTimeline(x.Journal)
	if err != nil {
		return ExportResult{}, err
	}
	from, to, pngAt, err := x.frames(tl.Len())
	if err != nil {
		return ExportResult{}, &UsageError{Err: err}
	}
	var at []int // the GIF's events, then the PNG's if it is not among them
	if x.GIF != "" {
		for i := from; i <= to; i++ {
			at = append(at, i)
		}
	}
	gifN := len(at)
	if pngAt >= 0 && (pngAt < from || pngAt > to || x.GIF == "") {
		at = append(at, pngAt)
	}
	ex, err := newExporter(tl, x.Seat, at, pngAt, progress)
	if err != nil {
		return ExportResult{}, err
	}
	ex.gifN = gifN
	defer ex.g.Close()
	ebiten.SetWindowTitle("hexslinger — exporting " + filepath.Base(x.Journal))
	ebiten.SetWindowSize(ExportWidth, ExportHeight)
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	ebiten.SetScreenClearedEveryFrame(false)
	if err := ebiten.RunGame(ex); err != nil && !errors.Is(err, ErrExportDone) {
		return ExportResult{}, err
	}
	if ex.err != nil {
		return ExportResult{}, ex.err
	}
	fmt.Fprintln(progress)
	if x.PNG != "" {
		var buf bytes.Buffer
		if err := png.Encode(&buf, ex.png); err != nil {
			return ExportResult{}, err
		}
		if err := os.WriteFile(x.PNG, buf.Bytes(), 0o644); err != nil {
			return ExportResult{}, err
		}
	}
	var res ExportResult
	if x.GIF != "" {
		fmt.Fprintf(progress, "encoding %d frames…\n", len(ex.shots))
		anim, merged, err := encodeFrames(ex.shots, ex.colours)
		if err != nil {
			return ExportResult{}, err
		}
		var buf bytes.Buffer
		if err := gif.EncodeAll(&buf, anim); err != nil {
			return ExportResult{}, fmt.Errorf("encode the GIF: %w", err)
		}
		if err := os.WriteFile(x.GIF, buf.Bytes(), 0o644); err != nil {
			return ExportResult{}, err
		}
		res = ExportResult{Frames: len(anim.Image), Merged: merged, Bytes: buf.Len()}
	}
	return res, nil
}

// exporter is the map window drawing a timeline's events one by one, as
// an ebiten.Game: each event's state is handed to the Game, drawn until
// the map is whole, and read back.
type exporter struct {
	g        *Game
	tl       *session.Timeline
	seat     *session.Seat // nil: the Judge
	at       []int         // the events to draw, in order
	pngAt    int
	gifN     int  // the first gifN of at are the GIF's frames
	k        int  // the next of at to draw
	loaded   bool // at[k] is handed to the Game
	draws    int  // frames drawn of at[k]
	progress io.Writer
	message  string

	shots   [][]byte     // each frame, PNG-encoded (a fight's frames stay small in memory)
	colours colourCounts // how often each colour was drawn, for the palette
	png     *image.RGBA
	err     error
}

func newExporter(tl *session.Timeline, seat string, at []int, pngAt int, progress io.Writer) (*exporter, error) {
	c := newConn("", "")
	c.setStatus("") // not connecting: no banner
	ex := &exporter{tl: tl, at: at, pngAt: pngAt, progress: progress, colours: colourCounts{}}
	if seat == ExportPlayers {
		st, err := tl.StateAt(0)
		if err != nil {
			return nil, err
		}
		ex.seat = &session.Seat{Name: "table", Role: session.RolePlayer, Side: st.Options.Players()}
		c.role = string(session.RolePlayer)
	} else {
		c.role = string(session.RoleJudge)
	}
	// The Game's connection is never dialled: the exporter hands it
	// each state.
	ex.g = &Game{conn: c, cancel: func() {}, w: ExportWidth, h: ExportHeight}
	ex.g.cursor = func() (int, int) { return -50, -50 }
	return ex, nil
}

// load hands event i's fight, as the seat saw it, to the Game, with the
// event's sentence in the status bar and its result on the map.
func (ex *exporter) load(i int) error {
	g := ex.g
	var st *session.State
	if ex.seat == nil {
		s, err := ex.tl.StateAt(i)
		if err != nil {
			return err
		}
		st = s
	} else {
		view, err := ex.tl.ViewAt(i, ex.seat)
		if err != nil {
			return err
		}
		if st, err = view.State(); err != nil {
			return fmt.Errorf("event %d: the players' view: %w", i, err)
		}
		g.conn.mu.Lock()
		g.conn.figures = ex.seat.Owned(st)
		g.conn.mu.Unlock()
	}
	e, shown, err := ex.tl.EventFor(i, ex.seat)
	if err != nil {
		return err
	}
	sameMap := g.play.st != nil && g.play.st.Name == st.Name
	g.play.st, g.play.selected = st, ""
	g.seq++
	if !sameMap || !g.fitted {
		g.fit()
	}
	g.clearResult()
	msg := ""
	switch {
	case i == 0:
		msg = fmt.Sprintf("%s, round %d.", st.Name, st.Round)
	case shown:
		msg = e.Text
		g.showResult(e)
		if g.result != nil {
			g.result.start = time.Time{} // drawn as it ends, not as it starts
		}
	default:
		// A figure came into the seat's view or went out of it: only
		// that, not where in the fog it came from (Timeline.LineFor).
		msg = ex.tl.LineFor(i, ex.seat)
	}
	g.say(msg, false)
	return nil
}

// Update implements ebiten.Game.
func (ex *exporter) Update() error {
	if ex.err != nil || ex.k >= len(ex.at) {
		return ErrExportDone
	}
	if !ex.loaded {
		if err := ex.load(ex.at[ex.k]); err != nil {
			ex.err = err
			return ErrExportDone
		}
		ex.loaded, ex.draws = true, 0
	}
	return nil
}

// Draw implements ebiten.Game: the window's drawing; once the map is
// whole, the frame is read back.
func (ex *exporter) Draw(screen *ebiten.Image) {
	ex.g.Draw(screen)
	if !ex.loaded || ex.k >= len(ex.at) {
		return
	}
	if ex.g.chunks.pending || ex.g.backdrop.loading != nil {
		return // more of the map, or its picture, to draw
	}
	if ex.draws++; ex.draws < 2 {
		return
	}
	img := image.NewRGBA(screen.Bounds())
	screen.ReadPixels(img.Pix)
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 0xff // the window is opaque
	}
	i := ex.at[ex.k]
	if i == ex.pngAt && ex.png == nil {
		ex.png = img
	}
	if ex.k < ex.gifN {
		ex.colours.add(img)
		var buf bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		if err := enc.Encode(&buf, img); err != nil {
			ex.err = err
		}
		ex.shots = append(ex.shots, buf.Bytes())
	}
	ex.k++
	ex.loaded = false
	fmt.Fprintf(ex.progress, "\rrendering %d/%d", ex.k, len(ex.at))
}

// Layout implements ebiten.Game: the export's fixed size.
func (ex *exporter) Layout(int, int) (int, int) {
	ex.g.Layout(ExportWidth, ExportHeight)
	return ExportWidth, ExportHeight
}

// colourCounts counts the colours drawn, by their top 5 bits a channel,
// with the sums of the colours counted there (their mean is the palette's
// colour).
type colourCounts map[uint16]*colourSum

type colourSum struct{ n, r, g, b int }

func (cc colourCounts) add(img *image.RGBA) {
	p := img.Pix
	for i := 0; i+3 < len(p); i += 4 {
		r, g, b := p[i], p[i+1], p[i+2]
		k := uint16(r>>3)<<10 | uint16(g>>3)<<5 | uint16(b>>3)
		s := cc[k]
		if s == nil {
			s = &colourSum{}
			cc[k] = s
		}
		s.n++
		s.r += int(r)
		s.g += int(g)
		s.b += int(b)
	}
}

// palette is the GIF's colours: the 255 most drawn (each the mean of what
// was drawn near it), and a transparent one last, which a frame uses where
// it leaves the one before it as it was.
func (cc colourCounts) palette() color.Palette {
	sums := make([]*colourSum, 0, len(cc))
	for _, s := range cc {
		sums = append(sums, s)
	}
	sort.Slice(sums, func(i, j int) bool { return sums[i].n > sums[j].n })
	var pal color.Palette
	for _, s := range sums {
		if len(pal) == 255 {
			break
		}
		pal = append(pal, color.RGBA{uint8(s.r / s.n), uint8(s.g / s.n), uint8(s.b / s.n), 0xff})
	}
	return append(pal, color.RGBA{})
}

// exportTransparent is the palette's index of the transparent colour.
func exportTransparent(pal color.Palette) uint8 { return uint8(len(pal) - 1) }

// encodeFrames makes the GIF of the frames (PNG-encoded) in palette pal's
// colours: the first whole, each other only the rectangle where it
// differs from the one before, the pixels in it that did not change
// transparent. A frame no different from the one before is left out and
// its time given to that one (merged counts them).
func encodeFrames(shots [][]byte, cc colourCounts) (*gif.GIF, int, error) {
	pal := cc.palette()
	clear := exportTransparent(pal)
	near := map[[3]uint8]uint8{}
	index := func(r, g, b uint8) uint8 {
		k := [3]uint8{r, g, b}
		if i, ok := near[k]; ok {
			return i
		}
		best, bestD := 0, 1<<30
		for i, c := range pal[:clear] {
			pc := c.(color.RGBA)
			dr, dg, db := int(pc.R)-int(r), int(pc.G)-int(g), int(pc.B)-int(b)
			// Weighted as the eye weighs them.
			if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
				best, bestD = i, d
			}
		}
		near[k] = uint8(best)
		return uint8(best)
	}
	anim := &gif.GIF{Config: image.Config{ColorModel: pal, Width: ExportWidth, Height: ExportHeight}}
	var prev *image.Paletted
	merged := 0
	for _, data := range shots {
		src, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			return nil, 0, err
		}
		rgba, ok := src.(*image.RGBA)
		if !ok {
			rgba = image.NewRGBA(src.Bounds())
			for y := src.Bounds().Min.Y; y < src.Bounds().Max.Y; y++ {
				for x := src.Bounds().Min.X; x < src.Bounds().Max.X; x++ {
					rgba.Set(x, y, src.At(x, y))
				}
			}
		}
		whole := image.NewPaletted(rgba.Bounds(), pal)
		for i, j := 0, 0; i+3 < len(rgba.Pix); i, j = i+4, j+1 {
			whole.Pix[j] = index(rgba.Pix[i], rgba.Pix[i+1], rgba.Pix[i+2])
		}
		frame := whole
		if prev != nil {
			r := changed(prev, whole)
			if r.Empty() {
				anim.Delay[len(anim.Delay)-1] += exportDelay
				merged++
				continue
			}
			frame = image.NewPaletted(r, pal)
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					c := whole.ColorIndexAt(x, y)
					if c == prev.ColorIndexAt(x, y) {
						c = clear
					}
					frame.SetColorIndex(x, y, c)
				}
			}
		}
		prev = whole
		anim.Image = append(anim.Image, frame)
		anim.Delay = append(anim.Delay, exportDelay)
		anim.Disposal = append(anim.Disposal, gif.DisposalNone)
	}
	if len(anim.Image) == 0 {
		return nil, 0, errors.New("no frames to encode")
	}
	anim.Delay[len(anim.Delay)-1] += exportLastDelay - exportDelay
	return anim, merged, nil
}

// changed is the rectangle where b differs from a (the same size).
func changed(a, b *image.Paletted) image.Rectangle {
	r := image.Rectangle{}
	w := a.Bounds().Dx()
	for y := 0; y < a.Bounds().Dy(); y++ {
		row := y * a.Stride
		for x := 0; x < w; x++ {
			if a.Pix[row+x] != b.Pix[row+x] {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}
