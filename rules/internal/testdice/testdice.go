// Package testdice hands out dice faces typed in a test, in order: the
// rule packages' tests share it to replay their texts' worked examples.
package testdice

import "errors"

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
