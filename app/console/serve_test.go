package console

import (
	"strings"
	"testing"

	"hexslinger/app/session"
)

// TestServeCommands: hexslinger serve's Judge lists the players, revokes
// a seat, and is told what a name or a command it does not know is.
func TestServeCommands(t *testing.T) {
	a := session.NewAccess("judge")
	a.AddPlayer("Alice", []string{"cyril"})
	var out strings.Builder
	commands(strings.NewReader("players\nrevoke Alice\nrevoke Bob\ndance\n"), &out, a)
	got := out.String()
	for _, want := range []string{"Alice (cyril): seated", "Alice's seat is revoked.", `no player "Bob" is seated`, `unknown command "dance"`} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if !a.Players()[0].Revoked() {
		t.Errorf("Alice is still seated")
	}
}
