package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"hexslinger/assets"
	"hexslinger/hexmap"
	"hexslinger/rules"
	"hexslinger/rules/fudge"
)

// testSystem is a rule system written in a test file of its own
// (madeup_test.go), registered from that file's init: the fight it offers
// every test that plays each system, and the kinds of command of its own
// that random commands draw in its fights.
type testSystem struct {
	fight func(t testing.TB) *FightFile
	kinds []string
}

// testSystems are the test files' systems, by their fight's name (their
// system's id).
var testSystems = map[string]testSystem{}

// bundledFight decodes one of the bundled fights by name, or makes a test
// system's fight.
func bundledFight(t testing.TB, name string) *FightFile {
	t.Helper()
	if ts, ok := testSystems[name]; ok {
		return ts.fight(t)
	}
	f, err := DecodeFight(bytes.NewReader(assets.Fights()[name]))
	if err != nil {
		t.Fatalf("bundled fight %s: %v", name, err)
	}
	return f
}

// openBundled opens bundled fight name (openFile).
func openBundled(t testing.TB, name string) *Session {
	t.Helper()
	return openFile(t, bundledFight(t, name))
}

// openFile opens fight f in a session with a journal of its own in the
// test's temporary folder, closed when the test ends.
func openFile(t testing.TB, f *FightFile) *Session {
	t.Helper()
	s, err := Open(f, filepath.Join(t.TempDir(), "fight.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// bundledNames are the bundled fights (every system, and TWTW with Lead
// and Chrome's Quick-Draw) and the test systems' fights: every fight the
// tests that play each system play (TestEverySystemHasAFightToPlay).
func bundledNames() []string {
	var names []string
	for n := range assets.Fights() {
		names = append(names, n)
	}
	for n := range testSystems {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// chooser draws from a random source: a generator, or a fuzzer's bytes.
type chooser interface {
	IntN(n int) int
}

// byteChooser draws from a fuzzer's bytes, then zeros.
type byteChooser struct{ data []byte }

func (b *byteChooser) IntN(n int) int {
	if n <= 1 {
		return 0
	}
	var v int
	for i := 0; i < 2; i++ {
		v <<= 8
		if len(b.data) > 0 {
			v |= int(b.data[0])
			b.data = b.data[1:]
		}
	}
	return v % n
}

// pick returns one of xs.
func pick[T any](r chooser, xs []T) T { return xs[r.IntN(len(xs))] }

// randomCommand makes a command of any kind any system takes, legal or
// not, with figures in view and hidden among its actors and targets:
// what the property tests and fuzzers throw at a session.
func randomCommand(r chooser, st *State, judge bool) Command {
	ids := append([]string{"nobody"}, st.Order...)
	fig := func() string { return pick(r, ids) }
	near := func(id string) *hexmap.Hex {
		h := hexmap.Hex{Q: r.IntN(st.Map.Width), R: r.IntN(st.Map.Height)}
		if f, ok := st.Figures[id]; ok && r.IntN(3) > 0 {
			h = f.At.Add(hexmap.Hex{Q: r.IntN(7) - 3, R: r.IntN(7) - 3})
		}
		return &h
	}
	weapon := func(id string) string {
		if f, ok := st.Figures[id]; ok && len(f.Gear) > 0 && r.IntN(4) > 0 {
			return pick(r, f.Gear).Weapon
		}
		return pick(r, []string{"schofield", "winchester", "knife", "dynamite", "bow"})
	}
	kinds := []string{CommandMove, CommandMove, CommandMove, CommandTurn, CommandTurn, CommandReady, CommandCock,
		CommandProne, CommandDuck, CommandShoot, CommandShoot, CommandMelee, CommandMelee, CommandRecover,
		CommandDoor, CommandStrike, CommandStrike, CommandDefend, CommandDefend, CommandReload, CommandPickUp, CommandRide, CommandRide}
	kinds = append(kinds, CommandBenny) // Savage Worlds: any figure, Shaken or not
	if judge {
		kinds = append(kinds, CommandNewRound, CommandNewRound, CommandSegment, CommandSegment, CommandSegment,
			CommandHide, CommandReveal, CommandHide, CommandReveal, CommandUndo, CommandRedo,
			CommandSetCharacter, CommandRemoveCharacter, CommandPlace, CommandRemoveFigure, CommandSetOptions, CommandEditMap,
			CommandMount, CommandMount, CommandMount)
	}
	fudgeFight := fudgeModulesOf(st.Options) != nil // kept apart: the other fights' sequences stay as they were
	if judge && fudgeFight {                        // the Judge's Fudge commands (Combat Options 3.2, 4.3)
		kinds = append(kinds, CommandTreat, CommandGrant)
	}
	if ts, ok := testSystems[st.Rules]; ok { // a test system's own commands
		kinds = append(kinds, ts.kinds...)
	}
	c := Command{Kind: pick(r, kinds), Figure: fig()}
	switch c.Kind {
	case CommandMove:
		c.To, c.Run = near(c.Figure), r.IntN(4) == 0
	case CommandTurn:
		c.Turn = pick(r, []int{-3, -2, -1, 1, 2, 3, 1, -1, 0, 4, math.MinInt64, math.MaxInt64})
	case CommandReady, CommandCock:
		c.Weapon = weapon(c.Figure)
	case CommandProne:
		c.Prone = r.IntN(2) == 0
	case CommandDuck:
		c.Duck = r.IntN(2) == 0
	case CommandShoot:
		c.Weapon = weapon(c.Figure)
		for n := 1 + r.IntN(2); n > 0; n-- {
			c.Shots = append(c.Shots, ShotOrder{Target: fig(), Kind: pick(r, []string{"snap", "normal", "aimed", "fan"}), Aims: r.IntN(2)})
		}
	case CommandMelee:
		c.Blow = &BlowOrder{Target: fig(), Attack: pick(r, []string{"quick", "heavy", "feint", "grapple"}),
			Careful: r.IntN(3) == 0, Defense: pick(r, []string{"", "block", "dodge"})}
	case CommandDoor:
		c.To, c.Side, c.Open = near(c.Figure), r.IntN(6), r.IntN(2) == 0
	case CommandDefend:
		if p := st.Pending; p != nil && r.IntN(4) > 0 {
			c.Figure = p.Target()
		}
		c.Defense = pick(r, []string{"", "none", "block", "dodge", "parry"})
	case CommandReload, CommandPickUp:
		c.Weapon = weapon(c.Figure)
		c.Speed = c.Kind == CommandReload && r.IntN(2) == 0
	case CommandMount:
		if r.IntN(6) > 0 { // else a dismount
			c.Mount = &MountOrder{Pace: pick(r, []int{6, 10, 12, 20, 20, 0, -1, 500}), Gallop: pick(r, []int{0, 0, 0, 0, 30, 3})}
		}
	case CommandRide:
		for _, id := range st.Order { // a rider, most often
			if st.Figures[id].Mount != nil && r.IntN(4) > 0 {
				c.Figure = id
			}
		}
		if r.IntN(5) > 0 {
			c.To = near(c.Figure)
		}
		c.Run, c.Paces = r.IntN(3) == 0, pick(r, []int{0, 0, 5, 12, 25, -2})
	case CommandStrike:
		c.Target, c.Stance, c.Riposte = fig(), pick(r, []string{"", "full", "aggressive"}), r.IntN(4) == 0
		if judge && fudgeFight && r.IntN(4) == 0 { // the Judge's word on a Fudge shield check
			c.Fudge = &FudgeOrder{ShieldLost: r.IntN(2) == 0, ShieldModifier: r.IntN(11) - 5}
		}
	case CommandTreat:
		c.Fudge = &FudgeOrder{Healer: pick(r, []fudge.Level{fudge.Poor, fudge.Fair, fudge.Great, 9}), Worsen: r.IntN(2) == 0}
	case CommandGrant:
		c.Fudge = &FudgeOrder{Ruling: pick(r, append([]string{"nothing"}, FudgeRulings...)), Boxes: r.IntN(3)}
	case CommandNewRound, CommandSegment, CommandUndo, CommandRedo:
		c.Figure = ""
	case CommandSetCharacter:
		var ch Character
		for _, id := range sortedKeys(st.Characters) {
			ch = st.Characters[id].Clone()
			if r.IntN(2) == 0 {
				break
			}
		}
		if r.IntN(2) == 0 {
			ch.ID, ch.Name = fmt.Sprintf("extra-%d", r.IntN(3)), fmt.Sprintf("Extra Hand %d", r.IntN(3))
		}
		ch.Notes = "changed"
		c.Sheet, c.Figure = &ch, ""
	case CommandRemoveCharacter:
		c.Character, c.Figure = pick(r, append(sortedKeys(st.Characters), "extra-1")), ""
	case CommandPlace:
		chars := sortedKeys(st.Characters)
		if len(chars) > 0 {
			c.Place = []FigureSpec{{ID: fmt.Sprintf("placed-%d", r.IntN(4)), Character: pick(r, chars),
				Side: pick(r, []string{"posse", "outlaws"}), At: st.Map.Label(*near("")), Facing: "E", Hidden: r.IntN(2) == 0}}
		}
		c.Figure = ""
	case CommandSetOptions:
		o := st.Options
		seed := uint64(r.IntN(1000))
		o.Seed = &seed
		o.PlayerDice = seed%2 == 0 // no draw of its own: the sequences stay as they were
		setLC(&o, func(l *LeadChromeOptions) { l.QuickDraw = r.IntN(2) == 0 })
		c.Options, c.Figure = &o, ""
	case CommandEditMap:
		h := *near("")
		if st.Map.Contains(h) {
			cell := st.Map.CellAt(h)
			cell.Terrain = pick(r, []string{"dirt", "grass", "mud", "water"})
			cell.Elevation = r.IntN(3)
			c.Cells = []hexmap.Cell{cell}
		}
		c.Figure = ""
	}
	if c.Kind == CommandMove && r.IntN(8) == 0 { // a jump: Savage Worlds', refused elsewhere
		c.Jump = &JumpOrder{Athletics: r.IntN(2) == 0}
	}
	return c
}

// stateKey is the whole of a state, for comparing two: every figure,
// sheet, option, the map, the round and segment, and what each system
// keeps between commands.
func stateKey(t testing.TB, st *State) string {
	t.Helper()
	snap := st.Snapshot(nil)
	parts := map[string]any{} // each system's part of the state, by its name
	for _, spec := range partsOf[statePart].specs {
		if v, ok := st.Parts.m[spec.typ]; ok {
			parts[spec.name] = v
		}
	}
	extra := struct {
		Snap  *FightFile
		Parts map[string]any
	}{snap, parts}
	data, err := json.Marshal(extra)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// secretWords are the words naming the figures hidden in both before and
// after (hidden throughout a step): their ids, quoted as JSON writes them,
// and their names and characters' ids unless a figure in view shares them.
func secretWords(before, after *State) []string {
	return seatSecretWords(before, after, nil)
}

// seatSecretWords are secretWords for a player's seat, whose fog of war
// hides too (nil: the Judge's hiding only): a figure of another side in
// no hex of the seat's sides' FogOf(side).Seen, asked of the state anew.
func seatSecretWords(before, after *State, seat *Seat) []string {
	hidden := func(st *State, id string) bool {
		f := st.Figures[id]
		if f.Hidden || seat == nil || !st.Options.FogOn() {
			return f.Hidden
		}
		sides := seatSides(seat, st)
		if slices.Contains(sides, f.Side) {
			return false
		}
		for _, side := range sides {
			if st.FogOf(side).Seen.Has(f.At) {
				return false
			}
		}
		return true
	}
	shown := map[string]bool{}
	var truths []string // the true names of copies in view told otherwise
	for _, st := range []*State{before, after} {
		// The copies of a sheet in view are told numbered among
		// themselves, in the order of their true numbers.
		byChar := map[string][]int{}
		for _, id := range st.Order {
			if f := st.Figures[id]; !hidden(st, id) {
				byChar[f.Character] = append(byChar[f.Character], max(f.Number, 1))
			}
		}
		for _, id := range st.Order {
			if f := st.Figures[id]; !hidden(st, id) {
				nums := slices.Compact(slices.Sorted(slices.Values(byChar[f.Character])))
				told := st.Characters[f.Character].Name
				if n := slices.Index(nums, max(f.Number, 1)) + 1; n > 1 {
					told += fmt.Sprintf(" %d", n)
				}
				shown[id], shown[f.Character], shown[told] = true, true, true
				if truth := st.FigureName(id); truth != told {
					truths = append(truths, truth)
				}
			}
		}
	}
	var words []string
	for _, w := range truths {
		if !shown[w] && !slices.Contains(words, w) {
			words = append(words, w)
		}
	}
	for _, id := range before.Order {
		f, g := before.Figures[id], after.Figures[id]
		if !hidden(before, id) || g == nil || !hidden(after, id) {
			continue
		}
		if !shown[id] {
			words = append(words, `"`+id+`"`)
		}
		if !shown[f.Character] {
			words = append(words, `"`+f.Character+`"`)
		}
		// A first copy's name is its sheet's, which a copy in view shows
		// ("Bandit 2" holds "Bandit"); a later copy's number is its own.
		if name := before.FigureName(id); !shown[name] && (!shown[f.Character] || name != before.Characters[f.Character].Name) {
			words = append(words, name)
		}
	}
	return words
}

// TestRandomFightsReplay: for every bundled fight, many seeds and
// commands of every kind (shots, melee, strikes, hides, roster and map
// edits, undo and redo), the journal reopens to the whole state, map and
// segment included, and a client's fold of the events agrees with it.
func TestRandomFightsReplay(t *testing.T) {
	steps, seeds := 250, 6
	if testing.Short() {
		// One seed, but the whole length: 60 steps carried out only 6 or 7
		// kinds of command in three systems, short of the 8 checked below.
		seeds = 1
	}
	for _, name := range bundledNames() {
		for seed := 1; seed <= seeds; seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", name, seed), func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "r.journal.jsonl")
				s, err := Open(bundledFight(t, name), path)
				if err != nil {
					t.Fatal(err)
				}
				past, events, cancel := s.Subscribe(1 << 16)
				defer cancel()
				rng := rand.New(rand.NewPCG(uint64(seed), 99))
				kinds := map[string]bool{}
				for i := 0; i < steps; i++ {
					c := randomCommand(rng, s.State(), true)
					if _, err := s.Do(c); err != nil {
						var ref *Refusal
						if !errors.As(err, &ref) {
							t.Fatalf("step %d, %+v: %v", i, c, err)
						}
						continue
					}
					kinds[c.Kind] = true
				}
				want := stateKey(t, s.State())
				cancel()
				fold, err := NewFold(past)
				if err != nil {
					t.Fatal(err)
				}
				for e := range events {
					if err := fold.Add(e); errors.Is(err, ErrResync) {
						fold, err = NewFold(s.Welcome(nil))
						if err != nil {
							t.Fatal(err)
						}
					} else if err != nil {
						t.Fatal(err)
					}
				}
				if got := stateKey(t, fold.State); got != want {
					t.Errorf("a client's fold differs from the session")
				}
				s.Close()
				s2, err := Open(bundledFight(t, name), path)
				if err != nil {
					t.Fatalf("reopen: %v", err)
				}
				defer s2.Close()
				if got := stateKey(t, s2.State()); got != want {
					t.Errorf("the journal reopens to another state:\n%s", firstDiff(got, want))
				}
				if len(kinds) < 8 {
					t.Errorf("only %d kinds of command were carried out: %v", len(kinds), kinds)
				}
			})
		}
	}
}

// leakChecker collects what a player's connection receives.
func leaks(data []byte, words []string) []string {
	var found []string
	for _, w := range words {
		if strings.Contains(string(data), w) {
			found = append(found, w)
		}
	}
	return found
}

// The table monitor's seat commands the players' side as it stands:
// never the Judge's figures, never a hidden one, and a figure of the side
// placed later.
func TestTableSeatCommandsThePlayersSide(t *testing.T) {
	s := open(t)
	a := NewAccess("judge")
	table := a.AddSide("Table", s.State().Options.Players())
	if got := s.Owned(table); !slices.Equal(got, []string{"cyril", "miranda"}) {
		t.Errorf("owned: %v", got)
	}
	for _, tc := range []struct {
		name    string
		c       Command
		wantErr bool
	}{
		{"a posse figure", Command{Kind: CommandTurn, Figure: "cyril", Turn: 1}, false},
		{"an outlaw", Command{Kind: CommandTurn, Figure: "zeke", Turn: 1}, true},
		{"undo", Command{Kind: CommandUndo}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.DoAs(table, tc.c)
			var forb *Forbidden
			if tc.wantErr != errors.As(err, &forb) {
				t.Errorf("DoAs: %v", err)
			}
		})
	}
	if _, err := s.Do(Command{Kind: CommandHide, Figure: "miranda"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DoAs(table, Command{Kind: CommandTurn, Figure: "miranda", Turn: 1}); err == nil {
		t.Errorf("the table commands a hidden figure")
	}
}

// firstDiff shows where two long strings part.
func firstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(0, i-200)
	return fmt.Sprintf(" got …%.400s\nwant …%.400s", got[from:], want[from:])
}

// seat is a seat of the players' side of st, as the table monitor's.
func seat(st *State) *Seat {
	return &Seat{Name: "Table", Role: RolePlayer, Side: st.Options.Players()}
}

// seatOutcome decides command c given by seat by (nil: the Judge) on a
// copy of st, as Session.DoAs does, with dice seeded alike every time,
// and says what seat is sent of it, as ForSeat projects it (a fresh
// view's snapshot when it resyncs) or the refusal as it reads it; and
// whether figure u is still out of seat's view after it.
func seatOutcome(t testing.TB, st *State, by, seat *Seat, c Command, u string) (got string, stillUnseen bool) {
	t.Helper()
	st = st.Clone()
	before := st.sightBase()
	sides := seatSides(seat, st)
	if err := authorize(by, st, c); err != nil {
		return "forbidden: " + before.sight(sides).text(err.Error()), true
	}
	events, err := decide(st, c, func(needs []need) (rules.Source, error) {
		return chooseDice(by, st, c, needs, func() (rules.Source, error) { return rules.NewSeeded(34, rules.Cards()), nil })
	})
	if err != nil {
		return "refused: " + before.sight(sides).text(err.Error()), true
	}
	for i := range events {
		events[i].Seq = i + 1
		if err := st.Apply(events[i]); err != nil {
			t.Fatalf("%+v: an event the state refuses: %v", c, err)
		}
	}
	b := st.sightBase()
	b.noteRefreshed(before, st, 1)
	v, was := b.sight(seatSides(seat, st)), before.sight(seatSides(seat, st))
	var out strings.Builder
	for _, e := range events {
		pe, send, resync := seatEvent(v, was, b, mapSide(seat, st), e)
		switch {
		case resync:
			data, _ := json.Marshal(st.Snapshot(seat))
			fmt.Fprintf(&out, "a fresh view: %s\n", data)
		case send:
			pe.Time = time.Time{}
			data, _ := json.Marshal(pe)
			fmt.Fprintf(&out, "%s\n", data)
		}
	}
	return out.String(), v.hidden[u]
}

// checkNoPlaceTells is the invariant that nothing a player is sent or
// refused tells where a figure it does not see stands: player seat's
// command c, given on st, and given on st with a figure out of its view
// moved to another hex out of its view, gets the seat the same answer,
// unless the figure comes into view (a move runs into it: the ambush).
// r picks the figure and the hex. The command is also tried with a foe
// out of view put beside its figure, where an unseen foe would count for
// most (engaged: a move breaking away from it), a move carefully and not,
// and with the AP for the move but not for disengaging carefully.
func checkNoPlaceTells(t testing.TB, st *State, seat *Seat, c Command, r chooser) {
	t.Helper()
	hidden := st.sightOf(seat).hidden
	var us []string
	for _, id := range st.Order {
		f := st.Figures[id]
		if !hidden[id] || f.Mount.moving() || slices.ContainsFunc(st.Holds, func(h Hold) bool { return h.By == id || h.Over == id }) ||
			st.Pending != nil || st.Opening != nil || dwRoundOf(st).Riposte != nil {
			continue // in a fight's or a mount's course: its place is part of it
		}
		us = append(us, id)
	}
	if len(us) == 0 {
		return
	}
	u := pick(r, us)
	other := st.Clone()
	moved := false
	for i := range 20 {
		h := st.Map.Orientation.FromOffset(hexmap.Offset{Col: r.IntN(st.Map.Width), Row: r.IntN(st.Map.Height)})
		if i == 0 && c.To != nil && r.IntN(2) == 0 {
			h = *c.To // where the command goes: the probe
		}
		if _, taken := other.FigureAt(h); taken || other.Map.CanStand(h) != nil {
			continue
		}
		other.Figures[u].At = h
		if other.sightOf(seat).hidden[u] {
			moved = true
			break
		}
	}
	if !moved {
		return
	}
	samePlayerOutcome(t, st, other, seat, c, u)
	// Beside the command's figure, where an unseen foe counts for most
	// (engaged: breaking away from it, carefully or not), when it stays
	// out of view there.
	f, ok := st.Figures[c.Figure]
	if !ok {
		return
	}
	if i := slices.IndexFunc(us, func(id string) bool { return st.Figures[id].Side != f.Side }); i >= 0 {
		u = us[i] // a foe, if one is out of view
	}
	for d := range 6 {
		h := f.At.Neighbor(hexmap.Direction(d))
		if _, taken := st.FigureAt(h); taken || !st.Map.Contains(h) || st.Map.CanStand(h) != nil {
			continue
		}
		beside := st.Clone()
		beside.Figures[u].At = h
		if !beside.sightOf(seat).hidden[u] {
			continue
		}
		samePlayerOutcome(t, st, beside, seat, c, u)
		if c.Kind != CommandMove || c.To == nil {
			return
		}
		careful := c
		careful.Careful = !c.Careful
		samePlayerOutcome(t, st, beside, seat, careful, u)
		// And with the AP for the move but not for disengaging carefully
		// (2 AP more): a refusal then would tell of an unseen foe beside.
		p, err := st.PlanMove(c.Figure, *c.To, c.Run)
		if err != nil || !SystemOf(st).MovesCostAP() {
			return
		}
		careful.Careful = true
		short := func(x *State) *State {
			x = x.Clone()
			g := x.Figures[c.Figure]
			g.AP = p.AP + 1
			x.Segment = min(x.Segment, g.AP) // its number has come up
			return x
		}
		samePlayerOutcome(t, short(st), short(beside), seat, careful, u)
		return
	}
}

// samePlayerOutcome checks that player seat's command c gets the seat the
// same answer on st and on other, where figure u, out of its view in
// both, stands elsewhere; unless u comes into view (checkNoPlaceTells).
func samePlayerOutcome(t testing.TB, st, other *State, seat *Seat, c Command, u string) {
	t.Helper()
	a, unseenA := seatOutcome(t, st, seat, seat, c, u)
	b, unseenB := seatOutcome(t, other, seat, seat, c, u)
	if unseenA && unseenB && a != b {
		t.Fatalf("%+v: with %s unseen at %s the player gets\n%s\nwith it unseen at %s\n%s",
			c, u, st.Map.Label(st.Figures[u].At), a, other.Map.Label(other.Figures[u].At), b)
	}
}

// checkQuietWhenUnseen is the invariant that a player's stream does not
// count or time what it does not see: a command whose figure is out of
// player seat's view before it and after it, that changes nothing of the
// seat's view (its welcome's snapshot is the same before and after) and
// whose events name no figure in the view (no shot or blow at one), sends
// the seat nothing, neither an event nor a fresh view; and a command that
// changes the seat's view sends it something, an event or a fresh view,
// so that its window is not left stale. before is the state the command
// was given on, events what it made.
func checkQuietWhenUnseen(t testing.TB, s *Session, before *State, seat *Seat, c Command, events []Event) {
	t.Helper()
	after := s.State()
	was, now := before.Snapshot(seat), after.Snapshot(seat)
	a, _ := json.Marshal(was)
	b, _ := json.Marshal(now)
	told, named := "", false
	inView := map[string]bool{}
	for _, st := range []*State{before, after} {
		for _, id := range st.Order {
			if !st.sightOf(seat).hidden[id] {
				inView[id] = true
			}
		}
	}
	for _, e := range events {
		out, send, resync := s.ForSeat(seat, e)
		switch {
		case resync:
			told += fmt.Sprintf("a fresh view for %s; ", e.Kind)
		case send:
			told += fmt.Sprintf("%s %q; ", e.Kind, out.Text)
		}
		data, _ := json.Marshal(e)
		for id := range inView {
			named = named || bytes.Contains(data, []byte(`"`+id+`"`))
		}
	}
	_, there := before.Figures[c.Figure]
	unseen := there && before.sightOf(seat).hidden[c.Figure] && (after.Figures[c.Figure] == nil || after.sightOf(seat).hidden[c.Figure])
	switch {
	case unseen && !named && bytes.Equal(a, b) && told != "":
		t.Fatalf("%+v: %s, unseen, touches nothing the player sees; the player is sent %s", c, c.Figure, told)
	case !bytes.Equal(a, b) && told == "":
		t.Fatalf("%+v: the player's view changes and the player is sent nothing:\n%s", c, firstDiff(string(b), string(a)))
	}
}

// TestNoAnswerTellsWhereAnUnseenFigureStands: random play of every
// bundled fight, the Judge's and the players' commands; each player's
// command is tried again with a figure out of its view moved elsewhere
// out of it (checkNoPlaceTells).
func TestNoAnswerTellsWhereAnUnseenFigureStands(t *testing.T) {
	steps, seeds := 150, 3
	if testing.Short() {
		steps, seeds = 40, 1
	}
	noSync(t)
	for _, name := range bundledNames() {
		for seed := range seeds {
			t.Run(fmt.Sprintf("%s/%d", name, seed), func(t *testing.T) {
				s := openBundled(t, name)
				r := rand.New(rand.NewPCG(uint64(seed), 34))
				st := s.State()
				player := &Seat{Name: "Alice", Role: RolePlayer, Figures: seat(st).Owned(st)}
				for range steps {
					st := s.State()
					judge := r.IntN(2) == 0
					c := randomCommand(r, st, judge)
					if !judge {
						checkNoPlaceTells(t, st, player, c, r)
					}
					by := player
					if judge {
						by = nil
					}
					events, err := s.DoAs(by, c)
					if errors.Is(err, ErrInternal) {
						t.Fatalf("%+v: %v", c, err)
					}
					if err == nil {
						checkQuietWhenUnseen(t, s, st, player, c, events)
					}
				}
			})
		}
	}
}

// TestEverySystemHasAFightToPlay: every registered system, a test file's
// too, has a fight among bundledNames, so that the tests that play each
// system (TestPreviewIsTheDecision, TestRandomFightsReplay, …) play it.
func TestEverySystemHasAFightToPlay(t *testing.T) {
	played := map[string]bool{}
	for _, name := range bundledNames() {
		played[bundledFight(t, name).Rules] = true
	}
	for _, id := range SystemIDs() {
		if !played[id] {
			t.Errorf("system %q has no fight among the bundled and test fights (%v): the tests that play every system never play it", id, bundledNames())
		}
	}
}
