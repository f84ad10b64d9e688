package hexmap

import "testing"

func TestScatter(t *testing.T) {
	thrower, target := Hex{0, 0}, Hex{4, 0} // thrown due east (pointy)
	tests := []struct {
		name  string
		clock int
		paces float64
		want  Hex
	}{
		{"12 o'clock: straight on, past the target", 12, 2, Hex{6, 0}},
		{"6 o'clock: back toward the thrower", 6, 2, Hex{2, 0}},
		{"3 o'clock: to the thrower's right", 3, 2, Hex{3, 2}},
		{"9 o'clock: to the thrower's left", 9, 2, Hex{5, -2}},
		{"2 o'clock: 60 degrees right of straight on", 2, 3, Hex{4, 3}},
		{"0 paces: on the target", 5, 0, Hex{4, 0}},
		{"phase result 5 at 12", 12, 5, Hex{9, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Scatter(thrower, target, tc.clock, tc.paces, 1)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("Scatter(%v→%v, %d o'clock, %g paces) = %v, want %v", thrower, target, tc.clock, tc.paces, got, tc.want)
			}
			if d := got.DistanceTo(target); float64(d) > tc.paces+0.5 {
				t.Errorf("landed %d hexes from the target for %g paces", d, tc.paces)
			}
		})
	}
	// Two paces a hex: 4 paces is 2 hexes.
	if got, _ := Scatter(thrower, target, 12, 4, 2); got != (Hex{6, 0}) {
		t.Errorf("4 paces at 2 paces a hex: %v", got)
	}
	for _, bad := range []int{0, 13, -1} {
		if _, err := Scatter(thrower, target, bad, 2, 1); err == nil {
			t.Errorf("clock %d accepted", bad)
		}
	}
}
