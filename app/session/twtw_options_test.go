package session

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestTWTWOptionsAreTWTWsPart: TWTW's own options (the Judge's figures
// answering a blow at once, and the optional rules of weapon length,
// aiming on Acuity and fields of fire) are TWTW's part of a fight's
// options, under the JSON names they have always had; the options every
// system shares name none of them.
func TestTWTWOptionsAreTWTWsPart(t *testing.T) {
	r := &partsOf[optionPart]
	for _, key := range []string{"npc_defense", "weapon_length", "acuity", "fields_of_fire"} {
		t.Run(key, func(t *testing.T) {
			if r.shared[key] {
				t.Errorf("%q is one of the options every system shares, want TWTW's part", key)
			}
			if s := r.byKey[key]; s == nil || s.name != "twtw" {
				t.Errorf("%q is claimed by part %v, want twtw", key, s)
			}
		})
	}
}

// TestTWTWOptionsReadAndWriteAsBefore: a fight's options with TWTW's
// written as today's main writes them (flat among the shared ones) read
// into TWTW's part, and write back to the same names and values.
func TestTWTWOptionsReadAndWriteAsBefore(t *testing.T) {
	tests := []struct {
		name string
		json string
		want TWTWOptions
	}{
		{"none", `{"table_dice":true}`, TWTWOptions{}},
		{"all", `{"table_dice":true,"players_side":"posse","npc_defense":"block","weapon_length":true,"acuity":true,"fields_of_fire":true,"no_fog":true}`,
			TWTWOptions{NPCDefense: DefenseBlock, WeaponLength: true, Acuity: true, FieldsOfFire: true}},
		{"acuity alone", `{"acuity":true}`, TWTWOptions{Acuity: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var o FightOptions
			if err := json.Unmarshal([]byte(tc.json), &o); err != nil {
				t.Fatalf("read %s: %v", tc.json, err)
			}
			if got := o.TWTW(); got != tc.want {
				t.Errorf("read %s: TWTW's options %+v, want %+v", tc.json, got, tc.want)
			}
			data, err := json.Marshal(o)
			if err != nil {
				t.Fatal(err)
			}
			var got, want map[string]any
			if err := json.Unmarshal(data, &got); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(tc.json), &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("read %s, wrote %s", tc.json, data)
			}
		})
	}
}

// TestTWTWOptionsInTheLog: set_options says TWTW's options in the log in
// the words it always has.
func TestTWTWOptionsInTheLog(t *testing.T) {
	tests := []struct {
		name string
		set  TWTWOptions
		want string
	}{
		{"none", TWTWOptions{}, "Rule options: the session rolls the dice and draws the cards."},
		{"all", TWTWOptions{NPCDefense: DefenseDodge, WeaponLength: true, Acuity: true, FieldsOfFire: true},
			`Rule options: the session rolls the dice and draws the cards. Optional rule: weapon length. Optional rule: an aimed shot may draw on Acuity. Optional rule: fields of fire. A blow at one of the Judge's figures is answered "dodge" at once.`},
		{"the Judge's figures take it", TWTWOptions{NPCDefense: DefenseNone},
			`Rule options: the session rolls the dice and draws the cards. A blow at one of the Judge's figures is answered "none" at once.`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			o := s.State().Options.WithTWTW(tc.set)
			o.TableDice, o.PlayerDice = false, false
			e := mustDo(t, s, Command{Kind: CommandSetOptions, Options: &o})
			if e.Text != tc.want {
				t.Errorf("set_options %+v says\n%s\nwant\n%s", tc.set, e.Text, tc.want)
			}
			if got := s.State().Options.TWTW(); got != tc.set {
				t.Errorf("the fight's TWTW options after set_options %+v: %+v", tc.set, got)
			}
		})
	}
}

// TestNPCDefenseIsRangeChecked: a default answer that is none of the
// defenses is refused, from a fight file (naming options.npc_defense) and
// from set_options.
func TestNPCDefenseIsRangeChecked(t *testing.T) {
	f := demo(t)
	f.Options = f.Options.WithTWTW(TWTWOptions{NPCDefense: "parry"})
	data, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeFight(bytes.NewReader(data)); err == nil || !strings.Contains(err.Error(), "options.npc_defense:") || !strings.Contains(err.Error(), `"parry" is not a defense`) {
		t.Errorf("a fight file answering %q: %v, want an error naming options.npc_defense", "parry", err)
	}
	s := open(t)
	o := s.State().Options.WithTWTW(TWTWOptions{NPCDefense: "parry"})
	if _, err := s.Do(Command{Kind: CommandSetOptions, Options: &o}); err == nil || !strings.Contains(err.Error(), `"parry" is not a defense`) {
		t.Errorf("set_options answering %q: %v, want refused", "parry", err)
	}
}

// TestTWTWAttacksSayWhatAShotMayBe: the session answers the composer's
// shot fields from TWTW's words: the shot kinds with the most aims of an
// aimed shot, the fan (composed in a series, on no key of the map
// window), and the choice of aiming on Acuity, offered with the aimed shot
// only when the fight plays the optional rule; the command the session
// builds draws on Acuity only then.
func TestTWTWAttacksSayWhatAShotMayBe(t *testing.T) {
	s := open(t)
	shoot := func() Attack {
		t.Helper()
		for _, a := range s.State().Attacks("cyril") {
			if !a.Melee {
				return a
			}
		}
		t.Fatal("Cyril has no missile attack")
		return Attack{}
	}
	a := shoot()
	var names []string
	for _, k := range append(append([]AttackKind(nil), a.Kinds...), a.Series...) {
		names = append(names, k.Name)
		if k.Trait != "" {
			t.Errorf("with the Acuity rule off, the %s shot offers %q", k.Name, k.Trait)
		}
	}
	if want := []string{"snap", "normal", "aimed", "fan"}; !reflect.DeepEqual(names, want) {
		t.Errorf("Cyril's shot kinds: %v, want %v", names, want)
	}
	if a.Kinds[2].Most != 2 || a.Kinds[1].Most != 0 {
		t.Errorf("the most aims: aimed %d, normal %d; want 2 and 0", a.Kinds[2].Most, a.Kinds[1].Most)
	}
	setOption(t, s, func(o *FightOptions) { *o = o.WithTWTW(TWTWOptions{Acuity: true}) })
	a = shoot()
	for i, k := range a.Kinds {
		if got := k.Trait != ""; got != (k.Name == "aimed") {
			t.Errorf("with the Acuity rule on, kind %d (%s) offers %q", i, k.Name, k.Trait)
		}
	}
	tests := []struct {
		name   string
		choice AttackChoice
		want   ShotOrder
	}{
		{"aimed twice on Acuity", AttackChoice{Key: a.Key, Weapon: "schofield", Kind: 2, Times: 2, OnTrait: true}, ShotOrder{Target: "zeke", Kind: "aimed", Aims: 2, Acuity: true}},
		{"aimed on Coordination", AttackChoice{Key: a.Key, Weapon: "schofield", Kind: 2, Times: 1}, ShotOrder{Target: "zeke", Kind: "aimed", Aims: 1}},
		{"a normal shot draws on no other trait", AttackChoice{Key: a.Key, Weapon: "schofield", Kind: 1, Times: 2, OnTrait: true}, ShotOrder{Target: "zeke", Kind: "normal"}},
		{"the fan", AttackChoice{Key: a.Key, Weapon: "schofield", Kind: 3, OnTrait: true}, ShotOrder{Target: "zeke", Kind: "fan"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd, ok := s.State().AttackCommand("cyril", "zeke", tc.choice)
			if !ok || len(cmd.Shots) != 1 || cmd.Shots[0] != tc.want || cmd.Weapon != "schofield" {
				t.Errorf("AttackCommand(%+v) = %+v (%v), want one shot %+v with the schofield", tc.choice, cmd, ok, tc.want)
			}
		})
	}
	setOption(t, s, func(o *FightOptions) { *o = o.WithTWTW(TWTWOptions{}) })
	cmd, _ := s.State().AttackCommand("cyril", "zeke", AttackChoice{Key: a.Key, Weapon: "schofield", Kind: 2, Times: 1, OnTrait: true})
	if len(cmd.Shots) != 1 || cmd.Shots[0].Acuity {
		t.Errorf("with the rule off, an aimed shot picked on Acuity: %+v", cmd.Shots)
	}
}
