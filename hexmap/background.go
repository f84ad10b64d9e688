package hexmap

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg" // backgrounds may be JPEG
	_ "image/png"  // or PNG

	_ "golang.org/x/image/webp" // or WebP, as battle-map sites sell them
)

// Background picture limits, checked from the image's header before it is
// decoded: a 4096×4096 battle map is common, 8192 a side the most a
// window's texture cache is asked to hold.
const (
	MaxBackgroundSide   = 8192
	MaxBackgroundPixels = 8192 * 8192
)

// CheckBackground reports the pixel size of a background picture, a PNG,
// JPEG or WebP within MaxBackgroundSide pixels a side, decoded whole to be
// sure it is not cut short or damaged; the error says what is wrong.
func CheckBackground(data []byte) (w, h int, err error) {
	img, err := decodeBackground(data)
	if err != nil {
		return 0, 0, err
	}
	return img.Bounds().Dx(), img.Bounds().Dy(), nil
}

// backgroundHeader reads a background picture's size and format from its
// header alone, and checks them.
func backgroundHeader(data []byte) (image.Config, string, error) {
	if len(data) == 0 {
		return image.Config{}, "", fmt.Errorf("is empty")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return cfg, "", fmt.Errorf("is not a PNG, JPEG or WebP picture: %v", err)
	}
	switch format {
	case "png", "jpeg", "webp":
	default:
		return cfg, "", fmt.Errorf("is a %s picture; use PNG, JPEG or WebP", format)
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > MaxBackgroundSide || cfg.Height > MaxBackgroundSide ||
		cfg.Width*cfg.Height > MaxBackgroundPixels {
		return cfg, "", fmt.Errorf("is %d×%d pixels; at most %d×%d", cfg.Width, cfg.Height, MaxBackgroundSide, MaxBackgroundSide)
	}
	return cfg, format, nil
}

func decodeBackground(data []byte) (image.Image, error) {
	_, format, err := backgroundHeader(data)
	if err != nil {
		return nil, err
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("is a damaged %s picture (cut short?): %v", format, err)
	}
	return img, nil
}

// DecodeBackground decodes a map's background picture, checked as
// CheckBackground checks it; a map without one gives nil.
func DecodeBackground(b *Background) (image.Image, error) {
	if b == nil {
		return nil, nil
	}
	img, err := decodeBackground(b.Image)
	if err != nil {
		return nil, fmt.Errorf("background: %w", err)
	}
	return img, nil
}
