package session

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hexslinger/assets"
	"hexslinger/hexmap"
	"hexslinger/rules"
	"hexslinger/rules/dragonwarriors"
)

func openDW(t *testing.T) *Session {
	t.Helper()
	s := openBundled(t, "dragonwarriors")
	return s
}

// TestSirRolfAgainstSquireLennoxThroughTheSession drives DW II's worked
// example through the session with the example's dice typed in, and
// checks every total, wound and stun of the text. (Two of the text's rolls
// disagree with its own totals, "(+10!), total 21" and "(0), total 15";
// the dice typed give the totals.)
func TestSirRolfAgainstSquireLennoxThroughTheSession(t *testing.T) {
	s := openDW(t)
	strike := func(by, at string, riposte bool, dice ...int) Event {
		t.Helper()
		return mustDo(t, s, Command{Kind: CommandStrike, Figure: by, Target: at, Riposte: riposte, Dice: dice})
	}
	has := func(e Event, parts ...string) {
		t.Helper()
		for _, p := range parts {
			if !strings.Contains(e.Text, p) {
				t.Errorf("%q lacks %q", e.Text, p)
			}
		}
	}
	// Rolf (-4) on Reflexes, total 6; Lennox (-3), total 8.
	e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{1, 5, 1, 4}})
	if e.APs["rolf"] != 6 || e.APs["lennox"] != 8 {
		t.Fatalf("initiative %v", e.APs)
	}
	has(e, "Order: Squire Lennox, Sir Rolf")
	// Lennox swings (-1), total 10; Rolf defends (+1), total 15: Rolf wins by five.
	e = strike("lennox", "rolf", false, 1, 2, 2, 1)
	has(e, "Squire Lennox attacks Sir Rolf: 11 (-1), total 10", "Sir Rolf defends 14 (+1), total 15", "Sir Rolf wins by 5 and may riposte with 5")
	// Rolf ripostes (+6) with 5, total 11; Lennox (-3), total 7: four
	// wounds. Lennox's Toughness (-1), total 9 against 4 + 5: a draw, his
	// wits kept.
	e = strike("rolf", "lennox", true, 6, 1, 1, 1, 4, 1, 2)
	has(e, "Sir Rolf ripostes at Squire Lennox: 5 (+6), total 11", "defends 10 (-3), total 7", "wins by 4 and deals 4 wound(s)", "total 9 vs Wounds 4 + 5 = 9: keeps his wits")
	if st := s.State().Figures["lennox"]; st.Hurt != 4 || st.Condition != rules.Fine {
		t.Fatalf("Lennox after the riposte: %+v", st.FigureStatus)
	}
	// Rolf's attack (+2), total 16; Lennox (+11 typed), total 21: Lennox
	// ripostes with 5.
	e = strike("rolf", "lennox", false, 3, 1, 6, 6, 1, 2)
	has(e, "Sir Rolf attacks Squire Lennox: 14 (+2), total 16", "defends 10 (+11), total 21", "Squire Lennox wins by 5 and may riposte with 5")
	// Lennox's riposte (-4), total 1; Rolf (-1), total 13: Rolf wins by 12.
	e = strike("lennox", "rolf", true, 1, 5, 1, 2)
	has(e, "Squire Lennox ripostes at Sir Rolf: 5 (-4), total 1", "defends 14 (-1), total 13", "Sir Rolf wins by 12 and may riposte with 12")
	// Rolf's counter-riposte (-2), total 10; Lennox (-3), total 7: three
	// wounds, seven in all; Toughness (-2), 8 against 12: stunned.
	e = strike("rolf", "lennox", true, 1, 3, 1, 4, 1, 3)
	has(e, "Sir Rolf ripostes at Squire Lennox: 12 (-2), total 10", "defends 10 (-3), total 7", "deals 3 wound(s)", "total 8 vs Wounds 7 + 5 = 12: stunned")
	if st := s.State().Figures["lennox"]; st.Hurt != 7 || st.Condition != rules.Stunned {
		t.Fatalf("Lennox after the counter-riposte: %+v", st.FigureStatus)
	}
	// A riposte is only for the blow just won.
	if _, err := s.Do(Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Riposte: true, Dice: []int{1, 1, 1, 1}}); err == nil || !strings.Contains(err.Error(), "no riposte") {
		t.Errorf("a riposte out of turn: %v", err)
	}
	// The round ends; the dazed Lennox still defends at 0. The text gives
	// no initiative for the next turn, where Rolf swings first: Rolf (+2),
	// 12, Lennox (+0), 11. Rolf (+1 typed), total 15; Lennox (+6), total
	// 6: nine wounds, 16 in all; Toughness (+8), 18 against 21: stunned
	// again, on his feet.
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{3, 1, 3, 3}})
	e = strike("rolf", "lennox", false, 2, 1, 6, 1, 1, 6, 3, 1)
	has(e, "Sir Rolf attacks Squire Lennox: 14 (+1), total 15", "defends 0 (+6), total 6", "wins by 9 and deals 9 wound(s)", "total 18 vs Wounds 16 + 5 = 21: stunned")
	l := s.State().Figures["lennox"]
	if l.Hurt != 16 || l.Condition != rules.Stunned {
		t.Fatalf("Lennox at the end: %+v", l.FigureStatus)
	}
	// The journal replays to the same state.
	events := readAll(t, s.JournalPath())
	re, err := Replay(events)
	if err != nil || re.Figures["lennox"].Hurt != 16 {
		t.Errorf("replay: %v, Lennox hurt %d", err, re.Figures["lennox"].Hurt)
	}
}

func TestDragonWarriorsRefusals(t *testing.T) {
	s := openDW(t)
	for _, tc := range []struct {
		name string
		cmd  Command
		want string
	}{
		{"TWTW actions are not DW II's", Command{Kind: CommandCock, Figure: "rolf"}, "not an action of Dragon Warriors II fights"},
		{"no segments", Command{Kind: CommandSegment}, "not an action of Dragon Warriors II fights"},
		{"a stance unknown", Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Stance: "wild"}, "not a stance"},
		{"no target", Command{Kind: CommandStrike, Figure: "rolf", Target: "nobody"}, "no target"},
		{"too few dice", Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{3}}, "no more dice"},
		{"a TWTW-only sheet", Command{Kind: CommandSetCharacter, Sheet: ptr(perkins())}, "no Dragon Warriors II numbers"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := s.Do(tc.cmd); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
	// Moving costs no AP in DW II.
	to, _ := s.State().Map.ParseHex("J9")
	e := mustDo(t, s, Command{Kind: CommandMove, Figure: "rolf", To: &to})
	if e.AP != 0 || !strings.Contains(e.Text, "Dragon Warriors II: movement") {
		t.Errorf("a DW II move: %+v", e)
	}
}

// DW II missiles: the difficulty is the range in fathoms for a bow.
func TestDragonWarriorsMissiles(t *testing.T) {
	s := openDW(t)
	l := s.State().Characters["lennox"]
	dw := *l.DragonWarriors
	dw.Weapon = "bow"
	l.DragonWarriors = &dw
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &l})
	// Two moves: one goes at most 10 paces (Move 5, docs/defaults.md).
	for _, at := range []string{"Q8", "U8"} {
		to, _ := s.State().Map.ParseHex(at)
		mustDo(t, s, Command{Kind: CommandMove, Figure: "rolf", To: &to})
	}
	// 10 hexes of 1 pace, 2.5 feet each: 25 feet, 4 fathoms: difficulty 4.
	// Lennox 11 (+1) = 12 against 4 (+0) = 4: a hit by 8: eight wounds;
	// Rolf's Toughness 13 (+1) = 14 against 8 + 5 = 13: he keeps his wits.
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "lennox", Shots: []ShotOrder{{Target: "rolf"}}, Dice: []int{2, 1, 1, 1, 2, 1}})
	for _, want := range []string{"shoots with a bow at Sir Rolf, 4 fathoms away: difficulty 4", "the difficulty 4 (+0), total 4", "wins by 8 and deals 8 wound(s)", "keeps his wits"} {
		if !strings.Contains(e.Text, want) {
			t.Errorf("%q lacks %q", e.Text, want)
		}
	}
	if r := s.State().Figures["rolf"]; r.Hurt != 8 {
		t.Errorf("Rolf: %+v", r.FigureStatus)
	}
	if _, err := s.Do(Command{Kind: CommandShoot, Figure: "rolf", Shots: []ShotOrder{{Target: "lennox"}}}); err == nil || !strings.Contains(err.Error(), "no missile weapon") {
		t.Errorf("Rolf has no bow: %v", err)
	}
}

// TestOneMoveGoesTwiceMoveWhereMovesCostNoAP: DW II gives no movement
// rate, so one move command goes at most what 2 AP of TWTW movement buy
// (docs/defaults.md): Sir Rolf, Move 5, walks 10 paces in one move, not
// 11, and runs 20; a move across a 256×256 map is refused at once,
// without searching the map, and the map window's reach is the same area.
func TestOneMoveGoesTwiceMoveWhereMovesCostNoAP(t *testing.T) {
	s := dwOnThePlain(t, 256)
	east := func(n int) *hexmap.Hex { h := hexmap.Hex{Q: 2 + n, R: 2}; return &h }
	tests := []struct {
		name    string
		to      *hexmap.Hex
		run     bool
		refusal string // "" to move
	}{
		{"eleven paces walking", east(11), false, "further than one move of Sir Rolf goes: a move goes 10 paces walking or 20 running"},
		{"across the map", &hexmap.Hex{Q: 120, R: 200}, true, "further than one move"},
		{"ten paces walking", east(10), false, ""},
		{"twenty paces running", east(30), true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := s.State()
			reach, _ := st.Reach("rolf", tc.run)
			_, inReach := reach.Costs[*tc.to]
			_, err := s.Do(Command{Kind: CommandMove, Figure: "rolf", To: tc.to, Run: tc.run})
			if tc.refusal == "" {
				if err != nil || !inReach {
					t.Fatalf("refused (%v), or out of the map window's reach (%v)", err, !inReach)
				}
				if at := s.State().Figures["rolf"].At; at != *tc.to {
					t.Fatalf("Sir Rolf at %v, want %v", at, *tc.to)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.refusal) || inReach {
				t.Fatalf("got %v (in reach: %v), want a refusal saying %q", err, inReach, tc.refusal)
			}
		})
	}
}

// failByFive is Sir Rolf's blow that leaves Squire Lennox's Toughness
// roll failed by exactly five: Rolf 14 (+2) = 16 against Lennox 10 (-1)
// = 9, seven wounds; Toughness 10 (-3) = 7 against 7 + 5 = 12.
var failByFive = []int{3, 1, 1, 2, 1, 4}

// TestAToughnessRollFailedByMoreThanFiveKnocksOut: "A roll failed by more
// than five means that the character is knocked out" (DW II: Injury:
// Stun, Knock-Out, and Death). Failed by exactly five, the default reading
// only stuns.
func TestAToughnessRollFailedByMoreThanFiveKnocksOut(t *testing.T) {
	s := openDW(t)
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: failByFive})
	if !strings.Contains(e.Text, "total 7 vs Wounds 7 + 5 = 12: stunned") {
		t.Errorf("failed by five: %q, want stunned only", e.Text)
	}
	if c := s.State().Figures["lennox"].Condition; c != rules.Stunned {
		t.Errorf("Lennox is %v, want stunned", c)
	}
}

// TestKnockOutAtFiveIsTheWorkedExamplesReading: the worked example says
// "if he fails by five or more, he is knocked out"; the Fight tab's switch
// plays that reading, and the log says the roll knocked him out.
func TestKnockOutAtFiveIsTheWorkedExamplesReading(t *testing.T) {
	s := openDW(t)
	sw := s.State().Switches()
	if len(sw) == 0 || sw[0].On || !strings.Contains(sw[0].Label, "five or more") {
		t.Fatalf("switches %+v, want the knock-out reading, off", sw)
	}
	opts := sw[0].Set(s.State().Options, true)
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	if !s.State().Switches()[0].On {
		t.Fatal("the switch did not turn on")
	}
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: failByFive})
	if !strings.Contains(e.Text, "total 7 vs Wounds 7 + 5 = 12: knocked out") {
		t.Errorf("failed by five, the example's reading: %q, want knocked out", e.Text)
	}
	if c := s.State().Figures["lennox"].Condition; c != rules.Unconscious {
		t.Errorf("Lennox is %v, want knocked out", c)
	}
}

// TestAKnockedOutCharacterDefendsAtNothing: a stunned character "has
// Attack and Defence of 0", and one knocked out is worse off (DW II:
// Injury: Stun, Knock-Out, and Death): Lennox, knocked out, defends at 0.
func TestAKnockedOutCharacterDefendsAtNothing(t *testing.T) {
	s := openDW(t)
	// Rolf 14 (+2) = 16 against 10 (-1) = 9: seven wounds; Toughness 10
	// (-4) = 6 against 12: failed by six, knocked out.
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{3, 1, 1, 2, 1, 5}})
	if !strings.Contains(e.Text, "knocked out") || s.State().Figures["lennox"].Condition != rules.Unconscious {
		t.Fatalf("%q: Lennox should be knocked out", e.Text)
	}
	cmd := Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{2, 1, 1, 1, 1, 1}}
	if x, err := s.State().Explain(cmd); err != nil || !strings.Contains(x, "Squire Lennox's defence 0") {
		t.Errorf("the preview: %q %v, want a defence of 0", x, err)
	}
	e = mustDo(t, s, cmd)
	if !strings.Contains(e.Text, "Squire Lennox defends 0 (+0), total 0: Sir Rolf wins by 15") {
		t.Errorf("a blow at the knocked-out Lennox: %q, want his defence 0", e.Text)
	}
}

// TestBothDiceShowingSixesIsSomethingSpecial: "If both of the dice show
// sixes, then something special happens" (DW II: Rolling Dice). The text
// does not say what: the log tells the Judge, who does.
func TestBothDiceShowingSixesIsSomethingSpecial(t *testing.T) {
	s := openDW(t)
	// Rolf's attack: 6 then 2 added, 6 then 1 taken away: (+1), a double
	// six. Lennox (+0), his Toughness (+0).
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{6, 2, 6, 1, 1, 1, 1, 1}})
	if !strings.Contains(e.Text, "14 (+1, a double six: something special happens, as the Judge says), total 15") {
		t.Errorf("%q does not tell the Judge of the double six", e.Text)
	}
	if strings.Count(e.Text, "double six") != 1 {
		t.Errorf("%q: only Rolf's roll was a double six", e.Text)
	}
}

// refused does c and wants a refusal saying want, from the preview too.
func refused(t *testing.T, s *Session, c Command, want string) {
	t.Helper()
	if _, err := s.State().Explain(c); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("the preview of %s by %s: %v, want a refusal with %q", c.Kind, c.Figure, err, want)
	}
	if _, err := s.Do(c); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%s by %s: %v, want a refusal with %q", c.Kind, c.Figure, err, want)
	}
}

// TestEachCombatantActsInOrderOfTheResult: "Each combatant acts in order
// of the result" (DW II: Combat): with Lennox at 8 and Rolf at 6, Rolf's
// blow waits for Lennox's.
func TestEachCombatantActsInOrderOfTheResult(t *testing.T) {
	s := openDW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{1, 5, 1, 4}})
	refused(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{1, 1, 1, 1, 1, 1}},
		"Sir Rolf acts in order of initiative (6): Squire Lennox (initiative 8) acts first, or delays")
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{1, 1, 1, 1}})
	if !strings.Contains(e.Text, "Sir Rolf wins by 3") {
		t.Errorf("Lennox's blow: %q", e.Text)
	}
	mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{1, 1, 1, 1, 1, 1}})
}

// TestEachCombatantMakesOneAttackATurn: each combatant acts once in the
// order (DW II: Combat); a second blow waits for the next turn, while a
// riposte is no turn of its own.
func TestEachCombatantMakesOneAttackATurn(t *testing.T) {
	s := openDW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{1, 5, 1, 4}})
	mustDo(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{1, 1, 1, 1}})
	refused(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{1, 1, 1, 1}},
		"Squire Lennox has made its attack this turn")
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{1, 5, 1, 4}})
	mustDo(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{1, 1, 1, 1}})
}

// TestActionCanBeDelayedVoluntarily: "action can be delayed voluntarily
// if desired until later in the turn" (DW II: Combat): Lennox, first,
// delays; Rolf strikes; then Lennox.
func TestActionCanBeDelayedVoluntarily(t *testing.T) {
	s := openDW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{1, 5, 1, 4}})
	e := mustDo(t, s, Command{Kind: CommandDelay, Figure: "lennox"})
	if e.Text != "Squire Lennox delays the action until later in the turn (Dragon Warriors II: Combat)." {
		t.Errorf("the delay: %q", e.Text)
	}
	refused(t, s, Command{Kind: CommandDelay, Figure: "lennox"}, "already delayed")
	// Rolf 14 (+0) against 10 (+0): four wounds; Toughness 10 against 9.
	mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{1, 1, 1, 1, 1, 1}})
	mustDo(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{1, 1, 1, 1}})
	refused(t, s, Command{Kind: CommandDelay, Figure: "rolf"}, "has had its turn")
	var found bool
	for _, a := range s.State().Actions() {
		found = found || a.Kind == CommandDelay
	}
	if !found {
		t.Error("the composer offers no delay")
	}
}

// TestAFullParrySacrificesTheAttack: "The defender adds his Attack score
// to his Defence score to work out his effective Defence for the turn.
// However, no riposte is possible", and "he sacrifices his own attack"
// (DW II: Defensive Stances): Lennox's full parry holds for the turn, and
// he makes no attack in it.
func TestAFullParrySacrificesTheAttack(t *testing.T) {
	s := openDW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{3, 1, 3, 3}}) // Rolf 12, Lennox 11
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Stance: "full", Dice: []int{1, 1, 1, 1}})
	want := "Squire Lennox takes a full parry for the turn, its own attack sacrificed. Sir Rolf attacks Squire Lennox: 14 (+0), total 14; Squire Lennox defends 21 (+0), total 21: Squire Lennox wins by 7. (Dragon Warriors II: Roll to Hit)"
	if e.Text != want || e.Riposte != nil {
		t.Errorf("the full parry:\n got %q\nwant %q (riposte %v)", e.Text, want, e.Riposte)
	}
	refused(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf"}, "Squire Lennox is in a full parry this turn and has sacrificed its own attack")
	refused(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Stance: "aggressive"}, "Squire Lennox is in a full parry for this turn")
}

// TestADefensiveStanceIsNotForOneWhoHasAttacked: the defender "sacrifices
// his own attack" to take a stance (DW II: Defensive Stances); one who has
// made it this turn cannot.
func TestADefensiveStanceIsNotForOneWhoHasAttacked(t *testing.T) {
	s := openDW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{1, 5, 1, 4}}) // Lennox 8, Rolf 6
	mustDo(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{1, 1, 1, 1}})
	refused(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Stance: "aggressive"},
		"Squire Lennox has made its attack this turn: an aggressive parry sacrifices it")
}

// TestAnAggressiveParrysBonusDoesNotCarryToACounterRiposte: "His
// effective defence is equal to half his Attack (round down) plus his
// Defence score. He does not pass up the opportunity to make a riposte,
// but if the attacker makes a counter-riposte, then the bonus to defence
// does not carry" (DW II: Aggressive Parry).
func TestAnAggressiveParrysBonusDoesNotCarryToACounterRiposte(t *testing.T) {
	s := openDW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{3, 1, 3, 3}}) // Rolf 12, Lennox 11
	// Rolf 14 (+0) against Lennox's 10 + 11/2 = 15 (+1) = 16: Lennox
	// wins by 2 and may riposte.
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Stance: "aggressive", Dice: []int{1, 1, 2, 1}})
	if !strings.Contains(e.Text, "Squire Lennox defends 15 (+1), total 16: Squire Lennox wins by 2 and may riposte with 2") {
		t.Errorf("the aggressive parry: %q", e.Text)
	}
	// Lennox ripostes 2 (+0) against 14 (+0): Rolf wins by 12.
	mustDo(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Riposte: true, Dice: []int{1, 1, 1, 1}})
	// Rolf's counter-riposte 12 (+0) against Lennox's bare 10 (+0): two
	// wounds; Toughness 10 against 7.
	c := Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Riposte: true, Stance: "aggressive", Dice: []int{1, 1, 1, 1, 1, 1}}
	if x, err := s.State().Explain(c); err != nil || !strings.Contains(x, "Squire Lennox's defence 10") {
		t.Errorf("the preview: %q %v, want a defence of 10", x, err)
	}
	e = mustDo(t, s, c)
	for _, want := range []string{"Squire Lennox defends 10 (+0), total 10: Sir Rolf wins by 2 and deals 2 wound(s)", "Squire Lennox's aggressive parry does not carry to a counter-riposte. Sir Rolf ripostes"} {
		if !strings.Contains(e.Text, want) {
			t.Errorf("the counter-riposte: %q lacks %q", e.Text, want)
		}
	}
}

// setDW changes character id's Dragon Warriors II sheet through the
// session.
func setDW(t *testing.T, s *Session, id string, change func(*dragonwarriors.Sheet)) {
	t.Helper()
	c := s.State().Characters[id]
	dw := *c.DragonWarriors
	change(&dw)
	c.DragonWarriors = &dw
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &c})
}

// TestWeaponsBonusesToAttackAndDamage: "different weapons have different
// properties, summarised in terms of bonuses to Attack and Damage" (DW
// II: Weapons). Rolf's blow, every roll (+0), against Lennox's 10: the
// margin is 4 and the weapon's attack bonus, the wounds that and its
// damage bonus.
func TestWeaponsBonusesToAttackAndDamage(t *testing.T) {
	for _, tc := range []struct {
		weapon       string
		total, harms int
	}{
		{"two-handed-heavy", 15, 8}, {"two-handed-sword", 16, 7}, {"light-spear", 15, 5},
		{"one-handed-heavy", 14, 6}, {"one-handed-sword", 15, 5}, {"small", 14, 4}, {"unarmed", 14, 3},
	} {
		t.Run(tc.weapon, func(t *testing.T) {
			s := openDW(t)
			setDW(t, s, "rolf", func(d *dragonwarriors.Sheet) { d.Weapon = tc.weapon })
			e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{1, 1, 1, 1, 1, 1}})
			want := fmt.Sprintf("total %d; Squire Lennox defends 10 (+0), total 10: Sir Rolf wins by %d and deals %d wound(s)", tc.total, tc.total-10, tc.harms)
			if !strings.Contains(e.Text, want) {
				t.Errorf("%q lacks %q", e.Text, want)
			}
		})
	}
}

// TestShieldsAddTwoToDefenceAndCarryToARiposte: "Shields add two to
// defence (and two to the difficulty rating of missile attacks). This
// does carry through to a riposte" (DW II: Shields).
func TestShieldsAddTwoToDefenceAndCarryToARiposte(t *testing.T) {
	s := openDW(t)
	setDW(t, s, "lennox", func(d *dragonwarriors.Sheet) { d.Shield = true })
	// Rolf 14 (+0) against Lennox 10 + 2 (+3) = 15: the margin of 1 the
	// shield won is Lennox's riposte.
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{1, 1, 4, 1}})
	if !strings.Contains(e.Text, "Squire Lennox defends 12 (+3), total 15: Squire Lennox wins by 1 and may riposte with 1") || e.Riposte == nil || e.Riposte.Score != 1 {
		t.Errorf("the shield: %q, riposte %+v", e.Text, e.Riposte)
	}
	// A bow at the shield-bearer beside him: 3 feet, no fathoms, and 2
	// for the shield.
	setDW(t, s, "rolf", func(d *dragonwarriors.Sheet) { d.Weapon = "bow" })
	e = mustDo(t, s, Command{Kind: CommandShoot, Figure: "rolf", Shots: []ShotOrder{{Target: "lennox"}}, Dice: []int{1, 1, 1, 1, 1, 1}})
	if !strings.Contains(e.Text, "0 fathoms away: difficulty 2") {
		t.Errorf("a bow at a shield: %q", e.Text)
	}
}

// TestArmourSubtractsFromDamageAndInitiative: "Armour subtracts from
// damage and also from initiative rolls ... Chain mail or plate: -3" (DW
// II: Armour).
func TestArmourSubtractsFromDamageAndInitiative(t *testing.T) {
	for _, armour := range []string{"leather", "cloth", "ring", "scale", "chain", "plate"} {
		t.Run(armour, func(t *testing.T) {
			s := openDW(t)
			setDW(t, s, "lennox", func(d *dragonwarriors.Sheet) { d.Armour = armour })
			less := dragonwarriors.Armour[armour]
			e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{1, 1, 1, 1}})
			if want := fmt.Sprintf("Squire Lennox: Reflexes 11 (+0) − %d for armour = %d", less, 11-less); !strings.Contains(e.Text, want) || e.APs["lennox"] != 11-less {
				t.Errorf("initiative in %s: %q lacks %q", armour, e.Text, want)
			}
			// Rolf goes first (10 against at most 10) or Lennox delays.
			if less == 1 {
				mustDo(t, s, Command{Kind: CommandDelay, Figure: "lennox"})
			}
			e = mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{1, 1, 1, 1, 1, 1}})
			if want := fmt.Sprintf("Sir Rolf wins by 4 and deals %d wound(s)", 4-less); !strings.Contains(e.Text, want) {
				t.Errorf("a blow at %s: %q lacks %q", armour, e.Text, want)
			}
		})
	}
	if dragonwarriors.Armour["leather"] != 1 || dragonwarriors.Armour["ring"] != 2 || dragonwarriors.Armour["plate"] != 3 {
		t.Errorf("the armour table: %v", dragonwarriors.Armour)
	}
}

// TestCloseRangeMissilesDifficultyIsTheRangeInFeet: "For close-range
// weapons like rocks, axes, knives and javelins, the difficulty rating
// equals the range in feet" (DW II: Missile Combat: Feet and Fathoms).
func TestCloseRangeMissilesDifficultyIsTheRangeInFeet(t *testing.T) {
	s := openDW(t)
	setDW(t, s, "lennox", func(d *dragonwarriors.Sheet) { d.Weapon = "small" })
	to, _ := s.State().Map.ParseHex("G8")
	mustDo(t, s, Command{Kind: CommandMove, Figure: "rolf", To: &to})
	// Four hexes of a pace, 2.5 feet each: 10 feet, difficulty 10.
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "lennox", Shots: []ShotOrder{{Target: "rolf"}}, Dice: []int{1, 1, 1, 1, 1, 1}})
	if !strings.Contains(e.Text, "throws a small weapon (knife) at Sir Rolf, 10 feet away: difficulty 10") || !strings.Contains(e.Text, "total 11; the difficulty 10 (+0), total 10") {
		t.Errorf("a knife thrown: %q", e.Text)
	}
}

// TestWoundsPastToughnessCallForARollOrDeath: "A character whose
// cumulative wounds score is greater than his Toughness must roll Wounds
// vs Toughness every time a further wound is taken, or die" (DW II:
// Injury: Stun, Knock-Out, and Death).
func TestWoundsPastToughnessCallForARollOrDeath(t *testing.T) {
	s := openDW(t)
	// Rolf 14 (+7) = 21 against 10 (+0): eleven wounds, past Lennox's
	// Toughness 10; his Toughness (+6) = 16 against 16 keeps his wits.
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{6, 2, 1, 1, 1, 6, 1, 1}})
	if !strings.Contains(e.Text, "deals 11 wound(s)") || strings.Contains(e.Text, "past his Toughness") {
		t.Fatalf("the first blow: %q", e.Text)
	}
	// Four more: 15. Toughness (+0) = 10 against 20: knocked out; past
	// his Toughness, he rolls (-1): 9 against 15, and dies.
	e = mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{1, 1, 1, 1, 1, 1, 1, 2}})
	if !strings.Contains(e.Text, "past his Toughness, he rolls (-1) and dies of his injuries") || s.State().Figures["lennox"].Condition != rules.Dead {
		t.Errorf("the second blow: %q", e.Text)
	}
	refused(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox"}, "Squire Lennox is dead")
}

// TestAStunLastsUntilThisTimeNextTurn: a stunned character "has Attack
// and Defence of 0, until this time next turn" (DW II: Injury): until the
// figure that dealt the stun has taken its place in the next turn's order.
// Its blow there still finds the foe dazed, as the worked example's
// "Lennox's effective defence is 0" has it; the stun ends once the blow is
// made, or the dealer delays, or its place passes unused under Lead and
// Chrome's order, and at the latest when the next turn is over
// (docs/defaults.md).
func TestAStunLastsUntilThisTimeNextTurn(t *testing.T) {
	const over = " Squire Lennox shakes off the stun: Sir Rolf has taken its place in the order, this time last turn (Dragon Warriors II: Injury)."
	stunned := func(t *testing.T, s *Session, round []int) {
		t.Helper()
		mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{3, 1, 3, 3}}) // Rolf 12, Lennox 11
		mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: failByFive})
		e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: round})
		if strings.Contains(e.Text, "shakes off") || s.State().Figures["lennox"].Condition != rules.Stunned {
			t.Fatalf("round 2: %q", e.Text)
		}
	}
	t.Run("the dealer's blow at this time next turn finds him dazed", func(t *testing.T) {
		s := openDW(t)
		stunned(t, s, []int{3, 1, 3, 3}) // Rolf 12, Lennox 11
		blow := Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{1, 6, 6, 2, 1, 1, 4, 1}}
		if x, err := s.State().Explain(blow); err != nil || !strings.Contains(x, "Squire Lennox's defence 0 (normal, stunned: 0)") {
			t.Errorf("the stunned Lennox's defence: %q %v", x, err)
		}
		// 14 (-13) = 1 against 0 (+0): one wound; Toughness 10 (+3) = 13
		// against 8 + 5: he keeps what wits he has, and Rolf's place is
		// taken.
		e := mustDo(t, s, blow)
		want := "Squire Lennox defends 0 (+0), total 0: Sir Rolf wins by 1 and deals 1 wound(s); Squire Lennox rolls Toughness (+3), total 13 vs Wounds 8 + 5 = 13: still stunned. (Dragon Warriors II: Roll to Hit)" + over
		if !strings.HasSuffix(e.Text, want) || s.State().Figures["lennox"].Condition != rules.Fine {
			t.Errorf("Rolf's blow:\n got %q\nwant it to end %q, and Lennox fine", e.Text, want)
		}
	})
	t.Run("the dealer's delay is its place taken", func(t *testing.T) {
		s := openDW(t)
		stunned(t, s, []int{1, 5, 1, 4}) // Lennox 8, Rolf 6
		// At his own place, above Rolf's, Lennox is still dazed.
		if x, err := s.State().Explain(Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf"}); err != nil || !strings.Contains(x, "Squire Lennox strikes at Sir Rolf: 0 (stunned: Attack 0)") {
			t.Errorf("the stunned Lennox's attack: %q %v", x, err)
		}
		if e := mustDo(t, s, Command{Kind: CommandDelay, Figure: "lennox"}); strings.Contains(e.Text, "shakes off") {
			t.Errorf("Lennox's delay: %q", e.Text)
		}
		e := mustDo(t, s, Command{Kind: CommandDelay, Figure: "rolf"})
		if want := "Sir Rolf delays the action until later in the turn (Dragon Warriors II: Combat)." + over; e.Text != want {
			t.Errorf("Rolf's delay:\n got %q\nwant %q", e.Text, want)
		}
		if x, err := s.State().Explain(Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf"}); err != nil || !strings.Contains(x, "Squire Lennox strikes at Sir Rolf: 11 (Attack)") {
			t.Errorf("Lennox's attack after the stun: %q %v", x, err)
		}
	})
	t.Run("at the latest when the next turn is over", func(t *testing.T) {
		s := openDW(t)
		stunned(t, s, []int{1, 5, 1, 4}) // Lennox 8, Rolf 6: nobody acts
		e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{3, 1, 3, 3}})
		if !strings.HasSuffix(e.Text, " Squire Lennox shakes off the stun: the turn after it is over (Dragon Warriors II: Injury).") || s.State().Figures["lennox"].Condition != rules.Fine {
			t.Errorf("round 3: %q", e.Text)
		}
	})
	t.Run("in Lead and Chrome's order", func(t *testing.T) {
		s := openLeadChrome(t)
		// Rolf 9+9+10 = 28, Lennox 2+3+11 = 16, each round. Lennox's full
		// parry of round 1 is over in round 2, where Rolf stuns him.
		mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{9, 9, 2, 3}})
		mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Stance: "full", Dice: []int{1, 1, 1, 1}})
		mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{9, 9, 2, 3}})
		e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: failByFive})
		if !strings.Contains(e.Text, "Squire Lennox defends 10 (-1), total 9") || s.State().Figures["lennox"].Condition != rules.Stunned {
			t.Fatalf("round 2: %q, want Lennox out of his parry and stunned", e.Text)
		}
		mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{9, 9, 2, 3}})
		// Rolf holds his actions: his place has come round, and the stun
		// is over before Lennox, below him, acts.
		e = mustDo(t, s, Command{Kind: CommandDelay, Figure: "rolf"})
		if !strings.Contains(e.Text, "Squire Lennox shakes off the stun: Sir Rolf has taken its place in the order, this time last turn (Dragon Warriors II: Injury).") {
			t.Errorf("Rolf's hold: %q", e.Text)
		}
		blow := Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{1, 1, 1, 1}}
		if x, err := s.State().Explain(blow); err != nil || !strings.Contains(x, "Squire Lennox strikes at Sir Rolf: 11 (Attack)") {
			t.Errorf("the preview of Lennox's blow: %q %v", x, err)
		}
		e = mustDo(t, s, blow)
		want := "Squire Lennox attacks Sir Rolf: 11 (+0), total 11"
		if !strings.HasPrefix(e.Text, want) || s.State().Figures["lennox"].Condition != rules.Fine {
			t.Errorf("round 3:\n got %q\nwant it to begin %q", e.Text, want)
		}
	})
}

// TestDragonWarriorsTwoRoundFight plays two turns of Sir Rolf (mace,
// shield, chain) against Squire Lennox (sword, leather) and Will the
// bowman, the table's dice typed in, and compares the log with
// testdata/dragonwarriors-two-rounds.log (go test -run
// TestDragonWarriorsTwoRoundFight -update writes it afresh). It uses
// armour on initiative and damage, delays, a bow's difficulty
// in fathoms with the shield's two, an aggressive parry (its own attack
// sacrificed), a riposte, a counter-riposte at which its bonus does not carry to the counter-riposte, a Toughness roll failed by exactly
// five (a stun, not a knock-out), a stun lasting into the next turn, a
// missile stopped by armour, and a knock-out.
func TestDragonWarriorsTwoRoundFight(t *testing.T) {
	s := openDW(t)
	play := &script{t: t, s: s}
	do := play.do
	setDW(t, s, "rolf", func(d *dragonwarriors.Sheet) { d.Weapon, d.Shield, d.Armour = "one-handed-heavy", true, "chain" })
	setDW(t, s, "lennox", func(d *dragonwarriors.Sheet) { d.Weapon, d.Armour = "one-handed-sword", "leather" })
	will := s.State().Characters["lennox"]
	will.ID, will.Name = "will", "Will the bowman"
	will.DragonWarriors = &dragonwarriors.Sheet{Attack: 12, Defence: 9, Toughness: 9, Reflexes: 12, Weapon: "bow"}
	do(Command{Kind: CommandSetCharacter, Sheet: &will})
	do(Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "will", Character: "will", Side: "outlaws", At: "R8", Facing: "W"}}})

	// Turn 1: Rolf 10 (+2) − 3 = 9, Lennox 11 (+3) − 1 = 13, Will 12 (+1)
	// = 13.
	do(Command{Kind: CommandNewRound, Dice: []int{3, 1, 4, 1, 2, 1}})
	do(Command{Kind: CommandDelay, Figure: "will"})
	// Lennox bides his time for an aggressive parry.
	do(Command{Kind: CommandDelay, Figure: "lennox"})
	// Rolf at Lennox, who parries aggressively: 14 (+0) against 10 + 5
	// (+3) = 18. Lennox ripostes 4 (-2) = 2 against 16 (+0); Rolf
	// counter-ripostes 14 (-1) = 13 against the bare 10 (+0): 3, +2 for
	// the mace, −1 for leather: 4 wounds; Toughness 10 (-6) = 4 against 9:
	// failed by exactly five, stunned.
	do(Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Stance: "aggressive", Dice: []int{1, 1, 5, 2}})
	do(Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Riposte: true, Dice: []int{1, 3, 2, 2}})
	do(Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Riposte: true, Dice: []int{1, 2, 1, 1, 1, 6, 1}})
	// Will's bow at Rolf, 8 paces: 20 feet, 3 fathoms, 5 with the shield.
	// 12 (+1) = 13 against 5 (+0): 8, −3 for chain; Toughness 13 holds.
	do(Command{Kind: CommandShoot, Figure: "will", Shots: []ShotOrder{{Target: "rolf"}}, Dice: []int{2, 1, 1, 1, 3, 3}})
	refused(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf"}, "sacrificed its own attack")

	// Turn 2: Rolf 10 (+0) − 3 = 7, Lennox 11 (+6) − 1 = 16, Will 12 (+0).
	// The dazed Lennox delays; Will's arrow, 12 (-1) = 11 against 5 (+3) =
	// 8, is stopped by the chain; Rolf's mace, 14 (+0) against Lennox's
	// 0 (+2): 12 + 2 − 1 = 13 wounds, 17 in all; Toughness 10 (+1) = 11
	// against 22: knocked out.
	do(Command{Kind: CommandNewRound, Dice: []int{2, 2, 6, 1, 1, 1, 1}})
	do(Command{Kind: CommandDelay, Figure: "lennox"})
	do(Command{Kind: CommandShoot, Figure: "will", Shots: []ShotOrder{{Target: "rolf"}}, Dice: []int{1, 2, 4, 1}})
	do(Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{1, 1, 3, 1, 2, 1}})
	if c := s.State().Figures["lennox"].Condition; c != rules.Unconscious {
		t.Errorf("Lennox at the end is %v, want knocked out", c)
	}
	play.matches("dragonwarriors-two-rounds.log")
}

// TestAMissileNeverLiftsAKnockOutNorRaisesTheDead: a roll failed by more
// than five "means that the character is knocked out", and a further
// wound past Toughness calls for the roll "or die" (DW II: Injury: Stun,
// Knock-Out, and Death); an arrow is "the same form as melee combat"
// (Missile Combat): it never lowers a condition. Lennox, knocked out, is
// shot: his Toughness roll fails by only five, and he stays knocked out;
// the next arrow kills him, and a dead man is no target.
func TestAMissileNeverLiftsAKnockOutNorRaisesTheDead(t *testing.T) {
	s := openDW(t)
	// Rolf 14 (+2) = 16 against 10 (-1) = 9: seven wounds; Toughness 10
	// (-4) = 6 against 12: failed by six, knocked out.
	mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{3, 1, 1, 2, 1, 5}})
	setDW(t, s, "rolf", func(d *dragonwarriors.Sheet) { d.Weapon = "bow" })
	shoot := Command{Kind: CommandShoot, Figure: "rolf", Shots: []ShotOrder{{Target: "lennox"}}}
	// 14 (-4) = 10 against the difficulty 0 (+4) = 4: six wounds, 13 in
	// all; Toughness 10 (+3) = 13 against 18, failed by five.
	shoot.Dice = []int{1, 5, 5, 1, 4, 1}
	e := mustDo(t, s, shoot)
	want := "Sir Rolf attacks Squire Lennox: 14 (-4), total 10; the difficulty 0 (+4), total 4: Sir Rolf wins by 6 and deals 6 wound(s); Squire Lennox rolls Toughness (+3), total 13 vs Wounds 13 + 5 = 18: still knocked out."
	if !strings.Contains(e.Text, want) {
		t.Errorf("an arrow at the knocked-out Lennox:\n got %q\nwant it to say %q", e.Text, want)
	}
	if l := s.State().Figures["lennox"]; l.Condition != rules.Unconscious || l.Hurt != 13 {
		t.Fatalf("Lennox after the arrow: %v, %d wounds; want knocked out, 13", l.Condition, l.Hurt)
	}
	// 14 (+0) against 0 (+0): 14 more, 27; Toughness (+0) fails; past his
	// Toughness, he rolls (+0): 10 against 27, and dies.
	shoot.Dice = []int{1, 1, 1, 1, 1, 1, 1, 1}
	e = mustDo(t, s, shoot)
	if !strings.Contains(e.Text, "still knocked out; past his Toughness, he rolls (+0) and dies of his injuries") || s.State().Figures["lennox"].Condition != rules.Dead {
		t.Fatalf("the second arrow: %q", e.Text)
	}
	// A third arrow, whose death roll would pass, is refused.
	shoot.Dice = []int{1, 1, 1, 1, 1, 1, 6, 6, 1}
	if _, err := s.Do(shoot); err == nil || !strings.Contains(err.Error(), "Squire Lennox is dead") {
		t.Errorf("an arrow at the dead Lennox: %v, want a refusal", err)
	}
	if c := s.State().Figures["lennox"].Condition; c != rules.Dead {
		t.Errorf("Lennox is %v, want dead", c)
	}
}

// dwSwitch turns on the Dragon Warriors II switch whose label has label.
func dwSwitch(t *testing.T, s *Session, label string) {
	t.Helper()
	for _, sw := range s.State().Switches() {
		if strings.Contains(sw.Label, label) {
			if sw.On {
				t.Fatalf("the switch %q is on by default", sw.Label)
			}
			opts := sw.Set(s.State().Options, true)
			mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
			return
		}
	}
	t.Fatalf("no switch says %q", label)
}

// throwAtRolf has Lennox, with weapon, shoot or throw at Rolf 10 feet
// away (four hexes of 2.5 feet), the dice typed.
func throwAtRolf(t *testing.T, s *Session, weapon string, dice ...int) ([]Event, error) {
	t.Helper()
	setDW(t, s, "lennox", func(d *dragonwarriors.Sheet) { d.Weapon = weapon })
	if to, _ := s.State().Map.ParseHex("G8"); s.State().Figures["rolf"].At != to {
		mustDo(t, s, Command{Kind: CommandMove, Figure: "rolf", To: &to})
	}
	return s.Do(Command{Kind: CommandShoot, Figure: "lennox", Shots: []ShotOrder{{Target: "rolf"}}, Dice: dice})
}

// TestRocksAndAxesAreThrownAtTheRangeInFeet: "For close-range weapons like
// rocks, axes, knives and javelins, the difficulty rating equals the range
// in feet. For long-range weapons like bows and crossbows, the difficulty
// rating equals the range in fathoms" (DW II: Missile Combat: Feet and
// Fathoms). The missile rule is the default: an axe (a heavy weapon) and a
// rock (an improvised weapon) are thrown, as the table's light spear is,
// each with its class's bonuses; a crossbow shoots in fathoms. Lennox, 11,
// every roll (+0) but his foe's Toughness, at Rolf 10 feet away.
func TestRocksAndAxesAreThrownAtTheRangeInFeet(t *testing.T) {
	for _, tc := range []struct {
		weapon string
		dice   []int
		want   string
	}{
		{"one-handed-heavy", []int{1, 1, 1, 1, 1, 1},
			"Squire Lennox throws a one-handed heavy weapon (axe, mace, morningstar) at Sir Rolf, 10 feet away: difficulty 10. Squire Lennox attacks Sir Rolf: 11 (+0), total 11; the difficulty 10 (+0), total 10: Squire Lennox wins by 1 and deals 3 wound(s); Sir Rolf rolls Toughness (+0), total 13 vs Wounds 3 + 5 = 8: keeps his wits."},
		{"two-handed-heavy", []int{1, 1, 1, 1, 1, 1},
			"Squire Lennox throws a two-handed heavy weapon (axe, mace, polearm) at Sir Rolf, 10 feet away: difficulty 10. Squire Lennox attacks Sir Rolf: 12 (+0), total 12; the difficulty 10 (+0), total 10: Squire Lennox wins by 2 and deals 5 wound(s)"},
		{"unarmed", []int{1, 1, 1, 1},
			"Squire Lennox throws a rock (an improvised weapon) at Sir Rolf, 10 feet away: difficulty 10. Squire Lennox attacks Sir Rolf: 11 (+0), total 11; the difficulty 10 (+0), total 10: Squire Lennox wins by 1 and deals 0 wound(s)."},
		{"light-spear", []int{1, 1, 1, 1, 1, 1},
			"Squire Lennox throws a two-handed light spear at Sir Rolf, 10 feet away: difficulty 10. Squire Lennox attacks Sir Rolf: 12 (+0), total 12; the difficulty 10 (+0), total 10: Squire Lennox wins by 2 and deals 2 wound(s); Sir Rolf rolls Toughness (+0), total 13 vs Wounds 2 + 5 = 7: keeps his wits."},
		{"crossbow", []int{1, 1, 1, 1, 2, 1},
			"Squire Lennox shoots with a crossbow at Sir Rolf, 2 fathoms away: difficulty 2. Squire Lennox attacks Sir Rolf: 11 (+0), total 11; the difficulty 2 (+0), total 2: Squire Lennox wins by 9 and deals 9 wound(s); Sir Rolf rolls Toughness (+1), total 14 vs Wounds 9 + 5 = 14: keeps his wits."},
	} {
		t.Run(tc.weapon, func(t *testing.T) {
			s := openDW(t)
			evs, err := throwAtRolf(t, s, tc.weapon, tc.dice...)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(evs[0].Text, tc.want) {
				t.Errorf("\n got %q\nwant it to say %q", evs[0].Text, tc.want)
			}
		})
	}
}

// TestThrowingOnlyWhatTheTableSaysIsTheOtherReading: the Weapons table
// says only "Two-handed light spears: +1 Attack; can be thrown" and
// "Small weapons (knives etc.): ... can be concealed and thrown" (DW II:
// Weapons); the Fight tab's switch reads only those as thrown: an axe and
// a rock are not missiles, a spear and a knife still are.
func TestThrowingOnlyWhatTheTableSaysIsTheOtherReading(t *testing.T) {
	s := openDW(t)
	dwSwitch(t, s, "Throw only what the Weapons table says can be thrown")
	for _, w := range []string{"one-handed-heavy", "two-handed-heavy", "unarmed"} {
		if _, err := throwAtRolf(t, s, w, 1, 1, 1, 1, 1, 1); err == nil || !strings.Contains(err.Error(), "Squire Lennox has no missile weapon (a bow, crossbow, or what the Weapons table says can be thrown: a light spear or knife)") {
			t.Errorf("%s thrown under the table's reading: %v, want a refusal", w, err)
		}
	}
	for _, w := range []string{"light-spear", "small"} {
		if _, err := throwAtRolf(t, s, w, 1, 1, 1, 1, 1, 1); err != nil {
			t.Errorf("%s thrown under the table's reading: %v", w, err)
		}
	}
}

// TestMissileDifficultyIsRangePlusOtherModifiers: "in place of the
// Defence score is a difficulty rating, based on range plus other
// modifiers" (DW II: Missile Combat: Feet and Fathoms): the Judge's own
// modifier, with its reason, adds to the difficulty; a player may not set
// one. (A blow takes it on its Attack: TestTheJudgesModifierInEverySystem.)
func TestMissileDifficultyIsRangePlusOtherModifiers(t *testing.T) {
	s := openDW(t)
	setDW(t, s, "lennox", func(d *dragonwarriors.Sheet) { d.Weapon = "small" })
	to, _ := s.State().Map.ParseHex("G8")
	mustDo(t, s, Command{Kind: CommandMove, Figure: "rolf", To: &to})
	fog := &JudgeModifier{Steps: 2, Reason: "fog"}
	// 10 feet, and 2 for the fog: 12. Lennox 11 (+2) = 13 against 12 (+0):
	// one wound; Rolf's Toughness holds.
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "lennox", Shots: []ShotOrder{{Target: "rolf"}}, Modifier: fog, Dice: []int{3, 1, 1, 1, 1, 1}})
	if want := "10 feet away: difficulty 10 + 2 (the Judge: fog) = 12. Squire Lennox attacks Sir Rolf: 11 (+2), total 13; the difficulty 12 (+0), total 12: Squire Lennox wins by 1"; !strings.Contains(e.Text, want) {
		t.Errorf("the knife in the fog:\n got %q\nwant it to say %q", e.Text, want)
	}
	clear := &JudgeModifier{Steps: -3, Reason: "a still, clear line"}
	e = mustDo(t, s, Command{Kind: CommandShoot, Figure: "lennox", Shots: []ShotOrder{{Target: "rolf"}}, Modifier: clear, Dice: []int{1, 1, 1, 1, 1, 1}})
	if want := "difficulty 10 − 3 (the Judge: a still, clear line) = 7."; !strings.Contains(e.Text, want) {
		t.Errorf("%q lacks %q", e.Text, want)
	}
	if _, err := s.Do(Command{Kind: CommandShoot, Figure: "lennox", Shots: []ShotOrder{{Target: "rolf"}}, Modifier: &JudgeModifier{Steps: 1}}); err == nil || !strings.Contains(err.Error(), "needs its reason") {
		t.Errorf("a modifier with no reason: %v", err)
	}
	if _, err := s.DoAs(&Seat{Role: RolePlayer, Figures: []string{"lennox"}}, Command{Kind: CommandShoot, Figure: "lennox", Shots: []ShotOrder{{Target: "rolf"}}, Modifier: fog}); err == nil || !strings.Contains(err.Error(), "only the Judge") {
		t.Errorf("a player's modifier: %v", err)
	}
}

// TestOneRollAgainstTheEnvironmentIsTheOtherReading: "Missile combat
// takes the same form as melee combat" (DW II: Missile Combat), where both
// roll, is the default; "If there is only one character involved, either
// against the environment ... then only one roll is made" (Active and
// Passive Contests of Skill) is the Fight tab's switch: the difficulty is
// a fixed number and only the attacker rolls.
func TestOneRollAgainstTheEnvironmentIsTheOtherReading(t *testing.T) {
	s := openDW(t)
	dwSwitch(t, s, "A missile's difficulty is not rolled")
	// Lennox's knife, 11 (+0) against the difficulty 10, not rolled: one
	// wound; Rolf's Toughness 13 (+0) against 6.
	evs, err := throwAtRolf(t, s, "small", 1, 1, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if want := "Squire Lennox attacks Sir Rolf: 11 (+0), total 11; the difficulty 10 (not rolled), total 10: Squire Lennox wins by 1 and deals 1 wound(s); Sir Rolf rolls Toughness (+0), total 13 vs Wounds 1 + 5 = 6: keeps his wits."; !strings.Contains(evs[0].Text, want) {
		t.Errorf("\n got %q\nwant it to say %q", evs[0].Text, want)
	}
	// The difficulty's two dice are not rolled: typed, they are left over.
	if _, err := s.Do(Command{Kind: CommandShoot, Figure: "lennox", Shots: []ShotOrder{{Target: "rolf"}}, Dice: []int{1, 1, 2, 1, 1, 1}}); err == nil || !strings.Contains(err.Error(), "left over") {
		t.Errorf("six dice for one roll and a Toughness roll: %v", err)
	}
}

// TestTheDeathRollHeldAndWoundsEqualToToughness: "A character whose
// cumulative wounds score is greater than his Toughness must roll Wounds
// vs Toughness every time a further wound is taken, or die" (DW II:
// Injury: Stun, Knock-Out, and Death). Wounds equal to Toughness are not
// greater: a wound taken then calls for no death roll; past it, a roll
// that reaches the wounds lives.
func TestTheDeathRollHeldAndWoundsEqualToToughness(t *testing.T) {
	s := openDW(t)
	strike := func(dice ...int) string {
		t.Helper()
		return mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: dice}).Text
	}
	// Rolf 14 (+4) = 18 against 10 (-2) = 8: ten wounds, Lennox's
	// Toughness; his Toughness (+6) = 16 against 15 holds.
	if e := strike(5, 1, 1, 3, 6, 1, 1); !strings.Contains(e, "deals 10 wound(s)") || strings.Contains(e, "past his Toughness") {
		t.Fatalf("the first blow: %q", e)
	}
	// 14 (+0) against 10 (+3): one wound, at 10 not past Toughness: no
	// death roll. Toughness (+6) = 16 against 11 + 5 holds.
	if e := strike(1, 1, 4, 1, 6, 1, 1); !strings.HasSuffix(e, "total 16 vs Wounds 11 + 5 = 16: keeps his wits. (Dragon Warriors II: Roll to Hit)") {
		t.Errorf("a wound at wounds equal to Toughness: %q, want no death roll", e)
	}
	// One more, at 11, past 10: Toughness (+7) = 17 against 17 holds; the
	// death roll (+2): 10 + 2 = 12 against 12 wounds, and he lives.
	e := strike(1, 1, 4, 1, 6, 2, 1, 3, 1)
	if !strings.HasSuffix(e, "total 17 vs Wounds 12 + 5 = 17: keeps his wits; past his Toughness, he rolls (+2) and lives. (Dragon Warriors II: Roll to Hit)") {
		t.Errorf("the death roll held: %q", e)
	}
	if l := s.State().Figures["lennox"]; l.Condition != rules.Fine || l.Hurt != 12 {
		t.Errorf("Lennox: %v with %d wounds, want fine with 12", l.Condition, l.Hurt)
	}
}

// TestWarriorsCanUseAnyWeaponWithEqualFacility: "We presume that warriors
// are versatile, and can use any weapon with equal facility" (DW II:
// Weapons): any sheet may name any weapon of the table, and each strikes
// at the sheet's Attack and the weapon class's bonus, nothing for skill.
func TestWarriorsCanUseAnyWeaponWithEqualFacility(t *testing.T) {
	s := openDW(t)
	for _, w := range dragonwarriors.Weapons {
		t.Run(w.ID, func(t *testing.T) {
			setDW(t, s, "lennox", func(d *dragonwarriors.Sheet) { d.Weapon = w.ID })
			x, err := s.State().Explain(Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf"})
			if want := fmt.Sprintf("Squire Lennox strikes at Sir Rolf: %d (Attack)", 11+w.Attack); err != nil || !strings.Contains(x, want) {
				t.Errorf("Lennox with a %s: %q %v, want %q", w.Name, x, err, want)
			}
		})
	}
}

// TestCombatTurnsLastAboutSixSeconds: "Combat turns last about 6 seconds"
// (DW II: Combat): a figure moves one turn's move a turn, twice Move
// walking and twice Run running (docs/defaults.md), counted from the
// turn's initiative, on DW II's own or Lead and Chrome's. A second move
// in the same turn goes what is left, and the map window's reach shrinks
// to it; the next turn restores it.
func TestCombatTurnsLastAboutSixSeconds(t *testing.T) {
	for _, lc := range []bool{false, true} {
		t.Run(map[bool]string{false: "DW II's initiative", true: "Lead and Chrome's initiative"}[lc], func(t *testing.T) {
			s := dwOnThePlain(t, 64)
			newTurn := []int{3, 3, 3, 3} // DW II: Reflexes ±0 each
			if lc {
				opts := s.State().Options
				setLC(&opts, func(l *LeadChromeOptions) { l.Initiative = InitiativeLeadChrome })
				mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
				newTurn = []int{5, 5, 4, 4} // 2D10 each
			}
			east := func(n int) *hexmap.Hex { h := hexmap.Hex{Q: 2 + n, R: 2}; return &h }
			move := func(n int, run bool) (Event, error) {
				t.Helper()
				ev, err := s.Do(Command{Kind: CommandMove, Figure: "rolf", To: east(n), Run: run})
				if len(ev) == 0 {
					return Event{}, err
				}
				return ev[0], err
			}
			reach := func(run bool) MoveArea {
				t.Helper()
				a, err := s.State().Reach("rolf", run)
				if err != nil {
					t.Fatalf("reach: %v", err)
				}
				return a
			}
			mustDo(t, s, Command{Kind: CommandNewRound, Dice: newTurn})
			// Sir Rolf, Move 5, walks 6 of his 10 paces.
			e, err := move(6, false)
			if err != nil || e.Paced != 6 || !strings.Contains(e.Text, "4 of a turn's 10 paces walking left") || !strings.Contains(e.Text, "Combat turns last about 6 seconds") {
				t.Fatalf("the first move: %v, %+v", err, e)
			}
			// The rest of the turn's walk: 4 paces, and the overlay with it.
			if a := reach(false); a.Costs[*east(10)] != 4 || a.Cost(*east(10)) != "4 paces" {
				t.Errorf("east(10) in the reach: %v", a.Cost(*east(10)))
			} else if _, ok := a.Costs[*east(11)]; ok {
				t.Errorf("five paces more in the reach")
			}
			if _, err := move(11, false); err == nil || !strings.Contains(err.Error(), "further than the rest of Sir Rolf's move this turn goes: 4 of 10 paces walking") {
				t.Fatalf("five paces more: %v", err)
			}
			// Running, the turn's move is 20 paces: 14 are left.
			if p := s.State().Preview(nil, Command{Kind: CommandMove, Figure: "rolf", To: east(20), Run: true}); !p.OK() || p.Cost() != "14 paces" {
				t.Errorf("running the rest: %v, %q", p.Err, p.Cost())
			}
			if _, ok := reach(true).Costs[*east(21)]; ok {
				t.Errorf("fifteen paces more running in the reach")
			}
			if e, err = move(10, false); err != nil || !strings.Contains(e.Text, "0 of a turn's 10 paces walking left") {
				t.Fatalf("the rest of the walk: %v, %v", err, e.Text)
			}
			if _, err := s.State().Reach("rolf", false); err == nil || !strings.Contains(err.Error(), "has moved 10 paces this turn, all of a turn's move walking") {
				t.Errorf("the reach of a figure that has moved its turn's move: %v", err)
			}
			if _, err := move(11, false); err == nil || !strings.Contains(err.Error(), "all of a turn's move walking") {
				t.Fatalf("a pace more: %v", err)
			}
			// The next turn restores it.
			mustDo(t, s, Command{Kind: CommandNewRound, Dice: newTurn})
			if e, err = move(20, false); err != nil || e.Paced != 10 {
				t.Fatalf("the next turn's walk: %v, %+v", err, e)
			}
		})
	}
}

// TestSmallWeaponsCanBeConcealed: "Small weapons (knives etc.): No bonus
// to attack, but can be concealed and thrown" (DW II: Weapons). The sheet
// editor marks a knife concealed (no other weapon); no player but the
// figure's own is told of it, until a strike or a throw with it shows it,
// in the log, once.
func TestSmallWeaponsCanBeConcealed(t *testing.T) {
	s := openDW(t)
	if !slices.ContainsFunc(SystemByID("dragonwarriors").Sheet()[0].Fields, func(f SheetField) bool { return strings.HasPrefix(f.Label, "Weapon concealed") }) {
		t.Fatal("the sheet editor has no concealed mark")
	}
	c := s.State().Characters["lennox"]
	dw := *c.DragonWarriors
	dw.Weapon, dw.Concealed = "one-handed-sword", true
	c.DragonWarriors = &dw
	if _, err := s.Do(Command{Kind: CommandSetCharacter, Sheet: &c}); err == nil || !strings.Contains(err.Error(), "only small weapons (knives etc.) can be concealed") {
		t.Fatalf("a concealed sword: %v", err)
	}
	setDW(t, s, "lennox", func(d *dragonwarriors.Sheet) { d.Weapon, d.Concealed = "small", true })
	setDW(t, s, "rolf", func(d *dragonwarriors.Sheet) { d.Weapon, d.Concealed = "small", true })
	// Without fog of war: the throw knocks Lennox out, and a figure down
	// sees nothing (fog.go); the concealment is told all the same.
	opts := s.State().Options
	opts.NoFog = true
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	rolfs := &Seat{Name: "Rolf's player", Role: RolePlayer, Figures: []string{"rolf"}}
	lennoxs := &Seat{Name: "Lennox's player", Role: RolePlayer, Figures: []string{"lennox"}}
	welcome, err := json.Marshal(s.Welcome(rolfs))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(welcome), `"weapon":"small"`) != true {
		t.Fatalf("Rolf's player is not told of Rolf's own knife")
	}
	if strings.Count(string(welcome), `"weapon":"small"`) != 1 {
		t.Fatalf("Rolf's player is told of Lennox's concealed knife: %s", welcome)
	}
	// Lennox strikes with it (+0), total 11, against Rolf's 14 (+0): a
	// miss, and the knife is shown.
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{1, 1, 1, 1}})
	reveal := `Squire Lennox draws a small weapon (knife) that was concealed (Dragon Warriors II: Weapons: "Small weapons (knives etc.) ... can be concealed"). Squire Lennox attacks Sir Rolf`
	if !strings.HasPrefix(e.Text, reveal) || !s.State().Figures["lennox"].dw().Drawn {
		t.Fatalf("the first blow: %q, drawn %v", e.Text, s.State().Figures["lennox"].dw().Drawn)
	}
	if out, send, _ := s.ForSeat(rolfs, e); !send || !strings.HasPrefix(out.Text, reveal) {
		t.Errorf("Rolf's player is not told: %v %q", send, out.Text)
	}
	e = mustDo(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{1, 1, 1, 1}})
	if strings.Contains(e.Text, "concealed") {
		t.Errorf("the knife shown twice: %q", e.Text)
	}
	// Rolf throws his: shown as it flies.
	e = mustDo(t, s, Command{Kind: CommandShoot, Figure: "rolf", Shots: []ShotOrder{{Target: "lennox"}}, Dice: []int{1, 1, 1, 1, 1, 1}})
	if !strings.HasPrefix(e.Text, "Sir Rolf draws a small weapon (knife) that was concealed") || !strings.Contains(e.Text, "throws a small weapon (knife) at Squire Lennox") {
		t.Errorf("the throw: %q", e.Text)
	}
	if out, send, _ := s.ForSeat(lennoxs, e); !send || !strings.Contains(out.Text, "draws a small weapon (knife) that was concealed") {
		t.Errorf("Lennox's player is not told: %v %q", send, out.Text)
	}
}

// dwOnThePlain opens the Dragon Warriors II demo fight on an open plain of
// size × size hexes of dirt: Rolf at (2,2) facing east, Lennox at (2,9).
func dwOnThePlain(t *testing.T, size int) *Session {
	t.Helper()
	f, err := DecodeFight(bytes.NewReader(assets.Fights()["dragonwarriors"]))
	if err != nil {
		t.Fatal(err)
	}
	m, err := hexmap.New("the open plain", hexmap.Pointy, size, size, "dirt")
	if err != nil {
		t.Fatal(err)
	}
	f.Map = m.File()
	f.Figures[0].At, f.Figures[0].Facing = m.Label(hexmap.Hex{Q: 2, R: 2}), "E"
	f.Figures[1].At = m.Label(hexmap.Hex{Q: 2, R: 9})
	s, err := Open(f, filepath.Join(t.TempDir(), "dw.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
