package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// Fight file identifiers (DESIGN.md "Files a Judge keeps").
const (
	FightFormat  = "hexslinger/fight"
	FightVersion = 1
	// MaxFightSize caps a fight file.
	MaxFightSize = 48 << 20
)

// FightFile is the JSON form of a fight (*.fight.json): a map, the
// characters, the figures on the map and the rule system.
type FightFile struct {
	Format     string       `json:"format"`
	Version    int          `json:"version"`
	Name       string       `json:"name"`
	Rules      string       `json:"rules"`
	Map        *hexmap.File `json:"map"`
	Characters []Character  `json:"characters"`
	Figures    []FigureSpec `json:"figures"`
	// Round and Segment are where a snapshot was taken (0: the start).
	Round   int `json:"round,omitempty"`
	Segment int `json:"segment,omitempty"`
	// Options are the fight's rule options.
	Options FightOptions `json:"options,omitzero"`
	// Loose are the weapons lying on the map.
	Loose []LooseSpec `json:"loose,omitempty"`
	// Holds are the hand-to-hand dominance between figures.
	Holds []Hold `json:"holds,omitempty"`
	// Closed are the pairs where the shorter weapon has closed with the
	// longer (the optional weapon-length rule).
	Closed [][2]string `json:"closed,omitempty"`
	// Fog is each side's fog of war so far (fog.go).
	Fog []FogSpec `json:"fog,omitempty"`
}

// FightOptions are the rule options of a fight.
type FightOptions struct {
	// TableDice: the Judge types the physical dice and the card drawn;
	// otherwise the session rolls (dice.go).
	TableDice bool `json:"table_dice,omitempty"`
	// PlayerDice lets the players roll their own physical dice: a player's
	// command may carry dice and cards, which serve its own figure's rolls
	// alone (its attack, its defence, its recovery), never a target's or
	// another figure's. Off, a player's dice and cards are refused.
	PlayerDice bool `json:"player_dice,omitempty"`
	// Seed, when the file gives one (0 too), fixes every roll the session
	// makes: for tests and prepared scenes. Absent, the session draws a
	// secret one as it opens, and no one can foretell or rebuild a roll
	// (docs/protocol.md, "Dice and cards").
	Seed *uint64 `json:"seed,omitempty"`
	// PlayersSide is the side the players at the table command; the
	// others are the Judge's. Empty: DefaultPlayersSide.
	PlayersSide string `json:"players_side,omitempty"`
	// NoFog plays without fog of war: the players see the whole map and
	// every figure the Judge has not hidden. Off (the default), a side
	// sees what its figures see (fog.go, docs/defaults.md).
	NoFog bool `json:"no_fog,omitempty"`
	// Parts are each system's own options beyond those above (parts.go),
	// in a file flat among them.
	Parts Parts `json:"-"`
}

// optionsJSON is FightOptions's own fields as JSON writes them.
type optionsJSON FightOptions

// MarshalJSON writes the options' own fields, then each system's part.
func (o FightOptions) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(optionsJSON(o))
	if err != nil {
		return nil, err
	}
	return marshalParts(optionPart, b, o.Parts)
}

// UnmarshalJSON reads the options' own fields and each system's part
// from one object; a name neither has is an error naming it.
func (o *FightOptions) UnmarshalJSON(data []byte) error {
	p, err := unmarshalParts(optionPart, data, o.Parts)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, (*optionsJSON)(o)); err != nil {
		return err
	}
	o.Parts = p
	return nil
}

// DefaultPlayersSide is the players' side of a fight that names none.
const DefaultPlayersSide = "posse"

// Players returns the side the players at the table command.
func (o FightOptions) Players() string {
	if o.PlayersSide == "" {
		return DefaultPlayersSide
	}
	return o.PlayersSide
}

// FigureSpec places one figure: a character's token at a hex, facing a
// hexside, on a side of the fight.
type FigureSpec struct {
	ID        string `json:"id"`
	Character string `json:"character"`
	Side      string `json:"side"`
	At        string `json:"at"`               // battle-mat label, "C7"
	Facing    string `json:"facing"`           // hexside name, "E"
	Hidden    bool   `json:"hidden,omitempty"` // only the Judge sees it
	// Number tells copies of one sheet apart: the second figure of "Zeke
	// Perkins" is number 2, "Zeke Perkins 2" ("ZP2"); 0 or 1 is the name
	// alone. Absent, the lowest number no copy has (State.nextNumber).
	Number int `json:"number,omitempty"`
	// AP is the AP left, in a snapshot of a fight under way; absent, the
	// character's AP.
	AP *int `json:"ap,omitempty"`
	// Status is the figure's state in a snapshot of a fight under way;
	// absent, the character's gear and no wounds.
	Status *FigureStatus `json:"status,omitempty"`
}

// DecodeFight reads a fight file and checks it whole: the map, every
// character and every figure.
func DecodeFight(r io.Reader) (*FightFile, error) {
	var f FightFile
	if _, err := hexmap.DecodeJSON(r, hexmap.JSONFile{Kind: "fight", MaxSize: MaxFightSize}, &f); err != nil {
		return nil, err
	}
	if _, err := f.State(); err != nil {
		return nil, err
	}
	return &f, nil
}

// LoadFight reads a fight file; errors name the file.
func LoadFight(path string) (*FightFile, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open fight: %w", err)
	}
	defer fh.Close()
	f, err := DecodeFight(fh)
	if err != nil {
		return nil, fmt.Errorf("open fight %s: %w", path, err)
	}
	return f, nil
}

// State builds the opening state of the fight, checking every field: its
// system and options, the map, then the characters, the figures, the
// loose weapons, the holds and closings, and the fog, each in its step.
func (f *FightFile) State() (*State, error) {
	sys, err := f.system()
	if err != nil {
		return nil, err
	}
	if f.Map == nil {
		return nil, errors.New("map: missing")
	}
	m, err := f.Map.Map()
	if err != nil {
		return nil, fmt.Errorf("map.%w", err)
	}
	return f.stateOn(sys, m, nil)
}

// stateOn is State with m for the file's map, the fields of view found in
// cache if not nil (loadFog).
func (f *FightFile) stateOn(sys System, m *hexmap.Map, cache *viewCache) (*State, error) {
	s := &State{Name: f.Name, Rules: f.Rules, Options: f.Options, Map: m, Characters: map[string]Character{}, Figures: map[string]*Figure{}, Round: max(1, f.Round), Begun: f.Round > 0, Segment: rules.Segments}
	if f.Segment > 0 && f.Segment <= rules.Segments {
		s.Segment = f.Segment
	}
	for _, step := range []func(*State, System) error{
		f.characters, f.figures, f.loose, f.holdsAndClosed,
	} {
		if err := step(s, sys); err != nil {
			return nil, err
		}
	}
	if err := s.loadFog(f.Fog, cache); err != nil {
		return nil, err
	}
	return s, nil
}

// system checks the file's format and version and is the system it plays
// (TWTW when it names none), with its options checked.
func (f *FightFile) system() (System, error) {
	if f.Format != FightFormat {
		return nil, fmt.Errorf("format: is %q, want %q", f.Format, FightFormat)
	}
	if f.Version != FightVersion {
		return nil, fmt.Errorf("version: is %d; this hexslinger reads version %d", f.Version, FightVersion)
	}
	if f.Rules == "" {
		f.Rules = "twtw" // the default system, as the README says
	}
	sys, ok := systems[f.Rules]
	if !ok {
		return nil, fmt.Errorf("rules: %q is not a rule system hexslinger knows (want one of %v)", f.Rules, SystemIDs())
	}
	if field, err := checkOptions(sys, f.Options); err != nil { // the options any system plays
		return nil, fmt.Errorf("options.%s: %w", field, err)
	}
	if err := f.Options.Parts.check(optionPart); err != nil { // each system's own: TWTW's default answer to a blow
		return nil, fmt.Errorf("options.%w", err)
	}
	return sys, nil
}

// characters puts the file's characters in s, each sheet checked by the
// session, the system and the fight's options, and its id used once.
func (f *FightFile) characters(s *State, sys System) error {
	for i, c := range f.Characters {
		if err := CheckSheet(c); err != nil {
			return fmt.Errorf("characters[%d]: %w", i, err)
		}
		if err := sys.CheckSheet(c); err != nil {
			return fmt.Errorf("characters[%d]: %w", i, err)
		}
		if err := optionsCheckSheet(f.Options, c); err != nil {
			return fmt.Errorf("characters[%d]: %w", i, err)
		}
		if _, dup := s.Characters[c.ID]; dup {
			return fmt.Errorf("characters[%d]: id %q is used twice", i, c.ID)
		}
		s.Characters[c.ID] = c
	}
	return nil
}

// figures puts the file's figures in s in their order, no two in one hex.
func (f *FightFile) figures(s *State, _ System) error {
	taken := map[hexmap.Hex]string{}
	for i, fs := range f.Figures {
		fig, err := openFigure(s, fmt.Sprintf("figures[%d]", i), fs, taken)
		if err != nil {
			return err
		}
		s.Figures[fs.ID] = fig
		s.Order = append(s.Order, fs.ID)
	}
	return nil
}

// openFigure is the figure fs describes, checked against the characters
// and figures already in s and the hexes taken (to which it adds its own):
// its id, character, hex, facing and AP, and its status when the file
// gives one (else it carries its character's gear). Errors name field.
func openFigure(s *State, field string, fs FigureSpec, taken map[hexmap.Hex]string) (*Figure, error) {
	c, ok := s.Characters[fs.Character]
	switch {
	case fs.ID == "":
		return nil, fmt.Errorf("%s.id: empty", field)
	case s.Figures[fs.ID] != nil:
		return nil, fmt.Errorf("%s.id: %q is used twice", field, fs.ID)
	case !ok:
		return nil, fmt.Errorf("%s.character: no character has id %q", field, fs.Character)
	}
	m := s.Map
	at, err := m.ParseHex(fs.At)
	if err != nil {
		return nil, fmt.Errorf("%s.at: %w", field, err)
	}
	if !m.Contains(at) {
		return nil, fmt.Errorf("%s.at: %s is off the map", field, fs.At)
	}
	if other, ok := taken[at]; ok {
		return nil, fmt.Errorf("%s.at: %s already holds figure %s", field, fs.At, other)
	}
	taken[at] = fs.ID
	facing, err := m.Orientation.ParseSide(fs.Facing)
	if err != nil {
		return nil, fmt.Errorf("%s.facing: %w", field, err)
	}
	ap := c.BaseAP()
	if fs.AP != nil {
		if *fs.AP < 0 || *fs.AP > rules.MaxInitiative {
			return nil, fmt.Errorf("%s.ap: %d, want 0 to %d", field, *fs.AP, rules.MaxInitiative)
		}
		ap = *fs.AP
	}
	if fs.Number < 0 || fs.Number > MaxCopyNumber {
		return nil, fmt.Errorf("%s.number: %d, want 0 to %d", field, fs.Number, MaxCopyNumber)
	}
	if other := copyNumbered(s, fs.Character, fs.Number); other != "" {
		return nil, fmt.Errorf("%s.number: figure %s is already copy %d of %s", field, other, fs.Number, fs.Character)
	}
	fig := &Figure{ID: fs.ID, Character: fs.Character, Side: fs.Side, At: at, Facing: facing, AP: ap, Hidden: fs.Hidden,
		Number: numberOr(s, fs.Character, fs.Number, nil)}
	if fs.Status != nil {
		if err := checkStatus(*fs.Status); err != nil {
			return nil, fmt.Errorf("%s.status.%w", field, err)
		}
		fig.FigureStatus = fs.Status.clone()
	} else {
		fig.Gear = append([]rules.Carried(nil), c.Gear...)
	}
	return fig, nil
}

// loose puts the file's loose weapons in s, each a weapon of the table on
// a hex of the map, at most MaxLoose of them.
func (f *FightFile) loose(s *State, _ System) error {
	if len(f.Loose) > MaxLoose {
		return fmt.Errorf("loose: %d weapons lying on the map, at most %d", len(f.Loose), MaxLoose)
	}
	for i, l := range f.Loose {
		field := fmt.Sprintf("loose[%d]", i)
		if err := checkLooseWeapon(s, Loose{Weapon: l.Weapon, Name: l.Name, Owner: l.Owner}); err != nil {
			return fmt.Errorf("%s.%w", field, err)
		}
		at, err := s.Map.ParseHex(l.At)
		if err != nil || !s.Map.Contains(at) {
			return fmt.Errorf("%s.at: %q is not a hex of the map", field, l.At)
		}
		s.Loose = append(s.Loose, Loose{Weapon: l.Weapon, At: at, Name: l.Name, Owner: l.Owner})
	}
	return nil
}

// holdsAndClosed puts the file's holds and closed pairs in s, each between
// two of the fight's figures (a hold between two others, at a level 1 to 3).
func (f *FightFile) holdsAndClosed(s *State, _ System) error {
	for i, h := range f.Holds {
		if s.Figures[h.By] == nil || s.Figures[h.Over] == nil || h.By == h.Over || h.Level < 1 || h.Level > 3 {
			return fmt.Errorf("holds[%d]: %+v: want two of the fight's figures and a level 1 to 3", i, h)
		}
		s.applyHold(h)
	}
	for i, p := range f.Closed {
		if s.Figures[p[0]] == nil || s.Figures[p[1]] == nil {
			return fmt.Errorf("closed[%d]: %v: want two of the fight's figures", i, p)
		}
		s.Closed = append(s.Closed, p)
	}
	return nil
}

// MaxLoose is how many weapons a fight file may have lying on the map.
const MaxLoose = 4096
