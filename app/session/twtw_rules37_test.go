package session

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// The TWTW rules issue 37's audit found wrong in play, each driven through
// session commands with typed dice and asserting the chapter's numbers.

// plainCard is a card of the deck with no Calamity icon.
func plainCard(t *testing.T) string {
	t.Helper()
	for _, c := range rules.Cards() {
		if !c.Calamity {
			return c.Name()
		}
	}
	t.Fatal("the deck has no card without a Calamity")
	return ""
}

// stunnedZeke is the demo fight with Zeke stunned.
func stunnedZeke(t *testing.T) *Session {
	t.Helper()
	return demoWithStatus(t, "zeke", FigureStatus{Condition: rules.Stunned})
}

// demoWithStatus is the demo fight with figure id opening in status st,
// its gear as the demo gives it.
func demoWithStatus(t *testing.T, id string, st FigureStatus) *Session {
	t.Helper()
	f := demo(t)
	st.Gear = open(t).State().Figures[id].Gear
	for i := range f.Figures {
		if f.Figures[i].ID == id {
			f.Figures[i].Status = &st
		}
	}
	return openFile(t, f)
}

// TestAStunnedFigureRecoversOnceARound: "Each round, stunned characters
// use their action (Recover, all APs) to attempt a recovery check" (TWTW
// Conflict: Wound Effects). Zeke fails his recovery check (no successes,
// a plain card): he stays stunned, his AP are spent, and he may not try
// again until the next round, when he may.
func TestAStunnedFigureRecoversOnceARound(t *testing.T) {
	s := stunnedZeke(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	pool := s.State().Characters["zeke"].TraitPool("fortitude", true)
	card := plainCard(t)
	rec := mustDo(t, s, Command{Kind: CommandRecover, Figure: "zeke", Dice: ones(pool.Count), Cards: []string{card}})
	if z := s.State().Figures["zeke"]; z.Condition != rules.Stunned || z.AP != 0 {
		t.Fatalf("after a failed recovery Zeke is %v with %d AP, want stunned with 0: %s", z.Condition, z.AP, rec.Text)
	}
	again := Command{Kind: CommandRecover, Figure: "zeke", Dice: sure(pool), Cards: []string{card}}
	if e, err := s.Do(again); err == nil {
		t.Fatalf("Zeke tries again in the same round with 0 AP: %v", e)
	} else if !strings.Contains(err.Error(), "once a round") {
		t.Errorf("the refusal %q does not say a recovery is once a round", err)
	}
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: failingInitiative(s.State())})
	mustDo(t, s, again)
	if z := s.State().Figures["zeke"]; z.Condition != rules.Fine {
		t.Errorf("the next round Zeke's sure recovery leaves him %v", z.Condition)
	}
}

// TestPointBlankIsWithinArmsReach: "Point-blank range is used when one
// character is holding a weapon in contact with another character … In
// general, the weapon should be close enough to touch the target with
// arms extended. The TN for point blank range is 3" (TWTW Conflict: Point
// Blank). Cyril's Schofield at Zeke 18 paces away is refused point blank
// (its range TN is 6); beside Jeb, in the next hex, it is TN 3.
func TestPointBlankIsWithinArmsReach(t *testing.T) {
	s := open(t)
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	mustDo(t, s, Command{Kind: CommandCock, Figure: "cyril", Weapon: "schofield"})
	far := Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield",
		Shots: []ShotOrder{{Target: "zeke", Kind: "normal", PointBlank: true}}, Dice: []int{3, 1, 1, 1, 1, 1}, Cards: []string{"3H"}}
	if ev, err := s.Do(far); err == nil {
		t.Fatalf("a point-blank shot at Zeke %d hexes away: %s", s.State().Figures["cyril"].At.DistanceTo(s.State().Figures["zeke"].At), ev[0].Text)
	} else if !strings.Contains(err.Error(), "point blank") {
		t.Errorf("the refusal %q does not name point blank", err)
	}

	s = open(t)
	besideJeb(t, s)
	mustDo(t, s, Command{Kind: CommandReady, Figure: "cyril", Weapon: "schofield"})
	countDownTo(t, s, "cyril")
	mustDo(t, s, Command{Kind: CommandCock, Figure: "cyril", Weapon: "schofield"})
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield",
		Shots: []ShotOrder{{Target: "jeb", Kind: "normal", PointBlank: true}}, Dice: []int{3, 1, 1, 1, 1, 1, 1, 1}, Cards: []string{"3H"}})
	if !strings.Contains(e.Text, "3 vs TN 3, hits") {
		t.Errorf("Cyril's point-blank shot at Jeb beside him, a 3: %s", e.Text)
	}
}

// TestAWeaponBlockThatTiesRaisesTheRel: "If the block result is greater,
// the attack is successfully blocked … Blocking may also be performed
// with a weapon … On an equal result, increase the Rel by 1 instead of
// changing the hit location" (TWTW Conflict: Hand to Hand Combat).
// Miranda's Bowie knife meets Jeb's punch with exactly its result: the
// punch lands where the card puts it and the knife's Rel rises by 1.
func TestAWeaponBlockThatTiesRaisesTheRel(t *testing.T) {
	s := mirandaBesideJeb(t, true)
	order := &BlowOrder{Target: "miranda", Attack: "quick", Defense: DefenseBlock}
	mp, err := s.State().PlanMelee("jeb", "", order)
	if err != nil {
		t.Fatal(err)
	}
	block, _ := s.State().Characters["miranda"].SkillPool("melee")
	// Jeb's punch: every die its top face and a reroll of 1. Miranda's
	// block: one die its top face and a reroll that makes the same, the
	// others ones; then ones for the stun check.
	var dice []int
	for range mp.Pool.Count {
		dice = append(dice, mp.Pool.Sides)
	}
	dice = append(dice, 1)
	punch := mp.Pool.Sides + 1 + mp.Pool.Bonus
	reroll := punch - block.Sides - block.Bonus
	if reroll < 1 || reroll >= block.Sides {
		t.Fatalf("the block (%s) cannot tie the punch (%s, %d) with one reroll", block, mp.Pool, punch)
	}
	dice = append(dice, block.Sides, reroll)
	dice = append(dice, ones(block.Count-1+8)...)
	knife := gearIndex(s.State().Figures["miranda"], "bowie-knife")
	e := mustDo(t, s, Command{Kind: CommandMelee, Figure: "jeb", Blow: order, Dice: dice, Cards: []string{"5S"}})
	m := s.State().Figures["miranda"]
	if !strings.Contains(e.Text, fmt.Sprintf("(%d, equal)", punch)) || strings.Contains(e.Text, "stopped") || !strings.Contains(e.Text, "Miranda Valentine takes") {
		t.Errorf("a block tied at %d: want the punch to land and the Rel to rise, got: %s", punch, e.Text)
	}
	if m.Gear[knife].Worn != 1 {
		t.Errorf("the knife's Rel rose by %d, want 1", m.Gear[knife].Worn)
	}
}

// mirandaBesideJeb is the demo fight with Miranda, a Bowie knife added to
// her gear when knife, standing in the hex beside Jeb, facing him.
func mirandaBesideJeb(t *testing.T, knife bool) *Session {
	t.Helper()
	s := open(t)
	if knife {
		ch := s.State().Characters["miranda"].Clone()
		ch.Gear = append(ch.Gear, rules.Carried{Weapon: "bowie-knife", Readied: true})
		mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &ch})
	}
	next := s.State().Figures["jeb"].At.Neighbor(hexmap.Direction(5))
	mustDo(t, s, Command{Kind: CommandRemoveFigure, Figure: "miranda"})
	mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "miranda", Character: "miranda", Side: "posse", At: s.State().Map.Label(next), Facing: "NW"}}})
	return s
}

// zekeShootsMiranda fires Zeke's shotgun at Miranda: a hit that she
// shrugs off when hit, else a miss.
func zekeShootsMiranda(t *testing.T, s *Session, hit bool) {
	t.Helper()
	snap := []ShotOrder{{Target: "miranda", Kind: "snap"}}
	p, err := s.State().PlanShoot("zeke", "shotgun", snap)
	if err != nil {
		t.Fatal(err)
	}
	dice := ones(p.Series.Pool.Count)
	if hit {
		dice = sure(p.Series.Pool)[:p.Series.Pool.Count+1]
		fort := s.State().Characters["miranda"].TraitPool("fortitude", true)
		for range fort.Count {
			dice = append(dice, fort.Sides-1)
		}
	}
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "zeke", Weapon: "shotgun", Shots: snap, Dice: dice, Cards: []string{"5S"}})
	if got := strings.Contains(e.Text, "Miranda Valentine takes"); got != hit {
		t.Fatalf("Zeke's shot hits Miranda %v, want %v: %s", got, hit, e.Text)
	}
}

// TestTacticalAimingCountsTheHitsTaken: "Add 1 downgrade for each shot
// after the first that targets the character, and 2 downgrades for each
// attack that hit the character" (TWTW Conflict: Tactical Aiming). Zeke's
// shotgun hits Miranda; her normal shot back makes its Bravery check
// with her pool two steps down.
func TestTacticalAimingCountsTheHitsTaken(t *testing.T) {
	for _, tc := range []struct {
		name  string
		hit   bool
		steps int
	}{{"missed", false, 0}, {"hit", true, -2}} {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			zekeShootsMiranda(t, s, tc.hit)
			orders := []ShotOrder{{Target: "zeke", Kind: "normal"}}
			bravery := s.State().Characters["miranda"].TraitPool("bravery", true)
			e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker", Shots: orders, Dice: ones(20), Cards: []string{"5S"}})
			want := fmt.Sprintf("Bravery %s vs TN 5", bravery.Shift(tc.steps))
			if !strings.Contains(e.Text, want) {
				t.Errorf("Miranda's Bravery check after Zeke's shot %s: want %q in: %s", tc.name, want, e.Text)
			}
		})
	}
}

// TestTacticalAimingShotAtAndInMelee: "If the character was the target
// of a ranged attack … perform a Standard (5) Bravery check … If the
// character is a target of a melee attack, perform a Difficult (7)
// Bravery check" (TWTW Conflict: Tactical Aiming). Miranda, shot at by
// Zeke and punched at by Jeb (both miss), checks against TN 7: being shot
// at too does not make her nerve's test easier.
func TestTacticalAimingShotAtAndInMelee(t *testing.T) {
	s := mirandaBesideJeb(t, false)
	zekeShootsMiranda(t, s, false)
	blow := &BlowOrder{Target: "miranda", Attack: "quick", Defense: DefenseNone}
	mp, err := s.State().PlanMelee("jeb", "", blow)
	if err != nil {
		t.Fatal(err)
	}
	e := mustDo(t, s, Command{Kind: CommandMelee, Figure: "jeb", Blow: blow, Dice: ones(mp.Pool.Count), Cards: []string{"5S"}})
	if strings.Contains(e.Text, "Miranda Valentine takes") {
		t.Fatalf("Jeb's punch was to miss: %s", e.Text)
	}
	orders := []ShotOrder{{Target: "zeke", Kind: "normal"}}
	e = mustDo(t, s, Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker", Shots: orders, Dice: ones(20), Cards: []string{"5S"}})
	if !strings.Contains(e.Text, "vs TN 7") {
		t.Errorf("Miranda shot at and punched at: want her Bravery check vs TN 7: %s", e.Text)
	}
}

// TestTacticalAimingMayForgoTheSnapShot: "If the check fails, the AP are
// spent, but all previous aim is lost and any shot is a snap shot …
// They may choose to make the snap shot or forgo making a shot" (TWTW
// Conflict: Tactical Aiming). Miranda, under fire, says beforehand she
// forgoes the snap should she lose her nerve; she loses it: the AP are
// spent, no shot goes off, her Peacemaker keeps its rounds, and she may
// not aim again this round.
func TestTacticalAimingMayForgoTheSnapShot(t *testing.T) {
	s := open(t)
	zekeShootsMiranda(t, s, false)
	orders := []ShotOrder{{Target: "zeke", Kind: "normal"}}
	plan, err := s.State().PlanShoot("miranda", "peacemaker", orders)
	if err != nil {
		t.Fatal(err)
	}
	before := s.State().Figures["miranda"]
	gi := gearIndex(before, "peacemaker")
	loaded, ap := before.Gear[gi].Loaded, before.AP
	bravery := s.State().Characters["miranda"].TraitPool("bravery", true)
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker", Shots: orders, Forgo: true,
		Dice: concat(ones(bravery.Count), ones(plan.Series.Pool.Count)), Cards: []string{"5S"}})
	m := s.State().Figures["miranda"]
	if e.AP != plan.Series.AP || m.AP != ap-plan.Series.AP {
		t.Errorf("forgoing: %d AP paid, %d left, want %d paid of %d", e.AP, m.AP, plan.Series.AP, ap)
	}
	if !strings.Contains(e.Text, "forgoes the shot") || strings.Contains(e.Text, "snap at") || len(e.ShotsAt) != 0 {
		t.Errorf("the snap forgone still goes off: %s", e.Text)
	}
	if m.Gear[gi].Loaded != loaded || !m.AimLost {
		t.Errorf("after forgoing: %d rounds (had %d), aim lost %v", m.Gear[gi].Loaded, loaded, m.AimLost)
	}
}

// TestASabotagedShotRecordsWhatItDid: Action Sabotage: "the attempt fails
// unless … a calamity is generated" (TWTW Conflict: Action Sabotage), and
// what the target has faced feeds its Tactical Aiming ("2 downgrades for
// each attack that hit the character"). Cyril's sure roll meant to miss
// Zeke, on a plain card, is recorded a miss: Zeke was shot at, not hit; on
// a Calamity card it is recorded a hit.
func TestASabotagedShotRecordsWhatItDid(t *testing.T) {
	var plain, calamity string
	for _, c := range rules.Cards() {
		switch {
		case c.Calamity && calamity == "":
			calamity = c.Name()
		case !c.Calamity && !c.Unintended && plain == "":
			plain = c.Name()
		}
	}
	orders := []ShotOrder{{Target: "zeke", Kind: "normal", Sabotage: true}}
	for _, tc := range []struct {
		name, card string
		sure       bool // a roll that would hit, else one that would miss
		hits       int
	}{{"a hit on a plain card", plain, true, 0}, {"a miss on a Calamity", calamity, false, 1}, {"a hit on a Calamity", calamity, true, 1}} {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			plan, err := s.State().PlanShoot("cyril", "schofield", orders)
			if err != nil {
				t.Fatal(err)
			}
			dice := sure(plan.Series.Pool)
			if !tc.sure {
				dice = concat(slices.Repeat([]int{2}, plan.Series.Pool.Count), ones(8)) // 2s: a miss, not a malfunction
			}
			e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: orders, Dice: dice, Cards: []string{tc.card}})
			u := s.State().Figures["zeke"].UnderFire
			if e.Hits["zeke"] != tc.hits || u == nil || u.ShotsAt != 1 || u.HitsTaken != tc.hits {
				t.Errorf("card %s: the event records %d hit(s), Zeke's record of fire %+v; want %d hit(s) of 1 shot: %s", tc.card, e.Hits["zeke"], u, tc.hits, e.Text)
			}
		})
	}
}

// TestABlowFromTheFlankIsNotFromBehind: "Full dominance involves an
// opponent that is pinned or unaware (such as if being attacked from
// behind …), the attacker may … choose where the target is hit" (TWTW
// Conflict: Position in Hand-to-Hand Engagements), read on the hex facing
// arcs (DESIGN.md: "front arc = that side and its two neighbours, rear =
// the opposite side, the other two are flanks; an attack from the rear
// counts the target as unaware"). Of Jeb's six hexsides only his back
// one lets Cyril choose; from either flank the card's location stands.
// Jeb stands out in the street at G7 for it: at G5 a wall and a door
// close two of his hexsides, which stop a blow (lines.go).
func TestABlowFromTheFlankIsNotFromBehind(t *testing.T) {
	for turn, want := range map[int]bool{0: false, 1: false, 2: false, 3: true, 4: false, 5: false} {
		t.Run(fmt.Sprintf("side %d from his facing", turn), func(t *testing.T) {
			s := takesIt(t)
			jeb := s.State().Figures["jeb"]
			mustDo(t, s, Command{Kind: CommandRemoveFigure, Figure: "jeb"})
			mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "jeb", Character: "jeb", Side: "outlaws", At: "G7", Facing: jeb.Facing.String()}}})
			jeb = s.State().Figures["jeb"]
			at := jeb.At.Neighbor(jeb.Facing.Turn(turn))
			if _, taken := s.State().FigureAt(at); taken && at != s.State().Figures["cyril"].At {
				t.Skipf("%s is taken", s.State().Map.Label(at))
			}
			mustDo(t, s, Command{Kind: CommandRemoveFigure, Figure: "cyril"})
			mustDo(t, s, Command{Kind: CommandPlace, Place: []FigureSpec{{ID: "cyril", Character: "cyril", Side: "posse", At: s.State().Map.Label(at), Facing: "E"}}})
			mp, err := s.State().PlanMelee("cyril", "", &BlowOrder{Target: "jeb", Attack: "quick", Call: "head"})
			if err != nil {
				t.Fatal(err)
			}
			if mp.Choose != want {
				t.Errorf("a blow through Jeb's hexside %d from his facing: the attacker chooses %v, want %v", turn, mp.Choose, want)
			}
		})
	}
}

// TestMedicineRevivesOnlyTheKnockedOut: a figure that "critically fails a
// recovery check immediately falls unconscious for 1d6 hours or until
// someone makes a Standard (5) medicine roll to revive" (TWTW Conflict:
// Wound Effects); a fifth wound to the torso or head is a critical wound
// ("disabling results in critical wounds"), which no Medicine test in
// action time mends. Jeb tends Zeke, out with five wounds in his chest:
// refused, and Zeke stays unconscious.
func TestMedicineRevivesOnlyTheKnockedOut(t *testing.T) {
	f := demo(t)
	for i, fs := range f.Figures {
		if fs.ID == "zeke" {
			st := FigureStatus{Condition: rules.Unconscious, Wounds: map[rules.HitLocation]int{rules.Chest: 5}}
			f.Figures[i].Status = &st
			f.Figures[i].At = "H6"
		}
		if fs.ID == "jeb" {
			f.Figures[i].At = "G6"
		}
	}
	s, err := Open(f, filepath.Join(t.TempDir(), "critical.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	pool, _ := s.State().Characters["jeb"].SkillPool("medicine")
	if ev, err := s.Do(Command{Kind: CommandSkill, Figure: "jeb", Skill: "medicine", Target: "zeke", Dice: sure(pool)}); err == nil {
		t.Fatalf("Medicine on Zeke with five chest wounds: %s; he is %v", ev[0].Text, s.State().Figures["zeke"].Condition)
	} else if !strings.Contains(err.Error(), "critical") {
		t.Errorf("the refusal %q does not say the wound is critical", err)
	}
}

// movedCyril is the demo fight with Cyril, his Winchester holstered with
// all 15 rounds in it (the demo's sheet), after a walk of one hex: his
// action this round involves movement.
func movedCyril(t *testing.T) *Session {
	t.Helper()
	s := open(t)
	f := s.State().Figures["cyril"]
	for d := range hexmap.Direction(6) {
		c := Command{Kind: CommandMove, Figure: "cyril", To: new(f.At.Neighbor(d))}
		if s.State().Preview(nil, c).OK() {
			mustDo(t, s, c)
			return s
		}
	}
	t.Fatal("Cyril can walk to no hex beside him")
	return nil
}

// TestAFullyLoadedGunGoesOffOnAShotOnTheMove: "A Calamity result on an
// action involving any kind of movement leads to discharge of a round. The
// same is true for any malfunction result that is within the malfunction
// range of the weapon. Check the toggle result on the Action Card ... a NO
// means it did not [miss]" (TWTW Conflict: Carrying Loaded Weapons). A
// shot by a figure that walked or ran this round (the "firer is moving"
// of the ranged modifiers) is such an action: Cyril fires his Schofield at
// Zeke with his Winchester holstered fully loaded. Moved, a missed shot
// whose card is a Calamity with NO, or whose die shows 1 (the Winchester's
// Rel), sets the Winchester off into his leg; standing still, or with a
// die of 2 on a plain card, it stays quiet.
func TestAFullyLoadedGunGoesOffOnAShotOnTheMove(t *testing.T) {
	var calamityNo, plain string
	for _, c := range rules.Cards() {
		switch {
		case c.Calamity && !c.Yes && calamityNo == "":
			calamityNo = c.Name()
		case !c.Calamity && !c.Yes && plain == "":
			plain = c.Name()
		}
	}
	for _, tc := range []struct {
		name  string
		moved bool
		face  int
		card  string
		goes  bool
	}{
		{"moved, a Calamity", true, 2, calamityNo, true},
		{"moved, a die within the Winchester's Rel", true, 1, plain, true},
		{"moved, a plain miss", true, 2, plain, false},
		{"standing, a Calamity", false, 2, calamityNo, false},
		{"standing, a die within the Rel", false, 1, plain, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			if tc.moved {
				s = movedCyril(t)
			}
			orders := []ShotOrder{{Target: "zeke", Kind: "snap"}}
			plan, err := s.State().PlanShoot("cyril", "schofield", orders)
			if err != nil {
				t.Fatal(err)
			}
			dice := []int{}
			for range plan.Series.Pool.Count {
				dice = append(dice, tc.face)
			}
			dice = append(dice, ones(8)...)
			cards := []string{tc.card, tc.card}
			e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: orders, Dice: dice, Cards: cards})
			went := strings.Contains(e.Text, "fully loaded Winchester 1873 goes off in its holster (NO)")
			loaded := s.State().Figures["cyril"].Gear[1].Loaded
			if went != tc.goes || (loaded == 14) != tc.goes {
				t.Errorf("die %d, card %s: the Winchester went off %v (holds %d), want %v: %s", tc.face, tc.card, went, loaded, tc.goes, e.Text)
			}
		})
	}
}
