package session_test

// The session's tests that need its transport too: they sit outside the
// package (the transport imports the session), and reach the package's
// own test helpers through export_test.go.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	. "hexslinger/app/session"
	. "hexslinger/app/session/transport"
	"hexslinger/hexmap"
)

var (
	open          = OpenDemo
	bundledFight  = BundledFight
	bundledNames  = BundledNames
	randomCommand = RandomCommand
	secretWords   = SecretWords
	seatSecrets   = SeatSecretWords
	leaks         = Leaks
	seat          = PlayersSeat
	seatMapSide   = SeatMapSide
)

// TestPlayersNeverSeeHiddenFigures: for random fights in every system and
// random commands from the Judge and a player, with figures hidden and
// revealed at random, no message to the player's connection — events,
// welcomes, results, refusals, highlights — names a figure hidden
// throughout that step, by id, name or character: hidden by the Judge, or
// in the fog of war (of another side, where none of the seat's sides'
// figures sees: moves, doors, map edits, downed figures and undos change
// it). And the player's copy of the fight, folded from what it got, holds
// the map as its side knows it (State.KnownMap) after every step.
func TestPlayersNeverSeeHiddenFigures(t *testing.T) {
	steps, seeds := 150, 3
	if testing.Short() {
		steps, seeds = 40, 1
	}
	for _, name := range bundledNames() {
		for seed := 1; seed <= seeds; seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", name, seed), func(t *testing.T) {
				s, err := Open(bundledFight(t, name), filepath.Join(t.TempDir(), "l.journal.jsonl"))
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				st := s.State()
				posse := seat(st).Owned(st)
				access := NewAccess("judge")
				seat := access.AddPlayer("Alice", posse)
				sv, err := Serve(s, "127.0.0.1:0", access, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer sv.Close()
				ctx := t.Context()
				cl, welcome, err := Dial(ctx, sv.URL(), seat.Token())
				if err != nil {
					t.Fatal(err)
				}
				defer cl.Close()
				if data, _ := json.Marshal(welcome); len(leaks(data, seatSecrets(st, st, seat))) > 0 {
					t.Fatalf("the welcome names a hidden figure")
				}
				// A player's window folds its welcome as the board does,
				// in every system (the sheets it does not command keep
				// their system's numbers, so they open).
				fold, err := NewFold(welcome)
				if err != nil {
					t.Fatalf("the player's welcome does not fold: %v", err)
				}
				take := func(m Message) {
					if fold == nil {
						return
					}
					var err error
					switch {
					case m.Type == MsgWelcome:
						fold, err = NewFold(m.Events)
					case m.Type == MsgEvent && m.Event != nil:
						err = fold.Add(*m.Event)
					}
					if err != nil {
						t.Fatalf("the player's fold: %v", err)
					}
				}
				rng := rand.New(rand.NewPCG(uint64(seed), 7))
				// Hide a figure of each side first, so that there is
				// something to leak from the start.
				for _, id := range st.Order {
					if rng.IntN(2) == 0 {
						s.Do(Command{Kind: CommandHide, Figure: id})
					}
				}
				// Take what those sent (from before the figures were hidden).
				if err := cl.SendID(ctx, "start", Command{Kind: CommandTurn, Figure: "nobody", Turn: 1}); err != nil {
					t.Fatal(err)
				}
				for {
					m, err := cl.Read(ctx)
					if err != nil {
						t.Fatal(err)
					}
					take(m)
					if m.Type == MsgResult && m.ID == "start" {
						break
					}
				}
				for i := 0; i < steps; i++ {
					before := s.State()
					judge := rng.IntN(3) > 0
					c := randomCommand(rng, before, judge)
					if judge {
						s.Do(c)
						if rng.IntN(8) == 0 {
							s.Highlight(before.Order)
						}
					} else if err := cl.SendID(ctx, fmt.Sprintf("p%d", i), c); err != nil {
						t.Fatal(err)
					}
					// A marker: its result comes after every event before it.
					mark := fmt.Sprintf("mark%d", i)
					if err := cl.SendID(ctx, mark, Command{Kind: CommandTurn, Figure: "nobody", Turn: 1}); err != nil {
						t.Fatal(err)
					}
					// The player's command is done once the marker's
					// result is in: read up to it, then judge.
					var got []Message
					for {
						m, err := cl.Read(ctx)
						if err != nil {
							t.Fatalf("step %d: %v", i, err)
						}
						got = append(got, m)
						take(m)
						if m.Type == MsgResult && m.ID == mark {
							break
						}
					}
					after := s.State()
					if fold != nil {
						if got, want := mapKey(t, fold.State.Map), mapKey(t, after.KnownMap(seatMapSide(seat, after))); got != want {
							t.Fatalf("step %d (%s by the %s): the player's map is not its side's known map:\n%s",
								i, c.Kind, map[bool]string{true: "Judge", false: "player"}[judge], firstDiff(got, want))
						}
					}
					words := seatSecrets(before, after, seat)
					for _, m := range got {
						data, _ := json.Marshal(m)
						// The fight's own name may hold a figure's (Sir
						// Rolf and Squire Lennox): it is no secret.
						data = bytes.ReplaceAll(data, []byte(st.Name), nil)
						if found := leaks(data, words); len(found) > 0 {
							t.Fatalf("step %d (%s by the %s): the player got %s naming hidden %v:\n%.600s",
								i, c.Kind, map[bool]string{true: "Judge", false: "player"}[judge], m.Type, found, data)
						}
					}
				}
			})
		}
	}
}

// A player's refusal for a hidden figure's id is the refusal for an id
// no figure has: probing ids finds nothing.
func TestHiddenIdsAnswerAsUnknown(t *testing.T) {
	s := open(t)
	if _, err := s.Do(Command{Kind: CommandHide, Figure: "jeb"}); err != nil {
		t.Fatal(err)
	}
	access := NewAccess("judge")
	seat := access.AddPlayer("Alice", []string{"cyril"})
	sv, err := Serve(s, "127.0.0.1:0", access, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sv.Close()
	cl, _, err := Dial(t.Context(), sv.URL(), seat.Token())
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	n := 0
	ask := func(c Command) string {
		n++
		id := fmt.Sprintf("q%d", n)
		if err := cl.SendID(t.Context(), id, c); err != nil {
			t.Fatal(err)
		}
		for {
			m, err := cl.Read(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if m.Type == MsgResult && m.ID == id {
				return m.Error
			}
		}
	}
	for _, tc := range []struct {
		name             string
		hidden, nobody   Command
		mustNotMentionID string
	}{
		{"as the actor", Command{Kind: CommandMove, Figure: "jeb", To: &hexmap.Hex{}}, Command{Kind: CommandMove, Figure: "ghost", To: &hexmap.Hex{}}, "jeb"},
		{"as a shot's target", Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: []ShotOrder{{Target: "jeb", Kind: "snap"}}},
			Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: []ShotOrder{{Target: "ghost", Kind: "snap"}}}, "jeb"},
		{"as a blow's target", Command{Kind: CommandMelee, Figure: "cyril", Blow: &BlowOrder{Target: "jeb", Attack: "quick"}},
			Command{Kind: CommandMelee, Figure: "cyril", Blow: &BlowOrder{Target: "ghost", Attack: "quick"}}, "jeb"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, n := ask(tc.hidden), ask(tc.nobody)
			if h != n || strings.Contains(h, tc.mustNotMentionID) || strings.Contains(h, "Jeb") {
				t.Errorf("hidden: %q; unknown: %q", h, n)
			}
		})
	}
}

// mapKey is the whole of a map, for comparing two.
func mapKey(t *testing.T, m *hexmap.Map) string {
	t.Helper()
	data, err := json.Marshal(m.File())
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func firstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	lo := max(0, i-80)
	return fmt.Sprintf("got  …%.200s\nwant …%.200s", got[lo:], want[lo:])
}

// A player's seat keeps the map as its side last saw it, over the wire: a
// door worked out of the posse's sight does not reach the posse's table
// (its folded map keeps the door shut) until a posse figure sees it again
// (the saloon's front door opens on it: a fresh welcome).
func TestADoorWorkedOutOfSightReachesTheSeatOnlyWhenSeen(t *testing.T) {
	s := open(t)
	st := s.State()
	at := func(label string) hexmap.Hex {
		h, err := st.Map.ParseHex(label)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	door := func(from, to string, open bool) Command {
		d, ok := at(from).DirectionTo(at(to))
		if !ok {
			t.Fatalf("%s is not next to %s", to, from)
		}
		h := at(from)
		return Command{Kind: CommandDoor, To: &h, Side: int(d), Open: open}
	}
	do := func(c Command) {
		t.Helper()
		if _, err := s.Do(c); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
	}
	// A shut door inside the saloon, between G4 and G3, put there while
	// the saloon is shut.
	g4 := st.Map.CellAt(at("G4"))
	up, _ := at("G4").DirectionTo(at("G3"))
	g4.Edges[up] = &hexmap.FileFeature{Kind: "door"}
	if fog := st.FogOf("posse"); fog.At(at("G4")) != FogDark || fog.At(at("G3")) != FogDark {
		t.Fatal("the posse sees into the shut saloon")
	}
	do(Command{Kind: CommandEditMap, Cells: []hexmap.Cell{g4}})

	access := NewAccess("judge")
	table := access.AddSide("Table", "posse")
	sv, err := Serve(s, "127.0.0.1:0", access, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sv.Close()
	cl, welcome, err := Dial(t.Context(), sv.URL(), table.Token())
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	fold, err := NewFold(welcome)
	if err != nil {
		t.Fatal(err)
	}
	marks := 0
	// sync reads what the table got up to now, folding it.
	sync := func() (events []Event, welcomes int) {
		t.Helper()
		marks++
		mark := fmt.Sprintf("mark%d", marks)
		if err := cl.SendID(t.Context(), mark, Command{Kind: CommandTurn, Figure: "nobody", Turn: 1}); err != nil {
			t.Fatal(err)
		}
		for {
			m, err := cl.Read(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			switch m.Type {
			case MsgWelcome:
				welcomes++
				if fold, err = NewFold(m.Events); err != nil {
					t.Fatal(err)
				}
			case MsgEvent:
				events = append(events, *m.Event)
				if err := fold.Add(*m.Event); err != nil {
					t.Fatal(err)
				}
			case MsgResult:
				if m.ID == mark {
					return events, welcomes
				}
			}
		}
	}
	innerOpen := func() (there, open bool) {
		f, ok := fold.State.Map.EdgeFeature(at("G4"), up)
		return ok && f.Kind == "door", f.Open
	}
	if there, _ := innerOpen(); there {
		t.Fatal("the table's welcome shows the door put in out of sight")
	}
	steps := []struct {
		name          string
		c             Command
		there, open   bool
		fresh, events bool
	}{
		{"the front door opens on the new door: a fresh view", door("G5", "G4", true), true, false, true, false},
		{"the front door shuts", door("G5", "G4", false), true, false, false, true},
		{"the inner door opens out of sight: nothing reaches the table", door("G4", "G3", true), true, false, false, false},
		{"the front door opens on it: a fresh view with the inner door open", door("G5", "G4", true), true, true, true, false},
	}
	for _, step := range steps {
		do(step.c)
		events, welcomes := sync()
		there, open := innerOpen()
		if there != step.there || open != step.open || (welcomes > 0) != step.fresh || (len(events) > 0) != step.events {
			t.Errorf("%s: the table's inner door there %v open %v (want %v %v); %d welcomes, %d events",
				step.name, there, open, step.there, step.open, welcomes, len(events))
		}
		if got, want := mapKey(t, fold.State.Map), mapKey(t, s.State().KnownMap("posse")); got != want {
			t.Errorf("%s: the table's map is not the posse's known map:\n%s", step.name, firstDiff(got, want))
		}
	}
}
