package session

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fmt"

	"hexslinger/assets"
	"hexslinger/hexmap"
	"hexslinger/rules"
	"hexslinger/rules/fudge"
	"hexslinger/rules/leadchrome"
)

func withLeadChrome(t *testing.T, s *Session, ids map[string]leadchrome.Sheet) {
	t.Helper()
	for id, lc := range ids {
		ch := s.State().Characters[id]
		lc := lc
		ch.LeadChrome = &lc
		mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
	}
}

// Lead and Chrome's initiative in a Dragon Warriors II fight: 2D10 +
// Reflexes, an unaimed shot's +3, the order.
func TestLeadChromeInitiative(t *testing.T) {
	s := openDW(t)
	bare := s.State().Characters["rolf"]
	bare.LeadChrome = nil
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &bare})
	opts := s.State().Options
	setLC(&opts, func(l *LeadChromeOptions) { l.Initiative = InitiativeLeadChrome })
	if _, err := s.Do(Command{Kind: CommandSetOptions, Options: &opts}); err == nil || !strings.Contains(err.Error(), "no Lead and Chrome numbers") {
		t.Fatalf("the option without the sheets: %v", err)
	}
	withLeadChrome(t, s, map[string]leadchrome.Sheet{"rolf": {Reflexes: 10}, "lennox": {Reflexes: 11}})
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	// Rolf 7+5+10 = 22; Lennox, declaring an unaimed shot, 4+4+11+3 = 22:
	// they act together.
	e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{7, 5, 4, 4}, Declare: []Declaration{{Figure: "lennox", Unaimed: true}}})
	if !strings.Contains(e.Text, "Order: Sir Rolf and Squire Lennox (together)") || !strings.Contains(e.Text, "unaimed shot +3 = 22") {
		t.Errorf("a tie: %s", e.Text)
	}
	// A natural 2 acts last whatever the Reflexes.
	e = mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{1, 1, 2, 3}})
	if !strings.Contains(e.Text, "Order: Squire Lennox, Sir Rolf") || !strings.Contains(e.Text, "acts last of all") {
		t.Errorf("a natural 2: %s", e.Text)
	}
	// Not in TWTW fights.
	tw := open(t)
	o := tw.State().Options
	setLC(&o, func(l *LeadChromeOptions) { l.Initiative = InitiativeLeadChrome })
	if _, err := tw.Do(Command{Kind: CommandSetOptions, Options: &o}); err == nil || !strings.Contains(err.Error(), "counts AP down") {
		t.Errorf("the option in a TWTW fight: %v", err)
	}
}

// The Quick-Draw as an option of TWTW fights.
func TestQuickDrawInTWTW(t *testing.T) {
	for _, tc := range []struct {
		name    string
		qd      []int // 2D10, then the fumble's D6 and D3
		readied bool
		want    string
	}{
		{"a clean draw", []int{5, 5}, true, "skill +2, modifiers +1"},
		{"a hair trigger fumbles on a natural 3", []int{1, 2, 3, 2}, false, "fumbled, the weapon slips from the character's grip and lands 2 m/yd away"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			withLeadChrome(t, s, map[string]leadchrome.Sheet{"cyril": {Reflexes: 5, QuickDraw: 2}, "miranda": {Reflexes: 5},
				"zeke": {Reflexes: 5}, "jeb": {Reflexes: 5}})
			opts := s.State().Options
			setLC(&opts, func(l *LeadChromeOptions) { l.QuickDraw = true })
			mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
			// Every figure's Quickness dice, all 2s: no successes.
			var dice []int
			for _, id := range s.State().Order {
				for i := 0; i < s.State().Characters[s.State().Figures[id].Character].Traits.Quickness; i++ {
					dice = append(dice, 2)
				}
			}
			dice = append(dice, tc.qd...)
			e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: dice, Declare: []Declaration{{Figure: "cyril", Gear: "schofield",
				QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver, Modifiers: []string{"hip", "hair-trigger"}}}}})
			if !strings.Contains(e.Text, tc.want) {
				t.Errorf("%s", e.Text)
			}
			c := s.State().Figures["cyril"]
			if c.Gear[0].Readied != tc.readied {
				t.Errorf("the Schofield readied %v, want %v", c.Gear[0].Readied, tc.readied)
			}
			if tc.readied && c.AP != 8+3 {
				t.Errorf("Cyril's number %d, want 8 + 3", c.AP)
			}
			if c.Condition != rules.Fine {
				t.Errorf("condition %s", c.Condition)
			}
		})
	}
}

// Every bundled fight opens and replays.
func TestBundledFights(t *testing.T) {
	for name, data := range assets.Fights() {
		t.Run(name, func(t *testing.T) {
			f, err := DecodeFight(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.State(); err != nil {
				t.Fatal(err)
			}
			if name == "quickdraw" && !f.Options.LeadChrome().QuickDraw {
				t.Error("the Quick-Draw fight does not allow the Quick-Draw")
			}
		})
	}
}

// openLeadChrome opens the Dragon Warriors II fight with Lead and Chrome's
// initiative on.
func openLeadChrome(t *testing.T) *Session {
	t.Helper()
	s := openDW(t)
	opts := s.State().Options
	setLC(&opts, func(l *LeadChromeOptions) { l.Initiative = InitiativeLeadChrome })
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	return s
}

// "If two or more characters get the same result, they act
// simultaneously. This means that it is perfectly possible for two
// opponents to shoot and kill each other in the same instant" (Lead and
// Chrome: Initiative): played in Dragon Warriors II.
func TestTiedFightersMayKillEachOtherInTheSameInstant(t *testing.T) {
	s := openLeadChrome(t)
	// Rolf 7+5+10 = 22, Lennox 7+4+11 = 22: together.
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{7, 5, 7, 4}})
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{5, 1, 1, 5, 1, 5}})
	if c := s.State().Figures["lennox"].Condition; c < rules.Unconscious {
		t.Fatalf("Lennox is %s after %s", c, e.Text)
	}
	e = mustDo(t, s, Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{6, 5, 1, 1, 5, 1, 5}})
	if !strings.Contains(e.Text, "Squire Lennox, felled in the instant it acts in, still acts: equal results act simultaneously (Lead and Chrome: Initiative).") {
		t.Errorf("Lennox's blow: %s", e.Text)
	}
	if c := s.State().Figures["rolf"].Condition; c < rules.Unconscious {
		t.Errorf("Rolf is %s after %s", c, e.Text)
	}
	// Once he has struck, Lennox is down.
	if _, err := s.Do(Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{5, 1, 1, 5}}); err == nil {
		t.Error("Lennox strikes twice from the ground")
	}
}

// "Characters making unaimed shots gain a +3 modifier to initiative, at
// the expense of a -5 modifier to hit" (Lead and Chrome: Initiative):
// played in Fudge, whose shot lacked the −5.
func TestAnUnaimedShotIsMinusFiveToHit(t *testing.T) {
	s := openBundled(t, "fudge")
	withLeadChrome(t, s, map[string]leadchrome.Sheet{"sheriff": {Reflexes: 6}, "bruiser": {Reflexes: 5}})
	opts := s.State().Options
	setLC(&opts, func(l *LeadChromeOptions) { l.Initiative = InitiativeLeadChrome })
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{5, 5, 5, 5}, Declare: []Declaration{{Figure: "sheriff", Unaimed: true}}})
	if !strings.Contains(e.Text, "unaimed shot +3 = 19") {
		t.Errorf("the initiative: %s", e.Text)
	}
	shot := Command{Kind: CommandShoot, Figure: "sheriff", Shots: []ShotOrder{{Target: "bruiser"}}}
	plan, err := s.State().PlanFudge(shot)
	if err != nil || plan.Skill != fudge.Good-5 {
		t.Errorf("the plan's skill %v (%v), want Good −5", plan.Skill, err)
	}
	// Four pluses: Good −5 +4 is Fair, which does not beat Fair.
	shot.Dice = []int{6, 6, 6, 6}
	e = mustDo(t, s, shot)
	if !strings.Contains(e.Text, "shoots at Big Ned: Good, unaimed shot -5 (Lead and Chrome): Terrible-1 +4 = Fair against Fair") {
		t.Errorf("the shot: %s", e.Text)
	}
}

// "Sights filed off: +1 (-3 to hit)" (Lead and Chrome: Quick-draw
// modifiers): the quick-drawn gun's shots this round are at −3, in Savage
// Worlds; TWTW takes the −3 as three downgrades (docs/defaults.md).
func TestSightsFiledOffAreMinusThreeToHit(t *testing.T) {
	t.Run("Savage Worlds", func(t *testing.T) {
		s := openSW(t)
		opts := s.State().Options
		setLC(&opts, func(l *LeadChromeOptions) { l.Initiative = InitiativeLeadChrome })
		mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
		e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{5, 5, 5, 5, 5, 5, 5, 5}, Declare: []Declaration{{Figure: "doc",
			QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver, Modifiers: []string{"hip", "sights-filed"}}}}})
		if !strings.Contains(e.Text, "Quick-Draw skill +0, modifiers +1 = 17") {
			t.Errorf("the initiative: %s", e.Text)
		}
		e = mustDo(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{2, 2}})
		if !strings.Contains(e.Text, "quick-drawn with the sights filed off -3") {
			t.Errorf("the shot: %s", e.Text)
		}
		// The next round's shot is an ordinary one.
		mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{5, 5, 5, 5, 5, 5, 5, 5}})
		if p, err := s.State().PlanSavage(Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}}); err != nil || strings.Contains(strings.Join(p.Why, " "), "sights") {
			t.Errorf("next round: %v %v", p.Why, err)
		}
	})
	t.Run("TWTW", func(t *testing.T) {
		s := open(t)
		withLeadChrome(t, s, map[string]leadchrome.Sheet{"cyril": {Reflexes: 5, QuickDraw: 2}, "miranda": {Reflexes: 5},
			"zeke": {Reflexes: 5}, "jeb": {Reflexes: 5}})
		opts := s.State().Options
		setLC(&opts, func(l *LeadChromeOptions) { l.QuickDraw = true })
		mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
		mustDo(t, s, Command{Kind: CommandNewRound, Dice: append(failingInitiative(s.State()), 5, 5), Declare: []Declaration{{Figure: "cyril", Gear: "schofield",
			QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver, Modifiers: []string{"hip", "sights-filed"}}}}})
		p, err := s.State().PlanShoot("cyril", "schofield", []ShotOrder{{Target: "zeke"}})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, m := range p.Series.Plans[0].Modifiers {
			if m.Steps == -3 && strings.Contains(m.Name, "sights filed off") {
				found = true
			}
		}
		if !found {
			t.Errorf("the shot's modifiers %+v lack the filed sights' three downgrades", p.Series.Plans[0].Modifiers)
		}
	})
}

// "A Quick-drawing character adds their Quick-Draw skill (if any) to their
// initiative roll" and "Characters making unaimed shots gain a +3
// modifier to initiative" (Lead and Chrome): a declaration goes with an
// initiative roll that takes it, and is refused where none does, not
// dropped unsaid.
func TestADeclarationNeedsAnInitiativeRollToTakeIt(t *testing.T) {
	s := openDW(t)
	opts := s.State().Options
	setLC(&opts, func(l *LeadChromeOptions) { l.QuickDraw = true })
	if _, err := s.Do(Command{Kind: CommandSetOptions, Options: &opts}); err == nil || !strings.Contains(err.Error(), "turn on Lead and Chrome's initiative with it") {
		t.Errorf("the Quick-Draw on Dragon Warriors II's own initiative: %v", err)
	}
	if _, err := s.Do(Command{Kind: CommandNewRound, Dice: []int{1, 5, 1, 4}, Declare: []Declaration{{Figure: "lennox", Unaimed: true}}}); err == nil || !strings.Contains(err.Error(), "takes no declarations") {
		t.Errorf("an unaimed shot on Dragon Warriors II's own initiative: %v", err)
	}
	tw := open(t)
	if _, err := tw.Do(Command{Kind: CommandNewRound, Dice: failingInitiative(tw.State()), Declare: []Declaration{{Figure: "cyril", Unaimed: true}}}); err == nil || !strings.Contains(err.Error(), "which this fight does not roll") {
		t.Errorf("an unaimed shot in TWTW: %v", err)
	}
	f, err := DecodeFight(bytes.NewReader(assets.Fights()["dragonwarriors"]))
	if err != nil {
		t.Fatal(err)
	}
	setLC(&f.Options, func(l *LeadChromeOptions) { l.QuickDraw = true })
	if _, err := f.State(); err == nil || !strings.Contains(err.Error(), "options.quick_draw") {
		t.Errorf("a fight file with the Quick-Draw on Dragon Warriors II's own initiative: %v", err)
	}
}

// "A quick-draw can only be performed with the following types of weapon"
// (Lead and Chrome: The Quick-Draw): in TWTW the weapon table says what
// the drawn weapon is, whatever the declaration calls it.
func TestOnlyHandgunsAndOneHandedWeaponsAreQuickDrawn(t *testing.T) {
	for _, tc := range []struct {
		name, figure, gear string
		want               string // "" allowed, else the refusal
	}{
		{"a Winchester is a long gun", "jeb", "winchester", "a long gun cannot be quick-drawn"},
		{"a throwing knife is a one-handed throwing weapon", "jeb", "throwing-knife", ""},
		{"a derringer is a single-shot handgun", "miranda", "derringer", ""},
		{"a Peacemaker is a revolver", "miranda", "peacemaker", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := DecodeFight(bytes.NewReader(assets.Fights()["quickdraw"]))
			if err != nil {
				t.Fatal(err)
			}
			f.Options.TableDice = true
			s, err := Open(f, filepath.Join(t.TempDir(), "qd.journal.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			// Declared a revolver, whatever it is.
			c := Command{Kind: CommandNewRound, Dice: append(failingInitiative(s.State()), 5, 5),
				Declare: []Declaration{{Figure: tc.figure, Gear: tc.gear, QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver}}}}
			_, err = s.Do(c)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("%v, want %q", err, tc.want)
			}
		})
	}
}

// TestLeadAndChromeTwoRoundFight plays two rounds of a Savage Worlds
// gunfight on Lead and Chrome's initiative, with the Quick-Draw, every die
// typed in, and compares the log with testdata/leadchrome-two-rounds.log.
func TestLeadAndChromeTwoRoundFight(t *testing.T) {
	f, err := DecodeFight(bytes.NewReader(assets.Fights()["savage"]))
	if err != nil {
		t.Fatal(err)
	}
	// The two bandits by name: Ringo and Curly Bill.
	for i := range f.Characters {
		if f.Characters[i].ID == "bandit" {
			f.Characters[i].Name = "Ringo"
			bill := f.Characters[i]
			bill.ID, bill.Name = "bill", "Curly Bill"
			f.Characters = append(f.Characters, bill)
			break
		}
	}
	for i := range f.Figures {
		if f.Figures[i].ID == "bandit-2" {
			f.Figures[i].Character = "bill"
		}
	}
	s, err := Open(f, filepath.Join(t.TempDir(), "lc.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	play := &script{t: t, s: s}
	do := play.do
	withLeadChrome(t, s, map[string]leadchrome.Sheet{"marshal": {Reflexes: 7, QuickDraw: 2}, "doc": {Reflexes: 6, QuickDraw: 3}, "bandit": {Reflexes: 5, QuickDraw: 1, Weapon: leadchrome.Revolver}, "bill": {Reflexes: 5, QuickDraw: 1}})
	play.log = nil
	opts := s.State().Options
	setLC(&opts, func(l *LeadChromeOptions) { l.Initiative, l.QuickDraw = InitiativeLeadChrome, true })
	do(Command{Kind: CommandSetOptions, Options: &opts})
	shoot := func(by, at string, dice ...int) {
		t.Helper()
		do(Command{Kind: CommandShoot, Figure: by, Shots: []ShotOrder{{Target: at}}, Dice: dice})
	}
	// Round 1 (Ringo carries a revolver on his hip beside the Winchester:
	// his Lead and Chrome sheet's weapon). Doc quick-draws his Peacemaker from a Bridgeport rig: 6+4 +
	// 6 + 3 + 2 = 21. The Marshal shoots unaimed: 5+3 + 7 + 3 = 18. The
	// first bandit quick-draws from a hip holster, gun not tied down, with
	// a hair trigger: 2+1, a natural 3, fumbles; his D6 is a 3 and the gun
	// drops 2 yards away, at 6 o'clock. The second bandit: 8+5 + 5 = 18,
	// with the Marshal.
	do(Command{Kind: CommandNewRound, Dice: []int{5, 3, 6, 4, 2, 1, 3, 2, 6, 8, 5}, Declare: []Declaration{
		{Figure: "marshal", Unaimed: true},
		{Figure: "doc", QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver, Modifiers: []string{"bridgeport"}}},
		{Figure: "bandit-1", QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver, Modifiers: []string{"hip-loose", "hair-trigger"}}},
	}})
	// Doc, first, shakes the first bandit.
	shoot("doc", "bandit-1", 6, 1, 3, 3)
	// The Marshal's unaimed shot, at -5, fells the second bandit, who acts
	// in the same instant and still shoots back.
	shoot("marshal", "bandit-2", 8, 6, 2, 4, 4, 2, 4)
	shoot("bandit-2", "marshal", 5, 4, 4)
	// Round 2: the Marshal rolls a natural 2 and acts last of all, after
	// the first bandit (6+6 + 5 = 17) and Doc (4+4 + 6 = 14).
	do(Command{Kind: CommandNewRound, Dice: []int{1, 1, 4, 4, 6, 6}})
	do(Command{Kind: CommandRecover, Figure: "bandit-1", Dice: []int{5}})
	// Ringo, his gun on the ground, holds his actions: Doc may go.
	do(Command{Kind: CommandDelay, Figure: "bandit-1"})
	shoot("doc", "bandit-1", 2, 2)
	do(Command{Kind: CommandRecover, Figure: "marshal", Dice: []int{5, 2}})
	shoot("marshal", "bandit-1", 6, 3, 5, 5, 5)
	play.matches("leadchrome-two-rounds.log")
}

// lennoxFumbles opens the Dragon Warriors II fight on Lead and Chrome's
// initiative with the Quick-Draw, and has Lennox quick-draw a knife and
// fumble on a natural 2, with the fumble's dice after.
func lennoxFumbles(t *testing.T, fumble ...int) *Session {
	t.Helper()
	s := openDW(t)
	lennox := s.State().Characters["lennox"].Clone()
	lennox.LeadChrome.Weapon = leadchrome.OneHandedMelee // his knife
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &lennox})
	opts := s.State().Options
	setLC(&opts, func(l *LeadChromeOptions) { l.Initiative, l.QuickDraw = InitiativeLeadChrome, true })
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: append([]int{5, 5, 1, 1}, fumble...),
		Declare: []Declaration{{Figure: "lennox", QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.OneHandedMelee, Modifiers: []string{"small-melee"}}}}})
	if !strings.Contains(e.Text, "fumbled the draw") {
		t.Fatalf("no fumble: %s", e.Text)
	}
	return s
}

// "1-2: ... If using a melee or thrown weapon, the result is similar: the
// attack automatically misses. The character may act normally in the next
// action phase" (Lead and Chrome: Quick-draw fumbles).
func TestAQuickDrawFumbleOfOneOrTwoMisses(t *testing.T) {
	s := lennoxFumbles(t, 2)
	mustDo(t, s, Command{Kind: CommandDelay, Figure: "rolf"}) // Rolf, first, lets him go
	strike := Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf"}
	if why, err := s.State().Explain(strike); err != nil || !strings.Contains(why, "automatically misses") {
		t.Errorf("the preview: %q %v", why, err)
	}
	e := mustDo(t, s, strike)
	if !strings.Contains(e.Text, "Squire Lennox's fumbled quick-draw goes off: the attack automatically misses") || len(e.Changes) != 1 || s.State().Figures["rolf"].Hurt != 0 {
		t.Errorf("the attack: %s", e.Text)
	}
	// The next is his own again.
	strike.Dice = []int{1, 2, 2, 1}
	if e := mustDo(t, s, strike); !strings.Contains(e.Text, "Squire Lennox attacks Sir Rolf") {
		t.Errorf("the next attack: %s", e.Text)
	}
}

// "3-4: The weapon being drawn slips out of the character's grip and
// lands 1D3m/yd away in a random direction" (Lead and Chrome: Quick-draw
// fumbles): in Dragon Warriors II Lennox's knife lands 3 yards off at 12
// o'clock (east), and lies there, next round too, until he picks it up
// (one Action).
func TestAQuickDrawFumbleOfThreeOrFourDropsTheWeapon(t *testing.T) {
	s := lennoxFumbles(t, 4, 3, 12)
	mustDo(t, s, Command{Kind: CommandDelay, Figure: "rolf"}) // Rolf, first, lets him go
	l := s.State().Loose
	if len(l) != 1 || l[0].Owner != "lennox" || l[0].Name != "blade" {
		t.Fatalf("the loose weapons: %+v", l)
	}
	strike := Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: []int{1, 2, 2, 1}}
	refused(t, s, strike, "Squire Lennox's blade lies at "+s.State().Map.Label(l[0].At))
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{5, 5, 5, 5}})
	refused(t, s, strike, "Squire Lennox's blade lies at "+s.State().Map.Label(l[0].At))
	refused(t, s, Command{Kind: CommandPickUp, Figure: "lennox"}, "no weapon of Squire Lennox's lies in its hex or next to it")
}

// "For larger-scale combat, initiative can be rolled once for each squad
// or vehicle, based on the squad leader, vehicle commander or pilot's
// Reflexes stat" (Lead and Chrome: Initiative): a Fight-tab switch of a
// Savage Worlds fight on Lead and Chrome's initiative; each side rolls
// once on its best Reflexes, and its figures act together.
func TestInitiativeIsRolledOnceForEachSquad(t *testing.T) {
	s := openSW(t)
	withLeadChrome(t, s, map[string]leadchrome.Sheet{"marshal": {Reflexes: 7}, "doc": {Reflexes: 6}, "bandit": {Reflexes: 5}})
	opts := s.State().Options
	setLC(&opts, func(l *LeadChromeOptions) { l.Squads = true })
	if _, err := s.Do(Command{Kind: CommandSetOptions, Options: &opts}); err == nil || !strings.Contains(err.Error(), "turn on Lead and Chrome's initiative with it") {
		t.Errorf("squads on Savage Worlds' own cards: %v", err)
	}
	setLC(&opts, func(l *LeadChromeOptions) { l.Squads = false })
	setLC(&opts, func(l *LeadChromeOptions) { l.Initiative = InitiativeLeadChrome })
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	var squads *Switch
	for _, sw := range s.State().Switches() {
		if strings.Contains(sw.Label, "initiative by squad") {
			squads = &sw
		}
	}
	if squads == nil || squads.On {
		t.Fatalf("no squads switch off in %+v", s.State().Switches())
	}
	opts = squads.Set(s.State().Options, true)
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	// The posse, led by the Marshal: 5+3 + 7 = 15; the outlaws, by the
	// first bandit: 4+4 + 5 = 13. Two rolls, not four.
	if _, err := s.Do(Command{Kind: CommandNewRound, Dice: []int{5, 3, 4, 4, 1, 1, 1, 1}}); err == nil {
		t.Error("four rolls taken where two sides roll")
	}
	e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{5, 3, 4, 4}})
	for _, want := range []string{"rolled once a squad", "Side posse, led by Marshal Dane (Reflexes 7, the side's best): 2D10 5+3, Reflexes +7 = 15",
		"Side outlaws, led by Bandit", "Order: Marshal Dane and Doc Harlan (together), Bandit and Bandit 2 (together)"} {
		if !strings.Contains(e.Text, want) {
			t.Errorf("%q lacks %q", e.Text, want)
		}
	}
	st := s.State()
	if m, d, b1, b2 := st.Figures["marshal"].AP, st.Figures["doc"].AP, st.Figures["bandit-1"].AP, st.Figures["bandit-2"].AP; m != d || b1 != b2 || m <= b1 {
		t.Errorf("places: marshal %d, doc %d, bandits %d %d", m, d, b1, b2)
	}
	if _, err := s.Do(Command{Kind: CommandNewRound, Dice: []int{5, 3, 4, 4}, Declare: []Declaration{{Figure: "doc", Unaimed: true}}}); err == nil || !strings.Contains(err.Error(), "leader's Reflexes alone") {
		t.Errorf("a declaration by squad: %v", err)
	}
}

// "6: The character shoots or cuts themselves with the weapon, in an
// appropriate location" (Lead and Chrome: Quick-draw fumbles): in Dragon
// Warriors II, Lennox's knife is a blow of his own Attack at himself,
// undefended, its wounds his.
func TestAQuickDrawFumbleOfSixWoundsTheDrawer(t *testing.T) {
	// The D6 a 6; his attack roll +4 −1, the defence's +1 −1; Toughness
	// +2 −2.
	s := lennoxFumbles(t, 6, 4, 1, 1, 1, 2, 2)
	e := s.State().Log[len(s.State().Log)-1]
	lennox := s.State().Figures["lennox"]
	for _, want := range []string{"the character shoots or cuts themselves in the foot", "Squire Lennox, by accident, attacks Squire Lennox: 0 (+3)", "undefended 0", "Squire Lennox rolls Toughness"} {
		if !strings.Contains(e.Text, want) {
			t.Errorf("%q lacks %q", e.Text, want)
		}
	}
	if lennox.Hurt == 0 {
		t.Errorf("Lennox is unhurt after %s", e.Text)
	}
	if s.State().Figures["rolf"].Hurt != 0 {
		t.Error("Rolf is hurt")
	}
}

// "5: The gun goes off accidentally, hitting a random person or object in
// the shooter's fire arc" (Lead and Chrome: Quick-draw fumbles): in
// Savage Worlds, a die picks among the figures in Doc's front arc within
// his Peacemaker's range, and an object; the Peacemaker's damage is
// rolled on whom it hits.
func TestAQuickDrawFumbleOfFiveHitsARandomFigureInTheFireArc(t *testing.T) {
	s := openSW(t)
	opts := s.State().Options
	setLC(&opts, func(l *LeadChromeOptions) { l.Initiative, l.QuickDraw = InitiativeLeadChrome, true })
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	st := s.State()
	var arc []string
	for _, id := range st.Order {
		if id != "doc" && hexmap.ArcOf(st.Figures["doc"].At, st.Figures["doc"].Facing, st.Figures[id].At) == hexmap.Front {
			arc = append(arc, id)
		}
	}
	if len(arc) < 2 {
		t.Fatalf("the fight has %v in Doc's front arc; the test wants two or more", arc)
	}
	// Doc's natural 2 fumbles, the D6 a 5; the pick's die lands on the
	// second of the arc; the Peacemaker's 2d6: 4 and 3, 7 against
	// Toughness.
	dice := []int{5, 5, 1, 1, 5, 2, 4, 3, 5, 5, 5, 5}
	e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: dice, Declare: []Declaration{{Figure: "doc",
		QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver, Modifiers: []string{"hip"}}}}})
	hit := st.FigureName(arc[1])
	for _, want := range []string{"the gun goes off and hits a random person or object", fmt.Sprintf("a D%d rolls 2: %s", len(arc)+1, hit),
		"Doc Harlan's Colt Peacemaker hits " + hit + " (Savage Worlds: Damage): Damage"} {
		if !strings.Contains(e.Text, want) {
			t.Errorf("%q lacks %q", e.Text, want)
		}
	}
	if f := s.State().Figures[arc[1]]; !f.sw().Shaken && f.Hurt == 0 {
		t.Errorf("%s is unharmed", hit)
	}
	// The last face is an object: nobody is hurt.
	s2 := openSW(t)
	mustDo(t, s2, Command{Kind: CommandSetOptions, Options: &opts})
	dice[5] = len(arc) + 1
	e = mustDo(t, s2, Command{Kind: CommandNewRound, Dice: append(dice[:6:6], 5, 5, 5, 5), Declare: []Declaration{{Figure: "doc",
		QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver, Modifiers: []string{"hip"}}}}})
	if !strings.Contains(e.Text, fmt.Sprintf("a D%d rolls %d: an object", len(arc)+1, len(arc)+1)) {
		t.Errorf("the object: %s", e.Text)
	}
	for _, id := range arc {
		if f := s2.State().Figures[id]; f.sw().Shaken || f.Hurt > 0 {
			t.Errorf("%s is hurt by a shot into an object", id)
		}
	}
}

// "The character with the highest initiative in that round takes their
// first Combat Action first ... Once everyone has taken their first
// Action, second actions are taken in the same order" (Lead and Chrome:
// Initiative): in Dragon Warriors II, a blow out of turn is refused,
// naming who acts first; a hold (delay) lets the next go.
func TestSecondActionsAreTakenInTheSameOrder(t *testing.T) {
	s := openLeadChrome(t)
	// Rolf 5+5+10 = 20, Lennox 1+2+11 = 14: Rolf first.
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{5, 5, 1, 2}})
	miss := []int{1, 5, 5, 1} // a blow that misses
	lennox := Command{Kind: CommandStrike, Figure: "lennox", Target: "rolf", Dice: miss}
	want := "Squire Lennox's first action waits its turn in Lead and Chrome's order: Sir Rolf (its first action) acts first"
	if _, err := s.Do(lennox); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Lennox before Rolf: %v", err)
	}
	if _, err := s.State().Explain(lennox); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("the preview: %v", err)
	}
	rolf := Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: miss}
	mustDo(t, s, rolf)
	// Rolf's second action waits for Lennox's first.
	if _, err := s.Do(rolf); err == nil || !strings.Contains(err.Error(), "Sir Rolf's second action waits its turn in Lead and Chrome's order: Squire Lennox (its first action) acts first") {
		t.Errorf("Rolf's second before Lennox's first: %v", err)
	}
	mustDo(t, s, lennox)
	mustDo(t, s, rolf)
	// Rolf has had both; Lennox holds, then takes his second when he will.
	if _, err := s.Do(rolf); err == nil || !strings.Contains(err.Error(), "has taken its first and second actions") {
		t.Errorf("a third action: %v", err)
	}
	e := mustDo(t, s, Command{Kind: CommandDelay, Figure: "lennox"})
	if !strings.Contains(e.Text, "Squire Lennox holds its actions") {
		t.Errorf("the hold: %s", e.Text)
	}
	mustDo(t, s, lennox)
	// A new round ends the hold and counts afresh.
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{5, 5, 1, 2}})
	if s.State().Figures["lennox"].Delayed {
		t.Error("the hold outlasts the round")
	}
	if _, err := s.Do(lennox); err == nil {
		t.Error("Lennox before Rolf in the next round")
	}
}

// sheriffFumbles opens the Fudge fight, every module on, on Lead and
// Chrome's initiative with the Quick-Draw, and has Sheriff Bart quick-draw
// his revolver and fumble on a natural 2, with the fumble's dice after
// and Big Ned's initiative last; the Sheriff's damage capacity is
// capacity.
func sheriffFumbles(t *testing.T, capacity fudge.Level, fumble ...int) (*Session, Event) {
	t.Helper()
	s := openFudge(t, fudge.Options{ArmorCoverage: true, ShieldChecks: true, ShieldDamage: true, WoundTrack: true, DamageChecks: true})
	ch := s.State().Characters["sheriff"].Clone()
	ch.Fudge.DamageCapacity = &capacity
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
	withLeadChrome(t, s, map[string]leadchrome.Sheet{"sheriff": {Reflexes: 6, Weapon: leadchrome.Revolver}, "bruiser": {Reflexes: 5}})
	opts := s.State().Options
	setLC(&opts, func(l *LeadChromeOptions) { l.Initiative, l.QuickDraw = InitiativeLeadChrome, true })
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: append(append([]int{1, 1}, fumble...), 5, 5),
		Declare: []Declaration{{Figure: "sheriff", QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver, Modifiers: []string{"hip"}}}}})
	if !strings.Contains(e.Text, "fumbled the draw") {
		t.Fatalf("no fumble: %s", e.Text)
	}
	return s, e
}

// "5: The gun goes off accidentally, hitting a random person or object in
// the shooter's fire arc" (Lead and Chrome: Quick-draw fumbles): in Fudge,
// a D2 picks Big Ned, the one figure in the Sheriff's front arc, or an
// object; the accident, rolled by no one, hits by 1 with the gun's damage
// +2, through Ned's shield check, armor and damage check as any hit
// (docs/defaults.md).
func TestAQuickDrawFumbleOfFiveHitsARandomFigureInTheFireArcInFudge(t *testing.T) {
	// The D6 a 5; the D2 a 1: Ned; his shield check −4, his damage
	// check +0.
	s, e := sheriffFumbles(t, fudge.Good, 5, 1, 1, 1, 1, 1, 3, 3, 3, 3)
	has(t, e.Text, "the gun goes off and hits a random person or object", "a D2 rolls 1: Big Ned",
		"By accident, with no roll to hit, a hit by 1 (Fudge Combat Options; docs/defaults.md): Big Ned's shield check: Fair -4 = Terrible-1 against Good: too low: the blow gets through (Combat Options 2.2).",
		"Sheriff Bart's gun hits Big Ned by 1: 3 damage (weapon +2, no armor). Big Ned is at wound level Poor. Big Ned's damage check: Great +0 = Great against Poor: shrugs off")
	if ned := s.State().Figures["bruiser"]; ned.Hurt != 3 {
		t.Errorf("Big Ned has %d damage after %s", ned.Hurt, e.Text)
	}
	// The D2's other face is an object: nobody is hurt.
	s, e = sheriffFumbles(t, fudge.Good, 5, 2)
	has(t, e.Text, "a D2 rolls 2: an object")
	if ned := s.State().Figures["bruiser"]; ned.Hurt != 0 {
		t.Errorf("Big Ned is hurt by a shot into an object: %s", e.Text)
	}
}

// "6: The character shoots or cuts themselves with the weapon, in an
// appropriate location" (Lead and Chrome: Quick-draw fumbles): in Fudge,
// the Sheriff's gun hits him by 1, no shield between, his leather vest
// taking 1 of the 3; his damage check, on a Poor capacity, fails, and he
// is out from the round beginning.
func TestAQuickDrawFumbleOfSixWoundsTheDrawerInFudge(t *testing.T) {
	s, e := sheriffFumbles(t, fudge.Poor, 6, 1, 1, 3, 3)
	has(t, e.Text, "the character shoots or cuts themselves",
		"Sheriff Bart's gun hits Sheriff Bart by 1: 2 damage (weapon +2, armor −1). Sheriff Bart is at wound level Terrible. Sheriff Bart's damage check: Poor -2 = Terrible-1 against Terrible: is knocked down")
	sheriff := s.State().Figures["sheriff"]
	if sheriff.Hurt != 2 || sheriff.Condition != rules.Unconscious || sheriff.fudgePart().OutSince != s.State().Round {
		t.Errorf("the Sheriff: %d damage, %s since round %d (round %d), after %s", sheriff.Hurt, sheriff.Condition, sheriff.fudgePart().OutSince, s.State().Round, e.Text)
	}
}

// openSavageQuickDraw opens the Savage Worlds fight on Lead and Chrome's
// initiative with the Quick-Draw: the Marshal Reflexes 7, Doc 6 with
// Quick-Draw 3, the bandits 5.
func openSavageQuickDraw(t *testing.T) *Session {
	t.Helper()
	s := openSW(t)
	withLeadChrome(t, s, map[string]leadchrome.Sheet{"marshal": {Reflexes: 7}, "doc": {Reflexes: 6, QuickDraw: 3}, "bandit": {Reflexes: 5}})
	opts := s.State().Options
	setLC(&opts, func(l *LeadChromeOptions) { l.Initiative, l.QuickDraw = InitiativeLeadChrome, true })
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	return s
}

// TestAQuickDrawModifierRowCountsOnce: the Quick-Draw modifier table is
// one row for each thing about the draw ("Hair trigger +1", "Bridgeport
// Rig (hip) +2"; Lead and Chrome: Quick-draw modifiers): a gun has one
// hair trigger, a hip one rig. A row named twice is refused, naming it;
// named once each, Doc's draw is +3 (6+4 + Reflexes 6 + skill 3 + 3 =
// 22).
func TestAQuickDrawModifierRowCountsOnce(t *testing.T) {
	s := openSavageQuickDraw(t)
	twice := Command{Kind: CommandNewRound, Dice: []int{5, 5, 6, 4, 5, 5, 5, 5}, Declare: []Declaration{
		{Figure: "doc", QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver, Modifiers: []string{"hair-trigger", "hair-trigger", "bridgeport", "bridgeport"}}}}}
	if ev, err := s.Do(twice); err == nil || !strings.Contains(err.Error(), `"hair-trigger" is named twice`) {
		t.Errorf("a hair trigger and a rig named twice each: %v %v, want refused, naming hair-trigger", err, ev)
	}
	once := twice
	once.Declare = []Declaration{{Figure: "doc", QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver, Modifiers: []string{"hair-trigger", "bridgeport"}}}}
	if e := mustDo(t, s, once); !strings.Contains(e.Text, "Quick-Draw skill +3, modifiers +3 = 22") {
		t.Errorf("each named once: %s, want modifiers +3 = 22", e.Text)
	}
	if got := DeclareQuickDraw(leadchrome.Revolver, []string{"Hair trigger", "Hair trigger"}).Modifiers; len(got) != 1 {
		t.Errorf("the console's declaration of a row chosen twice: %v, want it once", got)
	}
}

// TestSecondActionsInSavageWorldsAndFudge: "Once everyone has taken their
// first Action, second actions are taken in the same order" (Lead and
// Chrome: Initiative), in the systems whose own turn is one action: on
// Lead and Chrome's initiative a Savage Worlds figure and a Fudge figure
// each take a second action once the others have taken their first (or
// hold), and no third.
func TestSecondActionsInSavageWorldsAndFudge(t *testing.T) {
	t.Run("Savage Worlds", func(t *testing.T) {
		s := openSavageQuickDraw(t)
		// The Marshal 5+5+7 = 17, Doc 6+4+6 = 16, the bandits 1+2+5 = 8
		// and 1+3+5 = 9.
		mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{5, 5, 6, 4, 1, 2, 1, 3}})
		shot := func(by string) Command {
			return Command{Kind: CommandShoot, Figure: by, Shots: []ShotOrder{{Target: "bandit-1"}}, Dice: []int{2, 2}}
		}
		mustDo(t, s, shot("marshal"))
		refused(t, s, shot("marshal"), "Marshal Dane's second action waits its turn in Lead and Chrome's order: Doc Harlan (its first action)")
		mustDo(t, s, shot("doc"))
		mustDo(t, s, Command{Kind: CommandDelay, Figure: "bandit-2"})
		mustDo(t, s, Command{Kind: CommandDelay, Figure: "bandit-1"})
		if e := mustDo(t, s, shot("marshal")); !strings.Contains(e.Text, "Marshal Dane fires at Bandit") {
			t.Errorf("the Marshal's second action: %s", e.Text)
		}
		mustDo(t, s, shot("doc"))
		refused(t, s, shot("marshal"), "has taken its first and second actions this round")
	})
	t.Run("Fudge", func(t *testing.T) {
		s := openFudge(t, fudge.Options{})
		withLeadChrome(t, s, map[string]leadchrome.Sheet{"sheriff": {Reflexes: 6}, "bruiser": {Reflexes: 5}})
		opts := s.State().Options
		setLC(&opts, func(l *LeadChromeOptions) { l.Initiative = InitiativeLeadChrome })
		mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
		// The Sheriff 5+5+6 = 16, Big Ned 1+2+5 = 8. Each exchange ties:
		// Great −1 against Good +0.
		mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{5, 5, 1, 2}})
		mustDo(t, s, strike("sheriff", "bruiser", "-000", "0000"))
		mustDo(t, s, strike("bruiser", "sheriff", "0000", "-000"))
		if e := mustDo(t, s, strike("sheriff", "bruiser", "-000", "0000")); !strings.Contains(e.Text, "A tie") {
			t.Errorf("the Sheriff's second action: %s", e.Text)
		}
		mustDo(t, s, strike("bruiser", "sheriff", "0000", "-000"))
		refused(t, s, strike("sheriff", "bruiser", "-000", "0000"), "has taken its first and second actions this round")
	})
}

// TestAQuickDrawIsOfTheWeaponTheSheetCarries: "A quick-draw can only be
// performed with the following types of weapon: A revolver-type handgun
// … A one-handed melee or throwing weapon" (Lead and Chrome: The
// Quick-Draw), and the modifiers are the weapon's: the kind declared is
// the one the sheet carries. Doc with a Winchester '73 (a long gun)
// declares a revolver from a Bridgeport rig: refused; with the Colt
// Peacemaker the +2 counts. In Dragon Warriors II Lennox's two-handed
// sword is no one-handed blade; in Fudge, whose sheet names no weapon,
// the Lead and Chrome sheet's weapon is the one drawn.
func TestAQuickDrawIsOfTheWeaponTheSheetCarries(t *testing.T) {
	revolver := func(id string) Declaration {
		return Declaration{Figure: id, QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver, Modifiers: []string{"bridgeport"}}}
	}
	t.Run("Savage Worlds", func(t *testing.T) {
		s := openSavageQuickDraw(t)
		giveDocA(t, s, "Winchester '73")
		c := Command{Kind: CommandNewRound, Dice: []int{5, 5, 6, 4, 5, 5, 5, 5}, Declare: []Declaration{revolver("doc")}}
		refused(t, s, c, "Doc Harlan carries a Winchester '73 (a long gun), not a revolver")
		giveDocA(t, s, "Colt Peacemaker")
		if e := mustDo(t, s, c); !strings.Contains(e.Text, "Quick-Draw skill +3, modifiers +2 = 21") {
			t.Errorf("a Peacemaker from a Bridgeport rig: %s", e.Text)
		}
	})
	t.Run("Dragon Warriors II", func(t *testing.T) {
		s := openDW(t)
		withLeadChrome(t, s, map[string]leadchrome.Sheet{"rolf": {Reflexes: 10}, "lennox": {Reflexes: 11, QuickDraw: 2}})
		ch := s.State().Characters["lennox"].Clone()
		ch.DragonWarriors.Weapon = "two-handed-sword"
		mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
		opts := s.State().Options
		setLC(&opts, func(l *LeadChromeOptions) { l.Initiative, l.QuickDraw = InitiativeLeadChrome, true })
		mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
		c := Command{Kind: CommandNewRound, Dice: []int{5, 5, 5, 5}, Declare: []Declaration{{Figure: "lennox", QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.OneHandedMelee}}}}
		refused(t, s, c, "Squire Lennox carries a Two-handed sword (a two-handed weapon), not a one-handed melee")
		ch.DragonWarriors.Weapon = "one-handed-sword"
		mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
		mustDo(t, s, c)
	})
	t.Run("Fudge", func(t *testing.T) {
		s := openFudge(t, fudge.Options{})
		withLeadChrome(t, s, map[string]leadchrome.Sheet{"sheriff": {Reflexes: 6, QuickDraw: 2}, "bruiser": {Reflexes: 5}})
		opts := s.State().Options
		setLC(&opts, func(l *LeadChromeOptions) { l.Initiative, l.QuickDraw = InitiativeLeadChrome, true })
		mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
		c := Command{Kind: CommandNewRound, Dice: []int{5, 5, 5, 5}, Declare: []Declaration{revolver("sheriff")}}
		refused(t, s, c, "Sheriff Bart's sheet names no weapon to quick-draw")
		withLeadChrome(t, s, map[string]leadchrome.Sheet{"sheriff": {Reflexes: 6, QuickDraw: 2, Weapon: leadchrome.LongGun}})
		refused(t, s, c, "Sheriff Bart carries a long gun, not a revolver")
		withLeadChrome(t, s, map[string]leadchrome.Sheet{"sheriff": {Reflexes: 6, QuickDraw: 2, Weapon: leadchrome.Revolver}})
		mustDo(t, s, c)
	})
}

// TestAQuickDrawFumbleDropsTheWeaponOnTheMap: "3-4: The weapon being
// drawn slips out of the character's grip and lands 1D3m/yd away in a
// random direction" (Lead and Chrome: Quick-draw fumbles), and "Normally
// it takes one Action to draw, unsheathe or unsling and ready a weapon"
// (The Quick-Draw). In Savage Worlds Doc quick-draws his Peacemaker and
// fumbles (a natural 2): the D6 a 3, the D3 a 2 (yards: one inch, one
// hex), a D12 of 12 o'clock (east). The gun lies on the map beside him, and
// stays there into the next round: no shot until he picks it up, which
// is one Action; his second action shoots.
func TestAQuickDrawFumbleDropsTheWeaponOnTheMap(t *testing.T) {
	s := openSavageQuickDraw(t)
	// The Marshal 5+5+7 = 17; Doc 1+1, fumbled: 2+6+3 = 11; the bandits
	// 1+2+5 = 8 and 1+3+5 = 9.
	e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{5, 5, 1, 1, 3, 2, 12, 1, 2, 1, 3},
		Declare: []Declaration{{Figure: "doc", QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver}}}})
	doc := s.State().Figures["doc"]
	want := doc.At.Neighbor(hexmap.Direction(0))
	if len(e.Dropped) != 1 || e.Dropped[0].At != want || e.Dropped[0].Owner != "doc" || e.Dropped[0].Name != "Colt Peacemaker" {
		t.Fatalf("the gun dropped: %+v, want Doc's Colt Peacemaker at %s (%s)", e.Dropped, s.State().Map.Label(want), e.Text)
	}
	at := s.State().Map.Label(want)
	has(t, e.Text, "the Colt Peacemaker lands at "+at)
	if near := s.State().LooseNear("doc"); len(near) != 1 || near[0].Label() != "Colt Peacemaker" {
		t.Errorf("the weapons near Doc: %+v", near)
	}
	shot := Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{2, 2}}
	mustDo(t, s, Command{Kind: CommandDelay, Figure: "marshal"})
	refused(t, s, shot, "Doc Harlan's Colt Peacemaker lies at "+at)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{5, 5, 6, 4, 1, 2, 1, 3}})
	refused(t, s, shot, "Doc Harlan's Colt Peacemaker lies at "+at)
	mustDo(t, s, Command{Kind: CommandDelay, Figure: "marshal"})
	pick := Command{Kind: CommandPickUp, To: &want, Figure: "doc"}
	if e := mustDo(t, s, pick); !strings.Contains(e.Text, "Doc Harlan picks up the Colt Peacemaker at "+at+" and readies it: one Action") || e.PickedUp == nil {
		t.Errorf("the pick-up: %s", e.Text)
	}
	if len(s.State().Loose) != 0 || s.State().Figures["doc"].lc().Dropped != "" {
		t.Errorf("after the pick-up: loose %+v, Doc %+v", s.State().Loose, s.State().Figures["doc"].lc())
	}
	refused(t, s, shot, "Doc Harlan's second action waits its turn")
	mustDo(t, s, Command{Kind: CommandDelay, Figure: "bandit-2"})
	mustDo(t, s, Command{Kind: CommandDelay, Figure: "bandit-1"})
	mustDo(t, s, shot)
}

// openSavageHolstered is openSavageQuickDraw with the figures' weapons
// starting holstered (LeadChromeOptions.Holstered).
func openSavageHolstered(t *testing.T) *Session {
	t.Helper()
	s := openSavageQuickDraw(t)
	opts := s.State().Options
	setLC(&opts, func(l *LeadChromeOptions) { l.Holstered = true })
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	return s
}

// TestDrawingAWeaponIsOneAction: "Normally it takes one Action to draw,
// unsheathe or unsling and ready a weapon (chambering a round or cocking
// the hammer). The character doesn't have succeed on any task or stat
// check to do this. However, a character can instead try to draw and
// attack in the same action" (Lead and Chrome: The Quick-Draw). In the
// Savage Worlds fight with weapons holstered, the Marshal (17, first)
// may not shoot or strike with his weapons holstered; drawing his
// Peacemaker is his first action, and his shot waits for his second. Doc
// (16) quick-draws his and shoots at once. The Marshal's hand weapon
// stays sheathed: his blow is refused until he draws it too.
func TestDrawingAWeaponIsOneAction(t *testing.T) {
	s := openSavageHolstered(t)
	// The Marshal 5+5+7 = 17; Doc 6+4+6 (+3 Quick-Draw) = 19; the
	// bandits 5+5+5 = 15 each.
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{5, 5, 6, 4, 5, 5, 5, 5},
		Declare: []Declaration{{Figure: "doc", QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver}}}})
	doc := Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{2, 2}}
	mustDo(t, s, doc) // quick-drawn: drawn and fired in one action
	offered := func(want bool, when string) {
		t.Helper()
		if got := slices.ContainsFunc(s.State().ActionsFor("marshal"), func(a Action) bool { return a.Kind == CommandReady }); got != want {
			t.Errorf("%s: Draw offered the Marshal %v, want %v", when, got, want)
		}
	}
	offered(true, "his turn, his weapons holstered")
	shot := Command{Kind: CommandShoot, Figure: "marshal", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{2, 2}}
	refused(t, s, shot, "Marshal Dane's Colt Peacemaker is not in hand")
	blow := Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: []int{2, 2}}
	refused(t, s, blow, "Marshal Dane's hand weapon is not in hand")
	e := mustDo(t, s, Command{Kind: CommandReady, Figure: "marshal"})
	has(t, e.Text, "Marshal Dane draws the Colt Peacemaker: one Action")
	offered(false, "Doc's and the bandits' turn")
	refused(t, s, shot, "Marshal Dane's second action waits its turn")
	mustDo(t, s, Command{Kind: CommandDelay, Figure: "bandit-1"})
	mustDo(t, s, Command{Kind: CommandDelay, Figure: "bandit-2"})
	mustDo(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{2, 2}})
	refused(t, s, blow, "Marshal Dane's hand weapon is not in hand")
	offered(true, "his second action, his hand weapon sheathed")
	mustDo(t, s, shot)
	refused(t, s, Command{Kind: CommandReady, Figure: "marshal"}, "Marshal Dane has taken its first and second actions")
}

// TestWeaponsStartHolsteredOnlyOnLeadAndChromesInitiative: the option is
// of Lead and Chrome's order of Actions, and TWTW draws with its own
// ready: set without the initiative, or in TWTW, it is refused.
func TestWeaponsStartHolsteredOnlyOnLeadAndChromesInitiative(t *testing.T) {
	sw := openSW(t)
	opts := sw.State().Options
	setLC(&opts, func(l *LeadChromeOptions) { l.Holstered = true })
	if _, err := sw.Do(Command{Kind: CommandSetOptions, Options: &opts}); err == nil || !strings.Contains(err.Error(), "Lead and Chrome's initiative") {
		t.Errorf("holstered without Lead and Chrome's initiative: %v, want refused", err)
	}
	tw := open(t)
	opts = tw.State().Options
	setLC(&opts, func(l *LeadChromeOptions) { l.Holstered = true })
	if _, err := tw.Do(Command{Kind: CommandSetOptions, Options: &opts}); err == nil || !strings.Contains(err.Error(), "ready") {
		t.Errorf("holstered in TWTW: %v, want refused", err)
	}
}
