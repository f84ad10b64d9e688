package hexmap

import (
	"math/rand/v2"
	"testing"
)

func TestGather4(t *testing.T) {
	for bits := 0; bits < 16; bits++ {
		var x uint64
		for i := 0; i < 4; i++ {
			if bits&(1<<i) != 0 {
				x |= 1 << (16*i + 15)
			}
		}
		if got := gather4(x); got != uint8(bits) {
			t.Errorf("gather4(%#x) = %04b, want %04b", x, got, bits)
		}
	}
}

func TestTakenLanes(t *testing.T) {
	for sent := 0; sent < 64; sent++ {
		lo, hi := takenLo[sent&0xf], takenHi[sent>>4]
		for i := 0; i < 6; i++ {
			var lane uint16
			if i < 4 {
				lane = uint16(lo >> (16 * i))
			} else {
				lane = uint16(hi >> (16 * (i - 4)))
			}
			want := uint16(0)
			if sent&(1<<i) != 0 {
				want = laneUnset
			}
			if lane != want {
				t.Errorf("sent %06b: lane %d is %#x, want %#x", sent, i, lane, want)
			}
		}
	}
}

// FuzzLanesAgree checks the 16-bit search against the 32-bit one (no
// limit, the costs then cut at the limit) on generated maps of any shape.
func FuzzLanesAgree(f *testing.F) {
	f.Add(uint64(1), uint8(30), uint8(24), uint16(40), uint8(0), false)
	f.Add(uint64(7), uint8(5), uint8(60), uint16(300), uint8(3), true)
	f.Fuzz(func(t *testing.T, seed uint64, w, h uint8, limit uint16, facing uint8, flat bool) {
		width, height := int(w%64)+1, int(h%64)+1
		var m *Map
		if flat {
			m, _ = New("fuzz", Flat, width, height, "dirt")
			rng := rand.New(rand.NewPCG(seed, 3))
			wall, _ := NewFeature("wall")
			for i := 0; i < width*height/4; i++ {
				at := Flat.FromOffset(Offset{rng.IntN(width), rng.IntN(height)})
				switch rng.IntN(3) {
				case 0:
					m.SetTerrain(at, "rough")
				case 1:
					m.SetElevation(at, rng.IntN(3))
				default:
					m.SetEdge(at, Direction(rng.IntN(6)), wall)
				}
			}
		} else {
			m = Sample(width, height, seed)
		}
		start := m.Orientation.FromOffset(Offset{width / 2, height / 2})
		m.SetTerrain(start, "dirt")
		m.RemoveFeature(start)
		lim := int(limit%400) + 1
		fc := Direction(facing % 6)
		blocked := func(h Hex) bool { return h == start.Neighbor(1).Neighbor(1) }
		wide := Search{Map: m, Cost: terrainCost{}, Blocked: blocked}.Reachable(start, fc)
		defer wide.Release()
		narrow := Search{Map: m, Cost: terrainCost{}, Blocked: blocked, Limit: lim}.Reachable(start, fc)
		defer narrow.Release()
		n := 0
		for _, h := range wide.Hexes() {
			c, _ := wide.Cost(h)
			if c > lim {
				continue
			}
			n++
			got, ok := narrow.Cost(h)
			if !ok || got != c {
				t.Fatalf("cost to %v: %d (%v) within %d, want %d", h, got, ok, lim, c)
			}
			if rt, ok := narrow.Route(h); !ok || rt.Cost != c {
				t.Fatalf("route to %v: %+v, want cost %d", h, rt, c)
			}
		}
		if narrow.Len() != n {
			t.Fatalf("%d hexes within %d, want %d", narrow.Len(), lim, n)
		}
	})
}
