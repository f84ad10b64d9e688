package rules

import (
	"fmt"

	"hexslinger/hexmap"
)

// MeleeAttack is one of the four hand-to-hand attacks (assets/melee.json).
type MeleeAttack struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	AP          int    `json:"ap"`
	DMG         int    `json:"dmg"` // unarmed damage, before the DB
	RD          int    `json:"rd"`
	Pen         int    `json:"pen"`
	WeaponBonus int    `json:"weapon_bonus"` // added to a weapon's DMG
	Upgrades    int    `json:"upgrades,omitempty"`
	Dominance   int    `json:"dominance,omitempty"` // bumps toward dominance on a hit
}

// Improvised is an improvised weapon's kind (TWTW Conflict: Improvised
// Weapons).
type Improvised struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	DMG    int    `json:"dmg"`
	Force  int    `json:"force"`
	Pen    int    `json:"pen"`
	Deadly bool   `json:"deadly,omitempty"`
}

// MeleeTable is the hand-to-hand table.
type MeleeTable struct {
	Format     string        `json:"format"`
	Version    int           `json:"version"`
	Notes      []string      `json:"notes"`
	Attacks    []MeleeAttack `json:"attacks"`
	Improvised []Improvised  `json:"improvised"`
}

// ParseMelee reads and checks the hand-to-hand table.
func ParseMelee(data []byte) (*MeleeTable, error) {
	var t MeleeTable
	if err := decodeTable(data, "hexslinger/melee", &t); err != nil {
		return nil, err
	}
	if len(t.Attacks) != 4 {
		return nil, fmt.Errorf("attacks: %d, want the four of the chapter", len(t.Attacks))
	}
	for i, a := range t.Attacks {
		if a.ID == "" || a.AP < 0 || a.DMG < 0 {
			return nil, fmt.Errorf("attacks[%d]: id, AP and DMG must be set", i)
		}
	}
	return &t, nil
}

// Attack returns the attack with id.
func (t *MeleeTable) Attack(id string) (MeleeAttack, bool) {
	for _, a := range t.Attacks {
		if a.ID == id {
			return a, true
		}
	}
	return MeleeAttack{}, false
}

// Hand-to-hand constants (TWTW Conflict: Hand to Hand Combat).
var HandToHand = struct {
	CarefulAP, CarefulUpgrades int
	BlockAP, DodgeAP           int
	DodgeHexsides              int
	DisengageAP                int
	ManeuverAPPerHex           int
	ManeuverMaxHexes           int
	StillRoundsPenalty         int // rounds without moving before the defense drops
	StillDefense               int
	PartialDefense, DomDefense int
	DomDamageDowngrade         int
	MovePerDominanceBump       int
	ArmedAdvantage             int
	HeightAdvantage            int
	PositionAdvantage          int
	GangUpPerFighter           int
}{
	CarefulAP: 2, CarefulUpgrades: 1,
	BlockAP: 2, DodgeAP: 3, DodgeHexsides: 2,
	DisengageAP: 2, ManeuverAPPerHex: 1, ManeuverMaxHexes: 1,
	StillRoundsPenalty: 2, StillDefense: 1,
	PartialDefense: 1, DomDefense: 2, DomDamageDowngrade: 1,
	MovePerDominanceBump: 2,
	ArmedAdvantage:       1, HeightAdvantage: 1, PositionAdvantage: 1,
	GangUpPerFighter: 1,
}

// DominanceLevel is how far one fighter controls another.
type DominanceLevel int

// Dominance levels, each one bump above the last.
const (
	NoDominance DominanceLevel = iota
	PartialDominance
	Dominance
	FullDominance
)

func (d DominanceLevel) String() string {
	return [...]string{"none", "partial dominance", "dominance", "full dominance"}[d]
}

// Escape is what a dominated fighter must do to get away (TWTW Conflict:
// Breaking Engagements When Dominated).
type Escape struct {
	AP, TN int
	Skill  string
}

// Escapes by the level the fighter is under.
var Escapes = map[DominanceLevel]Escape{
	PartialDominance: {AP: 1, TN: 3, Skill: "unarmed"},
	Dominance:        {AP: 2, TN: 5, Skill: "unarmed"},
	FullDominance:    {AP: 3, TN: 7, Skill: "unarmed"},
}

// Defense is a defender's TN against hand-to-hand attacks: the defense
// value, less 1 for standing still two rounds, 1 under partial dominance
// and 2 under dominance or full dominance.
func Defense(c Character, stillRounds int, under DominanceLevel) (int, []Modifier) {
	tn := c.DefenseValue()
	var mods []Modifier
	if stillRounds >= HandToHand.StillRoundsPenalty {
		mods = append(mods, Modifier{Name: "has not moved for two rounds", TN: -HandToHand.StillDefense, Source: "TWTW Conflict: Maneuvering During Engagement"})
	}
	switch under {
	case PartialDominance:
		mods = append(mods, Modifier{Name: "under partial dominance", TN: -HandToHand.PartialDefense, Source: "TWTW Conflict: Position"})
	case Dominance, FullDominance:
		mods = append(mods, Modifier{Name: "under " + under.String(), TN: -HandToHand.DomDefense, Source: "TWTW Conflict: Position"})
	}
	for _, m := range mods {
		tn += m.TN
	}
	return tn, mods
}

// Blow is one declared hand-to-hand attack.
type Blow struct {
	Attack           MeleeAttack
	Careful          bool
	Weapon           *Weapon     // nil: unarmed
	Improvised       *Improvised // an improvised weapon, if any
	Dominated        bool        // the attacker is under dominance: one downgrade for damage
	OnlyForDominance bool
}

// BlowPlan is a priced blow with its damage.
type BlowPlan struct {
	Blow      Blow
	AP        int
	Upgrades  int
	Damage    int
	RD        int
	Pen       int
	Kind      DamageKind
	Force     int // added to an impact attack's Force by an improvised weapon
	Explained string
}

// PlanBlow prices a blow by c: the attack's AP (+2 if careful, for one
// upgrade), its damage with the weapon or improvised weapon and the DB.
func PlanBlow(c Character, b Blow) BlowPlan {
	p := BlowPlan{Blow: b, AP: b.Attack.AP, Upgrades: b.Attack.Upgrades, Kind: Impact, Pen: b.Attack.Pen, RD: b.Attack.RD}
	base := b.Attack.DMG
	what := "unarmed"
	if b.Weapon != nil {
		base = b.Weapon.DMG + b.Attack.WeaponBonus
		p.RD = b.Weapon.RD
		p.Pen = b.Weapon.Pen
		what = b.Weapon.Name
		if b.Weapon.Deadly {
			p.Kind = Deadly
		}
	}
	if b.Improvised != nil {
		base += b.Improvised.DMG
		p.Pen = b.Improvised.Pen
		p.Force = b.Improvised.Force
		what += ", " + b.Improvised.Name
		if b.Improvised.Deadly {
			p.Kind = Deadly
		}
	}
	if b.Careful {
		p.AP += HandToHand.CarefulAP
		p.Upgrades += HandToHand.CarefulUpgrades
	}
	p.Damage = base + c.DamageBonus()
	if b.Dominated {
		// "their attacks have one downgrade for damage": one bump's worth.
		p.Damage = max(0, p.Damage-EffectPerBump*HandToHand.DomDamageDowngrade)
	}
	p.Explained = fmt.Sprintf("%s (%s): %d AP, damage %d + DB %d = %d %s", b.Attack.Name, what, p.AP, base, c.DamageBonus(), p.Damage, p.Kind)
	return p
}

// AttackLimit marks the blows of a series past the skill's level: they
// miss automatically (TWTW Conflict: Determining Results).
func AttackLimit(c Character, skill string, blows int) []bool {
	out := make([]bool, blows)
	for i := range out {
		out[i] = i < c.AttacksAllowed(skill)
	}
	return out
}

// Advantage is one side's advantage value in an engagement (TWTW Conflict:
// Determining Advantage).
type Advantage struct {
	Weapon      int  // the weapon's advantage value
	Higher      bool // at least a foot higher: horseback, up a hill
	SizeDiff    int  // units of size above the opponent
	Position    bool // cornering, mud, the battlefield
	ArmedVsBare bool // armed against an unarmed opponent
}

// Value is the advantage: the weapon's value plus 1 for height (and 1 per
// unit of size difference), 1 for position, 1 for being armed against the
// unarmed.
func (a Advantage) Value() int {
	v := a.Weapon
	if a.Higher || a.SizeDiff > 0 {
		v += HandToHand.HeightAdvantage
	}
	v += max(0, a.SizeDiff)
	if a.Position {
		v += HandToHand.PositionAdvantage
	}
	if a.ArmedVsBare {
		v += HandToHand.ArmedAdvantage
	}
	return v
}

// SideAdvantage adds up a side's fighters: their values summed, and each
// gets 1 per other fighter on its side (ganging up).
func SideAdvantage(fighters []Advantage) int {
	total := 0
	for _, f := range fighters {
		total += f.Value() + HandToHand.GangUpPerFighter*(len(fighters)-1)
	}
	return total
}

// NetAdvantage is one side's advantage over the other, which gives its
// attacks that many upgrades (the other side's, downgrades) each round
// (docs/defaults.md).
func NetAdvantage(ours, theirs []Advantage) int { return SideAdvantage(ours) - SideAdvantage(theirs) }

// LongerWeapon is the optional weapon-length rule: the longer weapon has
// the advantage until the shorter one's wielder lands a blow on the torso
// or head. It returns the extra advantage for side a.
func LongerWeapon(a, b Weapon, shorterHasClosed bool) int {
	switch {
	case shorterHasClosed || a.Length == b.Length:
		return 0
	case a.Length > b.Length:
		return 1
	}
	return -1
}

// Engagement tracks the dominance between two fighters, A over B when
// positive, B over A when negative.
type Engagement struct {
	A, B  string
	Level int // −3…3
}

// Dominance returns who dominates and how far.
func (e *Engagement) Dominance() (string, DominanceLevel) {
	switch {
	case e.Level > 0:
		return e.A, DominanceLevel(e.Level)
	case e.Level < 0:
		return e.B, DominanceLevel(-e.Level)
	}
	return "", NoDominance
}

// Spend spends a fighter's bumps on dominance: they first cancel the other
// fighter's dominance one for one, then assert the fighter's own. Each bump
// may carry up to 2 hexes of movement; moves is how far in all.
func (e *Engagement) Spend(who string, bumps int) (moves int) {
	if bumps <= 0 {
		return 0
	}
	dir := 1
	if who == e.B {
		dir = -1
	}
	e.Level = max(-int(FullDominance), min(int(FullDominance), e.Level+dir*bumps))
	return bumps * HandToHand.MovePerDominanceBump
}

// AttackForDominance is an attack made only to gain position: a hit counts
// as one bump toward dominance, plus its own bumps.
func (e *Engagement) AttackForDominance(who string, hit bool, bumps int) int {
	if !hit {
		return 0
	}
	return e.Spend(who, 1+bumps)
}

// Block resolves a block declared before the attack roll: the defender's
// test against a TN equal to the attack's result. Equal moves the hit to the
// blocking arm (with a weapon: the weapon's Rel rises by 1 instead);
// greater stops it.
type BlockResult struct {
	Blocked   bool
	ToArm     bool
	RelRaised bool
	Roll      Roll
}

// ResolveBlock rolls a block by c against an attack that scored attack:
// unarmed, or with weapon's skill.
func ResolveBlock(c Character, weapon *Weapon, attack int, src Source) (BlockResult, error) {
	skill := "unarmed"
	if weapon != nil {
		skill = weapon.Skill
	}
	p, _ := c.SkillPool(skill)
	r, err := RollPool(p, src)
	if err != nil {
		return BlockResult{}, fmt.Errorf("block: %w", err)
	}
	b := BlockResult{Roll: r}
	switch top := r.Top(); {
	case top > attack:
		b.Blocked = true
	case top == attack && weapon != nil:
		b.RelRaised = true
	case top == attack:
		b.ToArm = true
	}
	return b, nil
}

// DodgeDowngrades is what a dodge costs attackers through the dodged
// hexsides: the defender's AD in downgrades, AD being 1 plus the
// Quickness trait bonus (docs/defaults.md).
func DodgeDowngrades(c Character) int { return 1 + TraitBonus(c.Traits.Quickness) }

// Disengage is the cost of breaking engagement: careful (2 AP, no attack
// on the way out), or free, when the opponent may attack at once for one
// AP less (at least 0).
func Disengage(careful bool, opponentAttackAP int) (ap int, freeAttackAP int, opponentAttacks bool) {
	if careful {
		return HandToHand.DisengageAP, 0, false
	}
	return 0, max(0, opponentAttackAP-1), true
}

// AttackerChoosesLocation reports whether the attacker may pick the hit
// location instead of the card's: against full dominance, or an unaware
// target — one attacked from its rear arc (DESIGN.md "facing").
func AttackerChoosesLocation(under DominanceLevel, fromRear bool) bool {
	return under == FullDominance || fromRear
}

// EngageRange is the distance within which two fighters may engage: one
// pace (TWTW Conflict: Hand to Hand Combat).
const EngageRange = 1

// Engaged reports whether figures at a and b, with paces per hex, are close
// enough for hand to hand: within a pace, and always in neighbouring hexes,
// however many paces a hex is across (docs/defaults.md).
func Engaged(a, b hexmap.Hex, pacesPerHex float64) bool {
	d := a.DistanceTo(b)
	return d <= 1 || float64(d)*pacesPerHex <= EngageRange
}

// ManeuverInEngagement prices moving while staying adjacent to the
// opponent: 1 AP a hex, and more than one hex breaks the engagement.
func ManeuverInEngagement(hexes int) (ap int, breaks bool) {
	return hexes * HandToHand.ManeuverAPPerHex, hexes > HandToHand.ManeuverMaxHexes
}

// BlockBreaks reports whether a weapon used to block breaks: on a
// calamity (no success and the calamity mark) in the block (docs/defaults.md).
func BlockBreaks(o Outcome, c Card) bool { return o.Calamity(c) }

// CanDodge reports whether a fighter may dodge: dodging is an active
// defense, only for one who makes no attack this turn.
func CanDodge(attacksThisTurn int) error {
	if attacksThisTurn > 0 {
		return fmt.Errorf("a dodge is only for a fighter who makes no attack; %d attack(s) declared", attacksThisTurn)
	}
	return nil
}
