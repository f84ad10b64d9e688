// Package savage is Savage Worlds combat (the "Combat" wiki page in
// ../shared/seeds): trait rolls with Aces and the Wild Die, raises, Parry,
// range bands, rate of fire and recoil, damage against Toughness with
// Shaken, Wounds and Incapacitation, Pace and the running die, and the
// action-card countdown. One hex is one inch, two yards.
package savage

import (
	"fmt"
	"sort"
	"strings"

	"hexslinger/rules"
)

// Dice rolls the dice; the kernel's rules.Dice, which a session's
// source satisfies.
type Dice = rules.Dice

// Core numbers (Savage Worlds: Combat).
const (
	BaseTN        = 4 // "The base Target Number to hit something at Short Range is 4"
	RaiseStep     = 4 // each 4 over the TN is a raise
	WildDie       = 6 // a Wild Card's extra d6 on trait rolls
	RecoilPenalty = -2
	RunningDie    = 6 // "her Running die (a d6 by default)"
	RunPenalty    = -2
	YardsPerInch  = 2 // "Each inch is equal to two yards"
	DefaultPace   = 6
	MaxWoundMod   = -3
	WildWounds    = 3 // Wild Cards take three Wounds and still function
	JokerBonus    = 2 // a Joker adds +2 to trait and damage rolls that round
)

// DieTypes are the trait dice, d4 to d12.
var DieTypes = []int{4, 6, 8, 10, 12}

// Ace rolls one die that Aces: on its top face it is rolled again and added,
// as often as it comes up.
func Ace(d Dice, sides int) (int, []int, error) {
	total := 0
	var faces []int
	for {
		v, err := d.Roll(sides)
		if err != nil {
			return 0, nil, err
		}
		faces = append(faces, v)
		total += v
		if v != sides || len(faces) > 50 {
			return total, faces, nil
		}
	}
}

// TraitRoll is a trait roll: the trait die, for a Wild Card the Wild Die,
// the result used (the higher), success, raises and critical failure.
type TraitRoll struct {
	Trait, Wild     int   // each die's total with its Aces
	TraitFaces      []int // the faces rolled
	WildFaces       []int
	Modifier, TN    int
	Total           int // the better die plus the modifier
	Success         bool
	Raises          int
	CriticalFailure bool // a Wild Card's trait die and Wild Die both show 1
	Explained       string
}

// RollTrait makes a trait roll with a die of sides faces, a modifier, at
// tn; a Wild Card rolls the Wild Die too and keeps the better.
func RollTrait(d Dice, sides, modifier, tn int, wildCard bool) (TraitRoll, error) {
	r := TraitRoll{Modifier: modifier, TN: tn}
	var err error
	if r.Trait, r.TraitFaces, err = Ace(d, sides); err != nil {
		return r, err
	}
	best := r.Trait
	if wildCard {
		if r.Wild, r.WildFaces, err = Ace(d, WildDie); err != nil {
			return r, err
		}
		best = max(best, r.Wild)
		r.CriticalFailure = r.TraitFaces[0] == 1 && r.WildFaces[0] == 1
	}
	r.Total = best + modifier
	r.Success = r.Total >= tn && !r.CriticalFailure
	if r.Success {
		r.Raises = (r.Total - tn) / RaiseStep
	}
	r.Explained = fmt.Sprintf("d%d %s", sides, faces(r.TraitFaces))
	if wildCard {
		r.Explained += fmt.Sprintf(", Wild Die %s", faces(r.WildFaces))
	}
	if modifier != 0 {
		r.Explained += fmt.Sprintf(" %+d", modifier)
	}
	switch {
	case r.CriticalFailure:
		r.Explained += ": critical failure"
	case r.Success:
		r.Explained += fmt.Sprintf(" = %d vs TN %d: success, %d raise(s)", r.Total, tn, r.Raises)
	default:
		r.Explained += fmt.Sprintf(" = %d vs TN %d: failure", r.Total, tn)
	}
	return r, nil
}

func faces(fs []int) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = fmt.Sprint(f)
	}
	return strings.Join(parts, "+")
}

// AceAtLeast is the exact chance that a die of sides faces, Acing, totals
// at least t.
func AceAtLeast(sides, t int) float64 {
	if t <= 1 {
		return 1
	}
	if t <= sides {
		return float64(sides-t+1) / float64(sides)
	}
	// Above the top face only an Ace gets there: the top face, then the
	// rest from a fresh roll.
	return AceAtLeast(sides, t-sides) / float64(sides)
}

// TraitChance is the exact chance that a trait roll with a die of sides
// faces and modifier meets tn: for a Wild Card, that either its trait die
// or its Wild Die does (a critical failure, both dice on 1, can only
// happen when neither does, at tn above 1 + modifier).
func TraitChance(sides, modifier, tn int, wildCard bool) float64 {
	need := tn - modifier
	p := AceAtLeast(sides, need)
	if !wildCard {
		return p
	}
	q := AceAtLeast(WildDie, need)
	return 1 - (1-p)*(1-q)
}

// Parry is 2 plus half the Fighting die type; 2 with no Fighting skill
// (fighting 0). A bonus past d12 adds half itself, rounded down.
func Parry(fighting, bonus int) int {
	if fighting == 0 {
		return 2
	}
	return 2 + fighting/2 + bonus/2
}

// Range bands (Savage Worlds: Ranged Attacks).
type Band int

const (
	Short Band = iota
	Medium
	Long
	Extreme
	OutOfRange
)

var bandNames = [...]string{"Short", "Medium", "Long", "Extreme", "out of range"}

func (b Band) String() string {
	if b < Short || b > OutOfRange {
		return fmt.Sprintf("Band(%d)", int(b))
	}
	return bandNames[b]
}

// RangeModifier is the band's modifier to the Shooting or Athletics roll.
func (b Band) RangeModifier() int {
	return [...]int{0, -2, -4, -8, 0}[min(max(int(b), 0), 4)]
}

// Weapon is a ranged weapon's numbers: its Range as Short/Medium/Long in
// inches, Rate of Fire, damage dice, and whether it is thrown.
type Weapon struct {
	Name   string `json:"name"`
	Short  int    `json:"short"` // inches
	Med    int    `json:"medium"`
	Long   int    `json:"long"`
	RoF    int    `json:"rof"`
	Damage []int  `json:"damage"` // fixed damage dice, as 2d6 → [6, 6]
	Thrown bool   `json:"thrown,omitempty"`
}

// BandAt is the band a target distance inches away falls in. Extreme Range
// is up to four times Long, and only with the Aim action; thrown weapons
// cannot reach it.
func (w Weapon) BandAt(inches int, aimed bool) (Band, error) {
	switch {
	case inches <= w.Short:
		return Short, nil
	case inches <= w.Med:
		return Medium, nil
	case inches <= w.Long:
		return Long, nil
	case inches > 4*w.Long:
		return OutOfRange, fmt.Errorf("%d\" is past Extreme Range (4 × %d\")", inches, w.Long)
	case w.Thrown:
		return OutOfRange, fmt.Errorf("thrown weapons cannot reach Extreme Range")
	case !aimed:
		return OutOfRange, fmt.Errorf("a shot at Extreme Range needs the Aim action")
	}
	return Extreme, nil
}

// ShotModifier is the modifier to each Shooting die: the range, the recoil
// of firing more than one shot in one action, the attacker's wounds and a
// running penalty.
func ShotModifier(b Band, shots, wounds int, running bool) int {
	m := b.RangeModifier() + WoundModifier(wounds)
	if shots > 1 {
		m += RecoilPenalty
	}
	if running {
		m += RunPenalty
	}
	return m
}

// WoundModifier is the penalty for wounds: −1 each, at most −3.
func WoundModifier(wounds int) int { return max(-wounds, MaxWoundMod) }

// RollDamage rolls damage dice, each Acing (no Wild Die: it is not a trait
// roll), plus a d6 for a raise on the attack (it Aces too) and a modifier.
func RollDamage(d Dice, dice []int, raise bool, modifier int) (int, string, error) {
	total := modifier
	var parts []string
	all := append([]int(nil), dice...)
	if raise {
		all = append(all, 6)
	}
	for i, s := range all {
		v, fs, err := Ace(d, s)
		if err != nil {
			return 0, "", err
		}
		total += v
		label := fmt.Sprintf("d%d %s", s, faces(fs))
		if raise && i == len(all)-1 {
			label = "raise d6 " + faces(fs)
		}
		parts = append(parts, label)
	}
	s := strings.Join(parts, ", ")
	if modifier != 0 {
		s += fmt.Sprintf(" %+d", modifier)
	}
	return total, fmt.Sprintf("%s = %d", s, total), nil
}

// MeleeDamage is a hand weapon's dice: the Strength die plus the weapon's
// (unarmed: the Strength die alone).
func MeleeDamage(strength, weapon int) []int {
	if weapon == 0 {
		return []int{strength}
	}
	return []int{strength, weapon}
}

// Status is a character's damage state.
type Status struct {
	WildCard      bool
	Shaken        bool
	Wounds        int
	Incapacitated bool
}

// Effect is what one damage roll did.
type Effect struct {
	Shaken, AlreadyShaken bool
	Wounds                int
	Incapacitated         bool
	Text                  string
}

// ApplyDamage applies a damage total against Toughness (Savage Worlds:
// Applying Damage): below it nothing; at it Shaken, or a Wound if already
// Shaken; each raise a Wound. An Extra is Incapacitated by one Wound, a
// Wild Card past three. A Shaken target hit with a raise takes a Wound
// for being Shaken as well as the raises' (ApplyDamageRaisesOnly reads
// it otherwise).
func ApplyDamage(s *Status, damage, toughness int) Effect {
	return applyDamage(s, damage, toughness, false)
}

// ApplyDamageRaisesOnly is ApplyDamage with the other reading of a
// Shaken target hit with a raise: "Every raise on the damage roll
// inflicts a Wound" (Wounds), and nothing more; the Wound "instead" of
// Shaken (Applying Damage) is only for a hit without a raise.
func ApplyDamageRaisesOnly(s *Status, damage, toughness int) Effect {
	return applyDamage(s, damage, toughness, true)
}

func applyDamage(s *Status, damage, toughness int, raisesOnly bool) Effect {
	var e Effect
	if damage < toughness {
		e.Text = fmt.Sprintf("%d vs Toughness %d: beaten up a bit, no effect", damage, toughness)
		return e
	}
	raises := (damage - toughness) / RaiseStep
	e.Wounds = raises
	if s.Shaken {
		e.AlreadyShaken = true
		if !raisesOnly || raises == 0 {
			e.Wounds++ // already Shaken: a Wound instead
		}
	} else {
		e.Shaken = true
		s.Shaken = true
	}
	limit := WildWounds
	if !s.WildCard {
		limit = 0
	}
	s.Wounds += e.Wounds
	if s.Wounds > limit {
		s.Incapacitated, e.Incapacitated = true, true
		s.Wounds = min(s.Wounds, limit+1)
	}
	var parts []string
	if e.Shaken {
		parts = append(parts, "Shaken")
	}
	if e.Wounds > 0 {
		parts = append(parts, fmt.Sprintf("%d Wound(s)", e.Wounds))
	}
	if e.Incapacitated {
		parts = append(parts, "Incapacitated")
	}
	e.Text = fmt.Sprintf("%d vs Toughness %d, %d raise(s): %s", damage, toughness, raises, strings.Join(parts, ", "))
	return e
}

// RecoverShaken is the Spirit roll at the start of a Shaken character's
// turn: success ends Shaken. bonus is a Joker's +2.
func RecoverShaken(d Dice, s *Status, spirit, bonus int) (TraitRoll, error) {
	r, err := RollTrait(d, spirit, WoundModifier(s.Wounds)+bonus, BaseTN, s.WildCard)
	if err == nil && r.Success {
		s.Shaken = false
	}
	return r, err
}

// Vigor roll outcomes on Incapacitation.
const (
	Dies         = "dies"
	BleedingOut  = "permanent injury, bleeding out"
	InjuryHeals  = "injury until all Wounds are healed"
	InjuryPasses = "injury for 24 hours or until the Wounds heal"
)

// Incapacitation makes the immediate Vigor roll of an Incapacitated
// character: critical failure dies; failure an Injury that is permanent
// and Bleeding Out; success an Injury that goes with the Wounds; a raise
// one that goes in 24 hours. bonus is a Joker's +2.
func Incapacitation(d Dice, vigor int, s Status, bonus int) (string, TraitRoll, error) {
	r, err := RollTrait(d, vigor, WoundModifier(s.Wounds)+bonus, BaseTN, s.WildCard)
	if err != nil {
		return "", r, err
	}
	switch {
	case r.CriticalFailure:
		return Dies, r, nil
	case !r.Success:
		return BleedingOut, r, nil
	case r.Raises > 0:
		return InjuryPasses, r, nil
	}
	return InjuryHeals, r, nil
}

// PaceLeft is a character's Pace after wounds (−1 each up to −3, at least
// 1"), plus a running die rolled (running dice never Ace).
func PaceLeft(pace, wounds, runningRoll int) int {
	return max(1, pace+WoundModifier(wounds)) + runningRoll
}

// MoveCost is the inches of Pace one inch of movement takes: 2 in
// difficult terrain, and for climbing, crawling or swimming.
func MoveCost(difficult bool) int {
	if difficult {
		return 2
	}
	return 1
}

// CrawlCost multiplies a step's Pace for a figure crawling: "Non-standard
// movement such as climbing, crawling, or swimming use 2" of Pace"
// (Savage Worlds: Movement).
const CrawlCost = 2

// HazardSkill is the skill rolled when "moving is hazardous for some
// reason, such as walking a tightrope, the GM may require an Athletics
// roll" (Savage Worlds: Movement).
const HazardSkill = "athletics"

// Jumping (Savage Worlds: Jumping): "Characters can jump 1" (2 yards)
// horizontally ... as a free action. Double these numbers if you can run
// at least 2" (four yards) prior to the jump. You can make an Athletics
// roll as an action to increase the distance another inch."
const (
	JumpInches = 1 // a standing jump
	JumpRunUp  = 2 // the run-up that doubles it
)

// JumpHeight is how high a figure jumps, in yards (a map's elevation
// levels, paces): "or 0.5" (1 yard) vertically", doubled, as "these
// numbers" are, after a run-up of 2" or more (Savage Worlds: Jumping).
func JumpHeight(runUp int) int {
	if runUp >= JumpRunUp {
		return 2
	}
	return 1
}

// JumpReach is how far a figure jumps across: 1", doubled after a run-up
// of 2" or more this turn, and an inch more for a successful Athletics
// roll.
func JumpReach(runUp int, athletics bool) int {
	n := JumpInches
	if runUp >= JumpRunUp {
		n *= 2
	}
	if athletics {
		n++
	}
	return n
}

// StandCost is the Pace standing up from prone takes (falling prone is free).
const StandCost = 2

// Card is an action card for the countdown: rank 2..14 (Ace 14), suit, or
// a Joker.
type Card struct {
	Rank  int
	Suit  string // "spades", "hearts", "diamonds", "clubs"; "red" or "black" for a Joker
	Joker bool
}

// suitOrder breaks ties: spades, hearts, diamonds, clubs.
var suitOrder = map[string]int{"spades": 0, "hearts": 1, "diamonds": 2, "clubs": 3}

func (c Card) String() string {
	if c.Joker {
		return c.Suit + " Joker"
	}
	r := map[int]string{11: "J", 12: "Q", 13: "K", 14: "A"}[c.Rank]
	if r == "" {
		r = fmt.Sprint(c.Rank)
	}
	return r + map[string]string{"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}[c.Suit]
}

// before reports whether card a acts before b in the countdown (Jokers
// may act at any time: first unless they choose to wait).
func before(a, b Card) bool {
	switch {
	case a.Joker != b.Joker:
		return a.Joker
	case a.Rank != b.Rank:
		return a.Rank > b.Rank
	}
	return suitOrder[a.Suit] < suitOrder[b.Suit]
}

// Deal is who holds which card this round: a Wild Card alone, a group of
// Extras sharing one.
type Deal struct {
	Who  []string
	Card Card
}

// Countdown orders a round's deals from the Ace down to the Deuce, ties by
// suit, Jokers first; reshuffle reports that a Joker was dealt, so the
// deck is shuffled before the next round.
func Countdown(deals []Deal) (order []Deal, reshuffle bool) {
	order = append([]Deal(nil), deals...)
	sort.SliceStable(order, func(i, j int) bool { return before(order[i].Card, order[j].Card) })
	for _, d := range deals {
		if d.Card.Joker {
			reshuffle = true
		}
	}
	return order, reshuffle
}

// NewDeck is the 54 action cards: 52 and two Jokers.
func NewDeck() []Card {
	var out []Card
	for _, s := range []string{"spades", "hearts", "diamonds", "clubs"} {
		for r := 2; r <= 14; r++ {
			out = append(out, Card{Rank: r, Suit: s})
		}
	}
	return append(out, Card{Suit: "red", Joker: true}, Card{Suit: "black", Joker: true})
}

// Inches is a hex distance in Savage Worlds inches: one hex, one inch.
func Inches(hexes int) int { return hexes }

// Sheet is the part of a character sheet Savage Worlds fights read: die
// types 4–12 (0 for a skill not taken).
type Sheet struct {
	WildCard  bool `json:"wild_card,omitempty"`
	Agility   int  `json:"agility"`
	Spirit    int  `json:"spirit"`
	Strength  int  `json:"strength"`
	Vigor     int  `json:"vigor"`
	Fighting  int  `json:"fighting,omitempty"`
	Shooting  int  `json:"shooting,omitempty"`
	Athletics int  `json:"athletics,omitempty"`
	Armor     int  `json:"armor,omitempty"`
	Pace      int  `json:"pace,omitempty"`  // inches; 0 is the default 6
	Melee     int  `json:"melee,omitempty"` // the hand weapon's damage die; 0 unarmed
	// Gun is the ranged weapon carried, if any.
	Gun *Weapon `json:"gun,omitempty"`
	// Bennies is how many Bennies the character starts the fight with;
	// absent, a Wild Card's DefaultBennies and an Extra's none.
	Bennies *int `json:"bennies,omitempty"`
}

// MaxBennies bounds a sheet's Bennies.
const MaxBennies = 20

// DefaultBennies is a Wild Card's Bennies when its sheet names none. The
// text spends Bennies but never says how many a character has
// (docs/defaults.md, "Savage Worlds: Bennies").
const DefaultBennies = 3

// BennyCount is how many Bennies the sheet starts a fight with.
func (s Sheet) BennyCount() int {
	switch {
	case s.Bennies != nil:
		return *s.Bennies
	case s.WildCard:
		return DefaultBennies
	}
	return 0
}

// Check refuses die types that are not d4–d12.
func (s Sheet) Check() error {
	die := func(name string, v int, optional bool) error {
		if optional && v == 0 {
			return nil
		}
		for _, d := range DieTypes {
			if v == d {
				return nil
			}
		}
		return fmt.Errorf("%s d%d: want d4, d6, d8, d10 or d12", name, v)
	}
	for _, c := range []struct {
		name     string
		v        int
		optional bool
	}{{"agility", s.Agility, false}, {"spirit", s.Spirit, false}, {"strength", s.Strength, false}, {"vigor", s.Vigor, false},
		{"fighting", s.Fighting, true}, {"shooting", s.Shooting, true}, {"athletics", s.Athletics, true}, {"melee", s.Melee, true}} {
		if err := die(c.name, c.v, c.optional); err != nil {
			return err
		}
	}
	if s.Bennies != nil && (*s.Bennies < 0 || *s.Bennies > MaxBennies) {
		return fmt.Errorf("bennies %d: want 0 to %d", *s.Bennies, MaxBennies)
	}
	if s.Armor < 0 || s.Armor > 10 || s.Pace < 0 || s.Pace > 24 {
		return fmt.Errorf("armor %d or pace %d out of range", s.Armor, s.Pace)
	}
	if g := s.Gun; g != nil {
		if g.Short < 1 || g.Med < g.Short || g.Long < g.Med || g.RoF < 1 || len(g.Damage) == 0 {
			return fmt.Errorf("gun %q: ranges, rate of fire or damage missing", g.Name)
		}
	}
	return nil
}

// Toughness is 2 plus half Vigor, plus armor.
func (s Sheet) Toughness() int { return 2 + s.Vigor/2 + s.Armor }

// Parry is the sheet's Parry.
func (s Sheet) Parry() int { return Parry(s.Fighting, 0) }

// PaceOr6 is the sheet's Pace, 6 by default.
func (s Sheet) PaceOr6() int {
	if s.Pace == 0 {
		return DefaultPace
	}
	return s.Pace
}

// Guns are the ranged weapons a sheet picks from in hexslinger's Western
// fights. The Savage Worlds text gives range bands and rate of fire but no
// gun list; these are hexslinger's (docs/defaults.md, "Savage Worlds
// guns"): the Peacemaker deals 2d6, the Winchester d8+d6, the shotgun 3d6
// at rate of fire 2.
var Guns = []Weapon{
	{Name: "Colt Peacemaker", Short: 12, Med: 24, Long: 48, RoF: 1, Damage: []int{6, 6}},
	{Name: "Winchester '73", Short: 24, Med: 48, Long: 96, RoF: 1, Damage: []int{8, 6}},
	{Name: "Double-barrel shotgun", Short: 12, Med: 24, Long: 48, RoF: 2, Damage: []int{6, 6, 6}},
	{Name: "Derringer", Short: 3, Med: 6, Long: 12, RoF: 1, Damage: []int{6}},
	{Name: "Throwing knife", Short: 3, Med: 6, Long: 12, RoF: 1, Damage: []int{4}, Thrown: true},
}

// ShotsRoll is a Rate of Fire volley: one Shooting die a shot, and for a
// Wild Card one Wild Die, which "can only replace one of these rolls"
// (Savage Worlds: Rate of Fire).
type ShotsRoll struct {
	Shots     []TraitRoll // each shot's roll against its own TN, the Wild Die's in the one it replaced
	Wild      int         // the Wild Die's total, 0 for an Extra
	WildFaces []int
	Replaced  int // the shot the Wild Die replaced, −1 if none
	// CriticalFailure: the Wild Die and every Shooting die show 1.
	CriticalFailure bool
}

// RollShots rolls a volley of len(tns) shots with a die of sides faces,
// each with its modifier and TN. The Wild Die replaces the roll of the
// first shot it turns from a miss to a hit, else the first it gives more
// raises, else none (docs/defaults.md).
func RollShots(d Dice, sides int, mods, tns []int, wildCard bool) (ShotsRoll, error) {
	out := ShotsRoll{Replaced: -1}
	ones := true
	for i, tn := range tns {
		r := TraitRoll{Modifier: mods[i], TN: tn}
		var err error
		if r.Trait, r.TraitFaces, err = Ace(d, sides); err != nil {
			return out, err
		}
		ones = ones && r.TraitFaces[0] == 1
		out.Shots = append(out.Shots, r)
	}
	if wildCard {
		var err error
		if out.Wild, out.WildFaces, err = Ace(d, WildDie); err != nil {
			return out, err
		}
		out.CriticalFailure = ones && out.WildFaces[0] == 1
	}
	judge := func(r *TraitRoll, v int) {
		r.Total = v + r.Modifier
		r.Success = r.Total >= r.TN && !out.CriticalFailure
		r.Raises = 0
		if r.Success {
			r.Raises = (r.Total - r.TN) / RaiseStep
		}
	}
	for i := range out.Shots {
		judge(&out.Shots[i], out.Shots[i].Trait)
	}
	if wildCard && !out.CriticalFailure {
		better := func(pick func(was, with TraitRoll) bool) bool {
			for i, r := range out.Shots {
				w := r
				judge(&w, out.Wild)
				if pick(r, w) {
					out.Shots[i], out.Replaced = w, i
					return true
				}
			}
			return false
		}
		if !better(func(was, with TraitRoll) bool { return !was.Success && with.Success }) {
			better(func(was, with TraitRoll) bool { return with.Success && with.Raises > was.Raises })
		}
	}
	for i := range out.Shots {
		r := &out.Shots[i]
		r.Explained = fmt.Sprintf("d%d %s", sides, faces(r.TraitFaces))
		if i == out.Replaced {
			r.Explained += fmt.Sprintf(" replaced by the Wild Die %s", faces(out.WildFaces))
		}
		if r.Modifier != 0 {
			r.Explained += fmt.Sprintf(" %+d", r.Modifier)
		}
		switch {
		case out.CriticalFailure:
			r.Explained += ": critical failure"
		case r.Success:
			r.Explained += fmt.Sprintf(" = %d vs TN %d: hit, %d raise(s)", r.Total, r.TN, r.Raises)
		default:
			r.Explained += fmt.Sprintf(" = %d vs TN %d: miss", r.Total, r.TN)
		}
	}
	return out, nil
}
