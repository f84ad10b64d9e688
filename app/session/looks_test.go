package session

import (
	"slices"
	"strings"
	"testing"

	"hexslinger/rules"
	"hexslinger/rules/fudge"
)

// hurtFigure is st with figure id's status changed by change.
func hurtFigure(st *State, id string, change func(*FigureStatus)) *State {
	st = st.Clone()
	change(&st.Figures[id].FigureStatus)
	return st
}

// TestDragonWarriorsWoundsAgainstToughness: "Keep a track of cumulative
// wounds. Each time an injury is suffered, roll Toughness vs (Wounds +
// 5). A failed roll means that the character is stunned" (DW II:
// Injury: Stun, Knock-Out, and Death). After a blow that deals 8 wounds
// the figure's body counts them against its Toughness, not TWTW's Conc
// and hit locations.
func TestDragonWarriorsWoundsAgainstToughness(t *testing.T) {
	s := openDW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{1, 5, 1, 4}})
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{5, 1, 1, 5, 1, 5}})
	st := s.State()
	lennox := st.Figures["rolf"]
	if lennox.Hurt == 0 {
		t.Fatalf("the strike hurt no one: %s", e.Text)
	}
	tough := st.Characters["rolf"].DragonWarriors.Toughness
	b := st.Body("rolf")
	if len(b.Sites) != 0 {
		t.Errorf("Body(rolf).Sites = %v, want none: Dragon Warriors II keeps one track of wounds", b.Sites)
	}
	if len(b.Tracks) != 1 || b.Tracks[0].Taken != lennox.Hurt || b.Tracks[0].Of != tough || !strings.Contains(b.Tracks[0].Text, "of Toughness") {
		t.Errorf("Body(rolf).Tracks = %+v, want one track of %d wounds of Toughness %d", b.Tracks, lennox.Hurt, tough)
	}
	if strings.Contains(b.Line, "Conc") || !strings.Contains(b.Line, "wound") || b.Condition == "fine" {
		t.Errorf("Body(rolf).Line = %q (condition %q), want the wounds against Toughness and no Conc (event: %s)", b.Line, b.Condition, e.Text)
	}
	for _, tc := range []struct {
		name string
		cond rules.Condition
		want string
		down bool
	}{
		{"stunned", rules.Stunned, "stunned", false},
		{"knocked out", rules.Unconscious, "knocked out", true},
		{"dead", rules.Dead, "dead", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := hurtFigure(st, "rolf", func(f *FigureStatus) { f.Condition = tc.cond }).Body("rolf")
			if b.Condition != tc.want || b.Down != tc.down || b.Able || !strings.HasPrefix(b.Line, tc.want) {
				t.Errorf("condition %v: Body = %q, down %v, able %v, line %q; want %q, down %v, not able", tc.cond, b.Condition, b.Down, b.Able, b.Line, tc.want, tc.down)
			}
		})
	}
	past := hurtFigure(st, "rolf", func(f *FigureStatus) { f.Hurt = tough + 1 }).Body("rolf")
	if !strings.Contains(past.Tracks[0].Text, "risks death") {
		t.Errorf("wounds past Toughness: %q, want it to say each wound more risks death", past.Tracks[0].Text)
	}
}

// TestSavageShakenWoundsIncapacitated: "Damage can result in three
// possible effects: Shaken, Wounds, and Incapacitation"; a Wild Card
// takes three Wounds, each −1 (Savage Worlds: Damage Effects).
func TestSavageShakenWoundsIncapacitated(t *testing.T) {
	s := openSW(t)
	st := s.State()
	for _, tc := range []struct {
		name    string
		change  func(*FigureStatus)
		cond    string
		line    []string
		filled  int
		down    bool
		tag     string
		notLine string
	}{
		{"fine", func(*FigureStatus) {}, "fine", []string{"fine"}, 0, false, "", "Wound"},
		{"Shaken", func(f *FigureStatus) { f.withSW(func(p *swStatus) { p.Shaken = true }) }, "Shaken", []string{"Shaken"}, 0, false, "Shaken", "Conc"},
		{"Shaken with a Wound", func(f *FigureStatus) { f.withSW(func(p *swStatus) { p.Shaken = true }); f.Hurt = 1 }, "Shaken", []string{"Shaken", "1 Wound (-1)"}, 1, false, "Shaken", "Conc"},
		{"three Wounds", func(f *FigureStatus) { f.Hurt = 3 }, "wounded", []string{"3 Wounds (-3)"}, 3, false, "", "Conc"},
		{"Incapacitated", func(f *FigureStatus) { f.Hurt, f.Condition = 3, rules.Unconscious }, "Incapacitated", []string{"Incapacitated"}, 4, true, "Incapacitated", "unconscious"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := hurtFigure(st, "marshal", tc.change).Body("marshal")
			filled := 0
			for _, step := range b.Tracks[0].Steps {
				filled += step.Filled
			}
			if b.Condition != tc.cond || b.Down != tc.down || b.Tag != tc.tag || filled != tc.filled || len(b.Sites) != 0 {
				t.Errorf("Body = condition %q, down %v, tag %q, %d boxes filled, %d sites; want %q, %v, %q, %d, none", b.Condition, b.Down, b.Tag, filled, len(b.Sites), tc.cond, tc.down, tc.tag, tc.filled)
			}
			for _, w := range tc.line {
				if !strings.Contains(b.Line, w) {
					t.Errorf("Line %q lacks %q", b.Line, w)
				}
			}
			if strings.Contains(b.Line, tc.notLine) {
				t.Errorf("Line %q has %q", b.Line, tc.notLine)
			}
		})
	}
	// The Marshal, a Wild Card, has three Wounds and Incapacitated on his
	// track; an Extra, Incapacitated by one, only Incapacitated.
	if n := len(st.Body("marshal").Tracks[0].Steps); n != 4 {
		t.Errorf("a Wild Card's track has %d steps, want 4 (three Wounds, Incapacitated)", n)
	}
	if n := len(st.Body("bandit-1").Tracks[0].Steps); n != 1 {
		t.Errorf("an Extra's track has %d steps, want 1 (Incapacitated)", n)
	}
}

// TestFudgeWoundTrackAndLevel: the alternate wound track's boxes are
// filled from Terrible up and the wound level is over the rightmost
// marked box (Combat Options 3); without it the core damage levels, 3–4
// points hurt (Combat Options 4.2.1; docs/defaults.md).
func TestFudgeWoundTrackAndLevel(t *testing.T) {
	for _, tc := range []struct {
		name   string
		track  bool
		hurt   int
		cond   string
		steps  int
		filled int
	}{
		{"core levels, unhurt", false, 0, "unhurt", 6, 0},
		{"core levels, hurt", false, 3, "wound level Fair (hurt)", 6, 3},
		{"wound track, five boxes", true, 5, "wound level Mediocre", 8, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := hurtFigure(openFudge(t, fudge.Options{WoundTrack: tc.track}).State(), "bruiser", func(f *FigureStatus) { f.Hurt = tc.hurt })
			b := st.Body("bruiser")
			filled := 0
			for _, step := range b.Tracks[0].Steps {
				filled += step.Filled
			}
			if b.Condition != tc.cond || len(b.Tracks[0].Steps) != tc.steps || filled != tc.filled || b.Tracks[0].Taken != tc.hurt {
				t.Errorf("%d damage: condition %q, %d steps, %d filled, taken %d; want %q, %d, %d, %d", tc.hurt, b.Condition, len(b.Tracks[0].Steps), filled, b.Tracks[0].Taken, tc.cond, tc.steps, tc.filled, tc.hurt)
			}
		})
	}
	// The core levels are a table of the package: a body leaves it as it was.
	if slices.ContainsFunc(fudgeStandardSteps, func(s Step) bool { return s.Filled != 0 }) {
		t.Errorf("fudgeStandardSteps were changed: %v", fudgeStandardSteps)
	}
}

// TestTWTWLocationsConcAndStun: wounds by hit location, the fifth
// disabling it (TWTW Conflict: Wound Effects), Conc against 2 × Size + 2;
// a head wound reads as one, not "fine, 3 wound(s)".
func TestTWTWLocationsConcAndStun(t *testing.T) {
	st := openBundled(t, "demo").State()
	st = hurtFigure(st, "zeke", func(f *FigureStatus) {
		f.Wounds = map[rules.HitLocation]int{rules.Head: 3, rules.LeftLeg: 5}
		f.Conc = 4
	})
	b := st.Body("zeke")
	if b.Condition == "fine" || !strings.Contains(b.Line, "head 3 wounds") || !strings.Contains(b.Line, "left leg disabled") || !strings.Contains(b.Line, "4 Conc") {
		t.Errorf("Body(zeke) = %q: %q, want wounded: head 3 wounds, left leg disabled, 4 Conc", b.Condition, b.Line)
	}
	sev := map[string]int{}
	for _, s := range b.Sites {
		sev[s.Name] = s.Severity
	}
	if sev["Head"] != 2 || sev["Left leg"] != 3 || sev["Torso"] != 0 || len(b.Sites) != 6 {
		t.Errorf("sites %+v: want head heavy (2), left leg disabled (3), torso none, six sites", b.Sites)
	}
	size := st.Characters["zeke"].Size
	if c := b.Tracks[0]; c.Name != "Conc" || c.Taken != 4 || c.Of != 2*size+2 {
		t.Errorf("Conc track %+v, want 4 of %d", c, 2*size+2)
	}
	stun := hurtFigure(st, "zeke", func(f *FigureStatus) { f.Condition = rules.Stunned }).Body("zeke")
	if stun.Condition != "stunned" || stun.Tag != "stunned" || stun.Able || stun.Down {
		t.Errorf("stunned: %+v", stun)
	}
}

// TestAttacksReachEverySystem: the map window's keys reach every
// system's attacks, melee and missile alike, and the command each makes
// is one the session decides: a Dragon Warriors II strike from H.
func TestAttacksReachEverySystem(t *testing.T) {
	for _, tc := range []struct {
		fight, by, at string
		melee         string // the command H makes
	}{
		{"demo", "cyril", "miranda", CommandMelee},
		{"dragonwarriors", "rolf", "lennox", CommandStrike},
		{"savage", "marshal", "bandit-1", CommandStrike},
		{"fudge", "sheriff", "bruiser", CommandStrike},
	} {
		t.Run(tc.fight, func(t *testing.T) {
			st := openBundled(t, tc.fight).State()
			keys := map[string]bool{}
			for _, a := range st.Attacks(tc.by) {
				keys[a.Key] = true
			}
			if !keys[AttackKeyShoot] || !keys[AttackKeyMelee] {
				t.Fatalf("Attacks(%s) = %+v, want a missile attack (A) and a blow (H)", tc.by, st.Attacks(tc.by))
			}
			c, ok := st.AttackCommand(tc.by, tc.at, AttackChoice{Key: AttackKeyMelee})
			if !ok || c.Kind != tc.melee || c.Figure != tc.by {
				t.Fatalf("AttackCommand(H) = %+v, %v; want a %s by %s", c, ok, tc.melee, tc.by)
			}
			if tgt := c.Target; c.Blow != nil {
				tgt = c.Blow.Target
				if tgt != tc.at {
					t.Errorf("blow at %q, want %q", tgt, tc.at)
				}
			} else if tgt != tc.at {
				t.Errorf("strike at %q, want %q", tgt, tc.at)
			}
			if _, ok := st.AttackCommand(tc.by, tc.at, AttackChoice{Key: "Z"}); ok {
				t.Errorf("AttackCommand of key Z: ok, want none")
			}
		})
	}
	// Dragon Warriors II's strike from the map is decided: Rolf stands
	// beside Lennox.
	s := openDW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{1, 5, 1, 4}})
	c, _ := s.State().AttackCommand("lennox", "rolf", AttackChoice{Key: AttackKeyMelee})
	if _, err := s.State().Explain(c); err != nil {
		t.Errorf("Explain(%+v): %v, want the strike's numbers", c, err)
	}
	if _, err := s.Do(c); err != nil {
		t.Errorf("Do(%+v): %v", c, err)
	}
}

// TestTWTWShotKindsAndAims: a shot is snap, normal or aimed, "up to two
// successive aim actions" (TWTW Conflict: Aiming), and the range bands
// are TN 5 + 1 beyond the first increment, one more each increment out
// (TWTW Conflict: Range).
func TestTWTWShotKindsAndAims(t *testing.T) {
	st := openBundled(t, "demo").State()
	var shoot Attack
	for _, a := range st.Attacks("cyril") {
		if a.Key == AttackKeyShoot {
			shoot = a
		}
	}
	if len(shoot.Weapons) == 0 || len(shoot.Kinds) != 3 || shoot.Kinds[shoot.First].Name != "normal" || shoot.Kinds[2].Most != rules.MaxAimsPerShot {
		t.Fatalf("Cyril's shot: %+v, want his guns, snap/normal/aimed, normal first, up to %d aims", shoot, rules.MaxAimsPerShot)
	}
	w := shoot.Weapons[0].ID
	for _, tc := range []struct {
		name  string
		kind  int
		times int
		want  ShotOrder
	}{
		{"snap", 0, 1, ShotOrder{Target: "zeke", Kind: "snap"}},
		{"aimed twice", 2, 2, ShotOrder{Target: "zeke", Kind: "aimed", Aims: 2}},
		{"aimed thrice is twice", 2, 3, ShotOrder{Target: "zeke", Kind: "aimed", Aims: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := st.AttackCommand("cyril", "zeke", AttackChoice{Key: AttackKeyShoot, Weapon: w, Kind: tc.kind, Times: tc.times})
			if c.Kind != CommandShoot || c.Weapon != w || len(c.Shots) != 1 || c.Shots[0] != tc.want {
				t.Errorf("got %+v, want a shot with %s: %+v", c, w, tc.want)
			}
		})
	}
	bands := st.RangeBands("cyril", w)
	if len(bands) == 0 || bands[0].Label != "TN 6" || bands[len(bands)-1].Label != "TN 9" && len(bands) == 4 {
		t.Errorf("RangeBands(%s) = %+v, want TN 6 … TN 9", w, bands)
	}
	for _, sys := range []string{"dragonwarriors", "savage", "fudge"} {
		if b := openBundled(t, sys).State().RangeBands("x", w); b != nil {
			t.Errorf("%s: RangeBands = %v, want none", sys, b)
		}
	}
}
