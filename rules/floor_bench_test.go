package rules

import (
	"testing"

	"hexslinger/hexmap"
)

// noTurns is MoveCost without any turning cost: the search then needs one
// facing per hex, which makes BenchmarkReachable20APNoTurns the floor of
// what facing costs add to BenchmarkReachable20AP.
type noTurns struct{ MoveCost }

func (noTurns) Turn(int) int { return 0 }

func BenchmarkReachable20APNoTurns(b *testing.B) {
	m := hexmap.Sample(256, 256, 1)
	start := hexmap.Pointy.FromOffset(hexmap.Offset{Col: 128, Row: 128})
	m.SetTerrain(start, "dirt")
	m.RemoveFeature(start)
	c := noTurns{MoveCost{Pace: 6}}
	s := hexmap.Search{Map: m, Cost: c, Limit: 20 * c.UnitsPerAP()}
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
