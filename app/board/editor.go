package board

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"io/fs"
	"math"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/sqweek/dialog"

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
	message  string
	msgErr   bool
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
	// fight is set when the editor edits a running fight's map inside the
	// Judge's map window: no opening other maps there.
	fight bool
}

// dialogResult is a native file dialog's answer, returned from its
// goroutine (dialogs never run inside Update).
type dialogResult struct {
	save bool
	path string
	err  error
}

// NewEditor opens path, or makes a new map for it when it does not exist.
func NewEditor(path string, newMap *hexmap.Map) (*Editor, error) {
	m := newMap
	if path != "" {
		if loaded, err := hexmap.Load(path); err == nil {
			m = loaded
		} else if !isNotExist(err) {
			return nil, err
		}
	}
	ed := &Editor{e: newEditState(m, path), w: WindowWidth, h: WindowHeight, dialogs: make(chan dialogResult, 1), lastSave: time.Now()}
	ed.say("T terrain · U/J raise/lower · W hexside · F feature · X erase · [ ] brush · +/- armor · H height · Enter label · Ctrl+S save · Ctrl+Shift+S save as · Ctrl+O open · Ctrl+Z/Y undo/redo", false)
	return ed, nil
}

func isNotExist(err error) bool { return err != nil && strings.Contains(err.Error(), "no such file") }

func (ed *Editor) say(s string, isErr bool) { ed.message, ed.msgErr = s, isErr }

// Layout implements ebiten.Game.
func (ed *Editor) Layout(w, h int) (int, int) {
	if w != ed.w || h != ed.h || !ed.fitted {
		ed.w, ed.h = w, h
		ed.fit()
	}
	return ed.w, ed.h
}

func (ed *Editor) fit() {
	ed.layout = hexmap.Fit(ed.e.m, float64(ed.w), float64(ed.h-barHeight), fitMargin)
	ed.fitted = true
}

// Update implements ebiten.Game.
func (ed *Editor) Update() error {
	select {
	case r := <-ed.dialogs:
		ed.dialogDone(r)
	default:
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
	x, y := ebiten.CursorPosition()
	if ed.cursor != nil {
		x, y = ed.cursor()
	}
	p := hexmap.Point{X: float64(x), Y: float64(y)}
	ed.hover = ed.layout.HexAt(p)
	ed.side = nearestSide(ed.layout, ed.hover, p)
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl)
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	just := inpututil.IsKeyJustPressed
	e := ed.e
	switch {
	case ctrl && just(ebiten.KeyZ):
		if e.undoStep() {
			ed.say("Undone.", false)
		}
	case ctrl && just(ebiten.KeyY):
		if e.redoStep() {
			ed.say("Redone.", false)
		}
	case ctrl && shift && just(ebiten.KeyS):
		ed.askFile(true)
	case ctrl && just(ebiten.KeyS):
		if err := e.save(); err != nil {
			ed.say(err.Error(), true)
		} else {
			ed.say("Saved "+e.path, false)
		}
	case ctrl && just(ebiten.KeyO) && ed.fight:
		ed.say("The fight's map is edited in place; open other maps in the map editor (hexslinger-map --edit FILE).", true)
	case ctrl && just(ebiten.KeyO):
		ed.askFile(false)
	case ctrl:
	case just(ebiten.KeyT):
		if e.tool == toolTerrain {
			e.terrain = (e.terrain + 1) % len(hexmap.TerrainNames())
		}
		e.tool = toolTerrain
	case just(ebiten.KeyU):
		e.tool = toolRaise
	case just(ebiten.KeyJ):
		e.tool = toolLower
	case just(ebiten.KeyW):
		if e.tool == toolEdge {
			e.edge = (e.edge + 1) % len(edgeKinds)
		}
		e.tool = toolEdge
	case just(ebiten.KeyF):
		if e.tool == toolFeature {
			e.feature = (e.feature + 1) % len(featureKinds)
		}
		e.tool = toolFeature
	case just(ebiten.KeyX):
		e.tool = toolErase
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
	case just(ebiten.KeyEnter) && e.m.Contains(ed.hover):
		ed.typing, ed.typed = true, []rune(e.m.Labels[ed.hover])
		ed.say("Label for "+e.m.Label(ed.hover)+": type, Enter to set (empty clears), Esc to cancel", false)
	case just(ebiten.KeyHome):
		ed.fit()
	}
	// Left button: brushes paint while dragged (one undo step a drag);
	// the other tools act once a click. Right button pans.
	brush := e.tool == toolTerrain || e.tool == toolRaise || e.tool == toolLower
	pressed := inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
	if y < ed.h-barHeight && (pressed || (brush && ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft))) {
		if msg := e.apply(ed.hover, ed.side); msg != "" {
			ed.say(msg, false)
		}
		if !brush {
			e.end()
		}
	}
	if inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) {
		e.end()
	}
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) {
		ed.pan, ed.panFrom, ed.origin = true, [2]int{x, y}, ed.layout.Origin
	}
	if ed.pan {
		ed.layout.Origin = hexmap.Point{X: ed.origin.X + float64(x-ed.panFrom[0]), Y: ed.origin.Y + float64(y-ed.panFrom[1])}
		if !ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) {
			ed.pan = false
		}
	}
	if _, wy := ebiten.Wheel(); wy != 0 {
		f := math.Pow(1.15, wy)
		size := math.Max(6, math.Min(160, ed.layout.Size*f))
		f = size / ed.layout.Size
		ed.layout.Origin = hexmap.Point{X: p.X - (p.X-ed.layout.Origin.X)*f, Y: p.Y - (p.Y-ed.layout.Origin.Y)*f}
		ed.layout.Size = size
	}
	return nil
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
	go func() {
		b := dialog.File().Filter("hexslinger maps", "json").Filter("Universal VTT", "dd2vtt", "uvtt").Title("hexslinger map")
		var r dialogResult
		r.save = save
		if save {
			r.path, r.err = b.Save()
		} else {
			r.path, r.err = b.Load()
		}
		ed.dialogs <- r
	}()
}

func (ed *Editor) dialogDone(r dialogResult) {
	switch {
	case r.err == dialog.ErrCancelled:
		return
	case r.err != nil:
		ed.say("The file dialog failed: "+r.err.Error(), true)
	case r.save:
		ed.e.path = r.path
		if err := ed.e.save(); err != nil {
			ed.say(err.Error(), true)
		} else {
			ed.say("Saved "+r.path, false)
		}
	default:
		ed.open(r.path, nil)
	}
}

// open loads a map or UVTT file, from a path or dropped bytes.
func (ed *Editor) open(path string, data []byte) {
	var m *hexmap.Map
	var err error
	isUVTT := strings.HasSuffix(path, ".dd2vtt") || strings.HasSuffix(path, ".uvtt")
	switch {
	case data != nil && isUVTT:
		m, err = hexmap.ImportUVTT(bytes.NewReader(data), strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)))
	case data != nil:
		m, err = hexmap.Decode(bytes.NewReader(data))
	case isUVTT:
		m, err = hexmap.LoadUVTT(path)
	default:
		m, err = hexmap.Load(path)
	}
	if err != nil {
		ed.say(fmt.Sprintf("Could not open %s: %v", path, err), true)
		return
	}
	if ed.e.dirty {
		if p, err := ed.e.autosave(); err == nil && p != "" {
			ed.say("Your unsaved changes are in "+p, false)
		}
	}
	save := path
	if isUVTT || data != nil {
		save = "" // an import, or a dropped file: choose where to save
	}
	ed.e = newEditState(m, save)
	ed.fitted = false
	ed.fit()
	ed.say("Opened "+path, false)
}

// dropped opens a map or UVTT file dropped on the window.
func (ed *Editor) dropped() {
	files := ebiten.DroppedFiles()
	if files == nil {
		return
	}
	entries, err := fs.ReadDir(files, ".")
	if err != nil || len(entries) == 0 {
		return
	}
	name := entries[0].Name()
	data, err := fs.ReadFile(files, name)
	if err != nil {
		ed.say("Could not read the dropped file: "+err.Error(), true)
		return
	}
	ed.open(name, data)
}

// Draw implements ebiten.Game.
func (ed *Editor) Draw(screen *ebiten.Image) {
	screen.Fill(colBackground)
	m := ed.e.m
	ed.chunks.draw(screen, m, ed.layout, ed.w, ed.h)
	drawMapLabels(screen, m, ed.layout, ed.w, ed.h)
	// The brush, or the hexside an edge tool would place on.
	var b batch
	l := ed.layout
	s := l.Size
	if m.Contains(ed.hover) {
		if ed.e.tool == toolEdge || ed.e.tool == toolErase {
			a, z := l.Edge(ed.hover, ed.side)
			b.path(screen, polyline([]hexmap.Point{a, z}), float32(math.Max(3, s/6)), colSelect)
		}
		for _, h := range ed.e.brushHexes(ed.hover) {
			c := l.Corners(h)
			b.path(screen, polygon(c[:]), float32(math.Max(2, s/12)), color.RGBA{0xff, 0xff, 0xff, 0xb0})
		}
	}
	b.flush(screen)
	// The status bar: a rectangle on the pixel grid, with no edge to smooth.
	y0 := float64(ed.h - barHeight)
	screen.SubImage(image.Rect(0, ed.h-barHeight, ed.w, ed.h)).(*ebiten.Image).Fill(colBar)
	col := color.Color(colText)
	if ed.msgErr {
		col = colBad
	}
	msg := ed.message
	if ed.typing {
		msg = "Label: " + string(ed.typed) + "▏"
	}
	barLine(screen, msg, face(17, false), ed.w, y0+20, col)
	file := ed.e.path
	if file == "" {
		file = "(not saved yet)"
	}
	if ed.e.dirty {
		file += " *"
	}
	if ed.fight {
		file = "the fight's map: each stroke goes to the session"
	}
	status := fmt.Sprintf("%s · brush %d · %s · %s %d×%d · %s", ed.e.toolName(), ed.e.brush, m.Label(ed.hover), m.Name, m.Width, m.Height, file)
	barLine(screen, status, face(15, false), ed.w, y0+46, colDim)
}
