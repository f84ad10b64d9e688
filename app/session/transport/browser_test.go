package transport

import (
	"strings"
	"testing"
)

func TestABrowserLinkCarriesTheTokenOnlyInItsFragment(t *testing.T) {
	link := BrowserLink("192.168.1.20:7777", "tok123")
	if link != "http://192.168.1.20:7777/play/#tok123" {
		t.Fatalf("BrowserLink = %q", link)
	}
	if before, _, _ := strings.Cut(link, "#"); strings.Contains(before, "tok123") {
		t.Errorf("the token is sent with the request: %q", link)
	}
}

func TestASeatIDAndProofDoNotGiveTheTokenAway(t *testing.T) {
	tests := []struct{ name, a, b string }{
		{"two tokens", "alpha-token", "bravo-token"},
		{"tokens one letter apart", "alpha-token", "alpha-tokem"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if SeatID(tt.a) == SeatID(tt.b) {
				t.Errorf("SeatID(%q) = SeatID(%q)", tt.a, tt.b)
			}
			if SeatProof(tt.a, "n1") == SeatProof(tt.b, "n1") {
				t.Errorf("the proofs of %q and %q agree", tt.a, tt.b)
			}
			if SeatProof(tt.a, "n1") == SeatProof(tt.a, "n2") {
				t.Errorf("one proof answers two nonces")
			}
			for _, s := range []string{SeatID(tt.a), SeatProof(tt.a, "n1")} {
				if strings.Contains(s, tt.a) {
					t.Errorf("%q holds the token", s)
				}
			}
		})
	}
}
