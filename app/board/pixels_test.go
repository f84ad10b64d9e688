package board

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/hexmap"
)

// Tests that read back what was drawn run a game loop, which Ebiten runs
// on a process's main thread alone and which ReadPixels needs: the test
// binary starts itself again with gameChild naming one of pixelGames,
// which prints its findings as JSON.
const gameChild = "HEXSLINGER_BOARD_GAME_TEST"

// pixelGames are the games a child test binary may run, by name: each
// returns the game, and the finding it prints once the game ends.
var pixelGames = map[string]func() (ebiten.Game, func() any, error){}

// errPixelsRead ends a child's game loop once it has what it looked for.
var errPixelsRead = errors.New("pixels read")

// runGameChild runs the game named name on this (the main) thread and
// prints its finding; it returns the process's exit code.
func runGameChild(name string) int {
	mk, ok := pixelGames[name]
	if !ok {
		fmt.Fprintln(os.Stderr, "no such game:", name)
		return 2
	}
	g, finding, err := mk()
	if err == nil {
		ebiten.SetWindowSize(pixelsW, pixelsH)
		err = ebiten.RunGame(g)
	}
	if err != nil && !errors.Is(err, errPixelsRead) {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := json.NewEncoder(os.Stdout).Encode(finding()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// runPixels runs the game named name in a child test binary and decodes
// its finding into v.
func runPixels(t *testing.T, name string, v any) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), gameChild+"="+name)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("the game %q: %v: %s", name, err, errOut.String())
	}
	if err := json.Unmarshal(out.Bytes(), v); err != nil {
		t.Fatalf("the game %q's finding %q: %v", name, out.String(), err)
	}
}

// The size of a child's window.
const pixelsW, pixelsH = 1280, 800

// framesGame calls frame each frame until it reports done, with the frame
// drawn (or too many frames have passed).
type framesGame struct {
	frame  func(screen *ebiten.Image) (done bool)
	done   bool
	frames int
}

func (g *framesGame) Update() error {
	switch {
	case g.done:
		return errPixelsRead
	case g.frames > 3000:
		return errors.New("not done after 3,000 frames")
	}
	return nil
}

func (g *framesGame) Draw(screen *ebiten.Image) {
	if !g.done {
		g.frames++
		g.done = g.frame(screen)
	}
}

func (g *framesGame) Layout(int, int) (int, int) { return pixelsW, pixelsH }

// pictureCoverage is what a child found drawing a map's picture: how many
// hexes' centres it looked at on the screen, and those where the
// picture's colour did not show.
type pictureCoverage struct {
	Checked int
	Bare    []string
	Where   []string // what the screen showed at the first few bare hexes
}

// solidPicture is a w×h PNG of one colour.
func solidPicture(w, h int, c color.RGBA) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	var b bytes.Buffer
	err := png.Encode(&b, img)
	return b.Bytes(), err
}

// colPicture is the solid picture's colour.
var colPicture = color.RGBA{0x30, 0xa0, 0xd0, 0xff}

// coverageCases are the views pictureCoverage games draw: a map of small
// hexes over a picture, zoomed out until all of it shows (the editor's
// first view of a big import), and zoomed in and panned far from hex A1.
var coverageCases = map[string]struct {
	o    hexmap.Orientation
	size float64 // the hexes' size on the screen; 0: the whole map fitted
	at   hexmap.Offset
}{
	"pointy, the whole map":         {o: hexmap.Pointy},
	"flat, the whole map":           {o: hexmap.Flat},
	"pointy, zoomed in, far corner": {o: hexmap.Pointy, size: 30, at: hexmap.Offset{Col: 110, Row: 130}},
	"flat, zoomed in, far corner":   {o: hexmap.Flat, size: 30, at: hexmap.Offset{Col: 130, Row: 110}},
}

func init() {
	for name, tc := range coverageCases {
		pixelGames["coverage/"+name] = func() (ebiten.Game, func() any, error) {
			pic, err := solidPicture(1000, 1000, colPicture)
			if err != nil {
				return nil, nil, err
			}
			m, err := hexmap.ImageMap("pic", pic, hexmap.Alignment{Orientation: tc.o, PixelsPerHex: hexmap.MinPixelsPerHex})
			if err != nil {
				return nil, nil, err
			}
			var l hexmap.Layout
			if tc.size == 0 {
				l = hexmap.Fit(m, pixelsW, pixelsH, 10)
			} else {
				l = hexmap.Layout{Orientation: tc.o, Size: tc.size}
				c := l.ToPixel(tc.o.FromOffset(tc.at))
				l.Origin = hexmap.Point{X: pixelsW/2 - c.X, Y: pixelsH/2 - c.Y}
			}
			var b backdrop
			c := chunkCache{backdrop: &b}
			var found pictureCoverage
			frame := func(screen *ebiten.Image) bool {
				screen.Fill(colBackground)
				b.poll(m.Background)
				c.draw(screen, m, l, pixelsW, pixelsH)
				if c.pending || !c.drawnWith.on {
					return false
				}
				shot := image.NewRGBA(screen.Bounds())
				screen.ReadPixels(shot.Pix)
				found = coverage(shot, m, l)
				return true
			}
			return &framesGame{frame: frame}, func() any { return found }, nil
		}
	}
}

// coverage looks at the centre of each hex of m on shot, drawn in layout
// l, a few pixels inside the screen and the picture.
func coverage(shot *image.RGBA, m *hexmap.Map, l hexmap.Layout) pictureCoverage {
	var found pictureCoverage
	at, k := pictureFrame(m.Background, l.Size, l.Origin)
	pw, ph, _ := hexmap.CheckBackground(m.Background.Image)
	near := func(a, b uint8) bool { return max(a, b)-min(a, b) <= 24 }
	for row := 0; row < m.Height; row++ {
		for col := 0; col < m.Width; col++ {
			h := m.Orientation.FromOffset(hexmap.Offset{Col: col, Row: row})
			p := l.ToPixel(h)
			x, y := int(p.X), int(p.Y)
			px, py := (p.X-at.X)/k, (p.Y-at.Y)/k
			if x < 4 || y < 4 || x >= pixelsW-4 || y >= pixelsH-4 || px < 2 || py < 2 || px > float64(pw-2) || py > float64(ph-2) {
				continue
			}
			found.Checked++
			c := shot.RGBAAt(x, y)
			if !near(c.R, colPicture.R) || !near(c.G, colPicture.G) || !near(c.B, colPicture.B) {
				found.Bare = append(found.Bare, m.Label(h))
				if len(found.Where) < 5 {
					found.Where = append(found.Where, fmt.Sprintf("%s at (%d,%d): %v", m.Label(h), x, y, c))
				}
			}
		}
	}
	return found
}

// TestThePictureFillsEveryHex: wherever the view is, every hex on the
// screen shows the map's picture under it. The picture was laid on hexes
// placed with a size half a pixel larger than the view's, which moved
// each hex off its place by half a pixel for every hex it lay from A1:
// zoomed out over a big import (the map editor's first view), or far
// from A1, whole columns and rows of hexes at the chunks' edges showed
// none of it, as dark stripes.
func TestThePictureFillsEveryHex(t *testing.T) {
	for name := range coverageCases {
		t.Run(name, func(t *testing.T) {
			var found pictureCoverage
			runPixels(t, "coverage/"+name, &found)
			if found.Checked < 100 {
				t.Fatalf("only %d hexes on the screen", found.Checked)
			}
			if len(found.Bare) > 0 {
				t.Errorf("%d of %d hexes on the screen show no picture (want none), e.g. %v; %v", len(found.Bare), found.Checked, found.Bare[:min(8, len(found.Bare))], found.Where)
			}
		})
	}
}

// uploadCases are pictures a window hands to the renderer: one kept as
// it is, its rows more than a frame's bands and not a whole number of
// bands; one past backdropPixels, scaled down.
var uploadCases = map[string]struct{ w, h int }{
	"kept as it is, 1,003 rows": {300, 1003},
	"scaled down, 4100×2100":    {4100, 2100},
}

// gradient is a w×h PNG whose red goes with the row and green with the
// column, so that each kept pixel says where in the picture it came from.
func gradient(w, h int) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetRGBA(x, y, color.RGBA{uint8(y * 255 / (h - 1)), uint8(x * 255 / (w - 1)), 0x80, 0xff})
		}
	}
	var b bytes.Buffer
	err := png.Encode(&b, img)
	return b.Bytes(), err
}

// uploaded is what a child found of a picture on the renderer: its size,
// and the rows of it that are not the picture's.
type uploaded struct {
	W, H    int
	BadRows int
	Where   []string // the first few bad rows: which, and what they held
}

func init() {
	for name, tc := range uploadCases {
		pixelGames["upload/"+name] = func() (ebiten.Game, func() any, error) {
			pic, err := gradient(tc.w, tc.h)
			if err != nil {
				return nil, nil, err
			}
			bg := &hexmap.Background{Image: pic, PixelsPerHex: 40}
			var b backdrop
			var found uploaded
			frame := func(screen *ebiten.Image) bool {
				b.poll(bg)
				if !b.ready {
					return b.err != nil
				}
				r := b.tex.Bounds()
				img := image.NewRGBA(r)
				b.tex.ReadPixels(img.Pix)
				found = uploadedRows(img, tc.h)
				return true
			}
			return &framesGame{frame: frame}, func() any { return found }, nil
		}
	}
}

// uploadedRows checks each row of img, a picture of h rows made by
// gradient and kept at img's size: opaque, and its red the row's (near
// enough, for a picture scaled down); kept as it is, its green the
// column's too.
func uploadedRows(img *image.RGBA, h int) uploaded {
	w, kh := img.Rect.Dx(), img.Rect.Dy()
	found := uploaded{W: w, H: kh}
	for y := 0; y < kh; y++ {
		// The red of the picture's row under this row's centre.
		red := math.Min(255, math.Max(0, ((float64(y)+0.5)*float64(h)/float64(kh)-0.5)*255/float64(h-1)))
		if kh == h {
			red = float64(y * 255 / (h - 1))
		}
		for _, x := range []int{0, w / 3, w / 2, w - 1} {
			c := img.RGBAAt(x, y)
			green := c.G // scaled down: the columns are not what this looks at
			if kh == h {
				green = uint8(x * 255 / (w - 1))
			}
			if c.A != 0xff || math.Abs(float64(c.R)-red) > 3 || c.G != green || c.B != 0x80 {
				found.BadRows++
				if len(found.Where) < 5 {
					found.Where = append(found.Where, fmt.Sprintf("row %d column %d: %v, want red %.0f green %d", y, x, c, red, green))
				}
				break
			}
		}
	}
	return found
}

// TestAPictureReachesTheRendererWhole: a picture handed to the renderer a
// few bands a frame is all there, every row, whether kept as it is or
// scaled down first.
func TestAPictureReachesTheRendererWhole(t *testing.T) {
	for name, tc := range uploadCases {
		t.Run(name, func(t *testing.T) {
			var found uploaded
			runPixels(t, "upload/"+name, &found)
			w, h := keptSize(tc.w, tc.h)
			if found.W != w || found.H != h {
				t.Errorf("the picture on the renderer is %d×%d, want %d×%d", found.W, found.H, w, h)
			}
			if found.BadRows > 0 {
				t.Errorf("%d of %d rows are not the picture's: %v", found.BadRows, found.H, found.Where)
			}
		})
	}
}
