package session

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"
)

// loadTable serves the demo fight to n Judge clients that read every event
// and report each arrival.
type loadTable struct {
	s       *Session
	sv      *Server
	clients []*Client
	mu      sync.Mutex
	seen    map[int]int           // event seq -> clients that have it
	done    map[int]chan struct{} // closed when all have it
	counts  []int                 // events per client
	cancel  context.CancelFunc
}

func newLoadTable(t testing.TB, n int) *loadTable {
	s, err := Open(demo(t), filepath.Join(t.TempDir(), "load.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	sv, err := Serve(s, "127.0.0.1:0", NewAccess("judge"), nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	lt := &loadTable{s: s, sv: sv, seen: map[int]int{}, done: map[int]chan struct{}{}, counts: make([]int, n), cancel: cancel}
	for i := 0; i < n; i++ {
		cl, _, err := Dial(ctx, sv.URL(), "judge")
		if err != nil {
			t.Fatal(err)
		}
		lt.clients = append(lt.clients, cl)
		go func(i int) {
			for {
				m, err := cl.Read(ctx)
				if err != nil {
					return
				}
				if m.Type != MsgEvent {
					continue
				}
				lt.mu.Lock()
				lt.counts[i]++
				lt.seen[m.Event.Seq]++
				if lt.seen[m.Event.Seq] == n {
					if ch, ok := lt.done[m.Event.Seq]; ok {
						close(ch)
					}
					delete(lt.seen, m.Event.Seq)
				}
				lt.mu.Unlock()
			}
		}(i)
	}
	t.Cleanup(func() {
		cancel()
		for _, c := range lt.clients {
			c.Close()
		}
		sv.Close()
		s.Close()
	})
	return lt
}

// toggle is a command that is always legal and costs no AP: the Judge
// hides or shows Jeb.
func toggle(i int) Command {
	if i%2 == 0 {
		return Command{Kind: CommandHide, Figure: "jeb"}
	}
	return Command{Kind: CommandReveal, Figure: "jeb"}
}

// BenchmarkCommandToEvent8Clients: from a command sent by one of 8
// connected map windows to its event reaching all 8, over loopback, with
// the journal synced. Target: p99 ≤ 5 ms.
func BenchmarkCommandToEvent8Clients(b *testing.B) {
	lt := newLoadTable(b, 8)
	ctx := context.Background()
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		lt.s.mu.Lock()
		seq := lt.s.events[len(lt.s.events)-1].Seq + 1
		lt.s.mu.Unlock()
		ch := make(chan struct{})
		lt.mu.Lock()
		lt.done[seq] = ch
		lt.mu.Unlock()
		t0 := time.Now()
		if _, err := lt.clients[i%8].Send(ctx, toggle(i)); err != nil {
			b.Fatal(err)
		}
		select {
		case <-ch:
		case <-time.After(5 * time.Second):
			b.Fatalf("event %d did not reach all 8 clients", seq)
		}
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}

// TestLoad1000PerSecond sends 1,000 commands a second for a minute through
// 8 clients and checks that every client gets every event. It takes a
// minute: HEXSLINGER_LOAD=1 runs it.
func TestLoad1000PerSecond(t *testing.T) {
	if os.Getenv("HEXSLINGER_LOAD") == "" {
		t.Skip("set HEXSLINGER_LOAD=1 to run the one-minute load test")
	}
	lt := newLoadTable(t, 8)
	const rate, secs = 1000, 60
	ctx := context.Background()
	events := func() int { // the last event's number
		lt.s.mu.Lock()
		defer lt.s.mu.Unlock()
		return lt.s.events[len(lt.s.events)-1].Seq
	}
	n0 := events()
	start := time.Now()
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	sent := 0
	for time.Since(start) < secs*time.Second {
		<-tick.C
		// Keep to the rate: as many commands as are due by now.
		for due := int(time.Since(start).Seconds() * rate); sent < due; sent++ {
			if _, err := lt.clients[sent%8].Send(ctx, toggle(sent)); err != nil {
				t.Fatal(err)
			}
		}
	}
	elapsed := time.Since(start)
	// Commands from 8 clients can arrive out of turn, and then a hide
	// meets a hidden Jeb and is refused: what counts is that every client
	// gets every event the session made.
	time.Sleep(time.Second)
	made := events() - n0
	deadline := time.Now().Add(30 * time.Second)
	for {
		lt.mu.Lock()
		low := slices.Min(lt.counts)
		lt.mu.Unlock()
		if low >= made || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	lt.mu.Lock()
	defer lt.mu.Unlock()
	t.Logf("sent %d commands in %v (%.0f a second), %d made events; events per client: %v",
		sent, elapsed.Round(time.Millisecond), float64(sent)/elapsed.Seconds(), made, lt.counts)
	if made < sent/2 {
		t.Errorf("only %d of %d commands made an event", made, sent)
	}
	for i, n := range lt.counts {
		if n != made {
			t.Errorf("client %d got %d events of %d", i, n, made)
		}
	}
}

// TestSoak runs 8 clients at a steady 20 commands a second for
// HEXSLINGER_SOAK (say 10m) and checks that goroutines and the heap stay
// within 10% of where they were after a warm-up.
func TestSoak(t *testing.T) {
	d, err := time.ParseDuration(os.Getenv("HEXSLINGER_SOAK"))
	if err != nil || d <= 0 {
		t.Skip("set HEXSLINGER_SOAK=10m to run the soak test")
	}
	lt := newLoadTable(t, 8)
	ctx := context.Background()
	measure := func() (int, uint64, int) {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		lt.s.mu.Lock()
		n := lt.s.events[len(lt.s.events)-1].Seq
		lt.s.mu.Unlock()
		return runtime.NumGoroutine(), ms.HeapAlloc, n
	}
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	sent := 0
	send := func(until time.Time) {
		for time.Now().Before(until) {
			<-tick.C
			lt.clients[sent%8].Send(ctx, toggle(sent))
			sent++
		}
	}
	// Warm up past the first checkpoint, so that the session holds its
	// steady number of events; then compare the heap's peak over the first
	// and the last minute (it rises and falls as checkpoints fold events).
	send(time.Now().Add(time.Duration(keepEvents+checkpointEvery+100) * time.Second / 20))
	g0, _, n0 := measure()
	window := func() uint64 {
		var peak uint64
		for end := time.Now().Add(time.Minute); time.Now().Before(end); {
			send(time.Now().Add(10 * time.Second))
			_, h, _ := measure()
			peak = max(peak, h)
		}
		return peak
	}
	h0 := window()
	if rest := d - 2*time.Minute; rest > 0 {
		send(time.Now().Add(rest))
	}
	h1 := window()
	time.Sleep(2 * time.Second)
	g1, _, n1 := measure()
	t.Logf("after %v and %d events: goroutines %d -> %d; heap peak %.2f MB in the first minute, %.2f MB in the last",
		d, n1-n0, g0, g1, float64(h0)/1e6, float64(h1)/1e6)
	if float64(g1) > float64(g0)*1.1 {
		t.Errorf("goroutines grew from %d to %d", g0, g1)
	}
	if float64(h1) > float64(h0)*1.1 {
		t.Errorf("the heap's peak grew from %.2f MB to %.2f MB", float64(h0)/1e6, float64(h1)/1e6)
	}
}
