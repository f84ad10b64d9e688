package board

// placeDrag: the Judge's tray open on the demo street; one Zeke dragged
// from it onto J6 already ("ZP2", placed by the session on the outlaws'
// side), and another on its way to L9 under the pointer.
func (sc *Scene) placeDrag() error {
	_, err := sc.live(nil, nil, "")
	dropped := false
	sc.setup = func() bool {
		if !sc.connected() || !sc.g.judge() {
			return false
		}
		g := sc.g
		if !dropped {
			g.toggleTray()
			g.tray.drag = "zeke"
			x, y := sc.hexPoint("J6")
			g.trayInput(trayIn{x: x, y: y, release: true})
			dropped = true
			return false
		}
		if _, ok := g.play.st.Figures["zeke-2"]; !ok {
			return false // the session's event is on its way
		}
		x, y := sc.hexPoint("L9")
		g.tray.drag, g.tray.at = "zeke", [2]int{x, y}
		g.cursor = func() (int, int) { return x, y }
		g.say("Placing Zeke Perkins: let go on a hex · Esc calls it off.", false)
		return true
	}
	return err
}

func init() { sceneSetups["place-drag"] = (*Scene).placeDrag }
