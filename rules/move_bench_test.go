package rules

import (
	"testing"

	"hexslinger/hexmap"
)

// BenchmarkReachable20AP: the reachable set of a Move 6 figure with 20 AP
// (120 paces) on a 256×256 map of mixed terrain. Target: ≤ 2 ms.
func BenchmarkReachable20AP(b *testing.B) {
	m := hexmap.Sample(256, 256, 1)
	start := hexmap.Pointy.FromOffset(hexmap.Offset{Col: 128, Row: 128})
	m.SetTerrain(start, "dirt")
	m.RemoveFeature(start)
	c := MoveCost{Pace: 6}
	s := hexmap.Search{Map: m, Cost: c, Limit: 20 * c.UnitsPerAP()}
	s.Reachable(start, 0).Release() // builds the map's step table once
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		r := s.Reachable(start, 0)
		n = r.Len()
		r.Release()
	}
	b.ReportMetric(float64(n), "hexes")
}

// BenchmarkPathAcrossTheMap: one cheapest path over a 256×256 map.
func BenchmarkPathAcrossTheMap(b *testing.B) {
	m := hexmap.Sample(256, 256, 1)
	from := hexmap.Pointy.FromOffset(hexmap.Offset{Col: 10, Row: 10})
	to := hexmap.Pointy.FromOffset(hexmap.Offset{Col: 240, Row: 200})
	for _, h := range []hexmap.Hex{from, to} {
		m.SetTerrain(h, "dirt")
		m.RemoveFeature(h)
	}
	s := hexmap.Search{Map: m, Cost: MoveCost{Pace: 6}}
	for i := 0; i < b.N; i++ {
		s.PathTo(from, 0, to)
	}
}

// BenchmarkReachable8AP: the overlay for a typical action, a Move 6 figure
// with 8 AP (48 paces), on the same map.
func BenchmarkReachable8AP(b *testing.B) {
	m := hexmap.Sample(256, 256, 1)
	start := hexmap.Pointy.FromOffset(hexmap.Offset{Col: 128, Row: 128})
	m.SetTerrain(start, "dirt")
	m.RemoveFeature(start)
	c := MoveCost{Pace: 6}
	s := hexmap.Search{Map: m, Cost: c, Limit: 8 * c.UnitsPerAP()}
	s.Reachable(start, 0).Release()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		r := s.Reachable(start, 0)
		n = r.Len()
		r.Release()
	}
	b.ReportMetric(float64(n), "hexes")
}
