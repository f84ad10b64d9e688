package session

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// Outcome is what an attack did to one figure, in short, for the map
// window to show big on the table: hit or miss, where, what it did, and
// the cover it struck. Every system's attacks carry them (outcomes): a
// system may give the facts only it knows (the hit location, the cover),
// and the session fills the rest from the event itself.
type Outcome struct {
	Target   string `json:"target"`
	Hit      bool   `json:"hit"`
	Location string `json:"location,omitempty"` // the hit location, where the system has them
	Damage   string `json:"damage,omitempty"`   // what it did: "2 wounds, 4 Conc, stunned"; "" none
	Cover    string `json:"cover,omitempty"`    // the cover the hit struck: "barrel (AV 3): A: ablates…"
}

// Short is the outcome in a few words: "HIT head — 2 wounds, 4 Conc",
// "MISS", "HIT, cover: barrel (AV 3)…".
func (o Outcome) Short() string {
	if !o.Hit {
		return "MISS"
	}
	s := "HIT"
	if o.Location != "" {
		s += " " + o.Location
	}
	var parts []string
	if o.Damage != "" {
		parts = append(parts, o.Damage)
	} else if o.Cover == "" {
		parts = append(parts, "no harm")
	}
	if o.Cover != "" {
		parts = append(parts, "cover: "+o.Cover)
	}
	if len(parts) > 0 {
		s += " — " + strings.Join(parts, " · ")
	}
	return s
}

// harmSaid says what changed for the worse between a figure's status
// before and after an action: new wounds by site, Conc, the track of
// harm the system keeps, what a system's part says got worse (Shaken)
// and the condition. "" when nothing did;
// site is the first site that took wounds.
func harmSaid(s *State, f *Figure, before, after FigureStatus) (said string, site rules.HitLocation) {
	var parts, sites []string
	for _, l := range rules.HitLocations {
		if n := after.Wounds[l] - before.Wounds[l]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, plural(n, "wound", "wounds")))
			sites = append(sites, string(l))
			if site == "" {
				site = l
			}
		}
	}
	if len(sites) > 1 { // a burst: each site named
		for i := range sites {
			parts[i] += " " + sites[i]
		}
	}
	if n := after.Conc - before.Conc; n > 0 {
		parts = append(parts, fmt.Sprintf("%d Conc", n))
	}
	if after.Hurt > before.Hurt {
		if h, ok := SystemOf(s).(hurtSayer); ok {
			parts = append(parts, h.sayHurt(s, f, before.Hurt, after.Hurt))
		} else {
			parts = append(parts, fmt.Sprintf("%d harm", after.Hurt-before.Hurt))
		}
	}
	parts = append(parts, after.Parts.worse(before.Parts)...) // a system's own: Savage Worlds' Shaken
	if after.Condition > before.Condition {
		parts = append(parts, after.Condition.String())
	}
	return strings.Join(parts, ", "), site
}

// coverStruck names the cover among cover that shields hit location loc,
// and what the hit did to it ("barrel (AV 3): A: ablates, …"); "" none.
func coverStruck(cover []hexmap.CoverHit, loc rules.HitLocation, hit rules.CoverHit) string {
	if !hit.Covered {
		return ""
	}
	for _, ch := range cover {
		if rules.Shields(ch.Feature.Height, loc) {
			return fmt.Sprintf("%s (AV %d): %s", ch.Feature.Kind, hit.AV, hit.Result)
		}
	}
	return ""
}

// outcomes gives every attack among events its outcomes, one for each
// figure it was at and one for any other figure it harmed (a Fudge
// defender who strikes back): what the system said of them, the rest
// from the event itself, said against the state s the attack was decided
// on. It is the one place every system's attacks get them.
func outcomes(s *State, events []Event) []Event {
	for i := range events {
		e := &events[i]
		if e.Kind != EventActed || len(e.Targets) == 0 {
			continue
		}
		given := map[string]Outcome{}
		for _, o := range e.Outcomes {
			given[o.Target] = o
		}
		after := map[string]FigureStatus{}
		for _, c := range e.Changes {
			after[c.Figure] = c.Status
		}
		var ids []string
		for _, id := range e.Targets {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
		if _, ok := after[e.Figure]; ok && !slices.Contains(ids, e.Figure) {
			ids = append(ids, e.Figure) // harmed in its own attack, perhaps
		}
		var out []Outcome
		for _, id := range ids {
			f, ok := s.Figures[id]
			if !ok {
				continue
			}
			o, had := given[id]
			o.Target = id
			st, changed := after[id]
			var harm string
			var site rules.HitLocation
			if changed && !reflect.DeepEqual(st, f.FigureStatus) {
				harm, site = harmSaid(s, f, f.FigureStatus, st)
			}
			if id == e.Figure && !had && harm == "" {
				continue // the attacker, unharmed
			}
			o.Hit = o.Hit || e.Hits[id] > 0 || harm != ""
			if o.Damage == "" {
				o.Damage = harm
			}
			if o.Location == "" && o.Hit {
				o.Location = string(site)
			}
			out = append(out, o)
		}
		e.Outcomes = out
	}
	return events
}
