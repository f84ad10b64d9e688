//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// wasmTransfer is the JavaScript that tells how many bytes the page's
// WebAssembly took on the wire (compressed) and how many it holds.
const wasmTransfer = `(() => { const e = performance.getEntriesByType("resource").find(r => r.name.endsWith(".wasm")); return e ? JSON.stringify([e.transferSize, e.decodedBodySize]) : "[0,0]"; })()`

// BenchmarkBrowserFirstMap times a phone opening its seat's link on the
// LAN (here loopback) with nothing cached: from the navigation to the
// first frame with the map drawn, each iteration in a fresh Chromium
// profile at 390×844. It reports the WebAssembly's bytes on the wire
// (wasm-gz-bytes), its size unpacked (wasm-bytes) and the Go heap the
// page has taken from the browser then (heap-bytes: the Go runtime's Sys).
//
//	make build && scripts/xvfb.sh go test -tags e2e -run XXX -bench BrowserFirstMap -benchtime 5x ./e2e/
func BenchmarkBrowserFirstMap(b *testing.B) {
	root, _ := builtProject(b)
	link := servePlayer(b, root, hiddenDemo(b), filepath.Join(b.TempDir(), "bench.journal.jsonl"))
	var wire, unpacked, heap float64
	for b.Loop() {
		b.StopTimer()
		ctx, stop := chromium(b)
		ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Navigate("about:blank")); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := chromedp.Do(ctx, chromedp.Navigate(link)); err != nil {
			b.Fatal(err)
		}
		for {
			state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(window.hexslinger && hexslinger.state) || ""`))
			if state == "map" {
				break
			}
			if ctx.Err() != nil {
				b.Fatalf("no map after 3 minutes (the page is %q)", state)
			}
			time.Sleep(20 * time.Millisecond)
		}
		b.StopTimer()
		sizes, _ := chromedp.Run(ctx, chromedp.Evaluate[string](wasmTransfer))
		var w, u float64
		if n, err := parsePair(sizes); err == nil {
			w, u = n[0], n[1]
		}
		wire, unpacked = w, u
		h, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`hexslinger.heapBytes()`))
		var mem struct{ Sys float64 }
		json.Unmarshal([]byte(h), &mem)
		heap = mem.Sys
		cancel()
		stop()
		b.StartTimer()
	}
	b.ReportMetric(wire, "wasm-gz-bytes")
	b.ReportMetric(unpacked, "wasm-bytes")
	b.ReportMetric(heap, "heap-bytes")
}
