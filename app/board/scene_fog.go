package board

import (
	"bytes"

	"hexslinger/app/session"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

func init() {
	sceneSetups["fog-player"] = (*Scene).fogPlayer
	sceneSetups["fog-door"] = (*Scene).fogDoor
	sceneSetups["fog-judge"] = (*Scene).fogJudge
	sceneSetups["fog-known"] = func(sc *Scene) error { return sc.fogKnown(true) }
	sceneSetups["fog-known-judge"] = func(sc *Scene) error { return sc.fogKnown(false) }
}

// fogStreet is the demo street with Jeb inside the saloon (G4), behind
// its closed door: out of the posse's sight.
func (sc *Scene) fogStreet() error {
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		return err
	}
	for i := range f.Figures {
		if f.Figures[i].ID == "jeb" {
			f.Figures[i].At = "G4"
		}
	}
	sc.fight = f
	return nil
}

// saloonDoor opens the saloon's door (the G4–G5 hexside), as the Judge.
func saloonDoor(f *session.FightFile) (session.Command, error) {
	st, err := f.State()
	if err != nil {
		return session.Command{}, err
	}
	g4, _ := st.Map.ParseHex("G4")
	g5, _ := st.Map.ParseHex("G5")
	side, _ := g4.DirectionTo(g5)
	return session.Command{Kind: session.CommandDoor, To: &g4, Side: int(side), Open: true}, nil
}

// fog-player: the table's window (the posse's seat) on the demo street:
// the saloon and the shops unseen, dark; Jeb inside the saloon not shown.
func (sc *Scene) fogPlayer() error {
	if err := sc.fogStreet(); err != nil {
		return err
	}
	_, err := sc.live(nil, map[string][]string{"Table": {"cyril", "miranda"}}, "Table")
	sc.setup = sc.connected
	return err
}

// fog-door: the same after the saloon's door opens: the posse sees in
// through it, and Jeb appears in the doorway.
func (sc *Scene) fogDoor() error {
	if err := sc.fogStreet(); err != nil {
		return err
	}
	door, err := saloonDoor(sc.fight)
	if err != nil {
		return err
	}
	_, err = sc.live([]session.Command{door}, map[string][]string{"Table": {"cyril", "miranda"}}, "Table")
	sc.setup = sc.connected
	return err
}

// fog-judge: the Judge's window with the players' view on (Y): the fog
// the posse sees, over the whole map, after the door opened and shut
// again (the saloon's doorway explored, dimmed).
func (sc *Scene) fogJudge() error {
	if err := sc.fogStreet(); err != nil {
		return err
	}
	door, err := saloonDoor(sc.fight)
	if err != nil {
		return err
	}
	shut := door
	shut.Open = false
	_, err = sc.live([]session.Command{door, shut}, nil, "")
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		if !sc.g.fog.players {
			sc.g.togglePlayersView()
		}
		return true
	}
	return err
}

// fog-known: the Judge's window with the posse's view on (Y) after the
// Judge hid the posse (it sees nothing now: all it explored is dimmed),
// opened the saloon's door (G4–G5) and flooded the street at E8–F9: the
// view draws the map as the posse last saw it (the door shut, the street
// dry), not the live map. fog-known-judge: the same in the Judge's own
// view (the live map: the door open, the street flooded).
func (sc *Scene) fogKnown(side bool) error {
	if err := sc.fogStreet(); err != nil {
		return err
	}
	door, err := saloonDoor(sc.fight)
	if err != nil {
		return err
	}
	st, err := sc.fight.State()
	if err != nil {
		return err
	}
	var cmds []session.Command
	for _, id := range st.Order {
		if st.Figures[id].Side == st.Options.Players() {
			cmds = append(cmds, session.Command{Kind: session.CommandHide, Figure: id})
		}
	}
	var cells []hexmap.Cell
	for _, label := range []string{"E8", "F8", "E9", "F9"} {
		h, err := st.Map.ParseHex(label)
		if err != nil {
			return err
		}
		c := st.Map.CellAt(h)
		c.Terrain = "water"
		cells = append(cells, c)
	}
	cmds = append(cmds, door, session.Command{Kind: session.CommandEditMap, Cells: cells})
	_, err = sc.live(cmds, nil, "")
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		if side && !sc.g.fog.players {
			sc.g.togglePlayersView()
		}
		return true
	}
	return err
}
