package session

import "hexslinger/rules"

// The actions the console's composer offers, by the names the Judge picks
// them by. Each system lists its own (System.Actions).
const (
	ActMove    = "Move"
	ActTurn    = "Turn"
	ActReady   = "Ready a weapon"
	ActCock    = "Cock a weapon"
	ActShoot   = "Shoot or throw" // TWTW: a weapon of the figure's gear, a series of shots of a kind
	ActMelee   = "Hand to hand"   // TWTW: a blow of a kind, the target's defense
	ActProne   = "Drop prone / stand up"
	ActDuck    = "Duck / emerge from cover"
	ActRecover = "Recover from stun"
	ActDoor    = "Open / close a door"
	ActPickUp  = "Pick up a weapon" // from the figure's hex or the next (State.LooseNear)
	ActReload  = "Reload"           // a gun in hand: as many rounds as fit and the AP pays for
	ActEscape  = "Escape a hold"    // a dominated figure's unarmed test to get away
	ActSkill   = "Use a skill"      // 4 AP, or 8 for full attention, paid over turns
	ActStrike  = "Strike in melee"  // a system's own melee attack
	ActFire    = "Fire"             // a system's own ranged attack: its sheet's weapon, its rate of fire

	ActTreat = "Treat wounds"                    // a healer's skill check against the wound level (Fudge Combat Options 3.2)
	ActGrant = "Rule on a critical damage check" // the Judge's benefit or penalty (Fudge Combat Options 4.3)
	ActBash  = "Bash with a shield"              // a strike with Action.Weapon, the shield (Fudge Combat Options 2.1)

	// ActHazard is a roll the Judge calls for when moving is hazardous: a
	// skill test of Action.Skill (Savage Worlds: Movement's Athletics).
	ActHazard = "Roll for hazardous movement"

	// ActSpeedLoad is a reload whose rounds the card's burst result says,
	// for 1 AP (Action.Speed).
	ActSpeedLoad = "Speed load"
)

// Action is one of a system's actions as the composer offers it.
type Action struct {
	Name    string // one of the Act names
	Kind    string // the command it gives
	Stances bool   // Strike: the target's stance and a riposte (Dragon Warriors II)
	Speed   bool   // Reload: a speed load (Command.Speed)
	// Shield: Strike or Fire take the Judge's word on a shield check
	// (Command.Fudge: lost, or a modifier).
	Shield bool
	// Ladder: Treat's healer's skill is one of these levels
	// (Command.Fudge.Healer).
	Ladder []string
	// Rulings: Grant's ruling is one of these (Command.Fudge.Ruling).
	Rulings []string
	// Weapon is the command's Weapon where the action names it: a Fudge
	// shield bash.
	Weapon string
	Jump   bool // Move: may jump (Command.Jump)
	// JudgeModifier, where the action takes the Judge's own modifier
	// (Command.Modifier) outside TWTW's pools, says what its points do:
	// "added to the difficulty".
	JudgeModifier string
	// Skill is the skill the action rolls (Command.Skill), where the action
	// names it: Savage Worlds' Athletics for hazardous movement.
	Skill string
	// IfAllowed offers the action only when its bare command (Kind and the
	// figure) is allowed now, as the session decides it (State.ActionsFor):
	// a Benny only for a Shaken figure with one left.
	IfAllowed bool
}

// judgeModifies reports whether a command of kind takes the Judge's own
// modifier: a TWTW shot, blow or skill test, or an action whose system
// says it does (Action.JudgeModifier).
func judgeModifies(s *State, kind string) bool {
	if SystemOf(s).MovesCostAP() && (kind == CommandShoot || kind == CommandMelee || kind == CommandSkill) {
		return true
	}
	for _, a := range SystemOf(s).Actions() {
		if a.Kind == kind && a.JudgeModifier != "" {
			return true
		}
	}
	return false
}

// sheetActions are the actions of the systems whose figures fight with
// their sheet's weapons: strike, fire, move, turn, recover; and, where
// the session allows them, drawing a weapon and picking one up (Lead and
// Chrome's weapons holstered and quick-draw fumbles: leadchrome_draw.go).
func sheetActions(stances bool) []Action {
	return []Action{
		{Name: ActStrike, Kind: CommandStrike, Stances: stances}, {Name: ActFire, Kind: CommandShoot},
		{Name: ActMove, Kind: CommandMove}, {Name: ActTurn, Kind: CommandTurn}, {Name: ActRecover, Kind: CommandRecover},
		{Name: ActReady, Kind: CommandReady, IfAllowed: true}, {Name: ActPickUp, Kind: CommandPickUp, IfAllowed: true},
	}
}

// Actions are the actions of the fight's system, for the composer.
func (s *State) Actions() []Action { return SystemOf(s).Actions() }

// ActionsFor are the actions the composer offers figure id now: the
// system's, less those offered only when allowed (Action.IfAllowed) whose
// bare command the session would refuse. With no such figure, all of them.
func (s *State) ActionsFor(id string) []Action {
	acts := s.Actions()
	if _, ok := s.Figures[id]; !ok {
		return acts
	}
	out := acts[:0:0]
	for _, a := range acts {
		if a.IfAllowed && s.Preview(nil, Command{Kind: a.Kind, Figure: id}).Err != nil {
			continue
		}
		out = append(out, a)
	}
	return out
}

// HitLocationNames are the hit locations a shot or a blow may call, top of
// the stack first.
func HitLocationNames() []string {
	var out []string
	for _, l := range rules.HitLocations {
		out = append(out, string(l))
	}
	return out
}

// SkillNames are the skills a figure may use in action time, sorted.
func SkillNames() []string { return sortedKeys(rules.SkillTraits) }
