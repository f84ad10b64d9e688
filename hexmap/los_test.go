package hexmap

import (
	"math/rand/v2"
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
		{"a wall between", func(m *Map) { m.SetEdge(Hex{4, 4}, 0, feature(t, "wall")) }, a, b, false, false, "wall at G5", nil},
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
