package session

import (
	"time"

	"hexslinger/hexmap"
)

// Event kinds.
const (
	EventOpened       = "fight_opened"  // the journal's first line: the whole fight file
	EventMoved        = "moved"         // a figure moved along Path
	EventTurned       = "turned"        // a figure changed facing in place
	EventRoundStarted = "round_started" // a new round: every figure's AP
	EventHidden       = "hidden"        // a figure is hidden from the players
	EventRevealed     = "revealed"      // a figure is shown to the players
	EventSegment      = "segment"       // the Judge counts down to Segment
	EventActed        = "acted"         // an action: figures' AP and status after it, cover worn down
	EventUndone       = "undone"        // the Judge took back command Target
	EventRedone       = "redone"        // the Judge put command Target back
)

// Event is one fact of a fight, as the journal keeps it and clients receive
// it. It carries every value needed to apply it, so replay needs no rules
// and no dice; Text is the log's sentence for it.
type Event struct {
	Seq    int              `json:"seq"`
	Cmd    int              `json:"cmd,omitempty"`    // the command that made it; undo works by command
	Target int              `json:"target,omitempty"` // undone, redone: the command taken back or put back
	Kind   string           `json:"kind"`
	Time   time.Time        `json:"time"`
	Fight  *FightFile       `json:"fight,omitempty"`
	Fog    *FogOrder        `json:"fog,omitempty"` // hexes_revealed
	Figure string           `json:"figure,omitempty"`
	Path   []hexmap.Hex     `json:"path,omitempty"`
	To     hexmap.Hex       `json:"to"`
	Facing hexmap.Direction `json:"facing"`
	Run    bool             `json:"run,omitempty"`
	GotUp  bool             `json:"got_up,omitempty"` // moved: stood up and came out of cover first
	// Crawled: moved prone, and stays prone (Savage Worlds: Prone).
	Crawled   bool              `json:"crawled,omitempty"`
	AP        int               `json:"ap,omitempty"`      // AP spent
	APLeft    int               `json:"ap_left,omitempty"` // AP left after it
	Round     int               `json:"round,omitempty"`
	Segment   int               `json:"segment,omitempty"`
	APs       map[string]int    `json:"aps,omitempty"`       // round_started: AP by figure
	Rolls     map[string][]int  `json:"rolls,omitempty"`     // the dice each figure's roll used
	Changes   []FigureChange    `json:"changes,omitempty"`   // acted: figures after the action
	Ablations []Ablation        `json:"ablations,omitempty"` // acted: cover worn down
	Doors     []DoorChange      `json:"doors,omitempty"`     // acted: doors opened or closed
	Landings  []Landing         `json:"landings,omitempty"`  // acted: where thrown objects that missed came down
	Dropped   []Loose           `json:"dropped,omitempty"`   // acted: weapons that came to lie on the map
	PickedUp  *Loose            `json:"picked_up,omitempty"` // acted (pick_up): the weapon taken from the map
	Pending   *PendingBlow      `json:"pending,omitempty"`   // blow_declared: the blow waiting for its defender
	Hold      *Hold             `json:"hold,omitempty"`      // acted: a pair's dominance after a blow or an escape
	Opening   *Opening          `json:"opening,omitempty"`   // moved: the free attack a figure breaking away allows
	Hits      map[string]int    `json:"hits,omitempty"`      // acted (shoot, melee): the hits on each target, for tactical aiming
	Closed    *[2]string        `json:"closed,omitempty"`    // acted (melee): the shorter weapon closed with the longer
	Shoved    []Shove           `json:"shoved,omitempty"`    // acted (melee, escape): figures moved by the action, not by their own move
	ShotsAt   map[string]int    `json:"shots_at,omitempty"`  // acted (shoot): the shots at each target
	Action    string            `json:"action,omitempty"`    // acted: the command kind
	Cards     []string          `json:"cards,omitempty"`     // acted: the action cards drawn, by name
	Targets   []string          `json:"targets,omitempty"`   // acted: the figures shot at or struck, in order
	Outcomes  []Outcome         `json:"outcomes,omitempty"`  // acted (an attack): what it did to each figure, in short
	Riposte   *Riposte          `json:"riposte,omitempty"`   // acted (strike): the riposte the defender may make
	Dealt     map[string]string `json:"dealt,omitempty"`     // round_started (Savage Worlds): each figure's action card
	Paced     int               `json:"paced,omitempty"`     // moved (Savage Worlds): inches of Pace used this round
	// Met is the figure a move or a mount's ride ran into, unseen by the
	// mover's side until then: the move stopped in the hex before it (an
	// ambush, docs/defaults.md).
	Met       string        `json:"met,omitempty"`
	Unaimed   []string      `json:"unaimed,omitempty"`   // round_started (Lead and Chrome): who declared an unaimed shot
	DeckOut   []string      `json:"deck_out,omitempty"`  // round_started (Savage Worlds): cards out of the deck until a shuffle
	Sheet     *Character    `json:"sheet,omitempty"`     // character_set
	Character string        `json:"character,omitempty"` // character_removed: its id
	Placed    []FigureSpec  `json:"placed,omitempty"`    // placed
	Options   *FightOptions `json:"options,omitempty"`   // options_set
	Cells     []hexmap.Cell `json:"cells,omitempty"`     // map_edited
	Text      string        `json:"text"`
}

// Landing is where a thrown object that missed came down (TWTW Conflict:
// Throwing Things): Phase paces from Target toward Clock, 6 toward From.
type Landing struct {
	From   hexmap.Hex `json:"from"`
	Target hexmap.Hex `json:"target"`
	At     hexmap.Hex `json:"at"`
	Clock  int        `json:"clock"`
	Phase  int        `json:"phase"`
}
