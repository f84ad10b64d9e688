package hexmap

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func field(t *testing.T) *Map {
	t.Helper()
	m, err := New("field", Pointy, 12, 10, "dirt")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func feature(t *testing.T, kind string) Feature {
	t.Helper()
	f, err := NewFeature(kind)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestSightLine(t *testing.T) {
	a := Hex{2, 4}
	b := Hex{7, 4} // five hexes east
	tests := []struct {
		name    string
		build   func(m *Map)
		from    Hex
		to      Hex
		clear   bool
		partial bool
		blocker string
		cover   []string // kinds, nearest the target first
	}{
		{"open ground", func(m *Map) {}, a, b, true, false, "", nil},
		{"a wall between", func(m *Map) { m.SetEdge(Hex{4, 4}, 0, feature(t, "wall")) }, a, b, false, false, "wall between G5 and H5", nil},
		{"a closed door between", func(m *Map) { m.SetEdge(Hex{4, 4}, 0, feature(t, "door")) }, a, b, false, false, "door", nil},
		{"an open door is no cover", func(m *Map) {
			d := feature(t, "door")
			d.Open = true
			m.SetEdge(Hex{4, 4}, 0, d)
		}, a, b, true, false, "", nil},
		{"a window is cover", func(m *Map) { m.SetEdge(Hex{4, 4}, 0, feature(t, "window")) }, a, b, true, false, "", []string{"window"}},
		{"rock blocks", func(m *Map) { m.SetTerrain(Hex{5, 4}, "rock") }, a, b, false, false, "rock at", nil},
		{"cover nearest the target first", func(m *Map) {
			m.SetFeature(Hex{3, 4}, feature(t, "barrel"))
			m.SetEdge(Hex{6, 4}, 0, feature(t, "fence"))
		}, a, b, true, false, "", []string{"fence", "barrel"}},
		{"a hill between blocks", func(m *Map) { m.SetElevation(Hex{5, 4}, 2) }, a, b, false, false, "higher ground at", nil},
		{"a low rise does not", func(m *Map) { m.SetElevation(Hex{5, 4}, 1) }, a, b, true, false, "", nil},
		{"from a hilltop over a rise", func(m *Map) {
			m.SetElevation(a, 3)
			m.SetElevation(Hex{4, 4}, 3)
		}, a, b, true, false, "", nil},
		{"around a corner: partly visible", func(m *Map) { m.SetTerrain(Hex{1, -1}.Add(Hex{2, 4}), "rock") }, a, a.Add(Hex{2, -1}), true, true, "", nil},
		{"both sides of the corner closed", func(m *Map) {
			m.SetTerrain(a.Add(Hex{1, -1}), "rock")
			m.SetTerrain(a.Add(Hex{1, 0}), "rock")
		}, a, a.Add(Hex{2, -1}), false, false, "rock", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := field(t)
			tc.build(m)
			s := m.SightLine(tc.from, tc.to)
			if s.Clear != tc.clear || s.Partial != tc.partial {
				t.Fatalf("clear %v partial %v (blocker %q), want clear %v partial %v", s.Clear, s.Partial, s.Reason(m), tc.clear, tc.partial)
			}
			if !strings.Contains(s.Reason(m), tc.blocker) {
				t.Errorf("blocker %q, want one naming %q", s.Reason(m), tc.blocker)
			}
			var kinds []string
			for _, c := range s.Cover {
				kinds = append(kinds, c.Feature.Kind)
			}
			if strings.Join(kinds, ",") != strings.Join(tc.cover, ",") {
				t.Errorf("cover %v, want %v", kinds, tc.cover)
			}
			// Sight is symmetric in whether it is open.
			if back := m.SightLine(tc.to, tc.from); back.Clear != s.Clear {
				t.Errorf("from the other end: clear %v", back.Clear)
			}
		})
	}
}

func TestSightCoverDistance(t *testing.T) {
	m := field(t)
	m.SetEdge(Hex{6, 4}, 0, feature(t, "window"))
	s := m.SightLine(Hex{2, 4}, Hex{7, 4})
	if len(s.Cover) != 1 || s.Cover[0].Distance != 0 || !s.Cover[0].OnEdge {
		t.Errorf("a window on the target's hexside: %+v", s.Cover)
	}
}

func TestSightOffMapAndGaps(t *testing.T) {
	m := field(t)
	if s := m.SightLine(Hex{2, 4}, Hex{40, 4}); s.Clear {
		t.Errorf("sight to a hex off the map is clear")
	}
	m.SetTerrain(Hex{4, 4}, "") // a gap in an irregular map
	if s := m.SightLine(Hex{2, 4}, Hex{7, 4}); !s.Clear {
		t.Errorf("sight across a gap is closed: %q", s.Reason(m))
	}
}

// BenchmarkSight1000: line of sight from one figure to 1,000 others on a
// 256×256 map of mixed terrain. Target: ≤ 2 ms.
func BenchmarkSight1000(b *testing.B) {
	m := Sample(256, 256, 1)
	rng := rand.New(rand.NewPCG(7, 7))
	from := Pointy.FromOffset(Offset{128, 128})
	targets := make([]Hex, 1000)
	for i := range targets {
		targets[i] = Pointy.FromOffset(Offset{rng.IntN(256), rng.IntN(256)})
	}
	m.SightLine(from, targets[0]) // builds the map's cell flags, once a map
	b.ResetTimer()
	seen := 0
	for i := 0; i < b.N; i++ {
		seen = 0
		for _, t := range targets {
			if m.SightLine(from, t).Clear {
				seen++
			}
		}
	}
	b.ReportMetric(float64(seen), "visible")
}

// The integer line walker gives the same hexes as Red Blob Games' nudged
// lerp-and-round line, for both nudges.
func TestLineWalkMatchesNudgedLines(t *testing.T) {
	for _, a := range (Hex{0, 0}).Spiral(2) {
		for _, b := range (Hex{1, -1}).Spiral(7) {
			if a == b {
				continue
			}
			want0 := lineHexes(nil, a, b, lineNudges[0])
			want1 := lineHexes(nil, a, b, lineNudges[1])
			w := newLineWalk(a, b)
			for i := 1; i < len(want0); i++ {
				h0, h1, _, _ := w.next()
				if h0 != want0[i] || h1 != want1[i] {
					t.Fatalf("line %v→%v step %d: walker %v/%v, nudged lines %v/%v", a, b, i, h0, h1, want0[i], want1[i])
				}
			}
		}
	}
}

// lineNudges are the two offsets of Red Blob Games' epsilon nudge: a line
// along a hex edge picks one side with the first and the other with the
// second.
var lineNudges = [2][3]float64{{1e-6, 2e-6, -3e-6}, {-1e-6, -2e-6, 3e-6}}

// lineHexes is the reference: lerp and round with a nudge.
func lineHexes(buf []Hex, a, b Hex, n [3]float64) []Hex {
	k := a.DistanceTo(b)
	aq, ar, as := float64(a.Q)+n[0], float64(a.R)+n[1], float64(a.S())+n[2]
	bq, br, bs := float64(b.Q)+n[0], float64(b.R)+n[1], float64(b.S())+n[2]
	for i := 0; i <= k; i++ {
		t := float64(i) / float64(k)
		buf = append(buf, FracHex{lerp(aq, bq, t), lerp(ar, br, t), lerp(as, bs, t)}.Round())
	}
	return buf
}

// refTrace is the plain reference for one nudged line: lerp and round,
// then the same rules through the map's public accessors.
func refTrace(m *Map, from, to Hex, nudge [3]float64) (clear bool, cover int) {
	line := lineHexes(nil, from, to, nudge)
	n := len(line) - 1
	eyeA := float64(m.Elevation(from)) + EyeHeight
	eyeB := float64(m.Elevation(to)) + EyeHeight
	for i := 1; i <= n; i++ {
		prev, h := line[i-1], line[i]
		d, _ := prev.DirectionTo(h)
		if e, ok := m.EdgeFeature(prev, d); ok {
			if e.BlocksSight() {
				return false, 0
			}
			if e.IsCover() {
				cover++
			}
		}
		if i == n || !m.Contains(h) {
			continue
		}
		if t, _ := m.Terrain(h); t.BlocksSight {
			return false, 0
		}
		if float64(m.Elevation(h)) > eyeA+(eyeB-eyeA)*float64(i)/float64(n) {
			return false, 0
		}
		if f, ok := m.Feature(h); ok {
			if f.Height == Full {
				return false, 0
			}
			if f.IsCover() {
				cover++
			}
		}
	}
	return true, cover
}

// open returns a map of nothing but dirt at level 0.
func open(w, h int) *Map {
	m, _ := New("open", Pointy, w, h, "dirt")
	return m
}

// asFlat returns m's cells as a flat-top map: the same offset grid read
// with the other orientation.
func asFlat(m *Map) *Map {
	f, _ := New(m.Name, Flat, m.Width, m.Height, "dirt")
	f.terrain, f.elevation = slices.Clone(m.terrain), slices.Clone(m.elevation)
	f.features, f.edges = slices.Clone(m.features), slices.Clone(m.edges)
	f.feats = slices.Clone(m.feats)
	f.featIdx = maps.Clone(m.featIdx)
	return f
}

// TestSightAgreesWithReference compares SightLine (its integer line walk,
// its fast stretches over plain hexes and its cell flags) with the plain
// reference on maps with everything a line can meet.
func TestSightAgreesWithReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	at := func(m *Map) Hex { return m.Orientation.FromOffset(Offset{rng.IntN(m.Width), rng.IntN(m.Height)}) }
	gaps := func(m *Map) *Map { // an irregular map: holes in it
		for i := 0; i < 60; i++ {
			m.SetTerrain(at(m), "")
		}
		return m
	}
	pits := func(m *Map) *Map { // ditches below level 0 and towers above 3
		for i := 0; i < 80; i++ {
			m.SetElevation(at(m), -2+rng.IntN(2))
			m.SetElevation(at(m), 4+rng.IntN(3))
		}
		return m
	}
	for _, tc := range []struct {
		name string
		m    *Map
	}{
		{"pointy", Sample(40, 40, 3)},
		{"flat", asFlat(Sample(40, 40, 4))},
		{"pointy with gaps", gaps(Sample(40, 40, 5))},
		{"flat with gaps", gaps(asFlat(Sample(40, 40, 6)))},
		{"pits and towers", pits(Sample(40, 40, 7))},
		{"flat pits and towers", pits(asFlat(Sample(40, 40, 8)))},
		{"open ground", open(60, 60)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.m
			for k := 0; k < 3000; k++ {
				a, b := at(m), at(m)
				if k%3 == 0 { // along a hex corner: lines that graze corners
					b = a.Add(Hex{2, -1}.Scale(rng.IntN(12)))
				}
				if a == b || !m.Contains(a) || !m.Contains(b) {
					continue
				}
				checkSight(t, m, a, b)
			}
		})
	}
}

// checkSight fails t unless SightLine from a to b agrees with the two
// nudged reference lines: open when either is, partly when only one is,
// with the cover of the open line that has less of it.
func checkSight(t *testing.T, m *Map, a, b Hex) {
	t.Helper()
	ca, na := refTrace(m, a, b, lineNudges[0])
	cb, nb := refTrace(m, a, b, lineNudges[1])
	s := m.SightLine(a, b)
	want := min(na, nb)
	switch {
	case ca && !cb:
		want = na
	case cb && !ca:
		want = nb
	}
	if s.Clear != (ca || cb) || s.Partial != (ca != cb) || (s.Clear && len(s.Cover) != want) {
		t.Fatalf("%v→%v: clear %v partial %v cover %d; reference lines %v/%v cover %d/%d",
			a, b, s.Clear, s.Partial, len(s.Cover), ca, cb, na, nb)
	}
}

// FuzzSightAgrees checks SightLine against the reference on generated maps
// of any shape and orientation, with walls, windows, rock, features, gaps,
// pits and hills, between any two hexes (lines along hex corners among
// them).
func FuzzSightAgrees(f *testing.F) {
	f.Add(uint64(1), uint8(30), uint8(24), false, uint16(17), uint16(400))
	f.Add(uint64(9), uint8(64), uint8(9), true, uint16(3), uint16(77))
	f.Fuzz(func(t *testing.T, seed uint64, w, h uint8, flat bool, a, b uint16) {
		width, height := int(w%64)+1, int(h%64)+1
		o := Pointy
		if flat {
			o = Flat
		}
		m, _ := New("fuzz", o, width, height, "dirt")
		rng := rand.New(rand.NewPCG(seed, 5))
		at := func() Hex { return o.FromOffset(Offset{rng.IntN(width), rng.IntN(height)}) }
		kinds := []string{"wall", "window", "door", "fence", "barrel", "trough", "table", "counter"}
		for i := 0; i < width*height/3; i++ {
			switch rng.IntN(6) {
			case 0:
				m.SetTerrain(at(), []string{"rock", "rough", "water", ""}[rng.IntN(4)])
			case 1:
				m.SetElevation(at(), rng.IntN(7)-2)
			case 2:
				if f, err := NewFeature(kinds[rng.IntN(4)]); err == nil {
					f.Open = f.Kind == "door" && rng.IntN(2) == 0
					m.SetEdge(at(), Direction(rng.IntN(6)), f)
				}
			case 3:
				if f, err := NewFeature(kinds[4+rng.IntN(4)]); err == nil {
					m.SetFeature(at(), f)
				}
			}
		}
		cell := func(k uint16) Hex {
			k %= uint16(width * height)
			return o.FromOffset(Offset{int(k) % width, int(k) / width})
		}
		from, to := cell(a), cell(b)
		if from == to || !m.Contains(from) || !m.Contains(to) {
			return
		}
		checkSight(t, m, from, to)
	})
}

// TestShotLine: a shot's line goes on through a wall or a closed door and
// lists it with the cover on either side, nearest the target first; rock
// stops it.
func TestShotLine(t *testing.T) {
	a := Hex{2, 4}
	b := Hex{7, 4}
	for _, tc := range []struct {
		name    string
		build   func(m *Map)
		clear   bool
		blocker string
		cover   []string
	}{
		{"a wall between", func(m *Map) { m.SetEdge(Hex{4, 4}, 0, feature(t, "wall")) }, false, "wall between G5 and H5", []string{"wall"}},
		{"a closed door between", func(m *Map) { m.SetEdge(Hex{4, 4}, 0, feature(t, "door")) }, false, "door", []string{"door"}},
		{"a wall, a barrel before it and a fence beyond: a shot meets all three", func(m *Map) {
			m.SetFeature(Hex{3, 4}, feature(t, "barrel"))
			m.SetEdge(Hex{4, 4}, 0, feature(t, "wall"))
			m.SetEdge(Hex{6, 4}, 0, feature(t, "fence"))
		}, false, "wall", []string{"fence", "wall", "barrel"}},
		{"a wall, then rock: nothing gets through", func(m *Map) {
			m.SetEdge(Hex{3, 4}, 0, feature(t, "wall"))
			m.SetTerrain(Hex{5, 4}, "rock")
		}, false, "rock", nil},
		{"open ground", func(m *Map) {}, true, "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := field(t)
			tc.build(m)
			s := m.ShotLine(a, b)
			if s.Clear != tc.clear || !strings.Contains(s.Reason(m), tc.blocker) {
				t.Fatalf("clear %v (%q), want clear %v naming %q", s.Clear, s.Reason(m), tc.clear, tc.blocker)
			}
			var kinds []string
			for _, c := range s.Cover {
				kinds = append(kinds, c.Feature.Kind)
			}
			if !slices.Equal(kinds, tc.cover) {
				t.Errorf("cover %v, want %v", kinds, tc.cover)
			}
			if sl := m.SightLine(a, b); sl.Clear != s.Clear {
				t.Errorf("the sight line is clear %v, the shot's %v", sl.Clear, s.Clear)
			}
		})
	}
}
