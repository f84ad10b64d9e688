package assets

import (
	"bytes"
	"image/png"
	"testing"
)

func TestIconIsPNG(t *testing.T) {
	img, err := png.Decode(bytes.NewReader(Icon()))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 256 || b.Dy() != 256 {
		t.Errorf("icon is %v, want 256×256", b)
	}
}
