package session

import (
	"slices"
	"testing"

	"hexslinger/hexmap"
)

// TestKnownChangedSinceNamesWhatTheSideLearned: a window that drew a
// side's known map at one version is told the hexes to draw again: those
// whose known data changed since (an edit the side sees), none for an
// edit it does not see, and "draw it all" (not ok) for a side with no
// record or a fight without fog.
func TestKnownChangedSinceNamesWhatTheSideLearned(t *testing.T) {
	st, err := demo(t).State()
	if err != nil {
		t.Fatal(err)
	}
	hex := func(label string) hexmap.Hex {
		h, err := st.Map.ParseHex(label)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	edit := func(label, terrain string) {
		c := st.Map.CellAt(hex(label))
		c.Terrain = terrain
		if err := st.Apply(Event{Kind: EventMapEdited, Cells: []hexmap.Cell{c}}); err != nil {
			t.Fatal(err)
		}
	}
	v0, _, ok := st.KnownChangedSince("posse", 0)
	if !ok {
		t.Fatal("the posse keeps no known map in a fight with fog")
	}
	fog := st.FogOf("posse")
	for _, tc := range []struct {
		name, hex string
		want      bool // the posse sees the hex: its known map changes there
	}{
		{name: "a hex the posse sees", hex: "E8", want: true},
		{name: "a hex the posse never saw", hex: "X1", want: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := fog.At(hex(tc.hex)) == FogSeen; got != tc.want {
				t.Fatalf("the posse sees %s: %v, want %v", tc.hex, got, tc.want)
			}
			v, _, _ := st.KnownChangedSince("posse", 0)
			edit(tc.hex, "water")
			now, hexes, ok := st.KnownChangedSince("posse", v)
			if !ok || slices.Contains(hexes, hex(tc.hex)) != tc.want || (now > v) != tc.want {
				t.Errorf("edit of %s: version %d → %d, changed %v (ok %v); want %s named: %v", tc.hex, v, now, hexes, ok, tc.hex, tc.want)
			}
		})
	}
	if _, _, ok := st.KnownChangedSince("nobody", v0); ok {
		t.Error("a side with no record: ok, want not (the window draws it all)")
	}
	st.Options.NoFog = true
	if _, _, ok := st.KnownChangedSince("posse", v0); ok {
		t.Error("a fight without fog: ok, want not")
	}
}
