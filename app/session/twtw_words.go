package session

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"hexslinger/rules"
)

// The West That Wasn't's answers to what the windows ask (looks.go): a
// figure's hit locations, Conc and stun; its shots and blows by key;
// its range bands.

// twtwSites are TWTW's hit locations as the body's grid places them: the
// torso keeps its wounds under the chest (FigureStatus.Wounds).
var twtwSites = []struct {
	name     string
	loc      rules.HitLocation
	row, col int
}{
	{"Head", rules.Head, 0, 1},
	{"Right arm", rules.RightArm, 1, 0}, {"Torso", rules.Chest, 1, 1}, {"Left arm", rules.LeftArm, 1, 2},
	{"Right leg", rules.RightLeg, 2, 0}, {"Left leg", rules.LeftLeg, 2, 2},
}

// body: the wounds at each hit location (the fifth disables it: TWTW
// Conflict: Wound Effects), the Conc taken against the figure's capacity
// (2 × Size + 2) and its condition.
func (twtw) body(s *State, f *Figure) Body {
	size := s.Characters[f.Character].Size
	b := conditionBody(f.Condition)
	b.Facts = []string{fmt.Sprintf("Size %d", size)}
	var harm []string
	wounds := 0
	for _, site := range twtwSites {
		n := f.Wounds[site.loc]
		wounds += n
		st := Site{Name: site.name, Row: site.row, Col: site.col, Wounds: n, Text: fmt.Sprintf("%d %s", n, plural(n, "wound", "wounds"))}
		switch {
		case n >= rules.DisablingWounds:
			st.Severity, st.Text = 3, "disabled"
		case n >= 3:
			st.Severity = 2
		case n > 0:
			st.Severity = 1
		}
		if n > 0 {
			harm = append(harm, strings.ToLower(site.name)+" "+st.Text)
		}
		b.Sites = append(b.Sites, st)
	}
	capacity := rules.ConcCapacity(size)
	conc := Track{Name: "Conc", Taken: f.Conc, Of: capacity, Text: fmt.Sprintf("Conc %d/%d taken", f.Conc, capacity)}
	if capacity <= 0 {
		conc.Of, conc.Text = 0, fmt.Sprintf("Conc %d taken", f.Conc)
	}
	b.Tracks = []Track{conc}
	if f.Conc > 0 {
		harm = append(harm, fmt.Sprintf("%d Conc", f.Conc))
	}
	b.Hurt = len(harm) > 0
	switch {
	case wounds > 0:
		b.Harm = fmt.Sprintf("%d %s", wounds, plural(wounds, "wound", "wounds"))
	case f.Conc > 0:
		b.Harm = fmt.Sprintf("%d Conc", f.Conc)
	}
	if b.Hurt {
		if f.Condition == rules.Fine {
			b.Condition = "wounded"
		}
		b.Line = b.Condition + ": " + strings.Join(harm, ", ")
	}
	return b
}

// twtwShotKinds are TWTW's shots by the keys 1 to 3: snap, normal and
// aimed, whose key again adds a second aim (TWTW Conflict: Aiming: "Up
// to two successive aim actions").
var twtwShotKinds = []AttackKind{{Name: "snap"}, {Name: "normal"}, {Name: "aimed", Most: rules.MaxAimsPerShot, Unit: "aim"}}

// twtwAimedShot is the index of the aimed shot in twtwShotKinds: the kind
// that may draw on Acuity, where the fight plays the optional rule (TWTW
// Conflict: Aim and Snap Shots).
const twtwAimedShot = 2

// twtwAcuity is the aimed shot's choice of drawing on Acuity, as the
// composer offers it.
const twtwAcuity = "Aim on Acuity (optional rule)"

// twtwSeriesShots are TWTW's shots only a series composed in the console
// takes: the fan, shots fanned from the hip (TWTW Conflict: Fan Firing).
var twtwSeriesShots = []AttackKind{{Name: "fan"}}

// twtwBlows are TWTW's hand-to-hand attacks by the keys 1 to 4.
var twtwBlows = []AttackKind{{Name: "quick"}, {Name: "heavy"}, {Name: "feint"}, {Name: "grapple"}}

// attacks: a shot with a gun or a throwing weapon the figure carries (A;
// a normal shot first; an aimed one on Acuity where the fight plays that
// optional rule; a fan in a series), or a blow (H; a quick blow first).
func (twtw) attacks(s *State, f *Figure) []Attack {
	shoot := Attack{Key: AttackKeyShoot, Name: "Shoot", Kinds: twtwShotKinds, First: 1, Series: twtwSeriesShots}
	if s.Options.TWTW().Acuity {
		shoot.Kinds = slices.Clone(twtwShotKinds)
		shoot.Kinds[twtwAimedShot].Trait = twtwAcuity
	}
	for _, g := range f.Gear {
		if w, ok := Weapons()[g.Weapon]; ok && !w.Melee {
			shoot.Weapons = append(shoot.Weapons, AttackWeapon{ID: w.ID, Name: w.Name})
		}
	}
	return []Attack{shoot, {Key: AttackKeyMelee, Name: "Hand to hand", Melee: true, Kinds: twtwBlows}}
}

// attackCommand: a shoot command of one shot at target, or a melee blow
// with the melee weapon in hand, if any.
func (twtw) attackCommand(_ *State, f *Figure, target string, a Attack, c AttackChoice) Command {
	kinds := slices.Concat(a.Kinds, a.Series)
	kind := kinds[min(max(c.Kind, 0), len(kinds)-1)]
	if a.Melee {
		cmd := Command{Kind: CommandMelee, Figure: f.ID, Blow: &BlowOrder{Target: target, Attack: kind.Name}}
		for _, g := range f.Gear {
			if w, ok := Weapons()[g.Weapon]; ok && w.Melee && g.Readied {
				cmd.Weapon = g.Weapon
				break
			}
		}
		return cmd
	}
	order := ShotOrder{Target: target, Kind: kind.Name}
	if kind.Most > 0 {
		order.Aims = min(max(c.Times, 1), kind.Most)
	}
	order.Acuity = c.OnTrait && kind.Trait != ""
	return Command{Kind: CommandShoot, Figure: f.ID, Weapon: c.Weapon, Shots: []ShotOrder{order}}
}

// rangeBands: a ring at each of the weapon's first four range
// increments; a shot beyond the kth needs TN 5 + k (TWTW Conflict:
// Range).
func (twtw) rangeBands(s *State, _ *Figure, weapon string) []RangeBand {
	w, ok := Weapons()[weapon]
	if !ok || w.Range < 1 || s.Map == nil || s.Map.Scale <= 0 {
		return nil
	}
	inc := float64(w.Range) / s.Map.Scale
	var out []RangeBand
	for k := 1; k <= 4; k++ {
		if r := int(math.Round(inc * float64(k))); r >= 1 {
			out = append(out, RangeBand{Hexes: r, Label: fmt.Sprintf("TN %d", rules.TNStandard+k)})
		}
	}
	return out
}

// weapons: the gear the figure carries, each weapon with whether it is in
// hand or cocked and, but for a blade or a throwing weapon, its rounds
// loaded of its capacity.
func (twtw) weapons(_ *State, f *Figure) []string {
	var out []string
	for _, g := range f.Gear {
		out = append(out, CarriedLabel(g))
	}
	return out
}

// CarriedLabel names a weapon carried with its state: "S&W Schofield (in
// hand, cocked, 5/6 loaded)"; a weapon not in the table by its id.
func CarriedLabel(g rules.Carried) string {
	w, ok := Weapons()[g.Weapon]
	if !ok {
		return g.Weapon
	}
	var st []string
	if g.Readied {
		st = append(st, "in hand")
	}
	if g.Cocked {
		st = append(st, "cocked")
	}
	if !w.Melee && !w.Thrown {
		st = append(st, fmt.Sprintf("%d/%d loaded", g.Loaded, w.Capacity))
	}
	if len(st) == 0 {
		return w.Name
	}
	return w.Name + " (" + strings.Join(st, ", ") + ")"
}
