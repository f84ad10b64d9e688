//go:build e2e

package e2e

import (
	"context"
	"io"
	"net"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"hexslinger/app/session"

	"github.com/chromedp/chromedp"
)

// netCut is the network between a phone and the table: a TCP proxy that
// can drop every connection through it at once, as a phone's Wi-Fi does
// when it sleeps or walks out of range.
type netCut struct {
	ln       net.Listener
	upstream string
	mu       sync.Mutex
	conns    []net.Conn
}

// newNetCut proxies a port of its own to upstream (HOST:PORT) until t ends.
func newNetCut(t *testing.T, upstream string) *netCut {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	n := &netCut{ln: ln, upstream: upstream}
	t.Cleanup(func() { ln.Close(); n.cut() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			u, err := net.Dial("tcp", upstream)
			if err != nil {
				c.Close()
				continue
			}
			n.mu.Lock()
			n.conns = append(n.conns, c, u)
			n.mu.Unlock()
			go func() { io.Copy(u, c); u.Close() }()
			go func() { io.Copy(c, u); c.Close() }()
		}
	}()
	return n
}

// cut drops every connection through the proxy; new ones still pass.
func (n *netCut) cut() {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, c := range n.conns {
		c.Close()
	}
	n.conns = nil
}

// TestBrowserPlayerRejoins: a phone's network drops under its page; the
// page sees it, rejoins the table by itself, and its player plays on,
// nothing done twice: Cyril's move by two taps lands in the journal once.
func TestBrowserPlayerRejoins(t *testing.T) {
	root, _ := builtProject(t)
	jpath := filepath.Join(t.TempDir(), "rejoin.journal.jsonl")
	fightFile := hiddenDemo(t)
	link := servePlayer(t, root, fightFile, jpath)
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	net := newNetCut(t, u.Host)
	link = strings.Replace(link, u.Host, net.ln.Addr().String(), 1)

	fight, err := session.LoadFight(fightFile)
	if err != nil {
		t.Fatal(err)
	}
	st, err := fight.State()
	if err != nil {
		t.Fatal(err)
	}
	ctx, _ := chromium(t)
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	ph := &phone{t: t, ctx: ctx, st: st}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	ph.waitState("map", 2*time.Minute)
	connected := func() bool { return ph.eval(`String(hexslinger.connected())`) == "true" }
	waitFor(t, "the page connected", 30*time.Second, connected)

	// The phone's network drops (it slept, or walked out of the Wi-Fi):
	// every connection through it goes at once. (Freezing the tab as well,
	// with Page.setWebLifecycleState, leaves headless Chromium drawing no
	// frame after it wakes: the stopped loop is TestConnInboxStaysBounded-
	// WhileTheLoopSleeps's, in app/board.)
	net.cut()
	waitFor(t, "the page to see its connection gone", 30*time.Second, func() bool { return !connected() })
	waitFor(t, "the page to rejoin by itself", 60*time.Second, connected)

	// And plays on.
	var cyril drawnFigure
	for _, f := range ph.figures() {
		if f.ID == "cyril" {
			cyril = f
		}
	}
	if cyril.ID == "" {
		t.Fatalf("after rejoining the page draws no Cyril: %+v", ph.figures())
	}
	ph.tap("Cyril", cyril.X, cyril.Y)
	jx, jy := ph.hexPoint("J8")
	ph.tap("J8", jx, jy)
	ph.tap("J8 again", jx, jy)
	moves := func() int {
		n := 0
		for _, e := range journal(t, jpath) {
			if e.Kind == session.EventMoved && e.Figure == "cyril" && st.Map.Label(e.To) == "J8" {
				n++
			}
		}
		return n
	}
	waitFor(t, "Cyril's move to J8 in the journal", 30*time.Second, func() bool { return moves() > 0 })
	time.Sleep(time.Second)
	if n := moves(); n != 1 {
		t.Errorf("Cyril moved to J8 %d times, want once", n)
	}
}
