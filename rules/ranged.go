package rules

import (
	"cmp"
	"errors"
	"fmt"
	"strings"
)

// ShotKind is how long a shooter takes over a shot (TWTW Conflict: Aim and
// Snap Shots).
type ShotKind int

// The three kinds of shot.
const (
	Snap ShotKind = iota
	Normal
	Aimed
)

func (k ShotKind) String() string { return [...]string{"snap", "normal", "aimed"}[k] }

// Motion is how the firer moved this round.
type Motion int

// Firer motions (TWTW Conflict: Move and Fire).
const (
	Still Motion = iota
	Walked
	Ran
)

// Ranged modifiers (TWTW Conflict: Ranged Combat, Modifiers), in
// downgrades unless named otherwise.
var RangedModifiers = struct {
	BaseTN, PointBlankTN                     int
	Walking, Running                         int
	PerSecondaryTarget                       int
	RelativeSpeedStep                        int // paces of relative speed per downgrade
	AppearingDisappearing, NotVisible        int
	SmallTargetTN, TinyTargetTN              int // size ≤ 4, size ≤ 2
	LargeTargetBase, LargeTargetStep         int // +1 result per LargeTargetStep size above LargeTargetBase
	TwoWeapons, OffHand, TwoHandedOneHand    int
	TwoWeaponAimAP                           int
	FanPerShot, FanPerTarget, FanRevolverRel int
	TargetSwitchAP                           int
	OutsideFieldAP                           int
}{
	BaseTN: TNStandard, PointBlankTN: 3,
	Walking: 1, Running: 2,
	PerSecondaryTarget:    1,
	RelativeSpeedStep:     5,
	AppearingDisappearing: 1, NotVisible: 3,
	SmallTargetTN: 1, TinyTargetTN: 2,
	LargeTargetBase: 6, LargeTargetStep: 2,
	TwoWeapons: 1, OffHand: 2, TwoHandedOneHand: 2,
	TwoWeaponAimAP: 2,
	FanPerShot:     1, FanPerTarget: 1, FanRevolverRel: 1,
	TargetSwitchAP: 1,
	OutsideFieldAP: 1,
}

// Shot is one ranged attack as declared, before the dice.
type Shot struct {
	Weapon     Weapon
	Carried    Carried // the weapon's state: readied, cocked, aims
	Kind       ShotKind
	Aims       int     // aimed shots: 1 or 2 aim actions
	Distance   float64 // paces to the target
	PointBlank bool
	Motion     Motion
	Mounted    int // downgrades for firing mounted (1 or 2 by riding skill), used if worse than Motion's
	// Trait is the trait the pool draws on in place of the skill's own:
	// "When making an aimed shot, the character may choose to use either
	// their Coordination or Acuity trait" (TWTW Conflict: Optional rule).
	// "" is the skill's.
	Trait string
	// OutsideField: the target lies outside the firer's field of fire and
	// this is the first shot at it: "targeting outside of the field of fire
	// is an additional +1 AP" (TWTW Conflict: Multiple Attacks, optional).
	OutsideField bool
	TargetSize   int
	// RelativeSpeed is the paces of relative speed between firer and
	// target (or total speed, if the table plays it so).
	RelativeSpeed int
	// TargetNumber is this target's place among the series' targets: 0 the
	// first, 1 the second (1 downgrade), 2 the third (2)…
	TargetNumber int
	Appearing    bool // entering or leaving cover or sight during its move
	NotVisible   bool // behind cover, not seen: 3 downgrades
	TwoWeapons   bool
	OffHand      bool
	OneHanded    bool // a two-handed weapon fired with one hand
	Interrupt    int  // downgrades for acting before one's number
	// Judge are modifiers the Judge adds for what no rule covers, each
	// with its reason ("fog").
	Judge []Modifier
	// Fan is set for a fan-fired shot: its place in the fan (1 for the
	// first shot) and the number of target switches before it.
	Fan         int
	FanSwitches int
}

// Modifier is one adjustment of a test, with where it comes from.
type Modifier struct {
	Name   string
	Steps  int // upgrades (+) or downgrades (−) of the pool
	TN     int // added to the TN
	Result int // added to the die's result
	Source string
}

func (m Modifier) String() string {
	var parts []string
	switch {
	case m.Steps > 0:
		parts = append(parts, fmt.Sprintf("%d upgrade(s)", m.Steps))
	case m.Steps < 0:
		parts = append(parts, fmt.Sprintf("%d downgrade(s)", -m.Steps))
	}
	if m.TN != 0 {
		parts = append(parts, fmt.Sprintf("TN %+d", m.TN))
	}
	if m.Result != 0 {
		parts = append(parts, fmt.Sprintf("result %+d", m.Result))
	}
	return fmt.Sprintf("%s: %s (%s)", m.Name, strings.Join(parts, ", "), m.Source)
}

// ShotPlan is a priced, modified shot: its AP, TN, modifiers and pool.
type ShotPlan struct {
	Shot      Shot
	AP        int
	APParts   []string
	BaseTN    int
	TN        int
	Modifiers []Modifier
	Steps     int    // net upgrades (+) or downgrades (−)
	Result    int    // added to the die's result
	BasePool  Pool   // the skill's pool before the modifiers
	Pool      Pool   // after them
	PoolWhy   string // how the base pool was built
	Rel       int    // the weapon's malfunction range for this shot (MalfunctionRange)
}

// ErrNotAimable is returned for aim on a snap or fan shot.
var ErrNotAimable = errors.New("only normal shots may be aimed")

// PlanShot prices and modifies a shot by character c.
func PlanShot(c Character, s Shot) (ShotPlan, error) {
	w := s.Weapon
	p := ShotPlan{Shot: s, Rel: w.Rel + s.Carried.Worn} // blocks met wear the weapon
	if s.Kind == Aimed && (s.Aims < 1 || s.Aims > MaxAimsPerShot) {
		return p, fmt.Errorf("an aimed shot takes 1 or %d aim actions, not %d", MaxAimsPerShot, s.Aims)
	}
	if s.Kind != Aimed && s.Aims != 0 {
		return p, ErrNotAimable
	}
	if s.Trait != "" && s.Trait != SkillTraits[w.Skill] && (s.Kind != Aimed || s.Trait != "acuity") {
		return p, fmt.Errorf("only an aimed shot may draw on Acuity in place of %s (TWTW Conflict: Optional rule)", SkillTraits[w.Skill])
	}
	if s.Fan > 0 && !w.SingleAction {
		return p, fmt.Errorf("only a single-action revolver can be fan-fired, not a %s", w.Name)
	}
	if s.Fan > 0 && s.Kind != Snap {
		return p, fmt.Errorf("fan firing is always a snap shot")
	}
	add := func(m Modifier) {
		if m.Steps != 0 || m.TN != 0 || m.Result != 0 {
			p.Modifiers = append(p.Modifiers, m)
		}
	}
	cost := func(ap int, why string) {
		if ap > 0 {
			p.AP += ap
			p.APParts = append(p.APParts, fmt.Sprintf("%s %d", why, ap))
		}
	}

	// AP (TWTW Conflict: Aim and Snap Shots; Cocking and Readying; Fan Firing).
	if !s.Carried.Readied {
		cost(w.ReadyCost(), "ready")
	}
	switch {
	case s.Fan > 0:
		cost(1, "fan shot") // fan firing ignores cocking
	default:
		if w.Cock > 0 && !s.Carried.Cocked {
			cost(w.Cock, "cock")
		}
		switch s.Kind {
		case Snap:
			cost(w.Snap, "snap shot")
		case Normal:
			cost(w.Normal, "normal shot")
		case Aimed:
			cost(w.Normal, "normal shot")
			aim := w.Aim
			if s.TwoWeapons {
				aim += RangedModifiers.TwoWeaponAimAP
			}
			cost(aim*s.Aims, fmt.Sprintf("%d aim(s)", s.Aims))
		}
	}

	if s.OutsideField {
		cost(RangedModifiers.OutsideFieldAP, "outside the field of fire")
	}

	// TN from range (TWTW Conflict: Range; Point Blank).
	rng := w.Range
	if w.Thrown {
		rng = ThrownRangeIncrement
	}
	if s.PointBlank {
		p.BaseTN = RangedModifiers.PointBlankTN
	} else {
		inc := int(s.Distance) / rng
		p.BaseTN = RangedModifiers.BaseTN
		if inc > 0 {
			add(Modifier{Name: fmt.Sprintf("range %g paces, %d full increment(s) of %d", s.Distance, inc, rng), TN: inc, Source: "TWTW Conflict: Range"})
		}
	}

	// Firer moving or mounted: the worse applies.
	move := 0
	switch s.Motion {
	case Walked:
		move = RangedModifiers.Walking
	case Ran:
		move = RangedModifiers.Running
	}
	if s.Mounted > move {
		add(Modifier{Name: "firer is mounted", Steps: -s.Mounted, Source: "TWTW Conflict: Move and Fire"})
	} else if move > 0 {
		add(Modifier{Name: "firer is moving (" + map[Motion]string{Walked: "walk", Ran: "run"}[s.Motion] + ")", Steps: -move, Source: "TWTW Conflict: Modifiers"})
	}

	// Target size.
	switch {
	case s.TargetSize > 0 && s.TargetSize <= 2:
		add(Modifier{Name: fmt.Sprintf("target size %d", s.TargetSize), TN: RangedModifiers.TinyTargetTN, Source: "TWTW Conflict: Target Size"})
	case s.TargetSize > 0 && s.TargetSize <= 4:
		add(Modifier{Name: fmt.Sprintf("target size %d", s.TargetSize), TN: RangedModifiers.SmallTargetTN, Source: "TWTW Conflict: Target Size"})
	case s.TargetSize > RangedModifiers.LargeTargetBase:
		add(Modifier{Name: fmt.Sprintf("target size %d", s.TargetSize), Result: (s.TargetSize - RangedModifiers.LargeTargetBase) / RangedModifiers.LargeTargetStep, Source: "TWTW Conflict: Target Size"})
	}
	add(Modifier{Name: fmt.Sprintf("relative speed %d paces", s.RelativeSpeed), Steps: -(s.RelativeSpeed / RangedModifiers.RelativeSpeedStep), Source: "TWTW Conflict: Target Speed"})
	if s.Fan == 0 {
		add(Modifier{Name: fmt.Sprintf("target %d of the series", s.TargetNumber+1), Steps: -s.TargetNumber * RangedModifiers.PerSecondaryTarget, Source: "TWTW Conflict: Modifiers, secondary targets"})
	}
	if s.Appearing {
		add(Modifier{Name: "target appearing or disappearing", Steps: -RangedModifiers.AppearingDisappearing, Source: "TWTW Conflict: Modifiers"})
	}
	if s.NotVisible {
		add(Modifier{Name: "target not visible behind cover", Steps: -RangedModifiers.NotVisible, Source: "TWTW Conflict: Hit Location and Cover"})
	}

	// Shot kind.
	switch s.Kind {
	case Snap:
		add(Modifier{Name: "snap shot (SP)", Steps: -w.SP, Source: w.Name + " card"})
	case Aimed:
		add(Modifier{Name: fmt.Sprintf("%d aim(s)", s.Aims), Steps: s.Aims, Source: "TWTW Conflict: Aim and Snap Shots"})
		if w.Accurate > 0 {
			add(Modifier{Name: fmt.Sprintf("Accurate(%d)", w.Accurate), Result: w.Accurate, Source: w.Name + " card"})
		}
	}
	if s.Fan > 0 {
		add(Modifier{Name: fmt.Sprintf("fan shot %d", s.Fan), Steps: -s.Fan * RangedModifiers.FanPerShot, Source: "TWTW Conflict: Fan Firing"})
		add(Modifier{Name: fmt.Sprintf("%d target switch(es) in the fan", s.FanSwitches), Steps: -s.FanSwitches * RangedModifiers.FanPerTarget, Source: "TWTW Conflict: Fan Firing"})
		if w.Revolver {
			p.Rel += RangedModifiers.FanRevolverRel
		}
	}
	if s.TwoWeapons {
		add(Modifier{Name: "two weapons", Steps: -RangedModifiers.TwoWeapons, Source: "TWTW Conflict: Two Weapons"})
	}
	if s.OffHand {
		add(Modifier{Name: "off hand", Steps: -RangedModifiers.OffHand, Source: "TWTW Conflict: Two Weapons"})
	}
	if s.OneHanded && w.Hands == 2 {
		add(Modifier{Name: "two-handed weapon in one hand", Steps: -RangedModifiers.TwoHandedOneHand, Source: "TWTW Conflict: Two handed ranged weapons"})
	}
	add(Modifier{Name: "interrupting", Steps: -s.Interrupt, Source: "DESIGN.md segments"})
	for _, m := range s.Judge {
		add(m)
	}

	p.TN = p.BaseTN
	for _, m := range p.Modifiers {
		p.Steps += m.Steps
		p.TN += m.TN
		p.Result += m.Result
	}
	base, why := c.SkillPoolOn(w.Skill, cmp.Or(s.Trait, SkillTraits[w.Skill]))
	p.BasePool, p.Pool, p.PoolWhy = base, base.Shift(p.Steps), why
	return p, nil
}

// Explain writes the plan as a person reads it.
func (p ShotPlan) Explain() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s shot: %d AP (%s); TN %d", p.Shot.Weapon.Name, p.Shot.Kind, p.AP, strings.Join(p.APParts, " + "), p.TN)
	for _, m := range p.Modifiers {
		b.WriteString("; " + m.String())
	}
	fmt.Fprintf(&b, "; pool %s → %s (%s)", p.BasePool, p.Pool, p.PoolWhy)
	return b.String()
}

// HitChance is the exact chance that the shot hits, as planned: it goes
// off (its die above the Rel) and meets the TN.
func (p ShotPlan) HitChance() float64 {
	if p.Pool.Count < 1 {
		return 0
	}
	return KthFiringChance(p.Pool, 1, p.Result, p.TN, p.MalfunctionRange())
}
