package session

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"hexslinger/rules/dragonwarriors"
)

// TestAFiguresWeaponsAreItsSheetsInItsSystemsWords: what a figure fights
// with is where its system's sheet keeps it, said in the system's terms
// (State.WeaponsOf): TWTW's carried gear, in hand, cocked and loaded;
// Savage Worlds' hand weapon, Strength die plus the weapon's ("Str+d6",
// Savage Worlds: Damage), and its gun's Range, Damage and Rate of Fire;
// Dragon Warriors II's weapon by its bonuses to Attack and Damage (DW II:
// Weapons: "summarised in terms of bonuses to Attack and Damage"), and a
// weapon its sheet does not name strikes with no modifiers counted;
// Fudge's offensive damage factor with the Melee and Ranged skills it
// strikes with, and a shield by its skill and points.
func TestAFiguresWeaponsAreItsSheetsInItsSystemsWords(t *testing.T) {
	for _, tc := range []struct {
		name, fight, id string
		dw              func(*dragonwarriors.Sheet) // a change to the figure's Dragon Warriors II sheet first
		want            []string
	}{
		{"TWTW: the gear carried", "demo", "cyril", nil, []string{"S&W Schofield (5/6 loaded)", "Winchester 1873 (15/15 loaded)"}},
		{"Savage Worlds: a hand weapon and a gun", "savage", "marshal", nil,
			[]string{"Hand weapon (Str+d6)", "Colt Peacemaker (Range 12/24/48, Damage 2d6, RoF 1)"}},
		{"Savage Worlds: a Strength die alone unarmed", "savage", "doc", nil,
			[]string{"Unarmed (Str)", "Colt Peacemaker (Range 12/24/48, Damage 2d6, RoF 1)"}},
		{"Savage Worlds: an Extra's rifle", "savage", "bandit-1", nil,
			[]string{"Hand weapon (Str+d4)", "Winchester '73 (Range 24/48/96, Damage d8+d6, RoF 1)"}},
		{"Dragon Warriors II: a sword's bonus to Attack", "dragonwarriors", "rolf",
			func(d *dragonwarriors.Sheet) { d.Weapon = "one-handed-sword" }, []string{"One-handed sword (Attack +1)"}},
		// An axe flies as the missile rule reads it ("close-range weapons
		// like rocks, axes, knives and javelins"), the fight's reading.
		{"Dragon Warriors II: an axe's to Attack and Damage", "dragonwarriors", "rolf",
			func(d *dragonwarriors.Sheet) { d.Weapon = "two-handed-heavy" },
			[]string{"Two-handed heavy weapon (axe, mace, polearm) (Attack +1, Damage +3; can be hurled)"}},
		{"Dragon Warriors II: a concealed knife, thrown", "dragonwarriors", "lennox",
			func(d *dragonwarriors.Sheet) { d.Weapon, d.Concealed = "small", true },
			[]string{"Small weapon (knife) (can be thrown; concealed)"}},
		{"Dragon Warriors II: a bow", "dragonwarriors", "lennox",
			func(d *dragonwarriors.Sheet) { d.Weapon = "bow" }, []string{"Bow (missile, range in fathoms)"}},
		{"Dragon Warriors II: none named", "dragonwarriors", "rolf", nil,
			[]string{"No weapon named on the sheet: no weapon's bonuses counted"}},
		{"Fudge: a weapon's damage factor", "fudge", "sheriff", nil,
			[]string{"Weapon (offensive damage +2; Melee Great, Ranged Good)"}},
		{"Fudge: a weapon and a shield", "fudge", "bruiser", nil,
			[]string{"Weapon (offensive damage +1; Melee Good, Ranged Poor)", "Shield (Fair, 6 points)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openBundled(t, tc.fight)
			if tc.dw != nil {
				setDW(t, s, s.State().Figures[tc.id].Character, tc.dw)
			}
			if got := s.State().WeaponsOf(tc.id); !slices.Equal(got, tc.want) {
				t.Errorf("WeaponsOf(%s) = %q, want %q", tc.id, got, tc.want)
			}
		})
	}
	t.Run("no such figure", func(t *testing.T) {
		if got := openBundled(t, "savage").State().WeaponsOf("nobody"); got != nil {
			t.Errorf("WeaponsOf(nobody) = %q, want none", got)
		}
	})
}

// TestAConcealedWeaponIsNotToldToThePlayers: "Small weapons (knives
// etc.) ... can be concealed" (DW II: Weapons): the weapons a player's
// window is told of a figure it does not command are read from the
// sheet as that player may know it, without the knife.
func TestAConcealedWeaponIsNotToldToThePlayers(t *testing.T) {
	s := openBundled(t, "dragonwarriors")
	setDW(t, s, "lennox", func(d *dragonwarriors.Sheet) { d.Weapon, d.Concealed = "small", true })
	if got := strings.Join(s.State().WeaponsOf("lennox"), "; "); !strings.Contains(got, "knife") || !strings.Contains(got, "concealed") {
		t.Fatalf("the Judge is told %q of Lennox's concealed knife", got)
	}
	seen := *s.State()
	seen.Characters = maps.Clone(seen.Characters)
	seen.Characters["lennox"] = keepSecrets(seen.Characters["lennox"])
	if got := strings.Join(seen.WeaponsOf("lennox"), "; "); strings.Contains(got, "knife") || strings.Contains(got, "concealed") {
		t.Errorf("a player is told %q of Lennox's concealed knife", got)
	}
}
