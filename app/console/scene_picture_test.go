package console

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// pictureScene writes a Foundry scene naming the picture cellar.png into
// dir, and returns its path.
func pictureScene(t *testing.T, dir string) string {
	t.Helper()
	scene := filepath.Join(dir, "fvtt-Scene-cellar.json")
	data := `{"name":"Cellar","width":1000,"height":800,"padding":0.25,"grid":{"type":1,"size":100,"distance":5},
	"background":{"src":"worlds/w/cellar.png","offsetX":30,"offsetY":-20},"walls":[{"c":[400,700,500,700],"door":1},{"c":[100,300,600,300]}]}`
	if err := os.WriteFile(scene, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return scene
}

// writeTestPNG writes a blank w×h PNG to path.
func writeTestPNG(t *testing.T, path string, w, h int) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// waitForOverlay waits for a dialog on w saying want, and returns its text.
func waitForOverlay(t *testing.T, w fyne.Window, want string) string {
	t.Helper()
	var got string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if got = overlayText(w); strings.Contains(got, want) {
			return got
		}
	}
	t.Fatalf("no dialog saying %q; the dialog says %q", want, got)
	return ""
}

// TestTheMapChooserAsksForAScenesMissingPicture: a Foundry scene whose
// picture is not beside it (the new fight's map came without it before)
// asks the Judge, naming the picture: "Go on without" makes the fight
// with the scene's walls and no picture; "Choose picture…" takes the
// picture chosen, a bad one refused in the dialog in one line and asked
// again, a good one laid where it lies when found beside the scene.
func TestTheMapChooserAsksForAScenesMissingPicture(t *testing.T) {
	elsewhere := t.TempDir()
	good := filepath.Join(elsewhere, "the cellar.png")
	writeTestPNG(t, good, 500, 400)
	bad := filepath.Join(elsewhere, "cellar.png")
	if err := os.WriteFile(bad, []byte("not a picture"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The map as it comes with its picture beside it.
	besideDir := t.TempDir()
	img, _ := os.ReadFile(good)
	if err := os.WriteFile(filepath.Join(besideDir, "cellar.png"), img, 0o644); err != nil {
		t.Fatal(err)
	}
	beside, err := hexmap.OpenMap(pictureScene(t, besideDir))
	if err != nil || beside.Background == nil {
		t.Fatalf("the scene with its picture beside it: error %v, picture %v", err, beside != nil && beside.Background != nil)
	}
	want := beside.File().Background

	for _, tc := range []struct {
		name    string
		answers []string // the pictures chosen, in turn; none: Go on without
	}{
		{"go on without", nil},
		{"a bad picture, then a good one", []string{bad, good}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _, w := newConsole(t)
			scene := pictureScene(t, t.TempDir())
			answers := tc.answers
			c.library.askSave = func(q fileQuestion, done func(string)) {
				if q.save || len(answers) == 0 {
					t.Errorf("asked %+v, want a picture to open", q)
					return
				}
				a := answers[0]
				answers = answers[1:]
				done(a)
			}
			made := make(chan *session.FightFile, 1)
			c.library.readMapFor(scene, "twtw", func(f *session.FightFile) { made <- f })
			text := waitForOverlay(t, w, "cellar.png")
			if !strings.Contains(text, "was not found beside it") {
				t.Errorf("the dialog says %q, want the picture not found beside the scene", text)
			}
			if tc.answers == nil {
				b := overlayButtons(w)["Go on without"]
				if b == nil {
					t.Fatalf("no Go on without button: %v", overlayButtons(w))
				}
				test.Tap(b)
			} else {
				for i := range tc.answers {
					if i > 0 {
						text := waitForOverlay(t, w, "The picture chosen for cellar.png is not a PNG, JPEG or WebP picture")
						if strings.Count(text, "not a PNG") != 1 {
							t.Errorf("after a bad picture the dialog says %q, want the reason once", text)
						}
					}
					b := overlayButtons(w)["Choose picture…"]
					if b == nil {
						t.Fatalf("no Choose picture… button: %v", overlayButtons(w))
					}
					test.Tap(b)
				}
			}
			var f *session.FightFile
			select {
			case f = <-made:
			case <-time.After(10 * time.Second):
				t.Fatalf("no new fight; the dialog says %q", overlayText(w))
			}
			if f == nil || f.Map == nil || len(f.Map.Edges) == 0 {
				t.Fatalf("the new fight: %+v, want one with the scene's walls", f)
			}
			got := f.Map.Background
			if tc.answers == nil {
				if got != nil {
					t.Errorf("gone on without: the fight's map has a picture, want none")
				}
				return
			}
			if got == nil || got.PixelsPerHex != want.PixelsPerHex || got.Origin != want.Origin || !bytes.Equal(got.Image, want.Image) {
				t.Errorf("the picture chosen: %+v, want it as beside the scene: %g a hex at %v", got, want.PixelsPerHex, want.Origin)
			}
		})
	}
}
