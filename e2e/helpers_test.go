//go:build e2e || wine

package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"hexslinger/app/session"
)

// What the end-to-end test (-tags e2e) and the Windows package's test
// (-tags wine) share: the programs' output, waiting, xdotool, screenshots,
// a journal's events and the map window's logged view.

// output collects a process's output safely across goroutines.
type output struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.Write(p)
}

func (o *output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.String()
}

// waitFor polls cond until it holds or the time is up.
func waitFor(t testing.TB, what string, limit time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", limit, what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func xdotool(t *testing.T, args ...string) string {
	t.Helper()
	out, err := exec.Command("xdotool", args...).CombinedOutput()
	if err != nil {
		t.Logf("xdotool %v: %v %s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func findWindow(name string) string {
	out, _ := exec.Command("xdotool", "search", "--name", name).Output()
	ids := strings.Fields(string(out))
	if len(ids) == 0 {
		return ""
	}
	return ids[len(ids)-1]
}

func shot(t *testing.T, dir, name string) { shotWindow(t, "root", dir, name) }

// shotWindow saves a screenshot of one window (an X id) or of "root".
func shotWindow(t *testing.T, window, dir, name string) {
	t.Helper()
	time.Sleep(400 * time.Millisecond) // let the windows draw the last change
	path := filepath.Join(dir, name)
	if out, err := exec.Command("import", "-window", window, path).CombinedOutput(); err != nil {
		t.Logf("screenshot %s: %v %s", name, err, out)
		return
	}
	t.Logf("screenshot: %s", path)
}

// journal reads the events of a journal file.
func journal(t *testing.T, path string) []session.Event {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var out []session.Event
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var e session.Event
		if json.Unmarshal(sc.Bytes(), &e) == nil {
			out = append(out, e)
		}
	}
	return out
}

// viewRe matches the map window's log of where it draws the map.
var viewRe = regexp.MustCompile(`board: view size=([0-9.]+) ox=([-0-9.]+) oy=([-0-9.]+)`)
