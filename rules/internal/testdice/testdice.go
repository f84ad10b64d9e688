// Package testdice hands out dice faces typed in a test, in order: the
// rule packages' tests share it to replay their texts' worked examples.
package testdice

import (
	"errors"
	"fmt"

	"hexslinger/rules"
)

// Dice are faces to roll, first to last.
type Dice []int

// Roll returns the next face, or an error when none are left.
func (d *Dice) Roll(sides int) (int, error) {
	if len(*d) == 0 {
		return 0, errors.New("out of dice")
	}
	v := (*d)[0]
	*d = (*d)[1:]
	return v, nil
}

// Whose hands each figure its own faces (rules.Whose): a rule's test sees
// that it asks every roll of the figure whose it is. A roll or card asked
// of nobody in particular, or of a figure with no faces, fails.
type Whose map[string]*Dice

// For implements rules.Whose.
func (w Whose) For(who string) rules.Source {
	if d, ok := w[who]; ok {
		return figureDice{d}
	}
	return nobody(who)
}

// Roll implements rules.Source: a roll asked of nobody fails.
func (w Whose) Roll(int) (int, error) { return nobody("").Roll(0) }

// Draw implements rules.Source: a card asked of nobody fails.
func (w Whose) Draw() (rules.Card, error) { return nobody("").Draw() }

type figureDice struct{ d *Dice }

func (f figureDice) Roll(sides int) (int, error) { return f.d.Roll(sides) }
func (f figureDice) Draw() (rules.Card, error)   { return rules.Card{}, errors.New("no cards") }

// nobody is a figure with no faces of its own.
type nobody string

func (n nobody) Roll(int) (int, error) {
	return 0, fmt.Errorf("a roll asked of %q, who has no dice", string(n))
}
func (n nobody) Draw() (rules.Card, error) {
	return rules.Card{}, fmt.Errorf("a card asked of %q, who has none", string(n))
}
