package rules

import (
	"testing"

	"hexslinger/hexmap"
)

// benchMap is the benchmarks' map and start: the middle of a 256×256 map
// of mixed terrain, cleared to dirt.
func benchMap() (*hexmap.Map, hexmap.Hex) {
	m := hexmap.Sample(256, 256, 1)
	start := hexmap.Pointy.FromOffset(hexmap.Offset{Col: 128, Row: 128})
	m.SetTerrain(start, "dirt")
	m.RemoveFeature(start)
	return m, start
}

// TestBenchReachIsBig keeps BenchmarkReachable20AP honest: its figure must
// reach most of what 120 paces could, not a pocket the sample map walls in,
// and the farthest hexes must cost nearly all of the 20 AP.
func TestBenchReachIsBig(t *testing.T) {
	m, start := benchMap()
	cost := MoveCost{Pace: 6}
	r := hexmap.Search{Map: m, Cost: cost, Limit: 20 * cost.UnitsPerAP()}.Reachable(start, 0)
	defer r.Release()
	if r.Len() < 30000 {
		t.Errorf("the bench figure reaches %d hexes with 20 AP, want over 30,000", r.Len())
	}
	hs := r.Hexes()
	if c, _ := r.Cost(hs[len(hs)-1]); cost.AP(c) < 19 {
		t.Errorf("the dearest hex reached costs %d AP, want 19 or 20", cost.AP(c))
	}
}

// benchReach times the reachable set of a figure in the middle of a
// 256×256 map of mixed terrain with ap AP, priced by cost.
func benchReach(b *testing.B, cost interface {
	hexmap.CostModel
	UnitsPerAP() int
}, ap int) {
	m, start := benchMap()
	s := hexmap.Search{Map: m, Cost: cost, Limit: ap * cost.UnitsPerAP()}
	if r := s.Reachable(start, 0); r.Len() < 2 { // also builds the map's step table
		b.Fatalf("the bench figure reaches %d hexes: the sample map has boxed it in", r.Len())
	} else {
		r.Release()
	}
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		r := s.Reachable(start, 0)
		n = r.Len()
		r.Release()
	}
	b.ReportMetric(float64(n), "hexes")
}

// BenchmarkReachable20AP: the reachable set of a Move 6 figure with 20 AP
// (120 paces) on a 256×256 map of mixed terrain. Target: ≤ 2 ms.
func BenchmarkReachable20AP(b *testing.B) { benchReach(b, MoveCost{Pace: 6}, 20) }

// BenchmarkReachable8AP: the overlay for a typical action, a Move 6 figure
// with 8 AP (48 paces), on the same map.
func BenchmarkReachable8AP(b *testing.B) { benchReach(b, MoveCost{Pace: 6}, 8) }

// noTurns is MoveCost without any turning cost: the search then needs one
// facing per hex, so BenchmarkReachable20APNoTurns is the floor of what
// facing costs add to BenchmarkReachable20AP.
type noTurns struct{ MoveCost }

func (noTurns) Turn(int) int { return 0 }

func BenchmarkReachable20APNoTurns(b *testing.B) { benchReach(b, noTurns{MoveCost{Pace: 6}}, 20) }

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
