package board

import (
	"bytes"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/assets"
	"hexslinger/rules"
)

// diceTable serves the demo fight with options set, Cyril's Schofield
// readied and cocked, and opens a map window on it: Ann's (who commands
// Cyril) when player, else the Judge's. pump hands the window what the
// session sent it.
func diceTable(t *testing.T, player bool, set func(*session.FightOptions)) (s *session.Session, g *Game, pump func()) {
	t.Helper()
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		t.Fatal(err)
	}
	s, err = session.Open(f, filepath.Join(t.TempDir(), "dice.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	for _, c := range []session.Command{{Kind: session.CommandReady, Figure: "cyril", Weapon: "schofield"}, {Kind: session.CommandCock, Figure: "cyril", Weapon: "schofield"}} {
		if _, err := s.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	opts := s.State().Options
	set(&opts)
	if _, err := s.Do(session.Command{Kind: session.CommandSetOptions, Options: &opts}); err != nil {
		t.Fatal(err)
	}
	access := session.NewAccess("judge")
	token := access.Judge().Token()
	if player {
		token = access.AddPlayer("Ann", []string{"cyril"}).Token()
	}
	sv, err := transport.Serve(s, "127.0.0.1:0", access, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sv.Close() })
	g = NewGame(sv.URL(), token)
	t.Cleanup(g.Close)
	pump = func() {
		for _, m := range g.conn.take() {
			g.receive(m)
		}
	}
	waitUntil(t, "the window's view", func() bool {
		pump()
		return g.play.st != nil && g.conn.statusText() == "" && reflect.DeepEqual(withoutSeed(g.play.st.Options), withoutSeed(opts))
	})
	return s, g, pump
}

// withoutSeed is o as a player's window is sent it.
func withoutSeed(o session.FightOptions) session.FightOptions {
	o.Seed = nil
	return o
}

// cyrilShoots is Cyril's normal shot at Zeke, as a click in attack mode
// fires it.
func cyrilShoots() *session.Command {
	return &session.Command{Kind: session.CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: []session.ShotOrder{{Target: "zeke", Kind: "normal"}}}
}

// lastLine is the last line of the session's log.
func lastLine(s *session.Session) string {
	log := s.State().Log
	return log[len(log)-1].Text
}

// TestAPlayersShotUnderTableDiceAsksForItsDice: with table dice and
// players rolling their own, Ann's shot with Cyril is refused for want of
// dice; her window opens a prompt listing exactly the session's needs
// (Cyril's pool and card, not Zeke's stun check). Dice no d10 shows are
// refused in the prompt, which stays to have them put right; 9 and 2 and
// the 3♥ fire the shot, and the prompt closes. Esc calls a command off,
// nothing rolled. Before, the window showed the refusal and no way to
// type the dice.
func TestAPlayersShotUnderTableDiceAsksForItsDice(t *testing.T) {
	s, g, pump := diceTable(t, true, func(o *session.FightOptions) { o.TableDice, o.PlayerDice = true, true })
	g.issue(cyrilShoots(), "")
	waitUntil(t, "the dice prompt", func() bool { pump(); return g.dice != nil })
	want := []string{"Cyril Wellington's pool: 2d10, then a card for each shot that goes off"}
	if p := g.dice; !slices.Equal(p.needs, want) || p.own || p.cmd.Kind != session.CommandShoot {
		t.Fatalf("the prompt: needs %q, own %v, command %+v; want %q", p.needs, p.own, p.cmd, want)
	}
	tries := []struct {
		name, typed, err string // err: what the prompt then says; "": it closes
	}{
		{"a word that is no card", "9 2, 3H, x", `"x" is neither a die's face nor a card`},
		{"a die no d10 shows", "11 2, 3H", "Refused: a d10 cannot show 11"},
		{"no card", "9 2", "an action card is needed"},
		{"Cyril's dice and card", "9 2, 3H", ""},
	}
	for _, tt := range tries {
		t.Run(tt.name, func(t *testing.T) {
			if g.dice == nil {
				t.Fatal("the prompt closed")
			}
			g.dice.typed = nil
			g.typeDice(tt.typed)
			g.sendDice()
			waitUntil(t, "the answer", func() bool { pump(); return g.dice == nil || !g.dice.waiting })
			switch {
			case tt.err == "" && g.dice != nil:
				t.Fatalf("%q: the prompt stays, saying %q", tt.typed, g.dice.err)
			case tt.err != "" && (g.dice == nil || !strings.Contains(g.dice.err, tt.err)):
				t.Fatalf("%q: the prompt %+v, want it to say %q", tt.typed, g.dice, tt.err)
			}
		})
	}
	if line := lastLine(s); !strings.Contains(line, "9 vs TN 6, hits the") {
		t.Errorf("the shot did not roll Ann's 9 and 2: %s", line)
	}
	waitUntil(t, "the shot's line in the window", func() bool { pump(); return strings.Contains(g.message, "hits the") })

	t.Run("Esc calls it off", func(t *testing.T) {
		s, g, pump := diceTable(t, true, func(o *session.FightOptions) { o.TableDice, o.PlayerDice = true, true })
		n := len(s.State().Log)
		g.issue(cyrilShoots(), "")
		waitUntil(t, "the dice prompt", func() bool { pump(); return g.dice != nil })
		g.typeDice("4 4")
		g.callOffDice()
		if g.dice != nil || !strings.Contains(g.message, "Called off") || len(s.State().Log) != n {
			t.Errorf("after Esc: prompt %+v, message %q, %d events more", g.dice, g.message, len(s.State().Log)-n)
		}
	})
}

// TestTheJudgesNextRoundAsksForTheTableDice: in the Judge's window under
// table dice, Next round (Ctrl+R) opens the prompt with every figure's
// initiative, as the console's table-dice dialog lists them; the dice
// typed begin the round.
func TestTheJudgesNextRoundAsksForTheTableDice(t *testing.T) {
	s, g, pump := diceTable(t, false, func(o *session.FightOptions) { o.TableDice = true })
	g.nextTurn(session.CommandNewRound)
	waitUntil(t, "the dice prompt", func() bool { pump(); return g.dice != nil })
	if n := len(g.dice.needs); n != 4 || !strings.HasPrefix(g.dice.needs[0], "Cyril Wellington's initiative: 3d8") {
		t.Fatalf("the Judge's prompt lists %q, want the four figures' initiative", g.dice.needs)
	}
	g.typeDice("3 3 3, 4 4 4 4, 2 2 2, 1 1")
	g.sendDice()
	waitUntil(t, "the round", func() bool { pump(); return g.dice == nil || g.dice.err != "" })
	if g.dice != nil || !s.State().Begun {
		t.Fatalf("the round did not begin: the prompt says %+v", g.dice)
	}
}

// TestMyDiceAsksBeforeTheCommandIsSent: where players roll their own
// dice without table dice, the window offers My dice (M); on, Ann's shot
// is not sent but asks first for Cyril's rolls, as the session's preview
// lists them, and goes with them. Off, the shot goes as it is and the
// session rolls. A fight that does not let players roll offers nothing.
func TestMyDiceAsksBeforeTheCommandIsSent(t *testing.T) {
	s, g, pump := diceTable(t, true, func(o *session.FightOptions) { o.PlayerDice = true })
	has := func(label string) bool {
		return slices.ContainsFunc(g.buttons(), func(b button) bool { return b.label == label })
	}
	if !has("My dice (M)") {
		t.Fatal("the player's bar does not offer My dice")
	}
	g.toggleMyDice()
	if !g.myDice {
		t.Fatal("M did not turn My dice on")
	}
	n := len(s.State().Log)
	g.issue(cyrilShoots(), "")
	if g.dice == nil || !g.dice.own || !slices.Equal(g.dice.needs, []string{"Cyril Wellington's pool: 2d10, then a card for each shot that goes off"}) {
		t.Fatalf("the shot with My dice on: prompt %+v, want Cyril's own rolls asked first", g.dice)
	}
	if len(s.State().Log) != n {
		t.Fatal("the shot was sent before its dice")
	}
	g.typeDice("9 2 3H")
	g.sendDice()
	waitUntil(t, "the shot", func() bool { pump(); return g.dice == nil || g.dice.err != "" })
	if g.dice != nil || !strings.Contains(lastLine(s), "9 vs TN 6, hits the") {
		t.Fatalf("the shot with Ann's dice: prompt %+v, log %q", g.dice, lastLine(s))
	}
	t.Run("off", func(t *testing.T) {
		s, g, pump := diceTable(t, true, func(o *session.FightOptions) { o.PlayerDice = true })
		g.toggleMyDice()
		g.toggleMyDice()
		n := len(s.State().Log)
		g.issue(cyrilShoots(), "")
		waitUntil(t, "the session's shot", func() bool { pump(); return len(s.State().Log) > n })
		if g.dice != nil || !strings.Contains(lastLine(s), "fires the S&W Schofield") {
			t.Errorf("My dice off: prompt %+v, log %q; want the shot sent as it is", g.dice, lastLine(s))
		}
	})
	t.Run("a fight where the session rolls", func(t *testing.T) {
		_, g, _ := diceTable(t, true, func(o *session.FightOptions) {})
		if slices.ContainsFunc(g.buttons(), func(b button) bool { return b.label == "My dice (M)" }) {
			t.Error("the bar offers My dice where players may not roll")
		}
		g.toggleMyDice()
		if g.myDice || !strings.Contains(g.message, "the Judge may let players roll their own") {
			t.Errorf("M: on %v, message %q", g.myDice, g.message)
		}
	})
}

// TestParseRolls: what the prompt reads of its field.
func TestParseRolls(t *testing.T) {
	tests := []struct {
		name, in string
		dice     []int
		cards    []string
		err      string
	}{
		{"dice and a card", "5 3 8, AS", []int{5, 3, 8}, []string{"AS"}, ""},
		{"commas alone", "9,2,3H", []int{9, 2}, []string{"3H"}, ""},
		{"a suit's sign", "7 Q♠", []int{7}, []string{"QS"}, ""},
		{"a card in words", "q of spades, red joker 10h", nil, []string{"QS", "RJ", "10H"}, ""},
		{"nothing", " , ", nil, nil, "Type the dice rolled"},
		{"no face", "0 3", nil, nil, `"0" is not a die's face`},
		{"no card", "4 zz", nil, nil, `"zz" is neither a die's face nor a card`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dice, cards, err := parseRolls(tt.in)
			switch {
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("parseRolls(%q): %v, want %q", tt.in, err, tt.err)
			case tt.err == "" && (err != nil || !slices.Equal(dice, tt.dice) || !slices.Equal(cards, tt.cards)):
				t.Errorf("parseRolls(%q) = %v, %q, %v; want %v, %q", tt.in, dice, cards, err, tt.dice, tt.cards)
			}
		})
	}
}

// FuzzParseRolls: whatever a player types in the dice prompt, parseRolls
// never panics, and what it reads is what the session takes: every die a
// face from 1 to 1000, every card one of the deck's by its id, at least
// one of either; and the dice and cards written back plainly read the
// same again.
func FuzzParseRolls(f *testing.F) {
	for _, s := range []string{"5 3 8, AS", "9,2,3H", "q of spades red joker 10h", "7 Q♠", "", "0", "1 2 3 4 5 6 7 8 9 10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		dice, cards, err := parseRolls(s)
		if err != nil {
			if dice != nil || cards != nil {
				t.Fatalf("parseRolls(%q) failed (%v) but read %v %q", s, err, dice, cards)
			}
			return
		}
		if len(dice)+len(cards) == 0 {
			t.Fatalf("parseRolls(%q) read nothing and did not say so", s)
		}
		for _, d := range dice {
			if d < 1 || d > 1000 {
				t.Fatalf("parseRolls(%q) read a die of %d", s, d)
			}
		}
		deck := rules.Cards()
		var plain []string
		for _, d := range dice {
			plain = append(plain, strconv.Itoa(d))
		}
		for _, c := range cards {
			card, err := rules.FindCard(deck, c)
			if err != nil || card.ID != c {
				t.Fatalf("parseRolls(%q) read the card %q, which is not the deck's (%v)", s, c, err)
			}
			plain = append(plain, c)
		}
		again, cardsAgain, err := parseRolls(strings.Join(plain, " "))
		if err != nil || !slices.Equal(again, dice) || !slices.Equal(cardsAgain, cards) {
			t.Fatalf("parseRolls(%q) = %v %q; written back, %v %q (%v)", s, dice, cards, again, cardsAgain, err)
		}
	})
}
