package board

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"hexslinger/hexmap"
)

// Editor tools.
const (
	toolTerrain = "terrain"
	toolRaise   = "raise"
	toolLower   = "lower"
	toolEdge    = "edge"    // wall, door, window or fence on the nearest hexside
	toolFeature = "feature" // barrel, trough, table, counter, ladder, stairs in the hex
	toolErase   = "erase"
	toolArmorUp = "armor+" // a click raises the armor of the cover there
	toolArmorDn = "armor-" // a click lowers it
	toolHeight  = "height" // a click cycles the cover's height
	toolLabel   = "label"  // a click starts typing the hex's label
	maxBrush    = 5
	maxUndo     = 100
)

var (
	edgeKinds    = []string{"wall", "door", "window", "fence"}
	featureKinds = []string{"barrel", "trough", "table", "counter", "ladder", "stairs"}
)

// editState is the map editor's document and tools, kept apart from
// Ebiten so it tests without a display.
type editState struct {
	m       *hexmap.Map
	path    string // the file it saves to ("" until saved as)
	dirty   bool
	undo    []*hexmap.Map
	redo    []*hexmap.Map
	tool    string
	terrain int  // index into hexmap.TerrainNames()
	edge    int  // index into edgeKinds
	feature int  // index into featureKinds
	brush   int  // radius + 1
	stroke  bool // a drag is under way: one undo step for it
	// moved are the hexes the stroke under way has raised or lowered:
	// a stroke changes each hex it passes over by one level, however
	// long it rests there.
	moved map[hexmap.Hex]bool
}

func newEditState(m *hexmap.Map, path string) *editState {
	return &editState{m: m, path: path, tool: toolTerrain, brush: 1}
}

// begin opens an undo step (a click or the start of a drag).
func (e *editState) begin() {
	if e.stroke {
		return
	}
	e.stroke = true
	clear(e.moved)
	e.undo = append(e.undo, e.m.Clone())
	if len(e.undo) > maxUndo {
		e.undo = e.undo[1:]
	}
	e.redo = nil
}

// end closes the undo step.
func (e *editState) end() { e.stroke = false }

// brushHexes are the map's hexes under a brush centred on h.
func (e *editState) brushHexes(h hexmap.Hex) []hexmap.Hex {
	var out []hexmap.Hex
	for _, x := range h.Spiral(e.brush - 1) {
		if e.m.Contains(x) {
			out = append(out, x)
		}
	}
	return out
}

// apply uses the current tool at hex h; side is the hexside nearest the
// pointer (for edge tools). It reports what it did. Raise and Lower
// change a hex once a stroke (begin to end), however often applied.
func (e *editState) apply(h hexmap.Hex, side hexmap.Direction) string {
	if !e.m.Contains(h) {
		return ""
	}
	e.begin()
	e.dirty = true
	switch e.tool {
	case toolTerrain:
		name := hexmap.TerrainNames()[e.terrain]
		for _, x := range e.brushHexes(h) {
			e.m.SetTerrain(x, name)
		}
		return "painted " + name
	case toolRaise, toolLower:
		d := 1
		if e.tool == toolLower {
			d = -1
		}
		if e.moved == nil {
			e.moved = map[hexmap.Hex]bool{}
		}
		for _, x := range e.brushHexes(h) {
			if !e.moved[x] {
				e.moved[x] = true
				e.m.SetElevation(x, e.m.Elevation(x)+d)
			}
		}
		return fmt.Sprintf("%s now level %d", e.m.Label(h), e.m.Elevation(h))
	case toolEdge:
		kind := edgeKinds[e.edge]
		if f, ok := e.m.EdgeFeature(h, side); ok && f.Kind == kind {
			if f.Info().Openable {
				// A click goes round: shut, open, secret (shut: the
				// players see a wall), shut.
				said := ""
				switch {
				case f.Secret:
					f.Secret, said = false, "closed, no longer secret"
				case f.Open:
					f.Open, f.Secret, said = false, true, "closed and secret: the players see a wall"
				default:
					f.Open, said = true, "opened"
				}
				e.m.SetEdge(h, side, f)
				return kind + " " + said
			}
			return ""
		}
		f, _ := hexmap.NewFeature(kind)
		if err := e.m.SetEdge(h, side, f); err != nil {
			return err.Error()
		}
		return fmt.Sprintf("%s on %s %s", kind, e.m.Label(h), e.m.Orientation.SideNames()[side])
	case toolFeature:
		kind := featureKinds[e.feature]
		f, _ := hexmap.NewFeature(kind)
		if err := e.m.SetFeature(h, f); err != nil {
			return err.Error()
		}
		return fmt.Sprintf("%s in %s", kind, e.m.Label(h))
	case toolErase:
		if _, ok := e.m.Feature(h); ok {
			e.m.RemoveFeature(h)
			return "removed the feature in " + e.m.Label(h)
		}
		if _, ok := e.m.EdgeFeature(h, side); ok {
			e.m.RemoveEdge(h, side)
			return "removed the hexside feature"
		}
		delete(e.m.Labels, h)
		return ""
	}
	return ""
}

// line puts the hexside tool's kind on every hexside of run that touches
// the map, as one undo step: a wall dragged from one hexside to another
// (hexmap.Edge.LineTo). A run of one hexside is a click there: on a door of
// the kind it goes round shut, open, secret and shut (apply).
func (e *editState) line(run []hexmap.Edge) string {
	var on []hexmap.Edge
	for _, s := range run {
		if a, b := s.Hexes(); e.m.Contains(a) || e.m.Contains(b) {
			on = append(on, s)
		}
	}
	if len(on) == 0 {
		return ""
	}
	e.begin()
	defer e.end()
	if len(on) == 1 {
		h, d := on[0].Hex, on[0].Side
		if !e.m.Contains(h) {
			h, d = h.Neighbor(d), d.Opposite()
		}
		return e.apply(h, d)
	}
	kind := edgeKinds[e.edge]
	e.dirty = true
	for _, s := range on {
		f, _ := hexmap.NewFeature(kind)
		if err := e.m.SetEdge(s.Hex, s.Side, f); err != nil {
			return err.Error()
		}
	}
	return fmt.Sprintf("%s along %d hexsides, %s to %s", kind, len(on), e.sideName(on[0]), e.sideName(on[len(on)-1]))
}

// sideName names a hexside from a hex of it on the map: "F9 NE".
func (e *editState) sideName(s hexmap.Edge) string {
	h, d := s.Hex, s.Side
	if !e.m.Contains(h) {
		h, d = h.Neighbor(d), d.Opposite()
	}
	return e.m.Label(h) + " " + e.m.Orientation.SideNames()[d]
}

// coverAt finds the cover at h: the hex's feature, else the nearest
// hexside's; set puts a changed one back.
func (e *editState) coverAt(h hexmap.Hex, side hexmap.Direction) (f hexmap.Feature, set func(hexmap.Feature), ok bool) {
	if f, ok := e.m.Feature(h); ok && f.IsCover() {
		return f, func(f hexmap.Feature) { e.m.SetFeature(h, f) }, true
	}
	if f, ok := e.m.EdgeFeature(h, side); ok && f.IsCover() {
		return f, func(f hexmap.Feature) { e.m.SetEdge(h, side, f) }, true
	}
	return hexmap.Feature{}, nil, false
}

// changeCover edits the cover at h with change, as one undo step.
func (e *editState) changeCover(h hexmap.Hex, side hexmap.Direction, change func(*hexmap.Feature) string) string {
	f, set, ok := e.coverAt(h, side)
	if !ok {
		return "no cover there"
	}
	e.begin()
	defer e.end()
	msg := change(&f)
	set(f)
	e.dirty = true
	return msg
}

// armor changes the armor value of the cover at h by d, within 0–20.
func (e *editState) armor(h hexmap.Hex, side hexmap.Direction, d int) string {
	return e.changeCover(h, side, func(f *hexmap.Feature) string {
		f.Armor = max(0, min(20, f.Armor+d))
		f.BaseArmor = max(f.BaseArmor, f.Armor)
		return fmt.Sprintf("%s armor %d", f.Kind, f.Armor)
	})
}

// height cycles the height of the cover at h: low, waist, chest, full.
func (e *editState) height(h hexmap.Hex, side hexmap.Direction) string {
	return e.changeCover(h, side, func(f *hexmap.Feature) string {
		f.Height = f.Height%hexmap.Full + 1
		return fmt.Sprintf("%s %s", f.Kind, f.Height)
	})
}

// label sets or clears the text label of hex h.
func (e *editState) label(h hexmap.Hex, text string) {
	e.begin()
	defer e.end()
	if text == "" {
		delete(e.m.Labels, h)
	} else {
		e.m.Labels[h] = text
	}
	e.dirty = true
}

// undoStep and redoStep move through the edit history.
func (e *editState) undoStep() bool { return e.step(&e.undo, &e.redo) }

func (e *editState) redoStep() bool { return e.step(&e.redo, &e.undo) }

// step takes the map back from one history, keeping the current one on the
// other.
func (e *editState) step(from, to *[]*hexmap.Map) bool {
	n := len(*from)
	if n == 0 {
		return false
	}
	*to = append(*to, e.m)
	e.m, *from = (*from)[n-1], (*from)[:n-1]
	e.dirty = true
	return true
}

// save writes the map to its file (atomically).
func (e *editState) save() error {
	if e.path == "" {
		return fmt.Errorf("the map has no file yet: use Save as (Ctrl+Shift+S)")
	}
	if err := hexmap.Save(e.path, e.m); err != nil {
		return err
	}
	e.dirty = false
	return nil
}

// autosave writes the map beside its file as FILE.autosave when it has
// unsaved changes; the file itself is left alone.
func (e *editState) autosave() (string, error) {
	if !e.dirty {
		return "", nil
	}
	path := e.path
	if path == "" {
		// The user's cache folder: ~/.cache (XDG_CACHE_HOME) on Linux,
		// %LocalAppData% on Windows, ~/Library/Caches on macOS; made if a
		// fresh account has none yet.
		dir, err := os.UserCacheDir()
		if err == nil {
			err = os.MkdirAll(dir, 0o755)
		}
		if err != nil {
			return "", err
		}
		path = filepath.Join(dir, "hexslinger-untitled.hexmap.json")
	}
	path += ".autosave"
	return path, hexmap.Save(path, e.m)
}

// nearestSide is the hexside of h nearest pixel p.
func nearestSide(l hexmap.Layout, h hexmap.Hex, p hexmap.Point) hexmap.Direction {
	best, bestD := hexmap.Direction(0), math.Inf(1)
	for d := hexmap.Direction(0); d < 6; d++ {
		a, z := l.Edge(h, d)
		mx, my := (a.X+z.X)/2, (a.Y+z.Y)/2
		if dd := (mx-p.X)*(mx-p.X) + (my-p.Y)*(my-p.Y); dd < bestD {
			best, bestD = d, dd
		}
	}
	return best
}

// toolName says what the tool does now, for the status bar.
func (e *editState) toolName() string {
	switch e.tool {
	case toolTerrain:
		return "paint " + hexmap.TerrainNames()[e.terrain]
	case toolEdge:
		return "place " + edgeKinds[e.edge]
	case toolFeature:
		return "place " + featureKinds[e.feature]
	case toolArmorUp:
		return "armor +"
	case toolArmorDn:
		return "armor −"
	}
	return e.tool
}
