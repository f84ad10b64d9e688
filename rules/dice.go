package rules

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
)

// DieLadder is the order dice move along with upgrades and downgrades
// (DESIGN.md "upgrade / downgrade").
var DieLadder = []int{4, 6, 8, 10, 12}

// StandardDie is the die a pool starts from before upgrades and downgrades
// (DESIGN.md "test").
const StandardDie = 8

// Target numbers by difficulty (DESIGN.md "target numbers").
const (
	TNEasy          = 3
	TNStandard      = 5
	TNChallenging   = 6
	TNDifficult     = 7
	TNVeryDifficult = 9
)

// Pool is a set of like dice: Count dice of Sides faces, each with Bonus
// added (past d12 each upgrade adds +1, below d4 each downgrade −1).
type Pool struct {
	Count int
	Sides int
	Bonus int
}

// NewPool returns count standard dice moved net steps along the ladder:
// upgrades and downgrades cancel one for one and the net moves the whole
// pool's die (DESIGN.md "upgrade / downgrade").
func NewPool(count, net int) Pool {
	return Pool{Count: count, Sides: StandardDie}.Shift(net)
}

// Shift moves the pool's die net steps: up for upgrades, down for
// downgrades.
func (p Pool) Shift(net int) Pool {
	i := ladderIndex(p.Sides) + net
	bonus := p.Bonus
	switch {
	case i >= len(DieLadder):
		bonus += i - (len(DieLadder) - 1)
		i = len(DieLadder) - 1
	case i < 0:
		bonus += i
		i = 0
	}
	// A bonus and the ladder trade: a d12+1 downgraded is a d12, a d4−1
	// upgraded a d4.
	if bonus > 0 && i < len(DieLadder)-1 {
		k := min(len(DieLadder)-1-i, bonus)
		i, bonus = i+k, bonus-k
	}
	if bonus < 0 && i > 0 {
		k := min(i, -bonus)
		i, bonus = i-k, bonus+k
	}
	return Pool{Count: p.Count, Sides: DieLadder[i], Bonus: bonus}
}

func ladderIndex(sides int) int {
	for i, s := range DieLadder {
		if s == sides {
			return i
		}
	}
	return 2
}

// String writes the pool as "2d10", "3d12+1" or "1d4-2".
func (p Pool) String() string {
	s := fmt.Sprintf("%dd%d", p.Count, p.Sides)
	switch {
	case p.Bonus > 0:
		s += fmt.Sprintf("+%d", p.Bonus)
	case p.Bonus < 0:
		s += fmt.Sprintf("%d", p.Bonus)
	}
	return s
}

// Dice rolls dice: the one thing every system's rules ask of a roll.
type Dice interface {
	// Roll returns one die of sides faces, 1..sides.
	Roll(sides int) (int, error)
}

// Source gives the randomness of a fight: dice and cards. The session owns
// one: seeded by default, or the values the Judge types from the table.
type Source interface {
	Dice
	// Draw returns the next action card.
	Draw() (Card, error)
}

// Whose is a Source that gives different figures' rolls from different
// dice: a player's own physical dice for their own figure, the session's
// generator for every other (the session's). Asked for who's rolls, it
// returns the source they come from.
type Whose interface {
	For(who string) Source
}

// For returns the source of who's rolls and cards (who: the caller's name
// for a figure, a figure's id in the session): src.For(who) when src
// gives different figures' rolls from different dice, src itself
// otherwise. Rules that roll for more than one figure in one call ask it
// each time the roll passes to another figure; rolls asked of src itself
// are nobody's in particular.
func For(src Source, who string) Source {
	if w, ok := src.(Whose); ok {
		return w.For(who)
	}
	return src
}

// DiceFor is For for rules that roll dice and draw no card.
func DiceFor(d Dice, who string) Dice {
	if w, ok := d.(Whose); ok {
		return w.For(who)
	}
	return d
}

// Seeded is a Source from a seeded generator and a shuffled deck.
type Seeded struct {
	rng  *rand.Rand
	deck *Deck
}

// NewSeeded returns a Source whose dice and cards follow from seed, by a
// PCG generator: quick, and for tests; whoever knows or can guess the seed
// knows every roll.
func NewSeeded(seed uint64, cards []Card) *Seeded {
	rng := rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
	return &Seeded{rng: rng, deck: NewDeck(cards, rng)}
}

// NewKeyed returns a Source whose dice and cards follow from key by the
// ChaCha8 generator: without the key they cannot be told from chance, nor
// one roll worked out from the others.
func NewKeyed(key [32]byte, cards []Card) *Seeded {
	rng := rand.New(rand.NewChaCha8(key))
	return &Seeded{rng: rng, deck: NewDeck(cards, rng)}
}

// Roll implements Source.
func (s *Seeded) Roll(sides int) (int, error) {
	if sides < 1 {
		return 0, fmt.Errorf("a die needs faces, not %d", sides)
	}
	return 1 + s.rng.IntN(sides), nil
}

// Draw implements Source.
func (s *Seeded) Draw() (Card, error) { return s.deck.Draw(), nil }

// Given is a Source of values typed in: the Judge's physical dice and the
// card drawn at the table, or a test's. It hands them out in order and says
// exactly what is missing or wrong.
type Given struct {
	Dice  []int
	Cards []Card
}

// Roll implements Source.
func (g *Given) Roll(sides int) (int, error) {
	if len(g.Dice) == 0 {
		return 0, fmt.Errorf("a d%d is needed and no more dice were given", sides)
	}
	v := g.Dice[0]
	if v < 1 || v > sides {
		return 0, fmt.Errorf("a d%d cannot show %d", sides, v)
	}
	g.Dice = g.Dice[1:]
	return v, nil
}

// Draw implements Source.
func (g *Given) Draw() (Card, error) {
	if len(g.Cards) == 0 {
		return Card{}, fmt.Errorf("an action card is needed and none was given")
	}
	c := g.Cards[0]
	g.Cards = g.Cards[1:]
	return c, nil
}

// Roll is the dice of one pool as rolled: each die's face, the open-ended
// extra, and the totals with the pool's bonus, highest first.
type Roll struct {
	Pool   Pool
	Faces  []int // as rolled, in order
	Extra  int   // the open-ended reroll added to the highest die (0 if none)
	Totals []int // face + bonus (+ Extra on the highest), highest first
}

// RollPool rolls p from src. Open-ended: if the highest die shows its top
// face it is rolled again and added, once per pool (DESIGN.md "open-ended").
func RollPool(p Pool, src Source) (Roll, error) {
	r := Roll{Pool: p}
	for i := 0; i < p.Count; i++ {
		v, err := src.Roll(p.Sides)
		if err != nil {
			return Roll{}, err
		}
		r.Faces = append(r.Faces, v)
	}
	return r.finish(src)
}

func (r Roll) finish(src Source) (Roll, error) {
	p := r.Pool
	r.Totals = make([]int, len(r.Faces))
	for i, f := range r.Faces {
		r.Totals[i] = f + p.Bonus
	}
	sort.Sort(sort.Reverse(sort.IntSlice(r.Totals)))
	if len(r.Faces) > 0 && r.Totals[0]-p.Bonus == p.Sides {
		x, err := src.Roll(p.Sides)
		if err != nil {
			return Roll{}, fmt.Errorf("the open-ended reroll: %w", err)
		}
		r.Extra = x
		r.Totals[0] += x
	}
	return r, nil
}

// Top is the highest total, 0 for a pool of no dice.
func (r Roll) Top() int {
	if len(r.Totals) == 0 {
		return 0
	}
	return r.Totals[0]
}

// String writes the roll as "2d10: 9+3, 4".
func (r Roll) String() string {
	parts := make([]string, len(r.Totals))
	for i, t := range r.Totals {
		parts[i] = fmt.Sprint(t)
		if i == 0 && r.Extra > 0 {
			parts[i] = fmt.Sprintf("%d (%d+%d)", t, t-r.Extra, r.Extra)
		}
	}
	return r.Pool.String() + ": " + strings.Join(parts, ", ")
}

// DieResult is what one die of a test achieved.
type DieResult struct {
	Total   int
	Success bool
	Bumps   int // each full 2 points over the TN
}

// Judge reads one die total against a TN (DESIGN.md "results"): a success
// at or over the TN, a bump for each full 2 points it beats the TN by.
func Judge(total, tn int) DieResult {
	if total < tn {
		return DieResult{Total: total}
	}
	return DieResult{Total: total, Success: true, Bumps: (total - tn) / 2}
}

// Outcome is a whole test: every die judged, highest first (the primary
// action uses the first, the secondary the second…).
type Outcome struct {
	TN        int
	Results   []DieResult
	Successes int
	Bumps     int
}

// JudgeRoll judges every die of r against tn.
func JudgeRoll(r Roll, tn int) Outcome {
	o := Outcome{TN: tn}
	for _, t := range r.Totals {
		d := Judge(t, tn)
		o.Results = append(o.Results, d)
		if d.Success {
			o.Successes++
			o.Bumps += d.Bumps
		}
	}
	return o
}

// Calamity reports a calamity: a test with no success whose card shows the
// calamity mark (DESIGN.md "calamity").
func (o Outcome) Calamity(c Card) bool { return o.Successes == 0 && c.Calamity }
