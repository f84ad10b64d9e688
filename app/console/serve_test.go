package console

import (
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/skip2/go-qrcode"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
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

// TestServePrintsEachSeatsBrowserLinkAndQR: hexslinger serve prints,
// after each player's join code, the seat's browser link and its QR code
// as text (what a phone scans off a terminal), and nothing of the kind
// for the Judge, whose seat stays native.
func TestServePrintsEachSeatsBrowserLinkAndQR(t *testing.T) {
	var out, errs strings.Builder
	err := Serve(Serving{
		Listen:  "127.0.0.1:0",
		Journal: filepath.Join(t.TempDir(), "serve.journal.jsonl"),
		Players: []string{"Alice=cyril,miranda", "Bob=zeke"},
		Out:     &out, Err: &errs,
		Wait: func() {},
	})
	if err != nil {
		t.Fatalf("Serve: %v (%s)", err, errs.String())
	}
	got := out.String()
	for _, name := range []string{"Alice", "Bob"} {
		t.Run(name, func(t *testing.T) {
			m := regexp.MustCompile(`(?m)^  ` + name + ` \(.*\): hexslinger-map --join '([^']+)'\n`).FindStringSubmatchIndex(got)
			if m == nil {
				t.Fatalf("no join code line for %s in:\n%s", name, got)
			}
			ws, token, _, err := transport.ParseJoinCode(got[m[2]:m[3]])
			if err != nil {
				t.Fatal(err)
			}
			u, err := url.Parse(ws)
			if err != nil {
				t.Fatal(err)
			}
			link := transport.BrowserLink(u.Host, token)
			q, err := qrcode.New(link, qrcode.Medium)
			if err != nil {
				t.Fatal(err)
			}
			want := "    In a browser: " + link + "\n" + indent(q.ToSmallString(false), "    ")
			if rest := got[m[1]:]; !strings.HasPrefix(rest, want) {
				t.Errorf("after %s's join code the output says\n%s\nwant the link and its QR code:\n%s", name, head(rest, 4), want)
			}
		})
	}
	if judge := regexp.MustCompile(`(?m)^  Judge: .*\n    In a browser`).FindString(got); judge != "" {
		t.Errorf("the Judge's seat is given a browser link: %q", judge)
	}
}

// head is the first n lines of s.
func head(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	return strings.Join(lines[:min(n, len(lines))], "")
}
