package board

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// A player's map window on a phone or a tablet: the browser's
// (app/hexslinger-web), and a desktop window made to look like one
// (HEXSLINGER_TOUCH), to see its layout under Xvfb.

// PlayerGame returns a player's map window in a browser: it connects
// with dial (where names the session for the status line), is held by
// touch, and draws at the screen's own pixels.
func PlayerGame(where string, dial Dialer) *Game {
	g := DialGame(where, dial)
	g.dev = device{touch: true, fine: true}
	return g
}

// RunPlayer runs a player's window (PlayerGame) until the session refuses
// it (ErrRejected: its seat revoked, its link wrong) or the page goes.
// In a browser the canvas fills the page and follows its size and pixel
// ratio (Layout); the window's size and title ask nothing there.
func RunPlayer(g *Game) error {
	defer g.Close()
	ebiten.SetWindowTitle(windowTitle(""))
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false) // Draw skips frames that did not change
	return ebiten.RunGame(g)
}

// touchEnv names the environment variable that makes a desktop table
// window a phone's: "1" for a phone of 390×844, or a size ("820x1180"),
// held by touch (the layout the browser's window has), to look at.
const touchEnv = "HEXSLINGER_TOUCH"

// touchWindow reads touchEnv: whether the window is a handheld's, and its
// size.
func touchWindow() (on bool, w, h int, err error) {
	v := strings.TrimSpace(os.Getenv(touchEnv))
	switch v {
	case "", "0":
		return false, 0, 0, nil
	case "1":
		return true, 390, 844, nil
	}
	if _, err := fmt.Sscanf(v, "%dx%d", &w, &h); err != nil || w < 200 || h < 200 || w > 4000 || h > 4000 {
		return false, 0, 0, errors.New("$" + touchEnv + " " + v + ": want 1 (a phone of 390x844) or a size as 820x1180")
	}
	return true, w, h, nil
}
