package session

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"hexslinger/rules"
)

// Whose dice roll what, and how the session's own are made.
//
// A command asks for its randomness once (roller), listing the rolls it
// will make and whose each is (need). The rules say at every roll whose
// it is (rules.For). The Judge's dice, typed in from the table, serve
// every roll; a player's, when the fight lets players roll their own
// (FightOptions.PlayerDice), serve only the player's own figure's rolls,
// and the session's generator the rest (ownDice). The generator of a
// command is ChaCha8 keyed by HMAC-SHA256 of the fight's key and the
// command's place: the key is the session's secret, drawn from
// crypto/rand as the session opens, or, for a fight file that fixes its
// seed, a hash of the seed (rollKey). docs/protocol.md says why a player
// cannot rebuild a roll.

// need is one roll a command asks for: whose it is (a figure's id; ""
// for no figure's, as an off-map healer's) and what it is, in words.
type need struct {
	who  string
	what string
}

// roller gives a command its randomness, once it knows the rolls it will
// make.
type roller func(needs []need) (rules.Source, error)

// texts are the rolls' words, for a refusal's Needs.
func texts(needs []need) []string {
	out := make([]string, len(needs))
	for i, n := range needs {
		out[i] = n.what
	}
	return out
}

// whose are the words of the rolls that are who's.
func whose(needs []need, who string) []string {
	var out []string
	for _, n := range needs {
		if n.who == who {
			out = append(out, n.what)
		}
	}
	return out
}

// ownDice is a player's command's randomness where players roll their own
// dice: the player's dice and cards serve their own figure's rolls, the
// session's generator every other roll, and the rolls nobody claims.
//
// Once the session has rolled in secret in the command, whether the
// player's figure rolls again, and how often, may hang on that roll (the
// loser of a Fudge exchange rolls a damage check, a TWTW figure hit a
// stun check). From there the player's dice refuse nothing, for a refusal
// changes nothing, and the command sent again would roll the secret anew
// until it suits the player: a die not sent is the session's, a face the
// die cannot show is rolled by the session instead, and dice left over
// are not read; the log line says so (note). Before it, the player's dice
// are refused as ever, about their own rolls alone.
type ownDice struct {
	own   string       // the player's figure: the command's
	given *rules.Given // the player's dice and cards
	rest  *tally       // the session's rolls
	asked []string     // the player's own rolls, in words

	filled, drawn int            // dice and cards not sent, rolled and drawn by the session
	unfit         map[string]int // faces the die asked cannot show ("a d6 cannot show 9"), and how many
	unfitOrder    []string
}

// secret reports whether the session has rolled in secret in the command.
func (o *ownDice) secret() bool { return o.rest.n > 0 }

// For implements rules.Whose.
func (o *ownDice) For(who string) rules.Source {
	if who == o.own {
		return playersDice{o, who}
	}
	return o.rest
}

// Roll implements rules.Source: a roll nobody claims is the session's.
func (o *ownDice) Roll(sides int) (int, error) { return o.rest.Roll(sides) }

// Draw implements rules.Source: a card nobody claims is the session's.
func (o *ownDice) Draw() (rules.Card, error) { return o.rest.Draw() }

// note is what the log line says of the player's dice after the session's
// secret roll, with unread dice left over (0 where the system does not
// count them), or "".
func (o *ownDice) note(name string, unread int) string {
	var parts []string
	if o.filled > 0 {
		parts = append(parts, fmt.Sprintf("%d not sent, rolled by the session", o.filled))
	}
	if o.drawn > 0 {
		parts = append(parts, fmt.Sprintf("%d %s not sent, drawn by the session", o.drawn, plural(o.drawn, "card", "cards")))
	}
	for _, u := range o.unfitOrder {
		p := u + ", rolled by the session"
		if n := o.unfit[u]; n > 1 {
			p += fmt.Sprintf(" (%d dice)", n)
		}
		parts = append(parts, p)
	}
	if unread > 0 {
		parts = append(parts, fmt.Sprintf("%d not needed", unread))
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s's own dice, after the session's secret roll: %s.)", name, strings.Join(parts, "; "))
}

// givenFor, set by tests, hears whose roll each die or card taken from a
// player's is for (FuzzCommands).
var givenFor func(who string)

// playersDice are a player's dice and cards, as rolled for who.
type playersDice struct {
	o   *ownDice
	who string
}

func (p playersDice) Roll(sides int) (int, error) {
	g := p.o.given
	if p.o.secret() {
		switch {
		case len(g.Dice) == 0:
			p.o.filled++
			return p.o.rest.Roll(sides)
		case sides >= 1 && (g.Dice[0] < 1 || g.Dice[0] > sides):
			u := fmt.Sprintf("a d%d cannot show %d", sides, g.Dice[0])
			if p.o.unfit == nil {
				p.o.unfit = map[string]int{}
			}
			if p.o.unfit[u] == 0 {
				p.o.unfitOrder = append(p.o.unfitOrder, u)
			}
			p.o.unfit[u]++
			g.Dice = g.Dice[1:]
			return p.o.rest.Roll(sides)
		}
	}
	if givenFor != nil {
		givenFor(p.who)
	}
	return g.Roll(sides)
}

func (p playersDice) Draw() (rules.Card, error) {
	if p.o.secret() && len(p.o.given.Cards) == 0 {
		p.o.drawn++
		return p.o.rest.Draw()
	}
	if givenFor != nil {
		givenFor(p.who)
	}
	return p.o.given.Draw()
}

// tally counts the rolls and cards a source gives.
type tally struct {
	src rules.Source
	n   int
}

func (t *tally) Roll(sides int) (int, error) {
	v, err := t.src.Roll(sides)
	if err == nil {
		t.n++
	}
	return v, err
}

func (t *tally) Draw() (rules.Card, error) {
	c, err := t.src.Draw()
	if err == nil {
		t.n++
	}
	return c, err
}

// playersRoll refuses the dice and cards of a player's command unless the
// fight lets players roll their own: it says nothing of any die.
func playersRoll(seat *Seat, st *State, c Command) error {
	if seat == nil || seat.Role == RoleJudge || len(c.Dice) == 0 && len(c.Cards) == 0 || st.Options.PlayerDice {
		return nil
	}
	return &Forbidden{Reason: "the Judge rolls the dice in this fight: send the command without dice or cards (the Judge may let players roll their own, on the console's Fight tab)"}
}

// randomness is command c's from seat (nil: the Judge): the dice and
// cards it carries, the table dice it must carry, or the session's
// generator (generator). The caller holds s.mu.
func (s *Session) randomness(seat *Seat, c Command) roller {
	return func(needs []need) (rules.Source, error) {
		return chooseDice(seat, s.state, c, needs, s.generator)
	}
}

// chooseDice is the randomness of command c from seat on state st that
// makes needs, gen the session's generator: Session.Do's, and with a gen
// that stops before the first secret roll, Preview's.
//
// The Judge's dice serve every roll. A player's (allowed by playersRoll)
// serve the player's figure's rolls, the generator the others'. Under
// table dice a command that brings none is refused with what to roll: the
// Judge's with every roll, a player's with their own figure's alone (or,
// where players may not roll, none: the Judge rolls); the rolls of a
// player's command that are not the player's come from the generator.
func chooseDice(seat *Seat, st *State, c Command, needs []need, gen func() (rules.Source, error)) (rules.Source, error) {
	carried := len(c.Dice) > 0 || len(c.Cards) > 0
	if seat == nil || seat.Role == RoleJudge {
		if carried {
			return givenSource(c, texts(needs))
		}
		if st.Options.TableDice {
			return nil, &Refusal{Reason: "this fight uses table dice: roll " + strings.Join(texts(needs), "; "), Needs: texts(needs)}
		}
		return gen()
	}
	own := whose(needs, c.Figure)
	if !carried && st.Options.TableDice && len(own) > 0 {
		if !st.Options.PlayerDice {
			return nil, refuse("this fight uses table dice, which the Judge rolls: the Judge gives this command, with the dice")
		}
		return nil, &Refusal{Reason: "this fight uses table dice: roll " + strings.Join(own, "; "), Needs: own}
	}
	if !carried {
		return gen()
	}
	g, err := givenSource(c, own)
	if err != nil {
		return nil, err
	}
	// The rest: every other figure's rolls, and any the rules leave
	// unclaimed. A command that says it rolls none but its own figure's
	// asks the generator only if it rolls one after all (a preview then
	// stops there).
	o := &ownDice{own: c.Figure, given: g.(*rules.Given), rest: &tally{src: &lazyRolls{gen: gen}}, asked: own}
	if slices.ContainsFunc(needs, func(n need) bool { return n.who != c.Figure }) {
		if o.rest.src, err = gen(); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// lazyRolls is a generator made at its first roll or card.
type lazyRolls struct {
	gen func() (rules.Source, error)
	src rules.Source
}

func (l *lazyRolls) get() (rules.Source, error) {
	if l.src == nil {
		src, err := l.gen()
		if err != nil {
			return nil, err
		}
		l.src = src
	}
	return l.src, nil
}

func (l *lazyRolls) Roll(sides int) (int, error) {
	src, err := l.get()
	if err != nil {
		return 0, err
	}
	return src.Roll(sides)
}

func (l *lazyRolls) Draw() (rules.Card, error) {
	src, err := l.get()
	if err != nil {
		return rules.Card{}, err
	}
	return src.Draw()
}

// generator is the session's randomness for the command about to be
// decided (its events start after the last): keyed, never rebuildable
// from what a player is sent. The caller holds s.mu.
func (s *Session) generator() (rules.Source, error) {
	seq := s.events[len(s.events)-1].Seq + 1
	if seed := s.state.Options.Seed; seed != nil {
		// A fixed seed fixes every roll: the same seed and place, the
		// same dice, whatever was tried there before.
		return secretRolls{keyedRolls(rollKey(fixedKey(*seed), seq, 0))}, nil
	}
	// Each try draws anew. No refusal of a player's command comes after
	// a secret roll (ownDice, and the rules check all they refuse first),
	// so a refusal tells nothing of this try; and a command sent again
	// after a refusal rolls from another key all the same, so that
	// should one ever come after a roll, it tells nothing of the next.
	s.tries++
	return secretRolls{keyedRolls(rollKey(s.secret, seq, s.tries))}, nil
}

// secretRolled, set by tests, hears each roll and card of the session's
// generator: a secret roll (FuzzCommands: no refusal of a player's
// command comes after one).
var secretRolled func()

// secretRolls is the session's generator of one command.
type secretRolls struct{ src rules.Source }

func (r secretRolls) Roll(sides int) (int, error) {
	if secretRolled != nil {
		secretRolled()
	}
	return r.src.Roll(sides)
}

func (r secretRolls) Draw() (rules.Card, error) {
	if secretRolled != nil {
		secretRolled()
	}
	return r.src.Draw()
}

// newSecret draws a session's secret key from the system's cryptographic
// randomness.
func newSecret() [32]byte {
	var k [32]byte
	rand.Read(k[:]) // never fails (crypto/rand's contract since Go 1.24)
	return k
}

// fixedKey is the key of a fight whose file fixes its seed: a hash of the
// seed, so that nothing but the seed itself rebuilds the rolls.
func fixedKey(seed uint64) [32]byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], seed)
	return sha256.Sum256(append([]byte("hexslinger fixed seed\x00"), b[:]...))
}

// rollKey derives the key of one command's rolls from the fight's key,
// the command's first seq and the session's count of tries.
func rollKey(key [32]byte, seq int, try uint64) [32]byte {
	m := hmac.New(sha256.New, key[:])
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], uint64(seq))
	binary.BigEndian.PutUint64(b[8:], try)
	m.Write([]byte("hexslinger rolls\x00"))
	m.Write(b[:])
	var out [32]byte
	copy(out[:], m.Sum(nil))
	return out
}

// keyedRolls is the generator of a command whose key is key (rollKey).
func keyedRolls(key [32]byte) rules.Source { return rules.NewKeyed(key, rules.Cards()) }
