package session

import (
	"fmt"
	"testing"

	"hexslinger/hexmap"
	"hexslinger/rules"
	"hexslinger/rules/fudge"
)

// signsSaid writes a figure's signs as "kind:text" for a failure message
// and a comparison.
func signsSaid(signs []Sign) string { return fmt.Sprint(signs) }

// hasSign reports whether signs hold one of kind k saying text.
func hasSign(signs []Sign, k SignKind, text string) bool {
	for _, s := range signs {
		if s.Kind == k && s.Text == text {
			return true
		}
	}
	return false
}

// TestSignsSayEachSystemsState: what a token shows at a glance, made by
// the session's commands, in each system's words: a Savage Worlds figure
// made Shaken by a blow shows "Shaken", a Wild Card's Wound "1 Wound",
// an Extra Incapacitated by a shot is down; a TWTW figure ducked behind
// a fence shows ducked, one dropped prone shows prone; a Dragon Warriors
// II figure its wounds (against Toughness); a Fudge figure its wound
// level ("hurt").
func TestSignsSayEachSystemsState(t *testing.T) {
	type want struct {
		kind SignKind
		text string
	}
	sw := openSW(t)
	mustDo(t, sw, Command{Kind: CommandNewRound, Cards: []string{"QH", "QS", "3C"}})
	mustDo(t, sw, Command{Kind: CommandDelay, Figure: "doc"})
	mustDo(t, sw, Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: []int{7, 2, 5, 3}})
	mustDo(t, sw, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{10, 3, 1, 4, 4, 2, 4}})
	swShaken := sw.State()

	sw2 := openSW(t)
	mustDo(t, sw2, Command{Kind: CommandNewRound, Cards: []string{"3H", "2S", "KC"}})
	mustDo(t, sw2, Command{Kind: CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 1, 6, 3, 2}})
	swWound := sw2.State()

	tw := open(t)
	mustDo(t, tw, Command{Kind: CommandProne, Figure: "cyril", Prone: true})
	c10 := hexAt(t, tw, "C10")
	cell := tw.State().Map.CellAt(c10)
	cell.Edges[0] = &hexmap.FileFeature{Kind: "fence"}
	mustDo(t, tw, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	mustDo(t, tw, Command{Kind: CommandDuck, Figure: "miranda", Duck: true})
	twtw := tw.State()

	dw := openDW(t)
	mustDo(t, dw, Command{Kind: CommandNewRound, Dice: []int{1, 5, 1, 4}})
	mustDo(t, dw, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{5, 1, 1, 5, 1, 5}})
	dwst := dw.State()

	fu := openFudge(t, fudge.Options{})
	mustDo(t, fu, Command{Kind: CommandStrike, Figure: "sheriff", Target: "bruiser", Dice: df("+000", "0000")})
	fust := fu.State()
	track := hurtFigure(openFudge(t, fudge.Options{WoundTrack: true}).State(), "bruiser", func(f *FigureStatus) { f.Hurt = 5 })

	for _, tc := range []struct {
		name   string
		st     *State
		id     string
		want   []want
		absent []SignKind
	}{
		{"Savage: Shaken by a blow", swShaken, "bandit-1", []want{{SignCondition, "Shaken"}}, []SignKind{SignDown, SignWounds}},
		{"Savage: an Extra Incapacitated", swShaken, "bandit-2", []want{{SignDown, "Incapacitated"}}, []SignKind{SignCondition, SignWounds}},
		{"Savage: a Wild Card Shaken with a Wound", swWound, "marshal", []want{{SignCondition, "Shaken"}, {SignWounds, "1 Wound"}}, []SignKind{SignDown}},
		{"Savage: untouched", swShaken, "doc", nil, []SignKind{SignDown, SignCondition, SignWounds, SignProne, SignDucked}},
		{"TWTW: ducked behind a fence", twtw, "miranda", []want{{SignDucked, "ducked"}}, []SignKind{SignProne, SignDown}},
		{"TWTW: prone", twtw, "cyril", []want{{SignProne, "prone"}}, []SignKind{SignDucked, SignDown}},
		{"DW II: stunned, wounds against Toughness", dwst, "rolf", []want{{SignWounds, fmt.Sprintf("%d wounds", dwst.Figures["rolf"].Hurt)}}, []SignKind{SignDown}},
		{"Fudge: a wound level", fust, "bruiser", []want{{SignWounds, fudgeLevelWord(fust, "bruiser")}}, []SignKind{SignDown}},
		{"Fudge: the wound track's level", track, "bruiser", []want{{SignWounds, "level Mediocre"}}, []SignKind{SignDown}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.st.Signs(tc.id)
			for _, w := range tc.want {
				if !hasSign(got, w.kind, w.text) {
					t.Errorf("Signs(%s) = %s, want %v %q (looks %q)", tc.id, signsSaid(got), w.kind, w.text, tc.st.Looks(tc.id))
				}
			}
			for _, k := range tc.absent {
				for _, s := range got {
					if s.Kind == k {
						t.Errorf("Signs(%s) = %s, want no %v", tc.id, signsSaid(got), k)
					}
				}
			}
		})
	}
	if rolf := dwst.Figures["rolf"]; rolf.Hurt == 0 {
		t.Errorf("the DW II blow hurt no one: %+v", rolf.FigureStatus)
	}
	if w := fudgeLevelWord(fust, "bruiser"); w == "" || w == "unhurt" {
		t.Errorf("the Fudge blow left Ned %q: want a wound level", w)
	}
}

// fudgeLevelWord is the core Fudge damage level figure id is at
// ("scratch", "hurt"), read from the rule's table, not the signs.
func fudgeLevelWord(st *State, id string) string {
	name, _ := fudge.StandardWound(st.Figures[id].Hurt)
	return name
}

// TestSignsOfADownFigureAndAHiddenOne: a figure out of the fight shows
// down in its system's words and nothing of posture or wounds beside it;
// a hidden one shows hidden.
func TestSignsOfADownFigureAndAHiddenOne(t *testing.T) {
	s := openBundled(t, "demo")
	mustDo(t, s, Command{Kind: CommandProne, Figure: "zeke", Prone: true})
	st := hurtFigure(s.State(), "zeke", func(f *FigureStatus) { f.Condition, f.Conc = rules.Dead, 3 })
	got := st.Signs("zeke")
	if len(got) != 1 || got[0].Kind != SignDown || got[0].Text != "dead" {
		t.Errorf("a dead prone figure's signs = %s, want only down: dead", signsSaid(got))
	}
	mustDo(t, s, Command{Kind: CommandHide, Figure: "jeb"})
	if got := s.State().Signs("jeb"); !hasSign(got, SignHidden, "hidden") {
		t.Errorf("a hidden figure's signs = %s, want hidden", signsSaid(got))
	}
	if got := s.State().Signs("nobody"); got != nil {
		t.Errorf("no such figure: %s, want none", signsSaid(got))
	}
}
