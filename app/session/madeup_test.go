package session

// A sixth rule system, made up and written in this one file: the proof
// that a system lives in its own files (issue 36). Coin Flip registers
// itself, its part of a figure's status, its option and a fight to play
// from this file's init, and the tests that play every system
// (TestPreviewIsTheDecision, TestRandomFightsReplay, TestEveryAttackHasOutcomes,
// the fuzzers, …) play it as they play the five real ones. Nothing
// outside this file names it.
//
// The rules: rounds are simultaneous. A strike flips a coin at a foe:
// heads, the foe takes a tails mark (two with the option "coin_double");
// three marks put it out of the fight. A figure with marks may rally
// (coin_rally) instead: heads takes one mark away.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"hexslinger/rules"
)

func init() {
	register(coinFlip{})
	registerStatusPart[coinStatus]("coin")
	registerOptionPart[coinOptions]("coin")
	testSystems[coinFlip{}.ID()] = testSystem{fight: coinFight, kinds: []string{commandCoinRally, commandCoinRally}}
}

// commandCoinRally is Coin Flip's own command: a figure with marks flips
// to lose one.
const commandCoinRally = "coin_rally"

// coinOut is how many marks put a figure out of the fight.
const coinOut = 3

// coinStatus is what Coin Flip keeps of a figure: its tails marks.
type coinStatus struct {
	Marks int `json:"coin_marks,omitempty"`
}

// check range-checks the part, from an event or a fight file.
func (p coinStatus) check() error { return checkCounts(countField{"coin_marks", p.Marks}) }

// worse says new marks (harmSaid): "1 tails mark".
func (p coinStatus) worse(before any) []string {
	b, _ := before.(coinStatus)
	if n := p.Marks - b.Marks; n > 0 {
		return []string{fmt.Sprintf("%d tails %s", n, plural(n, "mark", "marks"))}
	}
	return nil
}

// seen: a marked figure looks it.
func (p coinStatus) seen() []string {
	if p.Marks > 0 {
		return []string{fmt.Sprintf("marked %d", p.Marks)}
	}
	return nil
}

// coinOptions are Coin Flip's own options of a fight.
type coinOptions struct {
	// Double: heads gives two marks.
	Double bool `json:"coin_double,omitempty"`
}

func (p coinOptions) said() []string {
	if p.Double {
		return []string{"Coin Flip: heads gives two marks."}
	}
	return nil
}

// coinFlip is the made-up system.
type coinFlip struct{}

func (coinFlip) ID() string                          { return "coin" }
func (coinFlip) Name() string                        { return "Coin Flip" }
func (coinFlip) CheckSheet(Character) error          { return nil }
func (coinFlip) MovesCostAP() bool                   { return false }
func (coinFlip) ExactDice(string) bool               { return true }
func (coinFlip) Sheet() []SheetPart                  { return nil }
func (coinFlip) Derived(Character) string            { return "" }
func (coinFlip) Movement(s *State, f *Figure) string { return freeMovement(s, f) }
func (coinFlip) Reach(s *State, f *Figure, run bool) (MoveArea, error) {
	return apReach(s, f, run)
}
func (coinFlip) Explain(s *State, c Command) (string, error) { return explainPreview(s, c) }

func (coinFlip) Actions() []Action {
	return []Action{{Name: ActStrike, Kind: CommandStrike}, {Name: ActMove, Kind: CommandMove}, {Name: ActTurn, Kind: CommandTurn}}
}

func (coinFlip) Turn(s *State) Turn {
	return Turn{Steps: []TurnStep{{Label: "this round", Figures: append([]string(nil), s.Order...), Now: true}}, Together: true,
		Line: fmt.Sprintf("Round %d of Coin Flip: everyone flips once.", s.Round)}
}

func (coinFlip) Switches(o FightOptions) []Switch {
	return []Switch{{Label: "Coin Flip: heads gives two marks", On: partOf[coinOptions](o.Parts).Double,
		Set: func(o FightOptions, on bool) FightOptions { setPart(&o.Parts, coinOptions{Double: on}); return o }}}
}

func (c coinFlip) Decide(s *State, cmd Command, src roller) ([]Event, bool, error) {
	switch cmd.Kind {
	case CommandNewRound:
		e := Event{Kind: EventRoundStarted, Round: s.nextRound(), APs: map[string]int{},
			Text: fmt.Sprintf("Round %d of Coin Flip.", s.nextRound())}
		for _, id := range s.Order {
			e.APs[id] = s.Figures[id].AP
		}
		return []Event{e}, true, nil
	case CommandStrike:
		ev, err := coinStrike(s, cmd, src)
		return ev, true, err
	case commandCoinRally:
		ev, err := coinRally(s, cmd, src)
		return ev, true, err
	}
	return nil, false, nil
}

// coinFlips flips figure f's coin: heads is true.
func coinFlips(f *Figure, what string, src roller) (bool, error) {
	rnd, err := src([]need{{f.ID, what + " (a d2: 2 is heads)"}})
	if err != nil {
		return false, err
	}
	n, err := rules.DiceFor(rnd, f.ID).Roll(2)
	if err != nil {
		return false, &Refusal{Reason: err.Error()}
	}
	return n == 2, nil
}

func coinStrike(s *State, c Command, src roller) ([]Event, error) {
	f, _, err := actor(s, c.Figure)
	if err != nil {
		return nil, err
	}
	t, ok := s.Figures[c.Target]
	switch {
	case !ok:
		return nil, refuse("there is no figure %q in this fight", c.Target)
	case t.ID == f.ID:
		return nil, refuse("%s cannot flip at itself", s.FigureName(f.ID))
	case f.Attacked && s.Begun:
		return nil, refuse("%s has flipped this round", s.FigureName(f.ID))
	}
	heads, err := coinFlips(f, s.FigureName(f.ID)+"'s coin", src)
	if err != nil {
		return nil, err
	}
	fs := f.FigureStatus.clone()
	fs.Attacked = true
	e := Event{Kind: EventActed, Action: CommandStrike, Figure: f.ID, Targets: []string{t.ID}, APLeft: f.AP,
		Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: fs}}}
	if !heads {
		e.Text = fmt.Sprintf("%s flips at %s: tails, a miss.", s.FigureName(f.ID), s.FigureName(t.ID))
		return []Event{e}, nil
	}
	ts := t.FigureStatus.clone()
	p := partOf[coinStatus](ts.Parts)
	p.Marks = min(coinOut, p.Marks+1)
	if partOf[coinOptions](s.Options.Parts).Double {
		p.Marks = min(coinOut, p.Marks+1)
	}
	setPart(&ts.Parts, p)
	if p.Marks >= coinOut {
		ts.Condition = rules.Unconscious
	}
	e.Changes = append(e.Changes, FigureChange{Figure: t.ID, AP: t.AP, Status: ts})
	e.Text = fmt.Sprintf("%s flips at %s: heads; %s has %d of %d marks.", s.FigureName(f.ID), s.FigureName(t.ID), s.FigureName(t.ID), p.Marks, coinOut)
	return []Event{e}, nil
}

func coinRally(s *State, c Command, src roller) ([]Event, error) {
	f, _, err := actor(s, c.Figure)
	if err != nil {
		return nil, err
	}
	p := partOf[coinStatus](f.Parts)
	if p.Marks == 0 {
		return nil, refuse("%s has no marks to rally from", s.FigureName(f.ID))
	}
	heads, err := coinFlips(f, s.FigureName(f.ID)+"'s rally", src)
	if err != nil {
		return nil, err
	}
	st := f.FigureStatus.clone()
	text := fmt.Sprintf("%s rallies: tails, still %d marks.", s.FigureName(f.ID), p.Marks)
	if heads {
		p.Marks--
		setPart(&st.Parts, p)
		text = fmt.Sprintf("%s rallies: heads, %d marks left.", s.FigureName(f.ID), p.Marks)
	}
	return []Event{{Kind: EventActed, Action: commandCoinRally, Figure: f.ID, APLeft: f.AP,
		Changes: []FigureChange{{Figure: f.ID, AP: f.AP, Status: st}}, Text: text}}, nil
}

// coinFight is Coin Flip's fight to play: the bundled Fudge fight's map
// and figures, under Coin Flip, its option on.
func coinFight(t testing.TB) *FightFile {
	t.Helper()
	f := bundledFight(t, "fudge")
	f.Rules = coinFlip{}.ID()
	f.Options = FightOptions{}
	setPart(&f.Options.Parts, coinOptions{Double: true})
	if _, err := f.State(); err != nil {
		t.Fatalf("Coin Flip's fight: %v", err)
	}
	return f
}

// TestCoinFlipKeepsItsOwnParts: Coin Flip's marks and option are written
// flat under their own names in the journal and a saved fight, come back
// when the journal reopens, and are said in the log and the Looks.
func TestCoinFlipKeepsItsOwnParts(t *testing.T) {
	f := coinFight(t)
	path := t.TempDir() + "/coin.journal.jsonl"
	s, err := Open(f, path)
	if err != nil {
		t.Fatal(err)
	}
	ids := s.State().Order
	a, b := ids[0], ids[len(ids)-1]
	mustDo(t, s, Command{Kind: CommandNewRound})
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &s.State().Options})
	if log := s.State().Log; !strings.Contains(log[len(log)-1].Text, "Coin Flip: heads gives two marks.") {
		t.Errorf("set_options says %q, want Coin Flip's own sentence", log[len(log)-1].Text)
	}
	hit := mustDo(t, s, Command{Kind: CommandStrike, Figure: a, Target: b, Dice: []int{2}}) // heads
	if got := partOf[coinStatus](s.State().Figures[b].Parts).Marks; got != 2 {
		t.Fatalf("%s after heads with the option on: %d marks, want 2 (%s)", b, got, hit.Text)
	}
	if o := hit.Outcomes; len(o) != 1 || !o[0].Hit || o[0].Damage != "2 tails marks" {
		t.Errorf("the outcome: %+v, want a hit of 2 tails marks", o)
	}
	if looks := s.State().Looks(b); !strings.Contains(looks, "marked 2") {
		t.Errorf("Looks(%s) = %q, want it marked", b, looks)
	}
	mustDo(t, s, Command{Kind: commandCoinRally, Figure: b, Dice: []int{2}})
	want := stateKey(t, s.State())
	data, err := json.Marshal(s.State().Snapshot(nil))
	if err != nil {
		t.Fatal(err)
	}
	if saved := string(data); !strings.Contains(saved, `"coin_marks":1`) || !strings.Contains(saved, `"coin_double":true`) {
		t.Errorf("the saved fight has not coin_marks 1 and coin_double: %s", saved)
	}
	s.Close()
	s2, err := Open(f, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if got := stateKey(t, s2.State()); got != want {
		t.Errorf("the journal reopens to another state:\n%s", firstDiff(got, want))
	}
}
