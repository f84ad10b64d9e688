package transport

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"hexslinger/app/internal/bigfight"
	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// scaleSizes and scaleFigures are the scale benchmarks' map sides and
// numbers of figures.
var scaleSizes, scaleFigures = bigfight.Sizes, bigfight.Figures

// scaleFight is bigfight's n×n fight of figs figures as bundled fight
// system's (its characters, its rules), fog on, rolls seeded.
func scaleFight(tb testing.TB, system string, n, figs int) (*session.FightFile, *bigfight.Fight) {
	tb.Helper()
	f := bundledFight(tb, system)
	g, err := bigfight.Generate(n, figs, len(f.Characters))
	if err != nil {
		tb.Fatal(err)
	}
	f.Name = fmt.Sprintf("scale %dx%d, %d figures", n, n, figs)
	f.Map = g.Map.File()
	f.Fog = nil
	f.Options.NoFog = false
	f.Options.Seed = new(uint64(38))
	f.Figures = nil
	for _, x := range g.Figures {
		f.Figures = append(f.Figures, session.FigureSpec{ID: x.ID, Character: f.Characters[x.Character].ID, Side: x.Side, At: g.Map.Label(x.At), Facing: x.Facing})
	}
	return f, g
}

// BenchmarkScaleThroughput8Clients is BenchmarkThroughput8Clients on
// the generated big fights (bigfight) of every size and number of
// figures, fog on: 8 Judge clients, 32 commands in flight each, the rate
// limit lifted, the journal synced. Reported: cmds/s, the commands a
// second acknowledged, and ok/s, those carried out.
//
// edits: a TWTW fight (the demo's); client k walls and unwalls hexside 0 of its
// own hex, every third of the ring 4 hexes round the mover (bigfight's
// clearing), in its sight: every command carried out.
//
// moves: a Dragon Warriors II fight (its moves cost no AP, so a figure
// may move for ever); client k moves figure k mod m, m up to 8 figures
// that went to a free hex beside them and back twice in a trial
// (scaleMovers), between where it stands and that hex. With fewer than 8
// such figures two clients share a figure and some of their moves find
// it already there and are refused (cmds/s counts them, ok/s does not).
//
// The 1024² fight of 500 figures is skipped under -short.
func BenchmarkScaleThroughput8Clients(b *testing.B) {
	for _, kind := range []string{"edits", "moves"} {
		b.Run(kind, func(b *testing.B) {
			for _, n := range scaleSizes {
				for _, figs := range scaleFigures {
					b.Run(fmt.Sprintf("%dx%d-%d", n, n, figs), func(b *testing.B) {
						if testing.Short() && n >= 1024 && figs >= 500 {
							b.Skip("the 1024² fight of 500 figures is skipped under -short")
						}
						if kind == "edits" {
							scaleEdits(b, n, figs)
						} else {
							scaleMoves(b, n, figs)
						}
					})
				}
			}
		})
	}
}

// scaleEdits is BenchmarkScaleThroughput8Clients's edits.
func scaleEdits(b *testing.B, n, figs int) {
	f, g := scaleFight(b, "demo", n, figs)
	ring := g.Home.Ring(4)
	cells := make([]hexmap.Cell, 8)
	for k := range cells {
		cells[k] = g.Map.CellAt(ring[3*k])
	}
	throughput8(b, f, true, func(k, i int) session.Command {
		c := cells[k]
		c.Edges[0] = nil
		if i%2 == 0 {
			c.Edges[0] = &hexmap.FileFeature{Kind: "wall"}
		}
		return session.Command{Kind: session.CommandEditMap, Cells: []hexmap.Cell{c}}
	})
}

// scaleMoves is BenchmarkScaleThroughput8Clients's moves.
func scaleMoves(b *testing.B, n, figs int) {
	f, g := scaleFight(b, "dragonwarriors", n, figs)
	movers := scaleMovers(b, f, g)
	throughput8(b, f, len(movers) >= 8, func(k, i int) session.Command {
		m := movers[k%len(movers)]
		to := m.b
		if i%2 == 1 {
			to = m.a
		}
		return session.Command{Kind: session.CommandMove, Figure: m.id, To: &to}
	})
}

// scaleMover is a figure that moves between hexes a and b.
type scaleMover struct {
	id   string
	a, b hexmap.Hex
}

// scaleMovers picks up to 8 of the figures of f (g's), each with a free
// hex beside it that no other mover steps into, and keeps those that can
// go there and back twice in a trial session: under fog a side plans a
// route as it knows the ground, and a move can be refused once it learns
// more (a figure it did not see, ground it mapped).
func scaleMovers(b *testing.B, f *session.FightFile, g *bigfight.Fight) []scaleMover {
	b.Helper()
	s, err := session.Open(f, filepath.Join(b.TempDir(), "trial.journal.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	st := s.State()
	var movers []scaleMover
	chosen := map[hexmap.Hex]bool{} // no two movers step into one hex
	for _, x := range g.Figures {
		if len(movers) == 8 {
			break
		}
		for d := hexmap.Direction(0); d < 6; d++ {
			to := x.At.Neighbor(d)
			if _, taken := st.FigureAt(to); taken || chosen[to] || st.Map.CanStand(to) != nil {
				continue
			}
			ok := true
			for i := range 4 {
				dst := []hexmap.Hex{to, x.At}[i%2]
				if _, err := s.Do(session.Command{Kind: session.CommandMove, Figure: x.ID, To: &dst}); err != nil {
					ok = false
					break
				}
			}
			if ok {
				movers = append(movers, scaleMover{x.ID, x.At, to})
				chosen[to] = true
			}
			break
		}
	}
	if len(movers) == 0 {
		b.Fatal("no figure can move there and back")
	}
	return movers
}

// throughput8 serves fight f to 8 Judge clients, rate limit lifted, and
// has client k send command(k, i) for its i-th command, 32 in flight,
// b.N in all; it reports cmds/s and ok/s and, when strict, fails unless
// every command was carried out and the journal holds them all.
func throughput8(b *testing.B, f *session.FightFile, strict bool, command func(k, i int) session.Command) {
	const clients, inFlight = 8, 32
	s, sv, _ := unlimitedTable(b, f)
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first := s.LastSeq()
	var cls []*Client
	for range clients {
		cl, _, err := Dial(ctx, sv.URL(), "judge")
		if err != nil {
			b.Fatal(err)
		}
		defer cl.Close()
		cls = append(cls, cl)
	}
	per := max(1, b.N/clients)
	var wg sync.WaitGroup
	results, oks := make([]int, clients), make([]int, clients)
	b.ResetTimer()
	start := time.Now()
	for k, cl := range cls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots := make(chan struct{}, inFlight)
			go func() {
				for i := range per {
					slots <- struct{}{}
					if _, err := cl.Send(ctx, command(k, i)); err != nil {
						return
					}
				}
			}()
			for results[k] < per {
				m, err := cl.Read(ctx)
				if err != nil {
					return
				}
				if m.Type == MsgResult {
					results[k]++
					if m.OK {
						oks[k]++
					}
					<-slots
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	total, ok := 0, 0
	for k := range clients {
		total, ok = total+results[k], ok+oks[k]
	}
	b.ReportMetric(float64(total)/elapsed.Seconds(), "cmds/s")
	b.ReportMetric(float64(ok)/elapsed.Seconds(), "ok/s")
	if total != per*clients {
		b.Errorf("%d of %d commands answered", total, per*clients)
	}
	if strict && ok != total {
		b.Errorf("%d of %d commands carried out", ok, total)
	}
	if made := s.LastSeq() - first; made < ok {
		b.Errorf("the session made %d events for %d commands carried out", made, ok)
	}
}
