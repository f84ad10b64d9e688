package session

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"hexslinger/hexmap"
	"hexslinger/rules/fudge"
)

// The rule these tests hold: no refusal of a player's command, and
// nothing in any refusal, depends on a roll the session made in secret.
// A refusal changes nothing and the next try rolls anew (dice.go), so a
// command refused for what a secret roll came out as could be sent again
// until the roll suits its player.

// takeBack has the Judge take back the last command.
func takeBack(t *testing.T, s *Session) {
	t.Helper()
	if _, err := s.Do(Command{Kind: CommandUndo}); err != nil {
		t.Fatalf("undo: %v", err)
	}
}

// TestNoRefusalOfAPlayersCommandDependsOnASecretRoll: with players rolling
// their own dice, a player who sends only the dice for the outcome she
// wants (her figure wins the exchange, the blow at it misses), so that the
// other outcome would want more of her own dice, is never refused: what
// her dice do not cover is the session's, and the outcomes come at their
// natural rates. Each session draws its own secret; every try is the
// first (the Judge takes the last back), so a refusal would be a re-roll.
func TestNoRefusalOfAPlayersCommandDependsOnASecretRoll(t *testing.T) {
	const tries = 40
	t.Run("Fudge: the Sheriff's --00 alone against Big Ned's secret 4dF", func(t *testing.T) {
		// Great −2 = Fair against Good + 4dF: Big Ned wins on 0 or more,
		// 50 times in 81; fewer than 4 wins in 40 comes once in 7×10¹⁰.
		sheriffs := player("Bart's player", "sheriff")
		s := openBundled(t, "fudge")
		letPlayersRoll(t, s)
		lost := 0
		for try := range tries {
			ev, err := s.DoAs(sheriffs, strike("sheriff", "bruiser", "--00"))
			if err != nil {
				t.Fatalf("try %d: the Sheriff's --00 alone: %v, want it carried out, whatever Big Ned's secret roll", try, err)
			}
			if strings.Contains(ev[0].Text, "Big Ned wins the exchange") {
				lost++
				if !strings.Contains(ev[0].Text, "rolled by the session") {
					t.Errorf("a lost exchange does not say who rolled the Sheriff's shield and damage checks: %s", ev[0].Text)
				}
			}
			takeBack(t, s)
		}
		t.Logf("the Sheriff's --00 lost %d of %d exchanges", lost, tries)
		if lost < 4 {
			t.Errorf("the Sheriff lost %d of %d exchanges with --00, want about 62%%", lost, tries)
		}
	})
	t.Run("TWTW: Cyril's one die against Jeb's secret blow", func(t *testing.T) {
		alice := player("Alice", "cyril")
		s := open(t)
		letPlayersRoll(t, s)
		besideJeb(t, s)
		countDownTo(t, s, "jeb")
		jeb := Command{Kind: CommandMelee, Figure: "jeb", Blow: &BlowOrder{Target: "cyril", Attack: "quick"}}
		d := mustDo(t, s, jeb)
		if d.Kind != EventBlowDeclared {
			t.Fatalf("Jeb's blow did not wait for Cyril: %s", d.Text)
		}
		var chance float64
		if _, err := fmt.Sscanf(d.Text[strings.Index(d.Text, "chance to land it ")+len("chance to land it "):], "%g", &chance); err != nil || chance < 50 {
			t.Fatalf("the blow's chance in %q: %v %v", d.Text, chance, err)
		}
		hits := 0
		for try := range tries {
			ev, err := s.DoAs(alice, Command{Kind: CommandDefend, Figure: "cyril", Defense: DefenseNone, Dice: []int{1}})
			if err != nil {
				t.Fatalf("try %d: Cyril's answer with one die: %v, want it carried out, whatever Jeb's secret roll", try, err)
			}
			if strings.Contains(ev[0].Text, "Cyril Wellington takes") {
				hits++
			}
			takeBack(t, s)
		}
		// At a chance of 50% or more, fewer than 4 hits in 40 comes once
		// in 10⁸ or less; the old refusals let none through.
		t.Logf("Jeb's blow (chance %g%%) hit %d of %d times", chance, hits, tries)
		if hits < 4 {
			t.Errorf("Jeb's blow (chance %g%%) hit %d of %d times", chance, hits, tries)
		}
	})
}

// TestAPlayersOwnDiceAfterASecretRollRefuseNothing: once the session has
// rolled in secret in a player's command, the player's own dice that
// follow are short, out of range or left over without a refusal, and the
// log line says what the session did with them; before it, they refuse as
// ever, telling of the player's own rolls alone. The Judge's dice, which
// roll everything and hide nothing, refuse as ever too. A fixed seed makes
// Big Ned's roll win or lose the exchange for the Sheriff.
func TestAPlayersOwnDiceAfterASecretRollRefuseNothing(t *testing.T) {
	sheriffs := player("Bart's player", "sheriff")
	// seedThat fixes a seed under which Big Ned's secret 4dF, the first
	// roll the session makes in the Sheriff's strike, beats the Sheriff's
	// --00 (Fair against Good + 4dF: Ned wins on 0 or more) (lose), or
	// does not; tableDice turns table dice on with it.
	seedThat := func(t *testing.T, lose bool, tableDice ...bool) *Session {
		t.Helper()
		s := openBundled(t, "fudge")
		letPlayersRoll(t, s)
		for seed := range uint64(200) {
			setOption(t, s, func(o *FightOptions) { o.Seed, o.TableDice = new(seed), len(tableDice) > 0 })
			next := s.events[len(s.events)-1].Seq + 1
			ned, err := fudge.Roll4dF(keyedRolls(rollKey(fixedKey(seed), next, 0)))
			if err != nil {
				t.Fatal(err)
			}
			if (ned.Sum >= 0) == lose {
				return s
			}
		}
		t.Fatalf("no seed under 200 where the Sheriff's --00 loses: %v", lose)
		return nil
	}
	tests := []struct {
		name string
		lose bool
		dice []int
		want []string // in the log line
	}{
		{"lost, no dice for his own checks", true, df("--00"), []string{"Sheriff Bart's own dice, after the session's secret roll:", "not sent, rolled by the session"}},
		{"lost, a face no d6 shows for his damage check", true, append(df("--00"), 9, 9, 9, 9, 3, 3, 3, 3), []string{"a d6 cannot show 9, rolled by the session"}},
		{"won, his checks' dice not needed", false, df("--00", "0000"), []string{"4 not needed"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := seedThat(t, tc.lose)
			before := s.State()
			c := Command{Kind: CommandStrike, Figure: "sheriff", Target: "bruiser", Dice: tc.dice}
			p := before.Preview(sheriffs, c)
			ev, err := s.DoAs(sheriffs, c)
			if err != nil {
				t.Fatalf("the Sheriff's strike with dice %v: %v, want it carried out", tc.dice, err)
			}
			t.Logf("%v: %s", tc.dice, ev[0].Text)
			if lost := strings.Contains(ev[0].Text, "Big Ned wins the exchange"); lost != tc.lose {
				t.Fatalf("lost %v, want %v: %s", lost, tc.lose, ev[0].Text)
			}
			for _, w := range tc.want {
				if !strings.Contains(ev[0].Text, w) {
					t.Errorf("the log line %q lacks %q", ev[0].Text, w)
				}
			}
			if p.Err != nil || len(p.Needs) == 0 {
				t.Errorf("the preview, which stops before Big Ned's secret roll: %+v", p)
			}
		})
	}
	t.Run("before the secret roll, a face too high refuses, about his own roll", func(t *testing.T) {
		s := seedThat(t, true)
		_, err := s.DoAs(sheriffs, Command{Kind: CommandStrike, Figure: "sheriff", Target: "bruiser", Dice: []int{9, 1, 1, 1}})
		var ref *Refusal
		if !errors.As(err, &ref) || !strings.Contains(ref.Reason, "cannot show 9") {
			t.Fatalf("the Sheriff's own 4dF with a 9: %v, want it refused", err)
		}
		for _, n := range append([]string{ref.Reason}, ref.Needs...) {
			if strings.Contains(n, "Ned") {
				t.Errorf("the refusal tells of Ned's rolls: %q", n)
			}
		}
	})
	t.Run("table dice: the needs are his own rolls, and his first alone will do", func(t *testing.T) {
		s := seedThat(t, true, true)
		_, err := s.DoAs(sheriffs, Command{Kind: CommandStrike, Figure: "sheriff", Target: "bruiser"})
		var ref *Refusal
		if !errors.As(err, &ref) || len(ref.Needs) != 2 || !strings.Contains(ref.Needs[1], "Sheriff Bart's shield check and damage check, should Sheriff Bart lose") {
			t.Fatalf("the Sheriff's strike without dice under table dice: %v, needs %q; want his 4dF and his checks should he lose", err, ref.Needs)
		}
		for _, n := range append([]string{ref.Reason}, ref.Needs...) {
			if strings.Contains(n, "Ned") {
				t.Errorf("the refusal tells of Ned's rolls: %q", n)
			}
		}
		ev, err := s.DoAs(sheriffs, strike("sheriff", "bruiser", "--00"))
		if err != nil || !strings.Contains(ev[0].Text, "Big Ned wins the exchange") || !strings.Contains(ev[0].Text, "4 not sent, rolled by the session") {
			t.Fatalf("the Sheriff's --00 alone under table dice, Ned winning: %v %v", err, ev)
		}
	})
	t.Run("the Judge's dice too few are refused, with every roll", func(t *testing.T) {
		s := seedThat(t, true)
		_, err := s.Do(Command{Kind: CommandStrike, Figure: "sheriff", Target: "bruiser", Dice: df("--00")})
		var ref *Refusal
		if !errors.As(err, &ref) || !strings.Contains(ref.Reason, "no more dice were given") || !strings.Contains(strings.Join(ref.Needs, "; "), "Big Ned's roll") {
			t.Fatalf("the Judge's --00 alone: %v, want it refused with Ned's roll among the needs", err)
		}
	})
}

// TestARunIsNeverRefusedForItsRunningDie (Savage Worlds): the running
// die a player's run rolls is the session's (the players do not roll
// their own here); a run toward a hex it reaches only on a 4 or more is
// carried out whatever the die: on a short die it stops where the Pace
// runs out, on the path it was planned on. A hex beyond the reach of a 6
// is refused before the die is rolled.
func TestARunIsNeverRefusedForItsRunningDie(t *testing.T) {
	docs := player("Doc's player", "doc")
	s := openSavageRound(t)
	st := s.State()
	doc := st.Figures["doc"]
	walk, err := swPace(st, doc, st.Characters[doc.Character], 0)
	if err != nil {
		t.Fatal(err)
	}
	r := hexmap.Search{Map: st.Map, Cost: swCost{}, Blocked: st.BlockedFor("doc"), Limit: walk + 6}.Reachable(doc.At, doc.Facing)
	var far, beyond *hexmap.Hex
	for _, h := range r.Hexes() {
		c, _ := r.Cost(h)
		if c == walk+4 && far == nil {
			far = &h
		}
	}
	r.Release()
	for d := walk + 7; beyond == nil && d < walk+20; d++ {
		for _, h := range doc.At.Ring(d) {
			if st.Map.Contains(h) {
				beyond = &h
				break
			}
		}
	}
	if far == nil || beyond == nil {
		t.Fatalf("no hex %d\" from Doc, or none beyond %d\"", walk+4, walk+6)
	}
	short := 0
	for seed := range uint64(40) {
		setOption(t, s, func(o *FightOptions) { o.Seed = new(seed) })
		ev, err := s.DoAs(docs, Command{Kind: CommandMove, Figure: "doc", To: far, Run: true})
		if err != nil {
			t.Fatalf("seed %d: Doc's run to %s, %d\" away: %v, want it carried out whatever the die", seed, st.Map.Label(*far), walk+4, err)
		}
		if ev[0].To != *far {
			if short == 0 {
				t.Log(ev[0].Text)
			}
			short++
			if !strings.Contains(ev[0].Text, "runs out") {
				t.Errorf("a short run does not say where the Pace ran out: %s", ev[0].Text)
			}
		}
		takeBack(t, s)
	}
	// A d6 below 4 is half the dice: 40 runs all short or none is a
	// seed list the test would have to change, not chance.
	t.Logf("%d of 40 runs to %s stopped short", short, st.Map.Label(*far))
	if short == 0 || short == 40 {
		t.Errorf("%d of 40 runs stopped short, want about half", short)
	}
	rolled := 0
	secretRolled = func() { rolled++ }
	defer func() { secretRolled = nil }()
	_, err = s.DoAs(docs, Command{Kind: CommandMove, Figure: "doc", To: beyond, Run: true})
	if err == nil || rolled > 0 {
		t.Errorf("a run to %s, beyond a 6: %v after %d secret rolls, want it refused before the die", st.Map.Label(*beyond), err, rolled)
	}
}

// TestNoRandomRefusalOfAPlayersCommandComesAfterASecretRoll: random play
// of every bundled fight with players rolling their own dice, the Judge's
// and a player's commands, the player's with random dice or none: no
// refusal of the player's command comes after a roll the session made in
// secret in it (FuzzCommands holds the same).
func TestNoRandomRefusalOfAPlayersCommandComesAfterASecretRoll(t *testing.T) {
	steps, seeds := 200, 3
	if testing.Short() {
		steps, seeds = 60, 1
	}
	noSync(t)
	secret := 0
	secretRolled = func() { secret++ }
	defer func() { secretRolled = nil }()
	for _, name := range bundledNames() {
		for seed := range seeds {
			t.Run(fmt.Sprintf("%s/%d", name, seed), func(t *testing.T) {
				s := openBundled(t, name)
				letPlayersRoll(t, s)
				r := rand.New(rand.NewPCG(uint64(seed), 1001))
				st := s.State()
				player := &Seat{Name: "Alice", Role: RolePlayer, Figures: seat(st).Owned(st)}
				for range steps {
					judge := r.IntN(2) == 0
					c := randomCommand(r, s.State(), judge)
					by := player
					if judge {
						by = nil
					} else {
						c = playersOwn(r, s.State(), player, c)
						if r.IntN(2) == 0 {
							for n := r.IntN(12); n > 0; n-- {
								c.Dice = append(c.Dice, 1+r.IntN(6))
							}
						}
					}
					secret = 0
					_, err := s.DoAs(by, c)
					if errors.Is(err, ErrInternal) {
						t.Fatalf("%+v: %v", c, err)
					}
					var ref *Refusal
					if !judge && errors.As(err, &ref) && secret > 0 {
						t.Fatalf("a player's %+v was refused after %d secret rolls: %v", c, secret, err)
					}
				}
			})
		}
	}
}

// playersOwn makes a random command c more like one a player sends: most
// often by one of the seat's figures (or the one a blow waits for), at a
// figure of another side in view.
func playersOwn(r chooser, st *State, seat *Seat, c Command) Command {
	hidden := st.sightOf(seat).hidden
	var foes []string
	for _, id := range st.Order {
		if !hidden[id] && !slices.Contains(seat.Figures, id) {
			foes = append(foes, id)
		}
	}
	if len(seat.Figures) > 0 && r.IntN(4) > 0 {
		c.Figure = pick(r, seat.Figures)
	}
	if p := st.Pending; c.Kind == CommandDefend && p != nil && slices.Contains(seat.Figures, p.Target()) {
		c.Figure = p.Target()
	}
	if len(foes) > 0 && r.IntN(4) > 0 {
		foe := pick(r, foes)
		c.Target = foe
		if c.Blow != nil {
			c.Blow.Target, c.Blow.Defense = foe, ""
		}
		for i := range c.Shots {
			c.Shots[i].Target = foe
		}
	}
	return c
}

// TestAnAimedShotOnAcuityThatLosesAimGoesOffAsASnap (TWTW): "If the
// check fails, the AP are spent, but all previous aim is lost and any
// shot is a snap shot" (TWTW Conflict: Tactical Aiming); a snap shot does
// not draw on Acuity. Miranda, under fire, fires an aimed shot on Acuity:
// the Judge's ones for her Bravery check lose her aim, and the shot goes
// off as a snap on Coordination, not refused after the check. Her
// player's shot, rolled by the session in secret, is never refused.
func TestAnAimedShotOnAcuityThatLosesAimGoesOffAsASnap(t *testing.T) {
	underFire := func(t *testing.T) *Session {
		t.Helper()
		s := open(t)
		setOption(t, s, func(o *FightOptions) { *o = o.withTWTW(func(w *TWTWOptions) { w.Acuity = true }) })
		snap := []ShotOrder{{Target: "miranda", Kind: "snap"}}
		zekes, err := s.State().PlanShoot("zeke", "shotgun", snap)
		if err != nil {
			t.Fatal(err)
		}
		mustDo(t, s, Command{Kind: CommandShoot, Figure: "zeke", Weapon: "shotgun", Shots: snap, Dice: ones(zekes.Series.Pool.Count), Cards: []string{"5S"}})
		return s
	}
	orders := []ShotOrder{{Target: "zeke", Kind: "aimed", Aims: 1, Acuity: true}}
	shot := Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker", Shots: orders}
	t.Run("the Judge's dice", func(t *testing.T) {
		s := underFire(t)
		bravery := s.State().Characters["miranda"].TraitPool("bravery", true)
		c := shot
		c.Dice, c.Cards = ones(bravery.Count+4), []string{"5S"}
		ev, err := s.Do(c)
		if err != nil {
			t.Fatalf("Miranda's aimed shot on Acuity, her aim lost: %v, want it to go off as a snap", err)
		}
		if !strings.Contains(ev[0].Text, "loses aim") {
			t.Errorf("the shot: %s", ev[0].Text)
		}
	})
	t.Run("her player's, rolled in secret", func(t *testing.T) {
		mirandas := player("Miranda's player", "miranda")
		s := underFire(t)
		lost := 0
		for seed := range uint64(30) {
			setOption(t, s, func(o *FightOptions) { o.Seed = new(seed) })
			ev, err := s.DoAs(mirandas, shot)
			if err != nil {
				t.Fatalf("seed %d: Miranda's aimed shot on Acuity: %v, want it carried out whatever her Bravery check", seed, err)
			}
			if strings.Contains(ev[0].Text, "loses aim") {
				lost++
			}
			takeBack(t, s)
		}
		t.Logf("Miranda lost aim under %d of 30 seeds", lost)
		if lost == 0 {
			t.Errorf("no seed of 30 lost Miranda's aim: the test tries nothing")
		}
	})
}
