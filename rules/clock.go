package rules

import (
	"fmt"
	"sort"
)

// Segments is the length of a round: the Judge counts 20 → 1 (TWTW
// Conflict: Round Timing).
const Segments = 20

// MaxInitiative caps an initiative number (DESIGN.md "initiative").
const MaxInitiative = 20

// WoundEffect is one row of the Wound Effects table (TWTW Conflict: Wound
// Effects): the AP penalty and the Stun check's TN.
type WoundEffect struct {
	Name      string
	APPenalty int
	StunTN    int
}

// WoundEffects is the Wound Effects table, by the number of wounds at the
// worst location (1–5).
var WoundEffects = map[int]WoundEffect{
	1: {"Flesh Wound", 1, 3},
	2: {"Light", 2, 5},
	3: {"Heavy", 3, 7},
	4: {"Serious", 4, 9},
	5: {"Critical", 5, 11},
}

// WoundPenalty is the AP penalty of the worst wound (0 unwounded).
func WoundPenalty(worst int) int {
	if worst > 5 {
		worst = 5
	}
	return WoundEffects[worst].APPenalty
}

// Initiative is a figure's initiative roll and number.
type Initiative struct {
	Roll      Roll
	Outcome   Outcome
	BaseAP    int
	Wounds    int // AP penalty of wounds
	Number    int // AP + successes + bumps − wounds, at most 20
	Explained string
}

// RollInitiative rolls c's initiative (TWTW Conflict: Initiative): a
// Quickness test at TN 5 ignoring the trait's bonus upgrades; the successes
// and bumps are added to the AP, less the wound penalty (DESIGN.md), at
// most 20.
func RollInitiative(c Character, worstWound int, src Source) (Initiative, error) {
	p := c.TraitPool("quickness", false)
	r, err := RollPool(p, src)
	if err != nil {
		return Initiative{}, fmt.Errorf("initiative for %s: %w", c.Name, err)
	}
	o := JudgeRoll(r, TNStandard)
	in := Initiative{Roll: r, Outcome: o, BaseAP: c.BaseAP(), Wounds: WoundPenalty(worstWound)}
	in.Number = min(MaxInitiative, max(0, in.BaseAP+o.Successes+o.Bumps-in.Wounds))
	in.Explained = fmt.Sprintf("%s: AP %d + %d successes + %d bumps − %d for wounds = %d (rolled %s vs TN %d)",
		c.Name, in.BaseAP, o.Successes, o.Bumps, in.Wounds, in.Number, r, TNStandard)
	return in, nil
}

// Round is action time: the segment counting down and each figure's
// initiative number, which falls as it pays AP. AP is not saved from round
// to round.
type Round struct {
	Number  int
	Segment int // 20 down to 1; 0 when the round is over
	numbers map[string]int
	quick   map[string]int
}

// NewRound starts round n at segment 20 with the figures' initiative
// numbers and Quickness ranks (for simultaneous actions).
func NewRound(n int, initiative, quickness map[string]int) *Round {
	r := &Round{Number: n, Segment: Segments, numbers: map[string]int{}, quick: map[string]int{}}
	for id, v := range initiative {
		r.numbers[id] = v
		r.quick[id] = quickness[id]
	}
	return r
}

// AP returns a figure's initiative number: the AP it has left.
func (r *Round) AP(id string) int { return r.numbers[id] }

// MayAct reports whether a figure may act now without interrupting: the
// segment is at or below its number and it has AP.
func (r *Round) MayAct(id string) bool {
	n, ok := r.numbers[id]
	return ok && n > 0 && r.Segment > 0 && r.Segment <= n
}

// InterruptDowngrades is the downgrades for acting now, before the
// figure's number comes up: one per segment early (DESIGN.md "segments").
func (r *Round) InterruptDowngrades(id string) int {
	return max(0, r.Segment-r.numbers[id])
}

// Pay lowers a figure's number by ap; it may not spend AP it lacks.
func (r *Round) Pay(id string, ap int) error {
	n, ok := r.numbers[id]
	switch {
	case !ok:
		return fmt.Errorf("%s is not in this round", id)
	case ap < 0:
		return fmt.Errorf("cannot pay %d AP", ap)
	case ap > n:
		return fmt.Errorf("%s needs %d AP and has %d", id, ap, n)
	case r.Segment <= 0:
		return fmt.Errorf("round %d is over", r.Number)
	}
	r.numbers[id] = n - ap
	return nil
}

// ActingNow returns the figures who may act this segment, in Quickness
// order (highest first): figures acting in one segment act in that order
// and their effects land together.
func (r *Round) ActingNow() []string {
	var ids []string
	for id := range r.numbers {
		if r.MayAct(id) {
			ids = append(ids, id)
		}
	}
	r.sortByQuickness(ids)
	return ids
}

func (r *Round) sortByQuickness(ids []string) {
	sort.Slice(ids, func(i, j int) bool {
		if r.quick[ids[i]] != r.quick[ids[j]] {
			return r.quick[ids[i]] > r.quick[ids[j]]
		}
		return ids[i] < ids[j]
	})
}

// Next moves to the next segment; false when the round is over: past
// segment 1, or every figure has spent its AP.
func (r *Round) Next() bool {
	if r.Segment > 0 {
		r.Segment--
	}
	return !r.Over()
}

// Over reports whether the round has ended.
func (r *Round) Over() bool {
	if r.Segment <= 0 {
		return true
	}
	for _, n := range r.numbers {
		if n > 0 {
			return false
		}
	}
	return true
}

// ContinuousMove spreads a mount's or vehicle's movement over the 20
// segments (TWTW Conflict: Continuous Action Movement): the slowest
// segment within one pace of the fastest. Index 0 is segment 20.
func ContinuousMove(paces int) [Segments]int {
	var out [Segments]int
	for i := range out {
		out[i] = paces / Segments
	}
	// Spread the remainder evenly over the round.
	rem := paces % Segments
	for k := 0; k < rem; k++ {
		out[k*Segments/rem]++
	}
	return out
}

// ContinuousOrder orders continuous movers slowest to fastest by
// Quickness: they move before other actions in that order.
func ContinuousOrder(ids []string, quickness map[string]int) []string {
	out := append([]string(nil), ids...)
	sort.SliceStable(out, func(i, j int) bool { return quickness[out[i]] < quickness[out[j]] })
	return out
}

// SkillAPCosts are the AP of a skill in action time: 4, or 8 for one that
// needs full attention (TWTW Conflict: Skills During Action Time).
const (
	SkillAP          = 4
	SkillAPFullFocus = 8
)

// OngoingSkills are the skills whose AP may not be paid over several
// turns: "if it makes sense, such as with the lockpicking attempt, but not
// for an ongoing skill, such as sneak" (TWTW Conflict: Skills During
// Action Time). The chapter names sneak alone (docs/defaults.md).
var OngoingSkills = map[string]bool{"sneak": true}

// SkillAttempt counts AP paid toward a skill over several turns; it
// resolves only when the last AP is paid.
type SkillAttempt struct {
	Skill string
	Cost  int
	Paid  int
}

// Pay adds ap toward the skill and reports whether it is now paid in full.
func (s *SkillAttempt) Pay(ap int) bool {
	s.Paid = min(s.Cost, s.Paid+max(0, ap))
	return s.Paid >= s.Cost
}
