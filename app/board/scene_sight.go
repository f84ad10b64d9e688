package board

import (
	"strings"
	"time"

	"hexslinger/app/session"
)

// The scenes of what a player's window knows (issue 34): a click on a foe
// in the table view, and a move stopped by an ambush.

func init() {
	sceneSetups["table-foe"] = (*Scene).tableFoe
	sceneSetups["ambush"] = (*Scene).ambush
}

// tableSeat is the table monitor's seat of the sight scenes: Cyril and
// Miranda, the posse.
var tableSeat = map[string][]string{"Table": {"cyril", "miranda"}}

// tableFoe: the table view (a player seat's window) at a table monitor's
// size, after a click on Zeke, a foe stunned and wounded by Cyril's shot:
// he is not selected, and the bar says what the eye sees of him (side,
// condition, hurt, facing, hex) with no AP, Move or reach; his token wears
// no AP badge where Cyril's and Miranda's do; the pointer rests on him
// (the tip: his name and hurt, no AP).
func (sc *Scene) tableFoe() error {
	sc.w, sc.h = 1920, 1080
	_, err := sc.live([]session.Command{
		{Kind: session.CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: []session.ShotOrder{{Target: "zeke", Kind: "normal"}},
			Dice: []int{9, 2, 1, 1, 1, 1}, Cards: []string{"3H"}},
	}, tableSeat, "Table")
	clicked := false
	sc.setup = func() bool {
		if !sc.connected() || len(sc.g.conn.owned()) == 0 {
			return false
		}
		zeke, _ := sc.g.play.st.Map.ParseHex("U8")
		if !clicked {
			clicked = true
			sc.g.clickHex(zeke)
		}
		x, y := sc.hexPoint("U8")
		sc.g.cursor = func() (int, int) { return x, y }
		return true
	}
	sc.settle = 900 * time.Millisecond // the tip shows after 400 ms
	return err
}

// ambush: the table view; Jeb hidden by the Judge at G5 (not drawn). The
// seat sends Cyril up the street to H5, his way through G5: he runs into
// Jeb and stops in the hex before him, having paid for what he walked;
// Jeb steps into view, and the bar reads the log's line of the ambush.
func (sc *Scene) ambush() error {
	sc.w, sc.h = 1920, 1080
	_, err := sc.live([]session.Command{{Kind: session.CommandHide, Figure: "jeb"}}, tableSeat, "Table")
	moved := false
	sc.setup = func() bool {
		if !sc.connected() || len(sc.g.conn.owned()) == 0 || sc.g.conn.statusText() != "" {
			return false
		}
		st := sc.g.play.st
		if !moved {
			moved = true
			cyril, _ := st.Map.ParseHex("C8")
			h5, _ := st.Map.ParseHex("H5")
			sc.g.clickHex(cyril) // select him, as a player does
			sc.g.clickHex(h5)    // and send him
			return false
		}
		_, seen := st.Figures["jeb"]
		return seen && strings.Contains(sc.g.message, "ambush")
	}
	sc.settle = 900 * time.Millisecond
	return err
}
