package board

import (
	"math"
	"runtime/debug"
	"runtime/metrics"
)

// The map window's Go heap is mostly long-lived (the fight, the map, each
// figure's field of view, the caches of what is drawn); its garbage is a
// frame's scratch and the bursts of a new zoom or a new picture. Left to
// the default pacing (GOGC=100), the heap grows to twice its live data
// between collections: some 40 MB more on the bench's map, resident
// beside what a software renderer already holds of textures. The governor
// keeps a soft memory limit a little above the live data instead, and
// moves it with the live data, so that the heap grows only by its scratch:
// a few more collections, each short, on the garbage collector's own
// threads.

// heapHeadroom is the least room the heap is given above its live data;
// a quarter of the live data when that is more.
const heapHeadroom = 12 << 20

// heapFloor is the least limit the governor sets: below it the default
// pacing does no harm, and a window just opened, its fight not yet
// loaded, is not held to the few megabytes it then has live.
const heapFloor = 64 << 20

// heapEvery is how many frames go between moves of the limit.
const heapEvery = 30

// heapGovernor moves the Go runtime's soft memory limit with the live heap.
type heapGovernor struct {
	frame   int
	samples []metrics.Sample
	// limit is the limit it set last (0: none yet); live the sample of
	// the live data read every frame, to lift the limit at once when the
	// live data outgrows it (a big fight arrived).
	limit uint64
	live  [1]metrics.Sample
	// lifted is set while the limit is off for a welcome (lift), and
	// liftedAt is the collection whose end sets it again.
	lifted   bool
	liftedAt uint64
	waited   int // ticks lifted
}

// heapMetrics are what the governor reads: the heap's live data as of the
// last collection, and how the runtime's memory divides.
var heapMetrics = []string{
	"/gc/heap/live:bytes",
	"/memory/classes/total:bytes",
	"/memory/classes/heap/objects:bytes",
	"/memory/classes/heap/unused:bytes",
	"/memory/classes/heap/free:bytes",
	"/memory/classes/heap/released:bytes",
}

// tick is called once a frame; every heapEvery frames it sets the limit to
// the runtime's memory beside the heap, the live data, and the headroom,
// or heapFloor if that is more; and at once when the live data all but
// fills the limit (outgrown: a limit below the live data
// has the collector run without pause: a 1024² fight's first frames
// took half as long again).
func (h *heapGovernor) tick() {
	h.frame++
	if h.lifted {
		if !h.relimit() {
			return
		}
	} else if h.frame%heapEvery != 1 && !h.outgrown() {
		return
	}
	if h.samples == nil {
		for _, name := range heapMetrics {
			h.samples = append(h.samples, metrics.Sample{Name: name})
		}
	}
	metrics.Read(h.samples)
	var v [6]uint64
	for i, s := range h.samples {
		if s.Value.Kind() != metrics.KindUint64 {
			return // a runtime without these metrics: keep its defaults
		}
		v[i] = s.Value.Uint64()
	}
	live, total := v[0], v[1]
	heap := v[2] + v[3] + v[4] + v[5]
	if live == 0 || heap > total {
		return
	}
	limit := max(heapFloor, total-heap+live+max(heapHeadroom, live/4))
	h.limit = min(limit, math.MaxInt64)
	debug.SetMemoryLimit(int64(h.limit))
}

// outgrown reports whether the live data has all but outgrown the limit
// last set: less than half the least headroom is left, too little for a
// collection to free (a frame's bursts of scratch leave more, and wait
// for the regular move, which keeps the peak down).
func (h *heapGovernor) outgrown() bool {
	if h.limit == 0 {
		return false
	}
	h.live[0].Name = "/gc/heap/live:bytes"
	metrics.Read(h.live[:])
	if h.live[0].Value.Kind() != metrics.KindUint64 {
		return false
	}
	live := h.live[0].Value.Uint64()
	return live+heapHeadroom/2 > h.limit
}

// lift takes the limit off while a welcome is folded: the state of a big
// fight is built and first drawn in one frame, before the next tick could
// see the live data outgrow a limit set for the window before it, and
// under that limit the collector would run without pause (a 1024² fight's
// state took half as long again, and its first frame more). The limit is
// set again at the first tick after a collection has measured the new
// live data (liftedAt), at most a heap of twice that later.
func (h *heapGovernor) lift() {
	debug.SetMemoryLimit(math.MaxInt64)
	h.lifted, h.liftedAt, h.waited = true, 0, 0
}

// relimit reports whether the limit, lifted, is to be set again now: at
// the first tick at which a collection has completed since the tick after
// the lift, or heapEvery ticks after it (an idle window may not collect
// for long, and its heap would grow to twice its live data).
func (h *heapGovernor) relimit() bool {
	if h.waited++; h.waited > heapEvery {
		h.lifted = false
		return true
	}
	h.live[0].Name = "/gc/cycles/total:gc-cycles"
	metrics.Read(h.live[:])
	if h.live[0].Value.Kind() != metrics.KindUint64 {
		h.lifted = false
		return true
	}
	n := h.live[0].Value.Uint64()
	switch {
	case h.liftedAt == 0:
		h.liftedAt = n + 1 // the collections so far may have measured a state half built
		return false
	case n < h.liftedAt:
		return false
	}
	h.lifted = false
	return true
}
