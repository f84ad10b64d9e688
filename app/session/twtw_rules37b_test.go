package session

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// The rest of the TWTW rules issue 37's audit found wrong in play, each
// driven through session commands with typed dice and asserting the
// chapter's numbers (the first seven are in twtw_rules37_test.go).

// woundedCyril is the demo fight with Cyril carrying the wounds given,
// his gear as the demo gives it.
func woundedCyril(t *testing.T, wounds map[rules.HitLocation]int) *Session {
	t.Helper()
	return demoWithStatus(t, "cyril", FigureStatus{Wounds: wounds})
}

// TestADisabledLegSlowsTheWalk: "Anytime a location takes a 5th wound it
// is disabled. For a limb, such as arm or leg, the location is either
// severed or otherwise rendered useless" (TWTW Conflict: Hit Location and
// Damage); on one useless leg a figure hobbles at half its Move and
// cannot run, on none it cannot go on foot (docs/defaults.md). Cyril
// (Move 6) walks the 6 paces C8 → I8 for 1 AP; with his right leg
// disabled they cost him 2 AP (Move 3), and he may not run; with both
// legs disabled he may not move.
func TestADisabledLegSlowsTheWalk(t *testing.T) {
	for _, tc := range []struct {
		name   string
		wounds map[rules.HitLocation]int
		ap     int  // the walk's cost, 0 when refused
		run    bool // whether he may run
	}{
		{"sound", nil, 1, true},
		{"four wounds in the right leg", map[rules.HitLocation]int{rules.RightLeg: 4}, 1, true},
		{"right leg disabled", map[rules.HitLocation]int{rules.RightLeg: 5}, 2, false},
		{"both legs disabled", map[rules.HitLocation]int{rules.RightLeg: 5, rules.LeftLeg: 5}, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := woundedCyril(t, tc.wounds)
			to := hexAt(t, s, "I8")
			walk := Command{Kind: CommandMove, Figure: "cyril", To: &to}
			ev, err := s.Do(walk)
			switch {
			case tc.ap == 0 && err == nil:
				t.Errorf("Cyril walks on no sound leg: %s", ev[0].Text)
			case tc.ap == 0 && !strings.Contains(err.Error(), "disabled"):
				t.Errorf("the refusal %q does not say his legs are disabled", err)
			case tc.ap > 0 && err != nil:
				t.Errorf("Cyril's walk C8 → I8 refused: %v", err)
			case tc.ap > 0 && ev[0].AP != tc.ap:
				t.Errorf("Cyril walks C8 → I8 for %d AP, want %d: %s", ev[0].AP, tc.ap, ev[0].Text)
			}
			s = woundedCyril(t, tc.wounds)
			walk.Run = true
			ev, err = s.Do(walk)
			if (err == nil) != tc.run {
				t.Errorf("Cyril may run %v, want %v (%v %v)", err == nil, tc.run, ev, err)
			}
		})
	}
}

// modNames are the names of a planned shot's modifiers.
func modNames(p ShootPlan) []string {
	var names []string
	for _, m := range p.Series.Plans[0].Modifiers {
		names = append(names, m.Name)
	}
	return names
}

// TestADisabledArmHoldsNoWeapon: a disabled arm is "rendered useless"
// (TWTW Conflict: Hit Location and Damage), so its hand holds nothing: a
// gun in it is refused until readied in the other hand, where "any action
// taken with an off hand takes an additional 2 downgrades" (TWTW
// Conflict: Two Weapons); a two-handed gun on one sound arm takes "a
// penalty of 2 downgrades to any two-handed ranged weapon being used with
// one hand" (Two handed ranged weapons).
func TestADisabledArmHoldsNoWeapon(t *testing.T) {
	shot := []ShotOrder{{Target: "zeke", Kind: "normal"}}
	t.Run("the Schofield in the right hand", func(t *testing.T) {
		s := woundedCyril(t, map[rules.HitLocation]int{rules.RightArm: 5})
		mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
		g := s.State().Figures["cyril"].Gear[gearIndex(s.State().Figures["cyril"], "schofield")]
		if !g.OffHand {
			t.Errorf("the Schofield readied with the right arm disabled is in the main hand: %+v", g)
		}
		p, err := s.State().PlanShoot("cyril", "schofield", shot)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(modNames(p), "off hand") {
			t.Errorf("the Schofield in the left hand: modifiers %v, want the off hand's", modNames(p))
		}
	})
	t.Run("readied before the wound", func(t *testing.T) {
		s := open(t)
		mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
		st := s.State().Figures["cyril"].FigureStatus
		st.Wounds = map[rules.HitLocation]int{rules.RightArm: 5}
		f := demo(t)
		for i := range f.Figures {
			if f.Figures[i].ID == "cyril" {
				f.Figures[i].Status = &st
			}
		}
		s, err := Open(f, filepath.Join(t.TempDir(), "arm.journal.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if _, err := s.State().PlanShoot("cyril", "schofield", shot); err == nil || !strings.Contains(err.Error(), "disabled") {
			t.Errorf("a shot with the Schofield in the disabled right hand: %v, want a refusal naming the disabled arm", err)
		}
		mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
		if _, err := s.State().PlanShoot("cyril", "schofield", shot); err != nil {
			t.Errorf("readied again in the left hand: %v", err)
		}
	})
	t.Run("the Winchester on one arm", func(t *testing.T) {
		s := woundedCyril(t, map[rules.HitLocation]int{rules.LeftArm: 5})
		mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "winchester"})
		p, err := s.State().PlanShoot("cyril", "winchester", shot)
		if err != nil {
			t.Fatal(err)
		}
		if got := modNames(p); !slices.ContainsFunc(got, func(n string) bool { return strings.Contains(n, "one hand") }) {
			t.Errorf("the Winchester with the left arm disabled: modifiers %v, want the one-handed 2 downgrades", got)
		}
	})
	t.Run("both arms", func(t *testing.T) {
		s := woundedCyril(t, map[rules.HitLocation]int{rules.RightArm: 5, rules.LeftArm: 5})
		if ev, err := s.Do(Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"}); err == nil || !strings.Contains(err.Error(), "disabled") {
			t.Errorf("Cyril readies the Schofield with both arms disabled: %v %v", ev, err)
		}
	})
}

// TestAGrappleBumpsTowardDominance: the grapple is "a bump toward
// dominance" on a hit (docs/defaults.md, the four hand-to-hand attacks;
// assets/melee.json "dominance": 1), and "Each level of dominance costs
// one bump, cumulative" (TWTW Conflict: Asserting Dominance). Cyril's
// grapple at Jeb, for damage, hits: Jeb takes its damage and is held in
// partial dominance by its one bump; a quick attack that hits holds no
// one.
func TestAGrappleBumpsTowardDominance(t *testing.T) {
	for _, tc := range []struct {
		attack string
		want   rules.DominanceLevel
	}{{"grapple", rules.PartialDominance}, {"quick", rules.NoDominance}} {
		t.Run(tc.attack, func(t *testing.T) {
			s := takesIt(t)
			blow := &BlowOrder{Target: "jeb", Attack: tc.attack}
			mp, err := s.State().PlanMelee("cyril", "", blow)
			if err != nil {
				t.Fatal(err)
			}
			e := mustDo(t, s, Command{Kind: CommandMelee, Figure: "cyril", Blow: blow, Dice: concat(sure(mp.Pool), ones(8)), Cards: []string{"5S"}})
			level, by := s.State().holdOver("jeb")
			if level != tc.want || (tc.want != rules.NoDominance && by != "cyril") {
				t.Errorf("after Cyril's %s hits, Jeb is held in %v by %q, want %v: %s", tc.attack, level, by, tc.want, e.Text)
			}
			if !strings.Contains(e.Text, "Jeb Perkins takes") {
				t.Errorf("Cyril's %s for damage dealt none: %s", tc.attack, e.Text)
			}
		})
	}
}

// TestAPartiallyHeldFighterMayManeuver: "A combatant that is under
// partial dominance requires a TN 3 Unarmed Combat check to break the
// engagement … If it is not possible to move away from the engagement,
// the combatant must move (see maneuvering within an engagement) prior to
// making the break-away attempt" (TWTW Conflict: Breaking Engagements
// When Dominated), and "Maneuvering while remaining adjacent to their
// opponent does not break engagement and costs 1 AP per hex … No more
// than one hex" (Maneuvering During Engagement). Cyril's quick attack for
// position holds Jeb in partial dominance: Jeb may step one hex that
// keeps him beside Cyril, for 1 AP, and the overlay offers it; he may not
// walk off without breaking away.
func TestAPartiallyHeldFighterMayManeuver(t *testing.T) {
	s := takesIt(t)
	blow := &BlowOrder{Target: "jeb", Attack: "quick", Dominance: ForDominance}
	mp, err := s.State().PlanMelee("cyril", "", blow)
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, s, Command{Kind: CommandMelee, Figure: "cyril", Blow: blow, Dice: just(t, mp.Pool, mp.TN), Cards: []string{"5S"}})
	st := s.State()
	if level, _ := st.holdOver("jeb"); level != rules.PartialDominance {
		t.Fatalf("Jeb is held in %v, want partial dominance", level)
	}
	countDownTo(t, s, "jeb")
	st = s.State()
	jeb, cyril := st.Figures["jeb"], st.Figures["cyril"]
	// The hexes beside him a free Jeb steps to.
	free := takesIt(t)
	countDownTo(t, free, "jeb")
	freeArea, err := free.State().Reach("jeb", false)
	if err != nil {
		t.Fatal(err)
	}
	var beside, away *hexmap.Hex
	for d := range 6 {
		h := jeb.At.Neighbor(hexmap.Direction(d))
		if _, in := freeArea.Costs[h]; !in {
			continue
		}
		if rules.Engaged(h, cyril.At, st.Map.Scale) && beside == nil {
			beside = &h
		}
		if !rules.Engaged(h, cyril.At, st.Map.Scale) && away == nil {
			away = &h
		}
	}
	if beside == nil || away == nil {
		t.Fatalf("no free hex beside Jeb at %s both by Cyril at %s and away from him: %v", st.Map.Label(jeb.At), st.Map.Label(cyril.At), freeArea.Costs)
	}
	if _, err := s.Do(Command{Kind: CommandMove, Figure: "jeb", To: away}); err == nil || !strings.Contains(err.Error(), "break away") {
		t.Errorf("a partially held Jeb walks off to %s: %v", st.Map.Label(*away), err)
	}
	area, err := st.Reach("jeb", false)
	if err != nil {
		t.Fatalf("the overlay of a partially held Jeb: %v", err)
	}
	if _, in := area.Costs[*beside]; !in {
		t.Errorf("the overlay does not offer Jeb's maneuver to %s: %v", st.Map.Label(*beside), area.Costs)
	}
	if _, in := area.Costs[*away]; in {
		t.Errorf("the overlay offers Jeb the walk off to %s", st.Map.Label(*away))
	}
	ap := jeb.AP
	e := mustDo(t, s, Command{Kind: CommandMove, Figure: "jeb", To: beside})
	if e.AP != 1 || s.State().Figures["jeb"].AP != ap-1 {
		t.Errorf("Jeb's maneuver to %s: %d AP paid, want 1: %s", st.Map.Label(*beside), e.AP, e.Text)
	}
}

// TestAnOngoingSkillIsPaidAtOnce: "The AP to perform a skill check may be
// paid over multiple turns (if it makes sense, such as with the
// lockpicking attempt, but not for an ongoing skill, such as sneak)"
// (TWTW Conflict: Skills During Action Time). Cyril may put 2 AP toward
// picking a lock, but not toward sneaking: that is paid, 4 AP, at once.
func TestAnOngoingSkillIsPaidAtOnce(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandSkill, Figure: "cyril", Skill: "lockpicking", Focus: true, Pay: 2})
	if a := s.State().Figures["cyril"].Attempt; a == nil || a.Paid != 2 {
		t.Fatalf("2 AP toward picking a lock: the attempt is %+v", a)
	}
	s = open(t)
	if ev, err := s.Do(Command{Kind: CommandSkill, Figure: "cyril", Skill: "sneak", Pay: 2}); err == nil {
		t.Errorf("2 AP toward sneaking: %s", ev[0].Text)
	} else if !strings.Contains(err.Error(), "ongoing") {
		t.Errorf("the refusal %q does not say sneaking is ongoing", err)
	}
	pool, _ := s.State().Characters["cyril"].SkillPool("sneak")
	e := mustDo(t, s, Command{Kind: CommandSkill, Figure: "cyril", Skill: "sneak", Dice: ones(pool.Count)})
	if e.AP != rules.SkillAP || !strings.Contains(e.Text, "completes sneak") {
		t.Errorf("Cyril's sneak paid whole: %d AP, want %d: %s", e.AP, rules.SkillAP, e.Text)
	}
}

// TestPositionGivesAdvantage: "find the advantage value by adding … a
// further +1 for each of the following … Position. This can come from
// trapping an opponent in a corner, mud or quicksand, or otherwise using
// the battlefield to your advantage" (TWTW Conflict: Determining
// Advantage). With Jeb standing in the shallows (bad footing: mud) and
// Cyril on firm ground, Cyril's blow at him has one more advantage than
// on dry ground, and Jeb's at Cyril one less.
func TestPositionGivesAdvantage(t *testing.T) {
	adv := func(s *Session, by, at string) (int, string) {
		t.Helper()
		mp, err := s.State().PlanMelee(by, "", &BlowOrder{Target: at, Attack: "quick"})
		if err != nil {
			t.Fatal(err)
		}
		return mp.Advantage, mp.AdvantageWhy
	}
	dry := takesIt(t)
	cyrilDry, _ := adv(dry, "cyril", "jeb")
	jebDry, _ := adv(dry, "jeb", "cyril")
	wet := takesIt(t)
	cell := wet.State().Map.CellAt(wet.State().Figures["jeb"].At)
	cell.Terrain = "shallows"
	mustDo(t, wet, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	if got, why := adv(wet, "cyril", "jeb"); got != cyrilDry+1 || !strings.Contains(why, "position") {
		t.Errorf("Cyril's blow at Jeb in the shallows: advantage %d (%s), want %d and the position named", got, why, cyrilDry+1)
	}
	if got, _ := adv(wet, "jeb", "cyril"); got != jebDry-1 {
		t.Errorf("Jeb's blow from the shallows: advantage %d, want %d", got, jebDry-1)
	}
}
