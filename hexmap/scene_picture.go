package hexmap

import "fmt"

// ScenePicture is the picture an imported scene names that was not found
// with it (a Foundry scene's, not beside its file, or a scene dropped
// alone): the picture's file name, for the Judge to be told and to choose
// it, and where the scene lays it, for LayScenePicture to lay the chosen
// one just where the importer lays one found beside the scene.
type ScenePicture struct {
	Name   string // the picture's file's base name, as the scene names it
	origin Point  // the picture's top left, in the reference layout
	scale  float64
	width  float64 // the scene's width in its pixels, which the picture fills
}

// background checks img (as any map picture is checked, telling rd how
// far it has come as the part from lo to hi of a read) and places it
// over the scene's rectangle: a hex as many of its pixels as the scene's
// grid square (or hex) is of the scene's.
func (p *ScenePicture) background(rd *reading, img []byte, lo, hi float64) (*Background, error) {
	w, _, err := checkBackground(rd, img, lo, hi)
	if err != nil {
		return nil, err
	}
	return &Background{Image: img, PixelsPerHex: p.scale * float64(w) / p.width, Origin: p.origin}, nil
}

// Picture is img, chosen for the scene's missing picture, placed where the
// scene says, once it passes the map picture checks (as LayScenePicture
// lays it, without touching a map: for a window to check it off its own
// goroutine); an error names the picture, in one line.
func (p *ScenePicture) Picture(img []byte) (*Background, error) {
	bg, err := p.background(nil, img, 0, 1)
	if err != nil {
		return nil, fmt.Errorf("the picture chosen for %s %v", p.Name, err)
	}
	return bg, nil
}

// LayScenePicture lays img, the picture the Judge chose for the scene's
// missing one (MissingPicture), where the scene says: as the importer
// lays a picture found beside the scene. A picture that fails the map
// picture checks is refused in one line naming the picture, the map left
// as it was; so is any picture when none is missing.
func (m *Map) LayScenePicture(img []byte) error {
	p := m.MissingPicture
	if p == nil {
		return fmt.Errorf("the map %q misses no scene's picture", m.Name)
	}
	bg, err := p.Picture(img)
	if err != nil {
		return err
	}
	m.Background, m.MissingPicture = bg, nil
	return nil
}
