package hexmap

import "math/rand/v2"

// Sample returns a pointy-top map of mixed terrain for benchmarks and
// tests: patches of rough ground, shallows, water and rock, rolling
// elevation, walled buildings with doors and windows, fences, and scattered
// barrels and troughs. The same seed gives the same map.
func Sample(width, height int, seed uint64) *Map {
	m, err := New("sample", Pointy, width, height, "dirt")
	if err != nil {
		return nil
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	at := func(col, row int) Hex { return Pointy.FromOffset(Offset{col, row}) }
	// Terrain patches.
	patches := []string{"rough", "rough", "grass", "shallows", "water", "rock", "floor"}
	for i := 0; i < width*height/40; i++ {
		c := at(rng.IntN(width), rng.IntN(height))
		t := patches[rng.IntN(len(patches))]
		for _, h := range c.Spiral(rng.IntN(3)) {
			if m.index(h) >= 0 {
				m.SetTerrain(h, t)
			}
		}
	}
	// Rolling hills: elevation 0–3.
	for i := 0; i < width*height/150; i++ {
		c := at(rng.IntN(width), rng.IntN(height))
		for k := 0; k <= 3; k++ {
			for _, h := range c.Ring(k) {
				if m.index(h) >= 0 && m.Elevation(h) < 3-k {
					m.SetElevation(h, 3-k)
				}
			}
		}
	}
	// Buildings: a ring of walls with a door and a window.
	wall, _ := NewFeature("wall")
	door, _ := NewFeature("door")
	window, _ := NewFeature("window")
	fence, _ := NewFeature("fence")
	for i := 0; i < width*height/300; i++ {
		c := at(rng.IntN(width), rng.IntN(height))
		ring := c.Spiral(1 + rng.IntN(2))
		inside := map[Hex]bool{}
		for _, h := range ring {
			inside[h] = true
		}
		n := 0
		for _, h := range ring {
			if !m.Contains(h) {
				continue
			}
			m.SetTerrain(h, "floor")
			for d := Direction(0); d < 6; d++ {
				if inside[h.Neighbor(d)] {
					continue
				}
				f := wall
				switch n % 9 {
				case 3:
					f = door
				case 6:
					f = window
				}
				n++
				m.SetEdge(h, d, f)
			}
		}
	}
	// Fences, barrels and troughs.
	for i := 0; i < width*height/60; i++ {
		h := at(rng.IntN(width), rng.IntN(height))
		switch rng.IntN(3) {
		case 0:
			m.SetEdge(h, Direction(rng.IntN(6)), fence)
		case 1:
			if f, _ := NewFeature("barrel"); m.Contains(h) {
				m.SetFeature(h, f)
			}
		default:
			if f, _ := NewFeature("trough"); m.Contains(h) {
				m.SetFeature(h, f)
			}
		}
	}
	return m
}
