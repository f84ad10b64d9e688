package console

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"sync"

	"hexslinger/internal/child"
)

// MapProcess starts and watches a map window (hexslinger-map) as a child
// process connected to the console's session.
type MapProcess struct {
	Bin    string   // the hexslinger-map program
	Args   []string // its arguments: address, token, view
	Env    []string // extra environment for the child
	OnExit func(error)
	// OnChange, if set, is called after the window starts and after it
	// exits (after OnExit), from any goroutine.
	OnChange func()

	mu       sync.Mutex
	cmd      *exec.Cmd
	stopping bool // Stop killed it: its exit is no failure
}

// FindMapBin returns the hexslinger-map program: beside this program
// (hexslinger-map.exe on Windows), else on PATH.
func FindMapBin() (string, error) {
	p, err := child.Find("hexslinger-map")
	if err != nil {
		return "", fmt.Errorf("%w (make build puts both programs in bin/; the Windows zip holds both)", err)
	}
	return p, nil
}

// Start starts the map window.
func (p *MapProcess) Start() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cmd != nil {
		return errors.New("the map window is already open")
	}
	cmd := exec.Command(p.Bin, p.Args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if len(p.Env) > 0 {
		cmd.Env = append(os.Environ(), p.Env...)
	}
	// Bound to the console: it closes when the console ends, even killed.
	if err := child.Start(cmd); err != nil {
		return fmt.Errorf("start %s: %w", p.Bin, err)
	}
	p.cmd = cmd
	slog.Info("console: map window started", "pid", cmd.Process.Pid)
	if p.OnChange != nil {
		go p.OnChange()
	}
	go func() {
		err := cmd.Wait()
		p.mu.Lock()
		p.cmd = nil
		if p.stopping {
			err, p.stopping = nil, false
		}
		p.mu.Unlock()
		if err != nil {
			slog.Warn("console: map window exited", "err", err)
		}
		if p.OnExit != nil {
			p.OnExit(err)
		}
		if p.OnChange != nil {
			p.OnChange()
		}
	}()
	return nil
}

// Running reports whether the map window is open.
func (p *MapProcess) Running() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cmd != nil
}

// Stop closes the map window.
func (p *MapProcess) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cmd != nil && p.cmd.Process != nil {
		p.stopping = true
		p.cmd.Process.Kill()
	}
}

// closePlayerViewSaid closes the player view (View ▸ Close the player
// view: a fullscreen view on the table monitor has nothing of its own
// that closes it) and says so on the status line.
func (c *Console) closePlayerViewSaid() {
	open := c.player != nil && c.player.Running()
	c.closePlayerView()
	if !open {
		c.status.SetText("No player view is open (View ▸ Player view on monitor 2, or Ctrl+P, opens one).")
		return
	}
	c.status.SetText("The player view is closed: its window ends, and its seat lets no window in.")
}

// playerViewOpened is the status line once the player view is started on
// monitor: with a single monitor the map window opens in a window on it,
// not fullscreen over the console, and says why in its title.
func playerViewOpened(monitor int) string {
	return fmt.Sprintf("The player view opens on monitor %d (in a window when there is only one monitor). View ▸ Close the player view closes it.", monitor)
}
