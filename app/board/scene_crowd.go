package board

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"hexslinger/app/session"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

// streetTagged: the demo street mid-fight on a 1920×1080 monitor, every
// figure beside another and every one tagged, the cases the placer is
// for: Jeb wounded beside Cyril and Miranda, a hit of 8 wounds on Miranda
// and a miss on Cyril beside Jeb's tag, three hidden Zekes side by side,
// a knife lying on Main Street's label, and Cyril aiming west, his range
// bands' labels on the map's edge.
func (sc *Scene) streetTagged() error {
	sc.w, sc.h = 1920, 1080
	f, err := crowdedStreet()
	if err != nil {
		return err
	}
	sc.fight = f
	if _, err := sc.live(nil, nil, ""); err != nil {
		return err
	}
	shown := false
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		if !shown {
			shown = true
			sc.g.play.selected = "cyril"
			sc.g.play.attack()
			sc.g.showResult(session.Event{Kind: session.EventActed, Figure: "zeke", Targets: []string{"miranda", "cyril"},
				Outcomes: []session.Outcome{{Target: "miranda", Hit: true, Damage: "8 wounds"}, {Target: "cyril"}}})
		}
		return true
	}
	sc.settle = 900 * time.Millisecond
	return nil
}

// crowdedStreet is the demo fight mid-fight with every figure beside
// another and tagged: Cyril at C8 facing west (his range bands run off
// the map's left edge) by Main Street's label with a throwing knife lying
// on it, Jeb wounded east of him, Miranda below them both, and Zeke with
// two more Zekes beside him, all three hidden.
func crowdedStreet() (*session.FightFile, error) {
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		return nil, err
	}
	m, err := f.Map.Map()
	if err != nil {
		return nil, err
	}
	at := func(label string, dirs ...int) string {
		h, _ := m.ParseHex(label)
		for _, d := range dirs {
			h = h.Neighbor(hexmap.Direction(d))
		}
		return m.Label(h)
	}
	var figs []session.FigureSpec
	for _, fs := range f.Figures {
		switch fs.ID {
		case "cyril":
			fs.At, fs.Facing = "C8", "W"
		case "jeb": // east of Cyril, wounded
			fs.At, fs.Facing = at("C8", 0), "W"
			// As a fight file would say it: the window names no rule.
			fs.Status = new(session.FigureStatus)
			if err := json.Unmarshal([]byte(`{"wounds":{"chest":1}}`), fs.Status); err != nil {
				return nil, err
			}
		case "miranda": // below them both
			fs.At = at("C8", 5)
		case "zeke":
			fs.At, fs.Hidden = "U8", true
		}
		figs = append(figs, fs)
	}
	for i, d := range []int{0, 5} { // two more Zekes, hidden beside the first
		figs = append(figs, session.FigureSpec{ID: fmt.Sprintf("zeke%d", i+2), Character: "zeke", Side: "outlaws",
			At: at("U8", d), Facing: "W", Hidden: true})
	}
	f.Figures = figs
	f.Loose = append(f.Loose, session.LooseSpec{Weapon: "throwing-knife", At: "B8"}) // on Main Street's label
	return f, nil
}
