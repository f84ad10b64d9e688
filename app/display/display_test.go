package display

import (
	"errors"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	answers := func(addrs ...string) func(network, addr string) error {
		return func(network, addr string) error {
			for _, a := range addrs {
				if network+" "+addr == a {
					return nil
				}
			}
			return errors.New("connection refused")
		}
	}
	tests := []struct {
		name          string
		x, wayland    string
		dial          func(network, addr string) error
		wantErr       string // "" for no error
		wantNoDisplay bool
	}{
		{name: "no display at all", wantErr: "$DISPLAY is not set", wantNoDisplay: true, dial: answers()},
		{name: "wayland alone", wayland: "wayland-0", dial: answers()},
		{name: "local X server answers", x: ":99", dial: answers("unix /tmp/.X11-unix/X99")},
		{name: "screen number is ignored", x: ":1.0", dial: answers("unix /tmp/.X11-unix/X1")},
		{name: "abstract socket answers", x: ":5", dial: answers("unix @/tmp/.X11-unix/X5")},
		{name: "remote X server", x: "tablehost:2", dial: answers("tcp tablehost:6002")},
		{name: "X server down", x: ":7", dial: answers(), wantErr: "does not answer", wantNoDisplay: true},
		{name: "X server down but wayland", x: ":7", wayland: "wayland-0", dial: answers()},
		{name: "malformed display", x: "nonsense", dial: answers(), wantErr: "want [host]:number", wantNoDisplay: true},
		{name: "negative display", x: ":-1", dial: answers(), wantErr: "want [host]:number", wantNoDisplay: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := check(tc.x, tc.wayland, tc.dial)
			if tc.wantErr == "" {
				if err != nil {
					t.Fatalf("check: %v, want nil", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("check: %v, want an error saying %q", err, tc.wantErr)
			}
			if errors.Is(err, ErrNoDisplay) != tc.wantNoDisplay {
				t.Errorf("errors.Is(err, ErrNoDisplay) = %v", !tc.wantNoDisplay)
			}
		})
	}
}
