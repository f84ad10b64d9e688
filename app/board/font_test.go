package board

import (
	"strings"
	"testing"
)

func TestFitCutsToWidth(t *testing.T) {
	f := face(16, false)
	long := strings.Repeat("Jeb Perkins throws the throwing knife for 4 AP · ", 6)
	for _, tc := range []struct {
		name  string
		s     string
		width float64
		cut   bool
	}{
		{"short text is kept", "Undone.", 400, false},
		{"long text is cut", long, 400, true},
		{"narrow bar", long, 60, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := fit(tc.s, f, tc.width)
			if w := textWidth(got, f); w > tc.width {
				t.Errorf("fit gave %q, %.0f px wide, over %.0f", got, w, tc.width)
			}
			if cut := got != tc.s; cut != tc.cut {
				t.Errorf("fit(%q) = %q: cut %v, want %v", tc.s, got, cut, tc.cut)
			}
			if tc.cut && (!strings.HasSuffix(got, "…") || !strings.HasPrefix(tc.s, strings.TrimSuffix(got, "…"))) {
				t.Errorf("fit(%q) = %q: want a prefix and an ellipsis", tc.s, got)
			}
		})
	}
}
