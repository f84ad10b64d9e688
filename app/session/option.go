package session

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

// options are the registered options, in the order they registered.
var options []option

// registerOption makes o an option of every fight, from its init.
func registerOption(o option) { options = append(options, o) }

// optionDecides is the first option's taking over of command c, if one
// takes it (option.decide).
func optionDecides(s *State, c Command, src roller) ([]Event, bool, error) {
	for _, o := range options {
		if ev, taken, err := o.decide(s, c, src); taken {
			return ev, true, err
		}
	}
	return nil, false, nil
}

// optionExplains is the first option's explanation of command c, if one
// takes it (option.explain).
func optionExplains(s *State, c Command) (string, bool, error) {
	for _, o := range options {
		if text, taken, err := o.explain(s, c); taken {
			return text, true, err
		}
	}
	return "", false, nil
}

// orderedByOption reports whether an option puts the fight's turn in its
// own order (option.ordersTurn).
func orderedByOption(s *State) bool {
	for _, o := range options {
		if o.ordersTurn(s) {
			return true
		}
	}
	return false
}

// checkOptions refuses options o in a fight of system sys, as each option
// checks them; field is the JSON name at fault.
func checkOptions(sys System, o FightOptions) (field string, err error) {
	for _, op := range options {
		if field, err := op.checkOptions(sys, o); err != nil {
			return field, err
		}
	}
	return "", nil
}

// optionsCheckSheet refuses a sheet lacking the numbers options o need.
func optionsCheckSheet(o FightOptions, c Character) error {
	for _, op := range options {
		if err := op.checkSheet(o, c); err != nil {
			return err
		}
	}
	return nil
}
