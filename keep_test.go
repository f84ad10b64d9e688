package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/console"
	"hexslinger/app/display"
	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/assets"
)

// damagedJournal writes the journal of a demo fight with one turn, then
// tail (a damaged last line), and returns its path and bytes.
func damagedJournal(t *testing.T, tail string) (string, []byte) {
	t.Helper()
	path := keptJournal(t)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(tail)
	f.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, data
}

// TestServeShowsADamagedJournal: hexslinger serve on a journal whose last
// line is damaged refuses it, says which line and how to open it anyway,
// and leaves the file as it is; with --set-aside-damaged it moves the line
// beside the journal (what is kept and what is set aside are the file),
// says where, and serves the fight without it.
func TestServeShowsADamagedJournal(t *testing.T) {
	waitForStop = func() {}
	for _, tc := range []struct{ name, tail string }{
		{"a torn line", `{"seq":3,"kind":"tur`},
		{"a whole line that is not an event", "garbage\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path, data := damagedJournal(t, tc.tail)
			_, stderr, err := captured(t, func() error { return serve([]string{"--journal", path, "--listen", "127.0.0.1:0"}) })
			var d *session.DamagedJournal
			if !errors.As(err, &d) || !strings.Contains(err.Error(), "line 3") || !strings.Contains(err.Error(), "--set-aside-damaged") {
				t.Fatalf("serve: %v (stderr %q), want the damaged line 3 and the flag that sets it aside", err, stderr)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
				t.Fatalf("a refused journal was changed")
			}
			stdout, stderr, err := captured(t, func() error {
				return serve([]string{"--journal", path, "--listen", "127.0.0.1:0", "--set-aside-damaged"})
			})
			if err != nil {
				t.Fatalf("serve --set-aside-damaged: %v", err)
			}
			m := regexp.MustCompile(`set aside to (\S+);`).FindStringSubmatch(stderr)
			if m == nil || !strings.Contains(stdout, "Judge: hexslinger-map --join") {
				t.Fatalf("stderr %q, stdout %q: want where the line went, then the join codes", stderr, stdout)
			}
			kept, _ := os.ReadFile(path)
			set, _ := os.ReadFile(m[1])
			if !bytes.HasPrefix(kept, data[:len(data)-len(tc.tail)]) || !bytes.Equal(set, []byte(tc.tail)) {
				t.Errorf("kept %q, set aside %q: want the journal's whole lines and the damaged one", kept, set)
			}
		})
	}
}

// buildHexslinger builds this program into a temporary folder.
func buildHexslinger(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "hexslinger")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestAKilledSessionKeepsEveryAcknowledgedEvent: a real hexslinger serve,
// sent commands over the protocol as fast as its rate allows, is killed
// with SIGKILL while commands are in flight; the fight reopened from its
// journal has every event whose command was acknowledged, as it was sent.
// (The console runs the same session and journal; serve needs no
// display.)
func TestAKilledSessionKeepsEveryAcknowledgedEvent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hexslinger and runs it")
	}
	bin := buildHexslinger(t)
	journal := filepath.Join(t.TempDir(), "killed.journal.jsonl")
	cmd := exec.Command(bin, "serve", "--journal", journal, "--listen", "127.0.0.1:0")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	defer func() {
		if !killed {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	code := ""
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if m := regexp.MustCompile(`Judge: hexslinger-map --join '([^']+)'`).FindStringSubmatch(sc.Text()); m != nil {
			code = m[1]
			break
		}
	}
	if code == "" {
		t.Fatalf("no join code from serve; stderr:\n%s", stderr.String())
	}
	go func() {
		for sc.Scan() {
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cl, welcome, err := transport.DialJoinCode(ctx, code)
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	first, err := session.NewFold(welcome)
	if err != nil {
		t.Fatal(err)
	}
	hidden := first.State.Figures["zeke"].Hidden
	// Zeke is hidden and shown in turn: each command makes one event,
	// and none is refused, so the k-th acknowledged is command k.
	const sent = 3000
	go func() {
		tick := time.NewTicker(6 * time.Millisecond) // under the 200 a second a connection may send
		defer tick.Stop()
		for k := range sent {
			kind := session.CommandHide
			if hidden != (k%2 == 1) {
				kind = session.CommandReveal
			}
			if _, err := cl.Send(ctx, session.Command{Kind: kind, Figure: "zeke"}); err != nil {
				return
			}
			<-tick.C
		}
	}()
	got := map[int]session.Event{} // by seq, as sent
	acked := 0                     // commands acknowledged
	for acked < 200 {
		m, err := cl.Read(ctx)
		if err != nil {
			t.Fatalf("after %d acknowledged: %v", acked, err)
		}
		switch {
		case m.Type == transport.MsgEvent:
			got[m.Event.Seq] = *m.Event
		case m.Type == transport.MsgResult && m.OK:
			acked++
		case m.Type == transport.MsgResult || m.Type == transport.MsgError:
			t.Fatalf("a command was not carried out: %+v", m)
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	killed = true
	cmd.Wait()

	// Reopened: a line the kill cut off is shown, and set aside (it was
	// never acknowledged).
	s, err := session.Open(first.Events[0].Fight, journal)
	var d *session.DamagedJournal
	if errors.As(err, &d) {
		t.Logf("the kill cut a line: %v", d)
		if _, err := session.SetAside(d); err != nil {
			t.Fatal(err)
		}
		s, err = session.Open(first.Events[0].Fight, journal)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	t.Logf("%d commands acknowledged before the kill", acked)
	checkAcknowledged(t, s, acked, got)
}

// checkAcknowledged fails t unless s, a fight reopened after a kill,
// holds the first acked events as got (by sequence number) has them sent.
func checkAcknowledged(t *testing.T, s *session.Session, acked int, got map[int]session.Event) {
	t.Helper()
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the fight reopened with %d events after the opening", tl.Len()-1)
	if tl.Len()-1 < acked {
		t.Fatalf("the reopened fight has %d events, %d commands were acknowledged", tl.Len()-1, acked)
	}
	for i := 1; i <= acked; i++ {
		e, err := tl.Event(i)
		if err != nil {
			t.Fatal(err)
		}
		want, ok := got[e.Seq]
		if !ok {
			t.Fatalf("event %d (seq %d) reopened was never sent", i, e.Seq)
		}
		if e.Cmd != i || e.Kind != want.Kind || e.Figure != want.Figure || e.Text != want.Text {
			t.Errorf("acknowledged event %d: reopened as %s, sent as %s", i, brief(e), brief(want))
		}
	}
}

func brief(e session.Event) string {
	return fmt.Sprintf("seq %d cmd %d %s %s %q", e.Seq, e.Cmd, e.Kind, e.Figure, e.Text)
}

// TestAKilledConsoleComesBackWithEveryAcknowledgedEvent: the console,
// run on a saved fight, is sent commands by its own map window's seat
// over the protocol and killed with SIGKILL while they are in flight;
// opening the fight file again offers the newer state its journal holds,
// and that state has every event whose command was acknowledged. It needs
// a display (scripts/xvfb.sh); hexslinger serve's own test above needs
// none.
func TestAKilledConsoleComesBackWithEveryAcknowledgedEvent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hexslinger and runs it")
	}
	if display.Check() != nil {
		t.Skip("the console needs a display: run under scripts/xvfb.sh")
	}
	bin := buildHexslinger(t)
	dir := t.TempDir()
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "data"))
	fightPath := filepath.Join(dir, "showdown.fight.json")
	if err := os.WriteFile(fightPath, assets.DemoFight(), 0o644); err != nil {
		t.Fatal(err)
	}
	// The map window the console starts: it says where the session is and
	// the token it was given, then waits (and dies with the console).
	said := filepath.Join(dir, "map-window.txt")
	fake := filepath.Join(dir, "fake-map")
	script := "#!/bin/sh\nprintf '%s\\n%s\\n' \"$HEXSLINGER_TOKEN\" \"$*\" > " + said + ".tmp && mv " + said + ".tmp " + said + "\nexec sleep 600\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--fight", fightPath, "--map-bin", fake)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	defer func() {
		if !killed {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	var token, url string
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		if data, err := os.ReadFile(said); err == nil {
			lines := strings.Split(strings.TrimSpace(string(data)), "\n")
			if m := regexp.MustCompile(`--addr (\S+)`).FindStringSubmatch(lines[len(lines)-1]); m != nil && len(lines) == 2 {
				token, url = lines[0], m[1]
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the console started no map window; its output:\n%s", out.String())
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cl, welcome, err := transport.Dial(ctx, url, token)
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	first, err := session.NewFold(welcome)
	if err != nil {
		t.Fatal(err)
	}
	hidden := first.State.Figures["zeke"].Hidden
	go func() {
		tick := time.NewTicker(6 * time.Millisecond)
		defer tick.Stop()
		for k := range 3000 {
			kind := session.CommandHide
			if hidden != (k%2 == 1) {
				kind = session.CommandReveal
			}
			if _, err := cl.Send(ctx, session.Command{Kind: kind, Figure: "zeke"}); err != nil {
				return
			}
			<-tick.C
		}
	}()
	got := map[int]session.Event{}
	acked := 0
	for acked < 150 {
		m, err := cl.Read(ctx)
		if err != nil {
			t.Fatalf("after %d acknowledged: %v", acked, err)
		}
		switch {
		case m.Type == transport.MsgEvent:
			got[m.Event.Seq] = *m.Event
		case m.Type == transport.MsgResult && m.OK:
			acked++
		case m.Type == transport.MsgResult || m.Type == transport.MsgError:
			t.Fatalf("a command was not carried out: %+v", m)
		}
	}
	cmd.Process.Signal(syscall.SIGKILL)
	killed = true
	cmd.Wait()

	// The fight file opened again, as the console opens it.
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1000, 700))
	var opened *console.Opened
	console.OpenFight(w, console.Opening{FightPath: fightPath, JournalDir: filepath.Join(dir, "data", "hexslinger", "journals"), Wait: true},
		func(op *console.Opened, err error) {
			if err != nil {
				t.Fatal(err)
			}
			opened = op
		})
	for range 2 { // the offer of the newer state; then, if the kill cut a line, the damaged line
		if opened != nil {
			break
		}
		var tap *widget.Button
		if top := w.Canvas().Overlays().Top(); top != nil {
			for _, o := range test.LaidOutObjects(top) {
				if b, ok := o.(*widget.Button); ok && (b.Text == "Open the newer state" || b.Text == "Open without that line") {
					tap = b
				}
			}
		}
		if tap == nil {
			t.Fatal("opening the fight file again offered no newer state")
		}
		t.Logf("the Judge answers %q", tap.Text)
		test.Tap(tap)
	}
	if opened == nil {
		t.Fatal("the fight did not open")
	}
	s := opened.Session
	defer s.Close()
	t.Logf("%d commands acknowledged before the kill (%s)", acked, opened.Note)
	checkAcknowledged(t, s, acked, got)
}
