package session

import (
	"fmt"
	"slices"
	"strings"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// Hand-to-hand engagement: who holds whom, the advantage of each side,
// standing still, escaping and breaking away (TWTW Conflict: Advantage;
// Position in Hand-to-Hand Engagements; Asserting Dominance; Breaking
// Engagements When Dominated; Maneuvering During Engagement).

// CommandEscape is a dominated figure's attempt to escape its foe's hold:
// an unarmed test against the TN of the level it is under (partial: TN 3
// for 1 AP; dominance: TN 5, 2 AP; full: TN 7, 3 AP). To, out of
// dominance or full dominance, is the adjacent empty hex it is placed in
// on a success.
const CommandEscape = "escape"

// Hold is one fighter's dominance over another: Level 1 partial, 2
// dominance, 3 full (rules.DominanceLevel); 0 in an event lets go.
type Hold struct {
	By    string `json:"by"`
	Over  string `json:"over"`
	Level int    `json:"level"`
}

// The ways a blow spends its bumps on dominance (BlowOrder.Dominance).
const (
	// ForDominance attacks only for position: a hit is a bump toward
	// dominance, plus its own, and deals no damage.
	ForDominance = "only"
	// BumpsForDominance spends the hit's bumps on dominance, not damage.
	BumpsForDominance = "bumps"
)

// holdOver is the hold over figure id, if any, and who holds it.
func (s *State) holdOver(id string) (rules.DominanceLevel, string) {
	for _, h := range s.Holds {
		if h.Over == id {
			return rules.DominanceLevel(h.Level), h.By
		}
	}
	return rules.NoDominance, ""
}

// pairLevel is the dominance between a and b from a's side: positive a
// holds b, negative b holds a.
func (s *State) pairLevel(a, b string) int {
	for _, h := range s.Holds {
		switch {
		case h.By == a && h.Over == b:
			return h.Level
		case h.By == b && h.Over == a:
			return -h.Level
		}
	}
	return 0
}

// spendOnDominance spends n bumps of a's toward dominance over b: first
// cancelling b's hold, one for one, then asserting a's own (rules.
// Engagement.Spend). prev is the pair's hold as an earlier blow of the
// same series left it (nil: the state's). It returns the pair's hold
// after, as the event carries it (level 0: nobody holds).
func (s *State) spendOnDominance(prev *Hold, a, b string, n int) Hold {
	level := s.pairLevel(a, b)
	if prev != nil {
		level = 0
		switch {
		case prev.By == a:
			level = prev.Level
		case prev.By == b:
			level = -prev.Level
		}
	}
	e := rules.Engagement{A: a, B: b, Level: level}
	e.Spend(a, n)
	if e.Level < 0 {
		return Hold{By: b, Over: a, Level: -e.Level}
	}
	return Hold{By: a, Over: b, Level: e.Level}
}

// applyHold sets a pair's hold, replacing any other between them.
func (s *State) applyHold(h Hold) {
	var next []Hold
	for _, o := range s.Holds {
		if (o.By == h.By && o.Over == h.Over) || (o.By == h.Over && o.Over == h.By) {
			continue
		}
		next = append(next, o)
	}
	if h.Level > 0 {
		next = append(next, h)
	}
	s.Holds = next
}

// dropHolds lets go of every hold by or over figure id (it fell, left, or
// was removed).
func (s *State) dropHolds(id string) {
	var next []Hold
	for _, o := range s.Holds {
		if o.By != id && o.Over != id {
			next = append(next, o)
		}
	}
	s.Holds = next
}

// holdText says a hold in words: "Cyril Wellington holds Jeb Perkins in
// partial dominance", or that nobody holds the pair.
func holdText(s *State, h Hold) string {
	if h.Level <= 0 {
		return fmt.Sprintf("Neither %s nor %s holds the other now", s.FigureName(h.By), s.FigureName(h.Over))
	}
	return fmt.Sprintf("%s holds %s in %s", s.FigureName(h.By), s.FigureName(h.Over), rules.DominanceLevel(min(h.Level, 3)))
}

// meleeWeapon is the melee weapon figure f holds in hand, if any.
func meleeWeapon(f *Figure) (rules.Weapon, bool) {
	for _, g := range f.Gear {
		if w, ok := ruleTables.weapons[g.Weapon]; ok && g.Readied && w.Melee {
			return w, true
		}
	}
	return rules.Weapon{}, false
}

// advantage is the attacker's side's net advantage over the target's in a
// blow (TWTW Conflict: Determining Advantage): each side is its fighters
// next to the other's figure; each fighter counts its weapon's advantage,
// height (higher ground, or size, one more a unit of size), position (the
// foe in the mud), being armed against the unarmed, and 1 for each other
// fighter on its side (ganging
// up). Net advantage is upgrades of the blow, or downgrades
// (docs/defaults.md). why says it in words.
func (s *State) advantage(f, t *Figure) (net int, why string) {
	// Only fighters both sides see gang up: where one out of either's
	// view stands tells in nothing (docs/defaults.md).
	unseenF, unseenT := s.unseenBy(f.Side), s.unseenBy(t.Side)
	side := func(of, against *Figure) []rules.Advantage {
		var out []rules.Advantage
		for _, id := range s.Order {
			x := s.Figures[id]
			if x.Side != of.Side || x.Condition != rules.Fine || !rules.Engaged(x.At, against.At, s.Map.Scale) ||
				x.ID != of.ID && (unseenF[id] || unseenT[id]) {
				continue
			}
			out = append(out, s.fighter(x, against))
		}
		return out
	}
	ours, theirs := side(f, t), side(t, f)
	net = rules.NetAdvantage(ours, theirs)
	length := s.lengthAdvantage(f, t)
	net += length
	if net == 0 {
		return 0, ""
	}
	var parts []string
	if len(ours) != len(theirs) {
		parts = append(parts, fmt.Sprintf("%d against %d", len(ours), len(theirs)))
	}
	for _, x := range [][2]*Figure{{f, t}, {t, f}} {
		if w := s.fighterWhy(s.fighter(x[0], x[1])); w != "" {
			parts = append(parts, s.FigureName(x[0].ID)+" "+w)
		}
	}
	switch {
	case length > 0:
		parts = append(parts, s.FigureName(f.ID)+" the longer weapon")
	case length < 0:
		parts = append(parts, s.FigureName(t.ID)+" the longer weapon")
	}
	return net, strings.Join(parts, "; ")
}

// fighterWhy says what gives a fighter advantage: "higher, bigger".
func (s *State) fighterWhy(a rules.Advantage) string {
	var parts []string
	switch {
	case a.ArmedVsBare:
		parts = append(parts, "armed against the unarmed")
	case a.Weapon > 0:
		parts = append(parts, "the weapon")
	}
	if a.Higher {
		parts = append(parts, "higher")
	}
	if a.SizeDiff > 0 {
		parts = append(parts, "bigger")
	}
	if a.Position {
		parts = append(parts, "position (the foe's footing bad)")
	}
	return strings.Join(parts, ", ")
}

// badFooting reports whether h's ground is the mud of "trapping an
// opponent in a corner, mud or quicksand" (TWTW Conflict: Determining
// Advantage): terrain that moves as rough ground, as rough and shallows do
// (docs/defaults.md).
func (s *State) badFooting(h hexmap.Hex) bool {
	t, ok := s.Map.Terrain(h)
	return ok && t.Move == hexmap.MoveRough
}

// fighter is x's advantage against opponent o: its weapon, height, size,
// being armed against the unarmed, and position.
func (s *State) fighter(x, o *Figure) rules.Advantage {
	var a rules.Advantage
	xw, armed := meleeWeapon(x)
	_, oArmed := meleeWeapon(o)
	if armed {
		a.Weapon = xw.Advantage
	}
	a.ArmedVsBare = armed && !oArmed
	a.Higher = rise(s.Map, x.At, o.At) > 0 // the map's answer (lines.go)
	a.SizeDiff = max(0, s.Characters[x.Character].Size-s.Characters[o.Character].Size)
	// Position: the opponent in the mud, x on firm ground.
	a.Position = s.badFooting(o.At) && !s.badFooting(x.At)
	return a
}

// fromBehind reports whether a blow from at comes from behind a figure
// facing facing: through its rear arc, the back hexside alone (DESIGN.md
// facing: the front arc is the faced side and its two neighbours, the
// two sides left are flanks). An unaware target (TWTW Conflict: "attacked
// from behind") lets the attacker choose where the blow lands.
func fromBehind(at, target hexmap.Hex, facing hexmap.Direction) bool {
	return attackArc(at, target, facing) == hexmap.Rear // the map's answer (lines.go)
}

// decideEscape is a dominated figure's escape attempt: an unarmed test
// against the level's TN, for its AP.
func decideEscape(s *State, c Command, f *Figure, ch Character, src roller) ([]Event, error) {
	level, by := s.holdOver(f.ID)
	if level == rules.NoDominance {
		return nil, refuse("nobody holds %s: there is nothing to escape", ch.Name)
	}
	esc := rules.Escapes[min(level, rules.FullDominance)]
	if err := pay(s, f, esc.AP, "escape"); err != nil {
		return nil, err
	}
	if c.To != nil && level < rules.Dominance {
		return nil, refuse("breaking away from a partial hold places %s nowhere: on a success, move away at the usual AP (TWTW Conflict: Breaking Engagements When Dominated)", ch.Name)
	}
	if c.To != nil {
		// "If successful, the combatant is placed in any adjacent, empty
		// hex" (TWTW Conflict: Breaking Engagements When Dominated).
		if err := s.checkShove(f, []hexmap.Hex{*c.To}, f.Side); err != nil {
			return nil, refuse("the escape's hex: %v", strings.TrimPrefix(err.Error(), "shove step 1: "))
		}
	}
	pool, how := ch.SkillPool(esc.Skill)
	rnd, err := src([]need{{f.ID, fmt.Sprintf("%s's escape: %s", ch.Name, pool)}})
	if err != nil {
		return nil, err
	}
	r, err := rules.RollPool(pool, rules.For(rnd, f.ID))
	if err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	res := rules.Judge(r.Top(), esc.TN)
	e := Event{Kind: EventActed, Action: c.Kind, Figure: f.ID, AP: esc.AP, APLeft: f.AP - esc.AP,
		Changes: []FigureChange{change(f, f.AP-esc.AP, f.FigureStatus.clone())}}
	verdict := fmt.Sprintf("fails: %s keeps the hold", s.FigureName(by))
	if res.Success {
		e.Hold = &Hold{By: by, Over: f.ID}
		verdict = "escapes, and may move away"
		if c.To != nil {
			e.Shoved = []Shove{{Figure: f.ID, Path: []hexmap.Hex{*c.To}}}
			verdict = fmt.Sprintf("escapes to %s, and may move away", s.Map.Label(*c.To))
			if o, ok := s.FigureAt(*c.To); ok {
				// A figure its side did not see stands there: it escapes
				// where it is (the ambush).
				e.Shoved, e.Met = nil, o.ID
				verdict = fmt.Sprintf("escapes, but %s stands at %s, unseen until now (an ambush): it stays at %s, and may move away", s.FigureName(o.ID), s.Map.Label(*c.To), s.Map.Label(f.At))
			}
		}
	}
	e.Text = fmt.Sprintf("%s tries to escape %s's %s (%d AP, %s against TN %d, TWTW Conflict: Breaking Engagements When Dominated): %d, %s. %d AP left.",
		ch.Name, s.FigureName(by), level, esc.AP, how, esc.TN, res.Total, verdict, f.AP-esc.AP)
	return append([]Event{e}, revealMet(s, f.ID, e.Met)...), nil
}

// heldBack refuses a move of a figure under a hold: "Combatants under
// dominance must escape from the position before any movement is
// allowed". A partially dominated one may move, but only to maneuver
// within the engagement (heldTo).
func heldBack(s *State, f *Figure) error {
	level, by := s.holdOver(f.ID)
	if level <= rules.PartialDominance {
		return nil
	}
	esc := rules.Escapes[min(level, rules.FullDominance)]
	return refuse("%s is held in %s by %s: escape first (%d AP, an unarmed test against TN %d)", s.FigureName(f.ID), level, s.FigureName(by), esc.AP, esc.TN)
}

// heldTo refuses a partially dominated figure f's move of steps hexes to
// to unless it maneuvers within the engagement: "If it is not possible to
// move away from the engagement, the combatant must move (see maneuvering
// within an engagement) prior to making the break-away attempt" (TWTW
// Conflict: Breaking Engagements When Dominated), one hex that keeps it
// beside its holder (Maneuvering During Engagement). To leave it breaks
// away first (an escape at TN 3).
func heldTo(s *State, f *Figure, to hexmap.Hex, steps int) error {
	level, by := s.holdOver(f.ID)
	if level != rules.PartialDominance {
		return nil
	}
	holder, ok := s.Figures[by]
	_, breaks := rules.ManeuverInEngagement(steps)
	if !ok || (!breaks && rules.Engaged(to, holder.At, s.Map.Scale)) {
		return nil
	}
	esc := rules.Escapes[rules.PartialDominance]
	return refuse("%s is held in %s by %s: break away first (%d AP, an unarmed test against TN %d), or maneuver one hex that stays beside %s (TWTW Conflict: Breaking Engagements When Dominated)",
		s.FigureName(f.ID), level, s.FigureName(by), esc.AP, esc.TN, s.FigureName(by))
}

// Opening is the free attack a figure breaking away from an engagement
// without care allows: "the other combatant may immediately make a
// hand-to-hand attack for one fewer AP (minimum 0)" (TWTW Conflict:
// Breaking Engagement).
type Opening struct {
	Mover string     `json:"mover"`
	From  hexmap.Hex `json:"from"`
	By    []string   `json:"by"`
}

// foesEngaged are the figures of another side, standing, that figure f at
// at is engaged with.
func (s *State) foesEngaged(f *Figure, at hexmap.Hex) []string {
	var out []string
	for _, id := range s.Order {
		x := s.Figures[id]
		if x.ID != f.ID && x.Side != f.Side && x.Condition == rules.Fine && rules.Engaged(at, x.At, s.Map.Scale) {
			out = append(out, id)
		}
	}
	return out
}

// breakingAway are the foes f leaves behind moving to to in steps hexes:
// engaged now and not after, or every foe engaged now if it moves more
// than one hex ("Maneuvering while remaining adjacent to their opponent
// does not break engagement and costs 1 AP per hex ... No more than one
// hex ... may be moved in this manner without breaking engagement", TWTW
// Conflict: Maneuvering During Engagement). Only foes and mover that see
// each other are engaged: f's side sees the foe, and the foe's side sees
// f. A foe f's side does not see costs no careful disengaging and is not
// named, so that what f's player is told or refused is the same wherever
// it stands; one that does not see f gets no free attack at it
// (docs/defaults.md, as advantage counts only fighters both sides see).
func (s *State) breakingAway(f *Figure, to hexmap.Hex, steps int) []string {
	var out []string
	_, breaks := rules.ManeuverInEngagement(steps)
	foes := s.foesEngaged(f, f.At)
	if len(foes) == 0 {
		return nil
	}
	unseen := s.unseenBy(f.Side)
	for _, id := range foes {
		x := s.Figures[id]
		if unseen[id] || s.unseenBy(x.Side)[f.ID] {
			continue
		}
		if breaks || !rules.Engaged(to, x.At, s.Map.Scale) {
			out = append(out, id)
		}
	}
	return out
}

// freeAttack reports whether f's blow at t is the free attack t's breaking
// away allowed it.
func (s *State) freeAttack(f, t *Figure) bool {
	o := s.Opening
	return o != nil && o.Mover == t.ID && slices.Contains(o.By, f.ID)
}

// applyFire folds an attack into what its targets have faced since their
// last action, and clears the actor's (TWTW Conflict: Tactical Aiming: "A
// character may lose aim if they are targeted since their aim began, or
// since their last action"). It runs after the event's changes.
func (s *State) applyFire(e Event) {
	if f, ok := s.Figures[e.Figure]; ok && e.Action != "" {
		f.UnderFire = nil
	}
	if e.Action != CommandShoot && e.Action != CommandMelee {
		return
	}
	for _, id := range e.Targets {
		t, ok := s.Figures[id]
		if !ok || id == e.Figure {
			continue
		}
		u := rules.TacticalAim{}
		if t.UnderFire != nil {
			u = *t.UnderFire
		}
		if e.Action == CommandShoot {
			u.ShotsAt += max(1, e.ShotsAt[id])
			u.HitsTaken += e.Hits[id]
		} else {
			u.MeleeTargeted = true
			u.MeleeHit = u.MeleeHit || e.Hits[id] > 0
		}
		t.UnderFire = &u
	}
}

// lengthAdvantage is the optional weapon-length rule's advantage of f over
// t: +1 for the longer weapon, −1 for the shorter, 0 once the shorter's
// wielder has closed (State.Closed) or with the rule off.
func (s *State) lengthAdvantage(f, t *Figure) int {
	if !s.Options.TWTW().WeaponLength {
		return 0
	}
	fw, _ := meleeWeapon(f)
	tw, _ := meleeWeapon(t)
	closed := slices.Contains(s.Closed, [2]string{f.ID, t.ID}) || slices.Contains(s.Closed, [2]string{t.ID, f.ID})
	return rules.LongerWeapon(fw, tw, closed)
}

// closes reports whether f's hit on t at loc closes the distance under the
// weapon-length rule: the shorter weapon landing on the longer's wielder's
// torso or head.
func (s *State) closes(f, t *Figure, loc rules.HitLocation) bool {
	if s.lengthAdvantage(f, t) >= 0 {
		return false
	}
	switch loc {
	case rules.Head, rules.Chest, rules.Vitals, rules.Belly:
		return true
	}
	return false
}

// Shove is a figure moved by another's action along Path (the hexes it
// passes, the last where it ends): a fighter driven by dominance bumps, or
// one placed beside the hold it escaped.
type Shove struct {
	Figure string       `json:"figure"`
	Path   []hexmap.Hex `json:"path"`
}

// ShoveHexesPerBump is how far a bump spent on dominance may move the
// fight: "Each bump spent to increase dominance may include up to 2 hexes
// (or paces) of movement in the direction of the winning combatants
// choice" (TWTW Conflict: Asserting Dominance).
const ShoveHexesPerBump = 2

// checkShove refuses a path foe t cannot be driven along: each hex beside
// the last, one a figure may stand in, empty of the figures side (the
// side that chose the path) sees, and no wall or closed door between. A
// figure side does not see stops the drive where it stands (shoveFight:
// the ambush).
func (s *State) checkShove(t *Figure, path []hexmap.Hex, side string) error {
	if len(path) > MaxBlows*ShoveHexesPerBump*2 {
		return refuse("a shove of %d hexes is longer than any blow's bumps could pay for", len(path))
	}
	at := t.At
	for i, h := range path {
		d, ok := at.DirectionTo(h)
		if !ok || at.DistanceTo(h) != 1 {
			return refuse("shove step %d: %s is not beside %s", i+1, s.Map.Label(h), s.Map.Label(at))
		}
		if err := s.Map.CanStand(h); err != nil {
			return refuse("shove step %d: %v", i+1, err)
		}
		if e, ok := s.Map.EdgeFeature(at, d); ok && e.BlocksMove() {
			return refuse("shove step %d: a %s stands between %s and %s", i+1, e.Kind, s.Map.Label(at), s.Map.Label(h))
		}
		if o, ok := s.FigureAt(h); ok && !s.unseenBy(side)[o.ID] {
			return refuse("shove step %d: %s stands at %s", i+1, s.FigureName(o.ID), s.Map.Label(h))
		}
		at = h
	}
	return nil
}

// shoveFight drives foe t along path as far as spent bumps pay (2 hexes
// a bump), attacker f following into the hexes t leaves, so the two stay
// engaged; the shoves and the log's sentence. A figure the attacker's
// side did not see stops the drive before it, and is met (the ambush).
func (s *State) shoveFight(f, t *Figure, path []hexmap.Hex, spent int) (shoves []Shove, text, met string) {
	n := min(len(path), spent*ShoveHexesPerBump)
	paid := n
	for i, h := range path[:n] {
		if o, ok := s.FigureAt(h); ok && o.ID != f.ID && o.ID != t.ID {
			n, met = i, o.ID
			text = fmt.Sprintf(" %s stands at %s, unseen until now: the drive stops short (an ambush).", s.FigureName(o.ID), s.Map.Label(h))
			break
		}
	}
	if n == 0 {
		return nil, strings.TrimSpace(text), met
	}
	drive := slices.Clone(path[:n])
	follow := append([]hexmap.Hex{t.At}, drive[:n-1]...)
	text = fmt.Sprintf("%s drives %s %d hex(es) to %s and follows (%d bump(s), up to %d hexes each: TWTW Conflict: Asserting Dominance).",
		s.FigureName(f.ID), s.FigureName(t.ID), n, s.Map.Label(drive[n-1]), spent, ShoveHexesPerBump) + text
	if paid < len(path) && met == "" {
		text = strings.TrimSuffix(text, ".") + fmt.Sprintf("; the bumps pay for %d of the %d asked.", n, len(path))
	}
	return []Shove{{Figure: t.ID, Path: drive}, {Figure: f.ID, Path: follow}}, text, met
}
