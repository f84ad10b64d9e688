package session

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

var updateGolden = flag.Bool("update", false, "write the golden logs afresh")

// TestThreeRoundsOnMainStreet plays three rounds of the demo street
// through the session, with the table's dice typed in, and compares the
// log with a kept golden file a person can read
// (testdata/three-rounds.log; go test -run TestThreeRoundsOnMainStreet
// -update writes it afresh). It uses an interrupt, a wounded figure's
// smaller AP, a series with cocking, a fan, a thrown miss that lands and
// leaves the knife on the map, a shot through a wall that ablates it, a
// ducked target, a dodge, dominance and an escape, a weapon block and a
// reload. The players roll their own dice for their own figures' rolls
// (an escape); where a command rolls another figure's too (a shot's
// target's stun check, the blow a dodge answers), the Judge gives it with
// the table's dice.
func TestThreeRoundsOnMainStreet(t *testing.T) {
	f := demo(t)
	f.Options.TableDice, f.Options.PlayerDice = true, true
	s, err := Open(f, filepath.Join(t.TempDir(), "three.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	access := NewAccess(NewToken())
	ann := access.AddSide("Ann", "posse") // the players' seat: Cyril and Miranda
	play := &script{t: t, s: s}
	do := play.doAs
	judge := func(c Command) []Event { t.Helper(); return do(nil, c) }
	st := func() *State { return s.State() }
	hex := func(label string) hexmap.Hex { return hexAt(t, s, label) }
	// Dice: every die of a pool its top face (a sure hit), with a top face
	// again for the reroll; or all ones (a sure miss).
	top := func(p rules.Pool) []int {
		var d []int
		for range p.Count {
			d = append(d, p.Sides)
		}
		return append(d, p.Sides)
	}
	ones := func(n int) []int {
		d := make([]int, n)
		for i := range d {
			d[i] = 1
		}
		return d
	}
	// shrug is a stun check the figure passes: its Fortitude dice all top
	// faces.
	shrug := func(id string) []int {
		return top(st().Characters[st().Figures[id].Character].TraitPool("fortitude", true))
	}
	countTo := func(id string) {
		t.Helper()
		for st().Segment > st().Figures[id].AP {
			judge(Command{Kind: CommandSegment})
		}
	}
	newRound := func() {
		t.Helper()
		judge(Command{Kind: CommandNewRound, Dice: failingInitiative(st())})
	}

	// The Judge sets the scene: a fence at Zeke's west side to duck
	// behind, an adobe wall between Miranda and Jeb, and a Bowie knife in
	// Zeke's hand.
	u8 := st().Map.CellAt(hex("U8"))
	u8.Edges[3] = &hexmap.FileFeature{Kind: "fence"}
	g8 := st().Map.CellAt(hex("F7"))
	g8.Edges[1] = &hexmap.FileFeature{Kind: "wall"}
	judge(Command{Kind: CommandEditMap, Cells: []hexmap.Cell{u8, g8}})
	zeke := st().Characters["zeke"].Clone()
	zeke.Gear = append(zeke.Gear, rules.Carried{Weapon: "bowie-knife", Readied: true})
	judge(Command{Kind: CommandSetCharacter, Sheet: &zeke})
	judge(Command{Kind: CommandRemoveFigure, Figure: "zeke"})
	judge(Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "zeke", Character: "zeke", Side: "outlaws", At: "U8", Facing: "W"}}})

	// Round 1.
	newRound()
	countTo("miranda")
	// A fan from the holster: two snap shots at Zeke, both hitting.
	fan := []ShotOrder{{Target: "zeke", Kind: "fan"}, {Target: "zeke", Kind: "fan"}}
	plan, err := st().PlanShoot("miranda", "peacemaker", fan)
	if err != nil {
		t.Fatal(err)
	}
	judge(Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker", Shots: fan, Dice: concat(top(plan.Series.Pool), shrug("zeke"), shrug("zeke")), Cards: []string{"7C", "9C"}})
	// Jeb interrupts, two segments early, throwing his knife at Cyril: a
	// miss, and the knife lands.
	judge(Command{Kind: CommandShoot, Figure: "jeb", Weapon: "throwing-knife", Shots: []ShotOrder{{Target: "cyril", Kind: "normal"}}, Dice: ones(4), Cards: []string{"5S"}})
	countTo("zeke")
	judge(Command{Kind: CommandDuck, Figure: "zeke", Duck: true})
	countTo("cyril")
	do(ann, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	countTo("cyril")
	// A series with cocking: two snaps at the ducked Zeke, each cocked.
	snaps := []ShotOrder{{Target: "zeke", Kind: "snap"}, {Target: "zeke", Kind: "snap"}}
	plan, err = st().PlanShoot("cyril", "schofield", snaps)
	if err != nil {
		t.Fatal(err)
	}
	judge(Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: snaps, Dice: concat(top(plan.Series.Pool), shrug("zeke"), shrug("zeke")), Cards: []string{"3H", "4D"}})

	// Round 2: Zeke's wounds cost him AP.
	newRound()
	countTo("miranda")
	// Through the adobe wall at Jeb: a card whose penetration ablates it.
	shot := []ShotOrder{{Target: "jeb", Kind: "normal"}}
	plan, err = st().PlanShoot("miranda", "peacemaker", shot)
	if err != nil {
		t.Fatal(err)
	}
	judge(Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker", Shots: shot, Dice: concat(top(plan.Series.Pool), shrug("jeb")), Cards: []string{ablatingCard(t, plan)}})
	countTo("miranda")
	do(ann, Command{Kind: CommandReload, Figure: "miranda", Weapon: "peacemaker"})

	// Round 3, hand to hand: Jeb picks up his knife on the way and walks
	// up to Cyril; his grapple waits for Cyril's answer: a dodge, which the
	// Judge gives with the grapple's dice (the player's could not roll them). Miranda
	// walks up to Zeke, who emerged; Zeke blocks her punch with his knife.
	newRound()
	countTo("jeb")
	by := st().Figures["cyril"].At.Neighbor(hexmap.Direction(1))
	judge(Command{Kind: CommandMove, Figure: "jeb", To: &by})
	countTo("jeb")
	grapple := BlowOrder{Target: "cyril", Attack: "grapple", Dominance: ForDominance}
	d := judge(Command{Kind: CommandMelee, Figure: "jeb", Blow: &grapple})
	if d[0].Kind != EventBlowDeclared {
		t.Fatalf("Jeb's grapple did not wait for Cyril: %s", d[0].Text)
	}
	dodging := grapple
	dodging.Defense = DefenseDodge
	mp, err := st().PlanMelee("jeb", "", &dodging)
	if err != nil {
		t.Fatal(err)
	}
	judge(Command{Kind: CommandDefend, Figure: "cyril", Defense: DefenseDodge, Dice: top(mp.Pool), Cards: []string{"6S"}})
	// Held, Cyril escapes Jeb's grip.
	countTo("cyril")
	unarmed, _ := st().Characters["cyril"].SkillPool("unarmed")
	do(ann, Command{Kind: CommandEscape, Figure: "cyril", Dice: top(unarmed)})
	// Miranda runs up to Zeke's far side and feints, carefully; the Judge has
	// Zeke block with his knife.
	countTo("miranda")
	zekeAt := st().Figures["zeke"].At
	beside := zekeAt.Neighbor(hexmap.Direction(1))
	do(ann, Command{Kind: CommandMove, Figure: "miranda", To: &beside, Run: true})
	countTo("miranda")
	punch := &BlowOrder{Target: "zeke", Attack: "feint", Careful: true, Defense: DefenseBlock}
	mp, err = st().PlanMelee("miranda", "", punch)
	if err != nil {
		t.Fatal(err)
	}
	knife, _ := st().Characters["zeke"].SkillPool("melee")
	judge(Command{Kind: CommandMelee, Figure: "miranda", Blow: punch, Dice: concat(top(mp.Pool)[:mp.Pool.Count], []int{1}, top(knife)), Cards: []string{"8H"}})

	play.matches("three-rounds.log")
}

// concat joins dice.
func concat(ds ...[]int) []int {
	var out []int
	for _, d := range ds {
		out = append(out, d...)
	}
	return out
}

// ablatingCard is a card whose penetration, with the weapon's, ablates
// the cover shot 0 of plan meets: PV equal to or one over its AV.
func ablatingCard(t *testing.T, plan ShootPlan) string {
	t.Helper()
	for _, c := range rules.Cards() {
		if r := rules.ThroughCover(plan.Sights[0].Cover, c.Location, plan.Weapon, c); r.Covered && r.Result == rules.Ablate && !c.Calamity {
			return c.Name()
		}
	}
	t.Fatal("no card ablates the cover")
	return ""
}

// script plays a golden fight: each command through the session, as a
// seat or the Judge's, its events' sentences kept as the fight's log.
type script struct {
	t   *testing.T
	s   *Session
	log []string
}

// doAs plays c from seat (nil: the Judge's) and keeps its sentences; a
// refusal fails the test with the log so far.
func (p *script) doAs(seat *Seat, c Command) []Event {
	p.t.Helper()
	evs, err := p.s.DoAs(seat, c)
	if err != nil {
		p.t.Fatalf("%s %s: %v\nthe log so far:\n%s", c.Kind, c.Figure, err, strings.Join(p.log, "\n"))
	}
	for _, e := range evs {
		p.log = append(p.log, e.Text)
	}
	return evs
}

// do plays c as the Judge.
func (p *script) do(c Command) []Event {
	p.t.Helper()
	return p.doAs(nil, c)
}

// matches compares the log with the kept testdata/name, which -update
// writes afresh.
func (p *script) matches(name string) {
	p.t.Helper()
	got := strings.Join(p.log, "\n") + "\n"
	if want := golden(p.t, name, got); got != want {
		p.t.Errorf("the log differs from testdata/%s (go test -run %s -update writes it afresh):\n%s", name, p.t.Name(), firstDiff(got, want))
	}
}

// golden reads testdata/name, or writes got there with -update.
func golden(t *testing.T, name, got string) string {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *updateGolden {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return got
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run %s -update writes it)", err, t.Name())
	}
	return string(want)
}
