package hexmap

import "testing"

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
