package session

import (
	"bytes"
	"sort"
)

// SheetsFor are the character sheets a new fight of rule system rules
// starts with: those of the given fights (a bundle's fight files by name)
// that are fights of that system, each passing its sheet check, one per
// id (the first by fight name), sorted by id. None for a system it does
// not know or no fight of it.
func SheetsFor(rules string, fights map[string][]byte) []Character {
	sys := SystemByID(rules)
	if sys == nil {
		return nil
	}
	names := make([]string, 0, len(fights))
	for n := range fights {
		names = append(names, n)
	}
	sort.Strings(names)
	byID := map[string]Character{}
	for _, n := range names {
		f, err := DecodeFight(bytes.NewReader(fights[n]))
		if err != nil || f.Rules != rules {
			continue // another system's, or not a fight: its own tests say so
		}
		for _, ch := range f.Characters {
			if _, dup := byID[ch.ID]; !dup && sys.CheckSheet(ch) == nil {
				byID[ch.ID] = ch
			}
		}
	}
	out := make([]Character, 0, len(byID))
	for _, ch := range byID {
		out = append(out, ch)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
