//go:build e2e

package e2e

import (
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "write the screenshot tests' pictures afresh")

// Scene pictures may differ this much from the kept ones: a pixel counts as
// different when a channel is off by more than pixelTolerance; the test
// fails when more than changedShare of all the pixels differ, or more than
// tileShare of any tile of tileSize² pixels (a token drawn or missing is a
// small change in one place, scattered edge noise is not).
const (
	pixelTolerance = 48
	changedShare   = 0.01
	tileSize       = 16
	tileShare      = 0.2
)

// TestScenes draws the map window's prepared scenes (the demo street, the
// reachable area, an aimed shot, a thrown miss with its clock face, the
// player view with a hidden figure, the editor while painting, its toolbar
// and legend with a wall line being dragged, the editor raising a hill
// with its levels written on the hexes, a ping, a token with a
// portrait, the window at 1920×1080 at the table scale, the demo street
// mid-fight with adjacent figures all tagged, a Savage Worlds
// shot at a figure behind a barrel with its cover penalty, a Dragon
// Warriors II missile refused through a wall) and
// compares each with the picture kept in testdata, with a tolerance:
// what only pixels show.
func TestScenes(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("needs an X display (make e2e runs it under Xvfb)")
	}
	root, _ := filepath.Abs("..")
	bin := filepath.Join(root, "bin", "hexslinger-map")
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("bin/hexslinger-map is missing: run make build first")
	}
	shots := filepath.Join(root, "e2e", "shots")
	os.MkdirAll(shots, 0o755)
	for _, name := range []string{"street", "reach", "attack", "ruler", "thrown-miss", "hit-result", "drag-move", "defend", "player", "editor", "judge-edit", "editor-toolbar", "editor-hill", "ping", "portrait", "table-scale", "street-tagged", "uvtt-map", "align-grid", "fog-player", "fog-door", "fog-judge", "fog-known", "timeline", "dw-melee", "dw-wound", "savage-shaken", "fudge-wounds", "savage-cover", "dw-wall", "place-drag", "savage-signs"} {
		t.Run(name, func(t *testing.T) {
			got := filepath.Join(shots, "scene-"+name+".png")
			os.Remove(got)
			cmd := exec.Command(bin, "--scene", name, "--shot", got)
			cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir())
			cmd.WaitDelay = 5 * time.Second
			done := make(chan struct{})
			go func() {
				select {
				case <-done:
				case <-time.After(90 * time.Second):
					cmd.Process.Kill()
				}
			}()
			out, err := cmd.CombinedOutput()
			close(done)
			if err != nil {
				t.Fatalf("hexslinger-map --scene %s: %v\n%s", name, err, out)
			}
			want := filepath.Join(root, "e2e", "testdata", "scenes", name+".png")
			matchScene(t, name, got, want, filepath.Join(shots, "scene-"+name+"-diff.png"))
		})
	}
}

// matchScene compares the picture got with the one kept at want, within
// the tolerance above (a picture of their differences at diffPath when
// they differ more), or with -update keeps got as want.
func matchScene(t *testing.T, name, got, want, diffPath string) {
	t.Helper()
	if *update {
		os.MkdirAll(filepath.Dir(want), 0o755)
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
	diff, n, worst := compare(a, b)
	share := float64(n) / float64(a.Bounds().Dx()*a.Bounds().Dy())
	if share > changedShare || worst > tileShare {
		writePNG(t, diffPath, diff)
		t.Errorf("%s: %.2f%% of the pixels differ from %s (at most %.0f%%), %.0f%% of the worst %d×%d tile (at most %.0f%%): see %s and %s",
			name, 100*share, want, 100*changedShare, 100*worst, tileSize, tileSize, 100*tileShare, got, diffPath)
	} else {
		t.Logf("%s: %.3f%% of the pixels differ, %.0f%% of the worst tile", name, 100*share, 100*worst)
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

func writePNG(t *testing.T, path string, img image.Image) {
	f, err := os.Create(path)
	if err != nil {
		t.Log(err)
		return
	}
	defer f.Close()
	png.Encode(f, img)
}

// compare counts the pixels of a and b that differ beyond the tolerance,
// finds the share of the worst tile, and paints them red over a faded copy
// of b.
func compare(a, b image.Image) (*image.RGBA, int, float64) {
	r := b.Bounds()
	out := image.NewRGBA(r)
	n := 0
	tiles := map[image.Point]int{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ar, ag, ab, _ := a.At(x, y).RGBA()
			br, bg, bb, _ := b.At(x, y).RGBA()
			d := max(absDiff(ar, br), absDiff(ag, bg), absDiff(ab, bb)) >> 8
			if d > pixelTolerance {
				n++
				tiles[image.Point{x / tileSize, y / tileSize}]++
				out.Set(x, y, color.RGBA{0xff, 0, 0, 0xff})
			} else {
				out.Set(x, y, color.RGBA{uint8(br >> 10), uint8(bg >> 10), uint8(bb >> 10), 0xff})
			}
		}
	}
	worst := 0
	for _, c := range tiles {
		worst = max(worst, c)
	}
	return out, n, float64(worst) / (tileSize * tileSize)
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}
