package console

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// pngOf is a small PNG picture.
func pngOf(t *testing.T, side int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	for i := range img.Pix {
		img.Pix[i] = 0x80
	}
	img.Set(0, 0, color.White)
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestASheetsPortraitIsSetDroppedAndRemoved: a picture chosen for a sheet
// in the fight is set with set_character (undoable), a picture file
// dropped on the Sheets tab sets it too, Remove takes it off, and what is
// not a picture is refused with the reason.
func TestASheetsPortraitIsSetDroppedAndRemoved(t *testing.T) {
	c, s, w := newConsole(t)
	p := c.sheets
	c.tabs.SelectIndex(2)
	p.load(c.State().Characters["cyril"], false)
	pic := pngOf(t, 16)

	p.readPortrait(bytes.NewReader(pic))
	if got := s.State().Characters["cyril"].Portrait; !bytes.Equal(got, pic) {
		t.Fatalf("Cyril's portrait is %d bytes, want %d (%q)", len(got), len(pic), p.msg.Text)
	}
	if len(p.pic.Objects) != 1 {
		t.Errorf("the portrait box shows %d objects, want the picture", len(p.pic.Objects))
	}
	c.undo()
	if got := s.State().Characters["cyril"].Portrait; got != nil {
		t.Errorf("undo left a portrait of %d bytes", len(got))
	}

	file := filepath.Join(t.TempDir(), "cyril.png")
	if err := os.WriteFile(file, pngOf(t, 24), 0o644); err != nil {
		t.Fatal(err)
	}
	c.dropped(fyne.Position{}, []fyne.URI{storage.NewFileURI(file)})
	if got := s.State().Characters["cyril"].Portrait; len(got) == 0 {
		t.Fatalf("the dropped picture was not set: %q", p.msg.Text)
	}

	var remove *widget.Button
	for _, o := range test.LaidOutObjects(w.Content()) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Remove" {
			remove = b
		}
	}
	if remove == nil {
		t.Fatal("no Remove button on the Sheets tab")
	}
	test.Tap(remove)
	if got := s.State().Characters["cyril"].Portrait; got != nil {
		t.Errorf("after Remove the portrait is %d bytes", len(got))
	}

	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"not a picture", []byte("hello, this is text"), "not a PNG or JPEG"},
		{"too big", append(pngOf(t, 8), make([]byte, 300<<10)...), "KiB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p.readPortrait(bytes.NewReader(tc.data))
			if !strings.HasPrefix(p.msg.Text, "Picture not used: ") || !strings.Contains(p.msg.Text, tc.want) {
				t.Errorf("message %q, want it to say %q", p.msg.Text, tc.want)
			}
			if got := s.State().Characters["cyril"].Portrait; got != nil {
				t.Errorf("a refused picture was set (%d bytes)", len(got))
			}
		})
	}
}
