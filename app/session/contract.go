package session

import "hexslinger/rules"

// The contract between the session and the rule systems, whole in this
// file, as database/sql/driver declares its own: System, which every rule
// system answers; the optional interfaces a system may answer besides
// (the session asks with a type assertion, and a system without one gets
// the shared default); an option's, which any system's fight may play
// (Lead and Chrome's initiative and Quick-Draw); and what a system's part
// of a figure's status, of a fight's options or of its state may answer
// (parts.go). Each system registers itself, its parts and its options
// from its own file's init.
//
// Which system answers which optional interface (✓), and the parts each
// keeps (twtw.go, savage.go, dragonwarriors.go, fudge.go, leadchrome.go).
// Coin Flip, a system made up in madeup_test.go to prove that a system
// lives in one file, is in no table: it needs no line outside its file.
//
//	                  twtw  savage  dragonwarriors  fudge
//	System             ✓      ✓          ✓            ✓
//	marker             ·      ✓          ·            ·    a mark beside the token: Bennies left
//	sheetLiner         ·      ✓          ✓            ✓    a sheet's line in the log
//	hurtSayer          ·      ✓          ✓            ✓    harm on one track, in its words
//	paceUnit           ·      ·          ✓            ·    a move's Paced in its own unit
//	secretKeeper       ·      ·          ✓            ·    what players may not know of a sheet
//	turnBegun          ·      ·          ✓            ·    its say in another initiative's round
//	holdWatcher        ·      ·          ✓            ·    its say in a Lead and Chrome hold
//	roundEnder         ·      ·          ✓            ·    what another initiative's round ends
//	lcWounder          ·      ✓          ✓            ✓    a quick-draw fumble's hit, its damage
//	lcDrawer           ·      ✓          ✓            ·    the kinds of weapon its sheet carries to quick-draw
//	yardsPerHexer      ·      ✓          ·            ·    a hex that is not a yard across: the inch
//	bodyTeller         ✓      ✓          ✓            ✓    a figure's harm and condition, in its words
//	attackOfferer      ✓      ✓          ✓            ✓    its attacks by key, and the command each makes
//	rangeTeller        ✓      ·          ·            ·    the range bands a window draws
//	sheetNumberer      ·      ✓          ✓            ✓    which shared numbers its sheet reads
//	weaponTeller       ✓      ✓          ✓            ✓    a figure's weapons, from its sheet, in its words
//	placeNamer         ·      ✓          ·            ·    a place in the round in its own word: the card
//	strider            ✓      ·          ·            ·    how a figure's wounds change its Move and Run
//
//	parts              status                         options                     state
//	savage             Shaken, Bennies spent          raises only                 dealt cards, the deck
//	dragonwarriors     stun, stance, weapon shown     three readings of the text  the riposte now
//	fudge              shield, out since, Combat O.   the Combat Options modules  ·
//	leadchrome (option) the round's quick-draw        initiative, Quick-Draw,     unaimed shots
//	                                                  squads
//
// What stays shared, and why: a figure's Hurt (the harm on one track:
// Savage Worlds' Wounds, Dragon Warriors II's wounds, Fudge's damage,
// which the shared outcome and the windows read through hurtSayer),
// Paced (the round's move used, in the system's unit: the shared move
// and the preview price it) and Delayed (a delay or hold in a turn that
// goes in order: Dragon Warriors II's and Lead and Chrome's alike); and
// The West That Wasn't's own fields and options, the kernel's, whose
// sheet (rules.Character) every system's figures stand on. The map's
// answers about an attack (line of sight, the cover crossed, a wall
// between two hexes, the arc it comes from, the rise: lines.go) are the
// session's too; every system asks them and applies them in its terms.

// System is a rule system a fight runs under: what The West That Wasn't
// and the other systems share. The map, movement, the roster, hiding,
// undo and the log are the session's; initiative, the actions and damage
// are the system's.
type System interface {
	// ID is the fight file's "rules" value.
	ID() string
	// Name is the system's name for the log and the console.
	Name() string
	// CheckSheet refuses a character the system cannot run.
	CheckSheet(c Character) error
	// MovesCostAP reports whether moving and turning spend AP (TWTW) or
	// are the figure's free movement in its turn.
	MovesCostAP() bool
	// Decide makes the events of a command the system owns; ok is false
	// for the commands every system shares.
	Decide(s *State, c Command, src roller) (events []Event, ok bool, err error)
	// Reach is where figure f can go in one move command (running when
	// run) and what each hex costs, priced as Decide (or the shared move)
	// prices a move there; or why f cannot move now.
	Reach(s *State, f *Figure, run bool) (MoveArea, error)
	// Turn is the round as the console's track shows it, in the system's
	// own turn model.
	Turn(s *State) Turn
	// Explain says what a command will do and with which numbers, before
	// the dice (State.Explain), or the refusal Do would give.
	Explain(s *State, c Command) (string, error)
	// Actions are the actions the console's composer offers, in order.
	Actions() []Action
	// ExactDice reports whether a command of kind rolls every die it asks
	// for, so that a die the Judge typed and the rules did not roll is a
	// mistake to refuse; false where some rolls happen only on an outcome
	// (a stun check on a hit), so that dice typed for them may go unused.
	ExactDice(kind string) bool
	// Sheet is the part of a character sheet the system reads, as the
	// console's editor shows it (State.SheetParts).
	Sheet() []SheetPart
	// Derived is what the system derives from a sheet, said in a line or
	// two for the editor (State.SheetSummary).
	Derived(c Character) string
	// Switches are the system's own options of a fight, each on or off
	// (State.Switches).
	Switches(o FightOptions) []Switch
	// Movement says how far a figure moves, in the system's terms
	// (State.Movement): "Move 6, Run 12", "Pace 6\"".
	Movement(s *State, f *Figure) string
}

// marker is a system that marks figures (System's optional part).
type marker interface {
	Mark(s *State, f *Figure) Mark
}

// sheetLiner is a system that sums a sheet up in its own numbers for the
// log's line about a sheet set (System's optional part); the others' is
// TWTW's AP, Move, Run and Size.
type sheetLiner interface {
	SheetLine(c Character) string
}

// hurtSayer is a system that keeps a figure's harm on one track
// (FigureStatus.Hurt) and says a rise of it in its own words: "1 Wound",
// "3 damage: hurt".
type hurtSayer interface {
	sayHurt(s *State, f *Figure, before, after int) string
}

// paceUnit is a system whose moves count Paced in its own unit (Preview.Cost).
type paceUnit interface {
	paceUnit() string
}

// secretKeeper is a system whose sheets hold what the players may not
// know of a figure they do not command (Dragon Warriors II's concealed
// weapon): System's optional part.
type secretKeeper interface {
	keepSecrets(c Character) Character
}

// turnBegun is a system that has its say in a round_started event another
// initiative made (Lead and Chrome's, in place of the system's own).
type turnBegun interface {
	turnBegun(s *State, e *Event)
}

// holdWatcher is a system with something to add to the event of a figure
// holding its actions in Lead and Chrome's order: a Dragon Warriors II
// stun whose dealer has now taken its place in the turn.
type holdWatcher interface {
	held(s *State, e *Event)
}

// weaponTeller is a system that says what a figure fights with, read
// from where its sheet keeps it, in its own words (State.WeaponsOf).
type weaponTeller interface {
	weapons(s *State, f *Figure) []string
}

// placeNamer is a system that heads a figure's place in a round that
// goes in order in its own word (State.RoundColumns): Savage Worlds'
// "Card"; "" for the shared "Initiative" (another initiative's order).
type placeNamer interface {
	placeName(s *State) string
}

// roundEnder is a system with something of its own that a new round
// under Lead and Chrome's initiative ends on a figure (a Dragon Warriors
// II stance, a stun from the round before): it changes st, figure f's
// status so far, and reports whether it did.
type roundEnder interface {
	roundEnds(s *State, f *Figure, st *FigureStatus) bool
}

// lcWounder is a system that resolves a quick-draw fumble's accidental
// hit with its own damage for the drawn weapon (Lead and Chrome:
// Quick-draw fumbles, 5 and 6). A system without it leaves the hit to the
// Judge, logged.
type lcWounder interface {
	// lcReaches reports whether figure f's drawn weapon (a blade when
	// melee) reaches figure t, as the system's range has it.
	lcReaches(s *State, f, t *Figure, melee bool) bool
	// lcHit rolls the damage of figure by's drawn weapon hitting t, whose
	// status is st so far, with no roll to hit: the status after and the
	// log's sentence.
	lcHit(s *State, by, t *Figure, st FigureStatus, melee bool, rnd rules.Source) (FigureStatus, string, error)
}

// lcDrawer is a system whose sheet names the weapons a figure carries,
// and so the kinds of weapon it may quick-draw (Lead and Chrome: The
// Quick-Draw: "A revolver-type handgun … A one-handed melee or throwing
// weapon"). A system without it (Fudge, whose sheet gives only a damage
// factor) leaves the kind to the Lead and Chrome sheet's weapon.
type lcDrawer interface {
	lcDraws(s *State, f *Figure) []lcDrawn
}

// lcDrawn is a weapon a sheet carries, as the Quick-Draw sees it: its
// kind (leadchrome.Revolver …, or "" for none the Quick-Draw knows), its
// name, the words naming it for a refusal, and the attack it serves
// (CommandShoot, CommandStrike; "" for both).
type lcDrawn struct {
	Kind, Name, What, Use string
}

// yardsPerHexer is a system whose hex is not a pace (a yard) across:
// Savage Worlds' inch is two yards. Where a Lead and Chrome fumble's
// weapon lands (1D3 yards) is counted in its hexes.
type yardsPerHexer interface {
	yardsPerHex(s *State) float64
}

// strider is a system whose wounds change how a figure goes on foot:
// gait is the sheet's Move and Run as figure f may use them now, or why f
// may not walk (run false) or run (run true) at all. The shared move and
// its preview price a move with it.
type strider interface {
	gait(s *State, f *Figure, ch rules.Character, run bool) (rules.Character, error)
}

// An option is a set of rules a fight may play whichever its system is, as
// Lead and Chrome's initiative and Quick-Draw are: it keeps its settings
// in a part of FightOptions and what it keeps of a figure in a part of
// FigureStatus (parts.go), and registers itself from its init
// (registerOption). The shared code walks the options where a fight's
// turn, its sheets and its options are decided, and names none of them.
type option interface {
	// decide may take command c over before the fight's system decides it
	// (a new round rolled on the option's initiative, an action held to
	// the option's order): taken reports whether it did, with its events
	// or its refusal.
	decide(s *State, c Command, src roller) (events []Event, taken bool, err error)
	// explain is the explanation of a command the option takes over
	// (State.Explain), taken as decide has it.
	explain(s *State, c Command) (text string, taken bool, err error)
	// ordersTurn reports whether the option puts the fight's turn in an
	// order of its own (a system whose rounds are simultaneous then goes
	// in it, and a system's own order gives way).
	ordersTurn(s *State) bool
	// checkOptions refuses options o in a fight of system sys: field is
	// the JSON name at fault, under "options".
	checkOptions(sys System, o FightOptions) (field string, err error)
	// sheetParts are the parts of a sheet options o need (State.SheetParts).
	sheetParts(o FightOptions) []SheetPart
	// checkSheet refuses a sheet lacking the numbers options o need.
	checkSheet(o FightOptions, c Character) error
	// switches are the option's own switches, offered after the system's
	// (State.Switches).
	switches(o FightOptions) []Switch
}

// What a part may answer of itself, each asked by the shared code in the
// order the parts registered.
type (
	// partChecker is a part that range-checks its own numbers, from an
	// event or a fight file (checkStatus).
	partChecker interface{ check() error }
	// partSeen is a figure's part with something the eye sees of it:
	// Savage Worlds' "shaken" (State.Looks).
	partSeen interface{ seen() []string }
	// partWorse is a figure's part that says what got worse since the
	// part before (nil: none): "Shaken" (harmSaid).
	partWorse interface{ worse(before any) []string }
	// partRound is a figure's part that a new round changes: newRound is
	// the part as the round starts, nil when it ends (State.Apply).
	partRound interface{ newRound() any }
	// partSayer is an option part with its sentences in the log of
	// set_options: "The Quick-Draw is allowed."
	partSayer interface{ said() []string }
	// partForPlayers is an option part as a player's seat is sent it, a
	// copy of what it points to (playersOptions).
	partForPlayers interface{ forPlayers() any }
	// partApplier is a state part that events make: apply is the part
	// after event e, from the part before it (its zero value when none);
	// nil or zero takes it away (State.Apply).
	partApplier interface{ apply(e Event) any }
	// partPlaces is a state part that gives the figures their places in
	// the round by what was dealt (Savage Worlds' action cards): place is
	// figure id's ("Q♣") and what it is ("card"), ok false for none;
	// dealt reports whether anything was dealt this round.
	partPlaces interface {
		place(id string) (label, what string, ok bool)
		dealt() bool
	}
	// partTold is a figure's part that names figures: told is the part
	// as a seat that sees only the figures sees says may know it, and
	// whether that left anything out (sight.status).
	partTold interface {
		told(sees func(id string) bool) (any, bool)
	}
)

// What the windows ask of a system, in no system's types (looks.go): a
// system without one of these gets the shared default.

// bodyTeller is a system that draws a figure's harm in its own terms
// (System's optional part).
type bodyTeller interface {
	body(s *State, f *Figure) Body
}

// attackOfferer is a system whose attacks the map window's keys reach,
// and the commands they make (System's optional part).
type attackOfferer interface {
	attacks(s *State, f *Figure) []Attack
	attackCommand(s *State, f *Figure, target string, a Attack, c AttackChoice) Command
}

// rangeTeller is a system that says a weapon's range bands (System's
// optional part).
type rangeTeller interface {
	rangeBands(s *State, f *Figure, weapon string) []RangeBand
}

// sheetNumberer is a system that reads only some of a sheet's shared
// numbers (System's optional part); the others' are all three.
type sheetNumberer interface {
	sheetNumbers() []string
}
