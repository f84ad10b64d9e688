package hexmap

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAMissingScenePictureIsNamedAndLaidWhenChosen: a Foundry scene whose
// picture is not beside it (or was dropped alone, with no folder) opens
// with its walls and doors, the picture it names reported missing; the
// picture chosen then (LayScenePicture) lies where the importer lays one
// found beside the scene: the two maps are equal, whatever the grid and
// offset. A bad picture chosen is refused in one line naming it, the map
// left as it was.
func TestAMissingScenePictureIsNamedAndLaidWhenChosen(t *testing.T) {
	walls := `{"c":[100,550,200,550],"door":1},{"c":[400,550,500,550]}`
	scenes := []struct{ name, scene, pic string }{
		{"squares", fvTestScene(walls, `{"x":450,"y":450,"config":{"dim":10}}`), "test.png"},
		{"padding and offset", `{"name":"cave","width":1000,"height":800,"padding":0.25,"grid":{"type":1,"size":100,"distance":5},
	"background":{"src":"worlds/w/cave%20map.png?v=2","offsetX":30,"offsetY":-20},"walls":[{"c":[400,700,500,700],"door":1}]}`, "cave map.png"},
		{"hexes", `{"name":"hexes","width":1200,"height":900,"padding":0.1,"grid":{"type":3,"size":100,"distance":5},
	"background":{"src":"hexes.png","offsetX":-15,"offsetY":25},"walls":[{"c":[300,400,600,400]}]}`, "hexes.png"},
	}
	for _, tc := range scenes {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			scene := filepath.Join(dir, "fvtt-Scene-"+tc.name+".json")
			if err := os.WriteFile(scene, []byte(tc.scene), 0o644); err != nil {
				t.Fatal(err)
			}
			m, err := OpenMap(scene)
			if err != nil {
				t.Fatalf("OpenMap(%s) without its picture: %v, want the map", scene, err)
			}
			if m.Background != nil || m.MissingPicture == nil || m.MissingPicture.Name != tc.pic {
				t.Fatalf("OpenMap(%s) without its picture: picture %v, missing %+v; want none, %q missing", scene, m.Background, m.MissingPicture, tc.pic)
			}
			if countSides(m) == (fvCounts{}) {
				t.Errorf("OpenMap(%s) without its picture: no walls nor doors, want the scene's", scene)
			}
			// Dropped alone: read from its bytes, no folder to look in.
			dropped, err := ReadMap(filepath.Base(scene), []byte(tc.scene))
			if err != nil || dropped.MissingPicture == nil || dropped.MissingPicture.Name != tc.pic {
				t.Fatalf("ReadMap(%s) (a drop): error %v, missing %+v; want %q missing", scene, err, dropped.MissingPicture, tc.pic)
			}

			if err := m.LayScenePicture([]byte("not a picture")); err == nil || !strings.Contains(err.Error(), tc.pic) || strings.Contains(err.Error(), "\n") {
				t.Errorf("LayScenePicture(not a picture): error %v, want one line naming %s", err, tc.pic)
			}
			if m.Background != nil || m.MissingPicture == nil {
				t.Errorf("after a bad picture: picture %v, missing %+v; want the map as it was", m.Background, m.MissingPicture)
			}

			writePNG(t, filepath.Join(dir, tc.pic), 600, 500)
			beside, err := OpenMap(scene)
			if err != nil || beside.Background == nil || beside.MissingPicture != nil {
				t.Fatalf("OpenMap(%s) with its picture beside it: error %v, missing %+v; want the picture laid", scene, err, beside.MissingPicture)
			}
			img, _ := os.ReadFile(filepath.Join(dir, tc.pic))
			for name, got := range map[string]*Map{"opened": m, "dropped": dropped} {
				if err := got.LayScenePicture(img); err != nil {
					t.Fatalf("%s: LayScenePicture(%s): %v", name, tc.pic, err)
				}
				if got.MissingPicture != nil || !got.Equal(beside) {
					t.Errorf("%s, the picture chosen: %+v, missing %+v; want the map as with it beside the scene: %+v", name, got.Background.Origin, got.MissingPicture, beside.Background.Origin)
				}
			}
		})
	}
	if m, _ := New("x", Pointy, 2, 2, "floor"); m.LayScenePicture(nil) == nil {
		t.Errorf("LayScenePicture on a map missing no picture: no error, want one")
	}
}
