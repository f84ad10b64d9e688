package session

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// Command kinds.
const (
	CommandMove     = "move"         // move Figure to To (Run to run)
	CommandTurn     = "turn"         // turn Figure by Turn hexsides (+ left, − right)
	CommandNewRound = "new_round"    // start the next round: every figure's AP back
	CommandSegment  = "next_segment" // count the round down one segment
	CommandHide     = "hide"         // hide Figure from the players
	CommandReveal   = "reveal"       // show Figure to the players
	CommandUndo     = "undo"         // the Judge takes back the last command
	CommandRedo     = "redo"         // the Judge puts back the last command taken back
)

// Command is a request to change the fight, from a map click or a console
// button. The session validates it and answers with events or a Refusal.
type Command struct {
	Kind   string      `json:"kind"`
	Figure string      `json:"figure,omitempty"`
	To     *hexmap.Hex `json:"to,omitempty"`
	Run    bool        `json:"run,omitempty"`
	// Careful: a move that breaks a hand-to-hand engagement disengages
	// carefully, for 2 AP more and no free attack (TWTW Conflict:
	// Breaking Engagement).
	Careful bool `json:"careful,omitempty"`
	Turn    int  `json:"turn,omitempty"`
	// Dice and Cards are the command's own randomness: the physical dice
	// in the order the session asks for them, and the cards drawn, by name
	// ("Q♠").
	Dice  []int    `json:"dice,omitempty"`
	Cards []string `json:"cards,omitempty"`
	// Action commands.
	Weapon string      `json:"weapon,omitempty"`
	Prone  bool        `json:"prone,omitempty"`
	Duck   bool        `json:"duck,omitempty"`
	Shots  []ShotOrder `json:"shots,omitempty"`
	Blow   *BlowOrder  `json:"blow,omitempty"`
	// Blows are more blows of the series after Blow, at the same foe, from
	// one pool (TWTW Conflict: Multiple Attacks).
	Blows []BlowOrder `json:"blows,omitempty"`
	Side  int         `json:"side,omitempty"` // door: the hexside of To
	Open  bool        `json:"open,omitempty"` // door: open (true) or close
	// Roster commands.
	Sheet     *Character    `json:"sheet,omitempty"`     // set_character
	Character string        `json:"character,omitempty"` // remove_character: its id
	Place     []FigureSpec  `json:"place,omitempty"`     // place
	Options   *FightOptions `json:"options,omitempty"`   // set_options
	Cells     []hexmap.Cell `json:"cells,omitempty"`     // edit_map
	// Strike (Dragon Warriors II).
	Target  string `json:"target,omitempty"`
	Stance  string `json:"stance,omitempty"`  // the target's: "", "full" or "aggressive"
	Riposte bool   `json:"riposte,omitempty"` // answer the blow just won
	// Declare: new_round's declarations (unaimed shots, Quick-Draws).
	Declare []Declaration `json:"declare,omitempty"`
	// Modifier is the Judge's own modifier of a shot or a blow, for what
	// no rule covers; the Judge's only.
	Modifier *JudgeModifier `json:"modifier,omitempty"`
	// Rounds is how many rounds a reload puts in; 0 fills the weapon, or
	// as many as the figure's AP pays for.
	Rounds int `json:"rounds,omitempty"`
	// Speed makes a reload a speed load: 1 AP, and the card's burst
	// result is how many rounds go in (twtw_burst.go).
	Speed bool `json:"speed,omitempty"`
	// Defense answers a blow waiting at Figure (defend): block, dodge or
	// none.
	Defense string `json:"defense,omitempty"`
	// Skill, Focus and Pay: a skill test in action time (twtw_skill.go).
	Skill string `json:"skill,omitempty"`
	Focus bool   `json:"focus,omitempty"`
	Pay   int    `json:"pay,omitempty"`
	// Sabotage: the skill is meant to fail; only a calamity succeeds
	// (TWTW Conflict: Action Sabotage). Shots and blows carry their own.
	Sabotage bool `json:"sabotage,omitempty"`
	// Forgo: a shoot command's answer, given beforehand, to a Bravery
	// check under fire that fails: forgo the shot rather than make the
	// snap shot (TWTW Conflict: Tactical Aiming: "They may choose to make
	// the snap shot or forgo making a shot"). The AP are spent either way.
	Forgo bool `json:"forgo,omitempty"`
	// With is a non-combat action done together with a shoot or melee
	// command, from one action pool (TWTW Conflict: Combining Combat and
	// Non-Combat Actions).
	With *SkillOrder `json:"with,omitempty"`
	// Mount is a mount command's mount (nil or a pace of 0 dismounts),
	// and Paces a ride's paces a round (0: the mount's pace, or its
	// gallop with Run) (twtw_mount.go).
	Mount *MountOrder `json:"mount,omitempty"`
	Paces int         `json:"paces,omitempty"`
	// Fudge is the Judge's word on a Fudge command: a shield check, a
	// treatment, a ruling on a critical (fudge.go).
	Fudge *FudgeOrder `json:"fudge,omitempty"`
	// Jump makes a move a jump to To, in a straight line over what lies
	// between (Savage Worlds: Jumping).
	Jump *JumpOrder `json:"jump,omitempty"`
	// Fog is a reveal_hexes command's hexes and side (fog.go).
	Fog *FogOrder `json:"fog,omitempty"`
}

// JumpOrder is a jump's choice: an Athletics roll, an action, for an
// inch more (Savage Worlds: Jumping).
type JumpOrder struct {
	Athletics bool `json:"athletics,omitempty"`
}

// JudgeModifier is a free modifier the Judge sets on an attack: upgrades
// (+) or downgrades (−) of its pool, and the reason, which goes into the
// log ("fog: 1 downgrade").
type JudgeModifier struct {
	Steps  int    `json:"steps"`
	Reason string `json:"reason"`
}

// MaxJudgeSteps bounds a Judge's modifier either way.
const MaxJudgeSteps = 10

// check refuses a modifier with no reason or out of bounds.
func (m JudgeModifier) check() error {
	switch {
	case strings.TrimSpace(m.Reason) == "":
		return refuse("the Judge's modifier needs its reason, for the log (\"fog\", \"bad footing\")")
	case m.Steps == 0 || m.Steps < -MaxJudgeSteps || m.Steps > MaxJudgeSteps:
		return refuse("the Judge's modifier is 1 to %d upgrades or downgrades, not %d", MaxJudgeSteps, m.Steps)
	case len(m.Reason) > 200:
		return refuse("the Judge's modifier's reason is %d characters; keep it under 200", len(m.Reason))
	}
	return nil
}

// modifier is the Judge's modifier as a rule modifier.
func (m JudgeModifier) modifier() rules.Modifier {
	return rules.Modifier{Name: strings.TrimSpace(m.Reason), Steps: m.Steps, Source: "the Judge"}
}

// Refusal is a command the rules do not allow, with the reason in one
// sentence a player can act on.
type Refusal struct {
	Reason string
	// Needs lists the dice and cards the command must carry, when it was
	// refused for want of them (table dice).
	Needs []string
}

func (r *Refusal) Error() string { return r.Reason }

func refuse(format string, args ...any) error {
	return &Refusal{Reason: fmt.Sprintf(format, args...)}
}

// decide validates c against state s and returns the events it makes, not
// yet numbered or applied. src is the randomness for commands that roll.
func decide(s *State, c Command, src roller) ([]Event, error) {
	// The dice a command brings must all be used, where the system rolls
	// every die it asks for (System.ExactDice): one left over means the
	// Judge typed more than the rules rolled, and the result would not be
	// the table's. Checked once, after whichever system decided. A
	// player's dice count against their own figure's rolls alone, and a
	// refusal lists those alone; once the session has rolled in secret in
	// the command, they refuse nothing and the log line says what became
	// of them (ownDice).
	var given *rules.Given
	var asked []string
	var own *ownDice
	track := func(needs []need) (rules.Source, error) {
		r, err := src(needs)
		switch g := r.(type) {
		case *rules.Given:
			given, asked = g, texts(needs)
		case *ownDice:
			given, asked, own = g.given, g.asked, g
		}
		return r, err
	}
	if err := waitsFor(s, c); err != nil {
		return nil, err
	}
	if c.Modifier != nil && !judgeModifies(s, c.Kind) {
		return nil, refuse("the Judge's own modifier is for a TWTW shot, blow or skill test, not a %q command", c.Kind)
	}
	if err := judgesWordFits(s, c); err != nil {
		return nil, err
	}
	if c.Jump != nil && !(c.Kind == CommandMove && jumps(s)) {
		return nil, refuse("a %q command of %s does not jump", c.Kind, SystemOf(s).Name())
	}
	events, err := decideAny(s, c, track)
	left := 0 // dice left over that count
	if err == nil && given != nil && SystemOf(s).ExactDice(c.Kind) {
		left = len(given.Dice)
	}
	if err == nil && own != nil && own.secret() {
		if note := own.note(s.FigureName(c.Figure), left); note != "" && len(events) > 0 {
			events[0].Text += note
		}
		return events, nil
	}
	if left > 0 {
		only := "this needs only " + strings.Join(asked, "; ")
		if len(asked) == 0 {
			only = "this rolls none of its figure's dice"
		}
		return nil, &Refusal{Reason: fmt.Sprintf("%d %s left over: %s", left,
			plural(left, "die was", "dice were"), only), Needs: asked}
	}
	// A refusal for the dice brought lists the rolls they were for: the
	// seat's own (a system lists every roll of the command).
	var ref *Refusal
	if given != nil && errors.As(err, &ref) && ref.Needs != nil {
		ref.Needs = asked
	}
	return events, err
}

// jumps reports whether the fight's system lets a move jump (its Move
// action's Jump).
func jumps(s *State) bool {
	for _, a := range SystemOf(s).Actions() {
		if a.Kind == CommandMove && a.Jump {
			return true
		}
	}
	return false
}

// judgesWordFits refuses the Judge's word on a shield check, a treatment
// or a ruling (Command.Fudge) on a command of a kind whose action in the
// fight's system takes none (no Shield, Ladder or Rulings), rather than
// ignore it.
func judgesWordFits(s *State, c Command) error {
	if c.Fudge == nil {
		return nil
	}
	for _, a := range SystemOf(s).Actions() {
		if a.Kind == c.Kind && (a.Shield || len(a.Ladder) > 0 || len(a.Rulings) > 0) {
			return nil
		}
	}
	return refuse("a %q command of %s takes no word of the Judge's on a shield check, a treatment or a ruling on a critical", c.Kind, SystemOf(s).Name())
}

// decideAny makes a command's events: the system's, or those of the
// commands every system shares.
func decideAny(s *State, c Command, src roller) ([]Event, error) {
	if ev, taken, err := optionDecides(s, c, src); taken { // an option any system plays: Lead and Chrome's initiative and order
		return ev, err
	}
	if ev, ok, err := SystemOf(s).Decide(s, c, src); ok {
		if err == nil {
			ev = outcomes(s, ev) // every system's attacks, said in short
		}
		return sameInstant(s, c, ev), err
	}
	switch c.Kind {
	case CommandRevealHexes:
		return decideRevealHexes(s, c)
	case CommandMove, CommandTurn:
		f, ok := s.Figures[c.Figure]
		if !ok {
			return nil, refuse("there is no figure %q in this fight", c.Figure)
		}
		if err := canMove(s, f); err != nil {
			return nil, err
		}
		if err := onTime(s, f, map[string]string{CommandMove: "a move", CommandTurn: "a turn"}[c.Kind]); err != nil {
			return nil, err
		}
		if c.Kind == CommandMove {
			if err := heldBack(s, f); err != nil {
				return nil, err
			}
		}
		if c.Kind == CommandMove {
			return decideMove(s, f, c)
		}
		return decideTurn(s, f, c)
	case CommandHide, CommandReveal:
		f, ok := s.Figures[c.Figure]
		if !ok {
			return nil, refuse("there is no figure %q in this fight", c.Figure)
		}
		hide := c.Kind == CommandHide
		if f.Hidden == hide {
			return nil, refuse("%s is already %s", s.FigureName(f.ID), map[bool]string{true: "hidden", false: "in view"}[hide])
		}
		e := Event{Kind: EventRevealed, Figure: f.ID, To: f.At, Facing: f.Facing, APLeft: f.AP,
			Text: fmt.Sprintf("%s steps into view at %s.", s.FigureName(f.ID), s.Map.Label(f.At))}
		if hide {
			e.Kind, e.Text = EventHidden, fmt.Sprintf("%s is hidden from the players.", s.FigureName(f.ID))
		}
		return []Event{e}, nil
	case CommandSetCharacter, CommandRemoveCharacter, CommandPlace, CommandRemoveFigure, CommandSetOptions, CommandEditMap:
		return decideRoster(s, c)
	}
	if slices.Contains(commandKinds, c.Kind) {
		return nil, notIn(SystemOf(s), c.Kind)
	}
	return nil, refuse("%q is not a command hexslinger knows", c.Kind)
}

// decideSegment counts the round down one segment (TWTW Conflict: Round
// Timing: "The Judge begins counting down from 20"). Every segment is
// counted, those nobody's number is in too: a count that went on to the
// next segment where someone's number comes up would tell the players
// the number of a figure they do not see (docs/defaults.md).
func decideSegment(s *State) ([]Event, error) {
	if s.Segment <= 1 {
		return nil, refuse("round %d is at its last segment: start the next round", s.Round)
	}
	e := Event{Kind: EventSegment, Segment: s.Segment - 1}
	var acting []string
	for _, id := range s.Order {
		if f := s.Figures[id]; f.AP >= e.Segment && f.AP > 0 && f.Condition == rules.Fine {
			acting = append(acting, s.FigureName(id))
		}
	}
	e.Text = fmt.Sprintf("Segment %d.", e.Segment)
	if len(acting) > 0 {
		e.Text += " May act: " + strings.Join(acting, ", ") + "."
	}
	return []Event{e}, nil
}

func decideMove(s *State, f *Figure, c Command) ([]Event, error) {
	if c.To == nil {
		return nil, refuse("a move needs a hex to move to")
	}
	name := s.FigureName(f.ID)
	p, err := s.PlanMove(f.ID, *c.To, c.Run)
	if err != nil {
		return nil, &Refusal{Reason: err.Error()}
	}
	steps := p.Route.Steps()
	to := p.Route.Hexes[len(p.Route.Hexes)-1] // c.To, or short of it (p.Met)
	how := "Move"
	if p.Run {
		how = "Run"
	}
	e := Event{
		Kind: EventMoved, Figure: f.ID, Path: p.Route.Hexes, To: to,
		Facing: p.Route.Facing, Run: p.Run, AP: p.AP, APLeft: f.AP - p.AP, Met: p.Met,
	}
	// The ambush's own sentence, and the figure it reveals.
	met, after := "", []Event(nil)
	if p.Met != "" {
		met = metText(s, f.ID, p.Met, p.Planned.Route.Hexes[steps+1], *c.To, to)
		after = revealMet(s, f.ID, p.Met)
	}
	first := ""
	if up, why := getUpAP(s, f); up > 0 {
		e.GotUp = true
		first = fmt.Sprintf("%s %s (%d AP, TWTW Conflict: Movement AP Cost), then ", name, strings.ReplaceAll(strings.ReplaceAll(why, "stand up", "stands up"), "emerge from", "emerges from"), up)
		name = "" // the sentence goes on: "then walks …"
	}
	paces := pacesText(float64(steps) * s.Map.Scale)
	e.Text = fmt.Sprintf("%s%s %s %s → %s for %d AP (TWTW Movement: %s %d paces for 1 AP); %d AP left.",
		first, strings.TrimSpace(name+" "+verb(p.Run)), paces,
		s.Map.Label(f.At), s.Map.Label(to), p.AP, how, p.Pace, e.APLeft)
	if sys := SystemOf(s); !sys.MovesCostAP() {
		e.AP, e.APLeft = 0, f.AP
		e.Text = fmt.Sprintf("%s %s %s %s → %s (%s: movement in the figure's turn).",
			name, verb(p.Run), paces, s.Map.Label(f.At), s.Map.Label(to), sys.Name())
		if met != "" {
			e.Text = metLine(met, e.Text, steps, "")
		}
		return append([]Event{e}, after...), nil
	}
	// Breaking a hand-to-hand engagement (TWTW Conflict: Breaking
	// Engagement): carefully for 2 AP more, or with a free attack to the
	// foes left behind.
	if away := s.breakingAway(f, to, steps); len(away) > 0 {
		if c.Careful {
			extra := rules.HandToHand.DisengageAP
			// Priced as planned, so that a refusal is the same wherever a
			// figure the mover does not see stands.
			if p.Planned.AP+extra > f.AP {
				return nil, refuse("%s needs %d AP to move and disengage carefully, and has %d", s.FigureName(f.ID), p.Planned.AP+extra, f.AP)
			}
			e.AP, e.APLeft = p.AP+extra, f.AP-p.AP-extra
			e.Text = strings.TrimSuffix(e.Text, fmt.Sprintf("%d AP left.", f.AP-p.AP)) +
				fmt.Sprintf("disengaging carefully from %s (+%d AP, TWTW Conflict: Breaking Engagement); %d AP left.", joinNames(s, away), extra, e.APLeft)
			e.Text = strings.Replace(e.Text, "; disengaging", ", disengaging", 1)
		} else {
			e.Opening = &Opening{Mover: f.ID, From: f.At, By: away}
			e.Text += fmt.Sprintf(" Breaking away from %s: each may strike at once, for 1 AP less (TWTW Conflict: Breaking Engagement).", joinNames(s, away))
		}
	}
	if met != "" {
		e.Text = metLine(met, e.Text, steps, fmt.Sprintf("%d AP spent; %d AP left.", e.AP, e.APLeft))
	}
	return append([]Event{e}, after...), nil
}

func decideTurn(s *State, f *Figure, c Command) ([]Event, error) {
	// Checked before the sign is taken off: −MinInt64 is itself.
	if c.Turn == 0 || c.Turn < -3 || c.Turn > 3 {
		return nil, refuse("a turn is 1 to 3 hexsides either way, not %d", c.Turn)
	}
	steps := max(c.Turn, -c.Turn)
	cost := rules.TurnCost(steps)
	name := s.FigureName(f.ID)
	if cost > f.AP {
		return nil, refuse("%s needs %d AP to turn but has %d left", name, cost, f.AP)
	}
	to := f.Facing.Turn(c.Turn)
	names := s.Map.Orientation.SideNames()
	rule := "Change facing 60 degrees without moving: 1 AP"
	if steps > 1 {
		rule = "Change facing more than 60 degrees without moving: 2 AP"
	}
	e := Event{Kind: EventTurned, Figure: f.ID, To: f.At, Facing: to, AP: cost, APLeft: f.AP - cost}
	e.Text = fmt.Sprintf("%s turns from %s to %s for %d AP (TWTW Movement AP Cost: %s); %d AP left.",
		name, names[f.Facing], names[to], cost, rule, e.APLeft)
	return []Event{e}, nil
}

func verb(run bool) string {
	if run {
		return "runs"
	}
	return "moves"
}

// pacesText says a distance in paces: "1 pace", "6 paces", "1.5 paces".
func pacesText(n float64) string {
	if n == 1 {
		return "1 pace"
	}
	return strconv.FormatFloat(n, 'f', -1, 64) + " paces"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// decideNewRound rolls every figure's initiative for the next round (TWTW
// Conflict: Initiative; AP may not be saved from round to round).
func decideNewRound(s *State, c Command, src roller) ([]Event, error) {
	decl, err := declarations(s, c)
	if err != nil {
		return nil, err
	}
	var needs []need
	for _, id := range s.Order {
		ch := s.Characters[s.Figures[id].Character]
		p := ch.TraitPool("quickness", false)
		needs = append(needs, need{id, fmt.Sprintf("%s's initiative: %s, and one more d%d if its highest die shows %d", ch.Name, p, p.Sides, p.Sides)})
	}
	for _, id := range s.Order {
		if decl[id].QuickDraw != nil {
			needs = append(needs, need{id, s.FigureName(id) + "'s Quick-Draw: 2D10, and a D6 (a D3 more if dropped) should it fumble"})
		}
	}
	rnd, err := src(needs)
	if err != nil {
		return nil, err
	}
	e := Event{Kind: EventRoundStarted, Round: s.nextRound(), APs: map[string]int{}, Rolls: map[string][]int{}}
	var parts []string
	for _, id := range s.Order {
		f := s.Figures[id]
		ch := s.Characters[f.Character]
		// Wound Effects: the worst wound's AP penalty comes off the pool.
		in, err := rules.RollInitiative(ch.Character, f.Body(ch.Size).Worst(), rules.For(rnd, id))
		if err != nil {
			return nil, &Refusal{Reason: err.Error(), Needs: texts(needs)}
		}
		e.APs[id] = in.Number
		e.Rolls[id] = append(append([]int(nil), in.Roll.Faces...), extra(in.Roll)...)
		parts = append(parts, in.Explained)
	}
	for _, id := range s.Order {
		d, ok := decl[id]
		if !ok || d.QuickDraw == nil {
			continue
		}
		text, err := quickDrawTWTW(s, &e, id, d, rules.For(rnd, id))
		if err != nil {
			return nil, &Refusal{Reason: err.Error(), Needs: texts(needs)}
		}
		parts = append(parts, text)
	}
	e.Text = fmt.Sprintf("Round %d begins (TWTW Conflict: Initiative).", e.Round) + listed("", strings.Join(parts, "; "))
	return []Event{e}, nil
}

func extra(r rules.Roll) []int {
	if r.Extra > 0 {
		return []int{r.Extra}
	}
	return nil
}

// commandKinds are every kind of command the session takes, for the rule
// ledgers' test (docs/rules).
var commandKinds = []string{
	CommandMove, CommandTurn, CommandNewRound, CommandSegment, CommandHide, CommandReveal, CommandUndo, CommandRedo,
	CommandStrike, CommandPickUp, CommandReload, CommandSetCharacter, CommandRemoveCharacter, CommandPlace,
	CommandRemoveFigure, CommandSetOptions, CommandEditMap, CommandReady, CommandCock, CommandProne, CommandDuck,
	CommandShoot, CommandMelee, CommandRecover, CommandDoor, CommandDefend, CommandEscape, CommandSkill,
	CommandMount, CommandRide,
	CommandDelay,
	CommandTreat, CommandGrant,
	CommandBenny,
	CommandRevealHexes,
}
