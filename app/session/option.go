package session

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
