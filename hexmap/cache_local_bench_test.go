package hexmap

import (
	"fmt"
	"testing"
)

// cacheBench is the map of the local-mending benchmarks: an n×n sample map
// (mixed terrain, hills, buildings), a figure in its middle on open
// ground, and a hex a few paces away that each edit changes.
func cacheBench(n int) (m *Map, from, edit Hex) {
	m = Sample(n, n, 1)
	from = Pointy.FromOffset(Offset{Col: n / 2, Row: n / 2})
	m.SetTerrain(from, "dirt")
	m.RemoveFeature(from)
	return m, from, Pointy.FromOffset(Offset{Col: n/2 + 5, Row: n/2 + 3})
}

// benchLimit is the reach's limit: 120 paces of terrainCost's 2, a figure's
// 20 AP at Pace 6 in rules.MoveCost's units.
const benchLimit = 240

// editOne changes one hex: its terrain between rough and dirt, by turn.
func editOne(m *Map, h Hex, i int) {
	m.SetTerrain(h, [2]string{"rough", "dirt"}[i&1])
}

// BenchmarkReachSteady: a figure's reachable set (120 paces) on an
// unchanged map, the yardstick of BenchmarkReachAfterEdit.
func BenchmarkReachSteady(b *testing.B) {
	for _, n := range []int{256, 1024} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m, from, _ := cacheBench(n)
			s := Search{Map: m, Cost: terrainCost{}, Limit: benchLimit}
			s.Reachable(from, 0).Release()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.Reachable(from, 0).Release()
			}
		})
	}
}

// BenchmarkReachAfterEdit: one hex's terrain changed, then the same
// reachable set: the step table is mended, not rebuilt (issue 38: at most
// 2× BenchmarkReachSteady at 1024²).
func BenchmarkReachAfterEdit(b *testing.B) {
	for _, n := range []int{256, 1024} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m, from, at := cacheBench(n)
			s := Search{Map: m, Cost: terrainCost{}, Limit: benchLimit}
			s.Reachable(from, 0).Release()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				editOne(m, at, i)
				s.Reachable(from, 0).Release()
			}
		})
	}
}

// BenchmarkSightSteady: one line of sight across the middle of an
// unchanged map, the yardstick of BenchmarkSightAfterEdit.
func BenchmarkSightSteady(b *testing.B) {
	for _, n := range []int{256, 1024} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m, from, _ := cacheBench(n)
			to := Pointy.FromOffset(Offset{Col: n/2 + 40, Row: n/2 + 25})
			m.SightLine(from, to)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				m.SightLine(from, to)
			}
		})
	}
}

// BenchmarkSightAfterEdit: one hex's terrain changed, then the same line
// of sight: the sight flags are mended, not rebuilt.
func BenchmarkSightAfterEdit(b *testing.B) {
	for _, n := range []int{256, 1024} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m, from, at := cacheBench(n)
			to := Pointy.FromOffset(Offset{Col: n/2 + 40, Row: n/2 + 25})
			m.SightLine(from, to)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				editOne(m, at, i)
				m.SightLine(from, to)
			}
		})
	}
}

// BenchmarkFieldOfViewSteady: a 60-hex field of view on an unchanged map,
// the yardstick of BenchmarkFieldOfViewAfterEdit.
func BenchmarkFieldOfViewSteady(b *testing.B) {
	for _, n := range []int{256, 1024} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m, from, _ := cacheBench(n)
			f := m.FieldOfView(from, 60)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				m.FieldOfViewInto(f, from, 60)
			}
		})
	}
}

// BenchmarkFieldOfViewAfterEdit: one hexside's wall set or cleared, then
// the same field of view: the sight flags and the hexsides that close
// sight are mended, not rebuilt.
func BenchmarkFieldOfViewAfterEdit(b *testing.B) {
	wall, _ := NewFeature("wall")
	for _, n := range []int{256, 1024} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m, from, at := cacheBench(n)
			f := m.FieldOfView(from, 60)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if i&1 == 0 {
					m.SetEdge(at, 1, wall)
				} else {
					m.RemoveEdge(at, 1)
				}
				m.FieldOfViewInto(f, from, 60)
			}
		})
	}
}

// BenchmarkStepsAfterEdit: one hex's terrain changed, then the step table
// brought up to date, without a search: what BenchmarkReachAfterEdit pays
// over BenchmarkReachSteady (a rebuild was the whole table: 6 steps a
// cell).
func BenchmarkStepsAfterEdit(b *testing.B) {
	for _, n := range []int{256, 1024} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m, from, at := cacheBench(n)
			s := Search{Map: m, Cost: terrainCost{}, Limit: benchLimit}
			s.Reachable(from, 0).Release()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				editOne(m, at, i)
				m.steps(s.Cost)
			}
		})
	}
}
