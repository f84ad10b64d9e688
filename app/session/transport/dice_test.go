package transport

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"hexslinger/app/session"
)

// answer sends c from cl and returns its result.
func answer(ctx context.Context, t *testing.T, cl *Client, c session.Command) Message {
	t.Helper()
	id, err := cl.Send(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	for {
		m := next(ctx, t, cl, MsgResult)
		if m.ID == id {
			return m
		}
	}
}

// TestAPlayersDiceOverTheWire: over the real protocol, a player's shot
// that brings dice and a card is forbidden while the Judge has not let
// players roll their own, the answer telling of no die; once the Judge
// has, the player's dice roll the shooter's pool alone: 20s after them,
// which no die shows, are not read for the target's stun check.
func TestAPlayersDiceOverTheWire(t *testing.T) {
	s := open(t)
	ctx, judge, alice := table(t, s)
	for _, c := range []session.Command{{Kind: session.CommandReady, Figure: "cyril", Weapon: "schofield"}, {Kind: session.CommandCock, Figure: "cyril", Weapon: "schofield"}} {
		if m := answer(ctx, t, alice, c); !m.OK {
			t.Fatalf("%s: %+v", c.Kind, m)
		}
	}
	shot := session.Command{Kind: session.CommandShoot, Figure: "cyril", Weapon: "schofield",
		Shots: []session.ShotOrder{{Target: "zeke", Kind: "normal"}}, Dice: []int{9, 2, 20, 20, 20, 20}, Cards: []string{"3H"}}
	m := answer(ctx, t, alice, shot)
	if m.OK || m.Code != ErrForbidden || len(m.Needs) > 0 {
		t.Fatalf("Alice's shot with her dice, players' dice off: %+v, want it forbidden", m)
	}
	if die := regexp.MustCompile(`\b[dD]\d+\b`).FindString(m.Error); die != "" || strings.Contains(m.Error, "stun") {
		t.Errorf("the answer %q tells of the dice (%q)", m.Error, die)
	}
	opts := s.State().Options
	opts.PlayerDice = true
	if m := answer(ctx, t, judge, session.Command{Kind: session.CommandSetOptions, Options: &opts}); !m.OK {
		t.Fatalf("the Judge lets players roll: %+v", m)
	}
	if m := answer(ctx, t, alice, shot); !m.OK {
		t.Fatalf("Alice's shot with her dice, players' dice on: %+v, want Zeke's stun check rolled by the session", m)
	}
	if last := s.State().Log[len(s.State().Log)-1]; !strings.Contains(last.Text, "9 vs TN 6, hits the") || !strings.Contains(last.Text, "Zeke Perkins takes") {
		t.Errorf("the shot did not read Alice's 9 and 2: %s", last.Text)
	}
}

// TestAPlayersAnswerToASecretBlowIsNeverRefusedOverTheWire: over the real
// protocol, with players rolling their own dice, Jeb's blow at Cyril is
// the session's secret roll, and Alice answers it with one die, enough
// for no stun check. No answer is refused, whatever the blow rolled (a
// refusal changed nothing, and the next answer rolled the blow anew, so
// she could wait for a miss): the blow lands at its natural rate, and the
// session rolls the stun check's dice she did not send. The Judge takes
// each answer back for the next.
func TestAPlayersAnswerToASecretBlowIsNeverRefusedOverTheWire(t *testing.T) {
	s := open(t)
	ctx, judge, alice := table(t, s)
	do := func(cl *Client, c session.Command) {
		t.Helper()
		if m := answer(ctx, t, cl, c); !m.OK {
			t.Fatalf("%s: %+v", c.Kind, m)
		}
	}
	countDownTo := func(id string) {
		t.Helper()
		for s.State().Segment > s.State().Figures[id].AP {
			do(judge, session.Command{Kind: session.CommandSegment})
		}
	}
	opts := s.State().Options
	opts.PlayerDice = true
	do(judge, session.Command{Kind: session.CommandSetOptions, Options: &opts})
	do(judge, session.Command{Kind: session.CommandNewRound, Dice: []int{8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8}})
	beside := s.State().Figures["jeb"].At.Neighbor(5)
	countDownTo("cyril")
	do(alice, session.Command{Kind: session.CommandMove, Figure: "cyril", To: &beside})
	countDownTo("jeb")
	do(judge, session.Command{Kind: session.CommandMelee, Figure: "jeb", Blow: &session.BlowOrder{Target: "cyril", Attack: "quick"}})
	if s.State().Pending == nil {
		t.Fatal("Jeb's blow does not wait for Cyril's answer")
	}
	const tries = 20
	hits := 0
	for try := range tries {
		m := answer(ctx, t, alice, session.Command{Kind: session.CommandDefend, Figure: "cyril", Defense: session.DefenseNone, Dice: []int{1}})
		if !m.OK {
			t.Fatalf("try %d: Alice's answer with one die: %+v, want it carried out whatever Jeb's blow rolled", try, m)
		}
		if last := s.State().Log[len(s.State().Log)-1].Text; strings.Contains(last, "Cyril Wellington takes") {
			hits++
			if !strings.Contains(last, "rolled by the session") {
				t.Errorf("a hit does not say the session rolled Cyril's stun check dice: %s", last)
			}
		}
		do(judge, session.Command{Kind: session.CommandUndo})
	}
	// The blow's chance is 94%: fewer than 4 hits in 20 comes once in 10¹⁸.
	if hits < 4 {
		t.Errorf("Jeb's blow hit %d of %d times", hits, tries)
	}
}
