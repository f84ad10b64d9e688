package hexmap

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// sightEveryHex is the brute-force field of view: SightLine from the
// viewer to every hex of the map within rng (rng <= 0: all), by cell.
func sightEveryHex(m *Map, from Hex, rng int) (seen, partial []bool) {
	seen, partial = make([]bool, len(m.terrain)), make([]bool, len(m.terrain))
	hexes := m.Hexes()
	if rng > 0 {
		hexes = from.Spiral(rng)
	}
	for _, h := range hexes {
		if !m.Contains(h) {
			continue
		}
		s := m.SightLine(from, h)
		seen[m.index(h)], partial[m.index(h)] = s.Clear, s.Partial
	}
	return seen, partial
}

// checkFieldOfView fails t unless the field of view from from agrees with
// SightLine hex by hex.
func checkFieldOfView(t *testing.T, m *Map, f *FOV, from Hex, rng int) {
	t.Helper()
	f = m.FieldOfViewInto(f, from, rng)
	seen, partial := sightEveryHex(m, from, rng)
	// What is kept of it answers the same, and adds the same to a set.
	c := f.Compact()
	set, want := NewHexSet(m), NewHexSet(m)
	set.AddFOV(c)
	count := 0
	for i := range m.terrain {
		h := m.hexAt(i)
		if seen[i] {
			count++
			want.Add(h)
		}
		if c.Sees(h) != f.Sees(h) || c.Partial(h) != f.Partial(h) {
			t.Fatalf("from %s to %s: kept, the field of view sees %v partly %v; worked out, %v partly %v", m.Label(from), m.Label(h), c.Sees(h), c.Partial(h), f.Sees(h), f.Partial(h))
		}
		if f.Sees(h) != seen[i] || f.Partial(h) != partial[i] {
			s := m.SightLine(from, h)
			t.Fatalf("%s map %d×%d, from %s (level %d) range %d to %s (level %d, %d away): field of view sees %v partly %v; SightLine %v partly %v (%s)",
				m.Orientation, m.Width, m.Height, m.Label(from), m.Elevation(from), rng, m.Label(h), m.Elevation(h),
				from.DistanceTo(h), f.Sees(h), f.Partial(h), s.Clear, s.Partial, s.Reason(m))
		}
	}
	if f.Len() != count || len(f.Hexes()) != count {
		t.Fatalf("from %s: Len %d, %d Hexes, want %d", m.Label(from), f.Len(), len(f.Hexes()), count)
	}
	if !slices.Equal(c.Hexes(), f.Hexes()) || !slices.Equal(set.Hexes(), want.Hexes()) {
		t.Fatalf("from %s: kept, the field of view lists %d hexes and adds %d to a set; worked out, %d", m.Label(from), len(c.Hexes()), len(set.Hexes()), count)
	}
}

// sightMap builds a map with everything a line of sight can meet: rock,
// gaps, ditches and hills, walls, doors open and closed, windows and
// fences (some on the map's outer hexsides), features low, high and full.
func sightMap(rng *rand.Rand, o Orientation, width, height int) *Map {
	m, _ := New("random", o, width, height, "dirt")
	at := func() Hex { return o.FromOffset(Offset{rng.IntN(width), rng.IntN(height)}) }
	full, _ := NewFeature("counter")
	full.Height = Full
	for i := 0; i < width*height/2; i++ {
		switch rng.IntN(8) {
		case 0:
			m.SetTerrain(at(), []string{"rock", "rough", "water", "", "grass"}[rng.IntN(5)])
		case 1, 2:
			c, top := at(), rng.IntN(7)-2
			for k := 0; k <= 2; k++ {
				for _, h := range c.Ring(k) {
					if m.index(h) >= 0 {
						m.SetElevation(h, top-k)
					}
				}
			}
		case 3, 4:
			f, _ := NewFeature([]string{"wall", "door", "window", "fence"}[rng.IntN(4)])
			f.Open = f.Kind == "door" && rng.IntN(2) == 0
			m.SetEdge(at(), Direction(rng.IntN(6)), f)
		case 5:
			f, _ := NewFeature([]string{"barrel", "trough", "table", "counter"}[rng.IntN(4)])
			if rng.IntN(3) == 0 {
				f = full
			}
			m.SetFeature(at(), f)
		}
	}
	// Walls between two hexes just off the rectangle, as a UVTT file's
	// walls may put them, where lines along a ragged edge pass.
	wall, _ := NewFeature("wall")
	for i := 0; i < width+height; i++ {
		c := Offset{rng.IntN(width+2) - 1, rng.IntN(height+2) - 1}
		if c.Col == -1 || c.Row == -1 || c.Col == width || c.Row == height {
			m.putEdge(EdgeOf(o.FromOffset(c), Direction(rng.IntN(6))), wall)
		}
	}
	return m
}

// viewers picks hexes to look from: random ones, the highest hex, and
// hexes beside a wall.
func viewers(rng *rand.Rand, m *Map) []Hex {
	var out []Hex
	hexes := m.Hexes()
	if len(hexes) == 0 {
		return nil
	}
	for k := 0; k < 4; k++ {
		out = append(out, hexes[rng.IntN(len(hexes))])
	}
	top := hexes[0]
	for _, h := range hexes {
		if m.Elevation(h) > m.Elevation(top) {
			top = h
		}
	}
	out = append(out, top)
	for _, e := range m.Edges() {
		if f, _ := m.EdgeAt(e); f.Kind == "wall" && m.Contains(e.Hex) {
			out = append(out, e.Hex)
			if len(out) > 7 {
				break
			}
		}
	}
	return out
}

// TestFieldOfViewEqualsSightLine: on generated maps of both orientations,
// irregular outlines, walls, doors, windows, rock, ditches and hills, a
// figure's field of view holds exactly the hexes SightLine sees, partly
// exactly where SightLine says partly.
func TestFieldOfViewEqualsSightLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	f := new(FOV) // reused throughout: a stale one must not leak
	for k := 0; k < 300; k++ {
		o := Pointy
		if k%2 == 1 {
			o = Flat
		}
		m := sightMap(rng, o, 1+rng.IntN(28), 1+rng.IntN(28))
		for _, from := range viewers(rng, m) {
			r := 0
			if rng.IntN(2) == 0 {
				r = rng.IntN(12)
			}
			checkFieldOfView(t, m, f, from, r)
		}
	}
}

// TestFieldOfViewOnSampleMaps: the same on the benchmark's kind of map,
// both orientations, the whole map and a range.
func TestFieldOfViewOnSampleMaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, tc := range []struct {
		name string
		m    *Map
	}{
		{"pointy", Sample(64, 64, 3)},
		{"flat", asFlat(Sample(64, 64, 4))},
		{"open ground", open(40, 40)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, from := range viewers(rng, tc.m) {
				checkFieldOfView(t, tc.m, nil, from, 0)
				checkFieldOfView(t, tc.m, nil, from, 9)
			}
		})
	}
}

// TestFieldOfViewOffTheMap: a figure off the map sees nothing; its own
// hex it always sees, whole.
func TestFieldOfViewOffTheMap(t *testing.T) {
	m := field(t)
	m.SetTerrain(Hex{3, 3}, "")
	for _, tc := range []struct {
		name string
		from Hex
		want int
	}{
		{"outside the rectangle", Hex{-20, 0}, 0},
		{"in a gap", Hex{3, 3}, 0},
		{"on the map", Hex{4, 4}, 119},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := m.FieldOfView(tc.from, 0)
			if f.Len() != tc.want {
				t.Fatalf("sees %d hexes, want %d", f.Len(), tc.want)
			}
			if tc.want > 0 && (!f.Sees(tc.from) || f.Partial(tc.from)) {
				t.Fatal("does not see its own hex whole")
			}
		})
	}
}

// fovBench is the benchmarks' figure: the middle of a 256×256 sample map.
func fovBench() (*Map, Hex) {
	m := Sample(256, 256, 1)
	return m, Pointy.FromOffset(Offset{128, 128})
}

// BenchmarkFieldOfView: one figure's field of view on a 256×256 map of
// mixed terrain, walls and hills. Goal (issue 38): ≤ 0.5 ms for the whole
// map (range=0).
func BenchmarkFieldOfView(b *testing.B) {
	m, from := fovBench()
	for _, r := range []int{0, 60} {
		b.Run(fmt.Sprintf("range=%d", r), func(b *testing.B) {
			f := m.FieldOfView(from, r)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				m.FieldOfViewInto(f, from, r)
			}
			b.ReportMetric(float64(f.Len()), "seen")
		})
	}
}

// BenchmarkSightEveryHex: the same by SightLine to every hex in range, and
// the field of view timed beside it, the same answers checked.
func BenchmarkSightEveryHex(b *testing.B) {
	m, from := fovBench()
	for _, r := range []int{0, 60} {
		b.Run(fmt.Sprintf("range=%d", r), func(b *testing.B) {
			f := m.FieldOfView(from, r)
			var brute, fov time.Duration
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				seen, _ := sightEveryHex(m, from, r)
				t1 := time.Now()
				m.FieldOfViewInto(f, from, r)
				fov += time.Since(t1)
				brute += t1.Sub(t0)
				for c, s := range seen {
					if s != f.Sees(m.hexAt(c)) {
						b.Fatalf("field of view and SightLine differ at %s", m.Label(m.hexAt(c)))
					}
				}
			}
			b.ReportMetric(float64(fov.Microseconds())/float64(b.N), "fov-µs/op")
			b.ReportMetric(float64(brute)/float64(fov), "times-faster")
		})
	}
}

// TestSightLinesStayNearTheMap: both lines between two hexes of a map's
// rectangle pass only through hexes on it or next to it, which is all the
// field of view looks at (Map.nearRange), and never step from one hex off
// the rectangle to another (Map.sideShut).
func TestSightLinesStayNearTheMap(t *testing.T) {
	for _, o := range []Orientation{Pointy, Flat} {
		for w := 1; w <= 9; w++ {
			for h := 1; h <= 9; h++ {
				m, _ := New("box", o, w, h, "dirt")
				near := func(x Hex) bool {
					c := o.ToOffset(x)
					return c.Col >= -1 && c.Row >= -1 && c.Col <= w && c.Row <= h
				}
				for _, a := range m.Hexes() {
					for _, b := range m.Hexes() {
						l := newLineWalk(a, b)
						px, py := a, a
						for i := int64(1); i <= l.n; i++ {
							x, y, _, _ := l.next()
							if !near(x) || !near(y) {
								t.Fatalf("%s %d×%d: the line %s→%s passes %s/%s", o, w, h, m.Label(a), m.Label(b), m.Label(x), m.Label(y))
							}
							if m.index(px) < 0 && m.index(x) < 0 || m.index(py) < 0 && m.index(y) < 0 {
								t.Fatalf("%s %d×%d: the line %s→%s steps between two hexes off the map", o, w, h, m.Label(a), m.Label(b))
							}
							px, py = x, y
						}
					}
				}
			}
		}
	}
}

// TestReachIsTheFarthestHexOfTheMap: Map.reach, which looks only near the
// corners, is the distance to the farthest cell of the rectangle, found
// by looking at every cell, for both orientations, thin and odd-sized
// maps, and viewers on, at the edge of and off the map.
func TestReachIsTheFarthestHexOfTheMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 5))
	for _, o := range []Orientation{Pointy, Flat} {
		for _, size := range [][2]int{{1, 1}, {1, 7}, {6, 1}, {2, 2}, {3, 8}, {9, 4}, {17, 23}, {30, 31}} {
			m, err := New("reach", o, size[0], size[1], "dirt")
			if err != nil {
				t.Fatal(err)
			}
			t.Run(fmt.Sprintf("%v-%dx%d", o, size[0], size[1]), func(t *testing.T) {
				for k := 0; k < 40; k++ {
					h := o.FromOffset(Offset{rng.IntN(m.Width+6) - 3, rng.IntN(m.Height+6) - 3})
					want := 0
					for row := 0; row < m.Height; row++ {
						for col := 0; col < m.Width; col++ {
							want = max(want, h.DistanceTo(o.FromOffset(Offset{col, row})))
						}
					}
					if got := m.reach(h); got != want {
						t.Fatalf("reach(%v) = %d, want %d", h, got, want)
					}
				}
			})
		}
	}
}
