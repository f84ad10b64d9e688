package board

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hexslinger/hexmap"
)

// autosaveEvery is how often the editor writes unsaved changes aside.
const autosaveEvery = time.Minute

// Editor is the stand-alone map editor (hexslinger-map --edit FILE) as an
// ebiten.Game.
type Editor struct {
	e        *editState
	w, h     int
	layout   hexmap.Layout
	fitted   bool
	chunks   chunkCache
	heap     heapGovernor // keeps the Go heap near its live data
	message  string
	msgErr   bool
	msgAt    time.Time
	hover    hexmap.Hex
	side     hexmap.Direction
	pan      bool
	panFrom  [2]int
	origin   hexmap.Point
	typing   bool // entering a label
	typed    []rune
	dialogs  chan dialogResult
	lastSave time.Time
	cursor   func() (int, int) // replaces the pointer (screenshot scenes)
	held     func() bool       // replaces the left button's state (screenshot scenes)
	// fight is set when the editor edits a running fight's map inside the
	// Judge's map window: no opening other maps there.
	fight bool
	// back returns to play (the fight's map window); figures draws the
	// fight's figures over the map, under the panels.
	back    func()
	figures func(dst *ebiten.Image, l hexmap.Layout)
	toolbar []tool // placed by placeTools
	top     int    // where the toolbar ends and the map's area begins
	paint   bool   // the left button went down on the map: a stroke
	inMap   bool   // the pointer is over the map's area
	drag    lineDrag
	// backdrop is the map's picture, drawn under the hexes (picture
	// makes it; the Judge's editing in a fight window shares the
	// window's); align the align tool's gesture in hand.
	backdrop *backdrop
	align    alignState
	// load is a map file being read off the frame loop; blank says the
	// editor has no map of its own yet (it opened on a file still being
	// read). prompt asks what to do with unsaved changes; quit ends the
	// editor once Update sees it.
	load   *mapLoad
	blank  bool
	prompt *savePrompt
	quit   bool
	// ask opens the file dialog (askFile; tests answer it themselves);
	// hold, when set, keeps a load from reading until it is closed
	// (tests: what a window does while a big file is read).
	ask  func(save bool)
	hold chan struct{}
	// tags holds the level badges, rendered once (drawLevels).
	tags tagCache
}

// lineDrag is a wall line being dragged, from the hexside pressed to the
// one under the pointer (hexmap.Edge.LineTo); it is placed on release.
type lineDrag struct {
	on       bool
	from, to hexmap.Edge
	run      []hexmap.Edge
}

// dialogResult is a native file dialog's answer, returned from its
// goroutine (dialogs never run inside Update).
type dialogResult struct {
	save bool
	path string
	err  error
}

// NewEditor opens path, or makes newMap for it when it does not exist. A
// file that is there is read off the frame loop (startLoad), the window
// showing how far it has come; should it fail, the window says why and
// edits newMap, to be saved elsewhere. A UVTT file or picture to import
// must be there.
func NewEditor(path string, newMap *hexmap.Map) (*Editor, error) {
	m := newMap
	if m == nil {
		m, _ = hexmap.New("", hexmap.Pointy, 1, 1, "dirt")
	}
	ed := &Editor{e: newEditState(m, path), w: WindowWidth, h: WindowHeight, dialogs: make(chan dialogResult, 1), lastSave: time.Now()}
	if path == "" {
		return ed, nil
	}
	switch _, err := os.Stat(path); {
	case err == nil:
		ed.e.path = "" // until the file is read: never saved over
		ed.blank = true
		ed.startLoad(path, nil, nil)
	case !errors.Is(err, fs.ErrNotExist) || hexmap.IsUVTT(path) || hexmap.IsImage(path):
		return nil, fmt.Errorf("open map: %w", err)
	}
	return ed, nil
}

// picture is the editor's map's picture as it draws it.
func (ed *Editor) picture() *backdrop {
	if ed.backdrop == nil {
		ed.backdrop = &backdrop{}
	}
	return ed.backdrop
}

// say shows s in the status bar for a while (an error for longer), in
// place of how to use the tool in hand.
func (ed *Editor) say(s string, isErr bool) { ed.message, ed.msgErr, ed.msgAt = s, isErr, time.Now() }

// messageFor is how long the status bar shows a message, and an error.
const messageFor, errorFor = 6 * time.Second, 15 * time.Second

// Layout implements ebiten.Game.
func (ed *Editor) Layout(w, h int) (int, int) {
	if w != ed.w || h != ed.h || !ed.fitted {
		ed.w, ed.h = w, h
		ed.fit()
	}
	return ed.w, ed.h
}

// fit shows the whole map in the area between the panels.
func (ed *Editor) fit() {
	ed.placeTools()
	a := ed.mapArea()
	ed.layout = hexmap.Fit(ed.e.m, float64(a.Dx()), float64(a.Dy()), fitMargin)
	ed.layout.Origin.X += float64(a.Min.X)
	ed.layout.Origin.Y += float64(a.Min.Y)
	ed.fitted = true
}

func (ed *Editor) undo() {
	if ed.e.undoStep() {
		ed.say("Undone.", false)
	}
}

func (ed *Editor) redo() {
	if ed.e.redoStep() {
		ed.say("Redone.", false)
	}
}

func (ed *Editor) saveFile() {
	if ed.e.path == "" {
		ed.askFile(true)
		return
	}
	if ed.blank {
		return // nothing of its own to save yet
	}
	if err := ed.e.save(); err != nil {
		ed.say(err.Error(), true)
	} else {
		ed.say("Saved "+ed.e.path, false)
	}
}

// Update implements ebiten.Game.
func (ed *Editor) Update() error {
	ed.heap.tick()
	select {
	case r := <-ed.dialogs:
		ed.dialogDone(r)
	default:
	}
	if !ed.fight && ebiten.IsWindowBeingClosed() {
		ed.requestQuit()
	}
	ed.pollLoad()
	if ed.quit {
		return ebiten.Termination
	}
	if ed.prompt != nil {
		ed.promptInput()
		return nil
	}
	if ed.load != nil {
		ed.loadKeys()
		return nil
	}
	if !ed.fight {
		ed.dropped()
	}
	if time.Since(ed.lastSave) > autosaveEvery && !ed.fight {
		ed.lastSave = time.Now()
		if p, err := ed.e.autosave(); err != nil {
			ed.say("Autosave failed: "+err.Error(), true)
		} else if p != "" {
			ed.say("Autosaved to "+p, false)
		}
	}
	if ed.typing {
		ed.typeLabel()
		return nil
	}
	ed.placeTools()
	x, y := ebiten.CursorPosition()
	if ed.cursor != nil {
		x, y = ed.cursor()
	}
	p := hexmap.Point{X: float64(x), Y: float64(y)}
	inMap := ed.pointAt(x, y)
	ed.keys()
	held := ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) || (ed.held != nil && ed.held())
	ed.mouse(x, y, inMap, inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft), held)
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) {
		ed.pan, ed.panFrom, ed.origin = true, [2]int{x, y}, ed.layout.Origin
	}
	if ed.pan {
		ed.layout.Origin = hexmap.Point{X: ed.origin.X + float64(x-ed.panFrom[0]), Y: ed.origin.Y + float64(y-ed.panFrom[1])}
		if !ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) {
			ed.pan = false
		}
	}
	if _, wy := ebiten.Wheel(); wy != 0 && inMap {
		f := math.Pow(1.15, wy)
		size := math.Max(6, math.Min(160, ed.layout.Size*f))
		f = size / ed.layout.Size
		ed.layout.Origin = hexmap.Point{X: p.X - (p.X-ed.layout.Origin.X)*f, Y: p.Y - (p.Y-ed.layout.Origin.Y)*f}
		ed.layout.Size = size
	}
	return nil
}

// keys answers the editor's keys.
func (ed *Editor) keys() {
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl)
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	just := inpututil.IsKeyJustPressed
	e := ed.e
	cycle := func(t string, kind *int, kinds int) {
		if e.tool == t {
			*kind = (*kind + 1) % kinds
		}
		ed.setTool(t)
	}
	switch {
	case just(ebiten.KeyEscape) && ed.drag.on:
		ed.drag = lineDrag{}
		ed.say("The line is let go.", false)
	case ctrl && just(ebiten.KeyZ):
		ed.undo()
	case ctrl && just(ebiten.KeyY):
		ed.redo()
	case ctrl && shift && just(ebiten.KeyS):
		ed.askFile(true)
	case ctrl && just(ebiten.KeyS) && ed.fight:
		ed.say("The fight's map is kept by the session: every change is already in the fight.", false)
	case ctrl && just(ebiten.KeyS):
		ed.saveFile()
	case ctrl && just(ebiten.KeyO) && ed.fight:
		ed.say("The fight's map is edited in place; open other maps in the map editor (hexslinger-map --edit FILE).", true)
	case ctrl && just(ebiten.KeyO):
		ed.askFile(false)
	case ctrl && just(ebiten.KeyQ) && !ed.fight:
		ed.requestQuit()
	case ctrl:
	case e.tool == toolAlign && ed.alignKeys():
	case just(ebiten.KeyI) && e.m.Background != nil:
		ed.picture().mode = (ed.picture().mode + 1) % pictureModes
		ed.say("The picture is "+pictureModeNames[ed.picture().mode]+".", false)
	case just(ebiten.KeyK) && e.m.Background != nil:
		ed.picture().noGrid = !ed.picture().noGrid
		ed.say(map[bool]string{true: "Grid lines hidden over the picture.", false: "Grid lines over the picture."}[ed.picture().noGrid], false)
	case just(ebiten.KeyA) && ed.canAlign():
		ed.setTool(toolAlign)
	case just(ebiten.KeyT):
		cycle(toolTerrain, &e.terrain, len(hexmap.TerrainNames()))
	case just(ebiten.KeyU):
		ed.setTool(toolRaise)
	case just(ebiten.KeyJ):
		ed.setTool(toolLower)
	case just(ebiten.KeyW):
		cycle(toolEdge, &e.edge, len(edgeKinds))
	case just(ebiten.KeyF):
		cycle(toolFeature, &e.feature, len(featureKinds))
	case just(ebiten.KeyX):
		ed.setTool(toolErase)
	case just(ebiten.KeyBracketLeft):
		e.brush = max(1, e.brush-1)
	case just(ebiten.KeyBracketRight):
		e.brush = min(maxBrush, e.brush+1)
	case just(ebiten.KeyEqual), just(ebiten.KeyKPAdd):
		ed.say(e.armor(ed.hover, ed.side, +1), false)
	case just(ebiten.KeyMinus), just(ebiten.KeyKPSubtract):
		ed.say(e.armor(ed.hover, ed.side, -1), false)
	case just(ebiten.KeyH):
		ed.say(e.height(ed.hover, ed.side), false)
	case just(ebiten.KeyEnter):
		ed.startLabel()
	case just(ebiten.KeyHome):
		ed.fit()
	}
}

// pointAt takes the pointer at (x, y): the hex and hexside under it, and
// whether it is over the map's area (which it returns).
func (ed *Editor) pointAt(x, y int) bool {
	p := hexmap.Point{X: float64(x), Y: float64(y)}
	ed.inMap = (image.Point{x, y}).In(ed.mapArea())
	ed.hover = ed.layout.HexAt(p)
	ed.side = nearestSide(ed.layout, ed.hover, p)
	return ed.inMap
}

// mouse answers the left button, with the pointer at (x, y): just says it
// went down this frame, held that it is down. A click on the toolbar or
// the legend picks there; on the map, brushes paint while dragged (one
// undo step a drag), the hexside tool draws a line from the hexside
// pressed to the one released on, and the other tools act once a click.
func (ed *Editor) mouse(x, y int, inMap, just, held bool) {
	e := ed.e
	if just {
		if t, ok := ed.toolAt(x, y); ok {
			t.act()
			return
		}
	}
	if e.tool == toolAlign && ed.canAlign() {
		if inMap || ed.align.pressed {
			ed.alignMouse(x, y, held)
		}
		return
	}
	if just {
		if i, ok := ed.legendAt(x, y); ok {
			e.terrain = i
			ed.setTool(toolTerrain)
			return
		}
		if !inMap || !e.m.Contains(ed.hover) {
			return
		}
		ed.paint = true
		switch e.tool {
		case toolEdge:
			s := hexmap.EdgeOf(ed.hover, ed.side)
			ed.drag = lineDrag{on: true, from: s, to: s, run: []hexmap.Edge{s}}
		case toolArmorUp, toolArmorDn:
			d := map[bool]int{true: +1, false: -1}[e.tool == toolArmorUp]
			ed.say(e.armor(ed.hover, ed.side, d), false)
		case toolHeight:
			ed.say(e.height(ed.hover, ed.side), false)
		case toolLabel:
			ed.startLabel()
		default:
			if msg := e.apply(ed.hover, ed.side); msg != "" {
				ed.say(msg, false)
			}
		}
	}
	brush := e.tool == toolTerrain || e.tool == toolRaise || e.tool == toolLower
	switch {
	case ed.drag.on && held && inMap:
		if s := hexmap.EdgeOf(ed.hover, ed.side); s != ed.drag.to {
			ed.drag.to, ed.drag.run = s, ed.drag.from.LineTo(s)
		}
	case ed.paint && held && brush && inMap && e.m.Contains(ed.hover):
		if msg := e.apply(ed.hover, ed.side); msg != "" {
			ed.say(msg, false)
		}
	}
	if !held {
		if ed.drag.on {
			if msg := e.line(ed.drag.run); msg != "" {
				ed.say(msg, false)
			}
		}
		ed.drag, ed.paint = lineDrag{}, false
		e.end()
	}
}

// startLabel starts typing the label of the hex under the pointer.
func (ed *Editor) startLabel() {
	if !ed.e.m.Contains(ed.hover) {
		return
	}
	ed.typing, ed.typed = true, []rune(ed.e.m.Labels[ed.hover])
	ed.say("Label for "+ed.e.m.Label(ed.hover)+": type, Enter to set (empty clears), Esc to cancel", false)
}

// typeLabel takes the keys while a label is being typed.
func (ed *Editor) typeLabel() {
	ed.typed = ebiten.AppendInputChars(ed.typed)
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyBackspace) && len(ed.typed) > 0:
		ed.typed = ed.typed[:len(ed.typed)-1]
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter):
		ed.e.label(ed.hover, strings.TrimSpace(string(ed.typed)))
		ed.typing = false
		ed.say("Label set.", false)
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape):
		ed.typing = false
		ed.say("Label left as it was.", false)
	}
}

// askFile opens a native dialog in a goroutine; the answer comes back to
// Update through a channel.
func (ed *Editor) askFile(save bool) {
	if ed.ask != nil {
		ed.ask(save)
		return
	}
	go func() { ed.dialogs <- fileDialog(save) }()
}

// dialogDone takes a file dialog's answer: saves where it says (and, when
// the save prompt asked where, goes on with what it was asked before), or
// opens the map it chose.
func (ed *Editor) dialogDone(r dialogResult) {
	p := ed.prompt
	if p != nil {
		p.asking = false // back to the prompt, unless saved below
	}
	switch {
	case errors.Is(r.err, errDialogCancelled):
		return
	case r.err != nil:
		ed.say("The file dialog failed: "+r.err.Error(), true)
	case r.save:
		ed.e.path = r.path
		if err := ed.e.save(); err != nil {
			ed.say(err.Error(), true)
			if p != nil {
				p.err = err.Error()
			}
			return
		}
		ed.say("Saved "+r.path, false)
		if p != nil {
			ed.carryOut(p.then)
		}
	default:
		ed.requestOpen(r.path, nil)
	}
}

// dropped opens a map, UVTT file, Foundry scene or picture dropped on the window.
func (ed *Editor) dropped() {
	if files := ebiten.DroppedFiles(); files != nil {
		ed.droppedFrom(files)
	}
}

// droppedFrom opens a file of files, the files dropped on the window: the
// first that is not a picture (a scene's picture dropped with it is laid
// on it, startLoad), else the first. A picture dropped alone on a map
// missing its scene's picture is laid on it (startLay).
func (ed *Editor) droppedFrom(files fs.FS) {
	entries, err := fs.ReadDir(files, ".")
	if err != nil || len(entries) == 0 {
		return
	}
	name := entries[0].Name()
	for _, e := range entries {
		if !hexmap.IsImage(e.Name()) {
			name = e.Name()
			break
		}
	}
	// Read once, its size checked before any read and the read stopped
	// at the limit for its kind.
	data, err := hexmap.ReadMapFile(files, name)
	if err != nil {
		ed.say("Could not read the dropped file "+err.Error(), true)
		return
	}
	if len(entries) == 1 && hexmap.IsImage(name) && !ed.blank && ed.load == nil && ed.prompt == nil && ed.e.m.MissingPicture != nil {
		ed.startLay(name, data)
		return
	}
	var pics map[string][]byte
	if !hexmap.IsImage(name) {
		for _, e := range entries {
			if hexmap.IsImage(e.Name()) {
				img, err := hexmap.ReadMapFile(files, e.Name())
				if err != nil {
					ed.say("Could not read the dropped file "+err.Error(), true)
					return
				}
				if pics == nil {
					pics = map[string][]byte{}
				}
				pics[e.Name()] = img
			}
		}
	}
	ed.requestOpenWith(name, data, pics)
}

// Draw implements ebiten.Game.
func (ed *Editor) Draw(screen *ebiten.Image) {
	if ed.toolbar == nil {
		ed.placeTools()
	}
	screen.Fill(colBackground)
	if ed.blank { // the editor's own map is still being read
		ed.drawToolbar(screen)
		ed.drawStatus(screen)
		ed.drawLoad(screen)
		return
	}
	m := ed.e.m
	ed.picture().poll(m.Background) // the picture comes a step a frame
	ed.chunks.backdrop = ed.picture()
	ed.chunks.draw(screen, m, ed.layout, ed.w, ed.h)
	drawMapLabels(screen, m, ed.layout, ed.w, ed.h)
	// The brush's outline, thin, where the tool acts on hexes; the
	// hexside the hexside tools would act on, lit; then the hexside
	// features about them drawn again on top,
	// so that the wall just placed stays in sight; then a line being
	// dragged.
	var b batch
	l := ed.layout
	s := l.Size
	if hexes, side := ed.outline(); len(hexes) > 0 || side {
		for _, h := range hexes {
			c := l.Corners(h)
			b.path(screen, polygon(c[:]), float32(math.Max(1.5, s/16)), color.RGBA{0xff, 0xff, 0xff, 0xb0})
		}
		if side {
			a, z := l.Edge(ed.hover, ed.side)
			b.path(screen, polyline([]hexmap.Point{a, z}), float32(math.Max(6, s*0.34)), color.RGBA{0xff, 0xd7, 0x3a, 0xa0})
		}
		drawHexsides(screen, &b, m, l, append(hexes, ed.hover))
	}
	if ed.drag.on {
		ed.drawLine(screen, &b)
	}
	if ed.e.tool == toolAlign {
		ed.drawAlign(screen, &b)
	}
	b.flush(screen)
	ed.drawLevels(screen) // over the outlines: the numbers read whole
	if ed.figures != nil {
		ed.figures(screen, l)
	}
	ed.drawToolbar(screen)
	ed.drawLegend(screen)
	ed.drawStatus(screen)
	switch {
	case ed.prompt != nil:
		ed.drawPrompt(screen)
	case ed.load != nil:
		ed.drawLoad(screen)
	}
}

// outline is what the pointer outlines on the map: the hexes the tool in
// hand would act on, and whether it acts on the hexside under the
// pointer (ed.side of ed.hover).
func (ed *Editor) outline() (hexes []hexmap.Hex, side bool) {
	if !ed.e.m.Contains(ed.hover) || !ed.inMap || ed.drag.on {
		return nil, false
	}
	switch ed.e.tool {
	case toolTerrain, toolRaise, toolLower:
		return ed.e.brushHexes(ed.hover), false
	case toolFeature, toolArmorUp, toolArmorDn, toolHeight:
		return []hexmap.Hex{ed.hover}, false
	case toolErase:
		return []hexmap.Hex{ed.hover}, true
	case toolEdge:
		return nil, true
	}
	return nil, false // the label and align tools: no outline
}

// drawStatus draws the status bar: what the tool under the pointer or in
// hand does, or what was just done; and where the pointer is, the map and
// its file.
func (ed *Editor) drawStatus(screen *ebiten.Image) {
	m := ed.e.m
	y0 := float64(ed.h - barHeight)
	screen.SubImage(image.Rect(0, ed.h-barHeight, ed.w, ed.h)).(*ebiten.Image).Fill(colBar)
	col := color.Color(colText)
	msg := ed.message
	if age := time.Since(ed.msgAt); age > errorFor || (!ed.msgErr && age > messageFor) {
		msg = ""
	}
	switch {
	case ed.typing:
		msg = "Label: " + string(ed.typed) + "▏"
	case msg != "" && ed.msgErr:
		col = colBad
	}
	x, y := ebiten.CursorPosition()
	if ed.cursor != nil {
		x, y = ed.cursor()
	}
	if t, ok := ed.toolAt(x, y); ok && !ed.typing {
		msg, col = t.hint, colText
	} else if i, ok := ed.legendAt(x, y); ok && !ed.typing {
		n := hexmap.TerrainNames()[i]
		msg, col = fmt.Sprintf("Paint %s (%s)", n, hexmap.Terrains[n].Going()), colText
	} else if msg == "" {
		msg = ed.toolHint()
	}
	barLine(screen, msg, face(17, false), ed.w, y0+20, col)
	where := ""
	if m.Contains(ed.hover) && ed.inMap {
		t, _ := m.Terrain(ed.hover)
		where = fmt.Sprintf("%s %s level %d · ", m.Label(ed.hover), t.Name, m.Elevation(ed.hover))
	}
	file := filepath.Base(ed.e.path)
	if ed.e.path == "" {
		file = "not saved yet"
	}
	if ed.e.dirty {
		file += " *"
	}
	tail := " · right-drag pans · wheel zooms"
	if ed.fight {
		file = "the fight's map"
		tail = " · Ctrl+E back to play"
	}
	status := fmt.Sprintf("%s%s %d×%d · %s%s", where, m.Name, m.Width, m.Height, file, tail)
	if ed.blank && ed.load != nil {
		status = "Opening " + ed.load.name + "…"
	}
	if n := ed.picture().note(); n != "" {
		status = n + " · " + status
	}
	barLine(screen, status, face(15, false), ed.w, y0+46, colDim)
}
