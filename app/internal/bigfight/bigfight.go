// Package bigfight generates big fights for the scale benchmarks of
// app/session, app/session/transport and app/board (issue 38): an n×n map of varied
// ground, walls, doors and things standing about, and figures on two
// sides, the same every time for the same size and number of figures.
// Only tests import it; it knows the map (hexmap), not the session, so
// that the session's own tests may use it too.
package bigfight

import (
	"fmt"
	"math/rand/v2"

	"hexslinger/hexmap"
)

// Sizes and Figures are the scale benchmarks' map sides and numbers of
// figures (issue 38: 64², 256² and 1024² maps with 4, 50 and 500
// figures), for app/session's and its transport's alike.
var (
	Sizes   = []int{64, 256, 1024}
	Figures = []int{4, 50, 500}
)

// Figure is one generated figure: Character is an index into the
// characters the caller gives them, Side "posse" or "outlaws", Facing a
// hexside name.
type Figure struct {
	ID        string
	Character int
	Side      string
	At        hexmap.Hex
	Facing    string
}

// Fight is a generated map and its figures, and the places the
// benchmarks act on: Mover (the first figure, of the posse) stands at Home
// in a clearing of radius 4; Step is the hex east of it it walks to and
// back; Edit is a hex of the clearing in its sight, whose hexside
// EditSide a map edit walls and unwalls; Door is a hex with a closed door
// on hexside DoorSide, in a wall across the clearing in its sight.
type Fight struct {
	Map                *hexmap.Map
	Figures            []Figure
	Mover              string
	Home, Step         hexmap.Hex
	Edit, Door         hexmap.Hex
	EditSide, DoorSide hexmap.Direction
}

// Generate makes, in memory and the same every time (seeded by n and
// figs), an n×n map of varied ground: patches of grass, rough, boardwalk,
// shallows and grades, rock outcrops (which block sight) and ponds,
// hex-shaped buildings walled round with a closed door and a window each,
// and barrels, troughs, tables and counters about; and figs figures of
// characters (indices below characters, taken in turn), every other one
// of the posse and of the outlaws, on hexes they can stand on.
func Generate(n, figs, characters int) (*Fight, error) {
	if figs < 1 || characters < 1 || n < 16 {
		return nil, fmt.Errorf("bigfight: %d figures of %d characters on %d×%d: want a figure, a character and 16 hexes a side", figs, characters, n, n)
	}
	rng := rand.New(rand.NewPCG(uint64(n), 38))
	m, err := hexmap.New(fmt.Sprintf("scale %dx%d", n, n), hexmap.Pointy, n, n, "dirt")
	if err != nil {
		return nil, err
	}
	hexes := m.Hexes()
	anyHex := func() hexmap.Hex { return hexes[rng.IntN(len(hexes))] }
	var ferr error
	must := func(err error) {
		if err != nil && ferr == nil {
			ferr = err
		}
	}
	feature := func(kind string) hexmap.Feature {
		f, err := hexmap.NewFeature(kind)
		must(err)
		return f
	}
	area := n * n
	// Ground: patches of a terrain, radius 1 to 3.
	for range area / 40 {
		t := []string{"grass", "grass", "rough", "boardwalk", "shallows", "gentle grade", "steep grade", "rock", "water", "floor"}[rng.IntN(10)]
		for _, h := range anyHex().Spiral(1 + rng.IntN(3)) {
			if m.Contains(h) {
				must(m.SetTerrain(h, t))
			}
		}
	}
	// Buildings: a hex-shaped room of radius 2 to 4 walled round, with a
	// closed door on one hexside and a window on another.
	for range area / 300 {
		c, r := anyHex(), 2+rng.IntN(3)
		for _, h := range c.Spiral(r) {
			if m.Contains(h) {
				must(m.SetTerrain(h, "floor"))
			}
		}
		var sides []hexmap.Edge
		for _, h := range c.Ring(r) {
			for d := hexmap.Direction(0); d < 6; d++ {
				if o := h.Neighbor(d); o.DistanceTo(c) > r && (m.Contains(h) || m.Contains(o)) {
					sides = append(sides, hexmap.EdgeOf(h, d))
				}
			}
		}
		door, window := rng.IntN(len(sides)), rng.IntN(len(sides))
		for i, e := range sides {
			kind := "wall"
			switch i {
			case door:
				kind = "door"
			case window:
				kind = "window"
			}
			must(m.SetEdge(e.Hex, e.Side, feature(kind)))
		}
	}
	// Things standing about.
	for range area / 100 {
		h := anyHex()
		if t, _ := m.Terrain(h); t.Move != hexmap.MoveImpassable {
			must(m.SetFeature(h, feature([]string{"barrel", "trough", "table", "counter"}[rng.IntN(4)])))
		}
	}
	// The mover's clearing in the map's middle, and a wall with a closed
	// door across it, 3 hexes south of home.
	f := &Fight{Map: m, Mover: "f0", Home: hexes[len(hexes)/2+n/2]}
	for _, h := range f.Home.Spiral(4) {
		must(m.SetTerrain(h, "dirt"))
		m.RemoveFeature(h)
		for d := hexmap.Direction(0); d < 6; d++ {
			m.RemoveEdge(h, d)
		}
	}
	f.Step = f.Home.Add(hexmap.Hex{Q: 1})
	f.Edit, f.EditSide = f.Home.Add(hexmap.Hex{Q: 2, R: -2}), 0
	f.Door = f.Home.Add(hexmap.Hex{R: 3})
	for q := -2; q <= 2; q++ {
		h := f.Home.Add(hexmap.Hex{Q: q, R: 3})
		down, _ := h.DirectionTo(h.Add(hexmap.Hex{R: 1}))
		kind := "wall"
		if q == 0 {
			kind, f.DoorSide = "door", down
		}
		must(m.SetEdge(h, down, feature(kind)))
	}
	if ferr != nil {
		return nil, ferr
	}
	facings := m.Orientation.SideNames()
	taken := map[hexmap.Hex]bool{}
	prng := rand.New(rand.NewPCG(uint64(n), uint64(figs)))
	for i := range figs {
		at := f.Home
		for tries := 0; i > 0; tries++ {
			if tries > 100*area {
				return nil, fmt.Errorf("bigfight: no room for %d figures on %d×%d", figs, n, n)
			}
			at = hexes[prng.IntN(len(hexes))]
			if !taken[at] && m.CanStand(at) == nil && at.DistanceTo(f.Home) > 4 {
				break
			}
		}
		taken[at] = true
		f.Figures = append(f.Figures, Figure{
			ID: fmt.Sprintf("f%d", i), Character: i % characters,
			Side: []string{"posse", "outlaws"}[i%2], At: at, Facing: facings[prng.IntN(6)],
		})
	}
	return f, nil
}
