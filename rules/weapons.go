package rules

import (
	"fmt"
)

// Weapon is one row of the weapon table (assets/weapons.json).
type Weapon struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	Skill        string `json:"skill"`
	Snap         int    `json:"snap"`   // AP of a snap shot
	Normal       int    `json:"normal"` // AP of a normal shot
	Aim          int    `json:"aim"`    // AP of one aim action
	Cock         int    `json:"cock"`   // AP to cock; 0 needs no cocking
	SP           int    `json:"sp"`     // snap-shot penalty, in downgrades
	Rel          int    `json:"rel"`
	Pen          int    `json:"pen"`
	DMG          int    `json:"dmg"`
	RD           int    `json:"rd"`
	Range        int    `json:"range"` // range increment, paces
	Size         int    `json:"size"`
	Accurate     int    `json:"accurate"` // Accurate(n): added to an aimed shot's result
	Hands        int    `json:"hands"`
	Capacity     int    `json:"capacity"`
	Revolver     bool   `json:"revolver,omitempty"`
	SingleAction bool   `json:"single_action,omitempty"` // may be fan-fired
	Thrown       bool   `json:"thrown,omitempty"`
	Explosive    bool   `json:"explosive,omitempty"`
	Melee        bool   `json:"melee,omitempty"`     // a hand-to-hand weapon
	Deadly       bool   `json:"deadly,omitempty"`    // melee: cuts or stabs (deadly damage)
	Advantage    int    `json:"advantage,omitempty"` // melee: the weapon's advantage value
	Length       int    `json:"length,omitempty"`    // melee: reach, for the optional weapon-length rule
	// Burst is the rounds one shot of a crank-fired gun fires (the
	// Gatling gun); the card's burst result says how many hit
	// (BurstHits). 0 for a gun that fires one round a shot.
	Burst int `json:"burst,omitempty"`
}

// Readying costs (TWTW Conflict: Cocking and Readying): weapons up to size 5
// cost 2 AP to ready, 1 AP more for each unit of size above 5.
const (
	ReadyAP        = 2
	ReadyBaseSize  = 5
	MaxAimsPerShot = 2 // "Up to two successive aim actions"
)

// ReadyCost is the AP to ready a weapon of this size.
func (w Weapon) ReadyCost() int { return ReadyAP + max(0, w.Size-ReadyBaseSize) }

// ThrownRangeIncrement is the range increment of every thrown weapon (TWTW
// Conflict: Throwing Things).
const ThrownRangeIncrement = 10

// WeaponFile is the JSON form of the weapon table.
type WeaponFile struct {
	Format  string   `json:"format"`
	Version int      `json:"version"`
	Notes   []string `json:"notes"`
	Weapons []Weapon `json:"weapons"`
}

// ParseWeapons reads and checks a weapon table.
func ParseWeapons(data []byte) (map[string]Weapon, error) {
	var f WeaponFile
	if err := decodeTable(data, "hexslinger/weapons", &f); err != nil {
		return nil, err
	}
	out := map[string]Weapon{}
	for i, w := range f.Weapons {
		switch {
		case w.ID == "" || out[w.ID].ID != "":
			return nil, fmt.Errorf("weapons[%d]: id %q is empty or used twice", i, w.ID)
		case !w.Melee && (w.Snap < 0 || w.Normal < w.Snap || w.Aim < 0 || w.Cock < 0 || w.SP < 0):
			return nil, fmt.Errorf("weapons[%d] %s: AP costs must be 0 or more and a normal shot no faster than a snap", i, w.ID)
		case w.Range < 1 || w.Size < 1 || w.Hands < 1 || w.Hands > 2:
			return nil, fmt.Errorf("weapons[%d] %s: range increment, size and hands (1 or 2) must be set", i, w.ID)
		case w.Burst < 0 || w.Burst > w.Capacity || (w.Burst > 0 && (w.Thrown || w.Melee)):
			return nil, fmt.Errorf("weapons[%d] %s: a burst of %d rounds needs a gun holding that many (capacity %d)", i, w.ID, w.Burst, w.Capacity)
		case w.Thrown && w.Range != ThrownRangeIncrement:
			return nil, fmt.Errorf("weapons[%d] %s: a thrown weapon's range increment is %d paces", i, w.ID, ThrownRangeIncrement)
		}
		out[w.ID] = w
	}
	return out, nil
}
