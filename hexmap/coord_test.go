package hexmap

import (
	"math"
	"reflect"
	"testing"
)

// Red Blob Games' published examples (redblobgames.com/grids/hexagons,
// "implementation" test suite).
func TestRedBlobExamples(t *testing.T) {
	t.Run("distance (3,-7,4) to origin is 7", func(t *testing.T) {
		if got := (Hex{3, -7}).DistanceTo(Hex{0, 0}); got != 7 {
			t.Errorf("got %d, want 7", got)
		}
	})
	t.Run("neighbor of (1,-2,1) in direction 2 is (1,-3,2)", func(t *testing.T) {
		if got := (Hex{1, -2}).Neighbor(2); got != (Hex{1, -3}) {
			t.Errorf("got %v", got)
		}
	})
	t.Run("rotate right (1,-3,2) is (3,-2,-1)", func(t *testing.T) {
		if got := (Hex{1, -3}).RotateRight(); got != (Hex{3, -2}) {
			t.Errorf("got %v", got)
		}
	})
	t.Run("rotate left (1,-3,2) is (-2,-1,3)", func(t *testing.T) {
		if got := (Hex{1, -3}).RotateLeft(); got != (Hex{-2, -1}) {
			t.Errorf("got %v", got)
		}
	})
	t.Run("linedraw (0,0,0) to (1,-5,4)", func(t *testing.T) {
		want := []Hex{{0, 0}, {0, -1}, {0, -2}, {1, -3}, {1, -4}, {1, -5}}
		if got := (Hex{0, 0}).LineTo(Hex{1, -5}); !reflect.DeepEqual(got, want) {
			t.Errorf("got %v, want %v", got, want)
		}
	})
	a, b, c := FracHex{0, 0, 0}, FracHex{1, -1, 0}, FracHex{0, -1, 1}
	mix := func(wa, wb, wc float64) FracHex {
		return FracHex{a.Q*wa + b.Q*wb + c.Q*wc, a.R*wa + b.R*wb + c.R*wc, a.S*wa + b.S*wb + c.S*wc}
	}
	rounds := []struct {
		name string
		f    FracHex
		want Hex
	}{
		{"round lerp (0,0,0)-(10,-20,10) at 0.5", FracHex{5, -10, 5}, Hex{5, -10}},
		{"round lerp a-b at 0.499", mix(0.501, 0.499, 0), Hex{0, 0}},
		{"round lerp a-b at 0.501", mix(0.499, 0.501, 0), Hex{1, -1}},
		{"round a*0.4+b*0.3+c*0.3", mix(0.4, 0.3, 0.3), Hex{0, 0}},
		{"round a*0.3+b*0.3+c*0.4", mix(0.3, 0.3, 0.4), Hex{0, -1}},
	}
	for _, tc := range rounds {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.f.Round(); got != tc.want {
				t.Errorf("Round(%v) = %v, want %v", tc.f, got, tc.want)
			}
		})
	}
	offsets := []struct {
		name string
		o    Orientation
		h    Hex
		want Offset
	}{
		{"offset odd-q from (1,2,-3) is (1,2)", Flat, Hex{1, 2}, Offset{1, 2}},
		{"offset odd-r from (1,2,-3) is (2,2)", Pointy, Hex{1, 2}, Offset{2, 2}},
	}
	for _, tc := range offsets {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.o.ToOffset(tc.h); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
			if back := tc.o.FromOffset(tc.want); back != tc.h {
				t.Errorf("back: got %v, want %v", back, tc.h)
			}
		})
	}
}

func TestProperties(t *testing.T) {
	hexes := Hex{0, 0}.Spiral(6)
	if len(hexes) != 1+3*6*7 {
		t.Fatalf("spiral of radius 6 has %d hexes, want %d", len(hexes), 1+3*6*7)
	}
	for _, a := range hexes {
		r := a
		for i := 0; i < 6; i++ {
			r = r.RotateRight()
		}
		if r != a {
			t.Errorf("six right rotations of %v give %v", a, r)
		}
		for _, o := range []Orientation{Pointy, Flat} {
			if got := o.FromOffset(o.ToOffset(a)); got != a {
				t.Errorf("%s offset round trip of %v gives %v", o, a, got)
			}
		}
		for _, b := range hexes[:40] {
			if a.DistanceTo(b) != b.DistanceTo(a) {
				t.Errorf("distance %v-%v is not symmetric", a, b)
			}
			line := a.LineTo(b)
			if len(line) != a.DistanceTo(b)+1 {
				t.Errorf("line %v-%v has %d hexes, want %d", a, b, len(line), a.DistanceTo(b)+1)
			}
			for i := 1; i < len(line); i++ {
				if line[i-1].DistanceTo(line[i]) != 1 {
					t.Errorf("line %v-%v is not contiguous at %d", a, b, i)
				}
			}
		}
	}
	for _, h := range hexes {
		if h.ReflectQ().ReflectQ() != h || h.ReflectR().ReflectR() != h || h.ReflectS().ReflectS() != h {
			t.Errorf("reflecting %v twice is not the identity", h)
		}
		if h.ReflectQ().Length() != h.Length() {
			t.Errorf("reflection of %v changes its distance from the origin", h)
		}
	}
	if got := (Hex{1, -3}).ReflectQ(); got != (Hex{1, 2}) {
		t.Errorf("ReflectQ(1,-3,2) = %v, want (1,2,-3)", got)
	}
	for k := 1; k < 5; k++ {
		for _, h := range (Hex{2, -1}).Ring(k) {
			if d := h.DistanceTo(Hex{2, -1}); d != k {
				t.Errorf("ring %d holds %v at distance %d", k, h, d)
			}
		}
	}
}

func TestLayoutRoundTrip(t *testing.T) {
	for _, o := range []Orientation{Pointy, Flat} {
		l := Layout{Orientation: o, Size: 10, Origin: Point{35, 71}}
		for _, h := range (Hex{0, 0}).Spiral(5) {
			if got := l.HexAt(l.ToPixel(h)); got != h {
				t.Errorf("%s: pixel round trip of %v gives %v", o, h, got)
			}
			for _, c := range l.Corners(h) {
				p := l.ToPixel(h)
				if d := math.Hypot(c.X-p.X, c.Y-p.Y); math.Abs(d-10) > 1e-9 {
					t.Errorf("%s: corner of %v at distance %v", o, h, d)
				}
			}
		}
	}
	l := Layout{Orientation: Pointy, Size: 10}
	if p := l.ToPixel(Hex{1, 0}); math.Abs(p.X-10*math.Sqrt(3)) > 1e-9 || p.Y != 0 {
		t.Errorf("pointy (1,0) at %v, want (17.32,0)", p)
	}
	if p := (Layout{Orientation: Flat, Size: 10}).ToPixel(Hex{0, 1}); p.X != 0 || math.Abs(p.Y-10*math.Sqrt(3)) > 1e-9 {
		t.Errorf("flat (0,1) at %v, want (0,17.32)", p)
	}
}

func TestFacing(t *testing.T) {
	e := Direction(0)
	tests := []struct {
		name  string
		other Hex
		want  Arc
	}{
		{"straight ahead is front", Hex{3, 0}, Front},
		{"one hexside left is front", Hex{2, -2}, Front},
		{"one hexside right is front", Hex{0, 2}, Front},
		{"two hexsides left is flank", Hex{0, -2}, Flank},
		{"two hexsides right is flank", Hex{-2, 2}, Flank},
		{"behind is rear", Hex{-3, 0}, Rear},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := ArcOf(Hex{0, 0}, e, tc.other); got != tc.want {
				t.Errorf("ArcOf(origin, E, %v) = %v, want %v", tc.other, got, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		name     string
		attacker Hex
		want     Direction
	}{
		{"from the east through E", Hex{3, 0}, 0},
		{"from the north-west through NW", Hex{0, -2}, 2},
		{"from behind a west-facing figure's back", Hex{-1, 0}, 3},
	} {
		if got, ok := ArrivalSide(Hex{0, 0}, tc.attacker); !ok || got != tc.want {
			t.Errorf("%s: ArrivalSide = %v, want %v", tc.name, got, tc.want)
		}
	}
	if e.Left() != 1 || e.Right() != 5 || e.Opposite() != 3 || e.Turn(-7) != 5 {
		t.Errorf("turns of E wrong: %v %v %v %v", e.Left(), e.Right(), e.Opposite(), e.Turn(-7))
	}
	if Direction(1).Steps(5) != 2 || Direction(0).Steps(3) != 3 || Direction(5).Steps(0) != 1 {
		t.Errorf("Steps wrong")
	}
}

func TestLabels(t *testing.T) {
	for _, tc := range []struct {
		c    Offset
		want string
	}{{Offset{0, 0}, "A1"}, {Offset{25, 9}, "Z10"}, {Offset{26, 0}, "AA1"}, {Offset{27, 15}, "AB16"}} {
		if got := tc.c.Label(); got != tc.want {
			t.Errorf("Label(%v) = %q, want %q", tc.c, got, tc.want)
		}
		back, err := ParseLabel(tc.want)
		if err != nil || back != tc.c {
			t.Errorf("ParseLabel(%q) = %v, %v", tc.want, back, err)
		}
	}
	for _, bad := range []string{"", "7", "C", "C0", "c-1", "ABCDE1"} {
		if _, err := ParseLabel(bad); err == nil {
			t.Errorf("ParseLabel(%q) succeeded", bad)
		}
	}
}

func TestFit(t *testing.T) {
	m, _ := New("f", Pointy, 24, 16, "dirt")
	l := Fit(m, 1280, 720, 20)
	lo, hi := l.Bounds(m)
	if lo.X < 19.9 || lo.Y < 19.9 || hi.X > 1260.1 || hi.Y > 700.1 {
		t.Errorf("fitted map spans %v-%v, outside the 20 px margin of 1280×720", lo, hi)
	}
	if math.Abs((lo.X+hi.X)/2-640) > 0.01 || math.Abs((lo.Y+hi.Y)/2-360) > 0.01 {
		t.Errorf("fitted map is not centred: %v-%v", lo, hi)
	}
}
