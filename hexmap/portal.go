package hexmap

import (
	"fmt"
	"math"
	"slices"
)

// Portal is a door or window as another tool drew it (a UVTT file's
// portal): the line from A to B in the layout of hexes one unit wide (as
// Light.At). A map keeps its file's portals only where they say more than
// its hexsides do: where touching portals would otherwise go out again
// as one (Map.doors). A portal whose hexsides the map no longer has as
// one door, window or fence is passed by.
type Portal struct {
	A Point `json:"a"`
	B Point `json:"b"`
}

// checkPortals checks a map file's portals.
func checkPortals(ps []Portal) error {
	if len(ps) > MaxUVTTPortals {
		return fieldErr("portals", "has %d portals, want at most %d", len(ps), MaxUVTTPortals)
	}
	for i, p := range ps {
		for _, v := range []float64{p.A.X, p.A.Y, p.B.X, p.B.Y} {
			if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > MaxUVTTCoordinate {
				return fieldErr(fmt.Sprintf("portals[%d]", i), "is not a finite line within %g hexes", float64(MaxUVTTCoordinate))
			}
		}
	}
	return nil
}

// nearPortals reports whether two lists of portals are the same but for
// the rounding of a file's positions.
func nearPortals(a, b []Portal) bool {
	return slices.EqualFunc(a, b, func(x, y Portal) bool {
		return math.Abs(x.A.X-y.A.X) <= 1e-3 && math.Abs(x.A.Y-y.A.Y) <= 1e-3 &&
			math.Abs(x.B.X-y.B.X) <= 1e-3 && math.Abs(x.B.Y-y.B.Y) <= 1e-3
	})
}
