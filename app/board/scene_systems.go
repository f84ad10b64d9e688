package board

import (
	"bytes"
	"fmt"
	"time"

	"hexslinger/app/session"
	"hexslinger/assets"
)

// The scenes of the other rule systems: each system's attacks from the
// map window's keys and its harm in its own words (State.Attacks,
// State.Body).

// bundledScene makes the scene's fight the bundled fight of that name
// (found by its name, as a window names no system).
func (sc *Scene) bundledScene(name string) error {
	for _, data := range assets.Fights() {
		if f, err := session.DecodeFight(bytes.NewReader(data)); err == nil && f.Name == name {
			sc.fight = f
			return nil
		}
	}
	return fmt.Errorf("no bundled fight named %q", name)
}

// The bundled fights of the scenes.
const (
	fightRolfAndLennox = "Sir Rolf and Squire Lennox"
	fightShootout      = "Savage Worlds: Shootout on Main Street"
	fightBrawl         = "Fudge: the Brawl at the Lucky Nugget"
)

// dwMelee: a Dragon Warriors II melee started from the map window: Squire
// Lennox, whose turn it is, in hand-to-hand mode (H), the pointer on Sir
// Rolf beside him: the bar says the strike's numbers, the session's own.
func (sc *Scene) dwMelee() error {
	if err := sc.bundledScene(fightRolfAndLennox); err != nil {
		return err
	}
	sc.w, sc.h = 1280, 720 // room for the strike's numbers on the bar
	_, err := sc.live([]session.Command{{Kind: session.CommandNewRound, Dice: []int{1, 5, 1, 4}}}, nil, "")
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		sc.g.play.selected = "lennox"
		sc.g.play.hand()
		x, y := sc.hexPoint("J8")
		sc.g.cursor = func() (int, int) { return x, y }
		return true
	}
	return err
}

// hitScene is the bundled fight's scene (by its name) whose attack, done once the window has the
// fight, leaves its result on the map.
func (sc *Scene) hitScene(fight string, before []session.Command, attack session.Command) error {
	if err := sc.bundledScene(fight); err != nil {
		return err
	}
	s, err := sc.live(before, nil, "")
	done := false
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		if !done {
			done = true
			go s.Do(attack)
		}
		return sc.g.result != nil && len(sc.g.result.outcomes) > 0
	}
	sc.settle = 1000 * time.Millisecond
	return err
}

// dwWound: Squire Lennox's blow deals Sir Rolf 5 wounds and stuns him:
// the result panel says where it leaves him ("now stunned: 5 wounds of
// Toughness 13"), his token's tag that he is stunned.
func (sc *Scene) dwWound() error {
	return sc.hitScene(fightRolfAndLennox, []session.Command{{Kind: session.CommandNewRound, Dice: []int{1, 5, 1, 4}}},
		session.Command{Kind: session.CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{5, 1, 1, 5, 1, 5}})
}

// savageShaken: a Bandit's blow leaves Marshal Dane Shaken with a Wound:
// the result panel and his token's tag say so.
func (sc *Scene) savageShaken() error {
	return sc.hitScene(fightShootout, []session.Command{{Kind: session.CommandNewRound, Cards: []string{"3H", "2S", "KC"}}},
		session.Command{Kind: session.CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 1, 6, 3, 2}})
}

// fudgeWounds: the Sheriff's blow puts Big Ned on his wound track, at
// wound level Mediocre: the result panel says so.
func (sc *Scene) fudgeWounds() error {
	return sc.hitScene(fightBrawl, nil,
		session.Command{Kind: session.CommandStrike, Figure: "sheriff", Target: "bruiser", Dice: []int{5, 5, 3, 3, 3, 3, 3, 3, 1, 3, 3, 3, 3, 3, 3, 3}})
}

// placeFigures moves the scene's fight's figures to the hexes given, by
// id, before the session opens.
func (sc *Scene) placeFigures(at map[string]string) {
	for i := range sc.fight.Figures {
		if h, ok := at[sc.fight.Figures[i].ID]; ok {
			sc.fight.Figures[i].At = h
		}
	}
}

// aimScene is the bundled fight's scene (by its name) with figures
// placed (and arm, if any, changing its sheets first), shooter selected in attack mode (A) and the pointer on the
// figure at target: the hover's line, the cover it crosses and the bar's
// words are the session's (State.AttackLine, State.Explain).
func (sc *Scene) aimScene(fight string, arm func(*session.FightFile), at map[string]string, before []session.Command, shooter, target string) error {
	if err := sc.bundledScene(fight); err != nil {
		return err
	}
	if arm != nil {
		arm(sc.fight)
	}
	sc.placeFigures(at)
	sc.w, sc.h = 1280, 720 // room for the shot's numbers on the bar
	_, err := sc.live(before, nil, "")
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		sc.g.play.selected = shooter
		sc.g.play.attack()
		x, y := sc.hexPoint(target)
		sc.g.cursor = func() (int, int) { return x, y }
		return true
	}
	return err
}

// savageCover: Doc Harlan at N8 aims at bandit-1 at L4, behind the barrel
// at M5: the line crosses the barrel, marked, and the bar gives the shot
// with its Medium cover −4. Doc holds the King, so the turn is his.
func (sc *Scene) savageCover() error {
	return sc.aimScene(fightShootout, nil, map[string]string{"doc": "N8", "bandit-1": "L4"},
		[]session.Command{{Kind: session.CommandNewRound, Cards: []string{"2S", "KH", "3C"}}}, "doc", "L4")
}

// dwWall: Sir Rolf, with a bow, at F6 aims at Squire Lennox inside the
// saloon at E4: the wall between is marked on the line, red, and the bar
// says the shot is refused for want of a line of sight.
func (sc *Scene) dwWall() error {
	bow := func(f *session.FightFile) {
		for i, c := range f.Characters {
			if c.ID == "rolf" && c.DragonWarriors != nil {
				dw := *c.DragonWarriors
				dw.Weapon = "bow"
				f.Characters[i].DragonWarriors = &dw
			}
		}
	}
	// A second squire out in the street, in Rolf's sight: the attack mode
	// opens on the figures he may shoot, and the pointer asks about the
	// one he may not.
	second := session.Command{Kind: session.CommandPlace, Place: []session.FigureSpec{{ID: "lennox-2", Character: "lennox", Side: "outlaws", At: "K9", Facing: "W"}}}
	return sc.aimScene(fightRolfAndLennox, bow, map[string]string{"rolf": "F6", "lennox": "E4"},
		[]session.Command{second, {Kind: session.CommandNewRound, Dice: []int{5, 1, 1, 4, 3, 3}}}, "rolf", "E4")
}
