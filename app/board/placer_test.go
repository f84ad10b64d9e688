package board

import (
	"fmt"
	"image"
	"math/rand"
	"testing"

	"hexslinger/hexmap"
)

// placedClear reports the first box p placed that covers a token's disc,
// another box or a fixed one, or lies off its area, or "" when none does.
func placedClear(p *placer) string {
	for i, r := range p.placed {
		for _, d := range p.discs {
			if d.overlaps(r) {
				return fmt.Sprintf("box %d %v covers the token at (%.0f, %.0f) r %.0f", i, r, d.c.X, d.c.Y, d.r)
			}
		}
		for j, q := range p.placed[:i] {
			if r.Overlaps(q) {
				return fmt.Sprintf("box %d %v covers box %d %v", i, r, j, q)
			}
		}
		for _, q := range p.fixed {
			if r.Overlaps(q) {
				return fmt.Sprintf("box %d %v covers the fixed box %v (a ruler's mark)", i, r, q)
			}
		}
		for _, q := range p.marks {
			if r.Overlaps(q) {
				return fmt.Sprintf("box %d %v covers the map's mark %v (a cover number)", i, r, q)
			}
		}
		if !p.area.Empty() && !r.In(p.area) {
			return fmt.Sprintf("box %d %v is off the map's area %v", i, r, p.area)
		}
	}
	return ""
}

// TestThePlacerNeverCoversATokenOrABox: on random crowded streets (a
// quarter of the hexes taken, half the figures tagged, at the table's text on a readable zoom), every
// token's AP badge and tag, and a map label among them, go where they
// cover no token's disc and no other box.
func TestThePlacerNeverCoversATokenOrABox(t *testing.T) {
	rng := rand.New(rand.NewSource(39))
	px := textFor(mapCap)
	for trial := 0; trial < 200; trial++ {
		l := hexmap.Layout{Orientation: hexmap.Flat, Size: 40, Origin: hexmap.Point{X: 100, Y: 100}}
		p := &placer{area: image.Rect(0, 0, 1920, 1000)}
		var at []hexmap.Point
		for q := 0; q < 14; q++ {
			for r := 0; r < 9; r++ {
				if rng.Intn(4) == 0 {
					c := l.ToPixel(hexmap.Hex{Q: q, R: r - q/2})
					at = append(at, c)
					p.token(c, 40*0.84)
				}
			}
		}
		for i, c := range at {
			if _, free := p.Badge(c, 40*0.84, px*1.15, px*1.15, -2.4); !free {
				t.Fatalf("trial %d: token %d's badge found no free place among %d tokens", trial, i, len(at))
			}
			if i%2 == 1 {
				continue
			}
			if _, _, free := p.word("wounded", px, px*0.3, px*1.2, c, 40*0.84, 6*40); !free {
				t.Fatalf("trial %d: token %d's tag found no free place among %d tokens", trial, i, len(at))
			}
		}
		if msg := placedClear(p); msg != "" {
			t.Fatalf("trial %d (%d tokens): %s", trial, len(at), msg)
		}
	}
}
