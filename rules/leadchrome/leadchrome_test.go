package leadchrome

import (
	"math"
	"strings"
	"testing"

	"hexslinger/rules/internal/testdice"
)

// dice hands out given faces in order.
type dice = testdice.Dice

func TestFumbleRanges(t *testing.T) {
	for _, tc := range []struct {
		name      string
		modifiers []string
		top       int
		chance    float64
	}{
		{"a plain draw fumbles on a natural 2", []string{"hip"}, 2, 0.01},
		{"a hair trigger fumbles on 2 or 3", []string{"hair-trigger"}, 3, 0.03},
		{"no trigger guard fumbles on 2 or 3", []string{"no-trigger-guard"}, 3, 0.03},
		{"both modifications fumble on 2, 3 or 4", []string{"hair-trigger", "no-trigger-guard"}, 4, 0.06},
		{"a hair trigger and no trigger guard with two guns fumble on a natural 2 to 5, 10%", []string{"hair-trigger", "no-trigger-guard", "two-weapons"}, 5, 0.10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := QuickDraw{Weapon: Revolver, Modifiers: tc.modifiers}
			if got := q.FumbleRange(); got != tc.top {
				t.Errorf("fumble range 2 to %d, want 2 to %d", got, tc.top)
			}
			if got := q.FumbleChance(); math.Abs(got-tc.chance) > 1e-9 {
				t.Errorf("fumble chance %.2f, want %.2f", got, tc.chance)
			}
		})
	}
}

func TestQuickDrawModifierTable(t *testing.T) {
	for _, tc := range []struct {
		id          string
		init, toHit int
	}{
		{"opponent-drawn-cocked", -10, 0},
		{"opponent-drawn", -5, 0},
		{"hip", 0, 0},
		{"hip-loose", -1, 0},
		{"belly", -1, 0},
		{"cross", -3, 0},
		{"flap-up", -1, 0},
		{"flap-down", -2, 0},
		{"flap-buttoned", -4, 0},
		{"lanyard", 0, 0},
		{"pocket", -2, 0},
		{"pocket-hand-in", -1, 0},
		{"back-of-belt", -3, 0},
		{"spring", 1, 0},
		{"sleeve", 1, 0},
		{"bridgeport", 2, 0},
		{"barrel-short", 1, 0},
		{"barrel-medium", 0, 0},
		{"barrel-long", -1, 0},
		{"sights-filed", 1, -3},
		{"no-trigger-guard", 1, 0},
		{"hair-trigger", 1, 0},
		{"small-melee", 1, 0},
		{"medium-melee", -1, 0},
		{"large-melee", -2, 0},
		{"two-weapons", 0, 0},
	} {
		t.Run(tc.id, func(t *testing.T) {
			m, ok := FindModifier(tc.id)
			if !ok || m.Initiative != tc.init || m.ToHit != tc.toHit {
				t.Errorf("%s: %+v, want initiative %+d, to hit %+d", tc.id, m, tc.init, tc.toHit)
			}
		})
	}
	if len(QuickDrawModifiers) != 26 {
		t.Errorf("%d rows, want the table's 25 and the hand-in-pocket variant", len(QuickDrawModifiers))
	}
}

func TestQuickDrawWeapons(t *testing.T) {
	for _, tc := range []struct {
		name string
		q    QuickDraw
		ok   bool
	}{
		{"a revolver", QuickDraw{Weapon: Revolver}, true},
		{"a derringer", QuickDraw{Weapon: SingleShot}, true},
		{"a chambered self-loader", QuickDraw{Weapon: SelfLoading, Chambered: true}, true},
		{"an unchambered self-loader", QuickDraw{Weapon: SelfLoading}, false},
		{"a knife", QuickDraw{Weapon: OneHandedMelee}, true},
		{"a grenade", QuickDraw{Weapon: Grenade}, false},
		{"a rifle", QuickDraw{Weapon: LongGun}, false},
		{"an unknown modifier", QuickDraw{Weapon: Revolver, Modifiers: []string{"lucky"}}, false},
		{"from the pocket, hand in it", QuickDraw{Weapon: Revolver, Modifiers: []string{"pocket-hand-in"}}, true},
		{"the pocket's row twice, as pocket and hand in pocket", QuickDraw{Weapon: Revolver, Modifiers: []string{"pocket-hand-in", "pocket"}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.q.Check(); (err == nil) != tc.ok {
				t.Errorf("check: %v, want allowed %v", err, tc.ok)
			}
		})
	}
}

func TestInitiativeAndOrder(t *testing.T) {
	roll := func(e Entrant, faces ...int) Roll {
		d := dice(faces)
		r, err := RollInitiative(e, &d)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	// Ann: 7+5 + Reflexes 6 = 18. Bo: an unaimed shot, 6+6+3+3 = 18: ties
	// Ann, so they act together. Cy: a natural 2 with Reflexes 9 still acts
	// last. Di quick-draws a hair-trigger revolver from a Bridgeport rig
	// with skill 2: 9+8 + 4 + 2 + 3 = 26, first.
	ann := roll(Entrant{ID: "ann", Reflexes: 6}, 7, 5)
	bo := roll(Entrant{ID: "bo", Reflexes: 3, Unaimed: true}, 6, 6)
	cy := roll(Entrant{ID: "cy", Reflexes: 9}, 1, 1)
	di := roll(Entrant{ID: "di", Reflexes: 4, QuickDraw: &QuickDraw{Weapon: Revolver, Skill: 2, Modifiers: []string{"bridgeport", "hair-trigger"}}}, 9, 8)
	if ann.Total != 18 || bo.Total != 18 || cy.Total != 11 || !cy.Last || di.Total != 26 {
		t.Fatalf("totals: ann %d, bo %d, cy %d (last %v), di %d", ann.Total, bo.Total, cy.Total, cy.Last, di.Total)
	}
	order := Order([]Roll{cy, ann, bo, di})
	var got []string
	for _, g := range order {
		var ids []string
		for _, r := range g {
			ids = append(ids, r.ID)
		}
		got = append(got, strings.Join(ids, "+"))
	}
	if strings.Join(got, " > ") != "di > ann+bo > cy" {
		t.Errorf("order %v, want di > ann+bo > cy", got)
	}
	// A quick-draw on a natural 3 with a hair trigger fumbles: a D6 of 6
	// from a cross-draw hits the thigh.
	d := dice{2, 1, 6}
	r, err := RollInitiative(Entrant{ID: "ed", QuickDraw: &QuickDraw{Weapon: Revolver, Modifiers: []string{"hair-trigger", "cross"}, Holster: "cross"}}, &d)
	if err != nil {
		t.Fatal(err)
	}
	if r.Fumble == nil || r.Fumble.Kind != "self" || r.Fumble.Location != "thigh" {
		t.Errorf("a fumbled quick-draw: %+v", r.Fumble)
	}
}

func TestFumbleTable(t *testing.T) {
	for _, tc := range []struct {
		d6   []int
		kind string
		want string
	}{
		{[]int{1}, "misfire", "goes off into the ground"},
		{[]int{2}, "misfire", "the attack misses"},
		{[]int{3, 2}, "dropped", "lands 2 m/yd away"},
		{[]int{4, 3}, "dropped", "lands 3 m/yd away"},
		{[]int{5}, "stray", "random person or object"},
		{[]int{6}, "self", "in the foot"},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			d := dice(tc.d6)
			f, err := RollFumble(&d, &QuickDraw{Weapon: Revolver, Holster: "hip"})
			if err != nil || f.Kind != tc.kind || !strings.Contains(f.Text, tc.want) {
				t.Errorf("d6 %d: %+v %v, want %s (%q)", tc.d6[0], f, err, tc.kind, tc.want)
			}
		})
	}
}

// TestInitiativeIsTheEntrantsOwnRoll: the 2D10 and a fumble's dice are
// asked of the entrant (rules.For, Entrant.ID), so that a player's own
// dice roll their own figure's initiative alone.
func TestInitiativeIsTheEntrantsOwnRoll(t *testing.T) {
	mine, theirs := dice{1, 1, 6}, dice{9, 9}
	w := testdice.Whose{"ann": &mine, "bo": &theirs}
	q := &QuickDraw{Weapon: Revolver, Skill: 0}
	r, err := RollInitiative(Entrant{ID: "ann", Reflexes: 6, QuickDraw: q}, w)
	if err != nil || r.Natural != 2 || r.Fumble == nil || r.Fumble.D6 != 6 {
		t.Fatalf("Ann's initiative %+v, %v: want her 1, 1 and her fumble's 6", r, err)
	}
	if len(mine) > 0 || len(theirs) != 2 {
		t.Errorf("left: Ann's %v, Bo's %v", mine, theirs)
	}
}

// Lead and Chrome, Quick-Draw fumble 1-2: a gun "goes off into the
// ground"; a one-handed melee weapon only misses; no Quick-Draw at all is
// read as a gun.
func TestFumbleMisfireByWeapon(t *testing.T) {
	for _, tc := range []struct {
		name      string
		q         *QuickDraw
		want, not string
	}{
		{"a revolver goes off", &QuickDraw{Weapon: Revolver}, "goes off into the ground", ""},
		{"a knife only misses", &QuickDraw{Weapon: OneHandedMelee}, "the attack misses", "goes off"},
		{"no Quick-Draw: a gun", nil, "goes off into the ground", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := dice{1}
			f, err := RollFumble(&d, tc.q)
			if err != nil || !strings.Contains(f.Text, tc.want) || (tc.not != "" && strings.Contains(f.Text, tc.not)) {
				t.Errorf("%+v d6 1: %q %v, want %q and not %q", tc.q, f.Text, err, tc.want, tc.not)
			}
		})
	}
}
