package board

import (
	"fmt"
	"image"
	"math/rand/v2"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/hexmap"
)

// terrainLook is what a terrain-pixels child found: the map drawn far
// out by a chunk cache as it draws now, against the hexes tessellated
// for the renderer (chunkCache.vector), on the same screen.
type terrainLook struct {
	Pixels  int     // pixels compared
	Off     int     // pixels where a channel differs by more than 48
	MeanOff float64 // the mean difference of a channel, 0–255
	Frames  int     // draws until the screen's chunks were all drawn
}

// terrainCases are the views terrain-pixels children draw: hexes of a
// few pixels, either orientation.
var terrainCases = map[string]struct {
	o    hexmap.Orientation
	size float64
}{
	"pointy 4 px": {hexmap.Pointy, 4},
	"pointy 7 px": {hexmap.Pointy, 7},
	"flat 5 px":   {hexmap.Flat, 5},
	"flat 10 px":  {hexmap.Flat, 10},
}

// terrainMap is a map of random terrain, elevations, walls, barrels and
// hex features (one hex in 240 each, a town's worth), with holes, bigger
// than the screen at a few pixels a hex.
func terrainMap(o hexmap.Orientation) (*hexmap.Map, error) {
	m, err := hexmap.New("terrain", o, 260, 180, "dirt")
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(38, 2))
	names := hexmap.TerrainNames()
	for _, h := range m.Hexes() {
		if rng.IntN(3) == 0 {
			if err := m.SetTerrain(h, names[rng.IntN(len(names))]); err != nil {
				return nil, err
			}
		}
		if rng.IntN(5) == 0 {
			if err := m.SetElevation(h, rng.IntN(5)-2); err != nil {
				return nil, err
			}
		}
		switch rng.IntN(240) {
		case 0:
			if err := m.SetEdge(h, hexmap.Direction(rng.IntN(6)), hexmap.Feature{Kind: "wall"}); err != nil {
				return nil, err
			}
		case 1:
			if err := m.SetFeature(h, hexmap.Feature{Kind: "barrel", Armor: 2}); err != nil {
				return nil, err
			}
		case 2:
			if err := m.SetTerrain(h, ""); err != nil { // a hole
				return nil, err
			}
		}
	}
	return m, nil
}

func init() {
	for name, tc := range terrainCases {
		pixelGames["terrain-pixels/"+name] = func() (ebiten.Game, func() any, error) {
			m, err := terrainMap(tc.o)
			if err != nil {
				return nil, nil, err
			}
			l := hexmap.Layout{Orientation: tc.o, Size: tc.size, Origin: hexmap.Point{X: -37.3, Y: -21.6}}
			now, old := chunkCache{}, chunkCache{vector: true}
			var found terrainLook
			frame := func(screen *ebiten.Image) bool {
				found.Frames++
				screen.Fill(colBackground)
				now.draw(screen, m, l, pixelsW, pixelsH)
				if now.pending {
					return false
				}
				a := image.NewRGBA(screen.Bounds())
				screen.ReadPixels(a.Pix)
				for old.layers[0] == nil || old.pending {
					screen.Fill(colBackground)
					old.draw(screen, m, l, pixelsW, pixelsH)
				}
				b := image.NewRGBA(screen.Bounds())
				screen.ReadPixels(b.Pix)
				sum := 0
				for i := 0; i < len(a.Pix); i += 4 {
					off := false
					for j := range 3 {
						d := int(a.Pix[i+j]) - int(b.Pix[i+j])
						d = max(d, -d)
						sum += d
						off = off || d > 48
					}
					found.Pixels++
					if off {
						found.Off++
					}
				}
				found.MeanOff = float64(sum) / float64(3*found.Pixels)
				return true
			}
			return &framesGame{frame: frame}, func() any { return found }, nil
		}
	}
}

// TestTerrainFarOutIsDrawnInOneFrameAndLooksTheSame: zoomed out to hexes
// of a few pixels, the map under the screen is drawn in one frame, and
// it looks as when its hexes were tessellated for the renderer: hardly
// a pixel differs much, and on the whole the colours are the same.
func TestTerrainFarOutIsDrawnInOneFrameAndLooksTheSame(t *testing.T) {
	for name := range terrainCases {
		t.Run(name, func(t *testing.T) {
			var found terrainLook
			runPixels(t, "terrain-pixels/"+name, &found)
			t.Logf("%s: %+v", name, found)
			if found.Frames != 1 {
				t.Errorf("the screen's chunks drawn in %d frames, want 1", found.Frames)
			}
			if frac := float64(found.Off) / float64(found.Pixels); frac > 0.01 || found.MeanOff > 2 {
				t.Errorf("%d of %d pixels (%s) differ by more than 48 from the tessellated hexes, mean difference %.2f; want at most 1%% and 2",
					found.Off, found.Pixels, fmt.Sprintf("%.2f%%", 100*frac), found.MeanOff)
			}
		})
	}
}
