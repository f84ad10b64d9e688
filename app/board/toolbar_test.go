package board

import (
	"fmt"
	"image"
	"testing"

	"hexslinger/hexmap"
)

// TestEditorToolbar: every tool is a button that picks it, the lit one
// shows its kind, a click on it takes the next kind; and the toolbar, the
// legend and every line the status bar says fit the window at the scene
// size and the default size.
func TestEditorToolbar(t *testing.T) {
	for _, size := range []image.Point{{SceneWidth, SceneHeight}, {WindowWidth, WindowHeight}} {
		t.Run(fmt.Sprintf("%dx%d", size.X, size.Y), func(t *testing.T) {
			ed := &Editor{e: newEdit(t), w: size.X, h: size.Y}
			ed.fit()
			if rows := (ed.top - buttonPad) / (buttonH + buttonPad); rows > 2 {
				t.Errorf("the toolbar takes %d rows", rows)
			}
			if bottom := ed.top + legendTop + len(hexmap.TerrainNames())*legendRowH; bottom > ed.h-barHeight {
				t.Errorf("the legend ends at %d, below the status bar at %d", bottom, ed.h-barHeight)
			}
			fits := func(what, s string) {
				if w := textWidth(s, face(17, false)); w > float64(ed.w-32) {
					t.Errorf("%s %q is %.0f wide, the bar %d", what, s, w, ed.w-32)
				}
			}
			for _, tl := range []string{toolTerrain, toolRaise, toolLower, toolEdge, toolFeature, toolErase, toolArmorUp, toolArmorDn, toolHeight, toolLabel} {
				var picked bool
				for _, b := range ed.toolbar {
					if b.picks != tl {
						continue
					}
					ed.e.tool = ""
					b.act()
					if ed.e.tool == tl {
						picked = true
						if !b.r.In(image.Rect(0, 0, ed.w, ed.top)) {
							t.Errorf("the %s button %v is off the toolbar", tl, b.r)
						}
						break
					}
				}
				if !picked {
					t.Errorf("no button picks the %s tool", tl)
				}
				ed.setTool(tl)
				fits(tl+"'s hint", ed.toolHint())
			}
			for _, b := range ed.toolbar {
				fits(b.label+"'s hint", b.hint)
			}
		})
	}
	t.Run("a click on the lit hexside tool takes the next kind", func(t *testing.T) {
		ed := &Editor{e: newEdit(t), w: WindowWidth, h: WindowHeight}
		ed.fit()
		ed.setTool(toolEdge)
		ed.placeTools()
		for _, want := range []string{"door", "window", "fence", "wall"} {
			var lit *tool
			for i := range ed.toolbar {
				if ed.toolbar[i].active {
					lit = &ed.toolbar[i]
				}
			}
			if lit == nil {
				t.Fatal("no button is lit")
			}
			lit.act()
			ed.placeTools()
			if got := edgeKinds[ed.e.edge]; got != want {
				t.Errorf("got %s, want %s", got, want)
			}
			if label := fmt.Sprintf("Hexside: %s (W)", want); !hasLabel(ed.toolbar, label) {
				t.Errorf("no button says %q", label)
			}
		}
	})
}

func hasLabel(ts []tool, label string) bool {
	for _, t := range ts {
		if t.label == label {
			return true
		}
	}
	return false
}
