package rules

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"hexslinger/assets"
	"hexslinger/hexmap"
)

func meleeTable(t *testing.T) *MeleeTable {
	t.Helper()
	m, err := ParseMelee(assets.Melee())
	if err != nil {
		t.Fatal(err)
	}
	return m
}

var hank = Character{ID: "hank", Name: "Hank", Size: 6, Move: 6, Traits: Traits{Quickness: 3, Coordination: 3, Fortitude: 4, Strength: 4}, Skills: map[string]int{"unarmed": 3}}

// TWTW Conflict: Impact Damage — "The damage for a quick attack is 5 + DB,
// which is 3. Hank has a size of 6, so he is dealt 8 Conc. He has 6 Conc
// remaining".
func TestAngusQuickAttackOnHank(t *testing.T) {
	angus := Character{Name: "Angus Laroq", Traits: Traits{Strength: 6}}
	quick, _ := meleeTable(t).Attack("quick")
	p := PlanBlow(angus, Blow{Attack: quick})
	if p.Damage != 8 || p.Kind != Impact {
		t.Fatalf("Angus's quick attack: %s, want 5 + DB 3 = 8 impact", p.Explained)
	}
	b := NewBody(hank.Size)
	r := b.Apply(Impact, p.Damage, Chest, false)
	if r.Wounds != 0 || r.Conc != 8 || b.ConcLeft() != 6 {
		t.Errorf("8 impact on Size 6: %s, want 8 Conc and 6 left", r.Text)
	}
}

// TWTW Conflict: Deadly Damage — "A normal hit deals 10: 1 wound and 4
// Conc. If it were increased to 14 via bumps, two wounds and 2 Conc".
func TestMirandasPeacemaker(t *testing.T) {
	for _, tc := range []struct {
		name        string
		effect      int
		wounds, con int
	}{
		{"Miranda's Peacemaker, 10 effect vs Size 6", 10, 1, 4},
		{"Miranda's Peacemaker, 14 effect vs Size 6", 14, 2, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, c := DeadlyWounds(tc.effect, 6)
			if w != tc.wounds || c != tc.con {
				t.Errorf("got %d wounds %d Conc, want %d and %d", w, c, tc.wounds, tc.con)
			}
		})
	}
	if e := Effect(10, 2, Chest); e != 14 {
		t.Errorf("10 with two bumps: %d, want 14", e)
	}
}

func TestDeadlyDamageAddsUp(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 2000; i++ {
		effect, size := rng.IntN(80), 1+rng.IntN(20)
		w, c := DeadlyWounds(effect, size)
		if w*size+c != effect || c < 0 || c >= size {
			t.Fatalf("DeadlyWounds(%d, %d) = %d, %d", effect, size, w, c)
		}
	}
}

func TestImpactDamage(t *testing.T) {
	for _, tc := range []struct {
		name         string
		effect, size int
		wounds, conc int
	}{
		{"under twice Size: all Conc", 11, 6, 0, 11},
		{"twice Size: one wound", 12, 6, 1, 0},
		{"twice Size and a little: a wound and Conc", 15, 6, 1, 3},
		{"twice Size and Size: two wounds", 18, 6, 2, 0},
		{"twice Size, twice Size and 1: three wounds, 1 Conc", 25, 6, 3, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, c := ImpactWounds(tc.effect, tc.size)
			if w != tc.wounds || c != tc.conc {
				t.Errorf("ImpactWounds(%d, %d) = %d, %d; want %d, %d", tc.effect, tc.size, w, c, tc.wounds, tc.conc)
			}
		})
	}
}

func TestHitLocations(t *testing.T) {
	if LocationBumps(Head) != 2 || LocationBumps(Vitals) != 1 || LocationBumps(Chest) != 0 {
		t.Errorf("a head hit adds 2 bumps, vitals 1")
	}
	if got := Effect(10, 0, Head); got != 14 {
		t.Errorf("10 to the head: %d, want 14", got)
	}
	if MoveLocation(Belly, -1) != Vitals || MoveLocation(Head, -1) != Head || MoveLocation(LeftLeg, 2) != LeftLeg || MoveLocation(Chest, 2) != Belly {
		t.Errorf("moving up and down the stack")
	}
	b := NewBody(6)
	b.Apply(Deadly, 6, Chest, false)
	b.Apply(Deadly, 6, Vitals, false)
	b.Apply(Deadly, 6, Belly, false)
	if b.WoundsAt(Chest) != 3 || b.WoundsAt(Belly) != 3 || b.Worst() != 3 {
		t.Errorf("chest, vitals and belly are one torso: %v", b.Wounds)
	}
}

func TestFifthWound(t *testing.T) {
	t.Run("a limb is disabled", func(t *testing.T) {
		b := NewBody(6)
		b.Apply(Deadly, 24, RightArm, false)
		r := b.Apply(Deadly, 6, RightArm, false)
		if !r.Disabled || !b.Disabled[RightArm] || b.Condition != Fine {
			t.Errorf("fifth wound to an arm: %+v", r)
		}
	})
	t.Run("the torso is critical: unconscious", func(t *testing.T) {
		b := NewBody(6)
		b.Apply(Deadly, 30, Chest, false)
		if b.Condition != Unconscious {
			t.Errorf("five torso wounds: %v", b.Condition)
		}
		b.Apply(Deadly, 6, Belly, false)
		if b.Condition != Dead {
			t.Errorf("a sixth torso wound: %v", b.Condition)
		}
	})
	t.Run("a final impact wound to the head with YES kills", func(t *testing.T) {
		b := NewBody(4)
		b.Apply(Deadly, 16, Head, false)
		b.Apply(Impact, 8, Head, true)
		if b.Condition != Dead {
			t.Errorf("%v", b.Condition)
		}
	})
	t.Run("with NO it knocks out", func(t *testing.T) {
		b := NewBody(4)
		b.Apply(Deadly, 16, Head, false)
		b.Apply(Impact, 8, Head, false)
		if b.Condition != Unconscious {
			t.Errorf("%v", b.Condition)
		}
	})
	t.Run("Conc past capacity knocks out", func(t *testing.T) {
		b := NewBody(6)
		b.Apply(Impact, 11, Chest, false)
		if b.Condition != Fine {
			t.Errorf("11 Conc of 14: %v", b.Condition)
		}
		b.Apply(Impact, 3, Chest, false)
		if b.Condition != Unconscious {
			t.Errorf("14 Conc of 14: %v", b.Condition)
		}
	})
}

// TWTW Conflict: Cover Penetration — each armor value and the P/A/D
// boundaries.
func TestCoverPenetration(t *testing.T) {
	for name, av := range CoverArmor {
		t.Run(name, func(t *testing.T) {
			for _, tc := range []struct {
				pv   int
				want Penetration
			}{{av - 1, Deflect}, {av, Ablate}, {av + 1, Ablate}, {av + 2, Penetrate}, {av + 5, Penetrate}} {
				if got := PenetrateCover(tc.pv, av); got != tc.want {
					t.Errorf("PV %d vs AV %d: %v, want %v", tc.pv, av, got, tc.want)
				}
			}
		})
	}
	want := map[string]int{"glass": 1, "thin wood": 2, "hardwood": 3, "adobe or thin iron plating": 4, "thick iron": 5}
	for k, v := range want {
		if CoverArmor[k] != v {
			t.Errorf("%s: AV %d, want %d", k, CoverArmor[k], v)
		}
	}
}

func TestCoverShieldsByHeight(t *testing.T) {
	for _, tc := range []struct {
		h       hexmap.Height
		covered []HitLocation
	}{
		{hexmap.Low, []HitLocation{RightLeg, LeftLeg}},
		{hexmap.Waist, []HitLocation{Belly, RightLeg, LeftLeg}},
		{hexmap.Chest, []HitLocation{Chest, Vitals, Belly, RightLeg, LeftLeg}},
		{hexmap.Full, HitLocations},
	} {
		set := map[HitLocation]bool{}
		for _, l := range tc.covered {
			set[l] = true
		}
		for _, l := range HitLocations {
			if Shields(tc.h, l) != set[l] {
				t.Errorf("%v cover and the %s: %v", tc.h, l, Shields(tc.h, l))
			}
		}
	}
	ws := weapons(t)
	barrel, _ := hexmap.NewFeature("barrel") // waist, AV 3
	cover := []hexmap.CoverHit{{Feature: barrel}}
	if h := ThroughCover(cover, Belly, ws["peacemaker"], Card{Penetration: 0}); h.Result != Ablate || h.Damage != 4 || h.NewAV != 2 {
		t.Errorf("Peacemaker (Pen 3) into a barrel (AV 3): %+v, want A: RD 4, AV 2", h)
	}
	if h := ThroughCover(cover, Belly, ws["peacemaker"], Card{Penetration: 2}); h.Result != Penetrate || h.Damage != 10 {
		t.Errorf("PV 5 vs AV 3: %+v, want P", h)
	}
	if h := ThroughCover(cover, Head, ws["peacemaker"], Card{}); h.Covered || h.Damage != 10 {
		t.Errorf("a head shot over a barrel: %+v", h)
	}
}

// TWTW Conflict: Breaking Engagements When Dominated — the escape TNs.
func TestEscapes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		level  DominanceLevel
		ap, tn int
	}{
		{"partial dominance: TN 3 unarmed, 1 AP", PartialDominance, 1, 3},
		{"dominance: 2 AP, TN 5", Dominance, 2, 5},
		{"full dominance: 3 AP, TN 7", FullDominance, 3, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := Escapes[tc.level]
			if e.AP != tc.ap || e.TN != tc.tn || e.Skill != "unarmed" {
				t.Errorf("%+v", e)
			}
		})
	}
	if ReviveTN != 5 {
		t.Errorf("reviving takes a Standard (5) Medicine test")
	}
}

// TWTW Conflict: Asserting Dominance — Hank, Dave and Clem at the Longhorn.
func TestHankDaveAndClem(t *testing.T) {
	e := &Engagement{A: "hank", B: "dave"}
	// Hank scores a bump and maneuvers Dave toward the piano.
	if moves := e.Spend("hank", 1); moves != 2 {
		t.Errorf("one bump carries %d hexes, want 2", moves)
	}
	if who, lvl := e.Dominance(); who != "hank" || lvl != PartialDominance {
		t.Fatalf("after Hank's bump: %s %v, want Hank, partial dominance", who, lvl)
	}
	// Dave's bull rush scores a bump: the dominance is cancelled.
	e.Spend("dave", 1)
	if _, lvl := e.Dominance(); lvl != NoDominance {
		t.Fatalf("after Dave's bump: %v, want none", lvl)
	}
	// Clem shoves Hank into a chair, only for dominance, for his brother.
	clem := *e
	clem.AttackForDominance("dave", true, 0)
	if who, lvl := clem.Dominance(); who != "dave" || lvl != PartialDominance {
		t.Errorf("Clem's hit: %s %v, want Dave, partial dominance", who, lvl)
	}
	// With a bump as well, Hank falls and Dave claims dominance.
	withBump := *e
	withBump.AttackForDominance("dave", true, 1)
	if who, lvl := withBump.Dominance(); who != "dave" || lvl != Dominance {
		t.Errorf("Clem's hit with a bump: %s %v, want Dave, dominance", who, lvl)
	}
	// A miss does nothing.
	if e.AttackForDominance("dave", false, 0); e.Level != 0 {
		t.Errorf("a miss moved the dominance")
	}
	// Under dominance: defense −2 and one downgrade for damage.
	def, _ := Defense(hank, 0, Dominance)
	if def != hank.DefenseValue()-2 {
		t.Errorf("defense under dominance %d, want %d", def, hank.DefenseValue()-2)
	}
	if !AttackerChoosesLocation(FullDominance, false) || !AttackerChoosesLocation(NoDominance, true) || AttackerChoosesLocation(Dominance, false) {
		t.Errorf("who chooses the hit location")
	}
}

func TestHandToHandBasics(t *testing.T) {
	mt := meleeTable(t)
	quick, _ := mt.Attack("quick")
	heavy, _ := mt.Attack("heavy")
	ws := weapons(t)
	t.Run("careful attack: +2 AP, one upgrade", func(t *testing.T) {
		p := PlanBlow(hank, Blow{Attack: quick, Careful: true})
		if p.AP != quick.AP+2 || p.Upgrades != 1 {
			t.Errorf("%+v", p)
		}
	})
	t.Run("a knife makes the blow deadly", func(t *testing.T) {
		k := ws["bowie-knife"]
		p := PlanBlow(hank, Blow{Attack: heavy, Weapon: &k})
		if p.Kind != Deadly || p.Damage != k.DMG+heavy.WeaponBonus+hank.DamageBonus() {
			t.Errorf("%s", p.Explained)
		}
	})
	t.Run("improvised weapons: penetration 1; sharp is deadly", func(t *testing.T) {
		for _, im := range mt.Improvised {
			im := im
			p := PlanBlow(hank, Blow{Attack: quick, Improvised: &im})
			if p.Pen != 1 || (p.Kind == Deadly) != im.Deadly || p.Damage != quick.DMG+im.DMG+hank.DamageBonus() {
				t.Errorf("%s: %s pen %d", im.Name, p.Explained, p.Pen)
			}
		}
	})
	t.Run("attacks past the skill level miss", func(t *testing.T) {
		ok := AttackLimit(hank, "unarmed", 4)
		if !ok[0] || !ok[2] || ok[3] {
			t.Errorf("%v", ok)
		}
	})
	t.Run("defense value and standing still", func(t *testing.T) {
		if hank.DefenseValue() != 6 {
			t.Errorf("4 + half of 3 rounded up: %d", hank.DefenseValue())
		}
		if d, _ := Defense(hank, 2, NoDominance); d != 5 {
			t.Errorf("after two rounds standing still: %d", d)
		}
		if d, _ := Defense(hank, 1, PartialDominance); d != 5 {
			t.Errorf("under partial dominance: %d", d)
		}
	})
	t.Run("advantage and ganging up", func(t *testing.T) {
		a := Advantage{Weapon: 1, Higher: true, Position: true, ArmedVsBare: true}
		if a.Value() != 4 {
			t.Errorf("weapon 1 + height + position + armed: %d", a.Value())
		}
		if v := (Advantage{SizeDiff: 2}).Value(); v != 3 {
			t.Errorf("two sizes bigger: %d, want 1 + 2", v)
		}
		// Two brothers with 1 each gang up on one fighter with 2.
		if net := NetAdvantage([]Advantage{{Weapon: 1}, {Weapon: 1}}, []Advantage{{Weapon: 2}}); net != 2 {
			t.Errorf("(1+1) + 1 each for the other = 4 against 2: %d", net)
		}
		saber, knife := ws["saber"], ws["bowie-knife"]
		if LongerWeapon(saber, knife, false) != 1 || LongerWeapon(saber, knife, true) != 0 {
			t.Errorf("weapon length")
		}
	})
	t.Run("block", func(t *testing.T) {
		for _, tc := range []struct {
			name    string
			die     int
			attack  int
			weapon  bool
			blocked bool
			arm     bool
			rel     bool
		}{
			{"unarmed block beats the attack", 7, 6, false, true, false, false},
			{"unarmed block ties: the hit moves to the arm", 6, 6, false, false, true, false},
			{"weapon block ties: the weapon's Rel rises", 5, 5, true, false, false, true},
			{"block falls short", 5, 6, false, false, false, false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var w *Weapon
				if tc.weapon {
					k := ws["bowie-knife"]
					w = &k
				}
				dice := []int{tc.die, 1, 1}
				b, err := ResolveBlock(hank, w, tc.attack, &Given{Dice: dice})
				if err != nil {
					t.Fatal(err)
				}
				if b.Blocked != tc.blocked || b.ToArm != tc.arm || b.RelRaised != tc.rel {
					t.Errorf("%+v", b)
				}
			})
		}
	})
	t.Run("a fighter with no dice blocks nothing", func(t *testing.T) {
		b, err := ResolveBlock(Character{Name: "nobody"}, nil, 3, &Given{})
		if err != nil || b.Blocked || b.ToArm {
			t.Errorf("%+v %v", b, err)
		}
	})
	t.Run("dodge and disengaging", func(t *testing.T) {
		if DodgeDowngrades(Character{Traits: Traits{Quickness: 5}}) != 3 {
			t.Errorf("AD for Quickness 5")
		}
		if ap, _, free := Disengage(true, 2); ap != 2 || free {
			t.Errorf("careful disengage")
		}
		if ap, atk, free := Disengage(false, 2); ap != 0 || atk != 1 || !free {
			t.Errorf("free disengage")
		}
		if _, atk, _ := Disengage(false, 0); atk != 0 {
			t.Errorf("the free attack costs at least 0")
		}
	})
}

func TestStunAndRecovery(t *testing.T) {
	b := NewBody(6)
	b.Apply(Deadly, 12, Chest, false) // 2 wounds: light, stun TN 5
	if b.StunTN() != 5 {
		t.Fatalf("stun TN %d, want 5", b.StunTN())
	}
	o, err := StunCheck(hank, b, &Given{Dice: []int{4, 2, 1, 1}})
	if err != nil || o.Successes != 0 || b.Condition != Stunned {
		t.Fatalf("a failed stun check: %+v %v %v", o, err, b.Condition)
	}
	if _, _, err := Recover(hank, b, &Given{Dice: []int{3, 1, 1, 1}, Cards: []Card{{}}}); err != nil || b.Condition != Stunned {
		t.Errorf("a failed recovery keeps the stun: %v", b.Condition)
	}
	if _, _, err := Recover(hank, b, &Given{Dice: []int{3, 1, 1, 1}, Cards: []Card{{Calamity: true}}}); err != nil || b.Condition != Unconscious {
		t.Errorf("a critical failure knocks out: %v", b.Condition)
	}
	b2 := NewBody(6)
	b2.Apply(Impact, 4, Chest, false)
	b2.Condition = Stunned
	if _, _, err := Recover(hank, b2, &Given{Dice: []int{6, 1, 1, 1}, Cards: []Card{{}}}); err != nil || b2.Condition != Fine {
		t.Errorf("a recovery: %v %v", b2.Condition, err)
	}
	for n, tn := range map[int]int{1: 3, 2: 5, 3: 7, 4: 9, 5: 11} {
		if WoundEffects[n].StunTN != tn {
			t.Errorf("row %d: stun %d, want %d", n, WoundEffects[n].StunTN, tn)
		}
	}
}

func TestEngagement(t *testing.T) {
	if !Engaged(hexmap.Hex{}, hexmap.Hex{Q: 1}, 1) || Engaged(hexmap.Hex{}, hexmap.Hex{Q: 2}, 1) {
		t.Errorf("engagement is within one pace")
	}
	if !Engaged(hexmap.Hex{}, hexmap.Hex{Q: 1}, 2) {
		t.Errorf("neighbours on a 2-pace map are not engaged: no melee could be fought on it")
	}
	if !Engaged(hexmap.Hex{}, hexmap.Hex{Q: 2}, 0.5) || Engaged(hexmap.Hex{}, hexmap.Hex{Q: 3}, 0.5) {
		t.Errorf("on a half-pace map, two hexes are a pace")
	}
	if ap, breaks := ManeuverInEngagement(1); ap != 1 || breaks {
		t.Errorf("one hex: %d AP, breaks %v", ap, breaks)
	}
	if _, breaks := ManeuverInEngagement(2); !breaks {
		t.Errorf("two hexes keep the engagement")
	}
	if CanDodge(1) == nil || CanDodge(0) != nil {
		t.Errorf("dodge only without attacks")
	}
	if !BlockBreaks(Outcome{}, Card{Calamity: true}) || BlockBreaks(Outcome{Successes: 1}, Card{Calamity: true}) {
		t.Errorf("weapon breakage on a calamity")
	}
	if h, err := KnockoutHours(&Given{Dice: []int{4}}); err != nil || h != 4 {
		t.Errorf("1d6 hours: %d %v", h, err)
	}
}

// TWTW Conflict: the damage report names the condition once a figure is
// knocked unconscious or worse, and names none while it is fine.
func TestDamageReportNamesTheCondition(t *testing.T) {
	for _, tc := range []struct {
		name      string
		effect    int
		want, not string
	}{
		{"a light wound: no condition named", 6, "", "; fine"},
		{"a fifth torso wound: unconscious", 30, "; unconscious", "; fine"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBody(6)
			r := b.Apply(Deadly, tc.effect, Chest, false)
			if !strings.Contains(r.Text, tc.want) || strings.Contains(r.Text, tc.not) || strings.Contains(r.Text, "; stunned") {
				t.Errorf("%d deadly to the chest: %q, want %q and not %q", tc.effect, r.Text, tc.want, tc.not)
			}
		})
	}
}

// TestAMeleeTableTakesAnAttackOfNoAPOrDamage: the table's check refuses
// an attack without an id or with a negative AP or DMG, and takes one of
// 0 AP or 0 DMG (a house table's free shove, a grapple that only holds).
func TestAMeleeTableTakesAnAttackOfNoAPOrDamage(t *testing.T) {
	table := func(ap, dmg int) []byte {
		return []byte(fmt.Sprintf(`{"format": "hexslinger/melee", "version": 1, "attacks": [
  {"id": "quick", "ap": 2, "dmg": 5}, {"id": "heavy", "ap": 4, "dmg": 8},
  {"id": "feint", "ap": 3, "dmg": 3}, {"id": "shove", "ap": %d, "dmg": %d}]}`, ap, dmg))
	}
	for _, tc := range []struct {
		name    string
		ap, dmg int
		ok      bool
	}{
		{"0 AP", 0, 2, true},
		{"0 DMG", 3, 0, true},
		{"negative AP", -1, 2, false},
		{"negative DMG", 3, -1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseMelee(table(tc.ap, tc.dmg))
			if (err == nil) != tc.ok {
				t.Errorf("an attack of %d AP and %d DMG: %v, want accepted %v", tc.ap, tc.dmg, err, tc.ok)
			}
		})
	}
}

// TestASecretDoorShieldsAsAWall: a shot through the Judge's secret door
// is told as through a wall (the players are told a wall is there), with
// the door's own armor.
func TestASecretDoorShieldsAsAWall(t *testing.T) {
	door, _ := hexmap.NewFeature("door")
	door.Secret = true
	h := ThroughCover([]hexmap.CoverHit{{Feature: door}}, Belly, weapons(t)["peacemaker"], Card{})
	if !strings.HasPrefix(h.Text, "the wall (AV 2)") || strings.Contains(h.Text, "door") {
		t.Errorf("a shot through a secret door: %q, want it told as the wall (AV 2)", h.Text)
	}
}
