package session

import (
	"fmt"
	"slices"

	"hexslinger/hexmap"
)

// The map's answers about an attack, asked by every system: whether the
// attacker sees its target, the cover the line crosses (its armor and
// height, as hexmap traces it), a wall between two hexes side by side,
// the arc of the target's facing the attack comes from, and the ground
// between them. One place answers them, as Preview answers a move's cost
// for the windows and Do alike; each system applies the answers in its
// own terms, in its own files (docs/architecture.md "the map's answers").

// AttackLine is what the map says of an attack by one figure on another.
type AttackLine struct {
	// From and To are the attacker's and the target's hexes.
	From, To hexmap.Hex
	// Sight is the line a shot follows (hexmap.Map.ShotLine): Clear when
	// the attacker's own eyes see the target (Partial round a corner),
	// else BlockedBy and BlockedAt say what closes it; Cover lists the
	// cover it crosses, nearest the target first. A line a wall or a
	// closed door closes goes on through it and lists it: a shot that
	// may go through walls (TWTW's) meets its armor.
	Sight hexmap.Sight
	// Hidden is whether the target is not visible on the line: the line
	// is closed, or the target is ducked behind cover at it, which then
	// counts as full height and hides it whole (docs/defaults.md,
	// "ducking").
	Hidden bool
	// Arc is the arc of the target's facing the attack comes from
	// (attackArc).
	Arc hexmap.Arc
	// Rise is the attacker's elevation less the target's, in levels
	// (paces): above it when positive.
	Rise int
}

// attackLine is the map's answer for an attack by f on t.
func attackLine(s *State, f, t *Figure) AttackLine {
	sight := s.Map.ShotLine(f.At, t.At)
	hidden := !sight.Clear
	if t.Ducked {
		for i, c := range sight.Cover {
			if c.AtTarget() {
				sight.Cover = slices.Clone(sight.Cover)
				sight.Cover[i].Feature.Height = hexmap.Full
				hidden = true
				break
			}
		}
	}
	return AttackLine{From: f.At, To: t.At, Sight: sight, Hidden: hidden,
		Arc: attackArc(f.At, t.At, t.Facing), Rise: rise(s.Map, f.At, t.At)}
}

// rise is how far hex a stands above hex b, in elevation levels (paces):
// the ground an attack from a on b comes down (positive) or up.
func rise(m *hexmap.Map, a, b hexmap.Hex) int { return m.Elevation(a) - m.Elevation(b) }

// attackArc is the arc of a target at target, facing facing, that an
// attack from at comes from: its front (the faced hexside and the two
// beside it), a flank, or its rear (hexmap.ArcOf). The same hex counts
// as the front.
func attackArc(at, target hexmap.Hex, facing hexmap.Direction) hexmap.Arc {
	return hexmap.ArcOf(target, facing, at)
}

// wallBetween is the wall or closed door on the hexside between hexes a
// and b side by side: what stops a blow across it. A window or a fence
// does not: a blow reaches over it. Hexes not side by side have no
// hexside between them.
func wallBetween(m *hexmap.Map, a, b hexmap.Hex) (hexmap.Feature, bool) {
	d, ok := a.DirectionTo(b)
	if !ok || a.DistanceTo(b) != 1 {
		return hexmap.Feature{}, false
	}
	e, ok := m.EdgeFeature(a, d)
	if !ok || !e.BlocksSight() {
		return hexmap.Feature{}, false
	}
	return e, true
}

// blowAcrossWall refuses a blow by f on t across a wall or a closed door
// on the hexside between them: "A wall always stops a blow" (issue 37;
// docs/defaults.md). why names the system's rule.
func blowAcrossWall(s *State, f, t *Figure) error {
	if w, ok := wallBetween(s.Map, f.At, t.At); ok {
		return refuse("%s cannot strike %s: a %s stands between %s and %s", s.FigureName(f.ID), s.FigureName(t.ID), w.Kind, s.Map.Label(f.At), s.Map.Label(t.At))
	}
	return nil
}

// shotUnseen refuses a shot by f on t that f's own eyes do not see
// (a wall, a closed door, terrain or higher ground closing the line), in
// a system whose text shoots only at what is seen: all but TWTW, whose
// blind shot goes through the wall (docs/defaults.md, "a shot through a
// wall"). A player's seat sees what any of its figures sees; a shot is
// the shooter's own.
func shotUnseen(s *State, l AttackLine, f, t *Figure) error {
	if l.Sight.Clear {
		return nil
	}
	return refuse("%s has no line of sight to %s: %s", s.FigureName(f.ID), s.FigureName(t.ID), l.Sight.Reason(s.Map))
}

// mapReaches reports whether the map lets an attack by f reach t: a
// blow (melee) across no wall, a shot along a line f sees. A wall always
// stops a blow and a shot, an accidental one too (Lead and Chrome's
// stray shot).
func mapReaches(s *State, f, t *Figure, melee bool) bool {
	if melee {
		_, walled := wallBetween(s.Map, f.At, t.At)
		return !walled
	}
	return attackLine(s, f, t).Sight.Clear
}

// tallestCover is the tallest cover the line crosses, and whether there
// is any: the cover a system with one cover modifier a shot counts.
func (l AttackLine) tallestCover() (hexmap.CoverHit, bool) {
	var best hexmap.CoverHit
	found := false
	for _, c := range l.Sight.Cover {
		if !found || c.Feature.Height > best.Feature.Height {
			best, found = c, true
		}
	}
	return best, found
}

// coverSaid names cover c on a line in words: "a waist-high barrel at
// M5".
func coverSaid(m *hexmap.Map, c hexmap.CoverHit) string {
	return fmt.Sprintf("a %s-high %s at %s", c.Feature.Height, c.Feature.Kind, m.Label(c.At))
}

// AttackLine is the map's answer for an attack by figure id on the figure
// at hex to, as the seat may know it: false when there is no such
// attacker, no figure at to, or the Judge hides the one there from a
// player's seat (a player's state holds no figure the seat does not see).
// The map window draws it on the attack hover, the same for every system.
func (s *State) AttackLine(seat *Seat, id string, to hexmap.Hex) (AttackLine, bool) {
	f, ok := s.Figures[id]
	if !ok {
		return AttackLine{}, false
	}
	t, ok := s.FigureAt(to)
	if !ok || t.ID == f.ID || (seat != nil && seat.Role != RoleJudge && t.Hidden) {
		return AttackLine{}, false
	}
	return attackLine(s, f, t), true
}
