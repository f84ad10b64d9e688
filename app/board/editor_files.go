package board

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"path/filepath"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hexslinger/hexmap"
)

// The map editor's files: a map, UVTT file, Foundry scene or picture is read off the
// frame loop (mapLoad), the window drawing and answering meanwhile, with
// how far the read has come and Esc to stop it; and before unsaved
// changes would be lost (the window's close button, Ctrl+Q, opening
// another map with Ctrl+O or by dropping it) the editor asks in the
// window: Save, Discard or Cancel (savePrompt).

// mapLoad is a map file being read on its own goroutine.
type mapLoad struct {
	name   string // the file, as the window names it
	save   string // where the map it makes saves to: "" for an import
	cancel context.CancelFunc
	done   chan loaded
	mu     sync.Mutex
	stage  string  // what the read is doing (hexmap.Progress)
	frac   float64 // how much of it is done, 0 to 1
	// lay is the scene's picture missing from the editor's map when the
	// read is of a picture dropped to be laid on it (startLay); nil for
	// a map read.
	lay *hexmap.ScenePicture
}

// loaded is what a mapLoad made: the map and its picture as the window
// keeps it, or why not.
type loaded struct {
	m    *hexmap.Map
	pic  keptPicture
	bg   *hexmap.Background // the picture laid, for a lay (startLay)
	note string             // why a picture dropped with a scene was not laid
	err  error
	took time.Duration
}

// progress is how far the read has come.
func (l *mapLoad) progress() (string, float64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.stage, l.frac
}

func (l *mapLoad) report(stage string, frac float64) {
	l.mu.Lock()
	l.stage, l.frac = stage, frac
	l.mu.Unlock()
}

// pictureShare is the part of a read the picture's decoding for the
// window takes, after the map is read.
const pictureShare = 0.25

// startLoad starts reading the map file at path (or dropped bytes of it,
// data) on a goroutine of its own; pollLoad takes the map when it is
// read. pics are pictures dropped with it, by name: a scene's picture not
// found beside it is taken from them (the one it names, else the only
// one).
func (ed *Editor) startLoad(path string, data []byte, pics map[string][]byte) {
	if ed.load != nil {
		ed.load.cancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	l := &mapLoad{name: filepath.Base(path), save: path, cancel: cancel, done: make(chan loaded, 1), stage: "reading the file"}
	if hexmap.IsUVTT(path) || hexmap.IsImage(path) || hexmap.IsFoundrySceneName(path) || data != nil {
		l.save = "" // an import (a .json may be a Foundry scene), or a dropped file: choose where to save
	}
	ed.load = l
	hold := ed.hold
	go func() {
		if hold != nil {
			<-hold
		}
		start := time.Now()
		var r loaded
		mapPart := func(stage string, frac float64) { l.report(stage, frac*(1-pictureShare)) }
		if data != nil {
			r.m, r.err = hexmap.ReadMapContext(ctx, path, data, mapPart)
		} else {
			r.m, r.err = hexmap.OpenMapContext(ctx, path, mapPart)
		}
		if r.err == nil && r.m.MissingPicture != nil && len(pics) > 0 {
			img, ok := pics[r.m.MissingPicture.Name]
			if !ok && len(pics) == 1 {
				for _, only := range pics {
					img = only
				}
			}
			if img != nil {
				if err := r.m.LayScenePicture(img); err != nil {
					r.note = err.Error()
				}
			}
		}
		if r.err == nil && r.m.Background != nil {
			// The picture as the window keeps it, decoded here rather
			// than on the frame loop when it is first drawn.
			r.pic = keepPicture(ctx, r.m.Background, func(stage string, frac float64) {
				l.report(stage, 1-pictureShare+frac*pictureShare)
			})
			if errors.Is(r.pic.err, context.Canceled) {
				r.err = r.pic.err
			}
		}
		r.took = time.Since(start)
		l.done <- r
	}()
}

// startLay starts checking img, a picture dropped on the window named
// name, to be laid where the scene says as the picture the editor's map
// misses (hexmap.ScenePicture), on a goroutine of its own, as a map is
// read; pollLoad lays it.
func (ed *Editor) startLay(name string, img []byte) {
	if ed.load != nil {
		ed.load.cancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	miss := ed.e.m.MissingPicture
	l := &mapLoad{name: name, cancel: cancel, done: make(chan loaded, 1), stage: "checking the picture", lay: miss}
	ed.load = l
	go func() {
		start := time.Now()
		var r loaded
		r.bg, r.err = miss.Picture(img)
		if r.err == nil {
			r.pic = keepPicture(ctx, r.bg, func(stage string, frac float64) { l.report(stage, frac) })
			if errors.Is(r.pic.err, context.Canceled) {
				r.err = r.pic.err
			}
		}
		r.took = time.Since(start)
		l.done <- r
	}()
}

// pollLoad takes the map a load has read, if it is done: the editor edits
// it, or says why not and keeps the map it had.
func (ed *Editor) pollLoad() {
	l := ed.load
	if l == nil {
		return
	}
	var r loaded
	select {
	case r = <-l.done:
	default:
		return
	}
	ed.load = nil
	l.cancel()
	if l.lay != nil {
		ed.laid(l, r)
		return
	}
	switch {
	case errors.Is(r.err, context.Canceled):
		ed.say("Opening "+l.name+" stopped; the map is as it was.", false)
	case r.err != nil:
		ed.say(fmt.Sprintf("Could not open %s: %v", l.name, r.err), true)
	default:
		ed.e = newEditState(r.m, l.save)
		ed.blank = false
		if r.m.Background != nil {
			ed.picture().adopt(r.m.Background, r.pic)
		}
		ed.fitted = false
		ed.fit()
		msg := fmt.Sprintf("Opened %s (%.1f s).", l.name, r.took.Seconds())
		if miss := r.m.MissingPicture; miss != nil {
			msg += " The scene's picture " + miss.Name + " was not found beside it: drop it on the window to lay it where the scene says."
			if r.note != "" {
				msg += " " + capitalize(r.note) + "."
			}
		}
		ed.say(msg, r.note != "")
	}
	ed.blank = false // a failed first load leaves the map the editor was given
}

// laid lays the picture a lay (startLay) checked on the editor's map, if
// the map still misses it, or says why not.
func (ed *Editor) laid(l *mapLoad, r loaded) {
	m := ed.e.m
	switch {
	case errors.Is(r.err, context.Canceled):
		ed.say("Laying "+l.name+" stopped; the map is as it was.", false)
	case r.err != nil:
		ed.say(fmt.Sprintf("Could not lay %s: %v", l.name, r.err), true)
	case m.MissingPicture != l.lay:
		ed.say("The map changed while "+l.name+" was read; drop it again.", true)
	default:
		m.Background, m.MissingPicture = r.bg, nil
		ed.picture().adopt(r.bg, r.pic)
		ed.e.dirty = true
		ed.say(fmt.Sprintf("Laid %s as the scene's picture %s (%.1f s).", l.name, l.lay.Name, r.took.Seconds()), false)
	}
}

// loadKeys answers the keys while a map is read: Esc stops it.
func (ed *Editor) loadKeys() {
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		ed.load.cancel()
	}
}

// afterPrompt is what the editor does once the save prompt is answered
// Save (and saved) or Discard: close, or open a map.
type afterPrompt struct {
	quit bool
	path string            // the map to open
	data []byte            // its bytes, when it was dropped on the window
	pics map[string][]byte // pictures dropped with it, by name
}

// savePrompt asks what to do with unsaved changes before then.
type savePrompt struct {
	then    afterPrompt
	asking  bool   // the file dialog for where to save is open
	err     string // why the last save failed
	buttons []button
}

// Answers to the save prompt.
const (
	answerSave = iota
	answerDiscard
	answerCancel
)

// requestQuit closes the editor (the window's close button, Ctrl+Q),
// asking first when there are unsaved changes.
func (ed *Editor) requestQuit() {
	if ed.load != nil {
		ed.load.cancel()
	}
	ed.unlessUnsaved(afterPrompt{quit: true})
}

// requestOpen opens the map file at path (data: its bytes, dropped on the
// window), asking first when there are unsaved changes.
func (ed *Editor) requestOpen(path string, data []byte) { ed.requestOpenWith(path, data, nil) }

// requestOpenWith is requestOpen of a dropped file with pics, the
// pictures dropped with it, by name (startLoad).
func (ed *Editor) requestOpenWith(path string, data []byte, pics map[string][]byte) {
	ed.unlessUnsaved(afterPrompt{path: path, data: data, pics: pics})
}

// unlessUnsaved does then at once when the map has no unsaved changes,
// else asks first.
func (ed *Editor) unlessUnsaved(then afterPrompt) {
	if ed.prompt != nil {
		return // asking already
	}
	if ed.fight || !ed.e.dirty || ed.blank {
		ed.carryOut(then)
		return
	}
	ed.prompt = &savePrompt{then: then}
}

// carryOut does what the prompt was asked before.
func (ed *Editor) carryOut(then afterPrompt) {
	ed.prompt = nil
	if then.quit {
		ed.quit = true
		return
	}
	ed.startLoad(then.path, then.data, then.pics)
}

// answerPrompt answers the save prompt: Save saves (asking where first
// for a map never saved) and goes on, Discard goes on without saving,
// Cancel goes back to editing.
func (ed *Editor) answerPrompt(a int) {
	p := ed.prompt
	if p == nil || p.asking {
		return
	}
	switch a {
	case answerCancel:
		ed.prompt = nil
		ed.say("Still editing.", false)
	case answerDiscard:
		ed.carryOut(p.then)
	case answerSave:
		if ed.e.path == "" {
			p.asking = true
			ed.askFile(true) // dialogDone goes on once saved
			return
		}
		if err := ed.e.save(); err != nil {
			p.err = err.Error()
			return
		}
		ed.say("Saved "+ed.e.path, false)
		ed.carryOut(p.then)
	}
}

// promptInput answers the prompt's keys (S, D, Esc) and buttons.
func (ed *Editor) promptInput() {
	just := inpututil.IsKeyJustPressed
	switch {
	case just(ebiten.KeyS):
		ed.answerPrompt(answerSave)
	case just(ebiten.KeyD):
		ed.answerPrompt(answerDiscard)
	case just(ebiten.KeyEscape):
		ed.answerPrompt(answerCancel)
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft):
		pressButton(ed.placePrompt(), ed.cursor)
	}
}

// promptBox is where the save prompt is drawn: a box in the middle of
// the map's area, taller when the prompt has a third line to say (the
// file dialog is open, the save failed).
func (ed *Editor) promptBox() image.Rectangle {
	w, h := min(620, ed.w-40), 150
	if p := ed.prompt; p != nil && (p.asking || p.err != "") {
		h = 180
	}
	cx, cy := ed.w/2, ed.top+(ed.h-barHeight-ed.top)/2
	return image.Rect(cx-w/2, cy-h/2, cx+w/2, cy+h/2)
}

// placePrompt lays out the prompt's three buttons along the foot of its
// box.
func (ed *Editor) placePrompt() []button {
	save := "Save (S)"
	if ed.e.path == "" {
		save = "Save as… (S)"
	}
	bs := []button{
		{label: save, active: true, act: func() { ed.answerPrompt(answerSave) }},
		{label: "Discard (D)", act: func() { ed.answerPrompt(answerDiscard) }},
		{label: "Cancel (Esc)", act: func() { ed.answerPrompt(answerCancel) }},
	}
	return placeAtFoot(bs, ed.promptBox())
}

// promptWhat names the map the prompt asks about.
func (ed *Editor) promptWhat() string {
	if ed.e.path != "" {
		return filepath.Base(ed.e.path)
	}
	return fmt.Sprintf("%q (not saved yet)", ed.e.m.Name)
}

// colPrompt is the prompt's and the progress box's background.
var colPrompt = color.RGBA{0x22, 0x1d, 0x18, 0xf4}

// drawPrompt draws the save prompt over the map.
func (ed *Editor) drawPrompt(screen *ebiten.Image) {
	p := ed.prompt
	box := ed.promptBox()
	screen.SubImage(box).(*ebiten.Image).Fill(colSelect)
	screen.SubImage(box.Inset(2)).(*ebiten.Image).Fill(colPrompt)
	x, width := float64(box.Min.X+20), float64(box.Dx()-40)
	say(screen, fit("Save the changes to "+ed.promptWhat()+"?", face(20, true), width), face(20, true), x, float64(box.Min.Y+34), colText, false)
	why := "Closing the editor loses them otherwise."
	if !p.then.quit {
		why = "Opening " + filepath.Base(p.then.path) + " loses them otherwise."
	}
	say(screen, fit(why, face(16, false), width), face(16, false), x, float64(box.Min.Y+66), colDim, false)
	switch {
	case p.asking:
		say(screen, "Choose where to save it in the file dialog…", face(16, false), x, float64(box.Min.Y+96), colText, false)
	case p.err != "":
		say(screen, fit("Not saved: "+p.err, face(16, false), width), face(16, false), x, float64(box.Min.Y+96), colBad, false)
	}
	paintButtons(screen, ed.placePrompt(), nil)
}

// drawLoad draws how far the map being read has come, over the map.
func (ed *Editor) drawLoad(screen *ebiten.Image) {
	stage, frac := ed.load.progress()
	box := ed.promptBox()
	screen.SubImage(box).(*ebiten.Image).Fill(colDim)
	screen.SubImage(box.Inset(2)).(*ebiten.Image).Fill(colPrompt)
	x, width := float64(box.Min.X+20), float64(box.Dx()-40)
	say(screen, fit("Opening "+ed.load.name, face(20, true), width), face(20, true), x, float64(box.Min.Y+34), colText, false)
	say(screen, fmt.Sprintf("%s… %d%%", capitalize(stage), int(frac*100)), face(16, false), x, float64(box.Min.Y+66), colDim, false)
	bar := image.Rect(box.Min.X+20, box.Min.Y+86, box.Max.X-20, box.Min.Y+100)
	screen.SubImage(bar).(*ebiten.Image).Fill(colBar)
	if done := bar.Min.X + int(float64(bar.Dx())*min(1, max(0, frac))); done > bar.Min.X {
		screen.SubImage(image.Rect(bar.Min.X, bar.Min.Y, done, bar.Max.Y)).(*ebiten.Image).Fill(colSelect)
	}
	stop := "Esc stops it; the map stays as it was."
	if ed.blank {
		stop = "Esc stops it; the editor then starts a new map."
	}
	say(screen, stop, face(15, false), x, float64(box.Min.Y+126), colDim, false)
}

// capitalize is s with its first letter upper case.
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
