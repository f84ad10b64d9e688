package session

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"

	"hexslinger/hexmap"
)

// picture encodes a w×h picture with enc.
func picture(t *testing.T, w, h int, enc func(*bytes.Buffer, image.Image) error) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x * 7), uint8(y * 13), uint8(x ^ y), 255})
		}
	}
	var b bytes.Buffer
	if err := enc(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func pngOf(b *bytes.Buffer, img image.Image) error  { return png.Encode(b, img) }
func jpegOf(b *bytes.Buffer, img image.Image) error { return jpeg.Encode(b, img, nil) }
func gifOf(b *bytes.Buffer, img image.Image) error  { return gif.Encode(b, img, nil) }

// TestASheetsPortraitIsAPNGOrJPEGOfBoundedSize: a token's picture is a PNG
// or JPEG of at most MaxPortraitBytes and MaxPortraitSide pixels a side,
// decoding whole; anything else is refused with what is wrong.
func TestASheetsPortraitIsAPNGOrJPEGOfBoundedSize(t *testing.T) {
	good := picture(t, 64, 64, pngOf)
	for _, tc := range []struct {
		name string
		data []byte
		want string // in the error; "" for none
	}{
		{"none", nil, ""},
		{"a PNG", good, ""},
		{"a JPEG", picture(t, 96, 128, jpegOf), ""},
		{"a GIF", picture(t, 16, 16, gifOf), "use PNG or JPEG"},
		{"text", []byte("not a picture at all"), "not a PNG or JPEG"},
		{"a PNG cut short", good[:len(good)/2], "damaged"},
		{"too many pixels", picture(t, MaxPortraitSide+1, 2, pngOf), "at most 1024×1024"},
		{"too many bytes", append(append([]byte(nil), good...), make([]byte, MaxPortraitBytes)...), "at most 256 KiB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckPortrait(tc.data)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("got %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

// TestAPortraitIsSetLikeAnyPartOfTheSheet: the Judge gives a sheet a
// portrait with set_character (journaled, undoable); a sheet whose
// portrait is not a picture is refused and nothing changes.
func TestAPortraitIsSetLikeAnyPartOfTheSheet(t *testing.T) {
	s := open(t)
	ch := s.State().Characters["cyril"].Clone()
	ch.Portrait = []byte("GIF89a nonsense")
	if _, err := s.Do(Command{Kind: CommandSetCharacter, Sheet: &ch}); err == nil || !strings.Contains(err.Error(), "portrait") {
		t.Fatalf("a sheet with a broken portrait: %v", err)
	}
	if len(s.State().Characters["cyril"].Portrait) != 0 {
		t.Fatal("a refused portrait was kept")
	}
	ch.Portrait = picture(t, 32, 32, pngOf)
	if _, err := s.Do(Command{Kind: CommandSetCharacter, Sheet: &ch}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(s.State().Characters["cyril"].Portrait, ch.Portrait) {
		t.Fatal("the portrait was not set")
	}
	if _, err := s.Do(Command{Kind: CommandUndo}); err != nil {
		t.Fatal(err)
	}
	if len(s.State().Characters["cyril"].Portrait) != 0 {
		t.Error("undo left the portrait")
	}
}

// TestAPingMarksAHexOnTheMap: a ping reaches every subscriber with its
// hex and who pinged; a hex off the map is refused and reaches nobody.
func TestAPingMarksAHexOnTheMap(t *testing.T) {
	s := open(t)
	sigs, stop := s.SubscribeSignals()
	defer stop()
	if err := s.Ping("Judge", hexmap.Hex{Q: -50, R: 0}); err == nil {
		t.Error("a ping off the map was taken")
	}
	at := hexmap.Hex{Q: 4, R: 4}
	if err := s.Ping("Judge", at); err != nil {
		t.Fatal(err)
	}
	sig := <-sigs
	if sig.Ping == nil || *sig.Ping != at || sig.By != "Judge" || len(sig.Figures) != 0 {
		t.Errorf("got %+v, want a ping of %v by the Judge", sig, at)
	}
}
