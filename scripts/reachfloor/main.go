// Command reachfloor measures how fast this machine can run the reachable-set
// search of BenchmarkReachable20AP outside Go: it writes that benchmark's map
// as a step table in the layout floor/floor.c reads, times hexslinger's own
// search on it, and prints the sums the C program must reproduce.
//
// floor.c is the same search (settling departures, Dial's buckets, a hex's
// six departure costs compared as one SSE vector) compiled by gcc, so the
// two timings side by side say how much of the search's time is Go and how
// much is the work itself on this machine:
//
//	go run ./scripts/reachfloor -o /tmp/steps.bin
//	gcc -O2 -msse4.1 -o /tmp/floor scripts/reachfloor/floor/floor.c
//	/tmp/floor /tmp/steps.bin
//
// It is a measuring tool, not part of hexslinger; make test does not run it.
package main

import (
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"sort"
	"time"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

func main() {
	out := flag.String("o", "steps.bin", "the step table to write")
	ap := flag.Int("ap", 20, "the figure's AP")
	flag.Parse()
	if err := run(*out, *ap); err != nil {
		fmt.Fprintln(os.Stderr, "reachfloor:", err)
		os.Exit(1)
	}
}

func run(out string, ap int) error {
	// The map and start of rules' benchReach.
	m := hexmap.Sample(256, 256, 1)
	start := hexmap.Pointy.FromOffset(hexmap.Offset{Col: 128, Row: 128})
	m.SetTerrain(start, "dirt")
	m.RemoveFeature(start)
	cost := rules.MoveCost{Pace: 6}
	limit := ap * cost.UnitsPerAP()

	s := hexmap.Search{Map: m, Cost: cost, Limit: limit}
	r := s.Reachable(start, 0)
	reached, sum := r.Len(), 0
	for _, h := range r.Hexes() {
		c, _ := r.Cost(h)
		sum += c
	}
	r.Release()
	var times []time.Duration
	for i := 0; i < 300; i++ {
		t0 := time.Now()
		s.Reachable(start, 0).Release()
		times = append(times, time.Since(t0))
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	fmt.Printf("Go search: %d hexes, costs summing to %d; %.2f ms median, %.2f ms fastest of %d\n",
		reached, sum, ms(times[len(times)/2]), ms(times[0]), len(times))

	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := write(f, m, cost, start, limit); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Printf("wrote %s: run floor with it and compare\n", out)
	return nil
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// write puts out the header (width, height, start cell, limit, dearest step,
// the four turning costs, the cell-index deltas to each neighbour for even
// and odd rows), then every cell's six step costs (-1: no step), then a
// byte per cell of its row's parity. Cells are numbered row by row.
func write(f *os.File, m *hexmap.Map, cost rules.MoveCost, start hexmap.Hex, limit int) error {
	w, h := m.Width, m.Height
	index := func(x hexmap.Hex) int32 {
		o := m.Orientation.ToOffset(x)
		return int32(o.Row*w + o.Col)
	}
	steps := make([]int16, w*h*6)
	odd := make([]uint8, w*h)
	maxStep := int32(0)
	for i := 0; i < w*h; i++ {
		at := m.Orientation.FromOffset(hexmap.Offset{Col: i % w, Row: i / w})
		odd[i] = uint8(i / w & 1)
		for d := hexmap.Direction(0); d < 6; d++ {
			steps[i*6+int(d)] = -1
			if !m.Contains(at.Neighbor(d)) {
				continue
			}
			if c, ok := cost.Step(m, at, d); ok {
				steps[i*6+int(d)] = int16(c)
				maxStep = max(maxStep, int32(c))
			}
		}
	}
	hdr := []int32{int32(w), int32(h), index(start), int32(limit), maxStep}
	for t := 0; t < 4; t++ {
		hdr = append(hdr, int32(cost.Turn(t)))
	}
	for p := 0; p < 2; p++ {
		at := m.Orientation.FromOffset(hexmap.Offset{Col: 2, Row: 2 + p})
		for d := hexmap.Direction(0); d < 6; d++ {
			hdr = append(hdr, index(at.Neighbor(d))-index(at))
		}
	}
	for _, part := range []any{hdr, steps, odd} {
		if err := binary.Write(f, binary.LittleEndian, part); err != nil {
			return err
		}
	}
	return nil
}
