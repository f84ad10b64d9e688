package board

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hexslinger/hexmap"
)

func newEdit(t *testing.T) *editState {
	t.Helper()
	m, err := hexmap.New("test", hexmap.Pointy, 10, 8, "dirt")
	if err != nil {
		t.Fatal(err)
	}
	return newEditState(m, filepath.Join(t.TempDir(), "test.hexmap.json"))
}

func TestEditorPaintUndoRedo(t *testing.T) {
	e := newEdit(t)
	h := hexmap.Pointy.FromOffset(hexmap.Offset{Col: 4, Row: 4})
	names := hexmap.TerrainNames()
	for i, n := range names {
		if n == "grass" {
			e.terrain = i
		}
	}
	e.brush = 2
	e.apply(h, 0)
	e.apply(h.Neighbor(0), 0) // the same drag: one undo step
	e.end()
	if tr, _ := e.m.Terrain(h.Neighbor(3)); tr.Name != "grass" {
		t.Errorf("a brush of 2 did not paint the neighbour: %s", tr.Name)
	}
	if len(e.undo) != 1 {
		t.Errorf("one drag made %d undo steps", len(e.undo))
	}
	e.undoStep()
	if tr, _ := e.m.Terrain(h); tr.Name != "dirt" {
		t.Errorf("after undo: %s", tr.Name)
	}
	e.redoStep()
	if tr, _ := e.m.Terrain(h); tr.Name != "grass" {
		t.Errorf("after redo: %s", tr.Name)
	}
}

func TestEditorFeaturesAndCover(t *testing.T) {
	e := newEdit(t)
	h := hexmap.Pointy.FromOffset(hexmap.Offset{Col: 3, Row: 3})
	e.tool, e.edge = toolEdge, 1 // door
	e.apply(h, 0)
	e.end()
	if f, ok := e.m.EdgeFeature(h, 0); !ok || f.Kind != "door" || f.Open {
		t.Fatalf("door: %+v %v", f, ok)
	}
	e.apply(h, 0) // clicking a door opens it
	e.end()
	if f, _ := e.m.EdgeFeature(h, 0); !f.Open {
		t.Errorf("the door did not open")
	}
	e.tool, e.feature = toolFeature, 0 // barrel
	e.apply(h, 0)
	e.end()
	if msg := e.armor(h, 0, +2); msg != "barrel armor 5" {
		t.Errorf("armor +2: %q", msg)
	}
	if msg := e.height(h, 0); msg != "barrel chest" {
		t.Errorf("height: %q", msg)
	}
	e.tool = toolErase
	e.apply(h, 0)
	e.end()
	if _, ok := e.m.Feature(h); ok {
		t.Errorf("the eraser left the barrel")
	}
	e.tool, e.feature = toolRaise, 0
	e.apply(h, 0)
	e.end()
	if e.m.Elevation(h) != 1 {
		t.Errorf("raise: level %d", e.m.Elevation(h))
	}
	e.label(h, "Well")
	if e.m.Labels[h] != "Well" {
		t.Errorf("label")
	}
}

func TestEditorSave(t *testing.T) {
	e := newEdit(t)
	e.apply(hexmap.Hex{Q: 1, R: 1}, 0)
	e.end()
	if p, err := e.autosave(); err != nil || !strings.HasSuffix(p, ".autosave") {
		t.Fatalf("autosave: %q %v", p, err)
	}
	if _, err := os.Stat(e.path); err == nil {
		t.Errorf("autosave wrote the map's own file")
	}
	if err := e.save(); err != nil || e.dirty {
		t.Fatalf("save: %v dirty %v", err, e.dirty)
	}
	back, err := hexmap.Load(e.path)
	if err != nil || !back.Equal(e.m) {
		t.Errorf("the saved map does not load back equal: %v", err)
	}
	e.path = ""
	if err := e.save(); err == nil || !strings.Contains(err.Error(), "Save as") {
		t.Errorf("save without a file: %v", err)
	}
}

func TestNearestSide(t *testing.T) {
	l := hexmap.Layout{Orientation: hexmap.Pointy, Size: 20}
	c := l.ToPixel(hexmap.Hex{})
	for d := hexmap.Direction(0); d < 6; d++ {
		a, z := l.Edge(hexmap.Hex{}, d)
		p := hexmap.Point{X: c.X + ((a.X+z.X)/2-c.X)*0.8, Y: c.Y + ((a.Y+z.Y)/2-c.Y)*0.8}
		if got := nearestSide(l, hexmap.Hex{}, p); got != d {
			t.Errorf("near side %v: got %v", d, got)
		}
	}
}

// TestEditorWallLine: a hexside line dragged from one hexside to another
// puts the kind on every hexside of the run, as one undo step.
func TestEditorWallLine(t *testing.T) {
	hex := func(c, r int) hexmap.Hex { return hexmap.Pointy.FromOffset(hexmap.Offset{Col: c, Row: r}) }
	side := func(c, r int, d hexmap.Direction) hexmap.Edge { return hexmap.EdgeOf(hex(c, r), d) }
	for _, c := range []struct {
		name      string
		kind      string
		before    func(e *editState)
		run       []hexmap.Edge
		want      []hexmap.Edge // the hexsides that end up of the kind
		open      bool          // the one hexside's door ends open
		secret    bool          // the one hexside's door ends secret
		undoSteps int
	}{
		{name: "a wall along the foot of a row walls every hexside of it", kind: "wall",
			run:  side(2, 4, 4).LineTo(side(5, 4, 5)),
			want: side(2, 4, 4).LineTo(side(5, 4, 5)), undoSteps: 1},
		{name: "a fence across the map is one undo step", kind: "fence",
			run:  side(0, 0, 5).LineTo(side(8, 7, 1)),
			want: side(0, 0, 5).LineTo(side(8, 7, 1)), undoSteps: 1},
		{name: "a line running off the map keeps the hexsides that touch it", kind: "wall",
			run: hexmap.Edge{Hex: hex(9, 2), Side: 0}.LineTo(hexmap.Edge{Hex: hex(13, 2), Side: 0}),
			// J3's E side, and one side of the hex beyond it that J2 or
			// J4 shares; the rest of the run is off the map.
			want: []hexmap.Edge{side(9, 2, 0), side(9, 1, 5)}, undoSteps: 1},
		{name: "a line of one hexside on a closed door opens it", kind: "door",
			before: func(e *editState) { e.line([]hexmap.Edge{side(3, 3, 0)}) },
			run:    []hexmap.Edge{side(3, 3, 0)},
			want:   []hexmap.Edge{side(3, 3, 0)}, open: true, undoSteps: 2},
		{name: "a click on an open door makes it a secret door, shut", kind: "door",
			before: func(e *editState) { e.line([]hexmap.Edge{side(3, 3, 0)}); e.line([]hexmap.Edge{side(3, 3, 0)}) },
			run:    []hexmap.Edge{side(3, 3, 0)},
			want:   []hexmap.Edge{side(3, 3, 0)}, secret: true, undoSteps: 3},
		{name: "a click on a secret door makes it a plain shut door", kind: "door",
			before: func(e *editState) {
				for range 3 {
					e.line([]hexmap.Edge{side(3, 3, 0)})
				}
			},
			run:  []hexmap.Edge{side(3, 3, 0)},
			want: []hexmap.Edge{side(3, 3, 0)}, undoSteps: 4},
		{name: "a line wholly off the map does nothing", kind: "wall",
			run: hexmap.Edge{Hex: hex(20, 20), Side: 0}.LineTo(hexmap.Edge{Hex: hex(24, 20), Side: 0})},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEdit(t)
			e.tool, e.edge = toolEdge, slices.Index(edgeKinds, c.kind)
			if c.before != nil {
				c.before(e)
			}
			e.line(c.run)
			for _, s := range c.want {
				f, ok := e.m.EdgeFeature(s.Hex, s.Side)
				if !ok || f.Kind != c.kind {
					t.Errorf("hexside %v: %+v %v, want a %s", s, f, ok, c.kind)
				}
				if f.Open != c.open || f.Secret != c.secret {
					t.Errorf("hexside %v: open %v, secret %v; want %v, %v", s, f.Open, f.Secret, c.open, c.secret)
				}
			}
			if got := len(e.m.Edges()); got != len(c.want) {
				t.Errorf("%d hexsides hold features, want %d", got, len(c.want))
			}
			if len(e.undo) != c.undoSteps {
				t.Errorf("%d undo steps, want %d", len(e.undo), c.undoSteps)
			}
			if c.undoSteps > 0 {
				e.undoStep()
				for _, s := range c.want {
					if f, ok := e.m.EdgeFeature(s.Hex, s.Side); ok && f.Kind == c.kind && f.Open == c.open && f.Secret == c.secret {
						t.Errorf("undo left hexside %v as it was", s)
						break
					}
				}
			}
		})
	}
}

// TestTheEditorOpensUVTTAndPictures: hexslinger-map --edit takes a UVTT
// file or a plain picture as well as a hexmap, imports it, and asks
// where to save the hex map rather than writing over the import; one that
// is not there is refused at once (a bad one: TestEditorReadsMapsOffTheFrameLoop).
func TestTheEditorOpensUVTTAndPictures(t *testing.T) {
	for _, p := range []string{
		filepath.Join("..", "..", "hexmap", "testdata", "uvtt", "door-through-centre.dd2vtt"),
		filepath.Join("..", "..", "hexmap", "testdata", "uvtt", "round-tower.uvtt"),
		filepath.Join("..", "..", "assets", "icon.png"),
	} {
		ed, err := NewEditor(p, nil)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		waitLoad(t, ed)
		if ed.e.m == nil || ed.e.m.Background == nil {
			t.Errorf("%s: no map with its picture", p)
		}
		if ed.e.path != "" {
			t.Errorf("%s: would save over the import at %s", p, ed.e.path)
		}
	}
	missing := filepath.Join(t.TempDir(), "gone.dd2vtt")
	if _, err := NewEditor(missing, nil); err == nil || !strings.Contains(err.Error(), "gone.dd2vtt") {
		t.Errorf("a UVTT file that is not there opens as %v, want an error naming it", err)
	}
}
