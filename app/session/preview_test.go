package session

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"hexslinger/hexmap"
)

// TestPreviewIsTheDecision: for random commands, legal and illegal, from
// the Judge and the players' side, on the bundled fights of every system,
// what a window previews is what Do does ("One seam", DESIGN.md):
//   - State.Preview changes nothing;
//   - a refused preview is refused by Do with the same words;
//   - a preview with its events (no dice, or the command's own) makes the
//     events Do makes;
//   - the console's explanation before the dice (State.Explain) refuses
//     what Do refuses;
//   - for a move, the hex is in the figure's Reach (the map window's
//     overlay) exactly when Do carries the move out, at the cost the
//     overlay shows; or, where the move ran into a figure its side did
//     not see (the ambush), stopped beside it for no more.
func TestPreviewIsTheDecision(t *testing.T) {
	steps, seeds := 300, 3
	if testing.Short() {
		steps, seeds = 60, 1
	}
	for _, name := range bundledNames() {
		for seed := range seeds {
			t.Run(fmt.Sprintf("%s/%d", name, seed), func(t *testing.T) {
				previewIsTheDecision(t, name, uint64(seed), steps)
			})
		}
	}
}

func previewIsTheDecision(t *testing.T, name string, seed uint64, steps int) {
	s, err := Open(bundledFight(t, name), filepath.Join(t.TempDir(), "p.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := rand.New(rand.NewPCG(seed, 7))
	st := s.State()
	player := seat(st)
	moves, allowed := 0, 0
	for i := 0; i < steps; i++ {
		st := s.State()
		judge := r.IntN(3) > 0
		who := player
		if judge {
			who = nil
		}
		c := randomCommand(r, st, judge)
		if c.Kind == CommandUndo || c.Kind == CommandRedo {
			continue
		}
		if r.IntN(3) == 0 && len(st.Order) > 0 { // more moves: the overlay's part
			id := st.Order[r.IntN(len(st.Order))]
			to := st.Figures[id].At.Add(hexmap.Hex{Q: r.IntN(13) - 6, R: r.IntN(13) - 6})
			c, who = Command{Kind: CommandMove, Figure: id, To: &to}, nil
		}
		if c.Kind == CommandMove && r.IntN(2) == 0 {
			c.Run = false // most moves the overlay prices: walking
		}
		if len(c.Dice) == 0 && r.IntN(3) == 0 {
			for range 30 {
				c.Dice = append(c.Dice, 1+r.IntN(6))
			}
		}
		key := stateKey(t, st)
		p := st.Preview(who, c)
		if got := stateKey(t, st); got != key {
			t.Fatalf("step %d: previewing %+v changed the state:\n%s", i, c, firstDiff(got, key))
		}
		var area MoveArea
		var areaErr error
		if c.Kind == CommandMove && !c.Run {
			area, areaErr = st.Reach(c.Figure, false)
		}
		_, explainErr := st.Explain(c)
		events, err := s.DoAs(who, c)
		if errors.Is(err, ErrInternal) {
			t.Fatalf("step %d: %+v: %v", i, c, err)
		}
		switch {
		case p.Err != nil:
			if err == nil || err.Error() != p.Err.Error() {
				t.Fatalf("step %d: %+v: the preview refuses (%v), Do says %v", i, c, p.Err, err)
			}
		case p.Events != nil:
			if err != nil {
				t.Fatalf("step %d: %+v: the preview allows it (%s), Do refuses: %v", i, c, p.Text(), err)
			}
			if !sameEvents(p.Events, events) {
				t.Fatalf("step %d: %+v: the preview makes\n%+v\nDo makes\n%+v", i, c, p.Events, events)
			}
		}
		// The console's "Before the dice" refuses what Do refuses: no
		// command is refused after the session's secret rolls (not even a
		// run whose running die comes up short).
		if who == nil && (explainErr != nil) != (err != nil) {
			t.Errorf("step %d: %+v: the console's explanation says %v, Do says %v", i, c, explainErr, err)
		}
		if c.Kind == CommandMove && !c.Run && c.Jump == nil && c.To != nil && who == nil { // the overlay prices plain moves
			if _, ok := st.Figures[c.Figure]; !ok {
				continue
			}
			moves++
			if err == nil {
				allowed++
			}
			_, in := area.Costs[*c.To]
			if in != (err == nil) {
				t.Fatalf("step %d: %s to %s: in the overlay: %v (%v); Do: %v", i, c.Figure, st.Map.Label(*c.To), in, areaErr, err)
			}
			if in && len(events) > 0 && events[0].Met != "" {
				// The ambush: the overlay priced the move as the mover's
				// side knows the ground; it stopped short of a figure the
				// side did not see, beside it, and cost no more.
				e, before := events[0], st.Figures[c.Figure]
				if met, ok := st.Figures[e.Met]; !ok || e.To.DistanceTo(met.At) != 1 || e.To == *c.To {
					t.Fatalf("step %d: %s to %s stopped at %s, having met %q", i, c.Figure, st.Map.Label(*c.To), st.Map.Label(e.To), e.Met)
				}
				if spent := max(before.AP-e.APLeft, e.Paced-before.Paced); spent > area.Costs[*c.To] {
					t.Fatalf("step %d: %s to %s, stopped short, spent %d; the overlay priced the whole move %d", i, c.Figure, st.Map.Label(*c.To), spent, area.Costs[*c.To])
				}
				continue
			}
			if in && area.Cost(*c.To) != p.Cost() {
				t.Fatalf("step %d: %s to %s: the overlay says %q, the preview %q", i, c.Figure, st.Map.Label(*c.To), area.Cost(*c.To), p.Cost())
			}
		}
	}
	if moves == 0 || allowed == 0 || allowed == moves {
		t.Errorf("the Judge's moves: %d tried, %d carried out; want some of each", moves, allowed)
	}
}

// sameEvents compares what two deciders made, leaving out what the
// session stamps on writing (number, time, command).
func sameEvents(a, b []Event) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		x.Seq, x.Cmd, x.Time = 0, 0, time.Time{}
		y.Seq, y.Cmd, y.Time = 0, 0, time.Time{}
		if !reflect.DeepEqual(x, y) {
			return false
		}
	}
	return true
}
