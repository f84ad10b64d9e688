package board

import (
	"bytes"

	"hexslinger/app/session"
	"hexslinger/assets"
)

// The scenes of the dice prompt (issue 34): a player's window under table
// dice, its players rolling their own.

func init() {
	sceneSetups["dice-prompt"] = func(sc *Scene) error { return sc.dicePrompt("9 2, 3H", false) }
	sceneSetups["dice-refused"] = func(sc *Scene) error { return sc.dicePrompt("9 11, 3H", true) }
	sceneSetups["dice-judge"] = (*Scene).diceJudge
}

// diceJudge: the Judge's window in a fight with table dice: Next round
// (Ctrl+R) asks for every figure's initiative, as the console's dialog.
func (sc *Scene) diceJudge() error {
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		return err
	}
	opts := f.Options
	opts.TableDice = true
	_, err = sc.live([]session.Command{{Kind: session.CommandSetOptions, Options: &opts}}, nil, "")
	asked := false
	sc.setup = func() bool {
		g := sc.g
		if !sc.connected() || g.conn.statusText() != "" || !g.play.st.Options.TableDice {
			return false
		}
		if !asked {
			asked = true
			g.nextTurn(session.CommandNewRound)
			return false
		}
		if g.dice == nil {
			return false
		}
		if len(g.dice.typed) == 0 {
			g.typeDice("3 5 1, 8 4 4 2 6")
		}
		return true
	}
	return err
}

// dicePrompt: the table view (the posse's seat) in a fight with table
// dice, its players rolling their own. Cyril, his Schofield cocked, fires
// at Zeke: the session refuses the shot for want of his dice, and the
// window asks for exactly his rolls (his pool, a card; not Zeke's stun
// check), typed has been typed. With send, the dice are sent and the
// session's refusal of them shows in the prompt.
func (sc *Scene) dicePrompt(typed string, send bool) error {
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		return err
	}
	opts := f.Options
	opts.TableDice, opts.PlayerDice = true, true
	_, err = sc.live([]session.Command{
		{Kind: session.CommandReady, Figure: "cyril", Weapon: "schofield"},
		{Kind: session.CommandCock, Figure: "cyril", Weapon: "schofield"},
		{Kind: session.CommandSetOptions, Options: &opts},
	}, tableSeat, "Table")
	shot, sent := false, false
	sc.setup = func() bool {
		g := sc.g
		if !sc.connected() || len(g.conn.owned()) == 0 || g.conn.statusText() != "" || !g.play.st.Options.TableDice {
			return false
		}
		if !shot {
			shot = true
			cyril, _ := g.play.st.Map.ParseHex("C8")
			zeke, _ := g.play.st.Map.ParseHex("U8")
			g.clickHex(cyril) // select him, as a player does
			g.say(g.play.attack(), false)
			g.clickHex(zeke) // and fire
			return false
		}
		if g.dice == nil {
			return false
		}
		if !sent {
			sent = true
			g.typeDice(typed)
			if send {
				g.sendDice()
			}
		}
		return !g.dice.waiting && (!send || g.dice.err != "")
	}
	return err
}
