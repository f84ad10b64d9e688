package board

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"hexslinger/hexmap"
)

// cellarScene is a Foundry scene naming the picture cellar.png, its
// picture moved off the padding's corner.
const cellarScene = `{"name":"Cellar","width":1000,"height":800,"padding":0.25,"grid":{"type":1,"size":100,"distance":5},
	"background":{"src":"worlds/w/cellar.png","offsetX":30,"offsetY":-20},"walls":[{"c":[400,700,500,700],"door":1},{"c":[100,300,600,300]}]}`

// cellarPicture is a blank PNG for the cellar scene, and the map the
// scene makes with it beside it.
func cellarPicture(t *testing.T) ([]byte, *hexmap.Map) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 500, 400))); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	scene := filepath.Join(dir, "fvtt-Scene-cellar.json")
	if err := os.WriteFile(scene, []byte(cellarScene), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cellar.png"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := hexmap.OpenMap(scene)
	if err != nil || m.Background == nil {
		t.Fatalf("the cellar scene with its picture beside it: error %v", err)
	}
	return buf.Bytes(), m
}

// TestTheEditorTakesAScenesPictureDroppedWithItOrAfter: a Foundry scene
// dropped with its picture (two files at once; the editor read only the
// first, the picture) opens with that picture, laid as when it is beside
// the scene; a scene dropped alone opens with its walls, the window
// naming the picture it misses, and a picture dropped then is laid on it
// where the scene says, the map kept; a bad one is refused in one line
// naming the picture, the map left missing it.
func TestTheEditorTakesAScenesPictureDroppedWithItOrAfter(t *testing.T) {
	pic, beside := cellarPicture(t)
	want := beside.Background
	samePicture := func(t *testing.T, what string, m *hexmap.Map) {
		t.Helper()
		got := m.Background
		if got == nil || m.MissingPicture != nil || got.PixelsPerHex != want.PixelsPerHex || got.Origin != want.Origin || !bytes.Equal(got.Image, want.Image) {
			var at any = "none"
			if got != nil {
				at = []any{got.PixelsPerHex, got.Origin}
			}
			t.Errorf("%s: picture (a hex, at) %v, missing %+v; want it as beside the scene: %g a hex at %v", what, at, m.MissingPicture, want.PixelsPerHex, want.Origin)
		}
		if !m.Equal(beside) {
			t.Errorf("%s: the map differs from the scene's with its picture beside it", what)
		}
	}
	newEd := func() *Editor {
		ed := &Editor{e: newEdit(t), w: WindowWidth, h: WindowHeight, dialogs: make(chan dialogResult, 1)}
		ed.fit()
		return ed
	}

	t.Run("dropped together", func(t *testing.T) {
		ed := newEd()
		ed.droppedFrom(fstest.MapFS{
			"fvtt-Scene-cellar.json": {Data: []byte(cellarScene)},
			"cellar.png":             {Data: pic},
		})
		waitLoad(t, ed)
		if ed.msgErr {
			t.Fatalf("the window says %q", ed.message)
		}
		samePicture(t, "the scene and its picture dropped together", ed.e.m)
	})

	t.Run("dropped alone, then its picture", func(t *testing.T) {
		ed := newEd()
		ed.droppedFrom(fstest.MapFS{"fvtt-Scene-cellar.json": {Data: []byte(cellarScene)}})
		waitLoad(t, ed)
		m := ed.e.m
		if m.Name != "Cellar" || m.Background != nil || m.MissingPicture == nil {
			t.Fatalf("the scene dropped alone: map %q, picture %v, missing %+v; want Cellar missing cellar.png", m.Name, m.Background != nil, m.MissingPicture)
		}
		if !strings.Contains(ed.message, "cellar.png") || !strings.Contains(ed.message, "not found") {
			t.Errorf("the scene dropped alone: the window says %q, want the picture cellar.png named missing", ed.message)
		}
		ed.droppedFrom(fstest.MapFS{"my cellar.webp": {Data: []byte("not a picture")}})
		waitLoad(t, ed)
		if !ed.msgErr || !strings.Contains(ed.message, "cellar.png") || strings.Contains(ed.message, "\n") || ed.e.m != m || m.MissingPicture == nil || m.Background != nil {
			t.Errorf("a bad picture dropped: the window says %q (error %v), same map %v; want one line naming cellar.png, the map still missing it", ed.message, ed.msgErr, ed.e.m == m)
		}
		ed.droppedFrom(fstest.MapFS{"my cellar.png": {Data: pic}})
		waitLoad(t, ed)
		if ed.msgErr || ed.e.m != m {
			t.Fatalf("the picture dropped: the window says %q, same map %v; want it laid on the map", ed.message, ed.e.m == m)
		}
		samePicture(t, "the picture dropped after the scene", m)
		if !ed.e.dirty {
			t.Errorf("the picture laid: the map is not marked changed, want it saved with it")
		}
	})
}
