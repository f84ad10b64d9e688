package session

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
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
