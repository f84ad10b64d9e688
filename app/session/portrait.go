package session

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg" // portraits may be JPEG
	_ "image/png"  // or PNG
)

// Portrait limits: a sheet's picture is drawn in a token's disc and on the
// sheet, so a small picture serves; these bound what a fight file, the
// journal and every window carry.
const (
	MaxPortraitBytes = 256 << 10 // the encoded file
	MaxPortraitSide  = 1024      // pixels, each way
)

// CheckPortrait reports whether data is a picture a sheet may hold: a PNG
// or JPEG of at most MaxPortraitBytes and MaxPortraitSide pixels a side
// that decodes whole. The error says what is wrong in the Judge's words.
func CheckPortrait(data []byte) error {
	if len(data) == 0 {
		return nil
	}
	if len(data) > MaxPortraitBytes {
		return fmt.Errorf("the portrait is %d KiB; at most %d KiB (scale it down to about 256×256 pixels)", (len(data)+1023)>>10, MaxPortraitBytes>>10)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("the portrait is not a PNG or JPEG picture: %v", err)
	}
	if format != "png" && format != "jpeg" {
		return fmt.Errorf("the portrait is a %s picture; use PNG or JPEG", format)
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > MaxPortraitSide || cfg.Height > MaxPortraitSide {
		return fmt.Errorf("the portrait is %d×%d pixels; at most %d×%d", cfg.Width, cfg.Height, MaxPortraitSide, MaxPortraitSide)
	}
	if _, _, err := image.Decode(bytes.NewReader(data)); err != nil {
		return fmt.Errorf("the portrait's picture is damaged: %v", err)
	}
	return nil
}

// DecodePortrait decodes a sheet's portrait, checked as CheckPortrait
// checks it; no picture is (nil, nil).
func DecodePortrait(data []byte) (image.Image, error) {
	if len(data) == 0 {
		return nil, nil
	}
	if err := CheckPortrait(data); err != nil {
		return nil, err
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	return img, err
}
