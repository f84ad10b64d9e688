package rules

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// HitLocation is where a hit lands (DESIGN.md "hit locations").
type HitLocation string

// The hit locations, top to bottom: "up" and "down" moves go along this
// order; chest, vitals and belly are the torso for wounds.
const (
	Head     HitLocation = "head"
	Chest    HitLocation = "chest"
	Vitals   HitLocation = "vitals"
	Belly    HitLocation = "belly"
	RightArm HitLocation = "right arm"
	LeftArm  HitLocation = "left arm"
	RightLeg HitLocation = "right leg"
	LeftLeg  HitLocation = "left leg"
)

// HitLocations lists the locations top to bottom.
var HitLocations = []HitLocation{Head, Chest, Vitals, Belly, RightArm, LeftArm, RightLeg, LeftLeg}

// Card is one action card (DESIGN.md "action card").
type Card struct {
	ID          string      `json:"id"`   // "QS", "10H", "RJ"
	Rank        string      `json:"rank"` // "A", "2"…"10", "J", "Q", "K", "joker"
	Suit        string      `json:"suit"` // "spades", "hearts", "diamonds", "clubs"; a joker's "red" or "black"
	Phase       int         `json:"phase"`
	Clock       int         `json:"clock"`
	Yes         bool        `json:"yes"`
	Location    HitLocation `json:"location"`
	Penetration int         `json:"penetration"`
	Burst       int         `json:"burst"`
	Calamity    bool        `json:"calamity"`
	Unintended  bool        `json:"unintended"`
}

var suitSymbols = map[string]string{"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}

// Name is the card as a person says it: "Q♠", "10♥", "red joker".
func (c Card) Name() string {
	if c.Rank == "joker" {
		return c.Suit + " joker"
	}
	return c.Rank + suitSymbols[c.Suit]
}

// DeckFile is the JSON form of the deck table (assets/deck.json).
type DeckFile struct {
	Format  string   `json:"format"`
	Version int      `json:"version"`
	Notes   []string `json:"notes"`
	Cards   []Card   `json:"cards"`
}

// ParseDeck reads and checks a deck table: 54 cards, each field in range,
// no card twice.
func ParseDeck(data []byte) ([]Card, error) {
	var f DeckFile
	if err := decodeTable(data, "hexslinger/deck", &f); err != nil {
		return nil, err
	}
	if len(f.Cards) != 54 {
		return nil, fmt.Errorf("cards: %d, want 54 (52 and two jokers)", len(f.Cards))
	}
	seen := map[string]bool{}
	valid := map[HitLocation]bool{}
	for _, l := range HitLocations {
		valid[l] = true
	}
	for i, c := range f.Cards {
		switch {
		case c.ID == "" || seen[c.ID]:
			return nil, fmt.Errorf("cards[%d]: id %q is empty or used twice", i, c.ID)
		case c.Phase < 0 || c.Phase > 5:
			return nil, fmt.Errorf("cards[%d] %s: phase %d, want 0 to 5", i, c.ID, c.Phase)
		case c.Clock < 1 || c.Clock > 12:
			return nil, fmt.Errorf("cards[%d] %s: clock %d, want 1 to 12", i, c.ID, c.Clock)
		case !valid[c.Location]:
			return nil, fmt.Errorf("cards[%d] %s: location %q is not a hit location", i, c.ID, c.Location)
		case c.Penetration < 0 || c.Penetration > 10 || c.Burst < 0 || c.Burst > 10:
			return nil, fmt.Errorf("cards[%d] %s: penetration %d or burst %d out of 0 to 10", i, c.ID, c.Penetration, c.Burst)
		}
		seen[c.ID] = true
	}
	return f.Cards, nil
}

// FindCard finds a card by what a Judge types: "Q♠", "QS", "q spades",
// "10♥", "red joker", "RJ".
func FindCard(cards []Card, name string) (Card, error) {
	s := strings.ToUpper(strings.Join(strings.Fields(name), ""))
	s = cardWords.Replace(s)
	for _, c := range cards {
		if strings.ToUpper(c.ID) == s {
			return c, nil
		}
	}
	return Card{}, fmt.Errorf("no card %q: name it as Q♠, QS, 10H or red joker", name)
}

var cardWords = strings.NewReplacer("♠", "S", "♥", "H", "♦", "D", "♣", "C",
	"OFSPADES", "S", "OFHEARTS", "H", "OFDIAMONDS", "D", "OFCLUBS", "C",
	"SPADES", "S", "HEARTS", "H", "DIAMONDS", "D", "CLUBS", "C",
	"REDJOKER", "RJ", "BLACKJOKER", "BJ", "ACE", "A", "KING", "K", "QUEEN", "Q", "JACK", "J")

// Deck is a shuffled draw pile with its discards.
type Deck struct {
	cards []Card
	pile  []Card
	rng   *rand.Rand
}

// NewDeck returns cards shuffled with rng.
func NewDeck(cards []Card, rng *rand.Rand) *Deck {
	d := &Deck{cards: cards, rng: rng}
	d.Shuffle()
	return d
}

// Shuffle gathers every card and shuffles.
func (d *Deck) Shuffle() {
	d.pile = append(d.pile[:0], d.cards...)
	d.rng.Shuffle(len(d.pile), func(i, j int) { d.pile[i], d.pile[j] = d.pile[j], d.pile[i] })
}

// Draw takes the top card, reshuffling every card when the pile is empty.
func (d *Deck) Draw() Card {
	if len(d.pile) == 0 {
		d.Shuffle()
	}
	c := d.pile[len(d.pile)-1]
	d.pile = d.pile[:len(d.pile)-1]
	return c
}

// Left is how many cards remain before the reshuffle.
func (d *Deck) Left() int { return len(d.pile) }
