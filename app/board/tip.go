package board

import (
	"image"

	"hexslinger/hexmap"
)

// previewBoxes are the boxes on screen the previews under the pointer
// cover, for the tip to keep clear of: a shot's line from the shooter, and
// a move's path.
func (g *Game) previewBoxes() []image.Rectangle {
	st := g.play.st
	if st == nil {
		return nil
	}
	l := g.layout
	s := l.Size
	var route []hexmap.Hex
	if f, ok := st.Figures[g.play.selected]; ok && g.play.attacking && (g.aimOK || g.aimTextOK) && g.aimFor() {
		route = f.At.LineTo(g.hover)
	} else if g.planOK && g.planFor == g.hover {
		route = g.plan.Path()
	}
	var out []image.Rectangle
	for _, h := range route {
		c := l.ToPixel(h)
		out = append(out, image.Rect(int(c.X-s*0.6), int(c.Y-s*0.6), int(c.X+s*0.6), int(c.Y+s*0.6)))
	}
	return out
}
