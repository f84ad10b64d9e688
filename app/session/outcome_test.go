package session

import (
	"strings"
	"testing"

	"hexslinger/rules"
)

// TestOutcomeSaysTheHit: Cyril's Schofield puts two wounds in Zeke's head
// (the 3 of hearts); the event says so in short for the map window: a hit,
// the head, the wounds and the Conc.
func TestOutcomeSaysTheHit(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	mustDo(t, s, Command{Kind: CommandCock, Figure: "cyril", Weapon: "schofield"})
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield",
		Shots: []ShotOrder{{Target: "zeke", Kind: "normal"}}, Dice: []int{9, 2, 1, 1, 1, 1}, Cards: []string{"3H"}})
	if len(e.Outcomes) != 1 {
		t.Fatalf("outcomes %+v, want one for Zeke", e.Outcomes)
	}
	o := e.Outcomes[0]
	if o.Target != "zeke" || !o.Hit || o.Location != string(rules.Head) || !strings.HasPrefix(o.Damage, "2 wounds,") || !strings.Contains(o.Damage, "Conc") {
		t.Errorf("outcome %+v, want a hit on Zeke's head with 2 wounds and Conc", o)
	}
	if got := o.Short(); !strings.HasPrefix(got, "HIT head — 2 wounds, ") {
		t.Errorf("short %q, want it to open with the hit, the head and the wounds", got)
	}
}

// TestOutcomeSaysTheMiss: a shot whose dice all fail misses, and says so,
// with no damage.
func TestOutcomeSaysTheMiss(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	mustDo(t, s, Command{Kind: CommandCock, Figure: "cyril", Weapon: "schofield"})
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield",
		Shots: []ShotOrder{{Target: "zeke", Kind: "normal"}}, Dice: []int{1, 1, 1, 1, 1, 1}, Cards: []string{"3H"}})
	if len(e.Outcomes) != 1 || e.Outcomes[0].Hit || e.Outcomes[0].Damage != "" || e.Outcomes[0].Short() != "MISS" {
		t.Errorf("outcomes %+v, want one miss on Zeke", e.Outcomes)
	}
}

// TestEveryAttackHasOutcomes has every figure of every system's bundled
// fight shoot and strike at every other, round after round: each attack's
// event says, for every figure it was at, a hit or a miss; a miss does no
// damage; and every system's fight shows both (with a seed fixed, that
// each fight's dice are the same every run).
func TestEveryAttackHasOutcomes(t *testing.T) {
	for _, name := range bundledNames() {
		t.Run(name, func(t *testing.T) {
			f := bundledFight(t, name)
			f.Options.Seed = new(uint64(1))
			s := openFile(t, f)
			hits, misses := 0, 0
			check := func(before *State, events []Event) {
				for _, e := range events {
					if e.Kind != EventActed || len(e.Targets) == 0 {
						continue
					}
					said := map[string]Outcome{}
					for _, o := range e.Outcomes {
						said[o.Target] = o
					}
					for _, id := range e.Targets {
						o, ok := said[id]
						switch {
						case !ok:
							t.Fatalf("%s: no outcome for %s: %+v", e.Text, id, e.Outcomes)
						case o.Hit:
							hits++
						case o.Damage != "":
							t.Errorf("%s: a miss with damage: %+v", e.Text, o)
						default:
							misses++
						}
					}
				}
			}
			for round := 0; round < 8 && (hits == 0 || misses == 0); round++ {
				if _, err := s.Do(Command{Kind: CommandNewRound}); err != nil {
					t.Fatal(err)
				}
				for seg := 0; seg < 20; seg++ {
					for _, a := range s.State().Order {
						for _, b := range s.State().Order {
							st := s.State()
							fa, fb := st.Figures[a], st.Figures[b]
							if a == b || fa.Side == fb.Side || (st.Turn().Segments && !st.MayAct(a)) {
								continue
							}
							weapon := ""
							if len(fa.Gear) > 0 {
								weapon = fa.Gear[0].Weapon
							}
							for _, c := range []Command{
								{Kind: CommandShoot, Figure: a, Weapon: weapon, Shots: []ShotOrder{{Target: b, Kind: "normal"}}},
								{Kind: CommandStrike, Figure: a, Target: b},
							} {
								if ev, err := s.Do(c); err == nil {
									check(st, ev)
								}
							}
						}
					}
					if _, err := s.Do(Command{Kind: CommandSegment}); err != nil {
						break // a system without segments, or the round's last
					}
				}
			}
			if hits == 0 || misses == 0 {
				t.Errorf("%d hits, %d misses in %s", hits, misses, name)
			}
		})
	}
}

// TestInterruptWarnsBeforeTheNumber: at segment 20 Cyril (8) would shoot
// 12 segments early; State.Interrupt says so with its 12 downgrades, and
// the composer's explanation opens with the same words. At her number
// Miranda is warned of nothing.
func TestInterruptWarnsBeforeTheNumber(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	shot := Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: []ShotOrder{{Target: "zeke", Kind: "snap"}}}
	w := s.State().Interrupt("cyril")
	if !strings.Contains(w, "interrupt, 12 downgrades") {
		t.Errorf("Cyril's warning %q, want an interrupt with 12 downgrades", w)
	}
	if text, err := s.State().Explain(shot); err != nil || !strings.HasPrefix(text, w) {
		t.Errorf("the explanation (%v) does not open with the warning: %s", err, text)
	}
	countDownTo(t, s, "miranda")
	if w := s.State().Interrupt("miranda"); w != "" {
		t.Errorf("at her number Miranda is warned: %q", w)
	}
}
