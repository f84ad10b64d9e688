package session

import (
	"hexslinger/rules"
)

// This file is what the windows ask of a figure and of an attack that
// differs by rule system, in types that name no system: a figure's body
// and harm (State.Body), its weapons (State.WeaponsOf), the attacks the
// map window's keys reach (State.Attacks, State.AttackCommand) and the
// range bands it draws (State.RangeBands). Each system answers in a file of its own
// (twtw_words.go, savage_words.go, dragonwarriors_words.go,
// fudge_words.go); the windows draw what it says.

// Body is a figure's harm and condition as its system counts them, in the
// system's own words: The West That Wasn't's hit locations, Conc and
// stun; Dragon Warriors II's wounds against Toughness; Savage Worlds'
// Shaken, Wounds and Incapacitated; Fudge's wound track and its level.
type Body struct {
	// Condition is the figure's condition in one or two words: "fine",
	// "stunned", "Shaken", "Incapacitated", "knocked out", "dead".
	Condition string
	// Line sums the figure up for a status line: the condition and its
	// harm, "stunned · 8 wounds of Toughness 12".
	Line string
	// Tag is the word under the figure's token for a condition other
	// than fine ("dead", "out", "stunned", "Shaken"), or "".
	Tag string
	// Hurt: the figure has taken harm (wounds, Conc, damage).
	Hurt bool
	// Harm is the harm taken in a few of the system's words, short
	// enough for a badge beside the token (State.Signs): "3 wounds",
	// "2 Conc", "1 Wound", "hurt"; "" unhurt.
	Harm string
	// Able: the figure's condition lets it act as usual in its turn (not
	// stunned, out or dead).
	Able bool
	// Down: the figure is out of the fight (unconscious, knocked out,
	// Incapacitated, dead): its token is greyed.
	Down bool
	// Facts are the sheet's numbers the picture reads against, for the
	// figure's line: "Size 6", "Toughness 12".
	Facts []string
	// Sites are the hit locations that keep wounds, where the system has
	// them, placed on a grid of three columns; none where it keeps one
	// track.
	Sites []Site
	// Tracks are the figure's harm as bars: TWTW's Conc, Dragon Warriors
	// II's wounds against Toughness, Savage Worlds' Wounds, Fudge's wound
	// track.
	Tracks []Track
}

// Site is one hit location of a body and the wounds it has taken.
type Site struct {
	Name     string // "Head", "Torso"
	Row, Col int    // its place on the body's grid: rows from the top, columns 0–2
	Wounds   int
	// Severity grades the wounds for a colour: 0 none, 1 light, 2 heavy,
	// 3 disabled.
	Severity int
	Text     string // "3 wounds", "disabled"
}

// Track is a bar of harm: Taken of Of, said in Text; Steps, where the
// track is in named steps of boxes (Fudge's wound levels, Savage Worlds'
// Wounds), each step's boxes and how many are filled.
type Track struct {
	Name  string // "Conc", "Wounds", "Wound track"
	Taken int
	Of    int // 0: no bound (the bar shows Taken alone)
	Text  string
	Steps []Step
}

// Step is one named step of a track.
type Step struct {
	Name   string // "Fair", "1", "Inc"
	Boxes  int
	Filled int
}

// Body is figure id's harm and condition in its system's terms (an empty
// Body for no such figure). Every bundled system answers; a system that
// does not is read by its condition alone.
func (s *State) Body(id string) Body {
	f, ok := s.Figures[id]
	if !ok {
		return Body{}
	}
	if t, ok := SystemOf(s).(bodyTeller); ok {
		return t.body(s, f)
	}
	return conditionBody(f.Condition)
}

// BodyAfter is the body change leaves its figure with: its status as the
// change has it (a result's "now: …"), the rest as the state stands.
func (s *State) BodyAfter(change FigureChange) Body {
	f, ok := s.Figures[change.Figure]
	if !ok {
		return Body{}
	}
	g := *f
	g.AP, g.FigureStatus = change.AP, change.Status
	if t, ok := SystemOf(s).(bodyTeller); ok {
		return t.body(s, &g)
	}
	return conditionBody(g.Condition)
}

// conditionBody is the body of a figure read by its shared condition
// alone: fine, stunned, unconscious or dead.
func conditionBody(c rules.Condition) Body {
	b := Body{Condition: c.String(), Line: c.String(), Able: c == rules.Fine, Down: c >= rules.Unconscious}
	switch c {
	case rules.Dead:
		b.Tag = "dead"
	case rules.Unconscious:
		b.Tag = "out"
	case rules.Stunned:
		b.Tag = "stunned"
	}
	return b
}

// Attack is one way of attacking the map window's keys reach: shooting
// or throwing (the A key), or hand to hand (H), with the command each
// makes (State.AttackCommand).
type Attack struct {
	Key   string // the map window's key: "A" or "H"
	Name  string // "Shoot", "Hand to hand", "Strike"
	Melee bool   // at a foe beside the figure
	// Weapons are the weapons the W key goes through, first the one
	// taken; none where the figure attacks with its sheet's own.
	Weapons []AttackWeapon
	// Kinds are the kinds of this attack, by the keys 1, 2, …; none
	// where the system has one kind. First is the one taken at first.
	Kinds []AttackKind
	First int
	// Series are the kinds an attack may take only as one of a series
	// the console's composer puts together (TWTW's fan), after Kinds:
	// AttackChoice.Kind counts on past Kinds into them. The map window's
	// keys reach Kinds alone.
	Series []AttackKind
}

// AttackWeapon is a weapon an attack may be made with.
type AttackWeapon struct {
	ID   string
	Name string
}

// AttackKind is one kind of an attack ("snap", "aimed"; "quick",
// "grapple"). Its key pressed again adds one more of Unit, up to Most
// ("aimed": up to two aims).
type AttackKind struct {
	Name string
	Most int    // 0: the key only picks the kind
	Unit string // what pressing again adds: "aim"
	// Trait is a choice the kind offers of drawing on another trait in
	// place of its own, in the system's words, where the fight plays it
	// ("Aim on Acuity (optional rule)"); "" for none. AttackChoice.OnTrait
	// takes it.
	Trait string
}

// AttackChoice is what the map window has picked of an attack: its key,
// weapon (an AttackWeapon.ID, or "" for the sheet's own), kind (an index
// of Kinds, then of Series), how many of the kind's Unit (Times, from
// 1), and whether it draws on the kind's other trait (AttackKind.Trait;
// ignored for a kind without one).
type AttackChoice struct {
	Key     string
	Weapon  string
	Kind    int
	Times   int
	OnTrait bool
}

// Attacks are the attacks figure id may be ordered to make from the map
// window, by key, in its system's terms: every system's attacks, melee
// and missile alike; none for a system that offers none. Whether one is allowed now is the session's word on
// its command (State.Explain, State.Preview).
func (s *State) Attacks(id string) []Attack {
	f, ok := s.Figures[id]
	if !ok {
		return nil
	}
	if o, ok := SystemOf(s).(attackOfferer); ok {
		return o.attacks(s, f)
	}
	return nil
}

// AttackCommand is the command figure id's attack c at target makes: the
// command the session decides, and the window previews. ok is false when
// the figure has no attack of c.Key.
func (s *State) AttackCommand(id, target string, c AttackChoice) (Command, bool) {
	f, ok := s.Figures[id]
	if !ok {
		return Command{}, false
	}
	for _, a := range s.Attacks(id) {
		if a.Key != c.Key {
			continue
		}
		return SystemOf(s).(attackOfferer).attackCommand(s, f, target, a, c), true
	}
	return Command{}, false
}

// Attack keys: the map window's keys of a missile attack and of a blow.
const (
	AttackKeyShoot = "A"
	AttackKeyMelee = "H"
)

// sheetAttacks are the attacks of a system that arms a figure from its
// sheet: a missile attack with the sheet's weapon (shoot), and a blow
// (strike).
func sheetAttacks() []Attack {
	return []Attack{
		{Key: AttackKeyShoot, Name: "Shoot"},
		{Key: AttackKeyMelee, Name: "Strike", Melee: true},
	}
}

// sheetAttackCommand is a sheet-armed figure's attack at target: a shot
// with its sheet's weapon, or a strike.
func sheetAttackCommand(f *Figure, target string, a Attack) Command {
	if a.Melee {
		return Command{Kind: CommandStrike, Figure: f.ID, Target: target}
	}
	return Command{Kind: CommandShoot, Figure: f.ID, Shots: []ShotOrder{{Target: target, Kind: "normal"}}}
}

// RangeBand is a ring of a missile weapon's range the map window draws
// around a shooter: its radius in hexes and what a shot beyond it needs.
type RangeBand struct {
	Hexes int
	Label string // "TN 6", "Long −4"
}

// RangeBands are the range bands of figure id's attack with weapon (an
// AttackWeapon.ID), nearest first: each ring's radius in hexes and its
// label in the system's terms; none where the system draws none.
func (s *State) RangeBands(id, weapon string) []RangeBand {
	f, ok := s.Figures[id]
	if !ok {
		return nil
	}
	if r, ok := SystemOf(s).(rangeTeller); ok {
		return r.rangeBands(s, f, weapon)
	}
	return nil
}

// The numbers every sheet has (Character's Move, Run and Size), by the
// names the sheet editor shows them under.
const (
	SheetMove = "Move"
	SheetRun  = "Run"
	SheetSize = "Size"
)

// SheetNumbers are the shared numbers of a sheet (SheetMove, SheetRun,
// SheetSize) the fight's system reads, for the sheet editor to show: all
// three in TWTW, which moves and sizes targets by them; none in Savage
// Worlds, which moves by the Pace of its own part.
func (s *State) SheetNumbers() []string {
	if n, ok := SystemOf(s).(sheetNumberer); ok {
		return n.sheetNumbers()
	}
	return []string{SheetMove, SheetRun, SheetSize}
}

// WeaponsOf are the weapons figure id fights with, each in its system's
// words, read from where its system's sheet keeps them: TWTW's gear
// carried ("S&W Schofield (in hand, cocked, 5/6 loaded)"), Savage
// Worlds' hand weapon and gun, Dragon Warriors II's weapon by its
// bonuses, Fudge's damage factor and shield. None for no such figure or
// a system that does not say; what the state keeps from a seat (a
// concealed weapon) it does not say either.
func (s *State) WeaponsOf(id string) []string {
	f, ok := s.Figures[id]
	if !ok {
		return nil
	}
	if t, ok := SystemOf(s).(weaponTeller); ok {
		return t.weapons(s, f)
	}
	return nil
}
