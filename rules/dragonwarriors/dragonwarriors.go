// Package dragonwarriors is Dragon Warriors II's draft combat (Dave Morris
// and Tim Harford): open-ended plus-minus 2d6, Reflexes initiative each
// turn, attack against defence with the margin as wounds, ripostes and
// counter-ripostes, stun, knock-out and death on Toughness, full and
// aggressive parry, missile difficulty from range in feet or fathoms, and
// the weapon, shield and armour tables.
package dragonwarriors

import (
	"cmp"
	"fmt"
	"sort"
	"strings"

	"hexslinger/rules"
)

// Dice rolls the dice; the kernel's rules.Dice, which a session's
// source satisfies.
type Dice = rules.Dice

// PlusMinus is one open-ended plus-minus roll (DW II: Rolling Dice): two
// dice, one added and one subtracted; a six is counted and rolled again,
// as long as sixes come.
type PlusMinus struct {
	Plus, Minus []int // the faces of each die, sixes and their re-rolls
	Value       int
	DoubleSix   bool // both dice showed six at once ("something special happens")
}

// maxRerolls bounds a run of sixes.
const maxRerolls = 50

// RollPlusMinus rolls the plus die (with its re-rolls), then the minus die.
func RollPlusMinus(d Dice) (PlusMinus, error) {
	open := func() ([]int, int, error) {
		var faces []int
		sum := 0
		for len(faces) <= maxRerolls {
			v, err := d.Roll(6)
			if err != nil {
				return nil, 0, err
			}
			faces = append(faces, v)
			sum += v
			if v != 6 {
				break
			}
		}
		return faces, sum, nil
	}
	var r PlusMinus
	var p, m int
	var err error
	if r.Plus, p, err = open(); err != nil {
		return r, err
	}
	if r.Minus, m, err = open(); err != nil {
		return r, err
	}
	r.Value = p - m
	r.DoubleSix = r.Plus[0] == 6 && r.Minus[0] == 6
	return r, nil
}

// String is the roll as the text writes it, "(+3)"; a double six says
// so, for the Judge to say what special thing happens ("If both of the
// dice show sixes, then something special happens", DW II: Rolling Dice).
func (r PlusMinus) String() string {
	if r.DoubleSix {
		return fmt.Sprintf("(%+d, a double six: something special happens, as the Judge says)", r.Value)
	}
	return fmt.Sprintf("(%+d)", r.Value)
}

// Weapon is a row of the melee weapon classes (DW II: Weapons).
type Weapon struct {
	ID             string
	Name           string
	Attack, Damage int
	Thrown         bool // the table: "can be thrown"
	// Hurled: the missile rule's "close-range weapons like rocks, axes,
	// knives and javelins" name it, though the table does not say it can
	// be thrown (Reading.ThrownAsTable).
	Hurled      bool
	Concealable bool
	LongRange   bool   // bows and crossbows: difficulty in fathoms
	Missile     string // what flies, for the log, where not the Name
}

// Weapons is the weapon table.
var Weapons = []Weapon{
	{ID: "two-handed-heavy", Name: "Two-handed heavy weapon (axe, mace, polearm)", Attack: 1, Damage: 3, Hurled: true},
	{ID: "two-handed-sword", Name: "Two-handed sword", Attack: 2, Damage: 1},
	{ID: "light-spear", Name: "Two-handed light spear", Attack: 1, Thrown: true},
	{ID: "one-handed-heavy", Name: "One-handed heavy weapon (axe, mace, morningstar)", Damage: 2, Hurled: true},
	{ID: "one-handed-sword", Name: "One-handed sword", Attack: 1},
	{ID: "small", Name: "Small weapon (knife)", Thrown: true, Concealable: true},
	{ID: "unarmed", Name: "Unarmed or improvised", Damage: -1, Hurled: true, Missile: "rock (an improvised weapon)"},
	{ID: "bow", Name: "Bow", LongRange: true},
	{ID: "crossbow", Name: "Crossbow", LongRange: true},
}

// FindWeapon returns the weapon with id.
func FindWeapon(id string) (Weapon, bool) {
	for _, w := range Weapons {
		if w.ID == id {
			return w, true
		}
	}
	return Weapon{}, false
}

// Shot reports whether w is a missile weapon as r reads the text (DW II:
// Missile Combat: Feet and Fathoms, Weapons): a bow or crossbow, or a
// weapon thrown, by the table's "can be thrown" or, unless r reads only
// the table, by the missile rule's "rocks, axes, knives and javelins".
func (r Reading) Shot(w Weapon) bool {
	return w.LongRange || w.Thrown || w.Hurled && !r.ThrownAsTable
}

// MissileName is what flies when w is shot or thrown, for the log.
func (w Weapon) MissileName() string {
	if w.Missile != "" {
		return w.Missile
	}
	return strings.ToLower(w.Name)
}

// Armour reduces damage and initiative rolls (DW II: Armour).
var Armour = map[string]int{"none": 0, "leather": 1, "cloth": 1, "ring": 2, "scale": 2, "chain": 3, "plate": 3}

// ShieldBonus is what a shield adds to defence and to a missile's
// difficulty; it carries through to a riposte.
const ShieldBonus = 2

// Fighter is a combatant's sheet and state.
type Fighter struct {
	Name string
	// Who is whose rolls the fighter's are (rules.For): the caller's
	// name for it, a figure's id in the session.
	Who                                string
	Attack, Defence, Toughness, Reflex int
	Weapon                             string // an id of Weapons; "" counts no weapon modifiers
	Shield                             bool
	Armour                             string
	Wounds                             int
	Stunned                            bool // Attack and Defence 0 until this time next turn
	KnockedOut, Dead                   bool
}

// weapon is the fighter's weapon row; none named counts no modifiers, as
// the text's worked example does ("these modifiers were omitted").
func (f *Fighter) weapon() Weapon {
	w, ok := FindWeapon(f.Weapon)
	if !ok {
		return Weapon{Name: "weapon modifiers not counted"}
	}
	return w
}

// AttackScore is the fighter's attack with the weapon's bonus (0 stunned
// or knocked out).
func (f *Fighter) AttackScore() int {
	if f.Down() {
		return 0
	}
	return f.Attack + f.weapon().Attack
}

// Stance is how a defender meets an attack (DW II: Defensive Stances).
type Stance int

const (
	Normal Stance = iota
	// FullParry adds Attack to Defence; no riposte.
	FullParry
	// AggressiveParry adds half Attack, rounded down; a riposte is allowed,
	// but the bonus does not carry to a counter-riposte.
	AggressiveParry
)

// Down reports whether the fighter has Attack and Defence of 0: stunned,
// or knocked out, which is worse (DW II: Injury: a failed roll stuns, one
// failed by more than five knocks out).
func (f *Fighter) Down() bool { return f.Stunned || f.KnockedOut || f.Dead }

// DefenceScore is the fighter's defence in a stance, with the shield (0
// stunned or knocked out).
func (f *Fighter) DefenceScore(s Stance) int {
	if f.Down() {
		return 0
	}
	d := f.Defence
	if f.Shield {
		d += ShieldBonus
	}
	switch s {
	case FullParry:
		d += f.Attack
	case AggressiveParry:
		d += f.Attack / 2
	}
	return d
}

// Initiative rolls Reflexes less armour for each fighter, each roll the
// fighter's own (Who), and returns them in acting order, highest first (a
// fighter may delay: the table decides).
func Initiative(d Dice, fs []*Fighter) ([]*Fighter, map[*Fighter]int, error) {
	totals := map[*Fighter]int{}
	for _, f := range fs {
		r, err := RollPlusMinus(rules.DiceFor(d, f.Who))
		if err != nil {
			return nil, nil, err
		}
		totals[f] = f.Reflex + r.Value - Armour[f.Armour]
	}
	order := append([]*Fighter(nil), fs...)
	sort.SliceStable(order, func(i, j int) bool { return totals[order[i]] > totals[order[j]] })
	return order, totals, nil
}

// Blow is one attack resolved: both totals, the margin and what it did.
type Blow struct {
	Attacker, Defender    string
	AttackRoll, DefRoll   PlusMinus
	AttackTotal, DefTotal int
	Margin                int // the winner's margin; 0 a draw
	Hit                   bool
	Wounds                int // wounds dealt
	Check                 *Check
	// Riposte is the attack score the defender may riposte with: its
	// margin, when it won and its stance allows.
	Riposte int
	Text    string
}

// Check is a Toughness roll after an injury.
type Check struct {
	Roll       PlusMinus
	Total, TN  int
	Stunned    bool
	KnockedOut bool
	DeathRoll  *PlusMinus
	Died       bool
	// WasStunned, WasOut: the fighter was stunned, or knocked out, before
	// the injury; a failed roll does not lift that (a hit never lowers a
	// condition).
	WasStunned, WasOut bool
}

// Reading is how a fight reads the places where the text disagrees with
// itself, each the text's own rule unless the fight names the other.
type Reading struct {
	// KnockOutAtFive knocks out on a Toughness roll failed by five or
	// more, as the worked example says ("if he fails by five or more, he
	// is knocked out"); the rule says by more than five ("A roll failed
	// by more than five means that the character is knocked out").
	KnockOutAtFive bool
	// OneRollMissiles makes a missile's difficulty a fixed number, only
	// the attacker rolling, as Active and Passive Contests has one
	// character against the environment ("only one roll is made"); the
	// missile rule says "Missile combat takes the same form as melee
	// combat", where both roll.
	OneRollMissiles bool
	// ThrownAsTable throws only what the Weapons table says "can be
	// thrown" (light spears, small weapons); the missile rule names
	// "rocks, axes, knives and javelins" as close-range missiles.
	ThrownAsTable bool
}

// KnockedOut reports whether a Toughness roll failed by failedBy knocks
// the character out (DW II: Injury: Stun, Knock-Out, and Death).
func (r Reading) KnockedOut(failedBy int) bool {
	if r.KnockOutAtFive {
		return failedBy >= 5
	}
	return failedBy > 5
}

// Strike resolves one attack of a with attack score att (its Attack
// score, or a riposte's margin) against b in stance s, read as r says.
// The attacker's roll comes first, then the defender's, then b's
// Toughness roll if hurt: a's roll is a.Who's, the others b.Who's
// (rules.For).
func Strike(d Dice, a *Fighter, att int, b *Fighter, s Stance, r Reading) (Blow, error) {
	def := fmt.Sprintf("%s defends %d", b.Name, b.DefenceScore(s))
	return resolve(d, a, att, b, def, b.DefenceScore(s), false, s != FullParry && !b.Down(), r)
}

// Missile resolves a missile attack of a with attack score att at b (DW
// II: Missile Combat: Feet and Fathoms): "the same form as melee combat",
// with the difficulty in place of b's Defence score, whatever b's state
// (a stunned target is no nearer); rolled as a defence is, unless r reads
// it as one character against the environment; no riposte.
func Missile(d Dice, a *Fighter, att int, b *Fighter, difficulty int, r Reading) (Blow, error) {
	return resolve(d, a, att, b, fmt.Sprintf("the difficulty %d", difficulty), difficulty, true, false, r)
}

// resolve is one attack of a at b: att and a roll against def and, but
// for a missile read as one roll, a roll; defName names the defence for
// the log; riposte allows the defender one when it wins.
func resolve(d Dice, a *Fighter, att int, b *Fighter, defName string, def int, missile, riposte bool, r Reading) (Blow, error) {
	bl := Blow{Attacker: a.Name, Defender: b.Name}
	var err error
	if bl.AttackRoll, err = RollPlusMinus(rules.DiceFor(d, a.Who)); err != nil {
		return bl, err
	}
	defRoll := "(not rolled)"
	if !missile || !r.OneRollMissiles {
		// A missile's difficulty rolled "as a defence is" stands for the
		// target: it is not the attacker's roll.
		if bl.DefRoll, err = RollPlusMinus(rules.DiceFor(d, b.Who)); err != nil {
			return bl, err
		}
		defRoll = bl.DefRoll.String()
	}
	bl.AttackTotal = att + bl.AttackRoll.Value
	bl.DefTotal = def + bl.DefRoll.Value
	text := fmt.Sprintf("%s attacks %s: %d %s, total %d; %s %s, total %d",
		a.Name, b.Name, att, bl.AttackRoll, bl.AttackTotal, defName, defRoll, bl.DefTotal)
	switch {
	case bl.AttackTotal > bl.DefTotal:
		bl.Hit, bl.Margin = true, bl.AttackTotal-bl.DefTotal
		bl.Wounds = max(0, bl.Margin+a.weapon().Damage-Armour[b.Armour])
		text += fmt.Sprintf(": %s wins by %d and deals %d wound(s)", a.Name, bl.Margin, bl.Wounds)
		if bl.Wounds > 0 {
			c, err := Injure(d, b, bl.Wounds, r)
			if err != nil {
				return bl, err
			}
			bl.Check = &c
			text += "; " + c.text(b)
		}
	case bl.DefTotal > bl.AttackTotal:
		bl.Margin = bl.DefTotal - bl.AttackTotal
		switch {
		case missile:
			text += fmt.Sprintf(": %s misses by %d", a.Name, bl.Margin)
		case riposte:
			bl.Riposte = bl.Margin
			text += fmt.Sprintf(": %s wins by %d and may riposte with %d", b.Name, bl.Margin, bl.Riposte)
		default:
			text += fmt.Sprintf(": %s wins by %d", b.Name, bl.Margin)
		}
	default:
		text += ": a draw"
	}
	bl.Text = text + "."
	return bl, nil
}

// Injure adds wounds to f and makes its Toughness roll against Wounds + 5:
// a failure stuns, a failure by more than five (or by five or more, as r
// reads it) knocks out. A fighter whose wounds already passed its
// Toughness also rolls Toughness against Wounds, or dies. The rolls are
// f.Who's (rules.For).
func Injure(d Dice, f *Fighter, wounds int, r Reading) (Check, error) {
	d = rules.DiceFor(d, f.Who)
	wasPast := f.Wounds > f.Toughness
	f.Wounds += wounds
	c := Check{WasStunned: f.Stunned, WasOut: f.KnockedOut}
	var err error
	if c.Roll, err = RollPlusMinus(d); err != nil {
		return c, err
	}
	c.Total, c.TN = f.Toughness+c.Roll.Value, f.Wounds+5
	if c.Total < c.TN {
		c.Stunned = true
		f.Stunned = true
		if r.KnockedOut(c.TN - c.Total) {
			c.KnockedOut, f.KnockedOut = true, true
		}
	}
	if wasPast {
		r, err := RollPlusMinus(d)
		if err != nil {
			return c, err
		}
		c.DeathRoll = &r
		if f.Toughness+r.Value < f.Wounds {
			c.Died, f.Dead = true, true
		}
	}
	return c, nil
}

func (c Check) text(f *Fighter) string {
	s := fmt.Sprintf("%s rolls Toughness %s, total %d vs Wounds %d + 5 = %d", f.Name, c.Roll, c.Total, f.Wounds, c.TN)
	switch {
	case c.WasOut:
		s += ": still knocked out"
	case c.KnockedOut:
		s += ": knocked out"
	case c.Stunned:
		s += ": stunned"
	case c.WasStunned:
		s += ": still stunned"
	default:
		s += ": keeps his wits"
	}
	if c.DeathRoll != nil {
		if c.Died {
			s += fmt.Sprintf("; past his Toughness, he rolls %s and dies of his injuries", *c.DeathRoll)
		} else {
			s += fmt.Sprintf("; past his Toughness, he rolls %s and lives", *c.DeathRoll)
		}
	}
	return s
}

// EndTurn ends the stun of a fighter stunned last turn.
func (f *Fighter) EndTurn() { f.Stunned = false }

// FeetPerPace converts the map's paces to feet (docs/defaults.md).
const FeetPerPace = 2.5

// MissileDifficulty is a missile's difficulty (DW II: Missile Combat): the
// range in feet for close-range weapons (rocks, axes, knives, javelins), in
// fathoms (feet / 6) for bows and crossbows; a shield adds two.
func MissileDifficulty(w Weapon, feet float64, shield bool) int {
	d := int(feet + 0.5)
	if w.LongRange {
		d = int(feet/6 + 0.5)
	}
	if shield {
		d += ShieldBonus
	}
	return d
}

// Describe names a stance.
func (s Stance) String() string {
	return [...]string{"normal", "full parry", "aggressive parry"}[min(max(int(s), 0), 2)]
}

// Sheet is the part of a character sheet Dragon Warriors II fights read.
type Sheet struct {
	Attack    int    `json:"attack"`
	Defence   int    `json:"defence"`
	Toughness int    `json:"toughness"`
	Reflexes  int    `json:"reflexes"`
	Weapon    string `json:"weapon,omitempty"` // an id of Weapons
	Shield    bool   `json:"shield,omitempty"`
	Armour    string `json:"armour,omitempty"` // a key of Armour
	// Concealed: the weapon is carried hidden, "Small weapons (knives
	// etc.) ... can be concealed" (DW II: Weapons); only a Concealable one.
	Concealed bool `json:"concealed,omitempty"`
}

// Check refuses a sheet with numbers out of range or unknown gear.
func (s Sheet) Check() error {
	for _, v := range []struct {
		name string
		n    int
	}{{"attack", s.Attack}, {"defence", s.Defence}, {"toughness", s.Toughness}, {"reflexes", s.Reflexes}} {
		if v.n < 0 || v.n > 40 {
			return fmt.Errorf("%s %d, want 0 to 40", v.name, v.n)
		}
	}
	if _, ok := FindWeapon(s.Weapon); s.Weapon != "" && !ok {
		return fmt.Errorf("weapon %q is not in the table", s.Weapon)
	}
	if w, _ := FindWeapon(s.Weapon); s.Concealed && !w.Concealable {
		return fmt.Errorf("only small weapons (knives etc.) can be concealed (Weapons), not %s", cmp.Or(strings.ToLower(w.Name), "no weapon"))
	}
	if _, ok := Armour[s.Armour]; s.Armour != "" && !ok {
		return fmt.Errorf("armour %q is not in the table (none, leather, cloth, ring, scale, chain, plate)", s.Armour)
	}
	return nil
}

// Fighter is the sheet as a fighter with its wounds so far.
func (s Sheet) Fighter(name string, wounds int, stunned bool) *Fighter {
	return &Fighter{Name: name, Attack: s.Attack, Defence: s.Defence, Toughness: s.Toughness, Reflex: s.Reflexes,
		Weapon: s.Weapon, Shield: s.Shield, Armour: s.Armour, Wounds: wounds, Stunned: stunned}
}

// distribution is the chance of each plus-minus value, sixes rolled again
// down to a depth whose remaining weight is below one in a million.
var distribution = func() map[int]float64 {
	// One open-ended die: a six adds six and rolls again.
	open := map[int]float64{}
	var walk func(sum int, p float64, depth int)
	walk = func(sum int, p float64, depth int) {
		for f := 1; f <= 6; f++ {
			q := p / 6
			if f == 6 && depth < 8 {
				walk(sum+6, q, depth+1)
				continue
			}
			open[sum+f] += q
		}
	}
	walk(0, 1, 0)
	out := map[int]float64{}
	for a, pa := range open {
		for b, pb := range open {
			out[a-b] += pa * pb
		}
	}
	return out
}()

// WinChance is the chance that an attack score beats a defence score, each
// with a plus-minus roll added (a draw is no hit).
func WinChance(attack, defence int) float64 {
	p := 0.0
	for x, px := range distribution {
		for y, py := range distribution {
			if attack+x > defence+y {
				p += px * py
			}
		}
	}
	return p
}
