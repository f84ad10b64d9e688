package session

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// partA and partB are parts the tests register on their own registry.
type partA struct {
	N    int    `json:"a_n,omitempty"`
	Word string `json:"a_word,omitempty"`
}

type partB struct {
	On bool `json:"b_on,omitempty"`
}

// withParts runs f with a status registry holding the parts register adds
// to the real registry's owner fields alone, then puts the real one back.
func withParts(t *testing.T, register func()) {
	t.Helper()
	kept, types := partsOf[statusPart], maps.Clone(partTypes)
	partsOf[statusPart] = partRegistry{shared: kept.shared, byKey: map[string]*partSpec{}}
	t.Cleanup(func() { partsOf[statusPart], partTypes = kept, types })
	register()
}

func TestPartsAbsentIsZero(t *testing.T) {
	withParts(t, func() {
		registerStatusPart[partA]("a")
		registerStatusPart[partB]("b")
	})
	var p Parts
	if got := partOf[partA](p); got != (partA{}) {
		t.Errorf("partOf on no parts = %+v, want zero", got)
	}
	setPart(&p, partA{N: 2})
	copied := p
	setPart(&p, partA{N: 3})
	if got := partOf[partA](copied); got.N != 2 {
		t.Errorf("a copy made before a set reads %+v, want N 2 (copy on write)", got)
	}
	if got := partOf[partA](p); got.N != 3 {
		t.Errorf("after set N 3: %+v", got)
	}
	setPart(&p, partA{})
	if !reflect.DeepEqual(p, Parts{}) || p.Len() != 0 {
		t.Errorf("a part set to zero left %#v, want no parts (DeepEqual with Parts{})", p)
	}
	setPart(&p, partB{})
	if p.m != nil {
		t.Errorf("setting an absent part to zero made %#v", p)
	}
}

func TestPartsJSON(t *testing.T) {
	withParts(t, func() {
		registerStatusPart[partA]("a")
		registerStatusPart[partB]("b")
	})
	var st FigureStatus
	st.Conc = 3
	setPart(&st.Parts, partB{On: true})
	setPart(&st.Parts, partA{N: 4})
	data, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"conc":3,"a_n":4,"b_on":true}`; string(data) != want {
		t.Errorf("marshal = %s, want %s (own fields, then parts in registration order)", data, want)
	}
	for _, c := range []struct {
		name, in string
		want     FigureStatus
		err      string
	}{
		{name: "own and parts", in: `{"conc":3,"a_n":4,"b_on":true}`, want: st},
		{name: "parts alone", in: `{"b_on":true}`, want: func() (s FigureStatus) { setPart(&s.Parts, partB{On: true}); return }()},
		{name: "zero part is absent", in: `{"a_n":0,"conc":1}`, want: FigureStatus{Conc: 1}},
		{name: "other case", in: `{"A_N":4,"CONC":3,"b_on":true}`, want: st},
		{name: "unknown name", in: `{"conc":3,"shakn":true}`, err: `unknown field "shakn"`},
		{name: "wrong type in a part", in: `{"a_n":"x"}`, err: "cannot unmarshal"},
		{name: "null", in: `null`, want: FigureStatus{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got FigureStatus
			err := json.Unmarshal([]byte(c.in), &got)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("unmarshal %s: error %v, want one with %q", c.in, err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("unmarshal %s: %v", c.in, err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("unmarshal %s = %+v, want %+v", c.in, got, c.want)
			}
		})
	}
}

func TestPartRegistrationRefusesClashes(t *testing.T) {
	type clash struct {
		X int `json:"a_n,omitempty"`
	}
	type own struct {
		X int `json:"conc,omitempty"`
	}
	type always struct {
		X int `json:"always"`
	}
	for _, c := range []struct {
		name     string
		register func()
		want     string
	}{
		{"two parts claim one name", func() { registerStatusPart[partA]("a"); registerStatusPart[clash]("clash") }, `both claim "a_n"`},
		{"a part claims an owner's name", func() { registerStatusPart[own]("own") }, `claims "conc"`},
		{"twice", func() { registerStatusPart[partA]("a"); registerStatusPart[partA]("a") }, "registered twice"},
		{"a field written when zero", func() { registerStatusPart[always]("always") }, "neither omitempty nor omitzero"},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(string), c.want) {
					t.Errorf("panic %v, want one with %q", r, c.want)
				}
			}()
			withParts(t, c.register)
		})
	}
}

// setLC changes o's Lead and Chrome options with change.
func setLC(o *FightOptions, change func(*LeadChromeOptions)) {
	l := o.LeadChrome()
	change(&l)
	*o = o.WithLeadChrome(l)
}

// TestAPartNoSystemRegisteredPanics: setting a part of a type no system
// registered is a programming error, found at once rather than in a file
// that lost it.
func TestAPartNoSystemRegisteredPanics(t *testing.T) {
	type stray struct {
		X int `json:"stray,omitempty"`
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "no system registered it") {
			t.Errorf("panic %v, want one saying no system registered it", r)
		}
	}()
	var p Parts
	setPart(&p, stray{X: 1})
}

// FuzzStatusJSON decodes hostile bytes as a figure's status, its own
// fields and every system's part spliced among them: the names
// eachMember finds are the object's names as encoding/json reads them; a
// name neither the status nor a part has is refused, naming it; and a
// status that decodes writes JSON that decodes to itself.
func FuzzStatusJSON(f *testing.F) {
	for _, name := range compatFights {
		data, err := os.ReadFile(filepath.Join("testdata", "compat", name+".fight.json"))
		if err != nil {
			f.Fatal(err)
		}
		var ff FightFile
		if err := json.Unmarshal(data, &ff); err != nil {
			f.Fatal(err)
		}
		for _, fs := range ff.Figures {
			b, _ := json.Marshal(fs.Status)
			f.Add(b)
		}
	}
	f.Add([]byte(`{"shaken":true,"Stance":"full","fudge":{"tried":2},"x\u0041":1}`))
	f.Add([]byte(`{"gear":[{"weapon":"schofield"}],"coin_marks":2,"draw_to_hit":-3}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var raw map[string]json.RawMessage
		objErr := json.Unmarshal(data, &raw)
		if objErr == nil && raw != nil {
			names := map[string]bool{}
			if err := eachMember(data, func(k, _ []byte) error { names[string(k)] = true; return nil }); err != nil {
				t.Fatalf("eachMember of %s: %v, where encoding/json reads %d names", data, err, len(raw))
			}
			if len(names) != len(raw) {
				t.Fatalf("eachMember of %s finds %v, encoding/json %v", data, names, slices.Collect(maps.Keys(raw)))
			}
			for k := range raw {
				if !names[k] {
					t.Fatalf("eachMember of %s misses %q", data, k)
				}
			}
		}
		var st FigureStatus
		err := json.Unmarshal(data, &st)
		if objErr == nil {
			r := &partsOf[statusPart]
			var unknown []string
			for k := range raw {
				if s, own := r.fold(k); !r.shared[k] && r.byKey[k] == nil && s == nil && !own {
					unknown = append(unknown, k)
				}
			}
			if len(unknown) > 0 && (err == nil || !slices.ContainsFunc(unknown, func(k string) bool { return strings.Contains(err.Error(), fmt.Sprintf("%q", k)) })) {
				t.Fatalf("%s: unknown names %q, error %v, want one naming one of them", data, unknown, err)
			}
		}
		if err != nil {
			return
		}
		once, err := json.Marshal(st)
		if err != nil {
			t.Fatalf("%s decodes to %+v, which does not encode: %v", data, st, err)
		}
		var again FigureStatus
		if err := json.Unmarshal(once, &again); err != nil {
			t.Fatalf("%s: the status writes %s, which does not decode: %v", data, once, err)
		}
		if twice, _ := json.Marshal(again); !bytes.Equal(once, twice) {
			t.Fatalf("%s: the status writes %s, which decodes and writes %s", data, once, twice)
		}
	})
}

// TestOptionsJSONSplicesEachSystemsOptions: a fight's options read each
// system's and option's own under their old names, and refuse a name none
// has.
func TestOptionsJSONSplicesEachSystemsOptions(t *testing.T) {
	for _, c := range []struct {
		name, in string
		check    func(o FightOptions) bool
		err      string
	}{
		{name: "Lead and Chrome", in: `{"table_dice":true,"initiative":"leadchrome","quick_draw":true}`,
			check: func(o FightOptions) bool {
				l := o.LeadChrome()
				return o.TableDice && l.Initiative == "leadchrome" && l.QuickDraw
			}},
		{name: "Fudge's modules, none on", in: `{"fudge":{}}`, check: func(o FightOptions) bool { return fudgeModulesOf(o) != nil }},
		{name: "Dragon Warriors II and Savage Worlds", in: `{"knock_out_at_five":true,"savage_raises_only":true}`,
			check: func(o FightOptions) bool { return dwOptionsOf(o).KnockOutAtFive && swOptionsOf(o).SavageRaisesOnly }},
		{name: "an unknown name", in: `{"table_dice":true,"quickdraw":true}`, err: `unknown field "quickdraw"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var o FightOptions
			err := json.Unmarshal([]byte(c.in), &o)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("unmarshal %s: error %v, want one with %q", c.in, err, c.err)
				}
				return
			}
			if err != nil || !c.check(o) {
				t.Fatalf("unmarshal %s = %+v, %v", c.in, o, err)
			}
			out, err := json.Marshal(o)
			if err != nil {
				t.Fatal(err)
			}
			var back, want any
			json.Unmarshal(out, &back)
			json.Unmarshal([]byte(c.in), &want)
			if !reflect.DeepEqual(back, want) {
				t.Errorf("unmarshal %s, marshal: %s", c.in, out)
			}
		})
	}
}
