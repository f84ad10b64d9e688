package board

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"

	"hexslinger/hexmap"
)

// TestTheHeapLimitFollowsTheLiveData: the governor sets the runtime's soft
// memory limit a headroom above the live heap, and moves it up when the
// live data grows.
func TestTheHeapLimitFollowsTheLiveData(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	live := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	var h heapGovernor
	var keep [][]byte
	for _, grow := range []int{0, 64 << 20} {
		keep = append(keep, make([]byte, grow))
		runtime.GC()
		h.frame = 0
		h.tick()
		l, limit := live(), uint64(debug.SetMemoryLimit(-1))
		if limit < l+heapHeadroom || limit < heapFloor || limit > max(heapFloor, 2*l+heapHeadroom+64<<20) {
			t.Errorf("with %d MiB live, the limit is %d MiB; want the live data and %d MiB more, and the runtime's own", l>>20, limit>>20, heapHeadroom>>20)
		}
	}
	runtime.KeepAlive(keep)
}

// TestTheHeapLimitRisesTheFrameAfterTheLiveDataOutgrowsIt: a fight
// that arrives between two of the governor's regular moves (a 1024² map
// is more live data than the floor) lifts the limit at the next frame,
// not heapEvery frames later: a limit below the live data makes the
// collector run without pause, and the window's first frames crawl.
func TestTheHeapLimitRisesTheFrameAfterTheLiveDataOutgrowsIt(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	var h heapGovernor
	runtime.GC()
	h.tick() // the first frame: the limit goes by the little live now
	before := debug.SetMemoryLimit(-1)
	keep := make([]byte, before+32<<20) // a fight larger than the limit arrives
	for i := range keep {
		keep[i] = 1
	}
	runtime.GC()
	h.tick() // the next frame
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	live, limit := s[0].Value.Uint64(), uint64(debug.SetMemoryLimit(-1))
	if limit < live+heapHeadroom {
		t.Errorf("the frame after the live data grew from under %d MiB to %d MiB, the limit is %d MiB; want the live data and %d MiB more", before>>20, live>>20, limit>>20, heapHeadroom>>20)
	}
	runtime.KeepAlive(keep)
}

// TestAChunkFillsItsTexture: a chunk's image is at most chunkPixels a
// side, and one more column or row of cells would not fit.
func TestAChunkFillsItsTexture(t *testing.T) {
	for _, o := range []hexmap.Orientation{hexmap.Pointy, hexmap.Flat} {
		for _, s := range []float64{6, 8, 13, 16, 32, 47, 64, 90} {
			cols, rows, per := chunkShape(o, s)
			cells := func(cols, rows int) []hexmap.Hex {
				var hs []hexmap.Hex
				for row := 1; row <= rows; row++ {
					for col := 1; col <= cols; col++ {
						hs = append(hs, o.FromOffset(hexmap.Offset{Col: col, Row: row}))
					}
				}
				return hs
			}
			w, h, _ := chunkExtent(o, s, cells(cols, rows))
			if w > chunkPixels || h > chunkPixels || per < 1 {
				t.Errorf("%v size %g: %d×%d cells make a %d×%d image (%d a draw)", o, s, cols, rows, w, h, per)
			}
			wc, _, _ := chunkExtent(o, s, cells(cols+1, rows))
			_, hr, _ := chunkExtent(o, s, cells(cols, rows+1))
			if cols < 48 && wc <= chunkPixels || rows < 48 && hr <= chunkPixels {
				t.Errorf("%v size %g: %d×%d cells leave room: %d wide with a column more, %d high with a row more", o, s, cols, rows, wc, hr)
			}
		}
	}
}

// TestAWelcomeIsFoldedWithoutTheHeapLimit: the governor, told a welcome
// is about to be folded (a fight arrives, or comes again after an undo),
// lifts the limit, so that the state is built and first drawn without the
// collector running nonstop under a limit set for the window before it;
// and sets it again, above the live data, at the first frame a collection
// has measured the new live data.
func TestAWelcomeIsFoldedWithoutTheHeapLimit(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	var h heapGovernor
	runtime.GC()
	h.tick() // the window before the welcome: the limit goes by the little live now
	before := debug.SetMemoryLimit(-1)
	h.lift()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Fatalf("after lift, the limit is %d MiB (it was %d MiB); want none", got>>20, before>>20)
	}
	keep := make([]byte, before+32<<20) // the fight's state, larger than the old limit
	for i := range keep {
		keep[i] = 1
	}
	h.frame = 0 // a regular move's frame: still no limit before a collection has measured the state
	h.tick()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("the frame after the welcome, before a collection, the limit is %d MiB; want none", got>>20)
	}
	runtime.GC()
	h.tick()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	live, limit := s[0].Value.Uint64(), uint64(debug.SetMemoryLimit(-1))
	if limit == math.MaxInt64 || limit < live+heapHeadroom {
		t.Errorf("after a collection measured %d MiB live, the limit is %d MiB; want the live data and %d MiB more", live>>20, limit>>20, heapHeadroom>>20)
	}
	runtime.KeepAlive(keep)
}
