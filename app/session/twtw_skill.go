package session

import (
	"fmt"

	"hexslinger/rules"
)

// Skills in action time: "The cost to perform a skill is 4/8 AP ... The AP
// to perform a skill check may be paid over multiple turns ... however the
// attempt is not resolved until the final AP is paid" (TWTW Conflict:
// Skills During Action Time). A Medicine test at Standard (5) revives a
// figure knocked out (TWTW Conflict: Wound Effects).

// CommandSkill puts AP toward a skill test: Skill (a skill of the sheet),
// Focus for one that needs full attention (8 AP, else 4), Target the
// figure it is used on (Medicine: one beside the figure), Pay the AP to
// put in now (0: as much as the attempt still needs and the figure has).
// The test is rolled when the last AP is paid.
const CommandSkill = "skill"

// Attempt is a skill test partway paid for.
type Attempt struct {
	Skill  string `json:"skill"`
	Cost   int    `json:"cost"`
	Paid   int    `json:"paid"`
	Target string `json:"target,omitempty"`
}

// decideSkill pays toward a skill test and, once paid in full, rolls it.
func decideSkill(s *State, c Command, f *Figure, ch Character, src roller) ([]Event, error) {
	if _, ok := rules.SkillTraits[c.Skill]; !ok {
		return nil, refuse("%q is not a skill hexslinger knows", c.Skill)
	}
	target, err := skillTarget(s, f, ch, c.Skill, c.Target)
	if err != nil {
		return nil, err
	}
	if c.Skill == "medicine" && target != nil {
		if err := revivable(s, target); err != nil {
			return nil, err
		}
	}
	st := f.FigureStatus.clone()
	a, pay, note, err := skillPayment(c, f, ch)
	if err != nil {
		return nil, err
	}
	if err := pay2(s, f, pay, a.Skill); err != nil {
		return nil, err
	}
	a.Paid += pay
	e := Event{Kind: EventActed, Action: c.Kind, Figure: f.ID, AP: pay, APLeft: f.AP - pay}
	if a.Paid < a.Cost {
		st.Attempt = &a
		e.Changes = []FigureChange{change(f, f.AP-pay, st)}
		e.Text = fmt.Sprintf("%s puts %d AP toward %s (%d of %d, TWTW Conflict: Skills During Action Time).%s %d AP left.", ch.Name, pay, a.Skill, a.Paid, a.Cost, note, f.AP-pay)
		return []Event{e}, nil
	}
	st.Attempt = nil
	said, cards, succeeded, err := rollSkill(c, f, ch, a.Skill, src)
	if err != nil {
		return nil, err
	}
	e.Cards = cards
	e.Changes = []FigureChange{change(f, f.AP-pay, st)}
	e.Text = fmt.Sprintf("%s completes %s (%d AP, %d in all; %s", ch.Name, a.Skill, pay, a.Cost, said)
	if a.Skill == "medicine" && target != nil && succeeded {
		ts := target.FigureStatus.clone()
		ts.Condition = rules.Fine
		e.Changes = append(e.Changes, FigureChange{Figure: target.ID, AP: target.AP, Status: ts})
		e.Text += fmt.Sprintf(" %s comes round (TWTW Conflict: Wound Effects, a Standard (5) Medicine test).", s.FigureName(target.ID))
	}
	e.Text += note + fmt.Sprintf(" %d AP left.", f.AP-pay)
	return []Event{e}, nil
}

// rollSkill rolls a skill test paid in full: the figure's pool, moved by
// the Judge's steps, against Standard (5), and a card when it is meant to
// fail. It returns the roll and verdict in words, the cards drawn, and
// whether it succeeded.
func rollSkill(c Command, f *Figure, ch Character, skill string, src roller) (said string, cards []string, succeeded bool, err error) {
	pool, how := ch.SkillPool(skill)
	pool = pool.Shift(judgeSteps(c))
	tn := rules.TNStandard
	want := fmt.Sprintf("%s's %s: %s", ch.Name, skill, pool)
	if c.Sabotage {
		want += " and a card"
	}
	rnd, err := src([]need{{f.ID, want}})
	if err != nil {
		return "", nil, false, err
	}
	rnd = rules.For(rnd, f.ID) // a skill test is the figure's own: its pool and card
	r, err := rules.RollPool(pool, rnd)
	if err != nil {
		return "", nil, false, &Refusal{Reason: err.Error()}
	}
	o := rules.JudgeRoll(r, tn)
	verdict := "fails"
	if o.Successes > 0 {
		verdict = fmt.Sprintf("succeeds (%d success(es), %d bump(s))", o.Successes, o.Bumps)
	}
	meant := ""
	if c.Sabotage {
		if cards, verdict, meant, err = sabotageSkill(&o, rnd); err != nil {
			return "", nil, false, err
		}
	}
	return fmt.Sprintf("%s against TN %d): %s, %s.%s", how, tn, r, verdict, meant), cards, o.Successes > 0, nil
}

// skillPayment is the attempt a skill command pays toward (the figure's
// own, going on with it, or a new one: then what it had put toward another
// is lost, and note says so) and the AP it pays now: as asked, or as much
// as the attempt still needs and the figure has.
func skillPayment(c Command, f *Figure, ch Character) (a Attempt, pay int, note string, err error) {
	cost := rules.SkillAP
	if c.Focus {
		cost = rules.SkillAPFullFocus
	}
	a = Attempt{Skill: c.Skill, Cost: cost, Target: c.Target}
	if p := f.Attempt; p != nil {
		if p.Skill == a.Skill && p.Target == a.Target {
			a = *p // going on with it
		} else {
			note = fmt.Sprintf(" The %d AP put toward %s are lost.", p.Paid, p.Skill)
		}
	}
	pay = c.Pay
	if pay == 0 {
		pay = min(a.Cost-a.Paid, f.AP)
	}
	if pay < 1 || pay > a.Cost-a.Paid {
		return a, 0, "", refuse("%s has %d AP left to pay toward %s, not %d", ch.Name, a.Cost-a.Paid, a.Skill, pay)
	}
	if rules.OngoingSkills[a.Skill] && pay != a.Cost-a.Paid {
		return a, 0, "", refuse("%s is an ongoing skill, paid at once: %d AP, not %d (%s has %d; TWTW Conflict: Skills During Action Time: \"not for an ongoing skill, such as sneak\")", a.Skill, a.Cost-a.Paid, pay, ch.Name, f.AP)
	}
	return a, pay, note, nil
}

// sabotageSkill judges a skill test meant to fail by a card drawn from
// rnd: "the attempt fails unless one of two things occurs: a calamity is
// generated, or the unintended targets icon shows a possible target that
// exists" (TWTW Conflict: Action Sabotage). It sets o's successes, and
// returns the card, the verdict and a sentence on an unintended target.
func sabotageSkill(o *rules.Outcome, rnd rules.Source) (cards []string, verdict, meant string, err error) {
	card, err := rnd.Draw()
	if err != nil {
		return nil, "", "", &Refusal{Reason: err.Error()}
	}
	succeeds, unintended := rules.Sabotage(card)
	o.Successes, o.Bumps = 0, 0
	verdict = "fails, as meant"
	switch {
	case succeeds:
		o.Successes = 1
		verdict = fmt.Sprintf("meant to fail, but the card (%s) is a Calamity: it succeeds after all", card.Name())
	case unintended:
		meant = fmt.Sprintf(" The card (%s) shows the unintended-target icon: something or someone else is caught up in it, the Judge's call.", card.Name())
	}
	return []string{card.Name()}, verdict + " (TWTW Conflict: Action Sabotage)", meant, nil
}

// skillTarget is the figure a skill is used on, beside the figure using
// it; nil for none.
func skillTarget(s *State, f *Figure, ch Character, skill, id string) (*Figure, error) {
	if id == "" {
		return nil, nil
	}
	t, ok := s.Figures[id]
	if !ok {
		return nil, refuse("there is no figure %q in this fight", id)
	}
	if t.At.DistanceTo(f.At) > 1 {
		return nil, refuse("%s must be beside %s to use %s on them", ch.Name, s.FigureName(t.ID), skill)
	}
	return t, nil
}

// pay2 pays AP for a skill, as pay does for an action.
func pay2(s *State, f *Figure, ap int, skill string) error { return pay(s, f, ap, "put toward "+skill) }

// judgeSteps is the Judge's modifier's steps, if any.
func judgeSteps(c Command) int {
	if c.Modifier == nil {
		return 0
	}
	return c.Modifier.Steps
}

// SkillOrder is a skill test done with an attack (TWTW Conflict: Combining
// Combat and Non-Combat Actions: "sneak up behind someone and stick them
// with their knife"). Primary ranks it first: it takes its pool's highest
// result and the attack the next; otherwise the attack takes the highest
// and the skill its pool's second. Its AP (4, or 8 with Focus) are paid
// with the attack's, in full.
type SkillOrder struct {
	Skill   string `json:"skill"`
	Focus   bool   `json:"focus,omitempty"`
	Target  string `json:"target,omitempty"`
	Primary bool   `json:"primary,omitempty"`
}

// combined is a skill test planned to go with an attack.
type combined struct {
	order  SkillOrder
	ap     int
	pool   rules.Pool
	how    string
	target *Figure
}

// planWith plans command c's skill test done with its attack, if any.
func planWith(s *State, f *Figure, ch Character, c Command) (*combined, error) {
	w := c.With
	if w == nil {
		return nil, nil
	}
	if _, ok := rules.SkillTraits[w.Skill]; !ok {
		return nil, refuse("%q is not a skill hexslinger knows", w.Skill)
	}
	k := &combined{order: *w, ap: rules.SkillAP}
	if w.Focus {
		k.ap = rules.SkillAPFullFocus
	}
	var err error
	if k.target, err = skillTarget(s, f, ch, w.Skill, w.Target); err != nil {
		return nil, err
	}
	if w.Skill == "medicine" && k.target == nil {
		return nil, refuse("Medicine with an attack revives a figure knocked out beside %s: name one", ch.Name)
	}
	if w.Skill == "medicine" {
		if err := revivable(s, k.target); err != nil {
			return nil, err
		}
	}
	k.pool, k.how = ch.SkillPool(w.Skill)
	k.pool = k.pool.Shift(judgeSteps(c))
	return k, nil
}

// skip is how many of the attack pool's highest results the skill test
// takes: one when it is the primary action.
func (k *combined) skip() int {
	if k != nil && k.order.Primary {
		return 1
	}
	return 0
}

// apOf is the skill test's AP, 0 without one.
func (k *combined) apOf() int {
	if k == nil {
		return 0
	}
	return k.ap
}

// roll rolls the skill test's pool after the attack's and reads the
// result its rank gives it: the highest if primary, else the second. It
// returns the sentence and the target's change (Medicine reviving it).
func (k *combined) roll(s *State, ch Character, rnd rules.Source) (string, []FigureChange, error) {
	r, err := rules.RollPool(k.pool, rnd)
	if err != nil {
		return "", nil, &Refusal{Reason: err.Error()}
	}
	at, rank := 0, "primary: its pool's highest result"
	if !k.order.Primary {
		at, rank = 1, "secondary: its pool's second highest result"
	}
	total := 0
	if at < len(r.Totals) {
		total = r.Totals[at]
	}
	res := rules.Judge(total, rules.TNStandard)
	verdict := "fails"
	if res.Success {
		verdict = fmt.Sprintf("succeeds (%d bump(s))", res.Bumps)
	}
	text := fmt.Sprintf("With it, %s's %s (%d AP, %s against TN %d; %s): %s, %d, %s (TWTW Conflict: Combining Combat and Non-Combat Actions).",
		ch.Name, k.order.Skill, k.ap, k.how, rules.TNStandard, rank, r, total, verdict)
	var changes []FigureChange
	if k.order.Skill == "medicine" && res.Success && k.target != nil {
		ts := k.target.FigureStatus.clone()
		ts.Condition = rules.Fine
		changes = append(changes, FigureChange{Figure: k.target.ID, AP: k.target.AP, Status: ts})
		text += fmt.Sprintf(" %s comes round.", s.FigureName(k.target.ID))
	}
	return text, changes, nil
}

// revivable refuses Medicine on a figure it cannot revive: one not knocked
// out, or one out with a critical wound, a fifth to the torso or head
// (TWTW Conflict: Wound Effects: the Standard (5) medicine roll revives
// one who "critically fails a recovery check"; "If the location is the
// torso … or head, disabling results in critical wounds").
func revivable(s *State, t *Figure) error {
	if t.Condition != rules.Unconscious {
		return refuse("%s is not knocked out: Medicine revives a figure knocked out", s.FigureName(t.ID))
	}
	for _, site := range []rules.HitLocation{rules.Chest, rules.Head} {
		if t.Wounds[site] >= rules.DisablingWounds {
			return refuse("%s is out with a critical wound (%d wounds to the %s): a Medicine test in action time revives only one knocked out by a failed recovery (TWTW Conflict: Wound Effects)", s.FigureName(t.ID), t.Wounds[site], site)
		}
	}
	return nil
}
