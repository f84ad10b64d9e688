// Package leadchrome is Lead and Chrome's initiative ("Combat –
// Initiative", 2013): 2D10 plus Reflexes each round, a natural 2 acting
// last, ties acting together, unaimed shots, and the Quick-Draw with its
// modifier and fumble tables. The Quick-Draw is also an optional rule for
// gunfights in the other systems.
package leadchrome

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"hexslinger/rules"
)

// Dice rolls the dice; the kernel's rules.Dice, which a session's
// source satisfies.
type Dice = rules.Dice

// Initiative rules (Lead and Chrome: Initiative).
const (
	UnaimedInitiative = 3  // "Characters making unaimed shots gain a +3 modifier to initiative"
	UnaimedToHit      = -5 // "at the expense of a -5 modifier to hit"
	NaturalLast       = 2  // "An unmodified roll of a 2 means the character acts last of all"
)

// Entrant is one character rolling initiative this round.
type Entrant struct {
	ID        string
	Reflexes  int
	Unaimed   bool // making an unaimed shot: +3
	QuickDraw *QuickDraw
}

// Roll is an entrant's initiative: the two dice, the natural sum, the
// total and how it was made.
type Roll struct {
	ID        string
	Dice      [2]int
	Natural   int
	Total     int
	Last      bool // a natural 2: acts last of all
	Fumble    *Fumble
	Explained string
}

// RollInitiative rolls 2D10 + Reflexes for e, with the unaimed-shot bonus
// and, quick-drawing, the Quick-Draw skill and modifiers; a quick-draw
// fumble is rolled on the table. Every roll is e.ID's (rules.For).
func RollInitiative(e Entrant, d Dice) (Roll, error) {
	d = rules.DiceFor(d, e.ID)
	a, err := d.Roll(10)
	if err != nil {
		return Roll{}, err
	}
	b, err := d.Roll(10)
	if err != nil {
		return Roll{}, err
	}
	r := Roll{ID: e.ID, Dice: [2]int{a, b}, Natural: a + b}
	r.Total = r.Natural + e.Reflexes
	parts := []string{fmt.Sprintf("2D10 %d+%d", a, b), fmt.Sprintf("Reflexes %+d", e.Reflexes)}
	if e.Unaimed {
		r.Total += UnaimedInitiative
		parts = append(parts, fmt.Sprintf("unaimed shot %+d", UnaimedInitiative))
	}
	if q := e.QuickDraw; q != nil {
		if err := q.Check(); err != nil {
			return Roll{}, err
		}
		mod := q.Modifier()
		r.Total += q.Skill + mod
		parts = append(parts, fmt.Sprintf("Quick-Draw skill %+d, modifiers %+d", q.Skill, mod))
		if q.Fumbles(r.Natural) {
			f, err := RollFumble(d, q)
			if err != nil {
				return Roll{}, err
			}
			r.Fumble = &f
		}
	}
	r.Last = r.Natural == NaturalLast
	r.Explained = fmt.Sprintf("%s = %d", strings.Join(parts, ", "), r.Total)
	if r.Last {
		r.Explained += " (a natural 2: acts last of all)"
	}
	if r.Fumble != nil {
		r.Explained += "; fumbled the draw: " + r.Fumble.Text
	}
	return r, nil
}

// Order puts a round's rolls in acting order: highest total first, a
// natural 2 after everyone, and equal results together in one group (they
// act simultaneously). Second actions go in the same order.
func Order(rolls []Roll) [][]Roll {
	rs := slices.Clone(rolls)
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].Last != rs[j].Last {
			return !rs[i].Last
		}
		return rs[i].Total > rs[j].Total
	})
	var out [][]Roll
	for i, r := range rs {
		if i > 0 {
			p := rs[i-1]
			if p.Last == r.Last && p.Total == r.Total {
				out[len(out)-1] = append(out[len(out)-1], r)
				continue
			}
		}
		out = append(out, []Roll{r})
	}
	return out
}

// Weapon kinds a Quick-Draw may be made with (Lead and Chrome: The
// Quick-Draw).
const (
	Revolver       = "revolver"         // a revolver-type handgun, pepper-boxes included
	SingleShot     = "single-shot"      // a single-shot handgun, derringers and stock-less sawn-offs included
	SelfLoading    = "self-loading"     // a semi-automatic handgun
	OneHandedMelee = "one-handed melee" // a one-handed melee or throwing weapon
	Grenade        = "grenade"
	LongGun        = "long gun"
)

// Modifier is one row of the Quick-Draw modifier table.
type Modifier struct {
	ID         string
	Name       string
	Initiative int
	ToHit      int // sights filed off: −3 to hit
	Fumble     int // widens the fumble range
	// Of is the row this one is a case of, counted in it: the pocket
	// draw with the hand in the pocket is the pocket's row, −2 +1.
	Of string
}

// QuickDrawModifiers is the Quick-Draw modifier table, row by row.
var QuickDrawModifiers = []Modifier{
	{ID: "opponent-drawn-cocked", Name: "Opponent has weapon drawn and cocked", Initiative: -10},
	{ID: "opponent-drawn", Name: "Opponent has weapon drawn, not cocked", Initiative: -5},
	{ID: "hip", Name: "Hip/thigh holster draw", Initiative: 0},
	{ID: "hip-loose", Name: "Hip/thigh holster, gun not tied down", Initiative: -1},
	{ID: "belly", Name: "Belly-draw (tucked in belt or belly holster)", Initiative: -1},
	{ID: "cross", Name: "Cross-draw (shoulder or reverse draw)", Initiative: -3},
	{ID: "flap-up", Name: "Flap holster, flap up/bucket holster", Initiative: -1},
	{ID: "flap-down", Name: "Flap holster, flap down", Initiative: -2},
	{ID: "flap-buttoned", Name: "Flap holster, buttoned down", Initiative: -4},
	{ID: "lanyard", Name: "Hanging by lanyard", Initiative: 0},
	{ID: "pocket", Name: "Drawing from pocket", Initiative: -2},
	{ID: "pocket-hand-in", Name: "Drawing from pocket, hand in pocket", Initiative: -2 + 1, Of: "pocket"},
	{ID: "back-of-belt", Name: "Gun in back of belt", Initiative: -3},
	{ID: "spring", Name: "Spring holster", Initiative: 1},
	{ID: "sleeve", Name: "Sleeve drop", Initiative: 1},
	{ID: "bridgeport", Name: "Bridgeport Rig (hip)", Initiative: 2},
	{ID: "barrel-short", Name: "Short barrelled pistol (1\"-4\")", Initiative: 1},
	{ID: "barrel-medium", Name: "Medium barrelled pistol (4\"-6\")", Initiative: 0},
	{ID: "barrel-long", Name: "Long barrelled pistol (6\" plus)", Initiative: -1},
	{ID: "sights-filed", Name: "Sights filed off", Initiative: 1, ToHit: -3},
	{ID: "no-trigger-guard", Name: "No trigger guard", Initiative: 1, Fumble: 1},
	{ID: "hair-trigger", Name: "Hair trigger", Initiative: 1, Fumble: 1},
	{ID: "small-melee", Name: "Small melee weapon (knife, shuriken)", Initiative: 1},
	{ID: "medium-melee", Name: "Med. melee weapon (machete, hatchet)", Initiative: -1},
	{ID: "large-melee", Name: "Large melee weapon (most swords etc.)", Initiative: -2},
	{ID: "two-weapons", Name: "Drawing two weapons at once", Fumble: 1},
}

// FindModifier returns the modifier row with id.
func FindModifier(id string) (Modifier, bool) {
	i := slices.IndexFunc(QuickDrawModifiers, func(m Modifier) bool { return m.ID == id })
	if i < 0 {
		return Modifier{}, false
	}
	return QuickDrawModifiers[i], true
}

// QuickDraw is a draw-and-attack in one action: the weapon's kind, the
// character's Quick-Draw skill and the modifiers that apply.
type QuickDraw struct {
	Weapon    string
	Chambered bool // a self-loading handgun with a round already chambered
	Skill     int
	Modifiers []string // ids of QuickDrawModifiers
	// Holster places a self-inflicted fumble: "hip" (the foot), "shoulder"
	// (the arm), "cross" (the thigh).
	Holster string
}

// Check refuses a Quick-Draw the text does not allow.
func (q QuickDraw) Check() error {
	switch q.Weapon {
	case Revolver, SingleShot, OneHandedMelee:
	case SelfLoading:
		if !q.Chambered {
			return fmt.Errorf("a self-loading handgun is quick-drawn only with a round already chambered")
		}
	default:
		return fmt.Errorf("a %s cannot be quick-drawn: only revolvers, single-shot and chambered self-loading handguns, and one-handed melee or throwing weapons (not grenades)", q.Weapon)
	}
	for i, id := range q.Modifiers {
		m, ok := FindModifier(id)
		if !ok {
			return fmt.Errorf("%q is not a Quick-Draw modifier", id)
		}
		if m.Of != "" && slices.Contains(q.Modifiers, m.Of) {
			// "Drawing from pocket: -2; +1 if hand in pocket" is one
			// row: the hand in the pocket is that draw's +1, not a
			// second draw's −2 (Quick-draw modifiers).
			return fmt.Errorf("the Quick-Draw modifiers %q and %q are one row of the table: name %q alone (%+d)", m.Of, id, id, m.Initiative)
		}
		if slices.Contains(q.Modifiers[:i], id) {
			// One row for each thing about the draw: a gun has one hair
			// trigger, a hip one rig (Quick-draw modifiers).
			return fmt.Errorf("the Quick-Draw modifier %q is named twice: each row of the table counts once", id)
		}
	}
	return nil
}

// sum adds one column of the Quick-Draw's modifier rows.
func (q QuickDraw) sum(column func(Modifier) int) int {
	n := 0
	for _, id := range q.Modifiers {
		m, _ := FindModifier(id)
		n += column(m)
	}
	return n
}

// Modifier is the sum of the Quick-Draw's initiative modifiers.
func (q QuickDraw) Modifier() int { return q.sum(func(m Modifier) int { return m.Initiative }) }

// ToHit is the Quick-Draw's modifier to hit (sights filed off).
func (q QuickDraw) ToHit() int { return q.sum(func(m Modifier) int { return m.ToHit }) }

// FumbleRange is the highest natural 2D10 roll that fumbles: 2, one more
// for a hair trigger, one for no trigger guard, one for drawing two
// weapons ("would fumble on natural roll of 2 to 5").
func (q QuickDraw) FumbleRange() int {
	return NaturalLast + q.sum(func(m Modifier) int { return m.Fumble })
}

// Fumbles reports whether a natural 2D10 roll fumbles the draw.
func (q QuickDraw) Fumbles(natural int) bool { return natural >= 2 && natural <= q.FumbleRange() }

// FumbleChance is the exact chance of fumbling: the share of the 100
// 2D10 rolls inside the fumble range.
func (q QuickDraw) FumbleChance() float64 {
	n := 0
	for a := 1; a <= 10; a++ {
		for b := 1; b <= 10; b++ {
			if q.Fumbles(a + b) {
				n++
			}
		}
	}
	return float64(n) / 100
}

// Fumble is a result of the Quick-Draw fumble table.
type Fumble struct {
	D6   int
	Kind string // "misfire", "dropped", "stray", "self"
	// Distance is how far a dropped weapon lands (1D3 m/yd, in a random
	// direction: scatter).
	Distance int
	// Location is where a self-inflicted wound lands.
	Location string
	Text     string
}

// RollFumble rolls on the Quick-Draw fumble table (a D6).
func RollFumble(d Dice, q *QuickDraw) (Fumble, error) {
	n, err := d.Roll(6)
	if err != nil {
		return Fumble{}, err
	}
	f := Fumble{D6: n}
	gun := q == nil || q.Weapon != OneHandedMelee
	switch {
	case n <= 2:
		f.Kind = "misfire"
		f.Text = "the weapon goes off into the ground: the attack misses; the character acts normally next phase"
		if !gun {
			f.Text = "the attack misses; the character acts normally next phase"
		}
	case n <= 4:
		f.Kind = "dropped"
		if f.Distance, err = d.Roll(3); err != nil {
			return Fumble{}, err
		}
		f.Text = fmt.Sprintf("the weapon slips from the character's grip and lands %d m/yd away in a random direction", f.Distance)
	case n == 5:
		f.Kind = "stray"
		f.Text = "the gun goes off and hits a random person or object in the shooter's fire arc; the character acts normally next phase"
	default:
		f.Kind = "self"
		f.Location = map[string]string{"shoulder": "arm", "cross": "thigh"}[holster(q)]
		if f.Location == "" {
			f.Location = "foot"
		}
		f.Text = "the character shoots or cuts themselves in the " + f.Location
	}
	return f, nil
}

func holster(q *QuickDraw) string {
	if q == nil {
		return ""
	}
	return q.Holster
}

// Sheet is the part of a character sheet Lead and Chrome's initiative
// reads.
type Sheet struct {
	Reflexes  int `json:"reflexes"`
	QuickDraw int `json:"quick_draw,omitempty"` // the Quick-Draw skill
	// Weapon is the kind of weapon (Revolver … LongGun) the character
	// carries to quick-draw where its system's sheet names none of that
	// kind (a Fudge sheet gives only a damage factor); "" for none.
	Weapon string `json:"weapon,omitempty"`
}

// WeaponKinds are the kinds of weapon the Quick-Draw names, those it
// allows first.
var WeaponKinds = []string{Revolver, SingleShot, SelfLoading, OneHandedMelee, Grenade, LongGun}

// Check refuses numbers out of range.
func (s Sheet) Check() error {
	if s.Reflexes < 0 || s.Reflexes > 20 || s.QuickDraw < 0 || s.QuickDraw > 20 {
		return fmt.Errorf("reflexes %d, quick-draw %d: want 0 to 20", s.Reflexes, s.QuickDraw)
	}
	if s.Weapon != "" && !slices.Contains(WeaponKinds, s.Weapon) {
		return fmt.Errorf("weapon %q: want one of %s", s.Weapon, strings.Join(WeaponKinds, ", "))
	}
	return nil
}
