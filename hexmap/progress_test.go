package hexmap

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestOpenMapContextReportsAndStops: reading a UVTT file or a picture
// tells how far it has come, in order, from the file to its walls to its
// picture, and stops with the context's error once the context is done,
// whatever stage it is at.
func TestOpenMapContextReportsAndStops(t *testing.T) {
	dir := t.TempDir()
	uvtt := filepath.Join(dir, "walls.dd2vtt")
	if err := os.WriteFile(uvtt, boundDoc(t, 30, 20, longWalls(3000, 30, 20, 1e6), ""), 0o644); err != nil {
		t.Fatal(err)
	}
	var pic bytes.Buffer
	png.Encode(&pic, image.NewGray(image.Rect(0, 0, 2000, 1500)))
	picture := filepath.Join(dir, "hall.png")
	if err := os.WriteFile(picture, pic.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path string
		stages     []string // the stages reported, in order
		stopAt     string   // the stage to stop at ("" none)
	}{
		{"a UVTT file", uvtt, []string{"reading the file", "reading the walls", "placing the walls", "checking the picture"}, ""},
		{"a UVTT file stopped placing its walls", uvtt, []string{"reading the file", "reading the walls", "placing the walls"}, "placing the walls"},
		{"a UVTT file stopped checking its picture", uvtt, []string{"reading the file", "reading the walls", "placing the walls", "checking the picture"}, "checking the picture"},
		{"a picture", picture, []string{"reading the file", "checking the picture"}, ""},
		{"a picture stopped checking", picture, []string{"reading the file", "checking the picture"}, "checking the picture"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var stages []string
			last := -1.0
			m, err := OpenMapContext(ctx, tc.path, func(stage string, done float64) {
				if done < last || done > 1 {
					t.Errorf("%s at %g after %g", stage, done, last)
				}
				last = done
				if len(stages) == 0 || stages[len(stages)-1] != stage {
					stages = append(stages, stage)
				}
				if stage == tc.stopAt {
					cancel()
				}
			})
			if tc.stopAt != "" {
				if !errors.Is(err, context.Canceled) || m != nil {
					t.Errorf("stopped at %q: got a map %v, %v; want no map, context.Canceled", tc.stopAt, m != nil, err)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(stages, tc.stages) {
				t.Errorf("stages %q, want %q", stages, tc.stages)
			}
		})
	}
}
