package board

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

// Scene sizes: screenshot scenes draw at this window size.
const (
	SceneWidth  = 960
	SceneHeight = 600
)

// ErrSceneDone ends a scene's game loop once its picture is saved.
var ErrSceneDone = errors.New("scene done")

// Scene is the map window showing one prepared moment of the demo fight,
// saved as a PNG once drawn (hexslinger-map --scene NAME --shot FILE): the
// screenshot tests compare these with the pictures they keep, and a person
// can look at them.
type Scene struct {
	inner    ebiten.Game
	g        *Game
	ed       *Editor
	out      string
	setup    func() bool // called every update until the moment is set
	settle   time.Duration
	readyAt  time.Time
	saved    bool
	deadline time.Time
	cleanup  []func()
	w, h     int // the window's size: SceneWidth×SceneHeight unless a scene says
	// fight is the fight live opens in place of the demo's, when set.
	fight *session.FightFile
}

// sceneSetups are the scenes, by name.
var sceneSetups = map[string]func(*Scene) error{
	"street":         (*Scene).street,
	"reach":          (*Scene).reach,
	"attack":         (*Scene).attack,
	"thrown-miss":    (*Scene).thrownMiss,
	"hit-result":     (*Scene).hitResult,
	"drag-move":      (*Scene).dragMove,
	"defend":         (*Scene).defend,
	"ruler":          (*Scene).ruler,
	"judge-edit":     (*Scene).judgeEdit,
	"player":         (*Scene).player,
	"editor":         (*Scene).editor,
	"editor-toolbar": (*Scene).editorToolbar,
	"editor-hill":    (*Scene).editorHill,
	"ping":           (*Scene).ping,
	"portrait":       (*Scene).portrait,
	"table-scale":    (*Scene).tableScale,
	"street-tagged":  (*Scene).streetTagged,
	"uvtt-map":       (*Scene).uvttMap,
	"align-grid":     (*Scene).alignGrid,
	"dw-melee":       (*Scene).dwMelee,
	"dw-wound":       (*Scene).dwWound,
	"savage-shaken":  (*Scene).savageShaken,
	"savage-signs":   (*Scene).savageSigns,
	"fudge-wounds":   (*Scene).fudgeWounds,
	"savage-cover":   (*Scene).savageCover,
	"dw-wall":        (*Scene).dwWall,
}

// SceneNames lists the scenes.
func SceneNames() []string {
	var out []string
	for n := range sceneSetups {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// NewScene prepares scene name, to be saved to out.
func NewScene(name, out string) (*Scene, error) {
	setup, ok := sceneSetups[name]
	if !ok {
		return nil, fmt.Errorf("no scene %q (the scenes: %v)", name, SceneNames())
	}
	sc := &Scene{out: out, settle: 600 * time.Millisecond, deadline: time.Now().Add(60 * time.Second), w: SceneWidth, h: SceneHeight}
	if err := setup(sc); err != nil {
		sc.Close()
		return nil, err
	}
	return sc, nil
}

// Close stops the scene's session.
func (sc *Scene) Close() {
	for _, f := range slices.Backward(sc.cleanup) {
		f()
	}
	sc.cleanup = nil
}

// live starts a session of the demo fight served on loopback, with the
// given commands done first, and a map window on it with token (the Judge's
// when seat is nil).
func (sc *Scene) live(before []session.Command, players map[string][]string, seat string) (*session.Session, error) {
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		return nil, err
	}
	if sc.fight != nil {
		f = sc.fight
	}
	dir, err := os.MkdirTemp("", "hexslinger-scene")
	if err != nil {
		return nil, err
	}
	sc.cleanup = append(sc.cleanup, func() { os.RemoveAll(dir) })
	s, err := session.Open(f, filepath.Join(dir, "scene.journal.jsonl"))
	if err != nil {
		return nil, err
	}
	sc.cleanup = append(sc.cleanup, func() { s.Close() })
	for _, c := range before {
		if _, err := s.Do(c); err != nil {
			return nil, fmt.Errorf("scene command %s: %w", c.Kind, err)
		}
	}
	access := session.NewAccess(session.NewToken())
	token := access.Judge().Token()
	for name, figs := range players {
		p := access.AddPlayer(name, figs)
		if name == seat {
			token = p.Token()
		}
	}
	srv, err := transport.Serve(s, "127.0.0.1:0", access, nil)
	if err != nil {
		return nil, err
	}
	sc.cleanup = append(sc.cleanup, func() { srv.Close() })
	sc.g = NewGame(srv.URL(), token)
	sc.g.w, sc.g.h = sc.w, sc.h
	sc.g.cursor = func() (int, int) { return -50, -50 } // off the map: no hover
	sc.cleanup = append(sc.cleanup, sc.g.Close)
	sc.inner = sc.g
	return s, nil
}

// connected reports whether the window has the fight.
func (sc *Scene) connected() bool { return sc.g.play.st != nil && sc.g.fitted }

// hexPoint is where hex label is drawn in the window.
func (sc *Scene) hexPoint(label string) (int, int) {
	h, _ := sc.g.play.st.Map.ParseHex(label)
	p := sc.g.layout.ToPixel(h)
	return int(p.X), int(p.Y)
}

// street: the demo street at the fitted zoom, nothing selected.
func (sc *Scene) street() error {
	_, err := sc.live(nil, nil, "")
	sc.setup = sc.connected
	return err
}

// reach: Cyril selected, the hexes he can reach tinted with their AP.
func (sc *Scene) reach() error {
	_, err := sc.live(nil, nil, "")
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		sc.g.play.selected = "cyril"
		return true
	}
	return err
}

// defend: Cyril's punch at Jeb waits for Jeb's answer: the bar offers
// block, dodge or take it, with the numbers of taking it.
func (sc *Scene) defend() error {
	jebNext := hexmap.Hex{}
	if f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight())); err == nil {
		if st, err := f.State(); err == nil {
			jebNext = st.Figures["jeb"].At.Neighbor(hexmap.Direction(5))
		}
	}
	_, err := sc.live([]session.Command{
		{Kind: session.CommandMove, Figure: "cyril", To: &jebNext},
		{Kind: session.CommandMelee, Figure: "cyril", Blow: &session.BlowOrder{Target: "jeb", Attack: "quick"}},
	}, nil, "")
	sc.setup = func() bool { return sc.connected() && sc.g.answering() != "" }
	return err
}

// attack: Cyril aims at Zeke: the line of sight, the range bands and the
// preview of the shot.
func (sc *Scene) attack() error {
	_, err := sc.live(nil, nil, "")
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		sc.g.play.selected = "cyril"
		sc.g.play.attack()
		x, y := sc.hexPoint("U8")
		sc.g.cursor = func() (int, int) { return x, y }
		return true
	}
	return err
}

// ruler: the ruler from Cyril's hex to Zeke's, with its length.
func (sc *Scene) ruler() error {
	_, err := sc.live(nil, nil, "")
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		sc.g.toggleRuler()
		h, _ := sc.g.play.st.Map.ParseHex("C8")
		sc.g.ruler.from, sc.g.ruler.anchored = h, true
		x, y := sc.hexPoint("U8")
		sc.g.cursor = func() (int, int) { return x, y }
		return true
	}
	return err
}

// judgeEdit: the Judge edits the running fight's map in the map window
// (Ctrl+E): a patch of grass and a fence line painted, sent to the session
// and come back, with the figures drawn over the editor.
func (sc *Scene) judgeEdit() error {
	_, err := sc.live(nil, nil, "")
	painted := false
	sc.setup = func() bool {
		if !sc.connected() || !sc.g.conn.judge() {
			return false
		}
		st := sc.g.play.st
		h, _ := st.Map.ParseHex("N12")
		if !painted {
			painted = true
			sc.g.toggleEdit()
			e := sc.g.edit.ed.e
			e.tool, e.terrain, e.brush = toolTerrain, slices.Index(hexmap.TerrainNames(), "grass"), 2
			e.apply(h, 0)
			e.end()
			e.tool, e.edge = toolEdge, slices.Index(edgeKinds, "fence")
			k, _ := st.Map.ParseHex("K10")
			m, _ := st.Map.ParseHex("M10")
			e.line(hexmap.EdgeOf(k, 4).LineTo(hexmap.EdgeOf(m, 5))) // one line: one edit

			e.tool, e.terrain = toolTerrain, slices.Index(hexmap.TerrainNames(), "grass")
			ed := sc.g.edit.ed
			p, _ := st.Map.ParseHex("P12")
			at := ed.layout.ToPixel(p)
			ed.cursor = func() (int, int) { return int(at.X), int(at.Y) }
			return false
		}
		tr, _ := st.Map.Terrain(h) // the edit has come back from the session
		return tr.Name == "grass"
	}
	return err
}

// thrownMiss: Jeb throws his knife at Cyril and misses (the dice are
// given): the card's clock face on Cyril, 12 straight on and 6 back to
// Jeb, the knife's flight to where it lands, and the knife lying there.
func (sc *Scene) thrownMiss() error {
	s, err := sc.live(nil, nil, "")
	thrown := false
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		if !thrown {
			thrown = true
			go s.Do(session.Command{Kind: session.CommandShoot, Figure: "jeb", Weapon: "throwing-knife",
				Shots: []session.ShotOrder{{Target: "cyril", Kind: "normal"}}, Dice: []int{1, 1, 1}, Cards: []string{"4C"}})
		}
		return sc.g.result != nil && len(sc.g.result.landings) > 0
	}
	sc.settle = 1300 * time.Millisecond // the flight takes a second
	return err
}

// hitResult: Cyril's Schofield puts two wounds in Zeke's head (the dice
// and the card are given): the burst on Zeke with the short result beside
// him, and the result in big letters at the top.
func (sc *Scene) hitResult() error {
	s, err := sc.live([]session.Command{
		{Kind: session.CommandReady, Figure: "cyril", Weapon: "schofield"},
		{Kind: session.CommandCock, Figure: "cyril", Weapon: "schofield"},
	}, nil, "")
	shot := false
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		if !shot {
			shot = true
			go s.Do(session.Command{Kind: session.CommandShoot, Figure: "cyril", Weapon: "schofield",
				Shots: []session.ShotOrder{{Target: "zeke", Kind: "normal"}}, Dice: []int{9, 2, 1, 1, 1, 1}, Cards: []string{"3H"}})
		}
		return sc.g.result != nil && len(sc.g.result.outcomes) > 0
	}
	sc.settle = 1000 * time.Millisecond // the tracer fades first
	return err
}

// player: the players' view, Jeb hidden by the Judge: he is not drawn.
func (sc *Scene) player() error {
	_, err := sc.live([]session.Command{{Kind: session.CommandHide, Figure: "jeb"}},
		map[string][]string{"Table": {"cyril", "miranda"}}, "Table")
	sc.setup = sc.connected
	return err
}

// newEditor is the map editor, fitted to the scene's window, on a new
// w×h map of dirt named name, to be saved in a fixed folder (so that the
// path in the status bar is the same every time).
func (sc *Scene) newEditor(name string, w, h int) (*Editor, error) {
	m, err := hexmap.New(name, hexmap.Pointy, w, h, "dirt")
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(os.TempDir(), "hexslinger-scene-"+name)
	os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	sc.cleanup = append(sc.cleanup, func() { os.RemoveAll(dir) })
	ed, err := NewEditor(filepath.Join(dir, name+".hexmap.json"), m)
	if err != nil {
		return nil, err
	}
	ed.w, ed.h = SceneWidth, SceneHeight
	ed.fit()
	return ed, nil
}

// editor: the map editor on a new map, part painted: grass and water with
// a brush of 2, a raised knoll, a wall with a door, barrels; the pointer
// shows the brush.
func (sc *Scene) editor() error {
	ed, err := sc.newEditor("scene", 20, 14)
	if err != nil {
		return err
	}
	e := ed.e
	hex := func(c, r int) hexmap.Hex { return hexmap.Pointy.FromOffset(hexmap.Offset{Col: c, Row: r}) }
	terrain := func(name string) int { return slices.Index(hexmap.TerrainNames(), name) }
	e.brush = 2
	e.tool, e.terrain = toolTerrain, terrain("grass")
	for c := 2; c < 8; c++ {
		e.apply(hex(c, 3), 0)
	}
	e.end()
	e.tool, e.terrain = toolTerrain, terrain("water")
	for r := 6; r < 12; r++ {
		e.apply(hex(15, r), 0)
	}
	e.end()
	e.brush = 1
	e.tool = toolRaise
	for range 2 { // two clicks: level 2
		e.apply(hex(10, 10), 0)
		e.end()
	}
	e.tool, e.edge = toolEdge, 0 // wall: one line, dragged along the row
	e.line(hexmap.EdgeOf(hex(4, 8), 2).LineTo(hexmap.EdgeOf(hex(9, 8), 1)))
	e.edge = 1 // door
	e.line([]hexmap.Edge{hexmap.EdgeOf(hex(7, 8), 2)})
	e.tool, e.feature = toolFeature, 0 // barrel
	e.apply(hex(6, 10), 0)
	e.apply(hex(7, 11), 0)
	e.end()
	e.tool, e.terrain, e.brush = toolTerrain, terrain("grass"), 2
	p := ed.layout.ToPixel(hex(12, 4))
	ed.cursor = func() (int, int) { return int(p.X), int(p.Y) }
	sc.ed, sc.inner = ed, ed
	sc.setup = func() bool { return true }
	return nil
}

// Update implements ebiten.Game.
func (sc *Scene) Update() error {
	if sc.saved {
		return ErrSceneDone
	}
	if time.Now().After(sc.deadline) {
		return errors.New("the scene was not ready within a minute")
	}
	if sc.readyAt.IsZero() && sc.setup() {
		sc.readyAt = time.Now()
	}
	return sc.inner.Update()
}

// Draw implements ebiten.Game: the window's own drawing, then, once the
// moment has settled, the picture saved.
func (sc *Scene) Draw(screen *ebiten.Image) {
	sc.inner.Draw(screen)
	if sc.readyAt.IsZero() || time.Since(sc.readyAt) < sc.settle || sc.saved || !sc.whole() {
		return
	}
	b := screen.Bounds()
	img := image.NewRGBA(b)
	screen.ReadPixels(img.Pix)
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 0xff // the window is opaque
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err == nil {
		if err := os.WriteFile(sc.out, buf.Bytes(), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "hexslinger-map: scene:", err)
		}
	}
	sc.saved = true
}

// whole reports whether the scene's window has drawn all of its map and
// its picture (both come over a few frames).
func (sc *Scene) whole() bool {
	ed := sc.ed
	if g := sc.g; g != nil {
		if g.edit == nil {
			return !g.chunks.pending && g.backdrop.loading == nil
		}
		ed = g.edit.ed
	}
	return ed == nil || (!ed.chunks.pending && ed.picture().loading == nil)
}

// Layout implements ebiten.Game: the scene's fixed size.
func (sc *Scene) Layout(int, int) (int, int) {
	sc.inner.Layout(sc.w, sc.h)
	return sc.w, sc.h
}

// dragMove: Cyril pressed on and dragged partway up the street, the
// button still down: his path to the hex under the pointer and its AP.
func (sc *Scene) dragMove() error {
	_, err := sc.live(nil, nil, "")
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		st := sc.g.play.st
		from := sc.g.layout.ToPixel(st.Figures["cyril"].At)
		x, y := sc.hexPoint("H9")
		sc.g.pressed, sc.g.dragging, sc.g.dragFig = true, true, "cyril"
		sc.g.pressAt = [2]int{int(from.X), int(from.Y)}
		sc.g.beginFigureDrag()
		sc.g.cursor = func() (int, int) { return x, y }
		return true
	}
	return err
}
