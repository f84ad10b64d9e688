package main

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"hexslinger/app/session"
)

func TestServeCommands(t *testing.T) {
	a := session.NewAccess("judge")
	a.AddPlayer("Alice", []string{"cyril"})
	old := os.Stdout
	r, w, _ := os.Pipe()
	os.Stdout = w
	commands(strings.NewReader("players\nrevoke Alice\nrevoke Bob\ndance\n"), a)
	w.Close()
	os.Stdout = old
	var out bytes.Buffer
	io.Copy(&out, r)
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
