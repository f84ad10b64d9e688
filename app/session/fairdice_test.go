package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"hexslinger/rules"
)

// dieSize finds a die's size in a text: "d4", "a d10", "D6".
var dieSize = regexp.MustCompile(`\b[dD]\d+\b`)

// letPlayersRoll has the Judge turn on the fight option for players who
// roll their own physical dice.
func letPlayersRoll(t *testing.T, s *Session) {
	t.Helper()
	setOption(t, s, func(o *FightOptions) { o.PlayerDice = true })
}

// player seats a player at s commanding figures.
func player(name string, figures ...string) *Seat {
	return NewAccess(NewToken()).AddPlayer(name, figures)
}

// cyrilsShot is Cyril's normal shot at Zeke with dice and cards: 9 and 2
// on his 2d10 hit Zeke (TN 6), the 3♥ the head (TestReadyCockAndShoot).
func cyrilsShot(dice []int, cards ...string) Command {
	return Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield",
		Shots: []ShotOrder{{Target: "zeke", Kind: "normal"}}, Dice: dice, Cards: cards}
}

// readyCyril readies and cocks Cyril's Schofield, as his player.
func readyCyril(t *testing.T, s *Session, alice *Seat) {
	t.Helper()
	for _, c := range []Command{{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"}, {Kind: CommandCock, Figure: "cyril", Weapon: "schofield"}} {
		if _, err := s.DoAs(alice, c); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
	}
}

// TestAPlayersDiceAreRefusedUnlessTheJudgeLetsPlayersRoll: a player's
// command that carries dice or cards is refused while the fight's option
// for players rolling their own dice is off, and the refusal tells
// nothing of any die (no size, nothing about the target's rolls); the
// same command without dice is carried out, and the Judge's typed-in
// table dice work as before.
func TestAPlayersDiceAreRefusedUnlessTheJudgeLetsPlayersRoll(t *testing.T) {
	tests := []struct {
		name  string
		dice  []int
		cards []string
	}{
		{"dice and a card that make a hit", []int{9, 2, 4, 4, 4, 4}, []string{"AS"}},
		{"a card alone", nil, []string{"AS"}},
		{"dice no die can show", []int{9, 2, 20, 20, 20, 20}, []string{"3H"}},
		{"too few dice", []int{9}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			alice := player("Alice", "cyril")
			readyCyril(t, s, alice)
			before := stateKey(t, s.State())
			_, err := s.DoAs(alice, cyrilsShot(tc.dice, tc.cards...))
			var forbidden *Forbidden
			if !errors.As(err, &forbidden) {
				t.Fatalf("Alice's shot with dice %v and cards %v: %v, want it forbidden", tc.dice, tc.cards, err)
			}
			if m := dieSize.FindString(err.Error()); m != "" || strings.Contains(err.Error(), "Zeke") || strings.Contains(err.Error(), "stun") {
				t.Errorf("the refusal %q tells of the dice (%q)", err, m)
			}
			if got := stateKey(t, s.State()); got != before {
				t.Errorf("the refused shot changed the fight:\n%s", firstDiff(got, before))
			}
			if _, err := s.DoAs(alice, cyrilsShot(nil)); err != nil {
				t.Errorf("the same shot without dice: %v", err)
			}
		})
	}
	t.Run("the Judge's table dice", func(t *testing.T) {
		s := open(t)
		readyCyril(t, s, nil)
		e := mustDo(t, s, cyrilsShot([]int{9, 2, 1, 1, 1, 1}, "3H"))
		if !strings.Contains(e.Text, "Zeke Perkins fails the stun check") {
			t.Errorf("the Judge's dice did not decide Zeke's stun check: %s", e.Text)
		}
	})
}

// TestAPlayersDiceNeverRollTheTargetsStunCheck (TWTW): with players
// rolling their own dice, Cyril's player's dice serve his pool alone:
// the 20s after them, which no die shows, are not read for Zeke's stun
// check (which comes from the session's generator), so the hit is
// carried out; the Judge's dice still roll everyone's.
func TestAPlayersDiceNeverRollTheTargetsStunCheck(t *testing.T) {
	s := open(t)
	letPlayersRoll(t, s)
	alice := player("Alice", "cyril")
	readyCyril(t, s, alice)
	ev, err := s.DoAs(alice, cyrilsShot([]int{9, 2, 20, 20, 20, 20}, "3H"))
	if err != nil {
		t.Fatalf("Cyril's hit with 20s after his pool: %v, want Zeke's stun check rolled by the session", err)
	}
	if e := ev[0]; !strings.Contains(e.Text, "9 vs TN 6, hits the") || !strings.Contains(e.Text, "Zeke Perkins takes") {
		t.Errorf("the shot did not read Cyril's 9 and 2 and the 3♥: %s", e.Text)
	}
	// Cyril's own roll still comes from his player's dice: a die it
	// cannot show is refused, about his own pool.
	s2 := open(t)
	letPlayersRoll(t, s2)
	readyCyril(t, s2, alice)
	if _, err := s2.DoAs(alice, cyrilsShot([]int{20, 2}, "3H")); err == nil || !strings.Contains(err.Error(), "cannot show 20") {
		t.Errorf("a 20 for Cyril's own pool: %v, want it refused", err)
	}
}

// TestAPlayersOwnDefenceIsTheirsAndTheBlowIsNot (TWTW): Jeb's blow at
// Cyril waits for Cyril's player; her answer's dice serve Cyril's own
// rolls (a stun check on a hit), never Jeb's pool: with 20s, which no
// die shows, the blow is rolled by the session, and only Cyril's own
// stun check could read them. Whether it does hangs on Jeb's secret
// roll, so the 20s refuse nothing: on a hit the session rolls the stun
// check's dice instead, and the log line says so.
func TestAPlayersOwnDefenceIsTheirsAndTheBlowIsNot(t *testing.T) {
	for try := range 8 { // each session draws its own secret: eight blows
		t.Run(fmt.Sprint("try ", try), func(t *testing.T) {
			s := open(t)
			letPlayersRoll(t, s)
			besideJeb(t, s)
			countDownTo(t, s, "jeb")
			jeb := Command{Kind: CommandMelee, Figure: "jeb", Blow: &BlowOrder{Target: "cyril", Attack: "quick"}}
			if e := mustDo(t, s, jeb); e.Kind != EventBlowDeclared {
				t.Fatalf("Jeb's blow did not wait for Cyril: %s", e.Text)
			}
			alice := player("Alice", "cyril")
			var took []string
			givenFor = func(who string) { took = append(took, who) }
			defer func() { givenFor = nil }()
			ev, err := s.DoAs(alice, Command{Kind: CommandDefend, Figure: "cyril", Defense: DefenseNone, Dice: []int{20, 20, 20, 20, 20, 20, 20, 20}})
			switch hit := err == nil && strings.Contains(ev[0].Text, "Cyril Wellington takes"); {
			case err != nil:
				t.Fatalf("Cyril's answer with 20s: %v, want Jeb's pool rolled by the session and nothing refused", err)
			case hit && !strings.Contains(ev[0].Text, "cannot show 20, rolled by the session"):
				t.Errorf("Cyril was hit and the log line does not say his 20s were rolled by the session: %s", ev[0].Text)
			case !hit && strings.Contains(ev[0].Text, "cannot show 20"):
				t.Errorf("Jeb missed and the log line tells of Cyril's dice: %s", ev[0].Text)
			}
			for _, who := range took {
				if who != "cyril" {
					t.Errorf("one of Cyril's player's dice was taken for %q's roll", who)
				}
			}
		})
	}
}

// openSavageRound opens the Savage Worlds demo with the round dealt
// (TestSavageWorldsThroughTheSession).
func openSavageRound(t *testing.T) *Session {
	t.Helper()
	s := openSW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "QS", "3C"}})
	return s
}

// docsShot is Doc's shot at bandit 2: the d10 Aces (10, 3), the Wild Die
// 1: a raise; 2d6 4 and 4 and the raise's d6 2: 10 against Toughness 5:
// the Extra is Incapacitated and rolls Vigor.
func docsShot(dice ...int) Command {
	return Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: dice}
}

// TestAPlayersDiceNeverRollTheTargetsVigor (Savage Worlds): Doc's
// player's dice serve Doc's Shooting, Wild Die and damage dice; the
// bandit's Vigor roll when Incapacitated is the session's. His dice for
// his own rolls alone are enough. A die more is not read for the Vigor:
// once the session has rolled in secret it is said not needed, and
// refuses nothing; on a miss, where the session rolls nothing, it is
// left over, refused with only his own rolls listed.
func TestAPlayersDiceNeverRollTheTargetsVigor(t *testing.T) {
	docs := player("Doc's player", "doc")
	t.Run("his own dice are enough", func(t *testing.T) {
		s := openSavageRound(t)
		letPlayersRoll(t, s)
		ev, err := s.DoAs(docs, docsShot(10, 3, 1, 4, 4, 2))
		if err != nil {
			t.Fatalf("Doc's shot with his own dice: %v, want the bandit's Vigor rolled by the session", err)
		}
		if e := ev[0]; !strings.Contains(e.Text, "Incapacitated") || !strings.Contains(e.Text, "Bandit's Vigor") {
			t.Errorf("the shot: %s", e.Text)
		}
	})
	t.Run("a die more is not read for the bandit's Vigor", func(t *testing.T) {
		s := openSavageRound(t)
		letPlayersRoll(t, s)
		var took []string
		givenFor = func(who string) { took = append(took, who) }
		defer func() { givenFor = nil }()
		ev, err := s.DoAs(docs, docsShot(10, 3, 1, 4, 4, 2, 4))
		if err != nil {
			t.Fatalf("Doc's shot with a die for the bandit's Vigor: %v, want it carried out", err)
		}
		if e := ev[0]; !strings.Contains(e.Text, "Bandit's Vigor") || !strings.Contains(e.Text, "Doc Harlan's own dice, after the session's secret roll: 1 not needed") {
			t.Errorf("the shot does not say Doc's last die was not needed: %s", e.Text)
		}
		if len(took) != 6 || slices.ContainsFunc(took, func(who string) bool { return who != "doc" }) {
			t.Errorf("Doc's dice were taken for %q, want his six rolls", took)
		}
	})
	t.Run("a die left over on a miss is refused", func(t *testing.T) {
		s := openSavageRound(t)
		letPlayersRoll(t, s)
		_, err := s.DoAs(docs, docsShot(2, 1, 4))
		var ref *Refusal
		if !errors.As(err, &ref) || !strings.Contains(ref.Reason, "1 die was left over") {
			t.Fatalf("Doc's miss with a die more: %v, want it left over", err)
		}
		for _, n := range append([]string{ref.Reason}, ref.Needs...) {
			if strings.Contains(n, "Vigor") || strings.Contains(n, "Bandit") {
				t.Errorf("the refusal tells of the bandit's roll: %q", n)
			}
		}
	})
}

// TestAPlayersDiceNeverRollTheDefenceOrToughness (Dragon Warriors II):
// Sir Rolf's player's dice serve his attack roll alone; Lennox's defence
// roll and Toughness roll are the session's. Two dice with no six are
// the whole of his roll; more are not read for Lennox, and, the session
// having rolled Lennox's defence in secret, are said not needed.
func TestAPlayersDiceNeverRollTheDefenceOrToughness(t *testing.T) {
	rolfs := player("Rolf's player", "rolf")
	strike := Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox"}
	t.Run("his attack roll is enough", func(t *testing.T) {
		s := openDW(t)
		letPlayersRoll(t, s)
		c := strike
		c.Dice = []int{5, 1}
		ev, err := s.DoAs(rolfs, c)
		if err != nil {
			t.Fatalf("Rolf's strike with his own roll: %v, want Lennox's defence rolled by the session", err)
		}
		if !strings.Contains(ev[0].Text, "Sir Rolf attacks Squire Lennox: 14 (+4)") {
			t.Errorf("the strike did not read Rolf's 5 and 1: %s", ev[0].Text)
		}
	})
	t.Run("dice for Lennox are not read", func(t *testing.T) {
		s := openDW(t)
		letPlayersRoll(t, s)
		c := strike
		c.Dice = []int{5, 1, 1, 5, 1, 1}
		var took []string
		givenFor = func(who string) { took = append(took, who) }
		defer func() { givenFor = nil }()
		ev, err := s.DoAs(rolfs, c)
		if err != nil {
			t.Fatalf("Rolf's strike with dice for Lennox: %v, want it carried out", err)
		}
		if !strings.Contains(ev[0].Text, "4 not needed") {
			t.Errorf("the strike does not say 4 of Rolf's dice were not needed: %s", ev[0].Text)
		}
		if !slices.Equal(took, []string{"rolf", "rolf"}) {
			t.Errorf("Rolf's dice were taken for %q, want his attack roll's two", took)
		}
	})
}

// TestAPlayersDiceNeverRollTheFoesExchange (Fudge): the Sheriff's
// player's 4dF are the Sheriff's roll; Big Ned's roll, his shield check
// and his damage check are the session's: four dice more are not read
// for Ned's roll.
func TestAPlayersDiceNeverRollTheFoesExchange(t *testing.T) {
	sheriffs := player("Bart's player", "sheriff")
	s := openBundled(t, "fudge")
	letPlayersRoll(t, s)
	// A fixed seed: Big Ned's roll loses to the Sheriff's Legendary, so
	// the Sheriff's own dice are the whole of his part.
	setOption(t, s, func(o *FightOptions) { o.Seed = new(uint64(1)) })
	ev, err := s.DoAs(sheriffs, strike("sheriff", "bruiser", "++00"))
	if err != nil {
		t.Fatalf("the Sheriff's strike with his own 4dF: %v, want Big Ned's rolled by the session", err)
	}
	if !strings.Contains(ev[0].Text, "Great +2 = Legendary against") {
		t.Errorf("the exchange did not read the Sheriff's ++00: %s", ev[0].Text)
	}
	s = openBundled(t, "fudge")
	letPlayersRoll(t, s)
	setOption(t, s, func(o *FightOptions) { o.Seed = new(uint64(1)) })
	var took []string
	givenFor = func(who string) { took = append(took, who) }
	defer func() { givenFor = nil }()
	ev, err = s.DoAs(sheriffs, strike("sheriff", "bruiser", "++00", "0000"))
	if err != nil {
		t.Fatalf("the Sheriff's strike with Ned's 4dF: %v, want it carried out", err)
	}
	if !strings.Contains(ev[0].Text, "Great +2 = Legendary against") || !strings.Contains(ev[0].Text, "4 not needed") {
		t.Errorf("the exchange does not say the four dice more were not needed: %s", ev[0].Text)
	}
	if len(took) != 4 || slices.ContainsFunc(took, func(who string) bool { return who != "sheriff" }) {
		t.Errorf("the Sheriff's dice were taken for %q, want his own 4dF", took)
	}
}

// TestATableDiceRefusalListsOnlyThePlayersOwnRolls: under table dice, a
// player who rolls their own is told only their own figure's rolls; one
// who may not is told that the Judge rolls, and nothing of the dice.
func TestATableDiceRefusalListsOnlyThePlayersOwnRolls(t *testing.T) {
	alice := player("Alice", "cyril")
	for _, own := range []bool{true, false} {
		t.Run(fmt.Sprintf("players roll their own: %v", own), func(t *testing.T) {
			s := open(t)
			setOption(t, s, func(o *FightOptions) { o.TableDice, o.PlayerDice = true, own })
			readyCyril(t, s, alice)
			_, err := s.DoAs(alice, cyrilsShot(nil))
			var ref *Refusal
			if !errors.As(err, &ref) {
				t.Fatalf("Alice's shot under table dice: %v, want it refused", err)
			}
			for _, n := range append([]string{ref.Reason}, ref.Needs...) {
				if strings.Contains(n, "Zeke") || strings.Contains(n, "stun") {
					t.Errorf("the refusal tells of Zeke's roll: %q", n)
				}
			}
			switch {
			case own && (len(ref.Needs) != 1 || !strings.Contains(ref.Needs[0], "Cyril Wellington's pool: 2d10")):
				t.Errorf("needs %q, want Cyril's pool alone", ref.Needs)
			case !own && (len(ref.Needs) != 0 || dieSize.MatchString(ref.Reason)):
				t.Errorf("refusal %q, needs %q: want neither a die nor a need", ref.Reason, ref.Needs)
			}
		})
	}
}

// TestAPlayersPreviewListsTheirOwnRolls: a player who rolls their own
// dice, without table dice, has their window ask for them before the
// command is sent: the preview, which stops before the first roll, lists
// of the command's rolls those that are the player's own figure's (Own),
// the same rolls the session asks of the player under table dice; the
// target's stun check is not among them. A command that rolls none of
// the figure's (a move) lists none.
func TestAPlayersPreviewListsTheirOwnRolls(t *testing.T) {
	alice := player("Alice", "cyril")
	s := open(t)
	letPlayersRoll(t, s)
	readyCyril(t, s, alice)
	setOption(t, s, func(o *FightOptions) { o.TableDice = true })
	_, err := s.DoAs(alice, cyrilsShot(nil))
	var ref *Refusal
	if !errors.As(err, &ref) || len(ref.Needs) == 0 {
		t.Fatalf("Alice's shot under table dice: %v, want it refused with her rolls", err)
	}
	setOption(t, s, func(o *FightOptions) { o.TableDice = false })
	tests := []struct {
		name string
		c    Command
		want []string
	}{
		{"Cyril's shot", cyrilsShot(nil), ref.Needs},
		{"Cyril's move", Command{Kind: CommandMove, Figure: "cyril", To: new(hexAt(t, s, "D8"))}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := s.State().Preview(alice, tt.c)
			if p.Err != nil || !slices.Equal(p.Own, tt.want) {
				t.Errorf("the preview of %s: err %v, own %q (needs %q); want own %q", tt.c.Kind, p.Err, p.Own, p.Needs, tt.want)
			}
			for _, n := range p.Own {
				if strings.Contains(n, "Zeke") {
					t.Errorf("Alice's own rolls hold Zeke's: %q", n)
				}
			}
		})
	}
}

// TestTwoSessionsOfTheDemoRollDifferentInitiative: a fight with no
// seed of its own draws one as its session opens.
func TestTwoSessionsOfTheDemoRollDifferentInitiative(t *testing.T) {
	roll := func() map[string][]int {
		return mustDo(t, open(t), Command{Kind: CommandNewRound}).Rolls
	}
	if a, b := roll(), roll(); reflect.DeepEqual(a, b) {
		t.Errorf("two sessions of the demo rolled the same initiative %v", a)
	}
}

// TestAFixedSeedReproducesEveryRoll: a seed written in the fight file,
// 0 among them, fixes every roll and card: two sessions of it roll the
// same initiative and the same shot.
func TestAFixedSeedReproducesEveryRoll(t *testing.T) {
	for _, seed := range []string{"0", "99", "18446744073709551615"} {
		t.Run(seed, func(t *testing.T) {
			play := func() []string {
				f := demo(t)
				if err := json.Unmarshal([]byte(`{"seed":`+seed+`}`), &f.Options); err != nil {
					t.Fatal(err)
				}
				s := openFile(t, f)
				var texts []string
				for _, c := range []Command{{Kind: CommandNewRound}, {Kind: CommandReady, Figure: "cyril", Weapon: "schofield"},
					{Kind: CommandCock, Figure: "cyril", Weapon: "schofield"}, cyrilsShot(nil)} {
					if c.Kind != CommandNewRound {
						countDownTo(t, s, "cyril")
					}
					e := mustDo(t, s, c)
					texts = append(texts, e.Text)
				}
				return texts
			}
			if a, b := play(), play(); !slices.Equal(a, b) {
				t.Errorf("seed %s rolled\n%q\nand\n%q", seed, a, b)
			}
			// A fight saved keeps its seed, 0 too.
			f := demo(t)
			json.Unmarshal([]byte(`{"seed":`+seed+`}`), &f.Options)
			st, err := f.State()
			if err != nil {
				t.Fatal(err)
			}
			if data, _ := json.Marshal(st.Snapshot(nil).Options); !strings.Contains(string(data), `"seed":`+seed) {
				t.Errorf("the fight saved with seed %s: options %s", seed, data)
			}
		})
	}
}

// oldRolls is how every roll was derived before a session kept its seed
// secret: the fight's seed (0 unless the file set one) mixed with the
// event's seq, which every player is sent.
func oldRolls(seed uint64, seq int) rules.Source {
	return rules.NewSeeded(seed^(uint64(seq)*0x9e3779b97f4a7c15), rules.Cards())
}

// TestRollsCannotBeRebuiltFromWhatAPlayerIsSent: a player knows the
// events' seq and the old derivation; re-deciding the new round with
// them, or with seed 0, does not give the session's dice.
func TestRollsCannotBeRebuiltFromWhatAPlayerIsSent(t *testing.T) {
	s := open(t)
	before := s.State()
	e := mustDo(t, s, Command{Kind: CommandNewRound})
	for _, guess := range []struct {
		name string
		src  rules.Source
	}{
		{"the seq and seed 0, as before", oldRolls(0, e.Seq)},
		{"seed 0 fixed in the file", keyedRolls(rollKey(fixedKey(0), e.Seq, 0))},
	} {
		again, err := decide(before.Clone(), Command{Kind: CommandNewRound}, func([]need) (rules.Source, error) { return guess.src, nil })
		if err != nil {
			t.Fatal(err)
		}
		if reflect.DeepEqual(again[0].Rolls, e.Rolls) {
			t.Errorf("%s rebuilds the initiative %v", guess.name, e.Rolls)
		}
	}
}

// TestPlayersAreNeverSentTheSeed: a fixed seed is the Judge's: no
// welcome, event or timeline view a player's seat gets holds it.
func TestPlayersAreNeverSentTheSeed(t *testing.T) {
	const seed = uint64(7310585348254023769)
	f := demo(t)
	n := seed
	f.Options.Seed = &n
	path := filepath.Join(t.TempDir(), "seed.journal.jsonl")
	s, err := Open(f, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	alice := player("Alice", "cyril")
	var sent [][]byte
	send := func(v any) {
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		sent = append(sent, data)
	}
	events := []Event{mustDo(t, s, Command{Kind: CommandNewRound})}
	setOption(t, s, func(o *FightOptions) { *o = o.withTWTW(func(w *TWTWOptions) { w.Acuity = true }) })
	events = append(events, s.events[len(s.events)-1])
	for _, e := range events {
		if out, ok, _ := s.ForSeat(alice, e); ok {
			send(out)
		}
	}
	send(s.Welcome(alice))
	tl, err := OpenTimeline(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range tl.Len() {
		if e, shown, err := tl.EventFor(i, alice); err == nil && shown {
			send(e)
		}
		if v, err := tl.ViewAt(i, alice); err == nil {
			send(v)
		}
	}
	for _, data := range sent {
		if strings.Contains(string(data), fmt.Sprint(seed)) || strings.Contains(string(data), `"seed"`) {
			t.Fatalf("a player is sent the seed: %s", data)
		}
	}
}

// TestPlayersAreSentTheOptionsButTheSeed: a player's window must know
// whether the fight uses table dice and lets players roll their own (its
// dice prompt), and plays with or without fog: every way a player's seat
// learns the options (options_set, the welcome's snapshot, the
// timeline's events and views) carries them all but the seed. Before,
// options_set reached players without options and a snapshot with only
// the players' side and the fog.
func TestPlayersAreSentTheOptionsButTheSeed(t *testing.T) {
	f := demo(t)
	f.Options.Seed = new(uint64(99))
	path := filepath.Join(t.TempDir(), "options.journal.jsonl")
	s, err := Open(f, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	alice := player("Alice", "cyril")
	setOption(t, s, func(o *FightOptions) {
		o.TableDice, o.PlayerDice, o.NoFog = true, true, true
		*o = o.withTWTW(func(w *TWTWOptions) { w.Acuity = true })
	})
	set := s.events[len(s.events)-1]
	want := s.State().Options
	want.Seed = nil
	tl, err := OpenTimeline(path)
	if err != nil {
		t.Fatal(err)
	}
	last := tl.Len() - 1
	tests := []struct {
		name string
		got  func() (*FightOptions, error)
	}{
		{"options_set", func() (*FightOptions, error) {
			out, send, _ := s.ForSeat(alice, set)
			if !send {
				return nil, errors.New("not sent")
			}
			return out.Options, nil
		}},
		{"the welcome's snapshot", func() (*FightOptions, error) { return &s.Welcome(alice)[0].Fight.Options, nil }},
		{"the timeline's event", func() (*FightOptions, error) {
			e, shown, err := tl.EventFor(last, alice)
			if err == nil && !shown {
				err = errors.New("not shown")
			}
			return e.Options, err
		}},
		{"the timeline's view", func() (*FightOptions, error) {
			v, err := tl.ViewAt(last, alice)
			if err != nil {
				return nil, err
			}
			return &v.Options, nil
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.got()
			if err != nil {
				t.Fatal(err)
			}
			if got == nil || !reflect.DeepEqual(*got, want) {
				t.Errorf("Alice is sent options %+v, want %+v (all but the seed)", got, want)
			}
		})
	}
}

// TestAPlayersOwnRollIsPreviewedAsItIsDone: a command whose rolls are
// all the player's own figure's (a Shaken Marshal's Spirit roll) is
// previewed to the end with the player's dice, as Do does it; one that
// rolls another figure's stops before the session's secret roll.
func TestAPlayersOwnRollIsPreviewedAsItIsDone(t *testing.T) {
	s := openSW(t)
	letPlayersRoll(t, s)
	shakeTheMarshal(t, s)
	marshals := player("the Marshal's player", "marshal")
	recover := Command{Kind: CommandRecover, Figure: "marshal", Dice: []int{4, 1}}
	p := s.State().Preview(marshals, recover)
	events, err := s.DoAs(marshals, recover)
	if err != nil || p.Err != nil || !sameEvents(p.Events, events) {
		t.Fatalf("the Spirit roll: previewed %+v (%v), done %+v (%v)", p.Events, p.Err, events, err)
	}
	mustDo(t, s, Command{Kind: CommandDelay, Figure: "marshal"}) // Doc's 2♠ comes up
	docs := player("Doc's player", "doc")
	shot := docsShot(10, 3, 1, 4, 4, 2)
	if p := s.State().Preview(docs, shot); p.Err != nil || p.Events != nil || len(p.Needs) == 0 {
		t.Errorf("Doc's shot, which may roll the bandit's Vigor, previewed %+v", p)
	}
}

// BenchmarkACommandsRolls is what a command's dice cost the session: the
// key derived, the generator made (its deck shuffled), ten dice and a
// card; beside it the old public derivation's.
func BenchmarkACommandsRolls(b *testing.B) {
	secret := newSecret()
	for _, bc := range []struct {
		name string
		src  func(seq int) rules.Source
	}{
		{"keyed", func(seq int) rules.Source { return keyedRolls(rollKey(secret, seq, uint64(seq))) }},
		{"old public", func(seq int) rules.Source { return oldRolls(0, seq) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			seq := 0
			for b.Loop() {
				seq++
				src := bc.src(seq)
				for range 10 {
					src.Roll(10)
				}
				src.Draw()
			}
		})
	}
}
